//! Both Discord front ends against a fake Discord on loopback: the HTTP endpoint driven by
//! signed requests (and forged, stale and oversized ones), the gateway bot driven by a fake
//! gateway; every REST call the bot makes lands in a recording fake of Discord's API.

mod common;
mod fake_discord;

use std::sync::Arc;
use std::time::Duration;

use ed25519_dalek::{Signer, SigningKey};
use fake_discord::{
    assert_board, callback, config, deferred_board, edit_of, hex, key, now, original, play, post,
    send, start_endpoint, token_of, Call, Gateway, Payloads, Person, Rest, ALICE, APP_ID, BOB,
};
use leapfrog::discord::{gateway, DiscordConfig};
use leapfrog::play::Play;
use leapfrog::store::AnyStore;
use leapfrog::store::{
    ChannelId, GameId, GameRecord, GuildId, GuildSettings, Store, StoreError, TournamentId,
    TournamentRecord, UserId, UserSettings,
};
use serde_json::{json, Value};

/// A store that takes its time (milliseconds a call, and a stall of its first call): the
/// bot must still answer Discord within its budget.
struct SlowStore(AnyStore, u64, std::sync::atomic::AtomicU64);

impl SlowStore {
    fn new(store: AnyStore, each: u64, first: u64) -> Self {
        Self(store, each, std::sync::atomic::AtomicU64::new(first))
    }

    fn wait(&self) {
        let stall = self.2.swap(0, std::sync::atomic::Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(self.1 + stall));
    }
}

impl Store for SlowStore {
    fn cached(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.0.cached(key)
    }
    fn set_cached(&self, key: &str, value: &[u8]) -> Result<(), StoreError> {
        self.0.set_cached(key, value)
    }
    fn update_cached(
        &self,
        key: &str,
        change: &mut leapfrog::store::CacheChange<'_>,
    ) -> Result<bool, StoreError> {
        self.0.update_cached(key, change)
    }
    fn insert(&self, record: GameRecord) -> Result<GameRecord, StoreError> {
        self.wait();
        self.0.insert(record)
    }
    fn get(&self, id: GameId) -> Result<GameRecord, StoreError> {
        self.wait();
        self.0.get(id)
    }
    fn replace(&self, record: &GameRecord) -> Result<GameRecord, StoreError> {
        self.wait();
        self.0.replace(record)
    }
    fn games_of_user(&self, user: UserId) -> Result<Vec<GameRecord>, StoreError> {
        self.wait();
        self.0.games_of_user(user)
    }
    fn games_in_channel(&self, channel: ChannelId) -> Result<Vec<GameRecord>, StoreError> {
        self.wait();
        self.0.games_in_channel(channel)
    }
    fn challenges_in_channel(&self, channel: ChannelId) -> Result<Vec<GameRecord>, StoreError> {
        self.wait();
        self.0.challenges_in_channel(channel)
    }
    fn deadlines_until(&self, until: u64) -> Result<Vec<(u64, GameId)>, StoreError> {
        self.0.deadlines_until(until)
    }
    fn settings(&self, user: UserId) -> Result<UserSettings, StoreError> {
        self.0.settings(user)
    }
    fn set_settings(&self, user: UserId, settings: UserSettings) -> Result<(), StoreError> {
        self.0.set_settings(user, settings)
    }
    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        self.0.guild_settings(guild)
    }
    fn set_guild_settings(
        &self,
        guild: GuildId,
        settings: GuildSettings,
    ) -> Result<(), StoreError> {
        self.0.set_guild_settings(guild, settings)
    }
    fn board_link(&self, game: GameId) -> Result<Option<String>, StoreError> {
        self.0.board_link(game)
    }
    fn set_board_link(&self, game: GameId, link: &str) -> Result<(), StoreError> {
        self.0.set_board_link(game, link)
    }
    fn flush(&self) -> Result<(), StoreError> {
        self.0.flush()
    }
    fn sync(&self) -> Result<(), StoreError> {
        self.0.sync()
    }
    fn standing(
        &self,
        kind: leapfrog::games::GameKind,
        user: UserId,
    ) -> Result<Option<leapfrog::ratings::Standing>, StoreError> {
        self.0.standing(kind, user)
    }
    fn leaderboard(
        &self,
        kind: leapfrog::games::GameKind,
        guild: Option<GuildId>,
        keep: &dyn Fn(&leapfrog::ratings::Standing) -> bool,
        limit: usize,
    ) -> Result<Vec<(UserId, leapfrog::ratings::Standing)>, StoreError> {
        self.0.leaderboard(kind, guild, keep, limit)
    }
    fn export(&self) -> Result<leapfrog::store::Dump, StoreError> {
        self.0.export()
    }
    fn import(&self, dump: &leapfrog::store::Dump) -> Result<(), StoreError> {
        self.0.import(dump)
    }
    fn watch(&self) -> leapfrog::store::Watch {
        self.0.watch()
    }
    fn secret(&self, name: &str, fresh: &[u8]) -> Result<Vec<u8>, StoreError> {
        self.0.secret(name, fresh)
    }
    fn insert_tournament(&self, record: TournamentRecord) -> Result<TournamentRecord, StoreError> {
        self.0.insert_tournament(record)
    }
    fn tournament(&self, id: TournamentId) -> Result<TournamentRecord, StoreError> {
        self.0.tournament(id)
    }
    fn replace_tournament(
        &self,
        record: &TournamentRecord,
    ) -> Result<TournamentRecord, StoreError> {
        self.0.replace_tournament(record)
    }
    fn tournaments_in(&self, scope: u64) -> Result<Vec<TournamentRecord>, StoreError> {
        self.0.tournaments_in(scope)
    }
    fn live_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError> {
        self.0.live_tournaments()
    }
    fn all_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError> {
        self.0.all_tournaments()
    }
    fn all_games(&self) -> Result<Vec<GameRecord>, StoreError> {
        self.0.all_games()
    }
    fn forget_user(
        &self,
        user: UserId,
        anonymous: UserId,
        now: u64,
    ) -> Result<leapfrog::store::Forgotten, StoreError> {
        self.wait();
        self.0.forget_user(user, anonymous, now)
    }
    fn replace_ratings(
        &self,
        standings: &[(
            leapfrog::games::GameKind,
            UserId,
            leapfrog::ratings::Standing,
        )],
    ) -> Result<(), StoreError> {
        self.0.replace_ratings(standings)
    }
}

