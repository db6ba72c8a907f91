//! Answers the queries of a checked puzzle through the rules crates: one
//! typed answer per query, its proof, and its [`Status`]. The queries of the
//! game with spawns are answered in `spawns`.

mod spawns;

use grid_core::{Direction, Grid};
use rules_2048::{GameEnd, PlayStats, Proof, ReachProof, SearchError, SearchOptions, SpawnLaw};
use rules_blockgame::Solution;

pub(crate) use self::spawns::game_line;
use self::spawns::{answer_with_spawns, ChanceBudget};
use crate::diagnostic::Span;
use crate::language::ast::Decimal;
use crate::language::{
    BlockExpect, BlockQuery, Error, ErrorKind, Expect2048, Game, Item, Puzzle, Query2048, QueryKind, SpawnQuery,
};
use crate::limits;

/// The answer to a 2048 query.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer2048 {
    /// `max-tile`: the tile and one shortest sequence reaching it.
    MaxTile {
        /// The largest tile reachable.
        tile: u64,
        /// The witness.
        moves: Vec<Direction>,
    },
    /// `reach`: the fewest moves, or `None` for unreachable.
    Reach {
        /// The witness, whose length is the answer.
        moves: Option<Vec<Direction>>,
    },
    /// `apply`: the board after the moves.
    Apply {
        /// The moves played.
        moves: Vec<Direction>,
        /// The board after them, as tile values.
        board: Grid<u64>,
    },
    /// `chance`: the best probability, `None` when the search stopped at its
    /// budget (the result's bound says what fewer moves prove).
    Chance {
        /// The probability.
        probability: Option<f64>,
        /// The proven bound on its rounding error.
        error_bound: f64,
        /// The optimal first moves.
        moves: Vec<Direction>,
        /// Each legal first move with the best chance after it (none when no
        /// move was searched: see [`rules_2048::Chance::first_moves`]).
        first_moves: Vec<(Direction, f64)>,
    },
    /// `best-move`: the engine's move and analysis.
    BestMove {
        /// The move, `None` when no move is legal.
        choice: Option<Direction>,
        /// Each legal move's value.
        analysis: Vec<(Direction, f64)>,
        /// The depth searched.
        depth: u32,
        /// The moves tried.
        nodes: u64,
        /// The time taken (the only field that varies between runs).
        seconds: f64,
    },
    /// `play`: the games.
    Play {
        /// One record per game.
        stats: PlayStats,
        /// The time taken.
        seconds: f64,
    },
}

impl Answer2048 {
    /// The moves of the witness (or of `apply`), if any.
    pub fn moves(&self) -> Option<&[Direction]> {
        match self {
            Answer2048::MaxTile { moves, .. } | Answer2048::Apply { moves, .. } => Some(moves),
            Answer2048::Reach { moves } => moves.as_deref(),
            Answer2048::Chance { .. } | Answer2048::BestMove { .. } | Answer2048::Play { .. } => None,
        }
    }

    /// With spawns, the move the answer plays: `best-move`'s, or `chance`'s
    /// first best one; `None` for the other queries, or with no move.
    pub fn first_move(&self) -> Option<Direction> {
        match self {
            Answer2048::BestMove { choice, .. } => *choice,
            Answer2048::Chance { moves, .. } => moves.first().copied(),
            _ => None,
        }
    }

    /// `best-move` on a lost board: searched (a depth of 0 is a search
    /// stopped before its first move), and no move legal.
    pub fn is_lost_game(&self) -> bool {
        matches!(self, Answer2048::BestMove { choice: None, depth: 1.., .. })
    }

    /// `best-move`: the moves exactly as good as the engine's, its own
    /// first (a symmetric board ties its mirrored moves to the bit); empty
    /// when no move is legal or nothing was searched.
    pub fn best_moves(&self) -> Vec<Direction> {
        let Answer2048::BestMove { choice: Some(choice), analysis, depth: 1.., .. } = self else { return Vec::new() };
        let Some(&(_, best)) = analysis.iter().find(|(direction, _)| direction == choice) else { return Vec::new() };
        let ties = analysis.iter().filter(|&&(direction, value)| direction != *choice && value == best);
        std::iter::once(*choice).chain(ties.map(|&(direction, _)| direction)).collect()
    }

