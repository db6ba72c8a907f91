//! The search in tasks: the first moves searched alone, then the boards they
//! make searched one task each, in the sequential order, on any number of
//! threads, with the same outcome on each number.
//!
//! Each task starts from the best of the tasks before it, with a table of its
//! own, and may visit what the budget has left after them: what it finds
//! then depends only on the board, the budget and the task, never on which
//! thread ran it or when. Threads run later tasks ahead from the best known
//! so far; a task is *committed*, in order, only when the best it started
//! from is the best of all tasks before it and its boards fit in what is
//! left, and is run again when not (with that best, or stopped where the
//! budget ends). So an answer stopped by the budget, with its witness, bound
//! and boards counted, is the same on one thread as on eight.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use grid_core::{Axis, Direction};

use super::bounds::{Counts, Root};
use super::order::move_order;
use super::siblings::Sibling;
use super::table::Table;
use super::{overflow_at, Found, RunError, Search};
use crate::board::Board;
use crate::kernel::{Kernel, Landings, Laned};
use crate::threads;

/// The depth at which the search splits the tree into tasks: up to 64
/// subtrees, enough to balance a few threads while the shallow part stays
/// trivial. (Depth 2, 16 tasks, balanced two threads worse: 1.1× to 1.6×
/// instead of 1.7× to 2.6× on the K = 10 boards of docs/performance.md.)
const SPLIT_DEPTH: usize = 3;

/// The fewest moves a search runs in tasks from: below, it takes well under a
/// millisecond, and threads only cost.
pub(super) const IN_TASKS_FROM: usize = SPLIT_DEPTH + 5;

/// The memory a search in tasks may spend on its threads' boards and tables.
const MEMORY_FOR_THREADS: usize = 32 << 20;

/// How many threads a search of `max_moves` moves from `board` runs on, for
/// `wanted` (0 and 1 both mean one): each thread keeps its own boards,
/// counts, table and reading scratch, and all of them stay within
/// [`MEMORY_FOR_THREADS`].
pub(super) fn threads_for(board: &Board, max_moves: usize, kernel: Kernel, wanted: usize) -> usize {
    let (height, width) = (board.height(), board.width());
    let per_depth = height * width + kernel.laned_bytes(height, width) + size_of::<Counts>();
    let per_thread = max_moves.saturating_add(1).saturating_mul(per_depth)
        + Table::bytes(max_moves)
        + Landings::bytes(height * width);
    wanted.clamp(1, (MEMORY_FOR_THREADS / per_thread).max(1))
}

/// The best a task starts from or ends with: score, then length (a tie
/// never beats it).
type Best = (u8, usize);

/// A best as one number that grows as it gets better.
fn rank((score, len): Best) -> u64 {
    (score as u64) << 32 | (u32::MAX as u64 - len.min(u32::MAX as usize) as u64)
}

/// What stops a task's run early: the committed tasks' best (`standing`, as
/// its [`rank`], `u64::MAX` once the search is over) has passed the best it
/// started from, which can then no longer be the best of the tasks before it.
pub(super) struct Stop {
    standing: Arc<AtomicU64>,
    start: u64,
}

impl Stop {
    pub(super) fn stopped(&self) -> bool {
        self.standing.load(Ordering::Relaxed) > self.start
    }
}

/// One run of a task to its end: from `start`, the boards it visited, and
/// what it found (its best and witness when it beat `start`, and how it
/// ended), or where a merge overflows.
struct TaskRun {
    start: Best,
    nodes: u64,
    result: Result<TaskOutcome, usize>,
}

struct TaskOutcome {
    improved: Option<(Best, Vec<Direction>)>,
    out_of_budget: bool,
    /// It reached the score cap in the fewest moves: no task after it can win.
    finished: bool,
}

/// Where a task stands.
enum TaskState {
    /// To run: never run, or its last run does not count.
    ToRun,
    Running,
    /// Run, and waiting for the tasks before it to be committed.
    Ran(TaskRun),
    Committed,
}

/// The tasks' states and what the committed ones found, in order.
struct Ledger {
    states: Vec<TaskState>,
    /// The tasks before this index are committed.
    committed: usize,
    best: Best,
    moves: Vec<Direction>,
    nodes: u64,
    out_of_budget: bool,
    overflow: Option<usize>,
    /// Every task committed, the cap reached, the budget spent or a merge
    /// that overflows.
    over: bool,
}

