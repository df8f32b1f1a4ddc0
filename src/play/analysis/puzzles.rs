//! `/puzzle`: a position where the side to move wins by force, with one winning first move
//! (proved by the rules alone: [`crate::ai::puzzle`]). The player answers with `/move` (or
//! `/puzzle answer:`), hears "correct" and the other side's best defence, or "not that
//! one" with the defence that holds and the solution; a run of puzzles solved in a row is
//! their streak. `/puzzle daily` is the same puzzle for everyone on a server that day.
//!
//! The puzzles are the ones that ship with the bot (`puzzles/<game>.txt`), then those
//! `leapfrog puzzles generate` added to the store; a puzzle's number is its place in that
//! list, so shipped numbers never move.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::ai::puzzle::{Puzzle, Verdict};
use crate::games::{AnyGame, GameKind, Seat};
use crate::i18n::{self, Lang};
use crate::play::analysis::AnalysisCommand;
use crate::play::args::{is_flag, normalise_move, yes_or_no, Args, ParseCommandError};
use crate::play::command::{Context, User};
use crate::play::core::seats::move_refusal;
use crate::play::core::{Page, Play, Stop};
use crate::play::reply::{Button, Component, Image, MovesOn, Reply};
use crate::render::Header;
use crate::store::{
    Daily, DailyPlayed, PuzzleDone, PuzzleProgress, PuzzleRating, Status, Store, UserSettings,
    SEEN_PUZZLES,
};

use super::puzzle_ratings;

/// The games with puzzles, and the puzzles that ship for each (one per line, `#` comments).
const SHIPPED: [(GameKind, &str); 3] = [
    (
        GameKind::Jumpers,
        include_str!("../../../puzzles/jumpers.txt"),
    ),
    (GameKind::Gyges, include_str!("../../../puzzles/gyges.txt")),
    (
        GameKind::JumpSturdy,
        include_str!("../../../puzzles/jump-sturdy.txt"),
    ),
];

/// The puzzles that ship with the bot for `kind`, read once.
#[must_use]
pub fn shipped(kind: GameKind) -> &'static [Puzzle] {
    static READ: OnceLock<Vec<Vec<Puzzle>>> = OnceLock::new();
    let all = READ.get_or_init(|| SHIPPED.iter().map(|(_, text)| parse_list(text)).collect());
    SHIPPED
        .iter()
        .position(|(k, _)| *k == kind)
        .map_or(&[], |i| all[i].as_slice())
}

/// The puzzles of a list's text, skipping comments, blank lines and (logged) bad lines.
#[must_use]
pub fn parse_list(text: &str) -> Vec<Puzzle> {
    text.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .filter_map(|line| match line.parse() {
            Ok(puzzle) => Some(puzzle),
            Err(error) => {
                tracing::warn!(%error, "a puzzle line does not read");
                None
            }
        })
        .collect()
}

/// Where the puzzles `leapfrog puzzles generate` added for `kind` are kept.
#[must_use]
pub fn cache_key(kind: GameKind) -> String {
    format!("puzzles/{}", kind.name())
}

/// A day in milliseconds.
const DAY_MS: u64 = 86_400_000;

/// The day a time falls on (unix days): what picks the puzzle of the day.
fn day_of(ms: u64) -> u64 {
    ms / DAY_MS
}

/// Notes that the puzzle of the day `progress` was in (if it was one) was played to its end,
/// forgetting those of days before yesterday.
fn played_daily(settings: &mut UserSettings, progress: &PuzzleProgress, solved: bool, now: u64) {
    let Some(daily) = progress.of_day.clone() else {
        return;
    };
    let today = day_of(now);
    settings
        .dailies
        .retain(|p| p.daily.day + 1 >= today && p.daily != daily);
    settings.dailies.push(DailyPlayed { daily, solved });
}

impl<S: Store> Play<S> {
    /// Every puzzle of `kind`: the shipped ones, then the store's.
    pub(super) fn puzzles(&self, kind: GameKind) -> Vec<Puzzle> {
        let mut all = shipped(kind).to_vec();
        if let Ok(Some(bytes)) = self.store.cached(&cache_key(kind)) {
            all.extend(parse_list(&String::from_utf8_lossy(&bytes)));
        }
        all
    }

