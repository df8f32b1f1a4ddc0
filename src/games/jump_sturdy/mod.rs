//! Jump Sturdy (`shared/rules/jump-sturdy.md`): an 8 × 8 board without corners, men that
//! stack two high, singles that step and capture diagonally, doubles whose top man jumps
//! like a forward-only knight. Bitboards throughout: generating every move of a position is
//! a handful of shifts and masks, which is what perft and later the AI need.

mod board;
mod guide;
mod illegal;
mod movegen;
mod position;
mod text;

pub use board::{Move, Square, FILE_A, FILE_H};
pub use guide::GUIDE;
pub use illegal::IllegalMove;
pub use position::{Color, Options, Position, Stack};

/// The option table: Jump Sturdy has no variants.
pub const SPECS: &[crate::games::options::OptionSpec] = &[];
