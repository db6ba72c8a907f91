//! `puzzle lsp`: a language server on stdio. It publishes the errors and
//! warnings of a file (the very ones `puzzle check` reports, up to a
//! thousand and then their count) as the file is opened and changed, formats as `puzzle fmt` does, shows each query's answer
//! beside it (an inlay hint) and in full on hover, offers the answers as
//! `expect` lines and the "did you mean" words as quick fixes, completes
//! keywords, games, queries and moves, and tells every token's kind for
//! highlighting.
//!
//! Design decision: the main loop never searches. Diagnostics need only the
//! parse (milliseconds); the answers are searched on a thread of their own,
//! each under a budget, and a text that changes makes the search under way
//! stale: its answers are dropped when they arrive, and the newest text's
//! search is started at once; the stale one stops before its next query.
//! Until its answers arrive, a query's hint says "searching…".

mod features;
mod parameters;
mod position;
mod transport;

use std::collections::HashMap;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Mutex};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};

use crate::answer::{answer_while, Budget};
use crate::language::Game;
use crate::limits;
use crate::report::{process_text, FileReport, Solved};
use parameters::Reads;
use position::Encoding;

/// What a query's search may do for the editor, in cell-moves (boards
/// visited × cells a board): a tenth of a second or so, whatever the board's
/// size (20×20: 50,000 boards; 4×4: 1,250,000).
pub const BUDGET_CELLS: u64 = 20_000_000;

/// The share of `chance`'s default budget a hint may take: its default takes
/// some ten seconds, a hint a tenth or so (4×4: 20,000 boards).
const CHANCE_SHARE: u64 = 100;

/// How many moves the engine (`best-move` at a written depth, `play`) may
/// try on 4×4 for one board of the other searches: there a move costs a
/// sixteenth of what it costs on other sizes (the 64-bit word and its row
/// tables against the general board), where it costs about a board (a tenth
/// of a second is 20 million moves on 4×4, some 300,000 on 8×8).
const ENGINE_MOVES_ON_4X4: u64 = 16;

/// The boards a query's search may visit on a board of `cells` cells.
fn budget_for(cells: usize) -> u64 {
    (BUDGET_CELLS / cells.max(1) as u64).clamp(10_000, 2_000_000)
}

/// One open file: its text, and its answers once the search of that very
/// text has finished.
struct Document {
    text: String,
    /// Bumped on every change: answers of an older text are stale.
    generation: u64,
    answered: Option<Arc<FileReport>>,
}

/// What the server keeps: the open files, shared with the answering threads.
struct State {
    documents: Mutex<HashMap<String, Document>>,
    encoding: Encoding,
    /// Whether the client can be asked to show inlay hints again.
    refresh: bool,
    next_request: AtomicI32,
}

/// Runs the server on stdio until the client shuts it down: `Ok` after
/// `shutdown` then `exit`, an error saying why for any other end (an `exit`
/// without `shutdown`, stdin ended, stdout failed, a message no JSON-RPC).
pub fn serve() -> anyhow::Result<()> {
    let (connection, transport) = transport::stdio()
        .map_err(|err| anyhow::anyhow!("cannot start the threads that read and write the editor's messages: {err}"))?;
    let ended = session(&connection);
    drop(connection);
    // A failed transport says more than the end of the session it made.
    let failure = match ended {
        // The threads end once the connection is dropped: the reader at
        // `exit` or stdin's end, the writer having written all.
        Ok(_) => transport.join().err(),
        // A send failed, the writer having ended: the reader may wait on
        // stdin for ever, and the process ends without waiting for it.
        Err(_) => transport.failure(),
    };
    if let Some(failure) = failure {
        return Err(failure.into());
    }
    match ended? {
        Some(why) => anyhow::bail!(why),
        None => Ok(()),
    }
}

/// A session ended by `exit` alone (status 1, as the protocol says).
const EXIT_UNSHUT: &str = "`exit` came before `shutdown`";
/// A session ended by the editor gone, its end of stdin closed.
const CLOSED: &str = "the editor closed the connection before `shutdown` and `exit`";

