//! Metrics computed from the trace (the same events the page animates): per-port counts,
//! waits, queue length over time and utilisation; per-flow delivery and delay percentiles.
//! Percentiles are nearest-rank: p-th = sorted[ceil(p/100 * n) - 1], exact while the run has
//! kept at most [`sketch::EXACT_SAMPLES`] waits and delays, then read from histograms within
//! [`sketch::RELATIVE_ERROR`] (see [`sketch`]): memory does not grow with the run's length.
//!
//! TCP-family flows need two facts the trace's identity does not cover: each packet's role
//! ([`Role`]: data, retransmitted data or ACK, read from the header flags each event carries
//! beside its size, see `TraceEvent::size`; the stored trace's `role` column says the same) and the payload bytes that reach the receiving
//! application in order ([`Metrics::goodput`], which the engine adds). Per
//! flow, `sent`/`delivered`/`dropped` and the delays count data packets (retransmissions
//! included), ACKs are counted apart, and `bytes_delivered` (hence throughput, fairness and
//! FCT) is goodput: each payload byte once, when it becomes in-order. Ports count every packet.

pub mod bursts;
pub mod moments;
mod observe;
pub mod reorder;
pub mod series;
pub mod sketch;
pub mod stages;
mod wide;

pub use crate::packet::Role;
use crate::time::Time;
use crate::transport::Opt;
use crate::verdicts::{DropReason, MarkReason};
use series::Series;
use sketch::{Samples, EXACT_SAMPLES};
use wide::mul_wide;
pub use wide::Wide;

/// A port's counts, waits and queue integrals. What every port needs is inline (112 B); what
/// only some need is boxed and made at first use: drops, marks and busy windows
/// ([`PortExtra`]), the exact sums that stay zero while the port's packets never wait
/// ([`Sums`]: most host ports and many router ports of a large network), the series.
#[derive(Clone, Debug)]
pub struct PortMetrics {
    pub dequeued: u64,
    pub queued_packets: u64,
    pub queued_bytes: u64,
    pub max_packets: u64,
    pub max_bytes: u64,
    /// Every wait (exact, then a histogram with the exact sum and maximum: see [`sketch`]).
    pub waits: Samples,
    /// The queue integrals in [`Sums`] run up to here.
    integrated_to: u64,
    /// Busy time (within the run, so a u64).
    pub busy_ns: u64,
    /// Since when the transmitter is busy ([`IDLE`]: it is not).
    busy_since: u64,
    /// Drops and ECN marks by reason code and busy windows, made at the port's first drop or
    /// mark or window (see [`PortMetrics::dropped`]).
    extra: Option<Box<PortExtra>>,
    /// Made at the first wait above zero or the first time the queue holds a packet over a
    /// span of time: until then every sum is zero.
    sums: Option<Box<Sums>>,
    /// Queue length over time (see [`series`]), made at its first point (see [`PortMetrics::series`]).
    series: Option<Box<Series>>,
}

/// A port's exact sums (zero until made, see [`PortMetrics::sums`]).
#[derive(Clone, Debug, Default)]
struct Sums {
    /// Sum of squared waits, ns^2 (for the variance; their sum, count and maximum are the
    /// samples').
    wait_sq_sum: Wide,
    /// Integrals over time of the queue: bytes x ns, bytes^2 x ns, packets x ns, up to
    /// `PortMetrics::integrated_to`.
    bytes_ns: Wide,
    bytes_sq_ns: Wide,
    packets_ns: Wide,
}

/// A port's drops and ECN marks by reason code, and its busy windows: what few ports need.
#[derive(Clone, Debug, Default)]
struct PortExtra {
    dropped: [u64; DropReason::COUNT],
    marked: [u64; MarkReason::COUNT],
    /// Arrivals refused, and packets dropped from the queue (what `arrived` and `enqueued`
    /// add to the counts kept inline).
    refused: u64,
    dropped_queued: u64,
    /// Busy time within chosen windows (a workload's active period on its loaded links).
    windows: Vec<BusyWindow>,
}

/// `PortMetrics::busy_since` of a transmitter that is not busy.
const IDLE: u64 = u64::MAX;

impl Default for PortMetrics {
    fn default() -> PortMetrics {
        PortMetrics {
            dequeued: 0,
            queued_packets: 0,
            queued_bytes: 0,
            max_packets: 0,
            max_bytes: 0,
            waits: Samples::default(),
            integrated_to: 0,
            busy_ns: 0,
            busy_since: IDLE,
            extra: None,
            sums: None,
            series: None,
        }
    }
}

