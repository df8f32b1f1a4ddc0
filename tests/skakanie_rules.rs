//! Skakanie's rules on hand-built tables: each action, turns and handicaps, the gap-closing
//! cases of the rule file, the end of the last round, leaving, scoring and the text format.

use leapfrog::games::skakanie::{Action, Direction, Options, Position, PIECES};
use leapfrog::games::{GameOptions, Outcome, Rules, Seat, Seed};

fn options(pairs: &[(&str, &str)]) -> Options {
    Options::from_pairs(pairs.iter().copied()).unwrap()
}

fn piece(p: u8) -> String {
    format!("{}{}", char::from(b'a' + p % 12), p / 12 + 1)
}

/// A table with stacks of these heights (rows of stacks), pieces dealt in order, the rest
/// in the last seat's pool; `pawns` as (row, stack) from 0; seat `turn` (from 0) to move
/// with `left` actions.
fn table(
    opts: &Options,
    heights: &[&[usize]],
    pawns: &[(usize, usize)],
    turn: u8,
    left: u8,
    flags: &str,
) -> Position {
    let mut next = 0u8;
    let rows: Vec<String> = heights
        .iter()
        .map(|row| {
            row.iter()
                .map(|&h| {
                    (0..h)
                        .map(|_| {
                            next += 1;
                            piece(next - 1)
                        })
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let rest: String = (next..PIECES).map(piece).collect();
    let seats = usize::from(opts.players);
    let mut pools = vec!["-".to_owned(); seats];
    if !rest.is_empty() {
        pools[seats - 1] = rest;
    }
    let pawns: Vec<String> = pawns
        .iter()
        .map(|(r, c)| format!("{}.{}", r + 1, c + 1))
        .collect();
    let text = format!(
        "{} {} {} {}:{left} r1 {flags}",
        rows.join("/"),
        pawns.join(","),
        pools.join(","),
        turn + 1
    );
    Position::from_text(opts, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn act(position: &mut Position, actions: &str) {
    for word in actions.split_whitespace() {
        let action: Action = word.parse().unwrap();
        position
            .play(&action)
            .unwrap_or_else(|e| panic!("{word}: {e}"));
    }
}

fn refusal(position: &Position, action: &str) -> String {
    position
        .check(&action.parse().unwrap())
        .unwrap_err()
        .to_string()
}

#[test]
fn the_deal_follows_the_seed_and_pawns_start_on_corners_clockwise() {
    let four = options(&[("players", "4")]);
    let a = Position::start(&four, Seed(11));
    assert_eq!(a, Position::start(&four, Seed(11)));
    assert_ne!(a.to_text(), Position::start(&four, Seed(12)).to_text());
    assert_eq!(a.rows().len(), 3);
    assert!(a
        .rows()
        .iter()
        .all(|r| r.len() == 4 && r.iter().all(|s| s.len() == 8)));
    let pawns: Vec<_> = (0..4).map(|s| a.pawn(Seat(s))).collect();
    assert_eq!(pawns, [(0, 0), (0, 3), (2, 3), (2, 0)]);
    let same = Position::start(
        &options(&[("players", "3"), ("start", "same-corner")]),
        Seed(1),
    );
    assert!((0..3).all(|s| same.pawn(Seat(s)) == (0, 0)));
}

#[test]
fn take_moves_the_face_up_piece_to_the_pool_and_turns_up_the_next() {
    let mut p = Position::start(&Options::default(), Seed(5));
    let top = *p.rows()[0][0].last().unwrap();
    let next = p.rows()[0][0][6];
    act(&mut p, "take");
    assert_eq!(p.pool(Seat(0)), 1 << top);
    assert_eq!(*p.rows()[0][0].last().unwrap(), next);
    assert_eq!(p.rows()[0][0].len(), 7);
    assert_eq!(p.actions_left(), 2);
}

#[test]
fn pawns_step_to_orthogonal_neighbours_only() {
    let mut p = Position::start(&Options::default(), Seed(5));
    assert_eq!(
        refusal(&p, "up"),
        "there is no stack above your pawn (row 1, stack 1); from there you can go down, right"
    );
    assert_eq!(
        refusal(&p, "left"),
        "there is no stack to the left of your pawn (row 1, stack 1); from there you can go down, right"
    );
    act(&mut p, "down right up");
    assert_eq!(p.pawn(Seat(0)), (0, 1));
    // A shorter row below: down is refused where it has no stack.
    let opts = Options::default();
    let p = table(
        &opts,
        &[&[8, 8, 8, 8], &[8, 8]],
        &[(0, 3), (0, 0)],
        0,
        3,
        "",
    );
    assert!(refusal(&p, "down").starts_with("there is no stack below your pawn (row 1, stack 4)"));
    assert_eq!(
        p.legal_moves(),
        [Action::Take, Action::Step(Direction::Left)]
    );
}

#[test]
fn a_turn_is_all_its_actions_and_handicaps_change_the_count() {
    let opts = options(&[("players", "3"), ("actions", "4"), ("handicap", "2:6")]);
    let mut p = Position::start(&opts, Seed(2));
    assert_eq!(p.actions_left(), 4);
    act(&mut p, "take take take");
    assert_eq!(p.to_move(), Seat(0));
    act(&mut p, "take");
    assert_eq!((p.to_move(), p.actions_left()), (Seat(1), 6));
    act(&mut p, "take take take take take take");
    assert_eq!((p.to_move(), p.actions_left()), (Seat(2), 4));
    act(&mut p, "left left up take");
    assert_eq!((p.to_move(), p.round()), (Seat(0), 2));
}

#[test]
fn bury_needs_its_option_and_a_piece_to_turn_up() {
    let p = Position::start(&Options::default(), Seed(3));
    assert_eq!(
        refusal(&p, "bury"),
        "bury is not part of this game (it needs the option bury=on)"
    );
    let mut p = Position::start(&options(&[("bury", "on")]), Seed(3));
    let stack = p.rows()[0][0].clone();
    act(&mut p, "bury");
    let mut expected = vec![stack[7]];
    expected.extend_from_slice(&stack[..7]);
    assert_eq!(p.rows()[0][0], expected);
    let opts = options(&[("bury", "on")]);
    let alone = table(&opts, &[&[1, 8, 8, 8]], &[(0, 0), (0, 1)], 0, 3, "");
    assert_eq!(
        refusal(&alone, "bury"),
        "the stack under your pawn has only its face-up piece, so there is nothing to turn up"
    );
    assert!(!alone.legal_moves().contains(&Action::Bury));
}

#[test]
fn pass_ends_a_turn_early_only_with_its_option() {
    let p = Position::start(&Options::default(), Seed(3));
    assert_eq!(
        refusal(&p, "pass"),
        "every turn has all its actions (3 left); ending early needs the option pass=on"
    );
    let mut p = Position::start(&options(&[("pass", "on")]), Seed(3));
    act(&mut p, "take pass");
    assert_eq!((p.to_move(), p.actions_left()), (Seat(1), 3));
}

#[test]
fn an_emptied_stack_in_the_middle_of_a_row_closes_the_gap() {
    let opts = options(&[("players", "3")]);
    // Seat 1 on the one-piece stack 2, seat 2 on stack 4, seat 3 on stack 1.
    let mut p = table(
        &opts,
        &[&[8, 1, 8, 8], &[8, 8, 8, 8]],
        &[(0, 1), (0, 3), (0, 0)],
        0,
        3,
        "",
    );
    act(&mut p, "take");
    assert_eq!(p.rows()[0].len(), 3);
    // A stack slid under seat 1; seat 2 slid with its stack; seat 3 stayed.
    assert_eq!(p.pawn(Seat(0)), (0, 1));
    assert_eq!(p.pawn(Seat(1)), (0, 2));
    assert_eq!(p.pawn(Seat(2)), (0, 0));
}

#[test]
fn an_emptied_last_stack_sends_its_pawns_to_the_new_last_stack() {
    let opts = Options::default();
    let mut p = table(
        &opts,
        &[&[8, 8, 8, 1], &[8, 8]],
        &[(0, 3), (0, 3)],
        0,
        3,
        "",
    );
    act(&mut p, "take");
    assert_eq!(p.rows()[0].len(), 3);
    assert_eq!(p.pawn(Seat(0)), (0, 2));
    assert_eq!(p.pawn(Seat(1)), (0, 2));
}

#[test]
fn an_emptied_row_lets_the_rows_below_slide_up() {
    let opts = options(&[("players", "3")]);
    // The middle row is one stack of one piece; seat 3 stands on the bottom row's stack 3.
    let mut p = table(
        &opts,
        &[&[8, 8, 8, 8], &[1], &[8, 8, 8]],
        &[(1, 0), (0, 2), (2, 2)],
        0,
        3,
        "",
    );
    act(&mut p, "take");
    assert_eq!(p.rows().len(), 2);
    assert_eq!(p.rows()[1].len(), 3);
    // Seat 1 moves to the same index of the row that replaced it; seat 3 slid up.
    assert_eq!(p.pawn(Seat(0)), (1, 0));
    assert_eq!(p.pawn(Seat(1)), (0, 2));
    assert_eq!(p.pawn(Seat(2)), (1, 2));
    // The bottom row emptied: its pawns go to the nearest row, clamped to its length.
    let mut p = table(&opts, &[&[8, 8], &[1]], &[(1, 0), (0, 0), (1, 0)], 0, 3, "");
    act(&mut p, "take");
    assert_eq!(p.rows().len(), 1);
    assert_eq!(p.pawn(Seat(0)), (0, 0));
    assert_eq!(p.pawn(Seat(2)), (0, 0));
}

#[test]
fn the_last_round_is_played_out_once_four_stacks_are_left() {
    let opts = options(&[("players", "3")]);
    // Five stacks; seat 2 empties one, so seat 3 still plays, then the game ends.
    let mut p = table(
        &opts,
        &[&[8, 8, 8, 8], &[1]],
        &[(0, 0), (1, 0), (0, 1)],
        1,
        3,
        "",
    );
    act(&mut p, "take");
    assert!(!p.last_round(), "the round is checked after the turn");
    assert_eq!(
        p.pawn(Seat(1)),
        (0, 0),
        "its row vanished: to the nearest row"
    );
    act(&mut p, "take take");
    assert!(p.last_round());
    assert_eq!(p.to_move(), Seat(2));
    assert_eq!(p.outcome(), Outcome::Ongoing);
    act(&mut p, "take take take");
    assert!(p.is_over());
    assert!(p.legal_moves().is_empty());
    assert_eq!(refusal(&p, "take"), "the game is over");
    // The same trigger by the last seat of the round ends the game at once.
    let mut p = table(
        &opts,
        &[&[8, 8, 8, 8], &[1]],
        &[(0, 0), (0, 2), (1, 0)],
        2,
        3,
        "",
    );
    act(&mut p, "take take take");
    assert!(p.is_over());
    // By the first seat: both others still play.
    let mut p = table(
        &opts,
        &[&[8, 8, 8, 8], &[1]],
        &[(1, 0), (0, 2), (0, 1)],
        0,
        3,
        "",
    );
    act(&mut p, "take take take");
    assert!(p.last_round() && !p.is_over());
    act(&mut p, "take take take");
    assert!(!p.is_over());
    act(&mut p, "take take take");
    assert!(p.is_over());
}

#[test]
fn the_best_score_wins_and_equal_scores_share() {
    let opts = Options::default();
    // Seat 2 holds everything not on the table, seat 1 nothing: seat 2 wins.
    let p = table(&opts, &[&[8, 8]], &[(0, 0), (0, 1)], 0, 3, "last over");
    assert_eq!(p.outcome(), Outcome::Win(Seat(1)));
    // Both pools empty: equal scores share the win.
    let all = (0..PIECES).map(piece).collect::<Vec<_>>();
    let text = format!(
        "{} 1.1,1.1 -,- 1:3 r9 last over",
        all.chunks(8)
            .take(12)
            .map(|c| c.concat())
            .collect::<Vec<_>>()
            .chunks(4)
            .map(|r| r.join(","))
            .collect::<Vec<_>>()
            .join("/")
    );
    let p = Position::from_text(&opts, &text).unwrap();
    assert_eq!(p.outcome(), Outcome::SharedWin(vec![Seat(0), Seat(1)]));
}

#[test]
fn a_player_who_leaves_is_skipped_and_ranked_last() {
    let opts = options(&[("players", "3")]);
    let mut p = Position::start(&opts, Seed(4));
    act(&mut p, "leave:2 take take take");
    assert_eq!(p.to_move(), Seat(2), "seat 2 is skipped");
    act(&mut p, "leave:3");
    assert!(p.is_over(), "one player left alone");
    assert_eq!(p.outcome(), Outcome::Win(Seat(0)));
    assert_eq!(
        p.check(&Action::Leave(Seat(1))).unwrap_err().to_string(),
        "the game is over"
    );
    // Leaving on one's own turn ends that turn.
    let mut p = Position::start(&opts, Seed(4));
    act(&mut p, "take leave:1");
    assert_eq!((p.to_move(), p.actions_left()), (Seat(1), 3));
    assert_eq!(
        p.check(&Action::Leave(Seat(0))).unwrap_err().to_string(),
        "seat 1 is not playing in this game"
    );
}

#[test]
fn position_texts_round_trip_and_explain_mistakes() {
    // Every piece pooled, no stack left: only a finished game looks like that.
    let all: String = (0..PIECES).map(piece).collect();
    let empty = format!("- 1.1,1.1 -,{all} 1:3 r9");
    let err = Position::from_text(&Options::default(), &empty).unwrap_err();
    assert!(err.to_string().contains("is over: add over"), "{err}");
    assert!(Position::from_text(&Options::default(), &format!("{empty} over")).is_ok());
    let opts = options(&[("players", "4"), ("bury", "on")]);
    let mut p = Position::start(&opts, Seed(9));
    act(&mut p, "take right take leave:3");
    let text = p.to_text();
    assert_eq!(Position::from_text(&opts, &text).unwrap(), p);
    for (bad, says) in [
        ("a1 1.1,1.1 -,- 1:3 r1", "every one of the 96 pieces"),
        ("a1 1.1 -,- 1:3", "a Skakanie position is"),
        ("z9 1.1,1.1 -,- 1:3 r1", "'z9' is not a piece"),
    ] {
        let err = Position::from_text(&Options::default(), bad)
            .unwrap_err()
            .to_string();
        assert!(err.contains(says), "{bad}: {err}");
    }
}
