//! From statements to a typed [`Puzzle`]: every word read for its meaning
//! against the game (tiles, block ids, moves, numbers, expectations), each
//! mistake reported at its own word.

use grid_core::{Direction, Grid};

use rules_2048::SpawnLaw;

use super::ast::{
    BlockExpect, BlockQuery, Decimal, Expect2048, Game, GameKind, Item, PlayQuery, Puzzle, Query2048, QueryKind,
    SpawnQuery,
};
use super::errors::{Error, ErrorKind, Found, HeaderKeyword, Suggestion};
use super::parse::{joined, RawBoard, RawExpect, RawQuery, Statements, Word};
use crate::diagnostic::Span;
use crate::limits;

/// The puzzle `statements` describe, every value checked; `None` when any
/// error is found, each pushed to `errors`. `parsed_cleanly` says whether the
/// statements came without errors: a statement missing from a file with a
/// broken one is likely the broken one, so it is not reported missing.
pub(super) fn check(
    statements: Statements,
    source: &str,
    parsed_cleanly: bool,
    errors: &mut Vec<Error>,
) -> Option<Puzzle> {
    let Statements { name, game, board, spawns, queries, .. } = statements;
    // The end of the file is told at its last character, not past it.
    let last = source.trim_end().char_indices().last().map_or(0, |(at, _)| at);
    let end = Span::new(last, source.trim_end().len().max(last));
    let missing = |kind: ErrorKind, span: Span, errors: &mut Vec<Error>| {
        if parsed_cleanly {
            errors.push(Error::new(kind, span));
        }
    };
    if game.is_none() && board.is_none() && name.is_none() && queries.is_empty() {
        missing(ErrorKind::NoStatements, end, errors);
        return None;
    }
    let first_query = queries.first().map_or(end, |q| q.span);
    if game.is_none() {
        missing(ErrorKind::NoGame, first_query, errors);
    }
    if board.is_none() {
        missing(ErrorKind::NoBoard, first_query, errors);
    }
    if let (Some((game, _)), true) = (game, queries.is_empty()) {
        missing(ErrorKind::NoQuery { game }, end, errors);
    }
    // A file whose `game` is broken is checked as the game its queries
    // belong to, so that their mistakes are found in the same run.
    let game = game.map(|(game, _)| game).or_else(|| queries.first().map(|query| query.kind.game()));
    let game = game?;
    // Without a board (broken, or missing: told), the queries are checked
    // all the same, but for what depends on its size.
    let raw = board.map(|(raw, _)| raw);
    let size = raw.as_ref().map(|raw| (raw.len(), raw[0].len()));
    let ragged = raw.as_ref().is_some_and(|raw| raw.iter().any(|row| row.len() != raw[0].len()));
    let errors_before = errors.len();
    let game = match game {
        GameKind::Twenty48 => {
            let board = raw.as_ref().and_then(|raw| board_2048(raw, ragged, errors));
            match spawns.map(|(words, span)| keep(spawn_law(&words, span), errors)) {
                None => {
                    let queries: Vec<_> = queries.into_iter().filter_map(|raw| query_2048(raw, size, errors)).collect();
                    Game::Twenty48 { board: board?, queries }
                }
                Some(law) => {
                    // A broken law was told; its queries are checked all the same.
                    let context = SpawnContext { size, law: law.as_ref(), board: board.as_ref() };
                    let queries: Vec<_> =
                        queries.into_iter().filter_map(|raw| spawn_query(raw, &context, errors)).collect();
                    Game::Spawns { board: board?, law: law?, queries }
                }
            }
        }
        GameKind::BlockGame => {
            if let Some((_, span)) = spawns {
                errors.push(Error::new(ErrorKind::SpawnsInBlockGame, span));
            }
            let board = raw.as_ref().and_then(|raw| board_blockgame(raw, ragged, errors));
            let queries: Vec<_> = queries.into_iter().filter_map(|raw| keep(query_blockgame(raw), errors)).collect();
            Game::BlockGame { board: board?, queries }
        }
    };
    let warnings = warnings(&game);
    (errors.len() == errors_before).then(|| Puzzle { name: name.map(|n| n.0), game, warnings })
}

