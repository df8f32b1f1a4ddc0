//! The rules engines: one folder per game, the shared [`Rules`] trait, and [`AnyGame`], the
//! one enum through which the rest of the bot plays whichever game a record names.
//!
//! Pure code: nothing here does I/O, async, Discord, storage or drawing.

pub mod any;
pub mod game;
pub mod gyges;
pub mod jump_sturdy;
pub mod jumpers;
pub mod options;
pub mod perft;
pub mod rules;
pub mod shuffle;
pub mod skakanie;

pub use any::{AnyGame, GameKind, Illegal, MoveError, SetupError};
pub use game::{Game, PlayError};
pub use options::{OptionSpec, ParseOptionError};
pub use perft::MAX_PERFT_DEPTH;
pub use rules::{
    DrawReason, DrawRules, GameOptions, Outcome, ParseMoveError, ParsePositionError, Rules, Seat,
    Seed,
};
