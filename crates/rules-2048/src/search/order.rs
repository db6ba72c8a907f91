//! The order the moves are tried in.

use grid_core::{Axis, Direction};

/// The order to try the moves in: those that grow the largest tile first (the
/// best then rises early and cuts more), otherwise up, down, left, right. The
/// parallel split uses it too, so that its tasks come in the sequential order.
#[inline]
pub(super) fn move_order(grows: [bool; 2]) -> [Direction; 4] {
    if grows[Axis::Rows] && !grows[Axis::Columns] {
        [Direction::Left, Direction::Right, Direction::Up, Direction::Down]
    } else {
        Direction::ALL
    }
}
