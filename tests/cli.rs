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
            "leapfrog: there is no game 'chess'; the games are jumpers\n",
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
            "leapfrog: --depth must be at least 1\n",
        ),
    ] {
        let out = leapfrog(args);
        assert!(!out.status.success(), "{args:?}");
        assert_eq!(stderr(&out), message, "{args:?}");
        assert!(stdout(&out).is_empty());
    }
}