/// The endpoint over a [`SlowStore`] that defers after 100 ms, and its fake Discord.
async fn slow_endpoint() -> (Rest, String) {
    let (rest, rest_url) = Rest::start().await;
    let config = DiscordConfig {
        defer_after_ms: 100,
        ..config(&rest_url)
    };
    let slow = Arc::new(Play::with(
        SlowStore::new(common::temporary_store(), 150, 0),
        Box::new(leapfrog::play::SystemClock),
        Box::new(fake_discord::ChallengerFirst),
    ));
    (rest, start_endpoint(&config, slow).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_endpoint_turns_away_unsigned_forged_stale_and_oversized_requests() {
    let (_rest, rest_url) = Rest::start().await;
    let config = config(&rest_url);
    let url = start_endpoint(&config, play()).await;
    let ping = json!({"id": "1", "application_id": APP_ID.to_string(), "type": 1, "token": "t", "version": 1}).to_string();

    let (status, body) = post(&url, ping.as_bytes(), &key(), now()).await;
    assert_eq!((status, body), (200, json!({"type": 1})), "PING → PONG");

    let forger = SigningKey::from_bytes(&[9; 32]);
    assert_eq!(
        post(&url, ping.as_bytes(), &forger, now()).await.0,
        401,
        "forged"
    );
    assert_eq!(
        post(&url, ping.as_bytes(), &key(), now() - 3_600).await.0,
        401,
        "stale"
    );
    let unsigned = reqwest::Client::new()
        .post(&url)
        .body(ping.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(unsigned.status().as_u16(), 401, "unsigned");
    // A signature over other bytes than those sent.
    let timestamp = now().to_string();
    let signature = hex(&key().sign(format!("{timestamp}{{}}").as_bytes()).to_bytes());
    let tampered = reqwest::Client::new()
        .post(&url)
        .header("X-Signature-Ed25519", signature)
        .header("X-Signature-Timestamp", timestamp)
        .body(ping.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(tampered.status().as_u16(), 401, "tampered body");
    let huge = vec![b' '; config.max_body_bytes + 1];
    assert_eq!(post(&url, &huge, &key(), now()).await.0, 413, "oversized");
    let (status, _) = post(&url, b"{\"not\": \"an interaction\"}", &key(), now()).await;
    assert_eq!(status, 400, "signed garbage");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_game_through_the_http_endpoint() {
    let (rest, rest_url) = Rest::start().await;
    let url = start_endpoint(&config(&rest_url), play()).await;
    let mut p = Payloads::new();

    // The challenge: a message with Accept/Decline, no picture, answered in the body.
    let challenge = p.command(
        ALICE,
        "play",
        &[("game", json!("jumpers")), ("board", json!("near"))],
        Some(BOB),
    );
    let answer = send(&url, &challenge).await;
    assert_eq!(answer["type"], 4, "{answer}");
    assert!(
        answer["data"]["content"]
            .as_str()
            .unwrap()
            .contains("alice challenges bob"),
        "{answer}"
    );
    assert_eq!(answer["data"]["allowed_mentions"]["users"][0], "202");
    let buttons = &answer["data"]["components"][0]["components"];
    assert!(buttons.to_string().contains("accept:1"), "{buttons}");

    // Accepting shows the board: acknowledged in the body, the PNG edited in over REST.
    let accept = p.component(BOB, "accept:1", &[]);
    let (mut seen, board) = deferred_board(&rest, &url, &accept, 0).await;
    assert!(
        board["content"].as_str().unwrap().starts_with("<@101>"),
        "alice is to move"
    );

    // Autocomplete offers alice's moves (and nothing to bob, who is not to move).
    let typed = send(&url, &p.autocomplete(ALICE, "move", "move", "e3")).await;
    assert_eq!(typed["type"], 8);
    let choices: Vec<&str> = typed["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert!(
        choices.contains(&"e3-h6") && choices.iter().all(|c| c.starts_with("e3")),
        "{choices:?}"
    );
    let none = send(&url, &p.autocomplete(BOB, "move", "move", "")).await;
    assert_eq!(none["data"]["choices"], json!([]));

    // The picker: the Move button lists pieces, a piece lists its moves (in place).
    let pieces = send(&url, &p.component(ALICE, "moves:1", &[])).await;
    assert_eq!(pieces["type"], 4);
    assert_eq!(pieces["data"]["flags"], 64, "only alice sees the picker");
    assert!(
        pieces["data"]["components"].to_string().contains("\"e3\""),
        "{pieces}"
    );
    let targets = send(&url, &p.component(ALICE, "piece:1", &["e3"])).await;
    assert_eq!(targets["type"], 7, "updates the picker: {targets}");
    assert!(targets["data"]["components"].to_string().contains("e3-h6"));

    // Resigning asks first, privately.
    let sure = send(&url, &p.component(BOB, "confirm|resign:1", &[])).await;
    assert_eq!(sure["data"]["flags"], 64);
    assert!(
        sure["data"]["components"]
            .to_string()
            .contains("\"resign:1\""),
        "{sure}"
    );

    // Another bot (not the application's own user) can't be challenged: said privately.
    let robot = Person {
        id: fake_discord::BOT_ID,
        name: "leapfrog",
    };
    let mut versus_bot = p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(robot));
    versus_bot["data"]["resolved"]["users"][robot.id.to_string()]["bot"] = json!(true);
    let refused = send(&url, &versus_bot).await;
    assert_eq!(refused["data"]["flags"], 64);
    assert!(
        refused["data"]["content"]
            .as_str()
            .unwrap()
            .contains("is a bot"),
        "{refused}"
    );

    // A refusal is private and says why.
    let wrong = send(
        &url,
        &p.command(BOB, "move", &[("move", json!("c9-d8"))], None),
    )
    .await;
    assert_eq!(wrong["type"], 4);
    assert_eq!(wrong["data"]["flags"], 64);
    assert!(
        wrong["data"]["content"]
            .as_str()
            .unwrap()
            .contains("turn in game #1, not yours"),
        "{wrong}"
    );

    // The game: alice by the picker's last step, then slash commands, to alice's win.
    let moves = [
        p.component(ALICE, "target:1", &["e3-h6"]),
        p.command(BOB, "move", &[("move", json!("c9-d8"))], None),
        p.command(
            ALICE,
            "move",
            &[("move", json!("h6-e9")), ("game", json!(1))],
            None,
        ),
    ];
    let mut last = Value::Null;
    for payload in &moves {
        (seen, last) = deferred_board(&rest, &url, payload, seen).await;
    }
    let text = last["content"].as_str().unwrap();
    assert!(text.contains("**alice (White)** wins"), "{text}");
    assert!(rest
        .calls()
        .iter()
        .all(|c| c.authorization == "Bot test-token"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_game_through_the_gateway() {
    let (rest, rest_url) = Rest::start().await;
    let fake = Gateway::start().await;
    rest.set_gateway(&fake.url);
    let config = config(&rest_url);
    let mut client = gateway::client(&config, "test-token", play())
        .await
        .unwrap();
    let shard = client.shard_manager.clone();
    tokio::spawn(async move { client.start().await });

    let identify = fake.identified().await;
    assert_eq!(identify["d"]["token"], "Bot test-token");
    // READY registers the commands in the development server.
    let register = format!("/applications/{APP_ID}/guilds/77/commands");
    let (_, call) = rest
        .wait_for(0, |c| c.method == "PUT" && c.path == register)
        .await;
    let names: Vec<String> = call
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_owned())
        .collect();
    assert!(
        names.contains(&"play".to_owned()) && names.contains(&"move".to_owned()),
        "{names:?}"
    );

    let mut p = Payloads::new();
    let callback = |payload: &Value| callback(payload);
    let mut seen = 0;
    let script = [
        p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB)),
        p.command(BOB, "accept", &[], None),
        p.command(ALICE, "move", &[("move", json!("e3-h6"))], None),
        p.command(BOB, "move", &[("move", json!("c9-d8"))], None),
        p.command(ALICE, "move", &[("move", json!("h6-e9"))], None),
    ];
    for (i, payload) in script.iter().enumerate() {
        fake.dispatch(payload.clone());
        let path = callback(payload);
        let (index, call) = rest
            .wait_for(seen, |c| c.method == "POST" && c.path == path)
            .await;
        seen = index + 1;
        let answer = call.json();
        assert_eq!(answer["type"], 4, "{answer}");
        if i > 0 {
            // Every board comes with its picture, in the first answer itself.
            assert_board(&call);
        }
        if i == script.len() - 1 {
            let text = answer["data"]["content"].as_str().unwrap();
            assert!(text.contains("**alice (White)** wins"), "{text}");
        }
    }
    shard.shutdown_all().await;
}

/// Slow answers are acknowledged at once and completed later by editing the
/// acknowledgement, which is private when the answer will be.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_answers_are_deferred_then_completed() {
    let (rest, url) = slow_endpoint().await;
    let mut p = Payloads::new();

    let challenge = p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB));
    let started = std::time::Instant::now();
    let answer = send(&url, &challenge).await;
    assert!(
        started.elapsed() < Duration::from_millis(1_000),
        "acknowledged in time"
    );
    assert_eq!(answer["type"], 5, "{answer}");
    assert_eq!(answer["data"]["flags"], 0, "a public acknowledgement");
    let (_, edit) = edit_of(&rest, &challenge, 0).await;
    assert!(edit.json()["content"]
        .as_str()
        .unwrap()
        .contains("alice challenges bob"));

    let games = p.command(BOB, "games", &[], None);
    let deferral = send(&url, &games).await;
    assert_eq!(deferral["type"], 5);
    assert_eq!(
        deferral["data"]["flags"], 64,
        "a private answer is deferred privately"
    );
    let (_, call) = edit_of(&rest, &games, 0).await;
    let message = call.json();
    assert!(
        message["content"].as_str().unwrap().contains("Your games"),
        "{message}"
    );
}

/// A whole Jump Sturdy game through the endpoint: a picture after every move, the right
/// winner at the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_jump_sturdy_game_through_the_http_endpoint() {
    let (rest, rest_url) = Rest::start().await;
    let url = start_endpoint(&config(&rest_url), play()).await;
    let mut p = Payloads::new();
    let challenge = p.command(ALICE, "play", &[("game", json!("jump-sturdy"))], Some(BOB));
    assert_eq!(send(&url, &challenge).await["type"], 4);
    send(&url, &p.command(BOB, "accept", &[], None)).await;
    let mut mirror =
        leapfrog::games::AnyGame::new(leapfrog::games::GameKind::JumpSturdy, &[], None).unwrap();
    let mut players = [ALICE, BOB];
    let mut seen = 0;
    let mut last = Value::Null;
    while !mirror.outcome().is_finished() {
        let mv = common::racing_move(&mirror);
        let payload = p.command(
            players[0],
            "move",
            &[("move", json!(mv.to_uppercase()))],
            None,
        );
        (seen, last) = deferred_board(&rest, &url, &payload, seen).await;
        mirror.play(&mv).unwrap();
        players.swap(0, 1);
    }
    let winner = match mirror.outcome() {
        leapfrog::games::Outcome::Win(seat) if seat.0 == 0 => "**alice (Blue)** wins",
        _ => "**bob (Red)** wins",
    };
    assert!(last["content"].as_str().unwrap().contains(winner), "{last}");
}

