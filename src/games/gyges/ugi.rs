//! The Universal Gygès Interface's board and move formats, so the bot's engine can be
//! measured against the public UGI engines (`leapfrog match gyges --b ugi=…`) and serve a
//! UGI front end (`leapfrog ugi`).
//!
//! A UGI engine always moves "player one", from the bottom of the board: squares are
//! numbered 0 (a1) to 35 (f6) row by row from its side, 36 is its own goal and 37 the goal
//! it aims for. A board is 36 (or 38, with the goals) digits, rows from player one's side,
//! `/` allowed between them; a move is `from|to` or `from|to|drop`. So the position is
//! shown from the side to move's seat: as it is when South moves, mirrored row for row
//! when North does (Gygès is the same game in a mirror).

use super::board::{Square, SIDE, SQUARES};
use super::notation::{Move, Target};
use super::options::Options;
use super::position::{Position, Side};
use crate::games::Rules;

/// The goal a UGI engine's player one aims for.
const GOAL_AIMED_FOR: u8 = 37;

/// What is wrong with a UGI move or board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UgiError {
    /// Not `from|to` or `from|to|drop` of numbers.
    #[error("'{0}' is not a UGI move (from|to or from|to|drop, squares 0 to 37)")]
    BadMove(String),
    /// A number that is no square the move can use there.
    #[error("{0} is not a square a move can start, end or drop on")]
    BadSquare(u8),
    /// Not 36 or 38 digits 0 to 3.
    #[error(
        "'{0}' is not a UGI board (36 digits 0 to 3, rows from the mover's side, goals optional)"
    )]
    BadBoard(String),
    /// A board with a piece in a goal: that game is over.
    #[error("a piece is in a goal: the game is over")]
    Finished,
    /// A board the rules refuse (wrong pieces).
    #[error("{0}")]
    Refused(String),
}

/// `square` as numbered from `side`'s seat; the same mapping takes it back.
fn seen_from(side: Side, square: Square) -> u8 {
    let row = match side {
        Side::South => square.row(),
        Side::North => SIDE - 1 - square.row(),
    };
    row * SIDE + square.file()
}

/// The square a UGI number names, seen from `side`'s seat.
fn square_of(side: Side, number: u8) -> Result<Square, UgiError> {
    if usize::from(number) >= SQUARES {
        return Err(UgiError::BadSquare(number));
    }
    Ok(Square(seen_from(side, Square(number))))
}

