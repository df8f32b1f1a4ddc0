//! The one command type: each family's commands, side by side. A family adds a command to
//! its own type; only a new family adds a line here (its type, module and handler: the
//! enum, its conversions, the table's order and the dispatch all come from the list).

use crate::play::analysis::{self, AnalysisCommand};
use crate::play::challenges::{self, ChallengeCommand};
use crate::play::correspondence::{self, CorrespondenceCommand};
use crate::play::history::{self, HistoryCommand};
use crate::play::moves::{self, MoveCommand};
use crate::play::privacy::{self, PrivacyCommand};
use crate::play::ratings::{self, RatingCommand};
use crate::play::settings::{self, SettingsCommand};
use crate::play::tournaments::{self, TournamentCommand};

use super::help::{self, HelpCommand};
use super::CommandSpec;
use crate::play::command::Context;
use crate::play::core::{Play, Stop};
use crate::play::reply::Reply;
use crate::store::Store;

/// The families, each with its command type and the module that defines and carries them
/// out: the [`Command`] enum, its conversions, and the table's order come from this list.
macro_rules! families {
    ($($family:ident($command:ident) in $module:ident => $run:ident),* $(,)?) => {
        /// What a user asks the bot to do, independent of where they typed it: one
        /// family's command. Made by the parser, by buttons and page actions, or directly
        /// (`MoveCommand::Move { .. }.into()`).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Command {
            $(
                #[doc = concat!("A command of `", stringify!($module), "`.")]
                $family($command),
            )*
        }

        $(
            impl From<$command> for Command {
                fn from(command: $command) -> Self {
                    Self::$family(command)
                }
            }
        )*

        impl Command {
            /// The name of its command in the table (`move`, `forget-me`).
            #[must_use]
            pub fn name(&self) -> &'static str {
                match self {
                    $(Self::$family(command) => command.name(),)*
                }
            }

            /// Whether carrying the command out may write to the store, so its reply must
            /// wait until the write is durable.
            #[must_use]
            pub fn may_write(&self) -> bool {
                match self {
                    $(Self::$family(command) => command.may_write(),)*
                }
            }
        }

        impl<S: Store> Play<S> {
            /// Carries out a command by its family's handler.
            pub(in crate::play) fn run(&self, ctx: &Context, command: Command) -> Result<Reply, Stop> {
                match command {
                    $(Command::$family(command) => self.$run(ctx, command),)*
                }
            }
        }

        /// Every family's definitions, in the order `/help` and the registration list them.
        pub(super) fn families() -> Vec<CommandSpec> {
            let mut table = Vec::new();
            $(
                table.extend(
                    $module::commands()
                        .into_iter()
                        .map(|spec| spec.wrap(Command::$family)),
                );
            )*
            table
        }
    };
}

families! {
    Challenges(ChallengeCommand) in challenges => run_challenges,
    Moves(MoveCommand) in moves => run_moves,
    Correspondence(CorrespondenceCommand) in correspondence => run_correspondence,
    History(HistoryCommand) in history => run_history,
    Analysis(AnalysisCommand) in analysis => run_analysis,
    Settings(SettingsCommand) in settings => run_settings,
    Help(HelpCommand) in help => run_help,
    Ratings(RatingCommand) in ratings => run_ratings,
    Privacy(PrivacyCommand) in privacy => run_privacy,
    Tournaments(TournamentCommand) in tournaments => run_tournaments,
}

impl Command {
    /// Its definition in the table: always there for a command a family made, as every
    /// family names its commands as its table does (a test holds every parse and action
    /// to it).
    #[must_use]
    pub fn spec(&self) -> Option<&'static CommandSpec> {
        super::find(self.name())
    }

    /// Whether its answer is for the caller alone (their games, settings, ratings, help):
    /// a front end that must acknowledge before the answer is ready (Discord's deferral)
    /// says so from the start, before the answer tells.
    #[must_use]
    pub fn answers_privately(&self) -> bool {
        self.spec().is_some_and(|spec| spec.private)
    }

    /// The command a button stands for, from its id (see [`super::from_button_id`]).
    #[must_use]
    pub fn from_button_id(id: &str) -> Option<Self> {
        super::from_button_id(id)
    }
}
