//! A whole Jump Sturdy game through the console: challenge, accept, moves until a win, a
//! picture written after every move.

mod common;

use common::racing_move;
use leapfrog::console::Console;
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::play::Play;
use leapfrog::store::SledStore;

#[test]
fn a_game_plays_to_a_win_through_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let console = Console::new(
        Play::new(SledStore::temporary().unwrap()),
        dir.path().join("out"),
    );
    let out = console.run_line("@alice /play jump-sturdy opponent:@bob seat:first");
    assert!(out.contains("alice challenges bob"), "{out}");
    let out = console.run_line("@bob /accept");
    assert!(out.contains("**alice (Blue)** to move"), "{out}");
    let mut mirror = AnyGame::new(GameKind::JumpSturdy, &[], None).unwrap();
    let mut players = ["alice", "bob"];
    let mut last = String::new();
    while !mirror.outcome().is_finished() {
        let mv = racing_move(&mirror);
        last = console.run_line(&format!("@{} /move {mv}", players[0]));
        assert!(last.contains(&format!("played {mv}")), "{last}");
        let image = last
            .lines()
            .find_map(|l| l.trim().strip_prefix("image: "))
            .expect("a picture");
        assert_eq!(image::open(image).unwrap().width(), 800);
        mirror.play(&mv).unwrap();
        players.swap(0, 1);
        assert!(mirror.moves().len() < 200, "the race should end");
    }
    let winner = match mirror.outcome() {
        leapfrog::games::Outcome::Win(seat) if seat.0 == 0 => "**alice (Blue)** wins",
        leapfrog::games::Outcome::Win(_) => "**bob (Red)** wins",
        other => panic!("the race ended without a winner: {other:?}"),
    };
    assert!(last.contains(winner), "{last}");
}
