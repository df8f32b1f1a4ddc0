//! Random tournaments through the pure layer: every format (Swiss, round-robin single and
//! double, Skakanie tables of 3 and 4, rounds one at a time or all at once), random
//! results, withdrawals at random moments (so forfeits, byes and tables that shrink), and
//! after every step the promises the bot makes: the standings "after round k" count rounds
//! 1 to k only and never change after; every result is worth what its game is; points add
//! up; a Swiss plays every round it announced unless no legal round exists.

use leapfrog::tournament::event::{Format, Outcome, Phase, Tournament};
use leapfrog::tournament::standings::{place_points, Line};
use leapfrog::tournament::{swiss, Entrant, Pairing, Points, WIN};
use proptest::prelude::*;

/// A tape of random bytes the script reads its choices from (proptest shrinks it).
struct Tape<'a>(std::slice::Iter<'a, (u8, u8, u8)>);

impl Tape<'_> {
    /// The next choice; once the tape is out, results only (the first waiting game, its
    /// first seat first), so every tournament runs to its end.
    fn next(&mut self) -> (u8, u8, u8) {
        self.0.next().copied().unwrap_or((1, 0, 0))
    }
}

fn format_of(choice: u8, rounds: usize) -> Format {
    match choice % 5 {
        0 | 1 => Format::Swiss { rounds },
        2 => Format::RoundRobin { double: false },
        3 => Format::RoundRobin { double: true },
        _ => Format::Tables {
            seats: 3 + usize::from(choice % 2),
        },
    }
}

/// What each game of a round is worth in all: a table's places share `(most - 1) / 2`
/// points a seat; a bye a win in a Swiss, nothing in a round-robin.
fn worth(t: &Tournament, pairing: &Pairing) -> Points {
    match pairing {
        Pairing::Bye(_) => match t.format {
            Format::Swiss { .. } => WIN,
            _ => 0,
        },
        Pairing::Table(seats) => {
            let most = t.most_seats().max(seats.len()) as Points;
            WIN * seats.len() as Points * (most - 1) / 2
        }
    }
}

/// Each entrant's points from the first `rounds` rounds, counted from the results.
fn points_after(t: &Tournament, rounds: usize) -> Vec<Points> {
    let mut points = vec![0; t.players.len()];
    for round in t.rounds.iter().take(rounds) {
        for (pairing, result) in round.pairings.iter().zip(&round.results) {
            for (&e, &p) in pairing
                .entrants()
                .iter()
                .zip(&result.as_ref().unwrap().points)
            {
                points[e] += p;
            }
        }
    }
    points
}

/// Whether the Swiss could pair another round by its rules, found by trying every way:
/// everyone still in meets someone they have not met (a forfeit counts as met), and with
/// an odd number one sits out who has had no bye (a forfeit won counts as one).
fn legal_round_exists(t: &Tournament) -> bool {
    let n = t.players.len();
    let mut met = vec![vec![false; n]; n];
    let mut had_bye = vec![false; n];
    for round in &t.rounds {
        for (pairing, result) in round.pairings.iter().zip(&round.results) {
            let outcome = result.as_ref().unwrap();
            match pairing {
                Pairing::Bye(e) => had_bye[*e] = true,
                Pairing::Table(seats) => {
                    for (i, &a) in seats.iter().enumerate() {
                        for &b in seats {
                            met[a][b] = true;
                        }
                        if !outcome.played && outcome.points[i] > 0 {
                            had_bye[a] = true;
                        }
                    }
                }
            }
        }
    }
    let active: Vec<Entrant> = (0..n).filter(|&e| !t.has_left(e)).collect();
    fn pairs_all(rest: &[Entrant], met: &[Vec<bool>]) -> bool {
        let Some((&first, others)) = rest.split_first() else {
            return true;
        };
        others.iter().enumerate().any(|(i, &o)| {
            !met[first][o] && {
                let mut left = others.to_vec();
                left.remove(i);
                pairs_all(&left, met)
            }
        })
    }
    if active.len() < 2 {
        return false;
    }
    if active.len().is_multiple_of(2) {
        return pairs_all(&active, &met);
    }
    active.iter().any(|&bye| {
        !had_bye[bye] && {
            let rest: Vec<Entrant> = active.iter().copied().filter(|&e| e != bye).collect();
            pairs_all(&rest, &met)
        }
    })
}

