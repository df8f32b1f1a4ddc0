//! Who is who on a game's page: a personal link, handed by the bot only to its player,
//! carries a token saying "user U may play game G until T", signed with a key only the
//! bot knows (HMAC-SHA-256). The token is checked on every request that changes anything;
//! a forged, expired, revoked or other game's token is refused with its reason.
//!
//! The key comes from `[web] secret` when the admin sets one, else it is made at first
//! start and kept in the store ([`Store::secret`]), so every worker and every restart
//! signs alike. A player revokes every link they hold by asking for new ones: links issued
//! before their `links_since` are refused.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::store::{GameId, Store, StoreError, UserId};

/// The name the key is kept under in the store.
const KEY_NAME: &str = "web-links";

/// What a token starts with: its format, so a later one can be told apart.
const VERSION: &str = "l1";

/// What an Activity session's token starts with (`s2`: with the player's name, which
/// their challenges made from the Activity carry).
const SESSION: &str = "s2";

/// What a profile link's token starts with: it shows one player's page (their ratings and
/// games) and plays nothing; its own format, so it never passes for another kind.
const PROFILE: &str = "p1";

/// What a puzzle link's token starts with: it opens one player's puzzle page, where they
/// solve puzzles (their streak and puzzle rating) and play no game; its own format, so it
/// never passes for another kind.
const PUZZLES: &str = "z1";

/// The most characters of a name a session carries (Discord's display names are at most
/// 32; the rest would only lengthen the token).
const SESSION_NAME_CHARS: usize = 64;

/// How many bytes of the MAC a token carries (128 bits: forging one is out of reach).
const MAC_BYTES: usize = 16;

/// The key that signs and checks links.
#[derive(Clone)]
pub struct LinkKey(Vec<u8>);

impl std::fmt::Debug for LinkKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LinkKey(…)")
    }
}

/// A token that checked out: who holds it, and when it was issued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    /// The player.
    pub user: UserId,
    /// When the link was made (unix seconds): a link older than the player's
    /// `links_since` has been revoked.
    pub issued: u64,
}

/// Why a token was refused: each is said to the reader in their language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    /// Not a token of ours at all (cut short, or typed by hand).
    #[error("the link is not a Leapfrog link")]
    Malformed,
    /// The signature does not match: changed or made up.
    #[error("the link's signature does not match")]
    Forged,
    /// A link of another game.
    #[error("the link is for another game")]
    OtherGame,
    /// Past its end.
    #[error("the link has expired")]
    Expired,
    /// Issued before the player revoked their links.
    #[error("the link was revoked")]
    Revoked,
}

impl LinkKey {
    /// The key from `[web] secret`, or the store's (made now if there is none).
    ///
    /// # Errors
    /// The store failed, or the system's random source did.
    pub fn load(configured: Option<&str>, store: &dyn Store) -> Result<Self, StoreError> {
        if let Some(secret) = configured {
            return Ok(Self(secret.as_bytes().to_vec()));
        }
        let mut fresh = [0u8; 32];
        getrandom::getrandom(&mut fresh).map_err(|e| {
            StoreError::Unreachable(format!("no random bytes for the link key: {e}"))
        })?;
        Ok(Self(store.secret(KEY_NAME, &fresh)?))
    }

    /// A key from bytes (tests).
    #[must_use]
    pub fn from_bytes(bytes: &[u8]) -> Self {
        Self(bytes.to_vec())
    }

    fn mac(&self, body: &str) -> Hmac<Sha256> {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(b"leapfrog-link:");
        mac.update(body.as_bytes());
        mac
    }

    /// A token letting `user` play `game` from `issued` until `expires` (unix seconds).
    #[must_use]
    pub fn sign(&self, game: GameId, user: UserId, issued: u64, expires: u64) -> String {
        self.sign_as(VERSION, game.0, user, issued, expires)
    }

