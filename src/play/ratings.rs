//! `/rating`, `/leaderboard`, `/profile` and `/abort`: what players see of their ratings,
//! and the way out of a game nobody has really played yet.

use crate::games::GameKind;
use crate::i18n::{self, Lang};
use crate::play::args::{typed_word, Args, ParseCommandError};
use crate::play::clocks::got_going;
use crate::play::command::{Context, User};
use crate::play::core::{say, say_with, Loaded, Page, Play, Stop};
use crate::play::definition::common::{game_choice, on_game, plain};
use crate::play::definition::{Choice, CommandSpec, Contexts, Kind, OptionSpec};
use crate::play::reply::{Button, Component, Image, Reply};
use crate::ratings::{Standing, LEADERBOARD_DAYS, LEADERBOARD_GAMES, PROVISIONAL_DEVIATION};
use crate::store::{GameId, GameRecord, Status, Store, UserId};

/// How many players a leaderboard shows.
const LEADERBOARD_SIZE: usize = 10;

/// A game's name as typed, or the refusal that lists the games.
fn game_kind(lang: Lang, name: &str) -> Result<GameKind, Stop> {
    name.parse()
        .map_err(|e| Stop::Refuse(i18n::refusals::setup_error(lang, None, &e)))
}

/// "Jumpers: **1514** (12 rated games: 7 won, 1 drawn, 4 lost)".
pub(super) fn standing_line(lang: Lang, kind: GameKind, s: &Standing) -> String {
    i18n::text_with(
        lang,
        "standing-line",
        &[
            ("kind", kind.into()),
            ("rating", s.shown().into()),
            ("games", s.games.into()),
            ("wins", s.wins.into()),
            ("draws", s.draws.into()),
            ("losses", s.losses.into()),
        ],
    )
}

/// `/profile`'s line of one game's standing: the rating line and the longest win streak
/// (the player's page says the same).
pub(super) fn profile_line(lang: Lang, kind: GameKind, s: &Standing) -> String {
    i18n::text_with(
        lang,
        "profile-standing",
        &[
            ("line", standing_line(lang, kind, s).into()),
            ("streak", s.best_streak.into()),
        ],
    )
}

impl<S: Store> Play<S> {
    /// `user`'s standing in each game they are rated in, in the games' order: what
    /// `/profile`, the player's page and its chart show.
    pub(super) fn standings_of(
        &self,
        user: UserId,
    ) -> Result<Vec<(GameKind, Standing)>, crate::store::StoreError> {
        let mut standings = Vec::new();
        for kind in GameKind::ALL {
            if let Some(standing) = self.store.standing(kind, user)? {
                standings.push((kind, standing));
            }
        }
        Ok(standings)
    }

    /// `/rating [user] [game]`.
    pub(super) fn rating(
        &self,
        ctx: &Context,
        user: Option<User>,
        game: Option<&str>,
    ) -> Result<Reply, Stop> {
        let lang = self.reader_lang(ctx);
        let who = user.unwrap_or_else(|| ctx.user.clone());
        let kind = game.map(|name| game_kind(lang, name)).transpose()?;
        let kinds = kind.map_or_else(|| GameKind::ALL.to_vec(), |k| vec![k]);
        let mut lines = Vec::new();
        for kind in kinds {
            if let Some(standing) = self.store.standing(kind, who.id)? {
                lines.push(standing_line(lang, kind, &standing));
            }
        }
        Ok(Reply::private(if lines.is_empty() {
            i18n::text_with(
                lang,
                "rating-none",
                &[
                    ("you", (who.id == ctx.user.id).into()),
                    ("name", who.name.as_str().into()),
                    (
                        "kind",
                        kind.map_or_else(|| "any".into(), |k| i18n::game_title(lang, k).into()),
                    ),
                ],
            )
        } else {
            let provisional = lines.iter().any(|l| l.contains("?**"));
            i18n::text_with(
                lang,
                "rating-list",
                &[
                    ("name", who.name.as_str().into()),
                    ("lines", lines.join("\n").into()),
                    ("provisional", provisional.into()),
                    ("deviation", (PROVISIONAL_DEVIATION as i64).into()),
                ],
            )
        }))
    }

