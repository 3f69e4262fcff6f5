//! Reading a scenario from untrusted text: serde with the path of the failing field, preset
//! expansion, then the checks a schema cannot express. Every error names the field and the
//! problem. Above `scenario` (the format), `presets`, `traffic` and `transport`, whose rules
//! it applies.

use std::collections::BTreeSet;

use crate::budget::Budget;
use crate::scenario::{
    Limits, NodeKind, Scenario, ScenarioError, SchedulerSpec, TcpSpec, Toggle, Topology, Traffic, Transport, LIMITS,
};
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
    let de = &mut serde_json::Deserializer::from_str(text);
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

#[inline]
fn check_endpoints(
    e: &crate::scenario::Endpoints,
    kind_of: &impl Fn(&str) -> Option<NodeKind>,
    all_hosts: usize,
) -> Result<(), (String, String)> {
    let n = match &e.hosts {
        Some(hosts) => {
            for (j, h) in hosts.iter().enumerate() {
                host(kind_of, h).map_err(|m| (format!("hosts[{j}]"), m))?;
            }
            // Distinct hosts, inserted one by one: a set's `collect` sorts its input, one sort
            // instantiation per type in the wasm module; as `&str`, the set type of the node
            // ids below, not a set of `&String` of its own.
            let mut distinct = BTreeSet::new();
            for h in hosts {
                distinct.insert(h.as_str());
            }
            distinct.len()
        }
        None => all_hosts,
    };
    if n < 2 {
        return Err(("hosts".into(), "a workload needs at least two hosts".into()));
    }
    match (e.pattern, &e.dst) {
        (crate::scenario::Pattern::Incast, None) => Err(("dst".into(), "incast needs a destination host".into())),
        (crate::scenario::Pattern::Incast, Some(d)) => host(kind_of, d).map(|_| ()).map_err(|m| ("dst".into(), m)),
        (_, Some(_)) => Err(("dst".into(), "only incast takes a destination".into())),
        _ => Ok(()),
    }
}

/// The largest window a scenario may set, in segments (a window is sent at once).
const MAX_WINDOW: u32 = 1_000_000;

