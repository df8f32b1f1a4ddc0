//! Correspondence play through the command layer with a fake clock and a store on disk:
//! reminders and timeouts fire once and only once (also across restarts), claiming a win,
//! pausing, notifications by choice, and `/history` records that load back and replays
//! that decode.

mod common;

use common::FakeClock;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use leapfrog::console::{console_user, Console};
use leapfrog::play::{
    import_record, parse_command, timing::DAY_MS, timing::HOUR_MS, Dice, Notice, Play, Reply,
};
use leapfrog::store::AnyStore;
use leapfrog::store::{ChannelId, ClockStage, GameId, GameRecord, Place, Status, Store};

/// Seats in the order players joined: the challenger moves first.
struct InOrder;

impl Dice for InOrder {
    fn roll(&self, _: u64) -> u64 {
        0
    }
}

const START: u64 = 1_800_000_000_000;
const GRACE: u64 = 24 * HOUR_MS;

/// The bot's process: a play layer over a store in a folder, which a restart drops and
/// opens again.
struct World {
    spot: common::StoreSpot,
    time: Arc<AtomicU64>,
    play: Option<Play<AnyStore>>,
}

impl World {
    fn new() -> Self {
        let mut world = Self {
            spot: common::StoreSpot::new(),
            time: Arc::new(AtomicU64::new(START)),
            play: None,
        };
        world.open();
        world
    }

    fn open(&mut self) {
        let store = self.spot.open();
        self.play = Some(Play::with(
            store,
            Box::new(FakeClock(Arc::clone(&self.time))),
            Box::new(InOrder),
        ));
    }

    /// Stops everything (nothing kept in memory survives) and starts again from the folder.
    fn restart(&mut self) {
        let play = self.play.take().unwrap();
        play.store().flush().unwrap();
        drop(play);
        self.open();
    }

    fn play(&self) -> &Play<AnyStore> {
        self.play.as_ref().unwrap()
    }

    fn run(&self, who: &str, line: &str) -> Reply {
        let ctx = leapfrog::play::Context {
            user: console_user(who),
            place: place(),
            manager: false,
            lang: leapfrog::i18n::Lang::En,
            guild_lang: None,
        };
        let command = parse_command(line, console_user).unwrap();
        self.play().handle(&ctx, command)
    }

    fn ok(&self, who: &str, line: &str) -> Reply {
        let reply = self.run(who, line);
        assert!(!reply.is_refused(), "{who} {line}: {}", reply.text);
        reply
    }

    fn at(&self, ms: u64) {
        self.time.store(START + ms, Ordering::SeqCst);
    }

    fn due(&self) -> Vec<Notice> {
        self.play().fire_due()
    }

    fn record(&self, id: GameId) -> GameRecord {
        self.play().store().get(id).unwrap()
    }

    /// Starts a two-player game on time (alice first) and plays alice's first move, so bob's
    /// clock runs from `START`.
    fn jumpers_on_time(&self, days: u8) -> GameId {
        self.ok("alice", &format!("/play jumpers @bob days={days}"));
        let reply = self.ok("bob", "/accept");
        assert!(reply.text.contains("left for alice"), "{}", reply.text);
        let id = self.only_game();
        self.move_first("alice", id);
        id
    }

    fn only_game(&self) -> GameId {
        self.play()
            .store()
            .games_in_channel(place().channel)
            .unwrap()
            .first()
            .unwrap()
            .id
    }

    /// Plays `who`'s first legal move.
    fn move_first(&self, who: &str, id: GameId) -> Reply {
        let ctx = leapfrog::play::Context {
            user: console_user(who),
            place: place(),
            manager: false,
            lang: leapfrog::i18n::Lang::En,
            guild_lang: None,
        };
        let mv = self.play().my_legal_moves(&ctx, Some(id))[0].clone();
        self.ok(who, &format!("/move {mv} game:{id}"))
    }
}

fn place() -> Place {
    Place {
        guild: None,
        channel: ChannelId(1),
        reach: leapfrog::store::Reach::Posts,
    }
}

fn user(name: &str) -> leapfrog::store::UserId {
    console_user(name).id
}

