//! One tournament from sign-up to winner, as a value: who joined, the rounds paired so far,
//! their results, who left. Every change is a method that checks it is allowed and says why
//! not; nothing here reads a clock or a store. The play layer keeps this value in the store
//! and changes it under compare-and-swap, as it does games, so a round is started once
//! however many workers see it end.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::standings::{self, Game, Line, TieBreaks};
use super::swiss::{self, Record};
use super::{round_robin, Entrant, Pairing, Points, WIN};

/// A player, as the play layer knows them (a Discord user's id).
pub type Player = u64;

/// Each pair's games from the row's side ([`Tournament::crosstable`]): per entrant, per
/// opponent, the points scored in each game and whether it was played over the board.
pub type Crosstable = Vec<Vec<Vec<(Points, bool)>>>;

/// How the tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    /// Every pair meets once, or twice with the seats swapped.
    RoundRobin {
        /// Each pair meets twice, each moving first once.
        double: bool,
    },
    /// Skakanie: tables of up to `seats` (3 or 4) until every pair has shared one.
    Tables {
        /// The most players at a table.
        seats: usize,
    },
    /// Swiss: players on equal scores meet, for a set number of rounds.
    Swiss {
        /// The rounds it plays: as asked while it takes players (0: not said), then from
        /// the start the number it announces and plays, cut to what its field can pair
        /// ([`swiss::max_rounds`]). One number, so every line about it says the same.
        rounds: usize,
    },
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Taking sign-ups.
    Open,
    /// Playing its rounds.
    Running,
    /// Over: the standings are final.
    Finished,
    /// Called off by its host before the end.
    Cancelled,
}

/// A game's result as the tournament counts it: each seat's points, and whether it was
/// played over the board (not a forfeit).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Each seat's points, in quarters ([`standings::place_points`] at a table).
    pub points: Vec<Points>,
    /// False for a forfeit.
    pub played: bool,
}

/// One round: its pairings and, game by game, their results as they come in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The games (and byes) of the round.
    pub pairings: Vec<Pairing>,
    /// Each pairing's result: a bye's at once, a game's when it ends.
    pub results: Vec<Option<Outcome>>,
}

impl Round {
    /// Whether every game of the round has its result.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.results.iter().all(Option::is_some)
    }
}

/// Why a change to a tournament is refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum Refusal {
    /// Sign-up has closed (the tournament started, ended or was cancelled).
    #[error("the tournament is not taking players")]
    NotOpen,
    /// The tournament is not under way.
    #[error("the tournament is not running")]
    NotRunning,
    /// The player has already joined.
    #[error("already in the tournament")]
    AlreadyIn,
    /// The player is not in it.
    #[error("not in the tournament")]
    NotIn,
    /// Every place is taken.
    #[error("the tournament is full ({0} players)")]
    Full(usize),
    /// Too few players to start.
    #[error("{have} players: at least {need} are needed")]
    TooFew {
        /// Players signed up.
        have: usize,
        /// The fewest the format can pair.
        need: usize,
    },
    /// No such game in the round, or its result is in already.
    #[error("no game waiting for a result there")]
    NoSuchGame,
    /// A result that does not fit the game: a score per seat, adding up to what the
    /// game's places are worth.
    #[error("a result needs one score per seat, adding up to the game's points")]
    BadResult,
    /// Tables of a size Skakanie does not have.
    #[error("tables seat 3 or 4 players")]
    BadTables,
}

/// The sizes a tournament's Skakanie tables may have.
pub const TABLE_SEATS: std::ops::RangeInclusive<usize> = 3..=4;

/// A tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    /// How it pairs.
    pub format: Format,
    /// The most players it takes, if limited.
    pub max_players: Option<usize>,
    /// Where it stands.
    pub phase: Phase,
    /// The players: in joining order while open, in seed order (strongest first) once
    /// started; an [`Entrant`] is a place in this list.
    pub players: Vec<Player>,
    /// Per entrant, whether they have left (their remaining games are forfeited).
    pub withdrawn: Vec<bool>,
    /// A round-robin's whole schedule, fixed at the start (empty for Swiss).
    pub schedule: Vec<Vec<Pairing>>,
    /// The rounds begun so far, the current one last.
    pub rounds: Vec<Round>,
    /// Whether a round-robin plays every round at once (the host's choice): all its games
    /// begin at the start, and it ends when the last of them does. Correspondence players
    /// then move in all their games at their own pace, nobody waiting for a slow board.
    /// A Swiss cannot: each round is paired on the results before it.
    #[serde(default)]
    pub at_once: bool,
}

