//! Every Jumpers rule on a hand-built position, named after the rule it checks.

mod common;

use common::{play, position, refusal, targets};
use leapfrog::games::jumpers::Position;
use leapfrog::games::{DrawReason, Game, Outcome, PlayError, Rules, Seat};

const WHITE: Outcome = Outcome::Win(Seat(0));
const BLACK: Outcome = Outcome::Win(Seat(1));

fn start() -> Position {
    Position::start(&Default::default(), Default::default())
}

#[test]
fn worked_example_big_reaches_the_gate_in_two_moves() {
    let mut p = start();
    play(&mut p, &["e3-h6", "c9-d8"]);
    assert!(targets(&p, "h6").contains(&"e9".to_owned()));
    play(&mut p, &["h6-e9"]);
    assert_eq!(p.outcome(), WHITE);
    assert!(p.legal_moves().is_empty());
}

#[test]
fn worked_example_black_defends_with_a_two_high_tower() {
    let mut p = start();
    play(&mut p, &["e3-h6", "e9-f8"]);
    assert!(!targets(&p, "h6").contains(&"e9".to_owned()));
    assert_eq!(
        refusal(&p, "h6-e9"),
        "f8 is 2 high, but a Big may fly over or land on stacks of at most 1"
    );
}

#[test]
fn a_big_jumps_exactly_three_cells_in_the_six_directions() {
    let p = position(&[], &[("e5", "B"), ("e9", "s")], 'w');
    assert_eq!(targets(&p, "e5"), ["b2", "b8", "h2", "h8"]);
    assert_eq!(
        refusal(&p, "e5-f6"),
        "a Big jumps exactly 3 cells, and f6 is 1 away"
    );
    assert_eq!(
        refusal(&p, "e5-a5"),
        "a Big jumps exactly 3 cells, and a5 is 2 away"
    );
    assert_eq!(
        refusal(&p, "e5-f8"),
        "e5 and f8 are not on one straight line of cells"
    );
}

#[test]
fn the_height_limit_applies_to_every_cell_passed_and_the_landing_cell() {
    // Big (limit 1): a 2-stack on the path or on the landing cell blocks.
    let p = position(
        &[],
        &[
            ("e5", "B"),
            ("f6", "ss"),
            ("b2", "SS"),
            ("h2", "s"),
            ("b8", "B"),
        ],
        'w',
    );
    assert_eq!(targets(&p, "e5"), ["b8", "h2"]);
    assert_eq!(
        refusal(&p, "e5-h8"),
        "f6 is 2 high, but a Big may fly over or land on stacks of at most 1"
    );
    // Medium (limit 2) flies over the 2-stack but not a 3-stack.
    let p = position(&[], &[("e5", "M"), ("f6", "ss"), ("d6", "sss")], 'w');
    assert_eq!(targets(&p, "e5"), ["a5", "c3", "g3", "g7", "i5"]);
    // Small (limit 3) lands on a 3-stack but not a 4-stack.
    let p = position(&[], &[("e5", "S"), ("f6", "sss"), ("d6", "ssss")], 'w');
    assert_eq!(targets(&p, "e5"), ["c5", "d4", "f4", "f6", "g5"]);
}

#[test]
fn a_piece_lands_on_top_of_own_and_enemy_stacks() {
    let mut p = position(&[], &[("e5", "M"), ("g7", "b"), ("c3", "S")], 'w');
    play(&mut p, &["e5-g7"]);
    assert_eq!(p.to_text().split('/').nth(2), Some("...(bM)."));
    let mut p = position(&[], &[("e5", "M"), ("g7", "b"), ("c3", "S")], 'w');
    play(&mut p, &["e5-c3"]);
    assert_eq!(p.to_text().split('/').nth(6), Some(".(SM)..."));
}

#[test]
fn only_the_top_piece_of_a_stack_moves() {
    let p = position(&[], &[("e5", "Bs"), ("c3", "S")], 'w');
    assert!(targets(&p, "e5").is_empty());
    assert_eq!(
        refusal(&p, "e5-h8"),
        "the top piece on e5 is Black's, and only the top piece of a stack moves"
    );
    assert_eq!(refusal(&p, "e7-e5"), "there is no piece on e7");
    assert_eq!(
        refusal(&p, "e5-a9"),
        "there is no cell a9 on the near board"
    );
}

