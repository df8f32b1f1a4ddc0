//! The words of replies: board summaries, game lines, rules and help.

use crate::games::{AnyGame, GameKind, Seat};
use crate::i18n::{self, Arg, Lang};
use crate::play::command::ACTION_PREFIX;
use crate::play::timing::clock_line;
use crate::render::Header;
use crate::store::{GameRecord, Player, Status, UserId};

use crate::play::reply::{Button, ButtonStyle, Component, Image, MovesOn, Reply, LEAVE_GAME};

/// A player's name as `lang` reads it: a person's is their own, the computer's says its
/// level in words of the language ("Leapfrog (level 3)").
pub fn player_name(lang: Lang, player: &Player) -> String {
    match player {
        // Someone who asked to be forgotten (`/forget-me`): no name is kept.
        Player::User { .. } if player.is_forgotten() => i18n::text(lang, "player-forgotten"),
        Player::User { name, .. } => name.clone(),
        Player::Computer { level } => {
            i18n::text_with(lang, "player-computer", &[("level", (*level).into())])
        }
    }
}

/// "alice (White)" in `lang`: the side's name is the language's, the player's their own.
pub fn seat_label(lang: Lang, record: &GameRecord, game: &AnyGame, seat: u8) -> String {
    let colour = i18n::side_name(lang, &game.seat_name(Seat(seat)));
    match record.seats.get(usize::from(seat)) {
        Some(player) => format!("{} ({colour})", player_name(lang, player)),
        None => colour,
    }
}

/// The options as players read them: in words ([`i18n::option_words`]), and a handicap names
/// its player (`alice has 5 actions a turn`) where the record keeps a seat number
/// (`handicap=2:5`) or, while a challenge waits, the name or mention typed (`@alice:5`).
fn options_text(record: &GameRecord, lang: Lang) -> String {
    let (by_player, players): (&[String], Vec<&Player>) = match &record.status {
        Status::Challenge(c) => (
            c.by_player.as_slice(),
            std::iter::once(&c.from)
                .chain(c.named())
                .chain(&c.joined)
                .collect(),
        ),
        _ => (&[][..], record.seats.iter().collect()),
    };
    let mut pairs = Vec::new();
    let mut handicaps = Vec::new();
    for option in record.options.iter().chain(by_player) {
        match option.split_once('=') {
            Some(("handicap", value)) => {
                for (who, actions) in handicap_parts(value).unwrap_or_default() {
                    let seat = who.parse::<usize>().ok().and_then(|s| s.checked_sub(1));
                    let name = match seat {
                        Some(seat) => record
                            .seats
                            .get(seat)
                            .map_or_else(|| format!("seat {who}"), |p| player_name(lang, p)),
                        None => players.iter().find(|p| is_named(p, &who)).map_or_else(
                            || who.trim_start_matches('@').to_owned(),
                            |p| p.name().to_owned(),
                        ),
                    };
                    handicaps.push(i18n::text_with(
                        lang,
                        "game-handicap",
                        &[("name", name.into()), ("count", actions.into())],
                    ));
                }
            }
            Some((key, value)) => pairs.push((key, value)),
            None => pairs.push((option.as_str(), "")),
        }
    }
    let pairs = i18n::option_words(lang, record.kind, &pairs);
    match (pairs.is_empty(), handicaps.is_empty()) {
        (true, true) => String::new(),
        (false, true) => format!(" ({pairs})"),
        (true, false) => format!(" ({})", handicaps.join(", ")),
        (false, false) => format!(" ({pairs}, {})", handicaps.join(", ")),
    }
}

/// "Game #3 · Jumpers (board=far)" in `lang`.
fn title(lang: Lang, record: &GameRecord) -> String {
    i18n::text_with(
        lang,
        "game-title",
        &[
            ("game", record.id.0.into()),
            ("kind", i18n::game_title(lang, record.kind).into()),
            ("options", options_text(record, lang).into()),
            ("days", record.days.unwrap_or(0).into()),
        ],
    )
}

/// Whether a challenge says it is rated (`yes`), unrated (`no`), or nothing (`none`, a
/// game with the computer): whether the result will change ratings is part of what a
/// player accepts.
fn rated_mark(record: &GameRecord) -> &'static str {
    match &record.status {
        Status::Challenge(c) if c.joined.iter().any(|p| p.computer_level().is_some()) => "none",
        _ if record.rated => "yes",
        _ => "no",
    }
}

