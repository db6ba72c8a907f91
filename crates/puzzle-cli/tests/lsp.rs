//! `puzzle lsp` driven over JSON-RPC, as an editor drives it: initialize,
//! open, change, diagnostics, formatting, hover, inlay hints, code actions,
//! completion, semantic tokens, shutdown.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

struct Server {
    child: Child,
    input: ChildStdin,
    /// The server's messages, read on a thread: a message that never comes
    /// fails the test in [`Server::PATIENCE`] instead of hanging it.
    messages: Receiver<Value>,
    next_id: i64,
}

/// `puzzle lsp`, its stdin and stdout piped.
fn spawn_server(stderr: Stdio) -> Child {
    spawn_server_writing_to(Stdio::piped(), stderr)
}

/// `puzzle lsp`, its stdin piped, its stdout and stderr where given.
fn spawn_server_writing_to(stdout: Stdio, stderr: Stdio) -> Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_puzzle"));
    command.arg("lsp").stdin(Stdio::piped()).stdout(stdout).stderr(stderr).spawn().unwrap()
}

impl Server {
    /// How long a message may take: every request is answered at once,
    /// searches or not, so only a server that dropped one waits this long.
    const PATIENCE: Duration = Duration::from_secs(20);

    /// `child`'s connection, not yet initialized.
    fn connect(mut child: Child) -> Server {
        let input = child.stdin.take().unwrap();
        let mut output = BufReader::new(child.stdout.take().unwrap());
        let (sender, messages) = mpsc::channel();
        std::thread::spawn(move || {
            while let Some(message) = read_message(&mut output) {
                if sender.send(message).is_err() {
                    return;
                }
            }
        });
        Server { child, input, messages, next_id: 1 }
    }

    fn start(encodings: &[&str]) -> Server {
        let mut server = Server::connect(spawn_server(Stdio::null()));
        let capabilities = json!({ "general": { "positionEncodings": encodings } });
        let result = server.request("initialize", json!({ "capabilities": capabilities }));
        assert!(result["capabilities"]["inlayHintProvider"].as_bool().unwrap());
        // UTF-8 when the client offers it, else the protocol's UTF-16.
        let encoding = if encodings.contains(&"utf-8") { "utf-8" } else { "utf-16" };
        assert_eq!(result["capabilities"]["positionEncoding"], encoding);
        server.notify("initialized", json!({}));
        server
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.input, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.input.flush().unwrap();
    }

    fn receive(&mut self) -> Value {
        match self.messages.recv_timeout(Self::PATIENCE) {
            Ok(message) => message,
            Err(RecvTimeoutError::Timeout) => panic!("no message from the server in {:?}", Self::PATIENCE),
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed its output"),
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and returns its result, passing over what the server
    /// sends meanwhile.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.respond(method, params)["result"].clone()
    }

    /// The whole response to a request: its `result` or its `error`.
    fn respond(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let message = self.receive();
            if message["id"] == id && message.get("method").is_none() {
                return message;
            }
        }
    }

    /// The next diagnostics the server publishes.
    fn diagnostics(&mut self) -> Vec<Value> {
        loop {
            let message = self.receive();
            if message["method"] == "textDocument/publishDiagnostics" {
                return message["params"]["diagnostics"].as_array().unwrap().clone();
            }
        }
    }

    fn open(&mut self, text: &str) -> Vec<Value> {
        let document = json!({ "uri": URI, "languageId": "puzzle", "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": document }));
        self.diagnostics()
    }

    fn change(&mut self, text: &str, version: i64) -> Vec<Value> {
        let document = json!({ "uri": URI, "version": version });
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": document, "contentChanges": [{ "text": text }] }),
        );
        self.diagnostics()
    }

    fn on_document(&mut self, method: &str, mut params: Value) -> Value {
        params["textDocument"] = json!({ "uri": URI });
        self.request(method, params)
    }

    /// The inlay hints once the answers are in (they say "searching…" until then).
    fn answered_hints(&mut self) -> Vec<Value> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let range = json!({ "start": { "line": 0, "character": 0 }, "end": { "line": 99, "character": 0 } });
            let hints = self.on_document("textDocument/inlayHint", json!({ "range": range }));
            let hints = hints.as_array().unwrap().clone();
            if !hints.iter().any(|hint| hint["label"].as_str().unwrap().contains("searching")) {
                return hints;
            }
            assert!(Instant::now() < deadline, "the answers never came");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn stop(mut self) {
        assert_eq!(self.request("shutdown", json!(null)), Value::Null);
        self.notify("exit", json!(null));
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }

    /// The first quick fix offered on `line`: its title, the range it
    /// replaces (as `(line, from, to)`) and its text.
    fn first_fix(&mut self, line: u64) -> (String, (u64, u64, u64), String) {
        let range = json!({ "start": at(line, 0), "end": at(line, 30) });
        let actions =
            self.on_document("textDocument/codeAction", json!({ "range": range, "context": { "diagnostics": [] } }));
        let action = &actions[0];
        let change = &action["edit"]["changes"][URI][0];
        let (start, end) = (&change["range"]["start"], &change["range"]["end"]);
        assert_eq!(start["line"], end["line"], "{change}");
        let place = |at: &Value| at["character"].as_u64().unwrap();
        let range = (start["line"].as_u64().unwrap(), place(start), place(end));
        (action["title"].as_str().unwrap().into(), range, change["newText"].as_str().unwrap().into())
    }
}

