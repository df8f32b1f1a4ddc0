//! `leapfrog serve` and `leapfrog http`: the Discord bot over the gateway or the HTTP
//! interactions endpoint, with what runs beside it: the game pages (and the Activity), the
//! scheduler, the admin server and backups, and a shutdown that finishes the work in flight.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, Result};
use serenity::interactions_endpoint::Verifier;

use leapfrog::config::Config;
use leapfrog::discord::bot::Bot;
use leapfrog::discord::endpoint;
use leapfrog::discord::notify::Scheduler;
use leapfrog::ops::admin::Admin;
use leapfrog::ops::Ops;
use leapfrog::play::Play;
use leapfrog::store::AnyStore;

use super::local::page_links;
use super::store::{open_store, start_backups};

/// What the bot's game pages are served with: the key of players' links, and the Discord
/// Activity when it is on.
pub(super) struct Pages {
    key: leapfrog::web::LinkKey,
    activity: Option<leapfrog::web::Activity>,
}

/// The play layer of the bot's `serve` and `http`, and what its pages are served with when
/// `[web] listen` serves them (the key read, or made at the first start, before the play
/// layer, which hands out the links through `/web`; the Activity decided once, here).
pub(super) fn bot_play(
    config: &Config,
    store: AnyStore,
) -> Result<(Arc<Play<AnyStore>>, Option<Pages>)> {
    let mut play = configured_play(config, store.clone());
    let Some(listen) = config.web.listen else {
        return Ok((Arc::new(play), None));
    };
    let key = leapfrog::web::LinkKey::load(config.web.secret.as_deref(), &store)
        .context("reading the key of the game pages' links")?;
    play = play.with_pages(page_links(config, listen, key.clone()));
    let activity = activity(config);
    if activity.is_some() {
        play = play.with_activity();
    }
    Ok((Arc::new(play), Some(Pages { key, activity })))
}

/// The Discord Activity, when `[discord]` has the application's id and OAuth2 secret (the
/// caller serves pages: the Activity is the game pages inside Discord).
pub(super) fn activity(config: &Config) -> Option<leapfrog::web::Activity> {
    let discord = &config.discord;
    let secret = discord.client_secret()?;
    let Some(id) = discord.application_id else {
        tracing::warn!(
            "[discord] client_secret is set but application_id is not: no Discord Activity"
        );
        return None;
    };
    let activity = leapfrog::web::Activity::new(id, secret, discord.api_base());
    // The bot's token lets the server ask Discord where an instance runs, which every
    // change made from the Activity (a challenge, an answer) needs.
    Some(match discord.token() {
        Some(token) => activity.with_bot_token(token),
        None => activity,
    })
}

/// The play layer over `store` with the config's time rules and computer opponents.
pub(super) fn configured_play(config: &Config, store: AnyStore) -> Play<AnyStore> {
    Play::new(store)
        .with_time(config.time.clone())
        .with_ai(config.ai.clone())
}

/// Starts the task that fires reminders and timeouts; it reads due deadlines from the store,
/// so a restart picks up exactly where the last run stopped.
pub(super) fn start_scheduler(config: &Config, token: &str, play: &Arc<Play<AnyStore>>, ops: &Ops) {
    let http = Arc::new(leapfrog::discord::http_client(&config.discord, token));
    let scheduler = Scheduler::new(Arc::clone(play), http)
        .with_ops(ops.clone())
        .with_threads(config.discord.threads);
    let every = Duration::from_secs(config.time.tick_seconds.max(1));
    tokio::spawn(scheduler.run(every));
}

/// The token, or the error that says where to put it.
pub(super) fn token(config: &Config) -> Result<String> {
    config.discord.token().context(
        "no Discord token: set DISCORD_TOKEN or [discord] token in config.toml (see README)",
    )
}

pub(super) fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")
}