/// A challenge in one line, in `lang`.
pub fn challenge_line(lang: Lang, record: &GameRecord) -> String {
    let Status::Challenge(c) = &record.status else {
        return title(lang, record);
    };
    let mut args = vec![
        ("title", Arg::from(title(lang, record))),
        ("from", c.from.name().into()),
        ("rated", rated_mark(record).into()),
    ];
    let id = if c.to.is_some() {
        let named: Vec<&str> = c.named().map(crate::store::Player::name).collect();
        args.push(("named", named.join(", ").into()));
        "challenge-named"
    } else {
        "challenge-open"
    };
    i18n::text_with(lang, id, &args)
}

/// A game in one line, from `me`'s point of view, in `lang`.
pub fn game_line(lang: Lang, record: &GameRecord, me: UserId) -> String {
    let opponents: Vec<String> = record
        .seats
        .iter()
        .filter(|p| p.user_id() != Some(me))
        .map(|p| player_name(lang, p))
        .collect();
    // A challenge's line has its own title; only a game's needs one here.
    let title = || Arg::from(title(lang, record));
    // Named with a label ("opponent: bob"), never inside a sentence that would decline them.
    let count = Arg::from(opponents.len());
    let opponents = Arg::from(opponents.join(", "));
    let line = || Arg::from(challenge_line(lang, record));
    match &record.status {
        Status::Challenge(c) if c.from.user_id() == Some(me) => {
            i18n::text_with(lang, "list-your-challenge", &[("line", line())])
        }
        Status::Challenge(c) if c.has_joined(me) => i18n::text_with(
            lang,
            "list-joined",
            &[("line", line()), ("host", c.from.name().into())],
        ),
        Status::Challenge(_) => i18n::text_with(lang, "list-to-accept", &[("line", line())]),
        Status::Active => {
            let turn = AnyGame::new(record.kind, &record.options, Some(&record.position))
                .map(|g| g.to_move().0)
                .ok();
            let whose = match turn {
                Some(seat) if record.seat_of(me) == Some(seat) => {
                    i18n::text(lang, "list-your-turn")
                }
                Some(seat) => record
                    .seats
                    .get(usize::from(seat))
                    .map_or_else(String::new, |p| {
                        i18n::text_with(lang, "list-their-turn", &[("name", p.name().into())])
                    }),
                None => String::new(),
            };
            i18n::text_with(
                lang,
                "list-active",
                &[
                    ("title", title()),
                    ("opponents", opponents),
                    ("count", count),
                    ("whose", whose.into()),
                ],
            )
        }
        Status::Finished(result) => i18n::text_with(
            lang,
            "list-over",
            &[
                ("title", title()),
                ("opponents", opponents),
                ("count", count),
                ("reason", i18n::result_reason(lang, &result.reason).into()),
            ],
        ),
        Status::Declined | Status::Cancelled => {
            i18n::text_with(lang, "list-never-started", &[("title", title())])
        }
        Status::Aborted => i18n::text_with(
            lang,
            "list-aborted",
            &[
                ("title", title()),
                ("opponents", opponents),
                ("count", count),
            ],
        ),
    }
}

/// A button's label for an action of a several-ply turn, or for a pass (any game): an
/// arrow for a direction, else a word in the reader's language.
pub fn action_label(lang: Lang, action: &str) -> String {
    const ARROWS: [(&str, &str); 4] = [("up", "↑"), ("down", "↓"), ("left", "←"), ("right", "→")];
    match ARROWS.iter().find(|(word, _)| *word == action) {
        Some((_, arrow)) => (*arrow).to_owned(),
        // Take, Bury, Pass: words, in the reader's language.
        None => i18n::text(lang, &format!("button-action-{action}")),
    }
}

