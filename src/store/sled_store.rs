//! The embedded default store: sled, one tree for records and one per index.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use sled::transaction::{abort, ConflictableTransactionError, TransactionError, TransactionalTree};
use sled::{Transactional, Tree};

use super::durable::GroupCommit;
use super::keys::IndexKey;
use super::rate_on_write::{decode_standing, encode_standing, rate_result, RatingWrites};
use super::rating_keys;
use super::record::{ChannelId, GameId, GameRecord, GuildId, Status, TournamentId, UserId};
use super::{Dump, GuildSettings, Store, StoreConfig, StoreError, TournamentRecord, UserSettings};
use crate::games::GameKind;
use crate::ratings::Standing;

/// Games in sled. Cloning shares the same database.
#[derive(Clone)]
pub struct SledStore {
    db: sled::Db,
    games: Tree,
    by_user: Tree,
    by_channel: Tree,
    challenges: Tree,
    deadlines: Tree,
    settings: Tree,
    guild_settings: Tree,
    board_links: Tree,
    /// What [`Store::cached`] keeps: work that can be done again, outside the stamps.
    cache: Tree,
    meta: Tree,
    /// Ratings by game and user ([`rating_keys::standing`]).
    ratings: Tree,
    /// Each game's leaderboard ([`rating_keys::order`]).
    rating_order: Tree,
    /// Who played which game rated on which server ([`rating_keys::member`]).
    rated_players: Tree,
    /// The tournaments' trees.
    tournament_trees: Arc<TournamentTrees>,
    /// Every acknowledged thing's latest write, by its stamp: see [`Stamps`].
    stamps: Tree,
    /// The stamp of each thing's latest write: what to remove from `stamps` when it is
    /// written again.
    stamp_of: Tree,
    /// The stamp the next write takes.
    next_stamp: Arc<AtomicU64>,
    /// How many writes have completed: a write's ticket for [`Store::sync`].
    written: Arc<AtomicU64>,
    commits: Arc<GroupCommit>,
    /// How far game numbers and writes had gone at the last flush, kept in a file beside
    /// the log (none for a temporary store): see [`HIGH_WATER`].
    high_water: Option<Arc<HighWater>>,
    /// Tells open pages of each game written (this process is the only one on the folder).
    changes: super::Changes,
}

/// The trees of tournaments, apart so that a store stays small to move.
struct TournamentTrees {
    /// Tournaments by number.
    tournaments: Tree,
    /// Tournaments by server (or channel) and number ([`TournamentRecord::scope`]).
    by_scope: Tree,
    /// The tournaments taking players or playing, by number.
    live: Tree,
    /// The game made for each tournament slot ([`super::TournamentSlot::key`]).
    games: Tree,
}

/// The file beside sled's log that remembers how far the store had gone when it was last
/// flushed: the next game number and the stamp of the latest write. Sled, finding a
/// damaged message in its log (or losing its tail), reads up to it and silently drops what
/// follows; a store that reads back less than this mark has lost acknowledged writes (a
/// game, a move, a result) and is refused rather than served.
const HIGH_WATER: &str = "leapfrog-high-water";

/// How far a store had gone: what [`HIGH_WATER`] holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Mark {
    /// The number the next new game gets.
    next_game: u64,
    /// The stamp of the latest write (0: none, or a mark from before stamps).
    stamp: u64,
}

impl Mark {
    /// Reads the file's text: `next_game stamp` (a lone number is a mark from before
    /// stamps). A missing or unreadable file is no mark.
    fn parse(text: &str) -> Self {
        let mut numbers = text.split_whitespace().map(str::parse::<u64>);
        match (numbers.next(), numbers.next()) {
            (Some(Ok(next_game)), Some(Ok(stamp))) => Self { next_game, stamp },
            (Some(Ok(next_game)), None) => Self {
                next_game,
                stamp: 0,
            },
            _ => Self::default(),
        }
    }

    fn text(self) -> String {
        format!("{} {}", self.next_game, self.stamp)
    }
}

/// The mark, and how far the store has gone since (written at the next flush).
struct HighWater {
    /// The data folder: named, with the way to restore, when sled finds its files damaged
    /// on a read after the open ([`SledStore::damage`]).
    dir: std::path::PathBuf,
    file: std::path::PathBuf,
    written: std::sync::Mutex<Mark>,
    next_game: AtomicU64,
    stamp: AtomicU64,
}

impl HighWater {
    /// How far the store has gone now: taken before a flush, so that the mark written after
    /// it never claims a write the flush did not cover.
    fn reached(&self) -> Mark {
        Mark {
            next_game: self.next_game.load(Ordering::SeqCst),
            stamp: self.stamp.load(Ordering::SeqCst),
        }
    }

    /// Writes `reached` as the mark if it moved, once the log it describes is on disk.
    fn save(&self, reached: Mark) -> Result<(), StoreError> {
        let mut written = self
            .written
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mark = Mark {
            next_game: reached.next_game.max(written.next_game),
            stamp: reached.stamp.max(written.stamp),
        };
        if mark == *written {
            return Ok(());
        }
        let io = |e: std::io::Error| StoreError::Database(sled::Error::Io(e));
        let mut file = std::fs::File::create(&self.file).map_err(io)?;
        std::io::Write::write_all(&mut file, mark.text().as_bytes()).map_err(io)?;
        file.sync_all().map_err(io)?;
        *written = mark;
        Ok(())
    }
}

/// The key in the `meta` tree of the next game number to hand out.
const NEXT_GAME: &[u8] = b"next_game";

/// The key in the `meta` tree of the next tournament number.
const NEXT_TOURNAMENT: &[u8] = b"next_tournament";

/// The beginning of the keys of [`Store::secret`]'s values in the `meta` tree.
const SECRET_PREFIX: &str = "secret:";

/// The key in the `meta` tree of how many games have been rated: each rated result takes
/// the next number, the order `ratings rebuild` follows.
const RATED_GAMES: &[u8] = b"rated_games";

/// What a stamped write wrote: the first byte of its key in the `stamp_of` tree, the
/// thing's number following.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Stamped {
    Game = 1,
    UserSettings = 2,
    GuildSettings = 3,
    BoardLink = 4,
    /// The ratings rebuilt from the games (`ratings rebuild`): one thing, number 0.
    Ratings = 5,
    Tournament = 6,
}

