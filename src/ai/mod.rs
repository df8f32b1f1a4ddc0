//! Computer opponents, written against the [`Rules`](crate::games::Rules) trait: rules,
//! scoring and search kept apart (see `docs/architecture.md`).
//!
//! The play layer knows only this module's front: [`choose`] finds the next ply for the seat
//! to move of an [`AnyGame`], from what that seat may see, within [`Limits`]; [`accepts_draw`]
//! answers a draw offer. Both are blocking CPU work: run them off the async runtime.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::Deserialize;

use crate::games::{AnyGame, Seat};

/// How strong the computer plays: 1 is a friendly beginner (shallow, with deliberate noise),
/// 5 is full strength within the time budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Self = Self(1);
    /// The strongest level.
    pub const MAX: Self = Self(5);
    /// The level a challenge gets when it names none.
    pub const DEFAULT: Self = Self(3);

    /// The level `n`, if it is one of 1 to 5.
    #[must_use]
    pub fn new(n: u8) -> Option<Self> {
        (Self::MIN.0..=Self::MAX.0).contains(&n).then_some(Self(n))
    }

    /// The level's number, 1 to 5.
    #[must_use]
    pub fn get(self) -> u8 {
        self.0
    }
}

impl Default for Level {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A level that is not 1 to 5.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the computer's level is a number from 1 (beginner) to 5 (strongest), not '{0}'")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Self, ParseLevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Self::new)
            .ok_or_else(|| ParseLevelError(s.trim().to_owned()))
    }
}

/// `[ai]`: how long and with how much memory the computer thinks.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiConfig {
    /// The time budget of one move, in milliseconds (Skakanie: of one whole turn).
    #[serde(default = "default_think_ms")]
    pub think_ms: u64,
    /// How many searches run at once; the rest wait their turn.
    #[serde(default = "default_threads")]
    pub threads: usize,
    /// The transposition table's size per search, in MiB.
    #[serde(default = "default_table_mb")]
    pub table_mb: usize,
}

fn default_think_ms() -> u64 {
    2000
}

fn default_threads() -> usize {
    1
}

fn default_table_mb() -> usize {
    16
}

impl Default for AiConfig {
    fn default() -> Self {
        Self {
            think_ms: default_think_ms(),
            threads: default_threads(),
            table_mb: default_table_mb(),
        }
    }
}

impl AiConfig {
    /// The limits of one move at `level` under this configuration.
    #[must_use]
    pub fn limits(&self) -> Limits {
        Limits {
            time: Some(Duration::from_millis(self.think_ms)),
            depth: None,
            table_mb: self.table_mb,
        }
    }
}

/// What bounds one search: a time budget, a depth, or both (whichever ends first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most time the search may take.
    pub time: Option<Duration>,
    /// The deepest iteration (plies); with no time limit the search is deterministic.
    pub depth: Option<u32>,
    /// The transposition table's size, in MiB.
    pub table_mb: usize,
}

/// The computer's choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The ply to play, in the game's notation.
    pub ply: String,
    /// How the position looks for the mover after this ply, in the engine's units
    /// (positive is good for the mover).
    pub score: i32,
}

/// Why the computer did not choose a ply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AiError {
    /// The game is over: there is nothing to choose.
    #[error("the game is over")]
    Finished,
}

/// The next ply for the seat to move in `game`, found from what that seat may see (never
/// Skakanie's face-down pieces). `seed` makes a level's deliberate noise and Skakanie's
/// sampling repeatable; `cancel` stops the search early with the best ply found so far.
///
/// # Errors
/// [`AiError::Finished`] when the game is over.
pub fn choose(
    game: &AnyGame,
    level: Level,
    limits: &Limits,
    seed: u64,
    cancel: &AtomicBool,
) -> Result<Choice, AiError> {
    let _ = (level, limits, seed, cancel);
    // Placeholder until the search lands: the first legal ply.
    let ply = game
        .legal_moves()
        .into_iter()
        .next()
        .ok_or(AiError::Finished)?;
    Ok(Choice { ply, score: 0 })
}

/// Whether the computer playing `seat` accepts a draw offer in `game`: when its position is
/// no better than level.
#[must_use]
pub fn accepts_draw(game: &AnyGame, seat: Seat, level: Level, limits: &Limits) -> bool {
    let _ = (game, seat, level, limits);
    false
}
