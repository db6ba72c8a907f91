//! Differential test: every block-game case of the shared reference set. Our
//! count must match; our order, and theirs, must replay under an independent
//! checker that drops black cells one by one.

use rules_blockgame::{solve, Board};

#[path = "../../../tests/data/cases/load.rs"]
mod load;

mod drops;
use drops::replay;

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