/// The next message the server writes, or `None` at the end of its output.
fn read_message(output: &mut impl BufRead) -> Option<Value> {
    let mut length = 0;
    loop {
        let mut line = String::new();
        if output.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if line.trim().is_empty() {
            break;
        }
        if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = value.trim().parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    output.read_exact(&mut body).ok()?;
    Some(serde_json::from_slice(&body).unwrap())
}

const URI: &str = "file:///tmp/editor.puzzle";

fn at(line: u64, character: u64) -> Value {
    json!({ "line": line, "character": character })
}

#[test]
fn an_editor_session() {
    let mut server = Server::start(&["utf-16"]);

    // Korean text and an emoji before the error: UTF-16 columns.
    let diagnostics = server.open("name \"블록 😀\" extra\ngame 2048\n");
    assert_eq!(diagnostics[0]["message"], "expected the end of the line, found `extra`");
    assert_eq!(diagnostics[0]["range"]["start"], at(0, 13));
    assert_eq!(diagnostics[0]["range"]["end"], at(0, 18));
    assert!(diagnostics[0]["relatedInformation"][0]["message"].as_str().unwrap().starts_with("help: "));

    // Every error at once, and the did-you-mean as a quick fix.
    let diagnostics = server.change("gmae 2048\nboard {\n  2 3\n}\nquery max-tile within 1\n", 2);
    assert_eq!(diagnostics.len(), 2, "{diagnostics:?}");
    let range = json!({ "start": at(0, 0), "end": at(0, 4) });
    let actions =
        server.on_document("textDocument/codeAction", json!({ "range": range, "context": { "diagnostics": [] } }));
    let fix = &actions.as_array().unwrap()[0];
    assert_eq!(fix["title"], "Replace with `game`");
    assert_eq!(fix["edit"]["changes"][URI][0]["newText"], "game");

    // A valid file: answers beside the queries, in full on hover.
    let text = "game   2048\nboard {\n  2 2 4\n  . 4 .\n}\nquery max-tile within 3\nquery reach 8 within 2\nexpect 5\n";
    let diagnostics = server.change(text, 3);
    assert_eq!(diagnostics.len(), 1, "a warning: {diagnostics:?}");
    assert_eq!(diagnostics[0]["severity"], 2);
    let hints = server.answered_hints();
    let labels: Vec<&str> = hints.iter().map(|hint| hint["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["→ 8 in 2 moves: D L", "→ 2 moves: D L"]);
    assert_eq!(hints[0]["position"], at(5, 23), "at the end of the query's line");
    let hover = server.on_document("textDocument/hover", json!({ "position": at(5, 4) }));
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(shown.contains("8 in 2 moves") && shown.contains("move 2 of 2 (left)"), "{shown}");

    // The answer as `expect`, and the failing `expect` replaced.
    let range = json!({ "start": at(5, 0), "end": at(5, 0) });
    let actions =
        server.on_document("textDocument/codeAction", json!({ "range": range, "context": { "diagnostics": [] } }));
    assert_eq!(actions[0]["title"], "Write this answer as `expect`");
    assert_eq!(actions[0]["edit"]["changes"][URI][0]["newText"], "\nexpect 8");
    let range = json!({ "start": at(7, 0), "end": at(7, 3) });
    let actions =
        server.on_document("textDocument/codeAction", json!({ "range": range, "context": { "diagnostics": [] } }));
    assert_eq!(actions[0]["title"], "Replace with the answer");
    assert_eq!(actions[0]["edit"]["changes"][URI][0]["newText"], "expect 2");

    // Formatting is `puzzle fmt`'s.
    let edits =
        server.on_document("textDocument/formatting", json!({ "options": { "tabSize": 2, "insertSpaces": true } }));
    let formatted = puzzle_cli::language::format::format_source(text).unwrap();
    assert_eq!(edits[0]["newText"], formatted);

    // Completion in place.
    let labels = |items: Value| -> Vec<String> {
        items.as_array().unwrap().iter().map(|item| item["label"].as_str().unwrap().to_string()).collect()
    };
    let after_query = server.on_document("textDocument/completion", json!({ "position": at(5, 6) }));
    assert_eq!(labels(after_query), ["max-tile", "reach", "apply"], "the queries of 2048 without spawns");
    let after_game = server.on_document("textDocument/completion", json!({ "position": at(0, 7) }));
    assert_eq!(labels(after_game), ["2048", "blockgame"]);

    // Semantic tokens: `game` is a keyword at the start of line 0.
    let tokens = server.on_document("textDocument/semanticTokens/full", json!({}));
    assert_eq!(tokens["data"].as_array().unwrap()[..5], [json!(0), json!(0), json!(4), json!(0), json!(0)]);

    server.stop();
}

/// The semantic tokens of `text`, each as (line, start, length, type), from
/// the protocol's relative encoding.
fn semantic_tokens(text: &str) -> Vec<(usize, usize, usize, &'static str)> {
    let mut server = Server::start(&["utf-16"]);
    server.open(text);
    let tokens = server.on_document("textDocument/semanticTokens/full", json!({}));
    server.stop();
    let data: Vec<usize> = tokens["data"].as_array().unwrap().iter().map(|n| n.as_u64().unwrap() as usize).collect();
    let types = ["keyword", "number", "string", "comment", "variable", "enumMember", "operator"];
    let (mut line, mut start) = (0, 0);
    data.chunks(5)
        .map(|token| {
            (line, start) = if token[0] == 0 { (line, start + token[1]) } else { (line + token[0], token[1]) };
            (line, start, token[2], types[token[3]])
        })
        .collect()
}

#[test]
fn a_hash_or_an_escaped_quote_inside_a_name_is_the_name_s() {
    assert_eq!(
        semantic_tokens("name \"Puzzle #1 \\\"x\\\"\" # the first\ngame 2048\n"),
        [
            (0, 0, 4, "keyword"),
            (0, 5, 17, "string"),
            (0, 23, 11, "comment"),
            (1, 0, 4, "keyword"),
            (1, 5, 4, "enumMember")
        ]
    );
}

#[test]
fn nothing_is_offered_in_a_comment() {
    let mut server = Server::start(&["utf-16"]);
    server.open("game 2048\nquery apply L # then \n");
    let mut completion =
        |character| server.on_document("textDocument/completion", json!({ "position": at(1, character) }));
    assert_eq!(completion(14)[0]["label"], "U", "after `L `: a move");
    assert_eq!(completion(21), json!([]), "after `# then `");
    server.stop();
}

#[test]
fn a_block_game_s_cells_are_ids_whatever_follows_its_game_line() {
    // A comment after `game blockgame` leaves the cells ids, not numbers.
    let tokens = semantic_tokens("game blockgame  # Kakao's\nboard {\n  1 1\n}\n");
    assert_eq!(tokens[5..7], [(2, 2, 1, "variable"), (2, 4, 1, "variable")], "{tokens:?}");
}

#[test]
fn the_server_speaks_utf8_when_the_client_offers_it() {
    let mut server = Server::start(&["utf-8", "utf-16"]);
    let diagnostics = server.open("name \"블록\" extra\n");
    assert_eq!(diagnostics[0]["range"]["start"], at(0, 14), "bytes, not UTF-16 units");
    server.stop();
}

#[test]
fn a_byte_order_mark_in_the_editor_s_text_counts_as_a_character() {
    // A client that keeps the mark in the text counts it in the first line's
    // positions: one UTF-16 unit, three UTF-8 bytes.
    for (encodings, column) in [(&["utf-16"][..], 1), (&["utf-8"][..], 3)] {
        let mut server = Server::start(encodings);
        let diagnostics = server.open("\u{feff}gmae 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n");
        assert_eq!(diagnostics[0]["message"], "expected a statement, found `gmae`", "{encodings:?}");
        assert_eq!(diagnostics[0]["range"]["start"], at(0, column), "{encodings:?}");
        assert_eq!(diagnostics[0]["range"]["end"], at(0, column + 4), "{encodings:?}");
        let range = json!({ "start": at(0, column), "end": at(0, column + 4) });
        let actions =
            server.on_document("textDocument/codeAction", json!({ "range": range, "context": { "diagnostics": [] } }));
        assert_eq!(actions[0]["edit"]["changes"][URI][0]["range"], range, "{encodings:?}");
        server.stop();
    }
}

/// The rows of a 20×20 board of tiles 2 to 512 that few moves merge:
/// its searches are long enough to be overtaken.
fn a_20x20_board_s_rows() -> String {
    (0..20)
        .map(|r| {
            let cells: Vec<String> = (0..20).map(|c| (1u64 << (1 + (r * 7 + c * 3 + r * c) % 9)).to_string()).collect();
            format!("  {}\n", cells.join(" "))
        })
        .collect()
}

#[test]
fn an_expensive_query_never_freezes_the_editor() {
    let mut server = Server::start(&["utf-16"]);
    let rows = a_20x20_board_s_rows();
    server.open(&format!("game 2048\nboard {{\n{rows}}}\nquery max-tile within 60\n"));
    // While the search runs, every request is answered at once.
    let started = Instant::now();
    let range = json!({ "start": at(0, 0), "end": at(99, 0) });
    let hints = server.on_document("textDocument/inlayHint", json!({ "range": range }));
    assert!(started.elapsed() < Duration::from_secs(2));
    assert!(hints[0]["label"].as_str().unwrap().contains("searching"), "{hints:?}");
    // Then the answer comes, incomplete, with its bound.
    let hints = server.answered_hints();
    assert!(hints[0]["label"].as_str().unwrap().contains("incomplete: no tile above"), "{hints:?}");
    server.stop();
}

#[test]
fn the_answers_of_a_text_changed_meanwhile_are_never_shown() {
    let mut server = Server::start(&["utf-16"]);
    let rows = a_20x20_board_s_rows();
    let within = |moves: u32| format!("game 2048\nboard {{\n{rows}}}\nquery max-tile within {moves}\n");
    // The first text's search (2048, about a tenth of the second's time)
    // ends while the second's runs: its answers belong to a text the editor
    // no longer has, and are dropped. Both changes are sent at once, so the
    // second comes while the first search runs.
    let document = json!({ "uri": URI, "languageId": "puzzle", "version": 1, "text": within(7) });
    server.notify("textDocument/didOpen", json!({ "textDocument": document }));
    server.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 2 }, "contentChanges": [{ "text": within(11) }] }),
    );
    assert!(server.diagnostics().is_empty() && server.diagnostics().is_empty());
    let hints = server.answered_hints();
    assert!(hints[0]["label"].as_str().unwrap().starts_with("→ 4096"), "{hints:?}");
    server.stop();
}

