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
pub mod batch;
pub mod diagnostic;
pub mod explain;
pub mod format;
pub mod judge;
pub mod limits;
pub mod report;
pub mod svg;
pub mod syntax;
pub mod template;

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
        /// Explain each answer step by step: the board after every move (merges
        /// marked), or every removal with its black cells, and why blocks stay.
        #[arg(long)]
        explain: bool,
        /// Draw boards with ASCII instead of Unicode box drawing.
        #[arg(long)]
        ascii: bool,
        /// The most boards a search may visit before it stops and reports the
        /// best found (default: a few seconds' worth for the board's size).
        #[arg(long, value_name = "BOARDS")]
        budget: Option<u64>,
        /// Threads each search may use (default: one per core). The answer
        /// never depends on it; where several shortest sequences exist, the
        /// witness shown may.
        #[arg(long, value_name = "N")]
        threads: Option<usize>,
        /// Also write one SVG picture a puzzle into DIR: the start board and each
        /// step of every witness, side by side.
        #[arg(long, value_name = "DIR")]
        svg: Option<PathBuf>,
        /// Files to solve at once (default 1); the report keeps the sorted order.
        #[arg(long, short = 'j', value_name = "N")]
        jobs: Option<usize>,
    },
    /// Parse and validate files without answering their queries.
    #[command(after_help = "Example:\n  puzzle check puzzles/\n\nExit status: 0 all valid; 2 a file is invalid.")]
    Check {
        /// Files, or directories searched for `*.puzzle` files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Rewrite files in the canonical layout (comments and meaning kept).
    #[command(
        after_help = "Examples:\n  puzzle fmt puzzles/\n  puzzle fmt --check puzzles/   # in CI: exit 1 and list what would change\n\n\
                            Exit status: 0 done (or, with --check, nothing to change); 1 with --check, a file would \
                            change; 2 a file has a syntax error or cannot be written."
    )]
    Fmt {
        /// Files, or directories searched for `*.puzzle` files.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Change nothing: list the files that are not in the canonical layout.
        #[arg(long)]
        check: bool,
    },
    /// Print a commented template to start a new puzzle from.
    #[command(
        after_help = "Examples:\n  puzzle new 2048 > my.puzzle\n  puzzle new blockgame --size 6x8 > blocks.puzzle"
    )]
    New {
        /// Which game.
        #[arg(value_enum)]
        game: NewGame,
        /// The board's size as HEIGHTxWIDTH (default 4x4 for 2048, 10x10 for the block game).
        #[arg(long, value_name = "HxW", value_parser = parse_size)]
        size: Option<(usize, usize)>,
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
        Command::Run { paths, json, show, explain, ascii, budget, threads, svg, jobs } => {
            batch::handle_interrupts();
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            let jobs = jobs.unwrap_or(1).max(1);
            let threads = threads.unwrap_or((cores / jobs).max(1)).max(1);
            let budget = Budget { nodes: budget, threads };
            let options = TextOptions { show, explain, ascii, style: Style { colour: stdout_colour } };
            let mut out = std::io::stdout().lock();
            let finished = batch::run(inputs(&paths), budget, true, jobs, |index, report| {
                if json {
                    return Ok(());
                }
                let separator = if index > 0 { "\n" } else { "" };
                batch::write_whole(&mut out, &format!("{separator}{}", report::render_text(report, options)))
            })
            .context("writing the report")?;
            let (reports, times): (Vec<FileReport>, Vec<_>) = finished.into_iter().unzip();
            if json {
                let puzzles: Vec<serde_json::Value> = reports.iter().map(report::render_json).collect();
                let document = serde_json::json!({ "puzzles": puzzles });
                let text = serde_json::to_string_pretty(&document)? + "\n";
                batch::write_whole(&mut out, &text).context("writing the report")?;
            } else if reports.len() > 1 {
                let text = format!("\n{}\n", report::summary(&reports, options.style));
                batch::write_whole(&mut out, &text).context("writing the report")?;
            }
            if reports.len() > 1 {
                eprintln!("{}", batch::slowest(&reports, &times, 3));
            }
            if let Some(dir) = svg {
                write_pictures(&dir, &reports)?;
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
                    Err(_) => {
                        write!(out, "{}", report::render_text(report, TextOptions { style, ..TextOptions::default() }))?
                    }
                }
            }
            if reports.len() > 1 {
                let invalid = reports.iter().filter(|r| r.outcome.is_err()).count();
                writeln!(out, "\n{} puzzles checked, {invalid} invalid", reports.len())?;
            }
            Ok(exit_code(&reports))
        }
        Command::Fmt { paths, check } => {
            let style = Style { colour: stdout_colour };
            let mut out = std::io::stdout().lock();
            let mut status = 0;
            for input in inputs(&paths) {
                let (path, outcome) = match input {
                    Input::File(path) => {
                        let outcome = format_file(&path, check);
                        (path.display().to_string(), outcome)
                    }
                    Input::Nothing(path, message) => (path, FmtOutcome::Failed(message)),
                };
                match outcome {
                    FmtOutcome::Unchanged => {}
                    FmtOutcome::Changed if check => {
                        writeln!(out, "{path}: not formatted")?;
                        status = status.max(1);
                    }
                    FmtOutcome::Changed => writeln!(out, "{path}: formatted")?,
                    FmtOutcome::Invalid(report) => {
                        write!(
                            out,
                            "{}",
                            report::render_text(&report, TextOptions { style, ..TextOptions::default() })
                        )?;
                        status = 2;
                    }
                    FmtOutcome::Failed(message) => {
                        writeln!(out, "error: {message}")?;
                        status = 2;
                    }
                }
            }
            Ok(ExitCode::from(status))
        }
        Command::New { game, size } => {
            let (height, width) = size.unwrap_or(match game {
                NewGame::Twenty48 => (4, 4),
                NewGame::Blockgame => (10, 10),
            });
            if height == 0 || width == 0 || height > limits::MAX_SIDE || width > limits::MAX_SIDE {
                eprintln!("error: a board is 1 to {} cells on each side, not {height}x{width}", limits::MAX_SIDE);
                return Ok(ExitCode::from(2));
            }
            print!("{}", template::new_puzzle(game, height, width));
            Ok(ExitCode::SUCCESS)
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
                    eprintln!("{}: {err}", Style { colour: stderr_colour }.bad("error"));
                    Ok(ExitCode::from(2))
                }
            }
        }
    }
}

