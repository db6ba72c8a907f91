//! A 4×4 board in one `u64`, four bits a cell, moved and scored through
//! tables of the 65,536 possible rows (the representation of nneonneo's
//! 2048-ai). Four bits hold exponents up to 15 (32768): the engine chooses
//! this representation only when no tile of 65536 can appear within its
//! search (see `Packed::fits`), so nothing is ever capped or merged wrongly.

use std::sync::OnceLock;

use grid_core::Direction;

use super::heuristic::line_score;
use super::position::Position;
use crate::board::Board;
use crate::rule::slide_in_place;

/// Cell `4 · row + col` in bits `4 · (4 · row + col)` and up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Packed(pub(crate) u64);

/// Indexed by a row's 16 bits: fixed-size arrays, so that no lookup is
/// bounds-checked.
pub(super) struct Tables {
    /// A row slid toward column 0, and toward column 3.
    pub(super) left: Box<[u16; 1 << 16]>,
    pub(super) right: Box<[u16; 1 << 16]>,
    /// The heuristic's line score of a row (or of a column, read top down),
    /// rounded to `f32` as the heuristic defines it, kept widened.
    pub(super) score: Box<[f64; 1 << 16]>,
}

pub(super) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut left: Box<[u16; 1 << 16]> = vec![0u16; 1 << 16].try_into().expect("65,536 rows");
        let mut right: Box<[u16; 1 << 16]> = vec![0u16; 1 << 16].try_into().expect("65,536 rows");
        let mut score: Box<[f64; 1 << 16]> = vec![0f64; 1 << 16].try_into().expect("65,536 rows");
        for row in 0..=u16::MAX {
            let cells = nibbles(row);
            left[usize::from(row)] = slid(cells, Direction::Left);
            right[usize::from(row)] = slid(cells, Direction::Right);
            score[usize::from(row)] = f64::from(line_score(cells) as f32);
        }
        Tables { left, right, score }
    })
}

fn nibbles(row: u16) -> [u8; 4] {
    [0, 1, 2, 3].map(|i| ((row >> (4 * i)) & 0xf) as u8)
}

/// The row slid by the rule itself; a merge past 15 (two 32768s), which
/// `Packed::fits` rules out, is stored capped and never read.
fn slid(cells: [u8; 4], direction: Direction) -> u16 {
    let mut line = cells.to_vec();
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
    type Key = u64;

    fn key(&self) -> u64 {
        self.0
    }

    fn after(&self, direction: Direction) -> Option<Packed> {
        let tables = tables();
        let board = self.0;
        let moved = match direction {
            Direction::Left | Direction::Right => {
                let table = if direction == Direction::Left { &tables.left } else { &tables.right };
                (0..4).map(|row| u64::from(table[row_of(board, row)]) << (16 * row)).fold(0, |a, b| a | b)
            }
            Direction::Up | Direction::Down => {
                let table = if direction == Direction::Up { &tables.left } else { &tables.right };
                let columns = transpose(board);
                (0..4).map(|col| unpack_column(table[row_of(columns, col)]) << (4 * col)).fold(0, |a, b| a | b)
            }
        };
        (moved != board).then_some(Packed(moved))
    }

    fn after_each(&self) -> [Option<Packed>; 4] {
        // Up and down share one transposition.
        let tables = tables();
        let board = self.0;
        let columns = transpose(board);
        let along_rows = |table: &[u16; 1 << 16]| {
            (0..4).map(|row| u64::from(table[row_of(board, row)]) << (16 * row)).fold(0, |a, b| a | b)
        };
        let along_columns = |table: &[u16; 1 << 16]| {
            (0..4).map(|col| unpack_column(table[row_of(columns, col)]) << (4 * col)).fold(0, |a, b| a | b)
        };
        let changed = |moved: u64| (moved != board).then_some(Packed(moved));
        [
            changed(along_columns(&tables.left)),
            changed(along_columns(&tables.right)),
            changed(along_rows(&tables.left)),
            changed(along_rows(&tables.right)),
        ]
    }

    fn empty_count(&self) -> usize {
        empty_nibbles(self.0).count_ones() as usize
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

    fn best_leaf(&self) -> f64 {
        // As the trait's, with the moves' work shared: a move along the
        // columns makes the new columns, so only its rows need transposing;
        // a move along the rows, only its columns.
        let tables = tables();
        let sum = |lines: [usize; 4]| lines.map(|line| tables.score[line]).into_iter().fold(0.0, |a, b| a + b);
        let lines_of = |word: u64| [0, 1, 2, 3].map(|line| row_of(word, line));
        let word_of = |lines: [usize; 4]| (0..4).map(|i| (lines[i] as u64) << (16 * i)).fold(0, |a, b| a | b);
        let board = self.0;
        let columns = transpose(board);
        let mut best = 0.0;
        for table in [&tables.left, &tables.right] {
            let new_columns = lines_of(columns).map(|column| usize::from(table[column]));
            let moved_columns = word_of(new_columns);
            if moved_columns != columns {
                let value = sum(lines_of(transpose(moved_columns))) + sum(new_columns);
                if value > best {
                    best = value;
                }
            }
            let new_rows = lines_of(board).map(|row| usize::from(table[row]));
            let moved = word_of(new_rows);
            if moved != board {
                let value = sum(new_rows) + sum(lines_of(transpose(moved)));
                if value > best {
                    best = value;
                }
            }
        }
        best
    }

    fn heuristic(&self) -> f64 {
        let score = &tables().score;
        let columns = transpose(self.0);
        let rows = (0..4).map(|row| score[row_of(self.0, row)]).fold(0.0, |a, b| a + b);
        let cols = (0..4).map(|col| score[row_of(columns, col)]).fold(0.0, |a, b| a + b);
        rows + cols
    }
}