/// Stamps: every write of a game record or a setting takes the next number of one
/// store-wide sequence, and the `stamps` tree keeps, for each thing, its latest write's
/// stamp (the older one is removed in the same transaction). The highest stamp in the tree
/// is therefore the latest write the log holds, found in one look at open — however many
/// games there are — and compared with the mark: a log that lost its tail lost the
/// highest stamps with it. Unlike a counter in one key, no two writes contend for a key.
struct Stamps;

impl Stamps {
    /// Records that `what` number `id` was just written, with a new stamp; returns it.
    fn note(
        trees: &Tx<'_>,
        next: &AtomicU64,
        what: Stamped,
        id: u64,
    ) -> Result<u64, ConflictableTransactionError<StoreError>> {
        let mut key = [0; 9];
        key[0] = what as u8;
        key[1..].copy_from_slice(&id.to_be_bytes());
        let stamp = next.fetch_add(1, Ordering::SeqCst);
        if let Some(old) = trees[Part::StampOf].insert(&key, &stamp.to_be_bytes())? {
            trees[Part::Stamps].remove(old)?;
        }
        trees[Part::Stamps].insert(&stamp.to_be_bytes(), &key)?;
        Ok(stamp)
    }
}

/// The index entries a record owns: removed and re-added with every write.
struct Entries {
    users: Vec<IndexKey>,
    channel: IndexKey,
    challenge: Option<IndexKey>,
    deadline: Option<IndexKey>,
}

impl Entries {
    fn of(record: &GameRecord) -> Self {
        let game = record.id.0;
        let key = |prefix| IndexKey { prefix, game };
        Self {
            users: record.users().into_iter().map(|u| key(u.0)).collect(),
            channel: key(record.place.channel.0),
            challenge: matches!(record.status, Status::Challenge(_))
                .then(|| key(record.place.channel.0)),
            deadline: record.alarm().map(key),
        }
    }
}

/// The trees a transaction can open, by name. A transaction opens the trees it names, in
/// the order it names them, and finds each by its name again inside ([`Tx`]): no tree is
/// ever found by its place in a list, so adding one cannot shift the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Games,
    ByUser,
    ByChannel,
    Challenges,
    Deadlines,
    Meta,
    Ratings,
    RatingOrder,
    RatedPlayers,
    Settings,
    GuildSettings,
    BoardLinks,
    Stamps,
    StampOf,
    Tournaments,
    TournamentsByScope,
    TournamentsLive,
    TournamentGames,
}

/// Every tree a tournament's write touches.
const TOURNAMENT_PARTS: [Part; 6] = [
    Part::Tournaments,
    Part::TournamentsByScope,
    Part::TournamentsLive,
    Part::Meta,
    Part::Stamps,
    Part::StampOf,
];

/// Every tree a record's write touches.
const RECORD_PARTS: [Part; 12] = [
    Part::Games,
    Part::ByUser,
    Part::ByChannel,
    Part::Challenges,
    Part::Deadlines,
    Part::Meta,
    Part::Ratings,
    Part::RatingOrder,
    Part::RatedPlayers,
    Part::Stamps,
    Part::StampOf,
    Part::TournamentGames,
];

/// The trees of one transaction, each found by its [`Part`].
struct Tx<'a> {
    parts: &'a [Part],
    trees: &'a [TransactionalTree],
}

impl std::ops::Index<Part> for Tx<'_> {
    type Output = TransactionalTree;

    /// # Panics
    /// When the transaction did not open `part`: a mistake in this file, caught by any test
    /// that writes.
    fn index(&self, part: Part) -> &TransactionalTree {
        let at = self
            .parts
            .iter()
            .position(|&p| p == part)
            .unwrap_or_else(|| panic!("the transaction did not open the {part:?} tree"));
        &self.trees[at]
    }
}

impl SledStore {
    /// The tree of `part`.
    fn tree(&self, part: Part) -> &Tree {
        match part {
            Part::Games => &self.games,
            Part::ByUser => &self.by_user,
            Part::ByChannel => &self.by_channel,
            Part::Challenges => &self.challenges,
            Part::Deadlines => &self.deadlines,
            Part::Meta => &self.meta,
            Part::Ratings => &self.ratings,
            Part::RatingOrder => &self.rating_order,
            Part::RatedPlayers => &self.rated_players,
            Part::Settings => &self.settings,
            Part::GuildSettings => &self.guild_settings,
            Part::BoardLinks => &self.board_links,
            Part::Stamps => &self.stamps,
            Part::StampOf => &self.stamp_of,
            Part::Tournaments => &self.tournament_trees.tournaments,
            Part::TournamentsByScope => &self.tournament_trees.by_scope,
            Part::TournamentsLive => &self.tournament_trees.live,
            Part::TournamentGames => &self.tournament_trees.games,
        }
    }

