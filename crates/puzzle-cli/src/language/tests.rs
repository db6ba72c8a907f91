//! What files mean, and the kind of error each mistake is: one case a test.

use rules_2048::TileError;

use crate::diagnostic::Span;
use crate::limits;

use super::*;

/// The puzzle a text means, in one line: name, game, board rows (`/`), and
/// each query with its expect; or the error's message.
fn meaning(source: &str) -> String {
    let puzzle = match parse(source) {
        Ok(puzzle) => puzzle,
        Err(errors) => return format!("error: {}", errors[0].kind.message()),
    };
    fn queries<Q, E: std::fmt::Debug>(items: &[Item<Q, E>], text: impl Fn(&Q) -> String) -> Vec<String> {
        items
            .iter()
            .map(|item| match &item.expect {
                Some((expect, _)) => format!("{} => {expect:?}", text(&item.query)),
                None => text(&item.query),
            })
            .collect()
    }
    let (rows, queries): (Vec<String>, Vec<String>) = match &puzzle.game {
        Game::Twenty48 { board, queries: items } => {
            (board.values().rows().map(|r| format!("{r:?}")).collect(), queries(items, Query2048::text))
        }
        Game::Spawns { board, queries: items, .. } => {
            (board.values().rows().map(|r| format!("{r:?}")).collect(), queries(items, SpawnQuery::text))
        }
        Game::BlockGame { board, queries: items } => {
            (board.ids().rows().map(|r| format!("{r:?}")).collect(), queries(items, BlockQuery::text))
        }
    };
    format!("{:?} {} {} | {}", puzzle.name, puzzle.game.kind().name(), rows.join("/"), queries.join("; "))
}

fn check(source: &str, expected: &str) {
    assert_eq!(meaning(source), expected, "{source:?}");
}

/// The kind of the first error `source` holds.
fn error_kind(source: &str) -> ErrorKind {
    error_kinds(source).swap_remove(0)
}

/// The kinds of every error `source` holds, in source order.
fn error_kinds(source: &str) -> Vec<ErrorKind> {
    match parse(source) {
        Ok(_) => panic!("{source:?} parsed"),
        Err(errors) => errors.into_iter().map(|error| error.kind).collect(),
    }
}

const BOARD_2048: &str = "game 2048\nboard {\n  2 2\n}\n";

#[test]
fn dot_and_zero_are_empty_and_tiles_go_up_to_2_to_the_63() {
    check(
        "game 2048\nboard {\n  0 . 9223372036854775808\n}\nquery max-tile within 0\n",
        "None 2048 [0, 0, 9223372036854775808] | max-tile within 0",
    );
}

#[test]
fn an_expect_may_stand_apart_from_its_query() {
    check(
        "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n\n# the answer:\n\nexpect 4\n",
        "None 2048 [2, 2] | max-tile within 1 => Number(4)",
    );
}

#[test]
fn a_name_has_two_escapes_and_no_comment() {
    check(
        "name \"a \\\"b\\\" \\\\ # c\"\ngame blockgame\nboard {\n  1\n}\nquery max-removed\n",
        "Some(\"a \\\"b\\\" \\\\ # c\") blockgame [1] | max-removed",
    );
}

#[test]
fn header_statements_come_in_any_order_with_crlf_and_tabs() {
    check("board {\r\n\t2\t4\r\n}\r\ngame 2048\r\nquery apply up L Right d\r\n", "None 2048 [2, 4] | apply U L R D");
}

#[test]
fn reach_takes_any_target_and_unreachable() {
    check(
        "game 2048\nboard {\n  2\n}\nquery reach 100 within 3\nexpect unreachable\n",
        "None 2048 [2] | reach 100 within 3 => Unreachable",
    );
}

#[test]
fn block_ids_need_not_be_consecutive() {
    check(
        "game blockgame\nboard {\n  . 7 .\n  7 7 7\n  40 40 40\n}\nquery max-removed\nexpect 2\n",
        "None blockgame [0, 7, 0]/[7, 7, 7]/[40, 40, 40] | max-removed => Number(2)",
    );
}

#[test]
fn keywords_are_lower_case() {
    let suggestion = Some(Suggestion { word: "game", case_only: true });
    let found = Found::Word("Game".into());
    assert_eq!(error_kind("Game 2048\n"), ErrorKind::ExpectedStatement { found, glued: None, suggestion });
}

#[test]
fn a_keyword_stands_apart_from_its_value() {
    let glued = Some(("game", "2048".to_string()));
    let found = Found::Word("game2048".into());
    assert_eq!(error_kind("game2048\n"), ErrorKind::ExpectedStatement { found, glued, suggestion: None });
    // A longer word that starts like a keyword is a misspelling, not a value
    // glued to it.
    let suggestion = Some(Suggestion { word: "game", case_only: false });
    let found = Found::Word("games".into());
    assert_eq!(error_kind("games 2048\n"), ErrorKind::ExpectedStatement { found, glued: None, suggestion });
    // Each kind of value a keyword may be glued to.
    for (line, keyword, value) in [
        ("gameblockgame", "game", "blockgame"),
        ("querybest-move", "query", "best-move"),
        ("spawnsclassic", "spawns", "classic"),
        ("expectunreachable", "expect", "unreachable"),
        ("expectnone", "expect", "none"),
        ("expect4096", "expect", "4096"),
    ] {
        match error_kind(&format!("{line}\n")) {
            ErrorKind::ExpectedStatement { glued, .. } => {
                assert_eq!(glued, Some((keyword, value.to_string())), "{line}")
            }
            other => panic!("{line}: {other:?}"),
        }
    }
}

#[test]
fn a_separator_after_a_keyword_is_told_and_the_statement_read_without_it() {
    let separator =
        |keyword, separator: &str| ErrorKind::SeparatorAfterKeyword { keyword, separator: separator.into() };
    // The file, then every error it holds: the statement is read as if the
    // separator were a blank, so nothing else is told of it.
    let cases = [
        ("game: 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n", vec![separator("game", ":")]),
        ("game:2048\nboard {\n  2 2\n}\nquery max-tile within 1\n", vec![separator("game", ":")]),
        ("name := \"x\"\ngame 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n", vec![separator("name", ":=")]),
        ("game 2048\nboard = {\n  2 2\n}\nquery max-tile within 1\n", vec![separator("board", "=")]),
        (
            "game 2048\nboard {\n  2 2\n}\nquery: max-tile within 1\nexpect == 4\n",
            vec![separator("query", ":"), separator("expect", "==")],
        ),
        (
            "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\nexpect: X\n",
            vec![separator("expect", ":"), ErrorKind::ImpossibleExpect { text: "X".into(), query: QueryKind::MaxTile }],
        ),
        ("game 2048\nspawns= classic\nboard {\n  2 2\n}\nquery best-move\n", vec![separator("spawns", "=")]),
        ("game 2048\nboard {\n  2 2\n}\nquery apply L\nexpect: board {\n  4 .\n}\n", vec![separator("expect", ":")]),
    ];
    for (source, kinds) in cases {
        assert_eq!(error_kinds(source), kinds, "{source}");
    }
    // Told at the separator itself.
    let errors = parse("game 2048\nboard = {\n  2 2\n}\nquery max-tile within 1\n").unwrap_err();
    assert_eq!(errors[0].span, Span::new(16, 17));
}

#[test]
fn a_tile_past_2_to_the_63() {
    let source = "game 2048\nboard {\n  18446744073709551616\n}\nquery max-tile within 1\n";
    let text = "18446744073709551616".to_string();
    assert_eq!(error_kind(source), ErrorKind::NotATile { text, error: TileError::TooLarge });
}

#[test]
fn a_tile_that_is_not_a_power_of_two() {
    let source = "game 2048\nboard {\n  2 3\n}\nquery max-tile within 1\n";
    assert_eq!(error_kind(source), ErrorKind::NotATile { text: "3".into(), error: TileError::NotAPowerOfTwo });
}

#[test]
fn a_query_of_the_other_game() {
    let source = "game blockgame\nboard {\n  1\n}\nquery apply L\n";
    assert_eq!(error_kind(source), ErrorKind::QueryOfOtherGame { query: QueryKind::Apply, game: GameKind::BlockGame });
}

#[test]
fn an_unknown_game() {
    assert_eq!(error_kind("game chess\n"), ErrorKind::UnknownGame { word: "chess".into(), suggestion: None });
}

#[test]
fn a_ragged_row() {
    let source = "game 2048\nboard {\n  2 2\n  2\n}\nquery max-tile within 1\n";
    assert_eq!(error_kind(source), ErrorKind::RaggedRow { cells: 1, first: 2 });
}

#[test]
fn a_board_s_shape_is_told_where_it_goes_wrong() {
    // (source, what is underlined): a row too short, all of it; a row too
    // long, from its first cell too many; an empty or too large board, its
    // opening brace.
    let wide = format!("game 2048\nboard {{\n  {}\n}}\n", vec!["."; 257].join(" "));
    for (source, underlined) in [
        ("game 2048\nboard {\n  2 2 2\n  4 4\n}\n", "4 4"),
        ("game 2048\nboard {\n  2 2\n  4 4 8 16\n}\n", "8 16"),
        ("game 2048\nboard {\n}\n", "{"),
        (&wide, "{"),
    ] {
        let errors = parse(source).unwrap_err();
        assert_eq!(&source[errors[0].span.start..errors[0].span.end], underlined, "{:?}", errors[0].kind);
    }
    // A syntax error underlines the word it found.
    let source = "gmae 2048\n";
    let span = parse(source).unwrap_err()[0].span;
    assert_eq!(&source[span.start..span.end], "gmae");
    // A cell cut out of a word at its separators keeps its own place.
    let source = "game 2048\nboard {\n  [2,2,3]\n}\nquery max-tile within 1\n";
    let not_a_tile: Vec<&str> = parse(source)
        .unwrap_err()
        .iter()
        .filter(|error| matches!(error.kind, ErrorKind::NotATile { .. }))
        .map(|error| &source[error.span.start..error.span.end])
        .collect();
    assert_eq!(not_a_tile, ["3"]);
}

#[test]
fn a_statement_given_twice() {
    let source = "game 2048\ngame 2048\n";
    assert_eq!(error_kind(source), ErrorKind::GivenTwice { keyword: HeaderKeyword::Game });
    // The help fits the statement: a second board goes to a file of its
    // own, a second name does not.
    let help = |keyword| ErrorKind::GivenTwice { keyword }.help().unwrap();
    assert!(help(HeaderKeyword::Board).contains("put other boards in their own files"));
    assert!(!help(HeaderKeyword::Name).contains("boards"), "{}", help(HeaderKeyword::Name));
    assert!(!help(HeaderKeyword::Spawns).contains("boards"), "{}", help(HeaderKeyword::Spawns));
}

#[test]
fn a_board_after_a_query() {
    let source = format!("{BOARD_2048}query max-tile within 1\nboard {{\n  2\n}}\n");
    assert_eq!(error_kind(&source), ErrorKind::AfterQuery { keyword: HeaderKeyword::Board });
}

