//! Engine against engine (`leapfrog match`): games from varied openings, colours
//! alternated, to show that each level is stronger than the one below, never assumed.

use std::sync::atomic::AtomicBool;

use super::{choose, Level, Limits};
use crate::games::shuffle::Stream;
use crate::games::{AnyGame, GameKind, Outcome, Seed};

/// One side of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Its level.
    pub level: Level,
    /// Its limits per move.
    pub limits: Limits,
}

/// How a game of the match ended, for player A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result {
    /// A won (or shared the win in a game of more seats with B out of it).
    Win,
    /// Nobody won, or both shared the win.
    Draw,
    /// B won.
    Loss,
}

/// One game of a match: the opening it started from and the result for A.
#[derive(Clone, Debug)]
pub struct Played {
    /// The random plies played before the engines took over.
    pub opening: Vec<String>,
    /// Whether A had the first seat.
    pub a_first: bool,
    /// The result for A.
    pub result: Result,
    /// Plies in the whole game.
    pub plies: usize,
}

/// How many random plies open game pair `pair`: 2 to 4, so the pairs differ.
fn opening_length(kind: GameKind, pair: u64) -> usize {
    match kind {
        // Placements are openings already; a shuffled set-up varies too.
        GameKind::Gyges | GameKind::Skakanie => 2,
        _ => 2 + (pair % 3) as usize,
    }
}

/// The options of game pair `pair`: the match's, and for a shuffled set-up the pair as
/// its seed (unless the match set one). An engine in another process is given these.
#[must_use]
pub fn setup(kind: GameKind, options: &[String], pair: u64) -> Vec<String> {
    let mut pairs = options.to_vec();
    if kind.info().shuffles && !pairs.iter().any(|p| p.starts_with("seed=")) {
        pairs.push(format!("seed={pair}"));
    }
    pairs
}

/// What chooses a side's plies in a match: this process's engine ([`Player`]), or another
/// build of the bot asked move by move (`leapfrog match --b binary=…`), so a new engine is
/// measured against the one it replaces.
pub trait Mover {
    /// The ply to play in `game` (not over), the `ply`-th of the game of pair `pair` (whose
    /// set-up [`setup`] gives), or `None` when it has none to offer.
    fn next(&self, game: &AnyGame, pair: u64, ply: u64) -> Option<String>;

    /// A line to print under the match's score, when this side has something to say
    /// without which the score cannot be read: a UGI engine, how many of its moves it gave
    /// no answer to in time or answered with no move (so how much of the score is its
    /// clock rather than its play). None by default.
    fn tally(&self) -> Option<String> {
        None
    }
}

impl Mover for Player {
    fn next(&self, game: &AnyGame, pair: u64, ply: u64) -> Option<String> {
        let cancel = AtomicBool::new(false);
        choose(game, self.level, &self.limits, pair ^ ply, &cancel)
            .ok()
            .map(|choice| choice.ply)
    }
}

/// How deep the look at a drawn opening goes: an opening in which it already finds a forced
/// win for one side is drawn again. Both engines of a match would see such a win, so the
/// pair would split by colour and measure nothing (8 of 20 Gygès openings of two random
/// plies after a shuffled set-up were such).
const OPENING_CHECK_DEPTH: u32 = 4;

/// How many openings are drawn for one pair before a decided one is kept anyway.
const OPENING_TRIES: usize = 50;

/// A new game for pair `pair` of a match: shuffled set-ups take the pair as their seed,
/// then a few random plies (the same for both games of the pair), drawn again while a
/// short search finds the game already won by force for one side.
///
/// # Errors
/// Bad options, with the option parser's message.
pub fn opening(
    kind: GameKind,
    options: &[String],
    pair: u64,
) -> std::result::Result<(AnyGame, Vec<String>), crate::games::SetupError> {
    let start = AnyGame::new(kind, &setup(kind, options, pair), None)?;
    let mut rng = Stream::new(Seed(pair.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xa5a5));
    let mut tries = 0;
    loop {
        let mut game = start.clone();
        let mut plies = Vec::new();
        for _ in 0..opening_length(kind, pair) {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())].clone();
            game.play(&mv).expect("a legal move plays");
            plies.push(mv);
        }
        tries += 1;
        if tries >= OPENING_TRIES || !decided(&game) {
            return Ok((game, plies));
        }
    }
}

/// The game of pair `pair` with `plies` played on its set-up: an opening read back from a
/// book (whose openings [`balanced`] kept).
///
/// # Errors
/// Bad options, or a ply the position does not allow (a book made for other options).
pub fn replay(
    kind: GameKind,
    options: &[String],
    pair: u64,
    plies: &[String],
) -> std::result::Result<AnyGame, String> {
    let mut game =
        AnyGame::new(kind, &setup(kind, options, pair), None).map_err(|e| e.to_string())?;
    for ply in plies {
        game.play(ply).map_err(|e| format!("{ply}: {e}"))?;
    }
    Ok(game)
}

