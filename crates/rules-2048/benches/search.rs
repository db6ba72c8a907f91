//! `cargo bench -p rules-2048`: the search on the boards the targets name.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rules_2048::max_tile;

#[path = "boards.rs"]
mod boards;
use boards::{random_board, uniform};

fn moves(c: &mut Criterion) {
    let board = random_board(20, 10, 30, 7);
    for direction in rules_2048::Direction::ALL {
        let mut cells = board.exponents().as_slice().to_vec();
        c.bench_function(&format!("one move {direction:?} on a 20x20 board"), |b| {
            b.iter(|| {
                cells.copy_from_slice(board.exponents().as_slice());
                rules_2048::slide_exponents(black_box(&mut cells), 20, 20, direction).unwrap()
            })
        });
    }
}

fn searches(c: &mut Criterion) {
    let mut group = c.benchmark_group("max_tile");
    let dense = random_board(20, 10, 0, 1);
    group.bench_function("dense 20x20 random, K=5", |b| b.iter(|| max_tile(black_box(&dense), 5).unwrap()));
    let ones = uniform(20, 1024);
    group.bench_function("20x20 all 1024, K=5", |b| b.iter(|| max_tile(black_box(&ones), 5).unwrap()));
    let sparse = random_board(20, 6, 50, 2);
    group.bench_function("20x20 half empty, K=5", |b| b.iter(|| max_tile(black_box(&sparse), 5).unwrap()));
    group.sample_size(10);
    for seed in 1..=3 {
        let board = random_board(20, 10, 30, seed);
        group.bench_function(format!("20x20 random #{seed}, K=10"), |b| {
            b.iter(|| max_tile(black_box(&board), 10).unwrap())
        });
    }
    group.bench_function("20x20 all 1024, K=10", |b| b.iter(|| max_tile(black_box(&ones), 10).unwrap()));
    group.finish();
}

criterion_group!(benches, moves, searches);
criterion_main!(benches);
