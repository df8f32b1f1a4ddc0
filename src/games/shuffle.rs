//! Deterministic shuffles from a game's [`Seed`]: the same seed gives the same set-up on
//! every machine and every version, so a stored game replays exactly. SplitMix64 is small,
//! fast and fully specified, which is all a board-game deal needs.

use super::rules::Seed;

/// A SplitMix64 stream.
#[derive(Clone, Debug)]
pub struct Stream(u64);

impl Stream {
    /// The stream of a seed.
    #[must_use]
    pub fn new(seed: Seed) -> Self {
        Self(seed.0)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0), without modulo bias worth noticing for the
    /// small bounds of a deal.
    pub fn below(&mut self, bound: usize) -> usize {
        let wide = u128::from(self.next_u64()) * bound as u128;
        (wide >> 64) as usize
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_order_and_others_differ() {
        let deal = |seed| {
            let mut items: Vec<u32> = (0..20).collect();
            Stream::new(Seed(seed)).shuffle(&mut items);
            items
        };
        assert_eq!(deal(7), deal(7));
        assert_ne!(deal(7), deal(8));
        let mut sorted = deal(7);
        sorted.sort_unstable();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
    }

    #[test]
    fn the_stream_is_splitmix64() {
        // The reference values of SplitMix64 seeded with 0.
        let mut stream = Stream::new(Seed(0));
        assert_eq!(stream.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(stream.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }
}
