//! Restoring a backup and surviving damage: an imported store plays on and restarts on both
//! backends; an import brings nothing the commands would refuse; a sled folder that lost
//! writes or whose settings file was damaged is refused with the way to restore, never
//! served with fewer moves or an older result. The import tests run on sled and again on
//! PostgreSQL (`.ci/store-suites`); the damage tests are sled's own.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::StoreSpot;
use leapfrog::console::Console;
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::play::Play;
use leapfrog::store::{AnyStore, Dump, GuildId, SledStore, Status, Store, StoreConfig, StoreError};

/// Runs console lines against `store`; returns what the console printed.
fn say(store: &AnyStore, lines: &str) -> String {
    let out = tempfile::tempdir().unwrap();
    let console = Console::new(Play::new(store.clone()), out.path().to_path_buf());
    let mut shown = Vec::new();
    console.run(lines.as_bytes(), &mut shown, true).unwrap();
    String::from_utf8(shown).unwrap()
}

/// Plays a rated Jumpers game of `moves` moves between alice and bob (always the first
/// legal move), then bob resigns: a finished, rated game with a history.
fn play_a_game(store: &AnyStore, moves: usize) {
    say(
        store,
        "@alice /play jumpers opponent:@bob seat:first\n@bob /accept\n",
    );
    let id = store.all_games().unwrap().last().unwrap().id;
    for ply in 0..moves {
        let record = store.get(id).unwrap();
        let game: AnyGame = record.replay(record.moves.len()).unwrap();
        let mv = game.legal_moves()[0].clone();
        let who = if ply % 2 == 0 { "alice" } else { "bob" };
        let said = say(store, &format!("@{who} /move {mv}\n"));
        assert_eq!(store.get(id).unwrap().moves.len(), ply + 1, "{said}");
    }
    say(store, "@bob /resign\n");
    assert!(matches!(store.get(id).unwrap().status, Status::Finished(_)));
}

/// An export file's text.
fn export_text(store: &impl Store) -> String {
    let mut bytes = Vec::new();
    store.export().unwrap().write(&mut bytes).unwrap();
    String::from_utf8(bytes).unwrap()
}

#[test]
fn a_restored_store_plays_on_restarts_and_exports_what_it_holds() {
    // A backup whose header says the next game is #40, though its highest game is #2 (games
    // after #2 were challenges since removed, say): the restored store goes on from #40.
    let source = common::temporary_store();
    play_a_game(&source, 4);
    say(&source, "@carol /play gyges opponent:@dave\n");
    let mut dump = source.export().unwrap();
    assert_eq!(dump.games.len(), 2);
    dump.next_game = 40;
    let spot = StoreSpot::new();
    spot.open().import(&dump).unwrap();
    // Restart, play, restart: the store opens each time and numbers go on from the header.
    let store = spot.open();
    let said = say(&store, "@erin /play jumpers opponent:@frank\n");
    assert!(said.contains("#40"), "{said}");
    drop(store);
    let store = spot.open();
    let said = say(&store, "@frank /accept\n@gina /play gyges opponent:@hal\n");
    assert!(said.contains("#41"), "{said}");
    drop(store);
    let store = spot.open();
    let exported = store.export().unwrap();
    let ids: Vec<u64> = exported.games.iter().map(|g| g.id.0).collect();
    assert_eq!(ids, [1, 2, 40, 41]);
    assert_eq!(exported.next_game, 42);
    assert!(matches!(exported.games[2].status, Status::Active));
}

/// Where an import is refused: the error's text, after checking that nothing was imported.
fn refused(text: &str) -> String {
    let error = Dump::read(text.as_bytes()).unwrap_err().to_string();
    let store = common::temporary_store();
    assert!(store.all_games().unwrap().is_empty());
    error
}

/// The export of a store with one finished game, and the line number of its game.
fn one_game_file() -> String {
    let store = common::temporary_store();
    play_a_game(&store, 2);
    export_text(&store)
}

#[test]
fn an_import_refuses_game_numbers_out_of_range_with_the_line() {
    let text = one_game_file();
    for bad in ["18446744073709551615", "0", "281474976710657"] {
        let hostile = text.replacen("\"id\":1,", &format!("\"id\":{bad},"), 1);
        let error = refused(&hostile);
        assert!(error.starts_with("line 2:"), "{error}");
        assert!(error.contains("out of range"), "{error}");
    }
    let header = text.replacen("\"next_game\":2", "\"next_game\":18446744073709551615", 1);
    assert!(refused(&header).contains("out of range"));
}

