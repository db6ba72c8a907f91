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
use rules_blockgame::{Cover, Stuck};

use crate::answer::Answer;
use crate::report::plural_s;
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

/// One cell as drawn, on a terminal or in a picture: its text, whether to mark
/// it (a tile a merge made), and its colours.
pub(crate) struct Cell {
    pub(crate) text: String,
    pub(crate) marked: bool,
    pub(crate) colours: Option<Colours>,
}

/// A board as one step of a worked answer shows it.
pub(crate) enum Picture {
    /// 2048 tiles, and where a merge made one in this step.
    Tiles { values: Grid<u64>, merged: Vec<(usize, usize)> },
    /// Block ids, and where black cells were dropped in this step.
    Blocks { ids: Grid<u32>, black: Vec<(usize, usize)> },
}

impl Picture {
    /// The cells, an empty cell and a black one written as given.
    pub(crate) fn cells(&self, empty_text: &str, black_text: &str) -> Grid<Cell> {
        let cell = |text: String, colours| Cell { text, marked: false, colours: Some(colours) };
        let blank = || Cell { text: empty_text.to_string(), marked: false, colours: None };
        match self {
            Picture::Tiles { values, merged } => {
                let mut cells =
                    values
                        .map(|&value| if value == 0 { blank() } else { cell(value.to_string(), tile_colours(value)) });
                for &position in merged {
                    cells[position].marked = true;
                }
                cells
            }
            Picture::Blocks { ids, black } => {
                let mut cells = ids.map(|&id| if id == 0 { blank() } else { cell(id.to_string(), block_colours(id)) });
                for &position in black {
                    cells[position] = cell(black_text.to_string(), BLACK_CELL);
                }
                cells
            }
        }
    }
}

/// What happened in one step of a worked answer.
pub(crate) enum StepKind {
    /// The board before anything happens.
    Start,
    /// One move of the witness (`number` from 1), and whether it changed anything.
    Move { number: usize, direction: Direction, changed: bool },
    /// A move that would merge two 2^63 tiles: the replay stops before it.
    Overflow { number: usize, direction: Direction },
    /// One removal (`number` from 1), its black cells shown before the box vanishes.
    Removal { number: usize, id: u32 },
    /// The board once every removal is done.
    After,
}

/// One step of a worked answer: what happened, and the board that shows it.
pub(crate) struct Step {
    pub(crate) kind: StepKind,
    pub(crate) picture: Option<Picture>,
}

