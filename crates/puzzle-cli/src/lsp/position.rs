//! Byte offsets of the text and LSP positions (a line, and a character in
//! the negotiated encoding: UTF-16 code units by default, or UTF-8 bytes).

use serde_json::{json, Value};

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

/// Where each line of `text` starts (`\r\n`, `\n` and a lone `\r` end one).
pub(crate) fn line_starts(text: &str) -> Vec<usize> {
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
    starts
}

/// The LSP position of byte `offset` in `text`.
pub(crate) fn position(text: &str, offset: usize, encoding: Encoding) -> Value {
    let offset = offset.min(text.len());
    let starts = line_starts(text);
    let line = starts.partition_point(|&start| start <= offset) - 1;
    let mut from = starts[line];
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let mut to = offset;
    while !text.is_char_boundary(to) {
        to -= 1;
    }
    let before = &text[from..to.max(from)];
    let character = match encoding {
        Encoding::Utf8 => before.len(),
        Encoding::Utf16 => before.encode_utf16().count(),
    };
    json!({ "line": line, "character": character })
}

/// The byte offset of an LSP position in `text` (clamped to the line).
pub(crate) fn offset(text: &str, position: &Value, encoding: Encoding) -> usize {
    let starts = line_starts(text);
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
        counted += match encoding {
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf16 => c.len_utf16(),
        };
    }
    start + line_text.len()
}

/// The LSP range of bytes `start..end`.
pub(crate) fn range(text: &str, start: usize, end: usize, encoding: Encoding) -> Value {
    json!({ "start": position(text, start, encoding), "end": position(text, end, encoding) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_counts_code_units_and_utf8_bytes() {
        // `name "` is 6 units, "블록" 2 (6 bytes), a blank 1, "😀" 2 (4 bytes), `" ` 2.
        let text = "name \"블록 😀\" x\nnext";
        let x = text.find(" x").unwrap() + 1;
        assert_eq!(position(text, x, Encoding::Utf16), json!({ "line": 0, "character": 13 }));
        assert_eq!(position(text, x, Encoding::Utf8), json!({ "line": 0, "character": x }));
        assert_eq!(offset(text, &json!({ "line": 0, "character": 13 }), Encoding::Utf16), x);
        assert_eq!(position(text, text.len(), Encoding::Utf16), json!({ "line": 1, "character": 4 }));
    }

    #[test]
    fn every_line_end_counts() {
        let text = "a\r\nb\rc\nd";
        assert_eq!(line_starts(text), [0, 3, 5, 7]);
        assert_eq!(position(text, 7, Encoding::Utf16), json!({ "line": 3, "character": 0 }));
    }
}
