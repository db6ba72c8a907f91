//! [`Grid`], its construction errors and its orientation operations.

use std::fmt;
use std::ops::{Index, IndexMut};

use crate::direction::Direction;
use crate::lines::{lines_toward, Lines};

/// Why a grid could not be built from rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GridError {
    /// There were no rows, or the first row had no cells.
    Empty,
    /// A row's length differs from the first row's.
    Ragged {
        /// The 0-based index of the offending row.
        row: usize,
        /// How many cells the first row has.
        expected: usize,
        /// How many cells the offending row has.
        found: usize,
    },
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::Empty => write!(f, "a grid needs at least one row and one column"),
            GridError::Ragged { row, expected, found } => write!(
                f,
                "row {} has {found} cell{} but the first row has {expected}: every row must be the same length",
                row + 1,
                if *found == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for GridError {}

/// Why [`Grid::parse_rows`] could not read a grid: a cell its reader
/// refused, or rows of different lengths.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseGridError<E> {
    /// The reader refused a cell.
    Cell {
        /// 1-based row of the cell.
        row: usize,
        /// 1-based column of the cell.
        column: usize,
        /// What the reader said.
        error: E,
    },
    /// The rows were empty or of different lengths.
    Shape(GridError),
}

/// A rectangular grid of cells stored row by row.
///
/// Invariant: `height ≥ 1`, `width ≥ 1` and `cells.len() == height × width`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    height: usize,
    width: usize,
    cells: Vec<T>,
}

impl<T> Grid<T> {
    /// Builds a grid from its rows; every row must have the same, non-zero length.
    ///
    /// ```
    /// use grid_core::{Grid, GridError};
    /// assert!(Grid::from_rows(vec![vec![1, 2], vec![3, 4]]).is_ok());
    /// assert_eq!(
    ///     Grid::from_rows(vec![vec![1, 2], vec![3]]),
    ///     Err(GridError::Ragged { row: 1, expected: 2, found: 1 })
    /// );
    /// ```
    pub fn from_rows(rows: Vec<Vec<T>>) -> Result<Grid<T>, GridError> {
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if width == 0 {
            return Err(GridError::Empty);
        }
        let mut cells = Vec::with_capacity(height * width);
        for (row, cells_of_row) in rows.into_iter().enumerate() {
            if cells_of_row.len() != width {
                return Err(GridError::Ragged { row, expected: width, found: cells_of_row.len() });
            }
            cells.extend(cells_of_row);
        }
        Ok(Grid { height, width, cells })
    }

    /// Builds a grid from row-major cells; `cells.len()` must be `height × width`,
    /// both at least 1.
    pub fn from_vec(height: usize, width: usize, cells: Vec<T>) -> Result<Grid<T>, GridError> {
        if height == 0 || width == 0 {
            return Err(GridError::Empty);
        }
        if cells.len() != height * width {
            return Err(GridError::Ragged { row: cells.len() / width, expected: width, found: cells.len() % width });
        }
        Ok(Grid { height, width, cells })
    }

