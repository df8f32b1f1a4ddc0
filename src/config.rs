//! The configuration file (`config.toml`, untracked; see `config.example.toml`). Each
//! subsystem owns its section.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::store::StoreConfig;

/// The whole file.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// `[store]`.
    #[serde(default)]
    pub store: StoreConfig,
    /// `[console]`.
    #[serde(default)]
    pub console: ConsoleConfig,
    /// `[discord]`.
    #[serde(default)]
    pub discord: crate::discord::DiscordConfig,
    /// `[time]`: correspondence play (grace before a timeout, how often deadlines are checked).
    #[serde(default)]
    pub time: crate::play::TimeConfig,
    /// `[ai]`: the computer opponents' time and memory.
    #[serde(default)]
    pub ai: crate::ai::AiConfig,
    /// `[admin]`: the health, readiness and metrics listener, and the shutdown's grace.
    #[serde(default)]
    pub admin: crate::ops::AdminConfig,
    /// `[log]`: text or JSON lines.
    #[serde(default)]
    pub log: crate::ops::LogConfig,
    /// `[web]`: the game pages.
    #[serde(default)]
    pub web: crate::web::WebConfig,
}

/// `[console]`: where `leapfrog local` writes pictures.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConsoleConfig {
    /// The folder for board pictures.
    #[serde(default = "default_out_dir")]
    pub out_dir: PathBuf,
}

fn default_out_dir() -> PathBuf {
    PathBuf::from("out")
}

impl Default for ConsoleConfig {
    fn default() -> Self {
        Self {
            out_dir: default_out_dir(),
        }
    }
}

/// Why the configuration could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read {path}: {reason}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: std::io::Error,
    },
    /// The file is not valid.
    #[error("{path} is not a valid configuration: {reason}")]
    Parse {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: toml::de::Error,
    },
}

impl Config {
    /// Reads `path`; with no path, `config.toml` if it exists, else the defaults.
    ///
    /// # Errors
    /// A named file that is missing, unreadable or invalid; an invalid `config.toml`.
    pub fn load(path: Option<&Path>) -> Result<Self, ConfigError> {
        let (path, required) = match path {
            Some(path) => (path.to_path_buf(), true),
            None => (PathBuf::from("config.toml"), false),
        };
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if !required && e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Self::default())
            }
            Err(reason) => return Err(ConfigError::Read { path, reason }),
        };
        toml::from_str(&text).map_err(|reason| ConfigError::Parse { path, reason })
    }
}
