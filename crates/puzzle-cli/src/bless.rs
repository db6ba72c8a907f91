//! `puzzle run --bless`: each query's proven answer written as its `expect`
//! line. A missing `expect` is added on the line after its query, a failing
//! one rewritten in place; every other byte of the file stays as it was
//! (comments, blank lines, layout, line ends). An incomplete answer is no
//! answer to write: its query is left alone.

use std::fmt::Write as _;

use grid_core::Grid;

use crate::answer::{Answer2048, Answered, BlockAnswer, Check, QueryResult};
use crate::diagnostic::Span;
use crate::language::ast::Decimal;
use crate::render::text::move_word;
use crate::report::FileReport;

/// One change to a file: the bytes of `span` replaced by `text`, for the
/// query at `query`; `rewrite` when it replaces a failing `expect`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// Where the query is.
    pub query: Span,
    /// The bytes replaced (empty for an `expect` added).
    pub span: Span,
    /// What replaces them.
    pub text: String,
    /// Whether it rewrites a failing `expect` (else it adds a missing one).
    pub rewrite: bool,
}

/// What blessing a file does.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Blessed {
    /// The file's new text (equal to the old one when nothing changes).
    pub text: String,
    /// `expect` lines added.
    pub added: usize,
    /// `expect` lines rewritten.
    pub rewritten: usize,
    /// Queries left alone because their search stopped at its budget.
    pub incomplete: usize,
    /// Of those, the ones whose `expect` what the search proved refutes: they
    /// still fail, and no proven answer can replace them.
    pub refuted: usize,
}

/// The text of a valid file with every proven answer as its `expect`;
/// `None` for a file that could not be read or is invalid.
pub fn bless(report: &FileReport) -> Option<Blessed> {
    let (mut edits, mut blessed) = plan_all(report)?;
    let mut text = report.source.clone();
    edits.sort_by_key(|edit| std::cmp::Reverse(edit.span.start));
    for edit in edits {
        text.replace_range(edit.span.start..edit.span.end, &edit.text);
    }
    blessed.text = text;
    Some(blessed)
}

/// The edits blessing a valid file makes, one for each query whose proven
/// answer is not its `expect`, in file order.
pub fn edits(report: &FileReport) -> Vec<Edit> {
    plan_all(report).map_or_else(Vec::new, |(edits, _)| edits)
}

/// Every result's edit, in file order, and their counts; `None` for a file
/// that could not be read or is invalid.
fn plan_all(report: &FileReport) -> Option<(Vec<Edit>, Blessed)> {
    let solved = report.outcome.as_ref().ok()?;
    let (mut edits, mut blessed) = (Vec::new(), Blessed::default());
    match &solved.answered {
        Answered::Twenty48 { results, .. } => {
            for result in results {
                plan(&report.source, result, expect_2048, &mut edits, &mut blessed);
            }
        }
        Answered::BlockGame { results, .. } => {
            for result in results {
                plan(&report.source, result, expect_blocks, &mut edits, &mut blessed);
            }
        }
    }
    Some((edits, blessed))
}

/// The edit one result calls for, if any.
fn plan<A, E>(
    source: &str,
    result: &QueryResult<A, E>,
    expect_text: impl Fn(&A, &str, &str) -> String,
    edits: &mut Vec<Edit>,
    blessed: &mut Blessed,
) {
    let Ok(answer) = &result.answer else { return };
    if result.incomplete.is_some() {
        blessed.incomplete += 1;
        if matches!(result.expect, Some((_, Check::Fails))) {
            blessed.refuted += 1;
        }
        return;
    }
    let line_end = if source.contains("\r\n") { "\r\n" } else { "\n" };
    let indent = indentation(source, result.span.start);
    match (&result.expect, result.expect_span) {
        (Some((_, Check::Fails)), Some(span)) => {
            edits.push(Edit { query: result.span, span, text: expect_text(answer, indent, line_end), rewrite: true });
            blessed.rewritten += 1;
        }
        (Some(_), _) => {}
        _ => {
            // After the query's line (its comment included), before the line end.
            let end = source[result.span.end..].find(['\r', '\n']).map_or(source.len(), |at| result.span.end + at);
            let text = format!("{line_end}{indent}{}", expect_text(answer, indent, line_end));
            edits.push(Edit { query: result.span, span: Span::new(end, end), text, rewrite: false });
            blessed.added += 1;
        }
    }
}

/// The blanks before the statement that starts at `at`: all that comes
/// before it on its line, since a statement starts its line after blanks.
fn indentation(source: &str, at: usize) -> &str {
    let line_start = source[..at].rfind(['\n', '\r']).map_or(0, |i| i + 1);
    &source[line_start..at]
}

fn expect_2048(answer: &Answer2048, indent: &str, line_end: &str) -> String {
    match answer {
        Answer2048::MaxTile { tile, .. } => format!("expect {tile}"),
        Answer2048::Reach { moves: Some(moves) } => format!("expect {}", moves.len()),
        Answer2048::Reach { moves: None } => "expect unreachable".to_string(),
        Answer2048::Apply { board, .. } => expected_board(board, indent, line_end),
        Answer2048::Chance { probability, .. } => {
            let probability = probability.unwrap_or(0.0);
            format!("expect {}", Decimal::with_places(probability, blessed_places(probability)))
        }
        Answer2048::BestMove { choice, .. } => format!("expect {}", move_word(*choice)),
        Answer2048::Play { stats, .. } => {
            // The largest tile at least half the games reach, and its share
            // rounded down: a floor the same games always meet.
            let reached = stats.reached();
            let (tile, share) =
                reached.iter().rev().find(|(_, share)| *share >= 0.5).or(reached.first()).copied().unwrap_or((0, 0.0));
            format!("expect {tile} in {}%", (share * 100.0).floor())
        }
    }
}

/// The decimals a chance is blessed with, every one written (`expect 0.5`
/// would hold for anything from 0.45 to 0.55): six, and below 0.001 as many
/// more as four significant digits take (`expect 0.000000` would hold for
/// 0), up to the twelve the answer is proven to.
fn blessed_places(probability: f64) -> u32 {
    if probability <= 0.0 {
        return 6;
    }
    let exponent = probability.log10().floor() as i32; // -5 for 0.00005
    (3 - exponent).clamp(6, 12) as u32
}

fn expect_blocks(BlockAnswer::MaxRemoved(solution): &BlockAnswer, _: &str, _: &str) -> String {
    format!("expect {}", solution.count())
}

/// `expect board { … }` in `fmt`'s layout: rows indented two more than the
/// statement, columns right-aligned.
fn expected_board(board: &Grid<u64>, indent: &str, line_end: &str) -> String {
    let texts = board.map(|&v| if v == 0 { ".".to_string() } else { v.to_string() });
    let widths: Vec<usize> =
        (0..texts.width()).map(|col| texts.column(col).map(|t| t.len()).max().unwrap_or(1)).collect();
    let mut out = format!("expect board {{{line_end}");
    for row in texts.rows() {
        let cells: Vec<String> = row.iter().zip(&widths).map(|(text, &width)| format!("{text:>width$}")).collect();
        let _ = write!(out, "{indent}  {}{line_end}", cells.join(" "));
    }
    out + indent + "}"
}