#[test]
fn a_one_day_game_reminds_once_then_ends_by_timeout_once_across_restarts() {
    let mut world = World::new();
    let id = world.jumpers_on_time(1);
    assert!(world.due().is_empty());

    // Six hours are a quarter of a day: the reminder comes 18 h in, once.
    world.at(18 * HOUR_MS - 1);
    assert!(world.due().is_empty());
    world.at(18 * HOUR_MS);
    let reminders = world.due();
    assert_eq!(reminders.len(), 1);
    let reminder = &reminders[0].reply;
    assert!(
        reminder.text.contains("quarter of your time"),
        "{}",
        reminder.text
    );
    assert!(reminder.text.contains("6 h to move"), "{}", reminder.text);
    assert_eq!(reminder.mentions, [user("bob")]);
    assert!(world.due().is_empty(), "a reminder is sent once");
    world.restart();
    world.at(20 * HOUR_MS);
    assert!(world.due().is_empty(), "and not again after a restart");

    // Out of time: alice is told she may claim the win.
    world.at(DAY_MS);
    let expired = world.due();
    assert_eq!(expired.len(), 1);
    assert!(expired[0].reply.text.contains("ran out of time"));
    assert_eq!(expired[0].reply.mentions, [user("alice")]);
    let buttons = format!("{:?}", expired[0].reply.components);
    assert!(buttons.contains(&format!("claim:{id}")), "{buttons}");
    let board = format!("{:?}", world.ok("alice", "/board").components);
    assert!(
        board.contains(&format!("claim:{id}")),
        "the board offers it too: {board}"
    );
    world.restart();
    assert!(world.due().is_empty());

    // Nobody claims: after the grace the game ends by timeout, once.
    world.at(DAY_MS + GRACE - 1);
    assert!(world.due().is_empty());
    world.at(DAY_MS + GRACE);
    let ended = world.due();
    assert_eq!(ended.len(), 1);
    assert!(ended[0].reply.image.is_some(), "the final board is posted");
    let Status::Finished(result) = world.record(id).status else {
        panic!("the game ended")
    };
    assert_eq!(
        result.outcome(),
        (&[0u8][..], "bob (Black) ran out of time")
    );
    // A loss on time is a loss in the ratings too.
    assert_eq!(result.ratings.len(), 2);
    assert!(result.ratings[1].after < result.ratings[1].before);
    assert!(world.due().is_empty());
    world.restart();
    world.at(30 * DAY_MS);
    assert!(world.due().is_empty(), "a finished game has no alarm");
    assert!(world
        .play()
        .store()
        .deadlines_until(u64::MAX)
        .unwrap()
        .is_empty());
}

#[test]
fn a_restart_before_a_pending_deadline_loses_and_repeats_nothing() {
    let mut world = World::new();
    world.jumpers_on_time(2);
    world.restart();
    world.at(DAY_MS);
    assert!(world.due().is_empty());
    world.restart();
    // The bot was down through the reminder time: the reminder still comes, once.
    world.at(40 * HOUR_MS);
    assert_eq!(world.due().len(), 1);
    world.restart();
    assert!(world.due().is_empty());
    // Down through the end of time and the grace: only the end is announced.
    world.at(10 * DAY_MS);
    let notices = world.due();
    assert_eq!(notices.len(), 1);
    assert!(notices[0].reply.text.contains("ran out of time in game"));
    world.restart();
    assert!(world.due().is_empty());
}

#[test]
fn a_move_restarts_the_clock_for_the_next_player() {
    let world = World::new();
    let id = world.jumpers_on_time(1);
    world.at(19 * HOUR_MS);
    assert_eq!(world.due().len(), 1, "bob is reminded");
    let reply = world.move_first("bob", id);
    assert!(reply.text.contains("1 d left for alice"), "{}", reply.text);
    let clock = world.record(id).clock.unwrap();
    assert_eq!(clock.deadline, START + 19 * HOUR_MS + DAY_MS);
    assert_eq!(clock.stage, ClockStage::Running);
    // Bob's old deadline passes quietly; alice's reminder comes on her own clock.
    world.at(DAY_MS + 1);
    assert!(world.due().is_empty());
    world.at(19 * HOUR_MS + 18 * HOUR_MS);
    let reminder = world.due();
    assert_eq!(reminder.len(), 1);
    assert_eq!(reminder[0].reply.mentions, [user("alice")]);
}

