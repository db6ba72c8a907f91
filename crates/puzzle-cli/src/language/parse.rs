//! From text to statements: the grammar cuts the text into statements,
//! reading every value as a plain word, and this module checks their order
//! (`name`, `game` and `board` before the queries, each `expect` after its
//! query). The words get their meaning in `check`.

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser;

use super::ast::{GameKind, QueryKind};
use super::errors::{Error, ErrorKind, Found, HeaderKeyword, Suggestion, ValueOf};
use super::grammar::{PuzzleParser, Rule};
use crate::diagnostic::Span;
use crate::limits;

/// A word of the file and where it is.
pub(super) type Word = (String, Span);

/// The words of a board's rows, before the game gives them meaning.
pub(super) type RawBoard = Vec<Vec<Word>>;

/// A file's statements in order, their words not yet read.
#[derive(Default)]
pub(super) struct Statements {
    pub(super) name: Option<(String, Span)>,
    pub(super) game: Option<(GameKind, Span)>,
    pub(super) board: Option<(RawBoard, Span)>,
    /// The words of `spawns`, and the statement's span.
    pub(super) spawns: Option<(Vec<Word>, Span)>,
    pub(super) queries: Vec<RawQuery>,
    /// Ragged rows: told, and the board's words kept for their own checks.
    shape_errors: Vec<Error>,
    /// The first query past the limit, and how many there are: told once,
    /// not once each.
    past_the_limit: Option<(Span, usize)>,
    /// Whose the `expect` lines that follow are.
    expects_go_to: ExpectsGoTo,
}

/// Whose an `expect` is: the last query kept, or a query after it whose
/// syntax is broken (told), of this kind when its keyword is one. An
/// `expect` of a broken query is not read against the query before it.
#[derive(Default, Clone, Copy)]
enum ExpectsGoTo {
    #[default]
    LastQuery,
    BrokenQuery(Option<QueryKind>),
}

/// A query's kind and words, and its `expect`.
pub(super) struct RawQuery {
    pub(super) kind: QueryKind,
    pub(super) words: Vec<Word>,
    pub(super) span: Span,
    pub(super) expect: Option<(RawExpect, Span)>,
}

/// What an `expect` holds: its first word and the others (none but for
/// `play`'s `TILE in P%`), or a board with the span of its body.
pub(super) enum RawExpect {
    Words(Word, Vec<Word>),
    Board(RawBoard, Span),
}

/// The statements of `source`, in order, and every error of their syntax
/// and order. The file is cut into statements a line at a time (a board runs
/// to its closing `}`), and each is parsed alone, so that a mistake in one
/// is reported and the next is read all the same.
pub(super) fn statements(source: &str) -> (Statements, Vec<Error>) {
    let mut statements = Statements::default();
    let mut errors = Vec::new();
    if source.len() > limits::MAX_FILE_BYTES {
        errors.push(Error::new(ErrorKind::FileTooLarge { bytes: source.len() }, Span::new(0, 0)));
        return (statements, errors);
    }
    for chunk in chunks(source) {
        if let Some(at) = chunk.missing_brace {
            errors.push(Error::new(ErrorKind::ExpectedBoardOpen { found: Found::EndOfLine }, Span::new(at, at)));
            continue;
        }
        let mut text = &source[chunk.start..chunk.end];
        // `game: 2048`, `board = {`: told, and the statement read as if
        // blanks stood in the separator's place (every offset kept).
        let blanked;
        if let Some((keyword, at)) = separator_after_keyword(text) {
            let separator = text[at.clone()].to_string();
            let span = Span::new(chunk.start + at.start, chunk.start + at.end);
            errors.push(Error::new(ErrorKind::SeparatorAfterKeyword { keyword, separator }, span));
            blanked = format!("{}{}{}", &text[..at.start], " ".repeat(at.len()), &text[at.end..]);
            text = &blanked;
        }
        match PuzzleParser::parse(Rule::file, text) {
            Ok(mut file) => {
                let file = file.next().expect("the grammar's top rule matched");
                for statement in file.into_inner() {
                    if let Err(error) = statements.take(statement, chunk.start) {
                        errors.push(error);
                    }
                }
            }
            Err(err) => {
                let first_line = text.split(['\r', '\n']).next().unwrap_or_default();
                statements.expects_go_to = match words_of(first_line).as_slice() {
                    ["query", keyword, ..] => ExpectsGoTo::BrokenQuery(QueryKind::from_keyword(keyword)),
                    ["query"] => ExpectsGoTo::BrokenQuery(None),
                    ["expect", ..] => statements.expects_go_to,
                    _ => ExpectsGoTo::LastQuery,
                };
                let mut error = syntax_error(text, err);
                // Every other statement would stop short the same way.
                if error.kind == ErrorKind::StackTooSmall {
                    errors.push(error);
                    return (statements, errors);
                }
                error.span = error.span.shifted(chunk.start);
                // A board that runs into the next statement, or the end, is
                // told at its opening brace.
                if let (ErrorKind::BoardNotClosed, Some(opening)) = (&error.kind, chunk.opening) {
                    error.span = Span::new(opening, opening + 1);
                }
                // An `expect` cut short is shown the answer of its query.
                if let ErrorKind::ExpectedAnswer { query, .. } = &mut error.kind {
                    *query = match statements.expects_go_to {
                        ExpectsGoTo::LastQuery => statements.queries.last().map(|query| query.kind),
                        ExpectsGoTo::BrokenQuery(kind) => kind,
                    };
                }
                errors.push(error);
            }
        }
    }
    errors.append(&mut statements.shape_errors);
    if let Some((first, past)) = statements.past_the_limit {
        errors.push(Error::new(ErrorKind::TooManyQueries { queries: limits::MAX_QUERIES + past }, first));
    }
    (statements, errors)
}

