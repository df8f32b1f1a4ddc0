//! Playing whichever game a record or a command names, without `dyn`: the fixed set of games
//! is the [`GameKind`] enum and its table, and [`AnyGame`] holds one of their games.

use std::fmt;
use std::str::FromStr;

use super::game::{Game, PlayError};
use super::options::{refuse_repeats, split_pair, OptionSpec, ParseOptionError};
use super::perft::{divide, perft};
use super::rules::{GameOptions, Outcome, ParseMoveError, ParsePositionError, Rules, Seat, Seed};
use super::{gyges, jump_sturdy, jumpers, skakanie};

/// The games Leapfrog plays. A new game is a new variant here and a new row of [`KINDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    /// Jumpers (Прыгуны).
    Jumpers,
    /// Gygès.
    Gyges,
    /// Jump Sturdy.
    JumpSturdy,
    /// Skakanie (2 to 4 players).
    Skakanie,
}

/// What the bot needs to know of a game kind before it has a position.
#[derive(Debug)]
pub struct KindInfo {
    /// The name typed in commands and stored in records.
    pub name: &'static str,
    /// Other names a player may type.
    pub aliases: &'static [&'static str],
    /// The name shown to players.
    pub title: &'static str,
    /// Whether the set-up is shuffled, so the game takes a `seed`.
    pub shuffles: bool,
    /// The most seats (2, or 4 for Skakanie); the fewest is always 2.
    pub max_seats: u8,
    /// Whether the position text shows what players must not see (face-down pieces), so
    /// replies never print it.
    pub hidden: bool,
    /// Why the winner won, for results: "reached the goal".
    pub win_reason: &'static str,
    /// The option table.
    pub options: &'static [OptionSpec],
    /// `/rules`: a teaching text for players who have never seen the game, one Discord
    /// message (at most 2,000 characters with its header) per page.
    pub guide: &'static [&'static str],
    /// The character between a move's squares (`e3-h6`), if moves are written from-to: what
    /// a dash or arrow typed by a player stands for. `None` where arrows are words of their
    /// own (Skakanie's `→` is the action `right`).
    pub separator: Option<char>,
    /// Whether a move's ranks measure its progress: each side's pieces are its own and
    /// its goal is the far side (the first seat's rank 1 upwards), so a move that ends no
    /// further up than it began (sideways or back) brings nothing nearer. Gygès's pieces
    /// belong to nobody and Skakanie's steps collect, so theirs do not.
    pub forward_ranks: bool,
}

/// One row per [`GameKind`], in its order.
pub const KINDS: [KindInfo; 4] = [
    KindInfo {
        name: "jumpers",
        aliases: &["прыгуны", "pryguny", "skoczki"],
        title: "Jumpers",
        shuffles: false,
        max_seats: 2,
        hidden: false,
        win_reason: "reached the goal",
        options: jumpers::SPECS,
        guide: jumpers::GUIDE,
        separator: Some('-'),
        forward_ranks: true,
    },
    KindInfo {
        name: "gyges",
        aliases: &["gygès", "gygés", "гигес"],
        title: "Gygès",
        shuffles: true,
        max_seats: 2,
        hidden: false,
        win_reason: "reached the goal",
        options: gyges::SPECS,
        guide: gyges::GUIDE,
        separator: Some('-'),
        forward_ranks: false,
    },
    KindInfo {
        name: "jump-sturdy",
        aliases: &["jump sturdy", "jumpsturdy", "jump_sturdy", "sturdy"],
        title: "Jump Sturdy",
        shuffles: false,
        max_seats: 2,
        hidden: false,
        win_reason: "reached the goal",
        options: jump_sturdy::SPECS,
        guide: jump_sturdy::GUIDE,
        separator: Some('-'),
        forward_ranks: true,
    },
    KindInfo {
        name: "skakanie",
        aliases: &["скакание", "скаканье", "puzzle", "puzzles"],
        title: "Skakanie",
        shuffles: true,
        max_seats: 4,
        hidden: true,
        win_reason: "the best score",
        options: skakanie::SPECS,
        guide: skakanie::GUIDE,
        separator: None,
        forward_ranks: false,
    },
];

impl GameKind {
    /// Every game, in menu order.
    pub const ALL: [Self; 4] = [Self::Jumpers, Self::Gyges, Self::JumpSturdy, Self::Skakanie];

