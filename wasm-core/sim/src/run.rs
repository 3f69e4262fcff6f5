//! One run from a built engine to its results: the end-of-run identities, the summary and the
//! stored trace. The crate root's `Run` and the replays both end their runs here.

use crate::engine::Engine;
use crate::network::Network;
use crate::record::Schedule;
use crate::results::{self, About, RunFacts, RunSummary, Totals};
use crate::trace::TraceColumns;
use crate::traffic;

/// Time windows for throughput and fairness over a run, unless the scenario sets a width.
pub const THROUGHPUT_BINS: usize = 100;
/// Explicit flows whose throughput is tracked per window.
pub const MAX_BINNED_FLOWS: usize = 256;

/// Events kept for playback when neither the caller nor the scenario says otherwise.
pub const DEFAULT_TRACE_EVENTS: u64 = 1_000_000;

/// A finished run.
pub struct RunOutput {
    pub summary: RunSummary,
    pub trace: TraceColumns,
    /// The run's flows (explicit and workload-made), for replays.
    pub flows: Vec<traffic::FlowInfo>,
    /// Its schedule, when the engine recorded one (`Engine::record_schedule`).
    pub schedule: Option<Schedule>,
}

/// Checks the end-of-run identities and gathers the results of a finished engine.
/// Returns the network too (its flows moved into the output), for what a replay reports.
pub(crate) fn conclude(about: &About, seed: u32, engine: Engine) -> (RunOutput, Network) {
    let c = engine.conservation();
    assert_eq!(c.created, c.delivered + c.dropped + c.in_network, "packet conservation: {c:?}");
    for p in &engine.net.ports {
        if let Err(e) = p.check_identities() {
            panic!("{e}");
        }
    }
    for s in &engine.net.stages {
        if let Err(e) = s.check_identities() {
            panic!("{e}");
        }
    }
    let end_ns = engine.now().as_ns();
    let (mut net, recorder, mut metrics, schedule) = engine.into_parts();
    metrics.finish(end_ns);
    let (trace_hash, events_total, trace) = recorder.finish();
    let facts = RunFacts {
        seed,
        end_ns,
        trace_hash,
        events_total,
        trace_stored: trace.len() as u64,
        trace_end_ns: end_ns,
        totals: Totals { sent: c.created, delivered: c.delivered, dropped: c.dropped, in_network: c.in_network },
    };
    let summary = results::summarize(about, &net, &mut metrics, facts);
    let flows = std::mem::take(&mut net.flows);
    let mut out = RunOutput { summary, trace, flows, schedule: schedule.map(|r| r.finish()) };
    out.keep_trace(u64::MAX);
    (out, net)
}

impl RunOutput {
    /// Keeps the first `budget` trace events and says so in the summary.
    pub fn keep_trace(&mut self, budget: u64) {
        let n = (budget.min(self.trace.len() as u64)) as usize;
        let t = &mut self.trace;
        t.truncate(n);
        let s = &mut self.summary;
        s.trace_stored = n as u64;
        s.trace_truncated = s.trace_stored < s.events_total;
        s.trace_end_ns = if s.trace_truncated { t.time.last().map_or(0, |&x| x as u64) } else { s.end_ns };
    }
}
