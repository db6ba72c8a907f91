//! Differential test: every 2048 case of the shared reference set, answered by
//! independent solvers, must get the same answer here, and our witness must
//! replay to it. The set is vendored in tests/data/cases; when the shared
//! folder sits beside the repository (as in CI), its cases are checked too.

use grid_core::Direction;
use rules_2048::{apply, max_tile, max_tile_with, Board, Proof, SearchOptions};

#[path = "../../../tests/data/cases/load.rs"]
mod load;

#[test]
fn every_2048_reference_case() {
    let cases = load::reference_cases("2048");
    assert!(cases.len() >= 31, "the vendored set alone has 31 cases");
    for case in cases {
        let id = case["id"].as_str().unwrap();
        let rows: Vec<Vec<u64>> = serde_json::from_value(case["board"].clone()).unwrap();
        let k = case["moves"].as_u64().unwrap() as usize;
        let start = Board::from_rows(rows).unwrap();
        let answer = max_tile(&start, k).unwrap();
        assert_eq!(answer.proof, Proof::Exact, "{id}");
        assert_eq!(answer.tile, case["answer"].as_u64().unwrap(), "{id}: answer");
        assert!(answer.moves.len() <= k, "{id}: too many moves");
        assert_eq!(apply(&start, &answer.moves).unwrap().max_tile(), answer.tile, "{id}: our witness replays");

        let witness: Vec<Direction> =
            case["witness"].as_str().unwrap().chars().map(|c| Direction::parse(&c.to_string()).unwrap()).collect();
        assert_eq!(apply(&start, &witness).unwrap().max_tile(), answer.tile, "{id}: their witness replays");
        if k <= 7 {
            assert_eq!(answer.moves.len(), witness.len(), "{id}: a shortest witness");
        } else {
            assert!(answer.moves.len() <= witness.len(), "{id}: ours is no longer than theirs");
        }
    }
}

#[test]
fn a_board_too_light_for_the_next_tile_up_is_settled_by_its_counts() {
    // Two 1024s, a few 256s and many small tiles: 2048 in three moves, and
    // however its tiles merge, they cannot make 4096 in ten moves. The
    // counting bound sees that once it counts a merged tile only once (it
    // used to count it as itself too, and the search visited 2,632 boards).
    // It now visits 128 (13 before the search left out the moves that make a
    // sibling's boards again, which finds the short answers later here).
    let case = load::reference_cases("2048").into_iter().find(|case| case["id"] == "v-2048-k10-0001-geom").unwrap();
    let rows: Vec<Vec<u64>> = serde_json::from_value(case["board"].clone()).unwrap();
    let options = SearchOptions { node_budget: Some(200), ..SearchOptions::default() };
    let answer = max_tile_with(&Board::from_rows(rows).unwrap(), 10, &options).unwrap();
    assert_eq!((answer.tile, answer.moves.len(), answer.proof), (2048, 3, Proof::Exact), "{answer:?}");
}
