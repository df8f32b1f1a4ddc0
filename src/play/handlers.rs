//! One method per command. Each checks who may do what, then writes through the store's
//! compare-and-swap so two clicks at once can never both land.

use crate::ai::Level;
use crate::games::{AnyGame, GameKind, Outcome as RulesOutcome, Seat};
use crate::i18n::{self, Arg, Lang};
use crate::store::{
    ChallengeRecord, GameId, GameRecord, GameResult, Player, SeatChoice, Status, Store, UserId,
};

use super::command::{Answer, Context, User};
use super::computer::only_computers_besides;
use super::correspondence::{others_playing, resumed, Forfeit};
use super::proposal::{after_move, DRAW, TAKEBACK};
use super::reply::{Button, ButtonStyle, Component, News, Reply};
use super::table::{table_buttons, table_options, table_text};
use super::text::{self, board_reply, challenge_line, seat_label};
use super::timing::{parse_days, DAY_CHOICES};
use super::{refuse, say, say_with, squash, Loaded, Play, Stop, MAX_CHOICES};
use crate::games::SetupError;

fn player(user: &User) -> Player {
    Player::User {
        id: user.id,
        name: user.name.clone(),
    }
}

/// The result a finished game's rules outcome gives, if finished.
pub(super) fn rules_result(game: &AnyGame) -> Option<GameResult> {
    let kind = game.kind().info();
    match &game.outcome() {
        RulesOutcome::Ongoing => None,
        // A game that went on without those who left, until one was alone.
        RulesOutcome::Win(seat)
            if (0..game.seat_count())
                .filter(|&s| !game.has_left(Seat(s as u8)))
                .count()
                == 1
                && game.seat_count() > 1
                && game.leave_ply(*seat).is_some() =>
        {
            Some(GameResult::new(vec![seat.0], "everyone else left"))
        }
        RulesOutcome::Win(seat) => Some(GameResult::new(vec![seat.0], kind.win_reason)),
        RulesOutcome::SharedWin(seats) => Some(GameResult::new(
            seats.iter().map(|s| s.0).collect(),
            "shared the best score",
        )),
        RulesOutcome::Draw(reason) => Some(GameResult::new(Vec::new(), reason.to_string())),
    }
}

/// Reads `days=…` (a challenge's or a tournament's clock), refusing with the choices.
pub(super) fn days_option(value: &str) -> Result<Option<u8>, Stop> {
    parse_days(value).map_err(|_| {
        Stop::Say(
            "refuse-bad-days",
            vec![
                ("typed", value.trim().into()),
                (
                    "choices",
                    DAY_CHOICES.map(|d| d.to_string()).join("|").into(),
                ),
            ],
        )
    })
}

/// Reads `rated=…`.
pub(super) fn parse_rated(value: &str) -> Result<bool, Stop> {
    match value.trim().to_ascii_lowercase().as_str() {
        "yes" | "on" | "true" => Ok(true),
        "no" | "off" | "false" => Ok(false),
        other => say_with("refuse-bad-rated", [("typed", other.into())]),
    }
}

/// Whether a challenge is rated: as asked, yes between people by default. A game with the
/// computer or a handicap is never rated (the one is no measure of a person, the other of
/// an even game), and asking for it says so.
fn rated_choice(
    asked: Option<bool>,
    computers: &[Level],
    options: &[String],
) -> Result<bool, Stop> {
    let handicap = options.iter().any(|o| {
        o.split('=')
            .next()
            .is_some_and(|k| k.trim().eq_ignore_ascii_case("handicap"))
    });
    let why_not = if !computers.is_empty() {
        Some("computer")
    } else if handicap {
        Some("handicap")
    } else {
        None
    };
    match (asked, why_not) {
        (Some(true), Some(why)) => say_with("refuse-never-rated", [("why", why.into())]),
        (_, Some(_)) => Ok(false),
        (asked, None) => Ok(asked.unwrap_or(true)),
    }
}

impl<S: Store> Play<S> {
    /// A game that could not be set up as asked, said in the caller's language.
    pub(super) fn setup_refusal(
        &self,
        ctx: &Context,
        kind: Option<GameKind>,
        error: &SetupError,
    ) -> Stop {
        Stop::Refuse(i18n::refusals::setup_error(
            self.reader_lang(ctx),
            kind,
            error,
        ))
    }

