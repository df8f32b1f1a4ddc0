//! Games of more than two (Skakanie): a challenge that names up to three opponents, or an
//! open table players join until its host starts it; the seat order drawn at the start; and
//! the options that name players (`handicap=@ola:5`), which become seat numbers then.

use crate::games::options::split_pair;
use crate::games::{AnyGame, GameKind};
use crate::i18n::{self, Arg, Lang};
use crate::play::command::{Context, User};
use crate::play::core::{say_with, Play, Stop};
use crate::play::reply::{Button, ButtonStyle, Component, News, Reply};
use crate::play::text::{
    board_reply, challenge_line, handicap_parts, is_named, player_name, seat_label,
};
use crate::store::{ChallengeRecord, GameRecord, Player, SeatChoice, Status, Store, UserId};

/// What a multi-seat challenge keeps of its options.
pub(in crate::play) struct TableOptions {
    /// The options for the game itself (players= included, for the stored position).
    pub pairs: Vec<String>,
    /// Options naming players, resolved at the start.
    pub by_player: Vec<String>,
    /// An open table's size at which it starts by itself.
    pub target: Option<u8>,
}

/// Reads a multi-seat challenge's options: `players` (the table size of an open table, or
/// a check of a named one), options naming players, and the rest for the game.
pub(in crate::play) fn table_options(
    kind: GameKind,
    host: &User,
    opponents: &[User],
    computers: usize,
    options: &[String],
    lang: Lang,
) -> Result<TableOptions, Stop> {
    let named = opponents.len() + computers;
    let max = kind.info().max_seats;
    let mut pairs = Vec::new();
    let mut by_player = Vec::new();
    let mut target = None;
    for option in options {
        let (key, value) = split_pair(option)
            .map_err(|e| Stop::Refuse(i18n::refusals::option_error(lang, Some(kind), &e)))?;
        match key.as_str() {
            "players" => {
                let n: u8 = value
                    .parse()
                    .ok()
                    .filter(|n| (2..=max).contains(n))
                    .ok_or_else(|| {
                        Stop::Say(
                            "table-bad-players",
                            vec![
                                ("kind", kind.into()),
                                ("max", max.into()),
                                ("typed", value.as_str().into()),
                            ],
                        )
                    })?;
                if named > 0 && usize::from(n) != named + 1 {
                    return say_with(
                        "table-players-named",
                        [("count", named.into()), ("players", (named + 1).into())],
                    );
                }
                target = (named == 0).then_some(n);
            }
            "handicap" if !value.contains('@') && !value.eq_ignore_ascii_case("none") => {
                return say_with("table-handicap-by-seat", [("typed", value.as_str().into())]);
            }
            "handicap" if value.contains('@') => {
                let parts = handicap_parts(&value).map_err(|part| {
                    Stop::Say("table-handicap-unread", vec![("part", part.into())])
                })?;
                if !opponents.is_empty() {
                    let everyone: Vec<Player> = std::iter::once(host)
                        .chain(opponents)
                        .map(|u| Player::User {
                            id: u.id,
                            name: u.name.clone(),
                        })
                        .collect();
                    if let Some((name, _)) = parts
                        .iter()
                        .find(|(name, _)| !everyone.iter().any(|p| is_named(p, name)))
                    {
                        return say_with(
                            "table-handicap-stranger",
                            [("name", name.as_str().into())],
                        );
                    }
                }
                by_player.push(format!("handicap={value}"));
            }
            _ => pairs.push(format!("{key}={value}")),
        }
    }
    let players = match (target, named) {
        (Some(n), _) => n,
        (None, 0) => max,
        (None, named) => named as u8 + 1,
    };
    pairs.push(format!("players={players}"));
    Ok(TableOptions {
        pairs,
        by_player,
        target,
    })
}