/// The `expect` lines that can never hold, whatever the search finds.
fn warnings(game: &Game) -> Vec<Error> {
    let mut warnings = Vec::new();
    match game {
        Game::Twenty48 { board, queries, .. } => {
            let sum = board.sum();
            // The largest tile the sum allows: no move changes the sum.
            let largest_possible = if sum == 0 { 0 } else { 1u128 << (127 - sum.leading_zeros()) };
            for item in queries {
                let Some((expect, span)) = &item.expect else { continue };
                let kind = match (&item.query, expect) {
                    (Query2048::MaxTile { .. }, Expect2048::Number(value)) => {
                        let value = *value;
                        if rules_2048::exponent_of_tile(value).is_err() {
                            Some(ErrorKind::ExpectNotATile { value })
                        } else if u128::from(value) > largest_possible {
                            Some(ErrorKind::ExpectPastTheSum {
                                value,
                                largest: largest_possible.min(u64::MAX as u128) as u64,
                            })
                        } else if value < board.max_tile() {
                            Some(ErrorKind::ExpectBelowTheBoard { value, largest: board.max_tile() })
                        } else {
                            None
                        }
                    }
                    (Query2048::Reach { within, .. }, Expect2048::Number(moves)) if *moves > *within as u64 => {
                        Some(ErrorKind::ExpectPastK { moves: *moves, k: *within })
                    }
                    _ => None,
                };
                warnings.extend(kind.map(|kind| Error::new(kind, *span)));
            }
        }
        // A probability and a move can always be met; a share, unless the
        // games stop below its tile.
        Game::Spawns { board, law, queries } => {
            let largest_spawn = law.largest_tile();
            for item in queries {
                let (
                    SpawnQuery::Play(PlayQuery { until: Some(until), .. }),
                    Some((Expect2048::Share { tile, percent }, span)),
                ) = (&item.query, &item.expect)
                else {
                    continue;
                };
                // Below `until` before its last move, a game's tiles are at
                // most half its next power of two: a merge makes at most that
                // power, a spawn at most the law's largest tile.
                let Some(stop) = until.checked_next_power_of_two() else { continue };
                let largest = stop.max(board.max_tile()).max(largest_spawn);
                if *tile > largest && percent.digits > 0 {
                    let kind = ErrorKind::ExpectPastUntil { tile: *tile, until: *until, largest };
                    warnings.push(Error::new(kind, *span));
                }
            }
        }
        Game::BlockGame { board, queries } => {
            for item in queries {
                let Some((BlockExpect::Number(blocks), span)) = &item.expect else { continue };
                if *blocks > board.blocks().len() as u64 {
                    let kind = ErrorKind::ExpectPastTheBlocks { blocks: *blocks, on_board: board.blocks().len() };
                    warnings.push(Error::new(kind, *span));
                }
            }
        }
    }
    warnings
}

/// The value, or its error pushed to `errors`.
fn keep<T>(result: Result<T, Error>, errors: &mut Vec<Error>) -> Option<T> {
    result.map_err(|error| errors.push(error)).ok()
}

fn is_empty_cell(text: &str) -> bool {
    text == "." || text == "0"
}

fn all_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// A board's cells read by `read` (empty cells are `T::default()`), in a
/// grid; every bad cell is pushed to `errors`. A `ragged` board (told
/// already) has its cells checked, and no grid.
fn read_cells<T: Default>(
    raw: &RawBoard,
    ragged: bool,
    errors: &mut Vec<Error>,
    mut read: impl FnMut(&str, Span) -> Result<T, Error>,
) -> Option<Grid<T>> {
    let errors_before = errors.len();
    let mut rows = Vec::with_capacity(raw.len());
    for row in raw {
        let mut cells = Vec::with_capacity(row.len());
        for (text, span) in row {
            let cell = if is_empty_cell(text) { Ok(T::default()) } else { read(text, *span) };
            cells.extend(keep(cell, errors));
        }
        rows.push(cells);
    }
    (errors.len() == errors_before && !ragged)
        .then(|| Grid::from_rows(rows).expect("rows were checked to be rectangular and non-empty"))
}

