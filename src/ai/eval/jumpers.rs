//! Jumpers: nothing is captured, so the race to the enemy gates is everything. A piece is
//! worth the ranks it has come (Big jumpers most, they win fastest), a buried piece is
//! stuck, a tall stack topped by one's own piece blocks the enemy's long jumpers, and
//! mobility counts. A jump onto an enemy gate that the side to move has is a win; one the
//! other side has is a threat to parry.

use crate::ai::search::{Evaluator, Leaf};
use crate::games::jumpers::{Color, Goal, Kind, Move, Position};
use crate::games::Rules as _;

/// Per rank advanced (0..8), by kind: Small, Medium, Big.
const ADVANCE: [i32; 3] = [4, 6, 9];
/// A piece under another cannot move.
const BURIED: i32 = 12;
/// A legal move.
const MOVE: i32 = 3;
/// Each enemy piece that could jump onto one of my gates next.
const THREAT: i32 = 120;
/// One enemy gate topped by my piece (the long goal needs all three).
const GATE_HELD: i32 = 150;

/// The Jumpers evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct Jumpers;

/// Ranks `color` has advanced on `rank` (1..9).
fn advanced(color: Color, rank: u8) -> i32 {
    i32::from(match color {
        Color::White => rank - 1,
        Color::Black => 9 - rank,
    })
}

/// How many of `color`'s pieces could reach an enemy gate with one move, and how many
/// moves `color` has in all.
fn threats_and_moves(position: &Position, color: Color) -> (i32, i32) {
    let gates = position.geometry().gates.get(!color);
    let mut threats: u64 = 0;
    let mut moves = 0;
    position.generate(color, &mut |from, to| {
        moves += 1;
        if gates.contains(&to) {
            threats |= 1 << from;
        }
        true
    });
    (threats.count_ones() as i32, moves)
}

fn material(position: &Position, color: Color) -> i32 {
    let geometry = position.geometry();
    let mut score = 0;
    for (cell, coord) in geometry.cells.iter().enumerate() {
        let cell = cell as u8;
        let height = position.height(cell);
        for (level, piece) in position.stack(cell).enumerate() {
            if piece.color != color {
                continue;
            }
            if level + 1 < usize::from(height) {
                score -= BURIED;
            } else {
                score += ADVANCE[piece.kind as usize] * advanced(color, coord.rank);
                if piece.kind == Kind::Small {
                    // A Small on a tall stack blocks Big and Medium jumps around it.
                    score += 2 * i32::from(height.saturating_sub(1));
                }
            }
        }
    }
    if position.options().goal == Goal::Long {
        let held = position
            .geometry()
            .gates
            .get(!color)
            .iter()
            .filter(|&&gate| position.top(gate).is_some_and(|p| p.color == color))
            .count();
        score += GATE_HELD * held as i32;
    }
    score
}

/// Whether `color`, to move with `moves`, can complete its goal with one of them: only a
/// move onto an enemy gate can.
fn wins_now(position: &Position, color: Color, moves: &[Move]) -> bool {
    let geometry = position.geometry();
    let gates = geometry.gates.get(!color);
    let mut onto_gate = moves.iter().filter(|mv| match mv {
        Move::Go { to, .. } => geometry.index(*to).is_some_and(|c| gates.contains(&c)),
        Move::Pass => false,
    });
    match position.options().goal {
        Goal::Short => onto_gate.next().is_some(),
        Goal::Long => onto_gate.any(|mv| {
            let mut next = position.clone();
            next.play_unchecked(mv);
            next.winner() == Some(color)
        }),
    }
}

impl Evaluator<Position> for Jumpers {
    fn evaluate(&self, position: &Position, moves: &[Move]) -> Leaf {
        let me = position.turn();
        if wins_now(position, me, moves) {
            return Leaf::WinsNow;
        }
        let my_moves = moves.len() as i32;
        let (their_threats, their_moves) = threats_and_moves(position, !me);
        let mut score = material(position, me) - material(position, !me);
        score += MOVE * (my_moves - their_moves);
        if position.options().goal == Goal::Short && their_threats > 0 {
            return Leaf::Threatened(score - THREAT * their_threats);
        }
        Leaf::Score(score)
    }

    fn is_noisy(&self, position: &Position, mv: &Move) -> bool {
        let Move::Go { to, .. } = *mv else {
            return false;
        };
        let geometry = position.geometry();
        geometry
            .index(to)
            .is_some_and(|cell| geometry.gates.get(!position.turn()).contains(&cell))
    }
}
