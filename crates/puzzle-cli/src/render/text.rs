//! The text report for people: per file a title, then each query's answer,
//! whether it holds its `expect`, and its witness.

use std::fmt::Write as _;

use grid_core::{Direction, Grid};

use super::explain::{explain_2048, explain_blocks, Drawing};
use super::{plural_s, probability_text};
use crate::answer::{Answer2048, Answered, BlockAnswer, Bound, Check, QueryResult};
use crate::language::ast::Decimal;
use crate::language::errors::count;
use crate::language::{BlockExpect, Error, Expect2048, MAX_ERRORS};
use crate::report::{Failure, FileReport};
use crate::style::{visible, Style};

/// What the text report includes.
#[derive(Debug, Clone, Copy, Default)]
pub struct TextOptions {
    /// Print the starting board and the board after each witness.
    pub show: bool,
    /// Explain each answer step by step (see [`super::explain`]).
    pub explain: bool,
    /// Draw explained boards in ASCII instead of Unicode box drawing.
    pub ascii: bool,
    /// Colour.
    pub style: Style,
    /// 24-bit colour where there is colour; else the 256-colour palette.
    pub truecolor: bool,
}

/// The largest tile of a board of tile values, 0 when it is empty.
fn largest_tile(board: &Grid<u64>) -> u64 {
    board.as_slice().iter().copied().max().unwrap_or(0)
}

fn moves_text(moves: &[Direction]) -> String {
    if moves.is_empty() {
        "none (the board already has it)".to_string()
    } else {
        let letters: Vec<String> = moves.iter().map(|m| m.letter().to_string()).collect();
        format!("{} ({} move{})", letters.join(" "), moves.len(), plural_s(moves.len()))
    }
}

fn indented(text: &str, by: usize) -> String {
    text.lines().map(|line| format!("{:by$}{line}\n", "")).collect()
}

fn board_text(values: &Grid<u64>) -> String {
    values.map(|&v| if v == 0 { ".".to_string() } else { v.to_string() }).to_string()
}

/// The text report of one file: for a valid one, its [`head_text`] and the
/// [`result_text`] of each query.
pub fn render_text(report: &FileReport, options: TextOptions) -> String {
    let style = options.style;
    let mut out = String::new();
    let solved = match &report.outcome {
        Err(Failure::Unreadable(message)) => {
            let _ = writeln!(out, "{}: {}", style.bad("error"), visible(message));
            return out;
        }
        Err(Failure::Invalid(errors)) => return diagnostics_text(&report.path, &report.source, errors, style),
        Ok(solved) => solved,
    };
    out += &head_text(&report.path, solved.name.as_deref(), &solved.answered, options);
    for index in 0..solved.answered.count() {
        out += &result_text(&solved.answered, index, options);
    }
    out
}

/// The lines of a valid file's report before its answers: its path and
/// name, the game and the board's size (and with `show` the board).
pub fn head_text(path: &str, name: Option<&str>, answered: &Answered, options: TextOptions) -> String {
    let style = options.style;
    let mut out = String::new();
    let (game, (height, width), start) = match answered {
        Answered::Twenty48 { board, spawns, .. } => {
            let game = match spawns {
                Some(law) => format!("2048 with spawns {law}"),
                None => "2048".to_string(),
            };
            (game, (board.height(), board.width()), board.to_string())
        }
        Answered::BlockGame { board, .. } => {
            ("blockgame".to_string(), (board.ids().height(), board.ids().width()), board.to_string())
        }
    };
    let title = name.map(|name| format!(" — {}", visible(name))).unwrap_or_default();
    let _ = writeln!(out, "{}", style.bold(&format!("{}{title}", visible(path))));
    let _ = writeln!(out, "  {game}, {height}×{width} board");
    if options.show {
        let _ = writeln!(out, "  start:");
        out += &indented(&start, 4);
    }
    out
}

/// The lines of the answer to the query `index` (counted from 0) of a valid
/// file's report.
pub fn result_text(answered: &Answered, index: usize, options: TextOptions) -> String {
    let mut out = String::new();
    match answered {
        Answered::Twenty48 { board, results, .. } => result_2048(&mut out, board, &results[index], options),
        Answered::BlockGame { board, results } => block_result(&mut out, board, &results[index], options),
    }
    out
}

