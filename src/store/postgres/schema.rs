//! The PostgreSQL schema: versioned migrations applied at start, and the bulk reads and
//! writes of `export` and `import`.

use postgres::Transaction;

use super::{id, insert_ratings, kind_of, sql, Columns, Fail};
use crate::store::dump::Dump;
use crate::store::record::{GameId, GameRecord, GuildId, UserId};
use crate::store::StoreError;

/// The migrations, in order: entry `n` takes the schema from version `n` to `n + 1`. A
/// release that changes the schema appends one; an applied migration is never edited.
const MIGRATIONS: &[&str] = &[
    // 1: games with their index columns, users' games, counters, settings, board links,
    // ratings with their leaderboard order and the servers they were played on.
    "CREATE TABLE games (
        id BIGINT PRIMARY KEY,
        version BIGINT NOT NULL,
        channel BIGINT NOT NULL,
        challenge_channel BIGINT,
        alarm BIGINT,
        record BYTEA NOT NULL
    );
    CREATE INDEX games_by_channel ON games (channel, id);
    CREATE INDEX challenges_by_channel ON games (challenge_channel, id)
        WHERE challenge_channel IS NOT NULL;
    CREATE INDEX games_by_alarm ON games (alarm, id) WHERE alarm IS NOT NULL;
    CREATE TABLE game_users (
        user_id BIGINT NOT NULL,
        game BIGINT NOT NULL REFERENCES games (id),
        PRIMARY KEY (user_id, game)
    );
    CREATE INDEX game_users_by_game ON game_users (game);
    CREATE TABLE counters (name TEXT PRIMARY KEY, value BIGINT NOT NULL);
    INSERT INTO counters (name, value) VALUES ('next_game', 1), ('rated_games', 0);
    CREATE TABLE user_settings (user_id BIGINT PRIMARY KEY, settings TEXT NOT NULL);
    CREATE TABLE guild_settings (guild BIGINT PRIMARY KEY, settings TEXT NOT NULL);
    CREATE TABLE board_links (game BIGINT PRIMARY KEY, link TEXT NOT NULL);
    CREATE TABLE ratings (
        kind SMALLINT NOT NULL,
        user_id BIGINT NOT NULL,
        rank BIGINT NOT NULL,
        standing TEXT NOT NULL,
        PRIMARY KEY (kind, user_id)
    );
    CREATE INDEX ratings_by_rank ON ratings (kind, rank DESC);
    CREATE TABLE rated_players (
        guild BIGINT NOT NULL,
        kind SMALLINT NOT NULL,
        user_id BIGINT NOT NULL,
        PRIMARY KEY (guild, kind, user_id)
    );",
    // 2: every write of a game is told to every worker listening (`listen`), on a channel
    // of the schema's own, when its transaction commits; and the secrets the bot keeps
    // for itself (the key that signs players' links to their games).
    "CREATE FUNCTION leapfrog_game_written() RETURNS trigger AS $$
    BEGIN
        PERFORM pg_notify('leapfrog_games_' || current_schema(), NEW.id::text);
        RETURN NULL;
    END
    $$ LANGUAGE plpgsql;
    CREATE TRIGGER games_written AFTER INSERT OR UPDATE ON games
        FOR EACH ROW EXECUTE FUNCTION leapfrog_game_written();
    CREATE TABLE secrets (name TEXT PRIMARY KEY, value BYTEA NOT NULL);",
    // 3: tournaments, listed by server (or channel) and while live, and the one game made
    // for each tournament slot (round and game, `TournamentSlot::key`).
    "CREATE TABLE tournaments (
        id BIGINT PRIMARY KEY,
        version BIGINT NOT NULL,
        scope BIGINT NOT NULL,
        live BOOLEAN NOT NULL,
        record BYTEA NOT NULL
    );
    CREATE INDEX tournaments_by_scope ON tournaments (scope, id);
    CREATE INDEX tournaments_live ON tournaments (id) WHERE live;
    CREATE TABLE tournament_games (
        tournament BIGINT NOT NULL,
        slot BIGINT NOT NULL,
        game BIGINT NOT NULL REFERENCES games (id),
        PRIMARY KEY (tournament, slot)
    );
    INSERT INTO counters (name, value) VALUES ('next_tournament', 1);",
    // 4: what the bot worked out and keeps so as not to work it out again (analyses,
    // puzzles): `Store::cached`.
    "CREATE TABLE cache (key TEXT PRIMARY KEY, value BYTEA NOT NULL);",
    // 5: every write of a tournament is told too, as `t` and its number, so its page
    // follows its rounds on every worker.
    "CREATE FUNCTION leapfrog_tournament_written() RETURNS trigger AS $$
    BEGIN
        PERFORM pg_notify('leapfrog_games_' || current_schema(), 't' || NEW.id::text);
        RETURN NULL;
    END
    $$ LANGUAGE plpgsql;
    CREATE TRIGGER tournaments_written AFTER INSERT OR UPDATE ON tournaments
        FOR EACH ROW EXECUTE FUNCTION leapfrog_tournament_written();",
];

