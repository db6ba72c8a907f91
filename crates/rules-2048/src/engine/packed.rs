//! A 4×4 board in one `u64`, four bits a cell, moved and scored through
//! tables of the 65,536 possible rows (the representation of nneonneo's
//! 2048-ai). Four bits hold exponents up to 15 (32768): the engine chooses
//! this representation only when no tile of 65536 can appear within its
//! search (see `Packed::fits`), so nothing is ever capped or merged wrongly.
//!
//! Two tables, sized for the caches: a board's own rows and columns are read
//! as [`Row`]s, 32 bytes with everything a leaf needs of the line (its moves
//! both ways, spread as columns, and their scores); the lines of the boards
//! its moves make need only their score, read from a table of scores alone.

use std::sync::OnceLock;

use grid_core::Direction;

use super::heuristic::line_score;
use super::position::Position;
use crate::board::{value_of, Board};
use crate::rule::slide_in_place;

/// Cell `4 · row + col` in bits `4 · (4 · row + col)` and up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Packed(pub(crate) u64);

/// The board as the transposition table stores it: unaligned, as the
/// table's entries are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(C, packed)]
pub(crate) struct Key(u64);

impl std::hash::Hash for Key {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let word = self.0;
        state.write_u64(word);
    }
}

/// What the engine reads of a board's own row or column, together in 32
/// bytes: one lookup reads one cache line, whatever it needs of it.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(32))]
pub(super) struct Row {
    /// The row slid toward column 0 (toward column 3), its cells laid out as
    /// column 0 of a board: a moved board's transposition, or a board moved
    /// along its columns, is four of these shifted into place.
    left_spread: u64,
    right_spread: u64,
    /// The heuristic's line score of the row slid toward column 0 (toward
    /// column 3): the heuristic rounds every line's score to `f32`, so `f32`
    /// holds it exactly, widened where it is added.
    left_score: f32,
    right_score: f32,
    /// The row slid toward column 0, and toward column 3.
    left: u16,
    right: u16,
}

const _: () = assert!(std::mem::size_of::<Row>() == 32);

/// The 65,536 rows, indexed by a row's 16 bits (fixed-size arrays, so that no
/// lookup is bounds-checked).
pub(super) struct Tables {
    rows: Box<[Row; 1 << 16]>,
    /// Each row's line score (of a column, read top down), alone: the lines
    /// of the boards a leaf's moves make are scored here, 256 KB that stay in
    /// the core's own cache where the rows' two megabytes would not.
    scores: Box<[f32; 1 << 16]>,
}

impl Tables {
    pub(super) fn row(&self, row: usize) -> &Row {
        &self.rows[row & 0xffff]
    }

    pub(super) fn score(&self, row: usize) -> f64 {
        f64::from(self.scores[row & 0xffff])
    }
}

pub(super) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        // Each row scored once: a slid row's score is read back (the build
        // is part of the first search's time).
        let scores: Vec<f32> = (0..=u16::MAX).map(|row| line_score(nibbles(row)) as f32).collect();
        let rows: Vec<Row> = (0..=u16::MAX)
            .map(|row| {
                let cells = nibbles(row);
                let (left, right) = (slid(cells, Direction::Left), slid(cells, Direction::Right));
                Row {
                    left_spread: unpack_column(left),
                    right_spread: unpack_column(right),
                    left_score: scores[usize::from(left)],
                    right_score: scores[usize::from(right)],
                    left,
                    right,
                }
            })
            .collect();
        Tables {
            rows: rows.into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!("65,536 rows")),
            scores: scores.into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!("65,536 rows")),
        }
    })
}

/// The two ways along a line, as `Row`'s fields.
#[derive(Clone, Copy)]
pub(super) enum Way {
    TowardStart,
    TowardEnd,
}

impl Row {
    pub(super) fn slid(&self, way: Way) -> u16 {
        match way {
            Way::TowardStart => self.left,
            Way::TowardEnd => self.right,
        }
    }

    fn spread(&self, way: Way) -> u64 {
        match way {
            Way::TowardStart => self.left_spread,
            Way::TowardEnd => self.right_spread,
        }
    }

    /// The line's score slid toward its start, and toward its end.
    fn slid_scores(&self) -> [f64; 2] {
        [f64::from(self.left_score), f64::from(self.right_score)]
    }
}

/// A row's four cells, column 0 first.
pub(super) fn nibbles(row: u16) -> [u8; 4] {
    [0, 1, 2, 3].map(|i| ((row >> (4 * i)) & 0xf) as u8)
}