    pub(super) fn challenge(
        &self,
        ctx: &Context,
        game: &str,
        opponents: Vec<User>,
        options: &[String],
        seat: SeatChoice,
        computers: &[Level],
    ) -> Result<Reply, Stop> {
        let kind: GameKind = game
            .parse()
            .map_err(|e| self.setup_refusal(ctx, None, &e))?;
        // `days=N` is the bot's, not the game's: every game can be played on time.
        let mut days = None;
        let mut rated = None;
        let mut game_options = Vec::with_capacity(options.len());
        for option in options {
            match option.split_once('=') {
                Some((key, value)) if key.trim().eq_ignore_ascii_case("days") => {
                    days = days_option(value)?;
                }
                // `rated=yes|no` is the bot's too: whether the result changes ratings.
                Some((key, value)) if key.trim().eq_ignore_ascii_case("rated") => {
                    rated = Some(parse_rated(value)?);
                }
                // The deal is the bot's to draw, so nobody can pick a set-up they know.
                Some((key, _)) if key.trim().eq_ignore_ascii_case("seed") => {
                    return say("refuse-no-seed");
                }
                _ => game_options.push(option.clone()),
            }
        }
        let options = game_options.as_slice();
        let rated = rated_choice(rated, computers, options)?;
        if opponents.iter().any(|o| o.id == ctx.user.id) {
            return say("refuse-challenge-yourself");
        }
        if let Some((i, twice)) = opponents
            .iter()
            .enumerate()
            .find(|(i, o)| opponents[..*i].iter().any(|p| p.id == o.id))
        {
            let _ = i;
            return say_with("refuse-named-twice", [("name", twice.name.as_str().into())]);
        }
        let max = usize::from(kind.info().max_seats);
        if opponents.len() + computers.len() + 1 > max {
            return say_with(
                "refuse-too-many-opponents",
                [
                    ("kind", kind.into()),
                    ("max", max.into()),
                    ("opponents", (max - 1).into()),
                ],
            );
        }
        let table = if max > 2 {
            Some(table_options(
                kind,
                &ctx.user,
                &opponents,
                computers.len(),
                options,
                self.reader_lang(ctx),
            )?)
        } else {
            None
        };
        let seed = if kind.info().shuffles {
            self.dice.roll(0)
        } else {
            0
        };
        let mut pairs = table
            .as_ref()
            .map_or_else(|| options.to_vec(), |t| t.pairs.clone());
        if kind.info().shuffles {
            pairs.push(format!("seed={seed}"));
        }
        let start = crate::games::AnyGame::new(kind, &pairs, None)
            .map_err(|e| self.setup_refusal(ctx, Some(kind), &e))?;
        let now = self.clock.now_ms();
        let mut named = opponents.iter().map(player);
        let (by_player, target) = table.map_or((Vec::new(), None), |t| (t.by_player, t.target));
        let record = self.store.insert(GameRecord {
            id: GameId(0),
            kind,
            options: start
                .non_default_options()
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            seed,
            start: None,
            seats: Vec::new(),
            place: ctx.place,
            home: None,
            moves: Vec::new(),
            position: start.position_text(),
            status: Status::Challenge(ChallengeRecord {
                from: player(&ctx.user),
                to: named.next(),
                seat,
                invited: named.collect(),
                // The computer takes its seat at once: there is nobody to ask.
                joined: computers
                    .iter()
                    .map(|level| Player::Computer { level: level.get() })
                    .collect(),
                by_player,
                target,
            }),
            pending: None,
            agreed: Vec::new(),
            created: now,
            updated: now,
            days,
            clock: None,
            rated,
            tournament: None,
            version: 0,
        })?;
        let mentions = opponents.iter().map(|o| o.id);
        let lang = self.place_lang(record.place.guild);
        if !computers.is_empty() && opponents.is_empty() {
            // Only the computer was challenged: the game begins now.
            let Status::Challenge(challenge) = record.status.clone() else {
                return say("refuse-challenge-gone");
            };
            let names: Vec<String> = challenge
                .joined
                .iter()
                .map(|p| text::player_name(lang, p))
                .collect();
            let headline = i18n::text_with(
                lang,
                "challenge-computer",
                &[
                    ("from", ctx.user.name.as_str().into()),
                    ("named", names.join(", ").into()),
                    ("game", record.id.0.into()),
                ],
            );
            return self.begin(record, challenge, &headline);
        }
        if max > 2 {
            return Ok(Reply::public(table_text(lang, &record, &opponents))
                .about(record.id, News::Challenge)
                .mentioning(mentions)
                .with(Component::Buttons(table_buttons(lang, &record))));
        }
        let id = record.id;
        let what = text::challenge_line(lang, &record);
        let (answer, label) = if opponents.is_empty() {
            ("cancel", "button-cancel")
        } else {
            ("decline", "button-decline")
        };
        let buttons = vec![
            Button::new(
                "accept",
                id,
                &i18n::text(lang, "button-accept"),
                ButtonStyle::Primary,
            ),
            Button::new(answer, id, &i18n::text(lang, label), ButtonStyle::Danger),
        ];
        let prompt = match opponents.first() {
            Some(o) => i18n::text_with(
                lang,
                "challenge-answer",
                &[("name", o.name.as_str().into())],
            ),
            None => i18n::text(lang, "challenge-anyone"),
        };
        let text = format!("{what}\n{prompt}");
        Ok(Reply::public(text)
            .about(id, News::Challenge)
            .mentioning(mentions)
            .with(Component::Buttons(buttons)))
    }

