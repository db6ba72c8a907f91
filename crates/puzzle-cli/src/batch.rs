//! Running many files: in parallel (`--jobs`), reported in sorted order as soon
//! as each is ready, with a progress bar on a terminal and Ctrl-C that never
//! leaves half a report behind.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::answer::Budget;
use crate::files::Input;
use crate::report::FileReport;

/// Set while a report is being written, so that Ctrl-C waits for its end.
static WRITING: AtomicBool = AtomicBool::new(false);
/// Set by Ctrl-C during a write: exit right after it.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Exit code for a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
pub const INTERRUPTED_EXIT: i32 = 130;

/// Makes Ctrl-C end the process at once, except in the middle of writing a
/// report, which is finished first: text output is whole files, and the JSON
/// document is written whole or not at all.
pub fn handle_interrupts() {
    let _ = ctrlc::set_handler(|| {
        if WRITING.load(Ordering::SeqCst) {
            INTERRUPTED.store(true, Ordering::SeqCst);
        } else {
            // Not a flush: the main thread may hold stdout's lock. Every report
            // is flushed as it is written, so nothing is lost.
            std::process::exit(INTERRUPTED_EXIT);
        }
    });
}

/// Writes `text` as one piece that Ctrl-C cannot cut.
pub fn write_whole(out: &mut impl Write, text: &str) -> std::io::Result<()> {
    WRITING.store(true, Ordering::SeqCst);
    let result = out.write_all(text.as_bytes()).and_then(|()| out.flush());
    WRITING.store(false, Ordering::SeqCst);
    if INTERRUPTED.load(Ordering::SeqCst) {
        std::process::exit(INTERRUPTED_EXIT);
    }
    result
}

/// How long a run goes before it shows a progress bar.
const PROGRESS_AFTER: Duration = Duration::from_millis(700);

/// Processes every input on `jobs` threads and hands each report to `each`
/// in input order, as soon as it and all before it are done. Returns every
/// report with the time it took.
pub fn run(
    inputs: Vec<Input>,
    budget: Budget,
    answer: bool,
    jobs: usize,
    mut each: impl FnMut(usize, &FileReport) -> std::io::Result<()>,
) -> std::io::Result<Vec<(FileReport, Duration)>> {
    let total = inputs.len();
    let show_progress = std::io::stderr().is_terminal() && total > 1;
    let progress = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::hidden());
    progress.set_style(
        ProgressStyle::with_template("{spinner} {pos}/{len} puzzles [{elapsed}] {wide_msg}").expect("a valid template"),
    );
    let started = Instant::now();
    // The workers take the inputs in order from one shared queue.
    let queue = Mutex::new(inputs.into_iter().enumerate());
    let (sender, receiver) = mpsc::channel::<(usize, FileReport, Duration)>();
    let mut done: Vec<Option<(FileReport, Duration)>> = (0..total).map(|_| None).collect();
    let mut written = 0;
    std::thread::scope(|scope| -> std::io::Result<()> {
        for _ in 0..jobs.clamp(1, total.max(1)) {
            let sender = sender.clone();
            let queue = &queue;
            scope.spawn(move || loop {
                let next = queue.lock().expect("no panic while taking an input").next();
                let Some((index, input)) = next else { break };
                let start = Instant::now();
                let report = input.process(budget, answer);
                if sender.send((index, report, start.elapsed())).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        while written < total {
            match receiver.recv_timeout(Duration::from_millis(100)) {
                Ok((index, report, elapsed)) => {
                    progress.inc(1);
                    progress.set_message(report.path.clone());
                    done[index] = Some((report, elapsed));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if show_progress && progress.is_hidden() && started.elapsed() > PROGRESS_AFTER {
                progress.set_draw_target(ProgressDrawTarget::stderr());
            }
            while written < total {
                let Some((report, _)) = &done[written] else { break };
                progress.suspend(|| each(written, report))?;
                written += 1;
            }
        }
        Ok(())
    })?;
    progress.finish_and_clear();
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
        .map(|(report, elapsed)| format!("{} ({:.2} s)", report.path, elapsed.as_secs_f64()))
        .collect();
    format!("slowest: {}", parts.join(", "))
}
