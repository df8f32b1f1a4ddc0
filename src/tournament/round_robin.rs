//! Round-robin schedules: every pair of players meets once (or twice, colours swapped), by
//! the circle method; Skakanie's tables of three or four, where every pair should share a
//! table at least once in as few rounds as the table size allows.

use super::{Entrant, Pairing};

/// The rounds of a round-robin of `players` two-player games, each pair meeting once per
/// cycle; with `double`, a second cycle repeats the first with the seats swapped.
///
/// The circle method: the last player stays put, the others turn one place each round, and
/// the player opposite is the opponent. With an odd number the fixed place is empty and
/// whoever faces it sits out ([`Pairing::Bye`]). Seats alternate round by round, broken once
/// per cycle for each player (when meeting the fixed place), so in one cycle each player
/// moves first as often as second, give or take one, never three times running. The second
/// cycle plays the first's rounds backwards with the seats swapped, so the rule holds where
/// they meet too.
#[must_use]
pub fn pairs(players: usize, double: bool) -> Vec<Vec<Pairing>> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2;
    let turning = n - 1;
    let fixed = n - 1;
    let seat = |first: Entrant, second: Entrant| -> Pairing {
        match (first >= players, second >= players) {
            (true, _) => Pairing::Bye(second),
            (_, true) => Pairing::Bye(first),
            _ => Pairing::Table(vec![first, second]),
        }
    };
    let mut rounds: Vec<Vec<Pairing>> = (0..turning)
        .map(|r| {
            let mut round = Vec::with_capacity(n / 2);
            round.push(if r % 2 == 1 {
                seat(fixed, r)
            } else {
                seat(r, fixed)
            });
            for i in 1..n / 2 {
                let a = (r + i) % turning;
                let b = (r + turning - i) % turning;
                round.push(if i % 2 == 1 { seat(a, b) } else { seat(b, a) });
            }
            // Games first, the player sitting out last, as a round is listed.
            round.sort_by_key(|p| matches!(p, Pairing::Bye(_)));
            round
        })
        .collect();
    if double {
        let swapped: Vec<Vec<Pairing>> = rounds
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|p| match p {
                        Pairing::Table(seats) => {
                            Pairing::Table(seats.iter().rev().copied().collect())
                        }
                        bye => bye.clone(),
                    })
                    .collect()
            })
            .collect();
        // In reverse, so every side flips where the cycles meet: the second cycle's first
        // round is the first cycle's last, swapped.
        rounds.extend(swapped.into_iter().rev());
    }
    rounds
}

/// The sizes of the tables of a round of `players` at tables of up to `seats`: as few tables
/// as fit everyone, as even as can be (10 at tables of 4: 4, 3, 3).
#[must_use]
pub fn table_sizes(players: usize, seats: usize) -> Vec<usize> {
    let seats = seats.max(2);
    let tables = players.div_ceil(seats);
    (0..tables)
        .map(|t| players / tables + usize::from(t < players % tables))
        .collect()
}

/// The fewest rounds a table round-robin of `players` at tables of up to `seats` could
/// take: enough meetings for every pair, and at the largest table a player meets
/// `size - 1` others a round. Not always reached (six players at two tables of three need
/// four rounds, not three: every table after the first round seats two who have met).
#[must_use]
pub fn fewest_table_rounds(players: usize, seats: usize) -> usize {
    let sizes = table_sizes(players, seats);
    let largest = sizes.iter().copied().max().unwrap_or(0);
    if largest < 2 {
        return 0;
    }
    let per_round: usize = sizes.iter().map(|s| s * (s - 1) / 2).sum();
    (players * (players - 1) / 2)
        .div_ceil(per_round)
        .max((players - 1).div_ceil(largest - 1))
}

/// The most rounds [`tables`] takes: twice what every pair's meeting takes if each player
/// met only as many a round as the smallest table holds.
fn most_table_rounds(players: usize, seats: usize) -> usize {
    let smallest = table_sizes(players, seats).into_iter().min().unwrap_or(0);
    if smallest < 2 {
        return 0;
    }
    2 * (players - 1).div_ceil(smallest - 1)
}

/// How many placements [`tables`] tries for one round and one allowance of repeated
/// meetings before it allows one more.
const SEARCH_BUDGET: usize = 20_000;

