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

/// The `p` quantile (0 to 1) of `samples`, sorting them; zero when there are none.
pub fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    if samples.is_empty() {
        return Duration::ZERO;
    }
    samples.sort();
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

/// A bench's setting from the environment variable `name`, else `default`.
pub fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
