//! Flow completion times in the results: FCT statistics of a group of finite flows (mean,
//! median, 99th percentile, slowdown), by size bucket, and the run's FCT, slowdown and delay
//! CDFs.

use serde::Serialize;

use super::FlowOut;
use crate::metrics::percentiles;
use crate::metrics::sketch::Samples;

/// Flow-size buckets for FCT, bytes: (0, 10K], (10K, 100K], (100K, 1M], (1M, 10M], (10M, inf).
pub const BUCKETS: [u64; 4] = [10_000, 100_000, 1_000_000, 10_000_000];
/// Small flows, (0, 100 KB]: pFabric's group (Alizadeh et al., SIGCOMM'13, Sec. 5), the same
/// flows as the AIFO authors' "less_100KB" (size < 100 000 B, their analyze.py) for every size
/// distribution shipped except a flow of exactly 100 000 B (a fixed 100 KB size, or a draw of
/// an interpolated CDF or a continuous law that rounds up to it), which is small here.
pub const SMALL_MAX: u64 = 100_000;
/// Large flows, [1 MB, inf): the AIFO authors' "geq_1MB" (size >= 1 000 000 B, the analysis
/// behind their Figs. 7-9; the "large flows (> 1 MB)"). With their discrete web-search
/// sizes a flow of exactly 1 MB is 10% of all flows, so the bound is closed: a 1 MB flow is
/// large. In the buckets' (min, max] form this is (LARGE_MIN - 1, inf).
pub const LARGE_MIN: u64 = 1_000_000;

results_type! {
/// FCT statistics of one group of finite flows.
pub struct FctStats {
    pub flows: u64,
    pub completed: u64,
    pub mean_ns: Option<f64>,
    pub p50_ns: Option<u64>,
    pub p99_ns: Option<u64>,
    pub mean_slowdown: Option<f64>,
    pub p99_slowdown: Option<f64>,
}
}

results_type! {
pub struct BucketOut {
    /// Sizes in (min_bytes, max_bytes]; max None = unbounded.
    pub min_bytes: u64,
    pub max_bytes: Option<u64>,
    pub stats: FctStats,
}
}

results_type! {
pub struct FctOut {
    pub all: FctStats,
    /// Sum of size x FCT over sum of sizes: the FCT seen by an average byte.
    pub byte_weighted_mean_ns: Option<f64>,
    pub by_size: Vec<BucketOut>,
    /// Small flows, (0, 100 KB] (pFabric's group), and large flows, [1 MB, inf) (the AIFO
    /// authors' analysis; min_bytes 999 999 in this (min, max] form): the groups of pFabric's
    /// and AIFO's FCT figures (mean and 99th percentile of small flows, mean of large ones).
    pub small: BucketOut,
    pub large: BucketOut,
    /// 101 quantiles (0th..100th percentile) of the completed flows' FCT.
    pub cdf_ns: Vec<u64>,
    pub slowdown_cdf: Vec<f64>,
    /// The same for every delivered packet's delay.
    pub delay_cdf_ns: Vec<u64>,
}
}

pub(super) fn fct_stats<'a>(flows: impl Iterator<Item = &'a FlowOut>) -> FctStats {
    let (mut n, mut fct, mut slow) = (0, Vec::new(), Vec::new());
    for f in flows {
        n += 1;
        if let (Some(t), Some(s)) = (f.fct_ns, f.slowdown) {
            fct.push(t);
            slow.push(s);
        }
    }
    let completed = fct.len() as u64;
    let p = percentiles(&mut Samples::Exact(fct));
    slow.sort_by(f64::total_cmp);
    let sn = slow.len();
    FctStats {
        flows: n,
        completed,
        mean_ns: p.map(|p| p.mean),
        p50_ns: p.map(|p| p.p50),
        p99_ns: p.map(|p| p.p99),
        mean_slowdown: (sn > 0).then(|| slow.iter().sum::<f64>() / sn as f64),
        p99_slowdown: (sn > 0).then(|| slow[(99 * sn).div_ceil(100).max(1) - 1]),
    }
}

/// FCT statistics of the finite flows with sizes in (lo, hi] (hi None: unbounded).
pub(super) fn bucket(flows: &[FlowOut], lo: u64, hi: Option<u64>) -> BucketOut {
    let inside = |f: &&FlowOut| f.size.is_some_and(|sz| sz > lo && hi.is_none_or(|h| sz <= h));
    BucketOut { min_bytes: lo, max_bytes: hi, stats: fct_stats(flows.iter().filter(inside)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flow(size: Option<u64>, fct: Option<u64>) -> FlowOut {
        FlowOut {
            id: String::new(),
            kind: "flow".into(),
            transport: "udp".into(),
            class: 0,
            src: 0,
            dst: 1,
            size,
            start_ns: 0,
            sent: 0,
            delivered: 0,
            dropped: 0,
            in_flight: 0,
            bytes_sent: 0,
            bytes_delivered: 0,
            acks_sent: 0,
            acks_dropped: 0,
            retransmits: 0,
            timeouts: 0,
            rtt_mean_ns: None,
            bursts: 0,
            burst_delay_mean_ns: None,
            fct_ns: fct,
            ideal_fct_ns: fct.map(|_| 1_000),
            slowdown: fct.map(|t| t as f64 / 1_000.0),
            hops: 1,
            delay_ns: None,
            out_of_order: 0,
        }
    }

    #[test]
    fn small_flows_are_pfabrics_and_large_flows_the_aifo_authors() {
        let flows = vec![
            flow(Some(1_000), Some(2_000)),
            flow(Some(100_000), Some(6_000)), // 100 KB exactly: small ((0, 100 KB] is closed above)
            flow(Some(100_001), Some(50_000)),
            flow(Some(999_999), Some(300_000)), // one byte under 1 MB: neither small nor large
            flow(Some(1_000_000), Some(700_000)), // 1 MB exactly: large ([1 MB, inf) is closed below)
            flow(Some(10_000_000), Some(900_000)),
            flow(Some(30_000_000), Some(4_000_000)),
            flow(Some(2_000_000), None), // large, unfinished
            flow(Some(20_000), None),    // small, unfinished
            flow(None, None),            // open-ended: in no group
        ];
        let small = bucket(&flows, 0, Some(SMALL_MAX));
        // Three small flows, two finished: mean (2 000 + 6 000) / 2 = 4 000 ns; nearest-rank
        // p99 of two values is the 2nd (ceil(1.98)); slowdowns 2 and 6.
        assert_eq!((small.stats.flows, small.stats.completed), (3, 2));
        assert_eq!((small.stats.mean_ns, small.stats.p99_ns), (Some(4_000.0), Some(6_000)));
        assert_eq!((small.stats.mean_slowdown, small.stats.p99_slowdown), (Some(4.0), Some(6.0)));
        let large = bucket(&flows, LARGE_MIN - 1, None);
        assert_eq!((large.min_bytes, large.max_bytes), (999_999, None));
        // Large: 1 MB, 10 MB, 30 MB finished, 2 MB not (999 999 B is left out): four flows,
        // mean (700 000 + 900 000 + 4 000 000) / 3 = 1 866 666.67 ns, p99 the 3rd of three.
        assert_eq!((large.stats.flows, large.stats.completed), (4, 3));
        assert!((large.stats.mean_ns.unwrap() - 5_600_000.0 / 3.0).abs() < 1e-6);
        assert_eq!(large.stats.p99_ns, Some(4_000_000));
    }
}
