//! Self-play and the engine from outside: the same seed gives the same games
//! for any thread count, and every game follows the rules of the game with
//! spawns (checked by replaying it move by move with the rule itself).

use std::sync::Mutex;

use rules_2048::{
    best_move, play, play_move, play_on, play_watched, spawn_random, starting_board, Board, EngineOptions, GameEnd,
    GameOverflow, GameRecord, GameState, PlayOptions, PlayProgress, PlayWatcher, SeededRng, SpawnLaw,
};

fn options(threads: usize) -> PlayOptions {
    PlayOptions {
        games: 6,
        seed: 42,
        depth: Some(2),
        until: Some(256),
        nodes_per_game: None,
        nodes_per_move: None,
        max_moves: None,
        threads,
    }
}

fn empty(height: usize, width: usize) -> Board {
    Board::from_exponents(grid_core::Grid::new(height, width, 0)).unwrap()
}

#[test]
fn the_same_seed_plays_the_same_games_on_any_number_of_threads() {
    let board = empty(4, 4);
    let one = play(&board, &SpawnLaw::classic(), &options(1)).unwrap();
    for threads in [2, 3, 8] {
        assert_eq!(play(&board, &SpawnLaw::classic(), &options(threads)).unwrap(), one, "{threads} threads");
    }
    assert!(one.games.iter().all(|game| game.end == GameEnd::Reached && game.max_tile >= 256));
    // Another seed, other games.
    let other = play(&board, &SpawnLaw::classic(), &PlayOptions { seed: 43, ..options(1) }).unwrap();
    assert_ne!(other, one);
}

#[test]
fn a_watched_run_reports_every_move_of_every_game_and_plays_the_same_games() {
    let board = empty(4, 4);
    for threads in [1, 3] {
        let seen: Mutex<Vec<PlayProgress>> = Mutex::new(Vec::new());
        let stats = play_watched(&board, &SpawnLaw::classic(), &options(threads), &|progress: &PlayProgress| {
            seen.lock().unwrap().push(*progress);
        })
        .unwrap();
        assert_eq!(stats, play(&board, &SpawnLaw::classic(), &options(threads)).unwrap());
        let seen = seen.into_inner().unwrap();
        for (index, game) in stats.games.iter().enumerate() {
            let of_game: Vec<&PlayProgress> = seen.iter().filter(|p| p.game == index as u64).collect();
            // One report a move, in order, the last one the game's end.
            assert_eq!(of_game.len() as u64, game.moves, "game {index}, {threads} threads");
            assert!(of_game.iter().enumerate().all(|(i, p)| p.moves == i as u64 + 1));
            assert_eq!(of_game.last().unwrap().max_tile, game.max_tile);
        }
        // The games ended so far never go back and never reach the run's count
        // while a game still moves.
        assert!(seen.iter().all(|p| p.games_done < stats.games.len()));
        if threads == 1 {
            assert!(seen.windows(2).all(|w| w[0].games_done <= w[1].games_done));
            assert_eq!(seen.last().unwrap().games_done, stats.games.len() - 1);
        }
    }
}

#[test]
fn a_watcher_hears_each_game_end_with_its_record() {
    struct Ends(Mutex<Vec<(u64, GameRecord)>>);
    impl PlayWatcher for Ends {
        fn ended(&self, index: u64, record: &GameRecord) {
            self.0.lock().unwrap().push((index, *record));
        }
    }
    let board = empty(4, 4);
    let ends = Ends(Mutex::new(Vec::new()));
    let stats = play_watched(&board, &SpawnLaw::classic(), &options(3), &ends).unwrap();
    let mut ends = ends.0.into_inner().unwrap();
    ends.sort_by_key(|&(index, _)| index);
    let told: Vec<GameRecord> = ends.iter().map(|&(_, record)| record).collect();
    assert_eq!(ends.iter().map(|&(index, _)| index).collect::<Vec<_>>(), (0..6).collect::<Vec<_>>());
    assert_eq!(told, stats.games);
}

