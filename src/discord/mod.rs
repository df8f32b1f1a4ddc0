//! The Discord front ends: the gateway bot (`leapfrog serve`) and the HTTP interactions
//! endpoint (`leapfrog http`). Both are thin adapters over the play layer through one shared
//! handler ([`bot::Bot`]); no game logic lives here.
//!
//! - [`commands`]: the slash commands, built from the games' tables, and their registration;
//! - [`translate`]: interactions → play-layer commands and picker steps;
//! - [`message`]: replies → Discord messages (PNG attachment, buttons, menus, mentions);
//! - [`bot`]: answering within Discord's 3 s, deferring slow work;
//! - [`notify`]: the scheduler's notices and direct messages;
//! - [`gateway`], [`endpoint`]: the two ways interactions arrive;
//! - [`reach`]: reaching Discord, trying again, waiting out its rate limits;
//! - [`permissions`]: naming, once per server, a permission the bot lost.

pub mod bot;
pub mod commands;
mod config;
pub mod endpoint;
pub mod gateway;
pub mod limits_guard;
pub mod message;
pub mod notify;
pub mod permissions;
pub mod reach;
pub mod rest;
pub mod translate;

pub use config::{DiscordConfig, Shards};

use serenity::all::{ApplicationId, Http, HttpBuilder};

/// The REST client for `config`: its token, its API proxy if any (the rate limiter then
/// belongs to the proxy), and its application id if known.
#[must_use]
pub fn http_client(config: &DiscordConfig, token: &str) -> Http {
    let client = reqwest::Client::builder()
        .use_rustls_tls()
        .build()
        .expect("the TLS backend is compiled in");
    http_client_over(config, token, client)
}

/// [`http_client`] over a given HTTP client: the tests' one reaches a fake Discord at
/// `discord.com` over TLS, so that the requests take the same path as in production,
/// serenity's rate limiter included.
#[must_use]
pub fn http_client_over(config: &DiscordConfig, token: &str, client: reqwest::Client) -> Http {
    reach::set_attempt_timeout(std::time::Duration::from_millis(config.rest_timeout_ms));
    let mut builder = HttpBuilder::new(token).client(client.clone());
    if let Some(proxy) = &config.api_proxy {
        // serenity's limiter would send its requests past the proxy (it builds them without
        // it): behind a proxy, the proxy keeps the rate limits, and a 429 that still reaches
        // the bot is waited out by the guard in front of it, which reads what serenity
        // drops (`Retry-After`, the global flag).
        let guarded = limits_guard::start(proxy).unwrap_or_else(|error| {
            tracing::warn!(%error, "no rate-limit guard in front of api_proxy: 429s are not waited out");
            proxy.clone()
        });
        builder = builder.proxy(guarded).ratelimiter_disabled(true);
    } else {
        // serenity waits out each route's `Retry-After`; the callback also holds every other
        // call of ours back while a global limit lasts, and counts the 429s.
        let bearer = format!("Bot {}", token.trim().trim_start_matches("Bot "));
        let mut limiter = serenity::http::Ratelimiter::new(client, bearer);
        limiter.set_ratelimit_callback(Box::new(reach::rate_limited));
        builder = builder.ratelimiter(limiter);
    }
    if let Some(id) = config.application_id {
        builder = builder.application_id(ApplicationId::new(id));
    }
    builder.build()
}
