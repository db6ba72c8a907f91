//! The pairs of tiles a board holds after a move, read without making it;
//! and the plain count of pairs on a board.

use grid_core::{Axis, Way};

use super::bits::{holds, marked};
use super::{chunks, Moving, Step};
use crate::kernel::layout::{Geometry, Laned, Lanes, LANES, LONGEST_LINE};
use crate::kernel::{as_rows_and_columns, PairsAfter, WINDOW};
use crate::rule::slide_in_place;

/// A tile landing on a move toward an axis's start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Landing {
    line: u32,
    place: u8,
    exponent: u8,
    how: Arrival,
    /// The step of the cell that lands (the second of a merged pair).
    step: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Arrival {
    /// A tile that lands without merging (a later tile may still merge into
    /// it, which then lands at the same place as made).
    Kept,
    /// The tile a merge makes.
    Made,
}

/// `Kernel::pairs_after` with the lines in lanes.
pub(crate) fn pairs_after_side_by_side(
    laned: &Laned,
    cells: &[u8],
    height: usize,
    width: usize,
    axis: Axis,
    window: std::ops::RangeInclusive<u8>,
    scratch: &mut Landings,
) -> PairsAfter {
    let (lowest, highest) = (*window.start(), *window.end());
    let directions = Way::BOTH.map(|way| axis.toward(way));
    let geometry = Geometry::new(height, width, directions[0]);
    if geometry.len > LONGEST_LINE {
        // Places along the line would not fit the lanes' bytes: make both boards.
        return directions.map(|direction| {
            let mut pairs = [(0, 0); WINDOW];
            let mut moved = cells.to_vec();
            if slide_in_place(&mut moved, height, width, direction, |_, _| {}).is_ok() {
                for (exponent, pairs) in window.clone().zip(&mut pairs) {
                    *pairs = pairs_of(&moved, width, exponent);
                }
            }
            pairs
        });
    }
    let Landings { sorted, by_step, lengths, placed, across, odd_tile_shift } = scratch;
    sorted.clear();
    lengths.clear();
    // The tiles that land as an exponent of the window, and those made one
    // above it (a tile kept at their place was merged into).
    let above = highest.wrapping_add(1);
    let steps = &laned.axes[axis];
    for (first, count, steps) in chunks(steps, &geometry) {
        let mut moving = Moving::default();
        by_step.clear();
        for (step, tiles) in steps.iter().enumerate() {
            let Step { merges, lands_at, landing } = moving.step(tiles, step);
            let mut noted: Lanes = [0; LANES];
            for lane in 0..LANES {
                // `&`, not `&&`: every side for every lane, which vectorises.
                let in_window = (landing[lane] >= lowest) & (landing[lane] <= highest);
                let made_above = (landing[lane] == above) & (merges[lane] != 0);
                noted[lane] = 0u8.wrapping_sub(((in_window | made_above) & (tiles[lane] != 0)) as u8);
            }
            // Most steps land no tile of the window: a cheap look before the bits.
            if noted == [0; LANES] {
                continue;
            }
            for lane in marked(&noted) {
                let how = if merges[lane] != 0 { Arrival::Made } else { Arrival::Kept };
                let (line, place, exponent) = ((first + lane) as u32, lands_at[lane], landing[lane]);
                by_step.push(Landing { line, place, exponent, how, step: step as u8 });
            }
        }
        lengths.extend_from_slice(&moving.written[..count]);
        // By line (a counting sort on the chunk's lanes); each line's landings
        // are already in step order, hence place order.
        let mut starts = [0usize; LANES + 1];
        for landing in by_step.iter() {
            starts[landing.line as usize - first + 1] += 1;
        }
        for lane in 0..LANES {
            starts[lane + 1] += starts[lane];
        }
        let offset = sorted.len();
        sorted.resize(offset + by_step.len(), Landing { line: 0, place: 0, exponent: 0, how: Arrival::Kept, step: 0 });
        for landing in by_step.iter() {
            let start = &mut starts[landing.line as usize - first];
            sorted[offset + *start] = *landing;
            *start += 1;
        }
    }
    // Where a tile was merged into, the tile made there (by a later step, so
    // after it) is what stays.
    sorted.dedup_by(|later, earlier| {
        let same_place = (later.line, later.place) == (earlier.line, earlier.place);
        if same_place {
            *earlier = *later;
        }
        same_place
    });
    // Toward the start: every tile of the window, by line and place.
    let in_window = sorted.iter().filter(|landing| landing.exponent <= highest);
    let toward_start =
        count_pairs(in_window.map(|landing| (landing.exponent, landing.line, landing.place)), across, lengths, lowest);
    // Toward the end: the odd tile of a run sits after its merged tiles, as
    // many places on as there are of them (walking each line from its start)...
    odd_tile_shift.clear();
    odd_tile_shift.resize(sorted.len(), 0);
    let mut made_before: Option<(u32, u8, u8, u8)> = None; // line, place, exponent, how many
    for (index, landing) in sorted.iter().enumerate() {
        if landing.how == Arrival::Made {
            let run = match made_before {
                Some((line, place, exponent, run))
                    if (line, place + 1, exponent) == (landing.line, landing.place, landing.exponent) =>
                {
                    run + 1
                }
                _ => 1,
            };
            made_before = Some((landing.line, landing.place, landing.exponent, run));
            continue;
        }
        if let Some((line, place, exponent, run)) = made_before {
            if (line, place + 1, exponent) == (landing.line, landing.place, landing.exponent + 1) {
                odd_tile_shift[index] = run;
            }
        }
        made_before = None;
    }
    // ... and the merged tiles of an odd run sit one place nearer the end
    // (walking each line from its end).
    let next_tile = |line: u32, after: u8| {
        let (chunk, lane) = (line as usize / LANES, line as usize % LANES);
        let rest = &steps[chunk * geometry.len..(chunk + 1) * geometry.len][after as usize + 1..];
        rest.iter().map(|tiles| tiles[lane]).find(|&tile| tile != 0)
    };
    placed.clear();
    let mut made_after: Option<(u32, u8, u8, bool)> = None; // line, place, exponent, odd run
    for (index, landing) in sorted.iter().enumerate().rev() {
        let Landing { line, place, exponent, how, step } = *landing;
        let in_odd_run = how == Arrival::Made
            && match made_after {
                Some((made_line, made_place, made_exponent, odd))
                    if (made_line, made_place, made_exponent) == (line, place + 1, exponent) =>
                {
                    odd
                }
                _ => next_tile(line, step) == Some(exponent - 1),
            };
        made_after = (how == Arrival::Made).then_some((line, place, exponent, in_odd_run));
        if exponent <= highest {
            let from_end = lengths[line as usize] - 1 - place - in_odd_run as u8 + odd_tile_shift[index];
            placed.push((line as u64) << 16 | (from_end as u64) << 8 | exponent as u64);
        }
    }
    // Lines came from the last; within a line, places are out of order only
    // inside odd runs: nearly sorted, which the standard sort finds quickly.
    placed.reverse();
    placed.sort();
    let by_line_and_place = placed.iter().map(|&key| ((key & 0xFF) as u8, (key >> 16) as u32, (key >> 8) as u8));
    let toward_end = count_pairs(by_line_and_place, across, lengths, lowest);
    as_rows_and_columns(axis, [toward_start, toward_end])
}

