//! The game record: everything the bot keeps about one game, and its versioned encoding.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::StoreError;
use crate::games::{AnyGame, GameKind};

/// The record layout this release writes. A release that changes the layout bumps it and
/// teaches [`GameRecord::decode`] to migrate the older ones.
pub const SCHEMA_VERSION: u32 = 1;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

id_type!(
    /// A game's number, shown to players as `#12`.
    GameId
);
id_type!(
    /// A user (a Discord snowflake, or a console name's hash).
    UserId
);
id_type!(
    /// A channel (or thread).
    ChannelId
);
id_type!(
    /// A server.
    GuildId
);
id_type!(
    /// A tournament's number, shown to players as `T3` (its own sequence, apart from games).
    TournamentId
);

/// Where a game stands in a tournament: which tournament, round and game of the round.
/// The store keeps one game per slot (a second insert is refused with
/// [`StoreError::SlotTaken`]), so however many workers start a round, each game is made once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TournamentSlot {
    /// The tournament.
    pub tournament: TournamentId,
    /// The round, from 0.
    pub round: u32,
    /// The game's place in the round's pairings, from 0.
    pub game: u32,
}

impl TournamentSlot {
    /// The slot as two numbers, for an index key: the tournament, then round and game.
    #[must_use]
    pub fn key(self) -> (u64, u64) {
        (
            self.tournament.0,
            (u64::from(self.round) << 32) | u64::from(self.game),
        )
    }
}

/// Who sits in a seat.
///
/// A new variant loads old records unchanged (serde's tag names the variant), so adding the
/// computer needed no schema bump; a release older than the computer cannot read a record
/// with a computer seat and says the record is damaged rather than guess.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Player {
    /// A person.
    User {
        /// Their id.
        id: UserId,
        /// Their display name when the game was made (for pictures and lists).
        name: String,
    },
    /// The bot itself, playing at a level from 1 (beginner) to 5 (strongest). It has no
    /// user id, so it is never mentioned, reminded or sent a direct message.
    Computer {
        /// Its level, 1 to 5 (see [`crate::ai::Level`]).
        level: u8,
    },
}

/// The computer's names by level: shown in boards, `/games` and `/history`, so a game
/// against the bot always says so.
const COMPUTER_NAMES: [&str; 6] = [
    "Leapfrog (computer)",
    "Leapfrog (level 1)",
    "Leapfrog (level 2)",
    "Leapfrog (level 3)",
    "Leapfrog (level 4)",
    "Leapfrog (level 5)",
];

/// The key under which the store's user index keeps the games in progress that have a
/// computer seat: how the computer finds the games where it is to move after a restart,
/// from the store alone. No Discord snowflake or console name hash is this large.
pub const COMPUTER: UserId = UserId(u64::MAX);

/// Where the ids of forgotten players (`/forget-me`) live: the top 24 bits are these, the
/// low 40 random. Discord's ids are below 2^63 and the console moves a name whose hash
/// falls here out of it ([`crate::console::name_id`]), so no real user ever has one.
pub const ANONYMOUS_TAG: u64 = 0xFADE_0000_0000_0000;

/// The low bits of an anonymous id.
const ANONYMOUS_BITS: u64 = (1 << 40) - 1;

/// The name stored in a forgotten player's seat; kept with the words (which read it back
/// in each reader's language), below the store.
pub use crate::i18n::FORGOTTEN_NAME;

impl UserId {
    /// The anonymous id made of `random`'s low 40 bits (never all zero): what a forgotten
    /// player's seats are given, one id per player so their games still read as one
    /// person's (the others' ratings rebuild the same).
    #[must_use]
    pub fn anonymous(random: u64) -> Self {
        Self(ANONYMOUS_TAG | (random & ANONYMOUS_BITS).max(1))
    }

    /// Whether this is a forgotten player's anonymous id.
    #[must_use]
    pub fn is_anonymous(self) -> bool {
        self.0 & !ANONYMOUS_BITS == ANONYMOUS_TAG
    }
}

impl Player {
    /// Whether this seat was a player who asked to be forgotten.
    #[must_use]
    pub fn is_forgotten(&self) -> bool {
        self.user_id().is_some_and(UserId::is_anonymous)
    }

    /// The user id of a person; `None` for the computer.
    #[must_use]
    pub fn user_id(&self) -> Option<UserId> {
        match self {
            Self::User { id, .. } => Some(*id),
            Self::Computer { .. } => None,
        }
    }