/// `handicap=@ola:5` as seat numbers for these seats (`handicap=2:5`), and the name of each
/// player a handicap named who is not playing.
fn resolve_by_player(by_player: &[String], seats: &[Player]) -> (Vec<String>, Vec<String>) {
    let mut resolved = Vec::new();
    let mut notes = Vec::new();
    for option in by_player {
        let Some(value) = option.strip_prefix("handicap=") else {
            continue;
        };
        let parts: Vec<String> = handicap_parts(value)
            .unwrap_or_default()
            .into_iter()
            .filter_map(
                |(name, n)| match seats.iter().position(|p| is_named(p, &name)) {
                    Some(seat) => Some(format!("{}:{n}", seat + 1)),
                    None => {
                        notes.push(name);
                        None
                    }
                },
            )
            .collect();
        if !parts.is_empty() {
            resolved.push(format!("handicap={}", parts.join(",")));
        }
    }
    (resolved, notes)
}

impl<S: Store> Play<S> {
    /// Someone accepts a multi-seat challenge or sits down at an open table.
    pub(in crate::play) fn join(
        &self,
        ctx: &Context,
        record: GameRecord,
        mut challenge: ChallengeRecord,
    ) -> Result<Reply, Stop> {
        let me = ctx.user.id;
        let id = record.id;
        if challenge.has_joined(me) {
            return say_with(
                "table-joined-already",
                [
                    ("game", id.0.into()),
                    ("host", challenge.from.name().into()),
                ],
            );
        }
        if challenge.to.is_some() && !challenge.names(me) {
            let named: Vec<&str> = challenge.named().map(Player::name).collect();
            return say_with("refuse-not-for-you", [("name", named.join(", ").into())]);
        }
        challenge.joined.push(Player::User {
            id: me,
            name: ctx.user.name.clone(),
        });
        let max = record.kind.info().max_seats;
        let seated = 1 + challenge.joined.len();
        let full = match challenge.to {
            Some(_) => challenge.waiting_for().is_empty(),
            None => seated >= usize::from(challenge.target.unwrap_or(max)),
        };
        // Which challenge this was: the caller may have typed a plain /accept.
        let lang = self.place_lang(&record.place);
        let waiting: Vec<&str> = challenge.waiting_for().iter().map(|p| p.name()).collect();
        let args = [
            ("who", Arg::from(ctx.user.name.as_str())),
            ("host", challenge.from.name().into()),
            ("kind", record.kind.into()),
            ("game", id.0.into()),
            ("named", challenge.to.is_some().into()),
            ("full", full.into()),
            ("waiting", waiting.join(", ").into()),
            ("seated", seated.into()),
            ("max", challenge.target.unwrap_or(max).into()),
        ];
        let text = i18n::text_with(lang, "table-joined", &args);
        if full {
            return self.begin(record, challenge, &text);
        }
        self.post_table(record, challenge, text)
    }

    /// Saves a table whose seats changed and posts it (`text` first), pinging its host.
    fn post_table(
        &self,
        mut record: GameRecord,
        challenge: ChallengeRecord,
        text: String,
    ) -> Result<Reply, Stop> {
        let host = challenge.from.user_id();
        record.status = Status::Challenge(challenge);
        record.updated = self.clock.now_ms();
        let record = self.store.replace(&record)?;
        let lang = self.place_lang(&record.place);
        Ok(Reply::public(text)
            .about(record.id, News::Challenge)
            .mentioning(host)
            .with(Component::Buttons(table_buttons(lang, &record))))
    }

