//! A page's request body, read whole only when it is a page's size. A bigger one is refused,
//! but its sender still hears why: the rest is read and thrown away (up to
//! [`DRAIN_MAX`]) before the answer, because a server that answers and closes while the
//! client is still sending makes the client see a broken connection, not the refusal.

use std::time::Duration;

use axum::body::{Body, Bytes};
use futures_util::StreamExt;

/// The most a page's request body may hold: a move, an answer or an authorization code is
/// a few hundred bytes.
pub const BODY_MAX: usize = 4 * 1024;

/// The most of a too-big body read (and thrown away) so its sender hears the refusal;
/// beyond it, or after [`DRAIN_TIME`], the connection is simply closed.
pub const DRAIN_MAX: usize = 8 * 1024 * 1024;

/// How long a too-big body's rest is read for.
pub const DRAIN_TIME: Duration = Duration::from_secs(2);

/// Why a body is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Over [`BODY_MAX`].
    TooLarge,
    /// Cut off, or not readable.
    Broken,
}

/// The body, if it holds at most [`BODY_MAX`] bytes.
///
/// # Errors
/// [`Refused::TooLarge`] once the body passes [`BODY_MAX`] (its rest read and thrown
/// away, within [`DRAIN_MAX`] and [`DRAIN_TIME`]); [`Refused::Broken`] when it cannot be
/// read.
pub async fn small(body: Body) -> Result<Bytes, Refused> {
    let mut stream = body.into_data_stream();
    let mut kept = Vec::new();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|_| Refused::Broken)?;
        if kept.len() + chunk.len() > BODY_MAX {
            let mut seen = kept.len() + chunk.len();
            let drain = async {
                while let Some(Ok(chunk)) = stream.next().await {
                    seen += chunk.len();
                    if seen > DRAIN_MAX {
                        break;
                    }
                }
            };
            let _ = tokio::time::timeout(DRAIN_TIME, drain).await;
            return Err(Refused::TooLarge);
        }
        kept.extend_from_slice(&chunk);
    }
    Ok(Bytes::from(kept))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_page_sized_body_is_read_and_a_bigger_one_refused() {
        let move_body = Body::from(r#"{"what":"e3-h6","answer":false,"plies":0}"#);
        assert_eq!(
            small(move_body).await.unwrap().as_ref(),
            br#"{"what":"e3-h6","answer":false,"plies":0}"#
        );
        assert_eq!(
            small(Body::from(vec![b'a'; BODY_MAX])).await.unwrap().len(),
            BODY_MAX
        );
        assert_eq!(
            small(Body::from(vec![b'a'; BODY_MAX + 1])).await,
            Err(Refused::TooLarge)
        );
        assert_eq!(
            small(Body::from(vec![b'a'; DRAIN_MAX * 2])).await,
            Err(Refused::TooLarge)
        );
    }
}
