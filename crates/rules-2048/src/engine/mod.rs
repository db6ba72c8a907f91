//! `best_move`: the engine's move in the game with spawns, with every legal
//! move's value — expectimax to a depth, a heuristic at its leaves.
//!
//! Strategy, chosen once per call: a 4×4 board on which no 65536 can appear
//! within the search is played in one word with row tables (`packed`); any
//! other 4×4 board one byte a cell, through the same tables where a line
//! allows (`wide`); any other board of up to 64 cells in place, in 16, 32 or
//! 64 bytes (`small`); any larger one on the general [`Board`] (`position`).
//! All run the same search (`expectimax`) and the same heuristic
//! (`heuristic`), so they give the same values to the last bit (tested);
//! the boards without row tables score a chance node's leaves from the
//! lines of its board before the spawn (`leaves`), the same values again.
//!
//! Deterministic: the default depth is read from the board, never from the
//! clock, and each first move is searched with its own table, whichever
//! thread searches it, so the answer is the same on every machine and for any
//! thread count. A budget of moves tried is split evenly among the first
//! moves, each counting its own, so where it stops does not depend on the
//! threads either.

mod expectimax;
mod heuristic;
mod leaves;
mod packed;
mod position;
mod small;
mod wide;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use grid_core::Direction;

use self::expectimax::Expectimax;
// What a search needs of a board, and the representations: shared with the
// exact search (`crate::chance`), whose tests run on each.
pub(crate) use self::packed::Packed;
pub(crate) use self::position::{BuildBoardHasher, Position};
pub(crate) use self::small::Small;
pub(crate) use self::wide::Wide;
use crate::board::Board;
use crate::rule::TileOverflow;
use crate::spawn::SpawnLaw;

/// The deepest search [`best_move`] accepts, in moves.
pub const MAX_DEPTH: u32 = 16;

/// How [`best_move`] searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EngineOptions {
    /// Moves to look at, the first included, from 1 to [`MAX_DEPTH`] (0 is
    /// taken as 1, more than [`MAX_DEPTH`] as [`MAX_DEPTH`]; [`BestMove::depth`]
    /// says which); `None` for [`default_depth`].
    pub depth: Option<u32>,
    /// Threads to search with (0 and 1: the calling thread); the answer does
    /// not depend on it.
    pub threads: usize,
    /// The most moves the search may try (nodes), the four of the root
    /// included; `None`: no limit. The depth asked for is searched within
    /// half of it; when it does not fit, every depth from 1 up within the
    /// rest, each within what the ones before left: the moves tried never
    /// pass the budget, and the answer is that of the deepest depth searched
    /// in full ([`BestMove::stopped_at`] says when that is not the one asked
    /// for). Each search splits its share evenly among the legal first moves,
    /// so that where it stops does not depend on the threads. The default
    /// depth needs no budget: it is chosen for the board's size.
    pub nodes: Option<u64>,
}

/// The answer of [`best_move`].
#[derive(Debug, Clone, PartialEq)]
pub struct BestMove {
    /// The move with the highest value (the first of [`Direction::ALL`]'s
    /// order among equals); `None` when no move is legal.
    pub choice: Option<Direction>,
    /// Every legal move with its value, in [`Direction::ALL`]'s order: the
    /// expected heuristic at the search's leaves (a lost board counts 0 on
    /// 4×4 with tiles up to 32768, nneonneo's, and else below every board's
    /// heuristic; a value may be below 0 off 4×4 or past those tiles).
    pub analysis: Vec<(Direction, f64)>,
    /// The depth searched, in moves: the one asked for, or, when the budget
    /// stopped it, the deepest searched in full within the budget (0 for a
    /// budget of fewer than the four moves of the root: no move searched,
    /// no choice).
    pub depth: u32,
    /// Moves tried, by every search made (one given up included): never more
    /// than the budget.
    pub nodes: u64,
    /// The depth asked for, when the budget ([`EngineOptions::nodes`])
    /// stopped the search before it; `None` when that depth was searched in
    /// full.
    pub stopped_at: Option<u32>,
}

