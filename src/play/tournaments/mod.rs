//! Tournaments in play: `/tournament create|join|leave|start|cancel|remove|show|list`, and
//! the scheduler's part ([`Play::tournament_notices`]): results read from the finished
//! games, rounds begun, their games made, standings posted.
//!
//! A tournament is one record changed under compare-and-swap, like a game; a round's games
//! are made with the store's one-game-per-slot guarantee ([`TournamentSlot`]). So any worker
//! may look at any tournament at any time: whoever wins the swap that ends a round posts its
//! standings, whoever makes a game posts its board, and a worker that dies between the two
//! leaves nothing the next look does not finish.

pub(in crate::play) mod command;
pub(in crate::play) mod export;
pub mod page;
pub(in crate::play) mod parse;
pub(in crate::play) mod player;

use crate::games::{AnyGame, GameKind, Seat};
use crate::i18n::{self, Lang};
use crate::play::challenges::{days_option, parse_rated};
use crate::play::clocks::{got_going, Forfeit};
use crate::play::command::{Context, User};
use crate::play::core::{say, say_with, Play, Stop};
use crate::play::definition::common::{days, game_choice, plain, yes_no};
use crate::play::definition::{Choice, CommandSpec, Contexts, Kind, OptionSpec};
use crate::play::reply::{Button, ButtonStyle, Component, Image, Notice, Reply};
use crate::play::text::{board_reply, player_name};
use crate::play::tournaments::command::{
    tournament_number, Pairings, TournamentAction, TournamentSpec, TOURNAMENT_BUTTON,
};
use crate::play::tournaments::export::tournament_text;
use crate::render::standings::{self as picture, View};
use crate::store::{
    GameId, GameRecord, Player, Start, Status, Store, StoreError, TournamentHosts, TournamentId,
    TournamentRecord, TournamentSlot, UserId, MAX_TOURNAMENT_PLAYERS,
};
use crate::tournament::event::{Format, Outcome, Phase, Refusal, Tournament};
use crate::tournament::standings::place_points;
use crate::tournament::Pairing;

/// The most tournaments `/tournament list` shows.
const LISTED: usize = 10;

/// How many times a tournament's write is tried when another worker's lands first.
const TRIES: usize = 5;

/// When `starts` means, read against `now` (unix milliseconds).
fn start_time(typed: &str, now: u64) -> Option<Start> {
    let text = typed.trim().to_lowercase();
    if matches!(
        text.as_str(),
        "full" | "when-full" | "when full" | "whenfull" | "pełny" | "заполнен"
    ) {
        return Some(Start::WhenFull);
    }
    let wait = |unit: char, ms: u64| {
        text.strip_suffix(unit)
            .and_then(|n| n.trim().parse::<u64>().ok())
            .filter(|&n| n > 0 && n <= 365 * 24)
            .map(|n| Start::At(now + n * ms))
    };
    if let Some(start) = wait('d', 86_400_000).or_else(|| wait('h', 3_600_000)) {
        return Some(start);
    }
    let (date, time) = text
        .split_once(['t', ' '])
        .unwrap_or((text.as_str(), "00:00"));
    let mut parts = date.split('-').map(|p| p.parse::<i64>().ok());
    let (Some(Some(y)), Some(Some(m)), Some(Some(d)), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return None;
    };
    let (h, min) = time.split_once(':')?;
    let (h, min): (i64, i64) = (h.parse().ok()?, min.parse().ok()?);
    if !(1..=12).contains(&m)
        || !(1..=31).contains(&d)
        || !(0..24).contains(&h)
        || !(0..60).contains(&min)
    {
        return None;
    }
    let at = (crate::calendar::days_from_civil(y, m, d) * 86_400 + h * 3600 + min * 60) * 1000;
    u64::try_from(at).ok().filter(|&at| at > now).map(Start::At)
}

/// Each seat's place in a finished game, for the points a tournament gives (0 first, equal
/// places for a tie): the winners first, then those who played to the end by score (if the
/// game keeps one), then those who left it, the first to leave last
/// ([`GameKind::leavers`], as the game told them and as the ratings rank them).
fn places(record: &GameRecord, game: &AnyGame) -> Vec<usize> {
    let seats = record.seats.len();
    let Status::Finished(result) = &record.status else {
        return vec![0; seats];
    };
    let leavers = record.kind.leavers(&record.moves);
    places_of(seats, &result.winners, &leavers, game.scores().as_deref())
}

/// [`places`] from what decides them: the winning seats, the leavers in the order they
/// left, and the scores (if the game keeps them).
fn places_of(seats: usize, winners: &[u8], leavers: &[Seat], scores: Option<&[i32]>) -> Vec<usize> {
    let key = |s: usize| {
        let left = leavers.iter().position(|&l| usize::from(l.0) == s);
        // Those who stayed to the end rank by score, above every leaver; a later leaver
        // above an earlier one, whatever their scores.
        let score = match left {
            Some(_) => 0,
            None => scores.map_or(0, |sc| sc.get(s).copied().unwrap_or(0)),
        };
        (
            winners.contains(&(s as u8)),
            left.unwrap_or(usize::MAX),
            score,
        )
    };
    (0..seats)
        .map(|s| (0..seats).filter(|&o| key(o) > key(s)).count())
        .collect()
}

