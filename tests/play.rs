//! The command layer driven through a temporary sled store: every command, every refusal, the
//! race of two moves for one turn, a restart, and damaged records.

use std::sync::Arc;

use leapfrog::console::{console_user, name_id};
use leapfrog::play::{
    Answer, ChallengeCommand, Command, Component, Context, CorrespondenceCommand, HelpCommand,
    HistoryCommand, MoveCommand, Outcome, Play, Reply, SettingsCommand, User,
};
use leapfrog::store::AnyStore;
use leapfrog::store::{ChannelId, GameId, GameRecord, Place, SeatChoice, Status, Store};

mod common;

use common::{FixedClock, Zero};

fn play_on(store: AnyStore) -> Play<AnyStore> {
    Play::with(store, Box::new(FixedClock), Box::new(Zero))
}

fn fresh() -> Play<AnyStore> {
    play_on(common::temporary_store())
}

fn user(name: &str) -> User {
    console_user(name)
}

fn at(name: &str, channel: &str) -> Context {
    Context {
        user: user(name),
        place: Place {
            guild: None,
            channel: ChannelId(name_id(channel)),
            reach: leapfrog::store::Reach::Posts,
        },
        manager: false,
        lang: leapfrog::i18n::Lang::En,
        guild_lang: None,
    }
}

fn ctx(name: &str) -> Context {
    at(name, "general")
}

fn run(play: &Play<AnyStore>, who: &str, command: impl Into<Command>) -> Reply {
    play.handle(&ctx(who), command)
}

fn challenge(play: &Play<AnyStore>, from: &str, to: Option<&str>, options: &[&str]) -> Reply {
    run(
        play,
        from,
        ChallengeCommand::Challenge {
            game: "jumpers".into(),
            opponents: to.map(user).into_iter().collect(),
            options: options.iter().map(|s| (*s).to_owned()).collect(),
            seat: SeatChoice::Random,
            computers: Vec::new(),
        },
    )
}

fn mv(play: &Play<AnyStore>, who: &str, text: &str) -> Reply {
    run(
        play,
        who,
        MoveCommand::Move {
            game: None,
            mv: text.into(),
        },
    )
}

fn assert_done(reply: &Reply) {
    assert_eq!(reply.outcome, Outcome::Done, "{}", reply.text);
}

fn assert_refused(reply: &Reply, text: &str) {
    assert!(reply.is_refused(), "not refused: {}", reply.text);
    assert!(reply.private);
    assert!(
        reply.text.contains(text),
        "{:?} does not contain {text:?}",
        reply.text
    );
}

/// alice (White) vs bob (Black), game #1 begun.
fn started() -> Play<AnyStore> {
    let play = fresh();
    assert_done(&challenge(&play, "alice", Some("bob"), &[]));
    assert_done(&run(&play, "bob", ChallengeCommand::Accept { game: None }));
    play
}

fn record(play: &Play<AnyStore>, id: u64) -> GameRecord {
    play.store().get(GameId(id)).unwrap()
}

#[test]
fn a_full_game_to_a_win() {
    let play = fresh();
    let reply = challenge(&play, "alice", Some("bob"), &["board=near"]);
    assert!(reply.text.contains("alice challenges bob"));
    assert_eq!(reply.mentions, [user("bob").id]);
    let reply = run(&play, "bob", ChallengeCommand::Accept { game: None });
    assert!(
        reply.text.contains("alice (White) vs bob (Black)"),
        "{}",
        reply.text
    );
    assert_eq!(reply.mentions, [user("alice").id]);
    assert!(reply
        .components
        .iter()
        .any(|c| matches!(c, Component::Moves { moves, .. } if moves.len() == 30)));
    assert_done(&mv(&play, "alice", "e3-h6"));
    assert_done(&mv(&play, "bob", "c9-d8"));
    let reply = mv(&play, "alice", "H6 E9");
    assert!(
        reply.text.contains("alice (White) played h6-e9"),
        "{}",
        reply.text
    );
    assert!(
        reply.text.contains("**alice (White)** wins"),
        "{}",
        reply.text
    );
    let stored = record(&play, 1);
    assert_eq!(stored.moves, ["e3-h6", "c9-d8", "h6-e9"]);
    assert!(matches!(stored.status, Status::Finished(ref r) if r.winners == [0]));
    assert_refused(
        &mv(&play, "bob", "e9-f8"),
        "Game #1 is over: alice (White) wins — reached the goal",
    );
    assert_refused(
        &run(
            &play,
            "bob",
            MoveCommand::Move {
                game: Some(GameId(1)),
                mv: "e9-f8".into(),
            },
        ),
        "Game #1 is over",
    );
    // The finished board can still be seen.
    assert!(run(&play, "bob", MoveCommand::Board { game: None })
        .text
        .contains("wins"));
}

