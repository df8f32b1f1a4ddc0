//! A player's puzzle page: `/puzzle`'s link (signed for that player alone, see
//! [`super::links::LinkKey::sign_puzzles`]) opens the puzzle they are solving, drawn and
//! tapped like a game's page (the same page, view and script: [`super::page`],
//! [`super::view`], `assets/board.js`). Each move is the command `/puzzle answer:` makes, so
//! the page and Discord judge, count the streak and rate alike; the page says at once
//! whether it was right, the other side's answer or the defence that holds, and the line.
//! When it is over, *Next puzzle* (a plain form: it works without a script) gives one near
//! the player's puzzle rating.
//!
//! Nothing here is told in a channel: a puzzle is its player's own business.

use std::sync::Arc;

use axum::extract::{Path, Query, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};

use super::page::{bold, escape};
use super::view::{self, GameView, PuzzleBits, Reader};
use super::{
    act, arrival, done, failed, html, off_thread, page, reader_lang, refusal_json, svg_answer,
    unix_seconds, within_rate, Asked, Asking, Refusal, Site,
};
use crate::games::{AnyGame, GameKind};
use crate::i18n::{self, Lang};
use crate::play::{AnalysisCommand, Context, PuzzleShown, PuzzleState, User};
use crate::render::Header;
use crate::store::{ChannelId, GameId, GameRecord, Place, Player, Status, Store, UserId};

/// Where a puzzle is played from the page: no server, no channel (nothing of it is posted).
const NOWHERE: Place = Place {
    guild: None,
    channel: ChannelId(0),
    reach: crate::store::Reach::Posts,
};

/// Where the puzzle page of the link `token` is.
#[must_use]
pub fn page_path(token: &str) -> String {
    format!("/puzzles/{token}")
}

/// The board of puzzle `number` of `kind` after the first `ply` of `played`, as the page
/// draws it: the address names the puzzle and the moves, not the player, so it is the
/// same picture for everyone and may be kept.
fn board_path(
    kind: GameKind,
    number: usize,
    played: &[String],
    ply: usize,
    lang: Lang,
    turned: bool,
) -> String {
    let moves: Vec<String> = played.iter().take(ply).map(|m| url_escape(m)).collect();
    format!(
        "/puzzles/{}/{number}/board.svg?moves={}&lang={lang}&turned={}",
        kind.name(),
        moves.join("+"),
        u8::from(turned)
    )
}

/// `text` for an address's query: the notations' letters, digits and `-` stay; the rest
/// (`@`, `+`, spaces of a Skakanie move) are escaped.
fn url_escape(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => {
                char::from(b).to_string()
            }
            other => format!("%{other:02X}"),
        })
        .collect()
}

/// The section under the board: what the last move came to, the puzzle rating, and the
/// *Next puzzle* form (shown once the puzzle is over; `assets/board.js` shows it then).
pub(super) fn section(bits: &PuzzleBits, next: &str) -> String {
    let hidden = if bits.state == PuzzleState::Open {
        " hidden"
    } else {
        ""
    };
    format!(
        "<section class=\"puzzle\" id=\"puzzle\" data-state=\"{state}\">\
         <p class=\"puzzle-said\" id=\"puzzle-said\" aria-live=\"polite\">{said}</p>\
         <p class=\"puzzle-rating\" id=\"puzzle-rating\">{rating}</p>\
         <form method=\"post\" action=\"{next}\" id=\"puzzle-next\"{hidden}>\
         <button type=\"submit\" class=\"answer\">{label}</button></form></section>\n",
        state = bits.state.name(),
        said = bold(&bits.said),
        rating = escape(&bits.rating),
        next = escape(next),
        label = escape(&bits.next),
    )
}

/// The player whose puzzle page `token` opens, or why not.
fn owner<S: Store>(site: &Site<S>, token: &str, lang: Lang) -> Result<UserId, Refusal> {
    site.key
        .check_puzzles(token, unix_seconds(), |u| site.links_since(u))
        .map(|pass| pass.user)
        .map_err(|_| {
            Refusal::Said(
                StatusCode::FORBIDDEN,
                i18n::text(lang, "web-puzzle-refused"),
            )
        })
}

