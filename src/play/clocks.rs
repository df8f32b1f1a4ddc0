//! What happens to a game's clock and its players as turns pass: the clock restarted when
//! the turn moves on, a player taken out (resigned, out of time, withdrawn), and whether a
//! game got going. Moves, correspondence and tournaments all end up here, so it sits
//! below every family.

use crate::games::{AnyGame, Seat};
use crate::i18n;
use crate::i18n::Arg;
use crate::i18n::Lang;
use crate::play::core::seats::rules_result;
use crate::play::core::{Play, Stop};
use crate::play::text::seat_label;
use crate::play::timing::{duration_in, fresh_clock};
use crate::store::{GameRecord, GameResult, Status, Store, UserId};
/// Why a player is taken out of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Forfeit {
    /// They resigned (or left).
    Resigned,
    /// Their time ran out.
    TimedOut,
    /// They withdrew from (or were removed from) the tournament the game belongs to.
    Withdrew,
}

/// Whether every seat of `game` has moved: before that, a game says nothing of anyone's
/// strength, so it is not rated whichever way it ends early (`/abort`, a withdrawal).
pub(super) fn got_going(record: &GameRecord, game: &AnyGame) -> bool {
    let movers = game.movers();
    (0..record.seats.len())
        .filter_map(|s| u8::try_from(s).ok())
        .all(|s| movers.contains(&Seat(s)))
}

impl<S: Store> Play<S> {
    /// Starts the clock of the player to move afresh when the turn passes (a move, a
    /// takeback, a leaving in turn) or the game begins. A paused game stays paused, with the
    /// whole time to come; only a move ends a pause (see `play_move`). Games without a
    /// clock are left alone.
    pub(super) fn restart_clock(&self, record: &mut GameRecord) {
        let paused = record.clock.is_some_and(|c| c.paused.is_some());
        record.clock = match (record.days, &record.status) {
            (Some(days), Status::Active) => {
                let clock = fresh_clock(days, self.clock.now_ms(), self.time.grace_ms());
                Some(crate::store::MoveClock {
                    paused: paused.then_some(clock.per_move),
                    ..clock
                })
            }
            _ => None,
        };
    }

    /// Takes `seat` out: in a game that goes on without those who leave (Skakanie with three
    /// or four) a leave ply, else the end of the game with the others winning. Returns the
    /// headline, in `lang` (the place's). The caller saves the record.
    pub(super) fn forfeit(
        &self,
        record: &mut GameRecord,
        game: &mut AnyGame,
        seat: u8,
        why: Forfeit,
        lang: Lang,
    ) -> Result<String, Stop> {
        // The record keeps its reason in English (its machine-readable words); the
        // channel reads the headline in its own language.
        let me = seat_label(Lang::En, record, game, seat);
        let args = [
            ("who", Arg::from(seat_label(lang, record, game, seat))),
            ("game", record.id.0.into()),
            (
                "why",
                match why {
                    Forfeit::Resigned => "resigned",
                    Forfeit::TimedOut => "timeout",
                    Forfeit::Withdrew => "withdrew",
                }
                .into(),
            ),
        ];
        record.pending = None;
        record.updated = self.clock.now_ms();
        let reason = match why {
            Forfeit::Resigned => format!("{me} resigned"),
            Forfeit::TimedOut => format!("{me} ran out of time"),
            Forfeit::Withdrew => format!("{me} withdrew"),
        };
        if let Some(ply) = game.leave_ply(Seat(seat)) {
            let before = game.to_move();
            let done = game.play(&ply).map_err(|e| {
                Stop::Refuse(i18n::text_with(
                    lang,
                    "refuse-cannot-leave",
                    &[(
                        "reason",
                        i18n::refusals::move_error(lang, record.kind, &e).into(),
                    )],
                ))
            })?;
            record.moves.push(done);
            record.position = game.position_text();
            return Ok(match rules_result(game) {
                Some(result) => {
                    record.status = Status::Finished(result);
                    i18n::text_with(lang, "forfeit-over", &args)
                }
                None => {
                    // Someone leaving out of turn leaves the mover's clock as it was.
                    if game.to_move() != before {
                        self.restart_clock(record);
                    }
                    i18n::text_with(lang, "forfeit-on", &args)
                }
            });
        }
        record.status = Status::Finished(GameResult::new(
            (0..record.seats.len())
                .filter_map(|s| u8::try_from(s).ok())
                .filter(|&s| s != seat)
                .collect(),
            reason,
        ));
        Ok(match why {
            Forfeit::Resigned | Forfeit::Withdrew => String::new(),
            Forfeit::TimedOut => i18n::text_with(lang, "notice-timed-out", &args),
        })
    }
}

/// A paused clock running again with the time it had left.
pub(super) fn resumed(mut clock: crate::store::MoveClock, now: u64) -> crate::store::MoveClock {
    if let Some(left) = clock.paused.take() {
        clock.deadline = now.saturating_add(left);
    }
    clock
}

/// The users still playing in the other seats.
pub(super) fn others_playing(record: &GameRecord, game: &AnyGame, seat: u8) -> Vec<UserId> {
    record
        .seats
        .iter()
        .enumerate()
        .filter_map(|(s, p)| Some((u8::try_from(s).ok()?, p)))
        .filter(|(s, _)| *s != seat && !game.has_left(Seat(*s)))
        .filter_map(|(_, p)| p.user_id())
        .collect()
}

/// The words of a clock notice for the player to move, in `lang`: a reminder while their
/// time runs, the end of their time (with the grace left to move) once it is out.
pub(in crate::play) fn clock_notice(
    lang: Lang,
    record: &GameRecord,
    game: &AnyGame,
    clock: &crate::store::MoveClock,
    now: u64,
) -> String {
    let who = seat_label(lang, record, game, game.to_move().0);
    let (id, args) = if now >= clock.deadline {
        (
            "notice-out-of-time",
            ("grace", duration_in(lang, clock.grace)),
        )
    } else {
        (
            "notice-reminder",
            ("left", duration_in(lang, clock.deadline - now)),
        )
    };
    i18n::text_with(
        lang,
        id,
        &[
            ("who", who.into()),
            ("game", record.id.0.into()),
            (args.0, args.1.into()),
        ],
    )
}
