//! The game with spawns through the command: answers that never depend on
//! the thread count or the run (only the timing fields may differ), and the
//! statements' session as a user meets it.

use std::process::Command;

/// A file of that name in a directory of its own, removed with it.
fn scratch(name: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    (dir, file)
}

/// `puzzle ARGS FILE`, its output.
fn puzzle(args: &[&str], file: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_puzzle")).args(args).arg(file).output().unwrap()
}

/// `puzzle ARGS FILE`: its exit status and its report on stdout.
fn report(args: &[&str], file: &std::path::Path) -> (i32, String) {
    let output = puzzle(args, file);
    (output.status.code().unwrap(), String::from_utf8(output.stdout).unwrap())
}

/// A report's answers: its lines after the file's head (path and game).
fn answers(report: &str) -> String {
    report.lines().skip(2).map(|line| format!("{line}\n")).collect()
}

fn run(args: &[&str], file: &std::path::Path) -> (serde_json::Value, i32) {
    let output = puzzle(args, file);
    let mut document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    for result in document["puzzles"][0]["results"].as_array_mut().unwrap() {
        let result = result.as_object_mut().unwrap();
        assert!(!result.contains_key("error"), "{result:?}");
        for timing in ["seconds", "moves_per_second"] {
            result.remove(timing);
        }
    }
    (document, output.status.code().unwrap())
}

const ENGINE: &str = "game 2048\nspawns classic\nboard {\n  2 4 8 16\n  . 2 4 64\n  . . 2 128\n  . . 4 512\n}\n\
                      query best-move\nquery play 4 games seed 3 depth 2 until 512\nquery chance 1024 within 2\n";

#[test]
fn best_move_and_play_give_the_same_answers_on_one_thread_and_on_four_and_run_after_run() {
    let (_dir, file) = scratch("engine.puzzle");
    std::fs::write(&file, ENGINE).unwrap();
    let (one, status) = run(&["run", "--json", "--threads", "1"], &file);
    assert_eq!(status, 0);
    let (four, _) = run(&["run", "--json", "--threads", "4"], &file);
    assert_eq!(one, four);
    let (again, _) = run(&["run", "--json", "--threads", "4"], &file);
    assert_eq!(one, again);
    let results = &one["puzzles"][0]["results"];
    assert!(["U", "D", "L", "R"].contains(&results[0]["answer"].as_str().unwrap()), "{results}");
    assert!(results[0]["depth"].as_u64().unwrap() >= 4);
    assert_eq!(results[1]["games"], 4);
    assert_eq!(results[1]["reached"]["512"], 1.0);
    assert_eq!(results[2]["kind"], "chance");
}

#[test]
fn bless_writes_expectations_that_the_next_run_meets() {
    let (_dir, file) = scratch("engine.puzzle");
    std::fs::write(&file, ENGINE).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_puzzle")).args(["run", "--bless"]).arg(&file).status().unwrap();
    assert!(status.success());
    let blessed = std::fs::read_to_string(&file).unwrap();
    assert!(blessed.contains("query play 4 games seed 3 depth 2 until 512\nexpect 512 in 100%\n"), "{blessed}");
    assert!(blessed.contains("query chance 1024 within 2\nexpect 0.000000\n"), "{blessed}");
    let (status, text) = report(&["run"], &file);
    assert_eq!(status, 0, "{text}");
}

