//! From `.puzzle` text to a checked, typed [`Puzzle`].
//!
//! Two steps: the pest grammar (`puzzle.pest`) cuts the text into statements,
//! reading every value as a plain word; then [`parse`] walks the statements in
//! order, checks their order and their values against the game, and builds the
//! rules crates' boards. Every error is a [`Diagnostic`] at the culprit's span.

use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;

use grid_core::{Direction, Grid};

use crate::diagnostic::{Diagnostic, Span};
use crate::limits;

#[derive(Parser)]
#[grammar = "puzzle.pest"]
pub(crate) struct PuzzleParser;

/// Which rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    /// 2048 without spawns.
    Twenty48,
    /// The Kakao 2019 block game.
    BlockGame,
}

impl Game {
    /// The name used in files and reports.
    pub fn name(self) -> &'static str {
        match self {
            Game::Twenty48 => "2048",
            Game::BlockGame => "blockgame",
        }
    }

    fn queries(self) -> &'static str {
        match self {
            Game::Twenty48 => "`max-tile within K`, `reach T within K` or `apply MOVES`",
            Game::BlockGame => "`max-removed`",
        }
    }
}

/// The starting board, already validated for its game.
#[derive(Debug, Clone)]
pub enum Board {
    /// A 2048 board.
    Twenty48(rules_2048::Board),
    /// A block-game board.
    BlockGame(rules_blockgame::Board),
}

impl Board {
    /// `(height, width)`.
    pub fn size(&self) -> (usize, usize) {
        match self {
            Board::Twenty48(board) => (board.height(), board.width()),
            Board::BlockGame(board) => (board.ids().height(), board.ids().width()),
        }
    }
}

/// A question about the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Query {
    /// `max-tile within K`.
    MaxTile {
        /// K.
        within: usize,
    },
    /// `reach T within K`.
    Reach {
        /// T.
        target: u64,
        /// K.
        within: usize,
    },
    /// `apply MOVES`.
    Apply {
        /// The moves in order.
        moves: Vec<Direction>,
    },
    /// `max-removed`.
    MaxRemoved,
}

impl Query {
    /// The query as written canonically (`max-tile within 5`).
    pub fn text(&self) -> String {
        match self {
            Query::MaxTile { within } => format!("max-tile within {within}"),
            Query::Reach { target, within } => format!("reach {target} within {within}"),
            Query::Apply { moves } => {
                let moves: Vec<String> = moves.iter().map(|m| m.letter().to_string()).collect();
                format!("apply {}", moves.join(" "))
            }
            Query::MaxRemoved => "max-removed".to_string(),
        }
    }
}

/// What an `expect` line says the answer is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect {
    /// An integer.
    Number(u64),
    /// `unreachable`.
    Unreachable,
    /// `board { ... }`, as tile values (0 empty).
    Board(Grid<u64>),
}

/// A query with its place in the file and its `expect`, if any.
#[derive(Debug, Clone)]
pub struct QueryItem {
    /// The question.
    pub query: Query,
    /// Where the `query` statement is.
    pub span: Span,
    /// The expected answer and where it is written.
    pub expect: Option<(Expect, Span)>,
}

/// A checked puzzle: everything needed to answer its queries.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// The `name`, if given.
    pub name: Option<String>,
    /// The game.
    pub game: Game,
    /// The starting board.
    pub board: Board,
    /// The queries in file order.
    pub queries: Vec<QueryItem>,
}

/// Parses and checks a `.puzzle` file.
pub fn parse(source: &str) -> Result<Puzzle, Diagnostic> {
    if source.len() > limits::MAX_FILE_BYTES {
        return Err(Diagnostic::new(
            format!("the file is {} bytes long, more than the limit of {} bytes", source.len(), limits::MAX_FILE_BYTES),
            Span::new(0, 0),
        )
        .help("split it into several puzzles"));
    }
    let file = PuzzleParser::parse(Rule::file, source).map_err(|err| syntax_error(source, err))?.next();
    let statements = file.expect("the grammar's top rule matched").into_inner();
    let mut builder = Builder::default();
    for statement in statements {
        builder.statement(statement)?;
    }
    builder.finish(source)
}

