//! The computer as a player. A seat may be the bot itself ([`Player::Computer`]); when it
//! is to move, the front end runs [`Play::computer_moves`] on the [`Pool`](super::pool::Pool)
//! and posts what it returns. The computer's move goes through exactly the code of a
//! player's `/move` (compare-and-swap, durable wait, board with the last move marked), and
//! which games wait for it is read from the store, never remembered, so a restart loses
//! nothing.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::ai::{self, AiError};
use crate::i18n;
use crate::play::command::Context;
use crate::play::core::seats::computer_to_move;
use crate::play::core::{Loaded, Play, Stop};
use crate::play::reply::{Notice, Outcome, Reply};
use crate::store::{GameId, Status, Store, COMPUTER};

/// The most plies the computer plays in one turn: a safety net against an engine that
/// never ends its turn (a Skakanie turn is a handful of actions).
const MAX_TURN_PLIES: usize = 64;

/// How long after a player's move in a game where the bot may only answer the computer's
/// reply is left to that move's own interaction (its follow-up) before the scheduler takes
/// it up: the answer and its follow-up take a second or two; a minute covers a slow start.
const FOLLOWUP_FIRST_MS: u64 = 60_000;

/// The most turns in a row [`Play::computer_moves`] plays (several computer seats in turn
/// in Skakanie), so one call always ends.
const MAX_TURNS: usize = 8;

/// A seed for the computer's choice in a game at a ply: repeatable (the same position of
/// the same game is thought about alike after a restart), different from game to game.
fn seed(id: GameId, ply: usize) -> u64 {
    (id.0 ^ 0x9e37_79b9_7f4a_7c15).wrapping_mul((ply as u64) | 1)
}

impl<S: Store> Play<S> {
    /// The game a successful reply shows, when the computer is now to move in it.
    pub(in crate::play) fn computer_turn_after(&self, reply: &Reply) -> Option<GameId> {
        if reply.outcome != Outcome::Done {
            return None;
        }
        let id = reply.board_of.or(reply.begins.as_ref().map(|b| b.0))?;
        self.computer_due(id).then_some(id)
    }

    /// Says under a move that gave the computer its turn, when every one of its threads is
    /// busy, how many games it has before this one: the players know why its answer takes
    /// longer, and that it comes (the line is bounded: see [`super::super::pool`]).
    pub(in crate::play) fn say_computer_busy(&self, reply: &mut Reply, ctx: &Context) {
        let Some(ahead) = self.pool().ahead() else {
            return;
        };
        let lang = self.place_lang(&ctx.place);
        let busy = i18n::text_with(lang, "computer-busy", &[("count", ahead.into())]);
        reply.text = format!("{}\n{busy}", reply.text);
    }

    /// Whether the computer is to move in game `id`, as the store has it.
    #[must_use]
    pub fn computer_due(&self, id: GameId) -> bool {
        match self.store.get(id) {
            Ok(record) if record.status == Status::Active && record.has_computer() => self
                .rebuild(record)
                .is_ok_and(|l| computer_to_move(&l.record, &l.game).is_some()),
            _ => false,
        }
    }

    /// The games in progress where the computer is to move, read from the store (its index
    /// of games with a computer seat): what a front end hands to the computer at start-up
    /// and on every tick of its scheduler, so a move the bot was thinking about when it
    /// stopped is made after the restart. A game where the bot may only answer joins them a
    /// minute after its last move ([`FOLLOWUP_FIRST_MS`]).
    #[must_use]
    pub fn computer_games(&self) -> Vec<GameId> {
        let records = match self.store.games_of_user(COMPUTER) {
            Ok(records) => records,
            Err(error) => {
                tracing::error!(%error, "could not read the games against the computer");
                return Vec::new();
            }
        };
        let now = self.clock.now_ms();
        records
            .into_iter()
            .filter(|r| r.status == Status::Active)
            // Where the bot may only answer, the move that gave the computer its turn
            // carries its answer as a follow-up: a tick does not take that away (and
            // answers by direct message) while the move is fresh.
            .filter(|r| {
                !r.place.answers_only() || now.saturating_sub(r.updated) >= FOLLOWUP_FIRST_MS
            })
            .filter_map(|r| self.rebuild(r).ok())
            .filter(|l| computer_to_move(&l.record, &l.game).is_some())
            .map(|l| l.record.id)
            .collect()
    }

