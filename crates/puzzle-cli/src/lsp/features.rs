//! What the server answers: diagnostics, formatting, inlay hints, hovers,
//! code actions, completions and semantic tokens, each from the text (and
//! the answers, where they are in).

use serde_json::{json, Value};

use super::position::{Encoding, Positions};
use crate::answer::{Answer2048, Answered, BlockAnswer, Bound, QueryResult};
use crate::bless::edits;
use crate::diagnostic::Span;
use crate::language::ast::Decimal;
use crate::language::errors::count;
use crate::language::format::format_source;
use crate::language::{
    byte_order_mark_blanked, comment_start, name_len, parse, Error, ErrorKind, Game, GameKind, QueryKind,
};
use crate::render::explain::{explain_2048, explain_blocks, Drawing};
use crate::render::text::{alternatives, with_spawns};
use crate::render::{plural_s, probability_text};
use crate::report::{Failure, FileReport};
use crate::style::Style;

/// The kinds of token the server tells, in the legend's order.
pub(super) const TOKEN_TYPES: [&str; 7] =
    ["keyword", "number", "string", "comment", "variable", "enumMember", "operator"];

/// The most diagnostics published for a file; past them, one more says how
/// many are left. A megabyte of errors makes 100,000 of them, which an
/// editor takes seconds to receive and show on every change, and no one
/// reads; `puzzle check --json` lists them all.
pub(super) const MAX_DIAGNOSTICS: usize = 1_000;

// A valid file's warnings, one an `expect` at most, are all shown.
const _: () = assert!(crate::limits::MAX_QUERIES <= MAX_DIAGNOSTICS);

/// Every error and warning of a file, as LSP diagnostics: the same as
/// `puzzle check` reports, the help as related information; the first
/// [`MAX_DIAGNOSTICS`] of them, then one that counts the rest, at the
/// first of those.
pub(super) fn diagnostics(report: &FileReport, uri: &str, encoding: Encoding) -> Vec<Value> {
    let errors: &[Error] = match &report.outcome {
        Err(Failure::Invalid(errors)) => errors,
        Err(Failure::Unreadable(_)) => &[],
        Ok(solved) => &solved.warnings,
    };
    let positions = Positions::new(&report.source, encoding);
    let (shown, rest) = errors.split_at(errors.len().min(MAX_DIAGNOSTICS));
    let mut diagnostics: Vec<Value> = shown
        .iter()
        .map(|error| {
            let mut related = Vec::new();
            if let Some(help) = error.kind.help() {
                let here = positions.range(error.span.start, error.span.end);
                related.push(json!({ "location": { "uri": uri, "range": here }, "message": format!("help: {help}") }));
            }
            if let (Some(also), Some(note)) = (error.also, error.diagnostic().note.map(|note| note.1)) {
                let there = positions.range(also.start, also.end);
                related.push(json!({ "location": { "uri": uri, "range": there }, "message": note }));
            }
            let mut diagnostic = json!({
                "range": positions.range(error.span.start, error.span.end),
                "severity": if error.kind.is_warning() { 2 } else { 1 },
                "source": "puzzle",
                "message": error.kind.message(),
                "relatedInformation": related,
            });
            if let Some(word) = suggestion(&error.kind) {
                diagnostic["data"] = json!({ "replace_with": word });
            }
            diagnostic
        })
        .collect();
    if let Some(first) = rest.first() {
        // Errors: a valid file's warnings, one an `expect` at most, stay
        // within the thousand queries a file may ask.
        let more = rest.len();
        diagnostics.push(json!({
            "range": positions.range(first.span.start, first.span.end),
            "severity": 1,
            "source": "puzzle",
            "message": format!(
                "and {more} more error{} from here on: the editor is shown the first {MAX_DIAGNOSTICS}; \
                 `puzzle check --json` lists them all",
                plural_s(more)
            ),
        }));
    }
    diagnostics
}

