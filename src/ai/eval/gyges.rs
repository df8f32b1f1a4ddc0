//! Gygès: the pieces belong to nobody, so what counts is reach. A side wins by entering the
//! goal, so a goal within reach of the side to move is a win and one within the other
//! side's reach a threat to parry; otherwise more moves, and more pieces free to move on
//! one's nearest row (row control), is better.

use std::collections::HashMap;

use crate::ai::hash;
use crate::ai::run_budget::RunBudget;
use crate::ai::search::{Evaluator, Leaf};
use crate::games::gyges::{
    rows_mask, Mobility, Move, Movers, Options, Position, Side, Target, SIDE,
};
use crate::games::Rules;

/// One term of the evaluation: a feature of the position, worked out for each side and
/// taken as "the side to move's less the other's", and its weight in hundredths of a man.
/// The weights are data: `leapfrog tune gyges` fits them to the results of the engine's
/// own games, and prints a table of this shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// What players would call it; `leapfrog tune` prints it.
    pub name: &'static str,
    /// Its weight.
    pub weight: i32,
}

/// How many terms the evaluation has.
pub const TERMS: usize = 12;

/// The evaluation's terms. The first three were measured by self-play (two binaries,
/// `setup=random` seeds 1–40 with colours swapped, 200 ms a move): a move at 8 scored 50
/// of 80 against 4 and 12 scored 23.5 of 40 against 8; a mover at 50 and 10 scored 17 and
/// 18 of 40 against 25; a threat at 150 and 600 scored 21 and 20 of 40 against 300 (the
/// search's parry of threats matters more than the penalty's size).
///
/// The last three are candidates the fit found telling but play did not bear out, so they
/// weigh nothing. `leapfrog tune gyges --option setup=random --games 1000 --depth 4`
/// (13,451 positions) fitted moves 3, movers −161, threat +50, advance 225, far squares 51
/// and mover sizes 78: a better forecast of the results (log loss 0.620 against these
/// weights' 0.694) but a weaker player against these weights at equal depth, 92.5 of 200
/// games at depth 4 and 55 of 120 at depth 5 (22 of 40 at 200 ms a move). Advance 50 or
/// far squares 20 added to these weights scored 100 and 99.5 of 200 at depth 4. The games
/// are short and won by forced runs to the goal, which the search and the goal-run search
/// see, not the evaluation.
pub const WEIGHTS: [Term; TERMS] = [
    // A legal move.
    Term {
        name: "moves",
        weight: 8,
    },
    // A piece of the nearest row that may move.
    Term {
        name: "movers",
        weight: 25,
    },
    // The other side could enter the goal if it were to move (1 when it could; only
    // the other side's counts).
    Term {
        name: "threat",
        weight: -300,
    },
    // How far the row that moves is from the side's home row.
    Term {
        name: "advance",
        weight: 0,
    },
    // Squares a move can end on in the two rows nearest the goal aimed for.
    Term {
        name: "far squares",
        weight: 0,
    },
    // The sizes of the pieces that may move, added up.
    Term {
        name: "mover sizes",
        weight: 0,
    },
    // The displacement terms (below) weigh nothing without displacement.
    Term {
        name: "landings",
        weight: 0,
    },
    Term {
        name: "sole 1s",
        weight: 0,
    },
    Term {
        name: "sole 2s",
        weight: 0,
    },
    Term {
        name: "sole 3s",
        weight: 0,
    },
    Term {
        name: "sole squares",
        weight: 0,
    },
    Term {
        name: "bounces",
        weight: 0,
    },
];

