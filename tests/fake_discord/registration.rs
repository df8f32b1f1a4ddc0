//! Discord's documented rules for registering application commands (a bulk overwrite, `PUT
//! /applications/{app}/commands` or `…/guilds/{guild}/commands`), checked the way Discord
//! checks them: every rule broken is named at its place in the body, and one broken rule
//! refuses the whole set (HTTP 400, code 50035 "Invalid Form Body").
//!
//! Written from Discord's documentation of the application command object (naming,
//! lengths, counts, option nesting, required before optional, unique names, the 4,000
//! characters of a command), independently of the bot's own definitions, so that what the
//! bot sends is held to Discord's contract rather than to the bot's idea of it.

use serde_json::{json, Map, Value};

/// The locales Discord accepts as keys of `name_localizations` and
/// `description_localizations`.
const LOCALES: [&str; 32] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// Command types: CHAT_INPUT, USER, MESSAGE, PRIMARY_ENTRY_POINT.
const CHAT_INPUT: u64 = 1;
const USER: u64 = 2;
const MESSAGE: u64 = 3;
const PRIMARY_ENTRY_POINT: u64 = 4;

/// How many commands of each type an application may have (in one scope).
const MOST_OF_TYPE: [(u64, usize); 4] = [
    (CHAT_INPUT, 100),
    (USER, 5),
    (MESSAGE, 5),
    (PRIMARY_ENTRY_POINT, 1),
];

/// Option types.
const SUB_COMMAND: u64 = 1;
const SUB_COMMAND_GROUP: u64 = 2;
const STRING: u64 = 3;
const INTEGER: u64 = 4;
const CHANNEL: u64 = 7;
const NUMBER: u64 = 10;
const ATTACHMENT: u64 = 11;

/// The most options (or subcommands) at one level, and choices on one option.
const MOST_OPTIONS: usize = 25;
const MOST_CHOICES: usize = 25;
/// The combined length of a command's names, descriptions and choice values.
const MOST_CHARACTERS: usize = 4_000;
/// Integers Discord accepts in `min_value`, `max_value` and integer choices.
const INTEGER_RANGE: f64 = 9_007_199_254_740_991.0;

/// Where a registration is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// `PUT /applications/{app}/commands`.
    Global,
    /// `PUT /applications/{app}/guilds/{guild}/commands`.
    Guild,
}

/// One broken rule: where in the body, Discord's error code and its message.
#[derive(Clone, Debug)]
pub struct Broken {
    pub path: Vec<String>,
    pub code: &'static str,
    pub message: String,
}

/// Discord's answer to a refused registration: `{"code": 50035, "errors": {…}, "message":
/// "Invalid Form Body"}` with each broken rule under its path (`{"0": {"options": {"1":
/// {"_errors": [{"code", "message"}]}}}}`).
#[must_use]
pub fn refusal(broken: &[Broken]) -> Value {
    let mut errors = Map::new();
    for rule in broken {
        let mut level = &mut errors;
        for step in &rule.path {
            level = level
                .entry(step.clone())
                .or_insert_with(|| json!({}))
                .as_object_mut()
                .expect("a path step is an object");
        }
        let list = level
            .entry("_errors")
            .or_insert_with(|| json!([]))
            .as_array_mut()
            .expect("_errors is a list");
        list.push(json!({"code": rule.code, "message": rule.message}));
    }
    json!({"code": 50035, "errors": errors, "message": "Invalid Form Body"})
}

/// Every rule the body of a bulk overwrite breaks (none: Discord takes it).
#[must_use]
pub fn check(body: &Value, scope: Scope) -> Vec<Broken> {
    let mut found = Checker::default();
    let Some(commands) = body.as_array() else {
        found.add(
            &[],
            "MODEL_TYPE_CONVERT",
            "Only iterables may be used in a ListType",
        );
        return found.broken;
    };
    for (kind, most) in MOST_OF_TYPE {
        let count = commands.iter().filter(|c| command_type(c) == kind).count();
        if count > most {
            found.add(
                &[],
                "APPLICATION_COMMANDS_TOO_MANY",
                &format!("Maximum number of application commands of type {kind} reached ({most})"),
            );
        }
    }
    for (i, command) in commands.iter().enumerate() {
        let at = [i.to_string()];
        let Some(fields) = command.as_object() else {
            found.add(
                &at,
                "MODEL_TYPE_CONVERT",
                "Only dictionaries may be used in a ModelType",
            );
            continue;
        };
        found.command(&at, fields, scope);
        let same = commands[..i]
            .iter()
            .any(|c| c["name"] == command["name"] && command_type(c) == command_type(command));
        if same {
            found.add(
                &at,
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                &format!(
                    "Application command names must be unique: {}",
                    command["name"]
                ),
            );
        }
    }
    found.broken
}

