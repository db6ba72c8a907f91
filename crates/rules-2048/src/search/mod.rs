//! Exact searches over move sequences: depth-first branch and bound.
//!
//! Both searches optimise the same pair, lexicographically: the largest *score*
//! (the board's largest exponent, capped at a goal), then the fewest moves. For
//! `max_tile` the goal is unbounded; for `reach` it is the target, so any board
//! holding a tile ≥ target scores the same and only the length matters.
//!
//! Every cut is sound, so the answers are exact. [`Search::visit`] (`node.rs`)
//! takes these steps at each board, each marked `Step N` there:
//!
//! 1. **Score.** The board is recorded when it beats the best (`best.rs`:
//!    score, then length; a tie keeps the sequence found first). The search
//!    is over when it reaches the *score cap* in the fewest moves the
//!    counting bound allows: no tile can exceed the largest power of two not
//!    above the board's sum, which no move changes (`bounds.rs`, `Root`).
//! 2. **Budget and depth.** Past the node budget, or after K moves, nothing
//!    below is searched (a board in hand is still scored).
//! 3. **The last move, decided without playing it.** One move from the end,
//!    the largest exponent grows exactly when two largest tiles stand side by
//!    side in a row or a column (`visit_last_move`).
//! 4. **The counting bound** (`bounds.rs`, `relax`): a move merges pairs of
//!    equal tiles, each tile at most once, into one tile an exponent higher.
//!    Where the tiles stand aside, merging every pair that can merge on every
//!    move reaches any exponent as soon as any other choice of pairs does,
//!    which gives the largest exponent reachable in `r` moves and the fewest
//!    moves needed to reach a given exponent. The *cheap bound* before it:
//!    the largest exponent rises by at most one a move (`within_reach`).
//! 5. **No slack** (`merges_needed`): when only growing the largest exponent
//!    on every remaining move can beat the best, the next move must merge
//!    `2^(j-1)` pairs of largest tiles.
//! 6. **The transposition table** (`table.rs`): a board met again at the same
//!    or a greater depth is not searched again; what its first visit found,
//!    or ruled out against a weaker best, still stands.
//! 7. **Merge counts and the sibling rule** (`siblings.rs`): a move along the
//!    rows merges the same pairs whichever way it goes, and so along the
//!    columns, so each child's tile counts are known before it is played.
//!    When both moves along an axis leave every line with the same tiles in
//!    the same order, the two children make the same boards by their own
//!    moves along that axis: the child searched second leaves those moves
//!    out, and the first leaves them out too when it merges nothing along it.
//! 8. **The children**, in move order (`order.rs`: growing moves first), each
//!    checked before it is played: the sibling rule (7), the pairs of largest
//!    tiles it needs (5), the cheap and counting bounds on its counts (4);
//!    then, from the pairs read off this board without playing the child
//!    (`Kernel::pairs_after`), the child's own no-slack check (5) and, three
//!    and four moves from the end, whether each of the child's own children
//!    fails the counting bound (*two moves ahead*, `child_refuted`). A move
//!    that changes nothing is skipped (it only wastes a move).
//!
//! From eight moves up, the search (`parallel.rs`) searches the first moves
//! alone, then the subtrees below them as tasks, each from the best of the
//! tasks before it, on any number of threads: its answer, witness, bound and
//! boards counted, budget or not, are the same on each number.

mod best;
mod bounds;
mod node;
mod order;
mod parallel;
mod siblings;
mod table;

use grid_core::Direction;

use crate::board::Board;
use crate::kernel::{Kernel, Landings, Laned};
use crate::rule::TileOverflow;
pub(crate) use bounds::RootBounds;
use bounds::{counts_of, Counts, Root};
use siblings::Sibling;
use table::Table;

/// What [`Search::run`] found.
pub(crate) struct Found {
    /// The largest score reached (an exponent, capped at the goal).
    pub(crate) score: u8,
    /// One shortest sequence reaching it.
    pub(crate) moves: Vec<Direction>,
    /// Whether the budget ran out before the search could finish.
    pub(crate) out_of_budget: bool,
    /// Boards visited, never more than the budget.
    pub(crate) nodes: u64,
}

/// One search: its boards, its best and its bookkeeping. A search in tasks
/// runs one for the first moves and one for each run of a task.
pub(crate) struct Search {
    height: usize,
    width: usize,
    cells: usize,
    max_moves: usize,
    /// The best score any board can have: the goal or the sum bound, whichever
    /// is smaller. It may exceed [`MAX_EXPONENT`](crate::MAX_EXPONENT): reaching past it is then a
    /// merge of two 2^63 tiles, reported as an overflow, not a wrong answer.
    score_cap: u8,
    /// The fewest moves that can reach `score_cap` from the root.
    fewest_to_cap: usize,
    best_score: u8,
    best_len: usize,
    best_moves: Vec<Direction>,
    path: Vec<Direction>,
    /// Depth `d` owns `cells` bytes from `d × cells`: the board being searched
    /// at that depth. Children are played one at a time, just before they are
    /// searched, so one board a depth is enough and nothing is allocated per
    /// node.
    arena: Vec<u8>,
    /// The tile counts of the board at each depth, kept up to date from the
    /// merges of each move instead of read from the board.
    counts: Vec<Counts>,
    /// The lines of the board at each depth, in lanes, for its pair counts,
    /// its children's pairs and its moves: gathered once when it is expanded,
    /// or left there by the move that made it (see `lines_kept`).
    laned: Vec<Laned>,
    /// The backend that moves and reads the boards, chosen once for the search.
    kernel: Kernel,
    /// Whether the search's move leaves each board's lines in `laned`
    /// ([`Kernel::keeps_lines`]): then only placed boards are gathered.
    lines_kept: bool,
    landings: Landings,
    table: Table,
    /// Boards this search visited.
    nodes: u64,
    /// Boards it may visit before it looks at `stop` again, and the rest of
    /// its budget after them.
    allowance: u64,
    reserve: u64,
    /// What stops a task's run early, and whether it did.
    stop: Option<parallel::Stop>,
    stopped: bool,
    out_of_budget: bool,
    finished: bool,
}

