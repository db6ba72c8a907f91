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

use std::collections::VecDeque;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use anyhow::{bail, Context};
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::style::{Attribute, Print, SetAttribute};
use crossterm::terminal::{self, Clear, ClearType};
use crossterm::{cursor, execute, queue};
use rules_2048::{
    best_move, play_move, spawn_random, starting_board, Board, Direction, EngineOptions, SeededRng, SpawnLaw,
};
use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGSTOP, SIGTERM, SIGTSTP};

use crate::language::errors::count;
use crate::language::{parse_position, Game};
use crate::render::palette::{ansi, tile_colours};
use crate::render::text::{render_text, TextOptions};
use crate::report::read_capped;
use crate::report::{Failure, FileReport};
use crate::style::Style;

/// The line under the board while the engine plays.
const ENGINE_PLAYS: &str = "the engine plays; any key stops it, q quits";

/// What the player asked for with a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Move(Direction),
    Undo,
    Hint,
    Auto,
    Quit,
    NewGame,
    Suspend,
    Redraw,
}

fn action_of(key: KeyEvent) -> Option<Action> {
    if key.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) {
        let control = key.modifiers == KeyModifiers::CONTROL;
        return match key.code {
            KeyCode::Char('c') if control => Some(Action::Quit),
            KeyCode::Char('z') if control => Some(Action::Suspend),
            KeyCode::Char('l') if control => Some(Action::Redraw),
            _ => None,
        };
    }
    Some(match key.code {
        KeyCode::Up | KeyCode::Char('w' | 'W' | 'k' | 'K') => Action::Move(Direction::Up),
        KeyCode::Down | KeyCode::Char('s' | 'S' | 'j' | 'J') => Action::Move(Direction::Down),
        KeyCode::Left | KeyCode::Char('A' | 'H') => Action::Move(Direction::Left),
        KeyCode::Right | KeyCode::Char('d' | 'D' | 'l' | 'L') => Action::Move(Direction::Right),
        KeyCode::Char('u') => Action::Undo,
        KeyCode::Char('h' | '?') => Action::Hint,
        KeyCode::Char('a') => Action::Auto,
        KeyCode::Char('n') => Action::NewGame,
        KeyCode::Char('q') | KeyCode::Esc => Action::Quit,
        _ => return None,
    })
}

/// The moves `u` can take back: as many as 64 MiB of boards hold (4×4:
/// some 800,000, more than a game lasts; 32×32, where the engine may play
/// for hours: some 60,000), so that a long game does not grow without end.
fn undo_limit_of(board: &Board) -> usize {
    let entry = board.width() * board.height() + std::mem::size_of::<(Board, u64, SeededRng)>();
    ((64 << 20) / entry).max(1)
}

/// A game in progress.
struct Session {
    board: Board,
    score: u64,
    moves: u64,
    /// The boards before each move, with the score then, for `u`: the
    /// latest `undo_limit` of them.
    history: VecDeque<(Board, u64, SeededRng)>,
    undo_limit: usize,
    rng: SeededRng,
    law: SpawnLaw,
    seed: u64,
    /// The board the file or `--size` gave, before its first spawns: where
    /// `n` starts again.
    start: Board,
    /// Whether `n` was pressed once in a game not over, and asked again.
    new_game_asked: bool,
    message: String,
    /// Tiles painted: `Some(truecolor)`.
    colour: Option<bool>,
}