fn command_type(command: &Value) -> u64 {
    command["type"].as_u64().unwrap_or(CHAT_INPUT)
}

/// What a name of this kind must be.
#[derive(Clone, Copy)]
enum NameRule {
    /// Chat input commands, entry points and every option: 1–32 characters of letters,
    /// digits, `-`, `_`, `'` (and Devanagari or Thai), lowercase where the letter has case.
    Slash,
    /// User and message commands: 1–32 characters, any case, spaces allowed.
    Free,
}

/// Whether `c` matches `[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]`.
fn slash_char(c: char) -> bool {
    matches!(c, '-' | '_' | '\'')
        || c.is_alphabetic()
        || c.is_numeric()
        || ('\u{0900}'..='\u{097F}').contains(&c)
        || ('\u{A8E0}'..='\u{A8FF}').contains(&c)
        || ('\u{0E00}'..='\u{0E7F}').contains(&c)
}

fn name_is_valid(name: &str, rule: NameRule) -> bool {
    let length = name.chars().count();
    if !(1..=32).contains(&length) {
        return false;
    }
    match rule {
        NameRule::Slash => name.chars().all(slash_char) && name.to_lowercase() == name,
        NameRule::Free => !name.trim().is_empty(),
    }
}

#[derive(Default)]
struct Checker {
    broken: Vec<Broken>,
}

impl Checker {
    fn add(&mut self, path: &[String], code: &'static str, message: &str) {
        self.broken.push(Broken {
            path: path.to_vec(),
            code,
            message: message.to_owned(),
        });
    }

    fn command(&mut self, at: &[String], fields: &Map<String, Value>, scope: Scope) {
        let kind = fields.get("type").map_or(Some(CHAT_INPUT), Value::as_u64);
        let Some(kind @ CHAT_INPUT..=PRIMARY_ENTRY_POINT) = kind else {
            self.add(
                &path(at, "type"),
                "BASE_TYPE_CHOICES",
                "Value must be one of {1, 2, 3, 4}.",
            );
            return;
        };
        let rule = if matches!(kind, USER | MESSAGE) {
            NameRule::Free
        } else {
            NameRule::Slash
        };
        self.name(at, fields, rule);
        match kind {
            USER | MESSAGE => {
                if fields.get("description").and_then(Value::as_str) != Some("")
                    && fields.get("description").is_some()
                {
                    self.add(
                        &path(at, "description"),
                        "APPLICATION_COMMAND_DESCRIPTION_INVALID",
                        "User and message commands cannot have a description",
                    );
                }
                if fields.get("options").is_some_and(|o| !o.is_null()) {
                    self.add(
                        &path(at, "options"),
                        "APPLICATION_COMMAND_OPTIONS_INVALID",
                        "User and message commands cannot have options",
                    );
                }
            }
            _ => self.description(at, fields),
        }
        if kind == PRIMARY_ENTRY_POINT {
            if scope == Scope::Guild {
                self.add(
                    at,
                    "APPLICATION_COMMAND_ENTRY_POINT_GUILD",
                    "Entry point commands can only be registered globally",
                );
            }
            if !matches!(fields.get("handler").and_then(Value::as_u64), Some(1 | 2)) {
                self.add(
                    &path(at, "handler"),
                    "BASE_TYPE_CHOICES",
                    "Value must be one of {1, 2}.",
                );
            }
        }
        self.list_of(at, fields, "contexts", 0..=2);
        self.list_of(at, fields, "integration_types", 0..=1);
        if kind == CHAT_INPUT {
            if let Some(options) = fields.get("options").filter(|o| !o.is_null()) {
                self.options(&path(at, "options"), options, Level::Top);
            }
            let length = characters(&Value::Object(fields.clone()));
            if length > MOST_CHARACTERS {
                self.add(
                    at,
                    "APPLICATION_COMMAND_TOO_LARGE",
                    &format!("Command exceeds maximum size ({MOST_CHARACTERS}): {length}"),
                );
            }
        }
    }

