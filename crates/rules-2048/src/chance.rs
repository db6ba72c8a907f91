//! `chance`: the best probability, over every way of playing, that a tile of
//! at least T stands on the board within K moves of the game with spawns.
//!
//! Expectimax, exactly: a board already holding such a tile scores 1; a
//! board with no moves left, or no legal move, 0; otherwise the best legal
//! move's average over its spawns (a move that makes the tile scores 1 at
//! once: the spawn cannot take it away). Boards met again at the same depth
//! are looked up, not searched again, and so are their mirror images (across
//! either axis, and on a square board either diagonal): the rules treat a
//! board and its images alike, so a value is stored once for all of them.
//! From a new game, whose tree is as symmetric as its board, that searches
//! about a tenth of the boards (with the sum's bound alone in cut 1, `chance
//! 32 within 12` fit in the command's default budget, where 9 moves were the
//! most without the images; with the parts' bound, 14 fit); a crowded board
//! of another size without symmetry pays its key for little (up to 25 %).
//!
//! Three cuts, each exact (they skip only what the full tree would compute
//! to the same value, or, for the third, what cannot change the best move):
//! 1. out of reach: unless a spawn brings a tile of at least T, a move makes
//!    the first, 2^t (the smallest power of two of at least T), out of the
//!    tiles merged into it; a tile takes part in one merge a move, so a part
//!    with d merges to go is 2^(t − d). The parts add up to 2^t: the tiles of
//!    the board of 2^(t − moves to go) or more, and the law's largest tile
//!    for each spawn with enough moves after it to merge up, must too, else
//!    the board is worth 0. This holds the sum's bound (no tile is larger
//!    than the board's sum, each spawn adds at most the law's largest tile:
//!    `chance 2048 within 50` on a new game is 0 at once, 8 + 49 × 4 < 2048)
//!    and sharpens it where deep searches spend their boards: of the first
//!    million boards of `chance 256 within 100` from a new game that the sum
//!    let through, 81 % had no move to go and 15 % one, all worth 0;
//! 2. certain: a move worth 1 is as good as any, so a board with one is worth
//!    it without its other moves searched (the root still values every move,
//!    for the witness);
//! 3. beaten (Ballard's Star1, against the siblings alone): a move's average
//!    is at most what its spawns so far bring plus the weight of the others
//!    (each worth 1 at most); once that is below the best of the moves
//!    before it, by a margin far past rounding, the average stops there and
//!    the bound stands for it. The full average would compute below that
//!    move too, so every best move and every value the search finishes are
//!    the same to the bit. The memo keeps where the average stopped, and a
//!    later visit that needs more goes on from there; a mirror image spawns
//!    in another order and starts over, which from a board equal to one of
//!    its images (a new game above all) costs more than the cut saves, so
//!    the cut is off there. On crowded boards it saves 10–25 % of the boards.
//!
//! The board is searched in the engine's representations (chosen once, as
//! the engine chooses: the 4×4 word when no 65536 can appear, a byte a cell
//! for other 4×4 boards, the general board for any other size), which all do
//! the same arithmetic in the same order: the same answer to the bit
//! (tested).
//!
//! The arithmetic is `f64`, with a proven bound on its error: a move's value
//! is a sum of `n` weighted terms (`n` = empty cells × tiles of the law) whose
//! weights add up to 1, each weight and product rounded once; so each level
//! adds at most `(n + 2) · 2^-53` to the error of the levels below, and the
//! `K` levels (two more for a new game's first spawns) at most
//! `(K + 2) · (n + 2) · 2^-53` — below 10^-12 while `(K + 2) · (n + 2)` stays
//! under 9,000: K up to 200 on a 4×4 board with the classic law (n = 32), but
//! only up to 9 on a 20×20 one. [`Chance::error_bound`] states the bound of
//! each answer; a caller that promises 10^-12 must cap K by the board's size.

use std::collections::HashMap;

use grid_core::Direction;

use crate::board::{value_of, Board};
use crate::engine::{on_representation, BuildBoardHasher, Position, Search};
use crate::queries::{SearchError, MAX_MOVES};
use crate::spawn::SpawnLaw;

/// The answer of [`chance`].
#[derive(Debug, Clone, PartialEq)]
pub struct Chance {
    /// The best probability, over every way of playing, of a tile ≥ T within
    /// K moves.
    pub probability: f64,
    /// A bound on the error of `probability` (from rounding alone).
    pub error_bound: f64,
    /// The first moves that reach `probability` (within `error_bound`): none
    /// when the board holds the tile already, or when no move helps.
    pub best_first_moves: Vec<Direction>,
    /// Each legal first move with the best chance after it (within
    /// `error_bound`), in the order of [`Direction::ALL`]: what the best were
    /// chosen from. Empty when no move was searched: the board holds the
    /// tile, K is 0, the tile is out of reach (every move's chance is 0), or
    /// the board is a new game, whose spawns come first.
    pub first_moves: Vec<(Direction, f64)>,
    /// The boards the search visited, as its budget counts them.
    pub boards: u64,
}