/// Whether a search within `limits` at full strength finds no forced win in `game` for
/// either side, and its score when it does not: what a book of balanced openings keeps.
/// Gygès after a shuffled set-up and two random plies is so sharp that a few seconds'
/// search proves a win for one side in about seven openings of ten; a pair of games from
/// such an opening goes to the side that has the win whoever plays it, so a match of them
/// cannot tell a stronger engine from an equal one.
#[must_use]
pub fn balanced(game: &AnyGame, limits: &Limits) -> Option<i32> {
    if game.outcome().is_finished() {
        return None;
    }
    let choice = choose(game, Level::MAX, limits, 0, &AtomicBool::new(false)).ok()?;
    (choice.score.abs() < super::search::WON).then_some(choice.score)
}

/// Whether `game` is over or a short search finds a forced win in it for either side:
/// [`balanced`]'s check at a few plies. Skakanie's hidden pieces leave nothing to prove.
fn decided(game: &AnyGame) -> bool {
    if game.kind() == GameKind::Skakanie {
        return game.outcome().is_finished();
    }
    let limits = Limits {
        time: None,
        depth: Some(OPENING_CHECK_DEPTH),
        table_mb: 8,
    };
    balanced(game, &limits).is_none()
}

/// Plays one game from `game` to its end, A in the first seat if `a_first`, and returns
/// A's result with the game's plies from the start. In games of more than two seats, A
/// takes every other seat.
#[must_use]
pub fn play_out(
    mut game: AnyGame,
    a: &dyn Mover,
    b: &dyn Mover,
    a_first: bool,
    pair: u64,
) -> (Result, Vec<String>) {
    let is_a = |seat: usize| seat.is_multiple_of(2) == a_first;
    let mut ply = 0u64;
    loop {
        let seat = game.to_move().index();
        let player = if is_a(seat) { a } else { b };
        if game.outcome().is_finished() {
            break;
        }
        // A side with no answer (another build that failed), or an illegal one, loses.
        let chosen = player.next(&game, pair, ply);
        if chosen.is_none_or(|ply| game.play(&ply).is_err()) {
            let result = if is_a(seat) {
                Result::Loss
            } else {
                Result::Win
            };
            return (result, game.moves());
        }
        ply += 1;
    }
    let result = match game.outcome() {
        Outcome::Win(seat) if is_a(seat.index()) => Result::Win,
        Outcome::Win(_) => Result::Loss,
        Outcome::SharedWin(seats) => {
            let a_wins = seats.iter().any(|s| is_a(s.index()));
            let b_wins = seats.iter().any(|s| !is_a(s.index()));
            match (a_wins, b_wins) {
                (true, false) => Result::Win,
                (false, true) => Result::Loss,
                _ => Result::Draw,
            }
        }
        _ => Result::Draw,
    };
    (result, game.moves())
}

/// Each seat's tally of the plies from `from` on: how many `judge` (given a ply's index)
/// counts, and how many of those it finds. `seats` is the seat that played each ply; a
/// ply `judge` answers `None` for is not counted. The measures of aimless play below are
/// each one judgement.
fn per_seat(
    seats: &[usize],
    from: usize,
    mut judge: impl FnMut(usize) -> Option<bool>,
) -> Vec<(usize, usize)> {
    let mut counted = vec![(0, 0); seats.iter().max().map_or(0, |s| s + 1)];
    for (i, &seat) in seats.iter().enumerate().skip(from) {
        if let Some(found) = judge(i) {
            counted[seat].0 += 1;
            counted[seat].1 += usize::from(found);
        }
    }
    counted
}

/// How many of each seat's moves from ply `from` on undo one of that seat's own last three
/// moves (`x-y`, later `y-x`: [`super::undoes`]): moves without a purpose, the sign of
/// a search that sees no progress to make. `seats` is the seat that played each ply. Each
/// pair is a seat's moves counted and those that undo.
#[must_use]
pub fn undoing(moves: &[String], seats: &[usize], from: usize) -> Vec<(usize, usize)> {
    per_seat(seats, from, |i| {
        Some(
            (0..i)
                .rev()
                .filter(|&j| seats[j] == seats[i])
                .take(3)
                .any(|j| super::undoes(&moves[j], &moves[i])),
        )
    })
}

/// How many of each seat's moves from ply `from` on brought no piece further forward
/// ([`super::advances`]: sideways or back), in games whose ranks measure progress
/// ([`crate::games::KindInfo::forward_ranks`]); a pass is not counted. Each pair is a
/// seat's moves counted and those without progress.
#[must_use]
pub fn standing_still(moves: &[String], seats: &[usize], from: usize) -> Vec<(usize, usize)> {
    per_seat(seats, from, |i| {
        super::advances(&moves[i], seats[i]).map(|forward| !forward)
    })
}

/// What replaying a game tells of each of its plies: who played it, and whether it
/// brought back a position the game had already been in (a move without progress: a
/// position seen before is no gain, and three times it is a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlyFacts {
    /// The seat that played the ply.
    pub seat: usize,
    /// Whether the position after it had occurred before in the game.
    pub revisits: bool,
}

