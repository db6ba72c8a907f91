//! `puzzle check`: parse and validate files without answering their queries.

use std::path::PathBuf;
use std::process::ExitCode;

use super::{exit_code, Colours};
use crate::answer::Budget;
use crate::files::inputs;
use crate::output;
use crate::render::text::{render_text, TextOptions};
use crate::report::FileReport;
use crate::style::Style;

/// Checks the files of `paths`: `ok` for each valid one, its error for each
/// other.
pub(super) fn check(paths: &[PathBuf], colour: Colours) -> anyhow::Result<ExitCode> {
    let reports: Vec<FileReport> =
        inputs(paths).into_iter().map(|input| input.process(Budget::default(), false)).collect();
    let style = Style { colour: colour.stdout };
    for report in &reports {
        match &report.outcome {
            Ok(_) => output::stdout(&format!("{}: ok\n", report.path))?,
            Err(_) => output::stdout(&render_text(report, TextOptions { style, ..TextOptions::default() }))?,
        }
    }
    if reports.len() > 1 {
        let invalid = reports.iter().filter(|r| r.outcome.is_err()).count();
        output::stdout(&format!("\n{} puzzles checked, {invalid} invalid\n", reports.len()))?;
    }
    Ok(exit_code(&reports))
}
