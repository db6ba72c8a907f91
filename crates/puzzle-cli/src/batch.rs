//! Running many files: in parallel (`--jobs`), reported in sorted order, each
//! as it grows (the file next in order shows each answer as soon as it is
//! found), with a progress bar naming the files running now (and what a long
//! query in them is doing) when both stdout and stderr are terminals; without
//! it, the lines the bar would print above itself go to stderr as they come.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Mutex};
use std::thread::ThreadId;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::activity;
use crate::answer::Budget;
use crate::files::Input;
use crate::report::{FileReport, Growing};
use crate::signals;
use crate::style::{self, visible};

/// How long a run goes before it shows a progress bar.
const PROGRESS_AFTER: Duration = Duration::from_millis(700);

/// How often the bar's spinner turns, and how long the run waits for a
/// worker's message before it looks at the bar again.
const TICK: Duration = Duration::from_millis(100);

/// The progress bar a run may show (on terminals only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bar {
    /// None (`-q`: only what went wrong is printed).
    Hidden,
    /// In Unicode.
    Unicode,
    /// In pure ASCII (`--ascii`).
    Ascii,
}

/// Where the lines a long query tells as it goes (a long game's end) are
/// printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ToldLines {
    /// Above the progress bar, once it shows: when both the report and the
    /// bar go to a terminal (drawn over a pager or into a file, a bar is
    /// noise).
    AboveTheBar,
    /// To stderr as plain lines, as they come: a run of hours whose report
    /// or stderr goes to a file still tells its games as they end.
    ToStderr,
    /// Nowhere (`-q`).
    Nowhere,
}

impl ToldLines {
    fn of(bar: Bar, stdout_is_terminal: bool, stderr_draws: bool) -> ToldLines {
        match bar {
            Bar::Hidden => ToldLines::Nowhere,
            _ if stdout_is_terminal && stderr_draws => ToldLines::AboveTheBar,
            _ => ToldLines::ToStderr,
        }
    }
}

/// The fewest columns a file's name is cut to on the bar.
const LEAST_NAME_COLUMNS: usize = 16;

/// The files being answered as the bar names them, each with what it is
/// doing, in `columns`: a name too long is cut in its middle (to no fewer
/// than [`LEAST_NAME_COLUMNS`]), so that what its file is doing still shows
/// (the bar cuts its line at its end).
fn bar_message(named: &[(String, Option<String>)], columns: usize, ascii: bool) -> String {
    use unicode_width::UnicodeWidthStr;
    let doings: usize = named.iter().map(|(_, doing)| doing.as_ref().map_or(0, |doing| doing.width() + 3)).sum();
    let apart = 2 * named.len().saturating_sub(1);
    // Shared out shortest first: what a short name leaves goes to the others.
    let mut room = columns.saturating_sub(doings + apart);
    let mut by_width: Vec<usize> = (0..named.len()).collect();
    by_width.sort_by_key(|&i| named[i].0.width());
    let mut widths = vec![0; named.len()];
    for (taken, &i) in by_width.iter().enumerate() {
        let share = room / (named.len() - taken);
        widths[i] = named[i].0.width().min(share.max(LEAST_NAME_COLUMNS));
        room = room.saturating_sub(widths[i]);
    }
    let shown = named.iter().zip(widths).map(|((name, doing), width)| {
        let name = style::middle_cut(name, width);
        let name = if ascii { style::ascii(&name) } else { name.into_owned() };
        match doing {
            Some(doing) => format!("{name} ({doing})"),
            None => name,
        }
    });
    shown.collect::<Vec<_>>().join(", ")
}

/// The columns the bar takes before its names: the spinner, the count of
/// puzzles if there are several, and the time, counted as wide as
/// `[59m 59s]` (a name cut a little short beats a progress cut off).
fn bar_start_columns(total: usize) -> usize {
    let count = if total > 1 { 2 * total.to_string().len() + " puzzles ".len() + 1 } else { 0 };
    2 + count + "[59m 59s] ".len()
}

/// The columns of the terminal the bar is drawn on (stderr), as the bar
/// takes them: 80 if it gives no size, or a size of no rows.
fn terminal_columns() -> usize {
    match rustix::termios::tcgetwinsize(std::io::stderr()) {
        Ok(size) if size.ws_col > 0 && size.ws_row > 0 => usize::from(size.ws_col),
        _ => 80,
    }
}

/// What a run shows of a file, in input order.
pub enum Shown<'r, P> {
    /// A part of its report, made while it was answered.
    Part(P),
    /// The file is done: its whole report.
    Done(&'r FileReport),
}

/// What a worker tells the run.
enum Message<P> {
    Part(usize, P),
    Done(usize, Box<Finished>),
}

/// A file answered.
pub struct Finished {
    /// Its report.
    pub report: FileReport,
    /// How long it took.
    pub elapsed: Duration,
    /// The file read, as the system names it (the report's path is shown
    /// text, lossy where the name is not UTF-8); `None` for standard input.
    pub file: Option<PathBuf>,
}

