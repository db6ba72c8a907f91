//! Exact searches over move sequences: depth-first branch and bound.
//!
//! Both searches optimise the same pair, lexicographically: the largest *score*
//! (the board's largest exponent, capped at a goal), then the fewest moves. For
//! `max_tile` the goal is unbounded; for `reach` it is the target, so any board
//! holding a tile ≥ target scores the same and only the length matters.
//!
//! Every cut is sound, so the answers are exact:
//! - a move that changes nothing is skipped (it only wastes a move);
//! - no tile can exceed the largest power of two not above the board's sum,
//!   which no move changes;
//! - counting: a move merges pairs of equal tiles, each tile at most once, into
//!   one tile an exponent higher. Where the tiles stand aside, merging every
//!   pair that can merge on every move reaches any exponent as soon as any
//!   other choice of pairs does (see `relax`), which gives the largest
//!   exponent reachable in `r` moves and the fewest moves needed to reach a
//!   given exponent. A child's counts are known before it is played (a move
//!   along the rows merges the same pairs whichever way it goes, and so along
//!   the columns), so children the bound rules out are never made;
//! - when only growing the largest exponent on every remaining move can beat
//!   the best, the next move must merge `2^(j-1)` pairs of largest tiles
//!   (`merges_needed` gives the proof); a child's pairs are read from its
//!   parent before it is played, so most children this cuts are never made,
//!   and a child one move from the end is decided by them (its last move grows
//!   exactly when it holds a pair of largest tiles);
//! - three and four moves from the end, a child is not made when the counting
//!   bound refutes each of its own children: their counts follow from the
//!   pairs the child holds along its rows and columns (the pairs its moves
//!   merge), read from this board for its two largest exponents and bounded
//!   from above below them, and the bound never falls when counts rise;
//! - a board met again at the same or a greater depth is not searched again (a
//!   transposition table keyed by a 64-bit hash of the board); what its first
//!   visit found, or ruled out against a weaker best, still stands;
//! - when both moves along an axis leave every line with the same tiles in the
//!   same order, the two children make the same boards by their own moves
//!   along that axis: the child searched second leaves those moves out, and
//!   the first leaves them out too when it merges nothing along the axis
//!   (its moves then change nothing or make its sibling, searched next a move
//!   sooner). See `Sibling`: before it, most boards the table caught were
//!   these, met again at a greater depth or searched again at a smaller one.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use grid_core::Direction;

use crate::board::{slide_in_place, value_of, Board, TileOverflow, MAX_EXPONENT};
use crate::lanes::{
    axis_and_way, merges_by_exponent, moves_keep_lines, pairs_after, pairs_of, slide_for_search, AxisMerges, Landings,
    Laned, PairsAfter,
};

/// Limits on a search, and how many threads it may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchOptions {
    /// Stop after visiting about this many boards; `None` searches to the end.
    pub node_budget: Option<u64>,
    /// Threads to search with; 0 and 1 both mean the calling thread alone. The
    /// answer and its witness do not depend on this (see `Shared`).
    pub threads: usize,
}

/// Whether a search finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof {
    /// The search ran to the end: the answer is exact and its moves are a
    /// shortest sequence.
    Exact,
    /// The budget ran out first: the answer is the best found, no tile larger
    /// than `upper_bound` can be reached, and a shorter sequence may exist.
    Incomplete {
        /// The largest tile the search could not rule out.
        upper_bound: u64,
    },
}

/// The answer of [`max_tile`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaxTile {
    /// The largest tile reachable within the allowed moves (0 on an empty board).
    pub tile: u64,
    /// One shortest move sequence reaching it; empty when the board holds it.
    pub moves: Vec<Direction>,
    /// Whether the answer is proven.
    pub proof: Proof,
    /// How many boards the search visited.
    pub nodes: u64,
}

/// The answer of [`reach`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    /// The fewest moves after which some tile is ≥ the target, or `None` when no
    /// sequence within the allowed moves gets there.
    pub moves: Option<Vec<Direction>>,
    /// Whether the answer is proven.
    pub proof: Proof,
    /// How many boards the search visited.
    pub nodes: u64,
}

/// The largest tile reachable from `board` in at most `max_moves` moves, with one
/// shortest sequence of moves that reaches it.
///
/// ```
/// use grid_core::Direction;
/// use rules_2048::{max_tile, Board, Proof};
/// let board = Board::from_rows(vec![vec![2, 2, 2], vec![4, 4, 4], vec![8, 8, 8]]).unwrap();
/// let answer = max_tile(&board, 5).unwrap();
/// assert_eq!(answer.tile, 16);
/// assert_eq!(answer.moves.len(), 1);
/// assert_eq!(answer.proof, Proof::Exact);
/// ```
pub fn max_tile(board: &Board, max_moves: usize) -> Result<MaxTile, TileOverflow> {
    max_tile_with(board, max_moves, &SearchOptions::default())
}

/// [`max_tile`] with limits.
pub fn max_tile_with(board: &Board, max_moves: usize, options: &SearchOptions) -> Result<MaxTile, TileOverflow> {
    let found = Search::run(board, max_moves, u8::MAX, options)?;
    Ok(MaxTile { tile: value_of(found.score), moves: found.moves, proof: found.proof, nodes: found.nodes })
}

/// The fewest moves (at most `max_moves`) after which some tile of `board` is at
/// least `target`, with the moves, or `None`.
///
/// ```
/// use rules_2048::{reach, Board};
/// let board = Board::from_rows(vec![vec![2, 2, 4, 8]]).unwrap();
/// assert_eq!(reach(&board, 16, 5).unwrap().moves.map(|m| m.len()), Some(3));
/// assert_eq!(reach(&board, 32, 5).unwrap().moves, None);
/// ```
pub fn reach(board: &Board, target: u64, max_moves: usize) -> Result<Reach, TileOverflow> {
    reach_with(board, target, max_moves, &SearchOptions::default())
}

/// [`reach`] with limits.
pub fn reach_with(
    board: &Board,
    target: u64,
    max_moves: usize,
    options: &SearchOptions,
) -> Result<Reach, TileOverflow> {
    // The smallest exponent whose tile is ≥ target; every tile is at least 2.
    let goal = if target <= 2 { 1 } else { (64 - (target - 1).leading_zeros()) as u8 };
    let found = Search::run(board, max_moves, goal, options)?;
    let moves = (found.score >= goal).then_some(found.moves);
    Ok(Reach { moves, proof: found.proof, nodes: found.nodes })
}

/// The board after playing `moves` in order; moves that change nothing are
/// allowed.
///
/// ```
/// use grid_core::Direction::{Left, Up};
/// use rules_2048::{apply, Board};
/// let board = Board::from_rows(vec![vec![2, 2], vec![2, 0]]).unwrap();
/// assert_eq!(apply(&board, &[Up, Left]).unwrap().values().as_slice(), [4, 2, 0, 0]);
/// ```
pub fn apply(board: &Board, moves: &[Direction]) -> Result<Board, TileOverflow> {
    let mut board = board.clone();
    for &direction in moves {
        board.slide(direction)?;
    }
    Ok(board)
}

