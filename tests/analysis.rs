//! `/analyse` through the console: a game with a known blunder (a defence missed, the goal
//! reached next move) is analysed, the blunder found with the move that parried it, the
//! report kept (asked again, it comes at once) and written into `/history`'s record, in
//! English, Russian and Polish; and the refusals.

use leapfrog::ai::AiConfig;
use leapfrog::console::Console;
use leapfrog::i18n::Lang;
use leapfrog::play::Play;
use leapfrog::store::AnyStore;

mod common;

use common::BLUNDER;

/// A console whose analyses search every position 4 plies deep.
fn console(lang: Lang) -> (Console<AnyStore>, std::path::PathBuf) {
    let out = tempfile::tempdir().unwrap().keep();
    let play = Play::new(common::temporary_store()).with_ai(AiConfig {
        think_ms: 20,
        analysis_depth: Some(4),
        ..AiConfig::default()
    });
    (Console::new(play, out.clone()).with_lang(lang), out)
}

#[test]
fn a_known_blunder_is_found_kept_and_written_into_the_record() {
    let (console, out) = console(Lang::En);
    console.load(BLUNDER).unwrap();
    let first = console.run_line("@carol /analyse 1");
    assert!(first.contains("Analysing game #1 (2 moves)"), "{first}");
    assert!(first.contains("**Analysis of game #1**"), "{first}");
    assert!(
        first.contains(
            "1. h4-h5 (alice (Blue)): **blunder** (−60% winning chance). Better c2-d3: c2-d3"
        ),
        "{first}"
    );
    assert!(
        first.contains("alice (Blue): accuracy 4% — blunders: 1"),
        "{first}"
    );
    assert!(
        first.contains("bob (Red): accuracy 100% — blunders: 0, mistakes: 0"),
        "{first}"
    );
    let chart = image::open(out.join("analysis-1.png")).unwrap();
    assert_eq!(chart.width(), 800);

    // Kept: asked again, the report comes at once, the same.
    let again = console.run_line("@alice /analyse");
    assert!(!again.contains("Analysing"), "{again}");
    assert!(again.contains("**blunder**"), "{again}");

    // The record carries it as comments, and still reads back to the same game.
    console.run_line("@carol /history 1");
    let record = std::fs::read_to_string(out.join("leapfrog-1.txt")).unwrap();
    assert!(record.contains("[Analysis \"depth "), "{record}");
    assert!(
        record.contains("1. h4-h5 ; alice ; -W1 blunder (-60%), better c2-d3: c2-d3"),
        "{record}"
    );
    let loaded = console.load(&record).unwrap();
    assert!(
        loaded.contains("Loaded a record of 2 moves as game #2"),
        "{loaded}"
    );
}

#[test]
fn the_report_is_in_the_places_language() {
    for (lang, title, blunder) in [
        (Lang::Ru, "**Разбор партии #1**", "**грубая ошибка**"),
        (Lang::Pl, "**Analiza partii #1**", "**błąd rażący**"),
    ] {
        let (console, _) = console(lang);
        console.load(BLUNDER).unwrap();
        let report = console.run_line("@carol /analyse 1");
        assert!(report.contains(title), "{report}");
        assert!(report.contains(blunder), "{report}");
        assert!(report.contains("c2-d3"), "{report}");
    }
    let (console, _) = console(Lang::Ru);
    console.load(BLUNDER).unwrap();
    let started = console.run_line("@carol /анализ 1");
    assert!(started.contains("Разбираю партию #1 (2 хода)"), "{started}");
}

#[test]
fn games_in_play_and_skakanie_are_refused_with_the_reason() {
    let (console, _) = console(Lang::En);
    console.run_line("@alice /play jumpers opponent:@bob");
    console.run_line("@bob /accept");
    let early = console.run_line("@alice /analyse 1");
    assert!(
        early.contains("Game #1 is not over yet: the engine analyses finished games only"),
        "{early}"
    );
    console.run_line("@alice /resign");
    let started = console.run_line("@alice /analyse 1");
    assert!(
        started.contains("Game #1 has no moves to analyse"),
        "{started}"
    );
    console.run_line("@carol /play skakanie opponent:@dan");
    console.run_line("@dan /accept");
    let hidden = console.run_line("@carol /analyse 2");
    assert!(hidden.contains("Skakanie is not analysed"), "{hidden}");
}

/// Two workers on one store (on PostgreSQL, each with its own connections) find the same
/// analysis owed at the same moment, as their timers do: it is made and posted once.
#[test]
fn two_workers_finding_an_analysis_owed_make_and_post_it_once() {
    let spot = common::StoreSpot::new();
    let first = spot.open();
    let second = if common::test_postgres_url().is_some() {
        spot.open()
    } else {
        first.clone()
    };
    let config = AiConfig {
        think_ms: 20,
        analysis_depth: Some(4),
        ..AiConfig::default()
    };
    let out = tempfile::tempdir().unwrap().keep();
    let a = Console::new(Play::new(first).with_ai(config.clone()), out);
    a.load(BLUNDER).unwrap();
    let b = Play::new(second).with_ai(config);
    let game = leapfrog::store::GameId(1);
    let together = std::sync::Barrier::new(2);
    let (posted_a, posted_b) = std::thread::scope(|s| {
        let one = s.spawn(|| {
            together.wait();
            a.play().analysis(game).is_some()
        });
        let other = s.spawn(|| {
            together.wait();
            b.analysis(game).is_some()
        });
        (one.join().unwrap(), other.join().unwrap())
    });
    assert!(
        posted_a != posted_b,
        "posted by a: {posted_a}, by b: {posted_b}"
    );
    // A later look by the one that lost the race posts nothing either.
    let late = if posted_a {
        b.analysis(game)
    } else {
        a.play().analysis(game)
    };
    assert!(late.is_none());
}

