//! Whole Skakanie games through the console: a named challenge of four, an open table of
//! three that its host starts (one player leaves on the way), and two players with a
//! handicap named by player; each played to a scored end with a picture after every turn.

mod common;

use common::{rebuild, skakanie_turn};
use leapfrog::console::Console;
use leapfrog::games::shuffle::Stream;
use leapfrog::games::{Outcome, Seed};
use leapfrog::play::Play;
use leapfrog::store::AnyStore;
use leapfrog::store::{GameId, Status, Store};

type TestConsole = Console<AnyStore>;

fn console(dir: &tempfile::TempDir) -> TestConsole {
    Console::new(Play::new(common::temporary_store()), dir.path().join("out"))
}

fn image_of(reply: &str) -> Option<&str> {
    reply.lines().find_map(|l| l.trim().strip_prefix("image: "))
}

/// Plays game #`id` to its end: whoever is to move sends a whole turn, split over two
/// commands every third turn (the middle of a turn answers only the mover, with buttons);
/// `leaver` resigns once, after `leave_after` turns. Returns the last reply.
fn play_out(console: &TestConsole, id: GameId, leaver: Option<(&str, usize)>) -> String {
    let mut stream = Stream::new(Seed(id.0 * 7 + 1));
    let mut last = String::new();
    for turn_number in 0.. {
        let record = console.play().store().get(id).unwrap();
        if record.status != Status::Active {
            break;
        }
        assert!(turn_number < 2000, "the game did not end");
        let game = rebuild(&record);
        if let Some((name, after)) = leaver {
            if turn_number == after {
                let out = console.run_line(&format!("@{name} /resign #{id}"));
                assert!(out.contains("left game"), "{out}");
                assert!(image_of(&out).is_some(), "{out}");
                last = out;
                continue;
            }
        }
        let who = record.seats[usize::from(game.to_move().0)]
            .name()
            .to_owned();
        let turn = skakanie_turn(&game, &mut stream);
        let (first, rest) = if turn_number % 3 == 2 && turn.len() > 1 {
            turn.split_at(1)
        } else {
            (&turn[..], &[][..])
        };
        if !rest.is_empty() {
            let out = console.run_line(&format!("@{who} /move #{id} {}", first.join(" ")));
            assert!(out.starts_with(&format!("(only {who} sees this)")), "{out}");
            assert!(out.contains("action") && out.contains("[Take]"), "{out}");
            assert!(
                image_of(&out).is_none(),
                "no board in the middle of a turn: {out}"
            );
        }
        let sent = if rest.is_empty() { first } else { rest };
        let out = console.run_line(&format!("@{who} /move #{id} {}", sent.join(" ")));
        assert!(
            out.contains(&format!("played {}", turn.join(", "))),
            "{out}"
        );
        let image = image_of(&out).expect("a board after every turn");
        assert_eq!(image::open(image).unwrap().width(), 800);
        assert!(
            !out.contains("Position:"),
            "face-down pieces stay hidden: {out}"
        );
        last = out;
    }
    last
}

/// Checks the final reply against the rules' outcome.
fn check_end(console: &TestConsole, id: GameId, last: &str) {
    let record = console.play().store().get(id).unwrap();
    let game = rebuild(&record);
    let Status::Finished(result) = &record.status else {
        panic!("not finished: {:?}", record.status);
    };
    assert!(last.contains("Game over"), "{last}");
    assert!(last.contains("Scores: "), "{last}");
    let winners: Vec<u8> = match game.outcome() {
        Outcome::Win(seat) => vec![seat.0],
        Outcome::SharedWin(seats) => seats.iter().map(|s| s.0).collect(),
        other => panic!("{other:?}"),
    };
    assert_eq!(result.winners, winners);
    for w in winners {
        assert!(last.contains(record.seats[usize::from(w)].name()), "{last}");
    }
}

#[test]
fn four_named_players_accept_and_play_to_a_scored_end() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir);
    let out = console.run_line("@ana /play skakanie @bo @cy @di score:harsh");
    assert!(out.contains("/accept or /decline"), "{out}");
    assert!(out.contains("notifies 3 users"), "{out}");
    assert!(console
        .run_line("@ana /accept")
        .contains("no challenge waiting for you"));
    assert!(console.run_line("@eve /accept #1").contains("not you"));
    let out = console.run_line("@bo /accept");
    assert!(out.contains("Waiting for cy, di"), "{out}");
    assert!(console
        .run_line("@bo /accept #1")
        .contains("already joined"));
    console.run_line("@cy /accept");
    let out = console.run_line("@di /accept");
    assert!(out.contains("Game #1 begins"), "{out}");
    assert!(out.contains("Turn order (drawn at random): 1. "), "{out}");
    assert!(out.contains("4."), "{out}");
    assert!(image_of(&out).is_some());
    let last = play_out(&console, GameId(1), None);
    check_end(&console, GameId(1), &last);
}

