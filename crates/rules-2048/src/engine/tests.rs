use grid_core::{Direction, Grid};

use super::expectimax::Expectimax;
use super::leaves::Scratch;
use super::packed::Packed;
use super::position::Position;
use super::*;
use crate::rng::SeededRng;

/// A 4×4 board with exponents drawn from 0..=`top` (0 half the time).
fn random_board(rng: &mut SeededRng, top: u64) -> Board {
    let cells = (0..16).map(|_| if rng.below(2) == 0 { 0 } else { 1 + rng.below(top) as u8 }).collect();
    Board::from_exponents(Grid::from_vec(4, 4, cells).unwrap()).unwrap()
}

fn classic() -> Vec<(u8, f64)> {
    vec![(1, 0.9), (2, 0.1)]
}

/// What a lost board is worth in a search from `board`.
fn lost_of(board: &Board) -> f64 {
    super::heuristic::lost_value(board.height(), board.width(), board.max_exponent())
}

/// Searches the first move `direction` on both boards to depth 3 and checks
/// that the values agree to the bit and the searches tried the same moves.
fn assert_same_search<A: Position, B: Position>(a: &A, b: &B, direction: Direction) {
    let (Some(a), Some(b)) = (a.after(direction), b.after(direction)) else { return };
    let law = classic();
    // The same lost value for both: on 4×4 with tiles of nneonneo's tables, 0.
    let (mut on_a, mut on_b) = (Expectimax::<A>::new(&law, 3, 0.0), Expectimax::<B>::new(&law, 3, 0.0));
    let ((value_a, nodes_a), (value_b, nodes_b)) = (on_a.first_move(&a, u64::MAX), on_b.first_move(&b, u64::MAX));
    assert_eq!((value_a.map(f64::to_bits), nodes_a), (value_b.map(f64::to_bits), nodes_b));
}

#[test]
fn no_line_scores_negative_zero_so_a_sum_may_start_from_its_first_score() {
    // The packed leaves add from the first line's score, where the reference
    // adds it to 0.0: the same only for scores other than -0.0.
    for row in 0..=u16::MAX {
        let cells = [0, 1, 2, 3].map(|i| ((row >> (4 * i)) & 0xf) as u8);
        let score = f64::from(super::heuristic::line_score(cells) as f32);
        assert_eq!((0.0 + score).to_bits(), score.to_bits(), "row {row:#06x}");
    }
}

#[test]
fn the_packed_board_moves_and_scores_as_the_board_does() {
    let mut rng = SeededRng::new(11);
    let mut tried = 0;
    while tried < 2000 {
        // Exponents up to 15, so that rows merge into 32768; boards whose sum
        // could make 65536 are not the word's.
        let board = random_board(&mut rng, 15);
        let Some(packed) = Packed::fits(&board, 0, 0) else { continue };
        tried += 1;
        assert_eq!(packed.to_board(), board);
        assert_eq!(packed.after_each(), Direction::ALL.map(|direction| packed.after(direction)));
        for direction in Direction::ALL {
            let expected = Position::after(&board, direction);
            assert_eq!(packed.after(direction).map(Packed::to_board), expected, "{board:?} {direction:?}");
        }
        let (mut on_word, mut on_board) = (Vec::new(), Vec::new());
        packed.for_each_empty(|cell| on_word.push(cell));
        board.for_each_empty(|cell| on_board.push(cell));
        assert_eq!(on_word, on_board);
        assert_eq!(packed.empty_count(), on_board.len());
        assert_eq!(packed.heuristic().to_bits(), board.heuristic().to_bits(), "{board:?}");
        assert_eq!(packed.best_leaf(0.0).to_bits(), board.best_leaf(0.0).to_bits(), "{board:?}");
    }
}

#[test]
fn both_representations_search_to_the_same_values_to_the_last_bit() {
    let mut rng = SeededRng::new(12);
    for _ in 0..12 {
        let board = random_board(&mut rng, 9);
        let packed = Packed::fits(&board, 4, 4).unwrap();
        for direction in Direction::ALL {
            assert_same_search(&board, &packed, direction);
        }
    }
}

#[test]
fn a_board_that_may_make_65536_is_searched_on_the_general_board() {
    // Two 32768s side by side: the word cannot hold their merge.
    let board: Board = "32768 32768 . . / . . . . / . . . . / 2 . . .".parse().unwrap();
    assert!(Packed::fits(&board, 1, 4).is_none());
    let answer =
        best_move(&board, &SpawnLaw::classic(), &EngineOptions { depth: Some(2), threads: 1, nodes: None }).unwrap();
    assert!(answer.choice.is_some());
    let (after, _) = crate::spawn::play_move(&board, Direction::Left).unwrap().unwrap();
    assert_eq!(after.max_tile(), 65536);
    // And just below the line, the word.
    let below: Board = "16384 16384 . . / . . . . / . . . . / 2 . . .".parse().unwrap();
    assert!(Packed::fits(&below, 4, 4).is_some());
    // The sum is 32770: 8191 spawns of 4 keep it at 65534, one more reaches 65538.
    assert!(Packed::fits(&below, 8191, 4).is_some());
    assert!(Packed::fits(&below, 8192, 4).is_none());
    // Only 4×4 boards: one side of four is not enough.
    for text in [
        "2 . . / . . . / . . . / . . 4",
        "2 . . . / . . . . / . . . 4",
        "2 . . . . / . . . . . / . . . . . / . . . . 4",
    ] {
        assert!(Packed::fits(&text.parse().unwrap(), 0, 4).is_none(), "{text}");
    }
}

