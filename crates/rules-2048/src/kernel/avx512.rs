//! The AVX-512 VBMI2 backend: the search's move and reads one line a vector
//! register, for boards whose lines fit 32 bytes, on x86-64 processors with
//! AVX-512 F, BW, VL, VBMI and VBMI2. The crate's only `unsafe` is here.
//!
//! The portable backend moves 32 lines side by side, a cell of each at a
//! time, because a portable vector cannot pack a line's tiles toward its
//! wall; this processor can, in one instruction (`vpcompressb`). So here a
//! line is one 32-byte register: its tiles packed, the equal neighbours found
//! with one compare, the pairs that merge picked by arithmetic on the
//! compare's bit mask (the first, third, … of each run of equal tiles), and
//! the merged line packed again. A move toward a line's end reverses the
//! line, moves it toward its start and reverses it back. The answers are the
//! portable backend's; `kernel::tests` compares the two on random boards.
//!
//! The functions with `#[target_feature]` may run only where the processor
//! has the features. [`Avx512`] is the proof that it does: only
//! [`Avx512::detect`] makes one, so its safe methods are the one door in.

use grid_core::{Axis, Direction};

use super::layout::Laned;
use super::{AxisMerges, PairsAfter};

/// Proof that this processor has every feature the backend uses: only
/// [`Avx512::detect`] makes one. (On other architectures it cannot be made.)
#[derive(Debug, Clone, Copy)]
pub(crate) struct Avx512 {
    _proof: Proof,
}

#[cfg(target_arch = "x86_64")]
type Proof = ();
#[cfg(not(target_arch = "x86_64"))]
type Proof = std::convert::Infallible;

impl Avx512 {
    /// The token, when the processor has the features (and the variable
    /// `RULES_2048_NO_AVX512` is not set); checked once a process.
    pub(crate) fn detect() -> Option<Avx512> {
        #[cfg(target_arch = "x86_64")]
        {
            static DETECTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
            let detected = *DETECTED.get_or_init(|| {
                // For measuring and testing the portable code on this processor.
                std::env::var_os("RULES_2048_NO_AVX512").is_none()
                    && is_x86_feature_detected!("avx512f")
                    && is_x86_feature_detected!("avx512bw")
                    && is_x86_feature_detected!("avx512vl")
                    && is_x86_feature_detected!("avx512vbmi")
                    && is_x86_feature_detected!("avx512vbmi2")
                    && is_x86_feature_detected!("popcnt")
            });
            detected.then_some(Avx512 { _proof: () })
        }
        #[cfg(not(target_arch = "x86_64"))]
        None
    }

    /// Whether the backend serves a `height × width` board: lines and boards
    /// of at most 32 cells a side.
    #[inline]
    pub(crate) fn fits(height: usize, width: usize) -> bool {
        height <= 32 && width <= 32
    }

    /// `Kernel::merges_by_exponent` (the board must [`fit`](Avx512::fits)).
    #[inline]
    pub(crate) fn merges(self, laned: &Laned, height: usize, width: usize, axis: Axis) -> AxisMerges {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the token proves the processor has the features.
        return unsafe { x86::merges(laned.lines(height, width, axis)) };
        #[cfg(not(target_arch = "x86_64"))]
        match self._proof {}
    }

    /// `Kernel::pairs_after` for the exponents from `lowest` to `highest`
    /// (the board must [`fit`](Avx512::fits)).
    #[inline]
    pub(crate) fn pairs_after(
        self,
        laned: &Laned,
        height: usize,
        width: usize,
        axis: Axis,
        lowest: u8,
        highest: u8,
    ) -> PairsAfter {
        let len = match axis {
            Axis::Rows => width,
            Axis::Columns => height,
        };
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the token proves the processor has the features.
        return unsafe { x86::pairs_after(laned.lines(height, width, axis), len, axis, lowest, highest) };
        #[cfg(not(target_arch = "x86_64"))]
        match self._proof {}
    }

