//! The embedded default store: sled, one tree for records and one per index.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use sled::transaction::{abort, ConflictableTransactionError, TransactionError, TransactionalTree};
use sled::{Transactional, Tree};

use super::durable::GroupCommit;
use super::keys::IndexKey;
use super::rate_on_write::{decode_standing, encode_standing, rate_result, RatingWrites};
use super::rating_keys;
use super::record::{ChannelId, GameId, GameRecord, GuildId, Status, UserId};
use super::{Dump, GuildSettings, Store, StoreConfig, StoreError, UserSettings};
use crate::games::GameKind;
use crate::ratings::Standing;

/// Games in sled. Cloning shares the same database.
#[derive(Clone)]
pub struct SledStore {
    db: sled::Db,
    games: Tree,
    by_user: Tree,
    by_channel: Tree,
    challenges: Tree,
    deadlines: Tree,
    settings: Tree,
    guild_settings: Tree,
    board_links: Tree,
    meta: Tree,
    /// Ratings by game and user ([`rating_keys::standing`]).
    ratings: Tree,
    /// Each game's leaderboard ([`rating_keys::order`]).
    rating_order: Tree,
    /// Who played which game rated on which server ([`rating_keys::member`]).
    rated_players: Tree,
    /// How many writes have completed: a write's ticket for [`Store::sync`].
    written: Arc<AtomicU64>,
    commits: Arc<GroupCommit>,
    /// The next game number the log is known to have reached, kept in a file beside it
    /// (none for a temporary store): see [`HIGH_WATER`].
    high_water: Option<Arc<HighWater>>,
}

/// The file beside sled's log that remembers how far game numbers have gone. Sled, finding
/// a damaged message in its log, reads up to it and silently drops what follows; a store
/// whose next number is below this mark has lost games, and is refused rather than served.
const HIGH_WATER: &str = "leapfrog-high-water";

/// The mark, and the number to write at the next flush.
struct HighWater {
    file: std::path::PathBuf,
    written: AtomicU64,
    wanted: AtomicU64,
}

impl HighWater {
    /// Writes the wanted mark if it moved, after the log it describes is on disk.
    fn save(&self) -> Result<(), StoreError> {
        let wanted = self.wanted.load(Ordering::SeqCst);
        if wanted <= self.written.load(Ordering::SeqCst) {
            return Ok(());
        }
        let io = |e: std::io::Error| StoreError::Database(sled::Error::Io(e));
        let mut file = std::fs::File::create(&self.file).map_err(io)?;
        std::io::Write::write_all(&mut file, wanted.to_string().as_bytes()).map_err(io)?;
        file.sync_all().map_err(io)?;
        self.written.fetch_max(wanted, Ordering::SeqCst);
        Ok(())
    }
}

/// The key in the `meta` tree of the next game number to hand out.
const NEXT_GAME: &[u8] = b"next_game";

/// The key in the `meta` tree of how many games have been rated: each rated result takes
/// the next number, the order `ratings rebuild` follows.
const RATED_GAMES: &[u8] = b"rated_games";

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

/// The trees inside a transaction: records, by user, by channel, challenges, deadlines, the
/// meta tree holding the next game number, then ratings, leaderboards and rated players.
type Trees = (
    TransactionalTree,
    TransactionalTree,
    TransactionalTree,
    TransactionalTree,
    TransactionalTree,
    TransactionalTree,
    TransactionalTree,
    TransactionalTree,
    TransactionalTree,
);

impl SledStore {
    /// Every tree a record's write touches, in the order of [`Trees`]: what a transaction
    /// over a record and its index entries opens.
    fn record_trees(
        &self,
    ) -> (
        &Tree,
        &Tree,
        &Tree,
        &Tree,
        &Tree,
        &Tree,
        &Tree,
        &Tree,
        &Tree,
    ) {
        (
            &self.games,
            &self.by_user,
            &self.by_channel,
            &self.challenges,
            &self.deadlines,
            &self.meta,
            &self.ratings,
            &self.rating_order,
            &self.rated_players,
        )
    }

