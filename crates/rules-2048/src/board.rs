//! The board and the one rule of the game: a move.

use std::fmt;

use grid_core::{lines_toward, Direction, Grid, GridError, Line};

use crate::lanes::slide_into;

/// The largest exponent a tile may have: `2^63` is the largest power of two a
/// `u64` holds.
pub const MAX_EXPONENT: u8 = 63;

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
                write!(f, "cell ({row}, {col}) holds {value}: tiles are powers of two from 2 up (0 is empty)")
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

/// A move would merge two `2^63` tiles into a tile no `u64` can hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileOverflow {
    /// 0-based row where the merged tile would land.
    pub row: usize,
    /// 0-based column where the merged tile would land.
    pub col: usize,
}

impl fmt::Display for TileOverflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "two 2^{MAX_EXPONENT} tiles would merge at ({}, {}): the largest tile is 2^{MAX_EXPONENT}",
            self.row, self.col
        )
    }
}

impl std::error::Error for TileOverflow {}

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
            if value != 0 && (value == 1 || !value.is_power_of_two()) {
                return Err(BoardError::NotAPowerOfTwo { row, col, value });
            }
        }
        Ok(Board { exponents: values.map(|&value| exponent_of(value)) })
    }

    /// Builds a board from exponents (0 empty, `e` for `2^e`); `None` when an
    /// exponent exceeds [`MAX_EXPONENT`].
    pub fn from_exponents(exponents: Grid<u8>) -> Option<Board> {
        exponents.as_slice().iter().all(|&e| e <= MAX_EXPONENT).then_some(Board { exponents })
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
    /// use grid_core::Direction;
    /// use rules_2048::Board;
    /// let mut board = Board::from_rows(vec![vec![2, 2, 2, 0]]).unwrap();
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

fn exponent_of(value: u64) -> u8 {
    if value == 0 {
        0
    } else {
        value.trailing_zeros() as u8
    }
}

/// Moves every line of a row-major `height × width` exponent array toward
/// `direction`, in place, and says whether anything changed; `on_merge` hears
/// the flat index and the exponent of every tile a merge makes. On overflow,
/// returns the flat index where the too-large tile would land; the cells are
/// then partly moved and must be discarded.
///
/// This is the definition of the move, a line at a time. The crate moves
/// boards with the lane-wise `lanes::slide_into`, which is faster on the
/// boards a search meets, checked against this one by a property test, and
/// falls back to it for lines longer than 255 cells and for overflows.
pub(crate) fn slide_in_place(
    cells: &mut [u8],
    height: usize,
    width: usize,
    direction: Direction,
    mut on_merge: impl FnMut(usize, u8),
) -> Result<bool, usize> {
    let mut changed = false;
    for line in lines_toward(height, width, direction) {
        changed |= slide_line(cells, line, &mut on_merge)?;
    }
    Ok(changed)
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

/// Slides one line of the board toward its wall, in place, and says whether
/// anything changed. On overflow returns the index where the too-large tile
/// would land (the line is then garbage).
///
/// One pass: `written` cells from the wall are settled, and the last of them
/// may still take one merge while `open` holds its exponent (0 once merged).
/// The read and write positions advance by the line's stride.
fn slide_line(cells: &mut [u8], line: Line, mut on_merge: impl FnMut(usize, u8)) -> Result<bool, usize> {
    let stride = line.stride();
    let mut read_at = line.start();
    let mut write_at = line.start();
    let mut written = 0;
    let mut open = 0u8;
    let mut changed = false;
    for read in 0..line.len() {
        let exponent = cells[read_at];
        if exponent != 0 {
            cells[read_at] = 0;
            if exponent == open {
                let target = write_at.wrapping_add_signed(-stride);
                if exponent == MAX_EXPONENT {
                    return Err(target);
                }
                cells[target] = exponent + 1;
                on_merge(target, exponent + 1);
                open = 0;
                changed = true;
            } else {
                cells[write_at] = exponent;
                changed |= written != read;
                open = exponent;
                written += 1;
                write_at = write_at.wrapping_add_signed(stride);
            }
        }
        read_at = read_at.wrapping_add_signed(stride);
    }
    Ok(changed)
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
