//! The core's entry points: scenario text in, a run (and its checks) out. Re-exported at the
//! crate root, which the wasm binding and the CLI call; modules above the engine (lessons,
//! check reports) call them here, not through the root.

use crate::engine::Engine;
use crate::metrics::Metrics;
use crate::network::Network;
use crate::results::RunSummary;
pub use crate::run::{RunOutput, DEFAULT_TRACE_EVENTS, MAX_BINNED_FLOWS, THROUGHPUT_BINS};
use crate::scenario::{Scenario, ScenarioError};
use crate::trace::TraceRecorder;
use crate::{budget, checks, compare, engine, replay, results, scenario, slack, validation};

#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Replaces the scenario's seed.
    pub seed: Option<u32>,
    /// Trace budget; replaces the scenario's `trace.max_events`.
    pub max_trace_events: Option<u64>,
}

/// Parses and fully checks a scenario from an untrusted source (fields, references,
/// schedulers, routes, size limits).
#[inline]
pub fn validate(text: &str) -> Result<Scenario, ScenarioError> {
    validate_with(text, &scenario::LIMITS)
}

/// The same, within other limits (`scenario::TRUSTED_LIMITS` for local files).
#[inline]
pub fn validate_with(text: &str, limits: &scenario::Limits) -> Result<Scenario, ScenarioError> {
    let s = validation::parse_with(text, limits)?;
    Network::build(&s, s.seed)?;
    compare::check(&s)?;
    Ok(s)
}

/// Parses and checks scenario text and starts its run, building the network once (checking a
/// scenario builds it: the run reuses it when the seed is the scenario's).
#[inline]
pub fn start(text: &str, limits: &scenario::Limits, opts: &RunOptions) -> Result<Run, ScenarioError> {
    let (s, work) = validation::parse_budgeted(text, limits)?;
    let net = Network::build(&s, s.seed)?;
    compare::check(&s)?;
    let net = match opts.seed {
        Some(seed) if seed != s.seed => Network::build(&s, seed)?,
        _ => net,
    };
    let mut run = Run::with_network(s, net, opts);
    run.work = work;
    Ok(run)
}

/// Starts one run of a comparison: the scenario text (checked as it is first) with `variant`
/// applied ([`Scenario::with_variant`]: every router, or the routers named, on one scheduler),
/// on the scenario's seed, so every run of a comparison sees the same traffic. `variant` is
/// JSON `{"scheduler": {...}, "routers": [...]?}`; errors in it name its own fields
/// ("scheduler.params.buffer: ...", "routers[1]: ...").
#[inline]
pub fn start_variant(
    text: &str,
    variant: &str,
    limits: &scenario::Limits,
    opts: &RunOptions,
) -> Result<Run, ScenarioError> {
    let s = validate_with(text, limits)?;
    let de = &mut serde_json::Deserializer::from_str(variant);
    let v: scenario::Variant = serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        ScenarioError::new(
            if path == "." { String::new() } else { path },
            validation::strip_position(&e.into_inner().to_string()),
        )
    })?;
    let (alt, net) = compare::variant_network(&s, &v, opts.seed.unwrap_or(s.seed))?;
    Ok(Run::with_network(alt, net, opts))
}

/// Where a run stands: its original, then the replays its scenario lists (or the one
/// [`start_replay`] asked for), each advanced in chunks.
enum Phase {
    Original(Box<Engine>),
    Replays { original: Box<RunOutput>, next: usize, pending: Option<Box<replay::Pending>> },
    Done(Box<RunOutput>),
}

/// A run in progress, advanced in chunks (for progress reports and cancellation).
pub struct Run {
    /// What the results take from the scenario: its name, description and duration.
    about: results::About,
    /// The scenario, kept only while something after the original rebuilds from it (its
    /// replays, a scripted schedule's table): otherwise the run drops it once its network is
    /// built, and holds none of its nodes, links and traffic entries (about 600 B a TCP flow
    /// on a dumbbell where each flow has its own host pair). A caller that reads the scenario
    /// after the run (its checks) parses its own.
    scenario: Option<Box<Scenario>>,
    seed: u32,
    phase: Option<Phase>,
    /// The replays to run once the original ends, in order.
    replays: Vec<scenario::Replay>,
    /// The run's output is the (one) replay's run, not the original ([`start_replay`]).
    replay_output: bool,
    /// Trace events to keep for the caller (replays read the schedule the engine records, not the trace).
    budget: u64,
    /// The run's estimated work (`budget::estimate`), when it started from text.
    work: budget::Budget,
    /// Engine events of the engines that finished.
    heap_done: u64,
}

impl Run {
    /// Starts a run of a checked scenario.
    pub fn start(s: &Scenario, opts: &RunOptions) -> Result<Run, ScenarioError> {
        let net = Network::build(s, opts.seed.unwrap_or(s.seed))?;
        Ok(Run::with_network(s.clone(), net, opts))
    }

