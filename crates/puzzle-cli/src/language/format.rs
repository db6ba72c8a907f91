//! `puzzle fmt`: rewrites a `.puzzle` file in the canonical layout.
//!
//! The layout: one space after each keyword and between words; board rows
//! indented by two spaces with their columns right-aligned; blocks (the
//! `name`/`game` header, the board, each query with its `expect`) separated by
//! one blank line; comments kept in their order, a comment line above a
//! statement stays right above it, a comment after a statement stays at the end
//! of its line. Line ends become `\n` and the file ends with one. A UTF-8
//! byte order mark (a Notepad save) stays, before the text.
//!
//! Only the layout changes: the formatter works from the grammar's parse tree
//! and writes back the very words it read, so the meaning cannot change (a
//! property test checks `parse(fmt(x)) == parse(x)`), and formatting twice is the
//! same as formatting once.

use pest::iterators::Pair;
use pest::Parser;

use super::byte_order_mark_blanked;
use super::characters::first_the_formatter_would_part;
use super::errors::Error;
use super::grammar::{PuzzleParser, Rule};
use super::parse::{comment_start, syntax_error};
use crate::diagnostic::Lines;

/// The canonical layout of `source`, or the syntax error that prevents one
/// (a file with a bad value but good syntax is formatted all the same), or
/// a look-alike a blank laid beside would part a word in two: one that
/// shows as nothing, which the language reads as nothing, or one glued to
/// the end of a keyword (`expect＿`, which the language reads as `expect_`).
pub fn format_source(source: &str) -> Result<String, Error> {
    // The rest read as `parse` reads it, the mark written back.
    if source.starts_with('\u{feff}') {
        return format_source(&byte_order_mark_blanked(source)).map(|formatted| format!("\u{feff}{formatted}"));
    }
    if let Some(error) = first_the_formatter_would_part(source) {
        return Err(error);
    }
    let file = PuzzleParser::parse(Rule::file, source).map_err(|err| syntax_error(source, err))?;
    let lines = Lines::new(source);
    let comments = Comments::of(source, &lines);
    let mut out = Output::default();
    let mut previous_block: Option<Block> = None;
    let mut consumed_line = 0; // comment lines before this one are written already
    for statement in file.into_iter().next().expect("the top rule matched").into_inner() {
        if statement.as_rule() == Rule::EOI {
            break;
        }
        let first_line = lines.line_of(&statement);
        let block = Block::of(statement.as_rule());
        let starts_block = !matches!(
            (previous_block, block),
            (None, _) | (Some(Block::Header), Block::Header) | (Some(Block::Query), Block::Expect)
        );
        if starts_block {
            out.blank_line();
        }
        for comment in comments.whole_lines(consumed_line, first_line) {
            out.line(comment.to_string());
        }
        write_statement(&mut out, statement, &comments, &lines);
        consumed_line = out.last_source_line;
        previous_block = Some(block);
    }
    let trailing: Vec<&str> = comments.whole_lines(consumed_line, usize::MAX).collect();
    if !trailing.is_empty() {
        if previous_block.is_some() {
            out.blank_line();
        }
        for comment in trailing {
            out.line(comment.to_string());
        }
    }
    Ok(out.finish())
}

/// Which block a statement belongs to, for the blank lines between blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Block {
    Header,
    Board,
    Query,
    Expect,
}

impl Block {
    fn of(rule: Rule) -> Block {
        match rule {
            Rule::name_statement | Rule::game_statement | Rule::spawns_statement => Block::Header,
            Rule::board_statement => Block::Board,
            Rule::query_statement => Block::Query,
            _ => Block::Expect,
        }
    }
}

#[derive(Default)]
struct Output {
    lines: Vec<String>,
    /// The last source line (1-based) a written statement reached.
    last_source_line: usize,
}

impl Output {
    fn line(&mut self, text: String) {
        // The language's blanks only: a word may end in another (a form
        // feed, a no-break space), which is an error to keep as written.
        self.lines.push(text.trim_end_matches([' ', '\t']).to_string());
    }

    fn blank_line(&mut self) {
        if self.lines.last().is_some_and(|l| !l.is_empty()) {
            self.lines.push(String::new());
        }
    }

    fn finish(self) -> String {
        let mut text = self.lines.join("\n");
        text.push('\n');
        if text.trim_matches([' ', '\t', '\n']).is_empty() {
            text.clear();
        }
        text
    }
}

/// The comments of a file, by 1-based line: whether each is alone on its line.
struct Comments<'a> {
    /// `(line, text, alone)` in file order.
    all: Vec<(usize, &'a str, bool)>,
}

