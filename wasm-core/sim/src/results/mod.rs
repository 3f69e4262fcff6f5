//! The run summary: the versioned results format (`scheduler-playground/results`, version 1)
//! that `cli run --out` writes and the page reads. Its JSON Schema is committed as
//! `scenarios/results.schema.json`; fields are documented there and in
//! `wasm-core/wasm/README.md`. Times are integer nanoseconds; sizes bytes.

pub mod replay;

use serde::Serialize;

use crate::ideal::ideal_fct;
use crate::metrics::sketch::{Samples, RELATIVE_ERROR};
use crate::metrics::{cdf, cdf_f64, jain, percentiles, Metrics};
use crate::network::Network;
use crate::packet::{PortId, Role};
use crate::scenario::{NodeKind, Scenario};
use crate::sched::registry::Order;
use crate::time::Time;
use crate::trace::Kind;
use crate::verdicts::{DropReason, MarkReason};
use crate::view::{KeySpec, StateSpec};

macro_rules! results_type {
    ($item:item) => {
        #[derive(Serialize, Debug, Clone)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        $item
    };
}

pub mod fct;
pub mod gap;
pub mod port;
pub mod reorder;
pub mod stages;

use fct::{bucket, fct_stats, large_bucket};
pub use fct::{BucketOut, FctOut, FctStats, BUCKETS, LARGE_MIN, SMALL_MAX};
pub use port::PortStats;

results_type! {
/// The results of one run.
pub struct RunSummary {
    pub format: String,
    pub version: u32,
    pub scenario: ScenarioInfo,
    pub seed: u32,
    pub duration_ns: u64,
    /// When the run stopped (the duration).
    pub end_ns: u64,
    /// The run's identity: XXH3-128 of the canonical encoding of every trace event the others
    /// do not imply (all but `depart` and a packet's `arrive` after its first), 32 hex digits.
    pub trace_hash: String,
    pub events_total: u64,
    pub trace_stored: u64,
    pub trace_truncated: bool,
    /// Up to when the stored trace is complete.
    pub trace_end_ns: u64,
    pub nodes: Vec<NodeOut>,
    pub links: Vec<LinkOut>,
    pub ports: Vec<PortOut>,
    pub flows: Vec<FlowOut>,
    /// Queue length over time for every port that ever queued: a point per change of value,
    /// up to 16,384 points per port; past that, per time slot its lowest and highest point.
    pub queue_series: Vec<SeriesOut>,
    pub totals: Totals,
    /// Delay of every delivered packet.
    pub delay: Option<DelayOut>,
    /// Error of the wait and delay percentiles and CDFs (ports' `wait`, flows' and classes'
    /// `delay`, `fct.delay_cdf_ns`), relative to the exact values: 0 when they are exact (the
    /// run kept at most 2^22 waits and delays, all ports and flows together), else at most
    /// 2^-7 (read from log-linear histograms, so memory does not grow with the run's length).
    /// Means and maxima, and every FCT figure, are always exact.
    pub quantile_error: f64,
    /// The same per traffic class (classes that delivered a packet, in class order).
    pub delay_by_class: Vec<ClassDelayOut>,
    /// Flow completion times of the finite flows.
    pub fct: FctOut,
    /// Jain's fairness index over time windows (open-ended and explicit flows).
    pub fairness: FairnessOut,
    /// Throughput per explicit flow per time window, bits per second.
    pub throughput: ThroughputOut,
    pub workloads: Vec<WorkloadOut>,
    /// Replays of this run's schedule (scenarios with a `replay` section, or a replay run).
    pub replays: Vec<replay::ReplayReport>,
    /// The run's schedule as the UPS paper tabulates it (a scripted `schedule`'s run).
    pub schedule: Option<replay::ScheduleTable>,
    /// What the trace's codes mean.
    pub vocabulary: Vocabulary,
    /// Queued packets per port the order records describe, from the head.
    pub queue_view_depth: u32,
    /// The first flows' data arrivals at their receivers in arrival order (AIFO Figs. 12-13).
    pub receiver_order: Vec<reorder::ReceiverOrderOut>,
    /// The packets dequeued at the port of the scenario's `metrics.dequeues` (for the gap
    /// Delta(t) between two runs, AIFO Eq. 1); absent when it names none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dequeues: Option<gap::DequeuesOut>,
    /// Service stages (middlebox CPUs), absent when the network has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stages: Vec<stages::StageOut>,
}
}

