//! What players type and what they read back: options given twice or where they do not apply,
//! moves typed with phone dashes and arrows, counted nouns, seat numbers in game records, and
//! Skakanie's handicaps and takebacks as the players see them.

use leapfrog::console::{console_user, name_id};
use leapfrog::play::{
    import_record, parse_command, record_text, AnalysisCommand, Command, Context, Outcome,
    ParseCommandError, Play, Reply,
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
        reach: leapfrog::store::Reach::Posts,
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
        "/takeback has no option seat; its options are game, answer"
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
    let values = |typed: &str| -> Vec<String> {
        play.complete_move(&c, None, typed)
            .into_iter()
            .map(|(_, mv)| mv)
            .collect()
    };
    assert_eq!(values("e3\u{2013}"), ["e3-h6", "e3-b6"]);
    assert_eq!(values("E3 \u{2192} H"), ["e3-h6"]);
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

// Typed in Russian and Polish: command and option names as Discord shows them.

fn ctx_in(name: &str, lang: leapfrog::i18n::Lang) -> Context {
    Context { lang, ..ctx(name) }
}

#[test]
fn commands_and_options_typed_in_russian_or_polish_are_read_as_discord_shows_them() {
    let play = fresh();
    ok(&play, "аня", "/играть jumpers соперник:@боря");
    let Status::Challenge(challenge) = record(&play, 1).status else {
        panic!("a challenge");
    };
    assert!(
        challenge.names(console_user("боря").id),
        "боря is named, not anyone"
    );
    ok(&play, "боря", "/przyjmij");
    assert_eq!(record(&play, 1).status, Status::Active);
    let page = |line: &str| say(&play, "аня", line).text;
    assert_eq!(
        page("/правила jumpers страница:3"),
        page("/rules jumpers page:3")
    );
    assert_ne!(page("/правила jumpers страница:3"), page("/rules jumpers"));
    assert_eq!(
        page("/zasady gra:jumpers strona:2"),
        page("/rules jumpers page:2")
    );
    assert_eq!(page("/помощь"), page("/help"));
    assert_eq!(
        parse_command("/настройки язык:ru", console_user),
        parse_command("/settings language:ru", console_user)
    );
    assert_eq!(
        parse_command("/ustawienia język_serwera:pl", console_user),
        parse_command("/settings server_language:pl", console_user)
    );
}

#[test]
fn a_flag_typed_as_its_russian_or_polish_name_is_the_flag_not_a_game() {
    let read = |line: &str| parse_command(line, console_user);
    for (typed, english) in [
        ("/задача дня", "/puzzle daily"),
        ("/zadanie dnia", "/puzzle daily"),
        ("/задача gyges дня", "/puzzle gyges daily"),
        ("/zadanie dnia gyges", "/puzzle daily gyges"),
        ("/веб отозвать", "/web revoke"),
        ("/web unieważnij", "/web revoke"),
    ] {
        assert_eq!(read(typed), read(english), "{typed}");
    }
    let Ok(Command::Analysis(AnalysisCommand::Puzzle { game, daily, .. })) = read("/задача дня")
    else {
        panic!("a puzzle");
    };
    assert!(daily && game.is_none(), "{game:?}");
}

#[test]
fn an_unknown_option_is_refused_naming_every_option_the_command_takes() {
    assert_eq!(
        parse_error("/rules jumpers foo:2"),
        "/rules has no option foo; its options are game, page"
    );
    let settings = parse_error("/settings foo:1");
    for option in ["notify", "threads", "language", "server_language"] {
        assert!(settings.contains(option), "{settings}");
    }
    assert!(parse_error("/правила jumpers нечто:2").contains("нечто"));
}

#[test]
fn skakanie_actions_typed_in_russian_or_polish_are_played_and_read_back_in_them() {
    use leapfrog::games::GameKind;
    use leapfrog::i18n::Lang;
    assert_eq!(
        leapfrog::play::normalise_move(GameKind::Skakanie, "Взять, вправо  закопать пас"),
        "take right bury pass"
    );
    assert_eq!(
        leapfrog::play::normalise_move(GameKind::Skakanie, "weź w prawo, w górę na spód"),
        "take right up bury"
    );
    assert_eq!(
        leapfrog::play::normalise_move(GameKind::Skakanie, "взять прыг"),
        "take прыг",
        "a word that is no action is left for the rules to refuse"
    );
    for lang in [Lang::Ru, Lang::Pl] {
        let play = skakanie("");
        let first = play.my_legal_moves(&ctx("alice"), None)[0].clone();
        let typed = leapfrog::i18n::text(lang, &format!("action-{first}"));
        let command = parse_command(&format!("/move {typed}"), console_user).unwrap();
        let reply = play.handle(&ctx_in("alice", lang), command);
        assert_eq!(reply.outcome, Outcome::Done, "{typed}: {}", reply.text);
        assert_eq!(record(&play, 1).moves, std::slice::from_ref(&first));
        assert!(
            reply.text.contains(&typed),
            "{lang:?}: the move line says {typed}: {}",
            reply.text
        );
    }
}

#[test]
fn skakanie_autocomplete_reads_in_the_callers_language_and_sends_the_notation() {
    use leapfrog::i18n::Lang;
    let play = skakanie("");
    let ru = ctx_in("alice", Lang::Ru);
    let choices = play.complete_move(&ru, None, "взять впр");
    assert_eq!(
        choices,
        [("взять вправо".to_owned(), "take right".to_owned())],
        "completed from the Russian word's first letters"
    );
    let pl = ctx_in("alice", Lang::Pl);
    for (shown, mv) in play.complete_move(&pl, None, "") {
        assert_eq!(
            shown,
            leapfrog::i18n::text(Lang::Pl, &format!("action-{mv}"))
        );
    }
}

// Games that are over: the latest is shown, an aborted one too.

#[test]
fn an_aborted_game_is_named_not_hidden_behind_an_older_one() {
    let play = won_by_alice();
    ok(&play, "alice", "/play jumpers @bob");
    ok(&play, "bob", "/accept");
    ok(&play, "alice", "/abort");
    assert_eq!(record(&play, 2).status, Status::Aborted);
    refused(&play, "alice", "/move e3-h6", "Game #2 was aborted");
    let board = say(&play, "alice", "/board");
    assert!(board.text.contains("#2"), "{}", board.text);
    assert!(!board.text.contains("#1 "), "{}", board.text);
}

#[test]
fn board_shows_the_latest_of_several_finished_games_and_names_the_others() {
    let play = won_by_alice();
    for game in 2..=3 {
        ok(&play, "alice", "/play jumpers @bob board:near");
        ok(&play, "bob", "/accept");
        ok(&play, "alice", &format!("/resign game:{game}"));
    }
    let board = ok(&play, "bob", "/board");
    assert!(board.text.contains("latest, #3"), "{}", board.text);
    assert!(board.text.contains("#2, #1"), "{}", board.text);
    assert!(board.image.is_some(), "the board of #3 is shown");
    let history = ok(&play, "bob", "/history");
    assert!(history.text.contains("latest, #3"), "{}", history.text);
}

#[test]
fn the_move_button_and_a_leaderboard_outside_a_server_read_in_their_readers_language() {
    use leapfrog::i18n::Lang;
    use leapfrog::play::Component;
    let play = Play::with(
        common::temporary_store(),
        Box::new(FixedClock),
        Box::new(Zero),
    )
    .with_lang(Lang::Ru);
    ok(&play, "alice", "/play jumpers @bob");
    ok(&play, "bob", "/accept");
    let board = ok(&play, "alice", "/board");
    let label = board.components.iter().find_map(|c| match c {
        Component::Moves { label, .. } => Some(label.clone()),
        Component::Buttons(_) => None,
    });
    assert_eq!(label.as_deref(), Some("Ход"));
    let top = |lang| {
        let command = parse_command("/leaderboard jumpers scope:global", console_user).unwrap();
        play.handle(&ctx_in("alice", lang), command).text
    };
    assert!(top(Lang::Pl).contains(&leapfrog::i18n::text(Lang::Pl, "leaderboard-nobody")));
    assert!(top(Lang::En).contains("nobody yet"));
}
