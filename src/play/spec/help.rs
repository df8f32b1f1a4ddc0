//! `/help`: what the bot can do, read from the whole table, so it lives with the table
//! rather than in a family below it.

use crate::i18n::{self, Lang};
use crate::play::command::Context;
use crate::play::core::{Play, Stop};
use crate::play::definition::common::plain;
use crate::play::definition::{CommandSpec, Contexts};
use crate::play::reply::Reply;
use crate::store::Store;

/// `/help`, the table's own command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HelpCommand {
    /// What the bot can do.
    Help,
}

impl HelpCommand {
    /// The name of its command in the table.
    pub(in crate::play) fn name(&self) -> &'static str {
        "help"
    }

    /// Never writes: it only reads the table.
    pub(in crate::play) fn may_write(&self) -> bool {
        false
    }
}

impl<S: Store> Play<S> {
    /// Carries out `/help`.
    pub(in crate::play) fn run_help(
        &self,
        ctx: &Context,
        HelpCommand::Help: HelpCommand,
    ) -> Result<Reply, Stop> {
        Ok(Reply::private(help(self.reader_lang(ctx))))
    }
}

/// `/help`'s definition.
pub(super) fn commands() -> Vec<CommandSpec<HelpCommand>> {
    vec![plain(
        "help",
        &[],
        Vec::new(),
        Contexts::EVERYWHERE,
        &[],
        |_, _| Ok(HelpCommand::Help),
    )
    .private()]
}

/// What `/help` says, in `lang`: one catalogue message a line, the `-more` ones indented
/// under the line before.
#[must_use]
pub fn help(lang: Lang) -> String {
    // The title, each command's lines in the table's order, then how a game is chosen.
    let lines = std::iter::once("help-title")
        .chain(
            super::commands()
                .iter()
                .flat_map(|c| c.help.iter().copied()),
        )
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