/// The words the parser reads in a board, before the game gives them meaning.
type RawBoard = Vec<Vec<(String, Span)>>;

#[derive(Default)]
struct Builder {
    name: Option<(String, Span)>,
    game: Option<(Game, Span)>,
    board: Option<(RawBoard, Span)>,
    queries: Vec<RawQuery>,
}

struct RawQuery {
    pair_rule: Rule,
    words: Vec<(String, Span)>,
    span: Span,
    expect: Option<(RawExpect, Span)>,
}

enum RawExpect {
    Word(String, Span),
    Board(RawBoard, Span),
}

impl Builder {
    fn statement(&mut self, statement: Pair<'_, Rule>) -> Result<(), Diagnostic> {
        let span = Span::from(statement.as_span());
        let rule = statement.as_rule();
        if rule == Rule::EOI {
            return Ok(());
        }
        let mut inner = statement.into_inner();
        let keyword = inner.next().expect("every statement starts with its keyword");
        let keyword_span = Span::from(keyword.as_span());
        match rule {
            Rule::name_statement | Rule::game_statement | Rule::board_statement => {
                let word = keyword.as_str();
                if let Some(first) = self.queries.first() {
                    return Err(Diagnostic::new(format!("`{word}` comes after a query"), keyword_span)
                        .note(first.span, "the first query is here")
                        .help("`name`, `game` and `board` come before the first query"));
                }
                let first = match rule {
                    Rule::name_statement => self.name.as_ref().map(|n| n.1),
                    Rule::game_statement => self.game.as_ref().map(|g| g.1),
                    _ => self.board.as_ref().map(|b| b.1),
                };
                if let Some(first) = first {
                    return Err(Diagnostic::new(format!("`{word}` is given twice"), keyword_span)
                        .note(first, "first given here")
                        .help(format!("a puzzle has one `{word}`; put other boards in their own files")));
                }
                let value = inner.next().expect("the grammar requires a value");
                match rule {
                    Rule::name_statement => self.name = Some((unescape(value), span)),
                    Rule::game_statement => self.game = Some((game(value)?, span)),
                    _ => self.board = Some((raw_board(value)?, span)),
                }
            }
            Rule::query_statement => {
                if self.queries.len() == limits::MAX_QUERIES {
                    return Err(Diagnostic::new(
                        format!("more than {} queries in one file", limits::MAX_QUERIES),
                        keyword_span,
                    )
                    .help("split the queries over several files"));
                }
                let query = inner.next().expect("the grammar requires a query");
                let pair_rule = query.as_rule();
                let words = query
                    .into_inner()
                    .filter(|pair| pair.as_rule() == Rule::word)
                    .map(|pair| (pair.as_str().to_string(), Span::from(pair.as_span())))
                    .collect();
                self.queries.push(RawQuery { pair_rule, words, span, expect: None });
            }
            Rule::expect_statement => {
                let Some(query) = self.queries.last_mut() else {
                    return Err(Diagnostic::new("`expect` before any query", keyword_span)
                        .help("an `expect` line follows the query whose answer it gives"));
                };
                if let Some((_, first)) = &query.expect {
                    return Err(Diagnostic::new("a second `expect` for one query", keyword_span)
                        .note(*first, "its first `expect` is here")
                        .help("a query has at most one `expect`"));
                }
                // So the statement before this one is the last query: `name`,
                // `game` and `board` after a query are refused above.
                let value = inner.next().expect("the grammar requires a value");
                let expect = match value.as_rule() {
                    Rule::expected_board => {
                        let body = value.into_inner().nth(1).expect("`board` then its body");
                        let body_span = Span::from(body.as_span());
                        RawExpect::Board(raw_board(body)?, body_span)
                    }
                    _ => RawExpect::Word(value.as_str().to_string(), Span::from(value.as_span())),
                };
                query.expect = Some((expect, span));
            }
            other => unreachable!("not a statement: {other:?}"),
        }
        Ok(())
    }

