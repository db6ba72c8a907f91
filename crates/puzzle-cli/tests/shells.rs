//! `puzzle completions` in the shells themselves, in a directory of puzzles,
//! another file, a hidden puzzle and a directory: bash, its completion
//! function called as readline calls it (the words, the word's index, the
//! command, the word and the one before), and fish, asked with `complete
//! -C` what a TAB would offer, and zsh, a TAB typed in it under tmux. CI
//! installs fish and zsh (Debian's); elsewhere their tests are skipped when
//! the shell is missing, and fail under CI.

use std::path::Path;
use std::process::Command;

/// A directory as a user's: two puzzles (one name of two words), a text
/// file, a hidden puzzle, and a directory with a puzzle in it.
fn puzzles_directory() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for file in ["a.puzzle", "two words.puzzle", "notes.txt", ".hidden.puzzle", "boards/b.puzzle"] {
        let path = dir.path().join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "").unwrap();
    }
    dir
}

/// The script `puzzle completions SHELL` prints, written into `dir` (not
/// the puzzles' directory: it would be offered there).
fn script(shell: &str, dir: &Path) -> std::path::PathBuf {
    let output = Command::new(env!("CARGO_BIN_EXE_puzzle")).args(["completions", shell]).output().unwrap();
    assert!(output.status.success());
    let path = dir.join(format!("completions.{shell}"));
    std::fs::write(&path, output.stdout).unwrap();
    path
}

/// What each line of `lines` offers in bash (the last word is the one
/// completed; empty after a space), sorted, in `dir`: the function the
/// script gives `complete` called as readline calls it.
fn bash(dir: &Path, lines: &[&str]) -> Vec<Vec<String>> {
    let scripts = tempfile::tempdir().unwrap();
    let script = script("bash", scripts.path());
    let mut program =
        format!("source '{}'\nfunction=$(complete -p puzzle | sed 's/.* -F \\([^ ]*\\) .*/\\1/')\n", script.display());
    program.push_str(
        "offer() {
    COMP_WORDS=(\"$@\"); COMP_CWORD=$(( $# - 1 )); COMP_LINE=\"$*\"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
    local previous=\"\"
    (( COMP_CWORD > 0 )) && previous=${COMP_WORDS[COMP_CWORD - 1]}
    \"$function\" puzzle \"${COMP_WORDS[COMP_CWORD]}\" \"$previous\" 2>/dev/null
    printf '%s\\n' \"${COMPREPLY[@]}\" | sort
    echo @@
}
",
    );
    for line in lines {
        // Split as readline does, with `=` a word of its own.
        let mut words: Vec<String> = line.replace('=', " = ").split_whitespace().map(|w| format!("'{w}'")).collect();
        if line.ends_with(' ') {
            words.push("''".to_string());
        }
        program.push_str(&format!("offer {}\n", words.join(" ")));
    }
    let output =
        Command::new("bash").args(["--norc", "--noprofile", "-c", &program]).current_dir(dir).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    offers(&String::from_utf8_lossy(&output.stdout), lines.len())
}

/// The offers of each of `lines` lines, in the order given: lines, each
/// group ended by `@@`, empty offers left out.
fn offers(text: &str, lines: usize) -> Vec<Vec<String>> {
    let mut groups = vec![Vec::new()];
    for line in text.lines() {
        match line {
            "@@" => groups.push(Vec::new()),
            "" => {}
            offer => groups.last_mut().unwrap().push(offer.to_string()),
        }
    }
    groups.pop();
    assert_eq!(groups.len(), lines, "{text}");
    groups
}

