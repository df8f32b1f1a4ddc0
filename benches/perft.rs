//! Perft speed: `cargo bench --bench perft`. Prints the median of several runs per case and
//! nodes per second; the targets (depth 4 well under a second) are checked by reading this,
//! never by a timed test.

mod common;

use leapfrog::games::{AnyGame, GameKind};

fn main() {
    let cases: &[(&str, &[&str], u32)] = &[
        ("near start", &[], 4),
        ("near start", &[], 5),
        ("far start", &["board=far"], 4),
        ("far start", &["board=far"], 5),
        ("near, all crawlers", &["crawlers=S,M,B"], 4),
        (
            "far, step + relative",
            &["board=far", "step=on", "height=relative"],
            4,
        ),
    ];
    for (name, options, depth) in cases {
        let options: Vec<String> = options.iter().map(|s| (*s).to_owned()).collect();
        let game = AnyGame::new(GameKind::Jumpers, &options, None).expect("valid options");
        let mut nodes = 0;
        let time = common::median_of(7, || {
            nodes = game.perft(*depth);
        });
        println!(
            "perft {name:<24} depth {depth}: {nodes:>11} nodes, median {:>9.3} ms, {:>6.1} M nodes/s",
            time.as_secs_f64() * 1e3,
            nodes as f64 / time.as_secs_f64() / 1e6
        );
    }
}
