//! Gygès (`shared/rules/gyges.md`): a 6 × 6 board, twelve pieces that belong to nobody,
//! moves of exactly a piece's size that bounce off every piece they land on, and a goal
//! beyond each far row. The hard part is the move generator: one move can chain many
//! bounces and many paths reach the same square, so [`movegen`] searches states, not paths.

mod board;
mod goal_path;
mod guide;
mod illegal;
mod movegen;
mod notation;
mod options;
mod position;
mod text;
pub mod ugi;

pub use board::{rows_mask, Point, Square, SIDE};
pub use goal_path::GoalPath;
pub use guide::GUIDE;
pub use illegal::IllegalMove;
pub use movegen::Reach;
pub use notation::{Move, Target, MOVE_SYNTAX};
pub use options::{Options, Setup, SPECS};
pub use position::{Hand, Mobility, Movers, Path, Position, Side};
