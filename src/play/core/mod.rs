//! The core every family of commands stands on: the [`Play`] type and its settings, why a
//! handler stops ([`Stop`]), loading and replaying a game, saving durably, the readers'
//! languages, and the buttons every board gets. Nothing here knows any one command.

pub(in crate::play) mod seats;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::ai::AiConfig;
use crate::games::AnyGame;
use crate::i18n::{self, Arg, Lang};
use crate::play::command::Context;
use crate::play::reply::{Button, Component, Outcome, Reply};
use crate::play::timing::TimeConfig;
use crate::play::{pool, text};
use crate::store::{GameId, GameRecord, GuildId, Place, Store, StoreError, UserId};

/// The time, injected so tests (and later the deadline scheduler's tests) can move it.
pub trait Clock: Send + Sync {
    /// Now, in unix milliseconds.
    fn now_ms(&self) -> u64;
}

/// The wall clock.
#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
    }
}

/// Chance, injected so seat draws and shuffles are reproducible in tests.
pub trait Dice: Send + Sync {
    /// A number in `0..sides` (`sides` > 0), or any `u64` when `sides` is 0.
    fn roll(&self, sides: u64) -> u64;
}

/// Dice seeded from the process's hash randomness and a counter.
#[derive(Debug, Default)]
pub struct SystemDice {
    counter: AtomicU64,
}

impl Dice for SystemDice {
    fn roll(&self, sides: u64) -> u64 {
        use std::hash::{BuildHasher, Hasher};
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u64(self.counter.fetch_add(1, Ordering::Relaxed));
        hasher.write_u64(SystemClock.now_ms());
        let value = hasher.finish();
        if sides == 0 {
            value
        } else {
            value % sides
        }
    }
}

/// The most moves an autocomplete may offer (Discord's limit).
pub const MAX_CHOICES: usize = 25;

/// The command layer over a store.
pub struct Play<S: Store> {
    pub(in crate::play) store: S,
    pub(in crate::play) clock: Box<dyn Clock>,
    pub(in crate::play) dice: Box<dyn Dice>,
    pub(in crate::play) time: TimeConfig,
    pub(in crate::play) ai: AiConfig,
    pub(in crate::play) pool: Arc<pool::Pool>,
    /// Where analyses run: one at a time, so they never take the computer's threads.
    pub(in crate::play) analysis_pool: Arc<pool::Pool>,
    /// The language of posts outside any server (the console), and the last resort.
    pub(in crate::play) default_lang: Lang,
    /// Each server's Discord language as last noted in its settings, so a server is read
    /// and written once per process, not on every command.
    pub(in crate::play) guild_langs: Noted<GuildId>,
    /// The same for each user's Discord language: what their direct messages are written
    /// in when they have not chosen one.
    pub(in crate::play) user_langs: Noted<UserId>,
    /// What front ends said or noted once in this process (see [`Play::first_time`] and
    /// [`Play::noted`]).
    pub(in crate::play) said_once: std::sync::Mutex<std::collections::HashSet<String>>,
    /// Makes the address of a game's page for a player (or a spectator), when pages are
    /// served (see [`Play::with_pages`]).
    pub(in crate::play) pages: Option<PageLinks>,
    /// Whether the pages also run as a Discord Activity (see [`Play::with_activity`]).
    pub(in crate::play) activity: bool,
    /// This play layer's name among the workers sharing a store: who holds the claim on
    /// work that must be done once, however many workers' timers find it (an analysis).
    pub(in crate::play) worker: u64,
}

/// A name for a new play layer, unlike any other process's or this one's others: the
/// process, the time and a count, mixed.
fn worker_name() -> u64 {
    static MADE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    crate::ai::hash_value(&(
        std::process::id(),
        nanos,
        MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
    ))
}

/// Makes the address of a page (see [`Page`]). The web front end makes it; the play layer
/// only hands it out.
pub type PageLinks = Arc<dyn Fn(Page) -> String + Send + Sync>;

/// A page of the site, as the play layer names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// A game's page: a player's personal, signed one for `Some(user)`, the public one for
    /// `None`.
    Game(GameId, Option<UserId>),
    /// A finished game's analysis, on its public page.
    Analysis(GameId),
    /// A tournament's page: standings, crosstable, rounds.
    Tournament(crate::store::TournamentId),
    /// A player's page (what `/profile` says, their chart and games), by a signed link.
    Player(UserId),
    /// A player's puzzle page (their open puzzle, solved by tapping), by a signed link.
    Puzzles(UserId),
}

