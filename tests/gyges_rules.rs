//! Every Gygès rule on hand-built positions (`shared/rules/gyges.md`).

use leapfrog::games::gyges::{IllegalMove, Move, Options, Point, Position, Side, Square};
use leapfrog::games::{DrawReason, GameOptions, Outcome, Rules, Seat, Seed};

fn position(text: &str) -> Position {
    Position::from_text(&Options::default(), text).unwrap()
}

fn displacing(text: &str) -> Position {
    let options = Options::from_pairs([("displace", "on")]).unwrap();
    Position::from_text(&options, text).unwrap()
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

fn legal(p: &Position) -> Vec<String> {
    p.legal_moves().iter().map(ToString::to_string).collect()
}

fn refusal(p: &Position, text: &str) -> IllegalMove {
    p.check(&mv(text)).unwrap_err()
}

#[test]
fn placement_alternates_on_the_start_rows_south_first() {
    let mut p = Position::start(&Options::default(), Seed(0));
    assert!(p.placing());
    assert_eq!(p.to_move(), Seat(0));
    assert_eq!(p.legal_moves().len(), 18, "three sizes on six squares");
    p.play(&mv("3@c1")).unwrap();
    assert_eq!(p.turn(), Side::North);
    assert_eq!(
        refusal(&p, "2@c1"),
        IllegalMove::NotHomeRow {
            side: "North",
            row: 6,
            square: sq("c1")
        }
    );
    assert_eq!(refusal(&p, "b1-b2"), IllegalMove::StillPlacing);
    p.play(&mv("2@c6")).unwrap();
    p.play(&mv("3@a1")).unwrap();
    assert_eq!(
        refusal(&p, "2@c6"),
        IllegalMove::Occupied(sq("c6")),
        "North places on an empty square only"
    );
    p.play(&mv("1@d6")).unwrap();
    // South has placed both 3s.
    assert_eq!(
        refusal(&p, "3@b1"),
        IllegalMove::NotInHand {
            size: 3,
            hand: "1, 1, 2, 2".into()
        }
    );
    assert_eq!(
        p.to_text(),
        "..21../....../....../....../....../3.3... S S:1122 N:1233"
    );
    for text in ["1@b1", "1@f6", "2@d1", "2@a6", "1@e1", "3@e6", "2@f1"] {
        p.play(&mv(text)).unwrap();
    }
    assert!(p.placing());
    assert_eq!(
        p.to_text(),
        "2.2131/....../....../....../....../313212 N S: N:3"
    );
    p.play(&mv("3@b6")).unwrap();
    assert!(!p.placing(), "twelve pieces placed");
    assert_eq!(p.turn(), Side::South, "South moves first");
    assert_eq!(refusal(&p, "1@c2"), IllegalMove::NothingToPlace);
}

#[test]
fn random_and_mirror_set_ups_follow_the_seed() {
    let random = Options::from_pairs([("setup", "random")]).unwrap();
    let mirror = Options::from_pairs([("setup", "mirror")]).unwrap();
    let a = Position::start(&random, Seed(11));
    assert_eq!(a.to_text(), Position::start(&random, Seed(11)).to_text());
    assert!(!a.placing());
    let m = Position::start(&mirror, Seed(11));
    for file in 0..6 {
        let (south, north) = (Square::at(file, 0).unwrap(), Square::at(file, 5).unwrap());
        assert_eq!(m.size_at(south), m.size_at(north), "file {file}");
        assert_eq!(
            m.size_at(south),
            a.size_at(south),
            "the same seed, the same South row"
        );
    }
    let mut sizes: Vec<u8> = (0..6)
        .map(|f| a.size_at(Square::at(f, 5).unwrap()))
        .collect();
    sizes.sort_unstable();
    assert_eq!(sizes, [1, 1, 2, 2, 3, 3]);
    let differ =
        (0..20u64).any(|seed| Position::start(&random, Seed(seed)).to_text() != a.to_text());
    assert!(differ);
}

#[test]
fn a_piece_moves_exactly_its_size_over_empty_squares() {
    // A lone 2 on c1 (and a North piece far away): every square two steps away.
    let p = position("....1./....../....../....../....../..2... S");
    assert_eq!(
        legal(&p),
        ["c1-a1", "c1-e1", "c1-b2", "c1-d2", "c1-c3"],
        "two orthogonal steps with turns, never back to c1"
    );
    assert_eq!(
        refusal(&p, "c1-c2"),
        IllegalMove::OutOfReach {
            size: 2,
            from: sq("c1"),
            to: sq("c2")
        }
    );
    assert_eq!(refusal(&p, "c1-c1"), IllegalMove::BackToStart);
    assert_eq!(refusal(&p, "d4-d5"), IllegalMove::NoPiece(sq("d4")));
}

#[test]
fn a_bounce_chain_of_three() {
    // a1 steps onto b1, bounces 1 onto c1, 1 onto d1, then 2 by d2 to e2.
    let p = position("....1./....../....../....../....../1112.. S");
    let path = p.path_of(&mv("a1-e2")).unwrap();
    assert_eq!(path.bounces, [sq("b1"), sq("c1"), sq("d1")]);
    assert_eq!(
        path.points,
        ["a1", "b1", "c1", "d1", "d2", "e2"].map(|s| Point::Square(sq(s)))
    );
}

#[test]
fn a_square_may_be_crossed_twice_by_different_edges() {
    // a1 (3) passes b2 going north, bounces on a2 (3) and comes back into b2 from b3.
    let p = position("....../...2../.1..../....../3...../3..... S");
    let path = p.path_of(&mv("a1-b2")).unwrap();
    let b2 = Point::Square(sq("b2"));
    assert_eq!(path.points.iter().filter(|&&p| p == b2).count(), 2);
    assert_eq!(path.bounces, [sq("a2")]);
}

#[test]
fn no_edge_is_crossed_twice() {
    // d1 (2) passes d2 and bounces on d3 (1); going back to d2 would reuse the d2–d3 edge.
    let p = position("....../....../....../.1.1../....../...2.. S");
    assert!(!legal(&p).contains(&"d1-d2".to_owned()));
    assert!(matches!(
        refusal(&p, "d1-d2"),
        IllegalMove::OutOfReach { .. }
    ));
    assert!(
        legal(&p).contains(&"d1-d4".to_owned()),
        "the bounce goes on north"
    );
}

#[test]
fn the_goal_can_be_reached_at_the_end_of_a_bounce() {
    // c5 (1) lands on c6 (1) and bounces one step into the goal.
    let p = position("..1.../..1.../....../....../....../...... S");
    let path = p.path_of(&mv("c5-goal")).unwrap();
    assert_eq!(path.points.last(), Some(&Point::Goal));
    assert_eq!(path.bounces, [sq("c6")]);
    let mut won = p.clone();
    won.play(&mv("c5-goal")).unwrap();
    assert_eq!(won.outcome(), Outcome::Win(Seat(0)));
    assert_eq!(
        won.to_text(),
        "..1.../....../....../....../....../...... N goal:1"
    );
    assert!(won.legal_moves().is_empty());
    assert_eq!(won.check(&mv("c6-c5")).unwrap_err(), IllegalMove::Finished);
    let back = Position::from_text(&Options::default(), &won.to_text()).unwrap();
    assert_eq!(back, won);
}

#[test]
fn the_goal_is_entered_only_as_the_last_step_of_a_stretch() {
    // a6 (2) would need to pass through the goal; b6 (1) blocks the way round.
    let p = position("21..../....../....../....../....../...... S");
    assert_eq!(
        refusal(&p, "a6-goal"),
        IllegalMove::GoalOutOfReach {
            size: 2,
            from: sq("a6"),
            row: 6
        }
    );
    assert!(legal(&p).contains(&"b6-goal".to_owned()));
    // North never enters its own goal (beyond row 6) but aims for the one beyond row 1.
    let north = position("21..../....../....../....../....../...... N");
    assert!(!legal(&north).iter().any(|m| m.ends_with("goal")));
    let south_row = position("....../....../....../....../....../1..... S");
    assert!(!legal(&south_row).iter().any(|m| m.ends_with("goal")));
}

#[test]
fn only_the_nearest_row_moves_and_it_falls_through_when_stuck() {
    let p = position("..1..3/....../....../....../.2..../...... S");
    assert_eq!(p.moving_row(Side::South), Some(1));
    assert_eq!(p.moving_row(Side::North), Some(5));
    assert_eq!(refusal(&p, "c6-c5"), IllegalMove::WrongRow { row: 2 });
    // Every piece of row 1 is jammed: South moves from row 2.
    let stuck = position("....../....../1...../22..1./2113.2/3.3.3. S");
    assert_eq!(stuck.moving_row(Side::South), Some(1));
    assert!(legal(&stuck).iter().all(|m| m.as_bytes()[1] == b'2'));
    assert!(!legal(&stuck).is_empty());
    assert_eq!(refusal(&stuck, "a1-b1"), IllegalMove::WrongRow { row: 2 });
}

#[test]
fn displacement_puts_the_piece_within_the_limit() {
    // b1 (1) lands on b2 (1); the highest piece is on row 3, so drops go to rows 1–3.
    let p = displacing("....../....../....../..2.../.1..../.1.... S");
    let moves = legal(&p);
    assert!(moves.contains(&"b1-b2:a1".to_owned()));
    assert!(moves.contains(&"b1-b2:f3".to_owned()));
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("b1-b2:") && m.ends_with('4')));
    assert_eq!(refusal(&p, "b1-b2:a4"), IllegalMove::DropTooFar { row: 3 });
    assert_eq!(refusal(&p, "b1-b2:b1"), IllegalMove::SameSizeSwap(sq("b1")));
    assert_eq!(refusal(&p, "b1-b2:c3"), IllegalMove::Occupied(sq("c3")));
    assert_eq!(
        refusal(&p, "b1-b2"),
        IllegalMove::DropMissing {
            from: sq("b1"),
            to: sq("b2")
        }
    );
    assert_eq!(
        refusal(&p, "b1-a1:a2"),
        IllegalMove::NothingToDisplace(sq("a1"))
    );
    let mut after = p.clone();
    after.play(&mv("b1-b2:e1")).unwrap();
    assert_eq!(
        after.to_text(),
        "....../....../....../..2.../.1..../....1. N"
    );
    // A 3 bounced on may go back to the mover's start: the sizes differ.
    let unequal = displacing("....../....../....../..2.../.3..../.1.... S");
    assert!(legal(&unequal).contains(&"b1-b2:b1".to_owned()));
    // Without the option, landing on a piece is a bounce, never an end.
    let plain = position("....../....../....../..2.../.1..../.1.... S");
    assert_eq!(refusal(&plain, "b1-b2"), IllegalMove::EndsOnPiece(sq("b2")));
    assert_eq!(refusal(&plain, "b1-b2:a1"), IllegalMove::DisplaceOff);
}

