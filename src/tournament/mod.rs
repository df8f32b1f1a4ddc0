//! Tournaments, the pure part: who plays whom each round ([`round_robin`], [`swiss`]) and
//! who stands where after the results ([`standings`]). No I/O and no time: the play layer
//! keeps a tournament in the store and calls these with what has been played, so a restart,
//! a second worker or a rebuild computes the same pairings and the same table.
//!
//! Players are [`Entrant`]s: their places in the tournament's list, in seed order (the
//! ratings at the start, highest first). Scores are kept in half points, so a draw or a
//! shared place is exact.

pub mod event;
pub mod round_robin;
pub mod standings;
pub mod swiss;

use serde::{Deserialize, Serialize};

/// A player's place in the tournament's list of entrants, which is in seed order: 0 is the
/// top seed. Seed order breaks every tie the rules leave.
pub type Entrant = usize;

/// One game of a round, or a player's round off.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pairing {
    /// A game: the players in seat order (the first moves first: South, White, Red…). Two
    /// seats for the two-player games, three or four at a Skakanie table.
    Table(Vec<Entrant>),
    /// A round without a game: an odd player out. Swiss gives it a win's points, a
    /// round-robin nothing (every player sits out once, so it changes no order).
    Bye(Entrant),
}

impl Pairing {
    /// The players of this pairing, in seat order.
    #[must_use]
    pub fn entrants(&self) -> &[Entrant] {
        match self {
            Self::Table(seats) => seats,
            Self::Bye(one) => std::slice::from_ref(one),
        }
    }
}

/// Points in half points: a win is 2, a draw 1.
pub type HalfPoints = u32;

/// The half points a two-player win is worth (a draw is half of it).
pub const WIN: HalfPoints = 2;