/// The game-page view of `shown` at the asked ply, for the holder of `token`: a record
/// made of the puzzle (its position as the start, the plies played as the moves), with the
/// puzzle's own words in place of a game's.
fn puzzle_view(
    shown: &PuzzleShown,
    user: UserId,
    token: &str,
    asked: &Asked,
    lang: Lang,
) -> Result<GameView, Refusal> {
    let solver = shown.solver.0;
    let seats = (0..2u8)
        .map(|seat| {
            let (id, name) = if seat == solver {
                (user, "web-puzzle-you")
            } else {
                (UserId(0), "web-puzzle-defence")
            };
            Player::User {
                id,
                name: i18n::text(lang, name),
            }
        })
        .collect();
    let record = GameRecord {
        id: GameId(0),
        kind: shown.puzzle.kind,
        options: shown.puzzle.options.clone(),
        seed: 0,
        start: Some(shown.puzzle.position.clone()),
        seats,
        place: NOWHERE,
        home: None,
        moves: shown.played.clone(),
        position: String::new(),
        status: Status::Active,
        pending: None,
        agreed: Vec::new(),
        created: 0,
        updated: 0,
        days: None,
        clock: None,
        rated: false,
        tournament: None,
        version: 0,
    };
    let ply = asked.ply_of(record.moves.len(), lang)?;
    let reader = Reader {
        seat: Some(usize::from(solver)),
        turned: asked.turned_choice(),
    };
    let (mut view, _) = view::view(&record, ply, lang, reader).map_err(|e| failed(lang, &e))?;
    view.page = page_path(token);
    view.title = i18n::text_with(
        lang,
        "web-puzzle-title",
        &[
            ("kind", shown.puzzle.kind.into()),
            ("number", shown.number.into()),
        ],
    );
    view.status.clone_from(&shown.status);
    view.detail.clone_from(&shown.detail);
    view.board = board_path(
        shown.puzzle.kind,
        shown.number,
        &shown.played,
        view.ply,
        lang,
        view.turned,
    );
    // A puzzle has no resigning, no draw and no takeback: only its moves, while it is open.
    view.words.answers.clear();
    if shown.state != PuzzleState::Open {
        view.choices.clear();
        view.to_move = None;
    }
    view.puzzle = Some(PuzzleBits {
        state: shown.state,
        said: String::new(),
        rating: shown.rating.clone(),
        next: i18n::text(lang, "web-puzzle-next"),
    });
    Ok(view)
}

/// The view of `token`'s player's puzzle, or `None` when they have none.
fn load<S: Store>(
    site: &Site<S>,
    token: &str,
    asked: &Asked,
    lang: Lang,
) -> Result<Option<GameView>, Refusal> {
    let user = owner(site, token, lang)?;
    match site.play.puzzle_shown(user, lang) {
        Ok(Some(shown)) => puzzle_view(&shown, user, token, asked, lang).map(Some),
        Ok(None) => Ok(None),
        Err(error) => Err(failed(lang, &error)),
    }
}

/// `GET /puzzles/{token}`: the player's puzzle, or, before their first, a page offering one.
pub(super) async fn page_route<S: Store + 'static>(
    asking: Asking<S>,
    RawQuery(raw): RawQuery,
) -> Response {
    let Asking {
        site,
        id: token,
        asked,
        lang,
        ..
    } = asking;
    let path_token = token.clone();
    let in_discord = site.in_discord(&asked);
    let loaded = off_thread(lang, move || load(&site, &token, &asked, lang)).await;
    match loaded {
        Ok(Some(view)) => html(
            StatusCode::OK,
            page::game_page(&view, Some(&path_token), in_discord, lang),
        ),
        Ok(None) => html(
            StatusCode::OK,
            empty_page(&path_token, lang, raw.as_deref()),
        ),
        Err(refusal) => html(refusal.status(), page::message_page(refusal.text(), lang)),
    }
}

