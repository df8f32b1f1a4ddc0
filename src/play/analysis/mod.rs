//! `/analyse`: a finished game gone through by the engine. The command answers at once; the
//! front end then runs [`Play::analysis`] on the analysis pool (one search at a time, apart
//! from the computer's moves, so an analysis never delays a move) and posts the report in
//! the game's channel: an evaluation chart, each side's accuracy, and the mistakes and
//! blunders with the better move and its line. The review is kept in the store
//! ([`Store::cached`]), so asking again, and `/history`'s record, cost nothing.

pub mod page;
pub mod puzzle_page;
pub mod puzzle_ratings;
pub(in crate::play) mod puzzles;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::ai::review::{self, Judgement, Review, ReviewError};
use crate::ai::search::{MATE, WON};
use crate::games::GameKind;
use crate::i18n::{self, Lang};
use crate::play::command::Context;
use crate::play::core::Page;
use crate::play::core::{say, say_with, Loaded, Play, Stop};
use crate::play::definition::common::{games, on_game, plain};
use crate::play::definition::{Action, CommandSpec, Contexts, Kind, OptionSpec};
use crate::play::pool::Pool;
use crate::play::reply::{Button, Component, Image, Notice, Reply};
use crate::play::text::seat_label;
use crate::render::chart::{self, Mark};
use crate::store::{GameId, Status, Store};

/// The most mistakes and blunders a report lists (worst first, shown in game order); the
/// rest are in the record (`/history`). A Discord message holds 2,000 characters.
const MAX_LISTED: usize = 8;

/// Where the games asked for and not yet analysed are listed (their numbers, one a line):
/// what the scheduler's tick picks up after a restart.
const WANTED: &str = "analysis/wanted";

/// How long a claim on an analysis outlasts twice the time the analysis is expected to
/// take: a worker that died holding it is taken over after that.
const CLAIM_SPARE_MS: u64 = 60_000;

/// How long a position takes to analyse at its game's default budget
/// ([`review::default_nodes`]), in milliseconds: at most about this on the project's
/// two-core build machine, busy with other builds (a 60-move game about 25 s; most take
/// less, their searches ending on forced results). What turns the work an analysis is
/// given (`[ai] analysis_nodes`) into the wait a player is told and how long a claim lasts
/// (twice that and a minute: a machine three times slower still finishes within it); the
/// analysis itself is bounded by work, never by the clock.
const MS_A_POSITION: u64 = 400;

/// Where the worker analysing a game says so, and until when (`worker until_ms`).
fn claim_key(game: GameId) -> String {
    format!("analysis/claim/{}", game.0)
}

/// Where a game's review is kept.
fn cache_key(game: GameId) -> String {
    format!("analysis/{}", game.0)
}

/// The games listed in the kept list of those asked for (see [`WANTED`]).
fn parse_wanted(bytes: Option<&[u8]>) -> Vec<GameId> {
    bytes
        .map(|bytes| {
            String::from_utf8_lossy(bytes)
                .lines()
                .filter_map(|line| line.trim().parse().ok().map(GameId))
                .collect()
        })
        .unwrap_or_default()
}

/// A score as a record's comment shows it: `+0.35` in men, `+W5` for a forced win in five
/// plies (`-W5` for a loss), always from the first side's view.
#[must_use]
pub fn shown_eval(score: i32) -> String {
    if score.abs() >= WON {
        let sign = if score > 0 { '+' } else { '-' };
        format!("{sign}W{}", MATE - score.abs())
    } else {
        format!("{:+.2}", f64::from(score) / 100.0)
    }
}

/// The comment a record gives ply `i` (from 0) of a reviewed game: the evaluation after it
/// and, for an inaccuracy or worse, what the engine preferred.
#[must_use]
pub fn ply_comment(review: &Review, i: usize) -> Option<String> {
    let ply = review.plies.get(i)?;
    let eval = shown_eval(*review.evals.get(i + 1)?);
    let word = match ply.judgement {
        Judgement::Best | Judgement::Good => return Some(eval),
        Judgement::Inaccuracy => "inaccuracy",
        Judgement::Mistake => "mistake",
        Judgement::Blunder => "blunder",
    };
    Some(format!(
        "{eval} {word} (-{:.0}%), better {}: {}",
        ply.loss,
        ply.best,
        ply.line.join(" ")
    ))
}

