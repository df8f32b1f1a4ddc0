//! Discord's rate limits, met as in production: the fake is reached over TLS at
//! `discord.com` with no API proxy, so serenity's own limiter reads each 429's `Retry-After`
//! and the bot's callback holds its other calls back while a global limit lasts. (Behind an
//! `api_proxy`, where the proxy keeps the limits, see `discord_faults.rs`.) A binary of its
//! own: the attempt's timeout is the process's, and here it is the default 10 s, longer than
//! the waits.

mod common;
mod fake_discord;

use std::sync::Arc;
use std::time::{Duration, Instant};

use fake_discord::{
    config, original, play, signed, start_endpoint_over, Fault, Payloads, Rest, ALICE, BOB,
};
use leapfrog::discord::{http_client_over, DiscordConfig};
use leapfrog::store::{GameId, Store};
use serde_json::json;
use serenity::all::Http;

/// The fake, served as Discord, and the bot's REST client reaching it the production way.
async fn discord() -> (Rest, Http, DiscordConfig) {
    let (rest, rest_url) = Rest::start().await;
    let client = rest.serve_as_discord().await;
    let config = DiscordConfig {
        api_proxy: None,
        ..config(&rest_url)
    };
    let http = http_client_over(&config, "test-token", client);
    (rest, http, config)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_board_waits_out_retry_after_and_lands_once() {
    let (rest, http, config) = discord().await;
    let play = play();
    let (url, _server) = start_endpoint_over(&config, Arc::clone(&play), http).await;
    let mut p = Payloads::new();
    let challenge = p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB));
    assert_eq!(signed(&url, &challenge).await.0, 200);
    let accept = p.command(BOB, "accept", &[], None);
    let original = original(&accept);
    // Discord's header is whole seconds: 1.5 s of limit is "Retry-After: 2".
    let limit = Fault::RateLimited {
        retry_after: 1.5,
        global: false,
    };
    rest.inject("PATCH", &original, limit, 1);
    let started = Instant::now();
    assert_eq!(
        signed(&url, &accept).await.1["type"],
        5,
        "deferred: a board to draw"
    );
    let edit = |c: &fake_discord::Call| c.method == "PATCH" && c.path == original;
    let (first, _) = rest.wait_for(0, edit).await;
    let (_, landed) = rest.wait_for(first + 1, edit).await;
    let took = started.elapsed();
    assert!(landed.file().is_some(), "the second edit carries the board");
    assert!(
        took >= Duration::from_millis(1_950),
        "sent again only after Retry-After: {took:?}"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let edits = rest.calls().into_iter().filter(|c| edit(c)).count();
    assert_eq!(edits, 2, "one refused, one landed, none doubled");
    let game = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert!(matches!(game.status, leapfrog::store::Status::Active));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_rate_limit_holds_back_the_bots_other_calls() {
    let (rest, http, _) = discord().await;
    fake_discord::check_a_global_limit_holds_back_other_calls(
        &rest,
        Arc::new(http),
        (501, 502),
        Duration::from_millis(1_500),
    )
    .await;
}
