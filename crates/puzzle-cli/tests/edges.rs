//! The command at its edges, met as a user meets them: a pipe closed early,
//! huge and endless inputs, FIFOs, symbolic links and their loops, hidden and
//! ignored files, and `fmt` on links, permissions, owners and CRLF files.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `puzzle ARGS` in the repository's root, its output and errors kept.
fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzle"));
    command.args(args).current_dir(root()).stdout(Stdio::piped()).stderr(Stdio::piped());
    command
}

fn spawn(args: &[&str]) -> Child {
    command(args).spawn().unwrap()
}

fn puzzle(args: &[&str]) -> Output {
    spawn(args).wait_with_output().unwrap()
}

fn puzzle_with_stdin(args: &[&str], stdin: &str) -> Output {
    let mut child = command(args).stdin(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

/// Waits at most `limit` for `child` to end.
fn wait_at_most(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

const SAMPLE: &str =
    "name \"sample\"\ngame 2048\n\nboard {\n  2 2 2\n  4 4 4\n  8 8 8\n}\n\nquery max-tile within 5\nexpect 16\n";

/// A puzzle whose search runs for minutes: a 20×20 board with K = 60.
fn slow_puzzle() -> String {
    let rows: String = (0..20)
        .map(|r| {
            let cells: Vec<String> = (0..20).map(|c| (1u64 << (1 + (r * 7 + c * 3 + r * c) % 9)).to_string()).collect();
            format!("  {}\n", cells.join(" "))
        })
        .collect();
    format!("game 2048\nboard {{\n{rows}}}\nquery max-tile within 60\n")
}

#[test]
fn a_closed_stdout_ends_the_run_at_once_and_quietly() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.puzzle"), SAMPLE).unwrap();
    std::fs::write(dir.path().join("z-slow.puzzle"), slow_puzzle()).unwrap();
    let mut child = spawn(&["run", &dir.path().display().to_string(), "--budget", "100000000000"]);
    let mut first = String::new();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    reader.read_line(&mut first).unwrap();
    assert!(first.contains("a.puzzle"), "{first}");
    // The rest written meanwhile, into the pipe's buffer, the run is in its
    // slow search, which writes nothing for minutes: only the watch on the
    // pipe can tell that its reader left.
    std::thread::sleep(Duration::from_millis(1000));
    drop(reader); // `| head -1`
    let started = Instant::now();
    let status = wait_at_most(&mut child, Duration::from_secs(10));
    assert!(started.elapsed() < Duration::from_secs(3), "took {:?} after the reader left", started.elapsed());
    assert_eq!(status.code(), Some(0), "quietly: no error status");
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert_eq!(stderr, "", "no message");
}

#[test]
fn a_template_into_a_closed_pipe_does_not_panic() {
    let mut child = spawn(&["new", "2048", "--size", "200x200"]);
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    let status = wait_at_most(&mut child, Duration::from_secs(10));
    assert_eq!(status.code(), Some(0));
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_full_disk_under_stdout_is_told_as_such_by_every_command() {
    for args in [
        &["run", "puzzles/spawns-chance.puzzle"][..],
        &["run", "--json", "puzzles/merge-once.puzzle"],
        &["check", "--json", "puzzles/merge-once.puzzle"],
        &["new", "2048", "--spawns"],
        &["completions", "bash"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_puzzle"))
            .args(args)
            .current_dir(root())
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            stderr, "error: cannot write to standard output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

#[test]
fn a_directory_as_standard_input_is_told_alike_by_every_command() {
    for args in [&["run", "-"][..], &["fmt", "-"], &["judge", "boj-12100"]] {
        let output = Command::new(env!("CARGO_BIN_EXE_puzzle"))
            .args(args)
            .stdin(std::fs::File::open("/").unwrap())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("cannot read standard input: Is a directory"), "{args:?}: {stderr}");
    }
}

#[test]
fn endless_and_huge_inputs_are_refused_at_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let sparse = dir.path().join("huge.puzzle");
    std::fs::File::create(&sparse).unwrap().set_len(3 << 30).unwrap(); // 3 GB, sparse
    for path in ["/dev/zero".to_string(), sparse.display().to_string()] {
        let started = Instant::now();
        let output = puzzle(&["check", &path]);
        assert!(started.elapsed() < Duration::from_secs(5), "{path}: {:?}", started.elapsed());
        assert_eq!(output.status.code(), Some(2), "{path}");
        let text = String::from_utf8_lossy(&output.stderr);
        assert!(text.contains("larger than 1048576 bytes"), "{path}: {text}");
        assert!(text.len() < 300, "the message does not echo the input: {} bytes", text.len());
    }
}

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

#[test]
fn a_fifo_below_a_directory_is_passed_over_and_one_named_is_read() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.puzzle"), SAMPLE).unwrap();
    let fifo = dir.path().join("fifo.puzzle");
    mkfifo(&fifo);
    let mut child = spawn(&["check", &dir.path().display().to_string()]);
    let status = wait_at_most(&mut child, Duration::from_secs(10));
    assert_eq!(status.code(), Some(0), "the FIFO below the directory is not opened");
    // Named on the command line, it is read like any file, to its end.
    let writer = std::thread::spawn({
        let fifo = fifo.clone();
        move || std::fs::OpenOptions::new().write(true).open(fifo).unwrap().write_all(SAMPLE.as_bytes()).unwrap()
    });
    let mut child = spawn(&["check", &fifo.display().to_string()]);
    let status = wait_at_most(&mut child, Duration::from_secs(10));
    writer.join().unwrap();
    assert_eq!(status.code(), Some(0));
}

#[test]
fn a_walk_skips_hidden_and_ignored_entries_and_takes_each_file_once() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name);
    for sub in ["sub", ".hidden", "ignored"] {
        std::fs::create_dir(at(sub)).unwrap();
    }
    for file in ["a.puzzle", "sub/b.puzzle", ".hidden/c.puzzle", "ignored/d.puzzle", ".e.puzzle"] {
        std::fs::write(at(file), SAMPLE).unwrap();
    }
    std::fs::write(at(".gitignore"), "ignored/\n").unwrap();
    std::os::unix::fs::symlink("..", at("sub/loop")).unwrap(); // a loop
    std::os::unix::fs::symlink("..", at("sub/up.puzzle")).unwrap(); // a loop named as a puzzle
    std::os::unix::fs::symlink("a.puzzle", at("link.puzzle")).unwrap(); // a.puzzle again
    let mut child = spawn(&["run", "--json", &dir.path().display().to_string()]);
    let status = wait_at_most(&mut child, Duration::from_secs(10));
    let output = child.wait_with_output().unwrap();
    assert_eq!(status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let paths: Vec<&str> =
        document["puzzles"].as_array().unwrap().iter().map(|p| p["path"].as_str().unwrap()).collect();
    assert_eq!(paths.len(), 2, "a.puzzle and sub/b.puzzle, once each: {paths:?}");
    assert!(paths[0].ends_with("/a.puzzle") && paths[1].ends_with("/sub/b.puzzle"), "{paths:?}");
    // A link to nothing: not a puzzle, none of the run's business; named as
    // one, told as a file that cannot be read, the others answered.
    std::os::unix::fs::symlink("gone", at("notes.txt")).unwrap();
    let output = puzzle(&["run", "-q", &dir.path().display().to_string()]);
    assert_eq!((output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned()), (Some(0), String::new()));
    std::os::unix::fs::symlink("gone.puzzle", at("sub/dangling.puzzle")).unwrap();
    let output = puzzle(&["run", &dir.path().display().to_string()]);
    assert_eq!(output.status.code(), Some(2));
    let told = format!(
        "error: cannot read `{}` (a symbolic link to `gone.puzzle`): No such file or directory (os error 2)\n",
        at("sub/dangling.puzzle").display()
    );
    assert_eq!(String::from_utf8_lossy(&output.stderr), told);
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("3 files, 2 queries: 1 file invalid"),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    std::fs::remove_file(at("sub/dangling.puzzle")).unwrap();
    // Alone in its directory, it is the one error: the directory has a
    // puzzle, which cannot be read.
    let lonely = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("gone.puzzle", lonely.path().join("dangling.puzzle")).unwrap();
    let output = puzzle(&["run", &lonely.path().display().to_string()]);
    assert_eq!(output.status.code(), Some(2));
    let told = format!(
        "error: cannot read `{}` (a symbolic link to `gone.puzzle`): No such file or directory (os error 2)\n",
        lonely.path().join("dangling.puzzle").display()
    );
    assert_eq!(String::from_utf8_lossy(&output.stderr), told);
    // A hidden file named on the command line is read all the same.
    let output = puzzle(&["check", &at(".e.puzzle").display().to_string()]);
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn a_file_named_twice_is_taken_once_and_blessed_once() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).display().to_string();
    let unblessed = SAMPLE.replace("expect 16\n", "");
    let fresh = || {
        for name in ["a.puzzle", "b.puzzle"] {
            std::fs::write(at(name), &unblessed).unwrap();
        }
    };
    fresh();
    std::fs::hard_link(at("b.puzzle"), at("hard.puzzle")).unwrap(); // b.puzzle again, in the walk
    std::os::unix::fs::symlink("a.puzzle", dir.path().join("link.txt")).unwrap(); // a.puzzle again, named
    let dir_shown = dir.path().display().to_string();
    let a_dotted = format!("{dir_shown}/./a.puzzle");
    for names in [
        vec![at("a.puzzle"), at("a.puzzle")],
        vec![dir_shown.clone(), at("a.puzzle")],
        vec![at("a.puzzle"), dir_shown.clone()],
        vec![a_dotted.clone(), at("link.txt"), dir_shown.clone()],
        // A directory whose puzzles were all taken already has puzzles.
        vec![dir_shown.clone(), dir_shown.clone()],
    ] {
        fresh();
        let mut args = vec!["run", "--bless"];
        args.extend(names.iter().map(String::as_str));
        let output = puzzle(&args);
        let said = String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{names:?}: {said}");
        let taken = if names.len() == 2 && !names.contains(&dir_shown) { 1 } else { 2 };
        assert_eq!(said.matches("1 added").count(), taken, "{names:?}: {said}");
        assert_eq!(std::fs::read_to_string(at("a.puzzle")).unwrap(), SAMPLE, "{names:?}");
        // It is shown by the first name that meets it.
        let first = if names[0] == dir_shown { at("a.puzzle") } else { names[0].clone() };
        assert!(said.starts_with(&format!("{first}: 1 added")), "{names:?}: {said}");
    }
    // An entry that cannot be read is told once too.
    std::os::unix::fs::symlink("nowhere.puzzle", dir.path().join("gone.puzzle")).unwrap();
    let output = puzzle(&["check", &dir_shown, &dir_shown]);
    assert_eq!(output.status.code(), Some(2));
    let told = String::from_utf8_lossy(&output.stderr);
    assert_eq!(told.matches("cannot read").count(), 1, "{told}");
    // Standard input named twice is read once, as `-` or by its device.
    for names in [["-", "-"], ["-", "/dev/stdin"], ["/dev/stdin", "-"]] {
        let output = puzzle_with_stdin(&["run", "--json", names[0], names[1]], SAMPLE);
        assert_eq!(output.status.code(), Some(0), "{names:?}: {}", String::from_utf8_lossy(&output.stderr));
        let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(document["puzzles"].as_array().unwrap().len(), 1, "{names:?}");
    }
}

#[test]
fn bless_and_fmt_write_a_file_whose_name_is_not_utf8_or_reads_as_standard_input_does() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let unblessed = SAMPLE.replace("expect 16\n", "");
    let latin1 = dir.path().join(std::ffi::OsStr::from_bytes(b"caf\xe9.puzzle"));
    std::fs::write(&latin1, &unblessed).unwrap();
    let output = puzzle(&["run", "--bless", &dir.path().display().to_string()]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(std::fs::read_to_string(&latin1).unwrap(), SAMPLE);
    // Named as standard input is in reports, and is a file all the same.
    std::fs::write(dir.path().join("<stdin>"), &unblessed).unwrap();
    let output = command(&["run", "--bless", "<stdin>"]).current_dir(dir.path()).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "<stdin>: 1 added and 0 rewritten `expect` line\n");
    assert_eq!(std::fs::read_to_string(dir.path().join("<stdin>")).unwrap(), SAMPLE);
    std::fs::write(dir.path().join("<stdin>"), UNFORMATTED).unwrap();
    let output = command(&["fmt", "<stdin>"]).current_dir(dir.path()).output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "<stdin>: formatted\n");
    assert_eq!(std::fs::read_to_string(dir.path().join("<stdin>")).unwrap(), FORMATTED);
}

