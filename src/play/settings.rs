//! `/settings`, `/rules` and `/help`: a player's and a server's choices (how turns are told,
//! languages, threads, who may make tournaments), the rules pages. `/help`'s words come from
//! the table, in `spec`.

use crate::i18n;
use crate::i18n::Lang;
use crate::play::args::{typed_word, Args, ParseCommandError};
use crate::play::command::{Context, User, RULES_PREFIX};
use crate::play::core::{refuse, Play, Stop};
use crate::play::definition::common::{game_choice, languages, plain};
use crate::play::definition::{Choice, CommandSpec, Contexts, Kind, OptionSpec};
use crate::play::reply::Reply;
use crate::store::{Notify, Store, TournamentHosts, UserSettings};
/// What a server's admins may choose with `/settings` besides threads.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ServerChoices {
    /// The language of the server's posts.
    pub lang: Option<Lang>,
    /// Who may make tournaments.
    pub tournaments: Option<TournamentHosts>,
}

impl<S: Store> Play<S> {
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
}

fn definition() -> CommandSpec<SettingsCommand> {
    let notify = OptionSpec::new("notify", "opt-notify", Kind::Text)
        .choices(
            Notify::ALL
                .iter()
                .map(|(notify, name)| {
                    let id = match notify {
                        Notify::Channel => "choice-notify-channel",
                        Notify::Dm => "choice-notify-dm",
                        Notify::Off => "choice-notify-off",
                    };
                    Choice::labelled(id, name)
                })
                .collect(),
        )
        .aliases(&["notifications"]);
    let threads = OptionSpec::new("threads", "opt-threads", Kind::Text)
        .choices(vec![
            Choice::labelled("choice-threads-on", "on"),
            Choice::labelled("choice-threads-off", "off"),
        ])
        .aliases(&["thread"]);
    let tournaments = OptionSpec::new("tournaments", "opt-tournaments", Kind::Text).choices(
        TournamentHosts::ALL
            .iter()
            .map(|(_, name)| Choice::labelled(&format!("choice-tournaments-{name}"), name))
            .collect(),
    );
    plain(
        "settings",
        &[],
        vec![
            notify,
            languages("language", "opt-language").aliases(&["lang"]),
            threads,
            languages("server_language", "opt-server-language"),
            tournaments,
        ],
        Contexts::SERVER_AND_BOT_DM,
        &["help-settings"],
        read_settings,
    )
    .private()
}

/// The commands about the bot itself: settings and rules (`/help`, read from the whole
/// table, is the table's own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsCommand {
    /// Show the caller's settings, or change how they are notified (and, for a server's
    /// admins, whether games get threads).
    Settings {
        /// The new notification choice, if any.
        notify: Option<Notify>,
        /// The server's new thread choice, if any.
        threads: Option<bool>,
        /// The caller's new language, if any.
        language: Option<Lang>,
        /// The server's new language (admins), if any.
        server_language: Option<Lang>,
        /// Who may make tournaments on the server (admins), if chosen now.
        tournaments: Option<TournamentHosts>,
    },
    /// A game's rules and options (or the list of games), one page at a time: a whole
    /// teaching text does not fit in one Discord message.
    Rules {
        /// The game's name.
        game: Option<String>,
        /// The page, from 1; `None` is the first.
        page: Option<usize>,
    },
}

impl SettingsCommand {
    /// The name of its command in the table.
    pub(in crate::play) fn name(&self) -> &'static str {
        match self {
            Self::Settings { .. } => "settings",
            Self::Rules { .. } => "rules",
        }
    }

    /// Whether carrying it out may write to the store, so its reply must wait until the
    /// write is durable. Only pure look-ups say no; anything new is a writer.
    pub(in crate::play) fn may_write(&self) -> bool {
        match self {
            Self::Settings { .. } => true,
            Self::Rules { .. } => false,
        }
    }
}