/// Every reply that shows a board carries its picture; refusals and lists carry none.
#[test]
fn board_replies_carry_the_picture() {
    let play = fresh();
    assert!(challenge(&play, "alice", Some("bob"), &[]).image.is_none());
    let accepted = run(&play, "bob", ChallengeCommand::Accept { game: None });
    let moved = mv(&play, "alice", "e3-h6");
    let board = run(
        &play,
        "carol",
        MoveCommand::Board {
            game: Some(GameId(1)),
        },
    );
    for (reply, name) in [
        (&accepted, "leapfrog-1-0.png"),
        (&moved, "leapfrog-1-1.png"),
        (&board, "leapfrog-1-1.png"),
    ] {
        let image = reply.image.as_ref().expect("a board reply has a picture");
        assert_eq!(image.name, name);
        let picture = image::load_from_memory(image.bytes()).unwrap();
        assert_eq!(picture.width(), 800);
    }
    assert_ne!(
        accepted.image.as_ref().unwrap().bytes(),
        moved.image.as_ref().unwrap().bytes()
    );
    assert!(mv(&play, "alice", "e3-e5").image.is_none());
    assert!(run(&play, "alice", CorrespondenceCommand::Games)
        .image
        .is_none());
}

#[test]
fn challenges_are_refused_with_reasons() {
    let play = fresh();
    assert_refused(
        &challenge(&play, "alice", Some("alice"), &[]),
        "can't challenge yourself",
    );
    let reply = run(
        &play,
        "alice",
        ChallengeCommand::Challenge {
            game: "chess".into(),
            opponents: Vec::new(),
            options: vec![],
            seat: SeatChoice::Random,
            computers: Vec::new(),
        },
    );
    assert_refused(&reply, "There is no game 'chess'; the games are jumpers");
    assert_refused(
        &challenge(&play, "alice", Some("bob"), &["board=round"]),
        "'round' is not a value of board",
    );
    assert_refused(
        &run(&play, "bob", ChallengeCommand::Accept { game: None }),
        "no challenge waiting for you",
    );
    assert_done(&challenge(&play, "alice", Some("bob"), &[]));
    assert_refused(
        &run(
            &play,
            "carol",
            ChallengeCommand::Accept {
                game: Some(GameId(1)),
            },
        ),
        "is for bob, not you",
    );
    assert_refused(
        &run(
            &play,
            "alice",
            ChallengeCommand::Accept {
                game: Some(GameId(1)),
            },
        ),
        "your own challenge",
    );
    assert_refused(
        &run(
            &play,
            "bob",
            ChallengeCommand::Cancel {
                game: Some(GameId(1)),
            },
        ),
        "Only alice can cancel",
    );
    assert_refused(
        &mv(&play, "alice", "e3-h6"),
        "Game #1 hasn't started: the challenge is still waiting",
    );
    assert_refused(
        &run(
            &play,
            "bob",
            MoveCommand::Move {
                game: Some(GameId(1)),
                mv: "e3-h6".into(),
            },
        ),
        "hasn't started",
    );
    assert_done(&run(&play, "bob", ChallengeCommand::Decline { game: None }));
    assert_eq!(record(&play, 1).status, Status::Declined);
    assert_refused(
        &run(
            &play,
            "bob",
            ChallengeCommand::Accept {
                game: Some(GameId(1)),
            },
        ),
        "not a challenge waiting",
    );
    assert_refused(
        &run(
            &play,
            "bob",
            ChallengeCommand::Accept {
                game: Some(GameId(99)),
            },
        ),
        "There is no game #99",
    );
}