    /// `/start`: the host starts a multi-seat game with who has joined.
    pub(in crate::play) fn start(
        &self,
        ctx: &Context,
        id: Option<crate::store::GameId>,
    ) -> Result<Reply, Stop> {
        let me = ctx.user.id;
        let (record, challenge) = self.pick_challenge(
            ctx,
            id,
            |c| c.from.user_id() == Some(me),
            "table-nothing-to-start",
        )?;
        let game = || ("game", Arg::from(record.id.0));
        if challenge.from.user_id() != Some(me) {
            return say_with(
                "table-start-not-yours",
                [("host", challenge.from.name().into()), game()],
            );
        }
        if record.kind.info().max_seats <= 2 {
            return say_with("table-start-for-two", [("kind", record.kind.into())]);
        }
        if challenge.joined.is_empty() {
            return say_with("table-start-alone", [game()]);
        }
        // Those invited who had not answered hear that the game began without them.
        let (left_out, names): (Vec<UserId>, Vec<String>) = challenge
            .waiting_for()
            .into_iter()
            .map(|p| (p.user_id(), p.name().to_owned()))
            .filter_map(|(id, name)| Some((id?, name)))
            .unzip();
        let headline = if names.is_empty() {
            String::new()
        } else {
            i18n::text_with(
                self.place_lang(&record.place),
                "table-started-without",
                &[
                    ("who", ctx.user.name.as_str().into()),
                    ("names", names.join(", ").into()),
                ],
            )
        };
        let mut reply = self.begin(record, challenge, &headline)?;
        for user in left_out {
            if !reply.mentions.contains(&user) {
                reply.mentions.push(user);
            }
        }
        Ok(reply)
    }

    /// `/leave` (or `/decline`): a player who sat down at a table steps out before the
    /// start, and its host hears of it. In a named challenge leaving is declining (the
    /// others may still play); a game already begun is left with `/resign`.
    pub(in crate::play) fn leave(
        &self,
        ctx: &Context,
        id: Option<crate::store::GameId>,
    ) -> Result<Reply, Stop> {
        let me = ctx.user.id;
        let (record, challenge) =
            match self.pick_challenge(ctx, id, |c| c.has_joined(me), "table-nothing-to-leave") {
                Ok(found) => found,
                Err(why @ (Stop::Refuse(_) | Stop::Say(..))) => {
                    let begun = match id {
                        Some(id) => self
                            .store
                            .get(id)
                            .ok()
                            .filter(|r| r.status == Status::Active && r.seat_of(me).is_some()),
                        None => self.my_game(ctx, None).ok(),
                    };
                    return match begun {
                        Some(r) => say_with("table-leave-begun", [("game", r.id.0.into())]),
                        None => Err(why),
                    };
                }
                Err(other) => return Err(other),
            };
        if challenge.from.user_id() == Some(me) {
            return say_with("table-leave-own", [("game", record.id.0.into())]);
        }
        if challenge.names(me) {
            return self.decline_seat(ctx, record, challenge);
        }
        if !challenge.has_joined(me) {
            return say_with("table-not-joined", [("game", record.id.0.into())]);
        }
        self.leave_table(ctx, record, challenge)
    }

    /// Someone who sat down at an open table stands up again; the host is told.
    pub(in crate::play) fn leave_table(
        &self,
        ctx: &Context,
        record: GameRecord,
        mut challenge: ChallengeRecord,
    ) -> Result<Reply, Stop> {
        challenge
            .joined
            .retain(|p| p.user_id() != Some(ctx.user.id));
        let max = challenge.target.unwrap_or(record.kind.info().max_seats);
        let text = i18n::text_with(
            self.place_lang(&record.place),
            "table-left",
            &[
                ("who", ctx.user.name.as_str().into()),
                ("host", challenge.from.name().into()),
                ("kind", record.kind.into()),
                ("game", record.id.0.into()),
                ("seated", (1 + challenge.joined.len()).into()),
                ("max", max.into()),
            ],
        );
        self.post_table(record, challenge, text)
    }

