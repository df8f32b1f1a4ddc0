//! The one interaction handler both front ends share. It is written against the play layer
//! and serenity's [`Http`] only: the gateway hands it the interactions it receives, the HTTP
//! endpoint the ones Discord posts to it. The only difference is how the first answer
//! travels: over REST (gateway), or as the HTTP response's JSON body (endpoint), which cannot
//! carry files — so there a board is acknowledged first and attached by editing the answer.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serenity::all::{
    AutocompleteChoice, Builder, ChannelType, CreateAutocompleteResponse,
    CreateInteractionResponse, CreateInteractionResponseMessage, Http, Interaction, InteractionId,
    MessageId,
};

use crate::i18n::{self, Lang};
use crate::play::Play;
use crate::store::{GameId, Place, Store};

use super::message::Message;
use super::notify::Followups;
use super::reach::{code, repeated};
use super::translate::{request, Request};
use crate::discord::rest::observe;
use crate::ops::{Interaction as Tracked, Ops};

/// How the first answer reaches Discord.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// A REST call (the gateway bot).
    Rest,
    /// The body of the HTTP response to Discord's request (the interactions endpoint).
    Body,
}

/// How a finished message is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Show {
    /// As a new message answering the interaction.
    New,
    /// As a new message, except that a game's link to its thread replaces the clicked
    /// message (the challenge it began), buttons and all.
    NewOrUpdate,
    /// In place of the message the clicked component sits on (the picker's steps).
    Update,
}

/// The shared handler.
pub struct Bot<S: Store + 'static> {
    play: Arc<Play<S>>,
    http: Arc<Http>,
    defer_after: Duration,
    threads: bool,
    /// Ops: the in-flight work a shutdown waits for.
    ops: Ops,
    /// The interactions answered lately: one delivered again (a gateway that resumed and
    /// replayed it) is not acted on twice.
    seen: Arc<std::sync::Mutex<Seen>>,
}

/// The ids of the latest interactions, oldest first, and the same as a set.
#[derive(Default)]
struct Seen {
    order: std::collections::VecDeque<u64>,
    ids: std::collections::HashSet<u64>,
}

impl Seen {
    /// How many ids are remembered: far more than arrive within Discord's 15 minutes of an
    /// interaction's life on any one process.
    const KEPT: usize = 50_000;

    /// Notes `id`; whether it is new.
    fn first_time(&mut self, id: u64) -> bool {
        if !self.ids.insert(id) {
            return false;
        }
        self.order.push_back(id);
        if self.order.len() > Self::KEPT {
            if let Some(old) = self.order.pop_front() {
                self.ids.remove(&old);
            }
        }
        true
    }
}

impl<S: Store + 'static> Clone for Bot<S> {
    fn clone(&self) -> Self {
        Self {
            play: Arc::clone(&self.play),
            http: Arc::clone(&self.http),
            defer_after: self.defer_after,
            threads: self.threads,
            ops: self.ops.clone(),
            seen: Arc::clone(&self.seen),
        }
    }
}

/// How long after an interaction arrives its first answer may wait for the command's
/// decision: Discord drops an interaction not answered within 3 s, and the answer still
/// has to travel.
const FIRST_ANSWER_BUDGET: Duration = Duration::from_millis(2_300);

/// How long after a command's answer its follow-up posts go out (see `Bot::later`),
/// so that the channel reads them after it.
const FOLLOW_AFTER: Duration = Duration::from_millis(700);

/// How many times an edit or follow-up is tried: over the endpoint it can reach Discord
/// before Discord has read our acknowledgement.
const DELIVERY_TRIES: u32 = 3;

/// Discord's refusals of an edit of an answer after which the answer will never show: the
/// message or the interaction is gone (10008 Unknown Message, 10015 Unknown Webhook, 10062
/// Unknown Interaction), the channel is gone or closed to the bot (10003 Unknown Channel,
/// 50001 Missing Access, 50013 Missing Permissions, 50007 cannot send to this user), or
/// the interaction was answered in a way that cannot be edited (40060).
const EDIT_LOST: [isize; 8] = [10008, 10015, 10062, 10003, 50001, 50013, 50007, 40060];