    /// Lets the computer play in game `id` for as long as it is to move there (several
    /// computer seats may follow each other), and returns one board per turn played, to be
    /// posted in the game's channel. Each is durable before it is returned. A turn another
    /// write overtook (the player took back their move while the computer thought) is
    /// thought about again from the new position, or dropped when it is no longer the
    /// computer's turn.
    ///
    /// Blocking: it thinks for up to `[ai] think_ms` per turn. Run it on the pool.
    pub fn computer_moves(&self, id: GameId) -> Vec<Notice> {
        let mut notices = Vec::new();
        let mut tries = 0;
        while notices.len() < MAX_TURNS && tries < MAX_TURNS * 2 {
            tries += 1;
            match self.computer_turn(id) {
                Ok(Some(notice)) => notices.push(notice),
                Ok(None) => break,
                Err(Stop::Conflict(_)) => {}
                Err(Stop::Fail(error)) => {
                    tracing::error!(game = id.0, %error, "the computer could not move");
                    break;
                }
                Err(Stop::Refuse(why)) => {
                    tracing::error!(game = id.0, %why, "the computer's move was refused");
                    break;
                }
                Err(Stop::Say(why, _)) => {
                    tracing::error!(game = id.0, %why, "the computer's move was refused");
                    break;
                }
            }
        }
        if notices.is_empty() {
            return notices;
        }
        match self.store.sync() {
            Ok(()) => notices,
            Err(error) => {
                // Not on disk: announcing it could announce a move a crash takes back.
                tracing::error!(game = id.0, %error, "the computer's move is not durable");
                Vec::new()
            }
        }
    }

    /// One turn of the computer in game `id`, if it is to move there.
    fn computer_turn(&self, id: GameId) -> Result<Option<Notice>, Stop> {
        let loaded = self.load(id)?;
        let Some((seat, level)) = computer_to_move(&loaded.record, &loaded.game) else {
            return Ok(None);
        };
        let started = Instant::now();
        // A crowd of games waiting for the computer makes each think less (levels bounded
        // by time only: the others end well within it).
        let mut budget = self.ai.limits();
        let (part, whole) = self.pool().share();
        budget.time = budget.time.map(|t| t * part / whole);
        let cancel = AtomicBool::new(false);
        let mut game = loaded.game.clone();
        let mut plies = Vec::new();
        // A turn of several actions shares one time budget (`[ai] think_ms`).
        while game.to_move().0 == seat && plies.len() < MAX_TURN_PLIES {
            let left = budget.time.map(|t| {
                t.saturating_sub(started.elapsed())
                    .max(Duration::from_millis(1))
            });
            let limits = ai::Limits {
                time: left,
                ..budget.clone()
            };
            let ply_number = loaded.record.moves.len() + plies.len();
            let choice = match ai::choose(&game, level, &limits, seed(id, ply_number), &cancel) {
                Ok(choice) => choice,
                Err(AiError::Finished) => break,
            };
            let done = game.play(&choice.ply).map_err(|e| {
                Stop::Refuse(format!(
                    "the engine chose {}, which is illegal: {e}",
                    choice.ply
                ))
            })?;
            plies.push(done);
        }
        if plies.is_empty() {
            return Ok(None);
        }
        let place = loaded.record.place;
        let reply = self.play_turn(
            Loaded {
                record: loaded.record,
                game: loaded.game,
            },
            seat,
            &plies.join(" "),
            // The computer's own moves are legal: a refusal here is the bot's bug, logged
            // (in English).
            None,
        )?;
        Ok(Some(self.notice(id, place, reply)))
    }
}