/// The session, in the protocol's three stages: 1. before `initialize`,
/// 2. at work, 3. shut down, waiting for `exit`. `None` once it ends by
/// `shutdown` then `exit`, else what ended it.
fn session(connection: &Connection) -> anyhow::Result<Option<&'static str>> {
    // 1. `initialize` first. Not lsp-server's `initialize_start`, which
    // panics when it answers a request before it and the editor has stopped
    // reading.
    let (id, params) = loop {
        match connection.receiver.recv() {
            Err(_) => return Ok(Some(CLOSED)),
            Ok(Message::Request(request)) if request.method == "initialize" => break (request.id, request.params),
            Ok(Message::Request(request)) => {
                refuse(connection, request, ErrorCode::ServerNotInitialized, "before `initialize`")?
            }
            Ok(Message::Notification(notification)) if notification.method == "exit" => return Ok(Some(EXIT_UNSHUT)),
            Ok(Message::Notification(_) | Message::Response(_)) => {}
        }
    };
    let capabilities = &params["capabilities"];
    let encoding = Encoding::negotiate(capabilities);
    let refresh = capabilities["workspace"]["inlayHint"]["refreshSupport"].as_bool().unwrap_or(false);
    connection.sender.send(Message::Response(Response::new_ok(id, initialize_result(encoding))))?;
    let state =
        Arc::new(State { documents: Mutex::new(HashMap::new()), encoding, refresh, next_request: AtomicI32::new(1) });
    // 2. Every message until `shutdown` (`initialized` is one the server
    // has nothing to do for).
    loop {
        let Ok(message) = connection.receiver.recv() else { return Ok(Some(CLOSED)) };
        match message {
            Message::Request(request) if request.method == "shutdown" => {
                connection.sender.send(Message::Response(Response::new_ok(request.id, Value::Null)))?;
                break;
            }
            // The protocol allows it once.
            Message::Request(request) if request.method == "initialize" => {
                refuse(connection, request, ErrorCode::InvalidRequest, "a second time")?
            }
            Message::Request(request) => {
                let response = answer_request(&state, &request);
                connection.sender.send(Message::Response(response))?;
            }
            Message::Notification(notification) if notification.method == "exit" => return Ok(Some(EXIT_UNSHUT)),
            Message::Notification(notification) => on_notification(&state, connection, notification)?,
            Message::Response(_) => {}
        }
    }
    // 3. Shut down: `exit`, and a request meanwhile is an invalid one (the
    // protocol's rule; lsp-server's `handle_shutdown` ends the server there).
    loop {
        let Ok(message) = connection.receiver.recv() else { return Ok(Some(CLOSED)) };
        match message {
            Message::Notification(notification) if notification.method == "exit" => return Ok(None),
            Message::Request(request) => refuse(connection, request, ErrorCode::InvalidRequest, "after `shutdown`")?,
            Message::Notification(_) | Message::Response(_) => {}
        }
    }
}

/// Answers `request` with the error `code`: it came `when` (before
/// `initialize`, after `shutdown`).
fn refuse(connection: &Connection, request: Request, code: ErrorCode, when: &str) -> anyhow::Result<()> {
    let message = format!("`{}` {when}", request.method);
    connection.sender.send(Message::Response(Response::new_err(request.id, code as i32, message)))?;
    Ok(())
}

fn initialize_result(encoding: Encoding) -> Value {
    json!({
        "capabilities": {
            "positionEncoding": encoding.name(),
            "textDocumentSync": 1,
            "documentFormattingProvider": true,
            "hoverProvider": true,
            "inlayHintProvider": true,
            "codeActionProvider": { "codeActionKinds": ["quickfix"] },
            "completionProvider": { "triggerCharacters": [" "] },
            "semanticTokensProvider": {
                "legend": { "tokenTypes": features::TOKEN_TYPES, "tokenModifiers": [] },
                "full": true,
            },
        },
        "serverInfo": { "name": "puzzle", "version": env!("CARGO_PKG_VERSION") },
    })
}