pub(super) fn serve(config: &Config, data: Option<PathBuf>) -> Result<()> {
    let token = token(config)?;
    let store = open_store(config, data.clone())?;
    start_backups(config, &store, data.as_ref());
    let (play, pages) = bot_play(config, store)?;
    let ops = Ops::new();
    runtime()?.block_on(async {
        start_scheduler(config, &token, &play, &ops);
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let http = Arc::new(leapfrog::discord::http_client(&config.discord, &token));
        serve_extras(config, &ops, &play, pages, &http, &stopped).await?;
        let (mut client, recommended) =
            leapfrog::discord::gateway::connect(&config.discord, &token, Arc::clone(&play), ops.clone())
                .await
                .context("Discord refused to connect the bot (is the token right?)")?;
        let (first, last, total) = config
            .discord
            .shard_plan(recommended)
            .map_err(anyhow::Error::msg)?;
        tracing::info!(
            "opening shards {} to {} of {total} ({} gateway connection{})",
            first + 1,
            last + 1,
            last - first + 1,
            if last == first { "" } else { "s" }
        );
        ops.expect_shards(first..=last);
        let shards = Arc::clone(&client.shard_manager);
        // Serenity's range runs from `start` to `end` inclusive.
        let gateway = tokio::spawn(async move { client.start_shard_range(first..last, total).await });
        tokio::select! {
            ended = gateway => {
                let _ = stop.send(true);
                match ended {
                    Ok(result) => result.context("the Discord gateway connection failed"),
                    Err(error) => Err(anyhow::Error::new(error).context("the gateway task crashed")),
                }
            }
            signal = leapfrog::ops::signalled() => {
                let signal = signal.context("listening for SIGTERM")?;
                let deadline = tokio::time::Instant::now() + config.admin.grace();
                tracing::info!("{signal}: shutting down (not ready from now on)");
                ops.shut_down();
                // No new interactions: the shards close; those received are finished.
                shards.shutdown_all().await;
                finish(&ops, &play, deadline).await;
                let _ = stop.send(true);
                Ok(())
            }
        }
    })
}

/// Serves `router` (`what` it serves, for the log) on `address` until `stopped` turns true.
pub(super) async fn serve_router(
    address: std::net::SocketAddr,
    what: &'static str,
    router: axum::Router,
    mut stopped: tokio::sync::watch::Receiver<bool>,
) -> Result<()> {
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| format!("listening on {address} for {what}"))?;
    let bound = listener.local_addr().unwrap_or(address);
    tracing::info!("serving {what} on http://{bound}");
    tokio::spawn(async move {
        let stop = async move {
            let _ = stopped.wait_for(|stop| *stop).await;
        };
        if let Err(error) = axum::serve(listener, router)
            .with_graceful_shutdown(stop)
            .await
        {
            tracing::error!(%error, "the listener for {what} failed");
        }
    });
    Ok(())
}

/// The admin listener (`[admin] listen`) and the game pages (`[web] listen`), when set.
pub(super) async fn serve_extras<S: leapfrog::store::Store + 'static>(
    config: &Config,
    ops: &Ops,
    play: &Arc<Play<S>>,
    pages: Option<Pages>,
    http: &Arc<serenity::all::Http>,
    stopped: &tokio::sync::watch::Receiver<bool>,
) -> Result<()> {
    if let Some(address) = config.admin.listen {
        let admin = Admin::new(ops.clone(), play, &config.admin, address);
        serve_router(
            address,
            "/healthz, /readyz and /metrics ([admin] listen)",
            admin.router(),
            stopped.clone(),
        )
        .await?;
    }
    if let (Some(address), Some(Pages { key, activity })) = (config.web.listen, pages) {
        let mut site = leapfrog::web::Site::new(Arc::clone(play), key)
            .with_herald(leapfrog::discord::notify::herald(
                Arc::clone(play),
                Arc::clone(http),
                ops.clone(),
                config.discord.threads,
            ))
            .with_frame_ancestors(config.web.frame_ancestors.clone());
        if let Some(activity) = activity {
            tracing::info!("the game pages also run as a Discord Activity at /activity");
            site = site.with_activity(activity);
        }
        let router = leapfrog::web::router(Arc::new(site));
        serve_router(
            address,
            "the game pages /games/N ([web] listen)",
            router,
            stopped.clone(),
        )
        .await?;
    }
    Ok(())
}

/// The end of a shutdown: the work in flight drained (until `deadline`), the store flushed,
/// and what was left said on the log. The process then exits 0 either way.
pub(super) async fn finish<S: leapfrog::store::Store + 'static>(
    ops: &Ops,
    play: &Arc<Play<S>>,
    deadline: tokio::time::Instant,
) {
    match leapfrog::ops::finish(ops, play, deadline).await {
        Ok(()) => {
            tracing::info!("shut down cleanly: every interaction answered, the store flushed")
        }
        Err(error) => tracing::warn!(%error, "shut down with the grace spent"),
    }
}