impl<S: Store> Play<S> {
    /// The pool analyses run on: one at a time, apart from the computer's moves.
    #[must_use]
    pub fn analysis_pool(&self) -> &Arc<Pool> {
        &self.analysis_pool
    }

    /// `/analyse`: the report at once when the game was analysed before; else a word that
    /// it is under way, with [`Reply::analyse`] set for the front end.
    pub(super) fn analyse(&self, ctx: &Context, id: Option<GameId>) -> Result<Reply, Stop> {
        let (record, note) = self.shown_game(ctx, id)?;
        let game = record.id.0;
        if record.kind == GameKind::Skakanie {
            return say("analysis-hidden-pieces");
        }
        match record.status {
            Status::Finished(_) => {}
            _ => return say_with("analysis-not-over", [("game", game.into())]),
        }
        if record.moves.is_empty() {
            return say_with("analysis-no-moves", [("game", game.into())]);
        }
        // A game played in direct messages is its players' business (the console's user
        // owns the machine, and every game on it).
        let console = ctx.manager && ctx.place.guild.is_none();
        if record.place.guild.is_none() && record.seat_of(ctx.user.id).is_none() && !console {
            return say_with("analysis-private", [("game", game.into())]);
        }
        let loaded = self.rebuild(record)?;
        let mut reply = match self.kept_review(&loaded) {
            Some(review) => self.report(&loaded, &review),
            None => {
                let seconds =
                    self.expected_ms(loaded.record.kind, loaded.record.moves.len()) / 1000;
                let text = i18n::text_with(
                    self.reader_lang(ctx),
                    "analysis-started",
                    &[
                        ("game", game.into()),
                        ("moves", loaded.record.moves.len().into()),
                        ("seconds", seconds.max(1).into()),
                    ],
                );
                self.want(loaded.record.id, true)?;
                Reply {
                    analyse: Some(loaded.record.id),
                    ..Reply::public(text)
                }
            }
        };
        if let Some(note) = note {
            reply.text = format!("{note}\n{}", reply.text);
        }
        Ok(reply)
    }

    /// The games asked for and not analysed yet (a restart came first): the scheduler's
    /// tick hands them to [`Play::analysis`] again.
    #[must_use]
    pub fn analyses_wanted(&self) -> Vec<GameId> {
        self.wanted().unwrap_or_default()
    }

    fn wanted(&self) -> Result<Vec<GameId>, crate::store::StoreError> {
        Ok(parse_wanted(self.store.cached(WANTED)?.as_deref()))
    }

    /// Lists game `id` as asked for (`true`) or done with (`false`), in one step of the
    /// store: two workers taking `/analyse` at once both stay listed.
    fn want(&self, id: GameId, wanted: bool) -> Result<(), crate::store::StoreError> {
        self.store.update_cached(WANTED, &mut |old| {
            let mut list = parse_wanted(old);
            let before = list.len();
            list.retain(|&g| g != id);
            if !wanted && list.len() == before {
                // Not listed (the console, or a job the tick already finished): nothing to
                // write.
                return None;
            }
            if wanted {
                list.push(id);
            }
            Some(
                list.iter()
                    .map(|g| format!("{}\n", g.0))
                    .collect::<String>()
                    .into_bytes(),
            )
        })?;
        Ok(())
    }

    /// How long the analysis of a game of `kind` with `plies` plies is expected to take at
    /// most, in milliseconds.
    fn expected_ms(&self, kind: GameKind, plies: usize) -> u64 {
        let nodes = self.ai.analysis_effort(kind).nodes;
        let positions = plies as u64 + 1;
        let per_default = review::default_nodes(kind).max(1);
        nodes
            .saturating_mul(positions)
            .saturating_mul(MS_A_POSITION)
            / per_default
    }

