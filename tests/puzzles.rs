//! Puzzles: every shipped puzzle proved again from its position by the rules alone (a win
//! forced within its moves, one first move that does it, the line with the longest
//! defence), at least 200 a game; and `/puzzle` as players use it in the console: a right
//! answer through to "solved" with the streak, a wrong one with the defence that holds, an
//! illegal one refused with the rule, the puzzle of the day the same for everyone in a
//! place, `/move` going to a game in progress before a puzzle, Russian and Polish.

use leapfrog::ai::puzzle::{difficulty, judge, Puzzle, Verdict};
use leapfrog::console::Console;
use leapfrog::games::GameKind;
use leapfrog::i18n::Lang;
use leapfrog::play::{shipped_puzzles, Play};
use leapfrog::store::{AnyStore, Store};

mod common;

const KINDS: [GameKind; 3] = [GameKind::Jumpers, GameKind::Gyges, GameKind::JumpSturdy];

#[test]
fn every_shipped_puzzle_is_proved_again() {
    for kind in KINDS {
        let puzzles = shipped_puzzles(kind);
        assert!(puzzles.len() >= 200, "{kind:?}: {}", puzzles.len());
        let mut positions = std::collections::HashSet::new();
        for puzzle in puzzles {
            assert_eq!(puzzle.kind, kind);
            assert!(positions.insert(&puzzle.position), "a repeat: {puzzle}");
            let game = puzzle.game().unwrap();
            assert!(!game.outcome().is_finished(), "already over: {puzzle}");
            puzzle.verify().unwrap_or_else(|e| panic!("{puzzle}: {e}"));
            // Every other first move is judged wrong.
            for mv in game.legal_moves() {
                if mv != puzzle.line[0] {
                    assert!(
                        matches!(judge(&game, puzzle.moves, &[], &mv), Verdict::Misses { .. }),
                        "{puzzle}: {mv} is not the answer"
                    );
                }
            }
        }
    }
}

/// Every shipped puzzle's starting rating is the one its difficulty gives (the engine's
/// one-ply look at each first move), and the sets spread over the bands. With
/// `LEAPFROG_BLESS=1` the files are written again with the ratings worked out now.
#[test]
fn every_shipped_puzzles_rating_is_its_difficultys() {
    let bless = std::env::var_os("LEAPFROG_BLESS").is_some();
    for kind in KINDS {
        let mut lines = Vec::new();
        let mut ratings = std::collections::BTreeSet::new();
        for puzzle in shipped_puzzles(kind) {
            let game = puzzle.game().unwrap();
            let rating = difficulty(&game, puzzle).rating();
            ratings.insert(rating);
            if bless {
                lines.push(Puzzle {
                    rating: Some(rating),
                    ..puzzle.clone()
                });
            } else {
                assert_eq!(puzzle.rating, Some(rating), "{puzzle}");
            }
        }
        // Not one rating for all: the engine tells easy from hard.
        assert!(ratings.len() >= 5, "{kind:?}: {ratings:?}");
        if bless {
            let path = format!("{}/puzzles/{}.txt", env!("CARGO_MANIFEST_DIR"), kind.name());
            let text = std::fs::read_to_string(&path).unwrap();
            let mut out: String = text
                .lines()
                .filter(|line| line.starts_with('#'))
                .map(|line| format!("{line}\n"))
                .collect();
            for puzzle in lines {
                out.push_str(&format!("{puzzle}\n"));
            }
            std::fs::write(&path, out).unwrap();
        }
    }
}

/// Puzzles worth solving: in every game's set at least half need two moves or more (a
/// plan, not one jump into the corner).
#[test]
fn at_least_half_of_each_set_needs_two_moves_or_more() {
    for kind in KINDS {
        let puzzles = shipped_puzzles(kind);
        let longer = puzzles.iter().filter(|p| p.moves >= 2).count();
        assert!(
            2 * longer >= puzzles.len(),
            "{kind:?}: {longer} of {} need two moves or more",
            puzzles.len()
        );
    }
}

#[test]
fn a_puzzle_line_reads_back() {
    let puzzle = &shipped_puzzles(GameKind::Gyges)[0];
    assert_eq!(&puzzle.to_string().parse::<Puzzle>().unwrap(), puzzle);
    assert!("gyges\tnot enough".parse::<Puzzle>().is_err());
}

fn console(lang: Lang) -> Console<AnyStore> {
    let out = tempfile::tempdir().unwrap().keep();
    let play = Play::with(
        common::temporary_store(),
        Box::new(common::FixedClock),
        Box::new(common::Zero),
    );
    Console::new(play, out).with_lang(lang)
}

