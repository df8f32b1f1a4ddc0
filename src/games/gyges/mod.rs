//! Gygès (`shared/rules/gyges.md`): a 6 × 6 board, twelve pieces that belong to nobody,
//! moves of exactly a piece's size that bounce off every piece they land on, and a goal
//! beyond each far row. The hard part is the move generator: one move can chain many
//! bounces and many paths reach the same square, so [`movegen`] searches states, not paths.

mod board;
mod illegal;
mod movegen;
mod notation;
mod options;
mod position;
mod text;

pub use board::{Point, Square};
pub use illegal::IllegalMove;
pub use movegen::Reach;
pub use notation::{Move, Target, MOVE_SYNTAX};
pub use options::{Options, Setup, SPECS};
pub use position::{Hand, Path, Position, Side};

/// `/rules gyges`.
pub const SUMMARY: &str = "\
Gygès: two players, a 6×6 board, twelve pieces of sizes 1, 2 and 3 that belong to nobody. \
First each player places six pieces on their start row (3@c1), unless setup=random. You may \
move only a piece on the occupied row nearest to you. A piece moves exactly as many steps \
as its size, turning as it likes, over empty squares only; landing on a piece it bounces on \
by that piece's size, again and again. No edge twice in one move. Enter the goal beyond the \
far row, as the exact end of a stretch, to win. Moves are written from-to, like b1-d4 or \
c6-goal; displace=on adds b1-d4:e2 (the piece on d4 goes to e2).";
