//! `puzzle new`: a commented template to start a puzzle from.

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

# The real game instead: add `spawns classic` below `game 2048` (a 2, or a 4
# one time in ten, appears after every move), and ask these queries instead
# of the three above:
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
