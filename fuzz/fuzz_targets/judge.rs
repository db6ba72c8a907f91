//! Any bytes as judge input, for each judge mode: an answer or a clear error,
//! never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzle_cli::judge::{solve, Problem};

fuzz_target!(|data: &[u8]| {
    // Keep the search small: the first byte picks the problem, and 2048 boards
    // larger than 8×8 are cut down by the reader's own limits.
    let Some((&selector, input)) = data.split_first() else { return };
    let problem = match selector % 3 {
        0 => Problem::Boj12100,
        1 => Problem::Boj12094,
        _ => Problem::KakaoBlockgame,
    };
    let _ = solve(problem, input);
});
