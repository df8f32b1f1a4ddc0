//! Game-tree search for two-player games of perfect information, generic over
//! [`Rules`]: iterative deepening, negamax with principal-variation search, a
//! transposition table, killer and history move ordering, and a quiescence search over the
//! moves an [`Evaluator`] calls noisy (captures) plus a check for a win in one at every leaf
//! (goal threats). Scores are from the side to move's point of view.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::hash;
use super::leaf_cache::LeafCache;
use super::run_budget::RunBudget;
use super::table::{Bound, Table};
use crate::games::{Outcome, Rules};

/// A won position's score, less the plies to the win: a nearer win scores higher.
pub const MATE: i32 = 1_000_000;
/// Scores at least this far from zero are forced wins or losses.
pub const WON: i32 = MATE - 10_000;
/// The deepest iteration ever started.
pub const MAX_DEPTH: u32 = 64;
/// Quiescence plies past the horizon.
pub const MAX_QUIESCENCE: u32 = 8;
/// Quiescence plies in which a threatened side tries every reply (parries), not only
/// noisy moves.
pub const MAX_PARRY_PLIES: u32 = 1;
/// Threat extensions stop where a line would reach this many times the iteration's depth.
/// Extending threatened nodes above the horizon (depth left at least 1) scored 81.0, 81.5
/// and 84.8 % in three 200-game Gygès matches at 500 ms a move against the engine issue 31
/// was filed on, where the same engine without them scored 78.0 and 81.2 %, and 52.0 % of
/// 200 against it; extending at the horizon too (every leaf asks whether it is
/// threatened) scored 76.5 %.
pub const EXTENDED_LINE: i32 = 2;
/// How many nodes pass between looks at the clock.
const CLOCK_EVERY: u64 = 64;
const HISTORY: usize = 4096;
/// Ranks from this up are the table's move, noisy moves and killers: never reduced.
const QUIET_RANK: i64 = 1 << 33;
/// A child's look times this, plus history shifted below it, stays under [`QUIET_RANK`].
const LOOK_SCALE: i64 = 1 << 13;

/// What an evaluator makes of a leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// The side to move has a move that wins at once (it reaches the goal): a goal threat
    /// beyond the horizon is never missed.
    WinsNow,
    /// How good the position is for the side to move, in hundredths of a man.
    Score(i32),
    /// The other side threatens to win at once: the side to move may not stand on this
    /// score (it includes a penalty for the threat) while a parry can still be searched,
    /// so every reply is tried, one ply past the horizon.
    Threatened(i32),
}

/// What a game adds to the search: how good a position is, and which moves are forcing.
/// One method judges both the threat and the score, since both need the same move
/// generation (Gygès's bounce search is most of its cost).
pub trait Evaluator<R: Rules> {
    /// Judges `position` (not over) for the side to move, whose legal `moves` the search
    /// has already generated (so a win in one and the mover's mobility cost nothing more).
    fn evaluate(&self, position: &R, moves: &[R::Move]) -> Leaf;

    /// Whether `mv` changes the material balance or threatens to (a capture): searched past
    /// the horizon and ordered early.
    fn is_noisy(&self, position: &R, mv: &R::Move) -> bool;

    /// The legal moves of `position`, or `None` when one of them wins at once (a goal
    /// entered): the node is then scored as that win without searching further, and a
    /// game whose move generation can stop at the first such move saves the rest. By
    /// default the plain legal moves (no game but Gygès wins by a move).
    fn moves_unless_won(&self, position: &R) -> Option<Vec<R::Move>> {
        Some(position.legal_moves())
    }

    /// A forced run to the goal for the side to move within `plies` plies, found by a
    /// search of threats only, however deep the main search got: the run's first move (a
    /// win at once, or a move after which the mover could enter the goal next turn and
    /// still can after every answer, and so on) and the run's length in plies, the
    /// shortest found. It looks at no more positions, and runs no longer, than `budget`
    /// allows; running out finds nothing, so a run found is always a proof. None by
    /// default (games where a win is not a goal entered).
    fn goal_run(
        &self,
        _position: &R,
        _plies: u32,
        _budget: &mut RunBudget,
    ) -> Option<(R::Move, u32)> {
        None
    }

