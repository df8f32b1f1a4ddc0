//! The languages a player can read Leapfrog in, and the words in each.
//!
//! Words live in Fluent catalogues (`locales/<lang>/<area>.ftl`, embedded in the binary),
//! so translators work on plain text files and plural forms follow CLDR's rules (Russian
//! and Polish have one/few/many: "1 ход, 2 хода, 5 ходов"). Code asks for a message by its
//! id and hands over its arguments; English is the fallback for a message a language lacks.
//! The long teaching texts of `/rules` are Markdown, one file per game and language
//! ([`guides`]), because Fluent reserves `*`, `[` and `.` at the start of a line, which
//! Markdown's bold headings and lists need.
//!
//! This layer knows nothing of Discord: a Discord locale (`ru`, `pl`, `en-US`) becomes a
//! [`Lang`] at the edge ([`Lang::from_discord`]).

mod catalog;
pub mod guides;
pub mod refusals;

use std::fmt;
use std::str::FromStr;

pub use catalog::{record_lookups, Lookup};

/// A language Leapfrog speaks. Stored (in settings) as its code.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English: the language of the code, and the fallback.
    #[default]
    En,
    /// Russian: Jumpers (Прыгуны) comes from a Russian rule text.
    Ru,
    /// Polish: Skakanie comes from a Polish rule text.
    Pl,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Self; 3] = [Self::En, Self::Ru, Self::Pl];

    /// The languages other than English: the ones a Discord command is localised into.
    pub const TRANSLATED: [Self; 2] = [Self::Ru, Self::Pl];

    /// The language's code, as in `locales/<code>/` and `lang:<code>`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Ru => "ru",
            Self::Pl => "pl",
        }
    }

    /// The language's own name, for `/settings language:`.
    #[must_use]
    pub const fn native_name(self) -> &'static str {
        match self {
            Self::En => "English",
            Self::Ru => "Русский",
            Self::Pl => "Polski",
        }
    }

    /// Discord's locale codes this language answers to in a command's localisations.
    #[must_use]
    pub const fn discord_locale(self) -> &'static str {
        match self {
            Self::En => "en-US",
            Self::Ru => "ru",
            Self::Pl => "pl",
        }
    }

    /// The language for a Discord locale (`ru`, `pl`, `en-US`, `en-GB`, …); `None` for a
    /// locale Leapfrog does not speak, whose users read the fallback.
    #[must_use]
    pub fn from_discord(locale: &str) -> Option<Self> {
        let primary = locale.split(['-', '_']).next().unwrap_or_default();
        Self::ALL
            .into_iter()
            .find(|lang| lang.code().eq_ignore_ascii_case(primary))
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language name that is none of Leapfrog's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("there is no language '{0}': choose en, ru or pl")]
pub struct UnknownLang(pub String);

impl FromStr for Lang {
    type Err = UnknownLang;

    /// A code (`ru`), a Discord locale (`en-GB`), or the language's own or English name.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let word = text.trim().to_lowercase();
        Self::from_discord(&word)
            .or_else(|| {
                Self::ALL.into_iter().find(|lang| {
                    lang.native_name().to_lowercase() == word
                        || matches!(
                            (lang, word.as_str()),
                            (Self::En, "english") | (Self::Ru, "russian") | (Self::Pl, "polish")
                        )
                })
            })
            .ok_or_else(|| UnknownLang(text.trim().to_owned()))
    }
}

/// A value handed to a message: a name, a number (chooses the plural form), or a word.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text, put in as it is (a player's name, a move).
    Text(String),
    /// A number: Fluent picks the plural form from it.
    Number(i64),
    /// Another message of the catalogue, read in the same language: a game's name or a
    /// side's, in a sentence built before anyone knew who would read it.
    Message(String),
}

