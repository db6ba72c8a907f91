//! The questions: [`max_tile`], [`reach`] and [`apply`], their answers, and
//! the limits a search runs under.

use grid_core::Direction;

use std::fmt;

use crate::board::{value_of, Board};
use crate::rule::TileOverflow;
use crate::search::{RootBounds, RunError, Search};
use crate::selfplay::GameOverflow;

/// The most moves a search may be asked for. Each level of the search keeps a
/// board and a stack frame; past this, a search is refused with
/// [`SearchError::TooManyMoves`] rather than risk the stack.
pub const MAX_MOVES: usize = 1_000;

/// Why a search has no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchError {
    /// A move would merge two `2^63` tiles.
    Overflow(TileOverflow),
    /// A game of [`play`](crate::play) came to a board where two `2^63`
    /// tiles could merge.
    GameOverflow(GameOverflow),
    /// More moves than [`MAX_MOVES`] were asked for.
    TooManyMoves {
        /// How many were asked for.
        asked: usize,
    },
    /// The search visited its budget of boards before it could finish, and
    /// proves nothing (only [`chance_with`](crate::chance_with) stops so).
    OutOfBudget {
        /// The boards it visited.
        boards: u64,
    },
    /// A search of more than 64 moves runs on threads with deep stacks, and
    /// the system refused to start even one (a limit on memory or threads).
    /// Fewer threads than asked are not an error: the answer is the same.
    NoThread {
        /// The moves the search looks ahead.
        moves: usize,
        /// The system's error number, when it gave one.
        os_error: Option<i32>,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::Overflow(overflow) => overflow.fmt(f),
            SearchError::GameOverflow(overflow) => overflow.fmt(f),
            SearchError::TooManyMoves { asked } => {
                write!(f, "{asked} moves is more than a search may look ahead (at most {MAX_MOVES})")
            }
            SearchError::OutOfBudget { boards } => {
                let noun = if *boards == 1 { "board" } else { "boards" };
                write!(f, "the search visited its budget of {boards} {noun} before it could finish")
            }
            SearchError::NoThread { moves, os_error } => {
                write!(
                    f,
                    "a search of {moves} moves runs on a thread with a deep stack, and the system refused to start one"
                )?;
                if let Some(code) = os_error {
                    write!(f, " ({})", std::io::Error::from_raw_os_error(*code))?;
                }
                let shallow = crate::search::SHALLOW;
                write!(f, ": raise the limit on memory or threads, or look at most {shallow} moves ahead")
            }
        }
    }
}

impl std::error::Error for SearchError {}

impl From<GameOverflow> for SearchError {
    fn from(overflow: GameOverflow) -> SearchError {
        SearchError::GameOverflow(overflow)
    }
}

impl From<RunError> for SearchError {
    fn from(error: RunError) -> SearchError {
        match error {
            RunError::Overflow(overflow) => SearchError::Overflow(overflow),
            RunError::NoThread { moves, os_error } => SearchError::NoThread { moves, os_error },
        }
    }
}

impl From<TileOverflow> for SearchError {
    fn from(overflow: TileOverflow) -> SearchError {
        SearchError::Overflow(overflow)
    }
}

/// What a board's tiles alone prove of every sequence of moves: the bounds a
/// search starts from, for explaining why no larger tile can be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// The sum of the tiles, which no move changes.
    pub sum: u128,
    /// The largest tile the sum allows: the largest power of two not above it.
    pub largest_by_sum: u128,
    /// The largest tile the counting bound allows within the moves (each move
    /// merges pairs of equal tiles, each tile at most once), never above
    /// `largest_by_sum`.
    pub largest_by_counting: u128,
}

/// The [`Bounds`] of `board` for sequences of at most `max_moves` moves
/// (`max_moves` past [`MAX_MOVES`] is taken as [`MAX_MOVES`]).
///
/// ```
/// use rules_2048::{bounds, Board};
/// let board: Board = "2 2 4 8".parse().unwrap();
/// let two = bounds(&board, 2);
/// assert_eq!((two.sum, two.largest_by_sum, two.largest_by_counting), (16, 16, 8));
/// assert_eq!(bounds(&board, 3).largest_by_counting, 16);
/// ```
pub fn bounds(board: &Board, max_moves: usize) -> Bounds {
    let root = RootBounds::of(board, max_moves.min(MAX_MOVES));
    let sum = board.sum();
    let largest_by_sum = if sum == 0 { 0 } else { 1u128 << (127 - sum.leading_zeros()) };
    let reachable = root.reachable();
    let largest_by_counting = if reachable == 0 { 0 } else { 1u128 << reachable };
    Bounds { sum, largest_by_sum, largest_by_counting: largest_by_counting.min(largest_by_sum) }
}

fn check_moves(max_moves: usize) -> Result<(), SearchError> {
    if max_moves > MAX_MOVES {
        return Err(SearchError::TooManyMoves { asked: max_moves });
    }
    Ok(())
}

/// Limits on a search, and how many threads it may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchOptions {
    /// Visit at most this many boards; `None` searches to the end. With
    /// `Some(0)` nothing is searched: the answer is the board's own and marked
    /// incomplete. The boards counted are those of the search one thread
    /// makes: threads that search ahead of it may visit more, but what they
    /// find counts only where that search finds the same, so that where the
    /// budget stops it does not depend on the threads.
    pub node_budget: Option<u64>,
    /// Threads to search with; 0 and 1 both mean the calling thread alone.
    /// Nothing of the answer depends on this, budget or not: not the tile, the
    /// witness, the bound or the boards counted (see `search::parallel`).
    pub threads: usize,
}

