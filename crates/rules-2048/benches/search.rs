//! `cargo bench -p rules-2048`: one move, and the search on the boards the
//! performance targets name (docs/performance.md has the figures).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rules_2048::{max_tile_with, Board, SearchOptions};

#[path = "support/boards.rs"]
mod boards;
#[path = "support/standard.rs"]
mod standard;
use boards::{judge_board, random_board, uniform};

fn one_thread() -> SearchOptions {
    SearchOptions { threads: 1, ..SearchOptions::default() }
}

fn moves(c: &mut Criterion) {
    // Boards in turn, so that the branch predictor cannot learn one board's
    // cells: the search never moves the same board twice.
    let boards: Vec<Vec<u8>> =
        (0..64).map(|seed| random_board(20, 10, 30, seed).exponents().as_slice().to_vec()).collect();
    for direction in rules_2048::Direction::ALL {
        let mut cells = vec![0; 400];
        let mut next = 0;
        c.bench_function(&format!("one move {direction:?} on a 20x20 board"), |b| {
            b.iter(|| {
                next = (next + 1) % boards.len();
                cells.copy_from_slice(&boards[next]);
                rules_2048::slide_exponents(black_box(&mut cells), 20, 20, direction).unwrap()
            })
        });
    }
}

fn shallow(c: &mut Criterion) {
    let mut group = c.benchmark_group("K=5");
    let dense = random_board(20, 10, 0, 1);
    group.bench_function("dense 20x20 random", |b| b.iter(|| max_tile_with(black_box(&dense), 5, &one_thread())));
    let ones = uniform(20, 1024);
    group.bench_function("20x20 all 1024", |b| b.iter(|| max_tile_with(black_box(&ones), 5, &one_thread())));
    let sparse = random_board(20, 6, 50, 2);
    group.bench_function("20x20 half empty", |b| b.iter(|| max_tile_with(black_box(&sparse), 5, &one_thread())));
    group.finish();
}

fn deep(c: &mut Criterion) {
    let mut group = c.benchmark_group("K=10");
    group.sample_size(10);
    let mut boards: Vec<(String, Board)> =
        (1..=3).map(|seed| (format!("20x20 random #{seed}"), random_board(20, 10, 30, seed))).collect();
    boards.push(("worst for ours".into(), judge_board(include_str!("data/worst-ours-20x20-k10.txt"))));
    let theirs = judge_board(include_str!("data/worst-standard-20x20-k10.txt"));
    boards.push(("worst for the standard solution, ours".into(), theirs.clone()));
    for (name, board) in &boards {
        for threads in [1, 2] {
            let options = SearchOptions { threads, ..SearchOptions::default() };
            let plural = if threads == 1 { "thread" } else { "threads" };
            group.bench_function(format!("{name}, {threads} {plural}"), |b| {
                b.iter(|| max_tile_with(black_box(board), 10, &options))
            });
        }
    }
    group.bench_function("worst for the standard solution, standard", |b| {
        b.iter(|| standard::standard_max_tile(black_box(&theirs), 10))
    });
    group.finish();

    let mut group = c.benchmark_group("stretch");
    group.sample_size(10);
    for seed in 1..=2 {
        let board = random_board(8, 10, 30, seed);
        group.bench_function(format!("8x8 random #{seed}, K=20, 1 thread"), |b| {
            b.iter(|| max_tile_with(black_box(&board), 20, &one_thread()))
        });
    }
    // The K = 15 target: under a second a board (about 0.7 s each here).
    for seed in 1..=2 {
        let board = random_board(20, 10, 30, seed);
        group.bench_function(format!("20x20 random #{seed}, K=15, 1 thread"), |b| {
            b.iter(|| max_tile_with(black_box(&board), 15, &one_thread()))
        });
    }
    // A deep query stops at its budget; what matters is that each board
    // costs about what it costs at K = 10 (a bound that relaxed all 200
    // moves once made this 10 times slower).
    let board = random_board(20, 10, 30, 3);
    let budget = SearchOptions { node_budget: Some(20_000), threads: 1 };
    group.bench_function("20x20 random #3, K=200, 20,000-board budget", |b| {
        b.iter(|| max_tile_with(black_box(&board), 200, &budget))
    });
    group.finish();
}

/// The engine of the game with spawns at its default depth, one core: the
/// median, third and last of the fixed mid-game boards by their node counts
/// (benches/data/midgame-4x4.txt), and a 20×20 board on the general board.
fn engine(c: &mut Criterion) {
    let law = rules_2048::SpawnLaw::classic();
    let one_core = rules_2048::EngineOptions { depth: None, threads: 1, nodes: None };
    let boards: Vec<Board> = include_str!("data/midgame-4x4.txt")
        .lines()
        .map(|line| line.split('#').next().unwrap().parse().unwrap())
        .collect();
    let mut group = c.benchmark_group("best-move");
    group.sample_size(10);
    for index in [0, boards.len() / 2, boards.len() - 1] {
        let board = &boards[index];
        group.bench_function(format!("4x4 mid-game board #{index}, default depth"), |b| {
            b.iter(|| rules_2048::best_move(black_box(board), &law, &one_core).expect("no 2^63 merge"))
        });
    }
    let large = boards::random_rectangle(20, 20, 2, 60, 1);
    group.bench_function("20x20 sparse board, default depth", |b| {
        b.iter(|| rules_2048::best_move(black_box(&large), &law, &one_core).expect("no 2^63 merge"))
    });
    group.finish();
}

criterion_group!(benches, moves, shallow, deep, engine);
criterion_main!(benches);