#[test]
fn a_blessed_probability_checks_all_its_six_decimals_or_four_significant_digits() {
    let (_dir, file) = scratch("half.puzzle");
    let queries =
        "query chance 4 within 0\nquery chance 4 within 1\nquery chance 2 within 0\nquery chance 8 within 1\n";
    std::fs::write(&file, format!("game 2048\nspawns 2 50% 4 50%\nboard {{\n  2 .\n  . .\n}}\n{queries}")).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_puzzle")).args(["run", "--bless"]).arg(&file).status().unwrap();
    assert!(status.success());
    let blessed = std::fs::read_to_string(&file).unwrap();
    let expects: Vec<&str> = blessed.lines().filter(|line| line.starts_with("expect")).collect();
    // No 4 yet; one half (a lone 2 merges with nothing in one move, so only
    // the spawn after it brings a 4); the 2 is there; no 8 in one move. Each
    // to its 6th decimal, `0.5` being 0.45 to 0.55 as an `expect`.
    assert_eq!(expects, ["expect 0.000000", "expect 0.500000", "expect 1.000000", "expect 0.000000"]);
    // Below 0.001, four significant digits: a 4 one spawn in 10,000, the
    // 16 only from it (right, a 4 left of the 4, right, down), 0.00005.
    // `0.000050` would hold for 0.0000451, and `0.000000` for 0.
    let rare = "game 2048\nspawns 2 99.99% 4 0.01%\nboard {\n  8 .\n  4 .\n}\nquery chance 16 within 3\n";
    std::fs::write(&file, rare).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_puzzle")).args(["run", "--bless"]).arg(&file).status().unwrap();
    assert!(status.success());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), format!("{rare}expect 0.00005000\n"));
    let (status, text) = report(&["run"], &file);
    assert_eq!(status, 0, "the next run meets it: {text}");
}

#[test]
fn a_probability_holds_at_the_digits_written() {
    let (_dir, file) = scratch("chance.puzzle");
    // 0.1 exactly: `0.1`, `0.10` and `0.100` hold, `0.11` and `0.09` do not.
    let body = "game 2048\nspawns classic\nboard {\n  2 .\n  . 2\n}\n";
    // 0.145 exactly within 3 moves, a tie at two places: `0.14` and `0.15`
    // both hold (the answer is known to 6e-15, not which side of the tie it
    // falls), `0.13` does not.
    for (query, expect, holds) in [
        ("chance 4 within 1", "0.1", true),
        ("chance 4 within 1", "0.10", true),
        ("chance 4 within 1", "0.100", true),
        ("chance 4 within 1", "0", true),
        ("chance 4 within 1", "0.11", false),
        ("chance 4 within 1", "0.09", false),
        ("chance 8 within 3", "0.145", true),
        ("chance 8 within 3", "0.15", true),
        ("chance 8 within 3", "0.14", true),
        ("chance 8 within 3", "0.13", false),
        ("chance 8 within 3", "0.1449", false),
    ] {
        std::fs::write(&file, format!("{body}query {query}\nexpect {expect}\n")).unwrap();
        let status = Command::new(env!("CARGO_BIN_EXE_puzzle")).arg("run").arg(&file).status().unwrap();
        assert_eq!(status.code(), Some(if holds { 0 } else { 1 }), "{query}, expect {expect}");
    }
}

#[test]
fn a_move_as_good_as_the_engines_is_a_best_move_too() {
    // Two 2s on a diagonal of a 3×4 board: up and down make mirrored boards,
    // valued the same to the bit; the engine plays up, and `expect D` holds.
    let (_dir, file) = scratch("tie.puzzle");
    let board = "game 2048\nspawns classic\nboard {\n  2 . . .\n  . 2 . .\n  . . . .\n}\n";
    std::fs::write(&file, format!("{board}query best-move depth 2\nexpect D\n")).unwrap();
    let (status, text) = report(&["run"], &file);
    assert_eq!(status, 0, "{text}");
    assert!(text.contains("best-move depth 2: U (or D, equally good) ✓\n"), "{text}");
    let (json, _) = run(&["run", "--json"], &file);
    let result = &json["puzzles"][0]["results"][0];
    assert_eq!((&result["answer"], &result["best_moves"]), (&"U".into(), &serde_json::json!(["U", "D"])));
    std::fs::write(&file, format!("{board}query best-move depth 2\nexpect L\n")).unwrap();
    assert_eq!(puzzle(&["run"], &file).status.code(), Some(1), "left is worse");
}

