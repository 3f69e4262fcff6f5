//! Scenario checks: assertions on a run's results that the test suite evaluates for every
//! scenario file (`"checks": [...]`). A check compares one metric with a constant, or with the
//! same metric in a run of the same scenario where every router uses another scheduler
//! (`versus`), optionally scaled by `factor`:
//!
//! ```json
//! {"name": "SRPT beats FIFO on small flows", "metric": "fct_mean_ns",
//!  "flows": {"max_size": "100KB"}, "op": "<", "versus": {"default_scheduler": {"name": "fifo"}}}
//! ```

use crate::results::{FlowOut, PortStats, RunSummary};
use crate::scenario::checks::{Check, FlowFilter, Metric, OtherRun, PaperFigure, Versus};
use crate::scenario::LinkRef;

#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub name: String,
    pub passed: bool,
    /// The measured value, the value compared with, and a sentence saying so.
    pub actual: Option<f64>,
    pub expected: Option<f64>,
    pub message: String,
}

/// Whether `filter` selects flow `f` (a workload's id selects its flows "<id>#<n>").
fn keeps(filter: &FlowFilter, f: &FlowOut) -> bool {
    let workload = f.id.rsplit_once('#').map(|(w, _)| w);
    filter.ids.as_ref().is_none_or(|ids| ids.iter().any(|i| *i == f.id || Some(i.as_str()) == workload))
        && filter.min_size.is_none_or(|m| f.size.is_some_and(|s| s > m.0))
        && filter.max_size.is_none_or(|m| f.size.is_some_and(|s| s <= m.0))
        && filter.class.is_none_or(|c| f.class == c)
}

/// Which metric of which flows, link or replay: what a check or a paper figure reads.
#[derive(Clone, Copy, Debug)]
pub struct Selector<'a> {
    pub metric: Metric,
    pub flows: &'a FlowFilter,
    pub link: Option<&'a LinkRef>,
    pub replay: Option<&'a str>,
    /// Middlebox metrics: the window [from, to) in ns (`Check::during`).
    pub during: Option<(u64, u64)>,
}

impl<'a> Selector<'a> {
    /// The fields a check and a paper figure both write, over the whole run.
    fn of(
        metric: Metric,
        flows: &'a FlowFilter,
        link: &'a Option<LinkRef>,
        replay: &'a Option<String>,
    ) -> Selector<'a> {
        Selector { metric, flows, link: link.as_ref(), replay: replay.as_deref(), during: None }
    }
}

impl Check {
    pub fn selector(&self) -> Selector<'_> {
        let during = self.during.map(|[a, b]| (a.0.as_ns(), b.0.as_ns()));
        Selector { during, ..Selector::of(self.metric, &self.flows, &self.link, &self.replay) }
    }
}

impl PaperFigure {
    pub fn selector(&self) -> Selector<'_> {
        Selector::of(self.metric, &self.flows, &self.link, &self.replay)
    }
}