/// The page of a player with no puzzle yet: what it is, and the button that gives one
/// (keeping the page's `query`: inside the Activity, Discord's parameters).
fn empty_page(token: &str, lang: Lang, query: Option<&str>) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Leapfrog</title>\n<link rel=\"stylesheet\" href=\"/assets/board.css\">\n</head>\n\
         <body>\n<main>\n<p class=\"message\">{said}</p>\n\
         <form method=\"post\" action=\"{next}\"><button type=\"submit\" class=\"answer\">{label}</button></form>\n\
         </main>\n</body>\n</html>\n",
        said = escape(&i18n::text(lang, "web-puzzle-none")),
        next = escape(&next_path(
            &page_path(token),
            &query.map_or_else(|| format!("lang={lang}"), str::to_owned)
        )),
        label = escape(&i18n::text(lang, "web-puzzle-next")),
    )
}

/// Where the *Next puzzle* of the puzzle page at `page` posts to, with the query the page
/// it comes back to keeps (its language, and inside the Activity Discord's parameters).
pub(super) fn next_path(page: &str, query: &str) -> String {
    format!("{page}/next?{query}")
}

/// `GET /api/puzzles/{token}`: the view the page's script reads.
pub(super) async fn json_route<S: Store + 'static>(asking: Asking<S>) -> Response {
    let Asking {
        site,
        id: token,
        asked,
        lang,
        ..
    } = asking;
    match off_thread(lang, move || load(&site, &token, &asked, lang)).await {
        Ok(Some(view)) => axum::Json(view).into_response(),
        Ok(None) => refusal_json(&Refusal::NotFound(i18n::text(lang, "web-puzzle-none"))),
        Err(refusal) => refusal_json(&refusal),
    }
}

/// The caller of a page's puzzle command: the player, as the page calls them, nowhere in
/// particular (a puzzle belongs to no channel).
fn context(user: UserId, lang: Lang) -> Context {
    Context {
        user: User::new(user, &i18n::text(lang, "web-puzzle-you")),
        place: NOWHERE,
        manager: false,
        lang,
        guild_lang: None,
    }
}

/// Runs a puzzle `command` for the player of `token` on a site that may play (checked in
/// [`act`]'s order: the token, the rate, then a site that is not read-only); the words of
/// its answer.
fn command_now<S: Store + 'static>(
    site: &Site<S>,
    token: &str,
    lang: Lang,
    command: impl FnOnce(Option<&PuzzleShown>) -> Result<AnalysisCommand, Refusal>,
) -> Result<String, Refusal> {
    let user = owner(site, token, lang)?;
    within_rate(site, user, lang)?;
    if site.herald.is_none() {
        return Err(Refusal::Said(
            StatusCode::FORBIDDEN,
            i18n::text(lang, "web-read-only"),
        ));
    }
    let shown = site
        .play
        .puzzle_shown(user, lang)
        .map_err(|e| failed(lang, &e))?;
    let command = command(shown.as_ref())?;
    let reply = done(site.play.handle(&context(user, lang), command))?;
    Ok(reply.text)
}

