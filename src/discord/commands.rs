//! The slash commands, defined once from the games' own tables (game names, option keys and
//! values), and their registration.

use serenity::all::{
    Command as DiscordCommand, CommandOptionType, CommandType, CreateCommand, CreateCommandOption,
    EntryPointHandlerType, GuildId, Http, InstallationContext, InteractionContext,
};

use crate::games::GameKind;
use crate::i18n::{self, Arg, Lang};
use crate::play::timing::DAY_CHOICES;
use crate::store::{Notify, TournamentHosts};

/// The commands that make sense in a direct message with the bot: they read or change only
/// the caller's own things. Every other command is about a game, which is played on a server
/// where all its players (and spectators) can see the board; those are offered only there.
pub const ANYWHERE: [&str; 9] = [
    "help",
    "rules",
    "games",
    "settings",
    "rating",
    "leaderboard",
    "profile",
    "privacy",
    "forget-me",
];

/// Whether the command `name` is offered (and answered) in the bot's direct messages.
#[must_use]
pub fn works_in_dms(name: &str) -> bool {
    ANYWHERE.contains(&name)
}

/// A command, registered for servers that installed the bot, and offered in the bot's DMs
/// too when [`works_in_dms`] says so. Without `contexts` Discord offers a command
/// everywhere, including DMs where a challenged player could never see the game. Its
/// description, and its name and description in every translated language, come from the
/// catalogue (`cmd-<name>`); Discord still sends the English name, which the code reads.
fn new_command(name: &str) -> CreateCommand {
    let contexts = if works_in_dms(name) {
        vec![InteractionContext::Guild, InteractionContext::BotDm]
    } else {
        vec![InteractionContext::Guild]
    };
    let id = format!("cmd-{name}");
    Lang::TRANSLATED.iter().fold(
        CreateCommand::new(name)
            .description(description(Lang::En, &id))
            .integration_types(vec![InstallationContext::Guild])
            .contexts(contexts),
        |command, &lang| {
            command
                .name_localized(lang.discord_locale(), i18n::text(lang, &id))
                .description_localized(lang.discord_locale(), description(lang, &id))
        },
    )
}

/// Discord's limit on a description's length.
const DESCRIPTION_MAX: usize = 100;

/// A description cut to Discord's limit.
fn describe(text: &str) -> String {
    if text.chars().count() <= DESCRIPTION_MAX {
        return text.to_owned();
    }
    let cut: String = text.chars().take(DESCRIPTION_MAX - 1).collect();
    format!("{cut}…")
}

/// The description (`<id>.desc`) of a command or option in `lang`, within Discord's limit.
fn description(lang: Lang, id: &str) -> String {
    describe(&i18n::text(lang, &format!("{id}.desc")))
}

/// An option named `name` in the code (and in English), localised from the catalogue's
/// `id`: its name, and its description `id.desc`.
fn option(kind: CommandOptionType, name: &str, id: &str) -> CreateCommandOption {
    Lang::TRANSLATED.iter().fold(
        CreateCommandOption::new(kind, name, description(Lang::En, id)),
        |option, &lang| {
            option
                .name_localized(lang.discord_locale(), i18n::text(lang, id))
                .description_localized(lang.discord_locale(), description(lang, id))
        },
    )
}

/// The labels of a choice in every translated language.
fn labels(id: &str, args: &[(&str, Arg)]) -> Vec<(&'static str, String)> {
    Lang::TRANSLATED
        .iter()
        .map(|&lang| (lang.discord_locale(), i18n::text_with(lang, id, args)))
        .collect()
}

/// Adds the choice `value`, labelled by the catalogue's `id`.
fn choice(option: CreateCommandOption, id: &str, value: &str) -> CreateCommandOption {
    option.add_string_choice_localized(i18n::text(Lang::En, id), value, labels(id, &[]))
}

/// Adds the choices `(label id, value)` in order.
fn choices(option: CreateCommandOption, all: &[(&str, &str)]) -> CreateCommandOption {
    all.iter()
        .fold(option, |option, (id, value)| choice(option, id, value))
}

fn game_choice(required: bool) -> CreateCommandOption {
    GameKind::ALL.iter().fold(
        option(CommandOptionType::String, "game", "opt-game").required(required),
        |option, kind| {
            let id = format!("game-{}", kind.name());
            choice(option, &id, kind.name())
        },
    )
}