#[test]
fn fmt_writes_through_a_link_and_keeps_permissions_and_crlf() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("real.puzzle");
    let link = dir.path().join("link.puzzle");
    std::fs::write(&target, "game   2048\r\nboard {\r\n2  2\r\n}\r\nquery max-tile within 1\r\n").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink("real.puzzle", &link).unwrap();
    let output = puzzle(&["fmt", &link.display().to_string()]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stdout));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    let formatted = std::fs::read_to_string(&target).unwrap();
    assert_eq!(formatted, "game 2048\r\n\r\nboard {\r\n  2 2\r\n}\r\n\r\nquery max-tile within 1\r\n", "CRLF kept");
    assert_eq!(std::fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o640);
    let names: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(names.len(), 2, "no stray file: {names:?}");
    // Formatting again changes nothing.
    let output = puzzle(&["fmt", "--check", &link.display().to_string()]);
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn a_byte_order_mark_stays_through_fmt_and_bless() {
    // A Notepad save: the mark, CRLF, and no `expect` yet.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("notepad.puzzle");
    std::fs::write(&file, "\u{feff}game   2048\r\nboard {\r\n2  2\r\n}\r\nquery max-tile within 1\r\n").unwrap();
    let path = file.display().to_string();
    let output = puzzle(&["fmt", &path]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let formatted = "\u{feff}game 2048\r\n\r\nboard {\r\n  2 2\r\n}\r\n\r\nquery max-tile within 1\r\n";
    assert_eq!(std::fs::read_to_string(&file).unwrap(), formatted);
    assert_eq!(puzzle(&["fmt", "--check", &path]).status.code(), Some(0), "formatted once is formatted");
    let output = puzzle(&["run", "--bless", &path]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), format!("{formatted}expect 4\r\n"));
    // Standard input likewise.
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle"))
        .args(["fmt", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all("\u{feff}game 2048\nboard {\n2 2\n}\n".as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "\u{feff}game 2048\n\nboard {\n  2 2\n}\n");
}

/// The user tests that need another one run the command as: `nobody`.
const NOBODY: u32 = 65534;

/// Whether the tests run as root, who can make files of another user and
/// run the command as that user.
fn as_root(dir: &Path) -> bool {
    std::fs::metadata(dir).unwrap().uid() == 0
}

/// The command with `args`, run as `nobody` when `as_nobody` (the tests run
/// as root).
fn puzzle_as(as_nobody: bool, args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzle"));
    if as_nobody {
        command.uid(NOBODY).gid(NOBODY);
    }
    command.args(args).output().unwrap()
}

// Longer than formatted: a file written in place is cut to its new length.
const UNFORMATTED: &str = "game      2048\nboard {\n2     2\n}\nquery   max-tile   within   1\n";
const FORMATTED: &str = "game 2048\n\nboard {\n  2 2\n}\n\nquery max-tile within 1\n";

#[test]
fn fmt_and_bless_leave_a_file_read_only_to_the_user_as_it_is() {
    // The directory would let a rename replace the file; the file says no.
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let file = dir.path().join("done.puzzle");
    std::fs::write(&file, UNFORMATTED).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
    // Root may write any file: the user is then `nobody`, the file theirs.
    let as_nobody = as_root(dir.path());
    if as_nobody {
        std::os::unix::fs::chown(&file, Some(NOBODY), Some(NOBODY)).unwrap();
    }
    let path = file.display().to_string();
    for args in [&["fmt", &path][..], &["run", "--bless", &path]] {
        let output = puzzle_as(as_nobody, args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let told = format!("error: cannot write `{path}`: it is read-only to you, and is left as it is\n");
        assert_eq!(String::from_utf8_lossy(&output.stderr), told, "{args:?}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), UNFORMATTED, "{args:?}");
    }
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "no stray file");
}

#[test]
fn fmt_keeps_a_file_s_other_names_and_its_owner() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let at = |name: &str| dir.path().join(name);
    // A hard link: both names are the one file, formatted.
    std::fs::write(at("first.puzzle"), UNFORMATTED).unwrap();
    std::fs::hard_link(at("first.puzzle"), at("second.puzzle")).unwrap();
    let output = puzzle(&["fmt", &at("first.puzzle").display().to_string()]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(std::fs::read_to_string(at("second.puzzle")).unwrap(), FORMATTED);
    let inode = |name: &str| std::fs::metadata(at(name)).unwrap().ino();
    assert_eq!(inode("first.puzzle"), inode("second.puzzle"));
    if !as_root(dir.path()) {
        return; // Only root can make a file of another user.
    }
    // Root formats a user's file: it stays the user's.
    std::fs::write(at("theirs.puzzle"), UNFORMATTED).unwrap();
    std::os::unix::fs::chown(at("theirs.puzzle"), Some(NOBODY), Some(NOBODY)).unwrap();
    let output = puzzle(&["fmt", &at("theirs.puzzle").display().to_string()]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let owner = |name: &str| {
        let metadata = std::fs::metadata(at(name)).unwrap();
        (metadata.uid(), metadata.gid())
    };
    assert_eq!(
        (std::fs::read_to_string(at("theirs.puzzle")).unwrap().as_str(), owner("theirs.puzzle")),
        (FORMATTED, (NOBODY, NOBODY))
    );
    // A user formats a file of root's their group may write: it stays root's.
    std::fs::write(at("shared.puzzle"), UNFORMATTED).unwrap();
    std::os::unix::fs::chown(at("shared.puzzle"), Some(0), Some(NOBODY)).unwrap();
    std::fs::set_permissions(at("shared.puzzle"), std::fs::Permissions::from_mode(0o664)).unwrap();
    let output = puzzle_as(true, &["fmt", &at("shared.puzzle").display().to_string()]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(
        (std::fs::read_to_string(at("shared.puzzle")).unwrap().as_str(), owner("shared.puzzle")),
        (FORMATTED, (0, NOBODY))
    );
    assert_eq!(std::fs::metadata(at("shared.puzzle")).unwrap().permissions().mode() & 0o777, 0o664);
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 4, "no stray file");
}

/// A POSIX ACL as Linux keeps it in `system.posix_acl_*`: version 2, then
/// (tag, permissions, id) entries; this one lets `nobody` read besides the
/// owner (`rw-`), the group and others (`r--`).
fn acl_letting_nobody_read() -> Vec<u8> {
    let mut acl = 2u32.to_le_bytes().to_vec();
    let undefined = u32::MAX;
    for (tag, permissions, id) in [
        (0x01u16, 6u16, undefined),
        (0x02, 4, NOBODY),
        (0x04, 4, undefined),
        (0x10, 4, undefined),
        (0x20, 4, undefined),
    ] {
        acl.extend(tag.to_le_bytes());
        acl.extend(permissions.to_le_bytes());
        acl.extend(id.to_le_bytes());
    }
    acl
}

/// The names and values of the extended attributes of the file at `path`.
fn extended_attributes(path: &Path) -> Vec<(String, Vec<u8>)> {
    let mut names = vec![0u8; 4096];
    let length = rustix::fs::listxattr(path, &mut names[..]).unwrap();
    let mut attributes: Vec<(String, Vec<u8>)> = names[..length]
        .split(|&byte| byte == 0)
        .filter(|name| !name.is_empty())
        .map(|name| {
            let name = String::from_utf8(name.to_vec()).unwrap();
            let mut value = vec![0u8; 4096];
            let length = rustix::fs::getxattr(path, name.as_str(), &mut value[..]).unwrap();
            value.truncate(length);
            (name, value)
        })
        .collect();
    attributes.sort();
    attributes
}

#[test]
fn fmt_keeps_a_file_s_extended_attributes_and_access_list_and_adds_none() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("marked.puzzle");
    std::fs::write(&file, UNFORMATTED).unwrap();
    let set = |path: &Path, name: &str, value: &[u8]| {
        rustix::fs::setxattr(path, name, value, rustix::fs::XattrFlags::empty())
    };
    // Longer than a first read of it takes.
    if set(&file, "user.origin", "made by hand; ".repeat(100).as_bytes()).is_err() {
        eprintln!("skipped: this file system keeps no extended attributes");
        return;
    }
    // An ACL of its own, and a default one on its directory, which a new
    // file made there would be given: the file has an access list as it
    // had, and not the directory's.
    let mut default = acl_letting_nobody_read();
    default[16..20].copy_from_slice(&1u32.to_le_bytes()); // user 1 reads, not `nobody`
    let acls = set(&file, "system.posix_acl_access", &acl_letting_nobody_read())
        .and_then(|()| set(dir.path(), "system.posix_acl_default", &default))
        .is_ok();
    if !acls {
        eprintln!("no access control lists on this file system: only `user.origin` is checked");
    }
    let before = extended_attributes(&file);
    let inode = std::fs::metadata(&file).unwrap().ino();
    let output = puzzle(&["fmt", &file.display().to_string()]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), FORMATTED);
    assert_ne!(std::fs::metadata(&file).unwrap().ino(), inode, "replaced by a rename");
    assert_eq!(extended_attributes(&file), before);
    // A file without any is given none of the directory's.
    let plain = dir.path().join("plain.puzzle");
    std::fs::write(&plain, UNFORMATTED).unwrap();
    if acls {
        rustix::fs::removexattr(&plain, "system.posix_acl_access").unwrap();
    }
    assert_eq!(extended_attributes(&plain), []);
    let output = puzzle(&["run", "--bless", &plain.display().to_string()]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(std::fs::read_to_string(&plain).unwrap().ends_with("expect 4\n"));
    assert_eq!(extended_attributes(&plain), []);
}

#[test]
fn fmt_replaces_a_file_whole_so_a_reader_never_meets_it_half_written() {
    // A reader that opened the file before reads the old text whole, after.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("read.puzzle");
    std::fs::write(&file, UNFORMATTED).unwrap();
    let mut reader = std::fs::File::open(&file).unwrap();
    let output = puzzle(&["fmt", &file.display().to_string()]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let mut read = String::new();
    std::io::Read::read_to_string(&mut reader, &mut read).unwrap();
    assert_eq!((read.as_str(), std::fs::read_to_string(&file).unwrap().as_str()), (UNFORMATTED, FORMATTED));
}

#[test]
fn fmt_writes_over_a_file_the_user_may_write_in_a_directory_they_may_not_add_to() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.puzzle");
    std::fs::write(&file, UNFORMATTED).unwrap();
    // Root may add to any directory: the user is then `nobody`, the file
    // theirs, the directory root's.
    let as_nobody = as_root(dir.path());
    if as_nobody {
        std::os::unix::fs::chown(&file, Some(NOBODY), Some(NOBODY)).unwrap();
    }
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
    let output = puzzle_as(as_nobody, &["fmt", &file.display().to_string()]);
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), FORMATTED);
}

#[test]
fn a_signal_during_fmt_leaves_no_temporary_file_and_no_file_half_written() {
    // Two thousand files take `fmt` a second or more; it is stopped at five
    // moments of it, most of which fall while a file is being written.
    let dir = tempfile::tempdir().unwrap();
    let at = |i: usize| dir.path().join(format!("f{i:04}.puzzle"));
    for delay in [40, 90, 140, 190, 240] {
        for i in 0..2_000 {
            std::fs::write(at(i), UNFORMATTED).unwrap();
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_puzzle"))
            .arg("fmt")
            .arg(dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay));
        assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
        let status = wait_at_most(&mut child, Duration::from_secs(10));
        assert_eq!(std::os::unix::process::ExitStatusExt::signal(&status), Some(15), "still running at {delay} ms");
        for entry in std::fs::read_dir(dir.path()).unwrap() {
            let path = entry.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text == UNFORMATTED || text == FORMATTED, "{} at {delay} ms: {text:?}", path.display());
        }
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2_000, "a temporary file left at {delay} ms");
    }
}

