//! Puzzles (`/puzzle`): positions where the side to move forces a win within a few of its
//! moves, with exactly one first move that does. Everything here is proved by the rules
//! alone — a plain full-width search of "can the solver force the win within `n` plies",
//! with no evaluation and no pruning beyond "any" and "all" — so a puzzle never rests on
//! the engine's judgement, and the tests re-prove every one that ships.
//!
//! Skakanie has no puzzles: its pieces are face down, so no position has one proven answer.

use std::fmt;

use crate::games::{gyges, jump_sturdy, jumpers, AnyGame, GameKind, Outcome, Rules, Seat};

/// The most solver moves a puzzle of each kind may ask for: Gygès positions have forty
/// moves a side, so its proofs are kept to two moves.
#[must_use]
pub fn most_moves(kind: GameKind) -> u8 {
    match kind {
        GameKind::Gyges => 2,
        GameKind::Jumpers | GameKind::JumpSturdy => 3,
        GameKind::Skakanie => 0,
    }
}

/// A position with one winning move, and the line that proves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Which game.
    pub kind: GameKind,
    /// The options that differ from the defaults, as `key=value`.
    pub options: Vec<String>,
    /// The position, in the game's own text.
    pub position: String,
    /// How many moves of the solver's the win takes.
    pub moves: u8,
    /// The solution with the other side's longest defence: the solver's moves at even
    /// places. The first is the only one that wins within [`Puzzle::moves`].
    pub line: Vec<String>,
    /// Its starting rating (Glicko-2's scale), from how hard the engine finds it
    /// ([`Difficulty`]); `None` in a line written before puzzles had one, which
    /// [`Puzzle::rating`] then works out.
    pub rating: Option<u16>,
}

/// How hard a puzzle is, as the engine sees it with a one-ply look at each first move (the
/// move and the best answer to it): how many of the solver's moves the win takes, whether
/// that look already sees the win, and how many wrong first moves look about as good as
/// what it sees (the tempting ones a learner plays).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// The solver's moves to the win.
    pub moves: u8,
    /// Whether the one-ply look already scores the answer as a forced win.
    pub seen: bool,
    /// The wrong first moves that the look scores within [`PLAUSIBLE_MARGIN`] of the
    /// answer, or, when it sees the answer win, of the best wrong move.
    pub plausible: u32,
}

/// How much worse (in the engine's hundredths of a man) a wrong first move may look and
/// still tempt.
pub const PLAUSIBLE_MARGIN: i32 = 50;

/// A score the engine gives only to a forced win (see [`super::Choice::score`]).
const FORCED: i32 = 990_000;

/// A puzzle's starting rating by its moves (1, 2, 3): a win in one is seen by most players.
const RATING_BY_MOVES: [u16; 3] = [900, 1300, 1700];

/// What an answer the one-ply look does not see adds to the starting rating.
const RATING_UNSEEN: u16 = 200;

/// What each tempting wrong first move adds to the starting rating, and how many count.
const RATING_PER_PLAUSIBLE: u16 = 40;
const MOST_PLAUSIBLE: u32 = 10;

impl Difficulty {
    /// The starting rating of a puzzle this hard.
    #[must_use]
    pub fn rating(self) -> u16 {
        let by_moves = RATING_BY_MOVES[usize::from(self.moves.clamp(1, 3)) - 1];
        let unseen = if self.seen { 0 } else { RATING_UNSEEN };
        let tempting = u16::try_from(self.plausible.min(MOST_PLAUSIBLE)).unwrap_or(0);
        by_moves + unseen + RATING_PER_PLAUSIBLE * tempting
    }
}

/// Why a puzzle's text or proof does not hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// A line of a puzzle file is not `game <tab> options <tab> position <tab> n <tab> line`
    /// (and its rating, when written).
    #[error("not a puzzle line: {0}")]
    Malformed(String),
    /// The game, its options or its position do not read.
    #[error("the position does not read: {0}")]
    Position(String),
    /// The proof fails: the reason.
    #[error("the proof fails: {0}")]
    Unproved(String),
}

impl fmt::Display for Puzzle {
    /// One line of a puzzle file: `game`, options (`-` for none), position, moves, line and
    /// the starting rating (when known), separated by tabs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let options = if self.options.is_empty() {
            "-".to_owned()
        } else {
            self.options.join(",")
        };
        write!(
            f,
            "{}\t{options}\t{}\t{}\t{}",
            self.kind.name(),
            self.position,
            self.moves,
            self.line.join(" ")
        )?;
        match self.rating {
            Some(rating) => write!(f, "\t{rating}"),
            None => Ok(()),
        }
    }
}