/// A game's name, in whatever language the sentence is read.
impl From<crate::games::GameKind> for Arg {
    fn from(kind: crate::games::GameKind) -> Self {
        Self::Message(format!("game-{}", kind.name()))
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Self {
        Self::Text(text.to_owned())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Self {
        Self::Text(text)
    }
}

/// A yes/no choice in a message (`{ $flag -> [yes] … *[no] … }`).
impl From<bool> for Arg {
    fn from(flag: bool) -> Self {
        Self::Text(if flag { "yes" } else { "no" }.to_owned())
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Self {
                Self::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_arg!(u8, u16, i32, i64, u32, u64, usize);

/// The message `id` in `lang`, with no arguments. An id may name an attribute, `id.attr`.
#[must_use]
pub fn text(lang: Lang, id: &str) -> String {
    catalog::format(lang, id, &[])
}

/// The message `id` in `lang` with its arguments, as `(name, value)` pairs.
#[must_use]
pub fn text_with(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    catalog::format(lang, id, args)
}

/// Names joined into "A and B" (and "A and B and C") in `lang`; `None` for no names.
pub fn and_list(lang: Lang, names: impl IntoIterator<Item = String>) -> Option<String> {
    names.into_iter().reduce(|left, right| {
        text_with(
            lang,
            "board-and",
            &[("left", left.into()), ("right", right.into())],
        )
    })
}

/// Players' names as a title sets them side by side: "alice vs bob" ("alice – bob").
#[must_use]
pub fn versus(lang: Lang, names: &[String]) -> String {
    names.join(&text(lang, "common-versus"))
}

/// Names joined into "A or B" (and "A, B or C") in `lang`; `None` for no names: who may
/// answer, which values an option takes.
pub fn or_list(lang: Lang, names: impl IntoIterator<Item = String>) -> Option<String> {
    let mut names: Vec<String> = names.into_iter().collect();
    let last = names.pop()?;
    if names.is_empty() {
        return Some(last);
    }
    Some(text_with(
        lang,
        "common-or",
        &[("left", names.join(", ").into()), ("right", last.into())],
    ))
}

/// A side's name (`White`, `South`, `Red`, …, as the rules name it) in `lang`: in board
/// posts, pictures and refusals alike.
#[must_use]
pub fn side_name(lang: Lang, english: &str) -> String {
    text(lang, &format!("side-{}", english.to_lowercase()))
}

/// A game's name as players of `lang` call it (`game-<name>` in the catalogue).
#[must_use]
pub fn game_title(lang: Lang, kind: crate::games::GameKind) -> String {
    text(lang, &format!("game-{}", kind.name()))
}

/// Game options in `lang`'s words ("random rows, with displacement"), as pictures and pages
/// show them: `optword-<game>-<key>` with the typed value. The typed notation
/// (`setup=random`) stays in records and commands; an option this release has no words for
/// is shown as typed.
#[must_use]
pub fn option_words<K: AsRef<str>, V: AsRef<str>>(
    lang: Lang,
    kind: crate::games::GameKind,
    pairs: &[(K, V)],
) -> String {
    pairs
        .iter()
        .map(|(key, value)| {
            let (key, value) = (key.as_ref(), value.as_ref());
            let id = format!("optword-{}-{key}", kind.name());
            if has(lang, &id) {
                text_with(lang, &id, &[("value", value.into())])
            } else if value.is_empty() {
                key.to_owned()
            } else {
                format!("{key}={value}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The words a game record keeps for how a game ended (`reached the goal`, `alice (White)
/// resigned`), as players of `lang` read them. Records keep English, their
/// machine-readable form; words this release does not know are shown as they are.
#[must_use]
pub fn result_reason(lang: Lang, reason: &str) -> String {
    const FIXED: [(&str, &str); 8] = [
        ("reached the goal", "reason-reached-the-goal"),
        ("the best score", "reason-the-best-score"),
        ("shared the best score", "reason-shared-the-best-score"),
        ("everyone else left", "reason-everyone-else-left"),
        ("agreed to a draw", "reason-agreed-to-a-draw"),
        ("neither player can move", "reason-no-moves"),
        (
            "the same position occurred three times",
            "reason-repetition",
        ),
        ("the move limit was reached", "reason-move-limit"),
    ];
    const BY_WHOM: [(&str, &str); 3] = [
        (" resigned", "reason-resigned"),
        (" ran out of time", "reason-ran-out-of-time"),
        (" withdrew", "reason-withdrew"),
    ];
    if let Some((_, id)) = FIXED.iter().find(|(english, _)| *english == reason) {
        return text(lang, id);
    }
    BY_WHOM
        .iter()
        .find_map(|(suffix, id)| {
            let who = seat_in(lang, reason.strip_suffix(suffix)?);
            Some(text_with(lang, id, &[("who", who.into())]))
        })
        .unwrap_or_else(|| reason.to_owned())
}

/// The name stored in a forgotten player's seat (English, as records keep their words);
/// shown in each reader's language (`player-forgotten`).
pub const FORGOTTEN_NAME: &str = "Former player";

/// "alice (White)" as a record keeps it, with the side named in `lang`: "alice (Белые)".
/// A side this release does not know is left as it is.
fn seat_in(lang: Lang, english: &str) -> String {
    let Some((name, side)) = english
        .strip_suffix(')')
        .and_then(|rest| rest.rsplit_once(" ("))
    else {
        return english.to_owned();
    };
    let id = format!("side-{}", side.to_lowercase());
    // Someone who asked to be forgotten is named in the reader's language.
    let name = if name == FORGOTTEN_NAME {
        text(lang, "player-forgotten")
    } else {
        name.to_owned()
    };
    if has(Lang::En, &id) {
        format!("{name} ({})", text(lang, &id))
    } else {
        english.to_owned()
    }
}

/// Whether `lang`'s own catalogue has the message `id` (not just English's fallback).
#[must_use]
pub fn has(lang: Lang, id: &str) -> bool {
    catalog::has(lang, id)
}

/// The catalogues' sources, for tests that read them: `(lang, area, text)`.
#[must_use]
pub fn sources() -> &'static [(Lang, &'static str, &'static str)] {
    catalog::SOURCES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_reason_names_the_side_in_the_readers_language() {
        assert_eq!(
            result_reason(Lang::Ru, "alice (White) resigned"),
            text_with(
                Lang::Ru,
                "reason-resigned",
                &[("who", "alice (Белые)".into())]
            )
        );
        assert_eq!(
            result_reason(Lang::En, "alice (White) ran out of time"),
            "alice (White) ran out of time"
        );
        // A name with brackets of its own, and a side this release does not know, stay.
        assert_eq!(
            result_reason(Lang::Pl, "bo (x) (Purple) resigned"),
            text_with(
                Lang::Pl,
                "reason-resigned",
                &[("who", "bo (x) (Purple)".into())]
            )
        );
    }

    #[test]
    fn every_catalogue_parses_cleanly() {
        for &(lang, area, text) in sources() {
            if let Err((_, errors)) = fluent_syntax::parser::parse(text) {
                panic!("{lang}/{area}.ftl: {errors:?}");
            }
        }
    }

    #[test]
    fn a_records_result_words_are_read_in_the_readers_language() {
        assert_eq!(
            result_reason(Lang::Ru, "reached the goal"),
            "цель достигнута"
        );
        assert_eq!(
            result_reason(Lang::Pl, "alice (White) resigned"),
            "alice (Białe) się poddaje"
        );
        assert_eq!(
            result_reason(Lang::En, "alice (White) ran out of time"),
            "alice (White) ran out of time"
        );
        assert_eq!(
            result_reason(Lang::Ru, "a reason of a later release"),
            "a reason of a later release"
        );
    }

    #[test]
    fn discord_locales_and_typed_names_choose_a_language() {
        for (typed, lang) in [
            ("ru", Lang::Ru),
            ("pl", Lang::Pl),
            ("en-US", Lang::En),
            ("en-GB", Lang::En),
            ("Русский", Lang::Ru),
            ("polski", Lang::Pl),
            ("English", Lang::En),
        ] {
            assert_eq!(typed.parse::<Lang>(), Ok(lang), "{typed}");
        }
        assert_eq!(Lang::from_discord("de"), None);
        assert!("klingon".parse::<Lang>().is_err());
    }

    #[test]
    fn actions_left_in_a_turn_take_every_plural_form() {
        let left = |lang, n: i64| {
            text_with(
                lang,
                "move-mid-turn",
                &[
                    ("public", "no".into()),
                    ("moves", "take".into()),
                    ("game", 1.into()),
                    ("count", n.into()),
                ],
            )
        };
        let cases = [
            (Lang::Ru, 1, "осталось 1 действие."),
            (Lang::Ru, 2, "осталось 2 действия."),
            (Lang::Ru, 5, "осталось 5 действий."),
            (Lang::Ru, 21, "осталось 21 действие."),
            (Lang::Ru, 22, "осталось 22 действия."),
            (Lang::Ru, 25, "осталось 25 действий."),
            (Lang::Pl, 1, "została 1 akcja."),
            (Lang::Pl, 2, "zostały 2 akcje."),
            (Lang::Pl, 5, "zostało 5 akcji."),
            (Lang::Pl, 21, "zostało 21 akcji."),
            (Lang::Pl, 22, "zostały 22 akcje."),
            (Lang::Pl, 25, "zostało 25 akcji."),
            (Lang::En, 1, "1 action left this turn."),
            (Lang::En, 2, "2 actions left this turn."),
        ];
        for (lang, n, form) in cases {
            let said = left(lang, n);
            assert!(said.ends_with(form), "{lang} {n}: {said}");
        }
    }

    #[test]
    fn russian_and_polish_plurals_follow_cldr() {
        let forms = |lang, id, n: i64| text_with(lang, id, &[("count", n.into())]);
        let ru: Vec<String> = [1, 2, 5, 21, 22, 25]
            .map(|n| forms(Lang::Ru, "choice-days-per-move", n))
            .into();
        assert_eq!(
            ru,
            [
                "1 день на ход",
                "2 дня на ход",
                "5 дней на ход",
                "21 день на ход",
                "22 дня на ход",
                "25 дней на ход"
            ]
        );
        let pages = |lang, n: i64| {
            text_with(
                lang,
                "rules-no-such-page",
                &[("game", "Skakanie".into()), ("count", n.into())],
            )
        };
        let pl: Vec<String> = [1, 2, 5, 21, 22, 25].map(|n| pages(Lang::Pl, n)).into();
        for (text, form) in pl.iter().zip([
            "1 stronę",
            "2 strony",
            "5 stron",
            "21 stron",
            "22 strony",
            "25 stron",
        ]) {
            assert!(text.contains(&format!("mają {form}:")), "{text}");
        }
        assert_eq!(forms(Lang::En, "choice-days-per-move", 1), "1 day per move");
        assert_eq!(
            forms(Lang::En, "choice-days-per-move", 2),
            "2 days per move"
        );
    }
}
