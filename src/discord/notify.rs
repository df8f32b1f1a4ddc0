//! What the bot says on its own: the scheduler's notices (reminders, players out of time,
//! games ended by timeout) and the computer's moves, posted in the game's channel, and the
//! direct messages of players who chose them in `/settings`, with a mention in the channel
//! when Discord refuses a DM (closed DMs answer 403). Where the bot is no member (a game
//! in a DM or group DM, or on a server that did not add it: [`Place::answers_only`]) it
//! posts nothing on its own: what follows a command goes as that interaction's follow-ups
//! ([`Followups`]), anything later to the players by direct message.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    AutoArchiveDuration, Builder, ChannelId, ChannelType, CreateActionRow, CreateAllowedMentions,
    CreateMessage, CreateThread, Http, UserId as DiscordUserId,
};

use crate::i18n;
use crate::play::{Direct, Later, Notice, Play, Step};
use crate::store::{ChannelId as StoreChannelId, GameId, GuildId, Place, Store};

use super::bot::note_board;
use super::message::{button, cut, Message};
use super::permissions::{is_missing_permission, notice_once, Doing};
use super::reach::{nonce, repeated};
use crate::discord::rest::observe;

/// Tells each of `message.direct` by direct message; whoever cannot be reached is mentioned
/// in `channel` instead.
pub async fn send_direct(http: &Http, message: &Message, channel: u64) {
    for direct in &message.direct {
        let user = direct.user.0;
        let text = if channel == 0 {
            direct.text.clone()
        } else {
            let place = format!("<#{channel}>");
            let place =
                i18n::text_with(direct.lang, "discord-dm-where", &[("place", place.into())]);
            format!("{}\n{place}", direct.text)
        };
        let opened = repeated("create_dm", || {
            DiscordUserId::new(user).create_dm_channel(http)
        })
        .await;
        let sent = match opened {
            Ok(dm) => {
                let once = nonce();
                repeated("create_message", || {
                    let mut post = CreateMessage::new()
                        .nonce(once.clone())
                        .enforce_nonce(true)
                        .content(cut(&text));
                    if let Some(b) = &direct.button {
                        post = post.components(vec![CreateActionRow::Buttons(vec![button(b)])]);
                    }
                    dm.id.send_message(http, post)
                })
                .await
                .map(drop)
            }
            Err(error) => Err(error),
        };
        let Err(error) = sent else { continue };
        tracing::info!(user, %error, "a direct message was refused; mentioning in the channel");
        if channel == 0 {
            continue;
        }
        // The channel reads the post's language: its first line, as posted.
        let first = message.content.lines().next().unwrap_or_default();
        let fallback = CreateMessage::new()
            .content(cut(&format!("<@{user}> {first}")))
            .allowed_mentions(CreateAllowedMentions::new().users([DiscordUserId::new(user)]));
        let mention = ChannelId::new(channel).send_message(http, fallback);
        if let Err(error) = observe("create_message", mention).await {
            tracing::warn!(user, %error, "could not reach a player in the channel either");
        }
    }
}

/// How long Discord takes follow-ups through an interaction's token: 15 minutes from the
/// interaction, less a margin for the last one's journey.
const TOKEN_LIFE: Duration = Duration::from_secs(14 * 60);

/// How many follow-ups Discord takes for one interaction where the app is installed by the
/// user only (the bot is no member there).
pub const FOLLOWUPS_PER_INTERACTION: u8 = 5;

/// An interaction's follow-ups: the caller's private aside after a public answer, and,
/// where the bot may not post on its own (a game in a DM or group DM between people, or on
/// a server that did not add the bot), what follows the answer in that channel. Discord
/// takes them through the interaction's token for 15 minutes, and at most
/// [`FOLLOWUPS_PER_INTERACTION`] where only a user installed the app: both are kept to
/// here, for every interaction alike. Shared by every clone, so the count is the
/// interaction's.
#[derive(Clone, Debug)]
pub struct Followups {
    token: String,
    /// The channel the interaction came from: a follow-up can only be posted there.
    channel: u64,
    until: std::time::Instant,
    sent: Arc<std::sync::atomic::AtomicU8>,
}

impl Followups {
    /// The follow-ups of the interaction with `token`, used in `channel`, which arrived at
    /// `arrived`.
    #[must_use]
    pub fn new(token: &str, channel: u64, arrived: std::time::Instant) -> Self {
        Self {
            token: token.to_owned(),
            channel,
            until: arrived + TOKEN_LIFE,
            sent: Arc::default(),
        }
    }

