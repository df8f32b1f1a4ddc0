//! A Jumpers position: every cell's stack and the side to move, and its [`Rules`] impl.

use std::fmt;

use crate::games::rules::{DrawReason, DrawRules, Outcome, ParsePositionError, Rules, Seat, Seed};

use super::board::{BoardKind, Geometry, MAX_CELLS, START_ROWS};
use super::illegal::IllegalMove;
use super::notation::{Coord, Move};
use super::options::{Goal, Options};
use super::pieces::{Color, Piece};

/// The most pieces one stack can hold: a stack is a `u128` of 4-bit pieces.
pub const MAX_STACK: usize = 32;

/// A Jumpers position. It exists only through [`Rules::start`] or [`Rules::from_text`], which
/// check the board shape and the piece count, so every cell index and stack below is sound.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) options: Options,
    /// Per cell, the pieces bottom → top as nibbles (see [`Piece::to_nibble`]).
    pub(super) stacks: [u128; MAX_CELLS],
    /// Per cell, the stack height.
    pub(super) heights: [u8; MAX_CELLS],
    pub(super) turn: Color,
}

impl Position {
    pub(super) fn empty(options: Options, turn: Color) -> Self {
        Self {
            options,
            stacks: [0; MAX_CELLS],
            heights: [0; MAX_CELLS],
            turn,
        }
    }

    /// The board's geometry.
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.options.board.geometry()
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The stack height of a cell by index.
    #[must_use]
    pub fn height(&self, cell: u8) -> u8 {
        self.heights[usize::from(cell)]
    }

    /// The pieces of a cell by index, bottom first.
    pub fn stack(&self, cell: u8) -> impl Iterator<Item = Piece> + '_ {
        let bits = self.stacks[usize::from(cell)];
        (0..self.height(cell))
            .map(move |level| Piece::from_nibble(((bits >> (4 * level)) & 0xF) as u8))
    }

    /// The top piece of a cell by index.
    #[must_use]
    pub fn top(&self, cell: u8) -> Option<Piece> {
        let height = self.height(cell);
        (height > 0).then(|| {
            Piece::from_nibble(((self.stacks[usize::from(cell)] >> (4 * (height - 1))) & 0xF) as u8)
        })
    }

    /// The stack on a named cell, bottom first; empty for a cell the board lacks.
    #[must_use]
    pub fn stack_at(&self, coord: Coord) -> Vec<Piece> {
        self.geometry()
            .index(coord)
            .map(|cell| self.stack(cell).collect())
            .unwrap_or_default()
    }

    pub(super) fn push(&mut self, cell: u8, piece: Piece) {
        let c = usize::from(cell);
        self.stacks[c] |= u128::from(piece.to_nibble()) << (4 * self.heights[c]);
        self.heights[c] += 1;
    }

    fn pop(&mut self, cell: u8) -> Piece {
        let piece = self.top(cell).expect("pop from an empty cell");
        let c = usize::from(cell);
        self.heights[c] -= 1;
        self.stacks[c] &= !(0xF_u128 << (4 * self.heights[c]));
        piece
    }

    /// Whether `color` has reached its goal in this position.
    fn goal_reached(&self, color: Color) -> bool {
        let enemy_gates = self.geometry().gates.get(!color);
        let mine = |&gate: &u8| self.top(gate).is_some_and(|p| p.color == color);
        match self.options.goal {
            Goal::Short => enemy_gates.iter().any(mine),
            Goal::Long => enemy_gates.iter().all(mine),
        }
    }

    /// The winner, checking the side that just moved first: moving off a gate can uncover an
    /// enemy piece and complete the opponent's goal.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        [!self.turn, self.turn]
            .into_iter()
            .find(|&color| self.goal_reached(color))
    }

    /// The seat of a side.
    #[must_use]
    pub fn seat_of(color: Color) -> Seat {
        Seat(color as u8)
    }
}

impl Rules for Position {
    type Move = Move;
    type Options = Options;
    type Illegal = IllegalMove;
    type Key = Self;

    const DRAW_RULES: DrawRules = DrawRules {
        repetitions: Some(3),
        ply_limit: None,
    };

    fn start(options: &Options, _seed: Seed) -> Self {
        let mut position = Self::empty(*options, Color::White);
        let geometry = options.board.geometry();
        for color in Color::ALL {
            for (row, kind) in START_ROWS.into_iter().enumerate() {
                for &cell in &geometry.ranks[Geometry::start_rank(color, row)] {
                    position.push(cell, Piece { color, kind });
                }
            }
        }
        position
    }

    fn from_text(options: &Options, text: &str) -> Result<Self, ParsePositionError> {
        super::text::parse(options, text)
    }

    fn to_text(&self) -> String {
        super::text::write(self)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        Color::ALL[seat.index() % 2].name().to_owned()
    }

    fn to_move(&self) -> Seat {
        Self::seat_of(self.turn)
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let cells = &self.geometry().cells;
        let mut moves = Vec::with_capacity(48);
        self.generate(self.turn, &mut |from, to| {
            moves.push(Move::Go {
                from: cells[usize::from(from)],
                to: cells[usize::from(to)],
            });
            true
        });
        if moves.is_empty() && self.has_moves(!self.turn) {
            moves.push(Move::Pass);
        }
        moves
    }

    fn check(&self, mv: &Move) -> Result<(), IllegalMove> {
        if self.legal_moves().contains(mv) {
            Ok(())
        } else {
            Err(self.diagnose(mv))
        }
    }

    fn play_unchecked(&mut self, mv: &Move) {
        if let Move::Go { from, to } = *mv {
            let geometry = self.geometry();
            let from = geometry
                .index(from)
                .expect("legal moves start on the board");
            let to = geometry.index(to).expect("legal moves end on the board");
            let piece = self.pop(from);
            self.push(to, piece);
        }
        self.turn = !self.turn;
    }

    fn outcome(&self) -> Outcome {
        if let Some(color) = self.winner() {
            Outcome::Win(Self::seat_of(color))
        } else if !self.has_moves(self.turn) && !self.has_moves(!self.turn) {
            Outcome::Draw(DrawReason::NoMoves)
        } else {
            Outcome::Ongoing
        }
    }

    fn key(&self) -> Self {
        self.clone()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position({} board={})",
            self.to_text(),
            self.options.board
        )
    }
}

impl BoardKind {
    /// Helper for tests and tools: the start position of this board with other options default.
    #[must_use]
    pub fn start_position(self) -> Position {
        Position::start(
            &Options {
                board: self,
                ..Options::default()
            },
            Seed::default(),
        )
    }
}