    /// Starts a run on a network built from `s` with the run's seed.
    fn with_network(s: Scenario, net: Network, opts: &RunOptions) -> Run {
        let seed = opts.seed.unwrap_or(s.seed);
        let budget = opts.max_trace_events.or(s.trace.max_events).unwrap_or(DEFAULT_TRACE_EVENTS);
        let explicit = net.flows.len();
        let duration = s.duration.0.as_ns();
        let bins = match s.metrics.window {
            Some(w) => duration.div_ceil(w.0.as_ns()) as usize,
            None => THROUGHPUT_BINS,
        };
        let mut metrics = Metrics::new(net.ports.len(), explicit, duration, bins, explicit.min(MAX_BINNED_FLOWS));
        if let Some(l) = crate::first::full_only(s.metrics.dequeues.as_ref()) {
            metrics.dequeues = net.port_between(&l.from, &l.to).map(|p| (p, Vec::new()));
        }
        metrics.with_stages(net.stages.iter().map(|st| net.nodes[st.node as usize].ports.clone()).collect());
        let mut net = net;
        for st in &mut net.stages {
            st.measure_floor(metrics.bin_ns, metrics.bin_count);
        }
        for (i, f) in net.flows.iter().enumerate() {
            if let Some(scenario::Traffic::Onoff(u)) = s.traffic.get(f.source as usize) {
                if u.periods == scenario::Periods::Periodic {
                    metrics.measure_bursts(i as u32, f.start, u.on.0 + u.off.0);
                }
            }
        }
        // Each workload's loaded links are measured over its sources' active period too.
        for w in &net.workloads {
            for &(port, _) in &w.loaded {
                metrics.watch(port, w.start.as_ns(), w.stop.as_ns());
            }
        }
        let mut engine = Engine::new(net, s.duration.0, TraceRecorder::new(budget, budget), metrics);
        // Replays and a scripted schedule's table read the recorded schedule.
        if cfg!(feature = "full") && (s.replay.is_some() || s.schedule.is_some()) {
            engine.record_schedule(true);
        }
        let replays = crate::first::full_only(s.replay.as_ref()).map(|r| r.replays()).unwrap_or_default();
        let about = results::About::of(&s);
        let keep = !replays.is_empty() || s.schedule.is_some();
        Run {
            about,
            scenario: keep.then(|| Box::new(s)),
            seed,
            phase: Some(Phase::Original(Box::new(engine))),
            replays,
            replay_output: false,
            budget,
            work: budget::Budget::default(),
            heap_done: 0,
        }
    }

    /// The run's estimated CPU and memory, as checked before it started (`start`).
    pub fn work(&self) -> &budget::Budget {
        &self.work
    }

    /// Processes up to `max_events` events; returns the progress in [0, 1] (1 = finished):
    /// the original's share by simulated time, each replay's by the packets it has delivered.
    pub fn advance(&mut self, max_events: u64) -> f64 {
        let phases = (1 + self.replays.len()) as f64;
        let phase = self.phase.take().expect("a run is in one phase");
        let (phase, progress) = match phase {
            Phase::Original(mut engine) => {
                if engine.advance(max_events) {
                    self.heap_done += engine.processed();
                    (self.concluded(*engine), 1.0 / phases)
                } else {
                    let p = engine.progress().min(0.999_999) / phases;
                    (Phase::Original(engine), p)
                }
            }
            #[cfg(feature = "full")]
            Phase::Replays { original, next, pending } => self.replaying(original, next, pending, max_events),
            #[cfg(not(feature = "full"))]
            Phase::Replays { .. } => unreachable!("the first module refuses scenarios with replays"),
            Phase::Done(out) => (Phase::Done(out), 1.0),
        };
        self.phase = Some(phase);
        if matches!(self.phase, Some(Phase::Done(_))) {
            1.0
        } else {
            progress.min(0.999_999)
        }
    }

    /// The original has ended: its results, then its replays.
    fn concluded(&mut self, engine: Engine) -> Phase {
        #[cfg_attr(not(feature = "full"), allow(unused_mut, unused_variables))]
        let (mut out, net) = crate::run::conclude(&self.about, self.seed, engine);
        // The first module runs no scripted schedule and no replay (`crate::first`).
        #[cfg(feature = "full")]
        if let Some(s) = self.scenario.as_deref().filter(|s| s.schedule.is_some()) {
            out.summary.schedule = Some(replay::original_table(s, &out, &net));
        }
        if self.replays.is_empty() {
            return self.done(out);
        }
        Phase::Replays { original: Box::new(out), next: 0, pending: None }
    }