impl Session {
    fn apply(&mut self, action: Action) -> anyhow::Result<()> {
        let new_game_asked = std::mem::take(&mut self.new_game_asked);
        match action {
            Action::Move(direction) => {
                self.message.clear();
                let (moved, points) = match play_move(&self.board, direction) {
                    Ok(Some(moved)) => moved,
                    Ok(None) => {
                        self.message = format!("{} changes nothing: not a legal move", direction.word());
                        // On a lost board, that no move is left is the news.
                        self.tell_if_over();
                        return Ok(());
                    }
                    // Two 2^63 tiles would merge: said, and the game goes on.
                    Err(overflow) => {
                        self.message = format!("{}: {overflow}", direction.word());
                        return Ok(());
                    }
                };
                // The classic game's goal, and each larger tile after it, is
                // told when a merge first makes it (a spawned tile is not made).
                let made = moved.max_tile();
                if made >= 2048 && made > self.board.max_tile() {
                    self.message = if made == 2048 {
                        "2048: the game's goal is made; play on for more".into()
                    } else {
                        format!("{made}: the largest tile yet")
                    };
                }
                if self.history.len() == self.undo_limit {
                    self.history.pop_front();
                }
                self.history.push_back((self.board.clone(), self.score, self.rng.clone()));
                self.board = spawn_random(&moved, &self.law, &mut self.rng).unwrap_or(moved);
                self.score = self.score.saturating_add(points);
                self.moves += 1;
                self.tell_if_over();
            }
            Action::Undo => match self.history.pop_back() {
                Some((board, score, rng)) => {
                    (self.board, self.score, self.rng) = (board, score, rng);
                    self.moves -= 1;
                    self.message = "undone".into();
                }
                None if self.moves > 0 => {
                    self.message = format!("nothing more to undo: the last {} moves are kept", self.undo_limit)
                }
                None => self.message = "nothing to undo".into(),
            },
            Action::Hint => self.message = hint(&self.board, &self.law),
            // A game in progress is given up only when asked twice: no undo
            // brings it back.
            Action::NewGame if !new_game_asked && self.moves > 0 && !self.is_over() => {
                self.new_game_asked = true;
                self.message = "n again starts a new game (this one is given up; any other key keeps it)".into();
            }
            Action::NewGame => self.new_game(),
            Action::Auto | Action::Quit | Action::Suspend | Action::Redraw => {}
        }
        Ok(())
    }

    /// The columns a cell takes: its widest tile's, at least 4.
    fn cell_width(&self) -> usize {
        self.board.exponents().as_slice().iter().map(|&e| tile_text(e).len()).max().unwrap_or(1).max(4)
    }

    /// The columns and rows the board needs: a margin of 2, the board, a
    /// blank line and the keys.
    fn needed(&self) -> (usize, usize) {
        (2 + self.board.width() * (self.cell_width() + 1), 2 + self.board.height() + 2)
    }

    /// Whether the board is drawn on a terminal of this size. While it is
    /// not, only `q` acts and the engine waits: a move the player cannot
    /// see is not one they chose.
    fn fits(&self, (columns, rows): (u16, u16)) -> bool {
        let needed = self.needed();
        needed.0 <= usize::from(columns) && needed.1 <= usize::from(rows)
    }

    /// Says so when no move is left.
    fn tell_if_over(&mut self) {
        if self.is_over() {
            self.message = "no move left: the game is over (u undoes, n plays a new game, q quits)".into();
        }
    }

    fn is_over(&self) -> bool {
        rules_2048::legal_moves(&self.board).is_ok_and(|moves| moves.is_empty())
    }

    /// A new game from the same start, with the next seed (shown, so that
    /// `--seed` replays it).
    fn new_game(&mut self) {
        self.seed = self.seed.wrapping_add(1);
        self.rng = SeededRng::new(self.seed);
        self.board = starting_board(&self.start, &self.law, &mut self.rng);
        (self.score, self.moves) = (0, 0);
        self.history.clear();
        self.message = format!("a new game, seed {}", self.seed);
        self.tell_if_over();
    }

    /// Draws the game on a terminal of `columns` × `rows`; one too small
    /// for the board says so instead (a board drawn wrapped is unreadable),
    /// and the lines around it are cut to the width.
    fn draw(&self, out: &mut impl Write, (columns, rows): (u16, u16)) -> std::io::Result<()> {
        let width = self.cell_width();
        queue!(out, cursor::MoveTo(0, 0), Clear(ClearType::All))?;
        if !self.fits((columns, rows)) {
            let needed = self.needed();
            let text = format!(
                "The terminal is {columns}×{rows}; this board needs {}×{}. Make it larger, or press q to quit.",
                needed.0, needed.1
            );
            let lines = wrapped(&text, usize::from(columns.max(1)));
            for (row, line) in (0..rows).zip(lines) {
                queue!(out, cursor::MoveTo(0, row), Print(line))?;
            }
            return out.flush();
        }
        let fit = |text: &str| text.chars().take(usize::from(columns)).collect::<String>();
        let moves = count(self.moves as usize, "move");
        // A file's own law is named: its game is not the classic one.
        let law = if self.law == SpawnLaw::classic() { String::new() } else { format!(" — spawns {}", self.law) };
        let title = format!("puzzle play — score {} — {moves} — seed {}{law}", self.score, self.seed);
        queue!(out, SetAttribute(Attribute::Bold), Print(fit(&title)), SetAttribute(Attribute::Reset))?;
        let mut line = 2u16;
        for row in 0..self.board.height() {
            let cells: Vec<String> = (0..self.board.width())
                .map(|col| {
                    let exponent = self.board.exponents()[(row, col)];
                    let text = format!("{:>width$}", tile_text(exponent));
                    match self.colour {
                        Some(truecolor) if exponent > 0 => {
                            let colours = tile_colours(rules_2048::value_of(exponent));
                            format!("\x1b[1;{}m{text}\x1b[0m", ansi(colours, truecolor))
                        }
                        _ => text,
                    }
                })
                .collect();
            queue!(out, cursor::MoveTo(2, line), Print(cells.join(" ")))?;
            line += 1;
        }
        line += 1;
        // On a narrow terminal the keys take several lines, so that `q quit`
        // is never cut off, and so does a long message; the analysis's
        // lines, which fit, keep their columns.
        let columns = usize::from(columns.max(1));
        let keys = joined_within(KEYS, " · ", columns);
        let message = self.message.lines().flat_map(|text| {
            if text.chars().count() <= columns {
                vec![text.to_string()]
            } else {
                wrapped(text, columns)
            }
        });
        let below = keys.into_iter().chain(std::iter::once(String::new())).chain(message);
        for (row, text) in (line..rows).zip(below) {
            queue!(out, cursor::MoveTo(0, row), Print(fit(&text)))?;
        }
        out.flush()
    }
}

