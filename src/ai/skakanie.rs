//! Skakanie for the AI: what a seat knows of the face-down pieces, and a quick playing
//! policy for the Monte Carlo playouts.
//!
//! A seat sees the face-up piece of every stack and every pool, and remembers every piece
//! that was ever face up (a buried piece went to the bottom where everyone saw it go). So
//! the pieces it cannot place are exactly those never seen, and a determinisation deals
//! those, shuffled, into the face-down places that hold unseen pieces. The true identity
//! of a face-down piece is never read: the deal is made from the *set* of unseen pieces,
//! which is the same for every arrangement of them.

use crate::games::shuffle::Stream;
use crate::games::skakanie::{neighbours, Action, Direction, Pool, Position, PIECES};
use crate::games::{Game, Rules, Seat};

/// Every piece ever face up in `game`: replayed from the start, which every player saw.
#[must_use]
pub fn seen(game: &Game<Position>) -> Pool {
    let mut position = game.start().clone();
    let mut seen = position.face_up();
    for mv in game.moves() {
        position.play_unchecked(mv);
        seen |= position.face_up();
    }
    seen
}

/// The pieces `known` leaves unplaced, in piece order (never the table's order).
#[must_use]
pub fn unseen(known: Pool) -> Vec<u8> {
    (0..PIECES).filter(|&p| known & (1 << p) == 0).collect()
}

/// One determinisation: the table with the unseen pieces dealt at random.
#[must_use]
pub fn determinise(position: &Position, known: Pool, unseen: &[u8], rng: &mut Stream) -> Position {
    let mut deal = unseen.to_vec();
    rng.shuffle(&mut deal);
    position.redealt(known, &mut deal.into_iter())
}

/// The face-up piece at a spot, if it exists.
fn top_at(position: &Position, (row, stack): (usize, usize)) -> Option<u8> {
    position.rows().get(row)?.get(stack)?.last().copied()
}

/// A quick action for playouts: take a piece that joins the pool, walk towards one that
/// would, and otherwise mostly take (the game ends only as stacks empty).
#[must_use]
pub fn playout_action(position: &Position, rng: &mut Stream) -> Action {
    let seat = position.to_move();
    let pool = position.pool(seat);
    let wanted = if pool == 0 { !0 } else { neighbours(pool) };
    let pawn = position.pawn(seat);
    if top_at(position, pawn).is_some_and(|p| wanted & (1 << p) != 0) && rng.below(10) < 9 {
        return Action::Take;
    }
    let steps: Vec<(Direction, Option<u8>)> = Direction::ALL
        .into_iter()
        .filter_map(|d| {
            let (dr, dc) = d.delta();
            let spot = (
                usize::try_from(pawn.0 as i32 + dr).ok()?,
                usize::try_from(pawn.1 as i32 + dc).ok()?,
            );
            let top = top_at(position, spot)?;
            Some((d, Some(top)))
        })
        .collect();
    if position.actions_left() > 1 {
        if let Some((d, _)) = steps
            .iter()
            .find(|(_, top)| top.is_some_and(|p| wanted & (1 << p) != 0))
        {
            return Action::Step(*d);
        }
    }
    if steps.is_empty() || rng.below(10) < 5 {
        Action::Take
    } else {
        Action::Step(steps[rng.below(steps.len())].0)
    }
}

/// Each seat's share of the result, 0 to 1: three quarters for winning (split among equal
/// best scores), a quarter for the score's place between the worst and the best, so that
/// playouts also teach a seat that cannot win to score well.
#[must_use]
pub fn rewards(position: &Position) -> Vec<f64> {
    let seats = position.seat_count();
    let scores: Vec<i32> = (0..seats).map(|s| position.score(Seat(s as u8))).collect();
    let active: Vec<bool> = (0..seats)
        .map(|s| !position.has_left(Seat(s as u8)))
        .collect();
    let best = (0..seats)
        .filter(|&s| active[s])
        .map(|s| scores[s])
        .max()
        .unwrap_or(0);
    let worst = scores.iter().copied().min().unwrap_or(0);
    let winners = (0..seats)
        .filter(|&s| active[s] && scores[s] == best)
        .count()
        .max(1);
    (0..seats)
        .map(|s| {
            if !active[s] {
                return 0.0;
            }
            let win = if scores[s] == best {
                1.0 / winners as f64
            } else {
                0.0
            };
            let place = if best > worst {
                f64::from(scores[s] - worst) / f64::from(best - worst)
            } else {
                1.0
            };
            0.75 * win + 0.25 * place
        })
        .collect()
}