/// The transport fields of one source; errors are (field, message).
#[inline]
fn check_transport(tr: &Traffic, transport: Transport, tcp: Option<&TcpSpec>) -> Result<(), (&'static str, String)> {
    let fail = |f: &'static str, m: &str| Err((f, m.to_string()));
    if transport == Transport::Udp {
        return match tcp {
            Some(_) => fail("tcp", "tcp options need transport tcp, dctcp or pfabric"),
            None => Ok(()),
        };
    }
    let (packet_size, rate) = match tr {
        Traffic::Bulk(u) => (u.packet_size.is_some(), u.rate.is_some()),
        Traffic::Flow(u) => (u.packet_size.is_some(), u.rate.is_some()),
        Traffic::Workload(w) => (w.packet_size.is_some(), false),
        _ => (false, false),
    };
    if packet_size {
        return fail("packet_size", "a TCP-family packet is tcp.mss + tcp.header; set those instead");
    }
    if rate {
        return fail("rate", "a TCP-family flow is clocked by its window, not a rate; remove rate");
    }
    let Some(t) = tcp else { return Ok(()) };
    let name = transport.name();
    let mss = t.mss.map_or(crate::transport::DEFAULT_MSS as u64, |q| q.0);
    let header = t.header.map_or(crate::transport::DEFAULT_HEADER as u64, |q| q.0);
    if mss == 0 {
        return fail("tcp.mss", "must be at least 1B");
    }
    if header == 0 {
        return fail("tcp.header", "must be at least 1B");
    }
    if mss > 65_535 || header > 65_535 || mss + header > 65_535 {
        return fail("tcp.mss", "mss + header must be at most 65535B");
    }
    if t.initial_window.is_some_and(|w| w == 0 || w > MAX_WINDOW) {
        return fail("tcp.initial_window", "must be from 1 to 1000000 segments");
    }
    if t.max_window.is_some_and(|w| w == 0 || w > MAX_WINDOW) {
        return fail("tcp.max_window", "must be from 1 to 1000000 segments");
    }
    if transport == Transport::Pfabric && t.max_window.is_some() {
        return fail("tcp.max_window", "pfabric's window never exceeds its initial window: set tcp.initial_window");
    }
    for (field, q) in [("tcp.min_rto", t.min_rto), ("tcp.initial_rto", t.initial_rto), ("tcp.rto", t.rto)] {
        if q.is_some_and(|q| q.0 == Time::ZERO) {
            return fail(field, "must be greater than zero");
        }
    }
    if transport == Transport::Pfabric {
        if t.min_rto.is_some() || t.initial_rto.is_some() {
            let f = if t.min_rto.is_some() { "tcp.min_rto" } else { "tcp.initial_rto" };
            return Err((f, "pfabric has one fixed timeout: set tcp.rto".into()));
        }
    } else if t.rto.is_some() {
        return Err(("tcp.rto", format!("{name} computes its timeout (RFC 6298); set tcp.min_rto instead")));
    }
    if t.ecn == Toggle::On && transport != Transport::Tcp {
        return Err(("tcp.ecn", format!("ecn is an option of tcp; {name} decides it itself")));
    }
    if t.delayed_ack == Toggle::On && transport != Transport::Tcp {
        return Err(("tcp.delayed_ack", format!("{name} acknowledges every packet")));
    }
    if let Some(d) = t.delayed_ack_timeout {
        if d.0 == Time::ZERO || d.0 >= Time::ms(500) {
            return fail("tcp.delayed_ack_timeout", "must be above zero and under 500ms (RFC 5681 Sec. 4.2)");
        }
    }
    Ok(())
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
    // Looked up by id in a map (a scan of the nodes per lookup made validation quadratic).
    let mut kinds = std::collections::BTreeMap::new();
    for n in &t.nodes {
        kinds.insert(n.id.as_str(), n.kind);
    }
    let kind_of = |id: &str| kinds.get(id).copied();
    // Links per node: a workload's packets are bounded through its hosts' links (below).
    let mut degree: std::collections::BTreeMap<&str, u128> = std::collections::BTreeMap::new();
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
    let mut flow_ids = BTreeSet::new();
    let mut packets: u128 = 0;
    let mut per_source = Vec::with_capacity(s.traffic.len());
    for (i, tr) in s.traffic.iter().enumerate() {
        let at = |f: &str| format!("traffic[{i}].{f}");
        text::check_id(tr.id()).map_err(|m| err(at("id"), m))?;
        if !flow_ids.insert(tr.id()) {
            return Err(err(at("id"), format!("duplicate flow id \"{}\"", tr.id())));
        }
        if let Some((src, dst, path)) = tr.endpoints() {
            for (field, end) in [("src", src), ("dst", dst)] {
                host(&kind_of, end).map_err(|m| err(at(field), m))?;
            }
            if src == dst {
                return Err(err(at("dst"), "the destination is the source"));
            }
            if let Some(path) = path {
                check_path(path, src, dst, &kind_of, &pairs).map_err(|m| err(at("path"), m))?;
            }
        }
        let (start, stop) = tr.window();
        if let (Some(a), Some(b)) = (start, stop) {
            if b.0 <= a.0 {
                return Err(err(at("stop"), format!("must be after start ({})", crate::units::format::time(a.0))));
            }
        }
        let start = start.map(|q| q.0).unwrap_or(Time::ZERO);
        let stop = stop.map(|q| q.0).unwrap_or(duration).min(duration);
        if stop <= start {
            return Err(err(
                at(if tr.window().1.is_some() { "stop" } else { "start" }),
                "must leave some time to send before the run ends",
            ));
        }
        let active = (stop - start).as_ns() as u128;
        let per_second = |bps: u64, size: u64| active * bps as u128 / (size as u128 * 8 * 1_000_000_000) + 1;
        let packet_size = |q: Option<crate::scenario::BytesQ>, field: &str| -> Result<u64, ScenarioError> {
            let size = q.map_or(1500, |q| q.0);
            if size == 0 || size > 65_535 {
                return Err(err(at(field), "must be between 1B and 65535B"));
            }
            Ok(size)
        };
        let finite = |q: Option<crate::scenario::BandwidthQ>| -> Result<Option<u64>, ScenarioError> {
            match q {
                None => Ok(None),
                Some(b) => b.0.bps().map(Some).ok_or_else(|| err(at("rate"), "a source rate must be finite")),
            }
        };
        let (transport, tcp) = tr.transport();
        check_transport(tr, transport, tcp).map_err(|(f, m)| err(at(f), m))?;
        let before = packets;
        match tr {
            Traffic::Cbr(u) | Traffic::Poisson(u) => {
                let size = packet_size(Some(u.packet_size), "packet_size")?;
                if let Some(d) = &u.packet_sizes {
                    crate::traffic::sizes::check(d).map_err(|(f, m)| err(at(&format!("packet_sizes.{f}")), m))?;
                }
                let bps = finite(Some(u.rate))?.expect("given");
                packets += per_second(bps, size);
            }
            Traffic::Onoff(u) => {
                let size = packet_size(Some(u.packet_size), "packet_size")?;
                let bps = finite(Some(u.rate))?.expect("given");
                if u.on.0 == Time::ZERO {
                    return Err(err(at("on"), "must be greater than zero"));
                }
                // At its rate, and at least one packet per ON period whatever the rate.
                packets += per_second(bps, size) + active / (u.on.0 + u.off.0).as_ns() as u128;
            }
            Traffic::Bulk(u) => {
                let size = packet_size(u.packet_size, "packet_size")?;
                packets += per_second(finite(u.rate)?.unwrap_or(max_bps), size);
                // A window is sent at once, however short the run (pFabric's derived one at
                // most `MAX_DERIVED_WINDOW`).
                if transport != Transport::Udp {
                    let derived = if transport == Transport::Pfabric {
                        crate::transport::pfabric::MAX_DERIVED_WINDOW
                    } else {
                        crate::transport::DEFAULT_INITIAL_WINDOW
                    };
                    packets += tcp.and_then(|t| t.initial_window).unwrap_or(derived) as u128;
                }
            }
            Traffic::Flow(u) => {
                let size = packet_size(u.packet_size, "packet_size")?;
                finite(u.rate)?;
                if u.size.0 == 0 {
                    return Err(err(at("size"), "must be greater than zero"));
                }
                if u.weight == Some(0) {
                    return Err(err(at("weight"), "must be at least 1"));
                }
                packets += (u.size.0 / size + 1) as u128;
            }
            Traffic::Workload(w) => {
                let size = packet_size(w.packet_size, "packet_size")?;
                if !(w.load > 0.0 && w.load < 1.0) {
                    return Err(err(at("load"), format!("must be between 0 and 1 (exclusive), got {}", w.load)));
                }
                crate::traffic::sizes::check(&w.sizes).map_err(|(f, m)| err(at(&format!("sizes.{f}")), m))?;
                check_endpoints(&w.endpoints, &kind_of, hosts)
                    .map_err(|(f, m)| err(at(&format!("endpoints.{f}")), m))?;
                if let Some(l) = &w.link {
                    let key =
                        if l.from < l.to { (l.from.as_str(), l.to.as_str()) } else { (l.to.as_str(), l.from.as_str()) };
                    if !pairs.contains(&key) {
                        return Err(err(at("link"), format!("no link between \"{}\" and \"{}\"", l.from, l.to)));
                    }
                }
                // Calibrated so its most loaded link runs at `load`, which carries at least
                // 1 / (its hosts' links) of its flows (every flow leaves its source by one of
                // them; an incast's all reach its destination by one of its links): so at most
                // `load` x that link's rate x those links in all.
                let e = &w.endpoints;
                let through = match (e.pattern, &e.dst, &e.hosts) {
                    (crate::scenario::Pattern::Incast, Some(d), _) => degree.get(d.as_str()).copied().unwrap_or(1),
                    (_, _, Some(hs)) => hs.iter().map(|h| degree.get(h.as_str()).copied().unwrap_or(0)).sum(),
                    _ => host_links,
                };
                packets += per_second((w.load * max_bps as f64) as u64 + 1, size) * through.max(1);
            }
            Traffic::FlowList(l) => {
                packet_size(l.packet_size, "packet_size")?;
                packets += lists::check(l, (start, stop), &kind_of, &pairs).map_err(|(f, m)| err(at(f), m))?;
            }
        }
        if transport != Transport::Udp {
            // About one ACK per data packet.
            packets += packets - before;
        }
        per_source.push(packets - before);
        if packets > limits.packets as u128 {
            return Err(err(
                at("rate"),
                format!(
                    "the sources would create over {} packets; shorten the duration or lower the rates",
                    limits.packets
                ),
            ));
        }
    }
    if s.replay.is_some() {
        if let Some(i) = s.traffic.iter().position(|t| t.transport().0 != Transport::Udp) {
            return Err(err(
                "replay",
                format!("traffic[{i}] uses a closed-loop transport; replays record open-loop (udp) schedules"),
            ));
        }
    }
    if let Some(spec) = &s.slack {
        crate::slack::check(spec, s).map_err(|(f, m)| err(format!("slack.{f}"), m))?;
    }
    if let Some(e) = &s.edge_codel {
        crate::slack::check_edge(e).map_err(|(f, m)| err(format!("edge_codel.{f}"), m))?;
    }
    for id in s.node_schedulers.keys() {
        if kind_of(id).is_none() {
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
    if let Some(l) = &s.metrics.dequeues {
        let key = if l.from < l.to { (l.from.as_str(), l.to.as_str()) } else { (l.to.as_str(), l.from.as_str()) };
        if !pairs.contains(&key) {
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
    check_scripted(s)?;
    crate::script::resolve(s)?;
    check_replays(s)?;
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

/// A scripted schedule fixes every port's order and every packet: no traffic, no scheduler.
#[inline]
fn check_scripted(s: &Scenario) -> Result<(), ScenarioError> {
    let Some(_) = &s.schedule else { return Ok(()) };
    let fail = |path: String, what: &str| {
        Err(ScenarioError::new(path, format!("a scripted schedule fixes {what}; remove this (or the schedule)")))
    };
    if !s.traffic.is_empty() {
        return fail("traffic".into(), "every packet");
    }
    if s.default_scheduler.is_some() {
        return fail("default_scheduler".into(), "every port's order");
    }
    if s.slack.is_some() {
        return fail("slack".into(), "every packet's times (a replay sets its own slack)");
    }
    if s.edge_codel.is_some() {
        return fail("edge_codel".into(), "every packet (it is delivered, never dropped)");
    }
    if let Some(id) = s.node_schedulers.keys().next() {
        return fail(format!("node_schedulers.{id}"), "every port's order");
    }
    for (i, n) in s.topology.nodes.iter().enumerate() {
        if n.scheduler.is_some() {
            return fail(format!("topology.nodes[{i}].scheduler"), "every port's order");
        }
    }
    for (i, l) in s.topology.links.iter().enumerate() {
        if let Some(owner) = l.schedulers.keys().next() {
            return fail(format!("topology.links[{i}].schedulers.{owner}"), "every port's order");
        }
    }
    for (i, c) in s.checks.iter().enumerate() {
        if c.versus.as_ref().is_some_and(|v| v.default_scheduler.is_some()) {
            return fail(
                format!("checks[{i}].versus.default_scheduler"),
                "every port's order (compare replays instead)",
            );
        }
        if c.under.is_some() {
            return fail(format!("checks[{i}].under"), "every port's order (compare replays instead)");
        }
    }
    Ok(())
}

/// Replay names are unique and plain; an explicit priority order lists every scripted packet
/// once; checks, paper figures and guide steps name replays, nodes and packets that exist.
#[inline]
fn check_replays(s: &Scenario) -> Result<(), ScenarioError> {
    fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
        ScenarioError::new(path, message)
    }
    let replays = s.replay.as_ref().map(|r| r.replays()).unwrap_or_default();
    let packets: Vec<&str> = s.schedule.iter().flat_map(|sc| sc.packets.iter().map(|p| p.id.as_str())).collect();
    let mut names = BTreeSet::new();
    for (i, r) in replays.iter().enumerate() {
        let at = |f: &str| format!("replay.modes[{i}]{f}");
        let plain = |c: char| c.is_ascii_alphanumeric() || "_-.<>".contains(c);
        if r.name.is_empty() || !r.name.chars().all(plain) {
            return Err(err(at(".name"), format!("\"{}\": use letters, digits and _ - . < >", r.name)));
        }
        if !names.insert(r.name.as_str()) {
            return Err(err(at(""), format!("a second replay named \"{}\" (give it a name)", r.name)));
        }
        let Some(order) = &r.order else { continue };
        if r.mode != crate::scenario::Mode::Priority {
            return Err(err(at(".order"), "an order sets simple priorities: use mode priority"));
        }
        if s.schedule.is_none() {
            return Err(err(at(".order"), "an order names the packets of a scripted schedule; this scenario has none"));
        }
        for (j, id) in order.iter().enumerate() {
            if !packets.contains(&id.as_str()) {
                return Err(err(at(&format!(".order[{j}]")), format!("unknown packet \"{id}\"")));
            }
            if order[..j].contains(id) {
                return Err(err(at(&format!(".order[{j}]")), format!("\"{id}\" is listed twice")));
            }
        }
        if let Some(missing) = packets.iter().find(|p| !order.iter().any(|o| o == *p)) {
            return Err(err(at(".order"), format!("list every packet of the schedule once: \"{missing}\" is missing")));
        }
    }
    let known = |field: String, name: &Option<String>| match name {
        Some(n) if !names.contains(n.as_str()) => Err(err(
            field,
            format!(
                "no replay named \"{n}\" (replay.modes has: {})",
                names.iter().copied().collect::<Vec<_>>().join(", ")
            ),
        )),
        _ => Ok(()),
    };
    for (i, c) in s.checks.iter().enumerate() {
        known(format!("checks[{i}].replay"), &c.replay)?;
        known(format!("checks[{i}].versus.replay"), &c.versus.as_ref().and_then(|v| v.replay.clone()))?;
    }
    for (i, p) in s.paper.iter().enumerate() {
        known(format!("paper[{i}].replay"), &p.replay)?;
    }
    for (i, g) in s.guide.iter().enumerate() {
        let at = |f: &str| format!("guide[{i}].{f}");
        known(at("replay"), &g.replay)?;
        if !s.topology.nodes.iter().any(|n| n.id == g.node) {
            return Err(err(at("node"), format!("unknown node \"{}\"", g.node)));
        }
        for (j, id) in g.packets.iter().enumerate() {
            if !packets.contains(&id.as_str()) {
                return Err(err(
                    at(&format!("packets[{j}]")),
                    format!("unknown packet \"{id}\" (packets are named in a schedule)"),
                ));
            }
        }
        let end = if g.replay.is_some() { s.duration.0 + s.duration.0 } else { s.duration.0 };
        if g.at.0 > end {
            return Err(err(at("at"), "after the run (a replay runs for twice the duration)"));
        }
    }
    Ok(())
}

/// A part of a JSON document read as `T`, errors naming the field under `at`. It is read from
/// its text (not the `Value`), as `parse_format` reads a whole scenario: the wasm module then
/// holds one copy of the serde code of the scenario's types, not one per deserializer.
#[inline]
fn part<T: serde::de::DeserializeOwned>(v: &serde_json::Value, at: &str) -> Result<T, ScenarioError> {
    let text = v.to_string();
    let de = &mut serde_json::Deserializer::from_str(&text);
    serde_path_to_error::deserialize(de)
        .map_err(|e| ScenarioError::new(format!("{at}.{}", e.path()), strip_position(&e.into_inner().to_string())))
}

/// The scenario as the page's editor edits it: a preset topology replaced by explicit nodes
/// (with positions) and links ("load a preset, then edit it"), and `node_schedulers` folded
/// into the nodes (the same ports run the same schedulers); everything else as it was.
#[inline]
pub fn editable_text(text: &str) -> Result<String, ScenarioError> {
    use crate::units::format;
    let mut doc: serde_json::Value =
        serde_json::from_str(text).map_err(|e| ScenarioError::new("", format!("not JSON: {e}")))?;
    let Some(topology) = doc.get("topology") else {
        return Err(ScenarioError::new("topology", "missing field `topology`"));
    };
    let mut t: Topology = part(topology, "topology")?;
    expand_preset(&mut t)?;
    // node_schedulers override the nodes' own (`Scenario::port_scheduler`): fold them in.
    if let Some(by_node) = doc.get("node_schedulers") {
        let by_node: std::collections::BTreeMap<String, SchedulerSpec> = part(by_node, "node_schedulers")?;
        for n in &mut t.nodes {
            if let Some(spec) = by_node.get(&n.id) {
                n.scheduler = Some(Box::new(spec.clone()));
            }
        }
        doc.as_object_mut().expect("a JSON object has fields").remove("node_schedulers");
    }
    let spec = |s: &SchedulerSpec| serde_json::to_value(s).expect("plain data");
    let nodes: Vec<serde_json::Value> = t
        .nodes
        .iter()
        .map(|n| {
            let mut v = serde_json::json!({"id": n.id, "kind": match n.kind { NodeKind::Host => "host", NodeKind::Router => "router" }});
            if let Some(p) = n.pos {
                v["pos"] = serde_json::json!(p);
            }
            if let Some(s) = &n.scheduler {
                v["scheduler"] = spec(s);
            }
            if let Some(m) = &n.middlebox {
                let modules: Vec<serde_json::Value> = m
                    .modules
                    .iter()
                    .map(|m| serde_json::json!({"name": m.name, "a": m.a, "b": format::time(m.b.0)}))
                    .collect();
                v["middlebox"] = serde_json::json!({"modules": modules, "assign": m.assign});
                if let Some(s) = &m.scheduler {
                    v["middlebox"]["scheduler"] = spec(s);
                }
                if let Some(k) = m.link_queue {
                    v["middlebox"]["link_queue"] = k.into();
                }
                if let Some(b) = m.flow_queue {
                    v["middlebox"]["flow_queue"] = format::buffer(b.0).into();
                }
            }
            v
        })
        .collect();
    let links: Vec<serde_json::Value> = t
        .links
        .iter()
        .map(|l| {
            let mut v = serde_json::json!({
                "from": l.from, "to": l.to,
                "bandwidth": format::bandwidth(l.bandwidth.0), "delay": format::time(l.delay.0),
            });
            if let Some(b) = l.buffer {
                v["buffer"] = format::buffer(b.0).into();
            }
            if !l.schedulers.is_empty() {
                let mut by_owner = serde_json::Map::new();
                for (k, s) in &l.schedulers {
                    by_owner.insert(k.clone(), spec(s));
                }
                v["schedulers"] = by_owner.into();
            }
            v
        })
        .collect();
    doc["topology"] = serde_json::json!({"nodes": nodes, "links": links});
    Ok(serde_json::to_string_pretty(&doc).expect("plain data"))
}

mod lists;
#[cfg(test)]
mod tests;
mod text;