/// The line of a result: the query, its answer, the budget's note and the
/// `expect`'s check; `None` (after writing the error) when it has no answer.
fn headline<'r, A, E>(
    out: &mut String,
    result: &'r QueryResult<A, E>,
    style: Style,
    answer_text: impl Fn(&A) -> String,
    proven_tile: impl Fn(&A, u64) -> bool,
    expect_text: impl Fn(&E) -> String,
) -> Option<&'r A> {
    let answer = match &result.answer {
        Ok(answer) => answer,
        Err(error) => {
            let message = error.kind.message();
            let _ = writeln!(out, "  {}: {}", result.text, style.bad(&format!("error: {message}")));
            return None;
        }
    };
    let mut line = format!("  {}: {}", result.text, style.bold(&answer_text(answer)));
    if let Some(bound) = result.incomplete {
        let nodes = count(result.nodes.unwrap_or(0) as usize, "board");
        let note = match bound {
            Bound::UpperBound(upper_bound) if proven_tile(answer, upper_bound) => format!(
                "(incomplete: no larger tile is possible, but the search stopped at its budget after {} \
                 before proving that no shorter sequence reaches it)",
                nodes
            ),
            Bound::UpperBound(upper_bound) => format!(
                "(incomplete: the search stopped at its budget after {}; this is the best found, and \
                 no tile above {upper_bound} is possible)",
                nodes
            ),
            Bound::FewestAtLeast(fewest) => format!(
                "(incomplete: the search stopped at its budget after {}; no sequence of fewer than \
                 {} can reach it)",
                nodes,
                count(fewest, "move")
            ),
            Bound::Unfinished => {
                format!("(incomplete: the search stopped at its budget after {nodes}; nothing is proven)")
            }
            Bound::ChanceAtLeast { within, .. } => format!(
                "(incomplete: the search stopped at its budget after {nodes}; proven: the chance within {}, \
                 which more moves never lower)",
                count(within, "move")
            ),
            Bound::GamesUnfinished(games) => format!(
                "(incomplete: {} stopped at the budget or the move limit before {} ended)",
                count(games, "game"),
                if games == 1 { "it" } else { "they" }
            ),
            Bound::DepthSearched { asked, searched } => format!(
                "(incomplete: depth {asked} did not fit in the budget, {}; this is the move at depth \
                 {searched}, the deepest searched in full)",
                count(result.nodes.unwrap_or(0) as usize, "node")
            ),
        };
        let _ = write!(line, " {}", style.warn(&note));
    }
    match &result.expect {
        Some((_, Check::Holds)) => line += &format!(" {}", style.good("✓")),
        Some((expect, Check::Fails)) => {
            line += &format!(" {}", style.bad(&format!("✗ expected {}", expect_text(expect))));
        }
        Some((expect, Check::Undecided)) => {
            let undecided = format!("? expected {}: neither proven nor refuted", expect_text(expect));
            line += &format!(" {}", style.warn(&undecided));
        }
        None => {}
    }
    let _ = writeln!(out, "{line}");
    Some(answer)
}

