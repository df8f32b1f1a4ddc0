//! How long `/analyse` takes: for each two-player game, a 60-move game (the computer at
//! level 1 against itself, the same every run) analysed with the default settings
//! (`[ai] analysis_nodes`, one thread, as the bot runs it). The bound is 30 s on two
//! cores. Run with `cargo bench --bench analysis` (`-- NODES`: another budget a position,
//! to see what it costs).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use leapfrog::ai::review::{review, Judgement};
use leapfrog::ai::{self, AiConfig, Level, Limits};
use leapfrog::games::{AnyGame, GameKind};

/// The plies of the game analysed.
const PLIES: usize = 60;

/// A game of `kind` with [`PLIES`] plies and not over before them: the level-1 computer
/// against itself, each move searched 2 plies deep.
fn sixty_plies(kind: GameKind, options: &[String]) -> AnyGame {
    let cancel = AtomicBool::new(false);
    let limits = Limits {
        time: None,
        depth: Some(2),
        table_mb: 1,
    };
    for seed in 1.. {
        let mut game = AnyGame::new(kind, options, None).expect("valid options");
        for ply in 0..PLIES {
            let Ok(choice) = ai::choose(
                &game,
                Level::MIN,
                &limits,
                seed * 1000 + ply as u64,
                &cancel,
            ) else {
                break;
            };
            game.play(&choice.ply)
                .expect("the computer's move is legal");
        }
        if game.moves().len() == PLIES {
            return game;
        }
    }
    unreachable!("some seed gives a long game")
}

fn main() {
    let mut config = AiConfig::default();
    if let Some(nodes) = std::env::args().find_map(|arg| arg.parse().ok()) {
        config.analysis_nodes = nodes;
    }
    let effort = config.analysis_effort();
    println!(
        "analysis of a {PLIES}-move game, {} nodes a position, one thread",
        config.analysis_nodes
    );
    for (kind, options) in [
        (GameKind::JumpSturdy, vec![]),
        (
            GameKind::Gyges,
            vec!["setup=random".to_owned(), "seed=1".to_owned()],
        ),
        (GameKind::Jumpers, vec![]),
    ] {
        let game = sixty_plies(kind, &options);
        let started = Instant::now();
        let judged = review(&game, &effort, &AtomicBool::new(false)).expect("a two-player game");
        let took = started.elapsed();
        let count = |j| judged.plies.iter().filter(|p| p.judgement == j).count();
        println!(
            "{:<12} {:>6.1} s ({:>4} ms a position)  depth >= {:>2}  blunders {:>2}  mistakes {:>2}  inaccuracies {:>2}  {}",
            kind.name(),
            took.as_secs_f64(),
            took.as_millis() / (PLIES as u128 + 1),
            judged.depth,
            count(Judgement::Blunder),
            count(Judgement::Mistake),
            count(Judgement::Inaccuracy),
            if took < Duration::from_secs(30) { "within 30 s" } else { "OVER 30 s" }
        );
    }
}
