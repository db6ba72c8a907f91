//! Hill-climbs 20×20 boards toward the most nodes a K = 10 search visits, for
//! our solver and for the standard one, and writes them to benches/data/:
//! `cargo run --release -p rules-2048 --example worst_boards -- SECONDS [ours|standard]`.
//! Each change to one cell is kept when it does not lower the node count. A
//! climb starts from the board already saved, when there is one, so that
//! climbs add up across runs (and across changes to the search).

use std::time::{Duration, Instant};

use rules_2048::{max_tile, Board};

#[path = "../benches/support/boards.rs"]
mod boards;
#[path = "../benches/support/standard.rs"]
mod standard;

fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn climb(name: &str, path: &str, seconds: u64, nodes_of: impl Fn(&Board) -> u64) -> (Vec<Vec<u64>>, u64) {
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    let mut rows: Vec<Vec<u64>> = match std::fs::read_to_string(path) {
        Ok(saved) => boards::judge_board(&saved).values().rows().map(<[u64]>::to_vec).collect(),
        Err(_) => (0..20).map(|_| (0..20).map(|_| 1u64 << (1 + next(&mut state) % 10)).collect()).collect(),
    };
    let mut best = nodes_of(&Board::from_rows(rows.clone()).unwrap());
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tries = 0;
    while Instant::now() < deadline {
        tries += 1;
        let (r, c) = ((next(&mut state) % 20) as usize, (next(&mut state) % 20) as usize);
        let old = rows[r][c];
        let choice = next(&mut state) % 12;
        rows[r][c] = if choice == 0 { 0 } else { 1 << choice.min(10) };
        let nodes = nodes_of(&Board::from_rows(rows.clone()).unwrap());
        if nodes >= best {
            best = nodes;
        } else {
            rows[r][c] = old;
        }
    }
    eprintln!("{name}: {best} nodes after {tries} tries");
    (rows, best)
}

fn save(path: &str, rows: &[Vec<u64>]) {
    let mut text = format!("{}\n", rows.len());
    for row in rows {
        text += &row.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        text += "\n";
    }
    std::fs::write(path, text).unwrap();
}

fn main() {
    let seconds: u64 = std::env::args().nth(1).map_or(60, |s| s.parse().expect("seconds"));
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data");
    std::fs::create_dir_all(dir).unwrap();
    let which = std::env::args().nth(2).unwrap_or_default();
    if which != "standard" {
        let path = format!("{dir}/worst-ours-20x20-k10.txt");
        let (ours, _) = climb("ours", &path, seconds, |board| max_tile(board, 10).unwrap().nodes);
        save(&path, &ours);
    }
    if which != "ours" {
        let path = format!("{dir}/worst-standard-20x20-k10.txt");
        let (theirs, _) = climb("standard", &path, seconds, |board| standard::standard_max_tile(board, 10).1);
        save(&path, &theirs);
    }
}