#[test]
fn bless_keeps_an_edit_made_while_it_searched() {
    // One worker reads the files in order: once the run has opened the pipe
    // named second, it has read the first, and its answers wait to be
    // written. The user edits the first meanwhile; the pipe then ends.
    let dir = tempfile::tempdir().unwrap();
    let (file, fifo) = (dir.path().join("mine.puzzle"), dir.path().join("later.puzzle"));
    std::fs::write(&file, FORMATTED).unwrap();
    mkfifo(&fifo);
    let (file_arg, fifo_arg) = (file.display().to_string(), fifo.display().to_string());
    let mut child = spawn(&["run", "--bless", "--jobs", "1", &file_arg, &fifo_arg]);
    let mut pipe = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
    let edited = format!("{FORMATTED}query max-tile within 2\n");
    std::fs::write(&file, &edited).unwrap();
    pipe.write_all(FORMATTED.as_bytes()).unwrap();
    drop(pipe);
    let status = wait_at_most(&mut child, Duration::from_secs(20));
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(status.code(), Some(2), "{stderr}");
    let told = format!(
        "error: cannot write `{file_arg}`: it changed since it was read, and is left as it is (run again to write it)"
    );
    assert!(stderr.contains(&told), "{stderr}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), edited, "the edit is kept");
}

#[test]
fn fmt_leaves_no_file_behind_when_it_cannot_write() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("x.puzzle");
    std::fs::write(&file, "game   2048\nboard {\n  2\n}\nquery max-tile within 1\n").unwrap();
    // A directory where the file's name is: reading it fails, nothing is written.
    let output = puzzle(&["fmt", &dir.path().join("missing.puzzle").display().to_string()]);
    assert_eq!(output.status.code(), Some(2));
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1);
}

