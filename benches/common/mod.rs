//! What every bench binary shares (each uses its own part of it).

#![allow(dead_code)]

use std::time::{Duration, Instant};

/// The median of `runs` timings of `f`: robust to the odd slow run on a shared machine.
pub fn median_of<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                std::hint::black_box(f());
                start.elapsed()
            })
            .collect(),
    )
}

/// The median of timings taken elsewhere.
pub fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}
