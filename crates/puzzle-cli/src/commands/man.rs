//! `puzzle man [COMMAND]`: the man page of `puzzle`, or of one command
//! (`puzzle-run(1)`), in roff written in ASCII.

use std::process::ExitCode;

/// Prints the page of `command`, or of `puzzle` itself without one.
pub(crate) fn man(command: Option<&str>) -> anyhow::Result<ExitCode> {
    let top = crate::cli::built();
    let page_of = match command {
        // clap lets only `cli::COMMANDS` through, which a test keeps
        // the commands' names.
        Some(name) => top.find_subcommand(name).expect("a command of puzzle").clone(),
        None => top,
    };
    let mut page = Vec::new();
    // A command's page is of the program's version, as its own is.
    let source = format!("puzzle {}", env!("CARGO_PKG_VERSION"));
    clap_mangen::Man::new(page_of).source(source).render(&mut page)?;
    crate::output::stdout(&roff_in_ascii(&String::from_utf8_lossy(&page)))?;
    Ok(ExitCode::SUCCESS)
}

/// A roff page with every character past ASCII written as roff's escape
/// (`\[u2026]` for `…`), which groff and mandoc read: groff without
/// `preconv` (`groff -man`, where `man` would add it) reads the bytes of
/// UTF-8 as characters of their own.
fn roff_in_ascii(page: &str) -> String {
    page.chars().map(|c| if c.is_ascii() { c.to_string() } else { format!("\\[u{:04X}]", u32::from(c)) }).collect()
}
