//! The Kakao 2019 block game: blocks, their validation, and the removal solver.
//!
//! The main type is [`Board`]: a grid of block ids (0 for an empty cell) whose
//! blocks are extracted and checked once, on construction, into [`Block`]s with
//! their cells and bounding box. [`solve`] answers the game's question — how
//! many blocks can be removed by dropping 1×1 black cells from the top — with
//! the order of removal, and says for every block that stays why it cannot go.
//!
//! Design decision: removals only ever empty cells, so a block that can be
//! removed now can still be removed after any other removal. Repeating "remove
//! every removable block" until nothing changes therefore reaches the maximum,
//! whatever the order; no search is needed. The test for one block is made cheap
//! by keeping, for every column, the first occupied row from the top: a block
//! can go when, in each column of its bounding box, every cell down to the
//! lowest box cell it does not own is empty.
//!
//! ```
//! use rules_blockgame::{solve, Board};
//!
//! // Block 2 can go at once; block 1's box then frees.
//! let board = Board::from_rows(vec![
//!     vec![1, 0, 2, 0],
//!     vec![1, 2, 2, 2],
//!     vec![1, 1, 0, 0],
//! ]).unwrap();
//! let solution = solve(&board);
//! assert_eq!(solution.removed_ids(), [2, 1]);
//! assert!(solution.stuck.is_empty());
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use grid_core::{Grid, GridError, ParseGridError};

/// A block's id: any positive integer; 0 marks an empty cell.
pub type BlockId = u32;

/// A `(row, col)` position, 0-based from the top-left corner.
pub type Cell = (usize, usize);

/// Why a board is not a valid block-game board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockError {
    /// The rows were empty or of different lengths.
    Shape(GridError),
    /// The cells of one id do not form one 4-connected piece.
    Split {
        /// The id.
        id: BlockId,
        /// The separate pieces, each a list of cells in row-major order.
        pieces: Vec<Vec<Cell>>,
    },
    /// A block is not one of the judge's L, J or T tetrominoes (see
    /// [`Board::check_kakao_shapes`]).
    NotAKakaoShape {
        /// The id.
        id: BlockId,
        /// Its cells in row-major order.
        cells: Vec<Cell>,
    },
}

impl fmt::Display for BlockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BlockError::Shape(err) => err.fmt(f),
            BlockError::Split { id, pieces } => {
                write!(f, "block {id} is split into {} pieces: ", pieces.len())?;
                for (i, piece) in pieces.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" and ")?;
                    }
                    f.write_str("[")?;
                    write_cells(f, piece)?;
                    f.write_str("]")?;
                }
                f.write_str("; the cells of a block must touch side by side")
            }
            BlockError::NotAKakaoShape { id, cells } => {
                write!(f, "block {id} (")?;
                write_cells(f, cells)?;
                f.write_str(") is not an L, J or T tetromino")
            }
        }
    }
}

/// Cells as people count them: "row 1, column 2; row 2, column 2".
fn write_cells(f: &mut fmt::Formatter<'_>, cells: &[Cell]) -> fmt::Result {
    for (i, (row, col)) in cells.iter().enumerate() {
        if i > 0 {
            f.write_str("; ")?;
        }
        write!(f, "row {}, column {}", row + 1, col + 1)?;
    }
    Ok(())
}

impl std::error::Error for BlockError {}

/// The cells of one id do not form one 4-connected piece: the one way a
/// rectangular grid of ids can fail to be a board ([`Board::from_grid`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitBlock {
    /// The id.
    pub id: BlockId,
    /// The separate pieces, each a list of cells in row-major order.
    pub pieces: Vec<Vec<Cell>>,
}

impl From<SplitBlock> for BlockError {
    fn from(SplitBlock { id, pieces }: SplitBlock) -> BlockError {
        BlockError::Split { id, pieces }
    }
}

impl fmt::Display for SplitBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        BlockError::from(self.clone()).fmt(f)
    }
}

impl std::error::Error for SplitBlock {}

