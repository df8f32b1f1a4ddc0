//! What a server admin and a console user trip over when they run the binary: a data folder
//! already in use, a bad line, a record that does not load, a perft depth that never ends, a
//! name of any length.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

fn leapfrog() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_leapfrog"));
    command.env_remove("DISCORD_TOKEN").env_remove("RUST_LOG");
    command
}

fn run(args: &[&str], input: &[u8]) -> Output {
    let mut child = leapfrog()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command that refuses to start (a folder in use) may exit before reading its input.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_data_folder_in_use_is_named_once_with_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let data = data.to_str().unwrap();
    let mut first = leapfrog()
        .args(["local", "--data", data])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Once it answers a line, it holds the folder.
    let mut input = first.stdin.take().unwrap();
    writeln!(input, "@a /help").unwrap();
    // Keep its output open: a closed pipe would end it (and free the folder) early.
    let mut output = BufReader::new(first.stdout.take().unwrap());
    let mut line = String::new();
    output.read_line(&mut line).unwrap();
    assert!(!line.is_empty(), "the first console answers");

    let second = run(&["local", "--data", data], b"@a /help\n");
    first.kill().unwrap();
    drop((input, output));
    first.wait().unwrap();
    assert!(!second.status.success());
    let message = text(&second.stderr);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains("another Leapfrog process is using the data folder"),
        "{message}"
    );
    assert!(message.contains("--data"), "{message}");
    assert_eq!(message.matches(data).count(), 1, "{message}");
}

#[test]
fn a_line_that_is_not_utf8_is_reported_and_the_console_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let out = run(
        &["local", "--data", data.to_str().unwrap()],
        b"@a /help\n@a /play \xff\xfe jumpers\n@a /play jumpers opponent:@b\n",
    );
    let shown = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        shown.contains("! line 2 is not valid UTF-8 text; it was skipped"),
        "{shown}"
    );
    assert!(shown.contains("challenges"), "{shown}");
}

#[test]
fn a_record_that_does_not_load_fails_the_command() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("broken.txt");
    std::fs::write(&record, "[Game \"jumpers\"]\n1. e3-h6\n").unwrap();
    let out = run(
        &[
            "local",
            "--data",
            dir.path().join("data").to_str().unwrap(),
            "--load",
            record.to_str().unwrap(),
        ],
        b"",
    );
    assert!(!out.status.success());
    let message = text(&out.stderr);
    assert!(message.contains("was not loaded"), "{message}");
    assert!(message.contains("Player1"), "{message}");
    assert!(!text(&out.stdout).contains("Loaded"));
}

#[test]
fn perft_depth_is_bounded_with_a_clear_error() {
    for game in ["jumpers", "gyges", "jump-sturdy", "skakanie"] {
        for depth in ["0", "65", "20000", "4294967295"] {
            let out = run(&["perft", game, "--depth", depth, "--divide"], b"");
            assert!(!out.status.success(), "{game} {depth}");
            assert_eq!(
                text(&out.stderr),
                "leapfrog: --depth must be from 1 to 64 (deeper counts would never finish)\n",
                "{game} {depth}"
            );
        }
    }
}

#[test]
fn names_are_cut_where_they_enter() {
    let dir = tempfile::tempdir().unwrap();
    let long = "x".repeat(50_000);
    let script = format!("@{long} /play jumpers opponent:@bob\n@bob /accept\n@bob /board\n");
    let out = run(
        &[
            "local",
            "--data",
            dir.path().join("data").to_str().unwrap(),
            "--out",
            dir.path().join("out").to_str().unwrap(),
        ],
        script.as_bytes(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    // What the bot answered, without the console's echo of the typed lines.
    let shown: String = text(&out.stdout)
        .lines()
        .filter(|line| !line.starts_with("> "))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        !shown.contains(&"x".repeat(33)),
        "a name longer than 32 characters was kept"
    );
    assert!(shown.contains(&format!("{}…", "x".repeat(31))), "{shown}");
}

/// `leapfrog ratings rebuild` on a folder where a rated game was played: the same ratings
/// come back, and the console shows them.
#[test]
fn ratings_rebuild_recomputes_what_the_games_gave() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let data = data.to_str().unwrap();
    let script = b"@alice /play gyges @bob\n@bob /accept\n@bob /resign\n@alice /rating\n";
    let played = run(&["local", "--data", data], script);
    assert!(played.status.success(), "{}", text(&played.stderr));
    let before = text(&played.stdout);
    assert!(before.contains("Gyg\u{e8}s: **1662?**"), "{before}");
    let rebuilt = run(&["ratings", "rebuild", "--data", data], b"");
    assert!(rebuilt.status.success(), "{}", text(&rebuilt.stderr));
    assert!(
        text(&rebuilt.stdout).contains("Rebuilt 2 ratings from 1 rated game."),
        "{}",
        text(&rebuilt.stdout)
    );
    let after = run(
        &["local", "--data", data],
        b"@alice /rating\n@bob /rating gyges\n",
    );
    let shown = text(&after.stdout);
    assert!(shown.contains("Gyg\u{e8}s: **1662?**"), "{shown}");
    assert!(shown.contains("Gyg\u{e8}s: **1338?**"), "{shown}");
}

#[test]
fn puzzles_export_says_how_many_fall_in_each_rating_band() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let exported = run(
        &["puzzles", "export", "--data", data.to_str().unwrap()],
        b"",
    );
    assert!(exported.status.success(), "{}", text(&exported.stderr));
    let out = text(&exported.stdout);
    let mut banded = std::collections::HashMap::<String, usize>::new();
    let mut lines = std::collections::HashMap::<String, Vec<u16>>::new();
    for line in out.lines() {
        if let Some(band) = line.strip_prefix("# ") {
            let fields: Vec<&str> = band.split('\t').collect();
            if let [game, range, count] = fields[..] {
                if let Ok(count) = count.parse::<usize>() {
                    let (low, high) = range.split_once('-').unwrap();
                    let (low, high): (i64, i64) = (low.parse().unwrap(), high.parse().unwrap());
                    assert_eq!((low % 200, high - low), (0, 199), "{line}");
                    *banded.entry(game.to_owned()).or_default() += count;
                }
            }
            continue;
        }
        let puzzle: leapfrog::ai::puzzle::Puzzle = line.parse().unwrap();
        let rating = puzzle.rating.expect("each exported with its rating");
        lines
            .entry(puzzle.kind.name().to_owned())
            .or_default()
            .push(rating);
    }
    for game in ["jumpers", "gyges", "jump-sturdy"] {
        let kind: leapfrog::games::GameKind = game.parse().unwrap();
        let shipped: Vec<u16> = leapfrog::play::shipped_puzzles(kind)
            .iter()
            .map(leapfrog::ai::puzzle::Puzzle::rating)
            .collect();
        // Nobody has played one yet: each at its starting rating, all of them banded.
        assert_eq!(lines[game], shipped, "{game}");
        assert_eq!(banded[game], shipped.len(), "{game}: {out}");
    }
    let one = run(
        &[
            "puzzles",
            "export",
            "gyges",
            "--data",
            data.to_str().unwrap(),
        ],
        b"",
    );
    assert!(!text(&one.stdout).contains("jumpers\t"));
}
