//! The engine's figures: time per move and node rate at the default depth on
//! a fixed set of mid-game 4×4 boards (taken from a seeded game), and then
//! seeded self-play statistics.
//!
//! `cargo run --release -p rules-2048 --example engine -- [GAMES] [SEED] [DEPTH]`
//! (no games: the boards only; `THREADS=N` threads a game, `UNTIL=T` stops
//! each game at a tile of T, `FIRST=i` starts at game i of the run).

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
    // The row tables are built on the first call (a few milliseconds, once a
    // process): built here, before the clock, as other engines build theirs.
    best_move(&boards[0], &law, &EngineOptions { depth: Some(1), threads: 1 });
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
    // Games one at a time (each on every thread), each printed as it ends,
    // so that a long run can be stopped and still tell what it played.
    let threads = std::env::var("THREADS").ok().and_then(|t| t.parse().ok()).unwrap_or(1);
    let until = std::env::var("UNTIL").ok().map(|t| t.parse().expect("UNTIL is a tile"));
    let options = rules_2048::PlayOptions { games, seed, depth, until, nodes_per_game: None, max_moves: None, threads };
    let empty: Board = ". . . . / . . . . / . . . . / . . . .".parse().expect("a board");
    let mut records = Vec::new();
    let start = Instant::now();
    // FIRST=i starts at game i, so that two processes can share a run.
    let first: u64 = std::env::var("FIRST").ok().and_then(|f| f.parse().ok()).unwrap_or(0);
    for index in first..first + u64::from(games) {
        let game_start = Instant::now();
        let record = rules_2048::play_one(&empty, &law, &options, index, threads).expect("no tile overflows");
        let seconds = game_start.elapsed().as_secs_f64();
        println!(
            "game {index}: largest tile {}, score {}, {} moves, {:.1} ms a move",
            record.max_tile,
            record.score,
            record.moves,
            seconds * 1e3 / record.moves.max(1) as f64
        );
        records.push(record);
    }
    let stats = rules_2048::PlayStats { games: records };
    let seconds = start.elapsed().as_secs_f64();
    let moves = stats.total_moves();
    for (tile, share) in stats.reached() {
        println!("  {tile:>6}: {:5.1} %", share * 100.0);
    }
    println!(
        "{games} games, seed {seed}: median score {}, {:.2} ms a move on {threads} thread(s) ({moves} moves, {seconds:.0} s)",
        stats.scores().median,
        seconds * 1e3 / moves as f64
    );
}
