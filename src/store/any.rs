//! The store the configuration names: sled or PostgreSQL, behind one type, so the binary and
//! the tests run the same play layer on either.

use super::{
    ChannelId, Dump, GameId, GameRecord, GuildId, GuildSettings, PgStore, SledStore, Store,
    StoreConfig, StoreError, TournamentId, TournamentRecord, UserId, UserSettings,
};
use crate::games::GameKind;
use crate::ratings::Standing;

/// One of the backends.
#[derive(Clone)]
pub enum AnyStore {
    /// The embedded default.
    Sled(SledStore),
    /// The shared database.
    Postgres(PgStore),
}

impl AnyStore {
    /// Opens the store `config` names: PostgreSQL when it has a URL (or `DATABASE_URL` is
    /// set), else sled in its data folder.
    ///
    /// # Errors
    /// As [`SledStore::open`] and [`PgStore::connect`].
    pub fn open(config: &StoreConfig) -> Result<Self, StoreError> {
        match config.postgres_url() {
            Some(url) => PgStore::connect(&url, config.pool_size, config.schema.as_deref())
                .map(Self::Postgres),
            None => SledStore::open(config).map(Self::Sled),
        }
    }

    /// Which backend, in a word, for logs and messages.
    #[must_use]
    pub fn backend(&self) -> &'static str {
        match self {
            Self::Sled(_) => "sled",
            Self::Postgres(_) => "PostgreSQL",
        }
    }
}

impl AnyStore {
    /// Writes raw bytes as a game's record: only for tests of damaged records.
    ///
    /// # Errors
    /// Database failures.
    pub fn write_raw(&self, id: GameId, bytes: &[u8]) -> Result<(), StoreError> {
        match self {
            Self::Sled(store) => store.write_raw(id, bytes),
            Self::Postgres(store) => store.write_raw(id, bytes),
        }
    }
}

impl From<SledStore> for AnyStore {
    fn from(store: SledStore) -> Self {
        Self::Sled(store)
    }
}

impl From<PgStore> for AnyStore {
    fn from(store: PgStore) -> Self {
        Self::Postgres(store)
    }
}

/// Forwards each method to the backend, timing it for `leapfrog_store_call_seconds` (the
/// one place every store call of the bot passes, whichever backend). A sled folder found
/// damaged on a read is said as at open, with the way to restore ([`SledStore::damage`]).
macro_rules! forward {
    ($(fn $name:ident(&self $(, $arg:ident: $ty:ty)*) -> $out:ty;)*) => {
        impl Store for AnyStore {
            $(fn $name(&self $(, $arg: $ty)*) -> $out {
                let started = std::time::Instant::now();
                let result = match self {
                    Self::Sled(store) => store.$name($($arg),*).map_err(|e| store.damage(e)),
                    Self::Postgres(store) => store.$name($($arg),*),
                };
                crate::metrics::store_call(
                    stringify!($name),
                    self.backend(),
                    started.elapsed(),
                    result.is_err(),
                );
                result
            })*

            fn watch(&self) -> super::Watch {
                match self {
                    Self::Sled(store) => store.watch(),
                    Self::Postgres(store) => store.watch(),
                }
            }
        }
    };
}

forward! {
    fn insert(&self, record: GameRecord) -> Result<GameRecord, StoreError>;
    fn get(&self, id: GameId) -> Result<GameRecord, StoreError>;
    fn replace(&self, record: &GameRecord) -> Result<GameRecord, StoreError>;
    fn games_of_user(&self, user: UserId) -> Result<Vec<GameRecord>, StoreError>;
    fn games_in_channel(&self, channel: ChannelId) -> Result<Vec<GameRecord>, StoreError>;
    fn challenges_in_channel(&self, channel: ChannelId) -> Result<Vec<GameRecord>, StoreError>;
    fn deadlines_until(&self, until: u64) -> Result<Vec<(u64, GameId)>, StoreError>;
    fn settings(&self, user: UserId) -> Result<UserSettings, StoreError>;
    fn set_settings(&self, user: UserId, settings: UserSettings) -> Result<(), StoreError>;
    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError>;
    fn set_guild_settings(&self, guild: GuildId, settings: GuildSettings) -> Result<(), StoreError>;
    fn board_link(&self, game: GameId) -> Result<Option<String>, StoreError>;
    fn flush(&self) -> Result<(), StoreError>;
    fn sync(&self) -> Result<(), StoreError>;
    fn set_board_link(&self, game: GameId, link: &str) -> Result<(), StoreError>;
    fn standing(&self, kind: GameKind, user: UserId) -> Result<Option<Standing>, StoreError>;
    fn leaderboard(
        &self,
        kind: GameKind,
        guild: Option<GuildId>,
        keep: &dyn Fn(&Standing) -> bool,
        limit: usize
    ) -> Result<Vec<(UserId, Standing)>, StoreError>;
    fn all_games(&self) -> Result<Vec<GameRecord>, StoreError>;
    fn replace_ratings(&self, standings: &[(GameKind, UserId, Standing)]) -> Result<(), StoreError>;
    fn export(&self) -> Result<Dump, StoreError>;
    fn import(&self, dump: &Dump) -> Result<(), StoreError>;
    fn forget_user(&self, user: UserId, anonymous: UserId, now: u64) -> Result<super::Forgotten, StoreError>;
    fn secret(&self, name: &str, fresh: &[u8]) -> Result<Vec<u8>, StoreError>;
    fn cached(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError>;
    fn set_cached(&self, key: &str, value: &[u8]) -> Result<(), StoreError>;
    fn update_cached(&self, key: &str, change: &mut super::CacheChange<'_>) -> Result<bool, StoreError>;
    fn insert_tournament(&self, record: TournamentRecord) -> Result<TournamentRecord, StoreError>;
    fn tournament(&self, id: TournamentId) -> Result<TournamentRecord, StoreError>;
    fn replace_tournament(&self, record: &TournamentRecord) -> Result<TournamentRecord, StoreError>;
    fn tournaments_in(&self, scope: u64) -> Result<Vec<TournamentRecord>, StoreError>;
    fn live_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError>;
    fn all_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError>;
}
