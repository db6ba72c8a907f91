//! Differential tests: the rule (`rule::slide_in_place`) against the
//! portable backend against the AVX-512 one, on random boards.

use grid_core::{lines_toward, Axis, Direction, Way};
use proptest::prelude::*;

use super::layout::LANES;
use super::portable::{high_bits, holds, marked, merges_side_by_side, pairs_after_side_by_side, slide_side_by_side};
use super::*;
use crate::rule::{slide_in_place, MAX_EXPONENT};

/// The backend a search of a `height × width` board takes on this processor.
fn fastest(height: usize, width: usize) -> Kernel {
    Kernel::for_board(height, width)
}

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
    let changed = fastest(height, width).slide_for_search(
        &laned,
        cells,
        &mut moved,
        &mut moved_lines,
        height,
        width,
        direction,
    )?;
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
        for axis in Axis::BOTH {
            let counted = fastest(height, width).merges_by_exponent(&laned, height, width, axis).by_exponent;
            for direction in Way::BOTH.map(|way| axis.toward(way)) {
                let merged = merged_pairs(&cells, height, width, direction);
                if merged != [u32::MAX; 64] {
                    prop_assert_eq!(counted, merged, "{:?} on {}x{}", direction, height, width);
                }
            }
        }
    }
}

/// Each line's tiles in order from the axis's start, empty cells left out.
fn lines_of(cells: &[u8], height: usize, width: usize, axis: Axis) -> Vec<Vec<u8>> {
    let tiles = |line: grid_core::Line| line.iter().map(|at| cells[at]).filter(|&tile| tile != 0).collect();
    lines_toward(height, width, axis.toward(Way::TowardStart)).map(tiles).collect()
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
        for axis in Axis::BOTH {
            let [start, end] = Way::BOTH.map(|way| {
                let direction = axis.toward(way);
                let mut moved = cells.clone();
                slide_in_place(&mut moved, height, width, direction, |_, _| {}).unwrap();
                lines_of(&moved, height, width, axis)
            });
            prop_assert_eq!(
                fastest(height, width).merges_by_exponent(&laned, height, width, axis).same_lines_both_ways,
                start == end,
                "{:?} of {}x{} {:?}", axis, height, width, cells
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
        let (axis, way) = (direction.axis(), direction.way());
        let read =
            fastest(height, width).pairs_after(&laned, cells, height, width, axis, window.clone(), &mut landings)[way];
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
            let (axis, way) = (direction.axis(), direction.way());
            assert_eq!(
                Kernel::Portable.pairs_after(&laned, &cells, height, width, axis, 5..=5, &mut landings)[way][0],
                pairs_of(&moved, width, 5),
                "{direction:?} on {height}x{width}"
            );
        }
    }
}

#[test]
fn merge_counts_of_lines_longer_than_a_byte_counts() {
    let cells: Vec<u8> = (0..600).map(|i| [3, 3, 0, 3, 5, 5][i % 6]).collect();
    for (height, width, axis) in [(1, 600, Axis::Rows), (600, 1, Axis::Columns), (2, 300, Axis::Rows)] {
        let laned = Laned::along(&cells, height, width, axis);
        assert_eq!(
            Kernel::Portable.merges_by_exponent(&laned, height, width, axis).by_exponent,
            merged_pairs(&cells, height, width, axis.toward(Way::TowardStart))
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
        let (axis, way) = (direction.axis(), direction.way());
        assert_eq!(axis.toward(way), direction);
        assert_eq!(axis.toward(way).opposite(), axis.toward([Way::TowardEnd, Way::TowardStart][way]));
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

/// Boards that fit the AVX-512 backend: up to 32 cells a side, runs of equal tiles of
/// every length, gaps, and a few 2^63 tiles (merges that overflow).
fn boards_that_fit_a_vector() -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
    boards_of(1..=32, 1..=32, prop_oneof![3 => Just(0u8), 4 => 1u8..=3, 2 => 4u8..=12, 1 => Just(MAX_EXPONENT)])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn a_line_a_vector_agrees_with_lines_side_by_side((height, width, cells) in boards_that_fit_a_vector()) {
        let Kernel::Avx512(_) = fastest(height, width) else {
            return Ok(()); // nothing to compare on this processor
        };
        let wide = fastest(height, width);
        let mut laned = Laned::default();
        laned.gather(&cells, height, width);
        let mut scratch = Landings::default();
        for axis in Axis::BOTH {
            prop_assert_eq!(
                wide.merges_by_exponent(&laned, height, width, axis),
                merges_side_by_side(&laned, height, width, axis),
                "{:?}", axis
            );
            for lowest in [1, 2, 3, 5, 11, 60] {
                for highest in lowest..(lowest + WINDOW as u8).min(MAX_EXPONENT + 1) {
                    prop_assert_eq!(
                        wide.pairs_after(&laned, &cells, height, width, axis, lowest..=highest, &mut scratch),
                        pairs_after_side_by_side(&laned, &cells, height, width, axis, lowest..=highest, &mut scratch),
                        "{:?} window {}..={}", axis, lowest, highest
                    );
                }
            }
        }
        for direction in Direction::ALL {
            let (mut wide_moved, mut side_moved) = (vec![0xAA; cells.len()], vec![0xBB; cells.len()]);
            let wide_changed =
                wide.slide_for_search(&laned, &cells, &mut wide_moved, &mut Laned::default(), height, width, direction);
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

#[test]
fn the_variable_turns_the_avx512_backend_off() {
    // CI runs the tests again with it set: then this must hold, or that
    // second run would test the AVX-512 backend twice and the portable never.
    if std::env::var_os("RULES_2048_NO_AVX512").is_some() {
        assert!(Avx512::detect().is_none());
        assert!(matches!(Kernel::for_board(20, 20), Kernel::Portable));
    }
    assert!(matches!(Kernel::for_board(33, 20), Kernel::Portable), "lines past 32 cells never");
    assert!(matches!(Kernel::for_board(20, 33), Kernel::Portable), "lines past 32 cells never");
}

#[test]
fn transpose_swaps_lines_and_places() {
    let Some(token) = Avx512::detect() else {
        return; // nothing to test on this processor
    };
    // Every byte distinct in its line and its place, three times over.
    for seed in 0..3u8 {
        let square: [[u8; 32]; 32] = std::array::from_fn(|i| std::array::from_fn(|j| (i * 32 + j) as u8 ^ seed));
        let mut transposed = square;
        token.transpose(&mut transposed);
        for (i, line) in transposed.iter().enumerate() {
            for (j, &byte) in line.iter().enumerate() {
                assert_eq!(byte, square[j][i], "line {i} place {j}");
            }
        }
    }
}
