//! The leaves of a chance node whose spawns' moves end the search, scored
//! from the lines of the board before the spawn, for the boards without row
//! tables (any size but 4×4).
//!
//! Most of a search's time off 4×4 is the heuristic of its leaves, a line
//! score for each of the 2n lines of a board of n × n (70 % of an 8×8
//! search), where the 4×4 word reads each from a table. A spawn changes one
//! cell, so after a move it changes one line along the move (the spawn's)
//! and, across the move, only the lines through the cells where that line
//! slid otherwise: the board before the spawn is slid and scored once a
//! direction, and each spawn rescores only those lines. Every line score is
//! the one [`board_score`](super::heuristic::board_score) computes, and the
//! sums add them in its order (the rows', then the columns', each in order),
//! so every leaf is the same value to the bit (tested against
//! `Position::best_leaf`).

use grid_core::{lines_toward, Axis, Direction, Line, Lines, Way};

use super::heuristic::line_score;
use crate::rule::slide_in_place;

/// Whether `direction` moves along the rows (left and right).
fn along_rows(direction: Direction) -> bool {
    direction.axis() == Axis::Rows
}

/// A line's score as `board_score` adds it: rounded to `f32`.
fn score(line: &[u8]) -> f64 {
    f64::from(line_score(line.iter().copied()) as f32)
}

/// The sum of `scores` in order, as `board_score` folds them, with the
/// score at `at` taken as `instead`.
fn sum_with(scores: &[f64], at: usize, instead: f64) -> f64 {
    scores.iter().enumerate().map(|(i, &score)| if i == at { instead } else { score }).fold(0.0, |a, b| a + b)
}

/// The buffers of [`each_spawned_best_leaf`], kept by a search from one
/// chance node to the next so that a node allocates nothing: each node
/// overwrites what it reads (a tenth of a 5×5 search had gone to allocating
/// them afresh).
#[derive(Default)]
pub(crate) struct Scratch {
    /// The board slid each way, in [`Direction::ALL`]'s order.
    ways: [Slid; 4],
    line: Vec<u8>,
    across: Vec<u8>,
}

/// A board slid one way, line by line, and scored.
#[derive(Default)]
struct Slid {
    /// The board slid; a line whose slide would merge two 2^63 tiles is left
    /// as it was (no board holds its result).
    cells: Vec<u8>,
    /// For each line along the move: whether the slide changed it, and
    /// whether it would merge two 2^63 tiles.
    changed: Vec<bool>,
    overflows: Vec<bool>,
    /// The lines changed, and those that would overflow.
    changed_lines: usize,
    overflowing_lines: usize,
    /// The scores of `cells`' rows and columns.
    row_scores: Vec<f64>,
    column_scores: Vec<f64>,
}

/// A board's rows and columns, each read from its first cell (column 0,
/// row 0), as grid-core walks them.
struct Shape {
    rows: Lines,
    columns: Lines,
    height: usize,
    width: usize,
}

impl Shape {
    fn new(height: usize, width: usize) -> Shape {
        let (rows, columns) =
            (lines_toward(height, width, Direction::Left), lines_toward(height, width, Direction::Up));
        Shape { rows, columns, height, width }
    }

    /// Line `index` along rows (a row) or along columns (a column).
    fn line(&self, along_rows: bool, index: usize) -> Line {
        if along_rows {
            self.rows.line(index)
        } else {
            self.columns.line(index)
        }
    }

    /// The lines along rows or along columns.
    fn lines(&self, along_rows: bool) -> usize {
        if along_rows {
            self.height
        } else {
            self.width
        }
    }

    /// Line `index` along rows or columns of `cells`, into `line`.
    fn read(&self, cells: &[u8], along_rows: bool, index: usize, line: &mut Vec<u8>) {
        line.clear();
        line.extend(self.line(along_rows, index).iter().map(|cell| cells[cell]));
    }

    /// Writes `line` as line `index` along rows or columns of `cells`.
    fn write(&self, cells: &mut [u8], along_rows: bool, index: usize, line: &[u8]) {
        for (cell, &exponent) in self.line(along_rows, index).iter().zip(line) {
            cells[cell] = exponent;
        }
    }