    /// Whether [`Evaluator::goal_run`] can find anything: only then do the levels that
    /// check a move for letting a run in keep time back for the check.
    fn has_goal_runs(&self) -> bool {
        false
    }

    /// How many plies shallower the `n`th move (0 first) of a node `depth` plies from the
    /// horizon is searched first when it is quiet and ordered late (late move reductions):
    /// a move that then beats the best so far, or looks lost by force, is searched again at
    /// full depth. None by default (the search is then exact to its depth).
    fn reduction(&self, _position: &R, _depth: i32, _n: usize) -> i32 {
        0
    }

    /// How many plies shallower the `n`th root move (0 first, in the order of the iteration
    /// before: by its scores) of an iteration `depth` plies deep is searched first: the
    /// root's own late move reductions, where nothing else prunes (every root move is
    /// searched). A move that then beats the best so far, or looks lost by force, is
    /// searched again at full depth, and a move after which the mover threatens to win at
    /// once is never reduced. None by default.
    fn root_reduction(&self, _position: &R, _depth: i32, _n: usize) -> i32 {
        0
    }

    /// Whether a node of `position` `depth` plies above the horizon orders its quiet moves
    /// by a look at each child (the evaluation of the position the move leads to, a move
    /// that lets the other side win at once last) rather than by history alone: worth its
    /// cost where moves are many and most are poor, as in Gygès with displacement (hundreds
    /// of moves, most of them drops that change nothing). Never by default.
    fn looks_ahead(&self, _position: &R, _depth: i32) -> bool {
        false
    }

    /// How many moves a node `depth` plies above the horizon searches before it skips the
    /// quiet ones left (late move pruning), once one of its moves is known not to lose: a
    /// forced loss is never claimed on a pruned node, so every forced result the search
    /// reports stays a proof. All by default.
    fn late_moves(&self, _position: &R, _depth: i32) -> usize {
        usize::MAX
    }

    /// Whether the side to move must parry a win at once (the other side could enter the
    /// goal if it were to move): like a king in check, the node is searched a ply deeper
    /// (see [`EXTENDED_LINE`]), so a forced run of threats costs the search only the
    /// attacker's plies and is seen far past the nominal depth. Asked only of nodes above
    /// the horizon (past it the quiescence parries). False by default.
    fn threatened(&self, _position: &R) -> bool {
        false
    }

    /// The judgement of a leaf made without its move list, when there is nothing for the
    /// quiescence to try (no noisy move, no threat to parry) and so the list would only be
    /// counted: `None` when the search must generate the moves (the default). With
    /// displacement a Gygès position has hundreds of moves and building the list was a
    /// tenth of the search's time. A leaf under threat may be judged too
    /// ([`Leaf::Threatened`], the judgement [`Evaluator::evaluate`] would give): the search
    /// still generates its moves to parry, but does not evaluate it again.
    fn quiet_leaf(&self, _position: &R) -> Option<Leaf> {
        None
    }

    /// Which of `replies` might parry the win at once the other side of `position`
    /// threatens: a reply marked false leaves it that win, so the search scores it lost
    /// without playing it. `None` when every reply must be tried (the default). With
    /// displacement a threatened Gygès position has hundreds of replies and only those
    /// that touch one of the threat's paths to the goal can parry it.
    fn parries(&self, _position: &R, _replies: &[R::Move]) -> Option<Vec<bool>> {
        None
    }

    /// Whether the side to move has a move that wins at once: asked of every answer to a
    /// threat when a look ([`Evaluator::looks_ahead`]) meets one, so a game with a cheaper
    /// test than generating the moves (Gygès: a scan that stops at the first piece
    /// reaching the goal) should give it.
    fn wins_at_once(&self, position: &R) -> bool {
        self.moves_unless_won(position).is_none()
    }
}

