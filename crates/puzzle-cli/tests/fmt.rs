//! `puzzle fmt` and `puzzle new`: snapshots of messy inputs formatted, and the
//! formatter's two laws over every example and random puzzles: formatting keeps
//! the meaning (`parse(fmt(x)) == parse(x)`) and is idempotent.

use std::path::Path;

use proptest::prelude::*;
use puzzle_cli::language::format::format_source;
use puzzle_cli::language::template::{new_game_with_spawns, new_puzzle};
use puzzle_cli::language::{parse, ErrorKind, Game, GameKind};

/// What a file means, without where things are written: the checked puzzle,
/// or the error message.
fn meaning(source: &str) -> String {
    match parse(source) {
        Ok(puzzle) => {
            let (board, queries) = match &puzzle.game {
                Game::Twenty48 { board, queries } => (board.to_string(), format!("{queries:?}")),
                Game::Spawns { board, law, queries } => (format!("{board}{law:?}"), format!("{queries:?}")),
                Game::BlockGame { board, queries } => (board.to_string(), format!("{queries:?}")),
            };
            // Spans differ by layout: compare without them.
            let queries = strip_spans(&queries);
            format!("{:?} {:?}\n{board}{queries}", puzzle.name, puzzle.game.kind())
        }
        Err(errors) => format!("error: {}", errors[0].kind.message()),
    }
}

/// `Debug` text with every `Span { start: .., end: .. }` taken out.
fn strip_spans(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("Span {") {
        out.push_str(&rest[..at]);
        let end = rest[at..].find('}').map_or(rest.len(), |i| at + i + 1);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

fn check_laws(source: &str) -> Result<(), TestCaseError> {
    let Ok(formatted) = format_source(source) else { return Ok(()) };
    prop_assert_eq!(meaning(&formatted), meaning(source), "meaning changed:\n{}\n---\n{}", source, formatted);
    let twice = format_source(&formatted).ok();
    prop_assert_eq!(twice.as_deref(), Some(formatted.as_str()), "not idempotent");
    Ok(())
}

#[test]
fn messy_inputs() {
    insta::glob!("fmt", "*.puzzle", |path| {
        let source = std::fs::read_to_string(path).unwrap();
        let formatted = format_source(&source).unwrap();
        check_laws(&source).unwrap();
        insta::assert_snapshot!(formatted);
    });
}

#[test]
fn a_file_with_a_character_that_shows_as_nothing_is_not_laid_out() {
    // Read as nothing, it joins what is beside it: `game\u{200b}2048` is
    // `game2048`, which a blank laid after `game` made `game 2048`.
    for source in ["game\u{200b}2048\n", "game 2048\nquery max-tile\u{ad}  within 1\n"] {
        let error = format_source(source).unwrap_err();
        assert!(error.kind.message().contains("shows as nothing"), "{source:?}: {}", error.kind.message());
    }
}

#[test]
fn a_file_with_a_look_alike_glued_to_a_word_is_not_laid_out() {
    // The language reads `expect＿` as `expect_`, one word; the grammar ends
    // the keyword where the ASCII does, and a blank laid there parted it.
    for (source, found, meant) in [("expect\u{ff3f}\n", "\u{ff3f}", "_"), ("game\u{ff12}048\n", "\u{ff12}", "2")] {
        let error = format_source(source).unwrap_err();
        assert_eq!(error.kind, ErrorKind::LookAlike { found: found.into(), meant: meant.into() }, "{source:?}");
    }
    // Standing apart from the words, a look-alike is laid out as it is, and
    // the one told is the one glued.
    assert_eq!(format_source("game  \u{ff12}048\n").unwrap(), "game \u{ff12}048\n");
    let error = format_source("game \u{ff12}048\nexpect\u{ff3f}\u{3000}\n").unwrap_err();
    assert_eq!(error.kind, ErrorKind::LookAlike { found: "\u{ff3f}\u{3000}".into(), meant: "_ ".into() });
}

#[test]
fn every_example_keeps_its_meaning() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles");
    insta::glob!(root.as_path(), "**/*.puzzle", |path| {
        if let Ok(source) = std::fs::read_to_string(path) {
            check_laws(&source).unwrap();
        }
    });
}

#[test]
fn the_shipped_examples_are_formatted() {
    // The layout examples (CRLF and tabs) and the invalid ones are exempt.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles");
    for dir in [root.clone(), root.join("reference")] {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|x| x == "puzzle") {
                let source = std::fs::read_to_string(&path).unwrap();
                assert_eq!(format_source(&source).unwrap(), source, "{} is not formatted", path.display());
            }
        }
    }
}