#[test]
fn north_drops_no_lower_than_south_nearest_row() {
    let p = displacing("....1./....1./....../....../...2../...... N");
    assert!(legal(&p).contains(&"e6-e5:a2".to_owned()));
    assert_eq!(refusal(&p, "e6-e5:a1"), IllegalMove::DropTooFar { row: 2 });
}

#[test]
fn a_pass_is_refused_while_a_move_exists() {
    let p = position("....1./....../....../....../....../..2... S");
    assert_eq!(refusal(&p, "pass"), IllegalMove::PassWithMoves);
}

#[test]
fn an_empty_board_is_a_draw_with_no_moves() {
    let p = position("....../....../....../....../....../...... S");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Outcome::Draw(DrawReason::NoMoves));
}

#[test]
fn position_texts_are_checked() {
    for (text, reason) in [
        ("....../....../...... S", "6 rows"),
        ("....../....../....../....../....../.....4 S", "not a piece"),
        ("....../....../....../....../....../...... X", "S or N"),
        (
            "111111/....../....../....../....../1..... S",
            "only four pieces of size 1",
        ),
        (
            "....../....../....../....../...1../...... N S:12233 N:112233",
            "rows 1 and 6",
        ),
        (
            "....../....../....../....../....../3..... S S:11223 N:112233",
            "cannot be whose turn",
        ),
        (
            "....../....../....../....../....../...... S S:112233",
            "both hands",
        ),
        (
            "....../....../....../....../....../...... S S:1112233 N:112233",
            "more than two",
        ),
        (
            "....../....../....../....../....../...... N goal:4",
            "goal:4",
        ),
    ] {
        let err = Position::from_text(&Options::default(), text).unwrap_err();
        assert!(err.to_string().contains(reason), "{text}: {err}");
    }
    let start = Position::start(&Options::default(), Seed(0));
    assert_eq!(
        start.to_text(),
        "....../....../....../....../....../...... S S:112233 N:112233"
    );
    let example = "..2.../....../....../....../....../3..1.. N S:1223 N:11233";
    assert_eq!(
        position(example).to_text(),
        example,
        "the rule file's example"
    );
}
