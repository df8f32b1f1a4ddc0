//! Jumpers move generation: jumps, steps and crawls, straight from the rule file.

use super::board::NO_CELL;
use super::options::Height;
use super::pieces::Color;
use super::position::Position;

impl Position {
    /// Calls `sink(from, to)` for every distinct legal `from-to` of `color` (by cell index),
    /// ignoring whether the game is over; stops early when `sink` returns false.
    /// Returns false if it was stopped. Public for the AI, which counts both sides' moves
    /// and looks for jumps onto a gate without building move lists.
    pub fn generate(&self, color: Color, sink: &mut impl FnMut(u8, u8) -> bool) -> bool {
        let geometry = self.geometry();
        let heights = &self.heights;
        let options = &self.options;
        for (from, around) in geometry.neighbours.iter().enumerate() {
            let from = from as u8;
            let Some(piece) = self.top(from) else {
                continue;
            };
            if piece.color != color {
                continue;
            }
            let rules = piece.kind.rules();
            let level = heights[usize::from(from)] - 1;
            if options.crawlers.contains(piece.kind) {
                // Crawl 1..N cells, each entered cell within one level of the current one.
                for d in 0..6 {
                    let (mut cell, mut at) = (from, level);
                    for _ in 0..rules.length {
                        let next = geometry.neighbours[usize::from(cell)][d];
                        if next == NO_CELL || heights[usize::from(next)].abs_diff(at) > 1 {
                            break;
                        }
                        (cell, at) = (next, heights[usize::from(next)]);
                        if !sink(from, cell) {
                            return false;
                        }
                    }
                }
                continue;
            }
            let limit = match options.height {
                Height::Absolute => rules.height_limit,
                Height::Relative => level + rules.height_limit,
            };
            // Jump exactly N cells; every cell passed and the landing cell within the limit.
            for d in 0..6 {
                let mut cell = from;
                let mut clear = true;
                for _ in 0..rules.length {
                    cell = geometry.neighbours[usize::from(cell)][d];
                    if cell == NO_CELL || heights[usize::from(cell)] > limit {
                        clear = false;
                        break;
                    }
                }
                if clear && !sink(from, cell) {
                    return false;
                }
            }
            if options.step {
                // Step one cell onto a stack of the piece's own level; a Small's step that
                // its jump already reaches is the same move.
                for &next in around {
                    if next == NO_CELL || heights[usize::from(next)] != level {
                        continue;
                    }
                    let jump_reaches = rules.length == 1 && heights[usize::from(next)] <= limit;
                    if !jump_reaches && !sink(from, next) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether `color` has any move (a pass aside).
    #[must_use]
    pub fn has_moves(&self, color: Color) -> bool {
        !self.generate(color, &mut |_, _| false)
    }
}
