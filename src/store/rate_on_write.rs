//! Rating a game in the transaction that writes its result, the same for every backend: a
//! backend says how to read and write a standing inside its transaction, and this decides
//! who is rated, computes the new ratings and notes the changes in the result.

use crate::ratings::{Change, Ended, Standing};

use serde::Deserialize;

use super::record::{GameId, GameRecord, GuildId, Status, UserId};
use super::StoreError;
use crate::games::GameKind;

/// A backend's open transaction, as far as rating a result needs it.
pub(super) trait RatingWrites {
    /// The transaction's error (a backend error, or a conflict that restarts it).
    type Error;

    /// A user's standing in `kind`, as this transaction sees it.
    fn standing(&mut self, kind: GameKind, user: UserId) -> Result<Option<Standing>, Self::Error>;

    /// Replaces `old` by `new` (the standing and the leaderboard place), and notes that
    /// `user` played `kind` rated on `guild`.
    fn put_standing(
        &mut self,
        kind: GameKind,
        user: UserId,
        old: &Standing,
        new: &Standing,
        guild: Option<GuildId>,
    ) -> Result<(), Self::Error>;

    /// The next number in the order games are rated (1 for the first rated game).
    fn next_rating_order(&mut self) -> Result<u64, Self::Error>;
}

/// Rates `record` if it is a rated game whose result is being written now, between people
/// only: writes the seats' new standings through `writes` and notes each change and the
/// game's place in the rating order in the result. Anything else is left as it is. The
/// caller calls it only on the transition to finished, so a game is never rated twice.
pub(super) fn rate_result<W: RatingWrites>(
    writes: &mut W,
    record: &mut GameRecord,
) -> Result<(), W::Error> {
    let Status::Finished(result) = &mut record.status else {
        return Ok(());
    };
    let users: Vec<UserId> = record.seats.iter().filter_map(|p| p.user_id()).collect();
    if !record.rated || users.len() != record.seats.len() || users.len() < 2 {
        return Ok(());
    }
    let kind = record.kind;
    let mut before = Vec::with_capacity(users.len());
    for (player, &user) in record.seats.iter().zip(&users) {
        let had = writes.standing(kind, user)?;
        before.push(Standing::going_into(had, kind, player.name()));
    }
    let leavers: Vec<u8> = kind.leavers(&record.moves).iter().map(|s| s.0).collect();
    let ended = Ended {
        kind,
        game: record.id.0,
        winners: &result.winners,
        leavers: &leavers,
        at: record.updated,
    };
    let after = crate::ratings::rate(&ended, &before);
    // A server's leaderboard lists who played there; a server that never added the bot
    // (its games played through a player's own install) keeps none.
    let board = record.place.guild.filter(|_| !record.place.answers_only());
    for (seat, ((user, old), new)) in users.iter().zip(&before).zip(&after).enumerate() {
        writes.put_standing(kind, *user, old, new, board)?;
        let seat = u8::try_from(seat).unwrap_or(u8::MAX);
        result.ratings.push(Change::between(seat, old, new));
    }
    result.rating_order = writes.next_rating_order()?;
    Ok(())
}

/// The layout of a stored rating this release writes: a release that changes [`Standing`]
/// bumps it and teaches [`decode_standing`] to migrate the older ones, as for records.
pub(super) const STANDING_SCHEMA: u32 = 1;

#[derive(serde::Serialize)]
struct StandingRef<'a> {
    schema: u32,
    standing: &'a Standing,
}

#[derive(Deserialize)]
struct StandingEnvelope {
    schema: u32,
    standing: Standing,
}

/// A standing's stored bytes, tagged with [`STANDING_SCHEMA`].
pub(super) fn encode_standing(standing: &Standing) -> Vec<u8> {
    serde_json::to_vec(&StandingRef {
        schema: STANDING_SCHEMA,
        standing,
    })
    .expect("a standing always serialises")
}

/// A standing from its stored bytes.
pub(super) fn decode_standing(bytes: &[u8]) -> Result<Standing, StoreError> {
    let corrupt = |reason: String| StoreError::Corrupt {
        id: GameId(0),
        reason,
    };
    let envelope: StandingEnvelope =
        serde_json::from_slice(bytes).map_err(|e| corrupt(format!("a rating is damaged: {e}")))?;
    match envelope.schema {
        STANDING_SCHEMA => Ok(envelope.standing),
        found => Err(corrupt(format!(
            "a rating has schema version {found}, newer than this release reads ({STANDING_SCHEMA})"
        ))),
    }
}
