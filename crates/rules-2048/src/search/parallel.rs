//! The parallel search: the first moves searched alone, then the boards they
//! make handed out as tasks, in the sequential order, to several threads.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use grid_core::{Axis, Direction};

use super::best::Shared;
use super::bounds::{Counts, Root};
use super::order::move_order;
use super::siblings::Sibling;
use super::table::Table;
use super::{overflow_at, Found, Search};
use crate::board::Board;
use crate::kernel::{Kernel, Landings, Laned};
use crate::rule::TileOverflow;

/// The depth at which a parallel search splits the tree into tasks: up to 64
/// subtrees, enough to balance a few threads while the shallow part stays
/// trivial. (Depth 2, 16 tasks, balanced two threads worse: 1.1× to 1.6×
/// instead of 1.7× to 2.6× on the K = 10 boards of docs/performance.md.)
const SPLIT_DEPTH: usize = 3;

/// The memory a parallel search may spend on its threads' boards and tables.
const MEMORY_FOR_THREADS: usize = 32 << 20;

/// How many threads a search of `max_moves` moves from `board` runs on, for
/// `wanted` (0 and 1 both mean one): each thread keeps its own boards,
/// counts, table and reading scratch, and all of them stay within
/// [`MEMORY_FOR_THREADS`]. Below K = 8 a search takes well under a
/// millisecond: threads only cost, and it runs on one.
pub(super) fn threads_for(board: &Board, max_moves: usize, kernel: Kernel, wanted: usize) -> usize {
    let (height, width) = (board.height(), board.width());
    let per_depth = height * width + kernel.laned_bytes(height, width) + size_of::<Counts>();
    let per_thread = max_moves.saturating_add(1).saturating_mul(per_depth)
        + Table::bytes(max_moves)
        + Landings::bytes(height * width);
    let threads = wanted.clamp(1, (MEMORY_FOR_THREADS / per_thread).max(1));
    if max_moves < SPLIT_DEPTH + 5 {
        1
    } else {
        threads
    }
}

impl Search<'_> {
    /// Searches the first [`SPLIT_DEPTH`] moves alone, then the subtrees below
    /// them on `threads` threads, each taking the next task in order.
    pub(super) fn run_parallel(
        board: &Board,
        max_moves: usize,
        goal: u8,
        kernel: Kernel,
        budget: u64,
        threads: usize,
    ) -> Result<Found, TileOverflow> {
        let overflow = overflow_at(board.width());
        let shallow = Search::run_sequential(board, SPLIT_DEPTH, goal, kernel, budget)?;
        let root = Root::new(board, max_moves, goal);
        if shallow.score == root.score_cap && shallow.moves.len() <= root.fewest_to_cap || shallow.out_of_budget {
            return Ok(shallow);
        }
        let tasks = tasks_at(board, SPLIT_DEPTH, kernel).map_err(&overflow)?;
        let shared = Shared {
            packed: AtomicU64::new(Shared::pack(shallow.score, shallow.moves.len(), 0)),
            best: Mutex::new((shallow.score, shallow.moves.len(), 0, shallow.moves)),
            nodes: AtomicU64::new(shallow.nodes),
            budget,
            out_of_budget: AtomicBool::new(false),
        };
        let next_task = AtomicUsize::new(0);
        let work = || {
            let mut search = Search::new(board, max_moves, &root, kernel, budget, Some(&shared));
            loop {
                let index = next_task.fetch_add(1, Ordering::Relaxed);
                let Some(task) = tasks.get(index) else { break };
                if search.out_of_budget {
                    break;
                }
                search.task = index as u32 + 1;
                search.finished = false;
                search.path.clone_from(&task.moves);
                search.place(SPLIT_DEPTH, &task.cells);
                search.sync();
                search.visit(SPLIT_DEPTH, task.max_exponent, false, task.sibling)?;
            }
            Ok(search.nodes)
        };
        // The calling thread is one of the workers, one thread fewer to start,
        // unless the search is deep enough to need deep stacks (`DEEP_STACK`).
        let deep = max_moves > super::SHALLOW;
        let stack = if deep { super::DEEP_STACK } else { 2 << 20 };
        let outcome: Result<Vec<u64>, usize> = std::thread::scope(|scope| {
            let helpers: Vec<_> = (usize::from(!deep)..threads.min(tasks.len()))
                .map(|_| {
                    let thread = std::thread::Builder::new().stack_size(stack);
                    thread.spawn_scoped(scope, work).expect("a thread for the search")
                })
                .collect();
            let own = (!deep).then(work);
            helpers.into_iter().map(|helper| helper.join().expect("a search thread panicked")).chain(own).collect()
        });
        let visited: u64 = outcome.map_err(overflow)?.iter().sum();
        let (score, _, _, moves) = shared.best.into_inner().expect("no thread panicked holding the lock");
        let out_of_budget = shared.out_of_budget.load(Ordering::Relaxed);
        Ok(Found { score, moves, out_of_budget, nodes: shallow.nodes + visited })
    }
}

/// A board a parallel search hands to a thread: `depth` moves from the root.
struct Task {
    moves: Vec<Direction>,
    cells: Vec<u8>,
    max_exponent: u8,
    sibling: Sibling,
}

/// The distinct boards `depth` moves from `board` (no move that changes
/// nothing, none left out as a sibling's, see [`Sibling`]), in the order the
/// sequential search would visit them.
fn tasks_at(board: &Board, depth: usize, kernel: Kernel) -> Result<Vec<Task>, usize> {
    let (height, width) = (board.height(), board.width());
    let root = Task {
        moves: Vec::new(),
        cells: board.exponents().as_slice().to_vec(),
        max_exponent: board.max_exponent(),
        sibling: Sibling::Unrelated,
    };
    let mut layer = vec![root];
    let (mut laned, mut moved_lines) = (Laned::default(), Laned::default());
    let mut seen = HashSet::new();
    for _ in 0..depth {
        let mut next = Vec::new();
        for task in &layer {
            laned.gather(&task.cells, height, width);
            let merges = Axis::BOTH.map(|axis| kernel.merges_by_exponent(&laned, height, width, axis));
            let axis_done = task.sibling.axis_done(&merges);
            let grows = Axis::BOTH.map(|axis| merges[axis].by_exponent[task.max_exponent as usize] > 0);
            for direction in move_order(grows) {
                let axis = direction.axis();
                let mut child = vec![0; task.cells.len()];
                if axis_done == Some(axis)
                    || !kernel.slide_for_search(
                        &laned,
                        &task.cells,
                        &mut child,
                        &mut moved_lines,
                        height,
                        width,
                        direction,
                    )?
                {
                    continue;
                }
                let mut moves = task.moves.clone();
                moves.push(direction);
                let max_exponent = child.iter().copied().max().unwrap_or(0);
                let sibling = Sibling::of_child(&merges[axis], direction);
                next.push(Task { moves, cells: child, max_exponent, sibling });
            }
        }
        // A board reached again is searched once, from its first sequence.
        seen.clear();
        next.retain(|task| seen.insert(task.cells.clone()));
        layer = next;
    }
    Ok(layer)
}
