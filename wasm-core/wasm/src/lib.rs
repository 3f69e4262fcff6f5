//! The WebAssembly binding: scenario text in, a run out. No simulation logic lives here;
//! every function forwards to `sched_sim`. The API is documented in this crate's README.

use sched_sim::{RunOptions, RunOutput as SimOutput};
use wasm_bindgen::prelude::*;

/// Checks a scenario. `undefined` when it is valid, else "field.path: problem".
#[wasm_bindgen]
pub fn validate_scenario(json: &str) -> Option<String> {
    sched_sim::validate(json).err().map(|e| e.to_string())
}

/// Runs a scenario, keeping at most `max_trace_events` trace events for playback.
#[wasm_bindgen]
pub fn run_scenario(json: &str, max_trace_events: u32) -> Result<RunOutput, JsError> {
    let opts = RunOptions {
        seed: None,
        max_trace_events: Some(max_trace_events as u64),
    };
    sched_sim::run_json(json, &opts)
        .map(|inner| RunOutput { inner })
        .map_err(|e| JsError::new(&e.to_string()))
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