/// A whole Gygès game with displacement through the endpoint: the twelve placements through
/// the picker (sizes first, then squares), a move from a second menu (`#1` ids), then slash
/// commands to the end; a picture after every ply, the right result at the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_gyges_game_through_the_http_endpoint() {
    let (rest, rest_url) = Rest::start().await;
    let url = start_endpoint(&config(&rest_url), play()).await;
    let mut p = Payloads::new();
    let challenge = p.command(
        ALICE,
        "play",
        &[("game", json!("gyges")), ("displace", json!("on"))],
        Some(BOB),
    );
    assert_eq!(send(&url, &challenge).await["type"], 4);
    send(&url, &p.command(BOB, "accept", &[], None)).await;
    let options = ["displace=on".to_owned()];
    let mut mirror =
        leapfrog::games::AnyGame::new(leapfrog::games::GameKind::Gyges, &options, None).unwrap();
    let mut players = [ALICE, BOB];
    let mut seen = 0;
    let mut last = Value::Null;
    while !mirror.outcome().is_finished() {
        let mv = common::gyges_move(&mirror);
        let payload = if let Some((size, _)) = mv.split_once('@') {
            let piece = format!("{size}@");
            let pieces = send(&url, &p.component(players[0], "moves:1", &[])).await;
            assert!(
                pieces["data"]["components"]
                    .to_string()
                    .contains(&format!("\"{piece}\"")),
                "{pieces}"
            );
            let targets = send(&url, &p.component(players[0], "piece:1", &[&piece])).await;
            assert!(
                targets["data"]["components"].to_string().contains(&mv),
                "{targets}"
            );
            p.component(players[0], "target:1", &[&mv])
        } else if mirror.moves().len() == 12 {
            p.component(players[0], "target:1#1", &[&mv])
        } else {
            p.command(players[0], "move", &[("move", json!(mv))], None)
        };
        (seen, last) = deferred_board(&rest, &url, &payload, seen).await;
        mirror.play(&mv).unwrap();
        players.swap(0, 1);
    }
    let result = match mirror.outcome() {
        leapfrog::games::Outcome::Win(seat) if seat.0 == 0 => "**alice (South)** wins",
        leapfrog::games::Outcome::Win(_) => "**bob (North)** wins",
        _ => "draw",
    };
    assert!(mirror.moves().len() > 12, "past the placement");
    assert!(last["content"].as_str().unwrap().contains(result), "{last}");
}