impl<'a> Comments<'a> {
    fn of(source: &'a str, lines: &Lines) -> Comments<'a> {
        let starts = lines.starts();
        let all = (0..starts.len())
            .filter_map(|line| {
                let end = starts.get(line + 1).copied().unwrap_or(source.len());
                let text = source[starts[line]..end].trim_end_matches(['\n', '\r']);
                let at = comment_start(text)?;
                Some((line + 1, text[at..].trim_end(), text[..at].trim().is_empty()))
            })
            .collect();
        Comments { all }
    }

    /// The comments of lines `after` to `before`, both left out: those of
    /// a file found by a binary search each (a file may have a hundred
    /// thousand lines, and as many statements asking).
    fn between(&self, after: usize, before: usize) -> &[(usize, &'a str, bool)] {
        let from = self.all.partition_point(|&(line, _, _)| line <= after);
        let to = self.all.partition_point(|&(line, _, _)| line < before);
        &self.all[from..to.max(from)]
    }

    /// Comments alone on their lines, after line `after` and before line `before`.
    fn whole_lines(&self, after: usize, before: usize) -> impl Iterator<Item = &'a str> + '_ {
        self.between(after, before).iter().filter(|(_, _, alone)| *alone).map(|c| c.1)
    }

    /// The comment at the end of line `line`, after some statement text.
    fn trailing(&self, line: usize) -> Option<&'a str> {
        self.between(line - 1, line + 1).iter().find(|(_, _, alone)| !*alone).map(|c| c.1)
    }
}

/// The 1-based lines of a statement's pieces, found from the file's line
/// starts (pest's `line_col` reads the file from its start, at every call).
trait LinesOf {
    fn line_of(&self, pair: &Pair<'_, Rule>) -> usize;
    fn end_line_of(&self, pair: &Pair<'_, Rule>) -> usize;
}

impl LinesOf for Lines<'_> {
    fn line_of(&self, pair: &Pair<'_, Rule>) -> usize {
        self.line(pair.as_span().start()) + 1
    }

    fn end_line_of(&self, pair: &Pair<'_, Rule>) -> usize {
        self.line(pair.as_span().end()) + 1
    }
}

fn with_trailing(text: String, comment: Option<&str>) -> String {
    match comment {
        Some(comment) => format!("{text} {comment}"),
        None => text,
    }
}

fn write_statement(out: &mut Output, statement: Pair<'_, Rule>, comments: &Comments<'_>, lines: &Lines) {
    let first_line = lines.line_of(&statement);
    let last_line = lines.end_line_of(&statement);
    match statement.as_rule() {
        Rule::board_statement => {
            let body = statement.into_inner().nth(1).expect("`board` then its body");
            write_board(out, "board {".to_string(), body, comments, lines);
        }
        Rule::expect_statement => {
            let mut values = statement.into_inner().skip(1).peekable();
            let first = values.peek().expect("`expect` then its value");
            if first.as_rule() == Rule::expected_board {
                let body = values.next().and_then(|board| board.into_inner().nth(1)).expect("`board` then its body");
                write_board(out, "expect board {".to_string(), body, comments, lines);
            } else {
                let words: Vec<&str> = values.map(|word| word.as_str()).collect();
                let text = format!("expect {}", words.join(" "));
                out.line(with_trailing(text, comments.trailing(first_line)));
            }
        }
        Rule::name_statement => {
            // The name is written back exactly as quoted: its escapes are its meaning.
            let string = statement.into_inner().nth(1).expect("`name` then its string");
            let text = format!("name {}", string.as_str());
            out.line(with_trailing(text, comments.trailing(first_line)));
        }
        _ => {
            let words = words_of(statement);
            out.line(with_trailing(words.join(" "), comments.trailing(first_line)));
        }
    }
    out.last_source_line = out.last_source_line.max(last_line);
}

/// Every keyword and word of a statement, in order.
fn words_of(pair: Pair<'_, Rule>) -> Vec<String> {
    let inner: Vec<Pair<'_, Rule>> = pair.clone().into_inner().collect();
    if inner.is_empty() {
        return vec![pair.as_str().to_string()];
    }
    inner.into_iter().flat_map(words_of).collect()
}

fn write_board(out: &mut Output, opening: String, body: Pair<'_, Rule>, comments: &Comments<'_>, lines: &Lines) {
    let open_line = lines.line_of(&body);
    let close_line = lines.end_line_of(&body);
    out.line(with_trailing(opening, comments.trailing(open_line)));
    let rows: Vec<(usize, Vec<&str>)> = body
        .into_inner()
        .map(|row| (lines.line_of(&row), row.into_inner().map(|cell| cell.as_str()).collect()))
        .collect();
    let columns = rows.iter().map(|(_, cells)| cells.len()).max().unwrap_or(0);
    let mut widths = vec![0; columns];
    for (_, cells) in &rows {
        for (col, cell) in cells.iter().enumerate() {
            widths[col] = widths[col].max(cell.chars().count());
        }
    }
    let mut after = open_line;
    for (line, cells) in &rows {
        for comment in comments.whole_lines(after, *line) {
            out.line(format!("  {comment}"));
        }
        let text: Vec<String> =
            cells.iter().enumerate().map(|(col, cell)| format!("{cell:>width$}", width = widths[col])).collect();
        out.line(with_trailing(format!("  {}", text.join(" ")), comments.trailing(*line)));
        after = *line;
    }
    for comment in comments.whole_lines(after, close_line) {
        out.line(format!("  {comment}"));
    }
    out.line(with_trailing("}".to_string(), comments.trailing(close_line)));
    out.last_source_line = out.last_source_line.max(close_line);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: &str, expected: &str) {
        let formatted = format_source(input).unwrap();
        assert_eq!(formatted, expected, "formatting {input:?}");
        assert_eq!(format_source(&formatted).unwrap(), formatted, "formatting twice");
    }

