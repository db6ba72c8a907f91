//! The authoring loop as a user meets it: `--bless` writing the answers into
//! the file, `-` for standard input, the diff of `fmt --check`, completions
//! and the man page.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn puzzle_with_stdin(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn puzzle(args: &[&str]) -> Output {
    puzzle_with_stdin(args, "")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

const UNBLESSED: &str = "# a puzzle\r\ngame 2048\r\nboard {\r\n  2 2 4\r\n  . 4 .\r\n}\r\n  query max-tile within 3 # the big one\r\nquery reach 8 within 2\r\nexpect 5\r\n\r\nquery apply L\r\nquery reach 1024 within 2\r\n";

const BLESSED: &str = "# a puzzle\r\ngame 2048\r\nboard {\r\n  2 2 4\r\n  . 4 .\r\n}\r\n  query max-tile within 3 # the big one\r\n  expect 8\r\nquery reach 8 within 2\r\nexpect 2\r\n\r\nquery apply L\r\nexpect board {\r\n  4 4 .\r\n  4 . .\r\n}\r\nquery reach 1024 within 2\r\nexpect unreachable\r\n";

#[test]
fn bless_writes_each_answer_as_its_expect_and_keeps_everything_else() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.puzzle");
    std::fs::write(&file, UNBLESSED).unwrap();
    let path = file.display().to_string();

    let dry = puzzle(&["run", "--bless", "--check", &path]);
    assert_eq!(dry.status.code(), Some(1), "something would change");
    assert!(
        text(&dry.stdout).contains("+  expect 8") && text(&dry.stdout).contains("-expect 5"),
        "{}",
        text(&dry.stdout)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), UNBLESSED, "--check changes nothing");

    let blessed = puzzle(&["run", "--bless", &path]);
    assert_eq!(blessed.status.code(), Some(0), "{}", text(&blessed.stderr));
    assert_eq!(text(&blessed.stdout), format!("{path}: 3 added and 1 rewritten `expect` lines\n"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), BLESSED, "comments, layout and CRLF kept");

    let again = puzzle(&["run", "--bless", &path]);
    assert_eq!((again.status.code(), text(&again.stdout)), (Some(0), String::new()), "idempotent");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), BLESSED);
    assert_eq!(puzzle(&["run", &path]).status.code(), Some(0), "every expect holds");

    // `-q`: the file is written, and nothing said of it.
    std::fs::write(&file, UNBLESSED).unwrap();
    let quiet = puzzle(&["run", "-q", "--bless", &path]);
    assert_eq!((quiet.status.code(), text(&quiet.stdout)), (Some(0), String::new()));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), BLESSED);
}

#[test]
fn bless_writes_the_block_game_s_count_in_place_of_a_failing_expect() {
    let shipped = std::fs::read_to_string(root().join("puzzles/kakao-example.puzzle")).unwrap();
    let failing = shipped.replace("expect 2", "expect 3");
    let output = puzzle_with_stdin(&["run", "--bless", "-"], &failing);
    assert_eq!((output.status.code(), text(&output.stdout)), (Some(0), shipped));
}

