//! The page's first WebAssembly module: sched-sim built without its `full` feature, which the
//! page loads before the full module so that the default scenario runs sooner (issue 41). It
//! holds the parser (without field paths), the checks, the engine, FIFO, the UDP traffic
//! sources and the results; the other schedulers (`sched/mod.rs`), the topology presets, rank
//! and slack programs, slack rules, Edge-CoDel, middleboxes, replays, scripted schedules,
//! comparisons, the TCP-family transports, workloads and flow lists, random packet sizes and a
//! scenario's `checks` are the full module's, and its parser does not read their fields or
//! variants (`refuse_unread`). A scenario that needs one of them is refused, as such, by
//! [`lacks`] or the parser; the page then runs it on the full module. The code behind what the
//! parser never fills is left out of the module where it is reached ([`full_only`], `cfg!`).

use crate::scenario::{Scenario, ScenarioError, SchedulerSpec};

/// What the first module says of a part it does not hold.
pub const IN_FULL: &str = "in the full module only";

/// The first part of `s` that this build lacks, as an error naming its field
/// ("topology.nodes[3].scheduler.name: lstf: in the full module only"); `None` when this build
/// runs `s`. The full build lacks nothing; in the first module a scheduler name its registry
/// does not list is the full module's (which says so when no build knows the name).
pub fn lacks(s: &Scenario) -> Option<ScenarioError> {
    if cfg!(feature = "full") {
        return None;
    }
    let part = |path: &str| Some(ScenarioError::new(path, IN_FULL));
    if s.topology.preset.is_some() {
        return part("topology.preset");
    }
    if s.replay.is_some() {
        return part("replay");
    }
    if s.schedule.is_some() {
        return part("schedule");
    }
    let mut specs: Vec<(String, &SchedulerSpec)> = Vec::new();
    if let Some(d) = &s.default_scheduler {
        specs.push(("default_scheduler".into(), d));
    }
    specs.extend(s.node_schedulers.iter().map(|(id, d)| (format!("node_schedulers.{id}"), d)));
    for (i, n) in s.topology.nodes.iter().enumerate() {
        if let Some(d) = &n.scheduler {
            specs.push((format!("topology.nodes[{i}].scheduler"), d));
        }
    }
    for (i, l) in s.topology.links.iter().enumerate() {
        specs.extend(l.schedulers.iter().map(|(o, d)| (format!("topology.links[{i}].schedulers.{o}"), d)));
    }
    while let Some((path, d)) = specs.pop() {
        if crate::sched::registry::lookup(&d.name).is_none() {
            return Some(ScenarioError::new(format!("{path}.name"), format!("{}: {IN_FULL}", d.name)));
        }
        specs.extend(d.children.iter().enumerate().map(|(i, c)| (format!("{path}.children[{i}]"), c)));
    }
    None
}

/// The fields this build does not read (`#[cfg_attr(not(feature = "full"), serde(skip))]` in
/// `scenario`), by where they sit: the parser refuses them as unknown (`deny_unknown_fields`),
/// never ignores them, and [`refuse_unread`] says so as [`lacks`] does.
#[cfg(not(feature = "full"))]
const UNREAD: [(&str, &str); 14] = [
    ("schedule", "schedule"),
    ("replay", "replay"),
    ("paper", "paper"),
    ("compare", "compare"),
    ("checks", "checks"),
    ("guide", "guide"),
    ("preset", "topology.preset"),
    ("params", "topology.params"),
    ("middlebox", "topology.nodes[].middlebox"),
    ("slack", "slack"),
    ("edge_codel", "edge_codel"),
    ("dequeues", "metrics.dequeues"),
    ("packet_sizes", "traffic[].packet_sizes"),
    ("tcp", "traffic[].tcp"),
];

/// The variants this build does not read (`#[cfg_attr(not(feature = "full"),
/// serde(skip_deserializing))]` in `scenario::traffic`), by the field that names them: the
/// parser refuses them as unknown variants.
#[cfg(not(feature = "full"))]
const UNREAD_VARIANTS: [(&str, &str); 6] = [
    ("workload", "traffic[].kind"),
    ("flow_list", "traffic[].kind"),
    ("tcp", "traffic[].transport"),
    ("dctcp", "traffic[].transport"),
    ("pfabric", "traffic[].transport"),
    ("rc3", "traffic[].transport"),
];

/// The first module's reading of a parse error: a field or a variant it does not read is the
/// full module's ("replay: in the full module only", "traffic[].kind: workload: in the full
/// module only"); any other error is the full module's to name.
#[cfg(not(feature = "full"))]
pub fn refuse_unread(e: serde_json::Error) -> ScenarioError {
    let msg = e.to_string();
    let quoted = |prefix: &str| msg.strip_prefix(prefix).and_then(|m| m.split('`').next());
    if let Some((_, path)) = UNREAD.iter().find(|(key, _)| Some(*key) == quoted("unknown field `")) {
        return ScenarioError::new(*path, IN_FULL);
    }
    match UNREAD_VARIANTS.iter().find(|(name, _)| Some(*name) == quoted("unknown variant `")) {
        Some((name, path)) => ScenarioError::new(*path, format!("{name}: {IN_FULL}")),
        None => ScenarioError::new("", format!("{msg} (the full module names the field)")),
    }
}

/// `x` in the full build; `None` in the first module, whose parser never fills the field `x`
/// is read from (`UNREAD`): the code behind it is then left out of the module.
#[inline(always)]
pub fn full_only<T>(x: Option<T>) -> Option<T> {
    if cfg!(feature = "full") {
        x
    } else {
        None
    }
}

/// [`lacks`] as a refusal.
pub fn refuse_lacking(s: &Scenario) -> Result<(), ScenarioError> {
    lacks(s).map_or(Ok(()), Err)
}