/// The terms with displacement (`displace=on`), where a move count is mostly drop squares
/// (every landing times every empty square it may drop on) and says little: what counts is
/// which pieces a side can land on (and so move elsewhere) that the other cannot, the
/// ones above all: the public UGI engine weighs the same kind of control. With the move
/// count table ([`WEIGHTS`]) the engine scored 3 of 10 against that engine at 3 plies (ours
/// at 300 ms a move), with sole 1s, 2s and 3s at 300, 60 and 30 5 of 10 (the same search,
/// the same openings). Those doubled scored 18.5 of 40 against the engine at 500 ms a move
/// where they had scored 14 of 40 (same openings; see the README). Later, with the faster
/// search (18.5 of 40): sole squares 12 and landings 10 scored 11.5 of 40, 3 and 2 17.5.
///
/// The public engine counts moves path by path, 25 for every path to a piece (about the
/// drops it allows) and 1 for every other, and weighs sole control three times its own
/// weights (500, 100 and 50 a sole 1, 2 and 3; 10 a sole square). Its proportions, in
/// ours (600 a sole 1), are 10 a bounce ([`Mobility::bounces`], the paths to a piece as
/// our bounce search tells them apart) and 12 a sole square; landings give way to the
/// bounces. At three plies a side (`--a level=5,depth=3 --b ugi=…,depth=3`, 40 games from
/// the default openings), where the landings scored 21.5 of 40 against it, and 14.5 with
/// no late move pruning (every move searched made the evaluation's faults count more),
/// the bounces scored 28; at 500 ms a move (strict), 26 of 40 where the landings had scored
/// 23 and 22, and 22 where they had scored 18 from other openings (pairs 21 to 40 of
/// `openings/gyges-random.txt`). By the README's calibrated measure (the engine on both
/// cores, a move not given a lost game) 31 and 29 of 40, as before (30.7 and 29). The
/// bounce search counts them at no cost of its own; the side to move's now come from it
/// too rather than from its move list: 474,000 positions a second where the landings'
/// search made 498,000 (depth 4 from six shuffled set-ups). Other weights at three plies a
/// side: bounces 5 scored 19 of 40, 20 scored 26; landings 5 beside them 25; sole squares
/// 6 instead of 12 30 (within a match's noise of 28).
///
/// Later, at three plies a side over four sets of 20 opening pairs (the default openings,
/// then pairs 21–40, 41–60 and 61–80 of the book; one match from a set is repeatable, both
/// engines being deterministic at a fixed depth), these weights scored 28, 18, 24 and 19
/// (89 of 160). Sole 1s, 2s and 3s at 400, 80 and 40 scored 29.5, 26, 21 and 27 (103.5),
/// at 300, 60 and 30 25 and 21.5 from the first two sets, at 900, 180 and 90 19 from the
/// first; a threat of −600 27.5 and 19; every move searched (no late move pruning) 26
/// from the first. But at 500 ms a move (strict) the sole weights of 400 scored 23 and 23
/// of 40 from the first two sets, where these scored 26, 26 and 24 (the last with the
/// faster search) and 22: not kept, since the target is measured with the clock.
///
/// [`Mobility::bounces`]: crate::games::gyges::Mobility::bounces
pub const DISPLACE_WEIGHTS: [Term; TERMS] = reweighed(
    &WEIGHTS,
    [
        // moves, movers, threat, advance, far squares, mover sizes: only the threat.
        0, 0, -300, 0, 0, 0,
        // landings: a (piece, landing) pair, a displacement whatever the drop.
        0,
        // sole 1s, 2s and 3s: a piece this side can land on (or move) and the other cannot.
        600, 120, 60,
        // sole squares: an empty square this side's moves can end on and the other's cannot;
        // bounces: a segment of a bounce chain that ends on a piece.
        12, 10,
    ],
);

/// `terms` with these weights instead: one list of the terms' names for every table.
const fn reweighed(terms: &[Term; TERMS], weights: [i32; TERMS]) -> [Term; TERMS] {
    let mut table = *terms;
    let mut i = 0;
    while i < TERMS {
        table[i].weight = weights[i];
        i += 1;
    }
    table
}

/// The weights for games with these options.
#[must_use]
pub fn weights(options: &Options) -> &'static [Term; TERMS] {
    if options.displace {
        &DISPLACE_WEIGHTS
    } else {
        &WEIGHTS
    }
}

/// Where the sole-control terms are in [`WEIGHTS`]: the sole 1s, 2s and 3s, then the sole
/// squares.
const SOLE_PIECES: usize = 7;
const SOLE_SQUARES: usize = 10;

/// Whether `mv` enters the goal.
fn enters_goal(mv: &Move) -> bool {
    matches!(
        mv,
        Move::Go {
            to: Target::Goal,
            ..
        }
    )
}

