//! Gygès property tests: random games (every set-up, with and without displacement) never
//! panic; every generated move is accepted, has a path that obeys the rules, and round-trips
//! its notation; every other probe is refused with a reason; texts round-trip; pieces are
//! conserved; the bulk count equals the move list (and the search's list that stops at a
//! goal in reach, unless there is one); and the memoised move generator finds
//! exactly what a naive enumeration of every path finds, on random crowded boards.

use std::collections::{BTreeSet, HashSet};

use leapfrog::games::gyges::{Move, Options, Point, Position, Side, Square, Target};
use leapfrog::games::{GameOptions, Rules, Seed};
use proptest::prelude::*;

mod common;

use common::random_playout;

fn options(setup: usize, displace: bool) -> Options {
    Options::from_pairs([
        ("setup", ["placement", "random", "mirror"][setup % 3]),
        ("displace", if displace { "on" } else { "off" }),
    ])
    .unwrap()
}

fn neighbour(square: Square, dir: usize) -> Option<Square> {
    let (file, row) = (square.file() as i8, square.row() as i8);
    let (df, dr) = [(0, 1), (0, -1), (1, 0), (-1, 0)][dir];
    u8::try_from(file + df)
        .ok()
        .zip(u8::try_from(row + dr).ok())
        .and_then(|(f, r)| Square::at(f, r))
}

/// Every outcome of the piece on `from`, by walking every path (no memo, no bitboards):
/// plain ends, landings (occupied squares ending a stretch) and the goal.
fn naive_reach(p: &Position, from: Square) -> (BTreeSet<Square>, BTreeSet<Square>, bool) {
    struct Walk<'a> {
        p: &'a Position,
        from: Square,
        goal_dir: usize,
        ends: BTreeSet<Square>,
        landings: BTreeSet<Square>,
        goal: bool,
    }
    impl Walk<'_> {
        fn occupied(&self, s: Square) -> bool {
            s != self.from && self.p.size_at(s) > 0
        }
        fn go(&mut self, at: Square, left: u8, used: &mut Vec<(Square, Square)>) {
            for dir in 0..4 {
                let Some(next) = neighbour(at, dir) else {
                    if left == 1 && dir == self.goal_dir {
                        self.goal = true;
                    }
                    continue;
                };
                let edge = (at.min(next), at.max(next));
                if used.contains(&edge) {
                    continue;
                }
                used.push(edge);
                if left > 1 {
                    if !self.occupied(next) {
                        self.go(next, left - 1, used);
                    }
                } else if self.occupied(next) {
                    self.landings.insert(next);
                    self.go(next, self.p.size_at(next), used);
                } else if next != self.from {
                    self.ends.insert(next);
                }
                used.pop();
            }
        }
    }
    let mut walk = Walk {
        p,
        from,
        goal_dir: if p.turn() == Side::South { 0 } else { 1 },
        ends: BTreeSet::new(),
        landings: BTreeSet::new(),
        goal: false,
    };
    walk.go(from, p.size_at(from), &mut Vec::new());
    (walk.ends, walk.landings, walk.goal)
}

/// The legal non-displacing moves by the naive walk and the row rule (boards where
/// displacement is off).
fn naive_moves(p: &Position) -> BTreeSet<String> {
    let rows: Vec<u8> = if p.turn() == Side::South {
        (0..6).collect()
    } else {
        (0..6).rev().collect()
    };
    for row in rows {
        let mut moves = BTreeSet::new();
        for file in 0..6 {
            let from = Square::at(file, row).unwrap();
            if p.size_at(from) == 0 {
                continue;
            }
            let (ends, _, goal) = naive_reach(p, from);
            moves.extend(ends.iter().map(|to| format!("{from}-{to}")));
            if goal {
                moves.insert(format!("{from}-goal"));
            }
        }
        if !moves.is_empty() {
            return moves;
        }
    }
    BTreeSet::new()
}