#[test]
fn an_expect_before_any_query() {
    assert_eq!(error_kind(&format!("{BOARD_2048}expect 4\n")), ErrorKind::ExpectBeforeQuery);
}

#[test]
fn a_second_expect() {
    let source = format!("{BOARD_2048}query max-tile within 1\nexpect 4\nexpect 4\n");
    assert_eq!(error_kind(&source), ErrorKind::ExpectTwice);
}

#[test]
fn queries_past_the_limit_are_told_once_with_their_count() {
    let queries = "query max-tile within 1\nexpect 4\n".repeat(limits::MAX_QUERIES + 2500);
    let source = format!("{BOARD_2048}{queries}gmae 2048\n");
    let errors = match parse(&source) {
        Ok(_) => panic!("parsed"),
        Err(errors) => errors,
    };
    let kinds: Vec<&ErrorKind> = errors.iter().map(|error| &error.kind).collect();
    // The mistake after them is still told, and no `expect` of theirs is a second one.
    assert!(
        matches!(kinds[..], [ErrorKind::TooManyQueries { queries: 3500 }, ErrorKind::ExpectedStatement { .. }]),
        "{kinds:?}"
    );
    let first_past = source.match_indices("query").nth(limits::MAX_QUERIES).unwrap().0;
    assert_eq!(errors[0].span, Span::new(first_past, first_past + "query".len()));
    // At the limit, every query is kept.
    let queries = "query max-tile within 1\n".repeat(limits::MAX_QUERIES);
    assert!(parse(&format!("{BOARD_2048}{queries}")).is_ok());
}

#[test]
fn k_past_the_limit() {
    let source = format!("{BOARD_2048}query max-tile within 201\n");
    assert_eq!(error_kind(&source), ErrorKind::MovesTooMany { text: "201".into() });
}

#[test]
fn k_at_the_limit() {
    let source = format!("{BOARD_2048}query max-tile within 200\n");
    assert!(parse(&source).is_ok());
}

#[test]
fn a_negative_k() {
    let source = format!("{BOARD_2048}query max-tile within -1\n");
    assert_eq!(error_kind(&source), ErrorKind::MovesNegative { text: "-1".into() });
}

#[test]
fn a_target_of_zero() {
    assert_eq!(error_kind(&format!("{BOARD_2048}query reach 0 within 1\n")), ErrorKind::TargetZero);
}

#[test]
fn an_unknown_move() {
    let source = format!("{BOARD_2048}query apply L X\n");
    assert_eq!(error_kind(&source), ErrorKind::UnknownMove { text: "X".into(), suggestion: None });
}

#[test]
fn an_expected_board_of_another_size() {
    let source = format!("{BOARD_2048}query apply L\nexpect board {{\n  4\n}}\n");
    assert_eq!(error_kind(&source), ErrorKind::ExpectedBoardSize { found: (1, 1), board: (1, 2) });
}

#[test]
fn a_number_after_apply() {
    let source = format!("{BOARD_2048}query apply L\nexpect 4\n");
    assert_eq!(error_kind(&source), ErrorKind::ApplyExpectsBoard { text: "4".into() });
}

#[test]
fn unreachable_after_max_tile() {
    let source = format!("{BOARD_2048}query max-tile within 1\nexpect unreachable\n");
    let kind = ErrorKind::ImpossibleExpect { text: "unreachable".into(), query: QueryKind::MaxTile };
    assert_eq!(error_kind(&source), kind);
}

#[test]
fn a_split_block() {
    let source = "game blockgame\nboard {\n  1 .\n  . 1\n}\nquery max-removed\n";
    assert_eq!(error_kind(source), ErrorKind::BlockSplit { id: 1, pieces: vec![vec![(0, 0)], vec![(1, 1)]] });
}

#[test]
fn an_unclosed_board() {
    assert_eq!(error_kind("game 2048\nboard {\n  2 2\n"), ErrorKind::BoardNotClosed);
}

#[test]
fn an_unclosed_name() {
    assert_eq!(error_kind("name \"open\n"), ErrorKind::NameNotClosed);
}

#[test]
fn a_file_of_comments_only() {
    assert_eq!(error_kind("# nothing\n"), ErrorKind::NoStatements);
}

#[test]
fn a_file_without_a_query() {
    assert_eq!(error_kind(BOARD_2048), ErrorKind::NoQuery { game: GameKind::Twenty48 });
}

#[test]
fn a_position_to_play_needs_no_query_but_is_checked_as_a_whole() {
    let spawns = "game 2048\nspawns classic\nboard {\n  2 .\n}\n";
    assert!(matches!(parse_position(spawns), Ok(Puzzle { game: Game::Spawns { .. }, .. })));
    assert!(matches!(parse_position(BOARD_2048), Ok(Puzzle { game: Game::Twenty48 { .. }, .. })));
    let kinds = |source: &str| parse_position(source).err().map(|errors| errors.into_iter().map(|e| e.kind).collect());
    let not_a_tile = ErrorKind::NotATile { text: "3".into(), error: TileError::NotAPowerOfTwo };
    assert_eq!(kinds("game 2048\nboard {\n  2 3\n}\n"), Some(vec![not_a_tile]));
    assert_eq!(kinds("game 2048\n"), Some(vec![ErrorKind::NoBoard]));
}

/// A file with a 4 × `width` board of empty cells and one `apply` of `moves` moves.
fn apply_on_four_rows(width: usize, moves: usize) -> String {
    let row = vec!["."; width].join(" ");
    let rows = vec![row; 4].join("\n  ");
    format!("game 2048\nboard {{\n  {rows}\n}}\nquery apply {}\n", vec!["L"; moves].join(" "))
}

#[test]
fn the_apply_work_limit_is_moves_times_cells() {
    // 100,000 moves × 1,000 cells is the limit itself; 1,004 cells pass it.
    assert!(parse(&apply_on_four_rows(250, 100_000)).is_ok());
    let kind = ErrorKind::ApplyTooMuchWork { moves: 100_000, height: 4, width: 251 };
    assert_eq!(error_kind(&apply_on_four_rows(251, 100_000)), kind);
    // The help says how many moves fit on this board.
    assert_eq!(
        kind.help().unwrap(),
        "an `apply` may move at most 100000000 cells in all (moves × cells): 99601 moves on a 4×251 board; split \
         the sequence over several puzzles, each starting from the board the one before ends on"
    );
}

#[test]
fn the_apply_move_limit() {
    assert_eq!(error_kind(&apply_on_four_rows(1, 100_001)), ErrorKind::TooManyMoves { moves: 100_001 });
}

#[test]
fn the_side_limit() {
    let board = |height: usize, width: usize| {
        let row = vec!["."; width].join(" ");
        format!("game 2048\nboard {{\n{}}}\nquery max-tile within 1\n", format!("  {row}\n").repeat(height))
    };
    assert!(parse(&board(1, 256)).is_ok());
    assert!(parse(&board(256, 1)).is_ok());
    assert_eq!(error_kind(&board(1, 257)), ErrorKind::BoardTooLarge { height: 1, width: 257 });
    assert_eq!(error_kind(&board(257, 1)), ErrorKind::BoardTooLarge { height: 257, width: 1 });
}

#[test]
fn a_misspelt_keyword_gets_a_suggestion() {
    let suggestion = Some(Suggestion { word: "game", case_only: false });
    let found = Found::Word("gmae".into());
    assert_eq!(error_kind("gmae 2048\n"), ErrorKind::ExpectedStatement { found, glued: None, suggestion });
}

#[test]
fn a_misspelt_query_gets_a_suggestion() {
    let suggestion = Some(Suggestion { word: "max-tile", case_only: false });
    let source = format!("{BOARD_2048}query max-tiles within 3\n");
    assert_eq!(error_kind(&source), ErrorKind::ExpectedQuery { found: Found::Word("max-tiles".into()), suggestion });
}

#[test]
fn a_game_in_capitals_is_told_names_are_lower_case() {
    let suggestion = Some(Suggestion { word: "blockgame", case_only: true });
    assert_eq!(error_kind("game Blockgame\n"), ErrorKind::UnknownGame { word: "Blockgame".into(), suggestion });
}

#[test]
fn a_misspelt_move_gets_a_suggestion() {
    let suggestion = Some(Suggestion { word: "left", case_only: false });
    let source = format!("{BOARD_2048}query apply lefr\n");
    assert_eq!(error_kind(&source), ErrorKind::UnknownMove { text: "lefr".into(), suggestion });
}

#[test]
fn a_broken_or_missing_board_hides_none_of_its_queries_mistakes() {
    let spawns = "game 2048\nspawns classic\nboard {\n  2 2 }\n";
    let cases = [
        (
            "game 2048\nboard { 2 2 }\nquery apply LURD\n",
            vec![
                ErrorKind::RowOnOpeningLine { found: Found::Word("2".into()) },
                ErrorKind::MovesTogether { text: "LURD".into(), written: "L U R D".into() },
            ],
        ),
        (
            &*format!("{spawns}query chance 4 within 300\nquery best-move depth 0\nexpect board {{\n  2\n}}\n"),
            vec![
                ErrorKind::BraceOnRow,
                ErrorKind::MovesTooMany { text: "300".into() },
                ErrorKind::OptionValue { option: "depth", found: Found::Word("0".into()) },
                ErrorKind::OnlyApplyExpectsBoard { query: QueryKind::BestMove },
            ],
        ),
        (
            "game blockgame\nboard {\n  1 1 }\nquery max-removed\nexpect x\n",
            vec![ErrorKind::BraceOnRow, ErrorKind::ImpossibleExpect { text: "x".into(), query: QueryKind::MaxRemoved }],
        ),
        (
            "game 2048\nquery apply X\n",
            vec![ErrorKind::NoBoard, ErrorKind::UnknownMove { text: "X".into(), suggestion: None }],
        ),
    ];
    for (source, kinds) in cases {
        assert_eq!(error_kinds(source), kinds, "{source}");
    }
}

#[test]
fn a_file_of_the_largest_size_is_read_and_one_byte_more_is_not() {
    let valid = format!("{BOARD_2048}query max-tile within 1\n# ");
    let padded = |bytes: usize| format!("{valid}{}\n", "x".repeat(bytes - valid.len() - 1));
    assert!(parse(&padded(limits::MAX_FILE_BYTES)).is_ok());
    let too_large = ErrorKind::FileTooLarge { bytes: limits::MAX_FILE_BYTES + 1 };
    assert_eq!(error_kinds(&padded(limits::MAX_FILE_BYTES + 1)), [too_large]);
}

