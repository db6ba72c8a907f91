//! The move, lines side by side.

use grid_core::{Direction, Way};

use super::bits::{high_bits, marked};
use super::{chunks, Moving, Step};
use crate::kernel::layout::{Geometry, Laned, Lanes, LANES, LONGEST_LINE};
use crate::rule::{slide_in_place, MAX_EXPONENT};

/// Moves the `height × width` board `source` toward `direction` into
/// `target`, and says whether anything changed; `on_merge` hears the flat
/// index and exponent of every tile a merge makes. On overflow, returns the
/// flat index where the too-large tile would land, as the line-at-a-time move
/// does (`target` is then garbage, and `on_merge` may have heard some merges).
pub(crate) fn slide_into(
    source: &[u8],
    target: &mut [u8],
    height: usize,
    width: usize,
    direction: Direction,
    on_merge: impl FnMut(usize, u8),
) -> Result<bool, usize> {
    let laned = Laned::along(source, height, width, direction.axis());
    slide_side_by_side::<true>(&laned, source, target, height, width, direction, on_merge)
}

/// The move with the lines in lanes, side by side: `laned` must hold
/// `source`'s lines along the move's axis. `on_merge` hears the merges only
/// when `REPORTS_MERGES`.
pub(crate) fn slide_side_by_side<const REPORTS_MERGES: bool>(
    laned: &Laned,
    source: &[u8],
    target: &mut [u8],
    height: usize,
    width: usize,
    direction: Direction,
    mut on_merge: impl FnMut(usize, u8),
) -> Result<bool, usize> {
    let geometry = Geometry::new(height, width, direction);
    let line_by_line = |target: &mut [u8], on_merge: &mut dyn FnMut(usize, u8)| {
        target.copy_from_slice(source);
        slide_in_place(target, height, width, direction, on_merge)
    };
    if geometry.len > LONGEST_LINE {
        return line_by_line(target, &mut on_merge);
    }
    // Cells no tile reaches stay empty.
    target.fill(0);
    let mut changed = false;
    for (first, count, steps) in chunks(&laned.axes[direction.axis()], &geometry) {
        let moved = if direction.way() == Way::TowardStart {
            slide_lanes::<REPORTS_MERGES>(steps.iter(), target, &geometry, first, count, &mut on_merge)
        } else {
            slide_lanes::<REPORTS_MERGES>(steps.iter().rev(), target, &geometry, first, count, &mut on_merge)
        };
        match moved {
            Ok(lanes_changed) => changed |= lanes_changed,
            // The line-at-a-time move says where, so that both name the same cell.
            Err(Overflow) => return line_by_line(target, &mut |_, _| {}),
        }
    }
    Ok(changed)
}

/// A move merged two 2^63 tiles.
struct Overflow;

/// Moves the `count` lines from `first` on, side by side, and says whether
/// anything changed.
///
/// Each lane keeps how many tiles its line has written and the exponent of the
/// last one while it may still merge (`open`, 0 once merged), as the
/// line-at-a-time move does; step `k`'s cell lands at `written`, or at
/// `written − 1` when it merges. An empty cell "lands" too, writing 0 at
/// `written`: no tile is there yet, and a later one overwrites it, so every
/// lane stores once a step and no store waits on a branch.
#[inline]
fn slide_lanes<'a, const REPORTS_MERGES: bool>(
    steps: impl Iterator<Item = &'a Lanes>,
    target: &mut [u8],
    geometry: &Geometry,
    first: usize,
    count: usize,
    on_merge: &mut impl FnMut(usize, u8),
) -> Result<bool, Overflow> {
    let mut moving = Moving::default();
    // Where each lane's line starts, and how far from it each step is: a
    // store is then two look-ups and an add.
    let mut line_start = [0isize; LANES];
    for (lane, start) in line_start[..count].iter_mut().enumerate() {
        *start = geometry.index(first + lane, 0) as isize;
    }
    let mut step_offset = [0isize; LONGEST_LINE + 1];
    for (step, offset) in step_offset[..geometry.len].iter_mut().enumerate() {
        *offset = step as isize * geometry.along;
    }
    let mut landed_bits: Lanes = [0; LANES];
    for (step, tiles) in steps.enumerate() {
        let Step { merges, lands_at, landing } = moving.step(tiles, step);
        for (bits, &tile) in landed_bits.iter_mut().zip(&landing) {
            *bits |= tile;
        }
        if REPORTS_MERGES {
            for lane in marked(&merges) {
                on_merge(geometry.index(first + lane, lands_at[lane] as usize), landing[lane]);
            }
        }
        for ((&start, &at), &tile) in line_start[..count].iter().zip(&lands_at).zip(&landing) {
            target[(start + step_offset[at as usize]) as usize] = tile;
        }
    }
    // Every exponent that landed, OR-ed: only two 2^63 tiles merge into one
    // past 63, the only one with bit 6 set. Tested once, after the steps, so
    // that a search (which hears no merges) takes no branch on merges.
    if landed_bits.iter().any(|&bits| bits > MAX_EXPONENT) {
        return Err(Overflow);
    }
    Ok(high_bits(&moving.changed) != 0)
}
