//! SIGTERM in the middle of load: the real `leapfrog http` binary stops taking work, finishes
//! the interactions in flight and their board posts, flushes the store and exits 0 — and
//! every move it acknowledged is in the store, every such move's board at the fake Discord.

mod common;
mod fake_discord;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use fake_discord::{hex, key, now, post, token_of, Payloads, Rest, ALICE, APP_ID, BOB};
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::store::{GameId, Store};
use serde_json::json;

const GAMES: u64 = 4;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_in_the_middle_of_load_loses_no_acknowledged_move_and_no_board() {
    let (rest, rest_url) = Rest::start().await;
    let spot = common::StoreSpot::new();
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "{}\n[discord]\ntoken = \"test-token\"\napplication_id = {APP_ID}\n\
             public_key = \"{}\"\napi_proxy = \"{rest_url}\"\nregister_commands = false\n\
             threads = false\nlisten = \"127.0.0.1:0\"\n\n[admin]\nshutdown_grace_secs = 10\n",
            spot.config_section(),
            hex(key().verifying_key().as_bytes()),
        ),
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
        .arg("--config")
        .arg(&config)
        .arg("http")
        .env_remove("DISCORD_TOKEN")
        .env("RUST_LOG", "warn,leapfrog=info")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let stderr = child.stderr.take().unwrap();
    let log = Arc::new(Mutex::new(String::new()));
    let (found, address) = std::sync::mpsc::channel();
    {
        let log = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(rest) = line.split("on http://").nth(1) {
                    if let Some(at) = rest.split("/interactions").next() {
                        let _ = found.send(at.to_owned());
                    }
                }
                log.lock().unwrap().push_str(&line);
                log.lock().unwrap().push('\n');
            }
        });
    }
    let address = address
        .recv_timeout(Duration::from_secs(30))
        .unwrap_or_else(|_| panic!("the endpoint never listened:\n{}", log.lock().unwrap()));
    let url = format!("http://{address}/interactions");

    // One game per channel, alice first.
    let mut games = Vec::new();
    for channel in 0..GAMES {
        let mut p = Payloads::new();
        p.channel = 6_000 + channel;
        let challenge = p.command(
            ALICE,
            "play",
            &[("game", json!("jumpers")), ("seat", json!("first"))],
            Some(BOB),
        );
        let (status, body) = post(&url, challenge.to_string().as_bytes(), &key(), now()).await;
        assert_eq!(status, 200, "{body}");
        let accept = p.command(BOB, "accept", &[], None);
        let (status, body) = post(&url, accept.to_string().as_bytes(), &key(), now()).await;
        assert_eq!((status, &body["type"]), (200, &json!(5)), "{body}");
        games.push(p);
    }

    // Load: every game moves as fast as it is answered, until the endpoint is gone.
    let acknowledged = Arc::new(AtomicUsize::new(0));
    let mut players = Vec::new();
    for (index, mut p) in games.into_iter().enumerate() {
        let (url, acknowledged) = (url.clone(), Arc::clone(&acknowledged));
        players.push(tokio::spawn(async move {
            let mut mirror = AnyGame::new(GameKind::Jumpers, &[], None).unwrap();
            let mut confirmed: Vec<(String, String)> = Vec::new();
            while !mirror.outcome().is_finished() && confirmed.len() < 60 {
                let moves = mirror.legal_moves();
                let mv = moves[(index * 5 + confirmed.len() * 3) % moves.len()].clone();
                let who = if mirror.to_move().0 == 0 { ALICE } else { BOB };
                let payload = p.command(who, "move", &[("move", json!(mv))], None);
                let body = payload.to_string();
                let at = now().to_string();
                let sent = tokio::time::timeout(
                    Duration::from_secs(10),
                    reqwest::Client::new()
                        .post(&url)
                        .header("X-Signature-Ed25519", signature(&at, &body))
                        .header("X-Signature-Timestamp", at.clone())
                        .header("Content-Type", "application/json")
                        .body(body)
                        .send(),
                )
                .await;
                let Ok(Ok(response)) = sent else { break };
                if response.status() != 200 {
                    break;
                }
                let Ok(text) = response.text().await else {
                    break;
                };
                let answer: serde_json::Value = serde_json::from_str(&text).unwrap();
                assert_eq!(
                    answer["type"], 5,
                    "a move's board is acknowledged: {answer}"
                );
                mirror.play(&mv).unwrap();
                confirmed.push((mv, token_of(&payload)));
                acknowledged.fetch_add(1, Ordering::SeqCst);
            }
            confirmed
        }));
    }
    // In the middle of it: SIGTERM.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while acknowledged.load(Ordering::SeqCst) < 8 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "no load got through"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut confirmed = Vec::new();
    for player in players {
        confirmed.push(player.await.unwrap());
    }

    // It exits 0 within the grace.
    let exited = tokio::task::spawn_blocking(move || {
        for _ in 0..150 {
            if let Some(status) = child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        child.kill().unwrap();
        None
    })
    .await
    .unwrap();
    let log = log.lock().unwrap().clone();
    let status = exited.unwrap_or_else(|| panic!("still running 15 s after SIGTERM:\n{log}"));
    assert!(status.success(), "exit {status}:\n{log}");
    assert!(log.contains("SIGTERM: shutting down"), "{log}");
    assert!(
        acknowledged.load(Ordering::SeqCst) < GAMES as usize * 60,
        "the load ended before the signal: nothing was in the middle"
    );

    // Every acknowledged move is in the store, and its board was posted.
    let store = spot.open();
    let calls = rest.calls();
    for (index, moves) in confirmed.iter().enumerate() {
        let record = common::blocking(|| store.get(GameId(index as u64 + 1))).unwrap();
        let played: Vec<&String> = moves.iter().map(|(mv, _)| mv).collect();
        assert!(
            record.moves.len() >= played.len()
                && record.moves.iter().zip(&played).all(|(a, b)| a == *b),
            "game {}: acknowledged {played:?}, stored {:?}",
            index + 1,
            record.moves
        );
        for (mv, token) in moves {
            let board = format!("/webhooks/{APP_ID}/{token}/messages/@original");
            assert!(
                calls
                    .iter()
                    .any(|c| c.method == "PATCH" && c.path == board && c.file().is_some()),
                "the board of {mv} (game {}) was never posted:\n{log}",
                index + 1
            );
        }
    }
}

/// The signature of `body` sent at `at`, by the application's key.
fn signature(at: &str, body: &str) -> String {
    use ed25519_dalek::Signer;
    let mut message = at.as_bytes().to_vec();
    message.extend_from_slice(body.as_bytes());
    hex(&key().sign(&message).to_bytes())
}