/// The byte range of one statement in the file, and where its board's `{`
/// is, if it opens one.
struct Chunk {
    start: usize,
    end: usize,
    opening: Option<usize>,
    /// For `board` or `expect board` with no `{` after it: where the brace
    /// should be. Its rows, if any follow, are in the chunk.
    missing_brace: Option<usize>,
}

/// The lines of `source`: where each starts, where its text ends, and where
/// the next starts (`\r\n`, `\n` and a lone `\r` all end a line).
pub(super) fn lines(source: &str) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
    let bytes = source.as_bytes();
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= bytes.len() {
            return None;
        }
        let start = at;
        while at < bytes.len() && bytes[at] != b'\n' && bytes[at] != b'\r' {
            at += 1;
        }
        let end = at;
        if at < bytes.len() {
            at += if bytes[at] == b'\r' && bytes.get(at + 1) == Some(&b'\n') { 2 } else { 1 };
        }
        Some((start, end, at))
    })
}

/// The words of a line before its comment.
fn words_of(line: &str) -> Vec<&str> {
    let code = line.find('#').map_or(line, |at| &line[..at]);
    code.split([' ', '\t']).filter(|word| !word.is_empty()).collect()
}

/// The statements of `source`: a line that holds anything but a comment
/// starts one; a `board {` or `expect board {` line runs to the line that
/// starts with `}`, or stops before the next line that starts a statement.
fn chunks(source: &str) -> Vec<Chunk> {
    let (mut chunks, open_board) = closed_chunks_and_open_board(source);
    chunks.extend(open_board);
    chunks
}

/// Whether `source` ends inside a board: its `board {` or `expect board {`
/// line is not yet closed, as [`chunks`] reads the file. There the lines are
/// rows, not statements. (For the language server's completion.)
#[cfg(feature = "cli")]
pub(crate) fn ends_in_open_board(source: &str) -> bool {
    closed_chunks_and_open_board(source).1.is_some()
}