/// How long after an interaction arrives a failed first answer is still tried again:
/// Discord takes a first answer within 3 s of the interaction, and the last try must reach
/// it before then. A first answer not taken by then is lost: a public one (a move's board)
/// is posted in the channel instead.
const FIRST_ANSWER_WINDOW: Duration = Duration::from_millis(2_700);

impl<S: Store + 'static> Bot<S> {
    /// A handler over `play`, answering through `http`; answers slower than `defer_after`
    /// are deferred and completed later.
    #[must_use]
    pub fn new(play: Arc<Play<S>>, http: Arc<Http>, defer_after: Duration) -> Self {
        Self {
            play,
            http,
            defer_after,
            threads: true,
            ops: Ops::new(),
            seen: Arc::default(),
        }
    }

    /// The same, counting its work in `ops`' in-flight work (which a shutdown drains).
    #[must_use]
    pub fn with_ops(mut self, ops: Ops) -> Self {
        self.ops = ops;
        self
    }

    /// The same, giving new games a thread of their own (or not) on servers whose admins
    /// did not choose (`[discord] threads`).
    #[must_use]
    pub fn with_threads(mut self, threads: bool) -> Self {
        self.threads = threads;
        self
    }

    /// The REST client.
    #[must_use]
    pub fn http(&self) -> &Arc<Http> {
        &self.http
    }

    /// Whether the process is draining after a signal: new interactions are turned away
    /// while those in flight finish (and `/readyz` says why).
    #[must_use]
    pub fn is_shutting_down(&self) -> bool {
        self.ops.is_shutting_down()
    }

    /// Answers one interaction. With [`Via::Body`] the first answer is returned (to be sent
    /// as the HTTP response) and anything later goes over REST in the background; with
    /// [`Via::Rest`] everything goes over REST and `None` is returned.
    pub async fn answer(
        &self,
        interaction: Interaction,
        via: Via,
    ) -> Option<CreateInteractionResponse> {
        let id = match &interaction {
            Interaction::Command(i) | Interaction::Autocomplete(i) => Some(i.id.get()),
            Interaction::Component(i) => Some(i.id.get()),
            _ => None,
        };
        let again = id.is_some_and(|id| {
            !self
                .seen
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .first_time(id)
        });
        if again {
            tracing::info!(
                interaction = id,
                "an interaction delivered again is not acted on twice"
            );
            return None;
        }
        // Ops: in flight until answered, then counted, timed and logged (crate::ops::log).
        let _work = self.ops.begin();
        let tracked = Tracked::of(&interaction);
        let answer = self.answer_tracked(interaction, via, &tracked).await;
        tracked.acknowledged();
        answer
    }

    /// [`Self::answer`], with the record of the interaction to fill in.
    async fn answer_tracked(
        &self,
        interaction: Interaction,
        via: Via,
        tracked: &Tracked,
    ) -> Option<CreateInteractionResponse> {
        let (id, token, channel, channel_id) = match &interaction {
            Interaction::Command(i) | Interaction::Autocomplete(i) => {
                (i.id, i.token.clone(), i.channel.as_ref(), i.channel_id)
            }
            Interaction::Component(i) => (i.id, i.token.clone(), i.channel.as_ref(), i.channel_id),
            Interaction::Ping(_) => return Some(CreateInteractionResponse::Pong),
            _ => return None,
        };
        let in_thread = channel.is_some_and(|c| is_thread(c.kind));
        if let Some(channel) = channel.filter(|_| in_thread) {
            // Games begun here later by the bot on its own (a tournament's rounds) get no
            // thread either.
            self.play
                .first_time(&super::notify::thread_key(channel.id.get()));
        }
        let lang = match &interaction {
            Interaction::Command(i) | Interaction::Autocomplete(i) => Some(&i.locale),
            Interaction::Component(i) => Some(&i.locale),
            _ => None,
        }
        .and_then(|locale| Lang::from_discord(locale))
        .unwrap_or_default();
        let followups = Followups::new(&token, channel_id.get(), tracked.arrived());
        let to = |how: Show, place: Option<Place>, private: bool| Answering {
            via,
            id,
            token: token.clone(),
            followups: followups.clone(),
            how,
            place,
            in_thread,
            private,
            lang,
            tracked: tracked.clone(),
        };
        let play = Arc::clone(&self.play);
        match request(&interaction) {
            Request::Ping => Some(CreateInteractionResponse::Pong),
            Request::Ignore => None,
            Request::Launch => {
                self.first(
                    CreateInteractionResponse::LaunchActivity,
                    (via, id, &token, tracked.arrived()),
                )
                .await
            }
            Request::CompleteNothing => {
                self.suggest(Vec::new(), via, id, &token, tracked.arrived())
                    .await
            }
            Request::CompleteMove(ctx, game, typed) => {
                let moves = blocking(move || play.complete_move(&ctx, game, &typed)).await;
                let choices = moves
                    .into_iter()
                    .map(|(shown, mv)| AutocompleteChoice::new(shown, mv))
                    .collect();
                self.suggest(choices, via, id, &token, tracked.arrived())
                    .await
            }
            Request::CompleteGame(ctx, typed) => {
                let games = blocking(move || play.complete_game(&ctx, &typed)).await;
                let choices = games
                    .into_iter()
                    .map(|(game, line)| {
                        // Discord's limit on a choice's name.
                        let label: String =
                            format!("#{} {line}", game.0).chars().take(100).collect();
                        AutocompleteChoice::new(label, game.0)
                    })
                    .collect();
                self.suggest(choices, via, id, &token, tracked.arrived())
                    .await
            }
            Request::Play(ctx, command) => {
                // A click on a message (a challenge's Accept) may replace that message; a
                // click on a page of the rules turns that page.
                let how = match (&interaction, &command) {
                    (
                        Interaction::Component(_),
                        crate::play::Command::Settings(crate::play::SettingsCommand::Rules {
                            ..
                        }),
                    ) => Show::Update,
                    (Interaction::Component(_), _) => Show::NewOrUpdate,
                    _ => Show::New,
                };
                let private = command.answers_privately();
                let done = tracked.clone();
                self.show_reply(to(how, Some(ctx.place), private), move || {
                    let reply = play.handle(&ctx, command);
                    done.finished(reply.outcome, reply.board_of.map(|g| g.0));
                    reply
                })
                .await
            }
            Request::PickPiece(ctx, on) => {
                self.show(to(Show::New, None, true), move || {
                    let lang = play.reader_lang(&ctx);
                    Message::piece_picker(lang, on, &play.picker_moves(&ctx, on))
                })
                .await
            }
            Request::PickTarget(ctx, on, from) => {
                self.show(to(Show::Update, None, true), move || {
                    let lang = play.reader_lang(&ctx);
                    let moves = play.picker_moves(&ctx, on);
                    Message::target_picker(lang, on, &from, &moves)
                })
                .await
            }
            Request::Confirm {
                user,
                client,
                button,
            } => {
                self.show(to(Show::New, None, true), move || {
                    Message::confirmation(play.user_lang(user, client), &button)
                })
                .await
            }
            Request::Refuse { user, client, why } => {
                self.show(to(Show::New, None, true), move || {
                    Message::private(&why.text(play.user_lang(user, client)))
                })
                .await
            }
        }
    }

    /// Answers an autocomplete request with `choices` (perhaps none: an empty list is an
    /// answer, silence is "This interaction failed").
    async fn suggest(
        &self,
        choices: Vec<AutocompleteChoice>,
        via: Via,
        id: InteractionId,
        token: &str,
        arrived: Instant,
    ) -> Option<CreateInteractionResponse> {
        let response = CreateAutocompleteResponse::new().set_choices(choices);
        self.first(
            CreateInteractionResponse::Autocomplete(response),
            (via, id, token, arrived),
        )
        .await
    }

    /// Sends a first answer over REST, or returns it for the HTTP body.
    async fn first(
        &self,
        response: CreateInteractionResponse,
        to: (Via, InteractionId, &str, Instant),
    ) -> Option<CreateInteractionResponse> {
        self.first_checked(response, to).await.0
    }

    /// [`Self::first`], saying also whether the answer was lost, so that a public answer is
    /// posted in the channel instead: Discord no longer knows the interaction (10062
    /// Unknown Interaction: it came too late, or its token expired), or it failed to take
    /// the answer (a server error, no answer) on every try within its window. `to` is how
    /// the answer goes, the interaction, its token and when it arrived.
    async fn first_checked(
        &self,
        response: CreateInteractionResponse,
        (via, id, token, arrived): (Via, InteractionId, &str, Instant),
    ) -> (Option<CreateInteractionResponse>, bool) {
        if via == Via::Body {
            return (Some(response), false);
        }
        let body = bare(&response);
        let mut attempt = 0u32;
        loop {
            attempt += 1;
            // A try that gets no answer is given up like any REST call, and in any case
            // when Discord's window closes.
            let left = FIRST_ANSWER_WINDOW
                .saturating_sub(arrived.elapsed())
                .min(super::reach::attempt_timeout());
            let answered = async {
                match &body {
                    Some(body) => {
                        self.http
                            .create_interaction_response(id, token, body, Vec::new())
                            .await
                    }
                    None => {
                        response
                            .clone()
                            .execute(self.http.as_ref(), (id, token))
                            .await
                    }
                }
            };
            let result =
                crate::discord::rest::observe_within("interaction_callback", Some(left), answered)
                    .await;
            let error = match result {
                Ok(()) => return (None, false),
                Err(error) => error,
            };
            let passing =
                matches!(error, serenity::Error::Other(_)) || super::reach::is_transient(&error);
            let pause = Duration::from_millis(100 * u64::from(attempt));
            match code(&error) {
                // Answered already (another worker, or an earlier try that did arrive): the
                // rest of the answer goes on as edits of that one.
                Some(40060) => {
                    tracing::info!(%error, "the interaction was already acknowledged");
                    return (None, false);
                }
                _ if passing && arrived.elapsed() + pause < FIRST_ANSWER_WINDOW => {
                    tracing::info!(%error, attempt, "an interaction's answer failed in passing; trying again");
                    tokio::time::sleep(pause).await;
                }
                Some(10062) => {
                    tracing::warn!(%error, "could not answer an interaction");
                    return (None, true);
                }
                _ if passing => {
                    tracing::warn!(%error, attempt, "Discord did not take an interaction's answer in its window");
                    return (None, true);
                }
                _ => {
                    tracing::warn!(%error, "could not answer an interaction");
                    return (None, false);
                }
            }
        }
    }

    /// Runs `work` off the async threads and shows its message: at once when it is ready
    /// within the deferral budget (and, over the endpoint, has no file), else after an
    /// acknowledgement that Discord shows as "thinking" — to the caller alone when the
    /// answer is expected to be private, since Discord fixes who sees an answer when it is
    /// deferred. Players who chose direct messages are told there (or mentioned in the
    /// channel if Discord refuses, where the bot may post); a game that begins on a server
    /// that wants threads gets one.
    async fn show(
        &self,
        to: Answering,
        work: impl FnOnce() -> Message + Send + 'static,
    ) -> Option<CreateInteractionResponse> {
        self.show_told(to, None, work).await
    }

    /// [`Self::show`] for a command of the play layer, which decides and writes first and
    /// draws its picture after: when the answer is slow, the deferral waits for the
    /// decision (not the picture) to learn whether the answer is private, so a refusal is
    /// never announced by a public "thinking…" — unless deciding itself takes so long that
    /// Discord's deadline for a first answer would pass.
    async fn show_reply(
        &self,
        to: Answering,
        decide: impl FnOnce() -> crate::play::Reply + Send + 'static,
    ) -> Option<CreateInteractionResponse> {
        let (tell, told) = tokio::sync::oneshot::channel();
        let work = move || {
            let reply = decide();
            let _ = tell.send(reply.private);
            Message::from_reply(reply)
        };
        self.show_told(to, Some(told), work).await
    }

    /// [`Self::show`], learning whether the answer is private from `told` when it comes in
    /// time.
    async fn show_told(
        &self,
        mut to: Answering,
        told: Option<tokio::sync::oneshot::Receiver<bool>>,
        work: impl FnOnce() -> Message + Send + 'static,
    ) -> Option<CreateInteractionResponse> {
        let started = tokio::time::Instant::now();
        let lang = to.lang;
        let mut job = tokio::task::spawn_blocking(work);
        if let Ok(joined) = tokio::time::timeout(self.defer_after, &mut job).await {
            return self
                .show_ready(to, joined.unwrap_or_else(|_| failure(lang)))
                .await;
        }
        if let Some(told) = told {
            let left = FIRST_ANSWER_BUDGET.saturating_sub(started.elapsed());
            if let Ok(Ok(private)) = tokio::time::timeout(left, told).await {
                to.private = private;
            }
        }
        // Slow: acknowledge now, finish when the work is done.
        let acknowledged = self
            .first(acknowledgement(to.how, to.private), to.callback())
            .await;
        let bot = self.clone();
        self.ops.spawn(async move {
            let mut message = job.await.unwrap_or_else(|_| failure(lang));
            let later = std::mem::take(&mut message.later);
            match to.place {
                Some(place) if bot.wants_thread(&to, &message).await => {
                    bot.open_thread(&to, message, place).await;
                }
                _ => {
                    bot.direct_later(&message, to.place);
                    bot.complete(&to, message).await;
                }
            }
            bot.later(later, &to);
        });
        acknowledged
    }

    /// Shows a message that was ready within the deferral budget.
    async fn show_ready(
        &self,
        to: Answering,
        message: Message,
    ) -> Option<CreateInteractionResponse> {
        if let Some(place) = to.place {
            if self.wants_thread(&to, &message).await {
                // Opening a thread is a REST call: acknowledge now, finish there.
                let how = match to.how {
                    Show::NewOrUpdate => Show::Update,
                    other => other,
                };
                let acknowledged = self.first(acknowledgement(how, false), to.callback()).await;
                let to = Answering {
                    how,
                    private: false,
                    ..to
                };
                let bot = self.clone();
                let mut message = message;
                self.ops.spawn(async move {
                    let later = std::mem::take(&mut message.later);
                    bot.open_thread(&to, message, place).await;
                    bot.later(later, &to);
                });
                return acknowledged;
            }
        }
        self.direct_later(&message, to.place);
        if to.via == Via::Body && message.has_files() {
            // Over the endpoint with a picture: acknowledge, then attach by editing.
            let ack = acknowledgement(to.how, message.ephemeral);
            let acknowledged = self.first(ack, to.callback()).await;
            let to = Answering {
                private: message.ephemeral,
                ..to
            };
            let bot = self.clone();
            let mut message = message;
            self.ops.spawn(async move {
                let later = std::mem::take(&mut message.later);
                bot.complete(&to, message).await;
                bot.later(later, &to);
            });
            return acknowledged;
        }
        let data = message.response();
        let response = match to.how {
            Show::New | Show::NewOrUpdate => CreateInteractionResponse::Message(data),
            Show::Update => CreateInteractionResponse::UpdateMessage(data),
        };
        let (answered, lost) = self.first_checked(response, to.callback()).await;
        if !lost && !message.ephemeral {
            self.aside_later(&to.followups, &message);
        }
        if lost && !message.ephemeral {
            // Discord dropped the interaction, but the command was carried out: its public
            // answer (a move's board) is posted in the channel instead.
            if let Some(place) = to.place {
                if let (Some(posted), Some(game)) =
                    (self.post_instead(place, &message).await, message.board_of)
                {
                    to.tracked.board_posted(game);
                    self.note(game, place, posted.get()).await;
                }
            }
            self.later(message.later, &to);
            return answered;
        }
        if let (Via::Rest, Some(game), true) = (to.via, message.board_of, message.has_files()) {
            to.tracked.board_posted(game); // Ops: the board went with the answer.
        }
        self.later(message.later, &to);
        if let (Some(game), Some(place), false) = (message.board_of, to.place, message.ephemeral) {
            // The answer went over REST (or is on its way in the body): ask where it landed.
            let bot = self.clone();
            self.ops
                .spawn(async move { bot.note_original(&to.token, game, place).await });
        }
        answered
    }

    /// Once a player's answer is shown, does in the background what it left for later
    /// ([`notify::carry_out`](super::notify::carry_out)): the notices it made for others (a
    /// tournament round's boards, a moment after the answer so the channel reads them
    /// after it), the computer's move where it is now to move, a game's analysis; each is
    /// posted in its game's channel — or, where the bot may only answer, as a follow-up of
    /// the answer `to`.
    fn later(&self, later: Vec<crate::play::Later>, to: &Answering) {
        if later.is_empty() {
            return;
        }
        let (play, http) = (Arc::clone(&self.play), Arc::clone(&self.http));
        let followups = to.followups.clone();
        let threads = self.threads;
        let tells = later
            .first()
            .is_some_and(|job| job.kind() == crate::play::LaterKind::Notice);
        self.ops.spawn(async move {
            if tells {
                tokio::time::sleep(FOLLOW_AFTER).await;
            }
            super::notify::carry_out(&play, &http, later, threads, Some(&followups)).await;
        });
    }

    /// Whether a game beginning where `to` was asked gets a thread: the server's choice,
    /// else the bot's default; never outside a server, and never inside a thread (Discord
    /// has no threads in threads: the game stays in the thread it was accepted in), nor
    /// where the bot may only answer, nor for a game that lives elsewhere than where the
    /// command was typed (`/accept game:7` in another channel: the game stays in its own).
    async fn wants_thread(&self, to: &Answering, message: &Message) -> bool {
        let (Some(typed), Some((game, _))) = (to.place, message.begins.as_ref()) else {
            return false;
        };
        let Some(guild) = typed.guild else {
            return false;
        };
        if to.in_thread || typed.answers_only() {
            return false;
        }
        let play = Arc::clone(&self.play);
        let game = GameId(*game);
        let home = blocking(move || play.store().get(game).ok().map(|r| r.place)).await;
        if home != Some(typed) {
            return false;
        }
        super::notify::wants_thread(&self.play, guild, self.threads).await
    }

    /// Opens a thread for a game that just began, moves the game there, posts its board in
    /// it, and answers in the channel with a link to it. When Discord refuses the thread
    /// (no permission), or the board cannot be posted in it, the game stays in the channel
    /// as it was and the thread, if made, is deleted rather than left behind empty. Players
    /// told by direct message hear of it last, with the game's final place.
    async fn open_thread(&self, to: &Answering, message: Message, place: Place) {
        match self.move_to_thread(&message, place).await {
            Ok(link) => {
                let to = Answering {
                    place: None,
                    ..to.clone()
                };
                self.complete(&to, link).await;
            }
            Err(None) => self.complete(to, message.clone()).await,
            Err(Some(why)) => {
                let headed = Message {
                    content: super::message::cut(&format!("{why}\n{}", message.content)),
                    ..message.clone()
                };
                self.complete(to, headed).await;
            }
        }
        // After the move, so that the notice names the game's thread.
        self.direct_later(&message, Some(place));
    }

    /// The thread part of [`Self::open_thread`]: the link to show in the channel once the
    /// game is in its thread, or, when it stays in the channel, the lines that say why if a
    /// server took a permission away and this is the first time it shows.
    async fn move_to_thread(
        &self,
        message: &Message,
        place: Place,
    ) -> Result<Message, Option<String>> {
        let thread =
            super::notify::open_game_thread(&self.play, &self.http, message, place).await?;
        // Replaces the clicked challenge (its buttons too), or answers the /accept.
        Ok(super::notify::thread_link(&self.play, message, place, thread).await)
    }

    /// Notes where the original answer to an interaction (a board) was posted.
    async fn note_original(&self, token: &str, game: u64, place: Place) {
        let original = self.http.get_original_interaction_response(token);
        match observe("get_original", original).await {
            Ok(posted) => self.note(game, place, posted.id.get()).await,
            Err(error) => tracing::debug!(%error, "could not look up a posted board"),
        }
    }

    /// Keeps the link to a game's latest board for `/games`.
    async fn note(&self, game: u64, place: Place, message: u64) {
        note_board(&self.play, game, place, message).await;
    }

    /// Sends `message`'s direct messages in the background. They name where the game is
    /// played (its thread, say), which is not always where the command was typed (`typed`).
    fn direct_later(&self, message: &Message, typed: Option<Place>) {
        if message.direct.is_empty() {
            return;
        }
        let bot = self.clone();
        let message = message.clone();
        self.ops.spawn(async move {
            let game = message.board_of.or(message.begins.as_ref().map(|b| b.0));
            let play = Arc::clone(&bot.play);
            let home = blocking(move || {
                game.and_then(|g| play.store().get(GameId(g)).ok())
                    .map(|record| record.place)
            })
            .await;
            let channel = home.or(typed).map_or(0, super::notify::named_channel);
            super::notify::send_direct(&bot.http, &message, channel).await;
        });
    }

    /// Sends `message`'s aside (words for the caller alone, such as their own link to the
    /// game's page) as a private follow-up once the public answer is out, in the background
    /// (see [`Followups::send`]).
    fn aside_later(&self, followups: &Followups, message: &Message) {
        let Some(aside) = message.aside.clone() else {
            return;
        };
        let (http, followups) = (Arc::clone(&self.http), followups.clone());
        self.ops.spawn(async move {
            followups.send(http.as_ref(), &aside).await;
        });
    }

    /// Completes a deferred answer by editing it — idempotent, so it can be retried
    /// safely. A private answer to a public deferral cannot be an edit (everyone would see
    /// it): see [`Self::complete_privately`]. A board's post is noted.
    async fn complete(&self, to: &Answering, message: Message) {
        if message.ephemeral && !to.private && to.how != Show::Update {
            return self.complete_privately(to, &message).await;
        }
        let posted = match self.edit_original(&to.token, &message).await {
            Ok(posted) => Some(posted),
            // The answer is gone (deleted, or its interaction expired) or Discord refused
            // the edit: a public answer is posted in the channel instead, so that a move
            // that was made is seen.
            Err(error) if code(&error).is_some_and(|c| EDIT_LOST.contains(&c)) => {
                match (to.place, message.ephemeral) {
                    (Some(place), false) => self.post_instead(place, &message).await,
                    _ => None,
                }
            }
            Err(_) => None,
        };
        if let Some(posted) = posted {
            if !message.ephemeral {
                self.aside_later(&to.followups, &message);
            }
            if let (Some(game), true) = (message.board_of, message.has_files()) {
                to.tracked.board_posted(game); // Ops: the board is out.
            }
            // Only a board everyone sees is worth a link.
            if let (Some(game), Some(place), false) =
                (message.board_of, to.place, message.ephemeral)
            {
                self.note(game, place, posted.get()).await;
            }
        }
    }

    /// Edits the original answer into `message`, trying again a few times: over the
    /// endpoint the edit can reach Discord before Discord has read the acknowledgement
    /// (10015 Unknown Webhook), and Discord may fail in passing ([`repeated`]).
    ///
    /// # Errors
    /// The last refusal: 10008 Unknown Message when the answer was deleted, 10015 when
    /// the interaction's token is no longer valid.
    async fn edit_original(
        &self,
        token: &str,
        message: &Message,
    ) -> Result<MessageId, serenity::Error> {
        let mut attempt = 0;
        loop {
            attempt += 1;
            let edited = repeated("edit_original", || {
                message.edit().execute(self.http.as_ref(), token)
            })
            .await;
            match edited {
                Ok(posted) => return Ok(posted.id),
                Err(error) if attempt < DELIVERY_TRIES && code(&error) == Some(10015) => {
                    tokio::time::sleep(Duration::from_millis(250 * u64::from(attempt))).await;
                }
                Err(error) => {
                    tracing::warn!(%error, "could not complete a deferred answer");
                    return Err(error);
                }
            }
        }
    }

    /// Posts a public answer whose interaction can no longer be answered (its message was
    /// deleted, its token expired, Discord refused the edit) in the channel instead, so
    /// that a move that was made is seen: the bot's own message, sent once; where the
    /// channel is closed to the bot, the players hear of it by direct message (see
    /// [`super::notify::deliver`]).
    async fn post_instead(&self, place: Place, message: &Message) -> Option<MessageId> {
        let game = message.board_of.map(GameId);
        match super::notify::deliver(&self.play, &self.http, game, place, message, None).await {
            super::notify::Delivered::Posted(posted) => Some(posted),
            _ => None,
        }
    }

    /// A private answer after a public "thinking…" (a command that usually answers in
    /// public was refused). Discord turns the first follow-up after a deferral into the
    /// deferral's completion, as public as the deferral, whatever its flags; so the deferral
    /// is completed first by an edit that tells nothing, then the answer goes as a private
    /// follow-up — sent once, never in a retry loop, so it cannot arrive twice — and the
    /// placeholder is removed.
    async fn complete_privately(&self, to: &Answering, message: &Message) {
        let (token, lang) = (to.token.as_str(), to.lang);
        let placeholder = Message {
            content: i18n::text(lang, "discord-private-placeholder"),
            ..Message::default()
        };
        if self.edit_original(token, &placeholder).await.is_err() {
            return;
        }
        // One of the interaction's follow-ups, within Discord's limits.
        match to.followups.send(self.http.as_ref(), message).await {
            Some(_) => {
                let delete = self.http.delete_original_interaction_response(token);
                if let Err(error) = observe("delete_original", delete).await {
                    tracing::debug!(%error, "could not remove a placeholder answer");
                }
            }
            None => {
                tracing::warn!("could not send a private answer");
                let apology = Message {
                    content: i18n::text(lang, "discord-private-failed"),
                    ..Message::default()
                };
                let _ = self.edit_original(token, &apology).await;
            }
        }
    }
}