#[test]
fn open_challenges_are_for_anyone_but_the_challenger_and_can_be_cancelled() {
    let play = fresh();
    assert!(challenge(&play, "alice", None, &[])
        .text
        .contains("Anyone in this channel may /accept"));
    assert_refused(
        &run(
            &play,
            "bob",
            ChallengeCommand::Decline {
                game: Some(GameId(1)),
            },
        ),
        "can't be declined",
    );
    assert_refused(
        &run(&play, "alice", ChallengeCommand::Accept { game: None }),
        "no challenge waiting for you",
    );
    assert_done(&run(
        &play,
        "alice",
        ChallengeCommand::Cancel { game: None },
    ));
    assert_eq!(record(&play, 1).status, Status::Cancelled);
    assert_done(&challenge(&play, "alice", None, &["board=far"]));
    // In another channel the challenge is not visible without its number.
    assert_refused(
        &play.handle(
            &at("carol", "elsewhere"),
            ChallengeCommand::Accept { game: None },
        ),
        "no challenge",
    );
    assert_done(&run(
        &play,
        "carol",
        ChallengeCommand::Accept { game: None },
    ));
    let stored = record(&play, 2);
    assert_eq!(stored.options, ["board=far"]);
    assert_eq!(stored.seats[1].name(), "carol");
}

#[test]
fn the_seat_choice_is_honoured() {
    let play = fresh();
    run(
        &play,
        "alice",
        ChallengeCommand::Challenge {
            game: "jumpers".into(),
            opponents: vec![user("bob")],
            options: vec![],
            seat: SeatChoice::Second,
            computers: Vec::new(),
        },
    );
    run(&play, "bob", ChallengeCommand::Accept { game: None });
    assert_eq!(record(&play, 1).seats[0].name(), "bob");
    assert_refused(
        &mv(&play, "alice", "e3-h6"),
        "It's bob (White)'s turn in game #1, not yours",
    );
}

#[test]
fn moves_are_refused_with_the_rule_and_the_legal_options() {
    let play = started();
    assert_refused(&mv(&play, "bob", "e7-e5"), "It's alice (White)'s turn");
    assert_refused(&mv(&play, "carol", "e3-h6"), "no game in progress");
    assert_refused(
        &run(
            &play,
            "carol",
            MoveCommand::Move {
                game: Some(GameId(1)),
                mv: "e3-h6".into(),
            },
        ),
        "You're not playing in game #1",
    );
    assert_refused(&mv(&play, "alice", "e3-e4"), "You can't play e3-e4: there is no cell e4 on the near board. Legal moves from there: e3-h6, e3-b6.");
    assert_refused(&mv(&play, "alice", "e3-f4"), "a Big jumps exactly 3 cells");
    assert_refused(
        &mv(&play, "alice", "hello"),
        "'hello' is not a move: write the start and end cells",
    );
    assert_refused(
        &mv(&play, "alice", "pass"),
        "you can only pass when you have no legal move",
    );
    assert!(record(&play, 1).moves.is_empty());
}

