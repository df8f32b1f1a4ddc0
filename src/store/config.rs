//! `[store]` in the config file: which backend holds the games, and how.

use std::path::PathBuf;

use serde::Deserialize;

/// The store's settings (`[store]` in the config file). Without a `url` (and without
/// `DATABASE_URL`) the games live in sled in `data_dir`, which needs nothing installed.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoreConfig {
    /// The sled data directory; created if missing.
    #[serde(default = "default_data_dir")]
    pub data_dir: PathBuf,
    /// A PostgreSQL URL (`postgres://user:password@host/db`): the games live there instead,
    /// and several processes may share them. `DATABASE_URL` is used when this is unset.
    #[serde(default)]
    pub url: Option<String>,
    /// PostgreSQL only: keep the tables in this schema (created if missing) instead of
    /// `public`, so that several bots (or test runs) can share one database.
    #[serde(default)]
    pub schema: Option<String>,
    /// How many connections each process keeps to PostgreSQL.
    #[serde(default = "default_pool_size")]
    pub pool_size: u32,
    /// Sled only: copy the whole store to `<data_dir>.backups/` every this many hours
    /// (an export file, see `leapfrog export`), keeping the last few. Off when unset.
    #[serde(default)]
    pub backup_every_hours: Option<u64>,
    /// How many automatic backups to keep.
    #[serde(default = "default_backups_kept")]
    pub backups_kept: usize,
}

fn default_data_dir() -> PathBuf {
    PathBuf::from("data")
}

fn default_pool_size() -> u32 {
    16
}

fn default_backups_kept() -> usize {
    7
}

impl Default for StoreConfig {
    fn default() -> Self {
        Self {
            data_dir: default_data_dir(),
            url: None,
            schema: None,
            pool_size: default_pool_size(),
            backup_every_hours: None,
            backups_kept: default_backups_kept(),
        }
    }
}

impl StoreConfig {
    /// The PostgreSQL URL: `url`, else the `DATABASE_URL` environment variable.
    #[must_use]
    pub fn postgres_url(&self) -> Option<String> {
        self.url
            .clone()
            .or_else(|| std::env::var("DATABASE_URL").ok())
            .filter(|url| !url.trim().is_empty())
    }

    /// Settings for the sled store in `dir`.
    #[must_use]
    pub fn sled(dir: impl Into<PathBuf>) -> Self {
        Self {
            data_dir: dir.into(),
            ..Self::default()
        }
    }
}
