//! `sched-cli bench --set memory`: what a TCP flow and a queued packet cost, in heap bytes
//! (allocated and not freed, counted by [`crate::heap`]: exact, and the same on every run)
//! held by the engine at the end of a run with trace budget 0 (before it makes its results:
//! see [`Held`]), divided out between two runs that differ only in the count measured (the
//! end, not the peak: a run's peak is where its waits and delays become histograms, 2^22 exact
//! samples in vectors whose spare capacity varies from run to run by more than the flows cost;
//! the peaks are printed beside):
//! - per TCP flow with its host pair: the dumbbell-10g benchmark's network and flows (10 Gbps,
//!   RTT 100 us, 1000-packet buffers, TCP NewReno bulk flows started over [0, 1 ms)) with
//!   `FLOWS` and 2 `FLOWS` pairs, one flow each, for `FLOW_RUN`;
//! - per TCP flow on shared hosts: the same with 16 pairs and `FLOWS` or 2 `FLOWS` flows;
//! - per queued packet: a 10 Gbps UDP flow into a 1 Gbps link for `QUEUE_RUN`, once with a
//!   FIFO of `QUEUE_BUFFER` packets there and once unlimited: the packets in the network at the
//!   end (all but a few queued at the 1 Gbps port); again with LSTF at every port and every
//!   packet given a slack at the ingress (UPS's FIFO+ rule), whose packets carry the header's
//!   extension (`sched_sim::packet`). Both runs cover the same instants with the same
//!   departures, deliveries and source, so what grows with time (the waits and delays kept
//!   exactly, one per departure and delivery) is the same in both and falls out of the
//!   difference; the arrivals the first run drops end at once. The bottleneck's queue series
//!   differs (a point per change of the queue, bounded by its cap: at the cap it holds between
//!   half and all of it, whichever it happens to be at the end), so its bytes are taken out of
//!   both and its difference printed beside;
//! - and the sizes of the per-flow, per-port and per-packet structures.

use sched_sim::scenario::TRUSTED_LIMITS;
use serde_json::{json, Value};

const FLOWS: usize = 256;
const FLOW_RUN: &str = "1s";
/// The queue runs' length, and the bottleneck's buffer in the first of the two (the second's is
/// unlimited): about half of what the second holds at its end.
const QUEUE_RUN: &str = "40ms";
const QUEUE_BUFFER: &str = "14000pkt";

fn dumbbell(pairs: usize, flows: usize) -> String {
    let traffic: Vec<Value> = (0..flows)
        .map(|i| {
            json!({"kind": "bulk", "id": format!("f{i}"), "src": format!("l{}", i % pairs), "dst": format!("r{}", i % pairs),
                "transport": "tcp", "start": format!("{}ns", i * 1_000_000 / flows)})
        })
        .collect();
    json!({
        "format": "scheduler-playground/scenario", "version": 1, "name": "bench: memory per flow", "seed": 1,
        "duration": FLOW_RUN,
        "topology": {"preset": "dumbbell", "params": {"access_bandwidth": "10Gbps", "access_delay": "10us",
            "bottleneck_bandwidth": "10Gbps", "bottleneck_delay": "30us", "buffer": "1000pkt", "pairs": pairs}},
        "traffic": traffic,
    })
    .to_string()
}

fn queue(buffer: &str, lstf: bool) -> String {
    let link = |from: &str, to: &str, bw: &str, buffer: &str| json!({"from": from, "to": to, "bandwidth": bw, "delay": "10us", "buffer": buffer});
    let mut s = json!({
        "format": "scheduler-playground/scenario", "version": 1, "name": "bench: memory per queued packet", "seed": 1,
        "duration": QUEUE_RUN,
        "topology": {
            "nodes": [{"id": "a", "kind": "host"}, {"id": "r", "kind": "router"}, {"id": "b", "kind": "host"}],
            "links": [link("a", "r", "10Gbps", "unlimited"), link("r", "b", "1Gbps", buffer)],
        },
        "traffic": [{"kind": "bulk", "id": "u", "src": "a", "dst": "b", "packet_size": "1500B"}],
    });
    if lstf {
        s["default_scheduler"] = json!({"name": "lstf"});
        s["slack"] = json!({"default": {"policy": "constant", "value": "1s"}});
    }
    s.to_string()
}

/// What a run held: heap bytes above what was live before it, at its end (the engine, just
/// before it makes its results: the run advanced in chunks of [`CHUNK`] events, the last chunk
/// boundary before it finished) and at its peak, the part of `end` in its queue series, and the
/// packets in the network at its end.
struct Held {
    end: f64,
    peak: f64,
    series: f64,
    in_network: f64,
}

/// Heap events per chunk of a run (see [`Held`]).
const CHUNK: u64 = 10_000;

