//! `puzzle check`: parse and validate files without answering their queries.

use std::path::PathBuf;
use std::process::ExitCode;

use super::{exit_code, Colours};
use crate::answer::Budget;
use crate::files::inputs;
use crate::language::errors::count;
use crate::output;
use crate::render::text::{diagnostics_text, render_text, TextOptions};
use crate::report::FileReport;
use crate::style::Style;

/// Checks the files of `paths`: each invalid one's errors on stderr (or all
/// in one JSON document on stdout), then one line of summary.
pub(super) fn check(paths: &[PathBuf], json: bool, quiet: bool, colour: Colours) -> anyhow::Result<ExitCode> {
    let reports: Vec<FileReport> =
        inputs(paths).into_iter().map(|input| input.process(Budget::default(), false, &mut |_| {})).collect();
    let code = exit_code(&reports);
    if json {
        let document = crate::render::json::document(&reports, if code == ExitCode::SUCCESS { 0 } else { 2 });
        output::stdout(&(serde_json::to_string_pretty(&document)? + "\n"))?;
        return Ok(code);
    }
    let error_style = Style { colour: colour.stderr };
    for report in &reports {
        match &report.outcome {
            Err(_) => {
                output::diagnostics(&render_text(report, TextOptions { style: error_style, ..TextOptions::default() }))
            }
            // No warnings: no text.
            Ok(solved) => {
                output::diagnostics(&diagnostics_text(&report.path, &report.source, &solved.warnings, error_style))
            }
        }
    }
    let invalid = reports.iter().filter(|r| r.outcome.is_err()).count();
    if !quiet {
        let style = Style { colour: colour.stdout };
        let line = format!(
            "{} checked: {}",
            count(reports.len(), "file"),
            match invalid {
                0 => style.good("all valid"),
                _ => style.bad(&format!("{} invalid", count(invalid, "file"))),
            }
        );
        output::stdout(&format!("{line}\n"))?;
    }
    Ok(code)
}