/// Scratch space for `Kernel::pairs_after`.
#[derive(Debug, Default, Clone)]
pub(crate) struct Landings {
    /// The landings of the tiles of the window, by line and place.
    sorted: Vec<Landing>,
    /// Those of one chunk of lanes, as the steps find them.
    by_step: Vec<Landing>,
    /// Every line's length after the move (either way along the axis: its
    /// tiles less its merges).
    lengths: Vec<u8>,
    /// The tiles of the window after the move toward the end, each packed as
    /// line, place, exponent (a key to sort by line and place).
    placed: Vec<u64>,
    across: Across,
    /// How many places further from the end than `length − 1 − place` each
    /// landing is on the move toward the end.
    odd_tile_shift: Vec<u8>,
}

impl Landings {
    /// The most bytes the scratch holds for a board of `cells` cells: every
    /// tile may be of the window, noted once, sorted once and placed once.
    pub(crate) fn bytes(cells: usize) -> usize {
        let per_tile = 2 * std::mem::size_of::<Landing>() + std::mem::size_of::<u64>() + 2;
        cells * per_tile
            + std::mem::size_of::<Across>()
            + WINDOW * (LONGEST_LINE + 1) * std::mem::size_of::<(u32, u32)>()
    }
}

/// Runs of tiles one place apart in a line, taken in order along each line:
/// a run of `k` holds `k / 2` pairs.
#[derive(Default)]
struct Run {
    line: u32,
    last_place: u8,
    length: usize,
}

impl Run {
    /// Takes a tile at `place` in `line`; returns the pairs of a run it ends.
    fn take(&mut self, line: u32, place: u8) -> usize {
        let continues = self.length > 0 && self.line == line && place.abs_diff(self.last_place) == 1;
        let ended = if continues { 0 } else { self.finish() };
        self.line = line;
        self.last_place = place;
        self.length += 1;
        ended
    }