/// The statements of `source` that [`chunks`] reads, but for a board still
/// open at its end, given apart.
fn closed_chunks_and_open_board(source: &str) -> (Vec<Chunk>, Option<Chunk>) {
    let mut chunks: Vec<Chunk> = Vec::new();
    let mut open_board: Option<Chunk> = None;
    for (start, end, next) in lines(source) {
        let line = &source[start..end];
        let words = words_of(line);
        let Some(&first) = words.first() else { continue };
        if let Some(board) = open_board.as_mut() {
            if first.starts_with('}') {
                board.end = next;
                chunks.extend(open_board.take());
                continue;
            }
            if !KEYWORDS.contains(&first) {
                board.end = next;
                continue;
            }
            chunks.extend(open_board.take());
        }
        match board_line(line) {
            Some(BoardLine::Opens { brace }) => {
                open_board = Some(Chunk { start, end: next, opening: Some(start + brace), missing_brace: None });
            }
            // `board` alone on its line: the rows below are its, and the
            // brace is missing where the line ends.
            Some(BoardLine::LacksBrace { after_board }) => {
                open_board = Some(Chunk { start, end: next, opening: None, missing_brace: Some(start + after_board) });
            }
            None => chunks.push(Chunk { start, end: next, opening: None, missing_brace: None }),
        }
    }
    (chunks, open_board)
}

/// The words that start a statement.
const KEYWORDS: [&str; 6] = ["name", "game", "board", "spawns", "query", "expect"];

/// What some write between a keyword and its value, as other formats do:
/// the longest first.
const SEPARATORS: [&str; 4] = ["==", ":=", ":", "="];

/// Where a separator stands in `text` at `at`, after blanks if any (glued
/// to the word before or apart from it).
fn separator_at(text: &str, at: usize) -> Option<std::ops::Range<usize>> {
    let rest = &text[at..];
    let start = at + rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let separator = SEPARATORS.into_iter().find(|separator| text[start..].starts_with(separator))?;
    Some(start..start + separator.len())
}

/// The keyword a statement starts with and where a separator follows it
/// (`game: 2048`, `game:2048`, `board = {`), if one does.
fn separator_after_keyword(text: &str) -> Option<(&'static str, std::ops::Range<usize>)> {
    let line = text.split(['\r', '\n']).next().unwrap_or_default();
    let code = &line[..line.find('#').unwrap_or(line.len())];
    let start = code.len() - code.trim_start_matches([' ', '\t']).len();
    let keyword = KEYWORDS.into_iter().find(|keyword| code[start..].starts_with(keyword))?;
    // Right after the keyword, or blanks after it: `games:` is no keyword.
    Some((keyword, separator_at(code, start + keyword.len())?))
}

/// What a line that starts a board holds after its `board`.
enum BoardLine {
    /// Its `{`, at this offset in the line.
    Opens { brace: usize },
    /// Nothing (a comment at most): the brace belongs right after `board`.
    LacksBrace { after_board: usize },
}

/// Whether `line` starts a board, `board` or `expect board` followed by
/// its `{` (glued to it or not, as the grammar allows), or by nothing.
fn board_line(line: &str) -> Option<BoardLine> {
    let code = line.find('#').map_or(line, |at| &line[..at]);
    let blank = [' ', '\t'];
    let mut rest = code.trim_start_matches(blank);
    if let Some(after) = rest.strip_prefix("expect") {
        // A separator after it (`expect: board {`) is told by the statement.
        match separator_at(after, 0) {
            Some(separator) => rest = after[separator.end..].trim_start_matches(blank),
            None if after.starts_with(blank) => rest = after.trim_start_matches(blank),
            None => {}
        }
    }
    let after_board = rest.strip_prefix("board")?;
    let at = code.len() - after_board.len();
    // A separator (`board = {`) is told by the statement; the board is the
    // same.
    let after_separator = match separator_at(code, at) {
        Some(separator) => &code[separator.end..],
        None => after_board,
    };
    let next = after_separator.trim_start_matches(blank);
    if next.is_empty() {
        Some(BoardLine::LacksBrace { after_board: at })
    } else if next.starts_with('{') {
        Some(BoardLine::Opens { brace: code.len() - next.len() })
    } else {
        None
    }
}

