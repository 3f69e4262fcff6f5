//! The topology's checks: node ids, kinds and middleboxes, links between known nodes (one per
//! pair), explicit paths; and the facts the traffic checks and the budget read (node kinds by
//! id, links per node, linked pairs, the fastest finite link).

use std::collections::{BTreeMap, BTreeSet};

use super::text;
use crate::scenario::{NodeKind, Scenario, ScenarioError, Topology};

/// What the traffic checks read about a checked topology.
pub(super) struct Facts<'a> {
    kinds: BTreeMap<&'a str, NodeKind>,
    /// Links per node: a workload's packets are bounded through its hosts' links.
    pub degree: BTreeMap<&'a str, u128>,
    pub hosts: usize,
    /// Links of all hosts together.
    pub host_links: u128,
    /// Linked node pairs, (smaller id, larger id).
    pub pairs: BTreeSet<(&'a str, &'a str)>,
    /// The fastest finite link, bps (1 if none).
    pub max_bps: u64,
}

impl<'a> Facts<'a> {
    /// A node's kind by id (looked up in a map: a scan of the nodes per lookup made validation
    /// quadratic).
    #[inline]
    pub fn kind_of(&self, id: &str) -> Option<NodeKind> {
        self.kinds.get(id).copied()
    }

    /// Whether a link joins `a` and `b`.
    #[inline]
    pub fn linked(&self, a: &str, b: &str) -> bool {
        self.pairs.contains(&if a < b { (a, b) } else { (b, a) })
    }
}

/// Checks `s`'s nodes and links (their counts are checked against the limits before).
#[inline]
pub(super) fn check(s: &Scenario) -> Result<Facts<'_>, ScenarioError> {
    fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
        ScenarioError::new(path, message)
    }
    let t = &s.topology;
    let mut ids = BTreeSet::new();
    // Once, not per middlebox: the traffic ids its modules may be assigned.
    let flows: Vec<String> = if t.nodes.iter().any(|n| n.middlebox.is_some()) {
        s.traffic.iter().map(|t| t.id().to_string()).collect()
    } else {
        Vec::new()
    };
    for (i, n) in t.nodes.iter().enumerate() {
        text::check_id(&n.id).map_err(|m| err(format!("topology.nodes[{i}].id"), m))?;
        if !ids.insert(n.id.as_str()) {
            return Err(err(format!("topology.nodes[{i}].id"), format!("duplicate node id \"{}\"", n.id)));
        }
        if let Some([x, y]) = n.pos {
            if !x.is_finite() || !y.is_finite() {
                return Err(err(format!("topology.nodes[{i}].pos"), "must be two finite numbers"));
            }
        }
        if let Some(m) = &n.middlebox {
            if n.kind != NodeKind::Router {
                return Err(err(format!("topology.nodes[{i}].middlebox"), "only a router can be a middlebox"));
            }
            m.check(&format!("topology.nodes[{i}].middlebox"), &flows).map_err(|(p, m)| err(p, m))?;
        }
    }
    let mut kinds = BTreeMap::new();
    for n in &t.nodes {
        kinds.insert(n.id.as_str(), n.kind);
    }
    let kind_of = |id: &str| kinds.get(id).copied();
    let mut degree: BTreeMap<&str, u128> = BTreeMap::new();
    for l in &t.links {
        *degree.entry(l.from.as_str()).or_default() += 1;
        *degree.entry(l.to.as_str()).or_default() += 1;
    }
    let hosts = t.nodes.iter().filter(|n| n.kind == NodeKind::Host).count();
    let host_links: u128 = t
        .nodes
        .iter()
        .filter(|n| n.kind == NodeKind::Host)
        .map(|n| degree.get(n.id.as_str()).copied().unwrap_or(0))
        .sum();
    let mut pairs = BTreeSet::new();
    for (i, l) in t.links.iter().enumerate() {
        for (field, end) in [("from", &l.from), ("to", &l.to)] {
            if kind_of(end).is_none() {
                return Err(err(format!("topology.links[{i}].{field}"), format!("unknown node \"{end}\"")));
            }
        }
        if l.from == l.to {
            return Err(err(format!("topology.links[{i}].to"), format!("a link from \"{}\" to itself", l.from)));
        }
        let key = if l.from < l.to { (l.from.as_str(), l.to.as_str()) } else { (l.to.as_str(), l.from.as_str()) };
        if !pairs.insert(key) {
            return Err(err(
                format!("topology.links[{i}]"),
                format!("a second link between \"{}\" and \"{}\"", l.from, l.to),
            ));
        }
    }
    let max_bps = t.links.iter().filter_map(|l| l.bandwidth.0.bps()).max().unwrap_or(1);
    Ok(Facts { kinds, degree, hosts, host_links, pairs, max_bps })
}

/// Replaces a preset topology by its nodes and links.
pub fn expand_preset(t: &mut Topology) -> Result<(), ScenarioError> {
    let Some(name) = &t.preset else {
        if !t.params.is_empty() {
            return Err(ScenarioError::new("topology.params", "params belong to a preset; name one with \"preset\""));
        }
        return Ok(());
    };
    if !t.nodes.is_empty() || !t.links.is_empty() {
        return Err(ScenarioError::new("topology", "give either a preset or nodes and links, not both"));
    }
    if !cfg!(feature = "full") {
        return Err(ScenarioError::new("topology.preset", format!("{name}: {}", crate::first::IN_FULL)));
    }
    let g = crate::presets::expand(name, &t.params)
        .map_err(|(path, msg)| ScenarioError::new(format!("topology.{path}"), msg))?;
    t.nodes = g.nodes;
    t.links = g.links;
    Ok(())
}

#[inline]
pub(super) fn host<'a>(kind_of: &impl Fn(&str) -> Option<NodeKind>, id: &'a str) -> Result<&'a str, String> {
    match kind_of(id) {
        None => Err(format!("unknown node \"{id}\"")),
        Some(NodeKind::Router) => Err(format!("\"{id}\" is a router; traffic starts and ends at hosts")),
        Some(NodeKind::Host) => Ok(id),
    }
}

#[inline]
pub(super) fn check_path(
    path: &[String],
    src: &str,
    dst: &str,
    kind_of: &impl Fn(&str) -> Option<NodeKind>,
    pairs: &BTreeSet<(&str, &str)>,
) -> Result<(), String> {
    if path.first().map(String::as_str) != Some(src) || path.last().map(String::as_str) != Some(dst) {
        return Err(format!("must start at \"{src}\" and end at \"{dst}\""));
    }
    for (j, w) in path.windows(2).enumerate() {
        let key = if w[0] < w[1] { (w[0].as_str(), w[1].as_str()) } else { (w[1].as_str(), w[0].as_str()) };
        if !pairs.contains(&key) {
            return Err(format!("step {j}: no link between \"{}\" and \"{}\"", w[0], w[1]));
        }
    }
    // A node once: a packet's hop count (u16) then stays below the node count (at most 65 535),
    // and a path cannot loop over a zero-delay link for as long as it likes.
    let mut seen = BTreeSet::new();
    for n in path {
        if !seen.insert(n.as_str()) {
            return Err(format!("visits \"{n}\" twice; a path visits each node once"));
        }
    }
    for mid in &path[1..path.len() - 1] {
        if kind_of(mid) != Some(NodeKind::Router) {
            return Err(format!("\"{mid}\" is not a router; only routers forward"));
        }
    }
    Ok(())
}
