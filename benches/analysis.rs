//! How long `/analyse` takes: for each two-player game, a 60-move game (the computer at
//! level 1 against itself, the same every run) analysed with the default settings (each
//! game's `[ai] analysis_nodes`, one thread, as the bot runs it). The bound is 30 s
//! on two cores. Run with `cargo bench --bench analysis` (`-- NODES`: another budget a
//! position for every game, to see what it costs).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use leapfrog::ai::eval::{Gyges, JumpSturdy, Jumpers};
use leapfrog::ai::review::{review, Effort, Judgement};
use leapfrog::ai::search::{Bounds, Evaluator, Searcher};
use leapfrog::ai::{self, AiConfig, Level, Limits};
use leapfrog::games::{AnyGame, Game, GameKind, Rules};

/// The plies of the game analysed.
const PLIES: usize = 60;

/// Whether playing `ply` in `game` ends it, or lets the other side end it at once.
fn ends_soon(game: &AnyGame, ply: &str) -> bool {
    let mut after = game.clone();
    after.play(ply).expect("a legal ply");
    after.outcome().is_finished()
        || after.legal_moves().iter().any(|reply| {
            let mut next = after.clone();
            next.play(reply).expect("a legal ply");
            next.outcome().is_finished()
        })
}

/// A game of `kind` with [`PLIES`] plies and not over before them: the level-1 computer
/// against itself, each move searched 2 plies deep, except that a side never ends the
/// game nor lets the other end it at once while it has another move (Gygès's level 1
/// blurs its judgement so much that in 11,000 games from one set-up none lasted 60 plies,
/// and the search for one never ended).
fn sixty_plies(kind: GameKind, options: &[String]) -> AnyGame {
    let cancel = AtomicBool::new(false);
    let limits = Limits {
        time: None,
        depth: Some(2),
        table_mb: 1,
    };
    for seed in 1..=100 {
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
            let mut chosen = choice.ply;
            if ends_soon(&game, &chosen) {
                if let Some(other) = game
                    .legal_moves()
                    .into_iter()
                    .find(|p| !ends_soon(&game, p))
                {
                    chosen = other;
                }
            }
            game.play(&chosen).expect("the computer's move is legal");
        }
        if game.moves().len() == PLIES && !game.outcome().is_finished() {
            return game;
        }
    }
    panic!("no {kind:?} game of {PLIES} plies from the first 100 seeds");
}

/// The positions whose searches measure a node's cost: the game's first ones, where few
/// searches end early on a forced result.
const MEASURED: usize = 10;

/// Nodes a second of the analysis's searches of the first [`MEASURED`] positions of
/// `game`, each with the whole budget unless it proves a result first.
fn speed<R: Rules, E: Evaluator<R>>(game: &Game<R>, eval: &E, effort: &Effort) -> f64 {
    let cancel = AtomicBool::new(false);
    let mut searcher = Searcher::new(eval, effort.table_mb, Vec::new(), &cancel);
    let bounds = Bounds {
        nodes: Some(effort.nodes),
        ..Bounds::plies(effort.depth.unwrap_or(ai::search::MAX_DEPTH))
    };
    let mut position = game.start().clone();
    let started = Instant::now();
    for mv in game.moves().iter().take(MEASURED) {
        searcher.run(&position, &bounds, &mut |_| {});
        position.play_unchecked(mv);
    }
    searcher.nodes() as f64 / started.elapsed().as_secs_f64()
}

fn main() {
    let config = AiConfig {
        analysis_nodes: std::env::args().find_map(|arg| arg.parse().ok()),
        ..AiConfig::default()
    };
    println!("analysis of a {PLIES}-move game, one thread");
    for (kind, options) in [
        (GameKind::JumpSturdy, vec![]),
        (
            GameKind::Gyges,
            vec!["setup=random".to_owned(), "seed=1".to_owned()],
        ),
        (
            GameKind::Gyges,
            vec![
                "setup=random".to_owned(),
                "seed=1".to_owned(),
                "displace=on".to_owned(),
            ],
        ),
        (GameKind::Jumpers, vec![]),
    ] {
        let game = sixty_plies(kind, &options);
        let effort = config.analysis_effort(kind);
        let started = Instant::now();
        let judged = review(&game, &effort, &AtomicBool::new(false)).expect("a two-player game");
        let took = started.elapsed();
        let count = |j| judged.plies.iter().filter(|p| p.judgement == j).count();
        let nps = match &game {
            AnyGame::JumpSturdy(g) => speed(g, &JumpSturdy, &effort),
            AnyGame::Gyges(g) => speed(g, &Gyges, &effort),
            AnyGame::Jumpers(g) => speed(g, &Jumpers, &effort),
            AnyGame::Skakanie(_) => unreachable!("not analysed"),
        };
        // What the game would take if no position's search ended before its budget.
        let whole = effort.nodes as f64 * (PLIES + 1) as f64 / nps;
        println!(
            "{:<38} {:>7} nodes {:>5.1} s ({:>3} ms a position, {:>5.0} k nodes/s: at most {:>4.1} s)  depth >= {:>2}  blunders {:>2}  mistakes {:>2}  inaccuracies {:>2}  {}",
            format!("{} {}", kind.name(), options.join(" ")),
            effort.nodes,
            took.as_secs_f64(),
            took.as_millis() / (PLIES as u128 + 1),
            nps / 1000.0,
            whole,
            judged.depth,
            count(Judgement::Blunder),
            count(Judgement::Mistake),
            count(Judgement::Inaccuracy),
            if took.max(Duration::from_secs_f64(whole)) < Duration::from_secs(30) {
                "within 30 s"
            } else {
                "OVER 30 s"
            }
        );
    }
}
