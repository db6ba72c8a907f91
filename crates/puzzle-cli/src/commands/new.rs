//! `puzzle new`: print a commented template to start a puzzle from.

use std::process::ExitCode;

use crate::language::template::{new_game_with_spawns, new_puzzle};
use crate::language::GameKind;
use crate::limits;
use crate::output;

/// Prints the template for `game` (with spawns when `spawns`), of `size`
/// (height, width) or the game's usual size.
pub(super) fn new(game: GameKind, size: Option<(usize, usize)>, spawns: bool) -> anyhow::Result<ExitCode> {
    if spawns && game == GameKind::BlockGame {
        output::stderr("error: `--spawns` is an option of 2048; the block game has no spawns\n");
        return Ok(ExitCode::from(2));
    }
    let (height, width) = size.unwrap_or(match game {
        GameKind::Twenty48 => (4, 4),
        GameKind::BlockGame => (10, 10),
    });
    if height == 0 || width == 0 || height > limits::MAX_SIDE || width > limits::MAX_SIDE {
        output::stderr(&format!(
            "error: a board is 1 to {} cells on each side, not {height}x{width}\n",
            limits::MAX_SIDE
        ));
        return Ok(ExitCode::from(2));
    }
    let template = if spawns { new_game_with_spawns(height, width) } else { new_puzzle(game, height, width) };
    output::stdout(&template)?;
    Ok(ExitCode::SUCCESS)
}
