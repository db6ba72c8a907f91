//! The move again, for speed: up to [`LANES`] lines moved side by side, one
//! step from the wall at a time, with no branch that depends on the tiles;
//! and the counts of pairs the search reads before it plays a move.
//!
//! The line-at-a-time move in `board.rs` branches on every cell (empty or not,
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
//! of the rule; the tests below check that both agree on random boards.

use grid_core::{lines_toward, Direction};

use crate::board::{slide_in_place, MAX_EXPONENT};
use crate::wide;

/// How many lines one pass moves side by side: 32 one-byte lanes, two SSE2
/// registers.
const LANES: usize = 32;

type Lanes = [u8; LANES];

/// The two axes, each named by its move toward the start (rows: left,
/// columns: up); the other move along an axis is that one's opposite.
pub(crate) const AXES: [Direction; 2] = [Direction::Left, Direction::Up];

/// Which axis a move is along (an index into [`AXES`]) and which way: 0
/// toward the axis's start, 1 toward its end.
pub(crate) fn axis_and_way(direction: Direction) -> (usize, usize) {
    match direction {
        Direction::Left => (0, 0),
        Direction::Right => (0, 1),
        Direction::Up => (1, 0),
        Direction::Down => (1, 1),
    }
}

/// The longest line the lanes can count the tiles of.
const LONGEST_LINE: usize = u8::MAX as usize;

/// A board's lines along both axes in lanes, gathered once for every read and
/// move made from the board: `axes[a]` holds the lines along `AXES[a]`
/// ([`LANES`] at a time, one chunk after another), step by step from that
/// axis's start (`chunk[k][l]` is the `k`-th cell of the chunk's line `l`;
/// unused lanes hold empty cells). A move toward an axis's end reads the same
/// steps backwards.
///
/// All of a chunk's cells are gathered before any is moved: a vector load of
/// bytes stored just before stalls until the stores retire, and gathering
/// first leaves them time to.
#[derive(Debug, Default, Clone)]
pub(crate) struct Laned {
    axes: [Vec<Lanes>; 2],
}

impl Laned {
    /// The lines of one axis of a board, for a single move or count.
    pub(crate) fn along(cells: &[u8], height: usize, width: usize, axis: usize) -> Laned {
        let mut laned = Laned::default();
        laned.gather_axis(cells, height, width, axis);
        laned
    }

    /// Gathers both axes of a board.
    pub(crate) fn gather(&mut self, cells: &[u8], height: usize, width: usize) {
        self.gather_axis(cells, height, width, 0);
        self.gather_axis(cells, height, width, 1);
    }

    /// Bytes held for a `height × width` board's two axes (`wide` keeps 32
    /// lines in each).
    pub(crate) fn bytes(height: usize, width: usize) -> usize {
        let side_by_side = height.div_ceil(LANES) * width + width.div_ceil(LANES) * height;
        let wide = if wide::usable(height, width) { 2 * LANES } else { 0 };
        side_by_side.max(wide) * LANES
    }

    /// The lines along `axis`, one vector each, for `wide` (which needs the
    /// other axis gathered): step `k` of the other axis holds the `k`-th
    /// cell of every line along it, which is the `k`-th line along this one.
    #[cfg(target_arch = "x86_64")]
    fn lines(&self, height: usize, width: usize, axis: usize) -> &[Lanes] {
        &self.axes[1 - axis][..if axis == 0 { height } else { width }]
    }

    /// Both layouts, 32 lines each, for `wide` to fill with a moved board's
    /// lines (its columns, then its rows, as [`lines`](Laned::lines) reads
    /// them).
    #[cfg(target_arch = "x86_64")]
    fn layouts_for_wide(&mut self) -> [&mut [Lanes; LANES]; 2] {
        self.axes.each_mut().map(|layout| {
            if layout.len() < LANES {
                layout.resize(LANES, [0; LANES]);
            }
            (&mut layout[..LANES]).try_into().expect("32 lines")
        })
    }

