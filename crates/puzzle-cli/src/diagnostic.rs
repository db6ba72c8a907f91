//! Errors that point into a `.puzzle` file, rendered the way rustc and just do:
//!
//! ```text
//! error: `3` is not a 2048 tile
//!  --> puzzles/bad.puzzle:4:5
//!   |
//! 4 |   2 3 2
//!   |     ^
//!   = help: a tile is a power of two from 2 up (2, 4, 8, …); `.` or `0` is an empty cell
//! ```

use std::cell::Cell;
use std::fmt;

use crate::style::{visible, Style};

/// A byte range of the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// The first byte.
    pub start: usize,
    /// One past the last byte (equal to `start` for a point).
    pub end: usize,
}

impl Span {
    /// The span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The span moved `by` bytes on.
    pub fn shifted(self, by: usize) -> Span {
        Span { start: self.start + by, end: self.end + by }
    }

    /// The span covering both.
    pub fn to(self, other: Span) -> Span {
        Span { start: self.start.min(other.start), end: self.end.max(other.end) }
    }
}

impl From<pest::Span<'_>> for Span {
    fn from(span: pest::Span<'_>) -> Span {
        Span { start: span.start(), end: span.end() }
    }
}

/// A mistake in a file: what is wrong, where, and what is allowed instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// One line saying what is wrong.
    pub message: String,
    /// Where.
    pub span: Span,
    /// What is allowed instead, or how to fix it.
    pub help: Option<String>,
    /// Another place worth showing (`first given here`).
    pub note: Option<(Span, String)>,
    /// A warning: the file is valid, but this is surely not what is meant.
    pub warning: bool,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn new(message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic { message: message.into(), span, help: None, note: None, warning: false }
    }

    /// Adds what is allowed instead.
    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// Adds a second place to show.
    pub fn note(mut self, span: Span, note: impl Into<String>) -> Diagnostic {
        self.note = Some((span, note.into()));
        self
    }

    /// The diagnostic ready to print, with the file's name and text.
    pub fn render<'a>(&'a self, path: &'a str, source: &'a str, colour: bool) -> Rendered<'a> {
        Rendered { diagnostic: self, path, source, style: Style { colour } }
    }

    /// The 1-based line and column (in characters) where it points.
    pub fn line_col(&self, source: &str) -> (usize, usize) {
        line_col(source, self.span.start)
    }
}

/// The 1-based line and column (in characters) of a byte offset.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let (line, column) = Lines::new(source).place(offset);
    (line + 1, column + 1)
}

/// A text's lines, found once, to place many byte offsets in it, each by a
/// binary search: a file may have a hundred thousand errors, and finding
/// its lines again for each took minutes on a megabyte. Lines end at `\n`,
/// `\r\n` or a lone `\r`, as the grammar ends them.
pub struct Lines<'t> {
    text: &'t str,
    starts: Vec<usize>,
    /// How a column is counted: in characters, or in an editor's units.
    units: fn(&str) -> usize,
    /// The last place told, `(byte offset, column)`: the next one further
    /// on the same line is counted on from it (the errors of a line come in
    /// order, and a line may be a megabyte long).
    last: Cell<(usize, usize)>,
}

