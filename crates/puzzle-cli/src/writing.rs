//! How `fmt` and `--bless` write a file: as a rename would leave it but
//! for its text (its permissions, owner, extended attributes and other names
//! kept), never a named pipe or device, never a file read-only to the user,
//! never one that changed since it was read, and never cut by a signal.
//! Pictures of `--svg` are written the same way.

use std::path::Path;

use crate::report::{read_capped_from, ReadError};
use crate::signals;

/// Replaces the file `path` points to with `text`: written to a temporary
/// file of an unpredictable name, created exclusively (`O_EXCL`) beside the
/// target (a symbolic link is written through: the link stays), given the
/// target's permissions, owner and extended attributes (an access control
/// list, a security label), then renamed over it. On any error the
/// temporary file is removed.
///
/// What a rename would change beyond the text is not done that way:
/// - only a regular file is replaced: a named pipe or a device named on the
///   command line is read, but never swapped for a file;
/// - a file the user may not write is left as it is, though its directory
///   would let a rename replace it;
/// - a file with other names (hard links), or whose owner or extended
///   attributes the temporary file cannot be given (a file of another user
///   the group may write), is written in place, not atomically, so that
///   every name, the owner and the attributes stay; so is a file the user
///   may write in a directory they may not add to.
///
/// A signal that comes meanwhile takes effect after it: no temporary file is
/// left behind, and no file is left half written.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    signals::whole(|| replace(path, &regular_file(path)?, text))
}

/// Replaces `read`, the text read from the file at `path`, with `text`, as
/// [`write_atomically`] does, unless the file no longer holds `read`: one
/// changed meanwhile (edited while `--bless` searched for minutes) is left
/// as it is, its change kept.
pub fn rewrite(path: &Path, read: &str, text: &str) -> std::io::Result<()> {
    signals::whole(|| {
        // Never opened for reading when it is a named pipe: that would wait
        // for a writer.
        let metadata = regular_file(path)?;
        let now = read_capped_from(std::fs::File::open(path)?).map_err(|err| match err {
            ReadError::Io(err) => err,
            ReadError::TooLarge => changed(),
        })?;
        if now != read.as_bytes() {
            return Err(changed());
        }
        replace(path, &metadata, text)
    })
}

/// Why [`rewrite`] left a file as it is.
fn changed() -> std::io::Error {
    std::io::Error::other("it changed since it was read, and is left as it is (run again to write it)")
}

/// [`write_atomically`] of the regular file at `path`, whose `metadata` is
/// given; a signal may cut it.
fn replace(path: &Path, metadata: &std::fs::Metadata, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::MetadataExt;
    let target = std::fs::canonicalize(path)?;
    let may_write = |path: &Path| {
        rustix::fs::accessat(rustix::fs::CWD, path, rustix::fs::Access::WRITE_OK, rustix::fs::AtFlags::EACCESS)
    };
    if let Err(err) = may_write(&target) {
        let err = std::io::Error::from(err);
        return Err(match err.kind() {
            std::io::ErrorKind::PermissionDenied => {
                std::io::Error::new(err.kind(), "it is read-only to you, and is left as it is")
            }
            _ => err,
        });
    }
    let dir = target.parent().unwrap_or(Path::new("."));
    if metadata.nlink() > 1 || may_write(dir).is_err() {
        return write_in_place(&target, text);
    }
    let mut temporary = tempfile::Builder::new().prefix(".puzzle-").tempfile_in(dir).map_err(|err| {
        // tempfile ends its message with its random file's name; the user
        // knows the directory.
        let text = err.to_string();
        let cause = text.rsplit_once(" at path ").map_or(text.as_str(), |(cause, _)| cause);
        let message = format!("cannot create a file in `{}` to write the new text to: {cause}", dir.display());
        std::io::Error::new(err.kind(), message)
    })?;
    let owned = std::os::unix::fs::fchown(temporary.as_file(), Some(metadata.uid()), Some(metadata.gid()));
    if owned.is_err() || give_extended_attributes(&target, temporary.as_file()).is_err() {
        drop(temporary);
        return write_in_place(&target, text);
    }
    // The file itself: tempfile's writer names its random file in an error.
    temporary.as_file_mut().write_all(text.as_bytes())?;
    temporary.as_file().sync_all()?;
    temporary.as_file().set_permissions(metadata.permissions())?;
    temporary.persist(&target).map_err(|err| err.error)?;
    Ok(())
}

