//! The answer and its witness never depend on the thread count: every query
//! is answered on one to eight threads and compared, on boards with many
//! shortest sequences (few tile values, many equal neighbours) of many shapes.

use rules_2048::{max_tile_with, reach_with, Board, SearchOptions};

/// A reproducible pseudo-random `height × width` board of tiles from 2 to
/// `2^max_exponent`, `empty_percent` of its cells empty.
fn board(height: usize, width: usize, max_exponent: u64, empty_percent: u64, seed: u64) -> Board {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let rows = (0..height)
        .map(|_| {
            (0..width)
                .map(|_| if next() % 100 < empty_percent { 0 } else { 1 << (1 + next() % max_exponent) })
                .collect()
        })
        .collect();
    Board::from_rows(rows).unwrap()
}

#[test]
fn witnesses_are_the_same_on_one_to_eight_threads() {
    let on = |threads| SearchOptions { threads, ..SearchOptions::default() };
    for seed in 0..240u64 {
        let (height, width) = (3 + (seed % 6) as usize, 3 + ((seed / 6) % 6) as usize);
        let start = board(height, width, 1 + seed % 5, 10 + seed % 50, seed);
        // K from 8 up: below it a search runs on one thread whatever is asked.
        let k = 8 + (seed % 2) as usize;
        let target = 1u64 << (3 + seed % 4);
        let max_tile = max_tile_with(&start, k, &on(1)).unwrap();
        let reach = reach_with(&start, target, k, &on(1)).unwrap();
        for threads in 2..=8 {
            let parallel = max_tile_with(&start, k, &on(threads)).unwrap();
            assert_eq!(
                (parallel.tile, &parallel.moves),
                (max_tile.tile, &max_tile.moves),
                "max-tile within {k}, {threads} threads, seed {seed}:\n{start}"
            );
            let parallel = reach_with(&start, target, k, &on(threads)).unwrap();
            assert_eq!(
                parallel.moves, reach.moves,
                "reach {target} within {k}, {threads} threads, seed {seed}:\n{start}"
            );
        }
    }
}