    /// The challenge a command means: by id, or the only one in this channel that `fits`.
    pub(super) fn pick_challenge(
        &self,
        ctx: &Context,
        id: Option<GameId>,
        fits: impl Fn(&ChallengeRecord) -> bool,
        none: &'static str,
    ) -> Result<(GameRecord, ChallengeRecord), Stop> {
        self.pick_ranked_challenge(ctx, id, |c| fits(c).then_some(0), none)
    }

    /// The challenge a command means: by id, or the only one in this channel of the best
    /// `rank` (lower is better; `None`: does not fit), so a challenge naming the caller
    /// comes before open ones. Several of the best rank: the caller is asked which.
    pub(super) fn pick_ranked_challenge(
        &self,
        ctx: &Context,
        id: Option<GameId>,
        rank: impl Fn(&ChallengeRecord) -> Option<u8>,
        none: &'static str,
    ) -> Result<(GameRecord, ChallengeRecord), Stop> {
        if let Some(id) = id {
            let record = self.store.get(id)?;
            return match &record.status {
                Status::Challenge(c) => {
                    let c = c.clone();
                    Ok((record, c))
                }
                _ => say_with("refuse-not-a-challenge", [("game", id.0.into())]),
            };
        }
        let ranked: Vec<(u8, GameRecord, ChallengeRecord)> = self
            .store
            .challenges_in_channel(ctx.place.channel)?
            .into_iter()
            .filter_map(|r| match &r.status {
                Status::Challenge(c) => {
                    let c = c.clone();
                    Some((rank(&c)?, r, c))
                }
                _ => None,
            })
            .collect();
        let best = ranked.iter().map(|(rank, ..)| *rank).min();
        let mut found: Vec<(GameRecord, ChallengeRecord)> = ranked
            .into_iter()
            .filter(|(rank, ..)| Some(*rank) == best)
            .map(|(_, r, c)| (r, c))
            .collect();
        match found.len() {
            0 => say(none),
            1 => Ok(found.remove(0)),
            _ => {
                let lang = self.reader_lang(ctx);
                refuse(i18n::text_with(
                    lang,
                    "refuse-several-challenges",
                    &[(
                        "challenges",
                        found
                            .iter()
                            .map(|(r, _)| challenge_line(lang, r))
                            .collect::<Vec<_>>()
                            .join("; ")
                            .into(),
                    )],
                ))
            }
        }
    }

    pub(super) fn accept(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let me = ctx.user.id;
        // A challenge naming the caller comes before the open ones anyone may take.
        let (record, challenge) = self.pick_ranked_challenge(
            ctx,
            id,
            |c| match &c.to {
                _ if c.has_joined(me) => None,
                Some(_) => c.names(me).then_some(0),
                None => (c.from.user_id() != Some(me)).then_some(1),
            },
            "refuse-no-challenge-for-you",
        )?;
        if challenge.from.user_id() == Some(me) {
            return say("refuse-own-challenge");
        }
        if record.kind.info().max_seats > 2 {
            return self.join(ctx, record, challenge);
        }
        if let Some(to) = &challenge.to {
            if to.user_id() != Some(me) {
                return say_with("refuse-not-for-you", [("name", to.name().into())]);
            }
        }
        let mut challenge = challenge;
        challenge.joined = vec![player(&ctx.user)];
        let lang = self.place_lang(record.place.guild);
        let headline = i18n::text_with(
            lang,
            "challenge-accepted",
            &[
                ("who", ctx.user.name.as_str().into()),
                ("from", challenge.from.name().into()),
                ("kind", i18n::game_title(lang, record.kind).into()),
                ("game", record.id.0.into()),
            ],
        );
        self.begin(record, challenge, &headline)
    }

    pub(super) fn decline(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let me = ctx.user.id;
        let (mut record, challenge) = self.pick_challenge(
            ctx,
            id,
            |c| c.names(me) || c.has_joined(me),
            "refuse-nothing-to-decline",
        )?;
        if record.kind.info().max_seats > 2 && challenge.names(me) {
            return self.decline_seat(ctx, record, challenge);
        }
        // Declining a table one sat down at is standing up from it.
        if challenge.has_joined(me) {
            return self.leave_table(ctx, record, challenge);
        }
        match &challenge.to {
            None if challenge.from.user_id() == Some(me) => return say("refuse-decline-own"),
            None => return say("refuse-decline-open"),
            Some(to) if to.user_id() != Some(me) => {
                return say_with("refuse-not-for-you", [("name", to.name().into())])
            }
            Some(_) => {}
        }
        record.status = Status::Declined;
        record.updated = self.clock.now_ms();
        self.store.replace(&record)?;
        Ok(Reply::public(i18n::text_with(
            self.place_lang(record.place.guild),
            "challenge-declined",
            &[
                ("who", ctx.user.name.as_str().into()),
                ("from", challenge.from.name().into()),
                ("game", record.id.0.into()),
            ],
        ))
        .about(record.id, News::Challenge)
        .mentioning(challenge.from.user_id()))
    }

