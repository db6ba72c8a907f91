//! The best found so far: its order (score, then length, then task), and
//! what the threads of a parallel search share (the best and the node count).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use grid_core::Direction;

use super::Search;

/// The best found so far, shared by the threads of a parallel search.
///
/// Ties are broken by task: of two sequences with the same score and length,
/// the one in the earlier task (in the sequential search's order) wins, and a
/// task prunes a tie only against an earlier task. So the answer and its
/// witness are the same whichever thread finishes first.
pub(super) struct Shared {
    /// `score << 48 | length << 32 | task`, for a lock-free read at every node.
    pub(super) packed: AtomicU64,
    /// The best: score, length, task and moves.
    pub(super) best: Mutex<(u8, usize, u32, Vec<Direction>)>,
    /// Boards all threads have taken from the budget (256 at a time, never
    /// past it); each thread counts those it visits itself.
    pub(super) nodes: AtomicU64,
    pub(super) budget: u64,
    pub(super) out_of_budget: AtomicBool,
}

impl Shared {
    #[inline]
    pub(super) fn pack(score: u8, len: usize, task: u32) -> u64 {
        (score as u64) << 48 | (len.min(0xFFFF) as u64) << 32 | task as u64
    }

    #[inline]
    fn unpack(packed: u64) -> (u8, usize, u32) {
        let len = ((packed >> 32) & 0xFFFF) as usize;
        ((packed >> 48) as u8, if len == 0xFFFF { usize::MAX } else { len }, packed as u32)
    }
}

impl Search<'_> {
    /// Whether a board at `depth` whose largest exponent is `max_exponent` beats
    /// the best itself.
    #[inline]
    pub(super) fn improves(&self, max_exponent: u8, depth: usize) -> bool {
        let score = max_exponent.min(self.score_cap);
        score > self.best_score || (score == self.best_score && self.shorter(depth))
    }

    /// Whether a sequence of `len` moves with the best score would beat the best.
    #[inline]
    pub(super) fn shorter(&self, len: usize) -> bool {
        len < self.best_len || (self.tie_wins && len == self.best_len)
    }

    /// Takes in what other threads found.
    #[inline]
    pub(super) fn sync(&mut self) {
        if let Some(shared) = self.shared {
            let (score, len, task) = Shared::unpack(shared.packed.load(Ordering::Relaxed));
            self.best_score = score;
            self.best_len = len;
            self.tie_wins = task > self.task;
        }
    }

    /// Records a better sequence: this path, then `last` if given.
    pub(super) fn record(&mut self, score: u8, len: usize, last: Option<Direction>) {
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

    /// Counts a visited board against the budget; false, counting nothing,
    /// once it is spent. A parallel search takes its boards from the shared
    /// budget up to 256 at a time and never more than are left, so that all
    /// threads together visit at most the budget.
    #[inline]
    pub(super) fn count_node(&mut self) -> bool {
        if self.allowance == 0 && !self.take_from_shared_budget() {
            self.out_of_budget = true;
            return false;
        }
        self.allowance -= 1;
        self.nodes += 1;
        self.sync();
        true
    }

    /// Takes up to 256 more boards from the shared budget; false when none
    /// are left (or there is none: a sequential search has its whole budget).
    fn take_from_shared_budget(&mut self) -> bool {
        let Some(shared) = self.shared else { return false };
        let mut taken = shared.nodes.load(Ordering::Relaxed);
        loop {
            if taken >= shared.budget || shared.out_of_budget.load(Ordering::Relaxed) {
                shared.out_of_budget.store(true, Ordering::Relaxed);
                return false;
            }
            let take = (shared.budget - taken).min(256);
            match shared.nodes.compare_exchange_weak(taken, taken + take, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => {
                    self.allowance = take;
                    return true;
                }
                Err(now) => taken = now,
            }
        }
    }
}