#[test]
fn a_chance_past_its_budget_states_what_fewer_moves_prove() {
    let (_dir, file) = scratch("budget.puzzle");
    let board = "game 2048\nspawns classic\nboard {\n  2 . . .\n  . 4 . .\n  . . 8 .\n  . . . 2\n}\n";
    std::fs::write(&file, format!("{board}query chance 16 within 4\n")).unwrap();
    let (status, text) = report(&["run", "--budget", "50"], &file);
    assert_eq!(status, 3);
    // The search of 4 moves takes 74 boards; those of 0 to 3 moves take 2
    // together. Within 3 moves the chance is 0.025; the bound is that less
    // its rounding error, rounded down.
    let path = file.display();
    assert_eq!(
        text,
        format!(
            "{path}\n  2048 with spawns 2 90% 4 10%, 4×4 board\n  chance 16 within 4: at least 0.024999999999 (incomplete: the search \
             stopped at its budget after 50 boards; proven: the chance within 3 moves, which more moves never \
             lower)\n"
        )
    );
    let (json, status) = run(&["run", "--json", "--budget", "50"], &file);
    assert_eq!(status, 3);
    let result = &json["puzzles"][0]["results"][0];
    assert_eq!(
        (&result["answer"], &result["proof"], &result["at_least_within"]),
        (&serde_json::Value::Null, &"incomplete".into(), &3.into())
    );
    let at_least = result["at_least"].as_f64().unwrap();
    assert!(at_least < 0.025 && 0.025 - at_least < 1e-12, "{result}");
    // Enough budget for the whole search: the exact answer, above the bound.
    let (json, status) = run(&["run", "--json"], &file);
    assert_eq!(status, 0);
    assert!(json["puzzles"][0]["results"][0]["answer"].as_f64().unwrap() >= at_least);
}

#[test]
fn a_law_with_decimal_percents_is_the_game_it_says() {
    // 2 2 / . . with a 4 spawned 0.5 % of the time: an 8 within 2 moves
    // needs that 4 beside or below the merged 4 (two of the three empty
    // cells), so 0.005 × 2/3 = 1/300.
    let (_dir, file) = scratch("decimal.puzzle");
    let board = "game 2048\nspawns 2 99.5% 4 0.5%\nboard {\n  2 2\n  . .\n}\n";
    std::fs::write(&file, format!("{board}query chance 8 within 2\nexpect 0.003333\n")).unwrap();
    let (status, text) = report(&["run"], &file);
    assert_eq!(status, 0, "{text}");
    // The report says which game it played, in the file's words and in numbers.
    assert!(text.contains("\n  2048 with spawns 2 99.5% 4 0.5%, 2×2 board\n"));
    let (json, _) = run(&["run", "--json"], &file);
    assert_eq!(json["puzzles"][0]["spawns"], serde_json::json!({ "2": 0.995, "4": 0.005 }));
    // A law whose decimals do not add up says what they add up to.
    std::fs::write(&file, "game 2048\nspawns 2 99.5% 4 0.25%\nboard {\n  2 2\n}\nquery best-move\n").unwrap();
    let output = puzzle(&["check"], &file);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error: not a spawn law: the chances add up to 99.75%, not 100%"), "{stderr}");
}

