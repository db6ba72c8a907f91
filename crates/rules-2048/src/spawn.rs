//! The game with spawns: after each legal move (one that changes the board)
//! a tile appears in a uniformly random empty cell, drawn from a
//! [`SpawnLaw`] (the classic one: a 2 nine times in ten, else a 4). A board
//! with no legal move is lost. This module holds the law and the rule of a
//! turn; `chance` answers the exact question about chances.

use std::fmt;

use grid_core::Direction;

use crate::board::{exponent_of_tile, Board};
use crate::rng::SeededRng;
use crate::rule::TileOverflow;

/// The tiles that may appear after a move, each with its chance: a percent,
/// whole or with up to [`SpawnLaw::MAX_PLACES`] decimals.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SpawnLaw {
    /// `(exponent, parts)`: the tile comes with probability `parts / whole`.
    outcomes: Vec<(u8, u64)>,
    /// The parts of all the outcomes together: 100 for whole percents, 1000
    /// for tenths of a percent, and so on; never more places than the
    /// chances need (`90.0%` is `90%`), so that a law draws the same spawns
    /// from the same generator however its percents were written.
    whole: u64,
}

/// Why a spawn law is not one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpawnLawError {
    /// No tile at all.
    Empty,
    /// A tile that is no tile (a power of two from 2 up).
    NotATile {
        /// The value given.
        value: u64,
    },
    /// A tile given twice.
    Repeated {
        /// The value given twice.
        value: u64,
    },
    /// A tile given a chance of 0 %.
    ZeroChance {
        /// The tile given 0 %.
        value: u64,
    },
    /// Percents that do not sum to 100.
    Percents {
        /// Their sum, in units of `10^-places` percent.
        sum: u128,
        /// The decimals of a percent the chances were given in.
        places: u32,
    },
    /// Chances finer than [`SpawnLaw::MAX_PLACES`] decimals of a percent.
    TooFine {
        /// The decimals given.
        places: u32,
    },
}

impl fmt::Display for SpawnLawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpawnLawError::Empty => f.write_str("a spawn law names at least one tile"),
            SpawnLawError::NotATile { value } => write!(f, "{value} is not a tile: a power of two from 2 up"),
            SpawnLawError::Repeated { value } => write!(f, "{value} is given twice"),
            SpawnLawError::ZeroChance { value } => {
                write!(f, "{value} is given 0%: every tile of a law has a chance above 0 (leave it out instead)")
            }
            SpawnLawError::Percents { sum, places } => {
                write!(f, "the chances add up to {}%, not 100%", decimal(*sum, *places))
            }
            SpawnLawError::TooFine { places } => write!(
                f,
                "a chance has {places} decimals; at most {} are allowed (a millionth of a percent)",
                SpawnLaw::MAX_PLACES
            ),
        }
    }
}

impl std::error::Error for SpawnLawError {}

/// `units · 10^-places` written out, trailing zeros of the fraction cut.
fn decimal(units: u128, places: u32) -> String {
    let scale = 10u128.pow(places);
    let fraction = format!("{:0width$}", units % scale, width = places as usize);
    match fraction.trim_end_matches('0') {
        "" => (units / scale).to_string(),
        digits => format!("{}.{digits}", units / scale),
    }
}

/// The law as a `.puzzle` file writes it: `2 90% 4 10%`, `2 99.5% 4 0.5%`.
///
/// ```
/// use rules_2048::SpawnLaw;
/// assert_eq!(SpawnLaw::classic().to_string(), "2 90% 4 10%");
/// let fine = SpawnLaw::in_percent_units(&[(2, 87_500), (8, 2_500), (4, 10_000)], 3).unwrap();
/// assert_eq!(fine.to_string(), "2 87.5% 8 2.5% 4 10%");
/// ```
impl fmt::Display for SpawnLaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let places = (self.whole / 100).ilog10();
        for (index, &(exponent, parts)) in self.outcomes.iter().enumerate() {
            let separator = if index == 0 { "" } else { " " };
            write!(f, "{separator}{} {}%", crate::board::value_of(exponent), decimal(u128::from(parts), places))?;
        }
        Ok(())
    }
}

impl SpawnLaw {
    /// The most decimals a chance may have, in percent: a millionth of a
    /// percent, far finer than any game needs and well inside what an `f64`
    /// probability holds.
    pub const MAX_PLACES: u32 = 6;

    /// The classic game's: a 2 with 90 %, a 4 with 10 %.
    pub fn classic() -> SpawnLaw {
        SpawnLaw { outcomes: vec![(1, 90), (2, 10)], whole: 100 }
    }

