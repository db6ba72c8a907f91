//! The steps of an answer, replayed from the starting board: what `--explain`
//! and `--svg` both draw. 2048: the start, then each move of the witness (or
//! of `apply`) with the tiles its merges made; with spawns, each legal first
//! move of the analysis with its value. Block game: the start, each removal
//! with its black cells, and the board after them.

use grid_core::{Direction, Grid};

use crate::answer::{Answer2048, BlockAnswer};

/// One step of a 2048 answer.
pub enum Step2048 {
    /// The board before anything happens.
    Start {
        /// Its tiles.
        values: Grid<u64>,
    },
    /// One move of the witness.
    Move {
        /// Which move, from 1.
        number: usize,
        /// Its direction.
        direction: Direction,
        /// Whether anything moved or merged.
        changed: bool,
        /// The board after it.
        values: Grid<u64>,
        /// Where its merges made a tile.
        merged: Vec<(usize, usize)>,
    },
    /// A move that would merge two 2^63 tiles: the replay stops before it.
    Overflow {
        /// Which move, from 1.
        number: usize,
        /// Its direction.
        direction: Direction,
    },
}

/// One legal first move of a `chance` or `best-move` answer's analysis.
pub struct FirstMove {
    /// Its direction.
    pub direction: Direction,
    /// The board after it, before its spawn.
    pub values: Grid<u64>,
    /// Where its merges made a tile.
    pub merged: Vec<(usize, usize)>,
    /// Its value: the best chance after it, or the engine's value.
    pub value: f64,
    /// Whether it is among the answer's best moves.
    pub best: bool,
}

/// The analysis of a `chance` or `best-move` answer, a legal first move at a
/// time; empty for any other answer, or when no move was searched (a board
/// that holds the tile, a new game, a lost one).
pub fn first_moves(start: &rules_2048::Board, answer: &Answer2048) -> Vec<FirstMove> {
    let (analysis, best) = match answer {
        Answer2048::Chance { first_moves, moves, .. } => (first_moves, moves.clone()),
        Answer2048::BestMove { analysis, .. } => (analysis, answer.best_moves()),
        _ => return Vec::new(),
    };
    let after = |&(direction, value): &(Direction, f64)| {
        let mut board = start.clone();
        // A legal move of an answer merges no two 2^63 tiles: the search
        // that valued it would have stopped with an error instead.
        let (_, merged) = board.slide_marking_merges(direction).ok()?;
        Some(FirstMove { direction, values: board.values(), merged, value, best: best.contains(&direction) })
    };
    analysis.iter().filter_map(after).collect()
}

/// One step of a block-game answer.
pub enum BlockStep {
    /// The board before anything happens.
    Start {
        /// Its block ids.
        ids: Grid<u32>,
    },
    /// One removal, its black cells shown before the box vanishes.
    Removal {
        /// Which removal, from 1.
        number: usize,
        /// The block removed.
        id: u32,
        /// The board before it vanishes.
        ids: Grid<u32>,
        /// Where the black cells were dropped.
        black: Vec<(usize, usize)>,
    },
    /// The board once every removal is done.
    After {
        /// Its block ids.
        ids: Grid<u32>,
    },
}

/// The steps of a 2048 answer; empty for one with nothing to replay (`reach`
/// that is unreachable).
pub fn steps_2048(start: &rules_2048::Board, answer: &Answer2048) -> Vec<Step2048> {
    let Some(moves) = answer.moves() else { return Vec::new() };
    let mut board = start.clone();
    let mut steps = vec![Step2048::Start { values: board.values() }];
    for (index, &direction) in moves.iter().enumerate() {
        let number = index + 1;
        match board.slide_marking_merges(direction) {
            Ok((outcome, merged)) => steps.push(Step2048::Move {
                number,
                direction,
                changed: outcome.changed,
                values: board.values(),
                merged,
            }),
            Err(_) => {
                steps.push(Step2048::Overflow { number, direction });
                break;
            }
        }
    }
    steps
}

/// The steps of a block-game answer.
pub fn block_steps(start: &rules_blockgame::Board, answer: &BlockAnswer) -> Vec<BlockStep> {
    let BlockAnswer::MaxRemoved(solution) = answer;
    let mut ids = start.ids().clone();
    let mut steps = vec![BlockStep::Start { ids: ids.clone() }];
    for (index, removal) in solution.removals.iter().enumerate() {
        let black = removal.black_cells.clone();
        steps.push(BlockStep::Removal { number: index + 1, id: removal.id, ids: ids.clone(), black });
        for &cell in &start.block(removal.id).expect("removed blocks are on the board").cells {
            ids[cell] = 0;
        }
    }
    if !solution.removals.is_empty() {
        steps.push(BlockStep::After { ids });
    }
    steps
}