    /// `/puzzle [game] [daily]`: opens a puzzle for the caller (replacing one left open)
    /// and shows its board.
    pub(in crate::play) fn puzzle(
        &self,
        ctx: &Context,
        game: Option<&str>,
        daily: bool,
    ) -> Result<Reply, Stop> {
        let lang = self.reader_lang(ctx);
        let kinds: Vec<GameKind> = match game {
            Some(name) => {
                let kind: GameKind = name
                    .parse()
                    .map_err(|e| Stop::Refuse(i18n::refusals::setup_error(lang, None, &e)))?;
                if !SHIPPED.iter().any(|(k, _)| *k == kind) {
                    return super::say("puzzle-no-skakanie");
                }
                vec![kind]
            }
            None => SHIPPED.iter().map(|(k, _)| *k).collect(),
        };
        // Each list is read once: the store's part of it is a read and a parse.
        let mut choices: Vec<(GameKind, usize, Puzzle)> = kinds
            .iter()
            .flat_map(|&kind| {
                self.puzzles(kind)
                    .into_iter()
                    .enumerate()
                    .map(move |(i, puzzle)| (kind, i + 1, puzzle))
            })
            .collect();
        if choices.is_empty() {
            return super::say("puzzle-none");
        }
        let mut settings = self.store.settings(ctx.user.id)?;
        // The same for everyone in one place on one day: the server, else the channel; and
        // one for each game asked for, however its name was typed.
        let now = self.clock.now_ms();
        let of_day = daily.then(|| Daily {
            day: day_of(now),
            place: ctx.place.guild.map_or(ctx.place.channel.0, |g| g.0),
            game: game.map(|_| kinds[0].name().to_owned()).unwrap_or_default(),
        });
        if let Some(done) = of_day
            .as_ref()
            .and_then(|d| settings.dailies.iter().find(|p| p.daily == *d))
        {
            let hours = 24 - (now % DAY_MS) / 3_600_000;
            return super::say_with(
                "puzzle-daily-done",
                [("solved", done.solved.into()), ("hours", hours.into())],
            );
        }
        let pick = match &of_day {
            Some(key) => (crate::ai::hash_value(key) % choices.len() as u64) as usize,
            None => self.near_level(&choices, &settings)?,
        };
        let (kind, number, puzzle) = choices.swap_remove(pick);
        settings
            .puzzles_seen
            .push(crate::ai::hash_value(&puzzle.position));
        let over = settings.puzzles_seen.len().saturating_sub(SEEN_PUZZLES);
        settings.puzzles_seen.drain(..over);
        settings.puzzle_done = None;
        settings.puzzle = Some(PuzzleProgress {
            game: kind.name().to_owned(),
            number: u32::try_from(number).unwrap_or(u32::MAX),
            position: puzzle.position.clone(),
            played: Vec::new(),
            daily,
            of_day,
        });
        self.store.set_settings(ctx.user.id, settings.clone())?;
        let start = puzzle.game().map_err(|e| Stop::Refuse(e.to_string()))?;
        let side = side(lang, &start, start.to_move());
        let text = i18n::text_with(
            lang,
            "puzzle-shown",
            &[
                ("daily", daily.into()),
                ("kind", kind.into()),
                ("number", number.into()),
                ("side", side.clone().into()),
                ("moves", puzzle.moves.into()),
                ("name", ctx.user.name.clone().into()),
            ],
        );
        Ok(self.puzzle_board(ctx.user.id, lang, &puzzle, number, &start, &settings, text))
    }

