//! `puzzle run`: answer every query of each file and check its `expect` lines
//! (or, with `--bless`, write them).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;

use super::{diff, exit_code, Colours};
use crate::answer::{Budget, Status};
use crate::batch;
use crate::bless::bless;
use crate::files::{inputs, typed_first};
use crate::language::errors::count;
use crate::output;
use crate::render::{json, svg, text};
use crate::report::{FileReport, Growing};
use crate::signals;
use crate::style::{self, Style};
use crate::writing::{rewrite, write_atomically, write_failure, write_new};

/// The flags of `puzzle run`.
pub(super) struct Options {
    pub(super) json: bool,
    pub(super) bless: bool,
    pub(super) check: bool,
    pub(super) show: bool,
    pub(super) explain: bool,
    pub(super) ascii: bool,
    pub(super) budget: Option<u64>,
    pub(super) threads: Option<u64>,
    pub(super) svg: Option<PathBuf>,
    pub(super) jobs: Option<u64>,
    pub(super) quiet: bool,
}

/// A part of a valid file's report, made while it is answered.
struct Part {
    /// The file's first part: it has parsed, and no query is answered yet.
    head: bool,
    /// Its warnings (on the first part only), for stderr.
    warnings: String,
    /// Its report's head, or the answer just found, for stdout (empty with
    /// `--json` or `--bless`, which write once the run is done).
    report: String,
    /// With `-q`, the answer just found failed its `expect`, stopped at its
    /// budget or has none: what `-q` still shows.
    went_wrong: bool,
}

/// Whether the slowest files are worth naming (on stderr): they are among
/// several, the run is not quiet, and the slowest took a second or more.
fn worth_naming_the_slowest(quiet: bool, files: usize, slowest: Duration) -> bool {
    !quiet && files > 1 && slowest >= Duration::from_secs(1)
}

