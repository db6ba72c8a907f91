//! The three questions, on examples small enough to check by hand, and against
//! a plain brute force over every move sequence on random small boards.

use proptest::prelude::*;
use rules_2048::Direction::{self, Down, Left, Right, Up};
use rules_2048::{
    apply, max_tile, max_tile_with, reach, reach_with, Board, Proof, ReachProof, SearchError, SearchOptions,
    TileOverflow, MAX_MOVES,
};

mod common;
use common::board;

fn check_max_tile(text: &str, k: usize, tile: u64, shortest: usize) {
    let start = board(text);
    let answer = max_tile(&start, k).unwrap();
    assert_eq!((answer.tile, answer.moves.len()), (tile, shortest), "{text} within {k}: {answer:?}");
    assert_eq!(apply(&start, &answer.moves).unwrap().max_tile(), tile, "the witness reaches the answer");
    assert_eq!(answer.proof, Proof::Exact);
}

#[test]
fn max_tile_examples() {
    check_max_tile("2 2 2 / 4 4 4 / 8 8 8", 5, 16, 1); // BOJ 12100 sample
    check_max_tile("16", 5, 16, 0); // the answer is already on the board
    check_max_tile("8 2 2 . / . . . . ", 3, 8, 0); // the board already holds the largest tile reachable
    check_max_tile("2 2 4 8", 5, 16, 3); // a cascade needs three moves
    check_max_tile("2 2 4 8", 2, 8, 0); // ... and is out of reach in two
    check_max_tile("2 4 8 16", 10, 16, 0); // distinct tiles never merge
    check_max_tile(". . / . .", 3, 0, 0); // an empty board
    check_max_tile("2 2 2 2 / 2 2 2 2", 0, 2, 0); // K = 0
    check_max_tile("2 / 2 / 2 / 2", 2, 8, 2); // a column
}

#[test]
fn reach_examples() {
    let cascade = board("2 2 4 8");
    assert_eq!(reach(&cascade, 16, 5).unwrap().moves, Some(vec![Left, Left, Left]));
    assert_eq!(reach(&cascade, 9, 5).unwrap().moves.map(|m| m.len()), Some(3), "≥ 9 means 16");
    assert_eq!(reach(&cascade, 8, 5).unwrap().moves, Some(vec![]), "already on the board");
    assert_eq!(reach(&cascade, 2, 0).unwrap().moves, Some(vec![]));
    assert_eq!(reach(&cascade, 16, 2).unwrap().moves, None, "needs three moves");
    assert_eq!(reach(&cascade, 32, 100).unwrap().moves, None, "the sum is 16");
    assert_eq!(reach(&board(". ."), 2, 3).unwrap().moves, None, "an empty board holds no tile");
    assert_eq!(reach(&cascade, u64::MAX, 3).unwrap().moves, None);
}

#[test]
fn apply_plays_every_move_even_those_that_change_nothing() {
    let start = board("2 2 / 2 .");
    assert_eq!(apply(&start, &[Left, Left, Up]).unwrap(), board("4 . / 2 ."));
    assert_eq!(apply(&start, &[Down, Down, Right]).unwrap(), board(". . / 4 2"));
    assert_eq!(apply(&start, &[]).unwrap(), start);
}

#[test]
fn a_budget_stops_the_search_and_says_so() {
    let rows: Vec<Vec<u64>> = (0..8)
        .map(|r| (0..8).map(|c| if (r + c) % 3 == 0 { 0 } else { 1 << (1 + (r * 3 + c * 5) % 6) }).collect())
        .collect();
    let start = Board::from_rows(rows).unwrap();
    let options = SearchOptions { node_budget: Some(50), ..SearchOptions::default() };
    let answer = max_tile_with(&start, 12, &options).unwrap();
    let Proof::Incomplete { upper_bound } = answer.proof else { panic!("50 nodes cannot settle K = 12: {answer:?}") };
    assert!(upper_bound >= answer.tile);
    assert!(answer.nodes <= 50, "the budget is a hard cap: {} boards", answer.nodes);
    assert_eq!(apply(&start, &answer.moves).unwrap().max_tile(), answer.tile);
    let exact = max_tile(&start, 12).unwrap();
    assert!(exact.tile <= upper_bound && exact.tile >= answer.tile);
    // 2^20 is past what the tiles' sum allows: the bound settles it at once.
    let out_of_reach = reach_with(&start, 1 << 20, 12, &options).unwrap();
    assert_eq!((out_of_reach.moves, out_of_reach.proof), (None, ReachProof::Exact));
}