#[test]
fn the_answer_does_not_depend_on_the_thread_count() {
    let mut rng = SeededRng::new(13);
    for _ in 0..6 {
        let board = random_board(&mut rng, 8);
        let one = best_move(&board, &SpawnLaw::classic(), &EngineOptions { depth: Some(3), threads: 1, nodes: None })
            .unwrap();
        for threads in [2, 3, 4, 8] {
            let many = best_move(&board, &SpawnLaw::classic(), &EngineOptions { depth: Some(3), threads, nodes: None })
                .unwrap();
            assert_eq!(format!("{many:?}"), format!("{one:?}"), "{threads} threads");
        }
    }
}

#[test]
fn a_search_too_small_for_a_thread_answers_as_one_shared_among_threads() {
    // First moves on either side of `WORTH_A_THREAD` moves tried, and
    // budgets that put a first move's limit on it and either side of it:
    // searched on the calling thread or shared, the same answer.
    let mut rng = SeededRng::new(31);
    let law = SpawnLaw::classic();
    let (mut small, mut large) = (0, 0);
    for _ in 0..4 {
        let board = random_board(&mut rng, 7);
        for depth in [2, 3, 4] {
            let options = |threads, nodes| EngineOptions { depth: Some(depth), threads, nodes };
            let one = best_move(&board, &law, &options(1, None)).unwrap();
            let legal = one.analysis.len() as u64;
            if one.nodes < legal * WORTH_A_THREAD {
                small += 1;
            } else {
                large += 1;
            }
            let at_the_edge = [-1, 0, 1].map(|step: i64| (4 + legal * WORTH_A_THREAD).saturating_add_signed(step * 4));
            for nodes in [None].into_iter().chain(at_the_edge.map(Some)) {
                let one = format!("{:?}", best_move(&board, &law, &options(1, nodes)).unwrap());
                for threads in [2, 3] {
                    let many = format!("{:?}", best_move(&board, &law, &options(threads, nodes)).unwrap());
                    assert_eq!(many, one, "{threads} threads, budget {nodes:?}, depth {depth}:\n{board}");
                }
            }
        }
    }
    assert!(small > 0 && large > 0, "{small} searches below the edge, {large} above");
}

#[test]
fn a_search_after_others_on_the_same_thread_answers_as_on_a_fresh_thread() {
    // No search passes anything to the next on its thread (a table kept for
    // its memory would have to be emptied): searches of the same keys, of
    // others, and of the same board a move deeper, in turn, each answer as
    // alone on a thread of its own.
    let law = SpawnLaw::classic();
    let mut rng = SeededRng::new(29);
    let mut shaped = |height: usize, width: usize, top: u64, first: u8| {
        let mut cells: Vec<u8> =
            (0..height * width).map(|_| if rng.below(2) == 0 { 0 } else { 1 + rng.below(top) as u8 }).collect();
        cells[0] = first;
        Board::from_exponents(Grid::from_vec(height, width, cells).unwrap()).unwrap()
    };
    // The word, to depth 2 and then 3 (the boards the search before met
    // with a move less to go), the word again, in place, a byte a cell (a
    // 2^17 tile), in place, the word.
    let boards = [
        shaped(4, 4, 9, 9),
        shaped(4, 4, 9, 8),
        shaped(3, 3, 6, 5),
        shaped(4, 4, 6, 17),
        shaped(5, 5, 6, 6),
        shaped(4, 4, 9, 1),
    ];
    let searches: Vec<(&Board, u32)> =
        [(&boards[0], 2), (&boards[0], 3)].into_iter().chain(boards[1..].iter().map(|board| (board, 2))).collect();
    let answer = |(board, depth): (&Board, u32)| {
        let options = EngineOptions { depth: Some(depth), threads: 1, nodes: None };
        format!("{:?}", best_move(board, &law, &options).unwrap())
    };
    let answers: Vec<String> = searches.iter().map(|&search| answer(search)).collect();
    for (&search, answered) in searches.iter().zip(&answers) {
        let fresh = std::thread::scope(|scope| scope.spawn(|| answer(search)).join().unwrap());
        assert_eq!(&fresh, answered, "{}, depth {}", search.0, search.1);
    }
}

#[test]
fn within_a_budget_the_answer_is_the_deepest_depth_searched_in_full() {
    const DEPTH: u32 = 4;
    let mut rng = SeededRng::new(29);
    let law = SpawnLaw::classic();
    let mut stopped = 0;
    // 4×4 boards (the word), a 4×5 one (the general board).
    let boards = [
        random_board(&mut rng, 6),
        random_board(&mut rng, 8),
        "2 4 8 16 32 / 64 128 256 512 1024 / 4 32 64 128 8 / 8 16 . 2 .".parse().unwrap(),
    ];
    for board in boards {
        let free: Vec<BestMove> = (0..=DEPTH)
            .map(|depth| {
                best_move(&board, &law, &EngineOptions { depth: Some(depth), threads: 1, nodes: None }).unwrap()
            })
            .collect();
        // The depth asked for within half the budget, split evenly among the
        // first moves: eight times its moves are enough (no first move takes
        // more than all together), fewer than its moves are not.
        let needs = free[DEPTH as usize].nodes;
        for budget in [3, 4, 50, 1_000, 20_000, needs - 1, needs, 2 * needs, 8 * needs] {
            for threads in [1, 3] {
                let within =
                    best_move(&board, &law, &EngineOptions { depth: Some(DEPTH), threads, nodes: Some(budget) })
                        .unwrap();
                let context = format!("budget {budget}, {threads} threads:\n{board}");
                assert!(within.nodes <= budget, "{} nodes, {context}", within.nodes);
                if budget < needs {
                    assert_eq!(within.stopped_at, Some(DEPTH), "{context}");
                }
                if budget >= 8 * needs {
                    // Found at once: no more moves than without a budget.
                    assert_eq!((within.stopped_at, within.nodes), (None, needs), "{context}");
                }
                if within.stopped_at.is_none() {
                    assert_eq!((&within.analysis, within.depth), (&free[DEPTH as usize].analysis, DEPTH), "{context}");
                    continue;
                }
                stopped += 1;
                assert_eq!(within.stopped_at, Some(DEPTH), "{context}");
                if within.depth == 0 {
                    // Not even the root's four moves fit.
                    assert!(budget < 4 && within.analysis.is_empty() && within.choice.is_none(), "{context}");
                } else {
                    // The move and values of the deepest depth that fit, to the bit.
                    let shallower = &free[within.depth as usize];
                    assert_eq!((&within.analysis, within.choice), (&shallower.analysis, shallower.choice), "{context}");
                }
            }
        }
    }
    assert!(stopped >= 12, "only {stopped} searches stopped at their budget");
}

