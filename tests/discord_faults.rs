//! Discord misbehaving, injected by the fake Discord: rate limits, server errors, a call
//! that never answers, and Discord's refusals (a deleted answer, a channel closed to the
//! bot). For each: no panic, no lost or doubled move or board, a bounded number of tries,
//! and the player told where they can see it. One test per row.

mod common;
mod fake_discord;

use std::sync::Arc;
use std::time::{Duration, Instant};

use fake_discord::{
    callback, config, has_board, original, posts_in, signed, start_endpoint, Call, Fault, Payloads,
    Rest, ALICE, BOB, LEAPFROG,
};
use leapfrog::ai::AiConfig;
use leapfrog::games::{AnyGame, GameKind, Outcome};
use leapfrog::play::Play;
use leapfrog::store::{AnyStore, GameId, Player, Status, Store};
use serde_json::{json, Value};

/// The computer thinks 20 ms at most.
fn play() -> Arc<Play<AnyStore>> {
    fake_discord::play_with_ai(AiConfig {
        think_ms: 20,
        threads: 1,
        table_mb: 1,
        ..AiConfig::default()
    })
}

/// A started endpoint, its fake Discord and its play layer. A REST call is given up after
/// 800 ms (the same for every test here: the setting is the process's).
async fn bot() -> (Rest, String, Arc<Play<AnyStore>>) {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    let config = leapfrog::discord::DiscordConfig {
        rest_timeout_ms: 800,
        ..config(&rest_url)
    };
    let url = start_endpoint(&config, Arc::clone(&play)).await;
    (rest, url, play)
}

/// Alice challenges Bob to Jumpers and Bob's accept is about to be sent: the accept's
/// answer is a board, acknowledged and then attached by editing `@original`.
async fn challenged(url: &str, p: &mut Payloads) -> Value {
    let challenge = p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB));
    assert_eq!(signed(url, &challenge).await.0, 200);
    p.command(BOB, "accept", &[], None)
}

/// Alice challenges the computer, which plays first: its board is the bot's own post in
/// the channel.
fn against_the_computer(p: &mut Payloads) -> Value {
    let challenge = p.command(
        ALICE,
        "play",
        &[
            ("game", json!("jumpers")),
            ("level", json!(1)),
            ("seat", json!("second")),
        ],
        Some(LEAPFROG),
    );
    fake_discord::as_bot(challenge, LEAPFROG)
}

/// The edits of `payload`'s answer so far.
fn edits(rest: &Rest, payload: &Value) -> Vec<Call> {
    let path = original(payload);
    rest.calls()
        .into_iter()
        .filter(|c| c.method == "PATCH" && c.path == path)
        .collect()
}

/// The gateway bot connected to a fake gateway (identified), its fake Discord, its play
/// layer, and its shards (to shut down at the end).
async fn gateway_bot() -> (
    Rest,
    fake_discord::Gateway,
    Arc<Play<AnyStore>>,
    Arc<serenity::all::ShardManager>,
) {
    let (rest, rest_url) = Rest::start().await;
    let fake = fake_discord::Gateway::start().await;
    rest.set_gateway(&fake.url);
    let play = play();
    let config = leapfrog::discord::DiscordConfig {
        rest_timeout_ms: 800,
        ..config(&rest_url)
    };
    let mut client = leapfrog::discord::gateway::client(&config, "test-token", Arc::clone(&play))
        .await
        .unwrap();
    let shard = client.shard_manager.clone();
    tokio::spawn(async move { client.start().await });
    fake.identified().await;
    (rest, fake, play, shard)
}

/// Alice challenges Bob to Jumpers through the gateway and Bob accepts, each answered.
async fn gateway_game(rest: &Rest, fake: &fake_discord::Gateway, p: &mut Payloads) {
    let challenge = p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB));
    let accept = p.command(BOB, "accept", &[], None);
    for payload in [&challenge, &accept] {
        fake.dispatch(payload.clone());
        let path = callback(payload);
        rest.wait_for(0, |c| c.method == "POST" && c.path == path)
            .await;
    }
}