    fn finish(self, source: &str) -> Result<Puzzle, Diagnostic> {
        let end = Span::new(source.len(), source.len());
        if self.game.is_none() && self.board.is_none() && self.name.is_none() && self.queries.is_empty() {
            return Err(Diagnostic::new("the file holds no statements", end)
                .help("a puzzle names its game (`game 2048`), gives a `board { … }` and asks at least one `query`"));
        }
        let first_query = self.queries.first().map_or(end, |q| q.span);
        let Some((game, _)) = self.game else {
            return Err(Diagnostic::new("this puzzle does not say which game it is", first_query)
                .help("add `game 2048` or `game blockgame` before the first query"));
        };
        let Some((raw, _)) = self.board else {
            return Err(Diagnostic::new("this puzzle has no board", first_query)
                .help("add the starting board before the first query: `board {`, one row per line, then `}`"));
        };
        if self.queries.is_empty() {
            return Err(Diagnostic::new("this puzzle asks nothing: no query", end).help(format!(
                "add a query for {}: {}",
                game.name(),
                game.queries()
            )));
        }
        let board = match game {
            Game::Twenty48 => Board::Twenty48(board_2048(&raw)?),
            Game::BlockGame => Board::BlockGame(board_blockgame(&raw)?),
        };
        let queries = self.queries.into_iter().map(|raw| query(raw, game, &board)).collect::<Result<_, _>>()?;
        Ok(Puzzle { name: self.name.map(|n| n.0), game, board, queries })
    }
}

fn unescape(string: Pair<'_, Rule>) -> String {
    let body = string.into_inner().next().expect("a string has a body").as_str();
    body.replace("\\\"", "\"").replace("\\\\", "\\")
}

fn game(word: Pair<'_, Rule>) -> Result<Game, Diagnostic> {
    match word.as_str() {
        "2048" => Ok(Game::Twenty48),
        "blockgame" => Ok(Game::BlockGame),
        other => Err(Diagnostic::new(format!("unknown game `{other}`"), Span::from(word.as_span()))
            .help("the games are `2048` and `blockgame`")),
    }
}

fn raw_board(body: Pair<'_, Rule>) -> Result<RawBoard, Diagnostic> {
    let body_span = Span::from(body.as_span());
    let rows: RawBoard = body
        .into_inner()
        .map(|row| row.into_inner().map(|cell| (cell.as_str().to_string(), Span::from(cell.as_span()))).collect())
        .collect();
    let Some(first) = rows.first() else {
        return Err(Diagnostic::new("the board has no rows", Span::new(body_span.start, body_span.start + 1))
            .help("write one row per line between `{` and `}`, cells separated by blanks"));
    };
    for row in &rows[1..] {
        if row.len() != first.len() {
            let row_span = row[0].1.to(row[row.len() - 1].1);
            let culprit = if row.len() > first.len() { row[first.len()].1.to(row_span) } else { row_span };
            return Err(Diagnostic::new(
                format!("this row has {} cells, but the first row has {}", row.len(), first.len()),
                culprit,
            )
            .note(first[0].1.to(first[first.len() - 1].1), "the first row")
            .help("every row of a board has the same number of cells; write `.` for an empty cell"));
        }
    }
    let (height, width) = (rows.len(), first.len());
    if height > limits::MAX_SIDE || width > limits::MAX_SIDE || height * width > limits::MAX_CELLS {
        return Err(Diagnostic::new(
            format!("the board is {height}×{width}, larger than the limit"),
            Span::new(body_span.start, body_span.start + 1),
        )
        .help(format!(
            "boards have at most {} rows, {} columns and {} cells",
            limits::MAX_SIDE,
            limits::MAX_SIDE,
            limits::MAX_CELLS
        )));
    }
    Ok(rows)
}

fn is_empty_cell(text: &str) -> bool {
    text == "." || text == "0"
}

