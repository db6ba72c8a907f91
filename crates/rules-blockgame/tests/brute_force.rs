//! The solver against a brute force that plays every sequence of drops, one
//! black cell at a time, on random small boards of any polyominoes: the same
//! count, and an order that replays drop by drop. The brute force lets black
//! cells stay where they land, which the solver's reasoning (a removal only
//! empties cells, so no order is ever worse) leaves out: this checks it.

use proptest::prelude::*;
use rules_blockgame::{solve, Board};

mod drops;

/// Rows of colours (0 empty), each 4-connected piece of one colour made a
/// block of its own, with ids that are neither consecutive nor in order.
fn blocks_of(colours: Vec<Vec<u32>>) -> Vec<Vec<u32>> {
    let (height, width) = (colours.len(), colours[0].len());
    let mut ids = vec![vec![0u32; width]; height];
    let mut pieces = 0u32;
    for r in 0..height {
        for c in 0..width {
            if colours[r][c] == 0 || ids[r][c] != 0 {
                continue;
            }
            pieces += 1;
            let id = 1 + (pieces * 37) % 101; // 101 is prime: distinct for 100 pieces
            let mut stack = vec![(r, c)];
            ids[r][c] = id;
            while let Some((at_r, at_c)) = stack.pop() {
                let neighbours =
                    [(at_r.wrapping_sub(1), at_c), (at_r + 1, at_c), (at_r, at_c.wrapping_sub(1)), (at_r, at_c + 1)];
                for (n_r, n_c) in neighbours {
                    if n_r < height && n_c < width && ids[n_r][n_c] == 0 && colours[n_r][n_c] == colours[r][c] {
                        ids[n_r][n_c] = id;
                        stack.push((n_r, n_c));
                    }
                }
            }
        }
    }
    ids
}

fn small_board() -> impl Strategy<Value = Vec<Vec<u32>>> {
    (1usize..=6, 1usize..=6).prop_flat_map(|(height, width)| {
        proptest::collection::vec(prop_oneof![3 => Just(0u32), 4 => 1u32..=4], height * width)
            .prop_map(move |cells| blocks_of(cells.chunks(width).map(<[u32]>::to_vec).collect()))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_solver_removes_as_many_as_any_sequence_of_drops(rows in small_board()) {
        let solution = solve(&Board::from_rows(rows.clone()).unwrap());
        prop_assert_eq!(solution.count(), drops::most_removed(&rows), "{:?}", rows);
        prop_assert_eq!(drops::replay(&rows, &solution.removed_ids()), Ok(()), "{:?}", rows);
    }
}

/// The brute force itself, on boards counted by hand.
#[test]
fn the_brute_force_plays_the_rules() {
    let text = |rows: &[&str]| -> Vec<Vec<u32>> {
        rows.iter().map(|row| row.split(' ').map(|cell| cell.parse().unwrap()).collect()).collect()
    };
    // An upturned T: one drop on each side of its top fills its box.
    assert_eq!(drops::most_removed(&text(&["0 1 0", "1 1 1"])), 1);
    // A T the right way up overhangs its holes: no drop reaches them.
    assert_eq!(drops::most_removed(&text(&["1 1 1", "0 1 0"])), 0);
    // A rectangle vanishes before any drop, and frees the L under it.
    assert_eq!(drops::most_removed(&text(&["2 2 0", "1 0 0", "1 1 1"])), 2);
    // The L's hole is under block 2, which its own overhang keeps.
    assert_eq!(drops::most_removed(&text(&["2 2 2", "1 2 0", "1 1 1"])), 0);
    // Block 1's holes are under block 2, which goes first.
    assert_eq!(drops::most_removed(&text(&["0 2 0", "2 2 2", "1 0 0", "1 1 1"])), 2);
}
