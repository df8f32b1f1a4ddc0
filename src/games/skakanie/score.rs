//! Scoring a pool: its fragments are the connected groups (4-neighbourhood) of its pieces on
//! the 12 × 8 picture.

use super::options::Scoring;

/// Picture columns.
pub const COLUMNS: u8 = 12;
/// Picture rows.
pub const ROWS: u8 = 8;
/// Pieces in the game.
pub const PIECES: u8 = COLUMNS * ROWS;

/// A set of pieces, bit `row * 12 + column`.
pub type Pool = u128;

/// The sizes of a pool's fragments, largest first.
#[must_use]
pub fn fragments(pool: Pool) -> Vec<u32> {
    let mut left = pool;
    let mut sizes = Vec::new();
    while left != 0 {
        // Grow one fragment from its lowest piece by repeated neighbour expansion.
        let mut fragment: Pool = left & left.wrapping_neg();
        loop {
            let grown = (fragment | neighbours(fragment)) & pool;
            if grown == fragment {
                break;
            }
            fragment = grown;
        }
        sizes.push(fragment.count_ones());
        left &= !fragment;
    }
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes
}

/// The pieces that are a 4-neighbour of some piece of `set`: what grows a fragment, and
/// what the AI's playouts look for to join a pool.
#[must_use]
pub fn neighbours(set: Pool) -> Pool {
    const ALL: Pool = (1 << PIECES) - 1;
    // Columns a..k may step right, b..l left: masks keep rows from wrapping into each other.
    let mut not_last = 0;
    let mut not_first = 0;
    for row in 0..ROWS {
        let base = u32::from(row * COLUMNS);
        not_last |= ((1 << (COLUMNS - 1)) - 1) << base;
        not_first |= (((1 << COLUMNS) - 1) & !1) << base;
    }
    let right = (set & not_last) << 1;
    let left = (set & not_first) >> 1;
    let down = (set << COLUMNS) & ALL;
    let up = set >> COLUMNS;
    right | left | down | up
}

/// The score of fragment sizes (largest first): the largest minus what the others cost.
#[must_use]
pub fn score_of(sizes: &[u32], scoring: Scoring) -> i32 {
    let Some((&largest, rest)) = sizes.split_first() else {
        return 0;
    };
    let cost: u32 = rest
        .iter()
        .map(|&size| match (scoring, size) {
            (Scoring::Harsh, 1) => 2,
            _ => 1,
        })
        .sum();
    largest as i32 - cost as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(pieces: &[(u8, u8)]) -> Pool {
        pieces
            .iter()
            .fold(0, |p, &(c, r)| p | 1 << (r * COLUMNS + c))
    }

    #[test]
    fn the_rule_files_example_scores_6_and_harsh_4() {
        // 10, 4, 3, 1, 1 pieces: the example of the rules.
        let mut pieces = Vec::new();
        pieces.extend((0..10).map(|c| (c, 0))); // a row of ten
        pieces.extend([(0, 2), (1, 2), (0, 3), (1, 3)]); // a square of four
        pieces.extend([(5, 3), (5, 4), (6, 4)]); // an L of three
        pieces.extend([(11, 7), (9, 6)]); // two loose pieces (diagonal is not connected)
        let sizes = fragments(pool(&pieces));
        assert_eq!(sizes, [10, 4, 3, 1, 1]);
        assert_eq!(score_of(&sizes, Scoring::Normal), 6);
        assert_eq!(score_of(&sizes, Scoring::Harsh), 4);
    }

    #[test]
    fn rows_do_not_wrap_and_empty_pools_score_zero() {
        // l1 and a2 are neighbours in bit order, not on the picture.
        assert_eq!(fragments(pool(&[(11, 0), (0, 1)])), [1, 1]);
        assert_eq!(fragments(pool(&[(3, 0), (3, 1)])), [2]);
        assert_eq!(score_of(&fragments(0), Scoring::Normal), 0);
        assert_eq!(fragments(Pool::MAX >> 32), [96]);
    }
}
