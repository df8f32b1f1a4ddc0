//! `/healthz`, `/readyz` and `/metrics`: what load balancers, orchestrators and Prometheus
//! ask a worker. `leapfrog http` serves them on its interactions listener; `leapfrog serve`,
//! which has no listener of its own, on `[admin] listen` when set (and `leapfrog http` there
//! too, to keep metrics off the public port).

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;

use crate::play::Play;
use crate::store::{Status, Store, UserId};

use super::Ops;

/// `[admin]` in the configuration file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdminConfig {
    /// Where `/healthz`, `/readyz` and `/metrics` are served besides the interactions
    /// listener: the only place for `leapfrog serve`. Off when unset.
    #[serde(default)]
    pub listen: Option<SocketAddr>,
    /// The bearer token `/metrics` wants on a listener that is not on loopback (on loopback
    /// it is open). `LEAPFROG_METRICS_TOKEN` overrides it. Without one, such a listener
    /// serves no metrics: counters say who plays how much, not for the whole internet.
    #[serde(default)]
    pub metrics_token: Option<String>,
    /// How long SIGTERM or SIGINT waits for the interactions in flight and their board
    /// posts before the process exits anyway.
    #[serde(default = "default_grace")]
    pub shutdown_grace_secs: u64,
    /// How long `/readyz` waits for the store's answer before calling it unreachable.
    #[serde(default = "default_readyz_timeout")]
    pub readyz_timeout_ms: u64,
}

fn default_grace() -> u64 {
    10
}

fn default_readyz_timeout() -> u64 {
    2_000
}

impl Default for AdminConfig {
    fn default() -> Self {
        Self {
            listen: None,
            metrics_token: None,
            shutdown_grace_secs: default_grace(),
            readyz_timeout_ms: default_readyz_timeout(),
        }
    }
}

impl AdminConfig {
    /// The metrics token: `LEAPFROG_METRICS_TOKEN` if set and not empty, else the file's.
    #[must_use]
    pub fn metrics_token(&self) -> Option<String> {
        std::env::var("LEAPFROG_METRICS_TOKEN")
            .ok()
            .filter(|t| !t.trim().is_empty())
            .or_else(|| self.metrics_token.clone().filter(|t| !t.trim().is_empty()))
    }

    /// The shutdown's grace.
    #[must_use]
    pub fn grace(&self) -> Duration {
        Duration::from_secs(self.shutdown_grace_secs)
    }
}

/// Why the shutdown did not end cleanly. The process still exits 0 after the grace (an
/// orchestrator would kill it anyway); this is what the log says.
#[derive(Debug, thiserror::Error)]
pub enum ShutdownError {
    /// Work was still in flight when the grace ran out.
    #[error("{0} interaction(s) or board post(s) still in flight after the grace")]
    Unfinished(usize),
    /// The store could not be flushed.
    #[error("the store could not be flushed: {0}")]
    Flush(#[from] crate::store::StoreError),
}

/// Why `/metrics` turned a request away.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Denied {
    /// The listener is reachable from outside and no token is configured.
    #[error("metrics need [admin] metrics_token on a listener that is not on loopback")]
    NoToken,
    /// No `Authorization: Bearer …`, or the wrong token.
    #[error("wrong or missing bearer token")]
    WrongToken,
}

impl IntoResponse for Denied {
    fn into_response(self) -> Response {
        (
            StatusCode::UNAUTHORIZED,
            [(header::WWW_AUTHENTICATE, "Bearer")],
            self.to_string(),
        )
            .into_response()
    }
}