    /// What the answer says of `expect`, given what its search proved when
    /// it stopped at its budget (`incomplete`): an incomplete answer fails
    /// an `expect` only when what is proven contradicts it.
    pub fn check(&self, expect: &Expect2048, incomplete: Option<&Bound>) -> Check {
        let Some(bound) = incomplete else { return Check::of(self.matches(expect)) };
        let possible = match (self, expect, bound) {
            // The answer lies between the tile found and the bound.
            (Answer2048::MaxTile { tile, .. }, Expect2048::Number(n), Bound::UpperBound(upper)) => {
                if tile == upper {
                    return Check::of(n == tile);
                }
                tile <= n && n <= upper
            }
            // The fewest moves lie between the bound and the witness found.
            (Answer2048::Reach { moves }, Expect2048::Number(n), Bound::FewestAtLeast(fewest)) => {
                let n = usize::try_from(*n).unwrap_or(usize::MAX);
                if moves.as_ref().is_some_and(|moves| moves.len() == *fewest) {
                    return Check::of(n == *fewest);
                }
                *fewest <= n && moves.as_ref().is_none_or(|moves| n <= moves.len())
            }
            (Answer2048::Reach { moves }, Expect2048::Unreachable, _) => moves.is_none(),
            // More moves never lower a chance: one that rounds above the
            // expected number cannot be it.
            (
                Answer2048::Chance { .. },
                Expect2048::Probability(expected),
                Bound::ChanceAtLeast { probability, .. },
            ) => expected.may_be_rounding_of_at_least(*probability),
            (Answer2048::Play { stats, .. }, Expect2048::Share { tile, percent }, _) => {
                // A tile once made stays made: longer games keep the share.
                if self.matches(expect) {
                    return Check::Holds;
                }
                // The games that stopped before they ended might still make it.
                let could = stats.games.iter().filter(|g| g.max_tile >= *tile || g.end == GameEnd::OutOfBudget);
                is_share(could.count(), stats.games.len(), *percent)
            }
            // A board without a legal move is answered `none` at once: a
            // search stopped at its budget had moves to try.
            (Answer2048::BestMove { .. }, Expect2048::Move(None), _) => false,
            // A move at a shallower depth, or a chance with nothing proven,
            // says nothing of the answer.
            _ => true,
        };
        if possible {
            Check::Undecided
        } else {
            Check::Fails
        }
    }

    /// Whether the answer is what `expect` says.
    pub fn matches(&self, expect: &Expect2048) -> bool {
        match (self, expect) {
            (Answer2048::MaxTile { tile, .. }, Expect2048::Number(n)) => tile == n,
            (Answer2048::Reach { moves: Some(moves) }, Expect2048::Number(n)) => moves.len() as u64 == *n,
            (Answer2048::Reach { moves: None }, Expect2048::Unreachable) => true,
            (Answer2048::Apply { board, .. }, Expect2048::Board(expected)) => board == expected,
            (Answer2048::Chance { probability: Some(p), error_bound, .. }, Expect2048::Probability(expected)) => {
                expected.may_be_rounding_of(*p, *error_bound)
            }
            // Depth 0: a budget too small for the root's moves found nothing,
            // not `none`.
            // Any move as good as the engine's holds.
            (Answer2048::BestMove { choice, depth, .. }, Expect2048::Move(expected)) => match expected {
                None => *depth > 0 && choice.is_none(),
                Some(direction) => self.best_moves().contains(direction),
            },
            (Answer2048::Play { stats, .. }, Expect2048::Share { tile, percent }) => {
                let reached = stats.games.iter().filter(|game| game.max_tile >= *tile).count();
                is_share(reached, stats.games.len(), *percent)
            }
            _ => false,
        }
    }
}

/// The answer to a block-game query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockAnswer {
    /// `max-removed`: the solver's solution.
    MaxRemoved(Solution),
}

impl BlockAnswer {
    /// Whether the answer is what `expect` says.
    pub fn matches(&self, expect: &BlockExpect) -> bool {
        match (self, expect) {
            (BlockAnswer::MaxRemoved(solution), BlockExpect::Number(n)) => solution.count() as u64 == *n,
        }
    }
}

/// Whether `count` of `games` is at least `percent` %: count / games ≥
/// digits / (100 · 10^places), in integers.
fn is_share(count: usize, games: usize, percent: Decimal) -> bool {
    count as u128 * 100 * 10u128.pow(percent.places) >= u128::from(percent.digits) * games as u128
}

