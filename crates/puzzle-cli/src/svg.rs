//! `puzzle run --svg DIR`: one SVG picture a puzzle. Each query with a witness
//! gets a row: the start board, then the board after each step (a move, or a
//! removal with its black cells), side by side, in the terminal's colours.

use std::fmt::Write as _;

use grid_core::Grid;

use crate::answer::Answer;
use crate::explain::{block_colours, tile_colours, Colours, BLACK_CELL};
use crate::report::FileReport;
use crate::syntax::Board;

const CELL: usize = 36;
const GAP: usize = 28;
const CAPTION: usize = 22;
const MARGIN: usize = 16;

/// One cell as drawn.
struct Cell {
    text: String,
    colours: Option<Colours>,
    /// A tile made by a merge in this step: drawn with a thick outline.
    marked: bool,
}

/// One board of a row, with its caption.
struct Frame {
    caption: String,
    cells: Grid<Cell>,
}

/// The SVG picture of a file's answers; `None` for a file with no answers or
/// no witness to draw.
pub fn render(report: &FileReport) -> Option<String> {
    let solved = report.outcome.as_ref().ok()?;
    let mut rows: Vec<(String, Vec<Frame>)> = Vec::new();
    for result in &solved.results {
        let Ok(answer) = &result.answer else { continue };
        let frames = frames_of(&solved.puzzle.board, answer);
        if !frames.is_empty() {
            rows.push((result.text.clone(), frames));
        }
    }
    if rows.is_empty() {
        return None;
    }
    let title = solved.puzzle.name.clone().unwrap_or_else(|| report.path.clone());
    Some(draw(&title, &rows))
}

fn frames_of(board: &Board, answer: &Answer) -> Vec<Frame> {
    match (board, answer) {
        (Board::Twenty48(start), answer) => {
            let Some(moves) = answer.moves() else { return Vec::new() };
            let mut board = start.clone();
            let mut frames = vec![Frame { caption: "start".into(), cells: tiles(&board.values(), &[]) }];
            for (step, &direction) in moves.iter().enumerate() {
                let Ok((_, merged)) = board.slide_marking_merges(direction) else { break };
                frames.push(Frame {
                    caption: format!("{}. {direction}", step + 1),
                    cells: tiles(&board.values(), &merged),
                });
            }
            frames
        }
        (Board::BlockGame(start), Answer::MaxRemoved(solution)) => {
            let mut ids = start.ids().clone();
            let mut frames = vec![Frame { caption: "start".into(), cells: blocks(&ids, &[]) }];
            for (step, removal) in solution.removals.iter().enumerate() {
                frames.push(Frame {
                    caption: format!("{}. block {}", step + 1, removal.id),
                    cells: blocks(&ids, &removal.black_cells),
                });
                if let Some(block) = start.block(removal.id) {
                    for &cell in &block.cells {
                        ids[cell] = 0;
                    }
                }
            }
            if !solution.removals.is_empty() {
                frames.push(Frame { caption: "after".into(), cells: blocks(&ids, &[]) });
            }
            frames
        }
        _ => Vec::new(),
    }
}

fn tiles(values: &Grid<u64>, merged: &[(usize, usize)]) -> Grid<Cell> {
    let mut cells = values.map(|&value| Cell {
        text: if value == 0 { String::new() } else { value.to_string() },
        colours: (value != 0).then(|| tile_colours(value)),
        marked: false,
    });
    for &cell in merged {
        cells[cell].marked = true;
    }
    cells
}

fn blocks(ids: &Grid<u32>, black: &[(usize, usize)]) -> Grid<Cell> {
    let mut cells = ids.map(|&id| Cell {
        text: if id == 0 { String::new() } else { id.to_string() },
        colours: (id != 0).then(|| block_colours(id)),
        marked: false,
    });
    for &cell in black {
        cells[cell] = Cell { text: String::new(), colours: Some(BLACK_CELL), marked: false };
    }
    cells
}

fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
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