    /// Gathers one axis of a board, for the moves and reads along it.
    pub(crate) fn gather_axis(&mut self, cells: &[u8], height: usize, width: usize, axis: usize) {
        let geometry = Geometry::new(height, width, AXES[axis]);
        let steps = &mut self.axes[axis];
        steps.resize(geometry.lines.div_ceil(LANES) * geometry.len, [0; LANES]);
        for (chunk, steps) in steps.chunks_exact_mut(geometry.len).enumerate() {
            let first = chunk * LANES;
            let count = LANES.min(geometry.lines - first);
            if axis == 0 {
                // Rows: each lane's line is contiguous; read it in one go.
                if count < LANES {
                    steps.fill([0; LANES]);
                }
                for (lane, row) in cells.chunks_exact(width).skip(first).take(count).enumerate() {
                    for (step, &cell) in steps.iter_mut().zip(row) {
                        step[lane] = cell;
                    }
                }
                continue;
            }
            // Columns: one step of consecutive lines is part of a row.
            let mut unused: Lanes = [0xFF; LANES];
            unused[..count].fill(0);
            for (row, step) in steps.iter_mut().enumerate() {
                let start = row * width + first;
                // The window may run into the next rows: the mask clears them.
                if let Some(window) = cells.get(start..start + LANES) {
                    // A fixed-size copy, masked, is a pair of vector moves
                    // where a copy of `count` bytes would call memcpy.
                    step.copy_from_slice(window);
                    for (tile, &skip) in step.iter_mut().zip(&unused) {
                        *tile &= !skip;
                    }
                } else {
                    *step = [0; LANES];
                    step[..count].copy_from_slice(&cells[start..start + count]);
                }
            }
        }
    }
}

/// Where the cells of a board's lines are, toward a direction, as
/// `grid_core::lines_toward` lays them out: the cell `k` steps from the wall
/// in line `i` is at `origin + k × along + i × across`.
#[derive(Clone, Copy)]
struct Geometry {
    lines: usize,
    len: usize,
    origin: isize,
    along: isize,
    across: isize,
}

impl Geometry {
    fn new(height: usize, width: usize, direction: Direction) -> Geometry {
        let lines = lines_toward(height, width, direction);
        let first = lines.line(0);
        let origin = first.start() as isize;
        // Up and down: consecutive lines are neighbouring columns, one cell apart.
        let across = if lines.len() > 1 { lines.line(1).start() as isize - origin } else { 1 };
        Geometry { lines: lines.len(), len: first.len(), origin, along: first.stride(), across }
    }

    #[inline]
    fn index(&self, line: usize, step: usize) -> usize {
        (self.origin + step as isize * self.along + line as isize * self.across) as usize
    }
}

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
    let laned = Laned::along(source, height, width, axis_and_way(direction).0);
    slide_side_by_side::<true>(&laned, source, target, height, width, direction, on_merge)
}

/// Whether [`slide_for_search`] leaves the moved board's lines in lanes, as
/// `wide` does: then a board it makes needs no gathering, and a search keeps
/// every board's lines (gathering only the boards it places itself).
pub(crate) fn moves_keep_lines(height: usize, width: usize) -> bool {
    wide::usable(height, width)
}

/// The search's move of `source`, whose lines `laned` holds along the move's
/// axis (both axes where [`moves_keep_lines`]), into `target`, telling no
/// merges (the walk over the merging lanes would take a branch on the tiles
/// every step); whether anything changed. Where [`moves_keep_lines`], the
/// moved board's lines are put in `moved_lines` on the way.
pub(crate) fn slide_for_search(
    laned: &Laned,
    source: &[u8],
    target: &mut [u8],
    moved_lines: &mut Laned,
    height: usize,
    width: usize,
    direction: Direction,
) -> Result<bool, usize> {
    #[cfg(target_arch = "x86_64")]
    if wide::usable(height, width) {
        let (axis, way) = axis_and_way(direction);
        let (lines, layouts) = (laned.lines(height, width, axis), moved_lines.layouts_for_wide());
        // SAFETY: `usable` checked that the processor has the features.
        return match unsafe { wide::slide_into(lines, target, height, width, axis, way, layouts) } {
            Some(changed) => Ok(changed),
            // The line-at-a-time move says where, so that both name the same cell.
            None => {
                target.copy_from_slice(source);
                slide_in_place(target, height, width, direction, |_, _| {})
            }
        };
    }
    let _ = moved_lines;
    slide_side_by_side::<false>(laned, source, target, height, width, direction, |_, _| {})
}

