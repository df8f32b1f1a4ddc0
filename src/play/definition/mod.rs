//! What a command's definition is made of: its options and their kinds and choices, where
//! it may be used, how its arguments are read and the actions that stand for it. Each
//! family of commands writes its own definitions with these ([`common`] has the options
//! several share); the table of every command is put together above them, in `spec`.

pub mod common;

use crate::games::GameKind;
use crate::store::GameId;
/// The most choices on one option (Discord's limit).
pub const MOST_CHOICES: usize = 25;

use std::sync::Arc;

use crate::play::args::{Args, ParseCommandError};
use crate::play::command::User;

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
    /// A command about a server (its tournaments): where the bot was added.
    pub const SERVER: Self = Self {
        server: true,
        bot_dm: false,
        private_channel: false,
    };
    /// A command about a game, played where all its players (and onlookers) see the board:
    /// a server's channel, or a DM or group DM between the players (a user install). Not
    /// the bot's own DMs, where nobody else would ever see a challenge.
    pub const PLAYED: Self = Self {
        server: true,
        bot_dm: false,
        private_channel: true,
    };
    /// A command about the caller and a server: their settings and the server's, a
    /// server's leaderboard. A user install reaches no server's settings, so not in DMs
    /// between people.
    pub const SERVER_AND_BOT_DM: Self = Self {
        server: true,
        bot_dm: true,
        private_channel: false,
    };
    /// A command that reads or changes only the caller's own things (their games, ratings,
    /// puzzles, data) or tells of the games: wherever the caller is.
    pub const EVERYWHERE: Self = Self {
        server: true,
        bot_dm: true,
        private_channel: true,
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
/// positional words typed on the console) into a command of type `C` (its family's).
/// `user` resolves a name or id to a user. Shared, so the table can wrap a family's
/// commands into the one command type without copying the family's reader.
pub type Parser<C> =
    Arc<dyn Fn(&mut Args, &dyn Fn(&str) -> User) -> Result<C, ParseCommandError> + Send + Sync>;

/// A family's reader of arguments as it writes one: a function (or a closure that keeps
/// nothing).
pub type Reader<C> = fn(&mut Args, &dyn Fn(&str) -> User) -> Result<C, ParseCommandError>;

/// A family's reader of arguments, as the table keeps it.
pub fn parser<C: 'static>(
    read: impl Fn(&mut Args, &dyn Fn(&str) -> User) -> Result<C, ParseCommandError>
        + Send
        + Sync
        + 'static,
) -> Parser<C> {
    Arc::new(read)
}

/// A button or page action that stands for a command on one game (`draw-accept:7`).
#[derive(Clone)]
pub struct Action<C> {
    /// Its id: what a button's id and a page's request name.
    pub id: &'static str,
    /// The command it makes for a game.
    pub make: Arc<dyn Fn(Option<GameId>) -> C + Send + Sync>,
}

impl<C> Action<C> {
    /// The action `id`, making its command with `make`.
    pub fn new(
        id: &'static str,
        make: impl Fn(Option<GameId>) -> C + Send + Sync + 'static,
    ) -> Self {
        Self {
            id,
            make: Arc::new(make),
        }
    }
}

/// Reads a button id of a family's own shape (`rules:jumpers:2`, `tournament-join:3`), not
/// the `action:game` of an [`Action`]: `None` when the id is not one of the family's.
pub type ButtonReader<C> = Arc<dyn Fn(&str) -> Option<C> + Send + Sync>;

/// One command, whose arguments and buttons make commands of type `C`: a family's own
/// command type where the family defines it, the one [`Command`](crate::play::Command)
/// in the table.
#[derive(Clone)]
pub struct CommandSpec<C> {
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
    /// Whether its answer is for the caller alone (their games, settings, ratings, help):
    /// a front end that must acknowledge before the answer is ready (Discord's deferral)
    /// says so from the start.
    pub private: bool,
    /// Its `/help` lines (catalogue ids; a `-more` line is shown indented under the one
    /// before), in the order of the table.
    pub help: &'static [&'static str],
    /// How its arguments are read.
    pub parse: Parser<C>,
    /// The buttons and page actions that stand for it.
    pub actions: Vec<Action<C>>,
    /// Its buttons of a shape of their own, if any.
    pub buttons: Option<ButtonReader<C>>,
}

impl<C> std::fmt::Debug for CommandSpec<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CommandSpec")
            .field("name", &self.name)
            .field("aliases", &self.aliases)
            .field("options", &self.options)
            .field("contexts", &self.contexts)
            .field(
                "actions",
                &self.actions.iter().map(|a| a.id).collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl<C: 'static> CommandSpec<C> {
    /// The same command making `D`s: how the table takes a family's definitions into the
    /// one command type (`wrap` is the family's variant of it).
    #[must_use]
    pub fn wrap<D: 'static>(self, wrap: fn(C) -> D) -> CommandSpec<D> {
        let parse = self.parse;
        let buttons = self.buttons;
        CommandSpec {
            name: self.name,
            aliases: self.aliases,
            options: self.options,
            game_options: self.game_options,
            contexts: self.contexts,
            private: self.private,
            help: self.help,
            parse: Arc::new(move |args, user| parse(args, user).map(wrap)),
            actions: self
                .actions
                .into_iter()
                .map(|action| {
                    let make = action.make;
                    Action::new(action.id, move |game| wrap(make(game)))
                })
                .collect(),
            buttons: buttons
                .map(|read| -> ButtonReader<D> { Arc::new(move |id| read(id).map(wrap)) }),
        }
    }
}

impl<C> CommandSpec<C> {
    /// Answered to the caller alone (see [`CommandSpec::private`]).
    #[must_use]
    pub fn private(mut self) -> Self {
        self.private = true;
        self
    }

    /// Also stands for the buttons `read` knows (see [`CommandSpec::buttons`]).
    #[must_use]
    pub fn buttons(mut self, read: impl Fn(&str) -> Option<C> + Send + Sync + 'static) -> Self {
        self.buttons = Some(Arc::new(read));
        self
    }

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
