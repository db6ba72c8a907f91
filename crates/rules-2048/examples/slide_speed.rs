//! Times one move on a 20×20 board: `cargo run --release -p rules-2048 --example slide_speed`.
use std::time::Instant;

#[path = "../benches/boards.rs"]
mod boards;

fn main() {
    let board = boards::random_board(20, 10, 30, 7);
    let mut cells = board.exponents().as_slice().to_vec();
    for direction in rules_2048::Direction::ALL {
        let start = Instant::now();
        let mut total = 0u64;
        for _ in 0..1_000_000 {
            cells.copy_from_slice(board.exponents().as_slice());
            total += rules_2048::slide_exponents(std::hint::black_box(&mut cells), 20, 20, direction)
                .unwrap()
                .max_exponent as u64;
        }
        println!("{direction:?}: {:.0} ns a move ({total})", start.elapsed().as_nanos() as f64 / 1e6);
    }
}
