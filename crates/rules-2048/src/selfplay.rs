//! `play`: the engine playing the game with spawns against itself, N seeded
//! games, and what they reached.
//!
//! Each game draws its spawns from its own generator ([`SeededRng::for_game`]
//! of the run's seed and the game's index) and the engine is deterministic,
//! so a game is the same whichever thread plays it and however many there
//! are: the statistics depend on the board, the law, the seed, the depth and
//! the budget only.

use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::board::Board;
use crate::engine::{best_move_within, EngineOptions, Shallower};
use crate::rng::SeededRng;
use crate::rule::TileOverflow;
use crate::spawn::{play_move, spawn_random, starting_board, SpawnLaw};

/// How [`play`] plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayOptions {
    /// Games to play.
    pub games: u32,
    /// The run's seed.
    pub seed: u64,
    /// The engine's depth; `None` for its default, board by board.
    pub depth: Option<u32>,
    /// Stop a game as soon as a tile of at least this value stands; `None`
    /// plays every game until it is lost.
    pub until: Option<u64>,
    /// Stop a game once its engine has tried this many moves (nodes); the
    /// game then counts as unfinished. A move whose search would pass it is
    /// not played. `None`: no limit.
    pub nodes_per_game: Option<u64>,
    /// Stop a game at a move whose search would try more than this many
    /// moves (the engine's [`EngineOptions::nodes`]); the game then counts
    /// as unfinished. `None`: no limit (the default depth needs none).
    pub nodes_per_move: Option<u64>,
    /// Stop a game after this many moves; it then counts as unfinished too.
    pub max_moves: Option<u64>,
    /// Threads (0 and 1: the calling thread); the games do not depend on it.
    pub threads: usize,
}

/// How one game went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRecord {
    /// The largest tile it made (or started with).
    pub max_tile: u64,
    /// The points its merges scored.
    pub score: u64,
    /// The moves played.
    pub moves: u64,
    /// The moves its engine tried.
    pub nodes: u64,
    /// How it ended.
    pub end: GameEnd,
}

/// A game that came to a board where two 2^63 tiles could merge: a tile of
/// 2^64 cannot be, so the engine cannot value that board's moves, and the
/// run stops there, naming the game and its moves so far (to replay it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOverflow {
    /// The index of the game in its run (0 for the first).
    pub game: u64,
    /// The moves it had played.
    pub moves: u64,
    /// Where the two tiles would merge.
    pub overflow: TileOverflow,
}

impl fmt::Display for GameOverflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves = if self.moves == 1 { "move" } else { "moves" };
        write!(f, "game {}, after {} {moves}: {}", self.game + 1, self.moves, self.overflow)
    }
}

impl std::error::Error for GameOverflow {}

/// Why a game stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEnd {
    /// No legal move was left.
    Lost,
    /// The `until` tile stood.
    Reached,
    /// Its node budget, or its most moves, ran out first.
    OutOfBudget,
}

/// Minimum, median (the lower of the two middle values for an even count)
/// and maximum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spread {
    /// The smallest value.
    pub min: u64,
    /// The middle value.
    pub median: u64,
    /// The largest value.
    pub max: u64,
}

impl Spread {
    fn of(mut values: Vec<u64>) -> Spread {
        values.sort_unstable();
        match (values.first(), values.last()) {
            (Some(&min), Some(&max)) => Spread { min, median: values[(values.len() - 1) / 2], max },
            _ => Spread { min: 0, median: 0, max: 0 },
        }
    }
}

/// The games of a [`play`] run, in the order of their index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayStats {
    /// One record per game.
    pub games: Vec<GameRecord>,
}

impl PlayStats {
    /// For every tile from 2 up to the largest tile made: the share of games
    /// (0 to 1) whose largest tile is at least it.
    pub fn reached(&self) -> Vec<(u64, f64)> {
        let highest = self.games.iter().map(|game| game.max_tile).max().unwrap_or(0);
        let mut shares = Vec::new();
        let mut tile = 2;
        while tile <= highest {
            let count = self.games.iter().filter(|game| game.max_tile >= tile).count();
            shares.push((tile, count as f64 / self.games.len() as f64));
            tile = match tile.checked_mul(2) {
                Some(next) => next,
                None => break,
            };
        }
        shares
    }

    /// The scores' spread.
    pub fn scores(&self) -> Spread {
        Spread::of(self.games.iter().map(|game| game.score).collect())
    }

    /// The spread of the games' lengths in moves.
    pub fn moves(&self) -> Spread {
        Spread::of(self.games.iter().map(|game| game.moves).collect())
    }

    /// The moves of all the games.
    pub fn total_moves(&self) -> u64 {
        self.games.iter().map(|game| game.moves).sum()
    }