/// Sends the accept with `fault` injected on its edits `times` times, and waits for the
/// board to land; returns how long it took and the edits made.
async fn accept_through(fault: Fault, times: u32) -> (Duration, Vec<Call>, Rest) {
    let (rest, url, _) = bot().await;
    let mut p = Payloads::new();
    let accept = challenged(&url, &mut p).await;
    rest.inject("PATCH", &original(&accept), fault, times);
    let started = Instant::now();
    assert_eq!(signed(&url, &accept).await.1["type"], 5);
    let path = original(&accept);
    let mut seen = 0;
    while edits(&rest, &accept).len() <= times as usize {
        let (index, _) = rest
            .wait_for(seen, |c| c.method == "PATCH" && c.path == path)
            .await;
        seen = index + 1;
    }
    assert!(has_board(edits(&rest, &accept).last().unwrap()));
    (started.elapsed(), edits(&rest, &accept), rest)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_edit_waits_and_lands_once() {
    // Behind the proxy too, a 429 is waited out for as long as it says (its body's
    // fractional `retry_after`), not for a guess.
    for (retry_after, global) in [(1.6, false), (0.3, true)] {
        let fault = Fault::RateLimited {
            retry_after,
            global,
        };
        let (took, edits, _) = accept_through(fault, 1).await;
        assert_eq!(edits.len(), 2, "one refused, one landed");
        let wanted = Duration::from_secs_f64(retry_after);
        assert!(
            took >= wanted,
            "sent again after {took:?}, before the Retry-After of {retry_after} s"
        );
    }
}

/// Behind the proxy, a global 429 holds back every other call of the bot until it is over,
/// as serenity's limiter does when the bot talks to Discord directly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_the_proxy_a_global_rate_limit_holds_back_the_other_calls() {
    let (rest, rest_url) = Rest::start().await;
    let http = Arc::new(leapfrog::discord::http_client(
        &config(&rest_url),
        "test-token",
    ));
    fake_discord::check_a_global_limit_holds_back_other_calls(
        &rest,
        http,
        (601, 602),
        Duration::from_millis(1_300),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_errors_are_tried_again_a_bounded_number_of_times() {
    for status in [500, 502] {
        let (_, edits, _) = accept_through(Fault::Server(status), 1).await;
        assert_eq!(edits.len(), 2, "{status}: tried once more, landed");
    }
    // Discord down for good: three tries, then the bot gives up and stays up.
    let (rest, url, play) = bot().await;
    let mut p = Payloads::new();
    let accept = challenged(&url, &mut p).await;
    rest.inject("PATCH", "/messages/@original", Fault::Server(502), 100);
    assert_eq!(signed(&url, &accept).await.1["type"], 5);
    tokio::time::sleep(Duration::from_secs(4)).await;
    assert_eq!(edits(&rest, &accept).len(), 3, "bounded tries");
    // The accept landed all the same, and the game is playable on.
    let game = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert!(matches!(game.status, leapfrog::store::Status::Active));
    let moved = p.command(ALICE, "move", &[("move", json!("e3-h6"))], None);
    assert_eq!(signed(&url, &moved).await.0, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_that_never_answers_is_given_up_and_tried_again() {
    let (took, edits, _) = accept_through(Fault::Stall(Duration::from_secs(5)), 1).await;
    assert_eq!(edits.len(), 2);
    assert!(
        took < Duration::from_secs(4),
        "the stalled call was not waited out: {took:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_answer_is_posted_in_the_channel_instead() {
    let (rest, url, _) = bot().await;
    let mut p = Payloads::new();
    let accept = challenged(&url, &mut p).await;
    rest.inject("PATCH", &original(&accept), Fault::code(10008), 10);
    assert_eq!(signed(&url, &accept).await.1["type"], 5);
    let (_, posted) = rest
        .wait_for(0, |c| {
            c.method == "POST" && c.path == "/channels/88/messages"
        })
        .await;
    assert!(has_board(&posted), "the board reached the channel");
    let body = posted.json();
    assert_eq!(body["enforce_nonce"], true, "{body}");
    assert_eq!(
        edits(&rest, &accept).len(),
        1,
        "a refusal is not tried again"
    );
}

/// The computer's board is posted by the bot itself; the first post fails with a server
/// error and is sent again with the same nonce, which Discord enforces: one message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_post_that_failed_in_passing_is_sent_again_with_the_same_nonce() {
    let (rest, url, _) = bot().await;
    let mut p = Payloads::new();
    rest.inject("POST", "/channels/88/messages", Fault::Server(500), 1);
    let challenge = against_the_computer(&mut p);
    assert_eq!(signed(&url, &challenge).await.0, 200);
    let board = |c: &Call| c.method == "POST" && c.path == "/channels/88/messages" && has_board(c);
    // The fake records a call before it fails it: the refused post, then the one that
    // landed.
    let (first, _) = rest.wait_for(0, board).await;
    let (index, posted) = rest.wait_for(first + 1, board).await;
    let posts: Vec<Value> = rest.calls()[..=index]
        .iter()
        .filter(|c| c.method == "POST" && c.path == "/channels/88/messages")
        .map(Call::json)
        .collect();
    assert_eq!(posts.len(), 2, "failed once, sent again");
    assert_eq!(posts[0]["nonce"], posts[1]["nonce"]);
    assert!(posts[1]["nonce"].is_string());
    assert_eq!(posted.json()["enforce_nonce"], true);
}

/// A channel the bot may no longer post in (a permission removed, the channel deleted):
/// the computer's move is stored, and the player hears of it by direct message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_closed_to_the_bot_sends_the_players_a_direct_message() {
    for code in [50013, 50001, 10003] {
        let (rest, url, play) = bot().await;
        let mut p = Payloads::new();
        rest.inject("POST", "/channels/88/messages", Fault::code(code), 100);
        let challenge = against_the_computer(&mut p);
        assert_eq!(signed(&url, &challenge).await.0, 200);
        let dm = format!("/channels/{}/messages", fake_discord::dm_channel(ALICE.id));
        let (_, told) = rest
            .wait_for(0, |c| c.method == "POST" && c.path == dm)
            .await;
        assert!(told.json()["content"].is_string(), "{code}");
        let moves = common::blocking(|| play.store().get(GameId(1)).unwrap().moves.len());
        assert_eq!(moves, 1, "{code}: the computer's move is stored");
        assert_eq!(
            posts_in(&rest, 88).len(),
            1,
            "{code}: a refusal is not tried again"
        );
    }
}

/// Alice's Jump Sturdy game against the computer (level 1, Red), set up one move from its
/// end: her man on a4, the computer's on d2, which reaches rank 1 and wins with its reply to
/// any move of hers. Stored through the play layer in channel 88 of server 77, as the
/// endpoint's payloads are; returns the game.
fn the_computer_wins_next(play: &Play<AnyStore>) -> GameId {
    let ctx = fake_discord::alice_here();
    let command =
        leapfrog::play::parse_command("/play jump-sturdy opponent:@ai level:1 seat:first", |n| {
            leapfrog::console::console_user(n)
        })
        .unwrap();
    common::blocking(|| play.handle(&ctx, command));
    let start = "6/3r04/8/b07/8/8/8/6 b";
    let game = AnyGame::new(GameKind::JumpSturdy, &[], Some(start)).unwrap();
    assert_eq!(game.outcome(), Outcome::Ongoing);
    common::blocking(|| {
        let mut record = play.store().get(GameId(1)).unwrap();
        assert_eq!(record.seats[1], Player::Computer { level: 1 });
        assert!(record.moves.is_empty());
        record.start = Some(start.to_owned());
        record.position = game.position_text();
        play.store().replace(&record).unwrap();
    });
    GameId(1)
}

/// A channel closed to the bot (a permission removed, the channel deleted) when the
/// computer's reply ends the game: that last board mentions no one, and the player still
/// hears of it by direct message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_ending_computer_move_in_a_closed_channel_reaches_the_player_by_dm() {
    for code in [50013, 50001, 10003] {
        let (rest, url, play) = bot().await;
        let game = the_computer_wins_next(&play);
        let mut p = Payloads::new();
        let mine = p.command(ALICE, "move", &[("move", json!("a4-a5"))], None);
        rest.inject("POST", "/channels/88/messages", Fault::code(code), 100);
        assert_eq!(signed(&url, &mine).await.1["type"], 5, "{code}");
        let dm = format!("/channels/{}/messages", fake_discord::dm_channel(ALICE.id));
        let (_, told) = rest
            .wait_for(0, |c| c.method == "POST" && c.path == dm)
            .await;
        let record = common::blocking(|| play.store().get(game).unwrap());
        assert!(
            matches!(record.status, Status::Finished(_)),
            "{code}: {record:?}"
        );
        assert_eq!(record.moves.len(), 2, "{code}");
        let last = record.moves.last().unwrap();
        let told = told.json()["content"].as_str().unwrap().to_owned();
        assert!(told.contains(&format!("played {last}")), "{code}: {told}");
        assert!(told.contains("Game over"), "{code}: {told}");
        // Her DM channel is the only one opened: the computer is never written to.
        let opened: Vec<String> = rest
            .calls()
            .iter()
            .filter(|c| c.method == "POST" && c.path == "/users/@me/channels")
            .map(|c| match &c.json()["recipient_id"] {
                Value::String(id) => id.clone(),
                other => other.to_string(),
            })
            .collect();
        assert!(!opened.is_empty(), "{code}");
        assert!(
            opened.iter().all(|id| *id == ALICE.id.to_string()),
            "{code}: {opened:?}"
        );
        let (_, refused) = rest
            .wait_for(0, |c| {
                c.method == "POST" && c.path == "/channels/88/messages"
            })
            .await;
        let posted = refused.json()["content"].as_str().unwrap().to_owned();
        assert!(
            !posted.contains(&format!("<@{}>", ALICE.id)),
            "{code}: the last board mentions no one: {posted}"
        );
        assert_eq!(
            posts_in(&rest, 88).len(),
            1,
            "{code}: a refusal is not tried again"
        );
    }
}

/// The same interaction delivered twice (a gateway that resumed and replayed it): acted on
/// once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_delivered_twice_is_acted_on_once() {
    let (rest, url, play) = bot().await;
    let mut p = Payloads::new();
    let accept = challenged(&url, &mut p).await;
    assert_eq!(signed(&url, &accept).await.1["type"], 5);
    rest.wait_for(0, |c| c.method == "PATCH" && c.path == original(&accept))
        .await;
    let moved = p.command(ALICE, "move", &[("move", json!("e3-h6"))], None);
    assert_eq!(signed(&url, &moved).await.0, 200);
    let (status, _) = signed(&url, &moved).await;
    assert_ne!(status, 200, "the second delivery is not answered");
    let game = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert_eq!(game.moves.len(), 1);
}

/// A game played in its own thread, whose thread is deleted (or closed to the bot): the
/// computer's next board goes to the channel the thread was opened from, headed once by why,
/// and the game goes on there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_that_cannot_reach_the_games_thread_goes_to_its_channel() {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    let config = leapfrog::discord::DiscordConfig {
        rest_timeout_ms: 800,
        threads: true,
        ..config(&rest_url)
    };
    let url = start_endpoint(&config, Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let mut challenge = against_the_computer(&mut p);
    challenge["data"]["options"][2]["value"] = json!("first");
    assert_eq!(signed(&url, &challenge).await.0, 200);
    let thread = format!("/channels/{}/messages", fake_discord::THREAD_BASE);
    rest.wait_for(0, |c| c.method == "POST" && c.path == thread)
        .await;
    // The game moves into its thread once its board is posted there.
    let mut game = common::blocking(|| play.store().get(GameId(1)).unwrap());
    for _ in 0..50 {
        if game.place.channel.0 == fake_discord::THREAD_BASE {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        game = common::blocking(|| play.store().get(GameId(1)).unwrap());
    }
    assert_eq!(game.place.channel.0, fake_discord::THREAD_BASE);
    assert_eq!(game.home.map(|h| h.0), Some(88));
    // The thread is deleted; Alice moves in it before she knows.
    rest.inject("POST", &thread, Fault::code(10003), 100);
    p.channel = fake_discord::THREAD_BASE;
    p.channel_kind = 11;
    let moved = p.command(ALICE, "move", &[("move", json!("e3-h6"))], None);
    assert_eq!(signed(&url, &moved).await.0, 200);
    let (_, posted) = rest
        .wait_for(0, |c| {
            c.method == "POST" && c.path == "/channels/88/messages"
        })
        .await;
    assert!(has_board(&posted));
    let content = posted.json()["content"].as_str().unwrap().to_owned();
    assert!(content.contains("can no longer post"), "{content}");
    assert!(content.contains("10003"), "{content}");
    let game = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert_eq!(game.place.channel.0, 88, "the game goes on in the channel");
    assert_eq!(game.moves.len(), 2);
}

/// Through the gateway, where every answer is a REST call: an interaction Discord no longer
/// knows (10062) still shows its move's board, in the channel; one already acknowledged
/// (40060) is taken as answered; an interaction dispatched twice (a resumed connection that
/// replayed it) is acted on and answered once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn through_the_gateway_a_lost_or_repeated_interaction_is_answered_once() {
    let (rest, fake, play, shard) = gateway_bot().await;
    let mut p = Payloads::new();
    gateway_game(&rest, &fake, &mut p).await;
    // Alice's move reaches the bot too late: Discord refuses its answer.
    let moved = p.command(ALICE, "move", &[("move", json!("e3-h6"))], None);
    rest.inject("POST", &callback(&moved), Fault::code(10062), 1);
    fake.dispatch(moved.clone());
    let (_, posted) = rest
        .wait_for(0, |c| {
            c.method == "POST" && c.path == "/channels/88/messages"
        })
        .await;
    assert!(has_board(&posted), "the move's board reached the channel");
    // Bob's answer was acknowledged already (by another worker, say); the same interaction
    // then arrives twice.
    let answer = p.command(BOB, "move", &[("move", json!("c9-d8"))], None);
    rest.inject("POST", &callback(&answer), Fault::code(40060), 1);
    fake.dispatch(answer.clone());
    fake.dispatch(answer.clone());
    let path = callback(&answer);
    rest.wait_for(0, |c| c.method == "POST" && c.path == path)
        .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let answers = rest
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path == path)
        .count();
    assert_eq!(answers, 1, "answered once");
    let game = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert_eq!(game.moves, ["e3-h6", "c9-d8"]);
    assert_eq!(
        posts_in(&rest, 88).len(),
        1,
        "only the lost answer went to the channel"
    );
    shard.shutdown_all().await;
}

