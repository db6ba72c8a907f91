//! Deep searches on random boards, with a node budget: how far K goes.
//! `cargo run --release -p rules-2048 --example deep -- SIZE K [SEEDS] [THREADS]`

use std::time::Instant;

use rules_2048::{max_tile_with, Proof, SearchOptions};

#[path = "../benches/support/boards.rs"]
mod boards;

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse().expect("numbers")).collect();
    let (size, k) = (args[0], args[1]);
    let seeds = args.get(2).copied().unwrap_or(3);
    let threads = args.get(3).copied().unwrap_or(1);
    let options = SearchOptions { node_budget: Some(20_000_000), threads };
    for seed in 1..=seeds as u64 {
        let board = boards::random_board(size, 10, 30, seed);
        let start = Instant::now();
        let answer = max_tile_with(&board, k, &options).unwrap();
        let exact = if answer.proof == Proof::Exact { "exact" } else { "INCOMPLETE" };
        println!(
            "{size}x{size} seed {seed} K={k}: tile {} in {} moves, {} nodes, {:.1} ms, {exact}",
            answer.tile,
            answer.moves.len(),
            answer.nodes,
            start.elapsed().as_secs_f64() * 1e3
        );
    }
}
