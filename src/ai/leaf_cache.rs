//! What [`Evaluator::quiet_leaf`] said of a position, found again by its hash.
//!
//! A Gygès leaf costs both sides' bounce searches, and a search meets the same leaves
//! again: the look at a node two plies above the horizon judges the children that the
//! iteration before judged as its leaves, and lines that transpose meet twice. A depth-4
//! search from a shuffled set-up with displacement asked 1.1 million times about 680,000
//! positions. One fixed-size array of two-word entries, always replaced (a lost entry only
//! costs its evaluation again), allocated when the first judgement worth keeping comes,
//! so games whose leaves always need their moves (no `quiet_leaf`) never pay for it.
//!
//! [`Evaluator::quiet_leaf`]: super::search::Evaluator::quiet_leaf

use super::search::Leaf;
use super::table::slots;

/// An entry: the key, then the judgement (kind in bits 32–34, score in the low 32 bits).
/// Kind 0 is an empty slot.
type Entry = [u64; 2];

const SCORE: u64 = 1;
const WINS_NOW: u64 = 2;
const THREATENED: u64 = 3;
/// The leaf needs its moves to be judged (`quiet_leaf` said `None`).
const NEEDS_MOVES: u64 = 4;

/// A cache of leaf judgements.
pub struct LeafCache {
    entries: Vec<Entry>,
    len: usize,
}

impl LeafCache {
    /// A cache of at most `megabytes` MiB (at least one entry), allocated on first use.
    #[must_use]
    pub fn new(megabytes: usize) -> Self {
        Self {
            entries: Vec::new(),
            len: slots::<Entry>(megabytes),
        }
    }

    /// Whether a judgement has been kept yet: until then every probe misses.
    #[must_use]
    pub fn in_use(&self) -> bool {
        !self.entries.is_empty()
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.len - 1)
    }

    /// The judgement stored for the position with hash `key`: `Some(None)` when it was
    /// found to need its moves.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Option<Leaf>> {
        let [stored, word] = *self.entries.get(self.slot(key))?;
        if stored != key {
            return None;
        }
        let score = word as u32 as i32;
        match word >> 32 {
            SCORE => Some(Some(Leaf::Score(score))),
            WINS_NOW => Some(Some(Leaf::WinsNow)),
            THREATENED => Some(Some(Leaf::Threatened(score))),
            NEEDS_MOVES => Some(None),
            _ => None,
        }
    }

    /// Keeps the judgement of the position with hash `key`.
    pub fn store(&mut self, key: u64, leaf: Option<Leaf>) {
        let (kind, score) = match leaf {
            Some(Leaf::Score(score)) => (SCORE, score),
            Some(Leaf::WinsNow) => (WINS_NOW, 0),
            Some(Leaf::Threatened(score)) => (THREATENED, score),
            None if !self.in_use() => return,
            None => (NEEDS_MOVES, 0),
        };
        if !self.in_use() {
            self.entries = vec![[0; 2]; self.len];
        }
        let slot = self.slot(key);
        self.entries[slot] = [key, kind << 32 | u64::from(score as u32)];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_judgement_is_found_again_and_another_key_is_not() {
        let mut cache = LeafCache::new(1);
        for (key, leaf) in [
            (7, Some(Leaf::Score(-1234))),
            (8, Some(Leaf::WinsNow)),
            (9, Some(Leaf::Threatened(55))),
            (10, None),
        ] {
            cache.store(key, leaf);
            assert_eq!(cache.probe(key), Some(leaf));
        }
        assert_eq!(cache.probe(11), None);
    }

    #[test]
    fn nothing_is_kept_until_a_judgement_is_worth_keeping() {
        let mut cache = LeafCache::new(1);
        cache.store(3, None);
        assert!(!cache.in_use());
        assert_eq!(cache.probe(3), None);
    }
}
