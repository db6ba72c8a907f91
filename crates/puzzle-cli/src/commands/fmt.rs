//! `puzzle fmt`: rewrite files in the canonical layout, or with `--check`
//! list the files that are not in it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::Colours;
use crate::answer::Budget;
use crate::files::{inputs, Input};
use crate::language::format::format_source;
use crate::output;
use crate::render::text::{render_text, TextOptions};
use crate::report::{process_bytes, read_capped, Failure, FileReport};
use crate::style::Style;

/// Formats the files of `paths` in place (or, with `check`, only says which
/// would change).
pub(super) fn fmt(paths: &[PathBuf], check: bool, colour: Colours) -> anyhow::Result<ExitCode> {
    let style = Style { colour: colour.stdout };
    let mut status = 0;
    for input in inputs(paths) {
        let (path, outcome) = match input {
            Input::File(path) => {
                let outcome = format_file(&path, check);
                (path.display().to_string(), outcome)
            }
            Input::Nothing(path, message) => (path, Outcome::Failed(message)),
        };
        match outcome {
            Outcome::Unchanged => {}
            Outcome::Changed if check => {
                output::stdout(&format!("{path}: not formatted\n"))?;
                status = status.max(1);
            }
            Outcome::Changed => output::stdout(&format!("{path}: formatted\n"))?,
            Outcome::Invalid(report) => {
                output::stdout(&render_text(&report, TextOptions { style, ..TextOptions::default() }))?;
                status = 2;
            }
            Outcome::Failed(message) => {
                output::stdout(&format!("error: {message}\n"))?;
                status = 2;
            }
        }
    }
    Ok(ExitCode::from(status))
}

enum Outcome {
    Unchanged,
    Changed,
    Invalid(FileReport),
    Failed(String),
}

/// Formats one file; writes it (atomically: a temporary file, then a rename)
/// unless `check_only`. A symbolic link is formatted through: its target is
/// rewritten, the link stays. The file keeps its permissions and its line
/// ends (CRLF stays CRLF).
fn format_file(path: &Path, check_only: bool) -> Outcome {
    let bytes = match read_capped(path) {
        Ok(bytes) => bytes,
        Err(message) => return Outcome::Failed(message),
    };
    let source = match String::from_utf8(bytes) {
        Ok(source) => source,
        // The report's own reading says where the bad byte is.
        Err(err) => {
            let path = path.display().to_string();
            return Outcome::Invalid(process_bytes(path, err.into_bytes(), Budget::default(), false));
        }
    };
    let formatted = match format_source(&source) {
        Ok(formatted) => with_line_ends_of(&source, formatted),
        Err(error) => {
            let path = path.display().to_string();
            return Outcome::Invalid(FileReport { path, source, outcome: Err(Failure::Invalid(vec![error])) });
        }
    };
    if formatted == source {
        return Outcome::Unchanged;
    }
    if check_only {
        return Outcome::Changed;
    }
    match write_atomically(path, &formatted) {
        Ok(()) => Outcome::Changed,
        Err(err) => Outcome::Failed(format!("cannot write `{}`: {err}", path.display())),
    }
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

/// Replaces the file `path` points to with `text`: written to a temporary
/// file of an unpredictable name, created exclusively (`O_EXCL`) beside the
/// target, given the target's permissions, then renamed over it. On any
/// error the temporary file is removed.
fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let target = std::fs::canonicalize(path)?;
    let dir = target.parent().unwrap_or(Path::new("."));
    let mut temporary = tempfile::Builder::new().prefix(".puzzle-fmt-").tempfile_in(dir)?;
    temporary.write_all(text.as_bytes())?;
    temporary.as_file().sync_all()?;
    let permissions = std::fs::metadata(&target)?.permissions();
    temporary.as_file().set_permissions(permissions)?;
    temporary.persist(&target).map_err(|err| err.error)?;
    Ok(())
}
