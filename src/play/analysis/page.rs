//! A finished game's analysis as its page shows it, as data: the same kept review and the
//! same words as `/analyse`'s report ([`Play::analysis`]), so the page and the post cannot
//! say two things. The web front end draws the chart and the better move's arrow.

use serde::Serialize;

use crate::ai::review::{Judgement, Review};
use crate::games::GameKind;
use crate::i18n::{self, Lang};
use crate::play::core::{Loaded, Play};
use crate::play::text::seat_label;
use crate::store::{GameRecord, Status, Store};

use super::{is_mistake, listed_mistakes, ply_line, side_lines};

/// Where a game's analysis stands, for its page: said by [`AnalysisState::name`] in the
/// view's JSON and the page's HTML alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(into = "&'static str")]
pub enum AnalysisState {
    /// Not analysed, nor asked for: a player may ask.
    Offered,
    /// Asked for and under way (or waiting for the analysis pool).
    Running,
    /// Done and kept.
    Ready,
}

impl AnalysisState {
    /// The state's name, as the page's script and style read it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Offered => "offered",
            Self::Running => "running",
            Self::Ready => "ready",
        }
    }
}

impl From<AnalysisState> for &'static str {
    fn from(state: AnalysisState) -> Self {
        state.name()
    }
}

/// A game's analysis on its page.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisView {
    /// Where it stands.
    pub state: AnalysisState,
    /// The section's heading.
    pub heading: String,
    /// What the section says: the report's title and each side's accuracy once ready
    /// (Discord's `**` around what is bold); else what is offered or under way.
    pub lines: Vec<String>,
    /// The label of the button that asks for it, when it is offered to this reader.
    pub button: Option<String>,
    /// What the chart is, for a screen reader.
    pub chart: String,
    /// The first side's winning chance (0 to 100) in every position, the start first.
    pub chances: Vec<f64>,
    /// The mistakes and blunders on the chart: the position after each (its ply) and which.
    pub marks: Vec<(usize, Judgement)>,
    /// The mistakes and blunders the report lists, in game order.
    pub mistakes: Vec<MistakeView>,
    /// That more are in the record, when the report lists only the worst.
    pub more: Option<String>,
    /// The mistake or blunder played from the position shown, with the better move (the
    /// page draws it as an arrow over the board).
    pub here: Option<MistakeView>,
}

/// One mistake or blunder, where the better move could have been played.
#[derive(Clone, Debug, Serialize)]
pub struct MistakeView {
    /// The position it was played from: the number of plies before it.
    pub ply: usize,
    /// The report's line: who played what, what it lost, the better move and its line.
    pub text: String,
    /// The better move, in notation.
    pub best: String,
}

impl<S: Store> Play<S> {
    /// The analysis section of the page of the game of `record` showing position `ply`, in
    /// `lang`; `None` where the game is not one `/analyse` takes (not over, without moves,
    /// or Skakanie, whose pieces are face down). `may_ask`: the reader is a player, so the
    /// page offers them the button that asks for it (the same command as `/analyse`).
    pub fn analysis_view(
        &self,
        record: &GameRecord,
        ply: usize,
        lang: Lang,
        may_ask: bool,
    ) -> Option<AnalysisView> {
        let over = matches!(record.status, Status::Finished(_));
        if !over || record.moves.is_empty() || record.kind == GameKind::Skakanie {
            return None;
        }
        let heading = i18n::text(lang, "web-analysis-heading");
        let loaded = self.rebuild(record.clone()).ok()?;
        let Some(review) = self.kept_review(&loaded) else {
            let running = self.analyses_wanted().contains(&record.id);
            let (state, note) = if running {
                (AnalysisState::Running, "web-analysis-running")
            } else {
                (AnalysisState::Offered, "web-analysis-offered")
            };
            return Some(AnalysisView {
                state,
                heading,
                lines: vec![i18n::text(lang, note)],
                button: (may_ask && !running).then(|| i18n::text(lang, "web-analysis-ask")),
                chart: String::new(),
                chances: Vec::new(),
                marks: Vec::new(),
                mistakes: Vec::new(),
                more: None,
                here: None,
            });
        };
        Some(ready_view(&loaded, &review, ply, lang, heading))
    }
}

/// The section of a game analysed as `review`, showing position `ply`.
fn ready_view(
    loaded: &Loaded,
    review: &Review,
    ply: usize,
    lang: Lang,
    heading: String,
) -> AnalysisView {
    let record = &loaded.record;
    let label = |seat: u8| seat_label(lang, record, &loaded.game, seat);
    let mut lines = vec![i18n::text_with(
        lang,
        "web-analysis-depth",
        &[("depth", review.depth.into())],
    )];
    lines.extend(side_lines(lang, review, &label));
    let (listed, total) = listed_mistakes(review);
    if listed.is_empty() {
        lines.push(i18n::text(lang, "analysis-clean"));
    }
    let mistake = |i: usize| MistakeView {
        ply: i,
        text: ply_line(lang, review, i, &label),
        best: review.plies[i].best.clone(),
    };
    AnalysisView {
        state: AnalysisState::Ready,
        heading,
        lines,
        button: None,
        chart: i18n::text(lang, "web-analysis-chart"),
        chances: review.evals.iter().map(|&e| Review::chance(e)).collect(),
        marks: review
            .plies
            .iter()
            .enumerate()
            .filter(|(_, p)| is_mistake(p.judgement))
            .map(|(i, p)| (i + 1, p.judgement))
            .collect(),
        mistakes: listed.iter().map(|&i| mistake(i)).collect(),
        more: (total > listed.len()).then(|| {
            i18n::text_with(
                lang,
                "analysis-more",
                &[("count", (total - listed.len()).into())],
            )
        }),
        here: review
            .plies
            .get(ply)
            .filter(|p| is_mistake(p.judgement))
            .map(|_| mistake(ply)),
    }
}
