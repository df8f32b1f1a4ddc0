//! The command table: one declarative definition of each command — its name and other
//! names, its options (kinds, choices, required-ness, limits, subcommands), where it may be
//! used, its `/help` lines, how its typed arguments are read, and the buttons and page
//! actions that stand for it. Everything else is derived from it: Discord's registration
//! and its localisations ([`registration`]), the parser of the console and of Discord's
//! options and its refusals, `/help`, where a command is offered, button ids and the web
//! pages' and the Activity's actions. So a command is added in one place (its definition in
//! its family's module and its words in the catalogues), and a command that breaks Discord's rules
//! ([`rules`]) cannot be registered: the table is checked when it is built.
//!
//! Names, descriptions and choice labels are catalogue ids (`cmd-<name>`, `opt-…`,
//! `choice-…`), read in every language when the registration is built; nothing here knows
//! Discord's types (the Discord front end sends [`registration`]'s JSON as it is).

mod registration;
pub mod rules;

use std::sync::OnceLock;

use crate::i18n;
use crate::i18n::Lang;
use crate::play::command::{tournament_number, TournamentAction, TOURNAMENT_BUTTON};
use crate::store::GameId;

pub use super::definition::{
    Action, Choice, CommandSpec, Contexts, Kind, Label, OptionSpec, Parser, Value, Words,
};

use crate::play::command::{Command, ACTION_PREFIX, FORGET_ME_BUTTON, RULES_PREFIX};
use crate::play::{
    analysis, challenges, correspondence, history, moves, privacy, ratings, settings, tournaments,
};
pub use registration::{entry_point, registration, Registration};

/// The table, built and checked once.
struct Table {
    commands: Vec<CommandSpec>,
    /// Each command's [`CommandSpec::takes`], kept for refusals that name them.
    takes: Vec<Vec<&'static str>>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let commands = [
            challenges::commands(),
            moves::commands(),
            correspondence::commands(),
            history::commands(),
            analysis::commands(),
            settings::commands(),
            ratings::commands(),
            privacy::commands(),
            tournaments::commands(),
        ]
        .concat();
        let takes = commands.iter().map(CommandSpec::takes).collect();
        Table { commands, takes }
    })
}

/// Every command, in the order `/help` and the registration list them.
#[must_use]
pub fn commands() -> &'static [CommandSpec] {
    &table().commands
}

/// The command named `name` or one of its other names (`undo` → `takeback`).
#[must_use]
pub fn find(name: &str) -> Option<&'static CommandSpec> {
    commands()
        .iter()
        .find(|c| c.name == name || c.aliases.contains(&name))
}

/// The names of the options `name` takes (besides positional words; `/play` also takes
/// its game's): what a refusal of an option it does not take lists.
#[must_use]
pub fn takes(name: &str) -> &'static [&'static str] {
    let table = table();
    table
        .commands
        .iter()
        .position(|c| c.name == name)
        .map_or(&[][..], |i| table.takes[i].as_slice())
}

/// The option an other name typed stands for (`colour` → `seat`), in any command.
#[must_use]
pub fn canonical_option(key: &str) -> &str {
    fn all(options: &[OptionSpec]) -> impl Iterator<Item = &OptionSpec> {
        options
            .iter()
            .flat_map(|o| std::iter::once(o).chain(o.options.iter()))
    }
    commands()
        .iter()
        .flat_map(|c| all(&c.options))
        .find(|o| o.aliases.contains(&key))
        .map_or(key, |o| o.name)
}

/// Whether the command `name` is offered (and answered) in the bot's direct messages.
#[must_use]
pub fn works_in_dms(name: &str) -> bool {
    find(name).is_some_and(|c| c.contexts.bot_dm)
}

/// The command a button or page action `id` makes for `game` (`draw-accept`), if any.
#[must_use]
pub fn action(id: &str, game: Option<GameId>) -> Option<Command> {
    commands()
        .iter()
        .flat_map(|c| c.actions)
        .find(|a| a.id == id)
        .map(|a| (a.make)(game))
}

