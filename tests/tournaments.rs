//! Whole tournaments through the console, as players type them: sign-up, rounds that begin
//! by themselves when the last game of the one before ends, a withdrawal, a restart of the
//! bot between rounds (the store reopened), to the winner and the final standings.

mod common;

use std::path::Path;

use leapfrog::console::{name_id, Console};
use leapfrog::play::Play;
use leapfrog::store::{
    GameId, PgStore, SledStore, Status, Store, StoreConfig, TournamentId, TournamentRecord, UserId,
};
use leapfrog::tournament::event::{Format, Phase};
use leapfrog::tournament::{Pairing, WIN};

/// The console over the sled folder `data` (a fresh process's view of it).
fn console(data: &Path) -> Console<SledStore> {
    let config = StoreConfig {
        data_dir: data.to_path_buf(),
        ..StoreConfig::default()
    };
    let store = SledStore::open(&config).unwrap();
    Console::new(Play::new(store), data.with_file_name("out"))
}

fn tournament(console: &Console<SledStore>, id: u64) -> TournamentRecord {
    console.play().store().tournament(TournamentId(id)).unwrap()
}

/// The players named p1..pn join tournament `id`; returns the output.
fn join_all(console: &Console<SledStore>, n: usize) -> String {
    (1..=n)
        .map(|i| console.run_line(&format!("@p{i} /tournament join")))
        .collect()
}

/// What every finished tournament must hold: each round's results, every result worth what
/// its game's places are, and the standings' points adding up to them.
fn check_finished(record: &TournamentRecord) {
    let event = &record.event;
    assert_eq!(event.phase, Phase::Finished);
    assert!(event.rounds.iter().all(|r| r.is_over()));
    let total: u32 = event
        .rounds
        .iter()
        .flat_map(|r| r.results.iter().flatten())
        .flat_map(|o| o.points.iter())
        .sum();
    let standings: u32 = event.standings().iter().map(|l| l.score).sum();
    assert_eq!(total, standings);
}

