//! Discord's documented rules for a bulk overwrite of application commands, checked on the
//! body the bot would send: one rule broken and Discord refuses the whole set (HTTP 400,
//! code 50035), so on a new server no command would register. Each rule broken is named
//! at its place in the body (`28.options.5.options.1`), as Discord names it.

use serde_json::Value;

/// The most options (or subcommands) at one level, and choices on one option.
pub const MOST_OPTIONS: usize = 25;
pub use crate::play::definition::MOST_CHOICES;
/// The most slash commands in one scope.
pub const MOST_COMMANDS: usize = 100;
/// The combined length of a command's names, descriptions and choices, each counted in
/// its longest localisation.
pub const MOST_CHARACTERS: usize = 4_000;

/// Where a registration is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every server and DM (`PUT /applications/{app}/commands`).
    Global,
    /// One server (`PUT /applications/{app}/guilds/{guild}/commands`).
    Guild,
}

/// One rule broken, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {rule}")]
pub struct Broken {
    /// Where in the body (`0.options.1.name`).
    pub path: String,
    /// Which rule, in Discord's words.
    pub rule: String,
}

/// Every rule `commands` break when sent to `scope`.
#[must_use]
pub fn check(commands: &[Value], scope: Scope) -> Vec<Broken> {
    let mut broken = Vec::new();
    let mut fail = |path: String, rule: &str| {
        broken.push(Broken {
            path,
            rule: rule.to_owned(),
        });
    };
    let kind = |c: &Value| c["type"].as_u64().unwrap_or(1);
    let slash = commands.iter().filter(|c| kind(c) == 1).count();
    if slash > MOST_COMMANDS {
        fail(
            String::new(),
            "Maximum number of application commands reached (100)",
        );
    }
    let entries = commands.iter().filter(|c| kind(c) == 4).count();
    if entries > 1 || (entries == 1 && scope == Scope::Guild) {
        fail(
            String::new(),
            "Entry point commands are allowed only once, and only globally",
        );
    }
    let mut names: Vec<(u64, String, &str)> = Vec::new();
    for (i, command) in commands.iter().enumerate() {
        let at = i.to_string();
        let name = command["name"].as_str().unwrap_or_default();
        let mut own = vec![(String::new(), name)];
        own.extend(
            command["name_localizations"]
                .as_object()
                .into_iter()
                .flatten()
                .map(|(locale, text)| (locale.clone(), text.as_str().unwrap_or_default())),
        );
        for (locale, text) in own {
            let key = (kind(command), locale, text);
            if names.contains(&key) {
                fail(
                    format!("{at}.name"),
                    "Application command names must be unique in every locale",
                );
            }
            names.push(key);
        }
        words(command, &at, &mut fail);
        if kind(command) == 1 {
            options(command, &at, 0, &mut fail);
            if characters(command) > MOST_CHARACTERS {
                fail(
                    at.clone(),
                    "Command exceeds maximum size (4000 characters, counting the longest localisation)",
                );
            }
        }
    }
    broken
}

/// Whether `name` is a valid name: 1 to 32 letters, digits, `-`, `_` or `'`, lower case.
fn name_is_valid(name: &str) -> bool {
    (1..=32).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '\''))
        && name.to_lowercase() == name
}

/// A name and description (with their localisations) of a command or option.
fn words(thing: &Value, at: &str, fail: &mut impl FnMut(String, &str)) {
    let mut names = vec![thing["name"].as_str().unwrap_or_default()];
    names.extend(localisations(thing, "name_localizations"));
    if !names.iter().all(|n| name_is_valid(n)) {
        fail(
            format!("{at}.name"),
            "Invalid name: 1-32 lower-case letters, digits, - _ or '",
        );
    }
    let mut descriptions = vec![thing["description"].as_str().unwrap_or_default()];
    descriptions.extend(localisations(thing, "description_localizations"));
    let is_slash = thing.get("type").is_none_or(|t| t != 4);
    if is_slash
        && !descriptions
            .iter()
            .all(|d| (1..=100).contains(&d.chars().count()))
    {
        fail(
            format!("{at}.description"),
            "Must be between 1 and 100 in length",
        );
    }
}

