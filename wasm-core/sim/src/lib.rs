//! Scheduler Playground simulation core.
//!
//! A pure library (no wasm, no I/O): scenario text in, a run out. The wasm binding and the
//! CLI are thin shells over [`validate`] and [`run`]. A scenario plus a seed gives a
//! byte-identical trace, hence the same trace hash, natively and in wasm.

pub mod engine;
pub mod metrics;
pub mod network;
pub mod packet;
pub mod port;
pub mod results;
pub mod rng;
pub mod scenario;
pub mod sched;
pub mod time;
pub mod trace;
pub mod traffic;
pub mod units;

use engine::Engine;
use metrics::Metrics;
use network::Network;
use results::{RunFacts, RunSummary, Totals};
use scenario::{Scenario, ScenarioError};
use trace::{TraceColumns, TraceRecorder};

/// Events kept for playback when neither the caller nor the scenario says otherwise.
pub const DEFAULT_TRACE_EVENTS: u64 = 1_000_000;

#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Replaces the scenario's seed.
    pub seed: Option<u32>,
    /// Trace budget; replaces the scenario's `trace.max_events`.
    pub max_trace_events: Option<u64>,
}

pub struct RunOutput {
    pub summary: RunSummary,
    pub trace: TraceColumns,
}

/// Parses and fully checks a scenario (fields, references, schedulers, routes).
pub fn validate(text: &str) -> Result<Scenario, ScenarioError> {
    let s = scenario::parse(text)?;
    Network::build(&s, s.seed)?;
    Ok(s)
}

/// Simulates a checked scenario to its end.
pub fn run(s: &Scenario, opts: &RunOptions) -> Result<RunOutput, ScenarioError> {
    let seed = opts.seed.unwrap_or(s.seed);
    let budget = opts
        .max_trace_events
        .or(s.trace.max_events)
        .unwrap_or(DEFAULT_TRACE_EVENTS);
    let net = Network::build(s, seed)?;
    let metrics = Metrics::new(net.ports.len(), net.sources.len(), true);
    let mut engine = Engine::new(net, s.duration.0, TraceRecorder::new(budget), metrics);
    engine.run();
    let c = engine.conservation();
    assert_eq!(
        c.created,
        c.delivered + c.dropped + c.in_network,
        "packet conservation: {c:?}"
    );
    for p in &engine.net.ports {
        if let Err(e) = p.check_identities() {
            panic!("{e}");
        }
    }
    let end_ns = engine.now().as_ns();
    let Engine {
        net,
        recorder,
        mut metrics,
        ..
    } = engine;
    metrics.finish(end_ns);
    let (trace_hash, events_total, trace) = recorder.finish();
    let trace_end_ns = if (trace.len() as u64) < events_total {
        trace.time.last().map_or(0, |&t| t as u64)
    } else {
        end_ns
    };
    let facts = RunFacts {
        seed,
        end_ns,
        trace_hash,
        events_total,
        trace_stored: trace.len() as u64,
        trace_end_ns,
        totals: Totals {
            sent: c.created,
            delivered: c.delivered,
            dropped: c.dropped,
            in_network: c.in_network,
        },
    };
    let summary = results::summarize(s, &net, &mut metrics, facts);
    Ok(RunOutput { summary, trace })
}

/// Parses, checks and runs scenario text.
pub fn run_json(text: &str, opts: &RunOptions) -> Result<RunOutput, ScenarioError> {
    run(&validate(text)?, opts)
}
