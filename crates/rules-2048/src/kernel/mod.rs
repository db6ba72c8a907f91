//! The search's board operations — the move, the merge counts and the pair
//! readings — behind one interface, [`Kernel`], chosen once per search.
//!
//! Two backends compute the same answers:
//! - `portable`: up to 32 lines side by side, a cell of each at a time, with
//!   no branch on the tiles (vector instructions the compiler picks on any
//!   processor); it runs every board, and falls back to the line-at-a-time
//!   move of `rule` for lines over 255 cells and for moves that overflow;
//! - `avx512`: a line per vector register with AVX-512 VBMI2, for boards of at
//!   most 32 cells a side on processors that have it. Its detection token
//!   ([`Avx512`]) is the only way to call it, and its file holds the crate's
//!   only `unsafe`.
//!
//! Both read and write the layout of `layout` ([`Laned`]). `tests` compares
//! the rule, the portable backend and the AVX-512 one on random boards.
//!
//! The environment variable `RULES_2048_NO_AVX512` makes every search take
//! the portable backend, to test or measure it on a processor with AVX-512.

mod avx512;
mod layout;
mod portable;
#[cfg(test)]
mod tests;

use std::ops::RangeInclusive;

use grid_core::{Axis, Direction};

pub(crate) use avx512::Avx512;
pub(crate) use layout::Laned;
pub(crate) use portable::{pairs_of, slide_into, Landings};

use crate::rule::slide_in_place;

/// Which backend a search moves and reads its boards with; chosen once, for
/// one board size, by [`Kernel::for_board`].
#[derive(Debug, Clone, Copy)]
pub(crate) enum Kernel {
    /// Lines side by side, on any processor and board.
    Portable,
    /// A line a vector register; the token proves the processor has the
    /// features, and the board fits 32 cells a side.
    Avx512(Avx512),
}

impl Kernel {
    /// The fastest backend for a `height × width` board on this processor.
    #[inline]
    pub(crate) fn for_board(height: usize, width: usize) -> Kernel {
        match Avx512::detect() {
            Some(token) if Avx512::fits(height, width) => Kernel::Avx512(token),
            _ => Kernel::Portable,
        }
    }

    /// Whether [`Kernel::slide_for_search`] leaves the moved board's lines in
    /// lanes, as the AVX-512 backend does: then a board it makes needs no
    /// gathering, and a search keeps every board's lines (gathering only the
    /// boards it places itself).
    #[inline]
    pub(crate) fn keeps_lines(self) -> bool {
        matches!(self, Kernel::Avx512(_))
    }

    /// Bytes a [`Laned`] holds for a `height × width` board's two axes with
    /// this backend (the AVX-512 one keeps 32 lines in each).
    pub(crate) fn laned_bytes(self, height: usize, width: usize) -> usize {
        Laned::bytes(height, width, self.keeps_lines())
    }