    /// This game's row of [`KINDS`].
    #[must_use]
    pub fn info(self) -> &'static KindInfo {
        &KINDS[self as usize]
    }

    /// The command and storage name.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The seats that left a game of this kind played as `plies`, in the order they left
    /// (Skakanie, whose others play on; none in the two-player games, which end by
    /// resignation). Each leaver is ranked last of those still playing when they go, so the
    /// first to leave ranks last of all: the tournament's points and the ratings both read
    /// the places from here.
    #[must_use]
    pub fn leavers(self, plies: &[String]) -> Vec<Seat> {
        match self {
            Self::Skakanie => plies
                .iter()
                .filter_map(|ply| match ply.parse() {
                    Ok(skakanie::Action::Leave(seat)) => Some(seat),
                    _ => None,
                })
                .collect(),
            Self::Jumpers | Self::Gyges | Self::JumpSturdy => Vec::new(),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.info().title)
    }
}

impl FromStr for GameKind {
    type Err = SetupError;
    fn from_str(s: &str) -> Result<Self, SetupError> {
        let wanted = s.trim().to_lowercase();
        Self::ALL
            .into_iter()
            .find(|k| k.info().name == wanted || k.info().aliases.contains(&wanted.as_str()))
            .ok_or_else(|| SetupError::UnknownGame(s.trim().to_owned()))
    }
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// No such game.
    #[error("there is no game '{0}'; the games are {list}", list = game_list())]
    UnknownGame(String),
    /// An option is wrong.
    #[error(transparent)]
    Option(#[from] ParseOptionError),
    /// The game is not shuffled, so a seed means nothing.
    #[error("{0} has no shuffled set-up, so it takes no seed")]
    NoShuffle(&'static str),
    /// The seed is not a number.
    #[error("the seed is a whole number from 0 to 18446744073709551615, not '{0}'")]
    BadSeed(String),
    /// The position text is wrong.
    #[error(transparent)]
    Position(#[from] ParsePositionError),
}

fn game_list() -> String {
    GameKind::ALL.map(GameKind::name).join(", ")
}

/// Why a move typed by a player was not played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move at all.
    #[error(transparent)]
    Syntax(#[from] ParseMoveError),
    /// The rules forbid it; the reason names the rule.
    #[error(transparent)]
    Illegal(#[from] Illegal),
    /// The game is over.
    #[error("the game is over")]
    Finished,
}

/// The rule a move breaks, as its game's rules say it: typed, so a front end can say it in
/// the player's language (its `Display` is the English sentence).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// A Jumpers rule.
    #[error(transparent)]
    Jumpers(#[from] jumpers::IllegalMove),
    /// A Gygès rule.
    #[error(transparent)]
    Gyges(#[from] gyges::IllegalMove),
    /// A Jump Sturdy rule.
    #[error(transparent)]
    JumpSturdy(#[from] jump_sturdy::IllegalMove),
    /// A Skakanie rule.
    #[error(transparent)]
    Skakanie(#[from] skakanie::IllegalMove),
    /// Leaving a Skakanie game is a command of its own, not an action.
    #[error("to leave the game, use /resign")]
    LeaveIsResign,
}

/// A game of any kind, with its history.
#[derive(Clone, Debug)]
// Games live one at a time per command, never in bulk, so unequal sizes cost nothing.
#[allow(clippy::large_enum_variant)]
pub enum AnyGame {
    /// A Jumpers game.
    Jumpers(Game<jumpers::Position>),
    /// A Gygès game.
    Gyges(Game<gyges::Position>),
    /// A Jump Sturdy game.
    JumpSturdy(Game<jump_sturdy::Position>),
    /// A Skakanie game.
    Skakanie(Game<skakanie::Position>),
}

/// Runs `$body` with `$game` bound to the inner [`Game`], whatever its kind.
macro_rules! with_game {
    ($self:expr, $game:ident => $body:expr) => {
        match $self {
            AnyGame::Jumpers($game) => $body,
            AnyGame::Gyges($game) => $body,
            AnyGame::JumpSturdy($game) => $body,
            AnyGame::Skakanie($game) => $body,
        }
    };
}

/// Reads options and the seed of `kind` from `key=value` texts.
fn read_setup<O: GameOptions>(kind: GameKind, pairs: &[String]) -> Result<(O, Seed), SetupError> {
    let mut options = O::default();
    let mut seed = Seed::default();
    let pairs = pairs
        .iter()
        .map(|pair| split_pair(pair))
        .collect::<Result<Vec<_>, _>>()?;
    refuse_repeats(pairs.iter().map(|(key, _)| key.as_str()))?;
    for (key, value) in pairs {
        if key == "seed" {
            if !kind.info().shuffles {
                return Err(SetupError::NoShuffle(kind.info().title));
            }
            seed = Seed(
                value
                    .parse()
                    .map_err(|_| SetupError::BadSeed(value.clone()))?,
            );
        } else {
            options.set(&key, &value)?;
        }
    }
    options.check()?;
    Ok((options, seed))
}

fn build<R: Rules>(
    kind: GameKind,
    pairs: &[String],
    position: Option<&str>,
) -> Result<Game<R>, SetupError> {
    let (options, seed) = read_setup::<R::Options>(kind, pairs)?;
    let position = match position {
        Some(text) => R::from_text(&options, text)?,
        None => R::start(&options, seed),
    };
    Ok(Game::new(position))
}

impl AnyGame {
    /// A new game of `kind` with options as `key=value` texts (and `seed=N` for shuffled
    /// games), from the start or from a position text.
    ///
    /// # Errors
    /// A bad option, seed or position text, with a message for the player.
    pub fn new(
        kind: GameKind,
        pairs: &[String],
        position: Option<&str>,
    ) -> Result<Self, SetupError> {
        Ok(match kind {
            GameKind::Jumpers => Self::Jumpers(build(kind, pairs, position)?),
            GameKind::Gyges => Self::Gyges(build(kind, pairs, position)?),
            GameKind::JumpSturdy => Self::JumpSturdy(build(kind, pairs, position)?),
            GameKind::Skakanie => Self::Skakanie(build(kind, pairs, position)?),
        })
    }

    /// The kind of game.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        match self {
            Self::Jumpers(_) => GameKind::Jumpers,
            Self::Gyges(_) => GameKind::Gyges,
            Self::JumpSturdy(_) => GameKind::JumpSturdy,
            Self::Skakanie(_) => GameKind::Skakanie,
        }
    }

    /// Perft from the current position (history ignored).
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        with_game!(self, g => perft(g.position(), depth))
    }

    /// Perft split by first move, moves in notation.
    #[must_use]
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        with_game!(self, g => divide(g.position(), depth)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect())
    }

    /// The position text.
    #[must_use]
    pub fn position_text(&self) -> String {
        with_game!(self, g => g.position().to_text())
    }

    /// Every option with its value, as `key=value` pairs.
    #[must_use]
    pub fn option_pairs(&self) -> Vec<(&'static str, String)> {
        with_game!(self, g => g.position().options().to_pairs())
    }

    /// The options that differ from the defaults.
    #[must_use]
    pub fn non_default_options(&self) -> Vec<(&'static str, String)> {
        with_game!(self, g => g.position().options().non_default_pairs())
    }

    /// The legal moves in notation (none once the game is over).
    #[must_use]
    pub fn legal_moves(&self) -> Vec<String> {
        with_game!(self, g => g.legal_moves().iter().map(ToString::to_string).collect())
    }

    /// The moves played so far, in notation.
    #[must_use]
    pub fn moves(&self) -> Vec<String> {
        with_game!(self, g => g.moves().iter().map(ToString::to_string).collect())
    }

    /// Plays a move typed by a player; returns it in canonical notation.
    ///
    /// # Errors
    /// Unreadable text, an illegal move (naming the rule), or a finished game.
    pub fn play(&mut self, text: &str) -> Result<String, MoveError> {
        with_game!(self, g => {
            let mv = text.parse()?;
            g.play(&mv).map_err(|e| match e {
                PlayError::Finished(_) => MoveError::Finished,
                PlayError::Illegal(reason) => MoveError::Illegal(reason.into()),
            })?;
            Ok(mv.to_string())
        })
    }

    /// The outcome, history-based draws included.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        with_game!(self, g => g.outcome())
    }

    /// Whose ply it is.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        with_game!(self, g => g.position().to_move())
    }

    /// How many seats the game has.
    #[must_use]
    pub fn seat_count(&self) -> usize {
        with_game!(self, g => g.position().seat_count())
    }

    /// The seat that made each move, oldest first.
    #[must_use]
    pub fn movers(&self) -> Vec<Seat> {
        with_game!(self, g => g.movers().to_vec())
    }

    /// How many times the present position has occurred, this time included.
    #[must_use]
    pub fn occurrences(&self) -> u32 {
        with_game!(self, g => g.occurrences())
    }

    /// The plies a typed move stands for: a Skakanie turn typed as `take right take` is
    /// three; every other game's move is one.
    ///
    /// # Errors
    /// A ply a player may not type: leaving is `/resign`, not a move.
    pub fn split_plies(&self, text: &str) -> Result<Vec<String>, MoveError> {
        match self {
            Self::Skakanie(_) => skakanie::split_actions(text)
                .into_iter()
                .map(|word| match word.parse::<skakanie::Action>() {
                    Ok(skakanie::Action::Leave(_)) => {
                        Err(MoveError::Illegal(Illegal::LeaveIsResign))
                    }
                    _ => Ok(word.to_owned()),
                })
                .collect(),
            _ => Ok(vec![text.trim().to_owned()]),
        }
    }

    /// The ply by which `seat` leaves a game that goes on without it (Skakanie), if the
    /// game has one; two-player games end by resignation instead.
    #[must_use]
    pub fn leave_ply(&self, seat: Seat) -> Option<String> {
        match self {
            Self::Skakanie(_) => Some(skakanie::Action::Leave(seat).to_string()),
            _ => None,
        }
    }

    /// Whether a ply (in notation) is a seat leaving the game.
    #[must_use]
    pub fn is_leave(&self, ply: &str) -> bool {
        matches!(self, Self::Skakanie(_)) && matches!(ply.parse(), Ok(skakanie::Action::Leave(_)))
    }

    /// Each seat's score, for games decided by score.
    #[must_use]
    pub fn scores(&self) -> Option<Vec<i32>> {
        match self {
            Self::Skakanie(g) => {
                let p = g.position();
                Some(
                    (0..p.seat_count())
                        .map(|s| p.score(Seat(s as u8)))
                        .collect(),
                )
            }
            _ => None,
        }
    }

    /// Whether a seat has left a game that went on without it.
    #[must_use]
    pub fn has_left(&self, seat: Seat) -> bool {
        match self {
            Self::Skakanie(g) => g.position().has_left(seat),
            _ => false,
        }
    }

    /// The actions left in the current turn, for games whose turn is several plies.
    #[must_use]
    pub fn actions_left(&self) -> Option<u8> {
        match self {
            Self::Skakanie(g) => Some(g.position().actions_left()),
            _ => None,
        }
    }

    /// A seat's name ("White").
    #[must_use]
    pub fn seat_name(&self, seat: Seat) -> String {
        with_game!(self, g => g.position().seat_name(seat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_found_by_name_or_alias_and_unknown_ones_listed() {
        assert_eq!("Jumpers".parse::<GameKind>().unwrap(), GameKind::Jumpers);
        assert_eq!("прыгуны".parse::<GameKind>().unwrap(), GameKind::Jumpers);
        assert_eq!(
            "chess".parse::<GameKind>().unwrap_err().to_string(),
            "there is no game 'chess'; the games are jumpers, gyges, jump-sturdy, skakanie"
        );
        assert_eq!(
            "Jump Sturdy".parse::<GameKind>().unwrap(),
            GameKind::JumpSturdy
        );
        assert_eq!(
            "JUMP-STURDY".parse::<GameKind>().unwrap(),
            GameKind::JumpSturdy
        );
    }

    #[test]
    fn a_seed_is_refused_by_a_game_without_shuffle() {
        let err = AnyGame::new(GameKind::Jumpers, &["seed=3".into()], None).unwrap_err();
        assert_eq!(err, SetupError::NoShuffle("Jumpers"));
    }

    #[test]
    fn moves_are_played_and_refused_with_reasons() {
        let mut game = AnyGame::new(GameKind::Jumpers, &[], None).unwrap();
        assert_eq!(game.play("E3 H6").unwrap(), "e3-h6");
        assert!(matches!(game.play("zz"), Err(MoveError::Syntax(_))));
        assert_eq!(
            game.play("e3-e5").unwrap_err().to_string(),
            "there is no piece on e3"
        );
        assert_eq!(game.moves(), ["e3-h6"]);
    }
}