    /// Runs `body` in one transaction over the trees of `parts`.
    fn transaction<T>(
        &self,
        parts: &[Part],
        body: impl Fn(&Tx<'_>) -> Result<T, ConflictableTransactionError<StoreError>>,
    ) -> Result<T, StoreError> {
        let trees: Vec<&Tree> = parts.iter().map(|&p| self.tree(p)).collect();
        let result = trees
            .as_slice()
            .transaction(|trees: &Vec<TransactionalTree>| {
                body(&Tx {
                    parts,
                    trees: trees.as_slice(),
                })
            });
        match result {
            Ok(value) => Ok(value),
            Err(TransactionError::Abort(e)) => Err(e),
            Err(TransactionError::Storage(e)) => Err(e.into()),
        }
    }

    /// Notes that the write stamped `stamp` is done: a ticket for [`Store::sync`], and the
    /// high-water mark's next value.
    fn wrote(&self, stamp: u64, next_game: u64) {
        self.written.fetch_add(1, Ordering::SeqCst);
        if let Some(mark) = &self.high_water {
            mark.stamp.fetch_max(stamp, Ordering::SeqCst);
            mark.next_game.fetch_max(next_game, Ordering::SeqCst);
        }
    }

    /// Opens (or creates) the store in `config.data_dir`.
    ///
    /// # Errors
    /// [`StoreError::Locked`] when another process holds the folder;
    /// [`StoreError::Damaged`] when the folder cannot be read back as it was acknowledged
    /// (a damaged log or settings file, or a log that lost writes the high-water mark
    /// remembers).
    pub fn open(config: &StoreConfig) -> Result<Self, StoreError> {
        let dir = &config.data_dir;
        let damaged = |reason: String| StoreError::Damaged {
            dir: dir.clone(),
            reason,
        };
        let db = open_sled(dir, &damaged)?;
        // sled reads a tree's pages only when first asked for them: a log cut short under a
        // snapshot that points past what is left of it opens, and these first reads fail
        // (or panic inside sled). That is the folder's damage as much as a refused open.
        let read = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let store = Self::from_db(db)?;
            let reached = store.reached()?;
            Ok((store, reached))
        }));
        let (mut store, reached) = match read {
            Ok(Ok(read)) => read,
            Ok(Err(StoreError::Database(error))) => return Err(refusal(dir, error, &damaged)),
            Ok(Err(other)) => return Err(other),
            Err(_) => return Err(damaged("sled could not read it back".into())),
        };
        let file = dir.join(HIGH_WATER);
        let mark = std::fs::read_to_string(&file)
            .map(|text| Mark::parse(&text))
            .unwrap_or_default();
        if reached.next_game < mark.next_game {
            return Err(damaged(format!(
                "its log reads only up to game #{} but game #{} had been stored: \
                 the rest of the log is unreadable",
                reached.next_game - 1,
                mark.next_game - 1
            )));
        }
        if reached.stamp < mark.stamp {
            return Err(damaged(format!(
                "its log reads only up to write {} but write {} had been acknowledged: \
                 the latest moves or results are lost",
                reached.stamp, mark.stamp
            )));
        }
        store.high_water = Some(Arc::new(HighWater {
            dir: dir.clone(),
            file,
            written: std::sync::Mutex::new(mark),
            next_game: AtomicU64::new(reached.next_game),
            stamp: AtomicU64::new(reached.stamp),
        }));
        Ok(store)
    }

    /// How far the store has gone, as its log reads: the next game number and the latest
    /// write's stamp.
    fn reached(&self) -> Result<Mark, StoreError> {
        Ok(Mark {
            next_game: match self.counter(NEXT_GAME)? {
                0 => self.last_game()? + 1,
                next => next,
            },
            stamp: self.next_stamp.load(Ordering::SeqCst) - 1,
        })
    }

    /// `error` as the admin should hear it: sled finding its own files damaged on a read
    /// after the open (a page the snapshot points to that the log no longer holds) is the
    /// data folder's damage, named with the way to restore, like a folder refused at open;
    /// any other error (and any error of a temporary store) is left as it is.
    #[must_use]
    pub fn damage(&self, error: StoreError) -> StoreError {
        match (&self.high_water, error) {
            (Some(opened), StoreError::Database(error)) if unreadable(&error) => {
                StoreError::Damaged {
                    dir: opened.dir.clone(),
                    reason: what_sled_found(&error),
                }
            }
            (_, error) => error,
        }
    }

    /// A store that lives only in memory and a temporary file, for tests and demos.
    ///
    /// # Errors
    /// When sled cannot create it.
    pub fn temporary() -> Result<Self, StoreError> {
        Self::from_db(sled::Config::new().temporary(true).open()?)
    }

    fn from_db(db: sled::Db) -> Result<Self, StoreError> {
        let stamps = db.open_tree("stamps")?;
        let latest = stamps
            .last()?
            .and_then(|(key, _)| read_u64(&key))
            .unwrap_or(0);
        Ok(Self {
            games: db.open_tree("games")?,
            by_user: db.open_tree("games_by_user")?,
            by_channel: db.open_tree("games_by_channel")?,
            challenges: db.open_tree("challenges_by_channel")?,
            deadlines: db.open_tree("deadlines")?,
            settings: db.open_tree("user_settings")?,
            guild_settings: db.open_tree("guild_settings")?,
            board_links: db.open_tree("board_links")?,
            cache: db.open_tree("cache")?,
            meta: db.open_tree("meta")?,
            ratings: db.open_tree("ratings")?,
            rating_order: db.open_tree("rating_order")?,
            rated_players: db.open_tree("rated_players")?,
            tournament_trees: Arc::new(TournamentTrees {
                tournaments: db.open_tree("tournaments")?,
                by_scope: db.open_tree("tournaments_by_scope")?,
                live: db.open_tree("tournaments_live")?,
                games: db.open_tree("tournament_games")?,
            }),
            stamps,
            stamp_of: db.open_tree("stamp_of")?,
            next_stamp: Arc::new(AtomicU64::new(latest + 1)),
            written: Arc::new(AtomicU64::new(0)),
            commits: Arc::new(GroupCommit::default()),
            high_water: None,
            changes: super::Changes::default(),
            db,
        })
    }

    /// How many group-commit flushes have run: benchmarks show how many writes share one.
    #[must_use]
    pub fn flushes(&self) -> u64 {
        self.commits.flushes()
    }

    /// Writes raw bytes as a game's record: only for tests of damaged records.
    ///
    /// # Errors
    /// Database failures.
    pub fn write_raw(&self, id: GameId, bytes: &[u8]) -> Result<(), StoreError> {
        self.games.insert(id.0.to_be_bytes(), bytes)?;
        Ok(())
    }

    /// Writes `record` (version already set) replacing `old`'s index entries, in one
    /// transaction; `expect` is the version the stored record must have (0: must not exist,
    /// and the record gets the next game number, counted in the same transaction so numbers
    /// stay consecutive across restarts and two inserts never share one). Returns the record
    /// as stored.
    fn write(&self, record: &GameRecord, expect: u64) -> Result<GameRecord, StoreError> {
        // Only a store from before the counter needs it, and only for a new game.
        let last_game = if expect == 0 { self.last_game()? } else { 0 };
        let (record, stamp) = self.transaction(&RECORD_PARTS, |trees| {
            let mut record = record.clone();
            if expect == 0 {
                let next = match trees[Part::Meta].get(NEXT_GAME)? {
                    Some(bytes) => read_u64(&bytes).ok_or_else(|| {
                        ConflictableTransactionError::Abort(StoreError::Corrupt {
                            id: GameId(0),
                            reason: "the next game number is damaged".into(),
                        })
                    })?,
                    // A store from before the counter: go on after its highest number.
                    None => last_game + 1,
                };
                if next > super::MAX_GAME_ID {
                    return abort(StoreError::NumbersUsedUp);
                }
                record.id = GameId(next);
                trees[Part::Meta].insert(NEXT_GAME, &(next + 1).to_be_bytes())?;
                if let Some(slot) = record.tournament {
                    let slot = slot_key(slot);
                    if let Some(made) = trees[Part::TournamentGames].get(slot)? {
                        return abort(StoreError::SlotTaken(GameId(read_u64(&made).unwrap_or(0))));
                    }
                    trees[Part::TournamentGames].insert(&slot, &next.to_be_bytes())?;
                }
            }
            let key = record.id.0.to_be_bytes();
            let old = match trees[Part::Games].get(key)? {
                Some(bytes) => Some(GameRecord::decode(record.id, &bytes).or_else(abort)?),
                None => None,
            };
            let found = old.as_ref().map_or(0, |o| o.version);
            if found != expect {
                return abort(if expect == 0 || old.is_none() {
                    StoreError::NotFound(record.id)
                } else {
                    StoreError::Conflict(record.id)
                });
            }
            let was_over = old
                .as_ref()
                .is_some_and(|o| matches!(o.status, Status::Finished(_)));
            if !was_over {
                rate_result(&mut SledRatings(trees), &mut record)?;
            }
            if let Some(old) = &old {
                apply(trees, &Entries::of(old), false)?;
            }
            apply(trees, &Entries::of(&record), true)?;
            trees[Part::Games].insert(&key, record.encode())?;
            let stamp = Stamps::note(trees, &self.next_stamp, Stamped::Game, record.id.0)?;
            Ok((record, stamp))
        })?;
        self.wrote(stamp, record.id.0 + 1);
        self.changes.tell(super::Written::Game(record.id));
        Ok(record)
    }

    /// Stores a small JSON value under a number in the tree of `part`, stamped as `what`,
    /// counted as a write for [`Store::sync`].
    fn put_json<T: serde::Serialize>(
        &self,
        part: Part,
        what: Stamped,
        key: u64,
        value: &T,
    ) -> Result<(), StoreError> {
        let bytes = serde_json::to_vec(value).expect("settings always serialise");
        let parts = [part, Part::Stamps, Part::StampOf];
        let stamp = self.transaction(&parts, |trees| {
            trees[part].insert(&key.to_be_bytes(), bytes.as_slice())?;
            Stamps::note(trees, &self.next_stamp, what, key)
        })?;
        self.wrote(stamp, 0);
        Ok(())
    }

    /// The highest game number stored (0 in an empty store).
    fn last_game(&self) -> Result<u64, StoreError> {
        Ok(self
            .games
            .last()?
            .and_then(|(key, _)| read_u64(&key))
            .unwrap_or(0))
    }

    /// Writes records as they are (numbers and versions kept) with their index entries, in
    /// one transaction: an import.
    fn restore(&self, records: &[GameRecord]) -> Result<(), StoreError> {
        let stamp = self.transaction(&RECORD_PARTS, |trees| {
            let mut stamp = 0;
            for record in records {
                apply(trees, &Entries::of(record), true)?;
                if let Some(slot) = record.tournament {
                    trees[Part::TournamentGames]
                        .insert(&slot_key(slot), &record.id.0.to_be_bytes())?;
                }
                trees[Part::Games].insert(&record.id.0.to_be_bytes(), record.encode())?;
                stamp = Stamps::note(trees, &self.next_stamp, Stamped::Game, record.id.0)?;
            }
            Ok(stamp)
        })?;
        self.wrote(stamp, 0);
        Ok(())
    }

    /// Every entry of a settings-like tree: its number and its JSON value.
    fn all_json<T: serde::de::DeserializeOwned>(
        tree: &Tree,
        what: &str,
    ) -> Result<Vec<(u64, T)>, StoreError> {
        tree.iter()
            .map(|entry| {
                let (key, bytes) = entry?;
                let key = read_u64(&key).unwrap_or(0);
                let value = serde_json::from_slice(&bytes).map_err(|e| StoreError::Corrupt {
                    id: GameId(0),
                    reason: format!("the {what} {key} are damaged: {e}"),
                })?;
                Ok((key, value))
            })
            .collect()
    }

    /// A counter of the meta tree (0 when missing).
    fn counter(&self, key: &[u8]) -> Result<u64, StoreError> {
        Ok(self
            .meta
            .get(key)?
            .and_then(|bytes| read_u64(&bytes))
            .unwrap_or(0))
    }

    fn list(&self, tree: &Tree, prefix: u64) -> Result<Vec<GameRecord>, StoreError> {
        let mut records = Vec::new();
        for entry in tree.scan_prefix(prefix.to_be_bytes()).rev() {
            let (key, _) = entry?;
            let Some(key) = IndexKey::from_bytes(&key) else {
                continue;
            };
            match self.get(GameId(key.game)) {
                Ok(record) => records.push(record),
                // One damaged record must not hide a user's other games.
                Err(error) => {
                    tracing::warn!(game = key.game, %error, "skipping a game in a listing")
                }
            }
        }
        Ok(records)
    }
}

