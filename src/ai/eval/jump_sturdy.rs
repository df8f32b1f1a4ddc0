//! Jump Sturdy: material first (a man is 100), then how far each man has come, with
//! doubles (knight jumps, twice the reach) worth more and a man one move from the far rank
//! a threat the search sees at once. Captures are the noisy moves.

use crate::ai::search::{Evaluator, Leaf};
use crate::games::jump_sturdy::{Color, Move, Position, FILE_A, FILE_H};

/// Bonus for a top man by ranks advanced (0 = its own back rank); the far rank ends the
/// game.
const ADVANCE: [i32; 8] = [0, 2, 6, 12, 22, 38, 64, 0];
/// A man's worth.
const MAN: i32 = 100;
/// A double's top man, besides the man: its knight jumps.
const DOUBLE_TOP: i32 = 25;
/// A man buried under its own colour (part of a double that moves as one).
const BURIED_UNDER_OWN: i32 = 70;
/// A man buried under an enemy man: lost unless the enemy moves off.
const BURIED_UNDER_ENEMY: i32 = 30;
/// A top man the enemy can capture next.
const HANGING: i32 = 20;

/// The Jump Sturdy evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct JumpSturdy;

/// Ranks advanced by the man on `square` of `color`.
fn advanced(color: Color, square: u32) -> usize {
    let rank = (square / 8) as usize;
    match color {
        Color::Blue => rank,
        Color::Red => 7 - rank,
    }
}

/// Squares `color`'s singles attack (diagonally forward).
fn attacks(position: &Position, color: Color) -> u64 {
    let singles = position.tops(color) & !position.doubles();
    match color {
        Color::Blue => (singles & !FILE_A) << 7 | (singles & !FILE_H) << 9,
        Color::Red => (singles & !FILE_A) >> 9 | (singles & !FILE_H) >> 7,
    }
}

fn side_score(position: &Position, color: Color) -> i32 {
    let doubles = position.doubles();
    let mut score = 0;
    let mut tops = position.tops(color);
    while tops != 0 {
        let square = tops.trailing_zeros();
        tops &= tops - 1;
        score += MAN + ADVANCE[advanced(color, square)];
        if doubles & (1 << square) != 0 {
            score += DOUBLE_TOP + ADVANCE[advanced(color, square)] / 2;
        }
    }
    let buried = position.men(color) & doubles & !position.tops(color);
    let under_own = buried & position.tops(color);
    let under_enemy = buried & position.tops(color.other());
    score += BURIED_UNDER_OWN * under_own.count_ones() as i32;
    score += BURIED_UNDER_ENEMY * under_enemy.count_ones() as i32;
    score
}

impl Evaluator<Position> for JumpSturdy {
    fn evaluate(&self, position: &Position, moves: &[Move]) -> Leaf {
        let me = position.turn();
        if moves.iter().any(|mv| mv.to.bit() & me.goal() != 0) {
            return Leaf::WinsNow;
        }
        let them = me.other();
        let mut score = side_score(position, me) - side_score(position, them);
        // My men the enemy could take after my move: a small worry, since I move first.
        let hanging = position.tops(me) & attacks(position, them);
        score -= HANGING * hanging.count_ones() as i32;
        Leaf::Score(score)
    }

    fn is_noisy(&self, position: &Position, mv: &Move) -> bool {
        let me = position.turn();
        mv.to.bit() & (position.tops(me.other()) | me.goal()) != 0
    }
}
