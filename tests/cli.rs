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

/// The `leapfrog ai` protocol: `info` lines, then exactly one `bestmove` line, last.
fn protocol(out: &Output) -> (Vec<String>, String) {
    assert!(out.status.success(), "{}", stderr(out));
    let lines: Vec<String> = stdout(out).lines().map(str::to_owned).collect();
    let (last, infos) = lines.split_last().expect("some output");
    assert!(
        infos.iter().all(|l| {
            let words: Vec<&str> = l.split(' ').collect();
            words.len() >= 11
                && words[..2] == ["info", "depth"]
                && words[3] == "score"
                && words[5] == "nodes"
                && words[7] == "nps"
                && words[9] == "pv"
                && [2, 4, 6, 8]
                    .iter()
                    .all(|&i| words[i].parse::<i64>().is_ok())
        }),
        "{lines:?}"
    );
    let best = last.strip_prefix("bestmove ").expect("bestmove last");
    (infos.to_vec(), best.to_owned())
}

#[test]
fn ai_answers_with_info_lines_and_one_legal_bestmove_for_every_game() {
    use leapfrog::games::{AnyGame, GameKind};
    for (game, option, moves) in [
        ("jump-sturdy", None, &["e2-e3", "e7-e6"][..]),
        ("jumpers", Some("board=far"), &[]),
        ("gyges", Some("seed=4"), &["2@c1"]),
        ("skakanie", Some("players=3"), &["take"]),
    ] {
        let joined = moves.join(" ");
        let mut args = vec!["ai", game, "--depth", "2", "--moves", &joined];
        if let Some(option) = option {
            args.extend(["--option", option]);
        }
        let (infos, best) = protocol(&leapfrog(&args));
        assert!(!infos.is_empty(), "{game}: no info line");
        let kind: GameKind = game.parse().unwrap();
        let options: Vec<String> = option.iter().map(|o| (*o).to_owned()).collect();
        let mut expected = AnyGame::new(kind, &options, None).unwrap();
        for mv in moves {
            expected.play(mv).unwrap();
        }
        assert!(expected.legal_moves().contains(&best), "{game}: {best}");
        // Deterministic with --depth.
        assert_eq!(
            stdout(&leapfrog(&args)).lines().last().unwrap(),
            format!("bestmove {best}")
        );
    }
}

#[test]
fn ai_finds_the_win_in_one_within_a_time_budget() {
    let out = leapfrog(&[
        "ai",
        "jump-sturdy",
        "--position",
        "1b04/8/8/8/8/r07/4b03/6 b",
        "--time",
        "300",
    ]);
    assert_eq!(protocol(&out).1, "e7-e8");
}