impl<S: Store> Play<S> {
    /// `/tournament …`.
    pub(super) fn tournament(
        &self,
        ctx: &Context,
        action: TournamentAction,
        id: Option<TournamentId>,
    ) -> Result<Reply, Stop> {
        match action {
            TournamentAction::Create(spec) => self.create_tournament(ctx, &spec),
            TournamentAction::List => self.list_tournaments(ctx),
            TournamentAction::Show => {
                let record = self.find_tournament(ctx, id, true)?;
                let mut reply = self.standings_reply(&record, self.place_lang(&record.place), true);
                reply.files.push(super::reply::File {
                    name: format!("tournament-{}.txt", record.id),
                    bytes: tournament_text(&record).into_bytes(),
                });
                Ok(reply)
            }
            TournamentAction::Join => self.change_tournament(ctx, id, |play, t| {
                if t.names.len() >= 4 * MAX_TOURNAMENT_PLAYERS {
                    return Err(Refusal::Full(t.event.players.len()));
                }
                t.event.join(ctx.user.id.0)?;
                t.names.retain(|(u, _)| *u != ctx.user.id);
                t.names.push((ctx.user.id, ctx.user.name.clone()));
                let full = t.event.max_players == Some(t.event.players.len());
                if full && t.start == Start::WhenFull {
                    play.begin_tournament(t);
                }
                Ok(("tournament-joined", ctx.user.name.clone()))
            }),
            TournamentAction::Leave => self.withdraw(ctx, id, &ctx.user),
            TournamentAction::Remove(user) => {
                self.host_only(ctx, id)?;
                self.withdraw(ctx, id, &user)
            }
            TournamentAction::Start => {
                self.host_only(ctx, id)?;
                self.change_tournament(ctx, id, |play, t| {
                    if t.event.phase != Phase::Open {
                        return Err(Refusal::NotOpen);
                    }
                    let need = t.event.fewest_players();
                    if t.event.players.len() < need {
                        return Err(Refusal::TooFew {
                            have: t.event.players.len(),
                            need,
                        });
                    }
                    play.begin_tournament(t);
                    Ok(("tournament-started", String::new()))
                })
            }
            TournamentAction::Cancel => {
                self.host_only(ctx, id)?;
                self.change_tournament(ctx, id, |_, t| {
                    t.event.cancel()?;
                    Ok(("tournament-cancelled", String::new()))
                })
            }
        }
    }

    /// `/tournament create`.
    fn create_tournament(&self, ctx: &Context, spec: &TournamentSpec) -> Result<Reply, Stop> {
        if let Some(guild) = ctx.place.guild {
            let hosts = self.store.guild_settings(guild)?.tournaments;
            if hosts == Some(TournamentHosts::Admins) && !ctx.manager {
                return say("tournament-admins-only");
            }
        }
        let kind: GameKind = spec
            .game
            .parse()
            .map_err(|e| self.setup_refusal(ctx, None, &e))?;
        let (mut days, mut rated, mut options) = (None, None, Vec::new());
        for option in &spec.options {
            match option
                .split_once('=')
                .map(|(k, v)| (k.trim().to_lowercase(), v))
            {
                Some((key, value)) if key == "days" => {
                    days = days_option(value)?;
                }
                Some((key, value)) if key == "rated" => rated = Some(parse_rated(value)?),
                Some((key, _)) if ["seed", "players", "handicap"].contains(&key.as_str()) => {
                    return say_with("tournament-option-not-here", [("option", key.into())]);
                }
                _ => options.push(option.clone()),
            }
        }
        let multi = kind.info().max_seats > 2;
        let format = match (spec.format, multi, spec.seats) {
            (_, false, Some(_)) => return say("tournament-seats-skakanie"),
            (Pairings::Swiss, _, Some(seats)) if seats != 2 => {
                return say("tournament-seats-skakanie")
            }
            (Pairings::Swiss, ..) => Format::Swiss {
                rounds: spec.rounds.unwrap_or(0),
            },
            (Pairings::RoundRobin, true, seats) if seats != Some(2) => {
                let seats = seats.unwrap_or(4);
                if !crate::tournament::event::TABLE_SEATS.contains(&seats) {
                    return say("tournament-seats-skakanie");
                }
                Format::Tables { seats }
            }
            (Pairings::RoundRobin, ..) => Format::RoundRobin {
                double: spec.double,
            },
        };
        if spec.rounds.is_some() && !matches!(format, Format::Swiss { .. }) {
            return say("tournament-rounds-swiss");
        }
        if spec.together && matches!(format, Format::Swiss { .. }) {
            return say("tournament-together-swiss");
        }
        if spec.rounds.is_some_and(|r| !(1..=20).contains(&r)) {
            return say("tournament-bad-rounds");
        }
        // Every game of it must start from these options: checked now, at the largest table.
        let mut pairs = options.clone();
        let seats = match format {
            Format::Tables { seats } => seats,
            _ => 2,
        };
        if multi {
            pairs.push(format!("players={seats}"));
        }
        if kind.info().shuffles {
            pairs.push("seed=1".into());
        }
        let start = AnyGame::new(kind, &pairs, None)
            .map_err(|e| self.setup_refusal(ctx, Some(kind), &e))?;
        let options: Vec<String> = start
            .non_default_options()
            .iter()
            .filter(|(k, _)| *k != "players")
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let event = Tournament::new(format, spec.max).all_at_once(spec.together);
        let fewest = event.fewest_players();
        if spec
            .max
            .is_some_and(|m| m < fewest || m > MAX_TOURNAMENT_PLAYERS)
        {
            return say_with(
                "tournament-bad-max",
                [
                    ("least", fewest.into()),
                    ("most", MAX_TOURNAMENT_PLAYERS.into()),
                ],
            );
        }
        if let (Format::Swiss { rounds }, Some(max)) = (format, spec.max) {
            // The rounds it announces are the rounds it plays: more than its places can
            // pair is refused now, not cut at the start.
            let most = crate::tournament::swiss::max_rounds(max);
            if rounds > most {
                return say_with(
                    "tournament-rounds-too-many",
                    [
                        ("max", max.into()),
                        ("rounds", rounds.into()),
                        ("most", most.into()),
                    ],
                );
            }
        }
        let now = self.clock.now_ms();
        let begins = match &spec.starts {
            None => Start::Host,
            Some(typed) => start_time(typed, now).ok_or_else(|| {
                Stop::Say(
                    "tournament-bad-start",
                    vec![("typed", typed.as_str().into())],
                )
            })?,
        };
        if begins == Start::WhenFull && spec.max.is_none() {
            return say("tournament-full-needs-max");
        }
        let record = self.store.insert_tournament(TournamentRecord {
            id: TournamentId(0),
            kind,
            options,
            days,
            rated: rated.unwrap_or(true),
            place: ctx.place,
            host: ctx.user.id,
            names: vec![(ctx.user.id, ctx.user.name.clone())],
            start: begins,
            event,
            games: Vec::new(),
            created: now,
            updated: now,
            version: 0,
        })?;
        let lang = self.place_lang(&record.place);
        let mut reply = Reply::public(format!(
            "{}\n{}",
            i18n::text_with(
                lang,
                "tournament-created",
                &[
                    ("host", ctx.user.name.as_str().into()),
                    ("tournament", record.id.0.into())
                ]
            ),
            self.summary(&record, lang)
        ));
        reply
            .components
            .push(Component::Buttons(join_buttons(lang, record.id)));
        Ok(reply)
    }