const CAROL: Person = Person {
    id: 303,
    name: "carol",
};
const DAN: Person = Person {
    id: 404,
    name: "dan",
};

/// A whole Skakanie game of `players` through the endpoint: alice names her opponents, each
/// accepts (the last acceptance posts the first board), then every turn is played either by
/// the board's action buttons (the middle of a turn answers only the mover, at once and
/// without a picture) or as one `/move take right take`; a board after every turn, scores
/// and the winner at the end.
async fn skakanie_through_the_endpoint(players: usize) {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    let url = start_endpoint(&config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let everyone = [ALICE, BOB, CAROL, DAN];
    let opponents: Vec<(&str, Person)> = ["opponent", "opponent2", "opponent3"]
        .into_iter()
        .zip(everyone[1..players].iter().copied())
        .collect();
    let challenge = p.command_with_users(
        ALICE,
        "play",
        &[("game", json!("skakanie")), ("score", json!("harsh"))],
        &opponents,
    );
    let answer = send(&url, &challenge).await;
    assert_eq!(answer["type"], 4, "{answer}");
    assert!(
        answer["data"]["content"].to_string().contains("/accept"),
        "{answer}"
    );
    let mut seen = 0;
    for (i, (_, person)) in opponents.iter().enumerate() {
        let accept = p.command(*person, "accept", &[], None);
        if i + 1 < opponents.len() {
            let answer = send(&url, &accept).await;
            assert!(
                answer["data"]["content"]
                    .to_string()
                    .contains("Skakanie challenge (game #1)"),
                "{answer}"
            );
        } else {
            let (next, first) = deferred_board(&rest, &url, &accept, seen).await;
            seen = next;
            assert!(
                first["content"]
                    .as_str()
                    .unwrap()
                    .contains("Game #1 begins"),
                "{first}"
            );
        }
    }
    let mut stream = leapfrog::games::shuffle::Stream::new(leapfrog::games::Seed(players as u64));
    let mut last = Value::Null;
    for turn_number in 0.. {
        let record = common::blocking(|| play.store().get(GameId(1)).unwrap());
        if record.status != leapfrog::store::Status::Active {
            break;
        }
        assert!(turn_number < 1000, "the game did not end");
        let game = common::rebuild(&record);
        let name = record.seats[usize::from(game.to_move().0)]
            .name()
            .to_owned();
        let who = *everyone.iter().find(|e| e.name == name).unwrap();
        let turn = common::skakanie_turn(&game, &mut stream);
        if turn_number % 2 == 0 {
            for action in &turn[..turn.len() - 1] {
                let click = p.component(who, &format!("do-{action}:1"), &[]);
                let answer = send(&url, &click).await;
                assert_eq!(answer["type"], 4, "{answer}");
                assert_eq!(
                    answer["data"]["flags"], 64,
                    "only the mover sees it: {answer}"
                );
                assert!(
                    answer["data"]["content"]
                        .to_string()
                        .contains("left this turn"),
                    "{answer}"
                );
            }
            let click = p.component(who, &format!("do-{}:1", turn[turn.len() - 1]), &[]);
            (seen, last) = deferred_board(&rest, &url, &click, seen).await;
        } else {
            let typed = p.command(who, "move", &[("move", json!(turn.join(" ")))], None);
            (seen, last) = deferred_board(&rest, &url, &typed, seen).await;
        }
        let content = last["content"].as_str().unwrap();
        assert!(
            content.contains(&format!("played {}", turn.join(", "))),
            "{content}"
        );
    }
    let record = common::blocking(|| play.store().get(GameId(1)).unwrap());
    let game = common::rebuild(&record);
    let content = last["content"].as_str().unwrap().to_owned();
    assert!(
        content.contains("Game over") && content.contains("Scores: "),
        "{content}"
    );
    let winners: Vec<u8> = match game.outcome() {
        leapfrog::games::Outcome::Win(seat) => vec![seat.0],
        leapfrog::games::Outcome::SharedWin(seats) => seats.iter().map(|s| s.0).collect(),
        other => panic!("{other:?}"),
    };
    for w in winners {
        assert!(
            content.contains(record.seats[usize::from(w)].name()),
            "{content}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_player_skakanie_game_through_the_http_endpoint() {
    skakanie_through_the_endpoint(2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_skakanie_game_through_the_http_endpoint() {
    skakanie_through_the_endpoint(3).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_player_skakanie_game_through_the_http_endpoint() {
    skakanie_through_the_endpoint(4).await;
}

/// Where a command may be used is part of its registration: games on servers and, through
/// a player's own install, in DMs and group DMs between people (never the bot's DMs, where
/// no other player sees them); the caller's own things (games, ratings, puzzles, rules,
/// help, data) everywhere; a server's own things (settings, leaderboard, tournaments) where
/// a server added the bot.
fn assert_registered_where_they_make_sense(register: &Call) {
    let everywhere = [
        "help",
        "rules",
        "games",
        "rating",
        "profile",
        "privacy",
        "forget-me",
        "puzzle",
        "launch",
    ];
    let server_and_bot_dm = ["settings", "leaderboard"];
    let server = ["tournament"];
    for command in register.json().as_array().unwrap() {
        let name = command["name"].as_str().unwrap();
        let (contexts, installs) = if everywhere.contains(&name) {
            (json!([0, 1, 2]), json!([0, 1]))
        } else if server_and_bot_dm.contains(&name) {
            (json!([0, 1]), json!([0]))
        } else if server.contains(&name) {
            (json!([0]), json!([0]))
        } else {
            (json!([0, 2]), json!([0, 1]))
        };
        assert_eq!(command["contexts"], contexts, "{name}");
        assert_eq!(command["integration_types"], installs, "{name}");
    }
}

/// An autocomplete the bot has no suggestions for still gets an answer: an empty list.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_autocomplete_the_bot_does_not_handle_gets_an_empty_list_from_both_front_ends() {
    let (rest, rest_url) = Rest::start().await;
    let config = config(&rest_url);
    let url = start_endpoint(&config, play()).await;
    let mut p = Payloads::new();
    let unknown = p.autocomplete(ALICE, "play", "handicap", "a");
    let answer = send(&url, &unknown).await;
    assert_eq!(answer, json!({"type": 8, "data": {"choices": []}}));

    let fake = Gateway::start().await;
    rest.set_gateway(&fake.url);
    let mut client = gateway::client(&config, "test-token", play())
        .await
        .unwrap();
    let shard = client.shard_manager.clone();
    tokio::spawn(async move { client.start().await });
    fake.identified().await;
    let register = format!("/applications/{APP_ID}/guilds/77/commands");
    let (_, call) = rest
        .wait_for(0, |c| c.method == "PUT" && c.path == register)
        .await;
    assert_registered_where_they_make_sense(&call);
    let unknown = p.autocomplete(ALICE, "play", "handicap", "a");
    fake.dispatch(unknown.clone());
    let path = callback(&unknown);
    let (_, call) = rest
        .wait_for(0, |c| c.method == "POST" && c.path == path)
        .await;
    assert_eq!(call.json(), json!({"type": 8, "data": {"choices": []}}));
    shard.shutdown_all().await;
}

/// Games are played where the other players see them: a game command that reaches the bot
/// from its own DMs (through an older registration) is refused with the reason, while the
/// caller's own things work there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_commands_from_direct_messages_are_refused_and_help_works_there() {
    let (_rest, rest_url) = Rest::start().await;
    let play = play();
    let url = start_endpoint(&config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let carol = Person {
        id: 303,
        name: "carol",
    };
    let challenge =
        fake_discord::in_dm(p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(carol)));
    let refused = send(&url, &challenge).await;
    assert_eq!(refused["type"], 4, "{refused}");
    assert_eq!(refused["data"]["flags"], 64, "{refused}");
    assert!(
        refused["data"]["content"]
            .to_string()
            .contains("Games are played where every player sees the board"),
        "{refused}"
    );
    assert!(
        common::blocking(|| play.store().games_of_user(UserId(ALICE.id)).unwrap()).is_empty(),
        "no challenge carol could never see"
    );
    let click = fake_discord::in_dm(p.component(carol, "accept:1", &[]));
    assert!(send(&url, &click).await["data"]["content"]
        .to_string()
        .contains("Games are played where every player sees the board"));
    let typed = fake_discord::in_dm(p.autocomplete(ALICE, "move", "move", "e3"));
    assert_eq!(send(&url, &typed).await["data"]["choices"], json!([]));
    let help = send(
        &url,
        &fake_discord::in_dm(p.command(ALICE, "help", &[], None)),
    )
    .await;
    assert_eq!(help["type"], 4);
    assert!(
        !help["data"]["content"]
            .to_string()
            .contains("Games are played where every player sees the board"),
        "{help}"
    );
}

/// A slow answer that will be private is deferred privately and completed by editing the
/// deferral — an edit is idempotent, so a retried one cannot show the answer twice. A
/// command that usually answers in public but is refused is known to be refused before the
/// deferral (the decision comes before the picture), so its deferral is private too: the
/// channel never shows a "thinking…" for somebody else's refusal.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_private_answers_are_deferred_privately_and_never_posted_twice() {
    let (rest, url) = slow_endpoint().await;
    let mut p = Payloads::new();

    // The first edit lands before Discord has read the acknowledgement, and is tried again.
    let games = p.command(BOB, "games", &[], None);
    rest.fail_edits(&token_of(&games), 1);
    let deferral = send(&url, &games).await;
    assert_eq!(deferral["type"], 5, "{deferral}");
    assert_eq!(deferral["data"]["flags"], 64, "deferred privately");
    let (index, edit) = edit_of(&rest, &games, 0).await;
    let (_, retried) = edit_of(&rest, &games, index + 1).await;
    assert_eq!(edit.body, retried.body, "the same edit, tried again");
    assert!(retried.json()["content"].to_string().contains("no games"));

    // Refusals of commands that are usually public, each slow.
    let challenge = p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB));
    send(&url, &challenge).await;
    edit_of(&rest, &challenge, 0).await;
    let refusals = [
        p.command(ALICE, "move", &[("move", json!("e3-h6"))], None),
        p.command(ALICE, "accept", &[], None),
        p.command(BOB, "claim", &[], None),
        p.command(BOB, "pause", &[], None),
        p.command(
            CAROL,
            "play",
            &[("game", json!("jumpers")), ("days", json!("9"))],
            Some(BOB),
        ),
    ];
    for refused in refusals {
        let deferral = send(&url, &refused).await;
        assert_eq!(
            deferral["data"]["flags"], 64,
            "a private answer: {deferral}"
        );
        if deferral["type"] == 4 {
            // Refused before the deferral was due: answered privately at once.
            continue;
        }
        assert_eq!(deferral["type"], 5, "{deferral}");
        let original = original(&refused);
        let (_, edit) = rest
            .wait_for(0, |c| c.method == "PATCH" && c.path == original)
            .await;
        assert!(!edit.json()["content"].as_str().unwrap().is_empty());
        let follow_up = format!("/webhooks/{APP_ID}/{}", token_of(&refused));
        assert!(
            rest.calls()
                .iter()
                .all(|c| !(c.path == follow_up || c.method == "DELETE" && c.path == original)),
            "no placeholder, no follow-up"
        );
    }
}

/// When even the decision is slower than Discord allows for a first answer, the answer is
/// deferred as the command usually answers (in public); a refusal then completes the public
/// deferral with a placeholder that tells nothing, is sent once as a private follow-up, and
/// the placeholder is removed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_slower_than_discords_deadline_is_told_privately_once() {
    let (rest, rest_url) = Rest::start().await;
    let config = DiscordConfig {
        defer_after_ms: 100,
        ..config(&rest_url)
    };
    let play = play();
    let url = start_endpoint(&config, Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let challenge = p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB));
    send(&url, &challenge).await;
    // The next store call stalls: the decision misses Discord's deadline.
    let very_slow = Arc::new(Play::with(
        SlowStore::new(play.store().clone(), 0, 2_600),
        Box::new(leapfrog::play::SystemClock),
        Box::new(fake_discord::ChallengerFirst),
    ));
    let url = start_endpoint(&config, very_slow).await;
    let early = p.command(ALICE, "move", &[("move", json!("e3-h6"))], None);
    rest.fail_edits(&token_of(&early), 1);
    let deferral = send(&url, &early).await;
    assert_eq!(deferral["type"], 5, "{deferral}");
    assert_eq!(deferral["data"]["flags"], 0, "a public deferral");
    let original = original(&early);
    let (_, removed) = rest
        .wait_for(0, |c| c.method == "DELETE" && c.path == original)
        .await;
    assert!(removed.body.is_empty());
    let calls = rest.calls();
    let follow_up = format!("/webhooks/{APP_ID}/{}", token_of(&early));
    let follow_ups: Vec<&Call> = calls
        .iter()
        .filter(|c| c.method == "POST" && c.path == follow_up)
        .collect();
    assert_eq!(follow_ups.len(), 1, "the private answer is sent once");
    let private = follow_ups[0].json();
    assert_eq!(private["flags"], 64, "{private}");
    let reason = private["content"].as_str().unwrap();
    assert!(!reason.is_empty());
    let edits: Vec<Value> = calls
        .iter()
        .filter(|c| c.method == "PATCH" && c.path == original)
        .map(Call::json)
        .collect();
    assert_eq!(edits.len(), 2, "one failed edit, tried again");
    for edit in edits {
        assert!(
            !edit["content"].to_string().contains(reason),
            "the public placeholder tells nothing: {edit}"
        );
    }
}

