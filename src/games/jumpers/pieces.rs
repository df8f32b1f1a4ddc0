//! Jumpers' sides and piece kinds, and the per-side and per-kind tables built on them.

use std::fmt;
use std::ops::Not;

/// A side. White moves first and starts on rank 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Seat 0, rank 1 side.
    White,
    /// Seat 1, rank 9 side.
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const ALL: [Self; 2] = [Self::White, Self::Black];

    /// The side's name for players.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::White => "White",
            Self::Black => "Black",
        }
    }
}

impl Not for Color {
    type Output = Self;
    fn not(self) -> Self {
        match self {
            Self::White => Self::Black,
            Self::Black => Self::White,
        }
    }
}

/// A value per side: `ByColor<[u8; 3]>` for gates, and so on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// A table from both values.
    pub const fn new(white: T, black: T) -> Self {
        Self { white, black }
    }

    /// The value of `color`.
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// The three jumpers: they differ only in their row of [`KIND_TABLE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Jumps 1 cell over/onto stacks of up to 3.
    Small,
    /// Jumps 2 cells over/onto stacks of up to 2.
    Medium,
    /// Jumps 3 cells over/onto stacks of up to 1.
    Big,
}

/// What a kind can do.
#[derive(Clone, Copy, Debug)]
pub struct KindRules {
    /// The letter in notation and position text (upper case; Black's are lower case).
    pub letter: char,
    /// The name players read.
    pub name: &'static str,
    /// Exact jump length, or a crawler's maximum.
    pub length: u8,
    /// The tallest stack a jumper may fly over or land on.
    pub height_limit: u8,
}

/// The piece table of the rule file, indexed by [`Kind`].
pub const KIND_TABLE: [KindRules; 3] = [
    KindRules {
        letter: 'S',
        name: "Small",
        length: 1,
        height_limit: 3,
    },
    KindRules {
        letter: 'M',
        name: "Medium",
        length: 2,
        height_limit: 2,
    },
    KindRules {
        letter: 'B',
        name: "Big",
        length: 3,
        height_limit: 1,
    },
];

impl Kind {
    /// All kinds, smallest first.
    pub const ALL: [Self; 3] = [Self::Small, Self::Medium, Self::Big];

    /// This kind's row of the piece table.
    #[must_use]
    pub fn rules(self) -> &'static KindRules {
        &KIND_TABLE[self as usize]
    }

    /// The kind of a letter (either case).
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|k| k.rules().letter == letter.to_ascii_uppercase())
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rules().name)
    }
}

/// A set of kinds (the `crawlers` option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KindSet(u8);

impl KindSet {
    /// No kinds.
    pub const EMPTY: Self = Self(0);

    /// Whether `kind` is in the set.
    #[must_use]
    pub fn contains(self, kind: Kind) -> bool {
        self.0 & (1 << kind as u8) != 0
    }

    /// The set with `kind` added.
    #[must_use]
    pub fn with(self, kind: Kind) -> Self {
        Self(self.0 | (1 << kind as u8))
    }
}

impl fmt::Display for KindSet {
    /// `S,M,B` in that order, or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: Vec<String> = Kind::ALL
            .into_iter()
            .filter(|&k| self.contains(k))
            .map(|k| k.rules().letter.to_string())
            .collect();
        if letters.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&letters.join(","))
        }
    }
}

/// One piece: a side and a kind, packed into a nibble (1..=6) for stacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its owner.
    pub color: Color,
    /// Its kind.
    pub kind: Kind,
}

impl Piece {
    /// The nibble stored in a stack; 0 means "no piece".
    #[must_use]
    pub fn to_nibble(self) -> u8 {
        1 + self.kind as u8 + 3 * self.color as u8
    }

    /// The piece of a non-zero nibble.
    #[must_use]
    pub fn from_nibble(nibble: u8) -> Self {
        let n = nibble - 1;
        Self {
            color: if n < 3 { Color::White } else { Color::Black },
            kind: Kind::ALL[usize::from(n % 3)],
        }
    }

    /// The position-text letter: upper case for White.
    #[must_use]
    pub fn letter(self) -> char {
        let letter = self.kind.rules().letter;
        match self.color {
            Color::White => letter,
            Color::Black => letter.to_ascii_lowercase(),
        }
    }

    /// The piece of a position-text letter.
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Self> {
        let kind = Kind::from_letter(letter)?;
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Self { color, kind })
    }
}
