//! The queries of the game with spawns answered: `chance` within its budget
//! of boards (and, past it, what fewer moves prove), `best-move`, and `play`
//! with its games told as they go.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rules_2048::{
    EngineOptions, GameEnd, GameRecord, PlayOptions, PlayProgress, PlayWatcher, SearchError, SearchOptions, SpawnLaw,
};

use super::{exact, Answer2048, Bound, Found};
use crate::activity::Activity;
use crate::language::ast::PlayQuery;
use crate::language::errors::count;
use crate::language::SpawnQuery;
use crate::limits;

/// The boards of a `chance` search, each far dearer than a node of the
/// other searches: a query's whole chance budget is worth a query's whole
/// node budget, and a chance search takes from the file's budget (and is
/// given of what is left of it) in that measure, so that a file of a
/// thousand slow chances ends in minutes too.
#[derive(Debug, Clone, Copy)]
pub(super) struct ChanceBudget {
    /// The boards a query's chance search may visit.
    pub(super) boards: u64,
    /// A query's node budget, which they are worth.
    pub(super) nodes: u64,
}

impl ChanceBudget {
    /// The boards a search may visit when `nodes` of the file's budget are
    /// left to it.
    fn boards_for(self, nodes: u64) -> u64 {
        let share = u128::from(nodes.min(self.nodes)) * u128::from(self.boards) / u128::from(self.nodes.max(1));
        u64::try_from(share).unwrap_or(u64::MAX)
    }

    /// What `boards` visited take of the file's budget, rounded up.
    fn nodes_for(self, boards: u64) -> u64 {
        let worth = (u128::from(boards) * u128::from(self.nodes)).div_ceil(u128::from(self.boards.max(1)));
        u64::try_from(worth).unwrap_or(u64::MAX)
    }
}

/// How often a `play` tells the progress bar how far it is.
const PLAY_TOLD_EVERY: Duration = Duration::from_millis(50);
/// How long a game of `play` lasts for its end to be told on a line of its
/// own: games of milliseconds would flood the screen by the thousand.
const PLAY_GAME_TOLD_FROM: Duration = Duration::from_secs(1);

/// A `play` run told to the progress bar: the run's totals, which only grow
/// however many games move at once, and a line for each game that ends.
struct PlayShown {
    activity: Activity,
    games: u32,
    started: Instant,
    moves: AtomicU64,
    largest: AtomicU64,
    /// When to tell next, in nanoseconds from `started`: at depth 1 a move
    /// takes microseconds, and telling each would slow the run by a sixth.
    next_told: AtomicU64,
    /// When each game in play made its first move.
    first_moves: Mutex<HashMap<u64, Instant>>,
}

impl PlayShown {
    fn new(games: u32, started: Instant) -> PlayShown {
        let (moves, largest, next_told) = (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
        let first_moves = Mutex::new(HashMap::new());
        PlayShown { activity: Activity::here(), games, started, moves, largest, next_told, first_moves }
    }
}

impl PlayWatcher for PlayShown {
    fn moved(&self, progress: &PlayProgress) {
        if progress.moves == 1 {
            self.first_moves
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
                .insert(progress.game, Instant::now());
        }
        let moves = self.moves.fetch_add(1, Ordering::Relaxed) + 1;
        let largest = self.largest.fetch_max(progress.max_tile, Ordering::Relaxed).max(progress.max_tile);
        let now = self.started.elapsed().as_nanos() as u64;
        if now >= self.next_told.load(Ordering::Relaxed) {
            self.next_told.store(now + PLAY_TOLD_EVERY.as_nanos() as u64, Ordering::Relaxed);
            let (ended, games) = (progress.games_done, self.games);
            let moves = count(moves as usize, "move");
            self.activity.tell(format!("play: {ended}/{games} games, {moves}, largest {largest}"));
        }
    }

    fn ended(&self, index: u64, record: &GameRecord) {
        let first_move = self.first_moves.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).remove(&index);
        if first_move.is_none_or(|at| at.elapsed() < PLAY_GAME_TOLD_FROM) {
            return;
        }
        self.activity.log(&game_line(index, u64::from(self.games), record));
    }
}

/// What a `best-move` search is doing, for the progress bar.
fn best_move_doing(depth: Option<u32>, nodes: Option<u64>) -> String {
    match (depth, nodes) {
        (Some(depth), Some(budget)) => format!("best-move: depth {depth}, within {budget} moves tried"),
        _ => "best-move: the default depth".to_string(),
    }
}