    /// The tournament `id`, or when none is named, the only one of the caller's place that
    /// is taking players or playing (`ended`: else the newest, even if over).
    fn find_tournament(
        &self,
        ctx: &Context,
        id: Option<TournamentId>,
        ended: bool,
    ) -> Result<TournamentRecord, Stop> {
        if let Some(id) = id {
            return self.store.tournament(id).map_err(|e| match e {
                StoreError::NoTournament(id) => {
                    Stop::Say("tournament-none", vec![("tournament", id.0.into())])
                }
                other => Stop::Fail(other),
            });
        }
        let scope = ctx.place.guild.map_or(ctx.place.channel.0, |g| g.0);
        let all = self.store.tournaments_in(scope)?;
        let newest = all.first().cloned();
        let mut live: Vec<TournamentRecord> = all.into_iter().filter(|t| t.is_live()).collect();
        match (live.len(), newest) {
            (1, _) => Ok(live.remove(0)),
            (0, Some(newest)) if ended => Ok(newest),
            (0, _) => say("tournament-none-here"),
            _ => {
                let ids: Vec<String> = live.iter().map(|t| format!("T{}", t.id)).collect();
                say_with("tournament-which", [("ids", ids.join(", ").into())])
            }
        }
    }

    /// Refuses anyone but the tournament's host and the server's admins.
    fn host_only(&self, ctx: &Context, id: Option<TournamentId>) -> Result<(), Stop> {
        let record = self.find_tournament(ctx, id, false)?;
        if record.host != ctx.user.id && !ctx.manager {
            return say_with(
                "tournament-host-only",
                [("host", record.name_of(record.host).into())],
            );
        }
        Ok(())
    }

