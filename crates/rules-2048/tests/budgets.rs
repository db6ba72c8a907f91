//! Every budget, from none at all up, against the exact answers: an answer
//! marked exact is the exact one, every bound an incomplete answer states is
//! true, its witness is real, and no search visits more boards than its
//! budget, on one thread or two.

use rules_2048::{apply, max_tile, max_tile_with, reach, reach_with, Proof, ReachProof, SearchOptions};

#[path = "../benches/support/boards.rs"]
mod boards;
use boards::random_rectangle as board;

const BUDGETS: [u64; 12] = [0, 1, 2, 3, 5, 8, 13, 30, 80, 200, 600, 3_000];

#[test]
fn budgets_from_zero_up_state_only_what_is_proven() {
    for seed in 0..60u64 {
        let (height, width) = (2 + (seed % 3) as usize, 3 + ((seed / 3) % 3) as usize);
        let start = board(height, width, 1 + seed % 4, 15 + seed % 40, seed);
        let k = 4 + (seed % 6) as usize;
        let exact = max_tile(&start, k).unwrap();
        let target = if seed % 2 == 0 { exact.tile.max(2) } else { exact.tile.max(1) * 2 };
        let exact_reach = reach(&start, target, k).unwrap().moves.map(|moves| moves.len());
        for budget in BUDGETS {
            for threads in [1, 2] {
                let options = SearchOptions { node_budget: Some(budget), threads };
                let context = format!("budget {budget}, {threads} threads, K = {k}, seed {seed}:\n{start}");

                let found = max_tile_with(&start, k, &options).unwrap();
                assert!(found.nodes <= budget, "{} boards, {context}", found.nodes);
                assert_eq!(apply(&start, &found.moves).unwrap().max_tile(), found.tile, "the witness, {context}");
                assert!(found.moves.len() <= k);
                match found.proof {
                    Proof::Exact => {
                        assert_eq!((found.tile, found.moves.len()), (exact.tile, exact.moves.len()), "{context}")
                    }
                    Proof::Incomplete { upper_bound } => {
                        assert!(found.tile <= exact.tile && exact.tile <= upper_bound, "{upper_bound}, {context}");
                        assert_eq!(found.nodes, budget, "a search stops when its budget is spent, {context}");
                    }
                }

                let found = reach_with(&start, target, k, &options).unwrap();
                assert!(found.nodes <= budget, "{} boards, {context}", found.nodes);
                if let Some(moves) = &found.moves {
                    assert!(apply(&start, moves).unwrap().max_tile() >= target, "the witness, {context}");
                    assert!(exact_reach.is_some_and(|fewest| moves.len() >= fewest), "{context}");
                }
                match found.proof {
                    ReachProof::Exact => assert_eq!(found.moves.map(|m| m.len()), exact_reach, "{context}"),
                    ReachProof::Incomplete { fewest_at_least } => {
                        assert_eq!(found.nodes, budget, "a search stops when its budget is spent, {context}");
                        // The bound never passes the true fewest (where the target
                        // is out of reach, no bound on sequences is false).
                        if let Some(fewest) = exact_reach {
                            assert!(fewest_at_least <= fewest, "fewest {fewest} < {fewest_at_least}, {context}");
                        }
                    }
                }
            }
        }
    }
}

/// A search of eight moves or more searches the first three alone, within
/// the same budget: a budget they use up gives the answer of a search of
/// three moves (the same tile, witness and boards), on any threads.
#[test]
fn a_budget_spent_on_the_first_moves_answers_as_a_search_of_three() {
    let mut compared = 0;
    for seed in 0..40u64 {
        let (height, width) = (3 + (seed % 4) as usize, 3 + ((seed / 4) % 4) as usize);
        let start = board(height, width, 1 + seed % 4, 10 + seed % 40, seed);
        for budget in [0, 1, 2, 3, 5, 8, 13] {
            let three = max_tile_with(&start, 3, &SearchOptions { node_budget: Some(budget), threads: 1 }).unwrap();
            if three.proof == Proof::Exact {
                continue;
            }
            for threads in [1, 3] {
                let options = SearchOptions { node_budget: Some(budget), threads };
                let deep = max_tile_with(&start, 8 + (seed % 3) as usize, &options).unwrap();
                let context = format!("budget {budget}, {threads} threads, seed {seed}:\n{start}");
                assert_eq!((deep.tile, &deep.moves, deep.nodes), (three.tile, &three.moves, three.nodes), "{context}");
                compared += 1;
            }
        }
    }
    // Most budgets stop the first moves: the test compares, not skips.
    assert!(compared > 200, "{compared} searches compared");
}