    /// Which of `choices` to give a player: one of the [`puzzle_ratings::NEAREST`] rated
    /// nearest to them (the puzzles' ratings as played so far), of those they were not
    /// given lately (all of them, once they have seen every one).
    fn near_level(
        &self,
        choices: &[(GameKind, usize, Puzzle)],
        settings: &UserSettings,
    ) -> Result<usize, Stop> {
        let me = puzzle_ratings::shown(
            settings
                .puzzle_rating
                .unwrap_or_else(puzzle_ratings::newcomer),
        );
        let mut played = HashMap::new();
        for (kind, _, _) in choices {
            if !played.contains_key(kind) {
                played.insert(*kind, puzzle_ratings::played(&self.store, *kind)?);
            }
        }
        let distance = |(kind, _, puzzle): &(GameKind, usize, Puzzle)| {
            let rating = played[kind]
                .get(&puzzle.position)
                .copied()
                .unwrap_or_else(|| puzzle_ratings::unplayed(puzzle));
            (puzzle_ratings::shown(rating) - me).abs()
        };
        let fresh = |(_, _, puzzle): &(GameKind, usize, Puzzle)| {
            !settings
                .puzzles_seen
                .contains(&crate::ai::hash_value(&puzzle.position))
        };
        // Once every one has been seen, any may come again.
        let all_seen = !choices.iter().any(fresh);
        let mut order: Vec<(i64, usize)> = choices
            .iter()
            .enumerate()
            .filter(|(_, choice)| all_seen || fresh(choice))
            .map(|(i, choice)| (distance(choice), i))
            .collect();
        order.sort_unstable();
        order.truncate(puzzle_ratings::NEAREST);
        let roll = self.dice.roll(order.len() as u64) as usize;
        Ok(order.get(roll).map_or(0, |&(_, i)| i))
    }

    /// Plays the end of an attempt at `puzzle` into the player's rating and the puzzle's,
    /// and keeps it as their last puzzle (`progress` with every ply played); the line that
    /// says what their rating did.
    fn rate_attempt(
        &self,
        lang: Lang,
        settings: &mut UserSettings,
        puzzle: &Puzzle,
        progress: PuzzleProgress,
        solved: bool,
    ) -> Result<String, Stop> {
        let before = settings
            .puzzle_rating
            .unwrap_or_else(puzzle_ratings::newcomer);
        let against = puzzle_ratings::record(&self.store, puzzle, before, solved)?;
        let (now, _) = puzzle_ratings::after(before, against, solved);
        settings.puzzle_rating = Some(now);
        let change = now.centi - before.centi;
        settings.puzzle_done = Some(Box::new(PuzzleDone {
            progress,
            solved,
            change,
        }));
        Ok(rating_line(lang, now, change))
    }

    /// The caller's open puzzle, when `/move` without a game number should go to it: they
    /// have one open and no game in progress in this channel (where `/move` means the game).
    pub(in crate::play) fn puzzle_takes_move(&self, ctx: &Context) -> bool {
        let open = self
            .store
            .settings(ctx.user.id)
            .is_ok_and(|s| s.puzzle.is_some());
        open && !self
            .store
            .games_in_channel(ctx.place.channel)
            .unwrap_or_default()
            .iter()
            .any(|r| r.status == Status::Active && r.seat_of(ctx.user.id).is_some())
    }

    /// The legal moves of the caller's open puzzle (`/move`'s autocomplete when it goes to
    /// the puzzle).
    pub(in crate::play) fn puzzle_moves(&self, ctx: &Context) -> Option<AnyGame> {
        let settings = self.store.settings(ctx.user.id).ok()?;
        let (_, _, _, game) = self.open_puzzle(settings.puzzle.as_ref()?)?;
        Some(game)
    }

    /// The puzzle `progress` is in, its number now, its start, and the game as it stands
    /// now. The puzzle is found by its number, or by its position when the list has moved
    /// under it (a release shipped more puzzles); `None` when it is gone.
    pub(super) fn open_puzzle(
        &self,
        progress: &PuzzleProgress,
    ) -> Option<(Puzzle, usize, AnyGame, AnyGame)> {
        let kind: GameKind = progress.game.parse().ok()?;
        let mut list = self.puzzles(kind);
        let at = usize::try_from(progress.number).ok()?.checked_sub(1);
        // Progress kept before positions were recorded has none: its number is trusted.
        let same = |p: &Puzzle| progress.position.is_empty() || p.position == progress.position;
        let index = at
            .filter(|&i| list.get(i).is_some_and(same))
            .or_else(|| list.iter().position(|p| p.position == progress.position))?;
        let puzzle = list.swap_remove(index);
        let start = puzzle.game().ok()?;
        let mut now = start.clone();
        for ply in &progress.played {
            now.play(ply).ok()?;
        }
        Some((puzzle, index + 1, start, now))
    }