/// The keys, as the line below the board lists them.
const KEYS: &[&str] = &["arrows, w s d, k j l: move", "u undo", "h hint", "a engine", "n new game", "q quit"];

/// `items` joined by `separator` in lines of at most `columns` characters
/// where they fit, an item never split across two.
fn joined_within(items: &[&str], separator: &str, columns: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for item in items {
        match lines.last_mut() {
            Some(line) if line.chars().count() + separator.chars().count() + item.chars().count() <= columns => {
                line.push_str(separator);
                line.push_str(item);
            }
            _ => lines.push(item.to_string()),
        }
    }
    lines
}

/// `text` in lines of at most `columns` characters, broken at spaces where
/// it can be.
fn wrapped(text: &str, columns: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let fits = line.chars().count() + 1 + word.chars().count() <= columns;
        if !line.is_empty() && !fits {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > columns {
            let rest = line.chars().skip(columns).collect();
            lines.push(line.chars().take(columns).collect());
            line = rest;
        }
    }
    lines.push(line);
    lines
}

fn tile_text(exponent: u8) -> String {
    if exponent == 0 {
        ".".into()
    } else {
        rules_2048::value_of(exponent).to_string()
    }
}

/// The engine at its default depth on every core: its move is the same on
/// any number, and sooner on more.
fn engine() -> EngineOptions {
    EngineOptions { depth: None, threads: std::thread::available_parallelism().map_or(1, |n| n.get()), nodes: None }
}

/// The engine's move with every legal move's value.
fn hint(board: &Board, law: &SpawnLaw) -> String {
    let answer = match best_move(board, law, &engine()) {
        Ok(answer) => answer,
        Err(overflow) => return format!("no hint: {overflow}"),
    };
    let Some(choice) = answer.choice else { return "no move left".into() };
    let mut text = format!("hint: {} (depth {}, {} nodes)", choice.word(), answer.depth, answer.nodes);
    for (direction, value) in &answer.analysis {
        text += &format!("\n  {:<5} {value:.1}", direction.word());
    }
    text
}

/// Raw mode and the alternate screen while it lives.
struct TerminalGuard;

impl TerminalGuard {
    fn enter() -> anyhow::Result<TerminalGuard> {
        // Made first, so that a terminal half taken is given back.
        let guard = TerminalGuard;
        take_the_terminal()?;
        Ok(guard)
    }
}

/// Raw mode and the alternate screen, at the start and again after a stop.
fn take_the_terminal() -> anyhow::Result<()> {
    terminal::enable_raw_mode().context("cannot put the terminal in raw mode")?;
    execute!(std::io::stdout(), terminal::EnterAlternateScreen, cursor::Hide)?;
    Ok(())
}

