//! Orientation laws that must hold for grids of every shape, square or not.

use grid_core::Grid;
use proptest::prelude::*;

fn any_grid() -> impl Strategy<Value = Grid<u8>> {
    (1usize..7, 1usize..7).prop_flat_map(|(height, width)| {
        proptest::collection::vec(any::<u8>(), height * width)
            .prop_map(move |cells| Grid::from_vec(height, width, cells).unwrap())
    })
}

proptest! {
    #[test]
    fn four_clockwise_turns_are_the_identity(grid in any_grid()) {
        prop_assert_eq!(grid.rotate_cw().rotate_cw().rotate_cw().rotate_cw(), grid);
    }

    #[test]
    fn transposing_twice_is_the_identity(grid in any_grid()) {
        prop_assert_eq!(grid.transpose().transpose(), grid);
    }

    #[test]
    fn clockwise_is_transpose_then_horizontal_flip(grid in any_grid()) {
        prop_assert_eq!(grid.rotate_cw(), grid.transpose().flip_horizontal());
    }

    #[test]
    fn counter_clockwise_undoes_clockwise(grid in any_grid()) {
        prop_assert_eq!(grid.rotate_cw().rotate_ccw(), grid.clone());
        prop_assert_eq!(grid.rotate_ccw().rotate_cw(), grid);
    }

    #[test]
    fn a_quarter_turn_swaps_the_dimensions(grid in any_grid()) {
        let turned = grid.rotate_cw();
        prop_assert_eq!((turned.height(), turned.width()), (grid.width(), grid.height()));
        let turned = grid.rotate_ccw();
        prop_assert_eq!((turned.height(), turned.width()), (grid.width(), grid.height()));
    }

    #[test]
    fn half_turn_is_two_quarter_turns_and_both_flips(grid in any_grid()) {
        prop_assert_eq!(grid.rotate_180(), grid.rotate_cw().rotate_cw());
        prop_assert_eq!(grid.rotate_180(), grid.flip_horizontal().flip_vertical());
    }

    #[test]
    fn every_line_visits_each_cell_once(grid in any_grid()) {
        for direction in grid_core::Direction::ALL {
            let mut seen = vec![0u8; grid.height() * grid.width()];
            for line in grid.lines_toward(direction) {
                for index in line.iter() {
                    seen[index] += 1;
                }
            }
            prop_assert!(seen.iter().all(|&n| n == 1));
        }
    }

    #[test]
    fn a_line_by_its_number_is_the_one_iteration_yields(grid in any_grid()) {
        for direction in grid_core::Direction::ALL {
            let lines = grid.lines_toward(direction);
            for (index, line) in lines.clone().enumerate() {
                prop_assert_eq!(lines.line(index), line);
            }
        }
    }
}
