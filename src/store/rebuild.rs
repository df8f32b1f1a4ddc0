//! `leapfrog ratings rebuild`: every rating computed again from the stored games, in the
//! order the store rated them, with the same [`crate::ratings::rate`] the live update uses:
//! for a change of rating system, or to check the live numbers.

use std::collections::BTreeMap;

use crate::games::GameKind;
use crate::ratings::{rate, Ended, Standing};

use super::rating_keys::kind_byte;
use super::record::{GameRecord, Status, UserId};

/// The ratings the rated games among `games` give, by game and user.
#[must_use]
pub fn rebuilt_ratings(games: &[GameRecord]) -> Vec<(GameKind, UserId, Standing)> {
    let mut rated: Vec<&GameRecord> = games
        .iter()
        .filter(|g| matches!(&g.status, Status::Finished(r) if r.rating_order > 0))
        .collect();
    rated.sort_by_key(|g| match &g.status {
        Status::Finished(r) => r.rating_order,
        _ => 0,
    });
    let mut standings: BTreeMap<(u8, UserId), Standing> = BTreeMap::new();
    for game in rated {
        let Status::Finished(result) = &game.status else {
            continue;
        };
        let users: Vec<UserId> = game.seats.iter().filter_map(|p| p.user_id()).collect();
        if users.len() != game.seats.len() {
            continue;
        }
        let before: Vec<Standing> = game
            .seats
            .iter()
            .zip(&users)
            .map(|(player, &user)| {
                let had = standings.get(&(kind_byte(game.kind), user)).cloned();
                Standing::going_into(had, game.kind, player.name())
            })
            .collect();
        let leavers: Vec<u8> = game.kind.leavers(&game.moves).iter().map(|s| s.0).collect();
        let ended = Ended {
            kind: game.kind,
            game: game.id.0,
            winners: &result.winners,
            leavers: &leavers,
            at: game.updated,
        };
        for (user, after) in users.iter().zip(rate(&ended, &before)) {
            standings.insert((kind_byte(game.kind), *user), after);
        }
    }
    // A forgotten player's games still count for the others, but their own rating is gone.
    standings
        .into_iter()
        .filter(|((_, user), _)| !user.is_anonymous())
        .map(|((kind, user), standing)| (GameKind::ALL[usize::from(kind)], user, standing))
        .collect()
}
