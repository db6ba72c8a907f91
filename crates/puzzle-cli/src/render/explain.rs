//! `puzzle run --explain`: every answer as a sequence of boards a person can
//! follow. 2048: the board after each move of the witness, the tiles made by a
//! merge in that move marked; with spawns, the board after each legal first
//! move of `chance` and `best-move`, before its spawn, with its value, and
//! each game of `play` with how it ended. Block
//! game: each removal in order with the black cells dropped for it, then why
//! each remaining block stays.
//!
//! Boards are drawn in a frame of Unicode box drawing (or ASCII with
//! `--ascii`); on a terminal, tiles take the classic game's colours and blocks
//! distinct ones. Without colour, a merged tile carries a `*` and a black cell
//! is `■` (`#` in ASCII), so plain text says everything colour does.

use std::fmt::Write as _;

use grid_core::Grid;
use rules_blockgame::{Cover, Stuck};

use super::palette::ansi;
use super::{block_cells, plural_s, probability_text, tile_cells, Cell};
use crate::answer::{game_line, Answer2048, BlockAnswer};
use crate::replay::{block_steps, first_moves, steps_2048, BlockStep, FirstMove, Step2048};

/// How to draw boards.
#[derive(Debug, Clone, Copy, Default)]
pub struct Drawing {
    /// ANSI colours (terminals only).
    pub colour: bool,
    /// ASCII instead of Unicode box drawing.
    pub ascii: bool,
    /// 24-bit colour; else the 256-colour palette.
    pub truecolor: bool,
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
                    (true, Some(colours)) => {
                        let bold = if cell.marked { "1;4;" } else { "" };
                        let _ = write!(out, "\x1b[{bold}{}m{text}\x1b[0m", ansi(colours, self.truecolor));
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

/// The step-by-step explanation of a 2048 answer, indented for the text report.
pub fn explain_2048(board: &rules_2048::Board, answer: &Answer2048, drawing: Drawing) -> String {
    if let Answer2048::Play { stats, .. } = answer {
        return explain_games(stats);
    }
    let analysis = first_moves(board, answer);
    if !analysis.is_empty() {
        return explain_first_moves(board, answer, &analysis, drawing);
    }
    let steps = steps_2048(board, answer);
    let moves = steps.iter().filter(|s| !matches!(s, Step2048::Start { .. })).count();
    let mut out = String::new();
    for step in &steps {
        let (line, cells) = match step {
            Step2048::Start { values } => ("start:".to_string(), Some(tile_cells(values, &[], drawing.empty()))),
            Step2048::Overflow { number, direction } => {
                (format!("move {number} ({direction}): a merge past 2^63; stopping here"), None)
            }
            Step2048::Move { number, direction, changed, values, merged } => {
                let what = match (changed, merged.len()) {
                    (false, _) => "nothing moves".to_string(),
                    (true, 0) => "tiles slide, nothing merges".to_string(),
                    (true, n) => merges_marked(n),
                };
                let largest = values.as_slice().iter().max().copied().unwrap_or(0);
                let line = format!("move {number} of {moves} ({}): {what}; largest tile {largest}", direction.word());
                (line, Some(tile_cells(values, merged, drawing.empty())))
            }
        };
        let _ = writeln!(out, "    {line}");
        if let Some(cells) = cells {
            out += &drawing.board(&cells, 4);
        }
    }
    out
}

/// A `play` answer's games, one line each, in the order of their seeds.
fn explain_games(stats: &rules_2048::PlayStats) -> String {
    let games = stats.games.len() as u64;
    stats.games.iter().zip(0..).map(|(record, index)| format!("    {}\n", game_line(index, games, record))).collect()
}

/// `1 merge, marked *`, `2 merges, marked *`.
fn merges_marked(merges: usize) -> String {
    format!("{merges} merge{}, marked *", plural_s(merges))
}

/// A `chance` or `best-move` answer's analysis as boards: the start, then
/// each legal first move's board, before its spawn, with its value.
fn explain_first_moves(
    board: &rules_2048::Board,
    answer: &Answer2048,
    moves: &[FirstMove],
    drawing: Drawing,
) -> String {
    let chance = matches!(answer, Answer2048::Chance { .. });
    let mut out = String::new();
    let _ = writeln!(out, "    start:");
    out += &drawing.board(&tile_cells(&board.values(), &[], drawing.empty()), 4);
    let valued = if chance { "the best chance after it" } else { "its value" };
    let _ = writeln!(out, "    each legal first move, with {valued} (the board before its spawn):");
    for first in moves {
        let value = if chance { probability_text(first.value, 12) } else { format!("{:.1}", first.value) };
        let best = if first.best { ", the best" } else { "" };
        let merges = match first.merged.len() {
            0 => "nothing merges".to_string(),
            n => merges_marked(n),
        };
        let _ = writeln!(out, "    {}: {value}{best}; {merges}", first.direction.word());
        out += &drawing.board(&tile_cells(&first.values, &first.merged, drawing.empty()), 4);
    }
    out
}

/// The step-by-step explanation of a block-game answer: each removal, then
/// why each remaining block stays.
pub fn explain_blocks(board: &rules_blockgame::Board, answer: &BlockAnswer, drawing: Drawing) -> String {
    let steps = block_steps(board, answer);
    let removals = steps.iter().filter(|s| matches!(s, BlockStep::Removal { .. })).count();
    let mut out = String::new();
    for step in &steps {
        let (line, ids, black): (String, _, &[(usize, usize)]) = match step {
            BlockStep::Start { ids } => ("start:".to_string(), ids, &[]),
            BlockStep::After { ids } => ("after the removals:".to_string(), ids, &[]),
            BlockStep::Removal { number, id, ids, black } => {
                let line = format!(
                    "removal {number} of {removals}: block {id}, {} ({} marks them), then its box vanishes",
                    drops(black),
                    drawing.black()
                );
                (line, ids, black)
            }
        };
        let _ = writeln!(out, "    {line}");
        out += &drawing.board(&block_cells(ids, black, drawing.empty(), drawing.black()), 4);
    }
    let BlockAnswer::MaxRemoved(solution) = answer;
    for stuck in &solution.stuck {
        let _ = writeln!(out, "    {}", why_stuck(stuck));
    }
    out
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