    /// `contexts` or `integration_types`: a list of known values, if present.
    fn list_of(
        &mut self,
        at: &[String],
        fields: &Map<String, Value>,
        field: &str,
        known: std::ops::RangeInclusive<u64>,
    ) {
        let Some(list) = fields.get(field).filter(|v| !v.is_null()) else {
            return;
        };
        let fine = list.as_array().is_some_and(|l| {
            l.iter()
                .all(|v| v.as_u64().is_some_and(|v| known.contains(&v)))
        });
        if !fine {
            self.add(
                &path(at, field),
                "BASE_TYPE_CHOICES",
                &format!("Values must be in {known:?}"),
            );
        }
    }

    /// `name` and `name_localizations` of a command or option.
    fn name(&mut self, at: &[String], fields: &Map<String, Value>, rule: NameRule) {
        match fields.get("name").and_then(Value::as_str) {
            Some(name) if name_is_valid(name, rule) => {}
            Some(_) => self.add(
                &path(at, "name"),
                "APPLICATION_COMMAND_INVALID_NAME",
                "Command name is invalid",
            ),
            None => self.add(
                &path(at, "name"),
                "BASE_TYPE_REQUIRED",
                "This field is required",
            ),
        }
        self.localizations(at, fields, "name_localizations", |text| {
            name_is_valid(text, rule)
        });
    }

    /// `description` (1–100) and its localisations.
    fn description(&mut self, at: &[String], fields: &Map<String, Value>) {
        let fits = |text: &str| (1..=100).contains(&text.chars().count());
        match fields.get("description").and_then(Value::as_str) {
            Some(text) if fits(text) => {}
            Some(_) => self.add(
                &path(at, "description"),
                "BASE_TYPE_BAD_LENGTH",
                "Must be between 1 and 100 in length.",
            ),
            None => self.add(
                &path(at, "description"),
                "BASE_TYPE_REQUIRED",
                "This field is required",
            ),
        }
        self.localizations(at, fields, "description_localizations", fits);
    }

    fn localizations(
        &mut self,
        at: &[String],
        fields: &Map<String, Value>,
        field: &str,
        valid: impl Fn(&str) -> bool,
    ) {
        let Some(map) = fields.get(field).filter(|v| !v.is_null()) else {
            return;
        };
        let Some(map) = map.as_object() else {
            self.add(
                &path(at, field),
                "DICT_TYPE_CONVERT",
                "Only dictionaries may be used",
            );
            return;
        };
        for (locale, text) in map {
            let here = path(&path(at, field), locale);
            if !LOCALES.contains(&locale.as_str()) {
                self.add(&here, "LOCALE_INVALID", &format!("Invalid locale {locale}"));
            }
            if !text.as_str().is_some_and(&valid) {
                self.add(
                    &here,
                    "APPLICATION_COMMAND_INVALID_LOCALIZATION",
                    &format!("Invalid {field} for {locale}: {text}"),
                );
            }
        }
    }

