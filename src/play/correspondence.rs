//! Playing over days: the move clock's alarms ([`Play::fire_due`]), claiming a win on
//! time, pausing by agreement, and who hears of their turn how (`/settings`).

use crate::games::{AnyGame, Seat};
use crate::i18n::{self, Arg, Lang};
use crate::store::{
    ChannelId, ClockStage, GameId, GameRecord, GameResult, Notify, Place, Status, Store,
    StoreError, TournamentHosts, UserId, UserSettings,
};

use super::command::{Answer, Context};
use super::proposal::PAUSE;
use super::reply::{Button, ButtonStyle, Component, Direct, MovesOn, News, Reply};
use super::text::{board_reply, seat_label};
use super::timing::{clock_line, clock_now, duration_in, fresh_clock, ClockNow};
use super::{refuse, say_with, Loaded, Play, Stop};

/// Something the bot says on its own, not in answer to a command: a reminder, a player out
/// of time, a game ended by timeout. The front end posts it in `place`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The game it is about.
    pub game: GameId,
    /// Where the game is played.
    pub place: Place,
    /// What to post.
    pub reply: Reply,
}

/// What a server's admins may choose with `/settings` besides threads.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ServerChoices {
    /// The language of the server's posts.
    pub lang: Option<Lang>,
    /// Who may make tournaments.
    pub tournaments: Option<TournamentHosts>,
}

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
            return Ok(match super::handlers::rules_result(game) {
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

    /// Fires every alarm that is due: the quarter-time reminder, the end of time (with a
    /// "Claim win" button for the others), the end by timeout after the grace. Each stage is
    /// written before its notice is returned, and a stage that was written is never fired
    /// again, so a notice goes out once even across restarts; when the bot was down past
    /// several stages, only the latest is announced. The front ends call this on a timer.
    pub fn fire_due(&self) -> Vec<Notice> {
        let now = self.clock.now_ms();
        let due = match self.store.deadlines_until(now) {
            Ok(due) => due,
            Err(error) => {
                tracing::error!(%error, "could not read the deadlines");
                return Vec::new();
            }
        };
        // How late the oldest due alarm is: the scheduler's lag, for `/metrics`.
        let oldest = due.iter().map(|(at, _)| *at).min().unwrap_or(now);
        crate::metrics::scheduler_lag(std::time::Duration::from_millis(now.saturating_sub(oldest)));
        let mut notices: Vec<Notice> = due
            .into_iter()
            .filter_map(|(_, id)| match self.fire(id, now) {
                Ok(notice) => notice,
                // Someone moved meanwhile: the next look sees the new clock.
                Err(Stop::Conflict(_)) => None,
                Err(Stop::Fail(error)) => {
                    tracing::error!(game = id.0, %error, "a deadline could not be handled");
                    None
                }
                Err(Stop::Refuse(why)) => {
                    tracing::warn!(game = id.0, %why, "a deadline was refused");
                    None
                }
                Err(Stop::Say(why, _)) => {
                    tracing::warn!(game = id.0, %why, "a deadline was refused");
                    None
                }
            })
            .collect();
        // Games ended by time may end a tournament's round: the next one begins now.
        notices.extend(self.tournament_notices());
        // The stages are on disk before anyone hears of them: a crash after this cannot
        // make a notice go out twice.
        if !notices.is_empty() {
            if let Err(error) = self.store.flush() {
                tracing::error!(%error, "could not flush the fired deadlines");
            }
        }
        notices
    }

    /// One game's due alarm.
    fn fire(&self, id: GameId, now: u64) -> Result<Option<Notice>, Stop> {
        let Loaded {
            mut record,
            mut game,
        } = self.load(id)?;
        let (Some(clock), Some(alarm)) = (record.clock, record.alarm()) else {
            return Ok(None);
        };
        if alarm > now {
            return Ok(None);
        }
        if super::computer::computer_to_move(&record, &game).is_some() {
            // The computer is never reminded and never runs out of time: it moves as soon
            // as a search is free. Its clock (late only when the bot was down) starts again.
            self.restart_clock(&mut record);
            self.store.replace(&record)?;
            return Ok(None);
        }
        let seat = game.to_move().0;
        let lang = self.place_lang(record.place.guild);
        let board_button = Button::new(
            "board",
            id,
            &i18n::text(lang, "button-board"),
            ButtonStyle::Secondary,
        );
        let mover = record
            .seats
            .get(usize::from(seat))
            .and_then(crate::store::Player::user_id);
        let reply = if now >= clock.deadline.saturating_add(clock.grace) {
            let headline = self.forfeit(&mut record, &mut game, seat, Forfeit::TimedOut, lang)?;
            let record = self.store.replace(&record)?;
            board_reply(&record, &game, &headline, now, lang)
        } else if now >= clock.deadline {
            record.clock = Some(crate::store::MoveClock {
                stage: ClockStage::Expired,
                ..clock
            });
            let record = self.store.replace(&record)?;
            let others: Vec<UserId> = others_playing(&record, &game, seat);
            Reply::public(clock_notice(lang, &record, &game, &clock, now))
                .about(id, News::Clock)
                .mentioning(others)
                .with(Component::Buttons(vec![
                    Button::new(
                        "claim",
                        id,
                        &i18n::text(lang, "button-claim-win"),
                        ButtonStyle::Danger,
                    ),
                    board_button,
                ]))
        } else {
            record.clock = Some(crate::store::MoveClock {
                stage: ClockStage::Reminded,
                ..clock
            });
            self.store.replace(&record)?;
            Reply::public(clock_notice(lang, &record, &game, &clock, now))
                .about(id, News::Clock)
                .mentioning(mover)
                .with(Component::Moves {
                    on: MovesOn::Game(id),
                    moves: game.legal_moves(),
                    label: i18n::text(lang, "button-move"),
                })
                .with(Component::Buttons(vec![board_button]))
        };
        Ok(Some(self.notice(id, record.place, reply)))
    }

    /// `/claim`: a player out of time loses (or, in a game that goes on without them, is
    /// skipped from then on), at the word of any other seated player.
    pub(super) fn claim(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let (
            Loaded {
                mut record,
                mut game,
            },
            seat,
        ) = self.seated(ctx, id)?;
        let id = record.id;
        let game_arg = || ("game", Arg::from(id.0));
        let Some(clock) = record.clock else {
            return say_with("claim-no-clock", [game_arg()]);
        };
        let to_move = game.to_move().0;
        if to_move == seat {
            return say_with("claim-your-turn", [game_arg()]);
        }
        if super::computer::computer_to_move(&record, &game).is_some() {
            return say_with("claim-computer", [game_arg()]);
        }
        let now = self.clock.now_ms();
        match clock_now(&clock, now) {
            ClockNow::Paused(_) => return say_with("claim-paused", [game_arg()]),
            ClockNow::Running(left) => {
                let lang = self.reader_lang(ctx);
                return refuse(i18n::text_with(
                    lang,
                    "claim-time-left",
                    &[
                        ("who", seat_label(lang, &record, &game, to_move).into()),
                        ("left", duration_in(lang, left).into()),
                        game_arg(),
                    ],
                ));
            }
            ClockNow::Out(_) => {}
        }
        let lang = self.place_lang(record.place.guild);
        let headline = self.forfeit(&mut record, &mut game, to_move, Forfeit::TimedOut, lang)?;
        let record = self.store.replace(&record)?;
        let claimed = i18n::text_with(
            lang,
            "claim-claimed",
            &[
                ("who", ctx.user.name.as_str().into()),
                ("headline", headline.into()),
            ],
        );
        Ok(board_reply(&record, &game, claimed.trim(), now, lang))
    }

    /// `/pause`: propose a pause of the clock (vacation), or answer a proposal. A pause
    /// needs another player's yes; the time left is kept and given back on `/resume`.
    pub(super) fn pause(
        &self,
        ctx: &Context,
        id: Option<GameId>,
        answer: Answer,
    ) -> Result<Reply, Stop> {
        let (Loaded { mut record, game }, seat) = self.seated(ctx, id)?;
        let id = record.id;
        let Some(mut clock) = record.clock else {
            return say_with("pause-no-clock", [("game", id.0.into())]);
        };
        if clock.paused.is_some() {
            return say_with("pause-already", [("game", id.0.into())]);
        }
        // The computer takes its time off whenever a player needs a break.
        let computer = answer == Answer::Propose
            && super::computer::only_computers_besides(&record, &game, seat);
        let asked = if computer {
            record.pending = None;
            None
        } else {
            self.answer_proposal(&mut record, &game, (seat, ctx), answer, &PAUSE, &[])?
        };
        if let Some(reply) = asked {
            return Ok(reply);
        }
        let now = self.clock.now_ms();
        clock.paused = Some(clock.deadline.saturating_sub(now));
        record.clock = Some(clock);
        let record = self.store.replace(&record)?;
        Ok(self.seat_board(&record, &game, seat, ("pause-done", &[]), now))
    }

    /// `/resume`: any player starts a paused game's clock again, with the time that was
    /// left. (A move in a paused game resumes it too.)
    pub(super) fn resume(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let (Loaded { mut record, game }, seat) = self.seated(ctx, id)?;
        let id = record.id;
        let Some(clock) = record.clock.filter(|c| c.paused.is_some()) else {
            return say_with("pause-not-paused", [("game", id.0.into())]);
        };
        let now = self.clock.now_ms();
        record.clock = Some(resumed(clock, now));
        record.updated = now;
        let record = self.store.replace(&record)?;
        Ok(self.seat_board(&record, &game, seat, ("pause-resumed", &[]), now))
    }

    /// `/settings`: shows or changes how the caller hears of their turn and reminders and
    /// the language they read, and (server admins) whether the server's games get a thread
    /// each and the language of the server's public posts. Answered in the caller's
    /// language as it is after the change.
    pub(super) fn settings(
        &self,
        ctx: &Context,
        notify: Option<Notify>,
        threads: Option<bool>,
        language: Option<Lang>,
        server: ServerChoices,
    ) -> Result<Reply, Stop> {
        let server_language = server.lang;
        let server_wide = [
            (
                threads.is_some(),
                "settings-threads-not-server",
                "settings-threads-admins-only",
            ),
            (
                server_language.is_some(),
                "settings-language-not-server",
                "settings-language-admins-only",
            ),
            (
                server.tournaments.is_some(),
                "settings-tournaments-not-server",
                "settings-tournaments-admins-only",
            ),
        ];
        for (asked, not_server, admins_only) in server_wide {
            match (asked, ctx.place.guild) {
                (true, None) => return refuse(i18n::text(self.reader_lang(ctx), not_server)),
                (true, Some(_)) if !ctx.manager => {
                    return refuse(i18n::text(self.reader_lang(ctx), admins_only))
                }
                _ => {}
            }
        }
        let changes_mine = notify.is_some() || language.is_some();
        let mut mine = match (self.store.settings(ctx.user.id), changes_mine) {
            (Ok(settings), _) => settings,
            // A damaged entry is replaced by the new choice.
            (Err(_), true) => UserSettings::default(),
            (Err(error), false) => return Err(error.into()),
        };
        if let Some(notify) = notify {
            mine.notify = notify;
        }
        if language.is_some() {
            mine.lang = language;
        }
        if changes_mine {
            self.store.set_settings(ctx.user.id, mine.clone())?;
        }
        let lang = mine.lang.unwrap_or(ctx.lang);
        let how = Notify::ALL
            .iter()
            .find(|(n, _)| *n == mine.notify)
            .map_or("channel", |(_, name)| name);
        let mut lines = vec![
            i18n::text_with(
                lang,
                "settings-notify",
                &[("saved", notify.is_some().into()), ("how", how.into())],
            ),
            i18n::text_with(
                lang,
                "settings-language",
                &[
                    ("saved", language.is_some().into()),
                    ("language", lang.native_name().into()),
                    // Russian and Polish say "по-русски", "po polsku": chosen by code.
                    ("code", lang.code().into()),
                    ("chosen", mine.lang.is_some().into()),
                ],
            ),
        ];
        if let Some(guild) = ctx.place.guild {
            let chosen = server.tournaments;
            let mut server = self.store.guild_settings(guild).unwrap_or_default();
            if threads.is_some() || server_language.is_some() || chosen.is_some() {
                server.threads = threads.or(server.threads);
                server.lang = server_language.or(server.lang);
                server.tournaments = chosen.or(server.tournaments);
                self.store.set_guild_settings(guild, server)?;
            }
            lines.push(i18n::text_with(
                lang,
                "settings-threads",
                &[("on", server.threads.unwrap_or(true).into())],
            ));
            // The server's Discord language was noted when this command came in.
            let posts = server.posts_lang().unwrap_or(self.default_lang);
            lines.push(i18n::text_with(
                lang,
                "settings-server-language",
                &[
                    ("language", posts.native_name().into()),
                    ("code", posts.code().into()),
                ],
            ));
            let hosts = server.tournaments.unwrap_or(TournamentHosts::Everyone);
            lines.push(i18n::text_with(
                lang,
                "settings-tournaments",
                &[("hosts", hosts.name().into())],
            ));
        }
        Ok(Reply::private(lines.join("\n")))
    }

    /// Moves a game to another channel (the thread a front end opened for it), so its
    /// commands, boards and notices live there from now on.
    ///
    /// # Errors
    /// The store failed, or the game kept changing (three tries).
    pub fn move_to_channel(&self, game: GameId, channel: ChannelId) -> Result<(), StoreError> {
        let mut last = StoreError::Conflict(game);
        for _ in 0..3 {
            let mut record = self.store.get(game)?;
            record.home = Some(record.place.channel);
            record.place.channel = channel;
            match self.store.replace(&record) {
                Ok(_) => return Ok(()),
                Err(StoreError::Conflict(id)) => last = StoreError::Conflict(id),
                Err(other) => return Err(other),
            }
        }
        Err(last)
    }

    /// The people seated at `game` (forgotten players and the computer left out): who is
    /// told by direct message of a post that reached no channel. None when the game cannot
    /// be read.
    #[must_use]
    pub fn human_players(&self, game: GameId) -> Vec<u64> {
        self.store.get(game).map_or_else(
            |_| Vec::new(),
            |record| {
                record
                    .seats
                    .iter()
                    .filter(|seat| !seat.is_forgotten())
                    .filter_map(|seat| seat.user_id().map(|user| user.0))
                    .collect()
            },
        )
    }

    /// Moves a game whose thread the bot can no longer reach back to the channel the thread
    /// was opened from; returns where it is now played and the language of the posts there,
    /// or `None` for a game that was never moved into a thread.
    ///
    /// # Errors
    /// Store failures (a write that keeps losing its compare-and-swap included).
    pub fn move_home(&self, game: GameId) -> Result<Option<(Place, Lang)>, StoreError> {
        for _ in 0..3 {
            let mut record = self.store.get(game)?;
            let Some(home) = record.home.take() else {
                return Ok(None);
            };
            record.place.channel = home;
            match self.store.replace(&record) {
                Ok(_) => return Ok(Some((record.place, self.place_lang(record.place.guild)))),
                Err(StoreError::Conflict(_)) => {}
                Err(other) => return Err(other),
            }
        }
        Err(StoreError::Conflict(game))
    }

    /// Sends each mentioned user's notification the way they chose: kept as a mention,
    /// moved to a direct message (in their language), or dropped.
    pub(super) fn address(&self, mut reply: Reply) -> Reply {
        if reply.private || reply.mentions.is_empty() {
            return reply;
        }
        let mut mentions = Vec::new();
        let mut direct = Vec::new();
        for user in std::mem::take(&mut reply.mentions) {
            let settings = self.store.settings(user).unwrap_or_else(|error| {
                tracing::warn!(%error, "reading settings; using the defaults");
                UserSettings::default()
            });
            match settings.notify {
                Notify::Channel => mentions.push(user),
                Notify::Dm => direct.push((user, settings.dm_lang())),
                Notify::Off => {}
            }
        }
        reply.mentions = mentions;
        if !direct.is_empty() {
            let told = self.directs(&reply, &direct);
            reply.direct.extend(told);
        }
        reply
    }

    /// The direct messages telling `readers` (each with the language they read, if known)
    /// of `reply`: what the channel was told, or, for one who reads another language than
    /// the channel, the game drawn up again in theirs ([`news_in`]). The game is loaded
    /// once for all of them.
    fn directs(&self, reply: &Reply, readers: &[(UserId, Option<Lang>)]) -> Vec<Direct> {
        let news = match reply.board_of {
            Some(id) => Some((id, News::Game)),
            None => reply.about,
        };
        let loaded = news.and_then(|(id, news)| Some((self.load(id).ok()?, news)));
        let post = loaded.as_ref().map_or(self.default_lang, |(l, _)| {
            self.place_lang(l.record.place.guild)
        });
        readers
            .iter()
            .map(|&(user, lang)| {
                let (lang, text) = match (&loaded, lang) {
                    (Some((loaded, news)), Some(lang)) if lang != post => {
                        (lang, news_in(lang, loaded, *news, self.clock.now_ms()))
                    }
                    // Told as the channel was, in the channel's language.
                    _ => (post, reply.text.clone()),
                };
                let record = loaded.as_ref().map(|(loaded, _)| &loaded.record);
                Direct {
                    user,
                    lang,
                    text,
                    button: record.and_then(|record| self.play_button(record, user, lang)),
                }
            })
            .collect()
    }

    /// `/games`' extra facts about one game: its clock and where its latest board is.
    pub(super) fn games_extra(&self, record: &GameRecord, lang: Lang) -> String {
        let mut extra = String::new();
        if let (Some(clock), Status::Active) = (record.clock, &record.status) {
            let state = match clock_now(&clock, self.clock.now_ms()) {
                ClockNow::Paused(_) => i18n::text(lang, "games-paused"),
                ClockNow::Out(_) => i18n::text(lang, "games-out-of-time"),
                ClockNow::Running(left) => i18n::text_with(
                    lang,
                    "games-time-left",
                    &[("left", duration_in(lang, left).into())],
                ),
            };
            extra.push_str(&format!(" · {state}"));
        }
        if let Ok(Some(link)) = self.store.board_link(record.id) {
            let link = i18n::text_with(lang, "games-latest-board", &[("link", link.into())]);
            extra.push_str(&format!(" · {link}"));
        }
        extra
    }
}

/// The words of a clock notice for the player to move, in `lang`: a reminder while their
/// time runs, the end of their time (with the grace left to move) once it is out.
fn clock_notice(
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

/// What a game's post told, drawn up again from the game in `lang`: a challenge and how
/// to answer it, a proposal waiting for its answer, a clock's notice, or (a board, or news
/// the game has moved past) the board's text. What only the post's headline said (who
/// just moved) is left to the board's last move.
fn news_in(lang: Lang, loaded: &Loaded, news: News, now: u64) -> String {
    let Loaded { record, game } = loaded;
    let active = record.status == Status::Active;
    let told = match news {
        News::Challenge => super::text::not_begun_text(lang, record),
        News::Offer if active => super::proposal::pending_text(lang, record, game),
        News::Clock if active => record
            .clock
            .filter(|c| matches!(c.stage, ClockStage::Reminded | ClockStage::Expired))
            .map(|clock| clock_notice(lang, record, game, &clock, now)),
        News::Offer | News::Clock | News::Game => None,
    };
    told.unwrap_or_else(|| board_reply(record, game, "", now, lang).text)
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

/// The board's clock line for a record (who is to move, by name): how long they have, or
/// that the game is paused or out of time; `None` for a game without a clock or not running.
#[must_use]
pub fn board_clock_line(
    record: &GameRecord,
    game: &AnyGame,
    now: u64,
    lang: Lang,
) -> Option<String> {
    if record.status != Status::Active {
        return None;
    }
    let who = super::text::seat_label(lang, record, game, game.to_move().0);
    clock_line(record, &who, now, lang)
}
