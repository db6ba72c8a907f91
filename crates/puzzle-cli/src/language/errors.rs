//! Every mistake a `.puzzle` file can hold, as one enum of kinds with one
//! message and one help each (just's `CompileErrorKind` habit): the texts a
//! user reads are all here, and tests assert on kinds, not on wording.

use std::fmt;

use rules_2048::{SearchError, SpawnLawError, TileError};

use crate::diagnostic::{Diagnostic, Span};
use crate::limits;

use super::kinds::{GameKind, QueryKind};

/// How a sequence too long for one `apply` is split.
const EACH_FROM_THE_LAST: &str = "each starting from the board the one before ends on";

/// What the parser found where it expected something else.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// The end of the file.
    EndOfFile,
    /// The end of the line.
    EndOfLine,
    /// A word (up to a blank or a line end).
    Word(String),
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::EndOfFile => f.write_str("the end of the file"),
            Found::EndOfLine => f.write_str("the end of the line"),
            Found::Word(word) => write!(f, "`{word}`"),
        }
    }
}

/// A word the user likely meant: the same but for case (keywords and names
/// are lower case), or one or two letters away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Suggestion {
    /// The word meant.
    pub word: &'static str,
    /// Whether it differs only by case.
    pub case_only: bool,
}

impl Suggestion {
    /// The closest of `candidates` to `word`, if one is close enough.
    pub fn among(word: &str, candidates: &[&'static str]) -> Option<Suggestion> {
        if let Some(&same) = candidates.iter().find(|candidate| candidate.eq_ignore_ascii_case(word)) {
            return Some(Suggestion { word: same, case_only: true });
        }
        let lower = word.to_ascii_lowercase();
        let (distance, closest) =
            candidates.iter().map(|candidate| (strsim::damerau_levenshtein(&lower, candidate), *candidate)).min()?;
        // One edit from three letters on, two from eight: close, not a guess
        // (every letter is one edit from `U`).
        let allowed = match word.chars().count() {
            0..=2 => 0,
            3..=7 => 1,
            _ => 2,
        };
        (distance <= allowed).then_some(Suggestion { word: closest, case_only: false })
    }
}

impl fmt::Display for Suggestion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.case_only {
            write!(f, "keywords and names are lower case: `{}`", self.word)
        } else {
            write!(f, "did you mean `{}`?", self.word)
        }
    }
}

/// The statements a file may hold before its queries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeaderKeyword {
    /// `name`.
    Name,
    /// `game`.
    Game,
    /// `board`.
    Board,
    /// `spawns`.
    Spawns,
}

impl HeaderKeyword {
    /// The keyword as written.
    pub fn word(self) -> &'static str {
        match self {
            HeaderKeyword::Name => "name",
            HeaderKeyword::Game => "game",
            HeaderKeyword::Board => "board",
            HeaderKeyword::Spawns => "spawns",
        }
    }
}

/// The statement a missing value belongs to, where its help can show the
/// statement's form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueOf {
    /// `game`.
    Game,
    /// A query of this kind.
    Query(QueryKind),
}

