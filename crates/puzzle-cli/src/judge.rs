//! The judge modes: the input format of an online judge on stdin, only the
//! answer on stdout, as the judge expects.

use std::fmt;

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

/// Bad judge input: what is wrong, said plainly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgeError(pub String);

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for JudgeError {}

/// Solves one judge input; returns the line to print, without its newline.
pub fn solve(problem: Problem, input: &[u8]) -> Result<String, JudgeError> {
    if input.len() > limits::MAX_JUDGE_BYTES {
        return Err(JudgeError(format!("the input is larger than {} bytes", limits::MAX_JUDGE_BYTES)));
    }
    let text = std::str::from_utf8(input)
        .map_err(|e| JudgeError(format!("the input is not UTF-8 text (bad byte at offset {})", e.valid_up_to())))?;
    match problem {
        Problem::Boj12100 => max_tile(text, 5),
        Problem::Boj12094 => max_tile(text, 10),
        Problem::KakaoBlockgame => blockgame(text),
    }
}

fn max_tile(text: &str, moves: usize) -> Result<String, JudgeError> {
    let mut tokens = text.split_ascii_whitespace();
    let n_text =
        tokens.next().ok_or_else(|| JudgeError("the input is empty: expected N, then N rows of N tiles".into()))?;
    let n: usize = n_text.parse().ok().filter(|&n| (1..=BOJ_MAX_N).contains(&n)).ok_or_else(|| {
        JudgeError(format!("N is `{n_text}`: the problem allows a whole number from 1 to {}", BOJ_MAX_N))
    })?;
    let mut rows = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = Vec::with_capacity(n);
        for c in 0..n {
            let token = tokens.next().ok_or_else(|| {
                JudgeError(format!("the input ends at row {}, column {}: expected {n} rows of {n} tiles", r + 1, c + 1))
            })?;
            // The rules crate's definition of a tile, on the judge's numbers.
            let value: u64 =
                token.parse().ok().filter(|&v| rules_2048::exponent_of_tile(v).is_ok()).ok_or_else(|| {
                    JudgeError(format!(
                        "row {}, column {} is `{token}`: a tile is 0 (empty) or a power of two from 2 up to 2^63",
                        r + 1,
                        c + 1
                    ))
                })?;
            row.push(value);
        }
        rows.push(row);
    }
    if let Some(extra) = tokens.next() {
        return Err(JudgeError(format!("unexpected `{extra}` after the {n}×{n} board")));
    }
    let board = rules_2048::Board::from_rows(rows).expect("tiles were checked");
    let answer = rules_2048::max_tile(&board, moves).map_err(|e| JudgeError(e.to_string()))?;
    Ok(answer.tile.to_string())
}

fn blockgame(text: &str) -> Result<String, JudgeError> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| JudgeError(format!("the input is not JSON: {e}; expected the board as [[0, 1, ...], ...]")))?;
    let rows = value.as_array().ok_or_else(|| JudgeError("expected the board as a JSON array of rows".into()))?;
    if rows.is_empty() || rows.len() > KAKAO_MAX_N {
        return Err(JudgeError(format!("the board has {} rows: the problem allows 1 to {}", rows.len(), KAKAO_MAX_N)));
    }
    let mut board = Vec::with_capacity(rows.len());
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_array().ok_or_else(|| JudgeError(format!("row {} is not an array", r + 1)))?;
        if cells.is_empty() || cells.len() > KAKAO_MAX_N {
            return Err(JudgeError(format!(
                "row {} has {} cells: the problem allows 1 to {}",
                r + 1,
                cells.len(),
                KAKAO_MAX_N
            )));
        }
        let ids = cells
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                cell.as_u64().and_then(|id| u32::try_from(id).ok()).ok_or_else(|| {
                    JudgeError(format!(
                        "row {}, column {} is {cell}: a cell is 0 (empty) or a block id up to 4294967295",
                        r + 1,
                        c + 1
                    ))
                })
            })
            .collect::<Result<Vec<u32>, _>>()?;
        board.push(ids);
    }
    let board = rules_blockgame::Board::from_rows(board).map_err(|e| JudgeError(e.to_string()))?;
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
        let err = |problem, input: &[u8]| solve(problem, input).unwrap_err().0;
        assert!(err(Problem::Boj12100, b"").contains("empty"));
        assert!(err(Problem::Boj12100, b"2\n2 2\n2").contains("row 2, column 2"));
        assert!(err(Problem::Boj12100, b"1\n3").contains("`3`"));
        assert!(err(Problem::Boj12100, b"x").contains("N is `x`"));
        assert!(err(Problem::Boj12094, b"21").contains("from 1 to 20"));
        assert!(err(Problem::KakaoBlockgame, b"[[1,0],[0,1]]").contains("split"));
        assert!(err(Problem::KakaoBlockgame, b"[[1,-1]]").contains("column 2"));
        assert!(err(Problem::KakaoBlockgame, b"[[1,1],[1]]").contains("same length"));
        assert!(err(Problem::KakaoBlockgame, b"\xff").contains("UTF-8"));
    }
}
