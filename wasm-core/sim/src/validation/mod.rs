//! Reading a scenario from untrusted text: serde with the path of the failing field, preset
//! expansion, then the checks a schema cannot express. Every error names the field and the
//! problem. Above `scenario` (the format), `presets`, `traffic` and `transport`, whose rules
//! it applies.

use crate::budget::Budget;
use crate::scenario::{Limits, Scenario, ScenarioError, LIMITS};
use crate::time::Time;

/// Parses and checks a scenario from an untrusted source.
#[inline]
pub fn parse(text: &str) -> Result<Scenario, ScenarioError> {
    parse_with(text, &LIMITS)
}

/// Parses and checks a scenario within `limits`.
#[inline]
pub fn parse_with(text: &str, limits: &Limits) -> Result<Scenario, ScenarioError> {
    parse_budgeted(text, limits).map(|(s, _)| s)
}

/// Parses and checks a scenario within `limits`, with its run's budget (refused past the
/// limits' CPU and memory).
#[inline]
pub fn parse_budgeted(text: &str, limits: &Limits) -> Result<(Scenario, Budget), ScenarioError> {
    let scenario = parse_format(text, limits)?;
    #[cfg(not(feature = "full"))]
    crate::first::refuse_lacking(&scenario)?;
    let budget = check(&scenario, limits)?;
    Ok((scenario, budget))
}

/// Reads a scenario's fields (and expands its preset) without the checks beyond the format:
/// enough for questions about a draft such as which scheduler each port runs.
#[inline]
pub fn parse_format(text: &str, limits: &Limits) -> Result<Scenario, ScenarioError> {
    if text.len() > limits.text_bytes {
        return Err(ScenarioError::new(
            "",
            format!("the scenario is {} bytes; the limit is {}", text.len(), limits.text_bytes),
        ));
    }
    text::check_shape(text)?;
    // The first module reads without the failing field's path (half the parser's code): it
    // refuses the scenarios it cannot read, and the full module names the field.
    #[cfg(not(feature = "full"))]
    let mut scenario: Scenario = serde_json::from_str(text).map_err(crate::first::refuse_unread)?;
    #[cfg(feature = "full")]
    let de = &mut serde_json::Deserializer::from_str(text);
    #[cfg(feature = "full")]
    let mut scenario: Scenario = serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let msg = inner.to_string();
        // serde_json appends " at line L column C"; keep it only for syntax errors.
        let msg = if inner.is_syntax() || inner.is_eof() { msg } else { strip_position(&msg) };
        let path = if path == "." { String::new() } else { text::locate(text, path, &msg) };
        ScenarioError::new(path, msg)
    })?;
    expand_preset(&mut scenario.topology)?;
    Ok(scenario)
}

/// Which scheduler each port of a draft runs and why, as JSON (`Scenario::port_schedulers`).
#[inline]
pub fn port_schedulers_text(text: &str) -> Result<String, ScenarioError> {
    let s = parse_format(text, &LIMITS)?;
    Ok(serde_json::to_string(&s.port_schedulers()).expect("plain data"))
}

/// A sweep's or lesson's file read from untrusted text within `limits`: its size, then serde
/// with the failing field's path (`what` names the file in the size error: "sweep", "lesson").
pub fn read_file<T: serde::de::DeserializeOwned>(text: &str, limits: &Limits, what: &str) -> Result<T, ScenarioError> {
    if text.len() > limits.text_bytes {
        return Err(ScenarioError::new(
            "",
            format!("the {what} is {} bytes; the limit is {}", text.len(), limits.text_bytes),
        ));
    }
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let msg = inner.to_string();
        let msg = if inner.is_syntax() || inner.is_eof() { msg } else { strip_position(&msg) };
        ScenarioError::new(if path == "." { String::new() } else { path }, msg)
    })
}

/// A serde message without serde_json's " at line L column C" (which points into the text, not
/// at the field the path names).
pub fn strip_position(msg: &str) -> String {
    match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg.to_string(),
    }
}