#[test]
fn an_eight_player_round_robin_runs_to_its_winner_across_a_restart_and_a_withdrawal() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    {
        let console = console(&data);
        let out = console.run_line(
            "@p1 /tournament create jumpers round-robin max:8 starts:full days:3 board=far",
        );
        assert!(out.contains("made tournament **T1**"), "{out}");
        assert!(
            out.contains(
                "round-robin · 0/8 players · taking players, starts when full · board=far days=3"
            ),
            "{out}"
        );
        let out = join_all(&console, 8);
        assert!(out.contains("**p8** joined T1 (8 players)"), "{out}");
        assert!(
            out.contains("round 1 of 7"),
            "the last place taken starts it: {out}"
        );
        assert_eq!(out.matches("round 1: game #").count(), 4, "{out}");
        let refused = console.run_line("@p9 /tournament join");
        assert!(
            refused.contains("no tournament here now") || refused.contains("no longer taking"),
            "{refused}"
        );
        for round in 0..3 {
            let out = common::play_round(&console, 1, |i| i == round % 4);
            assert!(
                out.contains(&format!("after round {} of 7", round + 1)),
                "{out}"
            );
        }
    }
    // The bot restarts: the tournament, its round and its games are read back as they were.
    let console = console(&data);
    let record = tournament(&console, 1);
    assert_eq!(record.event.rounds.len(), 4);
    assert_eq!(
        record.games[3].iter().flatten().count(),
        4,
        "round 4's games were made"
    );
    let leaver = record
        .event
        .players
        .iter()
        .position(|&p| p == name_id("p8"))
        .unwrap();
    let out = console.run_line("@p8 /tournament leave");
    assert!(out.contains("**p8** left T1"), "{out}");
    let mut last = String::new();
    for _ in 3..7 {
        last = common::play_round(&console, 1, |_| false);
    }
    let record = tournament(&console, 1);
    check_finished(&record);
    assert!(last.contains("final standings"), "{last}");
    assert!(last.contains("🏆"), "{last}");
    // Every pair met once; p8's games after leaving were lost by forfeit, not played.
    let crosstable = record.event.crosstable();
    for (a, row) in crosstable.iter().enumerate() {
        for (b, cell) in row.iter().enumerate() {
            assert_eq!(cell.len(), usize::from(a != b), "{a} v {b}");
        }
    }
    let forfeits = (0..8)
        .filter(|&o| crosstable[leaver][o].first().is_some_and(|c| !c.1))
        .count();
    assert_eq!(
        forfeits, 4,
        "rounds 4 to 7: the game under way is forfeited too"
    );
    assert_eq!(record.event.format, Format::RoundRobin { double: false });
    // /profile keeps it: where each finished, and that p8 withdrew.
    let profile = console.run_line("@p8 /profile");
    assert!(
        profile.contains("Tournaments: T1 Jumpers: place "),
        "{profile}"
    );
    assert!(profile.contains(" of 8 (withdrew)"), "{profile}");
    let winner = record.event.players[record.event.standings()[0].entrant];
    let name = (1..=8)
        .map(|i| format!("p{i}"))
        .find(|n| name_id(n) == winner)
        .unwrap();
    let profile = console.run_line(&format!("@{name} /profile"));
    assert!(profile.contains("T1 Jumpers: place 1 of 8"), "{profile}");
    // /tournament show attaches the record: every round's results, the forfeits, the
    // standings with Sonneborn–Berger, and the number of each game made.
    let out = console.run_line("@p2 /tournament show");
    assert!(out.contains("tournament-1.txt"), "{out}");
    let text = std::fs::read_to_string(dir.path().join("out").join("tournament-1.txt")).unwrap();
    assert!(
        text.starts_with("[Tournament \"T1\"]\n[Game \"jumpers\"]\n"),
        "{text}"
    );
    assert!(text.contains("[Status \"finished\"]"), "{text}");
    assert!(
        text.contains("\nRound 7\n") && text.contains(" (withdrew)"),
        "{text}"
    );
    // Round 4's game under way counts as forfeited, as in the crosstable; its number stays.
    assert_eq!(text.matches(" forfeit").count(), 4, "{text}");
    assert_eq!(text.matches(" #").count(), 28 - 3, "{text}");
    let standings = text.split("\nStandings\n").nth(1).unwrap();
    assert_eq!(standings.lines().count(), 8, "{standings}");
    assert!(standings.lines().all(|l| l.contains(" SB ")), "{standings}");
    // The standings picture of the end was written.
    assert!(last.contains("tournament-1-7.png"), "{last}");
    let png = image::open(dir.path().join("out").join("tournament-1-7.png")).unwrap();
    assert_eq!(png.width(), 800);
}

