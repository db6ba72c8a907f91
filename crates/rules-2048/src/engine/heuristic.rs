//! How good a board looks, for the search to stop at: nneonneo's 2048-ai
//! heuristic, a sum over every row and every column of one line's score, so
//! that a 4×4 board reads it from a table of the 65,536 rows.
//!
//! A line scores a constant (so that any board is worth more than a lost
//! one, worth 0), plus its empty cells and its neighbouring equal tiles,
//! minus its lack of monotonicity and its large tiles (both as powers of the
//! exponent). Only exact operations go into it — integer powers, one
//! `sqrt` for the power 3.5 — so the tables and every value are the same on
//! every machine.

/// Added per line: keeps every board above a lost one (0).
const LOST_PENALTY: f64 = 200_000.0;
const MONOTONICITY_WEIGHT: f64 = 47.0;
const SUM_WEIGHT: f64 = 11.0;
const MERGES_WEIGHT: f64 = 700.0;
const EMPTY_WEIGHT: f64 = 270.0;

/// `e^4`, the monotonicity's power.
fn monotonicity_power(exponent: u8) -> f64 {
    let e = f64::from(exponent);
    (e * e) * (e * e)
}

/// `e^3.5`, the sum's power, as `e^3 · sqrt(e)` (both exact or correctly rounded).
fn sum_power(exponent: u8) -> f64 {
    let e = f64::from(exponent);
    e * e * e * e.sqrt()
}

/// The score of one line of exponents (0 empty), read in its order.
pub(crate) fn line_score(line: impl IntoIterator<Item = u8>) -> f64 {
    let mut sum = 0.0;
    let mut empty = 0u32;
    let mut merges = 0u32;
    let mut previous = 0u8;
    let mut run = 0u32;
    let mut toward_start = 0.0;
    let mut toward_end = 0.0;
    let mut last: Option<u8> = None;
    for exponent in line {
        sum += sum_power(exponent);
        if exponent == 0 {
            empty += 1;
        } else {
            if previous == exponent {
                run += 1;
            } else if run > 0 {
                merges += 1 + run;
                run = 0;
            }
            previous = exponent;
        }
        if let Some(last) = last {
            if last > exponent {
                toward_start += monotonicity_power(last) - monotonicity_power(exponent);
            } else {
                toward_end += monotonicity_power(exponent) - monotonicity_power(last);
            }
        }
        last = Some(exponent);
    }
    if run > 0 {
        merges += 1 + run;
    }
    LOST_PENALTY + EMPTY_WEIGHT * f64::from(empty) + MERGES_WEIGHT * f64::from(merges)
        - MONOTONICITY_WEIGHT * f64::min(toward_start, toward_end)
        - SUM_WEIGHT * sum
}

/// The heuristic of a `height` × `width` board of exponents, row by row,
/// as the representations without tables compute it: the rows' line scores,
/// then the columns', each score rounded to `f32` and each part summed in
/// order.
pub(crate) fn board_score(cells: &[u8], height: usize, width: usize) -> f64 {
    let at = |row: usize, col: usize| cells[row * width + col];
    let line = |cells: &mut dyn Iterator<Item = u8>| f64::from(line_score(cells) as f32);
    let rows = (0..height).map(|row| line(&mut (0..width).map(|col| at(row, col)))).fold(0.0, |a, b| a + b);
    let cols = (0..width).map(|col| line(&mut (0..height).map(|row| at(row, col)))).fold(0.0, |a, b| a + b);
    rows + cols
}

/// The largest exponent of nneonneo's tables (4 bits a cell): a search from
/// a 4×4 board whose tiles are all within it values a lost board as he does.
pub(crate) const NNEONNEO_LARGEST: u8 = 15;