/// What an answer says of its query's `expect`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// The answer is proven and is what `expect` says.
    Holds,
    /// The answer is not what `expect` says, or what its incomplete search
    /// proved contradicts it.
    Fails,
    /// The search stopped at its budget before it could tell: `expect`
    /// agrees with everything proven.
    Undecided,
}

impl Check {
    fn of(holds: bool) -> Check {
        if holds {
            Check::Holds
        } else {
            Check::Fails
        }
    }
}

/// What became of one query, from the best to the worst: the worst status
/// of a run decides its exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Answered, and as expected if an `expect` says.
    Ok,
    /// The search stopped at its budget (and its `expect`, if any, did not
    /// fail).
    Incomplete,
    /// Answered, but not as its `expect` says.
    Failed,
    /// An error instead of an answer (a tile past 2^63).
    Error,
}

impl Status {
    /// The exit status for this status: 0 ok, 3 incomplete, 1 failed, 2
    /// error (the order of [`Status`], worst last).
    pub fn exit_code(self) -> u8 {
        match self {
            Status::Ok => 0,
            Status::Incomplete => 3,
            Status::Failed => 1,
            Status::Error => 2,
        }
    }
}

/// A query's kind and parameters, for the JSON document and editors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    /// The query as written canonically.
    pub text: String,
    /// Which query.
    pub kind: QueryKind,
    /// K, for `max-tile` and `reach`.
    pub k: Option<usize>,
    /// T, for `reach`.
    pub target: Option<u64>,
    /// The moves, for `apply`.
    pub moves_given: Option<Vec<Direction>>,
    /// The options given to `best-move` and `play` (`seed`, `depth`, `until`).
    pub options: Vec<(&'static str, u64)>,
}

impl Params {
    fn of_2048(query: &Query2048) -> Params {
        let (k, target, moves_given) = match query {
            Query2048::MaxTile { within } => (Some(*within), None, None),
            Query2048::Reach { target, within } => (Some(*within), Some(*target), None),
            Query2048::Apply { moves } => (None, None, Some(moves.clone())),
        };
        Params { text: query.text(), kind: query.kind(), k, target, moves_given, options: Vec::new() }
    }

    fn of_spawns(query: &SpawnQuery) -> Params {
        let (k, target) = match query {
            SpawnQuery::Chance { target, within } => (Some(*within), Some(*target)),
            SpawnQuery::BestMove { .. } | SpawnQuery::Play(_) => (None, None),
        };
        let options = match query {
            SpawnQuery::Chance { .. } => Vec::new(),
            SpawnQuery::BestMove { depth } => depth.map(|d| ("depth", u64::from(d))).into_iter().collect(),
            SpawnQuery::Play(play) => [
                Some(("seed", play.seed.unwrap_or(0))),
                play.depth.map(|d| ("depth", u64::from(d))),
                play.until.map(|t| ("until", t)),
            ]
            .into_iter()
            .flatten()
            .collect(),
        };
        Params { text: query.text(), kind: query.kind(), k, target, moves_given: None, options }
    }

    fn of_block(query: &BlockQuery) -> Params {
        Params {
            text: query.text(),
            kind: QueryKind::MaxRemoved,
            k: None,
            target: None,
            moves_given: None,
            options: Vec::new(),
        }
    }
}

/// What an incomplete answer proves: every bound stated is proven.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Bound {
    /// `max-tile`: no tile larger than this can be reached.
    UpperBound(u64),
    /// `reach`: no sequence of fewer moves reaches the target.
    FewestAtLeast(usize),
    /// `chance`: nothing; the search stopped before it could finish, and
    /// within fewer moves the chance is 0 (or no fewer moves finished).
    Unfinished,
    /// `chance`: at least `probability` (its rounding error taken off): the
    /// chance within `within` moves, fewer than asked, which more moves
    /// never lower.
    ChanceAtLeast { probability: f64, within: usize },
    /// `play`: this many games stopped at their budget before they ended.
    GamesUnfinished(usize),
    /// `best-move`: the depth asked for did not fit in the budget; the move
    /// is that of `searched`, the deepest depth searched in full.
    DepthSearched { asked: u32, searched: u32 },
}

