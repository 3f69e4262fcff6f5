//! The traffic's checks: each source's ids, ends, window, sizes, rates and transport, and the
//! packets it will create (ACKs included), which the limits and the work budget read.

use std::collections::BTreeSet;

use super::topology::{check_path, host, Facts};
use super::{lists, text};
use crate::scenario::{
    Limits, NodeKind, OnOffSource, Periods, Scenario, ScenarioError, TcpSpec, Toggle, Traffic, Transport,
};
use crate::time::Time;

/// Checks every source of `s` over topology `f`; the packets each creates.
#[inline]
pub(super) fn check(s: &Scenario, limits: &Limits, f: &Facts<'_>) -> Result<Vec<u128>, ScenarioError> {
    fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioError {
        ScenarioError::new(path, message)
    }
    let duration = s.duration.0;
    let kind_of = |id: &str| f.kind_of(id);
    let (pairs, degree, hosts, host_links, max_bps) = (&f.pairs, &f.degree, f.hosts, f.host_links, f.max_bps);
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
                check_path(path, src, dst, &kind_of, pairs).map_err(|m| err(at("path"), m))?;
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
        // A TCP-family source sends tcp.mss-byte payloads in (mss + header)-byte packets:
        // counted by its segments, not packet_size's 1500 B (its ACKs are added below).
        let segment = (transport != Transport::Udp).then(|| {
            let mss = tcp.and_then(|t| t.mss).map_or(crate::transport::DEFAULT_MSS as u64, |q| q.0);
            let header = tcp.and_then(|t| t.header).map_or(crate::transport::DEFAULT_HEADER as u64, |q| q.0);
            (mss, mss + header)
        });
        let before = packets;
        match tr {
            Traffic::Cbr(u) | Traffic::Poisson(u) => {
                let size = packet_size(Some(u.packet_size), "packet_size")?;
                if let Some(d) = u.packet_sizes.as_ref().filter(|_| cfg!(feature = "full")) {
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
                if let Some(b) = &u.burst_packets {
                    check_bursts(b, u, bps, size).map_err(|(f, m)| err(at(f), m))?;
                }
                // At its rate, and at least one packet per ON period whatever the rate.
                packets += per_second(bps, size) + active / (u.on.0 + u.off.0).as_ns() as u128;
            }
            Traffic::Bulk(u) => {
                let size = packet_size(u.packet_size, "packet_size")?;
                packets += per_second(finite(u.rate)?.unwrap_or(max_bps), segment.map_or(size, |s| s.1));
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
                packets += (u.size.0 / segment.map_or(size, |s| s.0) + 1) as u128;
            }
            Traffic::Workload(w) if cfg!(feature = "full") => {
                let size = packet_size(w.packet_size, "packet_size")?;
                if !(w.load > 0.0 && w.load < 1.0) {
                    return Err(err(at("load"), format!("must be between 0 and 1 (exclusive), got {}", w.load)));
                }
                crate::traffic::sizes::check(&w.sizes).map_err(|(f, m)| err(at(&format!("sizes.{f}")), m))?;
                check_endpoints(&w.endpoints, &kind_of, hosts)
                    .map_err(|(f, m)| err(at(&format!("endpoints.{f}")), m))?;
                if let Some(l) = &w.link {
                    if !f.linked(&l.from, &l.to) {
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
                packets +=
                    per_second((w.load * max_bps as f64) as u64 + 1, segment.map_or(size, |s| s.1)) * through.max(1);
            }
            Traffic::FlowList(l) if cfg!(feature = "full") => {
                packet_size(l.packet_size, "packet_size")?;
                packets += lists::check(l, (start, stop), &kind_of, pairs).map_err(|(f, m)| err(at(f), m))?;
            }
            Traffic::Workload(_) | Traffic::FlowList(_) => unreachable!("the first module reads no workloads"),
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
    Ok(per_source)
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
            Some(_) => fail("tcp", "tcp options need transport tcp, dctcp, pfabric or rc3"),
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
    if transport == Transport::Rc3 && matches!(tr, Traffic::Bulk(_)) {
        return fail(
            "transport",
            "rc3 sends a flow's last bytes first, so it needs a flow of known size (flow or workload), not bulk",
        );
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
    if let Some(r) = &t.rc3 {
        crate::transport::rc3::check(r, transport)?;
    }
    if let Some(d) = t.delayed_ack_timeout {
        if d.0 == Time::ZERO || d.0 >= Time::ms(500) {
            return fail("tcp.delayed_ack_timeout", "must be above zero and under 500ms (RFC 5681 Sec. 4.2)");
        }
    }
    Ok(())
}

/// An ON-OFF source's `burst_packets`: 1 to 1000 counts of 1 to 100 000 packets, periodic,
/// each burst sent within `on` at the source's rate.
fn check_bursts(b: &[u32], u: &OnOffSource, bps: u64, size: u64) -> Result<(), (&'static str, String)> {
    if b.is_empty() || b.len() > 1000 {
        return Err(("burst_packets", format!("give 1 to 1000 burst sizes, not {}", b.len())));
    }
    if let Some(n) = b.iter().find(|n| **n == 0 || **n > 100_000) {
        return Err(("burst_packets", format!("a burst is 1 to 100000 packets, not {n}")));
    }
    if u.periods != Periods::Periodic {
        return Err(("periods", "burst_packets needs periodic periods".into()));
    }
    let largest = *b.iter().max().expect("not empty") as u128;
    let sending = largest * size as u128 * 8_000_000_000 / bps as u128;
    if sending > u.on.0.as_ns() as u128 {
        return Err((
            "on",
            format!("the largest burst ({largest} packets) takes {sending} ns at the rate: give on at least that"),
        ));
    }
    Ok(())
}
