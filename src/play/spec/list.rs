//! Every command, one entry each: the table [`super::commands`] is built from. A new
//! command is an entry here (with its handler in its family's module) and its words in
//! the catalogues.

use super::{Action, Choice, CommandSpec, Contexts, Kind, Label, OptionSpec, Value, Words};
use crate::games::GameKind;
use crate::i18n::Lang;
use crate::play::command::{Answer, Command};
use crate::play::parse as read;
use crate::play::timing::DAY_CHOICES;
use crate::store::{Notify, TournamentHosts};

/// The three actions of a proposal command (`draw`, `draw-accept`, `draw-decline`), each
/// making the command's `variant` with its answer.
macro_rules! proposal_actions {
    ($name:literal, $variant:ident) => {
        &[
            Action {
                id: $name,
                make: |game| Command::$variant {
                    game,
                    answer: Answer::Propose,
                },
            },
            Action {
                id: concat!($name, "-accept"),
                make: |game| Command::$variant {
                    game,
                    answer: Answer::Accept,
                },
            },
            Action {
                id: concat!($name, "-decline"),
                make: |game| Command::$variant {
                    game,
                    answer: Answer::Decline,
                },
            },
        ]
    };
}

/// `game:` naming a game to play (`jumpers`), offered as a menu of every game.
fn game_choice(required: bool) -> OptionSpec {
    let option = OptionSpec::new("game", "opt-game", Kind::Text).choices(games(GameKind::ALL));
    if required {
        option.required()
    } else {
        option
    }
}

/// The menu of `kinds` by their titles.
fn games(kinds: impl IntoIterator<Item = GameKind>) -> Vec<Choice> {
    kinds
        .into_iter()
        .map(|kind| Choice {
            label: Label::Message(format!("game-{}", kind.name()), None),
            value: Value::Text(kind.name().to_owned()),
        })
        .collect()
}

/// `game:` on commands that act on one of the caller's games: its number, suggested as
/// they type (`id:` is read too).
fn game_number() -> OptionSpec {
    OptionSpec::new("game", "opt-game-number", Kind::Integer)
        .autocomplete()
        .aliases(&["id"])
}

/// `answer:` on a proposal command: `propose` is the catalogue id of the first choice's
/// label (Offer, Request, Propose), whose value is its English word in lower case.
fn answer(propose: &'static str) -> OptionSpec {
    let value = crate::i18n::text(Lang::En, propose).to_lowercase();
    OptionSpec::new("answer", "opt-answer", Kind::Text).choices(vec![
        Choice::labelled(propose, &value),
        Choice::labelled("choice-accept", "accept"),
        Choice::labelled("choice-decline", "decline"),
    ])
}

/// `days:`, a day count a move from [`DAY_CHOICES`]: a text on `/play` (with `none`
/// first), an integer on `/tournament create`.
fn days(kind: Kind) -> OptionSpec {
    let per_move = DAY_CHOICES.iter().map(|&days| Choice {
        label: Label::Message("choice-days-per-move".to_owned(), Some(i64::from(days))),
        value: match kind {
            Kind::Integer => Value::Integer(i64::from(days)),
            _ => Value::Text(days.to_string()),
        },
    });
    let none = (kind == Kind::Text).then(|| Choice::labelled("choice-days-none", "none"));
    OptionSpec::new("days", "opt-days", kind).choices(none.into_iter().chain(per_move).collect())
}

/// `rated:` and the other yes/no choices.
fn yes_no(name: &'static str, id: &'static str, yes: &'static str, no: &'static str) -> OptionSpec {
    OptionSpec::new(name, id, Kind::Text).choices(vec![
        Choice::labelled(yes, "yes"),
        Choice::labelled(no, "no"),
    ])
}

/// A menu of every language by its own name.
fn languages(name: &'static str, id: &'static str) -> OptionSpec {
    OptionSpec::new(name, id, Kind::Text).choices(
        Lang::ALL
            .iter()
            .map(|lang| Choice {
                label: Label::Same(lang.native_name().to_owned()),
                value: Value::Text(lang.code().to_owned()),
            })
            .collect(),
    )
}

/// Every option of every game, once per key (a key belongs to the games whose tables
/// list it; the play layer refuses a key the chosen game lacks, listing its keys). Keys
/// keep their names in every language: they are notation.
fn game_options() -> Vec<OptionSpec> {
    let mut options: Vec<OptionSpec> = Vec::new();
    for kind in GameKind::ALL {
        for spec in kind.info().options {
            if options.iter().any(|o| o.name == spec.key) {
                continue;
            }
            let values: &[&str] = if spec.free_form { &[] } else { spec.values };
            options.push(OptionSpec {
                words: Words::GameOption(kind),
                choices: values
                    .iter()
                    .take(super::rules::MOST_CHOICES)
                    .map(|v| Choice {
                        label: Label::Same((*v).to_owned()),
                        value: Value::Text((*v).to_owned()),
                    })
                    .collect(),
                ..OptionSpec::new(spec.key, "", Kind::Text)
            });
        }
    }
    options
}

