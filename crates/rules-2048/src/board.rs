//! [`Board`]: a 2048 board as tile exponents, built from values or from the
//! `.puzzle` row syntax, and shown as values.

use std::fmt;
use std::str::FromStr;

use grid_core::{Direction, Grid, GridError, ParseGridError};

use crate::kernel::slide_into;
use crate::rule::{TileOverflow, MAX_EXPONENT};

/// Why a board could not be built from values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// The rows were empty or of different lengths.
    Shape(GridError),
    /// A cell holds a value that is neither 0 (empty) nor a power of two from 2 up.
    NotAPowerOfTwo {
        /// 0-based row of the cell.
        row: usize,
        /// 0-based column of the cell.
        col: usize,
        /// What the cell holds.
        value: u64,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Shape(err) => err.fmt(f),
            BoardError::NotAPowerOfTwo { row, col, value } => {
                let (row, column) = (row + 1, col + 1);
                write!(f, "row {row}, column {column} holds {value}: tiles are powers of two from 2 up (0 is empty)")
            }
        }
    }
}

impl std::error::Error for BoardError {}

impl From<GridError> for BoardError {
    fn from(err: GridError) -> BoardError {
        BoardError::Shape(err)
    }
}

/// A 2048 board without spawns: tiles stored as exponents, one byte a cell
/// (0 empty, `e` for the tile `2^e`).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    exponents: Grid<u8>,
}

/// What a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveOutcome {
    /// Whether any tile moved or merged.
    pub changed: bool,
    /// The largest exponent on the board after the move (0 on an empty board).
    pub max_exponent: u8,
}

impl Board {
    /// Builds a board from tile values: 0 is empty, anything else must be a power
    /// of two from 2 up to `2^63`.
    ///
    /// ```
    /// use rules_2048::{Board, BoardError};
    /// assert!(Board::from_rows(vec![vec![2, 0], vec![0, 1 << 60]]).is_ok());
    /// assert_eq!(
    ///     Board::from_rows(vec![vec![2, 3]]),
    ///     Err(BoardError::NotAPowerOfTwo { row: 0, col: 1, value: 3 })
    /// );
    /// ```
    pub fn from_rows(rows: Vec<Vec<u64>>) -> Result<Board, BoardError> {
        Board::from_values(&Grid::from_rows(rows)?)
    }

    /// Builds a board from a grid of tile values; see [`Board::from_rows`].
    pub fn from_values(values: &Grid<u64>) -> Result<Board, BoardError> {
        for ((row, col), &value) in values.enumerate() {
            if exponent_of_tile(value).is_err() {
                return Err(BoardError::NotAPowerOfTwo { row, col, value });
            }
        }
        Ok(Board { exponents: values.map(|&value| exponent_of(value)) })
    }

    /// Builds a board from exponents (0 empty, `e` for `2^e`); `None` when an
    /// exponent exceeds [`MAX_EXPONENT`].
    ///
    /// ```
    /// use grid_core::Grid;
    /// use rules_2048::{Board, MAX_EXPONENT};
    /// let cells = |last| Grid::from_vec(2, 40, [vec![1; 79], vec![last]].concat()).unwrap();
    /// assert_eq!(Board::from_exponents(cells(MAX_EXPONENT)).unwrap().tile(1, 39), 1 << 63);
    /// assert_eq!(Board::from_exponents(cells(MAX_EXPONENT + 1)), None);
    /// ```
    pub fn from_exponents(exponents: Grid<u8>) -> Option<Board> {
        // The largest exponent, not `all`: a fold without an early exit is
        // vectorized, and the engine's general board makes one a move.
        let largest = exponents.as_slice().iter().copied().fold(0, u8::max);
        (largest <= MAX_EXPONENT).then_some(Board { exponents })
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.exponents.height()
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.exponents.width()
    }

    /// The tile at `(row, col)`, 0 when empty.
    ///
    /// # Panics
    /// Outside the board.
    pub fn tile(&self, row: usize, col: usize) -> u64 {
        value_of(self.exponents[(row, col)])
    }

    /// The exponents, 0 for empty.
    pub fn exponents(&self) -> &Grid<u8> {
        &self.exponents
    }

