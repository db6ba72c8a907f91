//! Rows and columns as strided runs of flat indices, ordered from a wall.

use crate::direction::Direction;

/// One row or column of a grid, as flat indices into [`Grid::as_slice`](crate::Grid::as_slice), ordered
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

    /// How far apart consecutive cells are in [`Grid::as_slice`](crate::Grid::as_slice): `1` or `-1`
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

/// The lines of a `height × width` grid toward a direction; see [`Grid::lines_toward`](crate::Grid::lines_toward).
///
/// A free function so that code keeping its cells outside a [`Grid`](crate::Grid) (a packed
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