/// Tile values of a 2048 board, each checked where it is written by the
/// rules crate's definition of a tile.
fn tile_values(raw: &RawBoard, ragged: bool, errors: &mut Vec<Error>) -> Option<Grid<u64>> {
    read_cells(raw, ragged, errors, |text, span| {
        rules_2048::parse_cell(text).map_err(|error| {
            let tile = |value: u64| value >= 2 && value.is_power_of_two();
            power_written(text, span, tile)
                .unwrap_or_else(|| Error::new(ErrorKind::NotATile { text: text.to_string(), error }, span))
        })
    })
}

fn board_2048(raw: &RawBoard, ragged: bool, errors: &mut Vec<Error>) -> Option<rules_2048::Board> {
    let values = tile_values(raw, ragged, errors)?;
    Some(rules_2048::Board::from_values(&values).expect("every tile was checked"))
}

fn board_blockgame(raw: &RawBoard, ragged: bool, errors: &mut Vec<Error>) -> Option<rules_blockgame::Board> {
    let ids = read_cells(raw, ragged, errors, |text, span| match text.parse::<u32>() {
        Ok(id) if !text.starts_with('+') => Ok(id),
        _ if all_digits(text) => Err(Error::new(ErrorKind::BlockIdTooLarge { text: text.to_string() }, span)),
        _ => Err(Error::new(ErrorKind::NotABlockId { text: text.to_string() }, span)),
    })?;
    let board = rules_blockgame::Board::from_grid(ids).map_err(|rules_blockgame::SplitBlock { id, pieces }| {
        let at = |(r, c): (usize, usize)| raw[r][c].1;
        let (first, second) = (at(pieces[0][0]), at(pieces[1][0]));
        Error::new(ErrorKind::BlockSplit { id, pieces }, second).also(first)
    });
    keep(board, errors)
}

/// The error for a query of the other game.
fn of_the_other_game(raw: &RawQuery) -> Error {
    let game = match raw.kind.game() {
        GameKind::Twenty48 => GameKind::BlockGame,
        GameKind::BlockGame => GameKind::Twenty48,
    };
    Error::new(ErrorKind::QueryOfOtherGame { query: raw.kind, game }, raw.span)
}

/// A query of 2048 without spawns, or its errors pushed to `errors`: every
/// one of them, its words' and its `expect`'s, so that one run tells them all.
fn query_2048(
    raw: RawQuery,
    size: Option<(usize, usize)>,
    errors: &mut Vec<Error>,
) -> Option<Item<Query2048, Expect2048>> {
    let words = &raw.words;
    let query = match raw.kind {
        QueryKind::MaxTile => keep(moves_limit(&words[0]), errors).map(|within| Query2048::MaxTile { within }),
        QueryKind::Reach => {
            let target = keep(target(&words[0]), errors);
            let within = keep(moves_limit(&words[1]), errors);
            target.zip(within).map(|(target, within)| Query2048::Reach { target, within })
        }
        QueryKind::Apply if words.len() > limits::MAX_APPLY_MOVES => {
            errors.push(Error::new(ErrorKind::TooManyMoves { moves: words.len() }, raw.span));
            None
        }
        QueryKind::Apply if size.is_some_and(|(h, w)| words.len() * h * w > limits::MAX_APPLY_WORK) => {
            let (height, width) = size.expect("the guard read the size");
            errors.push(Error::new(ErrorKind::ApplyTooMuchWork { moves: words.len(), height, width }, raw.span));
            None
        }
        QueryKind::Apply => {
            let one_move = |word: &Word| one_move(word).map_err(|error| moves_together(word).unwrap_or(error));
            let moves: Vec<_> = words.iter().map(|word| keep(one_move(word), errors)).collect();
            moves.into_iter().collect::<Option<_>>().map(|moves| Query2048::Apply { moves })
        }
        QueryKind::Chance | QueryKind::BestMove | QueryKind::Play => {
            errors.push(Error::new(ErrorKind::NeedsSpawns { query: raw.kind }, raw.span));
            None
        }
        QueryKind::MaxRemoved => {
            // Its `expect` is the other game's answer: not checked as this one's.
            errors.push(of_the_other_game(&raw));
            return None;
        }
    };
    let expect = keep(expect_2048(raw.expect, raw.kind, size), errors);
    Some(Item { query: query?, span: raw.span, expect: expect? })
}

