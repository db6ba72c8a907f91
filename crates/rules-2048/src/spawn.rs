//! The game with spawns: after each legal move (one that changes the board)
//! a tile appears in a uniformly random empty cell, drawn from a
//! [`SpawnLaw`] (the classic one: a 2 nine times in ten, else a 4). A board
//! with no legal move is lost. This module holds the law and the rule of a
//! turn; `chance` answers the exact question about chances.

use std::fmt;

use grid_core::Direction;

use crate::board::{exponent_of_tile, Board};
use crate::rule::TileOverflow;

/// The tiles that may appear after a move, each with its chance in percent.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SpawnLaw {
    /// `(exponent, percent)`, percents summing to 100.
    outcomes: Vec<(u8, u32)>,
}

/// Why a spawn law is not one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpawnLawError {
    /// No tile at all.
    Empty,
    /// A tile that is no tile (a power of two from 2 up).
    NotATile {
        /// The value given.
        value: u64,
    },
    /// A tile given twice.
    Repeated {
        /// The value given twice.
        value: u64,
    },
    /// A chance of 0 %, or percents that do not sum to 100.
    Percents {
        /// Their sum.
        sum: u32,
    },
}

impl fmt::Display for SpawnLawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpawnLawError::Empty => f.write_str("a spawn law names at least one tile"),
            SpawnLawError::NotATile { value } => write!(f, "{value} is not a tile: a power of two from 2 up"),
            SpawnLawError::Repeated { value } => write!(f, "{value} is given twice"),
            SpawnLawError::Percents { sum } => {
                write!(f, "the chances add up to {sum}%, not 100% (and none may be 0%)")
            }
        }
    }
}

impl std::error::Error for SpawnLawError {}

impl SpawnLaw {
    /// The classic game's: a 2 with 90 %, a 4 with 10 %.
    pub fn classic() -> SpawnLaw {
        SpawnLaw { outcomes: vec![(1, 90), (2, 10)] }
    }

    /// A law of `(tile, percent)` pairs: powers of two from 2 up, each once,
    /// percents from 1 summing to 100.
    ///
    /// ```
    /// use rules_2048::{SpawnLaw, SpawnLawError};
    /// assert_eq!(SpawnLaw::new(&[(2, 90), (4, 10)]), Ok(SpawnLaw::classic()));
    /// assert_eq!(SpawnLaw::new(&[(2, 50), (3, 50)]), Err(SpawnLawError::NotATile { value: 3 }));
    /// assert_eq!(SpawnLaw::new(&[(2, 90)]), Err(SpawnLawError::Percents { sum: 90 }));
    /// ```
    pub fn new(outcomes: &[(u64, u32)]) -> Result<SpawnLaw, SpawnLawError> {
        if outcomes.is_empty() {
            return Err(SpawnLawError::Empty);
        }
        let mut law = Vec::with_capacity(outcomes.len());
        for &(value, percent) in outcomes {
            let exponent = exponent_of_tile(value).ok().filter(|&e| e > 0).ok_or(SpawnLawError::NotATile { value })?;
            if law.iter().any(|&(e, _)| e == exponent) {
                return Err(SpawnLawError::Repeated { value });
            }
            law.push((exponent, percent));
        }
        let sum: u32 = law.iter().map(|&(_, percent)| percent).sum();
        if sum != 100 || law.iter().any(|&(_, percent)| percent == 0) {
            return Err(SpawnLawError::Percents { sum });
        }
        Ok(SpawnLaw { outcomes: law })
    }

    /// The tiles that may appear, as `(exponent, percent)`.
    pub fn outcomes(&self) -> &[(u8, u32)] {
        &self.outcomes
    }
}

/// The moves that change `board`: the legal moves of the game with spawns,
/// each with the board it makes (before its spawn).
pub fn legal_moves(board: &Board) -> Result<Vec<(Direction, Board)>, TileOverflow> {
    let mut moves = Vec::with_capacity(4);
    for direction in Direction::ALL {
        let (after, changed) = board.after(direction)?;
        if changed {
            moves.push((direction, after));
        }
    }
    Ok(moves)
}

/// Every board a spawn may make of `board`, with its probability: each empty
/// cell alike, each tile by the law. Empty when the board is full.
pub fn spawns(board: &Board, law: &SpawnLaw) -> Vec<(f64, Board)> {
    let exponents = board.exponents();
    let empty: Vec<usize> = (0..exponents.as_slice().len()).filter(|&i| exponents.as_slice()[i] == 0).collect();
    let mut boards = Vec::with_capacity(empty.len() * law.outcomes.len());
    for &cell in &empty {
        for &(exponent, percent) in &law.outcomes {
            let mut cells = exponents.clone();
            cells.as_mut_slice()[cell] = exponent;
            let probability = f64::from(percent) / 100.0 / empty.len() as f64;
            boards.push((probability, Board::from_exponents(cells).expect("a spawned tile is a tile")));
        }
    }
    boards
}