/// Every sequence of up to `k` moves, no-ops included: the largest tile and the
/// fewest moves reaching it. (A board reached twice at one depth is moved on
/// once: it has the same futures either way.)
fn brute_force(start: &Board, k: usize) -> (u64, usize) {
    let mut best = (start.max_tile(), 0);
    let mut layer = vec![start.clone()];
    for depth in 1..=k {
        let mut next = Vec::with_capacity(layer.len() * 4);
        for board in &layer {
            for direction in Direction::ALL {
                let (moved, _) = board.after(direction).unwrap();
                if moved.max_tile() > best.0 {
                    best = (moved.max_tile(), depth);
                }
                next.push(moved);
            }
        }
        let mut seen = std::collections::HashSet::new();
        next.retain(|board| seen.insert(board.clone()));
        layer = next;
    }
    best
}

/// Boards of `height` × `width` tiles drawn from `tile`.
fn boards_of(
    height: std::ops::RangeInclusive<usize>,
    width: std::ops::RangeInclusive<usize>,
    tile: impl Strategy<Value = u64> + Clone,
) -> impl Strategy<Value = Board> {
    (height, width).prop_flat_map(move |(height, width)| {
        proptest::collection::vec(tile.clone(), height * width)
            .prop_map(move |cells| Board::from_rows(cells.chunks(width).map(<[u64]>::to_vec).collect()).unwrap())
    })
}

fn small_board() -> impl Strategy<Value = Board> {
    boards_of(1..=4, 1..=4, prop_oneof![3 => Just(0u64), 2 => Just(2), 2 => Just(4), 1 => Just(8), 1 => Just(16)])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn max_tile_agrees_with_brute_force(start in small_board(), k in 0usize..=6) {
        check_max_tile_by_brute_force(&start, k)?;
    }

    #[test]
    fn reach_agrees_with_brute_force(start in small_board(), k in 0usize..=5, target_exponent in 1u32..7) {
        check_reach_by_brute_force(&start, k, 1 << target_exponent)?;
    }
}

fn check_max_tile_by_brute_force(start: &Board, k: usize) -> Result<(), TestCaseError> {
    let answer = max_tile(start, k).unwrap();
    prop_assert_eq!((answer.tile, answer.moves.len()), brute_force(start, k));
    prop_assert!(answer.moves.len() <= k);
    prop_assert_eq!(apply(start, &answer.moves).unwrap().max_tile(), answer.tile);
    Ok(())
}

fn check_reach_by_brute_force(start: &Board, k: usize, target: u64) -> Result<(), TestCaseError> {
    let found = reach(start, target, k).unwrap().moves;
    // The fewest moves to a tile ≥ target, by brute force over each length.
    let fewest = (0..=k).find(|&moves| brute_force(start, moves).0 >= target);
    prop_assert_eq!(found.as_ref().map(Vec::len), fewest);
    if let Some(moves) = found {
        prop_assert!(apply(start, &moves).unwrap().max_tile() >= target);
    }
    Ok(())
}

