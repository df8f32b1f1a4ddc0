//! One way into the goal and the answers that could cut it. Proving that a threat cannot
//! be parried means trying every answer, and with displacement a position has hundreds;
//! but an answer that leaves every square of one goal path as it was (and puts no piece on
//! a row nearer the threatening side, which would move instead) leaves that path open, so
//! only the few answers that touch the path need their own search of bounces.

use super::board::{row_mask, Point, Square, SQUARES};
use super::movegen::{reach, Board, Witnesses};
use super::notation::{Move, Target};
use super::position::{Position, Side};

/// What one of a side's ways into the goal depends on: see [`Position::goal_path`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GoalPath {
    /// The squares the path starts on, steps on or passes over: a move that empties,
    /// fills or changes one of them may cut it (a bounce square's piece sets the next
    /// stretch's length, a square passed over must stay empty).
    squares: u64,
    /// The rows nearer the side's home than the path's start, all empty: a piece put there
    /// could make that row the one that moves.
    nearer: u64,
}

impl Position {
    /// One path by which `side`, were it to move now, would enter the goal, when the piece
    /// taking it stands on the side's nearest occupied row. `None` otherwise: no such path,
    /// or one from a farther row (the nearer row's pieces have no move now, and an answer
    /// could give them one).
    #[must_use]
    pub fn goal_path(&self, side: Side) -> Option<GoalPath> {
        if self.placing() || self.in_goal().is_some() {
            return None;
        }
        let rows = side.rows_nearest_first();
        let nearest = rows
            .iter()
            .position(|&row| self.occupied & row_mask(row) != 0)?;
        let board = Board {
            sizes: &self.sizes,
            occupied: self.occupied,
            goal_direction: side.goal_direction(),
            stop_at_goal: true,
        };
        let mut pieces = self.occupied & row_mask(rows[nearest]);
        // Only the goal's path is ever noted, so one set serves every piece.
        let mut witnesses = Witnesses {
            paths: vec![None; SQUARES + 1],
            goal_only: true,
        };
        while pieces != 0 {
            let from = Square(pieces.trailing_zeros() as u8);
            pieces &= pieces - 1;
            if !reach(&board, from, Some(&mut witnesses)).goal {
                continue;
            }
            let points = witnesses.paths[SQUARES].as_deref()?;
            let squares = points.iter().fold(from.bit(), |all, point| match point {
                Point::Square(square) => all | square.bit(),
                Point::Goal => all,
            });
            let nearer = rows[..nearest]
                .iter()
                .fold(0, |all, &row| all | row_mask(row));
            return Some(GoalPath { squares, nearer });
        }
        None
    }
}

impl GoalPath {
    /// Whether `answer` might stop the side from entering the goal by this path: it moves a
    /// piece from, onto or over one of the path's squares (a landing changes the piece
    /// there, a drop fills a square), or puts one on a nearer row. When it does not, the
    /// path is open after it, so the side still enters the goal.
    #[must_use]
    pub fn may_be_cut_by(&self, answer: &Move) -> bool {
        match *answer {
            Move::Pass => false,
            Move::Go {
                from,
                to: Target::Square(to),
                drop,
            } => {
                let put = to.bit() | drop.map_or(0, Square::bit);
                (from.bit() | put) & self.squares != 0 || put & self.nearer != 0
            }
            // Neither is an answer the search meets (the game is over, or still placing).
            Move::Go {
                to: Target::Goal, ..
            }
            | Move::Place { .. } => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::gyges::{Options, Setup};
    use crate::games::shuffle::Stream;
    use crate::games::{Rules, Seed};

    /// Every answer the path does not flag leaves the threatening side able to enter the
    /// goal, in positions from random games (with displacement and without) where the
    /// side not to move threatens: the filter never skips a parry.
    #[test]
    fn an_answer_that_leaves_the_path_alone_never_parries() {
        let (mut threats, mut skipped, mut with_path) = (0, 0, 0);
        for seed in 0..200 {
            let options = Options {
                setup: Setup::Random,
                displace: seed % 3 != 0,
            };
            let mut position = Position::start(&options, Seed(seed));
            let mut rng = Stream::new(Seed(seed + 7));
            for _ in 0..40 {
                let moves = position.legal_moves();
                if moves.is_empty() || position.reaches_goal(position.turn()) {
                    break;
                }
                let attacker = position.turn().other();
                let path = position.goal_path(attacker);
                // A path is only ever given where the side does reach the goal.
                assert!(path.is_none() || position.reaches_goal(attacker));
                if position.reaches_goal(attacker) {
                    threats += 1;
                }
                if let Some(path) = path {
                    with_path += 1;
                    for answer in moves.iter().filter(|a| !path.may_be_cut_by(a)) {
                        let mut next = position.clone();
                        next.play_unchecked(answer);
                        assert!(
                            next.reaches_goal(attacker),
                            "{}: {answer} cuts every path",
                            position.to_text()
                        );
                        skipped += 1;
                    }
                }
                position.play_unchecked(&moves[rng.below(moves.len())]);
            }
        }
        assert!(
            threats > 80 && with_path > 80 && skipped > 5000,
            "{threats} {with_path} {skipped}"
        );
    }
}
