//! Reading, answering and reporting one file: the text report for people and
//! the JSON document for programs.

use std::fmt::Write as _;
use std::path::Path;

use grid_core::{Direction, Grid};
use serde_json::{json, Map, Value};

use crate::answer::{answer_all, Answer, Budget, QueryResult};
pub use crate::diagnostic::Style;
use crate::diagnostic::{line_col, Diagnostic, Span};
use crate::syntax::{parse, Board, Expect, Puzzle};

/// What became of one file.
#[derive(Debug)]
pub struct FileReport {
    /// The path as the user gave it (or as found below a directory).
    pub path: String,
    /// The file's text (lossy for non-UTF-8 files, empty when unreadable).
    pub source: String,
    /// The answers, or why there are none.
    pub outcome: Result<Solved, Failure>,
}

/// A file that parsed, with its answers.
#[derive(Debug)]
pub struct Solved {
    /// The checked puzzle.
    pub puzzle: Puzzle,
    /// One result per query, in order.
    pub results: Vec<QueryResult>,
}

/// Why a file has no answers.
#[derive(Debug)]
pub enum Failure {
    /// It could not be read, or a directory held no puzzles.
    Unreadable(String),
    /// It is not a valid puzzle.
    Invalid(Diagnostic),
}

/// Reads, parses and answers one file (`answer = false` for `puzzle check`).
pub fn process(path: &Path, budget: Budget, answer: bool) -> FileReport {
    let shown = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) => {
            return FileReport {
                path: shown,
                source: String::new(),
                outcome: Err(Failure::Unreadable(format!("cannot read `{}`: {err}", path.display()))),
            }
        }
    };
    process_bytes(shown, bytes, budget, answer)
}

/// [`process`] on bytes already read.
pub fn process_bytes(path: String, bytes: Vec<u8>, budget: Budget, answer: bool) -> FileReport {
    let source = match String::from_utf8(bytes) {
        Ok(source) => source,
        Err(err) => {
            let valid = err.utf8_error().valid_up_to();
            let byte = err.as_bytes()[valid];
            let source = String::from_utf8_lossy(err.as_bytes()).into_owned();
            // The lossy text has one U+FFFD (3 bytes) in place of each bad sequence before
            // `valid`… there are none before it, so `valid` is the same offset in both.
            let diagnostic =
                Diagnostic::new(format!("the file is not UTF-8 text (byte 0x{byte:02X})"), Span::new(valid, valid + 3))
                    .help("save the file as UTF-8");
            return FileReport { path, source, outcome: Err(Failure::Invalid(diagnostic)) };
        }
    };
    let outcome = match parse(&source) {
        Ok(puzzle) => {
            let results = if answer { answer_all(&puzzle, budget) } else { Vec::new() };
            Ok(Solved { puzzle, results })
        }
        Err(diagnostic) => Err(Failure::Invalid(diagnostic)),
    };
    FileReport { path, source, outcome }
}

impl FileReport {
    /// The exit status this file calls for: 0 all good, 1 an `expect` failed,
    /// 2 invalid or unreadable (or a query that has no answer), 3 a search
    /// stopped at its budget.
    pub fn status(&self) -> u8 {
        match &self.outcome {
            Err(_) => 2,
            Ok(solved) => solved
                .results
                .iter()
                .map(|result| {
                    if result.incomplete.is_some() {
                        3
                    } else if result.answer.is_err() {
                        2
                    } else if matches!(result.expect, Some((_, false))) {
                        1
                    } else {
                        0
                    }
                })
                .max()
                .unwrap_or(0),
        }
    }
}

/// What the text report includes.
#[derive(Debug, Clone, Copy, Default)]
pub struct TextOptions {
    /// Print the starting board and the board after each witness.
    pub show: bool,
    /// Explain each answer step by step (see [`crate::explain`]).
    pub explain: bool,
    /// Draw explained boards in ASCII instead of Unicode box drawing.
    pub ascii: bool,
    /// Colour.
    pub style: Style,
}

