//! One documented entry point per subcommand; [`run()`] picks it.

mod check;
mod fmt;
mod judge;
mod new;
mod run;

use std::process::ExitCode;

use crate::answer::Status;
use crate::cli::{Cli, ColourChoice, Command};
use crate::report::FileReport;

/// Runs the command; `Err` only for failures outside any file (stdout closed).
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    crate::output::end_when_stdout_closes();
    let colour = Colours::for_choice(cli.color);
    match cli.command {
        Command::Run { paths, json, show, explain, ascii, budget, threads, svg, jobs } => {
            let options = run::Options { json, show, explain, ascii, budget, threads, svg, jobs };
            run::run(&paths, options, colour)
        }
        Command::Check { paths } => check::check(&paths, colour),
        Command::Fmt { paths, check } => fmt::fmt(&paths, check, colour),
        Command::New { game, size } => new::new(game, size),
        Command::Judge { problem } => judge::judge(problem, colour),
    }
}

/// Whether to colour stdout and stderr.
#[derive(Debug, Clone, Copy)]
struct Colours {
    stdout: bool,
    stderr: bool,
}

impl Colours {
    fn for_choice(choice: ColourChoice) -> Colours {
        use std::io::IsTerminal;
        let colour = |is_terminal: bool| match choice {
            ColourChoice::Always => true,
            ColourChoice::Never => false,
            ColourChoice::Auto => is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        };
        Colours { stdout: colour(std::io::stdout().is_terminal()), stderr: colour(std::io::stderr().is_terminal()) }
    }
}

/// The exit status of a run over `reports`: 2 if any file is unreadable or
/// invalid or a query failed, else 1 if an `expect` failed, else 3 if a search
/// stopped at its budget, else 0 (see [`Status`]).
fn exit_code(reports: &[FileReport]) -> ExitCode {
    ExitCode::from(reports.iter().map(FileReport::status).max().unwrap_or(Status::Ok).exit_code())
}
