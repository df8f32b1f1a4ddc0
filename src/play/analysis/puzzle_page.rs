//! A player's puzzle as their puzzle page shows it: the one they are solving, else the last
//! they played to its end (until they ask for the next), in the page's words. The page
//! plays it with the same command as `/puzzle answer:` (see [`crate::web`]), so the page and
//! Discord judge, rate and count alike.

use crate::ai::puzzle::Puzzle;
use crate::games::{GameKind, Seat};
use crate::i18n::{self, Lang};
use crate::play::core::Play;
use crate::store::{PuzzleProgress, Store, StoreError, UserId};

use super::puzzle_ratings;
use super::puzzles::{moves_left, side};

/// Where a player is with the puzzle their page shows: said by [`PuzzleState::name`] in
/// the view's JSON and the page's HTML alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(into = "&'static str")]
pub enum PuzzleState {
    /// Still to solve: the page lets them move.
    Open,
    /// Solved: the page offers the next.
    Solved,
    /// Missed: the page shows the solution and offers the next.
    Missed,
}

impl PuzzleState {
    /// The state's name, as the page's script and style read it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Solved => "solved",
            Self::Missed => "missed",
        }
    }
}

impl From<PuzzleState> for &'static str {
    fn from(state: PuzzleState) -> Self {
        state.name()
    }
}

/// A player's puzzle, as their page shows it.
#[derive(Clone, Debug)]
pub struct PuzzleShown {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its number in its game's list (what `/puzzle` calls it).
    pub number: usize,
    /// The plies played in it so far (the solver's and the answers).
    pub played: Vec<String>,
    /// Where they are with it.
    pub state: PuzzleState,
    /// The seat that solves (the side to move at the puzzle's start).
    pub solver: Seat,
    /// What is asked ("South to play and win in 2 moves"), or how it ended.
    pub status: String,
    /// "Gygès puzzle #12 · streak 3".
    pub detail: String,
    /// "Puzzle rating 1523 (+23)", or their rating before their first puzzle ends.
    pub rating: String,
}

impl<S: Store> Play<S> {
    /// The puzzle `user`'s page shows, in `lang`: their open puzzle, else the last they
    /// played to its end; `None` when they have neither (or it is no longer in the list).
    ///
    /// # Errors
    /// The store failed.
    pub fn puzzle_shown(
        &self,
        user: UserId,
        lang: Lang,
    ) -> Result<Option<PuzzleShown>, StoreError> {
        let settings = self.store.settings(user)?;
        let (progress, ended): (&PuzzleProgress, Option<(bool, i64)>) =
            match (&settings.puzzle, &settings.puzzle_done) {
                (Some(open), _) => (open, None),
                (None, Some(done)) => (&done.progress, Some((done.solved, done.change))),
                (None, None) => return Ok(None),
            };
        let Some((puzzle, number, start, now)) = self.open_puzzle(progress) else {
            return Ok(None);
        };
        let rating = settings
            .puzzle_rating
            .unwrap_or_else(puzzle_ratings::newcomer);
        let (state, status, rating) = match ended {
            None => (
                PuzzleState::Open,
                i18n::text_with(
                    lang,
                    "puzzle-header",
                    &[
                        ("side", side(lang, &now, now.to_move()).into()),
                        ("moves", moves_left(&puzzle, progress.played.len()).into()),
                    ],
                ),
                i18n::text_with(
                    lang,
                    "puzzle-rating-now",
                    &[("rating", puzzle_ratings::shown(rating).into())],
                ),
            ),
            Some((solved, change)) => (
                if solved {
                    PuzzleState::Solved
                } else {
                    PuzzleState::Missed
                },
                i18n::text_with(
                    lang,
                    "puzzle-page-ended",
                    &[
                        ("solved", solved.into()),
                        ("solution", puzzle.line.join(" ").into()),
                    ],
                ),
                super::puzzles::rating_line(lang, rating, change),
            ),
        };
        let detail = i18n::text_with(
            lang,
            "puzzle-detail",
            &[
                ("kind", puzzle.kind.into()),
                ("number", number.into()),
                ("streak", settings.puzzle_streak.into()),
            ],
        );
        Ok(Some(PuzzleShown {
            solver: start.to_move(),
            number,
            played: progress.played.clone(),
            puzzle,
            state,
            status,
            detail,
            rating,
        }))
    }

    /// Puzzle `number` of `kind` (as `/puzzle` numbers them), if there is one.
    #[must_use]
    pub fn puzzle_numbered(&self, kind: GameKind, number: usize) -> Option<Puzzle> {
        self.puzzles(kind).into_iter().nth(number.checked_sub(1)?)
    }
}
