//! `puzzle run --svg DIR`: one SVG picture a puzzle. Each query with a witness
//! gets a row: the start board, then the board after each step (a move, or a
//! removal with its black cells), side by side, in the terminal's colours.
//! With spawns, `chance` and `best-move` get the board after each legal first
//! move, before its spawn, captioned with its value.

use std::fmt::Write as _;

use grid_core::Grid;

use super::{block_cells, probability_text, tile_cells, Cell};
use crate::answer::{Answer2048, Answered, QueryResult};
use crate::replay::{block_steps, first_moves, steps_2048, BlockStep, FirstMove, Step2048};
use crate::report::FileReport;
use crate::style::visible;

const CELL: usize = 36;
const GAP: usize = 28;
const CAPTION: usize = 22;
const MARGIN: usize = 16;

/// One board of a row, with its caption.
struct Frame {
    caption: String,
    cells: Grid<Cell>,
}

/// The SVG picture of a file's answers; `None` for a file with no answers or
/// no witness to draw.
pub fn render(report: &FileReport) -> Option<String> {
    let solved = report.outcome.as_ref().ok()?;
    let rows: Vec<(String, Vec<Frame>)> = match &solved.answered {
        Answered::Twenty48 { board, results, .. } => rows_of(results, |answer| {
            let analysis = first_moves(board, answer);
            if analysis.is_empty() {
                return steps_2048(board, answer).into_iter().filter_map(frame_2048).collect();
            }
            let start = Frame { caption: "start".into(), cells: tile_cells(&board.values(), &[], "") };
            let chance = matches!(answer, Answer2048::Chance { .. });
            std::iter::once(start).chain(analysis.iter().map(|first| first_move_frame(first, chance))).collect()
        }),
        Answered::BlockGame { board, results } => {
            rows_of(results, |answer| block_steps(board, answer).into_iter().map(block_frame).collect())
        }
    };
    if rows.is_empty() {
        return None;
    }
    let title = solved.name.clone().unwrap_or_else(|| report.path.clone());
    Some(draw(&title, &rows))
}

/// A row for each result with something to draw, captioned with its query.
fn rows_of<A, E>(results: &[QueryResult<A, E>], frames: impl Fn(&A) -> Vec<Frame>) -> Vec<(String, Vec<Frame>)> {
    let answered = results.iter().filter_map(|result| Some((&result.text, result.answer.as_ref().ok()?)));
    answered.map(|(text, answer)| (text.clone(), frames(answer))).filter(|(_, frames)| !frames.is_empty()).collect()
}

/// A 2048 step's board, captioned; a tile a merge made is drawn with a thick
/// outline. A move that overflows has no board.
fn frame_2048(step: Step2048) -> Option<Frame> {
    match step {
        Step2048::Start { values } => Some(Frame { caption: "start".into(), cells: tile_cells(&values, &[], "") }),
        Step2048::Move { number, direction, values, merged, .. } => {
            Some(Frame { caption: format!("{number}. {direction}"), cells: tile_cells(&values, &merged, "") })
        }
        Step2048::Overflow { .. } => None,
    }
}

/// A legal first move's board, before its spawn, captioned with its value
/// (shorter than the report's, to fit under the board) and `best` for the
/// answer's.
fn first_move_frame(first: &FirstMove, chance: bool) -> Frame {
    let value = if chance { probability_text(first.value, 4) } else { format!("{:.0}", first.value) };
    let best = if first.best { " best" } else { "" };
    Frame {
        caption: format!("{} {value}{best}", first.direction.letter()),
        cells: tile_cells(&first.values, &first.merged, ""),
    }
}

/// A block-game step's board, captioned.
fn block_frame(step: BlockStep) -> Frame {
    match step {
        BlockStep::Start { ids } => Frame { caption: "start".into(), cells: block_cells(&ids, &[], "", "") },
        BlockStep::Removal { number, id, ids, black } => {
            Frame { caption: format!("{number}. block {id}"), cells: block_cells(&ids, &black, "", "") }
        }
        BlockStep::After { ids } => Frame { caption: "after".into(), cells: block_cells(&ids, &[], "", "") },
    }
}

fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// `text` as XML character data: control characters (which XML 1.0 refuses
/// even escaped) shown as `\u{..}`, then the markup characters escaped.
fn escape(text: &str) -> String {
    visible(text).replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn draw(title: &str, rows: &[(String, Vec<Frame>)]) -> String {
    let frame_width = |frame: &Frame| frame.cells.width() * CELL;
    let frame_height = |frame: &Frame| frame.cells.height() * CELL;
    let row_width = |frames: &[Frame]| frames.iter().map(|f| frame_width(f) + GAP).sum::<usize>() - GAP;
    let row_height = |frames: &[Frame]| CAPTION * 2 + frames.iter().map(frame_height).max().unwrap_or(0);
    let width = 2 * MARGIN + rows.iter().map(|(_, frames)| row_width(frames)).max().unwrap_or(0).max(320);
    let height = 2 * MARGIN + CAPTION + rows.iter().map(|(_, frames)| row_height(frames) + GAP).sum::<usize>();
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">"#
    );
    let _ = writeln!(svg, r##"<rect width="100%" height="100%" fill="#faf8ef"/>"##);
    let _ = writeln!(
        svg,
        r##"<text x="{MARGIN}" y="{}" font-size="18" font-weight="bold" fill="#776e65">{}</text>"##,
        MARGIN + 16,
        escape(title)
    );
    let mut y = MARGIN + CAPTION + 8;
    for (query, frames) in rows {
        let _ = writeln!(
            svg,
            r##"<text x="{MARGIN}" y="{}" font-size="15" fill="#776e65">{}</text>"##,
            y + 14,
            escape(query)
        );
        let mut x = MARGIN;
        let top = y + CAPTION * 2;
        for frame in frames {
            let _ = writeln!(
                svg,
                r##"<text x="{}" y="{}" font-size="13" fill="#776e65" text-anchor="middle">{}</text>"##,
                x + frame_width(frame) / 2,
                top - 8,
                escape(&frame.caption)
            );
            let _ = writeln!(
                svg,
                r##"<rect x="{x}" y="{top}" width="{}" height="{}" rx="4" fill="#bbada0"/>"##,
                frame_width(frame),
                frame_height(frame)
            );
            for ((r, c), cell) in frame.cells.enumerate() {
                let (cx, cy) = (x + c * CELL + 2, top + r * CELL + 2);
                let (text_colour, fill) = cell.colours.unwrap_or(((0, 0, 0), (0xcd, 0xc1, 0xb4)));
                let outline = if cell.marked { r##" stroke="#000000" stroke-width="3""## } else { "" };
                let _ = writeln!(
                    svg,
                    r#"<rect x="{cx}" y="{cy}" width="{}" height="{}" rx="3" fill="{}"{outline}/>"#,
                    CELL - 4,
                    CELL - 4,
                    hex(fill)
                );
                if !cell.text.is_empty() {
                    let size = match cell.text.len() {
                        0..=2 => 15,
                        3 => 13,
                        4 => 10,
                        5 => 8,
                        _ => 6,
                    };
                    let _ = writeln!(
                        svg,
                        r#"<text x="{}" y="{}" font-size="{size}" font-weight="bold" fill="{}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
                        cx + (CELL - 4) / 2,
                        cy + (CELL - 4) / 2,
                        hex(text_colour),
                        escape(&cell.text)
                    );
                }
            }
            x += frame_width(frame) + GAP;
        }
        y += row_height(frames) + GAP;
    }
    svg += "</svg>\n";
    svg
}