/// What [`Search::run`] found.
struct Found {
    score: u8,
    moves: Vec<Direction>,
    proof: Proof,
    nodes: u64,
}

/// Counts of tiles by exponent, large enough for any sum of at most 2^32 tiles.
type Counts = [u32; 100];

/// The depth at which a parallel search splits the tree into tasks: up to 64
/// subtrees, enough to balance a few threads while the shallow part stays
/// trivial. (Depth 2, 16 tasks, balanced two threads worse: 1.1× to 1.6×
/// instead of 1.7× to 2.6× on the K = 10 boards of docs/performance.md.)
const SPLIT_DEPTH: usize = 3;

/// The memory a parallel search may spend on its threads' boards and tables.
const MEMORY_FOR_THREADS: usize = 32 << 20;

/// The best found so far, shared by the threads of a parallel search.
///
/// Ties are broken by task: of two sequences with the same score and length,
/// the one in the earlier task (in the sequential search's order) wins, and a
/// task prunes a tie only against an earlier task. So the answer and its
/// witness are the same whichever thread finishes first.
struct Shared {
    /// `score << 48 | length << 32 | task`, for a lock-free read at every node.
    packed: AtomicU64,
    best: Mutex<(u8, usize, u32, Vec<Direction>)>,
    nodes: AtomicU64,
    budget: u64,
    out_of_budget: AtomicBool,
}

impl Shared {
    fn pack(score: u8, len: usize, task: u32) -> u64 {
        (score as u64) << 48 | (len.min(0xFFFF) as u64) << 32 | task as u64
    }

    fn unpack(packed: u64) -> (u8, usize, u32) {
        let len = ((packed >> 32) & 0xFFFF) as usize;
        ((packed >> 48) as u8, if len == 0xFFFF { usize::MAX } else { len }, packed as u32)
    }
}

struct Search<'s> {
    height: usize,
    width: usize,
    cells: usize,
    max_moves: usize,
    /// The best score any board can have: the goal or the sum bound, whichever
    /// is smaller. It may exceed [`MAX_EXPONENT`]: reaching past it is then a
    /// merge of two 2^63 tiles, reported as an overflow, not a wrong answer.
    score_cap: u8,
    /// The fewest moves that can reach `score_cap` from the root.
    fewest_to_cap: usize,
    best_score: u8,
    best_len: usize,
    /// Whether a sequence as long as `best_len` with the same score still wins
    /// (a parallel search's earlier task against a later one's best).
    tie_wins: bool,
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
    /// Whether the search's move leaves each board's lines in `laned`
    /// (`lanes::moves_keep_lines`): then only placed boards are gathered.
    lines_kept: bool,
    landings: Landings,
    table: Table,
    nodes: u64,
    budget: u64,
    out_of_budget: bool,
    finished: bool,
    /// For a parallel search: the shared best, and this search's current task.
    shared: Option<&'s Shared>,
    task: u32,
}

/// The facts about a root board every search needs.
struct Root {
    score_cap: u8,
    root_max: u8,
    root_counts: Counts,
    fewest_to_cap: usize,
}

impl Root {
    fn new(board: &Board, max_moves: usize, goal: u8) -> Root {
        let sum = board.sum();
        let sum_cap = if sum == 0 { 0 } else { (127 - sum.leading_zeros()) as u8 };
        let score_cap = goal.min(sum_cap);
        let root_max = board.max_exponent();
        let root_counts = counts_of(board.exponents().as_slice());
        let fewest_to_cap = fewest_moves_to(&root_counts, root_max, score_cap, max_moves).unwrap_or(usize::MAX);
        Root { score_cap, root_max, root_counts, fewest_to_cap }
    }

    fn proof(&self, out_of_budget: bool, max_moves: usize, best_score: u8) -> Proof {
        if out_of_budget {
            let reachable = reachable_within(&self.root_counts, self.root_max, max_moves).min(self.score_cap);
            // A bound past 2^63 is no tile a u64 holds: say the largest one.
            let bound = reachable.max(best_score);
            Proof::Incomplete { upper_bound: 1u64.checked_shl(bound.into()).unwrap_or(u64::MAX) }
        } else {
            Proof::Exact
        }
    }
}

fn overflow_at(width: usize) -> impl Fn(usize) -> TileOverflow {
    move |index| TileOverflow { row: index / width, col: index % width }
}

impl<'s> Search<'s> {
    fn new(board: &Board, max_moves: usize, root: &Root, budget: u64, shared: Option<&'s Shared>) -> Search<'s> {
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
            tie_wins: false,
            best_moves: Vec::new(),
            path: Vec::with_capacity(max_moves),
            arena: Vec::new(),
            counts: Vec::new(),
            laned: Vec::new(),
            lines_kept: moves_keep_lines(height, width),
            landings: Landings::default(),
            table: Table::new(max_moves),
            nodes: 0,
            budget,
            out_of_budget: false,
            finished: false,
            shared,
            task: 0,
        }
    }

    fn run(board: &Board, max_moves: usize, goal: u8, options: &SearchOptions) -> Result<Found, TileOverflow> {
        // Each thread keeps its own boards, counts, table and reading scratch:
        // stay within about 32 MiB.
        let (height, width) = (board.height(), board.width());
        let per_depth = height * width + Laned::bytes(height, width) + std::mem::size_of::<Counts>();
        let per_thread = (max_moves + 1) * per_depth + Table::bytes(max_moves) + Landings::bytes(height * width);
        let threads = options.threads.clamp(1, (MEMORY_FOR_THREADS / per_thread).max(1));
        // Below K = 8 a search takes well under a millisecond: threads only cost.
        if threads == 1 || max_moves < SPLIT_DEPTH + 5 {
            return Search::run_sequential(board, max_moves, goal, options);
        }
        Search::run_parallel(board, max_moves, goal, options, threads)
    }

    fn run_sequential(
        board: &Board,
        max_moves: usize,
        goal: u8,
        options: &SearchOptions,
    ) -> Result<Found, TileOverflow> {
        let root = Root::new(board, max_moves, goal);
        let budget = options.node_budget.unwrap_or(u64::MAX);
        let mut search = Search::new(board, max_moves, &root, budget, None);
        search.place(0, board.exponents().as_slice());
        search.visit(0, root.root_max, false, Sibling::Unrelated).map_err(overflow_at(board.width()))?;
        Ok(Found {
            score: search.best_score,
            moves: search.best_moves,
            proof: root.proof(search.out_of_budget, max_moves, search.best_score),
            nodes: search.nodes,
        })
    }

