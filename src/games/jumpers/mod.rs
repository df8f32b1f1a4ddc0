//! Jumpers (Прыгуны): hex boards, stacking, no captures, gates. The rules are
//! `shared/rules/jumpers.md`; every choice it leaves open is written in `docs/rules.md`.

mod board;
mod guide;
mod illegal;
mod movegen;
mod notation;
mod options;
mod pieces;
mod position;
mod text;

pub use board::{BoardKind, BoardSpec, Geometry, BOARDS, DIRECTIONS, MAX_CELLS, NO_CELL};
pub use guide::GUIDE;
pub use illegal::IllegalMove;
pub use notation::{Coord, Move, MOVE_SYNTAX};
pub use options::{Goal, Height, Options, SPECS};
pub use pieces::{ByColor, Color, Kind, KindRules, KindSet, Piece, KIND_TABLE};
pub use position::{Position, MAX_STACK};
