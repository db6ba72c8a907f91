//! What `puzzle play` draws: the title, the board in the classic game's
//! colours, the keys and the message, fitted to the terminal's size.

use std::io::Write;

use crossterm::style::{Attribute, Print, SetAttribute};
use crossterm::terminal::{Clear, ClearType};
use crossterm::{cursor, queue};
use rules_2048::SpawnLaw;

use super::session::Session;
use crate::language::errors::count;
use crate::render::palette::{ansi, tile_colours};

impl Session {
    /// The columns a cell takes: its widest tile's, at least 4.
    fn cell_width(&self) -> usize {
        self.board.exponents().as_slice().iter().map(|&e| tile_text(e).len()).max().unwrap_or(1).max(4)
    }

    /// The columns and rows the board needs: a margin of 2, the board, a
    /// blank line and the keys.
    fn needed(&self) -> (usize, usize) {
        (2 + self.board.width() * (self.cell_width() + 1), 2 + self.board.height() + 2)
    }

    /// Whether the board is drawn on a terminal of this size. While it is
    /// not, only `q` acts and the engine waits: a move the player cannot
    /// see is not one they chose.
    pub(super) fn fits(&self, (columns, rows): (u16, u16)) -> bool {
        let needed = self.needed();
        needed.0 <= usize::from(columns) && needed.1 <= usize::from(rows)
    }

    /// Draws the game on a terminal of `columns` × `rows`; one too small
    /// for the board says so instead (a board drawn wrapped is unreadable),
    /// and the lines around it are cut to the width.
    pub(super) fn draw(&self, out: &mut impl Write, (columns, rows): (u16, u16)) -> std::io::Result<()> {
        let width = self.cell_width();
        queue!(out, cursor::MoveTo(0, 0), Clear(ClearType::All))?;
        if !self.fits((columns, rows)) {
            let needed = self.needed();
            let text = format!(
                "The terminal is {columns}×{rows}; this board needs {}×{}. Make it larger, or press q to quit.",
                needed.0, needed.1
            );
            let lines = wrapped(&text, usize::from(columns.max(1)));
            for (row, line) in (0..rows).zip(lines) {
                queue!(out, cursor::MoveTo(0, row), Print(line))?;
            }
            return out.flush();
        }
        let fit = |text: &str| text.chars().take(usize::from(columns)).collect::<String>();
        let moves = count(self.moves as usize, "move");
        // A file's own law is named: its game is not the classic one.
        let law = if self.law == SpawnLaw::classic() { String::new() } else { format!(" — spawns {}", self.law) };
        let title = format!("puzzle play — score {} — {moves} — seed {}{law}", self.score, self.seed);
        queue!(out, SetAttribute(Attribute::Bold), Print(fit(&title)), SetAttribute(Attribute::Reset))?;
        let mut line = 2u16;
        for row in 0..self.board.height() {
            let cells: Vec<String> = (0..self.board.width())
                .map(|col| {
                    let exponent = self.board.exponents()[(row, col)];
                    let text = format!("{:>width$}", tile_text(exponent));
                    match self.colour {
                        Some(truecolor) if exponent > 0 => {
                            let colours = tile_colours(rules_2048::value_of(exponent));
                            format!("\x1b[1;{}m{text}\x1b[0m", ansi(colours, truecolor))
                        }
                        _ => text,
                    }
                })
                .collect();
            queue!(out, cursor::MoveTo(2, line), Print(cells.join(" ")))?;
            line += 1;
        }
        line += 1;
        // On a narrow terminal the keys take several lines, so that `q quit`
        // is never cut off, and so does a long message; the analysis's
        // lines, which fit, keep their columns.
        let columns = usize::from(columns.max(1));
        let keys = joined_within(KEYS, " · ", columns);
        let message = self.message.lines().flat_map(|text| {
            if text.chars().count() <= columns {
                vec![text.to_string()]
            } else {
                wrapped(text, columns)
            }
        });
        let below = keys.into_iter().chain(std::iter::once(String::new())).chain(message);
        for (row, text) in (line..rows).zip(below) {
            queue!(out, cursor::MoveTo(0, row), Print(fit(&text)))?;
        }
        out.flush()
    }
}

