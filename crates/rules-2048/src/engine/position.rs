//! What the search needs of a board, and the board of any size that
//! provides it; `packed` provides it for 4×4 in one word.

use std::hash::{BuildHasherDefault, Hash, Hasher};

use grid_core::Direction;

use super::heuristic::board_score;
use super::leaves::{each_spawned_best_leaf, Scratch};
use crate::board::{value_of, Board};

/// A board the expectimax search can play on.
pub(crate) trait Position: Sized {
    /// What the transposition table stores it under.
    type Key: Hash + Eq;
    fn key(&self) -> Self::Key;
    /// The key of the board's class under the symmetries of its shape: its
    /// mirror images across either axis and, on a square board, across
    /// either diagonal. The rules treat the images alike (a mirrored move,
    /// a mirrored spawn cell), so `chance` stores one value a class. Each
    /// representation makes the same classes (its key for a class may
    /// differ), so that all of them meet the same boards in a memo.
    fn class_key(&self) -> Self::Key;
    /// The board after a move, `None` when the move changes nothing (or would
    /// merge two `2^63` tiles, which no board can hold).
    fn after(&self, direction: Direction) -> Option<Self>;
    /// The board after each move of [`Direction::ALL`], in its order (a
    /// representation may share work between them).
    fn after_each(&self) -> [Option<Self>; 4] {
        Direction::ALL.map(|direction| self.after(direction))
    }
    /// The cells' exponents (0 empty), in row-major order: what the counts
    /// below read, unless a representation has a quicker way.
    fn each_cell(&self) -> impl Iterator<Item = u8> + '_;
    /// How many cells are empty.
    fn empty_count(&self) -> usize {
        self.each_cell().filter(|&exponent| exponent == 0).count()
    }
    /// The largest tile's exponent (0 for a board of empty cells).
    fn max_exponent(&self) -> u8 {
        self.each_cell().max().unwrap_or(0)
    }
    /// The sum of the tiles of exponent `smallest` or more (`smallest` ≥ 1;
    /// 1: of every tile).
    fn sum_from(&self, smallest: u8) -> u128 {
        self.each_cell().filter(|&exponent| exponent >= smallest).map(|exponent| u128::from(value_of(exponent))).sum()
    }
    /// Calls `visit` with each empty cell, in row-major order.
    fn for_each_empty(&self, mut visit: impl FnMut(usize)) {
        for (cell, exponent) in self.each_cell().enumerate() {
            if exponent == 0 {
                visit(cell);
            }
        }
    }
    /// This board with `exponent` put in the empty `cell`.
    fn with(&self, cell: usize, exponent: u8) -> Self;
    /// The heuristic: the rows' line scores, then the columns', each score
    /// rounded to `f32` and each part summed in order (the same operations on
    /// every representation).
    fn heuristic(&self) -> f64;
    /// The highest heuristic of the boards the legal moves make, `lost`
    /// (what the search values a lost board: `heuristic::lost_value`) when no
    /// move is legal: a move node whose moves end the search.
    fn best_leaf(&self, lost: f64) -> f64 {
        let mut best = lost;
        for moved in self.after_each().into_iter().flatten() {
            let value = moved.heuristic();
            if value > best {
                best = value;
            }
        }
        best
    }
    /// [`Self::best_leaf`] of each board a spawn makes of this one, told to
    /// `visit` with the tile's probability, in the order a chance node
    /// averages them: each empty cell in row-major order, each tile of `law`
    /// (`(exponent, probability)`) in its order. A representation may share
    /// work between the spawns (the same values to the bit), in buffers of
    /// `scratch` that the search keeps from node to node.
    fn each_spawned_best_leaf(
        &self,
        law: &[(u8, f64)],
        lost: f64,
        _scratch: &mut Scratch,
        mut visit: impl FnMut(f64, f64),
    ) {
        self.for_each_empty(|cell| {
            for &(exponent, probability) in law {
                visit(self.with(cell, exponent).best_leaf(lost), probability);
            }
        });
    }
}

impl Position for Board {
    type Key = Board;

    fn key(&self) -> Board {
        self.clone()
    }

    fn class_key(&self) -> Board {
        let (height, width) = (self.height(), self.width());
        let mut cells = vec![0; height * width];
        write_least_image(self.exponents().as_slice(), height, width, &mut cells);
        let cells = grid_core::Grid::from_vec(height, width, cells).expect("the board's size");
        Board::from_exponents(cells).expect("the same tiles, elsewhere")
    }