/// `/accept` in a thread keeps the game there: no thread is asked for inside a thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_accepted_inside_a_thread_stays_there_without_asking_for_another() {
    let (rest, rest_url) = Rest::start().await;
    let config = DiscordConfig {
        threads: true,
        ..config(&rest_url)
    };
    let play = play();
    let url = start_endpoint(&config, Arc::clone(&play)).await;
    let mut p = Payloads::new();
    p.channel = 654_321;
    p.channel_kind = 11;
    send(
        &url,
        &p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB)),
    )
    .await;
    let accept = p.command(BOB, "accept", &[], None);
    let (_, board) = deferred_board(&rest, &url, &accept, 0).await;
    assert!(board["content"].to_string().contains("<@101>"), "{board}");
    assert!(
        rest.calls().iter().all(|c| !c.path.ends_with("/threads")),
        "no thread in a thread"
    );
    assert_eq!(
        common::blocking(|| play.store().get(GameId(1)).unwrap())
            .place
            .channel,
        ChannelId(654_321)
    );
}

/// A thread the board cannot be posted in is deleted, and the game is played in the
/// channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_whose_first_post_fails_is_deleted_and_the_game_stays_in_the_channel() {
    let (rest, rest_url) = Rest::start().await;
    let config = DiscordConfig {
        threads: true,
        ..config(&rest_url)
    };
    rest.refuse_threads();
    let play = play();
    let url = start_endpoint(&config, Arc::clone(&play)).await;
    let mut p = Payloads::new();
    send(
        &url,
        &p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB)),
    )
    .await;
    let accept = p.command(BOB, "accept", &[], None);
    assert_eq!(send(&url, &accept).await["type"], 5);
    let thread = fake_discord::THREAD_BASE;
    let (_, deleted) = rest
        .wait_for(0, |c| {
            c.method == "DELETE" && c.path == format!("/channels/{thread}")
        })
        .await;
    assert!(deleted.body.is_empty());
    let (_, board) = edit_of(&rest, &accept, 0).await;
    assert_board(&board);
    assert_eq!(
        common::blocking(|| play.store().get(GameId(1)).unwrap())
            .place
            .channel,
        ChannelId(88)
    );
}

