//! What is done after an answer is shown, the same on every front end: the notices a
//! command made for others (a tournament round's boards), the computer's turn, the
//! analysis asked for; and what the scheduler finds due (reminders, timeouts, a computer
//! turn or an analysis owed since a restart). The play layer says what is to be done, in
//! which order and on which pool ([`Play::step`]), and does the thinking ([`Play::do_later`]); a front end
//! only delivers the notices where it shows things (a channel post, a console line).

use std::sync::Arc;

use crate::play::core::{Play, Stop};
use crate::play::pool::Pool;
use crate::play::reply::{Notice, Reply};
use crate::store::{GameId, Store};

/// One piece of work left for after an answer, done in the order given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Later {
    /// A notice made already, to deliver as it is (boxed: a reply is large beside a game's
    /// number).
    Tell(Box<Notice>),
    /// The computer is to move in this game: it thinks, and each of its moves is a notice.
    Computer(GameId),
    /// A game whose analysis a player asked for: the report is a notice.
    Analyse(GameId),
    /// A game whose analysis is owed from before a restart: the report, unless another
    /// worker has made it meanwhile.
    OwedAnalysis(GameId),
}

/// What a piece of work is, for a front end that marks each kind (the console's
/// `[computer]`) or waits before some (Discord posts a command's notices a moment after its
/// answer, so the channel reads them in order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The bot says something on its own.
    Notice,
    /// The computer's move.
    Computer,
    /// An analysis.
    Analysis,
}

impl Later {
    /// What this piece of work is.
    #[must_use]
    pub fn kind(&self) -> Kind {
        match self {
            Self::Tell(_) => Kind::Notice,
            Self::Computer(_) => Kind::Computer,
            Self::Analyse(_) | Self::OwedAnalysis(_) => Kind::Analysis,
        }
    }

    /// The game the work is about, which names it on its pool (a game queued twice is
    /// thought about once).
    #[must_use]
    pub fn game(&self) -> GameId {
        match self {
            Self::Tell(notice) => notice.game,
            Self::Computer(game) | Self::Analyse(game) | Self::OwedAnalysis(game) => *game,
        }
    }
}

/// One piece of what follows, as a front end that must not block carries it out
/// ([`Play::step`]).
pub enum Step<'a> {
    /// Deliver this notice now (boxed, as in [`Later::Tell`]).
    Tell(Box<Notice>),
    /// Think on this pool (`Play::do_later`), then deliver the notices it gives.
    Think(&'a Arc<Pool>, Later),
}

impl Reply {
    /// Takes what is left to do once this reply is shown, in order: the notices it made for
    /// others, then the computer's turn, then the analysis.
    pub fn take_later(&mut self) -> Vec<Later> {
        let mut later: Vec<Later> = std::mem::take(&mut self.follow)
            .into_iter()
            .map(|notice| Later::Tell(Box::new(notice)))
            .collect();
        later.extend(self.computer_turn.take().map(Later::Computer));
        later.extend(self.analyse.take().map(Later::Analyse));
        later
    }
}

impl<S: Store> Play<S> {
    /// How `later` is carried out by a front end that must not block: a notice to deliver
    /// now, or work to think about on its pool — the computer's (shared by every front end,
    /// bounded by `[ai] threads`) or the analyses' (one at a time) — whose notices
    /// [`Play::do_later`] gives.
    #[must_use]
    pub fn step(&self, later: Later) -> Step<'_> {
        match later {
            Later::Tell(notice) => Step::Tell(notice),
            Later::Computer(_) => Step::Think(self.pool(), later),
            Later::Analyse(_) | Later::OwedAnalysis(_) => Step::Think(self.analysis_pool(), later),
        }
    }

    /// Does `later` now, blocking (on the pool [`Play::step`] names, where it has one):
    /// the notices to deliver, in order.
    pub fn do_later(&self, later: Later) -> Vec<Notice> {
        match later {
            Later::Tell(notice) => vec![*notice],
            Later::Computer(game) => self.computer_moves(game),
            Later::Analyse(game) => self.analysis(game).into_iter().collect(),
            Later::OwedAnalysis(game) => self.wanted_analysis(game).into_iter().collect(),
        }
    }

    /// What is due now, for a front end's timer: reminders and timeouts (their stages
    /// written before they are returned), then every game where the computer is to move and
    /// every analysis owed, as found in the store, so a restart loses nothing.
    pub fn due(&self) -> Vec<Later> {
        let mut due: Vec<Later> = self
            .fire_due()
            .into_iter()
            .map(|notice| Later::Tell(Box::new(notice)))
            .collect();
        due.extend(self.computer_games().into_iter().map(Later::Computer));
        due.extend(self.analyses_wanted().into_iter().map(Later::OwedAnalysis));
        due
    }
}

impl<S: Store> Play<S> {
    /// Fires every alarm that is due: the quarter-time reminder, the end of time (with a
    /// "Claim win" button for the others), the end by timeout after the grace. Each stage is
    /// written before its notice is returned, and a stage that was written is never fired
    /// again, so a notice goes out once even across restarts; when the bot was down past
    /// several stages, only the latest is announced. The front ends call this on a timer.
    pub fn fire_due(&self) -> Vec<Notice> {
        let now = self.clock.now_ms();
        let due = match self.store.deadlines_until(now) {
            Ok(due) => due,
            Err(error) => {
                tracing::error!(%error, "could not read the deadlines");
                return Vec::new();
            }
        };
        // How late the oldest due alarm is: the scheduler's lag, for `/metrics`.
        let oldest = due.iter().map(|(at, _)| *at).min().unwrap_or(now);
        crate::metrics::scheduler_lag(std::time::Duration::from_millis(now.saturating_sub(oldest)));
        let mut notices: Vec<Notice> = due
            .into_iter()
            .filter_map(|(_, id)| match self.fire(id, now) {
                Ok(notice) => notice,
                // Someone moved meanwhile: the next look sees the new clock.
                Err(Stop::Conflict(_)) => None,
                Err(Stop::Fail(error)) => {
                    tracing::error!(game = id.0, %error, "a deadline could not be handled");
                    None
                }
                Err(Stop::Refuse(why)) => {
                    tracing::warn!(game = id.0, %why, "a deadline was refused");
                    None
                }
                Err(Stop::Say(why, _)) => {
                    tracing::warn!(game = id.0, %why, "a deadline was refused");
                    None
                }
            })
            .collect();
        // Games ended by time may end a tournament's round: the next one begins now.
        notices.extend(self.tournament_notices());
        // The stages are on disk before anyone hears of them: a crash after this cannot
        // make a notice go out twice.
        if !notices.is_empty() {
            if let Err(error) = self.store.flush() {
                tracing::error!(%error, "could not flush the fired deadlines");
            }
        }
        notices
    }
}
