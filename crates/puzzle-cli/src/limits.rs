//! The limits that keep every input bounded in time and memory. Each is far
//! above what a legitimate puzzle needs; docs/format.md lists them.

/// The largest `.puzzle` file read: 1 MiB, over 3,000 rows of a 256-wide board.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The stack of every thread that parses and searches (the program's own,
/// the files' workers, the language server's answers): 8 MiB, the usual
/// main thread's, set rather than left to `ulimit -s` or `RUST_MIN_STACK`,
/// with which the parser (pest stops short of the stack's end) told every
/// line of a valid file as a syntax error.
pub const THREAD_STACK: usize = 8 << 20;
/// The most rows, and the most columns, of a board.
pub const MAX_SIDE: usize = 256;
/// The most cells of a board: a square of the sides' limit, so that the
/// sides' check bounds the cells too.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
/// The largest K of `max-tile` and `reach`: with one board a level kept for
/// the search, a 65,536-cell board at this depth takes 13 MiB.
pub const MAX_K: usize = 200;
/// The most queries in one file.
pub const MAX_QUERIES: usize = 1_000;
/// The most moves in one `apply`.
pub const MAX_APPLY_MOVES: usize = 100_000;
/// The most cell-moves (moves × cells) in one `apply`: well under a second.
pub const MAX_APPLY_WORK: usize = 100_000_000;
/// The default search budget in cell-moves (boards visited × cells a board):
/// a few seconds of search on this project's reference machine (20×20,
/// K = 200: 2.1 s; 256×256: 5.4 s).
pub const DEFAULT_BUDGET_CELLS: u64 = 1_000_000_000;
/// The largest judge input read from standard input.
pub const MAX_JUDGE_BYTES: usize = 4 << 20;

/// Without `--budget`, a file's queries share ten default budgets: a file of a
/// thousand slow queries ends in minutes, not hours.
pub const FILE_BUDGET_QUERIES: u64 = 10;

/// The default node budget for a board of `cells` cells.
pub fn default_node_budget(cells: usize) -> u64 {
    (DEFAULT_BUDGET_CELLS / cells.max(1) as u64).max(10_000)
}

/// The most games one `play` query plays.
pub const MAX_GAMES: u32 = 100_000;
/// The most moves of one self-played game before it counts as unfinished:
/// a 4×4 game rarely passes 30,000; a large board could play for days.
pub const MAX_GAME_MOVES: u64 = 1_000_000;
/// The default budget of `chance` on boards up to 4×4, in boards: its
/// look-ups keep every board it searched (about 80 bytes each on 4×4), so 2
/// million stay under 200 MB, and take 2 to 8 seconds (past them, the
/// searches of fewer moves share as many more: up to twice that in all).
pub const CHANCE_BOARDS: u64 = 2_000_000;

/// The default budget of `chance` on a board of `cells` cells: a board's
/// spawns and the work of each grow with its cells, so its cost grows as
/// their square, and the budget shrinks as it, to take the same time as
/// 4×4's (3,200 boards on 20×20, about two seconds).
pub fn default_chance_boards(cells: usize) -> u64 {
    let cells = cells.max(16) as u64;
    CHANCE_BOARDS * 256 / (cells * cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chance_budget_shrinks_as_the_square_of_the_cells_past_4x4() {
        assert_eq!(default_chance_boards(4), CHANCE_BOARDS);
        assert_eq!(default_chance_boards(16), CHANCE_BOARDS);
        assert_eq!(default_chance_boards(32), CHANCE_BOARDS / 4);
        assert_eq!(default_chance_boards(400), 3_200);
    }
}
