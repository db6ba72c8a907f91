//! Whether a request's parameters hold what its method reads, so that a
//! malformed one gets the protocol's InvalidParams saying what is amiss,
//! not an answer made of defaults (a hover at line 0 for a position
//! missing).
//!
//! Design decision: only what the server reads is checked (the document,
//! and a position or a range), not the rest of the protocol's types. A
//! client that leaves out `options` in a formatting request loses nothing,
//! and is served.

use std::fmt;

use serde_json::Value;

/// What a served method reads besides the document.
#[derive(Clone, Copy)]
pub(super) enum Reads {
    /// The document alone (formatting, inlay hints, semantic tokens).
    Document,
    /// A `position` in it (hover, completion).
    Position,
    /// A `range` in it (code actions).
    Range,
}

/// What each checked parameter must be, as the error says it.
const DOCUMENT: &str = "an object of `uri`, a string";
const POSITION: &str = "an object of `line` and `character`, whole numbers from 0";
const RANGE: &str = "an object of `start` and `end`, each an object of `line` and `character`, whole numbers from 0";

/// Why `params` cannot serve a request that reads `reads`, as the error's
/// message says it after the method's name; `None` if they can.
pub(super) fn amiss(params: &Value, reads: Reads) -> Option<String> {
    let fields: &[Field] = match reads {
        Reads::Document => &[("textDocument", document)],
        Reads::Position => &[("textDocument", document), ("position", position)],
        Reads::Range => &[("textDocument", document), ("range", range)],
    };
    let amiss = object_of(Some(params), fields).err()?;
    let Some((&parameter, within)) = amiss.path.split_first() else {
        return Some(format!("needs its parameters as an object: they are {}", amiss.found()));
    };
    let wanted = match parameter {
        "textDocument" => DOCUMENT,
        "position" => POSITION,
        _ => RANGE,
    };
    let what = if within.is_empty() {
        format!("it is {}", amiss.found())
    } else {
        let path: Vec<String> = within.iter().map(|name| format!("`{name}`")).collect();
        format!("{} is {}", path.join("'s "), amiss.found())
    };
    Some(format!("needs `{parameter}`, {wanted}: {what}"))
}

/// A parameter's name and its check.
type Field = (&'static str, fn(Option<&Value>) -> Result<(), Amiss>);

/// Where parameters go wrong: the names leading to the value amiss, and
/// that value (`None`: missing).
struct Amiss {
    path: Vec<&'static str>,
    found: Option<Value>,
}

impl Amiss {
    fn here(found: Option<&Value>) -> Amiss {
        Amiss { path: Vec::new(), found: found.cloned() }
    }

    fn found(&self) -> Found<'_> {
        Found(self.found.as_ref())
    }
}

/// A value amiss as an error shows it: "missing", or its JSON cut short.
struct Found<'a>(Option<&'a Value>);

impl fmt::Display for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// Enough to see what came, not a megabyte of it in the editor's log.
        const SHOWN: usize = 60;
        let Some(value) = self.0 else { return f.write_str("missing") };
        let json = value.to_string();
        match json.char_indices().nth(SHOWN) {
            Some((cut, _)) => write!(f, "{}…", &json[..cut]),
            None => f.write_str(&json),
        }
    }
}

fn object_of(value: Option<&Value>, fields: &[Field]) -> Result<(), Amiss> {
    let Some(object) = value.and_then(Value::as_object) else { return Err(Amiss::here(value)) };
    for &(name, check) in fields {
        check(object.get(name)).map_err(|mut amiss| {
            amiss.path.insert(0, name);
            amiss
        })?;
    }
    Ok(())
}

fn document(value: Option<&Value>) -> Result<(), Amiss> {
    object_of(value, &[("uri", string)])
}

fn position(value: Option<&Value>) -> Result<(), Amiss> {
    object_of(value, &[("line", whole_number), ("character", whole_number)])
}

fn range(value: Option<&Value>) -> Result<(), Amiss> {
    object_of(value, &[("start", position), ("end", position)])
}

fn string(value: Option<&Value>) -> Result<(), Amiss> {
    match value {
        Some(Value::String(_)) => Ok(()),
        other => Err(Amiss::here(other)),
    }
}

/// The protocol's `uinteger`: 0 to 2³¹ − 1.
fn whole_number(value: Option<&Value>) -> Result<(), Amiss> {
    match value {
        Some(number) if number.as_u64().is_some_and(|n| n < 1 << 31) => Ok(()),
        other => Err(Amiss::here(other)),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{amiss, Reads};

    fn check(params: serde_json::Value, reads: Reads, expected: Option<&str>) {
        assert_eq!(amiss(&params, reads).as_deref(), expected, "{params}");
    }

    #[test]
    fn what_is_amiss_is_told_by_its_path() {
        let document = json!({ "uri": "file:///x.puzzle" });
        let at = json!({ "line": 0, "character": 2_147_483_647_u64 });
        check(json!({ "textDocument": document }), Reads::Document, None);
        check(json!({ "textDocument": document, "options": null }), Reads::Document, None);
        check(json!({ "textDocument": document, "position": at }), Reads::Position, None);
        check(json!({ "textDocument": document, "range": { "start": at, "end": at } }), Reads::Range, None);
        check(json!(null), Reads::Document, Some("needs its parameters as an object: they are null"));
        check(
            json!({ "textDocument": { "uri": 7 } }),
            Reads::Document,
            Some("needs `textDocument`, an object of `uri`, a string: `uri` is 7"),
        );
        check(
            json!({ "textDocument": "file:///x.puzzle" }),
            Reads::Document,
            Some("needs `textDocument`, an object of `uri`, a string: it is \"file:///x.puzzle\""),
        );
        check(
            json!({ "textDocument": document, "position": { "line": 0, "character": 2_147_483_648_u64 } }),
            Reads::Position,
            Some("needs `position`, an object of `line` and `character`, whole numbers from 0: `character` is 2147483648"),
        );
        check(
            json!({ "textDocument": document, "position": { "line": 1.5, "character": 0 } }),
            Reads::Position,
            Some("needs `position`, an object of `line` and `character`, whole numbers from 0: `line` is 1.5"),
        );
        check(
            json!({ "textDocument": document, "range": { "start": { "line": 0 }, "end": at } }),
            Reads::Range,
            Some(
                "needs `range`, an object of `start` and `end`, each an object of `line` and `character`, whole \
                 numbers from 0: `start`'s `character` is missing",
            ),
        );
        // The document is read first, whatever else is amiss.
        check(
            json!({ "position": null }),
            Reads::Position,
            Some("needs `textDocument`, an object of `uri`, a string: it is missing"),
        );
    }

    #[test]
    fn a_long_value_amiss_is_cut_short() {
        let long = "한".repeat(100);
        let params = json!({ "textDocument": { "uri": "file:///x.puzzle" }, "position": { "line": long } });
        let message = amiss(&params, Reads::Position).unwrap();
        let shown = format!("\"{}…", "한".repeat(59));
        assert!(message.ends_with(&format!("`line` is {shown}")), "{message}");
    }
}
