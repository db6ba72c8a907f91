//! The portable backend: up to [`LANES`] lines moved side by side, one step
//! from the wall at a time, with no branch that depends on the tiles; and the
//! counts of pairs the search reads before it plays a move.
//!
//! The line-at-a-time move in `rule.rs` branches on every cell (empty or not,
//! merging or not); on boards it has not seen before those branches mispredict
//! about once in three cells, and the misses cost more than the work. Here
//! step `k` reads the `k`-th cell of every line at once, computes for each
//! line where that cell lands and what it becomes with byte operations the
//! compiler turns into vector instructions (SSE2 on any x86-64), and stores
//! each line's result with one unconditional store. Only merges, which are
//! few, take a branch, to be reported.
//!
//! Lines longer than 255 cells (a count of tiles must fit a byte) and moves that
//! overflow fall back to the line-at-a-time move, which stays the definition
//! of the rule; `kernel::tests` checks that both agree on random boards.

mod bits;
mod merges;
mod pairs;
mod slide;

#[cfg(test)]
pub(crate) use bits::{high_bits, holds, marked};
pub(crate) use merges::merges_side_by_side;
pub(crate) use pairs::{pairs_after_side_by_side, pairs_of, Landings};
pub(crate) use slide::{slide_into, slide_side_by_side};

use super::layout::{Geometry, Lanes, LANES};

/// Up to [`LANES`] lines part way through a move: how many tiles each has
/// written, the exponent of its last one while that may still merge (`open`,
/// 0 once merged), as the line-at-a-time move keeps them, and whether
/// anything moved.
#[derive(Default)]
pub(crate) struct Moving {
    pub(crate) written: Lanes,
    open: Lanes,
    pub(crate) changed: Lanes,
}

/// What one step does in each lane: whether its cell merges (0xFF) with the
/// lane's open tile, the place in its line the cell lands at (`written`, or
/// `written − 1` when it merges) and what it becomes there.
pub(crate) struct Step {
    pub(crate) merges: Lanes,
    pub(crate) lands_at: Lanes,
    pub(crate) landing: Lanes,
}

impl Moving {
    /// Takes in step `step`'s cells, one a lane (0 for empty).
    #[inline(always)]
    pub(crate) fn step(&mut self, tiles: &Lanes, step: usize) -> Step {
        let mut merges: Lanes = [0; LANES];
        let mut lands_at: Lanes = [0; LANES];
        let mut landing: Lanes = [0; LANES];
        for lane in 0..LANES {
            let tile = tiles[lane];
            let present = 0u8.wrapping_sub((tile != 0) as u8);
            merges[lane] = present & 0u8.wrapping_sub((tile == self.open[lane]) as u8);
            let one = merges[lane] & 1;
            lands_at[lane] = self.written[lane].wrapping_sub(one);
            landing[lane] = tile.wrapping_add(one);
            self.changed[lane] |= merges[lane] | (present & 0u8.wrapping_sub((lands_at[lane] != step as u8) as u8));
            self.written[lane] = self.written[lane].wrapping_add(present & 1).wrapping_sub(one);
            // 0 after a merge, the tile after a tile, unchanged after a gap.
            self.open[lane] = (self.open[lane] & !present) | (tile & present & !merges[lane]);
        }
        Step { merges, lands_at, landing }
    }
}

/// The chunks of lines in `steps` laid out as `geometry` says: (first line,
/// number of lines, the chunk's steps).
pub(crate) fn chunks<'a>(steps: &'a [Lanes], geometry: &Geometry) -> impl Iterator<Item = (usize, usize, &'a [Lanes])> {
    let lines = geometry.lines;
    steps.chunks_exact(geometry.len.max(1)).enumerate().map(move |(chunk, steps)| {
        let first = chunk * LANES;
        (first, LANES.min(lines - first), steps)
    })
}