/// The header's counters are those a store can reach: `rated_games` past the games
/// numbered (from `u64::MAX`, the next rated game would wrap to place 0, "not rated", and
/// `ratings rebuild` leave it out) and `next_game` past the number after the last are
/// refused on the header's line with the range.
#[test]
fn an_import_refuses_counters_out_of_range_with_the_range() {
    let text = one_game_file();
    assert!(text.contains("\"next_game\":2,\"rated_games\":1"), "{text}");
    let rated = text.replacen(
        "\"rated_games\":1",
        "\"rated_games\":18446744073709551615",
        1,
    );
    let error = refused(&rated);
    assert!(
        error.starts_with("line 1: rated_games 18446744073709551615 is out of range (0 to 1"),
        "{error}"
    );
    let rated = text.replacen("\"rated_games\":1", "\"rated_games\":2", 1);
    assert!(refused(&rated).contains("out of range (0 to 1"));
    let next = text.replacen("\"next_game\":2", "\"next_game\":281474976710658", 1);
    let error = refused(&next);
    assert!(
        error.starts_with(
            "line 1: the next game number 281474976710658 is out of range (0 to 281474976710657)"
        ),
        "{error}"
    );
}

/// A store hands out no game number that its own import would refuse: restored with the
/// last numbers (`next_game` 2^48 and 2^48 + 1), it makes game #2^48 and then refuses
/// new games, and its export imports again.
#[test]
fn a_store_at_the_last_game_number_refuses_new_games_and_its_export_imports() {
    let text = one_game_file();
    let last = leapfrog::store::MAX_GAME_ID;
    for (next, made) in [(last, Some(last)), (last + 1, None)] {
        let dump = Dump::read(
            text.replacen("\"next_game\":2", &format!("\"next_game\":{next}"), 1)
                .as_bytes(),
        )
        .unwrap();
        let spot = StoreSpot::new();
        let store = spot.open();
        store.import(&dump).unwrap();
        let said = say(
            &store,
            "@erin /play jumpers opponent:@frank\n@gina /play gyges opponent:@hal\n",
        );
        let ids: Vec<u64> = store.all_games().unwrap().iter().map(|g| g.id.0).collect();
        assert_eq!(
            ids,
            [Some(1), made].into_iter().flatten().collect::<Vec<_>>(),
            "{said}"
        );
        let again = Dump::read(export_text(&store).as_bytes());
        assert!(again.is_ok(), "next_game {next}: {again:?}");
    }
}

#[test]
fn an_import_refuses_a_game_brought_twice() {
    let text = one_game_file();
    let game = text.lines().nth(1).unwrap();
    let twice = text.replacen(game, &format!("{game}\n{game}"), 1);
    let error = refused(&twice);
    assert!(
        error.starts_with("line 3: game #1 appears a second time (first on line 2)"),
        "{error}"
    );
    let settings = "{\"user_settings\":{\"user\":5,\"settings\":{\"notify\":\"dm\"}}}";
    let error = refused(&format!("{text}{settings}\n{settings}\n"));
    assert!(
        error.contains("the settings of user 5 appears a second time"),
        "{error}"
    );
}

#[test]
fn an_import_refuses_moves_that_do_not_replay_and_positions_they_do_not_reach() {
    let text = one_game_file();
    let store_text = text.lines().nth(1).unwrap().to_owned();
    let record: serde_json::Value = serde_json::from_str(&store_text).unwrap();
    let first = record["game"]["record"]["moves"][0]
        .as_str()
        .unwrap()
        .to_owned();
    // A move that is not legal there.
    let illegal = text.replacen(
        &format!("\"moves\":[\"{first}\""),
        "\"moves\":[\"a1-a2\"",
        1,
    );
    let error = refused(&illegal);
    assert!(
        error.starts_with("line 2: game #1: move 1 (a1-a2)"),
        "{error}"
    );
    // Moves that replay, but to another position than the stored one.
    let position = record["game"]["record"]["position"].as_str().unwrap();
    let moved = text.replacen(
        &format!("\"position\":{}", serde_json::to_string(position).unwrap()),
        "\"position\":\"x\"",
        1,
    );
    let error = refused(&moved);
    assert!(
        error.contains("do not lead to its stored position"),
        "{error}"
    );
}