/// What bounds one search.
#[derive(Clone, Debug)]
pub struct Bounds {
    /// The deepest iteration.
    pub depth: u32,
    /// When to stop, at the latest.
    pub deadline: Option<Instant>,
    /// The most nodes to search (quiescence included): a bound that, unlike the clock,
    /// ends the search at the same node on every machine and under any load.
    pub nodes: Option<u64>,
    /// Whether another iteration starts while any time or nodes are left, though it may
    /// not finish: its move is taken when it beat the last finished iteration's best
    /// outright. Otherwise one starts only when what is left is at least what was spent
    /// (an iteration takes several times the one before), which leaves the end of the
    /// time to whoever comes after the search (a level's blur, its second look).
    pub to_the_end: bool,
}

impl Bounds {
    /// Bounded by its depth alone: deterministic, the same tree on every machine, stopping
    /// at whole iterations. The other bounds are added to it by name where a search has them.
    #[must_use]
    pub fn plies(depth: u32) -> Self {
        Self {
            depth,
            deadline: None,
            nodes: None,
            to_the_end: false,
        }
    }
}

/// One finished iteration, for `info` lines.
#[derive(Clone, Debug)]
pub struct Iteration<M> {
    /// Its depth in plies.
    pub depth: u32,
    /// The score of the best move.
    pub score: i32,
    /// Nodes searched so far (quiescence included).
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation, best move first.
    pub pv: Vec<M>,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct Found<M> {
    /// The best move, `None` when the position has no move.
    pub best: Option<M>,
    /// Its score.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Every root move (its index in [`Rules::legal_moves`]) with its score in the last
    /// iteration, the best first: where to look for a second choice without searching again
    /// (the best may turn out to open a run the search did not see). The others' scores
    /// are bounds from null windows: each at most what it says.
    pub ranked: Vec<(usize, i32)>,
}

/// A search's state: table, ordering heuristics, counters and the clock.
pub struct Searcher<'a, R: Rules, E: Evaluator<R>> {
    eval: &'a E,
    table: Table,
    leaves: LeafCache,
    killers: Vec<[Option<R::Move>; 2]>,
    history: Vec<i32>,
    /// Hashes of the positions from the game's start to the node being searched: a
    /// position seen before on this line is scored as a draw.
    path: Vec<u64>,
    nodes: u64,
    started: Instant,
    deadline: Option<Instant>,
    /// The node count at which the search stops ([`Bounds::nodes`] from its start).
    node_limit: Option<u64>,
    cancel: &'a AtomicBool,
    stopped: bool,
    /// The iteration's depth: threat extensions stop short of [`EXTENDED_LINE`] times it.
    root_depth: i32,
    /// What each root move (by its index in [`Rules::legal_moves`]) is marked down by:
    /// see [`Searcher::set_root_penalties`].
    root_penalties: Vec<i32>,
}

impl<'a, R: Rules, E: Evaluator<R>> Searcher<'a, R, E> {
    /// A searcher with a table of `table_mb` MiB. `history` holds the hashes of the
    /// positions before the root, oldest first (repetitions).
    pub fn new(eval: &'a E, table_mb: usize, history: Vec<u64>, cancel: &'a AtomicBool) -> Self {
        Self {
            eval,
            table: Table::new(table_mb),
            leaves: LeafCache::new(table_mb),
            killers: Vec::new(),
            history: vec![0; HISTORY],
            path: history,
            nodes: 0,
            started: Instant::now(),
            deadline: None,
            node_limit: None,
            cancel,
            stopped: false,
            root_depth: 0,
            root_penalties: Vec::new(),
        }
    }

    /// Marks root moves down (by their index in [`Rules::legal_moves`]; missing ones by
    /// nothing) unless they win or lose by force: a move that walks a piece back where it
    /// just came from gains nothing a person would play it for, so it is chosen only when
    /// it is better by more than its mark. A score bound for the root stays a bound.
    pub fn set_root_penalties(&mut self, penalties: Vec<i32>) {
        self.root_penalties = penalties;
    }

    /// `raw`, the score of root move `i`, less its mark (forced results as they are).
    fn marked_down(&self, i: usize, raw: i32) -> i32 {
        match self.root_penalties.get(i) {
            Some(&p) if raw.abs() < WON => raw - p,
            _ => raw,
        }
    }

    /// Starts over on another position of the same game, keeping the table: `history` holds
    /// the hashes of the positions before the next root, oldest first. A game's analysis
    /// searches its positions one after the other, and each finds much of its tree already
    /// scored by the one before.
    pub fn set_history(&mut self, history: Vec<u64>) {
        self.path = history;
        self.stopped = false;
    }