/// An answer that is its type alone, as Discord documents it (`{"type": 12}`): serenity
/// writes these with a `null` `data`, which Discord's specification does not allow.
#[must_use]
pub fn bare(response: &CreateInteractionResponse) -> Option<serde_json::Value> {
    let kind = match response {
        CreateInteractionResponse::Pong => 1,
        CreateInteractionResponse::LaunchActivity => 12,
        _ => return None,
    };
    Some(serde_json::json!({ "type": kind }))
}

/// Where and how one interaction is answered.
#[derive(Clone, Debug)]
struct Answering {
    via: Via,
    id: InteractionId,
    token: String,
    /// What the bot says after the answer where it may only answer.
    followups: Followups,
    how: Show,
    /// Where the command was typed (none for the picker's steps).
    place: Option<Place>,
    /// Whether that is a thread (where no thread can be opened).
    in_thread: bool,
    /// Whether the answer is expected to be private: a deferral is then private too.
    private: bool,
    /// The caller's client language: for the few words the front end adds itself.
    lang: Lang,
    /// Ops: the interaction's record, logged once every clone (and so its work) is gone.
    tracked: Tracked,
}

impl Answering {
    /// How the first answer goes: over REST or in the body, to which interaction, and when
    /// it arrived (Discord's window for a first answer runs from then).
    fn callback(&self) -> (Via, InteractionId, &str, Instant) {
        (self.via, self.id, &self.token, self.tracked.arrived())
    }
}

