//! The store's promises, the same on every backend: these run on sled, and again on
//! PostgreSQL when `LEAPFROG_TEST_STORE=postgres` (`.ci/run` does both). The last tests move
//! a store from sled to PostgreSQL and back through `leapfrog export` and `leapfrog import`.

mod common;

use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use common::StoreSpot;
use leapfrog::console::Console;
use leapfrog::games::GameKind;
use leapfrog::play::Play;
use leapfrog::store::{
    AnyStore, Dump, GameId, GameRecord, GameResult, GuildId, GuildSettings, Status, Store,
    StoreError, UserId,
};

/// Stores a new Jumpers game between users 1 and 2.
fn jumpers_game(store: &impl Store) -> GameRecord {
    store
        .insert(common::new_record(
            GameKind::Jumpers,
            &[1, 2],
            GuildId(1),
            1,
        ))
        .unwrap()
}

/// A store holding a bit of everything: settings, a challenge, a game in play, rated results
/// on two servers (ratings and server leaderboards), a board link.
fn filled(store: AnyStore) -> AnyStore {
    let out = tempfile::tempdir().unwrap();
    let console = Console::new(Play::new(store), out.path().to_path_buf());
    let script = "@alice /settings notify:dm language:ru\n\
                  @alice /play jumpers opponent:@bob seat:first\n\
                  @bob /accept\n\
                  @alice /move e3-h6\n\
                  @bob /resign\n\
                  @carol /play gyges opponent:@dave\n\
                  @erin /play jumpers opponent:@frank seat:first\n\
                  @frank /accept\n\
                  @gina /tournament create gyges swiss rounds:2\n\
                  @gina /tournament join\n\
                  @hugo /tournament join\n\
                  @ivan /tournament join\n\
                  @gina /tournament start\n\
                  @hugo /tournament create jumpers round-robin\n";
    let mut shown = Vec::new();
    console.run(script.as_bytes(), &mut shown, true).unwrap();
    let store = console.play().store().clone();
    for (i, (kind, seats, guild)) in [
        (GameKind::Jumpers, vec![11, 12], 5),
        (GameKind::Gyges, vec![12, 13], 6),
        (GameKind::Skakanie, vec![11, 12, 13], 5),
    ]
    .into_iter()
    .enumerate()
    {
        let at = 1_000 * (i as u64 + 1);
        let record = store
            .insert(common::new_record(kind, &seats, GuildId(guild), at))
            .unwrap();
        let mut done = record.clone();
        done.status = Status::Finished(GameResult::new(vec![0], "test"));
        done.updated = at + 1;
        store.replace(&done).unwrap();
    }
    store
        .set_guild_settings(
            GuildId(5),
            GuildSettings {
                threads: Some(false),
                lang: Some(leapfrog::i18n::Lang::Pl),
                discord_lang: Some(leapfrog::i18n::Lang::Ru),
                tournaments: Some(leapfrog::store::TournamentHosts::Admins),
            },
        )
        .unwrap();
    store
        .set_board_link(GameId(2), "https://discord.com/channels/5/6/7")
        .unwrap();
    // A game in a group DM, through a player's own install: no server, answers only.
    let mut grouped = common::new_record(GameKind::JumpSturdy, &[11, 14], GuildId(5), 9_000);
    grouped.place = leapfrog::store::Place {
        guild: None,
        channel: leapfrog::store::ChannelId(4_000_001),
        reach: leapfrog::store::Reach::Answers,
    };
    let grouped = store.insert(grouped).unwrap();
    store
        .set_board_link(grouped.id, "https://discord.com/channels/@me/4000001/9")
        .unwrap();
    store.flush().unwrap();
    store
}

/// An export file's bytes.
fn exported(store: &impl Store) -> Vec<u8> {
    let mut bytes = Vec::new();
    store.export().unwrap().write(&mut bytes).unwrap();
    bytes
}

