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

#[test]
fn from_vec_names_the_first_short_row() {
    // 7 cells in rows of 3: rows 0 and 1 are whole, row 2 has one cell.
    assert_eq!(Grid::from_vec(3, 3, vec![0; 7]).map(|_| ()), Err(GridError::Ragged { row: 2, expected: 3, found: 1 }));
    // 8 cells in rows of 5: row 1 has three.
    assert_eq!(Grid::from_vec(2, 5, vec![0; 8]).map(|_| ()), Err(GridError::Ragged { row: 1, expected: 5, found: 3 }));
    assert_eq!(Grid::from_vec(2, 0, Vec::<i32>::new()).map(|_| ()), Err(GridError::Empty));
    let grid = Grid::from_vec(2, 3, vec![1, 2, 3, 4, 5, 6]).unwrap();
    assert_eq!(grid.into_vec(), [1, 2, 3, 4, 5, 6]);
}

#[test]
fn get_mut_reaches_every_cell_and_no_other() {
    let mut grid = two_by_three();
    *grid.get_mut(1, 2).unwrap() = 60;
    *grid.get_mut(0, 1).unwrap() = 20;
    assert_eq!(rows(&grid), [[1, 20, 3], [4, 5, 60]]);
    assert!(grid.get_mut(2, 0).is_none());
    assert!(grid.get_mut(0, 3).is_none());
    assert!(grid.get_mut(1, 3).is_none(), "past the row, not the next row's first cell");
}

#[test]
fn lines_know_their_length_and_how_many_are_left() {
    let lines = |direction| lines_toward(2, 3, direction);
    let mut rows = lines(Direction::Left);
    assert_eq!(rows.size_hint(), (2, Some(2)));
    let first = rows.next().unwrap();
    assert_eq!(rows.size_hint(), (1, Some(1)));
    assert_eq!(rows.len(), 1);
    assert!(!first.is_empty());
    assert_eq!((first.len(), first.start(), first.stride()), (3, 0, 1));
    let columns: Vec<Line> = lines(Direction::Down).collect();
    assert_eq!(columns.len(), 3);
    assert_eq!((columns[2].len(), columns[2].start(), columns[2].stride()), (2, 5, -3));
    assert_eq!(columns[2].at(1), 2);
    // A grid of no cells has lines of no cells.
    let empty = lines_toward(0, 3, Direction::Up).next().unwrap();
    assert!(empty.is_empty());
}

#[test]
fn axes_and_ways_convert_to_and_from_directions() {
    for direction in Direction::ALL {
        let (axis, way): (Axis, Way) = direction.into();
        assert_eq!(Direction::from((axis, way)), direction);
        assert_eq!(axis.toward(way), direction);
        assert_ne!(axis.toward(way).opposite().way(), way);
        assert_eq!(axis.other().other(), axis);
    }
    assert_eq!([Direction::Left, Direction::Right].map(Direction::axis), [Axis::Rows; 2]);
    assert_eq!([Direction::Up, Direction::Down].map(Direction::axis), [Axis::Columns; 2]);
    assert_eq!([Direction::Up, Direction::Left].map(Direction::way), [Way::TowardStart; 2]);
    let mut per_axis = [10, 20];
    per_axis[Axis::Columns] += 1;
    assert_eq!((per_axis[Axis::Rows], per_axis[Way::TowardEnd]), (10, 21));
}

#[test]
fn positions_and_enumeration_follow_the_rows() {
    let grid = two_by_three();
    assert_eq!(grid.position_of(5), (1, 2));
    assert_eq!(grid.position_of(2), (0, 2));
    let cells: Vec<((usize, usize), i32)> = grid.enumerate().map(|(at, &v)| (at, v)).collect();
    assert_eq!(cells[..2], [((0, 0), 1), ((0, 1), 2)]);
    assert_eq!(cells[5], ((1, 2), 6));
}

#[test]
fn directions_errors_and_grids_print_as_people_read_them() {
    let letters: String = Direction::ALL.iter().map(|d| d.letter()).collect();
    assert_eq!(letters, "UDLR");
    assert_eq!(Direction::Right.to_string(), "R");
    assert_eq!(GridError::Empty.to_string(), "a grid needs at least one row and one column");
    assert_eq!(
        GridError::Ragged { row: 1, expected: 3, found: 2 }.to_string(),
        "row 2 has 2 cells but the first row has 3: every row must be the same length"
    );
    assert_eq!(
        GridError::Ragged { row: 2, expected: 2, found: 1 }.to_string(),
        "row 3 has 1 cell but the first row has 2: every row must be the same length"
    );
    assert_eq!(format!("{:?}", two_by_three()), "Grid { height: 2, width: 3, rows: [[1, 2, 3], [4, 5, 6]] }");
}