    /// An answer to the caller's open puzzle: `mv`, as typed.
    pub(in crate::play) fn puzzle_answer(&self, ctx: &Context, mv: &str) -> Result<Reply, Stop> {
        let lang = self.reader_lang(ctx);
        let mut settings = self.store.settings(ctx.user.id)?;
        let Some(progress) = settings.puzzle.clone() else {
            return super::say("puzzle-none-open");
        };
        let Some((puzzle, number, start, now)) = self.open_puzzle(&progress) else {
            settings.puzzle = None;
            self.store.set_settings(ctx.user.id, settings)?;
            return super::say("puzzle-gone");
        };
        let kind = puzzle.kind;
        let mv = normalise_move(kind, mv);
        let mut tried = now.clone();
        let mv = match tried.play(&mv) {
            Ok(done) => done,
            Err(error) => {
                let reason = i18n::refusals::move_error(lang, kind, &error);
                return Err(Stop::Refuse(move_refusal(lang, &now, &mv, &reason)));
            }
        };
        let me = start.to_move();
        let verdict = crate::ai::puzzle::judge(&start, puzzle.moves, &progress.played, &mv);
        let (text, shown) = match verdict {
            Verdict::Wins { reply, done: false } => {
                let mut played = progress.played.clone();
                played.push(mv.clone());
                let mut shown = tried.clone();
                if let Some(reply) = &reply {
                    played.push(reply.clone());
                    let _ = shown.play(reply);
                }
                let left = moves_left(&puzzle, played.len());
                settings.puzzle = Some(PuzzleProgress {
                    played,
                    number: u32::try_from(number).unwrap_or(u32::MAX),
                    ..progress
                });
                let text = i18n::text_with(
                    lang,
                    "puzzle-correct-go-on",
                    &[
                        ("played", mv.clone().into()),
                        ("other", side(lang, &start, other(me)).into()),
                        ("side", side_key(&start, other(me)).into()),
                        ("reply", reply.unwrap_or_default().into()),
                        ("moves", left.into()),
                    ],
                );
                (text, shown)
            }
            Verdict::Wins { done: true, .. } => {
                settings.puzzle = None;
                played_daily(&mut settings, &progress, true, self.clock.now_ms());
                let mut whole = progress.clone();
                whole.played.push(mv.clone());
                let rated = self.rate_attempt(lang, &mut settings, &puzzle, whole, true)?;
                settings.puzzle_streak += 1;
                settings.puzzle_best = settings.puzzle_best.max(settings.puzzle_streak);
                settings.puzzles_solved += 1;
                let text = i18n::text_with(
                    lang,
                    "puzzle-solved",
                    &[
                        ("played", mv.clone().into()),
                        ("streak", settings.puzzle_streak.into()),
                        ("best", settings.puzzle_best.into()),
                        ("solved", settings.puzzles_solved.into()),
                    ],
                );
                (format!("{text}\n{rated}"), tried)
            }
            Verdict::Misses { refutation } => {
                settings.puzzle = None;
                played_daily(&mut settings, &progress, false, self.clock.now_ms());
                let mut whole = progress.clone();
                whole.played.push(mv.clone());
                whole.played.extend(refutation.clone());
                let rated = self.rate_attempt(lang, &mut settings, &puzzle, whole, false)?;
                let lost = settings.puzzle_streak;
                settings.puzzle_streak = 0;
                let text = i18n::text_with(
                    lang,
                    "puzzle-wrong",
                    &[
                        ("played", mv.clone().into()),
                        ("other", side(lang, &start, other(me)).into()),
                        ("side", side_key(&start, other(me)).into()),
                        ("held", refutation.is_some().into()),
                        ("refutation", refutation.unwrap_or_default().into()),
                        ("solution", puzzle.line.join(" ").into()),
                        ("lost", lost.into()),
                    ],
                );
                (format!("{text}\n{rated}"), tried)
            }
            Verdict::Illegal(reason) => return Err(Stop::Refuse(reason)),
        };
        self.store.set_settings(ctx.user.id, settings.clone())?;
        Ok(self.puzzle_board(ctx.user.id, lang, &puzzle, number, &shown, &settings, text))
    }

