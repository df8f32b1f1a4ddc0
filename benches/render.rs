//! Rendering speed and size: `cargo bench --bench render`. Draws and encodes Jumpers
//! pictures (the start position, a crowded mid-game with tall stacks and crawlers, the far
//! board), a Jump Sturdy capture, a Gygès bounce chain and four Skakanie pools (its path found again for the
//! picture, as the bot does), and prints the median time of each stage and the PNG size. The targets (800 px
//! wide, median ≤ 2 ms for draw + encode, ≤ 60 KB) are checked by reading this, never by a
//! timed test.

mod common;

use leapfrog::games::{AnyGame, GameKind};
use leapfrog::render::{self, Header};

/// A game whose picture to time: name, the game, a last move to mark (None: its own).
type Case = (&'static str, AnyGame, Option<&'static str>);

fn jumpers(options: &[&str], position: Option<&str>) -> AnyGame {
    let options: Vec<String> = options.iter().map(|s| (*s).to_owned()).collect();
    AnyGame::new(GameKind::Jumpers, &options, position).expect("valid case")
}

fn played(kind: GameKind, options: &[&str], position: &str, mv: &str) -> AnyGame {
    let options: Vec<String> = options.iter().map(|s| (*s).to_owned()).collect();
    let mut game = AnyGame::new(kind, &options, Some(position)).expect("valid case");
    game.play(mv).expect("a legal move");
    game
}

/// Four players well into a Skakanie game: gaps closed, every pool holding fragments.
fn skakanie_midgame() -> AnyGame {
    let options = ["players=4".to_owned(), "seed=21".to_owned()];
    let mut game = AnyGame::new(GameKind::Skakanie, &options, None).expect("valid case");
    let mut stream = leapfrog::games::shuffle::Stream::new(leapfrog::games::Seed(3));
    for _ in 0..90 {
        let moves = game.legal_moves();
        let pick = if stream.below(3) == 0 {
            moves[stream.below(moves.len())].clone()
        } else {
            "take".to_owned()
        };
        game.play(&pick).expect("a legal action");
    }
    game
}

fn main() {
    let cases: Vec<Case> = vec![
        ("near start", jumpers(&[], None), None),
        (
            "near mid-game, crawlers",
            jumpers(
                &["crawlers=S,B"],
                Some(".../(Sm).../.(bs).(sssSSm)./(mM).../..(SSb)../(bb).../(mmmB)..../..(ssS)./.(bS). w"),
            ),
            Some("e3-e5"),
        ),
        ("far start", jumpers(&["board=far"], None), Some("c3-e3")),
        (
            "jump sturdy capture",
            played(
                GameKind::JumpSturdy,
                &[],
                "b0b0b0b0b0b0/1b0b0b0bbb0b01/3r0b03/2br5/3rb4/8/1r0r0r0r0r0r01/r0r01rrr0r0 b",
                "c2-d3",
            ),
            None,
        ),
        (
            "gyges bounce chain",
            played(
                GameKind::Gyges,
                &["displace=on"],
                "....2./.2..3./3...../....../...2../1112.. S",
                "a1-e2",
            ),
            None,
        ),
        ("skakanie four pools", skakanie_midgame(), None),
    ];
    for (name, game, last) in &cases {
        let header = Header::for_game(game, vec!["alice".into(), "Борис Ż.".into()], None);
        // The first call draws the cached board and sprites: not part of a render.
        let canvas = render::draw(game, *last, &header).expect("drawable");
        let draw = common::median_of(201, || render::draw(game, *last, &header));
        let encode = common::median_of(201, || canvas.to_png());
        let both = common::median_of(201, || {
            render::draw(game, *last, &header).map(|c| c.to_png())
        });
        let png = canvas.to_png();
        println!(
            "render {name:<24} {}x{} px: draw {:>6.3} ms, encode {:>6.3} ms, both {:>6.3} ms, {:>3} KB",
            canvas.width(),
            canvas.height(),
            draw.as_secs_f64() * 1e3,
            encode.as_secs_f64() * 1e3,
            both.as_secs_f64() * 1e3,
            png.len() / 1024,
        );
    }
}
