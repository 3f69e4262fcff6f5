//! Scripted original schedules (UPS App. A, Figs. 8-10): checks that a scenario's `schedule`
//! is viable and times every hop of every packet, so the engine can play it exactly.
//!
//! Viable (UPS Sec. 2.1, for the non-preemptive store-and-forward model of App. A):
//! - causal along the path: a packet is scheduled at a node no earlier than it arrives, and
//!   arrives at the next node exactly when its last bit has crossed the link (scheduling time
//!   + transmission time size / bandwidth + propagation delay);
//! - one packet at a time per output port, never interrupted: the next packet a port
//!   schedules starts no earlier than the previous one's last bit has left;
//! - a node the script gives no times for holds the packet back for no time; the packet
//!   leaves its source host so as to reach the first router listed at the arrival given.
//!
//! Errors name the packet, the node and the times that disagree.

use std::collections::BTreeMap;

use crate::scenario::{NodeKind, Scenario, ScenarioError, Schedule};
use crate::time::Time;
use crate::units::format;

/// At most this many scripted packets (the figures have ten).
pub const MAX_PACKETS: usize = 10_000;

/// A scripted packet with every hop timed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimedPacket {
    pub name: String,
    /// Its index in `schedule.packets`.
    pub index: usize,
    /// Index into the schedule's flows.
    pub flow: usize,
    pub size: u32,
    /// Node indices (into the scenario's nodes), host to host.
    pub nodes: Vec<usize>,
    /// Per hop (node k sending to node k + 1): arrival at node k and scheduling time there.
    /// Hop 0 is the source host (arrival = scheduling = when it is sent).
    pub arrive: Vec<Time>,
    pub start: Vec<Time>,
    /// When its last bit reaches its destination host.
    pub delivered: Time,
}

/// The default size of a scripted packet and the default unit of the tables.
pub const DEFAULT_SIZE: u64 = 1000;
pub const DEFAULT_UNIT: Time = Time::us(1);

fn err(path: impl Into<String>, msg: impl Into<String>) -> ScenarioError {
    ScenarioError::new(path, msg)
}

fn t(x: Time) -> String {
    format::time(x)
}

/// Enters the id of entry `i` of a `what` list ("flow", "packet") into `ids`: an error at
/// `path` when it is empty or already there.
fn new_id<'a>(
    ids: &mut BTreeMap<&'a str, usize>,
    id: &'a str,
    i: usize,
    path: String,
    what: &str,
) -> Result<(), ScenarioError> {
    if id.trim().is_empty() {
        return Err(err(path, "must not be empty"));
    }
    if ids.insert(id, i).is_some() {
        return Err(err(path, format!("duplicate {what} id \"{id}\"")));
    }
    Ok(())
}

