//! The move rule, one named example per clause of the statement.

use rules_2048::Direction::{self, Down, Left, Right, Up};
use rules_2048::{Board, BoardError, TileOverflow};

mod common;
use common::board;

fn check(direction: Direction, before: &str, after: &str) {
    let mut moved = board(before);
    moved.slide(direction).unwrap();
    assert_eq!(moved, board(after), "{before} moved {direction:?}");
}

#[test]
fn tiles_slide_to_the_wall() {
    check(Left, ". . 2 .", "2 . . .");
    check(Right, "2 . 4 .", ". . 2 4");
    check(Left, ". 8 . 4", "8 4 . .");
}

#[test]
fn equal_tiles_that_collide_merge() {
    check(Left, "2 . . 2", "4 . . .");
    check(Left, "2 2 4 8", "4 4 8 .");
    check(Left, "4 4 8 8", "8 16 . .");
}

#[test]
fn the_pair_nearest_the_wall_merges_first() {
    check(Left, "2 2 2 .", "4 2 . .");
    check(Right, ". 2 2 2", ". . 2 4");
    check(Up, "2 / 2 / 2 / .", "4 / 2 / . / .");
    check(Down, ". / 2 / 2 / 2", ". / . / 2 / 4");
}

#[test]
fn each_tile_merges_at_most_once_a_move() {
    check(Left, "2 2 2 2", "4 4 . .");
    check(Left, "4 2 2 .", "4 4 . .");
    check(Left, "2 2 4 .", "4 4 . .");
    check(Right, "8 4 4 .", ". . 8 8");
    check(Up, "4 / 2 / 2", "4 / 4 / .");
}

#[test]
fn unequal_tiles_do_not_merge() {
    check(Left, "2 4 2 4", "2 4 2 4");
    check(Down, "2 / 4", "2 / 4");
}

#[test]
fn every_line_moves_independently() {
    check(Left, "2 2 . . / . 4 . 4 / 8 . 8 8", "4 . . . / 8 . . . / 16 8 . .");
    check(Up, "2 . 4 / 2 4 . / 4 4 4", "4 8 8 / 4 . . / . . .");
}

#[test]
fn non_square_boards() {
    check(Down, "2 / 2 / 4", ". / 4 / 4");
    check(Left, "2 2 . 2 2 . 2", "4 4 2 . . . .");
    check(Up, "2 2 2 2 2 2 2 / 2 . 2 . 2 . 2 / . . . . . . 4", "4 2 4 2 4 2 4 / . . . . . . 4 / . . . . . . .");
}

#[test]
fn a_move_reports_whether_anything_changed() {
    let mut still = board("2 4 / . .");
    assert!(!still.slide(Up).unwrap().changed);
    assert!(!still.slide(Left).unwrap().changed);
    assert!(still.slide(Down).unwrap().changed);
    let mut merging = board("2 2");
    let outcome = merging.slide(Left).unwrap();
    assert!(outcome.changed);
    assert_eq!(outcome.max_exponent, 2);
}

#[test]
fn merges_are_marked_where_they_land() {
    let mut board = board("2 2 2 2 / 4 . 4 8");
    let (_, merged) = board.slide_marking_merges(Right).unwrap();
    assert_eq!(merged, [(0, 2), (0, 3), (1, 2)]);
}

#[test]
fn huge_tiles_are_accepted_and_overflow_is_an_error() {
    let big = 1u64 << 62;
    let mut board = Board::from_rows(vec![vec![big, big, 1 << 63]]).unwrap();
    board.slide(Left).unwrap();
    assert_eq!(board.values().as_slice(), [1 << 63, 1 << 63, 0]);
    let before = board.clone();
    assert_eq!(board.slide(Left), Err(TileOverflow { row: 0, col: 0 }));
    assert_eq!(board, before, "a failed move leaves the board as it was");
}

