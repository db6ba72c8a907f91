//! The rule of the block game, one named example per clause.

use rules_blockgame::{solve, BlockError, Board, Cover, Stuck};

/// A board written as in a `.puzzle` file: rows separated by `/`, `.` empty
/// (the crate's own `FromStr`).
fn board(text: &str) -> Board {
    text.parse().unwrap_or_else(|err| panic!("{text:?}: {err}"))
}

fn check(text: &str, removed: &[u32]) {
    assert_eq!(solve(&board(text)).removed_ids(), removed, "{text}");
}

const STATEMENT_EXAMPLE: &str = ". . . . . . . . . . / . . . . . . . . . . / . . . . . . . . . . / . . . . . . . . . . / \
                                 . . . . . . 4 . . . / . . . . . 4 4 . . . / . . . . 3 . 4 . . . / . . . 2 3 . . . 5 5 / \
                                 1 2 2 2 3 3 . . . 5 / 1 1 1 . . . . . . 5";

#[test]
fn the_statement_example_removes_two() {
    let solution = solve(&board(STATEMENT_EXAMPLE));
    assert_eq!(solution.count(), 2);
    assert_eq!(solution.removed_ids(), [2, 1]);
    assert_eq!(solution.removals[0].black_cells, [(7, 1), (7, 2)]);
    let stuck: Vec<u32> = solution.stuck.iter().map(|s| s.id).collect();
    assert_eq!(stuck, [3, 4, 5]);
}

#[test]
fn a_block_with_an_open_box_goes() {
    check(". 7 . / 7 7 7", &[7]); // T pointing up: both holes open to the sky
    check(". . 7 / 7 7 7", &[7]); // L lying down
    check("7 7 7", &[7]); // a block that fills its box needs no drop at all
}

#[test]
fn a_block_under_its_own_overhang_stays() {
    check("7 7 7 / . 7 .", &[]);
    let solution = solve(&board("7 7 7 / . 7 ."));
    assert_eq!(solution.stuck, [Stuck { id: 7, hole: (1, 0), cover: Cover::OwnCell { cell: (0, 0) } }]);
}

#[test]
fn a_block_covered_by_another_stays() {
    let solution = solve(&board("8 8 8 8 / 8 . . . / . 7 . . / 7 7 7 ."));
    assert_eq!(solution.removed_ids(), [] as [u32; 0]);
    assert_eq!(solution.stuck[0], Stuck { id: 7, hole: (2, 0), cover: Cover::Block { id: 8, cell: (1, 0) } });
}

#[test]
fn blocks_freed_only_by_earlier_removals() {
    // Block 2 must go first for 1 to go, whatever their ids.
    check("1 . 2 . / 1 2 2 2 / 1 1 . .", &[2, 1]);
    check("2 . 1 . / 2 1 1 1 / 2 2 . .", &[1, 2]);
    // A chain of three, the freeing order against the id order.
    check(". . 3 . / . 3 3 3 / 2 . . . / 2 2 2 . / 1 . . . / 1 1 1 .", &[3, 2, 1]);
}

#[test]
fn the_hole_itself_may_be_taken() {
    // Each block's hole is a cell of the other.
    let solution = solve(&board("9 . . / 9 7 7 / 9 9 7"));
    assert_eq!(
        solution.stuck,
        [
            Stuck { id: 7, hole: (2, 1), cover: Cover::Block { id: 9, cell: (2, 1) } },
            Stuck { id: 9, hole: (1, 1), cover: Cover::Block { id: 7, cell: (1, 1) } },
        ]
    );
}

#[test]
fn ids_need_not_be_consecutive_and_any_polyomino_works() {
    check(". 40 . / 40 40 40 / 1000 1000 1000", &[40, 1000]);
    check("5 . 5 / 5 5 5", &[5]); // a U: its hole is open, so it goes
    check("5 5 5 / 5 . 5 / 5 5 5", &[]); // a ring: its hole is closed
}

#[test]
fn split_blocks_are_errors() {
    let err = Board::from_rows(vec![vec![3, 3, 0], vec![0, 0, 3]]).unwrap_err();
    assert_eq!(err, BlockError::Split { id: 3, pieces: vec![vec![(0, 0), (0, 1)], vec![(1, 2)]] });
    assert_eq!(
        err.to_string(),
        "block 3 is split into 2 pieces: [row 1, column 1; row 1, column 2] and [row 2, column 3]; the cells of a block \
         must touch side by side"
    );
    // Diagonal contact is not contact.
    assert!(matches!(Board::from_rows(vec![vec![4, 0], vec![0, 4]]), Err(BlockError::Split { id: 4, .. })));
}

#[test]
fn kakao_shapes() {
    let judge_board = board(STATEMENT_EXAMPLE);
    assert_eq!(judge_board.check_kakao_shapes(), Ok(()));
    let square = board("6 6 / 6 6");
    assert_eq!(
        square.check_kakao_shapes(),
        Err(BlockError::NotAKakaoShape { id: 6, cells: vec![(0, 0), (0, 1), (1, 0), (1, 1)] })
    );
    assert!(!board("1 1 1 1").blocks()[0].is_kakao_shape()); // I
    assert!(!board("1 1 . / . 1 1").blocks()[0].is_kakao_shape()); // Z
    assert!(board("1 1 1 / 1 . .").blocks()[0].is_kakao_shape()); // L turned
    assert!(board(". 1 / 1 1 / . 1").blocks()[0].is_kakao_shape()); // T turned
}

#[test]
fn the_row_syntax_names_a_bad_cell_by_row_and_column() {
    use rules_blockgame::ParseBoardError;
    let err = ". 1 / 1 x".parse::<Board>().unwrap_err();
    assert_eq!(err, ParseBoardError::Cell { row: 2, column: 2, text: "x".into() });
    assert_eq!(err.to_string(), "row 2, column 2: `x` is not a block id (a whole number from 1 up)");
    let split = "1 . / . 1".parse::<Board>().unwrap_err();
    assert_eq!(
        split.to_string(),
        "block 1 is split into 2 pieces: [row 1, column 1] and [row 2, column 2]; the cells of a block must touch side \
         by side"
    );
    let rules_blockgame::ParseBoardError::Board(BlockError::Split { id, pieces }) = split else { panic!() };
    let whole = rules_blockgame::SplitBlock { id, pieces };
    assert_eq!(whole.to_string(), split_text());
}

fn split_text() -> String {
    "block 1 is split into 2 pieces: [row 1, column 1] and [row 2, column 2]; the cells of a block must touch side by \
     side"
        .into()
}

#[test]
fn a_board_prints_its_ids_right_aligned_with_dots_for_empty_cells() {
    let printed = board("12 12 . / 12 . 3 / . . 3").to_string();
    // Each column as wide as its widest id.
    assert_eq!(printed, "12 12 .\n12  . 3\n .  . 3\n");
}

#[test]
fn a_block_is_found_by_its_id_and_only_by_it() {
    let board = board("7 7 . / 7 . 3 / . . 3");
    let seven = board.block(7).expect("block 7");
    assert_eq!((seven.id, seven.cells.len(), seven.top_left, seven.bottom_right), (7, 3, (0, 0), (1, 1)));
    assert_eq!(board.block(3).map(|block| block.cells.clone()), Some(vec![(1, 2), (2, 2)]));
    assert!(board.block(5).is_none() && board.block(0).is_none());
}