results_type! {
/// The trace's vocabulary: event kinds, drop reasons, mark reasons and packet roles, each in
/// code order (a code is the position in its list), so a results file explains its own trace.
pub struct Vocabulary {
    pub event_kinds: Vec<Kind>,
    pub drop_reasons: Vec<DropReason>,
    pub mark_reasons: Vec<MarkReason>,
    pub packet_roles: Vec<Role>,
}
}

impl Vocabulary {
    pub fn new() -> Vocabulary {
        Vocabulary {
            event_kinds: Kind::ALL.to_vec(),
            drop_reasons: DropReason::ALL.to_vec(),
            mark_reasons: MarkReason::ALL.to_vec(),
            packet_roles: Role::ALL.to_vec(),
        }
    }
}

impl Default for Vocabulary {
    fn default() -> Vocabulary {
        Vocabulary::new()
    }
}

results_type! {
pub struct ScenarioInfo {
    pub name: String,
    pub description: String,
}
}

/// What a run's results take from its scenario (a run keeps this, not the scenario: see
/// `Run`): its name, description and duration.
#[derive(Clone, Debug)]
pub struct About {
    pub info: ScenarioInfo,
    pub duration_ns: u64,
}

impl About {
    pub fn of(s: &Scenario) -> About {
        About {
            info: ScenarioInfo { name: s.name.clone(), description: s.description.clone() },
            duration_ns: s.duration.0.as_ns(),
        }
    }
}

results_type! {
pub struct NodeOut {
    pub id: String,
    pub kind: String,
    pub pos: Option<[f64; 2]>,
}
}

results_type! {
pub struct LinkOut {
    pub from: u32,
    pub to: u32,
    /// None: infinite.
    pub bandwidth_bps: Option<u64>,
    pub delay_ns: u64,
}
}

results_type! {
/// An output port: `node`'s end of `link`, sending towards `to`.
pub struct PortOut {
    pub node: u32,
    pub to: u32,
    pub link: u32,
    pub bandwidth_bps: Option<u64>,
    pub delay_ns: u64,
    /// None: unlimited or counted in packets.
    pub buffer_bytes: Option<u64>,
    pub scheduler: String,
    /// What the page shows on each queued packet (`trace` order records), and its unit.
    pub key: KeySpec,
    /// The fields of the scheduler's exported state (`trace` state records), in order.
    pub state: Vec<StateSpec>,
    /// How its queue is served: `random` means the order shown is arrival order.
    pub order: Order,
    pub stats: PortStats,
}
}

results_type! {
/// A flow. Counts are of data packets (UDP datagrams, or TCP-family segments with their
/// retransmissions); TCP-family ACKs are counted apart (`acks_sent`, `acks_dropped`) and
/// appear in port statistics, totals and the trace like any packet, but not in the flow's
/// packet counts, delays, bytes, throughput, fairness or FCT.
pub struct FlowOut {
    pub id: String,
    pub kind: String,
    /// "udp", "tcp", "dctcp" or "pfabric".
    pub transport: String,
    /// Traffic class.
    pub class: u8,
    pub src: u32,
    pub dst: u32,
    /// Bytes of a finite flow (TCP family: payload bytes).
    pub size: Option<u64>,
    /// A finite flow's size bucket: its index in `fct.by_size` (`fct::size_bucket`).
    pub size_bucket: Option<u32>,
    pub start_ns: u64,
    pub sent: u64,
    pub delivered: u64,
    pub dropped: u64,
    pub in_flight: u64,
    /// Wire bytes of the data packets sent (retransmissions included).
    pub bytes_sent: u64,
    /// UDP: wire bytes delivered. TCP family: payload bytes delivered in order to the
    /// receiving application, each byte once (goodput).
    pub bytes_delivered: u64,
    /// TCP family: ACK packets sent by the receiver, and dropped on the way back.
    pub acks_sent: u64,
    pub acks_dropped: u64,
    /// TCP family: data segments sent again, and retransmission timer expiries.
    pub retransmits: u64,
    pub timeouts: u64,
    /// TCP family: the mean of the sender's round-trip samples, ns (none before the first).
    pub rtt_mean_ns: Option<f64>,
    /// Periodic ON-OFF sources: bursts with at least one packet delivered, and their mean
    /// delay, from the burst's first packet sent to its last packet delivered, ns (the FSC
    /// paper's average burst delay; see `metrics::bursts`).
    pub bursts: u64,
    pub burst_delay_mean_ns: Option<f64>,
    /// Finite flows whose every byte arrived: last delivery minus start.
    pub fct_ns: Option<u64>,
    /// The same flow alone on the empty network (see `ideal`; TCP family: its wire bytes
    /// sent at the access link's rate, no transport effects).
    pub ideal_fct_ns: Option<u64>,
    /// fct / ideal fct.
    pub slowdown: Option<f64>,
    /// Links crossed.
    pub hops: u32,
    pub delay_ns: Option<DelayOut>,
    /// Data packets that reached the receiver with a sequence number below the highest it had
    /// already received (retransmissions not counted; AIFO Sec. 5.1, `metrics::reorder`).
    pub out_of_order: u64,
}
}

