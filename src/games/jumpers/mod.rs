//! Jumpers (Прыгуны): hex boards, stacking, no captures, gates. The rules are
//! `shared/rules/jumpers.md`; every choice it leaves open is written in `docs/rules.md`.

mod board;
mod illegal;
mod movegen;
mod notation;
mod options;
mod pieces;
mod position;
mod text;

pub use board::{BoardKind, BoardSpec, Geometry, BOARDS, DIRECTIONS, MAX_CELLS, NO_CELL};
pub use illegal::IllegalMove;
pub use notation::{Coord, Move, MOVE_SYNTAX};
pub use options::{Goal, Height, Options, SPECS};
pub use pieces::{ByColor, Color, Kind, KindRules, KindSet, Piece, KIND_TABLE};
pub use position::{Position, MAX_STACK};

/// The rules in a few lines, for `/rules jumpers`.
pub const SUMMARY: &str = "\
Jumpers: two players, a hex board, no captures. Each side has Small (jumps 1, over/onto \
stacks up to 3 high), Medium (jumps 2, up to 2 high) and Big (jumps 3, up to 1 high) \
pieces. A piece jumps exactly its length in a straight line and lands on top of whatever is \
there; only the top piece of a stack moves. Land on an enemy gate to win (goal=long: hold \
all three enemy gates at once). No move: you pass; nobody can move or a position repeats \
three times: draw. Moves are written from-to, like e3-h6.";
