//! The slash commands as Discord takes them: every registration the bot can send (global
//! with and without the Activity's entry point, a development server's) is sent through
//! the bot's own `register` to a fake Discord that refuses, as Discord does (HTTP 400, code
//! 50035), any body that breaks Discord's documented rules for application commands. And
//! the fake itself refuses each broken rule, so a passing registration means something.

mod common;
mod fake_discord;

use fake_discord::registration::{check, Scope};
use fake_discord::{config, Rest, APP_ID};
use leapfrog::discord::commands::{register, registered};
use serde_json::{json, Value};

/// Every registration the bot sends: (dev_guild, Activity on).
const REGISTRATIONS: [(Option<u64>, bool); 4] = [
    (None, false),
    (None, true),
    (Some(77), false),
    (Some(77), true),
];

#[test]
fn every_registration_the_bot_can_send_keeps_discords_rules() {
    for (guild, activity) in REGISTRATIONS {
        let body = serde_json::to_value(registered(guild, activity).unwrap()).unwrap();
        let scope = if guild.is_some() {
            Scope::Guild
        } else {
            Scope::Global
        };
        let broken = check(&body, scope);
        assert!(
            broken.is_empty(),
            "guild {guild:?}, activity {activity}: Discord would refuse {broken:#?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_takes_every_registration_the_bot_sends() {
    let (rest, url) = Rest::start().await;
    for (guild, activity) in REGISTRATIONS {
        let mut settings = config(&url);
        settings.dev_guild = guild;
        let http = leapfrog::discord::http_client(&settings, "test-token");
        let count = register(&http, guild, activity)
            .await
            .unwrap_or_else(|e| panic!("guild {guild:?}, activity {activity}: {e:?}"));
        assert_eq!(count, registered(guild, activity).unwrap().len());
    }
    let puts: Vec<String> = rest
        .calls()
        .into_iter()
        .filter(|c| c.method == "PUT")
        .map(|c| c.path)
        .collect();
    let global = format!("/applications/{APP_ID}/commands");
    let guild = format!("/applications/{APP_ID}/guilds/77/commands");
    assert_eq!(puts, [global.clone(), global, guild.clone(), guild]);
}

/// A small valid command to break one rule at a time.
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

/// Sends `commands` as a guild registration to the fake; returns its status and body.
async fn put(url: &str, commands: &Value) -> (u16, Value) {
    let answer = reqwest::Client::new()
        .put(format!(
            "{url}/api/v10/applications/{APP_ID}/guilds/77/commands"
        ))
        .header("content-type", "application/json")
        .body(commands.to_string())
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    let text = answer.text().await.unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Each broken rule, with where Discord names it and its error code.
fn broken_bodies() -> Vec<(&'static str, Value, &'static str, &'static str)> {
    let mut cases = Vec::new();
    let mut body = command();
    body["options"][0]["options"] = json!([
        {"type": 4, "name": "id", "description": "Which"},
        {"type": 6, "name": "user", "description": "Who", "required": true}
    ]);
    cases.push((
        "a required option after an optional one, in a subcommand",
        body,
        "0.options.0.options.1",
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
    ));
    let top = json!({"name": "play", "description": "Play", "options": [
        {"type": 3, "name": "game", "description": "Game"},
        {"type": 6, "name": "opponent", "description": "Who", "required": true}
    ]});
    cases.push((
        "a required option after an optional one, at the top",
        top,
        "0.options.1",
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
    ));
    let mut body = command();
    body["name"] = json!("Tournament");
    cases.push((
        "an upper-case name",
        body,
        "0.name",
        "APPLICATION_COMMAND_INVALID_NAME",
    ));
    let mut body = command();
    body["name"] = json!("tour nament");
    cases.push((
        "a space in a name",
        body,
        "0.name",
        "APPLICATION_COMMAND_INVALID_NAME",
    ));
    let mut body = command();
    body["name"] = json!("a".repeat(33));
    cases.push((
        "a 33-character name",
        body,
        "0.name",
        "APPLICATION_COMMAND_INVALID_NAME",
    ));
    let mut body = command();
    body["name_localizations"]["ru"] = json!("Турнир");
    cases.push((
        "an upper-case localised name",
        body,
        "0.name_localizations.ru",
        "APPLICATION_COMMAND_INVALID_LOCALIZATION",
    ));
    let mut body = command();
    body["name_localizations"]["xx"] = json!("x");
    cases.push((
        "an unknown locale",
        body,
        "0.name_localizations.xx",
        "LOCALE_INVALID",
    ));
    let mut body = command();
    body["description"] = json!("d".repeat(101));
    cases.push((
        "a 101-character description",
        body,
        "0.description",
        "BASE_TYPE_BAD_LENGTH",
    ));
    let mut body = command();
    body["description"] = json!("");
    cases.push((
        "an empty description",
        body,
        "0.description",
        "BASE_TYPE_BAD_LENGTH",
    ));
    let mut body = command();
    body["options"][0]["options"] = Value::Array(
        (0..26)
            .map(|i| json!({"type": 3, "name": format!("o{i}"), "description": "x"}))
            .collect(),
    );
    cases.push((
        "26 options",
        body,
        "0.options.0.options",
        "BASE_TYPE_MAX_LENGTH",
    ));
    let mut body = command();
    body["options"][0]["options"][1]["type"] = json!(3);
    body["options"][0]["options"][1]["choices"] = Value::Array(
        (0..26)
            .map(|i| json!({"name": format!("c{i}"), "value": format!("c{i}")}))
            .collect(),
    );
    cases.push((
        "26 choices",
        body,
        "0.options.0.options.1.choices",
        "BASE_TYPE_MAX_LENGTH",
    ));
    let mut body = command();
    body["options"][0]["options"][1]["name"] = json!("user");
    cases.push((
        "two options of one name",
        body,
        "0.options.0.options.1",
        "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
    ));
    let mut body = command();
    body["options"][0]["options"][0]["name_localizations"] = json!({"ru": "игрок"});
    body["options"][0]["options"][1]["name_localizations"] = json!({"ru": "игрок"});
    cases.push((
        "two options of one localised name",
        body,
        "0.options.0.options.1",
        "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
    ));
    let mut body = command();
    body["options"]
        .as_array_mut()
        .unwrap()
        .push(json!({"type": 3, "name": "plain", "description": "x"}));
    cases.push((
        "a subcommand beside a plain option",
        body,
        "0.options",
        "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
    ));
    let mut body = command();
    body["options"][0]["options"][1] = json!({"type": 1, "name": "deeper", "description": "x"});
    cases.push((
        "a subcommand inside a subcommand",
        body,
        "0.options.0.options.1.type",
        "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
    ));
    let group = json!({"name": "g", "description": "x", "options": [
        {"type": 2, "name": "group", "description": "x", "options": [
            {"type": 3, "name": "plain", "description": "x"}]}]});
    cases.push((
        "a plain option in a subcommand group",
        group,
        "0.options.0.options.0.type",
        "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
    ));
    let mut body = command();
    body["options"][0]["options"][1]["autocomplete"] = json!(true);
    body["options"][0]["options"][1]["choices"] = json!([{"name": "one", "value": 1}]);
    cases.push((
        "autocomplete with choices",
        body,
        "0.options.0.options.1.autocomplete",
        "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
    ));
    let mut body = command();
    let long = "d".repeat(100);
    body["options"][0]["options"][1]["type"] = json!(3);
    body["options"][0]["options"][1]["choices"] = Value::Array(
        (0..25)
            .map(|i| json!({"name": long, "value": format!("{i}{}", "v".repeat(90))}))
            .collect(),
    );
    cases.push((
        "more than 4,000 characters",
        body,
        "0",
        "APPLICATION_COMMAND_TOO_LARGE",
    ));
    let entry = json!({"name": "launch", "description": "Launch", "type": 4, "handler": 2});
    cases.push((
        "an entry point on a server",
        entry,
        "0",
        "APPLICATION_COMMAND_ENTRY_POINT_GUILD",
    ));
    cases
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_refuses_each_rule_discord_enforces_as_discord_does() {
    let (_rest, url) = Rest::start().await;
    let (status, _) = put(&url, &json!([command()])).await;
    assert_eq!(status, 200, "the valid command is taken");
    for (what, body, at, code) in broken_bodies() {
        let (status, answer) = put(&url, &json!([body])).await;
        assert_eq!(status, 400, "{what}: {answer}");
        assert_eq!(answer["code"], 50035, "{what}");
        assert_eq!(answer["message"], "Invalid Form Body", "{what}");
        let mut place = &answer["errors"];
        for step in at.split('.') {
            place = &place[step];
        }
        let codes: Vec<&str> = place["_errors"]
            .as_array()
            .unwrap_or_else(|| panic!("{what}: nothing at {at} in {answer}"))
            .iter()
            .filter_map(|e| e["code"].as_str())
            .collect();
        assert!(codes.contains(&code), "{what}: {codes:?} at {at}");
    }
    let too_many: Vec<Value> = (0..101)
        .map(|i| json!({"name": format!("c{i}"), "description": "x"}))
        .collect();
    assert_eq!(
        put(&url, &Value::Array(too_many)).await.0,
        400,
        "101 commands"
    );
    let twice = json!([command(), command()]);
    assert_eq!(put(&url, &twice).await.0, 400, "two commands of one name");
}

/// A refusal reaches the admin's log with each field and rule Discord named, not only
/// "Invalid Form Body".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_registration_is_logged_with_the_rule_broken() {
    let (_rest, url) = Rest::start().await;
    let http = leapfrog::discord::http_client(&config(&url), "test-token");
    let broken = json!([broken_bodies().remove(0).1]);
    let error = http
        .create_guild_commands(77.into(), &broken)
        .await
        .expect_err("the fake refuses it");
    let said = leapfrog::discord::commands::refusal_details(&error);
    assert!(said.contains("Invalid Form Body"), "{said}");
    assert!(said.contains("code 50035"), "{said}");
    assert!(
        said.contains(
            "0.options.0.options.1: Required options must be placed before non-required options"
        ),
        "{said}"
    );
}
