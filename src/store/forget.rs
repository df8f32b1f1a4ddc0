//! Forgetting a player (`/forget-me`), the same for every backend: what becomes of each of
//! their games, decided here; each backend applies it in one transaction together with
//! deleting their settings and ratings ([`super::Store::forget_user`]).
//!
//! - A game in progress stops it all: the player finishes or resigns it first
//!   ([`super::StoreError::InProgress`]).
//! - A challenge they made is withdrawn (as `/cancel`); one they were named in or sat down
//!   at is declined or left (as `/decline` and `/leave`): a challenge of two is off, a table
//!   of more goes on without them while someone else is still named or seated.
//! - In every other game (finished, aborted) their seat keeps its place but gets an
//!   anonymous id ([`UserId::anonymous`], the same in all their games) and the name
//!   [`FORGOTTEN_NAME`]: the other players' records, replays and ratings stay as they were,
//!   and `ratings rebuild` gives the same numbers. A result that names them ("zofia
//!   (South) resigned") names the former player instead. `updated` is kept, since the
//!   rating history points carry it.

use super::record::{GameRecord, Player, Status, UserId, FORGOTTEN_NAME};
use super::StoreError;

/// What forgetting a player did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Forgotten {
    /// Games whose seat now reads as a former player.
    pub games: usize,
    /// Challenges withdrawn, declined or left.
    pub challenges: usize,
    /// Ratings deleted (one per game they were rated in).
    pub ratings: usize,
    /// Whether they had settings, now deleted.
    pub settings: bool,
}

/// What a record becomes once `user` is forgotten (its version not yet bumped), or `None`
/// when it does not mention them; the second value says whether it was a challenge.
///
/// # Errors
/// [`StoreError::InProgress`] for a game they are playing.
pub(super) fn forget_in(
    record: &GameRecord,
    user: UserId,
    anonymous: UserId,
    now: u64,
) -> Result<Option<(GameRecord, bool)>, StoreError> {
    let mine = |p: &Player| p.user_id() == Some(user);
    let mut next = record.clone();
    let mut challenge = false;
    match &record.status {
        Status::Active if record.seats.iter().any(mine) => {
            return Err(StoreError::InProgress(record.id));
        }
        Status::Challenge(c) => {
            let names: Vec<String> = std::iter::once(&c.from)
                .chain(c.named())
                .chain(&c.joined)
                .filter(|p| mine(p))
                .map(|p| p.name().to_lowercase())
                .collect();
            if names.is_empty() {
                return Ok(None);
            }
            challenge = true;
            next.updated = now;
            if mine(&c.from) {
                next.status = Status::Cancelled;
            } else {
                let mut c = c.clone();
                let mut named: Vec<Player> = c.named().filter(|p| !mine(p)).cloned().collect();
                let was_named = named.len() < c.named().count();
                c.to = (!named.is_empty()).then(|| named.remove(0));
                c.invited = named;
                c.joined.retain(|p| !mine(p));
                // An option naming them (`handicap=@ola:5`) goes with them.
                let id = user.0.to_string();
                c.by_player.retain(|o| {
                    let who = o.split(':').next().unwrap_or_default().to_lowercase();
                    let who = who.trim_start_matches('@');
                    !who.contains(&id) && !names.iter().any(|n| n == who)
                });
                // A named challenge with nobody named left is off (a challenge of two
                // always); an open table, or one with others still named, goes on.
                if was_named && c.to.is_none() {
                    next.status = Status::Declined;
                } else {
                    next.status = Status::Challenge(c);
                }
            }
        }
        _ => {}
    }
    // A result names who resigned or ran out of time: "zofia (South) resigned".
    if let Status::Finished(result) = &mut next.status {
        for seat in record.seats.iter().filter(|p| mine(p)) {
            if let Some(rest) = result.reason.strip_prefix(&format!("{} (", seat.name())) {
                result.reason = format!("{FORGOTTEN_NAME} ({rest}");
            }
        }
    }
    let mut seated = false;
    for seat in &mut next.seats {
        if mine(seat) {
            *seat = Player::User {
                id: anonymous,
                name: FORGOTTEN_NAME.to_owned(),
            };
            seated = true;
        }
    }
    Ok((challenge || seated).then_some((next, challenge)))
}