#[test]
fn only_powers_of_two_from_two_up_are_tiles() {
    for (value, col) in [(3, 1), (1, 1), (6, 1), (u64::MAX, 1)] {
        assert_eq!(Board::from_rows(vec![vec![2, value]]), Err(BoardError::NotAPowerOfTwo { row: 0, col, value }));
    }
    assert!(matches!(Board::from_rows(vec![vec![2], vec![2, 2]]), Err(BoardError::Shape(_))));
    assert_eq!(board("2 . 1024").max_tile(), 1024);
    assert_eq!(board(". .").max_tile(), 0);
}

#[test]
fn display_right_aligns_columns() {
    assert_eq!(board("2 1024 / 512 .").to_string(), "  2 1024\n512    .\n");
}

#[test]
fn a_line_already_against_its_wall_does_not_change() {
    // The rule itself, on lines of every length up to past a byte: tiles
    // packed against the wall, no two equal neighbours, report no change.
    for len in [1, 2, 3, 255, 256, 300] {
        let mut cells: Vec<u8> = (0..len).map(|i| 1 + (i % 2) as u8).collect();
        let before = cells.clone();
        let changed = rules_2048::slide_in_place(&mut cells, 1, len, Left, |_, _| {}).unwrap();
        assert!(!changed, "a packed line of {len}");
        assert_eq!(cells, before);
        // With one gap before the last tile, it moves.
        let mut gapped = before.clone();
        gapped.insert(len - 1, 0);
        assert!(rules_2048::slide_in_place(&mut gapped, 1, len + 1, Left, |_, _| {}).unwrap());
    }
}

#[test]
fn a_board_tells_its_tiles_and_its_errors_as_people_count() {
    let board: Board = "2 . / 1024 4".parse().unwrap();
    assert_eq!([board.tile(0, 0), board.tile(0, 1), board.tile(1, 0), board.tile(1, 1)], [2, 0, 1024, 4]);
    assert_eq!((board.height(), board.width(), board.max_tile(), board.sum()), (2, 2, 1024, 1030));
    let err = Board::from_rows(vec![vec![2, 2], vec![2, 6]]).unwrap_err();
    assert_eq!(err.to_string(), "row 2, column 2 holds 6: tiles are powers of two from 2 up (0 is empty)");
    assert_eq!(rules_2048::TileError::NotAPowerOfTwo.to_string(), "not a power of two from 2 up");
    assert_eq!(rules_2048::TileError::TooLarge.to_string(), "larger than the largest tile, 2^63");
    assert_eq!(rules_2048::TileError::NotANumber.to_string(), "not a number");
    let bad = "2 2 / 2 x".parse::<Board>().unwrap_err();
    assert_eq!(bad.to_string(), "row 2, column 2: the cell is not a number");
    use rules_2048::{parse_cell, TileError};
    assert_eq!(parse_cell("18446744073709551616"), Err(TileError::TooLarge), "all digits, past u64");
    assert_eq!(parse_cell("99999999999999999999x"), Err(TileError::NotANumber), "not all digits");
    assert_eq!(parse_cell(""), Err(TileError::NotANumber));
    assert_eq!(parse_cell("00"), Err(TileError::NotAPowerOfTwo), "only `0` and `.` are empty");
    assert_eq!(format!("{board:?}"), "Board 2×2\n   2 .\n1024 4\n");
    let overflow = TileOverflow { row: 0, col: 2 };
    assert_eq!(overflow.to_string(), "two 2^63 tiles would merge at row 1, column 3: the largest tile is 2^63");
}

#[test]
fn a_merge_reports_where_it_lands_and_what_it_makes() {
    // 2 2 8 8 to the left: a 4 (exponent 2) at 0 and a 16 (exponent 4) at 1.
    let mut cells = vec![1, 1, 3, 3];
    let mut merges = Vec::new();
    rules_2048::slide_in_place(&mut cells, 1, 4, Left, |at, made| merges.push((at, made))).unwrap();
    assert_eq!(cells, [2, 4, 0, 0]);
    assert_eq!(merges, [(0, 2), (1, 4)]);
}
