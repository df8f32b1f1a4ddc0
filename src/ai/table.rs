//! The transposition table: what earlier searches learnt about a position, found by its hash.
//!
//! One fixed-size array of 16-byte entries (its size from `[ai] table_mb`, so memory is
//! bounded), always-replace except that a deeper entry of the current search survives a
//! shallower one. A move is stored as its index in [`Rules::legal_moves`]'s stable order, so
//! the table works for every game without knowing its move type.
//!
//! [`Rules::legal_moves`]: crate::games::Rules::legal_moves

/// How a stored score bounds the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (failed low).
    Upper,
}

/// One stored result, packed in two words so that a new table is zeroed memory the
/// system hands out lazily (no 16 MiB clearing before the first move): the key, then
/// score (32 bits), best move (16), depth (8) and flags (8: bound in 2 bits, the search's
/// generation in 6). Flags 0 is an empty slot.
type Entry = [u64; 2];

fn pack(score: i32, best: u16, depth: u8, flags: u8) -> u64 {
    u64::from(score as u32)
        | u64::from(best) << 32
        | u64::from(depth) << 48
        | u64::from(flags) << 56
}

fn flags_of(word: u64) -> u8 {
    (word >> 56) as u8
}

/// What a probe found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The stored score (mate scores relative to the stored position).
    pub score: i32,
    /// The depth it was searched to.
    pub depth: u8,
    /// How the score bounds the true one.
    pub bound: Bound,
    /// The best move's index in the legal move list, if one was stored.
    pub best: Option<usize>,
}

/// How many entries of type `E` fit in `megabytes` MiB, as a power of two (at least one),
/// so that a hash's low bits index them.
pub(super) fn slots<E>(megabytes: usize) -> usize {
    let bytes = megabytes.max(1) * 1024 * 1024;
    ((bytes / std::mem::size_of::<E>()).next_power_of_two() / 2).max(1)
}

/// A transposition table.
pub struct Table {
    entries: Vec<Entry>,
    generation: u8,
}

impl Table {
    /// A table of at most `megabytes` MiB (at least one entry).
    #[must_use]
    pub fn new(megabytes: usize) -> Self {
        Self {
            entries: vec![[0; 2]; slots::<Entry>(megabytes)],
            generation: 0,
        }
    }

    /// Starts a new search: older entries give way to its entries.
    pub fn next_generation(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// What is known of the position with hash `key`.
    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let [stored, word] = self.entries[self.slot(key)];
        let flags = flags_of(word);
        let best = (word >> 32) as u16;
        (stored == key && flags != 0).then(|| Hit {
            score: word as u32 as i32,
            depth: (word >> 48) as u8,
            bound: match flags & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: (best != u16::MAX).then_some(usize::from(best)),
        })
    }

    /// Stores a result, unless a deeper one of this search holds the slot for another
    /// position.
    pub fn store(&mut self, key: u64, score: i32, depth: u8, bound: Bound, best: Option<usize>) {
        let generation = self.generation;
        let slot = self.slot(key);
        let [old_key, old] = self.entries[slot];
        let old_flags = flags_of(old);
        let same_search = old_flags >> 2 == generation && old_flags != 0;
        if old_key != key && same_search && (old >> 48) as u8 > depth {
            return;
        }
        let bound_bits = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let best = best.map_or(u16::MAX, |i| u16::try_from(i).unwrap_or(u16::MAX));
        self.entries[slot] = [key, pack(score, best, depth, generation << 2 | bound_bits)];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_result_is_found_and_another_key_is_not() {
        let mut table = Table::new(1);
        table.store(42, -7, 3, Bound::Lower, Some(5));
        assert_eq!(
            table.probe(42),
            Some(Hit {
                score: -7,
                depth: 3,
                bound: Bound::Lower,
                best: Some(5)
            })
        );
        assert_eq!(table.probe(43), None);
    }

    #[test]
    fn a_deeper_entry_of_this_search_is_kept() {
        let mut table = Table::new(1);
        let len = table.entries.len() as u64;
        table.store(1, 10, 6, Bound::Exact, None);
        table.store(1 + len, 20, 2, Bound::Exact, None);
        assert_eq!(table.probe(1).map(|h| h.score), Some(10));
        table.next_generation();
        table.store(1 + len, 20, 2, Bound::Exact, None);
        assert_eq!(table.probe(1 + len).map(|h| h.score), Some(20));
    }
}
