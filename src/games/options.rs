//! Game options as `key=value` pairs: the table that describes them and the errors a user
//! sees when one is wrong.

use std::fmt;

/// One option key of one game: the data behind parsing, `/rules`, and Discord's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key, as typed: `board`.
    pub key: &'static str,
    /// Every value the key takes, default first where it is a choice; for a free-form key
    /// (a number range, a subset) the few most useful values.
    pub values: &'static [&'static str],
    /// What the key takes, in words, for error messages: "near or far".
    pub expected: &'static str,
    /// Whether `values` are only examples of what may be typed (a handicap naming a
    /// player), so Discord offers a free text box instead of a fixed list.
    pub free_form: bool,
}

/// An option pair the game does not accept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseOptionError {
    /// The text is not `key=value`.
    #[error("'{0}' is not an option: write key=value, for example board=far")]
    Malformed(String),
    /// The game has no such key.
    #[error("{game} has no option '{key}'; its options are {known}")]
    UnknownKey {
        /// The game's name.
        game: &'static str,
        /// What the user typed.
        key: String,
        /// The keys it does have, comma-separated.
        known: String,
    },
    /// The key is given twice: which value was meant is a guess, so neither is taken.
    #[error("{0} is given twice; give each option once")]
    Repeated(String),
    /// The key exists but not with this value.
    #[error("'{value}' is not a value of {key}: it takes {expected}")]
    BadValue {
        /// The key.
        key: &'static str,
        /// What the user typed.
        value: String,
        /// What the key takes.
        expected: &'static str,
    },
}

impl ParseOptionError {
    /// The error for a key missing from `specs`.
    #[must_use]
    pub fn unknown_key(game: &'static str, key: &str, specs: &[OptionSpec]) -> Self {
        Self::UnknownKey {
            game,
            key: key.to_owned(),
            known: specs.iter().map(|s| s.key).collect::<Vec<_>>().join(", "),
        }
    }

    /// The error for a bad value of `spec`'s key.
    #[must_use]
    pub fn bad_value(spec: &OptionSpec, value: &str) -> Self {
        Self::BadValue {
            key: spec.key,
            value: value.to_owned(),
            expected: spec.expected,
        }
    }
}

/// Splits `key=value` into its parts, trimmed; keys are compared case-insensitively by the
/// games, so the key is lower-cased here.
///
/// # Errors
/// When there is no `=` or the key is empty.
pub fn split_pair(text: &str) -> Result<(String, String), ParseOptionError> {
    let (key, value) = text
        .split_once(['=', ':'])
        .ok_or_else(|| ParseOptionError::Malformed(text.to_owned()))?;
    let key = key.trim().to_ascii_lowercase();
    if key.is_empty() {
        return Err(ParseOptionError::Malformed(text.to_owned()));
    }
    Ok((key, value.trim().to_owned()))
}

/// Refuses a key that comes twice in `keys` (compared case-insensitively).
///
/// # Errors
/// [`ParseOptionError::Repeated`] naming the first key seen again.
pub fn refuse_repeats<'a>(keys: impl IntoIterator<Item = &'a str>) -> Result<(), ParseOptionError> {
    let mut seen: Vec<&str> = Vec::new();
    for key in keys {
        if seen.iter().any(|k| k.eq_ignore_ascii_case(key)) {
            return Err(ParseOptionError::Repeated(key.to_ascii_lowercase()));
        }
        seen.push(key);
    }
    Ok(())
}

/// Finds the spec of `key` in a game's table.
///
/// # Errors
/// [`ParseOptionError::UnknownKey`] naming the keys the game has.
pub fn find_spec<'a>(
    game: &'static str,
    specs: &'a [OptionSpec],
    key: &str,
) -> Result<&'a OptionSpec, ParseOptionError> {
    specs
        .iter()
        .find(|s| s.key.eq_ignore_ascii_case(key))
        .ok_or_else(|| ParseOptionError::unknown_key(game, key, specs))
}

/// Which of `spec`'s listed values `value` is (case-insensitive): the index into
/// `spec.values`, so a choice key maps to its enum with one table lookup.
///
/// # Errors
/// [`ParseOptionError::BadValue`] when the value is not listed.
pub fn choice_index(spec: &OptionSpec, value: &str) -> Result<usize, ParseOptionError> {
    spec.values
        .iter()
        .position(|v| v.eq_ignore_ascii_case(value))
        .ok_or_else(|| ParseOptionError::bad_value(spec, value))
}

/// Writes pairs as `key=value key=value`, the form players type and the header shows.
pub struct PairsDisplay<'a>(pub &'a [(&'static str, String)]);

impl fmt::Display for PairsDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (key, value)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{key}={value}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_split_on_equals_or_colon() {
        assert_eq!(
            split_pair("Board=far").unwrap(),
            ("board".into(), "far".into())
        );
        assert_eq!(
            split_pair("board:far").unwrap(),
            ("board".into(), "far".into())
        );
        assert_eq!(
            split_pair("crawlers=").unwrap(),
            ("crawlers".into(), String::new())
        );
        assert!(matches!(
            split_pair("far"),
            Err(ParseOptionError::Malformed(_))
        ));
        assert!(matches!(
            split_pair("=far"),
            Err(ParseOptionError::Malformed(_))
        ));
    }
}
