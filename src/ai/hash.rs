//! Position hashes for the transposition table and repetition checks: a fast 64-bit hash of
//! a position's repetition key ([`Rules::key`]), so every game gets one without code of
//! its own.

use std::hash::{Hash, Hasher};

use crate::games::Rules;

/// A folded-multiply hasher: each word is mixed into the state by a 64×64→128-bit product
/// whose two halves are folded together, so a change in any bit of a word reaches every bit
/// of the state. The multiply-rotate of rustc's Fx hash did not: a product only carries a
/// change upward, so a change in a word's top bits, rotated down, could cancel one in the
/// next word's low bits. Gygès positions that differ only in the squares of row 6 (packed
/// across the two words of the key) collided that way, hundreds of times in one depth-3
/// search, and the table handed one position's score to the other.
struct Mix(u64);

impl Default for Mix {
    fn default() -> Self {
        Self(SEED)
    }
}

const SEED: u64 = 0x243f_6a88_85a3_08d3;
const MULTIPLIER: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for Mix {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            self.write_u64(word);
        }
        for &byte in chunks.remainder() {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, word: u64) {
        let product = u128::from(self.0 ^ word) * u128::from(MULTIPLIER);
        self.0 = (product as u64 ^ (product >> 64) as u64).wrapping_add(SEED);
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }

    fn finish(&self) -> u64 {
        // splitmix64's finaliser.
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The hash of a position: equal for positions that count as a repetition of each other.
pub fn of<R: Rules>(position: &R) -> u64 {
    value(&position.key())
}

/// The hash of any hashable value (a move, for the history table).
pub fn value<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = Mix::default();
    value.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::jump_sturdy;
    use crate::games::Seed;

    #[test]
    fn equal_positions_hash_equal_and_a_move_changes_the_hash() {
        let start = jump_sturdy::Position::start(&jump_sturdy::Options, Seed(0));
        assert_eq!(of(&start), of(&start.clone()));
        let mut next = start.clone();
        next.play_unchecked(&start.legal_moves()[0]);
        assert_ne!(of(&start), of(&next));
    }

    /// Every arrangement of row 6 (a Gygès key's bits 60 to 71) with the rest of the board
    /// fixed: under the old multiply-rotate hash 3,840 of these 4,096 keys collided with
    /// another.
    #[test]
    fn keys_that_differ_only_in_the_top_bits_of_a_word_hash_apart() {
        let pack = |row: [u128; 6]| -> u128 {
            row.iter()
                .enumerate()
                .fold(0x0123_4567_89ab_cdef, |acc, (i, &s)| {
                    acc | s << (60 + 2 * i)
                })
        };
        let mut seen = std::collections::HashSet::new();
        for n in 0..4u32.pow(6) {
            let row = std::array::from_fn(|i| u128::from((n >> (2 * i)) & 3));
            assert!(seen.insert(value(&pack(row))), "collision at {row:?}");
        }
    }
}
