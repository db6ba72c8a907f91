//! `puzzle run --explain`: every answer as a sequence of boards a person can
//! follow. 2048: the board after each move of the witness, the tiles made by a
//! merge in that move marked. Block game: each removal in order with the black
//! cells dropped for it, then why each remaining block stays.
//!
//! Boards are drawn in a frame of Unicode box drawing (or ASCII with
//! `--ascii`); on a terminal, tiles take the classic game's colours and blocks
//! distinct ones. Without colour, a merged tile carries a `*` and a black cell
//! is `■` (`#` in ASCII), so plain text says everything colour does.

use std::fmt::Write as _;

use grid_core::{Direction, Grid};
use rules_blockgame::{Cover, Solution};

use crate::answer::Answer;
use crate::syntax::Board;

/// A 24-bit colour.
pub type Rgb = (u8, u8, u8);

/// A cell's `(text, background)` colours.
pub type Colours = (Rgb, Rgb);

/// How to draw boards.
#[derive(Debug, Clone, Copy, Default)]
pub struct Drawing {
    /// ANSI colours (terminals only).
    pub colour: bool,
    /// ASCII instead of Unicode box drawing.
    pub ascii: bool,
}

/// One cell as drawn: its text, whether to mark it, and its colours.
struct Cell {
    text: String,
    marked: bool,
    colours: Option<Colours>,
}

impl Drawing {
    fn empty(self) -> &'static str {
        if self.ascii {
            "."
        } else {
            "·"
        }
    }

    fn black(self) -> &'static str {
        if self.ascii {
            "#"
        } else {
            "■"
        }
    }

    /// A framed board, indented by `indent` spaces.
    fn board(self, cells: &Grid<Cell>, indent: usize) -> String {
        let width = cells.as_slice().iter().map(|cell| cell.text.chars().count()).max().unwrap_or(1);
        // Each cell: a space, the text right-aligned, then the mark column.
        let inner = cells.width() * (width + 2) + 1;
        let (top_left, top_right, bottom_left, bottom_right, horizontal, vertical) =
            if self.ascii { ("+", "+", "+", "+", "-", "|") } else { ("┌", "┐", "└", "┘", "─", "│") };
        let pad = " ".repeat(indent);
        let mut out = format!("{pad}{top_left}{}{top_right}\n", horizontal.repeat(inner));
        for row in cells.rows() {
            out += &pad;
            out += vertical;
            for cell in row {
                let mark = if cell.marked { "*" } else { " " };
                let text = format!(" {:>width$}{mark}", cell.text);
                match (self.colour, cell.colours) {
                    (true, Some(((fr, fg, fb), (br, bg, bb)))) => {
                        let bold = if cell.marked { "1;4;" } else { "" };
                        let _ = write!(out, "\x1b[{bold}38;2;{fr};{fg};{fb};48;2;{br};{bg};{bb}m{text}\x1b[0m");
                    }
                    _ => out += &text,
                }
            }
            out += " ";
            out += vertical;
            out += "\n";
        }
        let _ = writeln!(out, "{pad}{bottom_left}{}{bottom_right}", horizontal.repeat(inner));
        out
    }
}

/// The classic game's tile colours: `(text, background)`.
pub fn tile_colours(value: u64) -> Colours {
    const DARK: Rgb = (0x77, 0x6e, 0x65);
    const LIGHT: Rgb = (0xf9, 0xf6, 0xf2);
    match value {
        2 => (DARK, (0xee, 0xe4, 0xda)),
        4 => (DARK, (0xed, 0xe0, 0xc8)),
        8 => (LIGHT, (0xf2, 0xb1, 0x79)),
        16 => (LIGHT, (0xf5, 0x95, 0x63)),
        32 => (LIGHT, (0xf6, 0x7c, 0x5f)),
        64 => (LIGHT, (0xf6, 0x5e, 0x3b)),
        128 => (LIGHT, (0xed, 0xcf, 0x72)),
        256 => (LIGHT, (0xed, 0xcc, 0x61)),
        512 => (LIGHT, (0xed, 0xc8, 0x50)),
        1024 => (LIGHT, (0xed, 0xc5, 0x3f)),
        2048 => (LIGHT, (0xed, 0xc2, 0x2e)),
        _ => (LIGHT, (0x3c, 0x3a, 0x32)),
    }
}

/// A colour for a block id, the same every time, distinct for nearby ids.
pub fn block_colours(id: u32) -> Colours {
    const PALETTE: [Rgb; 12] = [
        (0xe6, 0x19, 0x4b),
        (0x3c, 0xb4, 0x4b),
        (0x43, 0x63, 0xd8),
        (0xf5, 0x82, 0x31),
        (0x91, 0x1e, 0xb4),
        (0x42, 0xd4, 0xf4),
        (0xf0, 0x32, 0xe6),
        (0xbf, 0xef, 0x45),
        (0x46, 0x99, 0x90),
        (0x9a, 0x63, 0x24),
        (0x80, 0x00, 0x00),
        (0x00, 0x00, 0x75),
    ];
    ((0xff, 0xff, 0xff), PALETTE[id as usize % PALETTE.len()])
}