/// The board as a UGI engine reads it, from the seat of the side to move: six rows of
/// six digits, from that side's start row.
#[must_use]
pub fn board(position: &Position) -> String {
    let side = position.turn();
    let mut digits = [b'0'; SQUARES];
    for square in Square::all() {
        digits[usize::from(seen_from(side, square))] = b'0' + position.size_at(square);
    }
    digits
        .chunks(usize::from(SIDE))
        .map(|row| String::from_utf8_lossy(row).into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// A move in UGI notation from the seat of the side to move in `position`; `None` for a
/// placement or a pass, which UGI has no words for.
#[must_use]
pub fn write_move(position: &Position, mv: &Move) -> Option<String> {
    let side = position.turn();
    let Move::Go { from, to, drop } = mv else {
        return None;
    };
    let to = match to {
        Target::Square(to) => seen_from(side, *to),
        Target::Goal => GOAL_AIMED_FOR,
    };
    let from = seen_from(side, *from);
    Some(match drop {
        Some(drop) => format!("{from}|{to}|{}", seen_from(side, *drop)),
        None => format!("{from}|{to}"),
    })
}

/// Reads a UGI move made from the seat of the side to move in `position`. Whether it is
/// legal is the rules' business: this only names the squares.
///
/// # Errors
/// Text that is not a UGI move, or numbers no move can use.
pub fn read_move(position: &Position, text: &str) -> Result<Move, UgiError> {
    let bad = || UgiError::BadMove(text.to_owned());
    let numbers = text
        .trim()
        .split('|')
        .map(|n| n.trim().parse::<u8>().map_err(|_| bad()))
        .collect::<Result<Vec<_>, _>>()?;
    let side = position.turn();
    let (from, to, drop) = match numbers[..] {
        [from, to] => (from, to, None),
        [from, to, drop] => (from, to, Some(drop)),
        _ => return Err(bad()),
    };
    let to = if to == GOAL_AIMED_FOR {
        Target::Goal
    } else {
        Target::Square(square_of(side, to)?)
    };
    Ok(Move::Go {
        from: square_of(side, from)?,
        to,
        drop: drop.map(|d| square_of(side, d)).transpose()?,
    })
}

/// The position a UGI board describes: player one (the side to move) is South, and a
/// board mirrored for North reads back the same way. `options` are the game's rules
/// (UGI engines play with displacement).
///
/// # Errors
/// Not 36 or 38 digits, a piece in a goal, or pieces the rules refuse.
pub fn read_board(options: &Options, text: &str) -> Result<Position, UgiError> {
    let digits: Vec<u8> = text
        .chars()
        .filter(|c| *c != '/')
        .map(|c| c.to_digit(10).filter(|d| *d <= 3).map(|d| d as u8))
        .collect::<Option<_>>()
        .ok_or_else(|| UgiError::BadBoard(text.to_owned()))?;
    if digits.len() != SQUARES && digits.len() != SQUARES + 2 {
        return Err(UgiError::BadBoard(text.to_owned()));
    }
    if digits[SQUARES..].iter().any(|d| *d != 0) {
        return Err(UgiError::Finished);
    }
    let rows: Vec<String> = digits[..SQUARES]
        .chunks(usize::from(SIDE))
        .rev()
        .map(|row| {
            row.iter()
                .map(|d| match d {
                    0 => '.',
                    d => char::from(b'0' + d),
                })
                .collect()
        })
        .collect();
    Position::from_text(options, &format!("{} S", rows.join("/")))
        .map_err(|e| UgiError::Refused(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gyges::Setup;
    use crate::games::shuffle::Stream;
    use crate::games::Seed;

    fn options() -> Options {
        Options {
            setup: Setup::Random,
            displace: true,
        }
    }

    #[test]
    fn every_legal_move_reads_back_from_its_ugi_text_for_either_side() {
        let mut checked = [0; 2];
        for seed in 0..30 {
            let mut position = Position::start(&options(), Seed(seed));
            let mut rng = Stream::new(Seed(seed + 7));
            for _ in 0..40 {
                let moves = position.legal_moves();
                if moves.is_empty() || position.in_goal().is_some() {
                    break;
                }
                for mv in &moves {
                    let Some(text) = write_move(&position, mv) else {
                        assert_eq!(*mv, Move::Pass);
                        continue;
                    };
                    assert_eq!(read_move(&position, &text), Ok(*mv), "{text}");
                    checked[position.turn() as usize] += 1;
                }
                position.play_unchecked(&moves[rng.below(moves.len())]);
            }
        }
        assert!(checked.iter().all(|n| *n > 1000), "{checked:?}");
    }

    #[test]
    fn a_board_reads_back_as_the_position_seen_from_the_side_to_move() {
        let position =
            Position::from_text(&options(), "3..1../2....3/....../.1..../....2./.2.3.1 S")
                .expect("a position");
        assert_eq!(
            board(&position),
            "020301/000020/010000/000000/200003/300100"
        );
        assert_eq!(
            read_board(&options(), &board(&position)),
            Ok(position.clone())
        );
        // North to move: the same pieces mirrored, read back with South to move.
        let north = Position::from_text(&options(), "3..1../2....3/....../.1..../....2./.2.3.1 N")
            .expect("a position");
        let mirrored = read_board(&options(), &board(&north)).expect("a board");
        assert_eq!(
            mirrored.to_text(),
            ".2.3.1/....2./.1..../....../2....3/3..1.. S"
        );
    }

    #[test]
    fn the_goal_is_37_from_either_seat_and_squares_are_mirrored_for_north() {
        let south = Position::from_text(&options(), ".1..../....../....../....../....../.....3 S")
            .expect("a position");
        let win = Move::Go {
            from: Square::parse("b6").expect("b6"),
            to: Target::Goal,
            drop: None,
        };
        assert_eq!(write_move(&south, &win).as_deref(), Some("31|37"));
        let north = Position::from_text(&options(), ".1..../....../....../....../....../.....3 N")
            .expect("a position");
        let step = read_move(&north, "5|11").expect("a move");
        assert_eq!(step.to_string(), "f6-f5");
        assert_eq!(
            read_move(&north, "0|37|4").map(|m| m.to_string()),
            Ok("a6-goal:e6".to_owned())
        );
    }

    #[test]
    fn bad_ugi_text_is_refused_with_a_reason() {
        let position = Position::start(&options(), Seed(1));
        for text in ["", "1", "1|2|3|4", "a|b", "1|40", "36|2"] {
            assert!(read_move(&position, text).is_err(), "{text}");
        }
        for text in ["", "12", "321123/000000/000000/000000/000000/321124", "x"] {
            assert!(
                matches!(read_board(&options(), text), Err(UgiError::BadBoard(_))),
                "{text}"
            );
        }
        assert_eq!(
            read_board(&options(), "321123/000000/000000/000000/000000/321123/01"),
            Err(UgiError::Finished)
        );
    }
}
