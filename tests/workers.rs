//! The real `leapfrog http` against the fake Discord: killed with SIGKILL right after it
//! confirmed moves, on sled and on PostgreSQL, it keeps every confirmed move; and two
//! workers on one PostgreSQL behave as one bot (racing moves, shared schedulers).

mod common;
mod fake_discord;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use fake_discord::{edit_of, hex, key, now, send, Payloads, Person, Rest, APP_ID};
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::store::{
    AnyStore, ClockStage, GameId, GuildId, MoveClock, PgStore, SledStore, Status, Store,
    StoreConfig,
};
use serde_json::{json, Value};

const ALICE: Person = Person {
    id: 101,
    name: "alice",
};
const BOB: Person = Person {
    id: 202,
    name: "bob",
};

/// Where the workers keep their games.
#[derive(Clone)]
enum Backend {
    Sled(std::path::PathBuf),
    Postgres { url: String, schema: String },
}

impl Backend {
    fn section(&self) -> String {
        match self {
            Self::Sled(dir) => format!("[store]\ndata_dir = {dir:?}\n"),
            Self::Postgres { url, schema } => {
                format!("[store]\nurl = \"{url}\"\nschema = \"{schema}\"\npool_size = 4\n")
            }
        }
    }

    /// Opens the store from this test process (only while no worker runs, for sled).
    fn open(&self) -> AnyStore {
        match self {
            Self::Sled(dir) => SledStore::open(&StoreConfig::sled(dir)).unwrap().into(),
            Self::Postgres { url, schema } => {
                PgStore::connect(url, 2, Some(schema)).unwrap().into()
            }
        }
    }

    fn postgres(test: &str) -> Option<Self> {
        let url = common::postgres_for_this_test(test)?;
        Some(Self::Postgres {
            url,
            schema: format!("{test}_{}", std::process::id()),
        })
    }
}

/// One `leapfrog http` process.
struct Worker {
    child: Child,
    url: String,
    _config: tempfile::TempDir,
}

impl Worker {
    fn start(rest_url: &str, backend: &Backend) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let config = dir.path().join("config.toml");
        std::fs::write(
            &config,
            format!(
                "[discord]\napi_proxy = \"{rest_url}\"\napplication_id = {APP_ID}\n\
                 public_key = \"{}\"\nregister_commands = false\nthreads = false\n\
                 [time]\ntick_seconds = 1\n{}",
                hex(key().verifying_key().as_bytes()),
                backend.section()
            ),
        )
        .unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
            .arg("--config")
            .arg(&config)
            .args(["http", "--listen", "127.0.0.1:0"])
            .env("DISCORD_TOKEN", "x")
            .env_remove("DATABASE_URL")
            .env("RUST_LOG", "warn,leapfrog=info")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let (send, lines) = mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { return };
                let _ = send.send(line);
            }
        });
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut seen = Vec::new();
        let url = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("the worker never listened:\n{}", seen.join("\n")));
            if let Some(url) = line
                .split_whitespace()
                .find(|w| w.starts_with("http://127.0.0.1:"))
            {
                break url.to_owned();
            }
            seen.push(line);
        };
        Self {
            child,
            url,
            _config: dir,
        }
    }

    /// SIGKILL: no destructor, no flush, no goodbye.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends a signed interaction; returns Discord's view of the answer: the body, or for a
/// deferred answer the edit that completed it.
async fn answer(rest: &Rest, url: &str, payload: &Value) -> Value {
    let body = send(url, payload).await;
    if body["type"] != 5 {
        return body["data"].clone();
    }
    let (_, call) = edit_of(rest, payload, 0).await;
    call.json()
}

/// The moves stored for game #1.
fn stored_moves(backend: &Backend) -> Vec<String> {
    let store = backend.open();
    common::blocking(|| store.get(GameId(1)).unwrap().moves)
}