#[test]
fn numbers_are_consecutive_and_never_shared_by_concurrent_inserts() {
    let spot = StoreSpot::new();
    let store = Arc::new(spot.open());
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let store = Arc::clone(&store);
            std::thread::spawn(move || {
                (0..25)
                    .map(|i| {
                        let record =
                            common::new_record(GameKind::Jumpers, &[t, 100 + i], GuildId(1), 1);
                        store.insert(record).unwrap().id.0
                    })
                    .collect::<Vec<u64>>()
            })
        })
        .collect();
    let mut numbers: Vec<u64> = threads
        .into_iter()
        .flat_map(|t| t.join().unwrap())
        .collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=100).collect::<Vec<u64>>());
    // A restart goes on after the last number.
    drop(store);
    let store = spot.open();
    let next = store
        .insert(common::new_record(GameKind::Gyges, &[1, 2], GuildId(1), 1))
        .unwrap();
    assert_eq!(next.id, GameId(101));
}

#[test]
fn a_stale_write_is_refused_and_the_first_one_stays() {
    let store = common::temporary_store();
    let first = jumpers_game(&store);
    assert_eq!((first.id, first.version), (GameId(1), 1));
    let (mut mine, mut theirs) = (store.get(first.id).unwrap(), store.get(first.id).unwrap());
    mine.moves.push("e3-h6".into());
    theirs.moves.push("c3-f6".into());
    assert_eq!(store.replace(&mine).unwrap().version, 2);
    assert!(matches!(
        store.replace(&theirs),
        Err(StoreError::Conflict(GameId(1)))
    ));
    let stored = store.get(first.id).unwrap();
    assert_eq!(
        (stored.moves, stored.version),
        (vec!["e3-h6".to_owned()], 2)
    );
    let mut missing = mine.clone();
    missing.id = GameId(99);
    assert!(matches!(
        store.replace(&missing),
        Err(StoreError::NotFound(GameId(99)))
    ));
    assert!(matches!(
        store.get(GameId(99)),
        Err(StoreError::NotFound(_))
    ));
}

