//! The pest grammar of the language, `grammar.pest`. Its `Rule` enum stays
//! inside the crate: nothing outside `language` sees the grammar's shape.

use pest_derive::Parser;

/// The parser pest derives from `grammar.pest`.
#[derive(Parser)]
#[grammar = "language/grammar.pest"]
pub(crate) struct PuzzleParser;
