//! The embedded default store: sled, one tree for records and one per index.

use std::path::PathBuf;

use serde::Deserialize;
use sled::transaction::{abort, ConflictableTransactionError, TransactionError, TransactionalTree};
use sled::Transactional;

use super::keys::IndexKey;
use super::record::{ChannelId, GameId, GameRecord, GuildId, Status, UserId};
use super::{GuildSettings, Store, StoreError, UserSettings};

/// The store's settings (`[store]` in the config file).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoreConfig {
    /// The sled data directory; created if missing.
    #[serde(default = "default_data_dir")]
    pub data_dir: PathBuf,
}

fn default_data_dir() -> PathBuf {
    PathBuf::from("data")
}

impl Default for StoreConfig {
    fn default() -> Self {
        Self {
            data_dir: default_data_dir(),
        }
    }
}

/// Games in sled. Cloning shares the same database.
#[derive(Clone)]
pub struct SledStore {
    db: sled::Db,
    games: sled::Tree,
    by_user: sled::Tree,
    by_channel: sled::Tree,
    challenges: sled::Tree,
    deadlines: sled::Tree,
    settings: sled::Tree,
    guild_settings: sled::Tree,
    board_links: sled::Tree,
}

/// The index entries a record owns: removed and re-added with every write.
struct Entries {
    users: Vec<IndexKey>,
    channel: IndexKey,
    challenge: Option<IndexKey>,
    deadline: Option<IndexKey>,
}

impl Entries {
    fn of(record: &GameRecord) -> Self {
        let game = record.id.0;
        let key = |prefix| IndexKey { prefix, game };
        Self {
            users: record.users().into_iter().map(|u| key(u.0)).collect(),
            channel: key(record.place.channel.0),
            challenge: matches!(record.status, Status::Challenge(_))
                .then(|| key(record.place.channel.0)),
            deadline: record.alarm().map(key),
        }
    }
}

/// The five trees inside a transaction: records, by user, by channel, challenges, deadlines.
type Trees = (
    TransactionalTree,
    TransactionalTree,
    TransactionalTree,
    TransactionalTree,
    TransactionalTree,
);

impl SledStore {
    /// Opens (or creates) the store in `config.data_dir`.
    ///
    /// # Errors
    /// When sled cannot open the directory (for example another process holds it).
    pub fn open(config: &StoreConfig) -> Result<Self, StoreError> {
        Self::from_db(sled::open(&config.data_dir)?)
    }

    /// A store that lives only in memory and a temporary file, for tests and demos.
    ///
    /// # Errors
    /// When sled cannot create it.
    pub fn temporary() -> Result<Self, StoreError> {
        Self::from_db(sled::Config::new().temporary(true).open()?)
    }

    fn from_db(db: sled::Db) -> Result<Self, StoreError> {
        Ok(Self {
            games: db.open_tree("games")?,
            by_user: db.open_tree("games_by_user")?,
            by_channel: db.open_tree("games_by_channel")?,
            challenges: db.open_tree("challenges_by_channel")?,
            deadlines: db.open_tree("deadlines")?,
            settings: db.open_tree("user_settings")?,
            guild_settings: db.open_tree("guild_settings")?,
            board_links: db.open_tree("board_links")?,
            db,
        })
    }

    /// Writes raw bytes as a game's record: only for tests of damaged records.
    ///
    /// # Errors
    /// Database failures.
    pub fn write_raw(&self, id: GameId, bytes: &[u8]) -> Result<(), StoreError> {
        self.games.insert(id.0.to_be_bytes(), bytes)?;
        Ok(())
    }

    /// Writes `record` (version already set) replacing `old`'s index entries, in one
    /// transaction; `expect` is the version the stored record must have (0: must not exist).
    fn write(&self, record: &GameRecord, expect: u64) -> Result<(), StoreError> {
        let trees = (
            &self.games,
            &self.by_user,
            &self.by_channel,
            &self.challenges,
            &self.deadlines,
        );
        let result = trees.transaction(|trees: &Trees| {
            let (games, ..) = trees;
            let key = record.id.0.to_be_bytes();
            let old = match games.get(key)? {
                Some(bytes) => Some(GameRecord::decode(record.id, &bytes).or_else(abort)?),
                None => None,
            };
            let found = old.as_ref().map_or(0, |o| o.version);
            if found != expect {
                return abort(if expect == 0 || old.is_none() {
                    StoreError::NotFound(record.id)
                } else {
                    StoreError::Conflict(record.id)
                });
            }
            if let Some(old) = &old {
                apply(trees, &Entries::of(old), false)?;
            }
            apply(trees, &Entries::of(record), true)?;
            games.insert(&key, record.encode())?;
            Ok(())
        });
        match result {
            Ok(()) => Ok(()),
            Err(TransactionError::Abort(e)) => Err(e),
            Err(TransactionError::Storage(e)) => Err(e.into()),
        }
    }