#[test]
fn bash_offers_the_puzzles_where_a_path_goes_and_each_argument_s_values() {
    let dir = puzzles_directory();
    let puzzles = ["a.puzzle", "boards", "two words.puzzle"];
    let cases: [(&str, &[&str]); 17] = [
        // Where a command takes a path: the puzzles and the directories.
        ("puzzle run ", &puzzles),
        ("puzzle check -q a.puzzle ", &puzzles),
        ("puzzle --color never fmt ", &puzzles),
        ("puzzle --color=never fmt ", &puzzles),
        ("puzzle play ", &puzzles),
        ("puzzle play --seed 7 ", &puzzles),
        ("puzzle run boards/", &["boards/b.puzzle"]),
        ("puzzle run .h", &[".hidden.puzzle"]),
        // An option's value is no file.
        ("puzzle run --budget ", &[]),
        ("puzzle run -j ", &[]),
        ("puzzle play --size ", &[]),
        ("puzzle new --size ", &[]),
        // Its values, where an argument has some.
        ("puzzle run --color ", &["always", "auto", "never"]),
        ("puzzle completions f", &["fish"]),
        ("puzzle new b", &["blockgame"]),
        ("puzzle man c", &["check", "completions"]),
        ("puzzle run --c", &["--check", "--color"]),
    ];
    let lines: Vec<&str> = cases.iter().map(|(line, _)| *line).collect();
    for ((line, expected), offered) in cases.iter().zip(bash(dir.path(), &lines)) {
        assert_eq!(offered, *expected, "{line:?}");
    }
}

/// What each line of `lines` offers in fish, in the order fish gives them,
/// without their descriptions; `None` without fish.
fn fish(dir: &Path, lines: &[&str]) -> Option<Vec<Vec<String>>> {
    if Command::new("fish").arg("--version").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "CI must install fish (apt-get install -y fish)");
        eprintln!("skipped: no fish on PATH");
        return None;
    }
    // fish keeps its history and settings in the home: a scratch one.
    let home = tempfile::tempdir().unwrap();
    let script = script("fish", home.path());
    let mut program = format!("source '{}'\n", script.display());
    for line in lines {
        program.push_str(&format!("complete -C '{line}'\necho @@\n"));
    }
    let output = Command::new("fish")
        .args(["--no-config", "-c", &program])
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path())
        .env("XDG_DATA_HOME", home.path())
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(output.status.success() && output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8_lossy(&output.stdout);
    let offers = offers(&text, lines.len());
    Some(
        offers
            .into_iter()
            .map(|offer| offer.iter().map(|o| o.split('\t').next().unwrap().to_string()).collect())
            .collect(),
    )
}

#[test]
fn fish_offers_the_puzzles_first_where_a_path_goes_and_each_argument_s_values() {
    let dir = puzzles_directory();
    let puzzles_first = ["a.puzzle", "two words.puzzle", "boards/", "notes.txt"];
    let cases: [(&str, &[&str]); 11] = [
        ("puzzle run ", &puzzles_first),
        ("puzzle --color never check a.puzzle ", &puzzles_first),
        ("puzzle play ", &puzzles_first),
        ("puzzle run --svg ", &["boards/"]),
        ("puzzle run --budget ", &[]),
        ("puzzle play --size ", &[]),
        ("puzzle new ", &["2048", "blockgame"]),
        ("puzzle judge ", &["boj-12094", "boj-12100", "kakao-blockgame"]),
        ("puzzle man c", &["check", "completions"]),
        ("puzzle lsp ", &[]),
        ("puzzle r", &["run"]),
    ];
    let lines: Vec<&str> = cases.iter().map(|(line, _)| *line).collect();
    let Some(offered) = fish(dir.path(), &lines) else { return };
    for ((line, expected), offered) in cases.iter().zip(offered) {
        assert_eq!(offered, *expected, "{line:?}");
    }
}

