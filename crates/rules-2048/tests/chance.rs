//! The spawn rules checked exactly: `chance` against a brute force that
//! plays out every move and every spawn with exact rational arithmetic, on
//! boards from 2×2 to 3×4 and K up to 6 (fewer moves on the larger boards,
//! where the tree is larger).

use std::cell::RefCell;

use rules_2048::{
    chance, chance_watched, chance_with, error_bound, most_moves_within, Board, Direction, SearchError, SpawnLaw,
    CHANCE_BOARDS_TOLD_EVERY,
};

#[path = "../benches/support/boards.rs"]
mod boards;

/// A reproducible board of 2s and 4s with most of its cells empty, so that
/// reaching a tile takes spawned ones.
fn small_board(height: usize, width: usize, seed: u64) -> Board {
    boards::random_rectangle(height, width, 2, 60, seed)
}

/// A nonnegative fraction, exact (u128 parts, reduced).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Ratio {
    num: u128,
    den: u128,
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// `a × b` as a 256-bit number (high, low): comparisons never overflow.
fn wide(a: u128, b: u128) -> (u128, u128) {
    let (a1, a0) = (a >> 64, a & u64::MAX as u128);
    let (b1, b0) = (b >> 64, b & u64::MAX as u128);
    let (low, middle1, middle2, high) = (a0 * b0, a1 * b0, a0 * b1, a1 * b1);
    let carry = ((low >> 64) + (middle1 & u64::MAX as u128) + (middle2 & u64::MAX as u128)) >> 64;
    let low = low.wrapping_add(middle1 << 64).wrapping_add(middle2 << 64);
    (high + (middle1 >> 64) + (middle2 >> 64) + carry, low)
}

impl Ratio {
    const ZERO: Ratio = Ratio { num: 0, den: 1 };
    const ONE: Ratio = Ratio { num: 1, den: 1 };

    fn new(num: u128, den: u128) -> Ratio {
        let g = gcd(num, den).max(1);
        Ratio { num: num / g, den: den / g }
    }

    fn add(self, other: Ratio) -> Ratio {
        let g = gcd(self.den, other.den);
        let den = self.den / g * other.den;
        Ratio::new(self.num * (other.den / g) + other.num * (self.den / g), den)
    }

    fn mul(self, other: Ratio) -> Ratio {
        let (g1, g2) = (gcd(self.num, other.den).max(1), gcd(other.num, self.den).max(1));
        Ratio::new((self.num / g1) * (other.num / g2), (self.den / g2) * (other.den / g1))
    }

    fn max(self, other: Ratio) -> Ratio {
        if wide(self.num, other.den) >= wide(other.num, self.den) {
            self
        } else {
            other
        }
    }

    fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

/// The exact game: every move and spawn played out in rational arithmetic
/// (boards met again with as many moves left are remembered, not replayed).
struct Exact {
    /// Each tile a spawn may bring, with its probability.
    law: Vec<(u64, Ratio)>,
    target: u64,
    seen: std::collections::HashMap<(Board, usize), Ratio>,
}

impl Exact {
    /// The game of a law in whole percents.
    fn new(percents: &[(u64, u128)], target: u64) -> Exact {
        Exact::in_parts(percents, 100, target)
    }

    /// The game of a law whose chances are parts of `whole`.
    fn in_parts(parts: &[(u64, u128)], whole: u128, target: u64) -> Exact {
        let law = parts.iter().map(|&(tile, part)| (tile, Ratio::new(part, whole))).collect();
        Exact { law, target, seen: std::collections::HashMap::new() }
    }

    /// The best chance of the tile within `left` moves.
    fn value(&mut self, board: &Board, left: usize) -> Ratio {
        if board.max_tile() >= self.target {
            return Ratio::ONE;
        }
        if left == 0 {
            return Ratio::ZERO;
        }
        if let Some(&known) = self.seen.get(&(board.clone(), left)) {
            return known;
        }
        let value = Direction::ALL
            .into_iter()
            .filter_map(|direction| self.move_value(board, direction, left))
            .fold(Ratio::ZERO, Ratio::max);
        self.seen.insert((board.clone(), left), value);
        value
    }

