//! Helpers shared by the integration tests.

use rules_2048::Board;

/// A board written as in a `.puzzle` file: cells separated by blanks, rows by
/// `/`, `.` for empty.
pub fn board(text: &str) -> Board {
    let rows = text
        .split('/')
        .map(|row| row.split_whitespace().map(|cell| if cell == "." { 0 } else { cell.parse().unwrap() }).collect())
        .collect();
    Board::from_rows(rows).unwrap()
}