#[test]
fn racing_writers_land_one_write_per_version() {
    let store = Arc::new(common::temporary_store());
    let id = jumpers_game(store.as_ref()).id;
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let store = Arc::clone(&store);
            std::thread::spawn(move || {
                let (mut landed, mut refused) = (0, 0);
                while landed < 10 {
                    let mut record = store.get(id).unwrap();
                    record.moves.push(format!("t{t}"));
                    match store.replace(&record) {
                        Ok(_) => landed += 1,
                        Err(StoreError::Conflict(_)) => refused += 1,
                        Err(other) => panic!("{other}"),
                    }
                }
                refused
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
    let stored = store.get(id).unwrap();
    assert_eq!(
        stored.moves.len(),
        40,
        "every landed write kept, none twice"
    );
    assert_eq!(stored.version, 41);
}

/// A tournament is written under compare-and-swap like a game, and a tournament slot takes
/// one game however many workers make it.
#[test]
fn a_tournament_is_swapped_once_and_each_slot_holds_one_game() {
    let store = filled(common::temporary_store());
    let live = store.live_tournaments().unwrap();
    assert_eq!(live.len(), 2, "the running Swiss and the open round-robin");
    let running = live.iter().find(|t| !t.games.is_empty()).unwrap().clone();
    let (mut mine, theirs) = (running.clone(), running.clone());
    mine.updated += 1;
    assert_eq!(
        store.replace_tournament(&mine).unwrap().version,
        running.version + 1
    );
    assert!(matches!(
        store.replace_tournament(&theirs),
        Err(StoreError::TournamentConflict(_))
    ));
    let made = running.games[0].iter().flatten().next().copied().unwrap();
    let mut again = store.get(made).unwrap();
    again.id = GameId(0);
    let next = store.export().unwrap().next_game;
    assert!(matches!(store.insert(again), Err(StoreError::SlotTaken(g)) if g == made));
    assert_eq!(
        store.export().unwrap().next_game,
        next,
        "the refused insert took no number"
    );
    let scope = running.scope();
    assert_eq!(store.tournaments_in(scope).unwrap().len(), 2);
    // Every tournament, newest first, live or not.
    let all: Vec<u64> = store
        .all_tournaments()
        .unwrap()
        .iter()
        .map(|t| t.id.0)
        .collect();
    assert_eq!(all, [2, 1]);
}

#[test]
fn the_indexes_follow_every_write() {
    let store = common::temporary_store();
    let record = jumpers_game(&store);
    let listed = |user: u64| -> Vec<GameId> {
        store
            .games_of_user(UserId(user))
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect()
    };
    assert_eq!(listed(2), [GameId(1)]);
    let mut moved = record.clone();
    moved.seats[1] = leapfrog::store::Player::User {
        id: UserId(3),
        name: "p3".into(),
    };
    moved.place.channel = leapfrog::store::ChannelId(9);
    store.replace(&moved).unwrap();
    assert!(
        listed(2).is_empty(),
        "the old seat's entry went with the write"
    );
    assert_eq!(listed(3), [GameId(1)]);
    let second = store
        .insert(common::new_record(GameKind::Gyges, &[3, 4], GuildId(1), 1))
        .unwrap();
    assert_eq!(listed(3), [second.id, GameId(1)], "newest first");
    let channel = |c: u64| -> Vec<GameId> {
        store
            .games_in_channel(leapfrog::store::ChannelId(c))
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect()
    };
    assert_eq!(channel(9), [GameId(1)]);
    assert_eq!(channel(1), [second.id]);
}

#[test]
fn export_then_import_gives_the_same_store() {
    let store = filled(common::temporary_store());
    let before = exported(&store);
    let text = String::from_utf8(before.clone()).unwrap();
    assert!(text.starts_with("{\"header\":{\"format\":\"leapfrog-export\",\"version\":2,"));
    for kind in [
        "game",
        "user_settings",
        "guild_settings",
        "board_link",
        "rating",
        "rated_player",
        "tournament",
    ] {
        assert!(
            text.contains(&format!("{{\"{kind}\":")),
            "no {kind} line:\n{text}"
        );
    }
    assert!(
        text.contains("\"reach\":\"answers\""),
        "a group DM's game keeps where the bot may post:\n{text}"
    );
    let dump = Dump::read(&before[..]).unwrap();
    assert_eq!(dump, store.export().unwrap());
    let copy = common::temporary_store();
    copy.import(&dump).unwrap();
    assert_eq!(exported(&copy), before);
    // The copy goes on where the original stopped.
    let next = jumpers_game(&copy);
    assert_eq!(next.id.0, dump.next_game);
    assert!(matches!(copy.import(&dump), Err(StoreError::NotEmpty(_))));
}

#[test]
fn a_damaged_file_is_refused_with_its_line() {
    let store = filled(common::temporary_store());
    let text = String::from_utf8(exported(&store)).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[2] = "{\"game\": 17}";
    let damaged = lines.join("\n");
    let error = Dump::read(damaged.as_bytes()).unwrap_err().to_string();
    assert!(error.starts_with("line 3:"), "{error}");
    let newer = text.replacen("\"version\":2", "\"version\":99", 1);
    let error = Dump::read(newer.as_bytes()).unwrap_err().to_string();
    assert!(
        error.contains("not a Leapfrog export of version 2"),
        "{error}"
    );
}

/// Runs the binary with `args` and the config file `config`; returns what it printed.
fn leapfrog(config: &Path, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
        .arg("--config")
        .arg(config)
        .args(args)
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "leapfrog {args:?}: {text}");
    text
}

#[test]
fn sled_to_postgres_and_back_with_two_commands_gives_the_same_file() {
    let Some(url) = common::postgres_for_this_test("sled_to_postgres_and_back") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    drop(filled(
        leapfrog::store::SledStore::open(&leapfrog::store::StoreConfig::sled(&data))
            .unwrap()
            .into(),
    ));
    let sled_config = dir.path().join("sled.toml");
    std::fs::write(&sled_config, format!("[store]\ndata_dir = {data:?}\n")).unwrap();
    let schema = format!("moved_{}", std::process::id());
    let pg_config = dir.path().join("pg.toml");
    std::fs::write(
        &pg_config,
        format!("[store]\nurl = \"{url}\"\nschema = \"{schema}\"\n"),
    )
    .unwrap();
    let (first, second) = (dir.path().join("sled.jsonl"), dir.path().join("pg.jsonl"));
    let said = leapfrog(&sled_config, &["export", first.to_str().unwrap()]);
    assert!(said.contains("Exported 8 games"), "{said}");
    let said = leapfrog(&pg_config, &["import", first.to_str().unwrap()]);
    assert!(
        said.contains("Imported 8 games into PostgreSQL; the next new game is #9."),
        "{said}"
    );
    leapfrog(&pg_config, &["export", second.to_str().unwrap()]);
    assert_eq!(
        std::fs::read_to_string(&first).unwrap(),
        std::fs::read_to_string(&second).unwrap(),
        "sled → file → PostgreSQL → file changed the file"
    );
    // And back into a new sled folder, which plays on from there.
    let back = dir.path().join("back");
    let said = leapfrog(
        &sled_config,
        &[
            "import",
            first.to_str().unwrap(),
            "--data",
            back.to_str().unwrap(),
        ],
    );
    assert!(said.contains("into sled"), "{said}");
}

#[test]
fn a_damaged_sled_folder_says_how_to_restore() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    drop(filled(
        leapfrog::store::SledStore::open(&leapfrog::store::StoreConfig::sled(&data))
            .unwrap()
            .into(),
    ));
    let config = dir.path().join("config.toml");
    std::fs::write(&config, format!("[store]\ndata_dir = {data:?}\n")).unwrap();
    let export = |into: &str| {
        Command::new(env!("CARGO_BIN_EXE_leapfrog"))
            .arg("--config")
            .arg(&config)
            .args(["export", dir.path().join(into).to_str().unwrap()])
            .output()
            .unwrap()
    };
    assert!(export("whole.jsonl").status.success());
    let whole = std::fs::read(dir.path().join("whole.jsonl")).unwrap();
    // One flipped bit in the log, at sixty places in turn (sled reads only the live part of
    // its log, so a flip in a message it superseded changes nothing at all).
    let log = data.join("db");
    let clean = std::fs::read(&log).unwrap();
    let mut refused = 0;
    for k in 0..60 {
        let mut bytes = clean.clone();
        let at = k * bytes.len() / 60;
        bytes[at] ^= 0x10;
        std::fs::write(&log, bytes).unwrap();
        let output = export("x.jsonl");
        let said = String::from_utf8_lossy(&output.stderr);
        if output.status.success() {
            // Served: then exactly as it was.
            let served = std::fs::read(dir.path().join("x.jsonl")).unwrap();
            assert!(served == whole, "byte {at}: served with other contents");
            continue;
        }
        // Sled reads its log up to the damage and drops the rest without a word; the store
        // notices the writes it lost and refuses, saying how to restore.
        refused += 1;
        assert!(said.contains("is damaged"), "{said}");
        assert!(
            said.contains("leapfrog import BACKUP_FILE --data"),
            "{said}"
        );
    }
    assert!(refused > 0, "no flip was noticed");
}

