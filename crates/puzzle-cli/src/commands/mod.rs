//! One documented entry point per subcommand; [`run()`] picks it.

mod check;
mod completions;
mod fmt;
mod judge;
mod man;
mod new;
mod play;
mod run;

use std::io::IsTerminal;
use std::process::ExitCode;

use crate::answer::Status;

use crate::cli::{Cli, ColourChoice, Command};
use crate::report::FileReport;

/// Runs the command; `Err` only for failures outside any file (stdout closed).
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    crate::signals::let_writes_past_the_size_limit_fail();
    match cli.command {
        // The editor is gone: an end the protocol gives status 1.
        Command::Lsp => crate::output::end_when_stdout_closes(1, "error: the editor closed the server's output\n"),
        _ => crate::output::end_when_stdout_closes(0, ""),
    }
    let colour = Colours::for_choice(cli.color);
    let quiet = cli.quiet;
    match cli.command {
        Command::Run { paths, json, bless, check, show, explain, ascii, budget, threads, svg, jobs } => {
            let options = run::Options { json, bless, check, show, explain, ascii, budget, threads, svg, jobs, quiet };
            run::run(&paths, options, colour)
        }
        Command::Check { paths, json } => check::check(&paths, json, quiet, colour),
        Command::Fmt { paths, check } => fmt::fmt(&paths, check, quiet, colour),
        Command::New { game, size, spawns } => new::new(game, size, spawns),
        Command::Play { file, size, seed } => {
            let tiles = colour.stdout.then_some(colour.truecolor);
            play::play(file.as_deref(), size, seed, tiles, colour.stderr)
        }
        Command::Judge { problem } => judge::judge(problem, colour),
        Command::Completions { shell } => completions::completions(shell),
        Command::Lsp => Ok(lsp()),
        Command::Man { command } => man::man(command.as_deref()),
    }
}

/// Serves the language server until the editor ends it: 0 after `shutdown`
/// then `exit`, 1 for any other end (the protocol's rule), said on stderr,
/// which editors keep in their log.
fn lsp() -> ExitCode {
    // Typed at a shell by mistake, it would wait in silence: as clangd does,
    // it says what it is.
    if std::io::stdin().is_terminal() {
        crate::output::stderr(
            "puzzle lsp is a language server: it speaks the Language Server Protocol on standard input and \
             output with an editor that starts it (editors/README.md says how). Ctrl-D ends it.\n",
        );
    }
    match crate::lsp::serve() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            crate::output::stderr(&format!("error: {err:#}\n"));
            ExitCode::from(1)
        }
    }
}

/// The most lines a file may have, before or after, for [`diff`] to show
/// its diff: the diff takes time that grows with the lines times the lines
/// changed (a megabyte of short lines, each changed: minutes).
const MOST_DIFF_LINES: usize = 20_000;

/// The kinds of line end a text has: `\r\n`, `\n` alone, `\r` alone.
fn line_ends(text: &str) -> [bool; 3] {
    let crlf = text.matches("\r\n").count();
    [crlf > 0, text.matches('\n').count() > crlf, text.matches('\r').count() > crlf]
}

/// What a diff of lines cannot show: line ends of other kinds made one
/// kind throughout (`puzzle fmt` keeps the first line's, `\n` for a lone
/// `\r`).
fn line_ends_note(path: &str, old: &str, new: &str) -> Option<String> {
    let (before, after) = (line_ends(old), line_ends(new));
    let kind = match after {
        _ if before == after => return None,
        [true, false, false] => "\\r\\n",
        [false, true, false] => "\\n",
        _ => return None,
    };
    Some(format!("{path}: and its line ends all become `{kind}` (the diff shows lines, not their ends)\n"))
}

