//! What each level does differently: one row of data per level, read by both searches.

use super::Level;
use crate::games::GameKind;

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
    /// The chance, in percent, of a learner's slip instead of the searched move: in
    /// two-player games the move that looks best one ply shallower (never when the search
    /// found a forced win, and never at one ply, where there is nothing shallower); in
    /// Skakanie, whose pieces are hidden, a random action.
    pub slip: u32,
    /// The most playouts per action (Skakanie): tree search gains little from more time
    /// once it has a few thousand, so its levels differ by playouts more than by time.
    pub playouts: u64,
}

/// One row of [`STYLES`].
const fn style(depth: u32, share: u32, noise: i32, slip: u32, playouts: u64) -> Style {
    Style {
        depth,
        share,
        noise,
        slip,
        playouts,
    }
}

const FULL: u32 = super::search::MAX_DEPTH;
const ALL: u64 = u64::MAX;

/// Levels 1 to 5 of each game, in [`GameKind`] order. Each level searches deeper or longer
/// than the one below and blurs its judgement less; level 5 is the whole budget with no
/// noise. The rows differ where the games do: Gygès gains a ply slowly (forty moves a
/// position, each a search of bounces), so its lower levels are a ply shallower, and its
/// level 3 slips more often and blurs more (with slips instead of random moves it came
/// within 59 % of level 4); level 4 has 15 % of the time (Jumpers's had 30 %, and its
/// level 5 then scored only 60 % against it; Gygès's has 5 %, since at 15 % its level 5
/// scored 60.6 % of 80 games against it once the Gygès search got three and a half
/// times faster); Skakanie's tree search is bounded by
/// playouts. The ladder each row was measured to hold is in the README.
pub const STYLES: [[Style; 5]; 4] = [
    // Jumpers
    [
        style(1, 50, 150, 0, ALL),
        style(2, 100, 60, 10, ALL),
        style(3, 200, 30, 4, ALL),
        style(FULL, 150, 0, 0, ALL),
        style(FULL, 1000, 0, 0, ALL),
    ],
    // Gygès
    [
        style(1, 50, 250, 0, ALL),
        style(1, 100, 40, 0, ALL),
        style(2, 200, 80, 15, ALL),
        style(FULL, 50, 0, 0, ALL),
        style(FULL, 1000, 0, 0, ALL),
    ],
    // Jump Sturdy
    [
        style(1, 50, 150, 0, ALL),
        style(2, 100, 60, 10, ALL),
        style(3, 200, 30, 4, ALL),
        style(FULL, 150, 0, 0, ALL),
        style(FULL, 1000, 0, 0, ALL),
    ],
    // Skakanie
    [
        style(1, 50, 0, 25, 50),
        style(1, 100, 0, 10, 200),
        style(1, 200, 0, 4, 600),
        style(FULL, 300, 0, 0, 2_000),
        style(FULL, 1000, 0, 0, ALL),
    ],
];

impl Level {
    /// This level's row of [`STYLES`] for `kind`.
    #[must_use]
    pub fn style(self, kind: GameKind) -> &'static Style {
        &STYLES[kind as usize][usize::from(self.get() - 1)]
    }
}