/// A round-robin over tables of up to `seats` (Skakanie: 3 or 4): rounds seating everyone
/// at [`table_sizes`] tables until every pair has shared a table (in
/// [`fewest_table_rounds`] where the search finds them), as few pairs as possible
/// meeting twice.
///
/// With tables of two sizes (10 players at tables of 4: 4, 3, 3), the larger tables go
/// round: each round seats at them first those who sat there least (as far as meeting new
/// players allows), and the places of a smaller table are scaled up to the larger's
/// ([`super::standings::place_points`]), so a seat is worth the same points on average at
/// either.
///
/// Each round is first seated greedily ([`fewest_repeats`]), then searched (a placement at
/// a time, backtracking) for tables where nobody meets anyone again, then, failing that,
/// where one pair does, two, and so on, while that beats the greedy seating (each
/// allowance within [`SEARCH_BUDGET`] placements). Within a table, who moves first goes to whoever has
/// moved first least often so far, then earlier seats to later ones likewise. The schedule
/// is fixed at the start, so its length is known from round one.
#[must_use]
pub fn tables(players: usize, seats: usize) -> Vec<Vec<Pairing>> {
    let most = most_table_rounds(players, seats);
    let mut met = vec![vec![0u32; players]; players];
    // How often each player has had each seat.
    let mut seat_counts = vec![vec![0u32; seats.max(2)]; players];
    let mut schedule = Vec::with_capacity(most);
    let everyone_met =
        |met: &[Vec<u32>]| (0..players).all(|a| (a + 1..players).all(|b| met[a][b] > 0));
    let sizes = table_sizes(players, seats);
    let largest = sizes.iter().copied().max().unwrap_or(0);
    // How often each player has sat at a table of the largest size.
    let mut at_largest = vec![0u32; players];
    while schedule.len() < most && !everyone_met(&met) {
        // The players in the order of how often they sat at a larger table, so that the
        // larger tables go round instead of going to the same players every round.
        let mut order: Vec<Entrant> = (0..players).collect();
        order.sort_by_key(|&p| (at_largest[p], p));
        let seen: Vec<Vec<u32>> = order
            .iter()
            .map(|&a| order.iter().map(|&b| met[a][b]).collect())
            .collect();
        let turns = Turns::of(&order, &at_largest, &sizes);
        // The greedy seating sets the mark; the search looks for one as good or better.
        let greedy = fewest_repeats(&seen, &sizes, &turns);
        let groups = (0..=repeated(&seen, &greedy))
            .find_map(|repeats| seat_round(&seen, &sizes, &turns, repeats))
            .unwrap_or(greedy);
        let mut round = Vec::with_capacity(groups.len());
        for group in groups {
            let group: Vec<Entrant> = group.into_iter().map(|i| order[i]).collect();
            if group.len() == largest {
                for &p in &group {
                    at_largest[p] += 1;
                }
            }
            for (i, &a) in group.iter().enumerate() {
                for &b in &group[i + 1..] {
                    met[a][b] += 1;
                    met[b][a] += 1;
                }
            }
            let ordered = seat_order(&group, &seat_counts);
            for (s, &p) in ordered.iter().enumerate() {
                seat_counts[p][s] += 1;
            }
            round.push(if ordered.len() == 1 {
                Pairing::Bye(ordered[0])
            } else {
                Pairing::Table(ordered)
            });
        }
        schedule.push(round);
    }
    schedule
}

/// How many pairs seated together at `tables` have met before.
fn repeated(met: &[Vec<u32>], tables: &[Vec<Entrant>]) -> usize {
    tables
        .iter()
        .map(|t| {
            t.iter()
                .enumerate()
                .map(|(i, &a)| t[i + 1..].iter().filter(|&&b| met[a][b] > 0).count())
                .sum::<usize>()
        })
        .sum()
}

/// A table's players in seat order: seat by seat, whoever has sat there least, then the
/// higher seed.
fn seat_order(group: &[Entrant], seat_counts: &[Vec<u32>]) -> Vec<Entrant> {
    let mut left = group.to_vec();
    let mut ordered = Vec::with_capacity(group.len());
    for seat in 0..group.len() {
        let pick = left
            .iter()
            .enumerate()
            .min_by_key(|&(_, &p)| (seat_counts[p].get(seat), p))
            .map(|(i, _)| i)
            .expect("a player left for every seat");
        ordered.push(left.remove(pick));
    }
    ordered
}

