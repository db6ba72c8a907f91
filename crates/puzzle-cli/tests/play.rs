//! `puzzle play` in a real terminal: tmux runs it in a detached session, keys
//! are sent as a person types them, and the screen is read back. CI installs
//! tmux (Debian's `tmux`); elsewhere the test is skipped when tmux is missing,
//! and fails under CI.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// A tmux session on a server of its own (`-S`, a socket named as the
/// session, removed with it): the tests run in parallel, and on one shared
/// server a session could be asked for while the server, its last session
/// just killed by another test, was exiting (seen in CI: a screen that
/// stayed empty).
struct Session {
    name: String,
}

impl Session {
    fn socket(&self) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("{}.tmux", self.name))
    }

    fn tmux(&self, args: &[&str]) -> String {
        let output = Command::new("tmux").arg("-S").arg(self.socket()).args(args).output().unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", &self.name])
    }

    fn keys(&self, keys: &str) {
        self.tmux(&["send-keys", "-t", &self.name, keys]);
    }

    /// The screen once it shows `text`, or a failure naming what it showed.
    fn wait_for(&self, text: &str) -> String {
        self.wait_until(text, |screen| screen.contains(text))
    }

    /// The screen once a game's whole screen is drawn: its title holding
    /// `title`, and the line of keys, drawn after the board (tmux may show a
    /// screen half drawn, the title and some of the board's rows).
    fn wait_for_drawn(&self, title: &str) -> String {
        self.wait_until(title, |screen| screen.contains(title) && screen.contains("q quit"))
    }

    /// The screen once `done` says so, or a failure naming `what` and the screen.
    fn wait_until(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if done(&screen) {
                return screen;
            }
            assert!(start.elapsed() < Duration::from_secs(20), "waited for {what}; the screen:\n{screen}");
            sleep(Duration::from_millis(50));
        }
    }

    /// The screen once the shell printed the terminal's canonical-mode flag
    /// (`icanon`, or `-icanon` when it stayed raw) on a line of its own, and
    /// a failure unless it is `icanon`: raw mode given back.
    fn wait_for_canonical_mode(&self) -> String {
        let screen = self.wait_until("the terminal's mode", |screen| {
            screen.lines().any(|line| line.trim() == "icanon" || line.trim() == "-icanon")
        });
        assert!(screen.lines().any(|line| line.trim() == "icanon"), "the terminal stayed raw:\n{screen}");
        screen
    }
}

impl Session {
    /// The process id of the pane's own process (the game, or its shell).
    fn pane_pid(&self) -> String {
        self.tmux(&["display-message", "-p", "-t", &self.name, "#{pane_pid}"]).trim().to_string()
    }

    /// The process id of the game the pane's shell runs.
    fn game_pid(&self) -> String {
        let shell = self.pane_pid();
        let child = Command::new("pgrep").args(["-P", &shell]).output().unwrap();
        let pid = String::from_utf8_lossy(&child.stdout).trim().to_string();
        assert!(!pid.is_empty(), "no game process under the shell {shell}");
        pid
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
        let _ = std::fs::remove_file(self.socket());
    }
}

/// Whether tmux is there to run the test in; under CI it must be.
fn have_tmux() -> bool {
    let found = Command::new("tmux").arg("-V").output().is_ok();
    assert!(found || std::env::var_os("CI").is_none(), "CI must install tmux (apt-get install -y tmux)");
    if !found {
        eprintln!("skipped: no tmux on PATH");
    }
    found
}

/// A shell in a detached session running `program play --seed SEED`, then
/// its exit status and the terminal's canonical-mode flag: the session and
/// the game's first screen, once it shows; `None` without tmux.
fn game_in_a_shell(name: &str, seed: u64) -> Option<(Session, String)> {
    if !have_tmux() {
        return None;
    }
    let session = Session { name: format!("{name}-{}", std::process::id()) };
    session.tmux(&["new-session", "-d", "-s", &session.name, "-x", "100", "-y", "30", "sh"]);
    let command = format!(
        "{} play --seed {seed}; echo status=$?; stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'",
        env!("CARGO_BIN_EXE_puzzle")
    );
    session.tmux(&["send-keys", "-t", &session.name, &command, "Enter"]);
    let start = session.wait_for_drawn(&format!("— seed {seed}"));
    Some((session, start))
}

