//! Challenges and tables: `/play`, `/accept`, `/decline`, `/cancel`, and for games of more
//! than two `/start` and `/leave` ([`table`]). Each checks who may do what, then writes
//! through the store's compare-and-swap so two clicks at once can never both land.

pub(in crate::play) mod table;

use crate::ai::Level;
use crate::games::{GameKind, SetupError};
use crate::i18n;
use crate::play::core::seats::player;
use crate::store::{
    ChallengeRecord, GameId, GameRecord, Player, SeatChoice, Status, Store, UserId,
};

use crate::play::args::{computers, is_computer_name, seat_choice, Args, ParseCommandError};
use crate::play::challenges::table::{table_buttons, table_options, table_text};
use crate::play::command::{Context, User};
use crate::play::core::{refuse, say, say_with, Play, Stop};
use crate::play::definition::common::{days, game_choice, game_options, on_game, yes_no};
use crate::play::definition::{parser, Action, Choice, CommandSpec, Contexts, Kind, OptionSpec};
use crate::play::reply::{Button, ButtonStyle, Component, News, Reply};
use crate::play::text::{self, challenge_line};
use crate::play::timing::{parse_days, DAY_CHOICES};

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
        let lang = self.place_lang(&record.place);
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
        let lang = self.place_lang(&record.place);
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
            self.place_lang(&record.place),
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
            self.place_lang(&record.place),
            "challenge-withdrawn",
            &[
                ("who", ctx.user.name.as_str().into()),
                ("game", record.id.0.into()),
            ],
        ))
        .about(record.id, News::Challenge)
        .mentioning(concerned))
    }
}

impl<S: Store> Play<S> {}

fn play_definition() -> CommandSpec<ChallengeCommand> {
    let mut options = vec![
        game_choice(true),
        OptionSpec::new("opponent", "opt-opponent", Kind::User).aliases(&["vs"]),
        OptionSpec::new("opponent2", "opt-opponent2", Kind::User),
        OptionSpec::new("opponent3", "opt-opponent3", Kind::User),
        OptionSpec::new("level", "opt-level", Kind::Integer).range(1, Some(5)),
        OptionSpec::new("computers", "opt-computers", Kind::Integer).range(1, Some(3)),
        OptionSpec::new("seat", "opt-seat", Kind::Text)
            .choices(vec![
                Choice::labelled("choice-seat-random", "random"),
                Choice::labelled("choice-seat-first", "first"),
                Choice::labelled("choice-seat-second", "second"),
            ])
            .aliases(&["colour", "color", "side"]),
        yes_no("rated", "opt-rated", "choice-rated-yes", "choice-rated-no"),
        days(Kind::Text),
    ];
    options.extend(game_options());
    CommandSpec {
        name: "play",
        aliases: &["challenge"],
        options,
        game_options: true,
        contexts: Contexts::PLAYED,
        private: false,
        help: &[
            "help-play",
            "help-play-skakanie-more",
            "help-play-computer-more",
        ],
        parse: parser(read_play),
        actions: Vec::new(),
        buttons: None,
    }
}

/// The commands that make a game: challenges, open tables, and the answers to them.
/// `game: None` means "my only game here", resolved by the play layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeCommand {
    /// Challenge named users (one, or up to three in Skakanie), or open a table anyone in
    /// the channel may join when `opponents` is empty.
    Challenge {
        /// The game's name as typed.
        game: String,
        /// Who is challenged.
        opponents: Vec<User>,
        /// `key=value` options.
        options: Vec<String>,
        /// The challenger's seat wish.
        seat: SeatChoice,
        /// Computer opponents, by level: seated at once, without an answer to wait for.
        computers: Vec<Level>,
    },
    /// Accept a challenge.
    Accept {
        /// Which one.
        game: Option<GameId>,
    },
    /// Decline a challenge addressed to the caller.
    Decline {
        /// Which one.
        game: Option<GameId>,
    },
    /// Start a game of more than two with the players who have joined (its challenger).
    Start {
        /// Which one.
        game: Option<GameId>,
    },
    /// Stand up from a table one joined (or step out of a named challenge one accepted)
    /// before it starts.
    Leave {
        /// Which one.
        game: Option<GameId>,
    },
    /// Withdraw one's own challenge.
    Cancel {
        /// Which one.
        game: Option<GameId>,
    },
}

