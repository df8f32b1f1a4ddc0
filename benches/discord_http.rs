//! A signed `/move` answered by `leapfrog http`, on loopback, in release:
//! `cargo bench --bench discord_http`. The endpoint and a fake of Discord's REST API run in
//! this process; each sample is one move of a real game, timed to Discord's acknowledgement
//! (the HTTP response) and to the board's PNG arriving at the fake REST server (the edit of
//! the acknowledged answer). Prints the median and the 99th percentile of both.

// The benches' own helpers (timing), and the tests' `common`, which the fake Discord's
// helpers need.
#[path = "common/mod.rs"]
mod bench_common;
#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/fake_discord/mod.rs"]
mod fake_discord;

use std::sync::Arc;
use std::time::Instant;

use fake_discord::{
    config, now, post, start_endpoint, token_of, Payloads, Rest, ALICE, APP_ID, BOB,
};
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::play::{Play, SystemClock};
use leapfrog::store::{SledStore, StoreConfig};
use serde_json::json;

const SAMPLES: usize = 400;

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let dir = std::env::temp_dir().join(format!("leapfrog-bench-http-{}", std::process::id()));
    let store = SledStore::open(&StoreConfig::sled(dir.clone())).expect("store opens");
    let play = Arc::new(Play::with(
        store,
        Box::new(SystemClock),
        Box::new(fake_discord::ChallengerFirst),
    ));
    let (rest, rest_url) = Rest::start().await;
    let url = start_endpoint(&config(&rest_url), play).await;
    let mut payloads = Payloads::new();
    let (mut acks, mut boards) = (Vec::new(), Vec::new());
    let mut seen = 0;
    let mut state = 12_345_u64;
    while acks.len() < SAMPLES {
        // A new game in a channel of its own, mirrored locally to pick legal moves.
        payloads.channel += 1;
        let challenge = payloads.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB));
        post(
            &url,
            challenge.to_string().as_bytes(),
            &fake_discord::key(),
            now(),
        )
        .await;
        let accept = payloads.command(BOB, "accept", &[], None);
        post(
            &url,
            accept.to_string().as_bytes(),
            &fake_discord::key(),
            now(),
        )
        .await;
        let mut mirror = AnyGame::new(GameKind::Jumpers, &[], None).expect("start position");
        let mut players = [ALICE, BOB];
        while !mirror.outcome().is_finished() && acks.len() < SAMPLES {
            let moves = mirror.legal_moves();
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let mv = moves[(state >> 33) as usize % moves.len()].clone();
            let payload = payloads.command(players[0], "move", &[("move", json!(mv))], None);
            let body = payload.to_string();
            let path = format!(
                "/webhooks/{APP_ID}/{}/messages/@original",
                token_of(&payload)
            );
            let start = Instant::now();
            let (status, answer) = post(&url, body.as_bytes(), &fake_discord::key(), now()).await;
            acks.push(start.elapsed());
            assert_eq!((status, &answer["type"]), (200, &json!(5)), "{answer}");
            let (index, call) = rest
                .wait_for(seen, |c| c.method == "PATCH" && c.path == path)
                .await;
            boards.push(start.elapsed());
            assert!(call.file().is_some(), "the board is attached");
            seen = index + 1;
            mirror.play(&mv).expect("a legal move");
            players.swap(0, 1);
        }
    }
    println!(
        "signed /move over leapfrog http, {SAMPLES} moves: acknowledged median {:.2} ms, p99 {:.2} ms; \
         board PNG delivered median {:.2} ms, p99 {:.2} ms",
        bench_common::median(acks.clone()).as_secs_f64() * 1e3,
        bench_common::percentile(&mut acks, 0.99).as_secs_f64() * 1e3,
        bench_common::median(boards.clone()).as_secs_f64() * 1e3,
        bench_common::percentile(&mut boards, 0.99).as_secs_f64() * 1e3,
    );
    let _ = std::fs::remove_dir_all(dir);
}
