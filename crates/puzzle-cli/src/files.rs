//! The inputs of a run: the files named, and every `*.puzzle` below each
//! directory named, in sorted order.

use std::path::{Path, PathBuf};

use crate::answer::Budget;
use crate::report::{process, Failure, FileReport};

/// One thing to report on: a file, or a path that yielded none.
pub enum Input {
    /// A file to read.
    File(PathBuf),
    /// A path that gave no file, and why.
    Nothing(String, String),
}

impl Input {
    /// Reads and answers (or only checks) the input.
    pub fn process(self, budget: Budget, answer: bool) -> FileReport {
        match self {
            Input::File(path) => process(&path, budget, answer),
            Input::Nothing(path, message) => {
                FileReport { path, source: String::new(), outcome: Err(Failure::Unreadable(message)) }
            }
        }
    }
}

/// The files named, with every `*.puzzle` below each directory in sorted order.
pub fn inputs(paths: &[PathBuf]) -> Vec<Input> {
    let mut inputs = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found = Vec::new();
            if let Err(err) = puzzles_below(path, &mut found) {
                inputs.push(Input::Nothing(
                    path.display().to_string(),
                    format!("cannot read `{}`: {err}", path.display()),
                ));
                continue;
            }
            if found.is_empty() {
                inputs.push(Input::Nothing(
                    path.display().to_string(),
                    format!("no `.puzzle` files in `{}` or below it", path.display()),
                ));
            }
            found.sort();
            inputs.extend(found.into_iter().map(Input::File));
        } else {
            inputs.push(Input::File(path.clone()));
        }
    }
    inputs
}

fn puzzles_below(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            puzzles_below(&path, found)?;
        } else if path.extension().is_some_and(|ext| ext == "puzzle") {
            found.push(path);
        }
    }
    Ok(())
}