    /// The name shown to players.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            Self::User { name, .. } => name,
            Self::Computer { level } => COMPUTER_NAMES
                .get(usize::from(*level))
                .copied()
                .unwrap_or(COMPUTER_NAMES[0]),
        }
    }

    /// The computer's level, when this seat is the computer's.
    #[must_use]
    pub fn computer_level(&self) -> Option<u8> {
        match self {
            Self::User { .. } => None,
            Self::Computer { level } => Some(*level),
        }
    }
}

/// Where a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Place {
    /// The server, if any (none for direct messages, group DMs and the console).
    pub guild: Option<GuildId>,
    /// The channel.
    pub channel: ChannelId,
    /// Whether the bot may post there on its own, or only answer the players' commands.
    /// Kept with the game, since what is said later (the computer's move after a restart,
    /// a timeout) must know it without a command at hand. Records from before read as
    /// [`Reach::Posts`].
    #[serde(default, skip_serializing_if = "Reach::is_posts")]
    pub reach: Reach,
}

impl Place {
    /// A place where the bot posts on its own (a server that added it, its own DMs, the
    /// console).
    #[must_use]
    pub const fn posting(guild: Option<GuildId>, channel: ChannelId) -> Self {
        Self {
            guild,
            channel,
            reach: Reach::Posts,
        }
    }

    /// Whether the bot may post there only as answers to the players' commands.
    #[must_use]
    pub fn answers_only(&self) -> bool {
        self.reach == Reach::Answers
    }
}

/// How the bot can speak where a game is played. Discord lets a player install the app for
/// themselves and use it where the bot is no member (a DM or group DM between people, a
/// server that never added the bot): there it may only answer an interaction — its
/// response, then follow-ups through the interaction's token for 15 minutes — and
/// anything said later goes to the players by direct message instead.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reach {
    /// The bot is there: it posts boards, notices and the computer's moves on its own.
    #[default]
    Posts,
    /// The app was installed by a user only: answers to interactions, nothing else.
    Answers,
}

impl Reach {
    /// Whether the bot posts on its own (the default, not written to records).
    #[must_use]
    pub fn is_posts(&self) -> bool {
        *self == Self::Posts
    }
}

/// Which seat the challenger wants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatChoice {
    /// Drawn at random when the challenge is accepted.
    #[default]
    Random,
    /// The first seat (White, South): moves first.
    First,
    /// The second seat.
    Second,
}

/// A challenge waiting for an answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeRecord {
    /// Who challenged.
    pub from: Player,
    /// Who was challenged; `None` for an open challenge anyone in the channel may accept.
    pub to: Option<Player>,
    /// The challenger's seat wish.
    pub seat: SeatChoice,
    /// Further named players, for games of more than two (Skakanie): everyone named must
    /// accept before the game starts.
    #[serde(default)]
    pub invited: Vec<Player>,
    /// Who has accepted so far, in a game of more than two (named or open).
    #[serde(default)]
    pub joined: Vec<Player>,
    /// Options that name players (`handicap=@ola:5`), turned into seat numbers when the
    /// seats are drawn at the start.
    #[serde(default)]
    pub by_player: Vec<String>,
    /// For an open table: start by itself once this many have sat down.
    #[serde(default)]
    pub target: Option<u8>,
}

impl ChallengeRecord {
    /// Everyone named in the challenge.
    pub fn named(&self) -> impl Iterator<Item = &Player> {
        self.to.iter().chain(&self.invited)
    }

    /// The named players who have not accepted yet.
    #[must_use]
    pub fn waiting_for(&self) -> Vec<&Player> {
        self.named()
            .filter(|p| !self.joined.iter().any(|j| j.user_id() == p.user_id()))
            .collect()
    }

    /// Whether `user` has accepted.
    #[must_use]
    pub fn has_joined(&self, user: UserId) -> bool {
        self.joined.iter().any(|p| p.user_id() == Some(user))
    }