/// Plays in cycles: start the worker, confirm three moves, kill it the moment the third is
/// confirmed (its board reached Discord), then check the store kept every confirmed move.
async fn every_confirmed_move_survives_a_kill(backend: Backend) {
    let (rest, rest_url) = Rest::start().await;
    let mut p = Payloads::new();
    let worker = common::blocking(|| Worker::start(&rest_url, &backend));
    let challenge = p.command(
        ALICE,
        "play",
        &[("game", json!("jumpers")), ("seat", json!("first"))],
        Some(BOB),
    );
    let said = answer(&rest, &worker.url, &challenge).await;
    assert!(said.to_string().contains("challenges"), "{said}");
    let accepted = answer(&rest, &worker.url, &p.component(BOB, "accept:1", &[])).await;
    assert!(
        accepted["content"].to_string().contains("<@101>"),
        "{accepted}"
    );
    common::blocking(|| worker.kill());

    let mut game = AnyGame::new(GameKind::Jumpers, &[], None).unwrap();
    let mut confirmed: Vec<String> = Vec::new();
    for cycle in 0..4 {
        let moves = common::blocking(|| stored_moves(&backend));
        assert_eq!(
            moves, confirmed,
            "after kill {cycle}: a confirmed move was lost"
        );
        let worker = common::blocking(|| Worker::start(&rest_url, &backend));
        for step in 0..3 {
            let legal = game.legal_moves();
            let mv = legal[(cycle * 7 + step * 3) % legal.len()].clone();
            let mover = if game.to_move().0 == 0 { ALICE } else { BOB };
            let shown = answer(
                &rest,
                &worker.url,
                &p.command(mover, "move", &[("move", json!(mv))], None),
            )
            .await;
            assert!(
                shown["content"]
                    .to_string()
                    .contains(&format!("played {mv}")),
                "{shown}"
            );
            game.play(&mv).unwrap();
            confirmed.push(mv);
        }
        common::blocking(|| worker.kill());
    }
    assert_eq!(common::blocking(|| stored_moves(&backend)), confirmed);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_sled_every_confirmed_move_survives_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    every_confirmed_move_survives_a_kill(Backend::Sled(dir.path().join("data"))).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_every_confirmed_move_survives_a_kill() {
    let Some(backend) = Backend::postgres("kill_postgres") else {
        return;
    };
    every_confirmed_move_survives_a_kill(backend).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_workers_on_one_postgres_are_one_bot() {
    let Some(backend) = Backend::postgres("two_workers") else {
        return;
    };
    let (rest, rest_url) = Rest::start().await;
    let (one, two) = common::blocking(|| {
        (
            Worker::start(&rest_url, &backend),
            Worker::start(&rest_url, &backend),
        )
    });
    let mut p = Payloads::new();
    let challenge = p.command(
        ALICE,
        "play",
        &[("game", json!("jumpers")), ("seat", json!("first"))],
        Some(BOB),
    );
    answer(&rest, &one.url, &challenge).await;
    answer(&rest, &two.url, &p.component(BOB, "accept:1", &[])).await;

    // Alice sends two different first moves at once, one to each worker.
    let (first, second) = (
        p.command(ALICE, "move", &[("move", json!("e3-h6"))], None),
        p.command(ALICE, "move", &[("move", json!("c3-f6"))], None),
    );
    let (a, b) = tokio::join!(
        answer(&rest, &one.url, &first),
        answer(&rest, &two.url, &second)
    );
    let stored = common::blocking(|| stored_moves(&backend));
    assert_eq!(
        stored.len(),
        1,
        "exactly one of the racing moves landed: {stored:?}"
    );
    let (landed, refused) = if stored[0] == "e3-h6" { (a, b) } else { (b, a) };
    assert!(landed["content"].to_string().contains("played"), "{landed}");
    let why = refused["content"].to_string();
    assert!(
        why.contains("turn in game #1, not yours") || why.contains("changed"),
        "the other move is refused with a reason: {refused}"
    );

    // Due alarms: reminders and timeouts of games whose clocks ran while nobody looked.
    // Both workers' schedulers tick every second; each notice must be posted once.
    let store = backend.open();
    let at = now() * 1000;
    let mut due = Vec::new();
    for (i, overdue) in [false, true, false, true].into_iter().enumerate() {
        let mut record =
            common::new_record(GameKind::Jumpers, &[301 + i as u64, 401], GuildId(77), at);
        record.place.channel = leapfrog::store::ChannelId(5_000 + i as u64);
        record.clock = Some(MoveClock {
            // A reminder is due (a quarter of the day left), or the time and grace are over.
            deadline: if overdue { at - 3_000 } else { at + 3_600_000 },
            per_move: 86_400_000,
            grace: 1_000,
            stage: ClockStage::Running,
            paused: None,
        });
        let stored = common::blocking(|| store.insert(record).unwrap());
        due.push((stored.id, stored.place.channel.0, overdue));
    }
    let settled = Instant::now() + Duration::from_secs(20);
    loop {
        let records: Vec<_> =
            common::blocking(|| due.iter().map(|(id, ..)| store.get(*id).unwrap()).collect());
        let done = records.iter().all(|r| {
            matches!(r.status, Status::Finished(_))
                || r.clock.is_some_and(|c| c.stage != ClockStage::Running)
        });
        if done {
            break;
        }
        assert!(Instant::now() < settled, "the schedulers never fired");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Three more ticks of each worker: nothing may be posted twice.
    tokio::time::sleep(Duration::from_secs(3)).await;
    for (id, channel, overdue) in &due {
        let path = format!("/channels/{channel}/messages");
        let posts: Vec<Value> = rest
            .calls()
            .iter()
            .filter(|c| c.method == "POST" && c.path == path)
            .map(fake_discord::Call::json)
            .collect();
        assert_eq!(
            posts.len(),
            1,
            "game #{id} ({}) was announced {} times: {posts:?}",
            if *overdue { "timeout" } else { "reminder" },
            posts.len()
        );
    }
    drop((one, two));
}