pub(super) fn http(
    config: &Config,
    data: Option<PathBuf>,
    listen: Option<std::net::SocketAddr>,
) -> Result<()> {
    let token = token(config)?;
    let discord = &config.discord;
    let key = discord.public_key.as_deref().context(
        "no public key: set [discord] public_key in config.toml (Developer Portal → General Information)",
    )?;
    let verifier = key
        .parse::<PublicKeyHex>()
        .map(|k| k.0)
        .map_err(anyhow::Error::msg)?;
    discord.application_id.context(
        "no application id: set [discord] application_id in config.toml (General Information)",
    )?;
    let store = open_store(config, data.clone())?;
    start_backups(config, &store, data.as_ref());
    let (play, pages) = bot_play(config, store)?;
    let http = Arc::new(leapfrog::discord::http_client(discord, &token));
    let address = listen.unwrap_or(discord.listen);
    let ops = Ops::new();
    runtime()?.block_on(async {
        start_scheduler(config, &token, &play, &ops);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .with_context(|| format!("listening on {address}"))?;
        let bound = listener.local_addr().unwrap_or(address);
        tracing::info!(
            "listening for Discord's interactions on http://{bound}/interactions \
             (set the portal's Interactions Endpoint URL to its public https address)"
        );
        if discord.register_commands {
            // In the background: the endpoint answers meanwhile, and Discord checks it
            // when the URL is saved in the portal.
            let http = Arc::clone(&http);
            let (guild, activity) = (discord.dev_guild, play.launches_activity());
            tokio::spawn(async move {
                leapfrog::discord::commands::register_and_say(&http, guild, activity).await;
            });
        }
        let (stop, stopped) = tokio::sync::watch::channel(false);
        serve_extras(config, &ops, &play, pages, &http, &stopped).await?;
        let bot = Bot::new(
            Arc::clone(&play),
            http,
            Duration::from_millis(discord.defer_after_ms),
        )
        .with_threads(discord.threads)
        .with_ops(ops.clone());
        let router = endpoint::router(endpoint::Endpoint { bot, verifier }, discord.max_body_bytes)
            .merge(Admin::new(ops.clone(), &play, &config.admin, bound).router());
        let (signalled, signal) = tokio::sync::oneshot::channel();
        let mut closing = stopped.clone();
        let server = tokio::spawn(async move {
            axum::serve(listener, router)
                .with_graceful_shutdown(async move {
                    let _ = closing.wait_for(|stop| *stop).await;
                })
                .await
        });
        tokio::spawn(async move {
            let _ = signalled.send(leapfrog::ops::signalled().await);
        });
        let signal = signal
            .await
            .context("listening for SIGTERM")?
            .context("listening for SIGTERM")?;
        let deadline = tokio::time::Instant::now() + config.admin.grace();
        tracing::info!("{signal}: shutting down (not ready from now on)");
        ops.shut_down();
        // The listener stays open while the work in flight drains, so that `/readyz` answers
        // 503 with the reason (a load balancer reads it) and a new interaction is turned away
        // with 503 rather than a refused connection; then it closes.
        let _ = ops
            .drained(deadline.saturating_duration_since(tokio::time::Instant::now()))
            .await;
        let _ = stop.send(true);
        match tokio::time::timeout_at(deadline, server).await {
            Ok(Ok(Ok(()))) => {}
            Ok(Ok(Err(error))) => tracing::warn!(%error, "the interactions listener failed"),
            Ok(Err(error)) => tracing::warn!(%error, "the interactions listener crashed"),
            Err(_) => tracing::warn!("requests still open when the grace ran out"),
        }
        finish(&ops, &play, deadline).await;
        Ok(())
    })
}

/// A public key in hex, checked.
pub(super) struct PublicKeyHex(Verifier);

impl std::str::FromStr for PublicKeyHex {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bytes: Vec<u8> = (0..text.len())
            .step_by(2)
            .map(|i| {
                text.get(i..i + 2)
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
            })
            .collect::<Option<_>>()
            .ok_or("the public key is not hex")?;
        let bytes: [u8; 32] = bytes
            .try_into()
            .map_err(|_| "the public key must be 64 hex digits".to_owned())?;
        Verifier::try_new(bytes)
            .map(Self)
            .map_err(|_| "the public key is not a valid Ed25519 key".to_owned())
    }
}
