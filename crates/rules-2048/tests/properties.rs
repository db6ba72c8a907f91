//! Laws every move obeys, on random boards of every shape.

use grid_core::{Direction, Grid};
use proptest::prelude::*;
use rules_2048::Board;

fn any_board() -> impl Strategy<Value = Board> {
    (1usize..=6, 1usize..=6).prop_flat_map(|(height, width)| {
        proptest::collection::vec(prop_oneof![4 => Just(0u8), 6 => 1u8..=5, 1 => 1u8..=62], height * width).prop_map(
            move |exponents| Board::from_exponents(Grid::from_vec(height, width, exponents).unwrap()).unwrap(),
        )
    })
}

/// The board as seen after turning the world so that `direction` becomes Left.
fn turn_to_left(board: &Board, direction: Direction) -> Grid<u8> {
    let grid = board.exponents();
    match direction {
        Direction::Left => grid.clone(),
        Direction::Right => grid.rotate_180(),
        Direction::Up => grid.rotate_ccw(),
        Direction::Down => grid.rotate_cw(),
    }
}

fn turn_back(grid: &Grid<u8>, direction: Direction) -> Grid<u8> {
    match direction {
        Direction::Left => grid.clone(),
        Direction::Right => grid.rotate_180(),
        Direction::Up => grid.rotate_cw(),
        Direction::Down => grid.rotate_ccw(),
    }
}

proptest! {
    #[test]
    fn no_move_changes_the_sum(board in any_board()) {
        for direction in Direction::ALL {
            let (moved, _) = board.after(direction).unwrap();
            prop_assert_eq!(moved.sum(), board.sum());
        }
    }

    #[test]
    fn every_direction_is_left_in_a_turned_world(board in any_board()) {
        for direction in Direction::ALL {
            let (moved, _) = board.after(direction).unwrap();
            let turned = Board::from_exponents(turn_to_left(&board, direction)).unwrap();
            let (turned_moved, _) = turned.after(Direction::Left).unwrap();
            prop_assert_eq!(turn_back(turned_moved.exponents(), direction), moved.exponents().clone());
        }
    }

    #[test]
    fn left_is_right_seen_in_a_mirror(board in any_board()) {
        for (direction, mirrored) in [(Direction::Left, Direction::Right), (Direction::Up, Direction::Down)] {
            let (moved, _) = board.after(direction).unwrap();
            // A half turn swaps left with right and up with down.
            let mirror = |grid: &Grid<u8>| grid.rotate_180();
            let (mirror_moved, _) = Board::from_exponents(mirror(board.exponents())).unwrap().after(mirrored).unwrap();
            prop_assert_eq!(mirror(mirror_moved.exponents()), moved.exponents().clone());
        }
    }

    #[test]
    fn a_move_that_changes_nothing_leaves_the_board_equal(board in any_board()) {
        for direction in Direction::ALL {
            let (moved, changed) = board.after(direction).unwrap();
            prop_assert_eq!(changed, moved != board);
        }
    }

    #[test]
    fn a_second_move_the_same_way_only_merges(board in any_board()) {
        // After a move, tiles are packed against the wall, so moving again the
        // same way changes the board only by merging (the tile count drops).
        for direction in Direction::ALL {
            let (once, _) = board.after(direction).unwrap();
            let (twice, changed) = once.after(direction).unwrap();
            let tiles = |b: &Board| b.exponents().as_slice().iter().filter(|&&e| e != 0).count();
            prop_assert_eq!(changed, tiles(&twice) < tiles(&once));
        }
    }
}
