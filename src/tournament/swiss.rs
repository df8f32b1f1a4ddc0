//! Swiss pairing by the Dutch system's rules of thumb: players meet others on the same
//! score (the top half of a score group against its bottom half), never the same opponent
//! twice, each moving first about as often as second, and one odd player out gets a bye,
//! the lowest-ranked who has not had one.
//!
//! A round is found by a search from the top of the standings down: the highest player
//! still unpaired takes the best-suited opponent that leaves a pairing for everyone below,
//! backing up where it does not. The rules are kept in this order of weight: no repeat
//! pairing and no second bye (never broken: when no round keeps them, there is no round),
//! then the sides (nobody more than two ahead on one side, nor on one side three times
//! running), then scores (the closest first), then the Dutch order inside a score group.
//! Where the search gives up within its budget, a largest matching ([`super::matching`])
//! still finds a round if one exists.

use super::{matching, Entrant, Pairing, Points};

/// What the pairing needs to know of one player after the rounds so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Points so far, byes included.
    pub score: Points,
    /// Everyone met so far (a forfeited game counts: it is not paired again).
    pub opponents: Vec<Entrant>,
    /// The sides played, in order: `true` for moving first.
    pub sides: Vec<bool>,
    /// Whether the player has had a bye.
    pub had_bye: bool,
    /// False once the player has left: they are paired no more.
    pub active: bool,
}

impl Record {
    /// Times moved first less times moved second.
    fn balance(&self) -> i32 {
        self.sides
            .iter()
            .map(|&first| if first { 1 } else { -1 })
            .sum()
    }

    /// Whether taking `first` keeps the sides within the rules: no more than two ahead on
    /// one side, not one side three times running.
    fn may_take(&self, first: bool) -> bool {
        let balance = self.balance() + if first { 1 } else { -1 };
        let runs = self.sides.len() >= 2 && self.sides[self.sides.len() - 2..] == [first, first];
        balance.abs() <= 2 && !runs
    }

    /// The side this player is owed: the one they have had less, else the other of their
    /// last; none before their first game.
    fn wants(&self) -> Option<bool> {
        match self.balance() {
            b if b < 0 => Some(true),
            b if b > 0 => Some(false),
            _ => self.sides.last().map(|&last| !last),
        }
    }
}

/// The most rounds a Swiss of `players` announces, so that every round can be paired without
/// a repeat or a second bye: after r rounds each player has met at most r others, so while
/// r stays within half the field a fresh opponent is always left for everyone (Dirac). A
/// field that shrinks may still pair more, or fewer: [`pair`] says.
#[must_use]
pub fn max_rounds(players: usize) -> usize {
    players / 2
}

/// How many placements the search tries for each choice of bye, under the side rules and
/// then without them, before it leaves the round to a largest matching.
const BUDGET: usize = 50_000;

/// The next round: the games in board order (the top pair first), each with who moves
/// first, then the bye if the number of active players is odd. Players are ranked by
/// score, then seed (their index in `records`). `None` when no round keeps the rules that
/// are never broken (every way of pairing the active players has two of them meet again,
/// or gives a second bye), or fewer than two are left.
#[must_use]
pub fn pair(records: &[Record]) -> Option<Vec<Pairing>> {
    let mut ranked: Vec<Entrant> = (0..records.len()).filter(|&p| records[p].active).collect();
    ranked.sort_by_key(|&p| (std::cmp::Reverse(records[p].score), p));
    if ranked.len() < 2 {
        return None;
    }
    let (bye, pairs) = find(records, &ranked)?;
    let mut boards: Vec<(Entrant, Entrant)> = pairs;
    let rank_of = |p: Entrant| ranked.iter().position(|&q| q == p).unwrap_or(usize::MAX);
    boards.sort_by_key(|&(a, b)| rank_of(a).min(rank_of(b)));
    let mut round: Vec<Pairing> = boards
        .into_iter()
        .enumerate()
        .map(|(board, (a, b))| {
            let (first, second) = sides(records, a, b, rank_of, board);
            Pairing::Table(vec![first, second])
        })
        .collect();
    round.extend(bye.map(Pairing::Bye));
    Some(round)
}

/// A round's bye (if any) and its pairs, not yet seated.
type Round = (Option<Entrant>, Vec<(Entrant, Entrant)>);

