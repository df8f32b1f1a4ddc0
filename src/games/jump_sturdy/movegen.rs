//! Move generation by bitboard shifts: each kind of move is a direction (a shift) and the
//! source squares it may not start from (those where the shift would wrap across the edge).

use super::board::{squares, Square, BOARD, FILES_AB, FILES_GH, FILE_A, FILE_H};
use super::position::{Color, Position};

/// A direction: squares moved (positive: up the board) and the sources allowed.
type Direction = (i8, u64);

/// Single men stepping: forward, then sideways.
const BLUE_STEPS: [Direction; 3] = [(8, !0), (-1, !FILE_A), (1, !FILE_H)];
const RED_STEPS: [Direction; 3] = [(-8, !0), (-1, !FILE_A), (1, !FILE_H)];
/// Single men capturing diagonally forward.
const BLUE_CAPTURES: [Direction; 2] = [(7, !FILE_A), (9, !FILE_H)];
const RED_CAPTURES: [Direction; 2] = [(-9, !FILE_A), (-7, !FILE_H)];
/// Tops of doubles jumping like a forward knight.
const BLUE_KNIGHTS: [Direction; 4] = [
    (15, !FILE_A),
    (17, !FILE_H),
    (6, !FILES_AB),
    (10, !FILES_GH),
];
const RED_KNIGHTS: [Direction; 4] = [
    (-17, !FILE_A),
    (-15, !FILE_H),
    (-10, !FILES_AB),
    (-6, !FILES_GH),
];

fn shift(bits: u64, by: i8) -> u64 {
    if by >= 0 {
        bits << by
    } else {
        bits >> -by
    }
}

/// The three move kinds of one side, with their allowed targets.
struct Kinds {
    steps: &'static [Direction],
    captures: &'static [Direction],
    knights: &'static [Direction],
}

fn kinds(color: Color) -> Kinds {
    match color {
        Color::Blue => Kinds {
            steps: &BLUE_STEPS,
            captures: &BLUE_CAPTURES,
            knights: &BLUE_KNIGHTS,
        },
        Color::Red => Kinds {
            steps: &RED_STEPS,
            captures: &RED_CAPTURES,
            knights: &RED_KNIGHTS,
        },
    }
}

impl Position {
    /// For each move kind of the side to move: the movers, the direction and the targets.
    fn each_kind(&self, mut visit: impl FnMut(u64, i8)) {
        let own = self.tops(self.turn);
        let opponent = self.tops(self.turn.other());
        let singles = own & !self.double;
        let doubles = own & self.double;
        let empty = BOARD & !(self.blue | self.red);
        let kinds = kinds(self.turn);
        for &(by, sources) in kinds.steps {
            // Onto an empty square or an own single (making a double).
            visit(shift(singles & sources, by) & (empty | singles), by);
        }
        for &(by, sources) in kinds.captures {
            visit(shift(singles & sources, by) & opponent, by);
        }
        for &(by, sources) in kinds.knights {
            // Anywhere on the board but onto an own double (that would make three).
            visit(shift(doubles & sources, by) & BOARD & !doubles, by);
        }
    }

    /// Calls `found(from, to)` for every legal move (the game not being over).
    pub(super) fn generate(&self, mut found: impl FnMut(Square, Square)) {
        self.each_kind(|targets, by| {
            for to in squares(targets) {
                found(Square((i16::from(to.0) - i16::from(by)) as u8), to);
            }
        });
    }

    /// The number of legal moves (the game not being over).
    pub(super) fn count(&self) -> usize {
        let mut n = 0;
        self.each_kind(|targets, _| n += targets.count_ones() as usize);
        n
    }
}