/// The metric's value in `r`, or None when it is undefined (no such flows, nothing done).
pub fn measure(c: Selector<'_>, r: &RunSummary) -> Result<Option<f64>, String> {
    let staged = [
        Metric::CpuUtilization,
        Metric::LinkStageUtilization,
        Metric::DominantShare,
        Metric::DominantShareAboveFloorMin,
    ];
    if c.during.is_some() && !staged.contains(&c.metric) {
        return Err(format!("during: {:?} is read over the whole run (during applies to middlebox metrics)", c.metric));
    }
    let flows: Vec<&FlowOut> = r.flows.iter().filter(|f| keeps(c.flows, f)).collect();
    let ratio = |a: u64, b: u64| (b > 0).then(|| a as f64 / b as f64);
    let mean = |v: Vec<f64>| (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64);
    let p99 = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        (!v.is_empty()).then(|| v[(99 * v.len()).div_ceil(100).max(1) - 1])
    };
    let fcts = || flows.iter().filter_map(|f| f.fct_ns.map(|t| t as f64)).collect::<Vec<_>>();
    let slowdowns = || flows.iter().filter_map(|f| f.slowdown).collect::<Vec<_>>();
    Ok(match c.metric {
        Metric::FctMeanNs => mean(fcts()),
        Metric::FctByteWeightedMeanNs => {
            let (sum, bytes) = flows.iter().fold((0.0, 0.0), |(s, b), f| match (f.size, f.fct_ns) {
                (Some(size), Some(fct)) => (s + size as f64 * fct as f64, b + size as f64),
                _ => (s, b),
            });
            (bytes > 0.0).then(|| sum / bytes)
        }
        Metric::RttMeanNs => {
            let (sum, bytes) = flows.iter().fold((0.0, 0.0), |(s, b), f| match f.rtt_mean_ns {
                Some(r) if f.bytes_delivered > 0 => (s + r * f.bytes_delivered as f64, b + f.bytes_delivered as f64),
                _ => (s, b),
            });
            (bytes > 0.0).then(|| sum / bytes)
        }
        Metric::BurstDelayMeanNs => {
            let (sum, n) = flows.iter().fold((0.0, 0u64), |(s, n), f| match f.burst_delay_mean_ns {
                Some(d) => (s + d * f.bursts as f64, n + f.bursts),
                None => (s, n),
            });
            (n > 0).then(|| sum / n as f64)
        }
        Metric::FctP99Ns => p99(fcts()),
        Metric::SlowdownMean => mean(slowdowns()),
        Metric::SlowdownP99 => p99(slowdowns()),
        Metric::DelayMeanNs => {
            let (sum, n) = flows.iter().fold((0.0, 0u64), |(s, n), f| match &f.delay_ns {
                Some(d) => (s + d.mean * f.delivered as f64, n + f.delivered),
                None => (s, n),
            });
            (n > 0).then(|| sum / n as f64)
        }
        Metric::DelayP99Ns => match (c.flows.class, c.flows) {
            (None, FlowFilter { ids: None, min_size: None, max_size: None, .. }) => {
                r.delay.as_ref().map(|d| d.p99 as f64)
            }
            (Some(class), FlowFilter { ids: None, min_size: None, max_size: None, .. }) => {
                r.delay_by_class.iter().find(|d| d.class == class).map(|d| d.delay.p99 as f64)
            }
            _ => return Err("delay_p99_ns is over all packets or a class's (flows.class): no other flow filter".into()),
        },
        Metric::DropFraction => ratio(flows.iter().map(|f| f.dropped).sum(), flows.iter().map(|f| f.sent).sum()),
        Metric::DeliveredFraction => ratio(flows.iter().map(|f| f.delivered).sum(), flows.iter().map(|f| f.sent).sum()),
        Metric::OutOfOrderPackets => Some(flows.iter().map(|f| f.out_of_order).sum::<u64>() as f64),
        Metric::CompletedFraction => {
            let finite: Vec<_> = flows.iter().filter(|f| f.size.is_some()).collect();
            ratio(finite.iter().filter(|f| f.fct_ns.is_some()).count() as u64, finite.len() as u64)
        }
        Metric::Utilization
        | Metric::WaitMeanNs
        | Metric::WaitP50Ns
        | Metric::WaitP99Ns
        | Metric::WaitStdNs
        | Metric::WaitVarianceNs2
        | Metric::QueueMeanBytes
        | Metric::QueueStdBytes
        | Metric::QueueVarianceBytes2
        | Metric::AqmDropFraction
        | Metric::CodelDroppingFraction
        | Metric::SlackMeanNs
        | Metric::SlackStdNs
        | Metric::SlackVarianceNs2 => port_metric(c.metric, port_of(c, r)?),
        Metric::ActiveLoad => {
            let w = match c.flows.ids.as_deref() {
                Some([id]) => {
                    r.workloads.iter().find(|w| w.id == *id).ok_or_else(|| format!("no workload \"{id}\""))?
                }
                Some(_) => return Err("active_load reads one workload: flows.ids names it (one entry)".into()),
                None => r.workloads.first().ok_or("active_load needs a workload")?,
            };
            Some(w.active_load)
        }
        Metric::CpuUtilization
        | Metric::LinkStageUtilization
        | Metric::MakespanNs
        | Metric::DominantShare
        | Metric::DominantShareAboveFloorMin => stage_metric(c, r)?,
        Metric::JainMean => r.fairness.mean,
        Metric::JainLast => r.fairness.index.iter().rev().find_map(|i| *i),
        Metric::ThroughputBps => {
            let bytes: u64 = flows.iter().map(|f| f.bytes_delivered).sum();
            Some(bytes as f64 * 8e9 / r.end_ns.max(1) as f64)
        }
        Metric::DequeueGap | Metric::DequeueGapHalf | Metric::WaitWelchT | Metric::WaitWelchDf | Metric::WaitFRatio => {
            return Err(format!("{:?} compares two runs: a check gives the other in \"against\"", c.metric))
        }
        Metric::OverdueFraction
        | Metric::OverdueByTFraction
        | Metric::OverduePackets
        | Metric::MaxLateNs
        | Metric::QdelayRatioP50 => {
            let mode = c.replay.ok_or("replay metrics need \"replay\": the replay to read")?;
            replay_metric(c.metric, c.flows, r, mode)?
        }
    })
}

