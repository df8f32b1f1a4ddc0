//! Naming the permission a server took from the bot. Discord's refusal (50013 Missing
//! Permissions, 50001 Missing Access) does not say which one is missing, but what the bot
//! was doing does: this table says what each of its posts needs, in Discord's own words, so
//! a server admin reads exactly what to give back. Said once per server and kind of post
//! (not on every move), through [`crate::play::Play::first_time`].

use crate::i18n::{self, Lang};
use crate::play::Play;
use crate::store::{Place, Store};

/// What the bot was doing when Discord refused it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doing {
    /// Opening a thread for a game that just began.
    OpenThread,
    /// Posting a board or a notice in a game's thread.
    PostInThread,
    /// Posting a board or a notice in a channel.
    PostInChannel,
}

impl Doing {
    /// The permissions this needs, as the catalogue's names of them.
    const fn needs(self) -> &'static [&'static str] {
        match self {
            Self::OpenThread => &[
                "permission-create-public-threads",
                "permission-send-messages-in-threads",
            ],
            Self::PostInThread => &[
                "permission-view-channel",
                "permission-send-messages-in-threads",
                "permission-attach-files",
            ],
            Self::PostInChannel => &[
                "permission-view-channel",
                "permission-send-messages",
                "permission-attach-files",
            ],
        }
    }
}

/// Whether Discord refused `error` for want of a permission or of access.
#[must_use]
pub fn is_missing_permission(error: &serenity::Error) -> bool {
    matches!(super::reach::code(error), Some(50001 | 50013))
}

/// The line naming what the bot needs in `place` for `doing`, in `lang`, when `error` is a
/// missing permission and this process has not said it for this server (the channel,
/// outside servers) and kind of post yet; otherwise nothing.
pub fn notice_once<S: Store>(
    play: &Play<S>,
    place: Place,
    doing: Doing,
    error: &serenity::Error,
    lang: Lang,
) -> Option<String> {
    if !is_missing_permission(error) {
        return None;
    }
    let server = place.guild.map_or(place.channel.0, |g| g.0);
    if !play.first_time(&format!("permission {server} {doing:?}")) {
        return None;
    }
    let permissions: Vec<String> = doing
        .needs()
        .iter()
        .map(|id| format!("**{}**", i18n::text(lang, id)))
        .collect();
    Some(i18n::text_with(
        lang,
        "discord-missing-permission",
        &[
            ("place", format!("<#{}>", place.channel.0).into()),
            ("permissions", permissions.join(", ").into()),
            (
                "code",
                super::reach::code(error).unwrap_or(0).to_string().into(),
            ),
        ],
    ))
}