/// An advisory lock number: processes starting together migrate one at a time.
const MIGRATION_LOCK: i64 = 0x6c65_6170_6672_6f67; // "leapfrog"

/// Brings the schema up to date. Refuses a database migrated by a newer release.
pub(super) fn migrate(tx: &mut Transaction<'_>) -> Result<(), Fail> {
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS leapfrog_migrations (
            version INTEGER PRIMARY KEY,
            applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )",
    )?;
    let row = tx.query_one(
        "SELECT COALESCE(MAX(version), 0) FROM leapfrog_migrations",
        &[],
    )?;
    let applied = usize::try_from(row.get::<_, i32>(0)).unwrap_or(0);
    if applied > MIGRATIONS.len() {
        return Err(StoreError::Postgres(format!(
            "the database has schema version {applied}, newer than this release knows ({}): \
             run the newer release",
            MIGRATIONS.len()
        ))
        .into());
    }
    for (index, migration) in MIGRATIONS.iter().enumerate().skip(applied) {
        tx.batch_execute(migration)?;
        let version = i32::try_from(index + 1).unwrap_or(i32::MAX);
        tx.execute(
            "INSERT INTO leapfrog_migrations (version) VALUES ($1)",
            &[&version],
        )?;
        tracing::info!(version, "PostgreSQL schema migrated");
    }
    Ok(())
}

/// A counter's value.
fn counter(tx: &mut Transaction<'_>, name: &str) -> Result<u64, Fail> {
    let row = tx.query_one("SELECT value FROM counters WHERE name = $1", &[&name])?;
    Ok(id(row.get(0)))
}

/// Everything, read in one transaction.
pub(super) fn export(tx: &mut Transaction<'_>) -> Result<Dump, Fail> {
    let mut dump = Dump {
        next_game: counter(tx, "next_game")?,
        rated_games: counter(tx, "rated_games")?,
        ..Dump::default()
    };
    for row in tx.query("SELECT id, record FROM games ORDER BY id", &[])? {
        dump.games
            .push(GameRecord::decode(GameId(id(row.get(0))), row.get(1))?);
    }
    for row in tx.query("SELECT user_id, settings FROM user_settings", &[])? {
        let settings = json(row.get(1), "settings of a user")?;
        dump.user_settings.push((UserId(id(row.get(0))), settings));
    }
    for row in tx.query("SELECT guild, settings FROM guild_settings", &[])? {
        let settings = json(row.get(1), "settings of a server")?;
        dump.guild_settings
            .push((GuildId(id(row.get(0))), settings));
    }
    for row in tx.query("SELECT game, link FROM board_links", &[])? {
        dump.board_links.push((GameId(id(row.get(0))), row.get(1)));
    }
    for row in tx.query("SELECT kind, user_id, standing FROM ratings", &[])? {
        let standing =
            crate::store::rate_on_write::decode_standing(row.get::<_, &str>(2).as_bytes())?;
        dump.ratings
            .push((kind_of(row.get(0))?, UserId(id(row.get(1))), standing));
    }
    for row in tx.query("SELECT guild, kind, user_id FROM rated_players", &[])? {
        dump.rated_players.push((
            GuildId(id(row.get(0))),
            kind_of(row.get(1))?,
            UserId(id(row.get(2))),
        ));
    }
    dump.next_tournament = counter(tx, "next_tournament")?;
    dump.tournaments = super::tournaments::all(tx)?;
    Ok(dump)
}

