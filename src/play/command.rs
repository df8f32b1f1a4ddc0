//! Who asks and where, and the words every family's commands share (a proposal's answer,
//! button prefixes the pieces below the families draw). Each family defines its own
//! commands; `spec` joins them into the one [`Command`](crate::play::Command).

use crate::i18n::Lang;
use crate::store::{Place, UserId};

/// A person issuing a command or named in one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// Their id.
    pub id: UserId,
    /// Their display name, at most [`MAX_NAME_CHARS`] characters (see [`User::new`]).
    pub name: String,
}

pub use crate::store::MAX_NAME_CHARS;

impl User {
    /// A user with `name` cut to [`MAX_NAME_CHARS`] characters (an ellipsis marks the cut).
    #[must_use]
    pub fn new(id: UserId, name: &str) -> Self {
        let name = name.trim();
        let name = if name.chars().count() > MAX_NAME_CHARS {
            let kept: String = name.chars().take(MAX_NAME_CHARS - 1).collect();
            format!("{}…", kept.trim_end())
        } else {
            name.to_owned()
        };
        Self { id, name }
    }
}

/// Who asks, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Context {
    /// The caller.
    pub user: User,
    /// The channel (and server) the command came from.
    pub place: Place,
    /// Whether the caller may change the server's settings (Discord's Manage Server).
    pub manager: bool,
    /// The language the caller's client shows (Discord's `locale`): what an answer only
    /// the caller sees is written in.
    pub lang: Lang,
    /// The server's own language as Discord says it (`guild_locale`), if any: what the
    /// server's public posts are written in until its admins choose.
    pub guild_lang: Option<Lang>,
}

/// How a seated player answers or makes a proposal (draw, takeback).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Make the proposal, or accept the other side's if one is open.
    Propose,
    /// Accept the other side's proposal.
    Accept,
    /// Decline the other side's proposal (or withdraw one's own).
    Decline,
}

/// The prefix of a button that plays one action: `do-take:12`.
pub const ACTION_PREFIX: &str = "do-";

/// The prefix of a button that turns `/rules` to a page: `rules:jumpers:2`. Rules belong
/// to no game record, so these ids carry a game's name and a page instead of a game number.
pub const RULES_PREFIX: &str = "rules:";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_at_most_32_characters() {
        assert_eq!(User::new(UserId(1), " ola ").name, "ola");
        let cjk = "山".repeat(32);
        assert_eq!(User::new(UserId(1), &cjk).name, cjk);
        let cut = User::new(UserId(1), &"ż".repeat(40)).name;
        assert_eq!(cut.chars().count(), MAX_NAME_CHARS);
        assert!(cut.ends_with('…'));
    }
}