    /// Whether a follow-up would show in `place` (the interaction came from its channel).
    fn reaches(&self, place: Place) -> bool {
        self.channel == place.channel.0
    }

    /// Takes one follow-up; false once the token has expired or its follow-ups are spent.
    fn take(&self) -> bool {
        if std::time::Instant::now() >= self.until {
            return false;
        }
        self.sent
            .fetch_update(
                std::sync::atomic::Ordering::SeqCst,
                std::sync::atomic::Ordering::SeqCst,
                |sent| (sent < FOLLOWUPS_PER_INTERACTION).then_some(sent + 1),
            )
            .is_ok()
    }

    /// Sends `message` as a follow-up, if one is left: Discord may not yet know of an
    /// answer sent as the endpoint's response body (10015 Unknown Webhook), so that is
    /// tried again; anything else is sent once. The message posted.
    pub async fn send(&self, http: &Http, message: &Message) -> Option<serenity::all::MessageId> {
        if !self.take() {
            return None;
        }
        for attempt in 1..=3u64 {
            let sent = message.follow_up().execute(http, (None, &self.token));
            match observe("create_followup", sent).await {
                Ok(posted) => return Some(posted.id),
                Err(error) if attempt < 3 && super::reach::code(&error) == Some(10015) => {
                    tokio::time::sleep(Duration::from_millis(250 * attempt)).await;
                }
                Err(error) => {
                    tracing::warn!(%error, "could not send a follow-up");
                    return None;
                }
            }
        }
        None
    }
}

/// The channel a direct message names as where the game is (and where a player who cannot
/// be reached is mentioned instead): none where the bot may not post, whose channel the
/// bot cannot name either.
pub(super) fn named_channel(place: Place) -> u64 {
    if place.answers_only() {
        0
    } else {
        place.channel.0
    }
}

/// Posts something the bot says on its own in its game's channel (and its direct
/// messages), or, where the bot may only answer, as a follow-up of `followups` (else by
/// direct message); whether it went out.
pub async fn post_notice<S: Store + 'static>(
    play: &Arc<Play<S>>,
    http: &Http,
    notice: Notice,
    followups: Option<&Followups>,
) -> bool {
    let message = Message::from_reply(notice.reply);
    if notice.place.channel.0 == 0 {
        return false;
    }
    match deliver(
        play,
        http,
        Some(notice.game),
        notice.place,
        &message,
        followups,
    )
    .await
    {
        Delivered::Posted(sent) => {
            if let Some(game) = message.board_of {
                note_board(play, game, notice.place, sent.get()).await;
            }
            send_direct(http, &message, named_channel(notice.place)).await;
            true
        }
        Delivered::Elsewhere | Delivered::Direct => true,
        Delivered::Nowhere => false,
    }
}

/// Where [`deliver`] put a message.
pub enum Delivered {
    /// In its channel (or as a follow-up there), as this message.
    Posted(serenity::all::MessageId),
    /// In the home channel of the game's lost thread (noted as the game's board there).
    Elsewhere,
    /// To its readers by direct message, where the bot may not post on its own and no
    /// interaction is at hand to answer.
    Direct,
    /// Nowhere public: the channel is gone or closed to the bot (those it was for were
    /// told by direct message), or Discord failed.
    Nowhere,
}

/// Posts `message` (about `game`, if any) in `place`, once however often it is tried. When the
/// channel is gone or closed to the bot, a game in a thread moves back to its channel and
/// is posted there; otherwise the players hear of it by direct message ([`tell_readers`]),
/// the first time with the permission the server took away. Where the bot may only answer
/// ([`Place::answers_only`]) nothing is posted: it goes as a follow-up of `followups` when
/// they come from that channel and one is left, else by direct message. A move that was
/// made is never left unseen for want of a channel.
pub async fn deliver<S: Store + 'static>(
    play: &Arc<Play<S>>,
    http: &Http,
    game: Option<GameId>,
    place: Place,
    message: &Message,
    followups: Option<&Followups>,
) -> Delivered {
    if place.answers_only() {
        if let Some(posted) = match followups.filter(|f| f.reaches(place)) {
            Some(followups) => followups.send(http, message).await,
            None => None,
        } {
            return Delivered::Posted(posted);
        }
        tell_readers(play, http, game, message, None).await;
        return Delivered::Direct;
    }
    let once = nonce();
    let sent = repeated("create_message", || {
        ChannelId::new(place.channel.0).send_message(http, message.post(&once))
    })
    .await;
    let error = match sent {
        Ok(sent) => return Delivered::Posted(sent.id),
        Err(error) => error,
    };
    tracing::warn!(game = game.map(|g| g.0), %error, "could not post in a game's channel");
    if !is_shut_out(&error) {
        return Delivered::Nowhere;
    }
    if let Some(game) = game {
        if post_at_home(play, http, game, place, message, &error).await {
            return Delivered::Elsewhere;
        }
    }
    let why = channel_closed(play, place, &error).await;
    tell_readers(play, http, game, message, why).await;
    Delivered::Nowhere
}

