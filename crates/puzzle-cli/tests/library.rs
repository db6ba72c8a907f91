//! The language as a library: parse, check, format and answer a puzzle with
//! nothing of the command. CI runs this with `--no-default-features`, where
//! clap, anyhow, indicatif, signal-hook, crossterm and lsp-server are not
//! even built.

use puzzle_cli::answer::{answer_all, Answer2048, Answered, Budget, Status};
use puzzle_cli::language::format::format_source;
use puzzle_cli::language::{parse, ErrorKind};

const SOURCE: &str = "game   2048\nboard {\n  2 2 4 8\n}\nquery max-tile within 5\nexpect 16\n";

#[test]
fn parses_checks_formats_and_answers_without_the_command() {
    let formatted = format_source(SOURCE).expect("valid syntax");
    assert_eq!(formatted, "game 2048\n\nboard {\n  2 2 4 8\n}\n\nquery max-tile within 5\nexpect 16\n");
    let puzzle = parse(&formatted).expect("a valid puzzle");
    let Answered::Twenty48 { results, .. } = answer_all(&puzzle, Budget::default(), true) else {
        panic!("a 2048 puzzle answers as one");
    };
    assert_eq!(results.len(), 1);
    let Ok(Answer2048::MaxTile { tile, moves }) = &results[0].answer else { panic!("{:?}", results[0].answer) };
    assert_eq!((*tile, moves.len()), (16, 3));
    assert_eq!(results[0].status(), Status::Ok);
}

#[test]
fn reports_a_mistake_by_its_kind() {
    let error = parse("game chess\n").unwrap_err().swap_remove(0);
    assert_eq!(error.kind, ErrorKind::UnknownGame { word: "chess".into(), suggestion: None });
    assert_eq!(error.kind.help().as_deref(), Some("the games are `2048` and `blockgame`"));
}