/// Answers the files of `paths`, printing each report on stdout as it grows
/// (each answer as soon as it and all before it are found), and each invalid
/// file's errors on stderr.
pub(super) fn run(paths: &[PathBuf], options: Options, colour: Colours) -> anyhow::Result<ExitCode> {
    signals::handle_signals();
    // The pictures' directory before the answers, which may take minutes: a
    // path that cannot be one is told at once.
    if let Some(dir) = &options.svg {
        crate::writing::create_directory(dir).with_context(|| {
            format!("cannot create the directory `{}` for --svg", style::visible(&dir.display().to_string()))
        })?;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = options.jobs.map_or(1, |jobs| jobs as usize);
    let threads = options.threads.map_or(threads_per_job(cores, jobs), |threads| threads as usize);
    let budget = Budget { nodes: options.budget, threads, chance_boards: None };
    let style = Style { colour: colour.stdout };
    let error_style = Style { colour: colour.stderr };
    let (ascii, truecolor) = (options.ascii, colour.truecolor);
    let text_options = text::TextOptions { show: options.show, explain: options.explain, ascii, style, truecolor };
    // `--ascii`: the whole report in ASCII, the file's own text included.
    let in_ascii = |text: String| if ascii { style::ascii(&text) } else { text };
    let report_text = !options.json && !options.bless;
    let bar = match (options.quiet, ascii) {
        (true, _) => batch::Bar::Hidden,
        (false, true) => batch::Bar::Ascii,
        (false, false) => batch::Bar::Unicode,
    };
    // A valid file's warnings go to stderr as soon as it has parsed, and
    // its report to stdout as it grows: its head, then each answer once found
    // (so that a long query leaves the answers before it on screen).
    let part = |growing: &Growing| {
        let answers = growing.answered.count();
        // No warnings make no text.
        let warnings = match answers {
            0 => in_ascii(text::diagnostics_text(growing.path, growing.source, growing.warnings, error_style)),
            _ => String::new(),
        };
        let report = match (report_text, answers) {
            (false, _) => String::new(),
            (true, 0) => in_ascii(text::head_text(growing.path, growing.name, growing.answered, text_options)),
            (true, n) => in_ascii(text::result_text(growing.answered, n - 1, text_options)),
        };
        let went_wrong = options.quiet && answers > 0 && growing.answered.status(answers - 1) != Status::Ok;
        Part { head: answers == 0, warnings, report, went_wrong }
    };
    let mut reported = 0;
    // With `-q`, a file's head waits for its first answer that went wrong,
    // and is never shown if none does.
    let mut quiet_head: Option<String> = None;
    let finished = batch::run(typed_first(inputs(paths)), budget, true, jobs, bar, part, |shown| match shown {
        batch::Shown::Part(Part { head, warnings, report, went_wrong }) => {
            output::diagnostics(&warnings);
            if report.is_empty() {
                return Ok(());
            }
            let (head, report) = match (options.quiet, head) {
                (false, _) => (head, report),
                (true, true) => {
                    quiet_head = Some(report);
                    return Ok(());
                }
                (true, false) if !went_wrong => return Ok(()),
                (true, false) => match quiet_head.take() {
                    Some(head_text) => (true, head_text + &report),
                    None => (false, report),
                },
            };
            let separator = if head && reported > 0 { "\n" } else { "" };
            reported += usize::from(head);
            output::stdout(&format!("{separator}{report}"))
        }
        // A valid file's report is all shown by now.
        batch::Shown::Done(report) => {
            if report.outcome.is_err() {
                let errors = text::render_text(report, text::TextOptions { style: error_style, ..text_options });
                output::diagnostics(&in_ascii(errors));
            }
            Ok(())
        }
    })?;
    let (mut reports, mut times, mut files) = (Vec::new(), Vec::new(), Vec::new());
    for batch::Finished { report, elapsed, file } in finished {
        reports.push(report);
        times.push(elapsed);
        files.push(file);
    }
    let mut code = exit_code(&reports);
    if options.json {
        let document = json::document(&reports, exit_status(&code));
        output::stdout(&(serde_json::to_string_pretty(&document)? + "\n"))?;
    } else if options.bless {
        let blessed = bless_all(&reports, &files, options.check, options.quiet, style, error_style)?;
        // Blessed, a failing `expect` holds: what is left is an invalid file
        // (untouched, 2), a query with no answer (2), a file that could not
        // be written (2), an `expect` an incomplete search refutes with no
        // answer to replace it (1), an incomplete search (no guess written,
        // 3), or, with --check, a file that would change (1).
        let worst = reports.iter().map(FileReport::status).max().unwrap_or(Status::Ok);
        code = ExitCode::from(match worst {
            Status::Error => 2,
            _ if blessed.unwritten => 2,
            _ if blessed.still_failing || (options.check && blessed.changed) => 1,
            _ if reports.iter().any(has_incomplete) => 3,
            _ => 0,
        });
    }
    if !options.quiet && !options.json && !options.bless && reports.len() > 1 {
        let text = in_ascii(format!("\n{}\n", text::summary(&reports, style)));
        output::stdout(&text)?;
    }
    let slowest = times.iter().max().copied().unwrap_or_default();
    if worth_naming_the_slowest(options.quiet, reports.len(), slowest) {
        output::diagnostics(&in_ascii(format!("{}\n", batch::slowest(&reports, &times, 3))));
    }
    if let Some(dir) = options.svg {
        if !write_pictures(&dir, &reports, &files, error_style) {
            code = ExitCode::from(2);
        }
    }
    Ok(code)
}

/// Without `--threads`, the cores shared among the files answered at once,
/// at least one each.
fn threads_per_job(cores: usize, jobs: usize) -> usize {
    (cores / jobs).max(1)
}

/// Whether any query of the file stopped at its budget.
fn has_incomplete(report: &FileReport) -> bool {
    report.outcome.as_ref().is_ok_and(|solved| solved.answered.tallies().iter().any(|(_, incomplete)| *incomplete))
}

/// The exit status as a number, for the JSON document's summary.
fn exit_status(code: &ExitCode) -> u8 {
    [0, 1, 2, 3].into_iter().find(|&n| ExitCode::from(n) == *code).unwrap_or(2)
}

/// What blessing every file did.
struct BlessedAll {
    /// A file changed (or, with `--check`, would).
    changed: bool,
    /// An `expect` still fails: its search stopped at the budget, and what it
    /// proved refutes the `expect` with no answer to replace it.
    still_failing: bool,
    /// A file could not be written (said on stderr).
    unwritten: bool,
}

/// Writes each valid file's proven answers as its `expect` lines (or, with
/// `check`, prints the diff): `files[i]` is the file `reports[i]` read,
/// `None` for standard input, whose blessed text is printed. A file that
/// cannot be written is told on stderr (painted by `error_style`, the report
/// by `style`), and the others are still written.
fn bless_all(
    reports: &[FileReport],
    files: &[Option<PathBuf>],
    check: bool,
    quiet: bool,
    style: Style,
    error_style: Style,
) -> anyhow::Result<BlessedAll> {
    let mut all = BlessedAll { changed: false, still_failing: false, unwritten: false };
    for (report, file) in reports.iter().zip(files) {
        let Some(blessed) = bless(report) else { continue };
        if blessed.incomplete > 0 {
            // Nothing proven to write: say which file, and what would help.
            let refuted = match (blessed.refuted, blessed.incomplete) {
                (0, _) => String::new(),
                (1, 1) => "; its `expect` is refuted by what the search proved, and still fails".into(),
                (n, all) if n == all => {
                    "; their `expect`s are refuted by what the searches proved, and still fail".into()
                }
                (1, _) => "; 1 of them fails its `expect`, refuted by what the search proved".into(),
                (n, _) => format!("; {n} of them fail their `expect`s, refuted by what the searches proved"),
            };
            all.still_failing |= blessed.refuted > 0;
            output::diagnostics(&format!(
                "note: {}: {} left alone: {} stopped at the budget, with no proven answer to write \
                 (`--budget` raises it){refuted}\n",
                style::visible(&report.path),
                count(blessed.incomplete, "query"),
                if blessed.incomplete == 1 { "its search" } else { "their searches" }
            ));
        }
        if blessed.text == report.source {
            continue;
        }
        all.changed = true;
        if check {
            output::stdout(&diff(&report.path, &report.source, &blessed.text, style))?;
            continue;
        }
        let byte_order_mark = report.outcome.as_ref().is_ok_and(|solved| solved.byte_order_mark);
        let with_mark = |text: &str| if byte_order_mark { format!("\u{feff}{text}") } else { text.to_string() };
        let text = with_mark(&blessed.text);
        let Some(file) = file else {
            output::stdout(&text)?;
            continue;
        };
        if let Err(err) = rewrite(file, &with_mark(&report.source), &text) {
            // One file that cannot be written stops none of the others.
            let message = write_failure(&report.path, &err);
            output::error(&message, error_style);
            all.unwritten = true;
            continue;
        }
        // `-q`: a file written went right.
        if quiet {
            continue;
        }
        let lines = |n: usize, what: &str| format!("{n} {what}");
        output::stdout(&format!(
            "{}: {} and {} `expect` line{}\n",
            style::visible(&report.path),
            lines(blessed.added, "added"),
            lines(blessed.rewritten, "rewritten"),
            crate::render::plural_s(blessed.added + blessed.rewritten)
        ))?;
    }
    Ok(all)
}

/// Writes `DIR/NAME.svg` for each puzzle with something to draw, NAME being the
/// file's own name without `.puzzle` (its bytes, UTF-8 or not), `stdin` for
/// standard input, made unique with `-2`, `-3`, … if needed; DIR was made
/// before the run. A picture that cannot be written is told on stderr, and
/// the others are still written; returns whether all were.
fn write_pictures(dir: &Path, reports: &[FileReport], files: &[Option<PathBuf>], error_style: Style) -> bool {
    let mut all_written = true;
    let mut used = std::collections::HashSet::new();
    for (report, file) in reports.iter().zip(files) {
        let Some(picture) = svg::render(report) else { continue };
        let stem = match file {
            Some(file) => file.file_stem().unwrap_or("puzzle".as_ref()).to_os_string(),
            None => "stdin".into(),
        };
        let mut name = stem.clone();
        let mut n = 1;
        while !used.insert(name.clone()) {
            n += 1;
            name = stem.clone();
            name.push(format!("-{n}"));
        }
        name.push(".svg");
        let path = dir.join(name);
        // A picture already there is replaced as `fmt` replaces a file: never
        // a named pipe, which would block the run until someone read it.
        let written = if path.exists() { write_atomically(&path, &picture) } else { write_new(&path, &picture) };
        if let Err(err) = written {
            let message = format!("cannot write `{}`: {err}", path.display());
            output::error(&message, error_style);
            all_written = false;
        }
    }
    all_written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cores_are_shared_among_the_jobs() {
        assert_eq!(threads_per_job(8, 1), 8);
        assert_eq!(threads_per_job(8, 3), 2);
        assert_eq!(threads_per_job(2, 4), 1, "at least one each");
    }

    #[test]
    fn the_slowest_files_are_named_when_several_took_a_second() {
        let second = Duration::from_secs(1);
        assert!(worth_naming_the_slowest(false, 2, second));
        assert!(!worth_naming_the_slowest(true, 2, second), "quiet");
        assert!(!worth_naming_the_slowest(false, 1, second), "one file");
        assert!(!worth_naming_the_slowest(false, 2, second - Duration::from_millis(1)));
    }
}