    /// `/leaderboard game:<game> [scope:server|global]`.
    pub(super) fn leaderboard(
        &self,
        ctx: &Context,
        game: &str,
        scope: Option<&str>,
    ) -> Result<Reply, Stop> {
        let kind = game_kind(self.reader_lang(ctx), game)?;
        let server = match scope.map(str::to_ascii_lowercase).as_deref() {
            None => ctx.place.guild.is_some(),
            Some("server" | "here" | "local") => true,
            Some("global" | "all" | "everywhere") => false,
            Some(other) => return say_with("leaderboard-bad-scope", [("typed", other.into())]),
        };
        let guild = match (server, ctx.place.guild) {
            (true, Some(guild)) => Some(guild),
            (true, None) => return say("leaderboard-no-server"),
            (false, _) => None,
        };
        // A server's board reads in the server's language; outside a server (a direct
        // message), in the reader's.
        let lang = match ctx.place.guild {
            Some(_) => self.place_lang(&ctx.place),
            None => self.reader_lang(ctx),
        };
        let now = self.clock.now_ms();
        let board =
            self.store
                .leaderboard(kind, guild, &|s| s.on_leaderboard(now), LEADERBOARD_SIZE)?;
        let title = i18n::text_with(
            lang,
            "leaderboard-title",
            &[("kind", kind.into()), ("server", guild.is_some().into())],
        );
        let rule = i18n::text_with(
            lang,
            "leaderboard-rule",
            &[
                ("games", LEADERBOARD_GAMES.into()),
                ("days", LEADERBOARD_DAYS.into()),
                ("deviation", (PROVISIONAL_DEVIATION as i64).into()),
            ],
        );
        // Below them, those who played lately but are not listed yet (a `?` rating or too
        // few games): a new server's board is never empty once somebody has played.
        let recent =
            |s: &Standing| now.saturating_sub(s.last_game) <= LEADERBOARD_DAYS * 86_400_000;
        let waiting = self.store.leaderboard(
            kind,
            guild,
            &|s| s.games > 0 && !s.on_leaderboard(now) && recent(s),
            LEADERBOARD_SIZE,
        )?;
        let waiting_lines: Vec<String> = waiting
            .iter()
            .map(|(_, standing)| {
                i18n::text_with(
                    lang,
                    "leaderboard-provisional-line",
                    &[
                        ("name", standing.name.as_str().into()),
                        ("rating", standing.shown().into()),
                        ("games", standing.games.into()),
                    ],
                )
            })
            .collect();
        let waiting_text = if waiting_lines.is_empty() {
            String::new()
        } else {
            format!(
                "\n{}\n{}",
                i18n::text(lang, "leaderboard-provisional"),
                waiting_lines.join("\n")
            )
        };
        if board.is_empty() {
            if waiting_lines.is_empty() {
                let nobody = i18n::text(lang, "leaderboard-nobody");
                return Ok(Reply::public(format!("{title}: {nobody}\n{rule}")));
            }
            return Ok(Reply::public(format!("{title}:{waiting_text}\n{rule}")));
        }
        // Equal rounded ratings share a place.
        let mut lines = Vec::with_capacity(board.len());
        let mut place = 0;
        let mut last = None;
        for (i, (_, standing)) in board.iter().enumerate() {
            let shown = standing.rating.round() as i64;
            if last != Some(shown) {
                place = i + 1;
                last = Some(shown);
            }
            lines.push(i18n::text_with(
                lang,
                "leaderboard-line",
                &[
                    ("place", place.into()),
                    ("name", standing.name.as_str().into()),
                    ("rating", standing.shown().into()),
                    ("games", standing.games.into()),
                ],
            ));
        }
        Ok(Reply::public(format!(
            "{title}:\n{}{waiting_text}\n{rule}",
            lines.join("\n")
        )))
    }