#[test]
fn resign_draw_and_takeback() {
    let play = started();
    assert_refused(
        &run(
            &play,
            "alice",
            MoveCommand::Takeback {
                game: None,
                answer: Answer::Propose,
            },
        ),
        "nothing to take back",
    );
    assert_done(&mv(&play, "alice", "e3-h6"));
    assert_refused(
        &run(
            &play,
            "bob",
            MoveCommand::Takeback {
                game: None,
                answer: Answer::Propose,
            },
        ),
        "your own last move",
    );
    assert_refused(
        &run(
            &play,
            "alice",
            MoveCommand::Takeback {
                game: None,
                answer: Answer::Accept,
            },
        ),
        "no takeback request",
    );
    assert_done(&run(
        &play,
        "alice",
        MoveCommand::Takeback {
            game: None,
            answer: Answer::Propose,
        },
    ));
    assert_refused(
        &run(
            &play,
            "alice",
            MoveCommand::Takeback {
                game: None,
                answer: Answer::Propose,
            },
        ),
        "already asked",
    );
    assert_refused(
        &run(
            &play,
            "alice",
            MoveCommand::Takeback {
                game: None,
                answer: Answer::Accept,
            },
        ),
        "You made this takeback request",
    );
    let reply = run(
        &play,
        "bob",
        MoveCommand::Takeback {
            game: None,
            answer: Answer::Accept,
        },
    );
    assert!(
        reply.text.contains("e3-h6 was taken back"),
        "{}",
        reply.text
    );
    let stored = record(&play, 1);
    assert!(stored.moves.is_empty());
    assert!(stored.position.ends_with(" w"));

    assert_refused(
        &run(
            &play,
            "alice",
            MoveCommand::Draw {
                game: None,
                answer: Answer::Accept,
            },
        ),
        "no draw offer to accept",
    );
    assert_done(&run(
        &play,
        "alice",
        MoveCommand::Draw {
            game: None,
            answer: Answer::Propose,
        },
    ));
    assert_done(&run(
        &play,
        "bob",
        MoveCommand::Draw {
            game: None,
            answer: Answer::Decline,
        },
    ));
    assert_done(&run(
        &play,
        "alice",
        MoveCommand::Draw {
            game: None,
            answer: Answer::Propose,
        },
    ));
    // Withdrawn, it is gone.
    assert_done(&run(
        &play,
        "alice",
        MoveCommand::Draw {
            game: None,
            answer: Answer::Decline,
        },
    ));
    assert_done(&mv(&play, "alice", "e3-h6"));
    assert_refused(
        &run(
            &play,
            "bob",
            MoveCommand::Draw {
                game: None,
                answer: Answer::Accept,
            },
        ),
        "no draw offer",
    );
    assert_done(&run(
        &play,
        "bob",
        MoveCommand::Draw {
            game: None,
            answer: Answer::Propose,
        },
    ));
    let reply = run(
        &play,
        "alice",
        MoveCommand::Draw {
            game: None,
            answer: Answer::Propose,
        },
    );
    assert!(
        reply.text.contains("a draw (by agreement)"),
        "{}",
        reply.text
    );
    assert_refused(
        &run(
            &play,
            "alice",
            MoveCommand::Resign {
                game: Some(GameId(1)),
            },
        ),
        "is over",
    );

    let play = started();
    assert_refused(
        &run(
            &play,
            "carol",
            MoveCommand::Resign {
                game: Some(GameId(1)),
            },
        ),
        "not playing",
    );
    let reply = run(&play, "bob", MoveCommand::Resign { game: None });
    assert!(
        reply
            .text
            .contains("**alice (White)** wins — bob (Black) resigned"),
        "{}",
        reply.text
    );
}

#[test]
fn several_games_in_a_channel_need_a_number() {
    let play = started();
    assert_done(&challenge(&play, "carol", Some("alice"), &[]));
    assert_done(&run(
        &play,
        "alice",
        ChallengeCommand::Accept { game: None },
    ));
    assert_refused(
        &mv(&play, "alice", "e3-h6"),
        "You have 2 games in this channel",
    );
    assert_done(&run(
        &play,
        "alice",
        MoveCommand::Move {
            game: Some(GameId(1)),
            mv: "e3-h6".into(),
        },
    ));
    // bob has one game here, so he needs no number.
    assert_done(&mv(&play, "bob", "c9-d8"));
    let games = run(&play, "alice", CorrespondenceCommand::Games);
    assert!(
        games.text.contains("#1") && games.text.contains("#2"),
        "{}",
        games.text
    );
    assert!(games.text.contains("your turn"));
}

#[test]
fn two_moves_for_the_same_turn_exactly_one_lands() {
    for round in 0..40 {
        let play = Arc::new(started());
        let threads: Vec<_> = ["e3-h6", "a3-g3"]
            .into_iter()
            .map(|text| {
                let play = Arc::clone(&play);
                std::thread::spawn(move || mv(&play, "alice", text))
            })
            .collect();
        let replies: Vec<Reply> = threads.into_iter().map(|t| t.join().unwrap()).collect();
        let landed = replies
            .iter()
            .filter(|r| r.outcome == Outcome::Done)
            .count();
        assert_eq!(
            landed,
            1,
            "round {round}: {:?}",
            replies.iter().map(|r| &r.text).collect::<Vec<_>>()
        );
        let loser = replies.iter().find(|r| r.is_refused()).unwrap();
        assert!(
            loser.text.contains("The position changed")
                || loser.text.contains("It's bob (Black)'s turn"),
            "{}",
            loser.text
        );
        assert_eq!(record(&play, 1).moves.len(), 1);
    }
}