    /// The options at one level: their count, nesting, order and names.
    fn options(&mut self, at: &[String], options: &Value, level: Level) {
        let Some(list) = options.as_array() else {
            self.add(
                at,
                "MODEL_TYPE_CONVERT",
                "Only iterables may be used in a ListType",
            );
            return;
        };
        if list.len() > MOST_OPTIONS {
            self.add(
                at,
                "BASE_TYPE_MAX_LENGTH",
                &format!("Must be {MOST_OPTIONS} or fewer in length."),
            );
        }
        let kinds: Vec<u64> = list
            .iter()
            .map(|o| o["type"].as_u64().unwrap_or(0))
            .collect();
        let subs = kinds
            .iter()
            .filter(|k| matches!(**k, SUB_COMMAND | SUB_COMMAND_GROUP))
            .count();
        if subs > 0 && subs < list.len() {
            self.add(
                at,
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "Sub-command and sub-command group option types are mutually exclusive to all other types",
            );
        }
        let mut optional_seen = false;
        for (i, option) in list.iter().enumerate() {
            let here = path(at, &i.to_string());
            let Some(fields) = option.as_object() else {
                self.add(
                    &here,
                    "MODEL_TYPE_CONVERT",
                    "Only dictionaries may be used in a ModelType",
                );
                continue;
            };
            let kind = kinds[i];
            let allowed = match level {
                Level::Top => (SUB_COMMAND..=ATTACHMENT).contains(&kind),
                Level::Group => kind == SUB_COMMAND,
                Level::Sub => (STRING..=ATTACHMENT).contains(&kind),
            };
            if !allowed {
                self.add(
                    &path(&here, "type"),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    &format!("Option type {kind} cannot be used here ({level:?})"),
                );
            }
            let required = fields.get("required").and_then(Value::as_bool) == Some(true);
            if matches!(kind, SUB_COMMAND | SUB_COMMAND_GROUP) {
                let inner = fields.get("options").filter(|o| !o.is_null());
                let inner_level = if kind == SUB_COMMAND {
                    Level::Sub
                } else {
                    Level::Group
                };
                if let Some(inner) = inner {
                    self.options(&path(&here, "options"), inner, inner_level);
                }
            } else {
                if required && optional_seen {
                    self.add(
                        &here,
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    );
                }
                optional_seen |= !required;
                self.value_option(&here, fields, kind);
            }
            self.name(&here, fields, NameRule::Slash);
            self.description(&here, fields);
        }
        self.unique_names(at, list);
    }

    /// The fields that belong to value options only: choices, limits, channel types.
    fn value_option(&mut self, at: &[String], fields: &Map<String, Value>, kind: u64) {
        let present = |field: &str| fields.get(field).is_some_and(|v| !v.is_null());
        if let Some(choices) = fields.get("choices").filter(|c| !c.is_null()) {
            self.choices(&path(at, "choices"), choices, kind);
            let listed = choices.as_array().is_some_and(|c| !c.is_empty());
            if listed && fields.get("autocomplete").and_then(Value::as_bool) == Some(true) {
                self.add(
                    &path(at, "autocomplete"),
                    "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
                    "Autocomplete cannot be set on options with choices",
                );
            }
        }
        if fields.get("autocomplete").and_then(Value::as_bool) == Some(true)
            && !matches!(kind, STRING | INTEGER | NUMBER)
        {
            self.add(
                &path(at, "autocomplete"),
                "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
                "Autocomplete is only for string, integer and number options",
            );
        }
        for field in ["min_value", "max_value"] {
            if !present(field) {
                continue;
            }
            let fits = fields[field]
                .as_f64()
                .is_some_and(|v| v.abs() <= INTEGER_RANGE);
            if !matches!(kind, INTEGER | NUMBER) || !fits {
                self.add(
                    &path(at, field),
                    "APPLICATION_COMMAND_OPTION_INVALID",
                    &format!("{field} is only for integer and number options, within ±2^53"),
                );
            }
        }
        if let (Some(min), Some(max)) = (fields.get("min_value"), fields.get("max_value")) {
            if let (Some(min), Some(max)) = (min.as_f64(), max.as_f64()) {
                if min > max {
                    self.add(
                        &path(at, "min_value"),
                        "APPLICATION_COMMAND_OPTION_INVALID",
                        "min_value must not exceed max_value",
                    );
                }
            }
        }
        for (field, least) in [("min_length", 0), ("max_length", 1)] {
            if !present(field) {
                continue;
            }
            let fits = fields[field]
                .as_u64()
                .is_some_and(|v| (least..=6_000).contains(&v));
            if kind != STRING || !fits {
                self.add(
                    &path(at, field),
                    "APPLICATION_COMMAND_OPTION_INVALID",
                    &format!("{field} is only for string options, {least} to 6000"),
                );
            }
        }
        // serenity sends an empty list on every option, which Discord takes.
        let channel_types = fields
            .get("channel_types")
            .and_then(Value::as_array)
            .is_some_and(|l| !l.is_empty());
        if channel_types && kind != CHANNEL {
            self.add(
                &path(at, "channel_types"),
                "APPLICATION_COMMAND_OPTION_INVALID",
                "channel_types is only for channel options",
            );
        }
    }