#[test]
fn heights_count_from_the_ground_whatever_the_start_level() {
    // A Big on top of a 3-stack jumps like one on the ground: down onto 1-stacks and empty cells.
    let p = position(&[], &[("e5", "sssB"), ("h8", "s"), ("b2", "ss")], 'w');
    assert_eq!(targets(&p, "e5"), ["b8", "h2", "h8"]);
}

#[test]
fn relative_height_counts_the_limit_from_the_jumpers_level() {
    let stacks = [("e5", "ssB"), ("f6", "sss"), ("h8", "ssss"), ("b2", "ssss")];
    // Level 2 + limit 1 = 3: over the 3-stack on f6, but not onto the 4-stacks.
    let p = position(&["height=relative"], &stacks, 'w');
    assert_eq!(targets(&p, "e5"), ["b8", "h2"]);
    assert_eq!(
        refusal(&p, "e5-h8"),
        "h8 is 4 high, but a Big may fly over or land on stacks of at most 3 (its level plus its height limit)"
    );
    // Absolute: f6 blocks too.
    let p = position(&[], &stacks, 'w');
    assert_eq!(targets(&p, "e5"), ["b8", "h2"]);
    let p = position(&["height=relative"], &[("e5", "ssB"), ("f6", "sss")], 'w');
    assert_eq!(targets(&p, "e5"), ["b2", "b8", "h2", "h8"]);
    // Descending from any height is allowed.
    let p = position(&["height=relative"], &[("e5", "ssssssB")], 'w');
    assert_eq!(targets(&p, "e5"), ["b2", "b8", "h2", "h8"]);
}

#[test]
fn a_step_moves_one_cell_on_the_same_level_and_never_climbs_or_descends() {
    let p = position(&["step=on"], &[("e5", "M"), ("f6", "s")], 'w');
    // Six jumps of two, plus steps to the five empty neighbours (not onto f6).
    assert_eq!(
        targets(&p, "e5"),
        ["a5", "c3", "c5", "c7", "d4", "d6", "f4", "g3", "g5", "g7", "i5"]
    );
    assert_eq!(
        refusal(&p, "e5-f6"),
        "a step stays on its level: the piece stands at level 0, but f6 is 1 high"
    );
    // From the top of a 1-stack a step goes only onto 1-stacks.
    let p = position(
        &["step=on"],
        &[("e5", "sM"), ("f6", "s"), ("d6", "ss")],
        'w',
    );
    assert!(targets(&p, "e5").contains(&"f6".to_owned()));
    assert!(!targets(&p, "e5").contains(&"d4".to_owned()));
    // Without step=on, no steps.
    let p = position(&[], &[("e5", "M")], 'w');
    assert_eq!(
        refusal(&p, "e5-f6"),
        "a Medium jumps exactly 2 cells, and f6 is 1 away"
    );
}

#[test]
fn a_small_on_a_tall_stack_can_step_where_its_jump_cannot_land() {
    let stacks = [("e5", "ssssS"), ("f6", "ssss"), ("d6", "sss")];
    let p = position(&["step=on"], &stacks, 'w');
    assert_eq!(targets(&p, "e5"), ["c5", "d4", "d6", "f4", "f6", "g5"]);
    let p = position(&[], &stacks, 'w');
    assert_eq!(targets(&p, "e5"), ["c5", "d4", "d6", "f4", "g5"]);
}

#[test]
fn a_crawler_moves_one_to_n_cells_climbing_or_descending_one_level_per_cell() {
    // Medium crawler on the ground: 1 or 2 cells each way, over empty ground.
    let p = position(&["crawlers=M"], &[("e5", "M")], 'w');
    assert_eq!(
        targets(&p, "e5"),
        ["a5", "c3", "c5", "c7", "d4", "d6", "f4", "f6", "g3", "g5", "g7", "i5"]
    );
    // Climbs a 1-stack and comes down the other side; a 2-stack is too steep.
    let p = position(
        &["crawlers=M"],
        &[("e5", "M"), ("g5", "s"), ("c5", "ss")],
        'w',
    );
    let t = targets(&p, "e5");
    assert!(t.contains(&"g5".to_owned()) && t.contains(&"i5".to_owned()));
    assert!(!t.contains(&"c5".to_owned()) && !t.contains(&"a5".to_owned()));
    assert_eq!(
        refusal(&p, "e5-a5"),
        "a crawler climbs or descends one level per cell, but c5 is 2 high and the crawler is at level 0 before it"
    );
    assert_eq!(
        refusal(&p, "e5-e9"),
        "e5 and e9 are not on one straight line of cells"
    );
}