#[test]
fn a_thirteen_player_swiss_of_five_rounds_gives_byes_and_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    {
        let console = console(&data);
        let out = console.run_line("@host /tournament create gyges swiss rounds:5 rated:no");
        assert!(out.contains("Swiss, 5 rounds"), "{out}");
        join_all(&console, 13);
        let out = console.run_line("@host /tournament start");
        assert!(out.contains("begins with 13 players"), "{out}");
        assert_eq!(out.matches("round 1: game #").count(), 6, "{out}");
        common::play_round(&console, 1, |i| i == 2);
        let out = console.run_line("@p5 /tournament leave");
        assert!(out.contains("**p5** left T1"), "{out}");
        common::play_round(&console, 1, |_| false);
    }
    let console = console(&data);
    for _ in 2..5 {
        common::play_round(&console, 1, |i| i == 0);
    }
    let record = tournament(&console, 1);
    check_finished(&record);
    assert_eq!(record.event.rounds.len(), 5);
    let left = record
        .event
        .players
        .iter()
        .position(|&p| p == name_id("p5"))
        .unwrap();
    let mut byes = vec![0; 13];
    let mut met = std::collections::BTreeSet::new();
    for (r, round) in record.event.rounds.iter().enumerate() {
        for pairing in &round.pairings {
            match pairing {
                Pairing::Bye(e) => byes[*e] += 1,
                Pairing::Table(seats) => {
                    assert!(r < 2 || !seats.contains(&left), "paired after leaving");
                    let pair = (seats[0].min(seats[1]), seats[0].max(seats[1]));
                    assert!(met.insert(pair), "a repeat pairing in round {}", r + 1);
                }
            }
        }
    }
    assert!(byes.iter().all(|&b| b <= 1), "{byes:?}");
    assert_eq!(
        byes.iter().sum::<usize>(),
        2,
        "rounds 1 and 2 (paired before the withdrawal) have a bye; 12 players pair up after"
    );
    // Nobody's rating moved: the tournament was unrated.
    let store = console.play().store();
    assert!(store
        .standing(leapfrog::games::GameKind::Gyges, UserId(name_id("p1")))
        .unwrap()
        .is_none());
    let out = console.run_line("@p1 /tournament show");
    assert!(out.contains("final standings"), "{out}");
    // p5 asks to be forgotten: the tournament then names a former player in their place,
    // and keeps its results.
    let out = console.run_line("@p5 /forget-me confirm");
    assert!(out.contains("you are forgotten"), "{out}");
    let forgotten = tournament(&console, 1);
    assert!(!forgotten.event.players.contains(&name_id("p5")));
    assert!(forgotten
        .names
        .iter()
        .all(|(id, name)| id.0 != name_id("p5") && name != "p5"));
    assert!(forgotten
        .names
        .iter()
        .any(|(_, name)| name == "Former player"));
    assert_eq!(forgotten.event.standings(), record.event.standings());
    let lines = record.event.standings();
    assert!(lines[0].score >= 3 * WIN, "{lines:?}");
}

#[test]
fn nine_skakanie_players_meet_at_tables_of_three() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let console = console(&data);
    let out = console.run_line("@host /tournament create skakanie round-robin seats:3");
    assert!(out.contains("round-robin at tables of 3"), "{out}");
    join_all(&console, 9);
    let out = console.run_line("@host /tournament start");
    assert_eq!(out.matches("round 1: game #").count(), 3, "{out}");
    for _ in 0..4 {
        common::play_round(&console, 1, |_| false);
    }
    let record = tournament(&console, 1);
    check_finished(&record);
    assert_eq!(
        record.event.rounds.len(),
        4,
        "9 players at tables of 3 meet in 4 rounds"
    );
    // Each table's points: first 2, the two who left share second and third (½ each) or
    // not, but every table gives out 3 points.
    for round in &record.event.rounds {
        for result in round.results.iter().flatten() {
            assert_eq!(result.points.iter().sum::<u32>(), 3 * WIN);
        }
    }
}

