//! Property tests: random playouts under random options never panic, every generated move is
//! accepted, every other move is refused with a specific rule, and texts round-trip.

use std::collections::HashSet;

use leapfrog::games::jumpers::{IllegalMove, Move, Options, Position};
use leapfrog::games::{GameOptions, Rules, Seed};
use proptest::prelude::*;

/// Any combination of the five options.
fn options() -> impl Strategy<Value = Options> {
    (
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        0..8usize,
        any::<bool>(),
    )
        .prop_map(|(far, long, step, crawlers, relative)| {
            let crawlers = ["none", "S", "M", "B", "S,M", "S,B", "M,B", "S,M,B"][crawlers];
            Options::from_pairs([
                ("board", if far { "far" } else { "near" }),
                ("goal", if long { "long" } else { "short" }),
                ("step", if step { "on" } else { "off" }),
                ("crawlers", crawlers),
                ("height", if relative { "relative" } else { "absolute" }),
            ])
            .unwrap()
        })
}

/// A small deterministic generator so a failing case replays from its seed.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn check_position(position: &Position, rng: &mut Lcg) -> Result<(), TestCaseError> {
    let moves = position.legal_moves();
    let distinct: HashSet<_> = moves.iter().collect();
    prop_assert_eq!(distinct.len(), moves.len(), "duplicate moves");
    prop_assert_eq!(moves.is_empty(), position.outcome().is_finished());
    // Position text round-trips.
    let back = Position::from_text(position.options(), &position.to_text()).unwrap();
    prop_assert_eq!(&back, position);
    // Every generated move is accepted and its notation round-trips.
    for mv in &moves {
        prop_assert!(position.check(mv).is_ok(), "{mv} refused");
        prop_assert_eq!(&mv.to_string().parse::<Move>().unwrap(), mv);
    }
    // Random other moves are refused, each naming a specific rule.
    let cells = &position.geometry().cells;
    for _ in 0..24 {
        let mv = Move::Go {
            from: cells[rng.below(cells.len())],
            to: cells[rng.below(cells.len())],
        };
        let candidates = [mv, Move::Pass];
        for mv in candidates.iter().filter(|m| !moves.contains(m)) {
            let reason = position.check(mv).unwrap_err();
            prop_assert!(
                !matches!(reason, IllegalMove::NotLegal(_)),
                "no specific reason for {} in {}",
                mv,
                position.to_text()
            );
            prop_assert!(!reason.to_string().is_empty());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_playouts_keep_every_invariant(options in options(), seed in any::<u64>(), plies in 0..160usize) {
        let mut rng = Lcg(seed);
        let mut position = Position::start(&options, Seed(seed));
        let pieces = (0..position.geometry().cells.len() as u8)
            .map(|c| usize::from(position.height(c)))
            .sum::<usize>();
        for _ in 0..plies {
            check_position(&position, &mut rng)?;
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            position.play(&mv).unwrap();
            // Nothing is ever captured or removed.
            let now = (0..position.geometry().cells.len() as u8)
                .map(|c| usize::from(position.height(c)))
                .sum::<usize>();
            prop_assert_eq!(now, pieces);
        }
    }

    #[test]
    fn arbitrary_text_never_panics_the_parsers(text in ".{0,60}") {
        let _ = Position::from_text(&Options::default(), &text);
        let _ = text.parse::<Move>();
        let _ = Options::from_pairs([("crawlers", text.as_str())]);
    }
}
