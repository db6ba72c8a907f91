//! Any text as an editor's buffer, the cursor anywhere in it: no request of
//! `puzzle lsp` panics (diagnostics, semantic tokens, completion, hints,
//! hover, code actions, formatting, in both position encodings).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first two bytes place the cursor; the rest is the text.
    let Some((cursor, text)) = data.split_first_chunk::<2>() else { return };
    let Ok(text) = std::str::from_utf8(text) else { return };
    puzzle_cli::lsp::every_request(text, usize::from(u16::from_le_bytes(*cursor)));
});
