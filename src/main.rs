//! The `leapfrog` command. Everything it does is in [`cli`]: its arguments, and the wiring
//! of the library's layers for each subcommand.

mod cli;

use std::process::ExitCode;

use clap::Parser as _;

fn main() -> ExitCode {
    match cli::run(cli::Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("leapfrog: {error:#}");
            ExitCode::FAILURE
        }
    }
}