/// Checks a path against the rules: steps between neighbours, no edge twice, exact stretch
/// lengths, empty squares passed over, bounces exactly on pieces, the goal last.
fn check_path(p: &Position, mv: &Move) -> Result<(), TestCaseError> {
    let Move::Go { from, to, .. } = *mv else {
        return Ok(());
    };
    let path = p.path_of(mv).expect("every legal move has a path");
    prop_assert_eq!(path.points[0], Point::Square(from));
    let mut left = p.size_at(from);
    let mut at = from;
    let mut edges = HashSet::new();
    let mut bounces = Vec::new();
    for (i, point) in path.points.iter().enumerate().skip(1) {
        let last = i == path.points.len() - 1;
        match point {
            Point::Goal => {
                prop_assert!(last && left == 1, "the goal only ends a stretch");
                let far = if p.turn() == Side::South { 5 } else { 0 };
                prop_assert_eq!(at.row(), far);
                prop_assert_eq!(to, Target::Goal);
            }
            Point::Square(next) => {
                prop_assert!((0..4).any(|d| neighbour(at, d) == Some(*next)), "a step");
                prop_assert!(
                    edges.insert((at.min(*next), at.max(*next))),
                    "an edge twice"
                );
                let occupied = *next != from && p.size_at(*next) > 0;
                left -= 1;
                if left > 0 {
                    prop_assert!(!occupied, "passed over a piece");
                } else if last {
                    prop_assert_eq!(Target::Square(*next), to);
                } else {
                    prop_assert!(occupied, "a stretch ended on an empty square mid-move");
                    bounces.push(*next);
                    left = p.size_at(*next);
                }
                at = *next;
            }
        }
    }
    prop_assert_eq!(bounces, path.bounces);
    Ok(())
}

/// The search's shortcuts against the full rules (`moves` are `p`'s legal moves): the same
/// moves, or none when one enters the goal (never while placing); and each side's goal in
/// reach as its mobility says.
fn check_goal_shortcuts(p: &Position, moves: &[Move]) -> Result<(), TestCaseError> {
    let goal = moves.iter().any(|mv| {
        matches!(
            mv,
            Move::Go {
                to: Target::Goal,
                ..
            }
        )
    });
    match p.moves_unless_goal() {
        None => prop_assert!(goal && !p.placing(), "no goal among {:?}", moves),
        Some(same) => {
            prop_assert!(!goal || p.placing());
            prop_assert_eq!(same.as_slice(), moves);
        }
    }
    for side in [Side::South, Side::North] {
        let goal = p.mobility(side).goal && !p.placing();
        prop_assert_eq!(p.reaches_goal(side), goal, "{:?}", side);
    }
    Ok(())
}

fn check_position(p: &Position, probes: &[String]) -> Result<(), TestCaseError> {
    let moves = p.legal_moves();
    let distinct: HashSet<_> = moves.iter().collect();
    prop_assert_eq!(distinct.len(), moves.len(), "duplicate moves");
    prop_assert_eq!(moves.is_empty(), p.outcome().is_finished());
    prop_assert_eq!(p.count_legal(), moves.len());
    check_goal_shortcuts(p, &moves)?;
    let back = Position::from_text(p.options(), &p.to_text()).unwrap();
    prop_assert_eq!(&back, p);
    if !p.options().displace && !p.placing() && p.in_goal().is_none() && moves != [Move::Pass] {
        let ours: BTreeSet<String> = moves.iter().map(ToString::to_string).collect();
        prop_assert_eq!(ours, naive_moves(p));
    }
    for mv in &moves {
        prop_assert!(p.check(mv).is_ok(), "{mv} refused");
        prop_assert_eq!(&mv.to_string().parse::<Move>().unwrap(), mv);
        check_path(p, mv)?;
        let mut child = p.clone();
        child.play_unchecked(mv);
        let pieces = |q: &Position| {
            let board = Square::all().filter(|&s| q.size_at(s) > 0).count();
            let hands: u8 = [Side::South, Side::North]
                .iter()
                .flat_map(|&s| q.hand(s))
                .sum();
            board + usize::from(hands) + usize::from(q.in_goal().is_some())
        };
        prop_assert_eq!(pieces(&child), pieces(p), "pieces are conserved");
    }
    for probe in probes {
        if let Ok(mv) = probe.parse::<Move>() {
            if !moves.contains(&mv) {
                prop_assert!(!p.check(&mv).unwrap_err().to_string().is_empty());
            }
        }
    }
    Ok(())
}

