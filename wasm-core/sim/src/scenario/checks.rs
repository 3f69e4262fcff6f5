//! Scenario checks and paper figures as a scenario file writes them (`"checks"`,
//! `"paper"`); `crate::checks` evaluates them on a run's results.

use serde::Deserialize;

use super::slack::EdgeCodelSpec;
use super::{BytesQ, LinkRef, SchedulerSpec, TimeQ};

/// Another run of the scenario with the same seed: every router on `scheduler` (the versus
/// rule of `Scenario::with_every_router`) and, when given, Edge-CoDel with these settings
/// (otherwise the scenario's own, if any) and every TCP-family source on `transport`.
#[derive(Clone, Copy, Debug)]
pub struct OtherRun<'a> {
    pub scheduler: &'a SchedulerSpec,
    pub edge_codel: Option<&'a EdgeCodelSpec>,
    pub transport: Option<super::Transport>,
}

impl OtherRun<'_> {
    /// "fq" or "fq with Edge-CoDel", for messages.
    pub fn label(&self) -> String {
        let s = match self.edge_codel {
            Some(_) => format!("{} with Edge-CoDel", self.scheduler.name),
            None => self.scheduler.name.clone(),
        };
        match self.transport {
            Some(t) => format!("{} over {s}", t.name()),
            None => s,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// What the check asserts, in words.
    pub name: String,
    /// The paper item this states a claim of, by its id in `docs/papers/items.json` ("ups/table-1",
    /// "aifo/fig-7"): `sched-cli reproduce --summary` and the page's Papers view list it there.
    #[serde(default)]
    pub item: Option<String>,
    pub metric: Metric,
    /// Which flows the flow metrics cover (default: all).
    #[serde(default)]
    pub flows: FlowFilter,
    /// The directed link, for `utilization`.
    #[serde(default)]
    pub link: Option<LinkRef>,
    /// The replay the replay metrics are read from, by name (`replay.modes`).
    #[serde(default)]
    pub replay: Option<String>,
    /// Measure in the run where every router uses this scheduler (same traffic and seed)
    /// instead of in this run; `versus` then compares with a metric or replay of that run,
    /// or with another such run.
    #[serde(default)]
    pub under: Option<SchedulerSpec>,
    /// With `under`: that run also has Edge-CoDel, with these settings (UPS Sec. 4).
    #[serde(default)]
    pub under_edge_codel: Option<EdgeCodelSpec>,
    /// The gap metrics (`dequeue_gap`, `dequeue_gap_half`): the run the dequeued packets are
    /// compared with, every router on this scheduler (same traffic and seed); the two-sample
    /// tests (`wait_welch_t`, `wait_welch_df`, `wait_f_ratio`): the run of sample 1.
    #[serde(default)]
    pub against: Option<SchedulerSpec>,
    pub op: Op,
    /// Compare with this constant...
    #[serde(default)]
    pub value: Option<f64>,
    /// ...or with the same metric in a run where every router uses this scheduler.
    #[serde(default)]
    pub versus: Option<Versus>,
    /// Multiplies the value compared with (default 1).
    #[serde(default)]
    pub factor: Option<f64>,
    /// Middlebox metrics only (`cpu_utilization`, `link_stage_utilization`, `dominant_share`,
    /// `dominant_share_above_floor_min`): read them over the windows of the run's series
    /// (`metrics.window`) that lie whole within [from, to), e.g. ["10ms", "290ms"], instead
    /// of over the whole run.
    #[serde(default)]
    pub during: Option<[TimeQ; 2]>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    /// Mean flow completion time of the completed finite flows, ns.
    FctMeanNs,
    /// Their FCT averaged over bytes (sum of size x FCT over sum of sizes), ns: the UPS
    /// paper's "average FCT across bytes" (Table 2, Fig. 7).
    FctByteWeightedMeanNs,
    FctP99Ns,
    /// Mean FCT over ideal FCT.
    SlowdownMean,
    SlowdownP99,
    /// Mean packet delay (creation to delivery) of the selected flows, ns.
    DelayMeanNs,
    /// TCP family: each selected flow's mean round-trip sample, averaged over the flows
    /// weighted by the bytes each delivered (the UPS paper's "average RTT across bytes",
    /// Sec. 4, Fig. 7), ns.
    RttMeanNs,
    /// Periodic ON-OFF sources: the mean delay of their bursts (first packet sent to last
    /// packet delivered; the FSC paper's average burst delay), over every burst of the
    /// selected flows with a packet delivered, ns.
    BurstDelayMeanNs,
    /// 99th percentile delay over all packets, or over a class's (`flows.class`; other flow
    /// filters do not apply).
    DelayP99Ns,
    /// Dropped packets over sent packets (selected flows).
    DropFraction,
    DeliveredFraction,
    /// Completed finite flows over finite flows (selected flows).
    CompletedFraction,
    /// AIFO's gap Delta (Eq. 1) at the end of the run between the packets this run (or the
    /// `under` run) dequeued at the port of `metrics.dequeues` and those the `against` run did:
    /// (|P \ A| + |A \ P|) / (|P| + |A|), in [0, 1].
    DequeueGap,
    /// The same at half the run's duration (Theorem 2: Delta falls towards 0 as T grows).
    DequeueGapHalf,
    /// Data packets of the selected flows that reached their receiver with a sequence number
    /// below the highest already received (a count; retransmissions not counted; AIFO Sec. 5.1).
    OutOfOrderPackets,
    /// Busy fraction of the port of `link`.
    Utilization,
    /// Busy fraction of a workload's calibrated link over its sources' active period (not
    /// diluted by the drain): the workload `flows.ids` names (its one entry), else the first.
    ActiveLoad,
    /// Mean wait (enqueue to start of transmission) of the packets the port of `link` sent, ns.
    WaitMeanNs,
    /// Median wait at the port of `link`, ns (nearest rank).
    WaitP50Ns,
    WaitP99Ns,
    /// Standard deviation of the waits at the port of `link`, ns.
    WaitStdNs,
    /// Variance of the waits at the port of `link`, ns^2.
    WaitVarianceNs2,
    /// Time-averaged queue at the port of `link`, bytes.
    QueueMeanBytes,
    QueueStdBytes,
    /// Variance over time of the queue at the port of `link`, bytes^2.
    QueueVarianceBytes2,
    /// AQM drops over arrivals at the port of `link`.
    AqmDropFraction,
    /// Fraction of the run the port of `link` spent in CoDel's dropping state.
    CodelDroppingFraction,
    /// LSTFCoDel at the port of `link`: the mean of its average slack gamma sampled at each
    /// packet sent (the LSTFCoDel paper's Table VI), ns.
    SlackMeanNs,
    /// Their standard deviation, ns.
    SlackStdNs,
    /// Their variance (over all samples), ns^2.
    SlackVarianceNs2,
    /// Welch's t of the waits at the port of `link`: the `against` run's (sample 1, the
    /// LSTFCoDel paper's CoDel) against this run's (sample 2), each taken as a sample of 500
    /// with its population's mean and variance, as the paper's Table VII (one-sided: m1 - m2 > 0).
    WaitWelchT,
    /// The Welch-Satterthwaite degrees of freedom of that test.
    WaitWelchDf,
    /// The F statistic of the same two waits' variances, the `against` run's over this run's
    /// (the paper's Table VIII, 499 and 499 degrees of freedom).
    WaitFRatio,
    /// Mean of Jain's index over the time windows.
    JainMean,
    /// Jain's index in the last complete window that has an index (has the flows converged?).
    JainLast,
    /// Delivered bits per second of the selected flows, over the run.
    ThroughputBps,
    /// The first middlebox's CPU stage: busy fraction of the run (MR-tradeoff Fig. 3).
    CpuUtilization,
    /// The first middlebox's link stage (its output ports): busy fraction of the run.
    LinkStageUtilization,
    /// The first middlebox: the selected flows' mean dominant share over the run, each
    /// flow's max(CPU time, link time) over the run's duration (MR-tradeoff Sec. 2.1).
    DominantShare,
    /// The first middlebox: from its first arrival to the last departure from its link
    /// stage, ns (MR-tradeoff Sec. 2.2).
    MakespanNs,
    /// The first middlebox, whose scheduler has a fairness floor (`mr_tradeoff`): the least,
    /// over the selected flows and the windows (those within `during`, else all whole ones),
    /// of a flow's dominant share in the window minus the window's alpha floor (alpha x the
    /// DRF share, averaged over the window): MR-tradeoff Fig. 4's "no flow below alpha x the
    /// fair share" holds when it is >= 0, up to the discrete schedule's lag (Theorem 5).
    DominantShareAboveFloorMin,
    /// Replayed packets with o'(p) > o(p) (the check's `replay`).
    OverdueFraction,
    /// Replayed packets with o'(p) > o(p) + T.
    OverdueByTFraction,
    /// Overdue packets of the selected flows in the replay (a count).
    OverduePackets,
    /// The largest o'(p) - o(p) over the selected flows' packets in the replay, ns (0 when
    /// none is overdue; infinite when one never left).
    MaxLateNs,
    /// The median, over the packets that queued in the original, of the replay's queueing
    /// delay over the original's (the replay's `qdelay_ratio_cdf`; UPS Fig. 1: below 1 when
    /// most packets queue less in the replay).
    QdelayRatioP50,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Op {
    #[serde(rename = "<")]
    Lt,
    #[serde(rename = "<=")]
    Le,
    #[serde(rename = ">")]
    Gt,
    #[serde(rename = ">=")]
    Ge,
    #[serde(rename = "==")]
    Eq,
}

impl Op {
    /// Whether `actual op expected` holds.
    pub fn holds(self, actual: f64, expected: f64) -> bool {
        match self {
            Op::Lt => actual < expected,
            Op::Le => actual <= expected,
            Op::Gt => actual > expected,
            Op::Ge => actual >= expected,
            Op::Eq => actual == expected,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::Eq => "==",
        }
    }
}

#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FlowFilter {
    /// Flow ids (workload flows are named "<workload id>#<n>"; a workload's id selects all
    /// of its flows).
    #[serde(default)]
    pub ids: Option<Vec<String>>,
    /// Finite flows larger than this.
    #[serde(default)]
    pub min_size: Option<BytesQ>,
    /// Finite flows of at most this size.
    #[serde(default)]
    pub max_size: Option<BytesQ>,
    /// Flows of this traffic class (a tenant); the only filter `delay_p99_ns` takes.
    #[serde(default)]
    pub class: Option<u8>,
}

/// What to compare with (exactly one): the same metric in a run where every router uses
/// another scheduler, the same replay metric of another replay of this run, or another metric
/// of this run read the same way (same flows, link and replay), e.g. overdue by more than T
/// against overdue.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Versus {
    #[serde(default)]
    pub default_scheduler: Option<SchedulerSpec>,
    /// With `default_scheduler`: that run's TCP-family sources use this transport instead
    /// (UPS Fig. 3: RC3 against regular TCP).
    #[serde(default)]
    pub transport: Option<super::Transport>,
    /// With `default_scheduler`: that run also has Edge-CoDel, with these settings.
    #[serde(default)]
    pub edge_codel: Option<EdgeCodelSpec>,
    /// Another replay of this run, by name.
    #[serde(default)]
    pub replay: Option<String>,
    #[serde(default)]
    pub metric: Option<Metric>,
}

/// A paper's figure that a scenario reproduces: `sched-cli reproduce` prints ours beside it.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PaperFigure {
    /// What the figure is, in words.
    pub name: String,
    /// Where the paper gives it ("UPS Table 1, default row").
    pub source: String,
    /// The paper item this states a claim of, by its id in `docs/papers/items.json` ("ups/table-1",
    /// "aifo/fig-7"): `sched-cli reproduce --summary` and the page's Papers view list it there.
    #[serde(default)]
    pub item: Option<String>,
    /// The paper's value, in the metric's unit (fractions as fractions, times in ns); absent
    /// when the paper reports none and ours is printed for the record.
    #[serde(default)]
    pub paper: Option<f64>,
    pub metric: Metric,
    #[serde(default)]
    pub flows: FlowFilter,
    #[serde(default)]
    pub link: Option<LinkRef>,
    #[serde(default)]
    pub replay: Option<String>,
    /// Read from the run where every router uses this scheduler (see `Check::under`).
    #[serde(default)]
    pub under: Option<SchedulerSpec>,
    /// With `under`: that run also has Edge-CoDel, with these settings.
    #[serde(default)]
    pub under_edge_codel: Option<EdgeCodelSpec>,
}
