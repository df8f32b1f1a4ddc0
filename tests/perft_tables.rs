//! Perft tables (tests/data/jumpers_perft.txt): start positions of both boards and option
//! combinations, and hand-built mid-game positions with tall and mixed stacks, passes and a
//! dead draw. The counts agree with an independent implementation of the rule file.

use leapfrog::games::{AnyGame, GameKind};

#[test]
fn perft_tables_match() {
    let table = include_str!("data/jumpers_perft.txt");
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
        let game = AnyGame::new(GameKind::Jumpers, &options, position).unwrap();
        for (depth, expected) in (1..).zip(counts.split_whitespace()) {
            let expected: u64 = expected.parse().unwrap();
            assert_eq!(game.perft(depth), expected, "depth {depth} of: {line}");
        }
        checked += 1;
    }
    assert!(checked >= 20, "the table lost lines: {checked}");
}
