//! Moves and their notation: `3@c1` (placement), `b1-d4`, `c6-goal`, `b1-d4:e2`
//! (displacement), `pass`. A move is its outcome, not its path: however many routes lead
//! from b1 to d4, `b1-d4` is one move.

use std::fmt;
use std::str::FromStr;

use crate::games::rules::ParseMoveError;

use super::board::Square;

/// Where a moving piece ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// A square of the board.
    Square(Square),
    /// The opponent's goal: the game is won.
    Goal,
}

/// One ply of Gygès.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A placement-phase ply: a piece of `size` from the hand onto the start row.
    Place {
        /// 1, 2 or 3.
        size: u8,
        /// An empty square of the placer's start row.
        square: Square,
    },
    /// A piece moves (bouncing as it must) and ends on `to`; with `drop`, it took the place
    /// of the piece on `to`, which goes to `drop`.
    Go {
        /// The start square.
        from: Square,
        /// Where it ends.
        to: Target,
        /// Where the displaced piece goes (option `displace=on`).
        drop: Option<Square>,
    },
    /// No legal move: the turn goes over.
    Pass,
}

/// What a move looks like, for error messages.
pub const MOVE_SYNTAX: &str = "write from-to like b1-d4, c6-goal to win, b1-d4:e2 to displace \
the piece on d4 to e2, 3@c1 to place a piece of size 3, or pass";

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Square(square) => square.fmt(f),
            Self::Goal => f.write_str("goal"),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Place { size, square } => write!(f, "{size}@{square}"),
            Self::Go { from, to, drop } => {
                write!(f, "{from}-{to}")?;
                match drop {
                    Some(drop) => write!(f, ":{drop}"),
                    None => Ok(()),
                }
            }
            Self::Pass => f.write_str("pass"),
        }
    }
}

/// Splits a run of square names and at most one `goal` into its parts: `b1d4e2`,
/// `c6goal`.
fn points(mut text: &str) -> Option<Vec<Target>> {
    let mut out = Vec::new();
    while !text.is_empty() {
        if let Some(rest) = text.strip_prefix("goal") {
            out.push(Target::Goal);
            text = rest;
        } else {
            let square = Square::parse(text.get(..2)?)?;
            out.push(Target::Square(square));
            text = &text[2..];
        }
    }
    Some(out)
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads a move typed by a player: case, spaces, `-` and `:` are optional, so
    /// `B1-D4`, `b1 d4`, `b1d4`, `b1-d4 e2` and `3 @ c1` all read.
    fn from_str(text: &str) -> Result<Self, ParseMoveError> {
        let bad = || ParseMoveError {
            text: text.trim().to_owned(),
            expected: MOVE_SYNTAX,
        };
        let squashed: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && !matches!(c, '-' | ':'))
            .flat_map(char::to_lowercase)
            .collect();
        if squashed == "pass" {
            return Ok(Self::Pass);
        }
        if let Some((size, square)) = squashed.split_once('@') {
            let size = match size {
                "1" | "2" | "3" => size.as_bytes()[0] - b'0',
                _ => return Err(bad()),
            };
            let square = Square::parse(square).ok_or_else(bad)?;
            return Ok(Self::Place { size, square });
        }
        match points(&squashed).ok_or_else(bad)?.as_slice() {
            [Target::Square(from), to] => Ok(Self::Go {
                from: *from,
                to: *to,
                drop: None,
            }),
            [Target::Square(from), to @ Target::Square(_), Target::Square(drop)] => Ok(Self::Go {
                from: *from,
                to: *to,
                drop: Some(*drop),
            }),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).unwrap()
    }

    #[test]
    fn moves_read_in_every_spelling_and_write_one_way() {
        let go = Move::Go {
            from: sq("b1"),
            to: Target::Square(sq("d4")),
            drop: None,
        };
        for text in ["b1-d4", "B1-D4", "b1 d4", "b1d4", " b1 - d4 "] {
            assert_eq!(text.parse::<Move>().unwrap(), go, "{text}");
        }
        assert_eq!(go.to_string(), "b1-d4");
        let displace: Move = "b1-d4 e2".parse().unwrap();
        assert_eq!(displace.to_string(), "b1-d4:e2");
        assert_eq!("C6-GOAL".parse::<Move>().unwrap().to_string(), "c6-goal");
        assert_eq!("3 @ C1".parse::<Move>().unwrap().to_string(), "3@c1");
        assert_eq!("Pass".parse::<Move>().unwrap(), Move::Pass);
    }

    #[test]
    fn nonsense_is_refused_with_the_syntax() {
        for text in [
            "",
            "b1",
            "b7-b6",
            "4@c1",
            "b1-goal:c2",
            "goal-b1",
            "b1-d4-e2-f3",
            "x",
            "1@",
        ] {
            let err = text.parse::<Move>().unwrap_err();
            assert_eq!(err.expected, MOVE_SYNTAX, "{text}");
        }
    }
}
