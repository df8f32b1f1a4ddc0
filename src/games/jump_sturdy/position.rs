//! The position: four bitboards and the side to move, and the [`Rules`] implementation.

use std::fmt;

use crate::games::options::{OptionSpec, ParseOptionError};
use crate::games::rules::{DrawRules, GameOptions, Outcome, ParsePositionError, Rules, Seat, Seed};

use super::board::{Move, Square, RANK_1, RANK_8};
use super::illegal::{diagnose, IllegalMove};

/// A side. Blue sits on ranks 1–2, moves up the board and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Seat 0.
    Blue,
    /// Seat 1.
    Red,
}

impl Color {
    /// The other side.
    #[must_use]
    pub fn other(self) -> Self {
        match self {
            Self::Blue => Self::Red,
            Self::Red => Self::Blue,
        }
    }

    /// "Blue" or "Red".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Blue => "Blue",
            Self::Red => "Red",
        }
    }

    /// The rank this side wins on, as a bitboard.
    #[must_use]
    pub fn goal(self) -> u64 {
        match self {
            Self::Blue => RANK_8,
            Self::Red => RANK_1,
        }
    }
}

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stack {
    /// One man.
    Single(Color),
    /// Two men.
    Double {
        /// The buried man.
        bottom: Color,
        /// The man that moves.
        top: Color,
    },
}

/// Jump Sturdy has no variants; the type exists so it fits the shared abstraction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options;

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = super::SPECS;

    fn set(&mut self, key: &str, _value: &str) -> Result<(), ParseOptionError> {
        Err(ParseOptionError::unknown_key(
            "jump-sturdy",
            key,
            Self::SPECS,
        ))
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
}

/// A position. `blue` and `red` mark the squares whose top man is of that colour;
/// `double` the squares holding two men; `bottom_blue` the doubles whose buried man is Blue.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) blue: u64,
    pub(super) red: u64,
    pub(super) double: u64,
    pub(super) bottom_blue: u64,
    pub(super) turn: Color,
    /// Whether the move that led here captured (for the picture); not part of the key.
    last_capture: bool,
}

/// The start: singles on b1–g1 / b2–g2 and b7–g7 / b8–g8.
const START_BLUE: u64 = 0x7e | 0x7e << 8;
const START_RED: u64 = 0x7e << 48 | 0x7e << 56;

impl Position {
    /// An empty board with `turn` to move.
    pub(super) fn empty(turn: Color) -> Self {
        Self {
            blue: 0,
            red: 0,
            double: 0,
            bottom_blue: 0,
            turn,
            last_capture: false,
        }
    }

    /// Squares whose top man is `color`'s.
    #[must_use]
    pub fn tops(&self, color: Color) -> u64 {
        match color {
            Color::Blue => self.blue,
            Color::Red => self.red,
        }
    }

    /// Every square holding a man of `color`, on top or buried.
    #[must_use]
    pub fn men(&self, color: Color) -> u64 {
        match color {
            Color::Blue => self.blue | self.bottom_blue,
            Color::Red => self.red | (self.double & !self.bottom_blue),
        }
    }

    /// Squares holding two men (a double): their top man moves like a forward knight. The
    /// AI's evaluation weighs them apart from singles.
    #[must_use]
    pub fn doubles(&self) -> u64 {
        self.double
    }

