//! Any bytes as a `.puzzle` file, parsed and answered with a small search budget:
//! no panic, no hang, whatever the board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_cli::answer::Budget;
use puzzle_cli::render::json::render_json;
use puzzle_cli::render::text::{render_text, TextOptions};
use puzzle_cli::report::process_bytes;

fuzz_target!(|data: &[u8]| {
    let report = process_bytes("fuzz.puzzle".into(), data.to_vec(), Budget { nodes: Some(2_000), ..Budget::default() }, true);
    let _ = render_text(&report, TextOptions { show: true, ..TextOptions::default() });
    let _ = render_json(&report);
    let _ = report.status();
});