/// A detached session of `columns` × `rows` whose pane's own process is
/// `program play ARGS` (no shell around it); `None` without tmux.
fn game_as_the_pane(name: &str, (columns, rows): (u16, u16), args: &[&str]) -> Option<Session> {
    if !have_tmux() {
        return None;
    }
    let session = Session { name: format!("{name}-{}", std::process::id()) };
    let (columns, rows) = (columns.to_string(), rows.to_string());
    let mut command = vec!["new-session", "-d", "-s", &session.name, "-x", &columns, "-y", &rows];
    command.extend([env!("CARGO_BIN_EXE_puzzle"), "play"]);
    command.extend(args);
    session.tmux(&command);
    Some(session)
}

/// [`game_as_the_pane`] of 80 × 24 playing `position`, written to a file
/// (kept as long as the directory returned lives) with `--seed SEED`.
fn game_of_a_file(name: &str, position: &str, seed: u64) -> Option<(Session, tempfile::TempDir)> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("position.puzzle");
    std::fs::write(&file, position).unwrap();
    let session = game_as_the_pane(name, (80, 24), &[file.to_str().unwrap(), "--seed", &seed.to_string()])?;
    Some((session, dir))
}

/// The rows of tiles on a screen of the game.
fn tiles(screen: &str) -> Vec<String> {
    screen.lines().skip(2).take(4).map(|line| line.split_whitespace().collect::<Vec<_>>().join(" ")).collect()
}

#[test]
fn a_game_in_tmux_starts_moves_hints_and_quits_with_the_terminal_restored() {
    // The program runs inside a shell, so that the terminal's mode after it
    // quits can be read.
    let Some((session, start)) = game_in_a_shell("puzzle-play", 7) else { return };

    // Start: a new game, two tiles spawned.
    assert!(start.contains("score 0 — 0 moves"), "{start}");
    let cells: usize = tiles(&start).iter().map(|row| row.split(' ').filter(|cell| *cell != ".").count()).sum();
    assert_eq!(cells, 2, "a new game has two tiles:\n{start}");

    // A move: the first legal one of down, up, right (one of them is); an
    // illegal one says so and changes nothing.
    let mut moved = String::new();
    for (key, direction) in [("j", "down"), ("k", "up"), ("l", "right")] {
        session.keys(key);
        let refused = format!("{direction} changes nothing");
        moved = session
            .wait_until("the move or its refusal", |screen| screen.contains("— 1 move —") || screen.contains(&refused));
        if moved.contains("— 1 move —") {
            break;
        }
    }
    assert!(moved.contains("— 1 move —"), "no move was played:\n{moved}");
    let cells: usize = tiles(&moved).iter().map(|row| row.split(' ').filter(|cell| *cell != ".").count()).sum();
    assert!((2..=3).contains(&cells), "a move and its spawn:\n{moved}");

    // A hint: the engine's move and each legal move's value.
    session.keys("h");
    let hinted = session.wait_for("hint: ");
    assert!(hinted.contains("nodes)"), "{hinted}");

    // Undo takes the move back.
    session.keys("u");
    let undone = session.wait_for("undone");
    assert!(undone.contains("— 0 moves"), "{undone}");

    // Quit: the summary on the normal screen, and the terminal in canonical
    // mode again (raw mode given back).
    session.keys("q");
    let after = session.wait_for("(seed 7)");
    assert!(after.contains("score 0, 0 moves"), "{after}");
    session.wait_for_canonical_mode();
}

