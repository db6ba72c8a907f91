//! The engine's figures: time per move and node rate at the default depth on
//! a fixed set of mid-game 4×4 boards (taken from a seeded game), and then
//! seeded self-play statistics.
//!
//! `cargo run --release -p rules-2048 --example engine -- [GAMES] [SEED] [DEPTH]`
//! (no games: the boards only).

use std::time::Instant;

use rules_2048::{best_move, Board, EngineOptions, SpawnLaw};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().map_or(0, |a| a.parse().expect("GAMES is a number"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED is a number"));
    let depth: Option<u32> = args.next().map(|a| a.parse().expect("DEPTH is a number"));
    let law = SpawnLaw::classic();
    let one_core = EngineOptions { depth, threads: 1 };

    // The fixed boards: benches/data/midgame-4x4.txt (see the example
    // midgame_boards), or BOARDS_FILE.
    let path = std::env::var("BOARDS_FILE")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/midgame-4x4.txt").to_string());
    let boards: Vec<Board> = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{path}: {error}"))
        .lines()
        .map(|line| line.split('#').next().unwrap_or("").parse().expect("a board a line"))
        .collect();
    let mut times = Vec::new();
    let mut nodes = 0;
    let started = Instant::now();
    for board in &boards {
        let start = Instant::now();
        let answer = best_move(board, &law, &one_core);
        times.push(start.elapsed().as_secs_f64() * 1e3);
        nodes += answer.nodes;
    }
    let total = started.elapsed().as_secs_f64();
    times.sort_by(f64::total_cmp);
    println!(
        "{} mid-game boards, one core: median {:.2} ms, max {:.2} ms a move; {:.1} M nodes/s",
        boards.len(),
        times[times.len() / 2],
        times[times.len() - 1],
        nodes as f64 / total / 1e6
    );
    if games == 0 {
        return;
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let options =
        rules_2048::PlayOptions { games, seed, depth, until: None, nodes_per_game: None, max_moves: None, threads };
    let empty: Board = ". . . . / . . . . / . . . . / . . . .".parse().expect("a board");
    let start = Instant::now();
    let stats = rules_2048::play(&empty, &law, &options).expect("no tile overflows");
    let seconds = start.elapsed().as_secs_f64();
    let moves: u64 = stats.games.iter().map(|game| game.moves).sum();
    for (tile, share) in stats.reached() {
        println!("  {tile:>6}: {:5.1} %", share * 100.0);
    }
    let scores = stats.scores();
    println!(
        "{games} games, seed {seed}: median score {}, {:.2} ms a move on {threads} threads ({moves} moves, {seconds:.0} s)",
        scores.median,
        seconds * 1e3 * threads as f64 / moves as f64
    );
}
