//! A 4×4 board one byte a cell, for the boards the 4-bit word cannot hold
//! (a sum that may reach 65536): a line of tiles up to 32768 that cannot merge
//! two of them is moved and scored through the word's row tables, any other
//! line by the rule and the heuristic's definition. The same values as the
//! general board's, at a fraction of its cost (no allocation a move).

use grid_core::Direction;

use super::heuristic::line_score;
use super::packed::{nibbles, tables, Way};
use super::position::{write_least_image, Position};
use crate::board::Board;
use crate::rule::slide_in_place;

/// Cell `4 · row + col` at byte `4 · row + col`: the exponents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Wide([u8; 16]);

/// The cells of line `line` along `direction`'s axis (a row for left and
/// right, a column for up and down), in order from column or row 0.
fn line_cells(direction: Direction, line: usize) -> [usize; 4] {
    match direction {
        Direction::Left | Direction::Right => [0, 1, 2, 3].map(|i| 4 * line + i),
        Direction::Up | Direction::Down => [0, 1, 2, 3].map(|i| 4 * i + line),
    }
}

/// The line as a table row, when the tables hold its move: every tile up to
/// 32768, and no two 32768s (whose merge the tables cap).
fn as_row(line: [u8; 4]) -> Option<u16> {
    let fits = line.iter().all(|&e| e <= 15) && line.iter().filter(|&&e| e == 15).count() < 2;
    fits.then(|| line.iter().enumerate().map(|(i, &e)| u16::from(e) << (4 * i)).fold(0, |a, b| a | b))
}

fn score_of(line: [u8; 4]) -> f64 {
    match as_row(line) {
        Some(row) => tables().score(usize::from(row)),
        None => f64::from(line_score(line) as f32),
    }
}

impl Wide {
    pub(crate) fn of(board: &Board) -> Option<Wide> {
        if (board.height(), board.width()) != (4, 4) {
            return None;
        }
        board.exponents().as_slice().try_into().ok().map(Wide)
    }

    #[cfg(test)]
    pub(crate) fn to_board(self) -> Board {
        Board::from_exponents(grid_core::Grid::from_vec(4, 4, self.0.to_vec()).expect("16 cells")).expect("exponents")
    }
}

impl Position for Wide {
    type Key = u128;

    fn key(&self) -> u128 {
        u128::from_le_bytes(self.0)
    }

    fn class_key(&self) -> u128 {
        let mut cells = [0; 16];
        write_least_image(&self.0, 4, 4, &mut cells);
        u128::from_le_bytes(cells)
    }

    fn each_cell(&self) -> impl Iterator<Item = u8> + '_ {
        self.0.iter().copied()
    }

    fn after(&self, direction: Direction) -> Option<Wide> {
        let tables = tables();
        // The way along each line, as the tables and as the rule name it.
        let (way, rule_way) = match direction {
            Direction::Left | Direction::Up => (Way::TowardStart, Direction::Left),
            Direction::Right | Direction::Down => (Way::TowardEnd, Direction::Right),
        };
        let mut moved = self.0;
        for line in 0..4 {
            let cells = line_cells(direction, line);
            let before = cells.map(|cell| self.0[cell]);
            let after = match as_row(before) {
                Some(row) => nibbles(tables.row(usize::from(row)).slid(way)),
                None => {
                    let mut line = before;
                    // A merge past 2^63 makes no board: no such move.
                    slide_in_place(&mut line, 1, 4, rule_way, |_, _| {}).ok()?;
                    line
                }
            };
            for (cell, exponent) in cells.into_iter().zip(after) {
                moved[cell] = exponent;
            }
        }
        (moved != self.0).then_some(Wide(moved))
    }

    fn with(&self, cell: usize, exponent: u8) -> Wide {
        let mut cells = self.0;
        cells[cell] = exponent;
        Wide(cells)
    }

    fn heuristic(&self) -> f64 {
        let rows =
            (0..4).map(|row| score_of(line_cells(Direction::Left, row).map(|c| self.0[c]))).fold(0.0, |a, b| a + b);
        let cols =
            (0..4).map(|col| score_of(line_cells(Direction::Up, col).map(|c| self.0[c]))).fold(0.0, |a, b| a + b);
        rows + cols
    }
}
