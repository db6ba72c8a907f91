//! The JSON document for programs, version 2, as docs/format.md lays it out
//! and docs/puzzle-report.schema.json checks it.

use grid_core::{Direction, Grid};
use serde_json::{json, Map, Value};

use rules_blockgame::Cover;

use crate::answer::{Answer2048, Answered, BlockAnswer, Bound, Check, QueryResult};
use crate::diagnostic::Lines;
use crate::language::{BlockExpect, Error, Expect2048};
use crate::render::text::move_word;
use crate::report::{Failure, FileReport};

fn moves_json(moves: &[Direction]) -> Value {
    Value::Array(moves.iter().map(|m| Value::String(m.letter().to_string())).collect())
}

/// Each legal move with its value (`best-move`) or chance (`chance`).
fn analysis_json(analysis: &[(Direction, f64)]) -> Value {
    let each =
        analysis.iter().map(|(direction, value)| json!({ "move": direction.letter().to_string(), "value": value }));
    Value::Array(each.collect())
}

fn grid_json(values: &Grid<u64>) -> Value {
    Value::Array(values.rows().map(|row| json!(row)).collect())
}

/// The whole document of a run: its version, every file, and the summary.
pub fn document(reports: &[FileReport], exit_status: u8) -> Value {
    let puzzles: Vec<Value> = reports.iter().map(render_json).collect();
    let tallies: Vec<(bool, bool)> =
        reports.iter().filter_map(|r| r.outcome.as_ref().ok()).flat_map(|s| s.answered.tallies()).collect();
    json!({
        "version": 2,
        "puzzles": puzzles,
        "summary": {
            "files": reports.len(),
            "queries": tallies.len(),
            "failed": tallies.iter().filter(|(failed, _)| *failed).count(),
            "invalid": reports.iter().filter(|r| r.outcome.is_err()).count(),
            "incomplete": tallies.iter().filter(|(_, incomplete)| *incomplete).count(),
            "exit_status": exit_status,
        },
    })
}

/// The JSON object of one file.
pub fn render_json(report: &FileReport) -> Value {
    let mut object = Map::new();
    object.insert("path".into(), json!(report.path));
    let lines = Lines::new(&report.source);
    match &report.outcome {
        Err(failure) => {
            let errors: Vec<Value> = match failure {
                Failure::Unreadable(message) => vec![json!({
                    "message": message, "help": null, "line": 0, "column": 0, "end_line": 0, "end_column": 0,
                    "severity": "error",
                })],
                Failure::Invalid(errors) => errors.iter().map(|error| error_json(&lines, error)).collect(),
            };
            // Version 1's single `error`: the first, its help folded in.
            let first = &errors[0];
            let mut message = first["message"].as_str().unwrap_or_default().to_string();
            if let Some(help) = first["help"].as_str() {
                message += &format!(" (help: {help})");
            }
            let (line, column) = (first["line"].clone(), first["column"].clone());
            object.insert("error".into(), json!({ "message": message, "line": line, "column": column }));
            object.insert("errors".into(), Value::Array(errors));
        }
        Ok(solved) => {
            object.insert("name".into(), json!(solved.name));
            let (game, results) = match &solved.answered {
                Answered::Twenty48 { results, .. } => {
                    ("2048", results.iter().map(|result| result_2048(&lines, result)).collect())
                }
                Answered::BlockGame { results, .. } => {
                    ("blockgame", results.iter().map(|result| block_result(&lines, result)).collect())
                }
            };
            object.insert("game".into(), json!(game));
            if let Answered::Twenty48 { spawns: Some(law), .. } = &solved.answered {
                // Tile as a string → its chance, as `reached` writes shares.
                let chances: Map<String, Value> = law
                    .probabilities()
                    .into_iter()
                    .map(|(exponent, chance)| (rules_2048::value_of(exponent).to_string(), json!(chance)))
                    .collect();
                object.insert("spawns".into(), Value::Object(chances));
            }
            object.insert("results".into(), Value::Array(results));
            if !solved.warnings.is_empty() {
                let warnings = solved.warnings.iter().map(|warning| error_json(&lines, warning)).collect();
                object.insert("warnings".into(), Value::Array(warnings));
            }
        }
    }
    Value::Object(object)
}

