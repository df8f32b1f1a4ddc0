//! Jumpers' variants: `board`, `goal`, `step`, `crawlers`, `height`.

use crate::games::options::{choice_index, find_spec, OptionSpec, ParseOptionError};
use crate::games::rules::GameOptions;

use super::board::BoardKind;
use super::pieces::{Kind, KindSet};

/// How a game is won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Land any piece on any enemy gate.
    #[default]
    Short,
    /// Be on top of all three enemy gate stacks at once.
    Long,
}

/// What a jumper's height limit counts from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Height {
    /// From the ground.
    #[default]
    Absolute,
    /// From the jumper's own level.
    Relative,
}

/// A Jumpers variant. The default is the revised edition on the beginners' board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Which side of the printed board.
    pub board: BoardKind,
    /// How the game is won.
    pub goal: Goal,
    /// The first edition's simple step.
    pub step: bool,
    /// Kinds that crawl instead of jumping.
    pub crawlers: KindSet,
    /// What the height limit counts from.
    pub height: Height,
}

/// The option table; the first value of each choice is the default.
pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "board",
        free_form: false,
        values: &["near", "far"],
        expected: "near or far",
    },
    OptionSpec {
        key: "goal",
        free_form: false,
        values: &["short", "long"],
        expected: "short or long",
    },
    OptionSpec {
        key: "step",
        free_form: false,
        values: &["off", "on"],
        expected: "on or off",
    },
    OptionSpec {
        key: "crawlers",
        free_form: false,
        values: &["none", "S", "M", "B", "S,M", "S,B", "M,B", "S,M,B"],
        expected: "none or any of S, M, B separated by commas",
    },
    OptionSpec {
        key: "height",
        free_form: false,
        values: &["absolute", "relative"],
        expected: "absolute or relative",
    },
];

/// Picks the value of a two-way choice from its spec's `values` (first = `first`).
fn choose<T>(spec: &OptionSpec, value: &str, first: T, second: T) -> Result<T, ParseOptionError> {
    match choice_index(spec, value)? {
        0 => Ok(first),
        1 => Ok(second),
        _ => Err(ParseOptionError::bad_value(spec, value)),
    }
}

fn parse_crawlers(spec: &OptionSpec, value: &str) -> Result<KindSet, ParseOptionError> {
    if value.is_empty() || value.eq_ignore_ascii_case("none") {
        return Ok(KindSet::EMPTY);
    }
    value
        .split([',', ' ', '+'])
        .filter(|part| !part.is_empty())
        .try_fold(KindSet::EMPTY, |set, part| {
            let mut chars = part.chars();
            match (chars.next().and_then(Kind::from_letter), chars.next()) {
                (Some(kind), None) => Ok(set.with(kind)),
                _ => Err(ParseOptionError::bad_value(spec, value)),
            }
        })
}

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = SPECS;

    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseOptionError> {
        let spec = find_spec("jumpers", SPECS, key)?;
        match spec.key {
            "board" => self.board = choose(spec, value, BoardKind::Near, BoardKind::Far)?,
            "goal" => self.goal = choose(spec, value, Goal::Short, Goal::Long)?,
            "step" => self.step = choose(spec, value, false, true)?,
            "crawlers" => self.crawlers = parse_crawlers(spec, value)?,
            "height" => self.height = choose(spec, value, Height::Absolute, Height::Relative)?,
            _ => unreachable!("every key of SPECS is handled"),
        }
        Ok(())
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let pick = |index: usize, second: bool| SPECS[index].values[usize::from(second)].to_owned();
        vec![
            ("board", pick(0, self.board == BoardKind::Far)),
            ("goal", pick(1, self.goal == Goal::Long)),
            ("step", pick(2, self.step)),
            ("crawlers", self.crawlers.to_string()),
            ("height", pick(4, self.height == Height::Relative)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip_through_pairs() {
        let options = Options::from_pairs([
            ("board", "far"),
            ("goal", "LONG"),
            ("step", "on"),
            ("crawlers", "b,s"),
            ("height", "relative"),
        ])
        .unwrap();
        let pairs = options.to_pairs();
        assert_eq!(pairs[3], ("crawlers", "S,B".to_owned()));
        let back = Options::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(back, options);
        assert!(Options::default().non_default_pairs().is_empty());
        assert_eq!(options.non_default_pairs().len(), 5);
    }

    #[test]
    fn bad_options_name_the_problem() {
        let err = Options::from_pairs([("bord", "far")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "jumpers has no option 'bord'; its options are board, goal, step, crawlers, height"
        );
        let err = Options::from_pairs([("board", "middle")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "'middle' is not a value of board: it takes near or far"
        );
        assert!(Options::from_pairs([("crawlers", "S,X")]).is_err());
        assert!(Options::from_pairs([("crawlers", "SM")]).is_err());
        assert_eq!(
            Options::from_pairs([("crawlers", "none")])
                .unwrap()
                .crawlers,
            KindSet::EMPTY
        );
    }
}