    /// The tile values, 0 for empty.
    pub fn values(&self) -> Grid<u64> {
        self.exponents.map(|&e| value_of(e))
    }

    /// The largest exponent on the board, 0 when it is empty.
    pub fn max_exponent(&self) -> u8 {
        self.exponents.as_slice().iter().copied().max().unwrap_or(0)
    }

    /// The largest tile on the board, 0 when it is empty.
    pub fn max_tile(&self) -> u64 {
        value_of(self.max_exponent())
    }

    /// The sum of all tiles, which no move changes.
    pub fn sum(&self) -> u128 {
        self.exponents.as_slice().iter().map(|&e| if e == 0 { 0 } else { 1u128 << e }).sum()
    }

    /// Moves every tile toward `direction`, in place, by the rules of 2048: tiles
    /// slide as far as they can; two equal tiles that collide merge into their
    /// sum; a merged tile does not merge again in the same move; of three equal
    /// tiles in a line, the pair nearest the wall merges first.
    ///
    /// On overflow the board is left unchanged.
    ///
    /// ```
    /// use rules_2048::{Board, Direction};
    /// let mut board: Board = "2 2 2 .".parse().unwrap();
    /// board.slide(Direction::Left).unwrap();
    /// assert_eq!(board.values().as_slice(), [4, 2, 0, 0]);
    /// ```
    pub fn slide(&mut self, direction: Direction) -> Result<MoveOutcome, TileOverflow> {
        self.slide_with(direction, |_, _| {})
    }

    /// Like [`Board::slide`], and also returns the `(row, col)` of every tile made
    /// by a merge in this move, for showing a move to a person.
    pub fn slide_marking_merges(
        &mut self,
        direction: Direction,
    ) -> Result<(MoveOutcome, Vec<(usize, usize)>), TileOverflow> {
        let mut merged = Vec::new();
        let outcome = self.slide_with(direction, |index, _| merged.push(index))?;
        let mut positions: Vec<_> = merged.into_iter().map(|index| self.exponents.position_of(index)).collect();
        positions.sort_unstable();
        Ok((outcome, positions))
    }

    fn slide_with(
        &mut self,
        direction: Direction,
        on_merge: impl FnMut(usize, u8),
    ) -> Result<MoveOutcome, TileOverflow> {
        let (height, width) = (self.height(), self.width());
        let mut moved = self.exponents.clone();
        let source = self.exponents.as_slice();
        match slide_into(source, moved.as_mut_slice(), height, width, direction, on_merge) {
            Ok(changed) => {
                self.exponents = moved;
                Ok(MoveOutcome { changed, max_exponent: self.max_exponent() })
            }
            Err(index) => {
                let (row, col) = self.exponents.position_of(index);
                Err(TileOverflow { row, col })
            }
        }
    }

    /// The board after one move, and whether anything changed.
    pub fn after(&self, direction: Direction) -> Result<(Board, bool), TileOverflow> {
        let mut next = self.clone();
        let outcome = next.slide(direction)?;
        Ok((next, outcome.changed))
    }
}

/// `2^e` for an exponent, 0 for 0.
pub fn value_of(exponent: u8) -> u64 {
    if exponent == 0 {
        0
    } else {
        1u64 << exponent
    }
}

/// What keeps a value, or a word, from being a 2048 tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TileError {
    /// The word is not a whole number.
    NotANumber,
    /// A whole number past `u64::MAX`, so past `2^63`, the largest tile.
    TooLarge,
    /// A number that is not a power of two from 2 up (1, 3, 12, …).
    NotAPowerOfTwo,
}

impl fmt::Display for TileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TileError::NotANumber => "not a number",
            TileError::TooLarge => "larger than the largest tile, 2^63",
            TileError::NotAPowerOfTwo => "not a power of two from 2 up",
        })
    }
}

impl std::error::Error for TileError {}