/// Why a board could not be read from its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseBoardError {
    /// A cell is neither `.`, `0` nor a block id.
    Cell {
        /// 1-based row of the cell.
        row: usize,
        /// 1-based column of the cell.
        column: usize,
        /// What the cell holds.
        text: String,
    },
    /// The ids do not make a board.
    Board(BlockError),
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseBoardError::Cell { row, column, text } => {
                write!(f, "row {row}, column {column}: `{text}` is not a block id (a whole number from 1 up)")
            }
            ParseBoardError::Board(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for ParseBoardError {}

/// A board in the `.puzzle` row syntax on one line: cells separated by
/// blanks, rows by `/` (or by line ends), `.` or `0` for an empty cell.
///
/// ```
/// use rules_blockgame::{solve, Board};
/// let board: Board = ". 7 . / 7 7 7".parse().unwrap();
/// assert_eq!(solve(&board).removed_ids(), [7]);
/// assert!("1 . / . 1".parse::<Board>().is_err(), "block 1 is split");
/// ```
impl FromStr for Board {
    type Err = ParseBoardError;

    fn from_str(text: &str) -> Result<Board, ParseBoardError> {
        let read = |cell: &str| if cell == "." { Ok(0) } else { cell.parse::<BlockId>().map_err(|_| cell.to_string()) };
        let ids = Grid::parse_rows(text, read).map_err(|err| match err {
            ParseGridError::Cell { row, column, error } => ParseBoardError::Cell { row, column, text: error },
            ParseGridError::Shape(err) => ParseBoardError::Board(BlockError::Shape(err)),
        })?;
        Board::from_grid(ids).map_err(|split| ParseBoardError::Board(split.into()))
    }
}

impl From<GridError> for BlockError {
    fn from(err: GridError) -> BlockError {
        BlockError::Shape(err)
    }
}

/// One block: its id, its cells and its bounding box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The id written in its cells.
    pub id: BlockId,
    /// Its cells in row-major order.
    pub cells: Vec<Cell>,
    /// The top-left corner of its bounding box.
    pub top_left: Cell,
    /// The bottom-right corner of its bounding box (inclusive).
    pub bottom_right: Cell,
}

impl Block {
    /// Whether `(row, col)` is one of the block's own cells.
    pub fn owns(&self, cell: Cell) -> bool {
        self.cells.binary_search(&cell).is_ok()
    }

    /// The cells of the bounding box the block does not own, row-major: where
    /// black cells must land before the block can vanish.
    pub fn holes(&self) -> impl Iterator<Item = Cell> + '_ {
        let (top, left) = self.top_left;
        let (bottom, right) = self.bottom_right;
        (top..=bottom).flat_map(move |r| (left..=right).map(move |c| (r, c))).filter(move |&cell| !self.owns(cell))
    }

    /// Whether the block is one of the judge's shapes: an L, J or T tetromino in
    /// any rotation.
    pub fn is_kakao_shape(&self) -> bool {
        let (top, left) = self.top_left;
        let mut shape: Vec<Cell> = self.cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
        shape.sort_unstable();
        kakao_shapes().contains(&shape)
    }
}

/// The twelve judge shapes, each normalised to its top-left corner.
fn kakao_shapes() -> Vec<Vec<Cell>> {
    let bases = [
        vec![vec![1, 0], vec![1, 0], vec![1, 1]], // L
        vec![vec![0, 1], vec![0, 1], vec![1, 1]], // J
        vec![vec![1, 1, 1], vec![0, 1, 0]],       // T
    ];
    let mut shapes = Vec::new();
    for base in bases {
        let mut grid = Grid::from_rows(base).expect("a rectangular shape");
        for _ in 0..4 {
            let cells: Vec<Cell> = grid.enumerate().filter(|(_, &v)| v == 1).map(|(cell, _)| cell).collect();
            if !shapes.contains(&cells) {
                shapes.push(cells);
            }
            grid = grid.rotate_cw();
        }
    }
    shapes
}

/// A block-game board: block ids, 0 for an empty cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    ids: Grid<BlockId>,
    blocks: Vec<Block>,
}