/// What `/help` says, in `lang`: one catalogue message a line, the `-more` ones indented
/// under the line before.
#[must_use]
pub fn help(lang: Lang) -> String {
    // The title, each command's lines in the table's order, then how a game is chosen.
    let lines = std::iter::once("help-title")
        .chain(commands().iter().flat_map(|c| c.help.iter().copied()))
        .chain(std::iter::once("help-which-game"));
    lines
        .map(|id| {
            let line = i18n::text(lang, id);
            if id.ends_with("-more") {
                format!("  {line}")
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

impl Command {
    /// Whether carrying the command out may write to the store, so its reply must wait
    /// until the write is durable. Only pure look-ups say no; anything new is a writer.
    #[must_use]
    pub fn may_write(&self) -> bool {
        !matches!(
            self,
            Self::Board { .. }
                | Self::Games
                | Self::History { .. }
                | Self::Web { revoke: false, .. }
                | Self::Rules { .. }
                | Self::Help
                | Self::Rating { .. }
                | Self::Leaderboard { .. }
                | Self::Profile { .. }
                | Self::Privacy
                | Self::ForgetMe { confirm: false }
                | Self::Tournament {
                    action: TournamentAction::Show | TournamentAction::List,
                    ..
                }
        )
    }

    /// Whether its answer is for the caller alone (their games, settings, ratings, help):
    /// a front end that must acknowledge before the answer is ready (Discord's deferral)
    /// says so from the start, before the answer tells.
    #[must_use]
    pub fn answers_privately(&self) -> bool {
        matches!(
            self,
            Self::Games
                | Self::Settings { .. }
                | Self::Rules { .. }
                | Self::Help
                | Self::Rating { .. }
                | Self::Profile { .. }
                | Self::Privacy
                | Self::ForgetMe { .. }
        )
    }

    /// The command a button stands for, from its id (see [`Button::id`](super::Button)).
    /// Buttons carry their game, so a click always acts on the game it was shown with.
    #[must_use]
    pub fn from_button_id(id: &str) -> Option<Self> {
        if id == FORGET_ME_BUTTON {
            return Some(Self::ForgetMe { confirm: true });
        }
        if let Some(rest) = id.strip_prefix(RULES_PREFIX) {
            let (game, page) = rest.split_once(':')?;
            return Some(Self::Rules {
                game: Some(game.to_owned()),
                page: Some(page.parse().ok().filter(|&p| p > 0)?),
            });
        }
        if let Some(rest) = id.strip_prefix(TOURNAMENT_BUTTON) {
            let (action, number) = rest.split_once(':')?;
            let action = match action {
                "join" => TournamentAction::Join,
                "leave" => TournamentAction::Leave,
                "show" => TournamentAction::Show,
                _ => return None,
            };
            return Some(Self::Tournament {
                action,
                id: Some(tournament_number(number)?),
            });
        }
        let (action, game) = id.split_once(':')?;
        let game = Some(GameId(game.parse().ok()?));
        // One button per action of a several-ply turn (Skakanie): `do-take:12`.
        if let Some(mv) = action.strip_prefix(ACTION_PREFIX) {
            return Some(Self::Move {
                game,
                mv: mv.to_owned(),
            });
        }
        self::action(action, game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_other_names_and_actions_are_each_one_commands() {
        let mut seen = Vec::new();
        for command in commands() {
            for name in std::iter::once(&command.name).chain(command.aliases) {
                assert!(!seen.contains(name), "{name} twice");
                seen.push(name);
            }
        }
        let mut actions: Vec<&str> = commands()
            .iter()
            .flat_map(|c| c.actions.iter().map(|a| a.id))
            .collect();
        let count = actions.len();
        actions.sort_unstable();
        actions.dedup();
        assert_eq!(actions.len(), count, "an action id twice");
    }

    /// `/help` is built from the table: every command (but `/help`) is named there, by its
    /// name in the reader's language.
    #[test]
    fn help_names_every_command_in_every_language() {
        for lang in crate::i18n::Lang::ALL {
            let help = help(lang);
            for command in commands().iter().filter(|c| c.name != "help") {
                let name = crate::i18n::text(lang, &format!("cmd-{}", command.name));
                assert!(
                    help.contains(&format!("/{name}")),
                    "{lang}: /{name} in {help}"
                );
            }
        }
    }

    #[test]
    fn other_names_of_options_are_each_one_options() {
        assert_eq!(canonical_option("colour"), "seat");
        assert_eq!(canonical_option("vs"), "opponent");
        assert_eq!(canonical_option("id"), "game");
        assert_eq!(canonical_option("board"), "board");
    }
}