impl Tournament {
    /// A tournament taking sign-ups.
    #[must_use]
    pub fn new(format: Format, max_players: Option<usize>) -> Self {
        Self {
            format,
            max_players,
            phase: Phase::Open,
            players: Vec::new(),
            withdrawn: Vec::new(),
            schedule: Vec::new(),
            rounds: Vec::new(),
            at_once: false,
        }
    }

    /// The same, every round begun at the start when `at_once` and the format allows it
    /// (a round-robin, of two or at tables).
    #[must_use]
    pub fn all_at_once(mut self, at_once: bool) -> Self {
        self.at_once = at_once && !matches!(self.format, Format::Swiss { .. });
        self
    }

    /// The fewest players this format can start with.
    #[must_use]
    pub fn fewest_players(&self) -> usize {
        match self.format {
            Format::Tables { .. } => 3,
            _ => 2,
        }
    }

    /// The most players at one of its games: a Skakanie table's size, else two. Places at
    /// smaller tables are scaled to it ([`standings::place_points`]).
    #[must_use]
    pub fn most_seats(&self) -> usize {
        match self.format {
            Format::Tables { seats } => seats,
            _ => 2,
        }
    }

    /// Whether `entrant` has left (withdrawn or removed) since the start.
    #[must_use]
    pub fn has_left(&self, entrant: Entrant) -> bool {
        self.withdrawn.get(entrant).copied().unwrap_or(false)
    }

    /// An entrant's place in the list, if they are in.
    #[must_use]
    pub fn entrant(&self, player: Player) -> Option<Entrant> {
        self.players.iter().position(|&p| p == player)
    }

    /// Signs a player up.
    ///
    /// # Errors
    /// Not open, already in, or full.
    pub fn join(&mut self, player: Player) -> Result<(), Refusal> {
        if self.phase != Phase::Open {
            return Err(Refusal::NotOpen);
        }
        if self.entrant(player).is_some() {
            return Err(Refusal::AlreadyIn);
        }
        if let Some(max) = self.max_players.filter(|&m| self.players.len() >= m) {
            return Err(Refusal::Full(max));
        }
        self.players.push(player);
        self.withdrawn.push(false);
        Ok(())
    }

    /// Takes a player out: before the start, off the list; during it, they withdraw, and
    /// each of their two-player games still waiting for a result (this round's and, in a
    /// round-robin, those to come) is lost by forfeit. A Skakanie table under way plays on
    /// without them, as the game itself lets a player leave, and later tables are seated
    /// without them.
    ///
    /// # Errors
    /// Not in it, or the tournament is over.
    pub fn leave(&mut self, player: Player) -> Result<(), Refusal> {
        let who = self.entrant(player).ok_or(Refusal::NotIn)?;
        match self.phase {
            Phase::Open => {
                self.players.remove(who);
                self.withdrawn.remove(who);
                Ok(())
            }
            Phase::Running => {
                if self.withdrawn[who] {
                    return Err(Refusal::NotIn);
                }
                self.withdrawn[who] = true;
                // Every round begun: the current one, or all of them when played at once.
                let most = self.most_seats();
                for round in &mut self.rounds {
                    forfeit_in(round, &self.withdrawn, most);
                }
                Ok(())
            }
            Phase::Finished | Phase::Cancelled => Err(Refusal::NotRunning),
        }
    }