    /// Ends the run under way; returns its pairs.
    fn finish(&mut self) -> usize {
        std::mem::take(&mut self.length) / 2
    }
}

/// The pairs of tiles of each exponent from `lowest` on among `tiles`
/// (exponent, line, place), given by line and place: along the lines (one
/// place apart in a line) and across them (at one place in two lines with
/// every line between them shorter than that place).
fn count_pairs(
    tiles: impl Iterator<Item = (u8, u32, u8)>,
    across: &mut Across,
    lengths: &[u8],
    lowest: u8,
) -> [(usize, usize); WINDOW] {
    let mut pairs = [(0, 0); WINDOW];
    let mut along: [Run; WINDOW] = Default::default();
    for (exponent, line, place) in tiles {
        let index = (exponent - lowest) as usize;
        pairs[index].0 += along[index].take(line, place);
        pairs[index].1 += across.take(index, line, place, lengths);
    }
    for (index, run) in along.iter_mut().enumerate() {
        pairs[index].0 += run.finish();
        pairs[index].1 += across.finish(index);
    }
    pairs
}

/// Runs of tiles of each exponent of a window across the lines, at each
/// place, the lines taken in order.
#[derive(Debug, Clone)]
pub(crate) struct Across {
    /// For each exponent and place, the last line holding such a tile there
    /// and the length of the run it ends.
    last: Vec<[(u32, u32); LONGEST_LINE + 1]>,
    /// The places with a run under way, by exponent.
    under_way: [Vec<u8>; WINDOW],
}

impl Default for Across {
    fn default() -> Across {
        Across { last: vec![[(0, 0); LONGEST_LINE + 1]; WINDOW], under_way: Default::default() }
    }
}

impl Across {
    /// Takes a tile of the window's `index`-th exponent at `place` in `line`;
    /// returns the pairs of a run it ends.
    fn take(&mut self, index: usize, line: u32, place: u8, lengths: &[u8]) -> usize {
        let (last_line, run) = &mut self.last[index][place as usize];
        if *run == 0 {
            self.under_way[index].push(place);
        }
        let touching =
            *run > 0 && lengths[*last_line as usize + 1..line as usize].iter().all(|&length| length <= place);
        let ended = if touching { 0 } else { std::mem::take(run) as usize / 2 };
        *run += 1;
        *last_line = line;
        ended
    }

    /// Ends the runs under way of the window's `index`-th exponent; returns
    /// their pairs.
    fn finish(&mut self, index: usize) -> usize {
        let mut pairs = 0;
        for place in self.under_way[index].drain(..) {
            pairs += std::mem::take(&mut self.last[index][place as usize].1) as usize / 2;
        }
        pairs
    }
}

/// How many pairs of tiles of exponent `exponent` a move along the rows
/// merges, and how many a move along the columns merges: each run of `k` such
/// tiles in a line, empty cells aside, merges `k / 2` pairs whichever way the
/// line moves. One row-major pass for both; the search asks it of the largest
/// exponent, `pairs_after`'s long-line fallback and the tests of any.
#[inline]
pub(crate) fn pairs_of(cells: &[u8], width: usize, exponent: u8) -> (usize, usize) {
    let (mut in_rows, mut in_columns) = (0, 0);
    // For each column, the length of the run of such tiles ending so far;
    // on the stack for any board the command accepts.
    let mut on_stack = [0usize; 256];
    let mut on_heap = Vec::new();
    let column_run: &mut [usize] = if width <= on_stack.len() {
        &mut on_stack[..width]
    } else {
        on_heap.resize(width, 0);
        &mut on_heap
    };
    // Columns with a run under way; a row without such a tile only matters to
    // them, and most rows of a board hold no largest tile once it has grown.
    let mut open_columns = 0usize;
    for row in cells.chunks_exact(width) {
        if !holds(row, exponent) {
            if open_columns > 0 {
                for (run, &tile) in column_run.iter_mut().zip(row) {
                    if tile != 0 && *run > 0 {
                        in_columns += *run / 2;
                        *run = 0;
                        open_columns -= 1;
                    }
                }
            }
            continue;
        }
        let mut row_run = 0;
        for (run, &tile) in column_run.iter_mut().zip(row) {
            if tile == 0 {
                continue;
            }
            if tile == exponent {
                row_run += 1;
                open_columns += (*run == 0) as usize;
                *run += 1;
            } else {
                in_rows += row_run / 2;
                in_columns += *run / 2;
                open_columns -= (*run > 0) as usize;
                row_run = 0;
                *run = 0;
            }
        }
        in_rows += row_run / 2;
    }
    in_columns += column_run.iter().map(|run| run / 2).sum::<usize>();
    (in_rows, in_columns)
}
