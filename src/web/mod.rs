//! The web front end, beside Discord and the console: a page per game (`/games/{id}`) that
//! shows the board, the players, whose turn it is or the result, and the move list, and
//! steps through the game ply by ply (`?ply=7`, links and arrow keys). It reads the same
//! store through the same [`Play`] and draws the same pictures as a board post; the rules
//! stay in Rust, the page holds none.
//!
//! What the page shows is built once, as data ([`view`]), and written as HTML for the first
//! load ([`page`]) or as JSON (`/api/games/{id}`) for a page stepping in place. A game's
//! page is as public as `/history game:N` already makes the game.

mod page;
pub mod view;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{FromRequestParts, Path, Query};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;

use crate::games::AnyGame;
use crate::i18n::{self, Lang};
use crate::play::Play;
use crate::store::{GameId, GameRecord, Store, StoreError};

pub use page::escape;
pub use view::{GameView, Words};

/// `[web]`: where the game pages are served.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WebConfig {
    /// Listen here (e.g. `127.0.0.1:8090`). When unset, `serve` and `http` serve no pages
    /// and the console, with a person at the terminal, serves them on [`CONSOLE_LISTEN`].
    #[serde(default)]
    pub listen: Option<SocketAddr>,
}

/// Where the console serves the game pages when `[web] listen` says nothing and a person is
/// at the terminal: loopback only, never reachable from another machine.
pub const CONSOLE_LISTEN: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 8090);

/// The page's script and style, built into the binary: `cargo run` needs nothing else.
const SCRIPT: &str = include_str!("assets/board.js");
const STYLE: &str = include_str!("assets/board.css");

/// Headers on every answer: scripts and styles only from this site, no framing by other
/// sites, no guessing of types, no address of the page sent on.
const SECURITY_HEADERS: [(&str, &str); 5] = [
    (
        "content-security-policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
         connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
    ("cross-origin-opener-policy", "same-origin"),
];

/// The routes, answering from `play`'s store.
pub fn router<S: Store + 'static>(play: Arc<Play<S>>) -> Router {
    Router::new()
        .route("/games/{id}", get(game_page::<S>))
        .route("/games/{id}/board.png", get(board_png::<S>))
        .route("/api/games/{id}", get(game_json::<S>))
        .route("/assets/board.js", get(|| asset("text/javascript", SCRIPT)))
        .route("/assets/board.css", get(|| asset("text/css", STYLE)))
        .fallback(not_found)
        .layer(axum::middleware::map_response(secure))
        .with_state(play)
}

/// What a page's address may ask: a ply and a language, both as typed (a bad one is
/// answered in words, not with the framework's refusal).
#[derive(Debug, Default, Deserialize)]
struct Asked {
    ply: Option<String>,
    lang: Option<String>,
}

/// Why a page has nothing to show, in the reader's language.
enum Refusal {
    /// No such game, or a number that is not one.
    NotFound(String),
    /// A ply that is not a number of the game.
    BadPly(String),
    /// The store failed or the record does not replay.
    Failed(String),
}

