//! The store from the command line: opened as configured, exported, imported, its ratings
//! rebuilt, its backups started, puzzles generated into it.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context as _, Result};

use leapfrog::config::Config;
use leapfrog::games::GameKind;
use leapfrog::store::{AnyStore, Dump, Store, StoreError};

/// `leapfrog puzzles generate`: new puzzles, none already shipped or stored, appended to
/// the store's list.
pub(super) fn generate_puzzles(
    config: &Config,
    data: Option<PathBuf>,
    game: &str,
    count: usize,
    seed: Option<u64>,
    print: bool,
) -> Result<()> {
    let kind: GameKind = game.parse()?;
    if leapfrog::ai::puzzle::most_moves(kind) == 0 {
        anyhow::bail!(
            "{} has no puzzles: its pieces are face down",
            kind.info().title
        );
    }
    let store = open_store(config, data)?;
    let key = leapfrog::play::puzzle_cache_key(kind);
    let stored = store
        .cached(&key)
        .context("reading the stored puzzles")?
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    let mut known: Vec<String> = leapfrog::play::shipped_puzzles(kind)
        .iter()
        .map(|p| p.position.clone())
        .collect();
    let kept = leapfrog::play::parse_puzzles(&stored);
    known.extend(kept.iter().map(|p| p.position.clone()));
    let seed = seed.unwrap_or(1 + 1000 * known.len() as u64);
    let started = std::time::Instant::now();
    let found = leapfrog::ai::puzzle::generate(kind, count, seed, &known);
    for puzzle in &found {
        puzzle
            .verify()
            .with_context(|| format!("a new puzzle does not prove: {puzzle}"))?;
        if print {
            println!("{puzzle}");
        }
    }
    // Added to what is stored now, in one step: a run beside this one keeps its puzzles
    // too, and one that found the same position keeps it once.
    let mut total = 0;
    store
        .update_cached(&key, &mut |now| {
            let mut text = now
                .map(|bytes| String::from_utf8_lossy(bytes).into_owned())
                .unwrap_or_default();
            let mut there: std::collections::HashSet<String> = leapfrog::play::parse_puzzles(&text)
                .into_iter()
                .map(|p| p.position)
                .collect();
            for puzzle in &found {
                if there.insert(puzzle.position.clone()) {
                    text.push_str(&format!("{puzzle}\n"));
                }
            }
            total = there.len();
            Some(text.into_bytes())
        })
        .context("storing the puzzles")?;
    store.flush().context("writing the puzzles to disk")?;
    eprintln!(
        "{} new {} puzzles in {:.1} s (from seed {seed}); the store now has {}, and {} ship.",
        found.len(),
        kind.info().title,
        started.elapsed().as_secs_f64(),
        total,
        leapfrog::play::shipped_puzzles(kind).len(),
    );
    Ok(())
}

/// `leapfrog puzzles export [GAME]`: every puzzle, shipped then stored, with its rating
/// now (as played, else its difficulty's) in the rating column, so the output is a puzzle
/// file; headed by comment lines saying how many puzzles each 200-point band holds.
pub(super) fn export_puzzles(
    config: &Config,
    data: Option<PathBuf>,
    game: Option<&str>,
) -> Result<()> {
    use leapfrog::play::puzzle_ratings::{bands, played, shown, unplayed, BAND};
    let kinds: Vec<GameKind> = match game {
        Some(name) => vec![name.parse()?],
        None => GameKind::ALL
            .into_iter()
            .filter(|&kind| leapfrog::ai::puzzle::most_moves(kind) > 0)
            .collect(),
    };
    let store = open_store(config, data)?;
    let mut summary = String::new();
    let mut lines = String::new();
    for kind in kinds {
        let stored = store
            .cached(&leapfrog::play::puzzle_cache_key(kind))
            .context("reading the stored puzzles")?
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .unwrap_or_default();
        let ratings = played(&store, kind).context("reading the puzzles' ratings")?;
        let mut all = leapfrog::play::shipped_puzzles(kind).to_vec();
        all.extend(leapfrog::play::parse_puzzles(&stored));
        let mut now = Vec::with_capacity(all.len());
        for mut puzzle in all {
            let rating = ratings
                .get(&puzzle.position)
                .copied()
                .unwrap_or_else(|| unplayed(&puzzle));
            now.push(rating);
            puzzle.rating = Some(u16::try_from(shown(rating).max(0)).unwrap_or(u16::MAX));
            lines.push_str(&format!("{puzzle}\n"));
        }
        for (band, count) in bands(now) {
            summary.push_str(&format!(
                "# {}\t{band}-{}\t{count}\n",
                kind.name(),
                band + BAND - 1
            ));
        }
    }
    print!(
        "# Leapfrog's puzzles, each with its rating now (the last column), by rating band:\n\
         # game\trating\tpuzzles\n{summary}{lines}"
    );
    Ok(())
}

