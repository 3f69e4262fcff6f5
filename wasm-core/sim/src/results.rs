//! The run summary: the versioned results format (`scheduler-playground/results`, version 1)
//! that `cli run --out` writes and the page reads. Documented field by field in
//! `wasm-core/wasm/README.md`.

use serde::Serialize;

use crate::metrics::{percentiles, Metrics};
use crate::network::Network;
use crate::scenario::{NodeKind, Scenario};
use crate::sched::DropReason;

#[derive(Serialize, Debug)]
pub struct RunSummary {
    pub format: &'static str,
    pub version: u32,
    pub scenario: ScenarioInfo,
    pub seed: u32,
    pub duration_ns: u64,
    pub end_ns: u64,
    pub trace_hash: String,
    pub events_total: u64,
    pub trace_stored: u64,
    pub trace_truncated: bool,
    pub trace_end_ns: u64,
    pub nodes: Vec<NodeOut>,
    pub links: Vec<LinkOut>,
    pub ports: Vec<PortOut>,
    pub flows: Vec<FlowOut>,
    pub queue_series: Vec<SeriesOut>,
    pub totals: Totals,
}

#[derive(Serialize, Debug)]
pub struct ScenarioInfo {
    pub name: String,
    pub description: String,
}

#[derive(Serialize, Debug)]
pub struct NodeOut {
    pub id: String,
    pub kind: &'static str,
    pub pos: Option<[f64; 2]>,
}

#[derive(Serialize, Debug)]
pub struct LinkOut {
    pub from: u32,
    pub to: u32,
    pub bandwidth_bps: Option<u64>,
    pub delay_ns: u64,
}

#[derive(Serialize, Debug)]
pub struct PortOut {
    pub node: u32,
    pub to: u32,
    pub link: u32,
    pub bandwidth_bps: Option<u64>,
    pub delay_ns: u64,
    pub buffer_bytes: Option<u64>,
    pub scheduler: &'static str,
    pub key_label: &'static str,
    pub stats: PortStats,
}

#[derive(Serialize, Debug)]
pub struct PortStats {
    pub arrived: u64,
    pub enqueued: u64,
    pub dequeued: u64,
    pub queued_at_end: u64,
    pub dropped: DropCounts,
    pub max_packets: u64,
    pub max_bytes: u64,
    pub mean_wait_ns: Option<f64>,
    pub utilization: f64,
}

#[derive(Serialize, Debug)]
pub struct DropCounts {
    pub buffer_full: u64,
    pub push_out: u64,
    pub aqm: u64,
    pub aifo_admission: u64,
    pub pifo_overflow: u64,
}

#[derive(Serialize, Debug)]
pub struct FlowOut {
    pub id: String,
    pub kind: &'static str,
    pub src: u32,
    pub dst: u32,
    pub sent: u64,
    pub delivered: u64,
    pub dropped: u64,
    pub in_flight: u64,
    pub delay_ns: Option<DelayOut>,
}

#[derive(Serialize, Debug)]
pub struct DelayOut {
    pub mean: f64,
    pub p50: u64,
    pub p99: u64,
    pub max: u64,
}

#[derive(Serialize, Debug)]
pub struct SeriesOut {
    pub port: u32,
    pub t_ns: Vec<u64>,
    pub packets: Vec<u64>,
    pub bytes: Vec<u64>,
}

#[derive(Serialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Totals {
    pub sent: u64,
    pub delivered: u64,
    pub dropped: u64,
    pub in_network: u64,
}

/// What the engine knows at the end, gathered for [`summarize`].
pub struct RunFacts {
    pub seed: u32,
    pub end_ns: u64,
    pub trace_hash: String,
    pub events_total: u64,
    pub trace_stored: u64,
    pub trace_end_ns: u64,
    pub totals: Totals,
}

pub fn summarize(
    s: &Scenario,
    net: &Network,
    metrics: &mut Metrics,
    facts: RunFacts,
) -> RunSummary {
    let end = facts.end_ns.max(1);
    let nodes = net
        .nodes
        .iter()
        .map(|n| NodeOut {
            id: n.id.clone(),
            kind: if n.kind == NodeKind::Host {
                "host"
            } else {
                "router"
            },
            pos: n.pos,
        })
        .collect();
    let index = |id: &str| {
        net.nodes
            .iter()
            .position(|n| n.id == id)
            .expect("validated") as u32
    };
    let links = s
        .topology
        .links
        .iter()
        .map(|l| LinkOut {
            from: index(&l.from),
            to: index(&l.to),
            bandwidth_bps: l.bandwidth.0.bps(),
            delay_ns: l.delay.0.as_ns(),
        })
        .collect();
    let ports = net
        .ports
        .iter()
        .zip(&net.port_info)
        .zip(&metrics.ports)
        .map(|((p, info), m)| PortOut {
            node: p.node,
            to: p.to,
            link: info.link,
            bandwidth_bps: p.bandwidth.bps(),
            delay_ns: p.delay.as_ns(),
            buffer_bytes: info.buffer.bytes(),
            scheduler: info.scheduler,
            key_label: info.key_label,
            stats: PortStats {
                arrived: m.arrived,
                enqueued: m.enqueued,
                dequeued: m.dequeued,
                queued_at_end: m.queued_packets,
                dropped: DropCounts {
                    buffer_full: m.dropped_by(DropReason::BufferFull),
                    push_out: m.dropped_by(DropReason::PushOut),
                    aqm: m.dropped_by(DropReason::Aqm),
                    aifo_admission: m.dropped_by(DropReason::AifoAdmission),
                    pifo_overflow: m.dropped_by(DropReason::PifoOverflow),
                },
                max_packets: m.max_packets,
                max_bytes: m.max_bytes,
                mean_wait_ns: m.mean_wait_ns(),
                utilization: m.busy_ns as f64 / end as f64,
            },
        })
        .collect();
    let flows = s
        .traffic
        .iter()
        .zip(&mut metrics.flows)
        .map(|(tr, m)| {
            let u = tr.source();
            FlowOut {
                id: u.id.clone(),
                kind: tr.kind_name(),
                src: index(&u.src),
                dst: index(&u.dst),
                sent: m.sent,
                delivered: m.delivered,
                dropped: m.dropped,
                in_flight: m.sent - m.delivered - m.dropped,
                delay_ns: percentiles(&mut m.delays_ns).map(|p| DelayOut {
                    mean: p.mean,
                    p50: p.p50,
                    p99: p.p99,
                    max: p.max,
                }),
            }
        })
        .collect();
    let queue_series = metrics
        .ports
        .iter()
        .enumerate()
        .filter(|(_, m)| m.max_packets > 0)
        .map(|(i, m)| SeriesOut {
            port: i as u32,
            t_ns: m.series_t.clone(),
            packets: m.series_packets.clone(),
            bytes: m.series_bytes.clone(),
        })
        .collect();
    RunSummary {
        format: "scheduler-playground/results",
        version: 1,
        scenario: ScenarioInfo {
            name: s.name.clone(),
            description: s.description.clone(),
        },
        seed: facts.seed,
        duration_ns: s.duration.0.as_ns(),
        end_ns: facts.end_ns,
        trace_hash: facts.trace_hash,
        events_total: facts.events_total,
        trace_stored: facts.trace_stored,
        trace_truncated: facts.trace_stored < facts.events_total,
        trace_end_ns: facts.trace_end_ns,
        nodes,
        links,
        ports,
        flows,
        queue_series,
        totals: facts.totals,
    }
}