/// The move with the lines in lanes, side by side: `laned` must hold
/// `source`'s lines along the move's axis. `on_merge` hears the merges only
/// when `REPORTS_MERGES`.
fn slide_side_by_side<const REPORTS_MERGES: bool>(
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
    let (axis, way) = axis_and_way(direction);
    for (first, count, steps) in chunks(&laned.axes[axis], &geometry) {
        let moved = if way == 0 {
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

/// Up to [`LANES`] lines part way through a move: how many tiles each has
/// written, the exponent of its last one while that may still merge (`open`,
/// 0 once merged), as the line-at-a-time move keeps them, and whether
/// anything moved.
#[derive(Default)]
struct Moving {
    written: Lanes,
    open: Lanes,
    changed: Lanes,
}

/// What one step does in each lane: whether its cell merges (0xFF) with the
/// lane's open tile, the place in its line the cell lands at (`written`, or
/// `written − 1` when it merges) and what it becomes there.
struct Step {
    merges: Lanes,
    lands_at: Lanes,
    landing: Lanes,
}

impl Moving {
    /// Takes in step `step`'s cells, one a lane (0 for empty).
    #[inline(always)]
    fn step(&mut self, tiles: &Lanes, step: usize) -> Step {
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

/// [`AxisMerges`] for the lines along `AXES[axis]`.
pub(crate) fn merges_by_exponent(laned: &Laned, height: usize, width: usize, axis: usize) -> AxisMerges {
    #[cfg(target_arch = "x86_64")]
    if wide::usable(height, width) {
        // SAFETY: `usable` checked that the processor has the features.
        return unsafe { wide::merges(laned.lines(height, width, axis)) };
    }
    merges_side_by_side(laned, height, width, axis)
}

/// [`merges_by_exponent`] with the lines in lanes.
fn merges_side_by_side(laned: &Laned, height: usize, width: usize, axis: usize) -> AxisMerges {
    let geometry = Geometry::new(height, width, AXES[axis]);
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

/// The chunks of lines in `steps` laid out as `geometry` says: (first line,
/// number of lines, the chunk's steps).
fn chunks<'a>(steps: &'a [Lanes], geometry: &Geometry) -> impl Iterator<Item = (usize, usize, &'a [Lanes])> {
    let lines = geometry.lines;
    steps.chunks_exact(geometry.len.max(1)).enumerate().map(move |(chunk, steps)| {
        let first = chunk * LANES;
        (first, LANES.min(lines - first), steps)
    })
}

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

/// The most exponents one [`pairs_after`] reads.
pub(crate) const WINDOW: usize = 4;

/// What [`pairs_after`] reads for each move along an axis (toward its start,
/// then toward its end) and each exponent of its window, lowest first: the
/// pairs of tiles of that exponent the board then holds along its rows and
/// along its columns (the pairs a move along the rows, or the columns, of
/// that board would merge).
pub(crate) type PairsAfter = [[(usize, usize); WINDOW]; 2];

/// For each exponent of `window` (at most [`WINDOW`] of them), how many pairs
/// of tiles of it the board would hold along its rows and along its columns
/// after a move along `AXES[axis]` toward its start, then toward its end,
/// found without making either board.
///
/// Each pair is two tiles of the exponent next to each other, empty cells
/// aside, in a run of them: a run of `k` holds `k / 2`, as `pairs_of`
/// counts them. A tile's landing place is its line and its place in the line;
/// two tiles are next to each other along the move's axis when they land one
/// place apart in one line, and across it when they land at the same place in
/// two lines with every line between them shorter than that place after the
/// move. The tiles that land as an exponent of the window are the ones kept
/// as they were, less those a later tile merges into, and the ones merges
/// make.
///
/// The move toward the end is read from the one toward the start. A run of
/// `k` equal tiles (empty cells aside) becomes `⌈k/2⌉` tiles either way,
/// after as many tiles of the line before it: `k / 2` merged tiles then the
/// odd one toward the start, the odd one then the merged ones toward the end.
/// A tile `p` places from the start is thus `length − 1 − p` places from the
/// end, but for the tiles of an odd run of `k > 1`: its merged tiles are one
/// place nearer the end, its odd one `k / 2` places further. A run is odd when
/// its last merge is followed, empty cells aside, by one more equal tile.
pub(crate) fn pairs_after(
    laned: &Laned,
    cells: &[u8],
    height: usize,
    width: usize,
    axis: usize,
    window: std::ops::RangeInclusive<u8>,
    scratch: &mut Landings,
) -> PairsAfter {
    let (lowest, highest) = (*window.start(), *window.end());
    debug_assert!(lowest <= highest && ((highest - lowest) as usize) < WINDOW);
    #[cfg(target_arch = "x86_64")]
    if wide::usable(height, width) {
        let len = if axis == 0 { width } else { height };
        // SAFETY: `usable` checked that the processor has the features.
        return unsafe { wide::pairs_after(laned.lines(height, width, axis), len, axis, lowest, highest) };
    }
    pairs_after_side_by_side(laned, cells, height, width, axis, window, scratch)
}

/// Pairs read along a move's axis and across it, `[way][exponent]`, as
/// [`PairsAfter`] gives them: along the rows and along the columns (rows
/// are the lines of a move along the first axis, columns of the second).
pub(crate) fn as_rows_and_columns(axis: usize, along_and_across: PairsAfter) -> PairsAfter {
    along_and_across.map(|pairs| pairs.map(|(along, across)| if axis == 0 { (along, across) } else { (across, along) }))
}

/// [`pairs_after`] with the lines in lanes.
fn pairs_after_side_by_side(
    laned: &Laned,
    cells: &[u8],
    height: usize,
    width: usize,
    axis: usize,
    window: std::ops::RangeInclusive<u8>,
    scratch: &mut Landings,
) -> PairsAfter {
    let (lowest, highest) = (*window.start(), *window.end());
    let directions = [AXES[axis], AXES[axis].opposite()];
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

/// Scratch space for [`pairs_after`].
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

/// Whether `row` holds `value`, eight cells a word: short rows are too short
/// for `memchr` to pay for its call.
pub(crate) fn holds(row: &[u8], value: u8) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let pattern = ONES * value as u64;
    let mut words = row.chunks_exact(8);
    // A byte of `word ^ pattern` is zero where the row holds the value; the
    // classic test for a zero byte in a word.
    let has_zero = |word: u64| (word.wrapping_sub(ONES) & !word & (ONES << 7)) != 0;
    for chunk in &mut words {
        if has_zero(u64::from_le_bytes(chunk.try_into().expect("eight cells")) ^ pattern) {
            return true;
        }
    }
    words.remainder().contains(&value)
}

/// The lanes whose byte has its high bit set (0xFF marks), in order.
#[inline]
fn marked(lanes: &Lanes) -> impl Iterator<Item = usize> {
    let mut bits = high_bits(lanes);
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let lane = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            lane
        })
    })
}

/// One bit a lane, set when the lane's byte has its high bit set (a
/// `movemask`, written with a multiplication so that it needs no intrinsic).
#[inline]
fn high_bits(lanes: &Lanes) -> u32 {
    let mut bits = 0;
    for (word_index, bytes) in lanes.chunks_exact(8).enumerate() {
        let word = u64::from_le_bytes(bytes.try_into().expect("eight bytes")) & 0x8080_8080_8080_8080;
        // Moves bit 8i + 7 to bit 56 + i; no two partial products share a bit.
        let gathered = (word >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        bits |= (gathered as u32) << (8 * word_index);
    }
    bits
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// What a move did, by either implementation: the cells, whether anything
    /// changed, and every merge (index, exponent), in index order.
    type Outcome = Result<(Vec<u8>, bool, Vec<(usize, u8)>), usize>;

    fn line_at_a_time(cells: &[u8], height: usize, width: usize, direction: Direction) -> Outcome {
        let mut moved = cells.to_vec();
        let mut merges = Vec::new();
        let changed = slide_in_place(&mut moved, height, width, direction, |at, made| merges.push((at, made)))?;
        merges.sort_unstable();
        Ok((moved, changed, merges))
    }

    fn side_by_side(cells: &[u8], height: usize, width: usize, direction: Direction) -> Outcome {
        let mut moved = vec![0xAA; cells.len()]; // garbage the move must overwrite
        let mut merges = Vec::new();
        let changed = slide_into(cells, &mut moved, height, width, direction, |at, made| merges.push((at, made)))?;
        merges.sort_unstable();
        Ok((moved, changed, merges))
    }

    /// The search's move: from both axes gathered, telling no merges.
    fn as_the_search_moves(cells: &[u8], height: usize, width: usize, direction: Direction) -> Outcome {
        let mut laned = Laned::default();
        laned.gather(cells, height, width);
        let mut moved = vec![0xAA; cells.len()];
        let mut moved_lines = Laned::default();
        let changed = slide_for_search(&laned, cells, &mut moved, &mut moved_lines, height, width, direction)?;
        Ok((moved, changed, Vec::new()))
    }

    /// Boards of `height` × `width` cells drawn from `cell`, for the property
    /// tests: (height, width, cells).
    fn boards_of(
        height: std::ops::RangeInclusive<usize>,
        width: std::ops::RangeInclusive<usize>,
        cell: impl Strategy<Value = u8> + Clone,
    ) -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
        (height, width).prop_flat_map(move |(height, width)| {
            (Just(height), Just(width), proptest::collection::vec(cell.clone(), height * width))
        })
    }

    /// Boards from 1×1 to 40×70: one lane or many, one chunk of lanes or three
    /// (70 lines), with runs of equal tiles, gaps and a few 2^63 tiles.
    fn boards() -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
        boards_of(1..=40, 1..=70, prop_oneof![4 => Just(0u8), 4 => 1u8..=3, 1 => 4u8..=62, 1 => Just(MAX_EXPONENT)])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]

        #[test]
        fn lanes_move_like_the_line_at_a_time_move((height, width, cells) in boards()) {
            for direction in Direction::ALL {
                let expected = line_at_a_time(&cells, height, width, direction);
                prop_assert_eq!(
                    side_by_side(&cells, height, width, direction),
                    expected.clone(),
                    "{:?} on {}x{}", direction, height, width
                );
                let without_merges = expected.map(|(moved, changed, _)| (moved, changed, Vec::new()));
                prop_assert_eq!(
                    as_the_search_moves(&cells, height, width, direction),
                    without_merges,
                    "the search's move, {:?} on {}x{}", direction, height, width
                );
            }
        }
    }

    /// The pairs of each exponent the line-at-a-time move merges.
    fn merged_pairs(cells: &[u8], height: usize, width: usize, direction: Direction) -> [u32; 64] {
        let mut pairs = [0; 64];
        let mut moved = cells.to_vec();
        // Overflowing boards still count the pairs merged before the overflow;
        // compare only boards that move.
        if slide_in_place(&mut moved, height, width, direction, |_, made| pairs[made as usize - 1] += 1).is_err() {
            return [u32::MAX; 64];
        }
        pairs
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn merge_counts_are_those_of_either_move_along_the_axis((height, width, cells) in boards()) {
            let mut laned = Laned::default();
            laned.gather(&cells, height, width);
            for (axis, toward_start) in AXES.into_iter().enumerate() {
                let counted = merges_by_exponent(&laned, height, width, axis).by_exponent;
                for direction in [toward_start, toward_start.opposite()] {
                    let merged = merged_pairs(&cells, height, width, direction);
                    if merged != [u32::MAX; 64] {
                        prop_assert_eq!(counted, merged, "{:?} on {}x{}", direction, height, width);
                    }
                }
            }
        }
    }

    /// Each line's tiles in order from the axis's start, empty cells left out.
    fn lines_of(cells: &[u8], height: usize, width: usize, axis: usize) -> Vec<Vec<u8>> {
        let tiles = |line: grid_core::Line| line.iter().map(|at| cells[at]).filter(|&tile| tile != 0).collect();
        lines_toward(height, width, AXES[axis]).map(tiles).collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]

        #[test]
        fn both_moves_along_an_axis_leave_the_same_lines_unless_a_run_is_odd(
            // Few exponents, so that runs of every length are common.
            (height, width, cells) in boards_of(1..=4, 1..=9, prop_oneof![2 => Just(0u8), 3 => 1u8..=2, 1 => 3u8..=9]),
            tall in proptest::bool::ANY,
        ) {
            // A tall board (its lines of columns in two chunks of lanes) is
            // the same board with 36 rows of one tile each added.
            let (height, cells) = if tall {
                let mut taller = cells.clone();
                taller.extend((0..36 * width).map(|i| (i % 9) as u8 + 1));
                (height + 36, taller)
            } else {
                (height, cells)
            };
            let mut laned = Laned::default();
            laned.gather(&cells, height, width);
            for (axis, toward_start) in AXES.into_iter().enumerate() {
                let [start, end] = [toward_start, toward_start.opposite()].map(|direction| {
                    let mut moved = cells.clone();
                    slide_in_place(&mut moved, height, width, direction, |_, _| {}).unwrap();
                    lines_of(&moved, height, width, axis)
                });
                prop_assert_eq!(
                    merges_by_exponent(&laned, height, width, axis).same_lines_both_ways,
                    start == end,
                    "axis {} of {}x{} {:?}", axis, height, width, cells
                );
            }
        }
    }

    /// Boards of a few small exponents: long runs of the largest tiles and of
    /// the ones just below, of every length, and moves that never overflow.
    fn boards_of_runs() -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
        boards_of(1..=40, 1..=70, prop_oneof![2 => Just(0u8), 1 => 1u8..=2, 3 => 3u8..=4])
    }

    /// Reads the pairs of tiles of each exponent of `window_after(board
    /// after the move)` after each move, as the search does, and plays the
    /// move to compare.
    fn check_pairs_after(
        height: usize,
        width: usize,
        cells: &[u8],
        window_after: impl Fn(&[u8]) -> std::ops::RangeInclusive<u8>,
    ) -> Result<(), TestCaseError> {
        let mut laned = Laned::default();
        laned.gather(cells, height, width);
        let mut landings = Landings::default();
        for direction in Direction::ALL {
            let mut moved = cells.to_vec();
            if slide_in_place(&mut moved, height, width, direction, |_, _| {}).is_err() {
                continue;
            }
            let window = window_after(&moved);
            let (axis, way) = axis_and_way(direction);
            let read = pairs_after(&laned, cells, height, width, axis, window.clone(), &mut landings)[way];
            for (exponent, pairs) in window.zip(read) {
                prop_assert_eq!(
                    pairs,
                    pairs_of(&moved, width, exponent),
                    "2^{} after {:?} on {}x{}",
                    exponent,
                    direction,
                    height,
                    width
                );
            }
        }
        Ok(())
    }

    /// The largest exponent of a board, alone: the window the no-slack cut reads.
    fn largest(moved: &[u8]) -> std::ops::RangeInclusive<u8> {
        let largest = moved.iter().copied().max().unwrap_or(0);
        largest..=largest
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn pairs_of_every_exponent_after_a_move_are_read_without_making_it(
            (height, width, cells) in boards_of_runs(),
            lowest in 1u8..=3,
        ) {
            check_pairs_after(height, width, &cells, |_| lowest..=lowest + (WINDOW - 1) as u8)?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn largest_pairs_after_a_move_are_read_without_making_it((height, width, cells) in boards()) {
            check_pairs_after(height, width, &cells, largest)?;
        }

        #[test]
        fn largest_pairs_after_moving_runs_of_every_length((height, width, cells) in boards_of_runs()) {
            check_pairs_after(height, width, &cells, largest)?;
        }
    }

    #[test]
    fn largest_pairs_after_a_move_on_lines_longer_than_a_byte() {
        let cells: Vec<u8> = (0..600).map(|i| [4, 4, 0, 5, 3, 3][i % 6]).collect();
        let mut landings = Landings::default();
        for (height, width) in [(1, 600), (600, 1), (2, 300), (300, 2)] {
            let mut laned = Laned::default();
            laned.gather(&cells, height, width);
            for direction in Direction::ALL {
                let mut moved = cells.clone();
                slide_in_place(&mut moved, height, width, direction, |_, _| {}).unwrap();
                let (axis, way) = axis_and_way(direction);
                assert_eq!(
                    pairs_after(&laned, &cells, height, width, axis, 5..=5, &mut landings)[way][0],
                    pairs_of(&moved, width, 5),
                    "{direction:?} on {height}x{width}"
                );
            }
        }
    }

    #[test]
    fn merge_counts_of_lines_longer_than_a_byte_counts() {
        let cells: Vec<u8> = (0..600).map(|i| [3, 3, 0, 3, 5, 5][i % 6]).collect();
        for (height, width, axis) in [(1, 600, 0), (600, 1, 1), (2, 300, 0)] {
            assert_eq!(
                merges_by_exponent(&Laned::along(&cells, height, width, axis), height, width, axis).by_exponent,
                merged_pairs(&cells, height, width, AXES[axis])
            );
        }
    }

    #[test]
    fn lines_longer_than_a_byte_counts_move_line_at_a_time() {
        // 300 cells a line: the lanes cannot count that many tiles in a byte.
        let mut cells: Vec<u8> = (0..300).map(|i| [1, 1, 0, 2][i % 4]).collect();
        cells[299] = 5;
        for (height, width) in [(1, 300), (300, 1)] {
            for direction in Direction::ALL {
                let expected = line_at_a_time(&cells, height, width, direction);
                assert_eq!(side_by_side(&cells, height, width, direction), expected);
                let without_merges = expected.map(|(moved, changed, _)| (moved, changed, Vec::new()));
                assert_eq!(as_the_search_moves(&cells, height, width, direction), without_merges, "the search's move");
            }
        }
    }

    #[test]
    fn each_move_is_one_way_along_one_axis() {
        for direction in Direction::ALL {
            let (axis, way) = axis_and_way(direction);
            assert_eq!([AXES[axis], AXES[axis].opposite()][way], direction);
        }
    }

    /// A board's cells from its rows, and its width.
    fn rows_of(rows: &[&[u8]]) -> (Vec<u8>, usize) {
        (rows.concat(), rows[0].len())
    }

    #[test]
    fn pairs_of_counts_runs_by_axis() {
        // Runs, with empty cells inside them and other tiles breaking them.
        let (board, width) = rows_of(&[
            &[5, 0, 5, 5, 0], // a run of 3 in the row: one merge
            &[0, 0, 0, 2, 0], // no largest: breaks column 3, not column 0
            &[5, 3, 5, 5, 5], // runs of 1 and 3: one merge
            &[5, 0, 0, 0, 5], // a run of 2 across empty cells: one merge
        ]);
        // Columns: 0 has 5,5,5 (rows 0, 2, 3) → one; 2 has 5,5 → one;
        // 3 has 5 | 2 | 5 → none; 4 has 5,5 → one.
        assert_eq!(pairs_of(&board, width, 5), (3, 3));
        let (lonely, width) = rows_of(&[&[5, 4], &[4, 5]]);
        assert_eq!(pairs_of(&lonely, width, 5), (0, 0));
        let (four, width) = rows_of(&[&[5], &[5], &[0], &[5], &[5]]);
        assert_eq!(pairs_of(&four, width, 5), (0, 2));
    }

    /// Boards that fit `wide`: up to 32 cells a side, runs of equal tiles of
    /// every length, gaps, and a few 2^63 tiles (merges that overflow).
    fn boards_that_fit_a_vector() -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
        boards_of(1..=32, 1..=32, prop_oneof![3 => Just(0u8), 4 => 1u8..=3, 2 => 4u8..=12, 1 => Just(MAX_EXPONENT)])
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn a_line_a_vector_agrees_with_lines_side_by_side((height, width, cells) in boards_that_fit_a_vector()) {
            if !wide::usable(height, width) {
                return Ok(()); // nothing to compare on this processor
            }
            let mut laned = Laned::default();
            laned.gather(&cells, height, width);
            let mut scratch = Landings::default();
            for axis in [0, 1] {
                prop_assert_eq!(
                    merges_by_exponent(&laned, height, width, axis),
                    merges_side_by_side(&laned, height, width, axis),
                    "axis {}", axis
                );
                for lowest in [1, 2, 3, 5, 11, 60] {
                    for highest in lowest..(lowest + WINDOW as u8).min(MAX_EXPONENT + 1) {
                        prop_assert_eq!(
                            pairs_after(&laned, &cells, height, width, axis, lowest..=highest, &mut scratch),
                            pairs_after_side_by_side(&laned, &cells, height, width, axis, lowest..=highest, &mut scratch),
                            "axis {} window {}..={}", axis, lowest, highest
                        );
                    }
                }
            }
            for direction in Direction::ALL {
                let (mut wide_moved, mut side_moved) = (vec![0xAA; cells.len()], vec![0xBB; cells.len()]);
                let wide_changed =
                    slide_for_search(&laned, &cells, &mut wide_moved, &mut Laned::default(), height, width, direction);
                let side_changed =
                    slide_side_by_side::<false>(&laned, &cells, &mut side_moved, height, width, direction, |_, _| {});
                prop_assert_eq!(&wide_changed, &side_changed, "{:?}", direction);
                if side_changed.is_ok() {
                    prop_assert_eq!(&wide_moved, &side_moved, "{:?}", direction);
                }
            }
        }
    }

    #[test]
    fn holds_finds_a_value_anywhere_in_a_row() {
        for len in 1..=20 {
            let row: Vec<u8> = (0..len as u8).map(|i| i + 1).collect();
            for (at, &value) in row.iter().enumerate() {
                assert!(holds(&row, value), "{value} at {at} of {len}");
            }
            // One above and one below each byte's neighbour: the zero-byte
            // test must not borrow across bytes.
            assert!(!holds(&row, len as u8 + 1));
            assert!(!holds(&row, 0));
            assert!(!holds(&row, 0x80 | 1));
        }
    }

    #[test]
    fn high_bits_gathers_one_bit_a_lane() {
        let mut lanes = [0u8; LANES];
        for lane in [0, 7, 8, 19, 31] {
            lanes[lane] = 0xFF;
        }
        lanes[3] = 0x7F; // high bit clear
        assert_eq!(high_bits(&lanes), 1 | 1 << 7 | 1 << 8 | 1 << 19 | 1 << 31);
        assert_eq!(marked(&lanes).collect::<Vec<_>>(), [0, 7, 8, 19, 31]);
        assert_eq!(high_bits(&[0xFF; LANES]), u32::MAX);
        assert_eq!(high_bits(&[0; LANES]), 0);
    }
}
