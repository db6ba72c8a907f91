//! The judge modes: the input format of an online judge on stdin, only the
//! answer on stdout, as the judge expects.

use std::fmt;

use crate::language::errors::count;
use crate::limits;

/// The problems `puzzle judge` answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Problem {
    /// Baekjoon 12100 "2048 (Easy)": N, then N rows of N tiles; at most 5 moves.
    #[cfg_attr(feature = "cli", value(name = "boj-12100"))]
    Boj12100,
    /// Baekjoon 12094 "2048 (Hard)": the same input; at most 10 moves.
    #[cfg_attr(feature = "cli", value(name = "boj-12094"))]
    Boj12094,
    /// Kakao 2019 "블록 게임": the board as a JSON array of rows.
    #[cfg_attr(feature = "cli", value(name = "kakao-blockgame"))]
    KakaoBlockgame,
}

/// The largest N of Baekjoon 12100 and 12094.
pub const BOJ_MAX_N: usize = 20;
/// The largest board side of the Kakao problem.
pub const KAKAO_MAX_N: usize = 50;

/// Bad judge input, by kind: what is wrong, said plainly (rows and columns
/// counted from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JudgeError {
    /// More bytes than the limit.
    TooLarge,
    /// Not UTF-8; the offset of the first bad byte.
    NotUtf8 { offset: usize },
    /// UTF-16 (as Windows PowerShell 5's `>` writes).
    Utf16 { big_endian: bool },
    /// Nothing at all.
    Empty,
    /// N is not a whole number from 1 to the problem's largest.
    BadN { text: String },
    /// The input ends inside the board.
    EndsEarly { row: usize, column: usize, n: usize },
    /// A cell that is not a tile.
    NotATile { row: usize, column: usize, text: String },
    /// Something after the board.
    Extra { text: String, n: usize },
    /// The Kakao input is not JSON.
    NotJson { reason: String },
    /// The Kakao input is not an array of rows.
    NotRows,
    /// A board with too few or too many rows.
    RowCount { rows: usize },
    /// A row that is not an array.
    RowNotArray { row: usize },
    /// A row with too few or too many cells.
    CellCount { row: usize, cells: usize },
    /// A cell that is not a block id.
    NotABlockId { row: usize, column: usize, text: String },
    /// The rules crates refused the board or the search.
    Rules(String),
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::TooLarge => write!(f, "the input is larger than {} bytes", limits::MAX_JUDGE_BYTES),
            JudgeError::NotUtf8 { offset } => write!(f, "the input is not UTF-8 text (bad byte at offset {offset})"),
            JudgeError::Utf16 { big_endian } => {
                let order = if *big_endian { "big" } else { "little" };
                write!(f, "the input is UTF-16 text ({order}-endian): expected UTF-8 (or ASCII)")
            }
            JudgeError::Empty => f.write_str("the input is empty: expected N, then N rows of N tiles"),
            JudgeError::BadN { text } => {
                write!(f, "N is `{text}`: the problem allows a whole number from 1 to {BOJ_MAX_N}")
            }
            JudgeError::EndsEarly { row, column, n } => {
                write!(
                    f,
                    "the input ends at row {row}, column {column}: expected {} of {}",
                    count(*n, "row"),
                    count(*n, "tile")
                )
            }
            JudgeError::NotATile { row, column, text } => write!(
                f,
                "row {row}, column {column} is `{text}`: a tile is 0 (empty) or a power of two from 2 up to 2^63"
            ),
            JudgeError::Extra { text, n } => write!(f, "unexpected `{text}` after the {n}×{n} board"),
            JudgeError::NotJson { reason } => {
                write!(f, "the input is not JSON: {reason}; expected the board as [[0, 1, ...], ...]")
            }
            JudgeError::NotRows => f.write_str("expected the board as a JSON array of rows"),
            JudgeError::RowCount { rows } => {
                write!(f, "the board has {}: the problem allows 1 to {KAKAO_MAX_N}", count(*rows, "row"))
            }
            JudgeError::RowNotArray { row } => write!(f, "row {row} is not an array"),
            JudgeError::CellCount { row, cells } => {
                write!(f, "row {row} has {}: the problem allows 1 to {KAKAO_MAX_N}", count(*cells, "cell"))
            }
            JudgeError::NotABlockId { row, column, text } => {
                write!(f, "row {row}, column {column} is {text}: a cell is 0 (empty) or a block id up to 4294967295")
            }
            JudgeError::Rules(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for JudgeError {}

/// Solves one judge input; returns the line to print, without its newline.
pub fn solve(problem: Problem, input: &[u8]) -> Result<String, JudgeError> {
    if input.len() > limits::MAX_JUDGE_BYTES {
        return Err(JudgeError::TooLarge);
    }
    if let Some(big_endian) = crate::report::utf16_order(input) {
        return Err(JudgeError::Utf16 { big_endian });
    }
    let text = std::str::from_utf8(input).map_err(|e| JudgeError::NotUtf8 { offset: e.valid_up_to() })?;
    // A file saved by an editor that marks UTF-8 (as a .puzzle file may be).
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    match problem {
        Problem::Boj12100 => max_tile(text, 5),
        Problem::Boj12094 => max_tile(text, 10),
        Problem::KakaoBlockgame => blockgame(text),
    }
}

fn max_tile(text: &str, moves: usize) -> Result<String, JudgeError> {
    let mut tokens = text.split_ascii_whitespace();
    let n_text = tokens.next().ok_or(JudgeError::Empty)?;
    let n: usize = n_text
        .parse()
        .ok()
        .filter(|&n| (1..=BOJ_MAX_N).contains(&n))
        .ok_or_else(|| JudgeError::BadN { text: n_text.to_string() })?;
    let mut rows = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = Vec::with_capacity(n);
        for c in 0..n {
            let token = tokens.next().ok_or(JudgeError::EndsEarly { row: r + 1, column: c + 1, n })?;
            // The rules crate's definition of a tile, on the judge's numbers.
            let value: u64 = token
                .parse()
                .ok()
                .filter(|&v| rules_2048::exponent_of_tile(v).is_ok())
                .ok_or_else(|| JudgeError::NotATile { row: r + 1, column: c + 1, text: token.to_string() })?;
            row.push(value);
        }
        rows.push(row);
    }
    if let Some(extra) = tokens.next() {
        return Err(JudgeError::Extra { text: extra.to_string(), n });
    }
    let board = rules_2048::Board::from_rows(rows).expect("tiles were checked");
    let answer = rules_2048::max_tile(&board, moves).map_err(|e| JudgeError::Rules(e.to_string()))?;
    Ok(answer.tile.to_string())
}

