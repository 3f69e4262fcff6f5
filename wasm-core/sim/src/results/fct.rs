//! Flow completion times in the results: FCT statistics of a group of finite flows (mean,
//! median, 99th percentile, slowdown), by size bucket, and the run's FCT, slowdown and delay
//! CDFs.

use serde::Serialize;

use super::FlowOut;
use crate::metrics::percentiles;
use crate::metrics::sketch::Samples;

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
