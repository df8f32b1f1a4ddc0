//! The shared store: PostgreSQL, for a bot that runs as several processes (HTTP workers,
//! gateway shards) or on several machines.
//!
//! It keeps every promise of the sled store. A write is one transaction holding the record
//! and all its index rows; a reply that reports it is sent after `COMMIT` returns, and a
//! committed transaction is durable (`synchronous_commit`, PostgreSQL's default; a warning is
//! logged at start when the server has it off). A new game takes its number from a counter
//! row updated in its own transaction, so numbers are small, consecutive and never shared,
//! whichever process asks. A move is a compare-and-swap: the row is locked and its version
//! checked, so of two processes' moves for one turn exactly one lands. That is also how
//! several schedulers share the due alarms: each firing is a compare-and-swap of the game's
//! clock stage, so exactly one process claims it and posts its notice.
//!
//! The trait stays synchronous: the play layer runs on tokio's blocking pool, where the
//! `postgres` client (tokio-postgres driven by a runtime of its own) may block.

mod forget;
mod listen;
mod schema;
mod tournaments;

use std::time::Duration;

use postgres::error::SqlState;
use postgres::{NoTls, Transaction};
use r2d2_postgres::{r2d2, PostgresConnectionManager};

use super::dump::Dump;
use super::rate_on_write::{decode_standing, encode_standing, rate_result, RatingWrites};
use super::rating_keys::{self, kind_byte};
use super::record::{ChannelId, GameId, GameRecord, GuildId, Status, TournamentId, UserId};
use super::{GuildSettings, Store, StoreError, TournamentRecord, UserSettings};
use crate::games::GameKind;
use crate::ratings::Standing;

type Pool = r2d2::Pool<PostgresConnectionManager<NoTls>>;

/// How often an operation is tried when the connection is lost or PostgreSQL asks for a
/// retry (a deadlock or serialization failure), before the error reaches the player.
const ATTEMPTS: u32 = 5;

/// How long a store call waits for a connection (a free one from the pool, or a new one to
/// the server) before it answers that the store cannot be reached. A player's command must
/// be answered within Discord's 3 s, and a page within a moment: with PostgreSQL down, the
/// answer is "the store is down" at once, not a hang.
const WAIT_FOR_SERVER: Duration = Duration::from_millis(1_000);

/// The first key of the advisory locks [`Store::update_cached`] takes (the second is the
/// cache key's hash): the two-key locks are a space apart from the migration's lock.
const CACHE_LOCK: i32 = 0x6c66_6361; // "lfca"

/// Games in PostgreSQL. Cloning shares the connection pool.
#[derive(Clone)]
pub struct PgStore {
    pool: std::sync::Arc<PoolOwner>,
    /// Hears of the games every worker writes (see [`listen`]).
    listener: std::sync::Arc<listen::Listener>,
}

/// Owns the pool. Each `postgres` connection holds a small tokio runtime of its own, which
/// must not be created or dropped on a thread that drives async tasks; so a pool dropped
/// there (a worker shutting down inside its runtime) is dropped on a thread of its own.
struct PoolOwner(Option<Pool>);

impl std::ops::Deref for PoolOwner {
    type Target = Pool;
    fn deref(&self) -> &Pool {
        self.0.as_ref().expect("the pool lives until drop")
    }
}

impl Drop for PoolOwner {
    fn drop(&mut self) {
        let pool = self.0.take();
        if tokio::runtime::Handle::try_current().is_ok() {
            std::thread::spawn(move || drop(pool));
        }
    }
}

