//! Writes the fixed mid-game boards of the engine's benchmark: a seeded game
//! at the default depth, every 100th board from score 20,000 up to 100,000,
//! one board a line (`2 4 . 8 / …`), with its score after a `#`.
//!
//! `cargo run --release -p rules-2048 --example midgame_boards > benches/data/midgame-4x4.txt`

use rules_2048::{best_move, play_move, spawn_random, starting_board, Board, EngineOptions, SeededRng, SpawnLaw};

fn main() {
    let law = SpawnLaw::classic();
    let mut rng = SeededRng::for_game(2048, 1);
    let empty: Board = ". . . . / . . . . / . . . . / . . . .".parse().expect("a board");
    let mut board = starting_board(&empty, &law, &mut rng);
    let mut score = 0u64;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    for played in 0u64.. {
        if played % 100 == 0 && (20_000..=100_000).contains(&score) {
            let rows: Vec<String> = board.to_string().lines().map(str::to_string).collect();
            println!("{} # score {score}, move {played}", rows.join(" / "));
        }
        if score > 100_000 {
            break;
        }
        let Some(direction) = best_move(&board, &law, &EngineOptions { depth: None, threads, nodes: None })
            .expect("no 2^63 merge")
            .choice
        else {
            eprintln!("lost at move {played}, score {score}, largest tile {}", board.max_tile());
            break;
        };
        let (moved, points) = play_move(&board, direction).expect("no overflow").expect("a legal move");
        score += points;
        board = spawn_random(&moved, &law, &mut rng).expect("room for a spawn");
    }
}