    /// Searches the first [`SPLIT_DEPTH`] moves alone, then the subtrees below
    /// them on `threads` threads, each taking the next task in order.
    fn run_parallel(
        board: &Board,
        max_moves: usize,
        goal: u8,
        options: &SearchOptions,
        threads: usize,
    ) -> Result<Found, TileOverflow> {
        let overflow = overflow_at(board.width());
        let shallow = Search::run_sequential(board, SPLIT_DEPTH, goal, options)?;
        let root = Root::new(board, max_moves, goal);
        let budget = options.node_budget.unwrap_or(u64::MAX);
        if shallow.score == root.score_cap && shallow.moves.len() <= root.fewest_to_cap || shallow.nodes >= budget {
            return Ok(Found { proof: root.proof(shallow.nodes >= budget, max_moves, shallow.score), ..shallow });
        }
        let tasks = tasks_at(board, SPLIT_DEPTH).map_err(&overflow)?;
        let shared = Shared {
            packed: AtomicU64::new(Shared::pack(shallow.score, shallow.moves.len(), 0)),
            best: Mutex::new((shallow.score, shallow.moves.len(), 0, shallow.moves)),
            nodes: AtomicU64::new(shallow.nodes),
            budget,
            out_of_budget: AtomicBool::new(false),
        };
        let next_task = AtomicUsize::new(0);
        let work = || {
            let mut search = Search::new(board, max_moves, &root, budget, Some(&shared));
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
            shared.nodes.fetch_add(search.nodes % 256, Ordering::Relaxed);
            Ok(())
        };
        // The calling thread is one of the workers: one thread fewer to start.
        let outcome: Result<(), usize> = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads.min(tasks.len())).map(|_| scope.spawn(work)).collect();
            let own = work();
            helpers.into_iter().map(|helper| helper.join().expect("a search thread panicked")).chain([own]).collect()
        });
        outcome.map_err(overflow)?;
        let (score, _, _, moves) = shared.best.into_inner().expect("no thread panicked holding the lock");
        let out_of_budget = shared.out_of_budget.load(Ordering::Relaxed);
        Ok(Found {
            score,
            moves,
            proof: root.proof(out_of_budget, max_moves, score),
            nodes: shared.nodes.load(Ordering::Relaxed),
        })
    }

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

    /// Whether a board at `depth` whose largest exponent is `max_exponent` beats
    /// the best itself.
    fn improves(&self, max_exponent: u8, depth: usize) -> bool {
        let score = max_exponent.min(self.score_cap);
        score > self.best_score || (score == self.best_score && self.shorter(depth))
    }

    /// Whether a sequence of `len` moves with the best score would beat the best.
    fn shorter(&self, len: usize) -> bool {
        len < self.best_len || (self.tie_wins && len == self.best_len)
    }

    /// Takes in what other threads found.
    fn sync(&mut self) {
        if let Some(shared) = self.shared {
            let (score, len, task) = Shared::unpack(shared.packed.load(Ordering::Relaxed));
            self.best_score = score;
            self.best_len = len;
            self.tie_wins = task > self.task;
        }
    }

    /// Records a better sequence: this path, then `last` if given.
    fn record(&mut self, score: u8, len: usize, last: Option<Direction>) {
        let Some(shared) = self.shared else {
            self.best_score = score;
            self.best_len = len;
            self.best_moves.clone_from(&self.path);
            self.best_moves.extend(last);
            return;
        };
        let mut best = shared.best.lock().expect("no thread panicked holding the lock");
        let wins = score > best.0 || (score == best.0 && (len < best.1 || (len == best.1 && self.task < best.2)));
        if wins {
            let mut moves = self.path.clone();
            moves.extend(last);
            *best = (score, len, self.task, moves);
            shared.packed.store(Shared::pack(score, len, self.task), Ordering::Relaxed);
        }
        drop(best);
        self.sync();
    }

    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        match self.shared {
            None => {
                if self.nodes > self.budget {
                    self.out_of_budget = true;
                }
            }
            Some(shared) => {
                if self.nodes.is_multiple_of(256) {
                    let total = shared.nodes.fetch_add(256, Ordering::Relaxed) + 256;
                    if total > shared.budget {
                        shared.out_of_budget.store(true, Ordering::Relaxed);
                    }
                    self.out_of_budget = shared.out_of_budget.load(Ordering::Relaxed);
                }
                self.sync();
            }
        }
        !self.out_of_budget
    }

    /// Visits the board at `depth` in the arena, whose largest exponent is
    /// `max_exponent`; `bounded` when the caller has just checked the counting
    /// bound and the no-slack pairs against the same best (a child is checked
    /// before it is played); `sibling` says whether the moves along one axis
    /// may be left out.
    fn visit(&mut self, depth: usize, max_exponent: u8, bounded: bool, sibling: Sibling) -> Result<(), usize> {
        // The axis left out, as far as known before this board's merges are counted.
        let axis_done_before = sibling.searched_before();
        // A board in hand is scored even past the budget: the root's own tile
        // is always an answer.
        let within_budget = self.count_node();
        let score = max_exponent.min(self.score_cap);
        let improves = self.improves(max_exponent, depth);
        if improves {
            self.record(score, depth, None);
            if score == self.score_cap && depth <= self.fewest_to_cap {
                self.finished = true;
                return Ok(());
            }
        }
        if !within_budget {
            return Ok(());
        }
        if depth == self.max_moves {
            return Ok(());
        }
        let cells = self.cells;
        let node_start = depth * cells;
        if depth + 1 == self.max_moves {
            // The cheap bound, then the last move decided exactly.
            if !self.within_reach(depth, max_exponent) {
                return Ok(());
            }
            return self.visit_last_move(node_start, max_exponent, axis_done_before);
        }
        if (improves || !bounded) && !self.may_improve(depth, max_exponent, &self.counts[depth]) {
            return Ok(());
        }
        // When only a sequence of growing moves can beat the best, the next move
        // must already merge enough pairs of largest tiles (see `merges_needed`):
        // a cheap read of the board, before anything dearer.
        let needed = self.merges_needed(depth, max_exponent);
        let node = &self.arena[node_start..node_start + cells];
        // (A parent that checked this board's pairs before playing it, under the
        // same conditions, need not be checked again.)
        if needed > 0 && (improves || !bounded) {
            let (row_pairs, column_pairs) = without(axis_done_before, pairs_of(node, self.width, max_exponent));
            if row_pairs < needed && column_pairs < needed {
                return Ok(());
            }
        }
        if self.table.seen_at_or_above(hash(node), depth) {
            return Ok(());
        }

        // A move along the rows merges the same pairs whichever way it goes,
        // and so does one along the columns: counting the pairs of each
        // exponent tells each child's tile counts, hence its largest tile and
        // the counting bound, before it is played. Children that cannot beat
        // the best are never played, the growing ones are played first (the
        // best then rises early), and the counts come for free.
        let laned = &mut self.laned[depth];
        // (Filled in place: an array made by `map` copied them, 5 % of a search.)
        let mut merges = [AxisMerges::NONE, AxisMerges::NONE];
        for (axis, merges) in merges.iter_mut().enumerate() {
            if axis_done_before != Some(axis) {
                if !self.lines_kept {
                    laned.gather_axis(node, self.height, self.width, axis);
                }
                *merges = merges_by_exponent(laned, self.height, self.width, axis);
            }
        }
        let largest_pairs = [0, 1].map(|axis| merges[axis].by_exponent[max_exponent as usize] as usize);
        let axis_done = sibling.axis_done(&merges);
        self.grow_arena(depth + 1);
        let (rows_grow, columns_grow) = (largest_pairs[0] > 0, largest_pairs[1] > 0);
        let mut axis_ready = None;
        // What the children along each axis hold, read from this board (see
        // `pairs_after`): the pairs of their largest tiles, and of the
        // exponent below when needed.
        let mut pairs_read: [Option<(u8, PairsAfter)>; 2] = [None, None];
        for direction in move_order(rows_grow, columns_grow) {
            let (axis, way) = axis_and_way(direction);
            let child_max = max_exponent + (largest_pairs[axis] > 0) as u8;
            if axis_done == Some(axis) || largest_pairs[axis] < needed || !self.within_reach(depth + 1, child_max) {
                continue;
            }
            let child_sibling = Sibling::of_child(&merges[axis], axis, way);
            let child_axis_done = child_sibling.searched_before();
            // The child's counts, made once for both moves along the axis (the
            // order keeps them together); deeper nodes never write them.
            if axis_ready != Some(axis) {
                self.counts[depth + 1] = counts_after(&self.counts[depth], &merges[axis].by_exponent, max_exponent, 1);
                axis_ready = Some(axis);
            }
            if !self.may_improve(depth + 1, child_max, &self.counts[depth + 1]) {
                continue;
            }
            if self.child_refuted(&mut pairs_read, depth, direction, child_max, child_axis_done) {
                continue;
            }
            let (this_depth, next_depth) = self.arena.split_at_mut((depth + 1) * cells);
            let node = &this_depth[node_start..node_start + cells];
            let child = &mut next_depth[..cells];
            let (this_lines, next_lines) = self.laned.split_at_mut(depth + 1);
            let (h, w) = (self.height, self.width);
            if !slide_for_search(&this_lines[depth], node, child, &mut next_lines[0], h, w, direction)? {
                continue;
            }
            debug_assert_eq!(counts_of(child), self.counts[depth + 1]);
            debug_assert_eq!(child.iter().max().copied().unwrap_or(0), child_max);
            self.path.push(direction);
            self.visit(depth + 1, child_max, true, child_sibling)?;
            self.path.pop();
            if self.finished || self.out_of_budget {
                break;
            }
        }
        Ok(())
    }

    /// Whether the child `direction` makes of the board at `depth` (largest
    /// exponent `child_max`, tile counts in `counts[depth + 1]`) is refuted
    /// before it is played, by what this board can read of it (`read` keeps
    /// the readings for the other children along the same axis). A child that
    /// beats the best is never refuted: it is made, to be recorded.
    ///
    /// First the child's own no-slack check, on the pairs of its largest
    /// tiles: most children it cuts are then never made, and a child one move
    /// from the end is decided by it (its last move can only grow on those
    /// pairs, see `visit_last_move`).
    ///
    /// Then, three or four moves from the end, two moves ahead: whether each
    /// of the child's own children would fail the counting bound. Their counts
    /// follow from the pairs each move of the child merges, which are the
    /// pairs of tiles the child holds along its rows and its columns: read
    /// for its two largest exponents, and bounded from the counts below them.
    /// There most children are refuted so, and this costs less than making
    /// them; higher up it costs more than it saves (measured).
    fn child_refuted(
        &mut self,
        read: &mut [Option<(u8, PairsAfter)>; 2],
        depth: usize,
        direction: Direction,
        child_max: u8,
        child_axis_done: Option<usize>,
    ) -> bool {
        if self.improves(child_max, depth + 1) {
            return false;
        }
        let (axis, way) = axis_and_way(direction);
        let w = self.width;
        let child_needed = self.merges_needed(depth + 1, child_max);
        if child_needed > 0 {
            let (lowest, both) = self.read_pairs_after(read, depth, axis, child_max, child_max);
            let pairs = both[way][(child_max - lowest) as usize];
            debug_assert_eq!(pairs, pairs_of(&played(self.board_at(depth), w, direction), w, child_max));
            let (row_pairs, column_pairs) = without(child_axis_done, pairs);
            if row_pairs < child_needed && column_pairs < child_needed {
                return true;
            }
        }

        let near_the_end = (depth + 3..=depth + 4).contains(&self.max_moves);
        if !near_the_end || child_max == MAX_EXPONENT {
            return false;
        }
        let exact_from = child_max.saturating_sub(1).max(1);
        let (lowest, both) = self.read_pairs_after(read, depth, axis, exact_from, child_max);
        let mut child_merges = [[0u32; 64]; 2];
        for (exponent, &(rows, columns)) in (lowest..=child_max).zip(&both[way]) {
            child_merges[0][exponent as usize] = rows as u32;
            child_merges[1][exponent as usize] = columns as u32;
        }
        let counts = &self.counts[depth + 1];
        if self.some_child_may_improve(depth + 1, child_max, counts, &child_merges, exact_from, child_axis_done) {
            return false;
        }
        debug_assert!(
            !self.some_child_may_improve(
                depth + 1,
                child_max,
                counts,
                &merges_on(&played(self.board_at(depth), w, direction), w),
                1,
                child_axis_done
            ),
            "a child refuted two moves ahead whose true counts pass"
        );
        true
    }

    /// The board at `depth` in the arena.
    fn board_at(&self, depth: usize) -> &[u8] {
        &self.arena[depth * self.cells..(depth + 1) * self.cells]
    }

    /// The pairs of tiles of each exponent from `lowest` up to `child_max`,
    /// the largest, the children along `axis` of the board at `depth` hold,
    /// read for both at once and kept in `read` (a read reaching lower serves
    /// one that does not: both moves along an axis make the same largest
    /// exponent); returns the lowest exponent read too.
    fn read_pairs_after(
        &mut self,
        read: &mut [Option<(u8, PairsAfter)>; 2],
        depth: usize,
        axis: usize,
        lowest: u8,
        child_max: u8,
    ) -> (u8, PairsAfter) {
        match read[axis] {
            Some((kept_lowest, pairs)) if kept_lowest <= lowest => (kept_lowest, pairs),
            _ => {
                let node = &self.arena[depth * self.cells..(depth + 1) * self.cells];
                let (h, w) = (self.height, self.width);
                let pairs = pairs_after(&self.laned[depth], node, h, w, axis, lowest..=child_max, &mut self.landings);
                read[axis] = Some((lowest, pairs));
                (lowest, pairs)
            }
        }
    }

    /// Whether some child of a board at `depth` whose largest exponent is
    /// `max_exponent` and whose tile counts are `counts` may pass the checks
    /// `visit` makes before playing it (the pairs of largest tiles it needs,
    /// the cheap bound and the counting bound), given `merges[axis][x]`, the
    /// pairs of `2^x` tiles a move along `AXES[axis]` merges, for `x` from
    /// `exact_from` on. Below that, the child's counts are bounded from above
    /// (no pair of `2^x` merged, all pairs of `2^(x-1)`), so that the answer
    /// is "no" only when it is "no" for the true counts: the counting bound
    /// never falls when counts rise. The children along `axis_done`, if any,
    /// are left out (see `visit`).
    fn some_child_may_improve(
        &self,
        depth: usize,
        max_exponent: u8,
        counts: &Counts,
        merges: &[[u32; 64]; 2],
        exact_from: u8,
        axis_done: Option<usize>,
    ) -> bool {
        let needed = self.merges_needed(depth, max_exponent);
        merges.iter().enumerate().filter(|&(axis, _)| axis_done != Some(axis)).any(|(_, by_exponent)| {
            let largest_pairs = by_exponent[max_exponent as usize] as usize;
            let child_max = max_exponent + (largest_pairs > 0) as u8;
            largest_pairs >= needed
                && self.within_reach(depth + 1, child_max)
                && self.may_improve(depth + 1, child_max, &counts_after(counts, by_exponent, max_exponent, exact_from))
        })
    }

    /// How many pairs of largest tiles the next move must merge for this board
    /// at `depth` to beat the best; 0 when any move may do.
    ///
    /// When the only way to beat the best is to grow the largest exponent on
    /// every move left (from `m` to `m + j` in `j` moves: no slack), the
    /// tiles of exponent `m + i` the sequence needs at time `i` can only have
    /// been made by move `i`, since nothing larger than `m + i` exists then;
    /// one tile at the end needs two at time `j - 1`, four at `j - 2`, and
    /// `2^(j-1)` tiles of `m + 1` after the first move, all made by it: the
    /// next move must merge `2^(j-1)` pairs of largest tiles.
    fn merges_needed(&self, depth: usize, max_exponent: u8) -> usize {
        let left = self.max_moves - depth;
        let m = max_exponent as usize;
        let best = self.best_score as usize;
        // The moves each way of improving needs, and the moves it has.
        let larger = (best < self.score_cap as usize).then(|| (best + 1 - m.min(best + 1), left));
        let shorter_len = if self.tie_wins { self.best_len.saturating_add(1) } else { self.best_len };
        let shorter = (m < best && shorter_len > depth + 1).then(|| (best - m, shorter_len - 1 - depth));
        let mut needed = usize::MAX;
        for (moves, has) in [larger, shorter].into_iter().flatten() {
            if moves == 0 || moves > has {
                continue;
            }
            if moves < has {
                return 0; // some slack: any move may be part of it
            }
            needed = needed.min(1usize.checked_shl(moves as u32 - 1).unwrap_or(usize::MAX));
        }
        needed
    }

    /// The cheap bound: whether a board at `depth` whose largest exponent is
    /// `max_exponent` could beat the best, the largest exponent rising by at
    /// most one a move. (A board that beats the best itself passes too.)
    #[inline]
    fn within_reach(&self, depth: usize, max_exponent: u8) -> bool {
        let left = self.max_moves - depth;
        let best = self.best_score;
        let quick = (max_exponent as usize + left).min(self.score_cap as usize) as u8;
        quick > best || (quick == best && self.shorter(depth + best.saturating_sub(max_exponent) as usize))
    }

    /// The last move of a sequence, decided without playing it: after one more
    /// move the largest exponent is `max_exponent` (no better than this board,
    /// which is one move shorter) or `max_exponent + 1`, which happens exactly
    /// when two largest tiles stand next to each other in a row (a left move
    /// merges them) or a column (an up move does), empty cells between them
    /// aside. Since nothing is larger, no earlier tile of the line can take one
    /// of them first. This skips playing four moves on every board at depth
    /// `K - 1`, which outnumber all the shallower ones together.
    fn visit_last_move(&mut self, node_start: usize, max_exponent: u8, axis_done: Option<usize>) -> Result<(), usize> {
        let grown = (max_exponent + 1).min(self.score_cap);
        let node = &self.arena[node_start..node_start + self.cells];
        if max_exponent == 0 {
            return Ok(()); // an empty board stays empty
        }
        let direction = match without(axis_done, pairs_of(node, self.width, max_exponent)) {
            (0, 0) => return Ok(()),
            (0, _) => Direction::Up,
            _ => Direction::Left,
        };
        if max_exponent == MAX_EXPONENT {
            // Two 2^63 tiles merge: play the move to learn where it overflows.
            let mut board = node.to_vec();
            return slide_in_place(&mut board, self.height, self.width, direction, |_, _| {}).map(|_| ());
        }
        self.nodes += 1;
        self.record(grown, self.max_moves, Some(direction));
        if grown == self.score_cap && self.max_moves <= self.fewest_to_cap {
            self.finished = true;
        }
        Ok(())
    }

    /// Whether some continuation of a board at `depth` whose largest exponent
    /// is `max_exponent` and whose tile counts are `counts` could beat the best.
    fn may_improve(&self, depth: usize, max_exponent: u8, counts: &Counts) -> bool {
        if !self.within_reach(depth, max_exponent) {
            return false;
        }
        let (left, best) = (self.max_moves - depth, self.best_score);
        // One pass of the relaxation for both questions: how high, and how
        // soon the best's score.
        let mut fewest_to_best = None;
        let reachable = relax(counts, max_exponent, left, |moves, top| {
            if top >= best && fewest_to_best.is_none() {
                fewest_to_best = Some(moves);
            }
            // Nothing scores above the cap: relaxing further tells nothing
            // (and would run all `left` moves, 200 on a deep query).
            top >= self.score_cap
        })
        .min(self.score_cap);
        if reachable > best {
            return true;
        }
        if reachable < best {
            return false;
        }
        fewest_to_best.is_some_and(|moves| self.shorter(depth + moves))
    }
}

