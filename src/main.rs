//! The `leapfrog` command: a thin CLI that wires the library's layers together.

mod ai_commands;
mod ugi_commands;

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};
use clap::{Parser, Subcommand};

use leapfrog::config::Config;
use leapfrog::console::Console;
use leapfrog::discord::bot::Bot;
use leapfrog::discord::endpoint;
use leapfrog::discord::notify::Scheduler;
use leapfrog::games::{AnyGame, GameKind, MAX_PERFT_DEPTH};
use leapfrog::ops::admin::Admin;
use leapfrog::ops::{LogFormat, Ops};
use leapfrog::play::Play;
use leapfrog::render::Header;
use leapfrog::store::{AnyStore, Dump, Store, StoreError};
use serenity::interactions_endpoint::Verifier;
use std::sync::Arc;
use std::time::Duration;

/// Leapfrog: jumping-and-stacking board games for Discord.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// The configuration file (default: config.toml if present).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    /// Without a command: the Discord bot when a token is configured (DISCORD_TOKEN or
    /// config.toml), else the local console.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Play from the terminal: lines like `@alice /play jumpers opponent:@bob`, against the
    /// same store and commands as Discord. Reads the script file, or standard input.
    Local {
        /// A file of command lines to run (default: standard input).
        #[arg(long)]
        script: Option<PathBuf>,
        /// The data folder (overrides the config's store.data_dir).
        #[arg(long)]
        data: Option<PathBuf>,
        /// The folder for board pictures (overrides the config's console.out_dir).
        #[arg(long)]
        out: Option<PathBuf>,
        /// A game record (the text file `/history` attaches) to load as a new game first;
        /// its moves are replayed and the board is printed, and it can be played on.
        #[arg(long)]
        load: Option<PathBuf>,
        /// The language every user reads (en, ru or pl), unless a line says `lang:`.
        #[arg(long, default_value = "en")]
        lang: leapfrog::i18n::Lang,
    },
    /// Run the Discord bot over the gateway (needs a token: DISCORD_TOKEN or config.toml).
    Serve {
        /// The data folder (overrides the config's store.data_dir).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Serve Discord's HTTP interactions endpoint (needs the token, the application id and
    /// its public key; see config.example.toml).
    Http {
        /// The data folder (overrides the config's store.data_dir).
        #[arg(long)]
        data: Option<PathBuf>,
        /// Listen here (overrides the config's discord.listen), e.g. 0.0.0.0:8080.
        #[arg(long)]
        listen: Option<std::net::SocketAddr>,
    },
    /// Ratings: `leapfrog ratings rebuild` computes every rating again from the stored
    /// games (run it with the bot stopped).
    Ratings {
        /// What to do: rebuild.
        #[command(subcommand)]
        action: RatingsAction,
        /// The data folder (overrides the config's store.data_dir).
        #[arg(long, global = true)]
        data: Option<PathBuf>,
    },
    /// Write everything the store holds (games, challenges, settings, board links, ratings)
    /// to FILE, in the documented export format (docs/export.md): a backup, or a move to
    /// another backend. Safe while the bot runs on PostgreSQL; stop a sled bot first.
    Export {
        /// The file to write.
        file: PathBuf,
        /// The data folder (overrides the config's store.data_dir).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Load an export FILE into the configured store, which must hold no game yet (sled:
    /// a new data folder; PostgreSQL: a new database).
    Import {
        /// The export file to read.
        file: PathBuf,
        /// The data folder (overrides the config's store.data_dir).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Draw a position as PNG.
    Render {
        /// The game: jumpers, gyges, jump-sturdy or skakanie.
        game: String,
        /// A game option as key=value (repeatable).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// The position text (default: the start position).
        #[arg(long)]
        position: Option<String>,
        /// Mark this move as the last one played (from-to).
        #[arg(long)]
        last: Option<String>,
        /// The file to write: PNG, or SVG (the game pages' drawing) if its name ends in `.svg`.
        #[arg(short, long)]
        output: PathBuf,
        /// The language of the picture's words (en, ru or pl).
        #[arg(long, default_value = "en")]
        lang: leapfrog::i18n::Lang,
    },
    /// Count the legal move sequences of each length from a position (one line per depth).
    Perft {
        /// The game: jumpers, gyges, jump-sturdy or skakanie.
        game: String,
        /// The deepest length to count.
        #[arg(long)]
        depth: u32,
        /// A game option as key=value (repeatable), e.g. board=far.
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Start from this position text instead of the start position.
        #[arg(long)]
        position: Option<String>,
        /// Print each first move with its count at the deepest length, then the total.
        #[arg(long)]
        divide: bool,
    },
    /// Ask the computer for a move: prints `info depth D score S nodes N nps X pv …` lines
    /// and then one `bestmove MOVE` line. With --depth the answer is deterministic.
    Ai {
        /// The game: jumpers, gyges, jump-sturdy or skakanie.
        game: String,
        /// A game option as key=value (repeatable); seed=N for shuffled set-ups.
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Start from this position text instead of the start position.
        #[arg(long)]
        position: Option<String>,
        /// Moves to play first, separated by spaces: "e2-e3 e7-e6".
        #[arg(long)]
        moves: Option<String>,
        /// Think for this many milliseconds.
        #[arg(long, value_name = "MS")]
        time: Option<String>,
        /// Search this many plies (Skakanie: a hundred playouts per unit).
        #[arg(long, value_name = "N")]
        depth: Option<String>,
        /// 1 (beginner) to 5 (strongest).
        #[arg(long, default_value = "5")]
        level: String,
        /// The seed of a level's noise and Skakanie's sampling.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Play the computer against itself: games from varied openings, colours alternated,
    /// one line per game and then A's score.
    Match {
        /// The game: jumpers, gyges, jump-sturdy or skakanie.
        game: String,
        /// A game option as key=value (repeatable).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Engine A: level=L, time=MS or depth=N, comma-separated; binary=PATH asks another
        /// build of the bot (`PATH ai …`) for each of its moves instead, and ugi=COMMAND a
        /// UGI Gygès engine (with setup=random or mirror and displace=on; failure=forfeit
        /// makes its giving no move a lost game instead of a retry).
        #[arg(long, default_value = "level=5")]
        a: String,
        /// Engine B, like A.
        #[arg(long, default_value = "level=4")]
        b: String,
        /// How many games (pairs of games share an opening).
        #[arg(long, default_value_t = 40)]
        games: u32,
        /// Milliseconds per move, unless an engine sets its own.
        #[arg(long, default_value_t = 200)]
        time: u64,
        /// Play the openings of this book (`leapfrog openings` writes one) instead of
        /// drawing them: pair n plays its nth line.
        #[arg(long, value_name = "FILE")]
        openings: Option<PathBuf>,
        /// Write every game's plies to this file, one game a line, so a lost game can be
        /// gone through again with `leapfrog ai --moves`.
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
    },
    /// Our Gygès engine behind the Universal Gygès Interface (UGI), for UGI front ends and
    /// engine matches: reads commands on standard input until `quit`. Plays with
    /// displacement, as UGI engines do.
    Ugi {
        /// 1 (beginner) to 5 (strongest).
        #[arg(long, default_value = "5")]
        level: String,
    },
    /// Print a book of balanced openings for `leapfrog match --openings`: the match's
    /// openings, keeping only those in which a search of --time ms finds no forced win
    /// for either side.
    Openings {
        /// The game: jumpers, gyges or jump-sturdy.
        game: String,
        /// A game option as key=value (repeatable).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// How many openings to keep.
        #[arg(long, default_value_t = 50)]
        count: u32,
        /// Milliseconds of search that must find no forced win.
        #[arg(long, default_value_t = 3000)]
        time: u64,
    },
    /// Fit the evaluation's weights to the results of the computer's games against itself
    /// (Gygès): prints the fitted table beside the present one, with each one's log loss.
    Tune {
        /// The game: gyges.
        game: String,
        /// A game option as key=value (repeatable).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// How many games to play (each from its own opening).
        #[arg(long, default_value_t = 200)]
        games: u32,
        /// The depth of each move's search.
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// Gradient steps of the fit.
        #[arg(long, default_value_t = 1000)]
        rounds: u32,
    },
    /// Puzzles: `leapfrog puzzles generate GAME --count N` finds new ones in the computer's
    /// games against itself, proves each, and adds them to the store (`/puzzle` offers
    /// them after the ones that ship); `--print` also writes them out in the shipped
    /// files' format.
    Puzzles {
        /// What to do: generate.
        #[command(subcommand)]
        action: PuzzlesAction,
        /// The data folder (overrides the config's store.data_dir).
        #[arg(long, global = true)]
        data: Option<PathBuf>,
    },
}

/// What `leapfrog puzzles` does.
#[derive(Subcommand)]
enum PuzzlesAction {
    /// Find, prove and store new puzzles of a game.
    Generate {
        /// The game: jumpers, gyges or jump-sturdy.
        game: String,
        /// How many new puzzles.
        #[arg(long, default_value_t = 50)]
        count: usize,
        /// The first self-played game's seed (default: one past what the store has).
        #[arg(long)]
        seed: Option<u64>,
        /// Also print each new puzzle as a line of a puzzle file.
        #[arg(long)]
        print: bool,
    },
}

/// `leapfrog puzzles generate`: new puzzles, none already shipped or stored, appended to
/// the store's list.
fn generate_puzzles(
    config: &Config,
    data: Option<PathBuf>,
    game: &str,
    count: usize,
    seed: Option<u64>,
    print: bool,
) -> Result<()> {
    let kind: GameKind = game.parse()?;
    if leapfrog::ai::puzzle::most_moves(kind) == 0 {
        anyhow::bail!(
            "{} has no puzzles: its pieces are face down",
            kind.info().title
        );
    }
    let store = open_store(config, data)?;
    let key = leapfrog::play::puzzle_cache_key(kind);
    let stored = store
        .cached(&key)
        .context("reading the stored puzzles")?
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    let mut known: Vec<String> = leapfrog::play::shipped_puzzles(kind)
        .iter()
        .map(|p| p.position.clone())
        .collect();
    let kept = leapfrog::play::parse_puzzles(&stored);
    known.extend(kept.iter().map(|p| p.position.clone()));
    let seed = seed.unwrap_or(1 + 1000 * known.len() as u64);
    let started = std::time::Instant::now();
    let found = leapfrog::ai::puzzle::generate(kind, count, seed, &known);
    for puzzle in &found {
        puzzle
            .verify()
            .with_context(|| format!("a new puzzle does not prove: {puzzle}"))?;
        if print {
            println!("{puzzle}");
        }
    }
    // Added to what is stored now, in one step: a run beside this one keeps its puzzles
    // too, and one that found the same position keeps it once.
    let mut total = 0;
    store
        .update_cached(&key, &mut |now| {
            let mut text = now
                .map(|bytes| String::from_utf8_lossy(bytes).into_owned())
                .unwrap_or_default();
            let mut there: std::collections::HashSet<String> = leapfrog::play::parse_puzzles(&text)
                .into_iter()
                .map(|p| p.position)
                .collect();
            for puzzle in &found {
                if there.insert(puzzle.position.clone()) {
                    text.push_str(&format!("{puzzle}\n"));
                }
            }
            total = there.len();
            Some(text.into_bytes())
        })
        .context("storing the puzzles")?;
    store.flush().context("writing the puzzles to disk")?;
    eprintln!(
        "{} new {} puzzles in {:.1} s (from seed {seed}); the store now has {}, and {} ship.",
        found.len(),
        kind.info().title,
        started.elapsed().as_secs_f64(),
        total,
        leapfrog::play::shipped_puzzles(kind).len(),
    );
    Ok(())
}

/// What `leapfrog ratings` does.
#[derive(Subcommand)]
enum RatingsAction {
    /// Recompute every rating from the finished rated games, in the order they were rated.
    Rebuild,
}

/// `leapfrog ratings rebuild`.
fn rebuild_ratings(config: &Config, data: Option<PathBuf>) -> Result<()> {
    let store = open_store(config, data)?;
    let games = store.all_games().context("reading the games")?;
    let standings = leapfrog::store::rebuilt_ratings(&games);
    store
        .replace_ratings(&standings)
        .context("writing the ratings")?;
    store.flush().context("writing the ratings to disk")?;
    println!(
        "Rebuilt {} from {}.",
        leapfrog::words::count(standings.len(), "rating"),
        leapfrog::words::count(
            games
                .iter()
                .filter(|g| matches!(&g.status, leapfrog::store::Status::Finished(r) if r.rating_order > 0))
                .count(),
            "rated game"
        )
    );
    Ok(())
}

/// Opens the store named by the config (PostgreSQL with a URL, else sled), or sled in
/// `--data`.
fn open_store(config: &Config, data: Option<PathBuf>) -> Result<AnyStore> {
    let mut store_config = config.store.clone();
    if let Some(data) = data {
        store_config.data_dir = data;
        store_config.url = None;
    }
    let store = match store_config.postgres_url() {
        Some(_) => AnyStore::open(&store_config)
            .map_err(|error| anyhow::Error::new(error).context("opening the PostgreSQL store"))?,
        None => AnyStore::open(&store_config).map_err(|error| match error {
            // Already say which folder and what to do.
            StoreError::Locked(_) | StoreError::Damaged { .. } => anyhow::Error::new(error),
            other => anyhow::Error::new(other).context(format!(
                "opening the data folder {}",
                store_config.data_dir.display()
            )),
        })?,
    };
    tracing::info!("games are stored in {}", store.backend());
    Ok(store)
}

/// `leapfrog export FILE`.
fn export(config: &Config, file: &std::path::Path, data: Option<PathBuf>) -> Result<()> {
    let store = open_store(config, data)?;
    let games = leapfrog::store::backup::export_to(&store, file)
        .with_context(|| format!("exporting to {}", file.display()))?;
    println!(
        "Exported {} to {}.",
        leapfrog::words::count(games, "game"),
        file.display()
    );
    Ok(())
}

/// `leapfrog import FILE`.
fn import(config: &Config, file: &std::path::Path, data: Option<PathBuf>) -> Result<()> {
    let input = std::fs::File::open(file).with_context(|| format!("opening {}", file.display()))?;
    let dump = Dump::read(std::io::BufReader::new(input))
        .with_context(|| format!("reading {}", file.display()))?;
    let store = open_store(config, data)?;
    store
        .import(&dump)
        .with_context(|| format!("importing {}", file.display()))?;
    store.flush().context("writing the store to disk")?;
    println!(
        "Imported {} into {}; the next new game is #{}.",
        leapfrog::words::count(dump.games.len(), "game"),
        store.backend(),
        dump.next_number()
    );
    Ok(())
}

/// Sled only, with `[store] backup_every_hours`: a backup now and then every so often, on
/// a thread of its own.
fn start_backups(config: &Config, store: &AnyStore, data: Option<&PathBuf>) {
    let (Some(hours), AnyStore::Sled(_)) = (config.store.backup_every_hours, store) else {
        return;
    };
    let dir = leapfrog::store::backup::folder(data.unwrap_or(&config.store.data_dir));
    let (store, keep) = (store.clone(), config.store.backups_kept);
    let every = Duration::from_secs(hours.max(1) * 3600);
    std::thread::spawn(move || loop {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        match leapfrog::store::backup::take(&store, &dir, now, keep) {
            Ok(file) => tracing::info!("backed the games up to {}", file.display()),
            Err(error) => tracing::error!(%error, "the automatic backup failed"),
        }
        std::thread::sleep(every);
    });
}

fn local(
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
fn serve_pages_beside(
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
fn tell_on_console(
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
fn page_links(
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

/// What the bot's game pages are served with: the key of players' links, and the Discord
/// Activity when it is on.
struct Pages {
    key: leapfrog::web::LinkKey,
    activity: Option<leapfrog::web::Activity>,
}

/// The play layer of the bot's `serve` and `http`, and what its pages are served with when
/// `[web] listen` serves them (the key read, or made at the first start, before the play
/// layer, which hands out the links through `/web`; the Activity decided once, here).
fn bot_play(config: &Config, store: AnyStore) -> Result<(Arc<Play<AnyStore>>, Option<Pages>)> {
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
fn activity(config: &Config) -> Option<leapfrog::web::Activity> {
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
fn configured_play(config: &Config, store: AnyStore) -> Play<AnyStore> {
    Play::new(store)
        .with_time(config.time.clone())
        .with_ai(config.ai.clone())
}

/// Starts the task that fires reminders and timeouts; it reads due deadlines from the store,
/// so a restart picks up exactly where the last run stopped.
fn start_scheduler(config: &Config, token: &str, play: &Arc<Play<AnyStore>>, ops: &Ops) {
    let http = Arc::new(leapfrog::discord::http_client(&config.discord, token));
    let scheduler = Scheduler::new(Arc::clone(play), http)
        .with_ops(ops.clone())
        .with_threads(config.discord.threads);
    let every = Duration::from_secs(config.time.tick_seconds.max(1));
    tokio::spawn(scheduler.run(every));
}

/// The token, or the error that says where to put it.
fn token(config: &Config) -> Result<String> {
    config.discord.token().context(
        "no Discord token: set DISCORD_TOKEN or [discord] token in config.toml (see README)",
    )
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")
}

fn serve(config: &Config, data: Option<PathBuf>) -> Result<()> {
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
async fn serve_router(
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
async fn serve_extras<S: leapfrog::store::Store + 'static>(
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
async fn finish<S: leapfrog::store::Store + 'static>(
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

fn http(
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
struct PublicKeyHex(Verifier);

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

fn run(cli: Cli) -> Result<()> {
    let load = || Config::load(cli.config.as_deref());
    let command = match cli.command {
        Some(command) => command,
        None if load()?.discord.token().is_some() => Command::Serve { data: None },
        None => Command::Local {
            script: None,
            data: None,
            out: None,
            load: None,
            lang: leapfrog::i18n::Lang::En,
        },
    };
    let config = Config::load(cli.config.as_deref());
    let format = config.as_ref().map(|c| c.log.format).unwrap_or_default();
    init_logging(&command, format);
    // Settings an older version read, still accepted so that its config starts.
    for ignored in config.iter().flat_map(|c| c.ai.ignored()) {
        tracing::warn!("{ignored}");
    }
    match command {
        Command::Local {
            script,
            data,
            out,
            load: record,
            lang,
        } => local(&load()?, script, data, out, record, lang)?,
        Command::Serve { data } => serve(&load()?, data)?,
        Command::Http { data, listen } => http(&load()?, data, listen)?,
        Command::Ratings {
            action: RatingsAction::Rebuild,
            data,
        } => rebuild_ratings(&load()?, data)?,
        Command::Export { file, data } => export(&load()?, &file, data)?,
        Command::Import { file, data } => import(&load()?, &file, data)?,
        Command::Render {
            game,
            options,
            position,
            last,
            output,
            lang,
        } => {
            let kind: GameKind = game.parse()?;
            let game = AnyGame::new(kind, &options, position.as_deref())?;
            let names = Header::seat_names(&game)
                .iter()
                .map(|name| leapfrog::i18n::side_name(lang, name))
                .collect();
            let header = Header::for_game(&game, names, None, lang);
            let svg = output
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
            let bytes = if svg {
                leapfrog::render::draw_svg(&game, last.as_deref(), &header)?.into_bytes()
            } else {
                leapfrog::render::draw(&game, last.as_deref(), &header)?.to_png()
            };
            std::fs::write(&output, bytes)
                .with_context(|| format!("writing {}", output.display()))?;
        }
        Command::Perft {
            game,
            depth,
            options,
            position,
            divide,
        } => {
            if !(1..=MAX_PERFT_DEPTH).contains(&depth) {
                bail!("--depth must be from 1 to {MAX_PERFT_DEPTH} (deeper counts would never finish)");
            }
            let kind: GameKind = game.parse()?;
            let game = AnyGame::new(kind, &options, position.as_deref())?;
            if divide {
                let split = game.divide(depth);
                for (mv, count) in &split {
                    println!("{mv}: {count}");
                }
                println!(
                    "depth {depth}: {}",
                    split.iter().map(|(_, n)| n).sum::<u64>()
                );
            } else {
                for d in 1..=depth {
                    println!("depth {d}: {}", game.perft(d));
                }
            }
        }
        Command::Ai {
            game,
            options,
            position,
            moves,
            time,
            depth,
            level,
            seed,
        } => ai_commands::run_ai(
            ai_commands::AiRequest {
                game,
                options,
                position,
                moves,
                time,
                depth,
                level,
                seed,
            },
            &load()?.ai,
        )?,
        Command::Puzzles {
            action:
                PuzzlesAction::Generate {
                    game,
                    count,
                    seed,
                    print,
                },
            data,
        } => generate_puzzles(&load()?, data, &game, count, seed, print)?,
        Command::Tune {
            game,
            options,
            games,
            depth,
            rounds,
        } => ai_commands::run_tune(
            ai_commands::TuneRequest {
                game,
                options,
                games,
                depth,
                rounds,
            },
            &load()?.ai,
        )?,
        Command::Match {
            game,
            options,
            a,
            b,
            games,
            time,
            openings,
            record,
        } => ai_commands::run_match(
            ai_commands::MatchRequest {
                game,
                options,
                a,
                b,
                games,
                time,
                openings,
                record,
            },
            &load()?.ai,
        )?,
        Command::Ugi { level } => {
            ugi_commands::run_ugi(level.parse()?, load()?.ai.table_mb)?;
        }
        Command::Openings {
            game,
            options,
            count,
            time,
        } => ai_commands::run_openings(
            ai_commands::OpeningsRequest {
                game,
                options,
                count,
                time,
            },
            &load()?.ai,
        )?,
    }
    Ok(())
}

/// Logs to standard error, as text or JSON lines (`[log] format`). `RUST_LOG` chooses
/// what; without it the Discord front ends say what they do (connecting, connected as whom,
/// commands registered, failures to reach Discord and the retries, one line per
/// interaction) and everything else says only what went wrong.
fn init_logging(command: &Command, format: LogFormat) {
    let talkative = matches!(command, Command::Serve { .. } | Command::Http { .. });
    let default = if talkative {
        "warn,leapfrog=info"
    } else {
        "error"
    };
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let subscriber = leapfrog::ops::log::subscriber(
        format,
        filter,
        std::io::stderr,
        std::io::stderr().is_terminal(),
    );
    if let Err(error) = tracing::subscriber::set_global_default(subscriber) {
        eprintln!("leapfrog: no log: {error}");
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("leapfrog: {error:#}");
            ExitCode::FAILURE
        }
    }
}
