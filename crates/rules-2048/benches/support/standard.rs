//! The standard solution of Baekjoon 12094 "2048 (Hard)", for comparison: a
//! depth-first search over the four moves that skips moves changing nothing and
//! cuts a branch when `current_max × 2^(moves_left) ≤ best`.
#![allow(dead_code)] // each includer uses some of it

use rules_2048::{slide_exponents, Board, Direction};

/// The largest tile within `k` moves, and how many boards the search visited.
pub fn standard_max_tile(board: &Board, k: usize) -> (u64, u64) {
    let (height, width) = (board.height(), board.width());
    let mut best = board.max_exponent();
    let mut nodes = 0;
    let start = board.exponents().as_slice().to_vec();
    dfs(&start, height, width, k, board.max_exponent(), &mut best, &mut nodes);
    (rules_2048::value_of(best), nodes)
}

fn dfs(cells: &[u8], height: usize, width: usize, left: usize, max: u8, best: &mut u8, nodes: &mut u64) {
    *nodes += 1;
    *best = (*best).max(max);
    // current_max × 2^left ≤ best, in exponents.
    if left == 0 || max as usize + left <= *best as usize {
        return;
    }
    for direction in Direction::ALL {
        let mut child = cells.to_vec();
        let outcome = slide_exponents(&mut child, height, width, direction).expect("no overflow on judge boards");
        if outcome.changed {
            dfs(&child, height, width, left - 1, outcome.max_exponent, best, nodes);
        }
    }
}
