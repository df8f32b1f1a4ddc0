//! Fixed-width, order-preserving index keys: big-endian numbers, so sled's byte order is the
//! logical order and a range scan by prefix lists one user's or channel's games.

/// Every index key: two big-endian `u64`s.
pub const KEY_LEN: usize = 16;

/// An index key: a prefix (user, channel or time) and the game id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct IndexKey {
    /// The user id, channel id or deadline time.
    pub prefix: u64,
    /// The game.
    pub game: u64,
}

impl IndexKey {
    /// The key's bytes.
    #[must_use]
    pub fn to_bytes(self) -> [u8; KEY_LEN] {
        let mut bytes = [0; KEY_LEN];
        bytes[..8].copy_from_slice(&self.prefix.to_be_bytes());
        bytes[8..].copy_from_slice(&self.game.to_be_bytes());
        bytes
    }

    /// Reads a key back; `None` for bytes that are not a key.
    #[must_use]
    pub fn from_bytes(bytes: &[u8]) -> Option<Self> {
        let bytes: &[u8; KEY_LEN] = bytes.try_into().ok()?;
        let (prefix, game) = bytes.split_at(8);
        Some(Self {
            prefix: u64::from_be_bytes(prefix.try_into().ok()?),
            game: u64::from_be_bytes(game.try_into().ok()?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn byte_order_is_logical_order(a in any::<(u64, u64)>(), b in any::<(u64, u64)>()) {
            let (ka, kb) = (IndexKey { prefix: a.0, game: a.1 }, IndexKey { prefix: b.0, game: b.1 });
            prop_assert_eq!(ka.to_bytes().cmp(&kb.to_bytes()), ka.cmp(&kb));
            prop_assert_eq!(IndexKey::from_bytes(&ka.to_bytes()), Some(ka));
        }
    }
}