/// Whether playing `ply` in `game` ends it, or lets the other side end it at once.
fn ends_soon(game: &leapfrog::games::AnyGame, ply: &str) -> bool {
    let mut after = game.clone();
    after.play(ply).unwrap();
    after.outcome().is_finished()
        || after.legal_moves().iter().any(|reply| {
            let mut next = after.clone();
            next.play(reply).unwrap();
            next.outcome().is_finished()
        })
}

/// A Gygès game of `plies` plies, the same every run: the level-1 computer against itself,
/// each move searched 2 plies deep, except that a side never ends the game nor lets the
/// other end it at once while it has another move (level 1 blurs its judgement so much
/// that its own games rarely last twenty plies).
fn gyges_game(plies: usize) -> leapfrog::games::AnyGame {
    use leapfrog::ai::{self, Level, Limits};
    use leapfrog::games::{AnyGame, GameKind};
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let limits = Limits {
        time: None,
        depth: Some(2),
        table_mb: 1,
    };
    let mut game = AnyGame::new(GameKind::Gyges, &[], None).unwrap();
    for ply in 0..plies {
        let choice = ai::choose(&game, Level::MIN, &limits, ply as u64, &cancel).unwrap();
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
        game.play(&chosen).unwrap();
    }
    assert!(!game.outcome().is_finished(), "{:?}", game.moves());
    game
}

/// The analysis a game gets is the same on every machine and however busy it is: the same
/// game analysed on a quiet machine and again with every core kept busy gets the same
/// evaluations, depths, verdicts and better lines. Bounded by the clock, a Gygès game read
/// "no mistake" at depth 6 in one run and "15. a1-d3 blunder" at depth 5 in another; so
/// would this test's, whose positions are bounded by a small budget of nodes that a
/// clock bound would cut at other nodes under load. (The default budgets take about a
/// hundred times as long in a test build.)
#[test]
fn an_analysis_is_the_same_under_any_load() {
    use leapfrog::ai::review::review;
    use leapfrog::games::GameKind;
    use std::sync::atomic::{AtomicBool, Ordering};
    let game = gyges_game(16);
    let config = AiConfig {
        analysis_nodes: Some(20_000),
        ..AiConfig::default()
    };
    let effort = config.analysis_effort(GameKind::Gyges);
    let cancel = AtomicBool::new(false);
    let quiet = review(&game, &effort, &cancel).unwrap();
    let stop = AtomicBool::new(false);
    let busy = std::thread::scope(|s| {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        for _ in 0..2 * cores {
            s.spawn(|| {
                let mut x = 1u64;
                while !stop.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005) | 1);
                }
            });
        }
        let busy = review(&game, &effort, &cancel).unwrap();
        stop.store(true, Ordering::Relaxed);
        busy
    });
    assert_eq!(quiet, busy);
    assert!(quiet.depth >= 2, "depth {}", quiet.depth);
}

/// A config written for an older version, which gave each position of an analysis a time
/// (`[ai] analysis_ms`), still starts: the setting is accepted, ignored (the analysis is
/// bounded by nodes, each game's own by default) and named as ignored for the log.
#[test]
fn an_old_config_with_analysis_ms_still_loads() {
    use leapfrog::ai::review::default_nodes;
    use leapfrog::config::Config;
    use leapfrog::games::GameKind;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "[ai]\nthink_ms = 500\nanalysis_ms = 400\n").unwrap();
    let config = Config::load(Some(&path)).unwrap();
    assert_eq!(config.ai.think_ms, 500);
    let ignored = config.ai.ignored();
    assert_eq!(ignored.len(), 1, "{ignored:?}");
    assert!(ignored[0].contains("analysis_ms"), "{ignored:?}");
    for kind in [GameKind::Jumpers, GameKind::Gyges, GameKind::JumpSturdy] {
        assert_eq!(config.ai.analysis_effort(kind).nodes, default_nodes(kind));
    }
    // One figure for every game when set; an unknown key is still refused.
    std::fs::write(&path, "[ai]\nanalysis_nodes = 5000\n").unwrap();
    let config = Config::load(Some(&path)).unwrap();
    assert!(config.ai.ignored().is_empty());
    assert_eq!(config.ai.analysis_effort(GameKind::Gyges).nodes, 5000);
    std::fs::write(&path, "[ai]\nanalysis_seconds = 5\n").unwrap();
    assert!(Config::load(Some(&path)).is_err());
}

/// The example config in the repository loads as it is.
#[test]
fn the_example_config_loads() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config.example.toml");
    let config = leapfrog::config::Config::load(Some(&path)).unwrap();
    assert!(config.ai.ignored().is_empty());
}
