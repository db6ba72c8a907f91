//! The block game played as the statement tells it, one black cell at a
//! time, written apart from the crate: a black cell dropped down a column
//! lands on the first occupied cell (or the floor); after every drop, each
//! block whose bounding box is full (its own cells and black ones) vanishes
//! with the black cells in that box, and so on while one does. Black cells
//! elsewhere stay where they landed. The tests check the solver against it.

#![allow(clippy::needless_range_loop)] // reads like the statement: rows and columns by index
#![allow(dead_code)] // each test file uses part of it

use std::collections::HashMap;

const EMPTY: u32 = 0;
const BLACK: u32 = u32::MAX;

/// A block's bounding box: top, bottom, left, right (inclusive).
type BoundingBox = (usize, usize, usize, usize);

/// The board as rows of ids, `BLACK` for a dropped cell.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Field {
    cells: Vec<Vec<u32>>,
}

impl Field {
    fn new(rows: &[Vec<u32>]) -> Field {
        Field { cells: rows.to_vec() }
    }

    fn height(&self) -> usize {
        self.cells.len()
    }

    fn width(&self) -> usize {
        self.cells.first().map_or(0, Vec::len)
    }

    /// The bounding box of every block on the field, by id.
    fn boxes(&self) -> Vec<(u32, BoundingBox)> {
        let mut boxes: Vec<(u32, BoundingBox)> = Vec::new();
        for r in 0..self.height() {
            for c in 0..self.width() {
                let id = self.cells[r][c];
                if id == EMPTY || id == BLACK {
                    continue;
                }
                match boxes.iter_mut().find(|(known, _)| *known == id) {
                    Some((_, (top, bottom, left, right))) => {
                        *top = (*top).min(r);
                        *bottom = (*bottom).max(r);
                        *left = (*left).min(c);
                        *right = (*right).max(c);
                    }
                    None => boxes.push((id, (r, r, c, c))),
                }
            }
        }
        boxes.sort_unstable_by_key(|&(id, _)| id);
        boxes
    }

    /// Where a black cell dropped down `column` lands, if it fits.
    fn landing(&self, column: usize) -> Option<usize> {
        (0..self.height()).take_while(|&r| self.cells[r][column] == EMPTY).last()
    }

    /// Removes every block whose box is full, while one is; the ids removed.
    fn clear_full_boxes(&mut self) -> Vec<u32> {
        let mut removed = Vec::new();
        loop {
            let full = self.boxes().into_iter().find(|&(id, (top, bottom, left, right))| {
                (top..=bottom).all(|r| (left..=right).all(|c| [id, BLACK].contains(&self.cells[r][c])))
            });
            let Some((id, (top, bottom, left, right))) = full else { return removed };
            for r in top..=bottom {
                for c in left..=right {
                    self.cells[r][c] = EMPTY;
                }
            }
            removed.push(id);
        }
    }
}

/// Plays `order` on `rows`: for each id in turn, black cells are dropped down
/// each column of its box while they land inside the box, and the block must
/// then vanish. Blocks that vanish with it (their boxes filled by the same
/// drops) must come later in the order.
pub fn replay(rows: &[Vec<u32>], order: &[u32]) -> Result<(), String> {
    let mut field = Field::new(rows);
    let mut gone_early: Vec<u32> = Vec::new();
    for &id in order {
        if let Some(at) = gone_early.iter().position(|&gone| gone == id) {
            gone_early.remove(at);
            continue;
        }
        let Some(&(_, (top, bottom, left, right))) = field.boxes().iter().find(|(known, _)| *known == id) else {
            return Err(format!("block {id} is not on the board"));
        };
        for c in left..=right {
            while let Some(r) = field.landing(c).filter(|r| (top..=bottom).contains(r)) {
                field.cells[r][c] = BLACK;
            }
        }
        let removed = field.clear_full_boxes();
        if !removed.contains(&id) {
            return Err(format!("block {id}: its box is not full after the drops"));
        }
        gone_early.extend(removed.into_iter().filter(|&other| other != id));
    }
    match gone_early.as_slice() {
        [] => Ok(()),
        vanished => Err(format!("blocks {vanished:?} vanished too but are not in the order")),
    }
}

/// The most blocks any sequence of drops removes: every sequence is tried,
/// fields met twice searched once. Drops that land outside every box left
/// are not tried: a black cell there is never cleared and can only stand in
/// the way of later drops, so leaving it out never loses a removal.
pub fn most_removed(rows: &[Vec<u32>]) -> usize {
    let mut field = Field::new(rows);
    // A block that fills its own box vanishes before any drop.
    let first = field.clear_full_boxes().len();
    first + most_removed_from(&field, &mut HashMap::new())
}

fn most_removed_from(field: &Field, seen: &mut HashMap<Field, usize>) -> usize {
    if let Some(&known) = seen.get(field) {
        return known;
    }
    let boxes = field.boxes();
    let mut best = 0;
    for column in 0..field.width() {
        let Some(row) = field.landing(column) else { continue };
        let inside = |&(_, (top, bottom, left, right)): &(u32, BoundingBox)| {
            (top..=bottom).contains(&row) && (left..=right).contains(&column)
        };
        if !boxes.iter().any(inside) {
            continue;
        }
        let mut next = field.clone();
        next.cells[row][column] = BLACK;
        let removed = next.clear_full_boxes().len();
        best = best.max(removed + most_removed_from(&next, seen));
    }
    seen.insert(field.clone(), best);
    best
}
