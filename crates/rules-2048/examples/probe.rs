//! Prints the answer, node count and time of `max_tile` on the benchmark boards,
//! on one thread and on two, and the standard solution's on the K = 10 boards:
//! `cargo run --release -p rules-2048 --example probe`.

use std::time::Instant;

use rules_2048::{max_tile_with, Board, SearchOptions};

#[path = "../benches/support/boards.rs"]
mod boards;
#[path = "../benches/support/standard.rs"]
mod standard;

/// The best of forty runs of each, in milliseconds, taken in turn so that
/// both see the same swings of this machine's clock, and the last answers.
fn timed_in_turn<T>(mut first: impl FnMut() -> T, mut second: impl FnMut() -> T) -> ((f64, T), (f64, T)) {
    let mut best = [f64::MAX; 2];
    let mut last = (None, None);
    for _ in 0..40 {
        let start = Instant::now();
        last.0 = Some(first());
        best[0] = best[0].min(start.elapsed().as_secs_f64() * 1e3);
        let start = Instant::now();
        last.1 = Some(second());
        best[1] = best[1].min(start.elapsed().as_secs_f64() * 1e3);
    }
    ((best[0], last.0.expect("forty runs")), (best[1], last.1.expect("forty runs")))
}

fn main() {
    let mut cases: Vec<(String, Board, usize)> = vec![
        ("dense 20x20 random".into(), boards::random_board(20, 10, 0, 1), 5),
        ("20x20 half empty".into(), boards::random_board(20, 6, 50, 2), 5),
    ];
    for seed in 1..=3 {
        cases.push((format!("20x20 random #{seed}"), boards::random_board(20, 10, 30, seed), 10));
    }
    cases.push(("20x20 all 1024".into(), boards::uniform(20, 1024), 10));
    cases.push((
        "worst for ours".into(),
        boards::judge_board(include_str!("../benches/data/worst-ours-20x20-k10.txt")),
        10,
    ));
    cases.push((
        "worst for standard".into(),
        boards::judge_board(include_str!("../benches/data/worst-standard-20x20-k10.txt")),
        10,
    ));
    println!(
        "{:<20} {:>3} {:>7} {:>5} {:>9} {:>9} {:>9} {:>7} | standard: {:>9} {:>9}",
        "board", "K", "tile", "moves", "nodes", "1 thread", "2 threads", "speedup", "nodes", "time"
    );
    for (name, board, k) in cases {
        let one = SearchOptions { threads: 1, ..SearchOptions::default() };
        let two = SearchOptions { threads: 2, ..SearchOptions::default() };
        let ((single_ms, answer), (double_ms, parallel)) =
            timed_in_turn(|| max_tile_with(&board, k, &one).unwrap(), || max_tile_with(&board, k, &two).unwrap());
        assert_eq!((answer.tile, answer.moves.len()), (parallel.tile, parallel.moves.len()));
        let standard = if k == 10 {
            let start = Instant::now();
            let (tile, nodes) = standard::standard_max_tile(&board, k);
            assert_eq!(tile, answer.tile, "the standard solution agrees");
            format!("{nodes:>9} {:>7.1} ms", start.elapsed().as_secs_f64() * 1e3)
        } else {
            String::new()
        };
        println!(
            "{name:<20} {k:>3} {:>7} {:>5} {:>9} {:>6.2} ms {:>6.2} ms {:>6.2}x | {standard}",
            answer.tile,
            answer.moves.len(),
            answer.nodes,
            single_ms,
            double_ms,
            single_ms / double_ms,
        );
    }
}