    /// A grid written on one line the way puzzle files write boards: cells
    /// separated by blanks, rows by `/` (or line ends), each cell read by
    /// `read`.
    ///
    /// ```
    /// use grid_core::{Grid, ParseGridError};
    /// let grid = Grid::parse_rows("1 2 / 3 4", str::parse::<u8>).unwrap();
    /// assert_eq!(grid[(1, 0)], 3);
    /// let bad = Grid::parse_rows("1 2 / 3 x", str::parse::<u8>).unwrap_err();
    /// assert!(matches!(bad, ParseGridError::Cell { row: 2, column: 2, .. }));
    /// ```
    pub fn parse_rows<E>(text: &str, mut read: impl FnMut(&str) -> Result<T, E>) -> Result<Grid<T>, ParseGridError<E>> {
        let mut rows = Vec::new();
        for (row, line) in text.split(['/', '\n']).filter(|line| !line.trim().is_empty()).enumerate() {
            let cells = line.split_whitespace().enumerate().map(|(column, cell)| {
                read(cell).map_err(|error| ParseGridError::Cell { row: row + 1, column: column + 1, error })
            });
            rows.push(cells.collect::<Result<Vec<T>, _>>()?);
        }
        Grid::from_rows(rows).map_err(ParseGridError::Shape)
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The cell at `(row, col)`, or `None` outside the grid.
    pub fn get(&self, row: usize, col: usize) -> Option<&T> {
        (row < self.height && col < self.width).then(|| &self.cells[row * self.width + col])
    }

    /// The cell at `(row, col)` for writing, or `None` outside the grid.
    pub fn get_mut(&mut self, row: usize, col: usize) -> Option<&mut T> {
        (row < self.height && col < self.width).then(|| &mut self.cells[row * self.width + col])
    }

    /// All cells, row by row.
    pub fn as_slice(&self) -> &[T] {
        &self.cells
    }

    /// All cells, row by row, for writing.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// The row-major cells, consuming the grid.
    pub fn into_vec(self) -> Vec<T> {
        self.cells
    }

    /// The `(row, col)` of a flat index into [`Grid::as_slice`].
    pub fn position_of(&self, index: usize) -> (usize, usize) {
        (index / self.width, index % self.width)
    }

    /// The rows, top first, each as a slice.
    pub fn rows(&self) -> impl ExactSizeIterator<Item = &[T]> + '_ {
        self.cells.chunks_exact(self.width)
    }

    /// The cells of column `col`, top first.
    ///
    /// # Panics
    /// When `col ≥ width`.
    pub fn column(&self, col: usize) -> impl ExactSizeIterator<Item = &T> + '_ {
        assert!(col < self.width, "column {col} outside a grid of width {}", self.width);
        self.cells[col..].iter().step_by(self.width)
    }

    /// Every `(row, col)` of the grid in row-major order.
    pub fn positions(&self) -> impl Iterator<Item = (usize, usize)> {
        let width = self.width;
        (0..self.height * width).map(move |i| (i / width, i % width))
    }

    /// Every cell with its `(row, col)`, in row-major order.
    pub fn enumerate(&self) -> impl Iterator<Item = ((usize, usize), &T)> + '_ {
        self.positions().zip(self.cells.iter())
    }

    /// A grid of the same shape with `f` applied to every cell.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid { height: self.height, width: self.width, cells: self.cells.iter().map(f).collect() }
    }

    /// The rows or columns of the grid as [`Line`](crate::Line)s, each ordered from the wall
    /// toward which `direction` moves: for `Left`, each row left to right; for
    /// `Right`, each row right to left; for `Up`, each column top to bottom; for
    /// `Down`, each column bottom to top.
    ///
    /// ```
    /// use grid_core::{Direction, Grid};
    /// let grid = Grid::from_rows(vec![vec![1, 2, 3], vec![4, 5, 6]]).unwrap();
    /// let down: Vec<Vec<i32>> = grid
    ///     .lines_toward(Direction::Down)
    ///     .map(|line| line.iter().map(|i| grid.as_slice()[i]).collect())
    ///     .collect();
    /// assert_eq!(down, [[4, 1], [5, 2], [6, 3]]);
    /// ```
    pub fn lines_toward(&self, direction: Direction) -> Lines {
        lines_toward(self.height, self.width, direction)
    }
}

impl<T: Clone> Grid<T> {
    /// A `height × width` grid with every cell set to `fill`.
    ///
    /// # Panics
    /// When `height` or `width` is 0.
    pub fn new(height: usize, width: usize, fill: T) -> Grid<T> {
        assert!(height > 0 && width > 0, "a grid needs at least one row and one column");
        Grid { height, width, cells: vec![fill; height * width] }
    }

    fn remap(&self, height: usize, width: usize, source: impl Fn(usize, usize) -> (usize, usize)) -> Grid<T> {
        let mut cells = Vec::with_capacity(height * width);
        for r in 0..height {
            for c in 0..width {
                let (sr, sc) = source(r, c);
                cells.push(self.cells[sr * self.width + sc].clone());
            }
        }
        Grid { height, width, cells }
    }

