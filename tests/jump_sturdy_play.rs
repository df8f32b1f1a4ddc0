//! A whole Jump Sturdy game through the console: challenge, accept, moves until a win, a
//! picture written after every move.

mod common;

use common::{play_to_end, racing_move};
use leapfrog::console::Console;
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::play::Play;

#[test]
fn a_game_plays_to_a_win_through_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let console = Console::new(Play::new(common::temporary_store()), dir.path().join("out"));
    let out = console.run_line("@alice /play jump-sturdy opponent:@bob seat:first");
    assert!(out.contains("alice challenges bob"), "{out}");
    let out = console.run_line("@bob /accept");
    assert!(out.contains("**alice (Blue)** to move"), "{out}");
    let mut mirror = AnyGame::new(GameKind::JumpSturdy, &[], None).unwrap();
    let last = play_to_end(&console, &mut mirror, ["alice", "bob"], racing_move);
    let winner = match mirror.outcome() {
        leapfrog::games::Outcome::Win(seat) if seat.0 == 0 => "**alice (Blue)** wins",
        leapfrog::games::Outcome::Win(_) => "**bob (Red)** wins",
        other => panic!("the race ended without a winner: {other:?}"),
    };
    assert!(last.contains(winner), "{last}");
}