    /// Whether `user` is named in the challenge.
    #[must_use]
    pub fn names(&self, user: UserId) -> bool {
        self.named().any(|p| p.user_id() == Some(user))
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Result {
    /// The winning seats; empty for a draw.
    pub winners: Vec<u8>,
    /// How it ended, in words ("reached a gate", "resignation", "agreement").
    pub reason: String,
    /// What a rated game did to each seat's rating: written by the store in the same
    /// transaction as the result, so neither is ever stored without the other.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ratings: Vec<crate::ratings::Change>,
    /// The rated game's place in the order the store rated games (from 1; 0 for an unrated
    /// one): `leapfrog ratings rebuild` rates them again in this order.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rating_order: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Result {
    /// Who won and how, without what it did to ratings: the same for a game and its record
    /// loaded back (a loaded game is not rated).
    #[must_use]
    pub fn outcome(&self) -> (&[u8], &str) {
        (&self.winners, &self.reason)
    }

    /// A result without ratings (the store adds them to a rated game's).
    #[must_use]
    pub fn new(winners: Vec<u8>, reason: impl Into<String>) -> Self {
        Self {
            winners,
            reason: reason.into(),
            ratings: Vec::new(),
            rating_order: 0,
        }
    }
}

/// Where a game is in its life.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Waiting for the challenged player.
    Challenge(ChallengeRecord),
    /// Being played.
    Active,
    /// Over.
    Finished(Result),
    /// The challenge was declined.
    Declined,
    /// The challenger withdrew the challenge.
    Cancelled,
    /// A player ended it before every side had moved: no result, never rated.
    Aborted,
}

/// A question one seat has put to the other(s), answered or dropped by the next move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// This seat offers a draw.
    Draw(u8),
    /// This seat asks to take back its last move.
    Takeback(u8),
    /// This seat proposes to pause the clock (vacation).
    Pause(u8),
}

/// How far a move clock has gone: each stage is announced once, and the stored stage is
/// what makes it once (the announcement is sent only after the stage was written).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockStage {
    /// Running; nothing announced yet.
    Running,
    /// The quarter-time reminder was sent.
    Reminded,
    /// Time ran out and the others were told they may claim the win.
    Expired,
}

/// The clock of the player to move in a game on time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveClock {
    /// When the player to move runs out of time (unix milliseconds).
    pub deadline: u64,
    /// The whole time for one move (milliseconds): the reminder comes at a quarter of it.
    pub per_move: u64,
    /// How long after running out the game ends by itself (milliseconds), taken from the
    /// config when this clock started, so a config change applies from the next move.
    pub grace: u64,
    /// What has been announced.
    pub stage: ClockStage,
    /// The time that was left when the players paused the game (vacation); the deadline
    /// means nothing while this is set.
    #[serde(default)]
    pub paused: Option<u64>,
}

impl MoveClock {
    /// When the next stage is due: the reminder, the end of time, the end of the grace;
    /// `None` while paused or once the grace is announced.
    #[must_use]
    pub fn alarm(&self) -> Option<u64> {
        if self.paused.is_some() {
            return None;
        }
        Some(match self.stage {
            ClockStage::Running => self.deadline.saturating_sub(self.per_move / 4),
            ClockStage::Reminded => self.deadline,
            ClockStage::Expired => self.deadline.saturating_add(self.grace),
        })
    }
}

/// Everything the bot keeps about one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's number (0 until stored).
    pub id: GameId,
    /// Which game.
    #[serde(with = "kind_name")]
    pub kind: GameKind,
    /// The options as canonical `key=value` pairs.
    pub options: Vec<String>,
    /// The shuffle seed (used by shuffled games only).
    pub seed: u64,
    /// A custom start position text, if the game did not start from the standard one.
    pub start: Option<String>,
    /// The players by seat (empty while a challenge waits).
    pub seats: Vec<Player>,
    /// Where it is played.
    pub place: Place,
    /// The channel the game's thread was opened from, once it moved into a thread: where
    /// its boards go back to when the thread is deleted or closed to the bot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home: Option<ChannelId>,
    /// The moves played, in notation.
    pub moves: Vec<String>,
    /// The current position text: what replaying `moves` must give (checked on load).
    pub position: String,
    /// Where the game is in its life.
    pub status: Status,
    /// An open draw offer or takeback request.
    pub pending: Option<Request>,
    /// The seats that have said yes so far to a pending request that needs every other
    /// player's yes (a takeback in a game of three or four); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agreed: Vec<u8>,
    /// When the game was made, unix milliseconds.
    pub created: u64,
    /// When it last changed, unix milliseconds.
    pub updated: u64,
    /// Days per move, if the game is played on time (`days=N` in the challenge).
    #[serde(default)]
    pub days: Option<u8>,
    /// Where the move clock stands, once a game on time has started.
    #[serde(default, alias = "deadline")]
    pub clock: Option<MoveClock>,
    /// Whether the result changes the players' ratings: chosen in the challenge (`rated`,
    /// yes between people by default), never with the computer. Records from before ratings
    /// read as unrated.
    #[serde(default)]
    pub rated: bool,
    /// The tournament game this is, if any: its result counts there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TournamentSlot>,
    /// Bumped by every write: the compare-and-swap token.
    pub version: u64,
}

