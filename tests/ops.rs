//! What an admin of several workers expects of a running bot: `/healthz`, `/readyz` (the
//! store read for real, the gateway's shards, failing once the shutdown starts),
//! Prometheus `/metrics` with the counters of the interactions just answered (and a bearer
//! token off loopback), and a SIGTERM in the middle of load that loses no acknowledged move
//! and no board.

mod common;
mod fake_discord;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use fake_discord::{config, key, original, play, send, Gateway, Payloads, Rest, ALICE, BOB};
use leapfrog::discord::bot::Bot;
use leapfrog::discord::{endpoint, gateway, http_client};
use leapfrog::ops::admin::Admin;
use leapfrog::ops::{AdminConfig, Ops};
use leapfrog::play::Play;
use leapfrog::store::AnyStore;
use serde_json::{json, Value};
use serenity::interactions_endpoint::Verifier;
use tokio::net::TcpListener;

/// `leapfrog http`'s routes as the binary puts them together — the interactions and the
/// admin routes on one listener — with `ops`, as if listening at `as_if` (which decides
/// whether `/metrics` is open). Returns the base URL.
async fn start(
    rest_url: &str,
    play: Arc<Play<AnyStore>>,
    ops: &Ops,
    admin: Option<Admin>,
) -> String {
    let config = config(rest_url);
    let http = Arc::new(http_client(&config, "test-token"));
    let bot = Bot::new(
        Arc::clone(&play),
        http,
        Duration::from_millis(config.defer_after_ms),
    )
    .with_threads(false)
    .with_ops(ops.clone());
    let verifier = Verifier::try_new(key().verifying_key().to_bytes()).unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let admin =
        admin.unwrap_or_else(|| Admin::new(ops.clone(), &play, &AdminConfig::default(), address));
    let router = endpoint::router(endpoint::Endpoint { bot, verifier }, config.max_body_bytes)
        .merge(admin.router());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{address}")
}

async fn get(url: &str, bearer: Option<&str>) -> (u16, String) {
    let mut request = reqwest::Client::new().get(url);
    if let Some(token) = bearer {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

/// The samples of a Prometheus text page: `name{labels}` → value.
fn samples(text: &str) -> HashMap<String, f64> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (name, value) = l.rsplit_once(' ').expect("a sample is a name and a value");
            (name.to_owned(), value.parse().expect("a number"))
        })
        .collect()
}