#[test]
fn a_win_on_time_is_claimed_only_once_time_is_out() {
    let world = World::new();
    let id = world.jumpers_on_time(1);
    let early = world.run("alice", "/claim");
    assert!(early.is_refused());
    assert!(early.text.contains("still has 1 d"), "{}", early.text);
    world.at(DAY_MS);
    let own = world.run("bob", "/claim");
    assert!(own.text.contains("your own turn"), "{}", own.text);
    assert!(world
        .run("carol", &format!("/claim game:{id}"))
        .is_refused());
    // The claim works as soon as time is out, before the scheduler has even looked.
    let claimed = world.ok("alice", "/claim");
    assert!(
        claimed.text.contains("claimed the win on time"),
        "{}",
        claimed.text
    );
    assert!(matches!(world.record(id).status, Status::Finished(ref r) if r.winners == [0]));
    world.at(3 * DAY_MS);
    assert!(world.due().is_empty());

    // A game without a clock has nothing to claim or pause.
    world.ok("carol", "/play jumpers @dave");
    world.ok("dave", "/accept");
    let untimed = world.only_game();
    assert!(world
        .run("dave", &format!("/claim game:{untimed}"))
        .text
        .contains("not played on time"));
    assert!(world
        .run("dave", &format!("/pause game:{untimed}"))
        .text
        .contains("nothing to pause"));
}

#[test]
fn a_paused_game_keeps_its_time_until_resumed() {
    let world = World::new();
    let id = world.jumpers_on_time(1);
    world.at(10 * HOUR_MS);
    assert!(world.run("alice", "/pause accept").is_refused());
    let asked = world.ok("alice", "/pause");
    assert_eq!(asked.mentions, [user("bob")]);
    let board = format!("{:?}", world.ok("alice", "/board").components);
    assert!(board.contains(&format!("pause:{id}")), "{board}");
    assert!(world.run("alice", "/pause").is_refused(), "asked already");
    let paused = world.ok("bob", "/pause accept");
    assert!(
        paused
            .text
            .contains("Paused by agreement, 14 h left for bob"),
        "{}",
        paused.text
    );
    // Weeks pass: nothing fires.
    world.at(40 * DAY_MS);
    assert!(world.due().is_empty());
    assert!(world.run("alice", "/claim").is_refused());
    let board = format!("{:?}", world.ok("alice", "/board").components);
    assert!(board.contains(&format!("resume:{id}")), "{board}");
    let resumed = world.ok("alice", "/resume");
    assert!(
        resumed.text.contains("14 h left for bob"),
        "{}",
        resumed.text
    );
    assert!(
        world.run("alice", "/resume").is_refused(),
        "not paused any more"
    );
    // The reminder comes when 6 of the 14 hours are left.
    world.at(40 * DAY_MS + 8 * HOUR_MS);
    assert_eq!(world.due().len(), 1);
    assert_eq!(world.record(id).clock.unwrap().paused, None);
}

#[test]
fn a_timeout_in_a_game_of_three_skips_that_player_and_the_others_play_on() {
    let world = World::new();
    world.ok("alice", "/play skakanie @bob @carol days=1");
    world.ok("bob", "/accept");
    let started = world.ok("carol", "/accept");
    assert!(started.text.contains("left for alice"), "{}", started.text);
    let id = world.only_game();
    world.at(DAY_MS + GRACE);
    let notices = world.due();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].reply.text.contains("ran out of time and leaves"),
        "{}",
        notices[0].reply.text
    );
    let record = world.record(id);
    assert_eq!(record.status, Status::Active);
    assert_eq!(record.moves.last().unwrap(), "leave:1");
    let clock = record.clock.unwrap();
    assert_eq!(
        clock.deadline,
        START + DAY_MS + GRACE + DAY_MS,
        "bob's clock starts now"
    );
    assert!(world.due().is_empty());
}

#[test]
fn players_choose_how_their_turn_reaches_them() {
    let world = World::new();
    assert!(world.ok("bob", "/settings").text.contains("mention"));
    let saved = world.ok("bob", "/settings notify:dm");
    assert!(
        saved.private && saved.text.starts_with("Saved"),
        "{}",
        saved.text
    );
    let pigeon = parse_command("/settings notify:pigeon", console_user).unwrap_err();
    assert!(pigeon.to_string().contains("channel"), "{pigeon}");
    let id = world.jumpers_on_time(1);
    // Alice's move told bob by DM, not in the channel.
    let reply = world.move_first("bob", id);
    assert_eq!(reply.mentions, [user("alice")], "alice keeps the default");
    world.ok("alice", "/settings off");
    let reply = world.move_first("alice", id);
    assert!(reply.mentions.is_empty());
    let told: Vec<_> = reply.direct.iter().map(|d| d.user).collect();
    assert_eq!(told, [user("bob")]);
    assert_eq!(
        reply.direct[0].text, reply.text,
        "bob reads the channel's language"
    );
    let reply = world.move_first("bob", id);
    assert!(
        reply.mentions.is_empty() && reply.direct.is_empty(),
        "alice chose off"
    );
    // Reminders follow the same choice.
    world.at(18 * HOUR_MS);
    let reminder = &world.due()[0].reply;
    assert!(reminder.mentions.is_empty() && reminder.direct.is_empty());
}

