//! The checked, typed form of a `.puzzle` file. Each game has its own board,
//! queries and expectations, so a query of one game on the other's board
//! cannot be represented.

use grid_core::{Direction, Grid};

use super::errors::Error;
use crate::diagnostic::Span;

/// Which rules apply: what a file's `game` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum GameKind {
    /// 2048 without spawns.
    #[cfg_attr(feature = "cli", value(name = "2048"))]
    Twenty48,
    /// The Kakao 2019 block game.
    #[cfg_attr(feature = "cli", value(name = "blockgame"))]
    BlockGame,
}

impl GameKind {
    /// Both games, in the order help texts list them.
    pub const ALL: [GameKind; 2] = [GameKind::Twenty48, GameKind::BlockGame];

    /// The name used in files and reports.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Twenty48 => "2048",
            GameKind::BlockGame => "blockgame",
        }
    }

    /// The game a file's `game` word names.
    pub fn from_name(word: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|game| game.name() == word)
    }

    /// The queries of this game, for help texts.
    pub fn queries(self) -> &'static str {
        match self {
            GameKind::Twenty48 => "`max-tile within K`, `reach T within K` or `apply MOVES`",
            GameKind::BlockGame => "`max-removed`",
        }
    }
}

/// The kinds of query, of either game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QueryKind {
    /// `max-tile within K` (2048).
    MaxTile,
    /// `reach T within K` (2048).
    Reach,
    /// `apply MOVES` (2048).
    Apply,
    /// `max-removed` (block game).
    MaxRemoved,
}

impl QueryKind {
    /// The query's keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            QueryKind::MaxTile => "max-tile",
            QueryKind::Reach => "reach",
            QueryKind::Apply => "apply",
            QueryKind::MaxRemoved => "max-removed",
        }
    }

    /// The game the query belongs to.
    pub fn game(self) -> GameKind {
        match self {
            QueryKind::MaxTile | QueryKind::Reach | QueryKind::Apply => GameKind::Twenty48,
            QueryKind::MaxRemoved => GameKind::BlockGame,
        }
    }

    /// What an `expect` after the query looks like, for help texts.
    pub fn answer_help(self) -> &'static str {
        match self {
            QueryKind::MaxTile => "`max-tile` answers with a tile: `expect 16`",
            QueryKind::Reach => "`reach` answers with a number of moves or `unreachable`: `expect 3`",
            QueryKind::Apply => "`apply` answers with a board: `expect board {`",
            QueryKind::MaxRemoved => "`max-removed` answers with a number of blocks: `expect 2`",
        }
    }
}

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
