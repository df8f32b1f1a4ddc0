//! What a page may change: a move, or one of the game's answers (resign, draw, takeback),
//! sent by the player the page's link names. Each request is checked in this order, and
//! the first failing check answers alone, changing nothing:
//! 1. it comes from our own pages (a cross-site request is refused);
//! 2. its link's token is ours, for this game, not expired and not revoked;
//! 3. its user has not sent too many requests just now;
//! 4. the page saw the game as it is (a stale tab is told someone moved meanwhile).
//!
//! Then it is the same [`Command`] `/move` or `/resign` makes, handled by the same
//! [`Play`], and its public reply goes to the game's channel through the front end that owns
//! it (the [`Herald`]): a move made on a page is indistinguishable from one made in Discord.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::{header, HeaderMap};
use serde::Deserialize;

use crate::play::{Command, Context, Later, User};
use crate::store::{GameId, GameRecord, Player, UserId};

/// Where the public replies of page requests go, each with what follows it (the computer's
/// answer), in order: the front end that posts in the game's channel (Discord, or the
/// console's output) and does the work ([`crate::play::Play::do_later`]).
pub type Herald = tokio::sync::mpsc::UnboundedSender<Vec<Later>>;

/// What a page asks for.
#[derive(Clone, Debug, Deserialize)]
pub struct Act {
    /// A move in the game's notation, or one of [`ANSWERS`]' names.
    pub what: String,
    /// Whether `what` is a move (`true`) or an answer.
    #[serde(default)]
    pub answer: bool,
    /// How many moves the page showed: a different count means someone moved meanwhile.
    pub plies: usize,
}

/// The answers a page offers: each one's name (what the page sends: an action of the
/// command table, [`crate::play::spec::action`]) and the message of its button.
pub const ANSWERS: &[(&str, &str)] = &[
    ("resign", "web-answer-resign"),
    ("draw", "web-answer-draw"),
    ("draw-decline", "web-answer-draw-decline"),
    ("takeback", "web-answer-takeback"),
    ("takeback-decline", "web-answer-takeback-decline"),
];

/// What else a page may ask of a game, by action name: its analysis, once it is over (the
/// page shows its own button for it, not among the [`ANSWERS`] of a game that goes on).
pub const ASKS: &[&str] = &["analyse"];

/// The command of `act` on `game`, if it names one.
#[must_use]
pub fn command(act: &Act, game: GameId) -> Option<Command> {
    if act.answer {
        ANSWERS
            .iter()
            .map(|(name, _)| *name)
            .chain(ASKS.iter().copied())
            .find(|name| *name == act.what)
            .and_then(|name| crate::play::spec::action(name, Some(game)))
    } else {
        Some(
            crate::play::MoveCommand::Move {
                game: Some(game),
                mv: act.what.clone(),
            }
            .into(),
        )
    }
}

/// Whether a request comes from our own pages. Browsers say where a request comes from
/// (`Sec-Fetch-Site`, else `Origin`); a request that says neither is not a browser's, and
/// its token, sent in a header no other site can set, is what vouches for it.
#[must_use]
pub fn same_site(headers: &HeaderMap) -> bool {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    // Every value counts: a request that says it twice must be ours both times.
    let mut sites = headers.get_all("sec-fetch-site").iter().peekable();
    if sites.peek().is_some() {
        return sites.all(|site| matches!(site.to_str(), Ok("same-origin" | "none")));
    }
    match (text(header::ORIGIN), text(header::HOST)) {
        (Some(origin), Some(host)) => origin
            .split_once("://")
            .is_some_and(|(_, origin_host)| origin_host.eq_ignore_ascii_case(host)),
        (Some(_), None) => false,
        (None, _) => true,
    }
}

/// The token of a request: `Authorization: Bearer …`.
#[must_use]
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

/// How many requests a user may make in [`WINDOW`] unless the site says otherwise: a
/// person tapping fast makes a few; a script hammering the bot is cut off.
pub const PER_WINDOW: u32 = 20;

/// The window of [`PER_WINDOW`].
const WINDOW: Duration = Duration::from_secs(10);

/// Each user's requests in the current window.
#[derive(Debug)]
pub struct Limits {
    per_window: u32,
    seen: Mutex<HashMap<UserId, (Instant, u32)>>,
}

impl Limits {
    /// At most `per_window` requests per user in [`WINDOW`].
    #[must_use]
    pub fn new(per_window: u32) -> Self {
        Self {
            per_window,
            seen: Mutex::default(),
        }
    }

    /// Counts a request of `user`; whether it is within the limit.
    pub fn allow(&self, user: UserId) -> bool {
        let now = Instant::now();
        let mut seen = self
            .seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Old windows go, so the table holds only the users of the last few seconds.
        if seen.len() > 10_000 {
            seen.retain(|_, (start, _)| now.duration_since(*start) < WINDOW);
        }
        let (start, count) = seen.entry(user).or_insert((now, 0));
        if now.duration_since(*start) >= WINDOW {
            *start = now;
            *count = 0;
        }
        *count += 1;
        *count <= self.per_window
    }
}

/// The caller of a page's request, as the play layer knows players: their id and the
/// name the game has for them, in the game's own place.
#[must_use]
pub fn context(record: &GameRecord, user: UserId, lang: crate::i18n::Lang) -> Context {
    let name = record
        .seats
        .iter()
        .find_map(|player| match player {
            Player::User { id, name } if *id == user => Some(name.as_str()),
            _ => None,
        })
        .unwrap_or("?");
    Context {
        user: User::new(user, name),
        place: record.place,
        manager: false,
        lang,
        guild_lang: None,
    }
}
