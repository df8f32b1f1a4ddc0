//! Perft: the number of legal move sequences of an exact length, the standard check of a
//! move generator against independent implementations.
//!
//! A finished position has no moves, so a sequence that ends the game early is not counted;
//! a forced pass is one ply; history-based draws (repetition, move limit) are ignored.

use super::rules::Rules;

/// The deepest count a caller may ask for. Perft recurses once per ply, so an unbounded depth
/// overflows the stack; no game's count past this depth would ever finish anyway.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Counts the legal sequences of exactly `depth` plies from `position` (1 at depth 0).
#[must_use]
pub fn perft<R: Rules>(position: &R, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return position.count_legal() as u64;
    }
    let moves = position.legal_moves();
    moves
        .iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            perft(&child, depth - 1)
        })
        .sum()
}

/// Perft split by first move: each legal move with the count below it, the way a perft
/// disagreement is narrowed down.
#[must_use]
pub fn divide<R: Rules>(position: &R, depth: u32) -> Vec<(R::Move, u64)> {
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(&mv);
            let count = perft(&child, depth.saturating_sub(1));
            (mv, count)
        })
        .collect()
}
