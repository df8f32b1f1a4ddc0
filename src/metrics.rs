//! The process's Prometheus metrics, in one registry: a leaf module below every layer, so
//! the store, the play layer and the Discord adapter record where an event happens without
//! importing upward; `ops` serves them (`/metrics`). They are process-wide statics rather
//! than fields threaded through every layer: the hooks sit in the store wrapper, the AI pool,
//! the scheduler and the Discord adapter, which share nothing else, and a metric that needs
//! a handle passed around is a metric nobody adds. Every name starts with `leapfrog_`.

use std::sync::LazyLock;
use std::time::Duration;

use prometheus::{
    Encoder, Gauge, HistogramOpts, HistogramVec, IntCounterVec, IntGauge, IntGaugeVec, Opts,
    Registry, TextEncoder,
};

/// Latency buckets in seconds, from a fast store read (1 ms) to Discord's 15-minute token.
const SECONDS: &[f64] = &[
    0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0, 60.0,
];

/// Every metric the bot exports.
pub struct Metrics {
    registry: Registry,
    /// Interactions answered, by command and outcome (`done`, `refused`, `failed`,
    /// `answered` for the front end's own answers).
    pub interactions: IntCounterVec,
    /// Time from an interaction's arrival to its first answer (a message or "thinking…"),
    /// by command: Discord's budget is 3 s.
    pub acknowledgement: HistogramVec,
    /// Time from an interaction's arrival to its board being posted.
    pub board_post: HistogramVec,
    /// Interactions (and the background work they started) not finished yet.
    pub in_flight: IntGauge,
    /// Discord REST calls the bot made, by route and HTTP status (`error` when no answer).
    pub discord_requests: IntCounterVec,
    /// Their latency, by route.
    pub discord_latency: HistogramVec,
    /// Rate limits serenity's own limiter waited out (it retries 429s by itself, so these
    /// never reach the bot as errors), by route and whether global.
    pub discord_rate_limited: IntCounterVec,
    /// Store calls' latency, by operation and backend.
    pub store_latency: HistogramVec,
    /// Store calls that failed, by operation and backend.
    pub store_errors: IntCounterVec,
    /// Computer searches waiting for a thread.
    pub ai_queued: IntGauge,
    /// Computer searches thinking now.
    pub ai_running: IntGauge,
    /// Games the computer's full line did not take (left for the scheduler's next tick).
    pub ai_line_full: IntCounterVec,
    /// Games being played (not finished, not challenges), by game; refreshed when scraped.
    pub games_in_progress: IntGaugeVec,
    /// How late the oldest due alarm was when the scheduler last looked (0 when none was).
    pub scheduler_lag: Gauge,
}

fn counter(registry: &Registry, name: &str, help: &str, labels: &[&str]) -> IntCounterVec {
    let metric = IntCounterVec::new(Opts::new(name, help), labels).expect("a valid metric");
    registry
        .register(Box::new(metric.clone()))
        .expect("registered once");
    metric
}

fn histogram(registry: &Registry, name: &str, help: &str, labels: &[&str]) -> HistogramVec {
    let opts = HistogramOpts::new(name, help).buckets(SECONDS.to_vec());
    let metric = HistogramVec::new(opts, labels).expect("a valid metric");
    registry
        .register(Box::new(metric.clone()))
        .expect("registered once");
    metric
}

fn gauge(registry: &Registry, name: &str, help: &str) -> IntGauge {
    let metric = IntGauge::new(name, help).expect("a valid metric");
    registry
        .register(Box::new(metric.clone()))
        .expect("registered once");
    metric
}