/// A round-robin played at once: every game of every round begins at the start, each
/// player has all their games going together, and it ends with the last of them.
#[test]
fn a_round_robin_played_at_once_begins_every_game_at_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    {
        let console = console(&data);
        let out = console.run_line("@p1 /tournament create gyges round-robin together:yes");
        assert!(out.contains("all rounds at once"), "{out}");
        join_all(&console, 5);
        let out = console.run_line("@p1 /tournament start");
        // 5 players: 5 rounds of two games and a bye, all begun now.
        for round in 1..=5 {
            assert_eq!(
                out.matches(&format!("round {round}: game #")).count(),
                2,
                "{out}"
            );
        }
        let record = tournament(&console, 1);
        assert_eq!(record.games.iter().flatten().flatten().count(), 10);
        // The last round's games end first: the tournament waits for the others.
        for game in record.games[4].iter().flatten() {
            let played = console.play().store().get(*game).unwrap();
            console.run_line(&format!("@{} /resign #{game}", played.seats[1].name()));
        }
        let out = console.run_line("@p1 /tournament show");
        assert!(out.contains("round 1 of 5"), "{out}");
        assert!(
            out.contains("Round 4:") && !out.contains("Round 5:"),
            "{out}"
        );
    }
    // After a restart, p5 leaves: every game of theirs still going is resigned.
    let console = console(&data);
    let out = console.run_line("@p5 /tournament leave");
    assert!(out.contains("**p5** left T1"), "{out}");
    let record = tournament(&console, 1);
    let games: Vec<GameId> = record.games.iter().flatten().flatten().copied().collect();
    for game in &games {
        let played = console.play().store().get(*game).unwrap();
        assert!(
            played.status != Status::Active || played.seat_of(UserId(name_id("p5"))).is_none(),
            "p5's game #{game} is over"
        );
    }
    let mut last = String::new();
    for game in games {
        let played = console.play().store().get(game).unwrap();
        if played.status == Status::Active {
            last = console.run_line(&format!("@{} /resign #{game}", played.seats[1].name()));
        }
    }
    assert!(last.contains("final standings"), "{last}");
    let record = tournament(&console, 1);
    check_finished(&record);
    assert_eq!(record.event.rounds.len(), 5);
}

/// Every game runs both formats to a winner: a round-robin (Skakanie's at tables of 3)
/// and a Swiss (Skakanie's two-player), five players each, with a bye every round.
#[test]
fn every_game_runs_both_formats_to_a_winner() {
    for kind in leapfrog::games::GameKind::ALL {
        for format in ["round-robin", "swiss"] {
            let dir = tempfile::tempdir().unwrap();
            let console = console(&dir.path().join("data"));
            let seats = if kind.info().max_seats > 2 && format == "round-robin" {
                " seats:3"
            } else {
                ""
            };
            let out = console.run_line(&format!(
                "@p1 /tournament create {} {format}{seats}",
                kind.name()
            ));
            assert!(
                out.contains("made tournament **T1**"),
                "{kind:?} {format}: {out}"
            );
            join_all(&console, 5);
            let out = console.run_line("@p1 /tournament start");
            assert!(
                out.contains("begins with 5 players"),
                "{kind:?} {format}: {out}"
            );
            let mut last = String::new();
            for _ in 0..10 {
                if tournament(&console, 1).event.phase != Phase::Running {
                    break;
                }
                // Skakanie has no draws: its games are all won.
                let draws = kind.info().max_seats == 2;
                last = common::play_round(&console, 1, |i| draws && i == 1);
            }
            let record = tournament(&console, 1);
            assert_eq!(
                record.event.phase,
                Phase::Finished,
                "{kind:?} {format}: {last}"
            );
            check_finished(&record);
            assert!(last.contains("🏆"), "{kind:?} {format}: {last}");
        }
    }
}

