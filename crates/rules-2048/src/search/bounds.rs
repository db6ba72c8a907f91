//! Every bound the search cuts with, each with its proof: the sum bound
//! (`Root`), the cheap bound (`within_reach`), the counting bound (`relax`,
//! `may_improve`), no slack (`merges_needed`) and two moves ahead
//! (`some_child_may_improve`). Each is a method or a function of its own, so
//! that adding a bound is one function here and one step in `node.rs`.

use grid_core::Axis;

use super::Search;
use crate::board::Board;

/// Counts of tiles by exponent, large enough for any sum of at most 2^32 tiles.
pub(super) type Counts = [u32; 100];

/// The facts about a root board every search needs.
/// What the counting bound proves of a board before any search: the
/// largest tile any sequence of at most `max_moves` moves can make, and the
/// fewest moves any sequence needs to make a given tile. A search that ran
/// out of budget says no more than this, and this is always proven.
pub(crate) struct RootBounds {
    counts: Counts,
    max_exponent: u8,
    max_moves: usize,
    sum_cap: u8,
}

impl RootBounds {
    /// The bounds of `board` for sequences of at most `max_moves` moves.
    pub(crate) fn of(board: &Board, max_moves: usize) -> RootBounds {
        RootBounds {
            counts: counts_of(board.exponents().as_slice()),
            max_exponent: board.max_exponent(),
            max_moves,
            sum_cap: sum_cap(board),
        }
    }

    /// The largest exponent a tile can have after at most `max_moves` moves:
    /// the counting bound, and no more than the board's sum allows.
    pub(crate) fn reachable(&self) -> u8 {
        reachable_within(&self.counts, self.max_exponent, self.max_moves).min(self.sum_cap)
    }

    /// The fewest moves after which a tile of `exponent` may stand, or `None`
    /// when no sequence of at most `max_moves` moves can make one.
    pub(crate) fn fewest_moves_to(&self, exponent: u8) -> Option<usize> {
        if exponent > self.sum_cap {
            return None;
        }
        fewest_moves_to(&self.counts, self.max_exponent, exponent, self.max_moves)
    }
}

/// The largest exponent the board's sum allows, which no move changes.
fn sum_cap(board: &Board) -> u8 {
    let sum = board.sum();
    if sum == 0 {
        0
    } else {
        (127 - sum.leading_zeros()) as u8
    }
}

pub(super) struct Root {
    /// The best score any board can have: the goal or the sum bound (the
    /// largest power of two not above the board's sum, which no move
    /// changes), whichever is smaller.
    pub(super) score_cap: u8,
    /// The root's largest exponent.
    pub(super) root_max: u8,
    /// The fewest moves the counting bound allows to reach `score_cap`.
    pub(super) fewest_to_cap: usize,
}

impl Root {
    pub(super) fn new(board: &Board, max_moves: usize, goal: u8) -> Root {
        let score_cap = goal.min(sum_cap(board));
        let root_max = board.max_exponent();
        let root_counts = counts_of(board.exponents().as_slice());
        let fewest_to_cap = fewest_moves_to(&root_counts, root_max, score_cap, max_moves).unwrap_or(usize::MAX);
        Root { score_cap, root_max, fewest_to_cap }
    }
}

impl Search {
    /// Whether some child of a board at `depth` whose largest exponent is
    /// `max_exponent` and whose tile counts are `counts` may pass the checks
    /// `visit` makes before playing it (the pairs of largest tiles it needs,
    /// the cheap bound and the counting bound), given `merges[axis][x]`, the
    /// pairs of `2^x` tiles a move along `axis` merges, for `x` from
    /// `exact_from` on. Below that, the child's counts are bounded from above
    /// (no pair of `2^x` merged, all pairs of `2^(x-1)`), so that the answer
    /// is "no" only when it is "no" for the true counts: the counting bound
    /// never falls when counts rise. The children along `axis_done`, if any,
    /// are left out (see `visit`).
    pub(super) fn some_child_may_improve(
        &self,
        depth: usize,
        max_exponent: u8,
        counts: &Counts,
        merges: &[[u32; 64]; 2],
        exact_from: u8,
        axis_done: Option<Axis>,
    ) -> bool {
        let needed = self.merges_needed(depth, max_exponent);
        Axis::BOTH.into_iter().filter(|&axis| axis_done != Some(axis)).any(|axis| {
            let by_exponent = &merges[axis];
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
    #[inline]
    pub(super) fn merges_needed(&self, depth: usize, max_exponent: u8) -> usize {
        let left = self.max_moves - depth;
        let m = max_exponent as usize;
        let best = self.best_score as usize;
        // The moves each way of improving needs, and the moves it has.
        let larger = (best < self.score_cap as usize).then(|| (best + 1 - m.min(best + 1), left));
        let shorter = (m < best && self.best_len > depth + 1).then(|| (best - m, self.best_len - 1 - depth));
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
    pub(super) fn within_reach(&self, depth: usize, max_exponent: u8) -> bool {
        let left = self.max_moves - depth;
        let best = self.best_score;
        let quick = (max_exponent as usize).saturating_add(left).min(self.score_cap as usize) as u8;
        quick > best || (quick == best && self.shorter(depth + best.saturating_sub(max_exponent) as usize))
    }

    /// Whether some continuation of a board at `depth` whose largest exponent
    /// is `max_exponent` and whose tile counts are `counts` could beat the best.
    pub(super) fn may_improve(&self, depth: usize, max_exponent: u8, counts: &Counts) -> bool {
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

/// The tile counts after a move that merges `merges[x]` pairs of `2^x` tiles,
/// from `counts`, those of a board whose largest exponent is `max_exponent`.
/// The pairs are known from `exact_from` on; below that the counts are bounded
/// from above: no pair of `2^x` merged, all pairs of `2^(x-1)` that could be.
#[inline]
pub(super) fn counts_after(counts: &Counts, merges: &[u32; 64], max_exponent: u8, exact_from: u8) -> Counts {
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

pub(super) fn counts_of(cells: &[u8]) -> Counts {
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
pub(super) fn relax(counts: &Counts, max_exponent: u8, moves: usize, mut after: impl FnMut(usize, u8) -> bool) -> u8 {
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
#[inline]
pub(super) fn reachable_within(counts: &Counts, max_exponent: u8, moves: usize) -> u8 {
    relax(counts, max_exponent, moves, |_, _| false)
}

/// The fewest moves, at most `limit`, after which the relaxation allows an
/// exponent of at least `wanted`.
#[inline]
pub(super) fn fewest_moves_to(counts: &Counts, max_exponent: u8, wanted: u8, limit: usize) -> Option<usize> {
    let mut fewest = None;
    relax(counts, max_exponent, limit, |moves, top| {
        if top >= wanted {
            fewest = Some(moves);
        }
        fewest.is_some()
    });
    fewest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Kernel;

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
        let mut search = Search::new(&board, 3, &root, Kernel::Portable, u64::MAX);
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
