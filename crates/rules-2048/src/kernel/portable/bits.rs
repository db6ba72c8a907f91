//! Bit helpers on lanes and rows, written so that they need no intrinsic.

use crate::kernel::layout::Lanes;

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
pub(crate) fn marked(lanes: &Lanes) -> impl Iterator<Item = usize> {
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
pub(crate) fn high_bits(lanes: &Lanes) -> u32 {
    let mut bits = 0;
    for (word_index, bytes) in lanes.chunks_exact(8).enumerate() {
        let word = u64::from_le_bytes(bytes.try_into().expect("eight bytes")) & 0x8080_8080_8080_8080;
        // Moves bit 8i + 7 to bit 56 + i; no two partial products share a bit.
        let gathered = (word >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        bits |= (gathered as u32) << (8 * word_index);
    }
    bits
}