/// The `expect` of a 2048 query, checked against the query's kind; `None`
/// for a ragged expected board, which the parser told already.
fn expect_2048(
    expect: Option<(RawExpect, Span)>,
    kind: QueryKind,
    size: Option<(usize, usize)>,
) -> Result<Option<(Expect2048, Span)>, Error> {
    match expect {
        None => Ok(None),
        Some((expect, span)) => match expectation_2048(kind, expect, size) {
            Ok(expect) => Ok(Some((expect, span))),
            Err(Some(error)) => Err(error),
            Err(None) => Ok(None),
        },
    }
}

/// What a query of the game with spawns is checked against.
struct SpawnContext<'a> {
    /// The board's size, unless it is broken (and told).
    size: Option<(usize, usize)>,
    /// The law, unless it is broken (and told).
    law: Option<&'a SpawnLaw>,
    /// The board, when its cells are all tiles.
    board: Option<&'a rules_2048::Board>,
}

/// A query of the game with spawns, or every error of it pushed to `errors`.
fn spawn_query(
    raw: RawQuery,
    context: &SpawnContext<'_>,
    errors: &mut Vec<Error>,
) -> Option<Item<SpawnQuery, Expect2048>> {
    let words = &raw.words;
    let query = match raw.kind {
        QueryKind::Chance => {
            let target = keep(target(&words[0]), errors);
            let mut within = keep(moves_limit(&words[1]), errors);
            if let (Some(k), Some(law), Some(board)) = (within, context.law, context.board) {
                let most = rules_2048::most_moves_within(board, law, 1e-12);
                if k > most {
                    let (height, width) = (board.height(), board.width());
                    errors.push(Error::new(ErrorKind::ChanceTooDeep { k, most, height, width }, words[1].1));
                    within = None;
                }
            }
            target.zip(within).map(|(target, within)| SpawnQuery::Chance { target, within })
        }
        QueryKind::BestMove => {
            let new_game = context.board.is_some_and(|board| board.max_tile() == 0);
            if new_game {
                errors.push(Error::new(ErrorKind::BestMoveOfANewGame, raw.span));
            }
            let depth = options(words, &["depth"], QueryKind::BestMove, raw.span, errors)
                .and_then(|options| keep(options.get("depth").map(depth).transpose(), errors));
            depth.filter(|_| !new_game).map(|depth| SpawnQuery::BestMove { depth })
        }
        QueryKind::Play => play_query(words, raw.span, errors).map(SpawnQuery::Play),
        QueryKind::MaxTile | QueryKind::Reach | QueryKind::Apply => {
            errors.push(Error::new(ErrorKind::NeedsNoSpawns { query: raw.kind }, raw.span));
            None
        }
        QueryKind::MaxRemoved => {
            // Its `expect` is the other game's answer: not checked as this one's.
            errors.push(of_the_other_game(&raw));
            return None;
        }
    };
    let expect = keep(expect_2048(raw.expect, raw.kind, context.size), errors);
    Some(Item { query: query?, span: raw.span, expect: expect? })
}

fn one_move((text, span): &Word) -> Result<Direction, Error> {
    Direction::parse(text).ok_or_else(|| {
        let moves = ["U", "D", "L", "R", "up", "down", "left", "right"];
        let suggestion = Suggestion::among(text, &moves).filter(|s| !s.case_only);
        Error::new(ErrorKind::UnknownMove { text: text.clone(), suggestion }, *span)
    })
}

/// The error of a word of `apply` that is moves written together (`LURD`,
/// `left,up`, `L,`), told as they are written: apart (`L U R D`, `left up`,
/// `L`). `None` when some part of it is no move.
fn moves_together((text, span): &Word) -> Option<Error> {
    let mut moves = Vec::new();
    for part in text.split(',').filter(|part| !part.is_empty()) {
        if Direction::parse(part).is_some() {
            moves.push(part.to_string());
        } else {
            let letters = part.chars().map(|letter| letter.to_string());
            let letters: Vec<String> = letters.filter(|letter| Direction::parse(letter).is_some()).collect();
            if letters.len() != part.chars().count() {
                return None;
            }
            moves.extend(letters);
        }
    }
    let written = moves.join(" ");
    (!moves.is_empty()).then(|| Error::new(ErrorKind::MovesTogether { text: text.clone(), written }, *span))
}

