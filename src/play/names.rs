//! The names players type for commands and options in any language: Discord shows
//! `/правила` and `страница`, the Russian `/help` tells players to type them, and the
//! console (or anything typed rather than picked) must read them as `/rules` and `page`.
//! The tables are read from the catalogues (`cmd-<command>` and `opt-<option>` in the
//! `commands` area, the same messages Discord's registration uses), so a name translated
//! there is understood here with no second list to keep in step.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::i18n::{self, Lang};

/// Every translated name of one kind (`cmd` or `opt`), in lower case, with the English
/// name it stands for.
type Names = BTreeMap<String, String>;

/// The message ids of the `commands` catalogue that start with `prefix-` (not their
/// `.desc` attributes, which are not names).
fn ids(prefix: &str) -> Vec<String> {
    let start = format!("{prefix}-");
    let mut ids: Vec<String> = i18n::sources()
        .iter()
        .filter(|(lang, area, _)| *lang == Lang::En && *area == "commands")
        .flat_map(|(_, _, text)| {
            let resource = match fluent_syntax::parser::parse(*text) {
                Ok(resource) | Err((resource, _)) => resource,
            };
            resource
                .body
                .into_iter()
                .filter_map(|entry| match entry {
                    fluent_syntax::ast::Entry::Message(message) => Some(message.id.name.to_owned()),
                    _ => None,
                })
                .collect::<Vec<_>>()
        })
        .filter(|id| id.starts_with(&start))
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// The table of `prefix`'s names: each language's name of each message, lower case, to
/// the English one.
fn table(prefix: &str) -> Names {
    let mut names = Names::new();
    for id in ids(prefix) {
        let english = i18n::text(Lang::En, &id);
        for lang in Lang::TRANSLATED {
            let local = i18n::text(lang, &id).to_lowercase();
            if local != english {
                names.entry(local).or_insert_with(|| english.clone());
            }
        }
    }
    names
}

fn commands() -> &'static Names {
    static NAMES: OnceLock<Names> = OnceLock::new();
    NAMES.get_or_init(|| table("cmd"))
}

fn options() -> &'static Names {
    static NAMES: OnceLock<Names> = OnceLock::new();
    NAMES.get_or_init(|| table("opt"))
}

/// The English name of a command typed in any language (`помощь` → `help`); a name that
/// is no translation comes back as typed, in lower case.
#[must_use]
pub fn command(typed: &str) -> String {
    let typed = typed.to_lowercase();
    commands().get(&typed).cloned().unwrap_or(typed)
}

/// The English name of an option typed in any language (`соперник` → `opponent`); a name
/// that is no translation comes back as typed, in lower case.
#[must_use]
pub fn option(typed: &str) -> String {
    let typed = typed.to_lowercase();
    options().get(&typed).cloned().unwrap_or(typed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_and_polish_names_read_as_the_english_ones() {
        assert_eq!(command("Помощь"), "help");
        assert_eq!(command("правила"), "rules");
        assert_eq!(command("przyjmij"), "accept");
        assert_eq!(command("rules"), "rules");
        assert_eq!(option("соперник"), "opponent");
        assert_eq!(option("страница"), "page");
        assert_eq!(option("игра"), "game");
        assert_eq!(option("nowhere"), "nowhere");
    }

    #[test]
    fn no_translated_name_stands_for_two_english_ones() {
        for prefix in ["cmd", "opt"] {
            let mut seen: BTreeMap<String, (String, String)> = BTreeMap::new();
            for id in ids(prefix) {
                let english = i18n::text(Lang::En, &id);
                for lang in Lang::TRANSLATED {
                    let local = i18n::text(lang, &id).to_lowercase();
                    if let Some((other_id, other)) = seen.get(&local) {
                        assert_eq!(other, &english, "{local} is both {other_id} and {id}");
                    }
                    seen.insert(local, (id.clone(), english.clone()));
                }
            }
        }
    }
}
