//! `[discord]` in the configuration file: who the bot is and how it talks to Discord.

use std::net::SocketAddr;

use serde::Deserialize;

/// The Discord settings. The token is a secret: it comes from `DISCORD_TOKEN` or from an
/// untracked `config.toml`, never from the repository.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiscordConfig {
    /// The bot token (Developer Portal → Bot). `DISCORD_TOKEN` overrides it.
    #[serde(default)]
    pub token: Option<String>,
    /// The application id (Developer Portal → General Information). Needed by `leapfrog
    /// http` to edit its deferred answers; the gateway learns it at login.
    #[serde(default)]
    pub application_id: Option<u64>,
    /// The application's public key in hex (General Information), which signs every request
    /// Discord sends to `leapfrog http`.
    #[serde(default)]
    pub public_key: Option<String>,
    /// A server where the commands are registered at start (changes show at once); without
    /// it they are registered globally (Discord may take a while to show changes).
    #[serde(default)]
    pub dev_guild: Option<u64>,
    /// Whether to register the slash commands at start.
    #[serde(default = "yes")]
    pub register_commands: bool,
    /// Where `leapfrog http` listens.
    #[serde(default = "default_listen")]
    pub listen: SocketAddr,
    /// The largest request body `leapfrog http` reads; Discord's interactions are a few KB.
    #[serde(default = "default_max_body")]
    pub max_body_bytes: usize,
    /// How long an answer may take before the bot defers it ("Leapfrog is thinking…", seen
    /// only by the caller when the answer will be private) and completes it by editing
    /// that deferral. Discord allows 3 s for the first answer.
    #[serde(default = "default_defer_after")]
    pub defer_after_ms: u64,
    /// Send REST calls here instead of `https://discord.com` (an API proxy; the tests'
    /// fake Discord).
    #[serde(default)]
    pub api_proxy: Option<String>,
    /// Whether a new game gets its own thread for its boards, on servers whose admins did
    /// not choose with `/settings threads:on|off`.
    #[serde(default = "yes")]
    pub threads: bool,
}

fn yes() -> bool {
    true
}

fn default_listen() -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], 8080))
}

fn default_max_body() -> usize {
    64 * 1024
}

fn default_defer_after() -> u64 {
    1_500
}

impl Default for DiscordConfig {
    fn default() -> Self {
        Self {
            token: None,
            application_id: None,
            public_key: None,
            dev_guild: None,
            register_commands: yes(),
            listen: default_listen(),
            max_body_bytes: default_max_body(),
            defer_after_ms: default_defer_after(),
            api_proxy: None,
            threads: yes(),
        }
    }
}

impl DiscordConfig {
    /// The token: `DISCORD_TOKEN` if set and not empty, else the file's.
    #[must_use]
    pub fn token(&self) -> Option<String> {
        std::env::var("DISCORD_TOKEN")
            .ok()
            .filter(|t| !t.trim().is_empty())
            .or_else(|| self.token.clone().filter(|t| !t.trim().is_empty()))
    }
}
