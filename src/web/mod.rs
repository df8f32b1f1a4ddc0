//! The web front end, beside Discord and the console: a page per game (`/games/{id}`) that
//! shows the board, the players, whose turn it is or the result, and the move list, steps
//! through the game ply by ply (`?ply=7`, links and arrow keys), follows it live (a WebSocket
//! on the store's [`watch`](crate::store::Store::watch), see [`live`]), and lets the player whose
//! personal link opened it play by tapping. It reads the same store through the same
//! [`Play`] and draws the same pictures as a board post; the rules stay in Rust: the page is
//! sent each legal move as the taps that choose it ([`taps`]) and holds none.
//!
//! What the page shows is built once, as data ([`view`]), and written as HTML for the first
//! load ([`page`]) or as JSON (`/api/games/{id}`) for a page stepping or following in place.
//! A game's page is as public as `/history game:N` already makes the game; playing needs the
//! player's signed link ([`links`]) and passes the checks of [`act`].

mod act;
pub mod activity;
mod analysis;
mod body;
mod icon;
pub mod links;
mod live;
mod page;
pub mod player;
pub mod puzzle;
pub mod style;
pub mod taps;
pub mod tournament;
pub mod view;

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;

use crate::games::AnyGame;
use crate::i18n::{self, Lang};
use crate::play::{Page, Play};
use crate::store::{GameId, GameRecord, Store, StoreError, Written};
use tokio::sync::broadcast::error::RecvError;

pub use act::{Act, Herald, ANSWERS, PER_WINDOW};
pub use activity::{Activity, ActivityError, Identified};
pub use links::{LinkError, LinkKey, Pass};
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
    /// Where players reach the pages from outside (`https://leapfrog.example.org`): the
    /// bot's links to a game start with it. Unset: `http://` and the listen address.
    #[serde(default)]
    pub public_url: Option<String>,
    /// The key that signs players' links. Unset (the usual): one is made at first start
    /// and kept in the store, shared by every worker.
    #[serde(default)]
    pub secret: Option<String>,
    /// Further sites allowed to show the pages in a frame, besides Discord's own when the
    /// Activity is on (`["https://example.org"]`); none by default.
    #[serde(default)]
    pub frame_ancestors: Vec<String>,
}

/// How many days a player's link to a game works (the `/web` answer says so).
pub const LINK_DAYS: u64 = 30;

/// Everything the routes answer from: the play layer, the key of players' links, and
/// where a page's public replies are posted.
pub struct Site<S: Store> {
    play: Arc<Play<S>>,
    key: LinkKey,
    herald: Option<Herald>,
    limits: act::Limits,
    /// The Discord Activity, when the application's OAuth2 is configured.
    activity: Option<Activity>,
    /// Further sites that may frame the pages ([`WebConfig::frame_ancestors`]).
    frame_ancestors: Vec<String>,
}

impl<S: Store + 'static> Site<S> {
    /// The pages of `play`'s store, checking links with `key`; read-only until a
    /// [`Site::with_herald`] says where moves are posted.
    #[must_use]
    pub fn new(play: Arc<Play<S>>, key: LinkKey) -> Self {
        Self {
            play,
            key,
            herald: None,
            limits: act::Limits::new(act::PER_WINDOW),
            activity: None,
            frame_ancestors: Vec::new(),
        }
    }

    /// The pages also run as a Discord Activity, identifying players through `activity`
    /// (and Discord may frame them).
    #[must_use]
    pub fn with_activity(mut self, activity: Activity) -> Self {
        self.activity = Some(activity);
        self
    }

    /// `origins` may show the pages in a frame too.
    #[must_use]
    pub fn with_frame_ancestors(mut self, origins: Vec<String>) -> Self {
        self.frame_ancestors = origins;
        self
    }

    /// Pages may play: their public replies are told to `herald`.
    #[must_use]
    pub fn with_herald(mut self, herald: Herald) -> Self {
        self.herald = Some(herald);
        self
    }

    /// At most `per_window` requests that change something per user in ten seconds (the
    /// default is a person's pace; tests that play whole games at a machine's raise it).
    #[must_use]
    pub fn with_rate(mut self, per_window: u32) -> Self {
        self.limits = act::Limits::new(per_window);
        self
    }
}

/// The path of `user`'s personal page of `game`, signed with `key`, working from `now`
/// (unix seconds) for `days` days.
#[must_use]
pub fn personal_path(
    key: &LinkKey,
    game: GameId,
    user: crate::store::UserId,
    now: u64,
    days: u64,
) -> String {
    let token = key.sign(game, user, now, now + days * 86_400);
    format!("/games/{}?t={token}", game.0)
}

/// How the play layer makes the address of a page (see [`crate::play::PageLinks`]): `base`
/// (the site's address as players reach it), then the page's path; a player's personal
/// game page is signed with `key` for [`LINK_DAYS`] from the moment it is made.
#[must_use]
pub fn page_links(key: LinkKey, base: &str) -> crate::play::PageLinks {
    let base = base.trim_end_matches('/').to_owned();
    Arc::new(move |page| {
        let path = match page {
            Page::Game(game, Some(user)) => {
                personal_path(&key, game, user, unix_seconds(), LINK_DAYS)
            }
            Page::Game(game, None) => format!("/games/{}", game.0),
            Page::Analysis(game) => format!("/games/{}#analysis", game.0),
            Page::Tournament(id) => tournament::page_path(id.0),
            Page::Player(user) => {
                let now = unix_seconds();
                let token = key.sign_profile(user, now, now + LINK_DAYS * 86_400);
                player::page_path(user.0, &token)
            }
            Page::Puzzles(user) => {
                let now = unix_seconds();
                puzzle::page_path(&key.sign_puzzles(user, now, now + LINK_DAYS * 86_400))
            }
        };
        format!("{base}{path}")
    })
}

