//! Ctrl-C, SIGTERM and SIGHUP: the process dies by the signal that stopped
//! it, as a shell loop around it expects, but never in the middle of writing
//! a report's part or a file: the text on screen is whole answers, the JSON
//! document is written whole or not at all, and a file `fmt` or `--bless`
//! writes is left whole, with no temporary file beside it. The progress bar
//! is cleared first.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Arc, Mutex};

use indicatif::ProgressBar;
use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGXFSZ};
use signal_hook::iterator::Signals;

/// Set while a report is being written, so that a signal waits for its end.
static WRITING: AtomicBool = AtomicBool::new(false);
/// A signal that came during a write, to die by right after it (0: none).
static PENDING: AtomicI32 = AtomicI32::new(0);
/// The progress bar on screen, to clear before dying.
static PROGRESS: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Makes a write past the limit on a file's size (`ulimit -f`) fail with
/// "File too large", told as any failed write is, where SIGXFSZ would end
/// the process in the middle of it, leaving `fmt`'s or `--bless`'s
/// temporary file behind. Caught, the signal does nothing more.
pub(crate) fn let_writes_past_the_size_limit_fail() {
    let _ = signal_hook::flag::register(SIGXFSZ, Arc::new(AtomicBool::new(false)));
}

/// Starts the thread that waits for the signals, and returns once they are
/// its. The signals are registered on that thread: one the system refused
/// (a limit on threads or memory) would leave them registered with no one
/// to act on them, swallowed, where unregistered they end the process.
pub(crate) fn handle_signals() {
    let (ready, registered) = std::sync::mpsc::channel();
    let started = std::thread::Builder::new().spawn(move || {
        let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else { return };
        let _ = ready.send(());
        for signal in signals.forever() {
            PENDING.store(signal, Ordering::SeqCst);
            if !WRITING.load(Ordering::SeqCst) {
                die_by(signal);
            }
        }
    });
    if started.is_ok() {
        let _ = registered.recv();
    }
}

/// Shows `bar` as the progress bar to clear before dying.
pub(crate) fn set_progress(bar: Option<ProgressBar>) {
    *PROGRESS.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = bar;
}

/// Runs `write` as one piece no signal cuts; a signal that came meanwhile
/// takes effect right after it.
pub(crate) fn whole<T>(write: impl FnOnce() -> T) -> T {
    WRITING.store(true, Ordering::SeqCst);
    let result = write();
    WRITING.store(false, Ordering::SeqCst);
    let signal = PENDING.load(Ordering::SeqCst);
    if signal != 0 {
        die_by(signal);
    }
    result
}

/// Clears the progress bar and ends the process by `signal`'s default action.
fn die_by(signal: i32) -> ! {
    if let Some(bar) = PROGRESS.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take() {
        bar.finish_and_clear();
    }
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    // The default action of these three ends the process; should it not have:
    std::process::exit(128 + signal);
}
