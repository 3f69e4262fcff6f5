//! A port's statistics in the results: counts, waits, the queue over time, and what its
//! queue management did.

use serde::Serialize;

use crate::metrics::{percentiles, PortMetrics};
use crate::sched::AqmReport;
use crate::verdicts::{DropCounts, MarkCounts};

results_type! {
pub struct PortStats {
    pub arrived: u64,
    pub enqueued: u64,
    pub dequeued: u64,
    pub queued_at_end: u64,
    pub dropped: DropCounts,
    /// ECN marks (Congestion Experienced) by reason.
    pub marked: MarkCounts,
    pub max_packets: u64,
    pub max_bytes: u64,
    /// How long the packets sent waited in the queue (enqueue to the start of transmission).
    pub wait: Option<WaitOut>,
    /// The queue over the run, averaged over time.
    pub queue: QueueOut,
    /// Fraction of the run the transmitter was busy.
    pub utilization: f64,
    /// CoDel's dropping state, for schedulers that embed CoDel.
    pub aqm: Option<AqmOut>,
}
}

results_type! {
/// Waiting times of the packets a port sent, ns (variance in ns^2, over all of them).
pub struct WaitOut {
    pub mean_ns: f64,
    pub variance_ns2: f64,
    pub std_ns: f64,
    /// Nearest-rank percentiles (absent when the run keeps no per-packet detail).
    pub p50_ns: Option<u64>,
    pub p99_ns: Option<u64>,
    pub max_ns: u64,
}
}

results_type! {
/// A port's queue averaged over the run's time: every instant weighs the same.
pub struct QueueOut {
    pub mean_bytes: f64,
    pub variance_bytes2: f64,
    pub std_bytes: f64,
    pub mean_packets: f64,
}
}

results_type! {
/// What CoDel did at a port (summed over its CoDel instances: fq_codel has one per queue).
pub struct AqmOut {
    /// Time spent in the dropping state, ns.
    pub dropping_ns: u64,
    /// That over the run's length (can exceed 1 for fq_codel: several queues at once).
    pub dropping_fraction: f64,
    /// Times the dropping state was entered.
    pub dropping_entries: u64,
    /// LSTFCoDel: its average slack gamma sampled at each packet the port sent (the paper's
    /// Table VI), ns.
    pub slack: Option<SlackOut>,
}
}

results_type! {
/// Mean, variance and standard deviation of samples in ns (variance over all of them, ns^2).
pub struct SlackOut {
    pub samples: u64,
    pub mean_ns: f64,
    pub variance_ns2: f64,
    pub std_ns: f64,
}
}

impl PortStats {
    /// From the port's metrics (its waits get sorted) over a run of `end_ns`.
    pub fn new(m: &mut PortMetrics, aqm: Option<AqmReport>, end_ns: u64) -> PortStats {
        let wait = m.wait_moments().map(|(mean, var)| {
            let pct = percentiles(&mut m.waits);
            WaitOut {
                mean_ns: mean,
                variance_ns2: var,
                std_ns: libm::sqrt(var),
                p50_ns: pct.map(|p| p.p50),
                p99_ns: pct.map(|p| p.p99),
                max_ns: pct.map_or(0, |p| p.max),
            }
        });
        let (mean, var, packets) = m.queue_moments(end_ns);
        PortStats {
            arrived: m.arrived(),
            enqueued: m.enqueued(),
            dequeued: m.dequeued,
            queued_at_end: m.queued_packets,
            dropped: DropCounts::from_codes(&m.dropped()),
            marked: MarkCounts::from_codes(&m.marked()),
            max_packets: m.max_packets,
            max_bytes: m.max_bytes,
            wait,
            queue: QueueOut {
                mean_bytes: mean,
                variance_bytes2: var,
                std_bytes: libm::sqrt(var),
                mean_packets: packets,
            },
            utilization: m.busy_ns as f64 / end_ns.max(1) as f64,
            aqm: aqm.map(|a| AqmOut {
                dropping_ns: a.dropping_ns,
                dropping_fraction: a.dropping_ns as f64 / end_ns.max(1) as f64,
                dropping_entries: a.dropping_entries,
                slack: a.slack.and_then(|m| {
                    let (mean, var) = m.mean_variance()?;
                    Some(SlackOut { samples: m.n, mean_ns: mean, variance_ns2: var, std_ns: libm::sqrt(var) })
                }),
            }),
        }
    }
}