/// The Jump Sturdy puzzle the console's dice (always 0) opens for a newcomer: the one rated
/// nearest to a newcomer's 1500 (the first of those as near), and its number.
fn first() -> (Puzzle, usize) {
    let (number, puzzle) = shipped_puzzles(GameKind::JumpSturdy)
        .iter()
        .enumerate()
        .min_by_key(|(i, p)| ((i64::from(p.rating()) - 1500).abs(), *i))
        .unwrap();
    (puzzle.clone(), number + 1)
}

/// The puzzle `who` has open in `console`.
fn open_puzzle(console: &Console<AnyStore>, who: &str) -> Puzzle {
    let user = leapfrog::console::console_user(who).id;
    let open = console
        .play()
        .store()
        .settings(user)
        .unwrap()
        .puzzle
        .expect("a puzzle open");
    shipped_puzzles(GameKind::JumpSturdy)[open.number as usize - 1].clone()
}

#[test]
fn a_right_answer_is_played_through_to_solved_and_counts_in_the_streak() {
    let console = console(Lang::En);
    let (puzzle, number) = first();
    assert!(puzzle.moves >= 2 && puzzle.line.len() == 2 * usize::from(puzzle.moves) - 1);
    let shown = console.run_line("@ana /puzzle jump-sturdy");
    let side = if puzzle.position.ends_with(" b") {
        "Blue"
    } else {
        "Red"
    };
    assert!(
        shown.contains(&format!(
            "A puzzle for ana: Jump Sturdy #{number}. {side} to play and win in {} moves.",
            puzzle.moves
        )),
        "{shown}"
    );
    assert!(shown.contains("image:"), "{shown}");
    // An illegal move is refused with the rule, and the puzzle stays open.
    let illegal = console.run_line("@ana /move a1-a2");
    assert!(illegal.contains("You can't play a1-a2"), "{illegal}");
    for (i, mv) in puzzle.line.iter().enumerate().step_by(2) {
        let answer = console.run_line(&format!("@ana /move {mv}"));
        if i + 1 < puzzle.line.len() {
            assert!(
                answer.contains(&format!("Correct: {mv}. "))
                    && answer.contains(&format!(" answers {}. Your move:", puzzle.line[i + 1])),
                "{answer}"
            );
        } else {
            assert!(
                answer.contains(&format!(
                    "Correct: {mv} wins. Solved! Streak 1 (best 1), 1 solved in all."
                )),
                "{answer}"
            );
            // A newcomer who solves a puzzle near their level gains a good deal.
            assert!(answer.contains("Puzzle rating 1"), "{answer}");
            assert!(answer.contains("(+"), "{answer}");
        }
    }
    let settings = console
        .play()
        .store()
        .settings(leapfrog::console::console_user("ana").id)
        .unwrap();
    assert_eq!((settings.puzzle_streak, settings.puzzle_best), (1, 1));
    assert!(settings.puzzle.is_none());
    let after = console.run_line("@ana /move e2-e3");
    assert!(after.contains("You have no game in progress"), "{after}");
}

#[test]
fn a_wrong_answer_shows_the_defence_and_the_solution_and_ends_the_streak() {
    let console = console(Lang::En);
    // Solve one first, so there is a streak to lose.
    console.run_line("@ana /puzzle jump-sturdy");
    for mv in open_puzzle(&console, "ana").line.iter().step_by(2) {
        console.run_line(&format!("@ana /move {mv}"));
    }
    console.run_line("@ana /puzzle jump-sturdy");
    let puzzle = open_puzzle(&console, "ana");
    let game = puzzle.game().unwrap();
    let wrong = game
        .legal_moves()
        .into_iter()
        .find(|mv| *mv != puzzle.line[0])
        .unwrap();
    let answer = console.run_line(&format!("@ana /move {wrong}"));
    assert!(
        answer.contains(&format!("Not that one: after {wrong}, ")),
        "{answer}"
    );
    assert!(
        answer.contains(&format!("The solution: {}.", puzzle.line.join(" "))),
        "{answer}"
    );
    assert!(answer.contains("Your streak of 1 ends here."), "{answer}");
    assert!(answer.contains("(-"), "{answer}");
    let ana = leapfrog::console::console_user("ana").id;
    let settings = console.play().store().settings(ana).unwrap();
    assert_eq!((settings.puzzle_streak, settings.puzzle_best), (0, 1));
    // Two puzzles given, both remembered; the missed one is kept for the page.
    assert_eq!(settings.puzzles_seen.len(), 2);
    let done = settings.puzzle_done.expect("the last puzzle kept");
    assert!(!done.solved && done.change < 0);
    assert_eq!(done.progress.played[0], wrong);
}

#[test]
fn the_puzzle_of_the_day_is_the_same_for_everyone_here() {
    let console = console(Lang::En);
    let shown = |who: &str| {
        let text = console.run_line(&format!("@{who} /puzzle daily"));
        let start = text.find("Today's puzzle for").expect("the daily puzzle");
        let line = &text[start..];
        line[line.find(':').unwrap()..line.find('.').unwrap()].to_owned()
    };
    let ana = shown("ana");
    assert_eq!(ana, shown("bob"));
    assert_eq!(ana, shown("cy"));
}