/// The quick fix of an error: its title, the span it replaces (the
/// error's, but for rows on a board's opening line, from the brace on) and
/// the text that replaces it: a "did you mean" error's word, the classic
/// law where `spawns` has none, a percent with its sign, a number, moves or
/// a board row as the language writes them, rows moved below their brace.
fn quick_fix(text: &str, error: &Error) -> Option<(String, Span, String)> {
    let span = error.span;
    let (title, word) = match &error.kind {
        ErrorKind::NoSpawnLaw => ("Write the classic law, `spawns classic`".into(), " classic".into()),
        ErrorKind::PercentWithoutSign { number } => (format!("Write `{number}%`"), format!("{number}%")),
        ErrorKind::CellsNotApart { row, written } if written.is_empty() => (format!("Remove `{row}`"), String::new()),
        ErrorKind::NumberMisWritten { written, .. }
        | ErrorKind::ChanceAsPercent { written, .. }
        | ErrorKind::ProbabilitiesForPercents { written, .. }
        | ErrorKind::MovesTogether { written, .. }
        | ErrorKind::PowerWritten { written, .. }
        | ErrorKind::CellsNotApart { written, .. } => (format!("Write `{written}`"), written.clone()),
        ErrorKind::LookAlike { meant, .. } if meant.is_empty() => ("Delete it".into(), String::new()),
        ErrorKind::LookAlike { meant, .. } if meant.trim().is_empty() => ("Write a space".into(), " ".into()),
        ErrorKind::LookAlike { meant, .. } => (format!("Write `{meant}`"), meant.clone()),
        ErrorKind::SeparatorAfterKeyword { separator, .. } => {
            // A blank stays between the keyword and its value.
            let glued = !text[span.end..].starts_with([' ', '\t']);
            (format!("Remove `{separator}`"), if glued { " ".into() } else { String::new() })
        }
        ErrorKind::RowsApartBySlash { rows } => {
            // Each row on a line of its own, indented as the line was (the
            // error starts at the line's first word).
            let line_start = text[..span.start].rfind(['\n', '\r']).map_or(0, |at| at + 1);
            let indent = &text[line_start..span.start];
            ("Put the rows on lines of their own".into(), rows.join(&format!("\n{indent}")))
        }
        ErrorKind::RowOnOpeningLine { .. } => {
            // The words become rows of their own, as `puzzle fmt` indents
            // them (a `/` between rows, as the library's boards are written
            // on one line, ends one), and a `}` that ends them the board's
            // last line.
            let words = &text[span.start..span.end];
            let row_words = words.strip_suffix('}').unwrap_or(words);
            let mut rows: String = row_words
                .split('/')
                .map(|row| row.trim_matches([' ', '\t']))
                .filter(|row| !row.is_empty())
                .map(|row| format!("\n  {row}"))
                .collect();
            if words.ends_with('}') {
                rows.push_str("\n}");
            }
            let after_brace = text[..span.start].trim_end_matches([' ', '\t']).len();
            return Some(("Put the board's rows on lines of their own".into(), Span::new(after_brace, span.end), rows));
        }
        _ => suggestion(&error.kind).map(|word| (format!("Replace with `{word}`"), word.to_string()))?,
    };
    Some((title, span, word))
}

/// The word a "did you mean" error suggests, for its quick fix.
fn suggestion(kind: &ErrorKind) -> Option<&'static str> {
    match kind {
        ErrorKind::ExpectedStatement { suggestion: Some(s), .. }
        | ErrorKind::ExpectedQuery { suggestion: Some(s), .. }
        | ErrorKind::UnknownGame { suggestion: Some(s), .. }
        | ErrorKind::UnknownMove { suggestion: Some(s), .. }
        | ErrorKind::UnknownOption { suggestion: Some(s), .. }
        | ErrorKind::BadSpawnLaw { suggestion: Some(s), .. } => Some(s.word),
        _ => None,
    }
}

/// `puzzle fmt`'s layout, as one edit of the whole text; none for a file
/// with a syntax error.
pub(super) fn formatting(text: &str, encoding: Encoding) -> Value {
    match format_source(text) {
        Ok(formatted) if formatted != text => {
            json!([{ "range": Positions::new(text, encoding).range(0, text.len()), "newText": formatted }])
        }
        _ => json!([]),
    }
}

/// Each query's span and canonical text, from the parse.
fn queries(text: &str) -> Vec<Span> {
    match parse(text) {
        Ok(puzzle) => match &puzzle.game {
            Game::Twenty48 { queries, .. } => queries.iter().map(|item| item.span).collect(),
            Game::Spawns { queries, .. } => queries.iter().map(|item| item.span).collect(),
            Game::BlockGame { queries, .. } => queries.iter().map(|item| item.span).collect(),
        },
        Err(_) => Vec::new(),
    }
}

/// The end of the line `at` is on.
fn line_end(text: &str, at: usize) -> usize {
    text[at..].find(['\r', '\n']).map_or(text.len(), |i| at + i)
}

/// What the hint of a result says: `→ 16 in 3 moves: L U L`.
fn hint_2048(result: &QueryResult<Answer2048, crate::language::Expect2048>) -> String {
    let moves_text =
        |moves: &[grid_core::Direction]| moves.iter().map(|m| m.letter().to_string()).collect::<Vec<_>>().join(" ");
    let answer = match &result.answer {
        Err(error) => return format!("→ error: {}", error.kind.message()),
        Ok(Answer2048::MaxTile { tile, moves }) if moves.is_empty() => format!("→ {tile}, on the board already"),
        Ok(Answer2048::MaxTile { tile, moves }) => {
            format!("→ {tile} in {}: {}", count(moves.len(), "move"), moves_text(moves))
        }
        Ok(Answer2048::Reach { moves: Some(moves) }) if moves.is_empty() => "→ 0 moves: on the board already".into(),
        Ok(Answer2048::Reach { moves: Some(moves) }) => {
            format!("→ {}: {}", count(moves.len(), "move"), moves_text(moves))
        }
        Ok(Answer2048::Reach { moves: None }) if result.incomplete.is_some() => "→ no sequence found".into(),
        Ok(Answer2048::Reach { moves: None }) => "→ unreachable".into(),
        Ok(Answer2048::Apply { board, .. }) => {
            format!("→ largest tile {}", board.as_slice().iter().max().copied().unwrap_or(0))
        }
        Ok(Answer2048::Chance { probability: None, .. }) => "→ not found".into(),
        Ok(Answer2048::Chance { probability: Some(p), moves, .. }) if moves.is_empty() => {
            format!("→ {}", probability_text(*p, 6))
        }
        Ok(Answer2048::Chance { probability: Some(p), moves, .. }) => {
            format!("→ {}, first {}", probability_text(*p, 6), alternatives(moves))
        }
        Ok(answer) if answer.is_lost_game() => "→ none: the game is lost".to_string(),
        Ok(Answer2048::BestMove { depth: 0, .. }) => "→ not found".to_string(),
        Ok(answer @ Answer2048::BestMove { depth, .. }) => {
            format!("→ {} (depth {depth})", alternatives(&answer.best_moves()))
        }
        Ok(Answer2048::Play { stats, .. }) => {
            let best = stats.reached().into_iter().rev().find(|(_, share)| *share >= 0.5);
            match best {
                Some((tile, share)) => {
                    format!("→ {tile} in {:.0}% of {}", share * 100.0, count(stats.games.len(), "game"))
                }
                None => format!("→ {}", count(stats.games.len(), "game")),
            }
        }
    };
    match result.incomplete {
        Some(Bound::UpperBound(bound)) => format!("{answer} (incomplete: no tile above {bound})"),
        Some(Bound::FewestAtLeast(fewest)) => format!("{answer} (incomplete: at least {})", count(fewest, "move")),
        Some(Bound::Unfinished) => format!("{answer} (incomplete: the search stopped at its budget)"),
        // The bound is the answer: the chance has no value of its own then.
        Some(Bound::ChanceAtLeast { probability, within }) => format!(
            "→ at least {} (incomplete: the chance within {})",
            Decimal::at_most(probability, 12),
            count(within, "move")
        ),
        Some(Bound::GamesUnfinished(games)) => format!("{answer} (incomplete: {} unfinished)", count(games, "game")),
        Some(Bound::DepthSearched { asked, searched }) => {
            format!("{answer} (incomplete: depth {searched} of {asked} within the budget)")
        }
        None => answer,
    }
}