/// The `s` of a plural English noun, for `count` of it.
pub(crate) fn plural_s(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

/// The largest tile of a board of tile values, 0 when it is empty.
fn largest_tile(board: &Grid<u64>) -> u64 {
    board.as_slice().iter().copied().max().unwrap_or(0)
}

fn moves_text(moves: &[Direction]) -> String {
    if moves.is_empty() {
        "none (the board already has it)".to_string()
    } else {
        let letters: Vec<String> = moves.iter().map(|m| m.letter().to_string()).collect();
        format!("{} ({} move{})", letters.join(" "), moves.len(), plural_s(moves.len()))
    }
}

fn indented(text: &str, by: usize) -> String {
    text.lines().map(|line| format!("{:by$}{line}\n", "")).collect()
}

fn board_text(values: &Grid<u64>) -> String {
    values.map(|&v| if v == 0 { ".".to_string() } else { v.to_string() }).to_string()
}

fn expect_text(expect: &Expect) -> String {
    match expect {
        Expect::Number(n) => n.to_string(),
        Expect::Unreachable => "unreachable".to_string(),
        Expect::Board(_) => "the board below".to_string(),
    }
}

fn answer_text(answer: &Answer) -> String {
    match answer {
        Answer::MaxTile { tile, .. } => tile.to_string(),
        Answer::Reach { moves: Some(moves) } => {
            format!("{} move{}", moves.len(), plural_s(moves.len()))
        }
        Answer::Reach { moves: None } => "unreachable".to_string(),
        Answer::Apply { board, .. } => format!("a board whose largest tile is {}", largest_tile(board)),
        Answer::MaxRemoved(solution) => {
            format!("{} block{}", solution.count(), plural_s(solution.count()))
        }
    }
}

/// The text report of one file.
pub fn render_text(report: &FileReport, options: TextOptions) -> String {
    let style = options.style;
    let mut out = String::new();
    let solved = match &report.outcome {
        Err(Failure::Unreadable(message)) => {
            let _ = writeln!(out, "{}: {message}", style.bad("error"));
            return out;
        }
        Err(Failure::Invalid(diagnostic)) => {
            return diagnostic.render(&report.path, &report.source, style.colour).to_string();
        }
        Ok(solved) => solved,
    };
    let puzzle = &solved.puzzle;
    let (height, width) = puzzle.board.size();
    let title = puzzle.name.as_deref().map(|name| format!(" — {name}")).unwrap_or_default();
    let _ = writeln!(out, "{}{}", style.bold(&report.path), style.bold(&title));
    let _ = writeln!(out, "  {}, {height}×{width} board", puzzle.game.name());
    if options.show {
        let _ = writeln!(out, "  start:");
        out += &indented(&start_text(&puzzle.board), 4);
    }
    for result in &solved.results {
        let answer = match &result.answer {
            Ok(answer) => answer,
            Err(diagnostic) => {
                let _ = writeln!(out, "  {}: {}", result.text, style.bad(&format!("error: {}", diagnostic.message)));
                continue;
            }
        };
        let mut line = format!("  {}: {}", result.text, style.bold(&answer_text(answer)));
        if let Some(upper_bound) = result.incomplete {
            let nodes = result.nodes.unwrap_or(0);
            let proven_tile = matches!(answer, Answer::MaxTile { tile, .. } if *tile == upper_bound);
            let note = if proven_tile {
                format!(
                    "(incomplete: no larger tile is possible, but the search stopped at its budget after {nodes} boards \
                     before proving that no shorter sequence reaches it)"
                )
            } else {
                format!(
                    "(incomplete: the search stopped at its budget after {nodes} boards; this is the best found, and \
                     no tile above {upper_bound} is possible)"
                )
            };
            let _ = write!(line, " {}", style.warn(&note));
        }
        match &result.expect {
            Some((_, true)) => line += &format!(" {}", style.good("✓")),
            Some((expect, false)) => {
                line += &format!(" {}", style.bad(&format!("✗ expected {}", expect_text(expect))));
            }
            None => {}
        }
        let _ = writeln!(out, "{line}");
        match answer {
            Answer::MaxTile { moves, .. } | Answer::Reach { moves: Some(moves) } => {
                let _ = writeln!(out, "    {} {}", style.dim("moves:"), moves_text(moves));
            }
            Answer::Reach { moves: None } | Answer::Apply { .. } => {}
            Answer::MaxRemoved(solution) => {
                let ids: Vec<String> = solution.removed_ids().iter().map(u32::to_string).collect();
                let order = if ids.is_empty() { "none".to_string() } else { ids.join(" ") };
                let _ = writeln!(out, "    {} {order}", style.dim("removed:"));
            }
        }
        if options.explain {
            let drawing = crate::explain::Drawing { colour: style.colour, ascii: options.ascii };
            out += &crate::explain::explain(&puzzle.board, answer, drawing);
        }
        if let Answer::Apply { board, .. } = answer {
            if !options.explain {
                out += &indented(&board_text(board), 4);
            }
            if let Some((Expect::Board(expected), false)) = &result.expect {
                let _ = writeln!(out, "    {}", style.bad("expected:"));
                out += &indented(&board_text(expected), 4);
            }
        } else if options.show {
            if let Some(after) = board_after(&puzzle.board, answer) {
                let _ = writeln!(out, "    after:");
                out += &indented(&after, 6);
            }
        }
    }
    out
}

fn start_text(board: &Board) -> String {
    match board {
        Board::Twenty48(board) => board.to_string(),
        Board::BlockGame(board) => board.to_string(),
    }
}

fn board_after(board: &Board, answer: &Answer) -> Option<String> {
    match (board, answer) {
        (Board::Twenty48(board), answer) => {
            let moves = answer.moves()?;
            rules_2048::apply(board, moves).ok().map(|after| after.to_string())
        }
        (Board::BlockGame(board), Answer::MaxRemoved(solution)) => {
            let removed = solution.removed_ids();
            let ids = board.ids().map(|&id| if id == 0 || removed.contains(&id) { 0 } else { id });
            Some(ids.map(|&id| if id == 0 { ".".to_string() } else { id.to_string() }).to_string())
        }
        _ => None,
    }
}

/// The line that ends a run of several files.
pub fn summary(reports: &[FileReport], style: Style) -> String {
    let queries: usize = reports.iter().map(|r| r.outcome.as_ref().map_or(0, |s| s.results.len())).sum();
    let failed = reports
        .iter()
        .filter_map(|r| r.outcome.as_ref().ok())
        .flat_map(|s| &s.results)
        .filter(|r| matches!(r.expect, Some((_, false))) || r.answer.is_err())
        .count();
    let invalid = reports.iter().filter(|r| r.outcome.is_err()).count();
    let incomplete = reports
        .iter()
        .filter_map(|r| r.outcome.as_ref().ok())
        .flat_map(|s| &s.results)
        .filter(|r| r.incomplete.is_some())
        .count();
    let count = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut line = format!(
        "{}, {}, {failed} failed",
        count(reports.len(), "puzzle", "puzzles"),
        count(queries, "query", "queries")
    );
    if invalid > 0 {
        line += &format!(", {invalid} invalid");
    }
    if incomplete > 0 {
        line += &format!(", {incomplete} incomplete");
    }
    if failed + invalid > 0 {
        style.bad(&line)
    } else if incomplete > 0 {
        style.warn(&line)
    } else {
        style.good(&line)
    }
}

fn moves_json(moves: &[Direction]) -> Value {
    Value::Array(moves.iter().map(|m| Value::String(m.letter().to_string())).collect())
}

fn grid_json(values: &Grid<u64>) -> Value {
    Value::Array(values.rows().map(|row| json!(row)).collect())
}

/// The JSON object of one file, as the format contract lays it out.
pub fn render_json(report: &FileReport) -> Value {
    let mut object = Map::new();
    object.insert("path".into(), json!(report.path));
    match &report.outcome {
        Err(failure) => {
            let (message, line, column) = match failure {
                Failure::Unreadable(message) => (message.clone(), 0, 0),
                Failure::Invalid(diagnostic) => {
                    let (line, column) = line_col(&report.source, diagnostic.span.start);
                    let mut message = diagnostic.message.clone();
                    if let Some(help) = &diagnostic.help {
                        message += &format!(" (help: {help})");
                    }
                    (message, line, column)
                }
            };
            object.insert("error".into(), json!({ "message": message, "line": line, "column": column }));
        }
        Ok(solved) => {
            object.insert("name".into(), json!(solved.puzzle.name));
            object.insert("game".into(), json!(solved.puzzle.game.name()));
            let results: Vec<Value> = solved.results.iter().map(result_json).collect();
            object.insert("results".into(), Value::Array(results));
        }
    }
    Value::Object(object)
}

fn result_json(result: &QueryResult) -> Value {
    let mut object = Map::new();
    object.insert("query".into(), json!(result.text));
    match &result.answer {
        Err(diagnostic) => {
            object.insert("error".into(), json!({ "message": diagnostic.message }));
        }
        Ok(answer) => {
            let (value, extra): (Value, Vec<(&str, Value)>) = match answer {
                Answer::MaxTile { tile, moves } => (json!(tile), vec![("moves", moves_json(moves))]),
                Answer::Reach { moves: Some(moves) } => (json!(moves.len()), vec![("moves", moves_json(moves))]),
                Answer::Reach { moves: None } => (json!("unreachable"), vec![("moves", json!([]))]),
                Answer::Apply { moves, board } => {
                    (grid_json(board), vec![("moves", moves_json(moves)), ("max_tile", json!(largest_tile(board)))])
                }
                Answer::MaxRemoved(solution) => {
                    (json!(solution.count()), vec![("removed", json!(solution.removed_ids()))])
                }
            };
            object.insert("answer".into(), value);
            for (key, value) in extra {
                object.insert(key.into(), value);
            }
        }
    }
    if let Some(upper_bound) = result.incomplete {
        object.insert("incomplete".into(), json!(true));
        object.insert("upper_bound".into(), json!(upper_bound));
    }
    if let Some((expect, ok)) = &result.expect {
        let expected = match expect {
            Expect::Number(n) => json!(n),
            Expect::Unreachable => json!("unreachable"),
            Expect::Board(board) => grid_json(board),
        };
        object.insert("expect".into(), expected);
        object.insert("ok".into(), json!(ok));
    }
    Value::Object(object)
}
