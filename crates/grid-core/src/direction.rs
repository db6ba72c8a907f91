//! The four directions, the two axes, and the two ways along an axis.

use std::fmt;
use std::ops::{Index, IndexMut};

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

    /// The direction's word, as the language also accepts it: `up`, `down`,
    /// `left`, `right`.
    ///
    /// ```
    /// assert_eq!(grid_core::Direction::Left.word(), "left");
    /// ```
    pub fn word(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }

    /// The single-letter name used in move sequences: `U`, `D`, `L` or `R`.
    #[inline]
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
    #[inline]
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

impl Direction {
    /// The axis this direction moves along: left and right along the rows, up
    /// and down along the columns.
    #[inline]
    pub fn axis(self) -> Axis {
        match self {
            Direction::Left | Direction::Right => Axis::Rows,
            Direction::Up | Direction::Down => Axis::Columns,
        }
    }

    /// Which way along its axis this direction moves: left and up toward the
    /// start (row or column 0), right and down toward the end.
    #[inline]
    pub fn way(self) -> Way {
        match self {
            Direction::Left | Direction::Up => Way::TowardStart,
            Direction::Right | Direction::Down => Way::TowardEnd,
        }
    }
}

/// The two axes tiles move along: a move along the rows (left or right) keeps
/// every tile in its row, a move along the columns (up or down) in its column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Axis {
    /// Moves along the rows: left and right.
    Rows,
    /// Moves along the columns: up and down.
    Columns,
}

impl Axis {
    /// Both axes, rows first.
    pub const BOTH: [Axis; 2] = [Axis::Rows, Axis::Columns];

    /// The direction along this axis that goes `way`.
    ///
    /// ```
    /// use grid_core::{Axis, Direction, Way};
    /// assert_eq!(Axis::Rows.toward(Way::TowardEnd), Direction::Right);
    /// for direction in Direction::ALL {
    ///     assert_eq!(direction.axis().toward(direction.way()), direction);
    /// }
    /// ```
    #[inline]
    pub fn toward(self, way: Way) -> Direction {
        match (self, way) {
            (Axis::Rows, Way::TowardStart) => Direction::Left,
            (Axis::Rows, Way::TowardEnd) => Direction::Right,
            (Axis::Columns, Way::TowardStart) => Direction::Up,
            (Axis::Columns, Way::TowardEnd) => Direction::Down,
        }
    }

    /// The other axis.
    #[inline]
    pub fn other(self) -> Axis {
        match self {
            Axis::Rows => Axis::Columns,
            Axis::Columns => Axis::Rows,
        }
    }
}

/// Which way a move goes along its axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Way {
    /// Toward row or column 0: left, up.
    TowardStart,
    /// Toward the last row or column: right, down.
    TowardEnd,
}

impl Way {
    /// Both ways, toward the start first.
    pub const BOTH: [Way; 2] = [Way::TowardStart, Way::TowardEnd];
}

impl From<(Axis, Way)> for Direction {
    #[inline]
    fn from((axis, way): (Axis, Way)) -> Direction {
        axis.toward(way)
    }
}

impl From<Direction> for (Axis, Way) {
    #[inline]
    fn from(direction: Direction) -> (Axis, Way) {
        (direction.axis(), direction.way())
    }
}

/// A pair of values, one for each axis (rows first), indexed by [`Axis`]:
/// `pairs[Axis::Columns]`. Code that keeps something per axis holds a
/// `[T; 2]` and never names an axis by a number.
impl<T> Index<Axis> for [T; 2] {
    type Output = T;

    #[inline]
    fn index(&self, axis: Axis) -> &T {
        &self[axis as usize]
    }
}

impl<T> IndexMut<Axis> for [T; 2] {
    #[inline]
    fn index_mut(&mut self, axis: Axis) -> &mut T {
        &mut self[axis as usize]
    }
}

/// A pair of values, one for each way along an axis (toward the start
/// first), indexed by [`Way`].
impl<T> Index<Way> for [T; 2] {
    type Output = T;

    #[inline]
    fn index(&self, way: Way) -> &T {
        &self[way as usize]
    }
}

impl<T> IndexMut<Way> for [T; 2] {
    #[inline]
    fn index_mut(&mut self, way: Way) -> &mut T {
        &mut self[way as usize]
    }
}