    pub(super) fn cancel(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let me = ctx.user.id;
        let (mut record, challenge) = self.pick_challenge(
            ctx,
            id,
            |c| c.from.user_id() == Some(me),
            "refuse-nothing-to-cancel",
        )?;
        if challenge.from.user_id() != Some(me) {
            return say_with(
                "refuse-cancel-not-yours",
                [("name", challenge.from.name().into())],
            );
        }
        record.status = Status::Cancelled;
        record.updated = self.clock.now_ms();
        self.store.replace(&record)?;
        // Everyone named or already seated hears that it is off.
        let concerned: Vec<UserId> = challenge
            .named()
            .chain(&challenge.joined)
            .filter_map(Player::user_id)
            .fold(Vec::new(), |mut all, u| {
                if !all.contains(&u) {
                    all.push(u);
                }
                all
            });
        Ok(Reply::public(i18n::text_with(
            self.place_lang(record.place.guild),
            "challenge-withdrawn",
            &[
                ("who", ctx.user.name.as_str().into()),
                ("game", record.id.0.into()),
            ],
        ))
        .about(record.id, News::Challenge)
        .mentioning(concerned))
    }

    /// The game a seated-player command means: by id, or the caller's only active game here
    /// (asked which when there are several, told how it stands when there is none).
    pub(super) fn my_game(&self, ctx: &Context, id: Option<GameId>) -> Result<GameRecord, Stop> {
        if let Some(id) = id {
            return Ok(self.store.get(id)?);
        }
        let me = ctx.user.id;
        let here = self.store.games_in_channel(ctx.place.channel)?;
        let mine: Vec<&GameRecord> = here
            .iter()
            .filter(|r| r.status == Status::Active && r.seat_of(me).is_some())
            .collect();
        match mine.as_slice() {
            [] => refuse(self.no_game_here(self.reader_lang(ctx), me, &here)),
            [only] => Ok((*only).clone()),
            several => {
                let lang = self.reader_lang(ctx);
                let intro = i18n::text_with(
                    lang,
                    "which-yours",
                    &[("count", several.len().into()), ("over", false.into())],
                );
                refuse(which_game(lang, &intro, several, me))
            }
        }
    }

    /// Why a caller without a game in progress here has none: their latest challenge here
    /// still waits, or their latest game here is over (and how it ended), or they have none.
    fn no_game_here(&self, lang: Lang, me: UserId, here: &[GameRecord]) -> String {
        let latest = here
            .iter()
            .filter(|r| match &r.status {
                Status::Challenge(c) => {
                    c.from.user_id() == Some(me) || c.names(me) || c.has_joined(me)
                }
                Status::Finished(_) | Status::Aborted => r.seat_of(me).is_some(),
                _ => false,
            })
            .max_by_key(|r| (r.updated, r.id.0));
        match latest {
            Some(record) if matches!(record.status, Status::Challenge(_)) => {
                i18n::text_with(lang, "refuse-not-started", &[("game", record.id.0.into())])
            }
            Some(record) if record.status == Status::Aborted => {
                i18n::text_with(lang, "refuse-was-aborted", &[("game", record.id.0.into())])
            }
            Some(record) => match self.rebuild(record.clone()) {
                Ok(loaded) => text::over_text(lang, &loaded.record, &loaded.game),
                Err(_) => i18n::text_with(
                    lang,
                    "refuse-game-over",
                    &[("game", record.id.0.into()), ("known", false.into())],
                ),
            },
            None => i18n::text(lang, "refuse-no-game-here"),
        }
    }

    /// Loads the game and checks that the caller sits in it and it is being played.
    pub(super) fn seated(&self, ctx: &Context, id: Option<GameId>) -> Result<(Loaded, u8), Stop> {
        let loaded = self.rebuild(self.my_game(ctx, id)?)?;
        let id = loaded.record.id;
        match &loaded.record.status {
            Status::Active => {}
            Status::Challenge(_) => return say_with("refuse-not-started", [("game", id.0.into())]),
            Status::Finished(_) => {
                return refuse(text::over_text(
                    self.reader_lang(ctx),
                    &loaded.record,
                    &loaded.game,
                ))
            }
            Status::Declined | Status::Cancelled => {
                return say_with("refuse-never-started", [("game", id.0.into())])
            }
            Status::Aborted => return say_with("refuse-was-aborted", [("game", id.0.into())]),
        }
        let Some(seat) = loaded.record.seat_of(ctx.user.id) else {
            return say_with("refuse-not-playing", [("game", id.0.into())]);
        };
        if loaded.game.has_left(Seat(seat)) {
            return say_with("refuse-you-left", [("game", id.0.into())]);
        }
        Ok((loaded, seat))
    }

