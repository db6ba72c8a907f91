//! Laws every move obeys, on random boards of every shape, and the move
//! itself against the statement's, written apart from the crate.

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

/// A move as the statement tells it, written apart from the crate on the
/// tiles' values: each line read from the wall the tiles slide to, its tiles
/// packed against that wall, and each pair of equal neighbours merged once,
/// the pair nearest the wall first.
fn slid_by_the_statement(board: &Board, direction: Direction) -> Vec<Vec<u64>> {
    let (height, width) = (board.height(), board.width());
    // The cells of each line, nearest the wall first.
    let lines: Vec<Vec<(usize, usize)>> = match direction {
        Direction::Left => (0..height).map(|r| (0..width).map(|c| (r, c)).collect()).collect(),
        Direction::Right => (0..height).map(|r| (0..width).rev().map(|c| (r, c)).collect()).collect(),
        Direction::Up => (0..width).map(|c| (0..height).map(|r| (r, c)).collect()).collect(),
        Direction::Down => (0..width).map(|c| (0..height).rev().map(|r| (r, c)).collect()).collect(),
    };
    let mut after = vec![vec![0u64; width]; height];
    for line in lines {
        let tiles: Vec<u64> = line.iter().map(|&(r, c)| board.tile(r, c)).filter(|&tile| tile != 0).collect();
        let mut packed = Vec::new();
        let mut next = 0;
        while next < tiles.len() {
            if next + 1 < tiles.len() && tiles[next] == tiles[next + 1] {
                packed.push(tiles[next] * 2);
                next += 2;
            } else {
                packed.push(tiles[next]);
                next += 1;
            }
        }
        for (&(r, c), tile) in line.iter().zip(packed) {
            after[r][c] = tile;
        }
    }
    after
}

proptest! {
    #[test]
    fn every_move_is_the_statement_s(board in any_board()) {
        for direction in Direction::ALL {
            let (moved, changed) = board.after(direction).unwrap();
            let expected = slid_by_the_statement(&board, direction);
            let got: Vec<Vec<u64>> =
                (0..board.height()).map(|r| (0..board.width()).map(|c| moved.tile(r, c)).collect()).collect();
            prop_assert_eq!(&got, &expected, "{} moved {:?}", board, direction);
            let before: Vec<Vec<u64>> =
                (0..board.height()).map(|r| (0..board.width()).map(|c| board.tile(r, c)).collect()).collect();
            prop_assert_eq!(changed, expected != before);
        }
    }

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