    /// Analyses game `id` (or reads its kept analysis) and returns the report to post in
    /// its channel; `None` when the game cannot be analysed (logged). Either way the game
    /// leaves the list of those asked for. Blocking: it searches each position for its
    /// nodes (`[ai] analysis_nodes`, or the game's own figure). Run it on [`Play::analysis_pool`].
    pub fn analysis(&self, id: GameId) -> Option<Notice> {
        let notice = self.analysed(id);
        if let Err(error) = self.want(id, false) {
            tracing::error!(game = id.0, %error, "could not strike an analysis off the list");
        }
        notice
    }

    /// Claims the analysis of game `id` (of `plies` plies) for this worker: `false` when
    /// another holds it. Every worker's timer finds the analyses owed, and the one whose
    /// command asked may be at it already; without a claim each would analyse the game and
    /// post its report.
    fn claim_analysis(&self, id: GameId, kind: GameKind, plies: usize) -> bool {
        let now = self.clock.now_ms();
        let until = now + 2 * self.expected_ms(kind, plies) + CLAIM_SPARE_MS;
        let me = self.worker;
        let claimed = self.store.update_cached(&claim_key(id), &mut |old| {
            let held = old
                .and_then(|bytes| std::str::from_utf8(bytes).ok())
                .and_then(|text| text.split_once(' '))
                .and_then(|(who, till)| Some((who.parse::<u64>().ok()?, till.parse::<u64>().ok()?)))
                .is_some_and(|(who, till)| who != me && till > now);
            (!held).then(|| format!("{me} {until}").into_bytes())
        });
        claimed.unwrap_or_else(|error| {
            tracing::error!(game = id.0, %error, "could not claim an analysis");
            false
        })
    }

    /// As [`Play::analysis`], for a game still listed as asked for (the scheduler's tick:
    /// one the command's own job finished meanwhile is not posted twice).
    pub fn wanted_analysis(&self, id: GameId) -> Option<Notice> {
        if !self.analyses_wanted().contains(&id) {
            return None;
        }
        self.analysis(id)
    }

    fn analysed(&self, id: GameId) -> Option<Notice> {
        let loaded = match self.load(id) {
            Ok(loaded) => loaded,
            Err(error) => {
                tracing::error!(game = id.0, ?error, "could not load a game to analyse");
                return None;
            }
        };
        if !self.claim_analysis(id, loaded.record.kind, loaded.record.moves.len()) {
            // Another worker is on it, and posts it.
            return None;
        }
        let review = match self.kept_review(&loaded) {
            Some(review) => review,
            None => {
                let effort = self.ai.analysis_effort(loaded.record.kind);
                let started = std::time::Instant::now();
                let review = match review::review(&loaded.game, &effort, &AtomicBool::new(false)) {
                    Ok(review) => review,
                    Err(error @ (ReviewError::HiddenPieces | ReviewError::NoMoves)) => {
                        tracing::warn!(game = id.0, %error, "not analysed");
                        return None;
                    }
                };
                tracing::info!(
                    game = id.0,
                    plies = review.plies.len(),
                    depth = review.depth,
                    ms = started.elapsed().as_millis() as u64,
                    "game analysed"
                );
                match serde_json::to_vec(&review) {
                    Ok(bytes) => {
                        if let Err(error) = self.store.set_cached(&cache_key(id), &bytes) {
                            tracing::error!(game = id.0, %error, "could not keep an analysis");
                        }
                    }
                    Err(error) => tracing::error!(game = id.0, %error, "could not encode"),
                }
                review
            }
        };
        Some(Notice {
            game: id,
            place: loaded.record.place,
            reply: self.report(&loaded, &review),
        })
    }