/// The deepest search that runs on the calling thread's stack: a level of
/// `visit` takes about 1.5 KiB in a release build, several times that in a
/// debug one, and a thread may have as little as 2 MiB.
pub(crate) const SHALLOW: usize = 64;

/// The stack of a thread that runs a deeper search of `max_moves`: 256 KiB a
/// level of `visit`, far more than a debug build takes, on a shallow
/// thread's for the rest. It is reserved, not committed (only the levels a search reaches cost
/// memory), but a limit on memory (`ulimit -v`) counts all of it, so it grows
/// with the search rather than being fit for [`MAX_MOVES`](crate::MAX_MOVES)
/// levels every time.
pub(super) fn deep_stack(max_moves: usize) -> usize {
    crate::threads::STACK + max_moves * (256 << 10)
}

/// Why [`Search::run`] has no answer; the queries tell it as a
/// [`SearchError`](crate::SearchError).
#[derive(Debug)]
pub(crate) enum RunError {
    /// A move would merge two `2^63` tiles.
    Overflow(TileOverflow),
    /// A search of `moves` (more than [`SHALLOW`]) got no thread with a
    /// deep stack: the system's error number, when it gave one.
    NoThread { moves: usize, os_error: Option<i32> },
}

impl From<TileOverflow> for RunError {
    fn from(overflow: TileOverflow) -> RunError {
        RunError::Overflow(overflow)
    }
}

/// Where on the board a move that overflows would overflow.
fn overflow_at(width: usize) -> impl Fn(usize) -> TileOverflow {
    move |index| TileOverflow { row: index / width, col: index % width }
}

impl Search {
    fn new(board: &Board, max_moves: usize, root: &Root, kernel: Kernel, budget: u64) -> Search {
        let (height, width) = (board.height(), board.width());
        Search {
            height,
            width,
            cells: height * width,
            max_moves,
            score_cap: root.score_cap,
            fewest_to_cap: root.fewest_to_cap,
            best_score: 0,
            best_len: usize::MAX,
            best_moves: Vec::new(),
            path: Vec::with_capacity(max_moves.min(256)),
            arena: Vec::new(),
            counts: Vec::new(),
            laned: Vec::new(),
            kernel,
            lines_kept: kernel.keeps_lines(),
            landings: Landings::default(),
            table: Table::new(max_moves),
            nodes: 0,
            allowance: 0,
            reserve: budget,
            stop: None,
            stopped: false,
            out_of_budget: false,
            finished: false,
        }
    }

    /// The best score within `max_moves` moves of `board` for a `goal`
    /// exponent (`u8::MAX` for none), visiting at most `node_budget` boards,
    /// on up to `threads` threads. `max_moves` must not pass
    /// [`MAX_MOVES`](crate::MAX_MOVES): a deep search runs on threads whose
    /// stacks hold that many levels.
    ///
    /// From [`parallel::IN_TASKS_FROM`] moves up the search runs in tasks
    /// whatever the threads, so that what it finds, budget or not, is the same
    /// on any number of them; below, it takes well under a millisecond and runs
    /// on the calling thread.
    pub(crate) fn run(
        board: &Board,
        max_moves: usize,
        goal: u8,
        node_budget: Option<u64>,
        threads: usize,
    ) -> Result<Found, RunError> {
        debug_assert!(max_moves <= crate::MAX_MOVES);
        let kernel = Kernel::for_board(board.height(), board.width());
        let budget = node_budget.unwrap_or(u64::MAX);
        if max_moves < parallel::IN_TASKS_FROM {
            return Ok(Search::run_sequential(board, max_moves, goal, kernel, budget)?);
        }
        let threads = parallel::threads_for(board, max_moves, kernel, threads);
        Search::run_in_tasks(board, max_moves, goal, kernel, budget, threads)
    }

    fn run_sequential(
        board: &Board,
        max_moves: usize,
        goal: u8,
        kernel: Kernel,
        budget: u64,
    ) -> Result<Found, TileOverflow> {
        let root = Root::new(board, max_moves, goal);
        let mut search = Search::new(board, max_moves, &root, kernel, budget);
        search.place(0, board.exponents().as_slice());
        search.visit(0, root.root_max, false, Sibling::Unrelated).map_err(overflow_at(board.width()))?;
        Ok(Found {
            score: search.best_score,
            moves: search.best_moves,
            out_of_budget: search.out_of_budget,
            nodes: search.nodes,
        })
    }

    #[inline]
    fn grow_arena(&mut self, depth: usize) {
        let needed = (depth + 1) * self.cells;
        if self.arena.len() < needed {
            self.arena.resize(needed, 0);
            self.counts.resize(depth + 1, [0; 100]);
            self.laned.resize_with(depth + 1, Laned::default);
        }
    }

    /// Puts `cells` at `depth` as the board to search from.
    fn place(&mut self, depth: usize, cells: &[u8]) {
        self.grow_arena(depth);
        let start = depth * self.cells;
        self.arena[start..start + self.cells].copy_from_slice(cells);
        self.counts[depth] = counts_of(cells);
        if self.lines_kept {
            self.laned[depth].gather(cells, self.height, self.width);
        }
    }

    /// The board at `depth` in the arena.
    #[inline]
    fn board_at(&self, depth: usize) -> &[u8] {
        &self.arena[depth * self.cells..(depth + 1) * self.cells]
    }
}