/// The result of one query.
#[derive(Debug, Clone)]
pub struct QueryResult<A, E> {
    /// The query as written canonically.
    pub text: String,
    /// What it asks, for programs.
    pub params: Params,
    /// Where the `query` statement is.
    pub span: Span,
    /// Where its `expect` statement is, if it has one.
    pub expect_span: Option<Span>,
    /// The answer, or why there is none (a tile past 2^63).
    pub answer: Result<A, Error>,
    /// What is proven when the search stopped at its budget.
    pub incomplete: Option<Bound>,
    /// Boards the search visited, for searches.
    pub nodes: Option<u64>,
    /// The `expect`, and what the answer says of it.
    pub expect: Option<(E, Check)>,
}

impl<A, E> QueryResult<A, E> {
    /// Whether the query failed: its `expect` does not hold, or it has no
    /// answer (an incomplete answer may fail too).
    pub fn failed(&self) -> bool {
        matches!(self.expect, Some((_, Check::Fails))) || self.answer.is_err()
    }

    /// What became of the query.
    pub fn status(&self) -> Status {
        if self.answer.is_err() {
            Status::Error
        } else if matches!(self.expect, Some((_, Check::Fails))) {
            Status::Failed
        } else if self.incomplete.is_some() {
            Status::Incomplete
        } else {
            Status::Ok
        }
    }
}

/// A 2048 result.
pub type Result2048 = QueryResult<Answer2048, Expect2048>;
/// A block-game result.
pub type BlockResult = QueryResult<BlockAnswer, BlockExpect>;

/// A puzzle with its answers, each game with its own board and results.
#[derive(Debug, Clone)]
pub enum Answered {
    /// A 2048 puzzle.
    Twenty48 {
        /// The starting board.
        board: rules_2048::Board,
        /// The spawn law, for the game with spawns.
        spawns: Option<SpawnLaw>,
        /// One result per query, in order.
        results: Vec<Result2048>,
    },
    /// A block-game puzzle.
    BlockGame {
        /// The starting board.
        board: rules_blockgame::Board,
        /// One result per query, in order.
        results: Vec<BlockResult>,
    },
}

impl Answered {
    /// How many queries are answered.
    pub fn count(&self) -> usize {
        match self {
            Answered::Twenty48 { results, .. } => results.len(),
            Answered::BlockGame { results, .. } => results.len(),
        }
    }

    /// Adds the result of a 2048 puzzle's next query.
    fn push_2048(&mut self, result: Result2048) {
        if let Answered::Twenty48 { results, .. } = self {
            results.push(result);
        }
    }

    /// Adds the result of a block-game puzzle's next query.
    fn push_block(&mut self, result: BlockResult) {
        if let Answered::BlockGame { results, .. } = self {
            results.push(result);
        }
    }

    /// `self` with each of `results` added by `push` as it is found, shown
    /// to `so_far` first with none, then after each.
    fn grown<R>(
        mut self,
        results: impl Iterator<Item = R>,
        push: fn(&mut Answered, R),
        so_far: &mut dyn FnMut(&Answered),
    ) -> Answered {
        so_far(&self);
        for result in results {
            push(&mut self, result);
            so_far(&self);
        }
        self
    }

    /// The status of each result, in order.
    pub fn statuses(&self) -> Vec<Status> {
        self.each(QueryResult::status, QueryResult::status)
    }

    /// The status of result `index`.
    pub fn status(&self, index: usize) -> Status {
        match self {
            Answered::Twenty48 { results, .. } => results[index].status(),
            Answered::BlockGame { results, .. } => results[index].status(),
        }
    }

    /// For each result, in order: whether it failed, and whether its search
    /// stopped at the budget.
    pub fn tallies(&self) -> Vec<(bool, bool)> {
        self.each(|r| (r.failed(), r.incomplete.is_some()), |r| (r.failed(), r.incomplete.is_some()))
    }

    fn each<T>(&self, of_2048: impl Fn(&Result2048) -> T, of_block: impl Fn(&BlockResult) -> T) -> Vec<T> {
        match self {
            Answered::Twenty48 { results, .. } => results.iter().map(of_2048).collect(),
            Answered::BlockGame { results, .. } => results.iter().map(of_block).collect(),
        }
    }
}

/// How hard the searches may work, and on how many threads.
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget {
    /// Boards a search may visit; `None` for the default, which scales with the
    /// board's size.
    pub nodes: Option<u64>,
    /// Threads a search may use; 0 or 1 for one.
    pub threads: usize,
    /// Boards a `chance` search may visit, each far dearer than a board of
    /// the other searches (all its spawns); `None` for `nodes` when given,
    /// else the default that scales with the board's size.
    pub chance_boards: Option<u64>,
}

