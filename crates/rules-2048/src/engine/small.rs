//! A board of up to `N` cells of any shape held in place, its exponents in
//! `N` bytes (16, 32 or 64: 3×3, 2×8, 5×5, 4×8, 8×8, …): a move allocates
//! nothing, and a memo's key is those bytes, compared in a few instructions,
//! where the general board's is a grid on the heap. Moved by the rule's
//! definition and scored by the general board's `board_score`, so the same
//! values to the bit.

use grid_core::Direction;

use super::heuristic::board_score;
use super::leaves::{each_spawned_best_leaf, Scratch};
use super::position::{write_least_image, Position};
use crate::board::Board;
use crate::rule::slide_in_place;

/// The cells row by row, then zeros to the `N`th byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Small<const N: usize> {
    cells: [u8; N],
    height: u8,
    width: u8,
}

impl<const N: usize> Small<N> {
    /// The board, if it has `N` cells or fewer.
    pub(crate) fn of(board: &Board) -> Option<Small<N>> {
        let (height, width) = (board.height(), board.width());
        if height * width > N {
            return None;
        }
        let mut cells = [0; N];
        cells[..height * width].copy_from_slice(board.exponents().as_slice());
        Some(Small { cells, height: height as u8, width: width as u8 })
    }

    #[cfg(test)]
    pub(crate) fn to_board(self) -> Board {
        let (height, width) = self.size();
        let cells = grid_core::Grid::from_vec(height, width, self.board_cells().to_vec()).expect("its cells");
        Board::from_exponents(cells).expect("exponents")
    }

    fn size(&self) -> (usize, usize) {
        (usize::from(self.height), usize::from(self.width))
    }

    /// The board's own cells, without the padding.
    fn board_cells(&self) -> &[u8] {
        let (height, width) = self.size();
        &self.cells[..height * width]
    }
}

impl<const N: usize> Position for Small<N> {
    /// The cells; within one search every board has the same shape.
    type Key = [u8; N];

    fn key(&self) -> [u8; N] {
        self.cells
    }

    fn class_key(&self) -> [u8; N] {
        let (height, width) = self.size();
        let mut cells = [0; N];
        write_least_image(self.board_cells(), height, width, &mut cells[..height * width]);
        cells
    }

    fn each_cell(&self) -> impl Iterator<Item = u8> + '_ {
        self.board_cells().iter().copied()
    }

    fn after(&self, direction: Direction) -> Option<Small<N>> {
        let (height, width) = self.size();
        let mut moved = *self;
        // A merge past 2^63 makes no board: no such move.
        let changed = slide_in_place(&mut moved.cells[..height * width], height, width, direction, |_, _| {}).ok()?;
        changed.then_some(moved)
    }

    fn with(&self, cell: usize, exponent: u8) -> Small<N> {
        let mut spawned = *self;
        spawned.cells[cell] = exponent;
        spawned
    }

    fn heuristic(&self) -> f64 {
        let (height, width) = self.size();
        board_score(self.board_cells(), height, width)
    }

    fn each_spawned_best_leaf(&self, law: &[(u8, f64)], lost: f64, scratch: &mut Scratch, visit: impl FnMut(f64, f64)) {
        let (height, width) = self.size();
        each_spawned_best_leaf(self.board_cells(), height, width, law, lost, scratch, visit);
    }
}
