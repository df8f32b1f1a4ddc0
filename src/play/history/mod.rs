//! `/history`: a game's record as text (headers, then the numbered moves in notation) and
//! an animated replay; and reading such a record back (`leapfrog local --load FILE`), so a
//! game can be kept, shared and replayed to the same final position.
//!
//! The record's headers look like PGN's (`[Game "jumpers"]`) because players of board games
//! know that shape; the moves are one per line (`12. e3-h6 ; alice (White)`), since a turn
//! may be several plies and a game may have four players. Everything after `;` is a comment.

pub(in crate::play) mod pages;

use std::fmt::Write as _;

use crate::ai::review::Review;
use crate::games::{AnyGame, GameKind};
use crate::i18n::{self, Lang};
use crate::play::core::seats::rules_result;
use crate::play::timing::parse_days;
use crate::render::{self, encode::GifWriter};
use crate::store::{GameId, GameRecord, GameResult, Place, Player, Status, Store, SCHEMA_VERSION};
use crate::words::count;

use crate::play::command::{Context, User};
use crate::play::core::{failure_reply, say_with, Play, Stop};
use crate::play::definition::common::{game_number, on_game};
use crate::play::definition::{Action, CommandSpec, Kind, OptionSpec};
use crate::play::reply::{File, Reply};
use crate::play::text::{board_reply, picture_header, seat_label};

/// The record text's own version, in its `[Format "…"]` header. Version 2 numbers the
/// seats in `Winners` from 1, like the `Player1`… headers; a record without the header is
/// version 1, written before that, whose `Winners` count from 0.
const RECORD_FORMAT: u8 = 2;

/// The largest replay attached: Discord refuses uploads over its limit (10 MB for most
/// servers), and the whole answer would fail with it.
const MAX_GIF_BYTES: usize = 9 * 1024 * 1024;

/// How long a replay shows each position, and the final one (hundredths of a second).
const FRAME_DELAY: u16 = 100;
const FINAL_DELAY: u16 = 400;

/// The game record as text.
#[must_use]
pub fn record_text(record: &GameRecord) -> String {
    annotated_record_text(record, None)
}

/// The game record as text, with the engine's analysis, when there is one, as each move's
/// comment: the evaluation after it, and what it preferred to an inaccuracy or worse.
#[must_use]
pub fn annotated_record_text(record: &GameRecord, review: Option<&Review>) -> String {
    let mut out = String::new();
    let mut header = |key: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{key} \"{value}\"]");
    };
    header("Leapfrog", &SCHEMA_VERSION.to_string());
    header("Format", &RECORD_FORMAT.to_string());
    header("Game", record.kind.name());
    header("Number", &record.id.to_string());
    header("Options", &record.options.join(" "));
    if record.kind.info().shuffles {
        header("Seed", &record.seed.to_string());
    }
    if let Some(start) = &record.start {
        header("Start", start);
    }
    for (seat, player) in record.seats.iter().enumerate() {
        header(&format!("Player{}", seat + 1), player.name());
    }
    if let Some(days) = record.days {
        header("Days", &days.to_string());
    }
    header("Created", &crate::calendar::utc(record.created));
    header("Updated", &crate::calendar::utc(record.updated));
    match &record.status {
        Status::Finished(result) => {
            // Seats as the `Player` headers number them: from 1.
            let winners: Vec<String> = result
                .winners
                .iter()
                .map(|&seat| (u16::from(seat) + 1).to_string())
                .collect();
            header("Result", "over");
            header("Winners", &winners.join(","));
            header("Reason", &result.reason);
        }
        _ => header("Result", "in progress"),
    }
    if let Some(review) = review {
        header("Analysis", &format!("depth {}", review.depth));
    }
    out.push('\n');
    let movers = record.replay(record.moves.len()).ok().map(|g| g.movers());
    for (i, mv) in record.moves.iter().enumerate() {
        let who = movers
            .as_ref()
            .and_then(|m| m.get(i).copied())
            .and_then(|seat| record.seats.get(usize::from(seat.0)))
            .map_or_else(String::new, |p| format!(" ; {}", p.name()));
        let judged = review
            .and_then(|review| super::analysis::ply_comment(review, i))
            .map_or_else(String::new, |comment| format!(" ; {comment}"));
        let _ = writeln!(out, "{}. {mv}{who}{judged}", i + 1);
    }
    out
}