    /// How many men `color` has, buried ones included.
    #[must_use]
    pub fn count_men(&self, color: Color) -> u32 {
        let buried = match color {
            Color::Blue => self.bottom_blue,
            Color::Red => self.double & !self.bottom_blue,
        };
        self.tops(color).count_ones() + buried.count_ones()
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// What stands on `square`.
    #[must_use]
    pub fn stack(&self, square: Square) -> Option<Stack> {
        let bit = square.bit();
        let top = if self.blue & bit != 0 {
            Color::Blue
        } else if self.red & bit != 0 {
            Color::Red
        } else {
            return None;
        };
        Some(if self.double & bit == 0 {
            Stack::Single(top)
        } else {
            let bottom = if self.bottom_blue & bit != 0 {
                Color::Blue
            } else {
                Color::Red
            };
            Stack::Double { bottom, top }
        })
    }

    /// Puts a stack on an empty square (position texts, tests).
    pub(super) fn put(&mut self, square: Square, stack: Stack) {
        let bit = square.bit();
        let top = match stack {
            Stack::Single(top) => top,
            Stack::Double { bottom, top } => {
                self.double |= bit;
                if bottom == Color::Blue {
                    self.bottom_blue |= bit;
                }
                top
            }
        };
        match top {
            Color::Blue => self.blue |= bit,
            Color::Red => self.red |= bit,
        }
    }

    /// Whether the move that led here was a capture.
    #[must_use]
    pub fn last_was_capture(&self) -> bool {
        self.last_capture
    }

    /// The side that has won by the position: a man on the far rank (the side that just
    /// moved is asked first), or the side to move has no man left.
    fn winner_by_men(&self) -> Option<Color> {
        let mover = self.turn.other();
        [mover, self.turn]
            .into_iter()
            .find(|&c| self.men(c) & c.goal() != 0)
            .or_else(|| (self.men(self.turn) == 0).then_some(mover))
    }

    fn seat_of(color: Color) -> Seat {
        Seat(color as u8)
    }
}

impl Rules for Position {
    type Move = Move;
    type Options = Options;
    type Illegal = IllegalMove;
    type Key = (u64, u64, u64, u64, bool);

    const DRAW_RULES: DrawRules = DrawRules {
        repetitions: Some(3),
        ply_limit: Some(200),
    };

    fn start(_options: &Options, _seed: Seed) -> Self {
        Self {
            blue: START_BLUE,
            red: START_RED,
            ..Self::empty(Color::Blue)
        }
    }

    fn from_text(_options: &Options, text: &str) -> Result<Self, ParsePositionError> {
        super::text::parse(text)
    }

    fn to_text(&self) -> String {
        super::text::write(self)
    }

    fn options(&self) -> &Options {
        &Options
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> String {
        [Color::Blue, Color::Red][seat.index() % 2]
            .name()
            .to_owned()
    }

    fn to_move(&self) -> Seat {
        Self::seat_of(self.turn)
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.winner_by_men().is_some() {
            return Vec::new();
        }
        let mut moves = Vec::with_capacity(32);
        self.generate(|from, to| moves.push(Move { from, to }));
        moves
    }

    fn count_legal(&self) -> usize {
        if self.winner_by_men().is_some() {
            0
        } else {
            self.count()
        }
    }

    fn check(&self, mv: &Move) -> Result<(), IllegalMove> {
        if self.winner_by_men().is_some() {
            return Err(IllegalMove::Finished);
        }
        let mut legal = false;
        self.generate(|from, to| legal |= from == mv.from && to == mv.to);
        if legal {
            Ok(())
        } else {
            Err(diagnose(self, mv))
        }
    }

    fn play_unchecked(&mut self, mv: &Move) {
        let (from, to) = (mv.from.bit(), mv.to.bit());
        let color = self.turn;
        // The top man leaves; a buried man underneath surfaces.
        if self.double & from != 0 {
            self.double &= !from;
            if self.bottom_blue & from != 0 {
                self.blue |= from;
                self.red &= !from;
            } else {
                self.red |= from;
                self.blue &= !from;
            }
            self.bottom_blue &= !from;
        } else {
            self.blue &= !from;
            self.red &= !from;
        }
        let (own, opponent) = match color {
            Color::Blue => (&mut self.blue, &mut self.red),
            Color::Red => (&mut self.red, &mut self.blue),
        };
        let capture = *opponent & to != 0;
        if capture {
            // By replacement: the top enemy man goes, a buried man stays under the capturer.
            *opponent &= !to;
        } else if *own & to != 0 {
            // Onto an own single: a uniform double.
            self.double |= to;
            if color == Color::Blue {
                self.bottom_blue |= to;
            }
        }
        *own |= to;
        self.turn = color.other();
        self.last_capture = capture;
    }

    fn outcome(&self) -> Outcome {
        if let Some(winner) = self.winner_by_men() {
            return Outcome::Win(Self::seat_of(winner));
        }
        if self.count() == 0 {
            return Outcome::Win(Self::seat_of(self.turn.other()));
        }
        Outcome::Ongoing
    }

    fn key(&self) -> Self::Key {
        (
            self.blue,
            self.red,
            self.double,
            self.bottom_blue,
            self.turn == Color::Blue,
        )
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}
