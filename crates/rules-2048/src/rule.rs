//! The rule of 2048 without spawns: a move.
//!
//! Every tile slides toward the wall as far as it can; two equal tiles that
//! collide merge into their sum; a merged tile does not merge again in the
//! same move; of three equal tiles in a line, the pair nearest the wall
//! merges first. [`slide_in_place`] is that rule, a line at a time, and the
//! definition every faster move (`kernel`) is tested against. This module is
//! a leaf: it depends on nothing else of the crate.

use std::fmt;

use grid_core::{lines_toward, Direction, Line};

/// The largest exponent a tile may have: `2^63` is the largest power of two a
/// `u64` holds.
pub const MAX_EXPONENT: u8 = 63;

/// A move would merge two `2^63` tiles into a tile no `u64` can hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileOverflow {
    /// 0-based row where the merged tile would land.
    pub row: usize,
    /// 0-based column where the merged tile would land.
    pub col: usize,
}

impl fmt::Display for TileOverflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "two 2^{MAX_EXPONENT} tiles would merge at row {}, column {}: the largest tile is 2^{MAX_EXPONENT}",
            self.row + 1,
            self.col + 1
        )
    }
}

impl std::error::Error for TileOverflow {}

/// Moves every line of a row-major `height × width` exponent array toward
/// `direction`, in place, and says whether anything changed; `on_merge` hears
/// the flat index and the exponent of every tile a merge makes. On overflow,
/// returns the flat index where the too-large tile would land; the cells are
/// then partly moved and must be discarded.
///
/// This is the definition of the move, a line at a time. The crate moves
/// boards with the backends of `kernel`, which are faster on the boards a
/// search meets, checked against this one by property tests, and fall back
/// to it for lines longer than 255 cells and for overflows.
pub fn slide_in_place(
    cells: &mut [u8],
    height: usize,
    width: usize,
    direction: Direction,
    mut on_merge: impl FnMut(usize, u8),
) -> Result<bool, usize> {
    let mut changed = false;
    for line in lines_toward(height, width, direction) {
        changed |= slide_line(cells, line, &mut on_merge)?;
    }
    Ok(changed)
}

/// Slides one line of the board toward its wall, in place, and says whether
/// anything changed. On overflow returns the index where the too-large tile
/// would land (the line is then garbage).
///
/// One pass: `written` cells from the wall are settled, and the last of them
/// may still take one merge while `open` holds its exponent (0 once merged).
/// The read and write positions advance by the line's stride.
fn slide_line(cells: &mut [u8], line: Line, mut on_merge: impl FnMut(usize, u8)) -> Result<bool, usize> {
    let stride = line.stride();
    let mut read_at = line.start();
    let mut write_at = line.start();
    let mut written = 0;
    let mut open = 0u8;
    let mut changed = false;
    for read in 0..line.len() {
        let exponent = cells[read_at];
        if exponent != 0 {
            cells[read_at] = 0;
            if exponent == open {
                let target = write_at.wrapping_add_signed(-stride);
                if exponent == MAX_EXPONENT {
                    return Err(target);
                }
                cells[target] = exponent + 1;
                on_merge(target, exponent + 1);
                open = 0;
                changed = true;
            } else {
                cells[write_at] = exponent;
                changed |= written != read;
                open = exponent;
                written += 1;
                write_at = write_at.wrapping_add_signed(stride);
            }
        }
        read_at = read_at.wrapping_add_signed(stride);
    }
    Ok(changed)
}
