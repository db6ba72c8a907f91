//! `puzzle judge`: an online judge's input on stdin, only the answer on stdout.

use std::io::Read;
use std::process::ExitCode;

use anyhow::Context;

use super::Colours;
use crate::judge::{solve, Problem};
use crate::limits;
use crate::output;
use crate::style::{visible, Style};

/// Reads the input of `problem` on stdin and prints its answer.
pub(super) fn judge(problem: Problem, colour: Colours) -> anyhow::Result<ExitCode> {
    crate::files::tell_how_to_end_if_typed("the judge's input");
    let mut input = Vec::new();
    std::io::stdin()
        .take(limits::MAX_JUDGE_BYTES as u64 + 1)
        .read_to_end(&mut input)
        .context("cannot read standard input")?;
    match solve(problem, &input) {
        Ok(answer) => {
            output::stdout(&format!("{answer}\n"))?;
            Ok(ExitCode::SUCCESS)
        }
        Err(err) => {
            // The message quotes the input, which may hold control characters.
            let message = err.to_string();
            output::stderr(&format!("{}: {}\n", Style { colour: colour.stderr }.bad("error"), visible(&message)));
            Ok(ExitCode::from(2))
        }
    }
}