#[test]
fn an_import_refuses_names_and_texts_past_the_bots_own_limits() {
    let text = one_game_file();
    let long = "A".repeat(50_000);
    let hostile = text.replacen("\"name\":\"alice\"", &format!("\"name\":\"{long}\""), 1);
    let error = refused(&hostile);
    assert!(error.starts_with("line 2:"), "{error}");
    assert!(
        error.contains("name is longer than 32 characters"),
        "{error}"
    );
    let link = format!(
        "{{\"board_link\":{{\"game\":1,\"link\":\"{}\"}}}}",
        "x".repeat(5_000)
    );
    assert!(refused(&format!("{text}{link}\n")).contains("board link"));
    let stray = "{\"board_link\":{\"game\":9,\"link\":\"https://discord.com/channels/1/2/3\"}}";
    let error = refused(&format!("{text}{stray}\n"));
    assert!(
        error.contains("game #9, which the file does not hold"),
        "{error}"
    );
}

#[test]
fn a_refused_import_through_the_binary_imports_nothing() {
    let spot = StoreSpot::new();
    let dir = tempfile::tempdir().unwrap();
    let text = one_game_file();
    let game = text.lines().nth(1).unwrap();
    let file = dir.path().join("backup.jsonl");
    std::fs::write(&file, text.replacen(game, &format!("{game}\n{game}"), 1)).unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(&config, spot.config_section()).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
        .arg("--config")
        .arg(&config)
        .args(["import", file.to_str().unwrap()])
        .args(data_arg(&spot))
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{said}");
    assert!(
        said.contains("line 3: game #1 appears a second time"),
        "{said}"
    );
    assert!(spot.open().all_games().unwrap().is_empty());
}

/// `--data DIR` for a sled spot (PostgreSQL's is in the config).
fn data_arg(spot: &StoreSpot) -> Vec<String> {
    match spot.postgres() {
        Some(_) => Vec::new(),
        None => vec!["--data".into(), spot.dir().to_str().unwrap().into()],
    }
}

/// A sled folder holding a finished, rated game of 16 moves, flushed and closed; and its
/// export.
fn sled_folder_with_a_game() -> (tempfile::TempDir, PathBuf, String) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let store: AnyStore = SledStore::open(&StoreConfig::sled(&data)).unwrap().into();
    play_a_game(&store, 16);
    store.flush().unwrap();
    let text = export_text(&store);
    drop(store);
    (dir, data, text)
}

/// Copies a sled folder (flat: sled keeps its files in one folder and `blobs/`).
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// How a damaged copy of a sled folder was met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Met {
    /// Opened, and served exactly what was acknowledged.
    Whole,
    /// Refused at open, with the way to restore.
    RefusedAtOpen,
    /// Opened, and refused on a later read, with the way to restore.
    RefusedOnRead,
}

/// Whether `error` is the refusal of the damaged folder `data` with the way to restore.
fn says_how_to_restore(error: &StoreError, data: &Path) -> bool {
    let text = error.to_string();
    matches!(error, StoreError::Damaged { .. })
        && text.contains("is damaged")
        && text.contains(&format!(
            "leapfrog import BACKUP_FILE --data {}",
            data.display()
        ))
}

/// Opens a damaged copy as the bot does (through [`AnyStore`]) and exports it: it must be
/// refused as damaged, with the way to restore, at open or at the read that meets the
/// damage, or serve exactly what was acknowledged; never panic.
fn met(data: &Path, acknowledged: &str, trial: &str) -> Met {
    let opened = std::panic::catch_unwind(|| SledStore::open(&StoreConfig::sled(data)))
        .unwrap_or_else(|_| panic!("{trial}: opening the folder panicked"));
    let store: AnyStore = match opened {
        Ok(store) => store.into(),
        Err(error) => {
            assert!(
                says_how_to_restore(&error, data),
                "{trial}: refused without the way to restore: {error}"
            );
            return Met::RefusedAtOpen;
        }
    };
    let exported = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| store.export()))
        .unwrap_or_else(|_| panic!("{trial}: reading the folder panicked"));
    match exported {
        Ok(dump) => {
            let mut bytes = Vec::new();
            dump.write(&mut bytes).unwrap();
            assert!(
                String::from_utf8(bytes).unwrap() == acknowledged,
                "{trial}: the damaged folder was served with other contents"
            );
            Met::Whole
        }
        Err(error) => {
            assert!(
                says_how_to_restore(&error, data),
                "{trial}: a read refused without the way to restore: {error}"
            );
            Met::RefusedOnRead
        }
    }
}

/// Opens a damaged copy: it must either be refused as damaged, with the way to restore, or
/// serve exactly what was acknowledged. Returns whether it was refused.
fn refused_or_whole(data: &Path, acknowledged: &str, trial: &str) -> bool {
    met(data, acknowledged, trial) != Met::Whole
}