/// Whether a [`max_tile`] answer is proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// The answer is exact and its moves are a shortest sequence: the search
    /// ran to the end, or the counting bound proves what it found best.
    Exact,
    /// The budget ran out first: the answer is the best found, no tile larger
    /// than `upper_bound` can be reached (the counting bound proves it), and
    /// a larger tile, or a shorter sequence, may exist.
    Incomplete {
        /// The largest tile the search could not rule out.
        upper_bound: u64,
    },
}

/// Whether a [`reach`] answer is proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReachProof {
    /// The answer is exact: the search ran to the end, or the counting bound
    /// proves it (the target cannot be reached, or not in fewer moves than
    /// the sequence found).
    Exact,
    /// The budget ran out first: the sequence found, if any, reaches the
    /// target, but a shorter one may exist, or one where none was found; no
    /// sequence of fewer than `fewest_at_least` moves reaches it (the
    /// counting bound proves it).
    Incomplete {
        /// The fewest moves any sequence reaching the target can have.
        fewest_at_least: usize,
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
    pub proof: ReachProof,
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
pub fn max_tile(board: &Board, max_moves: usize) -> Result<MaxTile, SearchError> {
    max_tile_with(board, max_moves, &SearchOptions::default())
}

/// [`max_tile`] with limits.
pub fn max_tile_with(board: &Board, max_moves: usize, options: &SearchOptions) -> Result<MaxTile, SearchError> {
    check_moves(max_moves)?;
    let found = Search::run(board, max_moves, u8::MAX, options.node_budget, options.threads)?;
    let proof = if found.out_of_budget {
        // What the counting bound proves settles the answer when the best
        // found is the largest tile it allows, in the fewest moves it allows.
        let bounds = RootBounds::of(board, max_moves);
        let bound = bounds.reachable().max(found.score);
        let settled = found.score == bound && bounds.fewest_moves_to(found.score) == Some(found.moves.len());
        // A bound past 2^63 is no tile a u64 holds: say the largest one.
        let upper_bound = 1u64.checked_shl(bound.into()).unwrap_or(u64::MAX);
        if settled {
            Proof::Exact
        } else {
            Proof::Incomplete { upper_bound }
        }
    } else {
        Proof::Exact
    };
    Ok(MaxTile { tile: value_of(found.score), proof, moves: found.moves, nodes: found.nodes })
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
pub fn reach(board: &Board, target: u64, max_moves: usize) -> Result<Reach, SearchError> {
    reach_with(board, target, max_moves, &SearchOptions::default())
}

/// [`reach`] with limits.
pub fn reach_with(board: &Board, target: u64, max_moves: usize, options: &SearchOptions) -> Result<Reach, SearchError> {
    // The smallest exponent whose tile is ≥ target; every tile is at least 2.
    let goal = if target <= 2 { 1 } else { (64 - (target - 1).leading_zeros()) as u8 };
    check_moves(max_moves)?;
    let found = Search::run(board, max_moves, goal, options.node_budget, options.threads)?;
    let moves = (found.score >= goal).then_some(found.moves);
    let proof = if found.out_of_budget {
        // The counting bound settles the answer when it rules the target out,
        // or allows it in no fewer moves than the sequence found.
        match RootBounds::of(board, max_moves).fewest_moves_to(goal) {
            None => return Ok(Reach { moves: None, proof: ReachProof::Exact, nodes: found.nodes }),
            Some(fewest) if moves.as_ref().is_some_and(|moves| moves.len() == fewest) => ReachProof::Exact,
            Some(fewest) => ReachProof::Incomplete { fewest_at_least: fewest },
        }
    } else {
        ReachProof::Exact
    };
    Ok(Reach { moves, proof, nodes: found.nodes })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_search_error_says_what_went_wrong() {
        let overflow = TileOverflow { row: 0, col: 1 };
        let merge = "two 2^63 tiles would merge at row 1, column 2: the largest tile is 2^63";
        let refused = "a search of 70 moves runs on a thread with a deep stack, and the system refused to start one";
        let advice = "raise the limit on memory or threads, or look at most 64 moves ahead";
        let cases = [
            (SearchError::Overflow(overflow), merge.to_string()),
            (
                SearchError::GameOverflow(GameOverflow { game: 2, moves: 1, overflow }),
                format!("game 3, after 1 move: {merge}"),
            ),
            (
                SearchError::TooManyMoves { asked: 1001 },
                "1001 moves is more than a search may look ahead (at most 1000)".into(),
            ),
            (
                SearchError::OutOfBudget { boards: 1 },
                "the search visited its budget of 1 board before it could finish".into(),
            ),
            (
                SearchError::OutOfBudget { boards: 2 },
                "the search visited its budget of 2 boards before it could finish".into(),
            ),
            (
                SearchError::NoThread { moves: 70, os_error: Some(11) },
                format!("{refused} (Resource temporarily unavailable (os error 11)): {advice}"),
            ),
            (SearchError::NoThread { moves: 70, os_error: None }, format!("{refused}: {advice}")),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message, "{error:?}");
        }
    }
}