#[test]
fn ai_refuses_bad_input_in_one_line() {
    for args in [
        &["ai", "jump-sturdy"][..],
        &["ai", "jump-sturdy", "--time", "100", "--depth", "2"],
        &["ai", "chess", "--depth", "2"],
        &["ai", "jump-sturdy", "--depth", "x"],
        &["ai", "jump-sturdy", "--depth", "2", "--level", "9"],
        &[
            "ai",
            "jump-sturdy",
            "--depth",
            "2",
            "--moves",
            "e2-e3 e2-e3",
        ],
        &["ai", "gyges", "--depth", "2", "--position", "nonsense"],
        &[
            "ai",
            "jump-sturdy",
            "--depth",
            "2",
            "--position",
            "6/8/8/8/8/8/8/6 b",
        ],
    ] {
        let out = leapfrog(args);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(stdout(&out).is_empty(), "{args:?}");
        assert_eq!(
            stderr(&out).trim_end().lines().count(),
            1,
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn match_records_every_game_for_ai_to_replay() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.txt");
    let out = leapfrog(&[
        "match",
        "gyges",
        "--a",
        "depth=1",
        "--b",
        "level=1,depth=1",
        "--games",
        "2",
        "--record",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let record = std::fs::read_to_string(&path).unwrap();
    let games: Vec<&str> = record.lines().collect();
    assert_eq!(games.len(), 2, "{record}");
    for (n, game) in games.iter().enumerate() {
        let plies: Vec<&str> = game.split_whitespace().collect();
        let line = text.lines().nth(n).unwrap();
        // `game N: opening P P; A first: Win after K plies`: the record is that game.
        let opening = line
            .split("opening ")
            .nth(1)
            .unwrap()
            .split(';')
            .next()
            .unwrap();
        assert!(game.starts_with(opening), "{game} after {opening}");
        assert!(
            line.ends_with(&format!("after {} plies", plies.len())),
            "{line}"
        );
        // Every ply but the last replays, and the engine answers there.
        let before = plies[..plies.len() - 1].join(" ");
        let out = leapfrog(&["ai", "gyges", "--depth", "1", "--moves", &before]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains("bestmove "), "{}", stdout(&out));
    }
}

#[test]
fn openings_prints_a_book_that_match_plays() {
    let out = leapfrog(&[
        "openings",
        "gyges",
        "--option",
        "setup=random",
        "--count",
        "2",
        "--time",
        "100",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let book = stdout(&out);
    let lines: Vec<&str> = book.lines().collect();
    assert_eq!(lines.len(), 2, "{book}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.txt");
    std::fs::write(&path, format!("# a book\n{book}")).unwrap();
    let path = path.to_str().unwrap();
    let play = |games: &str| {
        leapfrog(&[
            "match",
            "gyges",
            "--option",
            "setup=random",
            "--a",
            "depth=1",
            "--b",
            "level=1,depth=1",
            "--games",
            games,
            "--openings",
            path,
        ])
    };
    let out = play("4");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // Each pair plays its line's plies: `PAIR PLY PLY  # score S`.
    for (n, line) in lines.iter().enumerate() {
        let plies = line.split('#').next().unwrap().split_whitespace().skip(1);
        let opening = plies.collect::<Vec<_>>().join(" ");
        for game in [2 * n + 1, 2 * n + 2] {
            let expected = format!("game {game}: opening {opening};");
            assert!(text.contains(&expected), "{expected} in {text}");
        }
    }
    // A book too short for the games asked is refused before any is played.
    let out = play("6");
    assert!(!out.status.success());
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("the book has 2 openings and 6 games need 3"),
        "{}",
        stderr(&out)
    );
    // So is a book made for other options: its plies are not legal there.
    let out = leapfrog(&[
        "match",
        "gyges",
        "--games",
        "2",
        "--a",
        "depth=1",
        "--b",
        "depth=1",
        "--openings",
        path,
    ]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("opening 1 of the book"),
        "{}",
        stderr(&out)
    );
}

/// Every line of the book that ships replays on its set-up: a match of its 200 games at
/// the weakest settings plays them all.
#[test]
fn the_shipped_gyges_book_plays_its_every_opening() {
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/openings/gyges-random.txt");
    let out = leapfrog(&[
        "match",
        "gyges",
        "--option",
        "setup=random",
        "--a",
        "level=1,depth=1",
        "--b",
        "level=1,depth=1",
        "--games",
        "200",
        "--openings",
        book,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_match_report(&text, 200, false);
    assert!(text.contains("game 200: opening "), "{text}");
}

#[test]
fn match_prints_a_line_per_game_and_the_score() {
    let out = leapfrog(&[
        "match",
        "jump-sturdy",
        "--a",
        "depth=2",
        "--b",
        "level=1,depth=1",
        "--games",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_match_report(&text, 2, true);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("game 1: opening "));
    assert!(lines[2].starts_with("score A (depth=2) vs B (level=1,depth=1): "));
}

/// A match's report: a line per game, the score, then each side's share of moves
/// that undid one of its own last three, each side's share that brought back a position
/// seen before, where ranks measure progress (`forward_ranks`) each side's share that moved
/// no piece forward, and the games drawn by repetition, by whose move repeated (issue 62's
/// measures of aimless play).
fn assert_match_report(text: &str, games: usize, forward_ranks: bool) {
    let lines: Vec<&str> = text.lines().collect();
    let mut measures = vec![
        "A undid one of its last three moves ",
        "B undid one of its last three moves ",
        "A brought back a position seen before ",
        "B brought back a position seen before ",
    ];
    if forward_ranks {
        measures.extend(["A moved no piece forward ", "B moved no piece forward "]);
    }
    let after = games + 1 + measures.len();
    assert_eq!(lines.len(), after + 1, "{text}");
    assert!(lines[games].starts_with("score A "), "{text}");
    for (line, prefix) in lines[games + 1..after].iter().zip(measures) {
        assert!(line.starts_with(prefix), "{text}");
        assert!(line.ends_with("%)"), "{text}");
    }
    assert!(lines[after].starts_with("drawn by repetition: "), "{text}");
}

#[test]
fn match_against_another_build_plays_it_move_by_move() {
    // The same build as B, in another process, at the same fixed depth: each pair of games
    // is the same game with the colours swapped, so A scores exactly half.
    let binary = format!("depth=2,binary={}", env!("CARGO_BIN_EXE_leapfrog"));
    for game in ["jump-sturdy", "gyges"] {
        let out = leapfrog(&[
            "match", game, "--a", "depth=2", "--b", &binary, "--games", "2",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains(": 1/2 = 50.0%"), "{game}: {text}");
    }
    // A build that cannot be run offers no move and loses every game.
    let out = leapfrog(&[
        "match",
        "jump-sturdy",
        "--a",
        "depth=1",
        "--b",
        "depth=1,binary=/nonexistent/leapfrog",
        "--games",
        "2",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains(": 2/2 = 100.0%"), "{}", stdout(&out));
}

#[test]
fn tune_fits_gyges_weights_to_self_play_and_prints_the_table() {
    let out = leapfrog(&[
        "tune",
        "gyges",
        "--option",
        "setup=random",
        "--games",
        "6",
        "--depth",
        "1",
        "--rounds",
        "200",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("from 6 games at depth 1"), "{text}");
    for term in [
        "moves",
        "movers",
        "threat",
        "advance",
        "far squares",
        "mover sizes",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(term)),
            "{term} in {text}"
        );
    }
    // The fit never forecasts the results worse than the weights it started from.
    let losses: Vec<f64> = text
        .lines()
        .find(|l| l.starts_with("log loss"))
        .expect("a log loss line")
        .split([' ', ','])
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(losses.len(), 2, "{text}");
    assert!(losses[1] <= losses[0] + 1e-4, "{text}");
    let refused = leapfrog(&["tune", "jumpers", "--games", "1"]);
    assert!(!refused.status.success());
    assert!(
        stderr(&refused).contains("only Gygès"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn generated_puzzles_are_added_to_those_stored() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let data = data.to_str().unwrap();
    for (count, seed, total) in [("3", "1", 3), ("3", "1", 6), ("1", "2", 7)] {
        let out = leapfrog(&[
            "puzzles",
            "generate",
            "jump-sturdy",
            "--count",
            count,
            "--seed",
            seed,
            "--data",
            data,
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let said = stderr(&out);
        assert!(
            said.contains(&format!("the store now has {total},")),
            "{said}"
        );
    }
}

#[test]
fn ugi_answers_a_front_end_with_a_legal_move() {
    use leapfrog::games::gyges::{self, ugi};
    use leapfrog::games::Rules as _;
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
        .arg("ugi")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // The public engine's start, a move of ours into a board it sends, and nonsense.
    let script = "ugi\nisready\nsetoption maxPly 2\nsetpos start\ngo\n\
        setpos data 000000000000000000000000000000100000\ngo\nfly\nquit\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("the script is read");
    let out = child.wait_with_output().expect("it ends at quit");
    assert!(out.status.success());
    let text = stdout(&out);
    for word in ["ugiok", "readyok", "Unknown Command: 'fly'"] {
        assert!(text.contains(word), "no {word}: {text}");
    }
    let best: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(best.len(), 2, "{text}");
    // From the start a legal move (a 1, 2 or 3 of row 1 to an empty square, or onto a
    // piece and the piece dropped elsewhere); a lone 1 on a6 (row six from the mover's
    // side) walks into the goal aimed for, 37.
    let options = gyges::Options {
        setup: gyges::Setup::Random,
        displace: true,
    };
    let start =
        ugi::read_board(&options, "321123/000000/000000/000000/000000/321123").expect("the start");
    let first = ugi::read_move(&start, best[0]).expect("a UGI move");
    assert!(start.legal_moves().contains(&first), "{text}");
    assert_eq!(best[1], "30|37", "{text}");
}

/// A two-game match of our engine at depth 1 against the UGI `engine` (`ugi=…`).
fn ugi_match(engine: &str) -> [&str; 12] {
    [
        "match",
        "gyges",
        "--option",
        "setup=random",
        "--option",
        "displace=on",
        "--a",
        "depth=1",
        "--b",
        engine,
        "--games",
        "2",
    ]
}

#[test]
fn match_against_a_ugi_engine_plays_it_move_by_move() {
    // Our own engine behind UGI as B: two whole games, no forfeit.
    let engine = format!("ugi={} ugi,depth=1", env!("CARGO_BIN_EXE_leapfrog"));
    let args = ugi_match(&engine);
    let out = leapfrog(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_match_report(&text, 2, false);
    assert!(!stderr(&out).contains("forfeits"), "{}", stderr(&out));
    // UGI engines move from a full board and always may displace.
    let without = args.map(|a| {
        if a == "displace=on" {
            "displace=off"
        } else {
            a
        }
    });
    let out = leapfrog(&without);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("displace=on"), "{}", stderr(&out));
}

/// A fake UGI engine in `dir`: a shell script that answers `ugi` and `isready`, and `go`
/// with `go_answer` (a line of the script's `case`, empty for no answer at all).
fn fake_ugi_engine(dir: &std::path::Path, go_answer: &str) -> std::path::PathBuf {
    let script = dir.join("engine.sh");
    std::fs::write(
        &script,
        format!(
            "while read -r line; do case \"$line\" in ugi) echo ugiok;; isready) echo readyok;; \
             {go_answer} esac; done\n"
        ),
    )
    .unwrap();
    script
}

#[test]
fn a_silent_ugi_engine_is_counted_under_the_score() {
    // An engine whose search dies (the public one's does when no iteration finishes in
    // its time): it keeps answering `isready` but never gives its move.
    let dir = tempfile::tempdir().unwrap();
    let script = fake_ugi_engine(dir.path(), "");
    let engine = format!("ugi=sh {},failure=forfeit", script.display());
    let mut args = ugi_match(&engine).to_vec();
    args.extend(["--time", "50"]);
    let out = leapfrog(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("2/2 = 100.0%"), "{}", stdout(&out));
    assert!(
        stdout(&out).contains(
            "B: the UGI engine gave no move 2 times and one our rules cannot read 0 times"
        ),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_ugi_engine_that_gives_no_move_forfeits_or_plays_on_as_asked() {
    // An engine that names square 100 (what the public one does when it sees every move
    // lose): with failure=forfeit each of its games is lost at its first move; by default
    // (retry) it plays its first legal move instead and the games go on.
    let dir = tempfile::tempdir().unwrap();
    let script = fake_ugi_engine(dir.path(), "go*) echo 'bestmove 100|101';;");
    let run = |failure: &str| {
        let engine = format!("ugi=sh {},failure={failure}", script.display());
        leapfrog(&ugi_match(&engine))
    };
    let out = run("forfeit");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("2/2 = 100.0%"), "{}", stdout(&out));
    // Under the score, what of it the engine's failures gave: two unreadable answers.
    assert!(
        stdout(&out).contains(
            "B: the UGI engine gave no move 0 times and one our rules cannot read 2 times"
        ),
        "{}",
        stdout(&out)
    );
    assert_eq!(
        stderr(&out).matches("forfeits").count(),
        2,
        "{}",
        stderr(&out)
    );
    let out = run("retry");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("forfeits"), "{}", stderr(&out));
    assert!(stderr(&out).contains("it plays"), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("times (square 100, its null move); each asked again"),
        "{}",
        stdout(&out)
    );
    let out = run("never");
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("retry or forfeit"),
        "{}",
        stderr(&out)
    );
}
