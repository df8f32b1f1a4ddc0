//! Every worker hears of every game any worker writes, through PostgreSQL's own
//! LISTEN/NOTIFY rather than a bus of our own.
//!
//! A trigger on `games` (migration 2) calls `pg_notify` with the game's number on a channel
//! named after the store's schema, so stores sharing a server in different schemas do not
//! hear each other. PostgreSQL delivers a notice when the writing transaction commits and
//! never for one rolled back: a page is never told of a move that did not land. One
//! connection per process listens, opened at the first [`Store::watch`](crate::store::Store::watch),
//! and passes each number on to the process's [`Changes`]. A lost connection is opened
//! again, and since notices sent meanwhile are gone, listeners are told
//! [`Written::Unknown`] once it listens, and read their games afresh.

use std::sync::{Arc, Condvar, Mutex, OnceLock, Weak};
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;
use postgres::NoTls;

use crate::store::{Changes, GameId, TournamentId, Watch, Written};

/// The channel's name before its schema's: `leapfrog_games_public`.
const CHANNEL_PREFIX: &str = "leapfrog_games_";

/// How often the listening thread looks whether its store is gone.
const LOOK: Duration = Duration::from_secs(1);

/// How long it waits before opening a lost connection again.
const AGAIN: Duration = Duration::from_secs(1);

/// The process's listener for one store.
pub(super) struct Listener {
    /// How to connect (with the store's `search_path`, so `current_schema()` names the
    /// channel the trigger uses).
    config: postgres::Config,
    changes: Changes,
    started: OnceLock<()>,
    /// Whether the first connection has tried to listen (whatever came of it): the first
    /// watcher waits for it, so a write made just after is heard.
    tried: (Mutex<bool>, Condvar),
}

/// How long the first watcher waits for the listening connection.
const FIRST_WAIT: Duration = Duration::from_secs(5);

impl Listener {
    pub(super) fn new(config: postgres::Config) -> Arc<Self> {
        Arc::new(Self {
            config,
            changes: Changes::default(),
            started: OnceLock::new(),
            tried: (Mutex::new(false), Condvar::new()),
        })
    }

    /// A listener of every write from now on; the first call starts the listening thread,
    /// which ends when the store is dropped.
    pub(super) fn watch(self: &Arc<Self>) -> Watch {
        let watch = self.changes.watch();
        self.started.get_or_init(|| {
            let this = Arc::downgrade(self);
            let spawned = std::thread::Builder::new()
                .name("pg-listen".into())
                .spawn(move || listen(&this));
            match spawned {
                Ok(_) => self.wait_tried(),
                Err(error) => tracing::error!(%error, "could not start listening to PostgreSQL"),
            }
        });
        watch
    }

    /// Waits (at most [`FIRST_WAIT`]) until the first connection has tried to listen.
    fn wait_tried(&self) {
        let (tried, told) = &self.tried;
        let guard = tried
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let _ = told.wait_timeout_while(guard, FIRST_WAIT, |tried| !*tried);
    }

    /// Lets the first watcher go on.
    fn mark_tried(&self) {
        let (tried, told) = &self.tried;
        *tried
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = true;
        told.notify_all();
    }
}

/// Listens until the store is gone, opening the connection again whenever it is lost.
fn listen(listener: &Weak<Listener>) {
    let mut first = true;
    loop {
        let Some(this) = listener.upgrade() else {
            return;
        };
        let config = this.config.clone();
        drop(this);
        match config.connect(NoTls) {
            Ok(client) => {
                let missed = !first;
                first = false;
                match hear(client, listener, missed) {
                    Ok(()) => return,
                    Err(error) => {
                        tracing::warn!(%error, "lost the PostgreSQL listening connection")
                    }
                }
            }
            Err(error) => {
                tracing::warn!(%error, "could not open the PostgreSQL listening connection")
            }
        }
        if let Some(this) = listener.upgrade() {
            this.mark_tried();
        }
        std::thread::sleep(AGAIN);
    }
}

/// What a notice's payload says was written: a game's number, or `t` and a tournament's
/// (migration 5); anything else means a listener should look afresh.
fn written(payload: &str) -> Written {
    let (tournament, number) = match payload.strip_prefix('t') {
        Some(number) => (true, number),
        None => (false, payload),
    };
    match (tournament, number.parse::<u64>()) {
        (false, Ok(game)) => Written::Game(GameId(game)),
        (true, Ok(id)) => Written::Tournament(TournamentId(id)),
        (_, Err(_)) => Written::Unknown,
    }
}

/// Listens on one connection; `Ok` when the store is gone. When notices may have been
/// `missed` (a connection before this one was lost), listeners are told so once this one
/// listens: told earlier, a write between the telling and the `LISTEN` would be lost.
fn hear(
    mut client: postgres::Client,
    listener: &Weak<Listener>,
    missed: bool,
) -> Result<(), postgres::Error> {
    let schema: String = client.query_one("SELECT current_schema()", &[])?.get(0);
    // The schema's name is letters, digits and `_` (checked at connect), so quoting it is
    // enough.
    client.batch_execute(&format!("LISTEN \"{CHANNEL_PREFIX}{schema}\""))?;
    tracing::debug!(schema, "listening to PostgreSQL for written games");
    if let Some(this) = listener.upgrade() {
        if missed {
            this.changes.tell(Written::Unknown);
        }
        this.mark_tried();
    }
    loop {
        {
            let mut notices = client.notifications();
            let mut heard = notices.timeout_iter(LOOK);
            while let Some(notice) = heard.next()? {
                let Some(this) = listener.upgrade() else {
                    return Ok(());
                };
                this.changes.tell(written(notice.payload()));
            }
        }
        if listener.strong_count() == 0 {
            return Ok(());
        }
        // A quiet second: ask the server something, so a connection lost without a word
        // is found now rather than at the next notice that never comes.
        client.simple_query("")?;
    }
}
