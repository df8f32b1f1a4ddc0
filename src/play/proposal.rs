//! Proposals one player makes and another answers — a draw, a takeback, a pause — share
//! one life: propose (stored as the record's pending request, the others pinged with
//! Accept / Refuse buttons), withdraw or refuse, accept, or lapse: a move by another player
//! instead of an answer refuses it (and a takeback request also lapses with its proposer's
//! own next move, which would change what it undoes). Only what acceptance does differs,
//! so that is left to the command; everything else is here, once.

use crate::games::{AnyGame, Seat};
use crate::store::{GameRecord, Request, Store};

use super::command::Answer;
use super::correspondence::others_playing;
use super::reply::{Button, ButtonStyle, Component, Reply};
use super::text::seat_label;
use super::{refuse, Play, Stop};

/// What one kind of proposal is called and how it is stored and shown.
pub(super) struct Proposal {
    /// The pending request for "this seat proposes".
    pub make: fn(u8) -> Request,
    /// The proposer, when a pending request is of this kind.
    pub by: fn(Request) -> Option<u8>,
    /// "draw offer": in "There is no draw offer to accept."
    pub noun: &'static str,
    /// "You have already offered a draw".
    pub already: &'static str,
    /// Buttons `<action>-accept:<game>` and `<action>-decline:<game>`.
    pub action: &'static str,
    /// The buttons' labels: accept, refuse.
    pub labels: (&'static str, &'static str),
    /// The word for saying no: "decline", "refuse".
    pub no: &'static str,
    /// What the proposer and what another player did by saying no:
    /// "withdrew the draw offer", "declined the draw".
    pub verbs: (&'static str, &'static str),
    /// Whether every other player still in the game must say yes (a takeback undoes what
    /// all of them saw), rather than any one of them (a pause).
    pub everyone: bool,
    /// Whether it stands when its proposer moves: a draw offer is made and then the move
    /// played (as over a chessboard), but a takeback request names the move to undo, which
    /// another move of the proposer would change.
    pub outlives_own_move: bool,
}

impl Proposal {
    /// The kind of a pending request.
    pub fn of(request: Request) -> &'static Self {
        match request {
            Request::Draw(_) => &DRAW,
            Request::Takeback(_) => &TAKEBACK,
            Request::Pause(_) => &PAUSE,
        }
    }
}

/// The seat that made a pending request.
fn proposer(request: Request) -> u8 {
    match request {
        Request::Draw(by) | Request::Takeback(by) | Request::Pause(by) => by,
    }
}

/// "bob (Black)", "bo (Red) or cy (Green)": the players who may answer `seat`'s proposal.
fn answerers(record: &GameRecord, game: &AnyGame, seat: u8) -> String {
    let names: Vec<String> = (0..record.seats.len())
        .filter_map(|s| u8::try_from(s).ok())
        .filter(|&s| s != seat && !game.has_left(Seat(s)))
        .map(|s| seat_label(record, game, s))
        .collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => "nobody".to_owned(),
    }
}

/// What a move by `mover` does to the record's pending proposal: it lapses (cleared; the
/// sentence says so and its proposer is returned, to be told) or stands (the sentence
/// reminds everyone it waits). `game` names the seats (their colours, who has left).
/// `None` when nothing is pending.
pub(super) fn after_move(
    record: &mut GameRecord,
    game: &AnyGame,
    mover: u8,
) -> Option<(String, Option<u8>)> {
    let request = record.pending?;
    let kind = Proposal::of(request);
    let by = proposer(request);
    let who = seat_label(record, game, by);
    if by == mover && kind.outlives_own_move {
        return Some((
            format!(
                "{who}'s {} still stands for {} to answer.",
                kind.noun,
                answerers(record, game, by)
            ),
            None,
        ));
    }
    record.pending = None;
    record.agreed.clear();
    let text = if by == mover {
        format!("{who} moved on, so their {} lapsed.", kind.noun)
    } else {
        format!(
            "{} moved instead of answering, so {who}'s {} lapsed.",
            seat_label(record, game, mover),
            kind.noun
        )
    };
    Some((text, Some(by)))
}