impl Budget {
    /// The boards each search on a board of `size` (height, width) may
    /// visit: the budget given, else the default for the board's cells.
    fn per_query(&self, (height, width): (usize, usize)) -> u64 {
        self.nodes.unwrap_or(limits::default_node_budget(height * width))
    }

    /// The boards a file's searches share: without a budget given, ten
    /// searches' worth, so that a file of many slow queries still ends in
    /// minutes; with one, each query has it all.
    fn per_file(&self, size: (usize, usize)) -> u64 {
        match self.nodes {
            Some(_) => u64::MAX,
            None => limits::FILE_BUDGET_QUERIES * self.per_query(size),
        }
    }

    /// The boards a `chance` search may visit: its own budget, else the
    /// budget given, else the default for the board's cells.
    fn chance_boards_for(&self, (height, width): (usize, usize)) -> u64 {
        self.chance_boards.or(self.nodes).unwrap_or_else(|| limits::default_chance_boards(height * width))
    }
}

/// Answers every query of `puzzle`, in order (none when `answer` is false,
/// for `puzzle check`).
pub fn answer_all(puzzle: &Puzzle, budget: Budget, answer: bool) -> Answered {
    answer_each(puzzle, budget, answer, &|| true, &mut |_| {})
}

/// [`answer_all`], stopping before the next query once `go_on` says no (an
/// editor whose text changed): the results then end early.
pub fn answer_while(puzzle: &Puzzle, budget: Budget, answer: bool, go_on: &dyn Fn() -> bool) -> Answered {
    answer_each(puzzle, budget, answer, go_on, &mut |_| {})
}

/// [`answer_while`], showing `so_far` the results as they grow: first none,
/// then up to each query as soon as it is answered, so that a report can be
/// written as it grows.
pub fn answer_each(
    puzzle: &Puzzle,
    budget: Budget,
    answer: bool,
    go_on: &dyn Fn() -> bool,
    so_far: &mut dyn FnMut(&Answered),
) -> Answered {
    let size = puzzle.game.size();
    let per_query = budget.per_query(size);
    let mut left_for_file = budget.per_file(size);
    match &puzzle.game {
        Game::Twenty48 { board, queries } => {
            let queries = if answer { &queries[..] } else { &[] };
            let results = searched(queries, go_on, budget.threads, per_query, &mut left_for_file, Params::of_2048, {
                |query, options| answer_2048(board, query, options)
            });
            let none = Answered::Twenty48 { board: board.clone(), spawns: None, results: Vec::new() };
            none.grown(results, Answered::push_2048, so_far)
        }
        Game::Spawns { board, law, queries } => {
            let queries = if answer { &queries[..] } else { &[] };
            let explicit = budget.nodes.is_some();
            let chance = ChanceBudget { boards: budget.chance_boards_for(size), nodes: per_query };
            let results = searched(queries, go_on, budget.threads, per_query, &mut left_for_file, Params::of_spawns, {
                |query, options| answer_with_spawns(board, law, query, options, explicit, chance)
            });
            let none = Answered::Twenty48 { board: board.clone(), spawns: Some(law.clone()), results: Vec::new() };
            none.grown(results, Answered::push_2048, so_far)
        }
        Game::BlockGame { board, queries } => {
            let queries = if answer { &queries[..] } else { &[] };
            let results = queries.iter().take_while(|_| go_on()).map(|item| {
                result_of(item, Params::of_block, |query| match query {
                    BlockQuery::MaxRemoved => Ok(exact(BlockAnswer::MaxRemoved(rules_blockgame::solve(board)))),
                })
            });
            let none = Answered::BlockGame { board: board.clone(), results: Vec::new() };
            none.grown(results, Answered::push_block, so_far)
        }
    }
}

/// The results of 2048 queries in order while `go_on`, each searched (when
/// the iterator reaches it) under its budget and the file's budget left,
/// which it then spends.
fn searched<'a, Q>(
    items: &'a [Item<Q, Expect2048>],
    go_on: &'a dyn Fn() -> bool,
    threads: usize,
    per_query: u64,
    left_for_file: &'a mut u64,
    params: impl Fn(&Q) -> Params + 'a,
    answer: impl Fn(&Q, &SearchOptions) -> Result<Found<Answer2048>, SearchError> + 'a,
) -> impl Iterator<Item = Result2048> + 'a {
    items.iter().take_while(move |_| go_on()).map(move |item| {
        let options = SearchOptions { node_budget: Some(per_query.min(*left_for_file)), threads };
        let mut charged = 0;
        let result = result_of(item, &params, |query| {
            let found = answer(query, &options)?;
            charged = found.charged;
            Ok(found)
        });
        *left_for_file = left_for_file.saturating_sub(charged);
        result
    })
}

