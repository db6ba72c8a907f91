//! The node loop: [`Search::visit`] and the last move, with each step of the
//! list in the `search` module's doc marked `Step N` where it is taken.

use grid_core::{Axis, Direction};

use super::bounds::{counts_after, counts_of};
use super::order::move_order;
use super::siblings::{without, Sibling};
use super::table::hash;
use super::Search;
use crate::kernel::{pairs_of, AxisMerges, Kernel, Laned, PairsAfter};
use crate::rule::{slide_in_place, MAX_EXPONENT};

impl Search {
    /// Visits the board at `depth` in the arena, whose largest exponent is
    /// `max_exponent`; `bounded` when the caller has just checked the counting
    /// bound and the no-slack pairs against the same best (a child is checked
    /// before it is played); `sibling` says whether the moves along one axis
    /// may be left out.
    pub(super) fn visit(
        &mut self,
        depth: usize,
        max_exponent: u8,
        bounded: bool,
        sibling: Sibling,
    ) -> Result<(), usize> {
        // The axis left out, as far as known before this board's merges are counted.
        let axis_done_before = sibling.searched_before();

        // Step 1. Score the board: a board in hand is scored even past the budget: the root's own tile
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

        // Step 2. The budget and the depth.
        if !within_budget {
            return Ok(());
        }
        if depth == self.max_moves {
            return Ok(());
        }
        let cells = self.cells;
        let node_start = depth * cells;
        if depth + 1 == self.max_moves {
            // Step 3. The cheap bound, then the last move decided exactly.
            if !self.within_reach(depth, max_exponent) {
                return Ok(());
            }
            return self.visit_last_move(node_start, max_exponent, axis_done_before);
        }

        // Step 4. The cheap and counting bounds (a parent that checked them on
        // this board's counts before playing it, against the same best, need
        // not be checked again).
        if (improves || !bounded) && !self.may_improve(depth, max_exponent, &self.counts[depth]) {
            return Ok(());
        }

        // Step 5. No slack: when only a sequence of growing moves can beat the best, the next move
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

        // Step 6. The transposition table.
        if self.table.seen_at_or_above(hash(node), depth) {
            return Ok(());
        }

        // Step 7. The merge counts of each axis, and the sibling rule. A move along the rows merges the same pairs whichever way it goes,
        // and so does one along the columns: counting the pairs of each
        // exponent tells each child's tile counts, hence its largest tile and
        // the counting bound, before it is played. Children that cannot beat
        // the best are never played, the growing ones are played first (the
        // best then rises early), and the counts come for free.
        let laned = &mut self.laned[depth];
        // (Filled in place: an array made by `map` copied them, 5 % of a search.)
        let mut merges = [AxisMerges::NONE, AxisMerges::NONE];
        for axis in Axis::BOTH {
            if axis_done_before != Some(axis) {
                if !self.lines_kept {
                    laned.gather_axis(node, self.height, self.width, axis);
                }
                merges[axis] = self.kernel.merges_by_exponent(laned, self.height, self.width, axis);
            }
        }
        let largest_pairs = Axis::BOTH.map(|axis| merges[axis].by_exponent[max_exponent as usize] as usize);
        let axis_done = sibling.axis_done(&merges);
        self.grow_arena(depth + 1);
        let mut axis_ready = None;
        // What the children along each axis hold, read from this board (see
        // `pairs_after`): the pairs of their largest tiles, and of the
        // exponent below when needed.
        let mut pairs_read: [Option<(u8, PairsAfter)>; 2] = [None, None];

        // Step 8. The children, in move order, each checked before it is played.
        for direction in move_order(largest_pairs.map(|pairs| pairs > 0)) {
            let axis = direction.axis();
            let child_max = max_exponent + (largest_pairs[axis] > 0) as u8;
            if axis_done == Some(axis) || largest_pairs[axis] < needed || !self.within_reach(depth + 1, child_max) {
                continue;
            }
            let child_sibling = Sibling::of_child(&merges[axis], direction);
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
            if !self.kernel.slide_for_search(&this_lines[depth], node, child, &mut next_lines[0], h, w, direction)? {
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
    pub(super) fn child_refuted(
        &mut self,
        read: &mut [Option<(u8, PairsAfter)>; 2],
        depth: usize,
        direction: Direction,
        child_max: u8,
        child_axis_done: Option<Axis>,
    ) -> bool {
        if self.improves(child_max, depth + 1) {
            return false;
        }
        let (axis, way) = (direction.axis(), direction.way());
        let w = self.width;
        let kernel = self.kernel;

        // Step 8a. The child's own no-slack check (step 5), on pairs read
        // from this board.
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

        // Step 8b. Two moves ahead: the counting bound (step 4) on each of
        // the child's children.
        let near_the_end = (depth + 3..=depth + 4).contains(&self.max_moves);
        if !near_the_end || child_max == MAX_EXPONENT {
            return false;
        }
        let exact_from = child_max.saturating_sub(1).max(1);
        let (lowest, both) = self.read_pairs_after(read, depth, axis, exact_from, child_max);
        let mut child_merges = [[0u32; 64]; 2];
        for (exponent, &(rows, columns)) in (lowest..=child_max).zip(&both[way]) {
            child_merges[Axis::Rows][exponent as usize] = rows as u32;
            child_merges[Axis::Columns][exponent as usize] = columns as u32;
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
                &merges_on(&played(self.board_at(depth), w, direction), w, kernel),
                1,
                child_axis_done
            ),
            "a child refuted two moves ahead whose true counts pass"
        );
        true
    }

    /// The pairs of tiles of each exponent from `lowest` up to `child_max`,
    /// the largest, the children along `axis` of the board at `depth` hold,
    /// read for both at once and kept in `read` (a read reaching lower serves
    /// one that does not: both moves along an axis make the same largest
    /// exponent); returns the lowest exponent read too.
    pub(super) fn read_pairs_after(
        &mut self,
        read: &mut [Option<(u8, PairsAfter)>; 2],
        depth: usize,
        axis: Axis,
        lowest: u8,
        child_max: u8,
    ) -> (u8, PairsAfter) {
        match read[axis] {
            Some((kept_lowest, pairs)) if kept_lowest <= lowest => (kept_lowest, pairs),
            _ => {
                let node = &self.arena[depth * self.cells..(depth + 1) * self.cells];
                let (h, w) = (self.height, self.width);
                let pairs = self.kernel.pairs_after(
                    &self.laned[depth],
                    node,
                    h,
                    w,
                    axis,
                    lowest..=child_max,
                    &mut self.landings,
                );
                read[axis] = Some((lowest, pairs));
                (lowest, pairs)
            }
        }
    }

    /// The last move of a sequence, decided without playing it: after one more
    /// move the largest exponent is `max_exponent` (no better than this board,
    /// which is one move shorter) or `max_exponent + 1`, which happens exactly
    /// when two largest tiles stand next to each other in a row (a left move
    /// merges them) or a column (an up move does), empty cells between them
    /// aside. Since nothing is larger, no earlier tile of the line can take one
    /// of them first. This skips playing four moves on every board at depth
    /// `K - 1`, which outnumber all the shallower ones together.
    pub(super) fn visit_last_move(
        &mut self,
        node_start: usize,
        max_exponent: u8,
        axis_done: Option<Axis>,
    ) -> Result<(), usize> {
        let grown = (max_exponent + 1).min(self.score_cap);
        let node = &self.arena[node_start..node_start + self.cells];
        if max_exponent == 0 {
            return Ok(()); // an empty board stays empty
        }
        // The first growing move in move order, as the loop of step 8 would
        // take it: the witness must not depend on where the last move falls.
        let (row_pairs, column_pairs) = without(axis_done, pairs_of(node, self.width, max_exponent));
        let Some(direction) = move_order([row_pairs > 0, column_pairs > 0])
            .into_iter()
            .find(|direction| [row_pairs, column_pairs][direction.axis()] > 0)
        else {
            return Ok(());
        };
        if max_exponent == MAX_EXPONENT {
            // Two 2^63 tiles merge: play the move to learn where it overflows.
            let mut board = node.to_vec();
            return slide_in_place(&mut board, self.height, self.width, direction, |_, _| {}).map(|_| ());
        }
        if !self.count_node() {
            return Ok(());
        }
        self.record(grown, self.max_moves, Some(direction));
        if grown == self.score_cap && self.max_moves <= self.fewest_to_cap {
            self.finished = true;
        }
        Ok(())
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
fn merges_on(cells: &[u8], width: usize, kernel: Kernel) -> [[u32; 64]; 2] {
    let height = cells.len() / width;
    let mut laned = Laned::default();
    laned.gather(cells, height, width);
    Axis::BOTH.map(|axis| kernel.merges_by_exponent(&laned, height, width, axis).by_exponent)
}
