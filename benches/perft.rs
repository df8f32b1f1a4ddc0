//! Perft speed: `cargo bench --bench perft`. Prints the median of several runs per case and
//! nodes per second; the targets (depth 4 well under a second) are checked by reading this,
//! never by a timed test.

mod common;

use leapfrog::games::{AnyGame, GameKind};

fn main() {
    use GameKind::{JumpSturdy, Jumpers};
    let cases: &[(GameKind, &str, &[&str], u32)] = &[
        (Jumpers, "near start", &[], 4),
        (Jumpers, "near start", &[], 5),
        (Jumpers, "far start", &["board=far"], 4),
        (Jumpers, "far start", &["board=far"], 5),
        (Jumpers, "near, all crawlers", &["crawlers=S,M,B"], 4),
        (
            Jumpers,
            "far, step + relative",
            &["board=far", "step=on", "height=relative"],
            4,
        ),
        (JumpSturdy, "start", &[], 5),
        (JumpSturdy, "start", &[], 6),
    ];
    for (kind, name, options, depth) in cases {
        let options: Vec<String> = options.iter().map(|s| (*s).to_owned()).collect();
        let game = AnyGame::new(*kind, &options, None).expect("valid options");
        let mut nodes = 0;
        let time = common::median_of(7, || {
            nodes = game.perft(*depth);
        });
        println!(
            "perft {:<12} {name:<22} depth {depth}: {nodes:>11} nodes, median {:>9.3} ms, {:>7.1} M nodes/s",
            kind.name(),
            time.as_secs_f64() * 1e3,
            nodes as f64 / time.as_secs_f64() / 1e6
        );
    }
}
