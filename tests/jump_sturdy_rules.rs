//! Every Jump Sturdy rule on hand-built positions.

use leapfrog::games::jump_sturdy::{Color, Move, Position, Square, Stack};
use leapfrog::games::{Outcome, Rules, Seat};

/// A position text from `(square, token)` pairs (`b0`, `r0`, `bb`, `rr`, `br`, `rb`).
fn text(men: &[(&str, &str)], turn: char) -> String {
    let ranks: Vec<String> = (1..=8)
        .map(|rank| {
            let files: Vec<char> = if rank == 1 || rank == 8 {
                "bcdefg".chars().collect()
            } else {
                "abcdefgh".chars().collect()
            };
            let mut out = String::new();
            let mut empty = 0;
            for file in files {
                let name = format!("{file}{rank}");
                match men.iter().find(|(s, _)| *s == name) {
                    Some((_, token)) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(token);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} {turn}", ranks.join("/"))
}

fn position(men: &[(&str, &str)], turn: char) -> Position {
    // Both sides keep a man far away so nobody has won by having no men.
    Position::from_text(&Default::default(), &text(men, turn)).unwrap()
}

fn targets(p: &Position, from: &str) -> Vec<String> {
    let mut t: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from.to_string() == from)
        .map(|m| m.to.to_string())
        .collect();
    t.sort();
    t
}

fn refusal(p: &Position, mv: &str) -> String {
    p.check(&mv.parse::<Move>().unwrap())
        .unwrap_err()
        .to_string()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn the_start_position_and_its_text() {
    let start = Position::start(&Default::default(), Default::default());
    assert_eq!(
        start.to_text(),
        "b0b0b0b0b0b0/1b0b0b0b0b0b01/8/8/8/8/1r0r0r0r0r0r01/r0r0r0r0r0r0 b"
    );
    assert_eq!(start.legal_moves().len(), 34);
    assert_eq!(start.to_move(), Seat(0));
}

#[test]
fn a_single_steps_forward_or_sideways_never_back() {
    let p = position(&[("d4", "b0"), ("g7", "r0")], 'b');
    assert_eq!(targets(&p, "d4"), ["c4", "d5", "e4"]);
    assert!(refusal(&p, "d4-d3").contains("steps one square forward or sideways"));
    assert!(refusal(&p, "d4-d6").contains("steps one square forward or sideways"));
    // Red goes down the board.
    let p = position(&[("d4", "r0"), ("b2", "b0")], 'r');
    assert_eq!(targets(&p, "d4"), ["c4", "d3", "e4"]);
}

#[test]
fn a_single_stacks_on_its_own_single_but_never_makes_three() {
    let p = position(
        &[
            ("d4", "b0"),
            ("d5", "b0"),
            ("c4", "bb"),
            ("e4", "rb"),
            ("g7", "r0"),
        ],
        'b',
    );
    assert_eq!(targets(&p, "d4"), ["d5"]);
    assert!(refusal(&p, "d4-c4").contains("already holds two men"));
    assert!(refusal(&p, "d4-e4").contains("already holds two men"));
    let mut q = p.clone();
    q.play(&"d4-d5".parse().unwrap()).unwrap();
    assert_eq!(
        q.stack(sq("d5")),
        Some(Stack::Double {
            bottom: Color::Blue,
            top: Color::Blue
        })
    );
    assert_eq!(q.stack(sq("d4")), None);
}

#[test]
fn a_single_captures_diagonally_forward_only() {
    let p = position(
        &[
            ("d4", "b0"),
            ("c5", "r0"),
            ("e5", "rr"),
            ("d5", "r0"),
            ("c4", "r0"),
            ("c3", "r0"),
        ],
        'b',
    );
    assert_eq!(targets(&p, "d4"), ["c5", "e4", "e5"]);
    assert!(refusal(&p, "d4-d5").contains("captures only diagonally forward"));
    assert!(refusal(&p, "d4-c4").contains("captures only diagonally forward"));
    assert!(refusal(&p, "d4-c3").contains("steps one square forward or sideways"));
    let q = position(&[("d4", "b0"), ("g7", "r0")], 'b');
    assert!(refusal(&q, "d4-e5").contains("a diagonal move is a capture"));
}

#[test]
fn capture_replaces_the_top_man_and_keeps_the_bottom_one() {
    let p = position(
        &[("d4", "b0"), ("c5", "r0"), ("e5", "br"), ("g7", "r0")],
        'b',
    );
    let mut a = p.clone();
    a.play(&"d4-c5".parse().unwrap()).unwrap();
    assert_eq!(a.stack(sq("c5")), Some(Stack::Single(Color::Blue)));
    assert!(a.last_was_capture());
    let mut b = p;
    b.play(&"d4-e5".parse().unwrap()).unwrap();
    assert_eq!(
        b.stack(sq("e5")),
        Some(Stack::Double {
            bottom: Color::Blue,
            top: Color::Blue
        })
    );
    let mut c = position(&[("d4", "b0"), ("e5", "rr"), ("g7", "r0")], 'b');
    c.play(&"d4-e5".parse().unwrap()).unwrap();
    assert_eq!(
        c.stack(sq("e5")),
        Some(Stack::Double {
            bottom: Color::Red,
            top: Color::Blue
        })
    );
}

#[test]
fn the_top_of_a_double_jumps_like_a_forward_knight() {
    let p = position(&[("d4", "rb"), ("g7", "r0")], 'b');
    assert_eq!(targets(&p, "d4"), ["b5", "c6", "e6", "f5"]);
    assert!(refusal(&p, "d4-d5").contains("jumps like a knight, forwards only"));
    assert!(refusal(&p, "d4-c2").contains("jumps like a knight, forwards only"));
    let mut q = p.clone();
    q.play(&"d4-c6".parse().unwrap()).unwrap();
    assert_eq!(
        q.stack(sq("d4")),
        Some(Stack::Single(Color::Red)),
        "the bottom man stays"
    );
    assert_eq!(q.stack(sq("c6")), Some(Stack::Single(Color::Blue)));
    // Red jumps down the board.
    let r = position(&[("d5", "rr"), ("b2", "b0")], 'r');
    assert_eq!(targets(&r, "d5"), ["b4", "c3", "e3", "f4"]);
}

#[test]
fn a_knight_lands_on_own_singles_and_captures_but_never_on_own_doubles() {
    let p = position(
        &[
            ("d4", "bb"),
            ("c6", "b0"),
            ("e6", "r0"),
            ("b5", "br"),
            ("f5", "bb"),
            ("g7", "r0"),
        ],
        'b',
    );
    assert_eq!(targets(&p, "d4"), ["b5", "c6", "e6"]);
    assert!(refusal(&p, "d4-f5").contains("already holds two men"));
    let mut q = p.clone();
    q.play(&"d4-b5".parse().unwrap()).unwrap();
    assert_eq!(
        q.stack(sq("b5")),
        Some(Stack::Double {
            bottom: Color::Blue,
            top: Color::Blue
        })
    );
    assert_eq!(q.stack(sq("d4")), Some(Stack::Single(Color::Blue)));
}

#[test]
fn buried_men_do_not_move_and_edges_and_corners_hold() {
    // The red man under blue on b2 is buried; a2-side edges do not wrap.
    let p = position(&[("a2", "b0"), ("h3", "rb"), ("g7", "r0")], 'b');
    assert_eq!(targets(&p, "a2"), ["a3", "b2"]);
    assert_eq!(targets(&p, "h3"), ["f4", "g5"]);
    assert!(refusal(&p, "a2-a1").contains("a1 is not on the board"));
    let q = position(&[("b1", "b0"), ("g7", "r0")], 'b');
    assert_eq!(targets(&q, "b1"), ["b2", "c1"], "a1 does not exist");
    assert!(refusal(&q, "g7-g6").contains("Red's"));
    assert!(refusal(&q, "e4-e5").contains("no man on e4"));
}

#[test]
fn reaching_the_far_rank_wins() {
    let mut p = position(&[("d7", "b0"), ("g7", "r0")], 'b');
    p.play(&"d7-d8".parse().unwrap()).unwrap();
    assert_eq!(p.outcome(), Outcome::Win(Seat(0)));
    assert!(p.legal_moves().is_empty());
    let mut r = position(&[("e2", "rr"), ("g7", "b0")], 'r');
    r.play(&"e2-c1".parse().unwrap()).unwrap();
    assert_eq!(r.outcome(), Outcome::Win(Seat(1)));
}

#[test]
fn taking_the_last_man_or_leaving_no_move_wins() {
    let mut p = position(&[("d4", "b0"), ("e5", "r0")], 'b');
    p.play(&"d4-e5".parse().unwrap()).unwrap();
    assert_eq!(p.outcome(), Outcome::Win(Seat(0)), "Red has no men");
    // Red's only man is blocked: straight ahead a blue double, sideways blue doubles.
    let q = position(
        &[
            ("d3", "r0"),
            ("d2", "bb"),
            ("c3", "bb"),
            ("e3", "bb"),
            ("a7", "b0"),
        ],
        'r',
    );
    assert!(q.legal_moves().is_empty());
    assert_eq!(q.outcome(), Outcome::Win(Seat(0)), "Red cannot move");
}

#[test]
fn position_texts_are_checked_and_round_trip() {
    for bad in [
        "b0b0b0b0b0b0/8/8/8/8/8/8 b",
        "b0b0b0b0b0b0b0/8/8/8/8/8/8/6 b",
        "6/8/8/8/8/8/8/6 x",
        "6/8/8/8/x0/8/8/8/6 b",
        "6/8/8/3bq3/8/8/8/6 b",
    ] {
        assert!(
            Position::from_text(&Default::default(), bad).is_err(),
            "{bad}"
        );
    }
    let text = "b0b0b0b0b0b0/1b0b0b0bbb0b01/3r0b03/2br5/3rb4/8/1r0r0r0r0r0r01/r0r01rrr0r0 r";
    assert_eq!(
        Position::from_text(&Default::default(), text)
            .unwrap()
            .to_text(),
        text
    );
    assert_eq!("E2-E3".parse::<Move>().unwrap().to_string(), "e2-e3");
}