/// Gives `file`, new, the extended attributes of the file at `target`, and
/// only those: its access control list, its security label, a user's own
/// (`user.*`). A new file has none of them, or its directory's default
/// access list.
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
fn give_extended_attributes(target: &Path, file: &std::fs::File) -> rustix::io::Result<()> {
    use rustix::fs::{fgetxattr, flistxattr, fremovexattr, fsetxattr, getxattr, listxattr, XattrFlags};
    let wanted = match sized(|buffer| listxattr(target, buffer)) {
        Err(rustix::io::Errno::NOTSUP) => return Ok(()), // a file system that keeps none
        listed => listed?,
    };
    let wanted: Vec<&[u8]> = wanted.split(|&byte| byte == 0).filter(|name| !name.is_empty()).collect();
    let given = sized(|buffer| flistxattr(file, buffer))?;
    for name in given.split(|&byte| byte == 0).filter(|name| !name.is_empty() && !wanted.contains(name)) {
        fremovexattr(file, name)?;
    }
    for name in wanted {
        let value = sized(|buffer| getxattr(target, name, buffer))?;
        if sized(|buffer| fgetxattr(file, name, buffer)).is_ok_and(|given| given == value) {
            continue; // a security label the same as the directory gave
        }
        fsetxattr(file, name, &value, XattrFlags::empty())?;
    }
    Ok(())
}

/// Where rustix reads no extended attributes, a file keeps what a rename
/// gives it.
#[cfg(not(any(target_os = "linux", target_os = "android", target_vendor = "apple")))]
fn give_extended_attributes(_target: &Path, _file: &std::fs::File) -> rustix::io::Result<()> {
    Ok(())
}

/// The bytes `read` reads into a buffer: a list or a value of extended
/// attributes, read again if it grew meanwhile.
#[cfg(any(target_os = "linux", target_os = "android", target_vendor = "apple"))]
fn sized(read: impl Fn(&mut [u8]) -> rustix::io::Result<usize>) -> rustix::io::Result<Vec<u8>> {
    let mut buffer = vec![0; 256];
    loop {
        match read(&mut buffer) {
            Ok(length) => {
                buffer.truncate(length);
                return Ok(buffer);
            }
            // Attributes are at most 64 KiB on Linux; a list of them too.
            Err(rustix::io::Errno::RANGE) if buffer.len() < 1 << 20 => buffer.resize(buffer.len() * 4, 0),
            Err(err) => return Err(err),
        }
    }
}

/// The metadata of the file at `path`, if it is a regular file: a named pipe
/// or a device named on the command line is read, but never written.
fn regular_file(path: &Path) -> std::io::Result<std::fs::Metadata> {
    let metadata = std::fs::metadata(path)?;
    if !metadata.is_file() {
        let message = format!("it is {}, not a regular file, and is left as it is", not_a_file(metadata.file_type()));
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, message));
    }
    Ok(metadata)
}

/// Writes `text` over the file at `target` itself: its inode, names and
/// owner stay.
fn write_in_place(target: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut file = std::fs::OpenOptions::new().write(true).open(target)?;
    file.write_all(text.as_bytes())?;
    file.set_len(text.len() as u64)?;
    file.sync_all()
}

/// Writes `text` to a new file at `path`, never through a symbolic link
/// whose target does not exist (`O_EXCL`): that would create a file
/// wherever the link points, which `cp` refuses too. A file it could not
/// write whole is removed. A signal that comes meanwhile takes effect after
/// it.
pub fn write_new(path: &Path, text: &str) -> std::io::Result<()> {
    signals::whole(|| create(path, text))
}

