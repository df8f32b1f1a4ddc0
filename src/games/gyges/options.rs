//! Gygès' variants: `setup` (how the start rows are filled) and `displace` (the advanced rule).

use crate::games::options::{choice_index, find_spec, OptionSpec, ParseOptionError};
use crate::games::rules::GameOptions;

/// How the start rows are filled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Setup {
    /// The players place their six pieces one at a time (the rulebook's way).
    #[default]
    Placement,
    /// Each start row gets a random arrangement of 1, 1, 2, 2, 3, 3.
    Random,
    /// South's row is random and North's is the same, file by file.
    Mirror,
}

/// A Gygès variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// How the start rows are filled.
    pub setup: Setup,
    /// The advanced rule: a piece landing on another may replace it instead of bouncing.
    pub displace: bool,
}

/// The option table; the first value of each key is the default.
pub const SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "setup",
        free_form: false,
        values: &["placement", "random", "mirror"],
        expected: "placement, random or mirror",
    },
    OptionSpec {
        key: "displace",
        free_form: false,
        values: &["off", "on"],
        expected: "on or off",
    },
];

const SETUPS: [Setup; 3] = [Setup::Placement, Setup::Random, Setup::Mirror];

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = SPECS;

    fn set(&mut self, key: &str, value: &str) -> Result<(), ParseOptionError> {
        let spec = find_spec("gyges", SPECS, key)?;
        let index = choice_index(spec, value)?;
        match spec.key {
            "setup" => self.setup = SETUPS[index],
            "displace" => self.displace = index == 1,
            _ => unreachable!("every key of SPECS is handled"),
        }
        Ok(())
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let setup = SETUPS.iter().position(|&s| s == self.setup).unwrap_or(0);
        vec![
            ("setup", SPECS[0].values[setup].to_owned()),
            (
                "displace",
                SPECS[1].values[usize::from(self.displace)].to_owned(),
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip_and_refuse_unknown_values() {
        let options = Options::from_pairs([("setup", "Mirror"), ("displace", "on")]).unwrap();
        assert_eq!(
            options,
            Options {
                setup: Setup::Mirror,
                displace: true
            }
        );
        let pairs = options.to_pairs();
        let back = Options::from_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).unwrap();
        assert_eq!(back, options);
        assert!(Options::default().non_default_pairs().is_empty());
        let err = Options::from_pairs([("setup", "chaos")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "'chaos' is not a value of setup: it takes placement, random or mirror"
        );
    }
}
