//! Service stages in the results: for each middlebox CPU stage its counts, waits,
//! utilisation of the CPU and of the link stage after it, their series over the run's
//! windows, each flow's dominant share per window (MR-tradeoff Fig. 4) and the makespan of
//! the traffic through it (Sec. 2.2).

use serde::Serialize;

use crate::metrics::stages::StageMetrics;
use crate::network::Network;
use crate::verdicts::DropCounts;
use crate::view::KeySpec;

results_type! {
/// One flow through a stage.
pub struct StageFlowOut {
    /// The flow (index into `flows`).
    pub flow: u32,
    /// Its processing module.
    pub module: String,
    /// CPU and link time it received, ns.
    pub cpu_ns: u64,
    pub link_ns: u64,
    /// Per window: its dominant share, max(CPU time, link time) / window (the share of its
    /// dominant resource it received, for a flow whose dominant resource stays the same).
    pub dominant_share: Vec<f64>,
}
}

results_type! {
/// A service stage (a middlebox's CPU) and the link stage after it (its node's ports).
pub struct StageOut {
    pub id: u32,
    /// The node (index into `nodes`).
    pub node: u32,
    /// What it serves: "cpu".
    pub resource: String,
    /// Registry name and display name of its scheduler.
    pub scheduler: String,
    pub scheduler_display: String,
    /// What the page shows on each packet in its queue (the order records of view id ports +
    /// stage id), and its unit: its scheduler's key (DRFQ's finish tag, MR3's and the
    /// trade-off's dominant processing time, ...), as a port declares its own.
    pub key: KeySpec,
    /// Its modules, in the scenario's order.
    pub modules: Vec<String>,
    /// The ports after it (indices into `ports`).
    pub link_ports: Vec<u32>,
    pub enqueued: u64,
    pub processed: u64,
    pub dropped: u64,
    /// The drops by reason (`flow_queue_full`: the middlebox's per-flow limit).
    pub drops: DropCounts,
    pub queued_at_end: u64,
    pub max_queued: u64,
    /// Mean and longest wait in the stage's queue, ns.
    pub mean_wait_ns: f64,
    pub max_wait_ns: u64,
    /// Fraction of the run the CPU was busy, and the link stage (its ports together).
    pub utilization: f64,
    pub link_utilization: f64,
    /// Width of the windows of the series below, ns.
    pub window_ns: u64,
    /// Per window: CPU busy fraction, link busy fraction, longest CPU queue (packets).
    pub cpu_series: Vec<f64>,
    pub link_series: Vec<f64>,
    pub queue_series: Vec<u64>,
    pub flows: Vec<StageFlowOut>,
    /// Per window, schedulers with a fairness floor (`mr_tradeoff`): the time average of
    /// alpha x d_bar, the least dominant share its fluid gave a backlogged flow (empty for
    /// the others).
    pub alpha_floor: Vec<f64>,
    /// From the first arrival at the stage to the last departure from its link stage, ns:
    /// the makespan of the traffic through the middlebox (absent before any).
    pub makespan_ns: Option<u64>,
}
}

/// The stages of `net` with their metrics, over a run that ended at `end_ns`.
pub fn stages_out(net: &Network, metrics: &[StageMetrics], window_ns: u64, end_ns: u64) -> Vec<StageOut> {
    let end = end_ns.max(1) as f64;
    let floors: Vec<Vec<f64>> = net.stages.iter().map(|st| st.floor_series(crate::time::Time::ns(end_ns))).collect();
    net.stages
        .iter()
        .zip(floors)
        .zip(&net.stage_info)
        .zip(metrics)
        .map(|(((st, floor), info), m)| {
            // Window i covers [i w, min((i + 1) w, end)); the last takes what remains.
            let width = |i: usize, n: usize| {
                let from = i as u64 * window_ns;
                let to = if i + 1 == n { end_ns.max(from + 1) } else { from + window_ns };
                to.min(end_ns.max(from + 1)).saturating_sub(from).max(1) as f64
            };
            let frac = |v: &[u64]| v.iter().enumerate().map(|(i, &b)| b as f64 / width(i, v.len())).collect();
            // Inserted one by one: a set's `collect` sorts its input, one sort instantiation per
            // type in the wasm module (issue 20: page weight).
            let mut ids = std::collections::BTreeSet::new();
            for &f in m.flow_cpu.keys().chain(m.flow_link.keys()) {
                ids.insert(f);
            }
            let flows = ids
                .into_iter()
                .map(|f| {
                    let none = vec![0; m.busy_bins.len()];
                    let (cpu, link) = (m.flow_cpu.get(&f).unwrap_or(&none), m.flow_link.get(&f).unwrap_or(&none));
                    let source = net.flows.get(f as usize).map_or(0, |i| i.source);
                    let probe = crate::packet::Packet::new(0, f, 0, 0, crate::time::Time::ZERO).with_source(source);
                    StageFlowOut {
                        flow: f,
                        module: info.modules[st.cost.module(&probe)].clone(),
                        cpu_ns: cpu.iter().sum(),
                        link_ns: link.iter().sum(),
                        dominant_share: cpu
                            .iter()
                            .zip(link)
                            .enumerate()
                            .map(|(i, (&c, &l))| c.max(l) as f64 / width(i, cpu.len()))
                            .collect(),
                    }
                })
                .collect();
            StageOut {
                id: st.id,
                node: st.node,
                resource: st.resource.into(),
                scheduler: info.info.name.into(),
                scheduler_display: info.info.display.into(),
                key: info.info.key,
                modules: info.modules.clone(),
                link_ports: m.link_ports.clone(),
                enqueued: m.enqueued,
                processed: m.done,
                dropped: m.dropped,
                drops: DropCounts::from_codes(&m.dropped_by),
                queued_at_end: m.queued,
                max_queued: m.max_queued,
                mean_wait_ns: if m.started == 0 { 0.0 } else { m.wait_sum_ns as f64 / m.started as f64 },
                max_wait_ns: m.max_wait_ns,
                utilization: m.busy_ns as f64 / end,
                link_utilization: m.link_busy_ns as f64 / end,
                window_ns,
                cpu_series: frac(&m.busy_bins),
                link_series: frac(&m.link_bins),
                queue_series: m.queue_bins.clone(),
                flows,
                alpha_floor: floor,
                makespan_ns: m.first_arrival_ns.zip(m.last_departure_ns).map(|(a, d)| d.saturating_sub(a)),
            }
        })
        .collect()
}
