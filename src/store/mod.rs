//! Where games live: the [`Store`] trait, the game record, and its two implementations:
//! sled (embedded, the default, one process) and PostgreSQL (shared by several processes).
//!
//! The play layer talks only to [`Store`]. Every write of a record is a compare-and-swap on
//! its version together with all its index entries, so two moves for the same turn can never
//! both land, whichever process sent them.

mod any;
pub mod backup;
mod changes;
pub mod check;
mod config;
mod dump;
mod durable;
mod forget;
mod keys;
mod postgres;
mod rate_on_write;
pub mod rating_keys;
mod rebuild;
mod record;
mod settings;
mod sled_store;
mod tournament_record;

pub use any::AnyStore;
pub use changes::{Changes, Watch, Written};
pub use check::{MAX_GAME_ID, MAX_NAME_CHARS};
pub use config::StoreConfig;
pub use dump::{Dump, DumpError, EXPORT_FORMAT, EXPORT_VERSION};
pub use durable::GroupCommit;
pub use forget::Forgotten;
pub use keys::{IndexKey, KEY_LEN};
pub use postgres::PgStore;
pub use rebuild::rebuilt_ratings;
pub use record::{
    ChallengeRecord, ChannelId, ClockStage, GameId, GameRecord, GuildId, MoveClock, Place, Player,
    Reach, Request, Result as GameResult, SeatChoice, Status, TournamentId, TournamentSlot, UserId,
    ANONYMOUS_TAG, COMPUTER, FORGOTTEN_NAME, SCHEMA_VERSION,
};
pub use settings::{
    Daily, DailyPlayed, GuildSettings, Notify, PuzzleDone, PuzzleProgress, PuzzleRating,
    TournamentHosts, UserSettings, SEEN_PUZZLES,
};
pub use sled_store::SledStore;
pub use tournament_record::{Start, TournamentRecord, MAX_TOURNAMENT_PLAYERS, TOURNAMENT_SCHEMA};

use crate::games::GameKind;
use crate::ratings::Standing;

/// What can go wrong in a store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// No game with this id.
    #[error("there is no game #{0}")]
    NotFound(GameId),
    /// The record changed since it was read (someone else's move landed first).
    #[error("game #{0} changed since it was read")]
    Conflict(GameId),
    /// The stored bytes are not a record.
    #[error("game #{id}'s record is damaged: {reason}")]
    Corrupt {
        /// The game.
        id: GameId,
        /// What is wrong.
        reason: String,
    },
    /// The record was written by a newer release.
    #[error("game #{id}'s record has schema version {found}, newer than this release reads ({SCHEMA_VERSION})")]
    UnknownSchema {
        /// The game.
        id: GameId,
        /// The version found.
        found: u32,
    },
    /// Another process holds the data folder: sled allows one process per folder.
    #[error("another Leapfrog process is using the data folder {}: stop it first, or give this one another folder (--data or [store] data_dir in config.toml)", .0.display())]
    Locked(std::path::PathBuf),
    /// The database failed. Not a `#[source]`: the message already says what sled said, and
    /// a source would print it a second time in error chains.
    #[error("database error: {0}")]
    Database(sled::Error),
    /// The sled folder cannot be read back: its log is damaged. Every game may still be in
    /// the last backup, which the message names.
    #[error("the data folder {} is damaged ({reason}); to restore, move it aside and load the latest backup: `leapfrog import BACKUP_FILE --data {}` (automatic backups, if [store] backup_every_hours is set, are in {}.backups/)", .dir.display(), .dir.display(), .dir.display())]
    Damaged {
        /// The folder.
        dir: std::path::PathBuf,
        /// What sled said.
        reason: String,
    },
    /// PostgreSQL failed (after retrying a lost connection).
    #[error("PostgreSQL error: {0}")]
    Postgres(String),
    /// No connection to PostgreSQL could be made.
    #[error("cannot reach PostgreSQL: {0}")]
    Unreachable(String),
    /// A player asked to be forgotten while still playing this game.
    #[error("game #{0} is still being played")]
    InProgress(GameId),
    /// No tournament with this number.
    #[error("there is no tournament T{0}")]
    NoTournament(TournamentId),
    /// The tournament changed since it was read (another worker recorded a result first).
    #[error("tournament T{0} changed since it was read")]
    TournamentConflict(TournamentId),
    /// A tournament game for a slot that has its game already ([`TournamentSlot`]).
    #[error("that tournament game is #{0} already")]
    SlotTaken(GameId),
    /// An import into a store that already holds games (it would mix two histories).
    #[error("the store already holds {0} games: import into an empty store")]
    NotEmpty(u64),
    /// Every game number has been handed out: a number past [`MAX_GAME_ID`] would make a
    /// game that no import takes back, so the store's own backup could not be restored.
    #[error("no game number is left: game #{MAX_GAME_ID} was the last")]
    NumbersUsedUp,
}

