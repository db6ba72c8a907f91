//! From statements to a typed [`Puzzle`]: every word read for its meaning
//! against the game (tiles, block ids, moves, numbers, expectations), each
//! mistake reported at its own word.

use grid_core::{Direction, Grid};

use super::ast::{BlockExpect, BlockQuery, Expect2048, Game, GameKind, Item, Puzzle, Query2048, QueryKind};
use super::errors::{Error, ErrorKind};
use super::parse::{RawBoard, RawExpect, RawQuery, Statements, Word};
use crate::diagnostic::Span;
use crate::limits;

/// The puzzle `statements` describe, every value checked.
pub(super) fn check(statements: Statements, source: &str) -> Result<Puzzle, Error> {
    let Statements { name, game, board, queries } = statements;
    let end = Span::new(source.len(), source.len());
    if game.is_none() && board.is_none() && name.is_none() && queries.is_empty() {
        return Err(Error::new(ErrorKind::NoStatements, end));
    }
    let first_query = queries.first().map_or(end, |q| q.span);
    let Some((game, _)) = game else {
        return Err(Error::new(ErrorKind::NoGame, first_query));
    };
    let Some((raw, _)) = board else {
        return Err(Error::new(ErrorKind::NoBoard, first_query));
    };
    if queries.is_empty() {
        return Err(Error::new(ErrorKind::NoQuery { game }, end));
    }
    let game = match game {
        GameKind::Twenty48 => {
            let board = board_2048(&raw)?;
            let size = (board.height(), board.width());
            let queries = queries.into_iter().map(|raw| query_2048(raw, size)).collect::<Result<_, _>>()?;
            Game::Twenty48 { board, queries }
        }
        GameKind::BlockGame => {
            let board = board_blockgame(&raw)?;
            let queries = queries.into_iter().map(query_blockgame).collect::<Result<_, _>>()?;
            Game::BlockGame { board, queries }
        }
    };
    Ok(Puzzle { name: name.map(|n| n.0), game })
}

fn is_empty_cell(text: &str) -> bool {
    text == "." || text == "0"
}

fn all_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// A board's cells read by `read` (empty cells are `T::default()`), in a grid.
fn read_cells<T: Default>(
    raw: &RawBoard,
    mut read: impl FnMut(&str, Span) -> Result<T, Error>,
) -> Result<Grid<T>, Error> {
    let mut rows = Vec::with_capacity(raw.len());
    for row in raw {
        let cells = row
            .iter()
            .map(|(text, span)| if is_empty_cell(text) { Ok(T::default()) } else { read(text, *span) })
            .collect::<Result<Vec<T>, Error>>()?;
        rows.push(cells);
    }
    Ok(Grid::from_rows(rows).expect("rows were checked to be rectangular and non-empty"))
}

/// Tile values of a 2048 board, each checked where it is written by the
/// rules crate's definition of a tile.
fn tile_values(raw: &RawBoard) -> Result<Grid<u64>, Error> {
    read_cells(raw, |text, span| {
        rules_2048::parse_cell(text)
            .map_err(|error| Error::new(ErrorKind::NotATile { text: text.to_string(), error }, span))
    })
}

fn board_2048(raw: &RawBoard) -> Result<rules_2048::Board, Error> {
    let values = tile_values(raw)?;
    Ok(rules_2048::Board::from_values(&values).expect("every tile was checked"))
}

fn board_blockgame(raw: &RawBoard) -> Result<rules_blockgame::Board, Error> {
    let ids = read_cells(raw, |text, span| match text.parse::<u32>() {
        Ok(id) if !text.starts_with('+') => Ok(id),
        _ if all_digits(text) => Err(Error::new(ErrorKind::BlockIdTooLarge { text: text.to_string() }, span)),
        _ => Err(Error::new(ErrorKind::NotABlockId { text: text.to_string() }, span)),
    })?;
    rules_blockgame::Board::from_grid(ids).map_err(|rules_blockgame::SplitBlock { id, pieces }| {
        let at = |(r, c): (usize, usize)| raw[r][c].1;
        let (first, second) = (at(pieces[0][0]), at(pieces[1][0]));
        Error::new(ErrorKind::BlockSplit { id, pieces }, second).also(first)
    })
}

/// The error for a query of the other game.
fn of_the_other_game(raw: &RawQuery) -> Error {
    let game = match raw.kind.game() {
        GameKind::Twenty48 => GameKind::BlockGame,
        GameKind::BlockGame => GameKind::Twenty48,
    };
    Error::new(ErrorKind::QueryOfOtherGame { query: raw.kind, game }, raw.span)
}