/// Every kind of error a file can hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file is over the size limit.
    FileTooLarge { bytes: usize },
    /// The parser stopped short of the end of its thread's stack (pest
    /// keeps 64 KiB free): the file was not read, rightly or wrongly.
    StackTooSmall,
    /// The file is not UTF-8; `byte` is the first bad one.
    NotUtf8 { byte: u8 },
    /// The file is UTF-16 (by its byte order mark, or the zero bytes beside
    /// its first characters).
    Utf16 { big_endian: bool },
    /// Nothing but comments and blank lines.
    NoStatements,
    /// No `game` statement.
    NoGame,
    /// No `board` statement.
    NoBoard,
    /// No `query` statement.
    NoQuery { game: GameKind },
    /// `name`, `game` or `board` after the first query.
    AfterQuery { keyword: HeaderKeyword },
    /// `name`, `game` or `board` a second time.
    GivenTwice { keyword: HeaderKeyword },
    /// More queries than the limit (told once, at the first past it).
    TooManyQueries { queries: usize },
    /// `expect` with no query before it.
    ExpectBeforeQuery,
    /// A second `expect` for one query.
    ExpectTwice,
    /// A `name` whose closing quote is missing.
    NameNotClosed,
    /// An escape in a `name` other than `\"` and `\\`.
    UnsupportedEscape { escape: char },
    /// Something other than a statement where one should start; `glued` is
    /// a keyword the word starts with (`game2048`).
    ExpectedStatement { found: Found, glued: Option<(&'static str, String)>, suggestion: Option<Suggestion> },
    /// Something other than a query kind after `query`.
    ExpectedQuery { found: Found, suggestion: Option<Suggestion> },
    /// `within` missing from the query.
    ExpectedWithin { found: Found, query: QueryKind },
    /// `name` not followed by a quoted string.
    ExpectedName { found: Found },
    /// A character that looks like one of the language's and is not: a
    /// blank other than a space or a tab, a full-width form, a
    /// typographer's quote or dash; `meant` is the one it stands for.
    LookAlike { found: String, meant: String },
    /// `:` or `=` between a statement's keyword and its value (`game:
    /// 2048`, `board = {`), as other formats write them.
    SeparatorAfterKeyword { keyword: &'static str, separator: String },
    /// `board` not followed by `{`.
    ExpectedBoardOpen { found: Found },
    /// A board's row (or its `}`) on the line of its `{`.
    RowOnOpeningLine { found: Found },
    /// `expect` not followed by an answer; `query` is the query it follows,
    /// if any.
    ExpectedAnswer { found: Found, query: Option<QueryKind> },
    /// A board's closing `}` missing.
    BoardNotClosed,
    /// A board's `}` at the end of a row.
    BraceOnRow,
    /// A board's rows on one line apart by `/` (`2 . / . 2`): `rows`, each
    /// on a line of its own.
    RowsApartBySlash { rows: Vec<String> },
    /// A board row whose cells are separated by `,` or written in `[` `]`
    /// (`2, 2`): `written` with blanks alone (`2 2`).
    CellsNotApart { row: String, written: String },
    /// Something in a board that is neither a row nor `}`.
    ExpectedRowOrBrace { found: Found },
    /// A keyword without the value it needs; `of` is the statement's own
    /// form when it is known (a query, `game`).
    ExpectedValue { found: Found, of: Option<ValueOf> },
    /// More on a line after a complete statement.
    ExpectedEndOfLine { found: Found },
    /// A game name other than `2048` and `blockgame`.
    UnknownGame { word: String, suggestion: Option<Suggestion> },
    /// `board { }` with no rows.
    EmptyBoard,
    /// A row whose length differs from the first row's.
    RaggedRow { cells: usize, first: usize },
    /// A board over the size limits.
    BoardTooLarge { height: usize, width: usize },
    /// A 2048 cell that is not a tile.
    NotATile { text: String, error: TileError },
    /// A block-game cell past the largest id.
    BlockIdTooLarge { text: String },
    /// A block-game cell that is not a number.
    NotABlockId { text: String },
    /// A block whose cells form several pieces; each piece's cells, 0-based.
    BlockSplit { id: u32, pieces: Vec<Vec<(usize, usize)>> },
    /// A query of the other game.
    QueryOfOtherGame { query: QueryKind, game: GameKind },
    /// An `apply` with more moves than the limit.
    TooManyMoves { moves: usize },
    /// An `apply` whose moves times cells pass the limit.
    ApplyTooMuchWork { moves: usize, height: usize, width: usize },
    /// A move that is not `U D L R` or a word for one.
    UnknownMove { text: String, suggestion: Option<Suggestion> },
    /// Moves of `apply` written together (`LURD`, `left,up`): apart,
    /// `written` (`L U R D`, `left up`).
    MovesTogether { text: String, written: String },
    /// K past the limit.
    MovesTooMany { text: String },
    /// K below 0.
    MovesNegative { text: String },
    /// K not a number.
    MovesNotANumber { text: String },
    /// T = 0.
    TargetZero,
    /// T past `u64::MAX`.
    TargetTooLarge { text: String },
    /// T not a number.
    TargetNotANumber { text: String },
    /// An expected board of another size than the puzzle's.
    ExpectedBoardSize { found: (usize, usize), board: (usize, usize) },
    /// A word where `apply` expects a board.
    ApplyExpectsBoard { text: String },
    /// A board where a query other than `apply` expects a word.
    OnlyApplyExpectsBoard { query: QueryKind },
    /// A word that is no answer of the query.
    ImpossibleExpect { text: String, query: QueryKind },
    /// Warning: an expected tile that is no tile.
    ExpectNotATile { value: u64 },
    /// Warning: an expected tile larger than the tiles' sum allows.
    ExpectPastTheSum { value: u64, largest: u64 },
    /// Warning: an expected tile smaller than one the board holds.
    ExpectBelowTheBoard { value: u64, largest: u64 },
    /// Warning: more moves expected than the query allows.
    ExpectPastK { moves: u64, k: usize },
    /// Warning: more blocks expected than the board has.
    ExpectPastTheBlocks { blocks: u64, on_board: usize },
    /// Warning: a share of games expected to make a tile above the one
    /// their `until` stops them at.
    ExpectPastUntil { tile: u64, until: u64, largest: u64 },
    /// `spawns` in a block-game file.
    SpawnsInBlockGame,
    /// `spawns` with nothing after it.
    NoSpawnLaw,
    /// A word of `spawns` that is neither `classic` nor a tile and its percent.
    BadSpawnLaw { found: Found, suggestion: Option<Suggestion> },
    /// `classic` with tiles beside it (`spawns classic 2 90%`).
    ClassicNotAlone,
    /// A tile of `spawns` past any number a cell holds (2^64 and up).
    SpawnTileTooLarge { text: String },
    /// A percent written without its `%`: a chance of `spawns` (`2 90 4 10`,
    /// or apart: `2 90 % 4 10 %`), or the share of a `play`'s `expect`
    /// (`expect 2048 in 95`).
    PercentWithoutSign { number: String },
    /// A number written `.5`, `5.` or `+5` (a percent too: `.5%`), where the
    /// language writes `0.5`, `5` and `5`: in a spawn law's percents and in
    /// the `expect` of `chance` and `play`.
    NumberMisWritten { text: String, written: String },
    /// A whole number written as a power (`2^11`, `2**11`): `written`
    /// (`2048`), in a tile, a target or an answer.
    PowerWritten { text: String, written: String },
    /// The `expect` of `chance` written as a percent (`expect 50%`): it is a
    /// probability, `written` (`0.50`).
    ChanceAsPercent { text: String, written: String },
    /// A spawn law's chances written as probabilities (`2 0.9 4 0.1`): as
    /// percents, `written` (`2 90% 4 10%`) is a law.
    ProbabilitiesForPercents { text: String, written: String },
    /// A spawn law whose tiles or percents are wrong.
    SpawnLaw(SpawnLawError),
    /// A query of the game with spawns in a file without `spawns`.
    NeedsSpawns { query: QueryKind },
    /// A query of 2048 without spawns in a file with `spawns`.
    NeedsNoSpawns { query: QueryKind },
    /// `chance` looking further than its error bound stays below 1e-12.
    ChanceTooDeep { k: usize, most: usize, height: usize, width: usize },
    /// A word after `best-move` or `play N games` that is none of its options.
    UnknownOption { found: String, query: QueryKind, suggestion: Option<Suggestion> },
    /// An option given twice.
    OptionTwice { option: &'static str, query: QueryKind },
    /// An option's value that is none (`depth 0`, `seed x`).
    OptionValue { option: &'static str, found: Found },
    /// `play N` without `games`.
    ExpectedGames { found: Found },
    /// `best-move` on a board of empty cells, a new game: no board to move on
    /// until its first two spawns.
    BestMoveOfANewGame,
    /// Words after a one-word answer.
    ExpectTooLong { found: String, query: QueryKind },
    /// No answer from the search: a merge of two 2^63 tiles.
    Search(SearchError),
}

impl ErrorKind {
    /// What is wrong, in one line.
    pub fn message(&self) -> String {
        use ErrorKind::*;
        match self {
            FileTooLarge { bytes } => {
                format!("the file is {bytes} bytes long, more than the limit of {} bytes", limits::MAX_FILE_BYTES)
            }
            StackTooSmall => "too little stack is left on this thread to read the file".into(),
            NotUtf8 { byte } => format!("the file is not UTF-8 text (byte 0x{byte:02X})"),
            Utf16 { big_endian } => {
                format!("the file is UTF-16 text ({}-endian), not UTF-8", if *big_endian { "big" } else { "little" })
            }
            NoStatements => "the file holds no statements".into(),
            NoGame => "this puzzle does not say which game it is".into(),
            NoBoard => "this puzzle has no board".into(),
            NoQuery { .. } => "this puzzle asks nothing: no query".into(),
            AfterQuery { keyword } => format!("`{}` comes after a query", keyword.word()),
            GivenTwice { keyword } => format!("`{}` is given twice", keyword.word()),
            TooManyQueries { queries } => {
                format!("this file has {queries} queries, more than the {} a file may ask", limits::MAX_QUERIES)
            }
            ExpectBeforeQuery => "`expect` before any query".into(),
            ExpectTwice => "a second `expect` for one query".into(),
            NameNotClosed => "the name is not closed: expected `\"` before the end of the line".into(),
            UnsupportedEscape { escape } => format!("`\\{escape}` is not an escape of a name"),
            ExpectedStatement { found, .. } => format!("expected a statement, found {found}"),
            ExpectedQuery { found, .. } => format!("expected a query, found {found}"),
            ExpectedWithin { found, .. } => format!("expected `within`, found {found}"),
            ExpectedName { found } => format!("expected a quoted name, found {found}"),
            LookAlike { found, meant } => {
                // Their code points: a blank shows none of itself.
                let codes: Vec<String> = found.chars().map(|c| format!("U+{:04X}", u32::from(c))).collect();
                let codes = codes.join(" ");
                if meant.is_empty() {
                    let escaped = found.escape_unicode();
                    format!("`{escaped}` ({codes}) shows as nothing, and the language does not read it: delete it")
                } else if meant.trim().is_empty() {
                    format!("`{found}` ({codes}) is a blank the language does not read: write a space")
                } else {
                    format!("`{found}` ({codes}) looks like `{meant}` but is not: write `{meant}`")
                }
            }
            SeparatorAfterKeyword { keyword, separator } => {
                format!("`{keyword}` takes its value after a blank, without `{separator}`")
            }
            ExpectedBoardOpen { found } => format!("expected `{{` to open the board, found {found}"),
            RowOnOpeningLine { found } => format!("expected the end of the line after the board's `{{`, found {found}"),
            ExpectedAnswer { found, .. } => format!("expected the answer, found {found}"),
            BoardNotClosed => "the board is not closed: expected `}`".into(),
            BraceOnRow => "expected the end of the row, found `}`".into(),
            RowsApartBySlash { rows } => {
                format!(
                    "a board's rows go on lines of their own, not apart by `/`: this line holds {}",
                    count(rows.len(), "row")
                )
            }
            CellsNotApart { row, written } if written.is_empty() => {
                format!("cells stand apart, without commas: `{row}` holds no cell")
            }
            CellsNotApart { row, written } => {
                format!("cells stand apart, without commas: `{row}` is written `{written}`")
            }
            ExpectedRowOrBrace { found } => format!("expected a board row or `}}`, found {found}"),
            ExpectedValue { found, .. } => format!("expected a value, found {found}"),
            ExpectedEndOfLine { found } => format!("expected the end of the line, found {found}"),
            UnknownGame { word, .. } => format!("unknown game `{word}`"),
            EmptyBoard => "the board has no rows".into(),
            RaggedRow { cells, first } => {
                format!("this row has {}, but the first row has {first}", count(*cells, "cell"))
            }
            BoardTooLarge { height, width } => format!("the board is {height}×{width}, larger than the limit"),
            NotATile { text, error: TileError::TooLarge } => format!("`{text}` is too large for a tile"),
            NotATile { text, error: TileError::NotANumber } => format!("`{text}` is not a 2048 tile"),
            NotATile { text, error: TileError::NotAPowerOfTwo } => format!("`{text}` is not a power of two from 2 up"),
            BlockIdTooLarge { text } => format!("`{text}` is too large for a block id"),
            NotABlockId { text } => format!("`{text}` is not a block id"),
            BlockSplit { id, pieces } => format!("block {id} is split into {} pieces", pieces.len()),
            QueryOfOtherGame { query, game } => format!("`{}` is not a {} query", query.keyword(), game.name()),
            TooManyMoves { moves } => format!("{moves} moves, more than the limit of {}", limits::MAX_APPLY_MOVES),
            ApplyTooMuchWork { moves, height, width } => {
                format!("{moves} moves on a {height}×{width} board is more work than the limit")
            }
            UnknownMove { text, .. } => format!("unknown move `{text}`"),
            MovesTogether { text, written } => format!("moves stand apart: `{text}` is written `{written}`"),
            MovesTooMany { text } => format!("{text} moves is more than the limit"),
            MovesNegative { text } => format!("`{text}` is negative"),
            MovesNotANumber { text } => format!("`{text}` is not a number of moves"),
            TargetZero => "the target tile is 0".into(),
            TargetTooLarge { text } => format!("`{text}` is too large"),
            TargetNotANumber { text } => format!("`{text}` is not a target tile"),
            ExpectedBoardSize { found: (h, w), board: (height, width) } => {
                format!("the expected board is {h}×{w}, the puzzle's is {height}×{width}")
            }
            ApplyExpectsBoard { text } => format!("`apply` answers with a board, not `{text}`"),
            OnlyApplyExpectsBoard { .. } => "only `apply` answers with a board".into(),
            ImpossibleExpect { text, .. } => format!("`{text}` is not a possible answer here"),
            Search(error) => error.to_string(),
            SpawnsInBlockGame => "`spawns` is a statement of 2048, not of the block game".into(),
            NoSpawnLaw => "`spawns` needs its law".into(),
            BadSpawnLaw { found, .. } => format!("expected a spawn law, found {found}"),
            ClassicNotAlone => "`classic` is a whole law: no tiles go beside it".into(),
            SpawnTileTooLarge { text } => format!("not a spawn law: `{text}` is too large for a tile"),
            PercentWithoutSign { number } => format!("`{number}` has no `%` right after it"),
            NumberMisWritten { text, written } | PowerWritten { text, written } => {
                format!("`{text}` is written `{written}`")
            }
            ChanceAsPercent { text, written } => {
                format!("`chance` answers with a probability, not a percent: `{text}` is `{written}`")
            }
            ProbabilitiesForPercents { text, written } => {
                format!("a spawn law's chances are percents: `{text}` is `{written}`")
            }
            SpawnLaw(error) => format!("not a spawn law: {error}"),
            NeedsSpawns { query } => format!("`{}` is a query of the game with spawns", query.keyword()),
            NeedsNoSpawns { query } => format!("`{}` asks about 2048 without spawns", query.keyword()),
            ChanceTooDeep { k, height, width, .. } => {
                format!("`chance` within {} on a {height}×{width} board cannot be proven to 1e-12", count(*k, "move"))
            }
            UnknownOption { found, query, .. } => format!("`{found}` is not an option of `{}`", query.keyword()),
            OptionTwice { option, .. } => format!("`{option}` is given twice"),
            OptionValue { option, found: Found::Word(word) } => {
                let what = match *option {
                    "until" => "target for `until`",
                    "games" => "number of games",
                    other => other,
                };
                format!("`{word}` is not a valid {what}")
            }
            OptionValue { option, found } => format!("expected the value of `{option}`, found {found}"),
            ExpectedGames { found } => format!("expected `games`, found {found}"),
            BestMoveOfANewGame => "`best-move` on a new game: an empty board has no move until its first spawns".into(),
            ExpectTooLong { found, .. } => format!("expected the end of the line, found `{found}`"),
            ExpectNotATile { value } => format!("this `expect` can never hold: {value} is not a tile"),
            ExpectPastTheSum { value, .. } => format!("this `expect` can never hold: no move makes a tile of {value}"),
            ExpectBelowTheBoard { value, .. } => {
                format!("this `expect` can never hold: the answer is no less than {value}")
            }
            ExpectPastK { moves, k } => {
                let noun = if *moves == 1 { "move" } else { "moves" };
                format!("this `expect` can never hold: {moves} {noun} is more than {k}")
            }
            ExpectPastTheBlocks { blocks, .. } => {
                let noun = if *blocks == 1 { "block" } else { "blocks" };
                format!("this `expect` can never hold: {blocks} {noun} is more than the board has")
            }
            ExpectPastUntil { tile, until, .. } => {
                format!("this `expect` can never hold: no game goes on to {tile} past `until {until}`")
            }
        }
    }

    /// What is allowed instead, or how to fix it.
    pub fn help(&self) -> Option<String> {
        use ErrorKind::*;
        let tile = "a tile is a power of two from 2 up to 2^63 (2, 4, 8, …); `.` or `0` is an empty cell";
        let block_id = "a cell is a block id (a whole number from 1 up to 4294967295); `.` or `0` is an empty cell";
        let moves_limit = || format!("K is a whole number of moves from 0 to {}", limits::MAX_K);
        let target = "T is a whole number from 1 up to 18446744073709551615; the query asks for a tile ≥ T";
        Some(match self {
            FileTooLarge { .. } => "split it into several puzzles".into(),
            StackTooSmall => {
                "the parser needs 64 KiB of stack free: call it on a thread with a larger stack \
                 (`std::thread::Builder::stack_size`); the `puzzle` command gives its own 8 MiB"
                    .into()
            }
            NotUtf8 { .. } => "save the file as UTF-8".into(),
            Utf16 { .. } => {
                "save the file as UTF-8; in Windows PowerShell 5, `>` writes UTF-16 and `| Out-File -Encoding utf8` \
                 writes UTF-8"
                    .into()
            }
            NoStatements => {
                "a puzzle names its game (`game 2048`), gives a `board { … }` and asks at least one `query`".into()
            }
            NoGame => "add `game 2048` or `game blockgame` before the first query".into(),
            NoBoard => "add the starting board before the first query: `board {`, one row per line, then `}`".into(),
            NoQuery { game: GameKind::Twenty48 } => format!(
                "add a query for 2048: {}; only `puzzle play` takes a board without one",
                GameKind::Twenty48.queries()
            ),
            NoQuery { game } => format!("add a query for {}: {}", game.name(), game.queries()),
            AfterQuery { .. } => "`name`, `game`, `board` and `spawns` come before the first query".into(),
            GivenTwice { keyword: HeaderKeyword::Name } => "a puzzle has one `name`; keep the one you mean".into(),
            GivenTwice { keyword: HeaderKeyword::Spawns } => {
                "a puzzle has one spawn law; keep the one you mean, or put the other in its own file".into()
            }
            GivenTwice { keyword } => {
                format!("a puzzle has one `{}`; put other boards in their own files", keyword.word())
            }
            TooManyQueries { .. } => "split the queries over several files".into(),
            ExpectBeforeQuery => "an `expect` line follows the query whose answer it gives".into(),
            ExpectTwice => "a query has at most one `expect`".into(),
            NameNotClosed => "end the name with `\"` on the same line; write `\\\"` for a quote inside it".into(),
            UnsupportedEscape { .. } => {
                "a name has two escapes, `\\\"` for a quote and `\\\\` for a backslash; write other characters as they are".into()
            }
            ExpectedStatement { glued: Some((keyword, rest)), .. } => {
                format!("put a space after the keyword: `{keyword} {rest}`")
            }
            ExpectedStatement { suggestion: Some(suggestion), .. }
            | ExpectedQuery { suggestion: Some(suggestion), .. }
            | UnknownGame { suggestion: Some(suggestion), .. }
            | UnknownMove { suggestion: Some(suggestion), .. }
            | BadSpawnLaw { suggestion: Some(suggestion), .. } => suggestion.to_string(),
            ExpectedStatement { .. } => {
                "a statement is one of `name`, `game`, `board`, `spawns`, `query` or `expect`, each on its own line"
                    .into()
            }
            ExpectedQuery { .. } => format!(
                "the queries are, in 2048, {}; in the block game, {}",
                GameKind::Twenty48.queries(),
                GameKind::BlockGame.queries()
            ),
            ExpectedWithin { query, .. } | ExpectedValue { of: Some(ValueOf::Query(query)), .. } => {
                format!("write {}", query.usage())
            }
            ExpectedValue { of: Some(ValueOf::Game), .. } => "write `game 2048` or `game blockgame`".into(),
            ExpectedName { .. } => "write the name in double quotes: `name \"My puzzle\"`".into(),
            LookAlike { .. } => "outside names and comments, a file is written in plain ASCII: spaces or tabs \
                 between words, `\"` around a name, `-` in `max-tile` (an input method's full-width characters \
                 are other characters)"
                .into(),
            SeparatorAfterKeyword { .. } => "a statement is its keyword, a blank, then its value: `game 2048`, \
                 `board {`, `query max-tile within 3`, `expect 16`"
                .into(),
            ExpectedBoardOpen { .. } | RowOnOpeningLine { .. } | RowsApartBySlash { .. } => {
                "a board is `board {` at the end of a line, one row per line, then `}`".into()
            }
            ExpectedAnswer { query: Some(query), .. } => query.answer_help().into(),
            ExpectedAnswer { query: None, .. } => "an expectation is its query's answer: a number or `unreachable`, a \
                 board (`board {` … `}`) after `apply`, a probability after `chance`, a move after `best-move`, \
                 `TILE in P%` after `play`"
                .into(),
            BoardNotClosed => "close the board with `}` on its own line".into(),
            BraceOnRow => "put the board's closing `}` on its own line".into(),
            CellsNotApart { .. } => "a board row is cells separated by blanks: `2 . 4`".into(),
            ExpectedRowOrBrace { .. } => {
                "a board row is cells separated by blanks; `{`, `}` and `\"` are not cells".into()
            }
            ExpectedValue { of: None, .. } => "this statement needs a value after its keyword".into(),
            ExpectedEndOfLine { .. } => "each statement stands on its own line; `#` starts a comment".into(),
            UnknownGame { .. } => "the games are `2048` and `blockgame`".into(),
            EmptyBoard => "write one row per line between `{` and `}`, cells separated by blanks".into(),
            RaggedRow { .. } => "every row of a board has the same number of cells; write `.` for an empty cell".into(),
            BoardTooLarge { .. } => format!(
                "boards have at most {} rows, {} columns and {} cells",
                limits::MAX_SIDE,
                limits::MAX_SIDE,
                limits::MAX_CELLS
            ),
            NotATile { .. } => tile.into(),
            BlockIdTooLarge { .. } | NotABlockId { .. } => block_id.into(),
            BlockSplit { id, pieces } => {
                let pieces: Vec<String> = pieces.iter().map(|piece| cells_text(piece)).collect();
                format!(
                    "the cells of a block touch side by side (not only corner to corner); block {id} has {}",
                    pieces.join(" and ")
                )
            }
            QueryOfOtherGame { game, .. } => format!("the queries of {} are {}", game.name(), game.queries()),
            TooManyMoves { .. } => format!("split the sequence over several puzzles, {EACH_FROM_THE_LAST}"),
            ApplyTooMuchWork { height, width, .. } => format!(
                "an `apply` may move at most {} cells in all (moves × cells): {} on a {height}×{width} board; \
                 split the sequence over several puzzles, {EACH_FROM_THE_LAST}",
                limits::MAX_APPLY_WORK,
                count(limits::MAX_APPLY_WORK / (height * width), "move")
            ),
            UnknownMove { .. } => "moves are `U`, `D`, `L`, `R` or `up`, `down`, `left`, `right`".into(),
            MovesTogether { .. } => {
                "moves are `U`, `D`, `L`, `R` or `up`, `down`, `left`, `right`, separated by blanks".into()
            }
            MovesTooMany { .. } | MovesNegative { .. } | MovesNotANumber { .. } => moves_limit(),
            TargetZero | TargetTooLarge { .. } | TargetNotANumber { .. } => target.into(),
            ExpectedBoardSize { .. } => "moves never change the size of a board".into(),
            ApplyExpectsBoard { .. } => "write the expected board: `expect board {`, one row per line, then `}`".into(),
            OnlyApplyExpectsBoard { query } | ImpossibleExpect { query, .. } => query.answer_help().into(),
            Search(_) => return None,
            SpawnsInBlockGame => "remove the line: the block game has no spawns".into(),
            PercentWithoutSign { number } => {
                format!("a percent has its sign right after the number: `{number}%`")
            }
            NumberMisWritten { .. } => "a number has no sign, and a digit on each side of its point: `0.5`, \
                 `95%`"
                .into(),
            ChanceAsPercent { .. } => QueryKind::Chance.answer_help().into(),
            PowerWritten { .. } => "numbers are written out in digits: 2^11 is `2048`".into(),
            ClassicNotAlone => "write `spawns classic` alone (a 2 with 90%, a 4 with 10%), or the tiles with their \
                 chances alone: `spawns 2 90% 4 10%`"
                .into(),
            NoSpawnLaw | BadSpawnLaw { .. } | SpawnLaw(_) | SpawnTileTooLarge { .. } | ProbabilitiesForPercents { .. } => "a spawn law is `classic` (a 2 with 90%, a 4 with 10%) or tiles with \
                 their chances: `spawns 2 90% 4 10%`, powers of two from 2 up, each once, percents above 0 (up to six \
                 decimals, `99.5%`) summing to 100"
                .into(),
            NeedsSpawns { .. } => {
                "add `spawns classic` (or a law such as `spawns 2 90% 4 10%`) before the first query".into()
            }
            NeedsNoSpawns { .. } => "with `spawns`, the queries are `chance T within K`, `best-move` and \
                 `play N games`; remove `spawns` to ask this one"
                .into(),
            ChanceTooDeep { most, .. } => format!(
                "the answer's rounding error is proven below 1e-12 only up to K = {most} on a board of this size"
            ),
            UnknownOption { suggestion: Some(suggestion), .. } => suggestion.to_string(),
            UnknownOption { query: QueryKind::BestMove, .. } => {
                format!("`best-move` takes `depth D` (1 to {})", rules_2048::MAX_DEPTH)
            }
            OptionTwice { query: QueryKind::BestMove, .. } => {
                format!("`best-move` takes `depth D` (1 to {}) once", rules_2048::MAX_DEPTH)
            }
            UnknownOption { .. } | OptionTwice { .. } => {
                "`play N games` takes `seed S`, `depth D` and `until T`, each at most once, in any order".into()
            }
            OptionValue { option, .. } => match *option {
                "depth" => format!("D is a whole number of moves from 1 to {}", rules_2048::MAX_DEPTH),
                "seed" => "S is a whole number from 0 to 18446744073709551615".into(),
                "until" => "T is a whole number from 1 up to 18446744073709551615: each game ends as soon as a tile ≥ T \
                            stands"
                    .into(),
                _ => format!("N is a whole number of games from 1 to {}", limits::MAX_GAMES),
            },
            ExpectedGames { .. } => "write `play N games`, N the number of games".into(),
            BestMoveOfANewGame => {
                "put the game's first tiles on the board (`chance` and `play` start new games themselves)".into()
            }
            ExpectTooLong { query: QueryKind::Play, .. } => {
                "`play`'s answer is `TILE in P%` (`expect 2048 in 95%`); `#` starts a comment".into()
            }
            ExpectTooLong { query: QueryKind::BestMove, .. } => "`best-move`'s answer is one move (`expect D`), \
                which holds when the engine's move is D or a move valued as high; `#` starts a comment"
                .into(),
            ExpectTooLong { .. } => "this answer is one word; `#` starts a comment".into(),
            ExpectNotATile { .. } => "`max-tile` answers with a tile: a power of two, 2 or more".into(),
            ExpectPastTheSum { largest, .. } => {
                format!("the tiles add up to less than twice {largest}: no move makes a tile above {largest}")
            }
            ExpectBelowTheBoard { largest, .. } => {
                format!("the board already holds {largest}, and the answer is at least the largest tile in hand")
            }
            ExpectPastK { k, .. } => {
                format!("`reach` answers with at most K = {}, or `unreachable`", count(*k, "move"))
            }
            ExpectPastTheBlocks { on_board, .. } => format!("the board has {}", count(*on_board, "block")),
            ExpectPastUntil { largest, .. } => format!(
                "a game ends as soon as a tile of at least `until` stands: its largest tile is at most {largest}; \
                 raise `until`, or drop it"
            ),
        })
    }

    /// The label of the second place an error of this kind shows, if any.
    fn note_label(&self) -> &'static str {
        use ErrorKind::*;
        match self {
            AfterQuery { .. } => "the first query is here",
            GivenTwice { .. } | OptionTwice { .. } => "first given here",
            ExpectTwice => "its first `expect` is here",
            RaggedRow { .. } => "the first row",
            BlockSplit { .. } => "another piece of it",
            _ => "",
        }
    }
}

/// `n` and the noun, plural unless `n` is 1: "1 cell", "2 cells", "2 queries".
pub fn count(n: usize, noun: &str) -> String {
    match (n, noun.strip_suffix('y')) {
        (1, _) => format!("1 {noun}"),
        (_, Some(stem)) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{n} {stem}ies"),
        _ => format!("{n} {noun}s"),
    }
}

/// "[row 1 col 2, row 2 col 2]", rows and columns counted from 1.
fn cells_text(cells: &[(usize, usize)]) -> String {
    let cells: Vec<String> = cells.iter().map(|(r, c)| format!("row {} col {}", r + 1, c + 1)).collect();
    format!("[{}]", cells.join(", "))
}

impl ErrorKind {
    /// Whether this kind is a warning: the file is valid, but this is surely
    /// not what is meant.
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            ErrorKind::ExpectNotATile { .. }
                | ErrorKind::ExpectPastTheSum { .. }
                | ErrorKind::ExpectBelowTheBoard { .. }
                | ErrorKind::ExpectPastK { .. }
                | ErrorKind::ExpectPastTheBlocks { .. }
                | ErrorKind::ExpectPastUntil { .. }
        )
    }
}

/// An error of a file: its kind, where, and the second place it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// What is wrong.
    pub kind: ErrorKind,
    /// Where.
    pub span: Span,
    /// The second place, for the kinds that show one.
    pub also: Option<Span>,
}

impl Error {
    /// An error of `kind` at `span`.
    pub fn new(kind: ErrorKind, span: Span) -> Error {
        Error { kind, span, also: None }
    }

    /// With the second place its kind shows.
    pub fn also(mut self, span: Span) -> Error {
        self.also = Some(span);
        self
    }

    /// The error as the renderer draws it.
    pub fn diagnostic(&self) -> Diagnostic {
        let mut diagnostic = Diagnostic::new(self.kind.message(), self.span);
        diagnostic.help = self.kind.help();
        diagnostic.warning = self.kind.is_warning();
        if let Some(also) = self.also {
            diagnostic = diagnostic.note(also, self.kind.note_label());
        }
        diagnostic
    }
}

impl From<Error> for Diagnostic {
    fn from(error: Error) -> Diagnostic {
        error.diagnostic()
    }
}