#[test]
fn move_goes_to_a_game_in_progress_and_puzzle_answer_to_the_puzzle() {
    let console = console(Lang::En);
    console.run_line("@ana /play jumpers opponent:@bob seat:white");
    console.run_line("@bob /accept");
    console.run_line("@ana /puzzle jump-sturdy");
    let in_game = console.run_line("@ana /move e3-h6");
    assert!(in_game.contains("ana (White) played e3-h6"), "{in_game}");
    let (puzzle, _) = first();
    let answer = console.run_line(&format!("@ana /puzzle answer:{}", puzzle.line[0]));
    assert!(
        answer.contains(&format!("Correct: {}", puzzle.line[0])),
        "{answer}"
    );
    let skakanie = console.run_line("@ana /puzzle skakanie");
    assert!(skakanie.contains("Skakanie has no puzzles"), "{skakanie}");
}

#[test]
fn puzzles_speak_russian_and_polish() {
    let (puzzle, _) = first();
    for (lang, command, shown, correct) in [
        (
            Lang::Ru,
            "/задача jump-sturdy",
            "Задача (решает: ana)",
            "Верно:",
        ),
        (
            Lang::Pl,
            "/zadanie jump-sturdy",
            "Zadanie (rozwiązuje: ana)",
            "Dobrze:",
        ),
    ] {
        let console = console(lang);
        let text = console.run_line(&format!("@ana {command}"));
        assert!(text.contains(shown), "{text}");
        let answer = console.run_line(&format!("@ana /move {}", puzzle.line[0]));
        assert!(answer.contains(correct), "{answer}");
    }
}

#[test]
fn an_open_puzzle_is_found_by_its_position_when_the_numbers_move() {
    // A later release shipping more puzzles moves the numbers under a player's open one:
    // it is found again by its position, and one no list holds any more is said to be gone.
    let console = console(Lang::En);
    let ana = leapfrog::console::console_user("ana").id;
    let store = || console.play().store();
    console.run_line("@ana /puzzle jump-sturdy");
    let open = store()
        .settings(ana)
        .unwrap()
        .puzzle
        .expect("a puzzle open");
    let number = open.number as usize;
    let puzzle = shipped_puzzles(GameKind::JumpSturdy)[number - 1].clone();
    assert_eq!(open.position, puzzle.position);
    let moved = if number == 1 { 2 } else { number - 1 };
    let mut settings = store().settings(ana).unwrap();
    settings.puzzle.as_mut().unwrap().number = u32::try_from(moved).unwrap();
    store().set_settings(ana, settings.clone()).unwrap();
    let answer = console.run_line(&format!("@ana /move {}", puzzle.line[0]));
    assert!(
        answer.contains(&format!("Correct: {}", puzzle.line[0])),
        "{answer}"
    );
    if puzzle.moves > 1 {
        let kept = store().settings(ana).unwrap().puzzle.expect("still open");
        assert_eq!(kept.number as usize, number, "the number is mended");
    }
    // A position no list holds: gone, and the player is told so.
    console.run_line("@ana /puzzle jump-sturdy");
    let mut settings = store().settings(ana).unwrap();
    settings.puzzle.as_mut().unwrap().position = "6/8/8/8/8/8/8/6 b".to_owned();
    store().set_settings(ana, settings).unwrap();
    let gone = console.run_line(&format!("@ana /move {}", puzzle.line[0]));
    assert!(gone.contains("no longer in the list"), "{gone}");
    assert!(store().settings(ana).unwrap().puzzle.is_none());
}

/// The Jump Sturdy puzzle of the day, as `/puzzle` showed it to `who`.
fn daily_jump_sturdy(console: &Console<AnyStore>, who: &str) -> Puzzle {
    let text = console.run_line(&format!("@{who} /puzzle jump-sturdy daily:yes"));
    let at = text.find("Jump Sturdy #").expect("the daily puzzle") + "Jump Sturdy #".len();
    let number: usize = text[at..].split('.').next().unwrap().parse().unwrap();
    shipped_puzzles(GameKind::JumpSturdy)[number - 1].clone()
}