/// The law of `spawns` (the statement at `statement`): `classic`, or pairs
/// `TILE P%`, each percent whole or with decimals.
fn spawn_law(words: &[Word], statement: Span) -> Result<SpawnLaw, Error> {
    if words.is_empty() {
        let after_keyword = statement.start + HeaderKeyword::Spawns.word().len();
        let end = Span::new(after_keyword, after_keyword);
        return Err(Error::new(ErrorKind::NoSpawnLaw, end));
    }
    if let [(word, span)] = words {
        if word == "classic" {
            return Ok(SpawnLaw::classic());
        }
        if let Some(suggestion) = Suggestion::among(word, &["classic"]) {
            let found = Found::Word(word.clone());
            return Err(Error::new(ErrorKind::BadSpawnLaw { found, suggestion: Some(suggestion) }, *span));
        }
    }
    let words_span = words[0].1.to(words[words.len() - 1].1);
    if words.iter().any(|(word, _)| word == "classic") {
        return Err(Error::new(ErrorKind::ClassicNotAlone, words_span));
    }
    if let Some(error) = probabilities_for_percents(words, statement) {
        return Err(error);
    }
    let bad = |(text, span): &Word| {
        let found = Found::Word(text.clone());
        Error::new(ErrorKind::BadSpawnLaw { found, suggestion: None }, *span)
    };
    let mut pairs = Vec::new();
    for (index, pair) in words.chunks(2).enumerate() {
        let tile = pair[0].0.parse::<u64>().map_err(|_| match &pair[0] {
            (text, span) if all_digits(text) => Error::new(ErrorKind::SpawnTileTooLarge { text: text.clone() }, *span),
            word => bad(word),
        })?;
        let Some(percent_word) = pair.get(1) else {
            let end = pair[0].1.end;
            let found = Found::EndOfLine;
            return Err(Error::new(ErrorKind::BadSpawnLaw { found, suggestion: None }, Span::new(end, end)));
        };
        let Some(number) = percent_word.0.strip_suffix('%') else {
            return Err(match Decimal::parse(&percent_word.0) {
                Some(_) => {
                    // A sign written apart (`90 %`) is a part of the mistake:
                    // writing `90%` over both mends it.
                    let span = match words.get(2 * index + 2) {
                        Some((sign, sign_span)) if sign == "%" || sign == "percent" => percent_word.1.to(*sign_span),
                        _ => percent_word.1,
                    };
                    Error::new(ErrorKind::PercentWithoutSign { number: percent_word.0.clone() }, span)
                }
                None => bad(percent_word),
            });
        };
        // A percent finer than any law takes is told as such, at the
        // percent, however many its decimals: not as no percent at all.
        if let Some(places) = Decimal::places_in(number).filter(|&places| places > SpawnLaw::MAX_PLACES as usize) {
            let too_fine = rules_2048::SpawnLawError::TooFine { places: u32::try_from(places).unwrap_or(u32::MAX) };
            return Err(Error::new(ErrorKind::SpawnLaw(too_fine), percent_word.1));
        }
        let percent = Decimal::parse(number).ok_or_else(|| {
            let law_takes = |percent: Decimal| percent.places <= SpawnLaw::MAX_PLACES;
            miswritten(percent_word, "%", law_takes).unwrap_or_else(|| bad(percent_word))
        })?;
        pairs.push((tile, percent));
    }
    // Every chance in units of the finest one's places (u128: no digits
    // the word can hold overflow it).
    let places = pairs.iter().map(|(_, percent)| percent.places).max().unwrap_or(0);
    let in_units: Vec<(u64, u128)> = pairs
        .iter()
        .map(|&(tile, percent)| (tile, u128::from(percent.digits) * 10u128.pow(places - percent.places)))
        .collect();
    SpawnLaw::in_percent_units(&in_units, places).map_err(|error| Error::new(ErrorKind::SpawnLaw(error), words_span))
}