    /// Nodes searched so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn out_of_time(&mut self) -> bool {
        if !self.stopped && self.node_limit.is_some_and(|limit| self.nodes > limit) {
            self.stopped = true;
        }
        if !self.stopped && self.nodes.is_multiple_of(CLOCK_EVERY) {
            self.stopped = self.cancel.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.stopped
    }

    /// Iterative deepening from `root` within `bounds`, reporting each finished iteration.
    /// Deterministic when only the depth and the nodes bound it.
    pub fn run(
        &mut self,
        root: &R,
        bounds: &Bounds,
        report: &mut dyn FnMut(&Iteration<R::Move>),
    ) -> Found<R::Move> {
        self.started = Instant::now();
        self.deadline = bounds.deadline;
        // A search stopped by its nodes does not stop the next one on the same table.
        self.stopped = false;
        let first_node = self.nodes;
        self.node_limit = bounds.nodes.map(|budget| first_node.saturating_add(budget));
        self.table.next_generation();
        let moves = root.legal_moves();
        let mut found = Found {
            best: moves.first().cloned(),
            score: 0,
            depth: 0,
            nodes: 0,
            ranked: (0..moves.len()).map(|i| (i, 0)).collect(),
        };
        if moves.len() <= 1 {
            return found;
        }
        // Root moves, best first: each iteration re-sorts them by its scores.
        let mut order: Vec<(usize, i32)> = (0..moves.len()).map(|i| (i, 0)).collect();
        for depth in 1..=bounds.depth.min(MAX_DEPTH) {
            self.root_depth = depth as i32;
            let (best, score, complete) = self.root(root, &moves, &mut order, depth);
            // An unfinished iteration counts only if a move beat the previous best outright.
            if complete || best != order[0].0 {
                found.best = Some(moves[best].clone());
                found.score = score;
            }
            if !complete {
                break;
            }
            found.ranked = order.to_vec();
            found.depth = depth;
            report(&Iteration {
                depth,
                score,
                nodes: self.nodes,
                elapsed: self.started.elapsed(),
                pv: self.pv(root, depth),
            });
            if score.abs() >= WON && (MATE - score.abs()) as u32 <= depth {
                break;
            }
            // An iteration takes several times the one before: unless the bounds say to
            // search to their end, do not start one that cannot finish.
            if let Some(deadline) = self.deadline {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() || (!bounds.to_the_end && left < self.started.elapsed()) {
                    break;
                }
            }
            if let Some(limit) = self.node_limit {
                let left = limit.saturating_sub(self.nodes);
                if left == 0 || (!bounds.to_the_end && left < self.nodes - first_node) {
                    break;
                }
            }
        }
        found.nodes = self.nodes;
        found
    }

    /// Every root move's score at `depth` (full windows, so each is exact): what a level
    /// with deliberate noise chooses among. Moves in [`Rules::legal_moves`] order; `None`
    /// if the deadline came first.
    pub fn score_all(
        &mut self,
        root: &R,
        depth: u32,
        deadline: Option<Instant>,
    ) -> Option<Vec<i32>> {
        self.deadline = deadline;
        self.node_limit = None;
        self.root_depth = depth as i32;
        self.path.push(hash::of(root));
        let scores = root
            .legal_moves()
            .iter()
            .enumerate()
            .map(|(i, mv)| {
                let mut child = root.clone();
                child.play_unchecked(mv);
                let raw = -self.negamax(&child, depth as i32 - 1, -MATE, MATE, 1);
                self.marked_down(i, raw)
            })
            .collect();
        self.path.pop();
        (!self.stopped).then_some(scores)
    }