/// Copies the sled folder `data` `trials` times into `dir`, each copy without its
/// snapshots and with its log cut shorter (by 1/40 of its length more each time), and
/// opens each: refused with the restore advice, or served exactly as `acknowledged`.
/// Returns how many were refused.
fn refusals_with_the_tail_cut(dir: &Path, data: &Path, acknowledged: &str, trials: u64) -> usize {
    let length = std::fs::metadata(data.join("db")).unwrap().len();
    let mut refusals = 0;
    for trial in 1..=trials {
        let copy = dir.join(format!("cut{trial}"));
        copy_folder(data, &copy);
        for entry in std::fs::read_dir(&copy).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.starts_with("snap.") {
                std::fs::remove_file(path).unwrap();
            }
        }
        let cut = length - length * trial / 40;
        let log = std::fs::OpenOptions::new()
            .write(true)
            .open(copy.join("db"))
            .unwrap();
        log.set_len(cut).unwrap();
        drop(log);
        if refused_or_whole(
            &copy,
            acknowledged,
            &format!("log cut to {cut} of {length}"),
        ) {
            refusals += 1;
        }
    }
    refusals
}

#[test]
fn a_log_that_lost_its_tail_is_refused_never_served_with_fewer_moves() {
    let (dir, data, acknowledged) = sled_folder_with_a_game();
    let refusals = refusals_with_the_tail_cut(dir.path(), &data, &acknowledged, 12);
    // Cutting off the end of the log loses the latest writes every time.
    assert_eq!(refusals, 12);
}

#[test]
fn every_flipped_bit_of_the_settings_file_is_refused_with_the_restore_advice() {
    let (dir, data, acknowledged) = sled_folder_with_a_game();
    let conf = std::fs::read(data.join("conf")).unwrap();
    let copy = dir.path().join("copy");
    for bit in 0..conf.len() * 8 {
        let _ = std::fs::remove_dir_all(&copy);
        copy_folder(&data, &copy);
        let mut flipped = conf.clone();
        flipped[bit / 8] ^= 1 << (bit % 8);
        std::fs::write(copy.join("conf"), &flipped).unwrap();
        refused_or_whole(&copy, &acknowledged, &format!("bit {bit} of conf"));
    }
}

/// A player forgotten (`/forget-me`) and then a log that lost its tail: the store is refused
/// or served as it was after the forgetting, never with the player's name back.
#[test]
fn a_log_that_lost_a_forgetting_is_refused_never_served_with_the_name_back() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let store: AnyStore = SledStore::open(&StoreConfig::sled(&data)).unwrap().into();
    play_a_game(&store, 16);
    let alice = leapfrog::console::console_user("alice").id;
    let forgotten = store
        .forget_user(alice, leapfrog::store::UserId::anonymous(7), 1)
        .unwrap();
    assert_eq!(forgotten.games, 1);
    store.flush().unwrap();
    let acknowledged = export_text(&store);
    assert!(!acknowledged.contains("\"alice\""), "{acknowledged}");
    drop(store);
    let refusals = refusals_with_the_tail_cut(dir.path(), &data, &acknowledged, 8);
    assert_eq!(
        refusals, 8,
        "the forgetting was the latest write: every cut loses it"
    );
}

/// A sled folder whose log sled has gone round: a rated game, then 300 games written
/// move by move (sled reuses a part of its log once everything in it was written again,
/// so the log's order on disk is no longer its order in time), a restart (at which sled
/// writes its snapshot) and, if `play_on`, a game after it. Flushed and closed; and its
/// export.
fn sled_folder_gone_round(play_on: bool) -> (tempfile::TempDir, PathBuf, String) {
    let (dir, data, _) = sled_folder_with_a_game();
    let store: AnyStore = SledStore::open(&StoreConfig::sled(&data)).unwrap().into();
    for game in 0..300 {
        let seats = [10 + game, 11 + game];
        let record = common::new_record(GameKind::Jumpers, &seats, GuildId(5), 1);
        let mut record = store.insert(record).unwrap();
        for _ in 0..24 {
            let mut position: AnyGame = record.replay(record.moves.len()).unwrap();
            let Some(mv) = position.legal_moves().first().cloned() else {
                break;
            };
            position.play(&mv).unwrap();
            record.moves.push(mv);
            record.position = position.position_text();
            record = store.replace(&record).unwrap();
        }
    }
    store.flush().unwrap();
    drop(store);
    let store: AnyStore = SledStore::open(&StoreConfig::sled(&data)).unwrap().into();
    if play_on {
        play_a_game(&store, 4);
        store.flush().unwrap();
    }
    let acknowledged = export_text(&store);
    drop(store);
    assert!(
        std::fs::read_dir(&data).unwrap().any(|entry| entry
            .unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with("snap.")),
        "sled wrote no snapshot"
    );
    (dir, data, acknowledged)
}