#[test]
fn the_engine_plays_until_any_key_and_q_quits_even_while_it_plays() {
    let Some((session, _)) = game_in_a_shell("puzzle-auto", 7) else { return };
    // `a`: the engine plays; a key that means nothing else stops it.
    session.keys("a");
    session.wait_for("the engine plays");
    session.wait_until("the engine's moves", |screen| !screen.contains("— 0 moves") && !screen.contains("— 1 move —"));
    // Ctrl-L draws the screen again, and the engine plays on.
    // (0 for a screen caught half drawn, its title not there yet.)
    let moves = |screen: &str| -> u64 {
        let title = screen.lines().next().unwrap_or_default();
        title.split(" — ").find_map(|part| part.strip_suffix(" moves")?.parse().ok()).unwrap_or(0)
    };
    session.keys("C-l");
    let redrawn = moves(&session.wait_until("the title", |screen| moves(screen) > 0));
    let later = session.wait_until("more moves", |screen| moves(screen) > redrawn + 2);
    assert!(!later.contains("the engine stopped"), "{later}");
    session.keys("x");
    let stopped = session.wait_for("the engine stopped");
    sleep(Duration::from_millis(300));
    assert_eq!(tiles(&session.screen()), tiles(&stopped), "the engine went on after the key");
    // Again, and `q` quits while it plays, in one key.
    session.keys("a");
    session.wait_for("the engine plays");
    session.keys("q");
    // The shell's echo comes after the game's summary: wait for it, not for
    // the summary alone (nor for the command line, which says `status=$?`).
    let after = session.wait_until("the status", |screen| screen.lines().any(|line| line.starts_with("status=")));
    assert!(after.contains("(seed 7)") && after.contains("status=0"), "{after}");
}

#[test]
fn n_twice_gives_up_the_game_for_a_new_one_with_the_next_seed() {
    let Some((session, _)) = game_in_a_shell("puzzle-play-new", 31) else { return };
    for key in ["Left", "Up", "Right", "Down"] {
        session.keys(key);
    }
    session.wait_until("a move", |screen| !screen.contains("— 0 moves —"));
    session.keys("n");
    session.wait_for("n again starts a new game");
    session.keys("n");
    let new = session.wait_for("a new game, seed 32");
    assert!(new.contains("— score 0 — 0 moves — seed 32"), "{new}");
    // The summary names the seed of the game played last.
    session.keys("q");
    let after = session.wait_for("(seed 32)");
    assert!(after.contains("score 0, 0 moves"), "{after}");
}

#[test]
fn sigterm_ends_the_game_with_the_terminal_restored() {
    let Some((session, _)) = game_in_a_shell("puzzle-play-term", 11) else { return };
    let pid = session.game_pid();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    session.wait_for("status=143");
    session.wait_for_canonical_mode();
}

#[test]
fn ctrl_z_and_sigtstp_give_the_terminal_back_until_fg_and_other_control_keys_move_nothing() {
    let Some((session, _)) = game_in_a_shell("puzzle-play-stop", 19) else { return };
    // Ctrl-L draws again; Ctrl-D, Ctrl-W, Alt-l and Ctrl-S are not moves
    // (as plain d, w, l and s would be).
    for key in ["C-l", "C-d", "C-w", "M-l", "C-s"] {
        session.keys(key);
    }
    session.keys("x");
    sleep(Duration::from_millis(300));
    let screen = session.screen();
    assert!(screen.contains("— 0 moves —"), "{screen}");

    // Ctrl-Z: the shell has the terminal back, in canonical mode; `sh`
    // goes on with its list at once (the status of a stopped job is 128 +
    // the signal, SIGSTOP's 19), so the mode is printed then.
    session.keys("C-z");
    session.wait_for_canonical_mode();
    // The shell tells of the stopped job before its next prompt, which may
    // come after the list's output.
    let stopped = session.wait_for("Stopped");
    assert!(stopped.contains("status=147"), "{stopped}");
    // `fg`: the same game, which takes the terminal again.
    session.keys("clear; fg");
    session.keys("Enter");
    session.wait_for("— seed 19");
    session.keys("q");
    let after = session.wait_for("(seed 19)");
    assert!(after.contains("score 0, 0 moves"), "{after}");

    // A SIGTSTP from elsewhere does the same.
    let command = format!(
        "clear; {} play --seed 23; stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'",
        env!("CARGO_BIN_EXE_puzzle")
    );
    session.keys(&command);
    session.keys("Enter");
    session.wait_for("— seed 23");
    assert!(Command::new("kill").args(["-TSTP", &session.game_pid()]).status().unwrap().success());
    session.wait_for_canonical_mode();
}

