//! What players type and what they read back: options given twice or where they do not apply,
//! moves typed with phone dashes and arrows, counted nouns, seat numbers in game records, and
//! Skakanie's handicaps and takebacks as the players see them.

use leapfrog::console::{console_user, name_id};
use leapfrog::play::{
    import_record, parse_command, record_text, Context, Outcome, ParseCommandError, Play, Reply,
};
use leapfrog::store::AnyStore;
use leapfrog::store::{ChannelId, GameId, GameRecord, Place, Status, Store};

mod common;

use common::{FixedClock, Zero};

fn fresh() -> Play<AnyStore> {
    Play::with(
        common::temporary_store(),
        Box::new(FixedClock),
        Box::new(Zero),
    )
}

fn place() -> Place {
    Place {
        guild: None,
        channel: ChannelId(name_id("general")),
    }
}

fn ctx(name: &str) -> Context {
    Context {
        user: console_user(name),
        place: place(),
        manager: false,
        lang: leapfrog::i18n::Lang::En,
        guild_lang: None,
    }
}

/// `who` types `line`, as in the console.
fn say(play: &Play<AnyStore>, who: &str, line: &str) -> Reply {
    let command = parse_command(line, console_user).unwrap_or_else(|e| panic!("{line}: {e}"));
    play.handle(&ctx(who), command)
}

fn ok(play: &Play<AnyStore>, who: &str, line: &str) -> Reply {
    let reply = say(play, who, line);
    assert_eq!(reply.outcome, Outcome::Done, "{line}: {}", reply.text);
    reply
}

fn refused(play: &Play<AnyStore>, who: &str, line: &str, why: &str) {
    let reply = say(play, who, line);
    assert!(reply.is_refused(), "{line} was not refused: {}", reply.text);
    assert!(
        reply.text.contains(why),
        "{line}: {:?} lacks {why:?}",
        reply.text
    );
}

fn record(play: &Play<AnyStore>, id: u64) -> GameRecord {
    play.store().get(GameId(id)).unwrap()
}

fn parse_error(line: &str) -> String {
    parse_command(line, console_user)
        .expect_err(line)
        .to_string()
}

// Item 8: options given twice, or where they do not apply.

#[test]
fn an_option_given_twice_is_refused_not_guessed() {
    assert_eq!(
        parse_command("/play jumpers @bob board:far board:near", console_user),
        Err(ParseCommandError::Repeated {
            key: "board".into(),
            first: "board:far".into(),
            second: "board:near".into(),
        })
    );
    assert_eq!(
        parse_error("/move e3-h6 game:10 game:11"),
        "game is given twice (game:10 and game:11); give it once"
    );
    // Under another name it is the same option.
    assert!(
        parse_error("/play jumpers @bob seat:white color:black").contains("seat is given twice")
    );
    assert!(parse_error("/board game:1 id:2").contains("game is given twice"));
    assert!(parse_error("/play jumpers board=far Board:near").contains("board is given twice"));
}

#[test]
fn an_option_a_command_does_not_take_is_refused_with_the_ones_it_does() {
    assert_eq!(
        parse_error("/board game:1 board:far"),
        "/board has no option board; it takes only game"
    );
    assert_eq!(
        parse_error("/games game:3"),
        "/games has no option game; it takes none"
    );
    assert_eq!(
        parse_error("/undo game:1 seat:first"),
        "/takeback has no option seat; its options are answer, game"
    );
    // Options of the game itself are the game's to judge.
    let play = fresh();
    refused(
        &play,
        "alice",
        "/play skakanie @bob board:far",
        "Skakanie has no option 'board'; its options are players, actions, handicap",
    );
}

#[test]
fn a_game_option_given_twice_is_refused_by_the_game_too() {
    let play = fresh();
    refused(&play, "alice", "/play gyges @bob seed=3", "takes no seed");
    // perft, render and records give options to the game directly.
    let error = leapfrog::games::AnyGame::new(
        leapfrog::games::GameKind::Jumpers,
        &["board=far".into(), "board=near".into()],
        None,
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "board is given twice; give each option once"
    );
}

