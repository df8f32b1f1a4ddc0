//! SIGTERM in the middle of load: the real `leapfrog http` and `leapfrog serve` binaries stop taking work, finish
//! the interactions in flight and their board posts, flush the store and exit 0 — and
//! every move it acknowledged is in the store, every such move's board at the fake Discord.

mod common;
mod fake_discord;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use fake_discord::{
    callback, hex, key, now, send, signed, token_of, Fault, Payloads, Rest, ALICE, APP_ID, BOB,
};
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::store::{GameId, Store};
use serde_json::json;

const GAMES: u64 = 4;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_in_the_middle_of_load_loses_no_acknowledged_move_and_no_board() {
    let (rest, rest_url) = Rest::start().await;
    let spot = common::StoreSpot::new();
    let (child, log, lines) = launch(&spot, &rest_url, "http", "");
    let address = lines
        .iter()
        .find_map(|line| {
            line.split("on http://")
                .nth(1)
                .and_then(|rest| rest.split("/interactions").next())
                .map(str::to_owned)
        })
        .unwrap_or_else(|| panic!("the endpoint never listened:\n{}", log.lock().unwrap()));
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
        send(&url, &challenge).await;
        let accept = p.command(BOB, "accept", &[], None);
        let (status, body) = signed(&url, &accept).await;
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
    // Boards being attached stay in flight a while: the drain has work to wait for.
    rest.inject(
        "PATCH",
        "/messages/@original",
        Fault::Stall(Duration::from_millis(1_500)),
        2,
    );
    let readyz = format!("http://{address}/readyz");
    terminate(&child);
    // While it drains, the worker says it is not ready, and why, rather than refusing the
    // connection: what a load balancer needs to move the traffic.
    let mut draining = None;
    let watching = tokio::time::Instant::now() + Duration::from_secs(3);
    while draining.is_none() && tokio::time::Instant::now() < watching {
        if let Ok(answer) = reqwest::get(&readyz).await {
            let status = answer.status().as_u16();
            let text = answer.text().await.unwrap_or_default();
            let body: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
            if body["shutting_down"] == true {
                draining = Some((status, body));
            }
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (status, body) = draining.expect("/readyz answered while the worker drained");
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["ready"], false, "{body}");
    let mut confirmed = Vec::new();
    for player in players {
        confirmed.push(player.await.unwrap());
    }

    let log = exits_cleanly(child, &log).await;
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

/// The gateway bot (`leapfrog serve`) under the same SIGTERM: its shards close (no new
/// interaction), the interactions it received are answered with their boards, and it exits
/// 0; every move it acknowledged is stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_to_the_gateway_bot_finishes_what_it_received() {
    let (rest, rest_url) = Rest::start().await;
    let gateway = fake_discord::Gateway::start().await;
    rest.set_gateway(&gateway.url);
    let spot = common::StoreSpot::new();
    let (child, log, _) = launch(&spot, &rest_url, "serve", "identify");
    tokio::time::timeout(Duration::from_secs(30), gateway.identified())
        .await
        .unwrap_or_else(|_| panic!("the bot never connected:\n{}", log.lock().unwrap()));
    let answered = |payload: &serde_json::Value| {
        let path = callback(payload);
        rest.calls()
            .iter()
            .any(|c| c.method == "POST" && c.path == path)
    };
    let wait_answered = |payload: serde_json::Value| async move {
        for _ in 0..1_000 {
            if answered(&payload) {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        false
    };
    let mut p = Payloads::new();
    let challenge = p.command(
        ALICE,
        "play",
        &[("game", json!("jumpers")), ("seat", json!("first"))],
        Some(BOB),
    );
    gateway.dispatch(challenge.clone());
    assert!(wait_answered(challenge).await);
    let accept = p.command(BOB, "accept", &[], None);
    gateway.dispatch(accept.clone());
    assert!(wait_answered(accept).await);
    // Moves, two at a time in flight, and SIGTERM after the sixth is answered.
    let mut mirror = AnyGame::new(GameKind::Jumpers, &[], None).unwrap();
    let mut sent = Vec::new();
    for turn in 0..40 {
        let moves = mirror.legal_moves();
        let mv = moves[(turn * 7) % moves.len()].clone();
        let who = if mirror.to_move().0 == 0 { ALICE } else { BOB };
        let payload = p.command(who, "move", &[("move", json!(mv))], None);
        gateway.dispatch(payload.clone());
        mirror.play(&mv).unwrap();
        sent.push((mv, payload));
        if mirror.outcome().is_finished() {
            break;
        }
        // Each move waits for the one before it (a move to an unknown position is
        // refused), so the next is dispatched when the last is answered.
        if !wait_answered(sent.last().unwrap().1.clone()).await {
            break;
        }
        if turn == 5 {
            terminate(&child);
        }
    }
    let log = exits_cleanly(child, &log).await;
    let acknowledged: Vec<&(String, serde_json::Value)> = sent
        .iter()
        .filter(|(_, payload)| answered(payload))
        .collect();
    assert!(acknowledged.len() >= 6, "{log}");
    let store = spot.open();
    let record = common::blocking(|| store.get(GameId(1))).unwrap();
    for (index, (mv, payload)) in acknowledged.iter().enumerate() {
        assert_eq!(record.moves.get(index), Some(mv), "{log}");
        let token = token_of(payload);
        assert!(
            rest.calls()
                .iter()
                .any(|c| c.path.contains(&token) && c.file().is_some()),
            "the board of {mv} was never posted:\n{log}"
        );
    }
}

/// Starts the real binary with `command` (`http`, `serve`) over the store at `spot`,
/// Discord's REST API at `rest_url`; returns it, its log as it grows, and the log lines
/// up to the first one containing `ready` (the listening line when empty).
fn launch(
    spot: &common::StoreSpot,
    rest_url: &str,
    command: &str,
    ready: &str,
) -> (std::process::Child, Arc<Mutex<String>>, Vec<String>) {
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
        .arg(command)
        .env_remove("DISCORD_TOKEN")
        .env("RUST_LOG", "warn,leapfrog=info")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let stderr = child.stderr.take().unwrap();
    let log = Arc::new(Mutex::new(String::new()));
    let (found, lines) = std::sync::mpsc::channel();
    {
        let log = Arc::clone(&log);
        let ready = if ready.is_empty() {
            "on http://"
        } else {
            ready
        }
        .to_owned();
        std::thread::spawn(move || {
            // The config's folder lives as long as the process reads it.
            let _dir = dir;
            let mut before = Vec::new();
            let mut told = false;
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                log.lock().unwrap().push_str(&line);
                log.lock().unwrap().push('\n');
                if !told {
                    before.push(line.clone());
                    if line.contains(&ready) {
                        let _ = found.send(std::mem::take(&mut before));
                        told = true;
                    }
                }
            }
            if !told {
                let _ = found.send(before);
            }
        });
    }
    let lines = if command == "http" {
        lines
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    (child, log, lines)
}

/// Sends SIGTERM to `child`.
fn terminate(child: &std::process::Child) {
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
}

/// Waits for `child` to exit after SIGTERM: 0, within the grace, having said so. Returns
/// its log.
async fn exits_cleanly(mut child: std::process::Child, log: &Arc<Mutex<String>>) -> String {
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
    log
}

/// The signature of `body` sent at `at`, by the application's key.
fn signature(at: &str, body: &str) -> String {
    use ed25519_dalek::Signer;
    let mut message = at.as_bytes().to_vec();
    message.extend_from_slice(body.as_bytes());
    hex(&key().sign(&message).to_bytes())
}
