//! Whole Gygès games through the console: challenge with options, the placement phase, moves
//! (bounces, displacements) until the game ends, a picture written after every ply.

mod common;

use common::{gyges_move, play_to_end};
use leapfrog::console::Console;
use leapfrog::games::{AnyGame, GameKind, Outcome};
use leapfrog::play::Play;

fn play_out(options: &[&str]) {
    let dir = tempfile::tempdir().unwrap();
    let console = Console::new(Play::new(common::temporary_store()), dir.path().join("out"));
    let typed: Vec<String> = options.iter().map(|o| o.replace('=', ":")).collect();
    let out = console.run_line(&format!(
        "@alice /play gyges opponent:@bob seat:first {}",
        typed.join(" ")
    ));
    assert!(out.contains("alice challenges bob"), "{out}");
    let out = console.run_line("@bob /accept");
    assert!(out.contains("**alice (South)** to move"), "{out}");
    let position = out
        .lines()
        .find_map(|l| l.strip_prefix("Position: `"))
        .and_then(|l| l.strip_suffix('`'))
        .expect("the position text");
    let pairs: Vec<String> = options.iter().map(|o| (*o).to_owned()).collect();
    let mut mirror = AnyGame::new(GameKind::Gyges, &pairs, Some(position)).unwrap();
    let last = play_to_end(&console, &mut mirror, ["alice", "bob"], gyges_move);
    let result = match mirror.outcome() {
        Outcome::Win(seat) if seat.0 == 0 => "**alice (South)** wins",
        Outcome::Win(_) => "**bob (North)** wins",
        _ => "draw",
    };
    assert!(last.contains(result), "{last}");
}

#[test]
fn a_game_with_placement_plays_to_its_end() {
    play_out(&[]);
}

#[test]
fn a_game_with_displacement_and_a_random_set_up_plays_to_its_end() {
    play_out(&["setup=random", "displace=on"]);
}