    /// The kept review of a game, when there is one for exactly its moves (a store restored
    /// from a dump may have reused the number; a damaged one is dropped and made again).
    pub(super) fn kept_review(&self, loaded: &Loaded) -> Option<Review> {
        let bytes = self.store.cached(&cache_key(loaded.record.id)).ok()??;
        let review: Review = serde_json::from_slice(&bytes).ok()?;
        let same = review.plies.len() == loaded.record.moves.len()
            && review
                .plies
                .iter()
                .zip(&loaded.record.moves)
                .all(|(ply, mv)| ply.played == *mv);
        same.then_some(review)
    }

    /// The report of a reviewed game, in its place's language: the chart, each side's
    /// accuracy and counts, and the worst mistakes and blunders.
    fn report(&self, loaded: &Loaded, review: &Review) -> Reply {
        let record = &loaded.record;
        let lang = self.place_lang(&record.place);
        let label = |seat: u8| seat_label(lang, record, &loaded.game, seat);
        let mut lines = vec![i18n::text_with(
            lang,
            "analysis-title",
            &[
                ("game", record.id.0.into()),
                ("kind", record.kind.into()),
                ("players", i18n::versus(lang, &[label(0), label(1)]).into()),
                ("depth", review.depth.into()),
            ],
        )];
        lines.extend(side_lines(lang, review, &label));
        let (bad, total) = listed_mistakes(review);
        if bad.is_empty() {
            lines.push(i18n::text(lang, "analysis-clean"));
        }
        lines.extend(bad.iter().map(|&i| ply_line(lang, review, i, &label)));
        if total > bad.len() {
            lines.push(i18n::text_with(
                lang,
                "analysis-more",
                &[("count", (total - bad.len()).into())],
            ));
        }
        let chances: Vec<f64> = review.evals.iter().map(|&e| Review::chance(e)).collect();
        let marks: Vec<Mark> = review
            .plies
            .iter()
            .enumerate()
            .filter_map(|(i, p)| match p.judgement {
                Judgement::Mistake => Some(Mark::Mistake(i + 1)),
                Judgement::Blunder => Some(Mark::Blunder(i + 1)),
                _ => None,
            })
            .collect();
        let picture = chart::evaluation(
            &i18n::text_with(
                lang,
                "analysis-chart-title",
                &[("game", record.id.0.into()), ("kind", record.kind.into())],
            ),
            &label(0),
            &label(1),
            &i18n::text_with(
                lang,
                "analysis-chart-caption",
                &[
                    ("moves", record.moves.len().into()),
                    ("depth", review.depth.into()),
                ],
            ),
            &chances,
            &marks,
        );
        let png = crate::render::encode::png(&picture, None);
        let mut reply = Reply {
            image: Some(Image::png(format!("analysis-{}.png", record.id.0), png)),
            ..Reply::public(lines.join("\n"))
        };
        // The page draws the same analysis over the board: the chart to tap, each mistake's
        // better move as an arrow.
        if let Some(links) = &self.pages {
            reply.components.push(Component::Buttons(vec![Button::link(
                &links(Page::Analysis(record.id)),
                &i18n::text(lang, "button-web-analysis"),
            )]));
        }
        reply
    }
}

/// Each side's accuracy and counts of blunders, mistakes and inaccuracies, one line each,
/// as the report and the game's page say them. `label` names a seat.
fn side_lines(lang: Lang, review: &Review, label: &dyn Fn(u8) -> String) -> Vec<String> {
    (0..2u8)
        .filter_map(|seat| {
            let accuracy = review.accuracy(seat)?;
            Some(i18n::text_with(
                lang,
                "analysis-side",
                &[
                    ("player", label(seat).into()),
                    ("accuracy", (accuracy.round() as i64).into()),
                    ("blunders", review.count(seat, Judgement::Blunder).into()),
                    ("mistakes", review.count(seat, Judgement::Mistake).into()),
                    (
                        "inaccuracies",
                        review.count(seat, Judgement::Inaccuracy).into(),
                    ),
                ],
            ))
        })
        .collect()
}

