//! The table after some rounds: points, then tie-breaks, then seed. Round-robins break ties
//! by Sonneborn–Berger, Swiss events by Buchholz, then median Buchholz.
//!
//! A round without a game over the board (a bye, a game forfeited by a player who left)
//! counts for the tie-breaks as a game against a virtual opponent with the player's own
//! final score, as FIDE's tie-break rules have it: a bye neither lifts nor sinks a player.
//! At a Skakanie table every other seat is an opponent, beaten when placed below.

use super::{Entrant, Points, WIN};

/// One game (or round off) as the standings count it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The players, in seat order (one for a bye).
    pub seats: Vec<Entrant>,
    /// Each seat's points ([`place_points`] at a table of three or four).
    pub points: Vec<Points>,
    /// False for a bye or a forfeit: no game was played over the board.
    pub played: bool,
}

/// The points for each seat of a table from their places (0 for the winner; equal places
/// for a tie; any numbering, read as competition ranks): a place is worth one point for
/// every seat below it, tied seats share the points of the places they cover, and a table
/// smaller than the tournament's largest (`most_seats`) has its points scaled up to it, so
/// that every seat of a round is worth the same on average, whichever table it is at. Two
/// seats of two: a win 1, a draw ½ each.
#[must_use]
pub fn place_points(places: &[usize], most_seats: usize) -> Vec<Points> {
    let n = places.len();
    if n < 2 {
        return vec![0; n];
    }
    let most = most_seats.max(n);
    // Places as competition ranks (a seat's place is how many did better), whatever
    // numbering they came in: [1, 2, 3] and [0, 0, 1] read as [0, 1, 2] and [0, 0, 2].
    let places: Vec<usize> = places
        .iter()
        .map(|&p| places.iter().filter(|&&q| q < p).count())
        .collect();
    places
        .iter()
        .map(|&place| {
            let tied = places.iter().filter(|&&p| p == place).count();
            // Places `place..place + tied` are worth n-1-k points each, times
            // (most-1)/(n-1); their average is half the sum of the first and the last. In
            // quarters that is exact for tables of two to four.
            let ends = (n - 1 - place) + (n - place).saturating_sub(tied);
            (WIN as usize / 2 * (most - 1) * ends / (n - 1)) as Points
        })
        .collect()
}

/// Which tie-breaks a table uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreaks {
    /// Sonneborn–Berger: the points of the opponents beaten, half those of the drawn.
    RoundRobin,
    /// Buchholz (the opponents' points), then median Buchholz (the same without the best
    /// and the worst opponent).
    Swiss,
}

/// One line of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Who.
    pub entrant: Entrant,
    /// Their points, in quarters.
    pub score: Points,
    /// Their tie-break values in points, in the order [`TieBreaks`] uses them.
    pub tie_breaks: Vec<f64>,
    /// Games played over the board.
    pub played: u32,
}

/// Each line's place in a table (best first), as competition ranks: lines level on points
/// and every tie-break share the higher place (1, 2, 2, 4).
#[must_use]
pub fn ranks(lines: &[Line]) -> Vec<usize> {
    let mut ranks = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let level =
            i > 0 && lines[i - 1].score == line.score && lines[i - 1].tie_breaks == line.tie_breaks;
        ranks.push(if level { ranks[i - 1] } else { i + 1 });
    }
    ranks
}

/// The table of `players` entrants after `games`, best first.
#[must_use]
pub fn table(players: usize, games: &[Game], tie_breaks: TieBreaks) -> Vec<Line> {
    let mut score = vec![0 as Points; players];
    for game in games {
        for (&p, &points) in game.seats.iter().zip(&game.points) {
            score[p] += points;
        }
    }
    let points = |p: Entrant| f64::from(score[p]) / f64::from(WIN);
    // Per player: each opponent's (or virtual opponent's) points, and the Sonneborn–Berger
    // sum.
    let mut opponents: Vec<Vec<f64>> = vec![Vec::new(); players];
    let mut berger = vec![0.0f64; players];
    let mut played = vec![0u32; players];
    for game in games {
        for (i, &p) in game.seats.iter().enumerate() {
            if !game.played {
                let most = if game.seats.len() == 1 {
                    WIN
                } else {
                    WIN * (game.seats.len() as Points - 1)
                };
                opponents[p].push(points(p));
                berger[p] += f64::from(game.points[i]) / f64::from(most) * points(p);
                continue;
            }
            played[p] += 1;
            for (j, &o) in game.seats.iter().enumerate() {
                if j == i {
                    continue;
                }
                opponents[p].push(points(o));
                berger[p] += match game.points[i].cmp(&game.points[j]) {
                    std::cmp::Ordering::Greater => points(o),
                    std::cmp::Ordering::Equal => points(o) / 2.0,
                    std::cmp::Ordering::Less => 0.0,
                };
            }
        }
    }
    let mut lines: Vec<Line> = (0..players)
        .map(|p| Line {
            entrant: p,
            score: score[p],
            tie_breaks: match tie_breaks {
                TieBreaks::RoundRobin => vec![berger[p]],
                TieBreaks::Swiss => vec![sum(&opponents[p]), median(&opponents[p])],
            },
            played: played[p],
        })
        .collect();
    lines.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then_with(|| {
                b.tie_breaks
                    .iter()
                    .zip(&a.tie_breaks)
                    .map(|(x, y)| x.total_cmp(y))
                    .find(|o| o.is_ne())
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
            .then(a.entrant.cmp(&b.entrant))
    });
    lines
}