#[test]
fn a_named_pipe_is_read_but_never_replaced_and_the_other_files_are_still_written() {
    let dir = tempfile::tempdir().unwrap();
    let (fifo, file) = (dir.path().join("fifo.puzzle"), dir.path().join("file.puzzle"));
    mkfifo(&fifo);
    let unformatted = "game   2048\nboard {\n  2 2\n}\nquery max-tile within 1\n";
    let formatted = "game 2048\n\nboard {\n  2 2\n}\n\nquery max-tile within 1\n";
    let blessed = "game 2048\n\nboard {\n  2 2\n}\n\nquery max-tile within 1\nexpect 4\n";
    let told = format!(
        "error: cannot write `{}`: it is a named pipe, not a regular file, and is left as it is \
         (`-` reads standard input and prints the new text)\n",
        fifo.display()
    );
    for (command, before, after) in [(&["fmt"][..], unformatted, formatted), (&["run", "--bless"], formatted, blessed)]
    {
        std::fs::write(&file, before).unwrap();
        let writer = std::thread::spawn({
            let fifo = fifo.clone();
            move || std::fs::OpenOptions::new().write(true).open(fifo).unwrap().write_all(before.as_bytes()).unwrap()
        });
        let (fifo_arg, file_arg) = (fifo.display().to_string(), file.display().to_string());
        let mut child = spawn(&[command, &[fifo_arg.as_str(), file_arg.as_str()]].concat());
        let status = wait_at_most(&mut child, Duration::from_secs(10));
        writer.join().unwrap();
        let output = child.wait_with_output().unwrap();
        assert_eq!((status.code(), String::from_utf8_lossy(&output.stderr).into_owned()), (Some(2), told.clone()));
        assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "{command:?}: still a pipe");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), after, "{command:?}: the other file is written");
    }
    // Standard input named by its device is a pipe too, and told alike.
    let output = puzzle_with_stdin(&["run", "--bless", "/dev/stdin"], formatted);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("`/dev/stdin`: it is a named pipe"), "{output:?}");
}

