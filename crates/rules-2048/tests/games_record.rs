//! docs/performance.md keeps the seeded self-play games by hand, session
//! after session, and sums them up in a sentence: the sentence must be the
//! table's. Every figure of it is recomputed here from the rows (the games,
//! the shares of 16384 and 32768, their 95 % Wilson intervals, the median
//! score), so that a row added without its summary fails.

/// One row of the table: the game's number, its largest tile and its score.
struct Game {
    number: u64,
    tile: u64,
    score: u64,
}

fn number(text: &str) -> u64 {
    text.trim().replace(',', "").parse().unwrap_or_else(|_| panic!("not a number: {text:?}"))
}

/// The rows of the table of games (its header starts with `| game |`).
fn games(document: &str) -> Vec<Game> {
    let table = document.split("\n| game | largest tile | score | moves |").nth(1).expect("the table of games");
    table
        .lines()
        .skip(2) // the rest of the header line, and the separator
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let tile = cells[2].split_whitespace().next().expect("a tile");
            Game { number: number(cells[1]), tile: number(tile), score: number(cells[3]) }
        })
        .collect()
}

/// The 95 % Wilson score interval of `k` of `n`, in whole percents.
fn wilson(k: usize, n: usize) -> (u64, u64) {
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = p + z * z / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z * z / n;
    (((centre - half) / scale * 100.0).round() as u64, ((centre + half) / scale * 100.0).round() as u64)
}

/// `value` with a comma between thousands, as the document writes scores.
fn with_commas(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[test]
fn the_summary_of_the_seeded_games_is_the_tables() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/performance.md");
    let document = std::fs::read_to_string(path).unwrap();
    let games = games(&document);
    let n = games.len();
    assert!(n >= 40, "the table has {n} games");
    let mut numbers: Vec<u64> = games.iter().map(|game| game.number).collect();
    numbers.sort_unstable();
    numbers.dedup();
    assert_eq!(numbers.len(), n, "a game is in the table twice");
    let reached = |tile: u64| games.iter().filter(|game| game.tile >= tile).count();
    let share = |k: usize| (100.0 * k as f64 / n as f64).round() as u64;
    let (big, bigger) = (reached(16384), reached(32768));
    let mut scores: Vec<u64> = games.iter().map(|game| game.score).collect();
    scores.sort_unstable();
    let median = scores[(n - 1) / 2];
    let ((low, high), (low2, high2)) = (wilson(big, n), wilson(bigger, n));
    // The sentences, with their line breaks folded.
    let text = document.split_whitespace().collect::<Vec<_>>().join(" ");
    for expected in [
        format!("{n} games: 16384 in {big} ({} %), 32768 in {bigger} ({} %)", share(big), share(bigger)),
        format!("the 95 % Wilson intervals are {low}–{high} % for 16384 and {low2}–{high2} % for 32768"),
        format!("Median score {} (the lower middle of the {n};", with_commas(median)),
    ] {
        assert!(text.contains(&expected), "docs/performance.md should say: {expected}");
    }
}

#[test]
fn the_wilson_interval_is_the_textbooks() {
    // 39 of 40 and 11 of 40: 87.1–99.6 % and 16.1–42.8 %.
    assert_eq!((wilson(39, 40), wilson(11, 40)), ((87, 100), (16, 43)));
    assert_eq!(with_commas(387_216), "387,216");
    assert_eq!(with_commas(999), "999");
}