impl Statements {
    fn take(&mut self, statement: Pair<'_, Rule>, offset: usize) -> Result<(), Error> {
        let at = |span: pest::Span<'_>| Span::from(span).shifted(offset);
        let span = at(statement.as_span());
        let rule = statement.as_rule();
        if rule == Rule::EOI {
            return Ok(());
        }
        let mut inner = statement.into_inner();
        let keyword = inner.next().expect("every statement starts with its keyword");
        let keyword_span = at(keyword.as_span());
        match rule {
            Rule::name_statement | Rule::game_statement | Rule::board_statement | Rule::spawns_statement => {
                let header = match rule {
                    Rule::name_statement => HeaderKeyword::Name,
                    Rule::game_statement => HeaderKeyword::Game,
                    Rule::spawns_statement => HeaderKeyword::Spawns,
                    _ => HeaderKeyword::Board,
                };
                if let Some(first) = self.queries.first() {
                    return Err(Error::new(ErrorKind::AfterQuery { keyword: header }, keyword_span).also(first.span));
                }
                let first = match header {
                    HeaderKeyword::Name => self.name.as_ref().map(|n| n.1),
                    HeaderKeyword::Game => self.game.as_ref().map(|g| g.1),
                    HeaderKeyword::Board => self.board.as_ref().map(|b| b.1),
                    HeaderKeyword::Spawns => self.spawns.as_ref().map(|s| s.1),
                };
                if let Some(first) = first {
                    return Err(Error::new(ErrorKind::GivenTwice { keyword: header }, keyword_span).also(first));
                }
                let mut value = || inner.next().expect("the grammar requires a value");
                match header {
                    HeaderKeyword::Name => self.name = Some((unescape(value()), span)),
                    HeaderKeyword::Game => self.game = Some((game(&value(), offset)?, span)),
                    HeaderKeyword::Board => {
                        self.board = Some((raw_board(value(), offset, &mut self.shape_errors)?, span))
                    }
                    HeaderKeyword::Spawns => {
                        self.spawns =
                            Some((std::iter::from_fn(|| inner.next()).map(|w| word(&w, offset)).collect(), span))
                    }
                }
            }
            Rule::query_statement => {
                self.expects_go_to = ExpectsGoTo::LastQuery;
                if self.queries.len() == limits::MAX_QUERIES {
                    self.past_the_limit.get_or_insert((keyword_span, 0)).1 += 1;
                    return Ok(());
                }
                let query = inner.next().expect("the grammar requires a query");
                let kind = match query.as_rule() {
                    Rule::max_tile_query => QueryKind::MaxTile,
                    Rule::reach_query => QueryKind::Reach,
                    Rule::apply_query => QueryKind::Apply,
                    Rule::max_removed_query => QueryKind::MaxRemoved,
                    Rule::chance_query => QueryKind::Chance,
                    Rule::best_move_query => QueryKind::BestMove,
                    Rule::play_query => QueryKind::Play,
                    other => unreachable!("the grammar has no query {other:?}"),
                };
                let words =
                    query.into_inner().filter(|pair| pair.as_rule() == Rule::word).map(|w| word(&w, offset)).collect();
                self.queries.push(RawQuery { kind, words, span, expect: None });
            }
            Rule::expect_statement => {
                // Past the limit, the query it follows is not kept; a broken
                // query was told, and its answer is not read.
                if self.past_the_limit.is_some() || matches!(self.expects_go_to, ExpectsGoTo::BrokenQuery(_)) {
                    return Ok(());
                }
                let Some(query) = self.queries.last_mut() else {
                    return Err(Error::new(ErrorKind::ExpectBeforeQuery, keyword_span));
                };
                if let Some((_, first)) = &query.expect {
                    return Err(Error::new(ErrorKind::ExpectTwice, keyword_span).also(*first));
                }
                // So the statement before this one is the last query: `name`,
                // `game` and `board` after a query are refused above.
                let value = inner.next().expect("the grammar requires a value");
                let expect = match value.as_rule() {
                    Rule::expected_board => {
                        let body = value.into_inner().nth(1).expect("`board` then its body");
                        let body_span = at(body.as_span());
                        RawExpect::Board(raw_board(body, offset, &mut self.shape_errors)?, body_span)
                    }
                    _ => RawExpect::Words(word(&value, offset), inner.map(|w| word(&w, offset)).collect()),
                };
                query.expect = Some((expect, span));
            }
            other => unreachable!("the grammar has no statement {other:?}"),
        }
        Ok(())
    }
}

