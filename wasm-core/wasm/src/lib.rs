//! The WebAssembly binding: scenario text in, a run out. No simulation logic lives here;
//! every function forwards to `sched_sim`. The API is documented in this crate's README.

use sched_sim::{RunOptions, RunOutput as SimOutput};
use wasm_bindgen::prelude::*;

/// Checks a scenario. `undefined` when it is valid, else "field.path: problem".
#[wasm_bindgen]
pub fn validate_scenario(json: &str) -> Option<String> {
    sched_sim::validate(json).err().map(|e| e.to_string())
}

/// The scheduler registry as JSON: name, summary, reference, key label, parameters (type,
/// options or range, default) and whether it takes children. The inspector's forms use it.
#[wasm_bindgen]
pub fn scheduler_registry() -> String {
    sched_sim::sched::registry::registry_json()
}

/// The topology presets and their parameters, as JSON.
#[wasm_bindgen]
pub fn preset_catalog() -> String {
    sched_sim::presets::catalog_json()
}

/// The scenario with a preset topology replaced by explicit nodes and links.
#[wasm_bindgen]
pub fn expand_topology(json: &str) -> Result<String, JsError> {
    sched_sim::validation::expand_topology_text(json).map_err(|e| JsError::new(&e.to_string()))
}

/// Runs a scenario, keeping at most `max_trace_events` trace events for playback.
#[wasm_bindgen]
pub fn run_scenario(json: &str, max_trace_events: u32) -> Result<RunOutput, JsError> {
    let opts = RunOptions { seed: None, max_trace_events: Some(max_trace_events as u64) };
    sched_sim::run_json(json, &opts).map(|inner| RunOutput { inner }).map_err(|e| JsError::new(&e.to_string()))
}

/// Starts a run to be advanced in chunks (progress, cancellation).
#[wasm_bindgen]
pub fn start_run(json: &str, max_trace_events: u32) -> Result<RunHandle, JsError> {
    let opts = RunOptions { seed: None, max_trace_events: Some(max_trace_events as u64) };
    let scenario = sched_sim::validate(json).map_err(|e| JsError::new(&e.to_string()))?;
    let run = sched_sim::Run::start(&scenario, &opts).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(RunHandle { run })
}

/// A run in progress.
#[wasm_bindgen]
pub struct RunHandle {
    run: sched_sim::Run,
}

#[wasm_bindgen]
impl RunHandle {
    /// Processes up to `max_events` events; returns progress in [0, 1], 1 when finished.
    pub fn advance(&mut self, max_events: u32) -> f64 {
        self.run.advance(max_events as u64)
    }

    /// The finished run (runs whatever is left).
    pub fn finish(self) -> RunOutput {
        RunOutput { inner: self.run.finish() }
    }
}

/// Runs a scenario, records its schedule and replays it with `mode` ("lstf",
/// "lstf_preemptive", "edf", "priority", "omniscient"); returns the replay run, whose summary
/// carries the replay report in `replays[0]`.
#[wasm_bindgen]
pub fn run_replay(json: &str, mode: &str, max_trace_events: u32) -> Result<RunOutput, JsError> {
    let mode = sched_sim::scenario::Mode::parse(mode)
        .ok_or_else(|| JsError::new(&format!("mode: unknown replay mode \"{mode}\"")))?;
    let scenario = sched_sim::validate(json).map_err(|e| JsError::new(&e.to_string()))?;
    let opts = RunOptions { seed: None, max_trace_events: Some(max_trace_events as u64) };
    sched_sim::run_replay(&scenario, &opts, mode)
        .map(|inner| RunOutput { inner })
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Runs a benchmark scenario: trusted limits (long runs allowed, unlike scenarios from links)
/// and no stored trace; the summary still carries the trace hash.
#[wasm_bindgen]
pub fn run_benchmark(json: &str) -> Result<RunOutput, JsError> {
    let scenario = sched_sim::validate_with(json, &sched_sim::scenario::TRUSTED_LIMITS)
        .map_err(|e| JsError::new(&e.to_string()))?;
    let opts = RunOptions { seed: None, max_trace_events: Some(0) };
    sched_sim::run(&scenario, &opts).map(|inner| RunOutput { inner }).map_err(|e| JsError::new(&e.to_string()))
}

/// A finished run: the summary as JSON and the stored trace as columns (typed arrays).
#[wasm_bindgen]
pub struct RunOutput {
    inner: SimOutput,
}

#[wasm_bindgen]
impl RunOutput {
    pub fn summary(&self) -> String {
        serde_json::to_string(&self.inner.summary).expect("the summary is plain data")
    }
    pub fn trace_time(&self) -> Vec<f64> {
        self.inner.trace.time.clone()
    }
    pub fn trace_kind(&self) -> Vec<u8> {
        self.inner.trace.kind.clone()
    }
    pub fn trace_packet(&self) -> Vec<u32> {
        self.inner.trace.packet.clone()
    }
    pub fn trace_flow(&self) -> Vec<u32> {
        self.inner.trace.flow.clone()
    }
    pub fn trace_loc(&self) -> Vec<u32> {
        self.inner.trace.loc.clone()
    }
    pub fn trace_value(&self) -> Vec<f64> {
        self.inner.trace.value.clone()
    }
}