results_type! {
pub struct ClassDelayOut {
    pub class: u8,
    pub delay: DelayOut,
}
}

results_type! {
pub struct DelayOut {
    pub mean: f64,
    pub p50: u64,
    pub p99: u64,
    pub max: u64,
}
}

results_type! {
pub struct FairnessOut {
    pub window_ns: u64,
    /// Window start times, and the index over the flows active for the whole window.
    pub t_ns: Vec<u64>,
    pub index: Vec<Option<f64>>,
    pub flows: Vec<u32>,
    /// Mean of the defined indices.
    pub mean: Option<f64>,
}
}

results_type! {
pub struct ThroughputOut {
    pub window_ns: u64,
    /// Per binned flow: (flow index, bits per second in each window).
    pub flows: Vec<FlowThroughput>,
}
}

results_type! {
pub struct FlowThroughput {
    pub flow: u32,
    pub bps: Vec<f64>,
}
}

results_type! {
pub struct WorkloadOut {
    pub id: String,
    pub flows: u64,
    pub target_load: f64,
    /// The port the load was calibrated on, and its measured utilisation over the whole run.
    pub port: u32,
    pub measured_load: f64,
    /// The sources' active period [start, stop) (stop within the run), ns.
    pub active_start_ns: u64,
    pub active_end_ns: u64,
    /// The calibrated port's utilisation over the active period (not diluted by the drain).
    pub active_load: f64,
    /// The links the workload loads most: the calibrated one first, then every other whose
    /// expected load reaches the target (ties in a symmetric topology).
    pub links: Vec<LoadedLink>,
    /// Probability that one of its flows crosses that port.
    pub crossing: f64,
    pub mean_size: f64,
}
}

results_type! {
pub struct LoadedLink {
    pub port: u32,
    /// Offered load the calibration expects on it.
    pub expected_load: f64,
    /// Busy fraction over the whole run, and over the sources' active period.
    pub measured_load: f64,
    pub active_load: f64,
}
}

results_type! {
pub struct SeriesOut {
    pub port: u32,
    pub t_ns: Vec<u64>,
    pub packets: Vec<u64>,
    pub bytes: Vec<u64>,
}
}