    /// Opens (or creates) the store in `config.data_dir`.
    ///
    /// # Errors
    /// When sled cannot open the directory (for example another process holds it).
    pub fn open(config: &StoreConfig) -> Result<Self, StoreError> {
        let db = sled::open(&config.data_dir).map_err(|error| match error {
            // sled takes an exclusive file lock on its folder and says so in words when it
            // cannot: another process (most likely another Leapfrog) has the folder open.
            sled::Error::Io(io) if io.to_string().starts_with("could not acquire lock") => {
                StoreError::Locked(config.data_dir.clone())
            }
            sled::Error::Corruption { .. } => StoreError::Damaged {
                dir: config.data_dir.clone(),
                reason: error.to_string(),
            },
            other => StoreError::Database(other),
        })?;
        let mut store = Self::from_db(db)?;
        let file = config.data_dir.join(HIGH_WATER);
        let mark = std::fs::read_to_string(&file)
            .ok()
            .and_then(|text| text.trim().parse::<u64>().ok())
            .unwrap_or(0);
        let next = match store.counter(NEXT_GAME)? {
            0 => store.last_game()? + 1,
            next => next,
        };
        if next < mark {
            return Err(StoreError::Damaged {
                dir: config.data_dir.clone(),
                reason: format!(
                    "its log reads only up to game #{} but game #{} had been stored: \
                     the rest of the log is unreadable",
                    next - 1,
                    mark - 1
                ),
            });
        }
        store.high_water = Some(Arc::new(HighWater {
            file,
            written: AtomicU64::new(mark),
            wanted: AtomicU64::new(next),
        }));
        Ok(store)
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
            meta: db.open_tree("meta")?,
            ratings: db.open_tree("ratings")?,
            rating_order: db.open_tree("rating_order")?,
            rated_players: db.open_tree("rated_players")?,
            written: Arc::new(AtomicU64::new(0)),
            commits: Arc::new(GroupCommit::default()),
            high_water: None,
            db,
        })
    }

    /// How many group-commit flushes have run: benchmarks show how many writes share one.
    #[must_use]
    pub fn flushes(&self) -> u64 {
        self.commits.flushes()
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
    /// transaction; `expect` is the version the stored record must have (0: must not exist,
    /// and the record gets the next game number, counted in the same transaction so numbers
    /// stay consecutive across restarts and two inserts never share one). Returns the record
    /// as stored.
    fn write(&self, record: &GameRecord, expect: u64) -> Result<GameRecord, StoreError> {
        let trees = self.record_trees();
        // Only a store from before the counter needs it, and only for a new game.
        let last_game = if expect == 0 { self.last_game()? } else { 0 };
        let result = trees.transaction(|trees: &Trees| {
            let (games, .., meta) = trees;
            let mut record = record.clone();
            if expect == 0 {
                let next = match meta.get(NEXT_GAME)? {
                    Some(bytes) => read_u64(&bytes).ok_or_else(|| {
                        ConflictableTransactionError::Abort(StoreError::Corrupt {
                            id: GameId(0),
                            reason: "the next game number is damaged".into(),
                        })
                    })?,
                    // A store from before the counter: go on after its highest number.
                    None => last_game + 1,
                };
                record.id = GameId(next);
                meta.insert(NEXT_GAME, &(next + 1).to_be_bytes())?;
            }
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
            let was_over = old
                .as_ref()
                .is_some_and(|o| matches!(o.status, Status::Finished(_)));
            if !was_over {
                rate_result(&mut SledRatings(trees), &mut record)?;
            }
            if let Some(old) = &old {
                apply(trees, &Entries::of(old), false)?;
            }
            apply(trees, &Entries::of(&record), true)?;
            games.insert(&key, record.encode())?;
            Ok(record)
        });
        match result {
            Ok(record) => {
                self.written.fetch_add(1, Ordering::SeqCst);
                Ok(record)
            }
            Err(TransactionError::Abort(e)) => Err(e),
            Err(TransactionError::Storage(e)) => Err(e.into()),
        }
    }

    /// Stores a small JSON value under a number in `tree`, counted as a write for
    /// [`Store::sync`].
    fn put_json<T: serde::Serialize>(
        &self,
        tree: &Tree,
        key: u64,
        value: &T,
    ) -> Result<(), StoreError> {
        let bytes = serde_json::to_vec(value).expect("settings always serialise");
        tree.insert(key.to_be_bytes(), bytes)?;
        self.written.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    /// The highest game number stored (0 in an empty store).
    fn last_game(&self) -> Result<u64, StoreError> {
        Ok(self
            .games
            .last()?
            .and_then(|(key, _)| read_u64(&key))
            .unwrap_or(0))
    }

    /// Writes records as they are (numbers and versions kept) with their index entries, in
    /// one transaction: an import.
    fn restore(&self, records: &[GameRecord]) -> Result<(), StoreError> {
        let trees = self.record_trees();
        let result = trees.transaction(|trees: &Trees| {
            for record in records {
                apply(trees, &Entries::of(record), true)?;
                trees
                    .0
                    .insert(&record.id.0.to_be_bytes(), record.encode())?;
            }
            Ok(())
        });
        match result {
            Ok(()) => Ok(()),
            Err(TransactionError::Abort(e)) => Err(e),
            Err(TransactionError::Storage(e)) => Err(e.into()),
        }
    }

    /// Every entry of a settings-like tree: its number and its JSON value.
    fn all_json<T: serde::de::DeserializeOwned>(
        tree: &Tree,
        what: &str,
    ) -> Result<Vec<(u64, T)>, StoreError> {
        tree.iter()
            .map(|entry| {
                let (key, bytes) = entry?;
                let key = read_u64(&key).unwrap_or(0);
                let value = serde_json::from_slice(&bytes).map_err(|e| StoreError::Corrupt {
                    id: GameId(0),
                    reason: format!("the {what} {key} are damaged: {e}"),
                })?;
                Ok((key, value))
            })
            .collect()
    }

    /// A counter of the meta tree (0 when missing).
    fn counter(&self, key: &[u8]) -> Result<u64, StoreError> {
        Ok(self
            .meta
            .get(key)?
            .and_then(|bytes| read_u64(&bytes))
            .unwrap_or(0))
    }

    fn list(&self, tree: &Tree, prefix: u64) -> Result<Vec<GameRecord>, StoreError> {
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
    let (_, by_user, by_channel, challenges, deadlines, ..) = trees;
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

/// The rating trees of a sled transaction, for [`rate_result`].
struct SledRatings<'a>(&'a Trees);

impl RatingWrites for SledRatings<'_> {
    type Error = ConflictableTransactionError<StoreError>;

    fn standing(&mut self, kind: GameKind, user: UserId) -> Result<Option<Standing>, Self::Error> {
        let (.., ratings, _, _) = self.0;
        match ratings.get(rating_keys::standing(kind, user))? {
            Some(bytes) => Ok(Some(decode_standing(&bytes).or_else(abort)?)),
            None => Ok(None),
        }
    }

    fn put_standing(
        &mut self,
        kind: GameKind,
        user: UserId,
        old: &Standing,
        new: &Standing,
        guild: Option<GuildId>,
    ) -> Result<(), Self::Error> {
        let (.., ratings, order, members) = self.0;
        order.remove(&rating_keys::order(kind, old.rating, user)[..])?;
        order.insert(&rating_keys::order(kind, new.rating, user)[..], &[])?;
        ratings.insert(&rating_keys::standing(kind, user)[..], encode_standing(new))?;
        if let Some(guild) = guild {
            members.insert(&rating_keys::member(guild, kind, user)[..], &[])?;
        }
        Ok(())
    }

    fn next_rating_order(&mut self) -> Result<u64, Self::Error> {
        let (.., meta, _, _, _) = self.0;
        let rated = match meta.get(RATED_GAMES)? {
            Some(bytes) => read_u64(&bytes).unwrap_or(0),
            None => 0,
        } + 1;
        meta.insert(RATED_GAMES, &rated.to_be_bytes())?;
        Ok(rated)
    }
}

impl Store for SledStore {
    fn insert(&self, mut record: GameRecord) -> Result<GameRecord, StoreError> {
        record.version = 1;
        let stored = self.write(&record, 0)?;
        if let Some(mark) = &self.high_water {
            mark.wanted.fetch_max(stored.id.0 + 1, Ordering::SeqCst);
        }
        Ok(stored)
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
        self.write(&next, record.version)
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
        self.put_json(&self.settings, user.0, &settings)
    }

    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        read_json(&self.guild_settings, guild.0, "settings of a server")
    }

    fn set_guild_settings(
        &self,
        guild: GuildId,
        settings: GuildSettings,
    ) -> Result<(), StoreError> {
        self.put_json(&self.guild_settings, guild.0, &settings)
    }

    fn board_link(&self, game: GameId) -> Result<Option<String>, StoreError> {
        read_json(&self.board_links, game.0, "board link of a game")
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        match &self.high_water {
            Some(mark) => mark.save(),
            None => Ok(()),
        }
    }

    fn sync(&self) -> Result<(), StoreError> {
        let ticket = self.written.load(Ordering::SeqCst);
        self.commits.wait_durable(ticket, || self.flush())
    }

    fn set_board_link(&self, game: GameId, link: &str) -> Result<(), StoreError> {
        self.put_json(&self.board_links, game.0, &Some(link))
    }

    fn standing(&self, kind: GameKind, user: UserId) -> Result<Option<Standing>, StoreError> {
        self.ratings
            .get(rating_keys::standing(kind, user))?
            .map(|bytes| decode_standing(&bytes))
            .transpose()
    }

    fn leaderboard(
        &self,
        kind: GameKind,
        guild: Option<GuildId>,
        keep: &dyn Fn(&Standing) -> bool,
        limit: usize,
    ) -> Result<Vec<(UserId, Standing)>, StoreError> {
        let mut board = Vec::new();
        for entry in self
            .rating_order
            .scan_prefix(rating_keys::kind_prefix(kind))
        {
            if board.len() >= limit {
                break;
            }
            let (key, _) = entry?;
            let Some(user) = rating_keys::order_user(&key) else {
                continue;
            };
            if let Some(guild) = guild {
                if !self
                    .rated_players
                    .contains_key(rating_keys::member(guild, kind, user))?
                {
                    continue;
                }
            }
            if let Some(standing) = self.standing(kind, user)? {
                if keep(&standing) {
                    board.push((user, standing));
                }
            }
        }
        Ok(board)
    }

    fn all_games(&self) -> Result<Vec<GameRecord>, StoreError> {
        self.games
            .iter()
            .map(|entry| {
                let (key, bytes) = entry?;
                let id = GameId(read_u64(&key).unwrap_or(0));
                GameRecord::decode(id, &bytes)
            })
            .collect()
    }

    fn replace_ratings(
        &self,
        standings: &[(GameKind, UserId, Standing)],
    ) -> Result<(), StoreError> {
        // The keys to drop, read before the transaction: a transaction must not scan the
        // trees it writes.
        let old: Vec<(bool, sled::IVec)> = self
            .ratings
            .iter()
            .keys()
            .map(|k| k.map(|k| (true, k)))
            .chain(
                self.rating_order
                    .iter()
                    .keys()
                    .map(|k| k.map(|k| (false, k))),
            )
            .collect::<Result<_, _>>()?;
        let trees = (&self.ratings, &self.rating_order);
        let result = trees.transaction(|(ratings, order)| {
            for (standing, key) in &old {
                if *standing {
                    ratings.remove(key)?;
                } else {
                    order.remove(key)?;
                }
            }
            for (kind, user, standing) in standings {
                ratings.insert(
                    &rating_keys::standing(*kind, *user)[..],
                    encode_standing(standing),
                )?;
                order.insert(&rating_keys::order(*kind, standing.rating, *user)[..], &[])?;
            }
            Ok(())
        });
        match result {
            Ok(()) => {
                self.written.fetch_add(1, Ordering::SeqCst);
                Ok(())
            }
            Err(TransactionError::Abort(e)) => Err(e),
            Err(TransactionError::Storage(e)) => Err(e.into()),
        }
    }

    fn export(&self) -> Result<Dump, StoreError> {
        let next_game = match self.counter(NEXT_GAME)? {
            0 => self.last_game()? + 1,
            next => next,
        };
        let mut dump = Dump {
            next_game,
            rated_games: self.counter(RATED_GAMES)?,
            games: self.all_games()?,
            ..Dump::default()
        };
        dump.user_settings = Self::all_json(&self.settings, "settings of a user")?
            .into_iter()
            .map(|(user, settings)| (UserId(user), settings))
            .collect();
        dump.guild_settings = Self::all_json(&self.guild_settings, "settings of a server")?
            .into_iter()
            .map(|(guild, settings)| (GuildId(guild), settings))
            .collect();
        dump.board_links = Self::all_json::<Option<String>>(&self.board_links, "board link")?
            .into_iter()
            .filter_map(|(game, link)| Some((GameId(game), link?)))
            .collect();
        for entry in &self.ratings {
            let (key, bytes) = entry?;
            if let Some((kind, user)) = rating_keys::standing_parts(&key) {
                dump.ratings.push((kind, user, decode_standing(&bytes)?));
            }
        }
        for key in self.rated_players.iter().keys() {
            dump.rated_players.extend(rating_keys::member_parts(&key?));
        }
        dump.sort();
        Ok(dump)
    }

    fn import(&self, dump: &Dump) -> Result<(), StoreError> {
        if !self.games.is_empty() {
            return Err(StoreError::NotEmpty(self.games.len() as u64));
        }
        for chunk in dump.games.chunks(1000) {
            self.restore(chunk)?;
        }
        let next = dump.next_number();
        self.meta.insert(NEXT_GAME, &next.to_be_bytes())?;
        if let Some(mark) = &self.high_water {
            mark.wanted.fetch_max(next, Ordering::SeqCst);
        }
        self.meta
            .insert(RATED_GAMES, &dump.rated_games.to_be_bytes())?;
        for (user, settings) in &dump.user_settings {
            self.put_json(&self.settings, user.0, settings)?;
        }
        for (guild, settings) in &dump.guild_settings {
            self.put_json(&self.guild_settings, guild.0, settings)?;
        }
        for (game, link) in &dump.board_links {
            self.put_json(&self.board_links, game.0, &Some(link))?;
        }
        self.replace_ratings(&dump.ratings)?;
        for &(guild, kind, user) in &dump.rated_players {
            self.rated_players
                .insert(rating_keys::member(guild, kind, user), &[])?;
        }
        self.flush()
    }

    fn forget_user(
        &self,
        user: UserId,
        anonymous: UserId,
        now: u64,
    ) -> Result<super::Forgotten, StoreError> {
        forget_in_sled(self, user, anonymous, now)
    }
}