impl SledStore {
    /// Writes a tournament (version already set) with its index entries in one
    /// transaction; `expect` as for games (0: a new one, which takes the next number).
    fn write_tournament(
        &self,
        record: &TournamentRecord,
        expect: u64,
    ) -> Result<TournamentRecord, StoreError> {
        let (record, stamp) = self.transaction(&TOURNAMENT_PARTS, |trees| {
            let mut record = record.clone();
            if expect == 0 {
                let next = match trees[Part::Meta].get(NEXT_TOURNAMENT)? {
                    Some(bytes) => read_u64(&bytes).unwrap_or(1),
                    None => 1,
                };
                record.id = TournamentId(next);
                trees[Part::Meta].insert(NEXT_TOURNAMENT, &(next + 1).to_be_bytes())?;
            }
            let key = record.id.0.to_be_bytes();
            let old = match trees[Part::Tournaments].get(key)? {
                Some(bytes) => Some(TournamentRecord::decode(record.id, &bytes).or_else(abort)?),
                None => None,
            };
            if old.as_ref().map_or(0, |o| o.version) != expect {
                return abort(match old {
                    Some(_) => StoreError::TournamentConflict(record.id),
                    None => StoreError::NoTournament(record.id),
                });
            }
            if let Some(old) = &old {
                tournament_entries(trees, old, false)?;
            }
            tournament_entries(trees, &record, true)?;
            trees[Part::Tournaments].insert(&key, record.encode())?;
            let stamp = Stamps::note(trees, &self.next_stamp, Stamped::Tournament, record.id.0)?;
            Ok((record, stamp))
        })?;
        self.wrote(stamp, 0);
        self.changes.tell(super::Written::Tournament(record.id));
        Ok(record)
    }

