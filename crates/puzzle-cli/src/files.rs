//! The inputs of a run: every path named on the command line is read, and a
//! directory means the `*.puzzle` files below it, walked as ripgrep walks
//! (the `ignore` crate): hidden entries and what `.gitignore` and `.ignore`
//! exclude are skipped, symbolic links are followed but never into a loop
//! (a link back to a directory above is passed over),
//! and only regular files are read (a FIFO or a device below a directory
//! would hang or flood the run). An entry that cannot be read is reported by
//! its own path, and the walk goes on. Each file is taken once, by the first
//! name it is met by, however many times it is named: by its path and by a
//! directory above it, through a link, or as a second hard link (answering it
//! again would only repeat its report, and `--bless` would find it changed
//! by its own first writing). A directory is walked each time it is named,
//! and names no puzzle only if it holds none, taken before or not.

use std::collections::HashSet;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use crate::answer::Budget;
use crate::limits;
use crate::report::{
    process_bytes_watched, process_watched, read_capped, read_capped_from, Failure, FileReport, Growing, ReadError,
};

/// How standard input is named in reports (`-` on the command line).
pub const STDIN: &str = "<stdin>";

/// One thing to report on: a file, standard input, or a path that yielded none.
pub enum Input {
    /// A file to read.
    File(PathBuf),
    /// A file that is a terminal (`/dev/tty`, `/dev/stdin` at one), read
    /// already ([`typed_first`]): its bytes, or why it could not be read.
    Typed(PathBuf, Result<Vec<u8>, String>),
    /// Standard input (`-`), read up to the file limit: its bytes if read
    /// already ([`typed_first`]), `None` until it is processed.
    Stdin(Option<Result<Vec<u8>, ReadError>>),
    /// A path that gave no file, and why.
    Nothing(String, String),
}

impl Input {
    /// Reads and answers (or only checks) the input, showing `watch` the
    /// report as it grows if the input is a valid puzzle.
    pub fn process(self, budget: Budget, answer: bool, watch: &mut dyn FnMut(&Growing)) -> FileReport {
        match self {
            Input::File(path) => {
                tell_how_to_end_if_a_terminal(&path);
                process_watched(&path, budget, answer, watch)
            }
            Input::Typed(path, Ok(bytes)) => {
                process_bytes_watched(path.display().to_string(), bytes, budget, answer, watch)
            }
            Input::Typed(path, Err(message)) => FileReport {
                path: path.display().to_string(),
                source: String::new(),
                outcome: Err(Failure::Unreadable(message)),
            },
            Input::Stdin(read) => match read.unwrap_or_else(read_stdin) {
                Ok(bytes) => process_bytes_watched(STDIN.to_string(), bytes, budget, answer, watch),
                Err(err) => FileReport {
                    path: STDIN.to_string(),
                    source: String::new(),
                    outcome: Err(Failure::Unreadable(match err {
                        ReadError::Io(err) => format!("cannot read standard input: {err}"),
                        ReadError::TooLarge => {
                            format!(
                                "standard input is larger than {} bytes, the limit for a puzzle",
                                limits::MAX_FILE_BYTES
                            )
                        }
                    })),
                },
            },
            Input::Nothing(path, message) => {
                FileReport { path, source: String::new(), outcome: Err(Failure::Unreadable(message)) }
            }
        }
    }

    /// The file to read, if the input is one.
    pub fn file(&self) -> Option<&Path> {
        match self {
            Input::File(path) | Input::Typed(path, _) => Some(path),
            Input::Stdin(_) | Input::Nothing(..) => None,
        }
    }

    /// The path, as reports show it.
    pub fn name(&self) -> String {
        match self {
            Input::File(path) | Input::Typed(path, _) => path.display().to_string(),
            Input::Stdin(_) => STDIN.to_string(),
            Input::Nothing(path, _) => path.clone(),
        }
    }
}

/// Standard input up to the file limit, a person typing at a terminal
/// told how to end it.
pub fn read_stdin() -> Result<Vec<u8>, ReadError> {
    tell_how_to_end_if_typed("a puzzle");
    read_capped_from(std::io::stdin().lock())
}

/// Tells a person at a terminal, if standard input is one, how to end
/// `what` they type: a program reading it would wait in silence.
pub fn tell_how_to_end_if_typed(what: &str) {
    if std::io::stdin().is_terminal() {
        tell_how_to_end(what);
    }
}

fn tell_how_to_end(what: &str) {
    crate::output::stderr(&format!("reading {what} from the terminal: end it with Ctrl-D at the start of a line\n"));
}

/// Whether `path` names a terminal (`/dev/tty`, `/dev/stdin` at one), where
/// reading is waiting for a person to type.
fn is_a_terminal(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata(path).is_ok_and(|metadata| metadata.file_type().is_char_device())
        && std::fs::File::open(path).is_ok_and(|file| file.is_terminal())
}

/// Tells the typist how to end, if `path` is a terminal, before it is read.
pub fn tell_how_to_end_if_a_terminal(path: &Path) {
    if is_a_terminal(path) {
        tell_how_to_end("a puzzle");
    }
}

/// `inputs` with those that are terminals (standard input, `/dev/tty`) read
/// first: typed before any file is searched, and so before a progress bar
/// is drawn, which would be drawn among the lines typed.
pub fn typed_first(inputs: Vec<Input>) -> Vec<Input> {
    let stdin_is_typed = std::io::stdin().is_terminal();
    let read = |input| match input {
        Input::Stdin(None) if stdin_is_typed => Input::Stdin(Some(read_stdin())),
        Input::File(path) if is_a_terminal(&path) => {
            tell_how_to_end("a puzzle");
            let read = read_capped(&path);
            Input::Typed(path, read)
        }
        other => other,
    };
    inputs.into_iter().map(read).collect()
}

