//! Correspondence play through the interactions endpoint against the fake Discord, with a
//! fake clock and a store on disk: a `days=1` game's reminder and timeout are posted exactly
//! once, before and after restarts of the whole bot; `/history` attaches a record that loads
//! back and a GIF that decodes; direct messages, and the channel mention when DMs are closed.

mod common;
mod fake_discord;

use common::FakeClock;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use fake_discord::{
    config, dm_channel, edit_of, in_group_dm, posts_in, send, start_stoppable_endpoint, Call,
    Payloads, Person, Rest, ALICE, BOB,
};
use leapfrog::console::console_user;
use leapfrog::discord::notify::Scheduler;
use leapfrog::discord::{http_client, DiscordConfig};
use leapfrog::play::{import_record, timing::DAY_MS, timing::HOUR_MS, Play};
use leapfrog::store::{AnyStore, ChannelId, GameId, Place, Status, Store};
use serde_json::{json, Value};

const START: u64 = 1_800_000_000_000;

/// One run of the bot: the endpoint and the scheduler over a store in `dir`.
struct Running {
    url: String,
    server: tokio::task::JoinHandle<()>,
    scheduler: Scheduler<AnyStore>,
    play: Arc<Play<AnyStore>>,
}

async fn boot(spot: &common::StoreSpot, time: &Arc<AtomicU64>, config: &DiscordConfig) -> Running {
    let store = spot.open();
    let play = Arc::new(Play::with(
        store,
        Box::new(FakeClock(Arc::clone(time))),
        Box::new(fake_discord::ChallengerFirst),
    ));
    let (url, server) = start_stoppable_endpoint(config, Arc::clone(&play)).await;
    let http = Arc::new(http_client(config, "test-token"));
    let scheduler = Scheduler::new(Arc::clone(&play), http);
    Running {
        url,
        server,
        scheduler,
        play,
    }
}

/// Stops the bot and waits until nothing holds its store any more, as a process exit would.
async fn stop(running: Running) {
    drop(running.scheduler);
    fake_discord::stop_endpoint(running.server, running.play).await;
}

/// Sends an interaction answered with files: the acknowledgement, then the edit that
/// carries them. Returns the edit.
async fn deferred(rest: &Rest, url: &str, payload: &Value) -> Call {
    assert_eq!(send(url, payload).await["type"], 5);
    edit_of(rest, payload, 0).await.1
}