/// The best chance, over every way of playing, that a tile of at least
/// `target` is on the board within `max_moves` moves, spawns drawn from
/// `law`. A board without a tile is a new game: two tiles are spawned first
/// (one on a board of one cell).
///
/// ```
/// use rules_2048::{chance, Board, SpawnLaw};
/// // 2 2 merges to 4 with one move, whatever spawns.
/// let board: Board = "2 2 / . .".parse().unwrap();
/// assert_eq!(chance(&board, &SpawnLaw::classic(), 4, 1).unwrap().probability, 1.0);
/// // Two different tiles make no 8 in one move.
/// let apart: Board = "2 . / . 4".parse().unwrap();
/// assert_eq!(chance(&apart, &SpawnLaw::classic(), 8, 1).unwrap().probability, 0.0);
/// ```
pub fn chance(board: &Board, law: &SpawnLaw, target: u64, max_moves: usize) -> Result<Chance, SearchError> {
    chance_with(board, law, target, max_moves, None)
}

/// [`chance()`], visiting at most `board_budget` boards after a move (the
/// boards whose spawns it averages) and starting boards of a new game that
/// need a search, else [`SearchError::OutOfBudget`]:
/// nothing is proven of the K moves then ([`chance_within_fewer`] says
/// what fewer moves prove).
pub fn chance_with(
    board: &Board,
    law: &SpawnLaw,
    target: u64,
    max_moves: usize,
    board_budget: Option<u64>,
) -> Result<Chance, SearchError> {
    chance_watched(board, law, target, max_moves, board_budget, &|_| {})
}

/// How many boards [`chance_watched`] visits between two reports.
pub const CHANCE_BOARDS_TOLD_EVERY: u64 = 4096;

/// [`chance_with`], telling `on_boards` the boards visited so far every
/// [`CHANCE_BOARDS_TOLD_EVERY`] of them: a search of seconds that someone
/// watches can say how far into its budget it is.
pub fn chance_watched(
    board: &Board,
    law: &SpawnLaw,
    target: u64,
    max_moves: usize,
    board_budget: Option<u64>,
    on_boards: &dyn Fn(u64),
) -> Result<Chance, SearchError> {
    if max_moves > MAX_MOVES {
        return Err(SearchError::TooManyMoves { asked: max_moves });
    }
    let error_bound = error_bound(board, law, max_moves);
    let probabilities = law.probabilities();
    let search = ChanceSearch {
        law: &probabilities,
        largest_spawn: law.largest_tile(),
        target,
        error_bound,
        budget: board_budget.unwrap_or(u64::MAX),
        max_moves,
        on_boards,
        sibling_cut: !has_symmetry(board),
    };
    // Every spawn of the search counted, a new game's two first.
    let spawns_to_come = max_moves as u32 + 2;
    let Root { probability, best_first_moves, first_moves, boards } =
        on_representation(board, spawns_to_come, search.largest_spawn, search)?;
    Ok(Chance { probability, error_bound, best_first_moves, first_moves, boards })
}

/// What a search finds at its root: [`Chance`]'s fields but its bound.
#[derive(Debug, Clone, PartialEq)]
struct Root {
    probability: f64,
    best_first_moves: Vec<Direction>,
    first_moves: Vec<(Direction, f64)>,
    boards: u64,
}

type Searched = Result<Root, SearchError>;

/// [`chance_with`]'s search, on whichever representation suits the board.
struct ChanceSearch<'a> {
    law: &'a [(u8, f64)],
    largest_spawn: u64,
    target: u64,
    error_bound: f64,
    budget: u64,
    max_moves: usize,
    on_boards: &'a dyn Fn(u64),
    /// Whether cut 3 may stop an average: not from a board equal to one of
    /// its mirror images (a new game among them), whose tree is as
    /// symmetric: most boards are met again as mirror images there, which
    /// spawn in another order and so cannot go on from where the cut
    /// stopped them; searched again, they cost more than the cut saves (13 %
    /// more boards for `chance 32 within 13` from a new 4×4 game, 11 % for
    /// 3×3's `chance 64 within 30`). The cut changes no answer: the tests
    /// compare a search without it.
    sibling_cut: bool,
}

