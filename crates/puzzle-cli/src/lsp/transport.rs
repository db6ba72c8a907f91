//! The server's messages on stdin and stdout, as `lsp_server`'s own stdio
//! transport carries them, with a limit its reader lacks: it allocates
//! whatever length a header claims before reading a byte of the body, so
//! `Content-Length: 99999999999` aborted the server, and a header line
//! without an end grew without bound. Here a header line is at most
//! [`MAX_HEADER_LINE`] bytes, and a body past [`MAX_MESSAGE_BYTES`] is skipped
//! unread (told on stderr), the server going on with the next message. The
//! limit is far above any file's: a file past a puzzle's limit still reaches
//! the server, which tells the editor so.

use std::io::{self, BufRead, Read};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};

use lsp_server::{Connection, Message};

use crate::limits;

/// The longest message taken: 256 times a puzzle's limit, so that a file
/// far past it is still read and told to be too large.
pub const MAX_MESSAGE_BYTES: u64 = 256 * limits::MAX_FILE_BYTES as u64;

/// The longest header line taken (`Content-Length: 12345\r\n` is 23 bytes).
pub const MAX_HEADER_LINE: u64 = 1024;

/// The threads that read stdin and write stdout, and the first error of
/// either.
pub struct Transport {
    threads: Vec<JoinHandle<()>>,
    failure: Arc<Mutex<Option<io::Error>>>,
}

impl Transport {
    /// The first error of either thread (a message no JSON-RPC, a failed
    /// write), without waiting for them. A thread tells its error before it
    /// lets go of its end of the connection, so an end of the connection
    /// that a failure made finds the failure here.
    pub fn failure(&self) -> Option<io::Error> {
        self.failure.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take()
    }

    /// Waits for both threads, then gives their first error: the reader ends
    /// at the `exit` notification or the end of stdin, the writer once the
    /// connection is dropped.
    pub fn join(mut self) -> io::Result<()> {
        for thread in std::mem::take(&mut self.threads) {
            if thread.join().is_err() {
                record(&self.failure, "the server", Err(io::Error::other("a transport thread panicked")));
            }
        }
        self.failure().map_or(Ok(()), Err)
    }
}

/// Keeps `result`'s error, saying which `side` failed, unless one is kept.
fn record(failure: &Mutex<Option<io::Error>>, side: &str, result: io::Result<()>) {
    if let Err(err) = result {
        let mut failure = failure.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        failure.get_or_insert_with(|| io::Error::new(err.kind(), format!("{side}: {err}")));
    }
}

/// A connection over stdin and stdout, or why its threads could not start.
pub fn stdio() -> io::Result<(Connection, Transport)> {
    let (server, client) = Connection::memory();
    let Connection { sender: to_server, receiver: from_server } = client;
    let failure = Arc::new(Mutex::new(None));
    let writer_failure = Arc::clone(&failure);
    let writer = thread::Builder::new().name("lsp-writer".into()).spawn(move || {
        let mut stdout = io::stdout().lock();
        let written = from_server.iter().try_for_each(|message| message.write(&mut stdout));
        record(&writer_failure, "cannot write to the editor", written);
        drop(from_server); // only now may the server find the editor gone
    })?;
    let reader_failure = Arc::clone(&failure);
    let reader = thread::Builder::new().name("lsp-reader".into()).spawn(move || {
        let forwarded = forward(&mut io::stdin().lock(), |message| to_server.send(message).is_ok());
        record(&reader_failure, "cannot read the editor's messages", forwarded);
        drop(to_server); // only now may the server find the editor gone
    })?;
    Ok((server, Transport { threads: vec![reader, writer], failure }))
}

/// Passes the messages of `input` to the server (`to_server`: false once it
/// is gone), up to the `exit` notification or the end of `input`.
fn forward(input: &mut impl BufRead, mut to_server: impl FnMut(Message) -> bool) -> io::Result<()> {
    let mut skipped = |length| {
        crate::output::stderr(&format!(
            "error: a message of {length} bytes is past the limit of {MAX_MESSAGE_BYTES}: skipped\n"
        ));
    };
    while let Some(message) = read(input, MAX_MESSAGE_BYTES, &mut skipped)? {
        let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
        if !to_server(message) || exit {
            break;
        }
    }
    Ok(())
}

