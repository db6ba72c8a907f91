//! The `.puzzle` language: its grammar, the typed tree a file means, the
//! checks that give each word its meaning, every error with its message and
//! help, the canonical layout, and the templates of `puzzle new`.
//!
//! [`parse()`] takes text to a checked [`Puzzle`] in two steps: `parse` cuts it
//! into statements through the pest grammar (`grammar.pest`), reading every
//! value as a plain word, and checks their order; `check` then reads each
//! word for its meaning against the game. That way a bad value is reported at
//! its own span with a message that names what is allowed, instead of a
//! parser's list of expected tokens.

pub mod ast;
mod check;
pub mod errors;
pub mod format;
mod grammar;
mod parse;
pub mod template;
#[cfg(test)]
mod tests;

pub use ast::{BlockExpect, BlockQuery, Expect2048, Game, GameKind, Item, Puzzle, Query2048, QueryKind};
pub use errors::{Error, ErrorKind, Found, HeaderKeyword};

/// Parses and checks a `.puzzle` file.
pub fn parse(source: &str) -> Result<Puzzle, Error> {
    let statements = parse::statements(source)?;
    check::check(statements, source)
}
