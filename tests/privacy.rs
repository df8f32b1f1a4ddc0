//! Players' data: `/privacy` says what the bot keeps about the caller, `/forget-me` (after a
//! confirmation) deletes it and leaves everyone else's games, replays and ratings as they
//! were. The store tests run on sled, and on PostgreSQL with `LEAPFROG_TEST_STORE=postgres`.

mod common;
mod fake_discord;

use fake_discord::{config, edit_of, play, send, start_endpoint, Payloads, Rest, ALICE, BOB};
use leapfrog::console::{console_user, name_id};
use leapfrog::games::GameKind;
use leapfrog::i18n::Lang;
use leapfrog::play::{
    parse_command, Command, Component, Context, Play, PrivacyCommand, Reply, FORGET_ME_BUTTON,
};
use leapfrog::store::{
    rebuilt_ratings, AnyStore, ChallengeRecord, ChannelId, GameId, GameRecord, GameResult, GuildId,
    Place, Player, SeatChoice, Status, Store, StoreError, UserId, UserSettings,
};
use serde_json::{json, Value};

/// A Discord-sized id, so that a scan of the export for it finds nothing by chance.
const ZOFIA: u64 = 316_227_583_123_456_789;
const ZOFIA_NAME: &str = "Zofia Forgetme";
const BEN: u64 = 288_111_222_333_444_555;
const CAROL: u64 = 299_111_222_333_444_666;

fn person(id: u64, name: &str) -> Player {
    Player::User {
        id: UserId(id),
        name: name.to_owned(),
    }
}

fn named(seats: &[(u64, &str)], kind: GameKind, guild: u64, at: u64) -> GameRecord {
    let ids: Vec<u64> = seats.iter().map(|s| s.0).collect();
    let mut record = common::new_record(kind, &ids, GuildId(guild), at);
    record.seats = seats.iter().map(|&(id, name)| person(id, name)).collect();
    record
}

/// Finishes a new rated game of `seats`, the first seat winning.
fn finished(store: &AnyStore, seats: &[(u64, &str)], kind: GameKind, guild: u64, at: u64) {
    let record = store.insert(named(seats, kind, guild, at)).unwrap();
    let mut done = record.clone();
    done.status = Status::Finished(GameResult::new(vec![0], "test"));
    done.updated = at + 1;
    store.replace(&done).unwrap();
}

/// A challenge from `from` to `to` (an open one when `to` is empty).
fn challenge(
    store: &AnyStore,
    kind: GameKind,
    from: (u64, &str),
    to: &[(u64, &str)],
) -> GameRecord {
    let seats: &[u64] = if kind == GameKind::Skakanie {
        &[1, 2, 3]
    } else {
        &[1, 2]
    };
    let mut record = common::new_record(kind, seats, GuildId(5), 50);
    record.seats.clear();
    let mut to: Vec<Player> = to.iter().map(|&(id, name)| person(id, name)).collect();
    record.status = Status::Challenge(ChallengeRecord {
        from: person(from.0, from.1),
        to: (!to.is_empty()).then(|| to.remove(0)),
        seat: SeatChoice::Random,
        invited: to,
        joined: Vec::new(),
        by_player: Vec::new(),
        target: None,
    });
    store.insert(record).unwrap()
}