    fn choices(&mut self, at: &[String], choices: &Value, kind: u64) {
        let Some(list) = choices.as_array() else {
            self.add(
                at,
                "MODEL_TYPE_CONVERT",
                "Only iterables may be used in a ListType",
            );
            return;
        };
        if !list.is_empty() && !matches!(kind, STRING | INTEGER | NUMBER) {
            self.add(
                at,
                "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
                "Choices are only for string, integer and number options",
            );
        }
        if list.len() > MOST_CHOICES {
            self.add(
                at,
                "BASE_TYPE_MAX_LENGTH",
                &format!("Must be {MOST_CHOICES} or fewer in length."),
            );
        }
        let fits = |text: &str| (1..=100).contains(&text.chars().count());
        for (i, choice) in list.iter().enumerate() {
            let here = path(at, &i.to_string());
            let Some(fields) = choice.as_object() else {
                self.add(
                    &here,
                    "MODEL_TYPE_CONVERT",
                    "Only dictionaries may be used in a ModelType",
                );
                continue;
            };
            if !fields.get("name").and_then(Value::as_str).is_some_and(fits) {
                self.add(
                    &path(&here, "name"),
                    "BASE_TYPE_BAD_LENGTH",
                    "Must be between 1 and 100 in length.",
                );
            }
            self.localizations(&here, fields, "name_localizations", fits);
            let value = &fields.get("value").cloned().unwrap_or(Value::Null);
            let good = match kind {
                STRING => value.as_str().is_some_and(fits),
                INTEGER => value
                    .as_i64()
                    .is_some_and(|v| (v.unsigned_abs() as f64) <= INTEGER_RANGE),
                NUMBER => value.as_f64().is_some(),
                _ => true,
            };
            if !good {
                self.add(
                    &path(&here, "value"),
                    "BASE_TYPE_BAD_TYPE",
                    &format!("A choice's value must fit its option of type {kind}"),
                );
            }
        }
    }

    /// Names, and each locale's localised names, unique among the options of one level.
    fn unique_names(&mut self, at: &[String], list: &[Value]) {
        let mut seen: Vec<(String, String)> = Vec::new();
        for (i, option) in list.iter().enumerate() {
            let mut names = vec![(
                String::new(),
                option["name"].as_str().unwrap_or("").to_owned(),
            )];
            if let Some(map) = option["name_localizations"].as_object() {
                names.extend(
                    map.iter()
                        .map(|(l, n)| (l.clone(), n.as_str().unwrap_or("").to_owned())),
                );
            }
            for name in names {
                if seen.contains(&name) {
                    self.add(
                        &path(at, &i.to_string()),
                        "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                        &format!("Option name {} is already used ({})", name.1, name.0),
                    );
                }
                seen.push(name);
            }
        }
    }
}

/// Which options a level may hold.
#[derive(Clone, Copy, Debug)]
enum Level {
    /// A command's own options: subcommands, groups, or value options (not mixed).
    Top,
    /// A subcommand group's: subcommands only.
    Group,
    /// A subcommand's: value options only.
    Sub,
}

fn path(at: &[String], step: &str) -> Vec<String> {
    let mut longer = at.to_vec();
    longer.push(step.to_owned());
    longer
}

/// A command's size as Discord counts it: the names, descriptions and choice values of the
/// command, its options (subcommands and groups included) and choices, each field counted
/// at its longest among the default and its localisations.
fn characters(thing: &Value) -> usize {
    let longest = |field: &str, localised: &str| {
        let mut most = thing[field].as_str().map_or(0, |s| s.chars().count());
        if let Some(map) = thing[localised].as_object() {
            for text in map.values() {
                most = most.max(text.as_str().map_or(0, |s| s.chars().count()));
            }
        }
        most
    };
    let mut total =
        longest("name", "name_localizations") + longest("description", "description_localizations");
    for choice in thing["choices"].as_array().into_iter().flatten() {
        total += characters(choice);
        total += match &choice["value"] {
            Value::String(s) => s.chars().count(),
            other => other.to_string().chars().count(),
        };
    }
    for option in thing["options"].as_array().into_iter().flatten() {
        total += characters(option);
    }
    total
}