/// A port's sums, made at their first use: apart, so that the allocation does not weigh on
/// every packet's path.
#[cold]
#[inline(never)]
fn made_sums() -> Box<Sums> {
    Box::default()
}

/// The sums of a port whose packets never waited.
static NO_SUMS: Sums =
    Sums { wait_sq_sum: Wide::ZERO, bytes_ns: Wide::ZERO, bytes_sq_ns: Wide::ZERO, packets_ns: Wide::ZERO };

/// The series of a port that never queued.
static NO_SERIES: Series = Series::new();

/// The time a port's transmitter was busy within [start, end).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BusyWindow {
    pub start: u64,
    pub end: u64,
    pub busy_ns: u64,
}

impl BusyWindow {
    /// Adds the part of a transmission [from, to) that falls within the window.
    fn add(&mut self, from: u64, to: u64) {
        let (a, b) = (from.max(self.start), to.min(self.end));
        self.busy_ns += b.saturating_sub(a);
    }
}

#[derive(Clone, Debug, Default)]
pub struct FlowMetrics {
    /// Data packets (datagrams or segments, retransmissions included).
    pub sent: u64,
    pub delivered: u64,
    pub dropped: u64,
    /// Wire bytes of the data packets sent.
    pub bytes_sent: u64,
    /// UDP: wire bytes delivered. TCP family: payload bytes delivered in order (goodput).
    pub bytes_delivered: u64,
    pub acks_sent: u64,
    pub acks_dropped: u64,
    pub retransmits: u64,
    pub timeouts: u64,
    /// TCP family: the sender's round-trip samples (RFC 6298, from echoed timestamps), summed.
    pub rtt_sum_ns: Wide,
    pub rtt_samples: u64,
    /// When the last packet was delivered (see [`FlowMetrics::last_delivery_ns`]).
    last_delivery_ns: Opt<u64>,
    pub delays_ns: Samples,
    /// Bursts and throughput bins, made when a flow has either.
    extra: Option<Box<FlowExtra>>,
}

/// What some flows have: the bursts of a periodic ON-OFF source, the bins of the first
/// `Metrics::binned_flows` flows.
#[derive(Clone, Debug, Default)]
struct FlowExtra {
    /// Periodic ON-OFF sources: their bursts' delays (see [`bursts`]).
    bursts: Option<bursts::Bursts>,
    /// Bytes delivered per time bin (only the first `binned_flows` flows, from their first
    /// delivery on).
    bins: Vec<u64>,
}

impl FlowMetrics {
    /// When the last packet was delivered.
    pub fn last_delivery_ns(&self) -> Option<u64> {
        self.last_delivery_ns.get()
    }

    /// Periodic ON-OFF sources: their bursts' delays.
    pub fn bursts(&self) -> Option<&bursts::Bursts> {
        self.extra.as_ref().and_then(|x| x.bursts.as_ref())
    }