/// The colours of a black cell: light on dark grey, visible on any terminal.
pub const BLACK_CELL: Colours = ((0xee, 0xee, 0xee), (0x30, 0x30, 0x30));

fn tiles(values: &Grid<u64>, merged: &[(usize, usize)], drawing: Drawing) -> Grid<Cell> {
    let mut cells = values.map(|&value| Cell {
        text: if value == 0 { drawing.empty().to_string() } else { value.to_string() },
        marked: false,
        colours: (value != 0).then(|| tile_colours(value)),
    });
    for &(r, c) in merged {
        cells[(r, c)].marked = true;
    }
    cells
}

/// The step-by-step explanation of one answer, indented for the text report.
pub fn explain(board: &Board, answer: &Answer, drawing: Drawing) -> String {
    match (board, answer) {
        (Board::Twenty48(start), answer) => match answer.moves() {
            Some(moves) => explain_moves(start, moves, drawing),
            None => String::new(),
        },
        (Board::BlockGame(start), Answer::MaxRemoved(solution)) => explain_removals(start, solution, drawing),
        _ => String::new(),
    }
}

fn explain_moves(start: &rules_2048::Board, moves: &[Direction], drawing: Drawing) -> String {
    let mut out = String::new();
    let mut board = start.clone();
    let _ = writeln!(out, "    start:");
    out += &drawing.board(&tiles(&board.values(), &[], drawing), 4);
    for (step, &direction) in moves.iter().enumerate() {
        let Ok((outcome, merged)) = board.slide_marking_merges(direction) else {
            let _ = writeln!(out, "    move {} ({direction}): a merge past 2^63; stopping here", step + 1);
            break;
        };
        let what = match (outcome.changed, merged.len()) {
            (false, _) => "nothing moves".to_string(),
            (true, 0) => "tiles slide, nothing merges".to_string(),
            (true, 1) => "1 merge, marked *".to_string(),
            (true, n) => format!("{n} merges, marked *"),
        };
        let _ = writeln!(
            out,
            "    move {} of {} ({}): {what}; largest tile {}",
            step + 1,
            moves.len(),
            name(direction),
            board.max_tile()
        );
        out += &drawing.board(&tiles(&board.values(), &merged, drawing), 4);
    }
    out
}

fn name(direction: Direction) -> &'static str {
    match direction {
        Direction::Up => "up",
        Direction::Down => "down",
        Direction::Left => "left",
        Direction::Right => "right",
    }
}

fn blocks(ids: &Grid<u32>, black: &[(usize, usize)], drawing: Drawing) -> Grid<Cell> {
    let mut cells = ids.map(|&id| Cell {
        text: if id == 0 { drawing.empty().to_string() } else { id.to_string() },
        marked: false,
        colours: (id != 0).then(|| block_colours(id)),
    });
    for &(r, c) in black {
        cells[(r, c)] = Cell { text: drawing.black().to_string(), marked: false, colours: Some(BLACK_CELL) };
    }
    cells
}

fn explain_removals(start: &rules_blockgame::Board, solution: &Solution, drawing: Drawing) -> String {
    let mut out = String::new();
    let mut ids = start.ids().clone();
    let _ = writeln!(out, "    start:");
    out += &drawing.board(&blocks(&ids, &[], drawing), 4);
    for (step, removal) in solution.removals.iter().enumerate() {
        let mut columns: Vec<usize> = removal.black_cells.iter().map(|&(_, c)| c + 1).collect();
        columns.sort_unstable();
        columns.dedup();
        let drops = match columns.len() {
            0 => "it fills its box already: no drop needed".to_string(),
            _ => format!(
                "{} black cell{} dropped in column{} {}",
                removal.black_cells.len(),
                if removal.black_cells.len() == 1 { "" } else { "s" },
                if columns.len() == 1 { "" } else { "s" },
                columns.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
            ),
        };
        let _ = writeln!(
            out,
            "    removal {} of {}: block {}, {drops} ({} marks them), then its box vanishes",
            step + 1,
            solution.removals.len(),
            removal.id,
            drawing.black()
        );
        out += &drawing.board(&blocks(&ids, &removal.black_cells, drawing), 4);
        let block = start.block(removal.id).expect("removed blocks are on the board");
        for &cell in &block.cells {
            ids[cell] = 0;
        }
    }
    if !solution.removals.is_empty() {
        let _ = writeln!(out, "    after the removals:");
        out += &drawing.board(&blocks(&ids, &[], drawing), 4);
    }
    for stuck in &solution.stuck {
        let (r, c) = stuck.hole;
        let why = match stuck.cover {
            Cover::Block { id, cell: (br, bc) } if (br, bc) == stuck.hole => {
                format!("block {id} occupies it")
            }
            Cover::Block { id, cell: (br, bc) } => {
                format!("block {id} at row {}, column {} covers it", br + 1, bc + 1)
            }
            Cover::OwnCell { cell: (br, bc) } => {
                format!("its own cell at row {}, column {} overhangs it", br + 1, bc + 1)
            }
        };
        let _ = writeln!(
            out,
            "    block {} stays: no black cell can reach row {}, column {} of its box: {why}",
            stuck.id,
            r + 1,
            c + 1
        );
    }
    out
}