impl<'t> Lines<'t> {
    /// Columns counted in characters.
    pub fn new(text: &'t str) -> Lines<'t> {
        Lines::counting(text, |text| text.chars().count())
    }

    /// Columns counted by `units`.
    pub fn counting(text: &'t str, units: fn(&str) -> usize) -> Lines<'t> {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut at = 0;
        while at < bytes.len() {
            match bytes[at] {
                b'\r' if bytes.get(at + 1) == Some(&b'\n') => {
                    at += 2;
                    starts.push(at);
                }
                b'\r' | b'\n' => {
                    at += 1;
                    starts.push(at);
                }
                _ => at += 1,
            }
        }
        Lines { text, starts, units, last: Cell::new((0, 0)) }
    }

    /// The text placed.
    pub fn text(&self) -> &'t str {
        self.text
    }

    /// Where each line starts.
    pub fn starts(&self) -> &[usize] {
        &self.starts
    }

    /// The 0-based line of byte `offset`.
    pub fn line(&self, offset: usize) -> usize {
        self.starts.partition_point(|&start| start <= offset.min(self.text.len())) - 1
    }

    /// The 0-based line and column of byte `offset` (within the text, at the
    /// start of the character it falls in).
    pub fn place(&self, offset: usize) -> (usize, usize) {
        let text = self.text;
        let line = self.line(offset);
        let start = self.starts[line];
        let to = floor_char_boundary(text, offset.min(text.len())).max(start);
        let (last_offset, last_column) = self.last.get();
        let (from, counted) =
            if start <= last_offset && last_offset <= to { (last_offset, last_column) } else { (start, 0) };
        let column = counted + (self.units)(&text[from..to]);
        self.last.set((to, column));
        (line, column)
    }
}

/// The start of the character `offset` falls in (`offset` itself on a boundary).
pub(crate) fn floor_char_boundary(source: &str, mut offset: usize) -> usize {
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// A diagnostic with what it needs to print itself.
pub struct Rendered<'a> {
    diagnostic: &'a Diagnostic,
    path: &'a str,
    source: &'a str,
    style: Style,
}

impl Rendered<'_> {
    fn snippet(&self, f: &mut fmt::Formatter<'_>, span: Span, label: &str, mark: char, gutter: usize) -> fmt::Result {
        let (line, _) = line_col(self.source, span.start);
        let start = floor_char_boundary(self.source, span.start.min(self.source.len()));
        let (line_start, line_end) = self.line_around(start);
        let end = floor_char_boundary(self.source, span.end.clamp(start, line_end));
        let shown = |text: &str| -> Vec<String> { text.chars().map(shown_char).collect() };
        let mut before = shown(&self.source[line_start..start]);
        let marked = shown(&self.source[start..end]);
        let mut after = shown(&self.source[end..line_end]);
        // A long line is cut around the caret, as rustc cuts it.
        let (mut cut_before, mut cut_after) = (false, false);
        if before.len() > CONTEXT {
            before.drain(..before.len() - CONTEXT);
            cut_before = true;
        }
        if after.len() > CONTEXT {
            after.truncate(CONTEXT);
            cut_after = true;
        }
        let mut marked_shown = marked;
        marked_shown.truncate(2 * CONTEXT);
        let prefix = if cut_before { "..." } else { "" };
        let suffix = if cut_after { "..." } else { "" };
        let text = format!("{prefix}{}{}{}{suffix}", before.concat(), marked_shown.concat(), after.concat());
        // Keep tabs in the padding so the caret lines up under tabbed text,
        // and count columns as a terminal shows them: a Hangul syllable or an
        // emoji takes two.
        let padding: String = " ".repeat(prefix.len())
            + &before
                .iter()
                .map(|c| if c == "\t" { "\t".to_string() } else { " ".repeat(width(c)) })
                .collect::<String>();
        let carets = marked_shown.iter().map(|c| width(c)).sum::<usize>().max(1);
        let bar = self.style.frame("|");
        let number = self.style.frame(&format!("{line:>gutter$}"));
        writeln!(f, "{:gutter$} {bar}", "")?;
        writeln!(f, "{number} {bar} {text}")?;
        let marks = mark.to_string().repeat(carets);
        let marks = if mark == '^' { self.style.bad(&marks) } else { self.style.frame(&marks) };
        if label.is_empty() {
            writeln!(f, "{:gutter$} {bar} {padding}{marks}", "")?;
        } else {
            writeln!(f, "{:gutter$} {bar} {padding}{marks} {label}", "")?;
        }
        Ok(())
    }
}

