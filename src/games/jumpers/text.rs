//! Jumpers position text.
//!
//! Ranks 9 down to 1 separated by `/`, then the side to move (`w` or `b`). Each cell, west to
//! east, is `.` when empty, a piece letter when it holds one piece (`S M B` White, `s m b`
//! Black), or the stack bottom → top in parentheses (`(sB)`: a White Big on a Black Small).
//! The near board's start: `sss/mmmm/bbbbb/..../...../..../BBBBB/MMMM/SSS w`.

use crate::games::rules::ParsePositionError;

use super::options::Options;
use super::pieces::{Color, Piece};
use super::position::{Position, MAX_STACK};

/// Reads a position under `options` (the board decides the row lengths).
pub(super) fn parse(options: &Options, text: &str) -> Result<Position, ParsePositionError> {
    let err = |message: String| ParsePositionError(message);
    let mut fields = text.split_whitespace();
    let rows = fields
        .next()
        .ok_or_else(|| err("the position text is empty".into()))?;
    let turn = match fields.next() {
        Some("w" | "W") => Color::White,
        Some("b" | "B") => Color::Black,
        Some(other) => return Err(err(format!("the side to move is w or b, not '{other}'"))),
        None => {
            return Err(err(
                "the side to move (w or b) is missing after the board".into()
            ))
        }
    };
    if let Some(extra) = fields.next() {
        return Err(err(format!("unexpected '{extra}' after the side to move")));
    }
    let mut position = Position::empty(*options, turn);
    let geometry = options.board.geometry();
    let rows: Vec<&str> = rows.split('/').collect();
    if rows.len() != 9 {
        return Err(err(format!(
            "a Jumpers board has 9 ranks separated by '/', this has {}",
            rows.len()
        )));
    }
    let mut total = 0;
    for (row_text, rank) in rows.iter().zip((1..=9).rev()) {
        let cells = &geometry.ranks[rank - 1];
        let stacks = parse_rank(row_text).map_err(|m| err(format!("rank {rank}: {m}")))?;
        if stacks.len() != cells.len() {
            return Err(err(format!(
                "rank {rank} has {} here, but on the {} board it has {}",
                crate::words::count(stacks.len(), "cell"),
                options.board,
                cells.len()
            )));
        }
        for (&cell, stack) in cells.iter().zip(stacks) {
            total += stack.len();
            if total > MAX_STACK {
                return Err(err(format!("at most {MAX_STACK} pieces fit on the board")));
            }
            for piece in stack {
                position.push(cell, piece);
            }
        }
    }
    Ok(position)
}

/// One rank's stacks, west to east.
fn parse_rank(text: &str) -> Result<Vec<Vec<Piece>>, String> {
    let mut stacks = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '.' => stacks.push(Vec::new()),
            '(' => {
                let mut stack = Vec::new();
                loop {
                    match chars.next() {
                        Some(')') => break,
                        Some(letter) => stack
                            .push(Piece::from_letter(letter).ok_or_else(|| bad_letter(letter))?),
                        None => return Err("a '(' stack is not closed".into()),
                    }
                }
                if stack.is_empty() {
                    return Err("'()' is an empty stack; write '.'".into());
                }
                stacks.push(stack);
            }
            letter => stacks.push(vec![
                Piece::from_letter(letter).ok_or_else(|| bad_letter(letter))?
            ]),
        }
    }
    Ok(stacks)
}

fn bad_letter(letter: char) -> String {
    format!("'{letter}' is not a piece: use S M B for White, s m b for Black, . for empty")
}

/// Writes the position text.
pub(super) fn write(position: &Position) -> String {
    let geometry = position.geometry();
    let mut out = String::new();
    for rank in (0..9).rev() {
        for &cell in &geometry.ranks[rank] {
            let letters: String = position.stack(cell).map(Piece::letter).collect();
            match letters.len() {
                0 => out.push('.'),
                1 => out.push_str(&letters),
                _ => {
                    out.push('(');
                    out.push_str(&letters);
                    out.push(')');
                }
            }
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push_str(match position.turn() {
        Color::White => " w",
        Color::Black => " b",
    });
    out
}