impl From<sled::Error> for StoreError {
    fn from(error: sled::Error) -> Self {
        Self::Database(error)
    }
}

/// The games, their indexes and their deadlines. Implementations must make [`Store::replace`]
/// atomic: the record and all its index entries, or nothing.
pub trait Store: Send + Sync {
    /// Stores a new game, giving it an id and version 1; returns the stored record.
    ///
    /// # Errors
    /// Database failures.
    fn insert(&self, record: GameRecord) -> Result<GameRecord, StoreError>;

    /// Reads a game.
    ///
    /// # Errors
    /// [`StoreError::NotFound`], a damaged or too-new record, database failures.
    fn get(&self, id: GameId) -> Result<GameRecord, StoreError>;

    /// Writes `record` if the stored version still equals `record.version`; returns the
    /// stored record with its version increased by one.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if someone else wrote first; the others as [`Store::get`].
    fn replace(&self, record: &GameRecord) -> Result<GameRecord, StoreError>;

    /// The games a user sits in or was challenged to, newest first.
    ///
    /// # Errors
    /// As [`Store::get`].
    fn games_of_user(&self, user: UserId) -> Result<Vec<GameRecord>, StoreError>;

    /// The games of a channel, newest first.
    ///
    /// # Errors
    /// As [`Store::get`].
    fn games_in_channel(&self, channel: ChannelId) -> Result<Vec<GameRecord>, StoreError>;

    /// The challenges still waiting for an answer in a channel, newest first.
    ///
    /// # Errors
    /// As [`Store::get`].
    fn challenges_in_channel(&self, channel: ChannelId) -> Result<Vec<GameRecord>, StoreError>;

    /// The games whose alarm ([`GameRecord::alarm`]) is at or before `until` (unix
    /// milliseconds), earliest first: the scheduler's work list. Kept in the same
    /// transaction as the record, so it is never stale and survives a restart as it is.
    ///
    /// # Errors
    /// Database failures.
    fn deadlines_until(&self, until: u64) -> Result<Vec<(u64, GameId)>, StoreError>;

    /// A user's settings (the defaults for a user who never chose).
    ///
    /// # Errors
    /// Database failures; a damaged entry.
    fn settings(&self, user: UserId) -> Result<UserSettings, StoreError>;

    /// Stores a user's settings.
    ///
    /// # Errors
    /// Database failures.
    fn set_settings(&self, user: UserId, settings: UserSettings) -> Result<(), StoreError>;

    /// A server's settings (the defaults for a server whose admins never chose).
    ///
    /// # Errors
    /// Database failures; a damaged entry.
    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError>;

    /// Stores a server's settings.
    ///
    /// # Errors
    /// Database failures.
    fn set_guild_settings(&self, guild: GuildId, settings: GuildSettings)
        -> Result<(), StoreError>;

    /// Where a game's latest board was posted (a link), if a front end said so. Kept apart
    /// from the record so noting it never races with a move's compare-and-swap.
    ///
    /// # Errors
    /// Database failures.
    fn board_link(&self, game: GameId) -> Result<Option<String>, StoreError>;

    /// Makes every write so far durable (sled writes to disk in the background; the
    /// scheduler flushes before it announces what it wrote).
    ///
    /// # Errors
    /// Database failures.
    fn flush(&self) -> Result<(), StoreError>;

    /// Returns once every write that completed before this call is durable: what a reply
    /// that reports a write waits for. Concurrent callers share one flush (group commit), so
    /// under load a move does not pay a whole fsync alone.
    ///
    /// # Errors
    /// Database failures (the writes may then be lost on a crash: say so, don't confirm).
    fn sync(&self) -> Result<(), StoreError>;

    /// Notes where a game's latest board was posted.
    ///
    /// # Errors
    /// Database failures.
    fn set_board_link(&self, game: GameId, link: &str) -> Result<(), StoreError>;

    /// A user's rating in a game; `None` before their first rated game of it.
    ///
    /// # Errors
    /// Database failures; a damaged entry.
    fn standing(&self, kind: GameKind, user: UserId) -> Result<Option<Standing>, StoreError>;

    /// A game's ratings best first (ties: the lower user id first), of everyone or of those
    /// who played it rated on `guild`, keeping those `keep` accepts, at most `limit`.
    ///
    /// # Errors
    /// Database failures; a damaged entry.
    fn leaderboard(
        &self,
        kind: GameKind,
        guild: Option<GuildId>,
        keep: &dyn Fn(&Standing) -> bool,
        limit: usize,
    ) -> Result<Vec<(UserId, Standing)>, StoreError>;

    /// Every game, in number order (for `ratings rebuild`).
    ///
    /// # Errors
    /// Database failures; a damaged record.
    fn all_games(&self) -> Result<Vec<GameRecord>, StoreError>;

    /// Replaces every rating by `standings` (a rebuild), in one transaction.
    ///
    /// # Errors
    /// Database failures.
    fn replace_ratings(&self, standings: &[(GameKind, UserId, Standing)])
        -> Result<(), StoreError>;

