//! Gygès: the pieces belong to nobody, so what counts is reach. A side wins by entering the
//! goal, so a goal within reach of the side to move is a win and one within the other
//! side's reach a threat to parry; otherwise more moves, and more pieces free to move on
//! one's nearest row (row control), is better.

use crate::ai::search::{Evaluator, Leaf};
use crate::games::gyges::{Mobility, Move, Position, Target};
use crate::games::Rules;

/// A legal move. Measured by self-play (two binaries, `leapfrog ai --time 200` a move,
/// `setup=random` seeds 1–40 with colours swapped): 8 scored 50 of 80 (62.5 %) against 4,
/// and 12 scored 23.5 of 40 against 4.
const MOVE: i32 = 8;
/// A piece of the nearest row that may move. Measured the same way (40 games against 25):
/// 50 scored 17 of 40, 10 scored 18 of 40.
const MOVER: i32 = 25;
/// The other side could enter the goal if it were to move. Measured the same way (40
/// games against 300): 150 scored 21 of 40, 600 scored 20 of 40: the search's parry of
/// threats matters more than the penalty's size.
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

/// Whether `mv` enters the goal.
fn enters_goal(mv: &Move) -> bool {
    matches!(
        mv,
        Move::Go {
            to: Target::Goal,
            ..
        }
    )
}

/// The first move of a run to the goal for the side to move within `plies` plies (odd):
/// a goal entered now, or (three plies or more) a move that leaves the mover able to enter
/// the goal next turn, after which every answer (none of them entering the other goal)
/// leaves a run two plies shorter. Only such threats are tried, which keeps a run of
/// seven plies within a few thousand positions; `budget` bounds them.
fn run(position: &Position, plies: u32, budget: &mut u64) -> Option<Move> {
    let moves = position.legal_moves();
    if let Some(win) = moves.iter().find(|mv| enters_goal(mv)) {
        return Some(*win);
    }
    if plies < 3 {
        return None;
    }
    let me = position.turn();
    for mv in &moves {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let mut threat = position.clone();
        threat.play_unchecked(mv);
        if !threat.mobility(me).goal {
            continue;
        }
        let answers = threat.legal_moves();
        let forced = !answers.is_empty()
            && answers.iter().all(|answer| {
                if enters_goal(answer) {
                    return false;
                }
                let mut next = threat.clone();
                next.play_unchecked(answer);
                run(&next, plies - 2, budget).is_some()
            });
        if forced {
            return Some(*mv);
        }
    }
    None
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

    fn goal_run(&self, position: &Position, plies: u32, budget: &mut u64) -> Option<(Move, u32)> {
        if position.placing() {
            return None;
        }
        // The shortest run first: a run of three found before one of seven.
        (0..=plies.saturating_sub(1) / 2).find_map(|half| {
            let length = 2 * half + 1;
            run(position, length, budget).map(|mv| (mv, length))
        })
    }

    fn is_noisy(&self, _position: &Position, mv: &Move) -> bool {
        enters_goal(mv)
    }
}
