//! Jumpers move notation: `e3-h6`, and `pass` for a forced pass.

use std::fmt;
use std::str::FromStr;

use crate::games::rules::ParseMoveError;

/// What a Jumpers move looks like, for error messages.
pub const MOVE_SYNTAX: &str = "write the start and end cells, like e3-h6 (or pass)";

/// A cell name on the 9 × 9 doubled-coordinate grid (`a1`..`i9`). Whether the cell exists
/// depends on the board; see [`Geometry::index`](super::board::Geometry::index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// 0..=8 for files a..i.
    pub file: u8,
    /// 1..=9.
    pub rank: u8,
}

impl Coord {
    /// The coordinate of file letter and rank, if on the grid.
    #[must_use]
    pub fn new(file: char, rank: u8) -> Option<Self> {
        let file =
            u8::try_from(u32::from(file.to_ascii_lowercase()).checked_sub(u32::from('a'))?).ok()?;
        (file < 9 && (1..=9).contains(&rank)).then_some(Self { file, rank })
    }

    /// The coordinate at doubled x (-4..=4) and rank, if on the grid.
    #[must_use]
    pub fn from_xy(x: i8, rank: i8) -> Option<Self> {
        let file = u8::try_from(x + 4).ok()?;
        let rank = u8::try_from(rank).ok()?;
        (file < 9 && (1..=9).contains(&rank)).then_some(Self { file, rank })
    }

    /// Doubled x: -4 for file a, +4 for file i.
    #[must_use]
    pub fn x(self) -> i8 {
        i8::try_from(self.file).expect("file < 9") - 4
    }

    /// The rank as a signed number for geometry.
    #[must_use]
    pub fn rank_i8(self) -> i8 {
        i8::try_from(self.rank).expect("rank <= 9")
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file), self.rank)
    }
}

impl FromStr for Coord {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        let mut chars = s.chars();
        let file = chars.next().ok_or(())?;
        let rank = chars.as_str().parse::<u8>().map_err(|_| ())?;
        Self::new(file, rank).ok_or(())
    }
}

/// A Jumpers ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The top piece of `from` goes to `to`, by jump, step or crawl: they are one move.
    Go {
        /// Start cell.
        from: Coord,
        /// End cell.
        to: Coord,
    },
    /// The forced pass of a player with no legal move.
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Go { from, to } => write!(f, "{from}-{to}"),
            Self::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads `e3-h6`, and forgives case, spaces and a missing dash (`E3 h6`, `e3h6`).
    fn from_str(s: &str) -> Result<Self, ParseMoveError> {
        let error = || ParseMoveError {
            text: s.to_owned(),
            expected: MOVE_SYNTAX,
        };
        let text: String = s
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect::<String>()
            .to_ascii_lowercase();
        if text == "pass" {
            return Ok(Self::Pass);
        }
        // Two cells: a letter and one digit each.
        let split = text
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_alphabetic())
            .map(|(i, _)| i)
            .ok_or_else(error)?;
        let from = text[..split].parse().map_err(|()| error())?;
        let to = text[split..].parse().map_err(|()| error())?;
        Ok(Self::Go { from, to })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_forgivingly_and_print_canonically() {
        for text in ["e3-h6", "E3-H6", "e3 h6", "e3h6", " e3 - h6 "] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), "e3-h6", "{text}");
        }
        assert_eq!("PASS".parse::<Move>().unwrap(), Move::Pass);
        for bad in [
            "", "e3", "e3-", "j1-e3", "e0-e1", "e3-e10", "hello", "3e-6h",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }
}