    /// A law of `(tile, percent)` pairs: powers of two from 2 up, each once,
    /// whole percents from 1 summing to 100.
    ///
    /// ```
    /// use rules_2048::{SpawnLaw, SpawnLawError};
    /// assert_eq!(SpawnLaw::new(&[(2, 90), (4, 10)]), Ok(SpawnLaw::classic()));
    /// assert_eq!(SpawnLaw::new(&[(2, 50), (3, 50)]), Err(SpawnLawError::NotATile { value: 3 }));
    /// assert_eq!(SpawnLaw::new(&[(2, 90)]), Err(SpawnLawError::Percents { sum: 90, places: 0 }));
    /// assert_eq!(SpawnLaw::new(&[(2, 100), (4, 0)]), Err(SpawnLawError::ZeroChance { value: 4 }));
    /// ```
    pub fn new(outcomes: &[(u64, u32)]) -> Result<SpawnLaw, SpawnLawError> {
        let outcomes: Vec<(u64, u128)> = outcomes.iter().map(|&(tile, percent)| (tile, u128::from(percent))).collect();
        SpawnLaw::in_percent_units(&outcomes, 0)
    }

    /// A law of `(tile, chance)` pairs, each chance in units of `10^-places`
    /// percent (`places` from 0 to [`SpawnLaw::MAX_PLACES`]): 99.5 % and
    /// 0.5 % are 995 and 5 with one place. Powers of two from 2 up, each
    /// once, no chance 0, the chances summing to 100 %.
    ///
    /// ```
    /// use rules_2048::{SpawnLaw, SpawnLawError};
    /// let law = SpawnLaw::in_percent_units(&[(2, 995), (4, 5)], 1).unwrap();
    /// assert_eq!((law.outcomes(), law.whole()), (&[(1, 995), (2, 5)][..], 1000));
    /// // 90.0 % and 10.0 % are the classic law, whatever their places.
    /// assert_eq!(SpawnLaw::in_percent_units(&[(2, 900), (4, 100)], 1), Ok(SpawnLaw::classic()));
    /// assert_eq!(
    ///     SpawnLaw::in_percent_units(&[(2, 995), (4, 4)], 1),
    ///     Err(SpawnLawError::Percents { sum: 999, places: 1 })
    /// );
    /// ```
    pub fn in_percent_units(outcomes: &[(u64, u128)], places: u32) -> Result<SpawnLaw, SpawnLawError> {
        if outcomes.is_empty() {
            return Err(SpawnLawError::Empty);
        }
        if places > SpawnLaw::MAX_PLACES {
            return Err(SpawnLawError::TooFine { places });
        }
        let mut exponents = Vec::with_capacity(outcomes.len());
        for &(value, _) in outcomes {
            let exponent = exponent_of_tile(value).ok().filter(|&e| e > 0).ok_or(SpawnLawError::NotATile { value })?;
            if exponents.contains(&exponent) {
                return Err(SpawnLawError::Repeated { value });
            }
            exponents.push(exponent);
        }
        if let Some(&(value, _)) = outcomes.iter().find(|&&(_, parts)| parts == 0) {
            return Err(SpawnLawError::ZeroChance { value });
        }
        let sum = outcomes.iter().fold(0u128, |sum, &(_, parts)| sum.saturating_add(parts));
        let mut whole = 100 * 10u64.pow(places);
        if sum != u128::from(whole) {
            return Err(SpawnLawError::Percents { sum, places });
        }
        // Each part is at most the whole, so it fits.
        let mut law: Vec<(u8, u64)> =
            exponents.into_iter().zip(outcomes.iter().map(|&(_, parts)| parts as u64)).collect();
        // The fewest places that write every chance.
        while whole > 100 && law.iter().all(|&(_, parts)| parts % 10 == 0) {
            whole /= 10;
            law.iter_mut().for_each(|(_, parts)| *parts /= 10);
        }
        Ok(SpawnLaw { outcomes: law, whole })
    }

    /// The tiles that may appear, as `(exponent, parts)`: each comes with
    /// probability `parts / whole()`.
    pub fn outcomes(&self) -> &[(u8, u64)] {
        &self.outcomes
    }

    /// The parts of all the outcomes together: 100 when every chance is a
    /// whole percent, 1000 when one has tenths, and so on.
    pub fn whole(&self) -> u64 {
        self.whole
    }

    /// `(exponent, probability)` of each tile, the parts over the whole (the
    /// searches' arithmetic starts from these).
    pub fn probabilities(&self) -> Vec<(u8, f64)> {
        self.outcomes.iter().map(|&(exponent, parts)| (exponent, self.probability(parts))).collect()
    }

    /// `parts / whole`, rounded once (both are exact in an `f64`: at most
    /// 10^8).
    fn probability(&self, parts: u64) -> f64 {
        parts as f64 / self.whole as f64
    }

    /// The largest tile a spawn brings.
    pub fn largest_tile(&self) -> u64 {
        self.outcomes.iter().map(|&(exponent, _)| crate::board::value_of(exponent)).max().unwrap_or(0)
    }
}

