//! Squares, bitboard masks and the move notation.

use std::fmt;
use std::str::FromStr;

use crate::games::rules::ParseMoveError;

/// A square, `a1` = 0 … `h8` = 63 (rank-major), corners included in the numbering but never
/// on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

/// The four corners, which do not exist.
pub const CORNERS: u64 = 1 | 1 << 7 | 1 << 56 | 1 << 63;
/// Every square of the board.
pub const BOARD: u64 = !CORNERS;
/// File a, for shifts that must not wrap.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// File h.
pub const FILE_H: u64 = FILE_A << 7;
/// Files a and b (knight jumps two files left or right).
pub const FILES_AB: u64 = FILE_A | FILE_A << 1;
/// Files g and h.
pub const FILES_GH: u64 = FILE_H | FILE_H >> 1;
/// Rank 1.
pub const RANK_1: u64 = 0xff;
/// Rank 8.
pub const RANK_8: u64 = RANK_1 << 56;

impl Square {
    /// The square at `file` (0 = a) and `rank` (0 = rank 1), if it is on the board.
    #[must_use]
    pub fn at(file: u8, rank: u8) -> Option<Self> {
        (file < 8 && rank < 8)
            .then(|| Self(rank * 8 + file))
            .filter(|s| s.bit() & BOARD != 0)
    }

    /// 0 = a.
    #[must_use]
    pub fn file(self) -> u8 {
        self.0 % 8
    }

    /// 0 = rank 1.
    #[must_use]
    pub fn rank(self) -> u8 {
        self.0 / 8
    }

    /// Its bit.
    #[must_use]
    pub fn bit(self) -> u64 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

impl FromStr for Square {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(());
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        if file < 8 && rank < 8 {
            Ok(Self(rank * 8 + file))
        } else {
            Err(())
        }
    }
}

/// A move: the man on top of `from` goes to `to`. Corners parse (so the refusal can say
/// they do not exist) but are never legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the man starts.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

const EXPECTED: &str = "write the start and end squares, like e2-e3";

impl FromStr for Move {
    type Err = ParseMoveError;

    /// `e2-e3`, `E2-E3` (the public engines' capitals), `e2e3` or `e2 e3`.
    fn from_str(s: &str) -> Result<Self, ParseMoveError> {
        let squashed: String = s
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect();
        let error = || ParseMoveError {
            text: s.trim().to_owned(),
            expected: EXPECTED,
        };
        if squashed.len() != 4 || !squashed.is_ascii() {
            return Err(error());
        }
        let from = squashed[..2].parse().map_err(|()| error())?;
        let to = squashed[2..].parse().map_err(|()| error())?;
        Ok(Self { from, to })
    }
}

/// The squares of a bitboard, low to high.
pub fn squares(mut bits: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let s = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Square(s)
        })
    })
}