/// What a lost board is worth in a search from a `height` × `width` board
/// whose largest exponent is `largest`: below every board of that shape
/// whatever its tiles, up to 2^63. On 4×4 within his tables' tiles (up to
/// [`NNEONNEO_LARGEST`]), 0, nneonneo's (his constant a line keeps those
/// boards above it). On longer lines and larger tiles a board can score
/// below 0 (a 6×6 board with tiles up to 4096 did after every move, and
/// each move was taken for a lost one; a 4×4 board with a tile of 2^25 did
/// too): the least a line of `n` cells can score is its constant less half
/// of `n − 1` steps of monotonicity at the largest exponent, less `n`
/// largest tiles; a lost board is put below the least of the lines' sums,
/// 1 % more for the rounding to `f32`. It is put below rather than every
/// board raised, so that the values keep the magnitude, hence the precision
/// (and the exact ties of mirrored moves), of nneonneo's.
pub(crate) fn lost_value(height: usize, width: usize, largest: u8) -> f64 {
    if (height, width) == (4, 4) && largest <= NNEONNEO_LARGEST {
        return 0.0;
    }
    let top = crate::rule::MAX_EXPONENT;
    let least_line = |cells: usize| {
        let cells = cells as f64;
        LOST_PENALTY
            - MONOTONICITY_WEIGHT * (cells - 1.0) / 2.0 * monotonicity_power(top)
            - SUM_WEIGHT * cells * sum_power(top)
    };
    let least = height as f64 * least_line(width).min(0.0) + width as f64 * least_line(height).min(0.0);
    least * 1.01
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_scores_as_nneonneos_table_does() {
        // By hand from the definition: the empty line, and 2 2 4 8.
        assert_eq!(line_score([0, 0, 0, 0]), LOST_PENALTY + 4.0 * EMPTY_WEIGHT);
        let sum: f64 = 1.0 + 1.0 + 2f64.powf(3.5) + 3f64.powf(3.5);
        // 1 1 2 3: one pair of equal neighbours; rising throughout (0 one way).
        let expected = LOST_PENALTY + 2.0 * MERGES_WEIGHT - SUM_WEIGHT * sum;
        assert!((line_score([1, 1, 2, 3]) - expected).abs() < 1e-9);
    }

    #[test]
    fn every_row_scores_as_nneonneos_table_to_his_f32_rounding() {
        // His `init_tables`, transcribed apart as he writes it: in `f32`,
        // with `pow`. The engine's search shares `line_score` with the
        // reference search of its tests, so this is what pins the heuristic.
        for row in 0..=u16::MAX {
            let line = [0, 1, 2, 3].map(|i| ((row >> (4 * i)) & 0xf) as u8);
            let (mut sum, mut empty, mut merges, mut prev, mut counter) = (0f32, 0, 0, 0, 0);
            for rank in line {
                sum += f32::from(rank).powf(3.5);
                if rank == 0 {
                    empty += 1;
                } else {
                    if prev == rank {
                        counter += 1;
                    } else if counter > 0 {
                        merges += 1 + counter;
                        counter = 0;
                    }
                    prev = rank;
                }
            }
            if counter > 0 {
                merges += 1 + counter;
            }
            let (mut monotonicity_left, mut monotonicity_right) = (0f32, 0f32);
            for i in 1..4 {
                let (before, here) = (f32::from(line[i - 1]).powf(4.0), f32::from(line[i]).powf(4.0));
                if line[i - 1] > line[i] {
                    monotonicity_left += before - here;
                } else {
                    monotonicity_right += here - before;
                }
            }
            let his = 200_000f32 + 270f32 * empty as f32 + 700f32 * merges as f32
                - 47f32 * monotonicity_left.min(monotonicity_right)
                - 11f32 * sum;
            let ours = line_score(line);
            assert!((ours - f64::from(his)).abs() <= 0.5, "{line:?}: ours {ours}, his {his}");
        }
    }

    #[test]
    fn a_monotone_line_scores_above_a_zigzag() {
        assert!(line_score([4, 3, 2, 1]) > line_score([4, 1, 3, 2]));
        assert_eq!(line_score([4, 3, 2, 1]), line_score([1, 2, 3, 4]));
    }

    #[test]
    fn the_powers_are_exact() {
        assert_eq!(monotonicity_power(15), 50625.0);
        assert_eq!(sum_power(4), 128.0);
    }
}