    /// Changes a tournament by `change` under compare-and-swap (tried again on the fresh
    /// record when another write lands first), then makes the games it now needs. The
    /// change returns the message saying what was done and its `who`.
    fn change_tournament(
        &self,
        ctx: &Context,
        id: Option<TournamentId>,
        change: impl Fn(&Self, &mut TournamentRecord) -> Result<(&'static str, String), Refusal>,
    ) -> Result<Reply, Stop> {
        let mut found = self.find_tournament(ctx, id, false)?;
        for _ in 0..TRIES {
            let before = found.event.rounds.len();
            let mut next = found.clone();
            let (said, who) = change(self, &mut next).map_err(|r| self.refusal(&found, &r))?;
            next.updated = self.clock.now_ms();
            match self.store.replace_tournament(&next) {
                Ok(stored) => {
                    let lang = self.place_lang(&stored.place);
                    let mut lines = vec![i18n::text_with(
                        lang,
                        said,
                        &[
                            ("who", who.into()),
                            ("tournament", stored.id.0.into()),
                            ("count", stored.event.players.len().into()),
                        ],
                    )];
                    if stored.event.rounds.len() > before || stored.event.phase != found.event.phase
                    {
                        lines.push(self.summary(&stored, lang));
                    }
                    lines.extend(rounds_cut(&found, &stored, lang));
                    let mut reply = Reply::public(lines.join("\n"));
                    if stored.event.phase == Phase::Open {
                        reply
                            .components
                            .push(Component::Buttons(join_buttons(lang, stored.id)));
                    }
                    reply.follow = self.settle_tournament(stored.id);
                    return Ok(reply);
                }
                Err(StoreError::TournamentConflict(_)) => {
                    found = self.store.tournament(found.id)?
                }
                Err(other) => return Err(other.into()),
            }
        }
        Err(Stop::Fail(StoreError::TournamentConflict(found.id)))
    }

    /// A refusal of the pure layer in the caller's words.
    fn refusal(&self, record: &TournamentRecord, refusal: &Refusal) -> Stop {
        let id = record.id.0;
        match refusal {
            Refusal::NotOpen => Stop::Say("tournament-not-open", vec![("tournament", id.into())]),
            Refusal::NotRunning => Stop::Say("tournament-over", vec![("tournament", id.into())]),
            Refusal::AlreadyIn => {
                Stop::Say("tournament-already-in", vec![("tournament", id.into())])
            }
            Refusal::NotIn => Stop::Say("tournament-not-in", vec![("tournament", id.into())]),
            Refusal::Full(max) => Stop::Say(
                "tournament-full",
                vec![("tournament", id.into()), ("max", (*max).into())],
            ),
            Refusal::TooFew { have, need } => Stop::Say(
                "tournament-too-few",
                vec![("have", (*have).into()), ("need", (*need).into())],
            ),
            Refusal::NoSuchGame | Refusal::BadResult | Refusal::BadTables => {
                Stop::Say("tournament-not-open", vec![("tournament", id.into())])
            }
        }
    }

    /// Starts play in `record`: seeds by rating (Swiss rounds fixed now if not asked) and
    /// pairs the first round; its games are made after the write.
    fn begin_tournament(&self, record: &mut TournamentRecord) {
        if let Format::Swiss { rounds: 0 } = record.event.format {
            // Enough rounds for one winner among n: log2(n) rounded up, and one more.
            let n = record.event.players.len().max(2);
            let rounds = usize::BITS - (n - 1).leading_zeros() + 1;
            record.event.format = Format::Swiss {
                rounds: rounds as usize,
            };
        }
        let kind = record.kind;
        let rating = |player: u64| {
            self.store
                .standing(kind, UserId(player))
                .ok()
                .flatten()
                .map_or(0.0, |s| s.rating)
        };
        if record.event.start(rating).is_ok() {
            record.start = Start::Host;
            sync_games(record);
        }
    }

    /// `/tournament leave` (the caller) and `remove` (a player the host names): before the
    /// start off the list; after, a withdrawal, their games of the round lost by forfeit
    /// (a Skakanie table plays on without them).
    fn withdraw(&self, ctx: &Context, id: Option<TournamentId>, who: &User) -> Result<Reply, Stop> {
        let record = self.find_tournament(ctx, id, false)?;
        let lang = self.place_lang(&record.place);
        if record.event.phase == Phase::Running {
            // The round's game, or every game still going when the rounds are played at once.
            for &game in record.games.iter().flatten().flatten() {
                self.forfeit_game(game, who.id, lang)?;
            }
        }
        let name = record.name_of(who.id).to_owned();
        self.change_tournament(ctx, Some(record.id), |_, t| {
            t.event.leave(who.id.0)?;
            Ok(("tournament-left", name.clone()))
        })
    }

    /// Ends `user`'s part in `game` if it is still played: they withdraw (at a table that
    /// plays on, they leave it). A game their withdrawal ends before every seat has moved
    /// is not rated, as `/abort` would leave it: it says nothing of anyone's strength.
    fn forfeit_game(&self, game: GameId, user: UserId, lang: Lang) -> Result<(), Stop> {
        for _ in 0..TRIES {
            let crate::play::core::Loaded {
                mut record,
                mut game,
            } = self.load(game)?;
            let Some(seat) = record.seat_of(user) else {
                return Ok(());
            };
            if record.status != Status::Active || game.has_left(Seat(seat)) {
                return Ok(());
            }
            let got_going = got_going(&record, &game);
            self.forfeit(&mut record, &mut game, seat, Forfeit::Withdrew, lang)?;
            if !got_going && matches!(record.status, Status::Finished(_)) {
                record.rated = false;
            }
            match self.store.replace(&record) {
                Ok(_) => return Ok(()),
                Err(StoreError::Conflict(_)) => continue,
                Err(other) => return Err(other.into()),
            }
        }
        Ok(())
    }

    /// `/tournament list`.
    fn list_tournaments(&self, ctx: &Context) -> Result<Reply, Stop> {
        let lang = self.reader_lang(ctx);
        let scope = ctx.place.guild.map_or(ctx.place.channel.0, |g| g.0);
        let all = self.store.tournaments_in(scope)?;
        if all.is_empty() {
            return Ok(Reply::private(i18n::text(lang, "tournament-list-empty")));
        }
        let lines: Vec<String> = all
            .iter()
            .take(LISTED)
            .map(|t| self.summary(t, lang))
            .collect();
        Ok(Reply::private(lines.join("\n")))
    }

    /// One line about a tournament: number, game, format, players, where it stands.
    fn summary(&self, record: &TournamentRecord, lang: Lang) -> String {
        let event = &record.event;
        let (format, rounds) = match event.format {
            Format::RoundRobin { double: false } => ("round-robin", 0),
            Format::RoundRobin { double: true } => ("double", 0),
            Format::Tables { .. } => ("tables", 0),
            Format::Swiss { rounds } => ("swiss", rounds),
        };
        let phase = phase_word(event.phase);
        let starts = match record.start {
            Start::At(at) if event.phase == Phase::Open => crate::calendar::utc(at),
            _ => "none".to_owned(),
        };
        let mut options = record.options.clone();
        if let Some(days) = record.days {
            options.push(format!("days={days}"));
        }
        i18n::text_with(
            lang,
            "tournament-line",
            &[
                ("tournament", record.id.0.into()),
                ("kind", record.kind.into()),
                ("format", format.into()),
                ("seats", event.most_seats().into()),
                ("rounds", rounds.into()),
                ("phase", phase.into()),
                ("count", event.players.len().into()),
                ("max", event.max_players.map_or(0, |m| m).into()),
                (
                    "round",
                    (rounds_over(record) + 1).min(event.round_count()).into(),
                ),
                ("of", event.round_count().into()),
                ("starts", starts.into()),
                ("rated", record.rated.into()),
                (
                    "options",
                    if options.is_empty() {
                        "none".to_owned()
                    } else {
                        options.join(" ")
                    }
                    .into(),
                ),
                ("when_full", (record.start == Start::WhenFull).into()),
                ("together", event.at_once.into()),
            ],
        )
    }

    /// The standings as a picture with a line of text: after each round, at the end, and on
    /// `/tournament show` (`games`: with the round's games and how they stand).
    pub(super) fn standings_reply(
        &self,
        record: &TournamentRecord,
        lang: Lang,
        games: bool,
    ) -> Reply {
        let event = &record.event;
        let names = page::entrant_names(record);
        let done = rounds_over(record);
        let page::Headline {
            title,
            subtitle,
            ended_early,
            winner,
        } = page::headline(record, &names, lang);
        let lines = event.standings();
        let crosstable = event.crosstable();
        let crossed = page::crossed(record);
        let (tie_breaks, _) = page::tie_breaks(event.format);
        let mut text = vec![
            format!("**{title}** · {subtitle}"),
            self.summary(record, lang),
        ];
        text.extend(ended_early);
        text.extend(winner);
        if games && event.phase == Phase::Running {
            // The round in play, or every round not over when they are played at once.
            let in_play = event.rounds.iter().zip(&record.games).enumerate();
            for (r, (round, made)) in in_play.filter(|(_, (round, _))| !round.is_over()) {
                text.push(i18n::text_with(
                    lang,
                    "tournament-round",
                    &[("round", (r + 1).into())],
                ));
                for ((pairing, result), game) in round.pairings.iter().zip(&round.results).zip(made)
                {
                    let who: Vec<&str> = pairing
                        .entrants()
                        .iter()
                        .map(|&e| names[e].as_str())
                        .collect();
                    let state = match (pairing, result, game) {
                        (Pairing::Bye(_), ..) => i18n::text(lang, "tournament-bye"),
                        (_, Some(outcome), _) => outcome
                            .points
                            .iter()
                            .map(|&p| picture::points_text(p))
                            .collect::<Vec<_>>()
                            .join("–"),
                        (_, None, Some(game)) => format!("#{game}"),
                        (_, None, None) => "…".into(),
                    };
                    text.push(format!(
                        "· {} — {state}",
                        i18n::versus(
                            lang,
                            &who.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>()
                        )
                    ));
                }
            }
        }
        let view = View {
            lang,
            title: &title,
            subtitle: &subtitle,
            names: &names,
            withdrawn: &event.withdrawn,
            lines: &lines,
            tie_breaks,
            crosstable: crossed.then_some(&crosstable),
        };
        let png = picture::draw(&view).to_png();
        let mut reply = Reply::public(text.join("\n"));
        // The page keeps the standings, every round and each game's link, live.
        if let Some(links) = &self.pages {
            reply.components.push(Component::Buttons(vec![Button::link(
                &links(crate::play::Page::Tournament(record.id)),
                &i18n::text(lang, "button-web-standings"),
            )]));
        }
        reply.image = Some(Image::png(
            format!("tournament-{}-{done}.png", record.id.0),
            png,
        ));
        reply
    }

    /// The scheduler's part: every live tournament is brought up to date
    /// ([`Play::settle_tournament`]); what that posts is returned. Tournaments due to start
    /// by their date start.
    pub(super) fn tournament_notices(&self) -> Vec<Notice> {
        let live = match self.store.live_tournaments() {
            Ok(live) => live,
            Err(error) => {
                tracing::error!(%error, "cannot list the tournaments");
                return Vec::new();
            }
        };
        let now = self.clock.now_ms();
        let mut notices = Vec::new();
        for record in live {
            if let (Phase::Open, Start::At(at)) = (record.event.phase, record.start) {
                if at <= now {
                    notices.extend(self.start_on_time(record));
                    continue;
                }
            }
            notices.extend(self.settle_tournament(record.id));
        }
        notices
    }

    /// Starts a tournament whose time has come (or, too few having joined, calls it off).
    fn start_on_time(&self, mut record: TournamentRecord) -> Vec<Notice> {
        let lang = self.place_lang(&record.place);
        let record_before = record.clone();
        let enough = record.event.players.len() >= record.event.fewest_players();
        let said = if enough {
            self.begin_tournament(&mut record);
            "tournament-started"
        } else {
            let _ = record.event.cancel();
            "tournament-cancelled-few"
        };
        record.updated = self.clock.now_ms();
        let Ok(stored) = self.store.replace_tournament(&record) else {
            return Vec::new(); // Another worker got there first.
        };
        let text = i18n::text_with(
            lang,
            said,
            &[
                ("tournament", stored.id.0.into()),
                ("who", "".into()),
                ("count", stored.event.players.len().into()),
            ],
        );
        let mentions: Vec<UserId> = stored.event.players.iter().map(|&p| UserId(p)).collect();
        let mut lines = vec![text, self.summary(&stored, lang)];
        lines.extend(rounds_cut(&record_before, &stored, lang));
        let mut notices = vec![Notice {
            game: GameId(0),
            place: stored.place,
            reply: Reply::public(lines.join("\n")).mentioning(mentions),
        }];
        notices.extend(self.settle_tournament(stored.id));
        notices
    }

    /// Brings a tournament up to date with its games: the results of finished games are
    /// recorded, a round that is over gives way to the next (or the tournament ends), and
    /// every game the rounds begun need is made. Returns what to post: each new game's
    /// board, and the standings after each round ended here.
    pub(super) fn settle_tournament(&self, id: TournamentId) -> Vec<Notice> {
        let mut notices = Vec::new();
        for _ in 0..TRIES {
            let Ok(mut record) = self.store.tournament(id) else {
                return notices;
            };
            if record.event.phase != Phase::Running {
                return notices;
            }
            let before = (rounds_over(&record), record.event.phase);
            let recorded = self.record_results(&mut record);
            // A round can also be over with nothing recorded here: its last game was
            // forfeited by a withdrawal.
            let begun = record.event.rounds.len();
            record.event.advance();
            if !recorded && record.event.rounds.len() == begun && record.event.phase == before.1 {
                break;
            }
            sync_games(&mut record);
            record.updated = self.clock.now_ms();
            match self.store.replace_tournament(&record) {
                Ok(stored) => {
                    let lang = self.place_lang(&stored.place);
                    if (rounds_over(&stored), stored.event.phase) != before {
                        let mut reply = self.standings_reply(&stored, lang, false);
                        reply.mentions = stored.event.players.iter().map(|&p| UserId(p)).collect();
                        notices.push(Notice {
                            game: GameId(0),
                            place: stored.place,
                            reply,
                        });
                    }
                    break;
                }
                Err(StoreError::TournamentConflict(_)) => continue,
                Err(error) => {
                    tracing::error!(tournament = id.0, %error, "cannot record a tournament's results");
                    return notices;
                }
            }
        }
        notices.extend(self.make_games(id));
        notices
    }

    /// Records in `record` the result of every game of its rounds in play (the current
    /// one, or all when played at once) that has ended; whether any was.
    fn record_results(&self, record: &mut TournamentRecord) -> bool {
        let mut recorded = false;
        let most = record.event.most_seats();
        let slots: Vec<(usize, usize)> = (0..record.event.rounds.len())
            .filter(|&r| !record.event.rounds[r].is_over())
            .flat_map(|r| (0..record.event.rounds[r].pairings.len()).map(move |i| (r, i)))
            .collect();
        for (r, i) in slots {
            if record.event.rounds[r].results[i].is_some() {
                continue;
            }
            let Some(game) = record.games[r][i] else {
                continue;
            };
            // A plain read first: only a finished game is replayed (for its places), so the
            // scheduler's look at a long round costs one read per game still going.
            let Ok(played) = self.store.get(game) else {
                continue;
            };
            if !matches!(played.status, Status::Finished(_)) {
                continue;
            }
            let Ok(crate::play::core::Loaded {
                record: played,
                game,
            }) = self.rebuild(played)
            else {
                continue;
            };
            let outcome = Outcome {
                points: place_points(&places(&played, &game), most.max(played.seats.len())),
                played: true,
            };
            recorded |= record.event.record(r, i, outcome).is_ok();
        }
        recorded
    }

    /// Makes every game the tournament's rounds in play still lack, each at most once
    /// whichever worker asks ([`StoreError::SlotTaken`]), and notes them in the record.
    /// Returns the boards of the games made here.
    fn make_games(&self, id: TournamentId) -> Vec<Notice> {
        let mut notices = Vec::new();
        let Ok(record) = self.store.tournament(id) else {
            return notices;
        };
        if record.event.phase != Phase::Running {
            return notices;
        }
        let mut made = Vec::new();
        for (r, round) in record.event.rounds.iter().enumerate() {
            for (i, pairing) in round.pairings.iter().enumerate() {
                let (Pairing::Table(seats), None, None) =
                    (pairing, &round.results[i], record.games[r][i])
                else {
                    continue;
                };
                let slot = TournamentSlot {
                    tournament: id,
                    round: r as u32,
                    game: i as u32,
                };
                match self.make_game(&record, slot, seats) {
                    Ok((game, notice)) => {
                        made.push((r, i, game));
                        notices.push(notice);
                    }
                    Err(StoreError::SlotTaken(game)) => made.push((r, i, game)),
                    Err(error) => {
                        tracing::error!(tournament = id.0, %error, "cannot make a tournament game")
                    }
                }
            }
        }
        if made.is_empty() {
            return notices;
        }
        for _ in 0..TRIES {
            let Ok(mut fresh) = self.store.tournament(id) else {
                break;
            };
            for &(r, i, game) in &made {
                if let Some(slot) = fresh.games.get_mut(r).and_then(|row| row.get_mut(i)) {
                    slot.get_or_insert(game);
                }
            }
            match self.store.replace_tournament(&fresh) {
                Err(StoreError::TournamentConflict(_)) => continue,
                Err(error) => {
                    tracing::error!(tournament = id.0, %error, "cannot note a tournament's games");
                    break;
                }
                Ok(_) => break,
            }
        }
        notices
    }

    /// Makes one game of a round, `seats` in the pairing's order (the first moves first),
    /// with the tournament's options, clock and rating; returns it with its first board.
    fn make_game(
        &self,
        tournament: &TournamentRecord,
        slot: TournamentSlot,
        seats: &[usize],
    ) -> Result<(GameId, Notice), StoreError> {
        let kind = tournament.kind;
        let players: Vec<Player> = seats
            .iter()
            .map(|&e| {
                let id = UserId(tournament.event.players[e]);
                Player::User {
                    id,
                    name: tournament.name_of(id).to_owned(),
                }
            })
            .collect();
        let mut pairs = tournament.options.clone();
        if kind.info().max_seats > 2 {
            pairs.push(format!("players={}", players.len()));
        }
        let seed = if kind.info().shuffles {
            self.dice.roll(0)
        } else {
            0
        };
        if kind.info().shuffles {
            pairs.push(format!("seed={seed}"));
        }
        let game = AnyGame::new(kind, &pairs, None).map_err(|e| StoreError::Corrupt {
            id: GameId(0),
            reason: format!("tournament T{}'s options: {e}", tournament.id),
        })?;
        let now = self.clock.now_ms();
        let mut record = GameRecord {
            id: GameId(0),
            kind,
            options: game
                .non_default_options()
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            seed,
            start: None,
            seats: players,
            place: tournament.place,
            home: None,
            moves: Vec::new(),
            position: game.position_text(),
            status: Status::Active,
            pending: None,
            agreed: Vec::new(),
            created: now,
            updated: now,
            days: tournament.days,
            clock: None,
            rated: tournament.rated,
            tournament: Some(slot),
            version: 0,
        };
        self.restart_clock(&mut record);
        let record = self.store.insert(record)?;
        let lang = self.place_lang(&record.place);
        let names: Vec<String> = record.seats.iter().map(|p| player_name(lang, p)).collect();
        let headline = i18n::text_with(
            lang,
            "tournament-game-begins",
            &[
                ("tournament", tournament.id.0.into()),
                ("round", (slot.round + 1).into()),
                ("game", record.id.0.into()),
            ],
        );
        let title = i18n::text_with(
            lang,
            "game-thread-title",
            &[
                ("game", record.id.0.into()),
                ("kind", kind.into()),
                ("names", i18n::versus(lang, &names).into()),
            ],
        );
        let mut reply = board_reply(&record, &game, &headline, now, lang);
        reply.begins = Some((record.id, title));
        reply.mentions = record.seats.iter().filter_map(Player::user_id).collect();
        Ok((record.id, self.notice(record.id, record.place, reply)))
    }
}

/// How many of a tournament's rounds are over, from the first ([`Tournament::rounds_done`]):
/// the standings are posted each time it grows.
pub(super) fn rounds_over(record: &TournamentRecord) -> usize {
    record.event.rounds_done()
}

/// The line telling that a Swiss plays fewer rounds than its host asked for, when `after`
/// is `before` started with too few players to pair them all: from then on it says, and
/// plays, the rounds it can pair.
fn rounds_cut(before: &TournamentRecord, after: &TournamentRecord, lang: Lang) -> Option<String> {
    let (Format::Swiss { rounds: asked }, Format::Swiss { rounds }) =
        (before.event.format, after.event.format)
    else {
        return None;
    };
    (before.event.phase == Phase::Open && after.event.phase != Phase::Open && asked > rounds).then(
        || {
            i18n::text_with(
                lang,
                "tournament-rounds-cut",
                &[
                    ("tournament", after.id.0.into()),
                    ("count", after.event.players.len().into()),
                    ("rounds", rounds.into()),
                    ("asked", asked.into()),
                ],
            )
        },
    )
}

/// Gives every round begun its row of game slots (empty until the games are made).
fn sync_games(record: &mut TournamentRecord) {
    let rounds = &record.event.rounds;
    record.games.truncate(rounds.len());
    for round in &rounds[record.games.len()..] {
        record.games.push(vec![None; round.pairings.len()]);
    }
}

/// The phase in the catalogue's words (`tournament-after`, `tournament-line`).
pub(super) fn phase_word(phase: Phase) -> &'static str {
    match phase {
        Phase::Open => "open",
        Phase::Running => "running",
        Phase::Finished => "finished",
        Phase::Cancelled => "cancelled",
    }
}

