//! `puzzle play`: the game with spawns in the terminal, through crossterm
//! (raw mode and the alternate screen, given back on every way out: a key, an
//! error, a panic's unwinding, SIGINT, SIGTERM or SIGHUP).
//!
//! Keys: the arrows, `w s d` and `k j l` move; `u` undoes, `h` shows the
//! engine's analysis, `a` lets the engine play until the next key, `n`
//! starts a new game (asked twice in a game in progress), `q` (or Esc, or
//! Ctrl-C) quits. `h` and `a` are commands, not moves (hjkl's left
//! and WASD's left): the left arrow, `A` or `H` move left. As in other
//! full-screen programs, Ctrl-Z suspends (the terminal given back until
//! `fg`, as it is for a SIGTSTP from elsewhere) and Ctrl-L draws the screen
//! again; any other key held with Ctrl or Alt does nothing, so that Ctrl-D
//! is not a move right.
//!
//! This file is the loop: a key or a tick of the engine, then the screen
//! drawn again. Its parts: `keys` (what a key asks for), `session` (the game
//! and what each key does to it, testable without a terminal), `screen` (what
//! is drawn) and `terminal` (taken, given back, suspended, watched).

mod keys;
mod screen;
mod session;
mod terminal;

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use anyhow::bail;
use crossterm::event::{self, Event, KeyEventKind};
use rules_2048::{best_move, Board, SpawnLaw};
use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP};

use self::keys::{action_of, Action};
use self::session::{engine, Session};
use self::terminal::{end_by, hung_up, suspend, take_the_terminal, watch, TerminalGuard};
use crate::language::errors::count;
use crate::language::{parse_position, Game};
use crate::render::text::{render_text, TextOptions};
use crate::report::read_capped;
use crate::report::{Failure, FileReport};
use crate::style::Style;

/// The line under the board while the engine plays.
const ENGINE_PLAYS: &str = "the engine plays; any key stops it, q quits";

/// The starting board and law: the file's, or an empty board of `size`;
/// `None` when the file is not a valid puzzle, its errors told on stderr as
/// `puzzle check` tells them (in colour when `colour`).
fn start_of(
    file: Option<&Path>,
    size: Option<(usize, usize)>,
    colour: bool,
) -> anyhow::Result<Option<(Board, SpawnLaw)>> {
    let Some(path) = file else {
        let (height, width) = size.unwrap_or((4, 4));
        if !(1..=32).contains(&height) || !(1..=32).contains(&width) || height * width < 2 {
            bail!("a board to play is 1 to 32 cells on each side, at least 2 cells, not {height}x{width}");
        }
        let board = Board::from_exponents(grid_core::Grid::new(height, width, 0)).expect("an empty board");
        return Ok(Some((board, SpawnLaw::classic())));
    };
    if path == Path::new("-") {
        bail!("`puzzle play` reads its keys from standard input, so its FILE cannot be `-`: give the file's path (a file named `-` is `./-`)");
    }
    // The message names the file.
    let bytes = read_capped(path).map_err(|message| anyhow::anyhow!(message))?;
    let parsed = match crate::report::text_of(bytes) {
        Ok(text) => parse_position(&text).map_err(|errors| (text, errors)),
        Err(not_text) => Err((not_text.shown, vec![not_text.error])),
    };
    match parsed {
        Ok(puzzle) => match puzzle.game {
            Game::Twenty48 { board, .. } => Ok(Some((board, SpawnLaw::classic()))),
            Game::Spawns { board, law, .. } => Ok(Some((board, law))),
            Game::BlockGame { .. } => bail!("{}: a block game; `puzzle play` plays 2048", path.display()),
        },
        Err((source, errors)) => {
            let report =
                FileReport { path: path.display().to_string(), source, outcome: Err(Failure::Invalid(errors)) };
            crate::output::stderr(&render_text(
                &report,
                TextOptions { style: Style { colour }, ..TextOptions::default() },
            ));
            Ok(None)
        }
    }
}

/// The engine stopped, if it was playing, and the player told so.
fn stop_engine(auto: &mut bool, session: &mut Session) {
    if std::mem::take(auto) {
        session.message = "the engine stopped".into();
    }
}