impl Ledger {
    /// The first task to run, from the best the tasks before it are
    /// expected to leave (the committed best, bettered by what the tasks run
    /// since found), with what the budget has left after the committed tasks
    /// (the tasks between may leave less: a run that passes what they leave,
    /// or that started from another best than theirs, is run again, see
    /// `commit`).
    fn next_to_run(&mut self, budget: u64) -> Option<(usize, Best, u64)> {
        let index = (self.committed..self.states.len()).find(|&i| matches!(self.states[i], TaskState::ToRun))?;
        self.states[index] = TaskState::Running;
        let found_since = self.states[self.committed..index].iter().filter_map(|state| match state {
            TaskState::Ran(TaskRun { result: Ok(TaskOutcome { improved: Some((best, _)), .. }), .. }) => Some(*best),
            _ => None,
        });
        let expected = std::iter::once(self.best).chain(found_since).max_by_key(|&best| rank(best));
        Some((index, expected.unwrap_or(self.best), budget - self.nodes))
    }

    /// Commits every task it can, in order: one whose run started from the
    /// best of all tasks before it and visited no more boards than they left
    /// (a run stopped at a larger allowance than that is not the run it would
    /// have had). Any other is run again.
    fn commit(&mut self, budget: u64) {
        while !self.over {
            let index = self.committed;
            if index == self.states.len() {
                self.over = true;
                break;
            }
            let run = match std::mem::replace(&mut self.states[index], TaskState::Committed) {
                TaskState::Ran(run) if run.start == self.best && run.nodes <= budget - self.nodes => run,
                TaskState::Ran(_) => {
                    self.states[index] = TaskState::ToRun;
                    break;
                }
                // Not run yet, or running: it is committed when its run is in.
                waiting => {
                    self.states[index] = waiting;
                    break;
                }
            };
            self.committed += 1;
            self.nodes += run.nodes;
            match run.result {
                Err(at) => {
                    self.overflow = Some(at);
                    self.over = true;
                }
                Ok(outcome) => {
                    if let Some((best, moves)) = outcome.improved {
                        (self.best, self.moves) = (best, moves);
                    }
                    self.out_of_budget = outcome.out_of_budget;
                    self.over = outcome.out_of_budget || outcome.finished;
                }
            }
        }
    }
}