/// The buttons under a tournament taking players: join and leave.
fn join_buttons(lang: Lang, id: TournamentId) -> Vec<Button> {
    [
        ("join", "button-tournament-join", ButtonStyle::Primary),
        ("leave", "button-tournament-leave", ButtonStyle::Secondary),
    ]
    .into_iter()
    .map(|(action, label, style)| Button {
        id: format!("{TOURNAMENT_BUTTON}{action}:{}", id.0),
        label: i18n::text(lang, label),
        style,
        confirm: false,
    })
    .collect()
}

fn definition() -> CommandSpec<TournamentCommand> {
    let number = || OptionSpec::new("id", "opt-tournament-id", Kind::Integer).range(1, None);
    let on_one =
        |name: &'static str, id: &'static str| OptionSpec::subcommand(name, id, vec![number()]);
    let create = OptionSpec::subcommand(
        "create",
        "tournament-action-create",
        vec![
            game_choice(true),
            OptionSpec::new("format", "opt-format", Kind::Text)
                .required()
                .choices(vec![
                    Choice::labelled("choice-format-round-robin", "round-robin"),
                    Choice::labelled("choice-format-swiss", "swiss"),
                ]),
            OptionSpec::new("rounds", "opt-rounds", Kind::Integer).range(1, Some(20)),
            days(Kind::Integer),
            yes_no("rated", "opt-rated", "choice-rated-yes", "choice-rated-no"),
            OptionSpec::new("max", "opt-max", Kind::Integer)
                .range(2, Some(crate::store::MAX_TOURNAMENT_PLAYERS as i64)),
            OptionSpec::new("starts", "opt-starts", Kind::Text),
            OptionSpec::new("seats", "opt-seats", Kind::Integer).range(2, Some(4)),
            yes_no(
                "double",
                "opt-double",
                "choice-double-yes",
                "choice-double-no",
            ),
            yes_no(
                "together",
                "opt-together",
                "choice-together-yes",
                "choice-together-no",
            ),
            OptionSpec::new("options", "opt-options", Kind::Text),
        ],
    );
    plain(
        "tournament",
        &["tournaments"],
        vec![
            create,
            on_one("join", "tournament-action-join"),
            on_one("leave", "tournament-action-leave"),
            on_one("start", "tournament-action-start"),
            on_one("cancel", "tournament-action-cancel"),
            // The player to remove comes before the tournament's number: Discord refuses
            // a required option after an optional one.
            OptionSpec::subcommand(
                "remove",
                "tournament-action-remove",
                vec![
                    OptionSpec::new("user", "opt-tournament-user", Kind::User).required(),
                    number(),
                ],
            ),
            on_one("show", "tournament-action-show"),
            OptionSpec::subcommand("list", "tournament-action-list", Vec::new()),
        ],
        Contexts::SERVER,
        &["help-tournament"],
        parse::tournament,
    )
}

