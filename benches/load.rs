//! Load on `leapfrog http` (release), on loopback: `cargo bench --bench load`.
//!
//! A store of 100,000 games (95,000 finished, 5,000 in progress) is loaded with
//! `Store::import`; one or two real `leapfrog http` processes serve it, behind one address
//! (requests alternate between them, as a load balancer would); signed `/move` requests
//! arrive at a fixed rate (open loop: each is sent at its time, whether or not the earlier
//! ones were answered). Reported: the median and 99th percentile of the acknowledgement
//! (the HTTP response) and of the board reaching the fake Discord (the edit of the
//! acknowledged answer), errors, start-up time, and the store's bytes per finished game.
//!
//! Settings (environment): LOAD_BACKEND = sled | postgres (needs LEAPFROG_TEST_POSTGRES),
//! LOAD_WORKERS (1), LOAD_RATE per second (200), LOAD_SECONDS (60), LOAD_GAMES (100000),
//! LOAD_ACTIVE (5000).

// The benches' own helpers (timing), and the tests' `common`, which the fake Discord's
// helpers need.
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
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::store::{
    AnyStore, ChannelId, Dump, GameId, GameRecord, GameResult, GuildId, PgStore, Place, Player,
    SledStore, Status, Store, StoreConfig, UserId,
};
use serde_json::json;

/// A game record between two users in a channel of its own.
fn record(
    id: u64,
    users: (u64, u64),
    channel: u64,
    game: &AnyGame,
    moves: Vec<String>,
) -> GameRecord {
    GameRecord {
        id: GameId(id),
        kind: GameKind::Jumpers,
        options: Vec::new(),
        seed: 0,
        start: None,
        seats: [users.0, users.1]
            .iter()
            .map(|&u| Player::User {
                id: UserId(u),
                name: format!("u{u}"),
            })
            .collect(),
        place: Place {
            guild: Some(GuildId(77)),
            channel: ChannelId(channel),
            reach: leapfrog::store::Reach::Posts,
        },
        home: None,
        moves,
        position: game.position_text(),
        status: Status::Active,
        pending: None,
        agreed: Vec::new(),
        created: 1_700_000_000_000 + id,
        updated: 1_700_000_000_000 + id,
        days: None,
        clock: None,
        rated: false,
        tournament: None,
        version: 1,
    }
}

/// The store's contents: finished games with some moves, then the games in progress.
fn dump(games: u64, active: u64) -> Dump {
    let mut dump = Dump {
        next_game: games + 1,
        ..Dump::default()
    };
    let mut state = 7_u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for id in 1..=games - active {
        let mut game = AnyGame::new(GameKind::Jumpers, &[], None).unwrap();
        let mut moves = Vec::new();
        for _ in 0..30 {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal[(next() % legal.len() as u64) as usize].clone();
            game.play(&mv).unwrap();
            moves.push(mv);
        }
        let a = 1_000 + next() % (2 * active);
        let mut record = record(id, (a, a + 1), 1_000_000 + id, &game, moves);
        record.status = Status::Finished(GameResult::new(vec![0], "resigned"));
        dump.games.push(record);
    }
    let start = AnyGame::new(GameKind::Jumpers, &[], None).unwrap();
    for i in 0..active {
        let id = games - active + 1 + i;
        dump.games.push(record(
            id,
            (1_000 + 2 * i, 1_001 + 2 * i),
            10_000 + i,
            &start,
            Vec::new(),
        ));
    }
    dump
}

/// The fake Discord's REST side, keeping only when each answer's edit arrived.
#[derive(Clone, Default)]
struct Edits(Arc<Mutex<HashMap<String, Instant>>>);

