//! Boards shared by the benchmarks and the examples.
#![allow(dead_code)] // each includer uses some of them

use rules_2048::Board;

/// A reproducible pseudo-random board: every cell a tile from 2 to 2^max_exponent,
/// or empty with probability `empty_percent`.
pub fn random_board(size: usize, max_exponent: u64, empty_percent: u64, seed: u64) -> Board {
    random_rectangle(size, size, max_exponent, empty_percent, seed)
}

/// [`random_board`] of `height` × `width` cells.
pub fn random_rectangle(height: usize, width: usize, max_exponent: u64, empty_percent: u64, seed: u64) -> Board {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let rows = (0..height)
        .map(|_| {
            (0..width)
                .map(|_| if next() % 100 < empty_percent { 0 } else { 1 << (1 + next() % max_exponent) })
                .collect()
        })
        .collect();
    Board::from_rows(rows).unwrap()
}

pub fn uniform(size: usize, tile: u64) -> Board {
    Board::from_rows(vec![vec![tile; size]; size]).unwrap()
}

/// A board in Baekjoon's format (N, then N rows), as the hill climb saves it.
pub fn judge_board(text: &str) -> Board {
    let mut numbers = text.split_whitespace().map(|t| t.parse::<u64>().unwrap());
    let n = numbers.next().unwrap() as usize;
    Board::from_rows((0..n).map(|_| numbers.by_ref().take(n).collect()).collect()).unwrap()
}
