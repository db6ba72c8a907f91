//! The lanes layout: a board's lines along both axes, 32 at a time, step by
//! step from each axis's start, as both backends read and write them.

use grid_core::{lines_toward, Axis, Direction, Way};

/// How many lines one pass moves side by side: 32 one-byte lanes, two SSE2
/// registers.
pub(crate) const LANES: usize = 32;

pub(crate) type Lanes = [u8; LANES];

/// The longest line the lanes can count the tiles of.
pub(crate) const LONGEST_LINE: usize = u8::MAX as usize;

/// A board's lines along both axes in lanes, gathered once for every read and
/// move made from the board: `axes[axis]` holds the lines along `axis`
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
    pub(crate) axes: [Vec<Lanes>; 2],
}

impl Laned {
    /// The lines of one axis of a board, for a single move or count.
    pub(crate) fn along(cells: &[u8], height: usize, width: usize, axis: Axis) -> Laned {
        let mut laned = Laned::default();
        laned.gather_axis(cells, height, width, axis);
        laned
    }

    /// Gathers both axes of a board.
    pub(crate) fn gather(&mut self, cells: &[u8], height: usize, width: usize) {
        self.gather_axis(cells, height, width, Axis::Rows);
        self.gather_axis(cells, height, width, Axis::Columns);
    }

    /// Bytes held for a `height × width` board's two axes; `full` when the
    /// backend keeps 32 lines in each (see `Kernel::laned_bytes`).
    pub(crate) fn bytes(height: usize, width: usize, full: bool) -> usize {
        let side_by_side = height.div_ceil(LANES) * width + width.div_ceil(LANES) * height;
        let wide = if full { 2 * LANES } else { 0 };
        side_by_side.max(wide) * LANES
    }

    /// The lines along `axis`, one vector each, for the AVX-512 backend (which needs the
    /// other axis gathered): step `k` of the other axis holds the `k`-th
    /// cell of every line along it, which is the `k`-th line along this one.
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn lines(&self, height: usize, width: usize, axis: Axis) -> &[Lanes] {
        let count = match axis {
            Axis::Rows => height,
            Axis::Columns => width,
        };
        &self.axes[axis.other()][..count]
    }

    /// Both layouts, 32 lines each, for the AVX-512 backend to fill with a moved board's
    /// lines (its columns, then its rows, as [`lines`](Laned::lines) reads
    /// them).
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn layouts_for_wide(&mut self) -> [&mut [Lanes; LANES]; 2] {
        self.axes.each_mut().map(|layout| {
            if layout.len() < LANES {
                layout.resize(LANES, [0; LANES]);
            }
            (&mut layout[..LANES]).try_into().expect("32 lines")
        })
    }

    /// Gathers one axis of a board, for the moves and reads along it.
    pub(crate) fn gather_axis(&mut self, cells: &[u8], height: usize, width: usize, axis: Axis) {
        let geometry = Geometry::new(height, width, axis.toward(Way::TowardStart));
        let steps = &mut self.axes[axis];
        steps.resize(geometry.lines.div_ceil(LANES) * geometry.len, [0; LANES]);
        for (chunk, steps) in steps.chunks_exact_mut(geometry.len).enumerate() {
            let first = chunk * LANES;
            let count = LANES.min(geometry.lines - first);
            if axis == Axis::Rows {
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
pub(crate) struct Geometry {
    pub(crate) lines: usize,
    pub(crate) len: usize,
    origin: isize,
    pub(crate) along: isize,
    across: isize,
}

impl Geometry {
    pub(crate) fn new(height: usize, width: usize, direction: Direction) -> Geometry {
        let lines = lines_toward(height, width, direction);
        let first = lines.line(0);
        let origin = first.start() as isize;
        // Up and down: consecutive lines are neighbouring columns, one cell apart.
        let across = if lines.len() > 1 { lines.line(1).start() as isize - origin } else { 1 };
        Geometry { lines: lines.len(), len: first.len(), origin, along: first.stride(), across }
    }

    #[inline]
    pub(crate) fn index(&self, line: usize, step: usize) -> usize {
        (self.origin + step as isize * self.along + line as isize * self.across) as usize
    }
}
