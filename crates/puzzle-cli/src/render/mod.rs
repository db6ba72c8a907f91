//! Rendering answers: the text report (`text`), the JSON document (`json`),
//! the step-by-step explanation (`explain`), the SVG picture (`svg`), and the
//! colours they share (`palette`).

pub mod explain;
pub mod json;
pub mod palette;
pub mod svg;
pub mod text;

use grid_core::Grid;

use palette::{block_colours, tile_colours, Colours, BLACK_CELL};

/// The `s` of a plural English noun, for `count` of it.
pub(crate) fn plural_s(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

/// One cell as drawn, on a terminal or in a picture: its text, whether to mark
/// it (a tile a merge made), and its colours.
pub(crate) struct Cell {
    pub(crate) text: String,
    pub(crate) marked: bool,
    pub(crate) colours: Option<Colours>,
}

/// The cells of a 2048 board, the tiles `merged` marked, an empty cell
/// written `empty`.
pub(crate) fn tile_cells(values: &Grid<u64>, merged: &[(usize, usize)], empty: &str) -> Grid<Cell> {
    let mut cells = values.map(|&value| match value {
        0 => Cell { text: empty.to_string(), marked: false, colours: None },
        _ => Cell { text: value.to_string(), marked: false, colours: Some(tile_colours(value)) },
    });
    for &position in merged {
        cells[position].marked = true;
    }
    cells
}

/// The cells of a block-game board with black cells at `black`, an empty
/// cell written `empty` and a black one `black_text`.
pub(crate) fn block_cells(ids: &Grid<u32>, black: &[(usize, usize)], empty: &str, black_text: &str) -> Grid<Cell> {
    let mut cells = ids.map(|&id| match id {
        0 => Cell { text: empty.to_string(), marked: false, colours: None },
        _ => Cell { text: id.to_string(), marked: false, colours: Some(block_colours(id)) },
    });
    for &position in black {
        cells[position] = Cell { text: black_text.to_string(), marked: false, colours: Some(BLACK_CELL) };
    }
    cells
}
