//! Reaching Discord at start: every call that fails because Discord cannot be reached (no
//! network, a proxy that is down, Discord's own trouble) is said on the log, with the
//! attempt and the wait before the next, and tried again; a refusal (a wrong token, say)
//! ends the attempts at once, since trying again cannot help.

use std::future::Future;
use std::time::Duration;

use serenity::all::HttpError;

/// The longest wait between two attempts.
const MAX_WAIT: Duration = Duration::from_secs(60);

/// The wait after the `attempt`-th failure (from 1): 1 s, 2 s, 4 s… up to a minute, so a
/// short outage is bridged quickly and a long one does not flood Discord or the log.
#[must_use]
pub fn wait_after(attempt: u32) -> Duration {
    Duration::from_secs(1u64 << attempt.saturating_sub(1).min(6)).min(MAX_WAIT)
}

/// Whether `error` means Discord could not be reached or was briefly unable to answer
/// (worth another try), rather than a refusal of what was asked.
#[must_use]
pub fn is_transient(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(HttpError::Request(_)) => true,
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.is_server_error() || response.status_code.as_u16() == 429
        }
        _ => false,
    }
}

/// Runs `call` until it succeeds or Discord refuses it. `what` completes "could not reach
/// Discord to …" in the log.
///
/// # Errors
/// Discord answered with a refusal (the token is wrong, the request is invalid).
pub async fn with_retries<T, F, Fut>(what: &str, mut call: F) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut attempt = 0;
    loop {
        attempt += 1;
        match call().await {
            Ok(value) => return Ok(value),
            Err(error) if is_transient(&error) => {
                let wait = wait_after(attempt);
                tracing::warn!(
                    "could not reach Discord to {what} (attempt {attempt}: {}); \
                     trying again in {} s",
                    explain(&error),
                    wait.as_secs()
                );
                tokio::time::sleep(wait).await;
            }
            Err(error) => return Err(error),
        }
    }
}

/// An error with its causes ("… tcp connect error: Connection refused"): serenity's own
/// text for a failed request says only that it failed, not why.
fn explain(error: &dyn std::error::Error) -> String {
    let mut parts: Vec<String> = vec![error.to_string()];
    let mut source = error.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        if parts.last() != Some(&text) {
            parts.push(text);
        }
        source = cause.source();
    }
    parts.join(": ")
}

/// Until when a global rate limit holds every call of ours back (milliseconds since the
/// process's first look at the clock, 0 for none). Process-wide, as the limit is: Discord
/// limits the bot's token, and a process has one.
static GLOBAL_PAUSE_UNTIL_MS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The process's clock origin for [`GLOBAL_PAUSE_UNTIL_MS`].
fn origin() -> std::time::Instant {
    static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    *ORIGIN.get_or_init(std::time::Instant::now)
}

/// serenity's limiter tells of a 429 it is waiting out: see [`limited`].
pub fn rate_limited(info: serenity::http::RatelimitInfo) {
    limited(&info.path, info.global, info.timeout);
}

