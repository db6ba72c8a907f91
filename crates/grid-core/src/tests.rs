use crate::*;

fn two_by_three() -> Grid<i32> {
    Grid::from_rows(vec![vec![1, 2, 3], vec![4, 5, 6]]).unwrap()
}

fn rows(grid: &Grid<i32>) -> Vec<Vec<i32>> {
    grid.rows().map(<[i32]>::to_vec).collect()
}

#[test]
fn orientation_of_a_two_by_three_grid() {
    let grid = two_by_three();
    assert_eq!(rows(&grid.rotate_cw()), [[4, 1], [5, 2], [6, 3]]);
    assert_eq!(rows(&grid.rotate_ccw()), [[3, 6], [2, 5], [1, 4]]);
    assert_eq!(rows(&grid.rotate_180()), [[6, 5, 4], [3, 2, 1]]);
    assert_eq!(rows(&grid.transpose()), [[1, 4], [2, 5], [3, 6]]);
    assert_eq!(rows(&grid.flip_horizontal()), [[3, 2, 1], [6, 5, 4]]);
    assert_eq!(rows(&grid.flip_vertical()), [[4, 5, 6], [1, 2, 3]]);
}

#[test]
fn construction_errors() {
    assert_eq!(Grid::<i32>::from_rows(vec![]), Err(GridError::Empty));
    assert_eq!(Grid::<i32>::from_rows(vec![vec![]]), Err(GridError::Empty));
    assert_eq!(Grid::from_rows(vec![vec![1], vec![2, 3]]), Err(GridError::Ragged { row: 1, expected: 1, found: 2 }));
    assert_eq!(
        Grid::from_vec(2, 2, vec![1, 2, 3]).map(|_| ()),
        Err(GridError::Ragged { row: 1, expected: 2, found: 1 })
    );
    assert_eq!(Grid::<i32>::from_vec(0, 2, vec![]).map(|_| ()), Err(GridError::Empty));
}

#[test]
fn access() {
    let mut grid = two_by_three();
    assert_eq!(grid.get(1, 2), Some(&6));
    assert_eq!(grid.get(2, 0), None);
    assert_eq!(grid.get(0, 3), None);
    *grid.get_mut(0, 0).unwrap() = 9;
    grid[(1, 1)] = 7;
    assert_eq!(rows(&grid), [[9, 2, 3], [4, 7, 6]]);
    assert_eq!(grid.column(2).copied().collect::<Vec<_>>(), [3, 6]);
    assert_eq!(grid.positions().collect::<Vec<_>>(), [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]);
    assert_eq!(grid.position_of(4), (1, 1));
    assert_eq!(rows(&grid.map(|v| v * 10)), [[90, 20, 30], [40, 70, 60]]);
    assert_eq!(rows(&Grid::new(1, 2, 0)), [[0, 0]]);
}

#[test]
fn lines_start_at_the_wall() {
    let grid = two_by_three();
    let values = |direction| -> Vec<Vec<i32>> {
        grid.lines_toward(direction).map(|line| line.iter().map(|i| grid.as_slice()[i]).collect()).collect()
    };
    assert_eq!(values(Direction::Left), [[1, 2, 3], [4, 5, 6]]);
    assert_eq!(values(Direction::Right), [[3, 2, 1], [6, 5, 4]]);
    assert_eq!(values(Direction::Up), [[1, 4], [2, 5], [3, 6]]);
    assert_eq!(values(Direction::Down), [[4, 1], [5, 2], [6, 3]]);
}

#[test]
fn display_aligns_columns() {
    let grid = Grid::from_rows(vec![vec![2, 1024, 0], vec![16, 4, 8]]).unwrap();
    assert_eq!(grid.to_string(), " 2 1024 0\n16    4 8\n");
}

#[test]
fn directions_parse_letters_and_words() {
    for (text, direction) in
        [("U", Direction::Up), ("down", Direction::Down), ("l", Direction::Left), ("Right", Direction::Right)]
    {
        assert_eq!(Direction::parse(text), Some(direction));
    }
    assert_eq!(Direction::parse("x"), None);
    assert_eq!(Direction::Up.opposite(), Direction::Down);
}
