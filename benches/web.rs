//! The game pages under load, in release, on loopback: `cargo bench --bench web`.
//!
//! 1. **Page load**, per kind of page (a game's, per game; a finished game's with its
//!    analysis; a tournament's; a player's; a player's puzzles): the bytes it loads (HTML,
//!    script, style, the board or chart picture, the view's JSON), raw and gzip-compressed;
//!    the server's time to answer them; and, when chromedriver is installed, the time from
//!    asking for the page to its load event in headless Chromium (the board drawn) —
//!    median of 10 loads.
//!    Each figure is checked against the budget (50 KB, 150 ms) and marked when over.
//! 2. **A tap to the board post**: players' moves sent as a page sends them
//!    (`POST /api/games/N/act`) at a fixed rate (open loop, WEB_RATE per second, 50 by
//!    default, for WEB_SECONDS, 10), each game's board posted by the real herald to a
//!    fake Discord on loopback; the time from the request to the board's arrival there,
//!    median and 99th percentile.
//! 3. **Fan-out**: WEB_PAGES open pages (1,000) of running games (4 per game) on the live
//!    channel (`/api/games/N/events`); a move in each game, at WEB_RATE per second; each page
//!    hears it and reads the game's view as the page's script does; the time from the
//!    move's write to every page having its view, median and 99th percentile, and the
//!    process's memory per open page (client and server both live in this process, so the
//!    figure is an upper bound of the server's).

mod common;

use std::io::Write as _;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use axum::routing::post;
use axum::Router;
use common::{percentile, setting};
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::play::Play;
use leapfrog::store::{
    AnyStore, ChannelId, GameId, GameRecord, GuildId, Place, Player, SledStore, Status, Store,
    StoreConfig, UserId,
};
use leapfrog::web::{personal_path, LinkKey, Site};
use serde_json::json;

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

fn key() -> LinkKey {
    LinkKey::from_bytes(b"the web bench's key")
}

/// A running game of `kind` between users 1 and 2, in channel `channel`, `moves` plies in.
fn record(kind: GameKind, channel: u64, moves: usize) -> GameRecord {
    let options = if kind == GameKind::Skakanie {
        vec!["players=2".to_owned()]
    } else {
        Vec::new()
    };
    let mut with_seed = options.clone();
    if kind.info().shuffles {
        with_seed.push("seed=1".to_owned());
    }
    let mut game = AnyGame::new(kind, &with_seed, None).unwrap();
    let mut played = Vec::new();
    for _ in 0..moves {
        let Some(mv) = game.legal_moves().into_iter().next() else {
            break;
        };
        played.push(game.play(&mv).unwrap());
    }
    GameRecord {
        id: GameId(0),
        kind,
        options,
        seed: 1,
        start: None,
        seats: [1, 2]
            .map(|id| Player::User {
                id: UserId(id),
                name: format!("player {id}"),
            })
            .to_vec(),
        place: Place {
            guild: Some(GuildId(1)),
            channel: ChannelId(channel),
            reach: leapfrog::store::Reach::Posts,
        },
        home: None,
        moves: played,
        position: game.position_text(),
        status: Status::Active,
        pending: None,
        agreed: Vec::new(),
        created: 1,
        updated: 1,
        days: None,
        clock: None,
        rated: false,
        tournament: None,
        version: 1,
    }
}

/// The fake Discord's side: when each channel's board post arrived.
#[derive(Clone, Default)]
struct Posts(Arc<Mutex<Vec<(u64, Instant)>>>);

async fn posted(
    State(posts): State<Posts>,
    Path(channel): Path<u64>,
) -> axum::Json<serde_json::Value> {
    posts.0.lock().unwrap().push((channel, Instant::now()));
    axum::Json(json!({
        "id": "1", "channel_id": channel.to_string(),
        "author": {"id": "999", "username": "leapfrog", "bot": true},
        "content": "", "timestamp": "2026-01-01T00:00:00Z", "tts": false, "mention_everyone": false,
        "mentions": [], "mention_roles": [], "attachments": [], "embeds": [], "pinned": false, "type": 0
    }))
}

