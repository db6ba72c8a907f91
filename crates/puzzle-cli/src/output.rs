//! Where the command's text goes. The report goes to stdout in whole pieces
//! (see `signals`); a closed stdout (`puzzle run | head -1`) ends the run at
//! once and quietly, as ripgrep does. Diagnostics and notes go to stderr,
//! best effort. Nothing here can panic, unlike `print!`.

use std::io::{ErrorKind, Write};
use std::os::fd::AsFd;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::signals;
use crate::style::Style;

/// Writes `text` to stdout as one piece and flushes it. A closed stdout ends
/// the process with status 0 and no message; other errors are returned,
/// saying where (`cannot write to standard output: No space left on
/// device`), whichever command wrote.
pub(crate) fn stdout(text: &str) -> std::io::Result<()> {
    let result = signals::whole(|| {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes()).and_then(|()| out.flush())
    });
    match result {
        Err(err) if err.kind() == ErrorKind::BrokenPipe => std::process::exit(0),
        Err(err) => Err(std::io::Error::new(err.kind(), format!("cannot write to standard output: {err}"))),
        Ok(()) => Ok(()),
    }
}

/// Whether the terminal can move its cursor, which a progress bar and
/// `puzzle play` draw with: not one of `TERM=dumb` (Emacs' `M-x shell`),
/// which shows the escapes as text.
pub(crate) fn cursor_moves() -> bool {
    cursor_moves_under(std::env::var_os("TERM").as_deref())
}

/// [`cursor_moves`] under the terminal kind `term` (`TERM`, if set).
fn cursor_moves_under(term: Option<&std::ffi::OsStr>) -> bool {
    term.is_none_or(|term| term != "dumb")
}

/// Writes `text` to stderr; an error there has nowhere to be told.
pub(crate) fn stderr(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}

/// Writes one block of diagnostics (a file's errors or warnings) to stderr,
/// a blank line apart from the block before it, as a file's errors are
/// apart from each other, so that two files' errors never read as one.
pub(crate) fn diagnostics(text: &str) {
    static WRITTEN: AtomicBool = AtomicBool::new(false);
    if text.is_empty() {
        return;
    }
    let separator = if WRITTEN.swap(true, Ordering::Relaxed) { "\n" } else { "" };
    stderr(&format!("{separator}{text}"));
}

/// Writes a one-line error that has no place in a file (a file that cannot
/// be read or written), as a block of its own: `error: MESSAGE`, its
/// control characters made visible.
pub(crate) fn error(message: &str, style: Style) {
    diagnostics(&format!("{}: {}\n", style.bad("error"), crate::style::visible(message)));
}

/// When stdout is a pipe, ends the process with `status` as soon as its
/// reader goes (`puzzle run DIR | head -1`), even in the middle of a long
/// search that would write nothing for minutes: a thread waits for the
/// pipe's error. `why` is told on stderr first; the empty string ends quietly.
pub(crate) fn end_when_stdout_closes(status: i32, why: &'static str) {
    let stdout = std::io::stdout();
    let Ok(stat) = rustix::fs::fstat(stdout.as_fd()) else { return };
    let kind = rustix::fs::FileType::from_raw_mode(stat.st_mode);
    if !matches!(kind, rustix::fs::FileType::Fifo | rustix::fs::FileType::Socket) {
        return;
    }
    // Refused a thread (a limit on threads or memory), the process ends at
    // its next write to the pipe instead.
    let _ = std::thread::Builder::new().spawn(move || {
        let stdout = std::io::stdout();
        loop {
            let mut fds = [rustix::event::PollFd::new(&stdout, rustix::event::PollFlags::empty())];
            match rustix::event::poll(&mut fds, None) {
                Ok(_) if fds[0].revents().intersects(rustix::event::PollFlags::ERR | rustix::event::PollFlags::HUP) => {
                    stderr(why);
                    std::process::exit(status)
                }
                Ok(_) | Err(rustix::io::Errno::INTR) => continue,
                Err(_) => return,
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::cursor_moves_under;

    #[test]
    fn only_a_dumb_terminal_cannot_move_its_cursor() {
        let under = |term: Option<&str>| cursor_moves_under(term.map(std::ffi::OsStr::new));
        assert!(under(Some("xterm-256color")));
        assert!(under(Some("linux")));
        assert!(under(None));
        assert!(!under(Some("dumb")));
    }
}