#[test]
fn a_lost_postgres_connection_is_retried_not_reported() {
    let Some(url) = common::postgres_for_this_test("lost_connection") else {
        return;
    };
    // A database of its own, so that dropping its connections disturbs no other test.
    let name = format!("lost_{}", std::process::id());
    let mut admin = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    for statement in [
        format!("DROP DATABASE IF EXISTS {name}"),
        format!("CREATE DATABASE {name}"),
    ] {
        admin.batch_execute(&statement).unwrap();
    }
    let own = format!("{}/{name}", url.rsplit_once('/').unwrap().0);
    let store = leapfrog::store::PgStore::connect(&own, 2, None).unwrap();
    let first = jumpers_game(&store);
    // The server drops every connection of this store (as a restart or failover would).
    let dropped = admin
        .query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1",
            &[&name],
        )
        .unwrap();
    assert!(!dropped.is_empty(), "the store had a connection to lose");
    let mut next = store.get(first.id).unwrap();
    next.moves.push("e3-h6".into());
    assert_eq!(store.replace(&next).unwrap().version, 2);
    let second = jumpers_game(&store);
    assert_eq!(
        second.id,
        GameId(2),
        "numbers stay consecutive across the loss"
    );
}

#[test]
fn a_sled_folder_this_process_let_go_opens_again_at_once() {
    // sled's own threads hold the folder's lock a moment after the last handle goes (the
    // import then restart of a restore did, on a slow machine): reopening in the same
    // process waits for them rather than calling the folder locked by another process.
    let dir = tempfile::tempdir().unwrap();
    let config = leapfrog::store::StoreConfig::sled(dir.path().join("data"));
    for round in 0..200u64 {
        let store = leapfrog::store::SledStore::open(&config)
            .unwrap_or_else(|e| panic!("round {round}: {e}"));
        let game = jumpers_game(&store);
        store.sync().unwrap();
        assert_eq!(game.id.0, round + 1);
    }
}