impl Metrics {
    // The names and labels below are constants, so registering them cannot fail but for a
    // typo, which the first test that scrapes finds: hence the `expect`s.
    fn new() -> Self {
        let r = Registry::new();
        let games_in_progress = IntGaugeVec::new(
            Opts::new("leapfrog_games_in_progress", "Games being played, by game."),
            &["game"],
        )
        .expect("a valid metric");
        r.register(Box::new(games_in_progress.clone()))
            .expect("registered once");
        let scheduler_lag = Gauge::new(
            "leapfrog_scheduler_lag_seconds",
            "How late the oldest due reminder or timeout was when the scheduler looked.",
        )
        .expect("a valid metric");
        r.register(Box::new(scheduler_lag.clone()))
            .expect("registered once");
        Self {
            interactions: counter(
                &r,
                "leapfrog_interactions_total",
                "Interactions answered, by command and outcome.",
                &["command", "outcome"],
            ),
            acknowledgement: histogram(
                &r,
                "leapfrog_acknowledgement_seconds",
                "Time from an interaction's arrival to its first answer.",
                &["command"],
            ),
            board_post: histogram(
                &r,
                "leapfrog_board_post_seconds",
                "Time from an interaction's arrival to its board being posted.",
                &["command"],
            ),
            in_flight: gauge(
                &r,
                "leapfrog_interactions_in_flight",
                "Interactions and their background work not finished yet.",
            ),
            discord_requests: counter(
                &r,
                "leapfrog_discord_requests_total",
                "Discord REST calls, by route and HTTP status.",
                &["route", "status"],
            ),
            discord_latency: histogram(
                &r,
                "leapfrog_discord_request_seconds",
                "Discord REST calls' latency, by route.",
                &["route"],
            ),
            discord_rate_limited: counter(
                &r,
                "leapfrog_discord_rate_limited_total",
                "Rate limits serenity's limiter waited out, by route and whether global.",
                &["route", "global"],
            ),
            store_latency: histogram(
                &r,
                "leapfrog_store_call_seconds",
                "Store calls' latency, by operation and backend.",
                &["op", "backend"],
            ),
            store_errors: counter(
                &r,
                "leapfrog_store_errors_total",
                "Store calls that failed, by operation and backend.",
                &["op", "backend"],
            ),
            ai_queued: gauge(
                &r,
                "leapfrog_ai_searches_queued",
                "Computer searches waiting for a thread.",
            ),
            ai_running: gauge(
                &r,
                "leapfrog_ai_searches_running",
                "Computer searches thinking now.",
            ),
            ai_line_full: counter(
                &r,
                "leapfrog_ai_line_full_total",
                "Games the computer's full line did not take (left for the next tick).",
                &[],
            ),
            games_in_progress,
            scheduler_lag,
            registry: r,
        }
    }

    /// Everything, in Prometheus' text exposition format.
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = Vec::new();
        // Encoding into a Vec only fails on metrics that break the format, which ours do
        // not; an empty page then says so more plainly than a panic would.
        if let Err(error) = TextEncoder::new().encode(&self.registry.gather(), &mut out) {
            tracing::error!(%error, "could not encode the metrics");
        }
        String::from_utf8(out).unwrap_or_default()
    }
}

/// The process's metrics.
pub fn get() -> &'static Metrics {
    static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);
    &METRICS
}

/// Records one store call: `op` on `backend`, how long, and whether it failed.
pub fn store_call(op: &str, backend: &str, took: Duration, failed: bool) {
    let metrics = get();
    metrics
        .store_latency
        .with_label_values(&[op, backend])
        .observe(took.as_secs_f64());
    if failed {
        metrics.store_errors.with_label_values(&[op, backend]).inc();
    }
}

/// Records how late the oldest due alarm is at a scheduler look.
pub fn scheduler_lag(late: Duration) {
    get().scheduler_lag.set(late.as_secs_f64());
}

/// Counts a game the computer's full line did not take.
pub fn ai_line_full() {
    get().ai_line_full.with_label_values(&[] as &[&str]).inc();
}

/// A computer search in the pool: counted as queued from [`AiSearch::queued`] until
/// [`AiSearch::running`], then as running until dropped (however the job ends).
pub struct AiSearch {
    running: bool,
}

impl AiSearch {
    /// A search waiting for a thread.
    #[must_use]
    pub fn queued() -> Self {
        get().ai_queued.inc();
        Self { running: false }
    }

    /// It got its thread.
    pub fn running(&mut self) {
        if !self.running {
            let metrics = get();
            metrics.ai_queued.dec();
            metrics.ai_running.inc();
            self.running = true;
        }
    }
}

impl Drop for AiSearch {
    fn drop(&mut self) {
        let metrics = get();
        if self.running {
            metrics.ai_running.dec();
        } else {
            metrics.ai_queued.dec();
        }
    }
}