#[test]
fn a_climb_that_reaches_the_depth_asked_for_was_not_stopped() {
    // The depth asked for does not fit in half the budget when one first
    // move needs more than its even share; the climb from depth 1 then
    // searches it again within what is left, and may fit: about twice the
    // moves it needs without a budget.
    let mut rng = SeededRng::new(29);
    let law = SpawnLaw::classic();
    let mut climbed_to_it = 0;
    for _ in 0..4 {
        let board = random_board(&mut rng, 8);
        let free = best_move(&board, &law, &EngineOptions { depth: Some(3), threads: 1, nodes: None }).unwrap();
        for budget in (40..60).map(|tenths| free.nodes * tenths / 20) {
            let options = EngineOptions { depth: Some(3), threads: 1, nodes: Some(budget) };
            let within = best_move(&board, &law, &options).unwrap();
            assert_eq!(within.stopped_at.is_none(), within.depth == 3, "budget {budget}:\n{board}");
            climbed_to_it += usize::from(within.depth == 3 && within.nodes > free.nodes);
        }
    }
    assert!(climbed_to_it >= 2, "only {climbed_to_it} climbs reached the depth asked for");
}

#[test]
fn self_play_s_search_gives_up_where_best_move_climbs() {
    // Depth 3 needs some thousands of moves here: a budget of 200 fits only
    // shallower depths, which `best_move` then answers with, and self-play
    // does not (a shallower move would not be the game asked for).
    let board: Board = "2 4 8 . / . 2 . . / . . 4 . / 2 . . .".parse().unwrap();
    let law = SpawnLaw::classic();
    let options = EngineOptions { depth: Some(3), threads: 1, nodes: Some(200) };
    let climbed = best_move_within(&board, &law, &options, Shallower::Fallback);
    assert!(climbed.depth >= 1 && climbed.choice.is_some(), "{climbed:?}");
    let given_up = best_move_within(&board, &law, &options, Shallower::GiveUp);
    assert_eq!((given_up.depth, given_up.choice, given_up.stopped_at), (0, None, Some(3)));
    assert!(given_up.analysis.is_empty() && given_up.nodes <= 200, "{given_up:?}");
}

#[test]
fn a_lost_board_has_no_move_and_a_fatal_move_is_worth_nothing() {
    let lost: Board = "2 4 / 4 2".parse().unwrap();
    let answer = best_move(&lost, &SpawnLaw::classic(), &EngineOptions::default()).unwrap();
    assert_eq!((answer.choice, answer.analysis.len()), (None, 0));
    // At any budget, even one too small for the root's four tries: no move
    // is the whole answer, not a search that stopped.
    for nodes in [0, 1, 3, 4, 7, 8, 1000] {
        let options = EngineOptions { depth: Some(16), threads: 1, nodes: Some(nodes) };
        let answer = best_move(&lost, &SpawnLaw::classic(), &options).unwrap();
        assert_eq!((answer.choice, answer.depth, answer.stopped_at), (None, 16, None), "{nodes}");
        // The root's four moves tried, when they fit in the half of the
        // budget the depth asked for is given first.
        assert_eq!(answer.nodes, if nodes / 2 < 4 { 0 } else { 4 }, "{nodes}");
    }
    // A move whose every spawn loses: on `4 8 .` with only 2s spawning, right
    // makes `. 4 8`, then `2 4 8`, full and with no move: worth a lost
    // board, yet the only legal move, so still the engine's.
    let only_twos = SpawnLaw::new(&[(2, 100)]).unwrap();
    let doomed: Board = "4 8 .".parse().unwrap();
    let answer = best_move(&doomed, &only_twos, &EngineOptions { depth: Some(2), threads: 1, nodes: None }).unwrap();
    assert_eq!(answer.analysis, [(Direction::Right, lost_of(&doomed))]);
    assert!(lost_of(&doomed) < 0.0);
    assert_eq!(answer.choice, Some(Direction::Right));
}

#[test]
fn a_move_into_a_certain_loss_is_valued_below_one_that_lives() {
    // 1×3: "2 4 ." — left does nothing; right makes ". 2 4" whose spawn
    // (2 or 4 at the left) leaves "2 2 4" (alive) or "4 2 4" (lost).
    let board: Board = "2 4 .".parse().unwrap();
    let answer =
        best_move(&board, &SpawnLaw::classic(), &EngineOptions { depth: Some(2), threads: 1, nodes: None }).unwrap();
    let moves: Vec<Direction> = answer.analysis.iter().map(|&(d, _)| d).collect();
    assert_eq!(moves, [Direction::Right]);
    // Depth 2 sees the 4 spawn's loss: 0.9 of a live board's value and 0.1
    // of a lost one's.
    let law = classic();
    let lost = lost_of(&board);
    let mut search = Expectimax::<Board>::new(&law, 2, lost);
    let moved: Board = ". 2 4".parse().unwrap();
    let alive: Board = "2 2 4".parse().unwrap();
    let after_alive: f64 = [Direction::Left, Direction::Right]
        .into_iter()
        .filter_map(|d| Position::after(&alive, d))
        .map(|b| b.heuristic())
        .fold(lost, f64::max);
    assert_eq!(search.first_move(&moved, u64::MAX).0, Some((after_alive * 0.9 + lost * 0.1) / 1.0));
}