/// The search for runs to the goal: threats only, within a budget of positions, with a
/// killer move for each side at each length left. With displacement most moves come in
/// families that differ only in the drop square, and the threat that kept a run going
/// after one answer (or the answer that stopped one threat) usually does after the next:
/// tried first, it turns the run's proof from every attacker move per answer into about
/// one. Of the answers to a threat only those that may cut its path to the goal are
/// searched ([`crate::games::gyges::GoalPath`]). On 118 positions of random games with
/// displacement (24 shuffled set-ups, up to seven plies in), the 16 runs found before took
/// 1,167,541 positions instead of 2,558,324 (1.42 s instead of 1.57 s), the 91 positions
/// shown to have none 14.2 s instead of 17.1 s, and a run of seven plies the plain order
/// had not found in 2,000,000 positions took 802,376. What a position's search for a
/// run found is kept ([`Runs::known`]): on the positions two to seven plies into 24 random
/// games from other shuffled set-ups (runs of up to seven plies, a million positions
/// each) it took 10,263,793 positions instead of 12,165,530 (13.5 s instead of 15.2 s) to
/// the same 16 runs; 9.3 s once the moves that threaten nothing were told apart by the
/// loose reach ([`Position::reaches_goal`]) instead of the real one.
struct Runs<'a> {
    budget: &'a mut RunBudget,
    /// What [`Runs::has_run`] found, by position and length, once the search that found it
    /// finished within the budget: threats and answers transpose (threat a then b, or b
    /// then a), and a run of seven plies meets the same positions many times.
    known: HashMap<u64, bool>,
    /// The threat that last kept a run going, by plies left / 2.
    attack: [Option<Move>; KILLER_LEVELS],
    /// The answer that last stopped a threat, by plies left / 2.
    defence: [Option<Move>; KILLER_LEVELS],
}

/// Killer slots of [`Runs`]: runs of up to fifteen plies (the search asks for seven).
const KILLER_LEVELS: usize = 8;

/// `moves` with `first` (when one of them) in front.
fn killer_first(first: Option<Move>, moves: &[Move]) -> impl Iterator<Item = Move> + '_ {
    let first = first.filter(|k| moves.contains(k));
    first
        .into_iter()
        .chain(moves.iter().copied().filter(move |mv| Some(*mv) != first))
}

impl Runs<'_> {
    /// Takes one position from the budget: false when it is spent.
    fn spend(&mut self) -> bool {
        self.budget.spend()
    }

    /// The first move of a run to the goal for the side to move within `plies` plies
    /// (odd): a goal entered now, or (three plies or more) a move that leaves the mover
    /// able to enter the goal next turn, after which every answer (none of them entering
    /// the other goal) leaves a run two plies shorter. Only such threats are tried; even
    /// so a run of seven plies on a crowded board with displacement can take hundreds of
    /// thousands of positions (see [`Runs`]), which the budget bounds.
    fn run(&mut self, position: &Position, plies: u32) -> Option<Move> {
        let moves = position.legal_moves();
        if let Some(win) = moves.iter().find(|mv| enters_goal(mv)) {
            return Some(*win);
        }
        self.threat_run(position, &moves, plies)
    }

    /// Whether the side to move has a run within `plies` plies: [`Runs::run`] without
    /// naming the move, and with the goal found by the cheap scan that stops at the first
    /// piece reaching it instead of every move generated (with displacement, hundreds).
    fn has_run(&mut self, position: &Position, plies: u32) -> bool {
        if position.reaches_goal(position.turn()) {
            return true;
        }
        if plies < 3 {
            return false;
        }
        let key = hash::value(&(position.key(), plies));
        if let Some(&found) = self.known.get(&key) {
            return found;
        }
        let found = self
            .threat_run(position, &position.legal_moves(), plies)
            .is_some();
        // A search cut short by the budget proves nothing either way.
        if self.budget.left() > 0 {
            self.known.insert(key, found);
        }
        found
    }

    /// The first of `moves` (no goal among them) that threatens the goal and keeps a run
    /// of `plies` less two after every answer.
    fn threat_run(&mut self, position: &Position, moves: &[Move], plies: u32) -> Option<Move> {
        if plies < 3 {
            return None;
        }
        let level = (plies / 2) as usize % KILLER_LEVELS;
        let found = killer_first(self.attack[level], moves)
            .find(|mv| self.spend() && self.holds(position, mv, plies));
        if found.is_some() {
            self.attack[level] = found;
        }
        found
    }

    /// Whether `threat` leaves the mover of `position` able to enter the goal, and a run
    /// of `plies` less two after every answer. Every position counts, answers too: with
    /// displacement a threat has hundreds.
    fn holds(&mut self, position: &Position, threat: &Move, plies: u32) -> bool {
        let mut after = position.clone();
        after.play_unchecked(threat);
        // The plain scan first: most moves threaten nothing, and it is cheaper than
        // finding a path (below), which only threats need.
        if !after.reaches_goal(position.turn()) {
            return false;
        }
        // An answer that enters the other goal ends the run (no answers listed then).
        let Some(answers) = after.moves_unless_goal() else {
            return false;
        };
        if answers.is_empty() {
            return false;
        }
        // An answer that leaves one of the threat's paths open loses at once: only the
        // others are searched (all of them when the path starts on a farther row).
        let path = after.goal_path(position.turn());
        let level = (plies / 2) as usize % KILLER_LEVELS;
        let parries = answers
            .iter()
            .filter(|answer| path.is_none_or(|p| p.may_be_cut_by(answer)))
            .copied()
            .collect::<Vec<_>>();
        // An answer stops the run, or the budget ran out (which proves nothing either).
        let stopped = killer_first(self.defence[level], &parries).find(|answer| {
            if !self.spend() {
                return true;
            }
            let mut next = after.clone();
            next.play_unchecked(answer);
            !self.has_run(&next, plies - 2)
        });
        if let Some(answer) = stopped {
            self.defence[level] = Some(answer);
        }
        stopped.is_none()
    }
}

