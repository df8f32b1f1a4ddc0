//! Perft tables, one file per game in `tests/data/`:
//! - Jumpers: start positions of both boards and option combinations, hand-built mid-game
//!   positions with tall and mixed stacks, passes and a dead draw;
//! - Jump Sturdy: the start and mid-game positions with mixed and uniform doubles;
//! - Gygès: the placement phase, positions just after it, crowded boards where bounce chains
//!   cross, a jammed nearest row, goals reached by bounces; with and without displacement;
//! - Skakanie: seeded deals for 2 to 4 players and every option, and hand-built tables where
//!   stacks and rows empty (gap closing) and the last round ends.
//!
//! The counts agree with independent implementations of the rule files.

use leapfrog::games::{AnyGame, GameKind};

/// Checks every line of `table`; returns how many there were.
fn check(kind: GameKind, table: &str) -> usize {
    let mut checked = 0;
    for line in table
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [options, position, counts] = fields[..] else {
            panic!("bad table line: {line}");
        };
        let options: Vec<String> = options
            .split_whitespace()
            .filter(|o| *o != "-")
            .map(str::to_owned)
            .collect();
        let position = (position != "start").then_some(position);
        let game = AnyGame::new(kind, &options, position).unwrap();
        for (depth, expected) in (1..).zip(counts.split_whitespace()) {
            let expected: u64 = expected.parse().unwrap();
            assert_eq!(game.perft(depth), expected, "depth {depth} of: {line}");
        }
        checked += 1;
    }
    checked
}

#[test]
fn jumpers_perft_tables_match() {
    let lines = check(GameKind::Jumpers, include_str!("data/jumpers_perft.txt"));
    assert!(lines >= 20, "the table lost lines: {lines}");
}

#[test]
fn jump_sturdy_perft_tables_match() {
    let lines = check(
        GameKind::JumpSturdy,
        include_str!("data/jump_sturdy_perft.txt"),
    );
    assert!(lines >= 5, "the table lost lines: {lines}");
}

#[test]
fn gyges_perft_tables_match() {
    let lines = check(GameKind::Gyges, include_str!("data/gyges_perft.txt"));
    assert!(lines >= 15, "the table lost lines: {lines}");
}

#[test]
fn skakanie_perft_tables_match() {
    let lines = check(GameKind::Skakanie, include_str!("data/skakanie_perft.txt"));
    assert!(lines >= 10, "the table lost lines: {lines}");
}
