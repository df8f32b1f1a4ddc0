//! Computer opponents, written against the [`Rules`](crate::games::Rules) trait: rules,
//! scoring and search kept apart (see `docs/architecture.md`).
//!
//! The play layer knows only this module's front: [`choose`] finds the next ply for the seat
//! to move of an [`AnyGame`], from what that seat may see, within [`Limits`]; [`accepts_draw`]
//! answers a draw offer. Both are blocking CPU work: run them off the async runtime.

pub mod arena;
pub mod eval;
mod hash;
mod leaf_cache;
pub mod level;
pub mod mcts;
pub mod puzzle;
pub mod reference;
pub mod review;
pub mod run_budget;
pub mod search;
pub mod skakanie;
mod table;
pub mod tune;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde::Deserialize;

use crate::games::shuffle::Stream;
use crate::games::{self, AnyGame, Game, Rules, Seat, Seed};
use review::Effort;
use run_budget::RunBudget;
use search::{Bounds, Evaluator, Searcher, MATE, MAX_DEPTH, WON};

/// A hash of any value, the same on every machine and in every process of one release
/// (the search's own): what picks a server's puzzle of the day.
pub fn hash_value<T: std::hash::Hash + ?Sized>(value: &T) -> u64 {
    hash::value(value)
}

/// How strong the computer plays: 1 is a friendly beginner (shallow, with deliberate noise),
/// 5 is full strength within the time budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The weakest level.
    pub const MIN: Self = Self(1);
    /// The strongest level.
    pub const MAX: Self = Self(5);
    /// The level a challenge gets when it names none.
    pub const DEFAULT: Self = Self(3);

    /// The level `n`, if it is one of 1 to 5.
    #[must_use]
    pub fn new(n: u8) -> Option<Self> {
        (Self::MIN.0..=Self::MAX.0).contains(&n).then_some(Self(n))
    }

    /// The level's number, 1 to 5.
    #[must_use]
    pub fn get(self) -> u8 {
        self.0
    }
}

impl Default for Level {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A level that is not 1 to 5.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the computer's level is a number from 1 (beginner) to 5 (strongest), not '{0}'")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Self, ParseLevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Self::new)
            .ok_or_else(|| ParseLevelError(s.trim().to_owned()))
    }
}

/// `[ai]`: how long and with how much memory the computer thinks.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AiConfig {
    /// The time budget of one move, in milliseconds (Skakanie: of one whole turn).
    #[serde(default = "default_think_ms")]
    pub think_ms: u64,
    /// How many searches run at once; the rest wait their turn.
    #[serde(default = "default_threads")]
    pub threads: usize,
    /// The transposition table's size per search, in MiB; the cache of leaf judgements
    /// (used by Gygès) gets as much again.
    #[serde(default = "default_table_mb")]
    pub table_mb: usize,
    /// `/analyse`: the nodes searched in each position of a game, when set; otherwise
    /// each game's own figure ([`review::default_nodes`]). Work, not time: a game gets the
    /// same analysis on every machine and however busy it is. Analyses run one at a time on
    /// a thread of their own, so they never delay a move.
    #[serde(default)]
    pub analysis_nodes: Option<u64>,
    /// `/analyse`: the deepest each position is searched, when set (the nodes still bound
    /// it).
    #[serde(default)]
    pub analysis_depth: Option<u32>,
    /// The time each position of an analysis was once given, in milliseconds: no longer
    /// read (analyses are bounded by [`AiConfig::analysis_nodes`]), but still accepted, so
    /// that a configuration written for an older version starts; a warning says it is
    /// ignored ([`AiConfig::ignored`]).
    #[serde(default)]
    pub analysis_ms: Option<u64>,
}

fn default_think_ms() -> u64 {
    2000
}

fn default_threads() -> usize {
    1
}

fn default_table_mb() -> usize {
    16
}

impl Default for AiConfig {
    fn default() -> Self {
        Self {
            think_ms: default_think_ms(),
            threads: default_threads(),
            table_mb: default_table_mb(),
            analysis_nodes: None,
            analysis_depth: None,
            analysis_ms: None,
        }
    }
}