#[test]
fn a_picture_that_cannot_be_written_is_told_and_the_others_are_still_written() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name);
    for name in ["a", "b", "c", "d"] {
        std::fs::write(at(&format!("{name}.puzzle")), SAMPLE).unwrap();
    }
    std::fs::create_dir_all(at("pictures/a.svg")).unwrap();
    mkfifo(&at("pictures/b.svg")); // writing would wait for a reader for ever
                                   // Writing through it would create a file where the link points.
    std::os::unix::fs::symlink(at("elsewhere.svg"), at("pictures/d.svg")).unwrap();
    let path = |name: &str| at(name).display().to_string();
    let pictures = path("pictures");
    let puzzles = ["a", "b", "c", "d"].map(|name| path(&format!("{name}.puzzle")));
    let mut args = vec!["run", "-q"];
    args.extend(puzzles.iter().map(String::as_str));
    args.extend(["--svg", &pictures]);
    let mut child = spawn(&args);
    let status = wait_at_most(&mut child, Duration::from_secs(10));
    let output = child.wait_with_output().unwrap();
    let elsewhere = path("elsewhere.svg");
    let told = format!(
        "error: cannot write `{pictures}/a.svg`: it is a directory, not a regular file, and is left as it is\n\n\
         error: cannot write `{pictures}/b.svg`: it is a named pipe, not a regular file, and is left as it is\n\n\
         error: cannot write `{pictures}/d.svg`: it is a symbolic link to `{elsewhere}`, which does not exist, \
         and is left as it is\n"
    );
    assert_eq!((status.code(), String::from_utf8_lossy(&output.stderr).into_owned()), (Some(2), told));
    assert!(std::fs::read_to_string(at("pictures/c.svg")).unwrap().starts_with("<svg"));
    assert!(std::fs::symlink_metadata(at("pictures/b.svg")).unwrap().file_type().is_fifo());
    assert!(!at("elsewhere.svg").exists());
}

