//! The one painter of colour: every text the command prints in colour goes
//! through [`Style`], so that colour is decided in one place.

/// Colour on or off: ANSI codes only for a terminal. Every text the command
/// prints is painted through it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Style {
    /// Whether to write colour codes.
    pub colour: bool,
}

impl Style {
    /// `text` in the ANSI style `code` (`"1;31"` is bold red), or plain.
    pub fn paint(self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// Success: green.
    pub fn good(self, text: &str) -> String {
        self.paint("32", text)
    }

    /// Errors and failures: bold red.
    pub fn bad(self, text: &str) -> String {
        self.paint("1;31", text)
    }

    /// Incomplete answers: yellow.
    pub fn warn(self, text: &str) -> String {
        self.paint("33", text)
    }

    /// Titles: bold.
    pub fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }

    /// Labels: dim.
    pub fn dim(self, text: &str) -> String {
        self.paint("2", text)
    }

    /// Gutters and arrows of a diagnostic: bold blue.
    pub(crate) fn frame(self, text: &str) -> String {
        self.paint("1;34", text)
    }
}

/// `text` with every control character shown escaped (`\u{1b}` for ESC),
/// and every control of the text's direction (`\u{202e}`): text from a file
/// never reaches the terminal raw.
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_hidden_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let escaped =
        text.chars().map(|c| if is_hidden_control(c) { c.escape_unicode().to_string() } else { c.to_string() });
    std::borrow::Cow::Owned(escaped.collect())
}

/// Whether `c` would act on the terminal instead of being shown: a control
/// character, or one that reorders the text around it (the bidirectional
/// marks, embeddings, overrides and isolates, as rustc's diagnostics hide
/// them): a line holding a right-to-left override shows its end reversed,
/// so that it reads other than the file does ("Trojan Source"). Or one that
/// shows as nothing, so that a word holding it looks like another; but the
/// joiners, which shape what is around them (an emoji of a family, a
/// Persian word), are shown as they act.
fn is_hidden_control(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        || (shows_as_nothing(c) && !matches!(c, '\u{200c}' | '\u{200d}'))
}

/// Whether `c` shows as nothing: a soft hyphen, the combining grapheme
/// joiner, the zero-width space, the joiners and non-joiners, the word
/// joiner and the invisible operators, a byte order mark within the text.
pub fn shows_as_nothing(c: char) -> bool {
    matches!(c, '\u{ad}' | '\u{34f}' | '\u{180e}' | '\u{200b}'..='\u{200d}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
}

/// `text` in at most `columns` columns of a terminal, cut in its middle by
/// `…` if it is wider: both ends show (a path's first directory and its
/// file's name).
pub fn middle_cut(text: &str, columns: usize) -> std::borrow::Cow<'_, str> {
    use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};
    if text.width() <= columns {
        return std::borrow::Cow::Borrowed(text);
    }
    // Each end takes its columns, the end more than the start if odd.
    let room = columns.saturating_sub(1);
    let taken = |chars: &mut dyn Iterator<Item = char>, room: usize| {
        let mut used = 0;
        let mut kept = Vec::new();
        for c in chars {
            used += c.width().unwrap_or(0);
            if used > room {
                break;
            }
            kept.push(c);
        }
        kept
    };
    let start = taken(&mut text.chars(), room / 2);
    let end = taken(&mut text.chars().rev(), room - room / 2);
    let cut: String = start.into_iter().chain(['…']).chain(end.into_iter().rev()).collect();
    std::borrow::Cow::Owned(cut)
}

/// `text` in pure ASCII, for `--ascii`: the report's own symbols by ASCII
/// ones, any other character escaped (`\u{ac01}`).
pub fn ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let replacement = match c {
            c if c.is_ascii() => {
                out.push(c);
                continue;
            }
            '—' | '─' | '–' => "-",
            '×' => "x",
            '✓' => "ok",
            '✗' => "X",
            '·' => ".",
            '■' => "#",
            '≥' => ">=",
            '≤' => "<=",
            '…' => "...",
            '→' => "->",
            '│' => "|",
            '┌' | '┐' | '└' | '┘' => "+",
            other => {
                out.push_str(&other.escape_unicode().to_string());
                continue;
            }
        };
        out.push_str(replacement);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::middle_cut;

    #[test]
    fn a_text_too_wide_is_cut_in_its_middle_to_the_columns() {
        let cases = [
            ("short.puzzle", 12, "short.puzzle"),
            ("./abcdefghij.puzzle", 12, "./abc…puzzle"),
            ("./abcdefghij.puzzle", 11, "./abc…uzzle"),
            // Hangul takes two columns: never a half of one.
            ("정사각형정사각형.puzzle", 10, "정사…uzzle"),
            ("정사각형정사각형.puzzle", 9, "정사…zzle"),
            ("abc", 0, "…"),
        ];
        for (text, columns, expected) in cases {
            assert_eq!(middle_cut(text, columns), expected, "{text} in {columns}");
        }
    }
}
