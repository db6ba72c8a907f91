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

// An `Error` is large (its kind carries the words it is about) and is made
// only on the cold path of a bad file: returning it by value costs nothing
// that matters, and boxing it would only blur every match on its kind.
#![allow(clippy::result_large_err)]

pub mod ast;
mod characters;
mod check;
pub mod errors;
pub mod format;
mod grammar;
mod kinds;
mod parse;
pub mod template;
#[cfg(test)]
mod tests;

pub use ast::{BlockExpect, BlockQuery, Expect2048, Game, GameKind, Item, Puzzle, Query2048, QueryKind, SpawnQuery};
pub use errors::{Error, ErrorKind, Found, HeaderKeyword, Suggestion, ValueOf};
// Where a comment and a name end, for the language server's tokens, and
// whether a board is open, for its completion.
#[cfg(feature = "cli")]
pub(crate) use parse::{comment_start, ends_in_open_board, name_len};

/// The most errors a file's report shows; past them, how many more there are.
pub const MAX_ERRORS: usize = 20;

/// Parses and checks a `.puzzle` file: the puzzle, or every error it holds,
/// in source order. The parser needs 64 KiB of stack free: on a thread with
/// less, the one error is [`ErrorKind::StackTooSmall`].
pub fn parse(source: &str) -> Result<Puzzle, Vec<Error>> {
    parse_with(source, |_| true)
}

/// Parses and checks a file as a position to play from (`puzzle play`): as
/// [`parse()`], except that a file without a query is whole, since playing
/// asks the file nothing.
pub fn parse_position(source: &str) -> Result<Puzzle, Vec<Error>> {
    parse_with(source, |error| !matches!(error.kind, ErrorKind::NoQuery { .. }))
}

/// `source` as the language reads it: a UTF-8 byte order mark (a Notepad
/// save) is no part of the text, and its three bytes are blanked so that
/// every offset stays the file's own.
pub(crate) fn byte_order_mark_blanked(source: &str) -> std::borrow::Cow<'_, str> {
    match source.strip_prefix('\u{feff}') {
        Some(rest) => format!("   {rest}").into(),
        None => source.into(),
    }
}

/// [`parse()`], keeping only the errors `counts` says are errors here.
fn parse_with(source: &str, counts: impl Fn(&Error) -> bool) -> Result<Puzzle, Vec<Error>> {
    let blanked = byte_order_mark_blanked(source);
    let source = blanked.as_ref();
    // Look-alikes are told, and the file read with what they stand for.
    let look_alikes = characters::look_alikes(source);
    let replaced = (!look_alikes.is_empty()).then(|| characters::replaced(source, &look_alikes));
    let read = replaced.as_deref().unwrap_or(source);
    let (statements, mut errors) = parse::statements(read);
    let parsed_cleanly = errors.is_empty();
    let mut puzzle = check::check(statements, read, parsed_cleanly, &mut errors);
    if !look_alikes.is_empty() {
        characters::tell(source, &look_alikes, &mut errors);
        // Its spans are the replaced text's, and the file is not valid.
        puzzle = None;
    }
    errors.retain(counts);
    match puzzle {
        Some(puzzle) if errors.is_empty() => Ok(puzzle),
        _ => {
            errors.sort_by_key(|error| (error.span.start, error.span.end));
            Err(errors)
        }
    }
}