/// One button per legal action of the player to move (Skakanie's Take, ↑ ↓ ← →, Bury,
/// Pass), and a Board button when asked (mid-turn replies, where no board was posted).
pub fn action_buttons(
    record: &GameRecord,
    game: &AnyGame,
    with_board: bool,
    lang: Lang,
) -> Vec<Button> {
    let mut buttons: Vec<Button> = game
        .legal_moves()
        .iter()
        .map(|mv| {
            Button::new(
                &format!("{ACTION_PREFIX}{mv}"),
                record.id,
                &action_label(lang, mv),
                if mv == "take" {
                    ButtonStyle::Primary
                } else {
                    ButtonStyle::Secondary
                },
            )
        })
        .collect();
    if with_board {
        buttons.push(Button::new(
            "board",
            record.id,
            &i18n::text(lang, "button-board"),
            ButtonStyle::Secondary,
        ));
    }
    buttons
}

/// The reply that shows a game: headline, players, state, and the buttons to go on. Its
/// picture's words are in `lang`, the language of the place it is posted in.
pub fn board_reply(
    record: &GameRecord,
    game: &AnyGame,
    headline: &str,
    now: u64,
    lang: Lang,
) -> Reply {
    let id = record.id;
    let label = |seat: u8| seat_label(lang, record, game, seat);
    let players: Vec<String> = (0..record.seats.len())
        .filter_map(|s| u8::try_from(s).ok())
        .map(label)
        .collect();
    let mut lines = Vec::new();
    if !headline.is_empty() {
        lines.push(headline.to_owned());
    }
    lines.push(format!(
        "**{}** · {}",
        title(lang, record),
        i18n::versus(lang, &players)
    ));
    let button =
        |action: &str, label: &str, style| Button::new(action, id, &i18n::text(lang, label), style);
    let mut mentions = Vec::new();
    let mut components = Vec::new();
    match &record.status {
        Status::Active => {
            let seat = game.to_move().0;
            let who = Arg::from(label(seat));
            let number = Arg::from(record.moves.len() + 1);
            lines.push(match (game.actions_left(), record.moves.last()) {
                (Some(left), _) => {
                    let turn = i18n::text_with(
                        lang,
                        "game-actions-to-move",
                        &[("who", who), ("count", left.into())],
                    );
                    // How to play a turn is for a person to move, not while the computer thinks.
                    let person = record
                        .seats
                        .get(usize::from(seat))
                        .is_some_and(|p| p.computer_level().is_none());
                    if person {
                        format!("{turn} {}", i18n::text(lang, "game-actions-hint"))
                    } else {
                        turn
                    }
                }
                (None, Some(last)) => i18n::text_with(
                    lang,
                    "game-to-move-after",
                    &[
                        ("number", number),
                        ("who", who),
                        ("move", last.as_str().into()),
                    ],
                ),
                (None, None) => {
                    i18n::text_with(lang, "game-to-move", &[("number", number), ("who", who)])
                }
            });
            mentions.extend(
                record
                    .seats
                    .get(usize::from(seat))
                    .and_then(crate::store::Player::user_id),
            );
            if game.actions_left().is_some() {
                components.push(Component::Buttons(action_buttons(
                    record, game, false, lang,
                )));
                // Leaving a Skakanie game is its resignation, asked for in its own words.
                components.push(Component::Buttons(vec![button(
                    LEAVE_GAME,
                    "button-leave",
                    ButtonStyle::Danger,
                )]));
            } else {
                components.push(Component::Moves {
                    on: MovesOn::Game(id),
                    moves: game.legal_moves(),
                    label: i18n::text(lang, "button-move"),
                });
                components.push(Component::Buttons(vec![
                    button("draw", "button-offer-draw", ButtonStyle::Secondary),
                    button("resign", "button-resign", ButtonStyle::Danger),
                ]));
            }
            // A game on time: its clock's own buttons.
            if let Some(clock) = record.clock {
                components.push(Component::Buttons(match clock.paused {
                    Some(_) => vec![button("resume", "button-resume", ButtonStyle::Primary)],
                    None if clock.stage == crate::store::ClockStage::Expired => vec![
                        button("claim", "button-claim-win", ButtonStyle::Danger),
                        button("pause", "button-pause", ButtonStyle::Secondary),
                    ],
                    None => vec![button("pause", "button-pause", ButtonStyle::Secondary)],
                }));
            }
        }
        Status::Finished(result) => {
            lines.push(i18n::text_with(
                lang,
                "game-over",
                &[(
                    "result",
                    result_text(lang, record, game, result, "**").into(),
                )],
            ));
            lines.extend(rating_line_in(lang, record, result));
        }
        Status::Challenge(_) => lines.push(i18n::text(lang, "game-waiting")),
        Status::Declined | Status::Cancelled => lines.push(i18n::text(lang, "game-never-started")),
        Status::Aborted => lines.push(i18n::text(lang, "game-aborted")),
    }
    lines.extend(board_clock_line(record, game, now, lang));
    if let Some(scores) = game.scores() {
        let shown: Vec<String> = scores
            .iter()
            .enumerate()
            .map(|(s, score)| {
                let who = Arg::from(label(s as u8));
                if game.has_left(Seat(s as u8)) {
                    i18n::text_with(lang, "game-score-left", &[("who", who)])
                } else {
                    i18n::text_with(
                        lang,
                        "game-score",
                        &[("who", who), ("score", i64::from(*score).into())],
                    )
                }
            })
            .collect();
        lines.push(i18n::text_with(
            lang,
            "game-scores",
            &[("scores", shown.join(" · ").into())],
        ));
    }
    // A position text that shows face-down pieces is for the record, not for players.
    if !record.kind.info().hidden {
        lines.push(i18n::text_with(
            lang,
            "game-position",
            &[("position", record.position.as_str().into())],
        ));
    }
    Reply {
        mentions,
        components,
        image: Some(board_image(record, game, lang)),
        board_of: Some(id),
        over_in_tournament: record
            .tournament
            .filter(|_| matches!(record.status, Status::Finished(_)))
            .map(|slot| slot.tournament),
        ..Reply::public(lines.join("\n"))
    }
}