/// Runs `work` on a thread outside any async runtime (see [`PoolOwner`]) when called from
/// inside one; else right here.
fn outside_runtime<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    if tokio::runtime::Handle::try_current().is_ok() {
        std::thread::scope(|scope| {
            scope
                .spawn(work)
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    } else {
        work()
    }
}

/// Why an operation stopped: the database said so, or the store decided.
enum Fail {
    Db(postgres::Error),
    Store(StoreError),
}

impl From<postgres::Error> for Fail {
    fn from(error: postgres::Error) -> Self {
        Self::Db(error)
    }
}

impl From<StoreError> for Fail {
    fn from(error: StoreError) -> Self {
        Self::Store(error)
    }
}

/// Whether trying again may succeed: the connection was lost before the commit, or
/// PostgreSQL aborted the transaction to break a deadlock or a serialization conflict.
fn retryable(error: &postgres::Error) -> bool {
    if error.is_closed() {
        return true;
    }
    match error.code() {
        Some(code) => {
            [
                SqlState::T_R_SERIALIZATION_FAILURE,
                SqlState::T_R_DEADLOCK_DETECTED,
                SqlState::ADMIN_SHUTDOWN,
                SqlState::CRASH_SHUTDOWN,
                SqlState::CANNOT_CONNECT_NOW,
            ]
            .contains(code)
                || code.code().starts_with("08")
        }
        // No SQL state: the socket failed.
        None => std::error::Error::source(error)
            .is_some_and(|source| source.downcast_ref::<std::io::Error>().is_some()),
    }
}

/// A database error as the store's error.
fn store_error(error: &postgres::Error) -> StoreError {
    StoreError::Postgres(match error.as_db_error() {
        Some(db) => format!("{} ({})", db.message(), db.code().code()),
        None => error.to_string(),
    })
}

/// An id as PostgreSQL's `BIGINT`: the same 64 bits (Discord's ids are below 2^63).
fn sql(id: u64) -> i64 {
    id as i64
}

/// An id back from a `BIGINT`.
fn id(value: i64) -> u64 {
    value as u64
}

/// The leaderboard key of a rating (to a thousandth of a point, as sled orders it).
fn rank(rating: f64) -> i64 {
    sql(rating_keys::scaled(rating))
}

/// A game from its kind byte.
fn kind_of(byte: i16) -> Result<GameKind, StoreError> {
    u8::try_from(byte)
        .ok()
        .and_then(rating_keys::kind_of_byte)
        .ok_or_else(|| StoreError::Corrupt {
            id: GameId(0),
            reason: format!("a rating names game {byte}, which this release does not know"),
        })
}

/// The columns a record owns besides its bytes: its index entries.
struct Columns {
    channel: i64,
    challenge: Option<i64>,
    alarm: Option<i64>,
    users: Vec<i64>,
}

impl Columns {
    fn of(record: &GameRecord) -> Self {
        let mut users: Vec<i64> = record.users().into_iter().map(|u| sql(u.0)).collect();
        users.sort_unstable();
        users.dedup();
        Self {
            channel: sql(record.place.channel.0),
            challenge: matches!(record.status, Status::Challenge(_))
                .then(|| sql(record.place.channel.0)),
            alarm: record.alarm().map(sql),
            users,
        }
    }
}

impl PgStore {
    /// Connects to the database at `url` with up to `pool_size` connections, creating or
    /// migrating the schema. With `schema`, the tables live in that PostgreSQL schema
    /// (created if missing): the tests give each store its own, and two bots may share a
    /// database that way.
    ///
    /// # Errors
    /// [`StoreError::Unreachable`] when no connection can be made; a failed migration; a
    /// database written by a newer release.
    pub fn connect(url: &str, pool_size: u32, schema: Option<&str>) -> Result<Self, StoreError> {
        outside_runtime(|| Self::connect_here(url, pool_size, schema))
    }

    fn connect_here(url: &str, pool_size: u32, schema: Option<&str>) -> Result<Self, StoreError> {
        let mut config: postgres::Config = url
            .parse()
            .map_err(|e| StoreError::Unreachable(format!("the URL is not valid: {e}")))?;
        config.connect_timeout(WAIT_FOR_SERVER);
        if let Some(schema) = schema {
            if !schema
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                return Err(StoreError::Unreachable(format!(
                    "the schema name {schema:?} must be letters, digits and _"
                )));
            }
            let mut client = config
                .connect(NoTls)
                .map_err(|e| StoreError::Unreachable(e.to_string()))?;
            client
                .batch_execute(&format!("CREATE SCHEMA IF NOT EXISTS {schema}"))
                .map_err(|e| store_error(&e))?;
            config.options(&format!("-c search_path={schema}"));
        }
        let listener = listen::Listener::new(config.clone());
        let pool = r2d2::Pool::builder()
            .max_size(pool_size.max(1))
            .min_idle(Some(1))
            .connection_timeout(WAIT_FOR_SERVER)
            // A dead connection is found by using it (and the operation retried), not by a
            // round trip before every use.
            .test_on_check_out(false)
            .build(PostgresConnectionManager::new(config, NoTls))
            .map_err(|e| StoreError::Unreachable(e.to_string()))?;
        let store = Self {
            pool: std::sync::Arc::new(PoolOwner(Some(pool))),
            listener,
        };
        store.run(schema::migrate)?;
        store.warn_if_not_durable();
        Ok(store)
    }

    /// Writes raw bytes as an existing game's record: only for tests of damaged records.
    ///
    /// # Errors
    /// Database failures.
    pub fn write_raw(&self, game: GameId, bytes: &[u8]) -> Result<(), StoreError> {
        self.run(|tx| {
            Ok(tx.execute(
                "UPDATE games SET record = $2 WHERE id = $1",
                &[&sql(game.0), &bytes],
            )?)
        })?;
        Ok(())
    }

    fn warn_if_not_durable(&self) {
        let setting = self.run(|tx| {
            Ok(tx
                .query_one("SHOW synchronous_commit", &[])?
                .get::<_, String>(0))
        });
        if let Ok(setting) = setting {
            if setting == "off" {
                tracing::warn!(
                    "PostgreSQL has synchronous_commit = off: a confirmed move can be lost \
                     if the database server crashes; set it to on"
                );
            }
        }
    }

    /// Runs `work` in a transaction and commits it, trying again (with a new connection)
    /// when the connection was lost or PostgreSQL asked for a retry before the commit. A
    /// failed commit is not retried: whether it landed is unknown, so it is reported.
    fn run<T>(
        &self,
        mut work: impl FnMut(&mut Transaction<'_>) -> Result<T, Fail>,
    ) -> Result<T, StoreError> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let error = match self.attempt(&mut work) {
                Ok(Ok(value)) => return Ok(value),
                Ok(Err(Fail::Store(error))) => return Err(error),
                Ok(Err(Fail::Db(error))) => error,
                // The commit itself failed.
                Err(error) => return Err(store_error(&error)),
            };
            if attempt >= ATTEMPTS || !retryable(&error) {
                return Err(store_error(&error));
            }
            tracing::warn!(attempt, %error, "PostgreSQL: trying again");
            std::thread::sleep(Duration::from_millis(20 << attempt));
        }
    }

    /// One try of [`PgStore::run`]: the outer error is a failed commit.
    fn attempt<T>(
        &self,
        work: &mut impl FnMut(&mut Transaction<'_>) -> Result<T, Fail>,
    ) -> Result<Result<T, Fail>, postgres::Error> {
        let mut client = match self.pool.get() {
            Ok(client) => client,
            Err(error) => return Ok(Err(Fail::Store(StoreError::Unreachable(error.to_string())))),
        };
        let mut tx = match client.transaction() {
            Ok(tx) => tx,
            Err(error) => return Ok(Err(Fail::Db(error))),
        };
        match work(&mut tx) {
            Ok(value) => {
                tx.commit()?;
                Ok(Ok(value))
            }
            // Dropping the transaction rolls it back.
            Err(fail) => Ok(Err(fail)),
        }
    }

    /// Writes `record` (version already set) in `tx`; `expect` is the version the stored
    /// record must have (0: a new game, which takes the next number).
    fn write(
        tx: &mut Transaction<'_>,
        record: &GameRecord,
        expect: u64,
    ) -> Result<GameRecord, Fail> {
        let mut record = record.clone();
        let old = if expect == 0 {
            let row = tx.query_one(
                "UPDATE counters SET value = value + 1 WHERE name = 'next_game' RETURNING value - 1",
                &[],
            )?;
            record.id = GameId(id(row.get(0)));
            if record.id.0 > super::MAX_GAME_ID {
                return Err(StoreError::NumbersUsedUp.into());
            }
            None
        } else {
            let row = tx.query_opt(
                "SELECT version, record FROM games WHERE id = $1 FOR UPDATE",
                &[&sql(record.id.0)],
            )?;
            let Some(row) = row else {
                return Err(StoreError::NotFound(record.id).into());
            };
            if id(row.get(0)) != expect {
                return Err(StoreError::Conflict(record.id).into());
            }
            Some(GameRecord::decode(record.id, row.get(1))?)
        };
        let was_over = old
            .as_ref()
            .is_some_and(|o| matches!(o.status, Status::Finished(_)));
        if !was_over {
            rate_result(&mut PgRatings { tx, order: None }, &mut record)?;
        }
        let columns = Columns::of(&record);
        let bytes = record.encode();
        let key = sql(record.id.0);
        let version = sql(record.version);
        if old.is_none() {
            tx.execute(
                "INSERT INTO games (id, version, channel, challenge_channel, alarm, record) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[
                    &key,
                    &version,
                    &columns.channel,
                    &columns.challenge,
                    &columns.alarm,
                    &bytes,
                ],
            )?;
            if let Some(slot) = record.tournament {
                tournaments::claim_slot(tx, slot, record.id)?;
            }
        } else {
            tx.execute(
                "UPDATE games SET version = $2, channel = $3, challenge_channel = $4, \
                 alarm = $5, record = $6 WHERE id = $1 AND version = $7",
                &[
                    &key,
                    &version,
                    &columns.channel,
                    &columns.challenge,
                    &columns.alarm,
                    &bytes,
                    &sql(expect),
                ],
            )?;
        }
        let had = old
            .as_ref()
            .map(|o| Columns::of(o).users)
            .unwrap_or_default();
        if had != columns.users {
            tx.execute("DELETE FROM game_users WHERE game = $1", &[&key])?;
            tx.execute(
                "INSERT INTO game_users (user_id, game) SELECT u, $1 FROM UNNEST($2::BIGINT[]) AS u",
                &[&key, &columns.users],
            )?;
        }
        Ok(record)
    }

    /// The records a query of `(id, record)` rows lists, skipping (and logging) damaged ones
    /// so one bad record does not hide the others.
    fn records(&self, query: &str, key: u64) -> Result<Vec<GameRecord>, StoreError> {
        let rows = self.run(|tx| Ok(tx.query(query, &[&sql(key)])?))?;
        Ok(rows
            .iter()
            .filter_map(|row| {
                let game = GameId(id(row.get(0)));
                match GameRecord::decode(game, row.get(1)) {
                    Ok(record) => Some(record),
                    Err(error) => {
                        tracing::warn!(game = game.0, %error, "skipping a game in a listing");
                        None
                    }
                }
            })
            .collect())
    }

    /// A small JSON value stored under a number; the default when there is none.
    fn read_json<T: Default + serde::de::DeserializeOwned>(
        &self,
        query: &str,
        key: u64,
        what: &str,
    ) -> Result<T, StoreError> {
        let row = self.run(|tx| Ok(tx.query_opt(query, &[&sql(key)])?))?;
        match row {
            None => Ok(T::default()),
            Some(row) => serde_json::from_str(row.get(0)).map_err(|e| StoreError::Corrupt {
                id: GameId(0),
                reason: format!("the {what} {key} are damaged: {e}"),
            }),
        }
    }

    /// Stores a small JSON value under a number.
    fn put_json<T: serde::Serialize>(
        &self,
        query: &str,
        key: u64,
        value: &T,
    ) -> Result<(), StoreError> {
        let text = serde_json::to_string(value).expect("settings always serialise");
        self.run(|tx| Ok(tx.execute(query, &[&sql(key), &text])?))?;
        Ok(())
    }
}

