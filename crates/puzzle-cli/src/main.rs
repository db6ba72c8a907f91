use std::process::ExitCode;

use clap::Parser;
use puzzle_cli::cli::Cli;

fn main() -> ExitCode {
    match puzzle_cli::run(Cli::parse()) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}