#[test]
fn the_seat_wish_is_kept_in_skakanie() {
    let play = fresh();
    ok(&play, "alice", "/play skakanie @bob @carol seat:second");
    ok(&play, "bob", "/accept");
    ok(&play, "carol", "/accept");
    assert_eq!(record(&play, 1).seats[1].name(), "alice");
}

// Item 11: dashes and arrows as the notation's separator.

#[test]
fn moves_typed_with_dashes_and_arrows_are_played() {
    let play = fresh();
    ok(&play, "alice", "/play jumpers @bob");
    ok(&play, "bob", "/accept");
    let c = ctx("alice");
    assert_eq!(
        play.complete_move(&c, None, "e3\u{2013}"),
        ["e3-h6", "e3-b6"]
    );
    assert_eq!(play.complete_move(&c, None, "E3 \u{2192} H"), ["e3-h6"]);
    ok(&play, "alice", "/move e3\u{2013}h6");
    ok(&play, "bob", "/move c9\u{2014}d8");
    assert_eq!(record(&play, 1).moves, ["e3-h6", "c9-d8"]);

    ok(&play, "alice", "/play gyges @carol setup=random");
    ok(&play, "carol", "/accept");
    let gyges = play.my_legal_moves(&ctx("alice"), Some(GameId(2)));
    assert!(gyges[0].contains('-'), "{gyges:?}");
    let first = gyges[0].replace('-', "\u{2212}");
    ok(&play, "alice", &format!("/move {first} game:2"));
    assert_eq!(record(&play, 2).moves, [gyges[0].clone()]);

    ok(&play, "alice", "/play jump-sturdy @dan");
    ok(&play, "dan", "/accept");
    let sturdy = play.my_legal_moves(&ctx("alice"), Some(GameId(3)));
    let first = sturdy[0].replace('-', "->");
    ok(&play, "alice", &format!("/move {first} game:3"));
    assert_eq!(record(&play, 3).moves, [sturdy[0].clone()]);
}

// Item 10: counted nouns and seat numbers in the record.

#[test]
fn one_of_a_thing_is_singular() {
    let play = fresh();
    ok(&play, "alice", "/play jumpers @bob");
    ok(&play, "bob", "/accept");
    let history = ok(&play, "carol", "/history game:1");
    assert!(
        history.text.contains("0 moves, and a replay of 1 frame."),
        "{}",
        history.text
    );
    ok(&play, "alice", "/move e3-h6");
    let history = ok(&play, "carol", "/history game:1");
    assert!(
        history.text.contains("1 move, and a replay of 2 frames."),
        "{}",
        history.text
    );
}

/// alice (Player1) wins game #1 of Jumpers against bob.
fn won_by_alice() -> Play<AnyStore> {
    let play = fresh();
    ok(&play, "alice", "/play jumpers @bob board:near");
    ok(&play, "bob", "/accept");
    ok(&play, "alice", "/move e3-h6");
    ok(&play, "bob", "/move c9-d8");
    ok(&play, "alice", "/move h6-e9");
    play
}

#[test]
fn the_record_numbers_winners_like_players_from_one() {
    let play = won_by_alice();
    let stored = record(&play, 1);
    assert!(matches!(&stored.status, Status::Finished(r) if r.winners == [0]));
    let text = record_text(&stored);
    assert!(text.contains("[Player1 \"alice\"]"), "{text}");
    assert!(text.contains("[Winners \"1\"]"), "{text}");
    let back = import_record(&text, console_user, place()).unwrap();
    let (Status::Finished(back), Status::Finished(stored)) = (&back.record.status, &stored.status)
    else {
        panic!("both finished")
    };
    assert_eq!(back.outcome(), stored.outcome());
}

/// A record as `/history` wrote it before seats were numbered from 1 in `Winners`.
const RECORD_BEFORE_FORMAT_2: &str = r#"[Leapfrog "1"]
[Game "jumpers"]
[Number "1"]
[Options ""]
[Player1 "alice"]
[Player2 "bob"]
[Created "2023-11-14 22:13 UTC"]
[Updated "2023-11-14 22:13 UTC"]
[Result "over"]
[Winners "0"]
[Reason "reached the goal"]

1. e3-h6 ; alice
2. c9-d8 ; bob
3. h6-e9 ; alice
"#;

