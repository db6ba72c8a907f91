//! Differential test: every block-game case of the shared reference set. Our
//! count must match; our order, and theirs, must replay under an independent
//! checker that drops black cells one by one.

#![allow(clippy::needless_range_loop)] // the checker reads like the statement: rows and columns by index

use rules_blockgame::{solve, Board};

#[path = "../../../tests/data/cases/load.rs"]
mod load;

/// Replays an order on raw rows: for each id, drop a black cell down every
/// column of its box until the box is full (or a drop lands outside it).
fn replay(rows: &[Vec<u32>], order: &[u32]) -> Result<(), String> {
    let mut cells: Vec<Vec<u32>> = rows.to_vec();
    const BLACK: u32 = u32::MAX;
    for &id in order {
        let positions: Vec<(usize, usize)> = (0..cells.len())
            .flat_map(|r| (0..cells[0].len()).map(move |c| (r, c)))
            .filter(|&(r, c)| cells[r][c] == id)
            .collect();
        if positions.is_empty() {
            return Err(format!("block {id} is not on the board"));
        }
        let top = positions.iter().map(|p| p.0).min().unwrap();
        let bottom = positions.iter().map(|p| p.0).max().unwrap();
        let left = positions.iter().map(|p| p.1).min().unwrap();
        let right = positions.iter().map(|p| p.1).max().unwrap();
        for c in left..=right {
            // Drop blacks into this column while they land inside the box.
            loop {
                let landing = (0..cells.len()).take_while(|&r| cells[r][c] == 0).last();
                match landing {
                    Some(r) if (top..=bottom).contains(&r) => cells[r][c] = BLACK,
                    _ => break,
                }
            }
        }
        for r in top..=bottom {
            for c in left..=right {
                if cells[r][c] != id && cells[r][c] != BLACK {
                    return Err(format!("block {id}: box cell ({r}, {c}) cannot be filled"));
                }
            }
        }
        for row in cells.iter_mut().take(bottom + 1).skip(top) {
            for cell in row.iter_mut().take(right + 1).skip(left) {
                *cell = 0;
            }
        }
        // Blacks dropped elsewhere would be a wasted drop; none are made above.
    }
    Ok(())
}

#[test]
fn every_blockgame_reference_case() {
    let mut checked = 0;
    for case in load::reference_cases("blockgame") {
        let id = case["id"].as_str().unwrap();
        let rows: Vec<Vec<u32>> = serde_json::from_value(case["board"].clone()).unwrap();
        let theirs: Vec<u32> = serde_json::from_value(case["removed"].clone()).unwrap();
        let solution = solve(&Board::from_rows(rows.clone()).unwrap());
        assert_eq!(solution.count() as u64, case["answer"].as_u64().unwrap(), "{id}: answer");
        replay(&rows, &solution.removed_ids()).unwrap_or_else(|e| panic!("{id}: our order fails: {e}"));
        replay(&rows, &theirs).unwrap_or_else(|e| panic!("{id}: their order fails: {e}"));
        checked += 1;
    }
    assert!(checked >= 16, "the vendored set alone has 16 block-game cases");
}

#[test]
fn the_replay_checker_rejects_a_wrong_order() {
    let rows = vec![vec![1, 0, 2, 0], vec![1, 2, 2, 2], vec![1, 1, 0, 0]];
    assert!(replay(&rows, &[2, 1]).is_ok());
    assert!(replay(&rows, &[1, 2]).is_err());
}