/// Tells a message that could not be posted to those it is for by direct message — those
/// it mentions, or, for a board that was for nobody in particular (a game's last move),
/// the game's players — headed by `why` when there is something to say about the channel.
/// Those already told by direct message (their `/settings`) are not told twice, and a
/// notice for players who turned notifications off reaches nobody else.
async fn tell_readers<S: Store + 'static>(
    play: &Arc<Play<S>>,
    http: &Http,
    game: Option<GameId>,
    message: &Message,
    why: Option<String>,
) {
    let text = match &why {
        Some(why) => cut(&format!("{why}\n{}", message.content)),
        None => message.content.clone(),
    };
    let mut readers = message.mentions.clone();
    let for_nobody = readers.is_empty() && message.direct.is_empty();
    if let (true, true, Some(game)) = (for_nobody, message.board_of.is_some(), game) {
        readers = players_of(play, game).await;
    }
    readers.retain(|user| !message.direct.iter().any(|d| d.user.0 == *user));
    let mut told = message.clone();
    told.direct.extend(readers.into_iter().map(|user| Direct {
        user: crate::store::UserId(user),
        // Only the words about where the game is use it, and a post that failed names no
        // place.
        lang: i18n::Lang::default(),
        text: text.clone(),
        button: None,
    }));
    send_direct(http, &told, 0).await;
}

/// The people seated at `game` (not the computer), read off the async threads.
async fn players_of<S: Store + 'static>(play: &Arc<Play<S>>, game: GameId) -> Vec<u64> {
    let reader = Arc::clone(play);
    tokio::task::spawn_blocking(move || reader.human_players(game))
        .await
        .unwrap_or_default()
}

/// Posts what the bot says on its own after something happened — a tournament round's new
/// games, its standings — in order. A game that begins gets a thread of its own, as one
/// begun by a challenge does, when its server wants threads (its admins' choice, else
/// `threads`, the bot's default); the channel then reads a link to it. Returns how many
/// went out (a game in its thread counts as posted).
pub async fn post_notices<S: Store + 'static>(
    play: &Arc<Play<S>>,
    http: &Http,
    notices: Vec<Notice>,
    threads: bool,
    followups: Option<&Followups>,
) -> usize {
    let mut posted = 0;
    for notice in notices {
        let place = notice.place;
        let threaded = match (notice.reply.begins.is_some(), place.guild) {
            // No thread opens in a thread (a tournament made in one), nor where the bot
            // may not post.
            _ if place.answers_only() || play.noted(&thread_key(place.channel.0)) => false,
            (true, Some(guild)) => wants_thread(play, guild, threads).await,
            _ => false,
        };
        if !threaded {
            posted += usize::from(post_notice(play, http, notice, followups).await);
            continue;
        }
        let message = Message::from_reply(notice.reply.clone());
        match open_game_thread(play, http, &message, place).await {
            Ok(thread) => {
                let link = thread_link(play, &message, place, thread).await;
                let once = nonce();
                let sent = repeated("create_message", || {
                    ChannelId::new(place.channel.0).send_message(http, link.post(&once))
                })
                .await;
                if let Err(error) = sent {
                    tracing::warn!(game = notice.game.0, %error, "could not link a game's thread");
                }
                send_direct(http, &message, thread.get()).await;
                posted += 1;
            }
            Err(why) => {
                let mut notice = notice;
                if let Some(why) = why {
                    notice.reply.text = cut(&format!("{why}\n{}", notice.reply.text));
                }
                posted += usize::from(post_notice(play, http, notice, followups).await);
            }
        }
    }
    posted
}

/// What [`Play::first_time`] notes for a channel an interaction came from that is a thread.
pub(super) fn thread_key(channel: u64) -> String {
    format!("thread:{channel}")
}