#[test]
fn the_game_with_spawns_gets_its_answers_as_hints() {
    let mut server = Server::start(&["utf-16"]);
    let diagnostics = server.open(
        "game 2048\nspawns classic\nboard {\n  2 .\n  . 2\n}\nquery chance 4 within 1\nquery best-move depth 2\n\
         query play 2 games seed 1 depth 1 until 16\n",
    );
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let completion = server.on_document("textDocument/completion", json!({ "position": at(6, 6) }));
    let offered: Vec<&str> =
        completion.as_array().unwrap().iter().map(|item| item["label"].as_str().unwrap()).collect();
    assert_eq!(offered, ["chance", "best-move", "play"], "the queries of the game with spawns");
    let hints = server.answered_hints();
    let labels: Vec<&str> = hints.iter().map(|hint| hint["label"].as_str().unwrap()).collect();
    assert_eq!(labels[0], "→ 0.1, first U or D or L or R", "{labels:?}");
    // The 2s on a diagonal of a 2×2 board: every move is as good as another.
    assert_eq!(labels[1], "→ U or D or L or R (depth 2)", "{labels:?}");
    // The editor's budget stops a game early: the hint says so.
    assert!(labels[2].starts_with("→ "), "{labels:?}");
    // On hover, each in full: its report's lines (the analysis, the shares,
    // the proof), with no empty block for moves it has none of.
    let hover = |server: &mut Server, line| {
        let shown = server.on_document("textDocument/hover", json!({ "position": at(line, 8) }));
        shown["contents"]["value"].as_str().unwrap().to_string()
    };
    let chance = hover(&mut server, 6);
    assert!(chance.starts_with("**0.1, first U or D or L or R**\n\n```text\n"), "{chance}");
    assert!(chance.contains("    exact: rounding error below "), "{chance}");
    let best = hover(&mut server, 7);
    for line in ["    U: ", "    D: ", "    L: ", "    R: ", "    searched: depth 2, "] {
        assert!(best.contains(line), "{line:?} in {best}");
    }
    let play = hover(&mut server, 8);
    assert!(play.contains("    reached: ") && play.contains("(min / median / max)"), "{play}");
    assert!(!play.contains("```text\n```"), "{play}");
    server.stop();
}

