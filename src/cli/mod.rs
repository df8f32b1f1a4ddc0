//! The `leapfrog` command's arguments and what each subcommand wires together: the console
//! ([`local`]), the Discord bot over the gateway or the HTTP endpoint with its pages and
//! scheduler ([`bot`]), the store's exports, imports and rebuilds ([`store`]), drawing and
//! counting positions ([`game`]), and the engine's tools ([`ai`], [`ugi`]). The library
//! knows nothing of this: each front end is a module of its own there, and here they are
//! put together.

mod ai;
mod bot;
mod game;
mod local;
mod store;
mod ugi;

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::Result;
use clap::{Parser, Subcommand};

use leapfrog::config::Config;
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::ops::LogFormat;

/// A game and its position, as `render`, `perft` and `ai` take them.
#[derive(clap::Args, Clone, Debug)]
pub struct GameArgs {
    /// The game: jumpers, gyges, jump-sturdy or skakanie.
    pub game: String,
    /// A game option as key=value (repeatable), e.g. board=far; seed=N for shuffled
    /// set-ups.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Start from this position text instead of the start position.
    #[arg(long)]
    pub position: Option<String>,
}

impl GameArgs {
    /// The game they name, at their position.
    ///
    /// # Errors
    /// An unknown game, option or position, in the rules' words.
    pub fn build(&self) -> Result<AnyGame> {
        let kind: GameKind = self.game.parse()?;
        Ok(AnyGame::new(kind, &self.options, self.position.as_deref())?)
    }
}

/// Leapfrog: jumping-and-stacking board games for Discord.
#[derive(Parser)]
#[command(version, about)]
pub struct Cli {
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
        #[command(flatten)]
        game: GameArgs,
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
        #[command(flatten)]
        game: GameArgs,
        /// The deepest length to count.
        #[arg(long)]
        depth: u32,
        /// Print each first move with its count at the deepest length, then the total.
        #[arg(long)]
        divide: bool,
    },
    /// Ask the computer for a move: prints `info depth D score S nodes N nps X pv …` lines
    /// and then one `bestmove MOVE` line. With --depth the answer is deterministic.
    Ai(ai::AiRequest),
    /// Play the computer against itself: games from varied openings, colours alternated,
    /// one line per game and then A's score.
    Match(ai::MatchRequest),
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
    Openings(ai::OpeningsRequest),
    /// Fit the evaluation's weights to the results of the computer's games against itself
    /// (Gygès): prints the fitted table beside the present one, with each one's log loss.
    Tune(ai::TuneRequest),
    /// Puzzles: `leapfrog puzzles generate GAME --count N` finds new ones in the computer's
    /// games against itself, proves each, and adds them to the store (`/puzzle` offers
    /// them after the ones that ship); `--print` also writes them out in the shipped
    /// files' format. `leapfrog puzzles export` prints them all with their ratings now
    /// and how many fall in each rating band.
    Puzzles {
        /// What to do: generate or export.
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
    /// Print every puzzle (shipped and stored) with its rating now, as a puzzle file
    /// another store can ship, headed by how many puzzles each rating band holds.
    Export {
        /// One game only: jumpers, gyges or jump-sturdy (all three by default).
        game: Option<String>,
    },
}

/// What `leapfrog ratings` does.
#[derive(Subcommand)]
enum RatingsAction {
    /// Recompute every rating from the finished rated games, in the order they were rated.
    Rebuild,
}

pub fn run(cli: Cli) -> Result<()> {
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
        } => local::local(&load()?, script, data, out, record, lang)?,
        Command::Serve { data } => bot::serve(&load()?, data)?,
        Command::Http { data, listen } => bot::http(&load()?, data, listen)?,
        Command::Ratings {
            action: RatingsAction::Rebuild,
            data,
        } => store::rebuild_ratings(&load()?, data)?,
        Command::Export { file, data } => store::export(&load()?, &file, data)?,
        Command::Import { file, data } => store::import(&load()?, &file, data)?,
        Command::Render {
            game,
            last,
            output,
            lang,
        } => game::render(&game.build()?, last.as_deref(), &output, lang)?,
        Command::Perft {
            game,
            depth,
            divide,
        } => game::perft(&game, depth, divide)?,
        Command::Ai(request) => ai::run_ai(request, &load()?.ai)?,
        Command::Puzzles {
            action:
                PuzzlesAction::Generate {
                    game,
                    count,
                    seed,
                    print,
                },
            data,
        } => store::generate_puzzles(&load()?, data, &game, count, seed, print)?,
        Command::Puzzles {
            action: PuzzlesAction::Export { game },
            data,
        } => store::export_puzzles(&load()?, data, game.as_deref())?,
        Command::Tune(request) => ai::run_tune(request, &load()?.ai)?,
        Command::Match(request) => ai::run_match(request, &load()?.ai)?,
        Command::Ugi { level } => {
            ugi::run_ugi(level.parse()?, load()?.ai.table_mb)?;
        }
        Command::Openings(request) => ai::run_openings(request, &load()?.ai)?,
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