/// Where the console serves the game pages when `[web] listen` says nothing and a person is
/// at the terminal: loopback only, never reachable from another machine.
pub const CONSOLE_LISTEN: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 8090);

/// The page's script (and its style, [`style::sheet`]), built into the binary: `cargo run`
/// needs nothing else. The script is `front/board.js` bundled with `front/shared.js`, built by
/// `npm --prefix front run build` and committed (CI checks it matches its sources).
const SCRIPT: &str = include_str!("assets/board.js");

/// The other pages' script (a tournament's): `front/follow.js`, built and committed as the
/// game page's script is.
const FOLLOW_SCRIPT: &str = include_str!("assets/follow.js");

/// The Activity's bundle: the Embedded App SDK, `front/activity.js` and `front/shared.js`,
/// built and committed as the page's script is.
const ACTIVITY_SCRIPT: &str = include_str!("assets/activity.js");

/// Where Discord shows an Activity from: its clients, and the proxy the Activity's own
/// pages are served through.
const DISCORD_FRAMES: &str = "https://discord.com https://*.discord.com https://*.discordsays.com";

/// Headers on every answer: scripts and styles only from this site, no framing by other
/// sites (but Discord's, for the Activity), no guessing of types, no address of the page
/// sent on (which also keeps the SDK of a page opened inside Discord talking to Discord:
/// it answers the origin of its referrer).
fn security_headers<S: Store>(site: &Site<S>) -> Vec<(&'static str, HeaderValue)> {
    let mut ancestors: Vec<&str> = site.frame_ancestors.iter().map(String::as_str).collect();
    if site.activity.is_some() {
        ancestors.push(DISCORD_FRAMES);
    }
    let framed_by = if ancestors.is_empty() {
        "'none'".to_owned()
    } else {
        ancestors.join(" ")
    };
    let policy = format!(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
         connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors {framed_by}"
    );
    let mut headers = vec![
        (
            "content-security-policy",
            HeaderValue::from_str(&policy)
                .unwrap_or(HeaderValue::from_static("default-src 'none'")),
        ),
        (
            "x-content-type-options",
            HeaderValue::from_static("nosniff"),
        ),
        ("referrer-policy", HeaderValue::from_static("no-referrer")),
        (
            "cross-origin-opener-policy",
            HeaderValue::from_static("same-origin"),
        ),
    ];
    if ancestors.is_empty() {
        headers.push(("x-frame-options", HeaderValue::from_static("DENY")));
    }
    headers
}

/// A request body refused (over [`body::BODY_MAX`], or cut off), in the reader's words as
/// every other refusal of the pages' API is.
fn body_refused(lang: Lang, refused: body::Refused) -> Response {
    match refused {
        body::Refused::TooLarge => {
            refuse_json(StatusCode::PAYLOAD_TOO_LARGE, lang, "web-too-large")
        }
        body::Refused::Broken => refuse_json(StatusCode::BAD_REQUEST, lang, "web-bad-request"),
    }
}

/// The routes, answering from `site`'s store.
pub fn router<S: Store + 'static>(site: Arc<Site<S>>) -> Router {
    let headers = Arc::new(security_headers(&site));
    Router::new()
        .route("/games/{id}", get(game_page::<S>))
        .route(
            "/games/{id}/board.svg",
            get(|asking: Asking<S>| board_picture(asking, Picture::Svg)),
        )
        .route(
            "/games/{id}/board.png",
            get(|asking: Asking<S>| board_picture(asking, Picture::Png)),
        )
        .route("/api/games/{id}", get(game_json::<S>))
        .route("/api/games/{id}/events", get(game_events::<S>))
        .route("/api/games/{id}/act", axum::routing::post(game_act::<S>))
        .route("/assets/board.js", get(|| asset("text/javascript", SCRIPT)))
        .route(
            "/assets/follow.js",
            get(|| asset("text/javascript", FOLLOW_SCRIPT)),
        )
        .route(
            "/assets/board.css",
            get(|| asset("text/css", style::sheet())),
        )
        .route(
            "/assets/activity.js",
            get(|| asset("text/javascript", ACTIVITY_SCRIPT)),
        )
        .route("/assets/gyges/{file}", get(gyges_piece))
        .route(icon::path(false), get(|| svg_asset(icon::svg(false))))
        .route(icon::path(true), get(|| svg_asset(icon::svg(true))))
        .route("/tournaments/{id}", get(tournament::page_route::<S>))
        .route("/api/tournaments/{id}", get(tournament::json_route::<S>))
        .route(
            "/api/tournaments/{id}/events",
            get(tournament::events_route::<S>),
        )
        .route("/puzzles/{id}", get(puzzle::page_route::<S>))
        .route(
            "/puzzles/{id}/next",
            axum::routing::post(puzzle::next_route::<S>),
        )
        .route(
            "/puzzles/{game}/{number}/board.svg",
            get(puzzle::board_route::<S>),
        )
        .route("/api/puzzles/{id}", get(puzzle::json_route::<S>))
        .route(
            "/api/puzzles/{id}/act",
            axum::routing::post(puzzle::act_route::<S>),
        )
        .route("/players/{id}", get(player::page_route::<S>))
        .route("/players/{id}/ratings.png", get(player::chart_route::<S>))
        .route("/activity", get(activity_page::<S>))
        .route("/api/token", axum::routing::post(activity_token::<S>))
        .route("/api/activity/games", get(activity_games::<S>))
        .route("/api/activity/act", axum::routing::post(activity_act::<S>))
        .route("/api/activity/events", get(activity_events::<S>))
        .fallback(not_found)
        .layer(axum::middleware::map_response(move |response| {
            secure(response, Arc::clone(&headers))
        }))
        // A page's requests are a move or an answer: a few hundred bytes. A bigger body is
        // refused without being kept (see `body::small`); no other route reads one.
        .layer(axum::extract::DefaultBodyLimit::max(body::BODY_MAX))
        .layer(tower_http::compression::CompressionLayer::new().gzip(true))
        .with_state(site)
}