/// `leapfrog ratings rebuild`.
pub(super) fn rebuild_ratings(config: &Config, data: Option<PathBuf>) -> Result<()> {
    let store = open_store(config, data)?;
    let games = store.all_games().context("reading the games")?;
    let standings = leapfrog::store::rebuilt_ratings(&games);
    store
        .replace_ratings(&standings)
        .context("writing the ratings")?;
    store.flush().context("writing the ratings to disk")?;
    println!(
        "Rebuilt {} from {}.",
        leapfrog::words::count(standings.len(), "rating"),
        leapfrog::words::count(
            games
                .iter()
                .filter(|g| matches!(&g.status, leapfrog::store::Status::Finished(r) if r.rating_order > 0))
                .count(),
            "rated game"
        )
    );
    Ok(())
}

/// Opens the store named by the config (PostgreSQL with a URL, else sled), or sled in
/// `--data`.
pub(super) fn open_store(config: &Config, data: Option<PathBuf>) -> Result<AnyStore> {
    let mut store_config = config.store.clone();
    if let Some(data) = data {
        store_config.data_dir = data;
        store_config.url = None;
    }
    let store = match store_config.postgres_url() {
        Some(_) => AnyStore::open(&store_config)
            .map_err(|error| anyhow::Error::new(error).context("opening the PostgreSQL store"))?,
        None => AnyStore::open(&store_config).map_err(|error| match error {
            // Already say which folder and what to do.
            StoreError::Locked(_) | StoreError::Damaged { .. } => anyhow::Error::new(error),
            other => anyhow::Error::new(other).context(format!(
                "opening the data folder {}",
                store_config.data_dir.display()
            )),
        })?,
    };
    tracing::info!("games are stored in {}", store.backend());
    Ok(store)
}

/// `leapfrog export FILE`.
pub(super) fn export(config: &Config, file: &std::path::Path, data: Option<PathBuf>) -> Result<()> {
    let store = open_store(config, data)?;
    let games = leapfrog::store::backup::export_to(&store, file)
        .with_context(|| format!("exporting to {}", file.display()))?;
    println!(
        "Exported {} to {}.",
        leapfrog::words::count(games, "game"),
        file.display()
    );
    Ok(())
}

/// `leapfrog import FILE`.
pub(super) fn import(config: &Config, file: &std::path::Path, data: Option<PathBuf>) -> Result<()> {
    let input = std::fs::File::open(file).with_context(|| format!("opening {}", file.display()))?;
    let dump = Dump::read(std::io::BufReader::new(input))
        .with_context(|| format!("reading {}", file.display()))?;
    let store = open_store(config, data)?;
    store
        .import(&dump)
        .with_context(|| format!("importing {}", file.display()))?;
    store.flush().context("writing the store to disk")?;
    println!(
        "Imported {} into {}; the next new game is #{}.",
        leapfrog::words::count(dump.games.len(), "game"),
        store.backend(),
        dump.next_number()
    );
    Ok(())
}

/// Sled only, with `[store] backup_every_hours`: a backup now and then every so often, on
/// a thread of its own.
pub(super) fn start_backups(config: &Config, store: &AnyStore, data: Option<&PathBuf>) {
    let (Some(hours), AnyStore::Sled(_)) = (config.store.backup_every_hours, store) else {
        return;
    };
    let dir = leapfrog::store::backup::folder(data.unwrap_or(&config.store.data_dir));
    let (store, keep) = (store.clone(), config.store.backups_kept);
    let every = Duration::from_secs(hours.max(1) * 3600);
    std::thread::spawn(move || loop {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        match leapfrog::store::backup::take(&store, &dir, now, keep) {
            Ok(file) => tracing::info!("backed the games up to {}", file.display()),
            Err(error) => tracing::error!(%error, "the automatic backup failed"),
        }
        std::thread::sleep(every);
    });
}