/// A server that took a permission from the bot hears which, once, in Discord's own words:
/// a thread that cannot be opened (the game is played in the channel), and a channel the
/// bot may no longer post in (the players are told by direct message). The next game or
/// post meets the same refusal without the notice again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_removed_a_permission_is_told_once_which() {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    let config = leapfrog::discord::DiscordConfig {
        rest_timeout_ms: 800,
        threads: true,
        ..config(&rest_url)
    };
    let url = start_endpoint(&config, Arc::clone(&play)).await;
    rest.inject("POST", "/channels/88/threads", Fault::code(50013), 100);
    let mut p = Payloads::new();
    let mut answers = Vec::new();
    for _ in 0..2 {
        let accept = challenged(&url, &mut p).await;
        assert_eq!(signed(&url, &accept).await.1["type"], 5);
        let path = original(&accept);
        let (_, answer) = rest
            .wait_for(0, |c| c.method == "PATCH" && c.path == path)
            .await;
        assert!(has_board(&answer), "the game is played in the channel");
        answers.push(answer.json()["content"].as_str().unwrap().to_owned());
    }
    assert!(
        answers[0].contains("could not open a thread")
            && answers[0].contains("**Create Public Threads**")
            && answers[0].contains("50013"),
        "{}",
        answers[0]
    );
    assert!(
        !answers[1].contains("Create Public Threads"),
        "said once: {}",
        answers[1]
    );
    // Now the channel itself is closed to the bot's posts: the computer's boards.
    rest.inject("POST", "/channels/88/messages", Fault::code(50013), 100);
    let dm = format!("/channels/{}/messages", fake_discord::dm_channel(ALICE.id));
    let mut told = Vec::new();
    for _ in 0..2 {
        let challenge = against_the_computer(&mut p);
        assert_eq!(signed(&url, &challenge).await.0, 200);
        let (index, message) = rest
            .wait_for(told.last().map_or(0, |(i, _)| i + 1), |c| {
                c.method == "POST" && c.path == dm
            })
            .await;
        told.push((
            index,
            message.json()["content"].as_str().unwrap().to_owned(),
        ));
    }
    assert!(
        told[0].1.contains("**Send Messages**") && told[0].1.contains("<#88>"),
        "{}",
        told[0].1
    );
    assert!(
        !told[1].1.contains("Send Messages"),
        "said once: {}",
        told[1].1
    );
}