/// A board's cells read by `read` (empty cells are `T::default()`), in a grid.
fn read_cells<T: Default>(
    raw: &RawBoard,
    mut read: impl FnMut(&str, Span) -> Result<T, Diagnostic>,
) -> Result<Grid<T>, Diagnostic> {
    let mut rows = Vec::with_capacity(raw.len());
    for row in raw {
        let cells = row
            .iter()
            .map(|(text, span)| if is_empty_cell(text) { Ok(T::default()) } else { read(text, *span) })
            .collect::<Result<Vec<T>, Diagnostic>>()?;
        rows.push(cells);
    }
    Ok(Grid::from_rows(rows).expect("rows were checked to be rectangular and non-empty"))
}

fn all_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Tile values of a 2048 board, each checked where it is written.
fn tile_values(raw: &RawBoard) -> Result<Grid<u64>, Diagnostic> {
    let help = "a tile is a power of two from 2 up to 2^63 (2, 4, 8, …); `.` or `0` is an empty cell";
    read_cells(raw, |text, span| {
        let value: u64 = match text.parse() {
            Ok(value) => value,
            Err(_) if all_digits(text) => {
                return Err(Diagnostic::new(format!("`{text}` is too large for a tile"), span).help(help))
            }
            Err(_) => return Err(Diagnostic::new(format!("`{text}` is not a 2048 tile"), span).help(help)),
        };
        if value < 2 || !value.is_power_of_two() {
            return Err(Diagnostic::new(format!("`{text}` is not a power of two from 2 up"), span).help(help));
        }
        Ok(value)
    })
}

fn board_2048(raw: &RawBoard) -> Result<rules_2048::Board, Diagnostic> {
    let values = tile_values(raw)?;
    Ok(rules_2048::Board::from_values(&values).expect("every tile was checked"))
}

fn board_blockgame(raw: &RawBoard) -> Result<rules_blockgame::Board, Diagnostic> {
    let help = "a cell is a block id (a whole number from 1 up to 4294967295); `.` or `0` is an empty cell";
    let ids = read_cells(raw, |text, span| match text.parse::<u32>() {
        Ok(id) if !text.starts_with('+') => Ok(id),
        _ if all_digits(text) => Err(Diagnostic::new(format!("`{text}` is too large for a block id"), span).help(help)),
        _ => Err(Diagnostic::new(format!("`{text}` is not a block id"), span).help(help)),
    })?;
    rules_blockgame::Board::from_grid(ids).map_err(|err| match err {
        rules_blockgame::BlockError::Split { id, pieces } => {
            let at = |(r, c): (usize, usize)| raw[r][c].1;
            let cells: Vec<String> = pieces.iter().map(|piece| cells_text(piece)).collect();
            Diagnostic::new(format!("block {id} is split into {} pieces", pieces.len()), at(pieces[1][0]))
                .note(at(pieces[0][0]), "another piece of it")
                .help(format!(
                    "the cells of a block touch side by side (not only corner to corner); block {id} has {}",
                    cells.join(" and ")
                ))
        }
        other => unreachable!("rows were checked: {other}"),
    })
}

fn cells_text(cells: &[(usize, usize)]) -> String {
    let cells: Vec<String> = cells.iter().map(|(r, c)| format!("row {} col {}", r + 1, c + 1)).collect();
    format!("[{}]", cells.join(", "))
}

