//! Why a Jumpers move is illegal, worked out so that a player learns which rule forbids it.

use super::board::BoardKind;
use super::notation::{Coord, Move};
use super::options::Height;
use super::pieces::Kind;
use super::position::Position;
use crate::games::rules::Rules;

/// A rule a move breaks. Each variant's text is one sentence a player can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The cell is not on this board.
    #[error("there is no cell {cell} on the {board} board")]
    NoSuchCell {
        /// The cell named.
        cell: Coord,
        /// The board played on.
        board: BoardKind,
    },
    /// Nothing to move there.
    #[error("there is no piece on {0}")]
    EmptyCell(Coord),
    /// The top piece belongs to the other side.
    #[error("the top piece on {cell} is {owner}'s, and only the top piece of a stack moves")]
    NotYours {
        /// The cell.
        cell: Coord,
        /// Whose piece is on top.
        owner: &'static str,
    },
    /// A move must go somewhere.
    #[error("a piece cannot move to the cell it stands on")]
    SameCell,
    /// Pieces move along the six straight lines of the hex grid.
    #[error("{from} and {to} are not on one straight line of cells")]
    NotInLine {
        /// Start.
        from: Coord,
        /// End.
        to: Coord,
    },
    /// The line between them leaves the board.
    #[error("the line from {from} to {to} leaves the board")]
    OffBoard {
        /// Start.
        from: Coord,
        /// End.
        to: Coord,
    },
    /// A jumper jumps an exact length.
    #[error("a {kind} jumps exactly {cells}{step}, and {to} is {distance} away", cells = crate::words::count(*length, "cell"), step = if *step { " (or steps 1 onto a stack of its own level)" } else { "" })]
    JumpLength {
        /// The piece.
        kind: Kind,
        /// Its jump length.
        length: u8,
        /// The distance asked for.
        distance: u8,
        /// The target.
        to: Coord,
        /// Whether steps are on.
        step: bool,
    },
    /// A step stays on the same level.
    #[error(
        "a step stays on its level: the piece stands at level {level}, but {cell} is {height} high"
    )]
    StepLevel {
        /// The target.
        cell: Coord,
        /// The target's height.
        height: u8,
        /// The piece's level.
        level: u8,
    },
    /// A stack on the way (or the landing stack) is too tall for this jumper.
    #[error("{cell} is {height} high, but a {kind} may fly over or land on stacks of at most {limit}{relative}", relative = if *relative { " (its level plus its height limit)" } else { "" })]
    TooHigh {
        /// The piece.
        kind: Kind,
        /// The tall stack.
        cell: Coord,
        /// Its height.
        height: u8,
        /// The jumper's limit there.
        limit: u8,
        /// Whether the limit counts from the jumper's level.
        relative: bool,
    },
    /// A crawler moves 1..N cells.
    #[error("a {kind} crawler moves 1 to {length} {cells}, and {to} is {distance} away", cells = crate::words::noun(*length, "cell"))]
    CrawlLength {
        /// The piece.
        kind: Kind,
        /// Its maximum.
        length: u8,
        /// The distance asked for.
        distance: u8,
        /// The target.
        to: Coord,
    },
    /// A crawler climbs or descends one level per cell.
    #[error("a crawler climbs or descends one level per cell, but {cell} is {height} high and the crawler is at level {level} before it")]
    TooSteep {
        /// The cell it cannot enter.
        cell: Coord,
        /// That cell's height.
        height: u8,
        /// The crawler's level before it.
        level: u8,
    },
    /// Passing is only for a player with no move.
    #[error("you can only pass when you have no legal move")]
    CannotPass,
    /// A catch-all that the diagnosis never expects to reach.
    #[error("{0} is not a legal move here")]
    NotLegal(Move),
}

/// How `from` lines up with `to`: the direction step in doubled coordinates and the distance.
fn line(from: Coord, to: Coord) -> Option<((i8, i8), u8)> {
    let (dx, dr) = (to.x() - from.x(), to.rank_i8() - from.rank_i8());
    let distance = if dr == 0 && dx % 2 == 0 {
        dx.abs() / 2
    } else if dx.abs() == dr.abs() {
        dr.abs()
    } else {
        return None;
    };
    let distance = u8::try_from(distance).ok().filter(|&d| d > 0)?;
    let d = i8::try_from(distance).ok()?;
    Some(((dx / d, dr / d), distance))
}

impl Position {
    /// The rule `mv` breaks here. Called for moves not in the legal list, so it always names
    /// a rule; [`IllegalMove::NotLegal`] is the fallback should the two ever disagree.
    #[must_use]
    pub fn diagnose(&self, mv: &Move) -> IllegalMove {
        if self.outcome().is_finished() {
            return IllegalMove::GameOver;
        }
        let Move::Go { from, to } = *mv else {
            return IllegalMove::CannotPass;
        };
        let geometry = self.geometry();
        let board = self.options.board;
        let (Some(from_cell), Some(_)) = (geometry.index(from), geometry.index(to)) else {
            let cell = if geometry.index(from).is_none() {
                from
            } else {
                to
            };
            return IllegalMove::NoSuchCell { cell, board };
        };
        let Some(piece) = self.top(from_cell) else {
            return IllegalMove::EmptyCell(from);
        };
        if piece.color != self.turn {
            return IllegalMove::NotYours {
                cell: from,
                owner: piece.color.name(),
            };
        }
        if from == to {
            return IllegalMove::SameCell;
        }
        let Some(((dx, dr), distance)) = line(from, to) else {
            return IllegalMove::NotInLine { from, to };
        };
        let path: Vec<(Coord, u8)> = (1..=i8::try_from(distance).unwrap_or(i8::MAX))
            .map_while(|i| {
                let cell = geometry.index_xy(from.x() + i * dx, from.rank_i8() + i * dr)?;
                Some((geometry.cells[usize::from(cell)], self.height(cell)))
            })
            .collect();
        if path.len() != usize::from(distance) {
            return IllegalMove::OffBoard { from, to };
        }
        let rules = piece.kind.rules();
        let level = self.height(from_cell) - 1;
        if self.options.crawlers.contains(piece.kind) {
            if distance > rules.length {
                return IllegalMove::CrawlLength {
                    kind: piece.kind,
                    length: rules.length,
                    distance,
                    to,
                };
            }
            let mut at = level;
            for &(cell, height) in &path {
                if height.abs_diff(at) > 1 {
                    return IllegalMove::TooSteep {
                        cell,
                        height,
                        level: at,
                    };
                }
                at = height;
            }
        } else if distance == rules.length {
            let relative = self.options.height == Height::Relative;
            let limit = if relative {
                level + rules.height_limit
            } else {
                rules.height_limit
            };
            if let Some(&(cell, height)) = path.iter().find(|(_, h)| *h > limit) {
                return IllegalMove::TooHigh {
                    kind: piece.kind,
                    cell,
                    height,
                    limit,
                    relative,
                };
            }
        } else if self.options.step && distance == 1 {
            return IllegalMove::StepLevel {
                cell: to,
                height: path[0].1,
                level,
            };
        } else {
            return IllegalMove::JumpLength {
                kind: piece.kind,
                length: rules.length,
                distance,
                to,
                step: self.options.step,
            };
        }
        IllegalMove::NotLegal(*mv)
    }
}
