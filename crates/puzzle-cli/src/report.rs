//! What became of one file: read, parsed and answered, or why not.

use std::io::Read;
use std::path::Path;

use crate::answer::{answer_each, Answered, Budget, Status};
use crate::diagnostic::Span;
use crate::language::{parse, Error, ErrorKind};
use crate::limits;

/// What became of one file.
#[derive(Debug)]
pub struct FileReport {
    /// The path as the user gave it (or as found below a directory).
    pub path: String,
    /// The file's text (lossy for non-UTF-8 files, empty when unreadable).
    pub source: String,
    /// The answers, or why there are none.
    pub outcome: Result<Solved, Failure>,
}

/// A file that parsed, with its answers.
#[derive(Debug)]
pub struct Solved {
    /// The puzzle's `name`, if any.
    pub name: Option<String>,
    /// The board and one result per query, in order.
    pub answered: Answered,
    /// What is valid but surely not meant, in source order.
    pub warnings: Vec<Error>,
    /// The file began with a UTF-8 byte order mark, which the report's
    /// `source` leaves out: blessing writes it back.
    pub byte_order_mark: bool,
}

/// Why a file has no answers.
#[derive(Debug)]
pub enum Failure {
    /// It could not be read, or a directory held no puzzles.
    Unreadable(String),
    /// It is not a valid puzzle: every error, in source order.
    Invalid(Vec<Error>),
}

/// A valid file's report while its queries are answered: what a report
/// written as it grows needs.
pub struct Growing<'a> {
    /// The path as the user gave it (or as found below a directory).
    pub path: &'a str,
    /// The file's text.
    pub source: &'a str,
    /// The puzzle's `name`, if any.
    pub name: Option<&'a str>,
    /// What is valid but surely not meant, in source order.
    pub warnings: &'a [Error],
    /// The results so far: none when the file has just parsed, then one
    /// more as each query is answered.
    pub answered: &'a Answered,
}

/// Reads, parses and answers one file (`answer = false` for `puzzle check`).
pub fn process(path: &Path, budget: Budget, answer: bool) -> FileReport {
    process_watched(path, budget, answer, &mut |_| {})
}

/// [`process`], showing `watch` the report as it grows if the file is valid.
pub fn process_watched(path: &Path, budget: Budget, answer: bool, watch: &mut dyn FnMut(&Growing)) -> FileReport {
    let shown = path.display().to_string();
    match read_capped(path) {
        Ok(bytes) => process_bytes_watched(shown, bytes, budget, answer, watch),
        Err(message) => FileReport { path: shown, source: String::new(), outcome: Err(Failure::Unreadable(message)) },
    }
}

/// The bytes of the file at `path`, never holding more than the limit: a
/// larger file, a device or a FIFO that does not end is refused once the
/// limit is read, not after reading it all.
pub fn read_capped(path: &Path) -> Result<Vec<u8>, String> {
    let cannot_read = |err: std::io::Error| format!("cannot read `{}`: {err}", path.display());
    let file = std::fs::File::open(path).map_err(cannot_read)?;
    read_capped_from(file).map_err(|err| match err {
        ReadError::Io(err) => cannot_read(err),
        ReadError::TooLarge => format!(
            "`{}` is larger than {} bytes, the limit for a puzzle; split it into several puzzles",
            path.display(),
            limits::MAX_FILE_BYTES
        ),
    })
}

/// Why [`read_capped_from`] gave no bytes.
#[derive(Debug)]
pub enum ReadError {
    /// Reading failed.
    Io(std::io::Error),
    /// The input holds more than [`limits::MAX_FILE_BYTES`].
    TooLarge,
}

/// Everything `reader` holds, up to [`limits::MAX_FILE_BYTES`]: one byte more
/// is read to tell that it is larger, and no more.
pub fn read_capped_from(reader: impl Read) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    reader.take(limits::MAX_FILE_BYTES as u64 + 1).read_to_end(&mut bytes).map_err(ReadError::Io)?;
    if bytes.len() > limits::MAX_FILE_BYTES {
        return Err(ReadError::TooLarge);
    }
    Ok(bytes)
}