    /// Everything the store holds, in a canonical order (for `leapfrog export`): two stores
    /// holding the same games give equal dumps, whatever their backend.
    ///
    /// # Errors
    /// Database failures; a damaged entry.
    fn export(&self) -> Result<Dump, StoreError>;

    /// Forgets `user` (`/forget-me`), in one transaction: deletes their settings, their
    /// ratings with their leaderboard places and server memberships, withdraws or declines
    /// their challenges, and gives their seat in every other game the id `anonymous` (see
    /// [`UserId::anonymous`]) and the name [`FORGOTTEN_NAME`], keeping everyone else's
    /// records, replays and ratings as they were. `now` dates the challenges it ends.
    ///
    /// # Errors
    /// [`StoreError::InProgress`] (and nothing changed) while they play a game; database
    /// failures.
    fn forget_user(
        &self,
        user: UserId,
        anonymous: UserId,
        now: u64,
    ) -> Result<Forgotten, StoreError>;

    /// Loads a dump into this store, which must hold no game yet; game numbers, versions,
    /// counters and ratings are kept as they were.
    ///
    /// # Errors
    /// [`StoreError::NotEmpty`]; database failures.
    fn import(&self, dump: &Dump) -> Result<(), StoreError>;

    /// Stores a new tournament, giving it the next tournament number and version 1.
    ///
    /// # Errors
    /// Database failures.
    fn insert_tournament(&self, record: TournamentRecord) -> Result<TournamentRecord, StoreError>;

    /// Reads a tournament.
    ///
    /// # Errors
    /// [`StoreError::NoTournament`], a damaged record, database failures.
    fn tournament(&self, id: TournamentId) -> Result<TournamentRecord, StoreError>;

    /// Writes `record` if the stored version still equals `record.version` (the same
    /// compare-and-swap as games: a round is begun by one worker only); returns it as
    /// stored, its version increased by one.
    ///
    /// # Errors
    /// [`StoreError::TournamentConflict`] if someone else wrote first; as
    /// [`Store::tournament`].
    fn replace_tournament(&self, record: &TournamentRecord)
        -> Result<TournamentRecord, StoreError>;

    /// The tournaments of a server (or, outside servers, of a channel:
    /// [`TournamentRecord::scope`]), newest first.
    ///
    /// # Errors
    /// Database failures; damaged records are skipped (and logged).
    fn tournaments_in(&self, scope: u64) -> Result<Vec<TournamentRecord>, StoreError>;

    /// Every tournament taking players or playing: the scheduler's work list.
    ///
    /// # Errors
    /// Database failures; damaged records are skipped (and logged).
    fn live_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError>;

    /// Every tournament, newest first: what `/forget-me` looks through, since a host who
    /// did not play, or a player who left before their first game, is in no game of theirs.
    /// Reads them all, so only for what is as rare as that.
    ///
    /// # Errors
    /// Database failures; damaged records are skipped (and logged).
    fn all_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError>;

    /// Every game written from now on, by this process or, where the store is shared, by
    /// any worker: what an open page of a game waits on.
    fn watch(&self) -> Watch;

    /// The secret kept under `name`, storing `fresh` first when there is none: every worker
    /// of a shared store gets the same one, and a restart keeps it. Not part of an export
    /// (a store moved elsewhere makes new ones).
    ///
    /// # Errors
    /// Database failures.
    fn secret(&self, name: &str, fresh: &[u8]) -> Result<Vec<u8>, StoreError>;

    /// What the bot worked out and keeps so it need not work it out again (a game's
    /// analysis, generated puzzles) under `key`; `None` when nothing is kept. Not part of an
    /// export, and a damaged value is the caller's to drop: all of it can be made again.
    ///
    /// # Errors
    /// Database failures.
    fn cached(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError>;

    /// Keeps `value` under `key` (see [`Store::cached`]), replacing what was there.
    ///
    /// # Errors
    /// Database failures.
    fn set_cached(&self, key: &str, value: &[u8]) -> Result<(), StoreError>;

    /// Changes what is kept under `key` in one step: `change` is handed the value there
    /// (`None` when nothing is) and returns the new one, or `None` to leave it as it is. A
    /// list that several workers add to and strike from (the analyses owed, generated
    /// puzzles) read and written in two calls could lose one worker's change to another's;
    /// here a change made meanwhile makes `change` run again on the newer value. Returns
    /// whether a value was written.
    ///
    /// # Errors
    /// Database failures.
    fn update_cached(&self, key: &str, change: &mut CacheChange<'_>) -> Result<bool, StoreError>;
}

/// What [`Store::update_cached`] runs on the value kept (`None`: nothing kept): the new
/// value, or `None` to leave it. It may run more than once, when another change came first.
pub type CacheChange<'a> = dyn FnMut(Option<&[u8]>) -> Option<Vec<u8>> + 'a;