/// A JSON value read from a column.
fn json<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, Fail> {
    serde_json::from_str(text).map_err(|e| {
        Fail::Store(StoreError::Corrupt {
            id: GameId(0),
            reason: format!("{what}: {e}"),
        })
    })
}

/// Loads `dump` into an empty database, in one transaction.
pub(super) fn import(tx: &mut Transaction<'_>, dump: &Dump) -> Result<(), Fail> {
    let row = tx.query_one("SELECT COUNT(*) FROM games", &[])?;
    let held: i64 = row.get(0);
    if held > 0 {
        return Err(StoreError::NotEmpty(id(held)).into());
    }
    for chunk in dump.games.chunks(1000) {
        let columns: Vec<Columns> = chunk.iter().map(Columns::of).collect();
        let ids: Vec<i64> = chunk.iter().map(|g| sql(g.id.0)).collect();
        let versions: Vec<i64> = chunk.iter().map(|g| sql(g.version)).collect();
        let channels: Vec<i64> = columns.iter().map(|c| c.channel).collect();
        let challenges: Vec<Option<i64>> = columns.iter().map(|c| c.challenge).collect();
        let alarms: Vec<Option<i64>> = columns.iter().map(|c| c.alarm).collect();
        let records: Vec<Vec<u8>> = chunk.iter().map(GameRecord::encode).collect();
        tx.execute(
            "INSERT INTO games (id, version, channel, challenge_channel, alarm, record) \
             SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::BIGINT[], $4::BIGINT[], \
             $5::BIGINT[], $6::BYTEA[])",
            &[&ids, &versions, &channels, &challenges, &alarms, &records],
        )?;
        let (mut users, mut games) = (Vec::new(), Vec::new());
        for (game, columns) in ids.iter().zip(&columns) {
            for &user in &columns.users {
                users.push(user);
                games.push(*game);
            }
        }
        tx.execute(
            "INSERT INTO game_users (user_id, game) SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[])",
            &[&users, &games],
        )?;
    }
    let set_counter = |tx: &mut Transaction<'_>, name: &str, value: u64| {
        tx.execute(
            "UPDATE counters SET value = $2 WHERE name = $1",
            &[&name, &sql(value)],
        )
    };
    set_counter(tx, "next_game", dump.next_number())?;
    set_counter(tx, "rated_games", dump.rated_games)?;
    for (user, settings) in &dump.user_settings {
        let text = serde_json::to_string(settings).expect("settings serialise");
        tx.execute(
            "INSERT INTO user_settings (user_id, settings) VALUES ($1, $2)",
            &[&sql(user.0), &text],
        )?;
    }
    for (guild, settings) in &dump.guild_settings {
        let text = serde_json::to_string(settings).expect("settings serialise");
        tx.execute(
            "INSERT INTO guild_settings (guild, settings) VALUES ($1, $2)",
            &[&sql(guild.0), &text],
        )?;
    }
    for (game, link) in &dump.board_links {
        tx.execute(
            "INSERT INTO board_links (game, link) VALUES ($1, $2)",
            &[&sql(game.0), link],
        )?;
    }
    tx.execute("DELETE FROM ratings", &[])?;
    tx.execute("DELETE FROM rated_players", &[])?;
    insert_ratings(tx, &dump.ratings)?;
    for &(guild, kind, user) in &dump.rated_players {
        tx.execute(
            "INSERT INTO rated_players (guild, kind, user_id) VALUES ($1, $2, $3)",
            &[
                &sql(guild.0),
                &i16::from(crate::store::rating_keys::kind_byte(kind)),
                &sql(user.0),
            ],
        )?;
    }
    super::tournaments::import(tx, dump)?;
    Ok(())
}