/// What a page's address may ask: a ply and a language, both as typed (a bad one is
/// answered in words, not with the framework's refusal).
#[derive(Debug, Default, Deserialize)]
struct Asked {
    ply: Option<String>,
    lang: Option<String>,
    /// A personal link's token: the reader is that player.
    t: Option<String>,
    /// A puzzle board's moves, separated by spaces (`+` in the address).
    moves: Option<String>,
    /// `1` to see the board turned, `0` not (by default each player sees their own side
    /// at the bottom).
    turned: Option<String>,
    /// Discord's frame, when the page is opened inside the Activity: the page then talks to
    /// Discord through the Embedded App SDK too.
    frame_id: Option<String>,
    /// The channel the Activity was opened in (its list of games).
    channel: Option<String>,
    /// The server it was opened in.
    guild: Option<String>,
    /// The Activity's session, on its live channel (a browser's WebSocket cannot send an
    /// `Authorization` header).
    session: Option<String>,
}

impl Asked {
    /// The ply asked for, of a game of `plies` moves: `None` for the latest; one that is
    /// not a ply of the game is refused in `lang`.
    fn ply_of(&self, plies: usize, lang: Lang) -> Result<Option<usize>, Refusal> {
        match self.ply.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(text) => text
                .parse::<usize>()
                .ok()
                .filter(|&p| p <= plies)
                .map(Some)
                .ok_or_else(|| {
                    Refusal::BadPly(i18n::text_with(
                        lang,
                        "web-bad-ply",
                        &[("text", text.into()), ("plies", plies.into())],
                    ))
                }),
        }
    }

    /// Whether the reader asked for the board turned (`1`) or not (`0`), if they said.
    fn turned_choice(&self) -> Option<bool> {
        match self.turned.as_deref().map(str::trim) {
            Some("1") => Some(true),
            Some("0") => Some(false),
            _ => None,
        }
    }
}

/// Why a page has nothing to show, in the reader's language.
enum Refusal {
    /// No such game, or a number that is not one.
    NotFound(String),
    /// A ply that is not a number of the game.
    BadPly(String),
    /// The store failed or the record does not replay.
    Failed(String),
    /// A request refused for a reason of its own, with its status.
    Said(StatusCode, String),
}

impl Refusal {
    fn status(&self) -> StatusCode {
        match self {
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::BadPly(_) => StatusCode::BAD_REQUEST,
            Self::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Self::Said(status, _) => *status,
        }
    }

    fn text(&self) -> &str {
        match self {
            Self::NotFound(t) | Self::BadPly(t) | Self::Failed(t) | Self::Said(_, t) => t,
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

/// The game `id` at the asked ply, viewed in `lang` by the holder of `token` (if any), with
/// its game (for the picture).
fn load<S: Store>(
    site: &Site<S>,
    id: &str,
    asked: &Asked,
    token: Option<&str>,
    lang: Lang,
) -> Result<(GameView, AnyGame, GameRecord), Refusal> {
    let record = record_of(site, id, lang)?;
    let ply = asked.ply_of(record.moves.len(), lang)?;
    let passed = token.map(|token| site.pass(token, record.id));
    let reader = view::Reader {
        seat: match passed {
            Some(Ok(pass)) => record.seat_of(pass.user).map(usize::from),
            _ => None,
        },
        turned: asked.turned_choice(),
    };
    let (mut view, game) =
        view::view(&record, ply, lang, reader).map_err(|error| failed(lang, &error))?;
    if view.ply == view.plies {
        view.clock = crate::play::board_clock_line(&record, &game, site.play.now_ms(), lang);
    }
    if let Some(Err(error)) = passed {
        view.link_note = Some(link_refusal(lang, error));
    }
    Ok((view, game, record))
}

/// The record of the game numbered `id` (as typed), or why there is none.
fn record_of<S: Store>(site: &Site<S>, id: &str, lang: Lang) -> Result<GameRecord, Refusal> {
    let Ok(number) = id.parse::<u64>() else {
        return Err(Refusal::NotFound(i18n::text_with(
            lang,
            "web-bad-number",
            &[("text", id.into())],
        )));
    };
    site.play
        .store()
        .get(GameId(number))
        .map_err(|error| match error {
            StoreError::NotFound(_) => Refusal::NotFound(i18n::text_with(
                lang,
                "web-no-game",
                &[("game", number.into())],
            )),
            other => failed(lang, &other),
        })
}

/// Why a link does not let its holder play, in their words.
fn link_refusal(lang: Lang, error: LinkError) -> String {
    let id = match error {
        LinkError::Malformed | LinkError::Forged => "web-link-forged",
        LinkError::OtherGame => "web-link-other-game",
        LinkError::Expired => "web-link-expired",
        LinkError::Revoked => "web-link-revoked",
    };
    i18n::text(lang, id)
}

impl<S: Store> Site<S> {
    /// Checks a link's token for `game` now, against its player's revocations.
    fn pass(&self, token: &str, game: GameId) -> Result<Pass, LinkError> {
        self.key
            .check(token, game, unix_seconds(), |user| self.links_since(user))
    }

    /// Checks an Activity session's token now, against its player's revocations: its
    /// player and their name.
    fn session(&self, token: &str) -> Result<(Pass, String), LinkError> {
        self.key
            .check_session(token, unix_seconds(), |user| self.links_since(user))
    }

    /// When `user` last revoked their links (0 when the store cannot say).
    fn links_since(&self, user: crate::store::UserId) -> u64 {
        self.play
            .store()
            .settings(user)
            .map_or(0, |settings| settings.links_since)
    }
}

/// A refusal of a JSON route, said in `lang` with the catalogue's `id`.
fn refuse_json(status: StatusCode, lang: Lang, id: &str) -> Response {
    refusal_json(&Refusal::Said(status, i18n::text(lang, id)))
}

/// Now, in unix seconds (links' times are the wall clock's, like their readers').
fn unix_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A failure the reader cannot mend: said in general words, the details on the log for the
/// admin (a store error can name folders and hosts).
/// Runs `work` (store reads, replays, drawing: they block) off the async threads; a task
/// that died is said as a failure in `lang`.
async fn off_thread<T: Send + 'static>(
    lang: Lang,
    work: impl FnOnce() -> Result<T, Refusal> + Send + 'static,
) -> Result<T, Refusal> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|error| Err(failed(lang, &error)))
}