#[test]
fn the_expect_of_a_broken_query_is_its_not_the_query_s_before() {
    let value_of = |query| ErrorKind::ExpectedValue { found: Found::EndOfLine, of: Some(ValueOf::Query(query)) };
    let cases = [
        // Neither is read against `max-tile`: not as its answer, not as its second.
        (
            "query max-tile within 2\nquery apply\nexpect board {\n  4 .\n}\nquery reach 4 within\nexpect 1\n",
            vec![value_of(QueryKind::Apply), value_of(QueryKind::Reach)],
        ),
        // Cut short, it is shown the broken query's answer.
        (
            "query max-tile within 2\nquery reach 4 within\nexpect\n",
            vec![
                value_of(QueryKind::Reach),
                ErrorKind::ExpectedAnswer { found: Found::EndOfLine, query: Some(QueryKind::Reach) },
            ],
        ),
        // A query of no kind at all keeps its `expect` too.
        (
            "query apply L\nquery\nexpect 4\n",
            vec![ErrorKind::ExpectedQuery { found: Found::EndOfLine, suggestion: None }],
        ),
        // A query kept again takes its own.
        (
            "query apply\nquery apply L\nexpect 4\n",
            vec![value_of(QueryKind::Apply), ErrorKind::ApplyExpectsBoard { text: "4".into() }],
        ),
    ];
    for (queries, kinds) in cases {
        assert_eq!(error_kinds(&format!("{BOARD_2048}{queries}")), kinds, "{queries}");
    }
}

#[test]
fn cells_separated_by_commas_are_told_once_a_row_and_read_as_meant() {
    let apart = |row: &str, written: &str| ErrorKind::CellsNotApart { row: row.into(), written: written.into() };
    // The rows, then every error: the cells are read as meant, so a bad
    // tile or a ragged row among them is told too.
    let cases = [
        ("  2,2\n  4,4\n", vec![apart("2,2", "2 2"), apart("4,4", "4 4")]),
        ("  [2, 2],\n  [4, 4]\n", vec![apart("[2, 2],", "2 2"), apart("[4, 4]", "4 4")]),
        (
            "  2, 3\n  4 4\n",
            vec![apart("2, 3", "2 3"), ErrorKind::NotATile { text: "3".into(), error: TileError::NotAPowerOfTwo }],
        ),
        ("  2, 2\n  4 4 4\n", vec![apart("2, 2", "2 2"), ErrorKind::RaggedRow { cells: 3, first: 2 }]),
        ("  [\n  2 2\n  ]\n", vec![apart("[", ""), apart("]", "")]),
    ];
    for (rows, kinds) in cases {
        let source = format!("game 2048\nboard {{\n{rows}}}\nquery max-tile within 1\n");
        assert_eq!(error_kinds(&source), kinds, "{rows}");
    }
    // Each cell where it is written; the error over the row.
    let source = "game blockgame\nboard {\n  1,1\n}\nquery max-removed\n";
    let errors = parse(source).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].span, Span::new(source.find("1,1").unwrap(), source.find("1,1").unwrap() + 3));
    // An expected board too.
    let source = format!("{BOARD_2048}query apply L\nexpect board {{\n  4,.\n}}\n");
    assert_eq!(error_kinds(&source), vec![apart("4,.", "4 .")]);
}

#[test]
fn look_alike_characters_are_told_and_the_file_read_as_meant() {
    let look_alike = |found: &str, meant: &str| ErrorKind::LookAlike { found: found.into(), meant: meant.into() };
    // The file, then every error: what a look-alike stands for is read in
    // its place, so nothing else is told of it.
    let cases = [
        ("game\u{3000}2048\nboard {\n  2 2\n}\nquery max-tile within 1\n", vec![look_alike("\u{3000}", " ")]),
        ("game \u{ff12}\u{ff10}\u{ff14}\u{ff18}\nboard {\n  2\u{a0}2\n}\nquery max-tile within 1\n", vec![
            look_alike("\u{ff12}\u{ff10}\u{ff14}\u{ff18}", "2048"),
            look_alike("\u{a0}", " "),
        ]),
        ("name \u{201c}2048\u{201d}\ngame 2048\nboard {\n  2 2\n}\nquery max\u{2010}tile within 1\n", vec![
            look_alike("\u{201c}", "\""),
            look_alike("\u{201d}", "\""),
            look_alike("\u{2010}", "-"),
        ]),
        // Names and comments hold any character; a name opened by `"` holds
        // typographer's quotes too.
        ("name \"\u{ff12} \u{201c}x\u{201d}\"\ngame 2048  # \u{3000}\u{ff12}\nboard {\n  2 2\n}\nquery max-tile within 1\n", vec![]),
        // A comment ends with its line; a name's escaped `"` does not end
        // it, nor does a `#` in it start a comment; a name opened by `“`
        // holds any character too.
        ("# \u{3000}\ngame\u{3000}2048\nboard {\n  2 2\n}\nquery max-tile within 1\n", vec![look_alike("\u{3000}", " ")]),
        ("name \"a\\\"\u{ff12}\"\ngame 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n", vec![]),
        ("name \"a#b\"\u{3000}\ngame 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n", vec![look_alike("\u{3000}", " ")]),
        ("name \u{201c}a\u{3000}b\u{201d}\ngame 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n", vec![
            look_alike("\u{201c}", "\""),
            look_alike("\u{201d}", "\""),
        ]),
        // What shows as nothing (pasted from a web page) is read as nothing,
        // as the author sees the line: `game 2048`, `max-tile within`.
        ("ga\u{200b}me 2048\nboard {\n  2 2\u{feff}\n}\nquery max-tile\u{ad} within\u{2060} 1\n", vec![
            look_alike("\u{200b}", ""),
            look_alike("\u{feff}", ""),
            look_alike("\u{ad}", ""),
            look_alike("\u{2060}", ""),
        ]),
        // Beside a blank, it is told with it; the Hangul fillers show as blanks.
        ("game\u{3000}\u{200d}2048\nboard {\n  2\u{3164}2\n}\nquery max-tile within 1\n", vec![
            look_alike("\u{3000}\u{200d}", " "),
            look_alike("\u{3164}", " "),
        ]),
        // A name holds any: an emoji of a family is joined by them.
        ("name \"\u{1f468}\u{200d}\u{1f469}\u{200b}\"\ngame 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n", vec![]),
    ];
    for (source, kinds) in cases {
        let found = match parse(source) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.into_iter().map(|error| error.kind).collect(),
        };
        assert_eq!(found, kinds, "{source:?}");
    }
    // Outside a name, a `\` escapes nothing: the look-alike after it is told.
    let source = "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n\\\u{3000}\n";
    let told = parse(source).unwrap_err();
    assert!(told.iter().any(|error| error.kind == look_alike("\u{3000}", " ")), "{told:?}");
    // An error after a look-alike is told where it is in the file.
    let source = "game\u{3000}2048\nboard {\n  \u{ff12} 3\n}\nquery max-tile within 1\n";
    let errors = parse(source).unwrap_err();
    let three = source.find('3').unwrap();
    assert!(errors.iter().any(|error| error.span == Span::new(three, three + 1)), "{errors:?}");
    let wide_two = source.find('\u{ff12}').unwrap();
    assert_eq!(errors[1].span, Span::new(wide_two, wide_two + 3), "{errors:?}");
    // Many look-alikes of two widths before and among many errors: each
    // error is put back past every look-alike before it.
    let row = "\u{a0}3\u{3000}5";
    let source = format!("game 2048\nboard {{\n{}}}\nquery max-tile within 1\n", format!("  {row}\n").repeat(200));
    let errors = parse(&source).unwrap_err();
    let bad_tiles: Vec<Span> = source.match_indices(['3', '5']).map(|(at, _)| Span::new(at, at + 1)).collect();
    let told: Vec<Span> = errors
        .iter()
        .filter(|error| matches!(error.kind, ErrorKind::NotATile { .. }))
        .map(|error| error.span)
        .collect();
    assert_eq!(told, bad_tiles);
}

#[test]
fn a_number_written_as_a_power_is_told_in_digits_where_those_are_taken() {
    let power = |text: &str, written: &str| ErrorKind::PowerWritten { text: text.into(), written: written.into() };
    let not_a_tile = |text: &str, error| ErrorKind::NotATile { text: text.into(), error };
    let spawns = "spawns classic\n";
    // The header, the board's row, the queries; then every error.
    let cases = [
        (
            "",
            "2^11 2**1",
            "query reach 2^12 within 3\n",
            vec![power("2^11", "2048"), power("2**1", "2"), power("2^12", "4096")],
        ),
        ("", "2 2", "query max-tile within 1\nexpect 2^2\n", vec![power("2^2", "4")]),
        ("", "2 2", "query apply L\nexpect board {\n  2^2 .\n}\n", vec![power("2^2", "4")]),
        (
            spawns,
            "2 2",
            "query play 2 games until 2^10\nexpect 2^6 in 50%\n",
            vec![power("2^10", "1024"), power("2^6", "64")],
        ),
        (spawns, "2 2", "query chance 2^5 within 1\n", vec![power("2^5", "32")]),
        // Not a tile as digits either, or past a `u64`: no mending offered.
        (
            "",
            "3^2 2^0",
            "query max-tile within 1\n",
            vec![not_a_tile("3^2", TileError::NotANumber), not_a_tile("2^0", TileError::NotANumber)],
        ),
        ("", "2^64 2", "query max-tile within 1\n", vec![not_a_tile("2^64", TileError::NotANumber)]),
        ("", "2 2", "query reach 0^3 within 1\n", vec![ErrorKind::TargetNotANumber { text: "0^3".into() }]),
        // A sign is read as a `u64` reads it: the number is still meant.
        ("", "2 2", "query reach 2^+3 within 1\n", vec![power("2^+3", "8")]),
        ("", "2 2", "query reach 2^-3 within 1\n", vec![ErrorKind::TargetNotANumber { text: "2^-3".into() }]),
    ];
    for (header, row, queries, kinds) in cases {
        let source = format!("game 2048\n{header}board {{\n  {row}\n}}\n{queries}");
        assert_eq!(error_kinds(&source), kinds, "{source}");
    }
}

#[test]
fn rows_apart_by_a_slash_are_told_once_a_line_and_read_as_the_rows_meant() {
    let apart = |rows: &[&str]| ErrorKind::RowsApartBySlash { rows: rows.iter().map(|row| row.to_string()).collect() };
    // The rows, then every error: the rows are read as meant, so their
    // shape and their tiles are checked as such.
    let cases = [
        ("  2 . / . 2\n", vec![apart(&["2 .", ". 2"])]),
        (
            "  2 . / . 3 /\n  2 2\n",
            vec![apart(&["2 .", ". 3"]), ErrorKind::NotATile { text: "3".into(), error: TileError::NotAPowerOfTwo }],
        ),
        ("  2 . / . 2 2\n", vec![apart(&["2 .", ". 2 2"]), ErrorKind::RaggedRow { cells: 3, first: 2 }]),
        // Glued to the cells, or to one side.
        ("  2 ./. 2\n", vec![apart(&["2 .", ". 2"])]),
        ("  2 . /. 2/\n", vec![apart(&["2 .", ". 2"])]),
        ("  2/4\n", vec![apart(&["2", "4"])]),
        (
            "  2/3\n",
            vec![apart(&["2", "3"]), ErrorKind::NotATile { text: "3".into(), error: TileError::NotAPowerOfTwo }],
        ),
    ];
    for (rows, kinds) in cases {
        let source = format!("game 2048\nboard {{\n{rows}}}\nquery max-tile within 1\n");
        assert_eq!(error_kinds(&source), kinds, "{rows}");
    }
    // Told over the line; an expected board is read the same way.
    let source = "game 2048\nboard {\n  2 2\n  2 .\n}\nquery apply L\nexpect board {\n  4 . / 2 .\n}\n";
    let errors = parse(source).unwrap_err();
    assert_eq!(errors.len(), 1, "the expected board is 2×2 as meant, not 1×5: {errors:?}");
    let line = source.find("4 . / 2 .").unwrap();
    assert_eq!(errors[0].span, Span::new(line, line + "4 . / 2 .".len()));
    // A glued cell is told where it is written.
    let source = "game 2048\nboard {\n  2 ./. 3\n}\nquery max-tile within 1\n";
    let errors = parse(source).unwrap_err();
    let three = source.find('3').unwrap();
    assert_eq!(errors[1].span, Span::new(three, three + 1), "{errors:?}");
}