/// Two workers' stores on `spot`: on PostgreSQL a second pool of connections stands for a
/// second worker; sled has one process, which hears its own writes.
fn two_workers(spot: &StoreSpot) -> (AnyStore, AnyStore) {
    let here = spot.open();
    let there = if spot.postgres().is_some() {
        spot.open()
    } else {
        here.clone()
    };
    (here, there)
}

/// Waits up to 5 s for `game` to be heard on `watch`.
fn hears(watch: &mut leapfrog::store::Watch, game: GameId) -> bool {
    hears_written(watch, leapfrog::store::Written::Game(game))
}

#[test]
fn every_write_is_heard_and_on_postgres_by_another_worker_too() {
    let spot = StoreSpot::new();
    let (here, there) = two_workers(&spot);
    let mut watch = here.watch();
    let game = jumpers_game(&there);
    assert!(hears(&mut watch, game.id), "the new game was not heard");
    let mut moved = game.clone();
    moved.moves.push("e3-h6".into());
    there.replace(&moved).unwrap();
    assert!(hears(&mut watch, game.id), "the move was not heard");
    // A refused write (a stale version) is not told.
    assert!(matches!(
        there.replace(&moved),
        Err(StoreError::Conflict(_))
    ));
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(matches!(
        watch.try_recv(),
        Err(tokio::sync::broadcast::error::TryRecvError::Empty)
    ));
}