#[test]
fn ctrl_z_without_a_shell_to_come_back_to_does_not_stop_the_game() {
    // The game as the pane's own process: nothing could continue it.
    let Some(session) = game_as_the_pane("puzzle-play-leader", (80, 24), &["--seed", "29"]) else { return };
    session.wait_for("— seed 29");
    session.keys("C-z");
    session.wait_for("not suspended: no shell with job control would bring the game back (q quits)");
    let pid = session.pane_pid();
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    assert!(status.lines().any(|line| line.starts_with("State:") && !line.contains("stopped")), "{status}");
    // A SIGTSTP from elsewhere does not stop it either; it still plays.
    assert!(Command::new("kill").args(["-TSTP", &pid]).status().unwrap().success());
    sleep(Duration::from_millis(300));
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    assert!(status.lines().any(|line| line.starts_with("State:") && !line.contains("stopped")), "{status}");
    for key in ["Left", "Right", "Up", "Down"] {
        session.keys(key);
    }
    session.wait_until("a move", |screen| !screen.contains("— 0 moves —"));
}

#[test]
fn closing_the_terminal_ends_the_game() {
    // The game runs as the pane's own process; killing the session closes
    // its terminal under it, and it must not linger (crossterm's read loop
    // would spin on the closed input forever).
    let Some(session) = game_as_the_pane("puzzle-play-hup", (80, 24), &["--seed", "13"]) else { return };
    session.wait_for("— seed 13");
    let pid = session.pane_pid();
    session.tmux(&["kill-session", "-t", &session.name]);
    let start = Instant::now();
    while std::path::Path::new(&format!("/proc/{pid}")).exists() {
        assert!(start.elapsed() < Duration::from_secs(5), "the game {pid} outlived its terminal");
        sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_terminal_hung_up_without_a_sighup_ends_the_game_as_one() {
    use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};
    use std::os::unix::fs::OpenOptionsExt;
    // A terminal the game does not have as its controlling one: closing it
    // hangs up the game's input, and the kernel sends no SIGHUP.
    let terminal = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY | OpenptFlags::CLOEXEC).unwrap();
    grantpt(&terminal).unwrap();
    unlockpt(&terminal).unwrap();
    let name = ptsname(&terminal, Vec::new()).unwrap();
    let side = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(rustix::fs::OFlags::NOCTTY.bits() as i32)
        .open(name.to_str().unwrap())
        .unwrap();
    rustix::termios::tcsetwinsize(
        &side,
        rustix::termios::Winsize { ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0 },
    )
    .unwrap();
    // Killed when the test fails: a game that did not end would run on.
    struct Game(std::process::Child);
    impl Drop for Game {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut game = Game(
        Command::new(env!("CARGO_BIN_EXE_puzzle"))
            .args(["play", "--seed", "5"])
            .stdin(side.try_clone().unwrap())
            .stdout(side.try_clone().unwrap())
            .stderr(side)
            .spawn()
            .unwrap(),
    );
    let (mut seen, start) = (Vec::new(), Instant::now());
    while !String::from_utf8_lossy(&seen).contains("q quit") {
        assert!(start.elapsed() < Duration::from_secs(20), "{}", String::from_utf8_lossy(&seen));
        let mut fds = [rustix::event::PollFd::new(&terminal, rustix::event::PollFlags::IN)];
        let timeout = rustix::event::Timespec { tv_sec: 0, tv_nsec: 100_000_000 };
        if rustix::event::poll(&mut fds, Some(&timeout)).unwrap() > 0 {
            let mut buffer = [0; 65536];
            let read = rustix::io::read(&terminal, &mut buffer).unwrap();
            seen.extend_from_slice(&buffer[..read]);
        }
    }
    drop(terminal);
    let start = Instant::now();
    let status = loop {
        if let Some(status) = game.0.try_wait().unwrap() {
            break status;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "the game still runs");
        sleep(Duration::from_millis(50));
    };
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(1), "ended as by SIGHUP: {status:?}");
}