/// A PostgreSQL transaction, for [`rate_result`]. The first standing read takes the rated
/// games counter's row lock, so rating transactions run one after another: they never
/// deadlock on two players' rows and always read the latest standings.
struct PgRatings<'a, 'b> {
    tx: &'a mut Transaction<'b>,
    order: Option<u64>,
}

impl PgRatings<'_, '_> {
    fn take_order(&mut self) -> Result<u64, Fail> {
        if let Some(order) = self.order {
            return Ok(order);
        }
        let row = self.tx.query_one(
            "UPDATE counters SET value = value + 1 WHERE name = 'rated_games' RETURNING value",
            &[],
        )?;
        let order = id(row.get(0));
        self.order = Some(order);
        Ok(order)
    }
}

impl RatingWrites for PgRatings<'_, '_> {
    type Error = Fail;

    fn standing(&mut self, kind: GameKind, user: UserId) -> Result<Option<Standing>, Fail> {
        self.take_order()?;
        let row = self.tx.query_opt(
            "SELECT standing FROM ratings WHERE kind = $1 AND user_id = $2",
            &[&i16::from(kind_byte(kind)), &sql(user.0)],
        )?;
        Ok(row
            .map(|row| decode_standing(row.get::<_, &str>(0).as_bytes()))
            .transpose()?)
    }