/// Who may sit at a round's larger tables, by place in the round's order (fewest rounds at
/// a larger table first): those below the cut must, those at it may, the rest may not. So
/// no player sits at a larger table twice more than another.
struct Turns {
    /// The size of the larger tables (every table's, when all are alike).
    largest: usize,
    /// Whether each player must sit at a larger table this round.
    must: Vec<bool>,
    /// Whether each player may.
    may: Vec<bool>,
}

impl Turns {
    /// The turns of a round whose players, in `order`, sat `at_largest` times at a larger
    /// table before, at tables of `sizes`.
    fn of(order: &[Entrant], at_largest: &[u32], sizes: &[usize]) -> Self {
        let largest = sizes.iter().copied().max().unwrap_or(0);
        let all_alike = sizes.iter().all(|&s| s == largest);
        let seats: usize = sizes.iter().filter(|&&s| s == largest).sum();
        let counts: Vec<u32> = order.iter().map(|&p| at_largest[p]).collect();
        let cut = counts
            .get(seats.saturating_sub(1))
            .copied()
            .unwrap_or(u32::MAX);
        Self {
            largest,
            must: counts.iter().map(|&c| all_alike || c < cut).collect(),
            may: counts.iter().map(|&c| all_alike || c <= cut).collect(),
        }
    }

    /// Whether player `p` may sit at a table of `size`.
    fn fits(&self, p: Entrant, size: usize) -> bool {
        if size == self.largest {
            self.may[p]
        } else {
            !self.must[p]
        }
    }
}

/// Tables of the given sizes where at most `repeats` pairs meet again, if the search finds
/// them within its budget.
fn seat_round(
    met: &[Vec<u32>],
    sizes: &[usize],
    turns: &Turns,
    repeats: usize,
) -> Option<Vec<Vec<Entrant>>> {
    struct Search<'a> {
        met: &'a [Vec<u32>],
        sizes: &'a [usize],
        turns: &'a Turns,
        tables: Vec<Vec<Entrant>>,
        seated: Vec<bool>,
        /// Repeated meetings still allowed.
        repeats: usize,
        budget: usize,
    }
    impl Search<'_> {
        /// Seats the players left, each table filled in turn; false when stuck or out of
        /// budget.
        fn seat(&mut self) -> bool {
            let Some(table) = (0..self.sizes.len()).find(|&t| self.tables[t].len() < self.sizes[t])
            else {
                return true;
            };
            let size = self.sizes[table];
            // The first free player who may sit there opens an empty table (which of the
            // tables of its size they open does not matter), and a table's players are
            // taken in increasing order: each set of tables is tried once.
            let mut candidates: Vec<(usize, Entrant)> = match self.tables[table].last() {
                None => (0..self.seated.len())
                    .find(|&p| !self.seated[p] && self.turns.fits(p, size))
                    .map(|p| (0, p))
                    .into_iter()
                    .collect(),
                Some(&last) => (last + 1..self.seated.len())
                    .filter(|&p| !self.seated[p] && self.turns.fits(p, size))
                    .map(|p| {
                        let again = self.tables[table]
                            .iter()
                            .filter(|&&q| self.met[p][q] > 0)
                            .count();
                        (again, p)
                    })
                    .filter(|&(again, _)| again <= self.repeats)
                    .collect(),
            };
            // Fresh meetings first: a good seating is met early.
            candidates.sort_unstable();
            for (again, p) in candidates {
                if self.budget == 0 {
                    return false;
                }
                self.budget -= 1;
                self.repeats -= again;
                self.seated[p] = true;
                self.tables[table].push(p);
                if self.seat() {
                    return true;
                }
                self.tables[table].pop();
                self.seated[p] = false;
                self.repeats += again;
            }
            false
        }
    }
    let mut search = Search {
        met,
        sizes,
        turns,
        tables: vec![Vec::new(); sizes.len()],
        seated: vec![false; met.len()],
        repeats,
        budget: SEARCH_BUDGET,
    };
    search.seat().then_some(search.tables)
}