#[test]
fn templates() {
    for (name, game, height, width) in
        [("new-2048", GameKind::Twenty48, 4, 4), ("new-blockgame-3x6", GameKind::BlockGame, 3, 6)]
    {
        let template = new_puzzle(game, height, width);
        let puzzle = parse(&template).unwrap_or_else(|d| panic!("{name} does not parse: {}", d[0].kind.message()));
        assert_eq!(puzzle.game.size(), (height, width));
        assert_eq!(format_source(&template).unwrap(), template, "{name} is formatted");
        insta::assert_snapshot!(name, template);
    }
    // The self-play's tile shrinks as the board grows (its games kept to a
    // second or so: docs/performance.md).
    for (height, width, until) in [(1, 1, 256), (1, 2, 256), (4, 4, 256), (3, 5, 256), (32, 32, 256), (256, 256, 16)] {
        let template = new_game_with_spawns(height, width);
        let puzzle = parse(&template).unwrap_or_else(|d| panic!("{height}x{width}: {}", d[0].kind.message()));
        assert_eq!(puzzle.game.size(), (height, width));
        assert_eq!(format_source(&template).unwrap(), template, "{height}x{width} is formatted");
        let play = template.lines().find(|line| line.starts_with("query play")).unwrap();
        assert!(play.ends_with(&format!(" until {until}")), "{height}x{width}: {play}");
        assert!(template.contains(&format!("# Seeded self-play to a {until} ")), "{height}x{width}");
        if (height, width) == (4, 4) {
            insta::assert_snapshot!("new-2048-spawns", template);
        }
    }
}

/// Cells, good and bad; the last two end in blanks the language does not
/// read (a no-break space, a form feed), errors the formatter must keep.
const WORDS: &[&str] = &["2", "4", ".", "0", "1024", "7", "x", "2\u{a0}", "8\u{c}", "\u{200b}4", "2\u{ad}"];

/// A random puzzle: statements in a random order with random blanks, comments
/// and line ends, so that both valid and invalid meanings are exercised.
fn random_puzzle() -> impl Strategy<Value = String> {
    // A zero-width space between two words joins them, as the language reads it.
    let blank = prop_oneof![Just(" "), Just("  "), Just("\t"), Just(" \t "), Just("\u{200b}")];
    let end = prop_oneof![Just("\n"), Just("\r\n"), Just(" # note\n"), Just("\n\n"), Just("\n# line\n")];
    let row = proptest::collection::vec(0..WORDS.len(), 1..5);
    let statement = prop_oneof![
        Just("name \"a # b \\\" c\"".to_string()),
        Just("game 2048".to_string()),
        Just("game blockgame".to_string()),
        proptest::collection::vec(row, 1..4).prop_map(|rows| {
            let body: String =
                rows.iter().map(|r| r.iter().map(|&i| WORDS[i]).collect::<Vec<_>>().join(" ") + "\n").collect();
            format!("board {{\n{body}}}")
        }),
        (0u32..6).prop_map(|k| format!("query max-tile within {k}")),
        Just("query reach 8 within 3".to_string()),
        Just("query apply L up".to_string()),
        Just("query max-removed".to_string()),
        (0u32..20).prop_map(|n| format!("expect {n}")),
        Just("expect unreachable".to_string()),
        Just("expect board {\n4 .\n}".to_string()),
        // A full-width `_` or `2` glued to a keyword, as the language reads it.
        Just("expect\u{ff3f}".to_string()),
        Just("game\u{ff12}048".to_string()),
    ];
    proptest::collection::vec((statement, blank, end), 1..9).prop_map(|parts| {
        parts.into_iter().map(|(statement, blank, end)| statement.replace(' ', blank) + end).collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_puzzles_keep_their_meaning(source in random_puzzle()) {
        check_laws(&source)?;
    }
}