impl Search for ChanceSearch<'_> {
    type Output = Searched;

    fn on<P: Position + Sync>(self, board: &P) -> Self::Output
    where
        P::Key: Send,
    {
        let ChanceSearch { law, largest_spawn, target, error_bound, budget, max_moves, on_boards, sibling_cut } = self;
        Expectimax::new(law, largest_spawn, target, error_bound, budget, on_boards, sibling_cut).run(board, max_moves)
    }
}

/// What is proven of a chance whose search ran past its budget: the chance
/// within fewer moves — the most that searches of 0 moves, 1, 2 and so on
/// finish within `board_budget` boards together — which more moves never
/// lower (a way of playing K moves may play the fewer moves' best first, and
/// a tile that stood counts). `None` when `max_moves` is 0, whose search
/// needs no budget.
///
/// One budget for all of them bounds the work past the first budget by the
/// same number of boards: the searches grow some twofold a move, so each
/// with its own budget would cost up to twice the budget again.
///
/// ```
/// use rules_2048::{chance_with, chance_within_fewer, Board, SearchError, SpawnLaw};
/// let board: Board = "2 . . / . 2 . / . . 4".parse().unwrap();
/// let law = SpawnLaw::classic();
/// assert!(matches!(chance_with(&board, &law, 16, 6, Some(100)), Err(SearchError::OutOfBudget { .. })));
/// let (moves, fewer) = chance_within_fewer(&board, &law, 16, 6, 100).unwrap();
/// assert!(moves < 6);
/// assert_eq!(chance_with(&board, &law, 16, moves, Some(100)).unwrap(), fewer);
/// ```
pub fn chance_within_fewer(
    board: &Board,
    law: &SpawnLaw,
    target: u64,
    max_moves: usize,
    board_budget: u64,
) -> Option<(usize, Chance)> {
    let mut known = None;
    let mut budget_left = board_budget;
    // Past `MAX_MOVES`, no search runs at all.
    for moves in 0..max_moves.min(MAX_MOVES + 1) {
        match chance_with(board, law, target, moves, Some(budget_left)) {
            Ok(found) => {
                budget_left -= found.boards;
                known = Some((moves, found));
            }
            Err(_) => break,
        }
    }
    known
}

/// Whether `board` equals one of its mirror images (across either axis, or,
/// square, either diagonal) or their turns: the symmetries `chance` stores
/// one value for.
fn has_symmetry(board: &Board) -> bool {
    let cells = board.exponents();
    let mut images = vec![cells.flip_horizontal(), cells.flip_vertical(), cells.rotate_180()];
    if board.height() == board.width() {
        images.extend([cells.transpose(), cells.transpose().rotate_180(), cells.rotate_cw(), cells.rotate_ccw()]);
    }
    images.iter().any(|image| image == cells)
}

/// The proven bound on the rounding error of [`chance()`] for a board of this
/// size, this law and `max_moves` (see the module's documentation).
pub fn error_bound(board: &Board, law: &SpawnLaw, max_moves: usize) -> f64 {
    let terms = (board.height() * board.width() * law.outcomes().len()) as f64;
    (max_moves as f64 + 2.0) * (terms + 2.0) * f64::EPSILON / 2.0
}

/// The most moves for which [`error_bound`] stays below `limit` on a board of
/// this size with this law: how far a caller promising `limit` may look.
pub fn most_moves_within(board: &Board, law: &SpawnLaw, limit: f64) -> usize {
    let mut moves = 0;
    while moves < MAX_MOVES && error_bound(board, law, moves + 1) < limit {
        moves += 1;
    }
    moves
}

struct Expectimax<'a, P: Position> {
    /// Each tile a spawn may bring, with its probability.
    law: &'a [(u8, f64)],
    target: u64,
    /// The smallest tile that is at least the target (a power of two), and
    /// the largest a spawn brings: what cut 1 compares.
    smallest_reaching: u128,
    largest_spawn: u128,
    /// The answer's bound, which also tells a tie from a better move.
    error_bound: f64,
    /// Per board after a move and moves to go after it: its value, or
    /// where cut 3 stopped its average.
    memo: HashMap<(P::Key, usize), Memo, BuildBoardHasher>,
    /// The averages cut 3 stopped, to go on with if a later visit needs more.
    stopped: Vec<Stopped<P::Key>>,
    /// Boards after a move averaged so far, and how many may be.
    boards: u64,
    budget: u64,
    /// Emptied lists of spawned boards, to fill again: one in use a level of
    /// the search, so none is allocated once the search is as deep as it goes.
    spare: Vec<Vec<(f64, P)>>,
    /// Told the boards visited, now and then.
    on_boards: &'a dyn Fn(u64),
    /// Whether cut 3 stops averages (see [`ChanceSearch`]).
    sibling_cut: bool,
}