// The checks run once per scenario: `#[inline]` (with their helpers), so that the binding,
// whose text entry points call `parse_with`, compiles them for size (wasm-core/wasm/README.md).
#[inline]
fn check(s: &Scenario, limits: &Limits) -> Result<Budget, ScenarioError> {
    fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
        ScenarioError::new(path, message)
    }
    if s.version != 1 {
        return Err(err("version", format!("this build reads version 1, the file is version {}", s.version)));
    }
    let duration = s.duration.0;
    if duration == Time::ZERO {
        return Err(err("duration", "must be greater than zero"));
    }
    if duration > limits.duration {
        return Err(err("duration", format!("must be at most {} s", limits.duration.as_ns() / 1_000_000_000)));
    }
    let t = &s.topology;
    if t.nodes.len() > limits.nodes {
        return Err(err("topology.nodes", format!("{} nodes; the limit is {}", t.nodes.len(), limits.nodes)));
    }
    if t.links.len() > limits.links {
        return Err(err("topology.links", format!("{} links; the limit is {}", t.links.len(), limits.links)));
    }
    if s.traffic.len() > limits.traffic {
        return Err(err("traffic", format!("{} sources; the limit is {}", s.traffic.len(), limits.traffic)));
    }
    let facts = topology::check(s)?;
    let per_source = traffic::check(s, limits, &facts)?;
    if let Some(spec) = crate::first::full_only(s.slack.as_ref()) {
        crate::slack::check(spec, s).map_err(|(f, m)| err(format!("slack.{f}"), m))?;
    }
    if let Some(e) = crate::first::full_only(s.edge_codel.as_ref()) {
        crate::slack::check_edge(e).map_err(|(f, m)| err(format!("edge_codel.{f}"), m))?;
    }
    // The page's Compare tab runs 2 to 4 (web/src/store/compareSetup.ts); each run is checked
    // once the scenario is (`crate::compare::check`).
    if !s.compare.is_empty() && !(2..=4).contains(&s.compare.len()) {
        return Err(err("compare", format!("a comparison has 2 to 4 runs, not {}", s.compare.len())));
    }
    for id in s.node_schedulers.keys() {
        if facts.kind_of(id).is_none() {
            return Err(err(format!("node_schedulers.{id}"), format!("unknown node \"{id}\"")));
        }
    }
    for (i, l) in t.links.iter().enumerate() {
        for owner in l.schedulers.keys() {
            if owner != &l.from && owner != &l.to {
                return Err(err(
                    format!("topology.links[{i}].schedulers.{owner}"),
                    format!("\"{owner}\" is not an end of this link ({} - {})", l.from, l.to),
                ));
            }
        }
    }
    if let Some(l) = crate::first::full_only(s.metrics.dequeues.as_ref()) {
        if !facts.linked(&l.from, &l.to) {
            return Err(err("metrics.dequeues", format!("no link between \"{}\" and \"{}\"", l.from, l.to)));
        }
    }
    if let Some(w) = s.metrics.window {
        if w.0 == Time::ZERO || w.0 > duration {
            return Err(err("metrics.window", "must be greater than zero and at most the duration"));
        }
        if duration.as_ns().div_ceil(w.0.as_ns()) > 100_000 {
            return Err(err("metrics.window", "makes over 100000 windows; choose a longer one"));
        }
    }
    if let Some(n) = s.trace.max_events {
        if n > limits.trace_events {
            return Err(err("trace.max_events", format!("at most {}", limits.trace_events)));
        }
    }
    replays::check_scripted(s)?;
    crate::script::resolve(s)?;
    replays::check_replays(s)?;
    let budget = crate::budget::estimate(s, &per_source);
    if budget.cpu_ns > limits.cpu_ns {
        return Err(err(
            budget.cpu_by.clone(),
            format!(
                "this run would take {}; the limit here is {} of CPU (shorten the duration, lower the rates or use the CLI)",
                budget.describe(),
                crate::budget::seconds(limits.cpu_ns)
            ),
        ));
    }
    if budget.memory_bytes > limits.memory_bytes {
        return Err(err(
            budget.memory_by.clone(),
            format!(
                "this run would need {}; the limit here is {} of memory",
                budget.describe(),
                crate::budget::bytes(limits.memory_bytes)
            ),
        ));
    }
    Ok(budget)
}

mod editable;
mod lists;
mod replays;
#[cfg(test)]
mod tests;
mod text;
mod topology;
mod traffic;

pub use editable::editable_text;
pub use topology::expand_preset;
