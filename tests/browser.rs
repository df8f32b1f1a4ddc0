//! The game page in a real browser: headless Chromium driven through its WebDriver
//! (chromedriver, from Debian's packages; `.ci/run` installs them). A window per player,
//! phones' and a desktop's, in each of the four games (Skakanie with three players): each
//! player plays only by tapping the places the page lights up (or its buttons), every move
//! lands as `/move` would, and the other windows show it without being touched (the live
//! channel). The Activity's test plays Discord's side of the Embedded App SDK. Screenshots of each window go to
//! `target/screenshots/` to be looked at.
//!
//! Without chromedriver the test says it is skipped; with `LEAPFROG_REQUIRE_BROWSER=1` (as
//! `.ci/run` sets) it fails instead.

mod common;
mod fake_discord;

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use leapfrog::games::GameKind;
use leapfrog::play::Play;
use leapfrog::store::{GameId, GuildId, Store, UserId};
use leapfrog::web::{personal_path, LinkKey, Site};
use serde_json::{json, Value};

/// chromedriver, stopped when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    /// Starts chromedriver on a free port, or says why the test is skipped.
    async fn start() -> Option<Self> {
        let Some(binary) = ["chromedriver", "/usr/bin/chromedriver"]
            .into_iter()
            .find(|b| Command::new(b).arg("--version").output().is_ok())
        else {
            assert!(
                std::env::var("LEAPFROG_REQUIRE_BROWSER").map_or(true, |v| v != "1"),
                "the browser test needs chromedriver (apt-get install chromium chromium-driver)"
            );
            eprintln!("browser test skipped: no chromedriver");
            return None;
        };
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(binary)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let driver = Self {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let until = Instant::now() + Duration::from_secs(20);
        while Instant::now() < until {
            if let Ok(answer) = reqwest::get(format!("{}/status", driver.url)).await {
                let status: Value = serde_json::from_str(&answer.text().await.unwrap()).unwrap();
                if status["value"]["ready"] == true {
                    return Some(driver);
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("chromedriver did not start");
    }

    /// A new headless browser window of `width` × `height` CSS pixels.
    async fn window(&self, width: u32, height: u32) -> Window {
        let chrome = json!({
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     format!("--window-size={width},{height}")],
        });
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": chrome } } });
        let answer = send(
            reqwest::Client::new()
                .post(format!("{}/session", self.url))
                .json_body(&caps),
        )
        .await;
        let id = answer["value"]["sessionId"]
            .as_str()
            .expect("a session")
            .to_owned();
        Window {
            base: format!("{}/session/{id}", self.url),
        }
    }
}

/// reqwest without its `json` feature: a JSON body by hand.
trait JsonBody {
    fn json_body(self, body: &Value) -> Self;
}

impl JsonBody for reqwest::RequestBuilder {
    fn json_body(self, body: &Value) -> Self {
        self.header("content-type", "application/json")
            .body(body.to_string())
    }
}

async fn send(request: reqwest::RequestBuilder) -> Value {
    let answer = request.send().await.unwrap();
    serde_json::from_str(&answer.text().await.unwrap()).unwrap()
}

/// One browser window (a WebDriver session).
struct Window {
    base: String,
}

impl Window {
    async fn post(&self, path: &str, body: Value) -> Value {
        send(
            reqwest::Client::new()
                .post(format!("{}{path}", self.base))
                .json_body(&body),
        )
        .await
    }

    async fn goto(&self, url: &str) {
        self.post("/url", json!({ "url": url })).await;
    }

    /// Goes to `url` and waits for it to load (up to the session's page-load timeout): the
    /// WebDriver error when it does not.
    async fn load(&self, url: &str) -> Result<(), Value> {
        let answer = self.post("/url", json!({ "url": url })).await;
        match &answer["value"] {
            Value::Null => Ok(()),
            _ => Err(answer),
        }
    }

    /// A page that has not loaded in `within` fails to load instead of being waited for.
    async fn page_load_timeout(&self, within: Duration) {
        let answer = self
            .post(
                "/timeouts",
                json!({ "pageLoad": within.as_millis() as u64 }),
            )
            .await;
        assert!(answer["value"].is_null(), "timeouts: {answer}");
    }

    /// Opens a new tab of the same browser and looks into it: its handle.
    async fn new_tab(&self) -> String {
        let answer = self.post("/window/new", json!({ "type": "tab" })).await;
        let handle = answer["value"]["handle"]
            .as_str()
            .unwrap_or_else(|| panic!("a new tab: {answer}"))
            .to_owned();
        self.switch_to(&handle).await;
        handle
    }

    /// Looks into the tab `handle`.
    async fn switch_to(&self, handle: &str) {
        let answer = self.post("/window", json!({ "handle": handle })).await;
        assert!(answer["value"].is_null(), "switching tabs: {answer}");
    }

    /// The value of `script` run in the page.
    async fn run(&self, script: &str) -> Value {
        self.post("/execute/sync", json!({ "script": script, "args": [] }))
            .await["value"]
            .clone()
    }

    /// Waits (up to `within`) until `script` gives `true`.
    async fn until(&self, script: &str, within: Duration) -> bool {
        let until = Instant::now() + within;
        while Instant::now() < until {
            if self.run(script).await == true {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        false
    }

    /// Taps the element `css` as a finger would (WebDriver's click: scrolled into view,
    /// hit where it is drawn).
    async fn tap(&self, css: &str) {
        let found = self
            .post("/element", json!({ "using": "css selector", "value": css }))
            .await;
        let element = found["value"]
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("no {css}: {found}"))
            .to_owned();
        let clicked = self
            .post(&format!("/element/{element}/click"), json!({}))
            .await;
        assert!(clicked["value"].is_null(), "tapping {css}: {clicked}");
    }

    /// The element `css`, as WebDriver names it.
    async fn element(&self, css: &str) -> Value {
        let found = self
            .post("/element", json!({ "using": "css selector", "value": css }))
            .await;
        assert!(found["value"].is_object(), "no {css}: {found}");
        found["value"].clone()
    }

    /// Drags a finger from the element `from` to the element `to` (WebDriver's actions:
    /// pressed on one, moved, lifted on the other).
    async fn drag(&self, from: &str, to: &str) {
        let (from, to) = (self.element(from).await, self.element(to).await);
        let done = self
            .post(
                "/actions",
                json!({ "actions": [{
                    "type": "pointer",
                    "id": "finger",
                    "parameters": { "pointerType": "touch" },
                    "actions": [
                        { "type": "pointerMove", "origin": from, "x": 0, "y": 0 },
                        { "type": "pointerDown", "button": 0 },
                        { "type": "pointerMove", "origin": to, "x": 0, "y": 0, "duration": 150 },
                        { "type": "pointerUp", "button": 0 }
                    ]
                }]}),
            )
            .await;
        assert!(done["value"].is_null(), "dragging: {done}");
    }

    async fn screenshot(&self, name: &str) {
        let answer = send(reqwest::Client::new().get(format!("{}/screenshot", self.base))).await;
        let png = base64_decode(answer["value"].as_str().unwrap());
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
    }

    /// Cuts the window's network off (Chromium's network conditions), or brings it back.
    async fn offline(&self, off: bool) {
        let conditions = json!({ "network_conditions": {
            "offline": off, "latency": 0, "download_throughput": -1, "upload_throughput": -1 } });
        let answer = self.post("/chromium/network_conditions", conditions).await;
        assert!(answer["value"].is_null(), "network conditions: {answer}");
    }

    /// Looks into the page's first frame (WebDriver's "switch to frame"), or back at the
    /// page itself with `None`.
    async fn frame(&self, index: Option<u32>) {
        let answer = match index {
            Some(index) => self.post("/frame", json!({ "id": index })).await,
            None => self.post("/frame/parent", json!({})).await,
        };
        assert!(answer["value"].is_null(), "switching frames: {answer}");
    }

    /// The value `script` hands its callback (WebDriver's asynchronous script: the callback
    /// is the last of `arguments`).
    async fn run_async(&self, script: &str) -> Value {
        self.post("/execute/async", json!({ "script": script, "args": [] }))
            .await["value"]
            .clone()
    }

    /// Presses `keys` one after another on the focused element, as a keyboard does
    /// (WebDriver's key actions; `"\u{E004}"` is Tab, `"\u{E007}"` Enter, `"\u{E014}"`
    /// the right arrow).
    async fn keys(&self, keys: &[&str]) {
        let actions: Vec<Value> = keys
            .iter()
            .flat_map(|key| {
                [
                    json!({ "type": "keyDown", "value": key }),
                    json!({ "type": "keyUp", "value": key }),
                ]
            })
            .collect();
        let done = self
            .post(
                "/actions",
                json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": actions }] }),
            )
            .await;
        assert!(done["value"].is_null(), "pressing keys: {done}");
    }

    /// The serious and critical accessibility violations axe-core (npm, `front/`) finds on
    /// the page shown, each as "rule (impact): where, …". `npm --prefix front ci`, which
    /// `.ci/run` does first, puts axe-core where this reads it.
    async fn axe(&self) -> Vec<String> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("front/node_modules/axe-core/axe.min.js");
        let source = std::fs::read_to_string(&path).unwrap_or_else(|error| {
            panic!("{}: {error}; run 'npm --prefix front ci'", path.display())
        });
        let loaded = self
            .post("/execute/sync", json!({ "script": source, "args": [] }))
            .await;
        assert!(loaded["value"].is_null(), "axe-core did not load: {loaded}");
        let found = self
            .run_async(
                "const done = arguments[arguments.length - 1];\
                 axe.run(document, { resultTypes: ['violations'] }).then((r) => done(\
                   r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')\
                   .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4)\
                     .map((n) => n.target.join(' ') + ' ' + (n.failureSummary || '').split('\\n').slice(1, 2).join(''))\
                     .join(' | ')}`))).catch((e) => done([`axe failed: ${e}`]));",
            )
            .await;
        found
            .as_array()
            .unwrap_or_else(|| panic!("axe answered {found}"))
            .iter()
            .map(|v| v.as_str().unwrap_or_default().to_owned())
            .collect()
    }

    /// Asserts axe-core finds no serious or critical violation on the page shown (`what`).
    async fn accessible(&self, what: &str) {
        let found = self.axe().await;
        assert!(found.is_empty(), "{what}: {found:#?}");
    }

    async fn close(&self) {
        let _ = reqwest::Client::new().delete(&self.base).send().await;
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD
        .decode(text)
        .expect("base64")
}

fn key() -> LinkKey {
    LinkKey::from_bytes(b"the browser test's key")
}

fn link(site: &str, game: GameId, user: u64, lang: &str) -> String {
    format!(
        "{site}{}&lang={lang}",
        personal_path(&key(), game, UserId(user), common::unix_seconds(), 1)
    )
}

/// Plays the first move the game offers, as the page of the player to move sends it (their
/// link's token, `POST /api/games/N/act`): the plies the game then has.
async fn move_by_api(site: &str, game: GameId) -> u64 {
    let view = api_view(site, game).await;
    let mover = view["to_move"].as_u64().expect("a game going on") + 1;
    let path = personal_path(&key(), game, UserId(mover), common::unix_seconds(), 1);
    let token = path.split_once("?t=").unwrap().1;
    let plies = view["plies"].as_u64().unwrap();
    let answer = reqwest::Client::new()
        .post(format!("{site}/api/games/{game}/act?lang=en"))
        .bearer_auth(token)
        .header("content-type", "application/json")
        .header("sec-fetch-site", "same-origin")
        .body(
            json!({ "what": view["choices"][0]["text"], "answer": false, "plies": plies })
                .to_string(),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200, "{}", answer.text().await.unwrap());
    plies + 1
}

/// The pages of a new store holding `games` games of Jump Sturdy (players 1 and 2), able to
/// play, served on loopback: the address, the games and the play layer.
async fn serve_games(games: usize) -> (String, Vec<GameId>, Arc<Play<leapfrog::store::AnyStore>>) {
    let store = common::temporary_store();
    let ids = common::blocking(|| {
        (0..games)
            .map(|_| {
                store
                    .insert(common::new_record(
                        GameKind::JumpSturdy,
                        &[1, 2],
                        GuildId(1),
                        1_000,
                    ))
                    .unwrap()
                    .id
            })
            .collect()
    });
    let play = Arc::new(Play::new(store));
    let (herald, mut heard) = tokio::sync::mpsc::unbounded_channel();
    // What the channels are told is not looked at here.
    tokio::spawn(async move { while heard.recv().await.is_some() {} });
    let site = Site::new(Arc::clone(&play), key())
        .with_herald(herald)
        .with_rate(10_000);
    let router = leapfrog::web::router(Arc::new(site));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (address, ids, play)
}

/// The script that says whether the page shown is game `game`'s, loaded, at `plies` plies.
fn showing(game: GameId, plies: u64) -> String {
    format!(
        "return document.readyState === 'complete' && document.body.dataset.id === '{game}' \
         && document.body.dataset.plies === '{plies}'"
    )
}

async fn api_view(site: &str, game: GameId) -> Value {
    let answer = reqwest::get(format!("{site}/api/games/{game}"))
        .await
        .unwrap();
    serde_json::from_str(&answer.text().await.unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_players_play_by_tapping_and_each_window_follows_the_others() {
    let Some(driver) = Driver::start().await else {
        return;
    };
    for (kind, lang, seats) in [
        (GameKind::JumpSturdy, "en", &[1, 2][..]),
        (GameKind::Gyges, "ru", &[1, 2]),
        (GameKind::Jumpers, "pl", &[1, 2]),
        // Three players, each action a button.
        (GameKind::Skakanie, "en", &[1, 2, 3]),
    ] {
        let store = common::temporary_store();
        let record = common::blocking(|| {
            store
                .insert(common::new_record(kind, seats, GuildId(1), 1_000))
                .unwrap()
        });
        let game = record.id;
        let play = Arc::new(Play::new(store));
        let (herald, mut heard) = tokio::sync::mpsc::unbounded_channel();
        let site = Site::new(Arc::clone(&play), key())
            .with_herald(herald)
            .with_rate(10_000);
        let router = leapfrog::web::router(Arc::new(site));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });

        // A phone and a desktop (and a phone again for a third player).
        let mut windows = Vec::new();
        for seat in 0..seats.len() {
            let (width, height) = if seat % 2 == 0 {
                (390, 844)
            } else {
                (1280, 800)
            };
            windows.push(driver.window(width, height).await);
        }
        const SIZES: [&str; 2] = ["390x844", "1280x800"];
        for (seat, window) in windows.iter().enumerate() {
            window
                .goto(&link(&address, game, seat as u64 + 1, lang))
                .await;
        }
        let mut told_turns = 0;
        // What a tab's title starts with while it is its reader's move.
        let your_move =
            send(reqwest::Client::new().get(format!("{address}/api/games/{}?lang={lang}", game.0)))
                .await["words"]["tab_your_move"]
                .as_str()
                .unwrap()
                .to_owned();
        // The tab's title and its icon.
        let lit = "document.getElementById('icon').href.endsWith('/assets/icon-your-move.svg')";
        let says_your_move = format!("return document.title.startsWith({your_move:?}) && {lit}");
        let says_any = format!("return document.title.startsWith({your_move:?}) || {lit}");
        // What the page says between taps, by kind of move: checked after each tap.
        let hints: Vec<(String, Vec<String>)> = serde_json::from_value(
            send(reqwest::Client::new().get(format!("{address}/api/games/{}?lang={lang}", game.0)))
                .await["words"]["hints"]
                .clone(),
        )
        .unwrap();
        let hints: std::collections::HashMap<String, Vec<String>> = hints.into_iter().collect();
        // Each player sees their own side below the board, the others above it; a board
        // that turns is turned for the player whose side the picture draws at the top.
        for (seat, window) in windows.iter().enumerate() {
            let below = format!(
                "return document.querySelector('#below .seat.you')?.dataset.seat === '{seat}' \
                 && document.querySelectorAll('#above .seat').length === {}",
                seats.len() - 1
            );
            assert!(
                window.until(&below, Duration::from_secs(5)).await,
                "{kind:?}: window {seat} does not show its player below the board"
            );
            let turns = matches!(kind, GameKind::Gyges | GameKind::JumpSturdy);
            let turned = window.run("return document.body.dataset.turned").await;
            assert_eq!(
                turned,
                if turns && seat == 1 { "1" } else { "0" },
                "{kind:?}: window {seat}"
            );
        }
        // The engine's own game beside the page's: every move the page plays must be one
        // the engine takes.
        let mut mirror = common::rebuild(&record);
        // The whole game, to its end.
        for ply in 0.. {
            let view = api_view(&address, game).await;
            let choices = view["choices"].as_array().unwrap();
            if choices.is_empty() {
                assert!(
                    mirror.outcome().is_finished(),
                    "{kind:?}: stuck at ply {ply}"
                );
                break;
            }
            assert!(ply < 400, "{kind:?}: no end after {ply} plies");
            if ply == 6 {
                for (seat, window) in windows.iter().enumerate().take(2) {
                    window
                        .screenshot(&format!("{}-{lang}-{}-playing", kind.name(), SIZES[seat]))
                        .await;
                }
            }
            let seat = view["to_move"].as_u64().unwrap() as usize;
            let mover = &windows[seat];
            // The mover's tab says it is their move; nobody else's does.
            assert!(
                mover.until(&says_your_move, Duration::from_secs(10)).await,
                "{kind:?} ply {ply}: the mover's tab does not say it is their move"
            );
            for (other, window) in windows.iter().enumerate().filter(|(o, _)| *o != seat) {
                assert_eq!(
                    window.run(&says_any).await,
                    false,
                    "{kind:?} ply {ply}: window {other}'s tab says it is its move"
                );
            }
            // The move: one that brings the game nearer its end, as the page offers it.
            let wanted = common::finishing_move(&mirror);
            let choice = choices
                .iter()
                .find(|c| c["text"] == wanted.as_str())
                .unwrap_or_else(|| panic!("{kind:?}: the page does not offer {wanted}"));
            // Several moves with the same taps (a Gygès placement: which size; every
            // Skakanie action, tapped nowhere) end with a button.
            let shared = choices
                .iter()
                .filter(|d| d["taps"] == choice["taps"])
                .count()
                > 1
                || choice["taps"].as_array().unwrap().is_empty();
            let taps: Vec<&str> = choice["taps"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap())
                .collect();
            // One move of each game is typed, as `/move` takes it: first a wrong one, which
            // is refused with its reason and plays nothing.
            let typed = ply == 2;
            if typed {
                assert!(
                    mover
                        .until(
                            "return !document.getElementById('typed').hidden",
                            Duration::from_secs(10)
                        )
                        .await,
                    "{kind:?}: no box to type a move in"
                );
                for text in ["zz9", choice["text"].as_str().unwrap()] {
                    mover
                        .run(&format!(
                            "const input = document.getElementById('typed-move'); \
                             input.value = {text:?}; \
                             document.querySelector('#typed button').click(); return true;"
                        ))
                        .await;
                    if text == "zz9" {
                        let refused = "const n = document.getElementById('note').textContent; \
                             return n.length > 3 && n !== '…' && n.includes('zz9');";
                        assert!(
                            mover.until(refused, Duration::from_secs(5)).await,
                            "{kind:?}: a wrong typed move was not refused with its words"
                        );
                    }
                }
            }
            // Now and then a piece is dragged where it goes instead of tapped twice.
            let dragged = !typed && choice["kind"] == "move" && ply % 4 == 1;
            if dragged {
                let (from, to) = (
                    format!("rect.spot.from[data-name='{}']", taps[0]),
                    format!("rect.spot[data-name='{}']", taps[1]),
                );
                assert!(
                    mover
                        .until(
                            &format!("return !!document.querySelector(\"{from}\")"),
                            Duration::from_secs(10)
                        )
                        .await,
                    "{kind:?} ply {ply}: {} never lit up",
                    taps[0]
                );
                mover.drag(&from, &to).await;
            }
            for (i, tap) in taps.iter().enumerate().filter(|_| !dragged && !typed) {
                // The first tap waits for the page to learn it is its turn (live channel).
                let (class, within) = if i == 0 { ("from", 10) } else { ("dest", 5) };
                // A Gygès piece in hand is tapped as its picture in the mover's hand.
                let css = if tap.starts_with("hand-") {
                    format!(".seat[data-seat='{seat}'] button.hand.lit[data-tap='{tap}']")
                } else {
                    format!("rect.spot.{class}[data-name='{tap}']")
                };
                assert!(
                    mover
                        .until(
                            &format!("return !!document.querySelector(\"{css}\")"),
                            Duration::from_secs(within)
                        )
                        .await,
                    "{kind:?} ply {ply}: {tap} never lit up as {class}"
                );
                mover.tap(&css).await;
                // Between taps, the page says what the next one does.
                if i + 1 < taps.len() {
                    let kind_of = choice["kind"].as_str().unwrap();
                    let hint = &hints[kind_of][i];
                    let says =
                        format!("return document.getElementById('note').textContent === {hint:?}");
                    assert!(
                        mover.until(&says, Duration::from_secs(5)).await,
                        "{kind:?} ply {ply}: after {tap} the note does not say {hint:?}"
                    );
                }
            }
            if shared && !typed {
                let label = choice["label"].as_str().unwrap();
                let script = format!(
                    "const b = [...document.querySelectorAll('button.choice')]\
                     .find(b => b.textContent === {label:?}); if (b) b.click(); return !!b;"
                );
                assert!(
                    mover.until(&script, Duration::from_secs(5)).await,
                    "{kind:?} ply {ply}: no button for {label}"
                );
            }
            // The move landed, as `/move` would have: the store has it.
            let until = Instant::now() + Duration::from_secs(10);
            let stored = loop {
                let stored = common::blocking(|| play.store().get(game).unwrap());
                if stored.moves.len() > ply || Instant::now() > until {
                    break stored;
                }
                tokio::time::sleep(Duration::from_millis(25)).await;
            };
            if stored.moves.len() <= ply {
                let note = mover
                    .run("return document.getElementById('note').textContent")
                    .await;
                panic!(
                    "{kind:?} ply {ply}: {} was never played ({note})",
                    choice["text"]
                );
            }
            assert_eq!(
                stored.moves.last().map(String::as_str),
                choice["text"].as_str()
            );
            mirror.play(&wanted).unwrap();
            // The channel is told as after `/move`: of every move, and in Skakanie of each
            // turn once its actions are done.
            let turn_over = api_view(&address, game).await["to_move"] != view["to_move"];
            if kind != GameKind::Skakanie || turn_over {
                let told = common::told(
                    tokio::time::timeout(Duration::from_secs(10), heard.recv())
                        .await
                        .unwrap_or_else(|_| panic!("{kind:?} ply {ply}: the channel was not told"))
                        .unwrap(),
                );
                assert_eq!(told.game, game);
                told_turns += 1;
            }
            // The other windows show it without a touch, within a second.
            for (other, window) in windows.iter().enumerate().filter(|(o, _)| *o != seat) {
                let seen = window
                    .until(
                        &format!("return document.body.dataset.plies === '{}'", ply + 1),
                        Duration::from_secs(1),
                    )
                    .await;
                assert!(
                    seen,
                    "{kind:?} ply {ply}: window {other} did not follow within 1 s"
                );
                // And tells screen readers which move arrived.
                let said = window
                    .run("return document.getElementById('said').textContent")
                    .await;
                let said = said.as_str().unwrap_or_default();
                assert!(
                    said.contains(choice["text"].as_str().unwrap()),
                    "{kind:?} ply {ply}: window {other} said {said:?}"
                );
            }
        }
        assert!(told_turns > 0, "{kind:?}: the channel heard of no turn");
        // Once the game is over no page still says it waits for a move (or for its own
        // move to land): the loser's window used to keep "Waiting for the other player's
        // move" after the last move.
        let wait = api_view(&address, game).await["words"]["wait"].clone();
        for (seat, window) in windows.iter().enumerate() {
            let note = window
                .run("return document.getElementById('note').textContent")
                .await;
            assert!(
                note != wait && note != "…",
                "{kind:?}: window {seat} still says {note} after the end"
            );
        }
        eprintln!("{kind:?}: {} plies played by tapping", mirror.moves().len());
        // The finished game in each language, on a phone and a desktop.
        for (seat, window) in windows.iter().enumerate() {
            if seat < 2 {
                for reader in ["en", "ru", "pl"] {
                    window
                        .goto(&link(&address, game, seat as u64 + 1, reader))
                        .await;
                    assert!(
                        window
                            .until(
                                "const b = document.getElementById('board'); \
                                 return !!b && b.complete && b.naturalWidth > 0",
                                Duration::from_secs(5)
                            )
                            .await,
                        "{kind:?}: the board was not drawn in {reader}"
                    );
                    window
                        .screenshot(&format!("{}-{reader}-{}", kind.name(), SIZES[seat]))
                        .await;
                }
            }
            window.close().await;
        }
    }
}

/// Serves `tests/activity/parent.html` (the fake of Discord's client) on a loopback port of
/// its own, another origin than the app's, as Discord's is: its origin.
async fn fake_discord_client() -> String {
    let page = include_str!("activity/parent.html");
    let router = axum::Router::new().route(
        "/parent.html",
        axum::routing::get(move || async move { axum::response::Html(page) }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    origin
}

#[tokio::test(flavor = "multi_thread")]
async fn inside_discord_the_activity_knows_the_player_and_plays_by_tapping() {
    let Some(driver) = Driver::start().await else {
        return;
    };
    let (_rest, rest_url) = fake_discord::Rest::start().await;
    let client = fake_discord_client().await;
    // alice (101, as the fake client's OAuth2 code says) against bob, in the channel the
    // Activity is opened in.
    let store = common::temporary_store();
    let mut record = common::new_record(GameKind::JumpSturdy, &[101, 202], GuildId(111), 1_000);
    record.place.channel = leapfrog::store::ChannelId(222);
    let record = common::blocking(|| store.insert(record).unwrap());
    let game = record.id;
    let play = Arc::new(Play::new(store));
    let (herald, mut heard) = tokio::sync::mpsc::unbounded_channel();
    let activity = leapfrog::web::Activity::new(
        fake_discord::APP_ID,
        fake_discord::OAUTH_SECRET.to_owned(),
        format!("{rest_url}/api/v10"),
    )
    .with_bot_token("bot-token".to_owned());
    let site = Site::new(Arc::clone(&play), key())
        .with_herald(herald)
        .with_activity(activity)
        .with_frame_ancestors(vec![client.clone()]);
    let router = leapfrog::web::router(Arc::new(site));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });

    let window = driver.window(390, 844).await;
    let target: String = format!("{address}/activity?lang=en")
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    window
        .goto(&format!("{client}/parent.html?target={target}"))
        .await;
    // Inside the Activity's frame: Discord said who is there, the game is listed as hers.
    window.frame(Some(0)).await;
    let listed = window
        .until(
            "return !!document.querySelector('li.game.yours.your-turn a.open')",
            Duration::from_secs(15),
        )
        .await;
    let note = window
        .run("const n = document.getElementById('note'); return n ? n.textContent : null")
        .await;
    assert!(listed, "alice's game never showed in the Activity: {note}");
    window.screenshot("activity-list-en-390x844").await;
    window.tap("li.game.yours a.open").await;
    // Her game's page, in the same frame, knows her: she plays by tapping.
    let view = api_view(&address, game).await;
    let choice = view["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| !c["taps"].as_array().unwrap().is_empty())
        .unwrap()
        .clone();
    // First with the network gone: the page says the move was not played, and it was not.
    window.offline(true).await;
    tap_move(&window, &choice).await;
    assert!(
        window
            .until(
                "return document.getElementById('note').textContent.includes('did not reach')",
                Duration::from_secs(10)
            )
            .await,
        "a move lost on the way was not said"
    );
    let stored = common::blocking(|| play.store().get(game).unwrap());
    assert!(stored.moves.is_empty());
    window.offline(false).await;
    tap_move(&window, &choice).await;
    let told = common::told(
        tokio::time::timeout(Duration::from_secs(10), heard.recv())
            .await
            .expect("the move was never played")
            .unwrap(),
    );
    assert_eq!(told.game, game);
    let stored = common::blocking(|| play.store().get(game).unwrap());
    assert_eq!(
        stored.moves,
        vec![choice["text"].as_str().unwrap().to_owned()]
    );
    // Nothing was proposed: there is nothing to decline.
    assert!(
        window
            .until(
                "return document.body.dataset.plies === '1' && !!document.querySelector('button.answer.resign') \
                 && !document.querySelector('button.draw-decline, button.takeback-decline')",
                Duration::from_secs(5)
            )
            .await,
        "the page offers to decline what nobody proposed"
    );
    window.screenshot("activity-game-en-390x844").await;
    // Discord's side saw the SDK authorize, authenticate, and the game page keep in touch.
    window.frame(None).await;
    let seen = window.run("return window.seen.map(m => m.cmd)").await;
    let seen: Vec<&str> = seen
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        seen.contains(&"AUTHORIZE") && seen.contains(&"AUTHENTICATE"),
        "{seen:?}"
    );
    let handshakes = window
        .run("return Number(document.body.dataset.handshakes)")
        .await;
    assert!(
        handshakes.as_u64().unwrap() >= 2,
        "the game page did not shake hands: {handshakes}"
    );

    // Her puzzles, from the list, in the same frame: the page offers a first one, and Next
    // puzzle keeps Discord's parameters, so the puzzle's page keeps its SDK as a game's does.
    window
        .goto(&format!("{client}/parent.html?target={target}"))
        .await;
    window.frame(Some(0)).await;
    assert!(
        window
            .until(
                "return !!document.querySelector('.puzzles a.open')",
                Duration::from_secs(15)
            )
            .await,
        "no puzzles in the Activity's list"
    );
    window.accessible("the Activity's list").await;
    window.tap(".puzzles a.open").await;
    assert!(
        window
            .until(
                "return !!document.querySelector('main form button.answer')",
                Duration::from_secs(5)
            )
            .await,
        "the puzzle page offers no first puzzle"
    );
    window.tap("main form button.answer").await;
    assert!(
        window
            .until(
                "return document.getElementById('puzzle') !== null \
                 && new URLSearchParams(location.search).has('frame_id') \
                 && !!document.querySelector('script[src=\"/assets/activity.js\"]') \
                 && document.querySelectorAll('#spots rect.spot.from').length > 0",
                Duration::from_secs(10)
            )
            .await,
        "the puzzle did not open inside the Activity"
    );
    window.accessible("a puzzle inside the Activity").await;
    window.screenshot("activity-puzzle-en-390x844").await;
    window.frame(None).await;

    // A new game from the Activity: alice opens a challenge by tapping; bob, in the same
    // Activity on his phone, sees it come without reloading and accepts it; alice's list
    // then shows the game begun, live too.
    let opened = format!("{client}/parent.html?target={target}");
    window.goto(&opened).await;
    window.frame(Some(0)).await;
    let bob = driver.window(390, 844).await;
    bob.goto(&format!("{opened}&code=code-202")).await;
    bob.frame(Some(0)).await;
    for who in [&window, &bob] {
        assert!(
            who.until(
                "return document.body.dataset.listed >= '1'",
                Duration::from_secs(15)
            )
            .await,
            "the Activity's list never showed"
        );
    }
    window
        .tap("button.new[data-kind='jumpers'][data-computer='false']")
        .await;
    assert!(
        window
            .until(
                "return !!document.querySelector('li.challenge button.answer.cancel')",
                Duration::from_secs(5)
            )
            .await,
        "alice's challenge is not in her list"
    );
    let challenge = heard_challenge(&mut heard).await;
    assert!(
        bob.until(
            &format!("return !!document.querySelector(\"li.challenge[data-game='{challenge}'] button.answer.accept\")"),
            Duration::from_secs(2)
        )
        .await,
        "bob's list did not show the challenge by itself"
    );
    bob.screenshot("activity-challenge-en-390x844").await;
    bob.tap(&format!(
        "li.challenge[data-game='{challenge}'] button.answer.accept"
    ))
    .await;
    let until = Instant::now() + Duration::from_secs(5);
    while !matches!(
        common::blocking(|| play.store().get(GameId(challenge)).unwrap()).status,
        leapfrog::store::Status::Active
    ) {
        assert!(Instant::now() < until, "bob's tap did not start the game");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(
        window
            .until(
                "return !document.querySelector('li.challenge') && \
                 document.querySelectorAll('li.game.yours a.open').length === 2",
                Duration::from_secs(2)
            )
            .await,
        "alice's list did not follow by itself"
    );
    window.screenshot("activity-list-after-en-390x844").await;
    bob.close().await;
    window.close().await;
}

/// The game of the next challenge the channel is told of.
async fn heard_challenge(
    heard: &mut tokio::sync::mpsc::UnboundedReceiver<Vec<leapfrog::play::Later>>,
) -> u64 {
    let told = common::told(
        tokio::time::timeout(Duration::from_secs(10), heard.recv())
            .await
            .expect("the challenge was never posted")
            .unwrap(),
    );
    told.game.0
}

/// Plays `choice` (from the view's choices) by tapping its places, each once it lights up.
async fn tap_move(window: &Window, choice: &Value) {
    for (i, tap) in choice["taps"].as_array().unwrap().iter().enumerate() {
        let class = if i == 0 { "from" } else { "dest" };
        let css = format!("rect.spot.{class}[data-name='{}']", tap.as_str().unwrap());
        assert!(
            window
                .until(
                    &format!("return !!document.querySelector(\"{css}\")"),
                    Duration::from_secs(10)
                )
                .await,
            "{css} never lit up"
        );
        window.tap(&css).await;
    }
}

/// Positions of every game worth drawing: the start, a game under way with its last move
/// marked, and for Skakanie four players with pieces in their pools.
fn positions_to_draw() -> Vec<(String, leapfrog::games::AnyGame)> {
    use leapfrog::games::AnyGame;
    let mut games = Vec::new();
    for kind in GameKind::ALL {
        let start = AnyGame::new(kind, &[], None).unwrap();
        let mut played = start.clone();
        for ply in 0..9u32 {
            let moves = played.legal_moves();
            if moves.is_empty() || played.outcome().is_finished() {
                break;
            }
            let mv = moves[(ply as usize * 7 + 3) % moves.len()].clone();
            played.play(&mv).unwrap();
        }
        games.push((format!("{}-start", kind.name()), start));
        games.push((format!("{}-played", kind.name()), played));
    }
    games.push(("skakanie-four".to_owned(), common::skakanie_midgame(None)));
    games
}

/// The page's board is the PNG's drawing: each position's SVG, drawn by Chromium, and the
/// PNG Discord gets, read back from a canvas, differ by little more than anti-aliasing; a
/// position's SVG against another position's PNG differs plainly (so the comparison can
/// fail).
#[tokio::test(flavor = "multi_thread")]
async fn the_browser_draws_the_svg_board_as_the_png_looks() {
    use leapfrog::render::{draw, draw_svg, Header};
    let Some(driver) = Driver::start().await else {
        return;
    };
    let positions = positions_to_draw();
    let mut pictures = std::collections::BTreeMap::new();
    // Kept beside the screenshots, to be looked at.
    let kept = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots/boards");
    std::fs::create_dir_all(&kept).unwrap();
    for (name, game) in &positions {
        let header = Header::for_game(
            game,
            Header::seat_names(game),
            None,
            leapfrog::i18n::Lang::Ru,
        );
        let svg = draw_svg(game, None, &header).unwrap();
        let png = draw(game, None, &header).unwrap().to_png();
        std::fs::write(kept.join(format!("{name}.svg")), &svg).unwrap();
        pictures.insert(format!("/{name}.svg"), ("image/svg+xml", svg.into_bytes()));
        pictures.insert(format!("/{name}.png"), ("image/png", png));
    }
    let pictures = Arc::new(pictures);
    let router = axum::Router::new().fallback(move |uri: axum::http::Uri| {
        let pictures = Arc::clone(&pictures);
        async move {
            match pictures.get(uri.path()) {
                Some((kind, bytes)) => ([("content-type", *kind)], bytes.clone()).into_response(),
                None => (
                    [("content-type", "text/html")],
                    b"<!doctype html><title>boards</title>".to_vec(),
                )
                    .into_response(),
            }
        }
    });
    use axum::response::IntoResponse;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let window = driver.window(1000, 800).await;
    window.goto(&format!("{address}/")).await;
    // Both pictures drawn on canvases of the PNG's size: the mean difference per channel,
    // and the share of pixels where some channel is off by more than 64.
    let compare = |svg: &str, png: &str| {
        format!(
            r#"const done = arguments[arguments.length - 1];
            const load = (src) => new Promise((ok, no) => {{
              const img = new Image(); img.onload = () => ok(img); img.onerror = no; img.src = src; }});
            Promise.all([load("{svg}"), load("{png}")]).then(([a, b]) => {{
              const pixels = (img) => {{
                const c = document.createElement("canvas");
                c.width = b.naturalWidth; c.height = b.naturalHeight;
                const g = c.getContext("2d");
                g.drawImage(img, 0, 0, c.width, c.height);
                return g.getImageData(0, 0, c.width, c.height).data;
              }};
              const [p, q] = [pixels(a), pixels(b)];
              let sum = 0, off = 0;
              for (let i = 0; i < p.length; i += 4) {{
                let worst = 0;
                for (let k = 0; k < 3; k++) {{
                  const d = Math.abs(p[i + k] - q[i + k]);
                  sum += d; worst = Math.max(worst, d);
                }}
                if (worst > 64) off++;
              }}
              const n = p.length / 4;
              done({{ mean: sum / (3 * n), off: off / n,
                      sizes: [a.naturalWidth, a.naturalHeight, b.naturalWidth, b.naturalHeight] }});
            }}, (e) => done({{ error: String(e) }}));"#
        )
    };
    for (name, _) in &positions {
        let result = window
            .run_async(&compare(&format!("/{name}.svg"), &format!("/{name}.png")))
            .await;
        eprintln!("{name}: {result}");
        let sizes = &result["sizes"];
        assert_eq!(sizes[0], sizes[2], "{name}: {result}");
        assert_eq!(sizes[1], sizes[3], "{name}: {result}");
        // Measured: means 0.2–1.8 (Skakanie's embedded pictures smoothed), shares under 0.03 %.
        assert!(result["mean"].as_f64().unwrap() < 2.5, "{name}: {result}");
        assert!(result["off"].as_f64().unwrap() < 0.001, "{name}: {result}");
    }
    for (svg, png) in [
        ("jumpers-played", "jumpers-start"),
        ("gyges-played", "gyges-start"),
        ("jump-sturdy-played", "jump-sturdy-start"),
    ] {
        let result = window
            .run_async(&compare(&format!("/{svg}.svg"), &format!("/{png}.png")))
            .await;
        eprintln!("{svg} against {png}: {result}");
        assert!(
            result["off"].as_f64().unwrap() > 0.005,
            "{svg} against {png}: {result}"
        );
    }
    window.close().await;
}

/// A browser allows six HTTP/1.1 connections per site, and keeps pages for the Back button:
/// ten game pages opened one after another in one tab, and ten more in ten tabs of the same
/// browser, all load (a live channel held by each would leave the seventh waiting forever)
/// and each follows its game; a page shown again from the Back button catches up with a
/// move made while it was away.
#[tokio::test(flavor = "multi_thread")]
async fn ten_pages_in_one_tab_and_ten_tabs_all_load_and_follow_their_games() {
    let Some(driver) = Driver::start().await else {
        return;
    };
    let (address, games, _play) = serve_games(20).await;
    let window = driver.window(1280, 800).await;
    window.page_load_timeout(Duration::from_secs(10)).await;
    let (in_one_tab, in_tabs) = games.split_at(10);
    for (n, &game) in in_one_tab.iter().enumerate() {
        let loaded = window.load(&link(&address, game, 1, "en")).await;
        assert!(
            loaded.is_ok(),
            "page {} in one tab did not load: {loaded:?}",
            n + 1
        );
        assert!(
            window
                .until(&showing(game, 0), Duration::from_secs(5))
                .await,
            "page {} in one tab does not show game {game}",
            n + 1
        );
    }
    // The page shown follows its game.
    let last = in_one_tab[9];
    let plies = move_by_api(&address, last).await;
    assert!(
        window
            .until(&showing(last, plies), Duration::from_secs(5))
            .await,
        "the tenth page did not follow its game"
    );
    // The page before it, kept for the Back button, missed a move: shown again, it has it.
    let before = in_one_tab[8];
    let plies = move_by_api(&address, before).await;
    window.post("/back", json!({})).await;
    assert!(
        window
            .until(&showing(before, plies), Duration::from_secs(5))
            .await,
        "the page shown again by Back did not catch up with its game"
    );
    let mut tabs = Vec::new();
    for (n, &game) in in_tabs.iter().enumerate() {
        tabs.push(window.new_tab().await);
        let loaded = window.load(&link(&address, game, 2, "en")).await;
        assert!(loaded.is_ok(), "tab {} did not load: {loaded:?}", n + 1);
        assert!(
            window
                .until(&showing(game, 0), Duration::from_secs(5))
                .await,
            "tab {} does not show game {game}",
            n + 1
        );
    }
    // A move in every tab's game, each shown by its tab without a touch.
    let mut moved = Vec::new();
    for &game in in_tabs {
        moved.push(move_by_api(&address, game).await);
    }
    for (n, ((tab, &game), plies)) in tabs.iter().zip(in_tabs).zip(moved).enumerate() {
        window.switch_to(tab).await;
        assert!(
            window
                .until(&showing(game, plies), Duration::from_secs(5))
                .await,
            "tab {} did not follow its game",
            n + 1
        );
    }
    window.close().await;
}

/// A TCP relay in front of the site that can be cut (its connections closed, new ones shut
/// at once) and mended: the worker behind a page killed and started again.
struct Relay {
    address: String,
    cut: Arc<std::sync::atomic::AtomicBool>,
    carried: Arc<std::sync::Mutex<Vec<tokio::task::AbortHandle>>>,
}

impl Relay {
    async fn start(site: &str) -> Self {
        use std::sync::atomic::Ordering;
        let target = site.trim_start_matches("http://").to_owned();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        let cut = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let carried: Arc<std::sync::Mutex<Vec<tokio::task::AbortHandle>>> = Arc::default();
        let (is_cut, carrying) = (Arc::clone(&cut), Arc::clone(&carried));
        tokio::spawn(async move {
            while let Ok((mut incoming, _)) = listener.accept().await {
                if is_cut.load(Ordering::SeqCst) {
                    continue;
                }
                let target = target.clone();
                let carry = tokio::spawn(async move {
                    let mut outgoing = tokio::net::TcpStream::connect(target).await.unwrap();
                    let _ = tokio::io::copy_bidirectional(&mut incoming, &mut outgoing).await;
                });
                carrying.lock().unwrap().push(carry.abort_handle());
            }
        });
        Self {
            address,
            cut,
            carried,
        }
    }

    /// Closes every connection through the relay and shuts new ones at once, or opens again.
    fn set_cut(&self, cut: bool) {
        self.cut.store(cut, std::sync::atomic::Ordering::SeqCst);
        if cut {
            for carry in self.carried.lock().unwrap().drain(..) {
                carry.abort();
            }
        }
    }
}

/// A page whose live channel drops (its worker killed and restarted) says so in the reader's
/// language, connects again, and catches up with the move made meanwhile without waiting
/// for the next one.
#[tokio::test(flavor = "multi_thread")]
async fn a_page_that_loses_its_connection_says_so_and_catches_up_once_back() {
    let Some(driver) = Driver::start().await else {
        return;
    };
    let (site, games, _play) = serve_games(1).await;
    let game = games[0];
    let relay = Relay::start(&site).await;
    let window = driver.window(390, 844).await;
    window.goto(&link(&relay.address, game, 1, "ru")).await;
    // Live: a move is shown.
    assert!(
        window
            .until(&showing(game, 0), Duration::from_secs(5))
            .await
    );
    let plies = move_by_api(&site, game).await;
    assert!(
        window
            .until(&showing(game, plies), Duration::from_secs(5))
            .await,
        "the page does not follow its game"
    );
    let lost = leapfrog::i18n::text(leapfrog::i18n::Lang::Ru, "web-lost");
    let says_lost = format!(
        "const l = document.getElementById('live'); return !!l && !l.hidden && l.textContent === {lost:?}"
    );
    assert!(
        !window.run(&says_lost).await.as_bool().unwrap(),
        "the page says it lost a connection it has"
    );
    relay.set_cut(true);
    assert!(
        window.until(&says_lost, Duration::from_secs(5)).await,
        "the page did not say it lost its connection"
    );
    window.screenshot("connection-lost-ru-390x844").await;
    // A move while the page cannot hear of it.
    let plies = move_by_api(&site, game).await;
    relay.set_cut(false);
    assert!(
        window
            .until(
                &format!(
                    "{} && document.getElementById('live').hidden",
                    showing(game, plies)
                ),
                Duration::from_secs(15)
            )
            .await,
        "the page did not catch up once connected again"
    );
    window.close().await;
}

/// A tournament's page, as a phone and a desktop show it in each language (screenshots in
/// `target/screenshots`), follows the tournament without a reload: a round ends and the
/// page shows the next one and the results, and its pairings lead to the games' pages.
#[tokio::test(flavor = "multi_thread")]
async fn a_tournaments_page_reads_on_a_phone_and_follows_its_rounds() {
    let Some(driver) = Driver::start().await else {
        return;
    };
    let store = common::temporary_store();
    let out = tempfile::tempdir().unwrap();
    let play = Arc::new(Play::new(store.clone()));
    let site = Site::new(Arc::clone(&play), key());
    let router = leapfrog::web::router(Arc::new(site));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let console = leapfrog::console::Console::new(Play::new(store), out.path().to_path_buf());
    common::blocking(|| {
        console.run_line("@ala /tournament create gyges round-robin max:4 starts:full");
        for name in ["ala", "Борис", "Zażółć", "dave"] {
            console.run_line(&format!("@{name} /tournament join"));
        }
    });
    let windows = [
        driver.window(390, 844).await,
        driver.window(1280, 800).await,
    ];
    for lang in ["en", "ru", "pl"] {
        for (window, size) in windows.iter().zip(["390x844", "1280x800"]) {
            window
                .goto(&format!("{address}/tournaments/1?lang={lang}"))
                .await;
            assert!(
                window
                    .until(
                        "return document.querySelectorAll('.pairings a').length === 2",
                        Duration::from_secs(5)
                    )
                    .await,
                "{lang} {size}: the round's games are not linked"
            );
            // Nothing wider than the phone but the crosstable, which scrolls on its own.
            let wide = window
                .run("return document.documentElement.scrollWidth > window.innerWidth")
                .await;
            assert_eq!(
                wide, false,
                "{lang} {size}: the page is wider than the window"
            );
            window
                .screenshot(&format!("tournament-{lang}-{size}"))
                .await;
            window
                .accessible(&format!("tournament {lang} {size}"))
                .await;
        }
    }
    // The round's games end: each window shows round 2 and round 1's results by itself.
    common::blocking(|| {
        let record = console
            .play()
            .store()
            .tournament(leapfrog::store::TournamentId(1))
            .unwrap();
        for game in record.games[0].iter().flatten() {
            let played = console.play().store().get(*game).unwrap();
            console.run_line(&format!("@{} /resign #{game}", played.seats[1].name()));
        }
        console.notices();
    });
    for window in &windows {
        assert!(
            window
                .until(
                    "return document.querySelectorAll('.round').length === 2 \
                     && document.querySelectorAll('.result').length === 2",
                    Duration::from_secs(10)
                )
                .await,
            "the page did not follow the round's end"
        );
    }
    windows[0].screenshot("tournament-pl-390x844-round-2").await;
    // A player's page, by the profile link `/profile` would hand out: their games, each a
    // link, readable on both windows in every language.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let ala = leapfrog::console::name_id("ala");
    let token = key().sign_profile(UserId(ala), now, now + 600);
    for lang in ["en", "ru", "pl"] {
        for (window, size) in windows.iter().zip(["390x844", "1280x800"]) {
            window
                .goto(&format!("{address}/players/{ala}?t={token}&lang={lang}"))
                .await;
            assert!(
                window
                    .until(
                        "return document.querySelectorAll('.recent a').length === 2",
                        Duration::from_secs(5)
                    )
                    .await,
                "{lang} {size}: the player's games are not listed"
            );
            window.screenshot(&format!("player-{lang}-{size}")).await;
            window.accessible(&format!("player {lang} {size}")).await;
            let wide = window
                .run("return document.documentElement.scrollWidth > window.innerWidth")
                .await;
            assert_eq!(
                wide, false,
                "{lang} {size}: the page is wider than the window"
            );
        }
    }
    windows[1]
        .goto(&format!("{address}/tournaments/1?lang=pl"))
        .await;
    // A pairing leads to its game's page.
    windows[0].tap(".pairings a").await;
    assert!(
        windows[0]
            .until(
                "return location.pathname.startsWith('/games/') && !!document.getElementById('board')",
                Duration::from_secs(5)
            )
            .await,
        "the pairing did not open its game"
    );
    for window in &windows {
        window.close().await;
    }
}

/// A finished game's analysis on its page, on a phone and a desktop in en/ru/pl: a player
/// asks for it with the page's button (the position shown stays), the page shows it when
/// the analysis pool is done without a reload, the better move of the position shown is
/// an arrow over the board, a tap on the chart goes to that ply (the cursor follows, the
/// arrow goes), and a tap on a mistake comes back to it.
#[tokio::test(flavor = "multi_thread")]
async fn a_finished_games_analysis_is_asked_for_and_tapped_through_on_its_page() {
    let Some(driver) = Driver::start().await else {
        return;
    };
    use common::BLUNDER;
    let play = Arc::new(
        Play::new(common::temporary_store()).with_ai(leapfrog::ai::AiConfig {
            think_ms: 20,
            analysis_depth: Some(4),
            ..leapfrog::ai::AiConfig::default()
        }),
    );
    // The channel's front end: what a page asks is done as after a slash command.
    let (herald, mut heard) = tokio::sync::mpsc::unbounded_channel::<Vec<leapfrog::play::Later>>();
    let worker = Arc::clone(&play);
    tokio::spawn(async move {
        while let Some(batch) = heard.recv().await {
            for later in batch {
                let play = Arc::clone(&worker);
                tokio::task::spawn_blocking(move || play.do_later(later));
            }
        }
    });
    let site = Site::new(Arc::clone(&play), key()).with_herald(herald);
    let router = leapfrog::web::router(Arc::new(site));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let ctx = leapfrog::play::Context {
        user: leapfrog::console::console_user("carol"),
        place: leapfrog::store::Place {
            guild: Some(GuildId(1)),
            channel: leapfrog::store::ChannelId(5),
            reach: leapfrog::store::Reach::Posts,
        },
        manager: true,
        lang: leapfrog::i18n::Lang::En,
        guild_lang: None,
    };
    common::blocking(|| play.import(&ctx, BLUNDER, leapfrog::console::console_user));
    let alice = leapfrog::console::name_id("alice");
    let windows = [
        driver.window(390, 844).await,
        driver.window(1280, 800).await,
    ];
    let phone = &windows[0];
    phone
        .goto(&format!("{}&ply=0", link(&address, GameId(1), alice, "en")))
        .await;
    assert!(
        phone
            .until(
                "return document.getElementById('analysis-ask') !== null",
                Duration::from_secs(5)
            )
            .await,
        "the player is not offered the analysis"
    );
    phone
        .accessible("a finished game's page, its analysis offered")
        .await;
    phone.tap("#analysis-ask").await;
    assert!(
        phone
            .until(
                "return document.getElementById('analysis').dataset.state === 'ready' \
                 && document.body.dataset.ply === '0'",
                Duration::from_secs(30)
            )
            .await,
        "the analysis never showed, or the page left its position"
    );
    let arrow = "return document.querySelector('#spots polyline.arrow') !== null \
                 && document.getElementById('analysis-here').textContent.includes('c2-d3')";
    assert!(
        phone.until(arrow, Duration::from_secs(5)).await,
        "no arrow at the blunder's position"
    );
    phone.tap("#chart a[data-ply=\"2\"] rect").await;
    assert!(
        phone
            .until(
                "return document.body.dataset.ply === '2' \
                 && document.getElementById('chart-cursor').getAttribute('x1') === '600.0' \
                 && document.querySelector('#spots polyline.arrow') === null \
                 && document.getElementById('analysis-here').textContent === ''",
                Duration::from_secs(5)
            )
            .await,
        "the chart's tap did not go to ply 2"
    );
    phone.tap("#analysis .mistakes a").await;
    assert!(
        phone
            .until(
                &format!("{arrow} && document.body.dataset.ply === '0'"),
                Duration::from_secs(5)
            )
            .await,
        "the mistake did not lead back to its position"
    );
    for lang in ["en", "ru", "pl"] {
        for (window, size) in windows.iter().zip(["390x844", "1280x800"]) {
            window
                .goto(&format!("{address}/games/1?ply=0&lang={lang}"))
                .await;
            assert!(
                window.until(arrow, Duration::from_secs(5)).await,
                "{lang} {size}: no arrow"
            );
            let wide = window
                .run("return document.documentElement.scrollWidth > window.innerWidth")
                .await;
            assert_eq!(
                wide, false,
                "{lang} {size}: the page is wider than the window"
            );
            window.accessible(&format!("analysis {lang} {size}")).await;
            window
                .run("document.getElementById('figure').scrollIntoView()")
                .await;
            window
                .screenshot(&format!("analysis-board-{lang}-{size}"))
                .await;
            window
                .run("document.getElementById('analysis').scrollIntoView()")
                .await;
            window.screenshot(&format!("analysis-{lang}-{size}")).await;
        }
    }
    // The pages of games going on, for the player to move (lit places, a Gygès hand,
    // Skakanie's buttons) and for a spectator; a page that only says why there is none.
    for (kind, seats) in [
        (GameKind::Gyges, vec![alice, 2]),
        (GameKind::JumpSturdy, vec![alice, 2]),
        (GameKind::Skakanie, vec![alice, 2, 3]),
    ] {
        let game = common::blocking(|| {
            play.store()
                .insert(common::new_record(kind, &seats, GuildId(1), 1_000))
                .unwrap()
                .id
        });
        for lang in ["en", "ru", "pl"] {
            phone.goto(&link(&address, game, alice, lang)).await;
            assert!(
                phone
                    .until(
                        "return document.querySelectorAll('#spots rect.spot.from, button.hand.lit, button.choice').length > 0",
                        Duration::from_secs(5)
                    )
                    .await,
                "{kind:?} {lang}: nothing to play"
            );
            phone
                .accessible(&format!("{kind:?} {lang}, the player to move"))
                .await;
        }
        if kind == GameKind::JumpSturdy {
            // Played from the keyboard alone: Tab reaches a lit piece, an arrow key the
            // next lit piece, Enter chooses it, focus stays on the board at its
            // destinations, and Enter plays.
            // The page afresh, in English.
            phone.goto(&link(&address, game, alice, "en")).await;
            assert!(
                phone
                    .until(
                        "return document.querySelectorAll('#spots rect.spot.from').length > 0",
                        Duration::from_secs(5)
                    )
                    .await
            );
            // The page is clicked first, as a person does: a fresh headless window's first
            // Tab only brings the focus into the page.
            phone.tap("h1").await;
            phone.keys(&["\u{E004}"]).await;
            let focused = "return document.activeElement.matches('#spots rect.spot.from') \
                           ? document.activeElement.dataset.name : null";
            let first = phone.run(focused).await;
            assert!(first.is_string(), "Tab did not reach a lit piece");
            phone.keys(&["\u{E014}"]).await;
            let second = phone.run(focused).await;
            assert!(
                second.is_string() && second != first,
                "the arrow key stayed on {first}"
            );
            phone.keys(&["\u{E007}"]).await;
            assert!(
                phone
                    .until(
                        "return document.activeElement.matches('#spots rect.spot.dest')",
                        Duration::from_secs(5)
                    )
                    .await,
                "after Enter the focus is not on a destination"
            );
            phone.keys(&["\u{E007}"]).await;
            assert!(
                phone
                    .until(
                        "return document.body.dataset.plies === '1'",
                        Duration::from_secs(5)
                    )
                    .await,
                "the move chosen by keyboard was not played"
            );
        }
        windows[1]
            .goto(&format!("{address}/games/{}", game.0))
            .await;
        windows[1]
            .accessible(&format!("{kind:?}, a spectator"))
            .await;
    }
    phone.goto(&format!("{address}/games/999?lang=pl")).await;
    phone.accessible("a game that is not there").await;
    // The audit can fail: a picture without words is found.
    phone
        .run("document.querySelector('main').appendChild(document.createElement('img')).src = '/assets/icon.svg'")
        .await;
    let found = phone.axe().await;
    assert!(
        found.iter().any(|v| v.starts_with("image-alt (critical)")),
        "axe-core did not find the picture without words: {found:?}"
    );
    for window in &windows {
        window.close().await;
    }
}

/// The view of the puzzle page of `token`, as its script reads it.
async fn puzzle_view(site: &str, token: &str) -> Value {
    let answer = reqwest::get(format!("{site}/api/puzzles/{token}?lang=en"))
        .await
        .unwrap();
    serde_json::from_str(&answer.text().await.unwrap()).unwrap()
}

/// A player's puzzles on their page, at a phone's size and a desktop's in en/ru/pl: the
/// puzzle `/puzzle` links to is solved by tapping its moves (the other side's answers
/// shown as they come), the page says it is solved and offers the next, whose button
/// opens a new one; another is missed (the solution said), and one is answered by typing
/// the move. axe-core finds nothing serious on the puzzle open or over.
#[tokio::test(flavor = "multi_thread")]
async fn puzzles_are_solved_by_tapping_and_followed_by_the_next_on_their_page() {
    let Some(driver) = Driver::start().await else {
        return;
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    let play = Arc::new(
        Play::new(common::temporary_store()).with_pages(leapfrog::web::page_links(key(), &address)),
    );
    // Nothing of a puzzle is told in a channel, but a site that plays has a front end.
    let (herald, _heard) = tokio::sync::mpsc::unbounded_channel::<Vec<leapfrog::play::Later>>();
    let site = Site::new(Arc::clone(&play), key()).with_herald(herald);
    let router = leapfrog::web::router(Arc::new(site));
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    let windows = [
        driver.window(390, 844).await,
        driver.window(1280, 800).await,
    ];
    let lit = "return document.querySelectorAll('#spots rect.spot.from').length > 0";
    for lang in ["en", "ru", "pl"] {
        for (window, size) in windows.iter().zip(["390x844", "1280x800"]) {
            let who = format!("solver-{lang}-{size}");
            let reply = {
                let play = Arc::clone(&play);
                let who = who.clone();
                common::blocking(move || {
                    play.handle(
                        &leapfrog::play::Context {
                            user: leapfrog::console::console_user(&who),
                            place: leapfrog::store::Place {
                                guild: Some(GuildId(1)),
                                channel: leapfrog::store::ChannelId(5),
                                reach: leapfrog::store::Reach::Posts,
                            },
                            manager: false,
                            lang: lang.parse().unwrap(),
                            guild_lang: None,
                        },
                        leapfrog::play::AnalysisCommand::Puzzle {
                            game: Some("jump-sturdy".into()),
                            daily: false,
                            answer: None,
                        },
                    )
                })
            };
            let links = format!("{:?}", reply.components);
            let at = links.find("/puzzles/").expect("a link to the page");
            let token = links[at + 9..].split('"').next().unwrap().to_owned();
            window
                .goto(&format!("{address}/puzzles/{token}?lang={lang}"))
                .await;
            assert!(
                window.until(lit, Duration::from_secs(5)).await,
                "{lang} {size}: nothing lit"
            );
            window
                .accessible(&format!("a puzzle open, {lang} {size}"))
                .await;
            window.screenshot(&format!("puzzle-{lang}-{size}")).await;
            let line: Vec<String> = {
                let user = leapfrog::console::console_user(&who).id;
                let shown = play
                    .puzzle_shown(user, leapfrog::i18n::Lang::En)
                    .unwrap()
                    .unwrap();
                shown.puzzle.line.clone()
            };
            for (i, mv) in line.iter().enumerate().step_by(2) {
                let view = puzzle_view(&address, &token).await;
                let choice = view["choices"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|c| c["text"] == mv.as_str())
                    .unwrap_or_else(|| panic!("{mv} is not offered: {view}"))
                    .clone();
                if lang == "pl" && i == 0 {
                    // Typed instead, in the box `/move`'s parser reads.
                    window.tap("#typed-move").await;
                    let typed: Vec<String> = mv
                        .chars()
                        .map(String::from)
                        .chain(["\u{E007}".to_owned()])
                        .collect();
                    window
                        .keys(&typed.iter().map(String::as_str).collect::<Vec<_>>())
                        .await;
                } else {
                    tap_move(window, &choice).await;
                }
                let next_ply = (i + 2).min(line.len());
                assert!(
                    window
                        .until(
                            &format!("return document.body.dataset.plies === '{next_ply}'"),
                            Duration::from_secs(5)
                        )
                        .await,
                    "{lang} {size}: {mv} was not played"
                );
            }
            assert!(
                window
                    .until(
                        "return document.getElementById('puzzle').dataset.state === 'solved' \
                         && !document.getElementById('puzzle-next').hidden \
                         && document.getElementById('puzzle-said').textContent.length > 0",
                        Duration::from_secs(5)
                    )
                    .await,
                "{lang} {size}: not said to be solved"
            );
            window
                .accessible(&format!("a puzzle solved, {lang} {size}"))
                .await;
            let wide = window
                .run("return document.documentElement.scrollWidth > window.innerWidth")
                .await;
            assert_eq!(wide, false, "{lang} {size}: wider than the window");
            window
                .run("document.getElementById('puzzle').scrollIntoView()")
                .await;
            window
                .screenshot(&format!("puzzle-solved-{lang}-{size}"))
                .await;
            let title = window
                .run("return document.querySelector('h1').textContent")
                .await;
            window.tap("#puzzle-next button").await;
            assert!(
                window
                    .until(
                        &format!(
                            "return document.getElementById('puzzle') !== null \
                             && document.getElementById('puzzle').dataset.state === 'open' \
                             && document.querySelector('h1').textContent !== {title}"
                        ),
                        Duration::from_secs(5)
                    )
                    .await,
                "{lang} {size}: Next puzzle gave none"
            );
            assert!(window.until(lit, Duration::from_secs(5)).await);
            if lang == "en" {
                // Missed: a wrong first move, and the page says the solution.
                let view = puzzle_view(&address, &token).await;
                let user = leapfrog::console::console_user(&who).id;
                let solution = play
                    .puzzle_shown(user, leapfrog::i18n::Lang::En)
                    .unwrap()
                    .unwrap()
                    .puzzle
                    .line;
                let wrong = view["choices"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|c| c["text"] != solution[0].as_str())
                    .unwrap()
                    .clone();
                tap_move(window, &wrong).await;
                assert!(
                    window
                        .until(
                            &format!(
                                "return document.getElementById('puzzle').dataset.state === 'missed' \
                                 && document.getElementById('puzzle-said').textContent.includes('{}')",
                                solution.join(" ")
                            ),
                            Duration::from_secs(5)
                        )
                        .await,
                    "{size}: the miss is not said"
                );
                window.screenshot(&format!("puzzle-missed-{size}")).await;
            }
        }
    }
    for window in &windows {
        window.close().await;
    }
}