/// The board `direction` makes of `node`: debug builds play the children the
/// search reads without playing, to check what it read.
fn played(node: &[u8], width: usize, direction: Direction) -> Vec<u8> {
    let mut child = node.to_vec();
    slide_in_place(&mut child, node.len() / width, width, direction, |_, _| {})
        .expect("a child that overflows beats the best, so it is played, not read");
    child
}

/// The pairs of tiles of each exponent a move along each axis merges on the
/// board `cells`.
fn merges_on(cells: &[u8], width: usize) -> [[u32; 64]; 2] {
    let height = cells.len() / width;
    let mut laned = Laned::default();
    laned.gather(cells, height, width);
    [0, 1].map(|axis| merges_by_exponent(&laned, height, width, axis).by_exponent)
}

/// What the other move along the axis of the move that made a board (from
/// the same parent) tells of the board's own moves along that axis.
///
/// When both moves along an axis leave the lines the same
/// (`AxisMerges::same_lines_both_ways`), the two children hold the same tiles
/// in the same order in every line, against opposite walls, and a move along
/// that axis makes the same board from either: each line is moved from the
/// same tiles. The child toward the axis's start is searched first (see
/// `move_order`), the one toward its end next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sibling {
    /// Nothing is known: every move is searched.
    Unrelated,
    /// The sibling, searched first, made the boards this board's moves along
    /// the axis make, at the same depth: they have been dealt with (searched,
    /// or cut by a sound bound against a best no better than now, as the
    /// transposition table assumes), or, where the sibling's own move changed
    /// nothing, they are the sibling, met a move sooner.
    SearchedBefore(usize),
    /// The sibling is searched next. When this board merges nothing along the
    /// axis, its move toward the start changes nothing and its move toward
    /// the end makes the sibling, which its parent searches next, a move
    /// sooner (or cuts by a sound bound, which then holds a move later too):
    /// neither need be searched.
    SearchedNext(usize),
}