fn hint_blocks(result: &QueryResult<BlockAnswer, crate::language::BlockExpect>) -> String {
    match &result.answer {
        Err(error) => format!("→ error: {}", error.kind.message()),
        Ok(BlockAnswer::MaxRemoved(solution)) => {
            let ids: Vec<String> = solution.removed_ids().iter().map(u32::to_string).collect();
            match ids.len() {
                0 => "→ 0 blocks".into(),
                n => format!("→ {}: {}", count(n, "block"), ids.join(", ")),
            }
        }
    }
}

/// The answers of a file, each with its query's span.
fn answers(answered: &FileReport) -> Vec<(Span, String)> {
    let Ok(solved) = &answered.outcome else { return Vec::new() };
    match &solved.answered {
        Answered::Twenty48 { results, .. } => results.iter().map(|r| (r.span, hint_2048(r))).collect(),
        Answered::BlockGame { results, .. } => results.iter().map(|r| (r.span, hint_blocks(r))).collect(),
    }
}

/// One hint at the end of each query's line: its answer, or "searching…"
/// while the search runs.
pub(super) fn inlay_hints(text: &str, answered: Option<&FileReport>, encoding: Encoding) -> Value {
    let hints: Vec<(Span, String)> = match answered {
        Some(report) => answers(report),
        None => queries(text).into_iter().map(|span| (span, "→ searching…".to_string())).collect(),
    };
    let positions = Positions::new(text, encoding);
    let hints: Vec<Value> = hints
        .into_iter()
        .map(|(span, label)| {
            json!({ "position": positions.position(line_end(text, span.start)), "label": label, "paddingLeft": true })
        })
        .collect();
    json!(hints)
}

/// The full answer of the query under the cursor, its witness drawn.
pub(super) fn hover(text: &str, answered: Option<&FileReport>, at: &Value, encoding: Encoding) -> Value {
    let at = Positions::new(text, encoding).offset(at);
    let Some(report) = answered else {
        let on_query = queries(text).iter().any(|span| span.start <= at && at <= line_end(text, span.start));
        return if on_query {
            json!({ "contents": { "kind": "markdown", "value": "searching…" } })
        } else {
            Value::Null
        };
    };
    let Ok(solved) = &report.outcome else { return Value::Null };
    let drawing = Drawing { colour: false, ascii: false, truecolor: false };
    let on = |span: Span| span.start <= at && at <= line_end(text, span.start);
    let (hint, explained) = match &solved.answered {
        Answered::Twenty48 { board, results, .. } => {
            let Some(result) = results.iter().find(|r| on(r.span)) else { return Value::Null };
            // A query of the game with spawns has no moves to show, but its
            // report's lines: the analysis, the shares, the proof.
            let explained = result
                .answer
                .as_ref()
                .map(|answer| {
                    let mut lines = String::new();
                    with_spawns(&mut lines, board, answer, Style { colour: false });
                    lines + &explain_2048(board, answer, drawing)
                })
                .unwrap_or_default();
            (hint_2048(result), explained)
        }
        Answered::BlockGame { board, results } => {
            let Some(result) = results.iter().find(|r| on(r.span)) else { return Value::Null };
            let explained = result.answer.as_ref().map(|a| explain_blocks(board, a, drawing)).unwrap_or_default();
            (hint_blocks(result), explained)
        }
    };
    let hint = hint.trim_start_matches("→ ");
    let explained = at_most_lines(&explained, HOVER_LINES);
    let value =
        if explained.is_empty() { format!("**{hint}**") } else { format!("**{hint}**\n\n```text\n{explained}```") };
    json!({ "contents": { "kind": "markdown", "value": value } })
}

