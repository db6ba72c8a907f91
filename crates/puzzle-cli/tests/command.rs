//! The `puzzle` binary as a user runs it: exit codes, output shapes, judge modes.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn puzzle(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzle")).args(args).current_dir(root()).env_remove("NO_COLOR").output().unwrap()
}

fn puzzle_with_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn code(output: &Output) -> i32 {
    output.status.code().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

fn write_puzzle(dir: &tempfile::TempDir, name: &str, text: &str) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

const WRONG_EXPECT: &str = "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\nexpect 8\n";

#[test]
fn run_answers_and_exits_zero_when_every_expect_holds() {
    let output = puzzle(&["run", "puzzles/boj-12100-sample.puzzle"]);
    assert_eq!(code(&output), 0);
    let text = stdout(&output);
    assert!(text.contains("max-tile within 5: 16 ✓"), "{text}");
    assert!(!text.contains('\x1b'), "no colour in a pipe");
}

#[test]
fn a_failed_expect_exits_one_and_says_expected_versus_got() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_puzzle(&dir, "wrong.puzzle", WRONG_EXPECT);
    let output = puzzle(&["run", &path]);
    assert_eq!(code(&output), 1);
    assert!(stdout(&output).contains("max-tile within 1: 4 ✗ expected 8"), "{}", stdout(&output));
}

#[test]
fn an_invalid_file_exits_two_and_never_hides_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let wrong = write_puzzle(&dir, "a-wrong.puzzle", WRONG_EXPECT);
    let output = puzzle(&["run", &wrong, "puzzles/invalid/ragged-rows.puzzle", "puzzles/boj-12100-sample.puzzle"]);
    assert_eq!(code(&output), 2, "an invalid file comes first");
    let text = stdout(&output);
    assert!(text.contains("✗ expected 8"));
    assert!(text.contains("16 ✓"));
    assert!(!text.contains("-->"), "diagnostics go to stderr: {text}");
    assert!(stderr(&output).contains("--> puzzles/invalid/ragged-rows.puzzle:4:3"), "{}", stderr(&output));
    let to_look_at = format!("to look at:\n  {wrong}\n  puzzles/invalid/ragged-rows.puzzle\n");
    assert!(text.ends_with(&format!("3 files, 2 queries: 1 file invalid, 1 query failed\n{to_look_at}")), "{text}");
}

/// A 5×10 board of 2s, 4s and 8s with gaps, deep queries and no `expect`.
const DEEP: &str = "game 2048\nboard {\n  2 4 . 8 2 . 4 8 2 .\n  . 8 2 4 . 2 4 . 8 2\n  8 . 4 2 8 4 . 2 . 4\n  \
                    2 4 8 . 2 . 8 4 2 8\n  4 . 2 8 4 2 . 8 4 .\n}\nquery max-tile within 10\nquery reach 128 within 10\n";

#[test]
fn a_search_stopped_by_its_budget_exits_three_and_says_what_is_proven() {
    let dir = tempfile::tempdir().unwrap();
    let deep = write_puzzle(&dir, "deep.puzzle", DEEP);
    let output = puzzle(&["run", &deep, "--budget", "20"]);
    assert_eq!(code(&output), 3, "{}", stdout(&output));
    let text = stdout(&output);
    assert!(text.contains("no tile above"), "{text}");
    assert!(text.contains("no sequence of fewer than"), "the bound of a reach is in moves: {text}");
    // The right answer, 4096, lies between the 2048 found and the bound:
    // the `expect` is not refuted, so the query is incomplete, not failed.
    let output = puzzle(&["run", "puzzles/reference/uniform-16x16-k10.puzzle", "--budget", "20"]);
    assert_eq!(code(&output), 3, "{}", stdout(&output));
    assert!(stdout(&output).contains("? expected 4096: neither proven nor refuted"), "{}", stdout(&output));
    // An `expect` below the tile found fails, incomplete or not.
    let expect_32 = DEEP.replace("max-tile within 10\n", "max-tile within 10\nexpect 32\n");
    let output = puzzle(&["run", &write_puzzle(&dir, "refuted.puzzle", &expect_32), "--budget", "20"]);
    assert_eq!(code(&output), 1, "{}", stdout(&output));
    assert!(stdout(&output).contains("✗ expected 32"), "{}", stdout(&output));
    // No budget at all is refused, not answered as if the board had it.
    let output = puzzle(&["run", &deep, "--budget", "0"]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("--budget"), "{}", stderr(&output));
    let json = puzzle(&["run", "puzzles/reference/uniform-16x16-k10.puzzle", "--budget", "20", "--json"]);
    let document: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let result = &document["puzzles"][0]["results"][0];
    assert_eq!(result["incomplete"], true);
    assert!(result["upper_bound"].as_u64().unwrap() >= result["answer"].as_u64().unwrap());
    assert_eq!(result["ok"], serde_json::Value::Null, "neither proven nor refuted");
    // A reach stopped before any sequence: no answer yet, which is not
    // `unreachable`, and the fewest moves it may take.
    let json = puzzle(&["run", &deep, "--budget", "20", "--json"]);
    let document: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let reach = &document["puzzles"][0]["results"][1];
    let expected = (&serde_json::json!(null), &serde_json::json!([]), &serde_json::json!("incomplete"));
    assert_eq!((&reach["answer"], &reach["moves"], &reach["proof"]), expected);
    assert!(reach["fewest_at_least"].as_u64().unwrap() >= 1, "{reach}");
}

