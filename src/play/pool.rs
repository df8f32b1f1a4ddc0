//! The computer's thinking room: searches are blocking CPU work, so they run on tokio's
//! blocking threads, at most `[ai] threads` at once; the rest wait their turn in order.
//! One game is thought about at most once at a time: a game asked for again while its
//! search is queued or running (the scheduler's tick finding it while the move that made
//! it the computer's turn is still being answered) is not queued twice.
//!
//! The line is bounded ([`QUEUE_PER_THREAD`] games a thread): a game that finds it full is
//! not queued but left as it is in the store, where the computer is still to move, and the
//! scheduler's next tick hands it over again. Nothing waits in memory without bound, and
//! the players were told by the move's answer that the computer has other games first
//! ([`Pool::ahead`]). While games wait, each search thinks less ([`Pool::share`]).

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::Semaphore;

use crate::store::GameId;

/// How many games may be queued or thinking for each search thread: at a level's usual
/// time, the last of them moves within minutes.
pub const QUEUE_PER_THREAD: usize = 64;

/// The least share of its time a search keeps however busy the computer is: a level
/// bounded by time (levels 4 and 5) plays on at a quarter of its budget, not less.
const LEAST_SHARE: (u32, u32) = (1, 4);

/// A bounded pool of searches, shared by every front end of one process.
#[derive(Debug)]
pub struct Pool {
    permits: Arc<Semaphore>,
    busy: Mutex<HashSet<GameId>>,
    threads: usize,
    capacity: usize,
}

impl Pool {
    /// A pool running at most `threads` searches at once (at least one), with room for
    /// [`QUEUE_PER_THREAD`] games a thread.
    #[must_use]
    pub fn new(threads: usize) -> Self {
        let threads = threads.max(1);
        Self::bounded(threads, threads * QUEUE_PER_THREAD)
    }

    /// A pool of `threads` with room for `capacity` games queued or thinking.
    #[must_use]
    pub fn bounded(threads: usize, capacity: usize) -> Self {
        let threads = threads.max(1);
        Self {
            permits: Arc::new(Semaphore::new(threads)),
            busy: Mutex::new(HashSet::new()),
            threads,
            capacity: capacity.max(threads),
        }
    }

    /// Runs `job` for `game` on a blocking thread once a place is free, and returns its
    /// result; `None` when that game already has a job queued or running, when the line is
    /// full (the game is left for the scheduler's next tick), or when the job panicked
    /// (logged).
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
        self.games().contains(&game)
    }

    /// How many games are queued or thinking.
    #[must_use]
    pub fn load(&self) -> usize {
        self.games().len()
    }

    /// How many games a game asked for now would wait behind, when it would wait at all
    /// (every thread is busy): what a player who just gave the computer its turn is told.
    #[must_use]
    pub fn ahead(&self) -> Option<usize> {
        let load = self.load();
        (load >= self.threads).then_some(load)
    }

    /// The share of a search's time budget to use now, as a fraction: all of it while no
    /// game waits; with games waiting, the threads' share of them (two threads and eight
    /// games: a quarter), never below [`LEAST_SHARE`]. A crowd drains faster, and the
    /// levels bounded by depth (1 to 3, which end well within their time) are not touched.
    #[must_use]
    pub fn share(&self) -> (u32, u32) {
        let load = u32::try_from(self.load()).unwrap_or(u32::MAX);
        let threads = u32::try_from(self.threads).unwrap_or(1);
        if load <= threads {
            return (1, 1);
        }
        // threads / load, or the least share when that is smaller.
        if u64::from(threads) * u64::from(LEAST_SHARE.1)
            < u64::from(load) * u64::from(LEAST_SHARE.0)
        {
            LEAST_SHARE
        } else {
            (threads, load)
        }
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashSet<GameId>> {
        self.busy.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes a place in line for `game`: not when it has one, nor when the line is full.
    fn claim(&self, game: GameId) -> bool {
        let mut games = self.games();
        if games.contains(&game) {
            return false;
        }
        if games.len() >= self.capacity {
            crate::metrics::ai_line_full();
            tracing::info!(
                game = game.0,
                waiting = games.len(),
                "the computer's line is full; the game waits for the next tick"
            );
            return false;
        }
        games.insert(game)
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
        self.pool.games().remove(&self.game);
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

    /// A full line takes no more games (they wait in the store for the next tick), and a
    /// place freed is taken again; the share of time shrinks with the crowd, to a floor.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_line_takes_no_more_and_a_crowd_thinks_less() {
        let pool = Arc::new(Pool::bounded(1, 3));
        assert_eq!(pool.ahead(), None);
        assert_eq!(pool.share(), (1, 1));
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let hold = Arc::new(Mutex::new(hold));
        let jobs: Vec<_> = (0..3)
            .map(|g| {
                let (pool, hold) = (Arc::clone(&pool), Arc::clone(&hold));
                tokio::spawn(async move {
                    pool.run(GameId(g), move || {
                        let _ = hold.lock().unwrap().recv();
                    })
                    .await
                })
            })
            .collect();
        while pool.load() < 3 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert_eq!(pool.ahead(), Some(3));
        assert_eq!(pool.share(), (1, 3));
        assert_eq!(pool.run(GameId(9), || 9).await, None, "the line is full");
        for _ in 0..3 {
            release.send(()).unwrap();
        }
        for job in jobs {
            assert_eq!(job.await.unwrap(), Some(()));
        }
        assert_eq!(pool.load(), 0);
        assert_eq!(pool.run(GameId(9), || 9).await, Some(9));
        let crowded = Pool::bounded(1, 100);
        crowded.games().extend((0..40).map(GameId));
        assert_eq!(crowded.share(), LEAST_SHARE);
    }
}