/// A run's report without its figures of time (`… a second`).
fn answers(output: &Output) -> String {
    let text = String::from_utf8_lossy(&output.stdout);
    text.lines().filter(|line| !line.contains(" a second")).map(|line| format!("{line}\n")).collect()
}

/// The engine and self-play on one board, and a search of 70 moves, whose
/// threads need deep stacks (20 MiB each).
const ENGINE_AND_GAMES: &str =
    "game 2048\nspawns classic\nboard {\n  2 4 8 16\n  . 2 4 64\n  . . 2 128\n  . . . 512\n}\n\
                                query best-move depth 3\nquery play 3 games seed 1 depth 2 until 1024\n";
const DEEP: &str = "game 2048\nboard {\n  2 2 4 8\n  4 4 8 16\n  2 2 4 8\n  16 2 4 4\n}\nquery max-tile within 70\n";

/// `puzzle ARGS` under `prlimit LIMIT`, with `stdin`; as `nobody` if `as_nobody`.
fn limited(limit: &str, as_nobody: bool, args: &[&str], stdin: &str) -> Output {
    let mut command = Command::new("prlimit");
    command.arg(limit).arg(env!("CARGO_BIN_EXE_puzzle")).args(args);
    if as_nobody {
        command.uid(NOBODY).gid(NOBODY);
    }
    let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn threads_the_system_refuses_leave_the_answers_as_they_are() {
    // The answers never depend on the threads: a thread refused (a limit on
    // memory or on threads) leaves its work to the others, where it ended
    // the run with a panic.
    let dir = tempfile::tempdir().unwrap();
    let (engine, deep) = (dir.path().join("engine.puzzle"), dir.path().join("deep.puzzle"));
    std::fs::write(&engine, ENGINE_AND_GAMES).unwrap();
    std::fs::write(&deep, DEEP).unwrap();
    let files = [engine.to_str().unwrap(), deep.to_str().unwrap()];
    let alone = puzzle(&[&["run", "--jobs", "1", "--threads", "1"][..], &files].concat());
    assert_eq!(alone.status.code(), Some(0), "{}", String::from_utf8_lossy(&alone.stderr));
    assert!(answers(&alone).contains("max-tile within 70: 64"), "{}", answers(&alone));

    // 1 GiB of memory: not room for 1,024 stacks of the deep search.
    let many = [&["run", "--jobs", "1024", "--threads", "1024"][..], &files].concat();
    let output = limited("--as=1073741824", false, &many, "");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(answers(&output), answers(&alone));

    // One thread, the process's own (as `nobody` when the tests run as root,
    // whom the limit does not bind): the files are answered on it, and the
    // search of 70 moves, which needs a thread of its own, says so.
    let as_nobody = as_root(dir.path());
    let output = limited("--nproc=1", as_nobody, &["run", "--threads", "4", "-"], ENGINE_AND_GAMES);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let alone = puzzle_with_stdin(&["run", "--threads", "1", "-"], ENGINE_AND_GAMES);
    assert_eq!(answers(&output), answers(&alone));
    let output = limited("--nproc=1", as_nobody, &["run", "--threads", "4", "-"], DEEP);
    assert_eq!(output.status.code(), Some(2), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(
        answers(&output),
        "<stdin>\n  2048, 4×4 board\n  max-tile within 70: error: a search of 70 moves runs on a thread with a \
         deep stack, and the system refused to start one (Resource temporarily unavailable (os error 11)): \
         raise the limit on memory or threads, or look at most 64 moves ahead\n"
    );
    // As it says: 64 moves are searched on the calling thread.
    let within_64 = DEEP.replace("within 70", "within 64");
    let output = limited("--nproc=1", as_nobody, &["run", "--threads", "4", "-"], &within_64);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stdout));
    assert!(answers(&output).contains("max-tile within 64: 64\n"), "{}", answers(&output));
}