/// The steps of an answer, replayed from the starting board: the start, then
/// each move of the witness (or of `apply`), or each removal and the board
/// after them. Empty for an answer with nothing to replay (`reach` that is
/// unreachable). `--explain` and `--svg` both draw these.
pub(crate) fn steps(board: &Board, answer: &Answer) -> Vec<Step> {
    let step = |kind, picture| Step { kind, picture: Some(picture) };
    match (board, answer) {
        (Board::Twenty48(start), answer) => {
            let Some(moves) = answer.moves() else { return Vec::new() };
            let mut board = start.clone();
            let mut steps = vec![step(StepKind::Start, Picture::Tiles { values: board.values(), merged: Vec::new() })];
            for (index, &direction) in moves.iter().enumerate() {
                let number = index + 1;
                match board.slide_marking_merges(direction) {
                    Ok((outcome, merged)) => steps.push(step(
                        StepKind::Move { number, direction, changed: outcome.changed },
                        Picture::Tiles { values: board.values(), merged },
                    )),
                    Err(_) => {
                        steps.push(Step { kind: StepKind::Overflow { number, direction }, picture: None });
                        break;
                    }
                }
            }
            steps
        }
        (Board::BlockGame(start), Answer::MaxRemoved(solution)) => {
            let mut ids = start.ids().clone();
            let mut steps = vec![step(StepKind::Start, Picture::Blocks { ids: ids.clone(), black: Vec::new() })];
            for (index, removal) in solution.removals.iter().enumerate() {
                let picture = Picture::Blocks { ids: ids.clone(), black: removal.black_cells.clone() };
                steps.push(step(StepKind::Removal { number: index + 1, id: removal.id }, picture));
                for &cell in &start.block(removal.id).expect("removed blocks are on the board").cells {
                    ids[cell] = 0;
                }
            }
            if !solution.removals.is_empty() {
                steps.push(step(StepKind::After, Picture::Blocks { ids, black: Vec::new() }));
            }
            steps
        }
        _ => Vec::new(),
    }
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

/// The step-by-step explanation of one answer, indented for the text report.
pub fn explain(board: &Board, answer: &Answer, drawing: Drawing) -> String {
    let steps = steps(board, answer);
    let moves = steps.iter().filter(|s| matches!(s.kind, StepKind::Move { .. } | StepKind::Overflow { .. })).count();
    let removals = steps.iter().filter(|s| matches!(s.kind, StepKind::Removal { .. })).count();
    let mut out = String::new();
    for step in &steps {
        let line = match (&step.kind, &step.picture) {
            (StepKind::Start, _) => "start:".to_string(),
            (StepKind::After, _) => "after the removals:".to_string(),
            (StepKind::Overflow { number, direction }, _) => {
                format!("move {number} ({direction}): a merge past 2^63; stopping here")
            }
            (StepKind::Move { number, direction, changed }, Some(Picture::Tiles { values, merged })) => {
                let what = match (changed, merged.len()) {
                    (false, _) => "nothing moves".to_string(),
                    (true, 0) => "tiles slide, nothing merges".to_string(),
                    (true, 1) => "1 merge, marked *".to_string(),
                    (true, n) => format!("{n} merges, marked *"),
                };
                let largest = values.as_slice().iter().max().copied().unwrap_or(0);
                format!("move {number} of {moves} ({}): {what}; largest tile {largest}", name(*direction))
            }
            (StepKind::Removal { number, id }, Some(Picture::Blocks { black, .. })) => {
                format!(
                    "removal {number} of {removals}: block {id}, {} ({} marks them), then its box vanishes",
                    drops(black),
                    drawing.black()
                )
            }
            _ => unreachable!("`steps` pairs moves with tiles and removals with blocks"),
        };
        let _ = writeln!(out, "    {line}");
        if let Some(picture) = &step.picture {
            out += &drawing.board(&picture.cells(drawing.empty(), drawing.black()), 4);
        }
    }
    if let (Board::BlockGame(_), Answer::MaxRemoved(solution)) = (board, answer) {
        for stuck in &solution.stuck {
            let _ = writeln!(out, "    {}", why_stuck(stuck));
        }
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

/// "2 black cells dropped in columns 2, 3", columns counted from 1.
fn drops(black: &[(usize, usize)]) -> String {
    let mut columns: Vec<usize> = black.iter().map(|&(_, c)| c + 1).collect();
    columns.sort_unstable();
    columns.dedup();
    if columns.is_empty() {
        return "it fills its box already: no drop needed".to_string();
    }
    format!(
        "{} black cell{} dropped in column{} {}",
        black.len(),
        plural_s(black.len()),
        plural_s(columns.len()),
        columns.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
    )
}

fn why_stuck(stuck: &Stuck) -> String {
    let (r, c) = stuck.hole;
    let why = match stuck.cover {
        Cover::Block { id, cell } if cell == stuck.hole => format!("block {id} occupies it"),
        Cover::Block { id, cell: (br, bc) } => format!("block {id} at row {}, column {} covers it", br + 1, bc + 1),
        Cover::OwnCell { cell: (br, bc) } => {
            format!("its own cell at row {}, column {} overhangs it", br + 1, bc + 1)
        }
    };
    format!("block {} stays: no black cell can reach row {}, column {} of its box: {why}", stuck.id, r + 1, c + 1)
}
