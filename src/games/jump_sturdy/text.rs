//! The position text the public engines use: ranks 1 → 8 separated by `/` (ranks 1 and 8
//! list b–g), a digit per run of empty squares, two letters per occupied square (bottom then
//! top: `b0`, `r0`, `bb`, `rr`, `br`, `rb`), then the side to move, `b` or `r`.

use crate::games::rules::ParsePositionError;

use super::board::Square;
use super::position::{Color, Position, Stack};

fn color(letter: char) -> Option<Color> {
    match letter {
        'b' => Some(Color::Blue),
        'r' => Some(Color::Red),
        _ => None,
    }
}

fn letter(color: Color) -> char {
    match color {
        Color::Blue => 'b',
        Color::Red => 'r',
    }
}

/// The files a rank lists: b–g on the back ranks, a–h elsewhere.
fn files(rank: u8) -> std::ops::Range<u8> {
    if rank == 0 || rank == 7 {
        1..7
    } else {
        0..8
    }
}

fn bad(reason: String) -> ParsePositionError {
    ParsePositionError(reason)
}

pub(super) fn parse(text: &str) -> Result<Position, ParsePositionError> {
    let mut words = text.split_whitespace();
    let board = words
        .next()
        .ok_or_else(|| bad("the position text is empty".into()))?;
    let turn = match words.next() {
        Some("b") => Color::Blue,
        Some("r") => Color::Red,
        Some(other) => return Err(bad(format!("the side to move is b or r, not '{other}'"))),
        None => {
            return Err(bad(
                "the board must be followed by the side to move, b or r".into(),
            ))
        }
    };
    if let Some(extra) = words.next() {
        return Err(bad(format!("unexpected '{extra}' after the side to move")));
    }
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(bad(format!(
            "a Jump Sturdy board has 8 ranks separated by '/', this has {}",
            ranks.len()
        )));
    }
    let mut position = Position::empty(turn);
    for (rank, row) in (0u8..).zip(&ranks) {
        let wanted = files(rank);
        let mut file = wanted.start;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(run) = c.to_digit(10) {
                file += run as u8;
                continue;
            }
            let second = chars.next().unwrap_or(' ');
            let bottom = color(c.to_ascii_lowercase())
                .ok_or_else(|| bad(format!("rank {}: '{c}' is not b, r or a digit", rank + 1)))?;
            let stack = match second.to_ascii_lowercase() {
                '0' => Stack::Single(bottom),
                top => Stack::Double {
                    bottom,
                    top: color(top).ok_or_else(|| {
                        bad(format!(
                            "rank {}: '{c}{second}' is not b0, r0, bb, rr, br or rb",
                            rank + 1
                        ))
                    })?,
                },
            };
            if file >= wanted.end {
                return Err(bad(format!(
                    "rank {} has more than {}",
                    rank + 1,
                    crate::words::count(wanted.len(), "square")
                )));
            }
            let square = Square::at(file, rank)
                .ok_or_else(|| bad(format!("rank {} overflows", rank + 1)))?;
            position.put(square, stack);
            file += 1;
        }
        if file != wanted.end {
            return Err(bad(format!(
                "rank {} lists {}; it has {}",
                rank + 1,
                crate::words::count(file - wanted.start, "square"),
                wanted.len()
            )));
        }
    }
    Ok(position)
}

pub(super) fn write(position: &Position) -> String {
    let ranks: Vec<String> = (0u8..8)
        .map(|rank| {
            let mut out = String::new();
            let mut empty = 0;
            for file in files(rank) {
                let square = Square(rank * 8 + file);
                match position.stack(square) {
                    None => empty += 1,
                    Some(stack) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        match stack {
                            Stack::Single(c) => {
                                out.push(letter(c));
                                out.push('0');
                            }
                            Stack::Double { bottom, top } => {
                                out.push(letter(bottom));
                                out.push(letter(top));
                            }
                        }
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} {}", ranks.join("/"), letter(position.turn()))
}