/// Late move reductions: from this depth left, and from this move in the node's order
/// (0 first), a quiet move is searched `base + ln(depth)·ln(n) / divisor` plies shallower
/// first. Gygès has about forty moves a position and few of them matter, so this finishes
/// an iteration more in the same time (depth 7 instead of 6 in a second from the shuffled
/// set-up of seed 1). Against the same engine without them, 200 games a match from the
/// book `openings/gyges-random.txt`: 52.2 % at 200 ms a move, 51.7 % at 500 ms; from
/// drawn openings at 200 ms, 54.8 %, where one ply less from the fourth move scored 50.7 %.
///
/// With displacement the reduction is rounded down to whole pairs of plies (0, 2, …), so a
/// reduced move's subtree ends on the same side to move as its siblings'. The evaluation
/// swings by a thousand and more from one ply to the next (in the shuffled set-up of seed 0
/// after `d1-b1:a2 d6-e6:e3 f1-e3:d1 c6-e5 d1-a1:b2 f6-e3:c6 e1-c1:d1 c6-e3:f4 a1-c1:e1 a6-d3
/// b1-d3:f1 e6-f1:b5 d1-f1:a1 b6-d3:f2 e1-e3:d1 b5-e3:d6` it scores 1148, 184, 780, −106 at
/// depths 3 to 6), so a reply reduced by one ply is judged with a different side to move from
/// the replies beside it, and a refutation can look no better than the rest and not be
/// searched again in full. (That position, from a lost game, is not one it mends: five plies
/// still choose `c1-e3:b6`, which six see through, and which the public engine refuted with
/// `d6-d3:e2`.) Against the public UGI engine at
/// 500 ms a move (40 games from the default openings, one core each, a move not given in
/// time lost): 35, 36, 36 and 36 of 40 where single plies scored 32 and 29, no reductions
/// 31; from pairs 21–40 of `openings/gyges-random.txt` 33 where single plies scored 35;
/// with the engine asked again without a time limit when it fails, 31 and 30 of 40 where
/// single plies scored 28.5. Two plies at the root too (from four-ply iterations) scored 35.
const REDUCED_FROM_DEPTH: i32 = 3;
const REDUCED_FROM_MOVE: usize = 3;
const REDUCTION_BASE: f64 = 0.75;
const REDUCTION_DIVISOR: f64 = 2.25;

/// The search with displacement, where a position has 200 to 450 moves (every drop square
/// of every landing) instead of about forty, and the plain search finished only depth 2 in
/// a second. Measured against the public UGI engine at 3 plies (10 games, ours at 500 ms a
/// move, `leapfrog match gyges --option setup=random --option displace=on --a level=5 --b
/// "ugi=…,depth=3" --games 10 --time 500`): 0 of the first 4 with threat extensions, 7
/// of 10 without them; 6 of 10 with late move pruning by history alone (16, 16 and 32
/// moves at depths 1 to 3), which goes a ply deeper but orders worse.
///
/// No threat extensions: a threatened node has hundreds of replies, and extending it
/// cost depth 3 (760,023 positions) where the same 3 s without reached depth 5.
///
/// Nodes this far above the horizon and farther order their moves by a look at each child
/// (history alone cannot tell the few moves that matter among hundreds)...
const LOOKS_AHEAD_FROM: i32 = 2;