    /// The tournaments an index lists under `prefix`, newest first, skipping damaged ones.
    fn list_tournaments(
        &self,
        tree: &Tree,
        prefix: u64,
    ) -> Result<Vec<TournamentRecord>, StoreError> {
        let mut records = Vec::new();
        for entry in tree.scan_prefix(prefix.to_be_bytes()).rev() {
            let (key, _) = entry?;
            let Some(key) = IndexKey::from_bytes(&key) else {
                continue;
            };
            match self.tournament(TournamentId(key.game)) {
                Ok(record) => records.push(record),
                Err(error) => {
                    tracing::warn!(tournament = key.game, %error, "skipping a tournament");
                }
            }
        }
        Ok(records)
    }
}

/// A tournament slot's key in the `tournament_games` tree.
fn slot_key(slot: super::TournamentSlot) -> [u8; super::KEY_LEN] {
    let (prefix, game) = slot.key();
    IndexKey { prefix, game }.to_bytes()
}

/// Adds (or removes) a tournament's index entries: by scope, and live while it is.
fn tournament_entries(
    trees: &Tx<'_>,
    record: &TournamentRecord,
    add: bool,
) -> Result<(), ConflictableTransactionError<StoreError>> {
    let mut keys = vec![(
        Part::TournamentsByScope,
        IndexKey {
            prefix: record.scope(),
            game: record.id.0,
        },
    )];
    if record.is_live() {
        keys.push((
            Part::TournamentsLive,
            IndexKey {
                prefix: 0,
                game: record.id.0,
            },
        ));
    }
    for (part, key) in keys {
        if add {
            trees[part].insert(&key.to_bytes(), &[])?;
        } else {
            trees[part].remove(&key.to_bytes())?;
        }
    }
    Ok(())
}

/// Adds (or removes) a record's index entries.
fn apply(
    trees: &Tx<'_>,
    entries: &Entries,
    add: bool,
) -> Result<(), ConflictableTransactionError<StoreError>> {
    let each =
        |part: Part, key: IndexKey| -> Result<(), ConflictableTransactionError<StoreError>> {
            if add {
                trees[part].insert(&key.to_bytes(), &[])?;
            } else {
                trees[part].remove(&key.to_bytes())?;
            }
            Ok(())
        };
    for &key in &entries.users {
        each(Part::ByUser, key)?;
    }
    each(Part::ByChannel, entries.channel)?;
    if let Some(key) = entries.challenge {
        each(Part::Challenges, key)?;
    }
    if let Some(key) = entries.deadline {
        each(Part::Deadlines, key)?;
    }
    Ok(())
}

/// The rating trees of a sled transaction, for [`rate_result`].
struct SledRatings<'a, 'b>(&'a Tx<'b>);

impl RatingWrites for SledRatings<'_, '_> {
    type Error = ConflictableTransactionError<StoreError>;

    fn standing(&mut self, kind: GameKind, user: UserId) -> Result<Option<Standing>, Self::Error> {
        match self.0[Part::Ratings].get(rating_keys::standing(kind, user))? {
            Some(bytes) => Ok(Some(decode_standing(&bytes).or_else(abort)?)),
            None => Ok(None),
        }
    }

    fn put_standing(
        &mut self,
        kind: GameKind,
        user: UserId,
        old: &Standing,
        new: &Standing,
        guild: Option<GuildId>,
    ) -> Result<(), Self::Error> {
        let trees = self.0;
        let order = &trees[Part::RatingOrder];
        order.remove(&rating_keys::order(kind, old.rating, user)[..])?;
        order.insert(&rating_keys::order(kind, new.rating, user)[..], &[])?;
        trees[Part::Ratings]
            .insert(&rating_keys::standing(kind, user)[..], encode_standing(new))?;
        if let Some(guild) = guild {
            trees[Part::RatedPlayers].insert(&rating_keys::member(guild, kind, user)[..], &[])?;
        }
        Ok(())
    }

    fn next_rating_order(&mut self) -> Result<u64, Self::Error> {
        let meta = &self.0[Part::Meta];
        let rated = match meta.get(RATED_GAMES)? {
            Some(bytes) => read_u64(&bytes).unwrap_or(0),
            None => 0,
        } + 1;
        meta.insert(RATED_GAMES, &rated.to_be_bytes())?;
        Ok(rated)
    }
}

impl Store for SledStore {
    fn insert(&self, mut record: GameRecord) -> Result<GameRecord, StoreError> {
        record.version = 1;
        self.write(&record, 0)
    }

    fn get(&self, id: GameId) -> Result<GameRecord, StoreError> {
        let bytes = self
            .games
            .get(id.0.to_be_bytes())?
            .ok_or(StoreError::NotFound(id))?;
        let record = GameRecord::decode(id, &bytes)?;
        if record.id != id {
            return Err(StoreError::Corrupt {
                id,
                reason: format!("it is stored under #{id} but says #{}", record.id),
            });
        }
        Ok(record)
    }

    fn replace(&self, record: &GameRecord) -> Result<GameRecord, StoreError> {
        let mut next = record.clone();
        next.version = record.version + 1;
        self.write(&next, record.version)
    }

    fn games_of_user(&self, user: UserId) -> Result<Vec<GameRecord>, StoreError> {
        self.list(&self.by_user, user.0)
    }

    fn games_in_channel(&self, channel: ChannelId) -> Result<Vec<GameRecord>, StoreError> {
        self.list(&self.by_channel, channel.0)
    }

    fn challenges_in_channel(&self, channel: ChannelId) -> Result<Vec<GameRecord>, StoreError> {
        self.list(&self.challenges, channel.0)
    }

    fn deadlines_until(&self, until: u64) -> Result<Vec<(u64, GameId)>, StoreError> {
        let end = IndexKey {
            prefix: until,
            game: u64::MAX,
        }
        .to_bytes();
        self.deadlines
            .range(..=end)
            .map(|entry| {
                let (key, _) = entry?;
                let key = IndexKey::from_bytes(&key).ok_or_else(|| StoreError::Corrupt {
                    id: GameId(0),
                    reason: "a deadline key has the wrong length".into(),
                })?;
                Ok((key.prefix, GameId(key.game)))
            })
            .collect()
    }

    fn settings(&self, user: UserId) -> Result<UserSettings, StoreError> {
        read_json(&self.settings, user.0, "settings of a user")
    }