#[test]
fn tournament_commands_explain_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir.path().join("data"));
    for (line, says) in [
        ("@a /tournament", "what to do"),
        ("@a /tournament brew", "not a tournament action"),
        ("@a /tournament create jumpers", "a format"),
        (
            "@a /tournament create jumpers knockout",
            "not a tournament format",
        ),
        ("@a /tournament create chess swiss", "chess"),
        (
            "@a /tournament create jumpers round-robin rounds:3",
            "rounds: is for a Swiss",
        ),
        (
            "@a /tournament create jumpers swiss seats:3",
            "seats: is for Skakanie",
        ),
        (
            "@a /tournament create jumpers swiss starts:full",
            "starts:full needs max:",
        ),
        (
            "@a /tournament create jumpers swiss starts:yesterday",
            "is not a start",
        ),
        ("@a /tournament create jumpers swiss board=huge", "huge"),
        (
            "@a /tournament create jumpers swiss together:yes",
            "together: is for round-robins",
        ),
        ("@a /tournament join", "no tournament here now"),
        ("@a /tournament join T9", "no tournament T9"),
    ] {
        let out = console.run_line(line);
        assert!(
            out.to_lowercase().contains(&says.to_lowercase()),
            "{line}: {out}"
        );
    }
    console.run_line("@a /tournament create jumpers swiss");
    let out = console.run_line("@a /tournament start");
    assert!(out.contains("at least 2 are needed"), "{out}");
    console.run_line("@b /tournament join");
    let out = console.run_line("@b /tournament join");
    assert!(out.contains("in T1 already"), "{out}");
    // Signed up, b cannot be forgotten until they leave.
    let out = console.run_line("@b /forget-me confirm");
    assert!(out.contains("still in tournament T1"), "{out}");
    let out = console.run_line("@b /profile");
    assert!(out.contains("T1 Jumpers: signed up"), "{out}");
    let out = console.run_line("@a /tournament cancel");
    assert!(out.contains("T1 is cancelled"), "{out}");
    let out = console.run_line("@a /tournament list");
    assert!(out.contains("cancelled"), "{out}");
    // Neither the host nor b played a game of T1; forgetting them still takes them out of
    // it.
    for who in ["b", "a"] {
        let out = console.run_line(&format!("@{who} /forget-me confirm"));
        assert!(out.contains("forgotten"), "{out}");
        let user = leapfrog::console::console_user(who).id;
        let record = console.play().store().tournament(TournamentId(1)).unwrap();
        assert!(!record.mentions(user), "{who} is still in {record:?}");
    }
}

/// Two workers on one PostgreSQL, each ending half of every round's games at the same
/// moment: each sees the round end and tries to begin the next, but every round is begun
/// once, every game made once (no game number taken twice, no board posted twice), and the
/// tournament runs to its end as on one worker.
#[test]
fn two_workers_ending_a_round_together_begin_the_next_once() {
    let Some(url) = common::postgres_for_this_test("tournament_workers") else {
        return;
    };
    let schema = format!("tournament_workers_{}", std::process::id());
    let dir = tempfile::tempdir().unwrap();
    let worker = |name: &str| {
        let store = PgStore::connect(&url, 4, Some(&schema)).unwrap();
        Console::new(Play::new(store), dir.path().join(name))
    };
    let (a, b) = (worker("a"), worker("b"));
    a.run_line("@p1 /tournament create jumpers round-robin max:8 starts:full");
    let begun: String = (1..=8)
        .map(|i| a.run_line(&format!("@p{i} /tournament join")))
        .collect();
    let mut boards = begun.matches(": game #").count();
    for round in 1..=7 {
        let record = a.play().store().tournament(TournamentId(1)).unwrap();
        assert_eq!(record.event.rounds.len(), round);
        let games: Vec<GameId> = record.games[round - 1].iter().flatten().copied().collect();
        assert_eq!(games.len(), 4, "round {round}");
        let resign = |console: &Console<PgStore>, games: &[GameId]| {
            games
                .iter()
                .map(|&game| {
                    let played = console.play().store().get(game).unwrap();
                    console.run_line(&format!("@{} /resign #{game}", played.seats[1].name()))
                })
                .collect::<String>()
        };
        let (said_a, said_b) = std::thread::scope(|scope| {
            let first = scope.spawn(|| resign(&a, &games[..2]));
            let second = scope.spawn(|| resign(&b, &games[2..]));
            (first.join().unwrap(), second.join().unwrap())
        });
        // Whichever worker lost the race to settle, the scheduler's next look finds nothing
        // left to do.
        let late = a.notices() + &b.notices();
        boards += [&said_a, &said_b, &late]
            .iter()
            .map(|out| out.matches(": game #").count())
            .sum::<usize>();
    }
    let record = a.play().store().tournament(TournamentId(1)).unwrap();
    check_finished(&record);
    assert_eq!(record.event.rounds.len(), 7);
    let made: Vec<u64> = record
        .games
        .iter()
        .flatten()
        .flatten()
        .map(|g| g.0)
        .collect();
    assert_eq!(
        made,
        (1..=28).collect::<Vec<u64>>(),
        "28 games, numbered without a gap"
    );
    assert_eq!(boards, 28, "each game's first board posted once");
    assert!(
        a.play().store().get(GameId(29)).is_err(),
        "no game beyond them"
    );
}

