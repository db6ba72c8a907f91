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

/// Whether to colour stdout and stderr, decided by the conventions clap
/// itself follows (anstream: `NO_COLOR`, `CLICOLOR`, `CLICOLOR_FORCE`,
/// `TERM=dumb`, a terminal or not), and whether the terminal shows 24-bit
/// colour (`COLORTERM`).
#[derive(Debug, Clone, Copy)]
struct Colours {
    stdout: bool,
    stderr: bool,
    truecolor: bool,
}

impl Colours {
    fn for_choice(choice: ColourChoice) -> Colours {
        use anstream::{AutoStream, ColorChoice};
        match choice {
            ColourChoice::Auto => ColorChoice::Auto,
            ColourChoice::Always => ColorChoice::Always,
            ColourChoice::Never => ColorChoice::Never,
        }
        .write_global();
        let on = |choice: ColorChoice| choice != ColorChoice::Never;
        Colours {
            stdout: on(AutoStream::choice(&std::io::stdout())),
            stderr: on(AutoStream::choice(&std::io::stderr())),
            truecolor: anstyle_query::truecolor(),
        }
    }
}

/// The exit status of a run over `reports`: 2 if any file is unreadable or
/// invalid or a query failed, else 1 if an `expect` failed, else 3 if a search
/// stopped at its budget, else 0 (see [`Status`]).
fn exit_code(reports: &[FileReport]) -> ExitCode {
    ExitCode::from(reports.iter().map(FileReport::status).max().unwrap_or(Status::Ok).exit_code())
}