    /// A named player declines a multi-seat challenge: the others still may play.
    pub(in crate::play) fn decline_seat(
        &self,
        ctx: &Context,
        mut record: GameRecord,
        mut challenge: ChallengeRecord,
    ) -> Result<Reply, Stop> {
        let me = ctx.user.id;
        let mut named: Vec<Player> = challenge.named().cloned().collect();
        named.retain(|p| p.user_id() != Some(me));
        challenge.to = (!named.is_empty()).then(|| named.remove(0));
        challenge.invited = named;
        challenge.joined.retain(|p| p.user_id() != Some(me));
        let lang = self.place_lang(&record.place);
        let headline = i18n::text_with(
            lang,
            "table-declined",
            &[("who", ctx.user.name.as_str().into())],
        );
        if challenge.waiting_for().is_empty() || challenge.to.is_none() {
            if !challenge.joined.is_empty() {
                return self.begin(record, challenge, &headline);
            }
            record.status = crate::store::Status::Declined;
            record.updated = self.clock.now_ms();
            self.store.replace(&record)?;
            return Ok(Reply::public(i18n::text_with(
                lang,
                "table-off",
                &[
                    ("headline", headline.into()),
                    ("host", challenge.from.name().into()),
                    ("game", record.id.0.into()),
                ],
            ))
            .about(record.id, News::Challenge)
            .mentioning(challenge.from.user_id()));
        }
        let host = challenge.from.user_id();
        let waiting: Vec<String> = challenge
            .waiting_for()
            .iter()
            .map(|p| p.name().to_owned())
            .collect();
        record.status = Status::Challenge(challenge);
        record.updated = self.clock.now_ms();
        let record = self.store.replace(&record)?;
        Ok(Reply::public(i18n::text_with(
            lang,
            "table-still-waits",
            &[
                ("headline", headline.into()),
                ("game", record.id.0.into()),
                ("waiting", waiting.join(", ").into()),
            ],
        ))
        .about(record.id, News::Challenge)
        .mentioning(host)
        .with(Component::Buttons(table_buttons(lang, &record))))
    }

    /// Starts a game: the seats drawn at random (the challenger's wish honoured), the
    /// options completed for these seats, the first board posted.
    pub(in crate::play) fn begin(
        &self,
        mut record: GameRecord,
        challenge: ChallengeRecord,
        headline: &str,
    ) -> Result<Reply, Stop> {
        let mut pool: Vec<Player> = std::iter::once(challenge.from.clone())
            .chain(challenge.joined.iter().cloned())
            .collect();
        let mut seats = Vec::with_capacity(pool.len());
        while !pool.is_empty() {
            let k = self.dice.roll(pool.len() as u64) as usize;
            seats.push(pool.remove(k.min(pool.len() - 1)));
        }
        let host = seats
            .iter()
            .position(|p| p.user_id() == challenge.from.user_id())
            .unwrap_or(0);
        let host_player = seats.remove(host);
        let wish = match challenge.seat {
            SeatChoice::Random => host,
            SeatChoice::First => 0,
            SeatChoice::Second => 1,
        };
        seats.insert(wish.min(seats.len()), host_player);
        let multi = record.kind.info().max_seats > 2;
        let mut pairs: Vec<String> = record
            .options
            .iter()
            .filter(|o| !o.starts_with("players="))
            .cloned()
            .collect();
        if multi {
            pairs.push(format!("players={}", seats.len()));
        }
        let (resolved, notes) = resolve_by_player(&challenge.by_player, &seats);
        pairs.extend(resolved);
        let mut with_seed = pairs;
        if record.kind.info().shuffles {
            with_seed.push(format!("seed={}", record.seed));
        }
        let game = AnyGame::new(record.kind, &with_seed, None).map_err(|e| {
            let lang = self.place_lang(&record.place);
            Stop::Refuse(i18n::refusals::setup_error(lang, Some(record.kind), &e))
        })?;
        record.options = game
            .non_default_options()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        record.position = game.position_text();
        record.seats = seats;
        record.status = Status::Active;
        record.updated = self.clock.now_ms();
        self.restart_clock(&mut record);
        let record = self.store.replace(&record)?;
        let lang = self.place_lang(&record.place);
        let begins = i18n::text_with(
            lang,
            "game-begins",
            &[("headline", headline.into()), ("game", record.id.0.into())],
        );
        let mut lines = vec![begins.trim().to_owned()];
        if multi {
            let order: Vec<String> = (0..record.seats.len())
                .map(|s| {
                    let who = seat_label(lang, &record, &game, s as u8);
                    format!("{}. {who}", s + 1)
                })
                .collect();
            lines.push(i18n::text_with(
                lang,
                "game-turn-order",
                &[("order", order.join(", ").into())],
            ));
        }
        for name in notes {
            lines.push(i18n::text_with(
                lang,
                "table-handicap-dropped",
                &[("name", name.into())],
            ));
        }
        let names: Vec<String> = record.seats.iter().map(|p| player_name(lang, p)).collect();
        let title = i18n::text_with(
            lang,
            "game-thread-title",
            &[
                ("game", record.id.0.into()),
                ("kind", record.kind.into()),
                ("names", i18n::versus(lang, &names).into()),
            ],
        );
        Ok(Reply {
            begins: Some((record.id, title)),
            ..board_reply(&record, &game, &lines.join("\n"), self.clock.now_ms(), lang)
        })
    }
}