fn failed(lang: Lang, error: &dyn std::fmt::Display) -> Refusal {
    tracing::warn!(%error, "a game page could not be shown");
    Refusal::Failed(i18n::text(lang, "web-failed"))
}

/// What every route of a game reads from its request: the game's number as typed, the
/// ply and language asked for, the reader's language, and their link's token (from the
/// address's `t=` or an `Authorization: Bearer` header).
struct Asking<S: Store> {
    site: Arc<Site<S>>,
    id: String,
    asked: Asked,
    token: Option<String>,
    lang: Lang,
}

impl<S: Store + 'static> FromRequestParts<Arc<Site<S>>> for Asking<S> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, site: &Arc<Site<S>>) -> Result<Self, Response> {
        let Path(id) = Path::<String>::from_request_parts(parts, site)
            .await
            .map_err(IntoResponse::into_response)?;
        // Every field is optional text: only an address that is not a query at all fails.
        let Query(asked) = Query::<Asked>::from_request_parts(parts, site)
            .await
            .unwrap_or_default();
        let lang = reader_lang(&asked, &parts.headers);
        let token = act::bearer(&parts.headers)
            .map(str::to_owned)
            .or_else(|| asked.t.clone())
            .filter(|t| !t.is_empty());
        Ok(Self {
            site: Arc::clone(site),
            id,
            asked,
            token,
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
            site,
            id,
            asked,
            token,
            lang,
        } = self;
        off_thread(lang, move || {
            let (view, game, record) = load(&site, &id, &asked, token.as_deref(), lang)?;
            then(view, game, record)
        })
        .await
    }
}

impl<S: Store + 'static> Asking<S> {
    /// The game's view at the asked ply as its page and script show it: with its analysis
    /// (which the board's pictures do not need).
    async fn view(self) -> Result<GameView, Refusal> {
        let site = Arc::clone(&self.site);
        let lang = self.lang;
        self.load(move |mut view, _, record| {
            view.analysis = site
                .play
                .analysis_view(&record, view.ply, lang, view.you.is_some());
            Ok(view)
        })
        .await
    }
}

impl<S: Store> Site<S> {
    /// The Activity's application, when a page is opened inside it (`asked` carries
    /// Discord's frame): the page then keeps the Embedded App SDK's connection to Discord.
    fn in_discord(&self, asked: &Asked) -> Option<u64> {
        match (&self.activity, &asked.frame_id) {
            (Some(activity), Some(_)) => Some(activity.client_id),
            _ => None,
        }
    }
}

async fn game_page<S: Store + 'static>(asking: Asking<S>) -> Response {
    let lang = asking.lang;
    let token = asking.token.clone();
    let in_discord = asking.site.in_discord(&asking.asked);
    match asking.view().await {
        Ok(view) => {
            // The token goes to the page's script only when it is good: a bad one is said
            // in words and never sent again.
            let token = token.filter(|_| view.you.is_some());
            html(
                StatusCode::OK,
                page::game_page(&view, token.as_deref(), in_discord, lang),
            )
        }
        Err(refusal) => html(refusal.status(), page::message_page(refusal.text(), lang)),
    }
}

async fn game_json<S: Store + 'static>(asking: Asking<S>) -> Response {
    match asking.view().await {
        Ok(view) => axum::Json(view).into_response(),
        Err(refusal) => refusal_json(&refusal),
    }
}

/// A refusal as the JSON routes answer it: its status and `{"error": words}`.
fn refusal_json(refusal: &Refusal) -> Response {
    (
        refusal.status(),
        axum::Json(serde_json::json!({ "error": refusal.text() })),
    )
        .into_response()
}

/// A page's move or answer (see [`act`] for the checks, in order). Answers the game's view
/// afterwards, or `{"error": words}` with the status of the refusal.
async fn game_act<S: Store + 'static>(
    asking: Asking<S>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let lang = asking.lang;
    let (act, token) = match arrival::<Act>(lang, &headers, body).await {
        Ok(arrived) => arrived,
        Err(refused) => return refused,
    };
    let site = Arc::clone(&asking.site);
    let id = asking.id.clone();
    let done = tokio::task::spawn_blocking(move || act_now(&site, &id, &token, &act, lang))
        .await
        .unwrap_or_else(|error| Err(failed(lang, &error)));
    match done {
        Ok(()) => game_json(asking).await,
        Err(refusal) => refusal_json(&refusal),
    }
}