#[test]
fn bless_leaves_invalid_files_alone_and_guesses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let invalid = dir.path().join("invalid.puzzle");
    std::fs::write(&invalid, "game 2048\nboard {\n  2 3\n}\nquery max-tile within 1\n").unwrap();
    let output = puzzle(&["run", "--bless", &invalid.display().to_string()]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&invalid).unwrap(), "game 2048\nboard {\n  2 3\n}\nquery max-tile within 1\n");

    let deep = dir.path().join("deep.puzzle");
    let source = "game 2048\nboard {\n  2 4 . 8 2 . 4 8\n  . 8 2 4 . 2 4 .\n  8 . 4 2 8 4 . 2\n}\nquery max-tile within 12\nquery max-tile within 1\n";
    std::fs::write(&deep, source).unwrap();
    let output = puzzle(&["run", "--bless", "--budget", "20", &deep.display().to_string()]);
    assert_eq!(output.status.code(), Some(3), "an incomplete search: {}", text(&output.stderr));
    let written = std::fs::read_to_string(&deep).unwrap();
    assert!(!written.contains("within 12\nexpect"), "no guess for the incomplete search: {written}");
    assert!(written.contains("within 1\nexpect "), "the proven answer is written: {written}");
    // And it says which file kept a query without an answer, and why.
    assert_eq!(
        text(&output.stderr),
        format!(
            "note: {}: 1 query left alone: its search stopped at the budget, with no proven answer to write \
             (`--budget` raises it)\n",
            deep.display()
        )
    );
    // A failing `expect` beside it is rewritten, and the run still says
    // that one search stopped at its budget.
    std::fs::write(&deep, source.replace("within 1\n", "within 1\nexpect 2\n")).unwrap();
    let output = puzzle(&["run", "--bless", "--budget", "20", &deep.display().to_string()]);
    assert_eq!(output.status.code(), Some(3), "{}", text(&output.stderr));
    assert_eq!(std::fs::read_to_string(&deep).unwrap(), written, "the failing expect rewritten");
    // An `expect` below the tile the stopped search found is refuted: it
    // stays, and still fails.
    let refuted = source.replace("within 12\n", "within 12\nexpect 2\n");
    std::fs::write(&deep, &refuted).unwrap();
    let output = puzzle(&["run", "--bless", "--budget", "20", &deep.display().to_string()]);
    assert_eq!(output.status.code(), Some(1), "an expect still failing: {}", text(&output.stderr));
    assert!(std::fs::read_to_string(&deep).unwrap().contains("within 12\nexpect 2\n"));
    assert!(
        text(&output.stderr).ends_with("; its `expect` is refuted by what the search proved, and still fails\n"),
        "{}",
        text(&output.stderr)
    );
    // Of several stopped searches, the note counts the refuted ones.
    let notes = |expects: [&str; 3]| {
        let queries: String = [12, 11, 10]
            .iter()
            .zip(expects)
            .map(|(k, expect)| format!("query max-tile within {k}\n{expect}"))
            .collect();
        std::fs::write(&deep, source.replace("query max-tile within 12\nquery max-tile within 1\n", &queries)).unwrap();
        let output = puzzle(&["run", "--bless", "--budget", "20", &deep.display().to_string()]);
        assert_eq!(output.status.code(), Some(1), "{}", text(&output.stderr));
        let stderr = text(&output.stderr);
        stderr.split_once("(`--budget` raises it)").unwrap().1.to_string()
    };
    assert_eq!(notes(["expect 2\n", "", ""]), "; 1 of them fails its `expect`, refuted by what the search proved\n");
    assert_eq!(
        notes(["expect 2\n", "expect 2\n", ""]),
        "; 2 of them fail their `expect`s, refuted by what the searches proved\n"
    );
    assert_eq!(notes(["expect 2\n"; 3]), "; their `expect`s are refuted by what the searches proved, and still fail\n");
}

const SAMPLE: &str = "game 2048\nboard {\n  2 2 2\n  4 4 4\n  8 8 8\n}\nquery max-tile within 5\nexpect 16\n";

#[test]
fn a_dash_reads_standard_input() {
    let run = puzzle_with_stdin(&["run", "-"], SAMPLE);
    assert_eq!(run.status.code(), Some(0));
    assert!(
        text(&run.stdout).starts_with("<stdin>\n  2048, 3×3 board\n  max-tile within 5: 16 ✓"),
        "{}",
        text(&run.stdout)
    );
    let check = puzzle_with_stdin(&["check", "-"], "game 2048\nboard {\n  3\n}\nquery max-tile within 1\n");
    assert_eq!(check.status.code(), Some(2));
    assert!(text(&check.stderr).contains("--> <stdin>:3:3"), "{}", text(&check.stderr));
    let fmt = puzzle_with_stdin(&["fmt", "-"], "game   2048\nboard {\n2 2\n}\nquery max-tile   within 1\n");
    assert_eq!(fmt.status.code(), Some(0));
    assert_eq!(text(&fmt.stdout), "game 2048\n\nboard {\n  2 2\n}\n\nquery max-tile within 1\n", "formatted to stdout");
    let tidy = puzzle_with_stdin(&["fmt", "-"], SAMPLE);
    assert_eq!(
        text(&tidy.stdout),
        "game 2048\n\nboard {\n  2 2 2\n  4 4 4\n  8 8 8\n}\n\nquery max-tile within 5\nexpect 16\n"
    );
    // Already formatted: printed back as it came; `--check` says nothing.
    let again = puzzle_with_stdin(&["fmt", "-"], &text(&tidy.stdout));
    assert_eq!((again.status.code(), text(&again.stdout)), (Some(0), text(&tidy.stdout)));
    let checked = puzzle_with_stdin(&["fmt", "--check", "-"], &text(&tidy.stdout));
    assert_eq!((checked.status.code(), text(&checked.stdout)), (Some(0), String::new()));
    let checked = puzzle_with_stdin(&["fmt", "--check", "-"], SAMPLE);
    assert_eq!(checked.status.code(), Some(1));
    assert!(text(&checked.stdout).starts_with("--- <stdin>\n"), "{}", text(&checked.stdout));
}