/// The files named, with the `*.puzzle` files below each directory in sorted
/// order, each file once.
pub fn inputs(paths: &[PathBuf]) -> Vec<Input> {
    let mut inputs = Vec::new();
    let mut seen = HashSet::new();
    for path in paths {
        if path.as_os_str() == "-" {
            if seen.insert(Identity::of_stdin()) {
                inputs.push(Input::Stdin(None));
            }
            continue;
        }
        if !path.is_dir() {
            if seen.insert(Identity::of(path)) {
                inputs.push(Input::File(path.clone()));
            }
            continue;
        }
        // Nothing found, not even a puzzle that cannot be read, nor one
        // taken already (`puzzle run dir dir/sub`).
        if !walk(path, &mut seen, &mut inputs) {
            let shown = path.display().to_string();
            inputs.push(Input::Nothing(shown, format!("no `.puzzle` files in `{}` or below it", path.display())));
        }
    }
    inputs
}

/// What makes two names one input.
#[derive(PartialEq, Eq, Hash)]
enum Identity {
    Stdin,
    /// A file, by its device and inode, which every name of it shares.
    Inode(u64, u64),
    /// A path that names nothing that can be asked: reported once.
    Path(PathBuf),
}

impl Identity {
    /// Standard input's: the file or pipe it reads, which `/dev/stdin`
    /// names too.
    fn of_stdin() -> Identity {
        match Identity::of(Path::new("/dev/stdin")) {
            Identity::Path(_) => Identity::Stdin,
            read => read,
        }
    }

    fn of(path: &Path) -> Identity {
        use std::os::unix::fs::MetadataExt;
        match std::fs::metadata(path) {
            Ok(metadata) => Identity::Inode(metadata.dev(), metadata.ino()),
            Err(_) => Identity::Path(path.to_path_buf()),
        }
    }
}

/// The puzzles below `dir`, sorted by name at each level; `seen` holds the
/// inputs already taken, so that each is taken once. Whether the walk met
/// any puzzle, taken before or not, or an entry it could not read.
fn walk(dir: &Path, seen: &mut HashSet<Identity>, inputs: &mut Vec<Input>) -> bool {
    let mut met = false;
    let walker = ignore::WalkBuilder::new(dir)
        .hidden(true)
        .git_ignore(true)
        .ignore(true)
        .git_exclude(false)
        .git_global(false)
        .require_git(false)
        .follow_links(true)
        .sort_by_file_name(|a, b| a.cmp(b))
        .build();
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            // A link back to a directory above: what is below it is walked already.
            Err(err) if is_loop(&err) => continue,
            Err(err) => {
                let path = error_path(&err);
                // A link to nothing that is no puzzle (`notes.txt -> gone`)
                // hides no puzzle: none of the run's business.
                let is_link = |path: &Path| std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
                if path.is_some_and(|path| !is_puzzle(path) && is_link(path)) {
                    continue;
                }
                let (shown, message) = match (path, io_error(&err)) {
                    (Some(path), Some(io)) => {
                        let io = system_words(io);
                        let linked = std::fs::read_link(path)
                            .map(|target| format!(" (a symbolic link to `{}`)", target.display()))
                            .unwrap_or_default();
                        (path.display().to_string(), format!("cannot read `{}`{linked}: {io}", path.display()))
                    }
                    _ => (dir.display().to_string(), format!("cannot read below `{}`: {err}", dir.display())),
                };
                met = true;
                // Told once, however many times it is walked.
                if seen.insert(Identity::Path(PathBuf::from(&shown))) {
                    inputs.push(Input::Nothing(shown, message));
                }
                continue;
            }
        };
        let path = entry.path();
        // Only regular files: the type is the target's, links being followed.
        if !is_puzzle(path) || !entry.file_type().is_some_and(|kind| kind.is_file()) {
            continue;
        }
        met = true;
        if seen.insert(Identity::of(path)) {
            inputs.push(Input::File(path.to_path_buf()));
        }
    }
    met
}

fn is_puzzle(path: &Path) -> bool {
    path.extension().is_some_and(|ext| ext == "puzzle")
}

/// The operating system's error under an error of the walk, if it is one.
fn io_error(err: &ignore::Error) -> Option<&std::io::Error> {
    match err {
        ignore::Error::Io(io) => Some(io),
        ignore::Error::WithPath { err, .. }
        | ignore::Error::WithDepth { err, .. }
        | ignore::Error::WithLineNumber { err, .. } => io_error(err),
        _ => None,
    }
}

/// The system's own words for `io` (`No such file or directory (os error
/// 2)`), without the walk's "IO error for operation on" and the path again.
fn system_words(io: &std::io::Error) -> String {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(io);
    while let Some(err) = cause {
        let as_io = err.downcast_ref::<std::io::Error>();
        if let Some(code) = as_io.and_then(std::io::Error::raw_os_error) {
            return std::io::Error::from_raw_os_error(code).to_string();
        }
        cause = match as_io.and_then(std::io::Error::get_ref) {
            Some(inner) => Some(inner),
            None => err.source(),
        };
    }
    io.to_string()
}

/// Whether an error of the walk is a symbolic link into a loop.
fn is_loop(err: &ignore::Error) -> bool {
    match err {
        ignore::Error::Loop { .. } => true,
        ignore::Error::WithPath { err, .. }
        | ignore::Error::WithDepth { err, .. }
        | ignore::Error::WithLineNumber { err, .. } => is_loop(err),
        _ => false,
    }
}

/// The path an error of the walk is about, if it says.
fn error_path(err: &ignore::Error) -> Option<&Path> {
    match err {
        ignore::Error::WithPath { path, .. } => Some(path),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => error_path(err),
        _ => None,
    }
}