fn sample(samples: &HashMap<String, f64>, name: &str) -> f64 {
    *samples
        .get(name)
        .unwrap_or_else(|| panic!("no {name} in {:#?}", samples.keys().collect::<Vec<_>>()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_readyz_and_metrics_after_a_few_signed_interactions() {
    let (rest, rest_url) = Rest::start().await;
    let ops = Ops::new();
    let base = start(&rest_url, play(), &ops, None).await;
    let interactions = format!("{base}/interactions");

    assert_eq!(get(&format!("{base}/healthz"), None).await.0, 200);
    let (status, body) = get(&format!("{base}/readyz"), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["store"], "ok");

    let mut p = Payloads::new();
    p.channel = 4_401;
    let challenge = p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB));
    assert_eq!(send(&interactions, &challenge).await["type"], 4);
    let accept = p.command(BOB, "accept", &[], None);
    assert_eq!(send(&interactions, &accept).await["type"], 5);
    let board = original(&accept);
    rest.wait_for(0, |c| c.method == "PATCH" && c.path == board)
        .await;
    let refused = p.command(BOB, "move", &[("move", json!("c9-d8"))], None);
    send(&interactions, &refused).await;
    // The record of an interaction is written once its board is out.
    assert!(ops.drained(Duration::from_secs(10)).await);

    let (status, page) = get(&format!("{base}/metrics"), None).await;
    assert_eq!(status, 200, "open on loopback");
    let samples = samples(&page);
    assert!(
        sample(
            &samples,
            r#"leapfrog_interactions_total{command="play",outcome="done"}"#
        ) >= 1.0
    );
    assert!(
        sample(
            &samples,
            r#"leapfrog_interactions_total{command="accept",outcome="done"}"#
        ) >= 1.0
    );
    assert!(
        sample(
            &samples,
            r#"leapfrog_interactions_total{command="move",outcome="refused"}"#
        ) >= 1.0
    );
    assert!(
        sample(
            &samples,
            r#"leapfrog_acknowledgement_seconds_count{command="accept"}"#
        ) >= 1.0
    );
    assert!(
        sample(
            &samples,
            r#"leapfrog_board_post_seconds_count{command="accept"}"#
        ) >= 1.0
    );
    assert!(
        sample(
            &samples,
            r#"leapfrog_discord_requests_total{route="edit_original",status="200"}"#
        ) >= 1.0
    );
    assert!(
        sample(
            &samples,
            r#"leapfrog_store_call_seconds_count{backend="sled",op="insert"}"#
        )
        .max(sample_or_zero(
            &samples,
            r#"leapfrog_store_call_seconds_count{backend="PostgreSQL",op="insert"}"#
        )) >= 1.0
    );
    assert!(samples.contains_key("leapfrog_ai_searches_queued"));
    assert!(samples.contains_key("leapfrog_ai_searches_running"));
    assert!(samples.contains_key("leapfrog_scheduler_lag_seconds"));
    assert!(sample(&samples, r#"leapfrog_games_in_progress{game="jumpers"}"#) >= 1.0);

    // The shutdown starts: not ready any more, while still up.
    ops.shut_down();
    let (status, body) = get(&format!("{base}/readyz"), None).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["shutting_down"],
        true
    );
    assert_eq!(get(&format!("{base}/healthz"), None).await.0, 200);
}

fn sample_or_zero(samples: &HashMap<String, f64>, name: &str) -> f64 {
    samples.get(name).copied().unwrap_or(0.0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_fails_when_the_store_does_not_answer() {
    let (_rest, rest_url) = Rest::start().await;
    let ops = Ops::new();
    let play = play();
    let listening: SocketAddr = "127.0.0.1:1".parse().unwrap();
    let failing = Admin::new(ops.clone(), &play, &AdminConfig::default(), listening)
        .with_probe(|| Err("connection refused".to_owned()));
    let base = start(&rest_url, Arc::clone(&play), &ops, Some(failing)).await;
    let (status, body) = get(&format!("{base}/readyz"), None).await;
    assert_eq!(status, 503);
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["store"],
        "connection refused"
    );

    let quick = AdminConfig {
        readyz_timeout_ms: 100,
        ..AdminConfig::default()
    };
    let hanging = Admin::new(ops.clone(), &play, &quick, listening).with_probe(|| {
        std::thread::sleep(Duration::from_millis(1_000));
        Ok(())
    });
    let base = start(&rest_url, play, &ops, Some(hanging)).await;
    let (status, body) = get(&format!("{base}/readyz"), None).await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("no answer within 100 ms"), "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_want_the_bearer_token_on_a_listener_that_is_not_on_loopback() {
    let (_rest, rest_url) = Rest::start().await;
    let ops = Ops::new();
    let play = play();
    let public: SocketAddr = "0.0.0.0:8080".parse().unwrap();
    let with_token = AdminConfig {
        metrics_token: Some("s3cret".into()),
        ..AdminConfig::default()
    };
    let admin = Admin::new(ops.clone(), &play, &with_token, public);
    let base = start(&rest_url, Arc::clone(&play), &ops, Some(admin)).await;
    let metrics = format!("{base}/metrics");
    assert_eq!(get(&metrics, None).await.0, 401);
    assert_eq!(get(&metrics, Some("wrong")).await.0, 401);
    let (status, page) = get(&metrics, Some("s3cret")).await;
    assert_eq!(status, 200);
    assert!(page.contains("leapfrog_interactions_in_flight"), "{page}");
    // Health and readiness stay open: load balancers carry no tokens.
    assert_eq!(get(&format!("{base}/healthz"), None).await.0, 200);

    let no_token = Admin::new(ops.clone(), &play, &AdminConfig::default(), public);
    let base = start(&rest_url, play, &ops, Some(no_token)).await;
    assert_eq!(
        get(&format!("{base}/metrics"), Some("anything")).await.0,
        401
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gateway_bot_is_ready_once_its_shard_is_connected() {
    let (rest, rest_url) = Rest::start().await;
    let fake = Gateway::start().await;
    rest.set_gateway(&fake.url);
    let config = config(&rest_url);
    let ops = Ops::new();
    ops.expect_shards([0]);
    let play = play();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let router = Admin::new(ops.clone(), &play, &AdminConfig::default(), address).router();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let readyz = format!("http://{address}/readyz");
    assert_eq!(get(&readyz, None).await.0, 503, "no shard connected yet");

    let mut client = gateway::client_with_ops(&config, "test-token", play, ops.clone())
        .await
        .unwrap();
    tokio::spawn(async move { client.start().await });
    fake.identified().await;
    for _ in 0..500 {
        if get(&readyz, None).await.0 == 200 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("never ready: {}", get(&readyz, None).await.1);
}