    /// The games that their node budget stopped.
    pub fn unfinished(&self) -> usize {
        self.games.iter().filter(|game| game.end == GameEnd::OutOfBudget).count()
    }
}

/// Plays `options.games` games from `board` (a board without a tile: a new
/// game each, two tiles spawned first).
///
/// ```
/// use rules_2048::{play, Board, PlayOptions, SpawnLaw};
/// let board: Board = ". . . . / . . . . / . . . . / . . . .".parse().unwrap();
/// let options =
///     PlayOptions { games: 2, seed: 1, depth: Some(2), until: Some(64), nodes_per_game: None, nodes_per_move: None, max_moves: None, threads: 1 };
/// let stats = play(&board, &SpawnLaw::classic(), &options).unwrap();
/// assert_eq!(stats.games.len(), 2);
/// assert!(stats.games.iter().all(|game| game.max_tile == 64));
/// ```
pub fn play(board: &Board, law: &SpawnLaw, options: &PlayOptions) -> Result<PlayStats, GameOverflow> {
    play_watched(board, law, options, &|_: &PlayProgress| {})
}

/// What a [`play_watched`] run tells as it goes, from the threads that play
/// its games. A closure of a [`PlayProgress`] is one that hears the moves.
pub trait PlayWatcher: Sync {
    /// After every move of every game.
    fn moved(&self, _progress: &PlayProgress) {}
    /// When game `index` has ended, with its record.
    fn ended(&self, _index: u64, _record: &GameRecord) {}
}

impl<F: Fn(&PlayProgress) + Sync> PlayWatcher for F {
    fn moved(&self, progress: &PlayProgress) {
        self(progress)
    }
}

/// Where a [`play_watched`] run stands, after a move of one of its games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayProgress {
    /// The index of the game that moved (0 for the first).
    pub game: u64,
    /// Its moves so far.
    pub moves: u64,
    /// Its largest tile so far.
    pub max_tile: u64,
    /// The games of the run that have ended.
    pub games_done: usize,
}

/// [`play`], telling `watcher` of every move of every game and of every
/// game's end: a run can take hours, and whoever waits for it wants to see
/// it go. The games are the same as [`play`]'s.
pub fn play_watched(
    board: &Board,
    law: &SpawnLaw,
    options: &PlayOptions,
    watcher: &impl PlayWatcher,
) -> Result<PlayStats, GameOverflow> {
    let count = options.games as usize;
    let (workers, engine_threads) = share_threads(options.threads, count);
    let games_done = AtomicUsize::new(0);
    let play_one = |index: usize| {
        let state = GameState::start(board, law, options.seed, index as u64);
        let record = play_on(state, law, options, engine_threads, |game| {
            let games_done = games_done.load(Ordering::Relaxed);
            let record = &game.record;
            watcher.moved(&PlayProgress {
                game: index as u64,
                moves: record.moves,
                max_tile: record.max_tile,
                games_done,
            });
        });
        games_done.fetch_add(1, Ordering::Relaxed);
        if let Ok(record) = &record {
            watcher.ended(index as u64, record);
        }
        record
    };
    let games = if workers == 1 {
        (0..count).map(play_one).collect::<Result<Vec<_>, _>>()?
    } else {
        let next = AtomicUsize::new(0);
        let slots: Vec<Mutex<Option<Result<GameRecord, GameOverflow>>>> =
            (0..count).map(|_| Mutex::new(None)).collect();
        let take_games = || loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= count {
                break;
            }
            *slots[index].lock().expect("no game thread panics") = Some(play_one(index));
        };
        crate::threads::share(workers - 1, crate::threads::STACK, take_games, take_games);
        slots
            .into_iter()
            .map(|slot| slot.into_inner().expect("no game thread panics").expect("every game was played"))
            .collect::<Result<Vec<_>, _>>()?
    };
    Ok(PlayStats { games })
}

/// How a run's threads are shared: `(workers, within)`, games side by side
/// on `workers` threads and each game's searches on `within`. Fewer games
/// than threads: the spare threads search within a game.
fn share_threads(threads: usize, games: usize) -> (usize, usize) {
    let workers = threads.clamp(1, games.max(1));
    (workers, (threads / workers).max(1))
}

/// Game `index` of a run of [`play`], alone (the same game as in the run):
/// the engine's move, its spawn, until the game ends. `threads` search within
/// the game.
pub fn play_one(
    board: &Board,
    law: &SpawnLaw,
    options: &PlayOptions,
    index: u64,
    threads: usize,
) -> Result<GameRecord, GameOverflow> {
    play_on(GameState::start(board, law, options.seed, index), law, options, threads, |_| {})
}

