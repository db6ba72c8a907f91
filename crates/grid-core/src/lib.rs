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

use std::fmt;
use std::ops::{Index, IndexMut};

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
                "row {} has {found} cells but the first row has {expected}: every row must be the same length",
                row + 1
            ),
        }
    }
}

impl std::error::Error for GridError {}

/// One of the four directions tiles can move toward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Toward row 0.
    Up,
    /// Toward the last row.
    Down,
    /// Toward column 0.
    Left,
    /// Toward the last column.
    Right,
}

impl Direction {
    /// The four directions in a fixed order: Up, Down, Left, Right.
    pub const ALL: [Direction; 4] = [Direction::Up, Direction::Down, Direction::Left, Direction::Right];

    /// The single-letter name used in move sequences: `U`, `D`, `L` or `R`.
    pub fn letter(self) -> char {
        match self {
            Direction::Up => 'U',
            Direction::Down => 'D',
            Direction::Left => 'L',
            Direction::Right => 'R',
        }
    }

    /// The direction named by a letter (`U D L R`) or a word (`up down left right`),
    /// in either case.
    pub fn parse(text: &str) -> Option<Direction> {
        match text.to_ascii_lowercase().as_str() {
            "u" | "up" => Some(Direction::Up),
            "d" | "down" => Some(Direction::Down),
            "l" | "left" => Some(Direction::Left),
            "r" | "right" => Some(Direction::Right),
            _ => None,
        }
    }

    /// The direction pointing the other way.
    pub fn opposite(self) -> Direction {
        match self {
            Direction::Up => Direction::Down,
            Direction::Down => Direction::Up,
            Direction::Left => Direction::Right,
            Direction::Right => Direction::Left,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One row or column of a grid, as flat indices into [`Grid::as_slice`], ordered
/// from the wall that tiles move toward.
///
/// A `Line` is a start index, a signed stride and a length, so it costs nothing
/// to make and can walk a row right-to-left or a column bottom-to-top.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    start: usize,
    stride: isize,
    len: usize,
}

impl Line {
    /// How many cells the line has.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the line has no cells (never the case for a line of a grid).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The flat index of the cell nearest the wall.
    pub fn start(&self) -> usize {
        self.start
    }

    /// How far apart consecutive cells are in [`Grid::as_slice`]: `1` or `-1`
    /// for a row, `width` or `-width` for a column.
    pub fn stride(&self) -> isize {
        self.stride
    }

    /// The flat index of the `k`-th cell from the wall (`k < len`).
    #[inline]
    pub fn at(&self, k: usize) -> usize {
        debug_assert!(k < self.len);
        (self.start as isize + self.stride * k as isize) as usize
    }

    /// The flat indices of the line, nearest the wall first.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.len).map(move |k| self.at(k))
    }
}

/// The lines of a `height × width` grid toward a direction; see [`Grid::lines_toward`].
///
/// A free function so that code keeping its cells outside a [`Grid`] (a packed
/// board, say) can walk them the same way.
pub fn lines_toward(height: usize, width: usize, direction: Direction) -> Lines {
    let (count, first, next_line, stride, len) = match direction {
        Direction::Left => (height, 0, width as isize, 1, width),
        Direction::Right => (height, width.saturating_sub(1), width as isize, -1, width),
        Direction::Up => (width, 0, 1, width as isize, height),
        Direction::Down => (width, height.saturating_sub(1) * width, 1, -(width as isize), height),
    };
    Lines { next: 0, count, first, next_line, stride, len }
}

/// The iterator of [`Line`]s returned by [`lines_toward`].
#[derive(Debug, Clone)]
pub struct Lines {
    next: usize,
    count: usize,
    first: usize,
    next_line: isize,
    stride: isize,
    len: usize,
}

impl Lines {
    /// The `index`-th line (`index <` the number of lines), wherever the
    /// iteration is: for code that walks several lines side by side.
    ///
    /// ```
    /// use grid_core::{lines_toward, Direction};
    /// // A 2×3 grid's columns toward the bottom: the third starts at index 5.
    /// let columns = lines_toward(2, 3, Direction::Down);
    /// assert_eq!(columns.line(2).iter().collect::<Vec<_>>(), [5, 2]);
    /// ```
    #[inline]
    pub fn line(&self, index: usize) -> Line {
        debug_assert!(index < self.count);
        let start = (self.first as isize + self.next_line * index as isize) as usize;
        Line { start, stride: self.stride, len: self.len }
    }
}

impl Iterator for Lines {
    type Item = Line;