fn query(raw: RawQuery, game: Game, board: &Board) -> Result<QueryItem, Diagnostic> {
    let belongs = matches!(
        (game, raw.pair_rule),
        (Game::Twenty48, Rule::max_tile_query | Rule::reach_query | Rule::apply_query)
            | (Game::BlockGame, Rule::max_removed_query)
    );
    let words = &raw.words;
    if !belongs {
        let kind = match raw.pair_rule {
            Rule::max_tile_query => "max-tile",
            Rule::reach_query => "reach",
            Rule::apply_query => "apply",
            _ => "max-removed",
        };
        return Err(Diagnostic::new(format!("`{kind}` is not a {} query", game.name()), raw.span).help(format!(
            "the queries of {} are {}",
            game.name(),
            game.queries()
        )));
    }
    let query = match raw.pair_rule {
        Rule::max_tile_query => Query::MaxTile { within: moves_limit(&words[0])? },
        Rule::reach_query => Query::Reach { target: target(&words[0])?, within: moves_limit(&words[1])? },
        Rule::apply_query => {
            if words.len() > limits::MAX_APPLY_MOVES {
                return Err(Diagnostic::new(
                    format!("{} moves, more than the limit of {}", words.len(), limits::MAX_APPLY_MOVES),
                    raw.span,
                )
                .help("split the sequence over several puzzles"));
            }
            let (height, width) = board.size();
            if words.len() * height * width > limits::MAX_APPLY_WORK {
                return Err(Diagnostic::new(
                    format!("{} moves on a {height}×{width} board is more work than the limit", words.len()),
                    raw.span,
                )
                .help(format!(
                    "an `apply` may move at most {} cells in all (moves × cells); split the sequence",
                    limits::MAX_APPLY_WORK
                )));
            }
            let moves = words
                .iter()
                .map(|(text, span)| {
                    Direction::parse(text).ok_or_else(|| {
                        Diagnostic::new(format!("unknown move `{text}`"), *span)
                            .help("moves are `U`, `D`, `L`, `R` or `up`, `down`, `left`, `right`")
                    })
                })
                .collect::<Result<_, _>>()?;
            Query::Apply { moves }
        }
        Rule::max_removed_query => Query::MaxRemoved,
        other => unreachable!("not a query: {other:?}"),
    };
    let expect = match raw.expect {
        None => None,
        Some((expect, span)) => Some((expectation(&query, expect, board)?, span)),
    };
    Ok(QueryItem { query, span: raw.span, expect })
}

fn moves_limit((text, span): &(String, Span)) -> Result<usize, Diagnostic> {
    let help = format!("K is a whole number of moves from 0 to {}", limits::MAX_K);
    match text.parse::<u64>() {
        Ok(k) if k as usize <= limits::MAX_K && !text.starts_with('+') => Ok(k as usize),
        Ok(_) => Err(Diagnostic::new(format!("{text} moves is more than the limit"), *span).help(help)),
        Err(_) if text.starts_with('-') => Err(Diagnostic::new(format!("`{text}` is negative"), *span).help(help)),
        Err(_) if text.bytes().all(|b| b.is_ascii_digit()) => {
            Err(Diagnostic::new(format!("{text} moves is more than the limit"), *span).help(help))
        }
        Err(_) => Err(Diagnostic::new(format!("`{text}` is not a number of moves"), *span).help(help)),
    }
}

fn target((text, span): &(String, Span)) -> Result<u64, Diagnostic> {
    let help = "T is a whole number from 1 up to 18446744073709551615; the query asks for a tile ≥ T";
    match text.parse::<u64>() {
        Ok(t) if t >= 1 && !text.starts_with('+') => Ok(t),
        Ok(_) => Err(Diagnostic::new("the target tile is 0", *span).help(help)),
        Err(_) if text.bytes().all(|b| b.is_ascii_digit()) => {
            Err(Diagnostic::new(format!("`{text}` is too large"), *span).help(help))
        }
        Err(_) => Err(Diagnostic::new(format!("`{text}` is not a target tile"), *span).help(help)),
    }
}