#[test]
fn the_default_depth_grows_with_the_distinct_tiles() {
    let early: Board = "2 2 . . / . . . . / . . . . / . . . 4".parse().unwrap();
    assert_eq!(default_depth(&early), 4);
    let late: Board = "2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / 8192 . . .".parse().unwrap();
    assert_eq!(default_depth(&late), 12);
}

#[test]
fn the_default_depth_of_a_large_board_is_capped_by_its_tree() {
    let large: Board = Board::from_exponents(Grid::new(20, 20, 0)).unwrap();
    // Empty but for two tiles: nneonneo's rule says 4; 400 cells × 800 spawns
    // a level allow only 2.
    let mut cells = large.exponents().clone();
    cells.as_mut_slice()[0] = 1;
    cells.as_mut_slice()[399] = 2;
    let board = Board::from_exponents(cells).unwrap();
    assert_eq!(default_depth(&board), 2);
    // 10×10 the same: 100 cells × 784 spawns a level allow 2 (the cells
    // counted as rows plus columns would allow all 4).
    let mut cells = Grid::new(10, 10, 0);
    cells.as_mut_slice()[..2].copy_from_slice(&[1, 2]);
    assert_eq!(default_depth(&Board::from_exponents(cells).unwrap()), 2);
    // The levels whose paths fall below the cut spawn nothing more: 4×7
    // with six tiles, 22 cells empty and a law of one tile, whose paths
    // fall below 10^-4 after three spawns, gets nneonneo's 5 where the
    // full branching (4 × 22 a level) would pass the work after 4.
    let mut cells = Grid::new(4, 7, 0);
    cells.as_mut_slice()[..6].copy_from_slice(&[1, 2, 3, 4, 5, 6]);
    let six_tiles = Board::from_exponents(cells).unwrap();
    assert_eq!(default_depth_for(&six_tiles, &SpawnLaw::new(&[(2, 100)]).unwrap()), 5);
    // A law of twenty tiles, 5 % each, branches by 4 × 20 × the empty cells:
    // on 1×4 with one tile, 4 × 240³ moves × 4 cells pass 10^8 at the fourth
    // level, where nneonneo's rule would allow it.
    let twenty: Vec<(u64, u32)> = (1..=20).map(|exponent| (1 << exponent, 5)).collect();
    let one_tile: Board = "2 . . .".parse().unwrap();
    assert_eq!(default_depth_for(&one_tile, &SpawnLaw::new(&twenty).unwrap()), 3);
    // The work allowed is allowed in full: 50×50 with 1,250 cells empty
    // plans 4 × (4 × 2 × 1,250) moves × 2,500 cells, exactly 10^8, for the
    // second level; one cell more empty passes it.
    let half_empty = |empty: usize| {
        let mut cells = Grid::new(50, 50, 0);
        for (i, cell) in cells.as_mut_slice()[empty..].iter_mut().enumerate() {
            *cell = 1 + (i % 2) as u8;
        }
        Board::from_exponents(cells).unwrap()
    };
    assert_eq!(default_depth(&half_empty(1250)), 2);
    assert_eq!(default_depth(&half_empty(1251)), 1);
    // A small board keeps nneonneo's rule.
    let small: Board = "2 4 / . .".parse().unwrap();
    assert_eq!(default_depth(&small), 4);
}

#[test]
fn the_wide_board_moves_scores_and_searches_as_the_board_does_past_32768() {
    use super::wide::Wide;
    let mut rng = SeededRng::new(14);
    for round in 0..3000 {
        // Exponents up to 18: 65536 and more, pairs of 32768s, and small tiles.
        let cells = (0..16).map(|_| if rng.below(3) == 0 { 0 } else { 1 + rng.below(18) as u8 }).collect();
        let board = Board::from_exponents(Grid::from_vec(4, 4, cells).unwrap()).unwrap();
        let wide = Wide::of(&board).unwrap();
        assert_eq!(wide.to_board(), board);
        for direction in Direction::ALL {
            assert_eq!(wide.after(direction).map(Wide::to_board), Position::after(&board, direction), "{board:?}");
        }
        assert_eq!(wide.heuristic().to_bits(), board.heuristic().to_bits(), "{board:?}");
        if round % 300 == 0 {
            for direction in Direction::ALL {
                assert_same_search(&board, &wide, direction);
            }
        }
    }
    // Two 32768s merge into 65536 on the wide board, as the rule says.
    let board: Board = "32768 32768 . . / . . . . / . . . . / 2 . . .".parse().unwrap();
    let merged = Wide::of(&board).unwrap().after(Direction::Left).unwrap().to_board();
    assert_eq!(merged.tile(0, 0), 65536);
}

/// Shapes other than 4×4 for each size of the board in place: 16 cells or
/// fewer, 32, 64.
const SMALL_SHAPES: [(usize, usize); 9] = [(1, 2), (2, 1), (2, 2), (2, 3), (3, 3), (3, 5), (5, 3), (2, 8), (1, 16)];
const SHAPES_32: [(usize, usize); 6] = [(4, 5), (5, 4), (5, 5), (3, 7), (4, 8), (1, 32)];
const SHAPES_64: [(usize, usize); 5] = [(6, 6), (8, 8), (7, 9), (5, 7), (2, 32)];

