//! Every Discord REST call the bot makes on its own initiative goes through [`observe`]: it
//! is counted by route and status, timed, and — when Discord refuses it — logged once with
//! Discord's error code, so that an admin can tell a closed DM (50007) from a missing
//! permission (50013) or an expired interaction (10015) without a debugger.
//!
//! What this covers, honestly: the calls the interaction handler, the notices, the
//! scheduler, command registration and the gateway lookup make. It does not see the calls
//! serenity makes by itself inside the gateway client, and with serenity's own rate
//! limiter on (no `api_proxy`) a 429 is waited out and retried inside serenity: those are
//! counted by `leapfrog_discord_rate_limited_total` (the limiter's callback)
//! instead of as a 429 status here. Behind an `api_proxy` the limiter is off and 429s
//! arrive here as statuses.

use std::future::Future;
use std::time::Instant;

use serenity::http::HttpError;

use crate::metrics;

/// How a REST call ended: its HTTP status (`error` when no answer came), and Discord's
/// JSON error code and message when Discord refused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// `200`, `403`, `429`… or `error`.
    pub status: String,
    /// Discord's error code (50007: cannot message this user…).
    pub code: Option<isize>,
    /// Discord's or the client's message.
    pub message: Option<String>,
}

impl Ending {
    /// How `result` ended.
    #[must_use]
    pub fn of<T>(result: &serenity::Result<T>) -> Self {
        match result {
            // The call's exact 2xx is not handed back by serenity; 200 stands for them all.
            Ok(_) => Self {
                status: "200".to_owned(),
                code: None,
                message: None,
            },
            Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(response))) => Self {
                status: response.status_code.as_u16().to_string(),
                code: Some(response.error.code),
                message: Some(response.error.message.clone()),
            },
            Err(error) => Self {
                status: "error".to_owned(),
                code: None,
                message: Some(error.to_string()),
            },
        }
    }
}

/// Runs one REST call on `route` (a fixed name: `create_message`, `edit_original`…),
/// counting and timing it, and logging Discord's refusal with its code.
///
/// # Errors
/// The call's own error, untouched.
pub async fn observe<T>(
    route: &'static str,
    call: impl Future<Output = serenity::Result<T>>,
) -> serenity::Result<T> {
    observe_within(route, None, call).await
}

/// `call`, given up (as [`TIMED_OUT`]) when it has not answered within `limit` — not
/// counting a rate limit's wait: a 429's `Retry-After` announced meanwhile (see
/// [`super::reach::limited`]) holds the call on purpose, and sending it again before that
/// time would break Discord's rule and earn another 429. The limit then runs again from the
/// end of the wait.
async fn within<T>(
    limit: std::time::Duration,
    call: impl Future<Output = serenity::Result<T>>,
) -> serenity::Result<T> {
    tokio::pin!(call);
    let mut deadline = tokio::time::Instant::now() + limit;
    loop {
        if let Ok(result) = tokio::time::timeout_at(deadline, &mut call).await {
            return result;
        }
        match super::reach::rate_limit_ends() {
            Some(ends) if ends > tokio::time::Instant::now() => deadline = ends + limit,
            _ => return Err(serenity::Error::Other(TIMED_OUT)),
        }
    }
}

/// [`observe`] for one attempt given up after `limit`: an attempt that gets no answer in
/// time ends as [`TIMED_OUT`] (counted under the status `timeout` and timed at the limit),
/// so the metrics see every attempt, answered or not.
///
/// # Errors
/// The call's own error, or [`TIMED_OUT`].
pub async fn observe_within<T>(
    route: &'static str,
    limit: Option<std::time::Duration>,
    call: impl Future<Output = serenity::Result<T>>,
) -> serenity::Result<T> {
    super::reach::global_pause().await;
    let started = Instant::now();
    let result = match limit {
        Some(limit) => within(limit, call).await,
        None => call.await,
    };
    let took = started.elapsed();
    let mut ending = Ending::of(&result);
    if matches!(result, Err(serenity::Error::Other(TIMED_OUT))) {
        ending.status = "timeout".to_owned();
    }
    let metrics = metrics::get();
    metrics
        .discord_requests
        .with_label_values(&[route, &ending.status])
        .inc();
    metrics
        .discord_latency
        .with_label_values(&[route])
        .observe(took.as_secs_f64());
    if result.is_err() {
        log_refusal(route, &ending);
    }
    result
}

/// The error of an attempt Discord did not answer in time.
pub const TIMED_OUT: &str = "Discord did not answer in time";

/// One log line for a Discord error: the route, the status and Discord's code.
pub fn log_refusal(route: &str, ending: &Ending) {
    let message = ending.message.as_deref().unwrap_or("");
    match ending.code {
        Some(code) => tracing::warn!(
            target: "leapfrog::discord::rest",
            route,
            status = %ending.status,
            code,
            message,
            "Discord refused a call"
        ),
        None => tracing::warn!(
            target: "leapfrog::discord::rest",
            route,
            status = %ending.status,
            message,
            "a call to Discord failed"
        ),
    }
}

/// Counts a rate limit serenity's limiter waited out (its callback, see
/// [`super::reach::rate_limited`]).
pub fn rate_limited(path: &str, global: bool) {
    // The path holds ids: keep its shape only, so that the label set stays small.
    let shape: String = path
        .split('/')
        .map(|part| {
            if part.chars().all(|c| c.is_ascii_digit()) && !part.is_empty() {
                "{id}"
            } else if part.len() > 40 {
                "{token}"
            } else {
                part
            }
        })
        .collect::<Vec<_>>()
        .join("/");
    metrics::get()
        .discord_rate_limited
        .with_label_values(&[shape.as_str(), if global { "true" } else { "false" }])
        .inc();
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An attempt Discord never answers is counted and timed like any other, under the
    /// status `timeout`: the metrics see every attempt the bot made.
    #[tokio::test]
    async fn an_attempt_given_up_is_counted_and_timed() {
        let route = "test_given_up";
        let counted = || {
            metrics::get()
                .discord_requests
                .with_label_values(&[route, "timeout"])
                .get()
        };
        let timed = || {
            metrics::get()
                .discord_latency
                .with_label_values(&[route])
                .get_sample_count()
        };
        let (before, timed_before) = (counted(), timed());
        let never = std::future::pending::<serenity::Result<()>>();
        let result = observe_within(route, Some(std::time::Duration::from_millis(20)), never).await;
        assert!(matches!(result, Err(serenity::Error::Other(TIMED_OUT))));
        assert_eq!(counted(), before + 1);
        assert_eq!(timed(), timed_before + 1);
    }
}