/// "**bob (Black)** wins — alice (White) resigned", "a draw (by agreement)" in `lang`:
/// how a game ended, the winners' names set between `emphasis` marks (`"**"` for bold).
pub fn result_text(
    lang: Lang,
    record: &GameRecord,
    game: &AnyGame,
    result: &crate::store::GameResult,
    emphasis: &str,
) -> String {
    let reason = Arg::from(i18n::result_reason(lang, &result.reason));
    let winners = i18n::and_list(
        lang,
        result
            .winners
            .iter()
            .map(|&s| seat_label(lang, record, game, s)),
    );
    match winners {
        None => i18n::text_with(lang, "result-draw", &[("reason", reason)]),
        Some(winners) => i18n::text_with(
            lang,
            "result-wins",
            &[
                ("winners", format!("{emphasis}{winners}{emphasis}").into()),
                ("reason", reason),
            ],
        ),
    }
}

/// "Ratings (Jumpers): alice 1500 → 1514 (+14) · bob 1500 → 1486 (−14)" in `lang` for a
/// rated game that has ended; `None` for an unrated one.
#[must_use]
pub fn rating_line_in(
    lang: Lang,
    record: &GameRecord,
    result: &crate::store::GameResult,
) -> Option<String> {
    if result.ratings.is_empty() {
        return None;
    }
    let changes: Vec<String> = result
        .ratings
        .iter()
        .map(|c| {
            let name = record
                .seats
                .get(usize::from(c.seat))
                .map_or_else(|| "?".to_owned(), |p| player_name(lang, p));
            format!("{name} {}", c.shown())
        })
        .collect();
    Some(i18n::text_with(
        lang,
        "game-ratings",
        &[
            ("kind", i18n::game_title(lang, record.kind).into()),
            ("changes", changes.join(" · ").into()),
        ],
    ))
}

/// "Game #1 is over: bob (Black) wins — alice (White) resigned": the answer to a command for
/// a game that has ended, so a player learns how rather than that they have no game.
pub fn over_text(lang: Lang, record: &GameRecord, game: &AnyGame) -> String {
    let how = match &record.status {
        Status::Finished(result) => result_text(lang, record, game, result, ""),
        _ => String::new(),
    };
    i18n::text_with(
        lang,
        "refuse-game-over",
        &[
            ("game", record.id.0.into()),
            ("known", (!how.is_empty()).into()),
            ("how", how.into()),
        ],
    )
}

