//! Tournaments in PostgreSQL: one row each (its record, and the columns its listings need),
//! written under the same compare-and-swap on its version as games; and the table that
//! keeps one game per tournament slot.

use postgres::Transaction;

use super::{id, sql, Fail};
use crate::store::record::{GameId, TournamentId, TournamentSlot};
use crate::store::{StoreError, TournamentRecord};

/// Writes `record` (version already set) in `tx`; `expect` is the version the stored one
/// must have (0: a new tournament, which takes the next number).
pub(super) fn write(
    tx: &mut Transaction<'_>,
    record: &TournamentRecord,
    expect: u64,
) -> Result<TournamentRecord, Fail> {
    let mut record = record.clone();
    if expect == 0 {
        let row = tx.query_one(
            "UPDATE counters SET value = value + 1 WHERE name = 'next_tournament' \
             RETURNING value - 1",
            &[],
        )?;
        record.id = TournamentId(id(row.get(0)));
        insert_row(tx, &record)?;
        return Ok(record);
    }
    let row = tx.query_opt(
        "SELECT version FROM tournaments WHERE id = $1 FOR UPDATE",
        &[&sql(record.id.0)],
    )?;
    let Some(row) = row else {
        return Err(StoreError::NoTournament(record.id).into());
    };
    if id(row.get(0)) != expect {
        return Err(StoreError::TournamentConflict(record.id).into());
    }
    tx.execute(
        "UPDATE tournaments SET version = $2, scope = $3, live = $4, record = $5 WHERE id = $1",
        &[
            &sql(record.id.0),
            &sql(record.version),
            &sql(record.scope()),
            &record.is_live(),
            &record.encode(),
        ],
    )?;
    Ok(record)
}

/// Inserts `record` as it is (number and version kept), with its listing columns.
fn insert_row(tx: &mut Transaction<'_>, record: &TournamentRecord) -> Result<(), Fail> {
    tx.execute(
        "INSERT INTO tournaments (id, version, scope, live, record) VALUES ($1, $2, $3, $4, $5)",
        &[
            &sql(record.id.0),
            &sql(record.version),
            &sql(record.scope()),
            &record.is_live(),
            &record.encode(),
        ],
    )?;
    Ok(())
}

/// Claims `slot` for the new game `game` in `tx`.
///
/// # Errors
/// [`StoreError::SlotTaken`] with the game made for it before (the transaction is then
/// rolled back, its number too).
pub(super) fn claim_slot(
    tx: &mut Transaction<'_>,
    slot: TournamentSlot,
    game: GameId,
) -> Result<(), Fail> {
    let (tournament, place) = slot.key();
    let claimed = tx.execute(
        "INSERT INTO tournament_games (tournament, slot, game) VALUES ($1, $2, $3) \
         ON CONFLICT DO NOTHING",
        &[&sql(tournament), &sql(place), &sql(game.0)],
    )?;
    if claimed == 1 {
        return Ok(());
    }
    let row = tx.query_one(
        "SELECT game FROM tournament_games WHERE tournament = $1 AND slot = $2",
        &[&sql(tournament), &sql(place)],
    )?;
    Err(StoreError::SlotTaken(GameId(id(row.get(0)))).into())
}

/// The tournaments a query of `(id, record)` rows lists, skipping (and logging) damaged ones.
pub(super) fn listed(rows: &[postgres::Row]) -> Vec<TournamentRecord> {
    rows.iter()
        .filter_map(|row| {
            let tournament = TournamentId(id(row.get(0)));
            match TournamentRecord::decode(tournament, row.get(1)) {
                Ok(record) => Some(record),
                Err(error) => {
                    tracing::warn!(tournament = tournament.0, %error, "skipping a tournament");
                    None
                }
            }
        })
        .collect()
}

/// Every tournament, for an export.
pub(super) fn all(tx: &mut Transaction<'_>) -> Result<Vec<TournamentRecord>, Fail> {
    let mut records = Vec::new();
    for row in tx.query("SELECT id, record FROM tournaments ORDER BY id", &[])? {
        records.push(TournamentRecord::decode(
            TournamentId(id(row.get(0))),
            row.get(1),
        )?);
    }
    Ok(records)
}

/// Loads an export's tournaments and the slots of its games, and sets the counter.
pub(super) fn import(tx: &mut Transaction<'_>, dump: &crate::store::Dump) -> Result<(), Fail> {
    for record in &dump.tournaments {
        insert_row(tx, record)?;
    }
    for game in &dump.games {
        if let Some(slot) = game.tournament {
            claim_slot(tx, slot, game.id)?;
        }
    }
    tx.execute(
        "UPDATE counters SET value = $1 WHERE name = 'next_tournament'",
        &[&sql(dump.next_tournament_number())],
    )?;
    Ok(())
}