async fn fake_rest(
    axum::extract::State(edits): axum::extract::State<Edits>,
    method: Method,
    uri: Uri,
    _body: Bytes,
) -> axum::Json<serde_json::Value> {
    if method == Method::PATCH {
        // /api/v10/webhooks/{application}/{token}/messages/@original
        let parts: Vec<&str> = uri.path().split('/').collect();
        if let Some(at) = parts.iter().position(|p| *p == "webhooks") {
            let token = parts.get(at + 2).copied().unwrap_or_default();
            edits
                .0
                .lock()
                .unwrap()
                .insert(token.to_owned(), Instant::now());
        }
    }
    axum::Json(json!({
        "id": "1", "channel_id": "2", "author": {"id": "999", "username": "leapfrog", "bot": true},
        "content": "", "timestamp": "2026-01-01T00:00:00Z", "tts": false, "mention_everyone": false,
        "mentions": [], "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0
    }))
}

fn directory_bytes(path: &std::path::Path) -> u64 {
    std::fs::read_dir(path)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| {
                    let meta = e.metadata().unwrap();
                    if meta.is_dir() {
                        directory_bytes(&e.path())
                    } else {
                        meta.len()
                    }
                })
                .sum()
        })
        .unwrap_or(0)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let backend = std::env::var("LOAD_BACKEND").unwrap_or_else(|_| "sled".into());
    let workers = setting("LOAD_WORKERS", 1).max(1);
    let rate = setting("LOAD_RATE", 200).max(1);
    let seconds = setting("LOAD_SECONDS", 60);
    let games = setting("LOAD_GAMES", 100_000);
    let active = setting("LOAD_ACTIVE", 5_000).min(games);
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let schema = format!("load_{}", std::process::id());
    let url = std::env::var("LEAPFROG_TEST_POSTGRES").ok();

    let filled = Instant::now();
    let contents = dump(games, active);
    let section = tokio::task::spawn_blocking({
        let (backend, data, schema, url) =
            (backend.clone(), data.clone(), schema.clone(), url.clone());
        move || {
            let store: AnyStore = match backend.as_str() {
                "postgres" => PgStore::connect(
                    url.as_deref().expect("LEAPFROG_TEST_POSTGRES"),
                    4,
                    Some(&schema),
                )
                .unwrap()
                .into(),
                _ => SledStore::open(&StoreConfig::sled(&data)).unwrap().into(),
            };
            store.import(&contents).unwrap();
            store.flush().unwrap();
            let bytes = match &store {
                AnyStore::Postgres(_) => {
                    let mut client =
                        postgres::Client::connect(url.as_deref().unwrap(), postgres::NoTls)
                            .unwrap();
                    let row = client
                        .query_one(
                            "SELECT SUM(pg_total_relation_size(c.oid))::BIGINT FROM pg_class c \
                             JOIN pg_namespace n ON n.oid = c.relnamespace \
                             WHERE n.nspname = $1 AND c.relkind = 'r'",
                            &[&schema],
                        )
                        .unwrap();
                    row.get::<_, i64>(0) as u64
                }
                AnyStore::Sled(_) => {
                    drop(store);
                    directory_bytes(&data)
                }
            };
            println!(
                "store: {backend}, {games} games ({active} in progress) loaded in {:.1} s; \
                 {} bytes in all, {} bytes per game",
                filled.elapsed().as_secs_f64(),
                bytes,
                bytes / games.max(1)
            );
            match backend.as_str() {
                "postgres" => format!(
                    "[store]\nurl = \"{}\"\nschema = \"{schema}\"\n",
                    url.unwrap()
                ),
                _ => format!("[store]\ndata_dir = {data:?}\n"),
            }
        }
    })
    .await
    .unwrap();

    let edits = Edits::default();
    let app = Router::new().fallback(fake_rest).with_state(edits.clone());
    let rest_url = serve_on_loopback(app).await;
    let config = dir.path().join("config.toml");
    let public_key = hex(key().verifying_key().as_bytes());
    std::fs::write(
        &config,
        http_config(&rest_url, APP_ID, &public_key, &section),
    )
    .unwrap();
    let mut running = Vec::new();
    for _ in 0..workers {
        let (worker, took) = tokio::task::block_in_place(|| start_worker(&config));
        println!(
            "worker started (store open, listening) in {} ms",
            took.as_millis()
        );
        running.push(worker);
    }
    let urls: Vec<String> = running.iter().map(|w| w.url.clone()).collect();

    // Each game's position, to choose legal moves; games are taken in turn, so one game
    // sees a move every `active / rate` seconds and never two at once.
    let mirrors: Vec<Mutex<AnyGame>> = (0..active)
        .map(|_| Mutex::new(AnyGame::new(GameKind::Jumpers, &[], None).unwrap()))
        .collect();
    let mirrors = Arc::new(mirrors);
    let results = Arc::new(Mutex::new((Vec::new(), Vec::new(), 0_u64)));
    let total = rate * seconds;
    let every = Duration::from_secs_f64(1.0 / rate as f64);
    let begun = tokio::time::Instant::now();
    let mut tasks = Vec::new();
    for n in 0..total {
        tokio::time::sleep_until(begun + every * n as u32).await;
        let (mirrors, results, edits) = (Arc::clone(&mirrors), Arc::clone(&results), edits.clone());
        let url = urls[n as usize % urls.len()].clone();
        let index = n % active;
        tasks.push(tokio::spawn(async move {
            // Past saturation an answer can take longer than a game's turn in the cycle, and
            // the mirror then runs behind the store: such a move is refused (an error below),
            // and a mirror left with no move sends nothing.
            let (mv, mover) = {
                let game = mirrors[index as usize].lock().unwrap();
                let legal = game.legal_moves();
                if legal.is_empty() {
                    return;
                }
                let mover = 1_000 + 2 * index + u64::from(game.to_move().0);
                (legal[(n as usize * 7) % legal.len()].clone(), mover)
            };
            let mut payloads = Payloads::new();
            payloads.channel = 10_000 + index;
            let person = Person {
                id: mover,
                name: "player",
            };
            let mut payload = payloads.command(person, "move", &[("move", json!(mv))], None);
            let token = format!("load-{n}");
            payload["token"] = json!(token);
            let sent = Instant::now();
            let (status, body) = post(&url, payload.to_string().as_bytes(), &key(), now()).await;
            let ack = sent.elapsed();
            let ok = status == 200 && body["type"] == 5;
            let mut board = None;
            if ok {
                // Accepted: the next move in this game is the other side's.
                let _ = mirrors[index as usize].lock().unwrap().play(&mv);
                let deadline = Instant::now() + Duration::from_secs(10);
                while Instant::now() < deadline {
                    if let Some(at) = edits.0.lock().unwrap().get(&token) {
                        board = Some(at.duration_since(sent));
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(1)).await;
                }
            }
            let mut results = results.lock().unwrap();
            results.0.push(ack);
            match board {
                Some(board) if ok => results.1.push(board),
                _ => {
                    results.2 += 1;
                    if results.2 <= 3 {
                        eprintln!("error: {status} {body}");
                    }
                }
            }
        }));
    }
    let sending = begun.elapsed();
    for task in tasks {
        task.await.unwrap();
    }
    let results = results.lock().unwrap();
    let (acks, boards, errors) = (&mut results.0.clone(), &mut results.1.clone(), results.2);
    println!(
        "{backend}, {workers} worker(s): {total} moves at {rate}/s over {:.1} s: \
         acknowledgement median {:.2} ms, p99 {:.2} ms; board median {:.1} ms, p99 {:.1} ms; \
         errors {errors}",
        sending.as_secs_f64(),
        percentile(acks, 0.5).as_secs_f64() * 1e3,
        percentile(acks, 0.99).as_secs_f64() * 1e3,
        percentile(boards, 0.5).as_secs_f64() * 1e3,
        percentile(boards, 0.99).as_secs_f64() * 1e3,
    );
    drop(running);
}
