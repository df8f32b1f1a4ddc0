//! Monte Carlo tree search for games with hidden information and more than two seats
//! (Skakanie), generic over [`Rules`].
//!
//! Each iteration draws a determinisation of the root (the hidden parts dealt again from
//! what the searching seat cannot see), walks the one shared tree of actions with UCT,
//! adds one node, plays the game out with a quick policy and backs up every seat's reward.
//! Back-up is max-n: a node keeps each seat's total reward, and the seat to move at a
//! node chooses by its own — no seat is assumed to play against the searching one
//! (paranoid back-up), since in Skakanie players mostly race for their own pieces.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::games::shuffle::Stream;
use crate::games::Rules;

/// Exploration constant of UCT (rewards lie in 0..1).
const EXPLORE: f64 = 0.7;
/// Playouts longer than this stop and are scored where they stand (a safety net: every
/// Skakanie game ends within its round limit).
const MAX_PLAYOUT: usize = 20_000;

/// What a game adds to the tree search.
pub trait Simulation<R: Rules> {
    /// A determinisation of the root: hidden parts dealt from what the searcher cannot see.
    fn sample(&self, rng: &mut Stream) -> R;
    /// A quick move for playouts.
    fn policy(&self, position: &R, rng: &mut Stream) -> R::Move;
    /// Each seat's reward (0 to 1) in a finished game.
    fn rewards(&self, position: &R) -> Vec<f64>;
}

struct Node<M> {
    /// The move that led here (none at the root).
    mv: Option<M>,
    /// The seat that made it.
    mover: usize,
    children: Vec<usize>,
    /// Moves not yet tried; `None` until the node is first reached.
    untried: Option<Vec<M>>,
    visits: u32,
    reward: Vec<f64>,
}

/// What bounds a tree search.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// The most iterations.
    pub iterations: u64,
    /// When to stop, at the latest.
    pub deadline: Option<Instant>,
    /// The most tree nodes (memory); past it playouts go on from the leaves reached.
    pub max_nodes: usize,
}

/// A root move's statistics.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// How often it was tried.
    pub visits: u32,
    /// Its mean reward for the seat to move at the root.
    pub value: f64,
}

/// The result of a tree search.
#[derive(Clone, Debug)]
pub struct Searched<M> {
    /// Root moves, most visited first.
    pub moves: Vec<RootMove<M>>,
    /// Iterations run (one playout each).
    pub iterations: u64,
    /// The deepest node reached.
    pub depth: usize,
}

/// Searches from `root` (whose hidden parts `sim` re-deals) within `budget`.
pub fn search<R: Rules, S: Simulation<R>>(
    root: &R,
    sim: &S,
    budget: Budget,
    seed: u64,
    cancel: &AtomicBool,
) -> Searched<R::Move> {
    let seats = root.seat_count();
    let me = root.to_move().index();
    let mut rng = Stream::new(crate::games::Seed(seed));
    let mut nodes: Vec<Node<R::Move>> = vec![Node {
        mv: None,
        mover: me,
        children: Vec::new(),
        untried: None,
        visits: 0,
        reward: vec![0.0; seats],
    }];
    let mut iterations = 0;
    let mut deepest = 0;
    while iterations < budget.iterations {
        // At least one playout, so a spent budget still gives an informed choice.
        if iterations > 0
            && iterations % 16 == 0
            && (cancel.load(Ordering::Relaxed)
                || budget.deadline.is_some_and(|d| Instant::now() >= d))
        {
            break;
        }
        iterations += 1;
        let mut position = sim.sample(&mut rng);
        let mut path = vec![0];
        let mut node = 0;
        loop {
            if nodes[node].untried.is_none() {
                nodes[node].untried = Some(position.legal_moves());
            }
            let full = nodes.len() >= budget.max_nodes;
            let untried = nodes[node].untried.as_mut().expect("just filled");
            if full && !untried.is_empty() {
                break;
            }
            if !untried.is_empty() {
                let mv = untried.swap_remove(rng.below(untried.len()));
                let mover = position.to_move().index();
                position.play_unchecked(&mv);
                nodes.push(Node {
                    mv: Some(mv),
                    mover,
                    children: Vec::new(),
                    untried: None,
                    visits: 0,
                    reward: vec![0.0; seats],
                });
                let child = nodes.len() - 1;
                nodes[node].children.push(child);
                path.push(child);
                break;
            }
            if nodes[node].children.is_empty() {
                break; // the game is over here
            }
            let parent_visits = f64::from(nodes[node].visits.max(1)).ln();
            let best = *nodes[node]
                .children
                .iter()
                .max_by(|&&a, &&b| {
                    let uct = |i: usize| {
                        let n = &nodes[i];
                        let visits = f64::from(n.visits.max(1));
                        n.reward[n.mover] / visits + EXPLORE * (parent_visits / visits).sqrt()
                    };
                    uct(a).total_cmp(&uct(b))
                })
                .expect("children exist");
            position.play_unchecked(nodes[best].mv.as_ref().expect("a child has a move"));
            node = best;
            path.push(node);
        }
        deepest = deepest.max(path.len() - 1);
        let mut plies = 0;
        while !position.outcome().is_finished() && plies < MAX_PLAYOUT {
            let mv = sim.policy(&position, &mut rng);
            position.play_unchecked(&mv);
            plies += 1;
        }
        let rewards = sim.rewards(&position);
        for &i in &path {
            nodes[i].visits += 1;
            for (total, r) in nodes[i].reward.iter_mut().zip(&rewards) {
                *total += r;
            }
        }
    }
    let mut moves: Vec<RootMove<R::Move>> = nodes[0]
        .children
        .iter()
        .map(|&i| {
            let n = &nodes[i];
            RootMove {
                mv: n.mv.clone().expect("a child has a move"),
                visits: n.visits,
                value: n.reward[me] / f64::from(n.visits.max(1)),
            }
        })
        .collect();
    moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
    Searched {
        moves,
        iterations,
        depth: deepest,
    }
}