    fn put_standing(
        &mut self,
        kind: GameKind,
        user: UserId,
        _old: &Standing,
        new: &Standing,
        guild: Option<GuildId>,
    ) -> Result<(), Fail> {
        let kind = i16::from(kind_byte(kind));
        let text = String::from_utf8(encode_standing(new)).expect("JSON is UTF-8");
        self.tx.execute(
            "INSERT INTO ratings (kind, user_id, rank, standing) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (kind, user_id) DO UPDATE SET rank = $3, standing = $4",
            &[&kind, &sql(user.0), &rank(new.rating), &text],
        )?;
        if let Some(guild) = guild {
            self.tx.execute(
                "INSERT INTO rated_players (guild, kind, user_id) VALUES ($1, $2, $3) \
                 ON CONFLICT DO NOTHING",
                &[&sql(guild.0), &kind, &sql(user.0)],
            )?;
        }
        Ok(())
    }

    fn next_rating_order(&mut self) -> Result<u64, Fail> {
        self.take_order()
    }
}

impl Store for PgStore {
    fn insert(&self, mut record: GameRecord) -> Result<GameRecord, StoreError> {
        record.version = 1;
        self.run(|tx| Self::write(tx, &record, 0))
    }

    fn get(&self, game: GameId) -> Result<GameRecord, StoreError> {
        let row = self.run(|tx| {
            Ok(tx.query_opt("SELECT record FROM games WHERE id = $1", &[&sql(game.0)])?)
        })?;
        let row = row.ok_or(StoreError::NotFound(game))?;
        let record = GameRecord::decode(game, row.get(0))?;
        if record.id != game {
            return Err(StoreError::Corrupt {
                id: game,
                reason: format!("it is stored under #{game} but says #{}", record.id),
            });
        }
        Ok(record)
    }