/// The text record `/tournament show` attaches.
fn shown_record(console: &Console<SledStore>, dir: &Path) -> String {
    console.run_line("@p1 /tournament show");
    std::fs::read_to_string(dir.join("out").join("tournament-1.txt")).unwrap()
}

/// A Swiss asked for more rounds than its players can pair (issue 58: "Swiss, 5 rounds ·
/// round 1 of 2"): with max: too small, create refuses; otherwise the start says how many
/// it plays, and every line after says that one number.
#[test]
fn a_swiss_says_one_number_of_rounds_and_plays_it() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir.path().join("data"));
    let out =
        console.run_line("@alice /tournament create game:jump-sturdy format:swiss rounds:5 max:4");
    assert!(out.contains("can pair 2 rounds"), "{out}");
    let out = console.run_line("@alice /tournament create game:jump-sturdy format:swiss rounds:5");
    assert!(out.contains("Swiss, 5 rounds"), "{out}");
    join_all(&console, 4);
    let out = console.run_line("@alice /tournament start");
    assert!(
        out.contains("Swiss, 2 rounds · 4 players · round 1 of 2"),
        "{out}"
    );
    assert!(out.contains("T1 plays 2, not the 5 asked for"), "{out}");
    let out = console.run_line("@p1 /tournament show");
    assert!(!out.contains("5 rounds"), "{out}");
    // During round 1: not "after round 0 of 2".
    assert!(out.contains("round 1 of 2 under way"), "{out}");
    assert!(!out.contains("after round 0"), "{out}");
    let profile = console.run_line("@p1 /profile");
    assert!(profile.contains("playing round 1 of 2"), "{profile}");
    // Nobody has an opponent yet: Buchholz 0, not -0.
    let text = shown_record(&console, dir.path());
    assert!(text.contains("[Format \"swiss 2 rounds\"]"), "{text}");
    assert!(
        text.contains(" Buchholz 0 Median 0") && !text.contains("Buchholz -0"),
        "{text}"
    );
    let mut last = String::new();
    while tournament(&console, 1).event.phase == Phase::Running {
        last = common::play_round(&console, 1, |_| false);
    }
    assert!(last.contains("final standings"), "{last}");
    assert!(!last.contains("could not be paired"), "{last}");
    let record = tournament(&console, 1);
    check_finished(&record);
    assert_eq!(record.event.rounds.len(), 2);
}

/// Six players, three Swiss rounds, one removed during round two: a third round of two
/// games and a bye exists, and is played (issue 58: it ended "after round 2 of 3").
#[test]
fn a_swiss_plays_every_round_it_announced_after_a_removal() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir.path().join("data"));
    console.run_line("@host /tournament create gyges swiss rounds:3");
    join_all(&console, 6);
    console.run_line("@host /tournament start");
    common::play_round(&console, 1, |_| false);
    let out = console.run_line("@host /tournament remove @p6");
    assert!(out.contains("**p6** left T1"), "{out}");
    let out = common::play_round(&console, 1, |_| false);
    assert!(out.contains("after round 2 of 3"), "{out}");
    assert_eq!(tournament(&console, 1).event.rounds.len(), 3);
    let out = common::play_round(&console, 1, |_| false);
    assert!(out.contains("final standings"), "{out}");
    let record = tournament(&console, 1);
    check_finished(&record);
    assert_eq!(record.event.rounds.len(), 3);
    assert_eq!(
        record.event.rounds[2].pairings.len(),
        3,
        "two games and a bye"
    );
}

