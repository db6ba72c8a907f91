//! Terminal conventions: colour decided as clap decides it (NO_COLOR,
//! CLICOLOR, CLICOLOR_FORCE, TERM=dumb) and `--color` reaching clap's own
//! errors; 24-bit colour only where the terminal says so; `--ascii` output
//! pure ASCII; control characters from a file never reaching the terminal
//! raw; long source lines cut around the caret; a long query's progress on
//! the bar, cleared when a signal ends the run; a puzzle typed at the
//! terminal read before any bar, its typist told how to end it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `puzzle ARGS` with the colour variables cleared, then `env` set.
fn puzzle_with(env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzle"));
    for variable in ["NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "COLORTERM", "TERM", "CI"] {
        command.env_remove(variable);
    }
    command.envs(env.iter().copied()).args(args).current_dir(root()).stdin(Stdio::null());
    command.output().unwrap()
}

/// `puzzle ARGS` on a pseudo-terminal (util-linux `script`), its output as
/// the terminal got it.
fn on_a_terminal(env: &[(&str, &str)], args: &[&str]) -> String {
    let line = std::iter::once(env!("CARGO_BIN_EXE_puzzle").to_string())
        .chain(args.iter().map(|arg| arg.to_string()))
        .collect::<Vec<_>>()
        .join(" ");
    shell_on_a_terminal(env, &line, &root())
}