impl Board {
    /// Builds a board from rows of ids; every id's cells must be one 4-connected
    /// piece (any polyomino).
    ///
    /// ```
    /// use rules_blockgame::{BlockError, Board};
    /// assert_eq!(
    ///     Board::from_rows(vec![vec![7, 0, 7]]),
    ///     Err(BlockError::Split { id: 7, pieces: vec![vec![(0, 0)], vec![(0, 2)]] })
    /// );
    /// ```
    pub fn from_rows(rows: Vec<Vec<BlockId>>) -> Result<Board, BlockError> {
        Ok(Board::from_grid(Grid::from_rows(rows)?)?)
    }

    /// Builds a board from a grid of ids; see [`Board::from_rows`].
    pub fn from_grid(ids: Grid<BlockId>) -> Result<Board, SplitBlock> {
        let mut cells_of: BTreeMap<BlockId, Vec<Cell>> = BTreeMap::new();
        for (cell, &id) in ids.enumerate() {
            if id != 0 {
                cells_of.entry(id).or_default().push(cell);
            }
        }
        let mut blocks = Vec::with_capacity(cells_of.len());
        for (id, cells) in cells_of {
            let pieces = pieces_of(&ids, id, &cells);
            if pieces.len() > 1 {
                return Err(SplitBlock { id, pieces });
            }
            let top = cells.iter().map(|&(r, _)| r).min().expect("a block has cells");
            let bottom = cells.iter().map(|&(r, _)| r).max().expect("a block has cells");
            let left = cells.iter().map(|&(_, c)| c).min().expect("a block has cells");
            let right = cells.iter().map(|&(_, c)| c).max().expect("a block has cells");
            blocks.push(Block { id, cells, top_left: (top, left), bottom_right: (bottom, right) });
        }
        Ok(Board { ids, blocks })
    }

    /// The ids, 0 for empty.
    pub fn ids(&self) -> &Grid<BlockId> {
        &self.ids
    }

    /// The blocks, by increasing id.
    pub fn blocks(&self) -> &[Block] {
        &self.blocks
    }

    /// The block with this id.
    pub fn block(&self, id: BlockId) -> Option<&Block> {
        self.blocks.binary_search_by_key(&id, |b| b.id).ok().map(|i| &self.blocks[i])
    }

    /// Checks that every block is one of the Kakao judge's shapes (L, J or T
    /// tetrominoes), for callers who want the judge's guarantee enforced; the
    /// solver itself handles any polyomino.
    pub fn check_kakao_shapes(&self) -> Result<(), BlockError> {
        match self.blocks.iter().find(|block| !block.is_kakao_shape()) {
            Some(block) => Err(BlockError::NotAKakaoShape { id: block.id, cells: block.cells.clone() }),
            None => Ok(()),
        }
    }
}

/// The 4-connected pieces of one id's cells, each in row-major order, ordered by
/// their first cell.
fn pieces_of(ids: &Grid<BlockId>, id: BlockId, cells: &[Cell]) -> Vec<Vec<Cell>> {
    let mut seen = vec![false; cells.len()];
    let index_of = |cell: Cell| cells.binary_search(&cell).ok();
    let mut pieces = Vec::new();
    for start in 0..cells.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut piece = vec![cells[start]];
        let mut stack = vec![cells[start]];
        while let Some((r, c)) = stack.pop() {
            let neighbours = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)];
            for next in neighbours {
                if ids.get(next.0, next.1) != Some(&id) {
                    continue;
                }
                let i = index_of(next).expect("every cell of the id is listed");
                if !seen[i] {
                    seen[i] = true;
                    piece.push(next);
                    stack.push(next);
                }
            }
        }
        piece.sort_unstable();
        pieces.push(piece);
    }
    pieces
}

/// One removal: the block and the cells black drops filled to complete its box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removal {
    /// The removed block.
    pub id: BlockId,
    /// Where black cells landed, row-major; one black cell is dropped down each
    /// of these cells' columns.
    pub black_cells: Vec<Cell>,
}

/// What sits in the way of a block that stays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cover {
    /// Another block occupies the cell, or the nearest occupied cell above it.
    Block {
        /// That block's id.
        id: BlockId,
        /// Where it is in the way.
        cell: Cell,
    },
    /// The block's own cell above overhangs the hole, so no drop can reach it.
    OwnCell {
        /// The overhanging cell.
        cell: Cell,
    },
}