    #[test]
    fn spacing_alignment_and_blocks() {
        check(
            "name   \"x\"\ngame    2048\nboard {\n2 1024\n  16  .\n}\nquery   max-tile    within 3\nexpect 8\nquery apply  L   up\n",
            "name \"x\"\ngame 2048\n\nboard {\n   2 1024\n  16    .\n}\n\nquery max-tile within 3\nexpect 8\n\nquery apply L up\n",
        );
    }

    #[test]
    fn comments_stay_in_place() {
        check(
            "# top\n\n\ngame 2048 # which\n# about the board\nboard { # open\n  2 2 # row\n  # inside\n  4 4\n}\n# q\nquery max-tile within 1\n# between\nexpect 4\n# end\n",
            "# top\ngame 2048 # which\n\n# about the board\nboard { # open\n  2 2 # row\n  # inside\n  4 4\n}\n\n# q\nquery max-tile within 1\n# between\nexpect 4\n\n# end\n",
        );
    }

    #[test]
    fn crlf_and_tabs_become_plain() {
        check(
            "game\t2048\r\nboard {\r\n\t2\t2\r\n}\r\nquery max-tile within 1\r\n",
            "game 2048\n\nboard {\n  2 2\n}\n\nquery max-tile within 1\n",
        );
    }

    #[test]
    fn a_lone_carriage_return_ends_a_line_for_the_comments_too() {
        check(
            "game 2048\r# the board\rboard { # open\r  2 2 # row\r}\rquery max-tile within 1 # q\r",
            "game 2048\n\n# the board\nboard { # open\n  2 2 # row\n}\n\nquery max-tile within 1 # q\n",
        );
    }

    #[test]
    fn a_hash_inside_a_name_is_not_a_comment() {
        check("name \"a # b \\\" c\" # real\n", "name \"a # b \\\" c\" # real\n");
    }

    #[test]
    fn a_word_ending_in_a_blank_the_language_does_not_read_keeps_it() {
        // A form feed or a no-break space is an error where it stands, and
        // stays there: trimmed, it would make another file.
        check(
            "game 2048\u{c}\nboard {\n  2 2\u{a0}\n}\nquery max-tile within 1\u{a0}\n",
            "game 2048\u{c}\n\nboard {\n  2 2\u{a0}\n}\n\nquery max-tile within 1\u{a0}\n",
        );
    }

    #[test]
    fn syntax_errors_are_reported_not_formatted() {
        assert!(format_source("game2048\n").is_err());
        // What is missing at a line's end, on a later line of the file, is
        // told right after its last word, before its comment.
        let source = "game 2048\nboard {\n  2\n}\nquery max-tile within  # later\n";
        let at = source.find("within").unwrap() + "within".len();
        assert_eq!(format_source(source).unwrap_err().span.start, at);
        // A board's brace at the file's end is told on the brace (the check
        // tells it at the opening brace of its chunk; the formatter reads the
        // whole file).
        let source = "game 2048\nboard {";
        let error = format_source(source).unwrap_err();
        assert_eq!(error.span, crate::diagnostic::Span::new(source.len() - 1, source.len()));
    }
}