fn on_notification(state: &Arc<State>, connection: &Connection, notification: Notification) -> anyhow::Result<()> {
    let params = &notification.params;
    let uri = params["textDocument"]["uri"].as_str().unwrap_or_default().to_string();
    let text = match notification.method.as_str() {
        "textDocument/didOpen" => params["textDocument"]["text"].as_str().map(str::to_string),
        // Full synchronisation: the last change is the whole text.
        "textDocument/didChange" => params["contentChanges"]
            .as_array()
            .and_then(|c| c.last())
            .and_then(|c| c["text"].as_str())
            .map(str::to_string),
        "textDocument/didClose" => {
            state.documents.lock().expect("no panic holding the documents").remove(&uri);
            let cleared = json!({ "uri": uri, "diagnostics": [] });
            connection.sender.send(notify("textDocument/publishDiagnostics", cleared))?;
            return Ok(());
        }
        _ => None,
    };
    let Some(text) = text else { return Ok(()) };
    let generation = {
        let mut documents = state.documents.lock().expect("no panic holding the documents");
        let document =
            documents.entry(uri.clone()).or_insert(Document { text: String::new(), generation: 0, answered: None });
        document.text = text.clone();
        document.generation += 1;
        document.answered = None;
        document.generation
    };
    // The errors first, from the parse alone: at once, whatever the searches.
    let checked = process_text(uri.clone(), text.clone(), Budget::default(), false, &mut |_| {});
    let diagnostics = features::diagnostics(&checked, &uri, state.encoding);
    connection
        .sender
        .send(notify("textDocument/publishDiagnostics", json!({ "uri": uri, "diagnostics": diagnostics })))?;
    if checked.outcome.is_ok() {
        answer_in_the_background(state, connection, uri, text, generation);
    }
    Ok(())
}

/// Searches the answers of `text` on a thread; keeps them if the document
/// is still at `generation` when they arrive, and asks the client to show
/// the hints again.
fn answer_in_the_background(state: &Arc<State>, connection: &Connection, uri: String, text: String, generation: u64) {
    let (state, sender) = (Arc::clone(state), connection.sender.clone());
    // A thread the system refuses (a limit on threads or memory) leaves the
    // file without answers, its diagnostics shown all the same.
    let _ = std::thread::Builder::new().stack_size(limits::THREAD_STACK).spawn(move || {
        let Ok(puzzle) = crate::language::parse(&text) else { return };
        let (height, width) = puzzle.game.size();
        let cells = height * width;
        let engine_on_4x4 = matches!(puzzle.game, Game::Spawns { .. }) && (height, width) == (4, 4);
        let budget = Budget {
            nodes: Some(budget_for(cells) * if engine_on_4x4 { ENGINE_MOVES_ON_4X4 } else { 1 }),
            threads: 1,
            chance_boards: Some(limits::default_chance_boards(cells) / CHANCE_SHARE),
        };
        // A change of the text cancels the search between queries (each is
        // bounded by its budget): stale answers are not worth finishing.
        let current = || {
            let documents = state.documents.lock().expect("no panic holding the documents");
            documents.get(&uri).is_some_and(|document| document.generation == generation)
        };
        let answered = answer_while(&puzzle, budget, true, &current);
        // The editor's text is the source, a byte order mark and all.
        let solved = Solved { name: puzzle.name, answered, warnings: puzzle.warnings, byte_order_mark: false };
        let report = Arc::new(FileReport { path: uri.clone(), source: text, outcome: Ok(solved) });
        let mut documents = state.documents.lock().expect("no panic holding the documents");
        let Some(document) = documents.get_mut(&uri) else { return };
        if document.generation != generation {
            return; // the text changed meanwhile: these answers are stale
        }
        document.answered = Some(report);
        drop(documents);
        if state.refresh {
            let id = state.next_request.fetch_add(1, Ordering::Relaxed);
            let request = Request::new(RequestId::from(id), "workspace/inlayHint/refresh".into(), json!(null));
            let _ = sender.send(Message::Request(request));
        }
    });
}

fn notify(method: &str, params: Value) -> Message {
    Message::Notification(Notification::new(method.to_string(), params))
}

/// A request the server serves.
#[derive(Clone, Copy)]
enum Served {
    Formatting,
    InlayHints,
    Hover,
    CodeActions,
    Completion,
    SemanticTokens,
}

impl Served {
    fn of(method: &str) -> Option<Served> {
        Some(match method {
            "textDocument/formatting" => Served::Formatting,
            "textDocument/inlayHint" => Served::InlayHints,
            "textDocument/hover" => Served::Hover,
            "textDocument/codeAction" => Served::CodeActions,
            "textDocument/completion" => Served::Completion,
            "textDocument/semanticTokens/full" => Served::SemanticTokens,
            _ => return None,
        })
    }