/// Words as one text, a blank between each two: what an error quotes of
/// words it has read apart.
pub(super) fn joined(words: &[Word]) -> String {
    words.iter().map(|(word, _)| word.as_str()).collect::<Vec<_>>().join(" ")
}

fn word(pair: &Pair<'_, Rule>, offset: usize) -> Word {
    (pair.as_str().to_string(), Span::from(pair.as_span()).shifted(offset))
}

fn unescape(string: Pair<'_, Rule>) -> String {
    let body = string.into_inner().next().expect("a string has a body").as_str();
    body.replace("\\\"", "\"").replace("\\\\", "\\")
}

fn game(word: &Pair<'_, Rule>, offset: usize) -> Result<GameKind, Error> {
    GameKind::from_name(word.as_str()).ok_or_else(|| {
        let span = Span::from(word.as_span()).shifted(offset);
        let names: Vec<&'static str> = GameKind::ALL.iter().map(|game| game.name()).collect();
        let suggestion = Suggestion::among(word.as_str(), &names);
        Error::new(ErrorKind::UnknownGame { word: word.as_str().to_string(), suggestion }, span)
    })
}

/// A board's words, checked for shape: at least one row, every row as long
/// as the first, and within the size limits. A ragged row is told in
/// `errors` and the words are kept, so that their values are checked too.
fn raw_board(body: Pair<'_, Rule>, offset: usize, errors: &mut Vec<Error>) -> Result<RawBoard, Error> {
    let body_span = Span::from(body.as_span()).shifted(offset);
    let opening = Span::new(body_span.start, body_span.start + 1);
    let rows: RawBoard =
        body.into_inner().map(|row| row.into_inner().map(|cell| word(&cell, offset)).collect()).collect();
    let rows: RawBoard = rows.into_iter().flat_map(|row| rows_apart(row, errors)).collect();
    let written = rows.len();
    let rows: RawBoard = rows.into_iter().filter_map(|row| cells_apart(row, errors)).collect();
    let Some(first) = rows.first() else {
        // Rows written, each only commas: each is told it holds no cell (the
        // last, taken back, is the error that ends the board), not the board
        // that it has no rows.
        let holds_no_cell = if written > 0 { errors.pop() } else { None };
        return Err(holds_no_cell.unwrap_or_else(|| Error::new(ErrorKind::EmptyBoard, opening)));
    };
    for row in &rows[1..] {
        if row.len() != first.len() {
            // A row too long from its first cell too many; one too short,
            // all of it.
            let last = row[row.len() - 1].1;
            let culprit = row.get(first.len()).unwrap_or(&row[0]).1.to(last);
            let kind = ErrorKind::RaggedRow { cells: row.len(), first: first.len() };
            errors.push(Error::new(kind, culprit).also(first[0].1.to(first[first.len() - 1].1)));
        }
    }
    let (height, width) = (rows.len(), first.len());
    // At most `MAX_CELLS` cells, then, too.
    if height > limits::MAX_SIDE || width > limits::MAX_SIDE {
        return Err(Error::new(ErrorKind::BoardTooLarge { height, width }, opening));
    }
    Ok(rows)
}

/// A line of a board's rows apart by `/` (`2 . / . 2`, as the library's
/// boards are written on one line, or glued: `2 ./. 2`), told once and read
/// as the rows meant.
fn rows_apart(row: Vec<Word>, errors: &mut Vec<Error>) -> Vec<Vec<Word>> {
    if !row.iter().any(|(text, _)| text.contains('/')) {
        return vec![row];
    }
    let line_span = row[0].1.to(row[row.len() - 1].1);
    let mut rows: Vec<Vec<Word>> = vec![Vec::new()];
    for (text, span) in &row {
        let mut at = span.start;
        for (index, part) in text.split('/').enumerate() {
            if index > 0 {
                rows.push(Vec::new());
            }
            if !part.is_empty() {
                rows.last_mut().expect("one row at least").push((part.to_string(), Span::new(at, at + part.len())));
            }
            at += part.len() + 1;
        }
    }
    rows.retain(|cells| !cells.is_empty());
    errors.push(Error::new(
        ErrorKind::RowsApartBySlash { rows: rows.iter().map(|row| joined(row)).collect() },
        line_span,
    ));
    rows
}