fn square_name() -> impl Strategy<Value = String> {
    (0u8..6, 0u8..6).prop_map(|(f, r)| Square::at(f, r).unwrap().to_string())
}

fn probe() -> impl Strategy<Value = String> {
    prop_oneof![
        (square_name(), square_name()).prop_map(|(a, b)| format!("{a}-{b}")),
        (square_name(), square_name(), square_name()).prop_map(|(a, b, c)| format!("{a}-{b}:{c}")),
        square_name().prop_map(|a| format!("{a}-goal")),
        (1u8..4, square_name()).prop_map(|(s, a)| format!("{s}@{a}")),
        Just("pass".to_owned()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_keep_every_invariant(
        setup in 0usize..3,
        displace in any::<bool>(),
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u16>(), 120),
        probes in proptest::collection::vec(probe(), 12),
    ) {
        let start = Position::start(&options(setup, displace), Seed(seed));
        random_playout(start, &choices, |p| check_position(p, &probes))?;
    }

    /// Crowded boards, where chains of bounces cross: the memoised search against every path.
    #[test]
    fn the_generator_finds_what_every_path_finds(
        cells in proptest::collection::vec(0u8..4, 36),
        north in any::<bool>(),
    ) {
        let mut counts = [0u8; 4];
        let text: Vec<String> = cells
            .chunks(6)
            .rev()
            .map(|row| {
                row.iter()
                    .map(|&s| {
                        counts[usize::from(s)] += 1;
                        if s == 0 || counts[usize::from(s)] > 4 { '.' } else { char::from(b'0' + s) }
                    })
                    .collect()
            })
            .collect();
        let text = format!("{} {}", text.join("/"), if north { 'N' } else { 'S' });
        let p = Position::from_text(&Options::default(), &text).unwrap();
        // Every piece, not only the movable row: the search itself is under test.
        for from in Square::all().filter(|&s| p.size_at(s) > 0) {
            let (ends, landings, goal) = naive_reach(&p, from);
            let reach = probe_reach(&p, from);
            prop_assert_eq!(reach, (ends, landings, goal), "{} from {}", text, from);
        }
        check_goal_shortcuts(&p, &p.legal_moves())?;
    }
}

/// Our generator's reach of one piece (whatever its row), as sets.
fn probe_reach(p: &Position, from: Square) -> (BTreeSet<Square>, BTreeSet<Square>, bool) {
    let reach = p.reach_of(from);
    let squares = |mask: u64| {
        Square::all()
            .filter(|s| mask & s.bit() != 0)
            .collect::<BTreeSet<_>>()
    };
    (squares(reach.ends), squares(reach.landings), reach.goal)
}

/// The search's hash (its transposition table, repetition check and leaf cache) tells apart
/// the positions a search meets side by side: every position two plies from a few points of
/// shuffled games with displacement, where cousins differ in a square or two. Rustc's
/// multiply-rotate hash, which the search used before, gave such pairs one hash when they
/// differed only in row 6 (the two words of the key meet there), hundreds of times in a
/// depth-3 search.
#[test]
fn the_search_hash_tells_apart_positions_two_plies_from_each_other() {
    let mut keys = std::collections::HashMap::new();
    for seed in 0..3u64 {
        let mut position = Position::start(&options(1, true), Seed(seed));
        for step in 0..2 + 2 * seed as usize {
            let moves = position.legal_moves();
            position.play_unchecked(&moves[(step * 13 + seed as usize * 7) % moves.len()]);
        }
        for mv in position.legal_moves() {
            let mut child = position.clone();
            child.play_unchecked(&mv);
            for reply in child.legal_moves() {
                let mut grandchild = child.clone();
                grandchild.play_unchecked(&reply);
                let key = grandchild.key();
                if let Some(other) = keys.insert(leapfrog::ai::hash_value(&key), key) {
                    assert_eq!(other, key, "two positions with one hash");
                }
            }
        }
    }
    assert!(keys.len() > 10_000, "only {} positions", keys.len());
}
