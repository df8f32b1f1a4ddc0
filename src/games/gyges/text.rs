//! The position text of the rule file: rows 6 down to 1 separated by `/`, six characters
//! each (`1`, `2`, `3` or `.`), a space and the side to move (`S` or `N`); during placement
//! the hands follow (`S:1223 N:11233`, an empty hand as `S:`). Ours adds one token the rule
//! file does not need, for finished games only: `goal:3`, the size of the piece standing in
//! the goal of the side that is not to move, which has won.

use crate::games::rules::ParsePositionError;

use super::board::{Square, SIDE};
use super::options::Options;
use super::position::{Hand, Position, Side};

fn bad(reason: impl Into<String>) -> ParsePositionError {
    ParsePositionError(reason.into())
}

fn size_of(c: char) -> Option<u8> {
    match c {
        '.' => Some(0),
        '1' | '2' | '3' => Some(c as u8 - b'0'),
        _ => None,
    }
}

fn parse_hand(side: Side, text: &str) -> Result<Hand, ParsePositionError> {
    let mut hand = [0u8; 3];
    if text == "-" {
        return Ok(hand);
    }
    for c in text.chars() {
        match size_of(c) {
            Some(size @ 1..=3) => hand[usize::from(size - 1)] += 1,
            _ => {
                return Err(bad(format!(
                    "{}'s hand lists piece sizes 1, 2 and 3, not '{c}'",
                    side.name()
                )))
            }
        }
    }
    if hand.iter().any(|&n| n > 2) {
        return Err(bad(format!(
            "{} holds more than two pieces of one size",
            side.name()
        )));
    }
    Ok(hand)
}

fn rows(position: &mut Position, board: &str) -> Result<(), ParsePositionError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != usize::from(SIDE) {
        return Err(bad(format!(
            "a Gygès board has 6 rows separated by '/', this has {}",
            rows.len()
        )));
    }
    for (i, text) in rows.iter().enumerate() {
        let row = SIDE - 1 - i as u8;
        if text.chars().count() != usize::from(SIDE) {
            return Err(bad(format!(
                "row {} must have 6 characters (1, 2, 3 or .), '{text}' has {}",
                row + 1,
                text.chars().count()
            )));
        }
        for (file, c) in text.chars().enumerate() {
            let size = size_of(c).ok_or_else(|| {
                bad(format!(
                    "row {}: '{c}' is not a piece; use 1, 2, 3 or . for empty",
                    row + 1
                ))
            })?;
            let square = Square::at(file as u8, row).expect("six files, six rows");
            position.put(square, size);
        }
    }
    Ok(())
}

/// Checks the placement phase: only start rows hold pieces, each side's row and hand make
/// up its six pieces, and the side to place follows from the alternation.
fn check_placement(position: &Position) -> Result<(), ParsePositionError> {
    let mut placed = [0usize; 2];
    for square in Square::all() {
        let size = position.size_at(square);
        if size == 0 {
            continue;
        }
        let side = match square.row() {
            0 => Side::South,
            5 => Side::North,
            _ => {
                return Err(bad(format!(
                    "during placement pieces stand only on rows 1 and 6, not on {square}"
                )))
            }
        };
        placed[side as usize] += 1;
    }
    for side in [Side::South, Side::North] {
        let home = super::board::row_mask(side.home_row());
        let mut total = position.hand(side);
        for square in Square::all().filter(|s| s.bit() & home != 0) {
            let size = position.size_at(square);
            if size > 0 {
                total[usize::from(size - 1)] += 1;
            }
        }
        if total != [2, 2, 2] {
            return Err(bad(format!(
                "{}'s row and hand must hold two pieces of each size between them",
                side.name()
            )));
        }
    }
    let expected = if placed[0] == placed[1] {
        Side::South
    } else {
        Side::North
    };
    if placed[0] < placed[1] || placed[0] > placed[1] + 1 || position.turn != expected {
        return Err(bad(
            "South places first and the players alternate, so this cannot be whose turn it is",
        ));
    }
    Ok(())
}

pub(super) fn parse(options: Options, text: &str) -> Result<Position, ParsePositionError> {
    let mut words = text.split_whitespace();
    let board = words
        .next()
        .ok_or_else(|| bad("the position text is empty"))?;
    let turn = match words.next() {
        Some("S" | "s") => Side::South,
        Some("N" | "n") => Side::North,
        Some(other) => return Err(bad(format!("the side to move is S or N, not '{other}'"))),
        None => {
            return Err(bad(
                "the board must be followed by the side to move, S or N",
            ))
        }
    };
    let mut position = Position::empty(options, turn);
    rows(&mut position, board)?;
    let mut hands: [Option<Hand>; 2] = [None, None];
    for word in words {
        let (key, value) = word
            .split_once(':')
            .ok_or_else(|| bad(format!("unexpected '{word}' after the side to move")))?;
        match key {
            "S" | "s" => hands[0] = Some(parse_hand(Side::South, value)?),
            "N" | "n" => hands[1] = Some(parse_hand(Side::North, value)?),
            "goal" => {
                position.in_goal = Some(match size_of(value.chars().next().unwrap_or('.')) {
                    Some(size @ 1..=3) if value.len() == 1 => size,
                    _ => return Err(bad(format!("goal:{value} must name a size, 1, 2 or 3"))),
                });
            }
            _ => return Err(bad(format!("unexpected '{word}' after the side to move"))),
        }
    }
    match hands {
        [Some(south), Some(north)] => position.hands = [south, north],
        [None, None] => {}
        _ => return Err(bad("give both hands during placement, like S:1223 N:11233")),
    }
    let mut counts = [0u8; 3];
    for square in Square::all() {
        let size = position.size_at(square);
        if size > 0 {
            counts[usize::from(size - 1)] += 1;
        }
    }
    for (i, count) in counts.iter_mut().enumerate() {
        *count += position.hands[0][i] + position.hands[1][i];
        if position.in_goal == Some(i as u8 + 1) {
            *count += 1;
        }
        if *count > 4 {
            return Err(bad(format!("there are only four pieces of size {}", i + 1)));
        }
    }
    if position.placing() {
        if position.in_goal.is_some() {
            return Err(bad("no piece can be in a goal during placement"));
        }
        check_placement(&position)?;
    }
    Ok(position)
}

fn write_hand(hand: Hand) -> String {
    (1..=3u8)
        .flat_map(|size| {
            std::iter::repeat_n(
                char::from(b'0' + size),
                usize::from(hand[usize::from(size - 1)]),
            )
        })
        .collect()
}

pub(super) fn write(position: &Position) -> String {
    let mut out = String::with_capacity(64);
    for row in (0..SIDE).rev() {
        for file in 0..SIDE {
            let square = Square::at(file, row).expect("on the board");
            out.push(match position.size_at(square) {
                0 => '.',
                size => char::from(b'0' + size),
            });
        }
        if row > 0 {
            out.push('/');
        }
    }
    out.push_str(match position.turn() {
        Side::South => " S",
        Side::North => " N",
    });
    if position.placing() {
        out.push_str(&format!(
            " S:{} N:{}",
            write_hand(position.hand(Side::South)),
            write_hand(position.hand(Side::North))
        ));
    }
    if let Some((_, size)) = position.in_goal() {
        out.push_str(&format!(" goal:{size}"));
    }
    out
}