    /// The chance after playing `direction` first; `None` when the move is
    /// not legal (it changes nothing).
    fn move_value(&mut self, board: &Board, direction: Direction, left: usize) -> Option<Ratio> {
        let (moved, changed) = board.after(direction).unwrap();
        if !changed {
            return None;
        }
        if moved.max_tile() >= self.target {
            return Some(Ratio::ONE);
        }
        let values = moved.values();
        let empty: Vec<(usize, usize)> = values.positions().filter(|&(r, c)| values[(r, c)] == 0).collect();
        let mut expected = Ratio::ZERO;
        for &cell in &empty {
            for (tile, chance) in self.law.clone() {
                let mut spawned = values.clone();
                spawned[cell] = tile;
                let next = Board::from_values(&spawned).unwrap();
                let weight = chance.mul(Ratio::new(1, empty.len() as u128));
                expected = expected.add(weight.mul(self.value(&next, left - 1)));
            }
        }
        Some(expected)
    }
}

#[test]
fn chance_is_the_exact_best_over_every_way_of_playing() {
    // The classic law, an even one, and one with tenths of a percent and
    // three tiles (87.5 %, 10 %, 2.5 %), each against its exact fractions.
    let tenths = SpawnLaw::in_percent_units(&[(2, 875), (4, 100), (8, 25)], 1).unwrap();
    let laws = [
        (SpawnLaw::classic(), (&[(2, 90), (4, 10)][..], 100)),
        (SpawnLaw::new(&[(2, 50), (4, 50)]).unwrap(), (&[(2, 50), (4, 50)][..], 100)),
        (tenths, (&[(2, 35), (4, 4), (8, 1)][..], 40)),
    ];
    let mut checked = 0;
    let mut strictly_between = 0; // neither certain nor impossible: the spawns decide
    let mut first_moves_checked = 0;
    for (height, width, max_k) in [(2, 2, 6), (2, 3, 6), (3, 3, 3), (3, 4, 3)] {
        for seed in 0..4 {
            let board = small_board(height, width, seed * 31 + height as u64);
            for k in 0..=max_k {
                for target in [2, 4, 8].map(|times| board.max_tile().max(2) * times) {
                    for (law, (exact_law, whole)) in &laws {
                        let found = chance(&board, law, target, k).unwrap();
                        let mut exact_game = Exact::in_parts(exact_law, *whole, target);
                        let best = exact_game.value(&board, k);
                        let exact = best.to_f64();
                        let context = format!("{height}x{width} seed {seed}, T = {target}, K = {k}:\n{board}");
                        assert!(
                            (found.probability - exact).abs() <= found.error_bound + 1e-15,
                            "{} against {exact}, {context}",
                            found.probability
                        );
                        assert!(found.error_bound < 1e-12);
                        // The witness: exactly the legal first moves worth the
                        // best, unless the board holds the tile or nothing helps.
                        let optimal: Vec<Direction> = if board.max_tile() >= target || best == Ratio::ZERO {
                            Vec::new()
                        } else {
                            Direction::ALL
                                .into_iter()
                                .filter(|&first| exact_game.move_value(&board, first, k) == Some(best))
                                .collect()
                        };
                        assert_eq!(found.best_first_moves, optimal, "{context}");
                        // What the witness was chosen from: every legal first
                        // move's exact chance, whenever a move was searched.
                        if found.first_moves.is_empty() {
                            assert!(board.max_tile() >= target || k == 0 || best == Ratio::ZERO, "{context}");
                        } else {
                            let legal: Vec<(Direction, f64)> = Direction::ALL
                                .into_iter()
                                .filter_map(|first| Some((first, exact_game.move_value(&board, first, k)?.to_f64())))
                                .collect();
                            assert_eq!(found.first_moves.len(), legal.len(), "{context}");
                            for (&(direction, value), &(legal_direction, exact)) in found.first_moves.iter().zip(&legal)
                            {
                                assert_eq!(direction, legal_direction, "{context}");
                                assert!(
                                    (value - exact).abs() <= found.error_bound + 1e-15,
                                    "{direction:?}: {value} against {exact}, {context}"
                                );
                            }
                            first_moves_checked += legal.len();
                        }
                        checked += 1;
                        strictly_between += usize::from(exact > 0.0 && exact < 1.0);
                    }
                }
            }
        }
    }
    assert!(checked > 700);
    assert!(first_moves_checked > 900, "only {first_moves_checked} first moves' chances checked");
    // Most answers are 0 or 1 (the moves alone decide); those the spawns
    // decide are what this test is for (168 of 792 on these boards and laws).
    assert!(strictly_between >= 120, "only {strictly_between} of {checked} answers were neither 0 nor 1");
}

/// Cut 1 counts a spawn as a part of T only with moves enough after it to
/// merge up: a law of large tiles, a merge or two below T, tries that edge.
#[test]
fn a_law_of_large_tiles_gives_the_exact_chance_too() {
    let large = SpawnLaw::new(&[(2, 50), (16, 50)]).unwrap();
    let mut strictly_between = 0;
    for (height, width) in [(2, 2), (2, 3)] {
        for seed in 0..8 {
            let board = small_board(height, width, seed * 7 + 1);
            if board.max_tile() == 0 {
                continue; // a new game, which the brute force does not start
            }
            for target in [32, 64, 128] {
                let mut exact_game = Exact::new(&[(2, 50), (16, 50)], target);
                for k in 0..=5 {
                    let found = chance(&board, &large, target, k).unwrap();
                    let exact = exact_game.value(&board, k).to_f64();
                    assert!(
                        (found.probability - exact).abs() <= found.error_bound + 1e-15,
                        "{} against {exact}: T = {target}, K = {k}:\n{board}",
                        found.probability
                    );
                    strictly_between += usize::from(exact > 0.0 && exact < 1.0);
                }
            }
        }
    }
    assert!(strictly_between >= 20, "only {strictly_between} answers strictly between 0 and 1");
}

#[test]
fn a_new_game_spawns_two_tiles_first() {
    // On an empty 1×2 board, two spawns fill it: a 4 already stands with
    // chance 1 − 0.9² = 0.19; then one move merges two equal tiles into a 4
    // or an 8.
    let empty: Board = ". .".parse().unwrap();
    let found = chance(&empty, &SpawnLaw::classic(), 4, 0).unwrap();
    assert!((found.probability - 0.19).abs() < 1e-15, "{found:?}");
    let with_a_move = chance(&empty, &SpawnLaw::classic(), 4, 1).unwrap();
    assert!((with_a_move.probability - (0.19 + 0.81)).abs() < 1e-15, "two 2s merge: {with_a_move:?}");
}

#[test]
fn a_new_game_on_one_cell_spawns_one_tile() {
    // One cell holds one tile: a 2 with 9/10, a 4 with 1/10, and no second
    // spawn (as `puzzle play` starts it), not a game without a board.
    let one_cell: Board = ".".parse().unwrap();
    let classic = SpawnLaw::classic();
    assert_eq!(chance(&one_cell, &classic, 2, 0).unwrap().probability, 1.0);
    let four = chance(&one_cell, &classic, 4, 3).unwrap();
    assert!((four.probability - 0.1).abs() < 1e-15, "{four:?}");
    assert!(four.best_first_moves.is_empty(), "{four:?}");
}

#[test]
fn a_new_game_s_starting_boards_count_against_the_budget() {
    // An 8 within one move of an empty 1×2 board: of its 8 starting boards
    // (each cell first, each tile, then the other cell), only the two of
    // two 4s are not settled by their sum; each is counted, and merges at
    // once. On a large board there are too many to search unbudgeted
    // (638,400 on 20×20, where the command's budget is 3,200).
    let empty: Board = ". .".parse().unwrap();
    let classic = SpawnLaw::classic();
    let found = chance_with(&empty, &classic, 8, 1, Some(2)).unwrap();
    assert!((found.probability - 0.01).abs() < 1e-15, "{found:?}");
    assert_eq!(chance_with(&empty, &classic, 8, 1, Some(1)), Err(SearchError::OutOfBudget { boards: 1 }));
}

#[test]
fn the_best_first_moves_are_those_that_reach_the_best() {
    // 2 2 in a row: left and right both merge them at once.
    let board: Board = "2 2 / . .".parse().unwrap();
    let found = chance(&board, &SpawnLaw::classic(), 4, 1).unwrap();
    assert_eq!(found.best_first_moves, [Direction::Left, Direction::Right]);
    // A board holding the tile needs no move.
    assert!(chance(&"8 .".parse().unwrap(), &SpawnLaw::classic(), 8, 3).unwrap().best_first_moves.is_empty());
}

#[test]
fn the_example_puzzles_chances_are_the_exact_ones() {
    // puzzles/spawns-chance.puzzle: `2 . / . 2`, an 8 within 3 moves.
    let board: Board = "2 . / . 2".parse().unwrap();
    let exact = Exact::new(&[(2, 90), (4, 10)], 8).value(&board, 3);
    let found = chance(&board, &SpawnLaw::classic(), 8, 3).unwrap();
    assert!((found.probability - exact.to_f64()).abs() <= found.error_bound + 1e-15);
    assert_eq!((exact.to_f64() * 1e6).round() / 1e6, 0.145, "{exact:?}");
}

#[test]
fn a_chance_past_its_budget_is_an_error_not_a_guess() {
    let board: Board = "2 . . / . 2 . / . . 4".parse().unwrap();
    let unbounded = chance_with(&board, &SpawnLaw::classic(), 16, 6, None).unwrap();
    assert!(unbounded.probability > 0.0);
    assert_eq!(
        chance_with(&board, &SpawnLaw::classic(), 16, 6, Some(100)),
        Err(SearchError::OutOfBudget { boards: 100 })
    );
    assert_eq!(chance_with(&board, &SpawnLaw::classic(), 16, 6, Some(u64::MAX)).unwrap(), unbounded);
}

#[test]
fn more_moves_never_lower_the_chance_and_a_search_past_its_budget_gives_what_fewer_prove() {
    let classic = SpawnLaw::classic();
    let mut past_budget = 0;
    for seed in 0..6 {
        let board = small_board(2, 3, seed);
        let target = board.max_tile().max(2) * 4;
        let mut exact = Exact::new(&[(2, 90), (4, 10)], target);
        let chances: Vec<Ratio> = (0..=6).map(|k| exact.value(&board, k)).collect();
        assert!(chances.windows(2).all(|pair| pair[0].max(pair[1]) == pair[1]), "{board}: {chances:?}");
        // Past its budget, the most moves that the searches of 0 moves, 1,
        // 2 and so on finish within that budget together, and their exact
        // chance.
        let boards: Vec<u64> = (0..=6).map(|k| chance(&board, &classic, target, k).unwrap().boards).collect();
        for budget in [5, 20, 80] {
            if chance_with(&board, &classic, target, 6, Some(budget)).is_ok() {
                continue;
            }
            let (moves, fewer) = rules_2048::chance_within_fewer(&board, &classic, target, 6, budget).unwrap();
            assert!(moves < 6);
            assert!((fewer.probability - chances[moves].to_f64()).abs() <= fewer.error_bound, "{board}");
            assert!(boards[..=moves].iter().sum::<u64>() <= budget, "{board}: {boards:?}, {budget}");
            assert!(boards[..=moves + 1].iter().sum::<u64>() > budget, "{board}: {boards:?}, {budget}");
            past_budget += 1;
        }
    }
    assert!(past_budget >= 6, "only {past_budget} searches ran past their budget");
}

#[test]
fn a_tile_out_of_reach_is_proven_impossible_without_a_search() {
    let classic = SpawnLaw::classic();
    // A new game holds at most 4 + 4, and the 49 spawns before the 50th move
    // bring at most 196 more: no 2048, and not one board searched.
    let new_game: Board = ". . . . / . . . . / . . . . / . . . .".parse().unwrap();
    let found = chance_with(&new_game, &classic, 2048, 50, Some(0)).unwrap();
    assert_eq!((found.probability, found.best_first_moves), (0.0, Vec::new()));
    // At the edge: 2 2 holds 4, so an 8 needs a spawned 4 before the last
    // move. One move is one too few; with two, the search is needed (and a
    // budget of no board stops it), and a 4 spawned beside the merged 4 or
    // below it makes the 8: 1/10 × 2/3.
    let two_twos: Board = "2 2 / . .".parse().unwrap();
    assert_eq!(chance_with(&two_twos, &classic, 8, 1, Some(0)).unwrap().probability, 0.0);
    assert_eq!(chance_with(&two_twos, &classic, 8, 2, Some(0)), Err(SearchError::OutOfBudget { boards: 0 }));
    let exact = Exact::new(&[(2, 90), (4, 10)], 8).value(&two_twos, 2);
    assert_eq!(exact, Ratio::new(1, 15));
    let found = chance(&two_twos, &classic, 8, 2).unwrap();
    assert!((found.probability - exact.to_f64()).abs() <= found.error_bound);
    // The sum is not all: a tile takes part in one merge a move, so only
    // tiles of at least T / 2^moves can be part of T. Four 16s add up to
    // 64, but one move makes at most a 32: 0, not one board searched; two
    // moves make the 64 for sure.
    let sixteens: Board = "16 16 / 16 16".parse().unwrap();
    assert_eq!(chance_with(&sixteens, &classic, 64, 1, Some(0)).unwrap().probability, 0.0);
    assert_eq!(chance(&sixteens, &classic, 64, 2).unwrap().probability, 1.0);
    // Here the sum is 64 and the largest tile, doubled twice, 64; but the
    // 8s would need three merges: the two 16s are all of a 64's parts.
    let mixed: Board = "16 16 8 8 / 8 8 . .".parse().unwrap();
    assert_eq!(chance_with(&mixed, &classic, 64, 2, Some(0)).unwrap().probability, 0.0);
    assert_eq!(Exact::new(&[(2, 90), (4, 10)], 64).value(&mixed, 2), Ratio::ZERO);
    // A spawned tile is a part only with enough moves after it. From a lone
    // 32, a 64 needs a second 32 made of spawns, a 4 at most each, and a 4
    // takes part only with three merges after it: eight spawns before the
    // last three moves, so 12 moves at least, where the sum allows 9.
    let lone: Board = "32 . . . / . . . . / . . . . / . . . .".parse().unwrap();
    assert_eq!(chance_with(&lone, &classic, 64, 11, Some(0)).unwrap().probability, 0.0);
    assert_eq!(chance_with(&lone, &classic, 64, 12, Some(0)), Err(SearchError::OutOfBudget { boards: 0 }));
    // No tile is above 2^63: a target past it is out of reach, however large
    // the sum (two 2^63s hold 2^64).
    let top: Board = "9223372036854775808 9223372036854775808 / . .".parse().unwrap();
    assert_eq!(chance_with(&top, &classic, u64::MAX, 2, Some(0)).unwrap().probability, 0.0);
    // And 2^63 itself is a tile: two 2^62s make it in one move.
    let halves: Board = "4611686018427387904 4611686018427387904 / . .".parse().unwrap();
    assert_eq!(chance(&halves, &classic, 1 << 63, 1).unwrap().probability, 1.0);
    // A law whose spawns bring the tile needs no sum at all.
    let fours = SpawnLaw::new(&[(4, 100)]).unwrap();
    assert_eq!(chance_with(&"2 . / . .".parse().unwrap(), &fours, 4, 1, None).unwrap().probability, 1.0);
}

#[test]
fn the_most_exact_moves_shrink_as_the_board_grows() {
    let small: Board = "2 .".parse().unwrap();
    let four: Board = ". . . . / . . . . / . . . . / . . 2 .".parse().unwrap();
    let classic = SpawnLaw::classic();
    assert!(most_moves_within(&four, &classic, 1e-12) >= 200);
    assert!(error_bound(&four, &classic, most_moves_within(&four, &classic, 1e-12)) < 1e-12);
    assert!(error_bound(&four, &classic, most_moves_within(&four, &classic, 1e-12) + 1) >= 1e-12);
    assert!(most_moves_within(&small, &classic, 1e-12) >= most_moves_within(&four, &classic, 1e-12));
    // A bound equal to the limit is not below it; a limit no bound reaches
    // stops at the most moves a search takes.
    assert_eq!(most_moves_within(&four, &classic, error_bound(&four, &classic, 7)), 6);
    assert_eq!(most_moves_within(&small, &classic, 1.0), rules_2048::MAX_MOVES);
}

#[test]
fn a_watched_chance_tells_its_boards_and_answers_the_same() {
    let new_game: Board = ". . . . / . . . . / . . . . / . . . .".parse().unwrap();
    let law = SpawnLaw::classic();
    let told = RefCell::new(Vec::new());
    let budget = 2 * CHANCE_BOARDS_TOLD_EVERY + 100;
    let watched = chance_watched(&new_game, &law, 32, 11, Some(budget), &|boards| told.borrow_mut().push(boards));
    assert_eq!(watched, Err(SearchError::OutOfBudget { boards: budget }));
    assert_eq!(told.into_inner(), [CHANCE_BOARDS_TOLD_EVERY, 2 * CHANCE_BOARDS_TOLD_EVERY]);
    // Within its budget, the same answer as unwatched.
    let board: Board = "2 . . / . 2 . / . . 4".parse().unwrap();
    let told = RefCell::new(0);
    let watched = chance_watched(&board, &law, 16, 4, None, &|_| *told.borrow_mut() += 1).unwrap();
    assert_eq!(watched, chance_with(&board, &law, 16, 4, None).unwrap());
}