/// [`process`] on bytes already read, with no one watching.
pub fn process_bytes(path: String, bytes: Vec<u8>, budget: Budget, answer: bool) -> FileReport {
    process_bytes_watched(path, bytes, budget, answer, &mut |_| {})
}

/// [`process`] on bytes already read.
pub fn process_bytes_watched(
    path: String,
    bytes: Vec<u8>,
    budget: Budget,
    answer: bool,
    watch: &mut dyn FnMut(&Growing),
) -> FileReport {
    let source = match text_of(bytes) {
        Ok(source) => source,
        Err(not_text) => {
            let NotText { shown, error } = *not_text;
            return FileReport { path, source: shown, outcome: Err(Failure::Invalid(vec![error])) };
        }
    };
    // A UTF-8 byte order mark (a Notepad save) is no part of the text.
    let (source, byte_order_mark) = match source.strip_prefix('\u{feff}') {
        Some(rest) => (rest.to_string(), true),
        None => (source, false),
    };
    let mut report = process_text(path, source, budget, answer, watch);
    if let Ok(solved) = &mut report.outcome {
        solved.byte_order_mark = byte_order_mark;
    }
    report
}

/// Bytes that are not UTF-8 text: why, and the text to show it on.
pub(crate) struct NotText {
    /// The bytes as UTF-16 where they are that (so that the line shown
    /// reads as the file does), else with U+FFFD for each bad sequence.
    pub(crate) shown: String,
    pub(crate) error: Error,
}

/// The text of a file's bytes, or why they are none.
pub(crate) fn text_of(bytes: Vec<u8>) -> Result<String, Box<NotText>> {
    if let Some(big_endian) = utf16_order(&bytes) {
        let units = bytes.chunks_exact(2).map(|pair| {
            let pair = [pair[0], pair[1]];
            if big_endian {
                u16::from_be_bytes(pair)
            } else {
                u16::from_le_bytes(pair)
            }
        });
        let mut text: String = char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect();
        if bytes.len() % 2 == 1 {
            text.push(char::REPLACEMENT_CHARACTER); // half a unit at the end
        }
        let shown = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
        return Err(Box::new(NotText { shown, error: Error::new(ErrorKind::Utf16 { big_endian }, Span::new(0, 0)) }));
    }
    String::from_utf8(bytes).map_err(|err| {
        let valid = err.utf8_error().valid_up_to();
        let byte = err.as_bytes()[valid];
        let shown = String::from_utf8_lossy(err.as_bytes()).into_owned();
        // The lossy text has one U+FFFD (3 bytes) in place of each bad sequence before
        // `valid`… there are none before it, so `valid` is the same offset in both.
        Box::new(NotText { shown, error: Error::new(ErrorKind::NotUtf8 { byte }, Span::new(valid, valid + 3)) })
    })
}

/// Whether `bytes` are UTF-16, and big-endian: by a byte order mark (not
/// UTF-32's, which begins as little-endian UTF-16's does), or without one,
/// by a zero byte beside each of the first two characters, as ASCII is in
/// UTF-16 (and is valid UTF-8, so would otherwise be read as words with
/// NULs in them).
pub(crate) fn utf16_order(bytes: &[u8]) -> Option<bool> {
    let ascii = |byte: &u8| (1..0x80).contains(byte);
    match bytes {
        [0xFF, 0xFE, 0, 0, ..] => None,
        [0xFF, 0xFE, ..] => Some(false),
        [0xFE, 0xFF, ..] => Some(true),
        [a, 0, b, 0, ..] if ascii(a) && ascii(b) => Some(false),
        [0, a, 0, b, ..] if ascii(a) && ascii(b) => Some(true),
        _ => None,
    }
}