/// The gateway connection drops in the middle of a game: the bot resumes its session (no new
/// IDENTIFY), is sent what it missed and, as Discord may, the last interaction it had seen
/// already; every interaction is acted on and answered once, and play goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_gateway_connection_resumes_and_answers_nothing_twice() {
    let (rest, fake, play, shard) = gateway_bot().await;
    let answered = |payload: &Value| {
        let path = callback(payload);
        rest.calls()
            .iter()
            .filter(|c| c.method == "POST" && c.path == path)
            .count()
    };
    let mut p = Payloads::new();
    let challenge = p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB));
    fake.dispatch(challenge.clone());
    let path = callback(&challenge);
    rest.wait_for(0, |c| c.method == "POST" && c.path == path)
        .await;
    // The network fails; the accept is sent while the bot is away. (One at a time: the
    // bot acts on interactions concurrently, and a player moves after seeing the accept.)
    fake.replay_seen
        .store(true, std::sync::atomic::Ordering::SeqCst);
    fake.drop_connection();
    let accept = p.command(BOB, "accept", &[], None);
    let moved = p.command(ALICE, "move", &[("move", json!("e3-h6"))], None);
    fake.dispatch(accept.clone());
    fake.sent_op(6, 1).await;
    for payload in [&accept, &moved] {
        if payload == &moved {
            fake.dispatch(moved.clone());
        }
        let path = callback(payload);
        rest.wait_for(0, |c| c.method == "POST" && c.path == path)
            .await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let identifies = fake
        .received
        .lock()
        .unwrap()
        .iter()
        .filter(|v| v["op"] == 2)
        .count();
    assert_eq!(identifies, 1, "the session was resumed, not started anew");
    let resume = fake
        .received
        .lock()
        .unwrap()
        .iter()
        .find(|v| v["op"] == 6)
        .cloned()
        .unwrap();
    assert_eq!(resume["d"]["session_id"], "fake-session");
    for payload in [&challenge, &accept, &moved] {
        assert_eq!(answered(payload), 1, "answered once: {}", callback(payload));
    }
    let game = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert_eq!(game.moves, ["e3-h6"]);
    // Play goes on over the resumed connection.
    let answer = p.command(BOB, "move", &[("move", json!("c9-d8"))], None);
    fake.dispatch(answer.clone());
    let path = callback(&answer);
    rest.wait_for(0, |c| c.method == "POST" && c.path == path)
        .await;
    let game = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert_eq!(game.moves, ["e3-h6", "c9-d8"]);
    shard.shutdown_all().await;
}