#[test]
fn a_depth_past_the_budget_answers_with_the_deepest_that_fits() {
    // A 3×4 board with few empty cells: depth 16 would take hours.
    let (_dir, file) = scratch("deep.puzzle");
    let board = "game 2048\nspawns classic\nboard {\n  2 4 8 16\n  64 128 256 512\n  8 16 . 2\n}\n";
    std::fs::write(&file, format!("{board}query best-move depth 16\nquery play 2 games depth 16\n")).unwrap();
    let (status, text) = report(&["run", "--budget", "100000"], &file);
    assert_eq!(status, 3, "{text}");
    assert!(text.contains("(incomplete: depth 16 did not fit in the budget"), "{text}");
    assert!(text.contains("(incomplete: 2 games stopped at the budget or the move limit before they ended)"), "{text}");
    let (json, status) = run(&["run", "--json", "--budget", "100000"], &file);
    assert_eq!(status, 3);
    let best = &json["puzzles"][0]["results"][0];
    assert_eq!((&best["proof"], &best["depth_asked"]), (&"incomplete".into(), &16.into()), "{best}");
    assert!(best["boards"].as_u64().unwrap() <= 100_000, "{best}");
    // The move and values are those of the depth searched, asked for alone.
    let depth = best["depth"].as_u64().unwrap();
    assert!((1..16).contains(&depth), "{best}");
    std::fs::write(&file, format!("{board}query best-move depth {depth}\n")).unwrap();
    let (alone, status) = run(&["run", "--json"], &file);
    assert_eq!(status, 0);
    let alone = &alone["puzzles"][0]["results"][0];
    assert_eq!((&best["answer"], &best["analysis"]), (&alone["answer"], &alone["analysis"]));
    // Games at that depth stop, unfinished, rather than play other moves.
    let play = &json["puzzles"][0]["results"][1];
    assert_eq!((&play["unfinished_games"], &play["moves"]["max"]), (&2.into(), &0.into()), "{play}");
    // A budget too small for the root's four moves finds no move: not
    // `none` (no legal move), which it must not pass for.
    std::fs::write(&file, format!("{board}query best-move depth 16\nexpect none\n")).unwrap();
    let (status, text) = report(&["run", "--budget", "2"], &file);
    assert_eq!(status, 1, "{text}");
    assert!(text.contains("best-move depth 16: not found (incomplete: the search stopped at its budget"), "{text}");
    std::fs::write(&file, format!("{board}query play 1 games depth 16\n")).unwrap();
    let (_, text) = report(&["run", "--budget", "100000"], &file);
    assert!(text.contains("(incomplete: 1 game stopped at the budget or the move limit before it ended)"), "{text}");
}

#[test]
fn a_move_merging_two_tiles_of_2_pow_63_is_an_error_not_a_lost_game() {
    let (_dir, file) = scratch("top.puzzle");
    let board = "game 2048\nspawns classic\nboard {\n  9223372036854775808 9223372036854775808\n  2 4\n}\n";
    std::fs::write(&file, format!("{board}query best-move\nquery play 1 games\n")).unwrap();
    let (status, text) = report(&["run"], &file);
    assert_eq!(status, 2, "{text}");
    let overflow = "two 2^63 tiles would merge at row 1, column 1: the largest tile is 2^63";
    // The game that stopped the run is named, with its moves, to replay it.
    let expected = format!("  best-move: error: {overflow}\n  play 1 game: error: game 1, after 0 moves: {overflow}\n");
    assert_eq!(answers(&text), expected);
}

#[test]
fn a_lost_board_has_no_best_move_and_the_report_says_why() {
    let (_dir, file) = scratch("lost.puzzle");
    let board = "game 2048\nspawns classic\nboard {\n  2 4\n  4 2\n}\n";
    let queries = "query best-move\nexpect none\nquery best-move depth 3\nquery play 3 games\n";
    std::fs::write(&file, format!("{board}{queries}")).unwrap();
    let (status, text) = report(&["run"], &file);
    assert_eq!(status, 0, "{text}");
    // Games lost before their first move: no speed to tell.
    let expected = "  best-move: none ✓
    why: no move changes the board: the game is lost
  best-move depth 3: none
    why: no move changes the board: the game is lost
  play 3 games: 3 games, largest tile 4
    reached: 4 100%
    score: 0 / 0 / 0 (min / median / max)
    moves: 0 / 0 / 0
    speed: no move played
";
    assert_eq!(answers(&text), expected);
}

#[test]
fn a_new_game_on_one_cell_starts_from_one_tile_in_chance_and_in_play() {
    let (_dir, file) = scratch("one-cell.puzzle");
    let queries = "query chance 2 within 3\nquery chance 4 within 0\nquery play 20 games seed 1\n";
    std::fs::write(&file, format!("game 2048\nspawns classic\nboard {{\n  .\n}}\n{queries}")).unwrap();
    let (status, text) = report(&["run"], &file);
    assert_eq!(status, 0, "{text}");
    let expected = "  chance 2 within 3: 1
    first move: after the first spawn (a new game; one cell holds one tile)
    exact: rounding error below 2.2e-15, proven
  chance 4 within 0: 0.1
    first move: after the first spawn (a new game; one cell holds one tile)
    exact: rounding error below 8.9e-16, proven
  play 20 games seed 1: 20 games, largest tile 4
";
    let answers = answers(&text);
    assert!(answers.starts_with(expected), "{answers}");
}