/// `POST /api/puzzles/{token}/act`: a move in the open puzzle (the body is a game page's
/// [`act::Act`]; its `plies` must be the puzzle's, or the page is stale). Answers the view,
/// saying what the move came to.
pub(super) async fn act_route<S: Store + 'static>(
    asking: Asking<S>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let Asking {
        site,
        id: token,
        asked,
        lang,
        ..
    } = asking;
    let (act, sent) = match arrival::<act::Act>(lang, &headers, body).await {
        Ok(arrived) => arrived,
        Err(refused) => return refused,
    };
    let done = off_thread(lang, move || {
        // The page's own link, sent as its token: another's would act on another page.
        if sent != token {
            return Err(Refusal::Said(
                StatusCode::FORBIDDEN,
                i18n::text(lang, "web-puzzle-refused"),
            ));
        }
        let said = command_now(&site, &token, lang, |shown| {
            let stale = || Refusal::Said(StatusCode::CONFLICT, i18n::text(lang, "web-stale"));
            match shown {
                Some(shown) if shown.state == PuzzleState::Open && !act.answer => {
                    if shown.played.len() == act.plies {
                        Ok(AnalysisCommand::Puzzle {
                            game: None,
                            daily: false,
                            answer: Some(act.what.clone()),
                        })
                    } else {
                        Err(stale())
                    }
                }
                _ => Err(stale()),
            }
        })?;
        let mut view = load(&site, &token, &asked, lang)?
            .ok_or_else(|| Refusal::NotFound(i18n::text(lang, "web-puzzle-none")))?;
        if let Some(bits) = &mut view.puzzle {
            // Discord's answer ends with the rating line the page shows on its own.
            let rating = format!("\n{}", bits.rating);
            bits.said = said.strip_suffix(&rating).unwrap_or(&said).to_owned();
        }
        Ok(view)
    })
    .await;
    match done {
        Ok(view) => axum::Json(view).into_response(),
        Err(refusal) => refusal_json(&refusal),
    }
}

/// `POST /puzzles/{token}/next`: *Next puzzle*, a plain form of our own pages (a request
/// from another site is refused), giving one of the same game near the player's rating;
/// then back to the page, with the address's query (its language and, inside the
/// Activity, Discord's parameters).
pub(super) async fn next_route<S: Store + 'static>(
    State(site): State<Arc<Site<S>>>,
    Path(token): Path<String>,
    Query(asked): Query<Asked>,
    RawQuery(raw): RawQuery,
    headers: HeaderMap,
) -> Response {
    let lang = reader_lang(&asked, &headers);
    if !act::same_site(&headers) {
        let refusal = Refusal::Said(StatusCode::FORBIDDEN, i18n::text(lang, "web-cross-site"));
        return html(refusal.status(), page::message_page(refusal.text(), lang));
    }
    let page = format!(
        "{}?{}",
        page_path(&token),
        raw.unwrap_or_else(|| format!("lang={lang}"))
    );
    let done = off_thread(lang, move || {
        command_now(&site, &token, lang, |shown| {
            Ok(AnalysisCommand::Puzzle {
                game: shown.map(|s| s.puzzle.kind.name().to_owned()),
                daily: false,
                answer: None,
            })
        })
    })
    .await;
    match done {
        Ok(_) => Redirect::to(&page).into_response(),
        Err(refusal) => html(refusal.status(), page::message_page(refusal.text(), lang)),
    }
}

/// `GET /puzzles/{game}/{number}/board.svg?moves=…`: the puzzle's board after `moves`
/// (the page's picture; see [`board_path`]).
pub(super) async fn board_route<S: Store + 'static>(
    State(site): State<Arc<Site<S>>>,
    Path((game, number)): Path<(String, String)>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
) -> Response {
    let lang = reader_lang(&asked, &headers);
    let turned = asked.turned_choice() == Some(true);
    let drawn = off_thread(lang, move || {
        let missing = || Refusal::NotFound(i18n::text(lang, "web-puzzle-none"));
        let kind: GameKind = game.parse().map_err(|_| missing())?;
        let puzzle = number
            .parse::<usize>()
            .ok()
            .and_then(|n| site.play.puzzle_numbered(kind, n))
            .ok_or_else(missing)?;
        let mut board: AnyGame = puzzle.game().map_err(|e| failed(lang, &e))?;
        for mv in asked
            .moves
            .as_deref()
            .unwrap_or_default()
            .split_whitespace()
        {
            board.play(mv).map_err(|_| {
                Refusal::Said(StatusCode::BAD_REQUEST, i18n::text(lang, "web-bad-request"))
            })?;
        }
        let header = Header::for_sides(&board, lang);
        crate::render::draw_board_svg(&board, None, &header, turned).map_err(|e| failed(lang, &e))
    })
    .await;
    match drawn {
        // The same address always draws the same board.
        Ok(svg) => svg_answer(svg, "public, max-age=86400"),
        Err(refusal) => (refusal.status(), refusal.text().to_owned()).into_response(),
    }
}