/// The definition of a tile: a power of two from 2 up to `2^63`. Returns the
/// exponent of `value` (`e` for `2^e`), with 0 for 0, an empty cell.
///
/// ```
/// use rules_2048::{exponent_of_tile, TileError};
/// assert_eq!(exponent_of_tile(1024), Ok(10));
/// assert_eq!(exponent_of_tile(0), Ok(0));
/// assert_eq!(exponent_of_tile(6), Err(TileError::NotAPowerOfTwo));
/// assert_eq!(exponent_of_tile(1), Err(TileError::NotAPowerOfTwo));
/// ```
pub fn exponent_of_tile(value: u64) -> Result<u8, TileError> {
    if value == 0 || (value >= 2 && value.is_power_of_two()) {
        Ok(exponent_of(value))
    } else {
        Err(TileError::NotAPowerOfTwo)
    }
}

/// A cell as a `.puzzle` board writes it: `.` or `0` for an empty cell
/// (value 0), else a tile's value in decimal.
///
/// ```
/// use rules_2048::{parse_cell, TileError};
/// assert_eq!(parse_cell("."), Ok(0));
/// assert_eq!(parse_cell("2048"), Ok(2048));
/// assert_eq!(parse_cell("3"), Err(TileError::NotAPowerOfTwo));
/// assert_eq!(parse_cell("18446744073709551616"), Err(TileError::TooLarge));
/// assert_eq!(parse_cell("x"), Err(TileError::NotANumber));
/// ```
pub fn parse_cell(text: &str) -> Result<u64, TileError> {
    if text == "." || text == "0" {
        return Ok(0);
    }
    let value: u64 = match text.parse() {
        Ok(value) => value,
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => return Err(TileError::TooLarge),
        Err(_) => return Err(TileError::NotANumber),
    };
    if value == 0 {
        return Err(TileError::NotAPowerOfTwo); // `00`: only `0` and `.` are empty
    }
    exponent_of_tile(value).map(|_| value)
}

/// Why a board could not be read from its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseBoardError {
    /// A cell is not `.`, `0` or a tile.
    Cell {
        /// 1-based row of the cell.
        row: usize,
        /// 1-based column of the cell.
        column: usize,
        /// What is wrong with it.
        error: TileError,
    },
    /// The rows are missing or of different lengths.
    Shape(GridError),
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseBoardError::Cell { row, column, error } => {
                write!(f, "row {row}, column {column}: the cell is {error}")
            }
            ParseBoardError::Shape(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for ParseBoardError {}

/// A board in the `.puzzle` row syntax on one line: cells separated by
/// blanks, rows by `/` (or by line ends), `.` or `0` for an empty cell.
///
/// ```
/// use rules_2048::Board;
/// let board: Board = "2 2 / 4 .".parse().unwrap();
/// assert_eq!(board.tile(1, 0), 4);
/// assert_eq!(board.to_string(), "2 2\n4 .\n");
/// ```
impl FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(text: &str) -> Result<Board, ParseBoardError> {
        let values = Grid::parse_rows(text, parse_cell).map_err(|err| match err {
            ParseGridError::Cell { row, column, error } => ParseBoardError::Cell { row, column, error },
            ParseGridError::Shape(err) => ParseBoardError::Shape(err),
        })?;
        Ok(Board::from_values(&values).expect("every cell is a tile"))
    }
}

fn exponent_of(value: u64) -> u8 {
    if value == 0 {
        0
    } else {
        value.trailing_zeros() as u8
    }
}

/// Moves a board's exponents, for benchmarks and the searches' task split:
/// [`Board::slide`] on a bare slice, without the board's bookkeeping.
#[doc(hidden)]
pub fn slide_exponents(
    cells: &mut [u8],
    height: usize,
    width: usize,
    direction: Direction,
) -> Result<MoveOutcome, usize> {
    let source = cells.to_vec();
    let changed = slide_into(&source, cells, height, width, direction, |_, _| {})?;
    Ok(MoveOutcome { changed, max_exponent: cells.iter().copied().max().unwrap_or(0) })
}

/// The board as its tile values, columns right-aligned, `.` for empty.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts = self.exponents.map(|&e| if e == 0 { ".".to_string() } else { value_of(e).to_string() });
        texts.fmt(f)
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}×{}\n{self}", self.height(), self.width())
    }
}
