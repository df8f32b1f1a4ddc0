//! Perft speed: `cargo bench --bench perft`. Prints the median of several runs per case and
//! nodes per second; the targets (depth 4 well under a second) are checked by reading this,
//! never by a timed test. For Gygès it also times one move generation on the crowded boards
//! where bounce chains cross most: a fixed dense board and the slowest of 2,000 random
//! twelve-piece boards.

mod common;

use std::time::Instant;

use leapfrog::games::gyges::{Options, Position};
use leapfrog::games::shuffle::Stream;
use leapfrog::games::{AnyGame, GameKind, GameOptions, Rules, Seed};

/// A crowded Gygès board: twelve pieces in a ring around the centre, every move a chain.
const GYGES_CROWDED: &str = "....../..12../.3..3./.2..2./..13../...... S";
const GYGES_AFTER_PLACEMENT: &str = "321123/....../....../....../....../123321 S";

/// One perft case: game, label, options, position (None = start), depth.
type Case = (
    GameKind,
    &'static str,
    &'static [&'static str],
    Option<&'static str>,
    u32,
);

fn perft_cases() {
    use GameKind::{Gyges, JumpSturdy, Jumpers, Skakanie};
    let cases: &[Case] = &[
        (Jumpers, "near start", &[], None, 4),
        (Jumpers, "near start", &[], None, 5),
        (Jumpers, "far start", &["board=far"], None, 4),
        (Jumpers, "far start", &["board=far"], None, 5),
        (Jumpers, "near, all crawlers", &["crawlers=S,M,B"], None, 4),
        (
            Jumpers,
            "far, step + relative",
            &["board=far", "step=on", "height=relative"],
            None,
            4,
        ),
        (JumpSturdy, "start", &[], None, 5),
        (JumpSturdy, "start", &[], None, 6),
        (Gyges, "placement start", &[], None, 6),
        (
            Gyges,
            "after placement",
            &[],
            Some(GYGES_AFTER_PLACEMENT),
            4,
        ),
        (
            Gyges,
            "after placement",
            &[],
            Some(GYGES_AFTER_PLACEMENT),
            5,
        ),
        (
            Gyges,
            "after placement, disp",
            &["displace=on"],
            Some(GYGES_AFTER_PLACEMENT),
            3,
        ),
        (Gyges, "crowded", &[], Some(GYGES_CROWDED), 4),
        (
            Gyges,
            "crowded, displace",
            &["displace=on"],
            Some(GYGES_CROWDED),
            3,
        ),
        (Skakanie, "4 players", &["players=4", "seed=1"], None, 9),
        (
            Skakanie,
            "bury + pass",
            &["players=3", "bury=on", "pass=on", "seed=2"],
            None,
            8,
        ),
    ];
    for (kind, name, options, position, depth) in cases {
        let options: Vec<String> = options.iter().map(|s| (*s).to_owned()).collect();
        let game = AnyGame::new(*kind, &options, *position).expect("valid options");
        let mut nodes = 0;
        let time = common::median_of(5, || {
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

/// A random board of all twelve pieces anywhere, South to move.
fn random_board(stream: &mut Stream) -> String {
    let mut cells = [b'.'; 36];
    let mut squares: Vec<usize> = (0..36).collect();
    stream.shuffle(&mut squares);
    for (i, &square) in squares.iter().take(12).enumerate() {
        cells[square] = b'1' + (i % 3) as u8;
    }
    let rows: Vec<String> = cells
        .chunks(6)
        .rev()
        .map(|row| String::from_utf8(row.to_vec()).expect("ASCII"))
        .collect();
    format!("{} S", rows.join("/"))
}

/// Microseconds per `legal_moves` of `position` (median of 9 runs of 50 calls).
fn generation_us(position: &Position) -> f64 {
    common::median_of(9, || {
        for _ in 0..50 {
            std::hint::black_box(position.legal_moves());
        }
    })
    .as_secs_f64()
        * 1e6
        / 50.0
}

fn gyges_generation() {
    for displace in ["off", "on"] {
        let options = Options::from_pairs([("displace", displace)]).expect("valid");
        let crowded = Position::from_text(&options, GYGES_CROWDED).expect("valid");
        println!(
            "gyges movegen displace={displace:<3} crowded board: {:>7.2} µs for {} moves",
            generation_us(&crowded),
            crowded.legal_moves().len()
        );
        let mut stream = Stream::new(Seed(2026));
        let started = Instant::now();
        let mut worst = (0.0, String::new(), 0);
        let mut all = Vec::new();
        for _ in 0..2000 {
            let text = random_board(&mut stream);
            let position = Position::from_text(&options, &text).expect("valid");
            let start = Instant::now();
            for _ in 0..20 {
                std::hint::black_box(position.legal_moves());
            }
            let us = start.elapsed().as_secs_f64() * 1e6 / 20.0;
            all.push(us);
            if us > worst.0 {
                worst = (us, text, position.legal_moves().len());
            }
        }
        all.sort_by(f64::total_cmp);
        let worst_us = generation_us(&Position::from_text(&options, &worst.1).expect("valid"));
        println!(
            "gyges movegen displace={displace:<3} 2000 random boards: median {:.2} µs, slowest {:.2} µs ({} moves) on {} [{:.1} s]",
            all[all.len() / 2],
            worst_us,
            worst.2,
            worst.1,
            started.elapsed().as_secs_f64()
        );
    }
}

fn main() {
    perft_cases();
    gyges_generation();
}