/// The result of one item, from its answer and how it was found.
fn result_of<Q, A, E: Clone>(
    item: &Item<Q, E>,
    params: impl Fn(&Q) -> Params,
    answer: impl FnOnce(&Q) -> Result<Found<A>, SearchError>,
) -> QueryResult<A, E>
where
    A: Checks<E>,
{
    let (answer, incomplete, nodes) = match answer(&item.query) {
        Ok(found) => (Ok(found.answer), found.incomplete, found.nodes),
        Err(error) => (Err(Error::new(ErrorKind::Search(error), item.span)), None, None),
    };
    let expect = item.expect.as_ref().map(|(expect, _)| {
        let check = answer.as_ref().map_or(Check::Fails, |a| a.check(expect, incomplete.as_ref()));
        (expect.clone(), check)
    });
    let expect_span = item.expect.as_ref().map(|(_, span)| *span);
    let params = params(&item.query);
    QueryResult { text: params.text.clone(), params, span: item.span, expect_span, answer, incomplete, nodes, expect }
}

/// Answers that an `expect` of type `E` can check.
trait Checks<E> {
    fn check(&self, expect: &E, incomplete: Option<&Bound>) -> Check;
}

impl Checks<Expect2048> for Answer2048 {
    fn check(&self, expect: &Expect2048, incomplete: Option<&Bound>) -> Check {
        Answer2048::check(self, expect, incomplete)
    }
}

impl Checks<BlockExpect> for BlockAnswer {
    fn check(&self, expect: &BlockExpect, _: Option<&Bound>) -> Check {
        // The block-game solver always finishes.
        Check::of(self.matches(expect))
    }
}

/// An answer with how it was found.
struct Found<A> {
    answer: A,
    /// What is proven, when the search did not finish.
    incomplete: Option<Bound>,
    /// Boards visited, for searches.
    nodes: Option<u64>,
    /// What the search took of the file's budget: its boards when the
    /// budget bounded it (a chance's in nodes, [`ChanceBudget::nodes_for`]),
    /// else nothing (self-play and the default depth run
    /// without it, and must not leave the queries after them none).
    charged: u64,
}

fn exact<A>(answer: A) -> Found<A> {
    Found { answer, incomplete: None, nodes: None, charged: 0 }
}