/// The moves that change `board`: the legal moves of the game with spawns,
/// each with the board it makes (before its spawn).
pub fn legal_moves(board: &Board) -> Result<Vec<(Direction, Board)>, TileOverflow> {
    let mut moves = Vec::with_capacity(4);
    for direction in Direction::ALL {
        let (after, changed) = board.after(direction)?;
        if changed {
            moves.push((direction, after));
        }
    }
    Ok(moves)
}

/// `Err` when a legal move of `board` would merge two `2^63` tiles, whose
/// sum no board holds: the engine cannot play or value such a move, so
/// [`best_move`](crate::best_move) and [`play`](crate::play) return this
/// error rather than answer without it. Only a board holding a `2^63` is read.
pub fn check_top_merges(board: &Board) -> Result<(), TileOverflow> {
    if board.max_exponent() == crate::rule::MAX_EXPONENT {
        legal_moves(board)?;
    }
    Ok(())
}

/// Every board a spawn may make of `board`, with its probability: each empty
/// cell alike, each tile by the law. Empty when the board is full.
pub fn spawns(board: &Board, law: &SpawnLaw) -> Vec<(f64, Board)> {
    let exponents = board.exponents();
    let empty: Vec<usize> = (0..exponents.as_slice().len()).filter(|&i| exponents.as_slice()[i] == 0).collect();
    let mut boards = Vec::with_capacity(empty.len() * law.outcomes.len());
    for &cell in &empty {
        for &(exponent, parts) in &law.outcomes {
            let mut cells = exponents.clone();
            cells.as_mut_slice()[cell] = exponent;
            let probability = law.probability(parts) / empty.len() as f64;
            boards.push((probability, Board::from_exponents(cells).expect("a spawned tile is a tile")));
        }
    }
    boards
}

/// A move of the game: the board it makes (before its spawn) and the points it
/// scores (the value of every tile a merge made); `None` when the move changes
/// nothing, which the game does not allow.
///
/// ```
/// use rules_2048::{play_move, Board, Direction};
/// let board: Board = "2 2 4 4".parse().unwrap();
/// let (after, points) = play_move(&board, Direction::Left).unwrap().unwrap();
/// assert_eq!((after.to_string().as_str(), points), ("4 8 . .\n", 12));
/// assert_eq!(play_move(&after, Direction::Left).unwrap(), None);
/// ```
pub fn play_move(board: &Board, direction: Direction) -> Result<Option<(Board, u64)>, TileOverflow> {
    let mut after = board.clone();
    let (outcome, merged) = after.slide_marking_merges(direction)?;
    if !outcome.changed {
        return Ok(None);
    }
    let points = merged.iter().map(|&(row, col)| after.tile(row, col)).fold(0u64, u64::saturating_add);
    Ok(Some((after, points)))
}

/// The board with one tile spawned at random: the empty cell drawn first
/// (uniformly, in row-major order), then the tile by the law's percents (in
/// the law's order, one part in [`SpawnLaw::whole`] drawn); `None` when the
/// board is full. With the same generator state the same spawn, in every
/// version.
///
/// ```
/// use rules_2048::{spawn_random, Board, SeededRng, SpawnLaw};
/// let board: Board = "2 . / 4 8".parse().unwrap();
/// let spawned = spawn_random(&board, &SpawnLaw::classic(), &mut SeededRng::new(1)).unwrap();
/// assert!(spawned.tile(0, 1) == 2 || spawned.tile(0, 1) == 4);
/// ```
pub fn spawn_random(board: &Board, law: &SpawnLaw, rng: &mut SeededRng) -> Option<Board> {
    let cells = board.exponents().as_slice();
    let empty: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == 0).collect();
    if empty.is_empty() {
        return None;
    }
    let cell = empty[rng.below(empty.len() as u64) as usize];
    let mut draw = rng.below(law.whole);
    let mut exponent = law.outcomes[law.outcomes.len() - 1].0;
    for &(candidate, parts) in &law.outcomes {
        if draw < parts {
            exponent = candidate;
            break;
        }
        draw -= parts;
    }
    let mut exponents = board.exponents().clone();
    exponents.as_mut_slice()[cell] = exponent;
    Some(Board::from_exponents(exponents).expect("a spawned tile is a tile"))
}

/// How many tiles a new game on `board` starts with: two, or one on a
/// board of one cell.
///
/// ```
/// use rules_2048::{first_spawns, Board};
/// assert_eq!(first_spawns(&". . / . .".parse::<Board>().unwrap()), 2);
/// assert_eq!(first_spawns(&".".parse::<Board>().unwrap()), 1);
/// ```
pub fn first_spawns(board: &Board) -> usize {
    (board.height() * board.width()).min(2)
}

