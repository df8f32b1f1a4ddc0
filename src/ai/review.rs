//! A finished game gone through by the engine (`/analyse`): every position searched, every
//! ply judged by how much of its side's winning chance it gave away, and each side's
//! accuracy. Pure and blocking, like the rest of the engine; the play layer runs it on its
//! own pool and keeps the result, so asking again costs nothing.
//!
//! Judging by winning chance rather than by raw score is what players of other games know
//! from their analysis boards: dropping a man when already three men down changes nothing,
//! dropping one in an even position loses the game.

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::search::{Bounds, Evaluator, Searcher, MATE, MAX_DEPTH, WON};
use super::{eval, hash};
use crate::games::{AnyGame, Game, GameKind, Outcome, Rules, Seat};

/// How many plies of a better line are kept: enough to show the idea, short enough to read.
const LINE_PLIES: usize = 6;

/// The score at which a side's winning chance is about 73 %, in hundredths of a man: the
/// slope of the logistic curve from score to chance.
const CHANCE_SCALE: f64 = 250.0;

/// The smallest loss of winning chance, in percentage points, of each judgement worse than
/// good, worst last: a table, so the words and the thresholds stay side by side.
const THRESHOLDS: [(Judgement, f64); 3] = [
    (Judgement::Inaccuracy, 10.0),
    (Judgement::Mistake, 20.0),
    (Judgement::Blunder, 30.0),
];

/// What the engine makes of one ply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Judgement {
    /// The engine's own choice, or the only legal ply.
    Best,
    /// Not the engine's choice, but it gives away less than an inaccuracy.
    Good,
    /// Gives away at least 10 points of winning chance.
    Inaccuracy,
    /// At least 20.
    Mistake,
    /// At least 30: the kind of move that loses a game.
    Blunder,
}

/// One ply of the game, judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlyReview {
    /// The seat that played it (0 or 1).
    pub seat: u8,
    /// The ply, in notation.
    pub played: String,
    /// The engine's choice in the position before it.
    pub best: String,
    /// The engine's line from that position, its choice first.
    pub line: Vec<String>,
    /// The mover's winning chance lost by this ply, in percentage points (never negative).
    pub loss: f64,
    /// What that loss amounts to.
    pub judgement: Judgement,
}

/// The whole game, judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    /// The evaluation of every position, from the first seat's side, in hundredths of a man:
    /// the start first, then after each ply. Beyond ±[`WON`], a forced win or loss.
    pub evals: Vec<i32>,
    /// Every ply played, in order.
    pub plies: Vec<PlyReview>,
    /// The shallowest depth any position was searched to: how far the judgements can be
    /// trusted.
    pub depth: u32,
}

/// The nodes each position of an analysis of a game of `kind` gets by default (`[ai]
/// analysis_nodes` sets one figure for every game instead). A node costs each game its own
/// time: on a crowded board a Gygès node (both sides' bounce searches) and a Jumpers node
/// cost three to four times a Jump Sturdy one. So each game has its own figure, chosen so
/// that a 60-move game takes at most about 20 s on the project's two-core build machine,
/// busy with other builds, were every position's search to spend its whole budget (most
/// end sooner, on a forced result): `cargo bench --bench analysis`, figures in the README.
#[must_use]
pub fn default_nodes(kind: GameKind) -> u64 {
    match kind {
        GameKind::JumpSturdy => 400_000,
        GameKind::Gyges => 150_000,
        GameKind::Jumpers => 200_000,
        // Not analysed: its pieces are hidden.
        GameKind::Skakanie => 0,
    }
}

/// How much work each position of a review gets: nodes and plies, never time, so that a
/// game gets the same verdicts on every machine and however busy it is (a review bounded
/// by the clock searched one position 6 plies deep on a quiet machine and 5 on a busy one,
/// and called a move a blunder only on the busy one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effort {
    /// The most nodes each position's search visits.
    pub nodes: u64,
    /// The deepest iteration, when set.
    pub depth: Option<u32>,
    /// The transposition table's size, in MiB: what the table keeps shapes the search, so
    /// the same verdicts need the same size too.
    pub table_mb: usize,
}