/// Why a record could not be read back.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// A header every record has is missing.
    #[error("the record has no [{0} \"…\"] line")]
    Missing(&'static str),
    /// A header's value is wrong.
    #[error("[{header}] is wrong: {reason}")]
    Bad {
        /// Which header.
        header: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// A line is neither a header, a numbered move nor a comment.
    #[error("line {line} is not a header or a numbered move: {text}")]
    Line {
        /// Its number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// A move does not replay.
    #[error("move {number} ({mv}) does not replay: {reason}")]
    Move {
        /// Its number, from 1.
        number: usize,
        /// The move.
        mv: String,
        /// Why.
        reason: String,
    },
}

/// A record read back and replayed.
#[derive(Debug)]
pub struct Imported {
    /// The record as the store keeps it (id 0 until inserted).
    pub record: GameRecord,
    /// The game after every move.
    pub game: AnyGame,
}

/// Reads a record written by [`record_text`] and replays it. The players become `user(name)`
/// and the game is placed in `place`.
///
/// # Errors
/// A missing or wrong header, a line that is neither, a move that does not replay.
pub fn import_record(
    text: &str,
    user: impl Fn(&str) -> User,
    place: Place,
) -> Result<Imported, ImportError> {
    let mut headers: Vec<(String, String)> = Vec::new();
    let mut moves = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if let Some((key, value)) = inner.split_once(' ') {
                let value = value.trim();
                let value = value
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .unwrap_or(value);
                headers.push((key.to_owned(), unescape(value)));
                continue;
            }
        }
        // A move line's comment (who moved) follows `;`.
        let line = line.split(';').next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match line.split_once('.') {
            Some((number, mv))
                if number.trim().parse::<usize>() == Ok(moves.len() + 1)
                    && !mv.trim().is_empty() =>
            {
                moves.push(mv.trim().to_owned());
            }
            _ => {
                return Err(ImportError::Line {
                    line: i + 1,
                    text: line.to_owned(),
                })
            }
        }
    }
    let get = |key: &'static str| {
        headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    };
    let bad = |header: &'static str, reason: String| ImportError::Bad { header, reason };
    let kind: GameKind = get("Game")
        .ok_or(ImportError::Missing("Game"))?
        .parse()
        .map_err(|e| bad("Game", format!("{e}")))?;
    let options: Vec<String> = get("Options")
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    let seed = match get("Seed") {
        Some(seed) => seed
            .parse()
            .map_err(|_| bad("Seed", format!("{seed} is not a number")))?,
        None if kind.info().shuffles => return Err(ImportError::Missing("Seed")),
        None => 0,
    };
    let start = get("Start").map(str::to_owned);
    // `[Player1 "…"]`, `[Player2 "…"]`…: one header a seat, so any name survives.
    let seats: Vec<Player> = (1..)
        .map_while(|n| {
            headers
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(&format!("Player{n}")))
        })
        .map(|(_, name)| {
            let u = user(name);
            Player::User {
                id: u.id,
                name: u.name,
            }
        })
        .collect();
    if seats.is_empty() {
        return Err(ImportError::Missing("Player1"));
    }
    let days = match get("Days") {
        Some(days) => parse_days(days).map_err(|e| bad("Days", e))?,
        None => None,
    };
    let mut pairs = options.clone();
    if kind.info().shuffles {
        pairs.push(format!("seed={seed}"));
    }
    let mut game =
        AnyGame::new(kind, &pairs, start.as_deref()).map_err(|e| bad("Options", e.to_string()))?;
    if seats.len() != game.seat_count() {
        return Err(bad(
            "Player1",
            format!(
                "{} for a game of {}",
                count(seats.len(), "player"),
                count(game.seat_count(), "seat")
            ),
        ));
    }
    for (i, mv) in moves.iter().enumerate() {
        game.play(mv).map_err(|e| ImportError::Move {
            number: i + 1,
            mv: mv.clone(),
            reason: e.to_string(),
        })?;
    }
    let format = match get("Format") {
        None => 1,
        Some(text) => text
            .parse::<u8>()
            .ok()
            .filter(|f| (1..=RECORD_FORMAT).contains(f))
            .ok_or_else(|| {
                bad(
                    "Format",
                    format!(
                        "{text} is not a record format this version reads (1 to {RECORD_FORMAT})"
                    ),
                )
            })?,
    };
    // Format 1 numbered the winning seats from 0.
    let first_seat = if format == 1 { 0 } else { 1 };
    let status = match get("Result") {
        Some("over") => {
            let winners = get("Winners")
                .unwrap_or("")
                .split(',')
                .filter(|w| !w.trim().is_empty())
                .map(|w| {
                    w.trim()
                        .parse::<u8>()
                        .ok()
                        .and_then(|s| s.checked_sub(first_seat))
                        .filter(|&s| usize::from(s) < seats.len())
                        .ok_or_else(|| {
                            bad(
                                "Winners",
                                format!(
                                    "{w} is not a seat (seats are {first_seat} to {})",
                                    seats.len() - 1 + usize::from(first_seat)
                                ),
                            )
                        })
                })
                .collect::<Result<Vec<u8>, _>>()?;
            Status::Finished(GameResult::new(
                winners,
                get("Reason").unwrap_or("recorded"),
            ))
        }
        _ => match rules_result(&game) {
            Some(result) => Status::Finished(result),
            None => Status::Active,
        },
    };
    let record = GameRecord {
        id: GameId(0),
        kind,
        options,
        seed,
        start,
        seats,
        place,
        home: None,
        position: game.position_text(),
        moves,
        status,
        pending: None,
        agreed: Vec::new(),
        // A game brought in from a record was not played here: it changes no rating.
        rated: false,
        created: 0,
        updated: 0,
        days,
        clock: None,
        tournament: None,
        version: 0,
    };
    Ok(Imported { record, game })
}

fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            out.extend(chars.next());
        } else {
            out.push(c);
        }
    }
    out
}

/// The replay: the start and every move, one frame each with the move marked, the final
/// frame held longer. Returns the GIF bytes and the number of frames.
fn replay_gif(record: &GameRecord, lang: Lang) -> Result<(Vec<u8>, usize), Stop> {
    let mut game = record.replay(0).map_err(Stop::Fail)?;
    let frame = |game: &AnyGame, at_end: bool| {
        let header = picture_header(record, game, at_end, lang);
        render::draw(game, None, &header)
            .map(|canvas| canvas.image().clone())
            .map_err(|e| Stop::Say("failed-replay", vec![("error", e.to_string().into())]))
    };
    let first = frame(&game, record.moves.is_empty())?;
    let mut gif = GifWriter::new(first.width(), first.height());
    let last = record.moves.len();
    gif.push(first, if last == 0 { FINAL_DELAY } else { FRAME_DELAY });
    for (i, mv) in record.moves.iter().enumerate() {
        game.play(mv).map_err(|e| {
            Stop::Fail(crate::store::StoreError::Corrupt {
                id: record.id,
                reason: format!("move {} ({mv}) does not replay: {e}", i + 1),
            })
        })?;
        let at_end = i + 1 == last;
        gif.push(
            frame(&game, at_end)?,
            if at_end { FINAL_DELAY } else { FRAME_DELAY },
        );
    }
    let frames = gif.frames();
    Ok((gif.finish(), frames))
}

impl<S: Store> Play<S> {
    /// `/history [game]`: the record and the replay of a game, for players and spectators.
    pub(super) fn history(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let (record, note) = self.shown_game(ctx, id)?;
        if record.seats.is_empty() {
            return say_with("history-not-started", [("game", record.id.0.into())]);
        }
        let loaded = self.rebuild(record)?;
        let record = &loaded.record;
        let lang = self.place_lang(&record.place);
        let (gif, frames) = replay_gif(record, lang)?;
        let gif = (gif.len() <= MAX_GIF_BYTES).then_some(gif);
        let players: Vec<String> = (0..record.seats.len())
            .filter_map(|s| u8::try_from(s).ok())
            .map(|s| seat_label(lang, record, &loaded.game, s))
            .collect();
        let text = i18n::text_with(
            lang,
            "history-posted",
            &[
                ("game", record.id.0.into()),
                ("kind", record.kind.into()),
                ("players", i18n::versus(lang, &players).into()),
                ("moves", record.moves.len().into()),
                ("frames", frames.into()),
                ("fits", gif.is_some().into()),
            ],
        );
        let name = format!("leapfrog-{}", record.id);
        let mut files = vec![File {
            name: format!("{name}.txt"),
            bytes: annotated_record_text(record, self.kept_review(&loaded).as_ref()).into_bytes(),
        }];
        files.extend(gif.map(|bytes| File {
            name: format!("{name}.gif"),
            bytes,
        }));
        let text = match note {
            Some(note) => format!("{note}\n{text}"),
            None => text,
        };
        Ok(Reply {
            files,
            ..Reply::public(text)
        })
    }

