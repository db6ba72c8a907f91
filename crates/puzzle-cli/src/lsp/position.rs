//! Byte offsets of the text and LSP positions (a line, and a character in
//! the negotiated encoding: UTF-16 code units by default, or UTF-8 bytes).

use serde_json::{json, Value};

use crate::diagnostic::Lines;

/// How the client counts characters in a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Encoding {
    Utf8,
    Utf16,
}

impl Encoding {
    /// The encoding's name in the protocol.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf16 => "utf-16",
        }
    }

    /// How many characters a text is in the encoding.
    fn units(self) -> fn(&str) -> usize {
        match self {
            Encoding::Utf8 => str::len,
            Encoding::Utf16 => |text| text.encode_utf16().count(),
        }
    }

    /// UTF-8 when the client offers it (no conversion), else UTF-16, which
    /// every client speaks.
    pub(crate) fn negotiate(capabilities: &Value) -> Encoding {
        let offered = capabilities["general"]["positionEncodings"].as_array();
        if offered.is_some_and(|encodings| encodings.iter().any(|e| e == "utf-8")) {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        }
    }
}

/// A text's places as LSP positions and back, its lines found once
/// ([`Lines`]: a file may have tens of thousands of errors, each told with
/// a range).
pub(crate) struct Positions<'t> {
    lines: Lines<'t>,
    encoding: Encoding,
}

impl<'t> Positions<'t> {
    pub(crate) fn new(text: &'t str, encoding: Encoding) -> Positions<'t> {
        Positions { lines: Lines::counting(text, encoding.units()), encoding }
    }

    /// Where each line starts.
    pub(crate) fn starts(&self) -> &[usize] {
        self.lines.starts()
    }

    /// The LSP position of byte `offset`.
    pub(crate) fn position(&self, offset: usize) -> Value {
        let (line, character) = self.lines.place(offset);
        json!({ "line": line, "character": character })
    }

    /// The LSP range of bytes `start..end`.
    pub(crate) fn range(&self, start: usize, end: usize) -> Value {
        json!({ "start": self.position(start), "end": self.position(end) })
    }

    /// The byte offset of an LSP position (clamped to the line).
    pub(crate) fn offset(&self, position: &Value) -> usize {
        let (text, starts) = (self.lines.text(), self.lines.starts());
        let line = position["line"].as_u64().unwrap_or(0) as usize;
        let Some(&start) = starts.get(line) else { return text.len() };
        let end = starts.get(line + 1).copied().unwrap_or(text.len());
        let line_text = text[start..end].trim_end_matches(['\r', '\n']);
        let wanted = position["character"].as_u64().unwrap_or(0) as usize;
        let mut counted = 0;
        for (at, c) in line_text.char_indices() {
            if counted >= wanted {
                return start + at;
            }
            counted += match self.encoding {
                Encoding::Utf8 => c.len_utf8(),
                Encoding::Utf16 => c.len_utf16(),
            };
        }
        start + line_text.len()
    }

    /// The characters of `text` in the client's encoding.
    pub(crate) fn units(&self, text: &str) -> usize {
        (self.encoding.units())(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_counts_code_units_and_utf8_bytes() {
        // `name "` is 6 units, "블록" 2 (6 bytes), a blank 1, "😀" 2 (4 bytes), `" ` 2.
        let text = "name \"블록 😀\" x\nnext";
        let x = text.find(" x").unwrap() + 1;
        let (utf16, utf8) = (Positions::new(text, Encoding::Utf16), Positions::new(text, Encoding::Utf8));
        assert_eq!(utf16.position(x), json!({ "line": 0, "character": 13 }));
        assert_eq!(utf8.position(x), json!({ "line": 0, "character": x }));
        assert_eq!(utf16.offset(&json!({ "line": 0, "character": 13 })), x);
        assert_eq!(utf16.position(text.len()), json!({ "line": 1, "character": 4 }));
    }

    #[test]
    fn every_line_end_counts() {
        let text = "a\r\nb\rc\nd";
        assert_eq!(Positions::new(text, Encoding::Utf16).starts(), [0, 3, 5, 7]);
        assert_eq!(Positions::new(text, Encoding::Utf16).position(7), json!({ "line": 3, "character": 0 }));
    }

    #[test]
    fn positions_told_in_any_order_are_those_of_a_fresh_count() {
        // Counted on from the last position told when it is on the line
        // before: in order, backwards, across lines, inside a character.
        let text = "a😀b 블 c\r\nd😀\re\n😀😀f";
        let offsets: Vec<usize> = (0..=text.len()).collect();
        let orders = [
            offsets.clone(),
            offsets.iter().rev().copied().collect(),
            offsets.iter().map(|&o| (o * 7) % (text.len() + 1)).collect(),
        ];
        for encoding in [Encoding::Utf16, Encoding::Utf8] {
            let fresh = |offset: usize| Positions::new(text, encoding).position(offset);
            for order in &orders {
                let positions = Positions::new(text, encoding);
                for &offset in order {
                    assert_eq!(positions.position(offset), fresh(offset), "{offset} in {encoding:?}");
                }
            }
        }
        let utf16 = Positions::new(text, Encoding::Utf16);
        assert_eq!(utf16.position(text.find('c').unwrap()), json!({ "line": 0, "character": 7 }));
        assert_eq!(utf16.position(text.find('f').unwrap()), json!({ "line": 3, "character": 4 }));
    }
}
