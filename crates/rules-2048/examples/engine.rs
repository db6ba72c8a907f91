//! The engine's figures: time per move and node rate at the default depth on
//! a fixed set of mid-game 4×4 boards (taken from a seeded game), and then
//! seeded self-play statistics.
//!
//! `cargo run --release -p rules-2048 --example engine -- [GAMES] [SEED] [DEPTH]`
//! (no games: the boards only; `THREADS=N` threads a game, `UNTIL=T` stops
//! each game at a tile of T, `FIRST=i` starts at game i of the run, `SIZE=HxW`
//! plays on an empty board of another size;
//! `REPEAT=n` times each board as the least of n searches).
//!
//! A game to 32768 takes about ten minutes of one core, so each game prints to
//! stderr the tiles it reaches from 2048 up as it reaches them, and every
//! 500 moves a `checkpoint` line; `RESUME='checkpoint …'` (the whole line)
//! goes on with that game from there, the same game as uninterrupted.

use std::time::Instant;

use rules_2048::{
    best_move, prepare_engine, Board, EngineOptions, GameEnd, GameRecord, GameState, SeededRng, SpawnLaw,
};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().map_or(0, |a| a.parse().expect("GAMES is a number"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED is a number"));
    let depth: Option<u32> = args.next().map(|a| a.parse().expect("DEPTH is a number"));
    let law = SpawnLaw::classic();
    let one_core = EngineOptions { depth, threads: 1, nodes: None };

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
    prepare_engine(&boards[0]);
    let mut times = Vec::new();
    let mut nodes = 0;
    // REPEAT=n searches each board n times and keeps its least time: on a
    // shared machine the least is the figure that others' load leaves alone.
    let repeat: u32 = std::env::var("REPEAT").ok().and_then(|n| n.parse().ok()).unwrap_or(1).max(1);
    let mut search_time = 0.0;
    for board in &boards {
        let mut least = f64::INFINITY;
        for _ in 0..repeat {
            let start = Instant::now();
            let answer = best_move(board, &law, &one_core).expect("no 2^63 merge");
            let time = start.elapsed().as_secs_f64();
            least = least.min(time);
            search_time += time;
            nodes += answer.nodes;
        }
        times.push(least * 1e3);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{} mid-game boards, one core{}: median {:.2} ms, max {:.2} ms a move; {:.1} M nodes/s",
        boards.len(),
        if repeat > 1 { format!(", each the least of {repeat}") } else { String::new() },
        times[times.len() / 2],
        times[times.len() - 1],
        nodes as f64 / search_time / 1e6
    );
    if games == 0 {
        return;
    }
    // Games one at a time (each on every thread), each printed as it ends,
    // so that a long run can be stopped and still tell what it played.
    let threads = std::env::var("THREADS").ok().and_then(|t| t.parse().ok()).unwrap_or(1);
    let until = std::env::var("UNTIL").ok().map(|t| t.parse().expect("UNTIL is a tile"));
    let options = rules_2048::PlayOptions {
        games,
        seed,
        depth,
        until,
        nodes_per_game: None,
        nodes_per_move: None,
        max_moves: None,
        threads,
    };
    // SIZE=HxW plays from an empty board of that size (4x4 by default).
    let size = std::env::var("SIZE").unwrap_or_else(|_| "4x4".to_string());
    let (height, width) = size
        .split_once('x')
        .and_then(|(height, width)| Some((height.parse().ok()?, width.parse().ok()?)))
        .expect("SIZE is HxW");
    let empty = Board::from_exponents(grid_core::Grid::new(height, width, 0)).expect("a board of empty cells");
    let mut records = Vec::new();
    // The moves this process played (a resumed game's earlier ones were
    // played, and timed, by another): what the time a move divides by.
    let mut played_here = 0;
    let start = Instant::now();
    // FIRST=i starts at game i, so that two processes can share a run.
    let first: u64 = std::env::var("FIRST").ok().and_then(|f| f.parse().ok()).unwrap_or(0);
    let resume = std::env::var("RESUME").ok().map(|line| parse_checkpoint(&line));
    for index in first..first + u64::from(games) {
        let game_start = Instant::now();
        let state = match &resume {
            Some(state) if state.index == index => state.clone(),
            _ => GameState::start(&empty, &law, seed, index),
        };
        let (mut largest, moves_before) = (state.record.max_tile, state.record.moves);
        let record = rules_2048::play_on(state, &law, &options, threads, |game| {
            if game.record.max_tile > largest && game.record.max_tile >= 2048 {
                largest = game.record.max_tile;
                eprintln!("game {index}: {largest} at move {}", game.record.moves);
            }
            if game.record.moves % 500 == 0 {
                eprintln!("{}", checkpoint(game));
            }
        })
        .expect("no tile overflows");
        let seconds = game_start.elapsed().as_secs_f64();
        played_here += record.moves - moves_before;
        println!(
            "game {index}: largest tile {}, score {}, {} moves, {:.1} ms a move",
            record.max_tile,
            record.score,
            record.moves,
            seconds * 1e3 / (record.moves - moves_before).max(1) as f64
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
        "{games} games, seed {seed}: median score {}, {:.3} ms a move on {threads} thread(s) ({moves} moves, {played_here} played here, {seconds:.0} s)",
        stats.scores().median,
        seconds * 1e3 / played_here.max(1) as f64
    );
}

/// One line that [`parse_checkpoint`] reads back: the game's index, what it
/// did so far, its generator and its board.
fn checkpoint(game: &GameState) -> String {
    let record = &game.record;
    let cells: Vec<String> = game
        .board
        .exponents()
        .as_slice()
        .iter()
        .map(|&e| if e == 0 { ".".to_string() } else { rules_2048::value_of(e).to_string() })
        .collect();
    let rows: Vec<String> = cells.chunks(game.board.width()).map(|row| row.join(" ")).collect();
    format!(
        "checkpoint game={} moves={} score={} nodes={} max={} rng={} board={}",
        game.index,
        record.moves,
        record.score,
        record.nodes,
        record.max_tile,
        game.rng.state(),
        rows.join(" / ")
    )
}

fn parse_checkpoint(line: &str) -> GameState {
    let (fields, board) = line.split_once(" board=").expect("RESUME is a checkpoint line");
    let field = |name: &str| -> u64 {
        let prefix = format!("{name}=");
        let value = fields.split_whitespace().find_map(|word| word.strip_prefix(&prefix));
        value.and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("RESUME has no {name}="))
    };
    let record = GameRecord {
        max_tile: field("max"),
        score: field("score"),
        moves: field("moves"),
        nodes: field("nodes"),
        end: GameEnd::Lost,
    };
    let board: Board = board.parse().expect("RESUME's board is a board");
    GameState { index: field("game"), board, rng: SeededRng::new(field("rng")), record }
}