#[test]
fn everything_survives_a_restart() {
    let spot = common::StoreSpot::new();
    {
        let play = play_on(spot.open());
        challenge(&play, "alice", Some("bob"), &["goal=long"]);
        run(&play, "bob", ChallengeCommand::Accept { game: None });
        assert_done(&mv(&play, "alice", "e3-h6"));
        challenge(&play, "carol", Some("bob"), &[]);
        play.store().flush().unwrap();
    }
    let play = play_on(spot.open());
    let stored = record(&play, 1);
    assert_eq!(stored.moves, ["e3-h6"]);
    assert_eq!(stored.options, ["goal=long"]);
    assert_done(&mv(&play, "bob", "c9-d8"));
    let pending = play
        .store()
        .challenges_in_channel(ChannelId(name_id("general")))
        .unwrap();
    assert_eq!(pending.len(), 1);
    assert_done(&run(
        &play,
        "bob",
        ChallengeCommand::Accept {
            game: Some(pending[0].id),
        },
    ));
}

#[test]
fn damaged_and_too_new_records_give_a_clear_error() {
    let play = started();
    play.store().write_raw(GameId(1), b"\x00 not json").unwrap();
    let reply = run(
        &play,
        "alice",
        MoveCommand::Board {
            game: Some(GameId(1)),
        },
    );
    assert_eq!(reply.outcome, Outcome::Failed);
    assert!(
        reply.text.contains("game #1's record is damaged"),
        "{}",
        reply.text
    );
    assert!(reply.text.contains("tell the server admin"));

    let mut good = record(&started(), 1);
    good.id = GameId(1);
    let newer =
        String::from_utf8(good.encode())
            .unwrap()
            .replacen("\"schema\":1", "\"schema\":99", 1);
    play.store().write_raw(GameId(1), newer.as_bytes()).unwrap();
    let reply = run(
        &play,
        "alice",
        MoveCommand::Move {
            game: Some(GameId(1)),
            mv: "e3-h6".into(),
        },
    );
    assert!(reply.text.contains("schema version 99"), "{}", reply.text);

    // Moves that do not replay to the stored position.
    let mut tampered = good.clone();
    tampered.moves = vec!["e3-e5".into()];
    play.store()
        .write_raw(GameId(1), &tampered.encode())
        .unwrap();
    let reply = run(
        &play,
        "alice",
        MoveCommand::Board {
            game: Some(GameId(1)),
        },
    );
    assert!(
        reply.text.contains("move 1 (e3-e5) does not replay"),
        "{}",
        reply.text
    );
    // Listings skip the damaged game instead of failing.
    assert_done(&run(&play, "alice", CorrespondenceCommand::Games));
}

#[test]
fn autocomplete_offers_the_callers_matching_legal_moves() {
    let play = started();
    let c = ctx("alice");
    let values = |typed: &str| -> Vec<String> {
        play.complete_move(&c, None, typed)
            .into_iter()
            .map(|(_, mv)| mv)
            .collect()
    };
    assert_eq!(values("E3"), ["e3-h6", "e3-b6"]);
    assert_eq!(play.complete_move(&c, None, "").len(), 25);
    assert!(play.complete_move(&ctx("bob"), None, "").is_empty());
    assert!(play.complete_move(&ctx("carol"), None, "").is_empty());
}

#[test]
fn button_ids_read_back_as_commands() {
    let play = fresh();
    let reply = challenge(&play, "alice", Some("bob"), &[]);
    let Component::Buttons(buttons) = &reply.components[0] else {
        panic!()
    };
    assert_eq!(
        Command::from_button_id(&buttons[0].id),
        Some(
            ChallengeCommand::Accept {
                game: Some(GameId(1))
            }
            .into()
        )
    );
    assert_eq!(
        Command::from_button_id(&buttons[1].id),
        Some(
            ChallengeCommand::Decline {
                game: Some(GameId(1))
            }
            .into()
        )
    );
    assert_eq!(Command::from_button_id("nonsense"), None);
    assert_eq!(Command::from_button_id("resign:x"), None);
}

