//! The platform-agnostic heart of the bot: a [`Command`] from a user in a channel becomes a
//! [`Reply`], loading and saving through the [`Store`]. The Discord gateway, the HTTP
//! interactions endpoint and the console all call exactly this code, so the tests of this
//! layer test what players get.
//!
//! Authorization lives here: only the player to move may move, only seated players may resign
//! or propose, nobody acts in a finished game, and every refusal says why in one sentence.

// The layers, bottom up. Nothing imports from a layer above its own; `tests::layers`
// checks it.
//
// The core and the mechanics every family shares:
mod args;
mod clocks;
mod command;
mod core;
mod definition;
mod delivery;
mod names;
pub mod pool;
mod proposal;
mod reply;
mod text;
pub mod timing;
// The families of commands, each with its definitions and handlers:
mod analysis;
mod challenges;
mod correspondence;
mod history;
mod moves;
mod privacy;
mod ratings;
// A player's page: the ratings family's `/profile` as data for the web.
mod player_page;
mod settings;
mod tournaments;
// The table of every command and what is read from it (the parser, `/help`, buttons):
mod parse;
pub mod spec;
// What follows an answer, the same on every front end:
mod later;

pub use self::core::{Clock, Dice, Page, PageLinks, Play, SystemClock, SystemDice, MAX_CHOICES};
pub use analysis::page::{AnalysisState, AnalysisView, MistakeView};
pub use analysis::puzzle_page::{PuzzleShown, PuzzleState};
pub use analysis::puzzle_ratings;
pub use analysis::puzzles::{
    cache_key as puzzle_cache_key, parse_list as parse_puzzles, shipped as shipped_puzzles,
};
pub use analysis::AnalysisCommand;
pub use args::{normalise_move, Args, ParseCommandError, COMPUTER_NAMES};
pub use challenges::table::challenge_answers;
pub use challenges::ChallengeCommand;
pub use command::{Answer, Context, User, ACTION_PREFIX, MAX_NAME_CHARS, RULES_PREFIX};
pub use correspondence::CorrespondenceCommand;
pub use history::HistoryCommand;
pub use history::{import_record, record_text, ImportError, Imported};
pub use later::{Kind as LaterKind, Later, Step};
pub use moves::MoveCommand;
pub use parse::{command_from_args, command_names, command_options, parse_command};
pub use player_page::{GameLine, PlayerView};
pub use privacy::{PrivacyCommand, FORGET_ME_BUTTON};
pub use ratings::RatingCommand;
pub use reply::{
    Button, ButtonStyle, Component, Direct, File, Image, MovesOn, News, Notice, Outcome, Reply,
    LAUNCH_PREFIX,
};
pub use settings::SettingsCommand;
pub use spec::{Command, HelpCommand};
pub use text::{action_label, board_clock_line, challenge_line, picture_header};
pub use timing::TimeConfig;
pub use tournaments::command::{
    tournament_number, Pairings, TournamentAction, TournamentSpec, TOURNAMENT_ACTIONS,
    TOURNAMENT_BUTTON,
};
pub use tournaments::page::{PairingView, RoundView, StandingView, TournamentView};
pub use tournaments::TournamentCommand;

use self::core::Stop;
use crate::games::AnyGame;
use crate::i18n;
use crate::play::core::{failure_reply, squash};
use crate::store::{GameId, Status, Store};

impl<S: Store> Play<S> {
    /// Carries out a command (any family's: `MoveCommand::Move { .. }` is taken as it is).
    /// Never panics on user input; refusals and failures are replies.
    pub fn handle(&self, ctx: &Context, command: impl Into<Command>) -> Reply {
        let command = command.into();
        self.note_guild_lang(ctx);
        self.note_user_lang(ctx);
        // A write that lost its compare-and-swap is tried once more on the fresh record: the
        // other write may have been the scheduler's (a reminder noted), not a player's. The
        // second try judges the command against what really happened meanwhile.
        let may_write = command.may_write();
        let result = match self.run(ctx, command.clone()) {
            Err(Stop::Conflict(_)) => self.run(ctx, command),
            other => other,
        };
        match result {
            Ok(reply) => match self.durable(may_write && reply.outcome != Outcome::Refused) {
                Ok(()) => {
                    let mut reply = self.address(reply);
                    reply.computer_turn = self.computer_turn_after(&reply);
                    if reply.computer_turn.is_some() {
                        self.say_computer_busy(&mut reply, ctx);
                    }
                    if let Some(tournament) = reply.over_in_tournament {
                        reply.follow.extend(self.settle_tournament(tournament));
                    }
                    self.page_button(reply, ctx)
                }
                Err(error) => failure_reply(&error, self.reader_lang(ctx)),
            },
            Err(Stop::Refuse(text)) => Reply::refused(text),
            Err(Stop::Say(id, args)) => {
                Reply::refused(i18n::text_with(self.reader_lang(ctx), id, &args))
            }
            Err(Stop::Conflict(id)) => self.conflict_reply(id, self.reader_lang(ctx)),
            Err(Stop::Fail(error)) => failure_reply(&error, self.reader_lang(ctx)),
        }
    }