#[test]
fn a_terminal_too_small_for_the_board_says_so_until_it_grows() {
    // A 20×20 board needs 2 + 20 × 5 columns and 2 + 20 + 2 rows.
    let Some(session) = game_as_the_pane("puzzle-play-small", (60, 20), &["--size", "20x20", "--seed", "17"]) else {
        return;
    };
    let small = session.wait_for("press q to quit");
    assert!(small.contains("The terminal is 60×20; this board needs 102×24."), "{small}");
    assert!(!small.contains("— seed 17"), "no board drawn wrapped:\n{small}");
    // Keys other than q do nothing to a board the player cannot see, and
    // the engine waits.
    session.keys("Left");
    session.keys("a");
    sleep(Duration::from_millis(500));
    session.tmux(&["resize-window", "-t", &session.name, "-x", "110", "-y", "30"]);
    let grown = session.wait_for_drawn("— seed 17");
    assert!(!grown.contains("press q to quit"), "{grown}");
    assert!(grown.contains("— score 0 — 0 moves —"), "{grown}");
    assert_eq!(grown.lines().filter(|line| line.starts_with("  ") && line.contains(" .")).count(), 20, "{grown}");
}

#[test]
fn without_a_seed_one_from_the_clock_is_shown_and_an_idle_game_sleeps() {
    let Some(session) = game_as_the_pane("puzzle-play-idle", (80, 24), &[]) else { return };
    let screen = session.wait_for_drawn("— seed ");
    let title = screen.lines().next().unwrap();
    let seed: u64 = title.rsplit("— seed ").next().unwrap().trim().parse().unwrap();
    assert!(seed < 1_000_000, "a seed short enough to type again: {title}");
    // Waiting for a key, the game wakes ten times a second (to see a
    // resize or a signal), not more: its thread's sleeps in two seconds.
    let pid = session.pane_pid();
    let sleeps = || {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        let line = status.lines().find(|line| line.starts_with("voluntary_ctxt_switches:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap()
    };
    let before = sleeps();
    sleep(Duration::from_secs(2));
    let slept = sleeps() - before;
    assert!(slept < 100, "{slept} sleeps in two seconds");
}

#[test]
fn play_without_a_terminal_says_so() {
    let output = Command::new(env!("CARGO_BIN_EXE_puzzle")).arg("play").output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("needs a terminal"), "{stderr}");
    // A bad start is told first, terminal or not.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for (args, told) in [
        (vec!["play", "--size", "1x1"], "at least 2 cells, not 1x1"),
        (vec!["play", "--size", "40x40"], "1 to 32 cells on each side"),
        (vec!["play", "--size", "33x4"], "not 33x4"),
        (vec!["play", "--size", "4x33"], "not 4x33"),
        // The least and the largest boards pass, to the terminal's check.
        (vec!["play", "--size", "1x2"], "needs a terminal"),
        (vec!["play", "--size", "32x32"], "needs a terminal"),
        (vec!["play", root.join("puzzles/kakao-example.puzzle").to_str().unwrap()], "a block game"),
        // A bad file's every error, where and what, as `puzzle check` tells them.
        (
            vec!["play", root.join("puzzles/invalid/tile-one.puzzle").to_str().unwrap()],
            "error: `1` is not a power of two from 2 up\n --> ",
        ),
        (vec!["play", root.join("puzzles/invalid/tile-one.puzzle").to_str().unwrap()], "tile-one.puzzle:3:5\n"),
        (vec!["play", root.join("puzzles/invalid/tile-one.puzzle").to_str().unwrap()], "3 |   2 1\n  |     ^\n"),
        // Bytes that are not UTF-8, told as `puzzle check` tells them.
        (
            vec!["play", root.join("puzzles/invalid/not-utf8.puzzle").to_str().unwrap()],
            "error: the file is not UTF-8 text (byte 0xFF)\n --> ",
        ),
        (
            vec!["play", root.join("puzzles/invalid/utf16.puzzle").to_str().unwrap()],
            "error: the file is UTF-16 text (little-endian), not UTF-8\n --> ",
        ),
        (vec!["play", root.join("puzzles/invalid/utf16.puzzle").to_str().unwrap()], "1 | # Saved by Windows"),
        // A file that cannot be read is named once.
        (
            vec!["play", "/dev/zero"],
            "error: `/dev/zero` is larger than 1048576 bytes, the limit for a puzzle; split it into several puzzles\n",
        ),
        (vec!["play", "no-such.puzzle"], "error: cannot read `no-such.puzzle`: "),
        // Standard input is the keyboard: a file cannot come from it.
        (vec!["play", "-"], "error: `puzzle play` reads its keys from standard input, so its FILE cannot be `-`"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_puzzle")).args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(told), "{args:?}: {stderr}");
    }
    // A bad file's errors in colour when asked.
    let bad = root.join("puzzles/invalid/tile-one.puzzle");
    let output =
        Command::new(env!("CARGO_BIN_EXE_puzzle")).args(["play", "--color", "always"]).arg(&bad).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("\x1b[1;31merror\x1b[0m"), "{stderr:?}");
    // A terminal on one side only is not enough (util-linux `script` gives
    // the game a terminal, then one side is redirected).
    for redirected in ["> /dev/null", "< /dev/null"] {
        let line = format!("{} play {redirected}", env!("CARGO_BIN_EXE_puzzle"));
        // (Within a time: a game started in error would wait for keys.)
        let output = Command::new("timeout").args(["20", "script", "-qec", &line, "/dev/null"]).output().unwrap();
        let told = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(2), "{redirected}: {told}");
        assert!(told.contains("needs a terminal (standard input and output both)"), "{redirected}: {told}");
    }
    // A terminal that cannot draw a screen (Emacs' `M-x shell` says so by
    // `TERM=dumb`) would show the escapes as text.
    let line = format!("TERM=dumb {} play", env!("CARGO_BIN_EXE_puzzle"));
    let output = Command::new("timeout").args(["20", "script", "-qec", &line, "/dev/null"]).output().unwrap();
    let told = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{told}");
    assert_eq!(
        told.replace("\r\n", "\n"),
        "error: `puzzle play` draws its screen with the cursor, which a terminal of `TERM=dumb` cannot move \
         (Emacs' `M-x shell` is one): play it in a terminal emulator, or in Emacs' `M-x term`\n"
    );
}