async fn serve(router: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    address
}

fn gzip(bytes: &[u8]) -> usize {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap().len()
}

fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let rate = setting("WEB_RATE", 50);
    let seconds = setting("WEB_SECONDS", 10);
    let pages = setting("WEB_PAGES", 1_000) as usize;
    let folder = tempfile::tempdir().unwrap();
    let store: AnyStore = SledStore::open(&StoreConfig::sled(folder.path()))
        .unwrap()
        .into();

    // The fake Discord, and the site whose herald posts there as `leapfrog serve` does.
    let posts = Posts::default();
    let discord = serve(
        Router::new()
            .route("/api/v10/channels/{channel}/messages", post(posted))
            .with_state(posts.clone()),
    )
    .await;
    let config = leapfrog::discord::DiscordConfig {
        api_proxy: Some(discord),
        application_id: Some(1000),
        ..Default::default()
    };
    let http = Arc::new(leapfrog::discord::http_client(&config, "bench-token"));
    let play = Arc::new(Play::new(store.clone()));
    let ops = leapfrog::ops::Ops::new();
    let herald = leapfrog::discord::notify::herald(Arc::clone(&play), http, ops, false);
    let site = Site::new(Arc::clone(&play), key())
        .with_herald(herald)
        .with_rate(1_000_000);
    let site = serve(leapfrog::web::router(Arc::new(site))).await;
    let client = reqwest::Client::new();

    page_load(&store, &site, &client).await;
    tap_to_post(&store, &site, &client, &posts, rate, seconds).await;
    fan_out(&store, &site, &play, pages, rate).await;
}

/// What every page may weigh, compressed, with everything it loads (the part 7 budget of
/// the page as the product): a phone on a slow line still shows it at once.
const BUDGET_BYTES: usize = 50 * 1024;
/// How soon a page's board (or its chart) must be drawn after navigation, on loopback.
const BUDGET_DRAWN: Duration = Duration::from_millis(150);

async fn page_load(store: &AnyStore, site: &str, client: &reqwest::Client) {
    println!(
        "== page load (bytes raw / gzip -9 of the page and all it loads; budget {} KB, drawn within {})",
        BUDGET_BYTES / 1024,
        ms(BUDGET_DRAWN)
    );
    for kind in [
        GameKind::Jumpers,
        GameKind::Gyges,
        GameKind::JumpSturdy,
        GameKind::Skakanie,
    ] {
        let game = store.insert(record(kind, 1, 20)).unwrap().id;
        let path = personal_path(&key(), game, UserId(1), now(), 1);
        // The script reads the game's view as it starts.
        let parts = vec![format!("{site}/api/games/{game}")];
        measure(client, site, kind.name(), &format!("{site}{path}"), &parts).await;
    }
    // A finished game with its analysis: the page also carries the chart and the mistakes.
    let mut over = record(GameKind::JumpSturdy, 2, 40);
    over.status = Status::Finished(leapfrog::store::GameResult {
        winners: vec![0],
        reason: "resignation".into(),
        ratings: Vec::new(),
        rating_order: 0,
    });
    let game = store.insert(over).unwrap().id;
    let analyst = Play::new(store.clone()).with_ai(leapfrog::ai::AiConfig {
        analysis_depth: Some(3),
        ..leapfrog::ai::AiConfig::default()
    });
    analyst.analysis(game).expect("the game is analysed");
    let parts = vec![format!("{site}/api/games/{game}?ply=10")];
    let page = format!("{site}/games/{game}?ply=10");
    measure(client, site, "analysis", &page, &parts).await;
    // A tournament of eight, its first round paired, and one of its players' page.
    let folder = tempfile::tempdir().unwrap();
    let console =
        leapfrog::console::Console::new(Play::new(store.clone()), folder.path().to_path_buf());
    console.run_line("@p0 /tournament create jump-sturdy round-robin max:8 starts:full");
    for i in 0..8 {
        console.run_line(&format!("@p{i} /tournament join"));
    }
    console.notices();
    // Its first round played (each game resigned), so the standings have results and the
    // players ratings, and their pages the rating chart.
    let event = store.tournament(leapfrog::store::TournamentId(1)).unwrap();
    for game in event.games[0].iter().flatten() {
        let played = store.get(*game).unwrap();
        console.run_line(&format!("@{} /resign #{game}", played.seats[1].name()));
    }
    console.notices();
    measure(
        client,
        site,
        "tournament",
        &format!("{site}/tournaments/1"),
        &[],
    )
    .await;
    let user = leapfrog::console::name_id("p0");
    let token = key().sign_profile(UserId(user), now(), now() + 600);
    let page = format!("{site}/players/{user}?t={token}");
    measure(client, site, "player", &page, &[]).await;
    // A player's puzzle page, a Jumpers puzzle open (the largest board of the three).
    console.run_line("@p0 /puzzle jumpers");
    let token = key().sign_puzzles(UserId(user), now(), now() + 600);
    let parts = vec![format!("{site}/api/puzzles/{token}")];
    let page = format!("{site}/puzzles/{token}");
    measure(client, site, "puzzle", &page, &parts).await;
}