impl Refusal {
    fn status(&self) -> StatusCode {
        match self {
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::BadPly(_) => StatusCode::BAD_REQUEST,
            Self::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn text(&self) -> &str {
        match self {
            Self::NotFound(t) | Self::BadPly(t) | Self::Failed(t) => t,
        }
    }
}

/// The reader's language: the address's `lang=`, else the browser's most wanted language
/// that is one of ours (by its `q=` weight; `q=0` is a language not wanted), else English.
fn reader_lang(asked: &Asked, headers: &HeaderMap) -> Lang {
    if let Some(lang) = asked.lang.as_deref().and_then(|l| l.parse().ok()) {
        return lang;
    }
    let header = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let mut wanted: Vec<(f32, Lang)> = header
        .split(',')
        .filter_map(|item| {
            let mut parts = item.split(';');
            let lang = Lang::from_discord(parts.next()?.trim())?;
            let weight = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
            (weight > 0.0).then_some((weight, lang))
        })
        .collect();
    // Stable: of equal weights, the first written wins.
    wanted.sort_by(|a, b| b.0.total_cmp(&a.0));
    wanted.first().map(|&(_, lang)| lang).unwrap_or_default()
}

/// The game `id` at the asked ply, viewed in `lang`, with its game (for the picture).
fn load<S: Store>(
    play: &Play<S>,
    id: &str,
    asked: &Asked,
    lang: Lang,
) -> Result<(GameView, AnyGame, GameRecord), Refusal> {
    let Ok(number) = id.parse::<u64>() else {
        return Err(Refusal::NotFound(i18n::text_with(
            lang,
            "web-bad-number",
            &[("text", id.into())],
        )));
    };
    let record = play
        .store()
        .get(GameId(number))
        .map_err(|error| match error {
            StoreError::NotFound(_) => Refusal::NotFound(i18n::text_with(
                lang,
                "web-no-game",
                &[("game", number.into())],
            )),
            other => failed(lang, &other),
        })?;
    let plies = record.moves.len();
    let ply = match asked.ply.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => Some(
            text.parse::<usize>()
                .ok()
                .filter(|&p| p <= plies)
                .ok_or_else(|| {
                    Refusal::BadPly(i18n::text_with(
                        lang,
                        "web-bad-ply",
                        &[("text", text.into()), ("plies", plies.into())],
                    ))
                })?,
        ),
    };
    let (view, game) = view::view(&record, ply, lang).map_err(|error| failed(lang, &error))?;
    Ok((view, game, record))
}

/// A failure the reader cannot mend: said in general words, the details on the log for the
/// admin (a store error can name folders and hosts).
fn failed(lang: Lang, error: &dyn std::fmt::Display) -> Refusal {
    tracing::warn!(%error, "a game page could not be shown");
    Refusal::Failed(i18n::text(lang, "web-failed"))
}

/// What every route of a game reads from its request: the game's number as typed, the
/// ply and language asked for, and the reader's language.
struct Asking<S: Store> {
    play: Arc<Play<S>>,
    id: String,
    asked: Asked,
    lang: Lang,
}

impl<S: Store + 'static> FromRequestParts<Arc<Play<S>>> for Asking<S> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, play: &Arc<Play<S>>) -> Result<Self, Response> {
        let Path(id) = Path::<String>::from_request_parts(parts, play)
            .await
            .map_err(IntoResponse::into_response)?;
        // Every field is optional text: only an address that is not a query at all fails.
        let Query(asked) = Query::<Asked>::from_request_parts(parts, play)
            .await
            .unwrap_or_default();
        let lang = reader_lang(&asked, &parts.headers);
        Ok(Self {
            play: Arc::clone(play),
            id,
            asked,
            lang,
        })
    }
}

impl<S: Store + 'static> Asking<S> {
    /// Loads the game at the asked ply and makes the answer's body of it with `then`, off
    /// the async threads (store reads, replays and drawing block).
    async fn load<T: Send + 'static>(
        self,
        then: impl FnOnce(GameView, AnyGame, GameRecord) -> Result<T, Refusal> + Send + 'static,
    ) -> Result<T, Refusal> {
        let Self {
            play,
            id,
            asked,
            lang,
        } = self;
        tokio::task::spawn_blocking(move || {
            let (view, game, record) = load(&play, &id, &asked, lang)?;
            then(view, game, record)
        })
        .await
        .unwrap_or_else(|error| Err(failed(lang, &error)))
    }
}

async fn game_page<S: Store + 'static>(asking: Asking<S>) -> Response {
    let lang = asking.lang;
    match asking.load(|view, _, _| Ok(view)).await {
        Ok(view) => html(StatusCode::OK, page::game_page(&view, lang)),
        Err(refusal) => html(refusal.status(), page::message_page(refusal.text(), lang)),
    }
}

async fn game_json<S: Store + 'static>(asking: Asking<S>) -> Response {
    match asking.load(|view, _, _| Ok(view)).await {
        Ok(view) => axum::Json(view).into_response(),
        Err(refusal) => (
            refusal.status(),
            axum::Json(serde_json::json!({ "error": refusal.text() })),
        )
            .into_response(),
    }
}

async fn board_png<S: Store + 'static>(asking: Asking<S>) -> Response {
    let lang = asking.lang;
    let drawn = asking
        .load(move |view, game, record| {
            let header = crate::play::picture_header(&record, &game, view.ply == view.plies, lang);
            crate::render::draw(&game, None, &header)
                .map(|canvas| canvas.to_png())
                .map_err(|e| failed(lang, &e))
        })
        .await;
    match drawn {
        Ok(png) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                // A ply's picture changes only at the last ply (a result decided off the
                // board): short-lived, so a page never shows a stale one for long.
                (header::CACHE_CONTROL, "public, max-age=10"),
            ],
            png,
        )
            .into_response(),
        Err(refusal) => (refusal.status(), refusal.text().to_owned()).into_response(),
    }
}

async fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

async fn not_found(Query(asked): Query<Asked>, headers: HeaderMap) -> Response {
    let lang = reader_lang(&asked, &headers);
    html(StatusCode::NOT_FOUND, page::message_page("404", lang))
}

fn html(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response()
}

/// Adds [`SECURITY_HEADERS`] to every answer.
async fn secure(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}