/// Boards where runs of three or more equal tiles are common, so that the two
/// moves along an axis often leave different lines (`2 2 2` makes `4 2` one
/// way and `2 4` the other), and often the same.
fn board_of_runs() -> impl Strategy<Value = Board> {
    boards_of(1..=4, 3..=6, prop_oneof![2 => Just(0u64), 5 => Just(2), 2 => Just(4), 1 => Just(8)])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn max_tile_agrees_with_brute_force_on_runs(start in board_of_runs(), k in 2usize..=6) {
        check_max_tile_by_brute_force(&start, k)?;
    }

    #[test]
    fn reach_agrees_with_brute_force_on_runs(start in board_of_runs(), k in 2usize..=5, target_exponent in 3u32..7) {
        check_reach_by_brute_force(&start, k, 1 << target_exponent)?;
    }
}

#[test]
fn max_tile_agrees_with_brute_force_at_k7() {
    // A few fixed boards at the deepest K the brute force can afford (4^7 boards).
    for text in [
        "2 2 4 / 8 2 4 / 2 . 16",
        "2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2",
        "2 2 2 2 2 2 / 2 2 2 2 2 2",
        "4 . 2 / 2 . 4 / 8 2 2",
    ] {
        let start = board(text);
        let answer = max_tile(&start, 7).unwrap();
        assert_eq!((answer.tile, answer.moves.len()), brute_force(&start, 7), "{text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    // From K = 8 on: below it a search never splits into threads.
    #[test]
    fn parallel_search_agrees_with_brute_force(start in small_board(), k in 8usize..=9, threads in 2usize..=4) {
        let options = SearchOptions { threads, ..SearchOptions::default() };
        let answer = max_tile_with(&start, k, &options).unwrap();
        prop_assert_eq!((answer.tile, answer.moves.len()), brute_force(&start, k));
        prop_assert_eq!(apply(&start, &answer.moves).unwrap().max_tile(), answer.tile);
    }
}

/// Boards from 5×5 to 8×8 with tiles up to 64: their answers take several
/// moves, so that the subtrees a parallel search hands out matter.
fn medium_board() -> impl Strategy<Value = Board> {
    boards_of(5..=8, 5..=8, prop_oneof![2 => Just(0u64), 3 => (1u32..=6).prop_map(|e| 1u64 << e)])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn parallel_search_agrees_with_the_sequential_one(start in medium_board(), k in 8usize..=10, threads in 2usize..=3) {
        let sequential = max_tile(&start, k).unwrap();
        let parallel = max_tile_with(&start, k, &SearchOptions { threads, ..SearchOptions::default() }).unwrap();
        prop_assert_eq!((parallel.tile, parallel.moves.len()), (sequential.tile, sequential.moves.len()));
        prop_assert_eq!(apply(&start, &parallel.moves).unwrap().max_tile(), parallel.tile);
    }
}

#[test]
fn parallel_search_gives_the_same_witness_every_time() {
    // A board where many sequences tie: the tie-break by task must pick one.
    let rows: Vec<Vec<u64>> = (0..12)
        .map(|r| (0..12).map(|c| if (r * 7 + c * 3) % 5 == 0 { 0 } else { 1 << (1 + (r + 2 * c) % 4) }).collect())
        .collect();
    let start = Board::from_rows(rows).unwrap();
    let sequential = max_tile(&start, 8).unwrap();
    let options = SearchOptions { threads: 2, ..SearchOptions::default() };
    let first = max_tile_with(&start, 8, &options).unwrap();
    assert_eq!((first.tile, first.moves.len()), (sequential.tile, sequential.moves.len()));
    for _ in 0..8 {
        assert_eq!(max_tile_with(&start, 8, &options).unwrap().moves, first.moves);
    }
    let reach_options = SearchOptions { threads: 3, ..SearchOptions::default() };
    let reached = reach_with(&start, sequential.tile, 8, &reach_options).unwrap().moves.unwrap();
    assert_eq!(reached.len(), sequential.moves.len());
}

#[test]
fn an_empty_budget_still_answers_with_the_board_itself() {
    let start = board("2 2 / 4 .");
    let options = SearchOptions { node_budget: Some(0), ..SearchOptions::default() };
    let answer = max_tile_with(&start, 5, &options).unwrap();
    assert_eq!((answer.tile, answer.moves.len()), (4, 0));
    assert_eq!(answer.proof, Proof::Incomplete { upper_bound: 8 });
    let reached = reach_with(&start, 4, 5, &options).unwrap();
    assert_eq!(reached.moves, Some(vec![]), "the board already holds a 4");
}

#[test]
fn a_merge_past_2_pow_63_is_an_error_in_every_search() {
    let top = 1u64 << 63;
    let start = Board::from_rows(vec![vec![0, top], vec![0, top]]).unwrap();
    // Decided at the last move (K = 1) and inside the search (K = 3).
    for k in [1, 3] {
        assert_eq!(max_tile(&start, k), Err(SearchError::Overflow(TileOverflow { row: 0, col: 1 })), "K = {k}");
    }
    assert_eq!(
        reach(&start, u64::MAX, 2).map(|r| r.moves),
        Err(SearchError::Overflow(TileOverflow { row: 0, col: 1 }))
    );
}

#[test]
fn any_number_of_moves_gets_an_answer_or_an_error() {
    for k in [MAX_MOVES + 1, usize::MAX] {
        assert_eq!(max_tile(&board("2 2 / 2 2"), k), Err(SearchError::TooManyMoves { asked: k }));
        assert_eq!(reach(&board("2 2"), 4, k).map(|r| r.moves), Err(SearchError::TooManyMoves { asked: k }));
    }
    // At the limit, on boards whose sum, or their lack of moves, ends the search.
    for text in ["2 2 / 2 2", "2 4 / 8 16", "2 . . 4", "4 . 2 . / . 2 . 4"] {
        let answer = max_tile(&board(text), MAX_MOVES).unwrap();
        assert_eq!(answer.proof, Proof::Exact, "{text}");
    }
    // A deep search on a board that keeps moving, stopped by its budget.
    let options = SearchOptions { node_budget: Some(5_000), threads: 2 };
    let deep = max_tile_with(&board("2 4 8 16 / 32 64 128 256 / . . . . / 2 . 4 ."), MAX_MOVES, &options).unwrap();
    assert!(deep.nodes <= 5_000);
}

/// A board of one row of `len` cells from `cell(i)`.
fn row_of(len: usize, cell: impl Fn(usize) -> u64) -> Board {
    Board::from_rows(vec![(0..len).map(cell).collect()]).unwrap()
}

#[test]
fn lines_longer_than_a_byte_are_searched_deep_and_right() {
    // Past 255 cells a line, the moves and readings fall back to the rule;
    // the searches must still agree with brute force, deep enough that every
    // cut is tried.
    for (len, k) in [(256, 4), (300, 5)] {
        let runs = row_of(len, |i| [2, 2, 0, 4, 4, 8, 0, 16][i % 8]);
        check_max_tile_by_brute_force(&runs, k).unwrap();
        check_reach_by_brute_force(&runs, k, 64).unwrap();
        let column = Board::from_rows((0..len).map(|i| vec![[2, 0, 2, 4][i % 4]]).collect()).unwrap();
        check_max_tile_by_brute_force(&column, k).unwrap();
    }
}

#[test]
fn a_long_line_that_cannot_move_is_not_searched_as_if_it_moved() {
    // 256 tiles packed against both walls, no two equal neighbours: no move
    // changes anything, so nothing is reachable beyond the board itself.
    let packed = row_of(256, |i| if i % 2 == 0 { 2 } else { 4 });
    for direction in Direction::ALL {
        assert!(!packed.after(direction).unwrap().1, "{direction:?} changes nothing");
    }
    let answer = max_tile(&packed, 6).unwrap();
    assert_eq!((answer.tile, answer.moves.len(), answer.proof), (4, 0, Proof::Exact));
    assert_eq!(reach(&packed, 8, 6).unwrap().moves, None);
}
