//! Every file under puzzles/ is a snapshot case: the text report of a valid
//! puzzle, the diagnostic of an invalid one. Adding a case is adding a file
//! (then `cargo insta review`).

use std::path::Path;

use puzzle_cli::answer::Budget;
use puzzle_cli::render::json::render_json;
use puzzle_cli::render::text::{render_text, TextOptions};
use puzzle_cli::report::process;

fn workspace_relative(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap();
    path.canonicalize().unwrap().strip_prefix(&root).unwrap().display().to_string()
}

#[test]
fn reports() {
    insta::glob!("../../../puzzles", "**/*.puzzle", |path| {
        let mut report = process(path, Budget::default(), true);
        report.path = workspace_relative(path);
        let text = render_text(&report, TextOptions::default());
        let invalid = path.to_string_lossy().contains("invalid");
        // Valid examples must hold every expectation; invalid ones must fail to parse.
        assert_eq!(report.status().exit_code(), if invalid { 2 } else { 0 }, "{text}");
        insta::assert_snapshot!(text);
    });
}

#[test]
fn every_diagnostic_points_inside_its_file() {
    insta::glob!("../../../puzzles/invalid", "*.puzzle", |path| {
        let report = process(path, Budget::default(), true);
        let json = render_json(&report);
        let line = json["error"]["line"].as_u64().unwrap() as usize;
        let column = json["error"]["column"].as_u64().unwrap() as usize;
        let lines: Vec<&str> = report.source.split('\n').collect();
        assert!(line >= 1 && line <= lines.len(), "{}: line {line}", path.display());
        assert!(column >= 1 && column <= lines[line - 1].chars().count() + 1, "{}: column {column}", path.display());
        let message = json["error"]["message"].as_str().unwrap();
        assert!(!message.contains("Rule::") && !message.contains("rules_"), "{message}");
    });
}

#[test]
fn explanations() {
    insta::glob!("../../../puzzles", "**/*.puzzle", |path| {
        if path.to_string_lossy().contains("invalid") {
            return;
        }
        let mut report = process(path, Budget::default(), true);
        report.path = workspace_relative(path);
        let explained = render_text(&report, TextOptions { explain: true, ..TextOptions::default() });
        insta::assert_snapshot!(explained);
    });
}

#[test]
fn ascii_explanations_have_no_unicode_drawing() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/kakao-example.puzzle");
    let report = process(&path, Budget::default(), true);
    let text = render_text(&report, TextOptions { explain: true, ascii: true, ..TextOptions::default() });
    assert!(text.contains("+----") && text.contains("| 1  #  #"), "{text}");
    assert!(!text.contains('┌') && !text.contains('■') && !text.contains('·'), "{text}");
}
