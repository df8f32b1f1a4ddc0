//! Playing the computer through the console and the play layer, on temporary sled stores:
//! whole games, the computer moving first, a restart while it is to move, takebacks and
//! draws answered at once, Skakanie tables mixing people and the computer, the clock that
//! never hits it, and the refusals of a bad level. The computer thinks for 20 ms at most.
//! Nothing here depends on which move it picks: only that its move is legal and was played.

mod common;

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use leapfrog::ai::AiConfig;
use leapfrog::console::{console_user, name_id, Console};
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::play::{parse_command, Context, Play, Reply};
use leapfrog::store::AnyStore;
use leapfrog::store::{ChannelId, GameId, GameRecord, Place, Player, Status, Store};

use common::{FakeClock, FixedClock, Zero};

/// The computer's settings in every test: a tiny budget, two searches at once.
fn quick() -> AiConfig {
    AiConfig {
        think_ms: 20,
        threads: 2,
        table_mb: 1,
        ..AiConfig::default()
    }
}

fn play_on(store: AnyStore) -> Play<AnyStore> {
    Play::with(store, Box::new(FixedClock), Box::new(Zero)).with_ai(quick())
}

fn console() -> Console<AnyStore> {
    let out = tempfile::tempdir().unwrap().keep();
    Console::new(play_on(common::temporary_store()), out)
}

fn ctx(name: &str) -> Context {
    Context {
        user: console_user(name),
        place: Place {
            guild: None,
            channel: ChannelId(name_id("console")),
            reach: leapfrog::store::Reach::Posts,
        },
        manager: false,
        lang: leapfrog::i18n::Lang::En,
        guild_lang: None,
    }
}

/// Runs a typed line for `who` through the play layer alone (no console: the computer's
/// move is left for the test to ask for).
fn run(play: &Play<AnyStore>, who: &str, line: &str) -> Reply {
    play.handle(&ctx(who), parse_command(line, console_user).unwrap())
}

fn game(play: &Play<AnyStore>, id: u64) -> (GameRecord, AnyGame) {
    let record = play.store().get(GameId(id)).unwrap();
    let game = common::rebuild(&record);
    (record, game)
}

/// The one picture a console output names, checked to be a board.
fn pictures(out: &str) -> usize {
    out.lines()
        .filter_map(|l| l.trim().strip_prefix("image: "))
        .inspect(|path| assert_eq!(image::open(path).unwrap().width(), 800))
        .count()
}

#[test]
fn a_whole_jump_sturdy_game_against_the_computer_through_the_console() {
    let console = console();
    let out = console.run_line("@alice /play jump-sturdy opponent:@ai level:2 seat:first");
    assert!(
        out.contains("alice plays the computer: Leapfrog (level 2)"),
        "{out}"
    );
    assert!(out.contains("begins"), "{out}");
    assert!(!out.contains("[computer]"), "alice moves first: {out}");
    let play = console.play();
    let (record, _) = game(play, 1);
    assert_eq!(record.seats[1], Player::Computer { level: 2 });
    let mut last = String::new();
    for _ in 0..200 {
        let (record, mirror) = game(play, 1);
        if record.status != Status::Active {
            break;
        }
        assert_eq!(
            mirror.to_move().0,
            0,
            "after each reply it is alice's turn again"
        );
        let mv = common::racing_move(&mirror);
        last = console.run_line(&format!("@alice /move {mv}"));
        assert!(
            last.contains(&format!("alice (Blue) played {mv}")),
            "{last}"
        );
        let (after, _) = game(play, 1);
        if after.status == Status::Active {
            // Answered first, then the computer's board, with its move, like a player's.
            let (mine, theirs) = last.split_once("[computer]").expect("the computer moved");
            assert_eq!(pictures(mine), 1, "{last}");
            assert_eq!(pictures(theirs), 1, "{last}");
            let reply = after.moves.last().unwrap();
            assert!(
                theirs.contains(&format!("Leapfrog (level 2) (Red) played {reply}")),
                "{last}"
            );
            assert!(
                theirs.contains("notifies 1 user"),
                "alice hears of her turn: {last}"
            );
            assert_eq!(after.moves.len() % 2, 0);
        }
    }
    let (record, _) = game(play, 1);
    assert!(
        matches!(record.status, Status::Finished(_)),
        "{last}\n{record:?}"
    );
    assert!(last.contains("Game over"), "{last}");
    // Marked as a game against the computer in the lists.
    let history = console.run_line("@alice /history game:1");
    assert!(history.contains("Leapfrog (level 2)"), "{history}");
}