impl Sibling {
    /// What the child a move along `axis` (`way` 0 toward its start, 1 toward
    /// its end) makes learns from its sibling, given what moves along `axis`
    /// merge.
    fn of_child(merges: &AxisMerges, axis: usize, way: usize) -> Sibling {
        match (merges.same_lines_both_ways, way) {
            (false, _) => Sibling::Unrelated,
            (true, 0) => Sibling::SearchedNext(axis),
            (true, _) => Sibling::SearchedBefore(axis),
        }
    }

    /// The axis whose moves are known to be left out before the board's own
    /// merges are counted.
    fn searched_before(self) -> Option<usize> {
        match self {
            Sibling::SearchedBefore(axis) => Some(axis),
            _ => None,
        }
    }

    /// The axis whose moves are left out, given what the board's moves along
    /// each axis merge.
    fn axis_done(self, merges: &[AxisMerges; 2]) -> Option<usize> {
        match self {
            Sibling::SearchedBefore(axis) => Some(axis),
            Sibling::SearchedNext(axis) if merges[axis].by_exponent == [0; 64] => Some(axis),
            _ => None,
        }
    }
}

/// Pairs along the rows and along the columns, with those along `axis_done`
/// (whose moves need not be searched) counted as none.
fn without(axis_done: Option<usize>, (rows, columns): (usize, usize)) -> (usize, usize) {
    match axis_done {
        Some(0) => (0, columns),
        Some(_) => (rows, 0),
        None => (rows, columns),
    }
}