impl Rendered<'_> {
    /// The line of `at`: its first byte and one past its last.
    fn line_around(&self, at: usize) -> (usize, usize) {
        let at = floor_char_boundary(self.source, at.min(self.source.len()));
        let start = self.source[..at].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let end = self.source[start..].find(['\n', '\r']).map_or(self.source.len(), |i| start + i);
        (start, end)
    }

    /// Whether two places, neither empty nor overlapping, stand on one line
    /// short enough to show whole.
    fn one_line(&self, primary: Span, other: Span) -> bool {
        let (start, end) = self.line_around(primary.start);
        let inside = |span: Span| span.start >= start && span.end <= end && span.start < span.end;
        let apart = primary.end <= other.start || other.end <= primary.start;
        let boundaries =
            [primary.start, primary.end, other.start, other.end].iter().all(|&i| self.source.is_char_boundary(i));
        inside(primary)
            && inside(other)
            && apart
            && boundaries
            && self.source[start..end].chars().count() <= 2 * CONTEXT
    }

    /// The line of both places, `^` under the primary one and `-` under the
    /// other, whose label comes on the next line, below its mark.
    fn shared_line(
        &self,
        f: &mut fmt::Formatter<'_>,
        primary: Span,
        other: Span,
        label: &str,
        gutter: usize,
    ) -> fmt::Result {
        let (start, end) = self.line_around(primary.start);
        let (line, _) = line_col(self.source, primary.start);
        let bar = self.style.frame("|");
        let text: String = self.source[start..end].chars().map(shown_char).collect();
        writeln!(f, "{:gutter$} {bar}", "")?;
        writeln!(f, "{} {bar} {text}", self.style.frame(&format!("{line:>gutter$}")))?;
        // Each character's cell as shown: blank (a tab kept, so that marks
        // line up under tabbed text) or its mark, up to the last mark.
        let last = primary.end.max(other.end);
        let (mut marks, mut padding) = (String::new(), String::new());
        for (offset, c) in self.source[start..last].char_indices() {
            let at = start + offset;
            let cells = width(&shown_char(c));
            // The label's padding: every cell before the other's mark, blank.
            if at < other.start {
                padding += &if c == '\t' { "\t".to_string() } else { " ".repeat(cells) };
            }
            if (primary.start..primary.end).contains(&at) {
                marks += &self.style.bad(&"^".repeat(cells));
            } else if (other.start..other.end).contains(&at) {
                marks += &self.style.frame(&"-".repeat(cells));
            } else if c == '\t' {
                marks.push('\t');
            } else {
                marks += &" ".repeat(cells);
            }
        }
        writeln!(f, "{:gutter$} {bar} {marks}", "")?;
        if label.is_empty() {
            return Ok(());
        }
        writeln!(f, "{:gutter$} {bar} {padding}{}", "", self.style.frame(label))
    }
}

/// A character as a snippet shows it: control characters escaped, so that a
/// file cannot move the cursor or clear the screen; a tab kept.
fn shown_char(c: char) -> String {
    if c == '\t' {
        "\t".to_string()
    } else {
        visible(&c.to_string()).into_owned()
    }
}

/// The columns `text` takes on a terminal.
fn width(text: &str) -> usize {
    use unicode_width::UnicodeWidthStr;
    text.width()
}