impl<'a, P: Position> Expectimax<'a, P> {
    fn new(
        law: &'a [(u8, f64)],
        largest_spawn: u64,
        target: u64,
        error_bound: f64,
        budget: u64,
        on_boards: &'a dyn Fn(u64),
        sibling_cut: bool,
    ) -> Self {
        Expectimax {
            law,
            target,
            smallest_reaching: u128::from(target).next_power_of_two(),
            largest_spawn: u128::from(largest_spawn),
            error_bound,
            memo: HashMap::default(),
            stopped: Vec::new(),
            boards: 0,
            budget,
            spare: Vec::new(),
            on_boards,
            sibling_cut,
        }
    }

    /// The chance from `start` within `max_moves`, its best first moves,
    /// and the boards visited; a board without a tile is a new game: two
    /// spawns first (one on a board of one cell).
    fn run(mut self, start: &P, max_moves: usize) -> Searched {
        if start.max_exponent() > 0 {
            return self.best(start, max_moves);
        }
        let mut probability = 0.0;
        let law = self.law;
        for (first_probability, first) in spawned(start, law) {
            // A board of one cell holds its first tile only (`first_spawns`).
            if first.empty_count() == 0 {
                probability += first_probability * self.starting_value(&first, max_moves)?;
                continue;
            }
            for (second_probability, second) in spawned(&first, law) {
                probability += first_probability * second_probability * self.starting_value(&second, max_moves)?;
            }
        }
        Ok(Root { probability, best_first_moves: Vec::new(), first_moves: Vec::new(), boards: self.boards })
    }

    /// The value of a new game's starting board, counted against the
    /// budget as a board after a move is when it needs a search: on a large
    /// board they outnumber any budget that fits its time (638,400 on
    /// 20×20, where the budget is 3,200), and would take their time unbounded.
    fn starting_value(&mut self, board: &P, left: usize) -> Result<f64, SearchError> {
        if let Some(settled) = self.settled(board, left) {
            return Ok(settled);
        }
        self.count_board()?;
        self.searched_value(board, left)
    }

    /// One more board visited, or the budget is spent.
    fn count_board(&mut self) -> Result<(), SearchError> {
        if self.boards >= self.budget {
            return Err(SearchError::OutOfBudget { boards: self.boards });
        }
        self.boards += 1;
        if self.boards.is_multiple_of(CHANCE_BOARDS_TOLD_EVERY) {
            (self.on_boards)(self.boards);
        }
        Ok(())
    }

    /// The value of a board with `left` moves to go.
    fn value(&mut self, board: &P, left: usize) -> Result<f64, SearchError> {
        match self.settled(board, left) {
            Some(settled) => Ok(settled),
            None => self.searched_value(board, left),
        }
    }

    /// [`Self::value`] of a board that [`Self::settled`] does not settle.
    fn searched_value(&mut self, board: &P, left: usize) -> Result<f64, SearchError> {
        let moves = board.after_each();
        // Cut 2, the moves that make the tile first: no search at all.
        if moves.iter().flatten().any(|moved| self.holds_target(moved)) {
            return Ok(1.0);
        }
        let mut best = 0.0;
        for moved in moves.iter().flatten() {
            let beaten = if self.sibling_cut { best } else { 0.0 };
            let value = self.after_move(moved, left - 1, beaten)?;
            if value >= 1.0 {
                // Cut 2: no move does better. (Rounding may put it a hair
                // above 1; it is still within the bound of the truth, 1.)
                return Ok(value);
            }
            best = f64::max(best, value);
        }
        Ok(best)
    }

    /// The root's value, its best first moves (every move within rounding
    /// of the best, in `Direction::ALL`'s order; none when no move is needed
    /// or none helps) and every legal move's value (none when no move is
    /// searched).
    fn best(&mut self, board: &P, left: usize) -> Searched {
        if let Some(settled) = self.settled(board, left) {
            let boards = self.boards;
            return Ok(Root { probability: settled, best_first_moves: Vec::new(), first_moves: Vec::new(), boards });
        }
        let mut values = Vec::with_capacity(4);
        for (direction, moved) in Direction::ALL.into_iter().zip(board.after_each()) {
            let Some(moved) = moved else { continue };
            // A move that makes the tile is worth 1 at once: the spawn cannot
            // take it away.
            // Every move valued in full (nothing is cut against 0): the
            // answer gives each one's chance.
            let value = if self.holds_target(&moved) { 1.0 } else { self.after_move(&moved, left - 1, 0.0)? };
            values.push((direction, value));
        }
        let best = values.iter().map(|&(_, value)| value).fold(0.0, f64::max);
        // Two computed values within twice the bound may be equal in truth:
        // such ties are ties, and every optimal first move is given.
        let tie = 2.0 * self.error_bound;
        let best_first_moves = if best == 0.0 {
            Vec::new()
        } else {
            values.iter().filter(|&&(_, value)| best - value <= tie).map(|&(d, _)| d).collect()
        };
        Ok(Root { probability: best, best_first_moves, first_moves: values, boards: self.boards })
    }

