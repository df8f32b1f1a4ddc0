//! What `/tournament` is asked: its actions, and a new tournament's terms as typed.

use crate::play::command::User;
use crate::store::TournamentId;

/// What `/tournament` is asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentAction {
    /// Make a tournament.
    Create(Box<TournamentSpec>),
    /// Sign up.
    Join,
    /// Leave: off the list before the start, a withdrawal after.
    Leave,
    /// Begin play (its host, or a server admin).
    Start,
    /// Call it off (its host, or a server admin).
    Cancel,
    /// Take a player out (its host, or a server admin).
    Remove(User),
    /// The standings and the round in play.
    Show,
    /// The server's tournaments.
    List,
}

/// The actions as typed (`/tournament create`), in the order help lists them.
pub const TOURNAMENT_ACTIONS: [&str; 8] = [
    "create", "join", "leave", "start", "cancel", "remove", "show", "list",
];

/// How a tournament pairs, as asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairings {
    /// Everyone meets everyone (at tables, for Skakanie of three or four).
    RoundRobin,
    /// Swiss.
    Swiss,
}

/// A new tournament as asked in `/tournament create`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentSpec {
    /// The game's name as typed.
    pub game: String,
    /// How it pairs.
    pub format: Pairings,
    /// A Swiss's rounds (default: enough to find a winner among the players who join).
    pub rounds: Option<usize>,
    /// A round-robin where each pair meets twice, each moving first once.
    pub double: bool,
    /// A round-robin whose every round begins at the start, all games at once.
    pub together: bool,
    /// Players per Skakanie table (3 or 4; 2 plays it as a two-player round-robin).
    pub seats: Option<usize>,
    /// The most players.
    pub max: Option<usize>,
    /// When it begins, as typed: `full`, a date (`2026-12-01`, `2026-12-01T18:00`, UTC), or
    /// a wait (`3d`, `12h`); `None`: when the host starts it.
    pub starts: Option<String>,
    /// `key=value` options: `days`, `rated` and the game's own.
    pub options: Vec<String>,
}

/// Reads a tournament number as typed: `T3`, `#3` or `3`.
#[must_use]
pub fn tournament_number(typed: &str) -> Option<TournamentId> {
    let digits = typed.trim().trim_start_matches(['T', 't', '#', 'Т', 'т']);
    digits.parse().ok().filter(|&n| n > 0).map(TournamentId)
}

/// What the id of a tournament's button starts with: `tournament-join:3`.
pub const TOURNAMENT_BUTTON: &str = "tournament-";
