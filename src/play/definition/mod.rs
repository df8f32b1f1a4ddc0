//! What a command's definition is made of: its options and their kinds and choices, where
//! it may be used, how its arguments are read and the actions that stand for it. Each
//! family of commands writes its own definitions with these ([`common`] has the options
//! several share); the table of every command is put together above them, in `spec`.

pub mod common;

use crate::games::GameKind;
use crate::store::GameId;
/// The most choices on one option (Discord's limit).
pub const MOST_CHOICES: usize = 25;

use crate::play::args::{Args, ParseCommandError};
use crate::play::command::{Command, User};

/// Where a command may be used (Discord's interaction contexts; the console is a server).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contexts {
    /// In a server's channels.
    pub server: bool,
    /// In a direct message with the bot.
    pub bot_dm: bool,
    /// In DMs and group DMs between other people (a user install).
    pub private_channel: bool,
}

impl Contexts {
    /// A command about a game, played where all its players (and onlookers) see the board.
    pub const SERVER: Self = Self {
        server: true,
        bot_dm: false,
        private_channel: false,
    };
    /// A command that reads or changes only the caller's own things: also in the bot's DMs.
    pub const SERVER_AND_BOT_DM: Self = Self {
        server: true,
        bot_dm: true,
        private_channel: false,
    };
}

/// An option's kind, as Discord types it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text.
    Text,
    /// A whole number.
    Integer,
    /// Yes or no.
    Boolean,
    /// A user (a mention on the console).
    User,
    /// A subcommand, with options of its own (read as `action:`).
    Subcommand,
}

/// What a choice is called in menus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Label {
    /// A catalogue message, with a count (`choice-days-per-move`, count 3), in every
    /// language.
    Message(String, Option<i64>),
    /// The same words in every language: a language's own name, a game option's value.
    Same(String),
}

/// A choice's value, as the code reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A text option's value.
    Text(String),
    /// An integer option's value.
    Integer(i64),
}

/// One choice of an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// What the menu shows.
    pub label: Label,
    /// What is sent.
    pub value: Value,
}

impl Choice {
    /// A text choice labelled by the catalogue's `id`.
    #[must_use]
    pub fn labelled(id: &str, value: &str) -> Self {
        Self {
            label: Label::Message(id.to_owned(), None),
            value: Value::Text(value.to_owned()),
        }
    }
}

/// Where an option's name and description come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Words {
    /// The catalogue message `id` (the name, translated) and its `.desc` attribute.
    Catalogue(&'static str),
    /// A game's option (`board`): a key of notation, the same name in every language,
    /// described by the game's `gameopt-<game>-<key>`.
    GameOption(GameKind),
}

/// One option of a command or subcommand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// Its name, as the code reads it (and as English shows it).
    pub name: &'static str,
    /// Its words.
    pub words: Words,
    /// Its kind.
    pub kind: Kind,
    /// Whether it must be given.
    pub required: bool,
    /// The values offered, if only these are taken (at most 25).
    pub choices: Vec<Choice>,
    /// The least and the most an integer may be.
    pub range: (Option<i64>, Option<i64>),
    /// Whether values are suggested as the player types.
    pub autocomplete: bool,
    /// Other names typed for it (`colour` for `seat`).
    pub aliases: &'static [&'static str],
    /// A subcommand's options.
    pub options: Vec<OptionSpec>,
}

impl OptionSpec {
    /// An optional option with no choices, named and described by the catalogue's `id`.
    #[must_use]
    pub fn new(name: &'static str, id: &'static str, kind: Kind) -> Self {
        Self {
            name,
            words: Words::Catalogue(id),
            kind,
            required: false,
            choices: Vec::new(),
            range: (None, None),
            autocomplete: false,
            aliases: &[],
            options: Vec::new(),
        }
    }

    /// Must be given.
    #[must_use]
    pub fn required(mut self) -> Self {
        self.required = true;
        self
    }

    /// Takes only `choices`.
    #[must_use]
    pub fn choices(mut self, choices: Vec<Choice>) -> Self {
        self.choices = choices;
        self
    }

    /// Takes integers from `min` to `max`.
    #[must_use]
    pub fn range(mut self, min: i64, max: Option<i64>) -> Self {
        self.range = (Some(min), max);
        self
    }

    /// Suggests values as the player types.
    #[must_use]
    pub fn autocomplete(mut self) -> Self {
        self.autocomplete = true;
        self
    }

    /// Is also typed as `aliases`.
    #[must_use]
    pub fn aliases(mut self, aliases: &'static [&'static str]) -> Self {
        self.aliases = aliases;
        self
    }

    /// A subcommand with `options`.
    #[must_use]
    pub fn subcommand(name: &'static str, id: &'static str, options: Vec<Self>) -> Self {
        Self {
            options,
            ..Self::new(name, id, Kind::Subcommand)
        }
    }
}

/// Reads a command's arguments (named, as Discord sends them or `key:value` typed, and
/// positional words typed on the console). `user` resolves a name or id to a user.
pub type Parser = fn(&mut Args, &dyn Fn(&str) -> User) -> Result<Command, ParseCommandError>;

/// A button or page action that stands for a command on one game (`draw-accept:7`).
#[derive(Clone, Copy, Debug)]
pub struct Action {
    /// Its id: what a button's id and a page's request name.
    pub id: &'static str,
    /// The command it makes for a game.
    pub make: fn(Option<GameId>) -> Command,
}

/// One command.
#[derive(Clone, Debug)]
pub struct CommandSpec {
    /// Its name, as the code reads it (and as English shows it); `cmd-<name>` in the
    /// catalogues has its translations and description.
    pub name: &'static str,
    /// Other names typed for it (`undo` for `takeback`).
    pub aliases: &'static [&'static str],
    /// Its options, or its subcommands.
    pub options: Vec<OptionSpec>,
    /// Whether it also takes every option of the chosen game (`/play`).
    pub game_options: bool,
    /// Where it may be used.
    pub contexts: Contexts,
    /// Its `/help` lines (catalogue ids; a `-more` line is shown indented under the one
    /// before), in the order of the table.
    pub help: &'static [&'static str],
    /// How its arguments are read.
    pub parse: Parser,
    /// The buttons and page actions that stand for it.
    pub actions: &'static [Action],
}

impl CommandSpec {
    /// The names of the options it reads, for the refusal of one it does not take:
    /// its options, and for a command of subcommands `action` and every subcommand's.
    #[must_use]
    pub fn takes(&self) -> Vec<&'static str> {
        let mut names = Vec::new();
        for option in &self.options {
            if option.kind == Kind::Subcommand {
                if !names.contains(&"action") {
                    names.push("action");
                }
                for inner in &option.options {
                    if !names.contains(&inner.name) {
                        names.push(inner.name);
                    }
                }
            } else if !matches!(option.words, Words::GameOption(_)) {
                names.push(option.name);
            }
        }
        names
    }
}
