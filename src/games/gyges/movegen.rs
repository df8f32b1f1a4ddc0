//! Where one piece can go: a depth-first search of the bounce graph, one segment at a time.
//!
//! A segment is the stretch a piece of size n covers before it stops or bounces: n steps,
//! its squares between empty, no edge crossed twice. From each square there are at most a
//! few dozen shapes of segment for each size, so they are worked out once
//! ([`SEGMENTS`]): the search then tries each shape with two mask tests (the squares
//! between empty, its edges not yet crossed in this move) instead of walking it step by
//! step.
//!
//! A search state is (bounce square, edges used so far). Paths that reach the same square
//! having used a *superset* of another path's edges can only do less, so each square keeps
//! the edge sets it has been entered with, and a path arriving with a superset of one of
//! them stops there. This makes crowded positions, where chains of bounces cross and
//! re-cross, cost a small multiple of the number of states instead of the number of paths.

use std::sync::OnceLock;

use super::board::{Point, Square, DIRECTIONS, EDGES, NEIGHBOURS, NONE, NORTH, SOUTH, SQUARES};

/// How many edge sets each square remembers; more are not stored (the search stays exact,
/// it only prunes less).
const MEMO: usize = 6;

/// A segment's end beyond the board: the goal, if its last step is the mover's goal
/// direction.
const OFF: u8 = NONE;

/// Everything one piece can reach from its square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Empty squares where the move can end (never its start).
    pub ends: u64,
    /// Occupied squares where a segment can end: the displacement targets.
    pub landings: u64,
    /// Whether the target goal can be entered.
    pub goal: bool,
    /// Segments that end on a piece, over every state the walk goes through: a landing
    /// met by several bounce chains counts once for each (as far as the walk's memory,
    /// which stops a chain that can do no more than one before it, tells them apart). A
    /// measure of how many ways the piece can bounce on, which the public engine's
    /// evaluation counts (every path to a piece) and ours weighs with displacement.
    pub bounces: u32,
}

/// The board as the search sees it.
pub(super) struct Board<'a> {
    /// Piece sizes by square, 0 = empty.
    pub sizes: &'a [u8; SQUARES],
    /// The squares with a piece.
    pub occupied: u64,
    /// The direction of the mover's target goal ([`super::board::NORTH`] or `SOUTH`).
    pub goal_direction: usize,
    /// Whether the search may stop as soon as the goal is in reach: the caller then only
    /// needs to know that (the search's won positions), and the rest of the reach is left
    /// incomplete.
    pub stop_at_goal: bool,
}

/// One path that reaches each outcome: the first the search found.
pub(super) struct Witnesses {
    /// Indexed by square, then 36 for the goal.
    pub paths: Vec<Option<Vec<Point>>>,
    /// Whether only the goal's path is wanted: the others are then not copied out.
    pub goal_only: bool,
}

/// The search's memory, reused from one piece to the next: a square's entries count only
/// if it was stamped by the current search, so nothing is cleared between searches. One
/// per thread ([`SCRATCH`]), which every search uses: a search's leaves scan two sides
/// each, hundreds of thousands a second, and a fresh memory cleared for each scan cost more
/// than the scan's own bookkeeping.
struct Scratch {
    memo: [[u64; MEMO]; SQUARES],
    len: [u8; SQUARES],
    stamp: [u32; SQUARES],
    now: u32,
}

impl Scratch {
    /// Empty memory for a run of searches.
    fn new() -> Self {
        Self {
            memo: [[0; MEMO]; SQUARES],
            len: [0; SQUARES],
            stamp: [0; SQUARES],
            now: 0,
        }
    }
}

thread_local! {
    /// This thread's [`Scratch`].
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::new());
}

/// One shape of segment from a square.
#[derive(Clone, Copy, Debug)]
struct Segment {
    /// The squares it steps on, in order; the last is where it ends ([`OFF`] beyond the
    /// board). Only the first `len` count.
    steps: [u8; 3],
    len: u8,
    /// The direction of its last step: beyond the board, whether it is the goal.
    last: u8,
    /// The squares it passes over, which must be empty.
    between: u64,
    /// The edges it crosses.
    edges: u64,
}

impl Segment {
    fn end(&self) -> u8 {
        self.steps[usize::from(self.len - 1)]
    }
}

/// Every segment, grouped by start square and size: those of `(square, size)` are
/// `segments[starts[square * 4 + size]..starts[square * 4 + size + 1]]`.
struct Segments {
    segments: Vec<Segment>,
    starts: Vec<usize>,
}