/// [`write_new`], which a signal may cut.
fn create(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let opened = std::fs::OpenOptions::new().write(true).create_new(true).open(path);
    let mut file = opened.map_err(|err| match std::fs::read_link(path) {
        Ok(target) => {
            let message =
                format!("it is a symbolic link to `{}`, which does not exist, and is left as it is", target.display());
            std::io::Error::new(err.kind(), message)
        }
        Err(_) => err,
    })?;
    // Cut short (a full disk, a limit on a file's size), the part written
    // is no picture: it goes.
    file.write_all(text.as_bytes()).inspect_err(|_| {
        let _ = std::fs::remove_file(path);
    })
}

/// What to tell when `fmt` or `--bless` cannot write the file at `path`:
/// one that is no regular file is shown the way round it.
pub fn write_failure(path: &str, err: &std::io::Error) -> String {
    let way_round = match err.kind() {
        std::io::ErrorKind::InvalidInput => " (`-` reads standard input and prints the new text)",
        _ => "",
    };
    format!("cannot write `{path}`: {err}{way_round}")
}

/// Creates the directory `dir` and those above it that are missing; what
/// is there already in its place is named (`mkdir` says only "File
/// exists"), a symbolic link to nothing too.
pub fn create_directory(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir).map_err(|err| {
        if err.kind() != std::io::ErrorKind::AlreadyExists {
            return err;
        }
        let message = match (std::fs::metadata(dir), std::fs::read_link(dir)) {
            (Ok(metadata), _) => format!("it is {}, not a directory", not_a_file(metadata.file_type())),
            (Err(_), Ok(target)) => format!("it is a symbolic link to `{}`, which does not exist", target.display()),
            (Err(_), Err(_)) => return err,
        };
        std::io::Error::new(err.kind(), message)
    })
}

/// What a path that is not a regular file is, for a message.
fn not_a_file(kind: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a named pipe";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else if kind.is_file() {
        "a regular file"
    } else {
        "something else"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits;

    #[test]
    fn a_file_is_rewritten_only_while_it_holds_what_was_read() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("x.puzzle");
        std::fs::write(&file, "edited").unwrap();
        let err = rewrite(&file, "read", "written").unwrap_err();
        assert!(err.to_string().starts_with("it changed since it was read"), "{err}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "edited");
        // Grown past a puzzle's limit is changed too.
        std::fs::write(&file, "x".repeat(limits::MAX_FILE_BYTES + 1)).unwrap();
        assert!(rewrite(&file, "read", "written").unwrap_err().to_string().starts_with("it changed"));
        std::fs::write(&file, "read").unwrap();
        rewrite(&file, "read", "written").unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "written");
    }

    #[test]
    fn what_is_not_a_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let kind = |path: &Path| not_a_file(std::fs::metadata(path).unwrap().file_type());
        let fifo = dir.path().join("pipe");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let socket = dir.path().join("socket");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        assert_eq!(kind(&fifo), "a named pipe");
        assert_eq!(kind(&socket), "a socket");
        assert_eq!(kind(Path::new("/dev/null")), "a device");
        assert_eq!(kind(dir.path()), "a directory");
        let file = dir.path().join("file");
        std::fs::write(&file, "").unwrap();
        assert_eq!(kind(&file), "a regular file");
        // A directory to make where one of them is, or a link to one.
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&fifo, &link).unwrap();
        for (path, what) in [(&file, "a regular file"), (&fifo, "a named pipe"), (&link, "a named pipe")] {
            let told = create_directory(path).unwrap_err().to_string();
            assert_eq!(told, format!("it is {what}, not a directory"));
        }
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink("nowhere", &dangling).unwrap();
        let told = create_directory(&dangling).unwrap_err().to_string();
        assert_eq!(told, "it is a symbolic link to `nowhere`, which does not exist");
        // Its own directories and all above them, there or not.
        create_directory(&dir.path().join("a/b")).unwrap();
        create_directory(&dir.path().join("a/b")).unwrap();
        assert!(dir.path().join("a/b").is_dir());
    }
}