impl AiConfig {
    /// The work given to each position of the analysis of a game of `kind`.
    #[must_use]
    pub fn analysis_effort(&self, kind: games::GameKind) -> Effort {
        Effort {
            nodes: self
                .analysis_nodes
                .unwrap_or_else(|| review::default_nodes(kind)),
            depth: self.analysis_depth,
            table_mb: self.table_mb,
        }
    }

    /// What this configuration sets that is no longer read, each as a sentence for the
    /// log: empty when nothing.
    #[must_use]
    pub fn ignored(&self) -> Vec<String> {
        self.analysis_ms
            .map(|ms| {
                format!(
                    "[ai] analysis_ms = {ms} is ignored: an analysis is bounded by work, not \
                     time ([ai] analysis_nodes), so a game gets the same verdicts on every \
                     machine; remove it"
                )
            })
            .into_iter()
            .collect()
    }

    /// The limits of one move under this configuration.
    #[must_use]
    pub fn limits(&self) -> Limits {
        Limits {
            time: Some(Duration::from_millis(self.think_ms)),
            depth: None,
            table_mb: self.table_mb,
        }
    }
}

/// What bounds one search: a time budget, a depth, or both (whichever ends first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most time the search may take.
    pub time: Option<Duration>,
    /// The deepest iteration (plies); with no time limit the search is deterministic.
    pub depth: Option<u32>,
    /// The transposition table's size, in MiB.
    pub table_mb: usize,
}

/// The computer's choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The ply to play, in the game's notation.
    pub ply: String,
    /// How good the position is for the mover after this ply, in the engine's units:
    /// hundredths of a man for two-player games (beyond ±990,000 a forced win or loss),
    /// the expected share of the result in thousandths for Skakanie.
    pub score: i32,
}

/// One step of a search, for `info` lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The depth finished (Skakanie: the deepest tree node).
    pub depth: u32,
    /// The score, as in [`Choice::score`].
    pub score: i32,
    /// Nodes searched (Skakanie: playouts).
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The expected line, best move first, in notation.
    pub pv: Vec<String>,
}

impl Info {
    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        u64::try_from(u128::from(self.nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
    }
}

/// Why the computer did not choose a ply.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AiError {
    /// The game is over: there is nothing to choose.
    #[error("the game is over")]
    Finished,
}

/// The next ply for the seat to move in `game`, found from what that seat may see (never
/// Skakanie's face-down pieces). `seed` makes a level's deliberate noise and Skakanie's
/// sampling repeatable; `cancel` stops the search early with the best ply found so far.
///
/// # Errors
/// [`AiError::Finished`] when the game is over.
pub fn choose(
    game: &AnyGame,
    level: Level,
    limits: &Limits,
    seed: u64,
    cancel: &AtomicBool,
) -> Result<Choice, AiError> {
    analyse(game, level, limits, seed, cancel, &mut |_| {})
}

