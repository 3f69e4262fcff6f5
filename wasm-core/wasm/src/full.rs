//! What the full module adds to the first one (lib.rs): checks, catalogs, comparisons, replays,
//! sweeps, lessons and the helpers of the results views.

use super::{RunHandle, RunOutput};
use sched_sim::RunOptions;
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

/// The replay modes as JSON (`ReplayCatalog`): each mode, what the page calls it, one line
/// on it, whether it serves preemptively by default, and its replay's default names.
#[wasm_bindgen]
pub fn replay_catalog() -> String {
    sched_sim::scenario::ReplayCatalog::json()
}

/// The FCT CDF of each of `groups` groups of completed flows (the core's 101 nearest-rank
/// quantiles, as `fct.cdf_ns`), as JSON `number[][]`: `group[i]` and `fct_ns[i]` are one
/// completed flow's group and flow completion time (integer ns).
#[wasm_bindgen]
pub fn fct_cdfs(groups: u32, group: Vec<u32>, fct_ns: Vec<f64>) -> Result<String, JsError> {
    let fct_ns: Vec<u64> = fct_ns.into_iter().map(|t| t as u64).collect();
    sched_sim::results::fct::group_cdfs(groups as usize, &group, &fct_ns)
        .map(|c| serde_json::to_string(&c).expect("quantiles are plain data"))
        .map_err(|e| JsError::new(&e))
}

/// The topology presets and their parameters, as JSON.
#[wasm_bindgen]
pub fn preset_catalog() -> String {
    sched_sim::presets::catalog_json()
}

/// The scenario as the editor edits it: a preset topology replaced by explicit nodes and
/// links, node_schedulers folded into the nodes.
#[wasm_bindgen]
pub fn editable_scenario(json: &str) -> Result<String, JsError> {
    sched_sim::validation::editable_text(json).map_err(|e| JsError::new(&e.to_string()))
}

/// Which scheduler each port of a (possibly unchecked) scenario runs and the field that
/// chose it, as JSON: [{link, node, to, scheduler, from}].
#[wasm_bindgen]
pub fn port_schedulers(json: &str) -> Result<String, JsError> {
    sched_sim::validation::port_schedulers_text(json).map_err(|e| JsError::new(&e.to_string()))
}

/// Runs a scenario, keeping at most `max_trace_events` trace events for playback.
#[wasm_bindgen]
pub fn run_scenario(json: &str, max_trace_events: u32) -> Result<RunOutput, JsError> {
    let opts = RunOptions { seed: None, max_trace_events: Some(max_trace_events as u64) };
    sched_sim::run_json(json, &opts).map(|inner| RunOutput { inner }).map_err(|e| JsError::new(&e.to_string()))
}

/// The scenario's checks on a run with its seed (the run on screen), JSON (`CheckReportOut`).
#[wasm_bindgen]
pub fn scenario_checks(json: &str) -> Result<String, JsError> {
    sched_sim::check_report_json(json, &sched_sim::scenario::LIMITS).map_err(|e| JsError::new(&e.to_string()))
}

/// Starts one run of a comparison: the scenario with `variant` (JSON `{"scheduler": {...},
/// "routers": [...]?}`) applied, on the scenario's seed; advanced like `start_run`.
#[wasm_bindgen]
pub fn start_variant_run(json: &str, variant: &str, max_trace_events: u32) -> Result<RunHandle, JsError> {
    let opts = RunOptions { seed: None, max_trace_events: Some(max_trace_events as u64) };
    let run = sched_sim::start_variant(json, variant, &sched_sim::scenario::LIMITS, &opts)
        .map_err(|e| JsError::new(&e.to_string()))?;
    Ok(RunHandle { run })
}