/// Waits up to 5 s for `wanted` to be heard on `watch`.
fn hears_written(watch: &mut leapfrog::store::Watch, wanted: leapfrog::store::Written) -> bool {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while std::time::Instant::now() < until {
        match watch.try_recv() {
            Ok(heard) if heard == wanted => return true,
            Ok(_) => {}
            Err(tokio::sync::broadcast::error::TryRecvError::Empty) => {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            Err(error) => panic!("the watch failed: {error}"),
        }
    }
    false
}

/// A tournament's page follows its rounds: each write of a tournament is told, on
/// PostgreSQL to another worker too.
#[test]
fn every_tournament_write_is_heard_and_on_postgres_by_another_worker_too() {
    let spot = StoreSpot::new();
    let (here, there) = two_workers(&spot);
    let mut watch = here.watch();
    let there = filled(there);
    let running = there
        .live_tournaments()
        .unwrap()
        .into_iter()
        .find(|t| !t.games.is_empty())
        .unwrap();
    let told = leapfrog::store::Written::Tournament(running.id);
    assert!(
        hears_written(&mut watch, told),
        "the tournament was not heard"
    );
    let mut changed = running.clone();
    changed.updated += 1;
    there.replace_tournament(&changed).unwrap();
    assert!(hears_written(&mut watch, told), "its change was not heard");
}

#[test]
fn a_secret_is_made_once_and_kept_across_restarts_and_workers() {
    let spot = StoreSpot::new();
    let first = spot.open().secret("links", b"first").unwrap();
    assert_eq!(first, b"first");
    let other = spot.open();
    assert_eq!(other.secret("links", b"second").unwrap(), b"first");
    assert_eq!(other.secret("another", b"third").unwrap(), b"third");
}

/// Appends `line` to the list kept under `key`, in one step of the store.
fn append(store: &AnyStore, key: &str, line: &str) {
    let written = store
        .update_cached(key, &mut |old| {
            let mut list = old.map(<[u8]>::to_vec).unwrap_or_default();
            list.extend_from_slice(format!("{line}\n").as_bytes());
            Some(list)
        })
        .unwrap();
    assert!(written);
}

#[test]
fn a_kept_list_changed_from_many_threads_and_workers_loses_no_change() {
    let spot = StoreSpot::new();
    let first = Arc::new(spot.open());
    // On PostgreSQL a second connection pool to the same database, as a second worker has;
    // sled is one process's.
    let second = if common::test_postgres_url().is_some() {
        Arc::new(spot.open())
    } else {
        Arc::clone(&first)
    };
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let store = Arc::clone(if t % 2 == 0 { &first } else { &second });
            std::thread::spawn(move || {
                for i in 0..25 {
                    append(&store, "test/list", &format!("{t}-{i}"));
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
    let kept = first.cached("test/list").unwrap().unwrap();
    let mut lines: Vec<String> = String::from_utf8(kept)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    lines.sort();
    let mut expected: Vec<String> = (0..4)
        .flat_map(|t| (0..25).map(move |i| format!("{t}-{i}")))
        .collect();
    expected.sort();
    assert_eq!(lines, expected);
    // A change that leaves the value as it is writes nothing.
    let unchanged = second
        .update_cached("test/list", &mut |old| {
            assert!(old.is_some());
            None
        })
        .unwrap();
    assert!(!unchanged);
    assert!(!first.update_cached("test/none", &mut |_| None).unwrap());
    assert_eq!(first.cached("test/none").unwrap(), None);
}

/// A TCP forwarder on loopback to `target`, which the test cuts as a crash or a network
/// failure would: every connection through it dropped, and new ones refused.
struct Cuttable {
    address: std::net::SocketAddr,
    cut: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Cuttable {
    fn to(target: &str) -> Self {
        use std::sync::atomic::Ordering;
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let cut = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let target = target.to_owned();
        let cutting = std::sync::Arc::clone(&cut);
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                if cutting.load(Ordering::SeqCst) {
                    return; // the listener goes with this thread: connections are refused
                }
                let Ok(server) = std::net::TcpStream::connect(&target) else {
                    continue;
                };
                for (mut from, mut to) in [
                    (client.try_clone().unwrap(), server.try_clone().unwrap()),
                    (server, client),
                ] {
                    let cutting = std::sync::Arc::clone(&cutting);
                    std::thread::spawn(move || {
                        use std::io::{Read, Write};
                        from.set_read_timeout(Some(std::time::Duration::from_millis(50)))
                            .unwrap();
                        let mut buffer = [0u8; 16 * 1024];
                        loop {
                            if cutting.load(Ordering::SeqCst) {
                                let _ = from.shutdown(std::net::Shutdown::Both);
                                let _ = to.shutdown(std::net::Shutdown::Both);
                                return;
                            }
                            match from.read(&mut buffer) {
                                Ok(0) => {
                                    let _ = to.shutdown(std::net::Shutdown::Write);
                                    return;
                                }
                                Ok(n) => {
                                    if to.write_all(&buffer[..n]).is_err() {
                                        return;
                                    }
                                }
                                Err(e)
                                    if matches!(
                                        e.kind(),
                                        std::io::ErrorKind::WouldBlock
                                            | std::io::ErrorKind::TimedOut
                                    ) => {}
                                Err(_) => return,
                            }
                        }
                    });
                }
            }
        });
        Self { address, cut }
    }

    fn cut(&self) {
        self.cut.store(true, std::sync::atomic::Ordering::SeqCst);
        // Wakes the listener so that it sees the cut and closes.
        let _ = std::net::TcpStream::connect(self.address);
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
}

#[test]
fn with_postgres_out_of_reach_a_store_call_answers_at_once_that_it_is_down() {
    let Some(url) = common::postgres_for_this_test("postgres_out_of_reach") else {
        return;
    };
    // postgres://user@host:port/database: the forwarder stands between host:port and us.
    let (head, rest) = url.split_once('@').unwrap();
    let (server, tail) = rest.split_once('/').unwrap();
    let forwarder = Cuttable::to(server);
    let through = format!("{head}@{}/{tail}", forwarder.address);
    let schema = format!("down_{}", std::process::id());
    let store = leapfrog::store::PgStore::connect(&through, 2, Some(&schema)).unwrap();
    let game = jumpers_game(&store);
    forwarder.cut();
    for what in ["a read", "a write", "a new game"] {
        let started = std::time::Instant::now();
        let failed = match what {
            "a read" => store.get(game.id).is_err(),
            "a write" => {
                let mut next = game.clone();
                next.moves.push("e3-h6".into());
                store.replace(&next).is_err()
            }
            _ => store
                .insert(common::new_record(
                    GameKind::Jumpers,
                    &[1, 2],
                    GuildId(1),
                    1,
                ))
                .is_err(),
        };
        let took = started.elapsed();
        assert!(failed, "{what} with the server out of reach must fail");
        assert!(
            took < std::time::Duration::from_millis(2_000),
            "{what} took {took:?}: Discord wants a first answer within 3 s"
        );
    }
}
