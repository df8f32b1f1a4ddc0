//! `leapfrog serve`: the gateway bot. Serenity keeps the connection; every interaction it
//! delivers goes to the shared [`Bot`] with serenity's REST client, never the gateway
//! context, so the endpoint and the gateway answer alike.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serenity::all::{
    async_trait, Client, ClientBuilder, Context as GatewayContext, EventHandler, GatewayIntents,
    Http, Interaction, Ready,
};

use crate::play::Play;
use crate::store::Store;

use super::bot::{Bot, Via};
use super::{commands, DiscordConfig};

struct Handler<S: Store + 'static> {
    play: Arc<Play<S>>,
    bot: OnceLock<Bot<S>>,
    defer_after: Duration,
    register: bool,
    dev_guild: Option<u64>,
    threads: bool,
}

impl<S: Store + 'static> Handler<S> {
    /// The shared handler, on serenity's own REST client (which knows the application id
    /// once the gateway said READY).
    fn bot(&self, http: &Arc<Http>) -> &Bot<S> {
        self.bot.get_or_init(|| {
            Bot::new(Arc::clone(&self.play), Arc::clone(http), self.defer_after)
                .with_threads(self.threads)
        })
    }
}

#[async_trait]
impl<S: Store + 'static> EventHandler for Handler<S> {
    async fn ready(&self, ctx: GatewayContext, ready: Ready) {
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        ctx.http.set_application_id(ready.application.id);
        if self.register {
            match commands::register(&ctx.http, self.dev_guild).await {
                Ok(list) => tracing::info!(count = list.len(), "slash commands registered"),
                Err(error) => tracing::error!(%error, "could not register the slash commands"),
            }
        }
    }

    async fn interaction_create(&self, ctx: GatewayContext, interaction: Interaction) {
        let bot = self.bot(&ctx.http).clone();
        // Each interaction on its own task: a slow one never holds up the next.
        tokio::spawn(async move { bot.answer(interaction, Via::Rest).await });
    }
}

/// The gateway client for `config`, ready to [`Client::start`].
///
/// # Errors
/// Serenity could not build the client (for instance, a malformed token).
pub async fn client<S: Store + 'static>(
    config: &DiscordConfig,
    token: &str,
    play: Arc<Play<S>>,
) -> serenity::Result<Client> {
    let handler = Handler {
        play,
        bot: OnceLock::new(),
        defer_after: Duration::from_millis(config.defer_after_ms),
        register: config.register_commands,
        dev_guild: config.dev_guild,
        threads: config.threads,
    };
    ClientBuilder::new_with_http(super::http_client(config, token), GatewayIntents::GUILDS)
        .event_handler(handler)
        .await
}
