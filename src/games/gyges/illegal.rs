//! Why a move is refused, in words a player can act on: the rule it breaks, worked out
//! from the position (the play layer adds the legal moves).

use super::board::Square;
use super::notation::{Move, Target};
use super::position::{Position, Side};

/// A move the rules forbid, with the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    Finished,
    /// A move while pieces are still being placed.
    #[error("the pieces are still being placed: place one of yours with size@square, like 3@c1")]
    StillPlacing,
    /// A placement after the placement phase.
    #[error("all pieces are on the board: move one, like b1-d4")]
    NothingToPlace,
    /// A size the placer does not hold.
    #[error("you have no piece of size {size} left to place; you hold {hand}")]
    NotInHand {
        /// The size asked for.
        size: u8,
        /// What the hand holds, like "1, 2, 2".
        hand: String,
    },
    /// Placing off the start row.
    #[error("{side} places on row {row} only, and {square} is not on it")]
    NotHomeRow {
        /// Who places.
        side: &'static str,
        /// Their start row, 1 or 6.
        row: u8,
        /// Where they tried.
        square: Square,
    },
    /// Placing or displacing onto a piece.
    #[error("{0} is not empty")]
    Occupied(Square),
    /// No piece on the start square.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// A piece beyond the row that may move.
    #[error("you may move only pieces on row {row}: the occupied row nearest to you whose pieces can move")]
    WrongRow {
        /// The row (1..6) that may move.
        row: u8,
    },
    /// A move that ends where it began.
    #[error("a move may not end on the square it started from")]
    BackToStart,
    /// The goal is out of reach.
    #[error("the {size} on {from} cannot reach the goal: a piece enters it only from row {row}, as the last step of a stretch, and never passes through it")]
    GoalOutOfReach {
        /// The piece's size.
        size: u8,
        /// Where it starts.
        from: Square,
        /// The far row (1..6).
        row: u8,
    },
    /// An end square no path reaches.
    #[error("the {size} on {from} cannot reach {to}: it moves exactly {steps} through empty squares, bounces off every piece it lands on by that piece's size, and crosses no edge twice", steps = crate::words::count(*size, "step"))]
    OutOfReach {
        /// The piece's size.
        size: u8,
        /// Where it starts.
        from: Square,
        /// Where it was asked to end.
        to: Square,
    },
    /// Ending on a piece without the displacement option.
    #[error("a move cannot end on {0}: a piece landing on another bounces off it (displacement needs option displace=on)")]
    EndsOnPiece(Square),
    /// Ending on a piece, with displacement, but no drop square named.
    #[error("{to} holds a piece: to take its place, say where it goes, like {from}-{to}:e2")]
    DropMissing {
        /// Where the mover starts.
        from: Square,
        /// The displaced piece's square.
        to: Square,
    },
    /// A drop named for an empty end square.
    #[error("{0} is empty, so there is no piece to displace")]
    NothingToDisplace(Square),
    /// A drop without the option.
    #[error("displacement is not played in this game (option displace=on)")]
    DisplaceOff,
    /// A drop beyond the opponent's nearest row.
    #[error(
        "the displaced piece may not go beyond row {row}, the opponent's nearest occupied row"
    )]
    DropTooFar {
        /// The limit row (1..6).
        row: u8,
    },
    /// Dropping back onto the start with equal sizes.
    #[error("the displaced piece may not go to {0}: both pieces are the same size, so nothing would change")]
    SameSizeSwap(Square),
    /// A pass with a move available.
    #[error("you may pass only when you have no legal move")]
    PassWithMoves,
    /// A move when only a pass is possible.
    #[error("none of your pieces can move, so you must pass")]
    MustPass,
}

fn hand_text(position: &Position, side: Side) -> String {
    let hand = position.hand(side);
    let sizes: Vec<String> = (1..=3u8)
        .flat_map(|size| {
            std::iter::repeat_n(size.to_string(), usize::from(hand[usize::from(size - 1)]))
        })
        .collect();
    if sizes.is_empty() {
        "nothing".into()
    } else {
        sizes.join(", ")
    }
}

fn placement_error(position: &Position, size: u8, square: Square) -> IllegalMove {
    let side = position.turn();
    if position.hand(side)[usize::from(size - 1)] == 0 {
        return IllegalMove::NotInHand {
            size,
            hand: hand_text(position, side),
        };
    }
    if square.row() != side.home_row() {
        return IllegalMove::NotHomeRow {
            side: side.name(),
            row: side.home_row() + 1,
            square,
        };
    }
    IllegalMove::Occupied(square)
}

fn go_error(position: &Position, from: Square, to: Target, drop: Option<Square>) -> IllegalMove {
    let side = position.turn();
    let size = position.size_at(from);
    if size == 0 {
        return IllegalMove::NoPiece(from);
    }
    let movers = position.movers(side);
    let Some(row) = movers.first().map(|(s, _)| s.row()) else {
        return IllegalMove::MustPass;
    };
    let Some((_, reach)) = movers.iter().find(|(s, _)| *s == from) else {
        return IllegalMove::WrongRow { row: row + 1 };
    };
    let to = match to {
        Target::Goal => {
            return IllegalMove::GoalOutOfReach {
                size,
                from,
                row: match side {
                    Side::South => 6,
                    Side::North => 1,
                },
            }
        }
        Target::Square(to) => to,
    };
    if to == from {
        return IllegalMove::BackToStart;
    }
    let occupied = position.size_at(to) != 0;
    match (occupied, drop) {
        (false, Some(_)) if reach.ends & to.bit() != 0 => IllegalMove::NothingToDisplace(to),
        (false, _) => IllegalMove::OutOfReach { size, from, to },
        (true, _) if reach.landings & to.bit() == 0 => IllegalMove::OutOfReach { size, from, to },
        (true, _) if !position.options.displace => IllegalMove::EndsOnPiece(to),
        (true, None) => IllegalMove::DropMissing { from, to },
        (true, Some(drop)) => drop_error(position, from, to, drop),
    }
}

fn drop_error(position: &Position, from: Square, to: Square, drop: Square) -> IllegalMove {
    if drop != from && position.size_at(drop) != 0 || drop == to {
        return IllegalMove::Occupied(drop);
    }
    if drop == from {
        return IllegalMove::SameSizeSwap(from);
    }
    IllegalMove::DropTooFar {
        row: position.drop_limit(position.turn()) + 1,
    }
}

/// The reason `mv` is not legal in `position` (which has no such legal move).
pub(super) fn diagnose(position: &Position, mv: &Move) -> IllegalMove {
    match (*mv, position.placing()) {
        (Move::Place { size, square }, true) => placement_error(position, size, square),
        (Move::Place { .. }, false) => IllegalMove::NothingToPlace,
        (Move::Go { .. } | Move::Pass, true) => IllegalMove::StillPlacing,
        (Move::Pass, false) => IllegalMove::PassWithMoves,
        (Move::Go { drop: Some(_), .. }, false) if !position.options.displace => {
            IllegalMove::DisplaceOff
        }
        (Move::Go { from, to, drop }, false) => go_error(position, from, to, drop),
    }
}
