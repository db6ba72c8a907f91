//! A real editor speaking to `puzzle lsp`: Neovim, headless, opens a file
//! through `editors/nvim/puzzle.lua`, and what it receives is checked: the
//! diagnostics of a file with errors, the answer of a query of the game
//! with spawns on K, the completion menu of <C-x><C-o>, and a file mended by
//! the server's quick fixes and formatted by it, keys typed as a person
//! types them;
//! and, without the server, `editors/vim`'s syntax file on each kind of
//! word. CI installs Neovim (Debian's `neovim`); elsewhere the tests are
//! skipped when Neovim is missing, and fail under CI.

use std::path::Path;
use std::process::Command;

/// What Neovim wrote to `$PUZZLE_OUT` after opening a file of `text` with
/// `editors/nvim/puzzle.lua` and running `tests/nvim/<script>` (Lua) with
/// `env`, `tests/nvim/server.lua` loaded first; `None` without Neovim.
fn in_neovim(text: &str, script: &str, env: &[(&str, &str)]) -> Option<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let snippet = root.join("editors/nvim/puzzle.lua");
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/nvim");
    let startup = [
        format!("let g:puzzle_command = '{}'", env!("CARGO_BIN_EXE_puzzle")),
        format!("luafile {}", snippet.display()),
        format!("luafile {}", scripts.join("server.lua").display()),
    ];
    let check = scripts.join(script);
    neovim(text, &startup, &format!("luafile {}", check.display()), env)
}

/// What Neovim wrote to `$PUZZLE_OUT` after running the commands of
/// `startup` before its own, opening a file of `text`, and running
/// `command` (which writes it and quits); `None` without Neovim.
fn neovim(text: &str, startup: &[String], command: &str, env: &[(&str, &str)]) -> Option<String> {
    let dir = tempfile::tempdir().unwrap();
    // Neovim logs into its working directory where it cannot make its
    // cache's (a home it may not write to): into the scratch directory,
    // not the crate's.
    let log = dir.path().join("nvim.log");
    let Ok(version) = Command::new("nvim").arg("--version").env("NVIM_LOG_FILE", &log).current_dir(dir.path()).output()
    else {
        assert!(std::env::var_os("CI").is_none(), "CI must install Neovim (apt-get install -y neovim)");
        eprintln!("skipped: no nvim on PATH");
        return None;
    };
    assert!(version.status.success());
    let file = dir.path().join("open.puzzle");
    std::fs::write(&file, text).unwrap();
    let out = dir.path().join("received.txt");
    let status = Command::new("nvim")
        .args(["--headless", "--clean"])
        .args(startup.iter().flat_map(|command| ["--cmd", command]))
        .arg(&file)
        .args(["-c", command])
        .env("PUZZLE_OUT", &out)
        .env("NVIM_LOG_FILE", &log)
        .envs(env.iter().copied())
        .current_dir(dir.path())
        .status()
        .unwrap();
    assert!(status.success());
    Some(std::fs::read_to_string(&out).unwrap())
}

#[test]
fn neovim_receives_the_diagnostics_of_puzzle_lsp() {
    // Then the same file as a Notepad save: Neovim keeps the byte order mark
    // out of the buffer ('bomb'), so the server is sent the text after it,
    // and the columns are the buffer's.
    let text = "gmae 2048\nboard {\n  2 3\n}\nquery max-tile within 1\n";
    let notepad = format!("\u{feff}{}", text.replace('\n', "\r\n"));
    for text in [text, &notepad] {
        let Some(received) = in_neovim(text, "diagnostics.lua", &[]) else { return };
        assert!(received.contains("1:1: expected a statement, found `gmae`"), "{received}");
        assert!(received.contains("3:5: `3` is not a power of two from 2 up"), "{received}");
    }
}

#[test]
fn neovim_shows_the_engine_s_analysis_on_hover() {
    let text = "game 2048\nspawns classic\nboard {\n  2 2 . .\n  . 4 . .\n  . . . .\n  . . . 8\n}\nquery best-move\n";
    let Some(received) = in_neovim(text, "hover.lua", &[("PUZZLE_LINE", "9")]) else { return };
    assert!(received.starts_with("**U (depth 4)**"), "{received}");
    for line in ["    U: ", "    D: ", "    L: ", "    R: ", "    searched: depth 4, "] {
        assert!(received.contains(line), "{line:?} in {received}");
    }
}

#[test]
fn neovim_completes_on_ctrl_x_ctrl_o() {
    // Neovim 0.7 sets no 'omnifunc' for a server: the snippet does.
    let spawns = "game 2048\nspawns classic\nboard {\n  2 2\n}\nquery \n";
    let Some(received) = in_neovim(spawns, "complete.lua", &[("PUZZLE_LINE", "6")]) else { return };
    // In the menu's order, which Neovim sorts.
    assert_eq!(received, "best-move\nchance\nplay\n");
}

#[test]
fn neovim_applies_the_quick_fixes_and_the_formatting_of_puzzle_lsp() {
    // A name of Hangul (three bytes a character, one UTF-16 unit) above the
    // mistakes: the edits land where Neovim's positions say. The chance
    // expected as a percent is met once the law is there. A zero-width
    // space (pasted from a web page) is deleted.
    let text = "name   \"정사각형 2048\"   # 게임\ngmae 2048\nspawns\nboard {\n 2 2 . .\n . 4 . .\n . . . .\n . . . 8\n}\nquery   best-move\u{200b}\nquery chance 16 within 1\nexpect 0%\n";
    let Some(received) = in_neovim(text, "edits.lua", &[]) else { return };
    let expected = "name \"정사각형 2048\" # 게임
game 2048
spawns classic

board {
  2 2 . .
  . 4 . .
  . . . .
  . . . 8
}

query best-move

query chance 16 within 1
expect 0.00
fixed: Replace with `game`
fixed: Write the classic law, `spawns classic`
fixed: Delete it
fixed: Write `0.00`
";
    assert_eq!(received, expected);
}

#[test]
fn vim_s_syntax_file_colours_each_kind_of_word() {
    // Without the language server: editors/vim alone, as copied to ~/.vim.
    // The sample's every other line is the first letter of each character's
    // group (C comment, S statement or string, E escape or empty cell, N
    // number, B brace, Q query word, M move, G the game's name), as the
    // TextMate grammar's check reads it too (tests/editors/textmate.py).
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let scopes = std::fs::read_to_string(root.join("tests/editors/scopes.txt")).unwrap();
    let text: String = scopes.lines().step_by(2).map(|line| format!("{line}\n")).collect();
    let startup = [format!("set runtimepath^={}", root.join("editors/vim").display())];
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/nvim/syntax.vim");
    let Some(received) = neovim(&text, &startup, &format!("source {}", script.display()), &[]) else { return };
    assert_eq!(received, format!("puzzle\n{scopes}"));
}