/// The most work [`default_depth`] plans for a board other than 4×4, in
/// cell-moves (moves tried × cells a move touches): about a second.
const GENERAL_BOARD_WORK: f64 = 1e8;

/// The depth the engine searches a board to when none is given: more when
/// the board holds more different tiles (a later, harder game) — nneonneo's
/// rule, `max(3, distinct tiles − 2)` spawns after the first move, so one move
/// more than that. On a board other than 4×4 the depth is also capped by the
/// tree's size before its search: every level whose path probability stays
/// above the search's threshold multiplies the moves by `4 × tiles of the law
/// × empty cells`, and the depth stops where that, times the cells a move
/// touches, would pass 10^8 (about a second; a 20×20 board half empty
/// gets 2). Both read the board only, never the clock.
pub fn default_depth(board: &Board) -> u32 {
    default_depth_for(board, &SpawnLaw::classic())
}

fn default_depth_for(board: &Board, law: &SpawnLaw) -> u32 {
    let mut seen = 0u64;
    for &exponent in board.exponents().as_slice() {
        if exponent > 0 {
            seen |= 1 << exponent;
        }
    }
    let by_tiles = seen.count_ones().saturating_sub(2).max(3) + 1;
    let cells = board.height() * board.width();
    if (board.height(), board.width()) == (4, 4) {
        return by_tiles;
    }
    let empty = board.exponents().as_slice().iter().filter(|&&e| e == 0).count().max(1) as f64;
    let outcomes = law.outcomes().len() as f64;
    let likeliest = law.probabilities().iter().map(|&(_, probability)| probability).fold(0.0, f64::max);
    let mut depth = 1;
    let mut moves = 4.0;
    let mut path_probability = 1.0;
    while depth < by_tiles {
        // The next level's chance nodes expand only above the threshold.
        let branching = if path_probability >= expectimax::UNLIKELY { 4.0 * outcomes * empty } else { 1.0 };
        if moves * branching * cells as f64 > GENERAL_BOARD_WORK {
            break;
        }
        moves *= branching;
        path_probability *= likeliest / empty;
        depth += 1;
    }
    depth
}

/// The engine's move for `board`, spawns drawn from `law`; `Err` when a
/// legal move would merge two `2^63` tiles, whose sum no board holds
/// ([`check_top_merges`](crate::check_top_merges)).
///
/// ```
/// use rules_2048::{best_move, Board, Direction, EngineOptions, SpawnLaw};
/// let board: Board = "2 2 . . / . . . . / . . . . / . . . .".parse().unwrap();
/// let answer = best_move(&board, &SpawnLaw::classic(), &EngineOptions::default()).unwrap();
/// assert_eq!(answer.analysis.len(), 3); // up changes nothing
/// assert!(answer.choice.is_some());
/// ```
pub fn best_move(board: &Board, law: &SpawnLaw, options: &EngineOptions) -> Result<BestMove, TileOverflow> {
    crate::spawn::check_top_merges(board)?;
    Ok(best_move_within(board, law, options, Shallower::Fallback))
}

/// Builds now what a search on a board of this size would build in its first
/// call: on 4×4, the tables of the 65,536 rows (a few milliseconds, once a
/// process). For a caller that times its searches and would count the
/// searches alone, as other engines build theirs before their clock starts.
/// Nothing it does changes an answer.
pub fn prepare_engine(board: &Board) {
    if board.height() == 4 && board.width() == 4 {
        packed::tables();
    }
}

/// Whether a search whose depth does not fit in its budget looks for the
/// deepest that does (`best_move`: the depth asked for then gets half the
/// budget, the climb the rest), or only says so (self-play, which then ends
/// the game: a shallower move would not be the game asked for; the depth
/// gets the whole budget).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shallower {
    Fallback,
    GiveUp,
}