#[test]
fn the_computer_moves_first_when_it_has_the_first_seat() {
    let console = console();
    let out = console.run_line("@alice /play gyges opponent:@computer seat:second");
    let (before, after) = out.split_once("[computer]").expect("the computer moved");
    assert!(before.contains("Game #1 begins"), "{out}");
    assert!(after.contains("Leapfrog (level 3) (South) played"), "{out}");
    let (record, game) = game(console.play(), 1);
    assert_eq!(record.moves.len(), 1);
    assert_eq!(game.to_move().0, 1, "alice's turn");
    let games = console.run_line("@alice /games");
    assert!(
        games.contains("opponent: Leapfrog (level 3); your turn"),
        "{games}"
    );
}

#[test]
fn a_restart_while_the_computer_is_to_move_gets_its_move_from_the_store() {
    let spot = common::StoreSpot::new();
    let dir = tempfile::tempdir().unwrap();
    {
        // The first run: the game begins with the computer to move, and the bot stops
        // before it could think.
        let play = play_on(spot.open());
        let reply = run(&play, "alice", "/play jumpers opponent:@ai seat:second");
        assert_eq!(reply.computer_turn, Some(GameId(1)));
        assert_eq!(play.computer_games(), [GameId(1)]);
        play.store().flush().unwrap();
    }
    let console = Console::new(play_on(spot.open()), dir.path().join("out"));
    let mut out = Vec::new();
    console
        .run(&b"@alice /board\n"[..], &mut out, true)
        .unwrap();
    let out = String::from_utf8(out).unwrap();
    let (restart, board) = out.split_once("> @alice /board").unwrap();
    assert!(
        restart.contains("[computer]") && restart.contains("Leapfrog (level 3) (White) played"),
        "{out}"
    );
    assert!(board.contains("**alice (Black)** to move"), "{out}");
    assert_eq!(game(console.play(), 1).0.moves.len(), 1);
    assert!(console.play().computer_games().is_empty());
}

#[test]
fn a_takeback_against_the_computer_is_granted_at_once_and_undoes_both_moves() {
    let console = console();
    console.run_line("@alice /play jumpers opponent:@ai seat:first");
    let play = console.play();
    let (_, mirror) = game(play, 1);
    let mv = mirror.legal_moves()[0].clone();
    let out = console.run_line(&format!("@alice /move {mv}"));
    assert!(out.contains("[computer]"), "{out}");
    assert_eq!(game(play, 1).0.moves.len(), 2);
    let out = console.run_line("@alice /takeback");
    assert!(out.contains("took back"), "{out}");
    assert!(!out.contains("[computer]"), "alice's turn again: {out}");
    let (record, game_now) = game(play, 1);
    assert!(record.moves.is_empty(), "{record:?}");
    assert_eq!(record.pending, None);
    assert_eq!(game_now.to_move().0, 0);
    // Nothing to take back now.
    let out = console.run_line("@alice /takeback");
    assert!(out.contains("nothing to take back"), "{out}");
}

#[test]
fn a_takeback_while_the_computer_thinks_undoes_the_players_move_alone() {
    let play = play_on(common::temporary_store());
    run(&play, "alice", "/play jumpers opponent:@ai seat:second");
    assert_eq!(play.computer_moves(GameId(1)).len(), 1);
    let (_, mirror) = game(&play, 1);
    let mv = mirror.legal_moves()[0].clone();
    let reply = run(&play, "alice", &format!("/move {mv}"));
    assert_eq!(reply.computer_turn, Some(GameId(1)));
    // The computer has not moved yet: only alice's move goes back.
    let reply = run(&play, "alice", "/takeback");
    assert!(reply.text.contains("took back"), "{}", reply.text);
    assert_eq!(reply.computer_turn, None);
    assert_eq!(game(&play, 1).0.moves.len(), 1);
    assert!(play.computer_moves(GameId(1)).is_empty(), "not its turn");
}

