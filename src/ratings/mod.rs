//! Ratings: one per user and game, updated when a rated game ends. Pure (no I/O): the store
//! calls [`rate`] inside the transaction that writes the result, and `leapfrog ratings
//! rebuild` calls it again over the stored games in the same order, so both give the same
//! numbers.
//!
//! The two-player games use Glicko-2, Skakanie (2–4 players) Weng-Lin (OpenSkill), both
//! from the `skillratings` crate. Every option variant of a game shares the game's rating:
//! these games are rare, and a pool split by variant would leave every rating provisional.
//! Weng-Lin's numbers (25 ± 8.3) are shown ×60, so every game reads on one scale: a
//! newcomer is 1500, and a deviation over [`PROVISIONAL_DEVIATION`] marks a rating `?`.

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};

use crate::games::GameKind;

/// Above this deviation a rating is provisional (shown with `?`, kept off leaderboards):
/// lichess's threshold. A newcomer starts at 350 (Glicko-2) or 500 (Weng-Lin, scaled) and
/// gets under it after roughly six to eight games.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// Weng-Lin's scale to the shown one: 25 (its newcomer) × 60 = 1500.
const WENG_LIN_SCALE: f64 = 60.0;

/// The rated games a player needs before the leaderboard lists them.
pub const LEADERBOARD_GAMES: u32 = 5;

/// How recent a player's last rated game must be for the leaderboard (days): correspondence
/// games take weeks, so longer than a live-play site's week.
pub const LEADERBOARD_DAYS: u64 = 180;

/// Which rating system a game uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// Glicko-2: two players, win, draw or loss.
    Glicko2,
    /// Weng-Lin: two to four players, ranked.
    WengLin,
}

impl System {
    /// The system of `kind`.
    #[must_use]
    pub fn of(kind: GameKind) -> Self {
        match kind {
            GameKind::Skakanie => Self::WengLin,
            GameKind::Jumpers | GameKind::Gyges | GameKind::JumpSturdy => Self::Glicko2,
        }
    }
}

/// One point of a player's rating history: after which game, when, and the rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// When the game ended (unix milliseconds).
    pub at: u64,
    /// The game.
    pub game: u64,
    /// The rating after it.
    pub rating: f64,
}

/// A player's rating in one game, with the counts a profile shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// The name the player had in their latest rated game (leaderboards show it).
    pub name: String,
    /// The rating, on the shown scale (1500 for a newcomer).
    pub rating: f64,
    /// The deviation, on the same scale.
    pub deviation: f64,
    /// Glicko-2's volatility (0 for Weng-Lin).
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
    /// Of those, won.
    pub wins: u32,
    /// Drawn (a shared win counts as a win).
    pub draws: u32,
    /// Lost (a loss on time, a resignation and leaving included).
    pub losses: u32,
    /// Wins in a row, now.
    pub streak: u32,
    /// The longest run of wins.
    pub best_streak: u32,
    /// When the latest rated game ended (unix milliseconds).
    pub last_game: u64,
    /// The rating after every rated game, oldest first.
    pub history: Vec<Point>,
}

impl Standing {
    /// A player who has not played `kind` rated yet.
    #[must_use]
    pub fn newcomer(kind: GameKind, name: &str) -> Self {
        let (rating, deviation, volatility) = match System::of(kind) {
            System::Glicko2 => {
                let r = Glicko2Rating::new();
                (r.rating, r.deviation, r.volatility)
            }
            System::WengLin => {
                let r = WengLinRating::new();
                (
                    r.rating * WENG_LIN_SCALE,
                    r.uncertainty * WENG_LIN_SCALE,
                    0.0,
                )
            }
        };
        Self {
            name: name.to_owned(),
            rating,
            deviation,
            volatility,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            streak: 0,
            best_streak: 0,
            last_game: 0,
            history: Vec::new(),
        }
    }

    /// The standing a seat brings into a rated game: what it had (a newcomer's when
    /// nothing), under the name it plays with now. The live update and the rebuild both
    /// start from this.
    #[must_use]
    pub fn going_into(had: Option<Self>, kind: GameKind, name: &str) -> Self {
        let mut standing = had.unwrap_or_else(|| Self::newcomer(kind, name));
        name.clone_into(&mut standing.name);
        standing
    }

    /// Whether the rating is still provisional (shown `?`).
    #[must_use]
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating as players read it: rounded, `?` while provisional.
    #[must_use]
    pub fn shown(&self) -> String {
        let mark = if self.provisional() { "?" } else { "" };
        format!("{}{mark}", self.rating.round())
    }