/// Plays `plies` legal moves (or to the end), each by whoever is to move.
fn play_some(world: &World, id: GameId, plies: usize) {
    for _ in 0..plies {
        let record = world.record(id);
        if record.status != Status::Active {
            return;
        }
        let game = common::rebuild(&record);
        let seat = usize::from(game.to_move().0);
        let who = record.seats[seat].name().to_owned();
        world.move_first(&who, id);
    }
}

#[test]
fn history_gives_a_record_that_loads_back_and_a_replay_of_every_move() {
    let world = World::new();
    let games = [
        "/play jumpers @bob board:far",
        "/play gyges @bob",
        "/play jump-sturdy @bob days=3",
        "/play skakanie @bob @carol",
    ];
    for (k, challenge) in games.iter().enumerate() {
        world.ok("alice", challenge);
        world.ok("bob", "/accept");
        if challenge.contains("carol") {
            world.ok("carol", "/accept");
        }
        let id = world.only_game();
        play_some(&world, id, 9 + k);
        if k == 0 {
            world.ok("bob", &format!("/resign game:{id}"));
        }
        let record = world.record(id);
        // A spectator asks.
        let reply = world.ok("zed", &format!("/history game:{id}"));
        let names: Vec<&str> = reply.files.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(
            names,
            [format!("leapfrog-{id}.txt"), format!("leapfrog-{id}.gif")]
        );
        let text = String::from_utf8(reply.files[0].bytes.clone()).unwrap();
        assert!(
            text.contains(&format!("[Game \"{}\"]", record.kind.name())),
            "{text}"
        );
        assert!(text.contains("\n1. "), "{text}");
        let imported = import_record(&text, console_user, place()).unwrap();
        assert_eq!(imported.game.position_text(), record.position, "{text}");
        assert_eq!(imported.record.moves, record.moves);
        // The same result; an imported game was not played here, so it carries no ratings.
        match (&imported.record.status, &record.status) {
            (Status::Finished(a), Status::Finished(b)) => {
                assert_eq!(a.outcome(), b.outcome());
                assert!(a.ratings.is_empty());
            }
            (a, b) => assert_eq!(a, b),
        }
        assert_eq!(imported.record.days, record.days);

        let gif = &reply.files[1].bytes;
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(gif.as_slice()).unwrap();
        assert_eq!(decoder.width(), 800);
        let mut delays = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            delays.push(frame.delay);
        }
        assert_eq!(
            delays.len(),
            record.moves.len() + 1,
            "the start and every move"
        );
        assert!(
            delays.last() > delays.first(),
            "the final frame stays longer"
        );
    }
}