/// The row slid by the rule itself; a merge past 15 (two 32768s), which
/// `Packed::fits` rules out, is stored capped and never read.
fn slid(cells: [u8; 4], direction: Direction) -> u16 {
    let mut line = cells;
    let _ = slide_in_place(&mut line, 1, 4, direction, |_, _| {});
    line.iter().enumerate().map(|(i, &e)| u16::from(e.min(15)) << (4 * i)).fold(0, |a, b| a | b)
}

/// Column 0 of a board holding the row's four cells top down.
fn unpack_column(row: u16) -> u64 {
    let row = u64::from(row);
    (row | row << 12 | row << 24 | row << 36) & 0x000f_000f_000f_000f
}

fn transpose(x: u64) -> u64 {
    let a1 = x & 0xf0f0_0f0f_f0f0_0f0f;
    let a2 = x & 0x0000_f0f0_0000_f0f0;
    let a3 = x & 0x0f0f_0000_0f0f_0000;
    let a = a1 | (a2 << 12) | (a3 >> 12);
    let b1 = a & 0xff00_ff00_00ff_00ff;
    let b2 = a & 0x00ff_00ff_0000_0000;
    let b3 = a & 0x0000_0000_ff00_ff00;
    b1 | (b2 >> 24) | (b3 << 24)
}

/// The board mirrored left to right: each row's cells in reverse order.
fn flip_rows(x: u64) -> u64 {
    (x & 0x000f_000f_000f_000f) << 12
        | (x & 0x00f0_00f0_00f0_00f0) << 4
        | (x & 0x0f00_0f00_0f00_0f00) >> 4
        | (x & 0xf000_f000_f000_f000) >> 12
}

/// The board mirrored top to bottom: its rows in reverse order.
fn flip_columns(x: u64) -> u64 {
    let halves = x.rotate_left(32);
    (halves & 0x0000_ffff_0000_ffff) << 16 | (halves >> 16) & 0x0000_ffff_0000_ffff
}

/// The lowest bit of each empty cell's nibble set, the others clear.
fn empty_nibbles(board: u64) -> u64 {
    let mut x = board;
    x |= x >> 2;
    x |= x >> 1;
    !x & 0x1111_1111_1111_1111
}

fn row_of(board: u64, row: usize) -> usize {
    ((board >> (16 * row)) & 0xffff) as usize
}

fn lines_of(word: u64) -> [usize; 4] {
    [0, 1, 2, 3].map(|line| row_of(word, line))
}

/// The scores of each word's four rows, added in the lines' order, the two
/// words side by side.
fn scores_of_lines(tables: &Tables, words: [u64; 2]) -> [f64; 2] {
    let lines = words.map(lines_of);
    let score = |line: usize| [0, 1].map(|i| tables.score(lines[i][line]));
    // From the first line's score rather than from 0.0 + it: the same sum,
    // since no line scores -0.0 (tested).
    (1..4).fold(score(0), |sums, line| add(sums, score(line)))
}

/// Each line's score slid toward its start and toward its end, added in the
/// lines' order.
fn slid_scores(lines: [&Row; 4]) -> [f64; 2] {
    lines[1..].iter().fold(lines[0].slid_scores(), |sums, line| add(sums, line.slid_scores()))
}

fn add(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    [a[0] + b[0], a[1] + b[1]]
}

/// The board moved along its rows.
fn along_rows(tables: &Tables, board: u64, way: Way) -> u64 {
    (0..4).map(|row| u64::from(tables.row(row_of(board, row)).slid(way)) << (16 * row)).fold(0, |a, b| a | b)
}

/// The board whose transposition is `columns`, moved along its columns.
fn along_columns(tables: &Tables, columns: u64, way: Way) -> u64 {
    spread(lines_of(columns).map(|col| tables.row(col)), way)
}

/// The lines moved one way, line `i` laid out as column `i` of a board: the
/// board moved along its columns when the lines are its columns, the moved
/// board's transposition when they are its rows.
fn spread(lines: [&Row; 4], way: Way) -> u64 {
    (0..4).map(|i| lines[i].spread(way) << (4 * i)).fold(0, |a, b| a | b)
}

impl Packed {
    /// The board packed, when it is 4×4 and no tile of 65536 can appear
    /// within `spawns` spawns of at most `largest_spawn` each: a tile is never
    /// more than the sum of the board, which only spawns increase.
    pub(crate) fn fits(board: &Board, spawns: u32, largest_spawn: u64) -> Option<Packed> {
        let headroom = u128::from(spawns) * u128::from(largest_spawn);
        if board.height() != 4 || board.width() != 4 || board.sum() + headroom >= 1 << 16 {
            return None;
        }
        let cells = board.exponents().as_slice();
        Some(Packed((0..16).map(|i| u64::from(cells[i]) << (4 * i)).fold(0, |a, b| a | b)))
    }