    /// Reads a record back into the store as a new game in `ctx`'s channel, its players
    /// named as in the record: an ongoing game can be played on from there.
    pub fn import(&self, ctx: &Context, text: &str, user: impl Fn(&str) -> User) -> Reply {
        let imported = match import_record(text, user, ctx.place) {
            Ok(imported) => imported,
            Err(error) => {
                let lang = self.reader_lang(ctx);
                let error = error.to_string();
                return Reply::refused(i18n::text_with(
                    lang,
                    "history-unreadable",
                    &[("error", error.into())],
                ));
            }
        };
        let now = self.clock.now_ms();
        let mut record = imported.record;
        record.created = now;
        record.updated = now;
        self.restart_clock(&mut record);
        match self.store.insert(record).and_then(|record| {
            self.durable(true)?;
            Ok(record)
        }) {
            Ok(record) => {
                let lang = self.place_lang(&record.place);
                let headline = i18n::text_with(
                    lang,
                    "history-loaded",
                    &[
                        ("moves", record.moves.len().into()),
                        ("game", record.id.0.into()),
                    ],
                );
                self.address(board_reply(&record, &imported.game, &headline, now, lang))
            }
            Err(error) => failure_reply(&error, self.reader_lang(ctx)),
        }
    }
}

/// The commands that look back at a game: its record and replay, and its page.
/// `game: None` means "my only game here", resolved by the play layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HistoryCommand {
    /// A game's record and animated replay.
    History {
        /// Which game.
        game: Option<GameId>,
    },
    /// The caller's personal link to a game's page (a spectator's for a game they do not
    /// play), or, with `revoke`, an end to every link they were given.
    Web {
        /// Which game.
        game: Option<GameId>,
        /// Revoke every link instead.
        revoke: bool,
    },
}

impl HistoryCommand {
    /// The name of its command in the table.
    pub(in crate::play) fn name(&self) -> &'static str {
        match self {
            Self::History { .. } => "history",
            Self::Web { .. } => "web",
        }
    }

    /// Whether carrying it out may write to the store, so its reply must wait until the
    /// write is durable. Only pure look-ups say no; anything new is a writer.
    pub(in crate::play) fn may_write(&self) -> bool {
        match self {
            Self::History { .. } => false,
            Self::Web { revoke, .. } => *revoke,
        }
    }
}

impl<S: Store> Play<S> {
    /// Carries out one of the family's commands.
    pub(in crate::play) fn run_history(
        &self,
        ctx: &Context,
        command: HistoryCommand,
    ) -> Result<Reply, Stop> {
        match command {
            HistoryCommand::History { game } => self.history(ctx, game),
            HistoryCommand::Web { game, revoke } => self.web(ctx, game, revoke),
        }
    }
}

/// A game's record and its page.
pub(in crate::play) fn commands() -> Vec<CommandSpec<HistoryCommand>> {
    vec![
        CommandSpec {
            aliases: &["record"],
            ..on_game(
                "history",
                &[],
                |args, _| {
                    Ok(HistoryCommand::History {
                        game: args.game_id()?,
                    })
                },
                vec![Action::new("history", |game| HistoryCommand::History {
                    game,
                })],
            )
        },
        CommandSpec {
            aliases: &["link"],
            options: vec![
                game_number(),
                OptionSpec::new("revoke", "opt-revoke", Kind::Boolean),
            ],
            ..on_game("web", &[], pages::read_web, Vec::new())
        },
    ]
}
