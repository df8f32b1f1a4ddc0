//! What the bot says on its own: the scheduler's notices (reminders, players out of time,
//! games ended by timeout) posted in the game's channel, and the direct messages of players
//! who chose them in `/settings`, with a mention in the channel when Discord refuses a DM
//! (closed DMs answer 403).

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{
    ChannelId, CreateAllowedMentions, CreateMessage, Http, UserId as DiscordUserId,
};

use crate::play::Play;
use crate::store::Store;

use super::bot::note_board;
use super::message::{cut, Message};

/// Tells each of `message.direct` by direct message; whoever cannot be reached is mentioned
/// in `channel` instead.
pub async fn send_direct(http: &Http, message: &Message, channel: u64) {
    for &user in &message.direct {
        let text = if channel == 0 {
            message.content.clone()
        } else {
            format!("{}\n(in <#{channel}>)", message.content)
        };
        let sent = match DiscordUserId::new(user).create_dm_channel(http).await {
            Ok(dm) => dm
                .id
                .send_message(http, CreateMessage::new().content(cut(&text)))
                .await
                .map(drop),
            Err(error) => Err(error),
        };
        let Err(error) = sent else { continue };
        tracing::info!(user, %error, "a direct message was refused; mentioning in the channel");
        if channel == 0 {
            continue;
        }
        let first = message.content.lines().next().unwrap_or_default();
        let fallback = CreateMessage::new()
            .content(cut(&format!("<@{user}> {first}")))
            .allowed_mentions(CreateAllowedMentions::new().users([DiscordUserId::new(user)]));
        if let Err(error) = ChannelId::new(channel).send_message(http, fallback).await {
            tracing::warn!(user, %error, "could not reach a player in the channel either");
        }
    }
}

/// Fires due reminders and timeouts and posts them. It keeps no state of its own: the due
/// alarms are read from the store on each tick, so after a restart it simply goes on.
pub struct Scheduler<S: Store + 'static> {
    play: Arc<Play<S>>,
    http: Arc<Http>,
}

impl<S: Store + 'static> Scheduler<S> {
    /// A scheduler over `play`, posting through `http`.
    #[must_use]
    pub fn new(play: Arc<Play<S>>, http: Arc<Http>) -> Self {
        Self { play, http }
    }

    /// Fires what is due now and posts it; returns how many notices were posted.
    pub async fn tick(&self) -> usize {
        let play = Arc::clone(&self.play);
        let notices = tokio::task::spawn_blocking(move || play.fire_due())
            .await
            .unwrap_or_else(|error| {
                tracing::error!(%error, "the deadline check crashed");
                Vec::new()
            });
        let mut posted = 0;
        for notice in notices {
            let channel = notice.place.channel.0;
            let message = Message::from_reply(notice.reply);
            if channel == 0 {
                continue;
            }
            match ChannelId::new(channel)
                .send_message(self.http.as_ref(), message.post())
                .await
            {
                Ok(sent) => {
                    posted += 1;
                    if let Some(game) = message.board_of {
                        note_board(&self.play, game, notice.place, sent.id.get()).await;
                    }
                }
                Err(error) => {
                    tracing::warn!(game = notice.game.0, %error, "could not post a notice");
                }
            }
            send_direct(&self.http, &message, channel).await;
        }
        posted
    }

    /// Ticks forever, every `every`.
    pub async fn run(self, every: Duration) {
        let mut timer = tokio::time::interval(every);
        timer.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            timer.tick().await;
            self.tick().await;
        }
    }
}