/// Ctrl-Z, or a SIGTSTP from elsewhere: the terminal given back to the
/// shell, then the process stopped (by SIGSTOP, as SIGTSTP's own handler is
/// this one) until `fg` continues it and the game takes the terminal again.
/// Without a shell's job control, nothing could continue it: the game says
/// so and goes on, as the kernel ignores a terminal's stop for such a game.
fn suspend(session: &mut Session) -> anyhow::Result<()> {
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
fn watch(signal: Arc<AtomicUsize>) {
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(50));
        let stdin = std::io::stdin();
        let mut fds = [rustix::event::PollFd::new(&stdin, rustix::event::PollFlags::IN)];
        let hung_up = rustix::event::poll(&mut fds, Some(&rustix::event::Timespec::default())).is_ok()
            && fds[0].revents().intersects(rustix::event::PollFlags::HUP | rustix::event::PollFlags::ERR);
        let number = match signal.load(Ordering::SeqCst) {
            0 if hung_up => SIGHUP,
            0 => continue,
            number => number as i32,
        };
        give_back_the_terminal();
        let _ = signal_hook::low_level::emulate_default_handler(number);
        std::process::exit(128 + number);
    });
}

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
    let text = String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{}: not UTF-8 text", path.display()))?;
    match parse_position(&text) {
        Ok(puzzle) => match puzzle.game {
            Game::Twenty48 { board, .. } => Ok(Some((board, SpawnLaw::classic()))),
            Game::Spawns { board, law, .. } => Ok(Some((board, law))),
            Game::BlockGame { .. } => bail!("{}: a block game; `puzzle play` plays 2048", path.display()),
        },
        Err(errors) => {
            let report =
                FileReport { path: path.display().to_string(), source: text, outcome: Err(Failure::Invalid(errors)) };
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
    // Without --seed, one from the clock, shown on screen to replay the game.
    let seed = seed.unwrap_or_else(|| {
        SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64 % 1_000_000)
    });
    let mut rng = SeededRng::new(seed);
    let start = board;
    let board = starting_board(&start, &law, &mut rng);
    let mut session = Session {
        undo_limit: undo_limit_of(&board),
        start,
        new_game_asked: false,
        board,
        score: 0,
        moves: 0,
        history: VecDeque::new(),
        rng,
        law,
        seed,
        message: String::new(),
        colour,
    };
    session.tell_if_over();

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
        let size = terminal::size()?;
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
    drop(guard);
    let signal = signal.load(Ordering::SeqCst);
    if signal != 0 {
        let _ = signal_hook::low_level::emulate_default_handler(signal as i32);
        return Ok(ExitCode::from(128 + signal as u8));
    }
    println!(
        "score {}, {}, largest tile {} (seed {})",
        session.score,
        count(session.moves as usize, "move"),
        session.board.max_tile(),
        session.seed
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_wrapped_at_spaces_and_a_long_word_is_cut() {
        assert_eq!(wrapped("The terminal is 8×4", 8), ["The", "terminal", "is 8×4"]);
        assert_eq!(wrapped("abcdefghij k", 4), ["abcd", "efgh", "ij k"]);
        assert_eq!(wrapped("one two", 80), ["one two"]);
    }

    #[test]
    fn the_keys_take_more_lines_on_a_narrow_terminal_and_none_is_cut() {
        let all = "arrows, w s d, k j l: move · u undo · h hint · a engine · n new game · q quit";
        assert_eq!(joined_within(KEYS, " · ", 80), [all]);
        assert_eq!(
            joined_within(KEYS, " · ", 60),
            ["arrows, w s d, k j l: move · u undo · h hint · a engine", "n new game · q quit"]
        );
        assert_eq!(
            joined_within(KEYS, " · ", 26),
            ["arrows, w s d, k j l: move", "u undo · h hint · a engine", "n new game · q quit"]
        );
        // An item wider than the terminal stands alone (the drawing cuts it).
        assert_eq!(joined_within(KEYS, " · ", 10)[..2], ["arrows, w s d, k j l: move", "u undo"]);
    }

    fn key(code: KeyCode) -> Option<Action> {
        action_of(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn every_listed_key_does_what_the_help_says() {
        for (code, direction) in [
            (KeyCode::Up, Direction::Up),
            (KeyCode::Char('w'), Direction::Up),
            (KeyCode::Char('k'), Direction::Up),
            (KeyCode::Down, Direction::Down),
            (KeyCode::Char('s'), Direction::Down),
            (KeyCode::Char('j'), Direction::Down),
            (KeyCode::Left, Direction::Left),
            (KeyCode::Char('A'), Direction::Left),
            (KeyCode::Char('H'), Direction::Left),
            (KeyCode::Right, Direction::Right),
            (KeyCode::Char('d'), Direction::Right),
            (KeyCode::Char('l'), Direction::Right),
        ] {
            assert_eq!(key(code), Some(Action::Move(direction)), "{code:?}");
        }
        assert_eq!(key(KeyCode::Char('u')), Some(Action::Undo));
        assert_eq!(key(KeyCode::Char('h')), Some(Action::Hint));
        assert_eq!(key(KeyCode::Char('a')), Some(Action::Auto));
        assert_eq!(key(KeyCode::Char('q')), Some(Action::Quit));
        assert_eq!(key(KeyCode::Char('n')), Some(Action::NewGame));
        assert_eq!(action_of(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Action::Quit));
        assert_eq!(key(KeyCode::Char('x')), None);
        let with = |modifiers, c| action_of(KeyEvent::new(KeyCode::Char(c), modifiers));
        assert_eq!(with(KeyModifiers::CONTROL, 'z'), Some(Action::Suspend));
        assert_eq!(with(KeyModifiers::CONTROL, 'l'), Some(Action::Redraw));
        // A letter held with Ctrl or Alt is not the letter: Ctrl-D is no move.
        for c in ['d', 'w', 's', 'a', 'u', 'h', 'q'] {
            assert_eq!(with(KeyModifiers::CONTROL, c), None, "Ctrl-{c}");
            assert_eq!(with(KeyModifiers::ALT, c), None, "Alt-{c}");
        }
        assert_eq!(with(KeyModifiers::CONTROL | KeyModifiers::ALT, 'c'), None);
        // Shift is how a capital is typed.
        assert_eq!(with(KeyModifiers::SHIFT, 'A'), Some(Action::Move(Direction::Left)));
    }

    /// A new session on `board`, seed 1, the classic law.
    fn session_on(board: &Board) -> Session {
        Session {
            board: board.clone(),
            score: 0,
            moves: 0,
            history: VecDeque::new(),
            undo_limit: undo_limit_of(board),
            start: board.clone(),
            new_game_asked: false,
            rng: SeededRng::new(1),
            law: SpawnLaw::classic(),
            seed: 1,
            message: String::new(),
            colour: None,
        }
    }

    #[test]
    fn the_title_names_a_law_other_than_the_classic_one() {
        let board: Board = "2 . / . .".parse().unwrap();
        // The title, between the bold and the reset that frame it.
        let title = |session: &Session| {
            let mut out = Vec::new();
            session.draw(&mut out, (80, 24)).unwrap();
            let drawn = String::from_utf8(out).unwrap();
            let (_, bold) = drawn.split_once("\u{1b}[1m").unwrap();
            bold.split_once("\u{1b}[0m").unwrap().0.to_string()
        };
        let mut session = session_on(&board);
        assert_eq!(title(&session), "puzzle play — score 0 — 0 moves — seed 1");
        session.law = SpawnLaw::in_percent_units(&[(2, 995), (4, 5)], 1).unwrap();
        assert_eq!(title(&session), "puzzle play — score 0 — 0 moves — seed 1 — spawns 2 99.5% 4 0.5%");
    }

    #[test]
    fn a_move_spawns_a_tile_and_undo_takes_both_back() {
        let board: Board = "2 2 . . / . . . . / . . . . / . . . .".parse().unwrap();
        let mut session = session_on(&board);
        session.apply(Action::Move(Direction::Left)).unwrap();
        assert_eq!((session.score, session.moves), (4, 1));
        let tiles = session.board.exponents().as_slice().iter().filter(|&&e| e > 0).count();
        assert_eq!(tiles, 2, "the merged 4 and one spawn");
        let after = session.board.clone();
        session.apply(Action::Undo).unwrap();
        assert_eq!((session.board.clone(), session.score, session.moves), (board, 0, 0));
        // The same move again brings the same spawn: undo rewinds the generator.
        session.apply(Action::Move(Direction::Left)).unwrap();
        assert_eq!(session.board, after);
        session.apply(Action::Move(Direction::Left)).unwrap_or(());
        session.apply(Action::Hint).unwrap();
        assert!(session.message.starts_with("hint: "), "{}", session.message);
    }

    #[test]
    fn the_goal_and_each_larger_tile_are_told_when_first_made() {
        let board: Board = "1024 1024 . / 2048 2048 . / . . .".parse().unwrap();
        let mut session = session_on(&board);
        session.apply(Action::Move(Direction::Down)).unwrap();
        assert_eq!(session.message, "", "no tile larger than the 2048 already there");
        let mut session = session_on(&board);
        session.apply(Action::Move(Direction::Left)).unwrap();
        assert_eq!(session.message, "4096: the largest tile yet");
        let mut session = session_on(&"1024 1024 . / . . . / . . .".parse().unwrap());
        session.apply(Action::Move(Direction::Right)).unwrap();
        assert_eq!(session.message, "2048: the game's goal is made; play on for more");
        // The next move says nothing more.
        session.apply(Action::Move(Direction::Left)).unwrap();
        assert_eq!(session.message, "");
    }

    #[test]
    fn n_starts_a_new_game_at_once_when_over_and_when_asked_twice_in_play() {
        let board: Board = "2 2 . . / . . . . / . . . . / . . . .".parse().unwrap();
        let mut session = session_on(&board);
        // Before any move, nothing is given up: at once.
        session.apply(Action::NewGame).unwrap();
        assert_eq!((session.seed, session.moves, session.message.as_str()), (2, 0, "a new game, seed 2"));
        assert_eq!(session.board, board, "a position starts again as it is (an empty board with two spawns)");
        // In play: asked, and any other key keeps the game.
        session.apply(Action::Move(Direction::Left)).unwrap();
        session.apply(Action::NewGame).unwrap();
        assert!(session.message.starts_with("n again starts a new game"), "{}", session.message);
        session.apply(Action::Hint).unwrap();
        session.apply(Action::NewGame).unwrap();
        assert_eq!((session.seed, session.moves), (2, 1), "asked again, not started");
        session.apply(Action::NewGame).unwrap();
        assert_eq!((session.seed, session.moves, session.history.len()), (3, 0, 0));
        // The same start and seed: the same game as `--seed 3` plays.
        let mut replayed = SeededRng::new(3);
        assert_eq!(session.board, starting_board(&board, &SpawnLaw::classic(), &mut replayed));
        // From an empty board, a new game spawns its two tiles.
        let mut empty = session_on(&". . . / . . . / . . .".parse().unwrap());
        empty.apply(Action::NewGame).unwrap();
        assert_eq!(empty.board.exponents().as_slice().iter().filter(|&&e| e > 0).count(), 2);
        // A lost board: at once, and the message says n.
        let mut lost = session_on(&"2 4 / 4 2".parse().unwrap());
        lost.tell_if_over();
        assert!(lost.message.contains("n plays a new game"), "{}", lost.message);
        lost.moves = 5;
        lost.apply(Action::NewGame).unwrap();
        assert_eq!((lost.seed, lost.moves), (2, 0));
    }

    #[test]
    fn undo_keeps_the_latest_moves_up_to_its_limit() {
        assert!(undo_limit_of(&"2 . . . / . . . . / . . . . / . . . .".parse().unwrap()) > 500_000);
        let large = Board::from_exponents(grid_core::Grid::new(32, 32, 0)).unwrap();
        assert!((50_000..70_000).contains(&undo_limit_of(&large)));
        let mut session = session_on(&"2 . . . / . . . . / . . . . / . . . .".parse().unwrap());
        session.undo_limit = 2;
        for direction in [Direction::Right, Direction::Down, Direction::Left, Direction::Up] {
            session.apply(Action::Move(direction)).unwrap();
        }
        assert_eq!((session.moves, session.history.len()), (4, 2));
        let kept = session.history[0].0.clone();
        session.apply(Action::Undo).unwrap();
        session.apply(Action::Undo).unwrap();
        assert_eq!((&session.board, session.moves), (&kept, 2));
        session.apply(Action::Undo).unwrap();
        assert_eq!(session.message, "nothing more to undo: the last 2 moves are kept");
        assert_eq!(session.moves, 2);
    }

    #[test]
    fn a_merge_past_2_pow_63_is_refused_and_the_game_goes_on() {
        let board: Board = "9223372036854775808 9223372036854775808 / 2 .".parse().unwrap();
        let mut session = session_on(&board);
        session.apply(Action::Move(Direction::Left)).unwrap();
        assert_eq!((&session.board, session.moves), (&board, 0));
        assert!(session.message.starts_with("left: two 2^63 tiles would merge"), "{}", session.message);
        // The hint says why it has none, rather than value the other moves.
        session.apply(Action::Hint).unwrap();
        assert!(session.message.starts_with("no hint: two 2^63 tiles would merge"), "{}", session.message);
        session.apply(Action::Move(Direction::Down)).unwrap();
        assert_eq!(session.moves, 1);
    }
}
