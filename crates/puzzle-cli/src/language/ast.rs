//! The checked, typed form of a `.puzzle` file. Each game has its own board,
//! queries and expectations, so a query of one game on the other's board
//! cannot be represented.

use grid_core::{Direction, Grid};

use super::errors::Error;
pub use super::kinds::{GameKind, QueryKind};
use crate::diagnostic::Span;

/// A checked puzzle: everything needed to answer its queries.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// The `name`, if given.
    pub name: Option<String>,
    /// The game, its board and its queries.
    pub game: Game,
    /// What is valid but surely not meant (an `expect` that can never hold),
    /// in source order.
    pub warnings: Vec<Error>,
}

/// A game with its starting board and its queries, in file order.
#[derive(Debug, Clone)]
pub enum Game {
    /// 2048 without spawns (the puzzle variant: no new tiles).
    Twenty48 {
        /// The starting board.
        board: rules_2048::Board,
        /// The queries.
        queries: Vec<Item<Query2048, Expect2048>>,
    },
    /// 2048 with spawns (the real game).
    Spawns {
        /// The board the player moves on.
        board: rules_2048::Board,
        /// The tiles that appear after each move.
        law: rules_2048::SpawnLaw,
        /// The queries.
        queries: Vec<Item<SpawnQuery, Expect2048>>,
    },
    /// The block game.
    BlockGame {
        /// The starting board.
        board: rules_blockgame::Board,
        /// The queries.
        queries: Vec<Item<BlockQuery, BlockExpect>>,
    },
}

impl Game {
    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            Game::Twenty48 { .. } | Game::Spawns { .. } => GameKind::Twenty48,
            Game::BlockGame { .. } => GameKind::BlockGame,
        }
    }

    /// The board's `(height, width)`.
    pub fn size(&self) -> (usize, usize) {
        match self {
            Game::Twenty48 { board, .. } | Game::Spawns { board, .. } => (board.height(), board.width()),
            Game::BlockGame { board, .. } => (board.ids().height(), board.ids().width()),
        }
    }

    /// How many queries the file asks.
    pub fn query_count(&self) -> usize {
        match self {
            Game::Twenty48 { queries, .. } => queries.len(),
            Game::Spawns { queries, .. } => queries.len(),
            Game::BlockGame { queries, .. } => queries.len(),
        }
    }

    /// The starting board as text, one row a line.
    pub fn board_text(&self) -> String {
        match self {
            Game::Twenty48 { board, .. } | Game::Spawns { board, .. } => board.to_string(),
            Game::BlockGame { board, .. } => board.to_string(),
        }
    }
}

/// A query with its place in the file and its `expect`, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item<Q, E> {
    /// The question.
    pub query: Q,
    /// Where the `query` statement is.
    pub span: Span,
    /// The expected answer and where its `expect` statement is.
    pub expect: Option<(E, Span)>,
}

/// A question about a 2048 board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Query2048 {
    /// `max-tile within K`.
    MaxTile {
        /// K.
        within: usize,
    },
    /// `reach T within K`.
    Reach {
        /// T.
        target: u64,
        /// K.
        within: usize,
    },
    /// `apply MOVES`.
    Apply {
        /// The moves in order.
        moves: Vec<Direction>,
    },
}

/// A question about a board of the game with spawns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpawnQuery {
    /// `chance T within K`.
    Chance {
        /// T.
        target: u64,
        /// K.
        within: usize,
    },
    /// `best-move [depth D]`.
    BestMove {
        /// D; `None` for the engine's default depth.
        depth: Option<u32>,
    },
    /// `play N games [seed S] [depth D] [until T]`.
    Play(PlayQuery),
}

/// The parameters of `play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayQuery {
    /// N.
    pub games: u32,
    /// S; `None` for seed 0.
    pub seed: Option<u64>,
    /// D; `None` for the engine's default depth.
    pub depth: Option<u32>,
    /// T: each game stops once a tile of at least T stands.
    pub until: Option<u64>,
}

impl Query2048 {
    /// The query as written canonically (`max-tile within 5`).
    pub fn text(&self) -> String {
        match self {
            Query2048::MaxTile { within } => format!("max-tile within {within}"),
            Query2048::Reach { target, within } => format!("reach {target} within {within}"),
            Query2048::Apply { moves } => {
                let moves: Vec<String> = moves.iter().map(|m| m.letter().to_string()).collect();
                format!("apply {}", moves.join(" "))
            }
        }
    }

    /// Which kind of query it is.
    pub fn kind(&self) -> QueryKind {
        match self {
            Query2048::MaxTile { .. } => QueryKind::MaxTile,
            Query2048::Reach { .. } => QueryKind::Reach,
            Query2048::Apply { .. } => QueryKind::Apply,
        }
    }
}