/// Tables of the given sizes filled one at a time: opened by whoever has the most
/// partners left to meet among those not yet seated, then each seat to whoever meets the
/// most new partners there (then the fewest old ones).
fn fewest_repeats(met: &[Vec<u32>], sizes: &[usize], turns: &Turns) -> Vec<Vec<Entrant>> {
    let mut free: Vec<Entrant> = (0..met.len()).collect();
    let mut tables = Vec::with_capacity(sizes.len());
    // Seats left at the larger tables, to keep enough of them for those who must sit there.
    let mut larger_seats: usize = sizes.iter().filter(|&&s| s == turns.largest).sum();
    for &size in sizes {
        let unmet = |p: Entrant, among: &[Entrant]| {
            among.iter().filter(|&&q| q != p && met[p][q] == 0).count()
        };
        let mut table = Vec::with_capacity(size);
        while table.len() < size {
            let owed = free.iter().filter(|&&p| turns.must[p]).count();
            let larger = size == turns.largest;
            let pick = (0..free.len())
                .filter(|&i| {
                    let p = free[i];
                    turns.fits(p, size) && (!larger || turns.must[p] || larger_seats > owed)
                })
                .max_by_key(|&i| {
                    let p = free[i];
                    if table.is_empty() {
                        (unmet(p, &free), 0, std::cmp::Reverse(p))
                    } else {
                        let again: u32 = table.iter().map(|&q: &Entrant| met[p][q]).sum();
                        (
                            unmet(p, &table),
                            usize::MAX - again as usize,
                            std::cmp::Reverse(p),
                        )
                    }
                })
                .expect("a player for every seat");
            if larger {
                larger_seats -= 1;
            }
            table.push(free.remove(pick));
        }
        tables.push(table);
    }
    tables
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair's meetings in a schedule.
    fn meetings(players: usize, rounds: &[Vec<Pairing>]) -> Vec<Vec<u32>> {
        let mut met = vec![vec![0; players]; players];
        for p in rounds.iter().flatten() {
            if let Pairing::Table(seats) = p {
                for (i, &a) in seats.iter().enumerate() {
                    for &b in &seats[i + 1..] {
                        met[a][b] += 1;
                        met[b][a] += 1;
                    }
                }
            }
        }
        met
    }

    #[test]
    fn every_pair_meets_once_per_cycle_and_everyone_plays_every_round() {
        for players in 2..=24 {
            for double in [false, true] {
                let rounds = pairs(players, double);
                let cycles = 1 + usize::from(double);
                let per_cycle = players - 1 + players % 2;
                assert_eq!(rounds.len(), per_cycle * cycles, "{players}");
                let met = meetings(players, &rounds);
                for (a, row) in met.iter().enumerate() {
                    for (b, &m) in row.iter().enumerate() {
                        let want = if a == b { 0 } else { cycles as u32 };
                        assert_eq!(m, want, "{players} players: {a} and {b}");
                    }
                }
                for round in &rounds {
                    let mut seen: Vec<Entrant> =
                        round.iter().flat_map(|p| p.entrants().to_vec()).collect();
                    seen.sort_unstable();
                    assert_eq!(seen, (0..players).collect::<Vec<_>>());
                    let byes = round
                        .iter()
                        .filter(|p| matches!(p, Pairing::Bye(_)))
                        .count();
                    assert_eq!(byes, players % 2);
                }
            }
        }
    }

    #[test]
    fn seats_alternate_and_balance() {
        for players in 2..=24 {
            let rounds = pairs(players, false);
            for p in 0..players {
                // +1 for moving first, -1 for second, per round played.
                let sides: Vec<i32> = rounds
                    .iter()
                    .flatten()
                    .filter_map(|pairing| match pairing {
                        Pairing::Table(s) if s[0] == p => Some(1),
                        Pairing::Table(s) if s[1] == p => Some(-1),
                        _ => None,
                    })
                    .collect();
                let balance: i32 = sides.iter().sum();
                assert!(balance.abs() <= 1, "{players} players: {p} at {balance}");
                assert!(
                    sides.windows(3).all(|w| w[0] != w[1] || w[1] != w[2]),
                    "{players} players: {p} has one side three times running: {sides:?}"
                );
            }
            let double = pairs(players, true);
            for p in 0..players {
                let sides: Vec<bool> = double
                    .iter()
                    .flatten()
                    .filter_map(|pairing| match pairing {
                        Pairing::Table(s) if s.contains(&p) => Some(s[0] == p),
                        _ => None,
                    })
                    .collect();
                assert!(
                    sides.windows(3).all(|w| w[0] != w[1] || w[1] != w[2]),
                    "{players} players, double: {p} has one side three times running"
                );
            }
            for p in 0..players {
                let firsts = double
                    .iter()
                    .flatten()
                    .filter(|x| matches!(x, Pairing::Table(s) if s[0] == p))
                    .count();
                assert_eq!(firsts, players - 1, "{players}: {p}");
            }
        }
    }

    #[test]
    fn table_sizes_are_even_and_hold_everyone() {
        assert_eq!(table_sizes(10, 4), vec![4, 3, 3]);
        assert_eq!(table_sizes(9, 3), vec![3, 3, 3]);
        assert_eq!(table_sizes(5, 4), vec![3, 2]);
        for players in 2..=40 {
            for seats in 2..=4 {
                let sizes = table_sizes(players, seats);
                assert_eq!(sizes.iter().sum::<usize>(), players);
                assert_eq!(sizes.len(), players.div_ceil(seats));
                assert!(sizes.iter().all(|&s| s <= seats));
                assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1);
            }
        }
    }

    #[test]
    fn nine_players_at_tables_of_three_meet_each_other_exactly_once() {
        let rounds = tables(9, 3);
        assert_eq!(
            rounds.len(),
            4,
            "the fewest rounds that can hold every meeting"
        );
        let met = meetings(9, &rounds);
        for (a, row) in met.iter().enumerate() {
            for (b, &m) in row.iter().enumerate() {
                assert_eq!(m, u32::from(a != b), "{a} and {b}");
            }
        }
        // Each player moves first at most twice in four rounds.
        for p in 0..9 {
            let firsts = rounds
                .iter()
                .flatten()
                .filter(|x| matches!(x, Pairing::Table(s) if s[0] == p))
                .count();
            assert!(firsts <= 2, "{p} first {firsts} times");
        }
    }

    #[test]
    fn table_schedules_seat_everyone_each_round_until_every_pair_has_met() {
        for players in 2..=24 {
            for seats in [3, 4] {
                let rounds = tables(players, seats);
                let fewest = fewest_table_rounds(players, seats);
                assert!(
                    rounds.len() >= fewest && rounds.len() <= fewest + fewest / 2 + 1,
                    "{players} at {seats}: {} rounds, {fewest} at best",
                    rounds.len()
                );
                for round in &rounds {
                    let mut seen: Vec<Entrant> =
                        round.iter().flat_map(|p| p.entrants().to_vec()).collect();
                    seen.sort_unstable();
                    assert_eq!(seen, (0..players).collect::<Vec<_>>());
                    assert!(round.iter().all(|p| p.entrants().len() <= seats));
                }
                let met = meetings(players, &rounds);
                for (a, row) in met.iter().enumerate() {
                    for (b, &m) in row.iter().enumerate().skip(a + 1) {
                        assert!(m > 0, "{players} at {seats}: {a} and {b} never met");
                    }
                }
            }
        }
    }

    #[test]
    fn the_larger_tables_go_round() {
        for players in 5..=24 {
            for seats in [3, 4] {
                let sizes = table_sizes(players, seats);
                let largest = *sizes.iter().max().unwrap();
                if sizes.iter().all(|&s| s == largest) {
                    continue;
                }
                let rounds = tables(players, seats);
                let mut at_largest = vec![0usize; players];
                for p in rounds.iter().flatten() {
                    if p.entrants().len() == largest {
                        for &e in p.entrants() {
                            at_largest[e] += 1;
                        }
                    }
                }
                let most = at_largest.iter().max().unwrap();
                let fewest = at_largest.iter().min().unwrap();
                assert!(
                    most - fewest <= 1,
                    "{players} at {seats}: {} rounds, at the larger tables {at_largest:?}",
                    rounds.len()
                );
            }
        }
    }
}