#[test]
fn an_open_table_of_three_starts_when_its_host_says_and_goes_on_after_a_leaver() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir);
    let out = console.run_line("@ana /play skakanie actions:4 bury:on");
    assert!(out.contains("Anyone here may /accept"), "{out}");
    assert!(console
        .run_line("@ana /start")
        .contains("Nobody has joined"));
    let out = console.run_line("@bo /accept");
    assert!(out.contains("2 of up to 4 seated"), "{out}");
    assert!(console
        .run_line("@bo /start")
        .contains("You have no table waiting"));
    console.run_line("@cy /accept");
    let out = console.run_line("@ana /start");
    assert!(out.contains("Game #1 begins"), "{out}");
    // A draw offer means nothing in a game decided by score.
    assert!(console.run_line("@cy /draw").contains("decided by score"));
    // Leaving is /resign, not a move.
    let record = console.play().store().get(GameId(1)).unwrap();
    let mover = record.seats[usize::from(rebuild(&record).to_move().0)]
        .name()
        .to_owned();
    assert!(console
        .run_line(&format!("@{mover} /move move:leave:1"))
        .contains("use /resign"));
    let last = play_out(&console, GameId(1), Some(("bo", 5)));
    check_end(&console, GameId(1), &last);
    assert!(last.contains("bo ("), "{last}");
    let record = console.play().store().get(GameId(1)).unwrap();
    let Status::Finished(result) = &record.status else {
        panic!()
    };
    let bo = record.seat_of(leapfrog::store::UserId(leapfrog::console::name_id("bo")));
    assert!(
        !result.winners.contains(&bo.unwrap()),
        "the leaver never wins"
    );
}

#[test]
fn two_players_with_a_named_handicap_and_refusals_that_explain() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir);
    assert!(console
        .run_line("@ana /play skakanie @bo handicap=@zed:5")
        .contains("who is not in this challenge"));
    assert!(console
        .run_line("@ana /play skakanie @bo players:3")
        .contains("leave out players="));
    assert!(console
        .run_line("@ana /play jumpers @bo @cy")
        .contains("a game for two"));
    let out = console.run_line("@ana /play skakanie @bo handicap=@bo:5 pass:on");
    assert!(
        out.contains("skakanie") || out.contains("Skakanie"),
        "{out}"
    );
    let out = console.run_line("@bo /accept");
    assert!(out.contains("Game #1 begins"), "{out}");
    let record = console.play().store().get(GameId(1)).unwrap();
    let bo = record
        .seat_of(leapfrog::store::UserId(leapfrog::console::name_id("bo")))
        .unwrap();
    assert!(
        record.options.contains(&format!("handicap={}:5", bo + 1)),
        "{:?}",
        record.options
    );
    let game = rebuild(&record);
    let mover = record.seats[usize::from(game.to_move().0)]
        .name()
        .to_owned();
    let other = record.seats[usize::from(1 - game.to_move().0)]
        .name()
        .to_owned();
    assert!(console
        .run_line(&format!("@{other} /move take"))
        .contains("turn in game #1, not yours"));
    let out = console.run_line(&format!("@{mover} /move take up take"));
    assert!(out.contains("no stack above your pawn"), "{out}");
    assert!(out.contains("Nothing was played"), "{out}");
    let out = console.run_line(&format!("@{mover} /move take take take take take take"));
    assert!(out.contains("can't follow; nothing was played"), "{out}");
    assert_eq!(
        console.play().store().get(GameId(1)).unwrap().moves.len(),
        0
    );
    let out = console.run_line(&format!("@{mover} /move take pass"));
    assert!(out.contains("played take, pass"), "{out}");
    let last = play_out(&console, GameId(1), None);
    check_end(&console, GameId(1), &last);
}

#[test]
fn handicaps_name_players_and_a_player_who_left_can_no_longer_act() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir);
    assert!(console
        .run_line("@ana /play skakanie @bo handicap=2:5")
        .contains("Name the player"));
    console.run_line("@ana /play skakanie @bo @cy handicap=@bo:5,@cy:4");
    console.run_line("@bo /accept");
    let out = console.run_line("@cy /accept");
    assert!(out.contains("Game #1 begins"), "{out}");
    let record = console.play().store().get(GameId(1)).unwrap();
    let seat = |name: &str| {
        record
            .seat_of(leapfrog::store::UserId(leapfrog::console::name_id(name)))
            .unwrap()
    };
    let mut handicap = [(seat("bo") + 1, 5), (seat("cy") + 1, 4)];
    handicap.sort_unstable();
    let expected = format!(
        "handicap={}:{},{}:{}",
        handicap[0].0, handicap[0].1, handicap[1].0, handicap[1].1
    );
    assert!(record.options.contains(&expected), "{:?}", record.options);
    let out = console.run_line("@cy /resign");
    assert!(
        out.contains("cy (") && out.contains("left game #1"),
        "{out}"
    );
    for line in [
        "@cy /draw",
        "@cy /takeback",
        "@cy /resign",
        "@cy /move take",
    ] {
        assert!(
            console.run_line(line).contains("You left game #1"),
            "{line}"
        );
    }
    let record = console.play().store().get(GameId(1)).unwrap();
    let game = rebuild(&record);
    let mover = record.seats[usize::from(game.to_move().0)]
        .name()
        .to_owned();
    assert!(console
        .run_line(&format!("@{mover} /takeback"))
        .contains("can't be taken back"));
}

