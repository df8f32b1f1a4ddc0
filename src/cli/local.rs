//! `leapfrog local`: the console, playing the same slash commands against the same store
//! as Discord, with the game pages served beside it and their news said on the terminal.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{bail, Context as _, Result};

use leapfrog::config::Config;
use leapfrog::console::Console;
use leapfrog::play::Play;
use leapfrog::store::AnyStore;

use super::bot::configured_play;
use super::store::open_store;

pub(super) fn local(
    config: &Config,
    script: Option<PathBuf>,
    data: Option<PathBuf>,
    out: Option<PathBuf>,
    record: Option<PathBuf>,
    lang: leapfrog::i18n::Lang,
) -> Result<()> {
    let store = open_store(config, data)?;
    let interactive = script.is_none() && std::io::stdin().is_terminal();
    // The game pages beside the console: where the config says, else on loopback for a
    // person at the terminal, so a newcomer opens the board in a browser with no set-up.
    let pages = config
        .web
        .listen
        .or_else(|| interactive.then_some(leapfrog::web::CONSOLE_LISTEN));
    let pages = pages.and_then(|address| {
        serve_pages_beside(
            address,
            configured_play(config, store.clone()),
            config.web.secret.as_deref(),
        )
        .map_err(|error| eprintln!("the game pages are off: {error:#}"))
        .ok()
    });
    let mut play = configured_play(config, store);
    if let Some((bound, key)) = &pages {
        // `/web` in the console hands out links to the pages just started.
        play = play.with_pages(page_links(config, *bound, key.clone()));
    }
    let pages = pages.map(|(bound, _)| bound);
    let console =
        Console::new(play, out.unwrap_or_else(|| config.console.out_dir.clone())).with_lang(lang);
    if let Some(path) = record {
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading the record {}", path.display()))?;
        match console.load(&text) {
            Ok(shown) => println!("{shown}"),
            Err(shown) => bail!(
                "the record {} was not loaded: {}",
                path.display(),
                shown.trim()
            ),
        }
    }
    if let Some(bound) = pages {
        eprintln!(
            "{}",
            leapfrog::i18n::text_with(
                lang,
                "web-console",
                &[("url", format!("http://{bound}/games/1").into())]
            )
        );
    }
    // Stdout unlocked: each reply takes the lock only while it is written. Held for the
    // whole session, it would be held while the console waits for a line, and the game
    // pages' notices (printed from their own thread) would wait for it for good.
    let stdout = std::io::stdout();
    match script {
        Some(path) => {
            let file = std::fs::File::open(&path)
                .with_context(|| format!("opening {}", path.display()))?;
            console.run(std::io::BufReader::new(file), stdout, true)?;
        }
        None => {
            if interactive {
                eprintln!("{}", leapfrog::i18n::text(lang, "console-banner"));
            }
            console.run(std::io::stdin().lock(), stdout, !interactive)?;
        }
    }
    Ok(())
}

/// Serves the game pages of `play`'s store on `address` from a thread of their own (the
/// console itself runs no async runtime), for as long as the process runs; returns the
/// address bound. A move made on a page is said on the console's output, and the computer
/// answers it there, as after a typed `/move`.
pub(super) fn serve_pages_beside(
    address: std::net::SocketAddr,
    play: Play<AnyStore>,
    secret: Option<&str>,
) -> Result<(std::net::SocketAddr, leapfrog::web::LinkKey)> {
    let key = leapfrog::web::LinkKey::load(secret, play.store())
        .context("reading the key of the game pages' links")?;
    let listener = std::net::TcpListener::bind(address)
        .with_context(|| format!("listening on {address} ([web] listen)"))?;
    listener.set_nonblocking(true)?;
    let bound = listener.local_addr()?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the game pages' runtime")?;
    let served_key = key.clone();
    let play = Arc::new(play);
    let (herald, heard) = tokio::sync::mpsc::unbounded_channel::<Vec<leapfrog::play::Later>>();
    // The pages' news is said (and the computer answers) on a thread of its own: the pages'
    // runtime never waits for the terminal, so a console that is busy, paused (Ctrl-S) or
    // slow to print never stops a page from answering.
    let teller = Arc::clone(&play);
    std::thread::spawn(move || tell_on_console(&teller, heard));
    std::thread::spawn(move || {
        runtime.block_on(async move {
            let site = leapfrog::web::Site::new(play, served_key).with_herald(herald);
            let served = async {
                let listener = tokio::net::TcpListener::from_std(listener)?;
                axum::serve(listener, leapfrog::web::router(Arc::new(site))).await
            };
            if let Err(error) = served.await {
                tracing::error!(%error, "the game pages' listener failed");
            }
        });
    });
    Ok((bound, key))
}

/// Says each move made on a page on the console's output, and does what follows it there
/// (the computer's answer), as after a typed `/move`; runs until the pages stop.
pub(super) fn tell_on_console(
    play: &Play<AnyStore>,
    mut heard: tokio::sync::mpsc::UnboundedReceiver<Vec<leapfrog::play::Later>>,
) {
    use std::io::Write as _;
    while let Some(later) = heard.blocking_recv() {
        for job in later {
            let said = play.do_later(job);
            let mut out = std::io::stdout().lock();
            for notice in said {
                // A console whose output is gone has no one to tell.
                let _ = writeln!(out, "{}", notice.reply.text);
            }
            let _ = out.flush();
        }
    }
}

/// How `/web` makes the address of a game's page: `[web] public_url`, else `http://` and
/// the address the pages are served on.
pub(super) fn page_links(
    config: &Config,
    bound: std::net::SocketAddr,
    key: leapfrog::web::LinkKey,
) -> leapfrog::play::PageLinks {
    let base = config
        .web
        .public_url
        .clone()
        .unwrap_or_else(|| format!("http://{bound}"));
    leapfrog::web::page_links(key, &base)
}
