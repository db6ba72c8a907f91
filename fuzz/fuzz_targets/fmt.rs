//! Any text as a `.puzzle` file through the formatter: it never panics, its
//! output means what the input meant (`parse(fmt(x)) == parse(x)`, spans
//! aside) and formats to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_cli::language::format::format_source;
use puzzle_cli::language::parse;

/// What a file means, without where things are written: the checked game's
/// `Debug` with every span taken out, or the first error's message.
fn meaning(source: &str) -> String {
    match parse(source) {
        Ok(puzzle) => {
            let text = format!("{:?} {:?}", puzzle.name, puzzle.game);
            let mut out = String::new();
            let mut rest = text.as_str();
            while let Some(at) = rest.find("Span {") {
                out.push_str(&rest[..at]);
                rest = &rest[at + rest[at..].find('}').map_or(rest.len() - at, |i| i + 1)..];
            }
            out + rest
        }
        Err(errors) => format!("error: {}", errors[0].kind.message()),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else { return };
    let Ok(formatted) = format_source(source) else { return };
    assert_eq!(meaning(&formatted), meaning(source), "the meaning changed:\n{source}\n---\n{formatted}");
    let twice = format_source(&formatted);
    assert_eq!(twice.as_deref().ok(), Some(formatted.as_str()), "not idempotent:\n{formatted}");
});