/// Through the gateway, an interaction's answer that Discord fails to take (a server
/// error, no answer in time) is tried again within Discord's 3 s window; an answer that
/// never lands is posted in the channel instead: a move is never stored and shown nowhere.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn through_the_gateway_a_failed_answer_is_tried_again_then_posted_in_the_channel() {
    let (rest, fake, play, shard) = gateway_bot().await;
    let mut p = Payloads::new();
    gateway_game(&rest, &fake, &mut p).await;
    // Failures in passing: a 500, a 502, a call that never answers. Each answer is tried
    // again and lands as the answer itself, with the board.
    let passing = [
        (ALICE, "e3-h6", Fault::Server(500)),
        (BOB, "c9-d8", Fault::Server(502)),
        (ALICE, "c3-f6", Fault::Stall(Duration::from_millis(1_500))),
    ];
    for (who, mv, fault) in passing {
        let moved = p.command(who, "move", &[("move", json!(mv))], None);
        let path = callback(&moved);
        rest.inject("POST", &path, fault.clone(), 1);
        fake.dispatch(moved.clone());
        let (first, _) = rest
            .wait_for(0, |c| c.method == "POST" && c.path == path)
            .await;
        let (_, landed) = rest
            .wait_for(first + 1, |c| c.method == "POST" && c.path == path)
            .await;
        assert!(has_board(&landed), "{fault:?}: the board is the answer");
    }
    assert_eq!(
        posts_in(&rest, 88).len(),
        0,
        "every answer landed as itself"
    );
    // Discord never takes this answer: the board goes to the channel, once.
    let moved = p.command(BOB, "move", &[("move", json!("g9-h8"))], None);
    let path = callback(&moved);
    rest.inject("POST", &path, Fault::Server(502), 100);
    let started = Instant::now();
    fake.dispatch(moved.clone());
    let (_, posted) = rest
        .wait_for(0, |c| {
            c.method == "POST" && c.path == "/channels/88/messages"
        })
        .await;
    assert!(has_board(&posted), "the move's board reached the channel");
    let tries = rest
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path == path)
        .count();
    assert!(
        (2..=10).contains(&tries),
        "tried again, a bounded number of times: {tries}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "given up when Discord's window closed"
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(posts_in(&rest, 88).len(), 1, "posted once");
    let game = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert_eq!(game.moves, ["e3-h6", "c9-d8", "c3-f6", "g9-h8"]);
    shard.shutdown_all().await;
}

