//! Rendering speed and size: `cargo bench --bench render`. Draws and encodes Jumpers
//! pictures (the start position, a crowded mid-game with tall stacks and crawlers, the far
//! board) and prints the median time of each stage and the PNG size. The targets (800 px
//! wide, median ≤ 2 ms for draw + encode, ≤ 60 KB) are checked by reading this, never by a
//! timed test.

mod common;

use leapfrog::games::{AnyGame, GameKind};
use leapfrog::render::{self, Header};

/// A picture to time: name, options, position (None: the start), last move.
type Case<'a> = (&'a str, &'a [&'a str], Option<&'a str>, Option<&'a str>);

fn main() {
    let cases: &[Case] = &[
        ("near start", &[], None, None),
        (
            "near mid-game, crawlers",
            &["crawlers=S,B"],
            Some(".../(Sm).../.(bs).(sssSSm)./(mM).../..(SSb)../(bb).../(mmmB)..../..(ssS)./.(bS). w"),
            Some("e3-e5"),
        ),
        ("far start", &["board=far"], None, Some("c3-e3")),
    ];
    for (name, options, position, last) in cases {
        let options: Vec<String> = options.iter().map(|s| (*s).to_owned()).collect();
        let game = AnyGame::new(GameKind::Jumpers, &options, *position).expect("valid case");
        let header = Header::for_game(&game, vec!["alice".into(), "Борис Ż.".into()], None);
        // The first call draws the cached board and sprites: not part of a render.
        let canvas = render::draw(&game, *last, &header).expect("drawable");
        let draw = common::median_of(201, || render::draw(&game, *last, &header));
        let encode = common::median_of(201, || canvas.to_png());
        let both = common::median_of(201, || {
            render::draw(&game, *last, &header).map(|c| c.to_png())
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
