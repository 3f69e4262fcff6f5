//! Checks on the text itself and on ids, and `locate`, which finds the field an error inside an
//! internally tagged entry (a traffic source, a slack policy) is about: serde reports such an
//! error at the entry (`traffic[0]`), as it reads the entry before knowing its kind.

use crate::scenario::ScenarioError;

/// What serde would only call "expected value at line 1 column 1" or "invalid type: sequence".
#[inline]
pub(super) fn check_shape(text: &str) -> Result<(), ScenarioError> {
    if text.starts_with('\u{feff}') {
        return Err(ScenarioError::new(
            "",
            "the text starts with a byte order mark (U+FEFF); save the file as UTF-8 without one",
        ));
    }
    match text.trim_start().chars().next() {
        Some('{') | None => Ok(()),
        Some('[') => Err(ScenarioError::new("", "a scenario is a JSON object ({...}), not an array")),
        Some(_) => Err(ScenarioError::new("", "a scenario is a JSON object ({...})")),
    }
}

/// An id a person reads: no control characters (NUL, line breaks) and no bidirectional
/// formatting characters, which make an id display as another (right-to-left override).
#[inline]
pub(super) fn check_id(id: &str) -> Result<(), String> {
    if id.trim().is_empty() {
        return Err("must not be empty".into());
    }
    let bidi =
        |c: char| matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if let Some(c) = id.chars().find(|&c| c.is_control() || bidi(c)) {
        return Err(format!("holds U+{:04X}, a control or direction character", c as u32));
    }
    Ok(())
}

/// `path` made precise: when `msg` is about a quoted value (`invalid bandwidth "fast": ...`) and
/// the entry at `path` has exactly one field holding that string, the field's path.
pub(super) fn locate(text: &str, path: String, msg: &str) -> String {
    let Some(value) = msg.strip_prefix("invalid ").and_then(|m| m.split('"').nth(1)) else { return path };
    let Ok(doc) = serde_json::from_str::<serde_json::Value>(text) else { return path };
    let mut at = &doc;
    for seg in path.split('.') {
        let (name, index) = match seg.split_once('[') {
            Some((n, i)) => (n, i.strip_suffix(']').and_then(|i| i.parse::<usize>().ok())),
            None => (seg, None),
        };
        let Some(v) = at.get(name) else { return path };
        at = match index {
            Some(i) => match v.get(i) {
                Some(x) => x,
                None => return path,
            },
            None => v,
        };
    }
    let mut found = Vec::new();
    holding(at, value, String::new(), &mut found);
    match &found[..] {
        [one] => format!("{path}{one}"),
        _ => path,
    }
}

/// The paths (`.rate`, `.tcp.mss`) under `v`, two levels deep, of strings equal to `want`.
fn holding(v: &serde_json::Value, want: &str, at: String, out: &mut Vec<String>) {
    let Some(fields) = v.as_object() else { return };
    for (k, x) in fields {
        match x {
            serde_json::Value::String(s) if s == want => out.push(format!("{at}.{k}")),
            serde_json::Value::Object(_) if at.is_empty() => holding(x, want, format!(".{k}"), out),
            _ => {}
        }
    }
}
