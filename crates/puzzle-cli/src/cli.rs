//! The command line: the clap types of `puzzle` and its subcommands.

use std::path::PathBuf;

use clap::{CommandFactory, Parser, Subcommand, ValueEnum, ValueHint};

use crate::judge;
use crate::language::GameKind;

/// Answers questions about grid puzzles written in `.puzzle` files: the
/// largest tile within K moves of a 2048 board, the fewest moves to a tile, the
/// most blocks of the Kakao block game, exactly, with how.
#[derive(Debug, Parser)]
#[command(
    name = "puzzle",
    version,
    about = "Answers questions about grid puzzles written in .puzzle files, exactly, and shows how",
    long_about = None,
    after_help = "Examples:\n  puzzle new 2048 > mine.puzzle\n  puzzle run mine.puzzle --explain\n  \
                  puzzle run --bless puzzles/\n\nThe language: docs/format.md. A PATH of `-` is standard input."
)]
pub struct Cli {
    /// When to colour the output (auto: on a terminal, by NO_COLOR, CLICOLOR,
    /// CLICOLOR_FORCE and TERM).
    #[arg(long, value_enum, default_value_t = ColourChoice::Auto, global = true)]
    pub color: ColourChoice,
    /// Print only what went wrong: of `run`'s report, the answers that failed
    /// their `expect`, stopped at the budget or have none, under their file's
    /// head; no summary, timings or progress bar, nor the files blessed or
    /// formatted.
    #[arg(long, short = 'q', global = true)]
    pub quiet: bool,
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
                            Exit status: 2 if a file is unreadable or invalid or a query has no answer; else 1 if \
                            an `expect` failed; else 3 if a search stopped at its budget (the answer is marked \
                            incomplete, with what is proven); else 0."
    )]
    Run {
        /// Files, or directories searched for `*.puzzle` files (in sorted
        /// order); `-` reads standard input.
        #[arg(required = true, value_hint = ValueHint::AnyPath)]
        paths: Vec<PathBuf>,
        /// Print one JSON document instead of the text report.
        #[arg(long)]
        json: bool,
        /// Write each query's proven answer as its `expect` line: add the
        /// missing ones, rewrite the failing ones, keep everything else.
        #[arg(long, conflicts_with = "json")]
        bless: bool,
        /// With --bless: change nothing, print the diff of what would change
        /// (exit 1 if anything would).
        #[arg(long, requires = "bless")]
        check: bool,
        /// Also print the starting board and the board after each answer
        /// (with spawns, after its move, before the spawn).
        #[arg(long, conflicts_with_all = ["json", "bless"])]
        show: bool,
        /// Explain each answer step by step: the board after every move (merges
        /// marked), or every removal with its black cells, and why blocks stay.
        #[arg(long, conflicts_with_all = ["json", "bless"])]
        explain: bool,
        /// Print in pure ASCII: boards without Unicode box drawing, every
        /// other character escaped, the progress bar too.
        #[arg(long)]
        ascii: bool,
        /// The most boards a search may visit, counted as one thread searches
        /// (the same stop on any --threads), before it stops and reports the
        /// best found with what is proven (default: a few seconds' worth for
        /// the board's size). `best-move`
        /// and `play` at a `depth` written in the file search each move within
        /// it; at their default depth they need none. `play` games run to
        /// their end without it; with it, each of N games may try BOARDS / N
        /// moves.
        #[arg(long, value_name = "BOARDS", value_parser = whole_number(1, u64::MAX), allow_negative_numbers = true, value_hint = ValueHint::Other)]
        budget: Option<u64>,
        /// Threads each search may use (default: one per core). Nothing of
        /// the answer depends on it: not its witness, and not where a budget
        /// stops a search. Threads the system refuses (a limit on memory or
        /// threads) leave their work to the others.
        #[arg(long, value_name = "N", value_parser = whole_number(1, 1024), allow_negative_numbers = true, value_hint = ValueHint::Other)]
        threads: Option<u64>,
        /// Also write one SVG picture a puzzle into DIR: the start board and each
        /// step of every witness, side by side.
        #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
        svg: Option<PathBuf>,
        /// Files to solve at once (default 1); the report keeps the sorted order.
        #[arg(long, short = 'j', value_name = "N", value_parser = whole_number(1, 1024), allow_negative_numbers = true, value_hint = ValueHint::Other)]
        jobs: Option<u64>,
    },
    /// Parse and validate files without answering their queries.
    #[command(after_help = "Example:\n  puzzle check puzzles/\n  puzzle check - < mine.puzzle\n\n\
                            Exit status: 0 all valid; 2 a file is invalid or unreadable.")]
    Check {
        /// Files, or directories searched for `*.puzzle` files; `-` reads
        /// standard input.
        #[arg(required = true, value_hint = ValueHint::AnyPath)]
        paths: Vec<PathBuf>,
        /// Print one JSON document of the errors instead of the text report.
        #[arg(long)]
        json: bool,
    },
    /// Rewrite files in the canonical layout (comments and meaning kept).
    #[command(
        after_help = "Examples:\n  puzzle fmt puzzles/\n  puzzle fmt --check puzzles/   # in CI: exit 1 and show the diff\n  \
                            puzzle fmt - < mine.puzzle     # format on save: the text on stdout\n\n\
                            Exit status: 0 done (or, with --check, nothing to change); 1 with --check, a file would \
                            change; 2 a file has a syntax error or cannot be written."
    )]
    Fmt {
        /// Files, or directories searched for `*.puzzle` files; `-` formats
        /// standard input to standard output.
        #[arg(required = true, value_hint = ValueHint::AnyPath)]
        paths: Vec<PathBuf>,
        /// Change nothing: show the diff of each file not in the canonical layout.
        #[arg(long)]
        check: bool,
    },
    /// Play 2048 with spawns in the terminal: arrows, `w s d` or `k j l` to move, `u` undo,
    /// `h` hint, `a` the engine plays, `n` new game, `q` quit.
    #[command(after_help = "Examples:\n  puzzle play\n  puzzle play --size 5x5 --seed 42\n  puzzle play \
                            puzzles/spawns-engine.puzzle\n\n\
                            Keys: the arrows, w s d and k j l move (h and a are commands: the left arrow, A or \
                            H move left); u undoes a move (the same move then brings the same spawn); h or ? shows \
                            the engine's move with each move's value; a lets the engine play until the next \
                            key; n starts a new game (twice in a game in progress); q, Esc or Ctrl-C quits; Ctrl-Z \
                            suspends until fg; Ctrl-L draws again. The \
                            terminal is restored on every way out.")]
    Play {
        /// A 2048 puzzle to start from (its board and spawn law; a board of
        /// empty cells starts a new game).
        #[arg(value_hint = ValueHint::FilePath)]
        file: Option<PathBuf>,
        /// A new game's board as HEIGHTxWIDTH (default 4x4), without FILE.
        #[arg(long, value_name = "HxW", value_parser = parse_size, conflicts_with = "file", value_hint = ValueHint::Other)]
        size: Option<(usize, usize)>,
        /// The seed of the spawns (default: from the clock, shown on screen).
        #[arg(long, value_name = "S", value_parser = whole_number(0, u64::MAX), allow_negative_numbers = true, value_hint = ValueHint::Other)]
        seed: Option<u64>,
    },
    /// Print a commented template to start a new puzzle from.
    #[command(
        after_help = "Examples:\n  puzzle new 2048 > my.puzzle\n  puzzle new 2048 --spawns > game.puzzle\n  puzzle new \
                      blockgame --size 6x8 > blocks.puzzle"
    )]
    New {
        /// Which game.
        #[arg(value_enum)]
        game: GameKind,
        /// The board's size as HEIGHTxWIDTH (default 4x4 for 2048, 10x10 for the block game).
        #[arg(long, value_name = "HxW", value_parser = parse_size, value_hint = ValueHint::Other)]
        size: Option<(usize, usize)>,
        /// 2048 with spawns, the game as it is played: `chance`, `best-move` and `play`.
        #[arg(long)]
        spawns: bool,
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
    /// Print a completion script for a shell.
    #[command(after_help = "Example:\n  puzzle completions bash > ~/.local/share/bash-completion/completions/puzzle")]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Serve the Language Server Protocol on stdin and stdout, for editors.
    #[command(
        after_help = "Example (Neovim): see editors/nvim/puzzle.lua\n\nThe server publishes the errors (up to 1,000) as you \
                            type, formats, shows each query's answer beside it and in full on hover, offers the \
                            answers as `expect` lines, completes and highlights."
    )]
    Lsp,
    /// Print the man page (roff), or a command's.
    #[command(after_help = "Examples:\n  puzzle man > ~/.local/share/man/man1/puzzle.1\n  \
                            puzzle man run > ~/.local/share/man/man1/puzzle-run.1")]
    Man {
        /// The command whose page to print (`puzzle-run(1)` for `run`); the
        /// page of `puzzle` itself without it.
        #[arg(value_name = "COMMAND", value_parser = clap::builder::PossibleValuesParser::new(COMMANDS))]
        command: Option<String>,
    },
}

