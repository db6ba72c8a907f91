//! The best found so far and its order (score, then length), and the node
//! budget a search counts its boards against.

use grid_core::Direction;

use super::Search;

/// How many boards a task's run visits between two looks at whether it
/// should stop: a look is one atomic load.
const CHECK_EVERY: u64 = 1024;

impl Search {
    /// Whether a board at `depth` whose largest exponent is `max_exponent` beats
    /// the best itself.
    #[inline]
    pub(super) fn improves(&self, max_exponent: u8, depth: usize) -> bool {
        let score = max_exponent.min(self.score_cap);
        score > self.best_score || (score == self.best_score && self.shorter(depth))
    }

    /// Whether a sequence of `len` moves with the best score would beat the
    /// best. A tie never does: the sequence found first stays the witness.
    #[inline]
    pub(super) fn shorter(&self, len: usize) -> bool {
        len < self.best_len
    }

    /// Records a better sequence: this path, then `last` if given.
    pub(super) fn record(&mut self, score: u8, len: usize, last: Option<Direction>) {
        self.best_score = score;
        self.best_len = len;
        self.best_moves.clone_from(&self.path);
        self.best_moves.extend(last);
    }

    /// Counts a visited board against the budget; false, counting nothing,
    /// once it is spent (or the run is stopped, see [`Search::refill`]).
    #[inline]
    pub(super) fn count_node(&mut self) -> bool {
        if self.allowance == 0 && !self.refill() {
            self.out_of_budget = true;
            return false;
        }
        self.allowance -= 1;
        self.nodes += 1;
        true
    }

    /// Takes the next [`CHECK_EVERY`] boards of the budget, unless none is
    /// left or a task's run is stopped (then it unwinds as if out of budget,
    /// and what it found is thrown away).
    fn refill(&mut self) -> bool {
        if self.reserve == 0 {
            return false;
        }
        if self.stop.as_ref().is_some_and(|stop| stop.stopped()) {
            self.stopped = true;
            return false;
        }
        self.allowance = self.reserve.min(CHECK_EVERY);
        self.reserve -= self.allowance;
        true
    }
}