/// A Swiss whose players left cannot be paired again without a repeat: it ends, and says
/// why before it names the winner.
#[test]
fn a_swiss_that_cannot_pair_its_next_round_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir.path().join("data"));
    console.run_line("@host /tournament create gyges swiss rounds:2");
    join_all(&console, 4);
    console.run_line("@host /tournament start");
    // Round 1: p1 v p3, p4 v p2 (seeded in joining order). p2 and p4 go: p1 and p3 are
    // left, and have met.
    console.run_line("@host /tournament remove @p2");
    console.run_line("@host /tournament remove @p4");
    let out = common::play_round(&console, 1, |_| false);
    assert!(
        out.contains(
            "Round 2 could not be paired: among the 2 players left, every pairing would have \
             two of them meet again or give someone a second bye. T1 ends after round 1 of 2."
        ),
        "{out}"
    );
    assert!(out.contains("🏆"), "{out}");
    check_finished(&tournament(&console, 1));
}

/// A player who withdraws before their game's first move: the game says they withdrew
/// (not "resigned"), and nobody's rating moves, as for any game with no move.
#[test]
fn a_withdrawal_before_the_first_move_is_worded_so_and_unrated() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir.path().join("data"));
    console.run_line("@host /tournament create jumpers swiss rounds:1");
    join_all(&console, 2);
    console.run_line("@host /tournament start");
    let game = tournament(&console, 1).games[0][0].unwrap();
    let out = console.run_line("@p2 /tournament leave");
    assert!(out.contains("**p2** left T1"), "{out}");
    let played = console.play().store().get(game).unwrap();
    let Status::Finished(result) = &played.status else {
        panic!("{:?}", played.status);
    };
    assert!(result.reason.ends_with(" withdrew"), "{result:?}");
    assert!(result.ratings.is_empty(), "{result:?}");
    assert!(!played.rated);
    for name in ["p1", "p2"] {
        let standing = console
            .play()
            .store()
            .standing(leapfrog::games::GameKind::Jumpers, UserId(name_id(name)))
            .unwrap();
        assert!(standing.is_none(), "{name}: {standing:?}");
    }
    console.run_line(&format!("@p1 /history #{game}"));
    let file = dir.path().join("out").join(format!("leapfrog-{game}.txt"));
    let history = std::fs::read_to_string(file).unwrap();
    assert!(
        history.contains("withdrew") && !history.contains("resigned"),
        "{history}"
    );
    check_finished(&tournament(&console, 1));
}

/// At a Skakanie table the first to leave is told the others will all rank above: they score last
/// and their rating falls most; the second leaver comes just above (issue 58: the first
/// leaver scored 1 point and the second 0, or both ½).
#[test]
fn skakanie_leavers_score_and_rate_in_the_order_they_left() {
    let dir = tempfile::tempdir().unwrap();
    let console = console(&dir.path().join("data"));
    console.run_line("@host /tournament create skakanie round-robin seats:3");
    join_all(&console, 3);
    console.run_line("@host /tournament start");
    let game = tournament(&console, 1).games[0][0].unwrap();
    let seats: Vec<String> = console
        .play()
        .store()
        .get(game)
        .unwrap()
        .seats
        .iter()
        .map(|p| p.name().to_owned())
        .collect();
    let out = console.run_line(&format!("@{} /resign #{game}", seats[2]));
    assert!(
        out.contains(&format!("all of them will rank above {}", seats[2])),
        "{out}"
    );
    console.run_line(&format!("@{} /resign #{game}", seats[1]));
    console.notices();
    let record = tournament(&console, 1);
    check_finished(&record);
    let outcome = record.event.rounds[0].results[0].as_ref().unwrap();
    assert_eq!(outcome.points, vec![2 * WIN, WIN, 0]);
    let rating = |name: &str| {
        console
            .play()
            .store()
            .standing(leapfrog::games::GameKind::Skakanie, UserId(name_id(name)))
            .unwrap()
            .unwrap()
            .rating
    };
    assert!(
        rating(&seats[2]) < rating(&seats[1]) && rating(&seats[1]) < rating(&seats[0]),
        "{seats:?}"
    );
}
