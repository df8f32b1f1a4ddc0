//! Position hashes for the transposition table and repetition checks: a fast 64-bit hash of
//! a position's repetition key ([`Rules::key`]), so every game gets one without code of
//! its own.

use std::hash::{Hash, Hasher};

use crate::games::Rules;

/// A multiply-rotate hasher (the Fx hash of rustc), with a final mix so that the low bits
/// the table indexes by depend on every input word.
#[derive(Default)]
struct Fx(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for Fx {
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
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
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
    let mut hasher = Fx::default();
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
}