/// What a game that never got a board is: a challenge waiting for an answer (who
/// challenged whom, and how to answer it), or one that was declined or withdrawn. `None`
/// for a game that has begun. `/board` answers with this instead of an empty picture.
pub fn not_begun_text(lang: Lang, record: &GameRecord) -> Option<String> {
    let id = record.id;
    let names = |players: Vec<&crate::store::Player>| {
        players
            .into_iter()
            .map(|p| player_name(lang, p))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let game = || ("game", Arg::from(id.0));
    let (what, how) = match &record.status {
        Status::Active | Status::Finished(_) | Status::Aborted => return None,
        Status::Declined => return Some(i18n::text_with(lang, "waiting-declined", &[game()])),
        Status::Cancelled => return Some(i18n::text_with(lang, "waiting-withdrawn", &[game()])),
        Status::Challenge(c) if c.to.is_some() => {
            let how = i18n::text_with(
                lang,
                "waiting-named-how",
                &[
                    game(),
                    ("waiting", names(c.waiting_for()).into()),
                    ("joined", names(c.joined.iter().collect()).into()),
                    ("accepted", (!c.joined.is_empty()).into()),
                    ("host", c.from.name().into()),
                ],
            );
            let what = i18n::text_with(
                lang,
                "waiting-named-what",
                &[
                    ("from", c.from.name().into()),
                    ("named", names(c.named().collect()).into()),
                ],
            );
            (what, how)
        }
        Status::Challenge(c) if record.kind.info().max_seats > 2 => (
            i18n::text_with(
                lang,
                "waiting-table-what",
                &[
                    ("host", c.from.name().into()),
                    ("count", (1 + c.joined.len()).into()),
                    (
                        "names",
                        names(std::iter::once(&c.from).chain(&c.joined).collect()).into(),
                    ),
                ],
            ),
            i18n::text_with(
                lang,
                "waiting-table-how",
                &[game(), ("host", c.from.name().into())],
            ),
        ),
        Status::Challenge(c) => (
            i18n::text_with(lang, "waiting-open-what", &[("from", c.from.name().into())]),
            i18n::text_with(lang, "waiting-open-how", &[game()]),
        ),
    };
    Some(i18n::text_with(
        lang,
        "waiting-challenge",
        &[
            game(),
            ("what", what.into()),
            ("title", title(lang, record).into()),
            ("how", how.into()),
        ],
    ))
}

/// The picture of a game record: players by name, and the record's own result when the game
/// ended off the board (resignation, agreement).
fn board_image(record: &GameRecord, game: &AnyGame, lang: Lang) -> Image {
    Image::board(
        format!("leapfrog-{}-{}.png", record.id, record.moves.len()),
        game.clone(),
        picture_header(record, game, true, lang),
    )
}

/// The header of a record's picture. `at_end`: the position is the record's last, so a
/// result decided off the board (resignation, timeout, agreement) is shown; a replay's
/// earlier frames pass `false`.
pub fn picture_header(record: &GameRecord, game: &AnyGame, at_end: bool, lang: Lang) -> Header {
    let names = record.seats.iter().map(|p| player_name(lang, p)).collect();
    let reason =
        |result: &crate::store::GameResult| Arg::from(i18n::result_reason(lang, &result.reason));
    let ended = match &record.status {
        _ if !at_end => None,
        Status::Finished(result) if result.winners.is_empty() => Some(i18n::text_with(
            lang,
            "board-result-draw",
            &[("reason", reason(result))],
        )),
        // The winners by name, each with their side ("bob (Black) wins — alice (White)
        // resigned"), as the players know each other: a bare side must be decoded.
        Status::Finished(result) => {
            let winners = i18n::and_list(
                lang,
                result
                    .winners
                    .iter()
                    .map(|&s| seat_label(lang, record, game, s)),
            )
            .unwrap_or_default();
            Some(i18n::text_with(
                lang,
                "board-result-wins",
                &[
                    ("sides", winners.into()),
                    ("count", result.winners.len().into()),
                    ("reason", reason(result)),
                ],
            ))
        }
        Status::Active => None,
        Status::Challenge(_) => Some(i18n::text(lang, "board-waiting")),
        Status::Declined | Status::Cancelled => Some(i18n::text(lang, "board-never-started")),
        Status::Aborted => Some(i18n::text(lang, "board-aborted")),
    };
    let mut header = Header::for_game(game, names, ended, lang);
    // The picture lists the options as the rules store them (a handicap by seat number);
    // players read them as the text does, with names.
    let options = game.non_default_options();
    let stored = format!(" · {}", i18n::option_words(lang, record.kind, &options));
    if let Some(rest) = header.detail.strip_suffix(&stored) {
        let named = options_text(record, lang);
        let named = named.trim().trim_start_matches('(').trim_end_matches(')');
        header.detail = format!("{rest} · {named}");
    }
    header.detail = i18n::text_with(
        lang,
        "board-game-number",
        &[
            ("game", record.id.0.into()),
            ("detail", header.detail.as_str().into()),
        ],
    );
    header
}

/// `/rules [game] [page]`: one page of a game's teaching text (its guide, in `lang`), with
/// buttons to the pages before and after it, or the list of games. A page is one Discord
/// message, so a newcomer reads the whole game page by page instead of a text cut at 2,000
/// characters.
///
/// # Errors
/// The refusal text for an unknown game, a page the game does not have, or a page without a
/// game.
pub fn rules(lang: Lang, game: Option<&str>, page: Option<usize>) -> Result<Reply, String> {
    let Some(name) = game else {
        if page.is_some() {
            return Err(i18n::text(lang, "rules-say-which"));
        }
        let list: Vec<String> = GameKind::ALL
            .iter()
            .map(|k| format!("• **{}** (`{}`)", i18n::game_title(lang, *k), k.name()))
            .collect();
        return Ok(Reply::private(format!(
            "{}\n{}\n{}",
            i18n::text(lang, "rules-games"),
            list.join("\n"),
            i18n::text(lang, "rules-ask-one")
        )));
    };
    // An unknown game is refused in the reader's language, naming the four.
    let kind: GameKind = name
        .parse()
        .map_err(|e| i18n::refusals::setup_error(lang, None, &e))?;
    let title = i18n::game_title(lang, kind);
    let guide = i18n::guides::pages(kind, lang);
    let count = guide.len();
    let number = page.unwrap_or(1);
    let Some(text) = number.checked_sub(1).and_then(|i| guide.get(i)) else {
        return Err(i18n::text_with(
            lang,
            "rules-no-such-page",
            &[("game", title.into()), ("count", count.into())],
        ));
    };
    let mut out = i18n::text_with(
        lang,
        "rules-page-title",
        &[
            ("game", title.into()),
            ("page", number.into()),
            ("count", count.into()),
        ],
    );
    out.push_str("\n\n");
    out.push_str(text);
    let mut buttons = Vec::new();
    if number > 1 {
        buttons.push(Button::rules_page(
            kind.name(),
            number - 1,
            &i18n::text(lang, "rules-previous"),
        ));
    }
    if number < count {
        out.push_str("\n\n");
        out.push_str(&i18n::text_with(
            lang,
            "rules-read-on",
            &[("name", kind.name().into()), ("next", (number + 1).into())],
        ));
        buttons.push(Button::rules_page(
            kind.name(),
            number + 1,
            &i18n::text(lang, "rules-next"),
        ));
    }
    let reply = Reply::private(out);
    Ok(if buttons.is_empty() {
        reply
    } else {
        reply.with(Component::Buttons(buttons))
    })
}

/// The `(name, actions)` parts of a `handicap=@name:N,...` value.
///
/// # Errors
/// The part that is not `@player:N` with N from 1 to 9.
pub(super) fn handicap_parts(value: &str) -> Result<Vec<(String, u8)>, String> {
    value
        .split(',')
        .map(|part| {
            let (name, n) = part
                .trim()
                .rsplit_once(':')
                .ok_or_else(|| part.to_owned())?;
            let n: u8 = n
                .trim()
                .parse()
                .ok()
                .filter(|n| (1..=9).contains(n))
                .ok_or_else(|| part.to_owned())?;
            Ok((name.trim().to_owned(), n))
        })
        .collect()
}

/// Whether `player` is the one `name` means: a Discord mention `<@id>`, an id, or a name.
pub(super) fn is_named(player: &Player, name: &str) -> bool {
    let name = name.trim().trim_start_matches('@');
    let id = name
        .trim_start_matches("<@")
        .trim_start_matches('!')
        .trim_end_matches('>');
    id.parse::<u64>()
        .is_ok_and(|id| player.user_id() == Some(UserId(id)))
        || player.name().eq_ignore_ascii_case(name)
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
    let who = seat_label(lang, record, game, game.to_move().0);
    clock_line(record, &who, now, lang)
}
