//! Rectangular grids with the orientation operations puzzle rules need.
//!
//! The main type is [`Grid`], a row-major `Vec<T>` with a height and a width,
//! both at least 1. Boards of both games are grids: 2048 tiles and block ids.
//!
//! Design decision: rotations and flips return new grids (a quarter turn swaps
//! the dimensions of a non-square grid), while [`Grid::lines_toward`] describes
//! the rows or columns of a grid as strided [`Line`]s ordered from the wall tiles
//! move toward, so that a game can move tiles in any [`Direction`] in place,
//! without copying or rotating the grid.
//!
//! ```
//! use grid_core::{Direction, Grid};
//!
//! let mut grid = Grid::from_rows(vec![vec![0, 1, 2], vec![3, 0, 5]]).unwrap();
//! assert_eq!((grid.height(), grid.width()), (2, 3));
//! assert_eq!(grid[(1, 2)], 5);
//!
//! // A quarter turn clockwise of a 2×3 grid is 3×2.
//! let turned = grid.rotate_cw();
//! assert_eq!(turned.rows().collect::<Vec<_>>(), [[3, 0], [0, 1], [5, 2]]);
//!
//! // Slide the non-zero cells of every row toward the left wall, in place.
//! for line in grid.lines_toward(Direction::Left) {
//!     let values: Vec<i32> = line.iter().map(|i| grid.as_slice()[i]).filter(|&v| v != 0).collect();
//!     for (k, index) in line.iter().enumerate() {
//!         grid.as_mut_slice()[index] = values.get(k).copied().unwrap_or(0);
//!     }
//! }
//! assert_eq!(grid.to_string(), "1 2 0\n3 5 0\n");
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod direction;
mod grid;
mod lines;
#[cfg(test)]
mod tests;

pub use direction::{Axis, Direction, Way};
pub use grid::{Grid, GridError, ParseGridError};
pub use lines::{lines_toward, Line, Lines};

/// The examples of the crate's README, run as doc tests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