#[test]
fn a_big_crawler_climbs_a_staircase_step_by_step() {
    let stairs = [
        ("a5", "B"),
        ("c5", "s"),
        ("e5", "ss"),
        ("g5", "sss"),
        ("i5", "ssss"),
    ];
    let p = position(&["crawlers=B"], &stairs, 'w');
    assert!(targets(&p, "a5").contains(&"g5".to_owned()));
    assert_eq!(
        refusal(&p, "a5-i5"),
        "a Big crawler moves 1 to 3 cells, and i5 is 4 away"
    );
    // As a jumper the same Big is stopped eastwards by the first 2-stack.
    let p = position(&[], &stairs, 'w');
    assert_eq!(targets(&p, "a5"), ["d2", "d8"]);
}

#[test]
fn a_crawler_on_a_tower_with_low_neighbours_is_stuck() {
    let p = position(&["crawlers=S"], &[("e5", "sssS"), ("f6", "ss")], 'w');
    assert_eq!(targets(&p, "e5"), ["f6"]);
    let p = position(&["crawlers=S"], &[("e5", "sssS"), ("c3", "b")], 'w');
    assert!(targets(&p, "e5").is_empty());
    assert_eq!(
        refusal(&p, "e5-f6"),
        "a crawler climbs or descends one level per cell, but f6 is 0 high and the crawler is at level 3 before it"
    );
}

#[test]
fn short_goal_landing_on_any_enemy_gate_wins_empty_or_not() {
    let mut p = position(&[], &[("d8", "S"), ("e9", "sss"), ("c3", "b")], 'w');
    play(&mut p, &["d8-e9"]);
    assert_eq!(p.outcome(), WHITE);
    let mut p = position(&[], &[("h8", "S"), ("c3", "b")], 'w');
    play(&mut p, &["h8-g9"]);
    assert_eq!(p.outcome(), WHITE);
    // Black's gates are on rank 9 only: rank 1 is White's own.
    let mut p = position(&[], &[("d2", "S"), ("c7", "b")], 'w');
    play(&mut p, &["d2-e1"]);
    assert_eq!(p.outcome(), Outcome::Ongoing);
}

#[test]
fn far_board_gates_are_the_corners_and_the_centre() {
    let mut p = position(&["board=far"], &[("b8", "S"), ("e5", "b")], 'w');
    play(&mut p, &["b8-a9"]);
    assert_eq!(p.outcome(), WHITE);
    let mut p = position(&["board=far"], &[("b8", "S"), ("e5", "b")], 'w');
    play(&mut p, &["b8-c9"]);
    assert_eq!(p.outcome(), Outcome::Ongoing);
}

#[test]
fn long_goal_needs_the_top_of_all_three_enemy_gates() {
    let stacks = [
        ("c9", "sS"),
        ("e9", "S"),
        ("h8", "S"),
        ("g9", "s"),
        ("c3", "b"),
    ];
    let mut p = position(&["goal=long"], &stacks, 'w');
    play(&mut p, &["h8-g9"]);
    assert_eq!(p.outcome(), WHITE);
    let mut p = position(&["goal=long"], &stacks, 'w');
    play(&mut p, &["e9-f8"]);
    assert_eq!(p.outcome(), Outcome::Ongoing);
    // Landing on one gate is not enough.
    let mut p = position(&["goal=long"], &[("h8", "S"), ("c3", "b")], 'w');
    play(&mut p, &["h8-g9"]);
    assert_eq!(p.outcome(), Outcome::Ongoing);
}

#[test]
fn long_goal_moving_off_a_gate_can_uncover_the_opponents_win() {
    // Black is on top of c1 and e1; on g1 a White Small covers a Black Big.
    let stacks = [("c1", "b"), ("e1", "b"), ("g1", "bS"), ("e5", "s")];
    let mut p = position(&["goal=long"], &stacks, 'w');
    play(&mut p, &["g1-h2"]);
    assert_eq!(p.outcome(), BLACK);
}

