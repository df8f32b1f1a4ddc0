//! Discord's rate limits behind an `api_proxy`. The bot's REST client then runs without
//! serenity's limiter (which would send its requests past the proxy), and serenity hands a
//! 429 back without its `Retry-After` or its "global" flag (they are in headers and a body
//! serenity does not keep). So the client talks to this guard on loopback, which forwards
//! every request to the proxy and reads each answer as serenity's limiter reads Discord's:
//! a 429 is waited out for as long as it says, then sent again (a bounded number of times),
//! and a global one holds back every other call of the process meanwhile
//! ([`super::reach::global_pause`]). Nothing else is changed: the proxy still keeps the limits.

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderName, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

/// How many times one request is sent in all while Discord answers 429.
const TRIES: u32 = 3;

/// The longest a 429 is waited out here: a longer limit goes back to the caller, whose own
/// tries and timeouts decide (a player is not kept waiting a minute for a board).
const LONGEST_WAIT: Duration = Duration::from_secs(10);

/// Headers that belong to one connection and are not passed on.
const HOP_BY_HOP: [&str; 6] = [
    "connection",
    "keep-alive",
    "transfer-encoding",
    "upgrade",
    "host",
    "content-length",
];

/// Starts the guard in front of `upstream` (the `api_proxy` URL) on a thread of its own;
/// returns the URL to hand serenity as its proxy.
///
/// # Errors
/// No loopback port could be bound, or no runtime started.
pub fn start(upstream: &str) -> std::io::Result<String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    listener.set_nonblocking(true)?;
    let address = listener.local_addr()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .thread_name("discord-limits")
        .enable_all()
        .build()?;
    let client = reqwest::Client::builder()
        .use_rustls_tls()
        .build()
        .map_err(std::io::Error::other)?;
    let upstream = upstream.trim_end_matches('/').to_owned();
    std::thread::spawn(move || {
        runtime.block_on(async move {
            let app = axum::Router::new().fallback(move |method, uri, headers, body| {
                forward(client.clone(), upstream.clone(), method, uri, headers, body)
            });
            match tokio::net::TcpListener::from_std(listener) {
                Ok(listener) => {
                    if let Err(error) = axum::serve(listener, app).await {
                        tracing::error!(%error, "the rate-limit guard in front of api_proxy failed");
                    }
                }
                Err(error) => tracing::error!(%error, "the rate-limit guard could not listen"),
            }
        });
    });
    Ok(format!("http://{address}"))
}

/// Sends one request on to `upstream`, waiting out the 429s it meets.
async fn forward(
    client: reqwest::Client,
    upstream: String,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path_and_query().map_or("/", |p| p.as_str()).to_owned();
    let url = format!("{upstream}{path}");
    let mut attempt = 0;
    loop {
        attempt += 1;
        super::reach::global_pause().await;
        let mut request = client.request(method.clone(), &url).body(body.clone());
        for (name, value) in &headers {
            if !HOP_BY_HOP.contains(&name.as_str()) {
                request = request.header(name, value);
            }
        }
        let answer = match request.send().await {
            Ok(answer) => answer,
            Err(error) => {
                tracing::warn!(%error, "the api_proxy could not be reached");
                return StatusCode::BAD_GATEWAY.into_response();
            }
        };
        let status = answer.status();
        let answer_headers = answer.headers().clone();
        let answer_body = answer.bytes().await.unwrap_or_default();
        if status == StatusCode::TOO_MANY_REQUESTS && attempt < TRIES {
            let limit = Limit::read(&answer_headers, &answer_body);
            super::reach::limited(uri.path(), limit.global, limit.wait);
            if limit.wait <= LONGEST_WAIT {
                tokio::time::sleep(limit.wait).await;
                continue;
            }
        }
        return answered(status, &answer_headers, answer_body);
    }
}

/// The answer as the proxy gave it.
fn answered(status: StatusCode, headers: &HeaderMap, body: Bytes) -> Response {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    for (name, value) in headers {
        if !HOP_BY_HOP.contains(&name.as_str()) {
            response
                .headers_mut()
                .append(HeaderName::clone(name), value.clone());
        }
    }
    response
}

/// What a 429 says: how long to wait, and whether every route of the token is limited.
#[derive(Debug, PartialEq)]
pub struct Limit {
    /// The wait: the body's `retry_after` (fractional seconds), else `X-RateLimit-Reset-After`,
    /// else `Retry-After` (whole seconds), else a second.
    pub wait: Duration,
    /// `X-RateLimit-Global: true`, or the body's `"global": true`.
    pub global: bool,
}

impl Limit {
    /// Reads a 429's headers and body as Discord writes them.
    #[must_use]
    pub fn read(headers: &HeaderMap, body: &[u8]) -> Self {
        let json: serde_json::Value = serde_json::from_slice(body).unwrap_or_default();
        let header = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<f64>().ok())
        };
        let seconds = json["retry_after"]
            .as_f64()
            .or_else(|| header("x-ratelimit-reset-after"))
            .or_else(|| header("retry-after"))
            .filter(|s| s.is_finite() && *s >= 0.0)
            .unwrap_or(1.0);
        let global = json["global"].as_bool() == Some(true)
            || headers
                .get("x-ratelimit-global")
                .and_then(|v| v.to_str().ok())
                .is_some_and(|v| v.eq_ignore_ascii_case("true"));
        Self {
            wait: Duration::from_secs_f64(seconds.min(3_600.0)),
            global,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_429_is_read_from_its_body_first_then_its_headers() {
        let mut headers = HeaderMap::new();
        headers.insert("retry-after", "2".parse().unwrap());
        let body =
            br#"{"message": "You are being rate limited.", "retry_after": 1.25, "global": true}"#;
        assert_eq!(
            Limit::read(&headers, body),
            Limit {
                wait: Duration::from_millis(1_250),
                global: true
            }
        );
        headers.insert("x-ratelimit-global", "true".parse().unwrap());
        assert_eq!(
            Limit::read(&headers, b"<html>"),
            Limit {
                wait: Duration::from_secs(2),
                global: true
            }
        );
        assert_eq!(
            Limit::read(&HeaderMap::new(), b""),
            Limit {
                wait: Duration::from_secs(1),
                global: false
            }
        );
    }
}
