//! The naive reference: plain minimax with the same evaluation, leaf rules, threat
//! extensions and repetition rule as [`search`](super::search), but no pruning, no table
//! and no ordering. Slow on purpose; the optimised search is tested against it (equal
//! scores at small depths).

use super::hash;
use super::search::{extension, Evaluator, Leaf, MATE, MAX_PARRY_PLIES, MAX_QUIESCENCE, WON};
use crate::games::{Outcome, Rules};

/// The minimax score of `position` searched `depth` plies (then the same quiescence as
/// the real search), for the side to move. `path` holds the hashes of earlier positions
/// (a repeated one is a draw).
pub fn minimax<R: Rules, E: Evaluator<R>>(
    eval: &E,
    position: &R,
    depth: u32,
    path: &mut Vec<u64>,
) -> i32 {
    marked_minimax(eval, position, depth, path, &[])
}

/// As [`minimax`], each root move's score less its mark in `marks` (by its index in
/// [`Rules::legal_moves`]; forced wins and losses unmarked): what the search scores with
/// [`super::search::Searcher::set_root_penalties`].
pub fn marked_minimax<R: Rules, E: Evaluator<R>>(
    eval: &E,
    position: &R,
    depth: u32,
    path: &mut Vec<u64>,
    marks: &[i32],
) -> i32 {
    path.push(hash::of(position));
    let best = position
        .legal_moves()
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let raw = -node(eval, &child, depth as i32 - 1, 1, depth as i32, path);
            match marks.get(i) {
                Some(&mark) if raw.abs() < WON => raw - mark,
                _ => raw,
            }
        })
        .max()
        .unwrap_or_else(|| terminal(position, 0));
    path.pop();
    best
}

fn terminal<R: Rules>(position: &R, ply: usize) -> i32 {
    let mate = MATE - ply as i32;
    match position.outcome() {
        Outcome::Win(seat) if seat == position.to_move() => mate,
        Outcome::Win(_) => -mate,
        _ => 0,
    }
}

fn node<R: Rules, E: Evaluator<R>>(
    eval: &E,
    position: &R,
    depth: i32,
    ply: usize,
    root_depth: i32,
    path: &mut Vec<u64>,
) -> i32 {
    let key = hash::of(position);
    if path.contains(&key) {
        return 0;
    }
    let moves = position.legal_moves();
    if moves.is_empty() {
        return terminal(position, ply);
    }
    let depth = depth + extension(eval, position, depth, ply, root_depth);
    if depth <= 0 {
        return quiesce(eval, position, &moves, ply, 0);
    }
    path.push(key);
    let best = moves
        .iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            -node(eval, &child, depth - 1, ply + 1, root_depth, path)
        })
        .max()
        .expect("moves exist");
    path.pop();
    best
}

fn quiesce<R: Rules, E: Evaluator<R>>(
    eval: &E,
    position: &R,
    moves: &[R::Move],
    ply: usize,
    extra: u32,
) -> i32 {
    let (stand, parry) = match eval.evaluate(position, moves) {
        Leaf::WinsNow => return MATE - ply as i32 - 1,
        Leaf::Score(score) => (score, false),
        Leaf::Threatened(score) => (score, extra < MAX_PARRY_PLIES),
    };
    if !parry && extra >= MAX_QUIESCENCE {
        return stand;
    }
    moves
        .iter()
        .filter(|mv| parry || eval.is_noisy(position, mv))
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let replies = child.legal_moves();
            if replies.is_empty() {
                -terminal(&child, ply + 1)
            } else {
                -quiesce(eval, &child, &replies, ply + 1, extra + 1)
            }
        })
        .fold(if parry { -MATE - 1 } else { stand }, i32::max)
}
