//! A ply of Skakanie is one action; a turn is several by the same player, written one after
//! another: `take right take`.

use std::fmt;
use std::str::FromStr;

use crate::games::rules::{ParseMoveError, Seat};

/// Where a pawn steps: to the orthogonally adjacent stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// To the row above.
    Up,
    /// To the row below.
    Down,
    /// To the previous stack of the row.
    Left,
    /// To the next stack of the row.
    Right,
}

impl Direction {
    /// Every direction, in the order moves are listed.
    pub const ALL: [Self; 4] = [Self::Up, Self::Down, Self::Left, Self::Right];

    /// The change of (row, stack index).
    #[must_use]
    pub fn delta(self) -> (i32, i32) {
        [(-1, 0), (1, 0), (0, -1), (0, 1)][self as usize]
    }

    /// The word players type.
    #[must_use]
    pub fn word(self) -> &'static str {
        ["up", "down", "left", "right"][self as usize]
    }

    /// Where "there is no stack {}" points.
    #[must_use]
    pub fn place(self) -> &'static str {
        ["above", "below", "to the left of", "to the right of"][self as usize]
    }
}

/// One action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Take the face-up piece of the pawn's stack into one's pool.
    Take,
    /// Step the pawn to a neighbouring stack.
    Step(Direction),
    /// Put the face-up piece at the bottom of its stack (`bury=on`).
    Bury,
    /// End the turn early (`pass=on`).
    Pass,
    /// A seat leaves the game (resigns); written by the bot, never generated. The game
    /// goes on without it while two or more seats remain.
    Leave(Seat),
}

/// What an action looks like, for the error message.
pub const ACTION_SYNTAX: &str =
    "an action is take, up, down, left, right, bury or pass (several in a row: take right take)";

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Take => f.write_str("take"),
            Self::Step(d) => f.write_str(d.word()),
            Self::Bury => f.write_str("bury"),
            Self::Pass => f.write_str("pass"),
            Self::Leave(seat) => write!(f, "leave:{}", seat.0 + 1),
        }
    }
}

/// Words (and arrows, as the buttons show them) for each action.
const WORDS: &[(&str, Action)] = &[
    ("take", Action::Take),
    ("t", Action::Take),
    ("up", Action::Step(Direction::Up)),
    ("u", Action::Step(Direction::Up)),
    ("↑", Action::Step(Direction::Up)),
    ("down", Action::Step(Direction::Down)),
    ("d", Action::Step(Direction::Down)),
    ("↓", Action::Step(Direction::Down)),
    ("left", Action::Step(Direction::Left)),
    ("l", Action::Step(Direction::Left)),
    ("←", Action::Step(Direction::Left)),
    ("right", Action::Step(Direction::Right)),
    ("r", Action::Step(Direction::Right)),
    ("→", Action::Step(Direction::Right)),
    ("bury", Action::Bury),
    ("b", Action::Bury),
    ("pass", Action::Pass),
];

impl FromStr for Action {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Self, ParseMoveError> {
        let word = s.trim().to_lowercase();
        if let Some(&(_, action)) = WORDS.iter().find(|(w, _)| *w == word) {
            return Ok(action);
        }
        let seat = word
            .strip_prefix("leave")
            .map(|rest| rest.trim_start_matches([':', ' ']))
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=4).contains(n));
        seat.map(|n| Self::Leave(Seat(n - 1)))
            .ok_or_else(|| ParseMoveError {
                text: s.trim().to_owned(),
                expected: ACTION_SYNTAX,
            })
    }
}

/// Splits a typed turn (`take, right take`) into its actions' words.
#[must_use]
pub fn split_actions(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|w| !w.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_words_letters_and_arrows() {
        for action in [
            Action::Take,
            Action::Bury,
            Action::Pass,
            Action::Leave(Seat(2)),
        ]
        .into_iter()
        .chain(Direction::ALL.map(Action::Step))
        {
            assert_eq!(action.to_string().parse::<Action>().unwrap(), action);
        }
        assert_eq!(
            "←".parse::<Action>().unwrap(),
            Action::Step(Direction::Left)
        );
        assert_eq!(" TAKE ".parse::<Action>().unwrap(), Action::Take);
        assert!("jump".parse::<Action>().is_err());
        assert!("leave:5".parse::<Action>().is_err());
        assert_eq!(
            split_actions("take, right  take"),
            ["take", "right", "take"]
        );
    }
}