#[test]
fn a_record_written_before_still_loads_with_its_winner() {
    let back = import_record(RECORD_BEFORE_FORMAT_2, console_user, place()).unwrap();
    assert!(
        matches!(&back.record.status, Status::Finished(r) if r.winners == [0]),
        "{:?}",
        back.record.status
    );
    // Loaded into a store, it says who won.
    let play = fresh();
    let reply = play.import(&ctx("alice"), RECORD_BEFORE_FORMAT_2, console_user);
    assert!(
        reply.text.contains("alice (White)** wins"),
        "{}",
        reply.text
    );
    // In the new format, seat 0 is no seat.
    let new = RECORD_BEFORE_FORMAT_2.replace("[Game", "[Format \"2\"]\n[Game");
    let error = import_record(&new, console_user, place()).unwrap_err();
    assert!(error.to_string().contains("seats are 1 to 2"), "{error}");
}

// Item 9: Skakanie's handicap by name, and takebacks of whole turns.

/// Skakanie game #1: alice, bob and carol in that seat order (the dice roll 0).
fn skakanie(options: &str) -> Play<AnyStore> {
    let play = fresh();
    ok(
        &play,
        "alice",
        &format!("/play skakanie @bob @carol {options}"),
    );
    ok(&play, "bob", "/accept");
    ok(&play, "carol", "/accept");
    let seats: Vec<String> = record(&play, 1)
        .seats
        .iter()
        .map(|p| p.name().to_owned())
        .collect();
    assert_eq!(seats, ["alice", "bob", "carol"]);
    play
}

/// `who` plays their first legal action.
fn act(play: &Play<AnyStore>, who: &str) {
    let actions = play.my_legal_moves(&ctx(who), None);
    let first = actions
        .first()
        .unwrap_or_else(|| panic!("{who} has no action"));
    ok(play, who, &format!("/move {first}"));
}

fn moves(play: &Play<AnyStore>) -> usize {
    record(play, 1).moves.len()
}

#[test]
fn a_handicap_is_shown_by_name_from_the_challenge_on() {
    let play = fresh();
    let challenge = ok(&play, "alice", "/play skakanie @bob @carol handicap:@bob:5");
    assert!(
        challenge.text.contains("bob has 5 actions a turn"),
        "{}",
        challenge.text
    );
    ok(&play, "bob", "/accept");
    let begun = ok(&play, "carol", "/accept");
    assert!(record(&play, 1)
        .options
        .contains(&"handicap=2:5".to_owned()));
    let board = ok(&play, "dan", "/board game:1");
    for text in [&begun.text, &board.text, &ok(&play, "carol", "/games").text] {
        assert!(text.contains("bob has 5 actions a turn"), "{text}");
        assert!(!text.contains("handicap=2"), "{text}");
    }
}

#[test]
fn a_skakanie_takeback_undoes_a_whole_turn_once_everyone_allows_it() {
    let play = skakanie("");
    for _ in 0..3 {
        act(&play, "alice");
    }
    assert_eq!(moves(&play), 3, "alice's turn is over");
    ok(&play, "alice", "/takeback");
    let first = ok(&play, "bob", "/takeback accept");
    assert!(first.text.contains("waiting for carol"), "{}", first.text);
    assert_eq!(moves(&play), 3, "one yes of two undoes nothing");
    let done = ok(&play, "carol", "/takeback accept");
    assert!(done.text.contains("was taken back"), "{}", done.text);
    assert_eq!(moves(&play), 0, "the whole turn is undone");
    assert!(
        !play.my_legal_moves(&ctx("alice"), None).is_empty(),
        "alice plays again"
    );

    // A turn the next player has acted after is out of reach.
    for _ in 0..3 {
        act(&play, "alice");
    }
    act(&play, "bob");
    refused(&play, "alice", "/takeback", "nobody has played after it");

    // A turn still being played goes back whole too; one refusal drops it.
    ok(&play, "bob", "/takeback");
    ok(&play, "carol", "/takeback decline");
    ok(&play, "bob", "/takeback");
    ok(&play, "alice", "/takeback accept");
    ok(&play, "carol", "/takeback accept");
    assert_eq!(
        moves(&play),
        3,
        "bob's one action is undone, alice's turn stays"
    );
    assert!(
        !play.my_legal_moves(&ctx("bob"), None).is_empty(),
        "bob is to move"
    );
}