/// The most lines a hover shows of an answer's explanation: a `play` of
/// 100,000 games has a line a game, and a long witness on a large board a
/// board a move (megabytes, which an editor would receive and draw at every
/// hover).
const HOVER_LINES: usize = 120;

/// `text`'s first `most` lines, and then how many more there are and where
/// to see them.
fn at_most_lines(text: &str, most: usize) -> String {
    let lines = text.lines().count();
    if lines <= most {
        return text.to_string();
    }
    let shown: String = text.lines().take(most).map(|line| format!("{line}\n")).collect();
    let more = count(lines - most, "more line");
    shown + &format!("… and {more}: `puzzle run --explain` shows them all\n")
}

/// "Write this answer as `expect`" on a query without one, "replace with the
/// answer" on a failing `expect`, and the "did you mean" quick fixes.
pub(super) fn code_actions(
    text: &str,
    answered: Option<&FileReport>,
    uri: &str,
    wanted: &Value,
    encoding: Encoding,
) -> Value {
    let positions = Positions::new(text, encoding);
    let (from, to) = (positions.offset(&wanted["start"]), positions.offset(&wanted["end"]));
    let mut actions = Vec::new();
    if let Some(report) = answered {
        for edit in edits(report) {
            // The query's line, and its `expect` when it has one.
            let (low, high) = (edit.query.start, line_end(text, edit.query.start).max(edit.span.end));
            if to < low || from > high {
                continue;
            }
            let title = if edit.rewrite { "Replace with the answer" } else { "Write this answer as `expect`" };
            let change = json!({ "range": positions.range(edit.span.start, edit.span.end), "newText": edit.text });
            actions.push(json!({ "title": title, "kind": "quickfix", "edit": { "changes": { uri: [change] } } }));
        }
    }
    if let Err(errors) = parse(text) {
        for error in errors.iter().filter(|e| e.span.start <= to && from <= e.span.end) {
            let Some((title, span, word)) = quick_fix(text, error) else { continue };
            let change = json!({ "range": positions.range(span.start, span.end), "newText": word });
            actions.push(json!({ "title": title, "kind": "quickfix", "isPreferred": true, "edit": { "changes": { uri: [change] } } }));
        }
    }
    json!(actions)
}

/// The words that may come at the cursor: keywords at a line's start, games
/// after `game`, queries after `query`, moves after `apply`, `unreachable`
/// after `expect`.
pub(super) fn completion(text: &str, at: &Value, encoding: Encoding) -> Value {
    let at = Positions::new(text, encoding).offset(at);
    let text = byte_order_mark_blanked(text);
    let (lines_before, line) = text[..at].rsplit_once(['\n', '\r']).unwrap_or(("", &text[..at]));
    // In a comment, nothing is offered.
    if comment_start(line).is_some() {
        return json!([]);
    }
    let before: Vec<&str> = line.split_whitespace().collect();
    let typing = !line.ends_with([' ', '\t']) && !before.is_empty();
    let done = if typing { &before[..before.len() - 1] } else { &before[..] };
    let (words, kind): (Vec<&str>, u32) = match done {
        // A board's row: no statement starts there.
        [] if crate::language::ends_in_open_board(lines_before) => (Vec::new(), 1),
        [] => (vec!["name", "game", "board", "spawns", "query", "expect"], 14),
        ["game"] => (GameKind::ALL.iter().map(|g| g.name()).collect(), 12),
        ["spawns"] => (vec!["classic"], 14),
        ["query"] => (queries_for(&text), 14),
        ["query", "max-tile"] | ["query", "reach", _] | ["query", "chance", _] => (vec!["within"], 14),
        ["query", "best-move"] => (vec!["depth"], 14),
        ["query", "play", _] => (vec!["games"], 14),
        // An option's name, after the value of the last one: those not
        // given yet.
        ["query", "play", _, "games", options @ ..] if options.len() % 2 == 0 => {
            let given: Vec<&str> = options.iter().step_by(2).copied().collect();
            (["seed", "depth", "until"].into_iter().filter(|option| !given.contains(option)).collect(), 14)
        }
        ["query", "apply", ..] => (vec!["U", "D", "L", "R", "up", "down", "left", "right"], 20),
        ["expect"] => (answers_after(lines_before), 14),
        _ => (Vec::new(), 1),
    };
    json!(words.into_iter().map(|word| json!({ "label": word, "kind": kind })).collect::<Vec<_>>())
}

/// The words an `expect` may start with after the last query of `before`:
/// `unreachable` after `reach`, a board after `apply`, a move after
/// `best-move`; both of the first two while no query is written yet. The
/// other answers are numbers.
fn answers_after(before: &str) -> Vec<&'static str> {
    let last_query =
        before.split(['\n', '\r']).rev().find_map(|line| match line.split_whitespace().collect::<Vec<_>>()[..] {
            ["query", keyword, ..] => Some(QueryKind::from_keyword(keyword)),
            _ => None,
        });
    match last_query {
        None => vec!["unreachable", "board {"],
        Some(Some(QueryKind::Reach)) => vec!["unreachable"],
        Some(Some(QueryKind::Apply)) => vec!["board {"],
        Some(Some(QueryKind::BestMove)) => vec!["U", "D", "L", "R", "none"],
        Some(_) => Vec::new(),
    }
}