#[test]
fn a_played_game_is_the_engine_moves_and_the_seeded_spawns() {
    // Replays game 0 by hand: the engine's move, then the generator's spawn.
    let law = SpawnLaw::classic();
    let board = empty(3, 3);
    let options = PlayOptions {
        games: 1,
        seed: 9,
        depth: Some(2),
        until: None,
        nodes_per_game: None,
        nodes_per_move: None,
        max_moves: None,
        threads: 1,
    };
    let record = play(&board, &law, &options).unwrap().games[0];
    let mut rng = SeededRng::for_game(9, 0);
    let mut board = starting_board(&board, &law, &mut rng);
    let (mut score, mut moves, mut largest) = (0, 0, board.max_tile());
    while let Some(direction) =
        best_move(&board, &law, &EngineOptions { depth: Some(2), threads: 1, nodes: None }).unwrap().choice
    {
        let (moved, points) = play_move(&board, direction).unwrap().expect("the engine's move is legal");
        board = spawn_random(&moved, &law, &mut rng).unwrap();
        score += points;
        moves += 1;
        largest = largest.max(board.max_tile());
    }
    assert_eq!((record.score, record.moves, record.max_tile, record.end), (score, moves, largest, GameEnd::Lost));
    // Lost: no move changes the final board.
    assert!(rules_2048::legal_moves(&board).unwrap().is_empty());
}

#[test]
fn budgets_and_move_limits_stop_games_as_unfinished() {
    let board = empty(4, 4);
    let limited = PlayOptions { max_moves: Some(10), until: None, ..options(2) };
    let stats = play(&board, &SpawnLaw::classic(), &limited).unwrap();
    assert!(stats.games.iter().all(|game| game.moves == 10 && game.end == GameEnd::OutOfBudget));
    assert_eq!(stats.unfinished(), 6);
    assert_eq!(stats.total_moves(), 60);
    // A budget too small for the root's four moves: no move is played.
    let budget = PlayOptions { nodes_per_game: Some(1), until: None, ..options(1) };
    let stats = play(&board, &SpawnLaw::classic(), &budget).unwrap();
    assert!(stats.games.iter().all(|game| (game.moves, game.nodes, game.end) == (0, 0, GameEnd::OutOfBudget)));
    // A move whose search would pass the game's budget is not played: the
    // moves tried never pass it, and the moves played are the unbudgeted
    // game's first ones (each at the depth asked for).
    let unbudgeted = PlayOptions { until: None, max_moves: Some(40), ..options(1) };
    let whole =
        play_on(GameState::start(&board, &SpawnLaw::classic(), 1, 0), &SpawnLaw::classic(), &unbudgeted, 1, |_| {})
            .unwrap();
    let budget = PlayOptions { nodes_per_game: Some(whole.nodes / 2), ..unbudgeted };
    let mut boards = Vec::new();
    let cut = play_on(GameState::start(&board, &SpawnLaw::classic(), 1, 0), &SpawnLaw::classic(), &budget, 1, |game| {
        boards.push(game.board.clone())
    })
    .unwrap();
    assert_eq!(cut.end, GameEnd::OutOfBudget);
    assert!(cut.nodes <= whole.nodes / 2 && cut.moves > 0 && cut.moves < whole.moves, "{cut:?} of {whole:?}");
    let mut replayed = Vec::new();
    play_on(GameState::start(&board, &SpawnLaw::classic(), 1, 0), &SpawnLaw::classic(), &unbudgeted, 1, |game| {
        replayed.push(game.board.clone())
    })
    .unwrap();
    assert_eq!(boards[..], replayed[..boards.len()]);
    // A budget the game never reaches changes nothing: each move's search
    // may take all that is left (split evenly among its first moves, so
    // eight times the game's moves is surely enough).
    let exact = PlayOptions { nodes_per_game: Some(8 * whole.nodes), ..unbudgeted };
    let replay = play_on(GameState::start(&board, &SpawnLaw::classic(), 1, 0), &SpawnLaw::classic(), &exact, 1, |_| {});
    assert_eq!(replay.unwrap(), whole);
    // A move budget ends the game at the first move that would pass it:
    // at depth 2, each first move's spawns alone are more than 10.
    let per_move = PlayOptions { nodes_per_move: Some(10), ..unbudgeted };
    let cut = play_on(GameState::start(&board, &SpawnLaw::classic(), 1, 0), &SpawnLaw::classic(), &per_move, 1, |_| {})
        .unwrap();
    assert_eq!((cut.moves, cut.end), (0, GameEnd::OutOfBudget));
}