    fn holds_target(&self, board: &P) -> bool {
        value_of(board.max_exponent()) >= self.target
    }

    /// The value of a board that needs no search: 1 when it holds the
    /// tile, 0 when no move is left or the tile is out of reach (cut 1).
    fn settled(&self, board: &P, left: usize) -> Option<f64> {
        if self.holds_target(board) {
            Some(1.0)
        } else if left == 0 || !self.within_reach(board, left - 1, left) {
            Some(0.0)
        } else {
            None
        }
    }

    /// Cut 1: whether a tile of at least the target may stand on the board
    /// within `moves` more moves, `spawns` more spawns before the last one.
    /// A spawn may bring it (the law's largest tile is that large); else the
    /// first such tile is the smallest one, 2^t, made by a move out of the
    /// tiles that merged into it: a tile takes part in one merge a move, so
    /// one with d merges to go is 2^(t − d), no smaller than 2^(t − moves)
    /// on the board now, nor than 2^(t − r) when spawned with r moves
    /// after it. Those tiles add up to 2^t, so the tiles of the board of
    /// 2^(t − moves) or more, and a spawn of the law's largest tile wherever
    /// it could still take part, must. No tile is above 2^63 (so no search
    /// meets two 2^63s: a board with one is settled).
    fn within_reach(&self, board: &P, spawns: usize, moves: usize) -> bool {
        if self.smallest_reaching > 1 << 63 {
            return false;
        }
        if self.largest_spawn >= self.smallest_reaching {
            return true;
        }
        let target = self.smallest_reaching.trailing_zeros() as usize;
        let smallest_part = target.saturating_sub(moves).max(1) as u8;
        // The `spawns` come with 1 to `spawns` moves after them; the law's
        // largest tile takes part only with `merges` or more.
        let merges = target - self.largest_spawn.trailing_zeros() as usize;
        let spawned_parts = (spawns + 1).saturating_sub(merges) as u128;
        board.sum_from(smallest_part) + spawned_parts * self.largest_spawn >= self.smallest_reaching
    }

    /// The average, over the spawns, of the boards a move makes; or, once
    /// it is sure to stay below `beaten` (the best of its sibling moves so
    /// far), a bound on it below `beaten` (cut 3).
    fn after_move(&mut self, moved: &P, left: usize, beaten: f64) -> Result<f64, SearchError> {
        // Cut 1 for all its spawns at once: its own spawn and `left - 1`
        // more come before the last of its `left` moves.
        if !self.within_reach(moved, left, left) {
            return Ok(0.0);
        }
        let key = (moved.class_key(), left);
        // Where the average starts: at its first spawn, or where cut 3
        // stopped it on an earlier visit (the same sums in the same order,
        // so the same value to the bit, and the board counted once).
        // A mirror image spawns in another order: it starts over.
        let (mut sum, mut unseen, first, slot) = match self.memo.get(&key).map(|memo| memo.read()) {
            Some(Ok(value)) => return Ok(value),
            Some(Err(slot)) => {
                let Stopped { ref board, sum, unseen, next } = self.stopped[slot];
                if below(sum + unseen, beaten) {
                    return Ok(sum + unseen);
                }
                if *board == moved.key() {
                    (sum, unseen, next as usize, Some(slot))
                } else {
                    self.count_board()?;
                    (0.0, 1.0, 0, Some(slot))
                }
            }
            None => {
                self.count_board()?;
                (0.0, 1.0, 0, None)
            }
        };
        let mut boards = self.spare.pop().unwrap_or_default();
        spawned_into(&mut boards, moved, self.law);
        let mut stopped = None;
        for (index, (probability, spawned)) in boards.iter().enumerate().skip(first) {
            sum += probability * self.value(spawned, left)?;
            unseen -= probability;
            // Cut 3: the spawns not averaged yet bring 1 at most each.
            if index + 1 < boards.len() && below(sum + unseen, beaten) {
                stopped = Some(Stopped { board: moved.key(), sum, unseen, next: (index + 1) as u32 });
                break;
            }
        }
        boards.clear();
        self.spare.push(boards);
        let Some(stopped) = stopped else {
            self.memo.insert(key, Memo::value(sum));
            return Ok(sum);
        };
        let slot = match slot {
            Some(slot) => {
                self.stopped[slot] = stopped;
                slot
            }
            None => {
                self.stopped.push(stopped);
                self.stopped.len() - 1
            }
        };
        self.memo.insert(key, Memo::stopped_at(slot));
        Ok(sum + unseen)
    }
}