    pub(super) fn play_move(
        &self,
        ctx: &Context,
        id: Option<GameId>,
        mv: &str,
    ) -> Result<Reply, Stop> {
        if id.is_none() && self.puzzle_takes_move(ctx) {
            return self.puzzle_answer(ctx, mv);
        }
        let (loaded, seat) = self.seated(ctx, id)?;
        let to_move = loaded.game.to_move().0;
        if to_move != seat {
            let lang = self.reader_lang(ctx);
            return refuse(i18n::text_with(
                lang,
                "move-not-your-turn",
                &[
                    (
                        "who",
                        text::seat_label(lang, &loaded.record, &loaded.game, to_move).into(),
                    ),
                    ("game", loaded.record.id.0.into()),
                ],
            ));
        }
        self.play_turn(loaded, seat, mv, Some(ctx))
    }

    /// Plays `mv` (one ply, or several actions of a turn) for `seat`, whose turn it is:
    /// what a player's `/move` and the computer's reply both go through, so both are saved,
    /// announced and pictured alike. A refusal (and a mid-turn answer) is said in the
    /// language of `mover`, the player who sent it; the computer's would be English. It is
    /// looked up only then, so an accepted move reads no settings of the mover's.
    pub(super) fn play_turn(
        &self,
        Loaded {
            mut record,
            mut game,
        }: Loaded,
        seat: u8,
        mv: &str,
        mover: Option<&Context>,
    ) -> Result<Reply, Stop> {
        let lang = || mover.map_or(Lang::En, |ctx| self.reader_lang(ctx));
        // The place's language, read once and only when something public is said.
        let guild = record.place.guild;
        let post_lang = std::cell::OnceCell::new();
        let post = || *post_lang.get_or_init(|| self.place_lang(guild));
        let mv = &super::parse::normalise_move(record.kind, mv);
        let kind = record.kind;
        let said = |lang: Lang, moves: &[&str]| said_moves(lang, kind, moves);
        let plies = game.split_plies(mv).map_err(|e| {
            Stop::Refuse(format!(
                "{}.",
                i18n::refusals::move_error(lang(), record.kind, &e)
            ))
        })?;
        if plies.is_empty() {
            return refuse(i18n::text(lang(), "move-say-what"));
        }
        // All or nothing: every ply is tried on the loaded copy before anything is saved.
        let mut played = Vec::with_capacity(plies.len());
        for (i, ply) in plies.iter().enumerate() {
            if game.to_move().0 != seat || game.outcome().is_finished() {
                return refuse(i18n::text_with(
                    lang(),
                    "move-turn-ended",
                    &[
                        ("played", said(lang(), &strs(&played)).into()),
                        ("rest", said(lang(), &strs(&plies[i..])).into()),
                        ("count", i.into()),
                    ],
                ));
            }
            match game.play(ply) {
                Ok(done) => played.push(done),
                Err(error) => {
                    let lang = lang();
                    let reason = i18n::refusals::move_error(lang, record.kind, &error);
                    let mut why = move_refusal(lang, &game, ply, &reason);
                    if !played.is_empty() {
                        why.push(' ');
                        why.push_str(&i18n::text_with(
                            lang,
                            "move-nothing-played",
                            &[("played", said(lang, &strs(&played)).into())],
                        ));
                    }
                    return refuse(why);
                }
            }
        }
        record.moves.extend(played.iter().cloned());
        record.position = game.position_text();
        record.updated = self.clock.now_ms();
        // An open proposal stands or lapses by the rule of its kind; an ended game ends it.
        let proposal = match rules_result(&game) {
            Some(result) => {
                record.status = Status::Finished(result);
                record.pending = None;
                None
            }
            None if record.pending.is_some() => after_move(&mut record, &game, seat, post()),
            None => None,
        };
        let (proposal_text, lapsed_for) = proposal.unzip();
        let lapsed_for = lapsed_for.flatten();
        // A move ends a pause (its player is back); mid-turn the clock then runs on, and a
        // turn passed starts the next player's.
        record.clock = record.clock.map(|c| resumed(c, record.updated));
        if game.to_move().0 != seat {
            self.restart_clock(&mut record);
        }
        let record = self.store.replace(&record)?;
        if let (Some(left), Status::Active, true) = (
            game.actions_left(),
            &record.status,
            game.to_move().0 == seat,
        ) {
            // Mid-turn: only the mover hears of it; the table is posted when the turn ends.
            // A proposal that lapsed is news for everyone it was put to, though.
            let actions = |lang: Lang, public: bool| {
                i18n::text_with(
                    lang,
                    "move-mid-turn",
                    &[
                        ("who", seat_label(lang, &record, &game, seat).into()),
                        ("public", public.into()),
                        ("moves", said(lang, &strs(&played)).into()),
                        ("game", record.id.0.into()),
                        ("count", left.into()),
                    ],
                )
            };
            return Ok(match (proposal_text, lapsed_for) {
                (Some(lapse), Some(_)) => {
                    let post = post();
                    Reply::public(format!("{}\n{lapse}", actions(post, true)))
                        .about(record.id, News::Game)
                        .mentioning(others_playing(&record, &game, seat))
                        .with(Component::Buttons(text::action_buttons(
                            &record, &game, true, post,
                        )))
                }
                (stands, _) => {
                    let lang = lang();
                    // A proposal that stands left the record as it was: said again in the
                    // mover's language, as the rest of this answer.
                    let stands = stands.and_then(|_| {
                        after_move(&mut record.clone(), &game, seat, lang).map(|(text, _)| text)
                    });
                    Reply::private(
                        [Some(actions(lang, false)), stands]
                            .into_iter()
                            .flatten()
                            .collect::<Vec<_>>()
                            .join("\n"),
                    )
                    .with(Component::Buttons(text::action_buttons(
                        &record, &game, true, lang,
                    )))
                }
            });
        }
        // The whole turn, however many commands it took.
        let movers = game.movers();
        let turn: Vec<&str> = record
            .moves
            .iter()
            .zip(&movers)
            .rev()
            // Someone else leaving in the middle of this turn is not part of it.
            .filter(|(mv, m)| m.0 == seat || !game.is_leave(mv))
            .take_while(|(_, m)| m.0 == seat)
            .map(|(mv, _)| mv.as_str())
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let post = post();
        let mut headline = i18n::text_with(
            post,
            "game-played",
            &[
                ("who", text::seat_label(post, &record, &game, seat).into()),
                ("moves", said(post, &turn).into()),
            ],
        );
        if let Some(proposal) = proposal_text {
            headline = format!("{headline}\n{proposal}");
        }
        let mut reply = board_reply(&record, &game, &headline, self.clock.now_ms(), post);
        // The proposer hears that their proposal lapsed, even when it is not their turn.
        let proposer = lapsed_for.and_then(|s| record.seats.get(usize::from(s))?.user_id());
        if let Some(by) = proposer.filter(|by| !reply.mentions.contains(by)) {
            reply.mentions.push(by);
        }
        Ok(reply)
    }