    fn set_settings(&self, user: UserId, settings: UserSettings) -> Result<(), StoreError> {
        self.put_json(Part::Settings, Stamped::UserSettings, user.0, &settings)
    }

    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        read_json(&self.guild_settings, guild.0, "settings of a server")
    }

    fn set_guild_settings(
        &self,
        guild: GuildId,
        settings: GuildSettings,
    ) -> Result<(), StoreError> {
        self.put_json(
            Part::GuildSettings,
            Stamped::GuildSettings,
            guild.0,
            &settings,
        )
    }

    fn board_link(&self, game: GameId) -> Result<Option<String>, StoreError> {
        read_json(&self.board_links, game.0, "board link of a game")
    }

    fn flush(&self) -> Result<(), StoreError> {
        // What the mark may claim is read before the flush: a write that lands during
        // the flush may not be on disk when the mark is.
        let reached = self.high_water.as_ref().map(|mark| mark.reached());
        self.db.flush()?;
        match (&self.high_water, reached) {
            (Some(mark), Some(reached)) => mark.save(reached),
            _ => Ok(()),
        }
    }

    fn watch(&self) -> super::Watch {
        self.changes.watch()
    }

    fn secret(&self, name: &str, fresh: &[u8]) -> Result<Vec<u8>, StoreError> {
        let key = format!("{SECRET_PREFIX}{name}");
        // Only the first keeps its value; a second caller reads the first's.
        let _ = self
            .meta
            .compare_and_swap(&key, None::<&[u8]>, Some(fresh))?;
        self.db.flush()?;
        let kept = self.meta.get(&key)?.ok_or_else(|| StoreError::Corrupt {
            id: GameId(0),
            reason: format!("the secret {name:?} vanished as it was stored"),
        })?;
        Ok(kept.to_vec())
    }

    fn sync(&self) -> Result<(), StoreError> {
        let ticket = self.written.load(Ordering::SeqCst);
        self.commits.wait_durable(ticket, || self.flush())
    }

    fn cached(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.cache.get(key.as_bytes())?.map(|v| v.to_vec()))
    }

    fn set_cached(&self, key: &str, value: &[u8]) -> Result<(), StoreError> {
        self.cache.insert(key.as_bytes(), value)?;
        Ok(())
    }

    fn update_cached(
        &self,
        key: &str,
        change: &mut super::CacheChange<'_>,
    ) -> Result<bool, StoreError> {
        loop {
            let old = self.cache.get(key.as_bytes())?;
            let Some(new) = change(old.as_deref()) else {
                return Ok(false);
            };
            // Written only if the value is still the one changed; else again on the newer.
            if self
                .cache
                .compare_and_swap(key.as_bytes(), old, Some(new))?
                .is_ok()
            {
                return Ok(true);
            }
        }
    }

    fn set_board_link(&self, game: GameId, link: &str) -> Result<(), StoreError> {
        self.put_json(Part::BoardLinks, Stamped::BoardLink, game.0, &Some(link))
    }

    fn standing(&self, kind: GameKind, user: UserId) -> Result<Option<Standing>, StoreError> {
        self.ratings
            .get(rating_keys::standing(kind, user))?
            .map(|bytes| decode_standing(&bytes))
            .transpose()
    }

    fn leaderboard(
        &self,
        kind: GameKind,
        guild: Option<GuildId>,
        keep: &dyn Fn(&Standing) -> bool,
        limit: usize,
    ) -> Result<Vec<(UserId, Standing)>, StoreError> {
        let mut board = Vec::new();
        for entry in self
            .rating_order
            .scan_prefix(rating_keys::kind_prefix(kind))
        {
            if board.len() >= limit {
                break;
            }
            let (key, _) = entry?;
            let Some(user) = rating_keys::order_user(&key) else {
                continue;
            };
            if let Some(guild) = guild {
                if !self
                    .rated_players
                    .contains_key(rating_keys::member(guild, kind, user))?
                {
                    continue;
                }
            }
            if let Some(standing) = self.standing(kind, user)? {
                if keep(&standing) {
                    board.push((user, standing));
                }
            }
        }
        Ok(board)
    }

    fn all_games(&self) -> Result<Vec<GameRecord>, StoreError> {
        self.games
            .iter()
            .map(|entry| {
                let (key, bytes) = entry?;
                let id = GameId(read_u64(&key).unwrap_or(0));
                GameRecord::decode(id, &bytes)
            })
            .collect()
    }

    fn replace_ratings(
        &self,
        standings: &[(GameKind, UserId, Standing)],
    ) -> Result<(), StoreError> {
        // The keys to drop, read before the transaction: a transaction must not scan the
        // trees it writes.
        let old: Vec<(bool, sled::IVec)> = self
            .ratings
            .iter()
            .keys()
            .map(|k| k.map(|k| (true, k)))
            .chain(
                self.rating_order
                    .iter()
                    .keys()
                    .map(|k| k.map(|k| (false, k))),
            )
            .collect::<Result<_, _>>()?;
        let parts = [
            Part::Ratings,
            Part::RatingOrder,
            Part::Stamps,
            Part::StampOf,
        ];
        let stamp = self.transaction(&parts, |trees| {
            let (ratings, order) = (&trees[Part::Ratings], &trees[Part::RatingOrder]);
            for (standing, key) in &old {
                if *standing {
                    ratings.remove(key)?;
                } else {
                    order.remove(key)?;
                }
            }
            for (kind, user, standing) in standings {
                ratings.insert(
                    &rating_keys::standing(*kind, *user)[..],
                    encode_standing(standing),
                )?;
                order.insert(&rating_keys::order(*kind, standing.rating, *user)[..], &[])?;
            }
            Stamps::note(trees, &self.next_stamp, Stamped::Ratings, 0)
        })?;
        self.wrote(stamp, 0);
        Ok(())
    }

    fn export(&self) -> Result<Dump, StoreError> {
        let next_game = match self.counter(NEXT_GAME)? {
            0 => self.last_game()? + 1,
            next => next,
        };
        let mut dump = Dump {
            next_game,
            rated_games: self.counter(RATED_GAMES)?,
            games: self.all_games()?,
            ..Dump::default()
        };
        dump.user_settings = Self::all_json(&self.settings, "settings of a user")?
            .into_iter()
            .map(|(user, settings)| (UserId(user), settings))
            .collect();
        dump.guild_settings = Self::all_json(&self.guild_settings, "settings of a server")?
            .into_iter()
            .map(|(guild, settings)| (GuildId(guild), settings))
            .collect();
        dump.board_links = Self::all_json::<Option<String>>(&self.board_links, "board link")?
            .into_iter()
            .filter_map(|(game, link)| Some((GameId(game), link?)))
            .collect();
        for entry in &self.ratings {
            let (key, bytes) = entry?;
            if let Some((kind, user)) = rating_keys::standing_parts(&key) {
                dump.ratings.push((kind, user, decode_standing(&bytes)?));
            }
        }
        for key in self.rated_players.iter().keys() {
            dump.rated_players.extend(rating_keys::member_parts(&key?));
        }
        dump.next_tournament = self.counter(NEXT_TOURNAMENT)?.max(1);
        for entry in &self.tournament_trees.tournaments {
            let (key, bytes) = entry?;
            let id = TournamentId(read_u64(&key).unwrap_or(0));
            dump.tournaments.push(TournamentRecord::decode(id, &bytes)?);
        }
        dump.sort();
        Ok(dump)
    }

    fn import(&self, dump: &Dump) -> Result<(), StoreError> {
        if !self.games.is_empty() {
            return Err(StoreError::NotEmpty(self.games.len() as u64));
        }
        for chunk in dump.games.chunks(1000) {
            self.restore(chunk)?;
        }
        let next = dump.next_number();
        self.meta.insert(NEXT_GAME, &next.to_be_bytes())?;
        if let Some(mark) = &self.high_water {
            mark.next_game.fetch_max(next, Ordering::SeqCst);
        }
        self.meta
            .insert(RATED_GAMES, &dump.rated_games.to_be_bytes())?;
        for (user, settings) in &dump.user_settings {
            self.put_json(Part::Settings, Stamped::UserSettings, user.0, settings)?;
        }
        for (guild, settings) in &dump.guild_settings {
            self.put_json(
                Part::GuildSettings,
                Stamped::GuildSettings,
                guild.0,
                settings,
            )?;
        }
        for (game, link) in &dump.board_links {
            self.put_json(Part::BoardLinks, Stamped::BoardLink, game.0, &Some(link))?;
        }
        self.replace_ratings(&dump.ratings)?;
        for &(guild, kind, user) in &dump.rated_players {
            self.rated_players
                .insert(rating_keys::member(guild, kind, user), &[])?;
        }
        for record in &dump.tournaments {
            self.transaction(&TOURNAMENT_PARTS, |trees| {
                tournament_entries(trees, record, true)?;
                trees[Part::Tournaments].insert(&record.id.0.to_be_bytes(), record.encode())?;
                Stamps::note(trees, &self.next_stamp, Stamped::Tournament, record.id.0)
            })?;
        }
        self.meta.insert(
            NEXT_TOURNAMENT,
            &dump.next_tournament_number().to_be_bytes(),
        )?;
        self.flush()
    }

    fn forget_user(
        &self,
        user: UserId,
        anonymous: UserId,
        now: u64,
    ) -> Result<super::Forgotten, StoreError> {
        forget_in_sled(self, user, anonymous, now)
    }

    fn insert_tournament(
        &self,
        mut record: TournamentRecord,
    ) -> Result<TournamentRecord, StoreError> {
        record.version = 1;
        self.write_tournament(&record, 0)
    }

    fn tournament(&self, id: TournamentId) -> Result<TournamentRecord, StoreError> {
        let bytes = self
            .tournament_trees
            .tournaments
            .get(id.0.to_be_bytes())?
            .ok_or(StoreError::NoTournament(id))?;
        TournamentRecord::decode(id, &bytes)
    }

    fn replace_tournament(
        &self,
        record: &TournamentRecord,
    ) -> Result<TournamentRecord, StoreError> {
        let mut next = record.clone();
        next.version = record.version + 1;
        self.write_tournament(&next, record.version)
    }

    fn tournaments_in(&self, scope: u64) -> Result<Vec<TournamentRecord>, StoreError> {
        self.list_tournaments(&self.tournament_trees.by_scope, scope)
    }

    fn live_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError> {
        self.list_tournaments(&self.tournament_trees.live, 0)
    }

    fn all_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError> {
        let mut records = Vec::new();
        for entry in self.tournament_trees.tournaments.iter().rev() {
            let (key, bytes) = entry?;
            let Some(number) = read_u64(&key) else {
                continue;
            };
            let id = TournamentId(number);
            match TournamentRecord::decode(id, &bytes) {
                Ok(record) => records.push(record),
                Err(error) => tracing::warn!(tournament = id.0, %error, "skipping a tournament"),
            }
        }
        Ok(records)
    }
}