/// What a page's HTML loads of `site`: its scripts, images and style sheets, in order.
fn loaded_by(site: &str, html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for marker in [
        "src=\"",
        "rel=\"stylesheet\" href=\"",
        "rel=\"icon\" id=\"icon\" href=\"",
    ] {
        for (at, _) in html.match_indices(marker) {
            let rest = &html[at + marker.len()..];
            let Some(end) = rest.find('"') else { continue };
            let path = rest[..end].replace("&amp;", "&");
            if path.starts_with('/') && !found.contains(&format!("{site}{path}")) {
                found.push(format!("{site}{path}"));
            }
        }
    }
    found
}

/// Loads `page`, everything its HTML loads, and the `extra` its script reads, as a browser
/// would (one after another, 10 times after a first); prints their bytes and the server's
/// time, then the time headless Chromium takes to its load event; marks a figure over its
/// budget.
async fn measure(client: &reqwest::Client, site: &str, label: &str, page: &str, extra: &[String]) {
    let html = client.get(page).send().await.unwrap().text().await.unwrap();
    let parts: Vec<String> = loaded_by(site, &html)
        .into_iter()
        .chain(extra.iter().cloned())
        .collect();
    let all: Vec<&str> = std::iter::once(page)
        .chain(parts.iter().map(String::as_str))
        .collect();
    let (mut raw, mut packed) = (0, 0);
    let mut served = Vec::new();
    for round in 0..11 {
        let started = Instant::now();
        for url in &all {
            let answer = client.get(*url).send().await.unwrap();
            assert!(answer.status().is_success(), "{url}: {}", answer.status());
            let body = answer.bytes().await.unwrap();
            if round == 0 {
                raw += body.len();
                packed += gzip(&body);
            }
        }
        if round > 0 {
            served.push(started.elapsed());
        }
    }
    let over = if packed > BUDGET_BYTES {
        "  OVER BUDGET"
    } else {
        ""
    };
    println!(
        "{label:<12} {raw:>7} B / {packed:>6} B{over}; served (all {}, one after another) median {}",
        all.len(),
        ms(percentile(&mut served, 0.5))
    );
    if let Some(drawn) = browser_load(page).await {
        let over = if drawn > BUDGET_DRAWN {
            "  OVER BUDGET"
        } else {
            ""
        };
        println!(
            "{:<12} headless Chromium, navigation → load event (board drawn): median {}{over}",
            "",
            ms(drawn)
        );
    }
}