/// [`best_move`], with a choice of what a budget too small does.
pub(crate) fn best_move_within(
    board: &Board,
    law: &SpawnLaw,
    options: &EngineOptions,
    shallower: Shallower,
) -> BestMove {
    let asked = options.depth.unwrap_or_else(|| default_depth_for(board, law)).clamp(1, MAX_DEPTH);
    let outcomes = law.probabilities();
    let lost = heuristic::lost_value(board.height(), board.width(), board.max_exponent());
    let search_to = |depth, budget| {
        let engine = EngineSearch { law: &outcomes, depth, threads: options.threads, budget, lost };
        on_representation(board, depth, law.largest_tile(), engine)
    };
    let (analysis, depth, nodes, stopped_at) = match options.nodes {
        None => {
            let searched = search_to(asked, u64::MAX);
            (searched.analysis.expect("no budget stops a search"), asked, searched.nodes, None)
        }
        Some(budget) => {
            // The depth asked for, at no more cost than without a budget
            // when it fits in half (in all of it when nothing shallower
            // would be taken instead).
            let first = search_to(asked, if shallower == Shallower::GiveUp { budget } else { budget / 2 });
            match first.analysis {
                Some(analysis) => (analysis, asked, first.nodes, None),
                None if shallower == Shallower::GiveUp => (Vec::new(), 0, first.nodes, Some(asked)),
                None => {
                    // Every depth from 1 up within the rest, each within what
                    // the ones before left (each costs about as much as all
                    // those below it together).
                    let (mut found, mut depth, mut nodes) = (Vec::new(), 0, first.nodes);
                    for deeper in 1..=asked {
                        let searched = search_to(deeper, budget - nodes);
                        nodes += searched.nodes;
                        let Some(analysis) = searched.analysis else { break };
                        (found, depth) = (analysis, deeper);
                    }
                    (found, depth, nodes, Some(asked).filter(|_| depth < asked))
                }
            }
        }
    };
    let mut choice = None;
    let mut best = f64::NEG_INFINITY;
    for &(direction, value) in &analysis {
        if value > best {
            best = value;
            choice = Some(direction);
        }
    }
    BestMove { choice, analysis, depth, nodes, stopped_at }
}

/// A search that runs on any representation of the board: what
/// [`on_representation`] calls once it has chosen one.
pub(crate) trait Search {
    type Output;
    fn on<P: Position + Sync>(self, board: &P) -> Self::Output
    where
        P::Key: Send;
}

/// Runs `search` on the representation chosen for `board`, once: the 4×4
/// word when no tile of 65536 can appear within `spawns` spawns of at most
/// `largest_spawn`, a byte a cell for any other 4×4 board, the fewest of 16,
/// 32 or 64 bytes in place that hold any other board of up to 64 cells, the
/// general board for a larger one. All do the same arithmetic in the same
/// order, so the choice never changes an answer (tested).
pub(crate) fn on_representation<S: Search>(board: &Board, spawns: u32, largest_spawn: u64, search: S) -> S::Output {
    if let Some(packed) = Packed::fits(board, spawns, largest_spawn) {
        search.on(&packed)
    } else if let Some(wide) = Wide::of(board) {
        search.on(&wide)
    } else if let Some(small) = Small::<16>::of(board) {
        search.on(&small)
    } else if let Some(small) = Small::<32>::of(board) {
        search.on(&small)
    } else if let Some(small) = Small::<64>::of(board) {
        search.on(&small)
    } else {
        search.on(board)
    }
}

/// `best_move`'s search: each legal first move's value, and the nodes.
struct EngineSearch<'a> {
    law: &'a [(u8, f64)],
    depth: u32,
    threads: usize,
    /// Moves tried, at most, by all the first moves together.
    budget: u64,
    /// What a lost board is worth in this search.
    lost: f64,
}

/// What a search to one depth found: each legal first move's value (`None`
/// when the budget stopped one of them), and the moves tried.
struct Searched {
    analysis: Option<Vec<(Direction, f64)>>,
    nodes: u64,
}

impl Search for EngineSearch<'_> {
    type Output = Searched;

    fn on<P: Position + Sync>(self, board: &P) -> Searched
    where
        P::Key: Send,
    {
        search(board, &self)
    }
}