    pub(super) fn board(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let (record, note) = self.shown_game(ctx, id)?;
        if let Some(text) = text::not_begun_text(self.reader_lang(ctx), &record) {
            return Ok(Reply::private(text));
        }
        let loaded = self.rebuild(record)?;
        let board = board_reply(
            &loaded.record,
            &loaded.game,
            "",
            self.clock.now_ms(),
            self.place_lang(loaded.record.place.guild),
        );
        // A player asking is handed their own page of it, where they play by tapping.
        let lang = self.reader_lang(ctx);
        let aside = self
            .play_button(&loaded.record, ctx.user.id, lang)
            .map(|button| {
                let id = [("game", loaded.record.id.0.into())];
                Box::new(
                    Reply::private(i18n::text_with(lang, "web-link-aside", &id))
                        .with(Component::Buttons(vec![button])),
                )
            });
        // Looking at a board notifies nobody.
        Ok(Reply {
            mentions: Vec::new(),
            text: match note {
                Some(note) => format!("{note}\n{}", board.text),
                None => board.text.clone(),
            },
            aside,
            ..board
        })
    }

    pub(super) fn games(&self, ctx: &Context) -> Result<Reply, Stop> {
        let lang = self.reader_lang(ctx);
        let records = self.store.games_of_user(ctx.user.id)?;
        let lines: Vec<String> = records
            .iter()
            .filter(|r| matches!(r.status, Status::Active | Status::Challenge(_)))
            .map(|r| {
                format!(
                    "• {}{}",
                    text::game_line(lang, r, ctx.user.id),
                    self.games_extra(r, lang)
                )
            })
            .collect();
        Ok(Reply::private(if lines.is_empty() {
            i18n::text(lang, "games-none")
        } else {
            format!("{}\n{}", i18n::text(lang, "games-yours"), lines.join("\n"))
        }))
    }

    pub(super) fn resign(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let (
            Loaded {
                mut record,
                mut game,
            },
            seat,
        ) = self.seated(ctx, id)?;
        let lang = self.place_lang(record.place.guild);
        let headline = self.forfeit(&mut record, &mut game, seat, Forfeit::Resigned, lang)?;
        let record = self.store.replace(&record)?;
        Ok(board_reply(
            &record,
            &game,
            &headline,
            self.clock.now_ms(),
            lang,
        ))
    }

    pub(super) fn draw(
        &self,
        ctx: &Context,
        id: Option<GameId>,
        answer: Answer,
    ) -> Result<Reply, Stop> {
        let (Loaded { mut record, game }, seat) = self.seated(ctx, id)?;
        if game.scores().is_some() {
            return say_with("refuse-no-draws", [("kind", record.kind.into())]);
        }
        if answer == Answer::Propose && only_computers_besides(&record, &game, seat) {
            return self.draw_with_computer(record, &game, seat);
        }
        if let Some(reply) =
            self.answer_proposal(&mut record, &game, (seat, ctx), answer, &DRAW, &[])?
        {
            return Ok(reply);
        }
        let lang = self.place_lang(record.place.guild);
        let me = seat_label(lang, &record, &game, seat);
        let text = i18n::text_with(lang, "offer-draw-accepted", &[("who", me.into())]);
        self.finish_agreed_draw(record, &game, &text)
    }