impl Search {
    /// Searches the first [`SPLIT_DEPTH`] moves alone, then the subtrees below
    /// them as tasks on `threads` threads (see the module's doc).
    pub(super) fn run_in_tasks(
        board: &Board,
        max_moves: usize,
        goal: u8,
        kernel: Kernel,
        budget: u64,
        threads: usize,
    ) -> Result<Found, RunError> {
        let overflow = overflow_at(board.width());
        let shallow = Search::run_sequential(board, SPLIT_DEPTH, goal, kernel, budget)?;
        let root = Root::new(board, max_moves, goal);
        // The cap reached within the first moves: no task can make more, nor
        // reach it sooner (what reaches it sooner is among the first moves).
        if shallow.score == root.score_cap || shallow.out_of_budget {
            return Ok(shallow);
        }
        let tasks = tasks_at(board, SPLIT_DEPTH, kernel).map_err(&overflow)?;
        let standing = Arc::new(AtomicU64::new(rank((shallow.score, shallow.moves.len()))));
        let ledger = Mutex::new(Ledger {
            states: tasks.iter().map(|_| TaskState::ToRun).collect(),
            committed: 0,
            best: (shallow.score, shallow.moves.len()),
            moves: shallow.moves,
            nodes: shallow.nodes,
            out_of_budget: false,
            overflow: None,
            over: tasks.is_empty(),
        });
        let changed = Condvar::new();

        // A run of `task` from `start` within `allowance` boards, with a table
        // of its own; `None` when `stop` stopped it first.
        let run_task = |task: &Task, start: Best, allowance: u64, stop: Stop| {
            let mut search = Search::new(board, max_moves, &root, kernel, allowance);
            search.stop = Some(stop);
            (search.best_score, search.best_len) = start;
            search.path.clone_from(&task.moves);
            search.place(SPLIT_DEPTH, &task.cells);
            let result = search.visit(SPLIT_DEPTH, task.max_exponent, false, task.sibling);
            if search.stopped {
                return None;
            }
            let improved = !search.best_moves.is_empty();
            let result = result.map(|()| TaskOutcome {
                improved: improved
                    .then(|| ((search.best_score, search.best_len), std::mem::take(&mut search.best_moves))),
                out_of_budget: search.out_of_budget,
                finished: search.finished,
            });
            Some(TaskRun { start, nodes: search.nodes, result })
        };
        let lock = || ledger.lock().expect("no thread panicked holding the ledger");
        let work = || loop {
            let (index, start, allowance, stop) = {
                let mut ledger = lock();
                loop {
                    if ledger.over {
                        return;
                    }
                    if let Some((index, start, allowance)) = ledger.next_to_run(budget) {
                        let stop = Stop { standing: Arc::clone(&standing), start: rank(start) };
                        break (index, start, allowance, stop);
                    }
                    ledger = changed.wait(ledger).expect("no thread panicked holding the ledger");
                }
            };
            let run = run_task(&tasks[index], start, allowance, stop);
            let mut ledger = lock();
            match run {
                Some(run) => {
                    ledger.states[index] = TaskState::Ran(run);
                    ledger.commit(budget);
                    let now = if ledger.over { u64::MAX } else { rank(ledger.best) };
                    standing.store(now, Ordering::Relaxed);
                }
                None => ledger.states[index] = TaskState::ToRun,
            }
            changed.notify_all();
        };
        // The calling thread is one of the workers, one thread fewer to start,
        // unless the search is deep enough to need a deep stack
        // (`deep_stack`): then at least one thread must start.
        let workers = threads.min(tasks.len());
        if max_moves > super::SHALLOW {
            let started = threads::share(workers, super::deep_stack(max_moves), work, || ());
            if let (0, Some(refused)) = (started.helpers, started.refused) {
                return Err(RunError::NoThread { moves: max_moves, os_error: refused.raw_os_error() });
            }
        } else {
            threads::share(workers.saturating_sub(1), threads::STACK, work, work);
        }
        let ledger = ledger.into_inner().expect("no thread panicked holding the ledger");
        if let Some(at) = ledger.overflow {
            return Err(overflow(at).into());
        }
        let (score, _) = ledger.best;
        Ok(Found { score, moves: ledger.moves, out_of_budget: ledger.out_of_budget, nodes: ledger.nodes })
    }
}