    /// One iteration at the root. Returns the best move's index, its score, and whether
    /// the iteration finished; `order` is re-sorted best first.
    fn root(
        &mut self,
        root: &R,
        moves: &[R::Move],
        order: &mut [(usize, i32)],
        depth: u32,
    ) -> (usize, i32, bool) {
        let depth = depth as i32;
        let (mut alpha, beta) = (-MATE - 1, MATE + 1);
        let mut best = order[0].0;
        self.path.push(hash::of(root));
        for (n, entry) in order.iter_mut().enumerate() {
            let i = entry.0;

            let mut child = root.clone();
            child.play_unchecked(&moves[i]);
            // A marked-down move must beat alpha by its mark (not when all so far lose).
            let mark = self.root_penalties.get(i).copied().unwrap_or(0);
            let bar = if alpha.abs() < WON {
                alpha + mark
            } else {
                alpha
            };
            let raw = if n == 0 {
                -self.negamax(&child, depth - 1, -beta, -bar, 1)
            } else {
                let reduce = self.root_reduction(root, &child, depth, n);
                self.later_move(&child, depth, reduce, (bar, beta), 1)
            };
            let score = self.marked_down(i, raw);
            if self.stopped {
                self.path.pop();
                return (best, alpha, false);
            }
            entry.1 = score;
            if score > alpha {
                alpha = score;
                best = i;
            }
        }
        self.path.pop();
        // Stable: moves that failed low keep their old relative order behind the best.
        order.sort_by_key(|&(i, score)| (i != best, -score));
        self.table
            .store(hash::of(root), alpha, depth as u8, Bound::Exact, Some(best));
        (best, alpha, true)
    }

