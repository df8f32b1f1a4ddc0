//! The `leapfrog` command as users and the independent perft checkers call it.

use std::process::{Command, Output};

fn leapfrog(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_leapfrog"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn perft_prints_exactly_one_line_per_depth() {
    let out = leapfrog(&["perft", "jumpers", "--depth", "3"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "depth 1: 30\ndepth 2: 900\ndepth 3: 26150\n");
}

#[test]
fn perft_takes_options_and_a_position() {
    let out = leapfrog(&[
        "perft",
        "jumpers",
        "--depth",
        "2",
        "--option",
        "board=far",
        "--option",
        "step=on",
        "--position",
        "...../..../...../..../.../..../...../..../(ssB)...s w",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 2);
    assert!(text.starts_with("depth 1: "));
}

#[test]
fn divide_lists_first_moves_and_the_total() {
    let out = leapfrog(&["perft", "jumpers", "--depth", "2", "--divide"]);
    let text = stdout(&out);
    assert!(text.contains("e3-h6: 30\n"));
    assert!(text.ends_with("depth 2: 900\n"));
}

#[test]
fn bad_input_gives_one_line_and_a_failure_exit() {
    for (args, message) in [
        (
            &["perft", "chess", "--depth", "2"][..],
            "leapfrog: there is no game 'chess'; the games are jumpers, gyges, jump-sturdy, skakanie\n",
        ),
        (
            &["perft", "jumpers", "--depth", "2", "--option", "board=round"][..],
            "leapfrog: 'round' is not a value of board: it takes near or far\n",
        ),
        (
            &["perft", "jumpers", "--depth", "2", "--option", "speed=9"][..],
            "leapfrog: jumpers has no option 'speed'; its options are board, goal, step, crawlers, height\n",
        ),
        (
            &["perft", "jumpers", "--depth", "2", "--position", "sss w"][..],
            "leapfrog: bad position: a Jumpers board has 9 ranks separated by '/', this has 1\n",
        ),
        (
            &["perft", "jumpers", "--depth", "0"][..],
            "leapfrog: --depth must be from 1 to 64 (deeper counts would never finish)\n",
        ),
        (
            &["render", "jumpers", "--last", "e3", "-o", "/nonexistent/x.png"][..],
            "leapfrog: 'e3' is not a move: write the start and end cells, like e3-h6 (or pass)\n",
        ),
        (
            &["render", "jumpers", "--last", "a1-c1", "-o", "/nonexistent/x.png"][..],
            "leapfrog: the last move a1-c1 names a cell this board does not have\n",
        ),
        (
            &["render", "jumpers", "--option", "board=round", "-o", "/nonexistent/x.png"][..],
            "leapfrog: 'round' is not a value of board: it takes near or far\n",
        ),
    ] {
        let out = leapfrog(args);
        assert!(!out.status.success(), "{args:?}");
        assert_eq!(stderr(&out), message, "{args:?}");
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn render_writes_a_png_and_reports_a_bad_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.png");
    let out = leapfrog(&[
        "render",
        "jumpers",
        "--option",
        "board=far",
        "--last",
        "c3-e3",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let image = image::open(&path).unwrap();
    assert_eq!(image.width(), 800);

    let out = leapfrog(&["render", "jumpers", "-o", "/nonexistent/dir/board.png"]);
    assert!(!out.status.success());
    let message = stderr(&out);
    assert!(
        message.starts_with("leapfrog: writing /nonexistent/dir/board.png: "),
        "{message}"
    );
    assert_eq!(message.lines().count(), 1, "{message}");
}

#[test]
fn the_bot_without_its_secrets_says_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "[discord]\ntoken = \"t\"\n").unwrap();
    let empty = dir.path().join("empty.toml");
    std::fs::write(&empty, "").unwrap();
    for (args, message) in [
        (
            vec!["serve", "--config", empty.to_str().unwrap()],
            "leapfrog: no Discord token: set DISCORD_TOKEN or [discord] token in config.toml (see README)\n",
        ),
        (
            vec!["http", "--config", config.to_str().unwrap()],
            "leapfrog: no public key: set [discord] public_key in config.toml (Developer Portal → General Information)\n",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
            .args(&args)
            .env_remove("DISCORD_TOKEN")
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert_eq!(stderr(&out), message, "{args:?}");
    }
}

#[test]
fn a_history_file_loads_in_the_console_and_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let out = dir.path().join("out");
    let script = dir.path().join("game.txt");
    std::fs::write(
        &script,
        "@alice /play jumpers @bob seat:first days=2\n@bob /accept\n@alice /move e3-h6\n@zed /history\n",
    )
    .unwrap();
    let played = leapfrog(&[
        "local",
        "--script",
        script.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(played.status.success(), "{}", stderr(&played));
    let record = out.join("leapfrog-1.txt");
    assert!(std::fs::read_to_string(&record)
        .unwrap()
        .contains("1. e3-h6 ; alice"));
    assert!(out.join("leapfrog-1.gif").exists());

    // A fresh data folder: the record becomes game #1 there, and bob moves next.
    let again = dir.path().join("again");
    std::fs::write(&script, "@bob /board\n").unwrap();
    let loaded = leapfrog(&[
        "local",
        "--load",
        record.to_str().unwrap(),
        "--script",
        script.to_str().unwrap(),
        "--data",
        again.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = stdout(&loaded);
    assert!(loaded.status.success(), "{}", stderr(&loaded));
    assert!(
        text.contains("Loaded a record of 1 move as game #1."),
        "{text}"
    );
    assert!(text.contains("**bob (Black)** to move"), "{text}");
    assert!(text.contains("2 d left for bob"), "{text}");
}

#[test]
fn an_option_given_twice_is_refused_in_one_line() {
    for command in ["perft", "render"] {
        let mut args = vec![command, "jumpers"];
        args.extend(match command {
            "perft" => ["--depth", "1"],
            _ => ["-o", "/nonexistent/x.png"],
        });
        args.extend(["--option", "board=far", "--option", "board=near"]);
        let out = leapfrog(&args);
        assert!(!out.status.success(), "{args:?}");
        assert_eq!(
            stderr(&out),
            "leapfrog: board is given twice; give each option once\n",
            "{args:?}"
        );
        assert!(stdout(&out).is_empty());
    }
}
