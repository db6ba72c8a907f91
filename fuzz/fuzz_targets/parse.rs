//! Any bytes as a `.puzzle` file: parsing and rendering must never panic, and an
//! error must point inside the file.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_cli::answer::Budget;
use puzzle_cli::render::json::render_json;
use puzzle_cli::render::text::{render_text, TextOptions};
use puzzle_cli::report::process_bytes;

fuzz_target!(|data: &[u8]| {
    let report = process_bytes("fuzz.puzzle".into(), data.to_vec(), Budget::default(), false);
    let _ = render_text(&report, TextOptions::default());
    let json = render_json(&report);
    if let Some(error) = json.get("error") {
        let line = error["line"].as_u64().unwrap() as usize;
        let lines = report.source.split(['\n']).count();
        assert!(line >= 1 && line <= lines.max(1) + report.source.matches('\r').count(), "line {line} outside the file");
    }
});