/// Checks the scenario's schedule and times it; `None` when the scenario has none. Packets
/// come in the order they are sent (then in file order): packet ids in the run.
pub fn resolve(s: &Scenario) -> Result<Option<Vec<TimedPacket>>, ScenarioError> {
    // The first module does not read `schedule` (`first`): none of this is in it.
    let Some(sc) = s.schedule.as_ref().filter(|_| cfg!(feature = "full")) else { return Ok(None) };
    let nodes = &s.topology.nodes;
    // Inserted one by one (the last of equal ids wins, as `collect` keeps it): a map's
    // `collect` sorts its input, one sort instantiation per type in the wasm module.
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, n) in nodes.iter().enumerate() {
        index.insert(n.id.as_str(), i);
    }
    // (from, to) -> (bandwidth, delay) of the link between them.
    let mut links = BTreeMap::new();
    for l in &s.topology.links {
        let (a, b) = (index[l.from.as_str()], index[l.to.as_str()]);
        links.insert((a, b), (l.bandwidth.0, l.delay.0));
        links.insert((b, a), (l.bandwidth.0, l.delay.0));
    }
    let flows = check_flows(sc, &index, nodes, &links)?;
    if sc.packets.len() > MAX_PACKETS {
        return Err(err("schedule.packets", format!("{} packets; the limit is {MAX_PACKETS}", sc.packets.len())));
    }
    let default_size = sc.packet_size.map_or(DEFAULT_SIZE, |q| q.0);
    if default_size == 0 || default_size > 65_535 {
        return Err(err("schedule.packet_size", "must be between 1B and 65535B"));
    }
    if sc.unit.is_some_and(|u| u.0 == Time::ZERO) {
        return Err(err("schedule.unit", "must be greater than zero"));
    }
    let mut names = BTreeMap::new();
    let mut out = Vec::new();
    for (i, p) in sc.packets.iter().enumerate() {
        let at = |f: &str| format!("schedule.packets[{i}].{f}");
        new_id(&mut names, &p.id, i, at("id"), "packet")?;
        let Some(&flow) = flows.get(p.flow.as_str()) else {
            return Err(err(at("flow"), format!("unknown flow \"{}\"", p.flow)));
        };
        let size = p.size.map_or(default_size, |q| q.0);
        if size == 0 || size > 65_535 {
            return Err(err(at("size"), "must be between 1B and 65535B"));
        }
        let path: Vec<usize> = sc.flows[flow].path.iter().map(|n| index[n.as_str()]).collect();
        out.push(time_packet(p, i, flow, size, path, nodes, &links)?);
    }
    check_ports(&out, nodes, &links)?;
    if let Some(p) = out.iter().max_by_key(|p| p.delivered) {
        let i = p.index;
        if p.delivered > s.duration.0 {
            return Err(err(
                "duration",
                format!(
                    "packet \"{}\" (schedule.packets[{i}]) reaches its destination at {}, after the run ends ({})",
                    p.name,
                    t(p.delivered),
                    t(s.duration.0)
                ),
            ));
        }
    }
    let by_start = crate::order::stable_order(out.iter().map(|p| [p.start[0].0, p.index as u64, 0]));
    Ok(Some(crate::order::permute(out, &by_start)))
}

type Links = BTreeMap<(usize, usize), (crate::time::Bandwidth, Time)>;

/// Flow ids and paths: host, routers, host, each step a link. Returns id -> index.
fn check_flows<'a>(
    sc: &'a Schedule,
    index: &BTreeMap<&str, usize>,
    nodes: &[crate::scenario::NodeSpec],
    links: &Links,
) -> Result<BTreeMap<&'a str, usize>, ScenarioError> {
    let mut flows = BTreeMap::new();
    for (f, fl) in sc.flows.iter().enumerate() {
        let at = |x: &str| format!("schedule.flows[{f}].{x}");
        new_id(&mut flows, &fl.id, f, at("id"), "flow")?;
        if fl.path.len() < 3 {
            return Err(err(at("path"), "a path goes from a host through at least one router to a host"));
        }
        let mut seen = Vec::new();
        for (k, id) in fl.path.iter().enumerate() {
            let Some(&n) = index.get(id.as_str()) else {
                return Err(err(at("path"), format!("unknown node \"{id}\"")));
            };
            let end = k == 0 || k + 1 == fl.path.len();
            match (end, nodes[n].kind) {
                (true, NodeKind::Router) => {
                    return Err(err(at("path"), format!("\"{id}\" is a router; a flow starts and ends at hosts")))
                }
                (false, NodeKind::Host) => {
                    return Err(err(at("path"), format!("\"{id}\" is a host; only routers forward")))
                }
                _ => {}
            }
            if seen.contains(&n) {
                return Err(err(at("path"), format!("the path visits \"{id}\" twice")));
            }
            if let Some(&prev) = seen.last() {
                if !links.contains_key(&(prev, n)) {
                    return Err(err(
                        at("path"),
                        format!("step {}: no link between \"{}\" and \"{id}\"", k - 1, nodes[prev].id),
                    ));
                }
            }
            seen.push(n);
        }
    }
    Ok(flows)
}

