//! A player's page: what `/profile` says (ratings per game, tournaments), their rating
//! chart and their latest games, each a link to its page, in the reader's language, from
//! [`crate::play::Play::player_view`]. Shown only through a signed profile link (see
//! [`super::links::LinkKey::sign_profile`]): `/profile` hands it out, so nobody can walk
//! through Discord's user numbers and read everyone's games.

use std::fmt::Write as _;

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use super::page::{bold, escape};
use super::view::page_path as game_path;
use super::{failed, html, off_thread, page, unix_seconds, Asking, Refusal, Site};
use crate::i18n::{self, Lang};
use crate::play::PlayerView;
use crate::store::{Store, UserId};

/// Where player `user`'s page is, with the profile link's `token`.
#[must_use]
pub fn page_path(user: u64, token: &str) -> String {
    format!("/players/{user}?t={token}")
}

/// Where their rating chart is, with the same token.
fn chart_path(user: u64, token: &str, lang: Lang) -> String {
    format!("/players/{user}/ratings.png?t={token}&lang={lang}")
}

/// The player numbered `id` (as typed) whose page `token` opens, or why not.
fn player_of<S: Store>(
    site: &Site<S>,
    id: &str,
    token: Option<&str>,
    lang: Lang,
) -> Result<UserId, Refusal> {
    let user = id.parse::<u64>().map(UserId).map_err(|_| {
        Refusal::NotFound(i18n::text_with(
            lang,
            "web-no-player",
            &[("text", id.into())],
        ))
    })?;
    let token = token.unwrap_or_default();
    site.key
        .check_profile(token, user, unix_seconds(), |u| site.links_since(u))
        .map_err(|_| {
            Refusal::Said(
                StatusCode::FORBIDDEN,
                i18n::text(lang, "web-profile-refused"),
            )
        })?;
    Ok(user)
}

/// `GET /players/{id}?t=…`.
pub(super) async fn page_route<S: Store + 'static>(asking: Asking<S>) -> Response {
    let Asking {
        site,
        id,
        lang,
        token,
        ..
    } = asking;
    let token = token.unwrap_or_default();
    let loaded = off_thread(lang, move || {
        let user = player_of(&site, &id, Some(&token), lang)?;
        match site.play.player_view(user, lang) {
            Ok(Some(view)) => Ok((view, token)),
            Ok(None) => Err(Refusal::NotFound(i18n::text_with(
                lang,
                "web-no-player",
                &[("text", id.as_str().into())],
            ))),
            Err(error) => Err(failed(lang, &error)),
        }
    })
    .await;
    match loaded {
        Ok((view, token)) => html(StatusCode::OK, player_page(&view, &token, lang)),
        Err(refusal) => html(refusal.status(), page::message_page(refusal.text(), lang)),
    }
}

/// `GET /players/{id}/ratings.png?t=…`: the chart `/profile` posts.
pub(super) async fn chart_route<S: Store + 'static>(asking: Asking<S>) -> Response {
    let Asking {
        site,
        id,
        lang,
        token,
        ..
    } = asking;
    let drawn = off_thread(lang, move || {
        let user = player_of(&site, &id, token.as_deref(), lang)?;
        match site.play.player_chart(user, lang) {
            Ok(Some(png)) => Ok(png),
            Ok(None) => Err(Refusal::NotFound(String::new())),
            Err(error) => Err(failed(lang, &error)),
        }
    })
    .await;
    match drawn {
        Ok(png) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "private, max-age=60"),
            ],
            png,
        )
            .into_response(),
        Err(refusal) => (refusal.status(), refusal.text().to_owned()).into_response(),
    }
}

/// The page of `view` in `lang`, opened with the profile link's `token`.
#[must_use]
pub fn player_page(view: &PlayerView, token: &str, lang: Lang) -> String {
    let e = |text: &str| escape(text);
    let ratings: String = view
        .ratings
        .iter()
        .map(|line| format!("<li>{}</li>", bold(line)))
        .collect();
    let chart = if view.charted {
        format!(
            "<figure class=\"chart\"><img src=\"{}\" alt=\"{}\" width=\"800\"></figure>",
            e(&chart_path(view.user, token, lang)),
            e(&i18n::text(lang, "web-rating-chart"))
        )
    } else {
        String::new()
    };
    let tournaments = view.tournaments.as_deref().map_or(String::new(), |line| {
        format!("<p class=\"detail\">{}</p>", bold(line))
    });
    let mut games = String::new();
    for game in &view.games {
        let _ = write!(
            games,
            "<li><a href=\"{}\"><span class=\"title\">{}</span> <bdi>{}</bdi></a>\
             <span class=\"result\">{}</span></li>",
            e(&game_path(game.id, None, lang, None)),
            e(&game.title),
            e(&game.players),
            e(&game.status)
        );
    }
    format!(
        "<!doctype html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"icon\" href=\"{icon}\">\n\
         <link rel=\"stylesheet\" href=\"/assets/board.css\">\n</head>\n<body>\n<main>\n\
         <h1><bdi>{title}</bdi></h1>\n<section class=\"ratings\"><h2>{ratings_title}</h2>\
         <ul class=\"lines\">{ratings}</ul>{chart}</section>\n{tournaments}\n\
         <section class=\"recent\"><h2>{games_title}</h2><ul class=\"pairings\">{games}</ul></section>\n\
         </main>\n</body>\n</html>\n",
        title = e(&view.title),
        icon = super::icon::path(false),
        ratings_title = e(&i18n::text(lang, "web-ratings")),
        games_title = e(&i18n::text(lang, "web-recent-games")),
    )
}