fn expectation(query: &Query, expect: RawExpect, board: &Board) -> Result<Expect, Diagnostic> {
    match (query, expect) {
        (Query::Apply { .. }, RawExpect::Board(raw, span)) => {
            let values = tile_values(&raw)?;
            let (height, width) = board.size();
            if (values.height(), values.width()) != (height, width) {
                return Err(Diagnostic::new(
                    format!(
                        "the expected board is {}×{}, the puzzle's is {height}×{width}",
                        values.height(),
                        values.width()
                    ),
                    Span::new(span.start, span.start + 1),
                )
                .help("moves never change the size of a board"));
            }
            Ok(Expect::Board(values))
        }
        (Query::Apply { .. }, RawExpect::Word(text, span)) => {
            Err(Diagnostic::new(format!("`apply` answers with a board, not `{text}`"), span)
                .help("write the expected board: `expect board {`, one row per line, then `}`"))
        }
        (_, RawExpect::Board(_, span)) => {
            Err(Diagnostic::new("only `apply` answers with a board", Span::new(span.start, span.start + 1))
                .help(expect_help(query)))
        }
        (Query::Reach { .. }, RawExpect::Word(text, _)) if text == "unreachable" => Ok(Expect::Unreachable),
        (_, RawExpect::Word(text, span)) => match text.parse::<u64>() {
            Ok(n) if !text.starts_with('+') => Ok(Expect::Number(n)),
            _ => Err(Diagnostic::new(format!("`{text}` is not a possible answer here"), span).help(expect_help(query))),
        },
    }
}

fn expect_help(query: &Query) -> String {
    match query {
        Query::MaxTile { .. } => "`max-tile` answers with a tile: `expect 16`".into(),
        Query::Reach { .. } => "`reach` answers with a number of moves or `unreachable`: `expect 3`".into(),
        Query::Apply { .. } => "`apply` answers with a board: `expect board {`".into(),
        Query::MaxRemoved => "`max-removed` answers with a number of blocks: `expect 2`".into(),
    }
}

