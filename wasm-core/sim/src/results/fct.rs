//! Flow completion times in the results: FCT statistics of a group of finite flows (mean,
//! median, 99th percentile, slowdown), by size bucket, and the run's FCT, slowdown and delay
//! CDFs; each flow's size bucket ([`size_bucket`]), and the FCT CDFs of any grouping of the
//! flows the page makes ([`group_cdfs`], through the binding's `fct_cdfs`).

use serde::Serialize;

use super::FlowOut;
use crate::metrics::sketch::Samples;
use crate::metrics::{cdf, percentiles};

/// Flow-size buckets for FCT, bytes: (0, 10K], (10K, 100K], (100K, 1M], (1M, 10M], (10M, inf).
pub const BUCKETS: [u64; 4] = [10_000, 100_000, 1_000_000, 10_000_000];

/// The bucket of a flow of `size` bytes (sizes are at least 1 B): its index in `BUCKETS`'s
/// (min, max] ranges above, as `FctOut::by_size` lists them.
pub fn size_bucket(size: u64) -> u32 {
    BUCKETS.partition_point(|&max| max < size) as u32
}
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
    /// The range in words, decimal units: "≤ 10 KB", "10 KB–100 KB", "> 10 MB", "≥ 1 MB".
    pub label: String,
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

/// "999 B", "10 KB", "1.5 MB": bytes in decimal units (1 KB = 1000 B), as the page writes sizes.
fn bytes_text(b: u64) -> String {
    let (x, unit) = match b {
        1_000_000_000.. => (b as f64 / 1e9, "GB"),
        1_000_000.. => (b as f64 / 1e6, "MB"),
        1_000.. => (b as f64 / 1e3, "KB"),
        _ => (b as f64, "B"),
    };
    format!("{x} {unit}")
}

/// (lo, hi] in words: "≤ hi" from 0, "> lo" unbounded, else "lo–hi".
fn range_label(lo: u64, hi: Option<u64>) -> String {
    match (lo, hi) {
        (_, None) => format!("> {}", bytes_text(lo)),
        (0, Some(h)) => format!("≤ {}", bytes_text(h)),
        (l, Some(h)) => format!("{}–{}", bytes_text(l), bytes_text(h)),
    }
}

/// FCT statistics of the finite flows with sizes in (lo, hi] (hi None: unbounded).
pub(super) fn bucket(flows: &[FlowOut], lo: u64, hi: Option<u64>) -> BucketOut {
    let inside = |f: &&FlowOut| f.size.is_some_and(|sz| sz > lo && hi.is_none_or(|h| sz <= h));
    BucketOut {
        min_bytes: lo,
        max_bytes: hi,
        label: range_label(lo, hi),
        stats: fct_stats(flows.iter().filter(inside)),
    }
}

/// The large flows' bucket, [LARGE_MIN, inf), labelled as the closed bound it is.
pub(super) fn large_bucket(flows: &[FlowOut]) -> BucketOut {
    BucketOut { label: format!("≥ {}", bytes_text(LARGE_MIN)), ..bucket(flows, LARGE_MIN - 1, None) }
}

