//! Where the command's text goes. The report goes to stdout in whole pieces
//! (see `signals`); a closed stdout (`puzzle run | head -1`) ends the run at
//! once and quietly, as ripgrep does. Diagnostics and notes go to stderr,
//! best effort. Nothing here can panic, unlike `print!`.

use std::io::{ErrorKind, Write};

use crate::signals;

/// Writes `text` to stdout as one piece and flushes it. A closed stdout ends
/// the process with status 0 and no message; other errors are returned.
pub(crate) fn stdout(text: &str) -> std::io::Result<()> {
    let result = signals::whole(|| {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes()).and_then(|()| out.flush())
    });
    match result {
        Err(err) if err.kind() == ErrorKind::BrokenPipe => std::process::exit(0),
        other => other,
    }
}

/// Writes `text` to stderr; an error there has nowhere to be told.
pub(crate) fn stderr(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
}
