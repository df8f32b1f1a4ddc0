//! Skakanie's variants: the number of players and of actions, per-seat handicaps, the
//! `bury` action, where the pawns start, harsh scoring and early passing.

use crate::games::options::{choice_index, find_spec, OptionSpec, ParseOptionError};
use crate::games::rules::GameOptions;

/// The most seats a game has.
pub const MAX_SEATS: usize = 4;

/// Where the pawns start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Start {
    /// Each on its own corner stack, clockwise from the top left.
    #[default]
    Corners,
    /// Every pawn on the top-left stack.
    SameCorner,
}

/// How fragments beyond the largest cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// One point for each other fragment.
    #[default]
    Normal,
    /// Two points for each other single piece, one for each larger fragment.
    Harsh,
}

/// A Skakanie variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// How many seats (2 to 4); the play layer sets it from the players who sat down.
    pub players: u8,
    /// Actions per turn (3 to 6).
    pub actions: u8,
    /// A seat's own number of actions (1 to 9) instead of `actions`; 0 = none.
    pub handicap: [u8; MAX_SEATS],
    /// Whether `bury` (face-up piece to the bottom of its stack) is an action.
    pub bury: bool,
    /// Where the pawns start.
    pub start: Start,
    /// How fragments are scored.
    pub score: Scoring,
    /// Whether a player may end a turn before using every action.
    pub pass: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            players: 2,
            actions: 3,
            handicap: [0; MAX_SEATS],
            bury: false,
            start: Start::Corners,
            score: Scoring::Normal,
            pass: false,
        }
    }
}

impl Options {
    /// How many actions a seat makes per turn.
    #[must_use]
    pub fn actions_of(&self, seat: usize) -> u8 {
        match self.handicap.get(seat) {
            Some(&n) if n > 0 => n,
            _ => self.actions,
        }
    }
}

/// The option table; the first value of each key is the default.
pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "players",
        free_form: false,
        values: &["2", "3", "4"],
        expected: "2, 3 or 4",
    },
    OptionSpec {
        key: "actions",
        free_form: false,
        values: &["3", "4", "5", "6"],
        expected: "3, 4, 5 or 6",
    },
    OptionSpec {
        key: "handicap",
        free_form: true,
        values: &["none", "@player:4", "2:5"],
        expected: "@player:N in a challenge, or seat:N pairs like 2:5,3:4 (N from 1 to 9); none for no handicap",
    },
    OptionSpec {
        key: "bury",
        free_form: false,
        values: &["off", "on"],
        expected: "on or off",
    },
    OptionSpec {
        key: "start",
        free_form: false,
        values: &["corners", "same-corner"],
        expected: "corners or same-corner",
    },
    OptionSpec {
        key: "score",
        free_form: false,
        values: &["normal", "harsh"],
        expected: "normal or harsh",
    },
    OptionSpec {
        key: "pass",
        free_form: false,
        values: &["off", "on"],
        expected: "on or off",
    },
];

const STARTS: [Start; 2] = [Start::Corners, Start::SameCorner];
const SCORINGS: [Scoring; 2] = [Scoring::Normal, Scoring::Harsh];

/// Reads `seat:N,seat:N` (seats 1-based) into `table`: several handicap pairs add up, and
/// `none` clears them.
fn parse_handicap(
    spec: &OptionSpec,
    value: &str,
    mut table: [u8; MAX_SEATS],
) -> Result<[u8; MAX_SEATS], ParseOptionError> {
    if value.is_empty() || value.eq_ignore_ascii_case("none") {
        return Ok([0; MAX_SEATS]);
    }
    for part in value.split(',') {
        let bad = || ParseOptionError::bad_value(spec, value);
        let (seat, n) = part.trim().split_once(':').ok_or_else(bad)?;
        let seat: usize = seat.trim().parse().map_err(|_| bad())?;
        let n: u8 = n.trim().parse().map_err(|_| bad())?;
        if !(1..=MAX_SEATS).contains(&seat) || !(1..=9).contains(&n) {
            return Err(bad());
        }
        table[seat - 1] = n;
    }
    Ok(table)
}

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = SPECS;

    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseOptionError> {
        let spec = find_spec("skakanie", SPECS, key)?;
        match spec.key {
            "handicap" => self.handicap = parse_handicap(spec, value, self.handicap)?,
            key => {
                let index = choice_index(spec, value)?;
                match key {
                    "players" => self.players = 2 + index as u8,
                    "actions" => self.actions = 3 + index as u8,
                    "bury" => self.bury = index == 1,
                    "start" => self.start = STARTS[index],
                    "score" => self.score = SCORINGS[index],
                    "pass" => self.pass = index == 1,
                    _ => unreachable!("every key of SPECS is handled"),
                }
            }
        }
        Ok(())
    }

    fn check(&self) -> Result<(), ParseOptionError> {
        match self
            .handicap
            .iter()
            .skip(usize::from(self.players))
            .position(|&n| n > 0)
        {
            Some(extra) => Err(ParseOptionError::BadValue {
                key: "handicap",
                value: format!(
                    "{}:{}",
                    usize::from(self.players) + extra + 1,
                    self.handicap[usize::from(self.players) + extra]
                ),
                expected: "a seat of this game (1 to players)",
            }),
            None => Ok(()),
        }
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let handicap: Vec<String> = self
            .handicap
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(seat, n)| format!("{}:{n}", seat + 1))
            .collect();
        let on = |b: bool| if b { "on" } else { "off" }.to_owned();
        vec![
            ("players", self.players.to_string()),
            ("actions", self.actions.to_string()),
            (
                "handicap",
                if handicap.is_empty() {
                    "none".to_owned()
                } else {
                    handicap.join(",")
                },
            ),
            ("bury", on(self.bury)),
            (
                "start",
                SPECS[4].values[usize::from(self.start == Start::SameCorner)].to_owned(),
            ),
            (
                "score",
                SPECS[5].values[usize::from(self.score == Scoring::Harsh)].to_owned(),
            ),
            ("pass", on(self.pass)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip_and_explain_bad_values() {
        let options = Options::from_pairs([
            ("players", "4"),
            ("actions", "5"),
            ("handicap", "2:6,4:1"),
            ("bury", "on"),
            ("start", "same-corner"),
            ("score", "harsh"),
            ("pass", "on"),
        ])
        .unwrap();
        assert_eq!(options.actions_of(0), 5);
        assert_eq!(options.actions_of(1), 6);
        assert_eq!(options.actions_of(3), 1);
        let pairs = options.to_pairs();
        let back = Options::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(back, options);
        assert!(Options::default().non_default_pairs().is_empty());
        let both = Options::from_pairs([("handicap", "1:4,2:5")]).unwrap();
        assert_eq!(&both.handicap[..2], [4, 5]);
        let twice = Options::from_pairs([("handicap", "1:4"), ("handicap", "2:5")]).unwrap_err();
        assert_eq!(twice, ParseOptionError::Repeated("handicap".into()));
        let err = Options::from_pairs([("handicap", "3:4")]).unwrap_err();
        assert!(err.to_string().contains("a seat of this game"), "{err}");
        for (key, value) in [
            ("actions", "7"),
            ("handicap", "5:3"),
            ("handicap", "2:0"),
            ("handicap", "two"),
        ] {
            let err = Options::from_pairs([(key, value)]).unwrap_err();
            assert!(
                err.to_string().contains("is not a value of"),
                "{key}={value}: {err}"
            );
        }
    }
}