/// The median time headless Chromium takes from navigating to `url` to its load event (the
/// board picture in), by the page's own Navigation Timing, over 10 loads; `None` without
/// chromedriver.
async fn browser_load(url: &str) -> Option<Duration> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .ok()?
        .local_addr()
        .ok()?
        .port();
    let mut child = std::process::Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()?;
    let driver = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let send = |request: reqwest::RequestBuilder, body: serde_json::Value| async move {
        let answer = request
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .ok()?;
        serde_json::from_str::<serde_json::Value>(&answer.text().await.ok()?).ok()
    };
    let mut session = None;
    for _ in 0..100 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let caps = json!({ "capabilities": { "alwaysMatch": { "browserName": "chrome",
            "goog:chromeOptions": { "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
            "--disable-dev-shm-usage", "--window-size=390,844"] } } } });
        if let Some(answer) = send(client.post(format!("{driver}/session")), caps).await {
            session = answer["value"]["sessionId"].as_str().map(str::to_owned);
            if session.is_some() {
                break;
            }
        }
    }
    let base = format!("{driver}/session/{}", session?);
    let mut times = Vec::new();
    for _ in 0..11 {
        // A fresh load each time: the cache would hide the picture's bytes.
        send(
            client.post(format!("{base}/url")),
            json!({ "url": "about:blank" }),
        )
        .await;
        send(client.post(format!("{base}/url")), json!({ "url": url })).await;
        // The page's own clock (Navigation Timing): from navigation to its load event, the
        // board's picture in; WebDriver's round trips are not the page's time.
        let timed = send(
            client.post(format!("{base}/execute/sync")),
            json!({ "script": "return performance.getEntriesByType('navigation')[0].loadEventStart", "args": [] }),
        )
        .await?;
        times.push(Duration::from_secs_f64(timed["value"].as_f64()? / 1000.0));
    }
    times.remove(0);
    let _ = client.delete(&base).send().await;
    let _ = child.kill();
    let _ = child.wait();
    Some(percentile(&mut times, 0.5))
}