fn held(text: &str) -> Result<Held, String> {
    let base = crate::heap::live();
    crate::heap::reset_peak();
    let opts = sched_sim::RunOptions { seed: None, max_trace_events: Some(0) };
    let mut run = sched_sim::start(text, &TRUSTED_LIMITS, &opts).map_err(|e| e.to_string())?;
    let (mut end, mut series, mut in_network) = (0, 0, 0);
    while run.advance(CHUNK) < 1.0 {
        end = crate::heap::live() - base;
        series = run.series_bytes().unwrap_or(0);
        in_network = run.conservation().in_network;
    }
    let (end, peak, in_network) = (end as f64, (crate::heap::peak() - base) as f64, in_network as f64);
    Ok(Held { end, peak, series: series as f64, in_network })
}

/// The figures, as (label, value) rows and a JSON object.
pub fn measure() -> Result<(Vec<String>, Value), String> {
    let (p1, p2) = (held(&dumbbell(FLOWS, FLOWS))?, held(&dumbbell(2 * FLOWS, 2 * FLOWS))?);
    let with_pair = (p2.end - p1.end) / FLOWS as f64;
    let with_pair_series = (p2.series - p1.series) / FLOWS as f64;
    let (s1, s2) = (held(&dumbbell(16, FLOWS))?, held(&dumbbell(16, 2 * FLOWS))?);
    let shared = (s2.end - s1.end) / FLOWS as f64;
    let shared_series = (s2.series - s1.series) / FLOWS as f64;
    let (q1, q2) = (held(&queue(QUEUE_BUFFER, false))?, held(&queue("unlimited", false))?);
    let (n1, n2) = (q1.in_network, q2.in_network);
    let per_packet = (q2.end - q2.series - (q1.end - q1.series)) / (n2 - n1).max(1.0);
    let series_per_packet = (q2.series - q1.series) / (n2 - n1).max(1.0);
    let (l1, l2) = (held(&queue(QUEUE_BUFFER, true))?, held(&queue("unlimited", true))?);
    let per_lstf_packet = (l2.end - l2.series - (l1.end - l1.series)) / (l2.in_network - l1.in_network).max(1.0);
    let mib = |h: &Held| format!("{:.1} MiB", h.peak / (1 << 20) as f64);
    use std::mem::size_of;
    let sizes = [
        ("Packet", size_of::<sched_sim::packet::Packet>()),
        ("Connection (TCP endpoints)", size_of::<sched_sim::transport::Connection>()),
        ("FlowMetrics", size_of::<sched_sim::metrics::FlowMetrics>()),
        ("FlowInfo", size_of::<sched_sim::traffic::FlowInfo>()),
        ("Port", size_of::<sched_sim::port::Port<sched_sim::sched::AnyScheduler>>()),
        ("AnyScheduler", size_of::<sched_sim::sched::AnyScheduler>()),
        ("Traffic (scenario entry)", size_of::<sched_sim::scenario::Traffic>()),
        ("PortMetrics", size_of::<sched_sim::metrics::PortMetrics>()),
    ];
    let f = FLOWS;
    let rows = vec![
        format!(
            "per TCP flow with its host pair (dumbbell-10g, {FLOW_RUN}, {f} -> {} pairs): {with_pair:.0} B (target 2000 B, issue 41), of which queue series {with_pair_series:.0} B; peaks {}, {}",
            2 * f,
            mib(&p1),
            mib(&p2)
        ),
        format!(
            "per TCP flow, 16 host pairs shared ({f} -> {} flows): {shared:.0} B, of which queue series {shared_series:.0} B; peaks {}, {}",
            2 * f,
            mib(&s1),
            mib(&s2)
        ),
        format!(
            "per queued packet (10 Gbps into 1 Gbps for {QUEUE_RUN}, FIFO of {QUEUE_BUFFER} -> unlimited: {n1:.0} -> {n2:.0} packets in the network): {per_packet:.0} B (target 64 B); the queue series apart: {:.0} -> {:.0} KiB ({series_per_packet:+.1} B a packet)",
            q1.series / 1024.0,
            q2.series / 1024.0
        ),
        format!(
            "per queued packet, the same under LSTF with slack set at the ingress ({:.0} -> {:.0} packets): {per_lstf_packet:.0} B",
            l1.in_network, l2.in_network
        ),
        format!("sizes: {}", sizes.iter().map(|(n, s)| format!("{n} {s} B")).collect::<Vec<_>>().join(", ")),
    ];
    let size_map: serde_json::Map<String, Value> = sizes.iter().map(|(n, s)| (n.to_string(), json!(s))).collect();
    let v = json!({
        "name": "memory", "per_tcp_flow_with_hosts_bytes": with_pair, "per_tcp_flow_shared_hosts_bytes": shared,
        "per_tcp_flow_series_bytes": {"with_hosts": with_pair_series, "shared_hosts": shared_series},
        "per_queued_packet_bytes": per_packet, "queued_packets": [n1, n2], "queue_series_bytes": [q1.series, q2.series],
        "per_queued_lstf_packet_bytes": per_lstf_packet, "sizes": size_map,
        "peak_bytes": {"with_hosts": [p1.peak, p2.peak], "shared_hosts": [s1.peak, s2.peak], "queue": [q1.peak, q2.peak]},
    });
    Ok((rows, v))
}