    /// Ends a game as a draw by agreement and shows its board with `text`: the one ending
    /// of a draw offer accepted, whether a player or the computer accepted it.
    fn finish_agreed_draw(
        &self,
        mut record: GameRecord,
        game: &AnyGame,
        text: &str,
    ) -> Result<Reply, Stop> {
        record.status = Status::Finished(GameResult::new(Vec::new(), "agreed to a draw"));
        let record = self.store.replace(&record)?;
        Ok(board_reply(
            &record,
            game,
            text,
            self.clock.now_ms(),
            self.place_lang(record.place.guild),
        ))
    }

    pub(super) fn takeback(
        &self,
        ctx: &Context,
        id: Option<GameId>,
        answer: Answer,
    ) -> Result<Reply, Stop> {
        let (Loaded { mut record, game }, seat) = self.seated(ctx, id)?;
        if record.moves.is_empty() {
            return say("refuse-nothing-to-take-back");
        }
        if answer == Answer::Propose && only_computers_besides(&record, &game, seat) {
            return self.takeback_from_computer(record, &game, seat);
        }
        // Whose turn is asked back: the caller's own, or the one they are answering about.
        let proposer = record.pending.and_then(TAKEBACK.by).unwrap_or(seat);
        let from =
            last_turn(self.reader_lang(ctx), &record, &game, proposer).map_err(Stop::Refuse)?;
        let turn = record.moves[from..].to_vec();
        let asked =
            self.answer_proposal(&mut record, &game, (seat, ctx), answer, &TAKEBACK, &turn)?;
        if let Some(reply) = asked {
            return Ok(reply);
        }
        let before = game.to_move();
        let undone = record.moves.split_off(from);
        let undone = turn_text(self.place_lang(record.place.guild), record.kind, &undone);
        let game = record.replay(from).map_err(Stop::Fail)?;
        record.position = game.position_text();
        // The move goes back to whoever made it, with a fresh clock; taking back a ply
        // inside one's own turn leaves the clock as it is.
        if game.to_move() != before {
            self.restart_clock(&mut record);
        }
        let record = self.store.replace(&record)?;
        Ok(self.seat_board(
            &record,
            &game,
            seat,
            ("offer-takeback-done", &[("moves", undone.into())]),
            self.clock.now_ms(),
        ))
    }
}

impl<S: Store> Play<S> {
    /// A draw offered to the computer alone: it answers at once, by its evaluation.
    fn draw_with_computer(
        &self,
        mut record: GameRecord,
        game: &AnyGame,
        seat: u8,
    ) -> Result<Reply, Stop> {
        let lang = self.place_lang(record.place.guild);
        let me = seat_label(lang, &record, game, seat);
        let id = record.id;
        let computer = (0..record.seats.len())
            .filter_map(|s| u8::try_from(s).ok())
            .find_map(|s| {
                let level = record.seats[usize::from(s)].computer_level()?;
                Some((s, Level::new(level).unwrap_or_default()))
            });
        let Some((computer, level)) = computer else {
            return say("refuse-nobody-to-offer");
        };
        let them = seat_label(lang, &record, game, computer);
        let accepts = crate::ai::accepts_draw(game, Seat(computer), level, &self.ai.limits());
        let text = i18n::text_with(
            lang,
            "offer-computer-draw",
            &[
                ("who", me.into()),
                ("them", them.into()),
                ("game", id.0.into()),
                ("accepts", accepts.into()),
            ],
        );
        if !accepts {
            return Ok(Reply::public(text));
        }
        record.pending = None;
        record.updated = self.clock.now_ms();
        self.finish_agreed_draw(record, game, &text)
    }

    /// A takeback asked of the computer alone: granted at once. The computer's reply and
    /// the player's own last turn are both undone, so it is the player's turn again.
    fn takeback_from_computer(
        &self,
        mut record: GameRecord,
        game: &AnyGame,
        seat: u8,
    ) -> Result<Reply, Stop> {
        let movers = game.movers();
        let played = record.moves.iter().zip(&movers).rev();
        let theirs = played.clone().take_while(|(_, m)| m.0 != seat).count();
        let mine = played.skip(theirs).take_while(|(_, m)| m.0 == seat).count();
        if mine == 0 {
            return say("refuse-nothing-of-yours");
        }
        let from = record.moves.len() - theirs - mine;
        if record.moves[from..].iter().any(|mv| game.is_leave(mv)) {
            return say("refuse-left-since");
        }
        let undone = record.moves.split_off(from);
        let undone = said_moves(
            self.place_lang(record.place.guild),
            record.kind,
            &strs(&undone),
        );
        let back = record.replay(from).map_err(Stop::Fail)?;
        record.position = back.position_text();
        record.pending = None;
        record.agreed.clear();
        record.updated = self.clock.now_ms();
        self.restart_clock(&mut record);
        let record = self.store.replace(&record)?;
        Ok(self.seat_board(
            &record,
            &back,
            seat,
            ("offer-computer-takeback", &[("moves", undone.into())]),
            self.clock.now_ms(),
        ))
    }
}

