//! Whole tournaments through the interactions endpoint against the fake Discord, as a
//! server plays them: `/tournament` subcommands and the Join button as signed interactions,
//! every round's games opened in threads of their own by the bot, players resigning with
//! `/resign` in those threads, the standings picture posted in the channel after each round,
//! the winner announced; the bot restarted between rounds (the store reopened, on sled or
//! PostgreSQL) and a player withdrawing or removed by an admin.

mod common;
mod fake_discord;

use std::sync::Arc;
use std::time::Duration;

use fake_discord::{
    config, edit_of, posts_in, send, start_stoppable_endpoint, stop_endpoint, Call, Payloads,
    Person, Rest, THREAD_BASE,
};
use leapfrog::discord::DiscordConfig;
use leapfrog::play::Play;
use leapfrog::store::{AnyStore, GameId, GameRecord, Status, Store, TournamentId};
use leapfrog::store::{TournamentRecord, UserId};
use leapfrog::tournament::event::Phase;
use leapfrog::tournament::Pairing;
use serde_json::{json, Value};

/// The players, p1 to p13.
const PLAYERS: [Person; 13] = {
    const NAMES: [&str; 13] = [
        "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11", "p12", "p13",
    ];
    let mut players = [Person { id: 0, name: "" }; 13];
    let mut i = 0;
    while i < 13 {
        players[i] = Person {
            id: 201 + i as u64,
            name: NAMES[i],
        };
        i += 1;
    }
    players
};

/// A server admin (Manage Server) who plays in none of them.
const ADMIN: Person = Person {
    id: 250,
    name: "admin",
};

/// The channel the tournaments are made in.
const CHANNEL: u64 = 88;

/// One run of the bot: its endpoint over a store.
struct Running {
    url: String,
    server: tokio::task::JoinHandle<()>,
    play: Arc<Play<AnyStore>>,
}

async fn boot(spot: &common::StoreSpot, config: &DiscordConfig) -> Running {
    let play = Arc::new(Play::new(spot.open()));
    let (url, server) = start_stoppable_endpoint(config, Arc::clone(&play)).await;
    Running { url, server, play }
}

/// The bot with threads for new games (the default of a real bot).
fn threaded(rest_url: &str) -> DiscordConfig {
    DiscordConfig {
        threads: true,
        ..config(rest_url)
    }
}