/// Runs one random tournament and checks it step by step.
fn run(choice: u8, players: usize, asked: usize, at_once: bool, tape: &[(u8, u8, u8)]) {
    let format = format_of(choice, asked);
    let mut t = Tournament::new(format, None).all_at_once(at_once);
    for p in 1..=players as u64 {
        t.join(p).unwrap();
    }
    if t.start(|p| f64::from((p * 7 % 5) as u32)).is_err() {
        assert!(players < t.fewest_players());
        return;
    }
    if let Format::Swiss { .. } = format {
        assert_eq!(
            t.round_count(),
            asked.clamp(1, swiss::max_rounds(players)),
            "one number, announced at the start"
        );
    }
    let mut tape = Tape(tape.iter());
    // The standings as posted when each round ended, and the round each leaver left in.
    let mut posted: Vec<Vec<Line>> = vec![t.standings()];
    let mut left_in: Vec<Option<usize>> = vec![None; players];
    for _ in 0..2_000 {
        if t.phase != Phase::Running {
            break;
        }
        let (what, pick, result) = tape.next();
        if what % 9 == 0 {
            let who = usize::from(pick) % players;
            if !t.has_left(who) {
                t.leave(t.players[who]).unwrap();
                left_in[who] = Some(t.rounds.len());
            }
        } else {
            let waiting: Vec<(usize, usize)> = (0..t.rounds.len())
                .flat_map(|r| (0..t.rounds[r].pairings.len()).map(move |i| (r, i)))
                .filter(|&(r, i)| t.rounds[r].results[i].is_none())
                .collect();
            if let Some(&(r, i)) = waiting.get(usize::from(pick) % waiting.len().max(1)) {
                let seats = t.rounds[r].pairings[i].entrants().len();
                // Random places, ties allowed: place of seat s from the result byte.
                let places: Vec<usize> = (0..seats)
                    .map(|s| usize::from(result.rotate_left(s as u32 * 3)) % seats)
                    .collect();
                let points = place_points(&places, t.most_seats().max(seats));
                t.record(
                    r,
                    i,
                    Outcome {
                        points,
                        played: true,
                    },
                )
                .unwrap();
            }
        }
        t.advance();
        let done = t.rounds_done();
        assert_eq!(t.standings(), t.standings_after(done));
        let scores: Vec<Points> = {
            let mut s = vec![0; players];
            for line in t.standings() {
                s[line.entrant] = line.score;
            }
            s
        };
        assert_eq!(scores, points_after(&t, done), "after round {done}");
        while posted.len() <= done {
            posted.push(t.standings_after(posted.len()));
        }
    }
    assert_eq!(t.phase, Phase::Finished, "every tournament ends");
    // What was posted after round k is still the table after round k: nothing of a later
    // round (a bye settled when paired, a game ended early) crept into it.
    for (k, lines) in posted.iter().enumerate() {
        assert_eq!(lines, &t.standings_after(k), "after round {k}");
    }
    // Every result is worth its game: in full, or nothing when every player of a forfeited
    // game had left.
    for round in &t.rounds {
        for (pairing, result) in round.pairings.iter().zip(&round.results) {
            let outcome = result
                .as_ref()
                .expect("every game of a finished tournament");
            let total: Points = outcome.points.iter().sum();
            let everyone_left = pairing.entrants().iter().all(|&e| t.has_left(e));
            assert!(
                total == worth(&t, pairing) || (!outcome.played && everyone_left && total == 0),
                "{pairing:?} {outcome:?} in {:?}",
                t.format
            );
        }
    }
    match t.format {
        Format::Swiss { .. } => {
            let mut met = std::collections::HashSet::new();
            let mut byes = std::collections::HashSet::new();
            for (r, round) in t.rounds.iter().enumerate() {
                for pairing in &round.pairings {
                    for &e in pairing.entrants() {
                        assert!(
                            left_in[e].is_none_or(|left| r < left),
                            "{e} paired in round {r} after leaving"
                        );
                    }
                    match pairing {
                        Pairing::Bye(e) => assert!(byes.insert(*e), "{e}: a second bye"),
                        Pairing::Table(s) => {
                            assert!(met.insert((s[0].min(s[1]), s[0].max(s[1]))), "a repeat")
                        }
                    }
                }
            }
            // It plays every round it announced, unless no legal round is left, and then it
            // says so (ended_early is what the play layer explains).
            if t.ended_early() {
                assert!(!legal_round_exists(&t), "a legal round was left: {t:?}");
            } else {
                assert_eq!(t.rounds.len(), t.round_count());
            }
        }
        _ => {
            assert!(!t.ended_early());
            assert_eq!(t.rounds.len(), t.round_count());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_tournaments_keep_their_word(
        choice in any::<u8>(),
        players in 2usize..=11,
        asked in 0usize..=7,
        at_once in any::<bool>(),
        tape in prop::collection::vec(any::<(u8, u8, u8)>(), 0..150),
    ) {
        run(choice, players, asked, at_once, &tape);
    }
}