/// A 429 being waited out for `wait` (by serenity's limiter, or by the guard in front of
/// an `api_proxy`): counted, and when the limit is global (every route of the token),
/// every other call of ours waits for it too, where it would be sent on and collect more
/// 429s.
pub fn limited(path: &str, global: bool, wait: Duration) {
    crate::discord::rest::rate_limited(path, global);
    tracing::info!(
        target: "leapfrog::discord::rest",
        path = %path,
        global,
        wait_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
        "Discord's rate limit: waiting"
    );
    let until = origin().elapsed() + wait;
    let until = u64::try_from(until.as_millis()).unwrap_or(u64::MAX);
    LIMIT_UNTIL_MS.fetch_max(until, std::sync::atomic::Ordering::Relaxed);
    if global {
        GLOBAL_PAUSE_UNTIL_MS.fetch_max(until, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Until when (on [`origin`]'s clock) the latest 429 announced is waited out, any route.
static LIMIT_UNTIL_MS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// When the latest rate limit's wait ends (on tokio's clock), if one was ever announced: a
/// REST attempt's own time does not run while it lasts.
#[must_use]
pub fn rate_limit_ends() -> Option<tokio::time::Instant> {
    let until = LIMIT_UNTIL_MS.load(std::sync::atomic::Ordering::Relaxed);
    (until > 0).then(|| {
        let ends = origin() + Duration::from_millis(until);
        tokio::time::Instant::from_std(ends)
    })
}

/// Waits while a global rate limit lasts (see [`rate_limited`]).
pub async fn global_pause() {
    let until = GLOBAL_PAUSE_UNTIL_MS.load(std::sync::atomic::Ordering::Relaxed);
    let now = u64::try_from(origin().elapsed().as_millis()).unwrap_or(u64::MAX);
    if until > now {
        tokio::time::sleep(Duration::from_millis(until - now)).await;
    }
}

/// How many times a call that failed in passing is made in all: a short outage is bridged,
/// a long one is not waited out while a player waits for an answer.
pub const TRIES: u32 = 3;

/// How long one attempt waits for Discord's answer, in milliseconds (`[discord]
/// rest_timeout_ms`): a request that never comes back must not hold a board forever.
static ATTEMPT_TIMEOUT_MS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(10_000);

/// Sets how long one attempt waits (from the config, at start).
pub fn set_attempt_timeout(timeout: Duration) {
    let ms = u64::try_from(timeout.as_millis())
        .unwrap_or(u64::MAX)
        .max(1);
    ATTEMPT_TIMEOUT_MS.store(ms, std::sync::atomic::Ordering::Relaxed);
}

/// How long one attempt of a REST call waits for Discord (`[discord] rest_timeout_ms`).
#[must_use]
pub fn attempt_timeout() -> Duration {
    Duration::from_millis(ATTEMPT_TIMEOUT_MS.load(std::sync::atomic::Ordering::Relaxed))
}

/// Makes one REST call on `route` (a fixed name, for metrics and logs), again when it fails
/// in passing — Discord's 5xx, no answer within the attempt's time — up to [`TRIES`] times
/// with a short wait between. Rate limits (429) are waited out inside each attempt by
/// serenity's limiter, which honours `Retry-After`, when the bot talks to Discord directly;
/// a global one also holds back every other call (see [`limited`]). Behind an `api_proxy`
/// the guard in [`super::limits_guard`] does the same from the 429's own `Retry-After` and
/// global flag. Only for calls that may be
/// made twice: edits, deletions, reads, and new messages that carry a nonce Discord
/// enforces (see [`nonce`]).
///
/// # Errors
/// The last attempt's error; a timeout is [`serenity::Error::Other`].
pub async fn repeated<T, F, Fut>(route: &'static str, mut make: F) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut attempt = 0;
    loop {
        attempt += 1;
        let result =
            crate::discord::rest::observe_within(route, Some(attempt_timeout()), make()).await;
        match result {
            Err(error) if attempt < TRIES && is_passing(&error) => {
                tokio::time::sleep(Duration::from_millis(250 << attempt)).await;
            }
            other => return other,
        }
    }
}

/// Whether a failed call may succeed if made again: no answer, or Discord's server error.
/// Not a 429: serenity's limiter (or, behind an `api_proxy`, the guard in
/// [`super::limits_guard`]) has waited it out for as long as Discord said already, and one
/// that still comes back is a limit longer than a player should wait.
fn is_passing(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Other(_) => true,
        other => is_transient(other) && status(other) != Some(429),
    }
}

/// A nonce for a new message that may be sent more than once: Discord, told to enforce
/// it, creates the message once however many times it arrives within a few minutes.
#[must_use]
pub fn nonce() -> serenity::all::Nonce {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // Discord takes at most 25 characters.
    let text = format!(
        "{:x}{:x}",
        now & 0xffff_ffff_ffff,
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    serenity::all::Nonce::String(text.chars().take(25).collect())
}

/// Discord's answer to a refused call, if `error` is one.
fn refusal(error: &serenity::Error) -> Option<&serenity::http::ErrorResponse> {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => Some(response),
        _ => None,
    }
}

/// The HTTP status of a refusal, if `error` is one.
fn status(error: &serenity::Error) -> Option<u16> {
    refusal(error).map(|r| r.status_code.as_u16())
}

/// Discord's JSON error code of a refusal, if `error` is one.
#[must_use]
pub fn code(error: &serenity::Error) -> Option<isize> {
    refusal(error).map(|r| r.error.code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_up_to_a_minute() {
        let waits: Vec<u64> = (1..=9).map(|n| wait_after(n).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
    }
}
