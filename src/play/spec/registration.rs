//! The command table as Discord registers it: every command, option and choice with its
//! name and description in English and its localisations from the catalogues, in the JSON
//! of Discord's bulk overwrite. Checked against Discord's rules ([`super::rules`]) before
//! anything is sent: a table that breaks one cannot be registered.

use serde::Serialize;
use serde_json::{json, Map, Value as Json};

use crate::i18n::{self, Arg, Lang};
use crate::play::definition::{Choice, Contexts, Kind, Label, OptionSpec, Value, Words};
use crate::play::spec::rules::{Broken, Scope};
use crate::play::spec::CommandSpec;

/// Discord's limit on a description's length.
const DESCRIPTION_MAX: usize = 100;

/// A registration, checked: the body of Discord's bulk overwrite of the commands.
#[derive(Clone, Debug, Serialize)]
#[serde(transparent)]
pub struct Registration(pub Vec<Json>);

impl Registration {
    /// How many commands it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether it holds none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The registration of every command: for one server (`guild`, a development server's:
/// changes show at once) or globally; globally with the Activity on, its [`entry_point`]
/// too (Discord takes entry points only globally, and refuses a global overwrite that
/// leaves out the one it keeps).
///
/// # Errors
/// Every rule of Discord's the table breaks, each at its place.
pub fn registration(guild: bool, activity: bool) -> Result<Registration, Vec<Broken>> {
    let mut body: Vec<Json> = super::commands().iter().map(command).collect();
    if activity && !guild {
        body.push(entry_point());
    }
    let scope = if guild { Scope::Guild } else { Scope::Global };
    let broken = super::rules::check(&body, scope);
    if broken.is_empty() {
        Ok(Registration(body))
    } else {
        Err(broken)
    }
}

/// The Activity's entry point: the command Discord shows in its App Launcher and answers
/// itself by launching the Activity.
#[must_use]
pub fn entry_point() -> Json {
    // The Activity lists the player's games and puzzles wherever they open it: a server,
    // the bot's DMs, or a DM or group DM through their own install.
    let mut entry = named("launch", "cmd-launch", Contexts::EVERYWHERE);
    entry.insert("type".into(), json!(4));
    entry.insert("handler".into(), json!(2));
    Json::Object(entry)
}

/// A description cut to Discord's limit.
fn describe(text: &str) -> String {
    if text.chars().count() <= DESCRIPTION_MAX {
        return text.to_owned();
    }
    let cut: String = text.chars().take(DESCRIPTION_MAX - 1).collect();
    format!("{cut}…")
}

/// Each translated language's words, by Discord's locale.
fn localised(words: impl Fn(Lang) -> String) -> Json {
    Json::Object(
        Lang::TRANSLATED
            .iter()
            .map(|&lang| (lang.discord_locale().to_owned(), Json::String(words(lang))))
            .collect(),
    )
}

/// A command's name, description and where it is offered (`cmd-<name>`).
fn named(name: &str, id: &str, contexts: Contexts) -> Map<String, Json> {
    let describe_in = |lang: Lang| describe(&i18n::text(lang, &format!("{id}.desc")));
    let mut offered = Vec::new();
    for (on, context) in [
        (contexts.server, 0),
        (contexts.bot_dm, 1),
        (contexts.private_channel, 2),
    ] {
        if on {
            offered.push(context);
        }
    }
    // A user install is possible only where a command works outside servers that added
    // the bot.
    let installs = if contexts.private_channel {
        json!([0, 1])
    } else {
        json!([0])
    };
    let mut map = Map::new();
    map.insert("name".into(), json!(name));
    map.insert(
        "name_localizations".into(),
        localised(|lang| i18n::text(lang, id)),
    );
    map.insert("description".into(), json!(describe_in(Lang::En)));
    map.insert("description_localizations".into(), localised(describe_in));
    map.insert("integration_types".into(), installs);
    map.insert("contexts".into(), json!(offered));
    map
}

fn command(spec: &CommandSpec) -> Json {
    let mut map = named(spec.name, &format!("cmd-{}", spec.name), spec.contexts);
    map.insert("type".into(), json!(1));
    if !spec.options.is_empty() {
        map.insert(
            "options".into(),
            Json::Array(spec.options.iter().map(option).collect()),
        );
    }
    Json::Object(map)
}

/// Discord's number for an option's kind.
fn kind_number(kind: Kind) -> u8 {
    match kind {
        Kind::Subcommand => 1,
        Kind::Text => 3,
        Kind::Integer => 4,
        Kind::Boolean => 5,
        Kind::User => 6,
    }
}

fn option(spec: &OptionSpec) -> Json {
    let mut map = Map::new();
    map.insert("type".into(), json!(kind_number(spec.kind)));
    map.insert("name".into(), json!(spec.name));
    match spec.words {
        Words::Catalogue(id) => {
            let describe_in = |lang: Lang| describe(&i18n::text(lang, &format!("{id}.desc")));
            map.insert(
                "name_localizations".into(),
                localised(|lang| i18n::text(lang, id)),
            );
            map.insert("description".into(), json!(describe_in(Lang::En)));
            map.insert("description_localizations".into(), localised(describe_in));
        }
        Words::GameOption(kind) => {
            let help = format!("gameopt-{}-{}", kind.name(), spec.name);
            let describe_in = |lang: Lang| {
                let args = [
                    ("game", Arg::from(i18n::game_title(lang, kind))),
                    ("help", Arg::from(i18n::text(lang, &help))),
                ];
                describe(&i18n::text_with(lang, "game-option", &args))
            };
            map.insert("description".into(), json!(describe_in(Lang::En)));
            map.insert("description_localizations".into(), localised(describe_in));
        }
    }
    if spec.required {
        map.insert("required".into(), json!(true));
    }
    if spec.autocomplete {
        map.insert("autocomplete".into(), json!(true));
    }
    if let Some(min) = spec.range.0 {
        map.insert("min_value".into(), json!(min));
    }
    if let Some(max) = spec.range.1 {
        map.insert("max_value".into(), json!(max));
    }
    if !spec.choices.is_empty() {
        map.insert(
            "choices".into(),
            Json::Array(spec.choices.iter().map(choice).collect()),
        );
    }
    if !spec.options.is_empty() {
        map.insert(
            "options".into(),
            Json::Array(spec.options.iter().map(option).collect()),
        );
    }
    Json::Object(map)
}

fn choice(choice: &Choice) -> Json {
    let mut map = Map::new();
    match &choice.label {
        Label::Message(id, count) => {
            let words = |lang: Lang| match count {
                Some(n) => i18n::text_with(lang, id, &[("count", Arg::from(*n))]),
                None => i18n::text(lang, id),
            };
            map.insert("name".into(), json!(words(Lang::En)));
            map.insert("name_localizations".into(), localised(words));
        }
        Label::Same(words) => {
            map.insert("name".into(), json!(words));
        }
    }
    map.insert(
        "value".into(),
        match &choice.value {
            Value::Text(text) => json!(text),
            Value::Integer(n) => json!(n),
        },
    );
    Json::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every registration the bot can send (global, with the Activity or not, and a
    /// development server's) keeps Discord's rules, in every language it registers.
    #[test]
    fn every_registration_keeps_discords_rules() {
        for (guild, activity) in [(false, false), (false, true), (true, false), (true, true)] {
            let registration = registration(guild, activity)
                .unwrap_or_else(|broken| panic!("guild {guild}, activity {activity}: {broken:#?}"));
            let entry = usize::from(activity && !guild);
            assert_eq!(
                registration.len(),
                crate::play::spec::commands().len() + entry
            );
        }
    }

    #[test]
    fn the_activity_adds_its_entry_point_to_the_global_commands_only() {
        let entry = |r: Registration| {
            r.0.into_iter()
                .filter(|c| c["type"] == 4)
                .collect::<Vec<_>>()
        };
        let global = entry(registration(false, true).unwrap());
        assert_eq!(global.len(), 1);
        assert_eq!(
            global[0]["handler"], 2,
            "Discord launches the Activity itself"
        );
        assert_eq!(global[0]["name"], "launch");
        assert_eq!(global[0]["name_localizations"]["ru"], "запуск");
        assert!(entry(registration(true, true).unwrap()).is_empty());
        assert!(entry(registration(false, false).unwrap()).is_empty());
    }

    #[test]
    fn commands_about_a_game_are_offered_where_their_players_are() {
        let body = registration(false, false).unwrap().0;
        let offered = |name: &str| {
            body.iter()
                .find(|c| c["name"] == name)
                .map(|c| (c["contexts"].clone(), c["integration_types"].clone()))
                .unwrap()
        };
        assert_eq!(offered("play"), (json!([0, 2]), json!([0, 1])));
        assert_eq!(offered("privacy"), (json!([0, 1, 2]), json!([0, 1])));
        assert_eq!(offered("settings"), (json!([0, 1]), json!([0])));
        assert_eq!(offered("tournament"), (json!([0]), json!([0])));
    }
}