/// The board in place of `N` bytes against the general board, on random
/// boards of `shapes`: moves, heuristic, lost value, sum, largest tile,
/// empty cells, and now and then a search.
fn small_board_as_the_board<const N: usize>(shapes: &[(usize, usize)], rounds: usize, search_every: usize) {
    use super::small::Small;
    let mut rng = SeededRng::new(15);
    for round in 0..rounds {
        let (height, width) = shapes[round % shapes.len()];
        // Small tiles that merge often, and now and then two 2^63s, which
        // cannot merge: no move makes that board.
        let top = if round % 10 == 0 { crate::rule::MAX_EXPONENT } else { 6 };
        let cells = (0..height * width)
            .map(|_| match rng.below(4) {
                0 => 0,
                1 if top > 6 => top,
                _ => 1 + rng.below(6) as u8,
            })
            .collect();
        let board = Board::from_exponents(Grid::from_vec(height, width, cells).unwrap()).unwrap();
        let small = Small::<N>::of(&board).unwrap();
        assert_eq!(small.to_board(), board);
        for direction in Direction::ALL {
            let moved = small.after(direction).map(Small::to_board);
            assert_eq!(moved, Position::after(&board, direction), "{board:?}");
        }
        assert_eq!(small.heuristic().to_bits(), board.heuristic().to_bits(), "{board:?}");
        assert_eq!(small.max_exponent(), board.max_exponent(), "{board:?}");
        assert_eq!(small.sum_from(1), board.sum(), "{board:?}");
        for smallest in [2, 5, 63] {
            assert_eq!(small.sum_from(smallest), Position::sum_from(&board, smallest), "{board:?}");
        }
        let (mut small_empty, mut board_empty) = (Vec::new(), Vec::new());
        small.for_each_empty(|cell| small_empty.push(cell));
        board.for_each_empty(|cell| board_empty.push(cell));
        assert_eq!(small_empty, board_empty, "{board:?}");
        if round % search_every == 0 {
            for direction in Direction::ALL {
                assert_same_search(&board, &small, direction);
            }
        }
    }
    let one_more = Board::from_exponents(Grid::new(1, N + 1, 0)).unwrap();
    assert!(Small::<N>::of(&one_more).is_none());
}

#[test]
fn the_small_board_moves_scores_and_searches_as_the_board_does() {
    small_board_as_the_board::<16>(&SMALL_SHAPES, 3000, 100);
    small_board_as_the_board::<32>(&SHAPES_32, 1200, 200);
    small_board_as_the_board::<64>(&SHAPES_64, 600, 300);
}

/// The board's class key in place, as bytes, on the size that holds it.
fn small_class_key(board: &Board) -> Vec<u8> {
    use super::small::Small;
    match board.height() * board.width() {
        0..=16 => Small::<16>::of(board).unwrap().class_key().to_vec(),
        17..=32 => Small::<32>::of(board).unwrap().class_key().to_vec(),
        _ => Small::<64>::of(board).unwrap().class_key().to_vec(),
    }
}

#[test]
fn a_depth_outside_its_range_is_brought_into_it() {
    let board: Board = "2 2 / . 4".parse().unwrap();
    let law = SpawnLaw::classic();
    let at = |depth| best_move(&board, &law, &EngineOptions { depth: Some(depth), threads: 1, nodes: None }).unwrap();
    assert_eq!(at(0).depth, 1);
    assert_eq!(at(0), at(1));
    assert_eq!(at(MAX_DEPTH + 5).depth, MAX_DEPTH);
}

/// The search as `expectimax`'s documentation states it, written plainly on
/// the general board with a map of its own: whatever a representation or a
/// shortcut of the engine does, its values must be these to the last bit.
struct Reference {
    depth: u32,
    /// `(exponent, probability)` of each tile a spawn may bring.
    law: Vec<(u8, f64)>,
    /// A lost board's value, the root's.
    lost: f64,
    table: std::collections::HashMap<Board, (u32, f64)>,
    /// Moves tried: four at each move node, as the engines count them.
    moves_tried: u64,
}

impl Reference {
    fn heuristic(board: &Board) -> f64 {
        let cells = board.exponents();
        let (height, width) = (cells.height(), cells.width());
        let score = |line: Vec<u8>| f64::from(super::heuristic::line_score(line) as f32);
        let rows: f64 = (0..height).map(|r| score((0..width).map(|c| cells[(r, c)]).collect())).fold(0.0, |a, b| a + b);
        let cols: f64 = (0..width).map(|c| score((0..height).map(|r| cells[(r, c)]).collect())).fold(0.0, |a, b| a + b);
        rows + cols
    }

    fn moves(&mut self, board: &Board, probability: f64, moves_made: u32) -> f64 {
        self.moves_tried += 4;
        // No legal move: the game is lost.
        let mut best = self.lost;
        for direction in Direction::ALL {
            if let Ok((next, true)) = board.after(direction) {
                let value = self.spawns(&next, probability, moves_made + 1);
                if value > best {
                    best = value;
                }
            }
        }
        best
    }

    fn spawns(&mut self, board: &Board, probability: f64, moves_made: u32) -> f64 {
        let empty: Vec<usize> =
            (0..board.exponents().as_slice().len()).filter(|&cell| board.exponents().as_slice()[cell] == 0).collect();
        if moves_made >= self.depth || probability < 1e-4 || empty.is_empty() {
            return Self::heuristic(board);
        }
        if let Some(&(made_then, value)) = self.table.get(board) {
            if made_then <= moves_made {
                return value;
            }
        }
        let mut total = 0.0;
        for &cell in &empty {
            for (exponent, tile_probability) in self.law.clone() {
                let mut cells = board.exponents().clone();
                cells.as_mut_slice()[cell] = exponent;
                let spawned = Board::from_exponents(cells).unwrap();
                let cell_probability = probability / empty.len() as f64;
                total += self.moves(&spawned, cell_probability * tile_probability, moves_made) * tile_probability;
            }
        }
        let value = total / empty.len() as f64;
        self.table.insert(board.clone(), (moves_made, value));
        value
    }

    /// The analysis, and the moves tried for it, the root's four included.
    fn analysis_and_moves_tried(board: &Board, law: &SpawnLaw, depth: u32) -> (Vec<(Direction, u64)>, u64) {
        let (mut analysis, mut moves_tried) = (Vec::new(), 4);
        let law = law.probabilities();
        for direction in Direction::ALL {
            if let Ok((next, true)) = board.after(direction) {
                let law = law.clone();
                let mut search =
                    Reference { depth, law, lost: lost_of(board), table: Default::default(), moves_tried: 0 };
                analysis.push((direction, search.spawns(&next, 1.0, 1).to_bits()));
                moves_tried += search.moves_tried;
            }
        }
        (analysis, moves_tried)
    }
}