    /// `/profile [user]`.
    pub(super) fn profile(&self, ctx: &Context, user: Option<User>) -> Result<Reply, Stop> {
        let lang = self.reader_lang(ctx);
        let who = user.unwrap_or_else(|| ctx.user.clone());
        let mut lines = vec![i18n::text_with(
            lang,
            "profile-title",
            &[("name", who.name.as_str().into())],
        )];
        let series = self.standings_of(who.id)?;
        lines.extend(series.iter().map(|(kind, s)| profile_line(lang, *kind, s)));
        let games = self.store.games_of_user(who.id)?;
        let current: Vec<String> = games
            .iter()
            .filter(|r| r.status == Status::Active && r.seat_of(who.id).is_some())
            .map(|r| format!("#{} {}", r.id, i18n::game_title(lang, r.kind)))
            .collect();
        let finished = games
            .iter()
            .filter(|r| matches!(r.status, Status::Finished(_)) && r.seat_of(who.id).is_some())
            .count();
        if series.is_empty() {
            lines.push(i18n::text(lang, "profile-unrated"));
        }
        lines.push(i18n::text_with(
            lang,
            "profile-games",
            &[
                ("finished", finished.into()),
                ("current", current.join(", ").into()),
                ("playing", current.len().into()),
            ],
        ));
        let tournaments = self.tournaments_of(who.id, &games)?;
        lines.extend(self.profile_tournaments(who.id, &tournaments, lang));
        let mut reply = Reply::private(lines.join("\n"));
        // The page says the same, with every game a link; its link is signed, so only
        // those shown the profile reach it.
        if let Some(links) = &self.pages {
            reply.components = vec![Component::Buttons(vec![Button::link(
                &links(Page::Player(who.id)),
                &i18n::text(lang, "button-web-profile"),
            )])];
        }
        if series.iter().any(|(_, s)| !s.history.is_empty()) {
            let picture = crate::render::chart::rating_history(lang, &who.name, &series);
            let png = crate::render::encode::png(&picture, None);
            // One file per player: the console keeps each profile it was asked for.
            reply.image = Some(Image::png(format!("profile-{}.png", who.id.0), png));
        }
        Ok(reply)
    }

    /// `/abort`: ends a game before every side has moved. Nothing is rated: a game that
    /// never got going says nothing of anyone's strength.
    pub(super) fn abort(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let (Loaded { mut record, game }, seat) = self.seated(ctx, id)?;
        if let Some(slot) = record.tournament {
            // A tournament's pairing has no second try: resigning is the way out.
            return say_with(
                "abort-tournament",
                [("tournament", slot.tournament.0.into())],
            );
        }
        if got_going(&record, &game) {
            return say_with("abort-too-late", [("game", record.id.0.into())]);
        }
        record.status = Status::Aborted;
        record.pending = None;
        record.updated = self.clock.now_ms();
        let record: GameRecord = self.store.replace(&record)?;
        let now = self.clock.now_ms();
        Ok(self
            .seat_board(&record, &game, seat, ("abort-done", &[]), now)
            .mentioning(
                record
                    .seats
                    .iter()
                    .filter_map(crate::store::Player::user_id)
                    .filter(|&u| u != ctx.user.id)
                    .collect::<Vec<UserId>>(),
            ))
    }
}

/// The commands about ratings: a player's, a leaderboard, a profile, and the abort that spares them.
/// `game: None` means "my only game here", resolved by the play layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RatingCommand {
    /// End a game before both sides have moved, without a result or a rating change.
    Abort {
        /// Which game.
        game: Option<GameId>,
    },
    /// A player's ratings (the caller's by default), in one game or all.
    Rating {
        /// Whose.
        user: Option<User>,
        /// Which game's; `None`: every game they are rated in.
        game: Option<String>,
    },
    /// A game's best-rated players, on this server or everywhere.
    Leaderboard {
        /// Which game.
        game: String,
        /// `server` (the default on a server) or `global`.
        scope: Option<String>,
    },
    /// A player's games, results, streaks and rating history (the caller's by default).
    Profile {
        /// Whose.
        user: Option<User>,
    },
}

impl RatingCommand {
    /// The name of its command in the table.
    pub(in crate::play) fn name(&self) -> &'static str {
        match self {
            Self::Abort { .. } => "abort",
            Self::Rating { .. } => "rating",
            Self::Leaderboard { .. } => "leaderboard",
            Self::Profile { .. } => "profile",
        }
    }

    /// Whether carrying it out may write to the store, so its reply must wait until the
    /// write is durable. Only pure look-ups say no; anything new is a writer.
    pub(in crate::play) fn may_write(&self) -> bool {
        match self {
            Self::Abort { .. } => true,
            Self::Rating { .. } => false,
            Self::Leaderboard { .. } => false,
            Self::Profile { .. } => false,
        }
    }
}