/// Times one packet's hops from its `at` entries (see the module doc).
fn time_packet(
    p: &crate::scenario::ScriptPacket,
    i: usize,
    flow: usize,
    size: u64,
    path: Vec<usize>,
    nodes: &[crate::scenario::NodeSpec],
    links: &Links,
) -> Result<TimedPacket, ScenarioError> {
    let name = &p.id;
    let hop = |k: usize| {
        let (bw, delay) = links[&(path[k], path[k + 1])];
        (bw.tx_time(size), delay)
    };
    let hops = path.len() - 1;
    let mut given: Vec<Option<(Time, Time)>> = vec![None; hops];
    for (node, [a, st]) in &p.at {
        let field = format!("schedule.packets[{i}].at.{node}");
        let k = path.iter().position(|&n| nodes[n].id == *node).filter(|&k| k > 0 && k < hops);
        let Some(k) = k else {
            let route: Vec<&str> = path.iter().map(|&n| nodes[n].id.as_str()).collect();
            return Err(err(
                field,
                format!("\"{node}\" is not a router on the path of flow \"{}\" ({})", p.flow, route.join(", ")),
            ));
        };
        if st.0 < a.0 {
            return Err(err(
                field,
                format!(
                    "packet \"{name}\" is scheduled at {node} at {}, before it arrives there ({})",
                    t(st.0),
                    t(a.0)
                ),
            ));
        }
        given[k] = Some((a.0, st.0));
    }
    let Some(first) = given.iter().position(Option::is_some) else {
        return Err(err(format!("schedule.packets[{i}].at"), "give the times at one router at least"));
    };
    // Back from the first router listed to the source: no waiting on the way.
    let lead: Time = (0..first).fold(Time::ZERO, |acc, k| {
        let (tx, d) = hop(k);
        acc + tx + d
    });
    let reach = given[first].expect("found").0;
    if reach < lead {
        return Err(err(
            format!("schedule.packets[{i}].at.{}", nodes[path[first]].id),
            format!(
                "packet \"{name}\" cannot reach {} by {}: the path there takes {} from its source",
                nodes[path[first]].id,
                t(reach),
                t(lead)
            ),
        ));
    }
    let (mut arrive, mut start) = (Vec::with_capacity(hops), Vec::with_capacity(hops));
    let mut now = reach - lead;
    for k in 0..hops {
        let st = match given[k] {
            Some((a, st)) => {
                if a != now {
                    let prev = &nodes[path[k - 1]].id;
                    let (tx, d) = hop(k - 1);
                    return Err(err(
                        format!("schedule.packets[{i}].at.{}", nodes[path[k]].id),
                        format!(
                            "packet \"{name}\" arrives at {} at {}, not {}: it is scheduled at {prev} at {} and the link \
                             takes {} to send plus {} to propagate",
                            nodes[path[k]].id,
                            t(now),
                            t(a),
                            t(start[k - 1]),
                            t(tx),
                            t(d)
                        ),
                    ));
                }
                st
            }
            None => now,
        };
        arrive.push(now);
        start.push(st);
        let (tx, d) = hop(k);
        now = st + tx + d;
    }
    Ok(TimedPacket {
        name: name.clone(),
        index: i,
        flow,
        size: size as u32,
        nodes: path,
        arrive,
        start,
        delivered: now,
    })
}