/// Processes every input on `jobs` threads. As a valid file's report grows
/// (first no answers, then one more each time a query is answered), the
/// worker makes `part` of it; `show` gets the parts and then the whole report
/// of each file in input order, as soon as they and all before them are
/// made, so the file next in order shows its answers as they are found.
/// Returns every file finished, in input order.
pub fn run<P: Send>(
    inputs: Vec<Input>,
    budget: Budget,
    answer: bool,
    jobs: usize,
    bar: Bar,
    part: impl Fn(&Growing) -> P + Sync,
    mut show: impl FnMut(Shown<'_, P>) -> std::io::Result<()>,
) -> std::io::Result<Vec<Finished>> {
    let total = inputs.len();
    // A terminal that cannot move its cursor shows no bar (indicatif draws
    // none there), and gets the lines as any stream that is no terminal.
    let stderr_draws = std::io::stderr().is_terminal() && crate::output::cursor_moves();
    let told_lines = ToldLines::of(bar, std::io::stdout().is_terminal(), stderr_draws);
    let show_progress = told_lines == ToldLines::AboveTheBar;
    activity::listen(told_lines == ToldLines::ToStderr);
    let ascii = bar == Bar::Ascii;
    let progress = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::hidden());
    // One file has no count to show; its bar is for a long query in it.
    let template = if total > 1 {
        "{spinner} {pos}/{len} puzzles [{elapsed}] {wide_msg}"
    } else {
        "{spinner} [{elapsed}] {wide_msg}"
    };
    let style = ProgressStyle::with_template(template).expect("a valid template");
    progress.set_style(if ascii { style.tick_chars("-\\|/ ") } else { style });
    let started = Instant::now();
    // The workers take the inputs in order from one shared queue, and say
    // which files they are on.
    let queue = Mutex::new(inputs.into_iter().enumerate());
    let running: Mutex<BTreeMap<usize, (String, ThreadId)>> = Mutex::new(BTreeMap::new());
    let (sender, receiver) = mpsc::channel::<Message<P>>();
    let mut parts: Vec<Vec<P>> = (0..total).map(|_| Vec::new()).collect();
    let mut done: Vec<Option<Finished>> = (0..total).map(|_| None).collect();
    let mut written = 0;
    // A worker takes the next input, answers it and sends its report, until
    // none is left.
    let work = |sender: mpsc::Sender<Message<P>>| loop {
        let next = queue.lock().expect("no panic while taking an input").next();
        let Some((index, input)) = next else { break };
        // A name from a directory may hold control characters.
        let name = visible(&input.name()).into_owned();
        let name = if ascii { style::ascii(&name) } else { name };
        activity::answering(name.clone());
        let named = (name, std::thread::current().id());
        running.lock().expect("no panic while naming a file").insert(index, named);
        let start = Instant::now();
        let file = input.file().map(Path::to_path_buf);
        // A send fails only once the run has stopped listening.
        let report = input.process(budget, answer, &mut |growing| {
            let _ = sender.send(Message::Part(index, part(growing)));
        });
        running.lock().expect("no panic while naming a file").remove(&index);
        let finished = Finished { report, elapsed: start.elapsed(), file };
        if sender.send(Message::Done(index, Box::new(finished))).is_err() {
            break;
        }
    };
    let result = std::thread::scope(|scope| -> std::io::Result<()> {
        // Workers are started as the system allows (a limit on threads or
        // memory may refuse some): the reports are the same with fewer, and
        // with none the files are answered here, all shown at the end.
        let work = &work;
        let start_one = |_: &usize| {
            let sender = sender.clone();
            std::thread::Builder::new()
                .stack_size(crate::limits::THREAD_STACK)
                .spawn_scoped(scope, move || work(sender))
                .is_ok()
        };
        if (0..jobs.clamp(1, total.max(1))).take_while(start_one).count() == 0 {
            work(sender.clone());
        }
        drop(sender);
        let mut ticked = Instant::now();
        while written != total {
            match receiver.recv_timeout(TICK) {
                Ok(Message::Part(index, part)) => parts[index].push(part),
                Ok(Message::Done(index, finished)) => {
                    progress.inc(1);
                    done[index] = Some(*finished);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if show_progress && progress.is_hidden() && started.elapsed() > PROGRESS_AFTER {
                progress.set_draw_target(ProgressDrawTarget::stderr());
                signals::set_progress(Some(progress.clone()));
                activity::listen(true);
            }
            for line in activity::take_lines() {
                if show_progress {
                    progress.println(line);
                } else {
                    // A closed stderr loses them, and nothing else.
                    let _ = writeln!(std::io::stderr(), "{line}");
                }
            }
            let named: Vec<(String, Option<String>)> = running
                .lock()
                .expect("no panic while naming a file")
                .values()
                .map(|(name, thread)| (name.clone(), activity::of(*thread)))
                .collect();
            if !progress.is_hidden() {
                let columns = terminal_columns().saturating_sub(bar_start_columns(total));
                progress.set_message(bar_message(&named, columns, ascii));
                // Ticked here rather than by indicatif's steady tick, whose
                // thread the system may refuse, and which panics then.
                if ticked.elapsed() >= TICK {
                    progress.tick();
                    ticked = Instant::now();
                }
            }
            while written < total {
                for part in parts[written].drain(..) {
                    progress.suspend(|| show(Shown::Part(part)))?;
                }
                let Some(Finished { report, .. }) = &done[written] else { break };
                progress.suspend(|| show(Shown::Done(report)))?;
                written += 1;
            }
        }
        Ok(())
    });
    signals::set_progress(None);
    activity::listen(false);
    progress.finish_and_clear();
    result?;
    Ok(done.into_iter().flatten().collect())
}

/// The slowest files of a run, slowest first, for the summary on stderr:
/// `times[i]` is how long `reports[i]` took.
pub fn slowest(reports: &[FileReport], times: &[Duration], count: usize) -> String {
    let mut by_time: Vec<(&FileReport, &Duration)> = reports.iter().zip(times).collect();
    by_time.sort_by_key(|(_, elapsed)| std::cmp::Reverse(**elapsed));
    let parts: Vec<String> = by_time
        .iter()
        .take(count)
        .map(|(report, elapsed)| format!("{} ({:.2} s)", visible(&report.path), elapsed.as_secs_f64()))
        .collect();
    format!("slowest: {}", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::Failure;

    #[test]
    fn a_long_name_on_the_bar_is_cut_in_its_middle_so_that_what_its_file_does_shows() {
        let long = format!("./{}.puzzle", "x".repeat(100));
        let play = "play: 0/1000 games, 75 moves, largest 64".to_string();
        let named = |pairs: &[(&str, Option<&String>)]| -> Vec<(String, Option<String>)> {
            pairs.iter().map(|(name, doing)| (name.to_string(), doing.cloned())).collect()
        };
        let cases = [
            // 60 columns: the activity's 44, the name the 16 left.
            (named(&[(&long, Some(&play))]), 60, false, format!("./xxxxxx…x.puzzle ({play})")),
            (named(&[(&long, None)]), 20, false, "./xxxxxxx…xxx.puzzle".to_string()),
            (named(&[("./a.puzzle", None)]), 20, false, "./a.puzzle".to_string()),
            // A short name leaves its room to a long one.
            (
                named(&[("./a.puzzle", None), (&long, None)]),
                44,
                false,
                "./a.puzzle, ./xxxxxxxxxxxxx…xxxxxxxxx.puzzle".to_string(),
            ),
            // Two long names share the room alike.
            (named(&[(&long, None), (&long, None)]), 40, false, "./xxxxxxx…xx.puzzle, ./xxxxxxx…xx.puzzle".to_string()),
            // Never fewer than 16 columns, however narrow; `...` for `--ascii`.
            (named(&[(&long, Some(&play))]), 10, true, format!("./xxxxx...x.puzzle ({play})")),
        ];
        for (named, columns, ascii, expected) in cases {
            assert_eq!(bar_message(&named, columns, ascii), expected, "{named:?} in {columns}");
        }
    }

    #[test]
    fn the_bar_s_start_is_counted_as_wide_as_it_is_drawn_at_its_widest() {
        use unicode_width::UnicodeWidthStr;
        assert_eq!(bar_start_columns(1), "⠒ [59m 59s] ".width());
        assert_eq!(bar_start_columns(2), "⠒ 2/2 puzzles [59m 59s] ".width());
        assert_eq!(bar_start_columns(1000), "⠒ 1000/1000 puzzles [59m 59s] ".width());
    }

    #[test]
    fn the_slowest_files_come_first_with_their_seconds_and_names_made_visible() {
        let report = |path: &str| FileReport {
            path: path.into(),
            source: String::new(),
            outcome: Err(Failure::Unreadable(String::new())),
        };
        let reports = [report("quick.puzzle"), report("slow\x1b.puzzle"), report("middle.puzzle")];
        let times = [Duration::from_millis(4), Duration::from_millis(2_346), Duration::from_millis(1_005)];
        assert_eq!(slowest(&reports, &times, 2), "slowest: slow\\u{1b}.puzzle (2.35 s), middle.puzzle (1.00 s)");
        assert_eq!(
            slowest(&reports, &times, 5),
            "slowest: slow\\u{1b}.puzzle (2.35 s), middle.puzzle (1.00 s), quick.puzzle (0.00 s)"
        );
    }

    #[test]
    fn a_long_games_line_goes_above_the_bar_or_else_to_stderr_unless_quiet() {
        let check = |bar, stdout, stderr, expected| assert_eq!(ToldLines::of(bar, stdout, stderr), expected);
        check(Bar::Unicode, true, true, ToldLines::AboveTheBar);
        check(Bar::Ascii, true, true, ToldLines::AboveTheBar);
        // `puzzle run long.puzzle > report.txt`, or `2> games.log`.
        check(Bar::Unicode, false, true, ToldLines::ToStderr);
        check(Bar::Unicode, true, false, ToldLines::ToStderr);
        check(Bar::Ascii, false, false, ToldLines::ToStderr);
        check(Bar::Hidden, true, true, ToldLines::Nowhere);
        check(Bar::Hidden, false, false, ToldLines::Nowhere);
    }
}