#[test]
fn a_record_loads_in_the_console_and_a_broken_one_says_why() {
    let world = World::new();
    let id = world.jumpers_on_time(1);
    play_some(&world, id, 6);
    let text = String::from_utf8(world.ok("alice", "/history").files[0].bytes.clone()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let console = Console::new(
        Play::new(common::temporary_store()),
        dir.path().to_path_buf(),
    );
    let loaded = console.load(&text).expect("the record loads");
    assert!(
        loaded.contains("Loaded a record of 7 moves as game #"),
        "{loaded}"
    );
    assert!(loaded.contains("image:"), "{loaded}");
    // It goes on where it stopped.
    let board = console.run_line("@alice /board");
    assert!(
        board.contains(&format!("Position: `{}`", world.record(id).position)),
        "{board}"
    );

    let broken = text.replacen("\n3. ", "\n3. zz9-zz8 ; ", 1);
    let refused = console.load(&broken).unwrap_err();
    assert!(refused.contains("move 3"), "{refused}");
    assert!(console
        .load("[Game \"chess\"]")
        .unwrap_err()
        .contains("[Game] is wrong"));
    assert!(console.load("hello").unwrap_err().contains("line 1"));
}

#[test]
fn leaving_out_of_turn_keeps_the_movers_clock_and_a_claim_stays_open() {
    let world = World::new();
    world.ok("alice", "/play skakanie @bob @carol @dave days=1");
    for name in ["bob", "carol", "dave"] {
        world.ok(name, "/accept");
    }
    let id = world.only_game();
    world.at(DAY_MS);
    assert_eq!(world.due().len(), 1, "alice is out of time");
    let before = world.record(id).clock.unwrap();
    assert_eq!(before.stage, ClockStage::Expired);
    world.ok("carol", "/resign");
    assert_eq!(
        world.record(id).clock.unwrap(),
        before,
        "carol's leaving changes nothing"
    );
    let claimed = world.ok("bob", "/claim");
    assert!(
        claimed
            .text
            .contains("alice (Red) ran out of time and leaves"),
        "{}",
        claimed.text
    );
    assert_eq!(
        world.record(id).status,
        Status::Active,
        "bob and dave play on"
    );
}

#[test]
fn takebacks_keep_a_pause_and_questions_come_one_at_a_time() {
    let world = World::new();
    let id = world.jumpers_on_time(1);
    world.at(HOUR_MS);
    world.ok("alice", "/pause");
    let draw = world.run("bob", "/draw");
    assert!(
        draw.text.contains("First answer the open pause proposal"),
        "{}",
        draw.text
    );
    world.ok("bob", "/pause accept");
    world.ok("alice", "/takeback");
    world.ok("bob", "/takeback accept");
    let clock = world.record(id).clock.unwrap();
    assert_eq!(
        clock.paused,
        Some(DAY_MS),
        "alice's move back, a full day, still paused"
    );
    world.at(9 * DAY_MS);
    assert!(world.due().is_empty());
}

#[test]
fn looking_at_a_board_pings_nobody_and_settings_check_before_saving() {
    let world = World::new();
    world.jumpers_on_time(1);
    let board = world.ok("zed", "/board");
    assert!(board.mentions.is_empty() && board.direct.is_empty());
    // Threads are a server setting: refused here, and the notify choice with it is not saved.
    let refused = world.run("bob", "/settings notify:off threads:off");
    assert!(refused.text.contains("not a server"), "{}", refused.text);
    assert!(world.ok("bob", "/settings").text.contains("mention"));
    let server = leapfrog::play::Context {
        user: console_user("bob"),
        place: Place {
            guild: Some(leapfrog::store::GuildId(9)),
            channel: ChannelId(1),
            reach: leapfrog::store::Reach::Posts,
        },
        manager: false,
        lang: leapfrog::i18n::Lang::En,
        guild_lang: None,
    };
    let command = parse_command("/settings notify:off threads:off", console_user).unwrap();
    let refused = world.play().handle(&server, command);
    assert!(refused.text.contains("Manage Server"), "{}", refused.text);
    assert!(world.ok("bob", "/settings").text.contains("mention"));
}

#[test]
fn odd_names_and_leavings_survive_the_record() {
    let world = World::new();
    world.ok("alice", "/play skakanie @bo;b\"\\x @carol");
    world.ok("bo;b\"\\x", "/accept");
    world.ok("carol", "/accept");
    let id = world.only_game();
    play_some(&world, id, 7);
    world.ok("carol", &format!("/resign game:{id}"));
    play_some(&world, id, 5);
    let record = world.record(id);
    assert!(record.moves.iter().any(|m| m.starts_with("leave:")));
    let text = String::from_utf8(
        world.ok("zed", &format!("/history game:{id}")).files[0]
            .bytes
            .clone(),
    )
    .unwrap();
    let imported = import_record(&text, console_user, place()).unwrap();
    let names: Vec<&str> = imported.record.seats.iter().map(|p| p.name()).collect();
    let stored: Vec<&str> = record.seats.iter().map(|p| p.name()).collect();
    assert_eq!(names, stored, "{text}");
    assert_eq!(imported.game.position_text(), record.position);
    assert_eq!(imported.record.status, record.status);
    let bad_days = text.replacen("[Leapfrog", "[Days \"4\"]\n[Leapfrog", 1);
    let refused = import_record(&bad_days, console_user, place()).unwrap_err();
    assert!(refused.to_string().contains("days=4"), "{refused}");
}