/// The queries the file's game takes, read from its `game` and `spawns`
/// lines (every query while it names no game).
fn queries_for(text: &str) -> Vec<&'static str> {
    let first_words = |line: &str| line.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
    let lines: Vec<String> = text.lines().map(first_words).collect();
    let has = |start: &str| lines.iter().any(|line| line == start || line.starts_with(&format!("{start} ")));
    if has("game blockgame") {
        vec!["max-removed"]
    } else if has("spawns") {
        vec!["chance", "best-move", "play"]
    } else if has("game 2048") {
        vec!["max-tile", "reach", "apply"]
    } else {
        crate::language::QueryKind::KEYWORDS.to_vec()
    }
}

/// Every token's kind, for highlighting with no grammar of the client's own.
pub(super) fn semantic_tokens(text: &str, encoding: Encoding) -> Value {
    const KEYWORDS: [&str; 22] = [
        "name",
        "game",
        "board",
        "spawns",
        "query",
        "expect",
        "within",
        "max-tile",
        "reach",
        "apply",
        "max-removed",
        "unreachable",
        "chance",
        "best-move",
        "play",
        "classic",
        "depth",
        "games",
        "seed",
        "until",
        "in",
        "none",
    ];
    let positions = Positions::new(text, encoding);
    // Words are read where a byte order mark is blanked; columns are counted
    // in the text, where the mark is a character.
    let read = byte_order_mark_blanked(text);
    let cells_are_tiles = board_is_2048(&read);
    let mut data = Vec::new();
    let (mut last_line, mut last_start) = (0usize, 0usize);
    let mut push = |line: usize, start: usize, length: usize, kind: usize| {
        let delta_start = if line == last_line { start - last_start } else { start };
        data.extend([line - last_line, delta_start, length, kind, 0]);
        (last_line, last_start) = (line, start);
    };
    let starts = positions.starts();
    let mut in_board = false;
    for (line, &start) in starts.iter().enumerate() {
        let end = starts.get(line + 1).copied().unwrap_or(text.len());
        let line_text = text[start..end].trim_end_matches(['\r', '\n']);
        let line_read = &read[start..start + line_text.len()];
        // The characters before byte `at` of the line, counted on from the
        // last token's (a line may hold a hundred thousand words).
        let (mut counted_to, mut counted) = (0, 0);
        let mut column = |at: usize| {
            counted += positions.units(&line_text[counted_to..at]);
            counted_to = at;
            counted
        };
        // A `#` inside a name (`"Puzzle #1"`) starts no comment.
        let code_end = comment_start(line_read).unwrap_or(line_read.len());
        let mut words = Vec::new();
        let mut at = 0;
        let code = &line_read[..code_end];
        loop {
            let rest = &code[at..];
            at += rest.len() - rest.trim_start_matches([' ', '\t']).len();
            if at == code.len() {
                break;
            }
            let rest = &code[at..];
            let len = if rest.starts_with('"') { name_len(rest) } else { rest.find([' ', '\t']).unwrap_or(rest.len()) };
            words.push((at, &rest[..len]));
            at += len;
        }
        let first = words.first().map(|(_, w)| *w);
        // The moves: every word after `apply`.
        let apply_at = words.iter().position(|(_, w)| *w == "apply");
        for (index, &(at, word)) in words.iter().enumerate() {
            let kind = if word.starts_with('"') {
                2
            } else if KEYWORDS.contains(&word) {
                0
            } else if word == "{" || word == "}" || (in_board && (word == "." || word == "0")) {
                6
            } else if index == 1 && first == Some("game") {
                // The game's name, `2048` or `blockgame`, a constant as the
                // TextMate grammar has it.
                5
            } else if is_number(word) {
                if in_board && first != Some("expect") && !cells_are_tiles {
                    4
                } else {
                    1
                }
            } else if apply_at.is_some_and(|apply| index > apply) {
                5
            } else {
                continue;
            };
            push(line, column(at), positions.units(word), kind);
        }
        if code_end < line_text.len() {
            push(line, column(code_end), positions.units(&line_text[code_end..]), 3);
        }
        if words.iter().any(|(_, w)| w.ends_with('{')) {
            in_board = true;
        } else if first.is_some_and(|w| w.starts_with('}')) {
            in_board = false;
        }
    }
    json!({ "data": data })
}

