//! Many games thinking at once, on `leapfrog http` (release) with sled, on loopback:
//! `cargo bench --bench ai_load`.
//!
//! Fifty games against the computer at its default level (Jumpers, Gygès and Jump Sturdy in
//! turn, each in a channel of its own) are loaded into a store; one real `leapfrog http`
//! serves it with the shipped `[ai]` settings unless told otherwise. Each round, every
//! player moves once, all within one second (open loop, at spread times), and the bench
//! waits for the computer's answers. Reported: the players' acknowledgements (the HTTP
//! response) and their own boards (the edit of the answer) during the bursts, the time from
//! each player's move to the computer's board in the channel (median, p99, the slowest),
//! and how many moves were told "the computer is thinking about N other games".
//!
//! Settings (environment): AI_LOAD_GAMES (50), AI_LOAD_ROUNDS (3), AI_LOAD_THREADS
//! (`[ai] threads`, the shipped 1), AI_LOAD_THINK_MS (`[ai] think_ms`, the shipped 2000).

#[path = "common/mod.rs"]
mod bench_common;
#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/fake_discord/mod.rs"]
mod fake_discord;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::{Method, Uri};
use axum::Router;
use bench_common::{http_config, percentile, serve_on_loopback, setting, start_worker};
use fake_discord::{hex, key, now, post, Payloads, Person, APP_ID};
use leapfrog::ai::Level;
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::store::{
    ChannelId, Dump, GameId, GameRecord, GuildId, Place, Player, Reach, SledStore, Status, Store,
    StoreConfig, UserId,
};
use serde_json::json;

/// The first game's channel; game `i` is in `CHANNELS + i`, its player is `PLAYERS + i`.
const CHANNELS: u64 = 20_000;
const PLAYERS: u64 = 1_000;

/// The kinds the games are of, in turn (Skakanie's turns are several actions: left out).
const KINDS: [GameKind; 3] = [GameKind::Jumpers, GameKind::Gyges, GameKind::JumpSturdy];

/// A game of `kind` between player `i` (first seat) and the computer at its default level
/// (Jumpers on its `far` board, where the computer does not win in a handful of moves).
fn record(i: u64, kind: GameKind) -> GameRecord {
    let options: Vec<String> = match kind {
        GameKind::Jumpers => vec!["board=far".to_owned()],
        _ => Vec::new(),
    };
    let start = AnyGame::new(kind, &options, None).unwrap();
    GameRecord {
        id: GameId(i + 1),
        kind,
        options,
        seed: 0,
        start: None,
        seats: vec![
            Player::User {
                id: UserId(PLAYERS + i),
                name: format!("p{i}"),
            },
            Player::Computer {
                level: Level::DEFAULT.get(),
            },
        ],
        place: Place {
            guild: Some(GuildId(77)),
            channel: ChannelId(CHANNELS + i),
            reach: Reach::Posts,
        },
        home: None,
        moves: Vec::new(),
        position: start.position_text(),
        status: Status::Active,
        pending: None,
        agreed: Vec::new(),
        created: 1_700_000_000_000 + i,
        updated: 1_700_000_000_000 + i,
        days: None,
        clock: None,
        rated: false,
        tournament: None,
        version: 1,
    }
}

/// What the fake Discord saw: when each channel was last posted in (the computer's
/// boards), when each answer was edited (the players' own boards), and how many of those
/// edits said the computer was busy.
#[derive(Clone, Default)]
struct Seen(Arc<Mutex<Heard>>);

#[derive(Default)]
struct Heard {
    posts: HashMap<u64, Vec<Instant>>,
    edits: HashMap<String, Instant>,
    busy: usize,
}

async fn fake_rest(
    axum::extract::State(seen): axum::extract::State<Seen>,
    method: Method,
    uri: Uri,
    body: Bytes,
) -> axum::Json<serde_json::Value> {
    let parts: Vec<&str> = uri.path().split('/').collect();
    let at = Instant::now();
    let mut heard = seen.0.lock().unwrap();
    if method == Method::PATCH {
        // /api/v10/webhooks/{application}/{token}/messages/@original (multipart: the text
        // is in its JSON part, as it is written).
        if let Some(i) = parts.iter().position(|p| *p == "webhooks") {
            let token = parts.get(i + 2).copied().unwrap_or_default();
            heard.edits.insert(token.to_owned(), at);
            if String::from_utf8_lossy(&body).contains("The computer is thinking about") {
                heard.busy += 1;
            }
        }
    } else if method == Method::POST {
        // /api/v10/channels/{channel}/messages
        if let Some(i) = parts.iter().position(|p| *p == "channels") {
            if parts.get(i + 2) == Some(&"messages") {
                if let Some(channel) = parts.get(i + 1).and_then(|c| c.parse().ok()) {
                    heard.posts.entry(channel).or_default().push(at);
                }
            }
        }
    }
    axum::Json(json!({
        "id": "1", "channel_id": "2", "author": {"id": "999", "username": "leapfrog", "bot": true},
        "content": "", "timestamp": "2026-01-01T00:00:00Z", "tts": false, "mention_everyone": false,
        "mentions": [], "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0
    }))
}

/// Player `i`'s payloads, in their game's channel.
fn payloads(i: u64) -> (Payloads, Person) {
    let mut payloads = Payloads::new();
    payloads.channel = CHANNELS + i;
    (
        payloads,
        Person {
            id: PLAYERS + i,
            name: "player",
        },
    )
}