#[derive(Serialize)]
struct EnvelopeRef<'a> {
    schema: u32,
    record: &'a GameRecord,
}

#[derive(Deserialize)]
struct Header {
    schema: u32,
}

#[derive(Deserialize)]
struct Envelope {
    record: GameRecord,
}

impl GameRecord {
    /// The record's bytes, tagged with [`SCHEMA_VERSION`].
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        serde_json::to_vec(&EnvelopeRef {
            schema: SCHEMA_VERSION,
            record: self,
        })
        .expect("a record always serialises")
    }

    /// Reads a record, migrating older schema versions.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] for bytes that are not a record, [`StoreError::UnknownSchema`]
    /// for a newer release's record.
    pub fn decode(id: GameId, bytes: &[u8]) -> std::result::Result<Self, StoreError> {
        let corrupt = |e: serde_json::Error| StoreError::Corrupt {
            id,
            reason: e.to_string(),
        };
        let header: Header = serde_json::from_slice(bytes).map_err(corrupt)?;
        match header.schema {
            1 => {
                let envelope: Envelope = serde_json::from_slice(bytes).map_err(corrupt)?;
                Ok(envelope.record)
            }
            found => Err(StoreError::UnknownSchema { id, found }),
        }
    }

    /// Rebuilds the game from its start (options, seed, custom start), playing its first
    /// `moves` moves: how every command, replay and import reads a record, so that one that
    /// does not replay is refused the same way everywhere.
    ///
    /// # Errors
    /// [`StoreError::Corrupt`] when the set-up or a move is refused by the game's rules.
    pub fn replay(&self, moves: usize) -> std::result::Result<AnyGame, StoreError> {
        let corrupt = |reason: String| StoreError::Corrupt {
            id: self.id,
            reason,
        };
        let mut pairs = self.options.clone();
        if self.kind.info().shuffles {
            pairs.push(format!("seed={}", self.seed));
        }
        let mut game = AnyGame::new(self.kind, &pairs, self.start.as_deref())
            .map_err(|e| corrupt(e.to_string()))?;
        for (i, mv) in self.moves.iter().take(moves).enumerate() {
            game.play(mv)
                .map_err(|e| corrupt(format!("move {} ({mv}) does not replay: {e}", i + 1)))?;
        }
        Ok(game)
    }

    /// When the scheduler must next look at this game (the store's time-ordered index):
    /// only games in progress on a running clock have one.
    #[must_use]
    pub fn alarm(&self) -> Option<u64> {
        match self.status {
            Status::Active => self.clock.as_ref().and_then(MoveClock::alarm),
            _ => None,
        }
    }

    /// The users this game belongs to: its seats and, while a challenge waits, both sides.
    #[must_use]
    pub fn users(&self) -> Vec<UserId> {
        let mut users: Vec<UserId> = self.seats.iter().filter_map(Player::user_id).collect();
        // Only while it is played: the index then lists exactly the games the computer
        // may still have to move in.
        if self.status == Status::Active && self.has_computer() {
            users.push(COMPUTER);
        }
        if let Status::Challenge(challenge) = &self.status {
            users.extend(challenge.from.user_id());
            users.extend(challenge.named().filter_map(Player::user_id));
            users.extend(challenge.joined.iter().filter_map(Player::user_id));
        }
        users.sort_unstable();
        users.dedup();
        users
    }

    /// Whether the computer sits in one of the seats.
    #[must_use]
    pub fn has_computer(&self) -> bool {
        self.seats.iter().any(|p| p.computer_level().is_some())
    }

    /// The seat of a user, if seated.
    #[must_use]
    pub fn seat_of(&self, user: UserId) -> Option<u8> {
        self.seats
            .iter()
            .position(|p| p.user_id() == Some(user))
            .and_then(|s| u8::try_from(s).ok())
    }
}

pub(crate) mod kind_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::games::GameKind;

    /// A game kind as its name.
    pub fn serialize<S: Serializer>(kind: &GameKind, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(kind.name())
    }

    /// A game kind from its name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameKind, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}
