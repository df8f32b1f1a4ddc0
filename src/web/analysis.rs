//! A finished game's analysis on its page, as HTML: what it says, the chart of winning
//! chances (each ply a link to its position, so it works without a script), and the
//! mistakes, each a link to the position it was played from. `assets/board.js` moves the
//! chart's cursor, says the mistake of the position shown and draws its better move as an
//! arrow over the board; it reads the section afresh when the analysis changes state.

use std::fmt::Write as _;

use super::page::{bold, escape};
use super::view::position_words;
use crate::ai::review::Judgement;
use crate::i18n::Lang;
use crate::play::{AnalysisState, AnalysisView};

/// The chart's drawing size: wide and low, as a strip under the board.
const CHART_WIDTH: f64 = 600.0;
const CHART_HEIGHT: f64 = 120.0;

/// Where the page is: the ply it shows of how many, its language, and how it makes the
/// address of a ply.
#[derive(Clone, Copy)]
pub struct Shown<'a> {
    /// The ply shown.
    pub ply: usize,
    /// The game's plies.
    pub plies: usize,
    /// The page's language.
    pub lang: Lang,
    /// The address of a ply.
    pub link: &'a dyn Fn(usize) -> String,
}

/// The section of `analysis` on the page `shown`.
#[must_use]
pub fn section(analysis: &AnalysisView, shown: &Shown<'_>) -> String {
    let state = analysis.state.name();
    let mut html = format!(
        "<section class=\"analysis\" id=\"analysis\" data-state=\"{state}\">\
         <h2>{}</h2>",
        escape(&analysis.heading)
    );
    for line in &analysis.lines {
        let _ = write!(html, "<p>{}</p>", bold(line));
    }
    if let Some(label) = &analysis.button {
        let _ = write!(
            html,
            "<button type=\"button\" class=\"ask\" id=\"analysis-ask\">{}</button>",
            escape(label)
        );
    }
    if analysis.state == AnalysisState::Ready {
        html.push_str(&chart(analysis, shown));
        let here = analysis
            .here
            .as_ref()
            .map_or(String::new(), |m| bold(&m.text));
        let _ = write!(
            html,
            "<p class=\"here\" id=\"analysis-here\" aria-live=\"polite\">{here}</p>"
        );
        if !analysis.mistakes.is_empty() {
            html.push_str("<ol class=\"mistakes\">");
            for mistake in &analysis.mistakes {
                let _ = write!(
                    html,
                    "<li><a href=\"{}\" data-ply=\"{}\">{}</a></li>",
                    escape(&(shown.link)(mistake.ply)),
                    mistake.ply,
                    bold(&mistake.text)
                );
            }
            html.push_str("</ol>");
        }
        if let Some(more) = &analysis.more {
            let _ = write!(html, "<p>{}</p>", escape(more));
        }
    }
    html.push_str("</section>");
    html
}

/// The chart: the first side's winning chance as an area over the even line, the mistakes
/// and blunders marked, a cursor at the ply shown, and each ply's column a link to it. The
/// links leave the tab order (the move list and the mistakes are the keyboard's way).
fn chart(analysis: &AnalysisView, shown: &Shown<'_>) -> String {
    let Shown {
        ply,
        plies,
        lang,
        link,
    } = *shown;
    let span = plies.max(1) as f64;
    let x = |p: usize| p as f64 * CHART_WIDTH / span;
    // A margin above and below, so a mark at a certain result is drawn whole.
    let margin = 6.0;
    let y = |chance: f64| {
        CHART_HEIGHT - margin - chance.clamp(0.0, 100.0) * (CHART_HEIGHT - 2.0 * margin) / 100.0
    };
    let mut points = format!("0,{CHART_HEIGHT}");
    for (p, &chance) in analysis.chances.iter().enumerate() {
        let _ = write!(points, " {:.1},{:.1}", x(p), y(chance));
    }
    let _ = write!(
        points,
        " {:.1},{CHART_HEIGHT}",
        x(analysis.chances.len().saturating_sub(1))
    );
    let mut svg = format!(
        "<svg class=\"chart\" id=\"chart\" viewBox=\"0 0 {CHART_WIDTH} {CHART_HEIGHT}\" \
         width=\"{CHART_WIDTH}\" height=\"{CHART_HEIGHT}\" role=\"group\" aria-label=\"{label}\">\
         <rect class=\"field\" width=\"{CHART_WIDTH}\" height=\"{CHART_HEIGHT}\"/>\
         <polygon class=\"area\" points=\"{points}\"/>\
         <line class=\"even\" x1=\"0\" x2=\"{CHART_WIDTH}\" y1=\"{mid}\" y2=\"{mid}\"/>",
        label = escape(&analysis.chart),
        mid = CHART_HEIGHT / 2.0,
    );
    for &(p, judgement) in &analysis.marks {
        let Some(&chance) = analysis.chances.get(p) else {
            continue;
        };
        let class = if judgement == Judgement::Blunder {
            "blunder"
        } else {
            "mistake"
        };
        let _ = write!(
            svg,
            "<circle class=\"{class}\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"5\"/>",
            x(p),
            y(chance)
        );
    }
    let _ = write!(
        svg,
        "<line class=\"cursor\" id=\"chart-cursor\" x1=\"{at:.1}\" x2=\"{at:.1}\" y1=\"0\" y2=\"{CHART_HEIGHT}\"/>",
        at = x(ply)
    );
    // Each ply's column, cut to the chart at its ends.
    let half = CHART_WIDTH / span / 2.0;
    for p in 0..=plies {
        let left = (x(p) - half).max(0.0);
        let right = (x(p) + half).min(CHART_WIDTH);
        let _ = write!(
            svg,
            "<a href=\"{}\" data-ply=\"{p}\" tabindex=\"-1\" aria-label=\"{}\"><rect class=\"hit\" \
             x=\"{left:.1}\" y=\"0\" width=\"{:.1}\" height=\"{CHART_HEIGHT}\"/></a>",
            escape(&link(p)),
            escape(&position_words(lang, p, plies)),
            right - left,
        );
    }
    svg.push_str("</svg>");
    svg
}