    /// The board of a puzzle as it stands, headed by what is asked.
    #[allow(clippy::too_many_arguments)] // the parts of one board post
    fn puzzle_board(
        &self,
        user: crate::store::UserId,
        lang: Lang,
        puzzle: &Puzzle,
        number: usize,
        game: &AnyGame,
        settings: &UserSettings,
        text: String,
    ) -> Reply {
        let mut header = Header::for_sides(game, lang);
        // Still to solve: the header says what is asked, and the picker offers the moves.
        let open = settings
            .puzzle
            .as_ref()
            .filter(|_| !game.outcome().is_finished());
        if let Some(progress) = open {
            let left = moves_left(puzzle, progress.played.len());
            header.status = i18n::text_with(
                lang,
                "puzzle-header",
                &[
                    ("side", side(lang, game, game.to_move()).into()),
                    ("moves", left.into()),
                ],
            );
        }
        header.detail = i18n::text_with(
            lang,
            "puzzle-detail",
            &[
                ("kind", puzzle.kind.into()),
                ("number", number.into()),
                ("streak", settings.puzzle_streak.into()),
            ],
        );
        let mut reply = Reply {
            image: Some(Image::board(
                format!("puzzle-{}-{number}.png", puzzle.kind.name()),
                game.clone(),
                header,
            )),
            ..Reply::public(text)
        };
        // The page plays the same puzzle by tapping, and offers the next one there.
        if let Some(links) = &self.pages {
            reply.components.push(Component::Buttons(vec![Button::link(
                &links(Page::Puzzles(user)),
                &i18n::text(lang, "button-web-puzzle"),
            )]));
        }
        if open.is_none() {
            return reply;
        }
        // The picker answers whoever clicks from their own open puzzle (this one, for the
        // player it was shown to).
        reply.with(Component::Moves {
            on: MovesOn::Puzzle,
            moves: game.legal_moves(),
            label: i18n::text(lang, "button-move"),
        })
    }
}

/// "Puzzle rating 1523 (+23)": a player's rating after an attempt that moved it by
/// `change` hundredths.
pub(super) fn rating_line(lang: Lang, rating: PuzzleRating, change: i64) -> String {
    let points = (change + 50 * change.signum()) / 100;
    i18n::text_with(
        lang,
        "puzzle-rating",
        &[
            ("rating", puzzle_ratings::shown(rating).into()),
            ("change", format!("{points:+}").into()),
        ],
    )
}

/// The solver's moves still to come after `played` plies (theirs and the answers).
pub(super) fn moves_left(puzzle: &Puzzle, played: usize) -> u32 {
    u32::from(puzzle.moves).saturating_sub(u32::try_from(played.div_ceil(2)).unwrap_or(u32::MAX))
}

/// A side's name in `lang` ("South").
pub(super) fn side(lang: Lang, game: &AnyGame, seat: Seat) -> String {
    i18n::side_name(lang, &game.seat_name(seat))
}

/// Which side `seat` is (`white`, `south`), for a message whose verb agrees with the side's
/// name: "Чёрные отвечают" but "Север отвечает".
fn side_key(game: &AnyGame, seat: Seat) -> String {
    game.seat_name(seat).to_lowercase()
}

/// The other side of a two-player game.
fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0.min(1))
}

/// `/puzzle`: a game, `daily`, or an answer to the open puzzle.
pub(in crate::play) fn read_puzzle(
    args: &mut Args,
    _: &dyn Fn(&str) -> User,
) -> Result<AnalysisCommand, ParseCommandError> {
    let answer = args.take(&["answer"]);
    let mut daily = match args.take(&["daily"]) {
        Some(value) => yes_or_no(&value, "puzzle-daily")?,
        None => false,
    };
    // The console's words: `/puzzle gyges daily`.
    let mut game = args.take(&["game"]);
    for word in std::mem::take(&mut args.positional) {
        if is_flag(&word, "daily") {
            daily = true;
        } else if game.is_none() {
            game = Some(word);
        } else {
            args.positional.push(word);
        }
    }
    Ok(AnalysisCommand::Puzzle {
        game,
        daily,
        answer,
    })
}