/// As [`choose`], reporting each finished iteration to `report` (`leapfrog ai`'s `info`
/// lines).
///
/// # Errors
/// [`AiError::Finished`] when the game is over.
pub fn analyse(
    game: &AnyGame,
    level: Level,
    limits: &Limits,
    seed: u64,
    cancel: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> Result<Choice, AiError> {
    let job = Job {
        kind: game.kind(),
        started: Instant::now(),
        level,
        limits,
        seed,
        cancel,
    };
    match game {
        AnyGame::Jumpers(g) => job.two_player(g, &eval::Jumpers, report),
        AnyGame::Gyges(g) => job.two_player(g, &eval::Gyges, report),
        AnyGame::JumpSturdy(g) => job.two_player(g, &eval::JumpSturdy, report),
        AnyGame::Skakanie(g) => job.skakanie(g, report),
    }
}

/// Whether the computer playing `seat` accepts a draw offer in `game`: when a short search
/// at `level` finds its position worse than even (by a quarter of a man), or, in Skakanie,
/// its expected share of the result below an equal share. Never in a position it wins.
/// The answer is part of a command's reply, so it thinks briefly: at most a tenth of the
/// budget and three plies (Skakanie: 300 playouts).
#[must_use]
pub fn accepts_draw(game: &AnyGame, seat: Seat, level: Level, limits: &Limits) -> bool {
    let cancel = AtomicBool::new(false);
    let brief = Limits {
        time: limits.time.map(|t| t / 10),
        depth: Some(3),
        table_mb: limits.table_mb.min(4),
    };
    let Ok(choice) = choose(game, level, &brief, 0, &cancel) else {
        return false;
    };
    // The score is the mover's; the offer may come while the other side is to move.
    let score = if game.to_move() == seat {
        choice.score
    } else {
        -choice.score
    };
    match game {
        AnyGame::Skakanie(_) => {
            let fair = 1000 / i32::try_from(game.seat_count()).unwrap_or(2);
            game.to_move() == seat && choice.score < fair
        }
        _ => score < -25,
    }
}

/// How far the goal-run search looks, in plies: runs of 3, 5 and 7 (the public engine's
/// announced runs that cost our games were 5 to 7 plies).
pub const RUN_PLIES: u32 = 7;

/// Positions one goal-run search may look at per millisecond of a move's budget. Each is a
/// move played and a reach searched, about a microsecond on average on crowded boards with
/// displacement: a fifth of the move's time or so, within the clock's bound (the root's
/// check stops at [`ROOT_RUN_SHARE`], the checks after the search at the move's end).
const RUN_POSITIONS_PER_MS: u64 = 200;

/// The part of a move's time the check for a run of the mover's own, before the search,
/// may take.
const ROOT_RUN_SHARE: f64 = 0.05;

/// The same when only the depth bounds the search.
const RUN_POSITIONS: u64 = 40_000;

/// How many of the searched best moves are checked for letting the other side in on a run,
/// when the best one does.
const RUN_DEFENCES: usize = 8;

/// The part of a move's time the levels that check for runs keep back for the check after
/// the search: without it the search used the whole budget and a second choice could not
/// be looked for in time.
const RUN_CHECK_SHARE: f64 = 0.15;

/// One request to think, with its clock started.
struct Job<'a> {
    kind: games::GameKind,
    started: Instant,
    level: Level,
    limits: &'a Limits,
    seed: u64,
    cancel: &'a AtomicBool,
}