/// Parses and answers `source` as it is, a byte order mark and all (an
/// editor's text, whose positions count the mark): the report's offsets are
/// the text's own.
pub fn process_text(
    path: String,
    source: String,
    budget: Budget,
    answer: bool,
    watch: &mut dyn FnMut(&Growing),
) -> FileReport {
    let outcome = match parse(&source) {
        Ok(puzzle) => {
            let answered = answer_each(&puzzle, budget, answer, &|| true, &mut |answered| {
                let name = puzzle.name.as_deref();
                watch(&Growing { path: &path, source: &source, name, warnings: &puzzle.warnings, answered })
            });
            Ok(Solved { answered, name: puzzle.name, warnings: puzzle.warnings, byte_order_mark: false })
        }
        Err(error) => Err(Failure::Invalid(error)),
    };
    FileReport { path, source, outcome }
}

impl FileReport {
    /// What became of this file: the worst status of its queries, or
    /// [`Status::Error`] when it could not be read or is invalid.
    pub fn status(&self) -> Status {
        match &self.outcome {
            Err(_) => Status::Error,
            Ok(solved) => solved.answered.statuses().into_iter().max().unwrap_or(Status::Ok),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_of_the_limit_is_read_and_one_byte_more_is_refused() {
        let limit = limits::MAX_FILE_BYTES;
        assert_eq!(read_capped_from(&vec![b' '; limit][..]).unwrap().len(), limit);
        assert!(matches!(read_capped_from(&vec![b' '; limit + 1][..]), Err(ReadError::TooLarge)));
    }

    #[test]
    fn utf16_is_told_by_its_byte_order_mark_or_the_zeros_beside_ascii_and_shown_decoded() {
        let utf16 = |text: &str, big_endian: bool, mark: bool| -> Vec<u8> {
            let units = mark.then_some(0xFEFF).into_iter().chain(text.encode_utf16());
            units.flat_map(|unit| if big_endian { unit.to_be_bytes() } else { unit.to_le_bytes() }).collect()
        };
        let text = "game 2048\nboard {\n  2 한\n}\n";
        for (big_endian, mark) in [(false, true), (true, true), (false, false), (true, false)] {
            let report = process_bytes("x.puzzle".into(), utf16(text, big_endian, mark), Budget::default(), false);
            let Err(Failure::Invalid(errors)) = &report.outcome else { panic!("{:?}", report.outcome) };
            assert_eq!(errors.len(), 1);
            assert_eq!((&errors[0].kind, errors[0].span), (&ErrorKind::Utf16 { big_endian }, Span::new(0, 0)));
            assert_eq!(report.source, text, "shown as it reads, its mark taken off");
        }
        // Not UTF-16: UTF-32's mark, a NUL in UTF-8 text (the parser tells
        // it), a lone zero byte, zeros beside a byte that is no ASCII.
        let not_utf16 = [&b"\xff\xfe\0\0g\0\0\0"[..], b"game\0", b"g\0", b"\0\0g\0a\0", b"g\0\xc3\0", b"\0g\0\xc3"];
        for bytes in not_utf16 {
            assert_eq!(utf16_order(bytes), None, "{bytes:?}");
        }
        // A byte left over is shown replaced, not dropped unseen.
        let mut odd = utf16("game", false, true);
        odd.push(b'x');
        assert_eq!(text_of(odd).err().unwrap().shown, "game\u{fffd}");
    }

    #[test]
    fn a_byte_that_is_not_utf8_is_marked_where_its_replacement_is_shown() {
        let report = process_bytes("x.puzzle".into(), b"game 2048\n\xff board".to_vec(), Budget::default(), false);
        let Err(Failure::Invalid(errors)) = &report.outcome else { panic!("{:?}", report.outcome) };
        assert_eq!((errors.len(), errors[0].span), (1, Span::new(10, 13)));
        assert_eq!(&report.source[10..13], "\u{fffd}");
    }
}