    /// Starts play: the players are seeded by `strength` (their rating, highest first;
    /// ties keep the joining order) and the first round is paired (every round, when they
    /// are played at once).
    ///
    /// # Errors
    /// Not open, or too few players.
    pub fn start(&mut self, strength: impl Fn(Player) -> f64) -> Result<&Round, Refusal> {
        if self.phase != Phase::Open {
            return Err(Refusal::NotOpen);
        }
        if matches!(self.format, Format::Tables { seats } if !TABLE_SEATS.contains(&seats)) {
            return Err(Refusal::BadTables);
        }
        let need = self.fewest_players();
        if self.players.len() < need {
            return Err(Refusal::TooFew {
                have: self.players.len(),
                need,
            });
        }
        let mut seeded: Vec<(usize, Player)> = self.players.iter().copied().enumerate().collect();
        seeded.sort_by(|a, b| strength(b.1).total_cmp(&strength(a.1)).then(a.0.cmp(&b.0)));
        self.players = seeded.into_iter().map(|(_, p)| p).collect();
        self.withdrawn = vec![false; self.players.len()];
        let n = self.players.len();
        match self.format {
            Format::RoundRobin { double } => self.schedule = round_robin::pairs(n, double),
            Format::Tables { seats } => self.schedule = round_robin::tables(n, seats),
            Format::Swiss { rounds } => {
                let rounds = rounds.clamp(1, swiss::max_rounds(n).max(1));
                self.format = Format::Swiss { rounds };
            }
        }
        self.phase = Phase::Running;
        // Two players or more, nobody met yet: the first round always pairs.
        self.begin_round();
        while self.at_once && self.rounds.len() < self.schedule.len() {
            self.begin_round();
        }
        Ok(self.rounds.last().expect("a round was begun"))
    }

    /// How many rounds the tournament plays (known from the start).
    #[must_use]
    pub fn round_count(&self) -> usize {
        match self.format {
            Format::Swiss { rounds } => rounds,
            _ => self.schedule.len(),
        }
    }

    /// Records the result of game `index` of round `round` (0-based).
    ///
    /// # Errors
    /// No such game waiting, or points that do not fit its seats.
    pub fn record(&mut self, round: usize, index: usize, outcome: Outcome) -> Result<(), Refusal> {
        if self.phase != Phase::Running {
            return Err(Refusal::NotRunning);
        }
        let most_seats = self.most_seats();
        let r = self.rounds.get_mut(round).ok_or(Refusal::NoSuchGame)?;
        let (Some(pairing), Some(slot)) = (r.pairings.get(index), r.results.get_mut(index)) else {
            return Err(Refusal::NoSuchGame);
        };
        if slot.is_some() {
            return Err(Refusal::NoSuchGame);
        }
        // A game's places are worth (most - 1) / 2 points a seat ([`standings::place_points`]).
        let seats = pairing.entrants().len() as Points;
        let most = most_seats.max(pairing.entrants().len()) as Points;
        let total: Points = outcome.points.iter().sum();
        if outcome.points.len() != pairing.entrants().len()
            || total * 2 != WIN * seats * (most - 1)
            || outcome.points.iter().any(|&p| p > WIN * (most - 1))
        {
            return Err(Refusal::BadResult);
        }
        *slot = Some(outcome);
        Ok(())
    }

    /// When every round begun is over (the current one; all of them when played at once):
    /// pairs the next one (and returns it), or finishes the tournament after the last
    /// (None). Does nothing while a game is still going (None).
    ///
    /// A round can be over as soon as it is paired (all byes, or every game forfeited
    /// after withdrawals): the next one is paired at once, so one call always leaves the
    /// tournament waiting for a game or finished. A Swiss plays every round it announced
    /// while the players left can be paired without a repeat or a second bye; when they
    /// cannot (withdrawals shrank the field), it ends there ([`Tournament::ended_early`]).
    pub fn advance(&mut self) -> Option<&Round> {
        let mut begun = false;
        while self.phase == Phase::Running
            && !self.rounds.is_empty()
            && self.rounds.iter().all(Round::is_over)
        {
            if self.rounds.len() >= self.round_count() || !self.begin_round() {
                self.phase = Phase::Finished;
                return None;
            }
            begun = true;
        }
        if begun {
            self.rounds.last()
        } else {
            None
        }
    }

    /// Calls the tournament off.
    ///
    /// # Errors
    /// It is over already.
    pub fn cancel(&mut self) -> Result<(), Refusal> {
        match self.phase {
            Phase::Open | Phase::Running => {
                self.phase = Phase::Cancelled;
                Ok(())
            }
            Phase::Finished | Phase::Cancelled => Err(Refusal::NotRunning),
        }
    }