/// Turns pest's error into ours: the same place, in words a puzzle author uses.
pub(crate) fn syntax_error(source: &str, err: pest::error::Error<Rule>) -> Diagnostic {
    let at = match err.location {
        InputLocation::Pos(pos) => pos,
        InputLocation::Span((start, _)) => start,
    };
    let expected = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    let rest = &source[at..];
    let found_len = rest.find([' ', '\t', '\r', '\n']).unwrap_or(rest.len());
    let found_word = &rest[..found_len];
    let found = if rest.is_empty() {
        "the end of the file".to_string()
    } else if found_len == 0 {
        "the end of the line".to_string()
    } else {
        format!("`{found_word}`")
    };
    let span = Span::new(at, at + found_len);

    let is = |rule: Rule| expected.contains(&rule);
    let in_board = source[..at].matches('{').count() > source[..at].matches('}').count();
    let keywords = ["name", "game", "board", "query", "expect"];
    let (message, help): (String, String) = if is(Rule::string) && rest.starts_with('"') {
        (
            "the name is not closed: expected `\"` before the end of the line".into(),
            "end the name with `\"` on the same line; write `\\\"` for a quote inside it".into(),
        )
    } else if is(Rule::kw_name) || is(Rule::file) {
        let glued = keywords.iter().find(|k| found_word.starts_with(**k) && found_word.len() > k.len());
        let help = match glued {
            Some(keyword) => format!("put a space after the keyword: `{keyword} {}`", &found_word[keyword.len()..]),
            None => "a statement is one of `name`, `game`, `board`, `query` or `expect`, each on its own line".into(),
        };
        (format!("expected a statement, found {found}"), help)
    } else if is(Rule::kw_max_tile) {
        (
            format!("expected a query, found {found}"),
            "the queries are `max-tile within K`, `reach T within K`, `apply MOVES` (2048) and `max-removed` (blockgame)"
                .into(),
        )
    } else if is(Rule::kw_within) {
        (format!("expected `within`, found {found}"), "write `max-tile within K` or `reach T within K`".into())
    } else if is(Rule::string) {
        (
            format!("expected a quoted name, found {found}"),
            "write the name in double quotes: `name \"My puzzle\"`".into(),
        )
    } else if is(Rule::board_body) {
        (
            format!("expected `{{` to open the board, found {found}"),
            "a board is `board {` at the end of a line, one row per line, then `}`".into(),
        )
    } else if is(Rule::kw_board) {
        (
            format!("expected the answer, found {found}"),
            "an expectation is a number, `unreachable`, or `board {` … `}` after `apply`".into(),
        )
    } else if is(Rule::word) && in_board && rest.is_empty() {
        ("the board is not closed: expected `}`".into(), "close the board with `}` on its own line".into())
    } else if is(Rule::word) && in_board && rest.starts_with('}') {
        ("expected the end of the row, found `}`".into(), "put the board's closing `}` on its own line".into())
    } else if is(Rule::word) && in_board {
        (
            format!("expected a board row or `}}`, found {found}"),
            "a board row is cells separated by blanks; `{`, `}` and `\"` are not cells".into(),
        )
    } else if is(Rule::word) {
        (format!("expected a value, found {found}"), "this statement needs a value after its keyword".into())
    } else {
        (
            format!("expected the end of the line, found {found}"),
            "each statement stands on its own line; `#` starts a comment".into(),
        )
    };
    Diagnostic::new(message, span).help(help)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The puzzle a text means, in one line: name, game, board rows (`/`), and
    /// each query with its expect; or the error's message.
    fn meaning(source: &str) -> String {
        let puzzle = match parse(source) {
            Ok(puzzle) => puzzle,
            Err(diagnostic) => return format!("error: {}", diagnostic.message),
        };
        let rows: Vec<String> = match &puzzle.board {
            Board::Twenty48(board) => board.values().rows().map(|r| format!("{r:?}")).collect(),
            Board::BlockGame(board) => board.ids().rows().map(|r| format!("{r:?}")).collect(),
        };
        let queries: Vec<String> = puzzle
            .queries
            .iter()
            .map(|q| match &q.expect {
                Some((expect, _)) => format!("{} => {expect:?}", q.query.text()),
                None => q.query.text(),
            })
            .collect();
        format!("{:?} {} {} | {}", puzzle.name, puzzle.game.name(), rows.join("/"), queries.join("; "))
    }

    fn check(source: &str, expected: &str) {
        assert_eq!(meaning(source), expected, "{source:?}");
    }

    #[test]
    fn language_rules() {
        // `.` and `0` are both empty; tiles go up to 2^63.
        check(
            "game 2048\nboard {\n  0 . 9223372036854775808\n}\nquery max-tile within 0\n",
            "None 2048 [0, 0, 9223372036854775808] | max-tile within 0",
        );
        // An expect may be separated from its query by comments and blank lines.
        check(
            "game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n\n# the answer:\n\nexpect 4\n",
            "None 2048 [2, 2] | max-tile within 1 => Number(4)",
        );
        // `\"` and `\\` are the name's escapes; `#` inside it is no comment.
        check(
            "name \"a \\\"b\\\" \\\\ # c\"\ngame blockgame\nboard {\n  1\n}\nquery max-removed\n",
            "Some(\"a \\\"b\\\" \\\\ # c\") blockgame [1] | max-removed",
        );
        // name, game and board in any order before the queries; CRLF and tabs.
        check(
            "board {\r\n\t2\t4\r\n}\r\ngame 2048\r\nquery apply up L Right d\r\n",
            "None 2048 [2, 4] | apply U L R D",
        );
        // `reach` takes any target from 1 up, and `unreachable` as its answer.
        check(
            "game 2048\nboard {\n  2\n}\nquery reach 100 within 3\nexpect unreachable\n",
            "None 2048 [2] | reach 100 within 3 => Unreachable",
        );
        // Block ids need not be consecutive.
        check(
            "game blockgame\nboard {\n  . 7 .\n  7 7 7\n  40 40 40\n}\nquery max-removed\nexpect 2\n",
            "None blockgame [0, 7, 0]/[7, 7, 7]/[40, 40, 40] | max-removed => Number(2)",
        );
        // Keywords are lower case and stand apart from their argument.
        check("Game 2048\n", "error: expected a statement, found `Game`");
        check("game2048\n", "error: expected a statement, found `game2048`");
        // A tile past 2^63, and a game's query asked of the other game.
        check(
            "game 2048\nboard {\n  18446744073709551616\n}\nquery max-tile within 1\n",
            "error: `18446744073709551616` is too large for a tile",
        );
        check("game blockgame\nboard {\n  1\n}\nquery apply L\n", "error: `apply` is not a blockgame query");
    }
}
