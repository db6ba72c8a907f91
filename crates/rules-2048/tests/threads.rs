//! The answer and its witness never depend on the thread count: every query
//! is answered on one to eight threads and compared, on boards with many
//! shortest sequences (few tile values, many equal neighbours) of many shapes.

use rules_2048::{max_tile_with, reach_with, SearchOptions};

#[path = "../benches/support/boards.rs"]
mod boards;
use boards::random_rectangle as board;

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

/// Under a budget too, the search is the same on any number of threads:
/// where it stops, what it found, the bound it states and the boards it
/// counts. Budgets from a tenth of the boards the whole search visits to all
/// of them stop it in each part of its tree.
#[test]
fn budgeted_answers_are_the_same_on_one_to_eight_threads() {
    let with = |threads, budget| SearchOptions { threads, node_budget: Some(budget) };
    for seed in 0..48u64 {
        let (height, width) = (4 + (seed % 4) as usize, 4 + ((seed / 4) % 4) as usize);
        let start = board(height, width, 1 + seed % 3, 10 + seed % 30, seed);
        let k = 8 + (seed % 3) as usize;
        let whole = max_tile_with(&start, k, &SearchOptions::default()).unwrap();
        let target = whole.tile.max(2) * 2;
        let mut budgets: Vec<u64> = [10, 4, 2, 1].iter().map(|part| whole.nodes / part).collect();
        budgets.extend([whole.nodes * 9 / 10, whole.nodes.saturating_sub(1)]);
        for budget in budgets {
            let max_tile = max_tile_with(&start, k, &with(1, budget)).unwrap();
            let reach = reach_with(&start, target, k, &with(1, budget)).unwrap();
            for threads in 2..=8 {
                let context = format!("budget {budget}, {threads} threads, K = {k}, seed {seed}:\n{start}");
                assert_eq!(max_tile_with(&start, k, &with(threads, budget)).unwrap(), max_tile, "max-tile, {context}");
                assert_eq!(reach_with(&start, target, k, &with(threads, budget)).unwrap(), reach, "reach, {context}");
            }
        }
    }
}
