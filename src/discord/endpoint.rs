//! `leapfrog http`: the interactions endpoint, for hosting without a gateway connection (and
//! for several stateless workers behind one URL). Discord signs every request; anything
//! unsigned, forged, stale or oversized gets 401 (413 for size) before it is even parsed.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use serenity::all::Interaction;
use serenity::interactions_endpoint::Verifier;

use crate::store::Store;

use super::bot::{Bot, Via};

/// How old a signed request may be: Discord sends at once, so an old one is a replay.
pub const MAX_AGE: Duration = Duration::from_secs(300);

/// What the endpoint needs.
pub struct Endpoint<S: Store + 'static> {
    /// The shared handler.
    pub bot: Bot<S>,
    /// Checks signatures against the application's public key.
    pub verifier: Verifier,
}

/// Why a request is turned away before it reaches the bot.
#[derive(Debug, PartialEq, Eq)]
enum Rejection {
    Unsigned,
    BadSignature,
    Stale,
    NotAnInteraction,
    /// The worker is draining after SIGTERM: it finishes what it took, takes nothing new.
    ShuttingDown,
}

impl IntoResponse for Rejection {
    fn into_response(self) -> Response {
        let (status, text) = match self {
            Self::Unsigned => (StatusCode::UNAUTHORIZED, "missing signature headers"),
            Self::BadSignature => (StatusCode::UNAUTHORIZED, "invalid request signature"),
            Self::Stale => (StatusCode::UNAUTHORIZED, "stale request timestamp"),
            Self::NotAnInteraction => (StatusCode::BAD_REQUEST, "not an interaction"),
            Self::ShuttingDown => (
                StatusCode::SERVICE_UNAVAILABLE,
                "shutting down: this worker takes no new interactions",
            ),
        };
        (status, text).into_response()
    }
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Checks the signature and the timestamp's age.
fn check<S: Store>(
    endpoint: &Endpoint<S>,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<(), Rejection> {
    let (Some(signature), Some(timestamp)) = (
        header(headers, "X-Signature-Ed25519"),
        header(headers, "X-Signature-Timestamp"),
    ) else {
        return Err(Rejection::Unsigned);
    };
    endpoint
        .verifier
        .verify(signature, timestamp, body)
        .map_err(|()| Rejection::BadSignature)?;
    let sent: u64 = timestamp.parse().map_err(|_| Rejection::BadSignature)?;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    if now.abs_diff(sent) > MAX_AGE.as_secs() {
        return Err(Rejection::Stale);
    }
    Ok(())
}

async fn interactions<S: Store + 'static>(
    State(endpoint): State<std::sync::Arc<Endpoint<S>>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, Rejection> {
    check(&endpoint, &headers, &body)?;
    if endpoint.bot.is_shutting_down() {
        return Err(Rejection::ShuttingDown);
    }
    let interaction: Interaction =
        serde_json::from_slice(&body).map_err(|_| Rejection::NotAnInteraction)?;
    Ok(match endpoint.bot.answer(interaction, Via::Body).await {
        Some(answer) => match super::bot::bare(&answer) {
            Some(body) => axum::Json(body).into_response(),
            None => axum::Json(answer).into_response(),
        },
        None => Rejection::NotAnInteraction.into_response(),
    })
}

/// The endpoint's routes: `POST /interactions` (and `POST /`, for a bare URL), with bodies
/// capped at `max_body` bytes.
pub fn router<S: Store + 'static>(endpoint: Endpoint<S>, max_body: usize) -> Router {
    let state = std::sync::Arc::new(endpoint);
    Router::new()
        .route("/interactions", post(interactions::<S>))
        .route("/", post(interactions::<S>))
        .layer(DefaultBodyLimit::max(max_body))
        .with_state(state)
}