fn result_2048(
    out: &mut String,
    board: &rules_2048::Board,
    result: &QueryResult<Answer2048, Expect2048>,
    options: TextOptions,
) {
    let style = options.style;
    let answer_text = |answer: &Answer2048| match answer {
        Answer2048::MaxTile { tile, .. } => tile.to_string(),
        Answer2048::Reach { moves: Some(moves) } => format!("{} move{}", moves.len(), plural_s(moves.len())),
        Answer2048::Reach { moves: None } if result.incomplete.is_some() => "no sequence found".to_string(),
        Answer2048::Reach { moves: None } => "unreachable".to_string(),
        Answer2048::Apply { board, .. } => format!("a board whose largest tile is {}", largest_tile(board)),
        Answer2048::Chance { probability: Some(p), .. } => probability_text(*p, 12),
        Answer2048::Chance { probability: None, .. } => match result.incomplete {
            Some(Bound::ChanceAtLeast { probability, .. }) => format!("at least {}", Decimal::at_most(probability, 12)),
            _ => "not found".to_string(),
        },
        Answer2048::BestMove { depth: 0, .. } => "not found".to_string(),
        Answer2048::BestMove { choice, .. } => match answer.best_moves().as_slice() {
            [_, ties @ ..] if !ties.is_empty() => {
                format!("{} (or {}, equally good)", move_word(*choice), alternatives(ties))
            }
            _ => move_word(*choice).to_string(),
        },
        Answer2048::Play { stats, .. } => {
            format!(
                "{}, largest tile {}",
                count(stats.games.len(), "game"),
                stats.games.iter().map(|g| g.max_tile).max().unwrap_or(0)
            )
        }
    };
    let proven_tile = |answer: &Answer2048, bound| matches!(answer, Answer2048::MaxTile { tile, .. } if *tile == bound);
    let expect_text = |expect: &Expect2048| match expect {
        Expect2048::Number(n) => n.to_string(),
        Expect2048::Unreachable => "unreachable".to_string(),
        Expect2048::Board(_) => "the board below".to_string(),
        Expect2048::Probability(p) => p.to_string(),
        Expect2048::Move(choice) => move_word(*choice).to_string(),
        Expect2048::Share { tile, percent } => format!("{tile} in at least {percent}% of the games"),
    };
    let Some(answer) = headline(out, result, style, answer_text, proven_tile, expect_text) else { return };
    if let Answer2048::MaxTile { moves, .. } | Answer2048::Reach { moves: Some(moves) } = answer {
        let _ = writeln!(out, "    {} {}", style.dim("moves:"), moves_text(moves));
    }
    with_spawns(out, board, answer, style);
    if options.explain {
        out.push_str(&explain_2048(
            board,
            answer,
            Drawing { colour: style.colour, ascii: options.ascii, truecolor: options.truecolor },
        ));
    }

    if options.explain && result.incomplete.is_none() {
        if let Some(why) = why_no_more(board, answer, result) {
            let _ = writeln!(out, "    {} {why}", style.dim("why:"));
        }
    }
    if let Answer2048::Apply { board: after, .. } = answer {
        if !options.explain {
            out.push_str(&indented(&board_text(after), 4));
        }
        if let Some((Expect2048::Board(expected), Check::Fails)) = &result.expect {
            let _ = writeln!(out, "    {}", style.bad("expected:"));
            out.push_str(&indented(&board_text(expected), 4));
        }
    } else if options.show {
        // With spawns, the board after the answer's move, before its spawn
        // (which no answer knows).
        let shown = match (answer.moves(), answer.first_move()) {
            (Some(moves), _) => Some(("after:".to_string(), moves.to_vec())),
            (None, Some(first)) => Some((format!("after {} (before its spawn):", first.letter()), vec![first])),
            (None, None) => None,
        };
        let after = shown.and_then(|(label, moves)| Some((label, rules_2048::apply(board, &moves).ok()?)));
        if let Some((label, after)) = after {
            let _ = writeln!(out, "    {label}");
            out.push_str(&indented(&after.to_string(), 6));
        }
    }
}

/// `none` or the move's letter.
pub(crate) fn move_word(choice: Option<Direction>) -> &'static str {
    match choice {
        None => "none",
        Some(Direction::Up) => "U",
        Some(Direction::Down) => "D",
        Some(Direction::Left) => "L",
        Some(Direction::Right) => "R",
    }
}

/// Equally good moves as the reports write them: `D or L`.
pub(crate) fn alternatives(moves: &[Direction]) -> String {
    moves.iter().map(|direction| direction.letter().to_string()).collect::<Vec<_>>().join(" or ")
}