/// Starts a run that records the scenario's schedule and replays it with `replay` (named as
/// for `run_replay`), advanced in chunks like `start_run` (progress over the original, then
/// the replay); its output is the replay run, whose summary carries the report in `replays[0]`.
#[wasm_bindgen]
pub fn start_replay_run(json: &str, replay: &str, max_trace_events: u32) -> Result<RunHandle, JsError> {
    let scenario = sched_sim::validate(json).map_err(|e| JsError::new(&e.to_string()))?;
    let r = sched_sim::find_replay(&scenario, replay).map_err(|e| JsError::new(&e.to_string()))?;
    let opts = RunOptions { seed: None, max_trace_events: Some(max_trace_events as u64) };
    let run = sched_sim::start_replay(&scenario, &opts, &r).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(RunHandle { run })
}

/// Runs a scenario, records its schedule and replays it with `replay`: the name of a replay
/// the scenario lists, a replay name ("lstf", "lstf_preemptive", "edf_preemptive",
/// "priority_a6", "omniscient", ...) or an object `{"mode": "edf", "preemptive": true}`;
/// returns the replay run, whose summary carries the replay report in `replays[0]`.
#[wasm_bindgen]
pub fn run_replay(json: &str, replay: &str, max_trace_events: u32) -> Result<RunOutput, JsError> {
    let scenario = sched_sim::validate(json).map_err(|e| JsError::new(&e.to_string()))?;
    let r = sched_sim::find_replay(&scenario, replay).map_err(|e| JsError::new(&e.to_string()))?;
    let opts = RunOptions { seed: None, max_trace_events: Some(max_trace_events as u64) };
    sched_sim::run_replay(&scenario, &opts, &r)
        .map(|inner| RunOutput { inner })
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Runs a benchmark scenario: trusted limits (long runs allowed, unlike scenarios from links)
/// and no stored trace; the summary still carries the trace hash.
#[wasm_bindgen]
pub fn run_benchmark(json: &str) -> Result<RunOutput, JsError> {
    let opts = RunOptions { seed: None, max_trace_events: Some(0) };
    sched_sim::start(json, &sched_sim::scenario::TRUSTED_LIMITS, &opts)
        .map(|run| RunOutput { inner: run.finish() })
        .map_err(|e| JsError::new(&e.to_string()))
}

/// The gap Delta(t) (AIFO Eq. 1) between two runs' dequeued packets at a port: `a` and `b`
/// are their summaries' `dequeues` as JSON; Delta at the end of `windows` equal windows of
/// [0, end_ns], as JSON (`GapOut`).
#[wasm_bindgen]
pub fn dequeue_gap(a: &str, b: &str, end_ns: f64, windows: u32) -> Result<String, JsError> {
    sched_sim::results::gap::gap_json(a, b, end_ns as u64, windows as u64).map_err(|e| JsError::new(&e))
}

/// A checked sweep (`sched_sim::sweep::Plan`): the Sweep tab plans with it, and each of its
/// workers runs jobs with it. Its base must be written in (the page has no files).
#[wasm_bindgen]
pub struct SweepPlan {
    inner: sched_sim::sweep::Plan,
}

/// Reads sweep text within the page's limits; errors name the field ("axes[0].values[2]: ...").
#[wasm_bindgen]
pub fn sweep_plan(json: &str) -> Result<SweepPlan, JsError> {
    let no_files = |p: &str| Err(format!("{p}: the page reads no files: write the base scenario in"));
    sched_sim::sweep::Plan::parse(json, &no_files, &sched_sim::scenario::LIMITS)
        .map(|inner| SweepPlan { inner })
        .map_err(|e| JsError::new(&e.to_string()))
}

#[wasm_bindgen]
impl SweepPlan {
    /// Jobs: points x seeds.
    pub fn jobs(&self) -> u32 {
        self.inner.jobs() as u32
    }

    /// Job `job`'s scenario text (start it with `start_run`).
    pub fn scenario(&self, job: u32) -> String {
        self.inner.scenario_text(job as usize)
    }

    /// Job `job`'s row from its finished run, as a line of the tidy table's CSV.
    pub fn row(&self, job: u32, out: &RunOutput) -> Result<String, JsError> {
        self.inner.row(job as usize, &out.inner.summary).map(|r| self.inner.csv_line(&r)).map_err(|e| JsError::new(&e))
    }

    fn rows(&self, lines: Vec<String>) -> Result<Vec<sched_sim::sweep::Row>, JsError> {
        self.inner.parse_lines(lines.iter().map(String::as_str)).map_err(|e| JsError::new(&e))
    }

    /// The tidy table of these rows (`row`'s lines) as JSON: {"columns", "rows"}.
    pub fn table(&self, lines: Vec<String>) -> Result<String, JsError> {
        Ok(self.inner.table_json(&self.rows(lines)?).to_string())
    }

    /// The tidy table as CSV, as `sched-cli sweep` writes points.csv.
    pub fn csv(&self, lines: Vec<String>) -> Result<String, JsError> {
        Ok(self.inner.csv(&self.rows(lines)?))
    }

    /// Means and 95% intervals across seeds as JSON: {"columns", "rows"}.
    pub fn summary(&self, lines: Vec<String>) -> Result<String, JsError> {
        Ok(self.inner.summary_json(&self.inner.summarize(&self.rows(lines)?)).to_string())
    }
}

/// A checked lesson (`sched_sim::lesson::Lesson`): the lesson view reads each step's scenario
/// from it and has the core grade answers and exercises.
#[wasm_bindgen]
pub struct LessonPlan {
    inner: sched_sim::lesson::Lesson,
}

/// Reads lesson text within the page's limits; `files` is a JSON object from each scenario path
/// the lesson names to that file's text. Errors name the field ("steps[2].change.duration: ...").
#[wasm_bindgen]
pub fn lesson_plan(json: &str, files: &str) -> Result<LessonPlan, JsError> {
    let files: std::collections::BTreeMap<String, String> =
        serde_json::from_str(files).map_err(|e| JsError::new(&format!("files: {e}")))?;
    let load = |p: &str| files.get(p).cloned().ok_or_else(|| format!("{p}: no such scenario file in the page"));
    sched_sim::lesson::Lesson::parse(json, &load, &sched_sim::scenario::LIMITS)
        .map(|inner| LessonPlan { inner })
        .map_err(|e| JsError::new(&e.to_string()))
}

#[wasm_bindgen]
impl LessonPlan {
    pub fn steps(&self) -> u32 {
        self.inner.steps.len() as u32
    }

    /// Step `step`'s scenario text.
    pub fn scenario(&self, step: u32) -> String {
        self.inner.steps[(step as usize).min(self.inner.steps.len() - 1)].scenario_text.clone()
    }

    /// Step `step`'s exercise solution (its scenario text; "" when the step has no exercise).
    pub fn solution(&self, step: u32) -> String {
        let st = &self.inner.steps[(step as usize).min(self.inner.steps.len() - 1)];
        st.solution_text.clone().unwrap_or_default()
    }

    /// Grades an answer (JSON: a choice's index or a number) to step `step`'s question on the
    /// step's run, as JSON `Grade`.
    pub fn grade(&self, step: u32, answer: &str) -> Result<String, JsError> {
        let a: serde_json::Value = serde_json::from_str(answer).map_err(|e| JsError::new(&format!("answer: {e}")))?;
        let g = self.inner.grade(step as usize, &a).map_err(|e| JsError::new(&e))?;
        Ok(serde_json::to_string(&g).expect("plain data"))
    }

    /// Step `step`'s exercise checked on the learner's scenario text, as JSON `{passed, message}`.
    pub fn exercise(&self, step: u32, scenario: &str) -> Result<String, JsError> {
        let r =
            self.inner.exercise(step as usize, scenario, &sched_sim::scenario::LIMITS).map_err(|e| JsError::new(&e))?;
        Ok(serde_json::to_string(&r).expect("plain data"))
    }
}