impl std::str::FromStr for Puzzle {
    type Err = PuzzleError;

    fn from_str(text: &str) -> Result<Self, PuzzleError> {
        let bad = || PuzzleError::Malformed(text.to_owned());
        let fields: Vec<&str> = text.trim_end().split('\t').collect();
        let (kind, options, position, moves, line, rating) = match fields.as_slice() {
            [kind, options, position, moves, line] => (kind, options, position, moves, line, None),
            [kind, options, position, moves, line, rating] => {
                (kind, options, position, moves, line, Some(rating))
            }
            _ => return Err(bad()),
        };
        let kind: GameKind = kind.parse().map_err(|_| bad())?;
        let options = match *options {
            "-" => Vec::new(),
            list => list.split(',').map(str::to_owned).collect(),
        };
        Ok(Self {
            kind,
            options,
            position: (*position).to_owned(),
            moves: moves.parse().map_err(|_| bad())?,
            line: line.split_whitespace().map(str::to_owned).collect(),
            rating: rating.map(|r| r.parse().map_err(|_| bad())).transpose()?,
        })
    }
}

impl Puzzle {
    /// The puzzle's position as a game to play on.
    ///
    /// # Errors
    /// Options or a position that do not read.
    pub fn game(&self) -> Result<AnyGame, PuzzleError> {
        AnyGame::new(self.kind, &self.options, Some(&self.position))
            .map_err(|e| PuzzleError::Position(e.to_string()))
    }

    /// Its starting rating: the one written with it, else what its moves alone give (a line
    /// written before puzzles had ratings; working out its [`difficulty`] takes a search).
    #[must_use]
    pub fn rating(&self) -> u16 {
        self.rating.unwrap_or_else(|| {
            Difficulty {
                moves: self.moves,
                seen: true,
                plausible: 0,
            }
            .rating()
        })
    }

    /// Proves the puzzle again from its position alone: the side to move forces the win in
    /// exactly [`Puzzle::moves`] moves, [`Puzzle::line`]'s first move is the only one that
    /// does, and the line is the solution with the longest defence, ending in the win.
    ///
    /// # Errors
    /// What does not hold.
    pub fn verify(&self) -> Result<(), PuzzleError> {
        let game = self.game()?;
        let unproved = |why: String| Err(PuzzleError::Unproved(why));
        let Some(found) = find(&game, self.moves) else {
            return unproved("no single first move wins within the moves".into());
        };
        if found.moves != self.moves {
            return unproved(format!("it is won in {}, not {}", found.moves, self.moves));
        }
        if found.line != self.line {
            return unproved(format!("the line is {}", found.line.join(" ")));
        }
        let mut played: Vec<String> = Vec::new();
        for (i, ply) in self.line.iter().enumerate().step_by(2) {
            match judge(&game, self.moves, &played, ply) {
                Verdict::Wins { reply, done } => {
                    played.push(ply.clone());
                    let expected = self.line.get(i + 1);
                    if reply.as_ref() != expected || done != expected.is_none() {
                        return unproved(format!("after {ply} the answer is {reply:?}"));
                    }
                    played.extend(reply);
                }
                other => return unproved(format!("{ply} is judged {other:?}")),
            }
        }
        Ok(())
    }
}

/// What an answer to a puzzle comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move still forces the win in time: the other side's answer (the longest
    /// defence), unless the move won.
    Wins {
        /// The other side's answer, `None` when the move won the game.
        reply: Option<String>,
        /// Whether the puzzle is solved.
        done: bool,
    },
    /// A legal move that lets the win slip: the other side's answer that holds, if any
    /// (none when the move loses or draws at once).
    Misses {
        /// The answer that holds.
        refutation: Option<String>,
    },
    /// Not a legal move: the rule it breaks.
    Illegal(String),
}