fn play() -> CommandSpec {
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
        contexts: Contexts::SERVER,
        help: &[
            "help-play",
            "help-play-skakanie-more",
            "help-play-computer-more",
        ],
        parse: read::play,
        actions: &[],
    }
}

/// A command whose only option is the game it acts on.
fn on_game(
    name: &'static str,
    help: &'static [&'static str],
    parse: super::Parser,
    actions: &'static [Action],
) -> CommandSpec {
    CommandSpec {
        name,
        aliases: &[],
        options: vec![game_number()],
        game_options: false,
        contexts: Contexts::SERVER,
        help,
        parse,
        actions,
    }
}

/// A command with `options`, offered where `contexts` say.
fn plain(
    name: &'static str,
    aliases: &'static [&'static str],
    options: Vec<OptionSpec>,
    contexts: Contexts,
    help: &'static [&'static str],
    parse: super::Parser,
) -> CommandSpec {
    CommandSpec {
        name,
        aliases,
        options,
        game_options: false,
        contexts,
        help,
        parse,
        actions: &[],
    }
}

fn settings() -> CommandSpec {
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
        read::settings,
    )
}

fn tournament() -> CommandSpec {
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
        read::tournament,
    )
}

/// The challenges and tables: made, answered, started, left.
fn challenges() -> Vec<CommandSpec> {
    vec![
        play(),
        on_game(
            "accept",
            &["help-answer"],
            |args, _| {
                Ok(Command::Accept {
                    game: args.game_id()?,
                })
            },
            &[Action {
                id: "accept",
                make: |game| Command::Accept { game },
            }],
        ),
        on_game(
            "decline",
            &[],
            |args, _| {
                Ok(Command::Decline {
                    game: args.game_id()?,
                })
            },
            &[Action {
                id: "decline",
                make: |game| Command::Decline { game },
            }],
        ),
        on_game(
            "cancel",
            &[],
            |args, _| {
                Ok(Command::Cancel {
                    game: args.game_id()?,
                })
            },
            &[Action {
                id: "cancel",
                make: |game| Command::Cancel { game },
            }],
        ),
        on_game(
            "leave",
            &["help-leave"],
            |args, _| {
                Ok(Command::Leave {
                    game: args.game_id()?,
                })
            },
            &[Action {
                id: "leave",
                make: |game| Command::Leave { game },
            }],
        ),
        on_game(
            "start",
            &[],
            |args, _| {
                Ok(Command::Start {
                    game: args.game_id()?,
                })
            },
            &[Action {
                id: "start",
                make: |game| Command::Start { game },
            }],
        ),
    ]
}

/// Moves, looking at games, and the offers between players.
fn moves_and_offers() -> Vec<CommandSpec> {
    vec![
        CommandSpec {
            name: "move",
            aliases: &["m"],
            options: vec![
                OptionSpec::new("move", "opt-move", Kind::Text)
                    .required()
                    .autocomplete(),
                game_number(),
            ],
            game_options: false,
            contexts: Contexts::SERVER,
            help: &["help-move"],
            parse: read::move_,
            actions: &[],
        },
        on_game(
            "board",
            &["help-look"],
            |args, _| {
                Ok(Command::Board {
                    game: args.game_id()?,
                })
            },
            &[Action {
                id: "board",
                make: |game| Command::Board { game },
            }],
        ),
        plain(
            "games",
            &[],
            Vec::new(),
            Contexts::SERVER_AND_BOT_DM,
            &[],
            |_, _| Ok(Command::Games),
        ),
        on_game(
            "resign",
            &["help-offers"],
            |args, _| {
                Ok(Command::Resign {
                    game: args.game_id()?,
                })
            },
            &[
                Action {
                    id: "resign",
                    make: |game| Command::Resign { game },
                },
                // Leaving a game of several players (Skakanie) is its resignation, asked
                // about in its own words.
                Action {
                    id: crate::play::reply::LEAVE_GAME,
                    make: |game| Command::Resign { game },
                },
            ],
        ),
        CommandSpec {
            options: vec![game_number(), answer("choice-offer")],
            ..on_game(
                "draw",
                &["help-offers-more"],
                |args, _| {
                    read::proposal(args, &["offer"], |game, answer| Command::Draw {
                        game,
                        answer,
                    })
                },
                proposal_actions!("draw", Draw),
            )
        },
        CommandSpec {
            aliases: &["undo"],
            options: vec![game_number(), answer("choice-request")],
            ..on_game(
                "takeback",
                &[],
                |args, _| {
                    read::proposal(args, &["request", "ask"], |game, answer| {
                        Command::Takeback { game, answer }
                    })
                },
                proposal_actions!("takeback", Takeback),
            )
        },
    ]
}