/// ... and search this many by that order (index: depth above the horizon; deeper nodes
/// all) before they skip the quiet ones left. Against the public engine at 500 ms a move
/// (40 games, the same openings), where this table scored 18.5 and 19.5: twice as many (24
/// and 48) 18, and 48 at one ply above the horizon too (by history: a look there costs as
/// much as the leaves) 15.5.
const LATE_MOVES: [usize; 4] = [usize::MAX, usize::MAX, 12, 24];

/// With displacement, root moves from this one on in the order of the iteration before
/// (0 first) are searched a ply shallower first ([`Evaluator::root_reduction`]), from an
/// iteration of [`REDUCED_FROM_DEPTH`] plies. The root searches every one of its 200 to
/// 450 moves, and three plies from a crowded board took 0.3 to 0.9 s (127,965 to 338,801
/// positions from the shuffled set-ups of seeds 1, 2 and 4), so at 500 ms a move the
/// first moves of a game, where it is decided, were mostly searched two plies deep. With
/// these the same iterations take 41,590 to 60,115 positions, and three plies finish
/// within the move's time. Against the public UGI engine at 500 ms a move (40 games):
/// strict, 28 and 30 of 40 from the default openings and pairs 21–40 of the book, where
/// the search without them scored 24 and 22, and 30 and 32 from pairs 41–60 and 61–80
/// (120 of 160, 75 %); by the calibrated measure 32 and 36 from the first two sets
/// (before: 31 and 32). From the first 8 moves rather than 20, 23 of 40 strict: seed 4's
/// best move at three plies (e1-c2) is then among those reduced, and missed. Two plies
/// shallower from four plies on (four plies from seeds 1 and 3 in 314,403 and 191,518
/// positions instead of 622,042 and 338,856) scored 29, 31, 34 and 29 strict over the
/// four sets (123 of 160): within the matches' noise of one ply, so not kept.
const ROOT_FULL_MOVES: usize = 20;

/// Where the threat is in [`WEIGHTS`]: a leaf with it is [`Leaf::Threatened`].
const THREAT: usize = 2;

/// What one side has: its [`Mobility`] turned into the terms' features.
fn side_features(side: Side, mobility: &Mobility) -> [i32; TERMS] {
    let far = match side {
        Side::South => rows_mask(SIDE - 2, SIDE - 1),
        Side::North => rows_mask(0, 1),
    };
    let advance = mobility
        .row
        .map_or(0, |row| i32::from(row.abs_diff(side.home_row())));
    [
        mobility.moves as i32,
        mobility.pieces as i32,
        0,
        advance,
        (mobility.squares & far).count_ones() as i32,
        mobility.sizes as i32,
        mobility.landing_pairs as i32,
        0,
        0,
        0,
        0,
        mobility.bounces as i32,
    ]
}

/// The sole-control terms, "mine less theirs": pieces of each size one side can land on
/// or move and the other cannot, and empty squares one side's moves can end on and the
/// other's cannot.
fn sole_control(position: &Position, mine: &Mobility, theirs: &Mobility, features: &mut [i32]) {
    let control = |m: &Mobility| m.landings | m.starts;
    let ends = |m: &Mobility| m.squares & !m.landings;
    let sole = |a: u64, b: u64, mask: u64| {
        (a & !b & mask).count_ones() as i32 - (b & !a & mask).count_ones() as i32
    };
    let (cm, ct) = (control(mine), control(theirs));
    for size in 1..=3u8 {
        let mask = position.pieces_of_size(size);
        features[SOLE_PIECES + usize::from(size) - 1] = sole(cm, ct, mask);
    }
    features[SOLE_SQUARES] = sole(ends(mine), ends(theirs), !0);
}

/// The features of `position` (not over) for the side to move, whose legal `moves` are
/// given, as "mine less theirs": what [`WEIGHTS`] weigh. `None` when the side to move
/// enters the goal at once.
#[must_use]
pub fn features(position: &Position, moves: &[Move]) -> Option<[i32; TERMS]> {
    // While pieces are still placed nobody moves yet: the placed pieces' reach is
    // what the placements aim for.
    let placing = position.placing();
    let me = position.turn();
    if !placing && moves.iter().any(enters_goal) {
        return None;
    }
    // The move list tells the mover's reach apart from its drops, but not how many
    // bounce chains lead there: with displacement the bounce search says.
    let mine = if placing || position.options().displace {
        position.mobility(me)
    } else {
        mobility_of(position, moves)
    };
    Some(features_of(position, &mine, &position.mobility(me.other())))
}