fn export_text(store: &AnyStore) -> String {
    let mut out = Vec::new();
    store.export().unwrap().write(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn forgetting_a_user_leaves_no_trace_of_them_and_changes_nobody_elses_rating() {
    let store = common::temporary_store();
    let zofia = (ZOFIA, ZOFIA_NAME);
    let (ben, carol) = ((BEN, "Ben"), (CAROL, "Carol"));
    store
        .set_settings(
            UserId(ZOFIA),
            UserSettings {
                notify: leapfrog::store::Notify::Dm,
                ..UserSettings::default()
            },
        )
        .unwrap();
    finished(&store, &[zofia, ben], GameKind::Gyges, 5, 1_000);
    finished(&store, &[ben, zofia], GameKind::Gyges, 6, 2_000);
    finished(&store, &[carol, ben], GameKind::Gyges, 5, 3_000);
    finished(&store, &[zofia, ben, carol], GameKind::Skakanie, 5, 4_000);
    finished(&store, &[ben, carol], GameKind::Jumpers, 5, 5_000);
    // A game in a group DM (a user install: no server, the bot only answers) is hers too.
    let mut grouped = named(&[zofia, ben], GameKind::JumpSturdy, 5, 5_500);
    grouped.place = leapfrog::store::Place {
        guild: None,
        channel: leapfrog::store::ChannelId(4_000_001),
        reach: leapfrog::store::Reach::Answers,
    };
    let grouped = store.insert(grouped).unwrap();
    let mut done = grouped.clone();
    done.status = Status::Finished(GameResult::new(vec![0], "test"));
    done.updated = 5_501;
    store.replace(&done).unwrap();
    let mine = challenge(&store, GameKind::Jumpers, zofia, &[ben]);
    let to_her = challenge(&store, GameKind::Gyges, carol, &[zofia]);
    let three = challenge(&store, GameKind::Skakanie, ben, &[zofia, carol]);
    let playing = store
        .insert(named(&[zofia, carol], GameKind::Jumpers, 5, 6_000))
        .unwrap();

    let everyone = |kind| {
        store
            .leaderboard(kind, None, &|_| true, 100)
            .unwrap()
            .into_iter()
            .map(|(user, s)| (user, s.rating))
            .collect::<Vec<_>>()
    };
    let others = |kind: GameKind| [BEN, CAROL].map(|u| store.standing(kind, UserId(u)).unwrap());
    let before: Vec<_> = GameKind::ALL.iter().map(|&k| others(k)).collect();
    let boards_before: Vec<_> = GameKind::ALL.iter().map(|&k| everyone(k)).collect();
    assert!(store
        .standing(GameKind::Gyges, UserId(ZOFIA))
        .unwrap()
        .is_some());

    // A game in progress: nothing is forgotten.
    let anonymous = UserId::anonymous(0x1234_5678);
    assert!(anonymous.is_anonymous() && !UserId(ZOFIA).is_anonymous());
    assert!(matches!(
        store.forget_user(UserId(ZOFIA), anonymous, 9_000),
        Err(StoreError::InProgress(id)) if id == playing.id
    ));
    assert!(export_text(&store).contains(ZOFIA_NAME));
    assert!(store
        .standing(GameKind::Gyges, UserId(ZOFIA))
        .unwrap()
        .is_some());
    assert_eq!(
        store.settings(UserId(ZOFIA)).unwrap().notify,
        leapfrog::store::Notify::Dm
    );

    let mut over = store.get(playing.id).unwrap();
    over.status = Status::Aborted;
    store.replace(&over).unwrap();
    let done = store.forget_user(UserId(ZOFIA), anonymous, 9_000).unwrap();
    assert_eq!((done.games, done.challenges, done.ratings), (5, 3, 3));
    assert!(done.settings);

    // Nothing of hers is left: not her name, not her id.
    let text = export_text(&store);
    assert!(!text.contains(ZOFIA_NAME), "{text}");
    assert!(!text.contains(&ZOFIA.to_string()), "{text}");
    assert_eq!(
        store.settings(UserId(ZOFIA)).unwrap(),
        UserSettings::default()
    );
    assert!(store.games_of_user(UserId(ZOFIA)).unwrap().is_empty());
    for kind in GameKind::ALL {
        assert_eq!(store.standing(kind, UserId(ZOFIA)).unwrap(), None);
        assert_eq!(store.standing(kind, anonymous).unwrap(), None);
        for guild in [None, Some(GuildId(5)), Some(GuildId(6))] {
            assert!(store
                .leaderboard(kind, guild, &|_| true, 100)
                .unwrap()
                .iter()
                .all(|(u, _)| *u != UserId(ZOFIA) && !u.is_anonymous()));
        }
    }
    // Everyone else's ratings and leaderboard places are as they were.
    let after: Vec<_> = GameKind::ALL.iter().map(|&k| others(k)).collect();
    assert_eq!(before, after);
    let boards_after: Vec<_> = GameKind::ALL.iter().map(|&k| everyone(k)).collect();
    let without_her: Vec<Vec<_>> = boards_before
        .into_iter()
        .map(|b| b.into_iter().filter(|(u, _)| *u != UserId(ZOFIA)).collect())
        .collect();
    assert_eq!(without_her, boards_after);

    // Her seats are a former player's, one anonymous id in all of them; the others keep
    // their games, in the same order of rating.
    let seats: Vec<Player> = store
        .games_of_user(anonymous)
        .unwrap()
        .iter()
        .flat_map(|g| g.seats.clone())
        .filter(Player::is_forgotten)
        .collect();
    assert_eq!(seats.len(), 5);
    assert!(seats
        .iter()
        .all(|p| p.name() == leapfrog::store::FORGOTTEN_NAME));
    assert_eq!(store.games_of_user(UserId(BEN)).unwrap().len(), 7);

    // Her challenges: hers withdrawn, the one to her declined, the table goes on without her.
    assert_eq!(store.get(mine.id).unwrap().status, Status::Cancelled);
    assert_eq!(store.get(to_her.id).unwrap().status, Status::Declined);
    let Status::Challenge(table) = store.get(three.id).unwrap().status else {
        panic!("the table of three goes on");
    };
    assert_eq!(table.to, Some(person(CAROL, "Carol")));
    assert!(table.invited.is_empty());

    // `ratings rebuild` gives the live numbers again, and no rating under any id of hers.
    let rebuilt = rebuilt_ratings(&store.all_games().unwrap());
    assert!(rebuilt
        .iter()
        .all(|(_, u, _)| *u != UserId(ZOFIA) && !u.is_anonymous()));
    let live: Vec<_> = store.export().unwrap().ratings;
    assert_eq!(rebuilt, live);
    store.replace_ratings(&rebuilt).unwrap();
    assert_eq!(
        store.standing(GameKind::Gyges, UserId(ZOFIA)).unwrap(),
        None
    );

    // Forgetting again finds nothing more.
    let again = store.forget_user(UserId(ZOFIA), anonymous, 9_500).unwrap();
    assert_eq!(again, leapfrog::store::Forgotten::default());
}

fn on(name: &str, lang: Lang) -> Context {
    Context {
        user: console_user(name),
        place: Place {
            guild: Some(GuildId(5)),
            channel: ChannelId(50),
            reach: leapfrog::store::Reach::Posts,
        },
        manager: false,
        lang,
        guild_lang: None,
    }
}

fn say(play: &Play<AnyStore>, name: &str, line: &str) -> Reply {
    play.handle(
        &on(name, Lang::En),
        parse_command(line, console_user).unwrap(),
    )
}

/// The game record `/history` attaches, as text.
fn record_of(play: &Play<AnyStore>, reader: &str, game: u64) -> (String, usize) {
    let reply = say(play, reader, &format!("/history game:{game}"));
    assert!(!reply.is_refused(), "{}", reply.text);
    let text = reply
        .files
        .iter()
        .find(|f| f.name.ends_with(".txt"))
        .map(|f| String::from_utf8(f.bytes.clone()).unwrap())
        .expect("the record");
    let gif = reply.files.iter().find(|f| f.name.ends_with(".gif"));
    (text, gif.map_or(0, |g| g.bytes.len()))
}

#[test]
fn privacy_lists_the_callers_data_and_forget_me_asks_then_forgets_them() {
    let play = Play::with(
        common::temporary_store(),
        Box::new(common::FixedClock),
        Box::new(common::Zero),
    );
    let zofia = UserId(name_id("zofia"));
    say(&play, "zofia", "/settings notify:dm language:pl");
    // A rated game zofia wins on resignation, then one she loses.
    for (first, loser) in [("zofia", "ben"), ("ben", "zofia")] {
        let other = if first == "zofia" { "ben" } else { "zofia" };
        let made = say(&play, first, &format!("/play gyges @{other} seat:first"));
        assert!(!made.is_refused(), "{}", made.text);
        assert!(!say(&play, other, "/accept").is_refused());
        assert!(!say(&play, loser, "/resign").is_refused());
    }
    // Ben and carol play too, so the leaderboard has someone left.
    say(&play, "ben", "/play gyges @carol seat:first");
    say(&play, "carol", "/accept");
    say(&play, "carol", "/resign");
    // Waiting challenges: hers to ben, carol's to her.
    assert!(!say(&play, "zofia", "/play jumpers @ben").is_refused());
    assert!(!say(&play, "carol", "/play jump-sturdy @zofia").is_refused());
    play.store()
        .set_board_link(GameId(1), "https://discord.com/channels/5/50/9")
        .unwrap();

    // /privacy: only she sees it, in her language, and it lists what is kept.
    let privacy = say(&play, "zofia", "/privacy");
    assert!(privacy.private && !privacy.is_refused(), "{}", privacy.text);
    for expected in [
        "Co Leapfrog przechowuje o tobie",
        "z wiadomości prywatnej",
        "Polski",
        "Gygès: **",
        "2 partie z twoim udziałem (w toku: 0)",
        "(twoje: zofia)",
        "które pochodzą od ciebie: 2",
        "1 z tych partii",
        "/zapomnij-mnie",
    ] {
        assert!(
            privacy.text.contains(expected),
            "{expected}: {}",
            privacy.text
        );
    }
    let privacy = say(&play, "ben", "/privacy");
    for expected in [
        "What Leapfrog keeps about you",
        "by a mention in the game's channel",
        "your Discord language, noted so that direct messages reach you in it: English",
        "Gygès: **",
        "3 games with you in them (0 in progress)",
        "(yours: ben)",
        "that you made: 1",
        "one of these games",
        "until the bot's admin deletes them",
        "/forget-me",
    ] {
        assert!(
            privacy.text.contains(expected),
            "{expected}: {}",
            privacy.text
        );
    }

    // While she plays a game, /forget-me refuses and says which.
    say(&play, "zofia", "/play gyges @carol seat:first");
    let playing = say(&play, "carol", "/accept");
    assert!(!playing.is_refused(), "{}", playing.text);
    let refused = say(&play, "zofia", "/forget-me");
    assert!(refused.is_refused());
    assert!(refused.text.contains("#6"), "{}", refused.text);
    assert!(!say(&play, "zofia", "/abort").is_refused());

    // What ben sees before.
    let (ben_record, ben_gif) = record_of(&play, "ben", 1);
    let ben_rating = play
        .store()
        .standing(GameKind::Gyges, UserId(name_id("ben")))
        .unwrap();
    let carol_rating = play
        .store()
        .standing(GameKind::Gyges, UserId(name_id("carol")))
        .unwrap();

    // The first step asks, with a button, and deletes nothing.
    let ask = say(&play, "zofia", "/forget-me");
    assert!(ask.private && !ask.is_refused(), "{}", ask.text);
    assert!(ask.text.contains("Zapomnieć cię?"), "{}", ask.text);
    let button = ask
        .components
        .iter()
        .find_map(|c| match c {
            Component::Buttons(b) => b.first().cloned(),
            Component::Moves { .. } => None,
        })
        .expect("a button");
    assert_eq!(button.id, FORGET_ME_BUTTON);
    assert_eq!(play.store().settings(zofia).unwrap().lang, Some(Lang::Pl));
    assert!(play
        .store()
        .standing(GameKind::Gyges, zofia)
        .unwrap()
        .is_some());

    // The button (console: /forget-me confirm) forgets her.
    let command = Command::from_button_id(&button.id).unwrap();
    assert_eq!(
        command,
        parse_command("/forget-me confirm", console_user).unwrap()
    );
    let done = play.handle(&on("zofia", Lang::Pl), command);
    assert!(done.private && !done.is_refused(), "{}", done.text);
    assert!(done.text.contains("Gotowe"), "{}", done.text);

    let store = play.store();
    assert_eq!(store.settings(zofia).unwrap(), UserSettings::default());
    for kind in GameKind::ALL {
        assert_eq!(store.standing(kind, zofia).unwrap(), None);
    }
    assert!(store.games_of_user(zofia).unwrap().is_empty());
    // Asked again, /privacy says she is in no game, with no empty list of her names.
    let privacy = play.handle(&on("zofia", Lang::Pl), PrivacyCommand::Privacy);
    assert!(
        privacy
            .text
            .contains("Partie: brak partii z twoim udziałem."),
        "{}",
        privacy.text
    );
    assert!(!privacy.text.contains("(twoje: )"), "{}", privacy.text);
    let text = export_text(store);
    assert!(!text.contains("zofia"), "{text}");
    assert!(!text.contains(&zofia.0.to_string()), "{text}");
    for game in store.all_games().unwrap() {
        assert!(
            !matches!(game.status, Status::Challenge(_)),
            "#{} still waits",
            game.id
        );
    }

    // Ben's record, replay and rating are as they were, with a former player in her seat.
    let (after, gif) = record_of(&play, "ben", 1);
    assert_eq!(after, ben_record.replace("zofia", "Former player"));
    assert!(gif > 0 && ben_gif > 0);
    assert_eq!(
        store
            .standing(GameKind::Gyges, UserId(name_id("ben")))
            .unwrap(),
        ben_rating
    );
    assert_eq!(
        store
            .standing(GameKind::Gyges, UserId(name_id("carol")))
            .unwrap(),
        carol_rating
    );
    let board = store
        .leaderboard(GameKind::Gyges, None, &|_| true, 10)
        .unwrap();
    assert_eq!(board.len(), 2, "{board:?}");
    assert!(board.iter().all(|(u, _)| *u != zofia && !u.is_anonymous()));
    let board = store
        .leaderboard(GameKind::Gyges, Some(GuildId(5)), &|_| true, 10)
        .unwrap();
    assert!(board.iter().all(|(u, _)| *u != zofia && !u.is_anonymous()));
    // Others read "former player" in their language.
    store
        .set_guild_settings(
            GuildId(5),
            leapfrog::store::GuildSettings {
                lang: Some(Lang::Ru),
                ..Default::default()
            },
        )
        .unwrap();
    let history = say(&play, "ben", "/history game:2");
    assert!(history.text.contains("Бывший игрок"), "{}", history.text);
    assert!(!history.text.contains("Former player"), "{}", history.text);
    let rating = say(&play, "carol", "/rating @zofia gyges");
    assert!(!rating.text.contains("Gygès: **"), "{}", rating.text);

    // `ratings rebuild` gives the live numbers, without her.
    let rebuilt = rebuilt_ratings(&store.all_games().unwrap());
    assert_eq!(rebuilt, store.export().unwrap().ratings);
}

#[test]
fn forget_me_needs_no_server_and_is_refused_a_stray_word() {
    assert!(parse_command("/forget-me maybe", console_user).is_err());
    assert_eq!(
        parse_command("/forget-me potwierdź", console_user).unwrap(),
        Command::Privacy(PrivacyCommand::ForgetMe { confirm: true })
    );
    assert_eq!(
        parse_command("/privacy", console_user).unwrap(),
        Command::Privacy(PrivacyCommand::Privacy)
    );
    assert!(leapfrog::discord::commands::works_in_dms("privacy"));
    assert!(leapfrog::discord::commands::works_in_dms("forget-me"));
}

/// The answer's text, in the body or (deferred) in the edit of the original response.
async fn answer(rest: &Rest, url: &str, payload: &Value) -> (bool, Value) {
    let body = send(url, payload).await;
    let private = body["data"]["flags"] == 64;
    if body["type"] == 4 || body["type"] == 7 {
        return (private, body["data"].clone());
    }
    assert_eq!(body["type"], 5, "{body}");
    let (_, call) = edit_of(rest, payload, 0).await;
    (private, call.json())
}

/// Through the fake Discord: `/privacy` and `/forget-me` answer privately, and the
/// confirmation button forgets the one who clicks it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forget_me_through_discord_asks_and_its_button_forgets() {
    let (rest, rest_url) = Rest::start().await;
    let play = play();
    let url = start_endpoint(&config(&rest_url), play.clone()).await;
    let mut p = Payloads::new();
    answer(
        &rest,
        &url,
        &p.command(ALICE, "play", &[("game", json!("gyges"))], Some(BOB)),
    )
    .await;
    answer(&rest, &url, &p.command(BOB, "accept", &[], None)).await;
    send(&url, &p.command(BOB, "resign", &[], None)).await;
    common::blocking(|| {
        assert!(play
            .store()
            .standing(GameKind::Gyges, UserId(ALICE.id))
            .unwrap()
            .is_some());
    });

    let (private, privacy) = answer(&rest, &url, &p.command(ALICE, "privacy", &[], None)).await;
    assert!(private, "{privacy}");
    assert!(
        privacy["content"]
            .as_str()
            .unwrap()
            .contains("(yours: alice)"),
        "{privacy}"
    );

    let (private, ask) = answer(&rest, &url, &p.command(ALICE, "forget-me", &[], None)).await;
    assert!(private, "{ask}");
    assert!(
        ask["content"].as_str().unwrap().contains("Forget you?"),
        "{ask}"
    );
    let buttons = ask["components"].to_string();
    assert!(buttons.contains(FORGET_ME_BUTTON), "{buttons}");
    common::blocking(|| {
        assert!(play
            .store()
            .standing(GameKind::Gyges, UserId(ALICE.id))
            .unwrap()
            .is_some());
    });

    let (private, done) = answer(&rest, &url, &p.component(ALICE, FORGET_ME_BUTTON, &[])).await;
    assert!(private, "{done}");
    assert!(
        done["content"]
            .as_str()
            .unwrap()
            .contains("you are forgotten"),
        "{done}"
    );
    common::blocking(|| {
        let store = play.store();
        assert_eq!(
            store.standing(GameKind::Gyges, UserId(ALICE.id)).unwrap(),
            None
        );
        assert!(store
            .standing(GameKind::Gyges, UserId(BOB.id))
            .unwrap()
            .is_some());
        let text = export_text(store);
        assert!(!text.contains("alice"), "{text}");
        assert!(!text.contains(&format!("\"id\":{}", ALICE.id)), "{text}");
    });
}
