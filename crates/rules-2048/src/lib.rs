//! 2048: the move rule and exact searches over move sequences without spawns, and
//! the game with spawns: the exact best chance of a tile ([`chance()`]), the
//! engine's move ([`best_move`]) and seeded self-play ([`play`]).
//!
//! The rule ([`rule`](crate::slide_in_place)): every tile slides toward the
//! wall; two equal tiles that collide merge into their sum, each tile at most
//! once a move, the pair nearest the wall first. The questions: [`max_tile`]
//! (the largest tile within K moves, with a shortest witness), [`reach`] (the
//! fewest moves to a tile) and [`apply`] (the board after given moves) — those
//! of Baekjoon 12100 and 12094, on boards of any size.
//!
//! The main type is [`Board`], a rectangular board whose tiles are stored as
//! one-byte exponents (0 empty, `e` for `2^e`), so tiles up to `2^63` fit and a
//! 20×20 board is 400 bytes.
//!
//! Design decision: the rule is written once, a line at a time, as the
//! definition; the searches move and read boards with a faster backend behind
//! one interface (`kernel`: lines side by side on any processor, or a line per
//! AVX-512 register, chosen once per search), tested against the rule. Searches
//! are exact: every cut is a proven bound (`search`, its list of cuts), and a
//! node budget makes them stop early with the answer marked
//! [`Proof::Incomplete`] instead of running forever.
//!
//! | module | what it holds |
//! |---|---|
//! | `rule` | the move rule, [`MAX_EXPONENT`], [`TileOverflow`] |
//! | `board` | [`Board`], what a tile is ([`exponent_of_tile`]), the row syntax |
//! | `queries` | [`max_tile`], [`reach`], [`apply`], [`SearchOptions`], [`Proof`] |
//! | `kernel` | the search's move, merge counts and pair readings; the only `unsafe` |
//! | `search` | the branch and bound: node loop, bounds, best, siblings, order, table, threads |
//! | `spawn`, `chance` | the game with spawns: the law, a turn, the exact chance of a tile ([`chance_watched`]: told its boards) |
//! | `engine` | [`best_move`]: expectimax with a heuristic, on a 4×4 word or any board; within a budget, the deepest depth that fits; [`prepare_engine`] builds its tables before a caller's clock |
//! | `selfplay`, `rng` | [`play`]: seeded games of the engine against the spawns ([`play_watched`]: told each move); [`SeededRng`] |
//! | `threads` | the threads of a search or of games, started as the system allows |
//!
//! ```
//! use rules_2048::{max_tile, Board, Direction};
//!
//! let mut board: Board = "2 2 2 2 / . 4 . 4".parse().unwrap();
//! let answer = max_tile(&board, 3).unwrap();
//! assert_eq!(answer.tile, 16);
//!
//! board.slide(Direction::Left).unwrap();
//! assert_eq!(board.to_string(), "4 4 . .\n8 . . .\n");
//! ```
#![deny(missing_docs)]
#![deny(clippy::undocumented_unsafe_blocks)]

mod board;
mod chance;
mod engine;
mod kernel;
mod queries;
mod rng;
mod rule;
mod search;
mod selfplay;
mod spawn;
mod threads;

pub use board::{
    exponent_of_tile, parse_cell, slide_exponents, value_of, Board, BoardError, MoveOutcome, ParseBoardError, TileError,
};
pub use chance::{
    chance, chance_watched, chance_with, chance_within_fewer, error_bound, most_moves_within, Chance,
    CHANCE_BOARDS_TOLD_EVERY,
};
pub use engine::{best_move, default_depth, prepare_engine, BestMove, EngineOptions, MAX_DEPTH};
pub use grid_core::{Axis, Direction, Way};
pub use queries::{
    apply, bounds, max_tile, max_tile_with, reach, reach_with, Bounds, MaxTile, Proof, Reach, ReachProof, SearchError,
    SearchOptions, MAX_MOVES,
};
pub use rng::SeededRng;
pub use rule::{slide_in_place, TileOverflow, MAX_EXPONENT};
pub use selfplay::{
    play, play_on, play_one, play_watched, GameEnd, GameOverflow, GameRecord, GameState, PlayOptions, PlayProgress,
    PlayStats, PlayWatcher, Spread,
};
pub use spawn::{
    check_top_merges, first_spawns, legal_moves, play_move, spawn_random, spawns, starting_board, SpawnLaw,
    SpawnLawError,
};

/// The examples of the crate's README, run as doc tests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
