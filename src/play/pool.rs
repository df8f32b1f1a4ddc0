//! The computer's thinking room: searches are blocking CPU work, so they run on tokio's
//! blocking threads, at most `[ai] threads` at once; the rest wait their turn in order.
//! One game is thought about at most once at a time: a game asked for again while its
//! search is queued or running (the scheduler's tick finding it while the move that made
//! it the computer's turn is still being answered) is not queued twice.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::Semaphore;

use crate::store::GameId;

/// A bounded pool of searches, shared by every front end of one process.
#[derive(Debug)]
pub struct Pool {
    permits: Arc<Semaphore>,
    busy: Mutex<HashSet<GameId>>,
}

impl Pool {
    /// A pool running at most `threads` searches at once (at least one).
    #[must_use]
    pub fn new(threads: usize) -> Self {
        Self {
            permits: Arc::new(Semaphore::new(threads.max(1))),
            busy: Mutex::new(HashSet::new()),
        }
    }

    /// Runs `job` for `game` on a blocking thread once a place is free, and returns its
    /// result; `None` when that game already has a job queued or running (or the job
    /// panicked, which is logged).
    pub async fn run<T: Send + 'static>(
        &self,
        game: GameId,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        if !self.claim(game) {
            return None;
        }
        let _release = Release { pool: self, game };
        let mut counted = crate::metrics::AiSearch::queued();
        // The semaphore is never closed, so acquiring only waits.
        let _permit = Arc::clone(&self.permits).acquire_owned().await.ok()?;
        counted.running();
        match tokio::task::spawn_blocking(job).await {
            Ok(result) => Some(result),
            Err(error) => {
                tracing::error!(game = game.0, %error, "the computer's search crashed");
                None
            }
        }
    }

    /// Whether `game` has a job queued or running.
    #[must_use]
    pub fn is_busy(&self, game: GameId) -> bool {
        self.busy
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(&game)
    }

    fn claim(&self, game: GameId) -> bool {
        self.busy
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(game)
    }
}

/// Frees a game's place in the pool when its job ends, however it ends (a cancelled task
/// too).
struct Release<'a> {
    pool: &'a Pool,
    game: GameId,
}

impl Drop for Release<'_> {
    fn drop(&mut self) {
        self.pool
            .busy
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.game);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn at_most_threads_searches_run_at_once_and_a_game_is_queued_once() {
        let pool = Arc::new(Pool::new(2));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..6)
            .map(|g| {
                let (pool, running, most) =
                    (Arc::clone(&pool), Arc::clone(&running), Arc::clone(&most));
                tokio::spawn(async move {
                    pool.run(GameId(g), move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(30));
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                    .await
                })
            })
            .collect();
        // Game 0 is asked for again while it is queued or running: not twice.
        tokio::time::sleep(Duration::from_millis(5)).await;
        assert!(pool.is_busy(GameId(0)));
        assert_eq!(pool.run(GameId(0), || ()).await, None);
        for job in jobs {
            assert_eq!(job.await.unwrap(), Some(()));
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
        assert!(
            !pool.is_busy(GameId(0)),
            "a finished game may be asked again"
        );
        assert_eq!(pool.run(GameId(0), || 7).await, Some(7));
    }
}
