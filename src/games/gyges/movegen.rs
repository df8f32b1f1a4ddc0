//! Where one piece can go: a depth-first search of the bounce graph.
//!
//! A search state is (square, steps left in the current segment, edges used so far). Paths
//! that reach the same state lead to the same outcomes, and so do paths that reach the same
//! square with the same steps left having used a *superset* of another path's edges: they
//! can only do less. So each (square, steps left) keeps the edge sets it has been entered
//! with, and a path arriving with a superset of one of them stops there. This makes crowded
//! positions, where chains of bounces cross and re-cross, cost a small multiple of the
//! number of states instead of the number of paths.

use super::board::{Point, Square, DIRECTIONS, EDGES, NEIGHBOURS, NONE, SQUARES};

/// How many edge sets each (square, steps left) remembers; more are not stored (the search
/// stays exact, it only prunes less).
const MEMO: usize = 6;

/// Everything one piece can reach from its square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Empty squares where the move can end (never its start).
    pub ends: u64,
    /// Occupied squares where a segment can end: the displacement targets.
    pub landings: u64,
    /// Whether the target goal can be entered.
    pub goal: bool,
}

/// The board as the search sees it.
pub(super) struct Board<'a> {
    /// Piece sizes by square, 0 = empty.
    pub sizes: &'a [u8; SQUARES],
    /// The squares with a piece.
    pub occupied: u64,
    /// The direction of the mover's target goal ([`super::board::NORTH`] or `SOUTH`).
    pub goal_direction: usize,
}

/// One path that reaches each outcome: the first the search found.
pub(super) struct Witnesses {
    /// Indexed by square, then 36 for the goal.
    pub paths: Vec<Option<Vec<Point>>>,
}

/// The search's memory, reused from one piece to the next: a key's entries count only if
/// it was stamped by the current search, so nothing is cleared between searches.
pub(super) struct Scratch {
    memo: [[u64; MEMO]; SQUARES * 4],
    len: [u8; SQUARES * 4],
    stamp: [u32; SQUARES * 4],
    now: u32,
}

impl Scratch {
    /// Empty memory for a run of searches.
    pub(super) fn new() -> Self {
        Self {
            memo: [[0; MEMO]; SQUARES * 4],
            len: [0; SQUARES * 4],
            stamp: [0; SQUARES * 4],
            now: 0,
        }
    }
}

struct Search<'a> {
    sizes: &'a [u8; SQUARES],
    occupied: u64,
    start: u8,
    goal_direction: usize,
    reach: Reach,
    scratch: &'a mut Scratch,
    path: Vec<Point>,
    witnesses: Option<&'a mut Witnesses>,
}

impl Search<'_> {
    /// Whether a path already reached (square, left) with a subset of `used`; otherwise
    /// remembers `used`.
    fn seen(&mut self, square: u8, left: u8, used: u64) -> bool {
        let key = usize::from(square) * 4 + usize::from(left);
        let memory = &mut *self.scratch;
        if memory.stamp[key] != memory.now {
            memory.stamp[key] = memory.now;
            memory.len[key] = 0;
        }
        let len = usize::from(memory.len[key]);
        if memory.memo[key][..len].iter().any(|&m| m & !used == 0) {
            return true;
        }
        if len < MEMO {
            memory.memo[key][len] = used;
            memory.len[key] += 1;
        }
        false
    }

    fn witness(&mut self, slot: usize, last: Point) {
        if let Some(w) = self.witnesses.as_deref_mut() {
            if w.paths[slot].is_none() {
                let mut path = self.path.clone();
                path.push(last);
                w.paths[slot] = Some(path);
            }
        }
    }

    fn walk(&mut self, at: u8, left: u8, used: u64) {
        if self.seen(at, left, used) {
            return;
        }
        let here = usize::from(at);
        for dir in 0..DIRECTIONS {
            let next = NEIGHBOURS[here][dir];
            if next == NONE {
                // Off the board: only the target goal, only as a segment's last step from
                // the far row (the far row is exactly where the goal direction leaves it).
                if left == 1 && dir == self.goal_direction && !self.reach.goal {
                    self.reach.goal = true;
                    self.witness(SQUARES, Point::Goal);
                }
                continue;
            }
            let edge = 1u64 << EDGES[here][dir];
            if used & edge != 0 {
                continue;
            }
            let used = used | edge;
            let bit = 1u64 << next;
            let point = Point::Square(Square(next));
            let occupied = self.occupied & bit != 0;
            if left > 1 {
                if !occupied {
                    self.path.push(point);
                    self.walk(next, left - 1, used);
                    self.path.pop();
                }
            } else if occupied {
                if self.reach.landings & bit == 0 {
                    self.reach.landings |= bit;
                    self.witness(usize::from(next), point);
                }
                self.path.push(point);
                self.walk(next, self.sizes[usize::from(next)], used);
                self.path.pop();
            } else if next != self.start && self.reach.ends & bit == 0 {
                self.reach.ends |= bit;
                self.witness(usize::from(next), point);
            }
        }
    }
}

/// What the piece on `from` can reach; with `witnesses`, also one path to each outcome.
pub(super) fn reach(
    board: &Board<'_>,
    from: Square,
    scratch: &mut Scratch,
    witnesses: Option<&mut Witnesses>,
) -> Reach {
    scratch.now = scratch.now.wrapping_add(1);
    if scratch.now == 0 {
        // Stamps wrapped around: start the memory afresh.
        *scratch = Scratch::new();
        scratch.now = 1;
    }
    let mut search = Search {
        sizes: board.sizes,
        // The start square counts as empty once the piece has left it.
        occupied: board.occupied & !from.bit(),
        start: from.0,
        goal_direction: board.goal_direction,
        reach: Reach::default(),
        scratch,
        path: vec![Point::Square(from)],
        witnesses,
    };
    search.walk(from.0, board.sizes[from.index()], 0);
    search.reach
}