    /// A session of the Discord Activity: `user` called `name`, as Discord's OAuth2 said,
    /// from `issued` until `expires`. It lists the channel's games with a link to each and
    /// makes challenges in the player's name; its own format (`s2`), so it can never pass
    /// for a link that plays a game.
    #[must_use]
    pub fn sign_session(&self, user: UserId, name: &str, issued: u64, expires: u64) -> String {
        let name: String = name.chars().take(SESSION_NAME_CHARS).collect();
        let hex: String = name.bytes().map(|b| format!("{b:02x}")).collect();
        self.sign_as(SESSION, &hex, user, issued, expires)
    }

    /// A link to player `user`'s page, from `issued` until `expires`: handed out by
    /// `/profile`, so a player's page is seen by those the bot showed the profile to, not
    /// by anyone counting through Discord's user numbers. The player's revocation (`/web
    /// revoke`) ends it too.
    #[must_use]
    pub fn sign_profile(&self, user: UserId, issued: u64, expires: u64) -> String {
        self.sign_as(PROFILE, user.0, user, issued, expires)
    }

    /// Checks a profile link's `token` for player `user`'s page at `now`.
    ///
    /// # Errors
    /// Why the token is refused (another player's link is [`LinkError::OtherGame`]).
    pub fn check_profile(
        &self,
        token: &str,
        user: UserId,
        now: u64,
        links_since: impl FnOnce(UserId) -> u64,
    ) -> Result<Pass, LinkError> {
        let player = |text: &str| match text.parse::<u64>() {
            Ok(number) if number == user.0 => Ok(()),
            Ok(_) => Err(LinkError::OtherGame),
            Err(_) => Err(LinkError::Malformed),
        };
        self.check_as(PROFILE, token, player, now, links_since)
            .map(|(pass, ())| pass)
    }

    /// A link to player `user`'s puzzle page, from `issued` until `expires`: handed to them
    /// alone by `/puzzle`. Revoked with their other links.
    #[must_use]
    pub fn sign_puzzles(&self, user: UserId, issued: u64, expires: u64) -> String {
        self.sign_as(PUZZLES, user.0, user, issued, expires)
    }

    /// Checks a puzzle link's `token` at `now`: whose puzzle page it opens.
    ///
    /// # Errors
    /// Why the token is refused.
    pub fn check_puzzles(
        &self,
        token: &str,
        now: u64,
        links_since: impl FnOnce(UserId) -> u64,
    ) -> Result<Pass, LinkError> {
        let (pass, owner) = self.check_as(
            PUZZLES,
            token,
            |text| text.parse::<u64>().map_err(|_| LinkError::Malformed),
            now,
            links_since,
        )?;
        // Both fields are signed: a token whose two differ was never made here.
        if owner == pass.user.0 {
            Ok(pass)
        } else {
            Err(LinkError::Malformed)
        }
    }

    fn sign_as(
        &self,
        version: &str,
        second: impl std::fmt::Display,
        user: UserId,
        issued: u64,
        expires: u64,
    ) -> String {
        let body = format!("{version}.{second}.{}.{issued}.{expires}", user.0);
        let tag = self.mac(&body).finalize().into_bytes();
        let hex: String = tag[..MAC_BYTES]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        format!("{body}.{hex}")
    }

    /// Checks `token` for `game` at `now` (unix seconds), with the player's `links_since`.
    ///
    /// # Errors
    /// Why the token is refused.
    pub fn check(
        &self,
        token: &str,
        game: GameId,
        now: u64,
        links_since: impl FnOnce(UserId) -> u64,
    ) -> Result<Pass, LinkError> {
        let game = |text: &str| match text.parse::<u64>() {
            Ok(number) if number == game.0 => Ok(()),
            Ok(_) => Err(LinkError::OtherGame),
            Err(_) => Err(LinkError::Malformed),
        };
        self.check_as(VERSION, token, game, now, links_since)
            .map(|(pass, ())| pass)
    }

