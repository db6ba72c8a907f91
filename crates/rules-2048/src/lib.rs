//! 2048 without spawns: the move rule and exact searches over move sequences.
//!
//! The main type is [`Board`], a rectangular board of any size whose tiles are
//! stored as one-byte exponents (0 empty, `e` for `2^e`), so tiles up to `2^63`
//! fit and a 20×20 board is 400 bytes. [`Board::slide`] plays one move;
//! [`max_tile`], [`reach`] and [`apply`] answer the questions of Baekjoon 12100
//! and 12094 and more.
//!
//! Design decision: moves work on the flat exponent array, up to 32 lines side
//! by side with no branch on the tiles (the `lanes` module; the line-at-a-time
//! move in `board` stays as the rule's definition and the tests' reference;
//! on processors with AVX-512 VBMI2 the search moves and reads boards up to
//! 32×32 a line per vector register instead, the `wide` module, detected at
//! run time), and the searches keep every board they need in one arena
//! reused across nodes, so a search allocates nothing per board it visits. Searches are
//! exact: every cut they make is a proven bound (see the `search` module), and
//! a node budget makes them stop early with the answer marked
//! [`Proof::Incomplete`] instead of running forever.
//!
//! ```
//! use grid_core::Direction;
//! use rules_2048::{max_tile, Board};
//!
//! let mut board = Board::from_rows(vec![vec![2, 2, 2, 2], vec![0, 4, 0, 4]]).unwrap();
//! let answer = max_tile(&board, 3).unwrap();
//! assert_eq!(answer.tile, 16);
//!
//! board.slide(Direction::Left).unwrap();
//! assert_eq!(board.to_string(), "4 4 . .\n8 . . .\n");
//! ```
#![deny(missing_docs)]

mod board;
mod lanes;
mod search;
mod wide;

pub use board::{slide_exponents, value_of, Board, BoardError, MoveOutcome, TileOverflow, MAX_EXPONENT};
pub use grid_core::Direction;
pub use search::{apply, max_tile, max_tile_with, reach, reach_with, MaxTile, Proof, Reach, SearchOptions};
