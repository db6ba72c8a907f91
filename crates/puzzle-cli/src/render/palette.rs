//! The colours boards are drawn in: the classic game's for tiles, distinct
//! ones for blocks, the same on a terminal and in a picture.

/// A 24-bit colour.
pub type Rgb = (u8, u8, u8);

/// A cell's `(text, background)` colours.
pub type Colours = (Rgb, Rgb);

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

/// The ANSI parameters that paint text and background in `colours`: 24-bit
/// where the terminal says it shows them (`truecolor`), else the nearest of
/// the 256-colour palette's 6×6×6 cube, which every colour terminal has.
pub fn ansi((text, background): Colours, truecolor: bool) -> String {
    if truecolor {
        let ((tr, tg, tb), (br, bg, bb)) = (text, background);
        return format!("38;2;{tr};{tg};{tb};48;2;{br};{bg};{bb}");
    }
    format!("38;5;{};48;5;{}", cube_index(text), cube_index(background))
}

/// The index of the 256-colour palette's cube colour nearest to `rgb`.
fn cube_index((r, g, b): Rgb) -> u8 {
    // The cube's six levels are 0, 95, 135, 175, 215 and 255.
    let level = |value: u8| -> u8 {
        const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
        (0..6u8).min_by_key(|&i| (LEVELS[i as usize] as i32 - value as i32).abs()).expect("six levels")
    };
    16 + 36 * level(r) + 6 * level(g) + level(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_tile_to_2048_has_a_background_of_its_own_and_readable_text() {
        // 2 to 2048, and every larger tile sharing the last.
        let tiles: Vec<u64> = (1..=12).map(|exponent| 1 << exponent).collect();
        let backgrounds: std::collections::HashSet<Rgb> = tiles.iter().map(|&tile| tile_colours(tile).1).collect();
        assert_eq!(backgrounds.len(), tiles.len());
        assert_eq!(tile_colours(1 << 40), tile_colours(4096));
        // Dark text on the two pale tiles, light text on the rest.
        let texts: Vec<Rgb> = tiles.iter().map(|&tile| tile_colours(tile).0).collect();
        assert_eq!(texts[0], texts[1]);
        assert!(texts[2..].iter().all(|&text| text == texts[2] && text != texts[0]), "{texts:?}");
    }

    #[test]
    fn nearby_block_ids_have_distinct_colours_the_same_every_time() {
        let colours: std::collections::HashSet<Rgb> = (1..=12).map(|id| block_colours(id).1).collect();
        assert_eq!(colours.len(), 12);
        assert_eq!(block_colours(7), block_colours(7));
        assert_ne!(block_colours(7).0, block_colours(7).1, "text and background differ");
    }

    #[test]
    fn the_256_colour_fallback_takes_the_nearest_cube_colour() {
        assert_eq!(cube_index((0, 0, 0)), 16);
        assert_eq!(cube_index((255, 255, 255)), 231);
        assert_eq!(cube_index((0xed, 0xc2, 0x2e)), 16 + 36 * 5 + 6 * 3); // 2048's gold: 255, 175, 0
        assert_eq!(ansi(((1, 2, 3), (4, 5, 6)), true), "38;2;1;2;3;48;2;4;5;6");
        assert_eq!(ansi(((0, 0, 0), (255, 255, 255)), false), "38;5;16;48;5;231");
    }
}