    /// Checks an Activity session's `token` at `now`, with the player's `links_since` (a
    /// revocation ends sessions too); the session's player and their name.
    ///
    /// # Errors
    /// Why the token is refused.
    pub fn check_session(
        &self,
        token: &str,
        now: u64,
        links_since: impl FnOnce(UserId) -> u64,
    ) -> Result<(Pass, String), LinkError> {
        let name = |hex: &str| {
            decode_hex(hex)
                .and_then(|bytes| String::from_utf8(bytes).ok())
                .ok_or(LinkError::Malformed)
        };
        self.check_as(SESSION, token, name, now, links_since)
    }

    /// Checks `token` of format `version`: its MAC, then its second field by `second`
    /// (a link's game, a session's name), its expiry and its player's revocations.
    fn check_as<T>(
        &self,
        version: &str,
        token: &str,
        second: impl FnOnce(&str) -> Result<T, LinkError>,
        now: u64,
        links_since: impl FnOnce(UserId) -> u64,
    ) -> Result<(Pass, T), LinkError> {
        let (body, hex) = token.rsplit_once('.').ok_or(LinkError::Malformed)?;
        let fields: Vec<&str> = body.split('.').collect();
        let [kind, second_text, user, issued, expires] = fields[..] else {
            return Err(LinkError::Malformed);
        };
        if kind != version {
            return Err(LinkError::Malformed);
        }
        let number = |text: &str| text.parse::<u64>().map_err(|_| LinkError::Malformed);
        let (user, issued, expires) = (number(user)?, number(issued)?, number(expires)?);
        let tag = decode_hex(hex).ok_or(LinkError::Malformed)?;
        if tag.len() != MAC_BYTES {
            return Err(LinkError::Malformed);
        }
        // Compared in constant time: a forger learns nothing from how long a refusal took.
        self.mac(body)
            .verify_truncated_left(&tag)
            .map_err(|_| LinkError::Forged)?;
        let second = second(second_text)?;
        if now >= expires {
            return Err(LinkError::Expired);
        }
        let user = UserId(user);
        if issued < links_since(user) {
            return Err(LinkError::Revoked);
        }
        Ok((Pass { user, issued }, second))
    }
}

