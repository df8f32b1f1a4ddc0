//! Skakanie (`shared/rules/skakanie.md`): 2 to 4 players collect the pieces of a 96-piece
//! jigsaw picture from 12 shuffled stacks, moving a pawn between stacks, a few actions per
//! turn. The score is the largest connected fragment of one's pieces minus the others. The
//! odd one out of the four games: more than two seats, a seeded deal, a ply that is one
//! action of a longer turn, and a score instead of a race.

mod action;
mod options;
mod position;
mod score;
mod text;

pub use action::{split_actions, Action, Direction, ACTION_SYNTAX};
pub use options::{Options, Scoring, Start, MAX_SEATS, SPECS};
pub use position::{IllegalMove, Piece, Position, Spot, MAX_ROUNDS, SEAT_NAMES, STACK_HEIGHT};
pub use score::{fragments, score_of, Pool, COLUMNS, PIECES, ROWS};
pub use text::name as piece_name;

/// `/rules skakanie`.
pub const SUMMARY: &str = "\
Skakanie: 2 to 4 players, a picture cut into 96 puzzle pieces dealt face down into 12 \
stacks (3 rows of 4), each stack's top piece face up. On your turn make 3 actions (actions=N \
for more), in any mix: take the face-up piece under your pawn, or move your pawn up, down, \
left or right to the next stack (bury=on adds bury: the face-up piece goes under its stack). \
Emptied stacks close up to the left, emptied rows close up upwards. When 4 or fewer stacks \
are left after a turn, the round is played out and the game ends. Score: your largest \
connected fragment of the picture minus one for each other fragment (score=harsh: single \
pieces cost 2). Type a turn as take right take, or use the buttons.";