/// What some write between cells, as lists are written elsewhere.
const CELL_SEPARATORS: [char; 3] = [',', '[', ']'];

/// A board row's cells, each word cut at the separators in it (`2,2`,
/// `[2,` and `2]`): the row is read as meant, and the separators are told
/// once for the row, with the row as written. `None` for a row of
/// separators alone.
fn cells_apart(row: Vec<Word>, errors: &mut Vec<Error>) -> Option<Vec<Word>> {
    if !row.iter().any(|(text, _)| text.contains(CELL_SEPARATORS)) {
        return Some(row);
    }
    let row_span = row[0].1.to(row[row.len() - 1].1);
    let mut cells = Vec::new();
    for (text, span) in &row {
        let mut at = 0;
        for part in text.split(CELL_SEPARATORS) {
            if !part.is_empty() {
                cells.push((part.to_string(), Span::new(span.start + at, span.start + at + part.len())));
            }
            at += part.len() + 1;
        }
    }
    let kind = ErrorKind::CellsNotApart { row: joined(&row), written: joined(&cells) };
    errors.push(Error::new(kind, row_span));
    (!cells.is_empty()).then_some(cells)
}

/// Where the comment of `line` starts: its first `#` outside a quoted name.
pub(crate) fn comment_start(line: &str) -> Option<usize> {
    let mut at = 0;
    while let Some(found) = line[at..].find(['"', '#']) {
        at += found;
        if line[at..].starts_with('#') {
            return Some(at);
        }
        at += name_len(&line[at..]);
    }
    None
}

/// The length of the name `rest` starts with, its quotes included: to its
/// first `"` that no `\` escapes, or all of `rest` when it is not closed.
pub(crate) fn name_len(rest: &str) -> usize {
    let mut chars = rest.char_indices().skip(1);
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '"' => return at + 1,
            _ => {}
        }
    }
    rest.len()
}

/// Where the words after a line's opening `{` lie in it (`line` starts
/// with the brace), its comment aside; none when nothing but blanks follows.
fn words_after_brace(line: &str) -> Option<std::ops::Range<usize>> {
    let code = &line[..comment_start(line).unwrap_or(line.len())];
    let after = code.strip_prefix('{')?.trim_end_matches([' ', '\t']);
    let words = after.trim_start_matches([' ', '\t']);
    (!words.is_empty()).then(|| 1 + after.len() - words.len()..1 + after.len())
}

