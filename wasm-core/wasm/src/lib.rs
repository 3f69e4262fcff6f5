//! The WebAssembly binding: scenario text in, a run out. No simulation logic lives here;
//! every function forwards to `sched_sim`. The API is documented in this crate's README.
//!
//! Two builds of it (scripts/build-wasm.sh): the full module (feature `full`, the default:
//! this file and `full.rs`) and the page's first module (`--no-default-features`: this file
//! alone, over sched-sim without its `full` feature), which runs the scenarios it holds
//! everything for (the default scenario among them) and answers any other with a `NeedsFull`.

use sched_sim::scenario::ScenarioError;
use sched_sim::{RunOptions, RunOutput as SimOutput};
use wasm_bindgen::prelude::*;

#[cfg(feature = "full")]
mod full;
#[cfg(feature = "full")]
pub use full::*;

/// The first module's answer to a scenario it does not run: one that needs a part only the full
/// module has (`reason` says which), or one that is not valid (the full module, which reads
/// field paths, names the problem). Thrown, as the full module throws an `Error`.
#[cfg(not(feature = "full"))]
#[wasm_bindgen]
pub struct NeedsFull {
    reason: String,
}

#[cfg(not(feature = "full"))]
#[wasm_bindgen]
impl NeedsFull {
    #[wasm_bindgen(getter)]
    pub fn reason(&self) -> String {
        self.reason.clone()
    }
}

/// A refused scenario as the module throws it.
#[cfg(feature = "full")]
fn refused(e: ScenarioError) -> JsValue {
    JsError::new(&e.to_string()).into()
}

#[cfg(not(feature = "full"))]
fn refused(e: ScenarioError) -> JsValue {
    NeedsFull { reason: e.to_string() }.into()
}

/// Starts a run to be advanced in chunks (progress, cancellation).
#[wasm_bindgen]
pub fn start_run(json: &str, max_trace_events: u32) -> Result<RunHandle, JsValue> {
    let opts = RunOptions { seed: None, max_trace_events: Some(max_trace_events as u64) };
    let run = sched_sim::start(json, &sched_sim::scenario::LIMITS, &opts).map_err(refused)?;
    Ok(RunHandle { run })
}

/// A run in progress.
#[wasm_bindgen]
pub struct RunHandle {
    pub(crate) run: sched_sim::Run,
}

#[wasm_bindgen]
impl RunHandle {
    /// Processes up to `max_events` events; returns progress in [0, 1], 1 when finished.
    pub fn advance(&mut self, max_events: u32) -> f64 {
        self.run.advance(max_events as u64)
    }

    /// The run's estimated CPU and memory, JSON (`describe`: "about 40 s of CPU, about 80 MB").
    pub fn work(&self) -> String {
        self.run.work().to_json()
    }

    /// The finished run (runs whatever is left).
    pub fn finish(self) -> RunOutput {
        RunOutput { inner: self.run.finish() }
    }
}

/// A finished run: the summary as JSON and the stored trace as columns (typed arrays).
#[wasm_bindgen]
pub struct RunOutput {
    pub(crate) inner: SimOutput,
}

#[wasm_bindgen]
impl RunOutput {
    pub fn summary(&self) -> String {
        serde_json::to_string(&self.inner.summary).expect("the summary is plain data")
    }
    // Every overdue packet of the (first) replay, by the time it went wrong: the report's JSON
    // lists only the first ones.
    fn overdue(&self) -> &[sched_sim::results::replay::OverduePacket] {
        self.inner.summary.replays.first().map_or(&[], |r| &r.all_overdue)
    }
    pub fn overdue_replay_id(&self) -> Vec<u32> {
        self.overdue().iter().map(|p| p.replay_id as u32).collect()
    }
    pub fn overdue_port(&self) -> Vec<u32> {
        self.overdue().iter().map(|p| p.port).collect()
    }
    pub fn overdue_at(&self) -> Vec<f64> {
        self.overdue().iter().map(|p| p.at_ns as f64).collect()
    }
    pub fn overdue_behind(&self) -> Vec<f64> {
        self.overdue().iter().map(|p| p.behind_ns as f64).collect()
    }
}

/// Getters that copy one column of the stored trace each into a typed array (the page's
/// `TraceColumns`): `getter: column => element type;`.
macro_rules! trace_columns {
    ($($(#[$doc:meta])* $getter:ident: $($column:ident).+ => $t:ty;)*) => {
        #[wasm_bindgen]
        impl RunOutput {
            $(
                $(#[$doc])*
                pub fn $getter(&self) -> Vec<$t> {
                    self.inner.trace.$($column).+.clone()
                }
            )*
        }
    };
}

trace_columns! {
    trace_time: time => f64;
    trace_kind: kind => u8;
    trace_packet: packet => u32;
    trace_flow: flow => u32;
    trace_loc: loc => u32;
    trace_value: value => f64;
    /// Each event's packet role (`summary.vocabulary.packet_roles` codes: datagram, data, ...).
    trace_role: role => u8;
    // The queues' service order as it changes (README: "View records").
    order_at: order.at => u32;
    order_port: order.port => u32;
    order_op: order.op => u8;
    order_index: order.index => u16;
    order_packet: order.packet => u32;
    order_key: order.key => f64;
    // The schedulers' state as it changes.
    state_at: state.at => u32;
    state_port: state.port => u32;
    state_field: state.field => u16;
    state_start: state.start => u32;
    state_values: state.values => f64;
    // Each transmission's slack (runs that initialise slack).
    slack_at: slack.at => u32;
    slack_packet: slack.packet => u32;
    slack_initial: slack.initial => f64;
    slack_current: slack.current => f64;
}
