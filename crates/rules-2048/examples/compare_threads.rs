//! Checks that the parallel search picks the very witness the sequential one
//! does, on many boards: `cargo run --release -p rules-2048 --example compare_threads`.

use rules_2048::{max_tile, max_tile_with, SearchOptions};

#[path = "../benches/support/boards.rs"]
mod boards;

fn main() {
    let mut same = 0;
    let mut different = 0;
    for seed in 0..300u64 {
        let size = 3 + (seed % 8) as usize;
        let board = boards::random_board(size, 1 + seed % 6, 20 + seed % 40, seed);
        let k = 5 + (seed % 4) as usize;
        let sequential = max_tile(&board, k).unwrap();
        let parallel = max_tile_with(&board, k, &SearchOptions { threads: 2, ..SearchOptions::default() }).unwrap();
        assert_eq!((sequential.tile, sequential.moves.len()), (parallel.tile, parallel.moves.len()));
        if sequential.moves == parallel.moves {
            same += 1;
        } else {
            different += 1;
        }
    }
    println!("same witness: {same}, different witness: {different}");
}