/// One error of a file: what, where (1-based lines and columns, its start
/// and its end), and what is allowed instead.
fn error_json(lines: &Lines, error: &Error) -> Value {
    let (line, column) = lines.place(error.span.start);
    let (end_line, end_column) = lines.place(error.span.end);
    json!({
        "message": error.kind.message(),
        "help": error.kind.help(),
        "line": line + 1,
        "column": column + 1,
        "end_line": end_line + 1,
        "end_column": end_column + 1,
        "severity": if error.kind.is_warning() { "warning" } else { "error" },
    })
}

/// A result's object: the query, the answer's fields (or the error), the
/// budget's note and the `expect`.
fn result_json<A, E>(
    lines: &Lines,
    result: &QueryResult<A, E>,
    answer_fields: impl Fn(&A) -> Vec<(&'static str, Value)>,
    expect_json: impl Fn(&E) -> Value,
) -> Value {
    let mut object = Map::new();
    object.insert("query".into(), json!(result.text));
    object.insert("kind".into(), json!(result.params.kind.keyword()));
    object.insert("line".into(), json!(lines.line(result.span.start) + 1));
    if let Some(k) = result.params.k {
        object.insert("k".into(), json!(k));
    }
    if let Some(target) = result.params.target {
        object.insert("target".into(), json!(target));
    }
    if let Some(moves) = &result.params.moves_given {
        object.insert("moves_given".into(), moves_json(moves));
    }
    for (option, value) in &result.params.options {
        object.insert((*option).into(), json!(value));
    }
    match &result.answer {
        Err(error) => {
            object.insert("error".into(), json!({ "message": error.kind.message() }));
        }
        Ok(answer) => {
            for (key, value) in answer_fields(answer) {
                object.insert(key.into(), value);
            }
        }
    }
    if result.answer.is_ok() {
        object.insert("proof".into(), json!(if result.incomplete.is_some() { "incomplete" } else { "exact" }));
    }
    if let Some(bound) = result.incomplete {
        object.insert("incomplete".into(), json!(true));
        object.insert("boards".into(), json!(result.nodes.unwrap_or(0)));
        match bound {
            Bound::UpperBound(upper_bound) => {
                object.insert("upper_bound".into(), json!(upper_bound));
                object.insert("upper_bound_exponent".into(), json!(exponent(upper_bound)));
            }
            Bound::FewestAtLeast(fewest) => {
                object.insert("fewest_at_least".into(), json!(fewest));
            }
            Bound::Unfinished => {}
            Bound::ChanceAtLeast { probability, within } => {
                object.insert("at_least".into(), json!(probability));
                object.insert("at_least_within".into(), json!(within));
            }
            Bound::GamesUnfinished(games) => {
                object.insert("unfinished_games".into(), json!(games));
            }
            Bound::DepthSearched { asked, .. } => {
                object.insert("depth_asked".into(), json!(asked));
            }
        }
    }
    if let Some((expect, check)) = &result.expect {
        object.insert("expect".into(), expect_json(expect));
        let ok = match check {
            Check::Holds => json!(true),
            Check::Fails => json!(false),
            Check::Undecided => Value::Null,
        };
        object.insert("ok".into(), ok);
    }
    Value::Object(object)
}

/// The exponent of a tile (0 for none): tiles past 2^53 are numbers that
/// JavaScript rounds, so each tile is also given as its exponent.
fn exponent(tile: u64) -> u32 {
    if tile == 0 {
        0
    } else {
        tile.trailing_zeros()
    }
}

fn result_2048(lines: &Lines, result: &QueryResult<Answer2048, Expect2048>) -> Value {
    let fields = |answer: &Answer2048| match answer {
        Answer2048::MaxTile { tile, moves } => {
            vec![("answer", json!(tile)), ("answer_exponent", json!(exponent(*tile))), ("moves", moves_json(moves))]
        }
        Answer2048::Reach { moves: Some(moves) } => vec![("answer", json!(moves.len())), ("moves", moves_json(moves))],
        Answer2048::Reach { moves: None } if result.incomplete.is_some() => {
            vec![("answer", json!(null)), ("moves", json!([]))]
        }
        Answer2048::Reach { moves: None } => vec![("answer", json!("unreachable")), ("moves", json!([]))],
        Answer2048::Apply { moves, board } => {
            let largest = board.as_slice().iter().copied().max().unwrap_or(0);
            let exponents = Value::Array(
                board.rows().map(|row| json!(row.iter().map(|&t| exponent(t)).collect::<Vec<_>>())).collect(),
            );
            vec![
                ("answer", grid_json(board)),
                ("answer_exponents", exponents),
                ("moves", moves_json(moves)),
                ("max_tile", json!(largest)),
                ("max_tile_exponent", json!(exponent(largest))),
            ]
        }
        Answer2048::Chance { probability, error_bound, moves, first_moves } => vec![
            ("answer", json!(probability)),
            ("moves", moves_json(&moves[..moves.len().min(1)])),
            ("best_first_moves", moves_json(moves)),
            ("analysis", analysis_json(first_moves)),
            ("error_bound", json!(error_bound)),
        ],
        Answer2048::BestMove { choice, analysis, depth, nodes, seconds } => {
            // Depth 0: nothing searched (a budget too small for the root's
            // moves), no answer.
            let best_moves = moves_json(&answer.best_moves());
            let answer = if *depth == 0 { Value::Null } else { json!(move_word(*choice)) };
            vec![
                ("answer", answer),
                ("best_moves", best_moves),
                ("analysis", analysis_json(analysis)),
                ("depth", json!(depth)),
                ("nodes", json!(nodes)),
                ("seconds", json!(seconds)),
            ]
        }
        Answer2048::Play { stats, seconds } => {
            let reached: Map<String, Value> =
                stats.reached().into_iter().map(|(tile, share)| (tile.to_string(), json!(share))).collect();
            let spread =
                |spread: rules_2048::Spread| json!({ "min": spread.min, "median": spread.median, "max": spread.max });
            let total = stats.total_moves();
            // The answer in one number: the median game's largest tile.
            let mut largest: Vec<u64> = stats.games.iter().map(|game| game.max_tile).collect();
            largest.sort_unstable();
            vec![
                ("answer", json!(largest.get((largest.len().saturating_sub(1)) / 2))),
                ("games", json!(stats.games.len())),
                ("reached", Value::Object(reached)),
                ("scores", spread(stats.scores())),
                ("moves", spread(stats.moves())),
                ("moves_per_second", json!(total as f64 / seconds.max(1e-9))),
                ("seconds", json!(seconds)),
            ]
        }
    };
    let expect = |expect: &Expect2048| match expect {
        Expect2048::Number(n) => json!(n),
        Expect2048::Unreachable => json!("unreachable"),
        Expect2048::Board(board) => grid_json(board),
        Expect2048::Probability(p) => json!(p.value()),
        Expect2048::Move(choice) => json!(move_word(*choice)),
        Expect2048::Share { tile, percent } => json!({ "tile": tile, "percent": percent.value() }),
    };
    result_json(lines, result, fields, expect)
}

fn block_result(lines: &Lines, result: &QueryResult<BlockAnswer, BlockExpect>) -> Value {
    let fields = |BlockAnswer::MaxRemoved(solution): &BlockAnswer| {
        let stuck: Vec<Value> = solution
            .stuck
            .iter()
            .map(|stuck| {
                let (row, column) = stuck.hole;
                let cover = match stuck.cover {
                    Cover::Block { id, cell } if cell == stuck.hole => json!({ "kind": "occupied", "by": id }),
                    Cover::Block { id, cell: (r, c) } => {
                        json!({ "kind": "covered", "by": id, "row": r + 1, "column": c + 1 })
                    }
                    Cover::OwnCell { cell: (r, c) } => json!({ "kind": "own-overhang", "row": r + 1, "column": c + 1 }),
                };
                json!({ "id": stuck.id, "hole": { "row": row + 1, "column": column + 1 }, "because": cover })
            })
            .collect();
        vec![
            ("answer", json!(solution.count())),
            ("removed", json!(solution.removed_ids())),
            ("stuck", Value::Array(stuck)),
        ]
    };
    result_json(lines, result, fields, |BlockExpect::Number(n)| json!(n))
}