    /// The score of a move after a node's first, leading to `child` (at `ply`), from a node
    /// `depth` plies deep: a null-window probe `reduce` plies shallower; a reduced move
    /// that then beats `alpha`, or looks lost by force, is probed again at full depth (so
    /// every forced result reported was found at full depth); and one that lands inside
    /// the window is searched again with it.
    fn later_move(
        &mut self,
        child: &R,
        depth: i32,
        reduce: i32,
        (alpha, beta): (i32, i32),
        ply: usize,
    ) -> i32 {
        let mut probe = -self.negamax(child, depth - 1 - reduce, -alpha - 1, -alpha, ply);
        if reduce > 0 && (probe > alpha || probe <= -WON) && !self.stopped {
            probe = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply);
        }
        if probe > alpha && probe < beta && !self.stopped {
            -self.negamax(child, depth - 1, -beta, -alpha, ply)
        } else {
            probe
        }
    }

    /// How much shallower the `n`th root move, leading to `child`, is searched first
    /// ([`Evaluator::root_reduction`]): not at all when it threatens to win at once.
    fn root_reduction(&mut self, root: &R, child: &R, depth: i32, n: usize) -> i32 {
        let reduce = self.eval.root_reduction(root, depth, n).clamp(0, depth - 1);
        if reduce == 0
            || matches!(
                self.quiet_leaf(child, || hash::of(child)),
                Some(Leaf::Threatened(_))
            )
        {
            return 0;
        }
        reduce
    }

    fn terminal(position: &R, ply: usize) -> i32 {
        let mate = MATE - ply as i32;
        match position.outcome() {
            Outcome::Win(seat) if seat == position.to_move() => mate,
            Outcome::Win(_) => -mate,
            _ => 0,
        }
    }

    fn negamax(&mut self, position: &R, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let key = hash::of(position);
        if self.path.contains(&key) {
            return 0;
        }
        let hit = self.table.probe(key);
        if let Some(hit) = hit {
            if i32::from(hit.depth) >= depth {
                let score = from_table(hit.score, ply);
                let usable = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }
        // A leaf under threat, judged without its moves: the quiescence parries it, and
        // need not judge it again.
        let known = if depth <= 0 {
            match self.quiet_leaf(position, || key) {
                Some(Leaf::WinsNow) => return MATE - ply as i32 - 1,
                Some(Leaf::Score(score)) => return score,
                leaf => leaf,
            }
        } else {
            None
        };
        let Some(moves) = self.eval.moves_unless_won(position) else {
            return MATE - ply as i32 - 1;
        };
        if moves.is_empty() {
            return Self::terminal(position, ply);
        }
        let depth = depth + extension(self.eval, position, depth, ply, self.root_depth);
        if depth <= 0 {
            return self.quiesce(position, &moves, known, (alpha, beta), ply, 0);
        }
        let mut order = self.order(position, &moves, hit.and_then(|h| h.best), ply);
        // A look at every child costs an evaluation each: it waits until the table's move
        // or a killer, searched first when there is one, has failed to cut off.
        let mut looked = !self.eval.looks_ahead(position, depth);
        // The moves the look found to threaten the goal, by index (empty until it looks).
        let mut threats = Vec::new();
        let late = self.eval.late_moves(position, depth);
        let alpha_before = alpha;
        let mut best_score = -MATE - 1;
        let mut best = None;
        self.path.push(key);
        for n in 0..order.len() {
            if !looked && (n > 0 || order.iter().all(|&(rank, _)| rank < QUIET_RANK)) {
                self.look(position, &moves, &mut order[n..], &mut threats);
                looked = true;
            }
            // Pick the best-ranked move left: a cut-off after the first few moves (the
            // usual case) then never pays for sorting the rest.
            let next = (n..order.len())
                .max_by_key(|&j| (order[j].0, std::cmp::Reverse(j)))
                .expect("moves left");
            order.swap(n, next);
            // A threat is never skipped nor searched shallower: a run to the goal starts
            // with one, and a node that searches only its first few moves, or a reduced
            // search that stops short of the goal, would miss it. Without this the
            // engine scored 19.5 of 40 against the public Gygès engine, with it 24, 23,
            // 23 and 22 (500 ms a move, the same openings; see the README).
            let threat = threats.get(order[n].1).copied().unwrap_or(false);
            if n >= late && order[n].0 < QUIET_RANK && best_score > -WON && !threat {
                break;
            }
            let i = order[n].1;
            let mv = &moves[i];
            let mut child = position.clone();
            child.play_unchecked(mv);
            let score = if n == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                // Moves ranked by history alone (not the table's, a noisy one or a killer)
                // may be searched shallower first. One that then looks better than the
                // best so far, or lost by force, is searched again at full depth: so every
                // forced win or loss the search reports was found at full depth.
                let reduce = if order[n].0 < QUIET_RANK && !threat {
                    self.eval.reduction(position, depth, n).clamp(0, depth - 1)
                } else {
                    0
                };
                self.later_move(&child, depth, reduce, (alpha, beta), ply + 1)
            };
            if self.stopped {
                self.path.pop();
                return 0;
            }
            if score > best_score {
                best_score = score;
                best = Some(i);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if !self.eval.is_noisy(position, mv) {
                            self.remember_cutoff(mv, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        self.path.pop();
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_before {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let depth = u8::try_from(depth).unwrap_or(u8::MAX);
        self.table
            .store(key, to_table(best_score, ply), depth, bound, best);
        best_score
    }

    /// Past the horizon: a win in one is found, otherwise the side to move may stand on the
    /// evaluation or try its noisy moves. `known` is the position's judgement when
    /// [`Evaluator::quiet_leaf`] gave one (a threat to parry), so it is not worked out twice.
    fn quiesce(
        &mut self,
        position: &R,
        moves: &[R::Move],
        known: Option<Leaf>,
        (mut alpha, beta): (i32, i32),
        ply: usize,
        extra: u32,
    ) -> i32 {
        let leaf = known.unwrap_or_else(|| self.eval.evaluate(position, moves));
        let (stand, parry) = match leaf {
            Leaf::WinsNow => return MATE - ply as i32 - 1,
            Leaf::Score(score) => (score, false),
            Leaf::Threatened(score) => (score, extra < MAX_PARRY_PLIES),
        };
        if !parry && (stand >= beta || extra >= MAX_QUIESCENCE) {
            return stand;
        }
        // Under a threat there is no standing pat: some reply must parry it.
        let mut best = if parry { -MATE - 1 } else { stand };
        alpha = alpha.max(best);
        let may_parry = if parry {
            self.eval.parries(position, moves)
        } else {
            None
        };
        for (i, mv) in moves
            .iter()
            .enumerate()
            .filter(|(_, mv)| parry || self.eval.is_noisy(position, mv))
        {
            self.nodes += 1;
            if self.out_of_time() {
                return 0;
            }
            let score = if may_parry.as_ref().is_some_and(|may| !may[i]) {
                // A reply that cannot parry lets the other side in at once.
                -(MATE - ply as i32 - 2)
            } else {
                let mut child = position.clone();
                child.play_unchecked(mv);
                // What the child's own look would say: it enters the goal at once, or
                // stands on its evaluation with nothing to try.
                match self.quiet_leaf(&child, || hash::of(&child)) {
                    Some(Leaf::WinsNow) => -(MATE - ply as i32 - 2),
                    Some(Leaf::Score(score)) => -score,
                    leaf => self.quiesce_child(&child, leaf, (alpha, beta), ply, extra),
                }
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The quiescence's score of `child` (from the parent's side) when it cannot be judged
    /// without its moves; `known` as in [`Searcher::quiesce`].
    fn quiesce_child(
        &mut self,
        child: &R,
        known: Option<Leaf>,
        (alpha, beta): (i32, i32),
        ply: usize,
        extra: u32,
    ) -> i32 {
        match self.eval.moves_unless_won(child) {
            None => -(MATE - ply as i32 - 2),
            Some(replies) if replies.is_empty() => -Self::terminal(child, ply + 1),
            Some(replies) => {
                -self.quiesce(child, &replies, known, (-beta, -alpha), ply + 1, extra + 1)
            }
        }
    }

    /// Each move's rank (higher first) with its index: the table's move, noisy moves,
    /// killers, then by history ([`Searcher::look`] may rank the quiet ones again).
    fn order(
        &self,
        position: &R,
        moves: &[R::Move],
        table: Option<usize>,
        ply: usize,
    ) -> Vec<(i64, usize)> {
        let killers = self.killers.get(ply);
        moves
            .iter()
            .enumerate()
            .map(|(i, mv)| {
                let rank: i64 = if Some(i) == table {
                    1 << 40
                } else if self.eval.is_noisy(position, mv) {
                    1 << 36
                } else if killers.is_some_and(|k| k[0].as_ref() == Some(mv)) {
                    1 << 34
                } else if killers.is_some_and(|k| k[1].as_ref() == Some(mv)) {
                    QUIET_RANK
                } else {
                    i64::from(self.history[history_slot(mv)])
                };
                (rank, i)
            })
            .collect()
    }

    /// Ranks the quiet moves of `order` (those ranked by history) by the look at each
    /// child instead, history (2^30 at most) breaking ties, all below [`QUIET_RANK`], and
    /// marks in `threats` (indexed like `moves`) those after which the mover threatens to
    /// win at once.
    fn look(
        &mut self,
        position: &R,
        moves: &[R::Move],
        order: &mut [(i64, usize)],
        threats: &mut Vec<bool>,
    ) {
        threats.resize(moves.len(), false);
        for (rank, i) in order.iter_mut().filter(|(rank, _)| *rank < QUIET_RANK) {
            let (score, threat) = self.child_score(position, &moves[*i]);
            threats[*i] = threat;
            *rank = i64::from(score) * LOOK_SCALE + (*rank >> 17).min(LOOK_SCALE - 1);
        }
    }

    /// The look at the position `mv` leads to, from the mover's side: its evaluation, a
    /// move that lets the other side win at once the worst, a threat no answer parries
    /// the best. Without that last, a threat ranks by its evaluation's penalty alone, and
    /// a node that searches only its first few moves ([`Evaluator::late_moves`]) could
    /// skip the one move that wins. A bonus of 1,000 on every threat in the look (so that
    /// threats come first, parried or not) scored 13.5 of 40 against the public Gygès
    /// engine where this scored 18.5 (500 ms a move, the same openings). With the score,
    /// whether the move threatens to win at once (keeps its rank, but is searched in full).
    fn child_score(&mut self, position: &R, mv: &R::Move) -> (i32, bool) {
        let mut child = position.clone();
        child.play_unchecked(mv);
        let (theirs, threat) = match self.quiet_leaf(&child, || hash::of(&child)) {
            Some(Leaf::WinsNow) => (MATE, false),
            Some(Leaf::Score(score)) => (score, false),
            leaf => self.judge(&child, leaf),
        };
        (-theirs.clamp(-MATE, MATE), threat)
    }

    /// [`Evaluator::quiet_leaf`] of `position`, from the cache when it was asked before.
    /// `key` gives the position's hash, worked out only once the cache is in use: in a game
    /// whose leaves always need their moves (Jump Sturdy's quiescence) the cache never is,
    /// and no child is hashed for it.
    fn quiet_leaf(&mut self, position: &R, key: impl FnOnce() -> u64) -> Option<Leaf> {
        if !self.leaves.in_use() {
            let leaf = self.eval.quiet_leaf(position);
            if leaf.is_some() {
                self.leaves.store(key(), leaf);
            }
            return leaf;
        }
        let key = key();
        if let Some(leaf) = self.leaves.probe(key) {
            return leaf;
        }
        let leaf = self.eval.quiet_leaf(position);
        self.leaves.store(key, leaf);
        leaf
    }

    /// A child the look cannot judge without its moves: over, threatened, or in a game
    /// without [`Evaluator::quiet_leaf`]; with its score (the child's side's), whether the
    /// child's side to move is threatened with a win at once. `known` is the child's
    /// judgement when [`Evaluator::quiet_leaf`] gave one.
    fn judge(&self, child: &R, known: Option<Leaf>) -> (i32, bool) {
        match self.eval.moves_unless_won(child) {
            None => (MATE, false),
            Some(replies) if replies.is_empty() => (Self::terminal(child, 0), false),
            Some(replies) => match known.unwrap_or_else(|| self.eval.evaluate(child, &replies)) {
                Leaf::WinsNow => (MATE, false),
                Leaf::Threatened(_) if self.unparried(child, &replies) => (-WON, true),
                Leaf::Threatened(score) => (score, true),
                Leaf::Score(score) => (score, false),
            },
        }
    }

    /// Whether every one of `replies` (none of them a win) leaves the other side of
    /// `position` a win at once: a threat that cannot be parried.
    fn unparried(&self, position: &R, replies: &[R::Move]) -> bool {
        let may_parry = self.eval.parries(position, replies);
        replies.iter().enumerate().all(|(i, reply)| {
            if may_parry.as_ref().is_some_and(|may| !may[i]) {
                return true;
            }
            let mut next = position.clone();
            next.play_unchecked(reply);
            self.eval.wins_at_once(&next)
        })
    }

    fn remember_cutoff(&mut self, mv: &R::Move, depth: i32, ply: usize) {
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.killers[ply];
        if slot[0].as_ref() != Some(mv) {
            slot[1] = slot[0].take();
            slot[0] = Some(mv.clone());
        }
        let h = &mut self.history[history_slot(mv)];
        *h = (*h + depth * depth).min(1 << 30);
    }

    /// The principal variation from the table, at most `depth` moves.
    fn pv(&self, root: &R, depth: u32) -> Vec<R::Move> {
        let mut line = Vec::new();
        let mut position = root.clone();
        let mut seen = Vec::new();
        while line.len() < depth as usize {
            let key = hash::of(&position);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let Some(best) = self.table.probe(key).and_then(|h| h.best) else {
                break;
            };
            let moves = position.legal_moves();
            let Some(mv) = moves.get(best) else {
                break;
            };
            position.play_unchecked(mv);
            line.push(mv.clone());
        }
        line
    }
}

/// How many plies deeper a node is searched: one when the side to move is threatened
/// ([`Evaluator::threatened`]), the node is above the horizon, and the line stays shorter
/// than [`EXTENDED_LINE`] times the iteration's depth (which bounds chains of threats and
/// counter-threats). The plain reference search extends by the same rule.
pub fn extension<R: Rules, E: Evaluator<R>>(
    eval: &E,
    position: &R,
    depth: i32,
    ply: usize,
    root_depth: i32,
) -> i32 {
    i32::from(
        depth >= 1 && ply as i32 + depth < EXTENDED_LINE * root_depth && eval.threatened(position),
    )
}

fn history_slot<M: std::hash::Hash>(mv: &M) -> usize {
    (hash::value(mv) as usize) & (HISTORY - 1)
}

/// A mate score as the table stores it: relative to the stored node, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= WON => s + ply as i32,
        s if s <= -WON => s - ply as i32,
        s => s,
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    match score {
        s if s >= WON => s - ply as i32,
        s if s <= -WON => s + ply as i32,
        s => s,
    }
}
