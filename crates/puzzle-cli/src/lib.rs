//! The `.puzzle` language and the `puzzle` command.
//!
//! The main type is [`language::Puzzle`], the checked, typed form of a
//! `.puzzle` file that [`language::parse`] builds from text; its game's board
//! and queries are typed per game, so a query of one game cannot stand on the
//! other's board. [`answer`] answers its queries through the rules crates,
//! [`report`] reads and answers one file, and [`render`] draws the answers as
//! text, JSON, explanations and SVG pictures.
//!
//! Design decision: the grammar reads every value (tiles, ids, numbers, moves,
//! game names) as a plain word, and the checks after it give each word its
//! meaning. That way a bad value is reported at its own span with a message
//! that names what is allowed ([`language::ErrorKind`]: one message and help
//! each), instead of a parser's list of expected tokens.
//!
//! | module | what it holds |
//! |---|---|
//! | [`language`] | grammar, typed tree, parse, check, errors, `fmt`, templates |
//! | [`answer`] | answers per game, their [`answer::Status`] |
//! | `activity` | what each running file's query is doing, for the progress bar |
//! | [`report`] | one file read, parsed and answered, watched as its report grows |
//! | [`bless`] | the proven answers written as `expect` lines |
//! | [`render`] | text, JSON, `--explain`, `--svg`, the palette |
//! | `replay` | the steps of an answer both `--explain` and `--svg` draw |
//! | [`diagnostic`], [`style`] | errors drawn at their place; the one painter of colour |
//! | `files`, `batch` | the inputs of a run (walked as ripgrep walks, each file once); many files on several threads, each answer shown once found |
//! | `writing` | how `fmt` and `--bless` write a file: only its text changes |
//! | `output`, `signals` | stdout in whole pieces, a closed pipe ends the run; death by the signal that came |
//! | [`judge`], [`limits`] | the online judges' formats; every limit on input |
//! | `cli`, `commands` | the command line and one function per subcommand |
//! | [`lsp`] | `puzzle lsp`, the language server |
//!
//! This crate is the only one that touches files, terminals, pest, clap and
//! anyhow; the rules crates know nothing of it. With `default-features =
//! false` the library builds without clap, anyhow, indicatif, signal-hook,
//! crossterm or lsp-server, and still parses, checks, formats and answers
//! puzzles.
#![forbid(unsafe_code)]

mod activity;
pub mod answer;
#[cfg(feature = "cli")]
mod batch;
pub mod bless;
#[cfg(feature = "cli")]
pub mod cli;
#[cfg(feature = "cli")]
mod commands;
pub mod diagnostic;
#[cfg(feature = "cli")]
pub mod files;
pub mod judge;
pub mod language;
pub mod limits;
#[cfg(feature = "cli")]
pub mod lsp;
#[cfg(feature = "cli")]
mod output;
pub mod render;
mod replay;
pub mod report;
#[cfg(feature = "cli")]
mod signals;
pub mod style;
#[cfg(feature = "cli")]
pub mod writing;

#[cfg(feature = "cli")]
pub use commands::run;

/// The examples of the crate's README, run as doc tests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
