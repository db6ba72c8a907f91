//! Loads the reference cases for the rules crates' differential tests: the copy
//! vendored beside this file, and, when the shared folder sits beside the
//! repository (as in CI), every `*.jsonl` file of its `cases/`.

use std::path::{Path, PathBuf};

use serde_json::Value;

fn case_files() -> Vec<PathBuf> {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = vec![here.join("tests/data/cases/visible.jsonl")];
    if let Ok(entries) = std::fs::read_dir(here.join("../shared/cases")) {
        let mut shared: Vec<PathBuf> =
            entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "jsonl")).collect();
        shared.sort();
        files.extend(shared);
    }
    files
}

/// Every case of `game` (`"2048"` or `"blockgame"`), in file order.
pub fn reference_cases(game: &str) -> Vec<Value> {
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