/// The command line, ready to name its commands and print their pages:
/// `puzzle run`'s page is `puzzle-run(1)`.
pub fn built() -> clap::Command {
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    command
}

/// The names of `puzzle`'s commands, for `puzzle man COMMAND` (and its
/// completion); a test keeps them those of [`Command`].
const COMMANDS: [&str; 9] = ["run", "check", "fmt", "play", "new", "judge", "completions", "lsp", "man"];

/// A whole number from `low` to `high`, told in those words when it is not:
/// clap's own parser calls `-1` an unexpected argument and `0` "not in
/// 1..1025", a Rust range.
fn whole_number(low: u64, high: u64) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    move |text| match text.trim().parse::<u64>() {
        Ok(number) if (low..=high).contains(&number) => Ok(number),
        _ => Err(format!("`{text}` is not a whole number from {low} to {high}")),
    }
}

fn parse_size(text: &str) -> Result<(usize, usize), String> {
    const HOW: &str = "write the size as HEIGHTxWIDTH, like 4x4";
    let (height, width) = text.split_once(['x', 'X', '×']).ok_or(HOW)?;
    if width.contains(['x', 'X', '×']) {
        return Err(HOW.to_string()); // `4x4x4`: not a width
    }
    let number = |part: &str, side: &str| {
        let part = part.trim();
        part.parse::<usize>().map_err(|err| match err.kind() {
            std::num::IntErrorKind::Empty => format!("the {side} is missing: {HOW}"),
            std::num::IntErrorKind::PosOverflow => format!("`{part}` is more cells than any side can have"),
            _ => format!("`{part}` is not a whole number"),
        })
    };
    Ok((number(height, "height")?, number(width, "width")?))
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn the_commands_man_offers_are_the_commands() {
        let command = super::built();
        let names: Vec<&str> = command.get_subcommands().map(clap::Command::get_name).collect();
        assert_eq!(names, super::COMMANDS);
    }

    #[test]
    fn a_size_is_two_whole_numbers_and_anything_else_says_how_to_write_one() {
        let check = |text: &str, expected: Result<(usize, usize), &str>| {
            assert_eq!(parse_size(text), expected.map_err(str::to_string), "{text:?}");
        };
        check("4x4", Ok((4, 4)));
        check("3X5", Ok((3, 5)));
        check("20×20", Ok((20, 20)));
        check(" 2 x 8 ", Ok((2, 8)));
        check("4", Err("write the size as HEIGHTxWIDTH, like 4x4"));
        check("4x4x4", Err("write the size as HEIGHTxWIDTH, like 4x4"));
        check("four", Err("write the size as HEIGHTxWIDTH, like 4x4"));
        check("fourx4", Err("`four` is not a whole number"));
        check("4x-1", Err("`-1` is not a whole number"));
        check("4x", Err("the width is missing: write the size as HEIGHTxWIDTH, like 4x4"));
        check(" x4", Err("the height is missing: write the size as HEIGHTxWIDTH, like 4x4"));
        check("18446744073709551616x1", Err("`18446744073709551616` is more cells than any side can have"));
    }
}