/// A unified diff of `old` and `new`, the file named `path` on both sides;
/// past [`MOST_DIFF_LINES`], a line that says the file would change.
fn diff(path: &str, old: &str, new: &str, style: crate::style::Style) -> String {
    let path = crate::style::visible(path);
    let (old_lines, new_lines) = (old.lines().count(), new.lines().count());
    if old_lines.max(new_lines) > MOST_DIFF_LINES {
        let what = format!(
            "{path}: would change ({old_lines} lines, then {new_lines}); a diff is shown for files of up to \
             {MOST_DIFF_LINES} lines: write the change and see it with your version control's diff"
        );
        return style.bad(&what) + "\n";
    }
    let diff = similar::TextDiff::from_lines(old, new);
    let text = diff.unified_diff().context_radius(2).header(&path, &path).to_string();
    // Each line of the diff ends as its line did: a lone `\r` too.
    text.split_terminator(['\n', '\r'])
        .filter(|line| !line.is_empty())
        .map(|line| {
            let line = crate::style::visible(line);
            let painted = match line.chars().next() {
                Some('+') if !line.starts_with("+++") => style.good(&line),
                Some('-') if !line.starts_with("---") => style.bad(&line),
                _ => line.into_owned(),
            };
            painted + "\n"
        })
        .chain(line_ends_note(&path, old, new))
        .collect()
}

/// Whether to colour stdout and stderr, decided by the conventions clap
/// itself follows (anstream: `NO_COLOR`, `CLICOLOR`, `CLICOLOR_FORCE`,
/// `TERM=dumb`, a terminal or not), and whether the terminal shows 24-bit
/// colour (`COLORTERM`).
#[derive(Debug, Clone, Copy)]
struct Colours {
    stdout: bool,
    stderr: bool,
    truecolor: bool,
}

impl Colours {
    fn for_choice(choice: ColourChoice) -> Colours {
        use anstream::{AutoStream, ColorChoice};
        match choice {
            ColourChoice::Auto => ColorChoice::Auto,
            ColourChoice::Always => ColorChoice::Always,
            ColourChoice::Never => ColorChoice::Never,
        }
        .write_global();
        let on = |choice: ColorChoice| choice != ColorChoice::Never;
        Colours {
            stdout: on(AutoStream::choice(&std::io::stdout())),
            stderr: on(AutoStream::choice(&std::io::stderr())),
            truecolor: anstyle_query::truecolor(),
        }
    }
}

/// The exit status of a run over `reports`: 2 if any file is unreadable or
/// invalid or a query failed, else 1 if an `expect` failed, else 3 if a search
/// stopped at its budget, else 0 (see [`Status`]).
fn exit_code(reports: &[FileReport]) -> ExitCode {
    ExitCode::from(reports.iter().map(FileReport::status).max().unwrap_or(Status::Ok).exit_code())
}

#[cfg(test)]
mod tests {
    use super::{diff, line_ends, MOST_DIFF_LINES};
    use crate::style::Style;

    #[test]
    fn line_ends_are_told_apart_by_kind() {
        for (text, kinds) in [
            ("a\r\nb\r\n", [true, false, false]),
            ("a\nb\n", [false, true, false]),
            ("a\rb\r", [false, false, true]),
            ("a\r\nb\nc\rd", [true, true, true]),
            ("one line", [false, false, false]),
        ] {
            assert_eq!(line_ends(text), kinds, "{text:?}");
        }
    }

    #[test]
    fn a_diff_paints_what_goes_red_and_what_comes_green_but_not_its_header() {
        let shown = diff(
            "a.puzzle",
            "game 2048\nboard {\n  2 2\n}\n",
            "game 2048\nboard {\n  4 .\n}\n",
            Style { colour: true },
        );
        assert_eq!(
            shown,
            "--- a.puzzle\n+++ a.puzzle\n@@ -1,4 +1,4 @@\n game 2048\n board {\n\x1b[1;31m-  2 2\x1b[0m\n\x1b[32m+  4 .\x1b[0m\n }\n"
        );
    }

    #[test]
    fn a_diff_is_shown_for_files_of_up_to_the_most_lines() {
        let lines = |n: usize| "x\n".repeat(n);
        let at_most = diff("a.puzzle", &lines(MOST_DIFF_LINES), &lines(MOST_DIFF_LINES - 1), Style::default());
        assert!(at_most.starts_with("--- a.puzzle\n+++ a.puzzle\n"), "{at_most}");
        let past = diff("a.puzzle", &lines(MOST_DIFF_LINES + 1), &lines(MOST_DIFF_LINES), Style::default());
        assert!(past.starts_with("a.puzzle: would change (20001 lines, then 20000)"), "{past}");
    }
}
