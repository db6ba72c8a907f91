//! The one painter of colour: every text the command prints in colour goes
//! through [`Style`], so that colour is decided in one place.

/// Colour on or off: ANSI codes only for a terminal. Every text the command
/// prints is painted through it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Style {
    /// Whether to write colour codes.
    pub colour: bool,
}

impl Style {
    /// `text` in the ANSI style `code` (`"1;31"` is bold red), or plain.
    pub fn paint(self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// Success: green.
    pub fn good(self, text: &str) -> String {
        self.paint("32", text)
    }

    /// Errors and failures: bold red.
    pub fn bad(self, text: &str) -> String {
        self.paint("1;31", text)
    }

    /// Incomplete answers: yellow.
    pub fn warn(self, text: &str) -> String {
        self.paint("33", text)
    }

    /// Titles: bold.
    pub fn bold(self, text: &str) -> String {
        self.paint("1", text)
    }

    /// Labels: dim.
    pub fn dim(self, text: &str) -> String {
        self.paint("2", text)
    }

    /// Gutters and arrows of a diagnostic: bold blue.
    pub(crate) fn frame(self, text: &str) -> String {
        self.paint("1;34", text)
    }
}