/// Turns pest's error into ours: the same place, in words a puzzle author uses.
pub(crate) fn syntax_error(source: &str, err: pest::error::Error<Rule>) -> Error {
    let mut at = match err.location {
        InputLocation::Pos(pos) => pos,
        InputLocation::Span((start, _)) => start,
    };
    let line_before = source[..at].rsplit(['\r', '\n']).next().unwrap_or_default();
    let line_start = at - line_before.len();
    // Something missing at the end of a line is told right after its last
    // word, not after the comment that ends the line.
    if source[at..].starts_with(['\r', '\n']) || at == source.len() {
        if let Some(comment) = comment_start(line_before) {
            at = line_start + line_before[..comment].trim_end_matches([' ', '\t']).len();
        }
    }
    let expected = match err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives,
        // The grammar makes no custom error and sets no call limit, so
        // pest's one is its stack guard's ("stack limit reached"), which
        // says nothing about the text.
        ErrorVariant::CustomError { .. } => return Error::new(ErrorKind::StackTooSmall, Span::new(0, 0)),
    };
    let rest = &source[at..];
    let found_len = rest.find([' ', '\t', '\r', '\n']).unwrap_or(rest.len());
    let found_word = &rest[..found_len];
    let found = if rest.is_empty() {
        Found::EndOfFile
    } else if found_len == 0 {
        Found::EndOfLine
    } else {
        Found::Word(found_word.to_string())
    };
    let span = Span::new(at, at + found_len);

    let is = |rule: Rule| expected.contains(&rule);
    // The statement the error is in: the first words of its line.
    let statement = words_of(&source[line_start..at]);
    let query = match statement.as_slice() {
        ["query", keyword, ..] => QueryKind::from_keyword(keyword),
        _ => None,
    };
    let in_board = source[..at].matches('{').count() > source[..at].matches('}').count();
    let line_rest = &rest[..rest.find(['\r', '\n']).unwrap_or(rest.len())];
    // The first escape of the name that is not `\"` or `\\`, walking the
    // escapes in order (`\\t` is a backslash, then a `t`).
    let bad_escape = {
        let mut chars = line_rest.char_indices().skip(1);
        let mut found = None;
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some((_, '"' | '\\')) => {}
                    Some((_, other)) => {
                        found = Some((i, other));
                        break;
                    }
                    None => break,
                },
                _ => {}
            }
        }
        found
    };
    let kind = if let (true, true, Some((offset, escape))) = (is(Rule::string), rest.starts_with('"'), bad_escape) {
        let span = Span::new(at + offset, at + offset + 1 + escape.len_utf8());
        return Error::new(ErrorKind::UnsupportedEscape { escape }, span);
    } else if is(Rule::string) && rest.starts_with('"') {
        ErrorKind::NameNotClosed
    } else if is(Rule::kw_name) || is(Rule::file) {
        // A keyword glued to its value (`game2048`), not a longer word that
        // starts like one (`games`, which is a misspelling). A `"` or `{`
        // glued to a keyword is no error: the grammar reads `name"x"` and
        // `board{` as written.
        let value_like = |rest: &str| {
            rest.starts_with(|c: char| c.is_ascii_digit())
                || GameKind::ALL.iter().any(|game| game.name() == rest)
                || QueryKind::KEYWORDS.contains(&rest)
                || ["classic", "unreachable", "none", "board"].contains(&rest)
        };
        let glued = KEYWORDS.iter().find(|k| found_word.strip_prefix(**k).is_some_and(value_like));
        let glued = glued.map(|keyword| (*keyword, found_word[keyword.len()..].to_string()));
        let suggestion = Suggestion::among(found_word, &KEYWORDS);
        ErrorKind::ExpectedStatement { found, glued, suggestion }
    } else if is(Rule::kw_max_tile) {
        let suggestion = Suggestion::among(found_word, &QueryKind::KEYWORDS);
        ErrorKind::ExpectedQuery { found, suggestion }
    } else if let (true, Some(query)) = (is(Rule::kw_within), query) {
        ErrorKind::ExpectedWithin { found, query }
    } else if is(Rule::string) {
        ErrorKind::ExpectedName { found }
    } else if let (true, Some(words)) = (is(Rule::board_body), words_after_brace(line_rest)) {
        // Rows on the brace's line: the brace is there, the line's end is
        // not. Told from the first word after the brace to the line's last.
        let (start, end) = (at + words.start, at + words.end);
        let first = source[start..end].split([' ', '\t']).next().unwrap_or_default();
        return Error::new(
            ErrorKind::RowOnOpeningLine { found: Found::Word(first.to_string()) },
            Span::new(start, end),
        );
    } else if is(Rule::board_body) && rest.starts_with('{') {
        // The brace, then the file's end.
        return Error::new(ErrorKind::BoardNotClosed, Span::new(at, at + 1));
    } else if is(Rule::board_body) {
        ErrorKind::ExpectedBoardOpen { found }
    } else if is(Rule::kw_board) {
        ErrorKind::ExpectedAnswer { found, query: None }
    } else if is(Rule::word) && in_board && rest.is_empty() {
        ErrorKind::BoardNotClosed
    } else if is(Rule::word) && in_board && rest.starts_with('}') {
        ErrorKind::BraceOnRow
    } else if is(Rule::word) && in_board {
        ErrorKind::ExpectedRowOrBrace { found }
    } else if is(Rule::word) {
        let of = match statement.first() {
            Some(&"game") => Some(ValueOf::Game),
            _ => query.map(ValueOf::Query),
        };
        ErrorKind::ExpectedValue { found, of }
    } else {
        ErrorKind::ExpectedEndOfLine { found }
    };
    Error::new(kind, span)
}
