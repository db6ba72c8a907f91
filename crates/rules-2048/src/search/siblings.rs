//! The sibling rule: the moves along an axis that make a sibling's boards again.

use grid_core::{Axis, Direction, Way};

use crate::kernel::AxisMerges;

/// What the other move along the axis of the move that made a board (from
/// the same parent) tells of the board's own moves along that axis.
///
/// When both moves along an axis leave the lines the same
/// (`AxisMerges::same_lines_both_ways`), the two children hold the same tiles
/// in the same order in every line, against opposite walls, and a move along
/// that axis makes the same board from either: each line is moved from the
/// same tiles. The child toward the axis's start is searched first (see
/// `move_order`), the one toward its end next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sibling {
    /// Nothing is known: every move is searched.
    Unrelated,
    /// The sibling, searched first, made the boards this board's moves along
    /// the axis make, at the same depth: they have been dealt with (searched,
    /// or cut by a sound bound against a best no better than now, as the
    /// transposition table assumes), or, where the sibling's own move changed
    /// nothing, they are the sibling, met a move sooner.
    SearchedBefore(Axis),
    /// The sibling is searched next. When this board merges nothing along the
    /// axis, its move toward the start changes nothing and its move toward
    /// the end makes the sibling, which its parent searches next, a move
    /// sooner (or cuts by a sound bound, which then holds a move later too):
    /// neither need be searched.
    SearchedNext(Axis),
}

impl Sibling {
    /// What the child `direction` makes learns from its sibling, given what
    /// moves along its axis merge.
    #[inline]
    pub(super) fn of_child(merges: &AxisMerges, direction: Direction) -> Sibling {
        match (merges.same_lines_both_ways, direction.way()) {
            (false, _) => Sibling::Unrelated,
            (true, Way::TowardStart) => Sibling::SearchedNext(direction.axis()),
            (true, Way::TowardEnd) => Sibling::SearchedBefore(direction.axis()),
        }
    }

    /// The axis whose moves are known to be left out before the board's own
    /// merges are counted.
    #[inline]
    pub(super) fn searched_before(self) -> Option<Axis> {
        match self {
            Sibling::SearchedBefore(axis) => Some(axis),
            _ => None,
        }
    }

    /// The axis whose moves are left out, given what the board's moves along
    /// each axis merge.
    #[inline]
    pub(super) fn axis_done(self, merges: &[AxisMerges; 2]) -> Option<Axis> {
        match self {
            Sibling::SearchedBefore(axis) => Some(axis),
            Sibling::SearchedNext(axis) if merges[axis].by_exponent == [0; 64] => Some(axis),
            _ => None,
        }
    }
}

/// Pairs along the rows and along the columns, with those along `axis_done`
/// (whose moves need not be searched) counted as none.
#[inline]
pub(super) fn without(axis_done: Option<Axis>, (rows, columns): (usize, usize)) -> (usize, usize) {
    match axis_done {
        Some(Axis::Rows) => (0, columns),
        Some(Axis::Columns) => (rows, 0),
        None => (rows, columns),
    }
}