/// An average cut 3 stopped: the board as it was met (its spawns come in
/// its own order), the sum of its first `next` spawns' weighted values, and
/// the weight of the others.
struct Stopped<K> {
    board: K,
    sum: f64,
    unseen: f64,
    next: u32,
}

/// A memo entry in one `f64`, so that a memo of millions of boards is no
/// larger for cut 3: a value (0 or more), or the slot of a [`Stopped`]
/// average, kept as −(slot + 1).
#[derive(Debug, Clone, Copy)]
struct Memo(f64);

impl Memo {
    fn value(value: f64) -> Memo {
        Memo(value)
    }

    fn stopped_at(slot: usize) -> Memo {
        Memo(-(slot as f64 + 1.0))
    }

    /// The value, or the slot of a stopped average.
    fn read(self) -> Result<f64, usize> {
        if self.0 >= 0.0 {
            Ok(self.0)
        } else {
            Err((-self.0) as usize - 1)
        }
    }
}

/// Cut 3's test: whether a move whose average is at most `bound` is surely
/// below `beaten`, by a margin far past any rounding (an average of values
/// of at most 1 is off by some 10^-13 at most), so that the average
/// computed in full would be below it too: the best move, and every value
/// the search finishes, are those of the search without the cut, to the
/// bit.
fn below(bound: f64, beaten: f64) -> bool {
    bound + CUT_MARGIN < beaten
}

/// Cut 3's margin.
const CUT_MARGIN: f64 = 1e-9;

/// Every board a spawn may make of `board`, with its probability, as
/// [`crate::spawns`] gives them: each empty cell in row-major order, each tile of
/// the law in its order, the tile's probability divided by the empty cells.
fn spawned<P: Position>(board: &P, law: &[(u8, f64)]) -> Vec<(f64, P)> {
    let mut boards = Vec::with_capacity(board.empty_count() * law.len());
    spawned_into(&mut boards, board, law);
    boards
}

