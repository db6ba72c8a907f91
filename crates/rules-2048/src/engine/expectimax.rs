//! The search: expectimax over the player's moves and the spawns, to a depth
//! in moves, cut where the path has become unlikely. Every step is a fixed
//! sequence of floating-point operations, so a value never depends on the
//! machine, the thread or the clock.
//!
//! The cuts, in the order they apply to a board after a move (the first also
//! to a chance node's spawns at once, whose moves end the search):
//! 1. the depth: after the last move of the depth, the heuristic;
//! 2. the path's probability: below [`UNLIKELY`], the heuristic (large boards
//!    split the probability over many cells, so this bounds their depth).
//!    `move_node` applies it to the boards its moves make, before it calls a
//!    chance node for any: a chance node is never reached below it;
//! 3. the transposition table: a board met again, searched before with at
//!    least as many moves to go, takes the value found then.
//!
//! A search may also have a limit of moves tried: a node whose moves would
//! pass it gives up instead (the search's value is then not used), so the
//! moves tried never pass it.

use std::collections::HashMap;

use super::leaves::Scratch;
use super::position::{BuildBoardHasher, Position};

/// A path less likely than this is not searched further (nneonneo's
/// threshold).
pub(crate) const UNLIKELY: f64 = 1e-4;

/// A board's entry in the table: the moves made before it, and its value.
/// Unaligned, so that a 4×4 board's slot takes 17 bytes, not 24: more of the
/// table stays in the caches.
#[derive(Clone, Copy)]
#[repr(C, packed)]
struct Entry {
    moves_made: u8,
    value: f64,
}

// The moves made before a board, at most the depth, fit in `Entry`'s byte.
const _: () = assert!(super::MAX_DEPTH <= u8::MAX as u32);
const _: () = assert!(std::mem::size_of::<(super::packed::Key, Entry)>() == 17);

pub(crate) struct Expectimax<'a, P: Position> {
    /// `(exponent, probability)` of each tile a spawn may bring.
    law: &'a [(u8, f64)],
    /// Moves looked at, the first included.
    depth: u32,
    /// What a lost board is worth (`heuristic::lost_value`).
    lost: f64,
    /// Per board after a move: the moves made before it, and its value.
    table: HashMap<P::Key, Entry, BuildBoardHasher>,
    /// Moves tried for the current first move (the engines' usual count of
    /// nodes).
    nodes: u64,
    /// The most moves the current first move may try.
    limit: u64,
    /// Whether a node gave up, its moves past the limit.
    gave_up: bool,
    /// The leaves' buffers, from one chance node to the next.
    scratch: Scratch,
}

impl<'a, P: Position> Expectimax<'a, P> {
    pub(crate) fn new(law: &'a [(u8, f64)], depth: u32, lost: f64) -> Self {
        let table = HashMap::with_capacity_and_hasher(1 << 10, Default::default());
        Expectimax { law, depth, lost, table, nodes: 0, limit: u64::MAX, gave_up: false, scratch: Scratch::default() }
    }

    /// The value of a first move (the board it made, before its spawn), and
    /// the moves tried for it; searched afresh, whatever came before. No
    /// value when the search would try more than `limit` moves (it stops
    /// before it does).
    pub(crate) fn first_move(&mut self, moved: &P, limit: u64) -> (Option<f64>, u64) {
        self.table.clear();
        (self.nodes, self.limit, self.gave_up) = (0, limit, false);
        let value = self.chance_node(moved, 1.0, 1);
        (Some(value).filter(|_| !self.gave_up), self.nodes)
    }

    /// Counts `moves` more tried, unless that passes the limit: then the
    /// search gives up (false).
    fn try_moves(&mut self, moves: u64) -> bool {
        // `nodes` never passes `limit`, so the difference does not wrap.
        if self.limit - self.nodes < moves {
            self.gave_up = true;
            return false;
        }
        self.nodes += moves;
        true
    }

    /// The player's turn: the best move's value, the search's `lost` when
    /// none is legal.
    fn move_node(&mut self, board: &P, probability: f64, moves_made: u32) -> f64 {
        // Past the limit the search's value is thrown away: 0 will do.
        if !self.try_moves(4) {
            return 0.0;
        }
        // Step 2 taken here for the moves' boards, which are then leaves: no
        // call, no table. (Step 1 for them is `chance_node`'s: it never calls
        // this when the moves would end the search.)
        if probability < UNLIKELY {
            return board.best_leaf(self.lost);
        }
        let mut best = self.lost;
        for moved in board.after_each().into_iter().flatten() {
            // No value is NaN: a plain comparison, not `f64::max`'s.
            let value = self.chance_node(&moved, probability, moves_made + 1);
            if value > best {
                best = value;
            }
        }
        best
    }

    /// The spawn's turn after `moves_made` moves: the average over every empty
    /// cell and every tile of the law.
    fn chance_node(&mut self, moved: &P, probability: f64, moves_made: u32) -> f64 {
        // Step 1: deep enough. (Step 2 is `move_node`'s.)
        if moves_made >= self.depth {
            return moved.heuristic();
        }
        let empty = moved.empty_count();
        if empty == 0 {
            return moved.heuristic();
        }
        // Step 3: the table.
        let key = moved.key();
        if let Some(&Entry { moves_made: made_then, value }) = self.table.get(&key) {
            if u32::from(made_then) <= moves_made {
                return value;
            }
        }
        let cell_probability = probability / empty as f64;
        let mut total = 0.0;
        if moves_made + 1 >= self.depth {
            // Step 1 for every spawn at once: each spawned board's moves end
            // the search, so its move node is its best leaf (`move_node`'s
            // first step), in a loop that calls nothing.
            if !self.try_moves(4 * (empty * self.law.len()) as u64) {
                return 0.0;
            }
            moved.each_spawned_best_leaf(self.law, self.lost, &mut self.scratch, |leaf, tile_probability| {
                total += leaf * tile_probability;
            });
        } else {
            moved.for_each_empty(|cell| {
                for &(exponent, tile_probability) in self.law {
                    let spawned = moved.with(cell, exponent);
                    total +=
                        self.move_node(&spawned, cell_probability * tile_probability, moves_made) * tile_probability;
                }
            });
        }
        let value = total / empty as f64;
        // Exact: `moves_made` is at most the depth, at most `MAX_DEPTH`.
        self.table.insert(key, Entry { moves_made: moves_made as u8, value });
        value
    }
}
