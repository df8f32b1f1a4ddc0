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

mod command;
mod help;
mod registration;
pub mod rules;

use std::sync::OnceLock;

use crate::store::GameId;

pub use super::definition::{
    Action, Choice, Contexts, Kind, Label, OptionSpec, Parser, Value, Words,
};
pub use command::Command;
pub use help::{help, HelpCommand};

/// A command's definition in the table, making the one [`Command`].
pub type CommandSpec = super::definition::CommandSpec<Command>;
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
        let commands = command::families();
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
        .flat_map(|c| &c.actions)
        .find(|a| a.id == id)
        .map(|a| (a.make)(game))
}

/// The command a button stands for, from its id (see [`Button::id`](super::Button)):
/// an action on a game (`draw-accept:7`), or a family's own shape (`rules:jumpers:2`).
/// Buttons carry their game, so a click always acts on the game it was shown with.
#[must_use]
pub fn from_button_id(id: &str) -> Option<Command> {
    if let Some(command) = commands()
        .iter()
        .filter_map(|c| c.buttons.as_ref())
        .find_map(|read| read(id))
    {
        return Some(command);
    }
    let (action, game) = id.split_once(':')?;
    self::action(action, Some(GameId(game.parse().ok()?)))
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