/// A number as the language writes one: digits, with a decimal point
/// between digits (`0.0273`) or a percent sign after them (`90%`, `99.5%`).
fn is_number(word: &str) -> bool {
    let digits = word.strip_suffix('%').unwrap_or(word);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    [whole, fraction].iter().all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether the file's game is 2048 (its cells are tiles) rather than the
/// block game (its cells are ids).
fn board_is_2048(text: &str) -> bool {
    !text.lines().any(|line| {
        let code = &line[..comment_start(line).unwrap_or(line.len())];
        code.split_whitespace().eq(["game", "blockgame"])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::Budget;
    use crate::report::process_bytes;

    /// The hints the editor shows for `text`, each query searched within
    /// `nodes` boards (the default when `None`).
    fn hints(text: &str, nodes: Option<u64>) -> Vec<String> {
        let budget = Budget { nodes, threads: 1, chance_boards: nodes };
        let report = process_bytes("file:///t.puzzle".into(), text.as_bytes().to_vec(), budget, true);
        let hints = inlay_hints(text, Some(&report), Encoding::Utf16);
        hints.as_array().unwrap().iter().map(|hint| hint["label"].as_str().unwrap().to_string()).collect()
    }

    /// Each kind of answer, as its hint at the end of its query's line:
    /// (board, query, boards a query may search, hint).
    #[test]
    fn every_answer_has_its_hint() {
        let sliding = "game 2048\nboard {\n  2 2\n  4 .\n}\n";
        let crowded = "game 2048\nboard {\n  2 2 4 8\n  2 2 4 8\n  2 2 4 8\n  2 2 4 8\n}\n";
        let past_2_63 = "game 2048\nboard {\n  9223372036854775808 9223372036854775808\n}\n";
        let spawning = "game 2048\nspawns classic\nboard {\n  2 2\n  . .\n}\n";
        let lost = "game 2048\nspawns classic\nboard {\n  2 4\n  4 2\n}\n";
        let open = "game 2048\nspawns classic\nboard {\n  2 4 . . .\n  4 2 . . .\n  . . . . .\n}\n";
        let blocks = |rows: &str| format!("game blockgame\nboard {{\n{rows}}}\n");
        let (upturned_t, t) = (blocks("  . 1 .\n  1 1 1\n"), blocks("  1 1 1\n  . 1 .\n"));
        let cases: &[(&str, &str, Option<u64>, &str)] = &[
            (sliding, "max-tile within 0", None, "→ 4, on the board already"),
            (sliding, "max-tile within 3", None, "→ 8 in 2 moves: L U"),
            (sliding, "reach 2 within 3", None, "→ 0 moves: on the board already"),
            (sliding, "reach 8 within 3", None, "→ 2 moves: L U"),
            (sliding, "reach 16 within 3", None, "→ unreachable"),
            (sliding, "apply L", None, "→ largest tile 4"),
            (crowded, "max-tile within 3", Some(1), "→ 16 in 1 move: U (incomplete: no tile above 32)"),
            (crowded, "reach 32 within 3", Some(1), "→ no sequence found (incomplete: at least 2 moves)"),
            (
                past_2_63,
                "max-tile within 1",
                None,
                "→ error: two 2^63 tiles would merge at row 1, column 1: the largest tile is 2^63",
            ),
            (spawning, "chance 2 within 1", None, "→ 1"),
            (spawning, "chance 4 within 1", None, "→ 1, first L or R"),
            (spawning, "chance 8 within 3", None, "→ 0.145, first D or L or R"),
            (spawning, "best-move depth 2", None, "→ D or L or R (depth 2)"),
            (spawning, "play 2 games seed 3 until 16", None, "→ 16 in 100% of 2 games"),
            (lost, "best-move", None, "→ none: the game is lost"),
            (lost, "chance 8 within 3", None, "→ 0"),
            (open, "chance 16 within 9", Some(1), "→ not found (incomplete: the search stopped at its budget)"),
            (
                open,
                "chance 16 within 9",
                Some(100),
                "→ at least 0.007438016528 (incomplete: the chance within 4 moves)",
            ),
            (open, "best-move depth 6", Some(1), "→ not found (incomplete: the search stopped at its budget)"),
            (open, "best-move depth 6", Some(3000), "→ D or R (depth 2) (incomplete: depth 2 of 6 within the budget)"),
            (open, "play 3 games", Some(1), "→ 4 in 100% of 3 games (incomplete: 3 games unfinished)"),
            (&upturned_t, "max-removed", None, "→ 1 block: 1"),
            (&t, "max-removed", None, "→ 0 blocks"),
        ];
        for &(board, query, nodes, hint) in cases {
            assert_eq!(hints(&format!("{board}query {query}\n"), nodes), [hint], "{query} within {nodes:?} boards");
        }
    }

    #[test]
    fn while_the_answers_are_searched_each_query_s_line_says_so() {
        let text = "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1 # one\n\nquery reach 4 within 1\n";
        let searching = |line: u32, character: u32| json!({ "position": { "line": line, "character": character }, "label": "→ searching…", "paddingLeft": true });
        assert_eq!(inlay_hints(text, None, Encoding::Utf16), json!([searching(4, 29), searching(6, 22)]));
        // Not where the file cannot be read.
        assert_eq!(inlay_hints("game 2048\nquery max-tile within 1\n", None, Encoding::Utf16), json!([]));
    }

    #[test]
    fn while_the_answers_are_searched_a_hover_on_a_query_says_so() {
        let text = "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n\n";
        let hover_at = |line: u32, character: u32| {
            hover(text, None, &json!({ "line": line, "character": character }), Encoding::Utf16)
        };
        let searching = json!({ "contents": { "kind": "markdown", "value": "searching…" } });
        // From the query's first character to its line's end.
        assert_eq!([hover_at(4, 0), hover_at(4, 10), hover_at(4, 23)], [(); 3].map(|_| searching.clone()));
        // Not on the line before, nor on the one after.
        assert_eq!([hover_at(3, 1), hover_at(5, 0), hover_at(0, 0)], [Value::Null, Value::Null, Value::Null]);
    }

    /// The words offered where `$0` stands in `text`.
    fn check_completion(text: &str, expected: &[&str]) {
        let at = text.find("$0").expect("a cursor");
        let text = text.replace("$0", "");
        let position = Positions::new(&text, Encoding::Utf16).position(at);
        let items = completion(&text, &position, Encoding::Utf16);
        let words: Vec<&str> = items.as_array().unwrap().iter().map(|item| item["label"].as_str().unwrap()).collect();
        assert_eq!(words, expected, "{text:?} at {at}");
    }

    #[test]
    fn each_place_is_offered_the_words_that_fit_there() {
        let statements = ["name", "game", "board", "spawns", "query", "expect"];
        let moves = ["U", "D", "L", "R", "up", "down", "left", "right"];
        let spawns = "game 2048\nspawns classic\n";
        let cases: &[(&str, &[&str])] = &[
            ("$0", &statements),
            ("game 2048\nbo$0", &statements),
            ("game $0", &["2048", "blockgame"]),
            ("game 20$0", &["2048", "blockgame"]),
            ("game 2048\nspawns $0", &["classic"]),
            ("game 2048\nquery $0", &["max-tile", "reach", "apply"]),
            ("game 2048\nquery max-tile $0", &["within"]),
            ("game 2048\nquery reach 8 wi$0", &["within"]),
            ("game 2048\nquery apply L $0", &moves),
            ("game 2048\nquery reach 8 within 2\nexpect $0", &["unreachable"]),
            ("game 2048\nquery apply L\nexpect $0", &["board {"]),
            ("game 2048\nquery max-tile within 2\nexpect $0", &[]),
            (&format!("{spawns}query $0"), &["chance", "best-move", "play"]),
            (&format!("{spawns}query chance 8 $0"), &["within"]),
            (&format!("{spawns}query best-move $0"), &["depth"]),
            (&format!("{spawns}query play 3 $0"), &["games"]),
            (&format!("{spawns}query play 3 games $0"), &["seed", "depth", "until"]),
            (&format!("{spawns}query play 3 games depth 2 $0"), &["seed", "until"]),
            (&format!("{spawns}query play 3 games depth $0"), &[]),
            (&format!("{spawns}query best-move\nexpect $0"), &["U", "D", "L", "R", "none"]),
            ("game blockgame\nquery $0", &["max-removed"]),
            ("query $0", &["max-tile", "reach", "apply", "max-removed", "chance", "best-move", "play"]),
            // In a comment, on a line ended by `\r`, after a word nothing follows.
            ("game 2048 # $0", &[]),
            ("game 2048\rgame $0", &["2048", "blockgame"]),
            ("game 2048 $0", &[]),
            // In a board, a row goes: no statement, until its `}`.
            ("game 2048\nboard {\n  2 2\n  $0", &[]),
            ("game 2048\nboard{ # }\n$0", &[]),
            ("game 2048\nboard\n  2 2\n$0", &[]),
            ("game 2048\nboard {\n  2 2\n}\n$0", &statements),
            ("game 2048\nquery apply L\nexpect board {\n  4 .\n  $0", &[]),
            ("game 2048\nquery apply L\nexpect board {\n  4 .\n}\n$0", &statements),
            // A line that starts a statement ends a board left open.
            ("game 2048\nboard {\n  2 2\nquery max-tile within 1\n$0", &statements),
        ];
        for &(text, expected) in cases {
            check_completion(text, expected);
        }
    }

    /// The tokens of `text`, each as (line, start, length, kind), from the
    /// protocol's relative encoding.
    fn tokens(text: &str) -> Vec<(usize, usize, usize, &'static str)> {
        let data = semantic_tokens(text, Encoding::Utf16);
        let numbers: Vec<usize> =
            data["data"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap() as usize).collect();
        let (mut line, mut start) = (0, 0);
        numbers
            .chunks(5)
            .map(|token| {
                assert_eq!(token[4], 0, "no modifiers");
                (line, start) = if token[0] == 0 { (line, start + token[1]) } else { (line + token[0], token[1]) };
                (line, start, token[2], TOKEN_TYPES[token[3]])
            })
            .collect()
    }

    #[test]
    fn each_token_is_told_its_kind() {
        let text = "name \"Two\" # a pair\ngame 2048\nboard {\n  2 .\n}\nquery apply L\n";
        assert_eq!(
            tokens(text),
            [
                (0, 0, 4, "keyword"),
                (0, 5, 5, "string"),
                (0, 11, 8, "comment"),
                (1, 0, 4, "keyword"),
                (1, 5, 4, "enumMember"),
                (2, 0, 5, "keyword"),
                (2, 6, 1, "operator"),
                (3, 2, 1, "number"),
                (3, 4, 1, "operator"),
                (4, 0, 1, "operator"),
                (5, 0, 5, "keyword"),
                (5, 6, 5, "keyword"),
                (5, 12, 1, "enumMember"),
            ]
        );
        // Numbers with decimals or a percent sign; a word the language does
        // not know is left to the diagnostics.
        let text = "spawns 2 99.5% 4 0.5%\nquery chance 8 within 2 oops\nexpect 0.0273\n";
        assert_eq!(
            tokens(text),
            [
                (0, 0, 6, "keyword"),
                (0, 7, 1, "number"),
                (0, 9, 5, "number"),
                (0, 15, 1, "number"),
                (0, 17, 4, "number"),
                (1, 0, 5, "keyword"),
                (1, 6, 6, "keyword"),
                (1, 13, 1, "number"),
                (1, 15, 6, "keyword"),
                (1, 22, 1, "number"),
                (2, 0, 6, "keyword"),
                (2, 7, 6, "number"),
            ]
        );
        // A block game's cells are ids.
        let text = "game blockgame\nboard {\n  7\n}\n";
        assert_eq!(tokens(text)[1..4], [(0, 5, 9, "enumMember"), (1, 0, 5, "keyword"), (1, 6, 1, "operator")]);
        assert_eq!(tokens(text)[4], (2, 2, 1, "variable"));
    }

    #[test]
    fn a_code_action_is_offered_for_what_the_range_touches() {
        let text = "gmae 2048\nboard {\n  2 2\n}\nquery max-tile within 1\nexpet 4\n";
        let titles_for = |start: (u32, u32), end: (u32, u32)| -> Vec<String> {
            let range = json!({ "start": { "line": start.0, "character": start.1 }, "end": { "line": end.0, "character": end.1 } });
            let actions = code_actions(text, None, "file:///t.puzzle", &range, Encoding::Utf16);
            actions.as_array().unwrap().iter().map(|action| action["title"].as_str().unwrap().to_string()).collect()
        };
        assert_eq!(titles_for((0, 0), (0, 0)), ["Replace with `game`"]);
        assert_eq!(titles_for((0, 4), (0, 4)), ["Replace with `game`"], "the error's end");
        assert_eq!(titles_for((0, 5), (0, 9)), Vec::<String>::new(), "past it");
        assert_eq!(titles_for((5, 0), (5, 0)), ["Replace with `expect`"]);
        assert_eq!(titles_for((0, 0), (5, 7)), ["Replace with `game`", "Replace with `expect`"]);
    }

    #[test]
    fn an_answer_s_action_is_offered_on_its_query_s_line_and_its_expect() {
        let text = "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\nexpect 8\n\n";
        let report = process_bytes("file:///t.puzzle".into(), text.as_bytes().to_vec(), Budget::default(), true);
        let titles_at = |line: u32, character: u32| -> Vec<String> {
            let at = json!({ "line": line, "character": character });
            let range = json!({ "start": at, "end": at });
            let actions = code_actions(text, Some(&report), "file:///t.puzzle", &range, Encoding::Utf16);
            actions.as_array().unwrap().iter().map(|action| action["title"].as_str().unwrap().to_string()).collect()
        };
        let replace = vec!["Replace with the answer".to_string()];
        assert_eq!([titles_at(4, 0), titles_at(4, 23), titles_at(5, 8)], [(); 3].map(|_| replace.clone()));
        assert_eq!([titles_at(3, 1), titles_at(6, 0)], [Vec::<String>::new(), Vec::new()]);
    }

    #[test]
    fn formatting_changes_only_a_file_out_of_layout() {
        let formatted = "game 2048\n\nboard {\n  2 2\n}\n\nquery max-tile within 1\n";
        assert_eq!(formatting(formatted, Encoding::Utf16), json!([]));
        let squeezed = formatted.replace("\n\n", "\n");
        let whole = json!({ "start": { "line": 0, "character": 0 }, "end": { "line": 5, "character": 0 } });
        assert_eq!(formatting(&squeezed, Encoding::Utf16), json!([{ "range": whole, "newText": formatted }]));
        // A file with a syntax error has no layout to take.
        assert_eq!(formatting("game 2048\nboard {\n", Encoding::Utf16), json!([]));
    }

    /// The quick fixes of a file: each title with its new text.
    fn quick_fixes(text: &str) -> Vec<(String, String)> {
        let whole = json!({ "start": { "line": 0, "character": 0 }, "end": Positions::new(text, Encoding::Utf16).position(text.len()) });
        let actions = code_actions(text, None, "file:///t.puzzle", &whole, Encoding::Utf16);
        let fix = |action: &Value| {
            let title = action["title"].as_str().unwrap().to_string();
            (title, action["edit"]["changes"]["file:///t.puzzle"][0]["newText"].as_str().unwrap().to_string())
        };
        actions.as_array().unwrap().iter().map(fix).collect()
    }

    #[test]
    fn rows_and_cells_are_put_apart_a_wide_space_made_plain_and_an_invisible_one_deleted() {
        let fixes = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
            pairs.iter().map(|&(title, text)| (title.to_string(), text.to_string())).collect()
        };
        let brackets = "game 2048\nboard {\n  [\n  2 2\n  ]\n}\nquery max-tile within 1\n";
        assert_eq!(quick_fixes(brackets), fixes(&[("Remove `[`", ""), ("Remove `]`", "")]));
        let wide_space = "game\u{3000}2048\nboard {\n  2 2\n}\nquery max-tile within 1\n";
        assert_eq!(quick_fixes(wide_space), fixes(&[("Write a space", " ")]));
        let zero_width = "ga\u{200b}me 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n";
        assert_eq!(quick_fixes(zero_width), fixes(&[("Delete it", "")]));
        let commas = "game 2048\nboard {\n  2,2\n}\nquery max-tile within 1\n";
        assert_eq!(quick_fixes(commas), fixes(&[("Write `2 2`", "2 2")]));
        let glued_rows = "game 2048\nboard {\n  2 2/4 4\n}\nquery max-tile within 1\n";
        assert_eq!(quick_fixes(glued_rows), fixes(&[("Put the rows on lines of their own", "2 2\n  4 4")]));
    }
}