/// One game of `play`, as its progress line and `--explain` tell it: `game 3
/// of 100: 16384 (lost), score 385628, 14802 moves` (`index` from 0).
pub(crate) fn game_line(index: u64, games: u64, record: &GameRecord) -> String {
    let end = match record.end {
        GameEnd::Lost => "lost",
        GameEnd::Reached => "stopped there",
        GameEnd::OutOfBudget => "unfinished",
    };
    let GameRecord { max_tile, score, moves, .. } = record;
    let moves = count(*moves as usize, "move");
    format!("game {} of {games}: {max_tile} ({end}), score {score}, {moves}", index + 1)
}

/// The answer of a query of the game with spawns. `explicit` says whether
/// the budget was given (`--budget`, an editor): only then does it bound the
/// games of `play`, which otherwise run to their end. A depth written in the
/// file is always searched within it, move by move; the default depth needs
/// no budget (it is chosen for the board), and gets none, so that an editor's
/// hint is the command's answer.
/// `chance` caps the boards of `chance`, whose look-ups hold every board
/// searched.
pub(super) fn answer_with_spawns(
    board: &rules_2048::Board,
    law: &SpawnLaw,
    query: &SpawnQuery,
    options: &SearchOptions,
    explicit: bool,
    chance: ChanceBudget,
) -> Result<Found<Answer2048>, SearchError> {
    // The engine's tables are built before the clock starts: the time
    // reported is the search's, the same for the first query as the next.
    rules_2048::prepare_engine(board);
    let started = Instant::now();
    Ok(match query {
        SpawnQuery::Chance { target, within } => {
            let budget = options.node_budget.map(|nodes| chance.boards_for(nodes));
            let activity = Activity::here();
            let of_budget = budget.map_or(String::new(), |budget| format!(" of {budget}"));
            let searched = rules_2048::chance_watched(board, law, *target, *within, budget, &|boards| {
                activity.tell(format!("chance: {boards}{of_budget} boards"));
            });
            match searched {
                Ok(found) => Found {
                    charged: chance.nodes_for(found.boards),
                    ..exact(Answer2048::Chance {
                        probability: Some(found.probability),
                        error_bound: found.error_bound,
                        moves: found.best_first_moves,
                        first_moves: found.first_moves,
                    })
                },
                Err(SearchError::OutOfBudget { boards }) => {
                    // What fewer moves prove, their searches sharing one more budget.
                    activity.tell("chance: out of budget; what fewer moves prove".to_string());
                    let fewer =
                        budget.and_then(|budget| rules_2048::chance_within_fewer(board, law, *target, *within, budget));
                    let bound = fewer
                        .map(|(moves, found)| (moves, found.probability - found.error_bound))
                        .filter(|&(_, at_least)| at_least > 0.0)
                        .map_or(Bound::Unfinished, |(within, probability)| Bound::ChanceAtLeast {
                            probability,
                            within,
                        });
                    Found {
                        answer: Answer2048::Chance {
                            probability: None,
                            error_bound: rules_2048::error_bound(board, law, *within),
                            moves: Vec::new(),
                            first_moves: Vec::new(),
                        },
                        incomplete: Some(bound),
                        nodes: Some(boards),
                        // Its budget, and as many again for the fewer moves.
                        charged: chance.nodes_for(boards.saturating_mul(2)),
                    }
                }
                Err(error) => return Err(error),
            }
        }
        SpawnQuery::BestMove { depth } => {
            let nodes = options.node_budget.filter(|_| depth.is_some());
            // What a long search is doing, for the progress bar, while it does.
            let activity = Activity::here();
            activity.tell(best_move_doing(*depth, nodes));
            let engine = EngineOptions { depth: *depth, threads: options.threads, nodes };
            // A legal move merging two 2^63 tiles makes a tile no board
            // holds: no answer, as in the game without spawns.
            let found = rules_2048::best_move(board, law, &engine)?;
            let seconds = started.elapsed().as_secs_f64();
            let incomplete = found.stopped_at.map(|asked| match found.depth {
                0 => Bound::Unfinished,
                searched => Bound::DepthSearched { asked, searched },
            });
            Found {
                nodes: Some(found.nodes),
                charged: if nodes.is_some() { found.nodes } else { 0 },
                answer: Answer2048::BestMove {
                    choice: found.choice,
                    analysis: found.analysis,
                    depth: found.depth,
                    nodes: found.nodes,
                    seconds,
                },
                incomplete,
            }
        }
        SpawnQuery::Play(PlayQuery { games, seed, depth, until }) => {
            let nodes_per_game = options.node_budget.filter(|_| explicit).map(|n| (n / u64::from(*games)).max(1));
            // A depth written in the file: each move within the query's
            // budget, as `best-move`'s (the default depth needs none).
            let nodes_per_move = options.node_budget.filter(|_| depth.is_some());
            let play = PlayOptions {
                games: *games,
                seed: seed.unwrap_or(0),
                depth: *depth,
                until: *until,
                nodes_per_game,
                nodes_per_move,
                max_moves: Some(limits::MAX_GAME_MOVES),
                threads: options.threads,
            };
            let watcher = PlayShown::new(*games, started);
            let stats = rules_2048::play_watched(board, law, &play, &watcher)?;
            drop(watcher);
            let seconds = started.elapsed().as_secs_f64();
            let unfinished = stats.unfinished();
            let nodes = stats.games.iter().map(|game| game.nodes).sum();
            Found {
                answer: Answer2048::Play { stats, seconds },
                incomplete: (unfinished > 0).then_some(Bound::GamesUnfinished(unfinished)),
                nodes: Some(nodes),
                charged: if nodes_per_game.is_some() { nodes } else { 0 },
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::activity;
    use crate::answer::{answer_all, Answered, Budget};

    #[test]
    fn a_chance_budget_is_worth_a_query_s_node_budget() {
        let chance = ChanceBudget { boards: 2_000, nodes: 60_000 };
        assert_eq!(chance.boards_for(60_000), 2_000);
        assert_eq!(chance.boards_for(u64::MAX), 2_000);
        assert_eq!(chance.boards_for(15_000), 500);
        assert_eq!(chance.boards_for(0), 0);
        assert_eq!(chance.nodes_for(2_000), 60_000);
        assert_eq!(chance.nodes_for(1), 30);
        assert_eq!(ChanceBudget { boards: 7, nodes: 10 }.nodes_for(1), 2, "rounded up");
    }

    #[test]
    fn a_file_of_slow_chances_spends_its_budget_and_ends() {
        // Twelve chances past a budget of 50 boards, without `--budget`: each
        // takes its budget and as many again for the fewer moves, two of the
        // file's ten budgets; the sixth and after get none, and end at once.
        let board = "game 2048\nspawns classic\nboard {\n  . . . .\n  . . . .\n  . . . .\n  . . . .\n}\n";
        let source = format!("{board}{}", "query chance 64 within 20\n".repeat(12));
        let puzzle = crate::language::parse(&source).unwrap();
        let budget = Budget { nodes: None, threads: 1, chance_boards: Some(50) };
        let Answered::Twenty48 { results, .. } = answer_all(&puzzle, budget, true) else { unreachable!() };
        let boards: Vec<_> = results.iter().map(|result| result.nodes).collect();
        let mut expected = vec![Some(50); 5];
        expected.extend([Some(0); 7]);
        assert_eq!(boards, expected);
    }

    #[test]
    fn a_play_s_progress_is_told_at_most_every_50_ms() {
        let shown = PlayShown::new(3, Instant::now());
        let told = || activity::of(std::thread::current().id());
        let moved = |moves, max_tile| shown.moved(&PlayProgress { game: 0, moves, max_tile, games_done: 0 });
        let first = Instant::now();
        moved(1, 4);
        assert_eq!(told().as_deref(), Some("play: 0/3 games, 1 move, largest 4"));
        moved(2, 8);
        // Unless this thread was held up past 50 ms (a loaded machine).
        if first.elapsed() < PLAY_TOLD_EVERY {
            assert_eq!(told().as_deref(), Some("play: 0/3 games, 1 move, largest 4"), "within 50 ms of the last");
        }
        std::thread::sleep(PLAY_TOLD_EVERY);
        moved(3, 4);
        assert_eq!(told().as_deref(), Some("play: 0/3 games, 3 moves, largest 8"));
    }

    #[test]
    fn a_best_move_search_says_its_depth_and_budget() {
        assert_eq!(best_move_doing(Some(6), Some(5_000)), "best-move: depth 6, within 5000 moves tried");
        assert_eq!(best_move_doing(None, None), "best-move: the default depth");
    }

    /// A query of the game with spawns on `rows`, answered alone.
    fn answered(rows: &str, query: SpawnQuery, options: SearchOptions, chance: ChanceBudget) -> Found<Answer2048> {
        let board: rules_2048::Board = rows.parse().unwrap();
        answer_with_spawns(&board, &SpawnLaw::classic(), &query, &options, true, chance).unwrap()
    }

    #[test]
    fn a_chance_is_charged_the_boards_it_searched() {
        let chance = ChanceBudget { boards: 1_000, nodes: 3_000 };
        let options = SearchOptions { node_budget: Some(3_000), threads: 1 };
        let rows = "2 2 / . .";
        let found = answered(rows, SpawnQuery::Chance { target: 8, within: 3 }, options, chance);
        assert!(found.incomplete.is_none());
        let alone = rules_2048::chance_watched(&rows.parse().unwrap(), &SpawnLaw::classic(), 8, 3, None, &|_| {});
        assert!(alone.as_ref().unwrap().boards > 0);
        assert_eq!(found.charged, chance.nodes_for(alone.unwrap().boards));
    }

    #[test]
    fn a_chance_past_its_budget_proves_only_a_chance_above_zero() {
        // Within the four moves the budget affords, no 32 can be made: that
        // proves nothing of nine moves (no "at least 0").
        let chance = ChanceBudget { boards: 100, nodes: 100 };
        let options = SearchOptions { node_budget: Some(100), threads: 1 };
        let rows = "2 4 . . . / 4 2 . . . / . . . . .";
        let found = answered(rows, SpawnQuery::Chance { target: 32, within: 9 }, options, chance);
        assert_eq!(found.incomplete, Some(Bound::Unfinished));
        let found = answered(rows, SpawnQuery::Chance { target: 16, within: 9 }, options, chance);
        assert!(matches!(found.incomplete, Some(Bound::ChanceAtLeast { within: 4, .. })), "{:?}", found.incomplete);
    }

    #[test]
    fn a_play_s_budget_is_shared_by_its_games() {
        // Game 1 of two sharing 400 moves tried is game 1 of one given 200.
        let options = |nodes| SearchOptions { node_budget: Some(nodes), threads: 1 };
        let play = |games| SpawnQuery::Play(PlayQuery { games, seed: Some(5), depth: Some(1), until: None });
        let chance = ChanceBudget { boards: 1, nodes: 1 };
        let rows = "2 . . . / . . . . / . . 2 . / . . . .";
        let game_one = |found: Found<Answer2048>| match found.answer {
            Answer2048::Play { stats, .. } => stats.games[0],
            other => panic!("{other:?}"),
        };
        let shared = game_one(answered(rows, play(2), options(400), chance));
        let alone = game_one(answered(rows, play(1), options(200), chance));
        assert_eq!(shared, alone);
        assert!(shared.moves > 1 && shared.end == GameEnd::OutOfBudget, "{shared:?}");
    }

    #[test]
    fn a_games_end_is_told_when_it_lasted_a_second() {
        let _alone = activity::LISTENING_IN_A_TEST.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        activity::answering("answer-test.puzzle".to_string());
        let mine = || {
            let lines = activity::take_lines();
            lines.into_iter().filter(|line| line.starts_with("answer-test.puzzle: ")).collect::<Vec<_>>()
        };
        activity::listen(true);
        let shown = PlayShown::new(3, Instant::now());
        let record = GameRecord { max_tile: 2048, score: 20_000, moves: 940, nodes: 1, end: GameEnd::Lost };
        let first_move = |game| shown.moved(&PlayProgress { game, moves: 1, max_tile: 4, games_done: 0 });
        first_move(0);
        first_move(1);
        shown.ended(1, &record);
        std::thread::sleep(PLAY_GAME_TOLD_FROM);
        shown.ended(0, &record);
        // A game that never moved (its tile stood at once) is not told.
        shown.ended(2, &record);
        assert_eq!(mine(), ["answer-test.puzzle: game 1 of 3: 2048 (lost), score 20000, 940 moves"]);
        activity::listen(false);
    }
}