/// The engine's analysis of `board` at `depth`, every value to the bit, and
/// its moves tried, are the reference search's.
fn assert_searches_as_the_reference(board: &Board, depth: u32) {
    assert_searches_under_law_as_the_reference(board, &SpawnLaw::classic(), depth);
}

fn assert_searches_under_law_as_the_reference(board: &Board, law: &SpawnLaw, depth: u32) {
    let engine = EngineOptions { depth: Some(depth), threads: 1, nodes: None };
    let answer = best_move(board, law, &engine).unwrap();
    let analysis: Vec<(Direction, u64)> = answer.analysis.iter().map(|&(d, v)| (d, v.to_bits())).collect();
    assert_eq!(
        (analysis, answer.nodes),
        Reference::analysis_and_moves_tried(board, law, depth),
        "{board:?} at depth {depth}"
    );
}

#[test]
fn every_representation_gives_the_reference_searchs_values_to_the_last_bit() {
    let mut rng = SeededRng::new(14);
    let sizes = [(4, 4, 9), (4, 4, 9), (4, 4, 16), (3, 3, 6), (2, 5, 6)];
    for round in 0..20 {
        let (height, width, top) = sizes[round % sizes.len()];
        let cells = (0..height * width).map(|_| if rng.below(3) == 0 { 0 } else { 1 + rng.below(top) as u8 }).collect();
        let board = Board::from_exponents(Grid::from_vec(height, width, cells).unwrap()).unwrap();
        for depth in 1..=4 {
            assert_searches_as_the_reference(&board, depth);
        }
    }
}

#[test]
fn the_probability_cut_is_the_reference_searchs_where_paths_fall_below_it() {
    // Small boards mostly empty, searched deep: paths of 4s fall below
    // 10^-4 within three spawns, of 2s within seven on 2×2, so the cut is
    // met at every kind of node, and its probability must be the product of
    // the path's cells and tiles to the last bit.
    let boards = ["2 . / . .", ". 4 / . .", "2 . . / . . .", ". . 8 / . . 2", "2 . / . . / . ."];
    for board in boards {
        let board: Board = board.parse().unwrap();
        for depth in 5..=8 {
            assert_searches_as_the_reference(&board, depth);
        }
    }
    // A path of exactly the cut's probability is searched on: under a law of
    // 1 % 4s, two 4s in a board's last empty cell make 0.01 × 0.01, which is
    // 10^-4 in `f64`.
    assert_eq!(0.01_f64 * 0.01, super::expectimax::UNLIKELY);
    let law = SpawnLaw::new(&[(2, 99), (4, 1)]).unwrap();
    for board in ["4 . / 8 16", "2 . / 8 16", ". 2 4 / 8 16 32"] {
        let board: Board = board.parse().unwrap();
        for depth in 3..=6 {
            assert_searches_under_law_as_the_reference(&board, &law, depth);
        }
    }
}

#[test]
fn boards_that_differ_only_in_their_last_row_spread_over_the_tables_index_and_tag_bits() {
    // hashbrown indexes by the hash's low bits and tags by its top seven: a
    // bare product's low bits come from the board's first rows alone, so
    // these 4,096 boards would all share one slot's chain.
    use std::collections::HashSet;
    use std::hash::BuildHasher;
    // Hashed as the table hashes them: the word's key.
    let hashes: Vec<u64> = (0..4096u64)
        .map(|row| super::position::BuildBoardHasher::default().hash_one(Packed(row << 48).key()))
        .collect();
    let index_bits: HashSet<u64> = hashes.iter().map(|hash| hash & 0xfff).collect();
    let tag_bits: HashSet<u64> = hashes.iter().map(|hash| hash >> 57).collect();
    // Uniform hashes would give about 2,590 of 4,096 and all 128.
    assert!(index_bits.len() > 2000, "{} distinct low 12 bits", index_bits.len());
    assert!(tag_bits.len() > 120, "{} distinct top 7 bits", tag_bits.len());
    // And each bit is set in about half of them (the fold's halves joined
    // by `|` would set three in four).
    for bit in 0..64 {
        let set = hashes.iter().filter(|&&hash| hash >> bit & 1 == 1).count();
        assert!((1700..2400).contains(&set), "bit {bit} set in {set} of 4,096");
    }
}

#[test]
fn keys_that_differ_only_in_their_last_cells_hash_apart_whatever_their_type() {
    // The keys of the representations other than the word: 16 cells a byte
    // (`Wide`, a `u128`), N cells (`Small`, an array) and the general board,
    // hashed in several words, the last one the varied cells'. FxHash's
    // multiply-rotate gave 3,536 hashes to 4,096 arrays; a word joined by `|`
    // rather than `^` would lose the bits the hash holds already. Boards that
    // share a hash share a chain of the table, and slow it.
    use std::collections::HashSet;
    use std::hash::{BuildHasher, Hash};
    fn hashes<K: Hash>(keys: impl Iterator<Item = K>) -> HashSet<u64> {
        keys.map(|key| super::position::BuildBoardHasher::default().hash_one(key)).collect()
    }
    let board_with = |last: u64| -> Vec<u8> {
        let mut cells: Vec<u8> = (0..25).map(|cell| (cell % 7 + 1) as u8).collect();
        cells[22..].copy_from_slice(&[(last >> 8 & 0xf) as u8, (last >> 4 & 0xf) as u8, (last & 0xf) as u8]);
        cells
    };
    let wide = (0..4096).map(|last| u128::from_le_bytes(board_with(last)[9..].try_into().unwrap()));
    let small = (0..4096).map(|last| -> [u8; 25] { board_with(last).try_into().unwrap() });
    let general = (0..4096).map(|last| Board::from_exponents(Grid::from_vec(5, 5, board_with(last)).unwrap()).unwrap());
    assert_eq!(hashes(wide).len(), 4096, "u128");
    assert_eq!(hashes(small).len(), 4096, "[u8; 25]");
    assert_eq!(hashes(general).len(), 4096, "Board");
    // `chance`'s memo keys a board with its moves to go.
    assert_eq!(hashes((0..4096usize).map(|moves| (0x1234_u64, moves))).len(), 4096, "(u64, usize)");
}