/// `game:` on `/puzzle`: the games that have puzzles (Skakanie has none).
fn puzzle_game() -> CreateCommandOption {
    GameKind::ALL
        .iter()
        .filter(|kind| crate::ai::puzzle::most_moves(**kind) > 0)
        .fold(
            option(CommandOptionType::String, "game", "opt-puzzle-game"),
            |option, kind| {
                let id = format!("game-{}", kind.name());
                choice(option, &id, kind.name())
            },
        )
}

/// `game:` on commands that act on one of the caller's games, suggested as they type.
fn game_number() -> CreateCommandOption {
    option(CommandOptionType::Integer, "game", "opt-game-number").set_autocomplete(true)
}

/// `answer:` on a proposal command: `propose` is the catalogue id of the first choice's
/// label (Offer, Request, Propose); its value is that label's English word in lowercase.
fn answer(propose: &str) -> CreateCommandOption {
    let value = i18n::text(Lang::En, propose).to_lowercase();
    choices(
        option(CommandOptionType::String, "answer", "opt-answer"),
        &[
            (propose, &value),
            ("choice-accept", "accept"),
            ("choice-decline", "decline"),
        ],
    )
}

/// `/play`: the game, the opponent, the seat, and every option key of every game as a
/// string choice (a key belongs to the games whose tables list it; the play layer rejects
/// a key the chosen game does not have, with the list of its keys). Game option keys keep
/// their names in every language (they are notation, shown as typed in records and
/// pictures); their descriptions are translated.
fn play() -> CreateCommand {
    let seat = choices(
        option(CommandOptionType::String, "seat", "opt-seat"),
        &[
            ("choice-seat-random", "random"),
            ("choice-seat-first", "first"),
            ("choice-seat-second", "second"),
        ],
    );
    let rated = choices(
        option(CommandOptionType::String, "rated", "opt-rated"),
        &[("choice-rated-yes", "yes"), ("choice-rated-no", "no")],
    );
    let days = DAY_CHOICES.iter().fold(
        choice(
            option(CommandOptionType::String, "days", "opt-days"),
            "choice-days-none",
            "none",
        ),
        |option, days| {
            let args = [("count", Arg::from(*days))];
            let label = i18n::text_with(Lang::En, "choice-days-per-move", &args);
            option.add_string_choice_localized(
                label,
                days.to_string(),
                labels("choice-days-per-move", &args),
            )
        },
    );
    let mut command = new_command("play")
        .add_option(game_choice(true))
        .add_option(option(CommandOptionType::User, "opponent", "opt-opponent"))
        .add_option(option(
            CommandOptionType::User,
            "opponent2",
            "opt-opponent2",
        ))
        .add_option(option(
            CommandOptionType::User,
            "opponent3",
            "opt-opponent3",
        ))
        .add_option(
            option(CommandOptionType::Integer, "level", "opt-level")
                .min_int_value(1)
                .max_int_value(5),
        )
        .add_option(
            option(CommandOptionType::Integer, "computers", "opt-computers")
                .min_int_value(1)
                .max_int_value(3),
        )
        .add_option(seat)
        .add_option(rated)
        .add_option(days);
    let mut seen: Vec<&str> = Vec::new();
    for kind in GameKind::ALL {
        for spec in kind.info().options {
            if seen.contains(&spec.key) {
                continue;
            }
            seen.push(spec.key);
            let help = format!("gameopt-{}-{}", kind.name(), spec.key);
            let describe_in = |lang: Lang| {
                let args = [
                    ("game", Arg::from(i18n::game_title(lang, kind))),
                    ("help", Arg::from(i18n::text(lang, &help))),
                ];
                describe(&i18n::text_with(lang, "game-option", &args))
            };
            let choices: &[&str] = if spec.free_form { &[] } else { spec.values };
            let option = Lang::TRANSLATED.iter().fold(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    spec.key,
                    describe_in(Lang::En),
                ),
                |option, &lang| {
                    option.description_localized(lang.discord_locale(), describe_in(lang))
                },
            );
            let option = choices.iter().take(25).fold(option, |option, value| {
                option.add_string_choice(*value, *value)
            });
            command = command.add_option(option);
        }
    }
    command
}