#[test]
fn spawns_without_a_law_is_told_once_and_offered_the_classic_law() {
    let mut server = Server::start(&["utf-16"]);
    let diagnostics = server.open("game 2048\nspawns\nboard {\n  2 .\n  . 2\n}\nquery best-move\n");
    assert_eq!(diagnostics.len(), 1, "its queries are those of spawns: {diagnostics:?}");
    assert_eq!(diagnostics[0]["message"], "`spawns` needs its law");
    assert_eq!(diagnostics[0]["range"]["start"], at(1, 6));
    let title = "Write the classic law, `spawns classic`".to_string();
    assert_eq!(server.first_fix(1), (title, (1, 6, 6), " classic".into()));
    server.stop();
}

#[test]
fn a_percent_without_its_sign_or_a_number_or_moves_written_otherwise_are_offered_the_mend() {
    let mut server = Server::start(&["utf-16"]);
    let diagnostics = server.open("game 2048\nspawns 2 90 % 4 10 %\nboard {\n  2 .\n}\nquery best-move\n");
    assert_eq!(diagnostics[0]["message"], "`90` has no `%` right after it", "{diagnostics:?}");
    const BOARD: &str = "board {\n  2 .\n}\n";
    // The file, what the fix replaces (line, from, to), and with what: its
    // title is "Write `…`" of that.
    let cases = [
        // The sign apart, in the law: written over the number and the sign.
        (format!("game 2048\nspawns 2 90 % 4 10 %\n{BOARD}query best-move\n"), (1, 9, 13), "90%"),
        // The share of a `play`'s `expect`, its sign left out.
        (format!("game 2048\nspawns classic\n{BOARD}query play 2 games\nexpect 8 in 95\n"), (6, 12, 14), "95%"),
        (format!("game 2048\nspawns classic\n{BOARD}query play 2 games\nexpect 8 in 95 %\n"), (6, 12, 16), "95%"),
        // A number written `.5`, and a chance written as a percent: each as
        // the language writes it.
        (format!("game 2048\nspawns 2 .5% 4 99.5%\n{BOARD}query best-move\n"), (1, 9, 12), "0.5%"),
        (format!("game 2048\nspawns classic\n{BOARD}query chance 4 within 1\nexpect 50%\n"), (6, 7, 10), "0.50"),
        // A law of probabilities: rewritten whole, as percents.
        (format!("game 2048\nspawns 2 0.9 4 .1\n{BOARD}query best-move\n"), (1, 7, 17), "2 90% 4 10%"),
        // Moves written together: written apart.
        (format!("game 2048\n{BOARD}query apply LURD\n"), (4, 12, 16), "L U R D"),
        // A board row with commas: its cells apart.
        ("game 2048\nboard {\n  [2, .]\n}\nquery apply L\n".to_string(), (2, 2, 8), "2 ."),
        // A power: in digits.
        (format!("game 2048\n{BOARD}query reach 2^12 within 3\n"), (4, 12, 16), "4096"),
        // Full-width digits, as an input method types them: in ASCII.
        ("game \u{ff12}\u{ff10}\u{ff14}\u{ff18}\nboard {\n  2\n}\nquery apply L\n".to_string(), (0, 5, 9), "2048"),
    ];
    for (version, (text, range, mended)) in cases.into_iter().enumerate() {
        server.change(&text, version as i64 + 2);
        assert_eq!(server.first_fix(range.0), (format!("Write `{mended}`"), range, mended.to_string()), "{text}");
    }
    server.stop();
}