/// The features from both sides' mobility, the side to move's first.
fn features_of(position: &Position, mine: &Mobility, theirs: &Mobility) -> [i32; TERMS] {
    let me = position.turn();
    let mut features = side_features(me, mine);
    for (f, t) in features.iter_mut().zip(side_features(me.other(), theirs)) {
        *f -= t;
    }
    features[THREAT] = i32::from(theirs.goal && !position.placing());
    if position.options().displace {
        sole_control(position, mine, theirs, &mut features);
    }
    features
}

/// The evaluation of `features` for a game with these options.
fn score(options: &Options, features: &[i32; TERMS]) -> i32 {
    features
        .iter()
        .zip(weights(options).iter())
        .map(|(f, term)| f * term.weight)
        .sum()
}

/// The side to move's mobility, read from its legal moves (which come grouped by piece).
fn mobility_of(position: &Position, moves: &[Move]) -> Mobility {
    let mut mobility = Mobility {
        moves: moves.len(),
        ..Mobility::default()
    };
    let (mut last, mut last_landing) = (None, None);
    for mv in moves {
        if let Move::Go { from, to, drop } = mv {
            if last != Some(*from) {
                last = Some(*from);
                mobility.pieces += 1;
                mobility.sizes += u32::from(position.size_at(*from));
                mobility.row.get_or_insert(from.row());
            }
            mobility.starts |= from.bit();
            if let Target::Square(to) = to {
                mobility.squares |= to.bit();
                // A landing's drops come one after the other.
                if drop.is_some() && last_landing != Some((*from, *to)) {
                    last_landing = Some((*from, *to));
                    mobility.landings |= to.bit();
                    mobility.landing_pairs += 1;
                }
            }
        }
    }
    mobility
}

/// The Gygès evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct Gyges;

thread_local! {
    /// The last leaf [`Gyges::quiet_leaf`] judged under a threat, with the bounce search of
    /// its side to move's pieces: the search asks for that leaf's moves next (to parry),
    /// and they come from the same search instead of a second one. One position is kept,
    /// and taken by the first question about moves, whichever position it is for.
    static THREATENED: std::cell::Cell<Option<(Position, Movers)>> =
        const { std::cell::Cell::new(None) };
}

impl Evaluator<Position> for Gyges {
    fn evaluate(&self, position: &Position, moves: &[Move]) -> Leaf {
        let Some(features) = features(position, moves) else {
            return Leaf::WinsNow;
        };
        let score = score(position.options(), &features);
        if features[THREAT] != 0 {
            return Leaf::Threatened(score);
        }
        Leaf::Score(score)
    }

    fn quiet_leaf(&self, position: &Position) -> Option<Leaf> {
        // Over, still placing, or without a move: the plain way.
        if position.in_goal().is_some() || position.placing() {
            return None;
        }
        let me = position.turn();
        let Some(movers) = position.movers_unless_goal(me) else {
            return Some(Leaf::WinsNow);
        };
        let mine = position.mobility_from(me, &movers);
        let theirs = position.mobility(me.other());
        if mine.moves == 0 {
            return None;
        }
        let score = score(position.options(), &features_of(position, &mine, &theirs));
        // Under threat the search still needs the moves (to parry), but not the score again,
        // nor the bounce search its moves come from.
        Some(if theirs.goal {
            THREATENED.set(Some((position.clone(), movers)));
            Leaf::Threatened(score)
        } else {
            Leaf::Score(score)
        })
    }

    fn moves_unless_won(&self, position: &Position) -> Option<Vec<Move>> {
        match THREATENED.take() {
            Some((judged, movers)) if judged == *position => Some(position.moves_from(&movers)),
            _ => position.moves_unless_goal(),
        }
    }

    fn goal_run(
        &self,
        position: &Position,
        plies: u32,
        budget: &mut RunBudget,
    ) -> Option<(Move, u32)> {
        if position.placing() {
            return None;
        }
        let mut runs = Runs {
            budget,
            known: HashMap::new(),
            attack: [None; KILLER_LEVELS],
            defence: [None; KILLER_LEVELS],
        };
        // The shortest run first: a run of three found before one of seven.
        (0..=plies.saturating_sub(1) / 2).find_map(|half| {
            let length = 2 * half + 1;
            runs.run(position, length).map(|mv| (mv, length))
        })
    }