/// `/settings`: where a player hears of their turn, the language they read, and (for server
/// admins) threads.
fn settings() -> CreateCommand {
    let notify = Notify::ALL.iter().fold(
        option(CommandOptionType::String, "notify", "opt-notify"),
        |option, (notify, name)| {
            let id = match notify {
                Notify::Channel => "choice-notify-channel",
                Notify::Dm => "choice-notify-dm",
                Notify::Off => "choice-notify-off",
            };
            choice(option, id, name)
        },
    );
    let threads = choices(
        option(CommandOptionType::String, "threads", "opt-threads"),
        &[("choice-threads-on", "on"), ("choice-threads-off", "off")],
    );
    // A language is offered by its own name, the same in every language.
    let languages = |option: CreateCommandOption| {
        Lang::ALL.iter().fold(option, |option, lang| {
            option.add_string_choice(lang.native_name(), lang.code())
        })
    };
    let tournaments = TournamentHosts::ALL.iter().fold(
        option(CommandOptionType::String, "tournaments", "opt-tournaments"),
        |option, (_, name)| choice(option, &format!("choice-tournaments-{name}"), name),
    );
    new_command("settings")
        .add_option(notify)
        .add_option(languages(option(
            CommandOptionType::String,
            "language",
            "opt-language",
        )))
        .add_option(threads)
        .add_option(languages(option(
            CommandOptionType::String,
            "server_language",
            "opt-server-language",
        )))
        .add_option(tournaments)
}

/// A subcommand of `/tournament`, named and described from `tournament-action-<name>`.
fn subcommand(name: &str) -> CreateCommandOption {
    option(
        CommandOptionType::SubCommand,
        name,
        &format!("tournament-action-{name}"),
    )
}

/// `tournament:` on the subcommands that act on one: its number (the only live one of the
/// server when left out).
fn tournament_number() -> CreateCommandOption {
    option(CommandOptionType::Integer, "id", "opt-tournament-id").min_int_value(1)
}

/// `/tournament`: create, join, leave, start, cancel, remove, show, list.
fn tournament() -> CreateCommand {
    let format = choices(
        option(CommandOptionType::String, "format", "opt-format").required(true),
        &[
            ("choice-format-round-robin", "round-robin"),
            ("choice-format-swiss", "swiss"),
        ],
    );
    let yes_no = |name: &str, id: &str, yes: &str, no: &str| {
        choices(
            option(CommandOptionType::String, name, id),
            &[(yes, "yes"), (no, "no")],
        )
    };
    let days = DAY_CHOICES.iter().fold(
        option(CommandOptionType::Integer, "days", "opt-days"),
        |option, days| {
            let args = [("count", Arg::from(*days))];
            let label = i18n::text_with(Lang::En, "choice-days-per-move", &args);
            option.add_int_choice_localized(
                label,
                i32::from(*days),
                labels("choice-days-per-move", &args),
            )
        },
    );
    let create = subcommand("create")
        .add_sub_option(game_choice(true))
        .add_sub_option(format)
        .add_sub_option(
            option(CommandOptionType::Integer, "rounds", "opt-rounds")
                .min_int_value(1)
                .max_int_value(20),
        )
        .add_sub_option(days)
        .add_sub_option(yes_no(
            "rated",
            "opt-rated",
            "choice-rated-yes",
            "choice-rated-no",
        ))
        .add_sub_option(
            option(CommandOptionType::Integer, "max", "opt-max")
                .min_int_value(2)
                .max_int_value(crate::store::MAX_TOURNAMENT_PLAYERS as u64),
        )
        .add_sub_option(option(CommandOptionType::String, "starts", "opt-starts"))
        .add_sub_option(
            option(CommandOptionType::Integer, "seats", "opt-seats")
                .min_int_value(2)
                .max_int_value(4),
        )
        .add_sub_option(yes_no(
            "double",
            "opt-double",
            "choice-double-yes",
            "choice-double-no",
        ))
        .add_sub_option(yes_no(
            "together",
            "opt-together",
            "choice-together-yes",
            "choice-together-no",
        ))
        .add_sub_option(option(CommandOptionType::String, "options", "opt-options"));
    let on_one = |name: &str| subcommand(name).add_sub_option(tournament_number());
    new_command("tournament")
        .add_option(create)
        .add_option(on_one("join"))
        .add_option(on_one("leave"))
        .add_option(on_one("start"))
        .add_option(on_one("cancel"))
        // Discord refuses a required option after an optional one (and with it the whole
        // registration): the player to remove comes before the tournament's number.
        .add_option(
            subcommand("remove")
                .add_sub_option(
                    option(CommandOptionType::User, "user", "opt-tournament-user").required(true),
                )
                .add_sub_option(tournament_number()),
        )
        .add_option(on_one("show"))
        .add_option(subcommand("list"))
}