impl SpawnQuery {
    /// The query as written canonically (`play 10 games seed 1`).
    pub fn text(&self) -> String {
        match self {
            SpawnQuery::Chance { target, within } => format!("chance {target} within {within}"),
            SpawnQuery::BestMove { depth: None } => "best-move".to_string(),
            SpawnQuery::BestMove { depth: Some(depth) } => format!("best-move depth {depth}"),
            SpawnQuery::Play(play) => {
                let mut text = format!("play {} game{}", play.games, if play.games == 1 { "" } else { "s" });
                for (option, value) in
                    [("seed", play.seed), ("depth", play.depth.map(u64::from)), ("until", play.until)]
                {
                    if let Some(value) = value {
                        text += &format!(" {option} {value}");
                    }
                }
                text
            }
        }
    }

    /// Which kind of query it is.
    pub fn kind(&self) -> QueryKind {
        match self {
            SpawnQuery::Chance { .. } => QueryKind::Chance,
            SpawnQuery::BestMove { .. } => QueryKind::BestMove,
            SpawnQuery::Play(_) => QueryKind::Play,
        }
    }
}

/// What an `expect` line after a 2048 query says the answer is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect2048 {
    /// An integer: a tile (`max-tile`) or a number of moves (`reach`).
    Number(u64),
    /// `unreachable` (`reach`).
    Unreachable,
    /// `board { ... }` (`apply`), as tile values (0 empty).
    Board(Grid<u64>),
    /// A probability (`chance`), to the digits written.
    Probability(Decimal),
    /// A move, or `None` for `none` (`best-move`).
    Move(Option<Direction>),
    /// `TILE in P%` (`play`): at least P% of the games reach TILE.
    Share {
        /// The tile.
        tile: u64,
        /// The least share, in percent.
        percent: Decimal,
    },
}

/// A number as written with its decimals: `0.0667` is 667 with 4 places.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decimal {
    /// The digits, without the point.
    pub digits: u64,
    /// How many of them follow the point.
    pub places: u32,
}

impl Decimal {
    /// The most digits after the point: past 15, an `f64` holds no more.
    pub const MAX_PLACES: u32 = 15;

    /// The number a word writes (`0.0667`, `1`, `95.5`), `None` for anything
    /// else (a sign, an exponent, no digit before or after the point, more
    /// than [`Decimal::MAX_PLACES`] places, more digits than a `u64` holds).
    pub fn parse(text: &str) -> Option<Decimal> {
        let places = u32::try_from(Decimal::places_in(text)?).ok().filter(|&p| p <= Decimal::MAX_PLACES)?;
        let digits = text.replacen('.', "", 1).parse().ok()?;
        Some(Decimal { digits, places })
    }

    /// How a word meant as a number is written in a file: `.5` as `0.5`, `5.`
    /// as `5`, `+5` as `5`; `None` for a word that is a number already, or
    /// that no such mending makes one, or without a digit (a point alone is
    /// no number, not 0).
    pub fn mended(text: &str) -> Option<String> {
        if !text.bytes().any(|byte| byte.is_ascii_digit()) {
            return None;
        }
        let unsigned = text.strip_prefix('+').unwrap_or(text);
        let mut mended = if unsigned.starts_with('.') { format!("0{unsigned}") } else { unsigned.to_string() };
        if mended.ends_with('.') {
            mended.pop();
        }
        (mended != text && Decimal::parse(&mended).is_some()).then_some(mended)
    }

    /// How many digits follow the point of a word written as a number, however
    /// many: 2 for `0.25`, 0 for `7`; `None` for a word that is no number
    /// (a sign, an exponent, no digit before or after the point). What tells
    /// a number too fine for its use from no number at all.
    pub fn places_in(text: &str) -> Option<usize> {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
        let written = !whole.is_empty()
            && all_digits(whole)
            && all_digits(fraction)
            && !(text.contains('.') && fraction.is_empty());
        written.then_some(fraction.len())
    }

    /// The value.
    pub fn value(self) -> f64 {
        self.digits as f64 / 10f64.powi(self.places as i32)
    }

    /// Whether a number within `error` of `value` rounds to this one at its
    /// places, a tie either way: `value` is only known to within `error`
    /// (and its own rounding), so `0.14` and `0.15` both hold for 0.145,
    /// and digits finer than the error cannot fail.
    pub fn may_be_rounding_of(self, value: f64, error: f64) -> bool {
        self.distance_in_last_places(value) <= 0.5 + self.slack(error)
    }

    /// Whether a number of at least `value` (a proven lower bound) may
    /// round to this one at its places: `false` proves it rounds above.
    pub fn may_be_rounding_of_at_least(self, value: f64) -> bool {
        value * self.scale() - self.digits as f64 <= 0.5 + self.slack(0.0)
    }

    fn scale(self) -> f64 {
        10f64.powi(self.places as i32)
    }

    fn distance_in_last_places(self, value: f64) -> f64 {
        (value * self.scale() - self.digits as f64).abs()
    }

    /// `error` in units of the last place, with the product's own rounding
    /// (a few ulps of numbers up to 1) allowed for.
    fn slack(self, error: f64) -> f64 {
        (error + 4.0 * f64::EPSILON) * self.scale()
    }