/// Games over days: a win on time, pauses.
fn correspondence() -> Vec<CommandSpec> {
    vec![
        CommandSpec {
            aliases: &["claimwin"],
            ..on_game(
                "claim",
                &["help-days"],
                |args, _| {
                    Ok(Command::Claim {
                        game: args.game_id()?,
                    })
                },
                &[Action {
                    id: "claim",
                    make: |game| Command::Claim { game },
                }],
            )
        },
        CommandSpec {
            aliases: &["vacation"],
            options: vec![game_number(), answer("choice-propose")],
            ..on_game(
                "pause",
                &[],
                |args, _| {
                    read::proposal(args, &["propose", "ask"], |game, answer| Command::Pause {
                        game,
                        answer,
                    })
                },
                proposal_actions!("pause", Pause),
            )
        },
        on_game(
            "resume",
            &[],
            |args, _| {
                Ok(Command::Resume {
                    game: args.game_id()?,
                })
            },
            &[Action {
                id: "resume",
                make: |game| Command::Resume { game },
            }],
        ),
    ]
}

/// A game's record, its analysis, puzzles, and its page.
fn records_and_pages() -> Vec<CommandSpec> {
    vec![
        CommandSpec {
            aliases: &["record"],
            ..on_game(
                "history",
                &[],
                |args, _| {
                    Ok(Command::History {
                        game: args.game_id()?,
                    })
                },
                &[Action {
                    id: "history",
                    make: |game| Command::History { game },
                }],
            )
        },
        CommandSpec {
            aliases: &["analyze", "analysis"],
            ..on_game(
                "analyse",
                &["help-analyse"],
                |args, _| {
                    Ok(Command::Analyse {
                        game: args.game_id()?,
                    })
                },
                &[],
            )
        },
        plain(
            "puzzle",
            &["puzzles"],
            vec![
                OptionSpec::new("game", "opt-puzzle-game", Kind::Text).choices(games(
                    GameKind::ALL
                        .into_iter()
                        .filter(|kind| crate::ai::puzzle::most_moves(*kind) > 0),
                )),
                OptionSpec::new("daily", "opt-daily", Kind::Boolean),
                OptionSpec::new("answer", "opt-puzzle-answer", Kind::Text),
            ],
            Contexts::SERVER,
            &["help-puzzle"],
            read::puzzle,
        ),
        CommandSpec {
            aliases: &["link"],
            options: vec![
                game_number(),
                OptionSpec::new("revoke", "opt-revoke", Kind::Boolean),
            ],
            ..on_game("web", &[], read::web, &[])
        },
    ]
}

/// Settings, rules and help.
fn settings_and_help() -> Vec<CommandSpec> {
    vec![
        settings(),
        plain(
            "rules",
            &[],
            vec![
                game_choice(false),
                OptionSpec::new("page", "opt-page", Kind::Integer)
                    .range(1, Some(crate::i18n::guides::most_pages() as i64)),
            ],
            Contexts::SERVER_AND_BOT_DM,
            &["help-rules"],
            read::rules,
        ),
        plain(
            "help",
            &[],
            Vec::new(),
            Contexts::SERVER_AND_BOT_DM,
            &[],
            |_, _| Ok(Command::Help),
        ),
    ]
}

/// Ratings: an unrated end before every side moved, ratings, the leaderboard, profiles.
fn ratings() -> Vec<CommandSpec> {
    vec![
        on_game(
            "abort",
            &["help-ratings"],
            |args, _| {
                Ok(Command::Abort {
                    game: args.game_id()?,
                })
            },
            &[],
        ),
        plain(
            "rating",
            &["ratings"],
            vec![
                OptionSpec::new("user", "opt-rating-user", Kind::User).aliases(&["player"]),
                game_choice(false),
            ],
            Contexts::SERVER_AND_BOT_DM,
            &["help-rating-commands"],
            read::rating,
        ),
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
            read::leaderboard,
        ),
        plain(
            "profile",
            &[],
            vec![OptionSpec::new("user", "opt-profile-user", Kind::User)],
            Contexts::SERVER_AND_BOT_DM,
            &[],
            read::profile,
        ),
    ]
}

/// What the bot keeps about a player, and forgetting it.
fn privacy() -> Vec<CommandSpec> {
    vec![
        plain(
            "privacy",
            &[],
            Vec::new(),
            Contexts::SERVER_AND_BOT_DM,
            &["help-privacy"],
            |_, _| Ok(Command::Privacy),
        ),
        plain(
            "forget-me",
            &["forgetme", "forget"],
            Vec::new(),
            Contexts::SERVER_AND_BOT_DM,
            &[],
            read::forget_me,
        ),
    ]
}

/// Every command, family by family, in the order `/help` and Discord list them.
pub(super) fn commands() -> Vec<CommandSpec> {
    [
        challenges(),
        moves_and_offers(),
        correspondence(),
        records_and_pages(),
        settings_and_help(),
        ratings(),
        privacy(),
        vec![tournament()],
    ]
    .concat()
}