/// The bye (if any) and the pairs, keeping every rule that can be kept: the lowest-ranked
/// player without a bye sits out, with the side rules kept if the search finds a way
/// within its budget, else without them; else any pairing without a repeat; None if there
/// is none.
fn find(records: &[Record], ranked: &[Entrant]) -> Option<Round> {
    let byes: Vec<Option<Entrant>> = if ranked.len().is_multiple_of(2) {
        vec![None]
    } else {
        ranked
            .iter()
            .rev()
            .filter(|&&p| !records[p].had_bye)
            .map(|&p| Some(p))
            .collect()
    };
    let without = |bye: Option<Entrant>| -> Vec<Entrant> {
        ranked.iter().copied().filter(|&p| Some(p) != bye).collect()
    };
    // The side rules weigh more than who sits out: every bye is tried with them first.
    for keep_sides in [true, false] {
        for &bye in &byes {
            let mut budget = BUDGET;
            if let Some(pairs) = search(records, &without(bye), keep_sides, &mut budget) {
                return Some((bye, pairs));
            }
        }
    }
    byes.iter()
        .find_map(|&bye| Some((bye, pairs_without_repeat(records, &without(bye))?)))
}

/// Everyone in `players` paired without a repeat, if that can be done at all (a largest
/// matching of the pairs not played yet).
fn pairs_without_repeat(
    records: &[Record],
    players: &[Entrant],
) -> Option<Vec<(Entrant, Entrant)>> {
    let fresh = |a: usize, b: usize| !records[players[a]].opponents.contains(&players[b]);
    let mate = matching::largest(players.len(), fresh);
    mate.iter()
        .enumerate()
        .filter(|&(a, m)| m.is_none_or(|b| a < b))
        .map(|(a, m)| m.map(|b| (players[a], players[b])))
        .collect()
}

/// Pairs everyone in `ranked` (best first) without a repeat and, with `keep_sides`, within
/// the side rules; None if there is no such pairing (or the budget ran out looking).
fn search(
    records: &[Record],
    ranked: &[Entrant],
    keep_sides: bool,
    budget: &mut usize,
) -> Option<Vec<(Entrant, Entrant)>> {
    let mut paired = vec![false; ranked.len()];
    let mut pairs = Vec::with_capacity(ranked.len() / 2);
    step(records, ranked, keep_sides, budget, &mut paired, &mut pairs).then_some(pairs)
}

/// One step of [`search`]: the best unpaired player takes each suitable opponent in order
/// of preference until the rest can be paired too.
fn step(
    records: &[Record],
    ranked: &[Entrant],
    keep_sides: bool,
    budget: &mut usize,
    paired: &mut [bool],
    pairs: &mut Vec<(Entrant, Entrant)>,
) -> bool {
    let Some(top) = paired.iter().position(|&p| !p) else {
        return true;
    };
    let x = ranked[top];
    let rx = &records[x];
    // x's score group among the unpaired, x first: the Dutch system pairs its top half
    // with its bottom half, so x's ideal opponent stands half the group below.
    let group: Vec<usize> = (top..ranked.len())
        .filter(|&i| !paired[i] && records[ranked[i]].score == rx.score)
        .collect();
    let ideal = group.len() / 2;
    let mut candidates: Vec<(u32, bool, usize, usize)> = (top + 1..ranked.len())
        .filter(|&i| !paired[i])
        .filter_map(|i| {
            let y = ranked[i];
            let ry = &records[y];
            if rx.opponents.contains(&y) {
                return None;
            }
            if keep_sides
                && !((rx.may_take(true) && ry.may_take(false))
                    || (rx.may_take(false) && ry.may_take(true)))
            {
                return None;
            }
            let distance = rx.score.abs_diff(ry.score);
            let same_wish = rx.wants().is_some() && rx.wants() == ry.wants();
            let order = match group.iter().position(|&g| g == i) {
                Some(at) => at.abs_diff(ideal),
                None => i,
            };
            Some((distance, same_wish, order, i))
        })
        .collect();
    candidates.sort_unstable();
    paired[top] = true;
    for (_, _, _, i) in candidates {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        paired[i] = true;
        pairs.push((x, ranked[i]));
        if step(records, ranked, keep_sides, budget, paired, pairs) {
            return true;
        }
        pairs.pop();
        paired[i] = false;
    }
    paired[top] = false;
    false
}