#[test]
fn a_lost_board_says_so_and_the_engine_does_not_pretend_to_play_it() {
    // A position to play needs no query.
    let position = "game 2048\nspawns classic\nboard {\n  2 4\n  4 2\n}\n";
    let Some((session, _file)) = game_of_a_file("puzzle-play-lost", position, 3) else { return };
    session.wait_for("no move left: the game is over");
    // `a` on it: the engine has no move, and says the game is over again.
    session.keys("a");
    sleep(Duration::from_millis(300));
    let screen = session.screen();
    assert!(screen.contains("no move left: the game is over") && !screen.contains("the engine plays"), "{screen}");
    // A move on it: no move is legal, and the game is still over.
    session.keys("Left");
    sleep(Duration::from_millis(300));
    let screen = session.screen();
    assert!(screen.contains("no move left: the game is over"), "{screen}");
}

#[test]
fn the_goal_is_told_when_made_and_stays_told_while_the_engine_plays_on() {
    let position = "game 2048\nspawns classic\nboard {\n  512 512 1024 .\n  . . . .\n  . . . .\n  . . . .\n}\n";
    let Some((session, _file)) = game_of_a_file("puzzle-play-goal", position, 1) else { return };
    session.wait_for("— seed 1");
    session.keys("a");
    let made = session.wait_for("2048: the game's goal is made; play on for more");
    // Said when the tile stands on the board, not before.
    assert!(tiles(&made).iter().any(|row| row.split(' ').any(|cell| cell == "2048")), "{made}");
    // Told for a while, not for the one move that made it.
    sleep(Duration::from_millis(300));
    let later = session.screen();
    assert!(later.contains("the game's goal is made") && later.contains("the engine plays"), "{later}");
    session.keys("q");
}
