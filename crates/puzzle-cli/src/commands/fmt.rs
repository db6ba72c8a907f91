//! `puzzle fmt`: rewrite files in the canonical layout, or with `--check`
//! show the diff of those that are not in it; `-` formats standard input.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::{diff, Colours};
use crate::answer::Budget;
use crate::files::{inputs, read_stdin, Input, STDIN};
use crate::language::format::format_source;
use crate::output;
use crate::render::text::{render_text, TextOptions};
use crate::report::{process_bytes, read_capped, Failure, FileReport, ReadError};
use crate::signals;
use crate::style::{visible, Style};
use crate::writing::{rewrite, write_failure};

/// Formats the files of `paths` in place (or, with `check`, shows the diff
/// of those that would change); `-` formats standard input to stdout.
/// `quiet`: a file formatted goes unsaid.
pub(super) fn fmt(paths: &[PathBuf], check: bool, quiet: bool, colour: Colours) -> anyhow::Result<ExitCode> {
    signals::handle_signals();
    let style = Style { colour: colour.stdout };
    let error_style = Style { colour: colour.stderr };
    let mut status = 0;
    for input in inputs(paths) {
        // A file may be named as standard input is shown: ask the input.
        let from_stdin = matches!(input, Input::Stdin(_));
        let (path, outcome) = match input {
            Input::File(path) => {
                crate::files::tell_how_to_end_if_a_terminal(&path);
                let outcome = format_file(&path, read_capped(&path), check);
                (path.display().to_string(), outcome)
            }
            Input::Typed(path, read) => {
                let outcome = format_file(&path, read, check);
                (path.display().to_string(), outcome)
            }
            Input::Stdin(read) => (STDIN.to_string(), format_stdin(read.unwrap_or_else(read_stdin), check)),
            Input::Nothing(path, message) => (path, Outcome::Failed(message)),
        };
        match outcome {
            Outcome::Unchanged { text: Some(text) } => output::stdout(&text)?,
            Outcome::Unchanged { .. } => {}
            Outcome::Changed { before, after } if check => {
                output::stdout(&diff(&path, &before, &after, style))?;
                status = status.max(1);
            }
            Outcome::Changed { after, .. } if from_stdin => output::stdout(&after)?,
            Outcome::Changed { .. } if quiet => {}
            Outcome::Changed { .. } => output::stdout(&format!("{}: formatted\n", visible(&path)))?,
            Outcome::Invalid(report) => {
                output::diagnostics(&render_text(
                    &report,
                    TextOptions { style: error_style, ..TextOptions::default() },
                ));
                status = 2;
            }
            Outcome::Failed(message) => {
                output::error(&message, error_style);
                status = 2;
            }
        }
    }
    Ok(ExitCode::from(status))
}

enum Outcome {
    /// Already formatted; the text, for standard input without `--check`
    /// (printed back).
    Unchanged {
        text: Option<String>,
    },
    /// Formatted: the text before and after.
    Changed {
        before: String,
        after: String,
    },
    Invalid(Box<FileReport>),
    Failed(String),
}

/// Formats standard input, `read`, to be printed on stdout.
fn format_stdin(read: Result<Vec<u8>, ReadError>, check: bool) -> Outcome {
    let bytes = match read {
        Ok(bytes) => bytes,
        Err(ReadError::Io(err)) => return Outcome::Failed(format!("cannot read standard input: {err}")),
        Err(ReadError::TooLarge) => {
            return Outcome::Failed("standard input is larger than the limit for a puzzle".into())
        }
    };
    match format_bytes(STDIN, bytes) {
        Ok((source, formatted)) if source == formatted => Outcome::Unchanged { text: (!check).then_some(source) },
        Ok((before, after)) => Outcome::Changed { before, after },
        Err(outcome) => outcome,
    }
}

/// The text read and its canonical layout, with the line ends of the text,
/// or why there is none.
fn format_bytes(path: &str, bytes: Vec<u8>) -> Result<(String, String), Outcome> {
    let source = match String::from_utf8(bytes) {
        Ok(source) => source,
        // The report's own reading says where the bad byte is.
        Err(err) => {
            return Err(Outcome::Invalid(Box::new(process_bytes(
                path.to_string(),
                err.into_bytes(),
                Budget::default(),
                false,
            ))))
        }
    };
    match format_source(&source) {
        Ok(formatted) => {
            let formatted = with_line_ends_of(&source, formatted);
            Ok((source, formatted))
        }
        Err(error) => {
            // Every error of the file, as `puzzle check` tells them (a
            // look-alike told as one, not as the word it makes); the
            // formatter's own if the check finds none.
            let checked = process_bytes(path.to_string(), source.clone().into_bytes(), Budget::default(), false);
            let report = match checked.outcome {
                Err(Failure::Invalid(_)) => checked,
                _ => FileReport { path: path.to_string(), source, outcome: Err(Failure::Invalid(vec![error])) },
            };
            Err(Outcome::Invalid(Box::new(report)))
        }
    }
}

/// Formats one file, `read` from `path`; writes it (as [`rewrite`] says)
/// unless `check_only`. A symbolic link is formatted through: its target is
/// rewritten, the link stays. The file keeps its line ends (CRLF stays
/// CRLF).
fn format_file(path: &Path, read: Result<Vec<u8>, String>, check_only: bool) -> Outcome {
    let bytes = match read {
        Ok(bytes) => bytes,
        Err(message) => return Outcome::Failed(message),
    };
    let (before, after) = match format_bytes(&path.display().to_string(), bytes) {
        Ok(texts) => texts,
        Err(outcome) => return outcome,
    };
    if before == after {
        return Outcome::Unchanged { text: None };
    }
    if !check_only {
        if let Err(err) = rewrite(path, &before, &after) {
            return Outcome::Failed(write_failure(&path.display().to_string(), &err));
        }
    }
    Outcome::Changed { before, after }
}

/// `formatted` (with `\n` line ends) with the line ends of `source`: CRLF
/// when its first line ends so.
fn with_line_ends_of(source: &str, formatted: String) -> String {
    let first_end = source.find('\n');
    if first_end.is_some_and(|at| source[..at].ends_with('\r')) {
        formatted.replace('\n', "\r\n")
    } else {
        formatted
    }
}
