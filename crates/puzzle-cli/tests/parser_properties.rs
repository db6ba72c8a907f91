//! Random and mutated `.puzzle` text: the parser never panics, and every error
//! points at a line and column inside the file. (The fuzz targets in fuzz/ push
//! the same property much further; this keeps a bounded dose in every CI run.)

use std::path::Path;

use proptest::prelude::*;
use puzzle_cli::answer::Budget;
use puzzle_cli::diagnostic::line_col;
use puzzle_cli::render::json::render_json;
use puzzle_cli::render::text::{render_text, TextOptions};
use puzzle_cli::report::{process_bytes, Failure};

/// The example files, as seeds to mutate.
fn examples() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles");
    let mut texts = Vec::new();
    for dir in [root.clone(), root.join("invalid")] {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            if path.extension().is_some_and(|x| x == "puzzle") {
                if let Ok(text) = std::fs::read_to_string(&path) {
                    texts.push(text);
                }
            }
        }
    }
    texts
}

/// Pieces that exercise the grammar more than random characters would.
const PIECES: &[&str] = &[
    "name",
    "game",
    "board",
    "query",
    "expect",
    "2048",
    "blockgame",
    "max-tile",
    "within",
    "reach",
    "apply",
    "max-removed",
    "unreachable",
    "{",
    "}",
    "\"",
    "\\",
    "#",
    "\n",
    "\r\n",
    "\r",
    " ",
    "\t",
    ".",
    "0",
    "1",
    "2",
    "3",
    "-",
    "+",
    "L",
    "up",
    "é",
    "💥",
    "18446744073709551616",
    "9223372036854775808",
    "\u{0}",
];

fn check(bytes: Vec<u8>) -> Result<(), TestCaseError> {
    let report = process_bytes("random.puzzle".into(), bytes, Budget { nodes: Some(500), ..Budget::default() }, true);
    let text = render_text(&report, TextOptions::default());
    let json = render_json(&report);
    if let Err(Failure::Invalid(errors)) = &report.outcome {
        prop_assert!(!errors.is_empty());
        prop_assert!(errors.windows(2).all(|pair| pair[0].span.start <= pair[1].span.start), "in source order");
        for (index, error) in errors.iter().enumerate() {
            let (line, column) = line_col(&report.source, error.span.start);
            let lines = report.source.split('\n').count() + report.source.matches('\r').count();
            prop_assert!(line >= 1 && line <= lines.max(1), "line {line} of {lines}");
            prop_assert!(column >= 1);
            prop_assert_eq!(json["errors"][index]["line"].as_u64(), Some(line as u64));
            if index < puzzle_cli::language::MAX_ERRORS {
                prop_assert!(text.contains(&format!("random.puzzle:{line}:{column}")), "{text}");
            }
        }
        prop_assert_eq!(json["error"]["line"].as_u64(), json["errors"][0]["line"].as_u64());
        prop_assert!(!text.contains("Rule::") && !text.contains("rules_2048::"), "{text}");
    }
    Ok(())
}

fn mutated() -> impl Strategy<Value = Vec<u8>> {
    let seeds = examples();
    (
        0..seeds.len(),
        proptest::collection::vec((any::<prop::sample::Index>(), 0usize..4, 0..PIECES.len(), any::<u8>()), 1..6),
    )
        .prop_map(move |(seed, edits)| {
            let mut bytes = seeds[seed].clone().into_bytes();
            for (at, kind, piece, byte) in edits {
                let at = at.index(bytes.len() + 1);
                match kind {
                    0 => {
                        bytes.splice(at..at, PIECES[piece].bytes());
                    }
                    1 if at < bytes.len() => {
                        let end = (at + 1 + byte as usize % 8).min(bytes.len());
                        bytes.drain(at..end);
                    }
                    2 if at < bytes.len() => bytes[at] = byte,
                    _ => bytes.insert(at.min(bytes.len()), byte),
                }
            }
            bytes
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_pieces_never_panic(pieces in proptest::collection::vec(0..PIECES.len(), 0..60)) {
        let text: String = pieces.into_iter().map(|i| PIECES[i]).collect::<Vec<_>>().join(" ");
        check(text.into_bytes())?;
    }

    #[test]
    fn mutated_examples_never_panic(bytes in mutated()) {
        check(bytes)?;
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        check(bytes)?;
    }
}
