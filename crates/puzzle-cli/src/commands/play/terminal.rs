//! The terminal, taken for the game and given back on every way out;
//! Ctrl-Z; and the watch for a signal or a terminal gone.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use crossterm::terminal;
use crossterm::{cursor, execute};
use signal_hook::consts::{SIGHUP, SIGSTOP};

use super::session::Session;

/// Raw mode and the alternate screen while it lives.
pub(super) struct TerminalGuard;

impl TerminalGuard {
    pub(super) fn enter() -> anyhow::Result<TerminalGuard> {
        // Made first, so that a terminal half taken is given back.
        let guard = TerminalGuard;
        take_the_terminal()?;
        Ok(guard)
    }
}

/// Raw mode and the alternate screen, at the start and again after a stop.
pub(super) fn take_the_terminal() -> anyhow::Result<()> {
    terminal::enable_raw_mode().context("cannot put the terminal in raw mode")?;
    execute!(std::io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
    Ok(())
}

/// Ctrl-Z, or a SIGTSTP from elsewhere: the terminal given back to the
/// shell, then the process stopped (by SIGSTOP, as SIGTSTP's own handler is
/// this one) until `fg` continues it and the game takes the terminal again.
/// Without a shell's job control, nothing could continue it: the game says
/// so and goes on, as the kernel ignores a terminal's stop for such a game.
pub(super) fn suspend(session: &mut Session) -> anyhow::Result<()> {
    if !under_job_control() {
        session.message = "not suspended: no shell with job control would bring the game back (q quits)".into();
        return Ok(());
    }
    give_back_the_terminal();
    signal_hook::low_level::raise(SIGSTOP).context("cannot stop the process")?;
    take_the_terminal()
}

/// Whether a shell with job control started the game: it then runs in a
/// process group of its own, not its session's (the one a terminal
/// emulator, tmux or a shell without job control runs it in).
fn under_job_control() -> bool {
    rustix::process::getsid(None).is_ok_and(|session| session != rustix::process::getpgrp())
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        give_back_the_terminal();
    }
}

fn give_back_the_terminal() {
    let _ = execute!(std::io::stdout(), cursor::Show, terminal::LeaveAlternateScreen);
    let _ = terminal::disable_raw_mode();
}

/// Watches, beside the game, for a signal and for the terminal going away
/// (its other end closed: a closed tmux pane, a dropped ssh link). crossterm
/// blocks in its own read loop, which then never returns (it reads the end
/// of the input again and again), so the game's loop cannot be the one to
/// notice: this thread gives the terminal back and ends the process, by the
/// signal, or by SIGHUP for a terminal gone.
pub(super) fn watch(signal: Arc<AtomicUsize>) {
    // Refused a thread (a limit on threads or memory), the game goes on
    // without the watch: its own loop still ends by a signal, and only a
    // terminal gone goes unseen.
    let _ = std::thread::Builder::new().spawn(move || loop {
        std::thread::sleep(Duration::from_millis(50));
        let number = match signal.load(Ordering::SeqCst) {
            0 if hung_up() => SIGHUP,
            0 => continue,
            number => number as i32,
        };
        end_by(number);
    });
}

/// Whether the terminal's other end is closed: its input hung up.
pub(super) fn hung_up() -> bool {
    let stdin = std::io::stdin();
    let mut fds = [rustix::event::PollFd::new(&stdin, rustix::event::PollFlags::IN)];
    rustix::event::poll(&mut fds, Some(&rustix::event::Timespec::default())).is_ok()
        && fds[0].revents().intersects(rustix::event::PollFlags::HUP | rustix::event::PollFlags::ERR)
}

/// The terminal given back, then the process ended by `signal`'s default
/// action (so its parent sees it die by the signal); the exit status 128 +
/// the signal's number only if that action let it live.
pub(super) fn end_by(signal: i32) -> ! {
    give_back_the_terminal();
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    std::process::exit(128 + signal);
}
