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

use crate::language::ast::Decimal;

/// The `s` of a plural English noun, for `count` of it.
pub(crate) fn plural_s(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

/// A chance with at most `places` decimals; one above 0 that they would
/// round to 0 in four significant digits (`9.882e-33`): every term of a
/// chance is a product of positive weights, so one computed above 0 is
/// above 0 in truth, however far below its error bound.
pub(crate) fn probability_text(probability: f64, places: u32) -> String {
    let decimal = Decimal::of(probability, places);
    if decimal.digits == 0 && probability > 0.0 {
        format!("{probability:.3e}")
    } else {
        decimal.to_string()
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

#[cfg(test)]
mod tests {
    use super::probability_text;

    #[test]
    fn a_chance_above_0_is_never_written_0() {
        for (probability, written) in [
            (0.0, "0"),
            (1.0, "1"),
            (0.027272727, "0.027272727"),
            (7.677895647809352e-12, "0.000000000008"),
            (4.0e-13, "4.000e-13"),
            (9.881519649373761e-33, "9.882e-33"),
        ] {
            assert_eq!(probability_text(probability, 12), written, "{probability}");
        }
        assert_eq!(probability_text(7.677895647809352e-12, 6), "7.678e-12");
    }
}