/// The board's eight images under the square's symmetries, through the
/// grid's own operations (not the representations' bit tricks).
fn images(board: &Board) -> Vec<Board> {
    let cells = board.exponents();
    let transposed = cells.transpose();
    [cells.clone(), cells.flip_horizontal(), cells.flip_vertical(), cells.rotate_180()]
        .into_iter()
        .chain([transposed.flip_horizontal(), transposed.flip_vertical(), transposed.rotate_180(), transposed])
        .map(|image| Board::from_exponents(image).unwrap())
        .collect()
}

#[test]
fn a_board_s_images_share_its_class_and_other_boards_do_not_on_every_representation() {
    use super::wide::Wide;
    let mut rng = SeededRng::new(12);
    for _ in 0..300 {
        let board = random_board(&mut rng, 3);
        let images = images(&board);
        let other = random_board(&mut rng, 3);
        let unrelated = !images.contains(&other);
        let packed = |board: &Board| Packed::fits(board, 0, 4).unwrap().class_key();
        let wide = |board: &Board| Wide::of(board).unwrap().class_key();
        for image in &images {
            assert_eq!(packed(image), packed(&board), "{board:?} {image:?}");
            assert_eq!(wide(image), wide(&board), "{board:?} {image:?}");
            assert_eq!(image.class_key(), board.class_key(), "{board:?} {image:?}");
        }
        assert_eq!(packed(&other) != packed(&board), unrelated, "{board:?} {other:?}");
        assert_eq!(wide(&other) != wide(&board), unrelated, "{board:?} {other:?}");
        assert_eq!(other.class_key() != board.class_key(), unrelated, "{board:?} {other:?}");
    }
    // A board that is not square: its mirror images, and its 180° turn.
    let board: Board = "2 4 8 / . . 2".parse().unwrap();
    let small = small_class_key;
    for image in [". . 2 / 2 4 8", "8 4 2 / 2 . .", "2 . . / 8 4 2"] {
        let image: Board = image.parse().unwrap();
        assert_eq!(image.class_key(), board.class_key(), "{image:?}");
        assert_eq!(small(&image), small(&board), "{image:?}");
    }
    let other: Board = "2 4 8 / 2 . .".parse().unwrap();
    assert_ne!(other.class_key(), board.class_key());
    assert_ne!(small(&other), small(&board));
    // On every small shape, the classes the general board makes.
    let mut rng = SeededRng::new(16);
    let shapes: Vec<(usize, usize)> = [&SMALL_SHAPES[..], &SHAPES_32, &SHAPES_64].concat();
    for round in 0..600 {
        let (height, width) = shapes[round % shapes.len()];
        let mut random = || {
            let cells =
                (0..height * width).map(|_| if rng.below(2) == 0 { 0 } else { rng.below(3) as u8 + 1 }).collect();
            Board::from_exponents(Grid::from_vec(height, width, cells).unwrap()).unwrap()
        };
        let (board, other) = (random(), random());
        let images = images(&board);
        let images = images.iter().filter(|image| image.height() == height);
        for image in images {
            assert_eq!(small(image), small(&board), "{board:?} {image:?}");
        }
        assert_eq!(small(&other) == small(&board), other.class_key() == board.class_key(), "{board:?} {other:?}");
    }
}

#[test]
fn a_board_scores_above_a_lost_one_whatever_its_shape_and_tiles() {
    // The worst lines for the heuristic: the largest tile beside empty cells
    // (monotonicity both ways at its most), and lines of the largest tile.
    // On 1×1 a cell of 2^63 is a row and a column each at the least a line
    // can score: the bound itself, and only the bound's 1 % keeps a lost
    // board below that board's score, rounded to `f32`.
    let top = crate::rule::MAX_EXPONENT;
    for (height, width) in [(1, 1), (1, 2), (2, 3), (3, 8), (4, 4), (5, 5), (6, 6), (4, 5), (32, 32)] {
        let alternating =
            Grid::from_vec(height, width, (0..height * width).map(|i| [0, top][(i / width + i) % 2]).collect());
        let full = Grid::new(height, width, top);
        for cells in [alternating.unwrap(), full] {
            let board = Board::from_exponents(cells).unwrap();
            let lost = lost_of(&board);
            assert!(board.heuristic() > lost, "{height}×{width}: {} {lost}", board.heuristic());
        }
    }
    // And not far below, so that the values keep their magnitude, hence
    // their precision: on lines of odd length a checkerboard of the largest
    // tile and empty cells has the bound's monotonicity (half its steps, each
    // the largest tile's); the bound's tiles (all the largest) and its 1 %
    // for rounding put it 4–6 % lower.
    for (height, width) in [(3, 3), (3, 5), (5, 5), (7, 7), (31, 31)] {
        let checkerboard = (0..height * width).map(|i| [0, top][(i / width + i % width) % 2]).collect();
        let board = Board::from_exponents(Grid::from_vec(height, width, checkerboard).unwrap()).unwrap();
        let ratio = lost_of(&board) / board.heuristic();
        assert!((1.0..1.07).contains(&ratio), "{height}×{width}: {ratio}");
    }
    // 4×4 keeps nneonneo's lost board, 0, while its tiles are his tables'.
    let board: Board = "32768 . 4 . / . . . . / . . . . / . . . .".parse().unwrap();
    assert_eq!(lost_of(&board), 0.0);
    let board: Board = "65536 . 4 . / . . . . / . . . . / . . . .".parse().unwrap();
    assert!(lost_of(&board) < 0.0);
}