/// A small JSON value under a number in `tree`; the default when there is none.
fn read_json<T: Default + serde::de::DeserializeOwned>(
    tree: &Tree,
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

/// A big-endian `u64` stored as 8 bytes; `None` for anything else.
fn read_u64(bytes: &[u8]) -> Option<u64> {
    Some(u64::from_be_bytes(bytes.try_into().ok()?))
}

/// [`Store::forget_user`] on sled: one transaction over the records, their indexes, the
/// user's settings and the rating trees. The user's games and server memberships are listed
/// before it (a transaction must not scan the trees it writes); a game made for them in
/// between is caught by another round.
fn forget_in_sled(
    store: &SledStore,
    user: UserId,
    anonymous: UserId,
    now: u64,
) -> Result<super::Forgotten, StoreError> {
    use super::forget::forget_in;
    use sled::transaction::ConflictableTransactionResult;

    let mut done = super::Forgotten::default();
    for _ in 0..3 {
        let games: Vec<u64> = store
            .by_user
            .scan_prefix(user.0.to_be_bytes())
            .keys()
            .map(|key| Ok(IndexKey::from_bytes(&key?).map(|k| k.game)))
            .filter_map(Result::transpose)
            .collect::<Result<_, sled::Error>>()?;
        let members: Vec<sled::IVec> = store
            .rated_players
            .iter()
            .keys()
            .filter(|key| {
                key.as_ref().map_or(true, |key| {
                    rating_keys::member_parts(key).is_some_and(|(.., u)| u == user)
                })
            })
            .collect::<Result<_, _>>()?;
        let trees = (
            &store.games,
            &store.by_user,
            &store.by_channel,
            &store.challenges,
            &store.deadlines,
            &store.settings,
            &store.ratings,
            &store.rating_order,
            &store.rated_players,
        );
        let result = trees.transaction(
            |(
                records,
                by_user,
                by_channel,
                challenges,
                deadlines,
                settings,
                ratings,
                order,
                rated,
            )|
             -> ConflictableTransactionResult<super::Forgotten, StoreError> {
                let index = |entries: &Entries,
                             add: bool|
                 -> ConflictableTransactionResult<(), StoreError> {
                    let each =
                        |tree: &TransactionalTree,
                         key: IndexKey|
                         -> ConflictableTransactionResult<(), StoreError> {
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
                };
                let mut round = super::Forgotten::default();
                for &game in &games {
                    let key = game.to_be_bytes();
                    let Some(bytes) = records.get(key)? else {
                        continue;
                    };
                    let old = GameRecord::decode(GameId(game), &bytes).or_else(abort)?;
                    let Some((mut new, challenge)) =
                        forget_in(&old, user, anonymous, now).or_else(abort)?
                    else {
                        continue;
                    };
                    new.version = old.version + 1;
                    index(&Entries::of(&old), false)?;
                    index(&Entries::of(&new), true)?;
                    records.insert(&key, new.encode())?;
                    if challenge {
                        round.challenges += 1;
                    } else {
                        round.games += 1;
                    }
                }
                round.settings = settings.remove(&user.0.to_be_bytes())?.is_some();
                for kind in GameKind::ALL {
                    if let Some(bytes) = ratings.remove(&rating_keys::standing(kind, user)[..])? {
                        let standing = decode_standing(&bytes).or_else(abort)?;
                        order.remove(&rating_keys::order(kind, standing.rating, user)[..])?;
                        round.ratings += 1;
                    }
                }
                for key in &members {
                    rated.remove(key)?;
                }
                Ok(round)
            },
        );
        let round = match result {
            Ok(round) => round,
            Err(TransactionError::Abort(e)) => return Err(e),
            Err(TransactionError::Storage(e)) => return Err(e.into()),
        };
        store.written.fetch_add(1, Ordering::SeqCst);
        done.games += round.games;
        done.challenges += round.challenges;
        done.ratings += round.ratings;
        done.settings |= round.settings;
        if store
            .by_user
            .scan_prefix(user.0.to_be_bytes())
            .next()
            .is_none()
        {
            break;
        }
    }
    Ok(done)
}