/// The next message of `input` within the limits (`None` at its end); a body
/// past `max_bytes` is read past and told to `skipped`, which hears its
/// length. The header, once read within its limit, and the body are parsed
/// by `lsp_server`, whose errors are kept.
pub fn read(input: &mut impl BufRead, max_bytes: u64, skipped: &mut dyn FnMut(u64)) -> io::Result<Option<Message>> {
    loop {
        let mut header = Vec::new();
        let mut length = None;
        loop {
            let start = header.len();
            if input.by_ref().take(MAX_HEADER_LINE).read_until(b'\n', &mut header)? == 0 {
                return Ok(None);
            }
            let line = &header[start..];
            if !line.ends_with(b"\r\n") {
                // Malformed: `lsp_server` says how.
                return Message::read(&mut io::Cursor::new(header));
            }
            if line == b"\r\n" {
                break;
            }
            let text = String::from_utf8_lossy(&line[..line.len() - 2]);
            if let Some((name, value)) = text.split_once(": ") {
                if name.eq_ignore_ascii_case("Content-Length") {
                    length = value.parse::<u64>().ok();
                }
            }
        }
        match length {
            Some(length) if length > max_bytes => {
                io::copy(&mut input.by_ref().take(length), &mut io::sink())?;
                skipped(length);
            }
            Some(length) => {
                let start = header.len();
                header.resize(start + length as usize, 0);
                input.read_exact(&mut header[start..])?;
                return Message::read(&mut io::Cursor::new(header));
            }
            // No length, or one that is no number: `lsp_server` says so.
            None => return Message::read(&mut io::Cursor::new(header)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn framed(body: &str) -> Vec<u8> {
        format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
    }

    #[test]
    fn a_message_past_the_limit_is_skipped_and_the_next_one_read() {
        let exit = r#"{"jsonrpc":"2.0","method":"exit"}"#;
        let huge = 1001;
        let mut input = format!("Content-Length: {huge}\r\n\r\n").into_bytes();
        input.extend(std::iter::repeat_n(b' ', huge as usize));
        input.extend(framed(exit));
        let mut told = Vec::new();
        let message = read(&mut io::Cursor::new(input), 1000, &mut |length| told.push(length)).unwrap();
        assert!(matches!(message, Some(Message::Notification(n)) if n.method == "exit"));
        assert_eq!(told, [huge]);
    }

    #[test]
    fn a_message_of_exactly_the_limit_is_read() {
        let exit = r#"{"jsonrpc":"2.0","method":"exit"}"#;
        let limit = exit.len() as u64;
        let message = read(&mut io::Cursor::new(framed(exit)), limit, &mut |_| panic!("nothing skipped")).unwrap();
        assert!(matches!(message, Some(Message::Notification(n)) if n.method == "exit"));
    }

    #[test]
    fn a_length_past_memory_is_no_allocation() {
        // What aborted the server: the body is never there.
        let input = b"Content-Length: 99999999999\r\n\r\n{}".to_vec();
        let mut told = Vec::new();
        assert!(read(&mut io::Cursor::new(input), MAX_MESSAGE_BYTES, &mut |length| told.push(length))
            .unwrap()
            .is_none());
        assert_eq!(told, [99_999_999_999]);
    }

    #[test]
    fn a_header_line_without_an_end_is_an_error_not_a_growing_buffer() {
        let input = vec![b'a'; 10 * MAX_HEADER_LINE as usize];
        let read_all = |input: &[u8]| read(&mut io::Cursor::new(input.to_vec()), MAX_MESSAGE_BYTES, &mut |_| {});
        assert!(read_all(&input).is_err());
        assert!(read_all(b"garbage\r\n\r\n").is_err(), "no length");
        assert!(read_all(b"Content-Length: x\r\n\r\n").is_err());
    }

    #[test]
    fn messages_within_the_limits_read_as_lsp_server_reads_them() {
        let request = r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#;
        let mut input = framed(request);
        input.extend(b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".iter());
        input.extend(framed(request));
        let mut cursor = io::Cursor::new(input.clone());
        let mut ours = Vec::new();
        while let Some(message) = read(&mut cursor, MAX_MESSAGE_BYTES, &mut |_| panic!("nothing skipped")).unwrap() {
            ours.push(format!("{message:?}"));
        }
        let mut cursor = io::Cursor::new(input);
        let mut theirs = Vec::new();
        while let Some(message) = Message::read(&mut cursor).unwrap() {
            theirs.push(format!("{message:?}"));
        }
        assert_eq!((ours.len(), &ours), (2, &theirs));
    }
}