/// The error of a law whose chances are written as probabilities
/// (`spawns 2 0.9 4 0.1`, or `.9` and `.1`), when as percents (`2 90% 4
/// 10%`) it is a law: the mended law is offered whole.
fn probabilities_for_percents(words: &[Word], statement: Span) -> Option<Error> {
    if !words.len().is_multiple_of(2) {
        return None;
    }
    let mut mended = Vec::new();
    for pair in words.chunks(2) {
        let word = &pair[1].0;
        let probability = Decimal::parse(word).or_else(|| Decimal::parse(&Decimal::mended(word)?))?;
        let percent = match probability.places.checked_sub(2) {
            Some(places) => Decimal { digits: probability.digits, places },
            None => Decimal { digits: probability.digits.checked_mul(10u64.pow(2 - probability.places))?, places: 0 },
        };
        mended.extend([pair[0].clone(), (format!("{percent}%"), pair[1].1)]);
    }
    spawn_law(&mended, statement).ok()?;
    let kind = ErrorKind::ProbabilitiesForPercents { text: joined(words), written: joined(&mended) };
    Some(Error::new(kind, words[0].1.to(words[words.len() - 1].1)))
}

/// The options of `best-move` or `play` (`NAME VALUE` pairs, any order,
/// each at most once), by name.
fn options<'w>(
    words: &'w [Word],
    allowed: &[&'static str],
    query: QueryKind,
    span: Span,
    errors: &mut Vec<Error>,
) -> Option<std::collections::HashMap<&'static str, &'w Word>> {
    let mut found: std::collections::HashMap<&'static str, (&'w Word, Span)> = std::collections::HashMap::new();
    let mut at = 0;
    let errors_before = errors.len();
    while at < words.len() {
        let (name, name_span) = &words[at];
        let Some(&option) = allowed.iter().find(|allowed| *allowed == name) else {
            // A word that is no option may be a value written without its
            // name: what follows is not read as options.
            let suggestion = Suggestion::among(name, allowed);
            errors.push(Error::new(ErrorKind::UnknownOption { found: name.clone(), query, suggestion }, *name_span));
            return None;
        };
        if let Some((_, first)) = found.get(option) {
            errors.push(Error::new(ErrorKind::OptionTwice { option, query }, *name_span).also(*first));
        }
        let Some(value) = words.get(at + 1) else {
            let end = Span::new(name_span.end, name_span.end.max(span.end.min(name_span.end)));
            errors.push(Error::new(ErrorKind::OptionValue { option, found: Found::EndOfLine }, end));
            break;
        };
        found.entry(option).or_insert((value, *name_span));
        at += 2;
    }
    (errors.len() == errors_before).then(|| found.into_iter().map(|(option, (value, _))| (option, value)).collect())
}

fn option_value<T: std::str::FromStr>(
    option: &'static str,
    (text, span): &Word,
    valid: impl Fn(&T) -> bool,
) -> Result<T, Error> {
    match text.parse::<T>() {
        Ok(value) if valid(&value) && !text.starts_with('+') => Ok(value),
        _ => Err(Error::new(ErrorKind::OptionValue { option, found: Found::Word(text.clone()) }, *span)),
    }
}

fn depth(word: &&Word) -> Result<u32, Error> {
    option_value("depth", word, |d: &u32| (1..=rules_2048::MAX_DEPTH).contains(d))
}

/// `N games [seed S] [depth D] [until T]`.
fn play_query(words: &[Word], span: Span, errors: &mut Vec<Error>) -> Option<PlayQuery> {
    let games = keep(option_value("games", &words[0], |n: &u32| (1..=limits::MAX_GAMES).contains(n)), errors);
    match words.get(1) {
        Some((word, _)) if word == "games" || word == "game" => {}
        Some((word, span)) => {
            // Without the word `games`, what follows is not read as options.
            errors.push(Error::new(ErrorKind::ExpectedGames { found: Found::Word(word.clone()) }, *span));
            return None;
        }
        None => {
            let end = words[0].1.end;
            errors.push(Error::new(ErrorKind::ExpectedGames { found: Found::EndOfLine }, Span::new(end, end)));
            return None;
        }
    }
    let options = options(&words[2..], &["seed", "depth", "until"], QueryKind::Play, span, errors)?;
    let seed = keep(options.get("seed").map(|word| option_value("seed", word, |_: &u64| true)).transpose(), errors);
    let depth = keep(options.get("depth").map(depth).transpose(), errors);
    let until = |word: &&Word| {
        option_value("until", word, |t: &u64| *t >= 1)
            .map_err(|error| power_written(&word.0, word.1, |t| t >= 1).unwrap_or(error))
    };
    let until = keep(options.get("until").map(until).transpose(), errors);
    Some(PlayQuery { games: games?, seed: seed?, depth: depth?, until: until? })
}

