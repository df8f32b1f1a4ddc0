//! Tournaments, the pure part: who plays whom each round ([`round_robin`], [`swiss`]) and
//! who stands where after the results ([`standings`]). No I/O and no time: the play layer
//! keeps a tournament in the store and calls these with what has been played, so a restart,
//! a second worker or a rebuild computes the same pairings and the same table.
//!
//! Players are [`Entrant`]s: their places in the tournament's list, in seed order (the
//! ratings at the start, highest first). Scores are kept in quarter points ([`Points`]),
//! so a draw, a shared place or a scaled place is exact.

pub mod event;
pub mod matching;
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

/// Points in quarters: a two-player win is 4, a draw 2. Quarters, not halves: a Skakanie
/// place at a smaller table is scaled to the tournament's largest ([`standings::place_points`]:
/// at a table of three among tables of four, a place is worth one and a half times its
/// points), and tied places share what they cover.
pub type Points = u32;

/// The points a two-player win is worth, in quarters (a draw is half of it).
pub const WIN: Points = 4;