/// What zsh shows after each line of `lines` and a TAB, in `dir`: the line
/// as completed, and the list below it, if any (zsh draws it on the
/// terminal, so the shell runs under tmux); `None` without zsh or tmux.
fn zsh(dir: &Path, lines: &[&str]) -> Option<Vec<String>> {
    let have = |program: &str| Command::new(program).arg("-V").output().is_ok_and(|o| o.status.success());
    if !have("zsh") || !have("tmux") {
        assert!(std::env::var_os("CI").is_none(), "CI must install zsh and tmux (apt-get install -y zsh tmux)");
        eprintln!("skipped: no zsh or tmux on PATH");
        return None;
    }
    // The function where zsh looks for it, and a shell of no one's settings.
    let home = tempfile::tempdir().unwrap();
    let functions = home.path().join("functions");
    std::fs::create_dir(&functions).unwrap();
    std::fs::rename(script("zsh", home.path()), functions.join("_puzzle")).unwrap();
    let dump = home.path().join("zcompdump");
    let rc = format!(
        "fpath=('{}' $fpath)\nautoload -Uz compinit && compinit -u -d '{}'\nPS1='%% '\n",
        functions.display(),
        dump.display()
    );
    std::fs::write(home.path().join(".zshrc"), rc).unwrap();
    let socket = home.path().join("tmux");
    let tmux = |args: &[&str]| {
        let output = Command::new("tmux").arg("-S").arg(&socket).args(args).output().unwrap();
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let screen = || tmux(&["capture-pane", "-p"]);
    // The screen once it has stood still a while, within ten seconds.
    let settled = |done: &dyn Fn(&str) -> bool| {
        let start = std::time::Instant::now();
        let mut last = screen();
        loop {
            std::thread::sleep(std::time::Duration::from_millis(200));
            let now = screen();
            if (now == last && done(&now)) || start.elapsed() > std::time::Duration::from_secs(10) {
                return now;
            }
            last = now;
        }
    };
    let shell = format!("env -i HOME='{0}' ZDOTDIR='{0}' TERM=xterm zsh -i", home.path().display());
    let dir_arg = dir.display().to_string();
    tmux(&["new-session", "-d", "-x", "150", "-y", "20", "-c", &dir_arg, &shell]);
    let mut shown = Vec::new();
    for line in lines {
        settled(&|screen: &str| screen.trim_end().ends_with('%'));
        tmux(&["send-keys", "-l", line]);
        tmux(&["send-keys", "Tab"]);
        // (tmux's capture drops the blanks that end a line.)
        let typed = format!("% {line}").trim_end().to_string();
        let text = settled(&|screen: &str| screen.lines().any(|l| l.starts_with(&typed)));
        let from = text.lines().position(|l| l.starts_with(&typed)).unwrap_or(0);
        let lines: Vec<&str> = text.lines().skip(from).map(str::trim_end).filter(|l| !l.is_empty()).collect();
        shown.push(lines.join("\n"));
        // The line given up, the list cleared, for the next.
        tmux(&["send-keys", "C-c"]);
        tmux(&["send-keys", "clear", "Enter"]);
    }
    tmux(&["kill-server"]);
    Some(shown)
}

#[test]
fn zsh_offers_the_puzzles_first_where_a_path_goes_and_every_file_when_none_matches() {
    let dir = puzzles_directory();
    let puzzles = "a.puzzle           boards/            two\\ words.puzzle";
    let cases = [
        ("puzzle run ", format!("% puzzle run\n{puzzles}")),
        ("puzzle play ", format!("% puzzle play\n{puzzles}")),
        ("puzzle fmt a.puzzle ", format!("% puzzle fmt a.puzzle\n{puzzles}")),
        // No puzzle begins so: every file, as bash and fish do.
        ("puzzle check n", "% puzzle check notes.txt".to_string()),
        // A directory alone where one goes.
        ("puzzle run --svg ", "% puzzle run --svg boards/".to_string()),
    ];
    let lines: Vec<&str> = cases.iter().map(|(line, _)| *line).collect();
    let Some(shown) = zsh(dir.path(), &lines) else { return };
    for ((line, expected), shown) in cases.iter().zip(shown) {
        assert_eq!(shown, *expected, "{line:?}");
    }
}