fn localisations<'a>(thing: &'a Value, field: &str) -> Vec<&'a str> {
    thing[field]
        .as_object()
        .map(|m| m.values().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The options of a command (`depth` 0), of a subcommand group (1) or of a subcommand.
fn options(parent: &Value, at: &str, depth: u8, fail: &mut impl FnMut(String, &str)) {
    let Some(list) = parent["options"].as_array() else {
        return;
    };
    if list.len() > MOST_OPTIONS {
        fail(format!("{at}.options"), "Must be 25 or fewer in length");
    }
    let kind = |o: &Value| o["type"].as_u64().unwrap_or(0);
    let nesting = |o: &Value| matches!(kind(o), 1 | 2);
    if list.iter().any(nesting) && !list.iter().all(nesting) {
        fail(
            format!("{at}.options"),
            "Subcommands and groups cannot be mixed with other options",
        );
    }
    let mut seen_optional = false;
    let mut names: Vec<&str> = Vec::new();
    let mut local: Vec<String> = Vec::new();
    for (i, option) in list.iter().enumerate() {
        let here = format!("{at}.options.{i}");
        words(option, &here, fail);
        let name = option["name"].as_str().unwrap_or_default();
        if names.contains(&name) {
            fail(format!("{here}.name"), "Option names must be unique");
        }
        names.push(name);
        for (locale, text) in option["name_localizations"]
            .as_object()
            .into_iter()
            .flatten()
        {
            let key = format!("{locale}:{}", text.as_str().unwrap_or_default());
            if local.contains(&key) {
                fail(
                    format!("{here}.name_localizations.{locale}"),
                    "Localised option names must be unique",
                );
            }
            local.push(key);
        }
        match kind(option) {
            1 if depth < 2 => options(option, &here, 2, fail),
            2 if depth == 0 => options(option, &here, 1, fail),
            1 | 2 => fail(here.clone(), "Subcommands cannot be nested this deep"),
            _ => {}
        }
        let required = option["required"].as_bool().unwrap_or(false);
        if required && seen_optional {
            fail(
                here.clone(),
                "Required options must be placed before non-required options",
            );
        }
        seen_optional |= !required && !nesting(option);
        let choices = option["choices"].as_array().map_or(&[][..], Vec::as_slice);
        if choices.len() > MOST_CHOICES {
            fail(format!("{here}.choices"), "Must be 25 or fewer in length");
        }
        if !choices.is_empty() && option["autocomplete"] == true {
            fail(
                format!("{here}.autocomplete"),
                "Autocomplete cannot be set with choices",
            );
        }
        for (c, choice) in choices.iter().enumerate() {
            let mut labels = vec![choice["name"].as_str().unwrap_or_default()];
            labels.extend(localisations(choice, "name_localizations"));
            if !labels
                .iter()
                .all(|l| (1..=100).contains(&l.chars().count()))
            {
                fail(
                    format!("{here}.choices.{c}.name"),
                    "Must be between 1 and 100 in length",
                );
            }
            let fits = match kind(option) {
                3 => choice["value"]
                    .as_str()
                    .is_some_and(|v| v.chars().count() <= 100),
                4 => choice["value"].is_i64(),
                10 => choice["value"].is_number(),
                _ => false,
            };
            if !fits {
                fail(
                    format!("{here}.choices.{c}.value"),
                    "A choice's value must be of its option's type",
                );
            }
        }
        let bounded = option.get("min_value").is_some() || option.get("max_value").is_some();
        if bounded && !matches!(kind(option), 4 | 10) {
            fail(
                here,
                "Only integers and numbers have a least and a most value",
            );
        }
    }
}

/// A command's characters as Discord counts them against [`MOST_CHARACTERS`]: its name,
/// description, and every option's name, description and choices, each in its longest
/// localisation.
fn characters(thing: &Value) -> usize {
    let longest = |field: &str, localised: &str| {
        std::iter::once(thing[field].as_str().unwrap_or_default())
            .chain(localisations(thing, localised))
            .map(|t| t.chars().count())
            .max()
            .unwrap_or(0)
    };
    let mut count =
        longest("name", "name_localizations") + longest("description", "description_localizations");
    for choice in thing["choices"].as_array().into_iter().flatten() {
        count += characters(choice);
        count += match &choice["value"] {
            Value::String(s) => s.chars().count(),
            other => other.to_string().len(),
        };
    }
    for option in thing["options"].as_array().into_iter().flatten() {
        count += characters(option);
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn command() -> Value {
        json!({
            "name": "tournament", "description": "Tournaments", "type": 1,
            "name_localizations": {"ru": "турнир", "pl": "turniej"},
            "options": [{
                "type": 1, "name": "remove", "description": "Remove a player",
                "options": [
                    {"type": 6, "name": "user", "description": "Who", "required": true},
                    {"type": 4, "name": "id", "description": "Which", "min_value": 1}
                ]
            }]
        })
    }

    #[test]
    fn a_sound_command_passes() {
        assert_eq!(check(&[command()], Scope::Guild), []);
    }

    /// Each rule, broken once, is named at its place.
    #[test]
    fn each_broken_rule_is_named_where_it_is_broken() {
        type Break = fn(&mut Value);
        let cases: Vec<(Break, &str)> = vec![
            (
                |c| {
                    c["options"][0]["options"][0]["required"] = json!(false);
                    c["options"][0]["options"][1]["required"] = json!(true);
                },
                "0.options.0.options.1",
            ),
            (|c| c["name"] = json!("Tournament"), "0.name"),
            (
                |c| c["name_localizations"]["ru"] = json!("два слова"),
                "0.name",
            ),
            (|c| c["description"] = json!(""), "0.description"),
            (
                |c| c["description_localizations"] = json!({"pl": "x".repeat(101)}),
                "0.description",
            ),
            (
                |c| c["options"][0]["options"][1]["name"] = json!("user"),
                "0.options.0.options.1.name",
            ),
            (
                |c| {
                    c["options"]
                        .as_array_mut()
                        .unwrap()
                        .push(json!({"type": 3, "name": "x", "description": "x"}));
                },
                "0.options",
            ),
            (
                |c| {
                    c["options"][0]["options"][0] =
                        json!({"type": 1, "name": "deep", "description": "x"});
                },
                "0.options.0.options.0",
            ),
            (
                |c| {
                    c["options"][0]["options"][1]["choices"] = json!((0..26)
                        .map(|n| json!({"name": "n", "value": n}))
                        .collect::<Vec<_>>());
                },
                "0.options.0.options.1.choices",
            ),
            (
                |c| {
                    c["options"][0]["options"][1]["choices"] = json!([{"name": "n", "value": "1"}]);
                },
                "0.options.0.options.1.choices.0.value",
            ),
            (
                |c| {
                    c["options"][0]["options"][0]["min_value"] = json!(1);
                },
                "0.options.0.options.0",
            ),
            (
                |c| c["description_localizations"] = json!({"ru": "д".repeat(100)}),
                "",
            ),
        ];
        for (i, (breaking, at)) in cases.into_iter().enumerate() {
            let mut body = command();
            if at.is_empty() {
                // The 4,000 characters, counted in the longest localisation.
                for n in 0..24 {
                    body["options"].as_array_mut().unwrap().push(json!({
                        "type": 1, "name": format!("s{n}"), "description": "d".repeat(100),
                        "description_localizations": {"ru": "д".repeat(100), "pl": "x"},
                        "options": [{"type": 3, "name": "o", "description": "o".repeat(100)}]
                    }));
                }
                assert_eq!(check(&[body], Scope::Guild).len(), 1, "4,000 characters");
                continue;
            }
            breaking(&mut body);
            let broken = check(&[body], Scope::Guild);
            assert!(
                broken.iter().any(|b| b.path == at),
                "case {i}: {at} not in {broken:?}"
            );
        }
    }

    #[test]
    fn entry_points_are_global_and_single() {
        let entry = json!({"name": "launch", "type": 4, "handler": 2, "description": ""});
        assert_eq!(check(std::slice::from_ref(&entry), Scope::Global), []);
        assert_eq!(check(std::slice::from_ref(&entry), Scope::Guild).len(), 1);
        assert_eq!(check(&[entry.clone(), entry], Scope::Global).len(), 2);
    }

    #[test]
    fn a_hundred_commands_at_most() {
        let many: Vec<Value> = (0..101)
            .map(|n| json!({"name": format!("c{n}"), "description": "d", "type": 1}))
            .collect();
        assert_eq!(check(&many[..100], Scope::Global), []);
        assert_eq!(check(&many, Scope::Global).len(), 1);
    }
}