/// The commands of tournaments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentCommand {
    /// A tournament: make, join, leave, start, cancel, remove a player, show, list.
    Tournament {
        /// What to do.
        action: TournamentAction,
        /// Which tournament; `None`: the only live one of the server (or channel).
        id: Option<crate::store::TournamentId>,
    },
}

impl TournamentCommand {
    /// The name of its command in the table.
    pub(in crate::play) fn name(&self) -> &'static str {
        match self {
            Self::Tournament { .. } => "tournament",
        }
    }

    /// Whether carrying it out may write to the store, so its reply must wait until the
    /// write is durable. Only pure look-ups say no; anything new is a writer.
    pub(in crate::play) fn may_write(&self) -> bool {
        match self {
            Self::Tournament { action, .. } => {
                !matches!(action, TournamentAction::Show | TournamentAction::List)
            }
        }
    }
}

impl<S: Store> Play<S> {
    /// Carries out one of the family's commands.
    pub(in crate::play) fn run_tournaments(
        &self,
        ctx: &Context,
        command: TournamentCommand,
    ) -> Result<Reply, Stop> {
        match command {
            TournamentCommand::Tournament { action, id } => self.tournament(ctx, action, id),
        }
    }
}

/// Tournaments: made, joined, started, shown.
pub(in crate::play) fn commands() -> Vec<CommandSpec<TournamentCommand>> {
    // A tournament's own buttons: `tournament-join:3`.
    vec![definition().buttons(|id| {
        let (action, number) = id.strip_prefix(TOURNAMENT_BUTTON)?.split_once(':')?;
        let action = match action {
            "join" => TournamentAction::Join,
            "leave" => TournamentAction::Leave,
            "show" => TournamentAction::Show,
            _ => return None,
        };
        Some(TournamentCommand::Tournament {
            action,
            id: Some(tournament_number(number)?),
        })
    })]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_times_read_dates_waits_and_full() {
        let now = 1_700_000_000_000;
        assert_eq!(start_time("full", now), Some(Start::WhenFull));
        assert_eq!(start_time("3d", now), Some(Start::At(now + 3 * 86_400_000)));
        assert_eq!(
            start_time("12h", now),
            Some(Start::At(now + 12 * 3_600_000))
        );
        // 2030-01-02 18:30 UTC.
        assert_eq!(
            start_time("2030-01-02T18:30", now),
            Some(Start::At(1_893_609_000_000))
        );
        assert_eq!(
            start_time("2030-01-02", now),
            Some(Start::At(1_893_542_400_000))
        );
        assert_eq!(start_time("2020-01-02", now), None, "the past");
        assert_eq!(start_time("2030-13-02", now), None);
        assert_eq!(start_time("soon", now), None);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// Random Skakanie games of 2–4 seats, some seats leaving along the way: the places
        /// that give a tournament's points say what the players were told. A leaver was
        /// told that everyone still playing will rank above them; the winners are first;
        /// those who played to the end rank by score.
        #[test]
        fn skakanie_places_match_what_the_players_were_told(
            seats in 2usize..=4,
            seed in proptest::prelude::any::<u64>(),
            choices in proptest::collection::vec(proptest::prelude::any::<(u8, u16)>(), 1..400),
        ) {
            let options = [format!("players={seats}"), format!("seed={seed}")];
            let mut game = AnyGame::new(GameKind::Skakanie, &options, None).unwrap();
            // Who was still playing when each seat left.
            let mut told: Vec<(usize, Vec<usize>)> = Vec::new();
            for (what, pick) in choices {
                if game.outcome().is_finished() {
                    break;
                }
                let playing: Vec<usize> =
                    (0..seats).filter(|&s| !game.has_left(Seat(s as u8))).collect();
                if what % 23 == 0 {
                    let leaver = playing[usize::from(pick) % playing.len()];
                    let ply = game.leave_ply(Seat(leaver as u8)).unwrap();
                    game.play(&ply).unwrap();
                    told.push((leaver, playing.into_iter().filter(|&s| s != leaver).collect()));
                } else {
                    let moves = game.legal_moves();
                    let mv = moves[usize::from(pick) % moves.len()].clone();
                    game.play(&mv).unwrap();
                }
            }
            let winners: Vec<u8> = match game.outcome() {
                crate::games::Outcome::Win(s) => vec![s.0],
                crate::games::Outcome::SharedWin(s) => s.iter().map(|s| s.0).collect(),
                _ => Vec::new(),
            };
            let leavers: Vec<Seat> = told.iter().map(|&(s, _)| Seat(s as u8)).collect();
            let scores = game.scores();
            let places = places_of(seats, &winners, &leavers, scores.as_deref());
            for (leaver, others) in &told {
                for &o in others {
                    proptest::prop_assert!(places[o] < places[*leaver], "{places:?} {told:?}");
                }
            }
            for &w in &winners {
                proptest::prop_assert_eq!(places[usize::from(w)], 0);
            }
            let stayed: Vec<usize> = (0..seats)
                .filter(|&s| !leavers.contains(&Seat(s as u8)) && !winners.contains(&(s as u8)))
                .collect();
            let sc = scores.unwrap();
            for &a in &stayed {
                for &b in &stayed {
                    if sc[a] > sc[b] {
                        proptest::prop_assert!(places[a] < places[b]);
                    }
                }
            }
        }
    }

    #[test]
    fn tournament_numbers_read_with_or_without_their_mark() {
        assert_eq!(tournament_number("T3"), Some(TournamentId(3)));
        assert_eq!(tournament_number("#12"), Some(TournamentId(12)));
        assert_eq!(
            tournament_number("Т7"),
            Some(TournamentId(7)),
            "a Cyrillic T"
        );
        assert_eq!(tournament_number("0"), None);
        assert_eq!(tournament_number("x"), None);
    }
}
