//! `puzzle fmt`: rewrite files in the canonical layout, or with `--check`
//! list the files that are not in it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::Colours;
use crate::answer::Budget;
use crate::files::{inputs, Input};
use crate::language::format::format_source;
use crate::output;
use crate::render::text::{render_text, TextOptions};
use crate::report::{process_bytes, Failure, FileReport};
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
/// unless `check_only`.
fn format_file(path: &Path, check_only: bool) -> Outcome {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) => return Outcome::Failed(format!("cannot read `{}`: {err}", path.display())),
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
        Ok(formatted) => formatted,
        Err(error) => {
            let path = path.display().to_string();
            return Outcome::Invalid(FileReport { path, source, outcome: Err(Failure::Invalid(error)) });
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