    fn replace(&self, record: &GameRecord) -> Result<GameRecord, StoreError> {
        let mut next = record.clone();
        next.version = record.version + 1;
        self.run(|tx| Self::write(tx, &next, record.version))
    }

    fn watch(&self) -> super::Watch {
        self.listener.watch()
    }

    fn secret(&self, name: &str, fresh: &[u8]) -> Result<Vec<u8>, StoreError> {
        self.run(|tx| {
            tx.execute(
                "INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
                &[&name, &fresh],
            )?;
            Ok(tx
                .query_one("SELECT value FROM secrets WHERE name = $1", &[&name])?
                .get(0))
        })
    }

    fn games_of_user(&self, user: UserId) -> Result<Vec<GameRecord>, StoreError> {
        self.records(
            "SELECT g.id, g.record FROM game_users u JOIN games g ON g.id = u.game \
             WHERE u.user_id = $1 ORDER BY g.id DESC",
            user.0,
        )
    }

    fn games_in_channel(&self, channel: ChannelId) -> Result<Vec<GameRecord>, StoreError> {
        self.records(
            "SELECT id, record FROM games WHERE channel = $1 ORDER BY id DESC",
            channel.0,
        )
    }

    fn challenges_in_channel(&self, channel: ChannelId) -> Result<Vec<GameRecord>, StoreError> {
        self.records(
            "SELECT id, record FROM games WHERE challenge_channel = $1 ORDER BY id DESC",
            channel.0,
        )
    }