/// Checks and does `act` for the holder of `token` (on the blocking pool).
fn act_now<S: Store + 'static>(
    site: &Site<S>,
    id: &str,
    token: &str,
    act: &Act,
    lang: Lang,
) -> Result<(), Refusal> {
    let said = |status, id: &str| Refusal::Said(status, i18n::text(lang, id));
    let game = id
        .parse::<u64>()
        .map(GameId)
        .map_err(|_| said(StatusCode::NOT_FOUND, "web-bad-request"))?;
    let pass = site
        .pass(token, game)
        .map_err(|error| Refusal::Said(StatusCode::FORBIDDEN, link_refusal(lang, error)))?;
    within_rate(site, pass.user, lang)?;
    let record = site
        .play
        .store()
        .get(game)
        .map_err(|error| failed(lang, &error))?;
    if record.moves.len() != act.plies {
        return Err(said(StatusCode::CONFLICT, "web-stale"));
    }
    let command =
        act::command(act, game).ok_or_else(|| said(StatusCode::BAD_REQUEST, "web-bad-request"))?;
    let ctx = act::context(&record, pass.user, lang);
    perform(site, &ctx, command, Some(game))
}

/// The encodings of a board's picture: the page draws the SVG (sharp at any size, drawn
/// by the same code as the PNG, see [`crate::render::vector`], without the header band the
/// page writes itself); the PNG is Discord's, header and all.
#[derive(Clone, Copy, Debug)]
enum Picture {
    Png,
    Svg,
}

/// What an SVG board may load: nothing but the images embedded in it.
const SVG_POLICY: &str = "default-src 'none'; img-src data:; frame-ancestors 'none'";

async fn board_picture<S: Store + 'static>(asking: Asking<S>, picture: Picture) -> Response {
    let lang = asking.lang;
    let drawn = asking
        .load(move |view, game, record| {
            let header = crate::play::picture_header(&record, &game, view.ply == view.plies, lang);
            match picture {
                Picture::Png => crate::render::draw(&game, None, &header).map(|c| c.to_png()),
                // The page writes the header in HTML: its board comes without one.
                Picture::Svg => crate::render::draw_board_svg(&game, None, &header, view.turned)
                    .map(String::into_bytes),
            }
            .map_err(|e| failed(lang, &e))
        })
        .await;
    // A ply's picture changes only at the last ply (a result decided off the board):
    // short-lived, so a page never shows a stale one for long.
    const KEPT: &str = "public, max-age=10";
    match (drawn, picture) {
        (Ok(png), Picture::Png) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, KEPT),
            ],
            png,
        )
            .into_response(),
        (Ok(svg), Picture::Svg) => svg_answer(svg, KEPT),
        (Err(refusal), _) => (refusal.status(), refusal.text().to_owned()).into_response(),
    }
}

/// An SVG picture, kept by caches as `cache_control` says, allowed to load nothing but
/// what it embeds ([`SVG_POLICY`]): the boards and icons the pages show.
fn svg_answer(svg: impl IntoResponse, cache_control: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CONTENT_SECURITY_POLICY, SVG_POLICY),
            (header::CACHE_CONTROL, cache_control),
        ],
        svg,
    )
        .into_response()
}

/// `GET /api/games/{id}/events`: the live channel of a game's page (a WebSocket, see
/// [`live`]): the game's plies when it opens, then `written` whenever the game's record is
/// written, whoever wrote it (a move here, on Discord, in the console, by the computer, on
/// another worker); the page then reads the game's view afresh.
async fn game_events<S: Store + 'static>(asking: Asking<S>, upgrade: WebSocketUpgrade) -> Response {
    let Asking { site, id, lang, .. } = asking;
    // Watch first, then look at the game: a write between the two is heard, not lost. Only
    // the record is read: the page reads its view through `/api/games/{id}`.
    let found = tokio::task::spawn_blocking(move || {
        let watch = site.play.store().watch();
        record_of(&site, &id, lang).map(|record| (watch, record.id, record.moves.len()))
    })
    .await
    .unwrap_or_else(|error| Err(failed(lang, &error)));
    let (watch, game, plies) = match found {
        Ok(found) => found,
        Err(refusal) => return (refusal.status(), refusal.text().to_owned()).into_response(),
    };
    let open = live::Told::Open { plies: Some(plies) };
    upgrade.on_upgrade(move |socket| {
        live::keep(socket, open, live::writes_of(watch, Written::Game(game)))
    })
}

/// `/activity`: what Discord opens; the script takes it from there. Without the Activity
/// configured, says so.
async fn activity_page<S: Store + 'static>(
    State(site): State<Arc<Site<S>>>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
) -> Response {
    let lang = reader_lang(&asked, &headers);
    match &site.activity {
        Some(activity) => html(
            StatusCode::OK,
            activity::activity_page(activity.client_id, lang),
        ),
        None => html(
            StatusCode::NOT_FOUND,
            page::message_page(&i18n::text(lang, "activity-off"), lang),
        ),
    }
}

/// What the Activity's page posts to `/api/token`.
#[derive(Deserialize)]
struct Code {
    code: String,
}