fn query_2048(raw: RawQuery, (height, width): (usize, usize)) -> Result<Item<Query2048, Expect2048>, Error> {
    let words = &raw.words;
    let query = match raw.kind {
        QueryKind::MaxTile => Query2048::MaxTile { within: moves_limit(&words[0])? },
        QueryKind::Reach => Query2048::Reach { target: target(&words[0])?, within: moves_limit(&words[1])? },
        QueryKind::Apply => {
            if words.len() > limits::MAX_APPLY_MOVES {
                return Err(Error::new(ErrorKind::TooManyMoves { moves: words.len() }, raw.span));
            }
            if words.len() * height * width > limits::MAX_APPLY_WORK {
                return Err(Error::new(ErrorKind::ApplyTooMuchWork { moves: words.len(), height, width }, raw.span));
            }
            let moves = words
                .iter()
                .map(|(text, span)| {
                    Direction::parse(text)
                        .ok_or_else(|| Error::new(ErrorKind::UnknownMove { text: text.clone() }, *span))
                })
                .collect::<Result<_, _>>()?;
            Query2048::Apply { moves }
        }
        QueryKind::MaxRemoved => return Err(of_the_other_game(&raw)),
    };
    let expect = match raw.expect {
        None => None,
        Some((expect, span)) => Some((expectation_2048(&query, expect, (height, width))?, span)),
    };
    Ok(Item { query, span: raw.span, expect })
}

fn query_blockgame(raw: RawQuery) -> Result<Item<BlockQuery, BlockExpect>, Error> {
    let query = match raw.kind {
        QueryKind::MaxRemoved => BlockQuery::MaxRemoved,
        QueryKind::MaxTile | QueryKind::Reach | QueryKind::Apply => return Err(of_the_other_game(&raw)),
    };
    let expect = match raw.expect {
        None => None,
        Some((RawExpect::Board(_, span), _)) => {
            let kind = ErrorKind::OnlyApplyExpectsBoard { query: QueryKind::MaxRemoved };
            return Err(Error::new(kind, Span::new(span.start, span.start + 1)));
        }
        Some((RawExpect::Word(word), span)) => Some((BlockExpect::Number(number(&word, QueryKind::MaxRemoved)?), span)),
    };
    Ok(Item { query, span: raw.span, expect })
}

fn moves_limit((text, span): &Word) -> Result<usize, Error> {
    let text_owned = || text.clone();
    match text.parse::<u64>() {
        Ok(k) if k as usize <= limits::MAX_K && !text.starts_with('+') => Ok(k as usize),
        Ok(_) => Err(Error::new(ErrorKind::MovesTooMany { text: text_owned() }, *span)),
        Err(_) if text.starts_with('-') => Err(Error::new(ErrorKind::MovesNegative { text: text_owned() }, *span)),
        Err(_) if all_digits(text) => Err(Error::new(ErrorKind::MovesTooMany { text: text_owned() }, *span)),
        Err(_) => Err(Error::new(ErrorKind::MovesNotANumber { text: text_owned() }, *span)),
    }
}

fn target((text, span): &Word) -> Result<u64, Error> {
    match text.parse::<u64>() {
        Ok(t) if t >= 1 && !text.starts_with('+') => Ok(t),
        Ok(_) => Err(Error::new(ErrorKind::TargetZero, *span)),
        Err(_) if all_digits(text) => Err(Error::new(ErrorKind::TargetTooLarge { text: text.clone() }, *span)),
        Err(_) => Err(Error::new(ErrorKind::TargetNotANumber { text: text.clone() }, *span)),
    }
}

/// A word that must be a whole number, as the answer of `query`.
fn number((text, span): &Word, query: QueryKind) -> Result<u64, Error> {
    match text.parse::<u64>() {
        Ok(n) if !text.starts_with('+') => Ok(n),
        _ => Err(Error::new(ErrorKind::ImpossibleExpect { text: text.clone(), query }, *span)),
    }
}

fn expectation_2048(
    query: &Query2048,
    expect: RawExpect,
    (height, width): (usize, usize),
) -> Result<Expect2048, Error> {
    match (query, expect) {
        (Query2048::Apply { .. }, RawExpect::Board(raw, span)) => {
            let values = tile_values(&raw)?;
            if (values.height(), values.width()) != (height, width) {
                let kind =
                    ErrorKind::ExpectedBoardSize { found: (values.height(), values.width()), board: (height, width) };
                return Err(Error::new(kind, Span::new(span.start, span.start + 1)));
            }
            Ok(Expect2048::Board(values))
        }
        (Query2048::Apply { .. }, RawExpect::Word((text, span))) => {
            Err(Error::new(ErrorKind::ApplyExpectsBoard { text }, span))
        }
        (_, RawExpect::Board(_, span)) => {
            let kind = ErrorKind::OnlyApplyExpectsBoard { query: query.kind() };
            Err(Error::new(kind, Span::new(span.start, span.start + 1)))
        }
        (Query2048::Reach { .. }, RawExpect::Word((text, _))) if text == "unreachable" => Ok(Expect2048::Unreachable),
        (_, RawExpect::Word(word)) => Ok(Expect2048::Number(number(&word, query.kind())?)),
    }
}