/// Sends an interaction and returns what the bot shows for it: the answer in the body, or
/// the edit that completes a deferred one.
async fn say(rest: &Rest, url: &str, payload: &Value) -> String {
    let body = send(url, payload).await;
    match body["type"].as_u64() {
        Some(4 | 7) => body["data"]["content"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        Some(5 | 6) => {
            let (_, call) = edit_of(rest, payload, 0).await;
            call.json()["content"]
                .as_str()
                .unwrap_or_default()
                .to_owned()
        }
        _ => panic!("an unexpected answer: {body}"),
    }
}

/// `/tournament <action>` with its options (and user options such as `user:`).
fn tournament(
    p: &mut Payloads,
    who: Person,
    action: &str,
    options: &[(&str, Value)],
    users: &[(&str, Person)],
) -> Value {
    let mut payload = p.command_with_users(who, "tournament", options, users);
    let inner = payload["data"]["options"].take();
    payload["data"]["options"] = json!([{"name": action, "type": 1, "options": inner}]);
    payload
}

/// The same from a server admin: Discord sends the caller's permissions in the channel.
fn as_admin(mut payload: Value) -> Value {
    payload["member"]["permissions"] = json!("32"); // MANAGE_GUILD
    payload
}

fn person(id: UserId) -> Person {
    *PLAYERS.iter().find(|p| p.id == id.0).expect("a player")
}

fn read_tournament(play: &Play<AnyStore>, id: u64) -> TournamentRecord {
    common::blocking(|| play.store().tournament(TournamentId(id)).unwrap())
}

fn read_game(play: &Play<AnyStore>, game: GameId) -> GameRecord {
    common::blocking(|| play.store().get(game).unwrap())
}

/// The games of the tournament's round in play.
fn round_games(play: &Play<AnyStore>, id: u64) -> Vec<GameId> {
    let record = read_tournament(play, id);
    record
        .games
        .last()
        .into_iter()
        .flatten()
        .flatten()
        .copied()
        .collect()
}

/// Waits (up to 30 s) until the tournament has moved on from `rounds` rounds begun: it is
/// finished, or its next round is paired and each of its games has been made and moved
/// into a thread of its own.
async fn settled(play: &Play<AnyStore>, id: u64, rounds: usize) -> TournamentRecord {
    for _ in 0..600 {
        let record = read_tournament(play, id);
        let moved_on = record.event.phase == Phase::Finished || record.event.rounds.len() > rounds;
        let made = record.event.phase == Phase::Finished
            || record.event.rounds.last().is_some_and(|round| {
                let row = record.games.last().unwrap();
                // Byes and forfeits (a player who left) have their result and no game.
                round.results.iter().zip(row).all(|(result, game)| {
                    result.is_some() || game.is_some_and(|g| in_thread(&read_game(play, g)))
                })
            });
        if moved_on && made {
            return record;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("tournament T{id} did not move on from round {rounds}");
}

fn in_thread(game: &GameRecord) -> bool {
    game.place.channel.0 >= THREAD_BASE
}

/// Every game of the round in play ends: in each, every seat but the first resigns with
/// `/resign` typed in the game's thread (at a Skakanie table, one after the other). Returns
/// the tournament once it has moved on.
async fn play_round(rest: &Rest, bot: &Running, p: &mut Payloads, id: u64) -> TournamentRecord {
    let rounds = read_tournament(&bot.play, id).event.rounds.len();
    for game in round_games(&bot.play, id) {
        let record = read_game(&bot.play, game);
        if record.status != Status::Active {
            continue;
        }
        assert!(in_thread(&record), "game #{game} is played in its thread");
        p.channel = record.place.channel.0;
        p.channel_kind = 11;
        for seat in record.seats.iter().skip(1).rev() {
            let who = person(seat.user_id().unwrap());
            let resign = p.command(who, "resign", &[("game", json!(game.0))], None);
            let said = say(rest, &bot.url, &resign).await;
            assert!(said.contains(&format!("#{game}")), "{said}");
        }
        p.channel = CHANNEL;
        p.channel_kind = 0;
    }
    settled(&bot.play, id, rounds).await
}

fn content(call: &Call) -> String {
    call.json()["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// What every tournament played here must show on Discord: each of its games got a thread
/// of its own with its first board in it, linked from the channel; a standings picture was
/// posted after each round; the last names the winner.
async fn check_on_discord(rest: &Rest, record: &TournamentRecord) {
    assert_eq!(record.event.phase, Phase::Finished);
    // The final standings follow the last game's answer by a moment.
    let path = format!("/channels/{CHANNEL}/messages");
    rest.wait_for(0, |c| {
        c.method == "POST" && c.path == path && content(c).contains("final standings")
    })
    .await;
    let games: Vec<GameId> = record.games.iter().flatten().flatten().copied().collect();
    let threads = rest
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path == format!("/channels/{CHANNEL}/threads"))
        .count();
    assert_eq!(threads, games.len(), "one thread for each game");
    let posts = posts_in(rest, CHANNEL);
    for game in &games {
        assert!(
            posts
                .iter()
                .any(|c| content(c).contains(&format!("Game #{game}"))
                    && content(c).contains("<#")),
            "the channel links game #{game}'s thread"
        );
    }
    let standings: Vec<&Call> = posts
        .iter()
        .filter(|c| content(c).contains(&format!("**T{} · ", record.id)))
        .collect();
    assert_eq!(
        standings.len(),
        record.event.rounds.len(),
        "a standings picture after each round"
    );
    for post in &standings {
        let png = image::load_from_memory(&post.file().expect("a picture")).unwrap();
        assert!(png.width() >= 400);
    }
    let last = content(standings.last().unwrap());
    assert!(last.contains("final standings"), "{last}");
    assert!(last.contains("🏆"), "{last}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_eight_player_round_robin_on_discord_with_a_restart_and_a_withdrawal() {
    let (rest, rest_url) = Rest::start().await;
    let config = threaded(&rest_url);
    let spot = common::StoreSpot::new();
    let mut p = Payloads::new();
    let mut bot = boot(&spot, &config).await;
    let [p1, p2, ..] = PLAYERS;

    let create = tournament(
        &mut p,
        p1,
        "create",
        &[
            ("game", json!("jumpers")),
            ("format", json!("round-robin")),
            ("max", json!(8)),
            ("starts", json!("full")),
            ("days", json!(3)),
            ("options", json!("board=far")),
        ],
        &[],
    );
    let said = say(&rest, &bot.url, &create).await;
    assert!(said.contains("**p1** made tournament **T1**"), "{said}");
    // Not the host, not an admin: refused, and said why.
    let early = tournament(&mut p, p2, "start", &[("id", json!(1))], &[]);
    let said = say(&rest, &bot.url, &early).await;
    assert!(
        said.contains("Only the tournament's host (p1) or a server admin can do that."),
        "{said}"
    );
    let cancel = tournament(&mut p, p2, "cancel", &[], &[]);
    assert!(say(&rest, &bot.url, &cancel)
        .await
        .contains("Only the tournament's host"));
    // Seven click Join under the announcement; the eighth types it, which starts it.
    for who in &PLAYERS[..7] {
        let said = say(
            &rest,
            &bot.url,
            &p.component(*who, "tournament-join:1", &[]),
        )
        .await;
        assert!(
            said.contains(&format!("**{}** joined T1", who.name)),
            "{said}"
        );
    }
    let join = tournament(&mut p, PLAYERS[7], "join", &[], &[]);
    let said = say(&rest, &bot.url, &join).await;
    assert!(said.contains("**p8** joined T1 (8 players)"), "{said}");
    assert!(said.contains("round 1 of 7"), "{said}");
    let mut record = settled(&bot.play, 1, 0).await;
    assert_eq!(round_games(&bot.play, 1).len(), 4);
    for _ in 0..3 {
        record = play_round(&rest, &bot, &mut p, 1).await;
    }
    assert_eq!(record.event.rounds.len(), 4);

    // The bot restarts between rounds; p8 then withdraws, losing the rest by forfeit.
    stop_endpoint(bot.server, bot.play).await;
    bot = boot(&spot, &config).await;
    let leave = tournament(&mut p, PLAYERS[7], "leave", &[("id", json!(1))], &[]);
    let said = say(&rest, &bot.url, &leave).await;
    assert!(said.contains("**p8** left T1"), "{said}");
    while record.event.phase == Phase::Running {
        record = play_round(&rest, &bot, &mut p, 1).await;
    }
    check_on_discord(&rest, &record).await;
    assert_eq!(record.event.rounds.len(), 7);
    // Round 4's game under way was forfeited (p8 withdrew), the three after it never made.
    let leaver = record.event.players.iter().position(|&u| u == 208).unwrap();
    let made_for_leaver = record
        .event
        .rounds
        .iter()
        .zip(&record.games)
        .flat_map(|(round, row)| round.pairings.iter().zip(row))
        .filter(|(pairing, game)| pairing.entrants().contains(&leaver) && game.is_some())
        .count();
    assert_eq!(made_for_leaver, 4);
    let show = tournament(&mut p, p2, "show", &[], &[]);
    assert!(say(&rest, &bot.url, &show)
        .await
        .contains("final standings"));
    stop_endpoint(bot.server, bot.play).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thirteen_player_swiss_on_discord_started_and_thinned_by_an_admin() {
    let (rest, rest_url) = Rest::start().await;
    let config = threaded(&rest_url);
    let spot = common::StoreSpot::new();
    let mut p = Payloads::new();
    let mut bot = boot(&spot, &config).await;
    let [p1, p2, ..] = PLAYERS;

    let create = tournament(
        &mut p,
        p1,
        "create",
        &[
            ("game", json!("gyges")),
            ("format", json!("swiss")),
            ("rounds", json!(5)),
            ("rated", json!("no")),
        ],
        &[],
    );
    assert!(say(&rest, &bot.url, &create)
        .await
        .contains("Swiss, 5 rounds"));
    for who in PLAYERS {
        say(&rest, &bot.url, &tournament(&mut p, who, "join", &[], &[])).await;
    }
    let early = tournament(&mut p, p2, "start", &[], &[]);
    assert!(say(&rest, &bot.url, &early)
        .await
        .contains("Only the tournament's host (p1)"));
    // A server admin may run anyone's tournament.
    let start = as_admin(tournament(&mut p, ADMIN, "start", &[], &[]));
    let said = say(&rest, &bot.url, &start).await;
    assert!(said.contains("begins with 13 players"), "{said}");
    settled(&bot.play, 1, 0).await;
    assert_eq!(round_games(&bot.play, 1).len(), 6, "six games and a bye");
    play_round(&rest, &bot, &mut p, 1).await;
    // The admin removes p5 in round 2.
    let remove = as_admin(tournament(
        &mut p,
        ADMIN,
        "remove",
        &[],
        &[("user", PLAYERS[4])],
    ));
    let said = say(&rest, &bot.url, &remove).await;
    assert!(said.contains("**p5** left T1"), "{said}");
    let mut record = play_round(&rest, &bot, &mut p, 1).await;
    stop_endpoint(bot.server, bot.play).await;
    bot = boot(&spot, &config).await;
    while record.event.phase == Phase::Running {
        record = play_round(&rest, &bot, &mut p, 1).await;
    }
    check_on_discord(&rest, &record).await;
    assert_eq!(record.event.rounds.len(), 5);
    let byes = record
        .event
        .rounds
        .iter()
        .flat_map(|r| &r.pairings)
        .filter(|pairing| matches!(pairing, Pairing::Bye(_)))
        .count();
    assert_eq!(byes, 2, "rounds 1 and 2 had 13 players, the rest 12");
    stop_endpoint(bot.server, bot.play).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nine_skakanie_players_on_discord_at_tables_of_three() {
    let (rest, rest_url) = Rest::start().await;
    let config = threaded(&rest_url);
    let spot = common::StoreSpot::new();
    let mut p = Payloads::new();
    let mut bot = boot(&spot, &config).await;

    let create = tournament(
        &mut p,
        PLAYERS[0],
        "create",
        &[
            ("game", json!("skakanie")),
            ("format", json!("round-robin")),
            ("seats", json!(3)),
        ],
        &[],
    );
    let said = say(&rest, &bot.url, &create).await;
    assert!(said.contains("round-robin at tables of 3"), "{said}");
    for who in &PLAYERS[..9] {
        say(&rest, &bot.url, &tournament(&mut p, *who, "join", &[], &[])).await;
    }
    let start = tournament(&mut p, PLAYERS[0], "start", &[], &[]);
    assert!(say(&rest, &bot.url, &start)
        .await
        .contains("begins with 9 players"));
    settled(&bot.play, 1, 0).await;
    assert_eq!(round_games(&bot.play, 1).len(), 3, "three tables of three");
    let mut record = play_round(&rest, &bot, &mut p, 1).await;
    stop_endpoint(bot.server, bot.play).await;
    bot = boot(&spot, &config).await;
    while record.event.phase == Phase::Running {
        record = play_round(&rest, &bot, &mut p, 1).await;
    }
    check_on_discord(&rest, &record).await;
    assert_eq!(record.event.rounds.len(), 4);
    stop_endpoint(bot.server, bot.play).await;
}

/// A tournament made inside a thread: its games are played in that thread, and the bot
/// never asks Discord for a thread inside it (which Discord refuses).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_made_in_a_thread_plays_its_games_there_without_asking_for_threads() {
    const THREAD: u64 = 99;
    let (rest, rest_url) = Rest::start().await;
    let config = threaded(&rest_url);
    let spot = common::StoreSpot::new();
    let mut p = Payloads::new();
    p.channel = THREAD;
    p.channel_kind = 11;
    let bot = boot(&spot, &config).await;
    let [p1, p2, ..] = PLAYERS;
    let create = tournament(
        &mut p,
        p1,
        "create",
        &[("game", json!("jumpers")), ("format", json!("round-robin"))],
        &[],
    );
    let said = say(&rest, &bot.url, &create).await;
    assert!(said.contains("made tournament **T1**"), "{said}");
    for who in [p1, p2] {
        let join = tournament(&mut p, who, "join", &[], &[]);
        say(&rest, &bot.url, &join).await;
    }
    let start = tournament(&mut p, p1, "start", &[], &[]);
    let said = say(&rest, &bot.url, &start).await;
    assert!(said.contains("round 1"), "{said}");
    let path = format!("/channels/{THREAD}/messages");
    rest.wait_for(0, |c| {
        c.method == "POST" && c.path == path && c.file().is_some()
    })
    .await;
    let games = round_games(&bot.play, 1);
    assert_eq!(games.len(), 1);
    assert_eq!(read_game(&bot.play, games[0]).place.channel.0, THREAD);
    let asked: Vec<String> = rest
        .calls()
        .iter()
        .filter(|c| c.path.ends_with("/threads"))
        .map(|c| c.path.clone())
        .collect();
    assert!(asked.is_empty(), "threads asked for: {asked:?}");
    stop_endpoint(bot.server, bot.play).await;
}