    /// How many rounds are over, counted from the first: the standings are "after round
    /// k" for this k. A round played at once that ends before an earlier one waits for it.
    #[must_use]
    pub fn rounds_done(&self) -> usize {
        self.rounds.iter().take_while(|r| r.is_over()).count()
    }

    /// The standings after the rounds that are over ([`Tournament::rounds_done`]), best
    /// first: what the tournament says "after round k" counts rounds 1 to k only, so a bye
    /// of the next round, settled as soon as it is paired, is not a point yet.
    #[must_use]
    pub fn standings(&self) -> Vec<Line> {
        self.standings_after(self.rounds_done())
    }

    /// The standings after the first `rounds` rounds' results, best first.
    #[must_use]
    pub fn standings_after(&self, rounds: usize) -> Vec<Line> {
        let games: Vec<Game> = self
            .rounds
            .iter()
            .take(rounds)
            .flat_map(|round| round.pairings.iter().zip(&round.results))
            .filter_map(|(pairing, result)| {
                result.as_ref().map(|o| Game {
                    seats: pairing.entrants().to_vec(),
                    points: o.points.clone(),
                    played: o.played,
                })
            })
            .collect();
        let tie_breaks = match self.format {
            Format::Swiss { .. } => TieBreaks::Swiss,
            _ => TieBreaks::RoundRobin,
        };
        standings::table(self.players.len(), &games, tie_breaks)
    }

    /// The crosstable of a two-player tournament after the rounds that are over, as the
    /// standings beside it: for each entrant (row) and opponent (column), the points the row
    /// scored in their games, in round order, and whether each was played over the board.
    /// Tables are not crossed: a Skakanie table has no pairs.
    #[must_use]
    pub fn crosstable(&self) -> Crosstable {
        let n = self.players.len();
        let mut cells = vec![vec![Vec::new(); n]; n];
        for round in self.rounds.iter().take(self.rounds_done()) {
            for (pairing, result) in round.pairings.iter().zip(&round.results) {
                let (Pairing::Table(seats), Some(outcome)) = (pairing, result) else {
                    continue;
                };
                if let [a, b] = seats[..] {
                    cells[a][b].push((outcome.points[0], outcome.played));
                    cells[b][a].push((outcome.points[1], outcome.played));
                }
            }
        }
        cells
    }

    /// Whether the tournament ended before the rounds it announced: a Swiss whose players
    /// left could not be paired again without a repeat or a second bye.
    #[must_use]
    pub fn ended_early(&self) -> bool {
        self.phase == Phase::Finished && self.rounds.len() < self.round_count()
    }

    /// Pairs the next round (from the schedule, or by the Swiss rules from the results so
    /// far), settles its byes at once and forfeits the games of players who have left.
    /// False, and nothing begun, when a Swiss has no legal round left ([`swiss::pair`]).
    fn begin_round(&mut self) -> bool {
        let pairings = match self.format {
            Format::Swiss { .. } => match swiss::pair(&self.records()) {
                Some(pairings) => pairings,
                None => return false,
            },
            Format::RoundRobin { .. } => self.schedule[self.rounds.len()].clone(),
            // A table is seated without those who have left; one left alone sits out.
            Format::Tables { .. } => self.schedule[self.rounds.len()]
                .iter()
                .filter_map(|p| {
                    let seats: Vec<Entrant> = p
                        .entrants()
                        .iter()
                        .copied()
                        .filter(|&e| !self.withdrawn[e])
                        .collect();
                    match seats.len() {
                        0 => None,
                        1 => Some(Pairing::Bye(seats[0])),
                        _ => Some(Pairing::Table(seats)),
                    }
                })
                .collect(),
        };
        let bye_points = match self.format {
            Format::Swiss { .. } => WIN,
            _ => 0,
        };
        let results = pairings
            .iter()
            .map(|p| match p {
                Pairing::Bye(_) => Some(Outcome {
                    points: vec![bye_points],
                    played: false,
                }),
                Pairing::Table(_) => None,
            })
            .collect();
        let mut round = Round { pairings, results };
        forfeit_in(&mut round, &self.withdrawn, self.most_seats());
        self.rounds.push(round);
        true
    }