/// The lines under the answer of a query of the game with spawns.
pub(crate) fn with_spawns(out: &mut String, board: &rules_2048::Board, answer: &Answer2048, style: Style) {
    match answer {
        Answer2048::Chance { probability, error_bound, moves, .. } => {
            let first = match (probability, moves.as_slice()) {
                (None, _) => return,
                (Some(_), _) if board.max_tile() == 0 => match rules_2048::first_spawns(board) {
                    1 => "after the first spawn (a new game; one cell holds one tile)".to_string(),
                    _ => "after the first two spawns (a new game)".to_string(),
                },
                (Some(p), []) if *p >= 1.0 => "none needed (the board has the tile)".to_string(),
                (Some(_), []) => "none helps".to_string(),
                (Some(_), [only]) => only.letter().to_string(),
                (Some(_), several) => format!("{} (equally good)", alternatives(several)),
            };
            let _ = writeln!(out, "    {} {first}", style.dim("first move:"));
            let _ = writeln!(out, "    {} rounding error below {error_bound:.1e}, proven", style.dim("exact:"));
        }
        Answer2048::BestMove { .. } if answer.is_lost_game() => {
            let _ = writeln!(out, "    {} no move changes the board: the game is lost", style.dim("why:"));
        }
        Answer2048::BestMove { analysis, depth, nodes, seconds, .. } => {
            for (direction, value) in analysis {
                let _ = writeln!(out, "    {} {value:.1}", style.dim(&format!("{}:", direction.letter())));
            }
            let _ = writeln!(
                out,
                "    {} depth {depth}, {} in {}, {} nodes a second",
                style.dim("searched:"),
                count(*nodes as usize, "node"),
                duration_text(*seconds),
                rate(*nodes as f64 / seconds.max(1e-9))
            );
        }
        Answer2048::Play { stats, seconds } => {
            // From the largest tile every game reached: the tiles below it say 100% too.
            let shares = stats.reached();
            let every_game = shares.iter().rposition(|&(_, share)| share >= 1.0).unwrap_or(0);
            let reached: Vec<String> =
                shares[every_game..].iter().map(|(tile, share)| format!("{tile} {}", percent_text(*share))).collect();
            let _ = writeln!(out, "    {} {}", style.dim("reached:"), reached.join(", "));
            let (scores, moves) = (stats.scores(), stats.moves());
            let _ = writeln!(
                out,
                "    {} {} / {} / {} (min / median / max)",
                style.dim("score:"),
                scores.min,
                scores.median,
                scores.max
            );
            let _ = writeln!(out, "    {} {} / {} / {}", style.dim("moves:"), moves.min, moves.median, moves.max);
            let total = stats.total_moves();
            let speed = match total {
                // Games lost (or stopped) before their first move.
                0 => "no move played".to_string(),
                _ => format!("{:.0} moves a second", total as f64 / seconds.max(1e-9)),
            };
            let _ = writeln!(out, "    {} {speed}", style.dim("speed:"));
        }
        _ => {}
    }
}

/// A share as a percentage, to one decimal where it has one.
fn percent_text(share: f64) -> String {
    format!("{}%", Decimal::of(share * 100.0, 1))
}

/// Why no larger tile can be made (`max-tile`), or why the target cannot
/// be reached (`reach`): the bound that proves it, as the search used it.
fn why_no_more(
    board: &rules_2048::Board,
    answer: &Answer2048,
    result: &QueryResult<Answer2048, Expect2048>,
) -> Option<String> {
    let k = result.params.k?;
    let bounds = rules_2048::bounds(board, k);
    let searched = format!(
        "every sequence of at most {} was searched ({})",
        count(k, "move"),
        count(result.nodes.unwrap_or(0) as usize, "board")
    );
    let sum = format!("the tiles add up to {}, and no move changes the sum", bounds.sum);
    let counting = format!(
        "in {} the tiles' counts allow no more (each move merges pairs of equal tiles, each tile once: the counting bound)",
        count(k, "move")
    );
    match answer {
        Answer2048::MaxTile { tile, .. } => {
            let tile = u128::from(*tile);
            let reason = if tile == bounds.largest_by_sum {
                sum
            } else if tile == bounds.largest_by_counting {
                counting
            } else {
                searched
            };
            Some(format!("no tile above {tile} can be made: {reason}"))
        }
        Answer2048::Reach { moves: None } => {
            let target = u128::from(result.params.target?);
            let reason = if target > bounds.largest_by_sum {
                sum
            } else if target > bounds.largest_by_counting {
                counting
            } else {
                searched
            };
            Some(format!("no tile of {target} or more can be made: {reason}"))
        }
        _ => None,
    }
}

fn block_result(
    out: &mut String,
    board: &rules_blockgame::Board,
    result: &QueryResult<BlockAnswer, BlockExpect>,
    options: TextOptions,
) {
    let style = options.style;
    let answer_text = |BlockAnswer::MaxRemoved(solution): &BlockAnswer| {
        format!("{} block{}", solution.count(), plural_s(solution.count()))
    };
    let expect_text = |BlockExpect::Number(n): &BlockExpect| n.to_string();
    let Some(answer) = headline(out, result, style, answer_text, |_, _| false, expect_text) else { return };
    let BlockAnswer::MaxRemoved(solution) = answer;
    let ids: Vec<String> = solution.removed_ids().iter().map(u32::to_string).collect();
    let order = if ids.is_empty() { "none".to_string() } else { ids.join(" ") };
    let _ = writeln!(out, "    {} {order}", style.dim("removed:"));
    if options.explain {
        out.push_str(&explain_blocks(
            board,
            answer,
            Drawing { colour: style.colour, ascii: options.ascii, truecolor: options.truecolor },
        ));
    }
    if options.show {
        let removed = solution.removed_ids();
        let ids = board.ids().map(|&id| if id == 0 || removed.contains(&id) { 0 } else { id });
        let after = ids.map(|&id| if id == 0 { ".".to_string() } else { id.to_string() }).to_string();
        let _ = writeln!(out, "    after:");
        out.push_str(&indented(&after, 6));
    }
}

