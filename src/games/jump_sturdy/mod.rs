//! Jump Sturdy (`shared/rules/jump-sturdy.md`): an 8 × 8 board without corners, men that
//! stack two high, singles that step and capture diagonally, doubles whose top man jumps
//! like a forward-only knight. Bitboards throughout: generating every move of a position is
//! a handful of shifts and masks, which is what perft and later the AI need.

mod board;
mod illegal;
mod movegen;
mod position;
mod text;

pub use board::{Move, Square};
pub use illegal::IllegalMove;
pub use position::{Color, Options, Position, Stack};

/// The option table: Jump Sturdy has no variants.
pub const SPECS: &[crate::games::options::OptionSpec] = &[];

/// `/rules jump-sturdy`.
pub const SUMMARY: &str = "\
Jump Sturdy: Blue against Red on an 8×8 board without corners, 12 men each. A man alone \
steps one square forward or sideways (onto an empty square or onto its own single, making a \
double) and captures one square diagonally forward. The top man of a double jumps like a \
knight, forwards only, and may capture. Stacks are at most two high; only the top man moves. \
Reach the far row, take every enemy man or leave the opponent without a move to win. Moves \
are written from-to, like e2-e3.";
