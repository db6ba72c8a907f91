//! The README's sessions are what the command prints: each ```console block's
//! `$ puzzle ARGS` is run from the repository's root and its output
//! (diagnostics then the report, as a terminal shows them, without colour)
//! compared line by line with the block, times and rates aside. A block whose
//! last line is `…` shows only the beginning of the output. Every puzzle the
//! README and docs/format.md show holds its `expect`s, and one shown as a
//! file is that file.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Each session of the README: the command's arguments and the lines shown.
fn sessions(readme: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let mut found = Vec::new();
    let mut rest = readme;
    while let Some(start) = rest.find("```console\n") {
        let block = &rest[start + "```console\n".len()..];
        let end = block.find("```").expect("a console block ends");
        let mut lines = block[..end].lines();
        let command = lines.next().expect("a session starts with its command");
        let args = command.strip_prefix("$ puzzle ").unwrap_or_else(|| panic!("not a `puzzle` command: {command}"));
        found.push((args.split_whitespace().map(String::from).collect(), lines.map(String::from).collect()));
        rest = &block[end..];
    }
    found
}

/// A line with its times and rates cut off: what a search prints before
/// ` in 0.001 s`, and a rate's label only.
fn untimed(line: &str) -> &str {
    if line.contains(" a second") {
        return match line.find(" in ") {
            Some(cut) => &line[..cut],
            None => &line[..line.find(':').map_or(line.len(), |colon| colon + 1)],
        };
    }
    line
}

#[test]
fn every_session_in_the_readme_is_what_the_command_prints() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let sessions = sessions(&readme);
    assert!(sessions.len() >= 4, "the README's sessions were not found");
    for (args, shown) in sessions {
        let output = Command::new(env!("CARGO_BIN_EXE_puzzle"))
            .args(&args)
            .current_dir(root())
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let printed = String::from_utf8(output.stderr).unwrap() + &String::from_utf8(output.stdout).unwrap();
        let printed: Vec<&str> = printed.lines().collect();
        let (shown, whole) = match shown.split_last() {
            Some((last, beginning)) if last.trim() == "…" => (beginning, false),
            _ => (&shown[..], true),
        };
        let session = format!("$ puzzle {}", args.join(" "));
        if whole {
            assert_eq!(printed.len(), shown.len(), "{session}: the README shows\n{}", shown.join("\n"));
        }
        for (number, (printed, shown)) in printed.iter().zip(shown).enumerate() {
            assert_eq!(untimed(printed), untimed(shown), "{session}, line {}", number + 1);
        }
    }
}

#[test]
fn a_session_is_its_command_and_its_lines() {
    let readme =
        "text\n```console\n$ puzzle run a.puzzle --explain\none\ntwo\n```\nmore\n```console\n$ puzzle check b\n```\n";
    let found = sessions(readme);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].0, ["run", "a.puzzle", "--explain"]);
    assert_eq!(found[0].1, ["one", "two"]);
    assert_eq!(found[1], (vec!["check".to_string(), "b".to_string()], vec![]));
    assert_eq!(
        untimed("    searched: depth 3, 4148 nodes in 0.417 ms, 10.0 M nodes a second"),
        "    searched: depth 3, 4148 nodes"
    );
    assert_eq!(untimed("    speed: 849301 moves a second"), "    speed:");
    assert_eq!(untimed("    moves: 454 / 490 / 642"), "    moves: 454 / 490 / 642");
}

/// Each puzzle the README shows (a plain ``` block with a `game` line), and
/// the file it says it is (`` `puzzles/x.puzzle`: `` on the line before).
fn puzzles_shown(readme: &str) -> Vec<(String, Option<String>)> {
    let mut found = Vec::new();
    let mut before = "";
    let mut lines = readme.lines();
    while let Some(line) = lines.next() {
        if line.starts_with("```") {
            let block: Vec<&str> = lines.by_ref().take_while(|line| *line != "```").collect();
            // A block of another language (```sh, ```console) is no puzzle.
            if line == "```" && block.iter().any(|line| line.starts_with("game ")) {
                let file = before.strip_prefix('`').and_then(|rest| rest.strip_suffix("`:")).map(String::from);
                found.push((block.join("\n") + "\n", file));
            }
        }
        if !line.trim().is_empty() {
            before = line;
        }
    }
    found
}

#[test]
fn every_puzzle_in_the_readme_and_the_format_holds_its_expectations_and_is_its_file() {
    let read = |doc: &str| std::fs::read_to_string(root().join(doc)).unwrap();
    let shown: Vec<_> = ["README.md", "docs/format.md"].iter().flat_map(|doc| puzzles_shown(&read(doc))).collect();
    assert!(shown.len() >= 4, "the documents' puzzles were not found");
    for (text, file) in shown {
        if let Some(file) = file {
            assert_eq!(std::fs::read_to_string(root().join(&file)).unwrap(), text, "the README shows {file}");
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle"))
            .args(["run", "-"])
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), text.as_bytes()).unwrap();
        let output = child.wait_with_output().unwrap();
        let report = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(0), "a puzzle of the README:\n{text}\n{report}");
    }
}

/// The README's Rust example, as it shows it (between the markers), run.
#[test]
fn the_readmes_rust_example_runs() -> Result<(), Box<dyn std::error::Error>> {
    // README example begins
    use rules_2048::{max_tile, Board};

    let board: Board = "2 2 2 / 4 4 4 / 8 8 8".parse()?; // the .puzzle row syntax, `/` between rows
    let answer = max_tile(&board, 5)?;
    assert_eq!(answer.tile, 16); // answer.moves is one shortest witness

    // The game with spawns: the exact chance, the engine, seeded self-play.
    let law = rules_2048::SpawnLaw::classic();
    let start: Board = "2 . / . 2".parse()?;
    assert!((rules_2048::chance(&start, &law, 4, 1)?.probability - 0.1).abs() < 1e-12);
    let engine = rules_2048::best_move(&start, &law, &rules_2048::EngineOptions::default())?;
    assert!(engine.choice.is_some()); // engine.analysis: each legal move's value

    let blocks: rules_blockgame::Board = ". 7 . / 7 7 7".parse()?;
    assert_eq!(rules_blockgame::solve(&blocks).removed_ids(), [7]);
    // README example ends
    Ok(())
}

#[test]
fn the_readmes_rust_example_is_the_one_run_here() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let start = readme.find("```rust\n").expect("the README has a Rust example") + "```rust\n".len();
    let shown = &readme[start..start + readme[start..].find("```").unwrap()];
    let here = include_str!("readme.rs");
    let begin = here.find("// README example begins\n").unwrap() + "// README example begins\n".len();
    let run = &here[begin..here.find("    // README example ends").unwrap()];
    let unindented: String =
        run.lines().map(|line| line.strip_prefix("    ").unwrap_or(line).to_string() + "\n").collect();
    // rustfmt aligns comments its own way: spacing aside.
    let spaced = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(spaced(&unindented), spaced(shown));
}