/// Each legal first move's value, and the nodes of all.
fn search<P: Position + Sync>(board: &P, engine: &EngineSearch) -> Searched
where
    P::Key: Send,
{
    let EngineSearch { law, depth, threads, budget, lost } = *engine;
    // The root's four moves, then each first move's even share of what is
    // left, whichever thread takes it.
    const ROOT: u64 = 4;
    let first_moves: Vec<(Direction, P)> =
        Direction::ALL.into_iter().filter_map(|direction| Some((direction, board.after(direction)?))).collect();
    if first_moves.is_empty() {
        // A lost board's answer, no move, needs no search: a budget too
        // small for the root's tries must not hide it (nor be charged them).
        return Searched { analysis: Some(Vec::new()), nodes: if budget < ROOT { 0 } else { ROOT } };
    }
    if budget < ROOT {
        return Searched { analysis: None, nodes: 0 };
    }
    let limit = (budget - ROOT) / first_moves.len() as u64;
    // One search a worker, its table emptied for each first move it takes:
    // the same values as a new table's, without allocating one each time.
    // A first move's value and moves tried depend on nothing else, so how
    // the first moves are shared changes nothing of the answer.
    let mut here = Expectimax::<P>::new(law, depth, lost);
    let workers = threads.clamp(1, first_moves.len());
    // With threads to share the first moves, the first one is searched
    // here within `WORTH_A_THREAD` moves: a search that small is not worth
    // a thread, and is finished here.
    let probed = (workers > 1).then(|| here.first_move(&first_moves[0].1, limit.min(WORTH_A_THREAD)));
    let results: Vec<(Option<f64>, u64)> = match probed {
        Some(first) if stopped_by_the_probe(first, limit) => {
            shared_among(&mut here, workers, &first_moves, engine, limit)
        }
        probed => {
            let rest = &first_moves[usize::from(probed.is_some())..];
            probed.into_iter().chain(rest.iter().map(|(_, moved)| here.first_move(moved, limit))).collect()
        }
    };
    let nodes = ROOT + results.iter().map(|&(_, nodes)| nodes).sum::<u64>();
    let analysis =
        first_moves.iter().zip(&results).map(|((direction, _), &(value, _))| Some((*direction, value?))).collect();
    Searched { analysis, nodes }
}

/// The moves tried below which a first move is searched on the calling
/// thread rather than shared: starting and joining a thread takes some 50
/// µs (measured on the 2-core machine of docs/performance.md), as long as
/// about 6,000 moves tried on a 4×4 board, and a `play` at depth 1 searches
/// a few dozen a move, which threads would make a hundred times slower.
const WORTH_A_THREAD: u64 = 10_000;

/// Whether a first move's probe, its search within `WORTH_A_THREAD` moves
/// tried, stopped short of the move's own limit: a search worth sharing.
/// Finished, or stopped by the budget itself (a limit no greater than the
/// probe's), it is the first move's own result, as a worker would have
/// found it.
fn stopped_by_the_probe((value, _): (Option<f64>, u64), limit: u64) -> bool {
    value.is_none() && WORTH_A_THREAD < limit
}

/// Each first move's result, the moves shared among `workers` threads, the
/// calling one (searching with `here`) and others each with a search of its
/// own, each taking the next move not yet taken; each result goes to its
/// move's slot, so the order of finishing does not matter.
fn shared_among<P: Position + Sync>(
    here: &mut Expectimax<'_, P>,
    workers: usize,
    first_moves: &[(Direction, P)],
    engine: &EngineSearch,
    limit: u64,
) -> Vec<(Option<f64>, u64)>
where
    P::Key: Send,
{
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<(Option<f64>, u64)>> = first_moves.iter().map(|_| Mutex::new((None, 0))).collect();
    let take_moves = |search: &mut Expectimax<'_, P>| loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        let Some((_, moved)) = first_moves.get(index) else { break };
        *slots[index].lock().expect("no search thread panics") = search.first_move(moved, limit);
    };
    let helper = || take_moves(&mut Expectimax::<P>::new(engine.law, engine.depth, engine.lost));
    crate::threads::share(workers - 1, crate::threads::STACK, helper, || take_moves(here));
    slots.into_iter().map(|slot| slot.into_inner().expect("no search thread panics")).collect()
}

#[cfg(test)]
mod tests;