/// One packet at a time per port, never interrupted.
fn check_ports(
    packets: &[TimedPacket],
    nodes: &[crate::scenario::NodeSpec],
    links: &Links,
) -> Result<(), ScenarioError> {
    // (from, to) -> (start, end, packet index) of every transmission there.
    type Sends = Vec<(Time, Time, usize)>;
    let mut ports: BTreeMap<(usize, usize), Sends> = BTreeMap::new();
    for (i, p) in packets.iter().enumerate() {
        for k in 0..p.start.len() {
            let key = (p.nodes[k], p.nodes[k + 1]);
            let tx = links[&key].0.tx_time(p.size as u64);
            ports.entry(key).or_default().push((p.start[k], p.start[k] + tx, i));
        }
    }
    for ((from, to), sends) in ports {
        let by_start = crate::order::stable_order(sends.iter().map(|&(s, e, i)| [s.0, e.0, i as u64]));
        let sends = crate::order::permute(sends, &by_start);
        for w in sends.windows(2) {
            let ((s0, e0, p0), (s1, _, p1)) = (w[0], w[1]);
            if s1 < e0 {
                let (a, b) = (&packets[p0].name, &packets[p1].name);
                let node = &nodes[from].id;
                let i = packets[p1].index;
                let field = if nodes[from].kind == NodeKind::Host {
                    format!("schedule.packets[{i}].at")
                } else {
                    format!("schedule.packets[{i}].at.{node}")
                };
                return Err(err(
                    field,
                    format!(
                        "packet \"{b}\" is scheduled at {node} (towards {}) at {} while \"{a}\" is still being sent \
                         there ({} to {}): a port sends one packet at a time, without preemption",
                        nodes[to].id,
                        t(s1),
                        t(s0),
                        t(e0)
                    ),
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::validation::parse;

    /// h1, h2 -> r (infinite links) -> s (8 Gbps: 1000 B in 1 us) -> d.
    fn scenario(packets: &str, extra: &str) -> String {
        format!(
            r#"{{
          "format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 1, "duration": "10us",
          "topology": {{
            "nodes": [{{"id": "h1", "kind": "host"}}, {{"id": "h2", "kind": "host"}}, {{"id": "r", "kind": "router"}},
                      {{"id": "s", "kind": "router"}}, {{"id": "d", "kind": "host"}}],
            "links": [{{"from": "h1", "to": "r", "bandwidth": "inf", "delay": "0"}},
                      {{"from": "h2", "to": "r", "bandwidth": "inf", "delay": "0"}},
                      {{"from": "r", "to": "s", "bandwidth": "8Gbps", "delay": "1us"}},
                      {{"from": "s", "to": "d", "bandwidth": "inf", "delay": "0"}}]
          }},
          "schedule": {{"flows": [{{"id": "F", "path": ["h1", "r", "s", "d"]}}, {{"id": "G", "path": ["h2", "r", "s", "d"]}}],
                       "packets": [{packets}]}}{extra}
        }}"#
        )
    }

    /// `guide` (a guided example's steps, lesson steps since) is read and ignored: links made
    /// before still open, and a malformed one is no error.
    #[test]
    fn a_retired_guide_is_read_and_ignored() {
        let p = r#"{"id": "p", "flow": "F", "at": {"r": ["0us", "0us"]}}"#;
        for guide in [r#", "guide": [{"at": "0", "node": "zz", "text": "t"}]"#, r#", "guide": 3"#] {
            parse(&scenario(p, guide)).unwrap_or_else(|e| panic!("{guide}: {e}"));
        }
    }

    fn error(packets: &str) -> crate::scenario::ScenarioError {
        parse(&scenario(packets, "")).expect_err(packets)
    }

    #[test]
    fn times_every_hop_in_sending_order() {
        // q (500 B: 0.5 us at r) is sent at r from 1 to 1.5 us and reaches s at 1.5 + 1 =
        // 2.5 us (it waits there until 3). p arrives at r at 0.5 us and is held until 2 us
        // although the port is idle from 1.5 us (not work-conserving); 1 us to send and 1 us
        // to propagate: it reaches s at 4 us and leaves at once (s gives it no times).
        let text = scenario(
            r#"{"id": "p", "flow": "F", "at": {"r": ["0.5us", "2us"]}},
               {"id": "q", "flow": "G", "size": "500B", "at": {"r": ["0us", "1us"], "s": ["2.5us", "3us"]}}"#,
            "",
        );
        let s = parse(&text).unwrap();
        let timed = super::resolve(&s).unwrap().unwrap();
        let us = crate::time::Time::ns;
        // q is sent from its host first, so it is packet 0.
        assert_eq!(timed.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), vec!["q", "p"]);
        assert_eq!(timed[0].arrive, vec![us(0), us(0), us(2_500)]);
        assert_eq!(timed[0].start, vec![us(0), us(1_000), us(3_000)]);
        assert_eq!(timed[1].arrive, vec![us(500), us(500), us(4_000)]);
        assert_eq!(timed[1].start, vec![us(500), us(2_000), us(4_000)]);
        assert_eq!((timed[0].delivered, timed[1].delivered), (us(3_000), us(4_000)));
    }

    #[test]
    fn errors_name_the_packet_the_node_and_the_times() {
        let cases = [
            (
                r#"{"id": "p", "flow": "F", "at": {"r": ["2us", "1us"]}}"#,
                "schedule.packets[0].at.r",
                "scheduled at r at 1us, before it arrives there (2us)",
            ),
            (
                r#"{"id": "p", "flow": "F", "at": {"r": ["0", "0"], "s": ["1us", "3us"]}}"#,
                "schedule.packets[0].at.s",
                "arrives at s at 2us, not 1us",
            ),
            (
                r#"{"id": "p", "flow": "F", "at": {"r": ["0", "0"]}}, {"id": "q", "flow": "G", "at": {"r": ["0", "0.5us"]}}"#,
                "schedule.packets[1].at.r",
                "\"q\" is scheduled at r (towards s) at 500ns while \"p\" is still being sent there (0 to 1us)",
            ),
            (
                r#"{"id": "p", "flow": "F", "at": {"d": ["0", "0"]}}"#,
                "schedule.packets[0].at.d",
                "not a router on the path",
            ),
            (r#"{"id": "p", "flow": "H", "at": {"r": ["0", "0"]}}"#, "schedule.packets[0].flow", "unknown flow"),
            (r#"{"id": "p", "flow": "F", "at": {}}"#, "schedule.packets[0].at", "one router at least"),
            (r#"{"id": "p", "flow": "F", "at": {"r": ["0", "9us"]}}"#, "duration", "reaches its destination at 11us"),
        ];
        for (packets, path, needle) in cases {
            let e = error(packets);
            assert_eq!(e.path, path, "{packets} -> {e}");
            assert!(e.message.contains(needle), "{packets} -> {e}");
        }
    }

    #[test]
    fn a_scripted_scenario_chooses_no_scheduler_and_names_what_exists() {
        let p =
            r#"{"id": "p", "flow": "F", "at": {"r": ["0", "0"]}}, {"id": "q", "flow": "G", "at": {"r": ["0", "1us"]}}"#;
        let cases = [
            (r#", "default_scheduler": {"name": "fifo"}"#, "default_scheduler", "fixes every port's order"),
            (r#", "edge_codel": {}"#, "edge_codel", "fixes every packet"),
            (r#", "slack": {}"#, "slack", "fixes every packet's times"),
            (
                r#", "checks": [{"name": "c", "metric": "delay_mean_ns", "under": {"name": "fifo"}, "op": "<", "value": 1}]"#,
                "checks[0].under",
                "fixes every port's order",
            ),
            (
                r#", "traffic": [{"kind": "cbr", "id": "f", "src": "h1", "dst": "d", "rate": "1Mbps", "packet_size": "100B"}]"#,
                "traffic",
                "fixes every packet",
            ),
            (
                r#", "replay": {"modes": [{"mode": "priority", "order": ["p", "z"]}]}"#,
                "replay.modes[0].order[1]",
                "unknown packet \"z\"",
            ),
            (
                r#", "replay": {"modes": [{"mode": "priority", "order": ["p"]}]}"#,
                "replay.modes[0].order",
                "\"q\" is missing",
            ),
            (
                r#", "replay": {"modes": [{"mode": "lstf", "order": ["p", "q"]}]}"#,
                "replay.modes[0].order",
                "use mode priority",
            ),
            (
                r#", "replay": {"modes": [{"mode": "edf", "slack_unit": "1us"}]}"#,
                "replay.modes[0].slack_unit",
                "use mode lstf",
            ),
            (
                r#", "replay": {"modes": [{"mode": "lstf", "slack_unit": "0"}]}"#,
                "replay.modes[0].slack_unit",
                "at least 1ns",
            ),
            (
                r#", "replay": {"modes": ["lstf", {"mode": "lstf"}]}"#,
                "replay.modes[1]",
                "a second replay named \"lstf\"",
            ),
            (
                r#", "replay": {"modes": [{"mode": "lstf", "name": "my replay"}]}"#,
                "replay.modes[0].name",
                "letters, digits",
            ),
            (
                r#", "replay": {"modes": ["lstf"]}, "checks": [{"name": "c", "metric": "overdue_packets", "replay": "edf", "op": "==", "value": 0}]"#,
                "checks[0].replay",
                "no replay named \"edf\" (replay.modes has: lstf)",
            ),
        ];
        for (extra, path, needle) in cases {
            let e = parse(&scenario(p, extra)).expect_err(extra);
            assert_eq!(e.path, path, "{extra} -> {e}");
            assert!(e.message.contains(needle), "{extra} -> {e}");
        }
        parse(&scenario(p, r#", "replay": {"modes": [{"mode": "priority", "order": ["q", "p"], "name": "q<p"}]}"#))
            .unwrap();
    }
}