#[test]
fn a_draw_offer_to_the_computer_is_answered_at_once() {
    let play = play_on(common::temporary_store());
    run(&play, "alice", "/play jumpers opponent:@ai seat:first");
    let reply = run(&play, "alice", "/draw");
    assert!(!reply.is_refused(), "{}", reply.text);
    let (record, _) = game(&play, 1);
    // Whatever it answers, nothing is left waiting for an answer that never comes.
    assert_eq!(record.pending, None);
    match &record.status {
        Status::Finished(result) => {
            assert!(result.winners.is_empty());
            assert!(reply.text.contains("accepted"), "{}", reply.text);
        }
        Status::Active => assert!(reply.text.contains("declines"), "{}", reply.text),
        other => panic!("{other:?}"),
    }
}

/// Plays the people's turns of a Skakanie game (each a whole turn), the computer answering
/// through the console, for `turns` turns or until the game ends; checks the computer's turns
/// appear as boards.
fn play_skakanie(console: &Console<AnyStore>, turns: usize) -> usize {
    let play = console.play();
    let mut stream = leapfrog::games::shuffle::Stream::new(leapfrog::games::Seed(5));
    let mut computer_turns = 0;
    for _ in 0..turns {
        let (record, mirror) = game(play, 1);
        if record.status != Status::Active {
            break;
        }
        let seat = usize::from(mirror.to_move().0);
        let Player::User { name, .. } = &record.seats[seat] else {
            panic!("a person is to move after every command: {record:?}");
        };
        let turn = common::skakanie_turn(&mirror, &mut stream);
        let out = console.run_line(&format!("@{name} /move {}", turn.join(" ")));
        computer_turns += out.matches("[computer]").count();
        for board in out.split("[computer]").skip(1) {
            assert!(board.contains("Leapfrog (level 1)"), "{out}");
            assert_eq!(pictures(board), 1, "{out}");
        }
    }
    computer_turns
}

#[test]
fn skakanie_with_one_person_and_the_computer() {
    let console = console();
    let out = console.run_line("@alice /play skakanie opponent:@ai level:1 seat:first");
    assert!(out.contains("begins"), "{out}");
    let (record, _) = game(console.play(), 1);
    assert_eq!(record.seats.len(), 2);
    assert!(play_skakanie(&console, 6) >= 3);
}

#[test]
fn skakanie_with_two_people_and_the_computer() {
    let console = console();
    let out = console.run_line("@alice /play skakanie opponent:@bob opponent2:@ai level:1");
    assert!(out.contains("Leapfrog (level 1) sat down at once"), "{out}");
    assert!(out.contains("bob"), "{out}");
    // bob still answers as usual; then the game begins with all three.
    let out = console.run_line("@bob /accept");
    assert!(out.contains("Game #1 begins"), "{out}");
    let (record, _) = game(console.play(), 1);
    assert_eq!(record.seats.len(), 3);
    assert_eq!(
        record
            .seats
            .iter()
            .filter(|p| p.computer_level() == Some(1))
            .count(),
        1
    );
    assert!(play_skakanie(&console, 6) >= 2);
}

#[test]
fn a_bad_level_or_a_level_without_the_computer_is_refused() {
    let console = console();
    let out = console.run_line("@alice /play gyges opponent:@ai level:9");
    assert!(
        out.contains("level is a number from 1 (beginner) to 5"),
        "{out}"
    );
    let out = console.run_line("@alice /play gyges opponent:@bob level:2");
    assert!(out.contains("add opponent:@ai"), "{out}");
    let out = console.run_line("@alice /play gyges opponent:@ai opponent2:@ai");
    assert!(out.contains("a game for two"), "{out}");
    let out = console.run_line("@alice /play gyges computers:7");
    assert!(out.contains("say 1, 2 or 3"), "{out}");
    assert!(
        console.play().store().get(GameId(1)).is_err(),
        "nothing started"
    );
}

#[test]
fn the_computer_is_never_reminded_nor_timed_out() {
    let time = Arc::new(AtomicU64::new(1_800_000_000_000));
    let play = Play::with(
        common::temporary_store(),
        Box::new(FakeClock(Arc::clone(&time))),
        Box::new(Zero),
    )
    .with_ai(quick());
    let reply = run(
        &play,
        "alice",
        "/play jumpers opponent:@ai seat:second days:1",
    );
    assert_eq!(reply.computer_turn, Some(GameId(1)));
    assert!(
        reply.mentions.is_empty(),
        "the computer is pinged by nobody"
    );
    // The bot was down for three days while the computer was to move.
    time.fetch_add(
        3 * leapfrog::play::timing::DAY_MS,
        std::sync::atomic::Ordering::SeqCst,
    );
    assert!(play.fire_due().is_empty());
    let (record, _) = game(&play, 1);
    assert_eq!(record.status, Status::Active);
    let notices = play.computer_moves(GameId(1));
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].reply.mentions, [console_user("alice").id]);
    let (record, _) = game(&play, 1);
    assert_eq!(record.moves.len(), 1);
    assert!(record.clock.unwrap().deadline > time.load(std::sync::atomic::Ordering::SeqCst));
}