#[test]
fn a_separator_after_a_keyword_is_offered_its_removal() {
    let mut server = Server::start(&["utf-16"]);
    let diagnostics = server.open("game: 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n");
    assert_eq!(diagnostics.len(), 1, "the rest is read: {diagnostics:?}");
    assert_eq!(diagnostics[0]["message"], "`game` takes its value after a blank, without `:`");
    assert_eq!(server.first_fix(0), ("Remove `:`".into(), (0, 4, 5), String::new()));
    // Glued to the value: a blank stays between keyword and value.
    server.change("game:2048\nboard {\n  2 2\n}\nquery max-tile within 1\n", 2);
    assert_eq!(server.first_fix(0), ("Remove `:`".into(), (0, 4, 5), " ".into()));
    server.stop();
}

#[test]
fn rows_on_the_line_of_a_board_s_brace_are_offered_lines_of_their_own() {
    let mut server = Server::start(&["utf-16"]);
    // A board on one line: its row below the brace, its brace below that.
    let diagnostics = server.open("game 2048\nboard { 2 2 }  # one line\nquery max-tile within 1\n");
    assert_eq!(diagnostics[0]["message"], "expected the end of the line after the board's `{`, found `2`");
    assert_eq!(diagnostics[0]["range"], json!({ "start": at(1, 8), "end": at(1, 13) }));
    let title = "Put the board's rows on lines of their own".to_string();
    assert_eq!(server.first_fix(1), (title.clone(), (1, 7, 13), "\n  2 2\n}".into()));
    // The first row on the brace's line, the others below: it joins them.
    server.change("game 2048\nboard {2 2\n  4 4\n}\nquery max-tile within 1\n", 2);
    assert_eq!(server.first_fix(1), (title.clone(), (1, 7, 10), "\n  2 2".into()));
    // Rows on one line apart by `/`, as the library writes a board: a line each.
    server.change("game 2048\nboard { 2 . / . 2 }\nquery max-tile within 1\n", 3);
    assert_eq!(server.first_fix(1), (title, (1, 7, 19), "\n  2 .\n  . 2\n}".into()));
    // The same within the board: a line each, indented as the line was.
    server.change("game 2048\nboard {\n   2 . / . 2\n}\nquery max-tile within 1\n", 4);
    let rows = "Put the rows on lines of their own".to_string();
    assert_eq!(server.first_fix(2), (rows, (2, 3, 12), "2 .\n   . 2".into()));
    server.stop();
}

