//! [`crate::store::Store::forget_user`] on PostgreSQL: one transaction that locks the
//! user's games, rewrites them with their index rows, and deletes the user's settings,
//! ratings (their leaderboard place is the rating row's `rank`) and server memberships.

use postgres::Transaction;

use super::{id, sql, Columns, Fail};
use crate::store::forget::{forget_in, Forgotten};
use crate::store::record::{GameId, GameRecord, UserId};

/// Forgets `user` in `tx` (see [`forget_in`] for what becomes of each game).
pub(super) fn forget_user(
    tx: &mut Transaction<'_>,
    user: UserId,
    anonymous: UserId,
    now: u64,
) -> Result<Forgotten, Fail> {
    let mut done = Forgotten::default();
    let rows = tx.query(
        "SELECT g.id, g.version, g.record FROM game_users u JOIN games g ON g.id = u.game \
         WHERE u.user_id = $1 ORDER BY g.id FOR UPDATE OF g",
        &[&sql(user.0)],
    )?;
    for row in rows {
        let game = GameId(id(row.get(0)));
        let old = GameRecord::decode(game, row.get(2))?;
        let Some((mut new, challenge)) = forget_in(&old, user, anonymous, now)? else {
            continue;
        };
        new.version = old.version + 1;
        let columns = Columns::of(&new);
        tx.execute(
            "UPDATE games SET version = $2, channel = $3, challenge_channel = $4, alarm = $5, \
             record = $6 WHERE id = $1",
            &[
                &sql(game.0),
                &sql(new.version),
                &columns.channel,
                &columns.challenge,
                &columns.alarm,
                &new.encode(),
            ],
        )?;
        tx.execute("DELETE FROM game_users WHERE game = $1", &[&sql(game.0)])?;
        tx.execute(
            "INSERT INTO game_users (user_id, game) SELECT u, $1 FROM UNNEST($2::BIGINT[]) AS u",
            &[&sql(game.0), &columns.users],
        )?;
        if challenge {
            done.challenges += 1;
        } else {
            done.games += 1;
        }
    }
    done.settings = tx.execute(
        "DELETE FROM user_settings WHERE user_id = $1",
        &[&sql(user.0)],
    )? > 0;
    let ratings = tx.execute("DELETE FROM ratings WHERE user_id = $1", &[&sql(user.0)])?;
    done.ratings = usize::try_from(ratings).unwrap_or(usize::MAX);
    tx.execute(
        "DELETE FROM rated_players WHERE user_id = $1",
        &[&sql(user.0)],
    )?;
    Ok(done)
}
