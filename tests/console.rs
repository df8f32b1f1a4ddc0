//! The console as a player uses it: a script through the real binary, and a restart between
//! two runs on the same data folder.

use std::process::Command;

fn local(data: &std::path::Path, script: &str) -> (String, bool) {
    let dir = data.parent().unwrap();
    let path = dir.join(format!("script-{}.txt", script.len()));
    std::fs::write(&path, script).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
        .args(["local", "--script"])
        .arg(&path)
        .arg("--data")
        .arg(data)
        .arg("--out")
        .arg(dir.join("out"))
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.success(),
    )
}

#[test]
fn the_example_game_plays_to_a_win() {
    let dir = tempfile::tempdir().unwrap();
    let script = std::fs::read_to_string("examples/jumpers-game.txt").unwrap();
    let (out, ok) = local(&dir.path().join("data"), &script);
    assert!(ok, "{out}");
    assert!(
        out.contains("You can't play e3-e5: there is no piece on e3"),
        "{out}"
    );
    assert!(out.contains("c9-d8 was taken back"), "{out}");
    assert!(out.contains("You can't play h6-e9: f8 is 2 high"), "{out}");
    assert!(out.contains("alice (White) played f6-c9"), "{out}");
    assert!(
        out.contains("Game over: **alice (White)** wins — reached the goal."),
        "{out}"
    );
}

#[test]
fn a_game_goes_on_after_the_console_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (out, ok) = local(
        &data,
        "@alice /play jumpers opponent:@bob board:far seat:white\n@bob /accept\n@alice /move e3-h6\n",
    );
    assert!(ok && out.contains("alice (White) played e3-h6"), "{out}");
    // Every board reply names its picture, and the picture is there.
    let images: Vec<&str> = out
        .lines()
        .filter_map(|l| l.trim().strip_prefix("image: "))
        .collect();
    assert_eq!(
        images.len(),
        2,
        "the accept and the move show a board: {out}"
    );
    let board = image::open(images[1]).unwrap();
    assert_eq!(board.width(), 800);
    assert!(images[1].ends_with("leapfrog-1-1.png"), "{}", images[1]);
    let (out, ok) = local(
        &data,
        "@bob /board\n@bob /move nonsense\n@carol #other /games\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("Move 2 · **bob (Black)** to move · last move e3-h6"),
        "{out}"
    );
    assert!(out.contains("'nonsense' is not a move"), "{out}");
    assert!(out.contains("You have no games in progress"), "{out}");
}

#[test]
fn lines_without_a_user_or_command_are_explained() {
    let dir = tempfile::tempdir().unwrap();
    let (out, ok) = local(
        &dir.path().join("data"),
        "/play jumpers\n@alice play\n@alice /fly\n",
    );
    assert!(ok);
    assert!(
        out.contains("! start each line with the user who types it"),
        "{out}"
    );
    assert!(out.contains("! commands start with /"), "{out}");
    assert!(out.contains("! there is no command /fly"), "{out}");
}
