//! Scheduler Playground simulation core.
//!
//! A pure library (no wasm, no I/O): scenario text in, a run out. The wasm binding and the
//! CLI are thin shells over [`validate`] and [`run`]. A scenario plus a seed gives a
//! byte-identical trace, hence the same trace hash, natively and in wasm.

pub mod aqm;
pub mod checks;
pub mod engine;
pub mod ideal;
pub mod metrics;
pub mod network;
pub mod packet;
pub mod params;
pub mod port;
pub mod presets;
pub mod replay;
pub mod results;
pub mod rng;
pub mod run;
pub mod scenario;
pub mod sched;
pub mod script;
pub mod slack;
pub mod stage;
pub mod time;
pub mod trace;
pub mod traffic;
pub mod transport;
pub mod units;
pub mod validation;
pub mod verdicts;
pub mod view;

use engine::Engine;
use metrics::Metrics;
use network::Network;
use results::RunSummary;
pub use run::{RunOutput, DEFAULT_TRACE_EVENTS, MAX_BINNED_FLOWS, THROUGHPUT_BINS};
use scenario::{Scenario, ScenarioError};
use trace::TraceRecorder;

#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Replaces the scenario's seed.
    pub seed: Option<u32>,
    /// Trace budget; replaces the scenario's `trace.max_events`.
    pub max_trace_events: Option<u64>,
}

/// Parses and fully checks a scenario from an untrusted source (fields, references,
/// schedulers, routes, size limits).
pub fn validate(text: &str) -> Result<Scenario, ScenarioError> {
    validate_with(text, &scenario::LIMITS)
}

/// The same, within other limits (`scenario::TRUSTED_LIMITS` for local files).
pub fn validate_with(text: &str, limits: &scenario::Limits) -> Result<Scenario, ScenarioError> {
    let s = validation::parse_with(text, limits)?;
    Network::build(&s, s.seed)?;
    Ok(s)
}

/// Parses and checks scenario text and starts its run, building the network once (checking a
/// scenario builds it: the run reuses it when the seed is the scenario's).
pub fn start(text: &str, limits: &scenario::Limits, opts: &RunOptions) -> Result<Run, ScenarioError> {
    let s = validation::parse_with(text, limits)?;
    let net = Network::build(&s, s.seed)?;
    let net = match opts.seed {
        Some(seed) if seed != s.seed => Network::build(&s, seed)?,
        _ => net,
    };
    Ok(Run::with_network(s, net, opts))
}

/// Starts one run of a comparison: the scenario text (checked as it is first) with `variant`
/// applied ([`Scenario::with_variant`]: every router, or the routers named, on one scheduler),
/// on the scenario's seed, so every run of a comparison sees the same traffic. `variant` is
/// JSON `{"scheduler": {...}, "routers": [...]?}`; errors in it name its own fields
/// ("scheduler.params.buffer: ...", "routers[1]: ...").
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
    let alt = s.with_variant(&v)?;
    if let Some(Some(spec)) = &v.slack {
        slack::check(spec, &alt).map_err(|(f, m)| ScenarioError::new(format!("slack.{f}"), m))?;
    }
    if let Some(Some(e)) = &v.edge_codel {
        slack::check_edge(e).map_err(|(f, m)| ScenarioError::new(format!("edge_codel.{f}"), m))?;
    }
    // The original is valid, so a problem with a scheduler is the variant's: say it there.
    let placed: Vec<String> = match &v.routers {
        None => vec!["default_scheduler".into()],
        Some(routers) => routers.iter().map(|r| format!("node_schedulers.{r}")).collect(),
    };
    let net = Network::build(&alt, opts.seed.unwrap_or(alt.seed)).map_err(|e| {
        let rest =
            placed.iter().find_map(|p| e.path.strip_prefix(p.as_str()).filter(|r| r.is_empty() || r.starts_with('.')));
        match rest {
            Some(rest) => ScenarioError::new(format!("scheduler{rest}"), e.message.clone()),
            None => e,
        }
    })?;
    Ok(Run::with_network(alt, net, opts))
}

/// A run in progress, advanced in chunks (for progress reports and cancellation).
pub struct Run {
    scenario: Scenario,
    seed: u32,
    engine: Engine,
    done: bool,
    /// Trace events to keep for the caller (the whole trace is recorded when replays need it).
    budget: u64,
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
        let mut metrics = Metrics::new(net.ports.len(), explicit, true, duration, bins, explicit.min(MAX_BINNED_FLOWS));
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
        // Replays and a scripted schedule's table read the whole trace.
        let recorded = if s.replay.is_some() || s.schedule.is_some() { u64::MAX } else { budget };
        let engine = Engine::new(net, s.duration.0, TraceRecorder::new(recorded, budget), metrics);
        Run { scenario: s, seed, engine, done: false, budget }
    }

    /// The scenario being run.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// Processes up to `max_events` events; returns the progress in [0, 1] (1 = finished).
    pub fn advance(&mut self, max_events: u64) -> f64 {
        if !self.done {
            self.done = self.engine.advance(max_events);
        }
        if self.done {
            1.0
        } else {
            self.engine.progress().min(0.999_999)
        }
    }

    /// Engine (heap) events processed so far.
    pub fn heap_events(&self) -> u64 {
        self.engine.processed()
    }

    /// Packet totals so far (created = delivered + dropped + in the network).
    pub fn conservation(&self) -> engine::Conservation {
        self.engine.conservation()
    }

    /// Runs what is left and gathers the results.
    pub fn finish(mut self) -> RunOutput {
        while self.advance(u64::MAX) < 1.0 {}
        let (mut out, net) = run::conclude(&self.scenario, self.seed, self.engine);
        if self.scenario.schedule.is_some() {
            out.summary.schedule = Some(replay::original_table(&self.scenario, &out, &net));
        }
        if let Some(spec) = &self.scenario.replay {
            for r in spec.replays() {
                let (_, report) =
                    replay::replay(&self.scenario, &out, &r, self.budget).expect("the original's scenario builds");
                out.summary.replays.push(report);
            }
        }
        out.keep_trace(self.budget);
        out
    }
}

/// Simulates a checked scenario to its end.
pub fn run(s: &Scenario, opts: &RunOptions) -> Result<RunOutput, ScenarioError> {
    Ok(Run::start(s, opts)?.finish())
}

/// Runs the scenario, then replays its schedule with `r`; returns the replay, whose summary
/// carries the replay report.
pub fn run_replay(s: &Scenario, opts: &RunOptions, r: &scenario::Replay) -> Result<RunOutput, ScenarioError> {
    let mut plain = s.clone();
    plain.replay = None;
    let original = run(&plain, &RunOptions { seed: opts.seed, max_trace_events: Some(u64::MAX) })?;
    let budget = opts.max_trace_events.unwrap_or(DEFAULT_TRACE_EVENTS);
    let (mut out, report) = replay::replay(s, &original, r, budget)?;
    out.summary.replays.push(report);
    out.keep_trace(budget);
    Ok(out)
}

/// The replay `which` asks for, in a checked scenario: the name of one its `replay.modes`
/// lists, a replay name ("edf_preemptive") or an object `{"mode": "edf", "preemptive": true}`.
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
        if let Some((_, r)) = self.runs.iter().find(|(k, _)| *k == key) {
            return r.clone();
        }
        let opts = RunOptions { seed: Some(self.seed), max_trace_events: Some(0) };
        let mut alt = self.scenario.with_every_router(other.scheduler);
        if let Some(e) = other.edge_codel {
            alt.edge_codel = Some(e.clone());
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