/// The FCT CDF of each of `groups` groups of completed flows, as `FctOut::cdf_ns` is the whole
/// run's (101 nearest-rank quantiles, `metrics::cdf`; empty for a group with none): completed
/// flow i is in group `group[i]` and took `fct_ns[i]`. The page groups a run's flows by
/// workload, size or source and asks for this through the binding (`fct_cdfs`).
pub fn group_cdfs(groups: usize, group: &[u32], fct_ns: &[u64]) -> Result<Vec<Vec<u64>>, String> {
    if group.len() != fct_ns.len() {
        return Err(format!("{} groups for {} flow completion times", group.len(), fct_ns.len()));
    }
    let mut fcts = vec![Vec::new(); groups];
    for (&g, &t) in group.iter().zip(fct_ns) {
        fcts.get_mut(g as usize).ok_or_else(|| format!("group {g} of a flow: there are {groups} groups"))?.push(t);
    }
    Ok(fcts
        .into_iter()
        .map(|mut v| {
            v.sort_unstable();
            cdf(&Samples::Exact(v))
        })
        .collect())
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
            size_bucket: size.map(size_bucket),
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
        let large = large_bucket(&flows);
        assert_eq!((large.min_bytes, large.max_bytes), (999_999, None));
        // Large: 1 MB, 10 MB, 30 MB finished, 2 MB not (999 999 B is left out): four flows,
        // mean (700 000 + 900 000 + 4 000 000) / 3 = 1 866 666.67 ns, p99 the 3rd of three.
        assert_eq!((large.stats.flows, large.stats.completed), (4, 3));
        assert!((large.stats.mean_ns.unwrap() - 5_600_000.0 / 3.0).abs() < 1e-6);
        assert_eq!(large.stats.p99_ns, Some(4_000_000));
    }

    #[test]
    fn a_flows_size_bucket_is_the_by_size_range_that_holds_it() {
        // (0, 10K], (10K, 100K], (100K, 1M], (1M, 10M], (10M, inf): each bound belongs to the
        // range it closes, the byte after it to the next. 100 000 B is bucket 1, the same
        // group as pFabric's small flows (0, 100 KB] (the page called it "100 KB to 10 MB").
        let cases = [
            (1, 0),
            (10_000, 0),
            (10_001, 1),
            (100_000, 1),
            (100_001, 2),
            (1_000_000, 2),
            (1_000_001, 3),
            (10_000_000, 3),
            (10_000_001, 4),
            (u64::MAX, 4),
        ];
        for (size, want) in cases {
            assert_eq!(size_bucket(size), want, "{size} B");
        }
        // The same flows as `bucket` counts in each range.
        let flows: Vec<FlowOut> = cases.iter().map(|&(size, _)| flow(Some(size), None)).collect();
        let mut bounds = vec![0];
        bounds.extend(BUCKETS);
        for (b, &lo) in bounds.iter().enumerate() {
            let counted = bucket(&flows, lo, BUCKETS.get(b).copied()).stats.flows;
            let tagged = flows.iter().filter(|f| f.size_bucket == Some(b as u32)).count() as u64;
            assert_eq!(counted, tagged, "bucket {b}");
        }
    }

    #[test]
    fn buckets_are_labelled_in_decimal_units() {
        let none: Vec<FlowOut> = Vec::new();
        let labels: Vec<String> =
            [(0, Some(10_000)), (10_000, Some(100_000)), (1_000_000, Some(10_000_000)), (10_000_000, None)]
                .into_iter()
                .map(|(lo, hi)| bucket(&none, lo, hi).label)
                .collect();
        assert_eq!(labels, ["≤ 10 KB", "10 KB–100 KB", "1 MB–10 MB", "> 10 MB"]);
        assert_eq!(bucket(&none, 0, Some(SMALL_MAX)).label, "≤ 100 KB");
        // Large flows are [1 MB, inf): (999 999, inf) in the (min, max] form, labelled by the closed bound.
        assert_eq!(large_bucket(&none).label, "≥ 1 MB");
        assert_eq!(
            (bytes_text(999), bytes_text(1_500_000), bytes_text(2_000_000_000)),
            ("999 B".into(), "1.5 MB".into(), "2 GB".into())
        );
    }

    #[test]
    fn group_cdfs_are_each_groups_nearest_rank_quantiles() {
        // Group 0: FCTs 40, 10, 20 (sorted 10, 20, 40): entry p is the ceil(3p / 100)-th
        // smallest, so p 0..=33 -> 10, 34..=66 -> 20, 67..=100 -> 40. Group 1: none. Group 2:
        // one flow, 7 ns: every entry 7.
        let cdfs = group_cdfs(3, &[0, 2, 0, 0], &[40, 7, 10, 20]).unwrap();
        assert_eq!(cdfs.len(), 3);
        let g0 = &cdfs[0];
        assert_eq!(g0.len(), 101);
        assert_eq!([g0[0], g0[33], g0[34], g0[66], g0[67], g0[100]], [10, 10, 20, 20, 40, 40]);
        assert!(cdfs[1].is_empty());
        assert_eq!(cdfs[2], vec![7; 101]);
        // A flow in a group that does not exist, or columns of unequal length, are refused.
        assert_eq!(group_cdfs(2, &[2], &[5]).unwrap_err(), "group 2 of a flow: there are 2 groups");
        assert_eq!(group_cdfs(2, &[0, 1], &[5]).unwrap_err(), "2 groups for 1 flow completion times");
    }
}