    fn list(&self, tree: &sled::Tree, prefix: u64) -> Result<Vec<GameRecord>, StoreError> {
        let mut records = Vec::new();
        for entry in tree.scan_prefix(prefix.to_be_bytes()).rev() {
            let (key, _) = entry?;
            let Some(key) = IndexKey::from_bytes(&key) else {
                continue;
            };
            match self.get(GameId(key.game)) {
                Ok(record) => records.push(record),
                // One damaged record must not hide a user's other games.
                Err(error) => {
                    tracing::warn!(game = key.game, %error, "skipping a game in a listing")
                }
            }
        }
        Ok(records)
    }
}

/// Adds (or removes) a record's index entries.
fn apply(
    trees: &Trees,
    entries: &Entries,
    add: bool,
) -> Result<(), ConflictableTransactionError<StoreError>> {
    let (_, by_user, by_channel, challenges, deadlines) = trees;
    let each = |tree: &TransactionalTree,
                key: IndexKey|
     -> Result<(), ConflictableTransactionError<StoreError>> {
        if add {
            tree.insert(&key.to_bytes(), &[])?;
        } else {
            tree.remove(&key.to_bytes())?;
        }
        Ok(())
    };
    for &key in &entries.users {
        each(by_user, key)?;
    }
    each(by_channel, entries.channel)?;
    if let Some(key) = entries.challenge {
        each(challenges, key)?;
    }
    if let Some(key) = entries.deadline {
        each(deadlines, key)?;
    }
    Ok(())
}

impl Store for SledStore {
    fn insert(&self, mut record: GameRecord) -> Result<GameRecord, StoreError> {
        record.id = GameId(self.db.generate_id()? + 1);
        record.version = 1;
        self.write(&record, 0)?;
        Ok(record)
    }

    fn get(&self, id: GameId) -> Result<GameRecord, StoreError> {
        let bytes = self
            .games
            .get(id.0.to_be_bytes())?
            .ok_or(StoreError::NotFound(id))?;
        let record = GameRecord::decode(id, &bytes)?;
        if record.id != id {
            return Err(StoreError::Corrupt {
                id,
                reason: format!("it is stored under #{id} but says #{}", record.id),
            });
        }
        Ok(record)
    }

    fn replace(&self, record: &GameRecord) -> Result<GameRecord, StoreError> {
        let mut next = record.clone();
        next.version = record.version + 1;
        self.write(&next, record.version)?;
        Ok(next)
    }

    fn games_of_user(&self, user: UserId) -> Result<Vec<GameRecord>, StoreError> {
        self.list(&self.by_user, user.0)
    }

    fn games_in_channel(&self, channel: ChannelId) -> Result<Vec<GameRecord>, StoreError> {
        self.list(&self.by_channel, channel.0)
    }

    fn challenges_in_channel(&self, channel: ChannelId) -> Result<Vec<GameRecord>, StoreError> {
        self.list(&self.challenges, channel.0)
    }

    fn deadlines_until(&self, until: u64) -> Result<Vec<(u64, GameId)>, StoreError> {
        let end = IndexKey {
            prefix: until,
            game: u64::MAX,
        }
        .to_bytes();
        self.deadlines
            .range(..=end)
            .map(|entry| {
                let (key, _) = entry?;
                let key = IndexKey::from_bytes(&key).ok_or_else(|| StoreError::Corrupt {
                    id: GameId(0),
                    reason: "a deadline key has the wrong length".into(),
                })?;
                Ok((key.prefix, GameId(key.game)))
            })
            .collect()
    }

    fn settings(&self, user: UserId) -> Result<UserSettings, StoreError> {
        read_json(&self.settings, user.0, "settings of a user")
    }

    fn set_settings(&self, user: UserId, settings: UserSettings) -> Result<(), StoreError> {
        write_json(&self.settings, user.0, &settings)
    }

    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        read_json(&self.guild_settings, guild.0, "settings of a server")
    }

    fn set_guild_settings(
        &self,
        guild: GuildId,
        settings: GuildSettings,
    ) -> Result<(), StoreError> {
        write_json(&self.guild_settings, guild.0, &settings)
    }

    fn board_link(&self, game: GameId) -> Result<Option<String>, StoreError> {
        read_json(&self.board_links, game.0, "board link of a game")
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        Ok(())
    }

    fn set_board_link(&self, game: GameId, link: &str) -> Result<(), StoreError> {
        write_json(&self.board_links, game.0, &Some(link))
    }
}

/// A small JSON value under a number in `tree`; the default when there is none.
fn read_json<T: Default + serde::de::DeserializeOwned>(
    tree: &sled::Tree,
    key: u64,
    what: &str,
) -> Result<T, StoreError> {
    match tree.get(key.to_be_bytes())? {
        None => Ok(T::default()),
        Some(bytes) => serde_json::from_slice(&bytes).map_err(|e| StoreError::Corrupt {
            id: GameId(0),
            reason: format!("the {what} {key} are damaged: {e}"),
        }),
    }
}

fn write_json<T: serde::Serialize>(
    tree: &sled::Tree,
    key: u64,
    value: &T,
) -> Result<(), StoreError> {
    let bytes = serde_json::to_vec(value).expect("settings always serialise");
    tree.insert(key.to_be_bytes(), bytes)?;
    Ok(())
}