/// [`PlyFacts`] for each of `plies` (from the start of a game of `kind` with `options`,
/// set up for pair `pair`), and the game they end in (its outcome says how it ended).
///
/// # Errors
/// A ply that is not legal where it stands.
pub fn replay_facts(
    kind: GameKind,
    options: &[String],
    pair: u64,
    plies: &[String],
) -> std::result::Result<(Vec<PlyFacts>, AnyGame), String> {
    let mut game = replay(kind, options, pair, &[])?;
    let facts = plies
        .iter()
        .map(|ply| {
            let seat = game.to_move().index();
            game.play(ply).map_err(|e| format!("{ply}: {e}"))?;
            Ok(PlyFacts {
                seat,
                revisits: game.occurrences() > 1,
            })
        })
        .collect::<std::result::Result<_, String>>()?;
    Ok((facts, game))
}

/// How many of each seat's plies from ply `from` on brought back a position seen before
/// (a tally like [`undoing`]'s: each pair is a seat's moves counted and those that did).
#[must_use]
pub fn revisiting(facts: &[PlyFacts], from: usize) -> Vec<(usize, usize)> {
    let seats: Vec<usize> = facts.iter().map(|f| f.seat).collect();
    per_seat(&seats, from, |i| Some(facts[i].revisits))
}

/// A's score in points (a draw is half) and as a share of the games.
#[must_use]
pub fn score(games: &[Played]) -> (f64, f64) {
    let points: f64 = games
        .iter()
        .map(|g| match g.result {
            Result::Win => 1.0,
            Result::Draw => 0.5,
            Result::Loss => 0.0,
        })
        .sum();
    (points, points / games.len().max(1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plies written as text, as a game's record holds them.
    fn owned(plies: &[&str]) -> Vec<String> {
        plies.iter().map(|p| (*p).to_owned()).collect()
    }

    #[test]
    fn a_move_back_to_where_a_piece_came_from_counts_as_undone_by_its_seat() {
        let moves = owned(&[
            "a1-a2", "h8-h7", "b1-b2", "h7-h8", "a2-a1", "g8-g7", "c1-c2",
        ]);
        // Seat 0: a1-a2, b1-b2, a2-a1 (undoes its move two back), c1-c2; seat 1: h8-h7,
        // h7-h8 (undoes), g8-g7.
        let seats = [0, 1, 0, 1, 0, 1, 0];
        assert_eq!(undoing(&moves, &seats, 0), [(4, 1), (3, 1)]);
        // From ply 4 on: seat 0's a2-a1 still sees a1-a2 before it.
        assert_eq!(undoing(&moves, &seats, 4), [(2, 1), (1, 0)]);
        // Each seat looks back at its own moves only: h7-h8 answers the other seat's h8-h7.
        let seats = [0, 1, 1, 0, 1, 1, 0];
        assert_eq!(undoing(&moves, &seats, 0), [(3, 0), (4, 0)]);
    }

    #[test]
    fn a_move_sideways_or_back_is_no_progress_for_either_seat() {
        let moves = owned(&[
            "e3-h6", "e7-h4", "h6-e3", "h4-h4", "b2-a2", "g7-f7", "c1-d3:e4", "pass",
        ]);
        // Seat 0: up (e3-h6), back (h6-e3), sideways (b2-a2), up (c1-d3); seat 1: down
        // (forward for it), in place, sideways; a pass is not a move with squares.
        let seats = [0, 1, 0, 1, 0, 1, 0, 1];
        assert_eq!(standing_still(&moves, &seats, 0), [(4, 2), (3, 2)]);
        assert_eq!(standing_still(&moves, &seats, 4), [(2, 1), (1, 1)]);
        // A chain of jumps counts where it ends.
        assert_eq!(super::super::advances("a1-a3-c3-c1", 0), Some(false));
        assert_eq!(super::super::advances("a1-a3-c3-c5", 0), Some(true));
        assert_eq!(super::super::advances("take", 0), None);
    }

    #[test]
    fn a_move_back_into_a_position_seen_before_counts_for_its_seat() {
        // Both Big jumpers go out and back (the start again), then out once more (the
        // position after the first two plies again), then White plays something new.
        let plies = owned(&[
            "e3-h6", "e7-h4", "h6-e3", "h4-e7", "e3-h6", "e7-h4", "a3-d6",
        ]);
        let (facts, _) = replay_facts(GameKind::Jumpers, &[], 0, &plies).expect("legal plies");
        let seats: Vec<usize> = facts.iter().map(|f| f.seat).collect();
        assert_eq!(seats, [0, 1, 0, 1, 0, 1, 0]);
        let revisits: Vec<bool> = facts.iter().map(|f| f.revisits).collect();
        assert_eq!(revisits, [false, false, false, true, true, true, false]);
        assert_eq!(revisiting(&facts, 0), [(4, 1), (3, 2)]);
        assert_eq!(revisiting(&facts, 4), [(2, 1), (1, 1)]);
    }
}
