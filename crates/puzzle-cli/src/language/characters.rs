//! Characters that look like the language's own and are not: a blank other
//! than a space or a tab (an input method's `　`, a no-break space), a
//! full-width letter or digit (`２０４８`), a typographer's quote (`“`) or
//! dash (`‐`); and characters that show as nothing (a zero-width space, a
//! soft hyphen, a byte order mark within the text), pasted from a web page.
//! Each is told where it is, and the file is read with the character it
//! stands for in its place, or without it if it shows as nothing (as the
//! author sees the line), so that the rest of the file is checked as meant.
//!
//! Names and comments may hold any character: they are not looked into.

use super::errors::{Error, ErrorKind};
use crate::diagnostic::Span;

/// A character of the file that stands for one of the language's.
#[derive(Debug, Clone, Copy)]
pub(super) struct LookAlike {
    /// Where it is in the file.
    at: usize,
    found: char,
    /// The character it stands for; `None` for one that shows as nothing.
    meant: Option<char>,
}

impl LookAlike {
    fn span(self) -> Span {
        Span::new(self.at, self.at + self.found.len_utf8())
    }
}

/// What `found` stands for, if it is a look-alike: a character, or
/// nothing (`Some(None)`) for one that shows as nothing.
fn meant_by(found: char) -> Option<Option<char>> {
    match found {
        // The blanks, and the Hangul fillers, which show as blanks.
        '\u{a0}' | '\u{2000}'..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}' | '\u{b}' | '\u{c}' => {
            Some(Some(' '))
        }
        '\u{115f}' | '\u{1160}' | '\u{3164}' | '\u{ffa0}' => Some(Some(' ')),
        // The full-width forms of `!` to `~`, 0xFEE0 above them.
        '\u{ff01}'..='\u{ff5e}' => Some(char::from_u32(found as u32 - 0xfee0)),
        '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{2033}' => Some(Some('"')),
        '\u{2010}'..='\u{2015}' | '\u{2212}' => Some(Some('-')),
        c if crate::style::shows_as_nothing(c) => Some(None),
        _ => None,
    }
}

/// The look-alikes of `source` outside names and comments, in order. A
/// look-alike of `"` opens a name as `"` would, and closes one it opened;
/// within a name opened by `"`, it is the name's own.
pub(super) fn look_alikes(source: &str) -> Vec<LookAlike> {
    // Within a name: whether a look-alike opened it.
    let mut name: Option<bool> = None;
    let mut comment = false;
    let mut found = Vec::new();
    let mut chars = source.char_indices();
    while let Some((at, c)) = chars.next() {
        match (c, meant_by(c)) {
            // A name and a comment end with their line.
            ('\r' | '\n', _) => (name, comment) = (None, false),
            _ if comment => {}
            ('"', _) => name = if name.is_some() { None } else { Some(false) },
            ('\\', _) if name.is_some() => {
                chars.next();
            }
            ('#', _) if name.is_none() => comment = true,
            (_, Some(Some('"'))) if name != Some(false) => {
                found.push(LookAlike { at, found: c, meant: Some('"') });
                name = if name.is_some() { None } else { Some(true) };
            }
            (_, Some(meant)) if name.is_none() => found.push(LookAlike { at, found: c, meant }),
            _ => {}
        }
    }
    found
}

/// Puts the errors of the text read with the look-alikes replaced back in
/// place in `source`, and tells the look-alikes: each run of them side by
/// side once (`２０４８` stands for `2048`).
pub(super) fn tell(source: &str, look_alikes: &[LookAlike], errors: &mut Vec<Error>) {
    let shifts = Shifts::of(look_alikes);
    let in_source = |span: Span| Span::new(shifts.source_offset(span.start), shifts.source_offset(span.end));
    for error in errors.iter_mut() {
        (error.span, error.also) = (in_source(error.span), error.also.map(in_source));
    }
    errors.extend(runs(look_alikes).into_iter().map(|(span, meant)| {
        let kind = ErrorKind::LookAlike { found: source[span.start..span.end].to_string(), meant };
        Error::new(kind, span)
    }));
}

/// The first run of look-alikes the formatter cannot lay a blank beside,
/// told, since the blank would part what the language reads as one word:
/// characters that show as nothing (`game\u{200b}2048` reads as
/// `game2048`), and a run glued to the end of an ASCII word that starts
/// with one standing for a letter, a digit, `-` or `_` (`expect＿` reads as
/// `expect_`; the grammar, reading the file as written, ends the keyword
/// where its ASCII does).
pub(super) fn first_the_formatter_would_part(source: &str) -> Option<Error> {
    let word_char = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    let parted = |look_alike: &LookAlike| {
        look_alike
            .meant
            .is_none_or(|meant| word_char(meant) && source[..look_alike.at].chars().next_back().is_some_and(word_char))
    };
    let all = look_alikes(source);
    let first = all.iter().find(|look_alike| parted(look_alike))?;
    let (span, meant) = runs(&all).into_iter().find(|(span, _)| (span.start..span.end).contains(&first.at))?;
    Some(Error::new(ErrorKind::LookAlike { found: source[span.start..span.end].to_string(), meant }, span))
}

/// Each run of look-alikes side by side, where it is, and what it stands for.
fn runs(look_alikes: &[LookAlike]) -> Vec<(Span, String)> {
    let mut runs: Vec<(Span, String)> = Vec::new();
    for look_alike in look_alikes {
        let span = look_alike.span();
        match runs.last_mut() {
            Some((run, meant)) if run.end == span.start => {
                run.end = span.end;
                meant.extend(look_alike.meant);
            }
            _ => runs.push((span, look_alike.meant.into_iter().collect())),
        }
    }
    runs
}

/// `source` with each look-alike (in order) replaced by what it stands for.
pub(super) fn replaced(source: &str, look_alikes: &[LookAlike]) -> String {
    let mut text = String::with_capacity(source.len());
    let mut from = 0;
    for look_alike in look_alikes {
        text.push_str(&source[from..look_alike.at]);
        text.extend(look_alike.meant);
        from = look_alike.span().end;
    }
    text.push_str(&source[from..]);
    text
}

/// Where the look-alikes are in the replaced text, and how far each one
/// and those before it shifted what follows: a file may hold a hundred
/// thousand look-alikes and as many errors, each put back by a binary search.
struct Shifts {
    /// Each look-alike's offset in the replaced text, and the bytes it and
    /// those before it had more than what replaced them.
    replaced: Vec<(usize, usize)>,
}

impl Shifts {
    fn of(look_alikes: &[LookAlike]) -> Shifts {
        let mut shift = 0;
        let replaced = look_alikes
            .iter()
            .map(|look_alike| {
                let replaced_at = look_alike.at - shift;
                shift += look_alike.found.len_utf8() - look_alike.meant.map_or(0, char::len_utf8);
                (replaced_at, shift)
            })
            .collect();
        Shifts { replaced }
    }

    /// Where an offset of the replaced text is in the source: past each
    /// look-alike before it, by the bytes it had more than what replaced it.
    fn source_offset(&self, offset: usize) -> usize {
        let before = self.replaced.partition_point(|&(replaced_at, _)| replaced_at < offset);
        offset + before.checked_sub(1).map_or(0, |last| self.replaced[last].1)
    }
}
