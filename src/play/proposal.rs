//! Proposals one player makes and another answers — a draw, a takeback, a pause — share
//! one life: propose (stored as the record's pending request, the others pinged with
//! Accept / Refuse buttons), withdraw or refuse, accept, or lapse: a move by another player
//! instead of an answer refuses it (and a takeback request also lapses with its proposer's
//! own next move, which would change what it undoes). Only what acceptance does differs,
//! so that is left to the command; everything else is here, once.

use crate::games::{AnyGame, Seat};
use crate::i18n::{self, Arg, Lang};
use crate::play::clocks::others_playing;
use crate::play::command::{Answer, Context};
use crate::play::core::seats::{last_turn, turn_text};
use crate::play::core::{refuse, say_with, Play, Stop};
use crate::play::reply::{Button, ButtonStyle, Component, News, Reply};
use crate::play::text::seat_label;
use crate::store::{GameRecord, Request, Store};

/// What one kind of proposal is called and how it is stored and shown. Its words are the
/// catalogue's `offer-…` messages, which choose by `$kind` (the action).
pub(super) struct Proposal {
    /// The pending request for "this seat proposes".
    pub make: fn(u8) -> Request,
    /// The proposer, when a pending request is of this kind.
    pub by: fn(Request) -> Option<u8>,
    /// Buttons `<action>-accept:<game>` and `<action>-decline:<game>`, the command's name,
    /// and the `$kind` its messages choose by.
    pub action: &'static str,
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

/// "alice (White) offers a draw in game #1.": a proposal made, in `lang`.
fn made_text(
    lang: Lang,
    record: &GameRecord,
    game: &AnyGame,
    by: u8,
    proposal: &Proposal,
    turn: &[String],
) -> String {
    i18n::text_with(
        lang,
        "offer-made",
        &[
            ("who", seat_label(lang, record, game, by).into()),
            ("kind", proposal.action.into()),
            ("game", record.id.0.into()),
            ("turn", turn_text(lang, record.kind, turn).into()),
        ],
    )
}

/// The record's pending proposal as it was announced, in `lang`; `None` when nothing is
/// pending. A takeback names the turn it would undo.
pub(super) fn pending_text(lang: Lang, record: &GameRecord, game: &AnyGame) -> Option<String> {
    let request = record.pending?;
    let by = proposer(request);
    let proposal = Proposal::of(request);
    let turn = if proposal.action == TAKEBACK.action {
        last_turn(lang, record, game, by)
            .map(|from| record.moves[from..].to_vec())
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    Some(made_text(lang, record, game, by, proposal, &turn))
}

/// The seat that made a pending request.
fn proposer(request: Request) -> u8 {
    match request {
        Request::Draw(by) | Request::Takeback(by) | Request::Pause(by) => by,
    }
}

/// "bob (Black)", "bo (Red) or cy (Green)": the players who may answer `seat`'s proposal.
fn answerers(lang: Lang, record: &GameRecord, game: &AnyGame, seat: u8) -> String {
    let names = (0..record.seats.len())
        .filter_map(|s| u8::try_from(s).ok())
        .filter(|&s| s != seat && !game.has_left(Seat(s)))
        .map(|s| seat_label(lang, record, game, s));
    i18n::or_list(lang, names).unwrap_or_else(|| i18n::text(lang, "offer-nobody"))
}

/// What a move by `mover` does to the record's pending proposal: it lapses (cleared; the
/// sentence says so and its proposer is returned, to be told) or stands (the sentence
/// reminds everyone it waits). `game` names the seats (their colours, who has left).
/// `None` when nothing is pending.
pub(super) fn after_move(
    record: &mut GameRecord,
    game: &AnyGame,
    mover: u8,
    lang: Lang,
) -> Option<(String, Option<u8>)> {
    let request = record.pending?;
    let kind = Proposal::of(request);
    let by = proposer(request);
    let who = seat_label(lang, record, game, by);
    if by == mover && kind.outlives_own_move {
        return Some((
            i18n::text_with(
                lang,
                "offer-stands",
                &[
                    ("who", who.into()),
                    ("kind", kind.action.into()),
                    ("answerers", answerers(lang, record, game, by).into()),
                ],
            ),
            None,
        ));
    }
    record.pending = None;
    record.agreed.clear();
    let text = i18n::text_with(
        lang,
        "offer-lapsed",
        &[
            ("who", who.into()),
            ("kind", kind.action.into()),
            ("own", (by == mover).into()),
            ("mover", seat_label(lang, record, game, mover).into()),
        ],
    );
    Some((text, Some(by)))
}

impl<S: Store> Play<S> {
    /// Carries out `answer` to the pending proposal of kind `proposal` in `record`, for the
    /// player in `seat`. A new proposal is announced by `offer-made`, given `turn` (what a
    /// takeback undoes). Returns the answer once proposed, withdrawn or refused (and
    /// saved); `None` when another player's proposal was accepted: the pending request is
    /// cleared, and the command does what acceptance means and saves the record.
    pub(super) fn answer_proposal(
        &self,
        record: &mut GameRecord,
        game: &AnyGame,
        (seat, ctx): (u8, &Context),
        answer: Answer,
        proposal: &Proposal,
        turn: &[String],
    ) -> Result<Option<Reply>, Stop> {
        let id = record.id;
        let lang = self.place_lang(&record.place);
        let me = seat_label(lang, record, game, seat);
        let kind = || ("kind", Arg::from(proposal.action));
        let by = record.pending.and_then(proposal.by);
        if let (Some(other), None) = (record.pending, by) {
            // One question at a time: another kind is waiting for its answer.
            return say_with(
                "offer-answer-first",
                [("kind", Proposal::of(other).action.into())],
            );
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
                        .map(|&s| seat_label(lang, record, game, s))
                        .collect();
                    let reply = Reply::public(i18n::text_with(
                        lang,
                        "offer-agreed-waiting",
                        &[
                            ("who", me.into()),
                            kind(),
                            ("game", id.0.into()),
                            ("waiting", names.join(", ").into()),
                        ],
                    ))
                    .about(id, News::Offer)
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
            (Answer::Propose, Some(_)) => return say_with("offer-already", [kind()]),
            (Answer::Accept, Some(_)) => {
                let reader = self.reader_lang(ctx);
                return refuse(i18n::text_with(
                    reader,
                    "offer-yours",
                    &[
                        kind(),
                        ("answerers", answerers(reader, record, game, seat).into()),
                    ],
                ));
            }
            (Answer::Accept, _) => return say_with("offer-none-to-accept", [kind()]),
            (Answer::Propose, None) => {
                record.pending = Some((proposal.make)(seat));
                record.agreed.clear();
                let text = made_text(lang, record, game, seat, proposal, turn);
                let button = |answer: &str, style| {
                    Button::new(
                        &format!("{}-{answer}", proposal.action),
                        id,
                        &i18n::text_with(lang, &format!("offer-button-{answer}"), &[kind()]),
                        style,
                    )
                };
                Reply::public(text)
                    .about(id, News::Offer)
                    .mentioning(others_playing(record, game, seat))
                    .with(Component::Buttons(vec![
                        button("accept", ButtonStyle::Primary),
                        button("decline", ButtonStyle::Secondary),
                    ]))
            }
            (Answer::Decline, Some(by)) => {
                record.pending = None;
                record.agreed.clear();
                Reply::public(i18n::text_with(
                    lang,
                    "offer-declined",
                    &[
                        ("who", me.into()),
                        kind(),
                        ("own", (by == seat).into()),
                        ("game", id.0.into()),
                    ],
                ))
            }
            (Answer::Decline, None) => return say_with("offer-none-to-decline", [kind()]),
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
    action: "draw",
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
    action: "takeback",
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
    action: "pause",
    everyone: false,
    outlives_own_move: true,
};
