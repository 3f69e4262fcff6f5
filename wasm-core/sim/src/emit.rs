//! Where the engine, its ports and its stages send what happens, as it happens: each trace
//! event goes at once to the run's identity and stored trace ([`TraceRecorder`]), its metrics
//! ([`Metrics`]) and, when a replay needs it, the schedule being recorded ([`Recorder`]). No
//! event is kept in between: the metrics of a port's or a flow's event are updated where the
//! event happens (each emitting call site knows its event's kind, so the metrics' dispatch on
//! the kind folds away), in the order the events happen, which is the trace's order.
//!
//! The view records the page draws (a port's queue order and state) still wait for the end of
//! the engine event that made them ([`Emit::end_batch`]): each says how many of the batch's
//! trace events come before it, and whether one is stored depends on how many the trace has
//! stored by the batch's end.

use crate::metrics::Metrics;
use crate::record::Recorder;
use crate::trace::{Kind, TraceEvent, TraceRecorder, ViewRecord};

/// The run's outputs as events happen, and the scratch space ports and stages share.
pub struct Emit {
    pub recorder: TraceRecorder,
    pub metrics: Metrics,
    /// The schedule being recorded for a replay (see `record`), when one was asked for.
    pub schedule: Option<Recorder>,
    /// Trace events of the current batch (one engine event) so far.
    batch: u32,
    /// View records of the current batch, stored at its end.
    pub views: Vec<ViewRecord>,
    /// The recorder still stores events: ports publish their queue order and state. Set at
    /// the end of each batch, so it holds for a whole batch.
    pub watch: bool,
    /// Scratch space for a port's verdicts (shared by every port: each empties it).
    pub verdicts: crate::verdicts::Verdicts,
}

impl Emit {
    pub fn new(recorder: TraceRecorder, metrics: Metrics) -> Emit {
        let watch = recorder.stores();
        Emit { recorder, metrics, schedule: None, batch: 0, views: Vec::new(), watch, verdicts: Default::default() }
    }

    /// A trace event, now: recorded, measured and, when a schedule is recorded, added to it.
    #[inline(always)]
    pub fn event(&mut self, e: TraceEvent) {
        self.recorder.record(&e);
        self.metrics.observe(&e);
        // The first module (no `full`) runs no replay: the recorder is left out of it.
        if cfg!(feature = "full") {
            if let Some(r) = &mut self.schedule {
                r.observe(&e);
            }
        }
        self.batch += 1;
    }

    /// Trace events of the current batch so far: where a view record made now applies.
    #[inline]
    pub fn after(&self) -> u32 {
        self.batch
    }

    /// The end of an engine event: its view records are stored (those within the stored
    /// trace), and `watch` says whether the next batch's will be.
    #[inline]
    pub fn end_batch(&mut self) {
        if !self.views.is_empty() {
            let base = self.recorder.total() - self.batch as u64;
            self.recorder.record_views(base, &mut self.views);
        }
        self.batch = 0;
        self.watch = self.recorder.stores();
    }
}

/// For harnesses that drive a port or a stage alone (unit tests, the bound tests) and read
/// what it did.
impl Emit {
    /// Stores every event (metrics over `ports` ports); publishes view records when `watch`.
    pub fn storing(ports: usize, watch: bool) -> Emit {
        let views = if watch { u64::MAX } else { 0 };
        Emit::new(TraceRecorder::new(u64::MAX, views), Metrics::new(ports, 0, u64::MAX, 1, 0))
    }

    /// The stored events from the `from`-th on, as (time ns, kind, packet, value).
    pub fn recorded(&self, from: usize) -> Vec<(u64, Kind, u64, i64)> {
        let s = self.recorder.stored();
        (from..s.len())
            .map(|i| (s.time[i] as u64, Kind::ALL[s.kind[i] as usize], s.packet[i] as u64, s.value[i] as i64))
            .collect()
    }
}
