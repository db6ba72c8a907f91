//! `puzzle run`: answer every query of each file and check its `expect` lines.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;

use super::{exit_code, Colours};
use crate::answer::Budget;
use crate::batch;
use crate::files::inputs;
use crate::output;
use crate::render::{json::render_json, svg, text};
use crate::report::FileReport;
use crate::signals;
use crate::style::{self, Style};

/// The flags of `puzzle run`.
pub(super) struct Options {
    pub(super) json: bool,
    pub(super) show: bool,
    pub(super) explain: bool,
    pub(super) ascii: bool,
    pub(super) budget: Option<u64>,
    pub(super) threads: Option<u64>,
    pub(super) svg: Option<PathBuf>,
    pub(super) jobs: Option<u64>,
}

/// Answers the files of `paths`, printing each report as soon as it and all
/// before it are done.
pub(super) fn run(paths: &[PathBuf], options: Options, colour: Colours) -> anyhow::Result<ExitCode> {
    signals::handle_signals();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = options.jobs.map_or(1, |jobs| jobs as usize);
    let threads = options.threads.map_or((cores / jobs).max(1), |threads| threads as usize);
    let budget = Budget { nodes: options.budget, threads };
    let style = Style { colour: colour.stdout };
    let (ascii, truecolor) = (options.ascii, colour.truecolor);
    let text_options = text::TextOptions { show: options.show, explain: options.explain, ascii, style, truecolor };
    // `--ascii`: the whole report in ASCII, the file's own text included.
    let in_ascii = |text: String| if ascii { style::ascii(&text) } else { text };
    let json = options.json;
    let finished = batch::run(inputs(paths), budget, true, jobs, |index, report| {
        if json {
            return Ok(());
        }
        let separator = if index > 0 { "\n" } else { "" };
        output::stdout(&in_ascii(format!("{separator}{}", text::render_text(report, text_options))))
    })
    .context("writing the report")?;
    let (reports, times): (Vec<FileReport>, Vec<_>) = finished.into_iter().unzip();
    if json {
        let puzzles: Vec<serde_json::Value> = reports.iter().map(render_json).collect();
        let document = serde_json::json!({ "puzzles": puzzles });
        let text = serde_json::to_string_pretty(&document)? + "\n";
        output::stdout(&text).context("writing the report")?;
    } else if reports.len() > 1 {
        let text = in_ascii(format!("\n{}\n", text::summary(&reports, style)));
        output::stdout(&text).context("writing the report")?;
    }
    if reports.len() > 1 {
        output::stderr(&format!("{}\n", batch::slowest(&reports, &times, 3)));
    }
    if let Some(dir) = options.svg {
        write_pictures(&dir, &reports)?;
    }
    Ok(exit_code(&reports))
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
