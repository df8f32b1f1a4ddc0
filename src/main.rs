//! The `leapfrog` command: a thin CLI that wires the library's layers together.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context as _, Result};
use clap::{Parser, Subcommand};

use leapfrog::config::Config;
use leapfrog::console::Console;
use leapfrog::games::{AnyGame, GameKind};
use leapfrog::play::Play;
use leapfrog::render::Header;
use leapfrog::store::SledStore;

/// Leapfrog: jumping-and-stacking board games for Discord.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// The configuration file (default: config.toml if present).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    /// Without a command: the local console.
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
    },
    /// Draw a position as PNG.
    Render {
        /// The game: jumpers.
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
        /// The PNG file to write.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Count the legal move sequences of each length from a position (one line per depth).
    Perft {
        /// The game: jumpers.
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
}

fn local(
    config: Option<PathBuf>,
    script: Option<PathBuf>,
    data: Option<PathBuf>,
    out: Option<PathBuf>,
) -> Result<()> {
    let config = Config::load(config.as_deref())?;
    let mut store_config = config.store;
    if let Some(data) = data {
        store_config.data_dir = data;
    }
    let store = SledStore::open(&store_config).with_context(|| {
        format!(
            "opening the data folder {}",
            store_config.data_dir.display()
        )
    })?;
    let console = Console::new(Play::new(store), out.unwrap_or(config.console.out_dir));
    let stdout = std::io::stdout().lock();
    match script {
        Some(path) => {
            let file = std::fs::File::open(&path)
                .with_context(|| format!("opening {}", path.display()))?;
            console.run(std::io::BufReader::new(file), stdout, true)?;
        }
        None => {
            let interactive = std::io::stdin().is_terminal();
            if interactive {
                eprintln!("Leapfrog console. Type lines like: @alice /play jumpers opponent:@bob  (Ctrl-D to quit; @you /help)");
            }
            console.run(std::io::stdin().lock(), stdout, !interactive)?;
        }
    }
    Ok(())
}

fn run(cli: Cli) -> Result<()> {
    let command = cli.command.unwrap_or(Command::Local {
        script: None,
        data: None,
        out: None,
    });
    match command {
        Command::Local { script, data, out } => local(cli.config, script, data, out)?,
        Command::Render {
            game,
            options,
            position,
            last,
            output,
        } => {
            let kind: GameKind = game.parse()?;
            let game = AnyGame::new(kind, &options, position.as_deref())?;
            let header = Header::for_game(&game, Header::seat_names(&game), None);
            let png = leapfrog::render::draw(&game, last.as_deref(), &header)?.to_png();
            std::fs::write(&output, png)
                .with_context(|| format!("writing {}", output.display()))?;
        }
        Command::Perft {
            game,
            depth,
            options,
            position,
            divide,
        } => {
            if depth == 0 {
                bail!("--depth must be at least 1");
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
    }
    Ok(())
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("leapfrog: {error:#}");
            ExitCode::FAILURE
        }
    }
}