/// Player `i`'s legal moves now, as the bot suggests them while `/move` is typed.
async fn legal_moves(url: &str, i: u64) -> Vec<String> {
    let (mut payloads, who) = payloads(i);
    let asked = payloads.autocomplete(who, "move", "move", "");
    let (_, answer) = post(url, asked.to_string().as_bytes(), &key(), now()).await;
    answer["data"]["choices"]
        .as_array()
        .map(|choices| {
            choices
                .iter()
                .filter_map(|c| c["value"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let games = setting("AI_LOAD_GAMES", 50).max(1);
    let rounds = setting("AI_LOAD_ROUNDS", 3).max(1);
    let threads = setting("AI_LOAD_THREADS", 1).max(1);
    let think_ms = setting("AI_LOAD_THINK_MS", 2_000);
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let contents = Dump {
        next_game: games + 1,
        games: (0..games)
            .map(|i| record(i, KINDS[(i % 3) as usize]))
            .collect(),
        ..Dump::default()
    };
    tokio::task::spawn_blocking({
        let data = data.clone();
        move || {
            let store = SledStore::open(&StoreConfig::sled(&data)).unwrap();
            store.import(&contents).unwrap();
            store.flush().unwrap();
        }
    })
    .await
    .unwrap();

    let seen = Seen::default();
    let app = Router::new().fallback(fake_rest).with_state(seen.clone());
    let rest_url = serve_on_loopback(app).await;
    let config = dir.path().join("config.toml");
    let public_key = hex(key().verifying_key().as_bytes());
    std::fs::write(
        &config,
        http_config(
            &rest_url,
            APP_ID,
            &public_key,
            &format!(
                "[store]\ndata_dir = {data:?}\n[ai]\nthreads = {threads}\nthink_ms = {think_ms}\n"
            ),
        ),
    )
    .unwrap();
    let (worker, _) = tokio::task::block_in_place(|| start_worker(&config));
    let url = worker.url.clone();

    let (mut acks, mut boards, mut computer) = (Vec::new(), Vec::new(), Vec::new());
    let mut errors = 0;
    let (mut played, mut moved) = (0, 0);
    for round in 0..rounds {
        // Each player's move, chosen before the burst from what the bot offers.
        let mut moves = Vec::new();
        for i in 0..games {
            let legal = legal_moves(&url, i).await;
            // None once the game is over (a Jumpers game can be won in a few moves).
            if let Some(mv) = legal.get((round * 7 + i) as usize % legal.len().max(1)) {
                moves.push((i, mv.clone()));
            }
        }
        moved += moves.len();
        // All within one second, each at its own time.
        let begun = tokio::time::Instant::now();
        let mut sent = Vec::new();
        for (k, (i, mv)) in moves.iter().enumerate() {
            let at = Duration::from_millis((k as u64 * 997 / moves.len() as u64) % 1_000);
            let (url, i, mv) = (url.clone(), *i, mv.clone());
            let posts_before = seen
                .0
                .lock()
                .unwrap()
                .posts
                .get(&(CHANNELS + i))
                .map_or(0, Vec::len);
            sent.push(tokio::spawn(async move {
                tokio::time::sleep_until(begun + at).await;
                let (mut payloads, who) = payloads(i);
                let mut payload = payloads.command(who, "move", &[("move", json!(mv))], None);
                let token = format!("ai-{round}-{i}");
                payload["token"] = json!(token);
                let sent = Instant::now();
                let (status, body) =
                    post(&url, payload.to_string().as_bytes(), &key(), now()).await;
                (
                    i,
                    token,
                    sent,
                    sent.elapsed(),
                    status == 200 && body["type"] == 5,
                    posts_before,
                )
            }));
        }
        let mut waiting = Vec::new();
        let mut slowest_ack = Duration::ZERO;
        for task in sent {
            let (i, token, at, ack, ok, before) = task.await.unwrap();
            acks.push(ack);
            slowest_ack = slowest_ack.max(ack);
            if ok {
                waiting.push((i, token, at, before));
            } else {
                errors += 1;
            }
        }
        // The players' own boards, then the computer's, each game's first post after the move.
        let deadline = Instant::now() + Duration::from_secs(600);
        while !waiting.is_empty() && Instant::now() < deadline {
            {
                let heard = seen.0.lock().unwrap();
                waiting.retain(|(i, token, at, before)| {
                    let answered = heard.edits.get(token).copied();
                    let posted = heard
                        .posts
                        .get(&(CHANNELS + i))
                        .and_then(|posts| posts.get(*before))
                        .copied();
                    match (answered, posted) {
                        (Some(answered), Some(posted)) => {
                            boards.push(answered.duration_since(*at));
                            computer.push(posted.duration_since(*at));
                            played += 1;
                            false
                        }
                        _ => true,
                    }
                });
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        errors += waiting.len();
        eprintln!(
            "round {}: {} moves, slowest acknowledgement {:.1} ms",
            round + 1,
            moves.len(),
            slowest_ack.as_secs_f64() * 1e3
        );
    }
    let busy = seen.0.lock().unwrap().busy;
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let slowest = computer.iter().max().copied().unwrap_or_default();
    println!(
        "{games} games vs the computer (level {}), {rounds} rounds of every player moving within \
         1 s, [ai] threads {threads}, think_ms {think_ms}:\n  acknowledgement median {:.2} ms, \
         p99 {:.2} ms; the player's own board median {:.1} ms, p99 {:.1} ms\n  the computer's \
         board after the move: median {:.0} ms, p99 {:.0} ms, slowest {:.0} ms ({played} \
         of {moved} moves answered; a game over takes no more)\n  moves told the computer was busy: {busy}; errors {errors}",
        Level::DEFAULT.get(),
        ms(percentile(&mut acks, 0.5)),
        ms(percentile(&mut acks, 0.99)),
        ms(percentile(&mut boards, 0.5)),
        ms(percentile(&mut boards, 0.99)),
        ms(percentile(&mut computer, 0.5)),
        ms(percentile(&mut computer, 0.99)),
        ms(slowest),
    );
    drop(worker);
}