/// `POST /api/token`: Discord's one-time code for who opened the Activity, exchanged for
/// their access token and a session (see [`activity`]).
async fn activity_token<S: Store + 'static>(
    State(site): State<Arc<Site<S>>>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let lang = reader_lang(&asked, &headers);
    let refuse = |status, id: &str| refuse_json(status, lang, id);
    let body = match body::small(body).await {
        Ok(body) => body,
        Err(refused) => return body_refused(lang, refused),
    };
    let Some(activity) = &site.activity else {
        return refuse(StatusCode::NOT_FOUND, "activity-off");
    };
    if !act::same_site(&headers) {
        return refuse(StatusCode::FORBIDDEN, "web-cross-site");
    }
    let Ok(Code { code }) = serde_json::from_slice::<Code>(&body) else {
        return refuse(StatusCode::BAD_REQUEST, "web-bad-request");
    };
    match activity.identify(&code).await {
        Ok(identified) => {
            axum::Json(activity::session(&site.key, identified, unix_seconds())).into_response()
        }
        Err(ActivityError::Refused(status)) => {
            tracing::info!(status, "Discord refused an Activity's authorization code");
            refuse(StatusCode::UNAUTHORIZED, "activity-refused")
        }
        Err(error) => {
            tracing::warn!(%error, "an Activity could not identify its user");
            refuse(StatusCode::BAD_GATEWAY, "activity-unreachable")
        }
    }
}

/// `GET /api/activity/games?channel=…`: the games the Activity shows its session's user.
async fn activity_games<S: Store + 'static>(
    State(site): State<Arc<Site<S>>>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
) -> Response {
    let lang = reader_lang(&asked, &headers);
    let refuse = |status, id: &str| refuse_json(status, lang, id);
    let Some(token) = act::bearer(&headers).map(str::to_owned) else {
        return refuse(StatusCode::UNAUTHORIZED, "web-link-missing");
    };
    let number = |text: &Option<String>| text.as_deref().and_then(|t| t.parse::<u64>().ok());
    let Some(channel) = number(&asked.channel) else {
        return refuse(StatusCode::BAD_REQUEST, "web-bad-request");
    };
    let guild = number(&asked.guild).map(crate::store::GuildId);
    let listed = tokio::task::spawn_blocking(move || {
        let (pass, _) = site
            .session(&token)
            .map_err(|error| Refusal::Said(StatusCode::UNAUTHORIZED, link_refusal(lang, error)))?;
        activity_list(
            &site,
            crate::store::ChannelId(channel),
            guild,
            pass.user,
            lang,
        )
    })
    .await
    .unwrap_or_else(|error| Err(failed(lang, &error)));
    match listed {
        Ok(list) => axum::Json(list).into_response(),
        Err(refusal) => refusal_json(&refusal),
    }
}

/// What the Activity's list shows `user` in `channel`: the games, the challenges waiting
/// there with what they may answer, the games a challenge may be for, and their puzzles.
fn activity_list<S: Store>(
    site: &Site<S>,
    channel: crate::store::ChannelId,
    guild: Option<crate::store::GuildId>,
    user: crate::store::UserId,
    lang: Lang,
) -> Result<serde_json::Value, Refusal> {
    let now = unix_seconds();
    let store = site.play.store();
    let games = activity::games_for(store, channel, guild, user, lang, |game| {
        personal_path(&site.key, game, user, now, LINK_DAYS)
    })
    .map_err(|error| failed(lang, &error))?;
    let mut challenges = activity::challenges_for(store, channel, user, lang)
        .map_err(|error| failed(lang, &error))?;
    // Without the bot's token nothing can be changed: no buttons that would only fail.
    let can_change = site.activity.as_ref().is_some_and(Activity::can_change);
    let kinds = if can_change {
        activity::kinds(lang)
    } else {
        for offered in &mut challenges {
            offered.answers.clear();
        }
        Vec::new()
    };
    // The player's puzzle page, signed for them as `/puzzle`'s link is.
    let puzzles = puzzle::page_path(&site.key.sign_puzzles(user, now, now + LINK_DAYS * 86_400));
    Ok(serde_json::json!({
        "games": games,
        "challenges": challenges,
        "kinds": kinds,
        "puzzles": puzzles,
    }))
}

/// Where the Activity's requests say they come from: its instance (which Discord is
/// asked about), and the reader's language.
#[derive(Deserialize)]
struct Instanced {
    instance: Option<String>,
    lang: Option<String>,
}