    /// The caller's legal moves in a game that start like `typed` (case, spaces and dashes
    /// ignored), at most [`MAX_CHOICES`]: Discord's autocomplete. Each is a pair: what the
    /// caller reads (Skakanie's actions in their language) and the move's notation, which
    /// comes back as the option's value. Empty when it is not the caller's turn or the game
    /// cannot be found. In a game whose turn is several actions, the actions typed so far
    /// (in any language) are kept and the next one is completed, from its first letters in
    /// English or in the caller's language.
    pub fn complete_move(
        &self,
        ctx: &Context,
        game: Option<GameId>,
        typed: &str,
    ) -> Vec<(String, String)> {
        let Some(mut game) = self
            .my_turn(ctx, game)
            .or_else(|| game.is_none().then(|| self.puzzle_moves(ctx)).flatten())
        else {
            return Vec::new();
        };
        let kind = game.kind();
        let lang = self.reader_lang(ctx);
        let shown = |mv: String| (args::shown_move(lang, kind, &mv), mv);
        let typed = &normalise_move(kind, typed);
        if game.actions_left().is_none() {
            let wanted = squash(typed);
            return game
                .legal_moves()
                .into_iter()
                .filter(|mv| squash(mv).starts_with(&wanted))
                .take(MAX_CHOICES)
                .map(shown)
                .collect();
        }
        let Ok(mut words) = game.split_plies(typed) else {
            return Vec::new();
        };
        let partial = if typed.ends_with(char::is_whitespace) {
            String::new()
        } else {
            words.pop().unwrap_or_default().to_lowercase()
        };
        let seat = game.to_move();
        for word in &words {
            if game.play(word).is_err() || game.to_move() != seat {
                return Vec::new();
            }
        }
        let done = words.join(" ");
        game.legal_moves()
            .into_iter()
            .filter(|mv| {
                mv.starts_with(&partial)
                    || args::shown_move(lang, kind, mv)
                        .to_lowercase()
                        .starts_with(&partial)
            })
            .map(|mv| format!("{done} {mv}").trim().to_owned())
            .take(MAX_CHOICES)
            .map(shown)
            .collect()
    }

    /// Every legal move of the caller in a game (a move picker's list). Empty when it is not
    /// the caller's turn or the game cannot be found.
    pub fn my_legal_moves(&self, ctx: &Context, game: Option<GameId>) -> Vec<String> {
        self.my_turn(ctx, game)
            .map(|g| g.legal_moves())
            .unwrap_or_default()
    }

    /// The moves a picker offers the caller: their moves in a game, or in their open puzzle
    /// (none once it is solved or missed).
    pub fn picker_moves(&self, ctx: &Context, on: MovesOn) -> Vec<String> {
        match on {
            MovesOn::Game(game) => self.my_legal_moves(ctx, Some(game)),
            MovesOn::Puzzle => self
                .puzzle_moves(ctx)
                .map(|g| g.legal_moves())
                .unwrap_or_default(),
        }
    }

    /// The game, if it is in progress and the caller is to move.
    fn my_turn(&self, ctx: &Context, game: Option<GameId>) -> Option<AnyGame> {
        let loaded = self.my_game(ctx, game).and_then(|r| self.rebuild(r)).ok()?;
        let seat = loaded.record.seat_of(ctx.user.id);
        (loaded.record.status == Status::Active && seat == Some(loaded.game.to_move().0))
            .then_some(loaded.game)
    }

    /// The caller's games in progress or waiting (newest first) whose number or description
    /// contains `typed`, at most [`MAX_CHOICES`]: Discord's autocomplete of a `game` option.
    pub fn complete_game(&self, ctx: &Context, typed: &str) -> Vec<(GameId, String)> {
        let wanted = typed.trim().trim_start_matches('#').to_lowercase();
        let lang = self.reader_lang(ctx);
        self.store
            .games_of_user(ctx.user.id)
            .unwrap_or_default()
            .iter()
            .filter(|r| matches!(r.status, Status::Active | Status::Challenge(_)))
            .map(|r| (r.id, text::game_line(lang, r, ctx.user.id)))
            .filter(|(id, line)| {
                id.0.to_string().starts_with(&wanted) || line.to_lowercase().contains(&wanted)
            })
            .take(MAX_CHOICES)
            .collect()
    }
}

impl<S: Store> Play<S> {}