/// Why a game cannot be reviewed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// Skakanie's pieces are face down and its luck is in the draw: an engine's opinion of
    /// one line says little about a player's choices.
    #[error("games with hidden pieces are not analysed")]
    HiddenPieces,
    /// Nothing was played.
    #[error("the game has no moves to analyse")]
    NoMoves,
}

impl Review {
    /// The mover's winning chance, 0 to 100, in a position scored `score` for the mover.
    #[must_use]
    pub fn chance(score: i32) -> f64 {
        if score >= WON {
            100.0
        } else if score <= -WON {
            0.0
        } else {
            100.0 / (1.0 + (-f64::from(score) / CHANCE_SCALE).exp())
        }
    }

    /// A seat's accuracy, 0 to 100: each of its plies scores 100 when it gives nothing away
    /// and less the more it does (the curve analysis boards elsewhere use), averaged.
    /// `None` when the seat played no ply.
    #[must_use]
    pub fn accuracy(&self, seat: u8) -> Option<f64> {
        let mine: Vec<f64> = self
            .plies
            .iter()
            .filter(|p| p.seat == seat)
            .map(|p| (103.1668 * (-0.04354 * p.loss).exp() - 3.1669).clamp(0.0, 100.0))
            .collect();
        (!mine.is_empty()).then(|| mine.iter().sum::<f64>() / mine.len() as f64)
    }

    /// How many of a seat's plies got `judgement`.
    #[must_use]
    pub fn count(&self, seat: u8, judgement: Judgement) -> usize {
        self.plies
            .iter()
            .filter(|p| p.seat == seat && p.judgement == judgement)
            .count()
    }
}

/// Goes through every position of `game` (a two-player game with at least one ply), each
/// searched within `effort`, and judges every ply. Deterministic: the same game and effort
/// give the same review anywhere, unless `cancel` stops it early (the result is then made
/// of shallower searches).
///
/// # Errors
/// Skakanie, or a game with no ply.
pub fn review(game: &AnyGame, effort: &Effort, cancel: &AtomicBool) -> Result<Review, ReviewError> {
    match game {
        AnyGame::Jumpers(g) => review_game(g, &eval::Jumpers, effort, cancel),
        AnyGame::Gyges(g) => review_game(g, &eval::Gyges, effort, cancel),
        AnyGame::JumpSturdy(g) => review_game(g, &eval::JumpSturdy, effort, cancel),
        AnyGame::Skakanie(_) => Err(ReviewError::HiddenPieces),
    }
}

/// The search's opinion of one position, from the side to move's view.
struct Opinion<M> {
    score: i32,
    line: Vec<M>,
    depth: u32,
    /// Whether the position had one legal ply only (its score is then the next one's).
    forced: bool,
}

