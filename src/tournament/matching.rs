//! A largest matching of a graph (Edmonds' blossom algorithm): whether the players left in
//! a Swiss can all be paired without a repeat, and one such pairing. The Swiss search
//! ([`super::swiss`]) prefers pairings by score and sides and may give up on a large field
//! within its budget; this answers the yes-or-no question exactly, in cubic time, so a
//! round is never called impossible when it is not.

use std::collections::VecDeque;

/// A largest matching of the graph on `0..n` whose edges are the pairs `allowed` accepts
/// (asked both ways round, it must agree): each vertex's partner, if it has one.
#[must_use]
pub fn largest(n: usize, allowed: impl Fn(usize, usize) -> bool) -> Vec<Option<usize>> {
    let mut blossom = Blossom {
        adjacent: (0..n)
            .map(|v| (0..n).filter(|&w| w != v && allowed(v, w)).collect())
            .collect(),
        mate: vec![None; n],
        parent: vec![None; n],
        base: (0..n).collect(),
        reached: vec![false; n],
    };
    for root in 0..n {
        if blossom.mate[root].is_none() {
            blossom.augment_from(root);
        }
    }
    blossom.mate
}

/// The state of the algorithm: the matching so far and the alternating tree of the
/// current search.
struct Blossom {
    /// Each vertex's neighbours.
    adjacent: Vec<Vec<usize>>,
    /// Each vertex's partner so far.
    mate: Vec<Option<usize>>,
    /// Each odd vertex's parent in the alternating tree of the search.
    parent: Vec<Option<usize>>,
    /// Each vertex's blossom base (itself outside a blossom).
    base: Vec<usize>,
    /// Even vertices reached by the search (the root, and the partners of odd vertices).
    reached: Vec<bool>,
}

impl Blossom {
    /// Looks for an augmenting path from the free vertex `root` and, found, flips it: the
    /// matching grows by one.
    fn augment_from(&mut self, root: usize) {
        let mut end = self.path_end(root);
        while let Some(v) = end {
            let parent = self.parent[v].expect("a path vertex has a parent");
            let next = self.mate[parent];
            self.mate[v] = Some(parent);
            self.mate[parent] = Some(v);
            end = next;
        }
    }

    /// The free vertex at the end of an augmenting path from `root`, if there is one;
    /// `parent` then leads back along it.
    fn path_end(&mut self, root: usize) -> Option<usize> {
        let n = self.adjacent.len();
        self.parent = vec![None; n];
        self.base = (0..n).collect();
        self.reached = vec![false; n];
        self.reached[root] = true;
        let mut queue = VecDeque::from([root]);
        while let Some(v) = queue.pop_front() {
            for i in 0..self.adjacent[v].len() {
                let to = self.adjacent[v][i];
                if self.base[v] == self.base[to] || self.mate[v] == Some(to) {
                    continue;
                }
                let odd_cycle =
                    to == root || self.mate[to].is_some_and(|m| self.parent[m].is_some());
                if odd_cycle {
                    // An edge between two even vertices: contract the blossom it closes.
                    let base = self.common_base(v, to);
                    let mut inside = vec![false; n];
                    self.mark_path(v, base, to, &mut inside);
                    self.mark_path(to, base, v, &mut inside);
                    for u in 0..n {
                        if inside[self.base[u]] {
                            self.base[u] = base;
                            if !self.reached[u] {
                                self.reached[u] = true;
                                queue.push_back(u);
                            }
                        }
                    }
                } else if self.parent[to].is_none() {
                    self.parent[to] = Some(v);
                    let Some(next) = self.mate[to] else {
                        return Some(to);
                    };
                    self.reached[next] = true;
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// The base of the blossom that the edge `a`–`b` closes: where their paths to the
    /// root meet.
    fn common_base(&self, mut a: usize, mut b: usize) -> usize {
        let mut on_path = vec![false; self.adjacent.len()];
        loop {
            a = self.base[a];
            on_path[a] = true;
            match self.mate[a].and_then(|m| self.parent[m]) {
                Some(up) => a = up,
                None => break,
            }
        }
        loop {
            b = self.base[b];
            if on_path[b] {
                return b;
            }
            b = self.parent[self.mate[b].expect("below the root")]
                .expect("an even vertex's partner has a parent");
        }
    }

    /// Marks the blossoms on the path from `v` down to `base` and links the path's even
    /// vertices to `child`, so a path through the blossom can be followed either way.
    fn mark_path(&mut self, mut v: usize, base: usize, mut child: usize, inside: &mut [bool]) {
        while self.base[v] != base {
            let partner = self.mate[v].expect("a blossom vertex is matched");
            inside[self.base[v]] = true;
            inside[self.base[partner]] = true;
            self.parent[v] = Some(child);
            child = partner;
            v = self.parent[partner].expect("an odd vertex has a parent");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The size of a largest matching by trying every way (small graphs only).
    fn by_hand(n: usize, edge: &dyn Fn(usize, usize) -> bool, free: u32) -> usize {
        let Some(v) = (0..n).find(|&v| free & (1 << v) != 0) else {
            return 0;
        };
        let rest = free & !(1 << v);
        let mut best = by_hand(n, edge, rest);
        for w in (0..n).filter(|&w| rest & (1 << w) != 0 && edge(v, w)) {
            best = best.max(1 + by_hand(n, edge, rest & !(1 << w)));
        }
        best
    }

    #[test]
    fn the_matching_is_as_large_as_any_on_random_small_graphs() {
        let mut seed: u64 = 7;
        for round in 0..400 {
            let n = 2 + round % 11;
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let bits = seed;
            let density = 20 + (round * 7) % 70;
            let edge = |a: usize, b: usize| {
                let (a, b) = (a.min(b), a.max(b));
                let h = bits ^ ((a * 31 + b) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                (h >> 40) % 100 < density as u64
            };
            let mate = largest(n, edge);
            for (v, m) in mate.iter().enumerate() {
                if let Some(w) = *m {
                    assert_eq!(mate[w], Some(v));
                    assert!(edge(v, w));
                }
            }
            let size = mate.iter().flatten().count() / 2;
            assert_eq!(size, by_hand(n, &edge, (1 << n) - 1), "graph {round}");
        }
    }

    #[test]
    fn an_odd_cycle_with_a_tail_is_matched_through_its_blossom() {
        // A triangle 0-1-2 with a tail 2-3-4-5: everyone pairs (0-1, 2-3, 4-5), which a
        // search that first takes 1-2 only finds by going back through the triangle.
        let edges = [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5)];
        let allowed = |a: usize, b: usize| edges.contains(&(a, b)) || edges.contains(&(b, a));
        let mate = largest(6, allowed);
        assert!(mate.iter().all(Option::is_some), "{mate:?}");
    }
}
