//! A real editor speaking to `puzzle lsp`: Neovim, headless, opens a file
//! with an error through `editors/nvim/puzzle.lua`, and the diagnostic it
//! receives is checked. CI installs Neovim (Debian's `neovim`); elsewhere the
//! test is skipped when Neovim is missing, and fails under CI.

use std::path::Path;
use std::process::Command;

#[test]
fn neovim_receives_the_diagnostics_of_puzzle_lsp() {
    let Ok(version) = Command::new("nvim").arg("--version").output() else {
        assert!(std::env::var_os("CI").is_none(), "CI must install Neovim (apt-get install -y neovim)");
        eprintln!("skipped: no nvim on PATH");
        return;
    };
    assert!(version.status.success());
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mistake.puzzle");
    std::fs::write(&file, "gmae 2048\nboard {\n  2 3\n}\nquery max-tile within 1\n").unwrap();
    let out = dir.path().join("diagnostics.txt");
    let snippet = root.join("editors/nvim/puzzle.lua");
    let check = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/nvim/diagnostics.lua");
    let status = Command::new("nvim")
        .args(["--headless", "--clean"])
        .arg("--cmd")
        .arg(format!("let g:puzzle_command = '{}'", env!("CARGO_BIN_EXE_puzzle")))
        .arg("--cmd")
        .arg(format!("luafile {}", snippet.display()))
        .arg(&file)
        .arg("-c")
        .arg(format!("luafile {}", check.display()))
        .env("PUZZLE_OUT", &out)
        .current_dir(dir.path())
        .status()
        .unwrap();
    assert!(status.success());
    let received = std::fs::read_to_string(&out).unwrap();
    assert!(received.contains("1:1: expected a statement, found `gmae`"), "{received}");
    assert!(received.contains("3:5: `3` is not a power of two from 2 up"), "{received}");
}