fn blockgame(text: &str) -> Result<String, JudgeError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| JudgeError::NotJson { reason: e.to_string() })?;
    let rows = value.as_array().ok_or(JudgeError::NotRows)?;
    if rows.is_empty() || rows.len() > KAKAO_MAX_N {
        return Err(JudgeError::RowCount { rows: rows.len() });
    }
    let mut board = Vec::with_capacity(rows.len());
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_array().ok_or(JudgeError::RowNotArray { row: r + 1 })?;
        if cells.is_empty() || cells.len() > KAKAO_MAX_N {
            return Err(JudgeError::CellCount { row: r + 1, cells: cells.len() });
        }
        let ids = cells
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                cell.as_u64().and_then(|id| u32::try_from(id).ok()).ok_or_else(|| JudgeError::NotABlockId {
                    row: r + 1,
                    column: c + 1,
                    text: cell.to_string(),
                })
            })
            .collect::<Result<Vec<u32>, _>>()?;
        board.push(ids);
    }
    let board = rules_blockgame::Board::from_rows(board).map_err(|e| JudgeError::Rules(e.to_string()))?;
    Ok(rules_blockgame::solve(&board).count().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boj_samples() {
        assert_eq!(solve(Problem::Boj12100, b"3\n2 2 2\n4 4 4\n8 8 8\n"), Ok("16".into()));
        assert_eq!(solve(Problem::Boj12094, b"3\n2 2 2\n4 4 4\n8 8 8\n"), Ok("16".into()));
    }

    #[test]
    fn bad_judge_input_says_what_is_wrong() {
        let err = |problem, input: &[u8]| solve(problem, input).unwrap_err().to_string();
        assert!(err(Problem::Boj12100, b"").contains("empty"));
        assert!(err(Problem::Boj12100, b"2\n2 2\n2").contains("row 2, column 2"));
        assert!(err(Problem::Boj12100, b"1\n3").contains("`3`"));
        assert!(err(Problem::Boj12100, b"x").contains("N is `x`"));
        assert!(err(Problem::Boj12094, b"21").contains("from 1 to 20"));
        assert!(err(Problem::KakaoBlockgame, b"[[1,0],[0,1]]").contains("split"));
        assert!(err(Problem::KakaoBlockgame, b"[[1,-1]]").contains("column 2"));
        assert!(err(Problem::KakaoBlockgame, b"[[1,1],[1]]").contains("same length"));
        assert!(err(Problem::KakaoBlockgame, b"\xff").contains("UTF-8"));
        let utf16 = |big_endian| Err(JudgeError::Utf16 { big_endian });
        assert_eq!(solve(Problem::Boj12100, b"\xff\xfe1\x00\n\x002\x00"), utf16(false));
        assert_eq!(solve(Problem::Boj12100, b"\x001\x00\n\x002"), utf16(true));
        assert_eq!(
            err(Problem::Boj12100, b"1\x00\n\x00"),
            "the input is UTF-16 text (little-endian): expected UTF-8 (or ASCII)"
        );
    }

    /// Each kind of bad input, told whole: what, where (rows and columns
    /// from 1) and what the problem allows.
    #[test]
    fn each_kind_of_bad_input_is_told_in_full() {
        let check = |problem, input: &str, expected: &str| {
            assert_eq!(solve(problem, input.as_bytes()).unwrap_err().to_string(), expected, "{input:?}");
        };
        let (boj, kakao) = (Problem::Boj12100, Problem::KakaoBlockgame);
        check(boj, " \n", "the input is empty: expected N, then N rows of N tiles");
        check(boj, "0", "N is `0`: the problem allows a whole number from 1 to 20");
        check(boj, "20", "the input ends at row 1, column 1: expected 20 rows of 20 tiles");
        check(boj, "1", "the input ends at row 1, column 1: expected 1 row of 1 tile");
        check(boj, "2\n2 2\n4", "the input ends at row 2, column 2: expected 2 rows of 2 tiles");
        check(boj, "2\n2 2\n4 6", "row 2, column 2 is `6`: a tile is 0 (empty) or a power of two from 2 up to 2^63");
        check(boj, "1\n2 4", "unexpected `4` after the 1×1 board");
        check(kakao, "[[1,", "the input is not JSON: EOF while parsing a value at line 1 column 4; expected the board as [[0, 1, ...], ...]");
        check(kakao, "{}", "expected the board as a JSON array of rows");
        check(kakao, "[]", "the board has 0 rows: the problem allows 1 to 50");
        check(kakao, "[[0],0]", "row 2 is not an array");
        check(kakao, "[[0],[]]", "row 2 has 0 cells: the problem allows 1 to 50");
        check(kakao, "[[0,\"1\"]]", "row 1, column 2 is \"1\": a cell is 0 (empty) or a block id up to 4294967295");
        check(
            kakao,
            "[[4294967296]]",
            "row 1, column 1 is 4294967296: a cell is 0 (empty) or a block id up to 4294967295",
        );
    }

    #[test]
    fn the_inputs_at_each_limit_are_answered_and_one_past_refused() {
        // Bytes: blanks after the board up to the limit.
        let mut input = b"3\n2 2 2\n4 4 4\n8 8 8\n".to_vec();
        input.resize(limits::MAX_JUDGE_BYTES, b' ');
        assert_eq!(solve(Problem::Boj12100, &input), Ok("16".into()));
        input.push(b' ');
        assert_eq!(solve(Problem::Boj12100, &input), Err(JudgeError::TooLarge));
        // N: 20 is the largest.
        let board = |n: usize| format!("{n}\n{}", "2 ".repeat(n * n));
        assert_eq!(solve(Problem::Boj12094, board(20).as_bytes()), Ok("512".into())); // 400 2s: 800 in all
        assert_eq!(solve(Problem::Boj12094, board(21).as_bytes()), Err(JudgeError::BadN { text: "21".into() }));
        // Kakao: 1 to 50 rows of 1 to 50 cells.
        let board = |rows: usize, cells: usize| {
            format!("[{}]", vec![format!("[{}]", vec!["0"; cells].join(",")); rows].join(","))
        };
        let kakao = |text: String| solve(Problem::KakaoBlockgame, text.as_bytes());
        assert_eq!(kakao(board(50, 50)), Ok("0".into()));
        assert_eq!(kakao(board(1, 1)), Ok("0".into()));
        assert_eq!(kakao(board(51, 50)), Err(JudgeError::RowCount { rows: 51 }));
        assert_eq!(kakao(board(50, 51)), Err(JudgeError::CellCount { row: 1, cells: 51 }));
    }
}