    #[cfg(test)]
    pub(crate) fn to_board(self) -> Board {
        let cells = (0..16).map(|i| ((self.0 >> (4 * i)) & 0xf) as u8).collect();
        Board::from_exponents(grid_core::Grid::from_vec(4, 4, cells).expect("16 cells")).expect("exponents up to 15")
    }
}

impl Position for Packed {
    type Key = Key;

    fn key(&self) -> Key {
        Key(self.0)
    }

    fn class_key(&self) -> Key {
        // The transposes of the board's mirror images are the mirror images
        // of its transpose: one transposition makes all eight.
        let least_flip = |x: u64| {
            let rows = flip_rows(x);
            x.min(rows).min(flip_columns(x)).min(flip_columns(rows))
        };
        Key(least_flip(self.0).min(least_flip(transpose(self.0))))
    }

    fn each_cell(&self) -> impl Iterator<Item = u8> + '_ {
        (0..16).map(|cell| ((self.0 >> (4 * cell)) & 0xf) as u8)
    }

    fn after(&self, direction: Direction) -> Option<Packed> {
        let (tables, board) = (tables(), self.0);
        let moved = match direction {
            Direction::Up => along_columns(tables, transpose(board), Way::TowardStart),
            Direction::Down => along_columns(tables, transpose(board), Way::TowardEnd),
            Direction::Left => along_rows(tables, board, Way::TowardStart),
            Direction::Right => along_rows(tables, board, Way::TowardEnd),
        };
        (moved != board).then_some(Packed(moved))
    }

    fn after_each(&self) -> [Option<Packed>; 4] {
        // Up and down share one transposition.
        let (tables, board) = (tables(), self.0);
        let columns = transpose(board);
        let changed = |moved: u64| (moved != board).then_some(Packed(moved));
        [
            changed(along_columns(tables, columns, Way::TowardStart)),
            changed(along_columns(tables, columns, Way::TowardEnd)),
            changed(along_rows(tables, board, Way::TowardStart)),
            changed(along_rows(tables, board, Way::TowardEnd)),
        ]
    }

    fn empty_count(&self) -> usize {
        empty_nibbles(self.0).count_ones() as usize
    }

    fn sum_from(&self, smallest: u8) -> u128 {
        // Sixteen tiles of at most 2^15: a u64 holds their sum.
        u128::from(self.each_cell().filter(|&exponent| exponent >= smallest).map(value_of).sum::<u64>())
    }

    fn for_each_empty(&self, mut visit: impl FnMut(usize)) {
        let mut empty = empty_nibbles(self.0);
        while empty != 0 {
            visit(empty.trailing_zeros() as usize / 4);
            empty &= empty - 1;
        }
    }

    fn with(&self, cell: usize, exponent: u8) -> Packed {
        Packed(self.0 | u64::from(exponent) << (4 * cell))
    }

    fn best_leaf(&self, lost: f64) -> f64 {
        // As the trait's, with no move transposed: a move's value is its
        // rows' scores plus its columns'. Along the rows, the moved rows'
        // scores are read from the rows themselves (`slid_scores`) and the
        // moved board's columns are its rows' spreads shifted into place;
        // along the columns, the same on the transposed board. Each line's
        // `Row` is read once for the four moves, and the two moves along an
        // axis are added side by side, each in the reference's order.
        let tables = tables();
        let board = self.0;
        let columns = transpose(board);
        let rows = lines_of(board).map(|row| tables.row(row));
        let cols = lines_of(columns).map(|col| tables.row(col));
        let ways = [Way::TowardStart, Way::TowardEnd];
        let vertical = ways.map(|way| spread(cols, way));
        let horizontal = ways.map(|way| spread(rows, way));
        let vertical_values = add(scores_of_lines(tables, vertical), slid_scores(cols));
        let horizontal_values = add(slid_scores(rows), scores_of_lines(tables, horizontal));
        // A lost board's value (0 on the word, whose tiles are all within
        // nneonneo's) is the best's start.
        let mut best = lost;
        for way in 0..2 {
            for (value, moved, unmoved) in
                [(vertical_values[way], vertical[way], board), (horizontal_values[way], horizontal[way], columns)]
            {
                // A move that changes nothing is not legal: it counts as
                // none, as that start does.
                let value = if moved != unmoved { value } else { lost };
                if value > best {
                    best = value;
                }
            }
        }
        best
    }

    fn heuristic(&self) -> f64 {
        let tables = tables();
        let [rows, columns] = scores_of_lines(tables, [self.0, transpose(self.0)]);
        rows + columns
    }
}