/// The port of the selector's `link`.
fn port_of<'a>(c: Selector<'_>, r: &'a RunSummary) -> Result<&'a PortStats, String> {
    let l = c.link.ok_or_else(|| format!("{:?} needs a link", c.metric))?;
    let id = |name: &str| r.nodes.iter().position(|n| n.id == name).map(|i| i as u32);
    let (a, b) = (id(&l.from).ok_or("unknown link.from")?, id(&l.to).ok_or("unknown link.to")?);
    Ok(&r.ports.iter().find(|p| p.node == a && p.to == b).ok_or("no such link")?.stats)
}

fn port_metric(metric: Metric, p: &PortStats) -> Option<f64> {
    let w = p.wait.as_ref();
    match metric {
        Metric::Utilization => Some(p.utilization),
        Metric::WaitMeanNs => w.map(|w| w.mean_ns),
        Metric::WaitP50Ns => w.and_then(|w| w.p50_ns).map(|x| x as f64),
        Metric::WaitP99Ns => w.and_then(|w| w.p99_ns).map(|x| x as f64),
        Metric::WaitStdNs => w.map(|w| w.std_ns),
        Metric::WaitVarianceNs2 => w.map(|w| w.variance_ns2),
        Metric::QueueMeanBytes => Some(p.queue.mean_bytes),
        Metric::QueueStdBytes => Some(p.queue.std_bytes),
        Metric::QueueVarianceBytes2 => Some(p.queue.variance_bytes2),
        Metric::AqmDropFraction => (p.arrived > 0).then(|| p.dropped.aqm as f64 / p.arrived as f64),
        Metric::CodelDroppingFraction => p.aqm.as_ref().map(|a| a.dropping_fraction),
        Metric::SlackMeanNs => p.aqm.as_ref().and_then(|a| a.slack.as_ref()).map(|s| s.mean_ns),
        Metric::SlackStdNs => p.aqm.as_ref().and_then(|a| a.slack.as_ref()).map(|s| s.std_ns),
        Metric::SlackVarianceNs2 => p.aqm.as_ref().and_then(|a| a.slack.as_ref()).map(|s| s.variance_ns2),
        _ => unreachable!("not a port metric: {metric:?}"),
    }
}

/// A replay metric; the packet-level ones (`overdue_packets`, `max_late_ns`) count the
/// selected flows' packets.
fn replay_metric(metric: Metric, flows: &FlowFilter, r: &RunSummary, name: &str) -> Result<Option<f64>, String> {
    let rep = r
        .replays
        .iter()
        .find(|x| x.name == name)
        .ok_or_else(|| format!("this run has no {name} replay (list it in replay.modes)"))?;
    let late = rep.all_overdue.iter().filter(|p| r.flows.get(p.flow as usize).is_some_and(|f| keeps(flows, f)));
    Ok(Some(match metric {
        Metric::OverdueFraction => rep.overdue_fraction,
        Metric::OverdueByTFraction => rep.overdue_by_t_fraction,
        Metric::OverduePackets => late.count() as f64,
        Metric::QdelayRatioP50 => match rep.qdelay_ratio_cdf.get(50) {
            Some(v) => *v,
            None => return Ok(None),
        },
        _ => late.map(|p| p.late_by_ns.map_or(f64::INFINITY, |l| l as f64)).fold(0.0, f64::max),
    }))
}