    /// The search's move of `source`, whose lines `laned` holds along the
    /// move's axis (both axes where [`Kernel::keeps_lines`]), into `target`,
    /// telling no merges (the walk over the merging lanes would take a branch
    /// on the tiles every step); whether anything changed. Where
    /// [`Kernel::keeps_lines`], the moved board's lines are put in
    /// `moved_lines` on the way. On overflow, the flat index where the
    /// too-large tile would land.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn slide_for_search(
        self,
        laned: &Laned,
        source: &[u8],
        target: &mut [u8],
        moved_lines: &mut Laned,
        height: usize,
        width: usize,
        direction: Direction,
    ) -> Result<bool, usize> {
        match self {
            Kernel::Portable => {
                portable::slide_side_by_side::<false>(laned, source, target, height, width, direction, |_, _| {})
            }
            Kernel::Avx512(token) => match token.slide_into(laned, target, moved_lines, height, width, direction) {
                Some(changed) => Ok(changed),
                // The line-at-a-time move says where, so that both name the same cell.
                None => {
                    target.copy_from_slice(source);
                    slide_in_place(target, height, width, direction, |_, _| {})
                }
            },
        }
    }

    /// What the two moves along `axis` merge on the board whose lines
    /// `laned` holds along it.
    #[inline]
    pub(crate) fn merges_by_exponent(self, laned: &Laned, height: usize, width: usize, axis: Axis) -> AxisMerges {
        match self {
            Kernel::Portable => portable::merges_side_by_side(laned, height, width, axis),
            Kernel::Avx512(token) => token.merges(laned, height, width, axis),
        }
    }

    /// For each exponent of `window` (at most [`WINDOW`] of them), how many
    /// pairs of tiles of it the board would hold along its rows and along its
    /// columns after a move along `axis` toward its start, then toward its
    /// end, found without making either board.
    ///
    /// Each pair is two tiles of the exponent next to each other, empty cells
    /// aside, in a run of them: a run of `k` holds `k / 2`, as [`pairs_of`]
    /// counts them. A tile's landing place is its line and its place in the
    /// line; two tiles are next to each other along the move's axis when they
    /// land one place apart in one line, and across it when they land at the
    /// same place in two lines with every line between them shorter than
    /// that place after the move. The tiles that land as an exponent of the
    /// window are the ones kept as they were, less those a later tile merges
    /// into, and the ones merges make.
    ///
    /// The move toward the end is read from the one toward the start. A run
    /// of `k` equal tiles (empty cells aside) becomes `⌈k/2⌉` tiles either
    /// way, after as many tiles of the line before it: `k / 2` merged tiles
    /// then the odd one toward the start, the odd one then the merged ones
    /// toward the end. A tile `p` places from the start is thus
    /// `length − 1 − p` places from the end, but for the tiles of an odd run
    /// of `k > 1`: its merged tiles are one place nearer the end, its odd one
    /// `k / 2` places further. A run is odd when its last merge is followed,
    /// empty cells aside, by one more equal tile.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn pairs_after(
        self,
        laned: &Laned,
        cells: &[u8],
        height: usize,
        width: usize,
        axis: Axis,
        window: RangeInclusive<u8>,
        scratch: &mut Landings,
    ) -> PairsAfter {
        let (lowest, highest) = (*window.start(), *window.end());
        debug_assert!(lowest <= highest && ((highest - lowest) as usize) < WINDOW);
        match self {
            Kernel::Portable => portable::pairs_after_side_by_side(laned, cells, height, width, axis, window, scratch),
            Kernel::Avx512(token) => token.pairs_after(laned, height, width, axis, lowest, highest),
        }
    }
}

/// What the two moves along an axis merge, read without making either board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AxisMerges {
    /// The pairs of tiles of each exponent a move along the axis merges:
    /// `by_exponent[x]` pairs of `2^x` tiles. A run of `k` equal tiles in a
    /// line (empty cells aside) merges `k / 2` pairs whichever way the line
    /// moves, so left and right, and up and down, merge the same pairs.
    pub(crate) by_exponent: [u32; 64],
    /// Whether both moves leave every line with the same tiles in the same
    /// order (against opposite walls): they do unless a line holds a run of
    /// an odd number, three or more, of equal tiles, whose odd tile stays at
    /// the run's far end from the wall (`2 2 2` makes `4 2` toward the start,
    /// `2 4` toward the end).
    pub(crate) same_lines_both_ways: bool,
}

impl AxisMerges {
    /// What an axis whose moves are not searched is taken to merge.
    pub(crate) const NONE: AxisMerges = AxisMerges { by_exponent: [0; 64], same_lines_both_ways: false };
}

/// The most exponents one [`Kernel::pairs_after`] reads.
pub(crate) const WINDOW: usize = 4;

/// What [`Kernel::pairs_after`] reads for each move along an axis (indexed
/// by its [`Way`](grid_core::Way)) and each exponent of its window, lowest
/// first: the pairs of tiles of that exponent the board then holds along its
/// rows and along its columns (the pairs a move along the rows, or the
/// columns, of that board would merge).
pub(crate) type PairsAfter = [[(usize, usize); WINDOW]; 2];

/// Pairs read along a move's axis and across it, `[way][exponent]`, as
/// [`PairsAfter`] gives them: along the rows and along the columns.
#[inline]
pub(crate) fn as_rows_and_columns(axis: Axis, along_and_across: PairsAfter) -> PairsAfter {
    along_and_across.map(|pairs| {
        pairs.map(|(along, across)| match axis {
            Axis::Rows => (along, across),
            Axis::Columns => (across, along),
        })
    })
}