/// How many characters of a long source line a snippet shows on each side
/// of what it marks.
const CONTEXT: usize = 60;

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let diagnostic = self.diagnostic;
        let (line, column) = diagnostic.line_col(self.source);
        let last_line =
            diagnostic.note.as_ref().map_or(line, |(span, _)| line_col(self.source, span.start).0.max(line));
        let gutter = last_line.to_string().len();
        let message = visible(&diagnostic.message);
        let level = if diagnostic.warning { self.style.warn("warning") } else { self.style.bad("error") };
        writeln!(f, "{level}{}", self.style.bold(&format!(": {message}")))?;
        writeln!(f, "{:gutter$}{} {}:{line}:{column}", "", self.style.frame("-->"), visible(self.path))?;
        // Both places on one short line: the line once, both marked under it
        // (as rustc does), the other's label below its mark.
        match &diagnostic.note {
            Some((note_span, note)) if self.one_line(diagnostic.span, *note_span) => {
                self.shared_line(f, diagnostic.span, *note_span, note, gutter)?;
            }
            _ => {
                // The places in the order of the file; the primary one marked
                // `^`, the other `-` with its label.
                let mut places = vec![(diagnostic.span, "", '^')];
                if let Some((span, note)) = &diagnostic.note {
                    places.push((*span, note.as_str(), '-'));
                }
                places.sort_by_key(|(span, _, _)| span.start);
                for (span, label, mark) in places {
                    self.snippet(f, span, label, mark, gutter)?;
                }
            }
        }
        if let Some(help) = &diagnostic.help {
            writeln!(f, "{:gutter$} {} {}: {}", "", self.style.frame("="), self.style.bold("help"), visible(help))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_characters_and_every_line_end() {
        let source = "ab\r\ncé\tx\ry\nz";
        assert_eq!(line_col(source, 0), (1, 1));
        assert_eq!(line_col(source, 4), (2, 1));
        assert_eq!(line_col(source, source.find('x').unwrap()), (2, 4));
        assert_eq!(line_col(source, source.find('y').unwrap()), (3, 1));
        assert_eq!(line_col(source, source.len()), (4, 2));
    }

    #[test]
    fn two_places_on_one_line_share_it() {
        let source = "query play 2 games\tseed 1 seed 2\n";
        let (first, second) = (source.find("seed").unwrap(), source.rfind("seed").unwrap());
        let diagnostic = Diagnostic::new("`seed` is given twice", Span::new(second, second + 4))
            .note(Span::new(first, first + 4), "first given here");
        let text = diagnostic.render("x.puzzle", source, false).to_string();
        assert_eq!(
            text,
            "error: `seed` is given twice\n --> x.puzzle:1:27\n  |\n1 | query play 2 games\tseed 1 seed 2\n  \
             |                   \t----   ^^^^\n  |                   \tfirst given here\n"
        );
    }

    /// The diagnostic at the first `^` marked by `primary` in `source` (its
    /// marked text), with a note at `note`'s marked text if given, rendered.
    fn rendered(source: &str, primary: (usize, &str), note: Option<(usize, &str)>) -> String {
        let span = |(from, marked): (usize, &str)| {
            let start = source[from..].find(marked).unwrap() + from;
            Span::new(start, start + marked.len())
        };
        let diagnostic = Diagnostic::new("m", span(primary));
        let diagnostic = match note {
            Some(note) => diagnostic.note(span(note), "n"),
            None => diagnostic,
        };
        diagnostic.render("x", source, false).to_string()
    }

    #[test]
    fn a_long_line_is_cut_sixty_characters_around_what_is_marked() {
        let sixty = "a".repeat(60);
        // Exactly sixty on either side: all shown.
        let source = format!("{sixty}X{sixty}\n");
        assert_eq!(
            rendered(&source, (0, "X"), None),
            format!("error: m\n --> x:1:61\n  |\n1 | {sixty}X{sixty}\n  | {} ^\n", " ".repeat(59))
        );
        // One more on either side: cut, with `...` where it is.
        let source = format!("b{sixty}X{sixty}b\n");
        assert_eq!(
            rendered(&source, (0, "X"), None),
            format!("error: m\n --> x:1:62\n  |\n1 | ...{sixty}X{sixty}...\n  | {} ^\n", " ".repeat(62))
        );
        // Far longer on either side: still sixty shown.
        let source = format!("{}{sixty}X{sixty}{}\n", "b".repeat(70), "b".repeat(70));
        assert_eq!(
            rendered(&source, (0, "X"), None),
            format!("error: m\n --> x:1:131\n  |\n1 | ...{sixty}X{sixty}...\n  | {} ^\n", " ".repeat(62))
        );
        // What is marked: its first 120 characters at most (a hundred, all).
        let marked = "c".repeat(100);
        let source = format!("{marked}\n");
        let carets = "^".repeat(100);
        assert_eq!(
            rendered(&source, (0, &marked), None),
            format!("error: m\n --> x:1:1\n  |\n1 | {marked}\n  | {carets}\n")
        );
        let marked = "c".repeat(121);
        let source = format!("{marked}\n");
        let shown = &marked[..120];
        let carets = "^".repeat(120);
        assert_eq!(
            rendered(&source, (0, &marked), None),
            format!("error: m\n --> x:1:1\n  |\n1 | {shown}\n  | {carets}\n")
        );
        let source = format!("{shown}\n");
        assert_eq!(
            rendered(&source, (0, shown), None),
            format!("error: m\n --> x:1:1\n  |\n1 | {shown}\n  | {carets}\n")
        );
    }

    #[test]
    fn carets_stand_under_the_columns_a_terminal_shows() {
        // A Hangul syllable takes two columns, before the mark and in it.
        let source = "name \"정사각형\" x\n";
        let under_x = " ".repeat(16);
        assert_eq!(
            rendered(source, (0, "x"), None),
            format!("error: m\n --> x:1:13\n  |\n1 | name \"정사각형\" x\n  | {under_x}^\n")
        );
        assert_eq!(
            rendered(source, (0, "사각"), None),
            "error: m\n --> x:1:8\n  |\n1 | name \"정사각형\" x\n  |         ^^^^\n"
        );
    }

    #[test]
    fn a_place_inside_a_character_is_shown_at_the_character() {
        assert_eq!(floor_char_boundary("aé", 2), 1);
        let source = "game é\n";
        let inside = Diagnostic::new("m", Span::new(6, 7)).render("x", source, false).to_string();
        assert_eq!(inside, "error: m\n --> x:1:6\n  |\n1 | game é\n  |      ^\n");
    }

    #[test]
    fn two_places_share_their_line_only_when_apart_on_one_short_line() {
        let shared = |source: &str, primary, note| {
            let text = rendered(source, primary, Some(note));
            // One source line shown (a snippet each shows its own).
            text.lines().filter(|line| line.starts_with(|c: char| c.is_ascii_digit())).count() == 1
        };
        assert!(shared("seed 1 seed 2\n", (1, "seed"), (0, "seed")));
        // On lines of their own, overlapping, or one empty: each its snippet.
        assert!(!shared("seed 1\nseed 2\n", (1, "seed"), (0, "seed")));
        assert!(!shared("seed 1 seed 2\n", (0, "seed 1"), (0, "1 seed")));
        assert!(!shared("seed 1 seed 2\n", (1, "seed"), (0, "")));
        assert!(!shared("seed 1 seed 2\n", (0, ""), (1, "seed")));
        // A place running past its line's end.
        assert!(!shared("seed 1 seed\n2\n", (0, "seed 1"), (1, "seed\n2")));
        assert!(!shared("seed 1 seed\n2\n", (1, "seed\n2"), (0, "seed 1")));
        // Up to 120 characters, the line is shown whole once.
        let padded = |width: usize| format!("seed 1 seed 2{}\n", " ".repeat(width - 13));
        assert!(shared(&padded(120), (1, "seed"), (0, "seed")));
        assert!(!shared(&padded(121), (1, "seed"), (0, "seed")));
    }

    #[test]
    fn in_colour_the_primary_place_is_marked_as_the_error_the_other_as_the_frame() {
        let source = "seed 1\nseed 2\n";
        let diagnostic = Diagnostic::new("m", Span::new(7, 11)).note(Span::new(0, 4), "n");
        let text = diagnostic.render("x", source, true).to_string();
        let style = Style { colour: true };
        assert!(text.contains(&style.bad("^^^^")), "{text:?}");
        assert!(text.contains(&style.frame("----")), "{text:?}");
        assert!(!text.contains(&style.bad("----")), "{text:?}");
    }

    #[test]
    fn renders_the_line_and_a_caret_under_the_span() {
        let source = "game 2048\nboard {\n\t2 3 2\n}\n";
        let start = source.find('3').unwrap();
        let diagnostic = Diagnostic::new("`3` is not a 2048 tile", Span::new(start, start + 1)).help("powers of two");
        let text = diagnostic.render("x.puzzle", source, false).to_string();
        assert_eq!(
            text,
            "error: `3` is not a 2048 tile\n --> x.puzzle:3:4\n  |\n3 | \t2 3 2\n  | \t  ^\n  = help: powers of two\n"
        );
    }
}
