//! The 6 × 6 board: squares, the two goals, the four step directions, and the numbering of
//! the edges between squares that the no-repeated-step rule counts.

use std::fmt;

/// The board's side.
pub const SIDE: u8 = 6;
/// How many squares.
pub const SQUARES: usize = 36;
/// Every square's bit.
pub const BOARD: u64 = (1 << SQUARES) - 1;

/// A square, `a1` = 0 … `f6` = 35, row-major from South's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

impl Square {
    /// The square at `file` (0 = a) and `row` (0 = row 1), if it is on the board.
    #[must_use]
    pub fn at(file: u8, row: u8) -> Option<Self> {
        (file < SIDE && row < SIDE).then(|| Self(row * SIDE + file))
    }

    /// 0 = file a.
    #[must_use]
    pub fn file(self) -> u8 {
        self.0 % SIDE
    }

    /// 0 = row 1.
    #[must_use]
    pub fn row(self) -> u8 {
        self.0 / SIDE
    }

    /// Its bit in a board mask.
    #[must_use]
    pub fn bit(self) -> u64 {
        1 << self.0
    }

    /// An index into per-square tables.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Every square, a1 first.
    pub fn all() -> impl Iterator<Item = Self> {
        (0..SQUARES as u8).map(Self)
    }

    /// Reads `c4` (case-insensitive), if it names a square of the board.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        let row = chars.next()?;
        if chars.next().is_some() || !('a'..='f').contains(&file) || !('1'..='6').contains(&row) {
            return None;
        }
        Self::at(file as u8 - b'a', row as u8 - b'1')
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.row() + 1)
    }
}

/// The mask of one row (0 = row 1).
#[must_use]
pub const fn row_mask(row: u8) -> u64 {
    0b11_1111 << (row * SIDE)
}

/// The mask of rows `from..=to` (0 = row 1).
#[must_use]
pub fn rows_mask(from: u8, to: u8) -> u64 {
    (from..=to).fold(0, |mask, row| mask | row_mask(row))
}

/// A point of a move's path: a square or the goal the mover enters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Point {
    /// A square of the board.
    Square(Square),
    /// The goal beyond the far row (the mover's target goal).
    Goal,
}

/// The four orthogonal steps: north (+1 row), south, east (+1 file), west.
pub const DIRECTIONS: usize = 4;
/// North, the direction of South's target goal.
pub const NORTH: usize = 0;
/// South, the direction of North's target goal.
pub const SOUTH: usize = 1;

/// For each square and direction, the neighbouring square's index, or `NONE` at the edge.
pub const NONE: u8 = u8::MAX;

const fn build_neighbours() -> [[u8; DIRECTIONS]; SQUARES] {
    let mut table = [[NONE; DIRECTIONS]; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let (file, row) = ((i % 6) as u8, (i / 6) as u8);
        if row < SIDE - 1 {
            table[i][NORTH] = (i + 6) as u8;
        }
        if row > 0 {
            table[i][SOUTH] = (i - 6) as u8;
        }
        if file < SIDE - 1 {
            table[i][2] = (i + 1) as u8;
        }
        if file > 0 {
            table[i][3] = (i - 1) as u8;
        }
        i += 1;
    }
    table
}

/// The edge (0..60) crossed by each step that stays on the board: horizontal edges are
/// 0..30 (row × 5 + left file), vertical ones 30..60 (30 + lower row × 6 + file). A step and
/// its reverse share an edge, which is what "each edge at most once, in either direction"
/// needs.
const fn build_edges() -> [[u8; DIRECTIONS]; SQUARES] {
    let mut table = [[NONE; DIRECTIONS]; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let (file, row) = (i % 6, i / 6);
        if row < 5 {
            table[i][NORTH] = (30 + row * 6 + file) as u8;
        }
        if row > 0 {
            table[i][SOUTH] = (30 + (row - 1) * 6 + file) as u8;
        }
        if file < 5 {
            table[i][2] = (row * 5 + file) as u8;
        }
        if file > 0 {
            table[i][3] = (row * 5 + file - 1) as u8;
        }
        i += 1;
    }
    table
}

/// Neighbours by square and direction.
pub const NEIGHBOURS: [[u8; DIRECTIONS]; SQUARES] = build_neighbours();
/// Edges by square and direction.
pub const EDGES: [[u8; DIRECTIONS]; SQUARES] = build_edges();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_write_their_names() {
        for square in Square::all() {
            assert_eq!(Square::parse(&square.to_string()), Some(square));
        }
        assert_eq!(Square::parse("C4"), Square::at(2, 3));
        for bad in ["g1", "a0", "a7", "a", "a12", ""] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn every_edge_is_shared_by_exactly_its_two_ends() {
        let mut seen = [0u8; 60];
        for square in 0..SQUARES {
            for dir in 0..DIRECTIONS {
                let next = NEIGHBOURS[square][dir];
                if next == NONE {
                    assert_eq!(EDGES[square][dir], NONE);
                    continue;
                }
                let edge = EDGES[square][dir];
                seen[usize::from(edge)] += 1;
                let back = (0..DIRECTIONS)
                    .find(|&d| NEIGHBOURS[usize::from(next)][d] == square as u8)
                    .unwrap();
                assert_eq!(EDGES[usize::from(next)][back], edge);
            }
        }
        assert!(seen.iter().all(|&n| n == 2));
    }
}