    /// What it reads of its parameters besides the document.
    fn reads(self) -> Reads {
        match self {
            Served::Formatting | Served::InlayHints | Served::SemanticTokens => Reads::Document,
            Served::Hover | Served::Completion => Reads::Position,
            Served::CodeActions => Reads::Range,
        }
    }
}

/// Answers a request: MethodNotFound for a method not served, whatever
/// its parameters; InvalidParams for parameters that lack what the method
/// reads; `null` for a file never opened; else the feature's answer.
fn answer_request(state: &State, request: &Request) -> Response {
    let (id, method, params) = (request.id.clone(), request.method.as_str(), &request.params);
    let Some(served) = Served::of(method) else {
        return Response::new_err(id, ErrorCode::MethodNotFound as i32, format!("`{method}` is not served"));
    };
    if let Some(amiss) = parameters::amiss(params, served.reads()) {
        return Response::new_err(id, ErrorCode::InvalidParams as i32, format!("`{method}` {amiss}"));
    }
    let uri = params["textDocument"]["uri"].as_str().unwrap_or_default();
    let documents = state.documents.lock().expect("no panic holding the documents");
    let Some(document) = documents.get(uri) else { return Response::new_ok(id, Value::Null) };
    let (text, answered, encoding) = (&document.text, document.answered.as_deref(), state.encoding);
    let result = match served {
        Served::Formatting => features::formatting(text, encoding),
        Served::InlayHints => features::inlay_hints(text, answered, encoding),
        Served::Hover => features::hover(text, answered, &params["position"], encoding),
        Served::CodeActions => features::code_actions(text, answered, uri, &params["range"], encoding),
        Served::Completion => features::completion(text, &params["position"], encoding),
        Served::SemanticTokens => features::semantic_tokens(text, encoding),
    };
    Response::new_ok(id, result)
}

/// Every request the server answers, on `text` with the cursor at byte
/// `at` (its character's start) and a range from there to the end, in both
/// encodings, without answers (a search's are tested on their own): what
/// the `lsp` fuzz target runs on any text, and the tests on every text an
/// author passes through. Nothing is returned: none of it may panic.
#[cfg(any(test, fuzzing))]
pub fn every_request(text: &str, at: usize) {
    let at = crate::diagnostic::floor_char_boundary(text, at.min(text.len()));
    let checked = process_text("file:///x".into(), text.to_string(), Budget::default(), false, &mut |_| {});
    for encoding in [Encoding::Utf8, Encoding::Utf16] {
        let positions = position::Positions::new(text, encoding);
        let (cursor, end) = (positions.position(at), positions.position(text.len()));
        let range = json!({ "start": cursor, "end": end });
        features::diagnostics(&checked, "file:///x", encoding);
        features::semantic_tokens(text, encoding);
        features::completion(text, &cursor, encoding);
        features::inlay_hints(text, None, encoding);
        features::hover(text, None, &cursor, encoding);
        features::code_actions(text, None, "file:///x", &range, encoding);
        features::formatting(text, encoding);
    }
}

#[cfg(test)]
mod tests {
    /// Every text met typing a file with what trips positions (a name of
    /// Hangul, a tab, `\r\n` and a lone `\r`, a `#` and escaped quotes in a
    /// name, a comment after a row), and deleting each of its characters,
    /// with the cursor where the keystroke was: the server never panics on
    /// a keystroke's text. (The `lsp` fuzz target runs any text.)
    #[test]
    fn every_request_takes_every_text_met_on_the_way_to_a_file() {
        let file = "name \"정사각형 #1 \\\"x\\\"\" # 게임\r\ngame 2048\rspawns classic\n\nboard {\n\t2 2 . . # 행\n  . 4 . .\n  . . . .\n  . . . 8\n}\nquery best-move depth 2\nexpect L\nquery play 2 games seed 3 until 16\nexpect 8 in 50%\n";
        let boundaries: Vec<usize> = file.char_indices().map(|(i, _)| i).chain([file.len()]).collect();
        for &end in &boundaries {
            super::every_request(&file[..end], end);
        }
        for pair in boundaries.windows(2) {
            super::every_request(&format!("{}{}", &file[..pair[0]], &file[pair[1]..]), pair[0]);
        }
    }
}