    /// Bytes delivered per time bin (empty: not binned, or nothing delivered).
    pub fn bins(&self) -> &[u64] {
        self.extra.as_ref().map_or(&[], |x| &x.bins)
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Percentiles {
    pub mean: f64,
    pub p50: u64,
    pub p99: u64,
    pub max: u64,
}

pub struct Metrics {
    pub ports: Vec<PortMetrics>,
    /// Service stages (middlebox CPUs) and their link stages; empty without middleboxes.
    pub stages: stages::Stages,
    pub flows: Vec<FlowMetrics>,
    /// Packets created so far (the id of the next: ids are dense, in creation order).
    created: u64,
    /// Waits and delays kept so far; past `EXACT_SAMPLES`, all become histograms.
    kept: u64,
    delivered: u64,
    dropped: u64,
    /// The ports' series together (see [`series`]).
    series: series::Budget,
    /// Width of the throughput bins, ns, and how many bins.
    pub bin_ns: u64,
    pub bin_count: usize,
    /// Flows (by index, from 0) whose throughput is binned.
    pub binned_flows: usize,
    /// Out-of-order arrivals at receivers, and the first flows' receiver order.
    pub reorder: reorder::Reorder,
    /// The port whose dequeues are kept (scenario `metrics.dequeues`), and each dequeue's time
    /// and packet id (a packet preempted and resumed appears again).
    pub dequeues: Option<(u32, Vec<(u64, u64)>)>,
}

impl Metrics {
    /// `bins` throughput bins over `duration_ns` for the first `binned_flows` flows.
    pub fn new(ports: usize, flows: usize, duration_ns: u64, bins: usize, binned_flows: usize) -> Metrics {
        let bins = bins.max(1);
        let bin_ns = duration_ns.div_ceil(bins as u64).max(1);
        Metrics {
            ports: vec![PortMetrics::default(); ports],
            stages: stages::Stages::default(),
            flows: vec![FlowMetrics::default(); flows],
            created: 0,
            kept: 0,
            delivered: 0,
            dropped: 0,
            series: series::Budget::default(),
            bin_ns,
            bin_count: bins,
            binned_flows,
            reorder: reorder::Reorder::new(flows),
            dequeues: None,
        }
    }

    /// `flow` is a periodic ON-OFF source starting at `start` with period `period` (ON + OFF):
    /// its bursts' delays are measured.
    pub fn measure_bursts(&mut self, flow: u32, start: Time, period: Time) {
        let b = bursts::Bursts::new(start.as_ns(), period.as_ns());
        self.flow(flow).extra.get_or_insert_with(Box::default).bursts = Some(b);
    }

    /// Whether percentiles are still exact (see [`sketch`]).
    pub fn exact(&self) -> bool {
        self.kept <= EXACT_SAMPLES
    }

    /// One more wait or delay kept: past the budget, every sample set becomes a histogram
    /// (and those made later start as one).
    fn kept_one(&mut self) {
        self.kept += 1;
        if self.kept == EXACT_SAMPLES + 1 {
            self.ports.iter_mut().for_each(|p| p.waits.to_sketch());
            self.flows.iter_mut().for_each(|f| f.delays_ns.to_sketch());
        }
    }

    fn flow(&mut self, flow: u32) -> &mut FlowMetrics {
        if self.flows.len() <= flow as usize {
            self.flows.resize(flow as usize + 1, FlowMetrics::default());
        }
        &mut self.flows[flow as usize]
    }

    /// `bytes` reached `flow`'s receiving application at `t_ns`: a datagram's wire bytes, or
    /// TCP-family payload that became in-order.
    pub fn goodput(&mut self, flow: u32, t_ns: u64, bytes: u64) {
        let (bin_ns, bin_count, binned) = (self.bin_ns, self.bin_count, (flow as usize) < self.binned_flows);
        let f = self.flow(flow);
        f.bytes_delivered += bytes;
        f.last_delivery_ns = Opt::some(t_ns); // a time within the run
        if binned {
            let b = ((t_ns / bin_ns) as usize).min(bin_count - 1);
            let x = f.extra.get_or_insert_with(Box::default);
            if x.bins.is_empty() {
                x.bins = vec![0; bin_count];
            }
            x.bins[b] += bytes;
        }
    }

    /// A TCP-family sender took a round-trip sample.
    pub fn rtt_sample(&mut self, flow: u32, r: Time) {
        let f = self.flow(flow);
        f.rtt_sum_ns.add(r.as_ns() as u128);
        f.rtt_samples += 1;
    }

    /// A TCP-family flow's retransmission timer expired.
    pub fn timeout(&mut self, flow: u32) {
        self.flow(flow).timeouts += 1;
    }

    /// The run has service stages; `link_ports[s]`: the ports after stage s.
    pub fn with_stages(&mut self, link_ports: Vec<Vec<u32>>) {
        if !link_ports.is_empty() {
            self.stages = stages::Stages::new(self.ports.len(), link_ports, self.bin_ns, self.bin_count);
        }
    }

    /// Closes open transmissions (for utilisation) and the queue integrals at the end of the run.
    pub fn finish(&mut self, end_ns: u64) {
        self.stages.finish(end_ns);
        for p in &mut self.ports {
            p.integrate(end_ns);
            p.end_busy(end_ns);
        }
    }

    /// Also measures `port`'s busy time within [start, end) (once per distinct window).
    pub fn watch(&mut self, port: u32, start: u64, end: u64) {
        let w = &mut self.ports[port as usize].extra.get_or_insert_with(Box::default).windows;
        if !w.iter().any(|x| (x.start, x.end) == (start, end)) {
            w.push(BusyWindow { start, end, busy_ns: 0 });
        }
    }

    /// Heap bytes held by the ports' queue series (bounded: see [`series`]): what grows with a
    /// queue's changes, not with the packets it holds (the memory bench keeps it apart).
    pub fn series_bytes(&self) -> usize {
        self.ports.iter().filter_map(|p| p.series.as_deref()).map(|s| s.bytes() + std::mem::size_of::<Series>()).sum()
    }

    pub fn delivered(&self) -> u64 {
        self.delivered
    }
    pub fn dropped(&self) -> u64 {
        self.dropped
    }
}

impl PortMetrics {
    /// Arrivals at the port: admitted (enqueued) or refused.
    pub fn arrived(&self) -> u64 {
        self.enqueued() + self.extra.as_ref().map_or(0, |x| x.refused)
    }

    /// Packets admitted: dequeued since, dropped from the queue since, or queued still.
    pub fn enqueued(&self) -> u64 {
        self.dequeued + self.queued_packets + self.extra.as_ref().map_or(0, |x| x.dropped_queued)
    }

    /// The exact sums, made at first use.
    #[inline(always)]
    fn sums(&mut self) -> &mut Sums {
        self.sums.get_or_insert_with(made_sums)
    }

    /// Drops by reason code.
    pub fn dropped(&self) -> [u64; DropReason::COUNT] {
        self.extra.as_ref().map_or([0; DropReason::COUNT], |v| v.dropped)
    }

    /// ECN marks by reason code.
    pub fn marked(&self) -> [u64; MarkReason::COUNT] {
        self.extra.as_ref().map_or([0; MarkReason::COUNT], |v| v.marked)
    }

    /// Queue length over time.
    pub fn series(&self) -> &Series {
        self.series.as_deref().unwrap_or(&NO_SERIES)
    }

    /// Busy time within chosen windows (a workload's active period on its loaded links).
    pub fn windows(&self) -> &[BusyWindow] {
        self.extra.as_ref().map_or(&[], |x| &x.windows)
    }

    /// The transmitter, if busy, stops being busy at `to`.
    fn end_busy(&mut self, to: u64) {
        if self.busy_since == IDLE {
            return;
        }
        let from = std::mem::replace(&mut self.busy_since, IDLE);
        self.busy_ns += to - from;
        if let Some(x) = self.extra.as_mut() {
            for w in &mut x.windows {
                w.add(from, to);
            }
        }
    }

    /// Adds the queue as it stood since the last change, up to `t` (nothing while it was
    /// empty: no packets, so no bytes).
    #[inline(always)]
    fn integrate(&mut self, t: u64) {
        let dt = t.saturating_sub(self.integrated_to);
        if dt != 0 && self.queued_packets != 0 {
            let (b, n) = (self.queued_bytes, self.queued_packets);
            let s = self.sums();
            s.bytes_ns.add(mul_wide(b, dt));
            // b^2 fits in 64 bits below 4 GiB queued.
            s.bytes_sq_ns.add(if b < 1 << 32 { mul_wide(b * b, dt) } else { b as u128 * b as u128 * dt as u128 });
            s.packets_ns.add(mul_wide(n, dt));
        }
        self.integrated_to = self.integrated_to.max(t);
    }

    /// Mean and population variance of the waits of the packets sent, ns and ns^2.
    pub fn wait_moments(&self) -> Option<(f64, f64)> {
        let n = self.dequeued as f64;
        let sq = self.sums.as_ref().map_or(0, |s| s.wait_sq_sum.get());
        (self.dequeued > 0).then(|| moments(self.waits.sum() as f64 / n, sq as f64 / n))
    }

    /// Time averages over `[0, end_ns]` of the queue: mean bytes, variance (bytes^2), mean
    /// packets.
    pub fn queue_moments(&self, end_ns: u64) -> (f64, f64, f64) {
        let t = end_ns.max(1) as f64;
        let s = self.sums.as_deref().unwrap_or(&NO_SUMS);
        let (mean, var) = moments(s.bytes_ns.get() as f64 / t, s.bytes_sq_ns.get() as f64 / t);
        (mean, var, s.packets_ns.get() as f64 / t)
    }
}

/// (mean, variance) from the first two raw moments; the variance is never negative.
fn moments(mean: f64, mean_sq: f64) -> (f64, f64) {
    (mean, (mean_sq - mean * mean).max(0.0))
}

/// Nearest rank of the p-th percentile of n values (1-based; p = 0: the minimum).
fn nearest_rank(p: u64, n: u64) -> u64 {
    (p * n).div_ceil(100).max(1)
}

/// Mean and nearest-rank percentiles; sorts exact samples.
pub fn percentiles(v: &mut Samples) -> Option<Percentiles> {
    if v.is_empty() {
        return None;
    }
    v.sort();
    let n = v.len();
    Some(Percentiles {
        mean: v.mean(),
        p50: v.rank(nearest_rank(50, n)),
        p99: v.rank(nearest_rank(99, n)),
        max: v.max(),
    })
}

#[cfg(test)]
mod tests;

/// The CDF of samples (exact ones sorted) as 101 nearest-rank quantiles: entry i is the i-th
/// percentile (entry 0 the minimum). Empty input gives an empty CDF.
pub fn cdf(sorted: &Samples) -> Vec<u64> {
    let n = sorted.len();
    if n == 0 {
        return Vec::new();
    }
    (0..=100).map(|p| sorted.rank(nearest_rank(p, n))).collect()
}

/// The same for floating-point values (slowdowns), sorted.
pub fn cdf_f64(sorted: &[f64]) -> Vec<f64> {
    if sorted.is_empty() {
        return Vec::new();
    }
    let n = sorted.len();
    (0..=100).map(|p| if p == 0 { sorted[0] } else { sorted[(p * n).div_ceil(100).max(1) - 1] }).collect()
}

/// Jain's fairness index (sum x)^2 / (n sum x^2); None when undefined (no flows, all zero).
pub fn jain(x: &[f64]) -> Option<f64> {
    let sum: f64 = x.iter().sum();
    let sq: f64 = x.iter().map(|v| v * v).sum();
    (!x.is_empty() && sq > 0.0).then(|| sum * sum / (x.len() as f64 * sq))
}

#[cfg(test)]
mod more_tests {
    use super::*;
    use crate::trace::{Kind, TraceEvent};

    #[test]
    fn jain_index_closed_forms() {
        // Equal shares: 1. One flow of n getting everything: 1/n. (1, 3): 16 / (2 * 10) = 0.8.
        assert_eq!(jain(&[5.0, 5.0, 5.0]), Some(1.0));
        assert_eq!(jain(&[7.0, 0.0, 0.0, 0.0]), Some(0.25));
        assert_eq!(jain(&[1.0, 3.0]), Some(0.8));
        assert_eq!(jain(&[]), None);
        assert_eq!(jain(&[0.0, 0.0]), None);
    }

    #[test]
    fn past_the_exact_budget_samples_become_histograms() {
        // Packet i waits i % 1000 ns and is delivered after 10 us + that wait: one wait and one
        // delay per packet, so EXACT_SAMPLES / 2 packets fill the exact budget.
        let mut m = Metrics::new(1, 1, u64::MAX, 1, 1);
        let deliver = |m: &mut Metrics, i: u64| {
            let ev = |kind, value| TraceEvent {
                time: crate::time::Time(i),
                kind,
                packet: i,
                flow: 0,
                loc: 0,
                value,
                size: 1500,
                flags: 0,
                implied: false,
            };
            for e in [
                ev(Kind::Arrive, 1500),
                ev(Kind::Enqueue, 0),
                ev(Kind::Dequeue, (i % 1000) as i64),
                ev(Kind::Deliver, 10_000 + (i % 1000) as i64),
            ] {
                m.observe(&e);
            }
        };
        let half = EXACT_SAMPLES / 2;
        for i in 0..half {
            deliver(&mut m, i);
        }
        assert!(m.exact() && matches!(m.ports[0].waits, Samples::Exact(_)));
        deliver(&mut m, half);
        assert!(!m.exact());
        assert!(matches!((&m.ports[0].waits, &m.flows[0].delays_ns), (Samples::Sketch(_), Samples::Sketch(_))));
        // Waits 0..999 cycle 2097 times, then 0..152 once more (2^21 + 1 packets): the p50 rank
        // 1,048,577 falls on 499 (153 x 2098 + 347 x 2097 = 1,048,653 values <= 499, 1,046,556
        // <= 498), the p99 rank 2,076,182 on 989; delays are 10 us more; read within 2^-7.
        // Memory: the histograms' buckets.
        let w = percentiles(&mut m.ports[0].waits).unwrap();
        let d = percentiles(&mut m.flows[0].delays_ns).unwrap();
        let close = |got: u64, exact: u64| (got as f64 - exact as f64).abs() <= sketch::RELATIVE_ERROR * exact as f64;
        assert!(close(w.p50, 499) && close(w.p99, 989) && w.max == 999, "{w:?}");
        assert!(close(d.p50, 10_499) && close(d.p99, 10_989) && d.max == 10_999, "{d:?}");
        assert!(m.ports[0].waits.bytes() + m.flows[0].delays_ns.bytes() < 8 * 1024);
    }

    #[test]
    fn cdf_is_101_nearest_rank_quantiles() {
        let v: Vec<u64> = (1..=200).collect();
        let c = cdf(&Samples::Exact(v));
        assert_eq!(c.len(), 101);
        // p-th percentile of 1..=200 is the ceil(2p)-th value = 2p.
        assert_eq!((c[0], c[1], c[50], c[99], c[100]), (1, 2, 100, 198, 200));
    }
}