#[test]
fn long_goal_the_mover_is_checked_first() {
    // Both sides hold all three enemy gates; White just moved (Black to move): White wins.
    let stacks = [
        ("c9", "S"),
        ("e9", "S"),
        ("g9", "S"),
        ("c1", "s"),
        ("e1", "s"),
        ("g1", "s"),
    ];
    assert_eq!(position(&["goal=long"], &stacks, 'b').outcome(), WHITE);
    assert_eq!(position(&["goal=long"], &stacks, 'w').outcome(), BLACK);
}

#[test]
fn a_player_without_a_move_passes_and_may_not_pass_otherwise() {
    // White's only piece, a Big on c1, is walled in by a 2-stack on d2.
    let mut p = position(&[], &[("c1", "B"), ("d2", "ss")], 'w');
    assert_eq!(p.legal_moves(), vec!["pass".parse().unwrap()]);
    assert_eq!(
        refusal(&p, "c1-f4"),
        "d2 is 2 high, but a Big may fly over or land on stacks of at most 1"
    );
    play(&mut p, &["pass"]);
    assert_eq!(p.to_move(), Seat(1));
    assert_eq!(
        refusal(&p, "pass"),
        "you can only pass when you have no legal move"
    );
}

#[test]
fn nobody_can_move_is_a_draw() {
    let p = position(&["crawlers=S,M,B"], &[("e5", "sssB"), ("e7", "SSSb")], 'w');
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Outcome::Draw(DrawReason::NoMoves));
    assert_eq!(refusal(&p, "e5-f6"), "the game is over");
}

#[test]
fn the_third_repetition_with_the_same_player_to_move_is_a_draw() {
    let mut game = Game::new(start());
    let cycle = ["e1-f2", "e9-f8", "f2-e1", "f8-e9"];
    for (i, mv) in cycle.iter().chain(&cycle).enumerate() {
        assert_eq!(game.outcome(), Outcome::Ongoing, "before ply {i}");
        game.play(&mv.parse().unwrap()).unwrap();
    }
    assert_eq!(game.outcome(), Outcome::Draw(DrawReason::Repetition));
    assert!(game.legal_moves().is_empty());
    assert!(matches!(
        game.play(&"e3-h6".parse().unwrap()),
        Err(PlayError::Finished(_))
    ));
}

#[test]
fn start_positions_hold_every_piece_on_its_row() {
    assert_eq!(
        start().to_text(),
        "sss/mmmm/bbbbb/..../...../..../BBBBB/MMMM/SSS w"
    );
    let far = common::position(&["board=far"], &[], 'w');
    assert_eq!(
        far.to_text(),
        "...../..../...../..../.../..../...../..../..... w"
    );
    let far = Position::start(&common::options(&["board=far"]), Default::default());
    assert_eq!(
        far.to_text(),
        "sssss/mmmm/bbbbb/..../.../..../BBBBB/MMMM/SSSSS w"
    );
}

#[test]
fn bad_position_texts_are_refused_with_a_reason() {
    let options = common::options(&[]);
    for (text, reason) in [
        ("", "the position text is empty"),
        (
            "sss/mmmm w",
            "a Jumpers board has 9 ranks separated by '/', this has 2",
        ),
        (
            "sss/mmmm/bbbbb/..../...../..../BBBBB/MMMM/SSS",
            "the side to move (w or b) is missing after the board",
        ),
        (
            "sss/mmmm/bbbbb/..../...../..../BBBBB/MMMM/SSS x",
            "the side to move is w or b, not 'x'",
        ),
        (
            "sss/mmmm/bbbbb/..../..../..../BBBBB/MMMM/SSS w",
            "rank 5 has 4 cells here, but on the near board it has 5",
        ),
        (
            "sss/mmmm/bbbbb/..../...../..../BBBBB/MMMM/SSX w",
            "rank 1: 'X' is not a piece: use S M B for White, s m b for Black, . for empty",
        ),
        (
            "sss/mmmm/bbbbb/..../...../..../BBBBB/MMMM/SS(S w",
            "rank 1: a '(' stack is not closed",
        ),
    ] {
        let err = Position::from_text(&options, text).unwrap_err();
        assert_eq!(err.to_string(), format!("bad position: {reason}"), "{text}");
    }
}
