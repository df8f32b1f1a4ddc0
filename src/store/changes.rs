//! Which games and tournaments were just written: what an open page listens to, so a move
//! made anywhere (Discord, the console, another tab, the computer, another worker) shows at
//! once, and a tournament's page follows its rounds.
//!
//! The store tells, not the play layer: every write of a record passes the store, whoever
//! made it. Sled tells its own process (it has no other); PostgreSQL tells every worker
//! through the database's own LISTEN/NOTIFY (see the store's `postgres` module).

use tokio::sync::broadcast;

use super::record::GameId;
use super::TournamentId;

/// How many writes a slow listener may fall behind before it is told it lagged (it then
/// reads its game afresh, which is all a lagging page needs).
const BACKLOG: usize = 1024;

/// What a listener hears.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// This game was written.
    Game(GameId),
    /// This tournament was written (a join, a result, a round begun).
    Tournament(TournamentId),
    /// Writes may have been missed (the database's connection was lost and made again):
    /// every listener should read its game afresh.
    Unknown,
}

/// The writes from now on, for one listener.
pub type Watch = broadcast::Receiver<Written>;

/// Where a store tells of its writes. Cloning shares it.
#[derive(Clone, Debug)]
pub struct Changes {
    sender: broadcast::Sender<Written>,
}

impl Default for Changes {
    fn default() -> Self {
        Self {
            sender: broadcast::channel(BACKLOG).0,
        }
    }
}

impl Changes {
    /// Tells every listener what was written. Nobody listening is fine.
    pub fn tell(&self, written: Written) {
        let _ = self.sender.send(written);
    }

    /// A listener of every write from now on.
    #[must_use]
    pub fn watch(&self) -> Watch {
        self.sender.subscribe()
    }
}