impl<S: Store> Play<S> {
    /// Carries out one of the family's commands.
    pub(in crate::play) fn run_ratings(
        &self,
        ctx: &Context,
        command: RatingCommand,
    ) -> Result<Reply, Stop> {
        match command {
            RatingCommand::Abort { game } => self.abort(ctx, game),
            RatingCommand::Rating { user, game } => self.rating(ctx, user, game.as_deref()),
            RatingCommand::Leaderboard { game, scope } => {
                self.leaderboard(ctx, &game, scope.as_deref())
            }
            RatingCommand::Profile { user } => self.profile(ctx, user),
        }
    }
}

/// Ratings: an unrated end before every side moved, ratings, the leaderboard, profiles.
pub(in crate::play) fn commands() -> Vec<CommandSpec<RatingCommand>> {
    vec![
        on_game(
            "abort",
            &["help-ratings"],
            |args, _| {
                Ok(RatingCommand::Abort {
                    game: args.game_id()?,
                })
            },
            Vec::new(),
        ),
        plain(
            "rating",
            &["ratings"],
            vec![
                OptionSpec::new("user", "opt-rating-user", Kind::User).aliases(&["player"]),
                game_choice(false),
            ],
            Contexts::EVERYWHERE,
            &["help-rating-commands"],
            read_rating,
        )
        .private(),
        plain(
            "leaderboard",
            &["top"],
            vec![
                game_choice(true),
                OptionSpec::new("scope", "opt-scope", Kind::Text).choices(vec![
                    Choice::labelled("choice-scope-server", "server"),
                    Choice::labelled("choice-scope-global", "global"),
                ]),
            ],
            Contexts::SERVER_AND_BOT_DM,
            &[],
            read_leaderboard,
        ),
        plain(
            "profile",
            &[],
            vec![OptionSpec::new("user", "opt-profile-user", Kind::User)],
            Contexts::EVERYWHERE,
            &[],
            read_profile,
        )
        .private(),
    ]
}

/// `/rating`: whose (a mention on the console), in which game.
pub(in crate::play) fn read_rating(
    args: &mut Args,
    user: &dyn Fn(&str) -> User,
) -> Result<RatingCommand, ParseCommandError> {
    let mut who = args.take(&["user", "player"]);
    let mut game = args.take(&["game"]);
    for word in std::mem::take(&mut args.positional) {
        if word.starts_with('@') && who.is_none() {
            who = Some(word);
        } else if game.is_none() {
            game = Some(word);
        } else {
            args.positional.push(word);
        }
    }
    Ok(RatingCommand::Rating {
        user: who.map(|w| user(w.trim_start_matches('@'))),
        game,
    })
}

/// `/leaderboard`: a game, on this server or everywhere.
pub(in crate::play) fn read_leaderboard(
    args: &mut Args,
    _: &dyn Fn(&str) -> User,
) -> Result<RatingCommand, ParseCommandError> {
    let game = args
        .take(&["game"])
        .or_else(|| (!args.positional.is_empty()).then(|| args.positional.remove(0)));
    let Some(game) = game else {
        return Err(ParseCommandError::Missing {
            command: "leaderboard",
            what: "leaderboard-game",
        });
    };
    Ok(RatingCommand::Leaderboard {
        game,
        scope: args.take(&["scope"]).map(|s| typed_word(&s)),
    })
}

/// `/profile`: whose.
pub(in crate::play) fn read_profile(
    args: &mut Args,
    user: &dyn Fn(&str) -> User,
) -> Result<RatingCommand, ParseCommandError> {
    let who = args.take(&["user", "player"]).or_else(|| {
        let at = args.positional.iter().position(|w| w.starts_with('@'))?;
        Some(args.positional.remove(at))
    });
    Ok(RatingCommand::Profile {
        user: who.map(|w| user(w.trim_start_matches('@'))),
    })
}