/// A direct message about a game names the game's thread, not the channel where the
/// command was typed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn direct_messages_name_the_games_thread() {
    let (rest, rest_url) = Rest::start().await;
    let config = DiscordConfig {
        threads: true,
        ..config(&rest_url)
    };
    let url = start_endpoint(&config, play()).await;
    let mut p = Payloads::new();
    send(
        &url,
        &p.command(ALICE, "settings", &[("notify", json!("dm"))], None),
    )
    .await;
    send(
        &url,
        &p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB)),
    )
    .await;
    send(&url, &p.component(BOB, "accept:1", &[])).await;
    let dm = format!("/channels/{}/messages", fake_discord::dm_channel(ALICE.id));
    let (_, told) = rest
        .wait_for(0, |c| c.method == "POST" && c.path == dm)
        .await;
    let text = told.json()["content"].as_str().unwrap().to_owned();
    let thread = fake_discord::THREAD_BASE;
    assert!(text.contains(&format!("<#{thread}>")), "{text}");
    assert!(!text.contains("<#88>"), "{text}");
}

/// The text of the answer to `payload`: in the response itself, or in the edit of the
/// deferred one (with the call, for its attachments).
async fn answer_text(rest: &Rest, url: &str, payload: &Value) -> (String, Option<Call>) {
    let answer = send(url, payload).await;
    if answer["type"] == 4 {
        let text = answer["data"]["content"].as_str().unwrap().to_owned();
        return (text, None);
    }
    assert_eq!(answer["type"], 5, "{answer}");
    let (_, call) = edit_of(rest, payload, 0).await;
    let text = call.json()["content"].as_str().unwrap().to_owned();
    (text, Some(call))
}

