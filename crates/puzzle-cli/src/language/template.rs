//! `puzzle new`: a commented template to start a puzzle from.

use rules_2048::{most_moves_within, Board, SpawnLaw};

use super::ast::GameKind;

/// A template for `game` with an empty `height × width` board.
pub fn new_puzzle(game: GameKind, height: usize, width: usize) -> String {
    let row = vec!["."; width].join(" ");
    let board: String = (0..height).map(|_| format!("  {row}\n")).collect();
    match game {
        GameKind::Twenty48 => format!(
            r#"# A 2048 puzzle (no tiles appear after a move). Run it with:
#   puzzle run this-file.puzzle
# The language is described in docs/format.md.
name "My 2048 puzzle"
game 2048

# One row per line, cells separated by blanks: `.` (or 0) is empty, any other
# cell a power of two from 2 up. Replace some dots with tiles.
board {{
{board}}}

# The largest tile reachable in at most K moves, with a shortest witness.
# Add `expect N` below a query to check its answer.
query max-tile within 5

# The fewest moves until some tile is at least T (or `unreachable`).
query reach 64 within 10

# The board after the given moves (U D L R, or up down left right).
query apply L U

# The real game instead (`puzzle new 2048 --spawns` prints its template): add
# `spawns classic` below `game 2048` (a 2, or a 4 one time in ten, appears
# after every move), and ask these queries instead of the three above:
#   query chance 16 within 6                    # the best probability of a 16
#   query best-move                             # the engine's move, analysed
#   query play 10 games seed 1 depth 2 until 2048   # seeded self-play
# (a game played to its end at the default depth takes minutes).
# or play it: puzzle play this-file.puzzle
"#
        ),
        GameKind::BlockGame => format!(
            r#"# A Kakao 2019 block game puzzle. Run it with:
#   puzzle run this-file.puzzle
# The language is described in docs/format.md.
name "My block game puzzle"
game blockgame

# One row per line, cells separated by blanks: `.` (or 0) is empty, any other
# cell a block id. The cells of one id must touch side by side. Replace some
# dots with blocks, for example an L: `1` at (r, c), (r+1, c), (r+2, c), (r+2, c+1).
board {{
{board}}}

# How many blocks black cells dropped from the top can remove, and in which
# order. Add `expect N` below to check the answer.
query max-removed
"#
        ),
    }
}

/// A template for the game with spawns on a `height × width` board holding
/// two 2s (in opposite corners), whose queries answer in a second or so on
/// any size the language allows.
pub fn new_game_with_spawns(height: usize, width: usize) -> String {
    let cells = height * width;
    let row = |r: usize| {
        let cell = |c: usize| if (r, c) == (0, 0) || (r, c) == (height - 1, width - 1) { "2" } else { "." };
        (0..width).map(cell).collect::<Vec<_>>().join(" ")
    };
    let board: String = (0..height).map(|r| format!("  {}\n", row(r))).collect();
    // As many moves as the exact chance is proven for on this size, up to 3.
    let empty = Board::from_exponents(grid_core::Grid::new(height, width, 0)).expect("a board of empty cells");
    let moves = most_moves_within(&empty, &SpawnLaw::classic(), 1e-12).min(3);
    // Self-play at the default depth takes a second on 4×4, but minutes on
    // other sizes: there a depth that keeps it to a second.
    let depth = match (height, width) {
        (4, 4) => "",
        _ if cells <= 64 => " depth 2",
        _ => " depth 1",
    };
    // On large boards the spawns land far apart and a tile takes many more
    // moves to make, each move dearer: a smaller tile keeps the games to a
    // second (docs/performance.md, "The template").
    let until = match cells {
        0..=4_096 => 256,
        4_097..=10_000 => 64,
        10_001..=20_000 => 32,
        _ => 16,
    };
    format!(
        r#"# 2048 as it is played: after every move a tile appears in a random empty
# cell. Run it with:
#   puzzle run this-file.puzzle
# or play it in the terminal:
#   puzzle play this-file.puzzle
# The language is described in docs/format.md.
name "My 2048 game"
game 2048
# A 2 nine times in ten, else a 4. A law of your own: `spawns 2 80% 4 20%`.
spawns classic

# One row per line, cells separated by blanks: `.` (or 0) is empty, any other
# cell a power of two from 2 up. This is the board the player moves on; a
# board of empty cells is a new game (two tiles spawned first).
board {{
{board}}}

# The best probability, over every way of playing, that a tile of at least 8
# stands within {moves} moves: exact, with the best first moves. Add `expect 0.5`
# (a probability to the decimals you write) below a query to check it.
query chance 8 within {moves}

# The engine's move, with each legal move's value (`depth D` to choose).
query best-move

# Seeded self-play to a {until} (or each game's end): the share of games reaching
# each tile, scores and moves. Without `until`, each game is played to its
# end, and at the default depth (no `depth`) a game to 16384 takes minutes.
query play 10 games seed 1{depth} until {until}
"#
    )
}