    fn has_goal_runs(&self) -> bool {
        true
    }

    fn is_noisy(&self, _position: &Position, mv: &Move) -> bool {
        enters_goal(mv)
    }

    fn parries(&self, position: &Position, replies: &[Move]) -> Option<Vec<bool>> {
        let path = position.goal_path(position.turn().other())?;
        Some(
            replies
                .iter()
                .map(|reply| path.may_be_cut_by(reply))
                .collect(),
        )
    }

    fn threatened(&self, position: &Position) -> bool {
        // Not with displacement: see LOOKS_AHEAD_FROM.
        !position.options().displace && position.reaches_goal(position.turn().other())
    }

    fn wins_at_once(&self, position: &Position) -> bool {
        position.reaches_goal(position.turn())
    }

    fn root_reduction(&self, position: &Position, depth: i32, n: usize) -> i32 {
        let reduced =
            position.options().displace && depth >= REDUCED_FROM_DEPTH && n >= ROOT_FULL_MOVES;
        i32::from(reduced)
    }

    fn looks_ahead(&self, position: &Position, depth: i32) -> bool {
        position.options().displace && depth >= LOOKS_AHEAD_FROM
    }

    fn late_moves(&self, position: &Position, depth: i32) -> usize {
        if !position.options().displace {
            return usize::MAX;
        }
        usize::try_from(depth)
            .ok()
            .and_then(|d| LATE_MOVES.get(d))
            .copied()
            .unwrap_or(usize::MAX)
    }

