//! The `leapfrog` command: a thin CLI that wires the library's layers together.

use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::{Parser, Subcommand};

use leapfrog::games::{AnyGame, GameKind};

/// Leapfrog: jumping-and-stacking board games for Discord.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
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

fn run(cli: Cli) -> Result<()> {
    match cli.command {
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
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("leapfrog: {error:#}");
            ExitCode::FAILURE
        }
    }
}