/// The language of the posts in `place` (its server's), read off the async threads.
async fn place_lang<S: Store + 'static>(play: &Arc<Play<S>>, place: Place) -> i18n::Lang {
    let reader = Arc::clone(play);
    tokio::task::spawn_blocking(move || reader.place_lang(&place))
        .await
        .unwrap_or_default()
}

/// Whether a game beginning on `guild` gets a thread: the server's choice, else `default`.
pub(super) async fn wants_thread<S: Store + 'static>(
    play: &Arc<Play<S>>,
    guild: GuildId,
    default: bool,
) -> bool {
    let play = Arc::clone(play);
    let chosen = tokio::task::spawn_blocking(move || play.store().guild_settings(guild).ok())
        .await
        .ok()
        .flatten();
    chosen.and_then(|s| s.threads).unwrap_or(default)
}

/// Opens a thread in `place` for the game `message` begins, posts the board in it and moves
/// the game there; the thread. When the game stays in the channel — Discord refused the
/// thread, or the board could not be posted in it (the thread is then deleted rather than
/// left empty) — the lines that say why, if a server took a permission away and this is the
/// first time it shows.
pub(super) async fn open_game_thread<S: Store + 'static>(
    play: &Arc<Play<S>>,
    http: &Http,
    message: &Message,
    place: Place,
) -> Result<ChannelId, Option<String>> {
    let (game, title) = message.begins.clone().ok_or(None)?;
    let title: String = title.chars().take(100).collect();
    let created = observe(
        "create_thread",
        ChannelId::new(place.channel.0).create_thread(
            http,
            CreateThread::new(title)
                .kind(ChannelType::PublicThread)
                .auto_archive_duration(AutoArchiveDuration::OneWeek),
        ),
    )
    .await;
    let thread = match created {
        Ok(thread) => thread.id,
        Err(error) => {
            tracing::info!(%error, "no thread for a new game; it stays in the channel");
            return Err(why_no_thread(play, place, Doing::OpenThread, &error).await);
        }
    };
    // The board first: a thread the bot cannot post in must not take the game.
    let once = nonce();
    let posted = match repeated("create_message", || {
        thread.send_message(http, message.post(&once))
    })
    .await
    {
        Ok(posted) => posted,
        Err(error) => {
            tracing::info!(%error, "cannot post in the new thread; the game stays in the channel");
            delete_thread(http, thread).await;
            return Err(why_no_thread(play, place, Doing::PostInThread, &error).await);
        }
    };
    let mover = Arc::clone(play);
    let moved = tokio::task::spawn_blocking(move || {
        mover
            .move_to_channel(GameId(game), StoreChannelId(thread.get()))
            .map_err(|e| e.to_string())
            .err()
    })
    .await
    .unwrap_or_else(|error| Some(error.to_string()));
    if let Some(error) = moved {
        tracing::warn!(%error, "could not move a game to its thread");
        delete_thread(http, thread).await;
        return Err(None);
    }
    let in_thread = Place {
        channel: StoreChannelId(thread.get()),
        ..place
    };
    note_board(play, game, in_thread, posted.id.get()).await;
    Ok(thread)
}

/// The words in the channel once the game `message` begins is in `thread`.
pub(super) async fn thread_link<S: Store + 'static>(
    play: &Arc<Play<S>>,
    message: &Message,
    place: Place,
    thread: ChannelId,
) -> Message {
    let game = message.begins.as_ref().map_or(0, |b| b.0);
    let lang = place_lang(play, place).await;
    Message {
        content: i18n::text_with(
            lang,
            "discord-in-thread",
            &[
                ("game", game.into()),
                ("thread", format!("<#{thread}>").into()),
            ],
        ),
        ..Message::default()
    }
}

/// Why a new game stays in the channel, when a permission is missing and the server has
/// not been told yet in this process: the game's players and the server's admins read it in
/// the channel, once.
async fn why_no_thread<S: Store + 'static>(
    play: &Arc<Play<S>>,
    place: Place,
    doing: Doing,
    error: &serenity::Error,
) -> Option<String> {
    if !is_missing_permission(error) {
        return None;
    }
    let lang = place_lang(play, place).await;
    let named = notice_once(play, place, doing, error, lang)?;
    Some(format!(
        "{}\n{named}",
        i18n::text(lang, "discord-no-thread")
    ))
}

/// Deletes a thread the game could not move into, so that no empty thread is left.
async fn delete_thread(http: &Http, thread: ChannelId) {
    if let Err(error) = observe("delete_channel", thread.delete(http)).await {
        tracing::warn!(%error, "could not delete an unused game thread");
    }
}