    fn reduction(&self, position: &Position, depth: i32, n: usize) -> i32 {
        if depth < REDUCED_FROM_DEPTH || n < REDUCED_FROM_MOVE {
            return 0;
        }
        let plies =
            (REDUCTION_BASE + f64::from(depth).ln() * (n as f64).ln() / REDUCTION_DIVISOR) as i32;
        if position.options().displace {
            plies / 2 * 2
        } else {
            plies
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gyges::{Options, Setup, Square};
    use crate::games::shuffle::Stream;
    use crate::games::Seed;

    /// Every position (with its legal moves, at least one) of random games of at most
    /// `plies` plies from the shuffled set-ups of seeds 0–39, with displacement in the odd
    /// ones: a game ends at its first position with a goal within reach.
    fn playouts(plies: usize) -> Vec<(Position, Vec<Move>)> {
        let mut seen = Vec::new();
        for seed in 0..40 {
            let options = Options {
                setup: Setup::Random,
                displace: seed % 2 == 1,
            };
            let mut position = Position::start(&options, Seed(seed));
            let mut rng = Stream::new(Seed(seed + 100));
            for _ in 0..plies {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let next = moves[rng.below(moves.len())];
                let goal = moves.iter().any(enters_goal);
                seen.push((position.clone(), moves));
                if goal {
                    break;
                }
                position.play_unchecked(&next);
            }
        }
        seen
    }

    #[test]
    fn the_movers_read_from_the_moves_are_the_positions_own_mobility() {
        // Without displacement the side to move's features come from its move list (no
        // second search), the other side's from `Position::mobility`: both must say the
        // same of one side, with displacement (landings and drops) and without, all but
        // the bounces, which a move list cannot tell (with displacement, which weighs
        // them, both sides' features come from the bounce search).
        let mut checked = 0;
        for (position, moves) in playouts(30) {
            if moves.iter().any(enters_goal) || moves == [Move::Pass] {
                continue;
            }
            let mut own = position.mobility(position.turn());
            own.goal = false;
            own.bounces = 0;
            assert_eq!(mobility_of(&position, &moves), own, "{position:?}");
            checked += 1;
        }
        assert!(checked > 200, "{checked}");
    }

    #[test]
    fn a_quiet_leaf_is_judged_as_its_move_list_would_judge_it() {
        // The search's leaves skip the move list when nothing is left to try: the same
        // judgement as from the moves (a win at once, the score, or the score under a
        // threat the side to move must parry).
        let (mut scores, mut wins, mut threats) = (0, 0, 0);
        for (position, _) in playouts(40) {
            match (
                Gyges.quiet_leaf(&position),
                Gyges.moves_unless_won(&position),
            ) {
                (Some(Leaf::WinsNow), None) => wins += 1,
                (Some(Leaf::Score(score)), Some(listed)) => {
                    assert_eq!(Gyges.evaluate(&position, &listed), Leaf::Score(score));
                    scores += 1;
                }
                (Some(Leaf::Threatened(score)), Some(listed)) => {
                    assert_eq!(Gyges.evaluate(&position, &listed), Leaf::Threatened(score));
                    threats += 1;
                }
                (None, _) => {}
                (leaf, listed) => panic!("{position:?}: {leaf:?} but {listed:?}"),
            }
        }
        assert!(
            scores > 200 && wins > 5 && threats > 5,
            "{scores} {wins} {threats}"
        );
    }

    #[test]
    fn a_threatened_leafs_moves_come_from_its_judgement_and_are_its_legal_moves() {
        // A leaf judged under threat keeps its bounce search for the moves asked next: asked
        // about that leaf they are its legal moves; asked about another position first,
        // that position's (and the kept search is dropped, not given to the wrong one).
        let seen = playouts(40);
        let (mut kept, mut elsewhere) = (0, 0);
        for (i, (position, moves)) in seen.iter().enumerate() {
            if !matches!(Gyges.quiet_leaf(position), Some(Leaf::Threatened(_))) {
                continue;
            }
            if i % 2 == 0 {
                let other = &seen[(i + 1) % seen.len()].0;
                assert_eq!(Gyges.moves_unless_won(other), other.moves_unless_goal());
                elsewhere += 1;
            } else {
                kept += 1;
            }
            assert_eq!(Gyges.moves_unless_won(position).as_ref(), Some(moves));
        }
        assert!(kept > 3 && elsewhere > 3, "{kept} {elsewhere}");
    }

    /// The position `text` describes, in a game with displacement.
    fn displacing(text: &str) -> Position {
        let options = Options {
            displace: true,
            ..Options::default()
        };
        Position::from_text(&options, text).expect("a position")
    }

    #[test]
    fn sole_control_counts_the_pieces_only_one_side_can_land_on() {
        // South's 2 on c1 lands on the 1 on c3 (two steps north) and on nothing else;
        // North's 1 on c6 steps to c5, b6 or d6 and lands on nothing. So the 1 on c3 is
        // South's alone, and each side controls its own mover.
        let position = displacing("..1.../....../....../..1.../....../..2... S");
        let moves = position.legal_moves();
        let f = features(&position, &moves).expect("no goal at once");
        // Sole 1s: South's c3, less North's c6 (its own mover, which South cannot reach).
        assert_eq!(f[SOLE_PIECES], 0, "{f:?}");
        // Sole 2s: South's own mover on c1.
        assert_eq!(f[SOLE_PIECES + 1], 1, "{f:?}");
        assert_eq!(f[SOLE_PIECES + 2], 0, "{f:?}");
        let south = mobility_of(&position, &moves);
        assert_eq!(south.landings, Square(14).bit(), "{south:?}");
        assert_eq!(south.landing_pairs, 1);
    }

    /// Where the bounces are in [`WEIGHTS`].
    const BOUNCES: usize = 11;

    #[test]
    fn bounces_count_every_chain_to_a_piece_where_landings_count_the_piece_once() {
        // South's 2 on c1 reaches the 1 on d2 by two segments (by c2 and by d1): one
        // landing, two bounces. North's 1 on d2 steps onto empty squares only.
        let position = displacing("....../....../....../....../...1../..2... S");
        let south = position.mobility(Side::South);
        assert_eq!(south.landings, Square(9).bit(), "{south:?}");
        assert_eq!(south.landing_pairs, 1);
        assert_eq!(south.bounces, 2);
        assert_eq!(position.mobility(Side::North).bounces, 0);
        let f = features(&position, &position.legal_moves()).expect("no goal at once");
        assert_eq!(f[BOUNCES], 2, "{f:?}");
    }

    #[test]
    fn features_are_none_when_the_goal_is_open_and_flag_a_threat() {
        // A lone 1 on b6 is the nearest piece of both sides: South steps it into the
        // north goal at once, and with North to move it is South's threat.
        let options = Options::default();
        let open = Position::from_text(&options, ".1..../....../....../....../....../...... S")
            .expect("a position");
        assert_eq!(features(&open, &open.legal_moves()), None);
        let threatened =
            Position::from_text(&options, ".1..../....../....../....../....../...... N")
                .expect("a position");
        let f = features(&threatened, &threatened.legal_moves()).expect("no goal for North");
        assert_eq!(f[THREAT], 1);
    }
}
