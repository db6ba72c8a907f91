//! The pairs each move along an axis merges, lines side by side.

use grid_core::{Axis, Way};

use super::bits::marked;
use super::{chunks, Moving};
use crate::kernel::layout::{Geometry, Laned, Lanes, LANES};
use crate::kernel::AxisMerges;

/// `Kernel::merges_by_exponent` with the lines in lanes.
pub(crate) fn merges_side_by_side(laned: &Laned, height: usize, width: usize, axis: Axis) -> AxisMerges {
    let geometry = Geometry::new(height, width, axis.toward(Way::TowardStart));
    let mut by_exponent = [0u32; 64];
    let mut odd_run: Lanes = [0; LANES];
    for (_, _, steps) in chunks(&laned.axes[axis], &geometry) {
        // Only which cells merge matters here, so the byte counts of `written`
        // may wrap on long lines: no length limit.
        let mut moving = Moving::default();
        // Per lane: the exponent of the last tile if it merged (else 0), and
        // whether the last tile is the odd one of a run (equal to the pair
        // merged just before it, with nothing merging into it yet).
        let mut merged_last: Lanes = [0; LANES];
        let mut odd_tail: Lanes = [0; LANES];
        for (step, tiles) in steps.iter().enumerate() {
            let merges = moving.step(tiles, step).merges;
            for lane in 0..LANES {
                let tile = tiles[lane];
                let present = 0u8.wrapping_sub((tile != 0) as u8);
                let kept = present & !merges[lane];
                // A tile that does not merge ends the run before it.
                odd_run[lane] |= kept & odd_tail[lane];
                let after_its_pair = 0u8.wrapping_sub((tile == merged_last[lane]) as u8);
                odd_tail[lane] = (odd_tail[lane] & !present) | (kept & after_its_pair);
                merged_last[lane] = (merged_last[lane] & !present) | (tile & merges[lane]);
            }
            for lane in marked(&merges) {
                by_exponent[tiles[lane] as usize] += 1;
            }
        }
        for lane in 0..LANES {
            odd_run[lane] |= odd_tail[lane];
        }
    }
    AxisMerges { by_exponent, same_lines_both_ways: odd_run == [0; LANES] }
}
