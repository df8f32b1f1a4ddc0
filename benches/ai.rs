//! How fast and how deep the computer thinks: for each two-player game, the nodes per
//! second and the depth finished in 1 s and in 2 s from the start and from two mid-game
//! positions; for Skakanie, playouts per second. Run with `cargo bench --bench ai`.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use leapfrog::ai::{self, Level, Limits};
use leapfrog::games::shuffle::Stream;
use leapfrog::games::{AnyGame, GameKind, Seed};

/// The start, and two positions after random plies (the same every run) that are still
/// open: nobody has a forced win within a shallow search.
fn positions(kind: GameKind, options: &[String]) -> Vec<(String, AnyGame)> {
    let start = AnyGame::new(kind, options, None).expect("valid options");
    let mut found = vec![("start".to_owned(), start.clone())];
    let cancel = AtomicBool::new(false);
    let shallow = Limits {
        time: None,
        depth: Some(2),
        table_mb: 1,
    };
    for plies in [16, 30] {
        for seed in 1.. {
            let mut rng = Stream::new(Seed(seed));
            let mut game = start.clone();
            for _ in 0..plies {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(&moves[rng.below(moves.len())]).expect("legal");
            }
            let open = !game.outcome().is_finished()
                && ai::choose(&game, Level::MAX, &shallow, 0, &cancel)
                    .is_ok_and(|c| c.score.abs() < ai::search::WON);
            if open {
                found.push((format!("after {plies} random plies (seed {seed})"), game));
                break;
            }
        }
    }
    found
}

fn main() {
    let cancel = AtomicBool::new(false);
    for (kind, options) in [
        (GameKind::JumpSturdy, vec![]),
        (
            GameKind::Gyges,
            vec!["setup=random".to_owned(), "seed=1".to_owned()],
        ),
        // As the public UGI engines play: hundreds of moves a position.
        (
            GameKind::Gyges,
            vec![
                "setup=random".to_owned(),
                "displace=on".to_owned(),
                "seed=1".to_owned(),
            ],
        ),
        (GameKind::Jumpers, vec![]),
        (GameKind::Jumpers, vec!["board=far".to_owned()]),
    ] {
        for (name, game) in positions(kind, &options) {
            for seconds in [1, 2] {
                let limits = Limits {
                    time: Some(Duration::from_secs(seconds)),
                    depth: None,
                    table_mb: 64,
                };
                let mut last = None;
                let started = Instant::now();
                let choice = ai::analyse(&game, Level::MAX, &limits, 0, &cancel, &mut |info| {
                    last = Some(info.clone());
                })
                .expect("a move");
                let took = started.elapsed();
                let info = last.expect("one iteration at least");
                // Speed as of the last finished iteration: nodes and time to its end.
                println!(
                    "{kind} {options:?} {name}, {seconds} s: depth {} finished after {} ms, {} nodes, {} nodes/s; best {}, answered after {} ms",
                    info.depth,
                    info.elapsed.as_millis(),
                    info.nodes,
                    info.nps(),
                    choice.ply,
                    took.as_millis()
                );
            }
        }
    }
    for players in [2, 4] {
        let options = vec![format!("players={players}"), "seed=3".to_owned()];
        for (name, game) in positions(GameKind::Skakanie, &options) {
            let limits = Limits {
                time: Some(Duration::from_secs(3)),
                depth: None,
                table_mb: 1,
            };
            let mut last = None;
            let started = Instant::now();
            ai::analyse(&game, Level::MAX, &limits, 0, &cancel, &mut |info| {
                last = Some(info.clone());
            })
            .expect("a move");
            let took = started.elapsed();
            let info = last.expect("one report");
            println!(
                "Skakanie {players} players {name}, one action of a 3 s turn: {} playouts in {} ms = {} playouts/s, tree depth {}",
                info.nodes,
                took.as_millis(),
                info.nodes * 1000 / took.as_millis().max(1) as u64,
                info.depth
            );
        }
    }
}
