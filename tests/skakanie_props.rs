//! Skakanie property tests: random games for 2, 3 and 4 players under random options always
//! end; every generated action is accepted and every other one refused with a reason; the 96
//! pieces are conserved at every ply; position texts round-trip; the bulk count and the
//! divide sum agree with perft.

use leapfrog::games::shuffle::Stream;
use leapfrog::games::skakanie::{Action, Direction, Options, Position, MAX_ROUNDS, PIECES};
use leapfrog::games::{GameOptions, Outcome, Rules, Seat, Seed};
use proptest::prelude::*;

fn options(players: u8, flags: u8, actions: u8) -> Options {
    let on = |bit: u8| if flags & bit != 0 { "on" } else { "off" };
    let actions = (3 + actions % 4).to_string();
    let players_text = players.to_string();
    let handicap = if flags & 8 != 0 { "2:1" } else { "none" };
    Options::from_pairs([
        ("players", players_text.as_str()),
        ("actions", actions.as_str()),
        ("bury", on(1)),
        ("pass", on(2)),
        (
            "start",
            if flags & 4 != 0 {
                "same-corner"
            } else {
                "corners"
            },
        ),
        ("score", if flags & 16 != 0 { "harsh" } else { "normal" }),
        ("handicap", handicap),
    ])
    .unwrap()
}

/// Every action a player could type or click.
fn every_action(players: u8) -> Vec<Action> {
    let mut all = vec![Action::Take, Action::Bury, Action::Pass];
    all.extend(Direction::ALL.map(Action::Step));
    all.extend((0..4).map(Seat).map(Action::Leave));
    all.retain(|a| !matches!(a, Action::Leave(s) if s.0 > players));
    all
}

fn pieces_on_table(p: &Position) -> u32 {
    let stacked: usize = p.rows().iter().flatten().map(Vec::len).sum();
    let pooled: u32 = (0..p.options().players)
        .map(|s| p.pool(Seat(s)).count_ones())
        .sum();
    stacked as u32 + pooled
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_end_conserve_pieces_and_explain_refusals(
        seed in any::<u64>(),
        players in 2u8..=4,
        flags in any::<u8>(),
        actions in any::<u8>(),
        leave in any::<bool>(),
    ) {
        let opts = options(players, flags, actions);
        let mut p = Position::start(&opts, Seed(seed));
        let mut stream = Stream::new(Seed(seed ^ 0x5eed));
        let limit = usize::from(MAX_ROUNDS) * usize::from(players) * 10;
        let mut plies = 0;
        while !p.is_over() {
            prop_assert_eq!(pieces_on_table(&p), u32::from(PIECES));
            let text = p.to_text();
            prop_assert_eq!(&Position::from_text(&opts, &text).unwrap(), &p, "{}", text);
            let legal = p.legal_moves();
            prop_assert!(!legal.is_empty());
            prop_assert_eq!(p.count_legal(), legal.len());
            for action in every_action(players) {
                let verdict = p.check(&action);
                if legal.contains(&action) {
                    prop_assert!(verdict.is_ok(), "{} refused: {:?}", action, verdict);
                } else if !matches!(action, Action::Leave(_)) {
                    let reason = verdict.expect_err("not generated, so refused").to_string();
                    prop_assert!(reason.len() > 10, "{}: {}", action, reason);
                }
            }
            // Now and then somebody leaves a game of three or four.
            let action = if leave && players > 2 && plies == 40 {
                Action::Leave(Seat(1))
            } else {
                legal[stream.below(legal.len())]
            };
            p.play(&action).unwrap();
            plies += 1;
            prop_assert!(plies < limit, "the game did not end: {}", p.to_text());
        }
        prop_assert_eq!(pieces_on_table(&p), u32::from(PIECES));
        prop_assert!(p.outcome().is_finished());
        let winners = match p.outcome() {
            Outcome::Win(seat) => vec![seat],
            Outcome::SharedWin(seats) => seats,
            other => panic!("Skakanie ends with winners, not {other:?}"),
        };
        for w in winners {
            prop_assert!(!p.has_left(w), "a seat that left cannot win");
        }
    }
}

#[test]
fn divide_sums_to_perft_and_the_start_has_take_and_two_steps() {
    for players in 2..=4 {
        let opts = options(players, 3, 0);
        let p = Position::start(&opts, Seed(u64::from(players)));
        // take, down, right, bury, pass from the top-left corner.
        assert_eq!(p.legal_moves().len(), 5);
        let total: u64 = leapfrog::games::perft::divide(&p, 4)
            .iter()
            .map(|(_, n)| n)
            .sum();
        assert_eq!(total, leapfrog::games::perft::perft(&p, 4));
    }
}