fn decode_hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> LinkKey {
        LinkKey::from_bytes(b"a key for tests only")
    }

    #[test]
    fn a_signed_link_checks_out_and_every_change_is_refused() {
        let token = key().sign(GameId(12), UserId(7), 100, 200);
        let pass = key().check(&token, GameId(12), 150, |_| 0).unwrap();
        assert_eq!(
            pass,
            Pass {
                user: UserId(7),
                issued: 100
            }
        );
        assert_eq!(
            key().check(&token, GameId(13), 150, |_| 0),
            Err(LinkError::OtherGame)
        );
        assert_eq!(
            key().check(&token, GameId(12), 200, |_| 0),
            Err(LinkError::Expired)
        );
        assert_eq!(
            key().check(&token, GameId(12), 150, |_| 101),
            Err(LinkError::Revoked)
        );
        let other = LinkKey::from_bytes(b"another key");
        assert_eq!(
            other.check(&token, GameId(12), 150, |_| 0),
            Err(LinkError::Forged)
        );
        // Another user, or a later end, with the same signature: forged.
        let changed = token.replacen(".7.", ".8.", 1);
        assert_eq!(
            key().check(&changed, GameId(12), 150, |_| 0),
            Err(LinkError::Forged)
        );
        let longer = token.replacen(".200.", ".999.", 1);
        assert_eq!(
            key().check(&longer, GameId(12), 150, |_| 0),
            Err(LinkError::Forged)
        );
        for junk in [
            "",
            ".",
            "l1.12.7.100.200",
            "l1.12.7.100.200.zz",
            "x.y",
            &token[..token.len() - 2],
        ] {
            assert_eq!(
                key().check(junk, GameId(12), 150, |_| 0),
                Err(LinkError::Malformed),
                "{junk}"
            );
        }
    }

    #[test]
    fn a_profile_link_shows_one_player_and_passes_for_nothing_else() {
        let token = key().sign_profile(UserId(7), 100, 200);
        assert!(key().check_profile(&token, UserId(7), 150, |_| 0).is_ok());
        assert_eq!(
            key().check_profile(&token, UserId(8), 150, |_| 0),
            Err(LinkError::OtherGame)
        );
        assert_eq!(
            key().check_profile(&token, UserId(7), 200, |_| 0),
            Err(LinkError::Expired)
        );
        assert_eq!(
            key().check_profile(&token, UserId(7), 150, |_| 101),
            Err(LinkError::Revoked)
        );
        let moved = token.replacen("p1.7.7.", "p1.8.7.", 1);
        assert_eq!(
            key().check_profile(&moved, UserId(8), 150, |_| 0),
            Err(LinkError::Forged)
        );
        // Neither a game link nor a session passes for it, nor it for them.
        let game = key().sign(GameId(7), UserId(7), 100, 200);
        assert_eq!(
            key().check_profile(&game, UserId(7), 150, |_| 0),
            Err(LinkError::Malformed)
        );
        assert_eq!(
            key().check(&token, GameId(7), 150, |_| 0),
            Err(LinkError::Malformed)
        );
        assert_eq!(
            key().check_session(&token, 150, |_| 0),
            Err(LinkError::Malformed)
        );
    }

    #[test]
    fn a_puzzle_link_opens_its_players_puzzles_and_passes_for_nothing_else() {
        let token = key().sign_puzzles(UserId(7), 100, 200);
        assert_eq!(
            key().check_puzzles(&token, 150, |_| 0),
            Ok(Pass {
                user: UserId(7),
                issued: 100
            })
        );
        assert_eq!(
            key().check_puzzles(&token, 200, |_| 0),
            Err(LinkError::Expired)
        );
        assert_eq!(
            key().check_puzzles(&token, 150, |_| 101),
            Err(LinkError::Revoked)
        );
        for moved in [
            token.replacen("z1.7.7.", "z1.8.7.", 1),
            token.replacen("z1.7.7.", "z1.8.8.", 1),
        ] {
            assert_eq!(
                key().check_puzzles(&moved, 150, |_| 0),
                Err(LinkError::Forged)
            );
        }
        let profile = key().sign_profile(UserId(7), 100, 200);
        let game = key().sign(GameId(7), UserId(7), 100, 200);
        for other in [&profile, &game] {
            assert_eq!(
                key().check_puzzles(other, 150, |_| 0),
                Err(LinkError::Malformed)
            );
        }
        assert_eq!(
            key().check_profile(&token, UserId(7), 150, |_| 0),
            Err(LinkError::Malformed)
        );
        assert_eq!(
            key().check(&token, GameId(7), 150, |_| 0),
            Err(LinkError::Malformed)
        );
    }

    #[test]
    fn a_session_never_passes_for_a_game_link_nor_a_link_for_a_session() {
        let session = key().sign_session(UserId(7), "Оля.<b>", 100, 200);
        assert_eq!(
            key().check_session(&session, 150, |_| 0),
            Ok((
                Pass {
                    user: UserId(7),
                    issued: 100
                },
                "Оля.<b>".to_owned()
            ))
        );
        // The name is signed: another name with the same MAC is a forgery.
        let (body, mac) = session.rsplit_once('.').unwrap();
        let (_, rest) = body.split_once('.').unwrap();
        let (_, rest) = rest.split_once('.').unwrap();
        let renamed = format!("s2.626f62.{rest}.{mac}");
        assert_eq!(
            key().check_session(&renamed, 150, |_| 0),
            Err(LinkError::Forged)
        );
        assert_eq!(
            key().check(&session, GameId(0), 150, |_| 0),
            Err(LinkError::Malformed)
        );
        let link = key().sign(GameId(0), UserId(7), 100, 200);
        assert_eq!(
            key().check_session(&link, 150, |_| 0),
            Err(LinkError::Malformed)
        );
        assert_eq!(
            key().check_session(&session, 200, |_| 0),
            Err(LinkError::Expired)
        );
        assert_eq!(
            key().check_session(&session, 150, |_| 101),
            Err(LinkError::Revoked)
        );
    }
}