    #[cfg(feature = "full")]
    fn replaying(
        &mut self,
        mut original: Box<RunOutput>,
        next: usize,
        pending: Option<Box<replay::Pending>>,
        max_events: u64,
    ) -> (Phase, f64) {
        let phases = (1 + self.replays.len()) as f64;
        let s = self.scenario.as_deref().expect("a run with replays keeps its scenario");
        let mut p = match pending {
            Some(p) => p,
            None => Box::new(
                replay::start(s, &original, &self.replays[next], self.budget).expect("the original's scenario builds"),
            ),
        };
        if !p.advance(max_events) {
            let progress = (1.0 + next as f64 + p.progress().min(0.999_999)) / phases;
            return (Phase::Replays { original, next, pending: Some(p) }, progress);
        }
        self.heap_done += p.processed();
        let (mut out, report) = p.finish(s, &original);
        if self.replay_output {
            out.summary.replays.push(report);
            return (self.done(out), 1.0);
        }
        original.summary.replays.push(report);
        if next + 1 == self.replays.len() {
            return (self.done(*original), 1.0);
        }
        (Phase::Replays { original, next: next + 1, pending: None }, (2.0 + next as f64) / phases)
    }

    fn done(&self, mut out: RunOutput) -> Phase {
        out.schedule = None;
        out.keep_trace(self.budget);
        Phase::Done(Box::new(out))
    }

    /// Engine (heap) events processed so far, replays included.
    pub fn heap_events(&self) -> u64 {
        match &self.phase {
            Some(Phase::Original(e)) => self.heap_done + e.processed(),
            Some(Phase::Replays { pending: Some(p), .. }) => self.heap_done + p.processed(),
            _ => self.heap_done,
        }
    }

    /// The original's packet totals so far (created = delivered + dropped + in the network).
    pub fn conservation(&self) -> engine::Conservation {
        let totals = |o: &RunOutput| {
            let t = o.summary.totals;
            engine::Conservation {
                created: t.sent,
                delivered: t.delivered,
                dropped: t.dropped,
                in_network: t.in_network,
            }
        };
        match self.phase.as_ref().expect("a run is in one phase") {
            Phase::Original(e) => e.conservation(),
            Phase::Replays { original, .. } => totals(original),
            Phase::Done(out) => totals(out),
        }
    }

    /// Heap bytes held by the original's queue series while it runs (`Metrics::series_bytes`).
    pub fn series_bytes(&self) -> Option<usize> {
        match self.phase.as_ref()? {
            Phase::Original(e) => Some(e.metrics().series_bytes()),
            _ => None,
        }
    }

    /// Runs what is left and gathers the results.
    pub fn finish(mut self) -> RunOutput {
        while self.advance(u64::MAX) < 1.0 {}
        match self.phase {
            Some(Phase::Done(out)) => *out,
            _ => unreachable!("advanced to the end"),
        }
    }
}

/// Simulates a checked scenario to its end.
pub fn run(s: &Scenario, opts: &RunOptions) -> Result<RunOutput, ScenarioError> {
    Ok(Run::start(s, opts)?.finish())
}

/// Starts a run of the scenario that records its schedule and replays it with `r`, advanced
/// in chunks like any run; its output is the replay's run, whose summary carries the replay
/// report (the original keeps no trace).
pub fn start_replay(s: &Scenario, opts: &RunOptions, r: &scenario::Replay) -> Result<Run, ScenarioError> {
    let mut plain = s.clone();
    plain.replay = None;
    let mut run = Run::start(&plain, &RunOptions { seed: opts.seed, max_trace_events: Some(0) })?;
    if let Some(Phase::Original(engine)) = &mut run.phase {
        engine.record_schedule(true);
    }
    run.scenario = Some(Box::new(s.clone()));
    run.replays = vec![r.clone()];
    run.replay_output = true;
    run.budget = opts.max_trace_events.unwrap_or(DEFAULT_TRACE_EVENTS);
    Ok(run)
}

/// Runs the scenario, then replays its schedule with `r`; returns the replay, whose summary
/// carries the replay report.
pub fn run_replay(s: &Scenario, opts: &RunOptions, r: &scenario::Replay) -> Result<RunOutput, ScenarioError> {
    Ok(start_replay(s, opts, r)?.finish())
}

/// The replay `which` asks for, in a checked scenario: the name of one its `replay.modes`
/// lists, a replay name ("edf_preemptive") or an object `{"mode": "edf", "preemptive": true}`.
#[inline]
pub fn find_replay(s: &Scenario, which: &str) -> Result<scenario::Replay, ScenarioError> {
    let listed = s.replay.as_ref().map(|r| r.replays()).unwrap_or_default();
    if let Some(r) = listed.into_iter().find(|r| r.name == which) {
        return Ok(r);
    }
    let text = if which.trim_start().starts_with('{') { which.to_string() } else { format!("\"{which}\"") };
    let entry: scenario::ReplayEntry =
        serde_json::from_str(&text).map_err(|e| ScenarioError::new("replay", e.to_string()))?;
    match &entry {
        scenario::ReplayEntry::Object(o) if o.order.is_some() => {
            Err(ScenarioError::new("replay.order", "an order is given in the scenario's replay.modes"))
        }
        _ => Ok(entry.resolve()),
    }
}