/// Every error of an invalid file, rendered in source order, up to
/// [`MAX_ERRORS`]; then how many more there are.
pub fn diagnostics_text(path: &str, source: &str, errors: &[Error], style: Style) -> String {
    let mut out = String::new();
    for (index, error) in errors.iter().take(MAX_ERRORS).enumerate() {
        if index > 0 {
            out.push('\n');
        }
        out += &error.diagnostic().render(path, source, style.colour).to_string();
    }
    if errors.len() > MAX_ERRORS {
        let more = errors.len() - MAX_ERRORS;
        let _ = writeln!(out, "{}: and {more} more error{} in {}", style.bad("error"), plural_s(more), visible(path));
    }
    out
}

/// The lines that end a run of several files: how many files and queries,
/// what went wrong in words that say which (`2 files invalid, 4 queries
/// failed`), and the files to look at.
pub fn summary(reports: &[FileReport], style: Style) -> String {
    let tallies: Vec<(bool, bool)> =
        reports.iter().filter_map(|r| r.outcome.as_ref().ok()).flat_map(|s| s.answered.tallies()).collect();
    let failed = tallies.iter().filter(|(failed, _)| *failed).count();
    let invalid = reports.iter().filter(|r| r.outcome.is_err()).count();
    let incomplete = tallies.iter().filter(|(_, incomplete)| *incomplete).count();
    let mut wrong = Vec::new();
    if invalid > 0 {
        wrong.push(format!("{} invalid", count(invalid, "file")));
    }
    if failed > 0 {
        wrong.push(format!("{} failed", count(failed, "query")));
    }
    if incomplete > 0 {
        wrong.push(format!("{} incomplete", count(incomplete, "query")));
    }
    let totals = format!("{}, {}", count(reports.len(), "file"), count(tallies.len(), "query"));
    let line =
        if wrong.is_empty() { format!("{totals}: all as expected") } else { format!("{totals}: {}", wrong.join(", ")) };
    let mut out = if failed + invalid > 0 {
        style.bad(&line)
    } else if incomplete > 0 {
        style.warn(&line)
    } else {
        style.good(&line)
    };
    let to_look_at: Vec<String> = reports
        .iter()
        .filter(|report| report.status() != crate::answer::Status::Ok)
        .map(|report| format!("  {}", visible(&report.path)))
        .collect();
    if !to_look_at.is_empty() {
        out += "\nto look at:\n";
        out += &to_look_at.join("\n");
    }
    out
}

/// A search's time to two or three significant digits, as its rate beside
/// it is computed from the time unrounded: milliseconds below a second.
fn duration_text(seconds: f64) -> String {
    if seconds < 0.001 {
        format!("{:.3} ms", seconds * 1e3)
    } else if seconds < 1.0 {
        format!("{:.1} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}

/// A rate per second: millions with a decimal from a million on.
fn rate(per_second: f64) -> String {
    if per_second >= 1e6 {
        format!("{:.1} M", per_second / 1e6)
    } else {
        format!("{per_second:.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::{duration_text, rate};

    #[test]
    fn a_search_s_time_keeps_the_digits_its_rate_needs() {
        for (seconds, shown) in [
            (0.000_46, "0.460 ms"),
            (0.000_004, "0.004 ms"),
            (0.001, "1.0 ms"),
            (0.005_2, "5.2 ms"),
            (0.999, "999.0 ms"),
            (1.0, "1.00 s"),
            (2.5, "2.50 s"),
        ] {
            assert_eq!(duration_text(seconds), shown, "{seconds}");
        }
    }

    #[test]
    fn a_rate_is_in_millions_from_a_million_on() {
        for (per_second, shown) in [(999_999.4, "999999"), (1e6, "1.0 M"), (123_456_789.0, "123.5 M"), (0.4, "0")] {
            assert_eq!(rate(per_second), shown, "{per_second}");
        }
    }
}