/// The puzzle in the position `game` is in, if it is one: the side to move forces a win
/// within at most `most` of its moves and, at the fewest moves that win, exactly one first
/// move does. `None` for Skakanie and for finished games.
#[must_use]
pub fn find(game: &AnyGame, most: u8) -> Option<Puzzle> {
    let (moves, line) = match game {
        AnyGame::Jumpers(g) => find_in::<jumpers::Position>(g.position(), most)?,
        AnyGame::Gyges(g) => find_in::<gyges::Position>(g.position(), most)?,
        AnyGame::JumpSturdy(g) => find_in::<jump_sturdy::Position>(g.position(), most)?,
        AnyGame::Skakanie(_) => return None,
    };
    Some(Puzzle {
        kind: game.kind(),
        options: game
            .non_default_options()
            .into_iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect(),
        position: game.position_text(),
        moves,
        line,
        rating: None,
    })
}

/// How hard `puzzle` (whose position `game` is) is for the engine (see [`Difficulty`]):
/// each first move is looked at by the strongest level one ply deep (the best answer to
/// it). Deterministic: no clock, no noise.
#[must_use]
pub fn difficulty(game: &AnyGame, puzzle: &Puzzle) -> Difficulty {
    use std::sync::atomic::AtomicBool;
    let cancel = AtomicBool::new(false);
    let limits = super::Limits {
        time: None,
        depth: Some(1),
        table_mb: 1,
    };
    // The mover's score after `mv` and the best answer a one-ply look finds.
    let looks = |mv: &str| {
        let mut after = game.clone();
        after.play(mv).ok()?;
        Some(
            match super::choose(&after, super::Level::MAX, &limits, 0, &cancel) {
                Ok(answer) => -answer.score,
                // Over at once: the first move won (or lost) outright.
                Err(_) => match after.outcome() {
                    Outcome::Win(seat) if seat == game.to_move() => FORCED,
                    Outcome::Win(_) => -FORCED,
                    _ => 0,
                },
            },
        )
    };
    let first = puzzle.line.first().map(String::as_str);
    let answer = first.and_then(&looks).unwrap_or(0);
    let wrong: Vec<i32> = game
        .legal_moves()
        .iter()
        .filter(|mv| Some(mv.as_str()) != first)
        .filter_map(|mv| looks(mv))
        .collect();
    let seen = answer >= FORCED;
    let against = if seen {
        wrong.iter().copied().max().unwrap_or(answer)
    } else {
        answer
    };
    let plausible = wrong
        .iter()
        .filter(|&&score| score.saturating_add(PLAUSIBLE_MARGIN) >= against)
        .count();
    Difficulty {
        moves: puzzle.moves,
        seen,
        plausible: u32::try_from(plausible).unwrap_or(u32::MAX),
    }
}

/// Judges the solver's move `mv` in the puzzle that starts at `start` and is won in `moves`
/// moves, after the plies `played` (the solver's and the answers, alternately).
#[must_use]
pub fn judge(start: &AnyGame, moves: u8, played: &[String], mv: &str) -> Verdict {
    match start {
        AnyGame::Jumpers(g) => judge_in(g.position(), moves, played, mv),
        AnyGame::Gyges(g) => judge_in(g.position(), moves, played, mv),
        AnyGame::JumpSturdy(g) => judge_in(g.position(), moves, played, mv),
        AnyGame::Skakanie(_) => Verdict::Illegal("Skakanie has no puzzles".into()),
    }
}

/// The most puzzles taken from one self-played game: the positions of one game's last
/// moves are much alike.
pub const PER_GAME: usize = 2;

/// The fewest solver moves a generated puzzle of each kind asks for: a Jump Sturdy win in
/// one is a man stepping onto the last row, which nobody needs to be shown, and a Jumpers
/// win in one a single jump into the far corner, which the self-played games leave so often
/// that three in four of the first set were nothing else. A Gygès win in one, a bounce
/// through the board to the goal, is a sight worth learning, and stays.
#[must_use]
pub fn fewest_moves(kind: GameKind) -> u8 {
    match kind {
        GameKind::JumpSturdy | GameKind::Jumpers => 2,
        _ => 1,
    }
}