    /// Whether a leaderboard lists the player at `now` (unix milliseconds): enough rated
    /// games, a recent one, and a settled rating.
    #[must_use]
    pub fn on_leaderboard(&self, now: u64) -> bool {
        self.games >= LEADERBOARD_GAMES
            && !self.provisional()
            && now.saturating_sub(self.last_game) <= LEADERBOARD_DAYS * 86_400_000
    }
}

/// What one rated game did to one seat's rating, as players read it (rounded), kept with
/// the game's result so every later look at the game shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// The seat.
    pub seat: u8,
    /// The rating before the game.
    pub before: i32,
    /// The rating after it.
    pub after: i32,
}

impl Change {
    /// The change of `seat` from `before` to `after`.
    #[must_use]
    pub fn between(seat: u8, before: &Standing, after: &Standing) -> Self {
        Self {
            seat,
            before: before.rating.round() as i32,
            after: after.rating.round() as i32,
        }
    }

    /// `1500 → 1514 (+14)`.
    #[must_use]
    pub fn shown(&self) -> String {
        format!(
            "{} → {} ({:+})",
            self.before,
            self.after,
            self.after - self.before
        )
    }
}

/// The game that ended, as the ratings need it.
#[derive(Clone, Copy, Debug)]
pub struct Ended<'a> {
    /// Which game.
    pub kind: GameKind,
    /// Its number (kept in the history).
    pub game: u64,
    /// The winning seats; empty for a draw.
    pub winners: &'a [u8],
    /// The seats that left the game before its end, in the order they left
    /// ([`GameKind::leavers`]): each ranks below everyone still playing when they went.
    pub leavers: &'a [u8],
    /// When it ended (unix milliseconds).
    pub at: u64,
}

/// The seats' standings after `ended`, given them before (by seat, with each seat's name
/// now). Winners rank first, the others who played to the end share the next place (lower
/// scores alike lose to the winners), and Skakanie's leavers come last, the first to leave
/// lowest, as the game told them.
#[must_use]
pub fn rate(ended: &Ended<'_>, before: &[Standing]) -> Vec<Standing> {
    let won = |seat: usize| ended.winners.iter().any(|&w| usize::from(w) == seat);
    let draw = ended.winners.is_empty();
    // Each seat's (rating, deviation, volatility) after the game.
    let ratings: Vec<(f64, f64, f64)> = match System::of(ended.kind) {
        System::Glicko2 if before.len() == 2 => {
            let glicko = |s: &Standing| Glicko2Rating {
                rating: s.rating,
                deviation: s.deviation,
                volatility: s.volatility,
            };
            let outcome = if draw {
                Outcomes::DRAW
            } else if won(0) {
                Outcomes::WIN
            } else {
                Outcomes::LOSS
            };
            let (a, b) = glicko2(
                &glicko(&before[0]),
                &glicko(&before[1]),
                &outcome,
                &Glicko2Config::new(),
            );
            [a, b]
                .iter()
                .map(|r| (r.rating, r.deviation, r.volatility))
                .collect()
        }
        _ => {
            let teams: Vec<[WengLinRating; 1]> = before
                .iter()
                .map(|s| {
                    [WengLinRating {
                        rating: s.rating / WENG_LIN_SCALE,
                        uncertainty: s.deviation / WENG_LIN_SCALE,
                    }]
                })
                .collect();
            let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .enumerate()
                .map(|(seat, team)| {
                    let left = ended.leavers.iter().position(|&l| usize::from(l) == seat);
                    let rank = match left {
                        // The last to leave ranks 3, the one before 4, and so on.
                        Some(at) => 3 + ended.leavers.len() - at - 1,
                        None if draw || won(seat) => 1,
                        None => 2,
                    };
                    (&team[..], MultiTeamOutcome::new(rank))
                })
                .collect();
            weng_lin_multi_team(&ranked, &WengLinConfig::new())
                .iter()
                .map(|team| {
                    (
                        team[0].rating * WENG_LIN_SCALE,
                        team[0].uncertainty * WENG_LIN_SCALE,
                        0.0,
                    )
                })
                .collect()
        }
    };
    before
        .iter()
        .zip(ratings)
        .enumerate()
        .map(|(seat, (s, (rating, deviation, volatility)))| {
            let mut next = s.clone();
            next.rating = rating;
            next.deviation = deviation;
            next.volatility = volatility;
            next.games += 1;
            if draw {
                next.draws += 1;
                next.streak = 0;
            } else if won(seat) {
                next.wins += 1;
                next.streak += 1;
                next.best_streak = next.best_streak.max(next.streak);
            } else {
                next.losses += 1;
                next.streak = 0;
            }
            next.last_game = ended.at;
            next.history.push(Point {
                at: ended.at,
                game: ended.game,
                rating,
            });
            next
        })
        .collect()
}
