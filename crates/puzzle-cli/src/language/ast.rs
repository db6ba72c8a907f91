//! The checked, typed form of a `.puzzle` file. Each game has its own board,
//! queries and expectations, so a query of one game on the other's board
//! cannot be represented.

use grid_core::{Direction, Grid};

use super::errors::Error;
pub use super::kinds::{GameKind, QueryKind};
use crate::diagnostic::Span;

/// A checked puzzle: everything needed to answer its queries.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// The `name`, if given.
    pub name: Option<String>,
    /// The game, its board and its queries.
    pub game: Game,
    /// What is valid but surely not meant (an `expect` that can never hold),
    /// in source order.
    pub warnings: Vec<Error>,
}

/// A game with its starting board and its queries, in file order.
#[derive(Debug, Clone)]
pub enum Game {
    /// 2048 without spawns.
    Twenty48 {
        /// The starting board.
        board: rules_2048::Board,
        /// The queries.
        queries: Vec<Item<Query2048, Expect2048>>,
    },
    /// The block game.
    BlockGame {
        /// The starting board.
        board: rules_blockgame::Board,
        /// The queries.
        queries: Vec<Item<BlockQuery, BlockExpect>>,
    },
}

impl Game {
    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            Game::Twenty48 { .. } => GameKind::Twenty48,
            Game::BlockGame { .. } => GameKind::BlockGame,
        }
    }

    /// The board's `(height, width)`.
    pub fn size(&self) -> (usize, usize) {
        match self {
            Game::Twenty48 { board, .. } => (board.height(), board.width()),
            Game::BlockGame { board, .. } => (board.ids().height(), board.ids().width()),
        }
    }

    /// How many queries the file asks.
    pub fn query_count(&self) -> usize {
        match self {
            Game::Twenty48 { queries, .. } => queries.len(),
            Game::BlockGame { queries, .. } => queries.len(),
        }
    }

    /// The starting board as text, one row a line.
    pub fn board_text(&self) -> String {
        match self {
            Game::Twenty48 { board, .. } => board.to_string(),
            Game::BlockGame { board, .. } => board.to_string(),
        }
    }
}

/// A query with its place in the file and its `expect`, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item<Q, E> {
    /// The question.
    pub query: Q,
    /// Where the `query` statement is.
    pub span: Span,
    /// The expected answer and where its `expect` statement is.
    pub expect: Option<(E, Span)>,
}

/// A question about a 2048 board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Query2048 {
    /// `max-tile within K`.
    MaxTile {
        /// K.
        within: usize,
    },
    /// `reach T within K`.
    Reach {
        /// T.
        target: u64,
        /// K.
        within: usize,
    },
    /// `apply MOVES`.
    Apply {
        /// The moves in order.
        moves: Vec<Direction>,
    },
}

impl Query2048 {
    /// The query as written canonically (`max-tile within 5`).
    pub fn text(&self) -> String {
        match self {
            Query2048::MaxTile { within } => format!("max-tile within {within}"),
            Query2048::Reach { target, within } => format!("reach {target} within {within}"),
            Query2048::Apply { moves } => {
                let moves: Vec<String> = moves.iter().map(|m| m.letter().to_string()).collect();
                format!("apply {}", moves.join(" "))
            }
        }
    }

    /// Which kind of query it is.
    pub fn kind(&self) -> QueryKind {
        match self {
            Query2048::MaxTile { .. } => QueryKind::MaxTile,
            Query2048::Reach { .. } => QueryKind::Reach,
            Query2048::Apply { .. } => QueryKind::Apply,
        }
    }
}

/// What an `expect` line after a 2048 query says the answer is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect2048 {
    /// An integer: a tile (`max-tile`) or a number of moves (`reach`).
    Number(u64),
    /// `unreachable` (`reach`).
    Unreachable,
    /// `board { ... }` (`apply`), as tile values (0 empty).
    Board(Grid<u64>),
}

/// A question about a block-game board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockQuery {
    /// `max-removed`.
    MaxRemoved,
}

impl BlockQuery {
    /// The query as written canonically.
    pub fn text(&self) -> String {
        match self {
            BlockQuery::MaxRemoved => "max-removed".to_string(),
        }
    }
}

/// What an `expect` line after a block-game query says the answer is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockExpect {
    /// A number of blocks.
    Number(u64),
}