impl ChallengeCommand {
    /// The name of its command in the table.
    pub(in crate::play) fn name(&self) -> &'static str {
        match self {
            Self::Challenge { .. } => "play",
            Self::Accept { .. } => "accept",
            Self::Decline { .. } => "decline",
            Self::Start { .. } => "start",
            Self::Leave { .. } => "leave",
            Self::Cancel { .. } => "cancel",
        }
    }

    /// Whether carrying it out may write to the store, so its reply must wait until the
    /// write is durable. Only pure look-ups say no; anything new is a writer.
    pub(in crate::play) fn may_write(&self) -> bool {
        match self {
            Self::Challenge { .. } => true,
            Self::Accept { .. } => true,
            Self::Decline { .. } => true,
            Self::Start { .. } => true,
            Self::Leave { .. } => true,
            Self::Cancel { .. } => true,
        }
    }
}

impl<S: Store> Play<S> {
    /// Carries out one of the family's commands.
    pub(in crate::play) fn run_challenges(
        &self,
        ctx: &Context,
        command: ChallengeCommand,
    ) -> Result<Reply, Stop> {
        match command {
            ChallengeCommand::Challenge {
                game,
                opponents,
                options,
                seat,
                computers,
            } => self.challenge(ctx, &game, opponents, &options, seat, &computers),
            ChallengeCommand::Start { game } => self.start(ctx, game),
            ChallengeCommand::Accept { game } => self.accept(ctx, game),
            ChallengeCommand::Decline { game } => self.decline(ctx, game),
            ChallengeCommand::Cancel { game } => self.cancel(ctx, game),
            ChallengeCommand::Leave { game } => self.leave(ctx, game),
        }
    }
}

/// The challenges and tables: made, answered, started, left.
pub(in crate::play) fn commands() -> Vec<CommandSpec<ChallengeCommand>> {
    vec![
        play_definition(),
        on_game(
            "accept",
            &["help-answer"],
            |args, _| {
                Ok(ChallengeCommand::Accept {
                    game: args.game_id()?,
                })
            },
            vec![Action::new("accept", |game| ChallengeCommand::Accept {
                game,
            })],
        ),
        on_game(
            "decline",
            &[],
            |args, _| {
                Ok(ChallengeCommand::Decline {
                    game: args.game_id()?,
                })
            },
            vec![Action::new("decline", |game| ChallengeCommand::Decline {
                game,
            })],
        ),
        on_game(
            "cancel",
            &[],
            |args, _| {
                Ok(ChallengeCommand::Cancel {
                    game: args.game_id()?,
                })
            },
            vec![Action::new("cancel", |game| ChallengeCommand::Cancel {
                game,
            })],
        ),
        on_game(
            "leave",
            &["help-leave"],
            |args, _| {
                Ok(ChallengeCommand::Leave {
                    game: args.game_id()?,
                })
            },
            vec![Action::new("leave", |game| ChallengeCommand::Leave {
                game,
            })],
        ),
        on_game(
            "start",
            &[],
            |args, _| {
                Ok(ChallengeCommand::Start {
                    game: args.game_id()?,
                })
            },
            vec![Action::new("start", |game| ChallengeCommand::Start {
                game,
            })],
        ),
    ]
}

/// `/play`: the game, the opponents (people and computers), the seat, and the game's own
/// options.
pub(in crate::play) fn read_play(
    args: &mut Args,
    user: &dyn Fn(&str) -> User,
) -> Result<ChallengeCommand, ParseCommandError> {
    let game = match args.take(&["game"]) {
        Some(game) => game,
        None if !args.positional.is_empty() && !args.positional[0].starts_with('@') => {
            args.positional.remove(0)
        }
        None => {
            return Err(ParseCommandError::Missing {
                command: "play",
                what: "game",
            })
        }
    };
    // opponent, opponent2, opponent3 (Discord's options) or @names (the console).
    let mut named = Vec::new();
    while let Some(name) = args.take(&["opponent", "opponent2", "opponent3", "vs"]) {
        named.push(name);
    }
    named.extend(
        args.positional
            .iter()
            .filter(|w| w.starts_with('@'))
            .cloned(),
    );
    // `@ai` (or `@computer`) is the bot itself; everyone else is a person.
    let (machines, people): (Vec<String>, Vec<String>) = named
        .into_iter()
        .map(|name| name.trim_start_matches('@').to_owned())
        .partition(|name| is_computer_name(name));
    let opponents = people.iter().map(|name| user(name)).collect();
    let seat = args
        .take(&["seat", "colour", "color", "side"])
        .map_or(Ok(SeatChoice::Random), |s| seat_choice(&s))?;
    let computers = computers(
        machines.len(),
        args.take(&["computers"]),
        args.take(&["level"]),
    )?;
    // Every other option is the game's, which judges it (and names its own options).
    let options = args
        .named
        .drain(..)
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    Ok(ChallengeCommand::Challenge {
        game,
        opponents,
        options,
        seat,
        computers,
    })
}