/// A game between two moves: all it takes to go on with it exactly as it
/// would have gone on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    /// The game's index in its run (0 for the first): whose spawns these are.
    pub index: u64,
    /// The board the next move is played on.
    pub board: Board,
    /// The generator of the spawns to come.
    pub rng: SeededRng,
    /// The game so far (its `end` is meaningless until it ends).
    pub record: GameRecord,
}

impl GameState {
    /// Game `index` of a run seeded by `seed` from `board`, before its first
    /// move (a board without a tile: two tiles spawned first).
    pub fn start(board: &Board, law: &SpawnLaw, seed: u64, index: u64) -> GameState {
        let mut rng = SeededRng::for_game(seed, index);
        let board = starting_board(board, law, &mut rng);
        let record = GameRecord { max_tile: board.max_tile(), score: 0, moves: 0, nodes: 0, end: GameEnd::Lost };
        GameState { index, board, rng, record }
    }
}

/// Plays `state`'s game on to its end as [`play_one`] does, calling
/// `after_each_move` with the game after each move: a state saved there and
/// played on later is the same game (a run of hours can stop and go on).
///
/// ```
/// use rules_2048::{play_on, play_one, Board, GameState, PlayOptions, SpawnLaw};
/// let board: Board = ". . . / . . . / . . .".parse().unwrap();
/// let law = SpawnLaw::classic();
/// let options =
///     PlayOptions { games: 1, seed: 5, depth: Some(2), until: None, nodes_per_game: None, nodes_per_move: None, max_moves: None, threads: 1 };
/// let mut saved = None;
/// let whole = play_on(GameState::start(&board, &law, 5, 0), &law, &options, 1, |game| {
///     if game.record.moves == 10 {
///         saved = Some(game.clone());
///     }
/// })
/// .unwrap();
/// assert_eq!(play_on(saved.unwrap(), &law, &options, 1, |_| {}).unwrap(), whole);
/// assert_eq!(play_one(&board, &law, &options, 0, 1).unwrap(), whole);
/// ```
pub fn play_on(
    state: GameState,
    law: &SpawnLaw,
    options: &PlayOptions,
    threads: usize,
    mut after_each_move: impl FnMut(&GameState),
) -> Result<GameRecord, GameOverflow> {
    let mut game = state;
    loop {
        let GameState { index, board, rng, record } = &mut game;
        let overflowed = |overflow| GameOverflow { game: *index, moves: record.moves, overflow };
        if options.until.is_some_and(|until| board.max_tile() >= until) {
            record.end = GameEnd::Reached;
            break;
        }
        let out_of_moves = options.max_moves.is_some_and(|most| record.moves >= most);
        if out_of_moves || options.nodes_per_game.is_some_and(|budget| record.nodes >= budget) {
            record.end = GameEnd::OutOfBudget;
            break;
        }
        crate::spawn::check_top_merges(board).map_err(overflowed)?;
        let left_for_game = options.nodes_per_game.map(|budget| budget - record.nodes);
        let nodes = match (left_for_game, options.nodes_per_move) {
            (Some(game), Some(one_move)) => Some(game.min(one_move)),
            (game, one_move) => game.or(one_move),
        };
        let engine = EngineOptions { depth: options.depth, threads, nodes };
        let answer = best_move_within(board, law, &engine, Shallower::GiveUp);
        record.nodes += answer.nodes;
        if answer.stopped_at.is_some() {
            record.end = GameEnd::OutOfBudget;
            break;
        }
        let Some(direction) = answer.choice else {
            record.end = GameEnd::Lost;
            break;
        };
        let (moved, points) = play_move(board, direction).map_err(overflowed)?.expect("the engine plays legal moves");
        record.score = record.score.saturating_add(points);
        record.moves += 1;
        *board = spawn_random(&moved, law, rng).expect("a legal move leaves an empty cell");
        record.max_tile = record.max_tile.max(board.max_tile());
        after_each_move(&game);
    }
    Ok(game.record)
}

#[cfg(test)]
mod tests {
    use super::share_threads;

    #[test]
    fn spare_threads_search_within_the_games() {
        // (threads, games) → (workers, threads within a game)
        let cases = [((4, 1), (1, 4)), ((4, 2), (2, 2)), ((5, 2), (2, 2)), ((3, 2), (2, 1)), ((2, 2), (2, 1))];
        let more_games = [((2, 100), (2, 1)), ((1, 3), (1, 1))];
        let none = [((0, 5), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 1)), ((8, 0), (1, 8))];
        for ((threads, games), shared) in cases.into_iter().chain(more_games).chain(none) {
            assert_eq!(share_threads(threads, games), shared, "{threads} threads, {games} games");
        }
    }
}
