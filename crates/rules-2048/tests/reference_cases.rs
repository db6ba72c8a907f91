//! Differential test: every 2048 case of the shared reference set, answered by
//! independent solvers, must get the same answer here, and our witness must
//! replay to it. The set is vendored in tests/data/cases; when the shared
//! folder sits beside the repository (as in CI), its cases are checked too.

use std::path::{Path, PathBuf};

use grid_core::Direction;
use rules_2048::{apply, max_tile, Board, Proof};
use serde_json::Value;

fn case_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = vec![root.join("tests/data/cases/visible.jsonl")];
    if let Ok(entries) = std::fs::read_dir(root.join("../shared/cases")) {
        let mut shared: Vec<PathBuf> =
            entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "jsonl")).collect();
        shared.sort();
        files.extend(shared);
    }
    files
}

fn cases(game: &str) -> Vec<Value> {
    let mut cases = Vec::new();
    for file in case_files() {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let case: Value = serde_json::from_str(line).unwrap();
            if case["game"] == game {
                cases.push(case);
            }
        }
    }
    cases
}

#[test]
fn every_2048_reference_case() {
    let cases = cases("2048");
    assert!(cases.len() >= 31, "the vendored set alone has 31 cases");
    for case in cases {
        let id = case["id"].as_str().unwrap();
        let rows: Vec<Vec<u64>> = serde_json::from_value(case["board"].clone()).unwrap();
        let k = case["moves"].as_u64().unwrap() as usize;
        let start = Board::from_rows(rows).unwrap();
        let answer = max_tile(&start, k).unwrap();
        assert_eq!(answer.proof, Proof::Exact, "{id}");
        assert_eq!(answer.tile, case["answer"].as_u64().unwrap(), "{id}: answer");
        assert!(answer.moves.len() <= k, "{id}: too many moves");
        assert_eq!(apply(&start, &answer.moves).unwrap().max_tile(), answer.tile, "{id}: our witness replays");

        let witness: Vec<Direction> =
            case["witness"].as_str().unwrap().chars().map(|c| Direction::parse(&c.to_string()).unwrap()).collect();
        assert_eq!(apply(&start, &witness).unwrap().max_tile(), answer.tile, "{id}: their witness replays");
        if k <= 7 {
            assert_eq!(answer.moves.len(), witness.len(), "{id}: a shortest witness");
        } else {
            assert!(answer.moves.len() <= witness.len(), "{id}: ours is no longer than theirs");
        }
    }
}
