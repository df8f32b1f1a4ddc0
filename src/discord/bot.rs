//! The one interaction handler both front ends share. It is written against the play layer
//! and serenity's [`Http`] only: the gateway hands it the interactions it receives, the HTTP
//! endpoint the ones Discord posts to it. The only difference is how the first answer
//! travels: over REST (gateway), or as the HTTP response's JSON body (endpoint), which cannot
//! carry files — so there a board is acknowledged first and attached by editing the answer.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    AutoArchiveDuration, AutocompleteChoice, Builder, ChannelId, ChannelType,
    CreateAutocompleteResponse, CreateInteractionResponse, CreateInteractionResponseMessage,
    CreateThread, Http, Interaction, InteractionId,
};

use crate::play::Play;
use crate::store::{ChannelId as StoreChannelId, GameId, Place, Store};

use super::message::Message;
use super::translate::{request, Request};

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
}

impl<S: Store + 'static> Clone for Bot<S> {
    fn clone(&self) -> Self {
        Self {
            play: Arc::clone(&self.play),
            http: Arc::clone(&self.http),
            defer_after: self.defer_after,
            threads: self.threads,
        }
    }
}

/// How many times an edit or follow-up is tried: over the endpoint it can reach Discord
/// before Discord has read our acknowledgement.
const DELIVERY_TRIES: u32 = 3;

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
        }
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

    /// Answers one interaction. With [`Via::Body`] the first answer is returned (to be sent
    /// as the HTTP response) and anything later goes over REST in the background; with
    /// [`Via::Rest`] everything goes over REST and `None` is returned.
    pub async fn answer(
        &self,
        interaction: Interaction,
        via: Via,
    ) -> Option<CreateInteractionResponse> {
        let (id, token) = match &interaction {
            Interaction::Command(i) | Interaction::Autocomplete(i) => (i.id, i.token.clone()),
            Interaction::Component(i) => (i.id, i.token.clone()),
            Interaction::Ping(_) => return Some(CreateInteractionResponse::Pong),
            _ => return None,
        };
        let play = Arc::clone(&self.play);
        match request(&interaction) {
            Request::Ping => Some(CreateInteractionResponse::Pong),
            Request::Ignore => None,
            Request::CompleteMove(ctx, game, typed) => {
                let moves = blocking(move || play.complete_move(&ctx, game, &typed)).await;
                let choices = moves
                    .into_iter()
                    .map(|m| AutocompleteChoice::new(m.clone(), m))
                    .collect();
                self.suggest(choices, via, id, &token).await
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
                self.suggest(choices, via, id, &token).await
            }
            Request::Play(ctx, command) => {
                let place = Some(ctx.place);
                // A click on a message (a challenge's Accept) may replace that message; a
                // click on a page of the rules turns that page.
                let how = match (&interaction, &command) {
                    (Interaction::Component(_), crate::play::Command::Rules { .. }) => Show::Update,
                    (Interaction::Component(_), _) => Show::NewOrUpdate,
                    _ => Show::New,
                };
                self.show(via, id, token, how, place, move || {
                    Message::from_reply(play.handle(&ctx, command))
                })
                .await
            }
            Request::PickPiece(ctx, game) => {
                self.show(via, id, token, Show::New, None, move || {
                    Message::piece_picker(game, &play.my_legal_moves(&ctx, Some(game)))
                })
                .await
            }
            Request::PickTarget(ctx, game, from) => {
                self.show(via, id, token, Show::Update, None, move || {
                    Message::target_picker(game, &from, &play.my_legal_moves(&ctx, Some(game)))
                })
                .await
            }
            Request::Confirm(button) => {
                let message = Message::confirmation(&button);
                self.show(via, id, token, Show::New, None, move || message)
                    .await
            }
            Request::Refuse(text) => {
                let message = Message::private(&text);
                self.show(via, id, token, Show::New, None, move || message)
                    .await
            }
        }
    }

    /// Answers an autocomplete request with `choices`.
    async fn suggest(
        &self,
        choices: Vec<AutocompleteChoice>,
        via: Via,
        id: InteractionId,
        token: &str,
    ) -> Option<CreateInteractionResponse> {
        let response = CreateAutocompleteResponse::new().set_choices(choices);
        self.first(
            CreateInteractionResponse::Autocomplete(response),
            via,
            id,
            token,
        )
        .await
    }

    /// Sends a first answer over REST, or returns it for the HTTP body.
    async fn first(
        &self,
        response: CreateInteractionResponse,
        via: Via,
        id: InteractionId,
        token: &str,
    ) -> Option<CreateInteractionResponse> {
        match via {
            Via::Body => Some(response),
            Via::Rest => {
                if let Err(error) = response.execute(self.http.as_ref(), (id, token)).await {
                    tracing::warn!(%error, "could not answer an interaction");
                }
                None
            }
        }
    }

    /// Runs `work` off the async threads and shows its message: at once when it is ready
    /// within the deferral budget (and, over the endpoint, has no file), else after an
    /// acknowledgement that Discord shows as "thinking". Players who chose direct messages
    /// are told there (or mentioned in the channel if Discord refuses); a game that begins
    /// on a server that wants threads gets one.
    async fn show(
        &self,
        via: Via,
        id: InteractionId,
        token: String,
        how: Show,
        place: Option<Place>,
        work: impl FnOnce() -> Message + Send + 'static,
    ) -> Option<CreateInteractionResponse> {
        let channel = place.map_or(0, |p| p.channel.0);
        let mut job = tokio::task::spawn_blocking(work);
        let ready = tokio::time::timeout(self.defer_after, &mut job).await;
        let message = match ready {
            Ok(joined) => Some(joined.unwrap_or_else(|_| failure())),
            Err(_) => None,
        };
        if let Some(message) = message.as_ref().filter(|m| !m.direct.is_empty()) {
            self.direct_later(message.clone(), channel);
        }
        if let (Some(message), Some(place)) = (&message, place) {
            if message.begins.is_some() && self.wants_thread(place).await {
                // Opening a thread is a REST call: acknowledge now, finish there.
                let how = match how {
                    Show::NewOrUpdate => Show::Update,
                    other => other,
                };
                let acknowledged = self
                    .first(acknowledgement(how, false), via, id, &token)
                    .await;
                let bot = self.clone();
                let message = message.clone();
                tokio::spawn(async move { bot.open_thread(&token, message, place).await });
                return acknowledged;
            }
        }
        match message {
            Some(message) if via == Via::Rest || !message.has_files() => {
                let data = message.response();
                let response = match how {
                    Show::New | Show::NewOrUpdate => CreateInteractionResponse::Message(data),
                    Show::Update => CreateInteractionResponse::UpdateMessage(data),
                };
                let answered = self.first(response, via, id, &token).await;
                if let (Some(game), Some(place), false) =
                    (message.board_of, place, message.ephemeral)
                {
                    // The answer went over REST (or is on its way in the body): ask where
                    // it landed.
                    let bot = self.clone();
                    tokio::spawn(async move { bot.note_original(&token, game, place).await });
                }
                answered
            }
            Some(message) => {
                // Over the endpoint with a picture: acknowledge, then attach by editing.
                let ack = acknowledgement(how, message.ephemeral);
                let bot = self.clone();
                let later_token = token.clone();
                tokio::spawn(
                    async move { bot.complete(&later_token, message, false, place).await },
                );
                self.first(ack, via, id, &token).await
            }
            None => {
                // Slow: acknowledge publicly now, finish when the work is done.
                let ack = acknowledgement(how, false);
                let bot = self.clone();
                let later_token = token.clone();
                let acknowledged = self.first(ack, via, id, &token).await;
                tokio::spawn(async move {
                    let message = job.await.unwrap_or_else(|_| failure());
                    let private = message.ephemeral && how != Show::Update;
                    if !message.direct.is_empty() {
                        bot.direct_later(message.clone(), channel);
                    }
                    match place {
                        Some(place)
                            if message.begins.is_some() && bot.wants_thread(place).await =>
                        {
                            bot.open_thread(&later_token, message, place).await;
                        }
                        _ => bot.complete(&later_token, message, private, place).await,
                    }
                });
                acknowledged
            }
        }
    }

    /// Whether a game beginning in `place` gets a thread: the server's choice, else the
    /// bot's default; never outside a server. (Inside a thread Discord refuses a thread,
    /// and the game stays where it is.)
    async fn wants_thread(&self, place: Place) -> bool {
        let Some(guild) = place.guild else {
            return false;
        };
        let play = Arc::clone(&self.play);
        let chosen = blocking(move || play.store().guild_settings(guild).ok()).await;
        chosen.and_then(|s| s.threads).unwrap_or(self.threads)
    }

    /// Opens a thread for a game that just began, moves the game there, posts its board in
    /// it, and answers in the channel with a link to it. When Discord refuses the thread
    /// (no permission, a thread already), the game stays in the channel as it was.
    async fn open_thread(&self, token: &str, message: Message, place: Place) {
        let Some((game, title)) = message.begins.clone() else {
            return;
        };
        let title: String = title.chars().take(100).collect();
        let created = ChannelId::new(place.channel.0)
            .create_thread(
                self.http.as_ref(),
                CreateThread::new(title)
                    .kind(ChannelType::PublicThread)
                    .auto_archive_duration(AutoArchiveDuration::OneWeek),
            )
            .await;
        let thread = match created {
            Ok(thread) => thread.id,
            Err(error) => {
                tracing::info!(%error, "no thread for a new game; it stays in the channel");
                return self.complete(token, message, false, Some(place)).await;
            }
        };
        // The board first: a thread the bot cannot post in must not take the game.
        let posted = match thread
            .send_message(self.http.as_ref(), message.post())
            .await
        {
            Ok(posted) => posted,
            Err(error) => {
                tracing::info!(%error, "cannot post in the new thread; the game stays in the channel");
                return self.complete(token, message, false, Some(place)).await;
            }
        };
        let play = Arc::clone(&self.play);
        let moved = blocking(move || {
            play.move_to_channel(GameId(game), StoreChannelId(thread.get()))
                .map_err(|e| e.to_string())
                .err()
        })
        .await;
        if let Some(error) = moved {
            tracing::warn!(%error, "could not move a game to its thread");
            return self.complete(token, message, false, Some(place)).await;
        }
        let in_thread = Place {
            channel: StoreChannelId(thread.get()),
            ..place
        };
        self.note(game, in_thread, posted.id.get()).await;
        // Replaces the clicked challenge (its buttons too), or answers the /accept.
        let link = Message {
            content: format!("Game #{game} begins: it is played in <#{thread}>."),
            ..Message::default()
        };
        self.complete(token, link, false, None).await;
    }

    /// Notes where the original answer to an interaction (a board) was posted.
    async fn note_original(&self, token: &str, game: u64, place: Place) {
        match self.http.get_original_interaction_response(token).await {
            Ok(posted) => self.note(game, place, posted.id.get()).await,
            Err(error) => tracing::debug!(%error, "could not look up a posted board"),
        }
    }

    /// Keeps the link to a game's latest board for `/games`.
    async fn note(&self, game: u64, place: Place, message: u64) {
        note_board(&self.play, game, place, message).await;
    }

    /// Sends `message`'s direct messages in the background.
    fn direct_later(&self, message: Message, channel: u64) {
        let http = Arc::clone(&self.http);
        tokio::spawn(async move { super::notify::send_direct(&http, &message, channel).await });
    }

    /// Completes a deferred answer: edits it, or — for a private message after a public
    /// "thinking" — deletes it and follows up privately. A board's post is noted.
    async fn complete(
        &self,
        token: &str,
        message: Message,
        private_after_public: bool,
        place: Option<Place>,
    ) {
        for attempt in 1..=DELIVERY_TRIES {
            let result = if private_after_public {
                let _ = self.http.delete_original_interaction_response(token).await;
                message
                    .follow_up()
                    .execute(self.http.as_ref(), (None, token))
                    .await
            } else {
                message.edit().execute(self.http.as_ref(), token).await
            };
            match result {
                Ok(posted) => {
                    // Only a board everyone sees is worth a link.
                    if let (Some(game), Some(place), false) =
                        (message.board_of, place, message.ephemeral)
                    {
                        self.note(game, place, posted.id.get()).await;
                    }
                    return;
                }
                Err(error) if attempt == DELIVERY_TRIES => {
                    tracing::warn!(%error, "could not complete a deferred answer");
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(250 * u64::from(attempt))).await,
            }
        }
    }
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
fn failure() -> Message {
    Message::private("Something went wrong on our side; your game is safe. Please try again.")
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