/// A task: a board `depth` moves from the root, and the moves to it.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_orders_bests_as_the_search_does() {
        // A larger tile first, then fewer moves; nothing found ranks lowest.
        assert!(rank((5, 9)) > rank((4, 1)));
        assert!(rank((5, 3)) > rank((5, 4)));
        assert_eq!(rank((5, 3)), rank((5, 3)));
        assert!(rank((0, usize::MAX)) < rank((0, 0)));
        assert!(rank((1, usize::MAX)) > rank((0, 0)));
        let standing = Arc::new(AtomicU64::new(rank((4, 7))));
        let stop = |start| Stop { standing: Arc::clone(&standing), start: rank(start) };
        assert!(stop((4, 8)).stopped() && stop((3, 1)).stopped());
        assert!(!stop((4, 7)).stopped() && !stop((4, 6)).stopped() && !stop((5, 9)).stopped());
    }

    /// A task run from `start` that visited `nodes` boards and found
    /// `improved` (or overflowed at `Err`), out of budget or finished.
    fn ran(
        start: Best,
        nodes: u64,
        found: Result<Option<Best>, usize>,
        out_of_budget: bool,
        finished: bool,
    ) -> TaskState {
        let result = found.map(|improved| TaskOutcome {
            improved: improved.map(|best| (best, vec![Direction::Up; best.1])),
            out_of_budget,
            finished,
        });
        TaskState::Ran(TaskRun { start, nodes, result })
    }

    fn ledger(states: Vec<TaskState>) -> Ledger {
        let (best, moves, nodes) = ((3, 5), vec![Direction::Left; 5], 2);
        Ledger { states, committed: 0, best, moves, nodes, out_of_budget: false, overflow: None, over: false }
    }

    /// Each state as a letter: `t` to run, `r` running, `R` ran, `C` committed.
    fn letters(ledger: &Ledger) -> String {
        let letter = |state: &TaskState| match state {
            TaskState::ToRun => 't',
            TaskState::Running => 'r',
            TaskState::Ran(_) => 'R',
            TaskState::Committed => 'C',
        };
        ledger.states.iter().map(letter).collect()
    }

    #[test]
    fn runs_are_committed_in_order_from_the_best_before_them_within_the_budget() {
        let (before, after) = ((3, 5), (4, 7));
        // (the tasks, what the ledger holds after committing with a budget of
        // 100: states, best, boards, over, out of budget, overflow)
        type After = (&'static str, Best, u64, bool, bool, Option<usize>);
        let cases: Vec<(Vec<TaskState>, After)> = vec![
            // Committed in order, each from the best before it.
            (
                vec![
                    ran(before, 10, Ok(Some(after)), false, false),
                    ran(after, 5, Ok(None), false, false),
                    TaskState::Running,
                ],
                ("CCr", after, 17, false, false, None),
            ),
            // A run after one not in yet waits for it.
            (vec![TaskState::Running, ran(before, 5, Ok(None), false, false)], ("rR", before, 2, false, false, None)),
            // From a best the tasks before it have passed: run again.
            (
                vec![ran(before, 10, Ok(Some(after)), false, false), ran(before, 5, Ok(None), false, false)],
                ("Ct", after, 12, false, false, None),
            ),
            // More boards than the tasks before left (88): run again, stopped there.
            (
                vec![ran(before, 10, Ok(None), false, false), ran(before, 89, Ok(None), false, false)],
                ("Ct", before, 12, false, false, None),
            ),
            // Stopped where the budget ends, exactly: the search is over.
            (
                vec![
                    ran(before, 10, Ok(None), false, false),
                    ran(before, 88, Ok(Some(after)), true, false),
                    TaskState::Running,
                ],
                ("CCr", after, 100, true, true, None),
            ),
            // The cap reached in the fewest moves: over, the budget not spent.
            (
                vec![ran(before, 10, Ok(Some(after)), false, true), ran(after, 1, Ok(None), false, false)],
                ("CR", after, 12, true, false, None),
            ),
            // A merge that overflows, in its turn.
            (vec![ran(before, 4, Err(9), false, false), TaskState::ToRun], ("Ct", before, 6, true, false, Some(9))),
            // Every task committed.
            (vec![ran(before, 1, Ok(None), false, false)], ("C", before, 3, true, false, None)),
        ];
        for (index, (states, (states_after, best, nodes, over, out_of_budget, overflow))) in
            cases.into_iter().enumerate()
        {
            let mut ledger = ledger(states);
            ledger.commit(100);
            assert_eq!(
                (
                    letters(&ledger).as_str(),
                    ledger.best,
                    ledger.nodes,
                    ledger.over,
                    ledger.out_of_budget,
                    ledger.overflow
                ),
                (states_after, best, nodes, over, out_of_budget, overflow),
                "case {index}"
            );
            assert_eq!(ledger.moves.len(), best.1, "case {index}: the witness is the best's");
        }
    }

    #[test]
    fn the_next_run_starts_from_the_best_the_tasks_before_it_are_expected_to_leave() {
        let mut ledger = ledger(vec![
            TaskState::Running,
            ran((3, 5), 10, Ok(Some((4, 7))), false, false),
            ran((4, 7), 10, Ok(Some((4, 6))), false, false),
            ran((4, 7), 10, Ok(Some((4, 9))), false, false),
            TaskState::ToRun,
            TaskState::ToRun,
        ]);
        // The best of the committed one and of the runs since, and what the
        // budget leaves after the committed tasks.
        assert_eq!(ledger.next_to_run(100), Some((4, (4, 6), 98)));
        assert_eq!(letters(&ledger), "rRRRrt");
        assert_eq!(ledger.next_to_run(100), Some((5, (4, 6), 98)));
        assert_eq!(ledger.next_to_run(100), None, "nothing left to run");
        ledger.states[0] = TaskState::ToRun;
        assert_eq!(ledger.next_to_run(100), Some((0, (3, 5), 98)), "the first from the committed best");
    }
}
