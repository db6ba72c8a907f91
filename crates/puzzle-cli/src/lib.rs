//! The `.puzzle` language and the `puzzle` command.
//!
//! The main type is [`syntax::Puzzle`], the checked, typed form of a `.puzzle`
//! file that [`syntax::parse`] builds from text through a pest grammar
//! (`src/puzzle.pest`). [`answer`] answers its queries through the rules
//! crates; [`report`] renders the answers as text or JSON; [`judge`] speaks the
//! online judges' formats.
//!
//! Design decision: the grammar reads every value (tiles, ids, numbers, moves,
//! game names) as a plain word, and the checks after it give each word its
//! meaning. That way a bad value is reported at its own span with a message
//! that names what is allowed, instead of a parser's list of expected tokens.
//!
//! This crate is the only one that touches files, terminals, pest, clap and
//! anyhow; the rules crates know nothing of it.

pub mod answer;
pub mod diagnostic;
pub mod judge;
pub mod limits;
pub mod report;
pub mod syntax;

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand, ValueEnum};

use crate::answer::Budget;
use crate::report::{Failure, FileReport, Style, TextOptions};

/// Answers questions about grid puzzles written in `.puzzle` files.
#[derive(Debug, Parser)]
#[command(name = "puzzle", version, about, long_about = None)]
pub struct Cli {
    /// When to colour the output.
    #[arg(long, value_enum, default_value_t = ColourChoice::Auto, global = true)]
    pub color: ColourChoice,
    #[command(subcommand)]
    pub command: Command,
}

/// When to colour the output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColourChoice {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Answer every query of each file and check its `expect` lines.
    #[command(
        after_help = "Examples:\n  puzzle run puzzles/boj-12100-sample.puzzle\n  puzzle run puzzles/ --json\n  \
                            puzzle run deep.puzzle --budget 100000000\n\n\
                            Exit status: 0 all answers as expected; 1 an `expect` failed; 2 a file is invalid or \
                            unreadable; 3 a search stopped at its budget (the answer is marked incomplete). The \
                            highest applies."
    )]
    Run {
        /// Files, or directories searched for `*.puzzle` files (in sorted order).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print one JSON document instead of the text report.
        #[arg(long)]
        json: bool,
        /// Also print the starting board and the board after each answer.
        #[arg(long)]
        show: bool,
        /// The most boards a search may visit before it stops and reports the
        /// best found (default: about ten seconds' worth for the board's size).
        #[arg(long, value_name = "BOARDS")]
        budget: Option<u64>,
        /// Threads each search may use (default: one per core). The answer
        /// never depends on it; where several shortest sequences exist, the
        /// witness shown may.
        #[arg(long, value_name = "N")]
        threads: Option<usize>,
    },
    /// Parse and validate files without answering their queries.
    #[command(after_help = "Example:\n  puzzle check puzzles/\n\nExit status: 0 all valid; 2 a file is invalid.")]
    Check {
        /// Files, or directories searched for `*.puzzle` files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Read an online judge's input on stdin and print only the answer.
    #[command(after_help = "Examples:\n  printf '3\\n2 2 2\\n4 4 4\\n8 8 8\\n' | puzzle judge boj-12100\n  \
                            echo '[[0,0,0],[1,0,0],[1,1,1]]' | puzzle judge kakao-blockgame\n\n\
                            Exit status: 0 answered; 2 the input is not valid for the problem.")]
    Judge {
        /// Which problem's input and answer.
        #[arg(value_enum)]
        problem: judge::Problem,
    },
}

