use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};
use puzzle_cli::cli::Cli;

/// Runs the program on a thread of `THREAD_STACK` bytes of stack, whatever
/// the main thread's (`ulimit -s`); on the main thread if the system refuses
/// one.
fn main() -> ExitCode {
    // Off a terminal clap wraps help to `COLUMNS`, and at 0 it would put
    // each word on a line of its own; GNU's tools read 0 as no width given.
    // Unset here, while the process has one thread, the one place it may be.
    if std::env::var("COLUMNS").is_ok_and(|columns| columns.parse() == Ok(0usize)) {
        std::env::remove_var("COLUMNS");
    }
    std::thread::scope(|scope| {
        match std::thread::Builder::new().stack_size(puzzle_cli::limits::THREAD_STACK).spawn_scoped(scope, program) {
            Ok(thread) => thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => program(),
        }
    })
}

fn program() -> ExitCode {
    // clap's own errors and help follow `--color` too, so it is read first.
    let command = Cli::command().color(colour_asked(std::env::args_os().skip(1)));
    let cli = match command.try_get_matches().and_then(|matches| Cli::from_arg_matches(&matches)) {
        Ok(cli) => cli,
        Err(err) => err.exit(),
    };
    match puzzle_cli::run(cli) {
        Ok(code) => code,
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// The `--color` the arguments ask for (`--color WHEN` or `--color=WHEN`).
fn colour_asked(args: impl Iterator<Item = std::ffi::OsString>) -> clap::ColorChoice {
    let args: Vec<String> = args.map(|arg| arg.to_string_lossy().into_owned()).collect();
    let value = args.iter().enumerate().rev().find_map(|(i, arg)| match arg.strip_prefix("--color") {
        Some("") => args.get(i + 1).map(String::as_str),
        Some(rest) => rest.strip_prefix('='),
        None => None,
    });
    match value {
        Some("always") => clap::ColorChoice::Always,
        Some("never") => clap::ColorChoice::Never,
        _ => clap::ColorChoice::Auto,
    }
}