/// The segments, worked out on first use.
static SEGMENTS: OnceLock<Segments> = OnceLock::new();

fn segments_from(square: u8, size: u8) -> &'static [Segment] {
    let table = SEGMENTS.get_or_init(build_segments);
    let slot = usize::from(square) * 4 + usize::from(size);
    &table.segments[table.starts[slot]..table.starts[slot + 1]]
}

fn build_segments() -> Segments {
    let mut segments = Vec::new();
    let mut starts = Vec::with_capacity(SQUARES * 4 + 1);
    for square in 0..SQUARES as u8 {
        for size in 0..4u8 {
            starts.push(segments.len());
            if size > 0 {
                let mut steps = [0; 3];
                extend(square, size, 0, 0, 0, &mut steps, &mut segments);
            }
        }
    }
    starts.push(segments.len());
    Segments { segments, starts }
}

/// Adds every segment that goes on from `at` with `left` steps to take, having stepped on
/// `steps[..taken]` over `between` and crossed `edges`.
fn extend(
    at: u8,
    left: u8,
    taken: usize,
    between: u64,
    edges: u64,
    steps: &mut [u8; 3],
    out: &mut Vec<Segment>,
) {
    for dir in 0..DIRECTIONS {
        let next = NEIGHBOURS[usize::from(at)][dir];
        if next == NONE {
            // Off the board: only as the last step, toward a goal.
            if left == 1 && (dir == NORTH || dir == SOUTH) {
                steps[taken] = OFF;
                out.push(Segment {
                    steps: *steps,
                    len: taken as u8 + 1,
                    last: dir as u8,
                    between,
                    edges,
                });
            }
            continue;
        }
        let edge = 1u64 << EDGES[usize::from(at)][dir];
        if edges & edge != 0 {
            continue;
        }
        steps[taken] = next;
        if left == 1 {
            out.push(Segment {
                steps: *steps,
                len: taken as u8 + 1,
                last: dir as u8,
                between,
                edges: edges | edge,
            });
        } else {
            extend(
                next,
                left - 1,
                taken + 1,
                between | 1u64 << next,
                edges | edge,
                steps,
                out,
            );
        }
    }
}

struct Search<'a> {
    sizes: &'a [u8; SQUARES],
    occupied: u64,
    start: u8,
    goal_direction: u8,
    stop_at_goal: bool,
    reach: Reach,
    scratch: &'a mut Scratch,
    /// The path so far, kept only when witnesses are asked for.
    path: Vec<Point>,
    witnesses: Option<&'a mut Witnesses>,
}

impl Search<'_> {
    /// Whether a path already bounced on `square` with a subset of `used`; otherwise
    /// remembers `used`.
    fn seen(&mut self, square: u8, used: u64) -> bool {
        let key = usize::from(square);
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

    /// Notes the path through `segment` as the way to `slot`, if none was noted yet.
    /// Inlined: the search asks on every outcome, and almost always without witnesses.
    #[inline(always)]
    fn witness(&mut self, slot: usize, segment: &Segment) {
        if self.witnesses.is_some() {
            self.note_witness(slot, segment);
        }
    }

    fn note_witness(&mut self, slot: usize, segment: &Segment) {
        let Some(w) = self.witnesses.as_deref_mut() else {
            return;
        };
        if w.paths[slot].is_none() && (slot == SQUARES || !w.goal_only) {
            let mut path = self.path.clone();
            path.extend(points(segment));
            w.paths[slot] = Some(path);
        }
    }

    fn walk(&mut self, at: u8, used: u64) {
        if self.seen(at, used) {
            return;
        }
        let size = self.sizes[usize::from(at)];
        for segment in segments_from(at, size) {
            if self.stop_at_goal && self.reach.goal {
                return;
            }
            if segment.edges & used != 0 || segment.between & self.occupied != 0 {
                continue;
            }
            let end = segment.end();
            if end == OFF {
                if segment.last == self.goal_direction && !self.reach.goal {
                    self.reach.goal = true;
                    self.witness(SQUARES, segment);
                }
                continue;
            }
            let bit = 1u64 << end;
            if self.occupied & bit != 0 {
                self.reach.bounces += 1;
                if self.reach.landings & bit == 0 {
                    self.reach.landings |= bit;
                    self.witness(usize::from(end), segment);
                }
                let kept = self.path.len();
                if self.witnesses.is_some() {
                    self.path.extend(points(segment));
                }
                self.walk(end, used | segment.edges);
                self.path.truncate(kept);
            } else if end != self.start && self.reach.ends & bit == 0 {
                self.reach.ends |= bit;
                self.witness(usize::from(end), segment);
            }
        }
    }
}

