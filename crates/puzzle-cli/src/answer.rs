//! Answers the queries of a checked puzzle through the rules crates.

use grid_core::{Direction, Grid};
use rules_2048::{Proof, SearchOptions, TileOverflow};
use rules_blockgame::Solution;

use crate::diagnostic::Diagnostic;
use crate::limits;
use crate::syntax::{Board, Expect, Puzzle, Query};

/// The answer to one query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// `max-tile`: the tile and one shortest sequence reaching it.
    MaxTile {
        /// The largest tile reachable.
        tile: u64,
        /// The witness.
        moves: Vec<Direction>,
    },
    /// `reach`: the fewest moves, or `None` for unreachable.
    Reach {
        /// The witness, whose length is the answer.
        moves: Option<Vec<Direction>>,
    },
    /// `apply`: the board after the moves.
    Apply {
        /// The moves played.
        moves: Vec<Direction>,
        /// The board after them, as tile values.
        board: Grid<u64>,
    },
    /// `max-removed`: the solver's solution.
    MaxRemoved(Solution),
}

impl Answer {
    /// The 2048 moves of the witness (or of `apply`), if any.
    pub fn moves(&self) -> Option<&[Direction]> {
        match self {
            Answer::MaxTile { moves, .. } | Answer::Apply { moves, .. } => Some(moves),
            Answer::Reach { moves } => moves.as_deref(),
            Answer::MaxRemoved(_) => None,
        }
    }

    /// Whether the answer is what `expect` says.
    pub fn matches(&self, expect: &Expect) -> bool {
        match (self, expect) {
            (Answer::MaxTile { tile, .. }, Expect::Number(n)) => tile == n,
            (Answer::Reach { moves: Some(moves) }, Expect::Number(n)) => moves.len() as u64 == *n,
            (Answer::Reach { moves: None }, Expect::Unreachable) => true,
            (Answer::Apply { board, .. }, Expect::Board(expected)) => board == expected,
            (Answer::MaxRemoved(solution), Expect::Number(n)) => solution.count() as u64 == *n,
            _ => false,
        }
    }
}

/// The result of one query.
#[derive(Debug, Clone)]
pub struct QueryResult {
    /// The query as written canonically.
    pub text: String,
    /// The answer, or why there is none (a tile past 2^63).
    pub answer: Result<Answer, Diagnostic>,
    /// `Some(upper bound)` when the search stopped at its budget.
    pub incomplete: Option<u64>,
    /// Boards the search visited, for searches.
    pub nodes: Option<u64>,
    /// The `expect`, and whether the answer matched it.
    pub expect: Option<(Expect, bool)>,
}

/// How hard the searches may work, and on how many threads.
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget {
    /// Boards a search may visit; `None` for the default, which scales with the
    /// board's size.
    pub nodes: Option<u64>,
    /// Threads a search may use; 0 or 1 for one.
    pub threads: usize,
}

/// Answers every query of `puzzle`, in order.
pub fn answer_all(puzzle: &Puzzle, budget: Budget) -> Vec<QueryResult> {
    // Each query has its budget, and the file as a whole ten times the default
    // one, so that a file of many slow queries still ends in minutes.
    let (height, width) = puzzle.board.size();
    let per_query = budget.nodes.unwrap_or(limits::default_node_budget(height * width));
    let mut left_for_file = budget.nodes.map_or(limits::FILE_BUDGET_QUERIES * per_query, |_| u64::MAX);
    puzzle
        .queries
        .iter()
        .map(|item| {
            let options = SearchOptions { node_budget: Some(per_query.min(left_for_file)), threads: budget.threads };
            let (answer, incomplete, nodes) = match answer(&puzzle.board, &item.query, &options) {
                Ok(found) => {
                    let incomplete = match found.proof {
                        Proof::Exact => None,
                        Proof::Incomplete { upper_bound } => Some(upper_bound),
                    };
                    (Ok(found.answer), incomplete, found.nodes)
                }
                Err(overflow) => (Err(Diagnostic::new(overflow.to_string(), item.span)), None, None),
            };
            left_for_file = left_for_file.saturating_sub(nodes.unwrap_or(0));
            let expect = item.expect.as_ref().map(|(expect, _)| {
                let ok = answer.as_ref().is_ok_and(|a| a.matches(expect));
                (expect.clone(), ok)
            });
            QueryResult { text: item.query.text(), answer, incomplete, nodes, expect }
        })
        .collect()
}

/// An answer with how it was found.
struct Found {
    answer: Answer,
    proof: Proof,
    /// Boards visited, for searches.
    nodes: Option<u64>,
}

fn answer(board: &Board, query: &Query, options: &SearchOptions) -> Result<Found, TileOverflow> {
    let exact = |answer| Found { answer, proof: Proof::Exact, nodes: None };
    Ok(match (board, query) {
        (Board::Twenty48(board), Query::MaxTile { within }) => {
            let found = rules_2048::max_tile_with(board, *within, options)?;
            let answer = Answer::MaxTile { tile: found.tile, moves: found.moves };
            Found { answer, proof: found.proof, nodes: Some(found.nodes) }
        }
        (Board::Twenty48(board), Query::Reach { target, within }) => {
            let found = rules_2048::reach_with(board, *target, *within, options)?;
            Found { answer: Answer::Reach { moves: found.moves }, proof: found.proof, nodes: Some(found.nodes) }
        }
        (Board::Twenty48(board), Query::Apply { moves }) => {
            let after = rules_2048::apply(board, moves)?;
            exact(Answer::Apply { moves: moves.clone(), board: after.values() })
        }
        (Board::BlockGame(board), Query::MaxRemoved) => exact(Answer::MaxRemoved(rules_blockgame::solve(board))),
        _ => unreachable!("queries are checked against the game when parsed"),
    })
}