/// Up to `count` new puzzles of `kind` (none for Skakanie), found in games the computer
/// plays against itself at its lowest level (which misses enough to leave wins on the
/// board), from game `seed` on, at most [`PER_GAME`] a game so they differ; those in
/// `known` (positions) are skipped. Deterministic: the same seed finds the same puzzles.
#[must_use]
pub fn generate(kind: GameKind, count: usize, seed: u64, known: &[String]) -> Vec<Puzzle> {
    use std::sync::atomic::AtomicBool;
    let most = most_moves(kind);
    if most == 0 {
        return Vec::new();
    }
    let cancel = AtomicBool::new(false);
    let limits = super::Limits {
        time: None,
        depth: Some(2),
        table_mb: 1,
    };
    let mut found: Vec<Puzzle> = Vec::new();
    let mut seen: std::collections::HashSet<String> = known.iter().cloned().collect();
    // A bound on the games played, so a kind with few puzzles still ends.
    for game_seed in seed..seed.saturating_add(20 * count as u64 + 50) {
        let Ok(mut game) = AnyGame::new(kind, &[], None) else {
            return found;
        };
        let mut from_this = 0;
        for ply in 0..200u64 {
            if ply >= 4 && from_this < PER_GAME && !seen.contains(&game.position_text()) {
                seen.insert(game.position_text());
                if let Some(mut puzzle) =
                    find(&game, most).filter(|p| p.moves >= fewest_moves(kind))
                {
                    // Rated from its position alone, as players and the tests meet it
                    // (not the self-played game, whose history the search also weighs).
                    puzzle.rating = puzzle.game().ok().map(|g| difficulty(&g, &puzzle).rating());
                    found.push(puzzle);
                    from_this += 1;
                    if found.len() == count {
                        return found;
                    }
                }
            }
            let level = super::Level::MIN;
            let Ok(choice) = super::choose(&game, level, &limits, game_seed * 1000 + ply, &cancel)
            else {
                break;
            };
            if game.play(&choice.ply).is_err() {
                break;
            }
        }
    }
    found
}

/// Whether the side to move in `game` forces a win within `plies` plies, by the rules
/// alone: the reference the puzzles and the engine's goal runs are checked against. Slow
/// on purpose (no evaluation, no pruning but "any" and "all"). Never for Skakanie.
#[must_use]
pub fn forces_win(game: &AnyGame, plies: u32) -> bool {
    fn of<R: Rules>(position: &R, plies: u32) -> bool {
        force(position, position.to_move(), plies)
    }
    match game {
        AnyGame::Jumpers(g) => of(g.position(), plies),
        AnyGame::Gyges(g) => of(g.position(), plies),
        AnyGame::JumpSturdy(g) => of(g.position(), plies),
        AnyGame::Skakanie(_) => false,
    }
}

/// Whether `me` forces a win from `position` within `plies` plies (either side to move).
fn force<R: Rules>(position: &R, me: Seat, plies: u32) -> bool {
    match position.outcome() {
        Outcome::Win(seat) => return seat == me,
        Outcome::Ongoing => {}
        _ => return false,
    }
    if plies == 0 {
        return false;
    }
    let moves = position.legal_moves();
    let after = |mv: &R::Move| {
        let mut child = position.clone();
        child.play_unchecked(mv);
        child
    };
    if position.to_move() == me {
        // A win at once first: the cheapest proof, and the usual one at the last ply.
        moves
            .iter()
            .any(|mv| after(mv).outcome() == Outcome::Win(me))
            || (plies > 1 && moves.iter().any(|mv| force(&after(mv), me, plies - 1)))
    } else {
        !moves.is_empty() && moves.iter().all(|mv| force(&after(mv), me, plies - 1))
    }
}

/// The fewest plies within which `me` forces a win from `position`, up to `most`.
fn distance<R: Rules>(position: &R, me: Seat, most: u32) -> Option<u32> {
    (0..=most).find(|&plies| force(position, me, plies))
}

fn find_in<R: Rules>(position: &R, most: u8) -> Option<(u8, Vec<String>)> {
    if position.outcome().is_finished() {
        return None;
    }
    let me = position.to_move();
    let moves = position.legal_moves();
    for n in 1..=most {
        let plies = 2 * u32::from(n) - 1;
        let mut winners = moves.iter().filter(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            force(&child, me, plies - 1)
        });
        let Some(first) = winners.next() else {
            continue;
        };
        if winners.next().is_some() {
            return None;
        }
        let mut line = vec![first.to_string()];
        let mut now = position.clone();
        now.play_unchecked(first);
        let mut left = plies - 1;
        while !now.outcome().is_finished() && left > 0 {
            let mv = if now.to_move() == me {
                shortest(&now, me, left)
            } else {
                longest_defence(&now, me, left)
            }?;
            line.push(mv.to_string());
            now.play_unchecked(&mv);
            left -= 1;
        }
        return Some((n, line));
    }
    None
}

