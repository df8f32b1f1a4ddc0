//! `leapfrog serve`: the gateway bot. Serenity keeps the connection; every interaction it
//! delivers goes to the shared [`Bot`] with serenity's REST client, never the gateway
//! context, so the endpoint and the gateway answer alike.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serenity::all::{
    async_trait, Client, ClientBuilder, ConnectionStage, Context as GatewayContext, EventHandler,
    GatewayIntents, Http, Interaction, RatelimitInfo, Ready, ShardStageUpdateEvent,
};

use crate::ops::Ops;
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
    /// Readiness (which shards are connected) and the in-flight work a shutdown drains.
    ops: Ops,
}

impl<S: Store + 'static> Handler<S> {
    /// The shared handler, on serenity's own REST client (which knows the application id
    /// once the gateway said READY).
    fn bot(&self, http: &Arc<Http>) -> &Bot<S> {
        self.bot.get_or_init(|| {
            Bot::new(Arc::clone(&self.play), Arc::clone(http), self.defer_after)
                .with_threads(self.threads)
                .with_ops(self.ops.clone())
        })
    }
}

#[async_trait]
impl<S: Store + 'static> EventHandler for Handler<S> {
    async fn ready(&self, ctx: GatewayContext, ready: Ready) {
        let (shard, shards) = ready.shard.map_or((0, 1), |s| (s.id.0, s.total));
        let servers = ready.guilds.len();
        tracing::info!(
            "connected to Discord as {} (id {}): {servers} server{}, shard {} of {shards}",
            ready.user.tag(),
            ready.user.id,
            if servers == 1 { "" } else { "s" },
            shard + 1,
        );
        self.ops.shard_connected(shard, true);
        ctx.http.set_application_id(ready.application.id);
        // Once is enough: the first shard registers.
        if self.register && shard == 0 {
            let activity = self.play.launches_activity();
            commands::register_and_say(&ctx.http, self.dev_guild, activity).await;
        }
    }

    async fn shard_stage_update(&self, _: GatewayContext, event: ShardStageUpdateEvent) {
        // `/readyz` fails while a shard of this process is not connected.
        self.ops
            .shard_connected(event.shard_id.0, event.new == ConnectionStage::Connected);
        // Serenity reconnects by itself; the admin should still hear of it.
        match event.new {
            ConnectionStage::Disconnected | ConnectionStage::Resuming
                if event.old == ConnectionStage::Connected =>
            {
                tracing::warn!(
                    "lost the connection to Discord (shard {}); reconnecting",
                    event.shard_id.0 + 1
                );
            }
            ConnectionStage::Connected if event.old != ConnectionStage::Connected => {
                tracing::info!("connection to Discord up (shard {})", event.shard_id.0 + 1);
            }
            _ => {}
        }
    }

    async fn interaction_create(&self, ctx: GatewayContext, interaction: Interaction) {
        let bot = self.bot(&ctx.http).clone();
        // Each interaction on its own task: a slow one never holds up the next.
        self.ops
            .spawn(async move { bot.answer(interaction, Via::Rest).await });
    }

    async fn ratelimit(&self, data: RatelimitInfo) {
        // serenity's client takes the limiter's callback for this event: counted, and a
        // global limit holds our other calls back (serenity waits out and retries the call).
        super::reach::rate_limited(data);
    }
}

/// Reaches Discord (saying so on the log, and trying again while it cannot be reached), then
/// builds the gateway client for `config`. Returns it with the number of shards Discord
/// recommends (see [`DiscordConfig::shard_plan`]).
///
/// # Errors
/// Discord refused the token, or serenity could not build the client.
pub async fn connect<S: Store + 'static>(
    config: &DiscordConfig,
    token: &str,
    play: Arc<Play<S>>,
    ops: Ops,
) -> serenity::Result<(Client, u32)> {
    let http = super::http_client(config, token);
    match &config.api_proxy {
        Some(proxy) => tracing::info!("connecting to Discord through {proxy}"),
        None => tracing::info!("connecting to Discord"),
    }
    let gateway = super::reach::with_retries("find its gateway", || {
        crate::discord::rest::observe("get_gateway_bot", http.get_bot_gateway())
    })
    .await?;
    let shards = gateway.shards.max(1);
    tracing::info!("Discord answered; it recommends {shards} gateway connection(s) (shards)");
    Ok((client_with_ops(config, token, play, ops).await?, shards))
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
    client_with_ops(config, token, play, Ops::new()).await
}

/// [`client`], reporting its shards' connections to `ops` (for `/readyz`) and counting its
/// interactions there as in flight (for the shutdown's drain).
///
/// # Errors
/// As [`client`].
pub async fn client_with_ops<S: Store + 'static>(
    config: &DiscordConfig,
    token: &str,
    play: Arc<Play<S>>,
    ops: Ops,
) -> serenity::Result<Client> {
    let handler = Handler {
        ops,
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
