//! Every file under puzzles/ is a snapshot case: the text report of a valid
//! puzzle and its `--explain`, the diagnostics of an invalid one, and the
//! JSON of each. Adding a case is adding a file (then `cargo insta review`).
//!
//! A few puzzles ([`DRAWN`]) also have their `--svg` picture as a snapshot.
//!
//! One test walks the files itself, in sorted order, and names each snapshot
//! after its puzzle, so that every failure is told by its own puzzle (insta's
//! `glob!` keeps one process-wide list, which two tests running at once mix
//! up); another fails on a snapshot whose puzzle is gone.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use puzzle_cli::answer::Budget;
use puzzle_cli::render::json::render_json;
use puzzle_cli::render::svg;
use puzzle_cli::render::text::{render_text, TextOptions};
use puzzle_cli::report::process;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// Every `.puzzle` file below `puzzles/`, as paths relative to it, sorted.
fn puzzles() -> Vec<String> {
    fn below(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                below(&path, found);
            } else if path.extension().is_some_and(|ext| ext == "puzzle") {
                found.push(path);
            }
        }
    }
    let base = root().join("puzzles");
    let mut found = Vec::new();
    below(&base, &mut found);
    let mut names: Vec<String> =
        found.iter().map(|path| path.strip_prefix(&base).unwrap().display().to_string()).collect();
    names.sort();
    names
}

/// The puzzles whose SVG picture is a snapshot too: every kind of frame
/// (a witness's moves with merges outlined, removals with their black cells,
/// each legal first move with a chance or a value) and every size of a
/// tile's text, from 1 to 6 digits.
const DRAWN: [&str; 4] = ["blocks-chain.puzzle", "large-tiles.puzzle", "spawns-chance.puzzle", "spawns-engine.puzzle"];

/// The snapshots one puzzle has, by kind: its report, its JSON, its
/// explanation (valid puzzles only) and its picture ([`DRAWN`] only).
fn snapshot_names(puzzle: &str) -> Vec<String> {
    let name = puzzle.replace('/', "__");
    let mut names = vec![format!("reports@{name}"), format!("json@{name}")];
    if !puzzle.starts_with("invalid/") {
        names.push(format!("explanations@{name}"));
    }
    if DRAWN.contains(&puzzle) {
        names.push(format!("svg@{name}"));
    }
    names
}

#[test]
fn every_puzzle_matches_its_snapshots() {
    let mut failures = Vec::new();
    for puzzle in puzzles() {
        let path = root().join("puzzles").join(&puzzle);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let mut report = process(&path, Budget::default(), true);
            report.path = format!("puzzles/{puzzle}");
            let text = render_text(&report, TextOptions::default());
            let invalid = puzzle.starts_with("invalid/");
            // Valid examples must hold every expectation; invalid ones must fail to parse.
            assert_eq!(report.status().exit_code(), if invalid { 2 } else { 0 }, "{text}");
            let names = snapshot_names(&puzzle);
            // Times are the only figures that differ between runs.
            let filters = vec![
                (r"in \d+\.\d+ (s|ms)\b", "in [time]"),
                (r"\d+ moves a second", "[rate] moves a second"),
                (r"\d+(\.\d M)? nodes a second", "[rate] nodes a second"),
                (r#""(seconds|moves_per_second)": [0-9.e+-]+"#, r#""$1": "[time]""#),
            ];
            insta::with_settings!({ input_file => &path, prepend_module_to_snapshot => true, filters => filters }, {
                insta::assert_snapshot!(names[0].clone(), text);
                insta::assert_snapshot!(names[1].clone(), serde_json::to_string_pretty(&render_json(&report)).unwrap());
                if !invalid {
                    let explained = render_text(&report, TextOptions { explain: true, ..TextOptions::default() });
                    insta::assert_snapshot!(names[2].clone(), explained);
                }
                if DRAWN.contains(&puzzle.as_str()) {
                    insta::assert_snapshot!(names[3].clone(), svg::render(&report).expect("a picture"));
                }
            });
        }));
        if outcome.is_err() {
            failures.push(puzzle);
        }
    }
    assert!(failures.is_empty(), "{} puzzles differ from their snapshots: {failures:?}", failures.len());
}

#[test]
fn no_snapshot_outlives_its_puzzle() {
    let wanted: std::collections::HashSet<String> = puzzles()
        .iter()
        .flat_map(|puzzle| snapshot_names(puzzle))
        .map(|name| format!("examples__{name}.snap"))
        .collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let orphans: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("examples__") && name.ends_with(".snap") && !wanted.contains(name))
        .collect();
    assert!(orphans.is_empty(), "snapshots whose puzzle is gone (delete them): {orphans:?}");
}

#[test]
fn every_diagnostic_points_inside_its_file() {
    for puzzle in puzzles().into_iter().filter(|puzzle| puzzle.starts_with("invalid/")) {
        let path = root().join("puzzles").join(&puzzle);
        let report = process(&path, Budget::default(), true);
        let json = render_json(&report);
        let lines: Vec<&str> = report.source.split('\n').collect();
        for error in json["errors"].as_array().unwrap() {
            let line = error["line"].as_u64().unwrap() as usize;
            let column = error["column"].as_u64().unwrap() as usize;
            assert!(line >= 1 && line <= lines.len(), "{puzzle}: line {line}");
            assert!(column >= 1 && column <= lines[line - 1].chars().count() + 1, "{puzzle}: column {column}");
            let message = error["message"].as_str().unwrap();
            assert!(!message.contains("Rule::") && !message.contains("rules_"), "{message}");
        }
    }
}

#[test]
fn ascii_explanations_have_no_unicode_drawing() {
    let path = root().join("puzzles/kakao-example.puzzle");
    let report = process(&path, Budget::default(), true);
    let text = render_text(&report, TextOptions { explain: true, ascii: true, ..TextOptions::default() });
    assert!(text.contains("+----") && text.contains("| 1  #  #"), "{text}");
    assert!(!text.contains('┌') && !text.contains('■') && !text.contains('·'), "{text}");
}