/// The solver's move that wins soonest from `position` within `left` plies (the first in
/// the rules' order among equals).
fn shortest<R: Rules>(position: &R, me: Seat, left: u32) -> Option<R::Move> {
    position
        .legal_moves()
        .into_iter()
        .filter_map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(&mv);
            distance(&child, me, left - 1).map(|d| (d, mv))
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, mv)| mv)
}

/// The other side's answer that puts the solver's win furthest off, within `left` plies
/// (the first in the rules' order among equals).
fn longest_defence<R: Rules>(position: &R, me: Seat, left: u32) -> Option<R::Move> {
    let mut best: Option<(u32, R::Move)> = None;
    for mv in position.legal_moves() {
        let mut child = position.clone();
        child.play_unchecked(&mv);
        let d = distance(&child, me, left - 1).unwrap_or(u32::MAX);
        if best.as_ref().is_none_or(|(most, _)| d > *most) {
            best = Some((d, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

fn judge_in<R: Rules>(start: &R, moves: u8, played: &[String], mv: &str) -> Verdict {
    let me = start.to_move();
    let mut now = start.clone();
    for ply in played {
        let Ok(ply) = ply.parse::<R::Move>() else {
            return Verdict::Illegal(format!("{ply} does not read"));
        };
        if now.play(&ply).is_err() {
            return Verdict::Illegal(format!("{ply} does not replay"));
        }
    }
    let left = (2 * u32::from(moves) - 1).saturating_sub(played.len() as u32);
    let ply = match mv.parse::<R::Move>() {
        Ok(ply) => ply,
        Err(error) => return Verdict::Illegal(error.to_string()),
    };
    if let Err(error) = now.check(&ply) {
        return Verdict::Illegal(error.to_string());
    }
    now.play_unchecked(&ply);
    if now.outcome() == Outcome::Win(me) {
        return Verdict::Wins {
            reply: None,
            done: true,
        };
    }
    if left == 0 || !force(&now, me, left - 1) {
        // The answer that holds: the first after which no win comes in time.
        let refutation = now.legal_moves().into_iter().find(|answer| {
            let mut child = now.clone();
            child.play_unchecked(answer);
            !force(&child, me, left.saturating_sub(2))
        });
        return Verdict::Misses {
            refutation: refutation.map(|mv| mv.to_string()),
        };
    }
    let reply = longest_defence(&now, me, left - 1);
    Verdict::Wins {
        reply: reply.map(|mv| mv.to_string()),
        done: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(kind: GameKind, position: &str) -> AnyGame {
        AnyGame::new(kind, &[], Some(position)).unwrap()
    }

    #[test]
    fn a_jump_sturdy_race_is_a_puzzle_in_two_with_its_line() {
        // Blue's e6 piece walks to e8; Red's a3 piece is a move too slow.
        let race = game(GameKind::JumpSturdy, "6/8/r07/8/8/4b03/8/6 b");
        let puzzle = find(&race, 3).expect("a puzzle");
        assert_eq!(puzzle.moves, 2);
        assert_eq!(puzzle.line, ["e6-e7", "a3-a2", "e7-e8"]);
        puzzle.verify().unwrap();
        let text = puzzle.to_string();
        assert_eq!(text.parse::<Puzzle>().unwrap(), puzzle);
        assert_eq!(
            judge(&race, 2, &[], "e6-e7"),
            Verdict::Wins {
                reply: Some("a3-a2".into()),
                done: false
            }
        );
        let played = ["e6-e7".to_owned(), "a3-a2".to_owned()];
        assert_eq!(
            judge(&race, 2, &played, "e7-e8"),
            Verdict::Wins {
                reply: None,
                done: true
            }
        );
        assert!(matches!(judge(&race, 2, &[], "a8-a7"), Verdict::Illegal(_)));
        let other = race
            .legal_moves()
            .into_iter()
            .find(|mv| mv != "e6-e7")
            .unwrap();
        assert!(matches!(
            judge(&race, 2, &[], &other),
            Verdict::Misses { .. }
        ));
    }

    #[test]
    fn a_win_in_one_with_two_winning_moves_is_no_puzzle() {
        // Blue's d7 and e7 pieces can each step onto the last row; with one, it is unique.
        let several = game(GameKind::JumpSturdy, "1b04/8/8/8/8/r07/3b0b03/6 b");
        assert_eq!(find(&several, 3), None);
        let one = game(GameKind::JumpSturdy, "1b04/8/8/8/8/r07/4b03/6 b");
        assert_eq!(find(&one, 3).expect("a puzzle").line, ["e7-e8"]);
    }
}