impl<S: Store> Play<S> {
    /// Carries out `answer` to the pending proposal of kind `proposal` in `record`, for the
    /// player in `seat` (called `me`). `text` is the announcement of a new proposal.
    /// Returns the answer once proposed, withdrawn or refused (and saved); `None` when
    /// another player's proposal was accepted: the pending request is cleared, and the
    /// command does what acceptance means and saves the record.
    pub(super) fn answer_proposal(
        &self,
        record: &mut GameRecord,
        game: &AnyGame,
        (seat, me): (u8, &str),
        answer: Answer,
        proposal: &Proposal,
        text: impl FnOnce() -> String,
    ) -> Result<Option<Reply>, Stop> {
        let id = record.id;
        let by = record.pending.and_then(proposal.by);
        if let (Some(other), None) = (record.pending, by) {
            // One question at a time: another kind is waiting for its answer.
            return refuse(format!(
                "First answer the open {} (or withdraw it); then ask again.",
                Proposal::of(other).noun
            ));
        }
        record.updated = self.clock.now_ms();
        let reply = match (answer, by) {
            (Answer::Propose | Answer::Accept, Some(by)) if by != seat => {
                if !record.agreed.contains(&seat) {
                    record.agreed.push(seat);
                }
                // The computer never objects: only the people are waited for.
                let waiting: Vec<u8> = still_playing(record, game)
                    .filter(|s| *s != by && !record.agreed.contains(s))
                    .filter(|s| {
                        record
                            .seats
                            .get(usize::from(*s))
                            .is_some_and(|p| p.computer_level().is_none())
                    })
                    .collect();
                if proposal.everyone && !waiting.is_empty() {
                    let names: Vec<String> = waiting
                        .iter()
                        .map(|&s| seat_label(record, game, s))
                        .collect();
                    let reply = Reply::public(format!(
                        "{me} agrees to the {} in game #{id}; waiting for {}.",
                        proposal.noun,
                        names.join(", ")
                    ))
                    .mentioning(waiting.iter().filter_map(|&s| {
                        record.seats.get(usize::from(s)).and_then(|p| p.user_id())
                    }));
                    self.store.replace(record)?;
                    return Ok(Some(reply));
                }
                record.pending = None;
                record.agreed.clear();
                return Ok(None);
            }
            (Answer::Propose, Some(_)) => {
                return refuse(format!("{}; wait for the answer.", proposal.already))
            }
            (Answer::Accept, Some(_)) => {
                return refuse(format!(
                    "You made this {}; {} must answer it (or /{} decline to withdraw it).",
                    proposal.noun,
                    answerers(record, game, seat),
                    proposal.action
                ))
            }
            (Answer::Accept, _) => {
                return refuse(format!("There is no {} to accept.", proposal.noun))
            }
            (Answer::Propose, None) => {
                record.pending = Some((proposal.make)(seat));
                record.agreed.clear();
                let (yes, no) = proposal.labels;
                Reply::public(text())
                    .mentioning(others_playing(record, game, seat))
                    .with(Component::Buttons(vec![
                        Button::new(
                            &format!("{}-accept", proposal.action),
                            id,
                            yes,
                            ButtonStyle::Primary,
                        ),
                        Button::new(
                            &format!("{}-decline", proposal.action),
                            id,
                            no,
                            ButtonStyle::Secondary,
                        ),
                    ]))
            }
            (Answer::Decline, Some(by)) => {
                record.pending = None;
                record.agreed.clear();
                let verb = if by == seat {
                    proposal.verbs.0
                } else {
                    proposal.verbs.1
                };
                Reply::public(format!("{me} {verb} in game #{id}."))
            }
            (Answer::Decline, None) => {
                return refuse(format!("There is no {} to {}.", proposal.noun, proposal.no))
            }
        };
        self.store.replace(record)?;
        Ok(Some(reply))
    }
}

/// The seats still in the game (not left).
fn still_playing<'a>(record: &'a GameRecord, game: &'a AnyGame) -> impl Iterator<Item = u8> + 'a {
    (0..record.seats.len())
        .filter_map(|s| u8::try_from(s).ok())
        .filter(|&s| !game.has_left(Seat(s)))
}

/// A draw offer.
pub(super) const DRAW: Proposal = Proposal {
    make: Request::Draw,
    by: |r| match r {
        Request::Draw(by) => Some(by),
        _ => None,
    },
    noun: "draw offer",
    already: "You have already offered a draw",
    action: "draw",
    labels: ("Accept draw", "Decline"),
    no: "decline",
    verbs: ("withdrew the draw offer", "declined the draw"),
    everyone: false,
    outlives_own_move: true,
};

/// A request to take back one's last turn (in Skakanie every action of it), which every
/// other player still in the game must allow.
pub(super) const TAKEBACK: Proposal = Proposal {
    make: Request::Takeback,
    by: |r| match r {
        Request::Takeback(by) => Some(by),
        _ => None,
    },
    noun: "takeback request",
    already: "You have already asked for a takeback",
    action: "takeback",
    labels: ("Allow takeback", "Refuse"),
    no: "refuse",
    verbs: ("withdrew the takeback request", "refused the takeback"),
    everyone: true,
    outlives_own_move: false,
};

/// A proposal to stop the clock (vacation).
pub(super) const PAUSE: Proposal = Proposal {
    make: Request::Pause,
    by: |r| match r {
        Request::Pause(by) => Some(by),
        _ => None,
    },
    noun: "pause proposal",
    already: "You have already proposed a pause",
    action: "pause",
    labels: ("Agree to pause", "Refuse"),
    no: "refuse",
    verbs: ("withdrew the pause proposal", "refused the pause"),
    everyone: false,
    outlives_own_move: true,
};