/// Plays in the terminal until the player quits.
///
/// `colour`: `None` for none (`NO_COLOR`, `--color never`), else whether in
/// 24-bit colour; tiles are painted in the classic game's colours.
/// `diagnostics_colour`: whether a bad file's errors are in colour.
pub(super) fn play(
    file: Option<&Path>,
    size: Option<(usize, usize)>,
    seed: Option<u64>,
    colour: Option<bool>,
    diagnostics_colour: bool,
) -> anyhow::Result<ExitCode> {
    let Some((board, law)) = start_of(file, size, diagnostics_colour)? else { return Ok(ExitCode::from(2)) };
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        bail!("`puzzle play` needs a terminal (standard input and output both)");
    }
    if !crate::output::cursor_moves() {
        bail!(
            "`puzzle play` draws its screen with the cursor, which a terminal of `TERM=dumb` cannot move \
             (Emacs' `M-x shell` is one): play it in a terminal emulator, or in Emacs' `M-x term`"
        );
    }
    // Without --seed, one from the clock, shown on screen to replay the game.
    let seed = seed.unwrap_or_else(|| {
        SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64 % 1_000_000)
    });
    let mut session = Session::new(board, law, seed, colour);

    // A signal ends the loop, which gives the terminal back, then the
    // process dies by it.
    let signal = Arc::new(AtomicUsize::new(0));
    for number in [SIGINT, SIGTERM, SIGHUP] {
        signal_hook::flag::register_usize(number, Arc::clone(&signal), number as usize)?;
    }
    // A stop asked for (Ctrl-Z, or a SIGTSTP from elsewhere) gives the
    // terminal back first; a continue after a stop that could not be caught
    // (SIGSTOP) takes it again.
    let stop_asked = Arc::new(AtomicBool::new(false));
    signal_hook::flag::register(SIGTSTP, Arc::clone(&stop_asked))?;
    let continued = Arc::new(AtomicBool::new(false));
    signal_hook::flag::register(SIGCONT, Arc::clone(&continued))?;
    let guard = TerminalGuard::enter()?;
    watch(Arc::clone(&signal));
    let mut out = std::io::stdout();
    let mut auto = false;
    // Drawn again only after a change or a resize: a screen cleared and
    // drawn ten times a second flickers on some terminals.
    let mut drawn: Option<(u16, u16)> = None;
    let mut changed = true;
    // A terminal hung up (no SIGHUP comes when it is not the game's
    // controlling one) may fail a read or a write here before the watch
    // notices it: the game ends as by SIGHUP all the same.
    let played = (|| -> anyhow::Result<()> {
        loop {
            if stop_asked.swap(false, Ordering::SeqCst) {
                stop_engine(&mut auto, &mut session);
                suspend(&mut session)?;
                drawn = None;
            }
            if continued.swap(false, Ordering::SeqCst) {
                take_the_terminal()?;
                drawn = None;
            }
            let size = crossterm::terminal::size()?;
            if changed || drawn != Some(size) {
                session.draw(&mut out, size)?;
                (drawn, changed) = (Some(size), false);
            }
            if signal.load(Ordering::SeqCst) != 0 {
                break;
            }
            let fits = session.fits(size);
            let wait = if auto && fits { Duration::from_millis(1) } else { Duration::from_millis(100) };
            if !event::poll(wait)? {
                if auto && fits {
                    changed = true;
                    match best_move(&session.board, &session.law, &engine()).map(|answer| answer.choice) {
                        Ok(Some(direction)) => {
                            let told = std::mem::take(&mut session.message);
                            session.apply(Action::Move(direction))?;
                            // What a move tells (a tile made, the game over) stays
                            // on screen while the engine plays on, above the line
                            // that it plays.
                            session.message = match session.message.as_str() {
                                "" => told,
                                news => format!("{news}\n{ENGINE_PLAYS}"),
                            };
                        }
                        Ok(None) => {
                            // A lost board: say so rather than "the engine plays".
                            auto = false;
                            session.tell_if_over();
                        }
                        Err(overflow) => {
                            auto = false;
                            session.message = format!("the engine stopped: {overflow}");
                        }
                    }
                }
                continue;
            }
            let Event::Key(key) = event::read()? else { continue };
            if key.kind == KeyEventKind::Release {
                continue;
            }
            let action = action_of(key);
            // These act on the terminal, not the game, whatever the game's state.
            match action {
                Some(Action::Quit) => break,
                // As a SIGTSTP from elsewhere is, at the top of the loop.
                Some(Action::Suspend) => {
                    stop_asked.store(true, Ordering::SeqCst);
                    continue;
                }
                Some(Action::Redraw) => {
                    drawn = None;
                    continue;
                }
                _ => {}
            }
            if !fits {
                continue;
            }
            changed = true;
            if auto {
                // Any other key stops the engine (quitting quits at once).
                stop_engine(&mut auto, &mut session);
                continue;
            }
            let Some(action) = action else { continue };
            match action {
                Action::Auto => {
                    auto = true;
                    session.message = ENGINE_PLAYS.into();
                }
                action => session.apply(action)?,
            }
        }
        Ok(())
    })();
    if played.is_err() && hung_up() {
        end_by(SIGHUP);
    }
    played?;
    let signal = signal.load(Ordering::SeqCst);
    if signal != 0 {
        end_by(signal as i32);
    }
    drop(guard);
    println!(
        "score {}, {}, largest tile {} (seed {})",
        session.score,
        count(session.moves as usize, "move"),
        session.board.max_tile(),
        session.seed
    );
    Ok(ExitCode::SUCCESS)
}
