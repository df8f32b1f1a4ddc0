//! Running the bot as an admin of several workers expects it to run: health and readiness
//! for load balancers and orchestrators, Prometheus metrics, a shutdown that drains the
//! work in flight, and logs with one line per interaction.
//!
//! - [`Ops`]: one process's lifecycle — whether it is shutting down, how much work is in
//!   flight, whether its gateway shards are connected — which readiness reads and the
//!   shutdown waits on;
//! - the Prometheus registry and the hooks the other layers call are [`crate::metrics`], a
//!   leaf below every layer; this module serves them;
//! - [`admin`]: `/healthz`, `/readyz` and `/metrics`, with their `[admin]` settings;
//! - [`log`]: `[log] format`, the per-interaction log line, Discord errors with their codes;
//! - the wrapper every Discord REST call goes through is [`crate::discord::rest`].

pub mod admin;
pub mod log;

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::Notify;

pub use admin::{AdminConfig, ShutdownError};
pub use log::{Interaction, LogConfig, LogFormat};

/// One process's lifecycle, shared (cheaply cloned) by its front end, its admin routes and
/// its shutdown. Not a process-wide static: the tests run several bots in one process, and
/// one of them shutting down must not make the others unready.
#[derive(Clone, Debug, Default)]
pub struct Ops(Arc<Inner>);

#[derive(Debug, Default)]
struct Inner {
    shutting_down: AtomicBool,
    in_flight: AtomicUsize,
    idle: Notify,
    /// The gateway's shards this process runs, and whether each is connected; `None` for a
    /// process without a gateway (the interactions endpoint).
    shards: Mutex<Option<BTreeMap<u32, bool>>>,
}

/// A piece of work in flight (an interaction being answered, a board being posted): the
/// shutdown waits until every one is dropped.
#[derive(Debug)]
#[must_use = "the work counts as in flight only while this is kept"]
pub struct Work {
    ops: Ops,
}

impl Drop for Work {
    fn drop(&mut self) {
        crate::metrics::get().in_flight.dec();
        if self.ops.0.in_flight.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.ops.0.idle.notify_waiters();
        }
    }
}

impl Ops {
    /// A process that is up, not shutting down, with nothing in flight.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Counts a piece of work as in flight until the returned guard is dropped.
    pub fn begin(&self) -> Work {
        self.0.in_flight.fetch_add(1, Ordering::SeqCst);
        crate::metrics::get().in_flight.inc();
        Work { ops: self.clone() }
    }

    /// `tokio::spawn`, with the task counted as in flight until it ends: the interaction
    /// handler's background work (deferred answers, board posts, direct messages, the
    /// computer's reply) is what a shutdown must let finish.
    pub fn spawn<F>(&self, task: F) -> tokio::task::JoinHandle<F::Output>
    where
        F: Future + Send + 'static,
        F::Output: Send + 'static,
    {
        let work = self.begin();
        tokio::spawn(async move {
            let out = task.await;
            drop(work);
            out
        })
    }

    /// How many pieces of work are in flight.
    #[must_use]
    pub fn in_flight(&self) -> usize {
        self.0.in_flight.load(Ordering::SeqCst)
    }

    /// Starts the shutdown: from now on `/readyz` fails, so that load balancers stop
    /// sending work before the listener closes.
    pub fn shut_down(&self) {
        self.0.shutting_down.store(true, Ordering::SeqCst);
    }

    /// Whether the shutdown has started.
    #[must_use]
    pub fn is_shutting_down(&self) -> bool {
        self.0.shutting_down.load(Ordering::SeqCst)
    }

    /// Waits until no work is in flight, for at most `grace`; whether it got there.
    pub async fn drained(&self, grace: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + grace;
        loop {
            // Listen before looking, so that the last piece ending in between is not missed.
            let idle = self.0.idle.notified();
            tokio::pin!(idle);
            idle.as_mut().enable();
            if self.in_flight() == 0 {
                return true;
            }
            if tokio::time::timeout_at(deadline, idle).await.is_err() {
                return self.in_flight() == 0;
            }
        }
    }

    /// Says this process runs these gateway shards: it is ready only while they are
    /// connected.
    pub fn expect_shards(&self, shards: impl IntoIterator<Item = u32>) {
        let map = shards.into_iter().map(|s| (s, false)).collect();
        *self.shards() = Some(map);
    }

    /// A shard connected (`true`) or lost its connection (`false`).
    pub fn shard_connected(&self, shard: u32, connected: bool) {
        self.shards()
            .get_or_insert_with(BTreeMap::new)
            .insert(shard, connected);
    }

    /// `(connected, expected)` shards, or `None` without a gateway.
    #[must_use]
    pub fn gateway(&self) -> Option<(usize, usize)> {
        self.shards()
            .as_ref()
            .map(|map| (map.values().filter(|&&c| c).count(), map.len()))
    }

    fn shards(&self) -> std::sync::MutexGuard<'_, Option<BTreeMap<u32, bool>>> {
        self.0.shards.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Waits for SIGTERM (what orchestrators send) or SIGINT (Ctrl-C); returns which.
///
/// # Errors
/// The signal handlers could not be installed.
pub async fn signalled() -> std::io::Result<&'static str> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = signal(SignalKind::terminate())?;
        let mut int = signal(SignalKind::interrupt())?;
        Ok(tokio::select! {
            _ = term.recv() => "SIGTERM",
            _ = int.recv() => "SIGINT",
        })
    }
    #[cfg(not(unix))]
    {
        tokio::signal::ctrl_c().await?;
        Ok("Ctrl-C")
    }
}

/// The end of a shutdown, once no new work comes in: waits (until `deadline`) for the
/// interactions in flight and their board posts, then flushes the store so that nothing
/// acknowledged is left in a buffer.
///
/// # Errors
/// Work left when the deadline came (the store is flushed all the same), or the flush
/// failed.
pub async fn finish<S: crate::store::Store + 'static>(
    ops: &Ops,
    play: &Arc<crate::play::Play<S>>,
    deadline: tokio::time::Instant,
) -> Result<(), ShutdownError> {
    let left = deadline.saturating_duration_since(tokio::time::Instant::now());
    let drained = ops.drained(left).await;
    let unfinished = ops.in_flight();
    let play = Arc::clone(play);
    let flushed = tokio::task::spawn_blocking(move || play.store().flush())
        .await
        .unwrap_or_else(|error| {
            tracing::error!(%error, "the store's flush crashed");
            Ok(())
        });
    flushed?;
    if drained {
        Ok(())
    } else {
        Err(ShutdownError::Unfinished(unfinished))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_drain_waits_for_spawned_work_and_no_longer_than_the_grace() {
        let ops = Ops::new();
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        ops.spawn(async move {
            let _ = rx.await;
        });
        assert_eq!(ops.in_flight(), 1);
        assert!(!ops.drained(Duration::from_millis(50)).await);
        tx.send(()).unwrap();
        assert!(ops.drained(Duration::from_secs(5)).await);
    }

    #[test]
    fn a_process_is_connected_when_all_its_shards_are() {
        let ops = Ops::new();
        assert_eq!(ops.gateway(), None);
        ops.expect_shards([2, 3]);
        ops.shard_connected(2, true);
        assert_eq!(ops.gateway(), Some((1, 2)));
        ops.shard_connected(3, true);
        assert_eq!(ops.gateway(), Some((2, 2)));
    }
}