#[test]
fn the_statistics_are_shares_and_spreads_of_the_games() {
    let stats = play(&empty(4, 4), &SpawnLaw::classic(), &PlayOptions { until: Some(128), ..options(2) }).unwrap();
    let reached = stats.reached();
    assert_eq!(reached.first(), Some(&(2, 1.0)), "every tile from 2 up");
    assert!(reached.windows(2).all(|pair| pair[1].0 == 2 * pair[0].0 && pair[1].1 <= pair[0].1));
    let scores = stats.scores();
    assert!(scores.min <= scores.median && scores.median <= scores.max);
    let mut sorted: Vec<u64> = stats.games.iter().map(|game| game.score).collect();
    sorted.sort_unstable();
    assert_eq!((scores.min, scores.median, scores.max), (sorted[0], sorted[2], sorted[5]));
}

#[test]
fn until_is_a_target_the_games_end_at_the_first_tile_of_at_least_it() {
    // 100 is no tile: each game ends as 128, the first tile of at least
    // 100, stands; never at 64, and never goes on to 256.
    let stats = play(&empty(4, 4), &SpawnLaw::classic(), &PlayOptions { until: Some(100), ..options(1) }).unwrap();
    assert!(stats.games.iter().all(|game| (game.end, game.max_tile) == (GameEnd::Reached, 128)), "{stats:?}");
}

#[test]
fn the_spawns_follow_the_law_cell_and_tile() {
    // 20,000 spawns on a board with four empty cells: each cell near a
    // quarter, the 4s near a tenth (five standard deviations of slack).
    let board: Board = "2 . / . . / 4 8".parse().unwrap();
    let mut rng = SeededRng::new(5);
    let (mut per_cell, mut fours) = ([0u32; 6], 0);
    for _ in 0..20_000 {
        let spawned = spawn_random(&board, &SpawnLaw::classic(), &mut rng).unwrap();
        let changed: Vec<usize> =
            (0..6).filter(|&i| spawned.exponents().as_slice()[i] != board.exponents().as_slice()[i]).collect();
        assert_eq!(changed.len(), 1);
        per_cell[changed[0]] += 1;
        fours += u32::from(spawned.exponents().as_slice()[changed[0]] == 2);
    }
    assert_eq!((per_cell[0], per_cell[4], per_cell[5]), (0, 0, 0));
    for cell in [1, 2, 3] {
        assert!((6_300..=7_050).contains(&per_cell[cell]), "{per_cell:?}");
    }
    assert!((1_790..=2_210).contains(&fours), "{fours} fours");
    assert_eq!(spawn_random(&"2 4".parse().unwrap(), &SpawnLaw::classic(), &mut rng), None);
}

#[test]
fn a_law_with_decimal_percents_draws_its_tiles_at_their_chances() {
    // 2 99.5 %, 4 0.4 %, 8 0.1 %: 200,000 spawns, the 4s near 800 and the
    // 8s near 200 (five standard deviations of slack).
    let law = SpawnLaw::in_percent_units(&[(2, 995), (4, 4), (8, 1)], 1).unwrap();
    let board: Board = ". 2".parse().unwrap();
    let mut rng = SeededRng::new(11);
    let mut counts = [0u32; 4];
    for _ in 0..200_000 {
        let spawned = spawn_random(&board, &law, &mut rng).unwrap();
        counts[usize::from(spawned.exponents().as_slice()[0])] += 1;
    }
    assert!((659..=941).contains(&counts[2]), "{counts:?}");
    assert!((130..=270).contains(&counts[3]), "{counts:?}");
}