/// The mistakes and blunders a report lists (the worst [`MAX_LISTED`], in game order, as
/// indices of [`Review::plies`]) and how many there are in all.
fn listed_mistakes(review: &Review) -> (Vec<usize>, usize) {
    let mut bad: Vec<usize> = (0..review.plies.len())
        .filter(|&i| is_mistake(review.plies[i].judgement))
        .collect();
    let total = bad.len();
    bad.sort_by(|&a, &b| review.plies[b].loss.total_cmp(&review.plies[a].loss));
    bad.truncate(MAX_LISTED);
    bad.sort_unstable();
    (bad, total)
}

/// Whether a ply judged so is one a report lists: a mistake or a blunder.
fn is_mistake(judgement: Judgement) -> bool {
    matches!(judgement, Judgement::Mistake | Judgement::Blunder)
}

/// Ply `i` (from 0) of a reviewed game as the report lists it: who played what, how much
/// it lost, and the better move with its line.
fn ply_line(lang: Lang, review: &Review, i: usize, label: &dyn Fn(u8) -> String) -> String {
    let ply = &review.plies[i];
    i18n::text_with(
        lang,
        "analysis-ply",
        &[
            ("number", (i + 1).into()),
            ("played", ply.played.clone().into()),
            ("player", label(ply.seat).into()),
            (
                "judgement",
                if ply.judgement == Judgement::Blunder {
                    "blunder"
                } else {
                    "mistake"
                }
                .into(),
            ),
            ("loss", (ply.loss.round() as i64).into()),
            ("best", ply.best.clone().into()),
            ("line", ply.line.join(" ").into()),
        ],
    )
}

/// The commands of the engine's help: a finished game analysed, puzzles.
/// `game: None` means "my only game here", resolved by the play layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisCommand {
    /// A finished game gone through by the engine: accuracy, mistakes, a chart.
    Analyse {
        /// Which game.
        game: Option<GameId>,
    },
    /// A puzzle to solve (a random one, of a game, or the server's puzzle of the day), or an
    /// answer to the open one.
    Puzzle {
        /// Which game's; `None`: any.
        game: Option<String>,
        /// The puzzle of the day.
        daily: bool,
        /// An answer to the open puzzle instead (what `/move` does where no game is played).
        answer: Option<String>,
    },
}

impl AnalysisCommand {
    /// The name of its command in the table.
    pub(in crate::play) fn name(&self) -> &'static str {
        match self {
            Self::Analyse { .. } => "analyse",
            Self::Puzzle { .. } => "puzzle",
        }
    }

    /// Whether carrying it out may write to the store, so its reply must wait until the
    /// write is durable. Only pure look-ups say no; anything new is a writer.
    pub(in crate::play) fn may_write(&self) -> bool {
        match self {
            Self::Analyse { .. } => true,
            Self::Puzzle { .. } => true,
        }
    }
}

impl<S: Store> Play<S> {
    /// Carries out one of the family's commands.
    pub(in crate::play) fn run_analysis(
        &self,
        ctx: &Context,
        command: AnalysisCommand,
    ) -> Result<Reply, Stop> {
        match command {
            AnalysisCommand::Analyse { game } => self.analyse(ctx, game),
            AnalysisCommand::Puzzle {
                answer: Some(mv), ..
            } => self.puzzle_answer(ctx, &mv),
            AnalysisCommand::Puzzle { game, daily, .. } => self.puzzle(ctx, game.as_deref(), daily),
        }
    }
}

/// A finished game's analysis, and puzzles.
pub(in crate::play) fn commands() -> Vec<CommandSpec<AnalysisCommand>> {
    vec![
        CommandSpec {
            aliases: &["analyze", "analysis"],
            ..on_game(
                "analyse",
                &["help-analyse"],
                |args, _| {
                    Ok(AnalysisCommand::Analyse {
                        game: args.game_id()?,
                    })
                },
                // A game's page asks for its analysis with it.
                vec![Action::new("analyse", |game| AnalysisCommand::Analyse {
                    game,
                })],
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
            Contexts::EVERYWHERE,
            &["help-puzzle"],
            puzzles::read_puzzle,
        ),
    ]
}