    /// The search's move of the board whose lines `laned` holds in both
    /// layouts, into `target`, with the moved board's lines left in
    /// `moved_lines`: whether anything changed, or `None` when a merge
    /// passes 2^63 (the board must [`fit`](Avx512::fits)).
    #[inline]
    pub(crate) fn slide_into(
        self,
        laned: &Laned,
        target: &mut [u8],
        moved_lines: &mut Laned,
        height: usize,
        width: usize,
        direction: Direction,
    ) -> Option<bool> {
        #[cfg(target_arch = "x86_64")]
        {
            let axis = direction.axis();
            let (lines, layouts) = (laned.lines(height, width, axis), moved_lines.layouts_for_wide());
            // SAFETY: the token proves the processor has the features.
            unsafe { x86::slide_into(lines, target, height, width, axis, direction.way(), layouts) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        match self._proof {}
    }

    /// Transposes 32 lines of 32 bytes (for the tests of the transpose the
    /// move makes).
    #[cfg(test)]
    pub(crate) fn transpose(self, square: &mut [[u8; 32]; 32]) {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: the token proves the processor has the features.
        unsafe {
            x86::transpose(square)
        }
        #[cfg(not(target_arch = "x86_64"))]
        match self._proof {}
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;

    use grid_core::{Axis, Way};

    use crate::kernel::{as_rows_and_columns, AxisMerges, PairsAfter, WINDOW};
    use crate::rule::MAX_EXPONENT;

    /// A line of at most 32 cells, unused lanes empty: `Laned`'s layout.
    pub(super) type Line = [u8; 32];

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
    fn load(line: &Line) -> __m256i {
        // SAFETY: `line` is 32 readable bytes; the load has no alignment need.
        unsafe { _mm256_loadu_si256(line.as_ptr().cast()) }
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
    fn store(line: &mut Line, value: __m256i) {
        // SAFETY: `line` is 32 writable bytes; the store has no alignment need.
        unsafe { _mm256_storeu_si256(line.as_mut_ptr().cast(), value) }
    }

    /// The lowest `n` bits set, for `n` up to 32.
    #[inline]
    fn low_bits(n: u32) -> u32 {
        ((1u64 << n) - 1) as u32
    }

    /// Given `joined`, whose bit `i` says that places `i` and `i + 1` hold
    /// equal tiles, the first place of each pair that merges: in a run of
    /// equal tiles the pairs start at the run's first place, third, fifth…
    /// A run's `joined` bits start at an even or an odd bit; adding its
    /// lowest bit, placed at an even bit, carries through the run when it
    /// starts there, which sorts the runs by parity with no loop.
    #[inline]
    fn pair_firsts(joined: u32) -> u32 {
        const EVEN: u64 = 0x5555_5555_5555_5555;
        let joined = joined as u64;
        let starts = joined & !(joined << 1);
        // The runs that start at an even bit: the carry from their start
        // clears them in the sum.
        let from_even = joined & !joined.wrapping_add(starts & EVEN);
        ((from_even & EVEN) | (joined & !from_even & !EVEN)) as u32
    }

    /// A line moved toward its start: the moved line, how many tiles it
    /// holds, and for the tiles packed before merging (`packed`), which of
    /// them are the first of a merging pair and which equal the next.
    struct Slid {
        moved: __m256i,
        len: u32,
        packed: __m256i,
        firsts: u32,
        joined: u32,
    }

    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,popcnt")]
    fn slide(line: __m256i) -> Slid {
        let present = _mm256_test_epi8_mask(line, line);
        let packed = _mm256_maskz_compress_epi8(present, line);
        let tiles = low_bits(present.count_ones());
        // Each tile beside the next: lane `i` of `next` is tile `i + 1`.
        let next = _mm256_maskz_compress_epi8(!1, packed);
        let joined = _mm256_mask_cmpeq_epi8_mask(tiles >> 1, packed, next);
        let firsts = pair_firsts(joined);
        let merged = _mm256_mask_add_epi8(packed, firsts, packed, _mm256_set1_epi8(1));
        let kept = tiles & !(firsts << 1);
        Slid { moved: _mm256_maskz_compress_epi8(kept, merged), len: kept.count_ones(), packed, firsts, joined }
    }

    /// The permutation that reverses a line of `len` cells (lanes past it
    /// read lane 31, empty when the line is shorter than 32).
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
    fn reversal(len: usize) -> __m256i {
        let mut indices: Line = [31; 32];
        for (lane, index) in indices.iter_mut().take(len).enumerate() {
            *index = (len - 1 - lane) as u8;
        }
        load(&indices)
    }

    /// `Kernel::merges_by_exponent` on `lines`, each line a vector.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,popcnt")]
    pub(super) fn merges(lines: &[Line]) -> AxisMerges {
        let mut by_exponent = [0u32; 64];
        let mut odd_run = false;
        let mut made: Line = [0; 32];
        for line in lines {
            let slid = slide(load(line));
            // A run of `k` equal tiles has `k − 1` joined bits; its last tile
            // is left alone when `k` is odd, when its last joined bit is not
            // the first of a pair.
            let run_ends = slid.joined & !(slid.joined >> 1);
            odd_run |= run_ends & !slid.firsts != 0;
            store(&mut made, _mm256_maskz_compress_epi8(slid.firsts, slid.packed));
            for &exponent in &made[..slid.firsts.count_ones() as usize] {
                by_exponent[exponent as usize] += 1;
            }
        }
        AxisMerges { by_exponent, same_lines_both_ways: !odd_run }
    }

    /// `Kernel::pairs_after` on the lines along `axis`, each a vector of `len`
    /// cells, for the exponents from `lowest` to `highest`.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,popcnt")]
    pub(super) fn pairs_after(lines: &[Line], len: usize, axis: Axis, lowest: u8, highest: u8) -> PairsAfter {
        let reverse = reversal(len);
        let window = (highest - lowest) as usize + 1;
        // Per way and exponent: pairs along the lines, across them, and the
        // places whose last tile (across the lines so far) is of the exponent
        // and not yet paired.
        let mut pairs: PairsAfter = [[(0, 0); WINDOW]; 2];
        let mut open = [[0u32; WINDOW]; 2];
        for line in lines {
            let line = load(line);
            // Toward the end, read in reversed places: a bijection of places,
            // the same for every line, so tiles at one place stay at one.
            for (way, line) in Way::BOTH.into_iter().zip([line, _mm256_permutexvar_epi8(reverse, line)]) {
                let slid = slide(line);
                let present = low_bits(slid.len);
                for index in 0..window {
                    let exponent = _mm256_set1_epi8((lowest + index as u8) as i8);
                    // (Among the tiles: exponent 0 would match the empty cells.)
                    let tiles = _mm256_mask_cmpeq_epi8_mask(present, slid.moved, exponent);
                    let (along, across) = &mut pairs[way][index];
                    *along += pair_firsts(tiles & (tiles >> 1)).count_ones() as usize;
                    let paired = tiles & open[way][index];
                    *across += paired.count_ones() as usize;
                    open[way][index] = (open[way][index] & !present) | (tiles & !paired);
                }
            }
        }
        as_rows_and_columns(axis, pairs)
    }

    /// The search's move of the lines along `axis` (the rows or the columns)
    /// toward `way`, written to `target`, a `height × width` board, and to
    /// `layouts`, the moved board's lines in `Laned`'s two layouts (each of
    /// 32 lines: `layouts[axis.other()]` takes the moved lines,
    /// `layouts[axis]` their transpose, the lines along the
    /// other axis), so that the moved board need not gather them again:
    /// whether anything changed, or `None` when a merge passes 2^63.
    #[allow(clippy::too_many_arguments)]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2,popcnt")]
    pub(super) fn slide_into(
        lines: &[Line],
        target: &mut [u8],
        height: usize,
        width: usize,
        axis: Axis,
        way: Way,
        layouts: [&mut [Line; 32]; 2],
    ) -> Option<bool> {
        let len = match axis {
            Axis::Rows => width,
            Axis::Columns => height,
        };
        let reverse = reversal(len);
        let mut changed = 0u32;
        let mut landed = _mm256_setzero_si256();
        let [columns, rows] = layouts;
        let (moved_lines, square) = match axis {
            Axis::Rows => (rows, columns),
            Axis::Columns => (columns, rows),
        };
        for (index, line) in lines.iter().enumerate() {
            let line = load(line);
            let moved = if way == Way::TowardStart {
                slide(line).moved
            } else {
                _mm256_permutexvar_epi8(reverse, slide(_mm256_permutexvar_epi8(reverse, line)).moved)
            };
            changed |= _mm256_cmpneq_epi8_mask(moved, line);
            landed = _mm256_or_si256(landed, moved);
            store(&mut moved_lines[index], moved);
            store(&mut square[index], moved);
        }
        // Only two 2^63 tiles merge past 63, to the only exponent with bit 6.
        if _mm256_cmpgt_epu8_mask(landed, _mm256_set1_epi8(MAX_EXPONENT as i8)) != 0 {
            return None;
        }
        square[lines.len()..].fill([0; 32]);
        transpose(square);
        let rows: &[Line] = match axis {
            Axis::Rows => moved_lines,
            Axis::Columns => square,
        };
        for (cells, row) in target.chunks_exact_mut(width).zip(rows) {
            cells.copy_from_slice(&row[..width]);
        }
        Some(changed != 0)
    }

    /// Transposes 32 lines of 32 bytes: byte `j` of line `i` becomes byte
    /// `i` of line `j`.
    ///
    /// Two lines to a 64-byte register, a byte's place is its register (the
    /// line's bits 4 to 1) and its offset in the register (the line's bit 0,
    /// then the byte's five bits). Four rounds each swap one bit of the
    /// register with one bit of the offset (the line's bit `k` with the
    /// byte's bit `k`), each pair of registers that differ in that bit
    /// exchanging halves with two two-source byte permutes; a last permute
    /// in each register swaps the offset's top and bottom bits.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub(super) fn transpose(square: &mut [Line; 32]) {
        let base = square.as_mut_ptr().cast::<u8>();
        let mut registers: [__m512i; 16] = std::array::from_fn(|index| {
            // SAFETY: the 32 lines are 1,024 contiguous bytes, taken 64 at a
            // time, 16 times, with no alignment need.
            unsafe { _mm512_loadu_si512(base.add(64 * index).cast()) }
        });
        for (round, [low, high]) in EXCHANGES.iter().enumerate() {
            let (low, high) = (indices(low), indices(high));
            let register_bit = 1 << round;
            for first in (0..16).filter(|index| index & register_bit == 0) {
                let (a, b) = (registers[first], registers[first | register_bit]);
                registers[first] = _mm512_permutex2var_epi8(a, low, b);
                registers[first | register_bit] = _mm512_permutex2var_epi8(a, high, b);
            }
        }
        let swap_ends = indices(&SWAP_ENDS);
        for (index, register) in registers.iter().enumerate() {
            // SAFETY: as for the loads: 64 of the 1,024 contiguous bytes at a time.
            unsafe { _mm512_storeu_si512(base.add(64 * index).cast(), _mm512_permutexvar_epi8(swap_ends, *register)) };
        }
    }

    /// For each round of [`transpose`] (the offset's bit `round + 1` swapped
    /// with the register's bit `round`), the two-source permutes that make
    /// the register whose bit is 0, then the one whose bit is 1: each takes,
    /// for an offset whose swapped bit is `s`, the byte of the register
    /// whose bit is `s` (bit 6 of the index picks the second source), at the
    /// offset with the swapped bit set to its own register's bit.
    const EXCHANGES: [[[u8; 64]; 2]; 4] = [
        [exchange(1, 0), exchange(1, 1)],
        [exchange(2, 0), exchange(2, 1)],
        [exchange(3, 0), exchange(3, 1)],
        [exchange(4, 0), exchange(4, 1)],
    ];

    const fn exchange(bit: usize, register_bit: usize) -> [u8; 64] {
        let mut indices = [0; 64];
        let mut offset = 0;
        while offset < 64 {
            let from = ((offset >> bit) & 1) << 6;
            indices[offset] = (from | (offset & !(1 << bit)) | register_bit << bit) as u8;
            offset += 1;
        }
        indices
    }

    /// The last permute of [`transpose`]: the offset's bits 0 and 5 swapped.
    const SWAP_ENDS: [u8; 64] = {
        let mut indices = [0; 64];
        let mut offset = 0;
        while offset < 64 {
            indices[offset] = ((offset & 0b01_1110) | (offset & 1) << 5 | offset >> 5) as u8;
            offset += 1;
        }
        indices
    };

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn indices(bytes: &[u8; 64]) -> __m512i {
        // SAFETY: `bytes` is 64 readable bytes; the load has no alignment need.
        unsafe { _mm512_loadu_si512(bytes.as_ptr().cast()) }
    }
}