#[test]
fn an_expect_is_offered_the_answers_of_its_query() {
    let mut server = Server::start(&["utf-16"]);
    server.open(
        "game 2048\nspawns classic\nboard {\n  2 .\n  . 2\n}\nquery best-move\nexpect \nquery chance 4 within 1\nexpect \n",
    );
    let offered = |server: &mut Server, line| -> Vec<String> {
        let items = server.on_document("textDocument/completion", json!({ "position": at(line, 7) }));
        items.as_array().unwrap().iter().map(|item| item["label"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(offered(&mut server, 7), ["U", "D", "L", "R", "none"], "a move after `best-move`");
    assert!(offered(&mut server, 9).is_empty(), "a probability is a number: nothing to offer");
    server.change("game 2048\nspawns classic\nboard {\n  2 .\n  . 2\n}\nquery play 3 games seed 1 \n", 2);
    let offered_at = |server: &mut Server, character| -> Vec<String> {
        let items = server.on_document("textDocument/completion", json!({ "position": at(6, character) }));
        items.as_array().unwrap().iter().map(|item| item["label"].as_str().unwrap().to_string()).collect()
    };
    assert_eq!(offered_at(&mut server, 26), ["depth", "until"], "the options not given yet");
    assert!(offered_at(&mut server, 24).is_empty(), "`seed` waits for its value");
    server.change("game 2048\nboard {\n  2 2\n}\nquery reach 8 within 2\nexpect \nquery apply L\nexpect \n", 3);
    assert_eq!(offered(&mut server, 5), ["unreachable"], "`unreachable` after `reach`");
    assert_eq!(offered(&mut server, 7), ["board {"], "a board after `apply`");
    server.stop();
}

#[test]
fn a_short_self_play_on_4x4_is_answered_in_full_in_the_editor() {
    let mut server = Server::start(&["utf-16"]);
    // A game to a 64: some 3 million moves tried, which the editor's
    // budget on 4×4 allows (the engine's word makes a move cheap there).
    let diagnostics = server.open(
        "game 2048\nspawns classic\nboard {\n  2 2 . .\n  . 4 . .\n  . . . .\n  . . . 8\n}\n\
         query play 1 games seed 3 until 64\n",
    );
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let hints = server.answered_hints();
    assert_eq!(hints[0]["label"], "→ 64 in 100% of 1 game", "{hints:?}");
    server.stop();
}

#[test]
fn a_hover_shows_at_most_120_lines_of_an_answer_and_says_how_many_more() {
    let mut server = Server::start(&["utf-16"]);
    // A line a game: 300 of them, and the report's four lines above.
    server.open("game 2048\nspawns classic\nboard {\n  2 .\n  . 2\n}\nquery play 300 games seed 1 depth 1\n");
    server.answered_hints();
    let hover = server.on_document("textDocument/hover", json!({ "position": at(6, 8) }));
    let shown = hover["contents"]["value"].as_str().unwrap();
    let block = shown.split_once("```text\n").unwrap().1.strip_suffix("```").unwrap();
    let lines: Vec<&str> = block.lines().collect();
    assert_eq!(lines.len(), 121, "{shown}");
    assert_eq!(lines[119], "    game 116 of 300: 16 (lost), score 52, 10 moves", "{shown}");
    assert_eq!(lines[120], "… and 184 more lines: `puzzle run --explain` shows them all");
    // What fits is shown whole.
    server.change("game 2048\nspawns classic\nboard {\n  2 .\n  . 2\n}\nquery play 116 games seed 1 depth 1\n", 2);
    server.answered_hints();
    let hover = server.on_document("textDocument/hover", json!({ "position": at(6, 8) }));
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(shown.ends_with("    game 116 of 116: 16 (lost), score 52, 10 moves\n```"), "{shown}");
    server.stop();
}

#[test]
fn a_lost_board_s_best_move_hint_says_the_game_is_lost() {
    let mut server = Server::start(&["utf-16"]);
    let diagnostics = server.open("game 2048\nspawns classic\nboard {\n  2 4\n  4 2\n}\nquery best-move\n");
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let hints = server.answered_hints();
    assert_eq!(hints[0]["label"], "→ none: the game is lost", "{hints:?}");
    server.stop();
}

#[test]
fn a_chance_past_the_editors_budget_is_a_quick_hint_with_what_fewer_moves_prove() {
    let mut server = Server::start(&["utf-16"]);
    // From a new game, a 16 within 9 takes more than 20,000 boards, the
    // editor's budget for a chance on 4×4 (a hundredth of the command's),
    // within which the searches of fewer moves finish 7.
    let started = Instant::now();
    let diagnostics = server.open(
        "game 2048\nspawns classic\nboard {\n  . . . .\n  . . . .\n  . . . .\n  . . . .\n}\nquery chance 16 within 9\n",
    );
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let hints = server.answered_hints();
    let label = hints[0]["label"].as_str().unwrap();
    assert_eq!(label, "→ at least 0.083526741318 (incomplete: the chance within 7 moves)");
    assert!(started.elapsed() < Duration::from_secs(30), "the hint took {:?}", started.elapsed());
    server.stop();
}

#[test]
fn the_engine_on_a_board_other_than_4x4_keeps_the_editor_s_budget_for_the_board() {
    let mut server = Server::start(&["utf-16"]);
    // On 50×50 the editor's budget is 10,000 nodes (its floor); depth 2
    // from two tiles takes some 80,000, which only the sixteenfold budget
    // of the 4×4 word would allow.
    let rows: String = (0..50)
        .map(|r| {
            format!("  {}\n", (0..50).map(|c| if r == c && r < 2 { "2" } else { "." }).collect::<Vec<_>>().join(" "))
        })
        .collect();
    let diagnostics = server.open(&format!("game 2048\nspawns classic\nboard {{\n{rows}}}\nquery best-move depth 2\n"));
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let hints = server.answered_hints();
    let label = hints[0]["label"].as_str().unwrap();
    assert_eq!(label, "→ U or D or L or R (depth 1) (incomplete: depth 1 of 2 within the budget)");
    server.stop();
}

#[test]
fn a_length_claiming_more_than_memory_never_aborts_the_server() {
    // `lsp_server`'s own reader allocated the claimed length first: 93 GB,
    // and the server aborted. Now the claim is read past (here to the end
    // of the input), told on stderr, and the server ends as at any end
    // without `exit`.
    let mut child = spawn_server(Stdio::piped());
    let mut input = child.stdin.take().unwrap();
    let initialize = json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } });
    let initialized = json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} });
    for message in [initialize, initialized] {
        let body = message.to_string();
        write!(input, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
    }
    write!(input, "Content-Length: 99999999999\r\n\r\n{{}}").unwrap();
    drop(input);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(
        stderr,
        "error: a message of 99999999999 bytes is past the limit of 268435456: skipped\n\
         error: the editor closed the connection before `shutdown` and `exit`\n"
    );
}

#[test]
fn a_closed_file_s_diagnostics_are_cleared_and_it_is_answered_no_more() {
    let mut server = Server::start(&["utf-16"]);
    assert_eq!(server.open("gmae 2048\n").len(), 1);
    server.notify("textDocument/didClose", json!({ "textDocument": { "uri": URI } }));
    // The clearing comes before the answer to a request sent after it.
    server.send(json!({ "jsonrpc": "2.0", "id": 99, "method": "textDocument/hover",
        "params": { "textDocument": { "uri": URI }, "position": at(0, 0) } }));
    let mut cleared = false;
    loop {
        let message = server.receive();
        if message["method"] == "textDocument/publishDiagnostics" {
            cleared = message["params"]["diagnostics"] == json!([]);
        } else if message["id"] == 99 {
            assert_eq!(message["result"], Value::Null);
            break;
        }
    }
    assert!(cleared);
    server.stop();
}

