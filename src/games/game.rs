//! A game in progress: a position plus the history that the draw rules need.

use std::collections::HashMap;

use super::rules::{DrawReason, Outcome, Rules};

/// A position with its history: the moves played and how often each position occurred.
/// Repetition and move-limit draws live here, not in the position, so search (perft, AI)
/// can work on bare positions.
#[derive(Clone, Debug)]
pub struct Game<R: Rules> {
    /// Where the game began: what a player who has watched the whole game knows comes from
    /// replaying it (the AI's view of Skakanie's face-down pieces).
    start: R,
    position: R,
    /// The position before the last move: pictures show how the last move went (Gygès
    /// draws its bounce path), which the position after it no longer knows.
    previous: Option<R>,
    /// The position before the latest run of moves by one seat (a whole Skakanie turn, or
    /// the part played so far): pictures mark the turn, not only its last action.
    turn_start: Option<R>,
    moves: Vec<R::Move>,
    /// Who made each move: in Skakanie a turn is several plies, and a seat may leave out of
    /// turn, so the mover is not a function of the ply's number.
    movers: Vec<super::rules::Seat>,
    seen: HashMap<R::Key, u32>,
    repeated: bool,
}

impl<R: Rules> Game<R> {
    /// A game starting from `position`.
    #[must_use]
    pub fn new(position: R) -> Self {
        let mut seen = HashMap::new();
        seen.insert(position.key(), 1);
        Self {
            start: position.clone(),
            position,
            previous: None,
            turn_start: None,
            moves: Vec::new(),
            movers: Vec::new(),
            seen,
            repeated: false,
        }
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &R {
        &self.position
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &R {
        &self.start
    }

    /// The position before the last move, if a move was played.
    #[must_use]
    pub fn previous(&self) -> Option<&R> {
        self.previous.as_ref()
    }

    /// The position before the latest run of moves by one seat, and the moves of that run
    /// (in a two-player game, the last move alone; in Skakanie, the turn so far).
    #[must_use]
    pub fn last_turn(&self) -> Option<(&R, &[R::Move])> {
        let start = self.turn_start.as_ref()?;
        let mover = self.movers.last()?;
        let run = self.movers.iter().rev().take_while(|m| *m == mover).count();
        Some((start, &self.moves[self.moves.len() - run..]))
    }

    /// The moves played so far, oldest first.
    #[must_use]
    pub fn moves(&self) -> &[R::Move] {
        &self.moves
    }

    /// The seat that made each move, oldest first.
    #[must_use]
    pub fn movers(&self) -> &[super::rules::Seat] {
        &self.movers
    }

    /// How many times the present position has occurred in the game, this time included:
    /// above one, the last move brought back a position already seen, which gains nothing
    /// (the measure of moves without progress in `leapfrog match`).
    #[must_use]
    pub fn occurrences(&self) -> u32 {
        self.seen.get(&self.position.key()).copied().unwrap_or(1)
    }

    /// The outcome: the position's own, then the history's draws.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        let own = self.position.outcome();
        if own.is_finished() {
            return own;
        }
        if self.repeated {
            return Outcome::Draw(DrawReason::Repetition);
        }
        match R::DRAW_RULES.ply_limit {
            Some(limit) if self.moves.len() >= limit as usize => {
                Outcome::Draw(DrawReason::MoveLimit)
            }
            _ => Outcome::Ongoing,
        }
    }

    /// The legal moves now: none once the game is over, whatever the reason.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<R::Move> {
        if self.outcome().is_finished() {
            Vec::new()
        } else {
            self.position.legal_moves()
        }
    }

    /// Plays a move.
    ///
    /// # Errors
    /// [`PlayError::Finished`] after the end, [`PlayError::Illegal`] with the rule's reason;
    /// the game is unchanged then.
    pub fn play(&mut self, mv: &R::Move) -> Result<(), PlayError<R::Illegal>> {
        let outcome = self.outcome();
        if outcome.is_finished() {
            return Err(PlayError::Finished(outcome));
        }
        let before = self.position.clone();
        let mover = before.mover_of(mv);
        self.position.play(mv).map_err(PlayError::Illegal)?;
        if self.movers.last() != Some(&mover) {
            self.turn_start = Some(before.clone());
        }
        self.movers.push(mover);
        self.previous = Some(before);
        self.moves.push(mv.clone());
        let count = self.seen.entry(self.position.key()).or_insert(0);
        *count += 1;
        if R::DRAW_RULES.repetitions.is_some_and(|n| *count >= n) {
            self.repeated = true;
        }
        Ok(())
    }
}

/// Why [`Game::play`] refused a move.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlayError<I: std::error::Error> {
    /// The game is already over.
    #[error("the game is over")]
    Finished(Outcome),
    /// The rules forbid the move.
    #[error(transparent)]
    Illegal(I),
}
