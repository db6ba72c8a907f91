use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use puzzle_cli::cli::Cli;

fn main() -> ExitCode {
    match puzzle_cli::run(Cli::parse()) {
        Ok(code) => code,
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "error: {err:#}");
            ExitCode::from(2)
        }
    }
}