/// The lines telling players by direct message that the bot lost a permission in `place`,
/// and which: the first time this process meets it on that server, else nothing.
async fn channel_closed<S: Store + 'static>(
    play: &Arc<Play<S>>,
    place: Place,
    error: &serenity::Error,
) -> Option<String> {
    if !is_missing_permission(error) {
        return None;
    }
    let lang = place_lang(play, place).await;
    let named = notice_once(play, place, Doing::PostInChannel, error, lang)?;
    let closed = i18n::text_with(
        lang,
        "discord-channel-closed",
        &[("place", format!("<#{}>", place.channel.0).into())],
    );
    Some(format!("{closed}\n{named}"))
}

/// When the game's thread is deleted or closed to the bot, moves the game back to the
/// channel the thread was opened from and posts there what could not be posted, headed by
/// one line saying why (once: the game no longer lives in the thread). Whether it was posted.
async fn post_at_home<S: Store + 'static>(
    play: &Arc<Play<S>>,
    http: &Http,
    game: GameId,
    thread: Place,
    message: &Message,
    error: &serenity::Error,
) -> bool {
    let mover = Arc::clone(play);
    let moved = tokio::task::spawn_blocking(move || mover.move_home(game)).await;
    let Ok(Ok(Some((home, lang)))) = moved else {
        return false;
    };
    let why = i18n::text_with(
        lang,
        "discord-thread-lost",
        &[
            ("thread", format!("<#{}>", thread.channel).into()),
            (
                "code",
                super::reach::code(error).unwrap_or(0).to_string().into(),
            ),
        ],
    );
    // The first game to leave a thread for want of a permission also names it.
    let named = notice_once(play, thread, Doing::PostInThread, error, lang)
        .map(|named| format!("\n{named}"))
        .unwrap_or_default();
    let headed = Message {
        content: cut(&format!("{why}{named}\n{}", message.content)),
        ..message.clone()
    };
    let once = nonce();
    let channel = ChannelId::new(home.channel.0);
    match repeated("create_message", || {
        channel.send_message(http, headed.post(&once))
    })
    .await
    {
        Ok(sent) => {
            if let Some(game) = message.board_of {
                note_board(play, game, home, sent.id.get()).await;
            }
            send_direct(http, message, home.channel.0).await;
            true
        }
        Err(error) => {
            tracing::warn!(game = game.0, %error, "could not post in the game's home channel either");
            false
        }
    }
}

/// Whether Discord refused a post because the bot cannot reach the channel any more: it
/// was deleted (10003 Unknown Channel), or the bot lost access to it or the right to post
/// there (50001 Missing Access, 50013 Missing Permissions).
fn is_shut_out(error: &serenity::Error) -> bool {
    matches!(super::reach::code(error), Some(10003 | 50001 | 50013))
}

/// Does what follows an answer or a tick ([`Play::do_later`]), in order: the notices made
/// already are posted as [`post_notices`] posts them (threads for games that begin); the
/// thinking (the computer's moves, an analysis) runs on the pool the play layer names (a
/// game already queued there is not queued twice) and each notice it makes is posted, like
/// a player's board. Returns how many posts went out.
pub async fn carry_out<S: Store + 'static>(
    play: &Arc<Play<S>>,
    http: &Http,
    later: Vec<Later>,
    threads: bool,
    followups: Option<&Followups>,
) -> usize {
    let mut posted = 0;
    let mut told = Vec::new();
    for job in later {
        let (pool, job) = match play.step(job) {
            Step::Tell(notice) => {
                told.push(*notice);
                continue;
            }
            Step::Think(pool, job) => (Arc::clone(pool), job),
        };
        posted += post_notices(play, http, std::mem::take(&mut told), threads, followups).await;
        let game = job.game();
        let thinking = Arc::clone(play);
        let Some(notices) = pool.run(game, move || thinking.do_later(job)).await else {
            continue;
        };
        for notice in notices {
            posted += usize::from(post_notice(play, http, notice, followups).await);
        }
    }
    posted + post_notices(play, http, told, threads, followups).await
}