    fn deadlines_until(&self, until: u64) -> Result<Vec<(u64, GameId)>, StoreError> {
        let until = sql(until.min(i64::MAX as u64));
        let rows = self.run(|tx| {
            Ok(tx.query(
                "SELECT alarm, id FROM games WHERE alarm <= $1 ORDER BY alarm, id",
                &[&until],
            )?)
        })?;
        Ok(rows
            .iter()
            .map(|row| (id(row.get(0)), GameId(id(row.get(1)))))
            .collect())
    }

    fn settings(&self, user: UserId) -> Result<UserSettings, StoreError> {
        self.read_json(
            "SELECT settings FROM user_settings WHERE user_id = $1",
            user.0,
            "settings of a user",
        )
    }

    fn set_settings(&self, user: UserId, settings: UserSettings) -> Result<(), StoreError> {
        self.put_json(
            "INSERT INTO user_settings (user_id, settings) VALUES ($1, $2) \
             ON CONFLICT (user_id) DO UPDATE SET settings = $2",
            user.0,
            &settings,
        )
    }

    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        self.read_json(
            "SELECT settings FROM guild_settings WHERE guild = $1",
            guild.0,
            "settings of a server",
        )
    }

    fn set_guild_settings(
        &self,
        guild: GuildId,
        settings: GuildSettings,
    ) -> Result<(), StoreError> {
        self.put_json(
            "INSERT INTO guild_settings (guild, settings) VALUES ($1, $2) \
             ON CONFLICT (guild) DO UPDATE SET settings = $2",
            guild.0,
            &settings,
        )
    }

    fn board_link(&self, game: GameId) -> Result<Option<String>, StoreError> {
        let row = self.run(|tx| {
            Ok(tx.query_opt(
                "SELECT link FROM board_links WHERE game = $1",
                &[&sql(game.0)],
            )?)
        })?;
        Ok(row.map(|row| row.get(0)))
    }

    fn flush(&self) -> Result<(), StoreError> {
        // Every committed transaction is already durable.
        Ok(())
    }

    fn sync(&self) -> Result<(), StoreError> {
        Ok(())
    }

    fn cached(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let row =
            self.run(|tx| Ok(tx.query_opt("SELECT value FROM cache WHERE key = $1", &[&key])?))?;
        Ok(row.map(|row| row.get(0)))
    }

    fn set_cached(&self, key: &str, value: &[u8]) -> Result<(), StoreError> {
        self.run(|tx| {
            Ok(tx.execute(
                "INSERT INTO cache (key, value) VALUES ($1, $2) \
                 ON CONFLICT (key) DO UPDATE SET value = $2",
                &[&key, &value],
            )?)
        })?;
        Ok(())
    }

    fn update_cached(
        &self,
        key: &str,
        change: &mut super::CacheChange<'_>,
    ) -> Result<bool, StoreError> {
        self.run(|tx| {
            // Held to the commit: every worker changing this key waits its turn, so none
            // reads a value another is about to replace (a row lock cannot do this for a
            // key that has no row yet).
            tx.execute(
                "SELECT pg_advisory_xact_lock($1, hashtext($2))",
                &[&CACHE_LOCK, &key],
            )?;
            let old: Option<Vec<u8>> = tx
                .query_opt("SELECT value FROM cache WHERE key = $1", &[&key])?
                .map(|row| row.get(0));
            let Some(new) = change(old.as_deref()) else {
                return Ok(false);
            };
            tx.execute(
                "INSERT INTO cache (key, value) VALUES ($1, $2) \
                 ON CONFLICT (key) DO UPDATE SET value = $2",
                &[&key, &new],
            )?;
            Ok(true)
        })
    }

    fn set_board_link(&self, game: GameId, link: &str) -> Result<(), StoreError> {
        self.run(|tx| {
            Ok(tx.execute(
                "INSERT INTO board_links (game, link) VALUES ($1, $2) \
                 ON CONFLICT (game) DO UPDATE SET link = $2",
                &[&sql(game.0), &link],
            )?)
        })?;
        Ok(())
    }

    fn standing(&self, kind: GameKind, user: UserId) -> Result<Option<Standing>, StoreError> {
        let row = self.run(|tx| {
            Ok(tx.query_opt(
                "SELECT standing FROM ratings WHERE kind = $1 AND user_id = $2",
                &[&i16::from(kind_byte(kind)), &sql(user.0)],
            )?)
        })?;
        row.map(|row| decode_standing(row.get::<_, &str>(0).as_bytes()))
            .transpose()
    }

    fn leaderboard(
        &self,
        kind: GameKind,
        guild: Option<GuildId>,
        keep: &dyn Fn(&Standing) -> bool,
        limit: usize,
    ) -> Result<Vec<(UserId, Standing)>, StoreError> {
        // Best first; ties by the lower user id as an unsigned number (the sign bit flipped).
        let order = "ORDER BY r.rank DESC, r.user_id # (-9223372036854775807 - 1)";
        let kind = i16::from(kind_byte(kind));
        let guild = guild.map_or(-1, |g| sql(g.0));
        // Most players `keep` accepts: read a few more than asked, and all of them only
        // when too many of those were left out.
        let mut fetch =
            i64::try_from(limit.saturating_mul(4).saturating_add(40)).unwrap_or(i64::MAX);
        loop {
            let rows = self.run(|tx| {
                Ok(tx.query(
                    &format!(
                        "SELECT r.user_id, r.standing FROM ratings r WHERE r.kind = $1 \
                         AND ($2::BIGINT = -1 OR EXISTS (SELECT 1 FROM rated_players p WHERE \
                         p.guild = $2::BIGINT AND p.kind = r.kind AND p.user_id = r.user_id)) \
                         {order} LIMIT $3"
                    ),
                    &[&kind, &guild, &fetch],
                )?)
            })?;
            let complete = (rows.len() as i64) < fetch;
            let mut board = Vec::new();
            for row in &rows {
                if board.len() >= limit {
                    break;
                }
                let standing = decode_standing(row.get::<_, &str>(1).as_bytes())?;
                if keep(&standing) {
                    board.push((UserId(id(row.get(0))), standing));
                }
            }
            if board.len() >= limit || complete {
                return Ok(board);
            }
            fetch = i64::MAX;
        }
    }

    fn all_games(&self) -> Result<Vec<GameRecord>, StoreError> {
        let rows = self.run(|tx| Ok(tx.query("SELECT id, record FROM games ORDER BY id", &[])?))?;
        rows.iter()
            .map(|row| GameRecord::decode(GameId(id(row.get(0))), row.get(1)))
            .collect()
    }

    fn replace_ratings(
        &self,
        standings: &[(GameKind, UserId, Standing)],
    ) -> Result<(), StoreError> {
        self.run(|tx| {
            tx.execute("DELETE FROM ratings", &[])?;
            insert_ratings(tx, standings)?;
            Ok(())
        })
    }

    fn export(&self) -> Result<Dump, StoreError> {
        let mut dump = self.run(|tx| {
            // One snapshot for everything.
            tx.batch_execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")?;
            schema::export(tx)
        })?;
        dump.sort();
        Ok(dump)
    }

    fn import(&self, dump: &Dump) -> Result<(), StoreError> {
        self.run(|tx| schema::import(tx, dump))
    }

    fn forget_user(
        &self,
        user: UserId,
        anonymous: UserId,
        now: u64,
    ) -> Result<super::Forgotten, StoreError> {
        self.run(|tx| forget::forget_user(tx, user, anonymous, now))
    }

    fn insert_tournament(
        &self,
        mut record: TournamentRecord,
    ) -> Result<TournamentRecord, StoreError> {
        record.version = 1;
        self.run(|tx| tournaments::write(tx, &record, 0))
    }

    fn tournament(&self, id: TournamentId) -> Result<TournamentRecord, StoreError> {
        let row = self.run(|tx| {
            Ok(tx.query_opt(
                "SELECT record FROM tournaments WHERE id = $1",
                &[&sql(id.0)],
            )?)
        })?;
        let row = row.ok_or(StoreError::NoTournament(id))?;
        TournamentRecord::decode(id, row.get(0))
    }

    fn replace_tournament(
        &self,
        record: &TournamentRecord,
    ) -> Result<TournamentRecord, StoreError> {
        let mut next = record.clone();
        next.version = record.version + 1;
        self.run(|tx| tournaments::write(tx, &next, record.version))
    }

    fn tournaments_in(&self, scope: u64) -> Result<Vec<TournamentRecord>, StoreError> {
        let rows = self.run(|tx| {
            Ok(tx.query(
                "SELECT id, record FROM tournaments WHERE scope = $1 ORDER BY id DESC",
                &[&sql(scope)],
            )?)
        })?;
        Ok(tournaments::listed(&rows))
    }

    fn live_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError> {
        let rows = self.run(|tx| {
            Ok(tx.query(
                "SELECT id, record FROM tournaments WHERE live ORDER BY id DESC",
                &[],
            )?)
        })?;
        Ok(tournaments::listed(&rows))
    }

    fn all_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError> {
        let rows = self
            .run(|tx| Ok(tx.query("SELECT id, record FROM tournaments ORDER BY id DESC", &[])?))?;
        Ok(tournaments::listed(&rows))
    }
}

/// Inserts standings (their leaderboard places with them).
fn insert_ratings(
    tx: &mut Transaction<'_>,
    standings: &[(GameKind, UserId, Standing)],
) -> Result<(), Fail> {
    for chunk in standings.chunks(1000) {
        let kinds: Vec<i16> = chunk
            .iter()
            .map(|(k, ..)| i16::from(kind_byte(*k)))
            .collect();
        let users: Vec<i64> = chunk.iter().map(|(_, u, _)| sql(u.0)).collect();
        let ranks: Vec<i64> = chunk.iter().map(|(.., s)| rank(s.rating)).collect();
        let texts: Vec<String> = chunk
            .iter()
            .map(|(.., s)| String::from_utf8(encode_standing(s)).expect("JSON is UTF-8"))
            .collect();
        tx.execute(
            "INSERT INTO ratings (kind, user_id, rank, standing) \
             SELECT * FROM UNNEST($1::SMALLINT[], $2::BIGINT[], $3::BIGINT[], $4::TEXT[])",
            &[&kinds, &users, &ranks, &texts],
        )?;
    }
    Ok(())
}