    /// `value` rounded down to `places` decimals, trailing zeros cut: a
    /// lower bound written so that it stays one (a hair below the exact
    /// product, so that the product's rounding never lifts it).
    pub fn at_most(value: f64, places: u32) -> Decimal {
        let scaled = (value * 10f64.powi(places as i32) * (1.0 - 4.0 * f64::EPSILON)).floor();
        Decimal { digits: scaled.max(0.0) as u64, places }.trimmed()
    }

    fn trimmed(mut self) -> Decimal {
        while self.places > 0 && self.digits.is_multiple_of(10) {
            self = Decimal { digits: self.digits / 10, places: self.places - 1 };
        }
        self
    }

    /// `value` written with at most `places` decimals, trailing zeros cut
    /// (`0.5`, `1`, `0.066667`).
    pub fn of(value: f64, places: u32) -> Decimal {
        Decimal::with_places(value, places).trimmed()
    }

    /// `value` rounded to `places` decimals, all written (`0.500000`): as an
    /// `expect`, it checks all of them, where `0.5` would check one.
    pub fn with_places(value: f64, places: u32) -> Decimal {
        let scaled = (value * 10f64.powi(places as i32)).round() as u64;
        Decimal { digits: scaled, places }
    }
}

impl std::fmt::Display for Decimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let scale = 10u64.pow(self.places);
        if self.places == 0 {
            write!(f, "{}", self.digits)
        } else {
            write!(f, "{}.{:0width$}", self.digits / scale, self.digits % scale, width = self.places as usize)
        }
    }
}

/// A question about a block-game board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockQuery {
    /// `max-removed`.
    MaxRemoved,
}

impl BlockQuery {
    /// The query as written canonically.
    pub fn text(&self) -> String {
        match self {
            BlockQuery::MaxRemoved => "max-removed".to_string(),
        }
    }
}

/// What an `expect` line after a block-game query says the answer is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockExpect {
    /// A number of blocks.
    Number(u64),
}

#[cfg(test)]
mod tests {
    use super::Decimal;

    fn decimal(text: &str) -> Decimal {
        Decimal::parse(text).unwrap()
    }

    #[test]
    fn a_decimal_may_be_the_rounding_of_a_value_known_within_an_error() {
        for (written, value, error, holds) in [
            ("0.1", 0.1, 0.0, true),
            ("0.1", 0.103, 0.0, true),
            // A tie rounds either way, whichever way the product rounds.
            ("0.14", 0.145, 0.0, true),
            ("0.15", 0.145, 0.0, true),
            ("0.03", 0.035, 0.0, true),
            ("0.04", 0.035, 0.0, true),
            ("0.14", 0.1451, 0.0, false),
            ("0.16", 0.1451, 0.0, false),
            // Within the error, then past it.
            ("0.14", 0.1451, 0.0002, true),
            ("0.14", 0.1454, 0.0002, false),
            // Digits finer than the error cannot fail.
            ("0.123456", 0.12, 0.01, true),
            ("1", 0.5, 0.0, true),
            ("1", 0.49, 0.0, false),
        ] {
            assert_eq!(decimal(written).may_be_rounding_of(value, error), holds, "{written} for {value} ± {error}");
        }
    }

    #[test]
    fn a_decimal_may_be_the_rounding_of_a_value_at_least_a_bound() {
        for (written, bound, holds) in [
            ("0.9", 0.1, true),
            ("0.15", 0.145, true),
            ("0.14", 0.145, true),
            // 0.035 × 100 is 3.5000000000000004: still a tie.
            ("0.03", 0.035, true),
            ("0.13", 0.145, false),
            ("0.1", 0.2, false),
        ] {
            assert_eq!(decimal(written).may_be_rounding_of_at_least(bound), holds, "{written} for at least {bound}");
        }
    }

    #[test]
    fn a_lower_bound_is_written_below_it_at_its_places() {
        for (bound, places, written) in [
            (0.123456789, 3, "0.123"),
            (0.0667, 12, "0.066699999999"),
            // Below even a bound its places write exactly: the product's
            // rounding never lifts it above the bound.
            (0.25, 2, "0.24"),
            (1.0, 12, "0.999999999999"),
            (0.0, 12, "0"),
            (0.7, 0, "0"),
        ] {
            assert_eq!(Decimal::at_most(bound, places).to_string(), written, "{bound} at {places} places");
        }
    }

    #[test]
    fn a_number_written_otherwise_is_mended_to_how_the_language_writes_it() {
        for (text, mended) in [
            (".5", Some("0.5")),
            ("5.", Some("5")),
            ("+5", Some("5")),
            ("+.5", Some("0.5")),
            // Already a number, no number however mended, or no digit.
            ("5", None),
            ("0.5", None),
            ("+x5", None),
            ("5..", None),
            ("+.", None),
            (".", None),
        ] {
            assert_eq!(Decimal::mended(text).as_deref(), mended, "{text}");
        }
    }
}