#[test]
fn rules_and_help_answer_privately() {
    let play = fresh();
    let rules = run(
        &play,
        "alice",
        SettingsCommand::Rules {
            game: Some("jumpers".into()),
            page: Some(3),
        },
    );
    assert!(
        rules.private && rules.text.contains("`crawlers:S`"),
        "{}",
        rules.text
    );
    assert_refused(
        &run(
            &play,
            "alice",
            SettingsCommand::Rules {
                game: Some("go".into()),
                page: None,
            },
        ),
        "There is no game 'go'",
    );
    assert!(run(&play, "alice", HelpCommand::Help)
        .text
        .contains("/play"));
}

fn draw(play: &Play<AnyStore>, who: &str, answer: Answer) -> Reply {
    run(play, who, MoveCommand::Draw { game: None, answer })
}

#[test]
fn a_draw_offer_stands_over_its_makers_move_and_lapses_when_another_moves() {
    // Offer, then move: the offer stands for the other player to answer.
    let play = started();
    assert_done(&draw(&play, "alice", Answer::Propose));
    assert_refused(
        &draw(&play, "alice", Answer::Accept),
        "You made this draw offer; bob (Black) must answer it",
    );
    let reply = mv(&play, "alice", "e3-h6");
    assert_done(&reply);
    assert!(
        reply.text.contains("draw offer still stands"),
        "{}",
        reply.text
    );
    let reply = draw(&play, "bob", Answer::Accept);
    assert!(
        reply.text.contains("a draw (by agreement)"),
        "{}",
        reply.text
    );

    // Moving instead of answering refuses it, and both players are told.
    let play = started();
    assert_done(&mv(&play, "alice", "e3-h6"));
    assert_done(&draw(&play, "alice", Answer::Propose));
    let reply = mv(&play, "bob", "c9-d8");
    assert_done(&reply);
    assert!(
        reply.text.contains(
            "bob (Black) moved instead of answering, so alice (White)'s draw offer lapsed"
        ),
        "{}",
        reply.text
    );
    assert!(reply.mentions.contains(&user("alice").id));
    assert_refused(&draw(&play, "bob", Answer::Accept), "no draw offer");
    assert_eq!(record(&play, 1).pending, None);
}

#[test]
fn takeback_and_pause_proposals_lapse_aloud_too() {
    let play = started();
    assert_done(&mv(&play, "alice", "e3-h6"));
    assert_done(&run(
        &play,
        "alice",
        MoveCommand::Takeback {
            game: None,
            answer: Answer::Propose,
        },
    ));
    assert_refused(
        &run(
            &play,
            "alice",
            MoveCommand::Takeback {
                game: None,
                answer: Answer::Accept,
            },
        ),
        "You made this takeback request; bob (Black) must answer it",
    );
    let reply = mv(&play, "bob", "c9-d8");
    assert!(
        reply
            .text
            .contains("alice (White)'s takeback request lapsed"),
        "{}",
        reply.text
    );

    let play = fresh();
    assert_done(&challenge(&play, "alice", Some("bob"), &["days=1"]));
    assert_done(&run(&play, "bob", ChallengeCommand::Accept { game: None }));
    assert_done(&run(
        &play,
        "bob",
        CorrespondenceCommand::Pause {
            game: None,
            answer: Answer::Propose,
        },
    ));
    let reply = mv(&play, "alice", "e3-h6");
    assert!(
        reply.text.contains("bob (Black)'s pause proposal lapsed"),
        "{}",
        reply.text
    );
    assert!(reply.mentions.contains(&user("bob").id));
}

#[test]
fn board_and_history_ask_which_game_like_move_does() {
    let play = started();
    assert_done(&challenge(&play, "carol", Some("alice"), &[]));
    assert_done(&run(
        &play,
        "alice",
        ChallengeCommand::Accept { game: None },
    ));
    for command in [
        Command::from(MoveCommand::Board { game: None }),
        HistoryCommand::History { game: None }.into(),
    ] {
        let reply = run(&play, "alice", command.clone());
        assert_refused(&reply, "You have 2 games in this channel");
        assert!(
            reply.text.contains("#1") && reply.text.contains("#2"),
            "{}",
            reply.text
        );
        // bob sits in one game only: that one.
        let reply = run(&play, "bob", command.clone());
        assert_done(&reply);
        assert!(reply.text.contains("#1"), "{}", reply.text);
        // A spectator is asked too while two games go on here.
        let reply = run(&play, "dave", command);
        assert_refused(&reply, "2 games");
        assert!(
            reply.text.contains("#1") && reply.text.contains("#2"),
            "{}",
            reply.text
        );
    }
    assert_done(&run(&play, "carol", MoveCommand::Resign { game: None }));
    let reply = run(&play, "dave", MoveCommand::Board { game: None });
    assert_done(&reply);
    assert!(reply.text.contains("Game #1"), "{}", reply.text);
}