/// Runs the command; `Err` only for failures outside any file (stdout closed).
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let stdout_colour = colour(cli.color, std::io::stdout().is_terminal());
    let stderr_colour = colour(cli.color, std::io::stderr().is_terminal());
    match cli.command {
        Command::Run { paths, json, show, budget, threads } => {
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            let budget = Budget { nodes: budget, threads: threads.unwrap_or(cores).max(1) };
            let reports: Vec<FileReport> =
                inputs(&paths).into_iter().map(|input| input.process(budget, true)).collect();
            let mut out = std::io::stdout().lock();
            if json {
                let puzzles: Vec<serde_json::Value> = reports.iter().map(report::render_json).collect();
                let document = serde_json::json!({ "puzzles": puzzles });
                writeln!(out, "{}", serde_json::to_string_pretty(&document)?).context("writing the report")?;
            } else {
                let options = TextOptions { show, style: Style { colour: stdout_colour } };
                for (i, report) in reports.iter().enumerate() {
                    if i > 0 {
                        writeln!(out)?;
                    }
                    write!(out, "{}", report::render_text(report, options)).context("writing the report")?;
                }
                if reports.len() > 1 {
                    writeln!(out, "\n{}", report::summary(&reports, options.style))?;
                }
            }
            Ok(exit_code(&reports))
        }
        Command::Check { paths } => {
            let reports: Vec<FileReport> =
                inputs(&paths).into_iter().map(|input| input.process(Budget::default(), false)).collect();
            let style = Style { colour: stdout_colour };
            let mut out = std::io::stdout().lock();
            for report in &reports {
                match &report.outcome {
                    Ok(_) => writeln!(out, "{}: ok", report.path)?,
                    Err(_) => write!(out, "{}", report::render_text(report, TextOptions { show: false, style }))?,
                }
            }
            if reports.len() > 1 {
                let invalid = reports.iter().filter(|r| r.outcome.is_err()).count();
                writeln!(out, "\n{} puzzles checked, {invalid} invalid", reports.len())?;
            }
            Ok(exit_code(&reports))
        }
        Command::Judge { problem } => {
            let mut input = Vec::new();
            std::io::stdin()
                .take(limits::MAX_JUDGE_BYTES as u64 + 1)
                .read_to_end(&mut input)
                .context("reading standard input")?;
            match judge::solve(problem, &input) {
                Ok(answer) => {
                    println!("{answer}");
                    Ok(ExitCode::SUCCESS)
                }
                Err(err) => {
                    let label = if stderr_colour { "\x1b[1;31merror\x1b[0m" } else { "error" };
                    eprintln!("{label}: {err}");
                    Ok(ExitCode::from(2))
                }
            }
        }
    }
}

fn colour(choice: ColourChoice, is_terminal: bool) -> bool {
    match choice {
        ColourChoice::Always => true,
        ColourChoice::Never => false,
        ColourChoice::Auto => is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

fn exit_code(reports: &[FileReport]) -> ExitCode {
    ExitCode::from(reports.iter().map(FileReport::status).max().unwrap_or(0))
}

/// One thing to report on: a file, or a path that yielded none.
enum Input {
    File(PathBuf),
    Nothing(String, String),
}

impl Input {
    fn process(self, budget: Budget, answer: bool) -> FileReport {
        match self {
            Input::File(path) => report::process(&path, budget, answer),
            Input::Nothing(path, message) => {
                FileReport { path, source: String::new(), outcome: Err(Failure::Unreadable(message)) }
            }
        }
    }
}

/// The files named, with every `*.puzzle` below each directory in sorted order.
fn inputs(paths: &[PathBuf]) -> Vec<Input> {
    let mut inputs = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found = Vec::new();
            if let Err(err) = puzzles_below(path, &mut found) {
                inputs.push(Input::Nothing(
                    path.display().to_string(),
                    format!("cannot read `{}`: {err}", path.display()),
                ));
                continue;
            }
            if found.is_empty() {
                inputs.push(Input::Nothing(
                    path.display().to_string(),
                    format!("no `.puzzle` files in `{}` or below it", path.display()),
                ));
            }
            found.sort();
            inputs.extend(found.into_iter().map(Input::File));
        } else {
            inputs.push(Input::File(path.clone()));
        }
    }
    inputs
}

fn puzzles_below(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            puzzles_below(&path, found)?;
        } else if path.extension().is_some_and(|ext| ext == "puzzle") {
            found.push(path);
        }
    }
    Ok(())
}