/// Where another front end's public replies go (the game pages' moves), each with what
/// follows it: carried out ([`carry_out`]) in its game's channel as after a `/move` — by
/// direct message where the bot may only answer, as no interaction is at hand. Each reply
/// is its own task, counted in `ops` so a shutdown waits for its posts.
#[must_use]
pub fn herald<S: Store + 'static>(
    play: Arc<Play<S>>,
    http: Arc<Http>,
    ops: crate::ops::Ops,
    threads: bool,
) -> tokio::sync::mpsc::UnboundedSender<Vec<Later>> {
    let (herald, mut heard) = tokio::sync::mpsc::unbounded_channel::<Vec<Later>>();
    tokio::spawn(async move {
        while let Some(later) = heard.recv().await {
            let (play, http) = (Arc::clone(&play), Arc::clone(&http));
            ops.spawn(async move {
                carry_out(&play, &http, later, threads, None).await;
            });
        }
    });
    herald
}

/// Fires due reminders and timeouts and posts them. It keeps no state of its own: the due
/// alarms are read from the store on each tick, so after a restart it simply goes on.
pub struct Scheduler<S: Store + 'static> {
    play: Arc<Play<S>>,
    http: Arc<Http>,
    /// Its ticks and the computer's moves they start count as work in flight, so a
    /// shutdown waits for their posts; a shutting-down process starts no new tick.
    ops: crate::ops::Ops,
    /// Whether games it begins (a tournament's rounds) get threads on servers whose admins
    /// did not choose (`[discord] threads`).
    threads: bool,
}

impl<S: Store + 'static> Scheduler<S> {
    /// A scheduler over `play`, posting through `http`.
    #[must_use]
    pub fn new(play: Arc<Play<S>>, http: Arc<Http>) -> Self {
        Self {
            play,
            http,
            ops: crate::ops::Ops::new(),
            threads: true,
        }
    }

    /// The same, giving the games it begins a thread of their own (or not) on servers
    /// whose admins did not choose.
    #[must_use]
    pub fn with_threads(mut self, threads: bool) -> Self {
        self.threads = threads;
        self
    }

    /// The same, its work counted in `ops` (the process's): drained at shutdown.
    #[must_use]
    pub fn with_ops(mut self, ops: crate::ops::Ops) -> Self {
        self.ops = ops;
        self
    }

    /// Fires what is due now and posts it; returns how many notices were posted. It also
    /// hands every game where the computer is to move (read from the store) to the
    /// computer, and every analysis asked for and not posted to the analysis pool, in the
    /// background: after a restart, the move it was thinking about and the analyses it
    /// owed.
    pub async fn tick(&self) -> usize {
        let _work = self.ops.begin();
        let play = Arc::clone(&self.play);
        let due = tokio::task::spawn_blocking(move || play.due())
            .await
            .unwrap_or_else(|error| {
                tracing::error!(%error, "the deadline check crashed");
                Vec::new()
            });
        // Each game's thinking is a task of its own, so one long search holds up no other;
        // the notices are posted together, in order.
        let (notices, thinking): (Vec<Later>, Vec<Later>) = due
            .into_iter()
            .partition(|job| job.kind() == crate::play::LaterKind::Notice);
        for job in thinking {
            let (play, http, threads) =
                (Arc::clone(&self.play), Arc::clone(&self.http), self.threads);
            self.ops
                .spawn(async move { carry_out(&play, &http, vec![job], threads, None).await });
        }
        carry_out(&self.play, &self.http, notices, self.threads, None).await
    }

    /// Ticks every `every` until the process shuts down.
    pub async fn run(self, every: Duration) {
        let mut timer = tokio::time::interval(every);
        timer.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            timer.tick().await;
            if self.ops.is_shutting_down() {
                return;
            }
            self.tick().await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discord takes five follow-ups of an interaction where only a user installed the
    /// app, within 15 minutes: no more are tried, nor any after the token expired, and they
    /// show only in the interaction's own channel.
    #[test]
    fn follow_ups_keep_to_discords_count_time_and_channel() {
        let now = std::time::Instant::now();
        let fresh = Followups::new("t", 7, now);
        let shared = fresh.clone();
        for _ in 0..FOLLOWUPS_PER_INTERACTION {
            assert!(shared.take());
        }
        assert!(
            !fresh.take(),
            "the count is the interaction's, across clones"
        );
        let old = now
            .checked_sub(TOKEN_LIFE + Duration::from_secs(1))
            .unwrap();
        assert!(!Followups::new("t", 7, old).take(), "an expired token");
        let here = Place {
            reach: crate::store::Reach::Answers,
            ..Place::posting(None, StoreChannelId(7))
        };
        assert!(fresh.reaches(here));
        assert!(!fresh.reaches(Place::posting(None, StoreChannelId(8))));
    }
}
