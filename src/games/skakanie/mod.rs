//! Skakanie (`shared/rules/skakanie.md`): 2 to 4 players collect the pieces of a 96-piece
//! jigsaw picture from 12 shuffled stacks, moving a pawn between stacks, a few actions per
//! turn. The score is the largest connected fragment of one's pieces minus the others. The
//! odd one out of the four games: more than two seats, a seeded deal, a ply that is one
//! action of a longer turn, and a score instead of a race.

mod action;
mod guide;
mod options;
mod position;
mod score;
mod text;

pub use action::{split_actions, Action, Direction, ACTION_SYNTAX};
pub use guide::GUIDE;
pub use options::{Options, Scoring, Start, MAX_SEATS, SPECS};
pub use position::{IllegalMove, Piece, Position, Spot, MAX_ROUNDS, SEAT_NAMES, STACK_HEIGHT};
pub use score::{fragments, neighbours, score_of, Pool, COLUMNS, PIECES, ROWS};
pub use text::name as piece_name;