fn answer_2048(
    board: &rules_2048::Board,
    query: &Query2048,
    options: &SearchOptions,
) -> Result<Found<Answer2048>, SearchError> {
    Ok(match query {
        Query2048::MaxTile { within } => {
            let found = rules_2048::max_tile_with(board, *within, options)?;
            let answer = Answer2048::MaxTile { tile: found.tile, moves: found.moves };
            let incomplete = match found.proof {
                Proof::Exact => None,
                Proof::Incomplete { upper_bound } => Some(Bound::UpperBound(upper_bound)),
            };
            Found { answer, incomplete, nodes: Some(found.nodes), charged: found.nodes }
        }
        Query2048::Reach { target, within } => {
            let found = rules_2048::reach_with(board, *target, *within, options)?;
            let incomplete = match found.proof {
                ReachProof::Exact => None,
                ReachProof::Incomplete { fewest_at_least } => Some(Bound::FewestAtLeast(fewest_at_least)),
            };
            let answer = Answer2048::Reach { moves: found.moves };
            Found { answer, incomplete, nodes: Some(found.nodes), charged: found.nodes }
        }
        Query2048::Apply { moves } => {
            let after = rules_2048::apply(board, moves)?;
            exact(Answer2048::Apply { moves: moves.clone(), board: after.values() })
        }
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use rules_2048::GameRecord;

    use super::*;

    #[test]
    fn a_share_is_at_least_its_percent_to_the_digit() {
        // (games reaching, games, percent written, whether that is a share of at least it)
        let cases = [
            (0, 2, "50", false),
            (1, 2, "50", true),
            (1, 3, "33.33", true),
            (1, 3, "33.34", false),
            (2, 3, "66.67", false),
            (19, 20, "95", true),
            (18, 20, "95", false),
            (20, 20, "100", true),
            (0, 5, "0", true),
        ];
        for (count, games, percent, at_least) in cases {
            assert_eq!(
                is_share(count, games, Decimal::parse(percent).unwrap()),
                at_least,
                "{count} of {games}, {percent}%"
            );
        }
    }

    #[test]
    fn a_file_s_budgets_scale_with_its_board_unless_given() {
        let budgets =
            |budget: Budget, size| (budget.per_query(size), budget.per_file(size), budget.chance_boards_for(size));
        // 10^9 cell-moves a search, ten searches a file; a chance's
        // boards shrink as the square of the cells, from 4×4's 2,000,000.
        assert_eq!(budgets(Budget::default(), (20, 20)), (2_500_000, 25_000_000, 3_200));
        assert_eq!(budgets(Budget::default(), (5, 4)), (50_000_000, 500_000_000, 1_280_000));
        assert_eq!(budgets(Budget::default(), (2, 2)), (250_000_000, 2_500_000_000, 2_000_000));
        // A budget given is each query's, and a chance's too unless its own is.
        let given = Budget { nodes: Some(1_000), ..Budget::default() };
        assert_eq!(budgets(given, (20, 20)), (1_000, u64::MAX, 1_000));
        assert_eq!(budgets(Budget { chance_boards: Some(7), ..given }, (20, 20)), (1_000, u64::MAX, 7));
    }

    #[test]
    fn only_work_the_budget_bounded_is_charged_to_the_file() {
        // Four queries sharing 250 boards, at most 100 each: the first used
        // millions without the budget (self-play, the default depth), the
        // second 100 within it, the third 100 more; the fourth gets what is
        // left, 50.
        let item = Item { query: 0usize, span: Span::default(), expect: None };
        let items = vec![
            item.clone(),
            Item { query: 1, ..item.clone() },
            Item { query: 2, ..item.clone() },
            Item { query: 3, ..item },
        ];
        let given = Mutex::new(Vec::new());
        let mut left_for_file = 250;
        let params = |_: &usize| Params::of_spawns(&SpawnQuery::BestMove { depth: None });
        let results = searched(&items, &|| true, 1, 100, &mut left_for_file, params, |query, options| {
            given.lock().unwrap().push(options.node_budget);
            let (nodes, charged) = [(5_000_000, 0), (100, 100), (100, 100), (50, 50)][*query];
            let answer = Answer2048::Reach { moves: None };
            Ok(Found { answer, incomplete: None, nodes: Some(nodes), charged })
        })
        .count();
        assert_eq!(results, 4);
        assert_eq!(given.into_inner().unwrap(), [Some(100), Some(100), Some(100), Some(50)]);
        assert_eq!(left_for_file, 0);
    }

    #[test]
    fn an_incomplete_answer_fails_its_expect_only_when_what_is_proven_contradicts_it() {
        use Check::{Fails, Holds, Undecided};
        let number = Expect2048::Number;
        let decimal = |text| Decimal::parse(text).unwrap();
        let up = |moves| Some(vec![Direction::Up; moves]);
        // Found 64, no tile above 256 possible.
        let max_tile = Answer2048::MaxTile { tile: 64, moves: vec![Direction::Up] };
        // Found in 8 moves, none in fewer than 3.
        let reach = Answer2048::Reach { moves: up(8) };
        let no_reach = Answer2048::Reach { moves: None };
        let chance =
            Answer2048::Chance { probability: None, error_bound: 0.0, moves: Vec::new(), first_moves: Vec::new() };
        let at_least = Bound::ChanceAtLeast { probability: 0.0074, within: 5 };
        let game = |max_tile, end| GameRecord { max_tile, score: 0, moves: 1, nodes: 1, end };
        // Of four games, one made a 64 and one stopped at its budget.
        let games = vec![
            game(64, GameEnd::Reached),
            game(32, GameEnd::Lost),
            game(16, GameEnd::Lost),
            game(32, GameEnd::OutOfBudget),
        ];
        let play = Answer2048::Play { stats: PlayStats { games }, seconds: 0.0 };
        let share = |tile, percent| Expect2048::Share { tile, percent: decimal(percent) };
        let best_move = Answer2048::BestMove {
            choice: Some(Direction::Up),
            analysis: Vec::new(),
            depth: 2,
            nodes: 9,
            seconds: 0.0,
        };
        let shallower = Bound::DepthSearched { asked: 9, searched: 2 };
        #[rustfmt::skip]
        let cases = [
            (&max_tile, Bound::UpperBound(256), number(32), Fails),
            (&max_tile, Bound::UpperBound(256), number(64), Undecided),
            (&max_tile, Bound::UpperBound(256), number(256), Undecided),
            (&max_tile, Bound::UpperBound(256), number(512), Fails),
            (&max_tile, Bound::UpperBound(64), number(64), Holds),
            (&max_tile, Bound::UpperBound(64), number(128), Fails),
            (&reach, Bound::FewestAtLeast(3), number(2), Fails),
            (&reach, Bound::FewestAtLeast(3), number(3), Undecided),
            (&reach, Bound::FewestAtLeast(3), number(8), Undecided),
            (&reach, Bound::FewestAtLeast(3), number(9), Fails),
            (&reach, Bound::FewestAtLeast(3), Expect2048::Unreachable, Fails),
            (&reach, Bound::FewestAtLeast(8), number(8), Holds),
            (&no_reach, Bound::FewestAtLeast(3), number(2), Fails),
            (&no_reach, Bound::FewestAtLeast(3), number(7), Undecided),
            (&no_reach, Bound::FewestAtLeast(3), Expect2048::Unreachable, Undecided),
            (&chance, Bound::Unfinished, Expect2048::Probability(decimal("0")), Undecided),
            (&chance, at_least, Expect2048::Probability(decimal("0.001")), Fails),
            (&chance, at_least, Expect2048::Probability(decimal("0.007")), Undecided),
            (&chance, at_least, Expect2048::Probability(decimal("0.0074")), Undecided),
            (&chance, at_least, Expect2048::Probability(decimal("0.0073")), Fails),
            (&chance, at_least, Expect2048::Probability(decimal("1")), Undecided),
            // A tile once made stays: a game played on keeps its share.
            (&play, Bound::GamesUnfinished(1), share(64, "25"), Holds),
            (&play, Bound::GamesUnfinished(1), share(64, "50"), Undecided),
            (&play, Bound::GamesUnfinished(1), share(64, "50.1"), Fails),
            (&play, Bound::GamesUnfinished(1), share(32, "75"), Holds),
            (&play, Bound::GamesUnfinished(1), share(32, "75.5"), Fails),
            (&best_move, shallower, Expect2048::Move(Some(Direction::Up)), Undecided),
            (&best_move, shallower, Expect2048::Move(Some(Direction::Left)), Undecided),
            (&best_move, shallower, Expect2048::Move(None), Fails),
        ];
        for (answer, bound, expect, check) in cases {
            assert_eq!(answer.check(&expect, Some(&bound)), check, "{answer:?}, {bound:?}, {expect:?}");
        }
        // Complete, an answer is what `expect` says or not.
        assert_eq!(max_tile.check(&number(64), None), Holds);
        assert_eq!(reach.check(&number(7), None), Fails);
    }

    #[test]
    fn any_move_as_good_as_the_engines_meets_its_expect() {
        use Direction::{Down, Left, Right, Up};
        let engine = |choice, analysis: &[(Direction, f64)], depth| Answer2048::BestMove {
            choice,
            analysis: analysis.to_vec(),
            depth,
            nodes: 1,
            seconds: 0.0,
        };
        let mirrored = engine(Some(Up), &[(Up, 7.5), (Down, 7.5), (Left, 3.0), (Right, 7.499999)], 2);
        assert_eq!(mirrored.best_moves(), [Up, Down]);
        let holds = |answer: &Answer2048, expected| answer.matches(&Expect2048::Move(expected));
        assert!(holds(&mirrored, Some(Up)) && holds(&mirrored, Some(Down)));
        assert!(!holds(&mirrored, Some(Right)), "a hair below is not as good");
        assert!(!holds(&mirrored, None));
        let lost = engine(None, &[], 2);
        assert!(lost.best_moves().is_empty() && holds(&lost, None) && !holds(&lost, Some(Up)));
        // Nothing searched (depth 0): no move is the answer.
        let unsearched = engine(None, &[], 0);
        assert!(!holds(&unsearched, None) && !holds(&unsearched, Some(Up)));
    }
}