/// The shell command `line` run in `dir` on a pseudo-terminal, its output
/// as the terminal got it.
fn shell_on_a_terminal(env: &[(&str, &str)], line: &str, dir: &Path) -> String {
    let mut command = Command::new("script");
    for variable in ["NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "COLORTERM", "TERM", "CI"] {
        command.env_remove(variable);
    }
    command.env("TERM", "xterm-256color").envs(env.iter().copied());
    let output = command.args(["-qec", line, "/dev/null"]).current_dir(dir).output().unwrap();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `puzzle ARGS` on a pseudo-terminal, `typed` typed at it after the
/// progress bar would have appeared (0.7 s), then Ctrl-D: the terminal's
/// output, what it echoed of the typing and all.
fn typed_on_a_terminal(args: &str, typed: &str) -> String {
    use std::io::Write;
    let line = format!("{} {args}", env!("CARGO_BIN_EXE_puzzle"));
    let mut command = Command::new("script");
    command.env("TERM", "xterm-256color").env("NO_COLOR", "1");
    let mut child = command
        .args(["-qec", &line, "/dev/null"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut keyboard = child.stdin.take().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    keyboard.write_all(typed.as_bytes()).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    keyboard.write_all(b"\x04").unwrap();
    let output = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&output.stdout).replace("\r\n", "\n")
}

#[test]
fn a_puzzle_typed_at_the_terminal_is_told_how_to_end_and_read_before_any_bar() {
    let typed = "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n";
    let told = "reading a puzzle from the terminal: end it with Ctrl-D at the start of a line\n";
    // The file's answer comes after the typing, and no bar is drawn among
    // the lines typed (it was: `⠲ [1s] <stdin>` between each two).
    let screen = typed_on_a_terminal(&format!("run {SAMPLE} -"), typed);
    let report = "<stdin>\n  2048, 1×2 board\n  max-tile within 1: 4\n    moves: L (1 move)\n";
    assert!(screen.starts_with(&format!("{told}{typed}{SAMPLE} — BOJ 12100 sample 1\n")), "{screen:?}");
    assert!(screen.contains(report) && !screen.contains("[1s]"), "{screen:?}");
    // The terminal named as a file is typed at too: read first, and told.
    let screen = typed_on_a_terminal(&format!("run {SAMPLE} /dev/tty"), typed);
    let report = report.replace("<stdin>", "/dev/tty");
    assert!(screen.starts_with(&format!("{told}{typed}{SAMPLE} — BOJ 12100 sample 1\n")), "{screen:?}");
    assert!(screen.contains(&report) && !screen.contains("[1s]"), "{screen:?}");
    // `check` and `fmt` say the same; a judge's input is told its own name.
    assert_eq!(typed_on_a_terminal("check -", typed), format!("{told}{typed}1 file checked: all valid\n"));
    assert_eq!(typed_on_a_terminal("check /dev/stdin", typed), format!("{told}{typed}1 file checked: all valid\n"));
    let formatted = "game 2048\n\nboard {\n  2 2\n}\n\nquery max-tile within 1\n";
    assert_eq!(typed_on_a_terminal("fmt -", typed), format!("{told}{typed}{formatted}"));
    let left = "error: cannot write `/dev/tty`: it is a device, not a regular file, and is left as it is \
                (`-` reads standard input and prints the new text)\n";
    assert_eq!(typed_on_a_terminal("fmt /dev/tty", typed), format!("{told}{typed}{left}"));
    let judged = typed_on_a_terminal("judge boj-12100", "2\n2 2\n4 4\n");
    assert_eq!(
        judged,
        "reading the judge's input from the terminal: end it with Ctrl-D at the start of a line\n2\n2 2\n4 4\n8\n"
    );
}

const ESC: char = '\u{1b}';
const SAMPLE: &str = "puzzles/boj-12100-sample.puzzle";

#[test]
fn colour_follows_the_conventions_on_a_terminal() {
    assert!(on_a_terminal(&[], &["run", SAMPLE]).contains(ESC), "a terminal gets colour");
    assert!(!on_a_terminal(&[("NO_COLOR", "1")], &["run", SAMPLE]).contains(ESC), "NO_COLOR");
    assert!(!on_a_terminal(&[("TERM", "dumb")], &["run", SAMPLE]).contains(ESC), "TERM=dumb");
    assert!(!on_a_terminal(&[("CLICOLOR", "0")], &["run", SAMPLE]).contains(ESC), "CLICOLOR=0");
    assert!(!on_a_terminal(&[], &["run", SAMPLE, "--color", "never"]).contains(ESC), "--color never");
}

#[test]
fn colour_follows_the_conventions_into_a_pipe() {
    let stdout = |output: Output| String::from_utf8(output.stdout).unwrap();
    assert!(!stdout(puzzle_with(&[], &["run", SAMPLE])).contains(ESC), "a pipe gets none");
    assert!(stdout(puzzle_with(&[("CLICOLOR_FORCE", "1")], &["run", SAMPLE])).contains(ESC), "CLICOLOR_FORCE");
    let both = puzzle_with(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")], &["run", SAMPLE]);
    assert!(!stdout(both).contains(ESC), "NO_COLOR wins");
    assert!(stdout(puzzle_with(&[], &["run", SAMPLE, "--color", "always"])).contains(ESC), "--color always");
}

#[test]
fn each_stream_is_coloured_as_it_is_a_terminal_or_not() {
    let dir = tempfile::tempdir().unwrap();
    let (program, invalid) = (env!("CARGO_BIN_EXE_puzzle"), root().join("puzzles/invalid/ragged-rows.puzzle"));
    let errors = dir.path().join("errors.txt");
    // The report on the terminal, the errors into a file.
    let line = format!("{program} run {} {} 2>{}", root().join(SAMPLE).display(), invalid.display(), errors.display());
    let report = shell_on_a_terminal(&[], &line, dir.path());
    let errors = std::fs::read_to_string(errors).unwrap();
    assert!(report.contains(ESC) && !errors.contains(ESC), "{report:?} {errors:?}");
    assert!(errors.starts_with("error: "), "{errors:?}");
    // The errors on the terminal, the report into a pipe.
    let line = format!("{program} run {} {} | cat >/dev/null", root().join(SAMPLE).display(), invalid.display());
    let errors = shell_on_a_terminal(&[], &line, dir.path());
    assert!(errors.starts_with(&format!("{ESC}[1;31merror{ESC}[0m")), "{errors:?}");
}

#[test]
fn color_reaches_clap_errors() {
    let stderr = |output: Output| String::from_utf8(output.stderr).unwrap();
    assert!(stderr(puzzle_with(&[], &["run", "--bogus", "--color", "always"])).contains(ESC));
    assert!(!stderr(puzzle_with(&[], &["run", "--bogus", "--color=never"])).contains(ESC));
}

#[test]
fn twenty_four_bit_colour_only_where_the_terminal_says_so() {
    let explain = |env: &[(&str, &str)]| {
        String::from_utf8(puzzle_with(env, &["run", "--explain", "--color", "always", SAMPLE]).stdout).unwrap()
    };
    let plain = explain(&[]);
    assert!(plain.contains("38;5;") && !plain.contains("38;2;"), "256 colours by default");
    let true_colour = explain(&[("COLORTERM", "truecolor")]);
    assert!(true_colour.contains("38;2;") && !true_colour.contains("38;5;"), "24-bit with COLORTERM");
}

#[test]
fn ascii_output_is_pure_ascii() {
    let output = puzzle_with(&[], &["run", "--ascii", "--explain", "--show", "puzzles"]);
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.len() > 10_000, "every shipped example");
    if let Some(bad) = text.chars().find(|c| !c.is_ascii()) {
        panic!("{bad:?} in the --ascii output");
    }
}

#[test]
fn control_characters_from_a_file_are_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let named = dir.path().join("named.puzzle");
    std::fs::write(&named, "name \"clear \u{1b}[2J here\"\ngame 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n")
        .unwrap();
    let bad = dir.path().join("bad.puzzle");
    std::fs::write(&bad, "game 20\u{1b}[2J48\nboard {\n  2\n}\nquery max-tile within 1\n").unwrap();
    let svg = dir.path().join("svg");
    let output = puzzle_with(
        &[],
        &["run", &named.display().to_string(), &bad.display().to_string(), "--svg"]
            .into_iter()
            .chain([svg.to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    let text = String::from_utf8(output.stdout).unwrap() + &String::from_utf8(output.stderr).unwrap();
    assert!(!text.contains(ESC), "{text:?}");
    assert!(text.contains("\\u{1b}[2J"), "{text}");
    let picture = std::fs::read_to_string(svg.join("named.svg")).unwrap();
    assert!(!picture.chars().any(|c| c.is_control() && c != '\n'), "the SVG is valid XML");
    assert!(picture.contains("clear \\u{1b}[2J here"));
}

#[test]
fn text_direction_controls_from_a_file_are_shown_escaped() {
    // A right-to-left override shows the rest of its line reversed
    // ("Trojan Source"): a snippet would read other than the file, and its
    // caret would point elsewhere. In a name, a comment, and the file's name.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a\u{202e}b.puzzle");
    std::fs::write(
        &file,
        "name \"abc\u{202e}def\"\ngmae 2048 # \u{2067}x\u{2069}\nboard {\n  2 2\n}\nquery max-tile within 1\n",
    )
    .unwrap();
    for command in ["run", "check"] {
        let output = puzzle_with(&[], &[command, &file.display().to_string()]);
        let text = String::from_utf8(output.stdout).unwrap() + &String::from_utf8(output.stderr).unwrap();
        for control in ['\u{202e}', '\u{2067}', '\u{2069}'] {
            assert!(!text.contains(control), "{control:?} in {text:?}");
        }
        assert!(text.contains("2 | gmae 2048 # \\u{2067}x\\u{2069}\n  | ^^^^\n"), "{text}");
        assert!(text.contains("a\\u{202e}b.puzzle:2:1"), "{text}");
    }
    let named = dir.path().join("named.puzzle");
    std::fs::write(&named, "name \"abc\u{202e}def\"\ngame 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n").unwrap();
    let output = puzzle_with(&[], &["run", &named.display().to_string()]);
    assert!(String::from_utf8(output.stdout).unwrap().contains(" — abc\\u{202e}def\n"));
}

#[test]
fn what_shows_as_nothing_is_shown_escaped_but_the_joiners_of_an_emoji() {
    // A zero-width space in `game` makes a word that looks like it and is
    // not; the line shown holds it escaped, and so does the message. A
    // name's family emoji keeps its joiners, its zero-width space escaped.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.puzzle");
    let family = "\u{1f468}\u{200d}\u{1f469}";
    let source =
        format!("name \"{family}\u{200b}\"\nga\u{200b}me 2048\nboard {{\n  2 2\n}}\nquery max-tile within 1\n");
    std::fs::write(&file, source).unwrap();
    let output = puzzle_with(&[], &["check", &file.display().to_string()]);
    let stderr = String::from_utf8(output.stderr).unwrap();
    let told = "error: `\\u{200b}` (U+200B) shows as nothing, and the language does not read it: delete it\n";
    assert!(stderr.starts_with(told), "{stderr}");
    assert!(stderr.contains("2 | ga\\u{200b}me 2048\n  |   ^^^^^^^^\n"), "{stderr}");
    std::fs::write(
        &file,
        format!("name \"{family}\u{200b}\"\ngame 2048\nboard {{\n  2 2\n}}\nquery max-tile within 1\n"),
    )
    .unwrap();
    let output = puzzle_with(&[], &["run", &file.display().to_string()]);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains(&format!("x.puzzle — {family}\\u{{200b}}\n")), "{stdout}");
}

#[test]
fn a_long_line_is_cut_around_the_caret() {
    let dir = tempfile::tempdir().unwrap();
    let long = dir.path().join("long.puzzle");
    let row = vec!["2"; 200].join(" ") + " 3";
    std::fs::write(&long, format!("game 2048\nboard {{\n  {row}\n}}\nquery max-tile within 1\n")).unwrap();
    let output = puzzle_with(&[], &["check", &long.display().to_string()]);
    let text = String::from_utf8(output.stderr).unwrap();
    assert!(text.contains("`3` is not a power of two"), "{text}");
    let longest = text.lines().map(|line| line.chars().count()).max().unwrap();
    assert!(longest < 160, "a line of {longest} characters:\n{text}");
    assert!(text.contains("3 | ...2 2 2") && text.contains("2 2 3\n"), "cut before, not after: {text}");
    // The caret still sits under the `3`.
    let lines: Vec<&str> = text.lines().collect();
    let source = lines.iter().position(|line| line.starts_with("3 | ...")).unwrap();
    assert_eq!(lines[source].rfind('3'), lines[source + 1].find('^'), "{text}");
}

/// `puzzle ARGS` run for `seconds` on a pseudo-terminal, in a directory
/// holding only `file`: a new 4×4 game and its `query`. Then SIGTERM.
fn a_new_game_on_a_terminal(file: &str, query: &str, seconds: u32, args: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let board = "board {\n  . . . .\n  . . . .\n  . . . .\n  . . . .\n}\n";
    std::fs::write(dir.path().join(file), format!("game 2048\nspawns classic\n{board}query {query}\n")).unwrap();
    let line = format!("timeout -s TERM {seconds} {} {args}", env!("CARGO_BIN_EXE_puzzle"));
    shell_on_a_terminal(&[], &line, dir.path())
}

#[test]
fn a_long_play_shows_its_games_on_the_bar_and_a_signal_clears_it() {
    // Days of games: the bar appears after 0.7 s, SIGTERM comes at 5. The
    // file is named with a control character, which the bar shows escaped.
    let screen = a_new_game_on_a_terminal("l\u{1b}[2J.puzzle", "play 1000 games seed 1", 5, "run .");
    // An 80-column terminal (script's) holds the whole line.
    assert!(screen.contains("] ./l\\u{1b}[2J.puzzle (play: 0/1000 games, "), "{screen:?}");
    assert!(!screen.contains("\u{1b}[2J"), "{screen:?}");
    assert!(screen.contains(" moves, largest "), "{screen:?}");
    // Killed before any report, and the bar's line erased last.
    assert!(!screen.contains("games, largest tile"), "{screen:?}");
    assert!(screen.trim_end_matches(' ').ends_with("\r\u{1b}[2K"), "{screen:?}");
    assert!(!screen.contains(" puzzles ["), "one file has no count: {screen:?}");
}

/// The progress bar's lines on `screen` that tell a `play`, as drawn last
/// on their line.
fn bars_of(screen: &str) -> Vec<&str> {
    let drawn = screen.split(['\r', '\n']).filter(|line| line.contains("(play: "));
    drawn.map(|line| line.rsplit("\u{1b}[2K").next().unwrap().trim_end()).collect()
}

#[test]
fn a_long_file_name_is_cut_on_the_bar_so_that_its_query_s_progress_shows() {
    // 150 characters of name on script's terminal, of no size (80 columns
    // to the bar): the bar cut its line at the end, and the query's
    // progress was lost.
    let name = format!("{}.puzzle", "x".repeat(150));
    // The name's share of the line is what the activity leaves it, which
    // grows with the game (`9 moves, largest 4`, `10 moves, largest 8`).
    let screen = a_new_game_on_a_terminal(&name, "play 1000 games seed 1", 5, "run .");
    let bars = bars_of(&screen);
    let cut_in_its_middle = |bar: &&str| {
        let name = bar.split_once("] ./").and_then(|(_, rest)| rest.split_once(".puzzle (play: 0/1000 games, "));
        let halves = name.and_then(|(name, _)| name.split_once('…'));
        halves.is_some_and(|(start, end)| {
            let (start, end) = (start.chars().count(), end.chars().count());
            start >= end && end >= 4 && (70..=80).contains(&bar.chars().count()) && bar.ends_with(')')
        })
    };
    assert!(!bars.is_empty() && bars.iter().all(cut_in_its_middle), "{bars:?}");
    // The spinner turns, ticked by the run every tenth of a second.
    let mut spinners: Vec<char> = bars.iter().filter_map(|bar| bar.chars().next()).collect();
    spinners.dedup();
    assert!(spinners.len() >= 10, "{spinners:?}");
    // A terminal of 100 columns: the bar's line takes them (not 80), and
    // ends with the query's progress whole. Of 100 columns and no rows, or
    // of rows and no columns, it is one of 80 to the bar, as to indicatif.
    let dir = tempfile::tempdir().unwrap();
    let board = "board {\n  . . . .\n  . . . .\n  . . . .\n  . . . .\n}\n";
    let puzzle = format!("game 2048\nspawns classic\n{board}query play 1000 games seed 1\n");
    std::fs::write(dir.path().join(&name), puzzle).unwrap();
    for (size, columns) in [("cols 100 rows 24", 81..=100), ("cols 100", 70..=80), ("rows 24", 70..=80)] {
        let line = format!("stty {size}; timeout -s TERM 5 {} run .", env!("CARGO_BIN_EXE_puzzle"));
        let screen = shell_on_a_terminal(&[], &line, dir.path());
        let bars = bars_of(&screen);
        let whole = |bar: &&str| bar.ends_with(')') && columns.contains(&bar.chars().count());
        assert!(!bars.is_empty() && bars.iter().all(whole), "{size}: {bars:?}");
    }
}

#[test]
fn a_terminal_that_cannot_move_its_cursor_gets_no_bar() {
    // `TERM=dumb` (Emacs' `M-x shell`) would show the bar's escapes as text,
    // a line each tenth of a second: no bar, and no colour either.
    let dir = tempfile::tempdir().unwrap();
    let board = "board {\n  . . . .\n  . . . .\n  . . . .\n  . . . .\n}\n";
    let long = format!("game 2048\nspawns classic\n{board}query play 1000 games seed 1\n");
    std::fs::write(dir.path().join("long.puzzle"), long).unwrap();
    let line = format!("timeout -s TERM 3 {} run long.puzzle", env!("CARGO_BIN_EXE_puzzle"));
    let screen = shell_on_a_terminal(&[("TERM", "dumb")], &line, dir.path());
    assert!(screen.starts_with("long.puzzle\r\n"), "the report's head: {screen:?}");
    assert!(!screen.contains(ESC) && !screen.contains("(play: "), "{screen:?}");
}

#[test]
fn with_several_files_the_bar_counts_them() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(root().join(SAMPLE), dir.path().join("a.puzzle")).unwrap();
    let board = "board {\n  . . . .\n  . . . .\n  . . . .\n  . . . .\n}\n";
    let long = format!("game 2048\nspawns classic\n{board}query play 1000 games seed 1\n");
    std::fs::write(dir.path().join("b.puzzle"), long).unwrap();
    let line = format!("timeout -s TERM 3 {} run .", env!("CARGO_BIN_EXE_puzzle"));
    let screen = shell_on_a_terminal(&[], &line, dir.path());
    assert!(screen.contains(" 1/2 puzzles ["), "{screen:?}");
}

#[test]
fn with_ascii_the_bar_is_ascii_too() {
    let screen = a_new_game_on_a_terminal("ü.puzzle", "play 1000 games seed 1", 3, "run . --ascii");
    assert!(screen.contains("] ./\\u{fc}.puzzle"), "{screen:?}");
    assert!(screen.is_ascii(), "{screen:?}");
}

#[test]
fn games_of_milliseconds_are_not_told_one_by_one() {
    // Thousands of depth-1 games a second: the bar counts them, and no line
    // a game floods the screen (a game of a second or more gets one; the
    // library's test of the watcher checks that side).
    let quick = "play 100000 games seed 1 depth 1";
    let screen = a_new_game_on_a_terminal("quick.puzzle", quick, 3, "run quick.puzzle");
    assert!(screen.contains("quick.puzzle (play: "), "{screen:?}");
    assert!(!screen.contains("quick.puzzle: game "), "{screen:?}");
}

#[test]
fn quiet_shows_no_bar() {
    // Only the answer that failed, under the report's head, written before
    // the long query; then no bar.
    let quick = "chance 4 within 0\nexpect 1\nquery play 100000 games seed 1 depth 1";
    assert_eq!(
        a_new_game_on_a_terminal("quick.puzzle", quick, 2, "run quick.puzzle -q"),
        "\u{1b}[1mquick.puzzle\u{1b}[0m\r\n  2048 with spawns 2 90% 4 10%, 4×4 board\r\n  chance 4 within 0: \
         \u{1b}[1m0.19\u{1b}[0m \u{1b}[1;31m✗ expected 1\u{1b}[0m\r\n    \u{1b}[2mfirst move:\u{1b}[0m after the first \
         two spawns (a new game)\r\n    \u{1b}[2mexact:\u{1b}[0m rounding error below 7.5e-15, proven\r\n"
    );
}

#[test]
fn a_long_chance_shows_how_far_into_its_budget_it_is() {
    let screen = a_new_game_on_a_terminal("c.puzzle", "chance 32 within 15", 4, "run c.puzzle");
    let counts: Vec<u64> = screen
        .split("(chance: ")
        .skip(1)
        .filter_map(|told| told.split_once(" of 2000000 boards)").and_then(|(count, _)| count.parse().ok()))
        .collect();
    assert!(!counts.is_empty(), "{screen:?}");
    // Told every 4,096 boards, and only growing.
    assert!(counts.iter().all(|count| count % 4096 == 0), "{counts:?}");
    assert!(counts.windows(2).all(|pair| pair[0] <= pair[1]), "{counts:?}");
}

#[test]
fn a_long_best_move_says_which_depth_within_which_budget() {
    // Depth 16 on a 4×5 board with two empty cells: seconds before it gives
    // up at its budget, 10^9 / 20 moves tried; SIGTERM comes first.
    let dir = tempfile::tempdir().unwrap();
    let board = "board {\n  2 4 8 16 32\n  64 128 256 512 1024\n  4 32 64 128 8\n  8 16 . 2 .\n}\n";
    std::fs::write(
        dir.path().join("d.puzzle"),
        format!("game 2048\nspawns classic\n{board}query best-move depth 16\n"),
    )
    .unwrap();
    let line = format!("timeout -s TERM 2 {} run d.puzzle", env!("CARGO_BIN_EXE_puzzle"));
    let screen = shell_on_a_terminal(&[], &line, dir.path());
    assert!(screen.contains("d.puzzle (best-move: depth 16, within 50000000 moves tried)"), "{screen:?}");
}
