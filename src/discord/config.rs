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
    /// The application's OAuth2 client secret (Developer Portal → OAuth2), which the Discord
    /// Activity needs to learn who opened it. `DISCORD_CLIENT_SECRET` overrides it. With it,
    /// the application id and `[web] listen`, the game pages also run as an Activity.
    #[serde(default)]
    pub client_secret: Option<String>,
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
    /// How long one REST call may wait for Discord's answer before it is given up and
    /// tried again (at most three tries in all): a call that never comes back must not hold
    /// a board.
    #[serde(default = "default_rest_timeout")]
    pub rest_timeout_ms: u64,
    /// Send REST calls here instead of `https://discord.com` (an API proxy; the tests'
    /// fake Discord).
    #[serde(default)]
    pub api_proxy: Option<String>,
    /// Whether a new game gets its own thread for its boards, on servers whose admins did
    /// not choose with `/settings threads:on|off`.
    #[serde(default = "yes")]
    pub threads: bool,
    /// How many gateway connections (shards) the whole bot opens: `"auto"` (what Discord
    /// recommends for the bot's number of servers) or a number.
    #[serde(default)]
    pub shards: Shards,
    /// The shards this process runs, `[first, last]` counted from 0, inclusive: several
    /// processes (or machines) split one bot's shards this way. All of them by default.
    /// Needs `shards` as a number, the same in every process.
    #[serde(default)]
    pub shard_range: Option<[u32; 2]>,
}

/// `shards` in `[discord]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord recommends.
    #[default]
    Auto,
    /// This many.
    Count(u32),
}

impl<'de> Deserialize<'de> for Shards {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Count(u32),
            Word(String),
        }
        match Written::deserialize(d)? {
            Written::Count(0) => Err(serde::de::Error::custom("shards must be at least 1")),
            Written::Count(n) => Ok(Self::Count(n)),
            Written::Word(word) if word.eq_ignore_ascii_case("auto") => Ok(Self::Auto),
            Written::Word(word) => Err(serde::de::Error::custom(format!(
                "shards must be \"auto\" or a number, not {word:?}"
            ))),
        }
    }
}

impl DiscordConfig {
    /// The shards this process opens, `(first, last, total)`, given the number Discord
    /// recommends; or why the settings do not fit together.
    ///
    /// # Errors
    /// A range without a fixed count, or outside it.
    pub fn shard_plan(&self, recommended: u32) -> Result<(u32, u32, u32), String> {
        let total = match self.shards {
            Shards::Auto => recommended.max(1),
            Shards::Count(n) => n,
        };
        match self.shard_range {
            None => Ok((0, total - 1, total)),
            Some(_) if self.shards == Shards::Auto => Err(
                "[discord] shard_range needs shards = N (the same number in every process), \
                 not \"auto\""
                    .into(),
            ),
            Some([first, last]) if first <= last && last < total => Ok((first, last, total)),
            Some([first, last]) => Err(format!(
                "[discord] shard_range = [{first}, {last}] is not within shards 0 to {}",
                total - 1
            )),
        }
    }
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

fn default_rest_timeout() -> u64 {
    10_000
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
            client_secret: None,
            dev_guild: None,
            register_commands: yes(),
            listen: default_listen(),
            max_body_bytes: default_max_body(),
            defer_after_ms: default_defer_after(),
            rest_timeout_ms: default_rest_timeout(),
            api_proxy: None,
            threads: yes(),
            shards: Shards::Auto,
            shard_range: None,
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

    /// The OAuth2 client secret: `DISCORD_CLIENT_SECRET` if set and not empty, else the
    /// file's.
    #[must_use]
    pub fn client_secret(&self) -> Option<String> {
        std::env::var("DISCORD_CLIENT_SECRET")
            .ok()
            .filter(|t| !t.trim().is_empty())
            .or_else(|| self.client_secret.clone().filter(|t| !t.trim().is_empty()))
    }

    /// Where Discord's API is reached: `api_proxy`, else Discord itself.
    #[must_use]
    pub fn api_base(&self) -> String {
        let host = self.api_proxy.as_deref().unwrap_or("https://discord.com");
        format!("{}/api/v10", host.trim_end_matches('/'))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(text: &str) -> Result<DiscordConfig, toml::de::Error> {
        toml::from_str(text)
    }

    #[test]
    fn shards_are_auto_a_number_or_a_range_of_a_number() {
        let auto = config("").unwrap();
        assert_eq!(auto.shard_plan(3), Ok((0, 2, 3)));
        let fixed = config("shards = 8").unwrap();
        assert_eq!(fixed.shard_plan(3), Ok((0, 7, 8)));
        let part = config("shards = 8\nshard_range = [4, 7]").unwrap();
        assert_eq!(part.shard_plan(3), Ok((4, 7, 8)));
        assert!(config("shards = \"auto\"\nshard_range = [0, 1]")
            .unwrap()
            .shard_plan(2)
            .unwrap_err()
            .contains("needs shards = N"));
        assert!(config("shards = 4\nshard_range = [2, 4]")
            .unwrap()
            .shard_plan(2)
            .unwrap_err()
            .contains("not within shards 0 to 3"));
        assert!(config("shards = 0").is_err());
        assert!(config("shards = \"many\"").is_err());
    }
}