fn query_blockgame(raw: RawQuery) -> Result<Item<BlockQuery, BlockExpect>, Error> {
    let query = match raw.kind {
        QueryKind::MaxRemoved => BlockQuery::MaxRemoved,
        QueryKind::MaxTile
        | QueryKind::Reach
        | QueryKind::Apply
        | QueryKind::Chance
        | QueryKind::BestMove
        | QueryKind::Play => return Err(of_the_other_game(&raw)),
    };
    let expect = match raw.expect {
        None => None,
        Some((RawExpect::Board(_, span), _)) => {
            let kind = ErrorKind::OnlyApplyExpectsBoard { query: QueryKind::MaxRemoved };
            return Err(Error::new(kind, Span::new(span.start, span.start + 1)));
        }
        Some((RawExpect::Words(first, rest), span)) => {
            let word = one_word(&first, &rest, QueryKind::MaxRemoved)?;
            Some((BlockExpect::Number(number(word, QueryKind::MaxRemoved)?), span))
        }
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
        Err(_) => Err(power_written(text, *span, |t| t >= 1)
            .unwrap_or_else(|| Error::new(ErrorKind::TargetNotANumber { text: text.clone() }, *span))),
    }
}

/// A word that must be a whole number, as the answer of `query`.
fn number((text, span): &Word, query: QueryKind) -> Result<u64, Error> {
    match text.parse::<u64>() {
        Ok(n) if !text.starts_with('+') => Ok(n),
        _ => Err(power_written(text, *span, |_| true)
            .unwrap_or_else(|| Error::new(ErrorKind::ImpossibleExpect { text: text.clone(), query }, *span))),
    }
}

/// The error of a number written as a power (`2^11`, `2**11`), as the
/// language writes it (`2048`), when a `u64` holds it and `takes` takes it:
/// no mending is offered that would be refused then.
fn power_written(text: &str, span: Span, takes: impl Fn(u64) -> bool) -> Option<Error> {
    let (base, exponent) = text.split_once("**").or_else(|| text.split_once('^'))?;
    let value = base.parse::<u64>().ok()?.checked_pow(exponent.parse().ok()?).filter(|&value| takes(value))?;
    Some(Error::new(ErrorKind::PowerWritten { text: text.to_string(), written: value.to_string() }, span))
}

/// The error of a word meant as a number with decimals but written `.5`,
/// `5.` or `+5` (before `suffix`: `%` for a percent), if as the language
/// writes it (`0.5`, `5`, `5`) `takes` takes it: no mending is offered that
/// would be refused then.
fn miswritten((text, span): &Word, suffix: &str, takes: impl Fn(Decimal) -> bool) -> Option<Error> {
    let written = Decimal::mended(text.strip_suffix(suffix)?)?;
    takes(Decimal::parse(&written)?).then_some(())?;
    let kind = ErrorKind::NumberMisWritten { text: text.clone(), written: format!("{written}{suffix}") };
    Some(Error::new(kind, *span))
}

/// The `expect` of `chance` written otherwise than the language writes a
/// probability: `.5` (`0.5`), or as a percent (`50%` is `0.50`, to as many
/// digits). `None` when no such reading makes it a probability.
fn misread_chance(word: &Word) -> Option<Error> {
    let probability = |probability: Decimal| probability.value() <= 1.0;
    miswritten(word, "", probability).or_else(|| {
        let number = word.0.strip_suffix('%')?;
        let percent = Decimal::parse(number).or_else(|| Decimal::parse(&Decimal::mended(number)?))?;
        let places = Some(percent.places + 2).filter(|&places| places <= Decimal::MAX_PLACES)?;
        let written = Decimal { digits: percent.digits, places };
        probability(written).then_some(())?;
        Some(Error::new(ErrorKind::ChanceAsPercent { text: word.0.clone(), written: written.to_string() }, word.1))
    })
}

