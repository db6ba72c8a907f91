//! `cargo bench -p rules-blockgame`: the solver on a 50×50 board with 150 blocks.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rules_blockgame::{solve, Board};

/// 150 L, J and T tetrominoes placed at pseudo-random free spots of a 50×50 board.
fn crowded_board() -> Board {
    let shapes: [[(usize, usize); 4]; 6] = [
        [(0, 0), (1, 0), (2, 0), (2, 1)],
        [(0, 1), (1, 1), (2, 0), (2, 1)],
        [(0, 1), (1, 0), (1, 1), (1, 2)],
        [(0, 0), (0, 1), (0, 2), (1, 1)],
        [(0, 2), (1, 0), (1, 1), (1, 2)],
        [(0, 0), (1, 0), (1, 1), (1, 2)],
    ];
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut rows = vec![vec![0u32; 50]; 50];
    let mut placed = 0;
    while placed < 150 {
        let shape = shapes[next(shapes.len())];
        let (top, left) = (next(47), next(47));
        if shape.iter().all(|&(r, c)| rows[top + r][left + c] == 0) {
            placed += 1;
            for &(r, c) in &shape {
                rows[top + r][left + c] = placed;
            }
        }
    }
    Board::from_rows(rows).unwrap()
}

fn bench(c: &mut Criterion) {
    let board = crowded_board();
    let removed = solve(&board).count();
    c.bench_function(&format!("solve 50x50, 150 blocks ({removed} removable)"), |b| {
        b.iter(|| solve(black_box(&board)))
    });
    c.bench_function("extract and validate 50x50, 150 blocks", |b| {
        let rows: Vec<Vec<u32>> = board.ids().rows().map(<[u32]>::to_vec).collect();
        b.iter(|| Board::from_rows(black_box(rows.clone())).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