/// Alice challenges bob to Jumpers on the near board, a day per move.
fn one_day_challenge(p: &mut Payloads) -> Value {
    p.command(
        ALICE,
        "play",
        &[
            ("game", json!("jumpers")),
            ("board", json!("near")),
            ("days", json!("1")),
        ],
        Some(BOB),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_one_day_game_reminds_and_times_out_exactly_once_across_restarts() {
    let (rest, rest_url) = Rest::start().await;
    let config = config(&rest_url);
    let spot = common::StoreSpot::new();
    let time = Arc::new(AtomicU64::new(START));
    let mut p = Payloads::new();
    let mut bot = boot(&spot, &time, &config).await;

    let challenge = one_day_challenge(&mut p);
    let answer = send(&bot.url, &challenge).await;
    assert!(
        answer["data"]["content"]
            .to_string()
            .contains("1 day per move"),
        "{answer}"
    );
    let board = deferred(&rest, &bot.url, &p.component(BOB, "accept:1", &[])).await;
    assert!(
        board.json()["content"]
            .to_string()
            .contains("1 d left for alice"),
        "{:?}",
        board.json()
    );
    let moved = p.command(ALICE, "move", &[("move", json!("e3-h6"))], None);
    deferred(&rest, &bot.url, &moved).await;
    assert_eq!(bot.scheduler.tick().await, 0);

    // A quarter of the day left: bob is reminded in the channel, once.
    time.store(START + 18 * HOUR_MS, Ordering::SeqCst);
    assert_eq!(bot.scheduler.tick().await, 1);
    assert_eq!(bot.scheduler.tick().await, 0);
    let reminder = posts_in(&rest, 88)[0].json();
    let text = reminder["content"].as_str().unwrap();
    assert!(
        text.starts_with("<@202>") && text.contains("quarter of your time"),
        "{text}"
    );
    assert_eq!(reminder["allowed_mentions"]["users"][0], "202");

    // The bot restarts; nothing is sent again.
    stop(bot).await;
    bot = boot(&spot, &time, &config).await;
    assert_eq!(bot.scheduler.tick().await, 0);

    // Out of time: alice is offered the win.
    time.store(START + DAY_MS, Ordering::SeqCst);
    assert_eq!(bot.scheduler.tick().await, 1);
    let expired = posts_in(&rest, 88)[1].json();
    assert!(
        expired["content"].to_string().contains("ran out of time"),
        "{expired}"
    );
    assert!(
        expired["components"].to_string().contains("\"claim:1\""),
        "{expired}"
    );
    stop(bot).await;
    bot = boot(&spot, &time, &config).await;
    assert_eq!(bot.scheduler.tick().await, 0);

    // Nobody claimed: after the grace the game ends by timeout, with its final board.
    time.store(START + 2 * DAY_MS, Ordering::SeqCst);
    assert_eq!(bot.scheduler.tick().await, 1);
    assert_eq!(bot.scheduler.tick().await, 0);
    let ended = posts_in(&rest, 88)[2].clone();
    let png = ended.file().expect("the final board");
    assert_eq!(image::load_from_memory(&png).unwrap().width(), 800);
    assert!(
        ended.json()["content"]
            .to_string()
            .contains("bob (Black) ran out of time"),
        "{:?}",
        ended.json()
    );
    stop(bot).await;
    bot = boot(&spot, &time, &config).await;
    time.store(START + 9 * DAY_MS, Ordering::SeqCst);
    assert_eq!(bot.scheduler.tick().await, 0);
    assert_eq!(
        posts_in(&rest, 88).len(),
        3,
        "one reminder, one out-of-time, one end"
    );

    // The history, asked by a spectator after all that.
    let zed = Person {
        id: 303,
        name: "zed",
    };
    let history = p.command(zed, "history", &[("game", json!(1))], None);
    let call = deferred(&rest, &bot.url, &history).await;
    let record = String::from_utf8(call.part("files[0]").expect("the record")).unwrap();
    let place = Place {
        guild: None,
        channel: ChannelId(88),
        reach: leapfrog::store::Reach::Posts,
    };
    let imported = import_record(&record, console_user, place).unwrap();
    let stored = common::blocking(|| bot.play.store().get(GameId(1)).unwrap());
    assert_eq!(imported.game.position_text(), stored.position);
    let (Status::Finished(imported), Status::Finished(stored)) =
        (&imported.record.status, &stored.status)
    else {
        panic!("both finished: {record}")
    };
    assert_eq!(imported.outcome(), stored.outcome(), "{record}");
    let gif = call.part("files[1]").expect("the replay");
    let mut decoder = gif::DecodeOptions::new().read_info(gif.as_slice()).unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 2, "the start and the one move");
    stop(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn direct_messages_reach_players_and_closed_dms_fall_back_to_a_mention() {
    let (rest, rest_url) = Rest::start().await;
    let config = config(&rest_url);
    let spot = common::StoreSpot::new();
    let time = Arc::new(AtomicU64::new(START));
    let mut p = Payloads::new();
    let bot = boot(&spot, &time, &config).await;
    rest.close_dms(ALICE.id);
    for who in [ALICE, BOB] {
        let saved = send(
            &bot.url,
            &p.command(who, "settings", &[("notify", json!("dm"))], None),
        )
        .await;
        assert_eq!(saved["data"]["flags"], 64, "{saved}");
    }

    // Bob is challenged: told by DM, not pinged in the channel.
    let challenge = p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB));
    let answer = send(&bot.url, &challenge).await;
    assert!(
        !answer["data"]["content"].to_string().contains("<@202>"),
        "{answer}"
    );
    let dm_path = format!("/channels/{}/messages", dm_channel(BOB.id));
    let (_, dm) = rest
        .wait_for(0, |c| c.method == "POST" && c.path == dm_path)
        .await;
    assert!(
        dm.json()["content"]
            .to_string()
            .contains("alice challenges bob"),
        "{:?}",
        dm.json()
    );

    // Alice is to move, but her DMs are closed: she is mentioned in the channel instead.
    deferred(&rest, &bot.url, &p.component(BOB, "accept:1", &[])).await;
    let (_, fallback) = rest
        .wait_for(0, |c| {
            c.method == "POST" && c.path == "/channels/88/messages"
        })
        .await;
    let json = fallback.json();
    assert!(
        json["content"].as_str().unwrap().starts_with("<@101>"),
        "{json}"
    );
    assert_eq!(json["allowed_mentions"]["users"][0], "101");
    assert!(rest
        .calls()
        .iter()
        .any(|c| c.method == "POST" && c.path == "/users/@me/channels"));
    stop(bot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_game_gets_its_own_thread_unless_the_server_turns_threads_off() {
    let (rest, rest_url) = Rest::start().await;
    let config = DiscordConfig {
        threads: true,
        ..config(&rest_url)
    };
    let spot = common::StoreSpot::new();
    let time = Arc::new(AtomicU64::new(START));
    let mut p = Payloads::new();
    let bot = boot(&spot, &time, &config).await;

    send(
        &bot.url,
        &p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB)),
    )
    .await;
    // The click on the challenge's Accept: the challenge message itself becomes the link.
    assert_eq!(
        send(&bot.url, &p.component(BOB, "accept:1", &[])).await["type"],
        6
    );
    let (_, opened) = rest
        .wait_for(0, |c| {
            c.method == "POST" && c.path == "/channels/88/threads"
        })
        .await;
    assert!(
        opened.json()["name"].to_string().contains("Game #1"),
        "{:?}",
        opened.json()
    );
    let thread = fake_discord::THREAD_BASE;
    let in_thread = format!("/channels/{thread}/messages");
    let (_, board) = rest
        .wait_for(0, |c| c.method == "POST" && c.path == in_thread)
        .await;
    assert!(board.file().is_some(), "the board is posted in the thread");
    assert!(board.json()["content"]
        .as_str()
        .unwrap()
        .starts_with("<@101>"));
    let (_, link) = rest
        .wait_for(0, |c| c.method == "PATCH" && c.path.ends_with("@original"))
        .await;
    assert!(
        link.json()["content"]
            .to_string()
            .contains(&format!("<#{thread}>")),
        "{:?}",
        link.json()
    );
    assert_eq!(link.json()["components"], json!([]), "the buttons are gone");
    assert_eq!(
        common::blocking(|| bot.play.store().get(GameId(1)).unwrap())
            .place
            .channel,
        ChannelId(thread)
    );

    // Play goes on in the thread, and /games links to the latest board there.
    p.channel = thread;
    let moved = p.command(ALICE, "move", &[("move", json!("e3-h6"))], None);
    deferred(&rest, &bot.url, &moved).await;
    let expected = format!("https://discord.com/channels/77/{thread}/1");
    let mut listed = Value::Null;
    for _ in 0..100 {
        listed = send(&bot.url, &p.command(BOB, "games", &[], None)).await;
        if listed["data"]["content"].to_string().contains(&expected) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        listed["data"]["content"].to_string().contains(&expected),
        "{listed}"
    );

    // Only an admin may turn threads off; then games stay in the channel.
    p.channel = 88;
    let refused = send(
        &bot.url,
        &p.command(BOB, "settings", &[("threads", json!("off"))], None),
    )
    .await;
    assert!(
        refused["data"]["content"]
            .to_string()
            .contains("Manage Server"),
        "{refused}"
    );
    let mut admin = p.command(ALICE, "settings", &[("threads", json!("off"))], None);
    admin["member"]["permissions"] = json!("32");
    let saved = send(&bot.url, &admin).await;
    assert!(
        saved["data"]["content"]
            .to_string()
            .contains("played in the channel"),
        "{saved}"
    );
    send(
        &bot.url,
        &p.command(ALICE, "play", &[("game", json!("gyges"))], Some(BOB)),
    )
    .await;
    let board = deferred(&rest, &bot.url, &p.component(BOB, "accept:2", &[])).await;
    assert!(board.file().is_some());
    let threads = rest
        .calls()
        .iter()
        .filter(|c| c.path.ends_with("/threads"))
        .count();
    assert_eq!(threads, 1, "no thread for the second game");
    stop(bot).await;
}

/// A game on time in a group DM, where the bot is no member: its reminder, its player out
/// of time and its end by timeout reach the players by direct message, never the group
/// (whose posts the fake refuses); the timeout shows the next time anyone looks.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_dm_games_clock_speaks_by_direct_message() {
    const GROUP: u64 = 4_000_002;
    let (rest, rest_url) = Rest::start().await;
    rest.without_bot(GROUP);
    let config = config(&rest_url);
    let spot = common::StoreSpot::new();
    let time = Arc::new(AtomicU64::new(START));
    let mut p = Payloads::new();
    let bot = boot(&spot, &time, &config).await;
    let grouped = |payload: Value, who: Person| in_group_dm(payload, GROUP, who.id);
    // Bob chose to be told by DM: his reminder reaches him once, and nobody else.
    let settings = p.command(BOB, "settings", &[("notify", json!("dm"))], None);
    send(&bot.url, &settings).await;
    let challenge = one_day_challenge(&mut p);
    send(&bot.url, &grouped(challenge, ALICE)).await;
    deferred(
        &rest,
        &bot.url,
        &grouped(p.component(BOB, "accept:1", &[]), ALICE),
    )
    .await;
    let moved = p.command(ALICE, "move", &[("move", json!("e3-h6"))], None);
    deferred(&rest, &bot.url, &grouped(moved, ALICE)).await;

    let dms = |user: u64| posts_in(&rest, dm_channel(user));
    time.store(START + 18 * HOUR_MS, Ordering::SeqCst);
    assert_eq!(bot.scheduler.tick().await, 1);
    let reminded = |user: u64| {
        dms(user)
            .iter()
            .filter(|c| {
                c.json()["content"]
                    .to_string()
                    .contains("quarter of your time")
            })
            .count()
    };
    assert_eq!(reminded(BOB.id), 1, "bob is reminded by DM, once");
    assert_eq!(reminded(ALICE.id), 0, "alice is not told bob's reminder");
    time.store(START + DAY_MS, Ordering::SeqCst);
    assert_eq!(bot.scheduler.tick().await, 1);
    time.store(START + 2 * DAY_MS, Ordering::SeqCst);
    assert_eq!(bot.scheduler.tick().await, 1);
    assert_eq!(bot.scheduler.tick().await, 0);
    let told = |user: u64| {
        dms(user)
            .iter()
            .any(|c| c.json()["content"].to_string().contains("ran out of time"))
    };
    assert!(told(ALICE.id) && told(BOB.id), "both hear how it ended");
    assert!(posts_in(&rest, GROUP).is_empty(), "nothing in the group");
    let record = common::blocking(|| bot.play.store().get(GameId(1)).unwrap());
    assert!(matches!(record.status, Status::Finished(_)));

    // Bob looks next in the group: the board says how it ended.
    let board = p.command(BOB, "board", &[("game", json!(1))], None);
    let shown = deferred(&rest, &bot.url, &grouped(board, BOB)).await;
    assert!(
        shown.json()["content"]
            .to_string()
            .contains("ran out of time"),
        "{:?}",
        shown.json()
    );
    stop(bot).await;
}