impl Job<'_> {
    /// How this level plays this game.
    fn style(&self) -> &'static level::Style {
        self.level.style(self.kind)
    }

    /// What one goal-run search may spend: its positions, and no time past `until`.
    fn run_budget(&self, until: Option<Instant>) -> RunBudget {
        RunBudget::positions(self.run_positions()).until(until)
    }

    /// How many positions one goal-run search may look at.
    fn run_positions(&self) -> u64 {
        self.limits.time.map_or(RUN_POSITIONS, |t| {
            let share = u64::from(self.style().share);
            (t.as_millis() as u64 * share / 1000).max(1) * RUN_POSITIONS_PER_MS
        })
    }

    /// When this level must stop, given its share of the budget.
    fn deadline(&self) -> Option<Instant> {
        let share = f64::from(self.style().share) / 1000.0;
        self.limits
            .time
            .map(|budget| self.started + budget.mul_f64(share))
    }

    fn two_player<R: Rules, E: Evaluator<R>>(
        &self,
        game: &Game<R>,
        eval: &E,
        report: &mut dyn FnMut(&Info),
    ) -> Result<Choice, AiError> {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Err(AiError::Finished);
        }
        let style = self.style();
        let history = searcher_history(game);
        // The positions a level's blur must not walk back into: those before, and this one.
        let mut seen = history.clone();
        seen.push(hash::of(game.position()));
        let deadline = self.deadline();
        let root = game.position();
        // The levels at full strength see forced runs to the goal past their depth: one of
        // their own is played at once, and a move that lets the other side start one is
        // not played while another is safe.
        let runs = style.noise == 0 && style.slip == 0;
        // Those keep the end of their time for the check, in a game with runs.
        let searched_until = deadline.map(|end| {
            let kept = if runs && eval.has_goal_runs() {
                RUN_CHECK_SHARE
            } else {
                0.0
            };
            end - (end - self.started).mul_f64(kept)
        });
        let bounds = Bounds {
            depth: self.limits.depth.unwrap_or(MAX_DEPTH).min(style.depth),
            deadline: searched_until,
            nodes: None,
            // The strongest level thinks to the end of its time, taking an unfinished
            // iteration's move when it beat the last best (Gygès with displacement against
            // the public engine, 500 ms a move, a move not given in time lost: 89.8 %
            // averaged over four sets of openings, where stopping at whole iterations
            // scored 87.4 %; see the README). The others keep their measured strength,
            // and a blur its time.
            to_the_end: runs && self.level == Level::MAX,
        };
        if runs {
            let until =
                deadline.map(|end| self.started + (end - self.started).mul_f64(ROOT_RUN_SHARE));
            if let Some((mv, plies)) = eval.goal_run(root, RUN_PLIES, &mut self.run_budget(until)) {
                return Ok(Choice {
                    ply: mv.to_string(),
                    score: MATE - plies as i32,
                });
            }
        }
        // A move that takes back one of this side's last three is marked down at every
        // level: it is no progress, and the search would otherwise pick it among equals
        // (issue 62: Jumpers's level 4 did so with a third of its moves).
        let own = own_recent(game, UNDO_LOOKBACK);
        let marks: Vec<i32> = moves
            .iter()
            .map(|mv| {
                let mv = mv.to_string();
                if own.iter().any(|earlier| undoes(earlier, &mv)) {
                    UNDO_MARK
                } else {
                    0
                }
            })
            .collect();
        let mut searcher = Searcher::new(eval, self.limits.table_mb, history, self.cancel);
        searcher.set_root_penalties(marks.clone());
        let found = searcher.run(root, &bounds, &mut |it| {
            report(&Info {
                depth: it.depth,
                score: it.score,
                nodes: it.nodes,
                elapsed: it.elapsed,
                pv: it.pv.iter().map(ToString::to_string).collect(),
            });
        });
        let mut best = found.best.ok_or(AiError::Finished)?;
        let mut score = found.score;
        let opens_run = |mv: &R::Move| {
            let mut child = root.clone();
            child.play_unchecked(mv);
            eval.goal_run(&child, RUN_PLIES, &mut self.run_budget(deadline))
                .is_some()
        };
        if runs && score < WON && moves.len() > 1 && opens_run(&best) {
            // The next best of the search's last iteration, until one lets no run in: no
            // second search, so the check fits in the time kept back for it.
            // The search's moves are the game's, in the same order.
            let searched = moves.iter().position(|mv| *mv == best);
            if let Some(&(safe, safe_score)) = found
                .ranked
                .iter()
                .filter(|&&(i, _)| Some(i) != searched)
                .take(RUN_DEFENCES)
                .take_while(|_| deadline.is_none_or(|end| Instant::now() < end))
                .find(|&&(i, _)| !opens_run(&moves[i]))
            {
                best = moves[safe].clone();
                score = safe_score;
            }
        }
        // What a level's blur may pick: the searched move, or any move a person might play
        // — not one that takes back one of this side's last moves, nor one that walks into
        // a repetition.
        let searched = best.clone();
        // By the move's index in `moves`, which `marks` and every score list share.
        let human = |i: usize| {
            if moves[i] == searched {
                return true;
            }
            let mut child = root.clone();
            child.play_unchecked(&moves[i]);
            marks[i] == 0 && !seen.contains(&hash::of(&child))
        };
        if style.noise > 0 && moves.len() > 1 && found.depth > 0 {
            if let Some(scores) = searcher.score_all(root, found.depth, deadline) {
                let mut rng = Stream::new(Seed(self.seed));
                let pick = scores
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| human(i))
                    .max_by_key(|&(_, &s)| {
                        // Forced wins and losses stay as they are: a beginner blurs close
                        // judgements, it does not throw away a win in one.
                        if s.abs() >= WON {
                            s
                        } else {
                            let noise = rng.below(2 * style.noise as usize + 1) as i32;
                            s + noise - style.noise
                        }
                    })
                    .map(|(i, _)| i)
                    .expect("several moves");
                // The game is not over, so its moves are the position's, in the same order.
                best = moves[pick].clone();
                score = scores[pick];
            }
        }
        // A learner's slip: now and then the level plays what looks best one ply shallower
        // than it searched. It still sees a win or a loss at once, but not the answer that
        // sets up a threat a move later: the mistake people make, not a random one.
        let mut rng = Stream::new(Seed(self.seed ^ 0x3a7d));
        let shallower = found.depth.saturating_sub(1).max(1);
        if score < WON && shallower < found.depth && (rng.below(100) as u32) < style.slip {
            if let Some(scores) = searcher.score_all(root, shallower, deadline) {
                if let Some(pick) = (0..moves.len())
                    .filter(|&i| human(i))
                    .max_by_key(|&i| scores[i])
                {
                    best = moves[pick].clone();
                    score = scores[pick];
                }
            }
        }
        // The score said is the position's, not the mark the choice weighed in.
        if score.abs() < WON {
            score += moves
                .iter()
                .position(|m| *m == best)
                .map_or(0, |i| marks[i]);
        }
        Ok(Choice {
            ply: best.to_string(),
            score,
        })
    }

    fn skakanie(
        &self,
        game: &Game<games::skakanie::Position>,
        report: &mut dyn FnMut(&Info),
    ) -> Result<Choice, AiError> {
        let position = game.position();
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Err(AiError::Finished);
        }
        let style = self.style();
        // No step back to where this turn's last step came from: it only wastes actions.
        let back = own_step_back(game);
        let forward: Vec<&games::skakanie::Action> =
            moves.iter().filter(|a| Some(**a) != back).collect();
        let forward = if forward.is_empty() {
            moves.iter().collect()
        } else {
            forward
        };
        let mut rng = Stream::new(Seed(self.seed ^ 0x5eed));
        if forward.len() == 1 || (rng.below(100) as u32) < style.slip {
            let ply = forward[rng.below(forward.len())].to_string();
            return Ok(Choice { ply, score: 0 });
        }
        // The budget is what is left of the whole turn: each action left gets its part.
        let actions = position.actions_left().max(1);
        let share = f64::from(style.share) / 1000.0 / f64::from(actions);
        let deadline = self
            .limits
            .time
            .map(|budget| self.started + budget.mul_f64(share));
        let iterations = match self.limits.depth {
            Some(depth) => u64::from(depth) * 100,
            None if deadline.is_some() => u64::MAX,
            None => 2000,
        }
        .min(style.playouts);
        let known = skakanie::seen(game);
        let sim = SkakanieSim {
            root: position,
            known,
            unseen: skakanie::unseen(known),
        };
        let searched = mcts::search(
            position,
            &sim,
            mcts::Budget {
                iterations,
                deadline,
                // A node holds its move, links and a reward per seat: about 128 bytes.
                max_nodes: (self.limits.table_mb.max(1) << 20) / 128,
            },
            self.seed,
            self.cancel,
        );
        let best = searched
            .moves
            .iter()
            .find(|m| Some(m.mv) != back)
            .or(searched.moves.first())
            .ok_or(AiError::Finished)?;
        let score = (best.value * 1000.0).round() as i32;
        report(&Info {
            depth: u32::try_from(searched.depth).unwrap_or(u32::MAX),
            score,
            nodes: searched.iterations,
            elapsed: self.started.elapsed(),
            pv: vec![best.mv.to_string()],
        });
        Ok(Choice {
            ply: best.mv.to_string(),
            score,
        })
    }
}