#[test]
fn completions_and_a_man_page() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let output = puzzle(&["completions", shell]);
        assert_eq!(output.status.code(), Some(0), "{shell}");
        assert!(text(&output.stdout).contains("puzzle"), "{shell}");
    }
    let man = puzzle(&["man"]);
    assert_eq!(man.status.code(), Some(0));
    assert!(text(&man.stdout).starts_with(".ie") || text(&man.stdout).contains(".TH puzzle"), "{}", text(&man.stdout));
    // The page names a page for each command (`puzzle-run(1)`): each is
    // there, with its own options.
    for (command, option) in
        [("run", "bless"), ("check", "json"), ("fmt", "check"), ("play", "seed"), ("new", "spawns"), ("judge", "boj")]
    {
        assert!(text(&man.stdout).contains(&format!("puzzle\\-{command}(1)")), "{command}");
        let page = puzzle(&["man", command]);
        assert_eq!(page.status.code(), Some(0), "{command}: {}", text(&page.stderr));
        let page = text(&page.stdout);
        assert!(page.contains(&format!(".TH puzzle-{command} 1  \"puzzle 0.1.0\"")), "{command}: {page}");
        assert!(page.contains(&format!("puzzle {command}")), "{command}: the synopsis");
        assert!(page.contains(option), "{command}: {option}");
        // In ASCII, what is past it escaped: `judge`'s page names a problem in Hangul.
        assert!(page.is_ascii(), "{command}");
    }
    let judge = text(&puzzle(&["man", "judge"]).stdout);
    assert!(judge.contains("\\[uBE14]\\[uB85D] \\[uAC8C]\\[uC784]"), "블록 게임 in {judge}");
    let unknown = puzzle(&["man", "solve"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        text(&unknown.stderr).contains("run, check, fmt, play, new, judge, completions, lsp, man"),
        "{}",
        text(&unknown.stderr)
    );
}

#[test]
fn help_is_wrapped_to_the_terminal() {
    let output =
        Command::new(env!("CARGO_BIN_EXE_puzzle")).args(["run", "--help"]).env("COLUMNS", "80").output().unwrap();
    let help = text(&output.stdout);
    let longest = help.lines().map(|line| line.chars().count()).max().unwrap();
    assert!(longest <= 80, "a line of {longest} columns:\n{help}");
    // `COLUMNS=0` gives no width, as GNU's tools read it: not a line a word.
    let output =
        Command::new(env!("CARGO_BIN_EXE_puzzle")).args(["run", "--help"]).env("COLUMNS", "0").output().unwrap();
    let help = text(&output.stdout);
    assert!(help.starts_with("Answer every query of each file and check its `expect` lines\n"), "{help}");
    let top = text(&Command::new(env!("CARGO_BIN_EXE_puzzle")).arg("--help").output().unwrap().stdout);
    assert!(top.contains("Answers questions about grid puzzles"), "{top}");
}

#[test]
fn zero_threads_or_jobs_are_refused() {
    for flag in ["--threads", "--jobs"] {
        let output = puzzle(&["run", flag, "0", "puzzles/boj-12100-sample.puzzle"]);
        assert_eq!(output.status.code(), Some(2), "{flag} 0");
    }
}
