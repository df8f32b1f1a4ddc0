//! Why a move is refused, in words a player can act on.

use super::board::{Move, Square};
use super::position::{Color, Position, Stack};

/// A move the rules forbid, with the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    Finished,
    /// A corner.
    #[error("{0} is not on the board: the corners a1, h1, a8 and h8 do not exist")]
    Corner(Square),
    /// Nothing to move.
    #[error("there is no man on {0}")]
    Empty(Square),
    /// The opponent's man.
    #[error("the man on top of {square} is {owner}'s; you play {you}")]
    NotYours {
        /// Where.
        square: Square,
        /// Whose it is.
        owner: &'static str,
        /// Who is to move.
        you: &'static str,
    },
    /// A single man's move that is none of its moves.
    #[error("a single man steps one square forward or sideways, or captures one square diagonally forward; {0} is none of these")]
    SingleReach(Move),
    /// A single man stepping onto an enemy.
    #[error("a single man captures only diagonally forward, so it cannot step onto the enemy man on {0}")]
    StepOntoEnemy(Square),
    /// A diagonal step without a capture.
    #[error("a diagonal move is a capture, and {0} holds no enemy man")]
    DiagonalWithoutCapture(Square),
    /// Landing would make three.
    #[error("{0} already holds two men; a stack is at most two high")]
    ThreeHigh(Square),
    /// A double's top man moving other than a forward knight jump.
    #[error("the top man of a double jumps like a knight, forwards only (one file and two ranks, or two files and one rank); {0} is not such a jump")]
    KnightReach(Move),
}

fn color_name(c: Color) -> &'static str {
    c.name()
}

/// The reason `mv` is not legal in `position` (which has no such legal move).
pub(super) fn diagnose(position: &Position, mv: &Move) -> IllegalMove {
    for square in [mv.from, mv.to] {
        if Square::at(square.file(), square.rank()).is_none() {
            return IllegalMove::Corner(square);
        }
    }
    let turn = position.turn();
    let forward: i16 = if turn == Color::Blue { 1 } else { -1 };
    let df = i16::from(mv.to.file()) - i16::from(mv.from.file());
    let dr = (i16::from(mv.to.rank()) - i16::from(mv.from.rank())) * forward;
    let target = position.stack(mv.to);
    let enemy_on_target =
        matches!(target, Some(Stack::Single(c) | Stack::Double { top: c, .. }) if c != turn);
    match position.stack(mv.from) {
        None => IllegalMove::Empty(mv.from),
        Some(Stack::Single(c) | Stack::Double { top: c, .. }) if c != turn => {
            IllegalMove::NotYours {
                square: mv.from,
                owner: color_name(c),
                you: color_name(turn),
            }
        }
        Some(Stack::Single(_)) => match (df.abs(), dr) {
            (0, 1) | (1, 0) if enemy_on_target => IllegalMove::StepOntoEnemy(mv.to),
            (0, 1) | (1, 0) => IllegalMove::ThreeHigh(mv.to),
            (1, 1) => IllegalMove::DiagonalWithoutCapture(mv.to),
            _ => IllegalMove::SingleReach(*mv),
        },
        Some(Stack::Double { .. }) => match (df.abs(), dr) {
            (1, 2) | (2, 1) => IllegalMove::ThreeHigh(mv.to),
            _ => IllegalMove::KnightReach(*mv),
        },
    }
}