impl<S: Store> Play<S> {
    /// The board of `record` headed by what `seat` just did: the message `said.0`, given
    /// `who` (the seat's player and side), `game` (its number) and the arguments `said.1`,
    /// in the place's language. `now` is the moment the record was saved at.
    pub(super) fn seat_board(
        &self,
        record: &GameRecord,
        game: &AnyGame,
        seat: u8,
        said: (&str, &[(&str, Arg)]),
        now: u64,
    ) -> Reply {
        let lang = self.place_lang(record.place.guild);
        let (id, more) = said;
        let mut args = vec![
            ("who", Arg::from(seat_label(lang, record, game, seat))),
            ("game", record.id.0.into()),
        ];
        args.extend(more.iter().cloned());
        board_reply(record, game, &i18n::text_with(lang, id, &args), now, lang)
    }
}

/// Where the turn a takeback by `seat` undoes begins: `seat`'s own last turn as a whole (all
/// its actions in Skakanie), whether finished or still being played, and only while it is
/// the last thing played. Undoing a turn another player has acted after would undo their
/// actions too, and in a game with face-down pieces what they uncovered cannot be unseen.
///
/// # Errors
/// Why there is no such turn, in a sentence for the player.
pub(super) fn last_turn(
    lang: Lang,
    record: &GameRecord,
    game: &crate::games::AnyGame,
    seat: u8,
) -> Result<usize, String> {
    let moves = &record.moves;
    if moves.last().is_some_and(|mv| game.is_leave(mv)) {
        return Err(i18n::text(lang, "refuse-last-was-leaving"));
    }
    let movers = game.movers();
    let mine = moves
        .iter()
        .zip(&movers)
        .rev()
        .take_while(|(_, m)| m.0 == seat)
        .count();
    let from = moves.len() - mine;
    if mine == 0 {
        let last = movers.last().map_or(0, |m| m.0);
        return Err(i18n::text_with(
            lang,
            "refuse-not-your-last",
            &[("who", seat_label(lang, record, game, last).into())],
        ));
    }
    Ok(from)
}

/// "{intro}: <the games, one line each>. Add game:<number> to say which." At most ten are
/// listed (newest first), so a busy channel's answer stays readable.
pub(super) fn which_game(lang: Lang, intro: &str, games: &[&GameRecord], me: UserId) -> String {
    const SHOWN: usize = 10;
    let mut lines: Vec<String> = games
        .iter()
        .take(SHOWN)
        .map(|r| text::game_line(lang, r, me))
        .collect();
    if games.len() > SHOWN {
        lines.push(i18n::text_with(
            lang,
            "which-more",
            &[("count", (games.len() - SHOWN).into())],
        ));
    }
    i18n::text_with(
        lang,
        "which-game",
        &[("intro", intro.into()), ("games", lines.join("; ").into())],
    )
}

/// "You can't play X: <rule>." plus the legal options that fit what was typed.
pub(super) fn move_refusal(
    lang: Lang,
    game: &crate::games::AnyGame,
    typed: &str,
    reason: &str,
) -> String {
    let legal = game.legal_moves();
    let typed_squashed = squash(typed);
    let prefix: String = typed_squashed.chars().take(2).collect();
    let from_here: Vec<&String> = legal
        .iter()
        .filter(|m| !prefix.is_empty() && squash(m).starts_with(&prefix))
        .collect();
    let (which, list): (&str, Vec<&String>) = if from_here.is_empty() {
        ("all", legal.iter().collect())
    } else {
        ("here", from_here)
    };
    let shown: Vec<&str> = list.iter().take(MAX_CHOICES).map(|s| s.as_str()).collect();
    let more = list.len().saturating_sub(shown.len());
    let kind = game.kind();
    i18n::text_with(
        lang,
        "move-refused",
        &[
            (
                "typed",
                super::parse::shown_move(lang, kind, typed.trim()).into(),
            ),
            ("reason", reason.into()),
            ("which", which.into()),
            ("moves", said_moves(lang, kind, &shown).into()),
            ("more", more.into()),
        ],
    )
}

/// Moves as `lang` says them, joined for a sentence: Skakanie's actions are words of the
/// reader's language, other games' notation is the same in all.
fn said_moves(lang: Lang, kind: crate::games::GameKind, moves: &[&str]) -> String {
    moves
        .iter()
        .map(|mv| super::parse::shown_move(lang, kind, mv))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A turn of several plies (Skakanie's `take right take`) as `lang` says it, in one line;
/// other games' turns are one move of notation.
pub(super) fn turn_text(lang: Lang, kind: crate::games::GameKind, turn: &[String]) -> String {
    super::parse::shown_move(lang, kind, &turn.join(" "))
}

/// Borrowed views of owned moves.
fn strs(moves: &[String]) -> Vec<&str> {
    moves.iter().map(String::as_str).collect()
}