#[test]
fn moves_written_together_are_told_apart() {
    let together = |text: &str, written: &str| ErrorKind::MovesTogether { text: text.into(), written: written.into() };
    let cases = [
        ("LURD", together("LURD", "L U R D")),
        ("lurd", together("lurd", "l u r d")),
        ("left,up", together("left,up", "left up")),
        ("L, U", together("L,", "L")),
        ("L,,U", together("L,,U", "L U")),
        // Some part no move: an unknown move, as before.
        ("LUX", ErrorKind::UnknownMove { text: "LUX".into(), suggestion: None }),
        (",", ErrorKind::UnknownMove { text: ",".into(), suggestion: None }),
        (
            "upp",
            ErrorKind::UnknownMove {
                text: "upp".into(),
                suggestion: Some(Suggestion { word: "up", case_only: false }),
            },
        ),
    ];
    for (moves, kind) in cases {
        assert_eq!(error_kind(&format!("{BOARD_2048}query apply {moves}\n")), kind, "{moves}");
    }
    // `best-move` expects one move: two together are no answer of it.
    let source = "game 2048\nspawns classic\nboard {\n  2 2\n}\nquery best-move\nexpect LU\n";
    assert!(matches!(error_kind(source), ErrorKind::ImpossibleExpect { .. }));
}

#[test]
fn every_mistake_of_a_file_is_reported_in_source_order() {
    // A bad tile on line 3 and a ragged row on line 4, then a bad K and an unknown move.
    let source = "game 2048\nboard {\n  2 3\n  2\n}\nquery max-tile within -1\nquery apply L X\n";
    let kinds = error_kinds(source);
    assert_eq!(kinds.len(), 4, "{kinds:?}");
    assert!(matches!(kinds[0], ErrorKind::NotATile { .. }));
    assert!(matches!(kinds[1], ErrorKind::RaggedRow { cells: 1, first: 2 }));
    assert!(matches!(kinds[2], ErrorKind::MovesNegative { .. }));
    assert!(matches!(kinds[3], ErrorKind::UnknownMove { .. }));
}

#[test]
fn a_syntax_error_does_not_hide_the_next_statements() {
    let source = "game 2048 extra\nboard {\n  2 2\n}\nquery max-tile within x\n";
    let kinds = error_kinds(source);
    assert!(matches!(kinds[0], ErrorKind::ExpectedEndOfLine { .. }), "{kinds:?}");
    assert!(matches!(kinds[1], ErrorKind::MovesNotANumber { .. }), "{kinds:?}");
}

#[test]
fn a_byte_order_mark_is_no_part_of_the_text() {
    assert!(parse(&format!("\u{feff}{BOARD_2048}query max-tile within 1\n")).is_ok());
}

#[test]
fn an_unclosed_board_is_told_at_its_opening_brace() {
    let source = "game 2048\nboard {\n  2 2\nquery max-tile within 1\n";
    let errors = parse(source).unwrap_err();
    assert_eq!(errors[0].kind, ErrorKind::BoardNotClosed);
    assert_eq!(&source[errors[0].span.start..errors[0].span.end], "{");
}

/// The kinds of the warnings a valid `source` gets.
fn warning_kinds(source: &str) -> Vec<ErrorKind> {
    parse(source).expect("a valid file").warnings.into_iter().map(|warning| warning.kind).collect()
}

#[test]
fn an_expected_tile_that_is_no_tile_is_warned_of() {
    let source = format!("{BOARD_2048}query max-tile within 1\nexpect 999\n");
    assert_eq!(warning_kinds(&source), [ErrorKind::ExpectNotATile { value: 999 }]);
}

#[test]
fn an_expected_tile_past_the_sum_is_warned_of() {
    let source = format!("{BOARD_2048}query max-tile within 9\nexpect 8\n");
    assert_eq!(warning_kinds(&source), [ErrorKind::ExpectPastTheSum { value: 8, largest: 4 }]);
}

#[test]
fn an_expected_tile_below_the_board_is_warned_of() {
    let source = "game 2048\nboard {\n  8 2\n}\nquery max-tile within 1\nexpect 2\n";
    assert_eq!(warning_kinds(source), [ErrorKind::ExpectBelowTheBoard { value: 2, largest: 8 }]);
}

#[test]
fn more_expected_moves_than_k_are_warned_of() {
    let source = format!("{BOARD_2048}query reach 4 within 1\nexpect 2\n");
    assert_eq!(warning_kinds(&source), [ErrorKind::ExpectPastK { moves: 2, k: 1 }]);
}

#[test]
fn more_expected_blocks_than_the_board_has_are_warned_of() {
    let source = "game blockgame\nboard {\n  1 1\n}\nquery max-removed\nexpect 2\n";
    assert_eq!(warning_kinds(source), [ErrorKind::ExpectPastTheBlocks { blocks: 2, on_board: 1 }]);
}

#[test]
fn a_share_of_a_tile_past_until_is_warned_of() {
    let game = |law: &str, play: &str, expect: &str| {
        format!("game 2048\nspawns {law}\nboard {{\n  2 .\n  . 8\n}}\nquery play 2 games {play}\nexpect {expect}\n")
    };
    let past = |tile, until, largest| vec![ErrorKind::ExpectPastUntil { tile, until, largest }];
    // Below 100, a game's tiles are at most 64: a merge makes 128 at most.
    assert_eq!(warning_kinds(&game("classic", "until 100", "256 in 1%")), past(256, 100, 128));
    assert_eq!(warning_kinds(&game("classic", "until 100", "128 in 100%")), []);
    assert_eq!(warning_kinds(&game("classic", "until 16", "32 in 50%")), past(32, 16, 16));
    // A share of 0 % always holds; a spawn of 64 may bring a 64.
    assert_eq!(warning_kinds(&game("classic", "until 16", "32 in 0%")), []);
    assert_eq!(warning_kinds(&game("2 50% 64 50%", "until 16", "64 in 50%")), []);
    assert_eq!(warning_kinds(&game("classic", "until 2", "8 in 50%")), [], "the board holds an 8");
    assert_eq!(warning_kinds(&game("classic", "", "4096 in 50%")), [], "no until, no bound");
}

#[test]
fn an_expect_that_may_hold_is_no_warning() {
    // Each at the edge of its warning: the sum itself, the board's own tile,
    // exactly K moves, fewer, every block.
    for source in [
        format!("{BOARD_2048}query max-tile within 1\nexpect 4\n"),
        "game 2048\nboard {\n  8 2\n}\nquery max-tile within 1\nexpect 8\n".to_string(),
        format!("{BOARD_2048}query reach 4 within 2\nexpect 2\n"),
        format!("{BOARD_2048}query reach 4 within 3\nexpect 1\n"),
        "game blockgame\nboard {\n  1 2\n}\nquery max-removed\nexpect 2\n".to_string(),
    ] {
        assert_eq!(warning_kinds(&source), [], "{source}");
    }
}

const BLOCKS: &str = "game blockgame\nboard {\n";

#[test]
fn a_block_id_past_u32() {
    let source = format!("{BLOCKS}  4294967296\n}}\nquery max-removed\n");
    assert_eq!(error_kind(&source), ErrorKind::BlockIdTooLarge { text: "4294967296".into() });
}

#[test]
fn a_block_id_that_is_no_number() {
    for text in ["x", "+3", "-1", "1.5"] {
        let source = format!("{BLOCKS}  {text}\n}}\nquery max-removed\n");
        assert_eq!(error_kind(&source), ErrorKind::NotABlockId { text: text.into() }, "{text}");
    }
}

#[test]
fn k_past_u64_is_past_the_limit_not_a_non_number() {
    let source = format!("{BOARD_2048}query max-tile within 99999999999999999999999\n");
    assert_eq!(error_kind(&source), ErrorKind::MovesTooMany { text: "99999999999999999999999".into() });
    let source = format!("{BOARD_2048}query max-tile within +3\n");
    assert_eq!(error_kind(&source), ErrorKind::MovesTooMany { text: "+3".into() });
}

#[test]
fn a_target_past_u64() {
    let source = format!("{BOARD_2048}query reach 99999999999999999999999 within 1\n");
    assert_eq!(error_kind(&source), ErrorKind::TargetTooLarge { text: "99999999999999999999999".into() });
    let source = format!("{BOARD_2048}query reach x within 1\n");
    assert_eq!(error_kind(&source), ErrorKind::TargetNotANumber { text: "x".into() });
}

#[test]
fn a_board_expected_after_max_removed_is_told_at_its_brace() {
    let source = format!("{BLOCKS}  1\n}}\nquery max-removed\nexpect board {{\n  1\n}}\n");
    let errors = parse(&source).unwrap_err();
    assert_eq!(errors[0].kind, ErrorKind::OnlyApplyExpectsBoard { query: QueryKind::MaxRemoved });
    assert_eq!(&source[errors[0].span.start..errors[0].span.end], "{");
}

#[test]
fn a_puzzle_with_a_broken_statement_is_no_puzzle() {
    // The checks find nothing wrong with the rest; the broken line alone fails it.
    let source = format!("{BOARD_2048}query max-tile within 1\ngame 2048 extra\n");
    assert!(parse(&source).is_err());
}

#[test]
fn an_unsupported_escape_is_told_as_such() {
    let source = "name \"tab\\there\"\ngame 2048\n";
    let errors = parse(source).unwrap_err();
    assert_eq!(errors[0].kind, ErrorKind::UnsupportedEscape { escape: 't' });
    assert_eq!(&source[errors[0].span.start..errors[0].span.end], "\\t");
}

#[test]
fn an_escaped_backslash_before_a_letter_is_no_escape_of_it() {
    let source = "name \"a\\\\tb\"\ngame 2048\nboard {\n  2\n}\nquery max-tile within 1\n";
    assert_eq!(parse(source).unwrap().name.as_deref(), Some("a\\tb"));
}