/// Who may read `/metrics`: anyone on a loopback listener (`open`); elsewhere only a
/// request whose `Authorization` header carries `Bearer <token>`.
///
/// # Errors
/// [`Denied`] otherwise.
pub fn authorize(
    open: bool,
    token: Option<&str>,
    authorization: Option<&str>,
) -> Result<(), Denied> {
    if open {
        return Ok(());
    }
    let token = token.ok_or(Denied::NoToken)?;
    let given = authorization
        .and_then(|h| h.strip_prefix("Bearer "))
        .map(str::trim)
        .ok_or(Denied::WrongToken)?;
    // Compared in constant time: the token guards the page, its length is no secret.
    let same = given.len() == token.len()
        && given
            .bytes()
            .zip(token.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0;
    if same {
        Ok(())
    } else {
        Err(Denied::WrongToken)
    }
}

/// Reads the store once, cheaply, to tell whether it answers.
type Probe = dyn Fn() -> Result<(), String> + Send + Sync;
/// Counts the games in progress, by game.
type Census = dyn Fn() -> Result<Vec<(&'static str, i64)>, String> + Send + Sync;

/// What the admin routes need.
#[derive(Clone)]
pub struct Admin {
    ops: Ops,
    probe: Arc<Probe>,
    census: Option<Arc<Census>>,
    counted: Arc<Mutex<Option<Instant>>>,
    open: bool,
    token: Option<String>,
    timeout: Duration,
}

/// How often the games in progress are counted again (it reads every game): at most once a
/// minute, whatever the scrape interval.
const CENSUS_EVERY: Duration = Duration::from_secs(60);

impl Admin {
    /// The admin routes of a bot over `play`, on a listener at `listening` (loopback opens
    /// `/metrics` to all), checking readiness against `ops` and the store.
    #[must_use]
    pub fn new<S: Store + 'static>(
        ops: Ops,
        play: &Arc<Play<S>>,
        config: &AdminConfig,
        listening: SocketAddr,
    ) -> Self {
        let reader = Arc::clone(play);
        // A settings read: the cheapest call the trait has, and it touches the real tables.
        let probe = move || {
            reader
                .store()
                .settings(UserId(0))
                .map(drop)
                .map_err(|e| e.to_string())
        };
        let counter = Arc::clone(play);
        let census = move || {
            let games = counter.store().all_games().map_err(|e| e.to_string())?;
            let mut counts: Vec<(&'static str, i64)> = crate::games::GameKind::ALL
                .iter()
                .map(|k| (k.name(), 0))
                .collect();
            for game in games.iter().filter(|g| g.status == Status::Active) {
                if let Some(entry) = counts.iter_mut().find(|(n, _)| *n == game.kind.name()) {
                    entry.1 += 1;
                }
            }
            Ok(counts)
        };
        Self {
            ops,
            probe: Arc::new(probe),
            census: Some(Arc::new(census)),
            counted: Arc::default(),
            open: listening.ip().is_loopback(),
            token: config.metrics_token(),
            timeout: Duration::from_millis(config.readyz_timeout_ms),
        }
    }

    /// The same with a store check of one's own (tests: a store that cannot be reached).
    #[must_use]
    pub fn with_probe(
        mut self,
        probe: impl Fn() -> Result<(), String> + Send + Sync + 'static,
    ) -> Self {
        self.probe = Arc::new(probe);
        self
    }

    /// `/healthz`, `/readyz` and `/metrics`.
    pub fn router(self) -> Router {
        if !self.open && self.token.is_none() {
            tracing::warn!(
                "/metrics is off on a listener that is not on loopback: set [admin] \
                 metrics_token (or LEAPFROG_METRICS_TOKEN)"
            );
        }
        Router::new()
            .route("/healthz", get(healthz))
            .route("/readyz", get(readyz))
            .route("/metrics", get(metrics))
            .with_state(self)
    }

    /// Whether the process is ready for work, and why not.
    async fn readiness(&self) -> (bool, serde_json::Value) {
        let shutting_down = self.ops.is_shutting_down();
        let gateway = self.ops.gateway();
        let gateway_ok = gateway.is_none_or(|(up, of)| of > 0 && up == of);
        let probe = Arc::clone(&self.probe);
        let store =
            match tokio::time::timeout(self.timeout, tokio::task::spawn_blocking(move || probe()))
                .await
            {
                Ok(Ok(Ok(()))) => Ok(()),
                Ok(Ok(Err(error))) => Err(error),
                Ok(Err(error)) => Err(format!("the check crashed: {error}")),
                Err(_) => Err(format!("no answer within {} ms", self.timeout.as_millis())),
            };
        let ready = !shutting_down && gateway_ok && store.is_ok();
        let body = serde_json::json!({
            "ready": ready,
            "shutting_down": shutting_down,
            // Migrations run when the store opens, before any listener: an open store is a
            // migrated one.
            "store": match &store { Ok(()) => "ok".to_owned(), Err(e) => e.clone() },
            "gateway": gateway.map(|(up, of)| format!("{up} of {of} shard(s) connected")),
        });
        (ready, body)
    }

    /// Counts the games in progress again when the last count is older than a minute.
    async fn count_games(&self) {
        let Some(census) = self.census.clone() else {
            return;
        };
        {
            let mut counted = self.counted.lock().unwrap_or_else(PoisonError::into_inner);
            if counted.is_some_and(|at| at.elapsed() < CENSUS_EVERY) {
                return;
            }
            *counted = Some(Instant::now());
        }
        let counted = tokio::time::timeout(
            self.timeout.max(Duration::from_secs(5)),
            tokio::task::spawn_blocking(move || census()),
        )
        .await;
        match counted {
            Ok(Ok(Ok(counts))) => {
                for (game, n) in counts {
                    crate::metrics::get()
                        .games_in_progress
                        .with_label_values(&[game])
                        .set(n);
                }
            }
            _ => tracing::warn!("could not count the games in progress for /metrics"),
        }
    }
}

/// The process is up (nothing else is checked: a failing store is `/readyz`'s business,
/// and restarting a worker for it would not help).
async fn healthz() -> &'static str {
    "ok\n"
}

async fn readyz(State(admin): State<Admin>) -> Response {
    let (ready, body) = admin.readiness().await;
    let status = if ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, axum::Json(body)).into_response()
}

async fn metrics(State(admin): State<Admin>, headers: HeaderMap) -> Response {
    let authorization = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok());
    if let Err(denied) = authorize(admin.open, admin.token.as_deref(), authorization) {
        return denied.into_response();
    }
    admin.count_games().await;
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        crate::metrics::get().render(),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metrics_are_open_on_loopback_and_want_the_token_elsewhere() {
        assert_eq!(authorize(true, None, None), Ok(()));
        assert_eq!(
            authorize(false, None, Some("Bearer x")),
            Err(Denied::NoToken)
        );
        assert_eq!(
            authorize(false, Some("s3cret"), None),
            Err(Denied::WrongToken)
        );
        assert_eq!(
            authorize(false, Some("s3cret"), Some("Bearer nope")),
            Err(Denied::WrongToken)
        );
        assert_eq!(
            authorize(false, Some("s3cret"), Some("Basic s3cret")),
            Err(Denied::WrongToken)
        );
        assert_eq!(
            authorize(false, Some("s3cret"), Some("Bearer s3cret")),
            Ok(())
        );
    }

    #[test]
    fn the_admin_section_has_its_defaults() {
        let config: AdminConfig = toml::from_str("").unwrap();
        assert_eq!(config.listen, None);
        assert_eq!(config.grace(), Duration::from_secs(10));
        let config: AdminConfig =
            toml::from_str("listen = \"0.0.0.0:9100\"\nmetrics_token = \"t\"").unwrap();
        assert_eq!(config.listen, Some(SocketAddr::from(([0, 0, 0, 0], 9100))));
    }
}
