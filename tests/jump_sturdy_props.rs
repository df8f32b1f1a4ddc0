//! Jump Sturdy property tests: random games never panic and end, every generated move is
//! accepted and every other one refused with a reason, texts round-trip, men are conserved
//! except by captures, and the bulk count equals the move list.

use std::collections::HashSet;

use leapfrog::games::jump_sturdy::{Color, Move, Position, Square};
use leapfrog::games::{Rules, Seed};
use proptest::prelude::*;

mod common;

use common::random_playout;

fn men(p: &Position) -> u32 {
    p.count_men(Color::Blue) + p.count_men(Color::Red)
}

fn check_position(position: &Position, probes: &[(u8, u8)]) -> Result<(), TestCaseError> {
    let moves = position.legal_moves();
    let distinct: HashSet<_> = moves.iter().collect();
    prop_assert_eq!(distinct.len(), moves.len(), "duplicate moves");
    prop_assert_eq!(moves.is_empty(), position.outcome().is_finished());
    prop_assert_eq!(position.count_legal(), moves.len());
    let back = Position::from_text(&Default::default(), &position.to_text()).unwrap();
    prop_assert_eq!(back.key(), position.key());
    for mv in &moves {
        prop_assert!(position.check(mv).is_ok(), "{mv} refused");
        prop_assert_eq!(&mv.to_string().parse::<Move>().unwrap(), mv);
        let mut child = position.clone();
        child.play_unchecked(mv);
        let lost = men(position) - men(&child);
        prop_assert_eq!(
            lost,
            u32::from(child.last_was_capture()),
            "men conserved but for captures"
        );
    }
    for &(a, b) in probes {
        let mv = Move {
            from: Square(a % 64),
            to: Square(b % 64),
        };
        if !moves.contains(&mv) {
            let reason = position.check(&mv).unwrap_err().to_string();
            prop_assert!(!reason.is_empty());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_keep_every_invariant(choices in proptest::collection::vec(any::<u16>(), 300), probes in proptest::collection::vec((any::<u8>(), any::<u8>()), 16)) {
        let start = Position::start(&Default::default(), Seed::default());
        random_playout(start, &choices, |p| check_position(p, &probes))?;
    }
}