/// Every command, as registered.
#[must_use]
pub fn definitions() -> Vec<CreateCommand> {
    let on_game = |name: &str| new_command(name).add_option(game_number());
    vec![
        play(),
        on_game("accept"),
        on_game("decline"),
        on_game("cancel"),
        on_game("leave"),
        on_game("start"),
        new_command("move")
            .add_option(
                option(CommandOptionType::String, "move", "opt-move")
                    .required(true)
                    .set_autocomplete(true),
            )
            .add_option(game_number()),
        on_game("board"),
        new_command("games"),
        on_game("resign"),
        on_game("draw").add_option(answer("choice-offer")),
        on_game("takeback").add_option(answer("choice-request")),
        on_game("claim"),
        on_game("pause").add_option(answer("choice-propose")),
        on_game("resume"),
        on_game("history"),
        on_game("analyse"),
        new_command("puzzle")
            .add_option(puzzle_game())
            .add_option(option(CommandOptionType::Boolean, "daily", "opt-daily"))
            .add_option(option(
                CommandOptionType::String,
                "answer",
                "opt-puzzle-answer",
            )),
        on_game("web").add_option(option(CommandOptionType::Boolean, "revoke", "opt-revoke")),
        settings(),
        new_command("rules")
            .add_option(game_choice(false))
            .add_option(
                option(CommandOptionType::Integer, "page", "opt-page")
                    .min_int_value(1)
                    .max_int_value(i18n::guides::most_pages() as u64),
            ),
        new_command("help"),
        on_game("abort"),
        new_command("rating")
            .add_option(option(CommandOptionType::User, "user", "opt-rating-user"))
            .add_option(game_choice(false)),
        new_command("leaderboard")
            .add_option(game_choice(true))
            .add_option(choices(
                option(CommandOptionType::String, "scope", "opt-scope"),
                &[
                    ("choice-scope-server", "server"),
                    ("choice-scope-global", "global"),
                ],
            )),
        new_command("profile").add_option(option(
            CommandOptionType::User,
            "user",
            "opt-profile-user",
        )),
        new_command("privacy"),
        new_command("forget-me"),
        tournament(),
    ]
}

/// The Activity's entry point: the command Discord shows in its App Launcher, which Discord
/// answers itself by launching the Activity. Discord keeps one per application with
/// Activities on, and refuses a global overwrite of the commands that leaves it out.
pub fn entry_point() -> CreateCommand {
    new_command("launch")
        .kind(CommandType::PrimaryEntryPoint)
        .handler(EntryPointHandlerType::DiscordLaunchActivity)
}

/// What [`register`] registers: every command, and globally with the Activity on, its
/// entry point.
#[must_use]
pub fn registered(guild: Option<u64>, activity: bool) -> Vec<CreateCommand> {
    let mut commands = definitions();
    if activity && guild.is_none() {
        commands.push(entry_point());
    }
    commands
}

/// Registers the commands: to `guild` when given (changes show at once, for development),
/// else globally. Both overwrite the whole set, so a removed command disappears. With
/// `activity`, the global set also has the Activity's [`entry_point`] (Discord takes entry
/// points only globally). Returns how many were registered.
///
/// # Errors
/// Discord refused or could not be reached.
pub async fn register(http: &Http, guild: Option<u64>, activity: bool) -> serenity::Result<usize> {
    let commands = registered(guild, activity);
    let count = commands.len();
    match guild {
        Some(guild) => {
            let set = GuildId::new(guild).set_commands(http, commands);
            crate::ops::rest::observe("register_commands", set).await?
        }
        None => {
            let set = DiscordCommand::set_global_commands(http, commands);
            crate::ops::rest::observe("register_commands", set).await?
        }
    };
    Ok(count)
}