/// `POST /api/activity/act?instance=…`: a challenge made, or answered, from the
/// Activity's list, by its session's player, in the channel Discord says the instance runs
/// in (the player must be in it). Done as the command `/play` or `/accept` makes; the
/// channel hears of it as of those. Answers the list afresh.
async fn activity_act<S: Store + 'static>(
    State(site): State<Arc<Site<S>>>,
    Query(asked): Query<Instanced>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let lang = reader_lang(
        &Asked {
            lang: asked.lang,
            ..Asked::default()
        },
        &headers,
    );
    let refuse = |status, id: &str| refuse_json(status, lang, id);
    let Some(activity) = site.activity.clone() else {
        return refuse(StatusCode::NOT_FOUND, "activity-off");
    };
    let (deed, token) = match arrival::<activity::Deed>(lang, &headers, body).await {
        Ok(arrived) => arrived,
        Err(refused) => return refused,
    };
    let Some(command) = activity::command(&deed) else {
        return refuse(StatusCode::BAD_REQUEST, "web-bad-request");
    };
    // The session's revocations are in the store: read off the runtime.
    let checking = Arc::clone(&site);
    let checked = tokio::task::spawn_blocking(move || checking.session(&token)).await;
    let (pass, name) = match checked {
        Ok(Ok(session)) => session,
        Ok(Err(error)) => {
            return refusal_json(&Refusal::Said(
                StatusCode::UNAUTHORIZED,
                link_refusal(lang, error),
            ))
        }
        Err(error) => return refusal_json(&failed(lang, &error)),
    };
    if let Err(refusal) = within_rate(&site, pass.user, lang) {
        return refusal_json(&refusal);
    }
    // Where the Activity runs is Discord's word, not the page's. Only "no such instance"
    // is the player's to hear; Discord refusing the bot (a bad token, a rate limit) is the
    // admin's, logged.
    let instance = match activity
        .instance(asked.instance.as_deref().unwrap_or(""))
        .await
    {
        Ok(instance) if instance.users.contains(&pass.user) => instance,
        Ok(_) | Err(ActivityError::Refused(404)) => {
            return refuse(StatusCode::FORBIDDEN, "activity-not-there")
        }
        Err(ActivityError::NoBotToken) => {
            return refuse(StatusCode::FORBIDDEN, "activity-no-token")
        }
        Err(error) => {
            tracing::warn!(%error, "Discord could not say where an Activity runs");
            return refuse(StatusCode::BAD_GATEWAY, "activity-unreachable");
        }
    };
    let site_now = Arc::clone(&site);
    let done = tokio::task::spawn_blocking(move || {
        let site = site_now;
        let said = |status, id: &str| Refusal::Said(status, i18n::text(lang, id));
        // An answer is to a challenge of this channel only.
        if let Some(game) = deed.game {
            let record = site.play.store().get(GameId(game)).map_err(|_| {
                Refusal::NotFound(i18n::text_with(
                    lang,
                    "web-no-game",
                    &[("game", game.into())],
                ))
            })?;
            if record.place.channel != instance.place.channel {
                return Err(said(StatusCode::FORBIDDEN, "activity-not-there"));
            }
        }
        let ctx = crate::play::Context {
            user: crate::play::User::new(pass.user, &name),
            place: instance.place,
            manager: false,
            lang,
            guild_lang: None,
        };
        perform(&site, &ctx, command, deed.game.map(GameId))?;
        activity_list(
            &site,
            instance.place.channel,
            instance.place.guild,
            pass.user,
            lang,
        )
    })
    .await
    .unwrap_or_else(|error| Err(failed(lang, &error)));
    match done {
        Ok(list) => axum::Json(list).into_response(),
        Err(refusal) => refusal_json(&refusal),
    }
}

/// What every act of a page or of the Activity brings, checked the one way for both and in
/// this order: a body of a page's size, sent by our own pages (not another site's), that
/// reads as `T`, with its token in the `Authorization` header (a page of another site
/// cannot send one). Who the token names, and where it may act, each path checks next.
async fn arrival<T: serde::de::DeserializeOwned>(
    lang: Lang,
    headers: &HeaderMap,
    body: axum::body::Body,
) -> Result<(T, String), Response> {
    let refuse = |status, id: &str| refuse_json(status, lang, id);
    let body = body::small(body)
        .await
        .map_err(|refused| body_refused(lang, refused))?;
    if !act::same_site(headers) {
        return Err(refuse(StatusCode::FORBIDDEN, "web-cross-site"));
    }
    let Ok(asked) = serde_json::from_slice::<T>(&body) else {
        return Err(refuse(StatusCode::BAD_REQUEST, "web-bad-request"));
    };
    let Some(token) = act::bearer(headers).map(str::to_owned) else {
        return Err(refuse(StatusCode::UNAUTHORIZED, "web-link-missing"));
    };
    Ok((asked, token))
}

/// Whether `user` is within the acts a minute every page and the Activity share: checked
/// as soon as the asker is known, before anything costly (a store read, a call to Discord).
fn within_rate<S: Store>(
    site: &Site<S>,
    user: crate::store::UserId,
    lang: Lang,
) -> Result<(), Refusal> {
    if site.limits.allow(user) {
        Ok(())
    } else {
        Err(Refusal::Said(
            StatusCode::TOO_MANY_REQUESTS,
            i18n::text(lang, "web-too-fast"),
        ))
    }
}

/// The end of every checked act: on a site that may play (not a read-only one), the
/// command carried out as its slash command would be, and told ([`told`]).
fn perform<S: Store + 'static>(
    site: &Site<S>,
    ctx: &crate::play::Context,
    command: crate::play::Command,
    game: Option<GameId>,
) -> Result<(), Refusal> {
    let Some(herald) = &site.herald else {
        return Err(Refusal::Said(
            StatusCode::FORBIDDEN,
            i18n::text(ctx.lang, "web-read-only"),
        ));
    };
    told(herald, site.play.handle(ctx, command), ctx.place, game)
}

/// How a command from a page or the Activity ends, the one way for both: refused or
/// failed, its words for the asker; done, its public answer told in the game's channel (in
/// `place`, about its game, else `game`), then what follows it (the computer's answer), in
/// order, as after a slash command. A Skakanie action in the middle of a turn is private,
/// the mover's own business until the turn ends, as in Discord. A front end gone (shutting
/// down) loses only the post, never the move.
fn told(
    herald: &Herald,
    mut reply: crate::play::Reply,
    place: crate::store::Place,
    game: Option<GameId>,
) -> Result<(), Refusal> {
    let later = reply.take_later();
    let reply = done(reply)?;
    let about = reply
        .board_of
        .or(reply.about.as_ref().map(|(game, _)| *game))
        .or(reply.begins.as_ref().map(|(game, _)| *game))
        .or(game);
    let mut batch = Vec::new();
    if let (false, Some(game)) = (reply.private, about) {
        batch.push(crate::play::Later::Tell(Box::new(crate::play::Notice {
            game,
            place,
            reply,
        })));
    }
    batch.extend(later);
    if !batch.is_empty() {
        let _ = herald.send(batch);
    }
    Ok(())
}

/// A reply of the play layer as a page's answer: done, or refused (the rules' words) or
/// failed, with its status.
fn done(reply: crate::play::Reply) -> Result<crate::play::Reply, Refusal> {
    let status = match reply.outcome {
        crate::play::Outcome::Done => return Ok(reply),
        crate::play::Outcome::Refused => StatusCode::UNPROCESSABLE_ENTITY,
        crate::play::Outcome::Failed => StatusCode::INTERNAL_SERVER_ERROR,
    };
    Err(Refusal::Said(status, reply.text))
}

