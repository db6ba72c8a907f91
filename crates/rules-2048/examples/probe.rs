//! Prints the answer, node count and time of `max_tile` on the benchmark boards:
//! `cargo run --release -p rules-2048 --example probe`.

use std::time::Instant;

use rules_2048::{max_tile, Board};

#[path = "../benches/boards.rs"]
mod boards;

fn main() {
    let mut cases: Vec<(String, Board, usize)> = Vec::new();
    cases.push(("dense 20x20 random".into(), boards::random_board(20, 10, 0, 1), 5));
    cases.push(("20x20 half empty".into(), boards::random_board(20, 6, 50, 2), 5));
    for seed in 1..=3 {
        cases.push((format!("20x20 random #{seed}"), boards::random_board(20, 10, 30, seed), 10));
    }
    cases.push(("20x20 all 1024".into(), boards::uniform(20, 1024), 10));
    for (name, board, k) in cases {
        let start = Instant::now();
        let answer = max_tile(&board, k).unwrap();
        let elapsed = start.elapsed();
        println!(
            "{name:<24} K={k:<2} tile {:>6} in {} moves, {:>8} nodes, {:>9.3} ms, {:.1} M nodes/s",
            answer.tile,
            answer.moves.len(),
            answer.nodes,
            elapsed.as_secs_f64() * 1e3,
            answer.nodes as f64 / elapsed.as_secs_f64() / 1e6
        );
    }
}
