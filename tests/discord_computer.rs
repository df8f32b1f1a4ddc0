//! Playing the computer on Discord, through the interactions endpoint against the fake
//! Discord: a whole game where each of the player's moves is answered first and the
//! computer's board follows as a channel message; `computers:1` with the computer moving
//! first; the scheduler's tick after a restart finding a game where the computer is to move;
//! and the refusals. The computer thinks for 20 ms at most.

mod common;
mod fake_discord;

use std::sync::Arc;

use fake_discord::{
    as_bot, assert_board, config, deferred_board, send, start_endpoint, Payloads, Person, Rest,
    ALICE, BOB, LEAPFROG,
};
use leapfrog::discord::http_client;
use leapfrog::discord::notify::Scheduler;
use leapfrog::play::Play;
use leapfrog::store::AnyStore;
use leapfrog::store::{GameId, Player, Status, Store};
use serde_json::{json, Value};

/// Another bot on the server.
const OTHER_BOT: Person = Person {
    id: 4_444,
    name: "dicebot",
};

/// The computer thinks 20 ms at most and analyses shallowly.
fn play() -> Arc<Play<AnyStore>> {
    fake_discord::play_quickly()
}

/// The computer's next board, posted in the channel after call `seen`.
async fn computer_board(rest: &Rest, seen: usize, channel: u64) -> (usize, Value) {
    let path = format!("/channels/{channel}/messages");
    let (index, call) = rest
        .wait_for(seen, |c| c.method == "POST" && c.path == path)
        .await;
    assert_board(&call);
    (index, call.json())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_against_the_bots_own_user_through_the_http_endpoint() {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    let url = start_endpoint(&config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let challenge = as_bot(
        p.command(
            ALICE,
            "play",
            &[
                ("game", json!("jump-sturdy")),
                ("level", json!(2)),
                ("seat", json!("first")),
            ],
            Some(LEAPFROG),
        ),
        LEAPFROG,
    );
    // No accept: the game begins at once, alice to move.
    let (mut seen, begun) = deferred_board(&rest, &url, &challenge, 0).await;
    let text = begun["content"].as_str().unwrap();
    assert!(
        text.contains("alice plays the computer: Leapfrog (level 2)"),
        "{text}"
    );
    assert!(text.contains("begins"), "{text}");
    let mut last = Value::Null;
    for _ in 0..200 {
        let record = common::blocking(|| play.store().get(GameId(1)).unwrap());
        if record.status != Status::Active {
            break;
        }
        let mirror = common::rebuild(&record);
        assert_eq!(mirror.to_move().0, 0, "alice's turn after every reply");
        let mv = common::racing_move(&mirror);
        let payload = p.command(ALICE, "move", &[("move", json!(mv))], None);
        let (next, mine) = deferred_board(&rest, &url, &payload, seen).await;
        last = mine.clone();
        seen = next;
        let mine = mine["content"].as_str().unwrap();
        assert!(
            mine.contains(&format!("alice (Blue) played {mv}")),
            "{mine}"
        );
        if common::blocking(|| play.store().get(GameId(1)).unwrap()).status != Status::Active
            && !common::blocking(|| play.computer_due(GameId(1)))
            && mine.contains("Game over")
        {
            break;
        }
        // The player's answer first, then the computer's board as a channel message that
        // pings her (the computer itself is never pinged).
        let (index, theirs) = computer_board(&rest, seen, p.channel).await;
        seen = index + 1;
        last = theirs.clone();
        let theirs = theirs["content"].as_str().unwrap();
        assert!(
            theirs.contains("Leapfrog (level 2) (Red) played"),
            "{theirs}"
        );
        let record = common::blocking(|| play.store().get(GameId(1)).unwrap());
        assert!(
            theirs.contains(record.moves.last().unwrap().as_str()),
            "{theirs}"
        );
        if record.status == Status::Active {
            assert!(theirs.starts_with(&format!("<@{}>", ALICE.id)), "{theirs}");
        }
    }
    let record = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert!(matches!(record.status, Status::Finished(_)), "{record:?}");
    assert!(
        last["content"].as_str().unwrap().contains("Game over"),
        "{last}"
    );
    assert_eq!(record.seats[1], Player::Computer { level: 2 });

    // The analysis: said to be under way, then posted in the game's channel with its chart;
    // asked again (by a Polish reader, on a Polish server), it is answered at once.
    let asked = send(&url, &p.command(ALICE, "analyse", &[], None)).await;
    assert_eq!(asked["type"], 4, "{asked}");
    let said = asked["data"]["content"].as_str().unwrap();
    assert!(said.contains("Analysing game #1"), "{said}");
    let (index, report) = computer_board(&rest, seen, p.channel).await;
    let text = report["content"].as_str().unwrap();
    assert!(text.contains("Analysis of game #1"), "{text}");
    assert!(text.contains("alice (Blue): accuracy"), "{text}");
    assert!(
        text.contains("Leapfrog (level 2) (Red): accuracy"),
        "{text}"
    );
    p.locale = "pl";
    p.guild_locale = Some("pl");
    let again = p.command(BOB, "analyse", &[("game", json!(1))], None);
    let (_, again) = deferred_board(&rest, &url, &again, index + 1).await;
    let again = again["content"].as_str().unwrap();
    assert!(again.contains("Analiza partii #1"), "{again}");
    assert!(again.contains("dokładność"), "{again}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computers_one_starts_at_once_and_the_computer_moves_first_from_the_second_seat() {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    let url = start_endpoint(&config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let challenge = p.command(
        ALICE,
        "play",
        &[
            ("game", json!("gyges")),
            ("computers", json!(1)),
            ("seat", json!("second")),
        ],
        None,
    );
    let (seen, begun) = deferred_board(&rest, &url, &challenge, 0).await;
    assert!(
        begun["content"]
            .as_str()
            .unwrap()
            .contains("Game #1 begins"),
        "{begun}"
    );
    let (_, theirs) = computer_board(&rest, seen, p.channel).await;
    let theirs = theirs["content"].as_str().unwrap();
    assert!(
        theirs.contains("Leapfrog (level 3) (South) played"),
        "{theirs}"
    );
    assert_eq!(
        common::blocking(|| play.store().get(GameId(1)).unwrap())
            .moves
            .len(),
        1
    );
    // /games marks the game as one against the computer.
    let games = send(&url, &p.command(ALICE, "games", &[], None)).await;
    let games = games["data"]["content"].as_str().unwrap();
    assert!(
        games.contains("opponent: Leapfrog (level 3); your turn"),
        "{games}"
    );
}

/// Stores, without any front end, alice's Jumpers game against the computer, which plays
/// first: a game the computer is to move in that nobody is thinking about (as after a
/// restart). Returns the game the play layer says the computer is to move in.
fn computer_to_move(play: &Play<AnyStore>) -> Option<GameId> {
    let ctx = fake_discord::alice_here();
    let command = leapfrog::play::parse_command("/play jumpers opponent:@ai seat:second", |n| {
        leapfrog::console::console_user(n)
    })
    .unwrap();
    common::blocking(|| play.handle(&ctx, command)).computer_turn
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_the_schedulers_tick_lets_the_computer_move() {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    // Stored before the bot (re)started: the computer to move, nobody thinking about it.
    assert_eq!(computer_to_move(&play), Some(GameId(1)));
    let config = config(&rest_url);
    let scheduler = Scheduler::new(Arc::clone(&play), Arc::new(http_client(&config, "t")));
    scheduler.tick().await;
    let (_, theirs) = computer_board(&rest, 0, 88).await;
    let theirs = theirs["content"].as_str().unwrap();
    assert!(
        theirs.contains("Leapfrog (level 3) (White) played"),
        "{theirs}"
    );
    assert!(theirs.starts_with(&format!("<@{}>", ALICE.id)), "{theirs}");
    assert_eq!(
        common::blocking(|| play.store().get(GameId(1)).unwrap())
            .moves
            .len(),
        1
    );
    // The next tick finds nothing more to do.
    scheduler.tick().await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let posts = rest
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path == "/channels/88/messages")
        .count();
    assert_eq!(posts, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_level_without_the_computer_and_other_bots_are_refused() {
    let (rest, rest_url) = Rest::start().await;
    let url = start_endpoint(&config(&rest_url), play()).await;
    let mut p = Payloads::new();
    let refused = send(
        &url,
        &p.command(
            ALICE,
            "play",
            &[("game", json!("gyges")), ("level", json!(2))],
            Some(BOB),
        ),
    )
    .await;
    assert_eq!(refused["data"]["flags"], 64, "only alice sees it");
    let text = refused["data"]["content"].as_str().unwrap();
    assert!(text.contains("add opponent:@ai"), "{text}");
    let refused = send(
        &url,
        &as_bot(
            p.command(ALICE, "play", &[("game", json!("gyges"))], Some(OTHER_BOT)),
            OTHER_BOT,
        ),
    )
    .await;
    let text = refused["data"]["content"].as_str().unwrap();
    assert!(text.contains("dicebot is a bot other than me"), "{text}");
    assert!(rest.calls().is_empty(), "nothing was posted");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn skakanie_seats_a_person_who_accepts_and_the_bots_own_user_at_once() {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    let url = start_endpoint(&config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let challenge = as_bot(
        p.command_with_users(
            ALICE,
            "play",
            &[("game", json!("skakanie")), ("level", json!(1))],
            &[("opponent", BOB), ("opponent2", LEAPFROG)],
        ),
        LEAPFROG,
    );
    let posted = send(&url, &challenge).await;
    let text = posted["data"]["content"].as_str().unwrap();
    assert!(
        text.contains("Leapfrog (level 1) sat down at once"),
        "{text}"
    );
    let Status::Challenge(waiting) =
        common::blocking(|| play.store().get(GameId(1)).unwrap()).status
    else {
        panic!("bob has not accepted yet");
    };
    assert_eq!(waiting.joined, [Player::Computer { level: 1 }]);
    // bob accepts as usual; the game begins with all three.
    let (seen, begun) = deferred_board(&rest, &url, &p.command(BOB, "accept", &[], None), 0).await;
    assert!(
        begun["content"]
            .as_str()
            .unwrap()
            .contains("Game #1 begins"),
        "{begun}"
    );
    let record = common::blocking(|| play.store().get(GameId(1)).unwrap());
    assert_eq!(record.seats.len(), 3);
    assert!(record.seats.contains(&Player::Computer { level: 1 }));
    // Whenever the computer is to move, its turn follows as a board in the channel.
    if common::blocking(|| play.computer_due(GameId(1))) {
        computer_board(&rest, seen, p.channel).await;
    }
    for _ in 0..50 {
        if !common::blocking(|| play.computer_due(GameId(1))) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(
        !common::blocking(|| play.computer_due(GameId(1))),
        "a person is to move"
    );
}

/// A shutdown that begins while the scheduler's computer is thinking waits for its move's
/// board: the tick and the move it started count as work in flight, and a scheduler whose
/// process shuts down starts no new tick.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shutdown_waits_for_the_board_of_a_move_the_scheduler_started() {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    computer_to_move(&play);
    let ops = leapfrog::ops::Ops::new();
    let config = config(&rest_url);
    let scheduler = Scheduler::new(Arc::clone(&play), Arc::new(http_client(&config, "t")))
        .with_ops(ops.clone());
    let ticking = tokio::spawn(async move {
        scheduler.run(std::time::Duration::from_millis(50)).await;
    });
    // The first tick has handed the game to the computer, which is thinking.
    let started = async {
        while ops.in_flight() == 0 {
            tokio::time::sleep(std::time::Duration::from_millis(1)).await;
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(10), started)
        .await
        .expect("the tick counts as work in flight");
    ops.shut_down();
    assert!(ops.drained(std::time::Duration::from_secs(20)).await);
    let posts = || {
        rest.calls()
            .iter()
            .filter(|c| c.method == "POST" && c.path == "/channels/88/messages")
            .count()
    };
    assert_eq!(posts(), 1, "the board was posted before the drain ended");
    tokio::time::timeout(std::time::Duration::from_secs(1), ticking)
        .await
        .expect("the scheduler stopped ticking")
        .unwrap();
}

/// The shipped puzzle alice has open, by the number her settings keep.
fn alices_open_puzzle(
    play: &Play<AnyStore>,
    kind: leapfrog::games::GameKind,
) -> leapfrog::ai::puzzle::Puzzle {
    let open = common::blocking(|| {
        play.store()
            .settings(leapfrog::store::UserId(ALICE.id))
            .unwrap()
            .puzzle
            .expect("a puzzle open")
    });
    leapfrog::play::shipped_puzzles(kind)[open.number as usize - 1].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_is_shown_and_answered_with_move() {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    let url = start_endpoint(&config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let asked = p.command(ALICE, "puzzle", &[("game", json!("jump-sturdy"))], None);
    let (seen, shown) = deferred_board(&rest, &url, &asked, 0).await;
    let text = shown["content"].as_str().unwrap();
    assert!(text.contains("A puzzle for alice: Jump Sturdy #"), "{text}");
    let puzzle = alices_open_puzzle(&play, leapfrog::games::GameKind::JumpSturdy);
    let first = p.command(ALICE, "move", &[("move", json!(puzzle.line[0]))], None);
    let (_, answered) = deferred_board(&rest, &url, &first, seen).await;
    let text = answered["content"].as_str().unwrap();
    assert!(
        text.contains(&format!("Correct: {}", puzzle.line[0])),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_is_answered_with_the_move_picker_which_offers_each_player_their_own() {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    let url = start_endpoint(&config(&rest_url), Arc::clone(&play)).await;
    let mut p = Payloads::new();
    let asked = p.command(ALICE, "puzzle", &[("game", json!("jumpers"))], None);
    let (seen, shown) = deferred_board(&rest, &url, &asked, 0).await;
    assert!(
        shown["components"].to_string().contains("\"moves:puzzle\""),
        "the puzzle's board offers the picker: {shown}"
    );
    let puzzle = alices_open_puzzle(&play, leapfrog::games::GameKind::Jumpers);
    let solution = puzzle.line[0].clone();
    let piece = solution.split('-').next().unwrap().to_owned();

    // Bob has no puzzle open: the button on alice's board tells him so, privately.
    let bobs = send(&url, &p.component(BOB, "moves:puzzle", &[])).await;
    assert_eq!(bobs["data"]["flags"], 64);
    assert!(
        bobs["data"]["content"]
            .as_str()
            .unwrap()
            .contains("no puzzle open"),
        "{bobs}"
    );

    let pieces = send(&url, &p.component(ALICE, "moves:puzzle", &[])).await;
    assert_eq!(pieces["data"]["flags"], 64, "only alice sees her picker");
    assert!(
        pieces["data"]["content"]
            .as_str()
            .unwrap()
            .starts_with("Your puzzle: which piece?"),
        "{pieces}"
    );
    assert!(
        pieces["data"]["components"]
            .to_string()
            .contains(&format!("\"{piece}\"")),
        "{pieces}"
    );
    let targets = send(&url, &p.component(ALICE, "piece:puzzle", &[&piece])).await;
    assert_eq!(targets["type"], 7, "updates the picker: {targets}");
    assert!(
        targets["data"]["components"]
            .to_string()
            .contains(&format!("\"{solution}\"")),
        "{targets}"
    );
    let chosen = p.component(ALICE, "target:puzzle", &[&solution]);
    let (_, answered) = deferred_board(&rest, &url, &chosen, seen).await;
    let text = answered["content"].as_str().unwrap();
    assert!(text.contains(&format!("Correct: {solution}")), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_asked_for_before_a_restart_is_posted_by_the_schedulers_tick_once() {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    let ctx = fake_discord::alice_here();
    let run = |line: &str| {
        let command = leapfrog::play::parse_command(line, leapfrog::console::console_user).unwrap();
        common::blocking(|| play.handle(&ctx, command))
    };
    // A game that ends after one move each: alice plays, then resigns.
    run("/play jumpers opponent:@bob seat:white");
    let bob = leapfrog::play::Context {
        user: leapfrog::play::User::new(leapfrog::console::console_user("bob").id, "bob"),
        ..ctx.clone()
    };
    common::blocking(|| {
        play.handle(
            &bob,
            leapfrog::play::parse_command("/accept", leapfrog::console::console_user).unwrap(),
        )
    });
    run("/move e3-h6");
    run("/resign");
    // Asked for; the bot stops before its front end runs the analysis.
    let asked = run("/analyse 1");
    assert_eq!(asked.analyse, Some(GameId(1)), "{}", asked.text);
    assert_eq!(common::blocking(|| play.analyses_wanted()), [GameId(1)]);
    let scheduler = Scheduler::new(
        Arc::clone(&play),
        Arc::new(http_client(&config(&rest_url), "t")),
    );
    scheduler.tick().await;
    let (_, report) = computer_board(&rest, 0, 88).await;
    let text = report["content"].as_str().unwrap();
    assert!(text.contains("Analysis of game #1"), "{text}");
    assert!(common::blocking(|| play.analyses_wanted()).is_empty());
    scheduler.tick().await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let posts = rest
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.path == "/channels/88/messages")
        .count();
    assert_eq!(posts, 1, "posted once");
}