/// A small JSON value under a number in `tree`; the default when there is none.
fn read_json<T: Default + serde::de::DeserializeOwned>(
    tree: &Tree,
    key: u64,
    what: &str,
) -> Result<T, StoreError> {
    match tree.get(key.to_be_bytes())? {
        None => Ok(T::default()),
        Some(bytes) => serde_json::from_slice(&bytes).map_err(|e| StoreError::Corrupt {
            id: GameId(0),
            reason: format!("the {what} {key} are damaged: {e}"),
        }),
    }
}

/// A big-endian `u64` stored as 8 bytes; `None` for anything else.
fn read_u64(bytes: &[u8]) -> Option<u64> {
    Some(u64::from_be_bytes(bytes.try_into().ok()?))
}

/// [`Store::forget_user`] on sled: one transaction over the records, their indexes, the
/// user's settings and the rating trees. The user's games and server memberships are listed
/// before it (a transaction must not scan the trees it writes); a game made for them in
/// between is caught by another round.
fn forget_in_sled(
    store: &SledStore,
    user: UserId,
    anonymous: UserId,
    now: u64,
) -> Result<super::Forgotten, StoreError> {
    use super::forget::forget_in;

    let mut done = super::Forgotten::default();
    for _ in 0..3 {
        let games: Vec<u64> = store
            .by_user
            .scan_prefix(user.0.to_be_bytes())
            .keys()
            .map(|key| Ok(IndexKey::from_bytes(&key?).map(|k| k.game)))
            .filter_map(Result::transpose)
            .collect::<Result<_, sled::Error>>()?;
        let members: Vec<sled::IVec> = store
            .rated_players
            .iter()
            .keys()
            .filter(|key| {
                key.as_ref().map_or(true, |key| {
                    rating_keys::member_parts(key).is_some_and(|(.., u)| u == user)
                })
            })
            .collect::<Result<_, _>>()?;
        let parts = [
            Part::Games,
            Part::ByUser,
            Part::ByChannel,
            Part::Challenges,
            Part::Deadlines,
            Part::Settings,
            Part::Ratings,
            Part::RatingOrder,
            Part::RatedPlayers,
            Part::Stamps,
            Part::StampOf,
        ];
        let (round, stamp) = store.transaction(&parts, |trees| {
            let mut round = super::Forgotten::default();
            let mut stamp = 0;
            for &game in &games {
                let key = game.to_be_bytes();
                let Some(bytes) = trees[Part::Games].get(key)? else {
                    continue;
                };
                let old = GameRecord::decode(GameId(game), &bytes).or_else(abort)?;
                let Some((mut new, challenge)) =
                    forget_in(&old, user, anonymous, now).or_else(abort)?
                else {
                    continue;
                };
                new.version = old.version + 1;
                apply(trees, &Entries::of(&old), false)?;
                apply(trees, &Entries::of(&new), true)?;
                trees[Part::Games].insert(&key, new.encode())?;
                // Stamped like any write of a game: a log that lost this forgetting is
                // refused at open, never served with the name back.
                stamp = Stamps::note(trees, &store.next_stamp, Stamped::Game, game)?;
                if challenge {
                    round.challenges += 1;
                } else {
                    round.games += 1;
                }
            }
            round.settings = trees[Part::Settings]
                .remove(&user.0.to_be_bytes())?
                .is_some();
            if round.settings {
                stamp = Stamps::note(trees, &store.next_stamp, Stamped::UserSettings, user.0)?;
            }
            for kind in GameKind::ALL {
                let standing = rating_keys::standing(kind, user);
                if let Some(bytes) = trees[Part::Ratings].remove(&standing[..])? {
                    let standing = decode_standing(&bytes).or_else(abort)?;
                    trees[Part::RatingOrder]
                        .remove(&rating_keys::order(kind, standing.rating, user)[..])?;
                    round.ratings += 1;
                }
            }
            for key in &members {
                trees[Part::RatedPlayers].remove(key)?;
            }
            Ok((round, stamp))
        })?;
        store.wrote(stamp, 0);
        done.games += round.games;
        done.challenges += round.challenges;
        done.ratings += round.ratings;
        done.settings |= round.settings;
        if store
            .by_user
            .scan_prefix(user.0.to_be_bytes())
            .next()
            .is_none()
        {
            break;
        }
    }
    Ok(done)
}

