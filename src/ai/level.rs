//! What each level does differently: one row of data per level, read by both searches.

use super::Level;

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// The deepest alpha-beta iteration (two-player games).
    pub depth: u32,
    /// The share of the time budget it uses, in thousandths.
    pub share: u32,
    /// Deliberate noise added to each move's score before choosing (two-player games),
    /// in hundredths of a man: a beginner misjudges close moves, never a win in one.
    pub noise: i32,
    /// The chance, in percent, of playing a random move instead of the searched one (in
    /// two-player games never when the search found a forced win).
    pub wander: u32,
    /// The most playouts per action (Skakanie): tree search gains little from more time
    /// once it has a few thousand, so its levels differ by playouts more than by time.
    pub playouts: u64,
}

/// Levels 1 to 5. Each level searches deeper or longer than the one below and blurs its
/// judgement less; level 5 is the whole budget with no noise.
pub const STYLES: [Style; 5] = [
    Style {
        depth: 1,
        share: 50,
        noise: 150,
        wander: 25,
        playouts: 50,
    },
    Style {
        depth: 2,
        share: 100,
        noise: 60,
        wander: 10,
        playouts: 200,
    },
    Style {
        depth: 3,
        share: 200,
        noise: 30,
        wander: 4,
        playouts: 600,
    },
    Style {
        depth: super::search::MAX_DEPTH,
        share: 300,
        noise: 0,
        wander: 0,
        playouts: 2_000,
    },
    Style {
        depth: super::search::MAX_DEPTH,
        share: 1000,
        noise: 0,
        wander: 0,
        playouts: u64::MAX,
    },
];

impl Level {
    /// This level's row of [`STYLES`].
    #[must_use]
    pub fn style(self) -> &'static Style {
        &STYLES[usize::from(self.get() - 1)]
    }
}