#[test]
fn the_puzzle_of_the_day_is_played_once_a_day_whatever_the_answer() {
    let console = console(Lang::En);
    let ana = leapfrog::console::console_user("ana").id;
    // A wrong answer: asking again the same day shows no puzzle, and no streak grows.
    let puzzle = daily_jump_sturdy(&console, "ana");
    let wrong = puzzle
        .game()
        .unwrap()
        .legal_moves()
        .into_iter()
        .find(|mv| *mv != puzzle.line[0])
        .unwrap();
    let answer = console.run_line(&format!("@ana /move {wrong}"));
    assert!(answer.contains("Not that one"), "{answer}");
    // However the game is typed, it is the same puzzle of the day.
    let again = console.run_line("@ana /puzzle Jump-Sturdy daily:yes");
    assert!(
        again.contains(
            "You have played today's puzzle here already (missed). The next one comes in"
        ),
        "{again}"
    );
    assert!(console
        .play()
        .store()
        .settings(ana)
        .unwrap()
        .puzzle
        .is_none());
    // Bob solves it; his second ask says so. Another game's puzzle of the day is open.
    let puzzle = daily_jump_sturdy(&console, "bob");
    for mv in puzzle.line.iter().step_by(2) {
        console.run_line(&format!("@bob /move {mv}"));
    }
    let again = console.run_line("@bob /puzzle jump-sturdy daily:yes");
    assert!(again.contains("already (solved)"), "{again}");
    let bob = leapfrog::console::console_user("bob").id;
    assert_eq!(
        console.play().store().settings(bob).unwrap().puzzle_streak,
        1
    );
    let other = console.run_line("@ana /puzzle gyges daily:yes");
    assert!(other.contains("Today's puzzle for ana: Gygès #"), "{other}");
}

#[test]
fn a_second_ask_for_the_puzzle_of_the_day_is_answered_in_russian_and_polish() {
    for (lang, command, done) in [
        (
            Lang::Ru,
            "/задача jump-sturdy дня:да",
            "Задачу дня здесь вы уже сыграли (решена). Следующая будет через",
        ),
        (
            Lang::Pl,
            "/zadanie jump-sturdy dnia:tak",
            "Dzisiejsze zadanie dnia masz tu już za sobą (rozwiązane). Następne za",
        ),
    ] {
        let console = console(lang);
        console.run_line(&format!("@ana {command}"));
        let ana = leapfrog::console::console_user("ana").id;
        let progress = console
            .play()
            .store()
            .settings(ana)
            .unwrap()
            .puzzle
            .unwrap();
        let puzzle = shipped_puzzles(GameKind::JumpSturdy)[progress.number as usize - 1].clone();
        for mv in puzzle.line.iter().step_by(2) {
            console.run_line(&format!("@ana /move {mv}"));
        }
        let again = console.run_line(&format!("@ana {command}"));
        assert!(again.contains(done), "{again}");
    }
}

/// The next puzzle is one of the dozen rated nearest to the player (their rating as their
/// attempts made it), and never one they were given lately.
#[test]
fn the_next_puzzle_is_near_the_players_level_and_not_one_seen_lately() {
    use leapfrog::play::puzzle_ratings::NEAREST;
    use leapfrog::store::PuzzleRating;
    let console = console(Lang::En);
    let ana = leapfrog::console::console_user("ana").id;
    let all = shipped_puzzles(GameKind::JumpSturdy);
    for level in [900_i64, 1500, 1900, 2400] {
        let mut settings = console.play().store().settings(ana).unwrap();
        settings.puzzle_rating = Some(PuzzleRating {
            centi: level * 100,
            deviation: 6000,
            volatility: 60_000,
            played: 10,
        });
        settings.puzzles_seen.clear();
        console.play().store().set_settings(ana, settings).unwrap();
        console.run_line("@ana /puzzle jump-sturdy");
        let given = open_puzzle(&console, "ana");
        let mut distances: Vec<i64> = all
            .iter()
            .map(|p| (i64::from(p.rating()) - level).abs())
            .collect();
        distances.sort_unstable();
        let distance = (i64::from(given.rating()) - level).abs();
        assert!(
            distance <= distances[NEAREST - 1],
            "at {level}: given {} ({distance} away), the {NEAREST}th nearest is {} away",
            given.rating(),
            distances[NEAREST - 1]
        );
    }
    // Thirty in a row, solved or missed: thirty different puzzles.
    let mut given = std::collections::HashSet::new();
    for i in 0..30 {
        console.run_line("@ana /puzzle jump-sturdy");
        let puzzle = open_puzzle(&console, "ana");
        assert!(
            given.insert(puzzle.position.clone()),
            "given twice: {puzzle}"
        );
        if i % 3 == 0 {
            let game = puzzle.game().unwrap();
            let wrong = game
                .legal_moves()
                .into_iter()
                .find(|mv| *mv != puzzle.line[0]);
            console.run_line(&format!("@ana /move {}", wrong.unwrap()));
        } else {
            for mv in puzzle.line.iter().step_by(2) {
                console.run_line(&format!("@ana /move {mv}"));
            }
        }
    }
    let settings = console.play().store().settings(ana).unwrap();
    assert_eq!(settings.puzzle_rating.unwrap().played, 10 + 30);
}