/// Why a handler stopped early; turned into a [`Reply`] in one place.
#[derive(Debug)]
pub(in crate::play) enum Stop {
    /// The user asked for something the rules or permissions forbid; the text is already in
    /// the reader's language.
    Refuse(String),
    /// The same, as a message of the catalogue and its arguments: read in the caller's
    /// language where the reply is made, so a handler need not know who reads it.
    Say(&'static str, Vec<(&'static str, Arg)>),
    /// Someone else's write landed first.
    Conflict(GameId),
    /// The store failed.
    Fail(StoreError),
}

impl From<StoreError> for Stop {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::Conflict(id) => Self::Conflict(id),
            StoreError::NotFound(id) => {
                Self::Say("refuse-no-such-game", vec![("game", id.0.into())])
            }
            other => Self::Fail(other),
        }
    }
}

pub(in crate::play) fn refuse<T>(text: impl Into<String>) -> Result<T, Stop> {
    Err(Stop::Refuse(text.into()))
}

/// Refuses with the catalogue's message `id`, read in the caller's language.
pub(in crate::play) fn say<T>(id: &'static str) -> Result<T, Stop> {
    Err(Stop::Say(id, Vec::new()))
}

/// Refuses with the catalogue's message `id` and its arguments, in the caller's language.
pub(in crate::play) fn say_with<T, const N: usize>(
    id: &'static str,
    args: [(&'static str, Arg); N],
) -> Result<T, Stop> {
    Err(Stop::Say(id, args.into()))
}

/// A record and the game rebuilt from it.
pub(in crate::play) struct Loaded {
    pub(in crate::play) record: GameRecord,
    pub(in crate::play) game: AnyGame,
}

impl<S: Store> Play<S> {
    /// The command layer with the wall clock and real dice.
    pub fn new(store: S) -> Self {
        Self::with(
            store,
            Box::new(SystemClock),
            Box::new(SystemDice::default()),
        )
    }

    /// Now, by the play layer's clock (unix milliseconds): what its deadlines are read
    /// against, for a front end that shows them.
    #[must_use]
    pub fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    /// The command layer with an injected clock and dice.
    pub fn with(store: S, clock: Box<dyn Clock>, dice: Box<dyn Dice>) -> Self {
        Self {
            store,
            clock,
            dice,
            time: TimeConfig::default(),
            pool: Arc::new(pool::Pool::new(AiConfig::default().threads)),
            analysis_pool: Arc::new(pool::Pool::new(1)),
            ai: AiConfig::default(),
            default_lang: Lang::En,
            guild_langs: std::sync::Mutex::default(),
            user_langs: std::sync::Mutex::default(),
            said_once: std::sync::Mutex::default(),
            pages: None,
            activity: false,
            worker: worker_name(),
        }
    }

    /// Whether this is the first time this process is asked about `key`: a front end says
    /// something once rather than on every move (a permission a server took from the bot,
    /// say). Kept here because every front end and the scheduler of a process share this
    /// layer; not stored, so a restart says it again, once.
    pub fn first_time(&self, key: &str) -> bool {
        self.said_once
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(key.to_owned())
    }

    /// Whether [`Play::first_time`] was asked about `key` in this process: what a front end
    /// noted once and looks up later (a channel seen to be a thread, where no thread can be
    /// opened for a game).
    pub fn noted(&self, key: &str) -> bool {
        self.said_once
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .contains(key)
    }

    /// The same with posts outside any server in `lang` (`leapfrog local --lang`).
    #[must_use]
    pub fn with_lang(mut self, lang: Lang) -> Self {
        self.default_lang = lang;
        self
    }

    /// The language of what everyone in a place reads (a board, its picture, a notice):
    /// the server's choice (`/settings server_language:`), else the server's own Discord
    /// language as noted from its members' commands, else the default (English). A DM or
    /// group DM has no server: its language is the one noted from the first command used
    /// there (see [`Self::note_guild_lang`]).
    pub fn place_lang(&self, place: &Place) -> Lang {
        settings_key(place)
            .and_then(|key| self.store.guild_settings(key).ok())
            .and_then(|settings| settings.posts_lang())
            .unwrap_or(self.default_lang)
    }

    /// Notes a server's Discord language (sent with each command) in its settings, so
    /// posts made without a command (reminders, timeouts, the computer's moves) use it too.
    /// A DM or group DM between people has no server language: the language of the first
    /// player to use a command there is noted for it, and kept (a board read by a Russian
    /// and a Polish player does not change language with each move).
    pub(in crate::play) fn note_guild_lang(&self, ctx: &Context) {
        let (key, lang, first_stays) = match (ctx.place.guild, ctx.guild_lang) {
            (Some(guild), Some(lang)) => (guild, lang, false),
            (None, _) if ctx.place.answers_only() => match settings_key(&ctx.place) {
                Some(key) => (key, ctx.lang, true),
                None => return,
            },
            _ => return,
        };
        if noted(&self.guild_langs, key, lang) {
            return;
        }
        if let Ok(mut settings) = self.store.guild_settings(key) {
            let kept = first_stays && settings.discord_lang.is_some();
            if settings.discord_lang != Some(lang) && !kept {
                settings.discord_lang = Some(lang);
                if self.store.set_guild_settings(key, settings).is_err() {
                    return;
                }
            }
            note(&self.guild_langs, key, lang);
        }
    }

    /// Notes the caller's Discord language in their settings, once per user per process,
    /// so a direct message the bot sends them later (a reminder) is in their language.
    pub(in crate::play) fn note_user_lang(&self, ctx: &Context) {
        let user = ctx.user.id;
        if noted(&self.user_langs, user, ctx.lang) {
            return;
        }
        if let Ok(mut settings) = self.store.settings(user) {
            if settings.discord_lang != Some(ctx.lang) {
                settings.discord_lang = Some(ctx.lang);
                if self.store.set_settings(user, settings).is_err() {
                    return;
                }
            }
            note(&self.user_langs, user, ctx.lang);
        }
    }

    /// The same with these settings for the computer (its time per move, how many searches
    /// run at once).
    #[must_use]
    pub fn with_ai(mut self, ai: AiConfig) -> Self {
        self.pool = Arc::new(pool::Pool::new(ai.threads));
        self.ai = ai;
        self
    }

    /// The pool the computer's searches run on, shared by every front end of this play
    /// layer so that `[ai] threads` bounds them all together.
    #[must_use]
    pub fn pool(&self) -> &Arc<pool::Pool> {
        &self.pool
    }

    /// The same with these correspondence settings (the grace before a timeout).
    #[must_use]
    pub fn with_time(mut self, time: TimeConfig) -> Self {
        self.time = time;
        self
    }

    /// Game pages are served: `/web` hands out their addresses made by `links`.
    #[must_use]
    pub fn with_pages(mut self, links: PageLinks) -> Self {
        self.pages = Some(links);
        self
    }

    /// The game pages also run as a Discord Activity: board posts on a server get a "Play
    /// in Discord" button beside the public page's.
    #[must_use]
    pub fn with_activity(mut self) -> Self {
        self.activity = true;
        self
    }

    /// Whether the game pages also run as a Discord Activity ([`Play::with_activity`]): the
    /// Discord front ends then register the Activity's entry point command.
    #[must_use]
    pub fn launches_activity(&self) -> bool {
        self.activity
    }

    /// The store, for front ends that need to look things up (and for tests).
    pub fn store(&self) -> &S {
        &self.store
    }

    /// A board posted for everyone gets a button to the game's public page, where it can be
    /// watched live and stepped through; a board shown to one of its players alone, a
    /// button to their own page, which plays for them.
    pub(in crate::play) fn page_button(&self, reply: Reply, ctx: &Context) -> Reply {
        let Some(game) = reply.board_of else {
            return reply;
        };
        if !reply.private {
            return self.watch_button(reply, game, ctx.place);
        }
        let mine = match self.store.get(game) {
            Ok(record) => self.play_button(&record, ctx.user.id, self.reader_lang(ctx)),
            Err(_) => None,
        };
        match mine {
            Some(button) => reply.with(Component::Buttons(vec![button])),
            None => reply,
        }
    }

    /// `reply`, posted for everyone in `game`'s channel at `place`, with a button to the
    /// game's public page, and on a server with the Activity on, one to play it in Discord.
    pub(in crate::play) fn watch_button(
        &self,
        mut reply: Reply,
        game: GameId,
        place: Place,
    ) -> Reply {
        let Some(links) = &self.pages else {
            return reply;
        };
        let lang = self.place_lang(&place);
        let mut buttons = vec![Button::link(
            &links(Page::Game(game, None)),
            &i18n::text(lang, "button-web-watch"),
        )];
        // The Activity runs on servers and, through a player's own install, in DMs and
        // group DMs; not in the console, which has no place of Discord's.
        if self.activity && (place.guild.is_some() || place.answers_only()) {
            buttons.push(Button::launch(game, &i18n::text(lang, "button-launch")));
        }
        match reply.components.last_mut() {
            // Beside the game's own buttons when their row has room (Discord's rows hold 5).
            Some(Component::Buttons(row)) if row.len() + buttons.len() <= 5 => row.extend(buttons),
            _ => reply.components.push(Component::Buttons(buttons)),
        }
        reply
    }

    /// A button to `user`'s own page of the game of `record` (their personal link, which
    /// plays for them), labelled in `lang`: for a player of the game, when pages are served.
    /// Only ever put where `user` alone sees it.
    pub(in crate::play) fn play_button(
        &self,
        record: &GameRecord,
        user: UserId,
        lang: Lang,
    ) -> Option<Button> {
        let links = self.pages.as_ref()?;
        record.seat_of(user)?;
        Some(Button::link(
            &links(Page::Game(record.id, Some(user))),
            &i18n::text(lang, "button-web-play"),
        ))
    }

    /// Waits, when `wrote`, until what the command wrote is on disk: a reply that reports a
    /// write must never reach a player before it would survive a crash. Concurrent commands
    /// share one flush ([`Store::sync`]).
    pub(in crate::play) fn durable(&self, wrote: bool) -> Result<(), StoreError> {
        if wrote {
            self.store.sync()
        } else {
            Ok(())
        }
    }

    /// The language of an answer only the caller sees: theirs from `/settings language:`,
    /// else their Discord client's. Front ends ask it for the words they add themselves
    /// (the move picker).
    pub fn reader_lang(&self, ctx: &Context) -> Lang {
        self.user_lang(ctx.user.id, ctx.lang)
    }

    /// The language `user` reads: their `/settings language:`, else `client` (their
    /// Discord client's). Blocking: it reads the store.
    pub fn user_lang(&self, user: UserId, client: Lang) -> Lang {
        self.store
            .settings(user)
            .ok()
            .and_then(|settings| settings.lang)
            .unwrap_or(client)
    }

    /// Loads a game and replays it.
    pub(in crate::play) fn load(&self, id: GameId) -> Result<Loaded, Stop> {
        let record = self.store.get(id)?;
        self.rebuild(record)
    }

    /// Replays a record's moves and checks the stored position against the replay.
    pub(in crate::play) fn rebuild(&self, record: GameRecord) -> Result<Loaded, Stop> {
        let game = record.replay(record.moves.len()).map_err(Stop::Fail)?;
        if game.position_text() != record.position {
            return Err(Stop::Fail(StoreError::Corrupt {
                id: record.id,
                reason: "its moves do not lead to its stored position".into(),
            }));
        }
        Ok(Loaded { record, game })
    }

    pub(in crate::play) fn conflict_reply(&self, id: GameId, lang: Lang) -> Reply {
        match self.load(id) {
            Ok(loaded) => {
                let mut reply = text::board_reply(
                    &loaded.record,
                    &loaded.game,
                    &i18n::text(lang, "refuse-position-changed"),
                    self.clock.now_ms(),
                    lang,
                );
                reply.outcome = Outcome::Refused;
                reply.private = true;
                reply
            }
            Err(Stop::Fail(error)) => failure_reply(&error, lang),
            Err(_) => Reply::refused(i18n::text_with(
                lang,
                "refuse-game-changed",
                &[("game", id.0.into())],
            )),
        }
    }
}

/// Where the language of what is read in `place` is kept: its server's settings, or, for a
/// DM or group DM between people (no server), settings under the channel's own id —
/// Discord's ids are unique across servers and channels, so the two never meet.
fn settings_key(place: &Place) -> Option<GuildId> {
    place
        .guild
        .or_else(|| place.answers_only().then_some(GuildId(place.channel.0)))
}

/// A language noted per server or user in this process (see [`Play::note_guild_lang`]).
type Noted<K> = std::sync::Mutex<std::collections::HashMap<K, Lang>>;

/// Whether `key`'s language is already noted as `lang`. The lock is held only for the look,
/// never across the store's reads and writes.
fn noted<K: std::hash::Hash + Eq>(seen: &Noted<K>, key: K, lang: Lang) -> bool {
    seen.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .get(&key)
        == Some(&lang)
}

/// Notes `key`'s language once it is in the store.
fn note<K: std::hash::Hash + Eq>(seen: &Noted<K>, key: K, lang: Lang) {
    seen.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .insert(key, lang);
}

pub(in crate::play) fn failure_reply(error: &StoreError, lang: Lang) -> Reply {
    tracing::error!(%error, "a command failed in the store");
    // The details are for the admin, who reads the log and the record as they are.
    let text = match error {
        StoreError::Corrupt { .. } | StoreError::UnknownSchema { .. } => i18n::text_with(
            lang,
            "failed-damaged",
            &[("error", error.to_string().into())],
        ),
        _ => i18n::text(lang, "failed-store"),
    };
    Reply {
        outcome: Outcome::Failed,
        ..Reply::private(text)
    }
}

/// Lower case without spaces or dashes: how typed moves are compared.
pub(in crate::play) fn squash(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}