/// [`spawned`] into `boards`, which it extends.
fn spawned_into<P: Position>(boards: &mut Vec<(f64, P)>, board: &P, law: &[(u8, f64)]) {
    let empty = board.empty_count() as f64;
    board.for_each_empty(|cell| {
        for &(exponent, tile_probability) in law {
            boards.push((tile_probability / empty, board.with(cell, exponent)));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Packed, Small, Wide};

    const CLASSIC: [(u8, f64); 2] = [(1, 0.9), (2, 0.1)];

    /// `chance`'s search of `board` under the classic law, on any
    /// representation.
    fn classic_search(board: &Board, target: u64, max_moves: usize) -> ChanceSearch<'static> {
        ChanceSearch {
            law: &CLASSIC,
            largest_spawn: 4,
            target,
            error_bound: error_bound(board, &SpawnLaw::classic(), max_moves),
            budget: 1 << 20,
            max_moves,
            on_boards: &|_| {},
            sibling_cut: true,
        }
    }

    /// `chance` on each representation of `board` other than the general
    /// board: on 4×4 the word and a byte a cell, on any other shape the
    /// board in place of the fewest bytes that hold it. Each is named here,
    /// not chosen through `on_representation`, whose choosing the general
    /// board by mistake would compare it with itself.
    fn on_its_representations(board: &Board, target: u64, max_moves: usize) -> Vec<Searched> {
        let search = || classic_search(board, target, max_moves);
        match (board.height(), board.width()) {
            (4, 4) => {
                let packed = Packed::fits(board, max_moves as u32 + 2, 4).expect("a board the word holds");
                let wide = Wide::of(board).expect("a 4×4 board");
                vec![search().on(&packed), search().on(&wide)]
            }
            (height, width) => vec![match height * width {
                0..=16 => search().on(&Small::<16>::of(board).unwrap()),
                17..=32 => search().on(&Small::<32>::of(board).unwrap()),
                _ => search().on(&Small::<64>::of(board).unwrap()),
            }],
        }
    }

    /// `chance`'s search of `board` with cut 3 or without, on the
    /// representation `chance` chooses (the test of the representations
    /// holds the others to it, cut 3 and all).
    fn with_or_without_cut_3(board: &Board, target: u64, max_moves: usize, sibling_cut: bool) -> Root {
        let search = ChanceSearch { sibling_cut, ..classic_search(board, target, max_moves) };
        on_representation(board, max_moves as u32 + 2, 4, search).unwrap()
    }

    /// What a search answers, its values as bits: the chance, the best first
    /// moves and each first move's chance.
    fn answer_bits(root: &Root) -> (u64, Vec<Direction>, Vec<(Direction, u64)>) {
        let first = root.first_moves.iter().map(|&(d, p)| (d, p.to_bits())).collect();
        (root.probability.to_bits(), root.best_first_moves.clone(), first)
    }

    #[test]
    fn every_representation_gives_the_general_board_s_chance_to_the_bit() {
        let mut between = 0;
        for (text, target, max_moves) in [
            (". . . . / . . . . / . . . . / . . . .", 16, 4),
            ("2 . . . / . 4 . . / . . 8 . / . . . 2", 16, 3),
            ("8 4 2 . / . . . . / . . . . / . . . .", 16, 3),
            ("8 4 2 . / . . . . / . . . . / . . . .", 16, 4),
            ("16 8 4 2 / . . . . / . . . 2 / . . . .", 32, 4),
            ("2 2 4 8 / . . . . / . . . 2 / . . . .", 32, 4),
            ("2 4 8 16 / 4 8 16 32 / 8 16 32 64 / 16 32 64 .", 256, 4),
            // Left makes the 16 in the first cell, right in the fourth.
            ("8 8 . . / 2 . . . / . . . . / . . . .", 16, 1),
            (". . . / . . . / . . .", 16, 5),
            ("2 . 4 / . 8 . / . . 2", 16, 5),
            ("8 4 2 / . . . / . . .", 16, 3),
            ("2 4 / 8 .", 32, 8),
            ("2 2 4 8 / . . . .", 32, 7),
            (". 2 . 4 8 . 2 .", 16, 4),
            ("4 8 2 / 2 . 4 / . 16 . / 2 . . / . . 2", 32, 4),
            ("16 8 4 2 . / . . . . . / . . . . . / . . . . . / . . . . .", 32, 4),
        ] {
            let board: Board = text.parse().unwrap();
            let general = classic_search(&board, target, max_moves).on(&board).unwrap();
            for found in on_its_representations(&board, target, max_moves) {
                let found = found.unwrap();
                // The same value to the bit, the same best first moves, and the
                // same boards: a budget stops each at the same place.
                let bits = |root: &Root| (answer_bits(root), root.boards);
                assert_eq!(bits(&found), bits(&general), "{text}");
            }
            between += usize::from(general.probability > 0.0 && general.probability < 1.0);
        }
        assert!(between >= 9, "only {between} answers strictly between 0 and 1");
    }

    #[test]
    fn cut_3_changes_no_answer_to_the_bit_and_searches_fewer_boards() {
        let (mut with_cut, mut without) = (0, 0);
        for (text, target, max_moves) in [
            ("2 4 8 16 / . . . 32 / . . . 64 / . . . 2", 128, 6),
            ("2 4 8 16 / . . . 32 / . . . . / . . . .", 64, 6),
            ("4 2 . . / 8 16 2 . / 64 32 4 . / 128 8 2 .", 256, 7),
            ("2 . 4 / . 8 . / . . 2", 32, 8),
            ("2 4 . 8 / . 16 2 . / 4 . 32 . / . 2 . 4 / 8 . . 2", 64, 5),
            ("4 8 2 / 2 . 4 / . 16 . / 2 . . / . . 2", 32, 5),
            // Mirror images met from both sides, on the word and off it.
            ("2 . . 2 / . 4 4 . / . . . . / . . . .", 16, 5),
            ("2 . 2 / . 4 . / . . .", 16, 5),
        ] {
            let board: Board = text.parse().unwrap();
            let root = |sibling_cut| with_or_without_cut_3(&board, target, max_moves, sibling_cut);
            let (cut, uncut) = (root(true), root(false));
            assert_eq!(answer_bits(&cut), answer_bits(&uncut), "{text}");
            // A board cut and met again as a mirror image starts over, and
            // counts again: fewer boards in all, from boards without
            // symmetry (`chance` cuts from no other).
            if !has_symmetry(&board) {
                with_cut += cut.boards;
                without += uncut.boards;
            }
        }
        assert!(with_cut * 100 < without * 95, "{with_cut} boards with cut 3, {without} without");
    }

    #[test]
    fn chance_cuts_averages_only_from_a_board_without_symmetry() {
        for (text, target, max_moves) in
            [("2 4 8 16 / . . . 32 / . . . 64 / . . . 2", 128, 6), ("2 . . 2 / . 4 4 . / . . . . / . . . .", 16, 5)]
        {
            let board: Board = text.parse().unwrap();
            let boards = |sibling_cut| with_or_without_cut_3(&board, target, max_moves, sibling_cut).boards;
            let (cut, uncut) = (boards(true), boards(false));
            assert_ne!(cut, uncut, "{text}: the cut must show in the count");
            let chosen = chance(&board, &SpawnLaw::classic(), target, max_moves).unwrap().boards;
            assert_eq!(chosen, if has_symmetry(&board) { uncut } else { cut }, "{text}");
        }
    }

    #[test]
    fn the_error_bound_is_the_module_s_k_plus_2_times_n_plus_2_halves_of_epsilon() {
        // n: the empty cells at most (every cell) times the law's tiles.
        let half_epsilon = 2f64.powi(-53);
        for (text, law, n) in [
            (". . . . / . . . . / . . . . / . . . .", SpawnLaw::classic(), 32),
            ("2 4 / 8 .", SpawnLaw::classic(), 8),
            ("2 . 4", SpawnLaw::new(&[(2, 50), (4, 25), (8, 25)]).unwrap(), 9),
        ] {
            let board: Board = text.parse().unwrap();
            for k in [0, 1, 7, 200] {
                let expected = ((k + 2) * (n + 2)) as f64 * half_epsilon;
                assert_eq!(error_bound(&board, &law, k), expected, "{text}, K = {k}");
            }
        }
    }

    #[test]
    fn a_search_of_max_moves_runs_and_one_past_it_is_refused() {
        // A lost board: every search answers at once, whatever its moves.
        let lost: Board = "2 4 / 4 2".parse().unwrap();
        let law = SpawnLaw::classic();
        assert_eq!(chance(&lost, &law, 8, MAX_MOVES).unwrap().probability, 0.0);
        assert_eq!(chance(&lost, &law, 8, MAX_MOVES + 1), Err(SearchError::TooManyMoves { asked: MAX_MOVES + 1 }));
        // Fewer moves than asked past the limit: the limit's own search.
        let (moves, fewer) = chance_within_fewer(&lost, &law, 8, MAX_MOVES + 5, 1).unwrap();
        assert_eq!((moves, fewer.probability), (MAX_MOVES, 0.0));
    }

    #[test]
    fn a_stopped_average_goes_on_where_it_stopped() {
        let board: Board = "2 4 8 16 / . . . 32 / . . . 64 / . . . 2".parse().unwrap();
        let moved = Position::after(&board, Direction::Down).unwrap();
        let key = (moved.class_key(), 5);
        let expectimax = || Expectimax::new(&CLASSIC, 4, 128, 1e-12, u64::MAX, &|_| {}, true);
        let mut fresh = expectimax();
        let full = fresh.after_move(&moved, 5, 0.0).unwrap();
        // Stopped against a sibling worth 0.99, then asked in full.
        let mut twice = expectimax();
        let bound = twice.after_move(&moved, 5, 0.99).unwrap();
        assert!(full <= bound && bound < 0.99, "{full} ≤ {bound} < 0.99");
        assert!(twice.memo[&key].read().is_err(), "the average stopped");
        // Met again below the same sibling, it gives the same bound, unsearched.
        let boards = twice.boards;
        assert_eq!(twice.after_move(&moved, 5, 0.99).unwrap().to_bits(), bound.to_bits());
        assert_eq!(twice.boards, boards);
        let resumed = twice.after_move(&moved, 5, 0.0).unwrap();
        assert_eq!(resumed.to_bits(), full.to_bits());
        assert_eq!(twice.memo[&key].read(), Ok(full));
        // Its spawns searched before the stop are not searched again, nor is
        // the board counted twice.
        assert_eq!(twice.boards, fresh.boards);
    }

    #[test]
    fn an_average_of_all_its_spawns_is_a_value_however_high_its_sibling() {
        // One empty cell and a law of one tile: one spawn, which the cut may
        // not stop after, since nothing is left to skip.
        let moved: Board = "2 4 / 4 .".parse().unwrap();
        let mut search = Expectimax::new(&[(1, 1.0)], 2, 8, 1e-12, u64::MAX, &|_| {}, true);
        let value = search.after_move(&moved, 2, 2.0).unwrap();
        assert_eq!(search.memo[&(moved.class_key(), 2)].read(), Ok(value));
    }

    #[test]
    fn a_board_equal_to_a_mirror_image_has_symmetry() {
        for (text, symmetric) in [
            (". . . . / . . . . / . . . . / . . . .", true),
            ("2 . 2 / . 4 . / . . .", true),
            ("2 . . / . 4 . / . . 2", true),
            ("2 . 4 / . 8 . / . . 2", true),
            ("2 4 / 4 2", true),
            ("2 4 / 8 16", false),
            ("2 4 8 16 / . . . 32 / . . . 64 / . . . 2", false),
            ("2 . / . 2 / 4 .", false),
            ("2 4 / . . / 4 2", true),
        ] {
            assert_eq!(has_symmetry(&text.parse().unwrap()), symmetric, "{text}");
        }
    }
}
