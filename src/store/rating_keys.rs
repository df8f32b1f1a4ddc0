//! Keys of the rating trees, order-preserving like the game indexes: a game's standings by
//! user, its leaderboard best first, and who played it rated on which server.

use crate::games::GameKind;

use super::record::{GuildId, UserId};

/// A game as one byte: its place in [`GameKind::ALL`].
pub fn kind_byte(kind: GameKind) -> u8 {
    GameKind::ALL.iter().position(|&k| k == kind).unwrap_or(0) as u8
}

/// A user's standing in a game: kind, user.
#[must_use]
pub fn standing(kind: GameKind, user: UserId) -> [u8; 9] {
    let mut key = [0; 9];
    key[0] = kind_byte(kind);
    key[1..].copy_from_slice(&user.0.to_be_bytes());
    key
}

/// The prefix of a game's leaderboard (or its standings).
#[must_use]
pub fn kind_prefix(kind: GameKind) -> [u8; 1] {
    [kind_byte(kind)]
}

/// A place on a game's leaderboard: kind, the rating inverted (so a scan runs best first),
/// user. Ratings are kept to a thousandth of a point.
#[must_use]
pub fn order(kind: GameKind, rating: f64, user: UserId) -> [u8; 17] {
    let scaled = scaled(rating);
    let mut key = [0; 17];
    key[0] = kind_byte(kind);
    key[1..9].copy_from_slice(&(u64::MAX - scaled).to_be_bytes());
    key[9..].copy_from_slice(&user.0.to_be_bytes());
    key
}

/// A rating as the whole number leaderboards order by: thousandths of a point, shifted so
/// every rating is positive. Every backend orders by it, so ties are the same everywhere.
#[must_use]
pub fn scaled(rating: f64) -> u64 {
    ((rating + 100_000.0).max(0.0) * 1000.0) as u64
}

/// A game from its byte ([`kind_byte`]); `None` for a byte no game has.
#[must_use]
pub fn kind_of_byte(byte: u8) -> Option<GameKind> {
    GameKind::ALL.get(usize::from(byte)).copied()
}

/// The game and user of a standing key; `None` for bytes that are not one.
#[must_use]
pub fn standing_parts(key: &[u8]) -> Option<(GameKind, UserId)> {
    let kind = kind_of_byte(*key.first()?)?;
    let bytes: [u8; 8] = key.get(1..9)?.try_into().ok()?;
    Some((kind, UserId(u64::from_be_bytes(bytes))))
}

/// The server, game and user of a membership key; `None` for bytes that are not one.
#[must_use]
pub fn member_parts(key: &[u8]) -> Option<(GuildId, GameKind, UserId)> {
    let guild: [u8; 8] = key.get(..8)?.try_into().ok()?;
    let kind = kind_of_byte(*key.get(8)?)?;
    let user: [u8; 8] = key.get(9..17)?.try_into().ok()?;
    Some((
        GuildId(u64::from_be_bytes(guild)),
        kind,
        UserId(u64::from_be_bytes(user)),
    ))
}

/// The user of a leaderboard key; `None` for bytes that are not one.
#[must_use]
pub fn order_user(key: &[u8]) -> Option<UserId> {
    let bytes: [u8; 8] = key.get(9..17)?.try_into().ok()?;
    Some(UserId(u64::from_be_bytes(bytes)))
}

/// A player of a game rated on a server: server, kind, user.
#[must_use]
pub fn member(guild: GuildId, kind: GameKind, user: UserId) -> [u8; 17] {
    let mut key = [0; 17];
    key[..8].copy_from_slice(&guild.0.to_be_bytes());
    key[8] = kind_byte(kind);
    key[9..].copy_from_slice(&user.0.to_be_bytes());
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn better_ratings_come_first(a in -5000.0f64..9000.0, b in -5000.0f64..9000.0, u in any::<u64>()) {
            let (ka, kb) = (order(GameKind::Gyges, a, UserId(u)), order(GameKind::Gyges, b, UserId(u)));
            if (a - b).abs() > 0.002 {
                prop_assert_eq!(ka.cmp(&kb), b.partial_cmp(&a).unwrap());
            }
            prop_assert_eq!(order_user(&ka), Some(UserId(u)));
        }
    }
}
