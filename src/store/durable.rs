//! Group commit: many writers wait for one flush.
//!
//! A reply that reports a write (a move, an accept, a setting) must leave only once that write
//! is on disk, or a crash right after the answer loses a move the player saw confirmed. One
//! fsync per reply would make every move pay a whole disk flush; instead each writer takes a
//! ticket (how many writes had completed when it asked) and waits until a flush that started
//! after its ticket has finished. The first waiter to find no flush running leads one for
//! everybody who is waiting; the others sleep until it is done.

use std::sync::{Condvar, Mutex, PoisonError};

/// Shares flushes between concurrent writers. One per database.
#[derive(Debug, Default)]
pub struct GroupCommit {
    state: Mutex<State>,
    done: Condvar,
}

#[derive(Debug, Default)]
struct State {
    /// Every write with a ticket up to this one is durable.
    durable: u64,
    /// A flush is running (its leader will wake the others).
    flushing: bool,
    /// How many flushes have run: for tests and benchmarks of the sharing.
    flushes: u64,
}

impl GroupCommit {
    /// Waits until the writes up to `ticket` (a count of completed writes, read after the
    /// caller's own write) are durable, running `flush` if no flush is under way. `flush`
    /// must make durable every write that completed before it was called.
    ///
    /// # Errors
    /// The leader's flush error; the waiters of a failed flush try again themselves.
    pub fn wait_durable<E>(
        &self,
        ticket: u64,
        flush: impl FnOnce() -> Result<(), E>,
    ) -> Result<(), E> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if state.durable >= ticket {
                return Ok(());
            }
            if !state.flushing {
                state.flushing = true;
                drop(state);
                // Every write counted in `ticket` completed before this flush starts.
                let result = flush();
                state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
                state.flushing = false;
                state.flushes += 1;
                if result.is_ok() {
                    state.durable = state.durable.max(ticket);
                }
                self.done.notify_all();
                result?;
                return Ok(());
            }
            state = self
                .done
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// How many flushes have run so far.
    pub fn flushes(&self) -> u64 {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .flushes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn a_durable_ticket_needs_no_flush() {
        let commits = GroupCommit::default();
        commits.wait_durable(0, || Err::<(), ()>(())).unwrap();
        assert_eq!(commits.flushes(), 0);
    }

    #[test]
    fn waiters_share_a_flush() {
        // Sixteen writers whose writes all completed before anyone flushed: a slow flush
        // is led by one and covers the rest, so far fewer flushes than writers run.
        let commits = Arc::new(GroupCommit::default());
        let written = Arc::new(AtomicU64::new(16));
        let threads: Vec<_> = (0..16)
            .map(|_| {
                let commits = Arc::clone(&commits);
                let written = Arc::clone(&written);
                std::thread::spawn(move || {
                    let ticket = written.load(Ordering::SeqCst);
                    commits
                        .wait_durable(ticket, || {
                            std::thread::sleep(Duration::from_millis(50));
                            Ok::<(), ()>(())
                        })
                        .unwrap();
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert!(commits.flushes() <= 2, "{} flushes", commits.flushes());
    }

    #[test]
    fn a_write_after_a_running_flush_waits_for_the_next() {
        let commits = GroupCommit::default();
        commits.wait_durable(1, || Ok::<(), ()>(())).unwrap();
        let mut ran = false;
        commits
            .wait_durable(2, || {
                ran = true;
                Ok::<(), ()>(())
            })
            .unwrap();
        assert!(ran);
    }

    #[test]
    fn a_failed_flush_is_reported_and_not_counted() {
        let commits = GroupCommit::default();
        assert_eq!(
            commits.wait_durable(1, || Err("disk full")),
            Err("disk full")
        );
        let mut ran = false;
        commits
            .wait_durable(1, || {
                ran = true;
                Ok::<(), &str>(())
            })
            .unwrap();
        assert!(
            ran,
            "the failed flush must not have made the ticket durable"
        );
    }
}