#[test]
fn a_finished_game_and_a_waiting_challenge_say_what_they_are() {
    let play = started();
    assert_done(&run(&play, "alice", MoveCommand::Resign { game: None }));
    assert_refused(
        &mv(&play, "alice", "e3-h6"),
        "Game #1 is over: bob (Black) wins — alice (White) resigned",
    );
    assert_refused(&mv(&play, "bob", "c9-d8"), "Game #1 is over");

    assert_done(&challenge(&play, "carol", Some("dave"), &[]));
    for who in ["carol", "dave", "erin"] {
        let reply = run(
            &play,
            who,
            MoveCommand::Board {
                game: Some(GameId(2)),
            },
        );
        assert!(reply.image.is_none(), "no empty board for a challenge");
        assert!(
            reply
                .text
                .contains("Game #2 is a challenge waiting for an answer: carol challenges dave"),
            "{}",
            reply.text
        );
        assert!(reply.text.contains("dave can /accept"), "{}", reply.text);
    }
    assert_refused(
        &mv(&play, "dave", "e3-h6"),
        "Game #2 hasn't started: the challenge is still waiting for an answer",
    );
}

fn table(play: &Play<AnyStore>, host: &str, opponents: &[&str]) -> Reply {
    run(
        play,
        host,
        ChallengeCommand::Challenge {
            game: "skakanie".into(),
            opponents: opponents.iter().map(|o| user(o)).collect(),
            options: Vec::new(),
            seat: SeatChoice::Random,
            computers: Vec::new(),
        },
    )
}

#[test]
fn a_challenge_naming_you_comes_before_an_open_table() {
    let play = fresh();
    assert_done(&table(&play, "ana", &[]));
    assert_done(&challenge(&play, "carol", Some("bob"), &[]));
    assert_done(&challenge(&play, "erin", None, &[]));
    let reply = run(&play, "bob", ChallengeCommand::Accept { game: None });
    assert_done(&reply);
    assert!(
        reply
            .text
            .contains("bob accepted carol's Jumpers challenge (game #2)"),
        "{}",
        reply.text
    );
    assert_eq!(record(&play, 2).status, Status::Active);
    // Two open challenges and none naming dave: he is asked which.
    assert_refused(
        &run(&play, "dave", ChallengeCommand::Accept { game: None }),
        "Several challenges wait here",
    );
    let reply = run(
        &play,
        "dave",
        ChallengeCommand::Accept {
            game: Some(GameId(1)),
        },
    );
    assert!(
        reply
            .text
            .contains("dave joined ana's Skakanie table (game #1)"),
        "{}",
        reply.text
    );
}

#[test]
fn a_skakanie_games_leave_button_leaves_and_is_confirmed_in_its_own_words() {
    let play = fresh();
    assert_done(&table(&play, "ana", &["bob"]));
    let reply = run(&play, "bob", ChallengeCommand::Accept { game: None });
    assert_done(&reply);
    let board = run(&play, "ana", MoveCommand::Board { game: None });
    let leave = board
        .components
        .iter()
        .filter_map(|c| match c {
            Component::Buttons(buttons) => Some(buttons),
            _ => None,
        })
        .flatten()
        .find(|b| b.label == "Leave")
        .expect("a Skakanie game in play has a Leave button");
    assert_eq!(leave.id, "leave-game:1");
    assert!(leave.confirm, "leaving a game is asked about first");
    assert_eq!(
        Command::from_button_id(&leave.id),
        Some(
            MoveCommand::Resign {
                game: Some(GameId(1))
            }
            .into()
        )
    );
}
