//! The questions: [`max_tile`], [`reach`] and [`apply`], their answers, and
//! the limits a search runs under.

use grid_core::Direction;

use crate::board::{value_of, Board};
use crate::rule::TileOverflow;
use crate::search::{Found, Search};

/// Limits on a search, and how many threads it may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchOptions {
    /// Stop after visiting about this many boards; `None` searches to the end.
    pub node_budget: Option<u64>,
    /// Threads to search with; 0 and 1 both mean the calling thread alone. The
    /// answer and its witness do not depend on this (see `search::best`).
    pub threads: usize,
}

/// Whether a search finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// The search ran to the end: the answer is exact and its moves are a
    /// shortest sequence.
    Exact,
    /// The budget ran out first: the answer is the best found, no tile larger
    /// than `upper_bound` can be reached, and a shorter sequence may exist.
    Incomplete {
        /// The largest tile the search could not rule out.
        upper_bound: u64,
    },
}

/// The answer of [`max_tile`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaxTile {
    /// The largest tile reachable within the allowed moves (0 on an empty board).
    pub tile: u64,
    /// One shortest move sequence reaching it; empty when the board holds it.
    pub moves: Vec<Direction>,
    /// Whether the answer is proven.
    pub proof: Proof,
    /// How many boards the search visited.
    pub nodes: u64,
}

/// The answer of [`reach`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    /// The fewest moves after which some tile is ≥ the target, or `None` when no
    /// sequence within the allowed moves gets there.
    pub moves: Option<Vec<Direction>>,
    /// Whether the answer is proven.
    pub proof: Proof,
    /// How many boards the search visited.
    pub nodes: u64,
}

/// The largest tile reachable from `board` in at most `max_moves` moves, with one
/// shortest sequence of moves that reaches it.
///
/// ```
/// use rules_2048::{max_tile, Board, Proof};
/// let board: Board = "2 2 2 / 4 4 4 / 8 8 8".parse().unwrap();
/// let answer = max_tile(&board, 5).unwrap();
/// assert_eq!(answer.tile, 16);
/// assert_eq!(answer.moves.len(), 1);
/// assert_eq!(answer.proof, Proof::Exact);
/// ```
pub fn max_tile(board: &Board, max_moves: usize) -> Result<MaxTile, TileOverflow> {
    max_tile_with(board, max_moves, &SearchOptions::default())
}

/// [`max_tile`] with limits.
pub fn max_tile_with(board: &Board, max_moves: usize, options: &SearchOptions) -> Result<MaxTile, TileOverflow> {
    let found = Search::run(board, max_moves, u8::MAX, options.node_budget, options.threads)?;
    Ok(MaxTile { tile: value_of(found.score), proof: proof_of(&found), moves: found.moves, nodes: found.nodes })
}

/// The fewest moves (at most `max_moves`) after which some tile of `board` is at
/// least `target`, with the moves, or `None`.
///
/// ```
/// use rules_2048::{reach, Board};
/// let board: Board = "2 2 4 8".parse().unwrap();
/// assert_eq!(reach(&board, 16, 5).unwrap().moves.map(|m| m.len()), Some(3));
/// assert_eq!(reach(&board, 32, 5).unwrap().moves, None);
/// ```
pub fn reach(board: &Board, target: u64, max_moves: usize) -> Result<Reach, TileOverflow> {
    reach_with(board, target, max_moves, &SearchOptions::default())
}

/// [`reach`] with limits.
pub fn reach_with(
    board: &Board,
    target: u64,
    max_moves: usize,
    options: &SearchOptions,
) -> Result<Reach, TileOverflow> {
    // The smallest exponent whose tile is ≥ target; every tile is at least 2.
    let goal = if target <= 2 { 1 } else { (64 - (target - 1).leading_zeros()) as u8 };
    let found = Search::run(board, max_moves, goal, options.node_budget, options.threads)?;
    let proof = proof_of(&found);
    let moves = (found.score >= goal).then_some(found.moves);
    Ok(Reach { moves, proof, nodes: found.nodes })
}

/// Whether the search finished, and what it proved if it did not.
fn proof_of(found: &Found) -> Proof {
    match found.stopped_below {
        None => Proof::Exact,
        // A bound past 2^63 is no tile a u64 holds: say the largest one.
        Some(bound) => Proof::Incomplete { upper_bound: 1u64.checked_shl(bound.into()).unwrap_or(u64::MAX) },
    }
}

/// The board after playing `moves` in order; moves that change nothing are
/// allowed.
///
/// ```
/// use rules_2048::Direction::{Left, Up};
/// use rules_2048::{apply, Board};
/// let board: Board = "2 2 / 2 .".parse().unwrap();
/// assert_eq!(apply(&board, &[Up, Left]).unwrap().values().as_slice(), [4, 2, 0, 0]);
/// ```
pub fn apply(board: &Board, moves: &[Direction]) -> Result<Board, TileOverflow> {
    let mut board = board.clone();
    for &direction in moves {
        board.slide(direction)?;
    }
    Ok(board)
}