async fn tap_to_post(
    store: &AnyStore,
    site: &str,
    client: &reqwest::Client,
    posts: &Posts,
    rate: u64,
    seconds: u64,
) {
    let count = (rate * seconds) as usize;
    println!(
        "== a tap to the board post: {count} moves at {rate}/s (Jump Sturdy, one move per game)"
    );
    // Each in a channel of its own, so its post is told apart.
    let games: Vec<(GameId, u64, String)> = (0..count)
        .map(|i| {
            let channel = 10_000 + i as u64;
            let record = store
                .insert(record(GameKind::JumpSturdy, channel, 0))
                .unwrap();
            let game = record.replay(0).unwrap();
            let mv = game.legal_moves()[i % 4].clone();
            (record.id, channel, mv)
        })
        .collect();
    let sent: Arc<Mutex<Vec<(u64, Instant, u16)>>> = Arc::default();
    let started = Instant::now();
    let mut tasks = Vec::new();
    for (i, (game, channel, mv)) in games.into_iter().enumerate() {
        let at = started + Duration::from_secs_f64(i as f64 / rate as f64);
        tokio::time::sleep_until(at.into()).await;
        let token = personal_path(&key(), game, UserId(1), now(), 1);
        let token = token.split_once("?t=").unwrap().1.to_owned();
        let url = format!("{site}/api/games/{game}/act");
        let (client, sent) = (client.clone(), Arc::clone(&sent));
        tasks.push(tokio::spawn(async move {
            let asked = Instant::now();
            let answer = client
                .post(url)
                .bearer_auth(token)
                .header("sec-fetch-site", "same-origin")
                .header("content-type", "application/json")
                .body(json!({ "what": mv, "answer": false, "plies": 0 }).to_string())
                .send()
                .await
                .map_or(0, |a| a.status().as_u16());
            sent.lock().unwrap().push((channel, asked, answer));
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    // The posts follow the answers: wait for the last ones.
    let until = Instant::now() + Duration::from_secs(30);
    while posts.0.lock().unwrap().len() < count && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let arrived: std::collections::HashMap<u64, Instant> =
        posts.0.lock().unwrap().iter().copied().collect();
    let sent = sent.lock().unwrap();
    let refused = sent.iter().filter(|(_, _, status)| *status != 200).count();
    let mut latencies: Vec<Duration> = sent
        .iter()
        .filter_map(|(channel, asked, _)| Some(arrived.get(channel)?.duration_since(*asked)))
        .collect();
    println!(
        "boards posted {} of {count}, refused {refused}; tap → post median {}, p99 {}",
        latencies.len(),
        ms(percentile(&mut latencies, 0.5)),
        ms(percentile(&mut latencies, 0.99)),
    );
}

async fn fan_out(
    store: &AnyStore,
    site: &str,
    play: &Arc<Play<AnyStore>>,
    pages: usize,
    rate: u64,
) {
    const PER_GAME: usize = 4;
    let games = pages.div_ceil(PER_GAME);
    println!(
        "== fan-out: {pages} open pages of {games} running games, one move in each at {rate}/s"
    );
    let records: Vec<GameRecord> = (0..games)
        .map(|i| {
            store
                .insert(record(GameKind::Gyges, 50_000 + i as u64, 12))
                .unwrap()
        })
        .collect();
    let before = rss_kb();
    // Every page: its live channel open; on each event it reads the view, as board.js does.
    let heard: Arc<Mutex<Vec<(u64, Instant)>>> = Arc::default();
    let (ready, mut opened) = tokio::sync::mpsc::unbounded_channel::<()>();
    for page in 0..pages {
        let game = records[page % games].id;
        let (site, heard, ready) = (site.to_owned(), Arc::clone(&heard), ready.clone());
        tokio::spawn(async move {
            use futures_util::StreamExt as _;
            let client = reqwest::Client::new();
            let live = format!("{}/api/games/{game}/events", site.replacen("http", "ws", 1));
            let (mut events, _) = tokio_tungstenite::connect_async(live).await.unwrap();
            let _ = ready.send(());
            while let Some(Ok(told)) = events.next().await {
                if !told.to_text().unwrap_or_default().contains("written") {
                    continue;
                }
                let view = client
                    .get(format!("{site}/api/games/{game}"))
                    .send()
                    .await
                    .unwrap();
                let _ = view.bytes().await;
                heard.lock().unwrap().push((game.0, Instant::now()));
            }
        });
    }
    for _ in 0..pages {
        opened.recv().await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let open = rss_kb();
    let mut moved = Vec::new();
    let started = Instant::now();
    for (i, record) in records.iter().enumerate() {
        let at = started + Duration::from_secs_f64(i as f64 / rate as f64);
        tokio::time::sleep_until(at.into()).await;
        let game = record.replay(record.moves.len()).unwrap();
        let mv = game.legal_moves()[0].clone();
        let seat = game.to_move();
        let user = u64::from(seat.0) + 1;
        let (play, id) = (Arc::clone(play), record.id);
        let place = record.place;
        let written = tokio::task::spawn_blocking(move || {
            let ctx = leapfrog::play::Context {
                user: leapfrog::play::User::new(UserId(user), "player"),
                place,
                manager: false,
                lang: leapfrog::i18n::Lang::En,
                guild_lang: None,
            };
            let at = Instant::now();
            let reply = play.handle(
                &ctx,
                leapfrog::play::MoveCommand::Move { game: Some(id), mv },
            );
            (at, reply.outcome)
        })
        .await
        .unwrap();
        assert_eq!(written.1, leapfrog::play::Outcome::Done);
        moved.push((id.0, written.0));
    }
    let until = Instant::now() + Duration::from_secs(30);
    while heard.lock().unwrap().len() < pages && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let moved: std::collections::HashMap<u64, Instant> = moved.into_iter().collect();
    let mut latencies: Vec<Duration> = heard
        .lock()
        .unwrap()
        .iter()
        .filter_map(|(game, at)| Some(at.duration_since(*moved.get(game)?)))
        .collect();
    println!(
        "pages updated {} of {pages}; write → page has the new view: median {}, p99 {}; \
         memory {} KB before, {} KB with the pages open: {:.1} KB per open page (client and server)",
        latencies.len(),
        ms(percentile(&mut latencies, 0.5)),
        ms(percentile(&mut latencies, 0.99)),
        before,
        open,
        (open.saturating_sub(before)) as f64 / pages as f64,
    );
}