/// Parses, checks and runs scenario text from an untrusted source.
#[inline]
pub fn run_json(text: &str, opts: &RunOptions) -> Result<RunOutput, ScenarioError> {
    Ok(start(text, &scenario::LIMITS, opts)?.finish())
}

/// What a scenario's checks found, and the trace hash of each other run they made.
pub struct CheckReport {
    pub outcomes: Vec<checks::Outcome>,
    /// (the scheduler as JSON, its run's trace hash), in order of first use.
    pub versus: Vec<(String, String)>,
}

/// Runs of a scenario with the same seed and every router on another scheduler
/// ([`Scenario::with_every_router`]), for checks' `versus` and `under` and paper figures'
/// `under`; each scheduler's run is made once.
pub struct OtherRuns<'a> {
    scenario: &'a Scenario,
    seed: u32,
    runs: Vec<(String, Result<RunSummary, String>)>,
}

impl<'a> OtherRuns<'a> {
    pub fn new(scenario: &'a Scenario, seed: u32) -> OtherRuns<'a> {
        OtherRuns { scenario, seed, runs: Vec::new() }
    }

    /// The run with every router on `other.scheduler` (and Edge-CoDel if it says so). Its key
    /// is the scheduler as JSON, followed by " + edge_codel" and its settings in ns.
    pub fn get(&mut self, other: scenario::checks::OtherRun<'_>) -> Result<RunSummary, String> {
        let mut key = serde_json::to_string(other.scheduler).expect("a spec is plain data");
        if let Some(e) = other.edge_codel {
            let p = slack::edge_codel_params(e);
            let (t, i, r) = (p.codel.target.as_ns(), p.codel.interval.as_ns(), p.refresh.as_ns());
            key += &format!(" + edge_codel target {t} interval {i} refresh {r} ecn {}", p.codel.ecn);
        }
        if let Some(t) = other.transport {
            key += &format!(" + transport {}", t.name());
        }
        if let Some((_, r)) = self.runs.iter().find(|(k, _)| *k == key) {
            return r.clone();
        }
        let opts = RunOptions { seed: Some(self.seed), max_trace_events: Some(0) };
        let mut alt = self.scenario.with_every_router(other.scheduler);
        if let Some(e) = other.edge_codel {
            alt.edge_codel = Some(e.clone());
        }
        if let Some(t) = other.transport {
            alt.set_transport(t);
        }
        let r = run(&alt, &opts).map(|o| o.summary).map_err(|e| e.to_string());
        self.runs.push((key, r.clone()));
        r
    }

    /// (scheduler as JSON, trace hash) of each run made, in order of first use.
    pub fn hashes(self) -> Vec<(String, String)> {
        self.runs.into_iter().filter_map(|(k, r)| r.ok().map(|s| (k, s.trace_hash))).collect()
    }
}

/// Evaluates a run's checks, making the other runs they need through `others`.
pub fn evaluate_checks(s: &Scenario, out: &RunOutput, others: &mut OtherRuns<'_>) -> Vec<checks::Outcome> {
    s.checks.iter().map(|c| checks::evaluate(c, &out.summary, &mut |other| others.get(other))).collect()
}

/// Evaluates a run's checks; checks naming the same other scheduler share one run.
pub fn run_checks(s: &Scenario, out: &RunOutput) -> CheckReport {
    let mut others = OtherRuns::new(s, out.summary.seed);
    let outcomes = evaluate_checks(s, out, &mut others);
    CheckReport { outcomes, versus: others.hashes() }
}

/// Runs the scenario (no trace kept) and evaluates its checks, as JSON.
pub fn check_report_json(text: &str, limits: &scenario::Limits) -> Result<String, ScenarioError> {
    let scenario = validation::parse_with(text, limits)?;
    let out = start(text, limits, &RunOptions { seed: None, max_trace_events: Some(0) })?.finish();
    let report = run_checks(&scenario, &out);
    let checks = scenario
        .checks
        .iter()
        .zip(report.outcomes)
        .map(|(c, o)| crate::check_report::CheckLine {
            known_difference: crate::check_report::marked_known(&c.name),
            name: o.name,
            item: c.item.clone(),
            passed: o.passed,
            message: o.message,
        })
        .collect();
    let doc = crate::check_report::CheckReportOut { trace_hash: out.summary.trace_hash.clone(), checks };
    Ok(serde_json::to_string(&doc).expect("plain data"))
}
