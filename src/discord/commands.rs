//! The slash commands, defined once from the games' own tables (game names, option keys and
//! values), and their registration.

use serenity::all::{
    Command as DiscordCommand, CommandOptionType, CreateCommand, CreateCommandOption, GuildId,
    Http, InstallationContext, InteractionContext,
};

use crate::games::GameKind;
use crate::play::timing::DAY_CHOICES;
use crate::store::Notify;

/// The commands that make sense in a direct message with the bot: they read or change only
/// the caller's own things. Every other command is about a game, which is played on a server
/// where all its players (and spectators) can see the board; those are offered only there.
pub const ANYWHERE: [&str; 7] = [
    "help",
    "rules",
    "games",
    "settings",
    "rating",
    "leaderboard",
    "profile",
];

/// Whether the command `name` is offered (and answered) in the bot's direct messages.
#[must_use]
pub fn works_in_dms(name: &str) -> bool {
    ANYWHERE.contains(&name)
}

/// A command, registered for servers that installed the bot, and offered in the bot's DMs
/// too when [`works_in_dms`] says so. Without `contexts` Discord offers a command
/// everywhere, including DMs where a challenged player could never see the game.
fn new_command(name: &str) -> CreateCommand {
    let contexts = if works_in_dms(name) {
        vec![InteractionContext::Guild, InteractionContext::BotDm]
    } else {
        vec![InteractionContext::Guild]
    };
    CreateCommand::new(name)
        .integration_types(vec![InstallationContext::Guild])
        .contexts(contexts)
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

fn game_choice(required: bool) -> CreateCommandOption {
    GameKind::ALL.iter().fold(
        CreateCommandOption::new(CommandOptionType::String, "game", "Which game")
            .required(required),
        |option, kind| option.add_string_choice(kind.info().title, kind.name()),
    )
}

/// The most pages any game's rules have: the highest `page:` /rules offers.
fn max_rules_pages() -> u64 {
    GameKind::ALL
        .iter()
        .map(|k| k.info().guide.len() as u64)
        .max()
        .unwrap_or(1)
}

/// `game:` on commands that act on one of the caller's games, suggested as they type.
fn game_number() -> CreateCommandOption {
    CreateCommandOption::new(
        CommandOptionType::Integer,
        "game",
        "Which of your games (needed only when you have several here)",
    )
    .set_autocomplete(true)
}

fn answer(propose: &str) -> CreateCommandOption {
    CreateCommandOption::new(
        CommandOptionType::String,
        "answer",
        "Propose, accept or decline",
    )
    .add_string_choice(propose, propose.to_lowercase())
    .add_string_choice("Accept", "accept")
    .add_string_choice("Decline", "decline")
}

/// `/play`: the game, the opponent, the seat, and every option key of every game as a
/// string choice (a key belongs to the games whose tables list it; the play layer rejects
/// a key the chosen game does not have, with the list of its keys).
fn play() -> CreateCommand {
    let mut command = new_command("play")
        .description("Challenge someone (or, without an opponent, anyone in this channel)")
        .add_option(game_choice(true))
        .add_option(CreateCommandOption::new(
            CommandOptionType::User,
            "opponent",
            "Who you challenge (Leapfrog itself: the computer); leave out for an open challenge",
        ))
        .add_option(CreateCommandOption::new(
            CommandOptionType::User,
            "opponent2",
            "Skakanie: a second opponent",
        ))
        .add_option(CreateCommandOption::new(
            CommandOptionType::User,
            "opponent3",
            "Skakanie: a third opponent",
        ))
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::Integer,
                "level",
                "The computer's strength: 1 beginner to 5 strongest (3 by default)",
            )
            .min_int_value(1)
            .max_int_value(5),
        )
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::Integer,
                "computers",
                "Play the computer: how many computer opponents (Skakanie: up to 3)",
            )
            .min_int_value(1)
            .max_int_value(3),
        )
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::String,
                "seat",
                "Your seat (random by default)",
            )
            .add_string_choice("Random", "random")
            .add_string_choice("First (White, South): moves first", "first")
            .add_string_choice("Second (Black, North)", "second"),
        )
        .add_option(
            CreateCommandOption::new(
                CommandOptionType::String,
                "rated",
                "Whether the result changes ratings (yes between people by default)",
            )
            .add_string_choice("Rated", "yes")
            .add_string_choice("Unrated", "no"),
        )
        .add_option(
            DAY_CHOICES.iter().fold(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "days",
                    "Time per move (correspondence play); none by default",
                )
                .add_string_choice("No clock", "none"),
                |option, days| {
                    let label = format!("{} per move", crate::words::count(*days, "day"));
                    option.add_string_choice(label, days.to_string())
                },
            ),
        );
    let mut seen: Vec<&str> = Vec::new();
    for kind in GameKind::ALL {
        for spec in kind.info().options {
            if seen.contains(&spec.key) {
                continue;
            }
            seen.push(spec.key);
            let description = format!("{}: {}", kind.info().title, spec.help);
            let choices: &[&str] = if spec.free_form { &[] } else { spec.values };
            let option = choices.iter().take(25).fold(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    spec.key,
                    describe(&description),
                ),
                |option, value| option.add_string_choice(*value, *value),
            );
            command = command.add_option(option);
        }
    }
    command
}