    /// What the Swiss pairing needs of each entrant after the rounds so far.
    fn records(&self) -> Vec<Record> {
        let mut records: Vec<Record> = self
            .withdrawn
            .iter()
            .map(|&left| Record {
                active: !left,
                ..Record::default()
            })
            .collect();
        for round in &self.rounds {
            for (pairing, result) in round.pairings.iter().zip(&round.results) {
                let points = result.as_ref().map(|o| o.points.as_slice());
                match pairing {
                    Pairing::Bye(p) => {
                        records[*p].had_bye = true;
                        records[*p].score += points.map_or(0, |x| x[0]);
                    }
                    Pairing::Table(seats) => {
                        let played = result.as_ref().is_none_or(|o| o.played);
                        for (i, &p) in seats.iter().enumerate() {
                            let got = points.map_or(0, |x| x[i]);
                            records[p].score += got;
                            // A forfeit is no game for the sides; won, it stands for the
                            // player's bye (a point without playing, once).
                            if played {
                                records[p].sides.push(i == 0);
                            } else if got > 0 {
                                records[p].had_bye = true;
                            }
                            records[p]
                                .opponents
                                .extend(seats.iter().copied().filter(|&q| q != p));
                        }
                    }
                }
            }
        }
        records
    }
}

/// Ends by forfeit each two-player game of `round` still waiting that has a withdrawn
/// player: the other wins, as much as a win over the board at a tournament whose largest
/// tables seat `most_seats` ([`standings::place_points`]). Both gone: neither scores.
fn forfeit_in(round: &mut Round, withdrawn: &[bool], most_seats: usize) {
    let win = standings::place_points(&[0, 1], most_seats)[0];
    for (pairing, result) in round.pairings.iter().zip(&mut round.results) {
        let Pairing::Table(seats) = pairing else {
            continue;
        };
        if result.is_some() || seats.len() != 2 || !seats.iter().any(|&p| withdrawn[p]) {
            continue;
        }
        *result = Some(Outcome {
            points: seats
                .iter()
                .map(|&p| if withdrawn[p] { 0 } else { win })
                .collect(),
            played: false,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays every waiting game of the current round: the lower entrant (the higher seed)
    /// wins a two-player game; at a table, places follow seat order.
    fn play_round(t: &mut Tournament) {
        play(t, t.rounds.len() - 1);
    }

    /// [`play_round`] for round `round` (0-based).
    fn play(t: &mut Tournament, round: usize) {
        let most = t.most_seats();
        let waiting: Vec<(usize, usize)> = t.rounds[round]
            .pairings
            .iter()
            .zip(&t.rounds[round].results)
            .enumerate()
            .filter(|(_, (_, r))| r.is_none())
            .map(|(i, (p, _))| (i, p.entrants().len()))
            .collect();
        for (i, seats) in waiting {
            let entrants = t.rounds[round].pairings[i].entrants().to_vec();
            let points = if most == 2 {
                if entrants[0] < entrants[1] {
                    vec![WIN, 0]
                } else {
                    vec![0, WIN]
                }
            } else {
                standings::place_points(&(0..seats).collect::<Vec<_>>(), most)
            };
            t.record(
                round,
                i,
                Outcome {
                    points,
                    played: true,
                },
            )
            .unwrap();
        }
    }

    fn joined(format: Format, n: u64) -> Tournament {
        let mut t = Tournament::new(format, None);
        for p in 1..=n {
            t.join(p).unwrap();
        }
        t
    }

    #[test]
    fn sign_up_rules() {
        let mut t = Tournament::new(Format::RoundRobin { double: false }, Some(2));
        assert_eq!(
            t.start(|_| 0.0).unwrap_err(),
            Refusal::TooFew { have: 0, need: 2 }
        );
        t.join(7).unwrap();
        assert_eq!(t.join(7), Err(Refusal::AlreadyIn));
        t.join(8).unwrap();
        assert_eq!(t.join(9), Err(Refusal::Full(2)));
        t.leave(8).unwrap();
        assert_eq!(t.players, vec![7]);
        assert_eq!(t.leave(8), Err(Refusal::NotIn));
        t.join(9).unwrap();
        t.start(|_| 0.0).unwrap();
        assert_eq!(t.join(10), Err(Refusal::NotOpen));
    }

    #[test]
    fn seeds_follow_strength_and_the_round_robin_runs_to_its_winner() {
        let mut t = joined(Format::RoundRobin { double: false }, 8);
        // Player 5 is the strongest, then 3; the rest keep their joining order.
        t.start(|p| match p {
            5 => 1900.0,
            3 => 1700.0,
            _ => 1500.0,
        })
        .unwrap();
        assert_eq!(&t.players[..3], &[5, 3, 1]);
        assert_eq!(t.round_count(), 7);
        while t.phase == Phase::Running {
            play_round(&mut t);
            t.advance();
        }
        assert_eq!(t.phase, Phase::Finished);
        assert_eq!(t.rounds.len(), 7);
        let table = t.standings();
        // The top seed won every game.
        assert_eq!(table[0].entrant, 0);
        assert_eq!(table[0].score, 7 * WIN);
        assert_eq!(t.players[table[0].entrant], 5);
    }

    #[test]
    fn a_round_robin_played_at_once_begins_every_round_and_ends_with_the_last_game() {
        let mut t = joined(Format::RoundRobin { double: false }, 6).all_at_once(true);
        t.start(|_| 0.0).unwrap();
        assert_eq!(t.rounds.len(), 5, "every round begun at the start");
        // The last round is played first, then all but round 2: nothing moves on.
        play(&mut t, 4);
        for round in [0, 1, 3] {
            play(&mut t, round);
        }
        assert!(t.advance().is_none());
        assert_eq!(t.phase, Phase::Running);
        // Entrant 5 leaves: their round-2 game is lost by forfeit, which ends it all.
        t.leave(6).unwrap();
        let waiting = t.rounds[2].results.iter().filter(|r| r.is_none()).count();
        assert_eq!(waiting, 2);
        play(&mut t, 2);
        assert!(t.advance().is_none());
        assert_eq!(t.phase, Phase::Finished);
        assert_eq!(t.rounds.len(), 5);
        // A Swiss cannot be played at once.
        let swiss = joined(Format::Swiss { rounds: 3 }, 6).all_at_once(true);
        assert!(!swiss.at_once);
    }

    #[test]
    fn a_round_does_not_advance_until_every_game_is_over() {
        let mut t = joined(Format::RoundRobin { double: false }, 4);
        t.start(|_| 0.0).unwrap();
        assert!(t.advance().is_none());
        assert_eq!(t.rounds.len(), 1);
        t.record(
            0,
            0,
            Outcome {
                points: vec![WIN, 0],
                played: true,
            },
        )
        .unwrap();
        assert_eq!(
            t.record(
                0,
                0,
                Outcome {
                    points: vec![WIN, 0],
                    played: true
                }
            ),
            Err(Refusal::NoSuchGame)
        );
        assert_eq!(
            t.record(
                0,
                1,
                Outcome {
                    points: vec![WIN],
                    played: true
                }
            ),
            Err(Refusal::BadResult)
        );
        assert!(t.advance().is_none());
        t.record(
            0,
            1,
            Outcome {
                points: vec![WIN / 2, WIN / 2],
                played: true,
            },
        )
        .unwrap();
        assert!(t.advance().is_some());
        assert_eq!(t.rounds.len(), 2);
    }

    /// Thirteen players, five Swiss rounds, one leaving after round two: byes never twice,
    /// nobody meets anyone twice, the leaver's games are forfeits and they are paired no
    /// more.
    #[test]
    fn a_thirteen_player_swiss_with_a_withdrawal() {
        let mut t = joined(Format::Swiss { rounds: 5 }, 13);
        t.start(|p| -(p as f64)).unwrap();
        let mut byes = std::collections::HashSet::new();
        let mut met = std::collections::HashSet::new();
        while t.phase == Phase::Running {
            let round = t.rounds.len();
            if round == 2 {
                let leaver = t.players[6];
                t.leave(leaver).unwrap();
                assert_eq!(t.leave(leaver), Err(Refusal::NotIn));
            }
            for p in &t.rounds[round - 1].pairings {
                match p {
                    Pairing::Bye(b) => assert!(byes.insert(*b), "{b} had two byes"),
                    Pairing::Table(s) => {
                        let key = (s[0].min(s[1]), s[0].max(s[1]));
                        assert!(met.insert(key), "{key:?} met twice");
                        if round > 2 {
                            assert!(!s.contains(&6), "the leaver is paired again");
                        }
                    }
                }
            }
            play_round(&mut t);
            t.advance();
        }
        assert_eq!(t.rounds.len(), 5);
        let table = t.standings();
        assert_eq!(table.len(), 13);
        // The leaver's third-round game, if they had one, was a forfeit.
        let forfeits = t.rounds[1..]
            .iter()
            .flat_map(|r| r.pairings.iter().zip(&r.results))
            .filter(|(p, r)| p.entrants().contains(&6) && r.as_ref().is_some_and(|o| !o.played))
            .count();
        assert!(forfeits <= 1);
    }

    #[test]
    fn a_nine_player_skakanie_round_robin_at_tables_of_three() {
        let mut t = joined(Format::Tables { seats: 3 }, 9);
        t.start(|_| 0.0).unwrap();
        assert_eq!(t.round_count(), 4);
        while t.phase == Phase::Running {
            play_round(&mut t);
            t.advance();
        }
        let table = t.standings();
        let total: Points = table.iter().map(|l| l.score).sum();
        // Twelve tables, each worth 2 + 1 + 0 points (in quarters).
        assert_eq!(total, 12 * 3 * WIN);
    }

    #[test]
    fn a_withdrawal_forfeits_the_round_robin_games_still_to_come() {
        let mut t = joined(Format::RoundRobin { double: false }, 4);
        t.start(|_| 0.0).unwrap();
        play_round(&mut t);
        t.advance();
        t.leave(t.players[3]).unwrap();
        // This round's and the next round's games against entrant 3 are forfeits.
        for _ in 0..2 {
            let round = t.rounds.last().unwrap();
            for (p, r) in round.pairings.iter().zip(&round.results) {
                if p.entrants().contains(&3) {
                    let o = r.as_ref().expect("settled by forfeit");
                    assert!(!o.played);
                }
            }
            play_round(&mut t);
            t.advance();
        }
        assert_eq!(t.phase, Phase::Finished);
        assert_eq!(t.cancel(), Err(Refusal::NotRunning));
    }

    #[test]
    fn later_tables_are_seated_without_a_player_who_left() {
        let mut t = joined(Format::Tables { seats: 3 }, 6);
        t.start(|_| 0.0).unwrap();
        play_round(&mut t);
        t.advance();
        t.leave(t.players[0]).unwrap();
        play_round(&mut t);
        while t.advance().is_some() {
            let round = t.rounds.last().unwrap();
            assert!(round.pairings.iter().all(|p| !p.entrants().contains(&0)));
            play_round(&mut t);
        }
        assert_eq!(t.phase, Phase::Finished);
    }

    #[test]
    fn the_crosstable_holds_each_pairs_games_from_both_sides() {
        let mut t = joined(Format::RoundRobin { double: true }, 3);
        t.start(|_| 0.0).unwrap();
        while t.phase == Phase::Running {
            play_round(&mut t);
            t.advance();
        }
        let cells = t.crosstable();
        // The higher seed won both games of every pair.
        assert_eq!(cells[0][1], vec![(WIN, true), (WIN, true)]);
        assert_eq!(cells[1][0], vec![(0, true), (0, true)]);
        assert!(cells[2][2].is_empty());
    }

    #[test]
    fn tables_seat_three_or_four_and_results_must_add_up() {
        for seats in [0, 1, 2, 5, 7] {
            let mut t = joined(Format::Tables { seats }, 6);
            assert_eq!(t.start(|_| 0.0).unwrap_err(), Refusal::BadTables);
        }
        let mut t = joined(Format::RoundRobin { double: false }, 2);
        t.start(|_| 0.0).unwrap();
        for points in [vec![WIN, WIN], vec![3, 0], vec![0, 0]] {
            let outcome = Outcome {
                points,
                played: true,
            };
            assert_eq!(t.record(0, 0, outcome), Err(Refusal::BadResult));
        }
    }

    /// A Swiss whose field shrinks ends before a repeat pairing or a second bye.
    #[test]
    fn a_swiss_that_loses_its_field_ends_before_a_repeat_or_a_second_bye() {
        let mut t = joined(Format::Swiss { rounds: 2 }, 4);
        t.start(|_| 0.0).unwrap();
        play_round(&mut t);
        t.leave(t.players[1]).unwrap();
        t.leave(t.players[3]).unwrap();
        assert!(t.advance().is_none());
        assert_eq!(t.phase, Phase::Finished);
        // It said two rounds, and says why it played one.
        assert_eq!((t.rounds.len(), t.round_count()), (1, 2));
        assert!(t.ended_early());

        let mut t = joined(Format::Swiss { rounds: 2 }, 5);
        t.start(|_| 0.0).unwrap();
        assert_eq!(t.rounds[0].pairings.last(), Some(&Pairing::Bye(4)));
        for p in 0..4 {
            t.leave(t.players[p]).unwrap();
        }
        // Every game of round one is forfeited: the round is over, and the tournament too.
        assert!(t.advance().is_none());
        assert_eq!(t.phase, Phase::Finished);
        let byes = t
            .rounds
            .iter()
            .flat_map(|r| &r.pairings)
            .filter(|p| matches!(p, Pairing::Bye(4)))
            .count();
        assert_eq!(byes, 1);
    }

    /// Five players: round two's bye is settled when round two is paired, but the standings
    /// after round one (all there is until round two ends) count round one only.
    #[test]
    fn the_standings_after_a_round_count_no_bye_of_the_next() {
        let mut t = joined(Format::Swiss { rounds: 2 }, 5);
        t.start(|_| 0.0).unwrap();
        play_round(&mut t);
        let round = t.advance().expect("round two is paired").clone();
        let Some(Pairing::Bye(bye)) = round.pairings.last().cloned() else {
            panic!("five players: a bye in {round:?}");
        };
        assert_eq!(t.rounds_done(), 1);
        let after_one = t.standings();
        let line = after_one.iter().find(|l| l.entrant == bye).unwrap();
        assert_eq!(line.score, 0, "{bye} lost round one: {after_one:?}");
        assert_eq!(after_one, t.standings_after(1));
        let total: Points = after_one.iter().map(|l| l.score).sum();
        assert_eq!(total, 3 * WIN, "round one: two games and a bye");
    }

    /// Four players cannot all meet a new opponent in five rounds: the Swiss says two from
    /// the start (one number, the format's) and plays two.
    #[test]
    fn a_swiss_announces_and_plays_the_rounds_its_field_can_pair() {
        let mut t = joined(Format::Swiss { rounds: 5 }, 4);
        assert_eq!(t.round_count(), 5, "as asked, while taking players");
        t.start(|_| 0.0).unwrap();
        assert_eq!(t.format, Format::Swiss { rounds: 2 });
        assert_eq!(t.round_count(), 2);
        while t.phase == Phase::Running {
            play_round(&mut t);
            t.advance();
        }
        assert_eq!(t.rounds.len(), 2);
        assert!(!t.ended_early());
    }

    /// Six players, three rounds, one removed during round two: five are left, and a third
    /// round of two games and a bye exists, so it is played.
    #[test]
    fn a_swiss_plays_its_last_round_after_a_removal_while_one_can_be_paired() {
        for removed in 0..6 {
            let mut t = joined(Format::Swiss { rounds: 3 }, 6);
            t.start(|_| 0.0).unwrap();
            play_round(&mut t);
            t.advance();
            t.leave(t.players[removed]).unwrap();
            play_round(&mut t);
            let third = t.advance().expect("round three").clone();
            assert_eq!(third.pairings.len(), 3, "removed {removed}: {third:?}");
            play_round(&mut t);
            assert!(t.advance().is_none());
            assert_eq!((t.phase, t.rounds.len()), (Phase::Finished, 3));
            assert!(!t.ended_early(), "removed {removed}");
        }
    }

    #[test]
    fn a_tournament_survives_being_written_and_read_back() {
        let mut t = joined(Format::Swiss { rounds: 3 }, 5);
        t.start(|_| 0.0).unwrap();
        play_round(&mut t);
        let text = serde_json::to_string(&t).unwrap();
        let back: Tournament = serde_json::from_str(&text).unwrap();
        assert_eq!(back, t);
    }
}