    /// `line` slid toward `direction` (its start for left and up), in place:
    /// whether it changed, or `Err` for a merge of two 2^63 tiles.
    fn slide(line: &mut [u8], direction: Direction) -> Result<bool, usize> {
        let toward = match direction.way() {
            Way::TowardStart => Direction::Left,
            Way::TowardEnd => Direction::Right,
        };
        slide_in_place(line, 1, line.len(), toward, |_, _| {})
    }

    /// `slid` made `cells` slid toward `direction`, with `line` as its
    /// buffer.
    fn slide_into(&self, cells: &[u8], direction: Direction, slid: &mut Slid, line: &mut Vec<u8>) {
        let along_rows = along_rows(direction);
        let lines = self.lines(along_rows);
        slid.cells.clear();
        slid.cells.extend_from_slice(cells);
        for flags in [&mut slid.changed, &mut slid.overflows] {
            flags.clear();
            flags.resize(lines, false);
        }
        for index in 0..lines {
            self.read(cells, along_rows, index, line);
            match Shape::slide(line, direction) {
                Ok(moved) => {
                    slid.changed[index] = moved;
                    self.write(&mut slid.cells, along_rows, index, line);
                }
                Err(_) => slid.overflows[index] = true,
            }
        }
        for (along_rows, scores) in [(true, &mut slid.row_scores), (false, &mut slid.column_scores)] {
            scores.clear();
            for index in 0..self.lines(along_rows) {
                self.read(&slid.cells, along_rows, index, line);
                scores.push(score(line));
            }
        }
        slid.changed_lines = slid.changed.iter().filter(|&&c| c).count();
        slid.overflowing_lines = slid.overflows.iter().filter(|&&o| o).count();
    }
}

/// `Position::best_leaf` of each board a spawn makes of `cells` (a `height`
/// × `width` board, row by row), told to `visit` with the tile's
/// probability: each empty cell in row-major order, each tile of `law` in
/// its order, as a chance node averages them. `lost` is a lost board's value.
pub(crate) fn each_spawned_best_leaf(
    cells: &[u8],
    height: usize,
    width: usize,
    law: &[(u8, f64)],
    lost: f64,
    scratch: &mut Scratch,
    mut visit: impl FnMut(f64, f64),
) {
    let shape = Shape::new(height, width);
    let Scratch { ways, line, across } = scratch;
    for (way, direction) in ways.iter_mut().zip(Direction::ALL) {
        shape.slide_into(cells, direction, way, line);
    }
    for (cell, _) in cells.iter().enumerate().filter(|&(_, &exponent)| exponent == 0) {
        let (row, col) = (cell / width, cell % width);
        for &(exponent, probability) in law {
            let mut best = lost;
            for (way, direction) in ways.iter().zip(Direction::ALL) {
                let along_rows = along_rows(direction);
                // The spawn's line along the move, and where the spawn is in it.
                let (index, position) = if along_rows { (row, col) } else { (col, row) };
                if way.overflowing_lines > usize::from(way.overflows[index]) {
                    continue;
                }
                shape.read(cells, along_rows, index, line);
                line[position] = exponent;
                let Ok(moved) = Shape::slide(line, direction) else { continue };
                if !moved && way.changed_lines == usize::from(way.changed[index]) {
                    continue;
                }
                let (along, crossing) = if along_rows {
                    (&way.row_scores, &way.column_scores)
                } else {
                    (&way.column_scores, &way.row_scores)
                };
                let along_sum = sum_with(along, index, score(line));
                // A line across the move changes only where the spawn's line
                // slid to another tile than it did without the spawn.
                let mut crossing_sum = 0.0;
                for (k, &before) in crossing.iter().enumerate() {
                    let value = if line[k] == way.cells[shape.line(along_rows, index).at(k)] {
                        before
                    } else {
                        shape.read(&way.cells, !along_rows, k, across);
                        across[index] = line[k];
                        score(across)
                    };
                    crossing_sum += value;
                }
                // The rows' sum plus the columns', as `board_score` adds them
                // (one addition commutes exactly).
                let value = along_sum + crossing_sum;
                if value > best {
                    best = value;
                }
            }
            visit(best, probability);
        }
    }
}