/// What a piece could reach if an edge could be crossed twice: every path of the real
/// rule is one of these, so a goal this misses is out of reach, and it visits each square
/// once instead of once per set of edges used (in a depth-4 search from a crowded board
/// with displacement, 4.7 squares a piece against 12.5 states). Only the goal and whether
/// the piece moves at all are asked of it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Loose {
    /// The goal may be in reach (the real rule may still forbid every path there).
    pub goal: bool,
    /// The piece has a move for certain: its first segment ends on an empty square.
    pub moves: bool,
    /// The piece may have a move: some segment ends on a square, empty or not.
    pub may_move: bool,
}

/// [`Loose`] for the piece on `from`: a search of the squares it may bounce on, each once.
pub(super) fn loose_reach(board: &Board<'_>, from: Square) -> Loose {
    let occupied = board.occupied & !from.bit();
    let mut loose = Loose::default();
    let mut seen = from.bit();
    let mut stack = [0u8; SQUARES];
    stack[0] = from.0;
    let mut len = 1;
    while len > 0 {
        len -= 1;
        let at = stack[len];
        for segment in segments_from(at, board.sizes[usize::from(at)]) {
            if segment.between & occupied != 0 {
                continue;
            }
            let end = segment.end();
            if end == OFF {
                if usize::from(segment.last) == board.goal_direction {
                    loose.goal = true;
                    return loose;
                }
                continue;
            }
            let bit = 1u64 << end;
            loose.may_move = true;
            if occupied & bit == 0 {
                loose.moves |= at == from.0 && end != from.0;
            } else if seen & bit == 0 {
                seen |= bit;
                stack[len] = end;
                len += 1;
            }
        }
    }
    loose
}

/// The points a segment steps on, the goal for a step beyond the board.
fn points(segment: &Segment) -> impl Iterator<Item = Point> + '_ {
    segment.steps[..usize::from(segment.len)]
        .iter()
        .map(|&s| match s {
            OFF => Point::Goal,
            s => Point::Square(Square(s)),
        })
}

/// What the piece on `from` can reach; with `witnesses`, also one path to each outcome.
pub(super) fn reach(board: &Board<'_>, from: Square, witnesses: Option<&mut Witnesses>) -> Reach {
    SCRATCH.with_borrow_mut(|scratch| reach_with(board, from, scratch, witnesses))
}

/// [`reach`] with this memory.
fn reach_with(
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
    let path = if witnesses.is_some() {
        vec![Point::Square(from)]
    } else {
        Vec::new()
    };
    let mut search = Search {
        sizes: board.sizes,
        // The start square counts as empty once the piece has left it.
        occupied: board.occupied & !from.bit(),
        start: from.0,
        goal_direction: board.goal_direction as u8,
        stop_at_goal: board.stop_at_goal,
        reach: Reach::default(),
        scratch,
        path,
        witnesses,
    };
    search.walk(from.0, 0);
    search.reach
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shuffle::Stream;
    use crate::games::Seed;

    #[test]
    fn the_loose_reach_misses_nothing_the_real_one_finds() {
        // Crowded boards of random pieces, where bounce chains cross: a goal the real
        // search reaches the loose one must, a move it finds the loose one must allow, and
        // a move the loose one is sure of the real one must find.
        let mut rng = Stream::new(Seed(31));
        let (mut goals, mut sure) = (0, 0);
        for _ in 0..3000 {
            let mut sizes = [0u8; SQUARES];
            let mut occupied = 0u64;
            for (square, size) in sizes.iter_mut().enumerate() {
                if rng.below(5) < 2 {
                    *size = 1 + rng.below(3) as u8;
                    occupied |= 1 << square;
                }
            }
            for goal_direction in [NORTH, SOUTH] {
                let board = Board {
                    sizes: &sizes,
                    occupied,
                    goal_direction,
                    stop_at_goal: false,
                };
                for from in (0..SQUARES as u8).filter(|&s| sizes[usize::from(s)] > 0) {
                    let real = reach(&board, Square(from), None);
                    let loose = loose_reach(&board, Square(from));
                    assert!(!real.goal || loose.goal, "{sizes:?} from {from}");
                    goals += usize::from(real.goal);
                    if loose.goal {
                        continue;
                    }
                    assert!(real.ends | real.landings == 0 || loose.may_move);
                    assert!(!loose.moves || real.ends != 0);
                    sure += usize::from(loose.moves);
                }
            }
        }
        assert!(goals > 100 && sure > 1000, "{goals} {sure}");
    }
}