/// Ratings through the endpoint: the challenge says it is rated, the result shows both
/// changes, `/rating` and `/profile` (with its picture) answer the caller, `/leaderboard`
/// the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ratings_through_the_http_endpoint() {
    let (rest, rest_url) = Rest::start().await;
    let url = start_endpoint(&config(&rest_url), play()).await;
    let mut p = Payloads::new();
    let challenge = p.command(ALICE, "play", &[("game", json!("gyges"))], Some(BOB));
    let (text, _) = answer_text(&rest, &url, &challenge).await;
    assert!(text.contains("alice challenges bob (rated)"), "{text}");
    answer_text(&rest, &url, &p.command(BOB, "accept", &[], None)).await;
    let (_, end) = deferred_board(&rest, &url, &p.command(BOB, "resign", &[], None), 0).await;
    let end = end["content"].as_str().unwrap().to_owned();
    assert!(
        end.contains("alice 1500 → 1662 (+162) · bob 1500 → 1338 (-162)"),
        "{end}"
    );

    let rating = p.command(BOB, "rating", &[("game", json!("gyges"))], None);
    let (text, _) = answer_text(&rest, &url, &rating).await;
    assert!(text.contains("Gygès: **1338?**"), "{text}");
    let board = p.command(BOB, "leaderboard", &[("game", json!("gyges"))], None);
    let (text, _) = answer_text(&rest, &url, &board).await;
    // Nobody is listed yet after one game, but the board is not empty: both wait below.
    assert!(
        text.contains("Not listed yet")
            && text.contains("• alice — 1662? (1 game)")
            && text.contains("• bob — 1338? (1 game)"),
        "{text}"
    );
    let profile = p.command(ALICE, "profile", &[], None);
    let (text, call) = answer_text(&rest, &url, &profile).await;
    assert!(text.contains("longest win streak 1"), "{text}");
    let png = call.and_then(|c| c.file()).expect("the rating history");
    let picture = image::load_from_memory(&png).unwrap();
    assert_eq!((picture.width(), picture.height()), (800, 420));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_asking_for_the_board_is_handed_their_own_page_privately_and_anyone_may_launch_the_activity(
) {
    let (rest, rest_url) = Rest::start().await;
    let pages: leapfrog::play::PageLinks = Arc::new(|page| match page {
        leapfrog::play::Page::Game(game, Some(user)) => {
            format!("https://pages.test/games/{}?t=for-{}", game.0, user.0)
        }
        leapfrog::play::Page::Game(game, None) => format!("https://pages.test/games/{}", game.0),
        leapfrog::play::Page::Analysis(game) => {
            format!("https://pages.test/games/{}#analysis", game.0)
        }
        leapfrog::play::Page::Tournament(id) => format!("https://pages.test/tournaments/{}", id.0),
        leapfrog::play::Page::Player(user) => format!("https://pages.test/players/{}", user.0),
        leapfrog::play::Page::Puzzles(user) => format!("https://pages.test/puzzles/z-{}", user.0),
    });
    let play = Arc::new(fake_discord::new_play().with_pages(pages).with_activity());
    let url = start_endpoint(&config(&rest_url), play).await;
    let mut p = Payloads::new();
    let challenge = p.command(ALICE, "play", &[("game", json!("jumpers"))], Some(BOB));
    assert_eq!(send(&url, &challenge).await["type"], 4);
    let accept = p.component(BOB, "accept:1", &[]);
    let (seen, board) = deferred_board(&rest, &url, &accept, 0).await;
    // The board everyone sees links to the public page, never to a player's own.
    let rows = board["components"].to_string();
    assert!(rows.contains("https://pages.test/games/1\""), "{rows}");
    assert!(!rows.contains("?t="), "{rows}");
    // With the Activity on, "Play in Discord" beside it, answered by launching it.
    assert!(rows.contains("\"launch:1\""), "{rows}");
    let launched = send(&url, &p.component(BOB, "launch:1", &[])).await;
    assert_eq!(launched, json!({"type": 12}));

    let ask = p.command(ALICE, "board", &[], None);
    let (seen, shown) = deferred_board(&rest, &url, &ask, seen).await;
    assert!(!shown["components"].to_string().contains("?t="), "{shown}");
    let token = token_of(&ask);
    let (_, aside) = rest
        .wait_for(seen, |c| {
            c.method == "POST" && c.path == format!("/webhooks/{APP_ID}/{token}")
        })
        .await;
    let aside = aside.json();
    assert_eq!(aside["flags"], 64, "only alice sees her link: {aside}");
    let button = &aside["components"][0]["components"][0];
    assert_eq!(button["style"], 5, "a link button: {aside}");
    assert_eq!(
        button["url"],
        format!("https://pages.test/games/1?t=for-{}", ALICE.id)
    );
}