/// The answers `user` may give to a waiting challenge (actions of the command table): the
/// challenger cancels, or starts a table that has enough players; one named, or anyone
/// for an open challenge, accepts (and one named may decline); one who joined a table may
/// leave it. Front ends that show answers per reader (the Activity) ask this; the
/// handlers of the commands decide again when one is given, with the reason when not.
#[must_use]
pub fn challenge_answers(
    record: &GameRecord,
    challenge: &crate::store::ChallengeRecord,
    user: crate::store::UserId,
) -> Vec<&'static str> {
    let mine = challenge.from.user_id() == Some(user);
    let named = challenge.names(user);
    let joined = challenge.has_joined(user);
    let table = record.kind.info().max_seats > 2;
    [
        (
            "accept",
            !mine && !joined && (named || challenge.to.is_none()),
        ),
        ("decline", named && !joined),
        ("cancel", mine),
        ("start", mine && table && !challenge.joined.is_empty()),
        ("leave", joined),
    ]
    .into_iter()
    .filter_map(|(answer, may)| may.then_some(answer))
    .collect()
}

/// The buttons under a multi-seat challenge: join (accept), start, and withdraw.
pub(in crate::play) fn table_buttons(lang: Lang, record: &GameRecord) -> Vec<Button> {
    let id = record.id;
    let open = matches!(&record.status, Status::Challenge(c) if c.to.is_none());
    let button =
        |action: &str, label: &str, style| Button::new(action, id, &i18n::text(lang, label), style);
    let join = button(
        "accept",
        if open { "button-join" } else { "button-accept" },
        ButtonStyle::Primary,
    );
    // Who sat down at an open table may stand up again before the start.
    let leave = open.then(|| button("leave", "button-leave", ButtonStyle::Secondary));
    std::iter::once(join)
        .chain(leave)
        .chain([
            button("start", "button-start", ButtonStyle::Secondary),
            if open {
                button("cancel", "button-cancel", ButtonStyle::Danger)
            } else {
                button("decline", "button-decline", ButtonStyle::Danger)
            },
        ])
        .collect()
}

/// The text of a new multi-seat challenge.
pub(in crate::play) fn table_text(lang: Lang, record: &GameRecord, opponents: &[User]) -> String {
    let mut what = challenge_line(lang, record);
    if let Status::Challenge(c) = &record.status {
        let computers: Vec<String> = c
            .joined
            .iter()
            .filter(|p| p.computer_level().is_some())
            .map(|p| player_name(lang, p))
            .collect();
        if !computers.is_empty() {
            what.push('\n');
            what.push_str(&i18n::text_with(
                lang,
                "table-computers-sat",
                &[("names", computers.join(", ").into())],
            ));
        }
    }
    let names: Vec<&str> = opponents.iter().map(|o| o.name.as_str()).collect();
    let how = i18n::text_with(
        lang,
        "table-how",
        &[
            ("open", opponents.is_empty().into()),
            ("names", names.join("**, **").into()),
        ],
    );
    format!("{what}\n{how}")
}