/// The board a game starts from: `board` as it is when it holds a tile, else
/// (a board of empty cells: a new game) with its [`first_spawns`] spawned.
pub fn starting_board(board: &Board, law: &SpawnLaw, rng: &mut SeededRng) -> Board {
    if board.max_tile() > 0 {
        return board.clone();
    }
    let mut start = board.clone();
    for _ in 0..first_spawns(board) {
        start = spawn_random(&start, law, rng).expect("an empty cell for each first spawn");
    }
    start
}

#[cfg(test)]
mod tests {
    use super::{SpawnLaw, SpawnLawError};

    /// Tiles with their chances in units of `10^-places` percent.
    type Chances = &'static [(u64, u128)];
    /// A law's outcomes: `(exponent, parts)`.
    type Outcomes = &'static [(u8, u64)];

    #[test]
    fn each_wrong_law_is_told_by_its_kind() {
        use SpawnLawError::*;
        // (tiles with chances in units of 10^-places percent, places) → the kind, its message
        let cases: [(Chances, u32, SpawnLawError, &str); 9] = [
            (&[], 0, Empty, "a spawn law names at least one tile"),
            (&[(2, 50), (6, 50)], 0, NotATile { value: 6 }, "6 is not a tile: a power of two from 2 up"),
            (&[(1, 100)], 0, NotATile { value: 1 }, "1 is not a tile: a power of two from 2 up"),
            (&[(0, 100)], 0, NotATile { value: 0 }, "0 is not a tile: a power of two from 2 up"),
            (&[(2, 50), (2, 50)], 0, Repeated { value: 2 }, "2 is given twice"),
            (
                &[(2, 100), (4, 0)],
                0,
                ZeroChance { value: 4 },
                "4 is given 0%: every tile of a law has a chance above 0 (leave it out instead)",
            ),
            (&[(2, 995), (4, 4)], 1, Percents { sum: 999, places: 1 }, "the chances add up to 99.9%, not 100%"),
            (
                &[(2, 90_000), (4, 20_000)],
                3,
                Percents { sum: 110_000, places: 3 },
                "the chances add up to 110%, not 100%",
            ),
            (
                &[(2, 100)],
                7,
                TooFine { places: 7 },
                "a chance has 7 decimals; at most 6 are allowed (a millionth of a percent)",
            ),
        ];
        for (outcomes, places, kind, message) in cases {
            let error = SpawnLaw::in_percent_units(outcomes, places).unwrap_err();
            assert_eq!((error, error.to_string().as_str()), (kind, message), "{outcomes:?} in 10^-{places} %");
        }
    }

    #[test]
    fn a_law_keeps_the_fewest_places_that_write_its_chances() {
        // (tiles with chances in units of 10^-places percent, places) → its
        // outcomes (exponent, parts), the parts' whole, the law as written
        let cases: [(Chances, u32, Outcomes, u64, &str); 5] = [
            (&[(2, 90), (4, 10)], 0, &[(1, 90), (2, 10)], 100, "2 90% 4 10%"),
            (&[(2, 90_000_000), (4, 10_000_000)], 6, &[(1, 90), (2, 10)], 100, "2 90% 4 10%"),
            (&[(4, 100)], 0, &[(2, 100)], 100, "4 100%"),
            (&[(2, 87_500), (8, 2_500), (4, 10_000)], 3, &[(1, 875), (3, 25), (2, 100)], 1000, "2 87.5% 8 2.5% 4 10%"),
            (&[(2, 99_999_999), (4, 1)], 6, &[(1, 99_999_999), (2, 1)], 100_000_000, "2 99.999999% 4 0.000001%"),
        ];
        for (given, places, outcomes, whole, written) in cases {
            let law = SpawnLaw::in_percent_units(given, places).unwrap();
            assert_eq!(
                (law.outcomes(), law.whole(), law.to_string().as_str()),
                (outcomes, whole, written),
                "{given:?}"
            );
        }
    }

    #[test]
    fn spawns_are_every_empty_cell_alike_and_each_tile_by_the_law() {
        use crate::Board;
        let board: Board = "2 . / . 8".parse().unwrap();
        let told: Vec<(f64, String)> =
            super::spawns(&board, &SpawnLaw::classic()).into_iter().map(|(p, b)| (p, b.to_string())).collect();
        let spawned = |board: &str| board.replace(" / ", "\n") + "\n";
        assert_eq!(
            told,
            [
                (0.45, spawned("2 2 / . 8")),
                (0.05, spawned("2 4 / . 8")),
                (0.45, spawned("2 . / 2 8")),
                (0.05, spawned("2 . / 4 8")),
            ]
        );
        assert!(super::spawns(&"2 4 / 8 16".parse().unwrap(), &SpawnLaw::classic()).is_empty());
    }
}