/// Welch's t, its degrees of freedom or the F statistic of the waits at two ports (sample 1
/// first), each a sample of the LSTFCoDel paper's n = 500 ([`crate::metrics::moments`]).
fn two_sample(metric: Metric, one: &PortStats, two: &PortStats) -> Result<Option<f64>, String> {
    use crate::metrics::moments::{f_ratio, welch, PAPER_SAMPLE};
    let (Some(a), Some(b)) = (&one.wait, &two.wait) else { return Ok(None) };
    Ok(match metric {
        Metric::WaitFRatio => f_ratio(a.variance_ns2, b.variance_ns2),
        Metric::WaitWelchT => welch(a.mean_ns, a.variance_ns2, b.mean_ns, b.variance_ns2, PAPER_SAMPLE).map(|w| w.0),
        _ => welch(a.mean_ns, a.variance_ns2, b.mean_ns, b.variance_ns2, PAPER_SAMPLE).map(|w| w.1),
    })
}

/// `metric` of check `c` in run `r`: a gap metric against the run `c.against` names (same
/// traffic and seed), else as [`measure`] reads it.
fn value(
    c: &Check,
    metric: Metric,
    r: &RunSummary,
    other: &mut dyn FnMut(OtherRun<'_>) -> Result<RunSummary, String>,
) -> Result<Option<f64>, String> {
    let tests = [Metric::WaitWelchT, Metric::WaitWelchDf, Metric::WaitFRatio];
    if !matches!(metric, Metric::DequeueGap | Metric::DequeueGapHalf) && !tests.contains(&metric) {
        return measure(Selector { metric, ..c.selector() }, r);
    }
    let against = c.against.as_ref().ok_or("the two-run metrics need \"against\": the scheduler of the other run")?;
    let o = other(OtherRun { scheduler: against, edge_codel: None, transport: None })?;
    if tests.contains(&metric) {
        return two_sample(metric, port_of(c.selector(), &o)?, port_of(c.selector(), r)?);
    }
    let (Some(a), Some(b)) = (&r.dequeues, &o.dequeues) else {
        return Err("the gap metrics need metrics.dequeues: the link whose dequeued packets are compared".into());
    };
    let t = if metric == Metric::DequeueGap { r.end_ns } else { r.end_ns / 2 };
    Ok(crate::results::gap::delta_at(a, b, &[t])[0])
}

/// Evaluates `c` on run `r`; `other` runs the scenario with every router on another scheduler.
pub fn evaluate(
    c: &Check,
    r: &RunSummary,
    other: &mut dyn FnMut(OtherRun<'_>) -> Result<RunSummary, String>,
) -> Outcome {
    let fail = |message: String| Outcome { name: c.name.clone(), passed: false, actual: None, expected: None, message };
    let under_run = c.under.as_ref().map(|scheduler| OtherRun {
        scheduler,
        edge_codel: c.under_edge_codel.as_ref(),
        transport: None,
    });
    if c.under_edge_codel.is_some() && c.under.is_none() {
        return fail("under_edge_codel needs under: the scheduler of that run".into());
    }
    let under;
    let r = match under_run {
        Some(run) => match other(run) {
            Ok(o) => {
                under = o;
                &under
            }
            Err(e) => return fail(e),
        },
        None => r,
    };
    let actual = match value(c, c.metric, r, other) {
        Ok(Some(v)) => v,
        Ok(None) => {
            return fail(format!("{:?} is undefined in this run (no such flows or nothing completed)", c.metric))
        }
        Err(e) => return fail(e),
    };
    let base = match (&c.value, &c.versus) {
        (Some(v), None) => *v,
        (
            None,
            Some(Versus { default_scheduler: Some(scheduler), edge_codel, transport, replay: None, metric: None }),
        ) => {
            let run = OtherRun { scheduler, edge_codel: edge_codel.as_ref(), transport: *transport };
            match other(run).and_then(|o| measure(c.selector(), &o)) {
                Ok(Some(v)) => v,
                Ok(None) => return fail(format!("{:?} is undefined in the {} run", c.metric, run.label())),
                Err(e) => return fail(e),
            }
        }
        (None, Some(Versus { edge_codel: Some(_), default_scheduler: None, .. })) => {
            return fail("versus.edge_codel needs versus.default_scheduler".into())
        }
        (None, Some(Versus { default_scheduler: None, replay: Some(mode), metric: None, .. })) => {
            match replay_metric(c.metric, &c.flows, r, mode) {
                Ok(Some(v)) => v,
                Ok(None) => return fail("undefined".into()),
                Err(e) => return fail(e),
            }
        }
        (None, Some(Versus { default_scheduler: None, replay: None, metric: Some(m), .. })) => {
            match value(c, *m, r, other) {
                Ok(Some(v)) => v,
                Ok(None) => return fail(format!("{m:?} is undefined in this run")),
                Err(e) => return fail(e),
            }
        }
        (None, Some(_)) => return fail("versus names exactly one of default_scheduler, replay and metric".into()),
        _ => return fail("give exactly one of value and versus".into()),
    };
    let expected = base * c.factor.unwrap_or(1.0);
    let passed = c.op.holds(actual, expected);
    let sym = c.op.symbol();
    let factor = c.factor.map_or(String::new(), |f| format!(" x {f}"));
    let measured = under_run.map_or(String::new(), |u| format!(" in the {} run", u.label()));
    let against = match &c.versus {
        Some(Versus { default_scheduler: Some(scheduler), edge_codel, transport, .. }) => {
            let run = OtherRun { scheduler, edge_codel: edge_codel.as_ref(), transport: *transport };
            format!(" ({} run{factor})", run.label())
        }
        Some(Versus { replay: Some(m), .. }) => format!(" ({m} replay{factor})"),
        Some(Versus { metric: Some(m), .. }) => format!(" ({m:?}{factor})"),
        _ => String::new(),
    };
    Outcome {
        name: c.name.clone(),
        passed,
        actual: Some(actual),
        expected: Some(expected),
        message: format!(
            "{:?}{measured}: {actual:.6} {sym} {expected:.6}{against}: {}",
            c.metric,
            if passed { "holds" } else { "FAILS" }
        ),
    }
}

/// The first middlebox's metrics, over the whole run or the windows within `c.during`.
fn stage_metric(c: Selector<'_>, r: &RunSummary) -> Result<Option<f64>, String> {
    let Some(st) = r.stages.first() else { return Ok(None) };
    let mean = |v: &mut dyn Iterator<Item = f64>| {
        let (s, n) = v.fold((0.0, 0usize), |(s, n), x| (s + x, n + 1));
        (n > 0).then(|| s / n as f64)
    };
    let picked: Vec<u32> =
        r.flows.iter().enumerate().filter(|(_, f)| keeps(c.flows, f)).map(|(i, _)| i as u32).collect();
    let flows = || st.flows.iter().filter(|f| picked.contains(&f.flow));
    // The windows read: those within `during`, else every whole one.
    let w = st.window_ns.max(1);
    let (from, to) = c.during.unwrap_or((0, r.end_ns));
    if from >= to {
        return Err(format!("during: from ({from} ns) must be before to ({to} ns)"));
    }
    let windows: Vec<usize> =
        (0..st.cpu_series.len()).filter(|&i| i as u64 * w >= from && (i as u64 + 1) * w <= to.min(r.end_ns)).collect();
    if c.during.is_some() && windows.is_empty() {
        return Err(format!("during: no whole window of {w} ns (metrics.window) lies within [{from}, {to}) ns"));
    }
    let over = |v: &[f64]| mean(&mut windows.iter().filter_map(|&i| v.get(i).copied()));
    Ok(match c.metric {
        Metric::CpuUtilization if c.during.is_some() => over(&st.cpu_series),
        Metric::CpuUtilization => Some(st.utilization),
        Metric::LinkStageUtilization if c.during.is_some() => over(&st.link_series),
        Metric::LinkStageUtilization => Some(st.link_utilization),
        Metric::MakespanNs => st.makespan_ns.map(|t| t as f64),
        Metric::DominantShare if c.during.is_some() => mean(&mut flows().filter_map(|f| over(&f.dominant_share))),
        Metric::DominantShare => {
            let end = r.end_ns.max(1) as f64;
            mean(&mut flows().map(|f| f.cpu_ns.max(f.link_ns) as f64 / end))
        }
        Metric::DominantShareAboveFloorMin => {
            if st.alpha_floor.is_empty() {
                return Err(format!(
                    "dominant_share_above_floor_min needs a scheduler with a fairness floor (mr_tradeoff), not {}",
                    st.scheduler
                ));
            }
            flows().flat_map(|f| windows.iter().map(move |&i| f.dominant_share[i] - st.alpha_floor[i])).reduce(f64::min)
        }
        _ => unreachable!("a middlebox metric"),
    })
}