/// Whether a channel of this kind is a thread.
fn is_thread(kind: ChannelType) -> bool {
    matches!(
        kind,
        ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
    )
}

/// The acknowledgement for a message to come: "thinking…" for a new message, a silent one
/// for an update of the clicked message.
fn acknowledgement(how: Show, ephemeral: bool) -> CreateInteractionResponse {
    match how {
        Show::New | Show::NewOrUpdate => CreateInteractionResponse::Defer(
            CreateInteractionResponseMessage::new().ephemeral(ephemeral),
        ),
        Show::Update => CreateInteractionResponse::Acknowledge,
    }
}

/// Keeps the link to a game's latest board (posted as `message` in `place`) for `/games`.
pub async fn note_board<S: Store + 'static>(
    play: &Arc<Play<S>>,
    game: u64,
    place: Place,
    message: u64,
) {
    let server = place
        .guild
        .map_or_else(|| "@me".to_owned(), |g| g.0.to_string());
    let link = format!(
        "https://discord.com/channels/{server}/{}/{message}",
        place.channel
    );
    let play = Arc::clone(play);
    let failed = blocking(move || {
        play.store()
            .set_board_link(GameId(game), &link)
            .err()
            .map(|e| e.to_string())
    })
    .await;
    if let Some(error) = failed {
        tracing::warn!(%error, "could not note where a board was posted");
    }
}

/// What a player sees when the work itself crashed.
fn failure(lang: Lang) -> Message {
    Message::private(&i18n::text(lang, "discord-crashed"))
}

/// Runs `f` on the blocking pool (the store does disk I/O); a crash gives the empty answer
/// (no suggestions) and a log line.
async fn blocking<T: Default + Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or_else(|error| {
            tracing::error!(%error, "an autocomplete query crashed");
            T::default()
        })
}