/// The sum of `values`, 0 (never −0) for none: `Iterator::sum` of no floats is −0.0, which
/// prints as "-0" and sorts below 0 under `total_cmp`.
fn sum(values: &[f64]) -> f64 {
    values.iter().fold(0.0, |total, v| total + v)
}

/// Median Buchholz: the opponents' points without the highest and the lowest (all of them
/// with fewer than three).
fn median(values: &[f64]) -> f64 {
    let sum = sum(values);
    if values.len() < 3 {
        return sum;
    }
    let high = values.iter().copied().fold(f64::MIN, f64::max);
    let low = values.iter().copied().fold(f64::MAX, f64::min);
    sum - high - low
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_share_a_place_only_when_points_and_tie_breaks_are_level() {
        let line = |score, tie| Line {
            entrant: 0,
            score,
            tie_breaks: vec![tie],
            played: 0,
        };
        let lines = [
            line(8, 3.0),
            line(4, 2.0),
            line(4, 2.0),
            line(4, 1.5),
            line(0, 0.0),
            line(0, 0.0),
        ];
        assert_eq!(ranks(&lines), vec![1, 2, 2, 4, 5, 5]);
        assert!(ranks(&[]).is_empty());
    }

    /// A game of `a` and `b` in which `a` scored `halves` half points (2 a win, 1 a draw).
    fn game(a: Entrant, b: Entrant, halves: Points) -> Game {
        let pa = halves * WIN / 2;
        Game {
            seats: vec![a, b],
            points: vec![pa, WIN - pa],
            played: true,
        }
    }

    fn bye(p: Entrant, points: Points) -> Game {
        Game {
            seats: vec![p],
            points: vec![points],
            played: false,
        }
    }

    #[test]
    fn places_share_their_points() {
        let unscaled = |places: &[usize]| place_points(places, places.len());
        assert_eq!(unscaled(&[0, 1]), vec![4, 0]);
        assert_eq!(unscaled(&[0, 0]), vec![2, 2]);
        assert_eq!(unscaled(&[0, 1, 2, 3]), vec![12, 8, 4, 0]);
        assert_eq!(unscaled(&[0, 0, 2, 3]), vec![10, 10, 4, 0]);
        assert_eq!(unscaled(&[0, 1, 1, 1]), vec![12, 4, 4, 4]);
        assert_eq!(unscaled(&[2, 0, 1]), vec![0, 8, 4]);
        assert_eq!(unscaled(&[0, 0, 0]), vec![4, 4, 4]);
        // Places numbered from one, or densely, read as competition ranks.
        assert_eq!(unscaled(&[1, 2, 3]), vec![8, 4, 0]);
        assert_eq!(unscaled(&[0, 0, 1]), vec![6, 6, 0]);
        for n in 2..=4 {
            let total: Points = unscaled(&vec![0; n]).iter().sum();
            assert_eq!(
                total,
                (2 * n * (n - 1)) as Points,
                "a tie shares all the points"
            );
        }
        // Among tables of four, a table of three is worth as much a seat: 3, 1½, 0.
        assert_eq!(place_points(&[0, 1, 2], 4), vec![12, 6, 0]);
        assert_eq!(place_points(&[0, 0, 2], 4), vec![9, 9, 0]);
        assert_eq!(place_points(&[0, 1], 4), vec![12, 0]);
        assert_eq!(place_points(&[0, 0], 3), vec![4, 4]);
        for (n, most) in [(2, 3), (2, 4), (3, 4), (4, 4), (3, 3)] {
            let total: Points = place_points(&(0..n).collect::<Vec<_>>(), most).iter().sum();
            // Every seat is worth (most - 1) / 2 points on average.
            assert_eq!(
                total as usize * 2,
                n * (most - 1) * WIN as usize,
                "{n} of {most}"
            );
        }
        assert_eq!(place_points(&[0], 4), vec![0]);
    }

    /// Four players: 0 beat 1, drew 2, lost to 3; 1 beat 2 and 3; 2 drew 3. By hand:
    /// points 1½, 2, 1, 1½; Sonneborn–Berger 0: 2 + ½·1 = 2½, 1: 1 + 1½ = 2½,
    /// 2: ½·1½ + ½·1½ = 1½, 3: 1½ + ½·1 = 2.
    #[test]
    fn sonneborn_berger_by_hand() {
        let games = [
            game(0, 1, 2),
            game(0, 2, 1),
            game(3, 0, 2),
            game(1, 2, 2),
            game(1, 3, 2),
            game(2, 3, 1),
        ];
        let lines = table(4, &games, TieBreaks::RoundRobin);
        let got: Vec<(Entrant, Points, f64)> = lines
            .iter()
            .map(|l| (l.entrant, l.score, l.tie_breaks[0]))
            .collect();
        assert_eq!(
            got,
            vec![(1, 8, 2.5), (0, 6, 2.5), (3, 6, 2.0), (2, 4, 1.5)]
        );
    }

    /// Five players, three rounds: R1 0 beat 3, 1 drew 4, 2 bye; R2 0 drew 2, 4 beat 3,
    /// 1 bye; R3 1 beat 0, 2 drew 4, 3 bye. Points 1½, 2½, 2, 1, 2. Buchholz by hand
    /// (a bye counts the player's own points): 0: 1 + 2 + 2½ = 5½, median 2; 1: 2 + 2½ +
    /// 1½ = 6, median 2; 2: 2 + 1½ + 2 = 5½, median 2; 3: 1½ + 2 + 1 = 4½, median 1½;
    /// 4: 2½ + 1 + 2 = 5½, median 2.
    #[test]
    fn buchholz_and_median_by_hand() {
        let games = [
            game(0, 3, 2),
            game(1, 4, 1),
            bye(2, WIN),
            game(0, 2, 1),
            game(3, 4, 0),
            bye(1, WIN),
            game(0, 1, 0),
            game(2, 4, 1),
            bye(3, WIN),
        ];
        let lines = table(5, &games, TieBreaks::Swiss);
        let got: Vec<(Entrant, Points, Vec<f64>, u32)> = lines
            .iter()
            .map(|l| (l.entrant, l.score, l.tie_breaks.clone(), l.played))
            .collect();
        assert_eq!(
            got,
            vec![
                (1, 10, vec![6.0, 2.0], 2),
                (2, 8, vec![5.5, 2.0], 2),
                (4, 8, vec![5.5, 2.0], 3),
                (0, 6, vec![5.5, 2.0], 3),
                (3, 4, vec![4.5, 1.5], 2),
            ]
        );
    }

    /// A Skakanie table of three, then of three again: 0 first, 1 second, 2 third; then 2
    /// and 0 tie for first, 1 last. Points: 0: 2 + 1½ = 3½, 1: 1 + 0 = 1, 2: 0 + 1½ = 1½.
    /// Sonneborn–Berger: 0 placed over 1 and 2, then tied with 2 and over 1: 1 + 1½ + ¾ + 1
    /// = 4¼; 1 over 2 once: 1½; 2 tied with 0 once, over 1 once: 1¾ + 1 = 2¾.
    #[test]
    fn tables_count_every_other_seat_as_an_opponent() {
        let games = [
            Game {
                seats: vec![0, 1, 2],
                points: place_points(&[0, 1, 2], 3),
                played: true,
            },
            Game {
                seats: vec![2, 0, 1],
                points: place_points(&[0, 0, 2], 3),
                played: true,
            },
        ];
        let lines = table(3, &games, TieBreaks::RoundRobin);
        let got: Vec<(Entrant, Points, f64)> = lines
            .iter()
            .map(|l| (l.entrant, l.score, l.tie_breaks[0]))
            .collect();
        assert_eq!(got, vec![(0, 14, 4.25), (2, 6, 2.75), (1, 4, 1.5)]);
    }

    /// Before their first game (or a player who left before it) a player has no
    /// opponents: their Buchholz is 0, not −0, and ranks level with another 0.
    #[test]
    fn no_opponents_is_a_buchholz_of_zero() {
        let lines = table(3, &[game(1, 2, 1)], TieBreaks::Swiss);
        let zero = lines.iter().find(|l| l.entrant == 0).unwrap();
        assert!(
            zero.tie_breaks
                .iter()
                .all(|t| *t == 0.0 && t.is_sign_positive()),
            "{zero:?}"
        );
        assert_eq!(ranks(&table(2, &[], TieBreaks::Swiss)), vec![1, 1]);
    }

    #[test]
    fn a_forfeit_win_counts_the_winners_own_points() {
        // 0 beat 1 over the board; 2 left, so 0 and 1 win by forfeit against 2.
        let forfeit = |w: Entrant| Game {
            seats: vec![w, 2],
            points: vec![WIN, 0],
            played: false,
        };
        let games = [game(0, 1, 2), forfeit(0), forfeit(1)];
        let lines = table(3, &games, TieBreaks::RoundRobin);
        let got: Vec<(Entrant, Points, f64)> = lines
            .iter()
            .map(|l| (l.entrant, l.score, l.tie_breaks[0]))
            .collect();
        // 0: beat 1 (1 point) + forfeit (own 2) = 3; 1: forfeit (own 1) = 1; 2: nothing.
        assert_eq!(got, vec![(0, 8, 3.0), (1, 4, 1.0), (2, 0, 0.0)]);
    }
}
