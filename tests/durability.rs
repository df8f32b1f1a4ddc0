//! What a crash must not take away: every move the bot confirmed is on disk, and game numbers
//! stay small and consecutive however often the bot restarts. These run the real binary and
//! kill it with SIGKILL, as a machine failure or the OOM killer would.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use leapfrog::games::{AnyGame, GameKind};
use leapfrog::store::{GameId, SledStore, Store, StoreConfig};

/// A console over `data` whose lines we type and whose answers we read as they come.
struct Console {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Console {
    fn start(data: &Path) -> Self {
        let out = data.with_extension("out");
        let mut child = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
            .args(["local", "--data"])
            .arg(data)
            .arg("--out")
            .arg(out)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .env_remove("DISCORD_TOKEN")
            .spawn()
            .expect("the binary starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Self {
            child,
            input,
            output,
        }
    }

    /// Types `line` and reads the answer until a line containing `until` arrives: that line
    /// is the moment the player sees the confirmation.
    fn say(&mut self, line: &str, until: &str) -> String {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
        let mut seen = String::new();
        loop {
            let mut text = String::new();
            let read = self.output.read_line(&mut text).unwrap();
            assert!(
                read > 0,
                "the console ended before answering {line:?}:\n{seen}"
            );
            seen.push_str(&text);
            if text.contains(until) {
                return seen;
            }
        }
    }

    /// SIGKILL: no destructor, no flush, no goodbye.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

/// The stored record of game #1, read after the process is gone.
fn stored_moves(data: &Path) -> (Vec<String>, Vec<String>) {
    let store = SledStore::open(&StoreConfig::sled(data.to_path_buf()))
        .expect("the data folder opens after the kill");
    let record = store.get(GameId(1)).expect("game #1 is stored");
    let seats: Vec<String> = record.seats.iter().map(|p| p.name().to_owned()).collect();
    assert_eq!(seats.len(), 2, "the confirmed accept was lost");
    (record.moves, seats)
}

#[test]
fn every_confirmed_move_survives_a_kill() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut console = Console::start(&data);
    console.say(
        "@alice /play jumpers opponent:@bob seat:first",
        "challenges",
    );
    console.say("@bob /accept", "accepted");
    console.kill();

    let mut confirmed: Vec<String> = Vec::new();
    for cycle in 0..8 {
        let (moves, seats) = stored_moves(&data);
        assert_eq!(
            moves, confirmed,
            "after kill {cycle}: the store lost a confirmed move"
        );
        let mut game = AnyGame::new(GameKind::Jumpers, &[], None).unwrap();
        for mv in &moves {
            game.play(mv).unwrap();
        }
        let mut console = Console::start(&data);
        // A few moves per run, the process killed the instant the last one is confirmed.
        for step in 0..3 {
            let legal = game.legal_moves();
            let mv = legal[(cycle * 7 + step * 3) % legal.len()].clone();
            let mover = &seats[usize::from(game.to_move().0)];
            console.say(&format!("@{mover} /move {mv}"), &format!("played {mv}."));
            game.play(&mv).unwrap();
            confirmed.push(mv);
        }
        console.kill();
    }
    assert_eq!(stored_moves(&data).0, confirmed);
}

#[test]
fn game_numbers_stay_consecutive_across_restarts_and_loads() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    for number in 1..=3 {
        let mut console = Console::start(&data);
        let answer = console.say("@a /play jumpers opponent:@b", "challenges");
        assert!(answer.contains(&format!("#{number}")), "{answer}");
        console.kill();
    }
    // A loaded record takes the next number too.
    let record = dir.path().join("record.txt");
    std::fs::write(
        &record,
        "[Game \"jumpers\"]\n[Player1 \"a\"]\n[Player2 \"b\"]\n\n1. e3-h6 ; a\n",
    )
    .unwrap();
    let loaded = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
        .args(["local", "--data"])
        .arg(&data)
        .arg("--load")
        .arg(&record)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&loaded.stdout);
    assert!(loaded.status.success(), "{text}");
    assert!(text.contains("as game #4."), "{text}");
}
