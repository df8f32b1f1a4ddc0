//! A tournament's page: its standings (with the crosstable where the Discord picture has
//! one) and every round's pairings, each a link to its game's page, in the reader's
//! language, from [`crate::play::Play::tournament_view`]. Whole without a script; with one
//! (`assets/follow.js`) it follows the tournament live, read again at each write of it.

use std::fmt::Write as _;

use axum::extract::WebSocketUpgrade;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::page::{bold, escape};
use super::view::page_path as game_path;
use super::{failed, html, live, off_thread, page, refusal_json, Asking, Refusal, Site};
use crate::i18n::{self, Lang};
use crate::play::{PairingView, TournamentView};
use crate::store::{Store, StoreError, TournamentId, Written};

/// Where tournament `id`'s page is, from the site's root.
#[must_use]
pub fn page_path(id: u64) -> String {
    format!("/tournaments/{id}")
}

/// Its live channel: `written` at each write of the tournament.
fn events_path(id: u64) -> String {
    format!("/api/tournaments/{id}/events")
}

/// The tournament numbered `id` (as typed), viewed in `lang`, or why there is none.
fn load<S: Store>(site: &Site<S>, id: &str, lang: Lang) -> Result<TournamentView, Refusal> {
    let not_found = || {
        Refusal::NotFound(i18n::text_with(
            lang,
            "web-no-tournament",
            &[("text", id.into())],
        ))
    };
    let number = id.parse::<u64>().map_err(|_| not_found())?;
    site.play
        .tournament_view(TournamentId(number), lang)
        .map_err(|error| match error {
            StoreError::NoTournament(_) => not_found(),
            other => failed(lang, &other),
        })
}

/// `GET /tournaments/{id}`.
pub(super) async fn page_route<S: Store + 'static>(asking: Asking<S>) -> Response {
    let Asking { site, id, lang, .. } = asking;
    match off_thread(lang, move || load(&site, &id, lang)).await {
        Ok(view) => html(StatusCode::OK, tournament_page(&view, lang)),
        Err(refusal) => html(refusal.status(), page::message_page(refusal.text(), lang)),
    }
}

/// `GET /api/tournaments/{id}`: the page's data, as JSON.
pub(super) async fn json_route<S: Store + 'static>(asking: Asking<S>) -> Response {
    let Asking { site, id, lang, .. } = asking;
    match off_thread(lang, move || load(&site, &id, lang)).await {
        Ok(view) => axum::Json(view).into_response(),
        Err(refusal) => refusal_json(&refusal),
    }
}

/// `GET /api/tournaments/{id}/events`: the page's live channel (a WebSocket, see
/// [`live`]): `written` whenever the tournament is written (a join, a result read, a round
/// begun), on whichever worker.
pub(super) async fn events_route<S: Store + 'static>(
    asking: Asking<S>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let Asking { site, id, lang, .. } = asking;
    // Watch first, then look: a write between the two is heard, not lost.
    let found = off_thread(lang, move || {
        let watch = site.play.store().watch();
        load(&site, &id, lang).map(|view| (watch, TournamentId(view.id)))
    })
    .await;
    let (watch, id) = match found {
        Ok(found) => found,
        Err(refusal) => return (refusal.status(), refusal.text().to_owned()).into_response(),
    };
    let open = live::Told::Open { plies: None };
    upgrade.on_upgrade(move |socket| {
        live::keep(
            socket,
            open,
            live::writes_of(watch, Written::Tournament(id)),
        )
    })
}

/// The page of `view` in `lang`.
#[must_use]
pub fn tournament_page(view: &TournamentView, lang: Lang) -> String {
    let e = |text: &str| escape(text);
    let notes: String = view
        .notes
        .iter()
        .map(|note| format!("<p class=\"detail\">{}</p>", bold(note)))
        .collect();
    let mut table = String::from("<table class=\"standings\"><thead><tr>");
    for (i, column) in view.columns.iter().enumerate() {
        let class = if i == 1 { " class=\"name\"" } else { "" };
        let _ = write!(table, "<th scope=\"col\"{class}>{}</th>", e(column));
    }
    table.push_str("</tr></thead><tbody>");
    let withdrawn = i18n::text(lang, "tournament-withdrawn");
    for line in &view.lines {
        let gone = if line.withdrawn {
            format!(" <span class=\"withdrawn\">({})</span>", e(&withdrawn))
        } else {
            String::new()
        };
        let _ = write!(
            table,
            "<tr><td>{}</td><th scope=\"row\" class=\"name\"><bdi>{}</bdi>{gone}</th>",
            line.place,
            e(&line.name)
        );
        for cell in &line.cells {
            match cell {
                Some(cell) => {
                    let _ = write!(table, "<td>{}</td>", e(cell));
                }
                None => table.push_str("<td class=\"self\"></td>"),
            }
        }
        let _ = write!(table, "<td class=\"points\">{}</td>", e(&line.points));
        for value in &line.tie_breaks {
            let _ = write!(table, "<td>{}</td>", e(value));
        }
        table.push_str("</tr>");
    }
    table.push_str("</tbody></table>");
    let mut rounds = String::new();
    for round in &view.rounds {
        let _ = write!(
            rounds,
            "<section class=\"round\"><h2>{}</h2><ul class=\"pairings\">",
            e(round.title.trim_end_matches(':'))
        );
        for pairing in &round.pairings {
            rounds.push_str(&pairing_item(pairing, lang));
        }
        rounds.push_str("</ul></section>");
    }
    format!(
        "<!doctype html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"icon\" href=\"{icon}\">\n\
         <link rel=\"stylesheet\" href=\"/assets/board.css\">\n\
         <script src=\"/assets/follow.js\" defer></script>\n</head>\n\
         <body data-events=\"{events}\">\n<main>\n<h1>{title}</h1>\n\
         <p class=\"status\">{subtitle}</p>\n{notes}\n\
         <section class=\"table\"><h2>{standings}</h2><div class=\"scroll\">{table}</div></section>\n\
         {rounds}\n</main>\n<p class=\"live\" id=\"live\" role=\"status\" hidden>{lost}</p>\n\
         </body>\n</html>\n",
        title = e(&view.title),
        icon = super::icon::path(false),
        events = e(&events_path(view.id)),
        subtitle = e(&view.subtitle),
        standings = e(&i18n::text(lang, "web-standings")),
        lost = e(&i18n::text(lang, "web-lost")),
    )
}

/// One pairing: its players (a link to its game's page, once made) and its result.
fn pairing_item(pairing: &PairingView, lang: Lang) -> String {
    let names = escape(&i18n::versus(lang, &pairing.names));
    let who = match pairing.game {
        Some(game) => format!(
            "<a href=\"{}\"><bdi>{names}</bdi></a>",
            escape(&game_path(game, None, lang, None))
        ),
        None => format!("<bdi>{names}</bdi>"),
    };
    let result = if pairing.result.is_empty() {
        String::new()
    } else {
        format!(" <span class=\"result\">{}</span>", escape(&pairing.result))
    };
    format!("<li>{who}{result}</li>")
}
