//! Puzzle ratings, as lichess keeps them: every attempt played to its end is a Glicko-2
//! game between the player and the puzzle, won by whoever it went to (solved: the player;
//! missed: the puzzle). Players start where every Glicko-2 newcomer does; a puzzle starts at
//! the rating its difficulty gives ([`crate::ai::puzzle::Difficulty`]), with a smaller
//! deviation than a newcomer's, since the engine's estimate already says something. The
//! next puzzle a player is given is one of those rated nearest to them.
//!
//! The puzzles' ratings are kept in the store's cache, one map per game from position to
//! rating, changed in one step ([`Store::update_cached`]) so two attempts finishing at once
//! both count.

use std::collections::HashMap;

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::ai::puzzle::Puzzle;
use crate::games::GameKind;
use crate::store::{PuzzleRating, Store, StoreError};

/// A puzzle's deviation when it starts from its difficulty's rating (a newcomer's is 350).
const PUZZLE_DEVIATION: f64 = 150.0;

/// How many of the puzzles rated nearest to a player the next one is drawn from: few
/// enough to stay near their level, enough that two players of one level differ.
pub const NEAREST: usize = 12;

/// Where the ratings of `kind`'s puzzles are kept.
fn key(kind: GameKind) -> String {
    format!("puzzle-ratings/{}", kind.name())
}

/// Kept as whole numbers, read back as Glicko-2's.
fn from_kept(kept: PuzzleRating) -> Glicko2Rating {
    #[allow(clippy::cast_precision_loss)] // ratings are a few thousand
    Glicko2Rating {
        rating: kept.centi as f64 / 100.0,
        deviation: kept.deviation as f64 / 100.0,
        volatility: kept.volatility as f64 / 1_000_000.0,
    }
}

/// Glicko-2's rating as whole numbers, counting `played`.
fn to_kept(rating: Glicko2Rating, played: u32) -> PuzzleRating {
    #[allow(clippy::cast_possible_truncation)] // rounded ratings of a few thousand
    PuzzleRating {
        centi: (rating.rating * 100.0).round() as i64,
        deviation: (rating.deviation * 100.0).round() as i64,
        volatility: (rating.volatility * 1_000_000.0).round() as i64,
        played,
    }
}

/// A player who has played no puzzle yet.
#[must_use]
pub fn newcomer() -> PuzzleRating {
    to_kept(Glicko2Rating::new(), 0)
}

/// A puzzle nobody has played yet: its difficulty's rating.
#[must_use]
pub fn unplayed(puzzle: &Puzzle) -> PuzzleRating {
    to_kept(
        Glicko2Rating {
            rating: f64::from(puzzle.rating()),
            deviation: PUZZLE_DEVIATION,
            ..Glicko2Rating::new()
        },
        0,
    )
}

/// The rating as players read it: whole points.
#[must_use]
pub fn shown(rating: PuzzleRating) -> i64 {
    (rating.centi + 50).div_euclid(100)
}

/// The player's and the puzzle's ratings after an attempt `solved` or not.
#[must_use]
pub fn after(
    player: PuzzleRating,
    puzzle: PuzzleRating,
    solved: bool,
) -> (PuzzleRating, PuzzleRating) {
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (p, q) = glicko2(
        &from_kept(player),
        &from_kept(puzzle),
        &outcome,
        &Glicko2Config::new(),
    );
    (
        to_kept(p, player.played.saturating_add(1)),
        to_kept(q, puzzle.played.saturating_add(1)),
    )
}

/// The ratings of `kind`'s puzzles that have been played, by position.
///
/// # Errors
/// The store failed (a damaged map reads as none played: it is only ever learnt again).
pub fn played<S: Store + ?Sized>(
    store: &S,
    kind: GameKind,
) -> Result<HashMap<String, PuzzleRating>, StoreError> {
    Ok(store
        .cached(&key(kind))?
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default())
}

/// Plays an attempt at `puzzle` into the store's ratings; returns the puzzle's rating
/// before the attempt (what the player's rating moves against).
///
/// # Errors
/// The store failed.
pub fn record<S: Store + ?Sized>(
    store: &S,
    puzzle: &Puzzle,
    player: PuzzleRating,
    solved: bool,
) -> Result<PuzzleRating, StoreError> {
    let mut before = unplayed(puzzle);
    store.update_cached(&key(puzzle.kind), &mut |kept| {
        let mut all: HashMap<String, PuzzleRating> = kept
            .and_then(|bytes| serde_json::from_slice(bytes).ok())
            .unwrap_or_default();
        before = all
            .get(&puzzle.position)
            .copied()
            .unwrap_or_else(|| unplayed(puzzle));
        let (_, now) = after(player, before, solved);
        all.insert(puzzle.position.clone(), now);
        serde_json::to_vec(&all).ok()
    })?;
    Ok(before)
}

/// The rating bands of [`bands`]: 200 points wide.
pub const BAND: i64 = 200;

/// How many puzzles fall in each rating band (its lower bound, ascending): what `leapfrog
/// puzzles export` says of a set.
#[must_use]
pub fn bands(ratings: impl IntoIterator<Item = PuzzleRating>) -> Vec<(i64, usize)> {
    let mut counts: std::collections::BTreeMap<i64, usize> = std::collections::BTreeMap::new();
    for rating in ratings {
        *counts
            .entry(shown(rating).div_euclid(BAND) * BAND)
            .or_default() += 1;
    }
    counts.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_raises_the_player_and_lowers_the_puzzle_and_missing_the_reverse() {
        let player = newcomer();
        let puzzle = to_kept(
            Glicko2Rating {
                rating: 1500.0,
                deviation: PUZZLE_DEVIATION,
                ..Glicko2Rating::new()
            },
            0,
        );
        let (p, q) = after(player, puzzle, true);
        assert!(p.centi > player.centi && q.centi < puzzle.centi);
        assert_eq!((p.played, q.played), (1, 1));
        let (p, q) = after(player, puzzle, false);
        assert!(p.centi < player.centi && q.centi > puzzle.centi);
        // A newcomer moves more than the puzzle, whose deviation is smaller.
        assert!((p.centi - player.centi).abs() > (q.centi - puzzle.centi).abs());
    }

    #[test]
    fn kept_ratings_read_back_and_fall_in_their_bands() {
        let kept = newcomer();
        assert_eq!(to_kept(from_kept(kept), kept.played), kept);
        assert_eq!(shown(kept), 1500);
        let at = |points: i64| PuzzleRating {
            centi: points * 100,
            ..kept
        };
        assert_eq!(
            bands([at(900), at(1199), at(1200), at(1650)]),
            vec![(800, 1), (1000, 1), (1200, 1), (1600, 1)]
        );
    }
}