/// The keys, as the line below the board lists them.
const KEYS: &[&str] = &["arrows, w s d, k j l: move", "u undo", "h hint", "a engine", "n new game", "q quit"];

/// `items` joined by `separator` in lines of at most `columns` characters
/// where they fit, an item never split across two.
fn joined_within(items: &[&str], separator: &str, columns: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for item in items {
        match lines.last_mut() {
            Some(line) if line.chars().count() + separator.chars().count() + item.chars().count() <= columns => {
                line.push_str(separator);
                line.push_str(item);
            }
            _ => lines.push(item.to_string()),
        }
    }
    lines
}

/// `text` in lines of at most `columns` characters, broken at spaces where
/// it can be.
fn wrapped(text: &str, columns: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let fits = line.chars().count() + 1 + word.chars().count() <= columns;
        if !line.is_empty() && !fits {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > columns {
            let rest = line.chars().skip(columns).collect();
            lines.push(line.chars().take(columns).collect());
            line = rest;
        }
    }
    lines.push(line);
    lines
}

fn tile_text(exponent: u8) -> String {
    if exponent == 0 {
        ".".into()
    } else {
        rules_2048::value_of(exponent).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_2048::Board;

    #[test]
    fn text_is_wrapped_at_spaces_and_a_long_word_is_cut() {
        assert_eq!(wrapped("The terminal is 8×4", 8), ["The", "terminal", "is 8×4"]);
        assert_eq!(wrapped("abcdefghij k", 4), ["abcd", "efgh", "ij k"]);
        assert_eq!(wrapped("one two", 80), ["one two"]);
        // A word fits when the line, a space and the word do, to the column.
        assert_eq!(wrapped("ab cd", 5), ["ab cd"]);
        assert_eq!(wrapped("ab cd", 4), ["ab", "cd"]);
        assert_eq!(wrapped("abc d", 4), ["abc", "d"]);
    }

    #[test]
    fn the_keys_take_more_lines_on_a_narrow_terminal_and_none_is_cut() {
        let all = "arrows, w s d, k j l: move · u undo · h hint · a engine · n new game · q quit";
        assert_eq!(joined_within(KEYS, " · ", 80), [all]);
        assert_eq!(
            joined_within(KEYS, " · ", 60),
            ["arrows, w s d, k j l: move · u undo · h hint · a engine", "n new game · q quit"]
        );
        assert_eq!(
            joined_within(KEYS, " · ", 26),
            ["arrows, w s d, k j l: move", "u undo · h hint · a engine", "n new game · q quit"]
        );
        // An item wider than the terminal stands alone (the drawing cuts it).
        assert_eq!(joined_within(KEYS, " · ", 10)[..2], ["arrows, w s d, k j l: move", "u undo"]);
    }

    /// The screen `session` draws on a terminal of `size`, as a terminal
    /// shows it: its moves followed, its colours and bold dropped, each
    /// line's trailing blanks cut.
    fn screen(session: &Session, size: (u16, u16)) -> Vec<String> {
        let mut out = Vec::new();
        session.draw(&mut out, size).unwrap();
        let drawn = String::from_utf8(out).unwrap();
        let mut rows = vec![Vec::<char>::new(); usize::from(size.1)];
        let (mut row, mut column) = (0, 0);
        let mut chars = drawn.chars();
        while let Some(c) = chars.next() {
            if c != '\x1b' {
                let line = &mut rows[row];
                line.resize(line.len().max(column + 1), ' ');
                line[column] = c;
                column += 1;
                continue;
            }
            // `ESC [ parameters letter`: a move (`H`), else a colour or a clear.
            let (mut parameters, mut letter) = (String::new(), None);
            for c in chars.by_ref().skip(1) {
                if c.is_ascii_alphabetic() {
                    letter = Some(c);
                    break;
                }
                parameters.push(c);
            }
            if letter == Some('H') {
                let (line, at) = parameters.split_once(';').unwrap();
                (row, column) = (line.parse::<usize>().unwrap() - 1, at.parse::<usize>().unwrap() - 1);
            }
        }
        rows.iter().map(|line| line.iter().collect::<String>().trim_end().to_string()).collect()
    }

    #[test]
    fn the_board_under_the_title_then_the_keys_and_the_message() {
        let board: Board = "2 . / . 1024".parse().unwrap();
        let mut session = Session::new(board, SpawnLaw::classic(), 1, Some(false));
        session.message = "hint: left (depth 3, 120 nodes)\n  left  12.5\n  up    7.0".into();
        assert_eq!(
            screen(&session, (80, 12)),
            [
                "puzzle play — score 0 — 0 moves — seed 1",
                "",
                "     2    .",
                "     . 1024",
                "",
                "arrows, w s d, k j l: move · u undo · h hint · a engine · n new game · q quit",
                "",
                "hint: left (depth 3, 120 nodes)",
                "  left  12.5",
                "  up    7.0",
                "",
                "",
            ]
        );
        // Tiles are painted, empty cells are not.
        let mut out = Vec::new();
        session.draw(&mut out, (80, 12)).unwrap();
        let drawn = String::from_utf8(out).unwrap();
        let painted = |value: u64| format!("\x1b[1;{}m", ansi(tile_colours(value), false));
        assert_eq!(drawn.matches(&painted(2)).count() + drawn.matches(&painted(1024)).count(), 2, "{drawn:?}");
        assert_eq!(drawn.matches("\x1b[1;38").count(), 2, "{drawn:?}");
    }

    #[test]
    fn on_a_narrow_terminal_the_keys_and_a_long_message_take_more_lines() {
        let board: Board = "2 . / . 4".parse().unwrap();
        let mut session = Session::new(board, SpawnLaw::classic(), 1, None);
        session.message = "nothing more to undo: the last 838860 moves are kept".into();
        assert_eq!(
            screen(&session, (30, 14))[4..],
            [
                "",
                "arrows, w s d, k j l: move",
                "u undo · h hint · a engine",
                "n new game · q quit",
                "",
                "nothing more to undo: the last",
                "838860 moves are kept",
                "",
                "",
                "",
            ]
        );
    }

    #[test]
    fn the_board_is_drawn_when_the_terminal_holds_it_in_both_directions() {
        // 2 × 2 cells of 4 columns: 2 + 2 × 5 columns, 2 + 2 + 2 rows.
        let session = Session::new("2 . / . 4".parse().unwrap(), SpawnLaw::classic(), 1, None);
        assert!(session.fits((12, 6)));
        assert!(!session.fits((11, 6)), "one column short");
        assert!(!session.fits((12, 5)), "one row short");
        assert_eq!(screen(&session, (11, 6))[0], "The");
    }

    #[test]
    fn the_title_names_a_law_other_than_the_classic_one() {
        let board: Board = "2 . / . .".parse().unwrap();
        // The title, between the bold and the reset that frame it.
        let title = |session: &Session| {
            let mut out = Vec::new();
            session.draw(&mut out, (80, 24)).unwrap();
            let drawn = String::from_utf8(out).unwrap();
            let (_, bold) = drawn.split_once("\u{1b}[1m").unwrap();
            bold.split_once("\u{1b}[0m").unwrap().0.to_string()
        };
        let mut session = Session::new(board, SpawnLaw::classic(), 1, None);
        assert_eq!(title(&session), "puzzle play — score 0 — 0 moves — seed 1");
        session.law = SpawnLaw::in_percent_units(&[(2, 995), (4, 5)], 1).unwrap();
        assert_eq!(title(&session), "puzzle play — score 0 — 0 moves — seed 1 — spawns 2 99.5% 4 0.5%");
    }
}
