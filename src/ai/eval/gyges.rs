//! Gygès: the pieces belong to nobody, so what counts is reach. A side wins by entering the
//! goal, so a goal within reach of the side to move is a win and one within the other
//! side's reach a threat to parry; otherwise more moves, and more pieces free to move on
//! one's nearest row (row control), is better.

use crate::ai::search::{Evaluator, Leaf};
use crate::games::gyges::{Mobility, Move, Position, Target};

/// A legal move. Measured by self-play (two binaries, `leapfrog ai --time 200` a move,
/// `setup=random` seeds 1–40 with colours swapped): 8 scored 50 of 80 (62.5 %) against 4,
/// and 12 scored 23.5 of 40 against 4.
const MOVE: i32 = 8;
/// A piece of the nearest row that may move.
const MOVER: i32 = 25;
/// The other side could enter the goal if it were to move.
const THREAT: i32 = 300;

/// How many pieces the moves start from (they come grouped by piece).
fn count_movers(moves: &[Move]) -> usize {
    let mut count = 0;
    let mut last = None;
    for mv in moves {
        if let Move::Go { from, .. } = mv {
            if last != Some(*from) {
                count += 1;
                last = Some(*from);
            }
        }
    }
    count
}

/// The Gygès evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct Gyges;

impl Evaluator<Position> for Gyges {
    fn evaluate(&self, position: &Position, moves: &[Move]) -> Leaf {
        // While pieces are still placed nobody moves yet: the placed pieces' reach is
        // what the placements aim for.
        let placing = position.placing();
        let me = position.turn();
        if !placing && moves.iter().any(|mv| self.is_noisy(position, mv)) {
            return Leaf::WinsNow;
        }
        let mine = if placing {
            position.mobility(me)
        } else {
            Mobility {
                moves: moves.len(),
                pieces: count_movers(moves),
                goal: false,
            }
        };
        let theirs = position.mobility(me.other());
        let score = MOVE * (mine.moves as i32 - theirs.moves as i32)
            + MOVER * (mine.pieces as i32 - theirs.pieces as i32);
        if theirs.goal && !placing {
            return Leaf::Threatened(score - THREAT);
        }
        Leaf::Score(score)
    }

    fn wins_at_once(&self, position: &Position, moves: &[Move]) -> bool {
        !position.placing() && moves.iter().any(|mv| self.is_noisy(position, mv))
    }

    fn is_noisy(&self, _position: &Position, mv: &Move) -> bool {
        matches!(
            mv,
            Move::Go {
                to: Target::Goal,
                ..
            }
        )
    }
}
