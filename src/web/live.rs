//! The live channel of an open page (a game's, or the Activity's list): a WebSocket on which
//! the server says when what the page shows was written, so the page reads it afresh.
//!
//! A WebSocket, not Server-Sent Events: a browser allows six HTTP/1.1 connections per site
//! and an event stream holds one for as long as its page lives, so a seventh tab (or a
//! seventh page kept for the Back button) waited forever for a connection. WebSockets are
//! not counted against that limit. The pages also close their socket on `pagehide` and open
//! it again on `pageshow`, so a page kept for the Back button holds nothing.
//!
//! A page misses what was written while its socket was closed (kept for the Back button,
//! the network lost, its worker restarted, PostgreSQL's notices reconnected). So every
//! socket opens with [`Told::Open`], carrying a game's plies as they are now: a page that
//! opens its socket again reads afresh, and so does one whose plies differ. Nothing else of
//! the game is sent: the page reads its view through the same route as any other, so one
//! place decides what a reader sees.

use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use futures_util::{Stream, StreamExt};
use serde::Serialize;
use tokio::sync::broadcast::error::RecvError;

use crate::store::{Watch, Written};

/// How often a quiet socket is pinged, so proxies keep it open and a page gone is found.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// What a page hears, as JSON text: `{"event":"open","plies":7}`, `{"event":"written"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub(super) enum Told {
    /// The socket is open: the game's plies as of now (none for the Activity's list).
    Open {
        #[serde(skip_serializing_if = "Option::is_none")]
        plies: Option<usize>,
    },
    /// What the page shows was written: it reads it afresh.
    Written,
}

/// Keeps one page's `socket`: `open` first, then [`Told::Written`] for each of `heard`,
/// until the page closes it, `heard` ends (the store is gone) or the page cannot be reached.
pub(super) async fn keep(mut socket: WebSocket, open: Told, heard: impl Stream<Item = ()>) {
    let mut heard = std::pin::pin!(heard);
    if !tell(&mut socket, open).await {
        return;
    }
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + KEEP_ALIVE, KEEP_ALIVE);
    loop {
        tokio::select! {
            said = socket.recv() => match said {
                // A page says nothing but its pongs and its goodbye.
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
            written = heard.next() => {
                if written.is_none() || !tell(&mut socket, Told::Written).await {
                    return;
                }
            }
            _ = ping.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// Sends `told`; false when the page cannot be reached.
async fn tell(socket: &mut WebSocket, told: Told) -> bool {
    match serde_json::to_string(&told) {
        Ok(text) => socket.send(Message::Text(text.into())).await.is_ok(),
        Err(_) => false,
    }
}

/// The writes of one record (`wanted`: a game, a tournament) heard by `watch`, and every
/// time writes may have been missed (the page then reads afresh, which is harmless).
pub(super) fn writes_of(watch: Watch, wanted: Written) -> impl Stream<Item = ()> {
    futures_util::stream::unfold(watch, move |mut watch| async move {
        loop {
            let heard = match watch.recv().await {
                Ok(Written::Unknown) | Err(RecvError::Lagged(_)) => true,
                Ok(written) => written == wanted,
                Err(RecvError::Closed) => return None,
            };
            if heard {
                return Some(((), watch));
            }
        }
    })
}