/// `GET /api/activity/events?channel=…`: the Activity list's live channel (a WebSocket, see
/// [`live`]), `written` whenever a game of the channel is written (one that moved
/// to a thread since is still followed), or a game new since the list was opened is written
/// there (a challenge); the page then reads its list afresh. It says only that something
/// changed, as the games' own channels do. Each game new since is read once to learn where
/// it is.
async fn activity_events<S: Store + 'static>(
    State(site): State<Arc<Site<S>>>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let lang = reader_lang(&asked, &headers);
    if site.activity.is_none() {
        return refuse_json(StatusCode::NOT_FOUND, lang, "activity-off");
    }
    // Only someone the Activity identified hears of a channel's games.
    let session = act::bearer(&headers)
        .map(str::to_owned)
        .or_else(|| asked.session.clone())
        .filter(|t| !t.is_empty());
    let Some(session) = session else {
        return refuse_json(StatusCode::UNAUTHORIZED, lang, "web-link-missing");
    };
    // The check reads the store (a revoked session): off the async threads.
    let checked = tokio::task::spawn_blocking({
        let site = Arc::clone(&site);
        move || site.session(&session).map(drop)
    })
    .await;
    match checked {
        Ok(Ok(())) => {}
        Ok(Err(error)) => {
            return refusal_json(&Refusal::Said(
                StatusCode::UNAUTHORIZED,
                link_refusal(lang, error),
            ))
        }
        Err(_) => return refuse_json(StatusCode::INTERNAL_SERVER_ERROR, lang, "web-failed"),
    }
    let number = |text: &Option<String>| text.as_deref().and_then(|t| t.parse::<u64>().ok());
    let Some(channel) = number(&asked.channel).map(crate::store::ChannelId) else {
        return refuse_json(StatusCode::BAD_REQUEST, lang, "web-bad-request");
    };
    // Watch first, then read which games are here: a write between the two is heard.
    let found = tokio::task::spawn_blocking({
        let site = Arc::clone(&site);
        move || {
            let watch = site.play.store().watch();
            let here = site.play.store().games_in_channel(channel)?;
            let known: std::collections::HashSet<GameId> = here.iter().map(|r| r.id).collect();
            let newest = here.iter().map(|r| r.id.0).max().unwrap_or(0);
            Ok::<_, StoreError>((watch, known, newest))
        }
    })
    .await;
    let Ok(Ok((watch, known, newest))) = found else {
        return refuse_json(StatusCode::INTERNAL_SERVER_ERROR, lang, "web-failed");
    };
    // Games new since, found to be elsewhere: never read again.
    let elsewhere = std::collections::HashSet::new();
    let state = (watch, known, elsewhere, newest, site);
    let events = futures_util::stream::unfold(state, move |mut state| async move {
        loop {
            let (watch, known, elsewhere, newest, site) = &mut state;
            let heard = match watch.recv().await {
                Ok(Written::Game(game)) if known.contains(&game) => true,
                // A game newer than any of the channel's: read once, kept if it is here.
                Ok(Written::Game(game)) if game.0 > *newest && !elsewhere.contains(&game) => {
                    let store_site = Arc::clone(site);
                    let record =
                        tokio::task::spawn_blocking(move || store_site.play.store().get(game).ok())
                            .await
                            .ok()
                            .flatten();
                    // A game that could not be read is asked about again at its next write.
                    match record {
                        Some(record) if record.place.channel == channel => {
                            known.insert(game);
                            true
                        }
                        Some(_) => {
                            // A bound on what one open list remembers.
                            if elsewhere.len() >= 100_000 {
                                elsewhere.clear();
                            }
                            elsewhere.insert(game);
                            false
                        }
                        None => false,
                    }
                }
                Ok(Written::Game(_) | Written::Tournament(_)) => false,
                Ok(Written::Unknown) | Err(RecvError::Lagged(_)) => true,
                Err(RecvError::Closed) => return None,
            };
            if heard {
                return Some(((), state));
            }
        }
    });
    let open = live::Told::Open { plies: None };
    upgrade.on_upgrade(move |socket| live::keep(socket, open, events))
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

/// `/assets/gyges/{size}.svg`: a Gygès piece as a hand on the page shows it, drawn by the
/// board's own drawer (see [`page::piece_path`]).
async fn gyges_piece(
    Path(file): Path<String>,
    query: Query<Asked>,
    headers: HeaderMap,
) -> Response {
    static PIECES: [OnceLock<String>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let size = file
        .strip_suffix(".svg")
        .and_then(|size| size.parse::<u8>().ok())
        .filter(|size| (1..=3).contains(size));
    let Some(size) = size else {
        return not_found(query, headers).await;
    };
    let svg = PIECES[usize::from(size - 1)].get_or_init(|| crate::render::gyges::piece_svg(size));
    svg_asset(svg.clone()).await
}

/// An SVG picture of the site's own (an icon), under the boards' policy.
async fn svg_asset(svg: String) -> Response {
    svg_answer(svg, "public, max-age=3600")
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

/// Adds the [`security_headers`] to every answer.
async fn secure(
    mut response: Response,
    security: Arc<Vec<(&'static str, HeaderValue)>>,
) -> Response {
    // An answer's own policy (an SVG picture's) stands; the site's fills in the rest.
    let headers = response.headers_mut();
    for (name, value) in security.iter() {
        headers.entry(*name).or_insert_with(|| value.clone());
    }
    response
}