/// Every command, as registered.
#[must_use]
pub fn definitions() -> Vec<CreateCommand> {
    let on_game = |name: &str, description: &str| {
        new_command(name)
            .description(description)
            .add_option(game_number())
    };
    vec![
        play(),
        on_game("accept", "Accept a challenge"),
        on_game(
            "decline",
            "Decline a challenge addressed to you, or leave a table you joined",
        ),
        on_game("cancel", "Withdraw your challenge"),
        on_game(
            "leave",
            "Leave a Skakanie table you joined, before it starts",
        ),
        on_game("start", "Start your Skakanie table with who has joined"),
        new_command("move")
            .description("Play a move")
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "move",
                    "Your move, like e3-h6",
                )
                .required(true)
                .set_autocomplete(true),
            )
            .add_option(game_number()),
        on_game("board", "Show a game's board"),
        new_command("games").description("Your games and whose turn it is"),
        on_game("resign", "Give up a game"),
        on_game("draw", "Offer a draw, or answer an offer").add_option(answer("Offer")),
        on_game("takeback", "Ask to take back your last move, or answer")
            .add_option(answer("Request")),
        on_game("claim", "Claim the win from a player who ran out of time"),
        on_game(
            "pause",
            "Propose to pause a game's clock (vacation), or answer",
        )
        .add_option(answer("Propose")),
        on_game("resume", "Start a paused game's clock again"),
        on_game(
            "history",
            "A game's record and animated replay (any game, by number)",
        ),
        new_command("settings")
            .description("How you hear of your turn and of reminders")
            .add_option(Notify::ALL.iter().fold(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "notify",
                    "Where your turn and reminders reach you",
                ),
                |option, (notify, name)| {
                    let label = match notify {
                        Notify::Channel => "A mention in the game's channel",
                        Notify::Dm => "A direct message",
                        Notify::Off => "Not at all",
                    };
                    option.add_string_choice(label, *name)
                },
            ))
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "threads",
                    "Server admins: a thread per game for its boards (on by default)",
                )
                .add_string_choice("On: a thread per game", "on")
                .add_string_choice("Off: boards in the channel", "off"),
            ),
        new_command("rules")
            .description("How to play a game, page by page, with its options")
            .add_option(game_choice(false))
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::Integer,
                    "page",
                    "Which page of the rules (the first by default)",
                )
                .min_int_value(1)
                .max_int_value(max_rules_pages()),
            ),
        new_command("help").description("What Leapfrog can do"),
        on_game(
            "abort",
            "End a game before every side has moved: no result, no rating change",
        ),
        new_command("rating")
            .description("A player's ratings (yours by default)")
            .add_option(CreateCommandOption::new(
                CommandOptionType::User,
                "user",
                "Whose ratings (yours by default)",
            ))
            .add_option(game_choice(false)),
        new_command("leaderboard")
            .description("A game's best-rated players")
            .add_option(game_choice(true))
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "scope",
                    "This server's players (the default on a server) or everyone's",
                )
                .add_string_choice("This server", "server")
                .add_string_choice("Global", "global"),
            ),
        new_command("profile")
            .description("A player's games, results, streaks and rating history")
            .add_option(CreateCommandOption::new(
                CommandOptionType::User,
                "user",
                "Whose profile (yours by default)",
            )),
    ]
}

/// Registers the commands: to `guild` when given (changes show at once, for development),
/// else globally. Both overwrite the whole set, so a removed command disappears. Returns
/// how many were registered.
///
/// # Errors
/// Discord refused or could not be reached.
pub async fn register(http: &Http, guild: Option<u64>) -> serenity::Result<usize> {
    let commands = definitions();
    let count = commands.len();
    match guild {
        Some(guild) => GuildId::new(guild).set_commands(http, commands).await?,
        None => DiscordCommand::set_global_commands(http, commands).await?,
    };
    Ok(count)
}

/// [`register`], trying again while Discord cannot be reached, and saying what was done
/// (or why not) on the log: a server admin starting the bot sees that the commands are in
/// place, and where.
pub async fn register_and_say(http: &Http, guild: Option<u64>) {
    let registered =
        super::reach::with_retries("register the slash commands", || register(http, guild)).await;
    match (registered, guild) {
        (Ok(count), Some(guild)) => {
            tracing::info!("registered {count} slash commands in the server {guild}");
        }
        (Ok(count), None) => tracing::info!(
            "registered {count} slash commands globally (Discord may take a while to show changes)"
        ),
        (Err(error), _) => tracing::error!("Discord refused the slash commands: {error}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