    #[inline]
    fn next(&mut self) -> Option<Line> {
        if self.next == self.count {
            return None;
        }
        let line = self.line(self.next);
        self.next += 1;
        Some(line)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.count - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Lines {}

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

    /// The rows or columns of the grid as [`Line`]s, each ordered from the wall
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

#[cfg(test)]
mod tests {
    use super::*;

    fn two_by_three() -> Grid<i32> {
        Grid::from_rows(vec![vec![1, 2, 3], vec![4, 5, 6]]).unwrap()
    }

    fn rows(grid: &Grid<i32>) -> Vec<Vec<i32>> {
        grid.rows().map(<[i32]>::to_vec).collect()
    }

    #[test]
    fn orientation_of_a_two_by_three_grid() {
        let grid = two_by_three();
        assert_eq!(rows(&grid.rotate_cw()), [[4, 1], [5, 2], [6, 3]]);
        assert_eq!(rows(&grid.rotate_ccw()), [[3, 6], [2, 5], [1, 4]]);
        assert_eq!(rows(&grid.rotate_180()), [[6, 5, 4], [3, 2, 1]]);
        assert_eq!(rows(&grid.transpose()), [[1, 4], [2, 5], [3, 6]]);
        assert_eq!(rows(&grid.flip_horizontal()), [[3, 2, 1], [6, 5, 4]]);
        assert_eq!(rows(&grid.flip_vertical()), [[4, 5, 6], [1, 2, 3]]);
    }

    #[test]
    fn construction_errors() {
        assert_eq!(Grid::<i32>::from_rows(vec![]), Err(GridError::Empty));
        assert_eq!(Grid::<i32>::from_rows(vec![vec![]]), Err(GridError::Empty));
        assert_eq!(
            Grid::from_rows(vec![vec![1], vec![2, 3]]),
            Err(GridError::Ragged { row: 1, expected: 1, found: 2 })
        );
        assert_eq!(
            Grid::from_vec(2, 2, vec![1, 2, 3]).map(|_| ()),
            Err(GridError::Ragged { row: 1, expected: 2, found: 1 })
        );
        assert_eq!(Grid::<i32>::from_vec(0, 2, vec![]).map(|_| ()), Err(GridError::Empty));
    }

    #[test]
    fn access() {
        let mut grid = two_by_three();
        assert_eq!(grid.get(1, 2), Some(&6));
        assert_eq!(grid.get(2, 0), None);
        assert_eq!(grid.get(0, 3), None);
        *grid.get_mut(0, 0).unwrap() = 9;
        grid[(1, 1)] = 7;
        assert_eq!(rows(&grid), [[9, 2, 3], [4, 7, 6]]);
        assert_eq!(grid.column(2).copied().collect::<Vec<_>>(), [3, 6]);
        assert_eq!(grid.positions().collect::<Vec<_>>(), [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]);
        assert_eq!(grid.position_of(4), (1, 1));
        assert_eq!(rows(&grid.map(|v| v * 10)), [[90, 20, 30], [40, 70, 60]]);
        assert_eq!(rows(&Grid::new(1, 2, 0)), [[0, 0]]);
    }

    #[test]
    fn lines_start_at_the_wall() {
        let grid = two_by_three();
        let values = |direction| -> Vec<Vec<i32>> {
            grid.lines_toward(direction).map(|line| line.iter().map(|i| grid.as_slice()[i]).collect()).collect()
        };
        assert_eq!(values(Direction::Left), [[1, 2, 3], [4, 5, 6]]);
        assert_eq!(values(Direction::Right), [[3, 2, 1], [6, 5, 4]]);
        assert_eq!(values(Direction::Up), [[1, 4], [2, 5], [3, 6]]);
        assert_eq!(values(Direction::Down), [[4, 1], [5, 2], [6, 3]]);
    }

    #[test]
    fn display_aligns_columns() {
        let grid = Grid::from_rows(vec![vec![2, 1024, 0], vec![16, 4, 8]]).unwrap();
        assert_eq!(grid.to_string(), " 2 1024 0\n16    4 8\n");
    }

    #[test]
    fn directions_parse_letters_and_words() {
        for (text, direction) in
            [("U", Direction::Up), ("down", Direction::Down), ("l", Direction::Left), ("Right", Direction::Right)]
        {
            assert_eq!(Direction::parse(text), Some(direction));
        }
        assert_eq!(Direction::parse("x"), None);
        assert_eq!(Direction::Up.opposite(), Direction::Down);
    }
}