#[test]
fn an_open_table_starts_by_itself_when_full() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir);
    console.run_line("@ana /play skakanie players:3");
    let out = console.run_line("@bo /accept");
    assert!(out.contains("2 of up to 3 seated"), "{out}");
    let out = console.run_line("@cy /accept");
    assert!(out.contains("Game #1 begins"), "{out}");
    let record = console.play().store().get(GameId(1)).unwrap();
    assert_eq!(record.seats.len(), 3);
    assert!(record.options.contains(&"players=3".to_owned()));
    // The games list shows it to everyone seated.
    assert!(console.run_line("@cy /games").contains("Skakanie"));
}

#[test]
fn a_player_at_a_table_can_leave_before_the_start_and_is_told_what_happens() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir);
    console.run_line("@ana /play skakanie");
    console.run_line("@bo /accept");
    // /decline on a table one sits at stands up; so does /leave.
    let out = console.run_line("@bo /decline");
    assert!(
        out.contains("bo left ana's Skakanie table (game #1)"),
        "{out}"
    );
    assert!(
        out.contains("notifies 1 user"),
        "the host hears of it: {out}"
    );
    assert!(console
        .run_line("@bo /leave")
        .contains("You haven't joined a table in this channel"));
    console.run_line("@bo /accept");
    let out = console.run_line("@bo /leave");
    assert!(
        out.contains("bo left ana's Skakanie table (game #1)"),
        "{out}"
    );
    let record = console.play().store().get(GameId(1)).unwrap();
    let Status::Challenge(challenge) = &record.status else {
        panic!("{:?}", record.status)
    };
    assert!(challenge.joined.is_empty());
    // Those seated hear when the host cancels.
    console.run_line("@bo /accept");
    console.run_line("@cy /accept");
    let out = console.run_line("@ana /cancel");
    assert!(out.contains("withdrew their challenge"), "{out}");
    assert!(out.contains("notifies 2 users"), "{out}");
    // A started game is left with /resign.
    console.run_line("@ana /play skakanie players:2");
    console.run_line("@bo /accept");
    assert!(console
        .run_line("@bo /leave")
        .contains("Game #2 has begun; to leave it, use /resign"));
}

#[test]
fn a_host_who_starts_without_an_invited_player_tells_them() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir);
    console.run_line("@ana /play skakanie @bo @cy");
    console.run_line("@bo /accept");
    let out = console.run_line("@ana /start");
    assert!(out.contains("Game #1 begins"), "{out}");
    assert!(
        out.contains("ana started without cy, who had not accepted"),
        "{out}"
    );
    let record = console.play().store().get(GameId(1)).unwrap();
    assert_eq!(record.seats.len(), 2);
    // The first player to move is pinged, and so is cy.
    let mentions = out
        .lines()
        .find_map(|l| l.trim().strip_prefix("notifies "))
        .unwrap_or_default();
    assert!(mentions.starts_with('2'), "{out}");

    // Someone who accepted a named challenge may still step out with /leave.
    console.run_line("@ana /play skakanie @bo @cy");
    console.run_line("@bo /accept");
    let out = console.run_line("@bo /leave");
    assert!(out.contains("bo declined"), "{out}");
    assert!(out.contains("still waits for cy"), "{out}");
}

#[test]
fn a_proposal_lapsing_in_the_middle_of_a_turn_is_said_aloud() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir);
    console.run_line("@ana /play skakanie @bo days=1");
    assert!(console.run_line("@bo /accept").contains("Game #1 begins"));
    let record = console.play().store().get(GameId(1)).unwrap();
    let game = rebuild(&record);
    let mover = record.seats[usize::from(game.to_move().0)]
        .name()
        .to_owned();
    let other = record.seats[usize::from(1 - game.to_move().0)]
        .name()
        .to_owned();
    assert!(console
        .run_line(&format!("@{other} /pause"))
        .contains("proposes to pause"));
    // One action of a longer turn: usually only the mover hears of it, but the lapse is
    // news for the proposer, so it is posted for everyone.
    let out = console.run_line(&format!("@{mover} /move take"));
    assert!(
        !out.starts_with("(only"),
        "a lapse is not kept private: {out}"
    );
    assert!(
        out.contains(&format!("moved instead of answering, so {other} ("))
            && out.contains("pause proposal lapsed"),
        "{out}"
    );
    assert!(out.contains("action"), "{out}");
    assert!(out.contains("notifies 1 user"), "{out}");
}