results_type! {
#[derive(Copy, PartialEq, Eq)]
pub struct Totals {
    pub sent: u64,
    pub delivered: u64,
    pub dropped: u64,
    pub in_network: u64,
}
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

pub fn summarize(about: &About, net: &Network, metrics: &mut Metrics, facts: RunFacts) -> RunSummary {
    let end = facts.end_ns.max(1);
    let nodes = net
        .nodes
        .iter()
        .map(|n| NodeOut {
            id: n.id.clone(),
            kind: if n.kind == NodeKind::Host { "host" } else { "router" }.into(),
            pos: n.pos,
        })
        .collect();
    // Link i's ports are 2i (its `from` to its `to`) and 2i + 1, at its rate and delay
    // (`Network::build`).
    let links = net
        .ports
        .chunks(2)
        .map(|pair| LinkOut {
            from: pair[0].node,
            to: pair[0].to,
            bandwidth_bps: pair[0].bandwidth.bps(),
            delay_ns: pair[0].delay.as_ns(),
        })
        .collect();
    let ports: Vec<PortOut> = net
        .ports
        .iter()
        .zip(&net.port_info)
        .zip(metrics.ports.iter_mut())
        .map(|((p, info), m)| PortOut {
            node: p.node,
            to: p.to,
            link: Network::link_of(p.id),
            bandwidth_bps: p.bandwidth.bps(),
            delay_ns: p.delay.as_ns(),
            buffer_bytes: info.buffer.bytes(),
            scheduler: info.info.name.into(),
            key: info.key,
            state: info.info.state.to_vec(),
            order: info.info.traits.order,
            stats: PortStats::new(m, p.aqm_report(Time(facts.end_ns)), end),
        })
        .collect();
    metrics.flows.resize(net.flows.len(), Default::default());
    let mut all_delays = Samples::default();
    let mut class_delays: std::collections::BTreeMap<u8, Samples> = std::collections::BTreeMap::new();
    let flows: Vec<FlowOut> = net
        .flows
        .iter()
        .enumerate()
        .map(|(i, info)| {
            let m = &mut metrics.flows[i];
            let path = net.flow_path(i as u32);
            let hops: Vec<_> =
                path.iter().map(|&p| (net.ports[p as usize].bandwidth, net.ports[p as usize].delay)).collect();
            let ideal = info.wire_size().map(|size| ideal_fct(size, info.packet_size, info.rate_bps, &hops).as_ns());
            let fct = match (info.size, m.last_delivery_ns()) {
                (Some(size), Some(last)) if m.bytes_delivered == size => Some(last - info.start.as_ns()),
                _ => None,
            };
            all_delays.extend(&m.delays_ns);
            if !m.delays_ns.is_empty() {
                class_delays.entry(info.class).or_default().extend(&m.delays_ns);
            }
            FlowOut {
                id: info.name.clone(),
                kind: info.kind.into(),
                class: info.class,
                transport: info.transport.name().into(),
                src: info.src,
                dst: info.dst,
                size: info.size,
                size_bucket: info.size.map(fct::size_bucket),
                start_ns: info.start.as_ns(),
                sent: m.sent,
                delivered: m.delivered,
                dropped: m.dropped,
                in_flight: m.sent - m.delivered - m.dropped,
                bytes_sent: m.bytes_sent,
                bytes_delivered: m.bytes_delivered,
                acks_sent: m.acks_sent,
                acks_dropped: m.acks_dropped,
                retransmits: m.retransmits,
                timeouts: m.timeouts,
                rtt_mean_ns: (m.rtt_samples > 0).then(|| m.rtt_sum_ns.get() as f64 / m.rtt_samples as f64),
                bursts: m.bursts().map_or(0, |b| b.mean().0),
                burst_delay_mean_ns: m.bursts().and_then(|b| b.mean().1),
                fct_ns: fct,
                ideal_fct_ns: ideal,
                slowdown: fct.zip(ideal).map(|(f, i)| f as f64 / i.max(1) as f64),
                hops: path.len() as u32,
                delay_ns: percentiles(&mut m.delays_ns).map(|p| DelayOut {
                    mean: p.mean,
                    p50: p.p50,
                    p99: p.p99,
                    max: p.max,
                }),
                out_of_order: metrics.reorder.out_of_order(i),
            }
        })
        .collect();
    let delay_out = |p: crate::metrics::Percentiles| DelayOut { mean: p.mean, p50: p.p50, p99: p.p99, max: p.max };
    let delay = percentiles(&mut all_delays).map(delay_out);
    let delay_by_class = class_delays
        .into_iter()
        .filter_map(|(class, mut d)| percentiles(&mut d).map(|p| ClassDelayOut { class, delay: delay_out(p) }))
        .collect();
    let finite = || flows.iter().filter(|f| f.size.is_some());
    let mut bounds = vec![0];
    bounds.extend(BUCKETS);
    let by_size = bounds.iter().enumerate().map(|(b, &lo)| bucket(&flows, lo, BUCKETS.get(b).copied())).collect();
    let (mut wsum, mut w) = (0.0, 0.0);
    let mut fcts: Vec<u64> = Vec::new();
    let mut slows: Vec<f64> = Vec::new();
    for f in finite() {
        if let (Some(t), Some(size), Some(sl)) = (f.fct_ns, f.size, f.slowdown) {
            wsum += size as f64 * t as f64;
            w += size as f64;
            fcts.push(t);
            slows.push(sl);
        }
    }
    fcts.sort_unstable();
    slows.sort_by(f64::total_cmp);
    let fct = FctOut {
        all: fct_stats(finite()),
        byte_weighted_mean_ns: (w > 0.0).then(|| wsum / w),
        by_size,
        small: bucket(&flows, 0, Some(SMALL_MAX)),
        large: large_bucket(&flows),
        cdf_ns: cdf(&Samples::Exact(fcts)),
        slowdown_cdf: cdf_f64(&slows),
        delay_cdf_ns: cdf(&all_delays),
    };
    // Fairness and throughput over the explicitly listed flows.
    let bin = metrics.bin_ns;
    let binned = metrics.binned_flows.min(net.flows.len());
    let mut t_ns = Vec::new();
    let mut index = Vec::new();
    let mut counts = Vec::new();
    for b in 0..metrics.bin_count {
        let (w0, w1) = (b as u64 * bin, (b as u64 + 1) * bin);
        if w1 > end {
            break;
        }
        let active: Vec<f64> = (0..binned)
            .filter(|&i| {
                let (info, f) = (&net.flows[i], &flows[i]);
                let started = info.start.as_ns() <= w0;
                let running = match (info.stop, f.fct_ns) {
                    (Some(stop), _) => stop.as_ns() >= w1,
                    (None, Some(fct)) => info.start.as_ns() + fct >= w1,
                    (None, None) => true,
                };
                started && running
            })
            .map(|i| metrics.flows[i].bins().get(b).copied().unwrap_or(0) as f64)
            .collect();
        t_ns.push(w0);
        counts.push(active.len() as u32);
        index.push(jain(&active));
    }
    let defined: Vec<f64> = index.iter().flatten().copied().collect();
    let fairness = FairnessOut {
        window_ns: bin,
        mean: (!defined.is_empty()).then(|| defined.iter().sum::<f64>() / defined.len() as f64),
        t_ns,
        index,
        flows: counts,
    };
    let throughput = ThroughputOut {
        window_ns: bin,
        flows: (0..binned)
            .map(|i| FlowThroughput {
                flow: i as u32,
                bps: (0..metrics.bin_count)
                    .map(|b| metrics.flows[i].bins().get(b).copied().unwrap_or(0) as f64 * 8e9 / bin as f64)
                    .collect(),
            })
            .collect(),
    };
    let workloads = net
        .workloads
        .iter()
        .map(|w| {
            let (start, stop) = (w.start.as_ns(), w.stop.as_ns());
            // A run that ended before the sources stopped is measured to its end.
            let end = stop.min(facts.end_ns).max(start);
            let active = |p: PortId| {
                let busy = metrics.ports[p as usize]
                    .windows()
                    .iter()
                    .find(|x| (x.start, x.end) == (start, stop))
                    .map_or(0, |x| x.busy_ns);
                if end > start {
                    busy as f64 / (end - start) as f64
                } else {
                    0.0
                }
            };
            let links: Vec<LoadedLink> = w
                .loaded
                .iter()
                .map(|&(port, expected_load)| LoadedLink {
                    port,
                    expected_load,
                    measured_load: ports[port as usize].stats.utilization,
                    active_load: active(port),
                })
                .collect();
            WorkloadOut {
                id: w.name.clone(),
                flows: w.created,
                target_load: w.load,
                port: w.port,
                measured_load: ports[w.port as usize].stats.utilization,
                active_start_ns: start,
                active_end_ns: end,
                active_load: active(w.port),
                links,
                crossing: w.crossing,
                mean_size: w.sizes.mean(),
            }
        })
        .collect();
    let queue_series = metrics
        .ports
        .iter()
        .enumerate()
        .filter(|(_, m)| m.max_packets > 0)
        .map(|(i, m)| {
            let (t_ns, packets, bytes) = m.series().columns();
            SeriesOut { port: i as u32, t_ns, packets, bytes }
        })
        .collect();
    RunSummary {
        format: "scheduler-playground/results".into(),
        version: 1,
        scenario: about.info.clone(),
        seed: facts.seed,
        duration_ns: about.duration_ns,
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
        delay,
        quantile_error: if metrics.exact() { 0.0 } else { RELATIVE_ERROR },
        delay_by_class,
        fct,
        fairness,
        throughput,
        workloads,
        replays: Vec::new(),
        schedule: None,
        vocabulary: Vocabulary::new(),
        queue_view_depth: crate::view::QUEUE_VIEW_DEPTH as u32,
        receiver_order: reorder::receiver_order(&metrics.reorder),
        dequeues: metrics.dequeues.as_ref().map(|(port, log)| gap::DequeuesOut {
            port: *port,
            t_ns: log.iter().map(|x| x.0).collect(),
            packet: log.iter().map(|x| x.1).collect(),
        }),
        stages: stages::stages_out(net, &metrics.stages.stages, metrics.bin_ns, facts.end_ns),
    }
}

/// The JSON Schema of the results format, as committed in `scenarios/results.schema.json`.
/// Its `$defs` also describe the binding's other JSON outputs that the page reads beside a run
/// (`ReplayCatalog`, `replay_catalog()`; `CheckReportOut`, `scenario_checks()`), so the page's types of them are generated too.
#[cfg(feature = "schema")]
pub fn json_schema() -> String {
    let mut g = schemars::generate::SchemaSettings::draft2020_12().into_generator();
    g.subschema_for::<crate::scenario::ReplayCatalog>();
    g.subschema_for::<crate::check_report::CheckReportOut>();
    let mut schema = g.into_root_schema_for::<RunSummary>();
    schema.insert("$id".into(), "https://scheduler-playground.invalid/results.schema.json".into());
    serde_json::to_string_pretty(&schema).expect("a schema is plain JSON") + "\n"
}