/// The hashes of the positions before the one `game` is in, oldest first: a search scores
/// a return to one of them as a draw.
fn searcher_history<R: Rules>(game: &Game<R>) -> Vec<u64> {
    let mut replay = game.start().clone();
    let mut history = Vec::with_capacity(game.moves().len());
    for mv in game.moves() {
        history.push(hash::of(&replay));
        replay.play_unchecked(mv);
    }
    history
}

/// How many of its own last moves a side is kept from taking back ([`UNDO_MARK`]).
const UNDO_LOOKBACK: usize = 3;

/// What a move that takes back one of the side's own last [`UNDO_LOOKBACK`] moves is
/// marked down by at the root, in hundredths of a man: half a man, so it is played when it
/// parries something or gains, never to fill a turn. A quarter left Jumpers's level 2
/// undoing 7.3 % of its moves (200 self-play games), half 3.8 %, every rung of the
/// ladder still ≥ 65 % (README).
const UNDO_MARK: i32 = 50;

/// The last `n` moves the side to move in `game` played, latest first (who played each
/// ply is the game's own record, so a game whose turns do not simply alternate is right
/// too).
fn own_recent<R: Rules>(game: &Game<R>, n: usize) -> Vec<String> {
    let me = game.position().to_move();
    game.moves()
        .iter()
        .zip(game.movers())
        .rev()
        .filter(|&(_, &mover)| mover == me)
        .take(n)
        .map(|(mv, _)| mv.to_string())
        .collect()
}