    fn each_cell(&self) -> impl Iterator<Item = u8> + '_ {
        self.exponents().as_slice().iter().copied()
    }

    fn after(&self, direction: Direction) -> Option<Board> {
        // By the rule, a line at a time, rather than `Board::after`'s lanes:
        // one copy of the cells, not two, and no gather and scatter of every
        // cell; `chance` on boards past 64 cells a quarter faster or more.
        let mut exponents = self.exponents().clone();
        let (height, width) = (self.height(), self.width());
        match crate::rule::slide_in_place(exponents.as_mut_slice(), height, width, direction, |_, _| {}) {
            Ok(true) => Board::from_exponents(exponents),
            _ => None,
        }
    }

    fn with(&self, cell: usize, exponent: u8) -> Board {
        let mut exponents = self.exponents().clone();
        exponents.as_mut_slice()[cell] = exponent;
        Board::from_exponents(exponents).expect("a spawned tile is a tile")
    }

    fn heuristic(&self) -> f64 {
        board_score(self.exponents().as_slice(), self.height(), self.width())
    }

    fn each_spawned_best_leaf(&self, law: &[(u8, f64)], lost: f64, scratch: &mut Scratch, visit: impl FnMut(f64, f64)) {
        each_spawned_best_leaf(self.exponents().as_slice(), self.height(), self.width(), law, lost, scratch, visit);
    }
}

/// Writes into `image` the least of the images of a `height` × `width`
/// board (`cells`, row by row) under the symmetries of its shape — itself,
/// its mirror images across either axis and, square, across either diagonal
/// — compared cell by cell in row order. What every representation's
/// [`Position::class_key`] but the 4×4 word's makes its key of; no image is
/// made but the least.
pub(super) fn write_least_image(cells: &[u8], height: usize, width: usize, image: &mut [u8]) {
    let (h, w) = (height as isize, width as isize);
    let all = [
        Reading { start: 0, down: w, across: 1 },
        Reading { start: w - 1, down: w, across: -1 },
        Reading { start: (h - 1) * w, down: -w, across: 1 },
        Reading { start: h * w - 1, down: -w, across: -1 },
        // Across a diagonal: a square board's only.
        Reading { start: 0, down: 1, across: w },
        Reading { start: w - 1, down: -1, across: w },
        Reading { start: (h - 1) * w, down: 1, across: -w },
        Reading { start: h * w - 1, down: -1, across: -w },
    ];
    let images = &all[..if height == width { 8 } else { 4 }];
    let mut least = images[0];
    for &reading in &images[1..] {
        if reads_below(cells, height, width, reading, least) {
            least = reading;
        }
    }
    for (row, line) in image.chunks_exact_mut(width).enumerate() {
        let mut at = least.start + row as isize * least.down;
        for cell in line {
            *cell = cells[at as usize];
            at += least.across;
        }
    }
}

/// One image of a board: where it reads its cell (row, col) in the board's
/// cells, `start + row · down + col · across`.
#[derive(Clone, Copy)]
struct Reading {
    start: isize,
    down: isize,
    across: isize,
}

/// Whether image `a` of the board is below image `b`, cell by cell in row
/// order.
fn reads_below(cells: &[u8], height: usize, width: usize, a: Reading, b: Reading) -> bool {
    let (mut a_row, mut b_row) = (a.start, b.start);
    for _ in 0..height {
        let (mut a_at, mut b_at) = (a_row, b_row);
        for _ in 0..width {
            let (x, y) = (cells[a_at as usize], cells[b_at as usize]);
            if x != y {
                return x < y;
            }
            a_at += a.across;
            b_at += b.across;
        }
        a_row += a.down;
        b_row += b.down;
    }
    false
}

/// The table's hash: each word of a key folded in as foldhash folds (the
/// hash so far xored with the word, multiplied by a constant to 128 bits,
/// the product's two halves xored). The keys are boards, not adversarial
/// input, and SipHash would cost more than the evaluation it saves. The fold
/// brings every bit of a word to the low bits the table indexes by and to
/// the high bits it tags with: a bare product carries a word's bits only
/// upward (with FxHash's multiply-rotate, boards that differed in the high
/// bytes of one word shared whole hashes). The 4×4 word is one fold.
#[derive(Default)]
pub(crate) struct BoardHasher {
    hash: u64,
}

impl Hasher for BoardHasher {
    fn finish(&self) -> u64 {
        self.hash
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        let full = u128::from(self.hash ^ word) * 0xc4ce_b9fe_1a85_ec53;
        self.hash = (full as u64) ^ ((full >> 64) as u64);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}

pub(crate) type BuildBoardHasher = BuildHasherDefault<BoardHasher>;