#[test]
fn a_board_without_its_brace_is_told_on_its_own_line() {
    let source = format!("{BOARD_2048}query apply L\nexpect board\n  2 .\n}}\n");
    let errors = parse(&source).unwrap_err();
    assert_eq!(errors.len(), 1, "its rows are no statements of their own: {errors:?}");
    assert_eq!(errors[0].kind, ErrorKind::ExpectedBoardOpen { found: Found::EndOfLine });
    assert_eq!(errors[0].span.start, source.find("expect board").unwrap() + "expect board".len());
}

#[test]
fn rows_on_the_line_of_the_brace_are_told_from_the_first_to_the_last() {
    // Where the rows start after the brace, and where the line's words end
    // (its comment aside).
    let cases = [
        ("board { 2 2 }\n", "2", "2 2 }"),
        ("board {2 2  # two\n  4 4\n}\n", "2", "2 2"),
        ("board{ 2 . }\n", "2", "2 . }"),
        ("board { }\n", "}", "}"),
    ];
    for (board, first, words) in cases {
        let source = format!("game 2048\n{board}query max-tile within 1\n");
        let errors = parse(&source).unwrap_err();
        assert_eq!(errors.len(), 1, "{source:?}: {errors:?}");
        assert_eq!(errors[0].kind, ErrorKind::RowOnOpeningLine { found: Found::Word(first.into()) }, "{source:?}");
        let start = source.find('{').unwrap() + 1 + source[source.find('{').unwrap() + 1..].find(first).unwrap();
        assert_eq!(errors[0].span, Span::new(start, start + words.len()), "{source:?}");
    }
}