#[test]
fn the_classic_laws_spawns_are_those_of_every_version() {
    // The seeded games of docs/performance.md go on across versions: the
    // first spawns of seed 1's game 0 on a new 4×4 board, as they were
    // before laws with decimals drew from a whole other than 100.
    let mut rng = SeededRng::for_game(1, 0);
    let mut board = starting_board(&empty(4, 4), &SpawnLaw::classic(), &mut rng);
    for _ in 0..6 {
        board = spawn_random(&board, &SpawnLaw::classic(), &mut rng).unwrap();
    }
    assert_eq!(board.to_string(), "4 . . 2\n2 . 2 2\n. . 2 2\n. . 2 .\n");
}

#[test]
fn a_game_that_could_merge_two_tiles_of_2_pow_63_has_no_answer() {
    // Left and right merge the two 2^63s into a tile no board holds, and
    // nothing else moves: the game is not lost, it cannot be played on.
    let few = PlayOptions { games: 1, until: None, max_moves: Some(5), ..options(1) };
    let board: Board = "9223372036854775808 9223372036854775808 / 2 4".parse().unwrap();
    let at = rules_2048::check_top_merges(&board).unwrap_err();
    let before_any_move = GameOverflow { game: 0, moves: 0, overflow: at };
    assert_eq!(play(&board, &SpawnLaw::classic(), &few), Err(before_any_move));
    let engine = EngineOptions { depth: Some(2), threads: 1, nodes: None };
    assert!(best_move(&board, &SpawnLaw::classic(), &engine).is_err());
    // One 2^63 is no obstacle.
    let one: Board = "9223372036854775808 . / 2 4".parse().unwrap();
    assert!(rules_2048::check_top_merges(&one).is_ok());
    assert!(best_move(&one, &SpawnLaw::classic(), &engine).unwrap().choice.is_some());
    let stats = play(&one, &SpawnLaw::classic(), &few).unwrap();
    assert!(stats.games[0].moves > 0);
}

#[test]
fn a_game_that_could_merge_two_2_pow_63_tiles_is_named_with_its_moves() {
    // Half the spawns are 2^62: two of them make a 2^63, and two of those
    // soon stand side by side on a 2×2 board.
    let law = SpawnLaw::new(&[(2, 50), (1 << 62, 50)]).unwrap();
    let run = PlayOptions { games: 5, seed: 2, depth: Some(1), until: None, ..options(1) };
    let error = play(&empty(2, 2), &law, &run).unwrap_err();
    // The first game in the run's order that overflows, whatever the threads.
    for threads in [2, 3] {
        assert_eq!(play(&empty(2, 2), &law, &PlayOptions { threads, ..run }).unwrap_err(), error);
    }
    let GameOverflow { game, moves, overflow } = error;
    assert!(game > 0, "the seed was chosen for a first game that does not overflow");
    // Played alone, the games before it end, and it overflows after its
    // `moves`, on a board holding the two tiles where the error says.
    for earlier in 0..game {
        play_on(GameState::start(&empty(2, 2), &law, run.seed, earlier), &law, &run, 1, |_| {}).unwrap();
    }
    let mut last = GameState::start(&empty(2, 2), &law, run.seed, game);
    let alone = play_on(last.clone(), &law, &run, 1, |state| last = state.clone());
    assert_eq!(alone, Err(error));
    assert_eq!(last.record.moves, moves);
    let top = |row: usize, col: usize| last.board.exponents()[(row, col)] == 63;
    let (row, col) = (overflow.row, overflow.col);
    assert!(top(row, col), "{:?} {overflow:?}", last.board);
    assert!([(row ^ 1, col), (row, col ^ 1)].into_iter().any(|(r, c)| top(r, c)), "{:?}", last.board);
    assert_eq!(
        error.to_string(),
        format!(
            "game {}, after {moves} moves: two 2^63 tiles would merge at row {}, column {}: the largest tile is 2^63",
            game + 1,
            row + 1,
            col + 1
        )
    );
}
