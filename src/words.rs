//! Counting things in English: one helper for every "N nouns" the bot writes, so no message
//! says "1 stacks left" or "a replay of 1 frames". Pure text, usable by every layer (the
//! rules engines' error messages included).

use std::fmt;

/// `n` and its noun, singular for exactly one and plural otherwise: shown as `1 stack`,
/// `0 stacks`, `3 stacks`. Made by [`count`].
#[derive(Clone, Copy, Debug)]
pub struct Counted<'a, N> {
    n: N,
    noun: &'a str,
}

impl<N: fmt::Display + Copy + TryInto<u64>> fmt::Display for Counted<'_, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.n, noun(self.n, self.noun))
    }
}

/// `n` followed by `noun` in the number that fits: `count(1, "step")` shows as `1 step`,
/// `count(4, "step")` as `4 steps`. Lazy, so it goes straight into `format!`.
#[must_use]
pub fn count<N: fmt::Display + Copy + TryInto<u64>>(n: N, noun: &str) -> Counted<'_, N> {
    Counted { n, noun }
}

/// `noun` alone in the number that fits `n` ("action" or "actions"), for sentences where
/// the number is written elsewhere.
#[must_use]
pub fn noun<N: TryInto<u64>>(n: N, noun: &str) -> String {
    if n.try_into().ok() == Some(1) {
        noun.to_owned()
    } else {
        plural(noun)
    }
}

/// The regular English plural of a singular noun: `stack` → `stacks`, `ply` → `plies`,
/// `box` → `boxes`.
#[must_use]
pub fn plural(noun: &str) -> String {
    let consonant_y = noun
        .strip_suffix('y')
        .filter(|stem| !stem.ends_with(['a', 'e', 'i', 'o', 'u']) && !stem.is_empty());
    match consonant_y {
        Some(stem) => format!("{stem}ies"),
        None if noun.ends_with(['s', 'x', 'z']) || noun.ends_with("ch") || noun.ends_with("sh") => {
            format!("{noun}es")
        }
        None => format!("{noun}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_number_plural() {
        assert_eq!(count(1u8, "stack").to_string(), "1 stack");
        assert_eq!(count(0usize, "stack").to_string(), "0 stacks");
        assert_eq!(count(2u32, "frame").to_string(), "2 frames");
        assert_eq!(count(1u64, "ply").to_string(), "1 ply");
        assert_eq!(count(5u64, "ply").to_string(), "5 plies");
        assert_eq!(count(3u8, "day").to_string(), "3 days");
        assert_eq!(count(2u8, "box").to_string(), "2 boxes");
        assert_eq!(noun(-1i32, "point"), "points");
        assert_eq!(noun(1i32, "point"), "point");
    }
}