#[test]
fn json_has_the_contract_shape() {
    let output = puzzle(&["run", "puzzles/boj-12100-sample.puzzle", "puzzles/kakao-example.puzzle", "--json"]);
    assert_eq!(code(&output), 0);
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let puzzles = document["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 2);
    assert_eq!(puzzles[0]["path"], "puzzles/boj-12100-sample.puzzle");
    assert_eq!(puzzles[0]["name"], "BOJ 12100 sample 1");
    assert_eq!(puzzles[0]["game"], "2048");
    let result = &puzzles[0]["results"][0];
    assert_eq!(result["query"], "max-tile within 5");
    assert_eq!(result["answer"], 16);
    assert_eq!(result["moves"].as_array().unwrap().len(), 1);
    assert_eq!(result["expect"], 16);
    assert_eq!(result["ok"], true);
    assert_eq!(puzzles[1]["game"], "blockgame");
    assert_eq!(puzzles[1]["results"][0]["answer"], 2);
    assert_eq!(puzzles[1]["results"][0]["removed"], serde_json::json!([2, 1]));
}

#[test]
fn json_answers_of_every_kind() {
    let output = puzzle(&["run", "puzzles/answer-on-board.puzzle", "puzzles/merge-once.puzzle", "--json"]);
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let on_board = &document["puzzles"][0]["results"];
    assert_eq!(on_board[0]["moves"], serde_json::json!([]));
    assert_eq!(on_board[1]["answer"], 0);
    assert_eq!(on_board[2]["answer"], "unreachable");
    let applied = &document["puzzles"][1]["results"][0];
    assert_eq!(applied["answer"], serde_json::json!([[4, 4, 0, 0], [4, 4, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]));
    assert_eq!(applied["max_tile"], 4);
}

#[test]
fn json_reports_an_invalid_file_with_its_line_and_column() {
    let output = puzzle(&["run", "puzzles/invalid/tile-not-power-of-two.puzzle", "--json"]);
    assert_eq!(code(&output), 2);
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let error = &document["puzzles"][0]["error"];
    assert_eq!((error["line"].as_u64(), error["column"].as_u64()), (Some(3), Some(5)));
    assert!(error["message"].as_str().unwrap().contains("`3`"));
    assert!(document["puzzles"][0].get("results").is_none());
}

#[test]
fn a_directory_means_every_puzzle_below_it_in_sorted_order() {
    let output = puzzle(&["run", "puzzles/reference", "--json"]);
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let paths: Vec<&str> =
        document["puzzles"].as_array().unwrap().iter().map(|p| p["path"].as_str().unwrap()).collect();
    let mut sorted = paths.clone();
    sorted.sort();
    assert_eq!(paths, sorted);
    assert!(paths.len() >= 20);
}

#[test]
fn a_directory_without_puzzles_or_a_missing_file_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let output = puzzle(&["run", &dir.path().display().to_string()]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("no `.puzzle` files"), "{}", stderr(&output));
    let output = puzzle(&["run", "no/such/file.puzzle"]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("cannot read `no/such/file.puzzle`"));
}

#[test]
fn check_validates_without_answering() {
    let output = puzzle(&["check", "puzzles/boj-12100-sample.puzzle"]);
    assert_eq!((code(&output), stdout(&output)), (0, "1 file checked: all valid\n".to_string()));
    assert_eq!(stderr(&output), "", "quiet on success");
    let output = puzzle(&["check", "-q", "puzzles/boj-12100-sample.puzzle"]);
    assert_eq!((code(&output), stdout(&output)), (0, String::new()));
    let dir = tempfile::tempdir().unwrap();
    let wrong = write_puzzle(&dir, "wrong.puzzle", WRONG_EXPECT);
    assert_eq!(code(&puzzle(&["check", &wrong])), 0, "check does not answer, so a wrong expect passes");
    assert_eq!(code(&puzzle(&["check", "puzzles/invalid/block-split.puzzle"])), 2);
}

#[test]
fn usage_errors_exit_two() {
    assert_eq!(code(&puzzle(&[])), 2);
    assert_eq!(code(&puzzle(&["run"])), 2);
    assert_eq!(code(&puzzle(&["judge", "boj-9999"])), 2);
    assert_eq!(code(&puzzle(&["run", "x.puzzle", "--budget", "lots"])), 2);
    // What the text report shows has no place in the JSON document or in what
    // --bless prints: asked for together, they are refused, not ignored.
    for (first, second) in
        [("--json", "--explain"), ("--json", "--show"), ("--bless", "--explain"), ("--bless", "--show")]
    {
        let output = puzzle(&["run", first, second, "puzzles/merge-order.puzzle"]);
        assert_eq!(code(&output), 2, "{first} {second}");
        let told = format!("error: the argument '{first}' cannot be used with '{second}'");
        assert!(stderr(&output).starts_with(&told), "{first} {second}: {}", stderr(&output));
    }
}

#[test]
fn a_number_option_out_of_range_is_told_with_its_range() {
    for (args, told) in [
        (["run", "--jobs", "-1"], "invalid value '-1' for '--jobs <N>': `-1` is not a whole number from 1 to 1024\n"),
        (["run", "--threads", "0"], "'--threads <N>': `0` is not a whole number from 1 to 1024\n"),
        (["run", "--budget", "-5"], "'--budget <BOARDS>': `-5` is not a whole number from 1 to 18446744073709551615\n"),
        (["play", "--seed", "-1"], "'--seed <S>': `-1` is not a whole number from 0 to 18446744073709551615\n"),
    ] {
        let output = puzzle(&[&args[..], &["puzzles/merge-once.puzzle"]].concat());
        assert_eq!(code(&output), 2, "{args:?}");
        assert!(stderr(&output).contains(told), "{args:?}: {}", stderr(&output));
    }
    // The ends of each range are allowed.
    let output = puzzle(&[
        "run",
        "--jobs",
        "1024",
        "--threads",
        "1",
        "--budget",
        "18446744073709551615",
        "puzzles/merge-once.puzzle",
    ]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
}

#[test]
fn each_files_errors_stand_a_blank_line_apart_as_a_files_own_do() {
    let output =
        puzzle(&["check", "puzzles/invalid/tile-one.puzzle", "no-such.puzzle", "puzzles/invalid/tile-negative.puzzle"]);
    assert_eq!(code(&output), 2);
    let help = "= help: a tile is a power of two from 2 up to 2^63 (2, 4, 8, …); `.` or `0` is an empty cell";
    assert_eq!(
        stderr(&output),
        format!(
            "error: `1` is not a power of two from 2 up
 --> puzzles/invalid/tile-one.puzzle:3:5
  |
3 |   2 1
  |     ^
  {help}

error: cannot read `no-such.puzzle`: No such file or directory (os error 2)

error: `-2` is not a 2048 tile
 --> puzzles/invalid/tile-negative.puzzle:3:5
  |
3 |   2 -2
  |     ^^
  {help}
"
        )
    );
}

#[test]
fn quiet_shows_only_the_answers_that_went_wrong_under_their_file() {
    let dir = tempfile::tempdir().unwrap();
    let right =
        write_puzzle(&dir, "a-right.puzzle", "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\nexpect 4\n");
    let mixed = write_puzzle(
        &dir,
        "b-mixed.puzzle",
        "game 2048\nboard {\n  2 2\n  4 .\n}\nquery max-tile within 2\nexpect 8\nquery max-tile within 1\nexpect 16\nquery apply L\n",
    );
    let slow = write_puzzle(
        &dir,
        "c-slow.puzzle",
        "game 2048\nspawns classic\nboard {\n  2 2 4 8\n  . . . .\n}\nquery chance 32 within 8\n",
    );
    let output = puzzle(&["run", "-q", "--budget", "300", &right, &mixed, &slow]);
    assert_eq!(code(&output), 1);
    let expected = format!(
        "{mixed}
  2048, 2×2 board
  max-tile within 1: 4 ✗ expected 16
    moves: none (the board already has it)

{slow}
  2048 with spawns 2 90% 4 10%, 2×4 board
  chance 32 within 8: at least 0.000067879999 (incomplete: the search stopped at its budget after 300 boards; proven: the chance within 7 moves, which more moves never lower)
"
    );
    assert_eq!(stdout(&output), expected);
    // What went wrong on stderr stays: here the warning that 16 cannot be made.
    assert!(stderr(&output).starts_with("warning: this `expect` can never hold"), "{}", stderr(&output));
    // Every answer right: nothing on stdout.
    let output = puzzle(&["run", "-q", &right, &right]);
    assert_eq!((code(&output), stdout(&output), stderr(&output)), (0, String::new(), String::new()));
    // Two answers wrong in one file: its head once, above both.
    let twice = write_puzzle(
        &dir,
        "d-twice.puzzle",
        "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\nexpect 8\nquery max-tile within 0\nexpect 4\n",
    );
    let output = puzzle(&["run", "-q", &twice]);
    let expected = format!(
        "{twice}\n  2048, 1×2 board\n  max-tile within 1: 4 ✗ expected 8\n    moves: L (1 move)\n  \
         max-tile within 0: 2 ✗ expected 4\n    moves: none (the board already has it)\n"
    );
    assert_eq!((code(&output), stdout(&output)), (1, expected));
}

#[test]
fn every_subcommand_has_help_with_an_example() {
    for subcommand in ["run", "check", "judge", "fmt", "new"] {
        let output = puzzle(&[subcommand, "--help"]);
        assert_eq!(code(&output), 0);
        assert!(stdout(&output).contains("Example"), "{subcommand}: {}", stdout(&output));
    }
}

#[test]
fn judge_modes_print_only_the_answer() {
    let sample = b"3\n2 2 2\n4 4 4\n8 8 8\n";
    for problem in ["boj-12100", "boj-12094"] {
        let output = puzzle_with_stdin(&["judge", problem], sample);
        assert_eq!((code(&output), stdout(&output)), (0, "16\n".to_string()));
    }
    let kakao = b"[[0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0],\
                  [0,0,0,0,0,0,4,0,0,0],[0,0,0,0,0,4,4,0,0,0],[0,0,0,0,3,0,4,0,0,0],[0,0,0,2,3,0,0,0,5,5],\
                  [1,2,2,2,3,3,0,0,0,5],[1,1,1,0,0,0,0,0,0,5]]";
    let output = puzzle_with_stdin(&["judge", "kakao-blockgame"], kakao);
    assert_eq!((code(&output), stdout(&output)), (0, "2\n".to_string()));
}

#[test]
fn judge_modes_reject_bad_input_on_stderr() {
    let output = puzzle_with_stdin(&["judge", "boj-12100"], b"2\n2 2\n2 3\n");
    assert_eq!(code(&output), 2);
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("row 2, column 2 is `3`"));
    let output = puzzle_with_stdin(&["judge", "kakao-blockgame"], b"not json");
    assert_eq!(code(&output), 2);
    assert!(String::from_utf8_lossy(&output.stderr).contains("not JSON"));
    // The input quoted in a message never reaches the terminal raw.
    let output = puzzle_with_stdin(&["judge", "boj-12100"], b"A\x1b[2J\n");
    assert_eq!(stderr(&output), "error: N is `A\\u{1b}[2J`: the problem allows a whole number from 1 to 20\n");
}

#[test]
fn judge_input_saved_with_a_byte_order_mark_is_read() {
    let output = puzzle_with_stdin(&["judge", "boj-12100"], "\u{feff}2\r\n2 2\r\n0 0\r\n".as_bytes());
    assert_eq!((code(&output), stdout(&output)), (0, "4\n".to_string()), "{}", stderr(&output));
    // An L whose missing corner is open from the top: removable.
    let output = puzzle_with_stdin(&["judge", "kakao-blockgame"], "\u{feff}[[0,1],[1,1]]".as_bytes());
    assert_eq!((code(&output), stdout(&output)), (0, "1\n".to_string()), "{}", stderr(&output));
}

#[test]
fn show_prints_the_start_and_the_board_after_the_witness() {
    let output = puzzle(&["run", "puzzles/boj-12100-sample.puzzle", "--show"]);
    let text = stdout(&output);
    assert!(text.contains("start:\n    2 2 2\n    4 4 4\n    8 8 8\n"), "{text}");
    assert!(text.contains("after:\n       4 2 .\n       8 4 .\n      16 8 .\n"), "{text}");
    // With spawns: the board after the answer's move, before its spawn.
    let output = puzzle(&["run", "puzzles/spawns-tour.puzzle", "--show"]);
    let text = stdout(&output);
    let after_down = "after D (before its spawn):\n      . . .  .\n      . . .  .\n      . . . 16\n      2 4 8 32\n";
    assert_eq!(text.matches(after_down).count(), 2, "chance's first best move and best-move's: {text}");
}

#[test]
fn colour_can_be_forced_and_is_never_used_in_a_pipe() {
    let output = puzzle(&["run", "puzzles/boj-12100-sample.puzzle", "--color", "always"]);
    assert!(stdout(&output).contains("\x1b[32m✓"));
}

/// A puzzle whose search runs for minutes: a 20×20 board with K = 60.
fn slow_puzzle(dir: &tempfile::TempDir) -> String {
    let rows: String = (0..20)
        .map(|r| {
            let cells: Vec<String> = (0..20).map(|c| (1u64 << (1 + (r * 7 + c * 3 + r * c) % 9)).to_string()).collect();
            format!("  {}\n", cells.join(" "))
        })
        .collect();
    // A quick query, then a slow one.
    let queries = "query max-tile within 0\nquery max-tile within 60\n";
    write_puzzle(dir, "z-slow.puzzle", &format!("game 2048\nboard {{\n{rows}}}\n{queries}"))
}

/// Runs `puzzle ARGS`, sends it `signal` after `wait`, and waits for its end.
fn signal_after(args: &[&str], signal: &str, wait: std::time::Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(args)
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(wait);
    let killed = Command::new("kill").args([&format!("-{signal}"), &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("SIG{signal} did not end the run within 10 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn ctrl_c_ends_promptly_and_json_is_whole_or_absent() {
    let dir = tempfile::tempdir().unwrap();
    let slow = slow_puzzle(&dir);
    let started = std::time::Instant::now();
    let output = signal_after(
        &["run", "--json", "--budget", "100000000000", &slow],
        "INT",
        std::time::Duration::from_millis(800),
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(10), "Ctrl-C ends the run promptly");
    assert_eq!(died_by(&output), Some(2), "dies by SIGINT, as a shell loop expects");
    assert!(output.stdout.is_empty(), "no half JSON document: {}", stdout(&output));
}

#[test]
fn ctrl_c_sigterm_and_sighup_keep_the_answers_already_written_whole() {
    let dir = tempfile::tempdir().unwrap();
    let slow = slow_puzzle(&dir);
    for (signal, number) in [("INT", 2), ("TERM", 15), ("HUP", 1)] {
        let output = signal_after(
            &["run", "--budget", "100000000000", "puzzles/boj-12100-sample.puzzle", &slow],
            signal,
            std::time::Duration::from_millis(1500),
        );
        assert_eq!(died_by(&output), Some(number), "SIG{signal}");
        // The first file's report, and the slow file's as far as it got:
        // its quick query's answer, shown before the slow one ends.
        assert_eq!(
            stdout(&output),
            format!(
                "puzzles/boj-12100-sample.puzzle — BOJ 12100 sample 1\n  2048, 3×3 board\n  max-tile within 5: 16 ✓\n    \
                 moves: L (1 move)\n\n{slow}\n  2048, 20×20 board\n  max-tile within 0: 512\n    \
                 moves: none (the board already has it)\n"
            ),
            "SIG{signal}"
        );
    }
}

#[test]
fn standard_input_from_a_pipe_is_read_in_its_turn_not_first() {
    // Only a terminal's is read before the files: from a pipe still open,
    // the file named before it is answered at once.
    use std::io::BufRead;
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(["run", "puzzles/boj-12100-sample.puzzle", "-"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let _ = lines.send(line.unwrap());
        }
    });
    let first = received.recv_timeout(std::time::Duration::from_secs(20));
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n").unwrap();
    drop(stdin);
    assert_eq!(first.as_deref(), Ok("puzzles/boj-12100-sample.puzzle — BOJ 12100 sample 1"));
    let rest: Vec<String> = received.iter().collect();
    assert!(rest.contains(&"<stdin>".to_string()), "{rest:?}");
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_game_of_a_second_or_more_is_told_on_stderr_as_it_ends_when_no_bar_shows() {
    // Games of milliseconds each, with the report in a pipe (no bar): the
    // run is stopped for 1.2 s (SIGSTOP) in the middle of one, which then
    // lasts more than a second whatever the machine, and is told as it
    // ends; no other game is.
    let dir = tempfile::tempdir().unwrap();
    let board = "board {\n  . . . .\n  . . . .\n  . . . .\n  . . . .\n}\n";
    let games = "query play 100000 games seed 1 depth 1 until 64\n";
    let long = write_puzzle(&dir, "long.puzzle", &format!("game 2048\nspawns classic\n{board}{games}"));
    let child = Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(["run", "--threads", "1", &long])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let signal = |name: &str| {
        let sent = Command::new("kill").args([&format!("-{name}"), &child.id().to_string()]).status().unwrap();
        assert!(sent.success(), "SIG{name}");
    };
    // Twice, lest a stop fall between two games.
    for _ in 0..2 {
        std::thread::sleep(std::time::Duration::from_millis(800));
        signal("STOP");
        std::thread::sleep(std::time::Duration::from_millis(1200));
        signal("CONT");
    }
    std::thread::sleep(std::time::Duration::from_millis(800));
    signal("TERM");
    let output = child.wait_with_output().unwrap();
    let told: Vec<&str> = std::str::from_utf8(&output.stderr).unwrap().lines().collect();
    let game = format!("{long}: game ");
    assert!(
        (1..=2).contains(&told.len())
            && told.iter().all(|line| line.starts_with(&game) && line.contains(" of 100000: ")),
        "{told:?}"
    );
}

#[test]
fn with_jobs_a_file_done_first_waits_for_the_files_before_it() {
    let dir = tempfile::tempdir().unwrap();
    let slow = slow_puzzle(&dir);
    let quick = write_puzzle(&dir, "zz-quick.puzzle", "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n");
    let output = signal_after(
        &["run", "--jobs", "2", "--budget", "100000000000", &slow, &quick],
        "INT",
        std::time::Duration::from_millis(1500),
    );
    assert_eq!(died_by(&output), Some(2));
    assert_eq!(
        stdout(&output),
        format!("{slow}\n  2048, 20×20 board\n  max-tile within 0: 512\n    moves: none (the board already has it)\n")
    );
}

/// The signal that ended the process, if one did.
fn died_by(output: &Output) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    output.status.signal()
}

#[test]
fn jobs_keep_the_sorted_order() {
    let one = puzzle(&["run", "puzzles/reference", "-j", "1"]);
    let three = puzzle(&["run", "puzzles/reference", "--jobs", "3"]);
    assert_eq!(stdout(&one), stdout(&three));
    // The reference puzzles take well under a second: no timings to tell.
    assert!(!String::from_utf8_lossy(&three.stderr).contains("slowest: "));
}

#[test]
fn svg_writes_one_picture_a_puzzle_with_every_step() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("pictures");
    let output = puzzle(&[
        "run",
        "puzzles/kakao-example.puzzle",
        "puzzles/merge-once.puzzle",
        "puzzles/invalid/ragged-rows.puzzle",
        "--svg",
        &out.display().to_string(),
    ]);
    assert_eq!(code(&output), 2, "the invalid file still counts");
    let mut names: Vec<String> =
        std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["kakao-example.svg", "merge-once.svg"]);
    let kakao = std::fs::read_to_string(out.join("kakao-example.svg")).unwrap();
    assert!(kakao.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(kakao.trim_end().ends_with("</svg>"));
    for caption in [">start<", ">1. block 2<", ">2. block 1<", ">after<"] {
        assert!(kakao.contains(caption), "{caption}");
    }
    // 4 boards of 100 cells, each cell one rect, plus a frame a board and the background.
    assert_eq!(kakao.matches("<rect").count(), 4 * 100 + 4 + 1);
    let merges = std::fs::read_to_string(out.join("merge-once.svg")).unwrap();
    assert!(merges.contains(r##"stroke="#000000""##), "merged tiles are outlined");
    // With spawns: each legal first move of `chance` and `best-move`, with
    // its value; `play` has no board to draw.
    let output = puzzle(&["run", "puzzles/spawns-tour.puzzle", "--svg", &out.display().to_string()]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let tour = std::fs::read_to_string(out.join("spawns-tour.svg")).unwrap();
    let captions: Vec<&str> =
        tour.split("</text>").filter_map(|text| text.rsplit_once('>')).map(|(_, caption)| caption).collect();
    let frames: Vec<&&str> =
        captions.iter().filter(|c| ["start", "D ", "L ", "U ", "R "].iter().any(|s| c.starts_with(s))).collect();
    assert_eq!(frames, [&"start", &"D 0.0273 best", &"L 0.0273 best", &"start", &"D 1594124 best", &"L 1581567"]);
    assert!(!tour.contains("play 20 games"), "{tour}");
    // Files of the same name, in different folders: numbered in turn.
    for folder in ["a", "b", "c"] {
        std::fs::create_dir(dir.path().join(folder)).unwrap();
        std::fs::copy(root().join("puzzles/merge-once.puzzle"), dir.path().join(folder).join("merge-once.puzzle"))
            .unwrap();
    }
    let same = |folder: &str| dir.path().join(folder).join("merge-once.puzzle").display().to_string();
    let output = puzzle(&["run", &same("a"), &same("b"), &same("c"), "--svg", &out.display().to_string()]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let mut names: Vec<String> =
        std::fs::read_dir(&out).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(
        names,
        ["kakao-example.svg", "merge-once-2.svg", "merge-once-3.svg", "merge-once.svg", "spawns-tour.svg"]
    );
    // Standard input's picture is `stdin.svg`, a name with no character a
    // shell or another system refuses; a name that is not UTF-8 is kept, not
    // made `caf�`.
    use std::os::unix::ffi::OsStrExt;
    let pictures = tempfile::tempdir().unwrap();
    let merge_once = root().join("puzzles/merge-once.puzzle");
    let latin1 = dir.path().join(std::ffi::OsStr::from_bytes(b"caf\xe9.puzzle"));
    std::fs::copy(&merge_once, &latin1).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(["run", "-"])
        .arg(&latin1)
        .arg("--svg")
        .arg(pictures.path())
        .stdin(std::fs::File::open(&merge_once).unwrap())
        .output()
        .unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let mut names: Vec<std::ffi::OsString> =
        std::fs::read_dir(pictures.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    names.sort();
    assert_eq!(names, [std::ffi::OsStr::from_bytes(b"caf\xe9.svg").to_os_string(), "stdin.svg".into()]);
    // A path that cannot be a directory is told before any answer.
    let output = puzzle(&["run", "puzzles/spawns-tour.puzzle", "--svg", "puzzles/merge-once.puzzle"]);
    assert_eq!((code(&output), stdout(&output)), (2, String::new()));
    assert_eq!(
        stderr(&output),
        "error: cannot create the directory `puzzles/merge-once.puzzle` for --svg: it is a regular file, not a \
         directory\n"
    );
}

#[test]
fn fmt_rewrites_in_place_and_check_lists_what_would_change() {
    let dir = tempfile::tempdir().unwrap();
    let messy =
        write_puzzle(&dir, "messy.puzzle", "game   2048 # g\nboard {\n2   4\n16 .\n}\nquery max-tile   within 1\n");
    let tidy =
        write_puzzle(&dir, "tidy.puzzle", "game 2048\n\nboard {\n   2 4\n  16 .\n}\n\nquery max-tile within 1\n");
    let broken = write_puzzle(&dir, "broken.puzzle", "game2048\n");
    let check = puzzle(&["fmt", "--check", &messy, &tidy]);
    assert_eq!(code(&check), 1);
    assert_eq!(
        stdout(&check),
        format!(
            "--- {messy}\n+++ {messy}\n@@ -1,6 +1,8 @@\n-game   2048 # g\n+game 2048 # g\n+\n board {{\n-2   4\n-16 .\n+   2 4\n\
             +  16 .\n }}\n-query max-tile   within 1\n+\n+query max-tile within 1\n"
        ),
        "the diff of what would change"
    );
    assert_eq!(
        std::fs::read_to_string(&messy).unwrap().lines().next(),
        Some("game   2048 # g"),
        "--check writes nothing"
    );

    // Line ends the diff cannot show: mixed, made the first line's; lone
    // `\r`s (each a line of the diff), made `\n`.
    let mixed = write_puzzle(&dir, "mixed.puzzle", "game 2048\r\n\r\nboard {\n  2 2\r\n}\r\n");
    let check = puzzle(&["fmt", "--check", &mixed]);
    assert_eq!(
        stdout(&check),
        format!(
            "--- {mixed}\n+++ {mixed}\n@@ -1,5 +1,5 @@\n game 2048\n \n-board {{\n+board {{\n   2 2\n }}\n\
             {mixed}: and its line ends all become `\\r\\n` (the diff shows lines, not their ends)\n"
        )
    );
    let old_mac = write_puzzle(&dir, "old-mac.puzzle", "game 2048\rboard {\r  2 2\r}\r");
    let check = puzzle(&["fmt", "--check", &old_mac]);
    assert_eq!(
        stdout(&check),
        format!(
            "--- {old_mac}\n+++ {old_mac}\n@@ -1,4 +1,5 @@\n-game 2048\n-board {{\n-  2 2\n-}}\n+game 2048\n+\n+board {{\n\
             +  2 2\n+}}\n{old_mac}: and its line ends all become `\\n` (the diff shows lines, not their ends)\n"
        )
    );

    // Past 20,000 lines, a line that says so: the diff of a file whose
    // every line changes would take minutes.
    let long = format!("game 2048\nboard {{\n  2 2\n}}\nquery max-tile within 1\n{}", "expect 4\n".repeat(20_000));
    let long = write_puzzle(&dir, "long.puzzle", &long);
    let check = puzzle(&["fmt", "--check", &long]);
    assert_eq!(
        (code(&check), stdout(&check)),
        (
            1,
            format!(
                "{long}: would change (20005 lines, then 40006); a diff is shown for files of up to 20000 lines: \
                 write the change and see it with your version control's diff\n"
            )
        )
    );

    // A file it cannot format gets every error `puzzle check` finds, a
    // look-alike as one.
    let two = write_puzzle(&dir, "two.puzzle", "gmae 2048\nboard {\n  2 2\n}\nquery max-tile within 1\nexpect\n");
    let look_alike = write_puzzle(
        &dir,
        "look-alike.puzzle",
        "\u{a0}# note\ngame 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n",
    );
    let output = puzzle(&["fmt", "--check", &two, &look_alike]);
    assert_eq!(code(&output), 2);
    let errors = stderr(&output);
    let told: Vec<&str> = errors.lines().filter(|line| line.starts_with("error")).collect();
    assert_eq!(
        told,
        [
            "error: expected a statement, found `gmae`",
            "error: expected the answer, found the end of the line",
            "error: `\u{a0}` (U+00A0) is a blank the language does not read: write a space",
        ]
    );
    assert_eq!(stdout(&output), "");

    let output = puzzle(&["fmt", &messy, &tidy, &broken]);
    assert_eq!(code(&output), 2, "the syntax error is reported");
    assert!(stdout(&output).contains(&format!("{messy}: formatted")));
    assert!(stderr(&output).contains("expected a statement, found `game2048`"));
    assert_eq!(
        std::fs::read_to_string(&messy).unwrap(),
        std::fs::read_to_string(&tidy).unwrap().replace("game 2048\n", "game 2048 # g\n")
    );
    assert_eq!(code(&puzzle(&["fmt", "--check", &messy, &tidy])), 0);
    // `-q`: a file formatted goes unsaid, a syntax error does not.
    std::fs::write(&messy, "game   2048\nboard {\n2 4\n}\nquery max-tile within 1\n").unwrap();
    let output = puzzle(&["fmt", "-q", &messy, &broken]);
    assert_eq!((code(&output), stdout(&output)), (2, String::new()));
    assert!(stderr(&output).contains("expected a statement, found `game2048`"));
    assert!(std::fs::read_to_string(&messy).unwrap().starts_with("game 2048\n"), "formatted all the same");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "no temporary file is left behind");
}

#[test]
fn new_prints_a_template_that_runs() {
    let output = puzzle(&["new", "blockgame", "--size", "3x5"]);
    assert_eq!(code(&output), 0);
    let dir = tempfile::tempdir().unwrap();
    let path = write_puzzle(&dir, "new.puzzle", &stdout(&output));
    let run = puzzle(&["run", &path]);
    assert_eq!(code(&run), 0, "{}", stdout(&run));
    assert!(stdout(&run).contains("blockgame, 3×5 board"));
    assert_eq!(code(&puzzle(&["new", "2048", "--size", "0x4"])), 2);
    assert_eq!(code(&puzzle(&["new", "2048", "--size", "four"])), 2);
    // The game with spawns: every query answered, exactly, on a size whose
    // self-play needs a depth of its own.
    let output = puzzle(&["new", "2048", "--spawns", "--size", "3x5"]);
    let path = write_puzzle(&dir, "spawns.puzzle", &stdout(&output));
    let run = puzzle(&["run", &path]);
    assert_eq!(code(&run), 0, "{}", stdout(&run));
    let report = stdout(&run);
    for line in ["2048 with spawns 2 90% 4 10%, 3×5 board", "chance 8 within 3: 0.1", "best-move: ", "play 10 games"] {
        assert!(report.contains(line), "{line:?} in {report}");
    }
    let refused = puzzle(&["new", "blockgame", "--spawns"]);
    assert_eq!(code(&refused), 2);
    assert!(stderr(&refused).contains("`--spawns` is an option of 2048"), "{}", stderr(&refused));
}

#[test]
fn fmt_refuses_a_file_that_is_not_utf8() {
    let output = puzzle(&["fmt", "--check", "puzzles/invalid/not-utf8.puzzle"]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("the file is not UTF-8 text (byte 0xFF)"), "{}", stderr(&output));
    assert!(stderr(&output).contains("--> puzzles/invalid/not-utf8.puzzle:3:5"), "{}", stderr(&output));
}

#[test]
fn a_merge_past_2_pow_63_is_a_query_error_not_an_answer() {
    let dir = tempfile::tempdir().unwrap();
    let top = "9223372036854775808";
    let path = write_puzzle(
        &dir,
        "huge.puzzle",
        &format!("game 2048\nboard {{\n  {top} {top}\n}}\nquery apply L\nquery max-tile within 1\nquery max-tile within 0\nexpect {top}\n"),
    );
    let output = puzzle(&["run", &path]);
    assert_eq!(code(&output), 2);
    let text = stdout(&output);
    assert!(text.contains("apply L: error: two 2^63 tiles would merge at row 1, column 1"), "{text}");
    assert!(text.contains("max-tile within 1: error: two 2^63 tiles would merge"), "{text}");
    assert!(text.contains(&format!("max-tile within 0: {top} ✓")), "{text}");
    let json = puzzle(&["run", &path, "--json"]);
    let document: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let results = &document["puzzles"][0]["results"];
    assert!(results[0]["error"]["message"].as_str().unwrap().contains("2^63"));
    assert!(results[0].get("answer").is_none());
    assert_eq!(results[2]["ok"], true);
}

/// Each way a search stopped at its budget is told with what it proved, and
/// the same on one thread as on four: where the budget stops a search does
/// not depend on the threads. A row of tiles 2 2 4 … 64 makes a 128 only in
/// six moves or more, which a few boards cannot prove shortest.
#[test]
fn an_incomplete_answer_says_what_is_proven_the_same_on_any_threads() {
    let chain = "game 2048\nboard {\n  2 2 4 8 16 32 64\n  . . . . . . .\n}\n";
    let check = |query: &str, budget: &str, expect: &str| {
        let dir = tempfile::tempdir().unwrap();
        let path = write_puzzle(&dir, "chain.puzzle", &format!("{chain}query {query}\n"));
        for threads in ["1", "4"] {
            let output = puzzle(&["run", &path, "--budget", budget, "--threads", threads]);
            assert_eq!(code(&output), 3, "{}", stderr(&output));
            let report = stdout(&output);
            let answer: Vec<&str> = report.lines().skip(2).collect();
            assert_eq!(answer.join("\n"), expect, "{query}, budget {budget}, {threads} threads");
        }
    };
    check(
        "max-tile within 8",
        "3",
        "  max-tile within 8: 64 (incomplete: the search stopped at its budget after 3 boards; this is the best \
         found, and no tile above 128 is possible)\n    moves: none (the board already has it)",
    );
    check(
        "max-tile within 8",
        "7",
        "  max-tile within 8: 128 (incomplete: no larger tile is possible, but the search stopped at its budget \
         after 7 boards before proving that no shorter sequence reaches it)\n    moves: D L U L L L L L (8 moves)",
    );
    check(
        "reach 128 within 8",
        "3",
        "  reach 128 within 8: no sequence found (incomplete: the search stopped at its budget after 3 boards; \
         no sequence of fewer than 6 moves can reach it)",
    );
    check(
        "reach 128 within 8",
        "7",
        "  reach 128 within 8: 8 moves (incomplete: the search stopped at its budget after 7 boards; no \
         sequence of fewer than 6 moves can reach it)\n    moves: D L U L L L L L (8 moves)",
    );
}

/// The summary of a run of several files: what went wrong in words, the
/// files to look at, and its colour (green when all hold, yellow when a
/// search only stopped at its budget, red when anything failed).
#[test]
fn the_summary_counts_what_went_wrong_and_is_coloured_by_the_worst() {
    let dir = tempfile::tempdir().unwrap();
    let holds =
        write_puzzle(&dir, "a-holds.puzzle", "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\nexpect 4\n");
    let plain = write_puzzle(&dir, "b-plain.puzzle", "game 2048\nboard {\n  2 4\n}\nquery reach 8 within 2\n");
    let deep = write_puzzle(&dir, "c-deep.puzzle", DEEP);
    let wrong = write_puzzle(&dir, "d-wrong.puzzle", WRONG_EXPECT);
    let last_lines = |args: &[&str], lines: usize| {
        let mut all = vec!["run", "--color", "always"];
        all.extend(args);
        let text = stdout(&puzzle(&all));
        let tail: Vec<&str> = text.lines().rev().take(lines).collect();
        tail.into_iter().rev().collect::<Vec<_>>().join("\n")
    };
    assert_eq!(last_lines(&[&holds, &plain], 1), "\x1b[32m2 files, 2 queries: all as expected\x1b[0m");
    assert_eq!(
        last_lines(&[&holds, &deep, "--budget", "20"], 3),
        format!("\x1b[33m2 files, 3 queries: 2 queries incomplete\x1b[0m\nto look at:\n  {deep}")
    );
    assert_eq!(
        last_lines(&[&holds, &deep, &wrong, "--budget", "20"], 4),
        format!("\x1b[1;31m3 files, 4 queries: 1 query failed, 2 queries incomplete\x1b[0m\nto look at:\n  {deep}\n  {wrong}")
    );
}

/// What the report says under an answer, as a user reads it: the first move
/// of a chance that needs none or that none helps, why a reach is out of
/// reach (the bound that proves it, each bound at its edge), and the blocks
/// left after a removal.
#[test]
fn the_lines_under_an_answer_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let run = |name: &str, text: &str, args: &[&str]| {
        let path = write_puzzle(&dir, name, text);
        let mut all = vec!["run", path.as_str()];
        all.extend(args);
        let output = puzzle(&all);
        assert_eq!(code(&output), 0, "{}", stderr(&output));
        stdout(&output).replacen(&path, name, 1)
    };
    let chance =
        "game 2048\nspawns classic\nboard {\n  4 .\n  . 2\n}\nquery chance 4 within 1\nquery chance 8 within 1\n";
    assert_eq!(
        run("chance.puzzle", chance, &[]),
        "chance.puzzle\n  2048 with spawns 2 90% 4 10%, 2×2 board\n  chance 4 within 1: 1\n    \
         first move: none needed (the board has the tile)\n    exact: rounding error below 3.3e-15, proven\n  \
         chance 8 within 1: 0\n    first move: none helps\n    exact: rounding error below 3.3e-15, proven\n"
    );
    // Each reason at its bound's edge: the target at the sum's largest tile
    // but past what the counts allow; at what the counts allow, or below it,
    // but out of reach on this board.
    for (row, query, why) in [
        ("2 2 2 2", "reach 8 within 1", "in 1 move the tiles' counts allow no more (each move merges pairs of equal tiles, each tile once: the counting bound)"),
        ("2 4 2", "reach 8 within 2", "every sequence of at most 2 moves was searched (1 board)"),
        ("2 4 2 4 2 4", "reach 8 within 3", "every sequence of at most 3 moves was searched (1 board)"),
        ("2 2 4 8", "reach 32 within 3", "the tiles add up to 16, and no move changes the sum"),
    ] {
        let text = run("why.puzzle", &format!("game 2048\nboard {{\n  {row}\n}}\nquery {query}\n"), &["--explain"]);
        let target = query.split(' ').nth(1).unwrap();
        let line = format!("    why: no tile of {target} or more can be made: {why}\n");
        assert!(text.contains(&line), "{row}, {query}:\n{text}");
    }
    let blocks = "game blockgame\nboard {\n  . . 3 .\n  . 3 3 3\n  2 . . .\n  2 2 2 .\n  1 1 . 4\n  1 . 4 4\n}\nquery max-removed\n";
    assert_eq!(
        run("blocks.puzzle", blocks, &["--show"]),
        "blocks.puzzle\n  blockgame, 6×4 board\n  start:\n    . . 3 .\n    . 3 3 3\n    2 . . .\n    2 2 2 .\n    \
         1 1 . 4\n    1 . 4 4\n  max-removed: 3 blocks\n    removed: 3 2 4\n    after:\n      . . . .\n      . . . .\n      \
         . . . .\n      . . . .\n      1 1 . .\n      1 . . .\n"
    );
}

/// A file's errors are all told up to twenty; past them, one line says how
/// many more.
#[test]
fn past_twenty_errors_one_line_says_how_many_more() {
    let dir = tempfile::tempdir().unwrap();
    let with_errors = |n: usize| {
        let queries: String = (0..n).map(|_| "query max-tile within x\n").collect();
        let path = write_puzzle(&dir, "many.puzzle", &format!("game 2048\nboard {{\n  2 2\n}}\n{queries}"));
        let output = puzzle(&["run", &path]);
        assert_eq!(code(&output), 2);
        let errors = stderr(&output);
        (errors.matches("error: ").count(), errors.lines().last().unwrap_or("").replacen(&path, "many.puzzle", 1))
    };
    assert_eq!(with_errors(20).0, 20);
    assert!(!with_errors(20).1.contains("more error"), "{:?}", with_errors(20));
    assert_eq!(with_errors(21), (21, "error: and 1 more error in many.puzzle".to_string()));
    assert_eq!(with_errors(23), (21, "error: and 3 more errors in many.puzzle".to_string()));
}

/// `check` tells a valid file's warnings and an invalid file's errors on
/// stderr (in colour when asked), one line of summary on stdout, and its
/// JSON's exit status is the command's.
#[test]
fn check_tells_warnings_and_errors_and_its_json_says_the_status() {
    let dir = tempfile::tempdir().unwrap();
    let fine = write_puzzle(&dir, "fine.puzzle", "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n");
    let warned =
        write_puzzle(&dir, "warned.puzzle", "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\nexpect 16\n");
    let output = puzzle(&["check", &fine]);
    assert_eq!(
        (code(&output), stdout(&output), stderr(&output)),
        (0, "1 file checked: all valid\n".into(), String::new())
    );
    let output = puzzle(&["check", &warned, &fine]);
    assert_eq!((code(&output), stdout(&output)), (0, "2 files checked: all valid\n".into()));
    assert!(stderr(&output).starts_with("warning: this `expect` can never hold"), "{}", stderr(&output));
    let invalid = "puzzles/invalid/ragged-rows.puzzle";
    let output = puzzle(&["check", "--color", "always", invalid, &fine]);
    assert_eq!((code(&output), stdout(&output)), (2, "2 files checked: \x1b[1;31m1 file invalid\x1b[0m\n".into()));
    assert!(stderr(&output).starts_with("\x1b[1;31merror\x1b[0m"), "{:?}", stderr(&output));
    for (paths, status) in [(vec![fine.as_str()], 0), (vec![fine.as_str(), invalid], 2)] {
        assert_eq!(json_s_exit_status("check", &paths), (status, Some(status as u64)));
    }
}

/// `puzzle COMMAND --json ARGS`: its exit status, and the one its document
/// says.
fn json_s_exit_status(command: &str, args: &[&str]) -> (i32, Option<u64>) {
    let output = puzzle(&[&[command, "--json"][..], args].concat());
    let document: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    (code(&output), document["summary"]["exit_status"].as_u64())
}

#[test]
fn run_s_json_says_each_exit_status() {
    let dir = tempfile::tempdir().unwrap();
    let query = "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n";
    let holds = write_puzzle(&dir, "holds.puzzle", &format!("{query}expect 4\n"));
    let fails = write_puzzle(&dir, "fails.puzzle", &format!("{query}expect 8\n"));
    let deep =
        "game 2048\nboard {\n  2 4 . 8 2 . 4 8\n  . 8 2 4 . 2 4 .\n  8 . 4 2 8 4 . 2\n}\nquery max-tile within 12\n";
    let deep = write_puzzle(&dir, "deep.puzzle", deep);
    let invalid = "puzzles/invalid/ragged-rows.puzzle";
    for (args, status) in [
        (vec![holds.as_str()], 0),
        (vec![holds.as_str(), fails.as_str()], 1),
        (vec![fails.as_str(), invalid], 2),
        (vec!["--budget", "20", deep.as_str()], 3),
    ] {
        assert_eq!(json_s_exit_status("run", &args), (status, Some(status as u64)));
    }
}

#[test]
fn fmt_tells_a_file_it_cannot_lay_out_in_colour_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let junk = write_puzzle(&dir, "junk.puzzle", "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1 junk\n");
    let output = puzzle(&["fmt", "--check", "--color", "always", &junk]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).starts_with("\x1b[1;31merror\x1b[0m"), "{:?}", stderr(&output));
    let output = puzzle(&["fmt", "--check", "--color", "never", &junk]);
    assert!(stderr(&output).starts_with("error: "), "{:?}", stderr(&output));
}

/// `new` makes boards of 1 to 256 cells a side, and says so past them.
#[test]
fn new_makes_boards_up_to_the_largest_side_and_refuses_past_it() {
    for (size, made) in
        [("256x256", true), ("1x256", true), ("256x1", true), ("257x4", false), ("4x257", false), ("4x0", false)]
    {
        let output = puzzle(&["new", "2048", "--size", size]);
        if made {
            assert_eq!(code(&output), 0, "{size}: {}", stderr(&output));
            assert!(stdout(&output).contains("game 2048"), "{size}");
        } else {
            assert_eq!(code(&output), 2, "{size}");
            assert_eq!(stderr(&output), format!("error: a board is 1 to 256 cells on each side, not {size}\n"));
        }
    }
}

/// The judge reads at most 4 MiB of input: an input of that size is answered,
/// one byte more is refused, as a user piping a file meets it.
#[test]
fn the_judge_answers_an_input_of_four_mebibytes_and_refuses_one_byte_more() {
    let mut input = b"3\n2 2 2\n4 4 4\n8 8 8\n".to_vec();
    input.resize(4 << 20, b' ');
    let output = puzzle_with_stdin(&["judge", "boj-12100"], &input);
    assert_eq!((code(&output), stdout(&output)), (0, "16\n".into()), "{}", stderr(&output));
    input.push(b' ');
    let output = puzzle_with_stdin(&["judge", "boj-12100"], &input);
    assert_eq!((code(&output), stderr(&output)), (2, "error: the input is larger than 4194304 bytes\n".into()));
}