/// [`register`], trying again while Discord cannot be reached, and saying what was done
/// (or why not) on the log: a server admin starting the bot sees that the commands are in
/// place, and where.
pub async fn register_and_say(http: &Http, guild: Option<u64>, activity: bool) {
    let registered = super::reach::with_retries("register the slash commands", || {
        register(http, guild, activity)
    })
    .await;
    match (registered, guild) {
        (Ok(count), Some(guild)) => {
            tracing::info!("registered {count} slash commands in the server {guild}");
        }
        (Ok(count), None) => tracing::info!(
            "registered {count} slash commands globally (Discord may take a while to show changes)"
        ),
        (Err(error), _) => tracing::error!(
            "Discord refused the slash commands: {}",
            refusal_details(&error)
        ),
    }
}

/// What Discord said of a refused registration: its message and, for an invalid body
/// (50035), each field it refused with the rule broken (`options.1: Required options must
/// be placed before non-required options`), so an admin's log says which command to fix.
#[must_use]
pub fn refusal_details(error: &serenity::Error) -> String {
    let serenity::Error::Http(serenity::all::HttpError::UnsuccessfulRequest(response)) = error
    else {
        return error.to_string();
    };
    let mut said = format!(
        "{} (HTTP {}, code {})",
        response.error.message,
        response.status_code.as_u16(),
        response.error.code
    );
    for field in &response.error.errors {
        said.push_str(&format!("; {}: {}", field.path, field.message));
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_activity_adds_its_entry_point_to_the_global_commands_only() {
        let entry = |commands: Vec<CreateCommand>| {
            let json = serde_json::to_value(commands).unwrap();
            json.as_array()
                .unwrap()
                .iter()
                .filter(|c| c["type"] == 4)
                .cloned()
                .collect::<Vec<_>>()
        };
        let global = entry(registered(None, true));
        assert_eq!(global.len(), 1);
        assert_eq!(
            global[0]["handler"], 2,
            "Discord launches the Activity itself"
        );
        assert_eq!(global[0]["name"], "launch");
        assert_eq!(global[0]["name_localizations"]["ru"], "запуск");
        assert!(entry(registered(Some(5), true)).is_empty());
        assert!(entry(registered(None, false)).is_empty());
    }

    #[test]
    fn definitions_fit_discords_limits() {
        let json = serde_json::to_value(definitions()).unwrap();
        let commands = json.as_array().unwrap();
        assert_eq!(
            commands.len(),
            crate::play::COMMANDS.len(),
            "one per play command"
        );
        for command in commands {
            let name = command["name"].as_str().unwrap();
            assert!(crate::play::COMMANDS.contains(&name), "{name}");
            assert!(command["description"].as_str().unwrap().chars().count() <= 100);
            let options = command["options"].as_array().cloned().unwrap_or_default();
            assert!(options.len() <= 25, "{name}");
            for option in options {
                assert!(option["description"].as_str().unwrap().chars().count() <= 100);
                let choices = option["choices"].as_array().map_or(0, Vec::len);
                assert!(choices <= 25);
            }
        }
    }

    /// The options Discord offers for each command are the ones the parser reads and names
    /// in its refusals (`/play` also offers its games' options, which the games read).
    #[test]
    fn every_command_offers_the_options_the_parser_reads() {
        let json = serde_json::to_value(definitions()).unwrap();
        for command in json.as_array().unwrap() {
            let name = command["name"].as_str().unwrap();
            // A subcommand is read as `action:` with its own options beside it.
            let mut offered = std::collections::BTreeSet::new();
            for option in command["options"].as_array().into_iter().flatten() {
                if option["type"] == 1 {
                    offered.insert("action");
                    for inner in option["options"].as_array().into_iter().flatten() {
                        offered.insert(inner["name"].as_str().unwrap());
                    }
                } else {
                    offered.insert(option["name"].as_str().unwrap());
                }
            }
            let read: std::collections::BTreeSet<&str> =
                crate::play::command_options(name).iter().copied().collect();
            if name == "play" {
                assert!(offered.is_superset(&read), "{name}: {offered:?} {read:?}");
            } else {
                assert_eq!(offered, read, "/{name}");
            }
        }
    }

    /// Discord's rule for a command or option name in a locale: 1-32 characters, letters
    /// (lowercase where the script has case), digits, `-`, `_` and `'`.
    fn valid_name(name: &str) -> bool {
        (1..=32).contains(&name.chars().count())
            && name
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '\''))
            && name.to_lowercase() == name
    }

    /// Each localisation of `thing` (`name_localizations` or `description_localizations`):
    /// present for every translated language, and valid.
    fn localisations<'a>(
        thing: &'a serde_json::Value,
        field: &str,
        valid: impl Fn(&str) -> bool,
    ) -> Vec<(&'a str, &'a str)> {
        let map = thing[field]
            .as_object()
            .unwrap_or_else(|| panic!("{field} in {thing}"));
        Lang::TRANSLATED
            .iter()
            .map(|lang| {
                let (locale, text) = map
                    .get_key_value(lang.discord_locale())
                    .unwrap_or_else(|| panic!("no {lang} in {field} of {}", thing["name"]));
                let text = text.as_str().unwrap();
                assert!(
                    valid(text),
                    "{field} {locale}: {text:?} in {}",
                    thing["name"]
                );
                (locale.as_str(), text)
            })
            .collect()
    }

    #[test]
    fn every_command_option_and_choice_is_localised_within_discords_rules() {
        let json = serde_json::to_value(definitions()).unwrap();
        let description = |text: &str| (1..=100).contains(&text.chars().count());
        let mut command_names: Vec<(&str, &str)> = Vec::new();
        for command in json.as_array().unwrap() {
            assert!(valid_name(command["name"].as_str().unwrap()));
            command_names.extend(localisations(command, "name_localizations", valid_name));
            localisations(command, "description_localizations", description);
            let mut option_names: Vec<(&str, &str)> = Vec::new();
            for option in command["options"].as_array().into_iter().flatten() {
                let key = option["name"].as_str().unwrap();
                // Game option keys are notation: the same name in every language.
                if option
                    .get("name_localizations")
                    .is_some_and(|m| !m.is_null())
                {
                    option_names.extend(localisations(option, "name_localizations", valid_name));
                } else {
                    assert!(
                        GameKind::ALL
                            .iter()
                            .any(|k| k.info().options.iter().any(|o| o.key == key)),
                        "option {key} of {} has no localised name",
                        command["name"]
                    );
                    option_names.extend(Lang::TRANSLATED.map(|l| (l.discord_locale(), key)));
                }
                localisations(option, "description_localizations", description);
                for choice in option["choices"].as_array().into_iter().flatten() {
                    assert!(description(choice["name"].as_str().unwrap()));
                    let is_language = Lang::ALL.iter().any(|l| choice["value"] == l.code());
                    let is_value = choice["name"] == choice["value"];
                    if !is_language && !is_value {
                        localisations(choice, "name_localizations", description);
                    }
                }
            }
            let mut unique = option_names.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(
                unique.len(),
                option_names.len(),
                "{}: {option_names:?}",
                command["name"]
            );
        }
        let mut unique = command_names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), command_names.len(), "{command_names:?}");
    }

    #[test]
    fn play_offers_the_computers_level_and_count_as_bounded_integers() {
        let json = serde_json::to_value(play()).unwrap();
        let options = json["options"].as_array().unwrap();
        for (name, max) in [("level", 5), ("computers", 3)] {
            let option = options.iter().find(|o| o["name"] == name).unwrap();
            assert_eq!(option["type"], 4, "{name} is an integer");
            assert_eq!(option["min_value"], 1);
            assert_eq!(option["max_value"], max);
        }
    }

    #[test]
    fn play_offers_every_option_of_every_game() {
        let json = serde_json::to_value(play()).unwrap();
        let names: Vec<&str> = json["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        for kind in GameKind::ALL {
            for spec in kind.info().options {
                assert!(names.contains(&spec.key), "{}", spec.key);
            }
        }
        // A key whose values are only examples is typed freely.
        let handicap = json["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == "handicap")
            .unwrap();
        assert!(handicap
            .get("choices")
            .is_none_or(|c| c.as_array().unwrap().is_empty()));
    }
}
