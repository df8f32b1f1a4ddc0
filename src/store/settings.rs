//! What each user chose with `/settings`, kept beside the games.

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;

/// How "your turn" and reminders reach a user.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Notify {
    /// A mention in the game's channel (the default: what players of a channel expect).
    #[default]
    Channel,
    /// A direct message; when Discord refuses it (closed DMs), a mention in the channel.
    Dm,
    /// Neither: the board is still posted, without a ping.
    Off,
}

impl Notify {
    /// Every choice with its name, for parsing and for the command's choices.
    pub const ALL: [(Self, &'static str); 3] = [
        (Self::Channel, "channel"),
        (Self::Dm, "dm"),
        (Self::Off, "off"),
    ];

    /// Reads a typed name (`channel`, `dm`, `off`, and a few synonyms).
    #[must_use]
    pub fn from_name(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "channel" | "mention" | "ping" => Some(Self::Channel),
            "dm" | "direct" | "pm" => Some(Self::Dm),
            "off" | "none" | "no" => Some(Self::Off),
            _ => None,
        }
    }
}

/// One user's settings. New fields get serde defaults, so older entries still read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UserSettings {
    /// How turn notifications and reminders reach them.
    #[serde(default)]
    pub notify: Notify,
    /// The language they read their own answers in; `None`: their Discord client's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<Lang>,
    /// Their Discord client's language, as their last command said it: what the bot's
    /// direct messages to them use until they choose `lang`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discord_lang: Option<Lang>,
    /// Their personal links to game pages made before this time (unix seconds) no longer
    /// work: how a player revokes every link they were given.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub links_since: u64,
    /// The puzzle they are solving (`/puzzle`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<PuzzleProgress>,
    /// Puzzles solved in a row: a wrong answer ends the run.
    #[serde(default, skip_serializing_if = "is_zero_count")]
    pub puzzle_streak: u32,
    /// Their longest run of puzzles solved in a row.
    #[serde(default, skip_serializing_if = "is_zero_count")]
    pub puzzle_best: u32,
    /// Puzzles solved in all.
    #[serde(default, skip_serializing_if = "is_zero_count")]
    pub puzzles_solved: u32,
    /// The puzzles of the day they played to the end (the last two days'): a puzzle of the
    /// day is played once, so a second try, its answer seen, neither counts nor lengthens a
    /// streak.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dailies: Vec<DailyPlayed>,
    /// Their puzzle rating: what picks the next puzzle near their level. `None` until
    /// their first puzzle is played to its end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle_rating: Option<PuzzleRating>,
    /// The last puzzle they played to its end, and how: what the puzzle page shows until
    /// they ask for the next.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle_done: Option<Box<PuzzleDone>>,
    /// The puzzles they were given lately (hashes of their positions, newest last, at most
    /// [`SEEN_PUZZLES`]): the next one is another.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub puzzles_seen: Vec<u64>,
}

/// How many puzzles a player's [`UserSettings::puzzles_seen`] remembers.
pub const SEEN_PUZZLES: usize = 200;

/// A Glicko-2 rating in whole numbers (so settings stay comparable with `Eq`, and a stored
/// one reads back exactly): a player's puzzle rating, and each puzzle's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleRating {
    /// The rating, in hundredths of a point.
    pub centi: i64,
    /// The rating deviation, in hundredths.
    pub deviation: i64,
    /// The volatility, in millionths.
    pub volatility: i64,
    /// How many puzzles (a player) or attempts (a puzzle) it counts.
    pub played: u32,
}

/// A puzzle played to its end.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleDone {
    /// Which puzzle, and every ply played in it (the last is the one that solved or missed).
    pub progress: PuzzleProgress,
    /// Whether it was solved.
    pub solved: bool,
    /// What their puzzle rating did (hundredths): gained, or lost when negative.
    #[serde(default)]
    pub change: i64,
}

/// Which puzzle of the day: the same for everyone in one place on one day, and another for
/// each game asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Daily {
    /// The day, in days since 1970 (UTC).
    pub day: u64,
    /// The server, else the channel.
    pub place: u64,
    /// The game asked for (`gyges`); empty for any.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub game: String,
}

/// A puzzle of the day played to its end, and how.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyPlayed {
    /// Which one.
    pub daily: Daily,
    /// Whether it was solved.
    pub solved: bool,
}

/// Where a player is in a puzzle: which one, and the plies played so far (theirs and the
/// answers). Kept with their settings, so `/forget-me` forgets it with them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleProgress {
    /// The game's name (`gyges`).
    pub game: String,
    /// The puzzle's number in that game's list, from 1.
    pub number: u32,
    /// The puzzle's position: what finds it again should the list's numbers have moved
    /// (a release that ships more puzzles puts the store's generated ones later). Empty in
    /// progress kept before it was recorded, which the number alone then finds.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub position: String,
    /// The plies played so far.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub played: Vec<String>,
    /// Whether it is a server's puzzle of the day.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub daily: bool,
    /// Which puzzle of the day it is (none in progress kept before this was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of_day: Option<Daily>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero_count(value: &u32) -> bool {
    *value == 0
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(value: &u64) -> bool {
    *value == 0
}

impl UserSettings {
    /// The language of what the bot sends them unasked (a direct message): their choice,
    /// else their Discord client's, else `None` (the post's own).
    #[must_use]
    pub fn dm_lang(&self) -> Option<Lang> {
        self.lang.or(self.discord_lang)
    }
}

/// One server's settings, chosen by its admins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuildSettings {
    /// Whether each game gets its own thread for its boards; `None` until the admins
    /// choose, meaning the bot's default (on).
    #[serde(default)]
    pub threads: Option<bool>,
    /// The language of the server's public posts (boards, notices); `None`: the server's
    /// own Discord language where Discord says it, else English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<Lang>,
    /// The server's own Discord language, as its members' commands last said it: what
    /// its posts use until the admins choose `lang`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discord_lang: Option<Lang>,
    /// Who may make tournaments on the server; `None` until the admins choose, meaning
    /// everyone (a server of friends needs no admin to play one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournaments: Option<TournamentHosts>,
}

/// Who may make tournaments on a server (`/settings tournaments:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TournamentHosts {
    /// Only those who may manage the server.
    Admins,
    /// Anyone.
    Everyone,
}

impl TournamentHosts {
    /// Every choice with its name, for parsing and for the command's choices.
    pub const ALL: [(Self, &'static str); 2] =
        [(Self::Admins, "admins"), (Self::Everyone, "everyone")];

    /// The choice's name, as typed and shown.
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(hosts, _)| *hosts == self)
            .map_or("everyone", |(_, name)| name)
    }

    /// Reads a typed name; `all` and `global` (what "все" and "wszyscy" read as) are
    /// everyone too.
    #[must_use]
    pub fn from_name(text: &str) -> Option<Self> {
        match text.trim().to_lowercase().as_str() {
            "all" | "global" => Some(Self::Everyone),
            typed => Self::ALL
                .iter()
                .find(|(_, name)| *name == typed)
                .map(|(hosts, _)| *hosts),
        }
    }
}

impl GuildSettings {
    /// The language of the server's posts, if known: its admins' choice, else its Discord
    /// language.
    #[must_use]
    pub fn posts_lang(&self) -> Option<Lang> {
        self.lang.or(self.discord_lang)
    }
}