/// The order to try the moves in: those that grow the largest tile first (the
/// best then rises early and cuts more), otherwise up, down, left, right. The
/// parallel split uses it too, so that its tasks come in the sequential order.
fn move_order(rows_grow: bool, columns_grow: bool) -> [Direction; 4] {
    if rows_grow && !columns_grow {
        [Direction::Left, Direction::Right, Direction::Up, Direction::Down]
    } else {
        Direction::ALL
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
fn tasks_at(board: &Board, depth: usize) -> Result<Vec<Task>, usize> {
    let (height, width) = (board.height(), board.width());
    let root = Task {
        moves: Vec::new(),
        cells: board.exponents().as_slice().to_vec(),
        max_exponent: board.max_exponent(),
        sibling: Sibling::Unrelated,
    };
    let mut layer = vec![root];
    let (mut laned, mut moved_lines) = (Laned::default(), Laned::default());
    let mut seen = std::collections::HashSet::new();
    for _ in 0..depth {
        let mut next = Vec::new();
        for task in &layer {
            laned.gather(&task.cells, height, width);
            let merges = [0, 1].map(|axis| merges_by_exponent(&laned, height, width, axis));
            let axis_done = task.sibling.axis_done(&merges);
            let grows = [0, 1].map(|axis| merges[axis].by_exponent[task.max_exponent as usize] > 0);
            for direction in move_order(grows[0], grows[1]) {
                let (axis, way) = axis_and_way(direction);
                let mut child = vec![0; task.cells.len()];
                if axis_done == Some(axis)
                    || !slide_for_search(&laned, &task.cells, &mut child, &mut moved_lines, height, width, direction)?
                {
                    continue;
                }
                let mut moves = task.moves.clone();
                moves.push(direction);
                let max_exponent = child.iter().copied().max().unwrap_or(0);
                let sibling = Sibling::of_child(&merges[axis], axis, way);
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

/// The tile counts after a move that merges `merges[x]` pairs of `2^x` tiles,
/// from `counts`, those of a board whose largest exponent is `max_exponent`.
/// The pairs are known from `exact_from` on; below that the counts are bounded
/// from above: no pair of `2^x` merged, all pairs of `2^(x-1)` that could be.
fn counts_after(counts: &Counts, merges: &[u32; 64], max_exponent: u8, exact_from: u8) -> Counts {
    let exact_from = exact_from as usize;
    let mut after = *counts;
    for x in 1..=max_exponent as usize + 1 {
        let merged = if x >= exact_from { merges.get(x).copied().unwrap_or(0) } else { 0 };
        let made = match x - 1 {
            0 => 0,
            below if below >= exact_from => merges[below],
            below => counts[below] / 2,
        };
        after[x] = counts[x] - 2 * merged + made;
    }
    after
}

fn counts_of(cells: &[u8]) -> Counts {
    // Four histograms filled in turn, so that runs of equal tiles do not make
    // each increment wait for the one before.
    let mut partial = [[0u32; 100]; 4];
    let mut chunks = cells.chunks_exact(4);
    for chunk in &mut chunks {
        for (lane, &exponent) in chunk.iter().enumerate() {
            partial[lane][exponent as usize] += 1;
        }
    }
    for &exponent in chunks.remainder() {
        partial[0][exponent as usize] += 1;
    }
    let mut counts = [0u32; 100];
    for (x, count) in counts.iter_mut().enumerate().skip(1) {
        *count = partial[0][x] + partial[1][x] + partial[2][x] + partial[3][x];
    }
    counts
}

/// The counting bound, move after move: calls `after(moves, top)` with the
/// largest exponent tiles counted by `counts` can reach after 0, 1, … up to
/// `moves` moves, until `after` returns true; returns the last top.
///
/// Only the counts are kept: each move, tiles of equal exponent merge in
/// pairs, each tile at most once, wherever they stand. Then merging every
/// pair on every move (`count'[x] = count[x] % 2 + count[x - 1] / 2`) is
/// never behind any other choice: take any plan reaching a tile, and two
/// `2^x` tiles `a` and `b` it leaves unmerged on the first move. Merging them
/// at once costs the plan nothing: if `a` later merges with `a'` and `b` with
/// `b'`, the tile `ab` takes the place of the first of those merges, and `a'`
/// waits to merge with `b'` when the second was due (if only one of them
/// merges, its partner idles; if they merge together, earlier). So the plan's
/// first move may merge every pair, and so on move after move. Extra tiles
/// never hurt either (they can idle), so counts bounded from above give a
/// bound from above. An earlier version kept every tile and added the merged
/// ones (`count'[x] ≤ count[x] + count[x - 1] / 2`), which counts a tile
/// both as itself and in the tile it merges into: twelve 1024s made 16384 in
/// five moves.
///
/// Counts flow up one exponent a move, so after `t` of `moves` moves the
/// largest exponent depends only on counts from `max_exponent − moves + t`
/// up: the counts below `max_exponent − moves` are never read, which keeps a
/// deep board's relaxation to the few exponents near its top.
fn relax(counts: &Counts, max_exponent: u8, moves: usize, mut after: impl FnMut(usize, u8) -> bool) -> u8 {
    let mut counts = *counts;
    let lowest = (max_exponent as usize).saturating_sub(moves).max(1);
    let mut top = max_exponent as usize;
    for made in 0..=moves {
        if after(made, top as u8) || made == moves {
            break;
        }
        if counts[lowest..=top].iter().all(|&count| count < 2) {
            break; // nothing that matters can merge any more
        }
        let grows = top + 1 < counts.len() && counts[top] >= 2;
        if grows {
            counts[top + 1] = counts[top] / 2;
        }
        for x in (lowest + 1..=top).rev() {
            counts[x] = counts[x] % 2 + counts[x - 1] / 2;
        }
        // (The tiles below `lowest`, which would merge into it, never matter.)
        counts[lowest] %= 2;
        top += grows as usize;
    }
    top as u8
}

/// The largest exponent the relaxation allows within `moves` moves.
fn reachable_within(counts: &Counts, max_exponent: u8, moves: usize) -> u8 {
    relax(counts, max_exponent, moves, |_, _| false)
}

/// The fewest moves, at most `limit`, after which the relaxation allows an
/// exponent of at least `wanted`.
fn fewest_moves_to(counts: &Counts, max_exponent: u8, wanted: u8, limit: usize) -> Option<usize> {
    let mut fewest = None;
    relax(counts, max_exponent, limit, |moves, top| {
        if top >= wanted {
            fewest = Some(moves);
        }
        fewest.is_some()
    });
    fewest
}

/// A 64-bit hash of a board's cells, eight at a time.
fn hash(cells: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut h = cells.len() as u64;
    let mut chunks = cells.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("chunks of eight"));
        h = (h.rotate_left(23) ^ word).wrapping_mul(K);
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    h = (h.rotate_left(23) ^ u64::from_le_bytes(tail)).wrapping_mul(K);
    // A final avalanche so that the low bits, which pick the slot, depend on all.
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^ (h >> 32)
}

/// An always-replace transposition table: the shallowest depth each recently
/// seen board was searched from.
///
/// It starts small and doubles while it is more than an eighth full, up to a size
/// set by the search's depth: most searches visit a few thousand boards, and
/// a table sized for the deepest would cost them more to clear and fault in
/// than their whole search (2 MiB: about 0.3 ms).
///
/// Two boards collide only when their 64-bit hashes are equal; with at most a
/// quarter of a million entries live, the chance of that in a search is below 2^-24.
struct Table {
    /// Each entry: the key's bits above the lowest eight, then the depth in the
    /// lowest eight. The slot already fixes the key's low bits, so one word a
    /// board still checks all 64 bits, with one cache line a probe.
    entries: Vec<u64>,
    mask: usize,
    /// Entries in use, and the most the table may hold.
    live: usize,
    largest: usize,
}

impl Table {
    /// An entry no board matches: depth 255 is never at or above a real one.
    const EMPTY: u64 = u64::MAX;

    /// The size a table starts at: 2^10 entries, 8 KiB.
    const FIRST_BITS: usize = 10;

    /// At most 2^18 entries (2 MiB), fewer for shallow searches: a larger
    /// table costs more in page faults than it saves in nodes.
    fn new(max_moves: usize) -> Table {
        let size = 1usize << Table::FIRST_BITS.min(Table::bits(max_moves));
        Table { entries: vec![Table::EMPTY; size], mask: size - 1, live: 0, largest: 1 << Table::bits(max_moves) }
    }

    /// The most memory a table for a search of `max_moves` moves takes.
    fn bytes(max_moves: usize) -> usize {
        (1usize << Table::bits(max_moves)) * std::mem::size_of::<u64>()
    }

    fn bits(max_moves: usize) -> usize {
        (2 * max_moves + 4).clamp(8, 18)
    }

    /// Records the board as searched from `depth`; true when it had already been
    /// searched from `depth` or shallower.
    fn seen_at_or_above(&mut self, key: u64, depth: usize) -> bool {
        let depth = depth.min(254) as u64;
        let slot = key as usize & self.mask;
        let entry = self.entries[slot];
        if entry >> 8 == key >> 8 && entry & 0xFF <= depth {
            return true;
        }
        self.entries[slot] = (key & !0xFF) | depth;
        if entry == Table::EMPTY {
            self.live += 1;
            if 8 * self.live > self.entries.len() && self.entries.len() < self.largest {
                self.grow();
            }
        }
        false
    }

    /// Doubles the table, keeping every entry: an entry and its slot give
    /// back its key (the slot's low eight bits are the key's, the entry holds
    /// the rest), and two slots of the old table never share one in the new.
    fn grow(&mut self) {
        let size = 2 * self.entries.len();
        let mut entries = vec![Table::EMPTY; size];
        for (slot, &entry) in self.entries.iter().enumerate() {
            if entry != Table::EMPTY {
                let key = (entry & !0xFF) | (slot as u64 & 0xFF);
                entries[key as usize & (size - 1)] = entry;
            }
        }
        self.entries = entries;
        self.mask = size - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_after_a_move_are_exact_where_the_pairs_are_known_and_bounded_below() {
        let mut counts: Counts = [0; 100];
        counts[1..=3].copy_from_slice(&[5, 3, 2]);
        let mut merges = [0u32; 64];
        merges[1..=3].copy_from_slice(&[2, 1, 1]);
        let exact = counts_after(&counts, &merges, 3, 1);
        assert_eq!(exact[1..=4], [1, 3, 1, 1], "5 - 4, 3 - 2 + 2, 2 - 2 + 1, 0 + 1");
        // Pairs known from 2^3 on: at 2^2 none merged, all 5 / 2 pairs of 2^1 made.
        let bounded = counts_after(&counts, &merges, 3, 3);
        assert_eq!(bounded[1..=4], [5, 5, 1, 1], "5, 3 + 5 / 2, 2 - 2 + 3 / 2, 0 + 1");
    }

    #[test]
    fn the_table_keeps_its_entries_as_it_grows() {
        // Distinct low bits: no two keys share a slot at any size, so every
        // key must still be there after the table has doubled twice.
        let keys: Vec<u64> = (0..500u64).map(|i| (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) << 10) | i).collect();
        let mut table = Table::new(10);
        for &key in &keys {
            assert!(!table.seen_at_or_above(key, 3));
        }
        assert_eq!(table.entries.len(), 4 << Table::FIRST_BITS);
        for &key in &keys {
            assert!(!table.seen_at_or_above(key, 2), "searched from depth 3 only");
            assert!(table.seen_at_or_above(key, 3));
            assert!(table.seen_at_or_above(key, 5));
        }
        assert!(!table.seen_at_or_above(keys[7] ^ 1 << 40, 9), "a key never recorded");
    }

    #[test]
    fn the_table_grows_no_larger_than_its_search_allows() {
        // K = 4 allows 2^12 entries; the table starts at 2^10.
        let mut table = Table::new(4);
        for i in 0..20_000u64 {
            table.seen_at_or_above(i.wrapping_mul(0x9E37_79B9_7F4A_7C15), 1);
        }
        assert_eq!(table.entries.len() * std::mem::size_of::<u64>(), Table::bytes(4));
        assert_eq!(table.entries.len(), 1 << 12);
    }

    #[test]
    fn the_relaxation_merges_each_tile_once_a_move() {
        let mut counts = [0; 100];
        counts[3] = 4; // four 8s: two 16s, then one 32, then nothing more
        assert_eq!([0, 1, 2, 3].map(|moves| reachable_within(&counts, 3, moves)), [3, 4, 5, 5]);
        assert_eq!(fewest_moves_to(&counts, 3, 5, 9), Some(2));
        assert_eq!(fewest_moves_to(&counts, 3, 5, 1), None);
        // Smaller tiles feed the larger ones, one exponent a move: 2 + 2 + 4 +
        // 8 + 16 + 32 makes a 64 in five moves and no fewer, so the 2s matter
        // to a five-move bound and the window of a four-move one leaves them out.
        let mut chain = [0; 100];
        chain[1] = 2;
        chain[2..=5].fill(1);
        assert_eq!(reachable_within(&chain, 5, 5), 6);
        assert_eq!(reachable_within(&chain, 5, 4), 5);
        assert_eq!(fewest_moves_to(&chain, 5, 6, 9), Some(5));
        assert_eq!(fewest_moves_to(&chain, 5, 6, 4), None);
        // A tile that merges is gone: twelve 1024s weigh less than 16384, so
        // however many moves they get, 8192 is the most they make.
        let mut twelve = [0; 100];
        twelve[10] = 12;
        assert_eq!([3, 4, 5, 20].map(|moves| reachable_within(&twelve, 10, moves)), [13, 13, 13, 13]);
        assert_eq!(fewest_moves_to(&twelve, 10, 14, 20), None);
    }

    /// The largest exponent `counts` can reach in `moves` moves when each move
    /// merges any pairs of equal tiles, each tile at most once, wherever they
    /// stand: every choice of how many pairs of each exponent merge, tried.
    fn best_of_every_merge_choice(counts: &[u32; 8], moves: usize) -> u8 {
        let top = counts.iter().rposition(|&count| count > 0).map_or(0, |x| x as u8);
        if moves == 0 {
            return top;
        }
        // One mixed-radix number runs through every choice of merges.
        let choices: u32 = counts.iter().map(|&count| count / 2 + 1).product();
        (0..choices)
            .map(|mut choice| {
                let mut after = *counts;
                for x in 0..7 {
                    let merged = choice % (counts[x] / 2 + 1);
                    choice /= counts[x] / 2 + 1;
                    after[x] -= 2 * merged;
                    after[x + 1] += merged;
                }
                best_of_every_merge_choice(&after, moves - 1)
            })
            .max()
            .unwrap_or(top)
    }

    #[test]
    fn the_counting_bound_is_the_best_any_choice_of_merges_does() {
        // Every board of up to five tiles each of 2, 4 and 8 (and one to four
        // 16s), for up to four moves: the bound must never fall below what
        // some choice of merges reaches (it would cut a real answer), and it
        // reaches exactly that (it is as tight as counts alone allow).
        for (twos, fours, eights, sixteens) in small_counts() {
            let mut small = [0u32; 8];
            small[1..=4].copy_from_slice(&[twos, fours, eights, sixteens]);
            let mut counts: Counts = [0; 100];
            counts[..8].copy_from_slice(&small);
            let max_exponent = small.iter().rposition(|&count| count > 0).unwrap_or(0) as u8;
            for moves in 0..=4 {
                let exact = best_of_every_merge_choice(&small, moves);
                assert_eq!(reachable_within(&counts, max_exponent, moves), exact, "{small:?} in {moves} moves");
                let fewest = (0..=moves).find(|&m| best_of_every_merge_choice(&small, m) >= exact);
                assert_eq!(fewest_moves_to(&counts, max_exponent, exact, moves), fewest, "{small:?} to {exact}");
            }
        }
    }

    fn small_counts() -> impl Iterator<Item = (u32, u32, u32, u32)> {
        (0..=5).flat_map(|a| (0..=5).flat_map(move |b| (0..=5).flat_map(move |c| (1..=4).map(move |d| (a, b, c, d)))))
    }

    #[test]
    fn no_slack_asks_for_enough_merges() {
        // Eight 2s: the sum allows a 16 (exponent 4).
        let board = Board::from_rows(vec![vec![2; 8]]).unwrap();
        let root = Root::new(&board, 3, u8::MAX);
        let mut search = Search::new(&board, 3, &root, u64::MAX, None);
        search.best_score = 2;
        search.best_len = 1;
        // From max exponent 1 at depth 0 with 3 moves: beating 2 means reaching
        // 3 (two growing moves, one to spare): no constraint.
        assert_eq!(search.merges_needed(0, 1), 0);
        // At depth 1 with 2 moves and max 1: reaching 3 needs both moves to
        // grow: the next must merge 2 pairs.
        assert_eq!(search.merges_needed(1, 1), 2);
        // At depth 2, one move, max 1: exponent 3 is out of reach.
        assert_eq!(search.merges_needed(2, 1), usize::MAX);
    }
}
