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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_up_to_a_minute() {
        let waits: Vec<u64> = (1..=9).map(|n| wait_after(n).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
    }
}