#[test]
fn the_engine_tells_moves_apart_on_4x4_with_a_tile_past_nneonneos() {
    // A 2^30 tile makes every board score below 0, which was a lost board's
    // value on 4×4: every move was valued 0, as lost, and U taken.
    assert_four_moves_told_apart(&"1073741824 . 2 . / . . . . / . . . . / . . . 2".parse().unwrap());
}

/// At depth 2, each of `board`'s four moves is valued above a lost board,
/// not 0, and not all alike.
fn assert_four_moves_told_apart(board: &Board) {
    let found =
        best_move(board, &SpawnLaw::classic(), &EngineOptions { depth: Some(2), threads: 1, nodes: None }).unwrap();
    let values: Vec<f64> = found.analysis.iter().map(|&(_, value)| value).collect();
    assert_eq!(values.len(), 4);
    assert!(values.iter().all(|&value| value > lost_of(board) && value != 0.0), "{values:?}");
    assert!(values.windows(2).any(|pair| pair[0] != pair[1]), "{values:?}");
}

#[test]
fn the_engine_tells_moves_apart_on_a_large_board_with_large_tiles() {
    // Each move's board scores below 0, which was a lost board's value: every
    // move was valued 0, as lost, and U taken for none better.
    let board: Board = "2048 256 4096 . 64 2048 / 8 . . 2 512 256 / 64 2048 1024 16 16 2048 / \
                        . 8 64 2048 4 1024 / 4096 32 128 128 512 . / 4 256 128 1024 2048 1024"
        .parse()
        .unwrap();
    assert_four_moves_told_apart(&board);
}

/// The leaves of every spawn as the definition makes them: each spawned
/// board made, moved four ways and scored.
fn spawned_best_leaves_by_definition<P: Position>(board: &P, law: &[(u8, f64)], lost: f64) -> Vec<(u64, u64)> {
    let mut leaves = Vec::new();
    board.for_each_empty(|cell| {
        for &(exponent, probability) in law {
            leaves.push((board.with(cell, exponent).best_leaf(lost).to_bits(), probability.to_bits()));
        }
    });
    leaves
}

fn spawned_best_leaves<P: Position>(board: &P, law: &[(u8, f64)], lost: f64, scratch: &mut Scratch) -> Vec<(u64, u64)> {
    let mut leaves = Vec::new();
    board.each_spawned_best_leaf(law, lost, scratch, |leaf, probability| {
        leaves.push((leaf.to_bits(), probability.to_bits()))
    });
    leaves
}

#[test]
fn a_chance_nodes_leaves_scored_from_its_lines_are_the_definitions_to_the_bit() {
    use super::small::Small;
    let mut rng = SeededRng::new(25);
    // Lines of one cell to eleven, boards in place and general (past 64 cells).
    let shapes =
        [(1, 2), (2, 1), (1, 7), (3, 3), (2, 5), (5, 2), (4, 4), (5, 5), (3, 7), (6, 6), (8, 8), (9, 9), (5, 11)];
    let laws: [&[(u8, f64)]; 3] = [&[(1, 0.9), (2, 0.1)], &[(3, 1.0)], &[(62, 0.5), (63, 0.5)]];
    let mut overflowing = 0;
    // One scratch for all, as a search keeps it from node to node: what a
    // board of another shape left in it must not show.
    let mut scratch = Scratch::default();
    for round in 0..900 {
        let (height, width) = shapes[round % shapes.len()];
        let law = laws[round % laws.len()];
        // Few tiles or many; small ones that merge often, and now and then
        // 2^62s and 2^63s, whose merges a spawn may make or stop.
        let empty_in = 2 + rng.below(5);
        let large = round % 4 == 0;
        let cells = (0..height * width)
            .map(|_| match rng.below(empty_in) {
                0 => 0,
                _ if large && rng.below(3) == 0 => 62 + rng.below(2) as u8,
                _ => 1 + rng.below(4) as u8,
            })
            .collect();
        let board = Board::from_exponents(Grid::from_vec(height, width, cells).unwrap()).unwrap();
        let lost = lost_of(&board);
        let expected = spawned_best_leaves_by_definition(&board, law, lost);
        assert_eq!(spawned_best_leaves(&board, law, lost, &mut scratch), expected, "{board:?}");
        if let Some(small) = Small::<64>::of(&board) {
            assert_eq!(spawned_best_leaves(&small, law, lost, &mut scratch), expected, "{board:?}");
        }
        overflowing += usize::from(Direction::ALL.iter().any(|&d| board.after(d).is_err()));
    }
    assert!(overflowing > 20, "boards with a merge past 2^63: {overflowing}");
}

#[test]
fn a_search_may_try_exactly_its_limit_and_not_one_move_more() {
    let law = classic();
    let board: Board = "2 4 8 16 / 4 . . 2 / . . 2 . / 8 . . .".parse().unwrap();
    let moved = Position::after(&board, Direction::Left).unwrap();
    let packed = Packed::fits(&moved, 0, 0).unwrap();
    let mut on_board = Expectimax::<Board>::new(&law, 3, 0.0);
    let mut on_word = Expectimax::<Packed>::new(&law, 3, 0.0);
    let (value, tried) = on_board.first_move(&moved, u64::MAX);
    assert!(value.is_some() && tried > 4, "{tried}");
    assert_eq!(on_board.first_move(&moved, tried), (value, tried));
    assert_eq!(on_word.first_move(&packed, tried), (value, tried));
    assert_eq!(on_board.first_move(&moved, tried - 1).0, None);
    assert_eq!(on_word.first_move(&packed, tried - 1).0, None);
}