#[test]
fn a_limit_on_a_file_s_size_is_told_as_a_failed_write_and_leaves_nothing_half_written() {
    // `ulimit -f`: SIGXFSZ ended the process in the middle of a write,
    // leaving `fmt`'s and `--bless`'s temporary file beside the puzzle.
    let (dir, elsewhere) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let path = dir.path().join("a.puzzle");
    let in_dir = |args: &[&str], limit: &str| {
        let mut command = Command::new("prlimit");
        command.arg(limit).arg(env!("CARGO_BIN_EXE_puzzle")).args(args).current_dir(dir.path());
        let report = std::fs::File::create(elsewhere.path().join("report.txt")).unwrap();
        let output = command.stdout(report).output().unwrap();
        (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
    };
    let too_large = "File too large (os error 27)";
    for args in [&["fmt", "a.puzzle"][..], &["run", "--bless", "a.puzzle"]] {
        std::fs::write(&path, UNFORMATTED).unwrap();
        let told = format!("error: cannot write `a.puzzle`: {too_large}\n");
        assert_eq!(in_dir(args, "--fsize=0"), (Some(2), told), "{args:?}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), UNFORMATTED, "{args:?}");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|entry| entry.unwrap().file_name()).collect();
        assert_eq!(names, ["a.puzzle"], "{args:?}: no temporary file left");
    }
    // A picture cut at 100 bytes is no picture: it goes.
    std::fs::write(&path, FORMATTED).unwrap();
    let told = format!("error: cannot write `pictures/a.svg`: {too_large}\n");
    assert_eq!(in_dir(&["run", "--svg", "pictures", "a.puzzle"], "--fsize=100"), (Some(2), told));
    assert!(!dir.path().join("pictures/a.svg").exists());
    // The report, into a file.
    let told = format!("error: cannot write to standard output: {too_large}\n");
    assert_eq!(in_dir(&["run", "a.puzzle", "--json"], "--fsize=0"), (Some(2), told));
}

#[test]
fn a_small_stack_for_the_main_thread_changes_nothing() {
    // `ulimit -s 64`: the debug build overflowed its stack, and the release
    // build's parser (pest, which stops short of the stack's end) told every
    // line of a valid file as a syntax error.
    let small = limited("--stack=65536", false, &["check", "-"], SAMPLE);
    assert_eq!(String::from_utf8_lossy(&small.stdout), "1 file checked: all valid\n");
    assert_eq!((small.status.code(), String::from_utf8_lossy(&small.stderr).into_owned()), (Some(0), String::new()));
    let small = limited("--stack=65536", false, &["run", "-"], SAMPLE);
    assert_eq!(answers(&small), answers(&puzzle_with_stdin(&["run", "-"], SAMPLE)));
    assert_eq!(small.status.code(), Some(0));
    // `RUST_MIN_STACK`, the default of every thread the program starts, left
    // the files' workers as little: each thread that parses sets its own.
    let mut child = command(&["run", "-"]).env("RUST_MIN_STACK", "32768").stdin(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(SAMPLE.as_bytes()).unwrap();
    let small = child.wait_with_output().unwrap();
    assert_eq!(answers(&small), answers(&puzzle_with_stdin(&["run", "-"], SAMPLE)));
    assert_eq!(small.status.code(), Some(0));
}