#[test]
fn a_brace_glued_to_board_opens_it_and_a_brace_at_the_file_s_end_is_unclosed() {
    check(
        "game 2048\nboard{\n  2 2\n}\nquery apply L\nexpect board{\n  4 .\n}\n",
        "None 2048 [2, 2] | apply L => Board(Grid { height: 1, width: 2, rows: [[4, 0]] })",
    );
    // So is a name glued to `name`.
    check("name\"x\"\ngame 2048\nboard {\n  2 2\n}\nquery apply L\n", "Some(\"x\") 2048 [2, 2] | apply L");
    // `expectboard` is no `expect board`: its rows are not a board's.
    let glued = "game 2048\nboard {\n  2 2\n}\nquery apply L\nexpectboard {\n  4 .\n}\n";
    let found: Vec<String> = error_kinds(glued)
        .into_iter()
        .map(|kind| match kind {
            ErrorKind::ExpectedStatement { found: Found::Word(word), .. } => word,
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(found, ["expectboard", "4", "}"]);
    let source = "game 2048\nboard {";
    let errors = parse(source).unwrap_err();
    assert_eq!(errors[0].kind, ErrorKind::BoardNotClosed);
    assert_eq!(errors[0].span, Span::new(source.len() - 1, source.len()));
}

#[test]
fn a_quote_or_brace_where_a_value_goes_is_told_as_the_value_it_is_not() {
    // Not an unclosed name, a board not closed, nor a brace on a row.
    let game = |found: &str| ErrorKind::ExpectedValue { found: Found::Word(found.into()), of: Some(ValueOf::Game) };
    assert_eq!(error_kind("game \"2048\"\n"), game("\"2048\""));
    assert_eq!(error_kind("game {\n"), game("{"));
    assert_eq!(error_kind("game }\n"), game("}"));
    let within = |found: &str| ErrorKind::ExpectedValue {
        found: Found::Word(found.into()),
        of: Some(ValueOf::Query(QueryKind::MaxTile)),
    };
    assert_eq!(error_kind(&format!("{BOARD_2048}query max-tile within }}\n")), within("}"));
    assert_eq!(error_kind(&format!("{BOARD_2048}query max-tile within {{\n")), within("{"));
    // And a word where a name goes is no name left open.
    assert_eq!(error_kind("name foo\n"), ErrorKind::ExpectedName { found: Found::Word("foo".into()) });
}

#[test]
fn a_mistake_after_a_line_ending_in_a_wide_character_is_told() {
    // The mistake's line starts after the line end, not one byte before it
    // (inside the `é`, two bytes in UTF-8).
    let source = "game 2048\nboard {\n  2 2 # é\n  2 2 }\nquery max-tile within 1\n";
    assert_eq!(error_kinds(source), [ErrorKind::BraceOnRow]);
}

#[test]
fn lone_carriage_returns_keep_their_line_numbers() {
    let source = "game 2048\rboard {\r  2 3\r}\rquery max-tile within 1\r";
    let errors = parse(source).unwrap_err();
    assert_eq!(crate::diagnostic::line_col(source, errors[0].span.start), (3, 5));
}

const SPAWNS_2048: &str = "game 2048\nspawns classic\nboard {\n  2 2\n}\n";

#[test]
fn the_queries_of_the_game_with_spawns_and_their_expectations() {
    check(
        &format!(
            "{SPAWNS_2048}query chance 8 within 3\nexpect 0.0667\nquery best-move\nexpect none\n\
             query best-move depth 3\nexpect L\nquery play 10 games until 2048 seed 5\nexpect 2048 in 95.5%\n"
        ),
        "None 2048 [2, 2] | chance 8 within 3 => Probability(Decimal { digits: 667, places: 4 }); \
         best-move => Move(None); best-move depth 3 => Move(Some(Left)); \
         play 10 games seed 5 until 2048 => Share { tile: 2048, percent: Decimal { digits: 955, places: 1 } }",
    );
    // One game is one `game`, whichever word the file wrote.
    for written in ["play 1 games", "play 1 game"] {
        check(&format!("{SPAWNS_2048}query {written}\n"), "None 2048 [2, 2] | play 1 game");
    }
    check(&format!("{SPAWNS_2048}query play 2 game\n"), "None 2048 [2, 2] | play 2 games");
}

#[test]
fn a_spawn_law_of_tiles_and_percents() {
    let source = "game 2048\nspawns 2 50% 8 50%\nboard {\n  2 2\n}\nquery best-move\n";
    let Ok(Puzzle { game: Game::Spawns { law, .. }, .. }) = parse(source) else { panic!() };
    assert_eq!(law, rules_2048::SpawnLaw::new(&[(2, 50), (8, 50)]).unwrap());
}

#[test]
fn a_spawn_law_with_decimal_percents() {
    let law_of = |line: &str| {
        let source = format!("game 2048\n{line}\nboard {{\n  2 2\n}}\nquery best-move\n");
        let Ok(Puzzle { game: Game::Spawns { law, .. }, .. }) = parse(&source) else { panic!("{line}") };
        law
    };
    // Each percent in units of the finest one's places.
    let fine = rules_2048::SpawnLaw::in_percent_units(&[(2, 99_500), (4, 475), (8, 25)], 3).unwrap();
    assert_eq!(law_of("spawns 2 99.5% 4 0.475% 8 0.025%"), fine);
    // Zeros after the point change nothing: the classic law, its draws too.
    assert_eq!(law_of("spawns 2 90.00% 4 10.0%"), rules_2048::SpawnLaw::classic());
}

/// The kinds of error of the game with spawns, one case a line: what the file
/// says after the board, and the first error's kind.
#[test]
fn the_mistakes_of_the_game_with_spawns() {
    let cases: Vec<(&str, &str, ErrorKind)> = vec![
        (
            "spawns 2 90% 4 15%",
            "query best-move",
            ErrorKind::SpawnLaw(rules_2048::SpawnLawError::Percents { sum: 105, places: 0 }),
        ),
        (
            "spawns 2 99.5% 4 0.4%",
            "query best-move",
            ErrorKind::SpawnLaw(rules_2048::SpawnLawError::Percents { sum: 999, places: 1 }),
        ),
        (
            "spawns 2 99.9999999% 4 0.0000001%",
            "query best-move",
            ErrorKind::SpawnLaw(rules_2048::SpawnLawError::TooFine { places: 7 }),
        ),
        (
            "spawns 2 33.333333333333333333333% 4 66.666666666666666666667%",
            "query best-move",
            ErrorKind::SpawnLaw(rules_2048::SpawnLawError::TooFine { places: 21 }),
        ),
        (
            "spawns 2 0% 4 100%",
            "query best-move",
            ErrorKind::SpawnLaw(rules_2048::SpawnLawError::ZeroChance { value: 2 }),
        ),
        (
            "spawns 2 .5% 4 99.5%",
            "query best-move",
            ErrorKind::NumberMisWritten { text: ".5%".into(), written: "0.5%".into() },
        ),
        (
            "spawns 2 +90% 4 10%",
            "query best-move",
            ErrorKind::NumberMisWritten { text: "+90%".into(), written: "90%".into() },
        ),
        (
            "spawns 2 90.% 4 10%",
            "query best-move",
            ErrorKind::NumberMisWritten { text: "90.%".into(), written: "90%".into() },
        ),
        (
            "spawns 2 -10% 4 110%",
            "query best-move",
            ErrorKind::BadSpawnLaw { found: Found::Word("-10%".into()), suggestion: None },
        ),
        (
            "spawns 2 .% 4 100%",
            "query best-move",
            ErrorKind::BadSpawnLaw { found: Found::Word(".%".into()), suggestion: None },
        ),
        (
            "spawns 2 .12345678% 4 99.87654322%",
            "query best-move",
            ErrorKind::BadSpawnLaw { found: Found::Word(".12345678%".into()), suggestion: None },
        ),
        (
            "spawns 2 1.2.3% 4 99%",
            "query best-move",
            ErrorKind::BadSpawnLaw { found: Found::Word("1.2.3%".into()), suggestion: None },
        ),
        ("spawns 3 100%", "query best-move", ErrorKind::SpawnLaw(rules_2048::SpawnLawError::NotATile { value: 3 })),
        (
            "spawns 18446744073709551616 100%",
            "query best-move",
            ErrorKind::SpawnTileTooLarge { text: "18446744073709551616".into() },
        ),
        ("spawns classic 2 90%", "query best-move", ErrorKind::ClassicNotAlone),
        ("spawns 2 90% 4 10% classic", "query best-move", ErrorKind::ClassicNotAlone),
        ("spawns 2 90", "query best-move", ErrorKind::PercentWithoutSign { number: "90".into() }),
        ("spawns 2 90 % 4 10 %", "query best-move", ErrorKind::PercentWithoutSign { number: "90".into() }),
        ("spawns 2 90 percent 4 10%", "query best-move", ErrorKind::PercentWithoutSign { number: "90".into() }),
        ("spawns 2 90% 4 9.5", "query best-move", ErrorKind::PercentWithoutSign { number: "9.5".into() }),
        // Probabilities for percents: the law as percents, when it is one.
        (
            "spawns 2 0.9 4 0.1",
            "query best-move",
            ErrorKind::ProbabilitiesForPercents { text: "2 0.9 4 0.1".into(), written: "2 90% 4 10%".into() },
        ),
        (
            "spawns 2 .9 4 0.100",
            "query best-move",
            ErrorKind::ProbabilitiesForPercents { text: "2 .9 4 0.100".into(), written: "2 90% 4 10.0%".into() },
        ),
        (
            "spawns 2 1",
            "query best-move",
            ErrorKind::ProbabilitiesForPercents { text: "2 1".into(), written: "2 100%".into() },
        ),
        ("spawns 2 0.5 4 0.4", "query best-move", ErrorKind::PercentWithoutSign { number: "0.5".into() }),
        ("spawns 2 0.9 4 0.1 8 0", "query best-move", ErrorKind::PercentWithoutSign { number: "0.9".into() }),
        ("spawns 2 0.9 4 10%", "query best-move", ErrorKind::PercentWithoutSign { number: "0.9".into() }),
        (
            "spawns 2 0.99999995 4 0.00000005",
            "query best-move",
            ErrorKind::ProbabilitiesForPercents {
                text: "2 0.99999995 4 0.00000005".into(),
                written: "2 99.999995% 4 0.000005%".into(),
            },
        ),
        // One place more than a law's six as percents: no mend offered.
        (
            "spawns 2 0.999999995 4 0.000000005",
            "query best-move",
            ErrorKind::PercentWithoutSign { number: "0.999999995".into() },
        ),
        ("spawns 2 90% 4", "query best-move", ErrorKind::BadSpawnLaw { found: Found::EndOfLine, suggestion: None }),
        (
            "spawns 2 ninety%",
            "query best-move",
            ErrorKind::BadSpawnLaw { found: Found::Word("ninety%".into()), suggestion: None },
        ),
        (
            "spawns clasic",
            "query best-move",
            ErrorKind::BadSpawnLaw {
                found: Found::Word("clasic".into()),
                suggestion: Some(Suggestion { word: "classic", case_only: false }),
            },
        ),
        (
            "spawns Classic",
            "query best-move",
            ErrorKind::BadSpawnLaw {
                found: Found::Word("Classic".into()),
                suggestion: Some(Suggestion { word: "classic", case_only: true }),
            },
        ),
        (
            "spawns random",
            "query best-move",
            ErrorKind::BadSpawnLaw { found: Found::Word("random".into()), suggestion: None },
        ),
        ("spawns classic", "query max-tile within 2", ErrorKind::NeedsNoSpawns { query: QueryKind::MaxTile }),
        ("", "query chance 4 within 2", ErrorKind::NeedsSpawns { query: QueryKind::Chance }),
        ("", "query play 2 games", ErrorKind::NeedsSpawns { query: QueryKind::Play }),
        (
            "spawns classic",
            "query best-move dept 2",
            ErrorKind::UnknownOption {
                found: "dept".into(),
                query: QueryKind::BestMove,
                suggestion: Some(Suggestion { word: "depth", case_only: false }),
            },
        ),
        (
            "spawns classic",
            "query best-move depth 0",
            ErrorKind::OptionValue { option: "depth", found: Found::Word("0".into()) },
        ),
        (
            "spawns classic",
            "query best-move depth 17",
            ErrorKind::OptionValue { option: "depth", found: Found::Word("17".into()) },
        ),
        (
            "spawns classic",
            "query best-move depth",
            ErrorKind::OptionValue { option: "depth", found: Found::EndOfLine },
        ),
        (
            "spawns classic",
            "query play 0 games",
            ErrorKind::OptionValue { option: "games", found: Found::Word("0".into()) },
        ),
        (
            "spawns classic",
            "query play 100001 games",
            ErrorKind::OptionValue { option: "games", found: Found::Word("100001".into()) },
        ),
        ("spawns classic", "query play 3", ErrorKind::ExpectedGames { found: Found::EndOfLine }),
        ("spawns classic", "query play 3 gams", ErrorKind::ExpectedGames { found: Found::Word("gams".into()) }),
        (
            "spawns classic",
            "query play 3 games seed 1 seed 2",
            ErrorKind::OptionTwice { option: "seed", query: QueryKind::Play },
        ),
        (
            "spawns classic",
            "query play 3 games seed -1",
            ErrorKind::OptionValue { option: "seed", found: Found::Word("-1".into()) },
        ),
        (
            "spawns classic",
            "query play 3 games until 0",
            ErrorKind::OptionValue { option: "until", found: Found::Word("0".into()) },
        ),
        (
            "spawns classic",
            "query chance 4 within 2\nexpect 1.5",
            ErrorKind::ImpossibleExpect { text: "1.5".into(), query: QueryKind::Chance },
        ),
        (
            "spawns classic",
            "query chance 4 within 2\nexpect .5",
            ErrorKind::NumberMisWritten { text: ".5".into(), written: "0.5".into() },
        ),
        (
            "spawns classic",
            "query chance 4 within 2\nexpect +1.",
            ErrorKind::NumberMisWritten { text: "+1.".into(), written: "1".into() },
        ),
        (
            "spawns classic",
            "query chance 4 within 2\nexpect +5",
            ErrorKind::ImpossibleExpect { text: "+5".into(), query: QueryKind::Chance },
        ),
        (
            "spawns classic",
            "query chance 4 within 2\nexpect .",
            ErrorKind::ImpossibleExpect { text: ".".into(), query: QueryKind::Chance },
        ),
        (
            "spawns classic",
            "query play 1 games\nexpect 4 in +.%",
            ErrorKind::ImpossibleExpect { text: "+.%".into(), query: QueryKind::Play },
        ),
        (
            "spawns classic",
            "query chance 4 within 2\nexpect 50%",
            ErrorKind::ChanceAsPercent { text: "50%".into(), written: "0.50".into() },
        ),
        (
            "spawns classic",
            "query chance 4 within 2\nexpect .5%",
            ErrorKind::ChanceAsPercent { text: ".5%".into(), written: "0.005".into() },
        ),
        (
            "spawns classic",
            "query chance 4 within 2\nexpect 100.5%",
            ErrorKind::ImpossibleExpect { text: "100.5%".into(), query: QueryKind::Chance },
        ),
        (
            "spawns classic",
            "query chance 4 within 2\nexpect 0.00000000000001%",
            ErrorKind::ImpossibleExpect { text: "0.00000000000001%".into(), query: QueryKind::Chance },
        ),
        (
            "spawns classic",
            "query play 1 games\nexpect 4 in .5%",
            ErrorKind::NumberMisWritten { text: ".5%".into(), written: "0.5%".into() },
        ),
        (
            "spawns classic",
            "query play 1 games\nexpect 4 in +95%",
            ErrorKind::NumberMisWritten { text: "+95%".into(), written: "95%".into() },
        ),
        (
            "spawns classic",
            "query play 1 games\nexpect 4 in +150%",
            ErrorKind::ImpossibleExpect { text: "+150%".into(), query: QueryKind::Play },
        ),
        (
            "spawns classic",
            "query chance 4 within 2\nexpect 0.5 0.6",
            ErrorKind::ExpectTooLong { found: "0.6".into(), query: QueryKind::Chance },
        ),
        (
            "spawns classic",
            "query best-move\nexpect X",
            ErrorKind::ImpossibleExpect { text: "X".into(), query: QueryKind::BestMove },
        ),
        (
            "spawns classic",
            "query play 1 games\nexpect 4 in 101%",
            ErrorKind::ImpossibleExpect { text: "101%".into(), query: QueryKind::Play },
        ),
        ("spawns classic", "query play 1 games\nexpect 4 in 95", ErrorKind::PercentWithoutSign { number: "95".into() }),
        (
            "spawns classic",
            "query play 1 games\nexpect 4 in 95 %",
            ErrorKind::PercentWithoutSign { number: "95".into() },
        ),
        (
            "spawns classic",
            "query play 1 games\nexpect 4 in 9.5 percent",
            ErrorKind::PercentWithoutSign { number: "9.5".into() },
        ),
        // No number before the sign, or no sign: no percent without its sign.
        (
            "spawns classic",
            "query play 1 games\nexpect 4 in abc",
            ErrorKind::ImpossibleExpect { text: "abc".into(), query: QueryKind::Play },
        ),
        (
            "spawns classic",
            "query play 1 games\nexpect 4 in abc %",
            ErrorKind::ExpectTooLong { found: "%".into(), query: QueryKind::Play },
        ),
        (
            "spawns classic",
            "query play 1 games\nexpect 4 at 10%",
            ErrorKind::ImpossibleExpect { text: "4".into(), query: QueryKind::Play },
        ),
        (
            "spawns classic",
            "query play 1 games\nexpect 0 in 10%",
            ErrorKind::ImpossibleExpect { text: "0".into(), query: QueryKind::Play },
        ),
        (
            "spawns classic",
            "query play 1 games\nexpect +4 in 10%",
            ErrorKind::ImpossibleExpect { text: "+4".into(), query: QueryKind::Play },
        ),
        (
            "spawns classic",
            "query play 1 games\nexpect 4 in 10% more",
            ErrorKind::ExpectTooLong { found: "more".into(), query: QueryKind::Play },
        ),
        ("spawns classic\nspawns classic", "query best-move", ErrorKind::GivenTwice { keyword: HeaderKeyword::Spawns }),
        ("", "query best-move\nspawns classic", ErrorKind::AfterQuery { keyword: HeaderKeyword::Spawns }),
    ];
    for (header, queries, kind) in cases {
        let source = format!("game 2048\n{header}\nboard {{\n  2 2\n}}\n{queries}\n");
        let kinds = error_kinds(&source);
        assert!(kinds.contains(&kind), "{source}: {kinds:?}");
    }
}

#[test]
fn an_answer_too_long_is_helped_with_its_query_s_answer() {
    let help =
        |queries: &str| error_kind(&format!("game 2048\nspawns classic\nboard {{\n  2 2\n}}\n{queries}\n")).help();
    assert_eq!(
        help("query chance 4 within 1\nexpect 0.5 0.6").unwrap(),
        "this answer is one word; `#` starts a comment"
    );
    assert_eq!(
        help("query play 2 games\nexpect 4 in 50% more").unwrap(),
        "`play`'s answer is `TILE in P%` (`expect 2048 in 95%`); `#` starts a comment"
    );
    // The report names moves valued as high as the engine's (`U (or D,
    // equally good)`); the expect names one of them.
    assert_eq!(
        help("query best-move\nexpect U or D").unwrap(),
        "`best-move`'s answer is one move (`expect D`), which holds when the engine's move is D or a move valued as \
         high; `#` starts a comment"
    );
}

#[test]
fn an_option_given_twice_is_helped_with_its_own_query_s_options() {
    let help = |query: &str| {
        let source = format!("game 2048\nspawns classic\nboard {{\n  2 2\n}}\nquery {query}\n");
        error_kind(&source).help().unwrap()
    };
    assert_eq!(help("best-move depth 3 depth 4"), "`best-move` takes `depth D` (1 to 16) once");
    assert_eq!(
        help("play 2 games seed 1 seed 2"),
        "`play N games` takes `seed S`, `depth D` and `until T`, each at most once, in any order"
    );
}

#[test]
fn spawns_without_a_law_is_still_the_game_with_spawns() {
    // Told once, where the law should start: its queries are checked as
    // the game with spawns' own, not told to need a `spawns` line.
    for line in ["spawns", "spawns   # the law, later", "spawns\t"] {
        let source = format!("game 2048\n{line}\nboard {{\n  2 2\n}}\nquery chance 8 within 2\nquery best-move\n");
        let errors = parse(&source).unwrap_err();
        let kinds: Vec<_> = errors.iter().map(|error| &error.kind).collect();
        assert_eq!(kinds, [&ErrorKind::NoSpawnLaw], "{source:?}");
        assert_eq!(crate::diagnostic::line_col(&source, errors[0].span.start), (2, 7), "{source:?}");
    }
}

#[test]
fn a_query_cut_short_is_shown_its_own_form() {
    let first_error = |line: &str| {
        let source = format!("game 2048\nspawns classic\nboard {{\n  2 2\n}}\n{line}\n");
        let error = parse(&source).unwrap_err().swap_remove(0);
        (error.kind.clone(), error.kind.help().unwrap())
    };
    let (kind, help) = first_error("query chance 8");
    assert_eq!(kind, ErrorKind::ExpectedWithin { found: Found::EndOfLine, query: QueryKind::Chance });
    assert_eq!(help, "write `chance T within K`");
    let (kind, help) = first_error("query play");
    assert_eq!(kind, ErrorKind::ExpectedValue { found: Found::EndOfLine, of: Some(ValueOf::Query(QueryKind::Play)) });
    assert_eq!(help, "write `play N games`, then any of `seed S`, `depth D`, `until T`");
    let (kind, _) = first_error("query reach 8 within");
    assert_eq!(kind, ErrorKind::ExpectedValue { found: Found::EndOfLine, of: Some(ValueOf::Query(QueryKind::Reach)) });
    let (kind, help) = first_error("game");
    assert_eq!(kind, ErrorKind::ExpectedValue { found: Found::EndOfLine, of: Some(ValueOf::Game) });
    assert_eq!(help, "write `game 2048` or `game blockgame`");
    let (kind, help) = first_error("query best-move\nexpect");
    assert_eq!(kind, ErrorKind::ExpectedAnswer { found: Found::EndOfLine, query: Some(QueryKind::BestMove) });
    assert_eq!(help, QueryKind::BestMove.answer_help());
    // The lists name every query and every statement, those of spawns too.
    let (_, help) = first_error("query");
    for keyword in QueryKind::KEYWORDS {
        assert!(help.contains(&format!("`{keyword}")), "{keyword}: {help}");
    }
    let (_, help) = first_error("law classic");
    for keyword in ["name", "game", "board", "spawns", "query", "expect"] {
        assert!(help.contains(&format!("`{keyword}`")), "{keyword}: {help}");
    }
}

#[test]
fn what_is_missing_at_a_line_s_end_is_told_before_its_comment() {
    for (source, line_col) in [
        ("game   # which one?\nboard {\n  2\n}\nquery max-tile within 1\n", (1, 5)),
        ("game 2048\nboard {\n  2\n}\nquery max-tile within  # later\n", (5, 22)),
        ("game 2048\nboard {\n  2\n}\nquery reach 4 # within 2", (5, 14)),
    ] {
        let errors = parse(source).unwrap_err();
        assert_eq!(crate::diagnostic::line_col(source, errors[0].span.start), line_col, "{source:?}: {errors:?}");
    }
    // A `#` in a name starts no comment, nor one after an escaped quote.
    assert_eq!(parse::comment_start("name \"a # b\"  # c"), Some(14));
    assert_eq!(parse::comment_start("name \"a \\\" # b\" # c"), Some(16));
    assert_eq!(parse::comment_start("game 2048"), None);
    // Outside a name, `\` escapes nothing.
    assert_eq!(parse::comment_start("2 \\# c"), Some(3));
}

#[test]
fn a_line_ends_at_a_line_feed_a_carriage_return_or_both() {
    // (where it starts, where its text ends, where the next starts)
    let lines: Vec<_> = parse::lines("a\r\nb\rc\n\nd\r\r\ne").collect();
    assert_eq!(lines, [(0, 1, 3), (3, 4, 5), (5, 6, 7), (7, 7, 8), (8, 9, 10), (10, 10, 12), (12, 13, 13)]);
}

#[test]
fn spawns_in_a_block_game() {
    let source = "game blockgame\nspawns classic\nboard {\n  1\n}\nquery max-removed\n";
    assert_eq!(error_kind(source), ErrorKind::SpawnsInBlockGame);
}

#[test]
fn a_best_move_of_a_new_game() {
    let source = "game 2048\nspawns classic\nboard {\n  . .\n  . .\n}\nquery best-move\n";
    assert_eq!(error_kind(source), ErrorKind::BestMoveOfANewGame);
}

#[test]
fn a_chance_deeper_than_its_proven_bound() {
    // A 20×20 board: (K + 2)(800 + 2) 2^-53 < 1e-12 only up to K = 9.
    let rows: String = (0..20).map(|_| format!("  {}\n", vec!["."; 20].join(" "))).collect();
    let source = |k| format!("game 2048\nspawns classic\nboard {{\n{rows}}}\nquery chance 8 within {k}\n");
    assert!(parse(&source(9)).is_ok());
    assert_eq!(error_kind(&source(10)), ErrorKind::ChanceTooDeep { k: 10, most: 9, height: 20, width: 20 });
    // One move is a move, not "1 moves".
    let one = ErrorKind::ChanceTooDeep { k: 1, most: 0, height: 256, width: 256 };
    assert_eq!(one.message(), "`chance` within 1 move on a 256×256 board cannot be proven to 1e-12");
}

#[test]
fn an_expected_number_has_no_sign() {
    let source = format!("{BOARD_2048}query max-tile within 1\nexpect +4\n");
    assert_eq!(error_kind(&source), ErrorKind::ImpossibleExpect { text: "+4".into(), query: QueryKind::MaxTile });
}

/// Where an error about an expected board points: its opening brace.
#[test]
fn an_expected_board_is_told_at_its_brace() {
    for (queries, kind) in [
        ("query apply L\nexpect board {\n  2 2 2\n}\n", ErrorKind::ExpectedBoardSize { found: (1, 3), board: (1, 2) }),
        (
            "query max-tile within 1\nexpect board {\n  4 .\n}\n",
            ErrorKind::OnlyApplyExpectsBoard { query: QueryKind::MaxTile },
        ),
    ] {
        let source = format!("{BOARD_2048}{queries}");
        let errors = parse(&source).unwrap_err();
        assert_eq!(errors[0].kind, kind);
        assert_eq!(&source[errors[0].span.start..errors[0].span.end], "{", "{source}");
    }
}

#[test]
fn an_option_s_bad_value_is_named_with_what_it_is_not() {
    let message = |option, found: Found| ErrorKind::OptionValue { option, found }.message();
    assert_eq!(message("games", Found::Word("0".into())), "`0` is not a valid number of games");
    assert_eq!(message("depth", Found::Word("99".into())), "`99` is not a valid depth");
    assert_eq!(message("until", Found::Word("0".into())), "`0` is not a valid target for `until`");
    // `until` is a target, as `chance`'s T, not a tile: `until 3` is allowed.
    let source = "game 2048\nspawns classic\nboard {\n  2 2\n}\nquery play 2 games until 3\n";
    assert!(parse(source).is_ok(), "{source}");
    let until_help = ErrorKind::OptionValue { option: "until", found: Found::Word("0".into()) }.help().unwrap();
    assert!(until_help.starts_with("T is a whole number from 1 up to"), "{until_help}");
    assert_eq!(message("seed", Found::EndOfLine), "expected the value of `seed`, found the end of the line");
}

/// A percent finer than a law takes is told at that percent, whether an
/// `f64` could hold its decimals or not.
#[test]
fn a_percent_too_fine_is_told_at_the_percent() {
    for (law, percent, places) in [
        ("spawns 2 99.9999999% 4 0.0000001%", "99.9999999%", 7),
        ("spawns 2 90% 4 10.0000000000000000000%", "10.0000000000000000000%", 19),
    ] {
        let source = format!("game 2048\n{law}\nboard {{\n  2 2\n}}\nquery best-move\n");
        let errors = parse(&source).unwrap_err();
        assert_eq!(errors[0].kind, ErrorKind::SpawnLaw(rules_2048::SpawnLawError::TooFine { places }));
        assert_eq!(&source[errors[0].span.start..errors[0].span.end], percent, "{law}");
    }
}

/// A percent's sign written apart (`90 %`, `90 percent`) is a part of the
/// mistake, so that the quick fix writing `90%` over it mends both; a sign
/// anywhere else is not.
#[test]
fn a_percent_s_sign_written_apart_is_in_its_mistake() {
    for (law, told) in [
        ("spawns 2 90 % 4 10%", "90 %"),
        ("spawns 2 90 percent 4 10%", "90 percent"),
        ("spawns 2 90% 4 10 %", "10 %"),
        ("spawns 2 90% 4 10 percent", "10 percent"),
        ("spawns 2 90 4 10%", "90"),
        ("spawns 2 90 %% 4 10%", "90"),
    ] {
        let source = format!("game 2048\n{law}\nboard {{\n  2 2\n}}\nquery best-move\n");
        let errors = parse(&source).unwrap_err();
        let number = told.split(' ').next().unwrap().to_string();
        assert_eq!(errors[0].kind, ErrorKind::PercentWithoutSign { number }, "{law}");
        assert_eq!(&source[errors[0].span.start..errors[0].span.end], told, "{law}");
    }
}

/// Each mistake of one query is told, its words' and its `expect`'s, not
/// only the first: fixing one should not bring the next to light.
#[test]
fn every_mistake_of_a_query_is_told_at_once() {
    const SPAWNS: &str = "game 2048\nspawns classic\nboard {\n  2 2\n}\n";
    let too_large = |text: &str| ErrorKind::TargetTooLarge { text: text.into() };
    let bad = |option, word: &str| ErrorKind::OptionValue { option, found: Found::Word(word.into()) };
    let impossible = |text: &str, query| ErrorKind::ImpossibleExpect { text: text.into(), query };
    for (source, expected) in [
        (
            format!("{BOARD_2048}query reach 0 within -1\nexpect 3\n"),
            vec![ErrorKind::TargetZero, ErrorKind::MovesNegative { text: "-1".into() }],
        ),
        (
            format!("{BOARD_2048}query apply L X Y\nexpect 4\n"),
            vec![
                ErrorKind::UnknownMove { text: "X".into(), suggestion: None },
                ErrorKind::UnknownMove { text: "Y".into(), suggestion: None },
                ErrorKind::ApplyExpectsBoard { text: "4".into() },
            ],
        ),
        (
            format!("{BOARD_2048}query max-tile within x\nexpect two\n"),
            vec![ErrorKind::MovesNotANumber { text: "x".into() }, impossible("two", QueryKind::MaxTile)],
        ),
        (
            format!("{SPAWNS}query chance 99999999999999999999 within 999\nexpect 2\n"),
            vec![
                too_large("99999999999999999999"),
                ErrorKind::MovesTooMany { text: "999".into() },
                impossible("2", QueryKind::Chance),
            ],
        ),
        (
            format!("{SPAWNS}query play 0 games seed -1 depth 99 until 0\nexpect 8 in 101%\n"),
            vec![
                bad("games", "0"),
                bad("seed", "-1"),
                bad("depth", "99"),
                bad("until", "0"),
                impossible("101%", QueryKind::Play),
            ],
        ),
        (
            format!("{SPAWNS}query best-move depth 0 depth 1\nexpect X\n"),
            vec![
                ErrorKind::OptionTwice { option: "depth", query: QueryKind::BestMove },
                impossible("X", QueryKind::BestMove),
            ],
        ),
        (
            "game 2048\nspawns classic\nboard {\n  . .\n}\nquery best-move depth 0\n".to_string(),
            vec![ErrorKind::BestMoveOfANewGame, bad("depth", "0")],
        ),
    ] {
        assert_eq!(error_kinds(&source), expected, "{source}");
    }
}

/// Every error and warning of `source`, rendered as `puzzle check` shows
/// them (without colour), one after another.
fn diagnostics(source: &str) -> String {
    let errors = match parse(source) {
        Ok(puzzle) => puzzle.warnings,
        Err(errors) => errors,
    };
    errors.iter().map(|error| error.diagnostic().render("x.puzzle", source, false).to_string()).collect()
}

#[test]
fn diagnostics_say_what_where_and_what_is_allowed() {
    let board = "board {\n  2 2\n}\n";
    let spawns = "game 2048\nspawns classic\n";
    for (source, expected) in [
        (
            "gmae 2048\n".to_string(),
            r#"error: expected a statement, found `gmae`
 --> x.puzzle:1:1
  |
1 | gmae 2048
  | ^^^^
  = help: did you mean `game`?
"#,
        ),
        (
            "GAME 2048\n".to_string(),
            r#"error: expected a statement, found `GAME`
 --> x.puzzle:1:1
  |
1 | GAME 2048
  | ^^^^
  = help: keywords and names are lower case: `game`
"#,
        ),
        (
            format!("game 2048\ngame 2048\n{board}"),
            r#"error: `game` is given twice
 --> x.puzzle:2:1
  |
1 | game 2048
  | --------- first given here
  |
2 | game 2048
  | ^^^^
  = help: a puzzle has one `game`; put other boards in their own files
"#,
        ),
        (
            format!("game 2048\n{board}query max-tile within 1\nspawns classic\n"),
            r#"error: `spawns` comes after a query
 --> x.puzzle:6:1
  |
5 | query max-tile within 1
  | ----------------------- the first query is here
  |
6 | spawns classic
  | ^^^^^^
  = help: `name`, `game`, `board` and `spawns` come before the first query
"#,
        ),
        (
            format!("game 2048\n{board}query max-tile within 1\nexpect 4\nexpect 4\n"),
            r#"error: a second `expect` for one query
 --> x.puzzle:7:1
  |
6 | expect 4
  | -------- its first `expect` is here
  |
7 | expect 4
  | ^^^^^^
  = help: a query has at most one `expect`
"#,
        ),
        (
            "game 2048\nboard {\n  2 2\n  2 2 2\n}\n".to_string(),
            r#"error: this row has 3 cells, but the first row has 2
 --> x.puzzle:4:7
  |
3 |   2 2
  |   --- the first row
  |
4 |   2 2 2
  |       ^
  = help: every row of a board has the same number of cells; write `.` for an empty cell
"#,
        ),
        (
            "game blockgame\nboard {\n  1 0 1\n}\nquery max-removed\n".to_string(),
            r#"error: block 1 is split into 2 pieces
 --> x.puzzle:3:7
  |
3 |   1 0 1
  |   -   ^
  |   another piece of it
  = help: the cells of a block touch side by side (not only corner to corner); block 1 has [row 1 col 1] and [row 1 col 3]
"#,
        ),
        (
            "game 2048\nboard {\n  2,2 2\n  , 2 2\n}\n".to_string(),
            r#"error: cells stand apart, without commas: `2,2 2` is written `2 2 2`
 --> x.puzzle:3:3
  |
3 |   2,2 2
  |   ^^^^^
  = help: a board row is cells separated by blanks: `2 . 4`
error: cells stand apart, without commas: `, 2 2` is written `2 2`
 --> x.puzzle:4:3
  |
4 |   , 2 2
  |   ^^^^^
  = help: a board row is cells separated by blanks: `2 . 4`
error: this row has 2 cells, but the first row has 3
 --> x.puzzle:4:5
  |
3 |   2,2 2
  |   ----- the first row
  |
4 |   , 2 2
  |     ^^^
  = help: every row of a board has the same number of cells; write `.` for an empty cell
"#,
        ),
        (
            "game 2048\nboard {\n  ,\n  ,,\n}\nquery apply L\nexpect board {\n}\n".to_string(),
            r#"error: cells stand apart, without commas: `,` holds no cell
 --> x.puzzle:3:3
  |
3 |   ,
  |   ^
  = help: a board row is cells separated by blanks: `2 . 4`
error: cells stand apart, without commas: `,,` holds no cell
 --> x.puzzle:4:3
  |
4 |   ,,
  |   ^^
  = help: a board row is cells separated by blanks: `2 . 4`
error: the board has no rows
 --> x.puzzle:7:14
  |
7 | expect board {
  |              ^
  = help: write one row per line between `{` and `}`, cells separated by blanks
"#,
        ),
        (
            "game 2048\nboard {\n  ,\n}\n".to_string(),
            // Told that it holds no cell, not that the board has no rows.
            r#"error: cells stand apart, without commas: `,` holds no cell
 --> x.puzzle:3:3
  |
3 |   ,
  |   ^
  = help: a board row is cells separated by blanks: `2 . 4`
"#,
        ),
        (
            format!("game 2048\n{board}query reach 4 within 2\nexpect 3\nquery reach 4 within 0\nexpect 1\n"),
            r#"warning: this `expect` can never hold: 3 moves is more than 2
 --> x.puzzle:6:1
  |
6 | expect 3
  | ^^^^^^^^
  = help: `reach` answers with at most K = 2 moves, or `unreachable`
warning: this `expect` can never hold: 1 move is more than 0
 --> x.puzzle:8:1
  |
8 | expect 1
  | ^^^^^^^^
  = help: `reach` answers with at most K = 0 moves, or `unreachable`
"#,
        ),
        (
            "game blockgame\nboard {\n  1 1\n}\nquery max-removed\nexpect 2\n".to_string(),
            r#"warning: this `expect` can never hold: 2 blocks is more than the board has
 --> x.puzzle:6:1
  |
6 | expect 2
  | ^^^^^^^^
  = help: the board has 1 block
"#,
        ),
        (
            "game blockgame\nboard {\n  0 0\n}\nquery max-removed\nexpect 1\n".to_string(),
            r#"warning: this `expect` can never hold: 1 block is more than the board has
 --> x.puzzle:6:1
  |
6 | expect 1
  | ^^^^^^^^
  = help: the board has 0 blocks
"#,
        ),
        (
            format!("{spawns}{board}query play 2 games depth 0 seed x\n"),
            r#"error: `0` is not a valid depth
 --> x.puzzle:6:26
  |
6 | query play 2 games depth 0 seed x
  |                          ^
  = help: D is a whole number of moves from 1 to 16
error: `x` is not a valid seed
 --> x.puzzle:6:33
  |
6 | query play 2 games depth 0 seed x
  |                                 ^
  = help: S is a whole number from 0 to 18446744073709551615
"#,
        ),
    ] {
        assert_eq!(diagnostics(&source), expected, "{source}");
    }
    assert_eq!(errors::count(1, "query"), "1 query");
    assert_eq!(errors::count(2, "query"), "2 queries");
    assert_eq!(errors::count(2, "key"), "2 keys");
}

#[test]
fn an_expect_without_its_answer_is_helped_with_what_its_query_answers() {
    let board = "board {\n  2 2\n}\n";
    for (header, query, help) in [
        ("game 2048", "query max-tile within 1", "`max-tile` answers with a tile: `expect 16`"),
        ("game 2048", "query reach 4 within 1", "`reach` answers with a number of moves or `unreachable`: `expect 3`"),
        ("game 2048", "query apply L", "`apply` answers with a board: `expect board {`"),
        ("game blockgame", "query max-removed", "`max-removed` answers with a number of blocks: `expect 2`"),
        (
            "game 2048\nspawns classic",
            "query chance 4 within 1",
            "`chance` answers with a probability from 0 to 1, checked to the digits written: `expect 0.0667`",
        ),
        (
            "game 2048\nspawns classic",
            "query best-move",
            "`best-move` answers with a move (`U`, `D`, `L`, `R`) or `none`: `expect L`",
        ),
        (
            "game 2048\nspawns classic",
            "query play 2 games",
            "`play` answers with the share of games reaching a tile, at least: `expect 2048 in 95%`",
        ),
    ] {
        // `expect` with no answer at all.
        let source = format!("{header}\n{board}{query}\nexpect\n");
        let errors = parse(&source).unwrap_err();
        assert_eq!(errors[0].kind.help().as_deref(), Some(help), "{source}");
    }
}

#[test]
fn a_game_tells_its_board_s_size_its_queries_and_its_board() {
    let spawns = "game 2048\nspawns classic\nboard {\n  2 . 4\n  . 8 .\n}\nquery best-move\nquery play 2 games\n";
    let blocks = "game blockgame\nboard {\n  1 0\n  1 2\n  0 2\n}\nquery max-removed\n";
    let plain = "game 2048\nboard {\n  2 2 4 8\n}\nquery max-tile within 1\nquery reach 4 within 1\nquery apply L\n";
    for (source, size, queries, board) in
        [(spawns, (2, 3), 2, "2 . 4\n. 8 .\n"), (blocks, (3, 2), 1, "1 .\n1 2\n. 2\n"), (plain, (1, 4), 3, "2 2 4 8\n")]
    {
        let game = parse(source).unwrap().game;
        assert_eq!((game.size(), game.query_count(), game.board_text().as_str()), (size, queries, board));
    }
}

#[test]
fn a_thread_too_small_for_the_parser_is_told_once_not_as_syntax_errors() {
    let source = format!("{BOARD_2048}query max-tile within 3\nquery reach 8 within 2\n");
    let on_a_small_stack = |read: fn(&str) -> Vec<ErrorKind>| {
        let source = source.clone();
        let small = std::thread::Builder::new().stack_size(48 * 1024);
        small.spawn(move || read(&source)).unwrap().join().unwrap()
    };
    assert_eq!(on_a_small_stack(error_kinds), [ErrorKind::StackTooSmall]);
    let formatted = |source: &str| vec![format::format_source(source).unwrap_err().kind];
    assert_eq!(on_a_small_stack(formatted), [ErrorKind::StackTooSmall]);
    // On the stack a thread has by default, the same file is read.
    assert!(parse(&source).is_ok());
}