/// Where the log of `data` is cut: 40 places spread over the part sled has written (the
/// rest of its last segment is zeros), and its whole length.
fn cuts(data: &Path) -> Vec<u64> {
    let log = std::fs::read(data.join("db")).unwrap();
    let written = log.iter().rposition(|&byte| byte != 0).unwrap() as u64 + 1;
    (0..40)
        .map(|k| written * k / 40)
        .chain([written, log.len() as u64])
        .collect()
}

/// A copy of `data`, snapshots kept, with its log cut to `cut` bytes.
fn cut_copy(data: &Path, copy: &Path, cut: u64) {
    copy_folder(data, copy);
    let log = std::fs::OpenOptions::new()
        .write(true)
        .open(copy.join("db"))
        .unwrap();
    log.set_len(cut).unwrap();
}

/// A log cut short under the snapshot sled keeps beside it: sled may refuse the folder,
/// panic, open it and fail reading a tree at once, or open it and fail on a later read of
/// a page the snapshot points past the cut. Each is the same refusal with the way to
/// restore; a cut past everything written serves the store whole.
#[test]
fn a_log_cut_under_its_snapshot_is_refused_with_the_restore_advice_wherever_it_fails() {
    for play_on in [false, true] {
        let (dir, data, acknowledged) = sled_folder_gone_round(play_on);
        let mut seen = std::collections::BTreeMap::new();
        for (k, cut) in cuts(&data).into_iter().enumerate() {
            let copy = dir.path().join(format!("cut{k}"));
            cut_copy(&data, &copy, cut);
            let trial = format!("play on {play_on}, log cut to {cut}");
            *seen.entry(met(&copy, &acknowledged, &trial)).or_insert(0) += 1;
        }
        println!("play on {play_on}: {seen:?}");
        // Cut past everything written, the log loses nothing.
        assert!(seen.get(&Met::Whole).is_some_and(|&n| n >= 1), "{seen:?}");
        assert!(
            seen.get(&Met::RefusedAtOpen).is_some_and(|&n| n >= 20),
            "{seen:?}"
        );
    }
}

/// The same cuts through the binary: `leapfrog export` refuses each damaged folder with
/// the way to restore and a failing exit status (never a crash), or exports it whole.
#[test]
fn the_binary_refuses_a_log_cut_under_its_snapshot_with_the_restore_advice() {
    let (dir, data, acknowledged) = sled_folder_gone_round(false);
    let mut refused = 0;
    for (k, cut) in cuts(&data).into_iter().enumerate() {
        let copy = dir.path().join(format!("cut{k}"));
        cut_copy(&data, &copy, cut);
        let file = dir.path().join(format!("export{k}.jsonl"));
        let output = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
            .current_dir(dir.path())
            .args(["export", file.to_str().unwrap(), "--data"])
            .arg(&copy)
            .env_remove("DATABASE_URL")
            .env_remove("RUST_LOG")
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&output.stderr);
        if output.status.success() {
            let exported = std::fs::read_to_string(&file).unwrap();
            assert!(
                exported == acknowledged,
                "cut {cut}: exported other contents"
            );
            continue;
        }
        refused += 1;
        assert_eq!(output.status.code(), Some(1), "cut {cut}: {said}");
        let advice = format!("leapfrog import BACKUP_FILE --data {}", copy.display());
        assert!(said.contains("is damaged"), "cut {cut}: {said}");
        assert_eq!(
            said.matches(&advice).count(),
            1,
            "cut {cut}: said once: {said}"
        );
        assert!(!said.contains("Read corrupted data"), "cut {cut}: {said}");
    }
    assert!(refused >= 20, "{refused} refused");
}

/// A log cut short under a store that is open (the disk lost its end while the bot ran):
/// the pages sled had not read yet are read from the log on demand, and the reads that meet
/// the cut are refused with the way to restore, as at open; never a panic, never sled's
/// words alone.
#[test]
fn a_read_that_meets_a_cut_log_is_refused_with_the_restore_advice() {
    let (_dir, data, _) = sled_folder_gone_round(false);
    let store: AnyStore = SledStore::open(&StoreConfig::sled(&data)).unwrap().into();
    std::fs::OpenOptions::new()
        .write(true)
        .open(data.join("db"))
        .unwrap()
        .set_len(0)
        .unwrap();
    let exported = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| store.export()))
        .expect("reading the cut log panicked");
    let Err(error) = exported else {
        panic!("the whole store was read from a log cut to nothing");
    };
    assert!(says_how_to_restore(&error, &data), "{error}");
}
