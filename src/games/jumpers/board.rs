//! The two Jumpers boards as data, and the cell geometry derived from them once.
//!
//! Cells use doubled coordinates: rank 1..9 from White's side, file a..i for x = -4..+4. A row
//! of length L holds x = -(L-1), -(L-3), …, L-1, so neighbouring rows interleave and every
//! cell has a unique chess-like name. Another layout is a new row of [`BOARDS`], not code.

use std::fmt;
use std::sync::OnceLock;

use super::notation::Coord;
use super::pieces::{ByColor, Color, Kind};

/// The printed board's two sides.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// Gates side by side on the back rows: the beginners' side.
    #[default]
    Near,
    /// Gates spread to the corners and centre, a 3-cell waist on rank 5.
    Far,
}

/// The data that defines a board.
#[derive(Debug)]
pub struct BoardSpec {
    /// The option value and the name players see.
    pub name: &'static str,
    /// Cells per row, rank 1 first.
    pub row_lengths: [u8; 9],
    /// The files of the gates; White's are on rank 1, Black's on rank 9.
    pub gate_files: [char; 3],
}

/// Both boards, indexed by [`BoardKind`].
pub const BOARDS: [BoardSpec; 2] = [
    BoardSpec {
        name: "near",
        row_lengths: [3, 4, 5, 4, 5, 4, 5, 4, 3],
        gate_files: ['c', 'e', 'g'],
    },
    BoardSpec {
        name: "far",
        row_lengths: [5, 4, 5, 4, 3, 4, 5, 4, 5],
        gate_files: ['a', 'e', 'i'],
    },
];

/// Which piece kind starts on which of a player's rows (0 = the back row).
pub const START_ROWS: [Kind; 3] = [Kind::Small, Kind::Medium, Kind::Big];

/// The six directions as (dx, drank) in doubled coordinates: E, W, NE, NW, SE, SW.
pub const DIRECTIONS: [(i8, i8); 6] = [(2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)];

/// The largest board's cell count; positions size their tables by it.
pub const MAX_CELLS: usize = 39;

/// Marks a missing neighbour in [`Geometry::neighbours`].
pub const NO_CELL: u8 = u8::MAX;

/// A board's cells and adjacency, derived from its [`BoardSpec`].
#[derive(Debug)]
pub struct Geometry {
    /// Cell index → coordinate, rank 1 first, west to east.
    pub cells: Vec<Coord>,
    /// Cell index → its neighbour in each of [`DIRECTIONS`], or [`NO_CELL`].
    pub neighbours: Vec<[u8; 6]>,
    /// Each side's own gates (the cells the *opponent* aims for).
    pub gates: ByColor<[u8; 3]>,
    /// Cell indices of each rank, rank 1 first.
    pub ranks: Vec<Vec<u8>>,
    lookup: [[u8; 9]; 9],
}

impl Geometry {
    fn build(spec: &BoardSpec) -> Self {
        let mut cells = Vec::new();
        let mut ranks = Vec::new();
        let mut lookup = [[NO_CELL; 9]; 9];
        for (row, &len) in spec.row_lengths.iter().enumerate() {
            let len = i8::try_from(len).expect("row lengths are small");
            let mut rank_cells = Vec::new();
            for i in 0..len {
                let x = -(len - 1) + 2 * i;
                let coord = Coord::from_xy(x, i8::try_from(row).expect("9 rows") + 1)
                    .expect("board data lies on the 9x9 grid");
                let index = u8::try_from(cells.len()).expect("fewer than 255 cells");
                lookup[usize::from(coord.rank - 1)][usize::from(coord.file)] = index;
                rank_cells.push(index);
                cells.push(coord);
            }
            ranks.push(rank_cells);
        }
        let at = |x: i8, rank: i8| {
            Coord::from_xy(x, rank).map_or(NO_CELL, |c| {
                lookup[usize::from(c.rank - 1)][usize::from(c.file)]
            })
        };
        let neighbours = cells
            .iter()
            .map(|c| DIRECTIONS.map(|(dx, dr)| at(c.x() + dx, c.rank_i8() + dr)))
            .collect();
        let gate_row = |rank: u8| {
            spec.gate_files.map(|f| {
                let coord = Coord::new(f, rank).expect("gate data lies on the grid");
                lookup[usize::from(rank - 1)][usize::from(coord.file)]
            })
        };
        let gates = ByColor::new(gate_row(1), gate_row(9));
        assert!(cells.len() <= MAX_CELLS, "board larger than MAX_CELLS");
        assert!(
            gates
                .white
                .iter()
                .chain(&gates.black)
                .all(|&g| g != NO_CELL),
            "gate off the board"
        );
        Self {
            cells,
            neighbours,
            gates,
            ranks,
            lookup,
        }
    }