fn review_game<R: Rules, E: Evaluator<R>>(
    game: &Game<R>,
    eval: &E,
    effort: &Effort,
    cancel: &AtomicBool,
) -> Result<Review, ReviewError> {
    if game.moves().is_empty() {
        return Err(ReviewError::NoMoves);
    }
    let mut searcher = Searcher::new(eval, effort.table_mb, Vec::new(), cancel);
    let bounds = Bounds {
        nodes: Some(effort.nodes),
        ..Bounds::plies(effort.depth.unwrap_or(MAX_DEPTH))
    };
    let mut positions = vec![game.start().clone()];
    for mv in game.moves() {
        let mut next = positions[positions.len() - 1].clone();
        next.play_unchecked(mv);
        positions.push(next);
    }
    let hashes: Vec<u64> = positions.iter().map(hash::of).collect();
    let mut opinions: Vec<Opinion<R::Move>> = Vec::with_capacity(positions.len());
    for (i, position) in positions.iter().enumerate() {
        let last = i + 1 == positions.len();
        opinions.push(if last && game.outcome().is_finished() {
            Opinion {
                score: final_score(&game.outcome(), position.to_move()),
                line: Vec::new(),
                depth: MAX_DEPTH,
                forced: false,
            }
        } else {
            searcher.set_history(hashes[..i].to_vec());
            let mut line = Vec::new();
            let found = searcher.run(position, &bounds, &mut |it| line.clone_from(&it.pv));
            line.truncate(LINE_PLIES);
            if line.is_empty() {
                line.extend(found.best);
            }
            Opinion {
                score: found.score,
                forced: position.legal_moves().len() == 1,
                depth: found.depth,
                line,
            }
        });
    }
    // From the first seat's side; a forced ply's position is worth what follows it.
    let mut evals = vec![0; positions.len()];
    for i in (0..positions.len()).rev() {
        evals[i] = if opinions[i].forced && i + 1 < positions.len() {
            evals[i + 1]
        } else {
            from_first_seat(opinions[i].score, positions[i].to_move())
        };
    }
    let plies = game
        .moves()
        .iter()
        .enumerate()
        .map(|(i, mv)| {
            let seat = positions[i].to_move();
            let before = Review::chance(from_first_seat(evals[i], seat));
            let after = Review::chance(from_first_seat(evals[i + 1], seat));
            let opinion = &opinions[i];
            let best = opinion.line.first().map(ToString::to_string);
            let played = mv.to_string();
            let loss = (before - after).max(0.0);
            let judgement = if opinion.forced || best.as_deref() == Some(played.as_str()) {
                Judgement::Best
            } else {
                THRESHOLDS
                    .iter()
                    .rev()
                    .find(|(_, least)| loss >= *least)
                    .map_or(Judgement::Good, |(j, _)| *j)
            };
            PlyReview {
                seat: seat.0,
                played,
                best: best.unwrap_or_default(),
                line: opinion.line.iter().map(ToString::to_string).collect(),
                loss: if judgement == Judgement::Best {
                    0.0
                } else {
                    loss
                },
                judgement,
            }
        })
        .collect();
    // A search that found a forced result stops early, however shallow: it says nothing of
    // how deep the others went.
    let searched = || {
        opinions
            .iter()
            .filter(|o| !o.forced && o.depth != MAX_DEPTH)
    };
    let depth = searched()
        .filter(|o| o.score.abs() < WON)
        .map(|o| o.depth)
        .min()
        .or_else(|| searched().map(|o| o.depth).max())
        .unwrap_or(0);
    Ok(Review {
        evals,
        plies,
        depth,
    })
}

/// A score for the side `to_move` seen from the first seat's side (two seats: the sign
/// flips), or back.
fn from_first_seat(score: i32, to_move: Seat) -> i32 {
    if to_move.0 == 0 {
        score
    } else {
        -score
    }
}

/// The score of a finished game's last position for the side to move there.
fn final_score(outcome: &Outcome, to_move: Seat) -> i32 {
    match outcome {
        Outcome::Win(seat) if *seat == to_move => MATE,
        Outcome::Win(_) => -MATE,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chance_is_even_at_zero_and_certain_at_a_forced_result() {
        assert!((Review::chance(0) - 50.0).abs() < 1e-9);
        assert!(Review::chance(100) > 50.0 && Review::chance(100) < 75.0);
        assert_eq!(Review::chance(WON), 100.0);
        assert_eq!(Review::chance(-MATE), 0.0);
    }

    #[test]
    fn accuracy_is_full_for_perfect_play_and_falls_with_losses() {
        let ply = |seat, loss| PlyReview {
            seat,
            played: "a".into(),
            best: "a".into(),
            line: Vec::new(),
            loss,
            judgement: Judgement::Best,
        };
        let review = Review {
            evals: vec![0; 5],
            plies: vec![ply(0, 0.0), ply(1, 40.0), ply(0, 0.0), ply(1, 0.0)],
            depth: 3,
        };
        assert!(review.accuracy(0).unwrap() > 99.9);
        let second = review.accuracy(1).unwrap();
        assert!(second > 40.0 && second < 60.0, "{second}");
        assert_eq!(review.accuracy(2), None);
    }
}