/// The games `puzzle new` makes templates for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum NewGame {
    /// 2048 without spawns.
    #[value(name = "2048")]
    Twenty48,
    /// The Kakao 2019 block game.
    Blockgame,
}

fn parse_size(text: &str) -> Result<(usize, usize), String> {
    let (height, width) = text.split_once(['x', 'X', '×']).ok_or("write the size as HEIGHTxWIDTH, like 4x4")?;
    let number = |part: &str| part.trim().parse::<usize>().map_err(|_| format!("`{part}` is not a whole number"));
    Ok((number(height)?, number(width)?))
}

enum FmtOutcome {
    Unchanged,
    Changed,
    Invalid(FileReport),
    Failed(String),
}

/// Formats one file; writes it (atomically: a temporary file, then a rename)
/// unless `check_only`.
fn format_file(path: &Path, check_only: bool) -> FmtOutcome {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) => return FmtOutcome::Failed(format!("cannot read `{}`: {err}", path.display())),
    };
    let source = match String::from_utf8(bytes) {
        Ok(source) => source,
        // The report's own reading says where the bad byte is.
        Err(err) => {
            let path = path.display().to_string();
            return FmtOutcome::Invalid(report::process_bytes(path, err.into_bytes(), Budget::default(), false));
        }
    };
    let formatted = match format::format_source(&source) {
        Ok(formatted) => formatted,
        Err(diagnostic) => {
            return FmtOutcome::Invalid(FileReport {
                path: path.display().to_string(),
                source,
                outcome: Err(Failure::Invalid(diagnostic)),
            })
        }
    };
    if formatted == source {
        return FmtOutcome::Unchanged;
    }
    if check_only {
        return FmtOutcome::Changed;
    }
    match write_atomically(path, &formatted) {
        Ok(()) => FmtOutcome::Changed,
        Err(err) => FmtOutcome::Failed(format!("cannot write `{}`: {err}", path.display())),
    }
}

fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.fmt-{}", std::process::id()));
    std::fs::write(&temporary, text)?;
    if let Ok(metadata) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(&temporary, metadata.permissions());
    }
    std::fs::rename(&temporary, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}

/// Writes `DIR/NAME.svg` for each puzzle with something to draw, NAME being the
/// file's name without `.puzzle` (made unique with `-2`, `-3`, … if needed).
fn write_pictures(dir: &Path, reports: &[FileReport]) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating `{}`", dir.display()))?;
    let mut used = std::collections::HashSet::new();
    for report in reports {
        let Some(picture) = svg::render(report) else { continue };
        let stem = Path::new(&report.path).file_stem().map_or("puzzle".into(), |s| s.to_string_lossy().into_owned());
        let mut name = stem.clone();
        let mut n = 1;
        while !used.insert(name.clone()) {
            n += 1;
            name = format!("{stem}-{n}");
        }
        let path = dir.join(format!("{name}.svg"));
        std::fs::write(&path, picture).with_context(|| format!("writing `{}`", path.display()))?;
    }
    Ok(())
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
pub enum Input {
    /// A file to read.
    File(PathBuf),
    /// A path that gave no file, and why.
    Nothing(String, String),
}

impl Input {
    /// Reads and answers (or only checks) the input.
    pub fn process(self, budget: Budget, answer: bool) -> FileReport {
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