    /// The cell index of a coordinate, if the board has that cell.
    #[must_use]
    pub fn index(&self, coord: Coord) -> Option<u8> {
        let index = self.lookup[usize::from(coord.rank - 1)][usize::from(coord.file)];
        (index != NO_CELL).then_some(index)
    }

    /// The cell index at doubled coordinates, if any.
    #[must_use]
    pub fn index_xy(&self, x: i8, rank: i8) -> Option<u8> {
        Coord::from_xy(x, rank).and_then(|c| self.index(c))
    }

    /// The rank (1..9) a side starts its `row`-th row on (0 = back row).
    #[must_use]
    pub fn start_rank(color: Color, row: usize) -> usize {
        match color {
            Color::White => row,
            Color::Black => 8 - row,
        }
    }

    /// Whether `cell` is one of `color`'s own gates.
    #[must_use]
    pub fn is_gate_of(&self, cell: u8, color: Color) -> bool {
        self.gates.get(color).contains(&cell)
    }
}

impl BoardKind {
    /// Both boards, in option order.
    pub const ALL: [Self; 2] = [Self::Near, Self::Far];

    /// The board's data.
    #[must_use]
    pub fn spec(self) -> &'static BoardSpec {
        &BOARDS[self as usize]
    }

    /// The board's geometry, derived once per process.
    #[must_use]
    pub fn geometry(self) -> &'static Geometry {
        static GEOMETRY: [OnceLock<Geometry>; 2] = [OnceLock::new(), OnceLock::new()];
        GEOMETRY[self as usize].get_or_init(|| Geometry::build(self.spec()))
    }
}

impl fmt::Display for BoardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.spec().name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_have_the_rule_files_cell_counts_and_gates() {
        let near = BoardKind::Near.geometry();
        let far = BoardKind::Far.geometry();
        assert_eq!(near.cells.len(), 37);
        assert_eq!(far.cells.len(), 39);
        let names = |g: &Geometry, cells: &[u8; 3]| {
            cells
                .iter()
                .map(|&c| g.cells[usize::from(c)].to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(near, &near.gates.white), ["c1", "e1", "g1"]);
        assert_eq!(names(near, &near.gates.black), ["c9", "e9", "g9"]);
        assert_eq!(names(far, &far.gates.white), ["a1", "e1", "i1"]);
        assert_eq!(names(far, &far.gates.black), ["a9", "e9", "i9"]);
    }

    #[test]
    fn every_cell_has_two_to_six_neighbours_and_adjacency_is_symmetric() {
        for board in BoardKind::ALL {
            let g = board.geometry();
            for (cell, dirs) in g.neighbours.iter().enumerate() {
                let count = dirs.iter().filter(|&&n| n != NO_CELL).count();
                assert!((2..=6).contains(&count), "{board} cell {cell}");
                for (d, &n) in dirs.iter().enumerate() {
                    if n != NO_CELL {
                        // Directions come in opposite pairs: E/W, NE/SW, NW/SE.
                        let back = [1, 0, 5, 4, 3, 2][d];
                        assert_eq!(g.neighbours[usize::from(n)][back], cell as u8);
                    }
                }
            }
        }
    }
}