impl<S: Store> Play<S> {
    /// Carries out one of the family's commands.
    pub(in crate::play) fn run_settings(
        &self,
        ctx: &Context,
        command: SettingsCommand,
    ) -> Result<Reply, Stop> {
        match command {
            SettingsCommand::Settings {
                notify,
                threads,
                language,
                server_language,
                tournaments,
            } => self.settings(
                ctx,
                notify,
                threads,
                language,
                ServerChoices {
                    lang: server_language,
                    tournaments,
                },
            ),
            SettingsCommand::Rules { game, page } => {
                crate::play::text::rules(self.reader_lang(ctx), game.as_deref(), page)
                    .map_err(Stop::Refuse)
            }
        }
    }
}

/// Settings and rules.
pub(in crate::play) fn commands() -> Vec<CommandSpec<SettingsCommand>> {
    vec![
        definition(),
        plain(
            "rules",
            &[],
            vec![
                game_choice(false),
                OptionSpec::new("page", "opt-page", Kind::Integer)
                    .range(1, Some(crate::i18n::guides::most_pages() as i64)),
            ],
            Contexts::EVERYWHERE,
            &["help-rules"],
            read_rules,
        )
        .private()
        // A page of the rules: `rules:jumpers:2`.
        .buttons(|id| {
            let (game, page) = id.strip_prefix(RULES_PREFIX)?.split_once(':')?;
            Some(SettingsCommand::Rules {
                game: Some(game.to_owned()),
                page: Some(page.parse().ok().filter(|&p| p > 0)?),
            })
        }),
    ]
}

/// `/settings`: notifications, threads, languages, who may host tournaments.
pub(in crate::play) fn read_settings(
    args: &mut Args,
    _: &dyn Fn(&str) -> User,
) -> Result<SettingsCommand, ParseCommandError> {
    let notify = args
        .take(&["notify", "notifications"])
        .or_else(|| args.positional.first().cloned());
    let threads = match args.take(&["threads", "thread"]) {
        None => None,
        Some(text) => Some(match typed_word(&text).as_str() {
            "on" | "yes" | "true" => true,
            "off" | "no" | "false" => false,
            other => {
                return Err(ParseCommandError::Bad {
                    what: "threads",
                    typed: other.to_owned(),
                })
            }
        }),
    };
    let mut language = |keys: &[&str]| -> Result<Option<Lang>, ParseCommandError> {
        args.take(keys)
            .map(|text| text.parse::<Lang>())
            .transpose()
            .map_err(|e| ParseCommandError::Bad {
                what: "language",
                typed: e.0,
            })
    };
    let language_choice = language(&["language", "lang"])?;
    let server_language = language(&["server_language"])?;
    let tournaments =
        match args.take(&["tournaments"]) {
            None => None,
            Some(text) => Some(TournamentHosts::from_name(&typed_word(&text)).ok_or_else(
                || ParseCommandError::Bad {
                    what: "tournament-hosts",
                    typed: text.clone(),
                },
            )?),
        };
    Ok(SettingsCommand::Settings {
        threads,
        language: language_choice,
        server_language,
        tournaments,
        notify: match notify {
            None => None,
            Some(text) => Some(Notify::from_name(&typed_word(&text)).ok_or_else(|| {
                ParseCommandError::Bad {
                    what: "notify",
                    typed: text.clone(),
                }
            })?),
        },
    })
}

/// `/rules`: a game and a page.
pub(in crate::play) fn read_rules(
    args: &mut Args,
    _: &dyn Fn(&str) -> User,
) -> Result<SettingsCommand, ParseCommandError> {
    Ok(SettingsCommand::Rules {
        game: args
            .take(&["game"])
            .or_else(|| args.positional.first().cloned()),
        page: match args.take(&["page"]) {
            None => None,
            Some(text) => Some(text.parse().ok().filter(|&p| p > 0).ok_or_else(|| {
                ParseCommandError::Bad {
                    what: "page",
                    typed: text.clone(),
                }
            })?),
        },
    })
}