/// The step that would take the Skakanie player to move straight back, when their last
/// action, this turn, was a step.
fn own_step_back(game: &Game<games::skakanie::Position>) -> Option<games::skakanie::Action> {
    use games::skakanie::{Action, Direction};
    let Action::Step(went) = *game.moves().last()? else {
        return None;
    };
    if game.previous()?.to_move() != game.position().to_move() {
        return None;
    }
    let (dr, dc) = went.delta();
    Direction::ALL
        .into_iter()
        .find(|d| d.delta() == (-dr, -dc))
        .map(Action::Step)
}

/// Whether the move written `mv` takes back the one written `earlier` (one of the same
/// side's earlier moves): it ends where that one began and begins where it ended, `h6-e3`
/// after `e3-h6`, whatever was displaced (`:d2`) and whichever way a chain of jumps went.
/// Placements and one-square actions (`take`) take back nothing.
#[must_use]
pub fn undoes(earlier: &str, mv: &str) -> bool {
    fn ends(m: &str) -> Option<(&str, &str)> {
        m.split(':').next()?.split_once('-')
    }
    matches!((ends(earlier), ends(mv)), (Some((a, b)), Some((c, d))) if a == d && b == c)
}

/// Whether the move written `mv`, played by `seat` (0 moves up the ranks, 1 down), ends
/// further forward than it began: `e3-h6` for the first seat, the first square's rank
/// against the last's (a chain of jumps counts where it ends; a displacement `:d2` is
/// ignored). `None` for a move without two squares (a pass).
#[must_use]
pub fn advances(mv: &str, seat: usize) -> Option<bool> {
    fn rank(square: &str) -> Option<i32> {
        let digits = square.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        digits.parse().ok()
    }
    let squares = mv.split(':').next()?;
    let (first, rest) = squares.split_once('-')?;
    let from = rank(first)?;
    let to = rank(rest.rsplit('-').next()?)?;
    Some(if seat == 0 { to > from } else { to < from })
}

/// Skakanie's side of the tree search.
struct SkakanieSim<'a> {
    root: &'a games::skakanie::Position,
    known: games::skakanie::Pool,
    unseen: Vec<u8>,
}

impl mcts::Simulation<games::skakanie::Position> for SkakanieSim<'_> {
    fn sample(&self, rng: &mut Stream) -> games::skakanie::Position {
        skakanie::determinise(self.root, self.known, &self.unseen, rng)
    }

    fn policy(
        &self,
        position: &games::skakanie::Position,
        rng: &mut Stream,
    ) -> games::skakanie::Action {
        skakanie::playout_action(position, rng)
    }

    fn rewards(&self, position: &games::skakanie::Position) -> Vec<f64> {
        skakanie::rewards(position)
    }
}