/// Why a block stays: the first cell of its bounding box (row-major) that no
/// black cell can reach, and what is in the way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stuck {
    /// The block that stays.
    pub id: BlockId,
    /// The unreachable cell of its box.
    pub hole: Cell,
    /// What occupies that cell, or the nearest occupied cell above it.
    pub cover: Cover,
}

/// The answer of [`solve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The blocks removed, in a valid order; as many as can be.
    pub removals: Vec<Removal>,
    /// Every block that stays, by increasing id, with the reason.
    pub stuck: Vec<Stuck>,
}

impl Solution {
    /// How many blocks were removed: the game's answer.
    pub fn count(&self) -> usize {
        self.removals.len()
    }

    /// The ids in removal order.
    pub fn removed_ids(&self) -> Vec<BlockId> {
        self.removals.iter().map(|removal| removal.id).collect()
    }
}

/// Removes as many blocks as the rules allow, in a valid order, and explains
/// every block that stays.
///
/// A block can go when every cell of its bounding box that is not its own is
/// empty and every cell above such a cell, up to the top row, is empty too; it
/// then vanishes with the black cells that filled its box.
pub fn solve(board: &Board) -> Solution {
    let width = board.ids.width();
    let mut ids = board.ids.clone();
    // For each column, the first occupied row from the top (height when none).
    let mut first_occupied: Vec<usize> = (0..width).map(|c| first_occupied_row(&ids, c)).collect();
    // For each block and each column of its box, the lowest hole in that column,
    // if any: the block can go once the column is clear down to it.
    let lowest_holes: Vec<Vec<(usize, usize)>> = board
        .blocks
        .iter()
        .map(|block| {
            let mut lowest: BTreeMap<usize, usize> = BTreeMap::new();
            for (r, c) in block.holes() {
                let entry = lowest.entry(c).or_insert(r);
                *entry = (*entry).max(r);
            }
            lowest.into_iter().collect()
        })
        .collect();

    let mut alive = vec![true; board.blocks.len()];
    let mut removals = Vec::new();
    loop {
        let mut removed_any = false;
        for (index, block) in board.blocks.iter().enumerate() {
            let clear = lowest_holes[index].iter().all(|&(col, row)| first_occupied[col] > row);
            if !alive[index] || !clear {
                continue;
            }
            alive[index] = false;
            removed_any = true;
            for &(r, c) in &block.cells {
                ids[(r, c)] = 0;
            }
            let columns = block.top_left.1..=block.bottom_right.1;
            for (first, c) in first_occupied[columns.clone()].iter_mut().zip(columns) {
                *first = first_occupied_row(&ids, c);
            }
            removals.push(Removal { id: block.id, black_cells: block.holes().collect() });
        }
        if !removed_any {
            break;
        }
    }

    let stuck =
        board.blocks.iter().zip(&alive).filter(|(_, &alive)| alive).map(|(block, _)| why_stuck(&ids, block)).collect();
    Solution { removals, stuck }
}

fn first_occupied_row(ids: &Grid<BlockId>, col: usize) -> usize {
    ids.column(col).position(|&id| id != 0).unwrap_or(ids.height())
}

fn why_stuck(ids: &Grid<BlockId>, block: &Block) -> Stuck {
    for (row, col) in block.holes() {
        // The hole itself, then the cells above it, nearest first.
        if let Some(r) = (0..=row).rev().find(|&r| ids[(r, col)] != 0) {
            let occupant = ids[(r, col)];
            let cover = if occupant == block.id {
                Cover::OwnCell { cell: (r, col) }
            } else {
                Cover::Block { id: occupant, cell: (r, col) }
            };
            return Stuck { id: block.id, hole: (row, col), cover };
        }
    }
    unreachable!("solve only leaves blocks with a covered hole")
}

impl fmt::Display for Board {
    /// The ids, columns right-aligned, `.` for empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.ids.map(|&id| if id == 0 { ".".to_string() } else { id.to_string() }).fmt(f)
    }
}

/// The examples of the crate's README, run as doc tests so that they stay true.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
