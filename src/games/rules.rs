//! The shared rules abstraction every game implements.
//!
//! One trait, [`Rules`], is all the rest of the bot (perft, the play layer, the renderer's
//! view builders, the AI) knows about a game. It is shaped for the widest of the four games,
//! not the narrowest: 2 to 4 seats (Skakanie), moves that are single actions of a longer turn
//! (Skakanie again), a deterministic seed for shuffled set-ups, and a position text format
//! per game. A position is only ever built through [`Rules::start`] or [`Rules::from_text`],
//! both of which validate, so an invalid position cannot exist past them.

use std::fmt::{self, Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use super::options::{OptionSpec, ParseOptionError};

/// A seat at the table: 0 moves first. Two-player games call seats 0 and 1 by colour names
/// (see [`Rules::seat_name`]); Skakanie uses up to four.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index into per-seat tables.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0 + 1)
    }
}

/// The seed of a game's shuffle. Stored with the game so every game can be replayed exactly;
/// games without hidden or random set-up ignore it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Seed(pub u64);

/// Why a game ended in a draw by the rules (agreement is the play layer's business).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// Neither player has a legal move.
    NoMoves,
    /// The same position occurred for the third time with the same player to move.
    Repetition,
    /// The game reached its move limit without a winner.
    MoveLimit,
}

impl Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NoMoves => "neither player can move",
            Self::Repetition => "the same position occurred three times",
            Self::MoveLimit => "the move limit was reached",
        })
    }
}

/// The state of a game by its rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// One seat won.
    Win(Seat),
    /// Several seats share the win (equal best scores in Skakanie).
    SharedWin(Vec<Seat>),
    /// Nobody won.
    Draw(DrawReason),
}

impl Outcome {
    /// Whether the game is over.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        !matches!(self, Self::Ongoing)
    }
}

/// How a game's history can end it in a draw, beyond what a single position shows. The
/// [`Game`](super::game::Game) wrapper applies these; perft ignores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRules {
    /// A position occurring this many times with the same player to move is a draw.
    pub repetitions: Option<u32>,
    /// A game reaching this many plies without a winner is a draw.
    pub ply_limit: Option<u32>,
}

/// A move's text could not be read at all (syntax, before any position is consulted).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a move: {expected}")]
pub struct ParseMoveError {
    /// What the user typed.
    pub text: String,
    /// What a move looks like in this game, for the user.
    pub expected: &'static str,
}

/// A position text could not be read or describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad position: {0}")]
pub struct ParsePositionError(pub String);

/// A game whose rules the bot enforces. Positions are values: `Clone` is the undo.
pub trait Rules: Clone + Debug + Sized {
    /// A ply: one move, one placement, one pass or (Skakanie) one action.
    type Move: Clone + Debug + PartialEq + Eq + Hash + Display + FromStr<Err = ParseMoveError>;
    /// The game's variants, parsed from `key=value` pairs.
    type Options: GameOptions;
    /// Why a move is illegal, in words a player can read.
    type Illegal: std::error::Error + Clone + PartialEq;
    /// What repetition counting compares: the position without history.
    type Key: Eq + Hash + Clone;

    /// The draw rules that need the game's history.
    const DRAW_RULES: DrawRules;

    /// The start position for these options. `seed` decides any shuffle.
    fn start(options: &Self::Options, seed: Seed) -> Self;

    /// Reads a position text (the game's own format) under these options.
    ///
    /// # Errors
    /// When the text is malformed or does not fit the options (board shape, counts).
    fn from_text(options: &Self::Options, text: &str) -> Result<Self, ParsePositionError>;

    /// Writes the position text; [`Rules::from_text`] reads it back to an equal position.
    fn to_text(&self) -> String;

    /// The options this position is played under.
    fn options(&self) -> &Self::Options;

    /// How many seats this game has (2 to 4).
    fn seat_count(&self) -> usize;

    /// A seat's name for players ("White", "South", "Player 3").
    fn seat_name(&self, seat: Seat) -> String;

    /// Whose ply it is.
    fn to_move(&self) -> Seat;

    /// Who makes `mv`: the seat to move, except for plies another seat may make out of
    /// turn (leaving a Skakanie game).
    fn mover_of(&self, mv: &Self::Move) -> Seat {
        let _ = mv;
        self.to_move()
    }

    /// Every legal ply, distinct, in a stable order. Empty exactly when the game is over;
    /// a forced pass is one move.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Checks a move against this position.
    ///
    /// # Errors
    /// The rule the move breaks, in a sentence a player can read.
    fn check(&self, mv: &Self::Move) -> Result<(), Self::Illegal>;

    /// How many legal moves there are: perft's last ply. Engines that can count without
    /// listing (bitboard popcounts) override it.
    fn count_legal(&self) -> usize {
        self.legal_moves().len()
    }

    /// Plays a move already known to be legal (the fast path for search).
    fn play_unchecked(&mut self, mv: &Self::Move);

    /// Plays a move if it is legal.
    ///
    /// # Errors
    /// As [`Rules::check`]; the position is unchanged then.
    fn play(&mut self, mv: &Self::Move) -> Result<(), Self::Illegal> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// The outcome this position shows by itself (history-based draws are the
    /// [`Game`](super::game::Game)'s).
    fn outcome(&self) -> Outcome;

    /// The repetition key of this position.
    fn key(&self) -> Self::Key;
}

/// A game's variants: a typed struct read from `key=value` pairs, one [`OptionSpec`] row per
/// key, so `/rules`, Discord's option choices and the error messages come from one table.
pub trait GameOptions: Clone + Debug + Default + PartialEq + Eq + Hash {
    /// The table of keys this game understands.
    const SPECS: &'static [OptionSpec];

    /// Sets one key.
    ///
    /// # Errors
    /// An unknown key or a value the key does not take.
    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseOptionError>;

    /// Checks the keys against each other once all are set (a handicap's seat against the
    /// number of players).
    ///
    /// # Errors
    /// The first key that does not fit the others.
    fn check(&self) -> Result<(), ParseOptionError> {
        Ok(())
    }

    /// Every key with its current value, in [`GameOptions::SPECS`] order.
    fn to_pairs(&self) -> Vec<(&'static str, String)>;

    /// The pairs that differ from the defaults: what a game's header shows.
    fn non_default_pairs(&self) -> Vec<(&'static str, String)> {
        let defaults = Self::default().to_pairs();
        self.to_pairs()
            .into_iter()
            .zip(defaults)
            .filter(|(mine, default)| mine != default)
            .map(|(mine, _)| mine)
            .collect()
    }

    /// Reads options from `(key, value)` pairs, each key at most once.
    ///
    /// # Errors
    /// A key given twice, or as [`GameOptions::set`], for the first bad pair.
    fn from_pairs<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, ParseOptionError> {
        let pairs: Vec<(&str, &str)> = pairs.into_iter().collect();
        super::options::refuse_repeats(pairs.iter().map(|(key, _)| *key))?;
        let mut options = Self::default();
        for (key, value) in pairs {
            options.set(key, value)?;
        }
        options.check()?;
        Ok(options)
    }
}