/// How `puzzle lsp` ends, its status and its stderr, when the editor sends
/// `messages` (each framed, or as written if a string) and then closes its
/// stdin, the server's stdout going to `stdout`.
fn ending(messages: &[Value], stdout: Stdio) -> (Option<i32>, String) {
    let mut child = spawn_server_writing_to(stdout, Stdio::piped());
    let mut input = child.stdin.take().unwrap();
    for message in messages {
        let _ = match message.as_str() {
            Some(raw) => input.write_all(raw.as_bytes()),
            None => write!(input, "Content-Length: {}\r\n\r\n{message}", message.to_string().len()),
        };
        let _ = input.flush();
        // Each message on its own: the server may have answered the one before.
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(input);
    let output = child.wait_with_output().unwrap();
    (output.status.code(), String::from_utf8(output.stderr).unwrap())
}

#[test]
fn the_server_ends_with_status_0_only_after_shutdown_then_exit_and_says_why_otherwise() {
    let message = |id: Option<i64>, method: &str| match id {
        Some(id) => json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": { "capabilities": {} } }),
        None => json!({ "jsonrpc": "2.0", "method": method, "params": {} }),
    };
    let (initialize, initialized) = (message(Some(1), "initialize"), message(None, "initialized"));
    let (shutdown, exit) = (message(Some(2), "shutdown"), message(None, "exit"));
    let full = || Stdio::from(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap());
    let no_space = "error: cannot write to the editor: No space left on device (os error 28)\n";
    let hover = |id| message(Some(id), "textDocument/hover");
    let sessions = [
        (vec![initialize.clone(), initialized.clone(), shutdown.clone(), exit.clone()], Stdio::null(), 0, ""),
        // The protocol's rule: 1 for an `exit` without `shutdown`, even
        // before `initialize`.
        (
            vec![initialize.clone(), initialized.clone(), exit.clone()],
            Stdio::null(),
            1,
            "error: `exit` came before `shutdown`\n",
        ),
        (vec![exit.clone()], Stdio::null(), 1, "error: `exit` came before `shutdown`\n"),
        // Another notification before `initialize` is passed over.
        (
            vec![initialized.clone(), initialize.clone(), initialized.clone(), shutdown.clone(), exit.clone()],
            Stdio::null(),
            0,
            "",
        ),
        (
            vec![initialize.clone(), initialized.clone()],
            Stdio::null(),
            1,
            "error: the editor closed the connection before `shutdown` and `exit`\n",
        ),
        (
            vec![json!("garbage\r\n\r\n")],
            Stdio::null(),
            1,
            "error: cannot read the editor's messages: malformed header: \"garbage\"\n",
        ),
        // An editor that stopped reading: every way ends by saying so, a
        // request answered before `initialize` too (lsp-server's own
        // `initialize_start` panicked there).
        (vec![initialize, initialized, shutdown, exit], full(), 1, no_space),
        (vec![hover(1), hover(2)], full(), 1, no_space),
    ];
    for (messages, stdout, status, stderr) in sessions {
        let methods: Vec<_> = messages.iter().map(|message| message["method"].clone()).collect();
        assert_eq!(ending(&messages, stdout), (Some(status), stderr.to_string()), "{methods:?}");
    }
}

#[test]
fn a_server_whose_output_the_editor_closed_ends_at_once() {
    // Its stdin still open: nothing it could read would end it.
    let mut child = spawn_server(Stdio::piped());
    drop(child.stdout.take());
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the server outlived its output");
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert_eq!((status.code(), stderr.as_str()), (Some(1), "error: the editor closed the server's output\n"));
}

#[test]
fn started_in_a_terminal_the_server_says_what_it_is_and_ctrl_d_ends_it() {
    // util-linux `script` gives it a terminal, which reads the piped Ctrl-D
    // as the end of its input.
    let line = format!("{} lsp", env!("CARGO_BIN_EXE_puzzle"));
    let mut child = Command::new("timeout")
        .args(["20", "script", "-qec", &line, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"\x04").unwrap();
    let output = child.wait_with_output().unwrap();
    let told = String::from_utf8_lossy(&output.stdout).replace("\r\n", "\n");
    assert_eq!(output.status.code(), Some(1), "{told}");
    assert_eq!(
        told,
        "puzzle lsp is a language server: it speaks the Language Server Protocol on standard input and output \
         with an editor that starts it (editors/README.md says how). Ctrl-D ends it.\n\
         error: the editor closed the connection before `shutdown` and `exit`\n"
    );
    // From an editor (a pipe) it says nothing of the kind: see the other tests.
}

#[test]
fn a_request_before_initialize_or_after_shutdown_is_refused_with_the_protocol_s_error() {
    let mut server = Server::connect(spawn_server(Stdio::null()));
    let refused = |server: &mut Server, id| {
        server.send(json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": {} }));
        let answer = server.receive();
        assert_eq!(answer["id"], id, "{answer}");
        (answer["error"]["code"].clone(), answer["error"]["message"].clone())
    };
    assert_eq!(refused(&mut server, 7), (json!(-32002), json!("`textDocument/hover` before `initialize`")));
    let result = server.request("initialize", json!({ "capabilities": {} }));
    assert_eq!(result["capabilities"]["positionEncoding"], "utf-16");
    server.notify("initialized", json!({}));
    assert_eq!(server.request("shutdown", json!(null)), Value::Null);
    // A notification meanwhile is passed over, as before.
    server.notify("$/cancelRequest", json!({ "id": 1 }));
    assert_eq!(refused(&mut server, 8), (json!(-32600), json!("`textDocument/hover` after `shutdown`")));
    server.notify("exit", json!(null));
    assert!(server.child.wait().unwrap().success());
}

#[test]
fn a_request_not_served_or_with_parameters_amiss_gets_the_protocol_s_error() {
    let mut server = Server::start(&["utf-16"]);
    server.open("game 2048\nboard {\n  2 2\n}\nquery max-tile within 1\n");
    let document = json!({ "uri": URI });
    let position = json!({ "line": 4, "character": 0 });
    let mut error = |method: &str, params: Value| {
        let response = server.respond(method, params);
        assert!(response.get("result").is_none(), "{response}");
        (response["error"]["code"].as_i64().unwrap(), response["error"]["message"].as_str().unwrap().to_string())
    };
    let not_served = |method: &str| (-32601, format!("`{method}` is not served"));
    // Whatever its parameters, and on a file never opened.
    assert_eq!(error("workspace/symbol", json!({ "query": "" })), not_served("workspace/symbol"));
    let again = error("initialize", json!({ "capabilities": {} }));
    assert_eq!(again, (-32600, "`initialize` a second time".to_string()));
    assert_eq!(error("textDocument/definition", json!(null)), not_served("textDocument/definition"));
    let never_opened = json!({ "textDocument": { "uri": "file:///other.puzzle" }, "position": position });
    assert_eq!(error("textDocument/rename", never_opened.clone()), not_served("textDocument/rename"));
    let amiss = |what: &str| (-32602, what.to_string());
    assert_eq!(
        error("textDocument/hover", json!({ "textDocument": document })),
        amiss("`textDocument/hover` needs `position`, an object of `line` and `character`, whole numbers from 0: it is missing")
    );
    assert_eq!(
        error("textDocument/completion", json!({ "textDocument": document, "position": { "line": -1, "character": 0 } })),
        amiss("`textDocument/completion` needs `position`, an object of `line` and `character`, whole numbers from 0: `line` is -1")
    );
    assert_eq!(
        error("textDocument/hover", json!({ "textDocument": document, "position": { "line": "4", "character": 0 } })),
        amiss("`textDocument/hover` needs `position`, an object of `line` and `character`, whole numbers from 0: `line` is \"4\"")
    );
    assert_eq!(
        error("textDocument/codeAction", json!({ "textDocument": document, "range": { "start": position } })),
        amiss("`textDocument/codeAction` needs `range`, an object of `start` and `end`, each an object of `line` and `character`, whole numbers from 0: `end` is missing")
    );
    assert_eq!(
        error("textDocument/formatting", json!({ "options": { "tabSize": 4, "insertSpaces": true } })),
        amiss("`textDocument/formatting` needs `textDocument`, an object of `uri`, a string: it is missing")
    );
    assert_eq!(
        error("textDocument/semanticTokens/full", json!([document])),
        amiss("`textDocument/semanticTokens/full` needs its parameters as an object: they are [{\"uri\":\"file:///tmp/editor.puzzle\"}]")
    );
    // Well formed, on a file never opened: nothing to say.
    assert_eq!(server.request("textDocument/hover", never_opened), Value::Null);
    // And the server serves on.
    let hover = server.request("textDocument/hover", json!({ "textDocument": document, "position": position }));
    assert!(hover["contents"]["value"].is_string(), "{hover}");
    server.stop();
}

#[test]
fn a_file_of_many_errors_shows_the_first_thousand_and_counts_the_rest() {
    let mut server = Server::start(&["utf-16"]);
    let diagnostics = server.open(&"game2048\n".repeat(1_234));
    assert_eq!(diagnostics.len(), 1_001);
    assert_eq!(diagnostics[999]["range"]["start"], at(999, 0));
    let last = &diagnostics[1_000];
    assert_eq!(
        last["message"],
        "and 234 more errors from here on: the editor is shown the first 1000; `puzzle check --json` lists them all"
    );
    assert_eq!(last["range"], json!({ "start": at(1_000, 0), "end": at(1_000, 8) }));
    assert_eq!(last["severity"], 1);

    // One past the thousand is one more error; a thousand is all shown.
    assert_eq!(
        server.change(&"game2048\n".repeat(1_001), 2)[1_000]["message"].as_str().unwrap()[..20],
        *"and 1 more error fro"
    );
    assert_eq!(server.change(&"game2048\n".repeat(1_000), 3).len(), 1_000);
    server.stop();
}

#[test]
fn a_byte_order_mark_is_no_token() {
    let tokens = semantic_tokens("\u{feff}game 2048 # a Notepad save\n");
    assert_eq!(tokens, [(0, 1, 4, "keyword"), (0, 6, 4, "enumMember"), (0, 11, 16, "comment")]);
}

#[test]
fn a_byte_order_mark_leaves_the_first_line_s_words_as_they_are() {
    // The game read on the first line: a block game's cells are ids.
    let tokens = semantic_tokens("\u{feff}game blockgame\nboard {\n  1 1\n}\n");
    assert_eq!(tokens[..2], [(0, 1, 4, "keyword"), (0, 6, 9, "enumMember")], "{tokens:?}");
    assert_eq!(tokens[4..6], [(2, 2, 1, "variable"), (2, 4, 1, "variable")], "{tokens:?}");
    // Completion after the first line's keyword.
    let mut server = Server::start(&["utf-16"]);
    server.open("\u{feff}game \n");
    let items = server.on_document("textDocument/completion", json!({ "position": at(0, 6) }));
    let labels: Vec<&str> = items.as_array().unwrap().iter().map(|item| item["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["2048", "blockgame"]);
    server.stop();
}