#[test]
fn records_without_the_computer_still_load_and_computer_seats_round_trip() {
    let old = br#"{"schema":1,"record":{"id":5,"kind":"jumpers","options":[],"seed":0,"start":null,
        "seats":[{"User":{"id":1,"name":"ola"}},{"User":{"id":2,"name":"bo"}}],
        "place":{"guild":null,"channel":3},"moves":[],"position":"x","status":"Active",
        "pending":null,"created":1,"updated":1,"version":4}}"#;
    let record = GameRecord::decode(GameId(5), old).unwrap();
    assert_eq!(record.seats[1].name(), "bo");
    assert!(!record.has_computer());
    let mut mixed = record.clone();
    mixed.seats[1] = Player::Computer { level: 4 };
    let back = GameRecord::decode(GameId(5), &mixed.encode()).unwrap();
    assert_eq!(back, mixed);
    assert_eq!(back.seats[1].name(), "Leapfrog (level 4)");
    assert_eq!(back.seats[1].user_id(), None);
    assert!(back.users().contains(&leapfrog::store::COMPUTER));
}

#[test]
fn every_move_of_the_computer_is_legal_in_every_game() {
    for (kind, line) in [
        (GameKind::Jumpers, "/play jumpers opponent:@ai seat:second"),
        (GameKind::Gyges, "/play gyges opponent:@ai seat:second"),
        (
            GameKind::JumpSturdy,
            "/play jump-sturdy opponent:@ai seat:second",
        ),
        (
            GameKind::Skakanie,
            "/play skakanie opponent:@ai seat:second",
        ),
    ] {
        let play = play_on(common::temporary_store());
        run(&play, "alice", line);
        let notices = play.computer_moves(GameId(1));
        assert_eq!(notices.len(), 1, "{kind}");
        let (record, game) = game(&play, 1);
        assert_eq!(
            game.to_move().0,
            1,
            "{kind}: alice's turn after the computer's"
        );
        assert!(!record.moves.is_empty(), "{kind}");
    }
}

/// When every one of the computer's threads is busy with other games, the move that gives
/// it its turn says so: how many games it has first, and that this one comes.
#[test]
fn a_busy_computer_says_how_many_games_it_has_before_yours() {
    let play = Arc::new(play_on(common::temporary_store()));
    let begun = run(
        &play,
        "alice",
        "/play jump-sturdy opponent:@ai level:1 seat:first",
    );
    assert!(begun.text.contains("begins"), "{}", begun.text);
    let first = common::racing_move(&game(&play, 1).1);
    let calm = run(&play, "alice", &format!("/move {first}"));
    assert!(
        !calm.text.contains("The computer is thinking"),
        "{}",
        calm.text
    );
    play.computer_moves(GameId(1));

    // Two other games hold both threads.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (release, held) = std::sync::mpsc::channel::<()>();
    let held = Arc::new(std::sync::Mutex::new(held));
    let holders: Vec<_> = (0..2)
        .map(|g| {
            let (pool, held) = (Arc::clone(play.pool()), Arc::clone(&held));
            runtime.spawn(async move {
                pool.run(GameId(900 + g), move || {
                    let _ = held.lock().unwrap().recv();
                })
                .await
            })
        })
        .collect();
    while play.pool().load() < 2 {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let next = common::racing_move(&game(&play, 1).1);
    let busy = run(&play, "alice", &format!("/move {next}"));
    assert!(
        busy.text
            .contains("The computer is thinking about 2 other games: yours is in line"),
        "{}",
        busy.text
    );
    for _ in 0..2 {
        release.send(()).unwrap();
    }
    for holder in holders {
        assert_eq!(runtime.block_on(holder).unwrap(), Some(()));
    }
}