/// Folders this process has opened. sled's background threads (its flusher, its pool of
/// log writers) keep the folder's lock a moment after the last handle is dropped, so a
/// store reopened in the same process (an import then a restart, the console after an
/// export) can find its own lock still held. Such a folder is waited for; a folder locked
/// by another process is refused at once.
static OPENED_HERE: std::sync::Mutex<std::collections::BTreeSet<std::path::PathBuf>> =
    std::sync::Mutex::new(std::collections::BTreeSet::new());

/// How long a folder this process released may take to be free again: sled's pending log
/// writes finish in milliseconds, far more on a slow, loaded machine.
const RELEASE_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The folders of [`OPENED_HERE`], locked for a look or an addition.
fn opened_here() -> std::sync::MutexGuard<'static, std::collections::BTreeSet<std::path::PathBuf>> {
    OPENED_HERE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Whether sled's error says its folder's lock is held: sled says so only in words.
fn is_lock(io: &std::io::Error) -> bool {
    io.to_string().starts_with("could not acquire lock")
}

/// Opens sled in `dir`, telling a lock held by another process, a folder the admin got
/// wrong and a damaged log apart. A lock this process itself has just let go (see
/// [`OPENED_HERE`]) is waited for.
fn open_sled(
    dir: &std::path::Path,
    damaged: &dyn Fn(String) -> StoreError,
) -> Result<sled::Db, StoreError> {
    let started = std::time::Instant::now();
    let ours = || {
        dir.canonicalize()
            .is_ok_and(|path| opened_here().contains(&path))
    };
    loop {
        // sled panics on some damaged files rather than returning an error: either way
        // the folder cannot be served.
        let opened = std::panic::catch_unwind(|| sled::open(dir))
            .map_err(|_| damaged("sled could not read it back".into()))?;
        match opened {
            Ok(db) => {
                if let Ok(path) = dir.canonicalize() {
                    opened_here().insert(path);
                }
                return Ok(db);
            }
            Err(sled::Error::Io(io))
                if is_lock(&io) && started.elapsed() < RELEASE_WAIT && ours() =>
            {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            Err(error) => return Err(refusal(dir, error, damaged)),
        }
    }
}

/// Whether sled says it cannot read its own files back (a checksum or a length that does
/// not match, a page it cannot find, a page past the end of a log cut short): damage to
/// restore, not a passing failure.
fn unreadable(error: &sled::Error) -> bool {
    match error {
        sled::Error::Corruption { .. } | sled::Error::ReportableBug(_) => true,
        sled::Error::Io(io) => matches!(
            io.kind(),
            std::io::ErrorKind::UnexpectedEof | std::io::ErrorKind::InvalidData
        ),
        _ => false,
    }
}

/// What a folder sled would not open is, for the admin.
fn refusal(
    dir: &std::path::Path,
    error: sled::Error,
    damaged: &dyn Fn(String) -> StoreError,
) -> StoreError {
    match error {
        // Another process (most likely another Leapfrog) has the folder open.
        sled::Error::Io(io) if is_lock(&io) => StoreError::Locked(dir.to_path_buf()),
        // A folder that is not a directory, or cannot be created, is the admin's mistake,
        // not damage.
        sled::Error::Io(io)
            if matches!(
                io.kind(),
                std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::NotFound
            ) =>
        {
            StoreError::Database(sled::Error::Io(io))
        }
        // Anything else sled cannot read back (a checksum, its settings file, a version it
        // does not know, a bug it reports) is a folder to restore.
        other => damaged(what_sled_found(&other)),
    }
}

/// What sled found wrong with its files, in the admin's words rather than its own
/// ("Read corrupted data at file offset Some(Inline(…)) backtrace ()").
fn what_sled_found(error: &sled::Error) -> String {
    match error {
        sled::Error::Corruption { at: Some(at), .. } => {
            format!("its log cannot be read back at byte {}", at.lid())
        }
        sled::Error::Corruption { at: None, .. } => {
            "its log or its snapshot cannot be read back".into()
        }
        sled::Error::Io(io) => format!("reading it failed: {io}"),
        other => other.to_string(),
    }
}