/// The one word of an answer that is one word: an error at the next, if any.
fn one_word<'w>(first: &'w Word, rest: &[Word], query: QueryKind) -> Result<&'w Word, Error> {
    match rest.first() {
        None => Ok(first),
        Some((extra, span)) => Err(Error::new(ErrorKind::ExpectTooLong { found: extra.clone(), query }, *span)),
    }
}

fn expectation_2048(
    query: QueryKind,
    expect: RawExpect,
    size: Option<(usize, usize)>,
) -> Result<Expect2048, Option<Error>> {
    let impossible =
        |(text, span): &Word| Some(Error::new(ErrorKind::ImpossibleExpect { text: text.clone(), query }, *span));
    match (query, expect) {
        (QueryKind::Apply, RawExpect::Board(raw, span)) => {
            let mut cell_errors = Vec::new();
            let ragged = raw.iter().any(|row| row.len() != raw[0].len());
            let Some(values) = tile_values(&raw, ragged, &mut cell_errors) else {
                return Err(cell_errors.into_iter().next());
            };
            let found = (values.height(), values.width());
            if let Some(board) = size.filter(|&board| board != found) {
                let kind = ErrorKind::ExpectedBoardSize { found, board };
                return Err(Some(Error::new(kind, Span::new(span.start, span.start + 1))));
            }
            Ok(Expect2048::Board(values))
        }
        (QueryKind::Apply, RawExpect::Words((text, span), _)) => {
            Err(Some(Error::new(ErrorKind::ApplyExpectsBoard { text }, span)))
        }
        (_, RawExpect::Board(_, span)) => {
            let kind = ErrorKind::OnlyApplyExpectsBoard { query };
            Err(Some(Error::new(kind, Span::new(span.start, span.start + 1))))
        }
        (QueryKind::Play, RawExpect::Words(tile, rest)) => match rest.as_slice() {
            [(word_in, _), percent] if word_in == "in" => {
                let tile_value = tile.0.parse::<u64>().ok().filter(|&t| t >= 1 && !tile.0.starts_with('+'));
                let share = percent.0.strip_suffix('%').and_then(Decimal::parse).filter(|d| d.value() <= 100.0);
                match (tile_value, share) {
                    (Some(tile), Some(percent)) => Ok(Expect2048::Share { tile, percent }),
                    (None, _) => Err(power_written(&tile.0, tile.1, |t| t >= 1).or_else(|| impossible(&tile))),
                    (_, None) if !percent.0.ends_with('%') && Decimal::parse(&percent.0).is_some() => {
                        let kind = ErrorKind::PercentWithoutSign { number: percent.0.clone() };
                        Err(Some(Error::new(kind, percent.1)))
                    }
                    (_, None) => {
                        Err(miswritten(percent, "%", |share| share.value() <= 100.0).or_else(|| impossible(percent)))
                    }
                }
            }
            // The sign apart (`95 %`, `95 percent`): written over both.
            [(word_in, _), (number, number_span), (sign, sign_span)]
                if word_in == "in" && (sign == "%" || sign == "percent") && Decimal::parse(number).is_some() =>
            {
                let kind = ErrorKind::PercentWithoutSign { number: number.clone() };
                Err(Some(Error::new(kind, number_span.to(*sign_span))))
            }
            [_, _, (extra, span), ..] => {
                Err(Some(Error::new(ErrorKind::ExpectTooLong { found: extra.clone(), query }, *span)))
            }
            _ => Err(impossible(&tile)),
        },
        (_, RawExpect::Words(first, rest)) => {
            let word = one_word(&first, &rest, query).map_err(Some)?;
            match query {
                QueryKind::Reach if word.0 == "unreachable" => Ok(Expect2048::Unreachable),
                QueryKind::Chance => match Decimal::parse(&word.0).filter(|d| d.value() <= 1.0) {
                    Some(probability) => Ok(Expect2048::Probability(probability)),
                    None => Err(misread_chance(word).or_else(|| impossible(word))),
                },
                QueryKind::BestMove if word.0 == "none" => Ok(Expect2048::Move(None)),
                QueryKind::BestMove => match Direction::parse(&word.0) {
                    Some(direction) => Ok(Expect2048::Move(Some(direction))),
                    None => Err(impossible(word)),
                },
                _ => Ok(Expect2048::Number(number(word, query).map_err(Some)?)),
            }
        }
    }
}