/// Who of `a` and `b` moves first: whoever is owed it more (fewer firsts so far, then
/// alternating from their last game), within the side rules; between players owed nothing,
/// the higher-ranked moves first on the first board, second on the next, and so on, as
/// Swiss tournaments alternate their round one.
fn sides(
    records: &[Record],
    a: Entrant,
    b: Entrant,
    rank_of: impl Fn(Entrant) -> usize,
    board: usize,
) -> (Entrant, Entrant) {
    let (ra, rb) = (&records[a], &records[b]);
    let (higher, lower) = if rank_of(a) <= rank_of(b) {
        (a, b)
    } else {
        (b, a)
    };
    let preferred = match ra.balance().cmp(&rb.balance()) {
        std::cmp::Ordering::Less => (a, b),
        std::cmp::Ordering::Greater => (b, a),
        std::cmp::Ordering::Equal => match (ra.wants(), rb.wants()) {
            (Some(true), Some(false)) | (Some(true), None) | (None, Some(false)) => (a, b),
            (Some(false), Some(true)) | (Some(false), None) | (None, Some(true)) => (b, a),
            // Both owed the same side: the higher-ranked gets it.
            (Some(first), Some(_)) => {
                if first {
                    (higher, lower)
                } else {
                    (lower, higher)
                }
            }
            (None, None) => {
                if board.is_multiple_of(2) {
                    (higher, lower)
                } else {
                    (lower, higher)
                }
            }
        },
    };
    let keeps =
        |(f, s): (Entrant, Entrant)| records[f].may_take(true) && records[s].may_take(false);
    if keeps(preferred) || !keeps((preferred.1, preferred.0)) {
        preferred
    } else {
        (preferred.1, preferred.0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::WIN;
    use super::*;

    /// A small deterministic generator for results (no dependency for a test).
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self, below: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) % below
        }
    }

    /// Plays a Swiss of `players` for `rounds` with random results (the higher seed a
    /// little likelier to win), one player leaving after round `leaves.1` if given, and
    /// checks every round's pairing against the rules.
    fn run(players: usize, rounds: usize, seed: u64, leaves: Option<(Entrant, usize)>) {
        let mut rng = Lcg(seed);
        let mut records = vec![
            Record {
                active: true,
                ..Record::default()
            };
            players
        ];
        for round in 0..rounds {
            if let Some((who, after)) = leaves {
                if round == after {
                    records[who].active = false;
                }
            }
            let pairing = pair(&records).expect("within max_rounds a round is always paired");
            let active: Vec<Entrant> = (0..players).filter(|&p| records[p].active).collect();
            let mut seen: Vec<Entrant> =
                pairing.iter().flat_map(|p| p.entrants().to_vec()).collect();
            seen.sort_unstable();
            assert_eq!(
                seen, active,
                "{players} players, round {round}: everyone once"
            );
            for p in &pairing {
                match p {
                    Pairing::Bye(b) => {
                        assert!(!records[*b].had_bye, "{players}/{round}: {b} had a bye");
                        records[*b].had_bye = true;
                        records[*b].score += WIN;
                    }
                    Pairing::Table(s) => {
                        let (a, b) = (s[0], s[1]);
                        assert!(
                            !records[a].opponents.contains(&b),
                            "{players} players, seed {seed}, round {round}: {a} and {b} again"
                        );
                        records[a].opponents.push(b);
                        records[b].opponents.push(a);
                        records[a].sides.push(true);
                        records[b].sides.push(false);
                        let roll = rng.next(100);
                        let (pa, pb) = match roll {
                            r if r < 45 + if a < b { 10 } else { 0 } => (WIN, 0),
                            r if r < 70 => (WIN / 2, WIN / 2),
                            _ => (0, WIN),
                        };
                        records[a].score += pa;
                        records[b].score += pb;
                    }
                }
            }
            for (p, r) in records.iter().enumerate() {
                assert!(
                    r.balance().abs() <= 2,
                    "{players} players, seed {seed}, round {round}: {p} at {} ({:?})",
                    r.balance(),
                    r.sides
                );
            }
        }
    }

    #[test]
    fn no_repeats_no_second_byes_and_sides_within_two_up_to_64_players_and_9_rounds() {
        for players in 2..=64 {
            let rounds = max_rounds(players).min(9);
            for seed in 0..4 {
                run(players, rounds, seed, None);
            }
        }
    }

    #[test]
    fn a_player_who_leaves_is_paired_no_more() {
        for players in [5, 8, 13, 20, 33] {
            for seed in 0..3 {
                run(
                    players,
                    max_rounds(players).min(9),
                    seed,
                    Some((players / 2, 2)),
                );
            }
        }
    }

    fn fresh(players: usize) -> Vec<Record> {
        vec![
            Record {
                active: true,
                ..Record::default()
            };
            players
        ]
    }

    #[test]
    fn round_one_pairs_the_top_half_with_the_bottom_half_alternating_sides() {
        let round = pair(&fresh(8)).unwrap();
        assert_eq!(
            round,
            vec![
                Pairing::Table(vec![0, 4]),
                Pairing::Table(vec![5, 1]),
                Pairing::Table(vec![2, 6]),
                Pairing::Table(vec![7, 3]),
            ]
        );
    }

    #[test]
    fn the_bye_goes_to_the_lowest_ranked_player_without_one() {
        let mut records = fresh(5);
        assert_eq!(pair(&records).unwrap().last(), Some(&Pairing::Bye(4)));
        // Player 4 has had it and leads: the lowest of the others sits out.
        records[4].had_bye = true;
        records[4].score = WIN;
        records[3].score = 0;
        records[2].score = WIN;
        assert_eq!(pair(&records).unwrap().last(), Some(&Pairing::Bye(3)));
    }

    #[test]
    fn score_groups_meet_inside_and_the_odd_one_floats_down() {
        let mut records = fresh(6);
        // After round one: 0, 1, 2 won; 3, 4, 5 lost.
        for (a, b) in [(0, 3), (4, 1), (2, 5)] {
            records[a].opponents.push(b);
            records[b].opponents.push(a);
            records[a].sides.push(true);
            records[b].sides.push(false);
        }
        for w in [0, 1, 2] {
            records[w].score = WIN;
        }
        let round = pair(&records).unwrap();
        let pairs: Vec<Vec<Entrant>> = round
            .iter()
            .map(|p| {
                let mut e = p.entrants().to_vec();
                e.sort_unstable();
                e
            })
            .collect();
        // The winners' group of three: 0 meets 1 (top half against bottom half), 2 floats
        // down to the top of the losers, who then pair among themselves.
        assert!(pairs.contains(&vec![0, 1]), "{round:?}");
        assert!(pairs.contains(&vec![2, 3]), "{round:?}");
        assert!(pairs.contains(&vec![4, 5]), "{round:?}");
    }

    #[test]
    fn the_player_owed_the_first_move_gets_it() {
        let mut records = fresh(2);
        records[0].sides = vec![true];
        records[1].sides = vec![false];
        records[0].opponents = vec![];
        assert_eq!(pair(&records), Some(vec![Pairing::Table(vec![1, 0])]));
    }

    /// Records after `games` were played (first seat moving first), all drawn.
    fn after(players: usize, games: &[(Entrant, Entrant)], byes: &[Entrant]) -> Vec<Record> {
        let mut records = fresh(players);
        for &(a, b) in games {
            records[a].opponents.push(b);
            records[b].opponents.push(a);
            records[a].sides.push(true);
            records[b].sides.push(false);
            records[a].score += WIN / 2;
            records[b].score += WIN / 2;
        }
        for &p in byes {
            records[p].had_bye = true;
            records[p].score += WIN;
        }
        records
    }

    #[test]
    fn a_round_is_paired_beyond_max_rounds_while_one_exists_and_never_with_a_repeat() {
        // Four players after two rounds (past max_rounds(4) = 2): the third round is left.
        let records = after(4, &[(0, 1), (2, 3), (2, 0), (1, 3)], &[]);
        let round = pair(&records).expect("0-3 and 1-2 are left");
        for p in &round {
            let e = p.entrants();
            assert!(!records[e[0]].opponents.contains(&e[1]), "{round:?}");
        }
        // After the third, everyone has met everyone: no round.
        let records = after(4, &[(0, 1), (2, 3), (2, 0), (1, 3), (0, 3), (1, 2)], &[]);
        assert_eq!(pair(&records), None);
        // Three players with one left who has not had the bye, and the two others have
        // met: that one must sit out, and the two cannot play again.
        let records = after(3, &[(0, 1)], &[0, 1]);
        assert_eq!(pair(&records), None);
        // One player left: no game.
        let mut records = fresh(2);
        records[1].active = false;
        assert_eq!(pair(&records), None);
    }

    /// Six players, one removed after round two: five are left, a round of two games and
    /// a bye exists, and is found though the side rules cannot all be kept.
    #[test]
    fn five_left_of_six_still_pair_their_third_round() {
        let mut records = after(6, &[(0, 3), (4, 1), (2, 5), (0, 1), (2, 3), (4, 5)], &[]);
        records[5].active = false;
        let round = pair(&records).expect("a third round exists");
        assert_eq!(round.len(), 3, "{round:?}");
        assert!(matches!(round.last(), Some(Pairing::Bye(_))), "{round:?}");
    }

    #[test]
    fn the_largest_matching_finds_a_round_the_budget_gave_up_on() {
        // Search with no budget at all: the round comes from the matching.
        let records = after(4, &[(0, 1), (2, 3)], &[]);
        let ranked = [0, 1, 2, 3];
        let mut budget = 0;
        assert_eq!(search(&records, &ranked, false, &mut budget), None);
        let pairs = pairs_without_repeat(&records, &ranked).unwrap();
        assert_eq!(pairs.len(), 2);
        assert!(pairs
            .iter()
            .all(|&(a, b)| !records[a].opponents.contains(&b)));
    }
}