    /// A quarter turn clockwise; an `h × w` grid becomes `w × h`.
    ///
    /// ```text
    /// 1 2 3      4 1
    /// 4 5 6  ->  5 2
    ///            6 3
    /// ```
    pub fn rotate_cw(&self) -> Grid<T> {
        let h = self.height;
        self.remap(self.width, h, |r, c| (h - 1 - c, r))
    }

    /// A quarter turn counter-clockwise; an `h × w` grid becomes `w × h`.
    ///
    /// ```text
    /// 1 2 3      3 6
    /// 4 5 6  ->  2 5
    ///            1 4
    /// ```
    pub fn rotate_ccw(&self) -> Grid<T> {
        let w = self.width;
        self.remap(w, self.height, |r, c| (c, w - 1 - r))
    }

    /// A half turn; the dimensions stay.
    ///
    /// ```text
    /// 1 2 3      6 5 4
    /// 4 5 6  ->  3 2 1
    /// ```
    pub fn rotate_180(&self) -> Grid<T> {
        let (h, w) = (self.height, self.width);
        self.remap(h, w, |r, c| (h - 1 - r, w - 1 - c))
    }

    /// Rows become columns; an `h × w` grid becomes `w × h`.
    ///
    /// ```text
    /// 1 2 3      1 4
    /// 4 5 6  ->  2 5
    ///            3 6
    /// ```
    pub fn transpose(&self) -> Grid<T> {
        self.remap(self.width, self.height, |r, c| (c, r))
    }

    /// A mirror image left to right (each row reversed).
    ///
    /// ```text
    /// 1 2 3      3 2 1
    /// 4 5 6  ->  6 5 4
    /// ```
    pub fn flip_horizontal(&self) -> Grid<T> {
        let w = self.width;
        self.remap(self.height, w, |r, c| (r, w - 1 - c))
    }

    /// A mirror image top to bottom (the rows in reverse order).
    ///
    /// ```text
    /// 1 2 3      4 5 6
    /// 4 5 6  ->  1 2 3
    /// ```
    pub fn flip_vertical(&self) -> Grid<T> {
        let h = self.height;
        self.remap(h, self.width, |r, c| (h - 1 - r, c))
    }
}

impl<T> Index<(usize, usize)> for Grid<T> {
    type Output = T;

    /// # Panics
    /// Outside the grid; use [`Grid::get`] for a checked read.
    fn index(&self, (row, col): (usize, usize)) -> &T {
        assert!(row < self.height && col < self.width, "({row}, {col}) outside a {}×{} grid", self.height, self.width);
        &self.cells[row * self.width + col]
    }
}

impl<T> IndexMut<(usize, usize)> for Grid<T> {
    fn index_mut(&mut self, (row, col): (usize, usize)) -> &mut T {
        assert!(row < self.height && col < self.width, "({row}, {col}) outside a {}×{} grid", self.height, self.width);
        &mut self.cells[row * self.width + col]
    }
}

/// One line per row, cells separated by one space and right-aligned to the
/// widest cell of their column.
impl<T: fmt::Display> fmt::Display for Grid<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<String> = self.cells.iter().map(|cell| cell.to_string()).collect();
        let mut widths = vec![0; self.width];
        for (i, text) in texts.iter().enumerate() {
            let col = i % self.width;
            widths[col] = widths[col].max(text.chars().count());
        }
        for row in texts.chunks_exact(self.width) {
            for (col, text) in row.iter().enumerate() {
                if col > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{text:>width$}", width = widths[col])?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl<T: fmt::Debug> fmt::Debug for Grid<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Grid")
            .field("height", &self.height)
            .field("width", &self.width)
            .field("rows", &self.cells.chunks_exact(self.width).collect::<Vec<_>>())
            .finish()
    }
}
