//! Helpers shared by the integration tests.

use rules_2048::Board;

/// A board written as in a `.puzzle` file: cells separated by blanks, rows by
/// `/`, `.` for empty (the crate's own `FromStr`).
pub fn board(text: &str) -> Board {
    text.parse().unwrap_or_else(|err| panic!("{text:?}: {err}"))
}