/// A move's answer whose edit Discord refuses for good (the channel gone or closed to the
/// bot, a DM refused, an answer that cannot be edited) is posted in the channel instead,
/// and where the channel is closed too, the players hear of it by direct message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_whose_edit_is_refused_reaches_the_players_another_way() {
    for code in [50013, 50001, 50007, 10003, 40060] {
        let (rest, url, play) = bot().await;
        let mut p = Payloads::new();
        let accept = challenged(&url, &mut p).await;
        rest.inject("PATCH", &original(&accept), Fault::code(code), 100);
        let shut_out = matches!(code, 50013 | 50001 | 10003);
        if shut_out {
            rest.inject("POST", "/channels/88/messages", Fault::code(code), 100);
        }
        assert_eq!(signed(&url, &accept).await.1["type"], 5);
        let (_, posted) = rest
            .wait_for(0, |c| {
                c.method == "POST" && c.path == "/channels/88/messages"
            })
            .await;
        if shut_out {
            let dm = format!("/channels/{}/messages", fake_discord::dm_channel(ALICE.id));
            let (_, told) = rest
                .wait_for(0, |c| c.method == "POST" && c.path == dm)
                .await;
            assert!(told.json()["content"].is_string(), "{code}");
        } else {
            assert!(has_board(&posted), "{code}: the board reached the channel");
        }
        let game = common::blocking(|| play.store().get(GameId(1)).unwrap());
        assert_eq!(game.status, leapfrog::store::Status::Active, "{code}");
    }
}
