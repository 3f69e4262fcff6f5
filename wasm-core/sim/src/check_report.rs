//! A scenario's checks as the page shows them after a run: each claim the file states (its
//! name, the paper item it is tagged with, whether the file marks it a known difference), held
//! or not on a run of the scenario with its seed, and the sentence saying what was measured.
//! The page asks for it after a run; the run here has the same seed, so the same trace hash,
//! as the one on screen (plus the other schedulers' runs that `versus` and `under` need).

use serde::Serialize;

use crate::scenario::{Limits, ScenarioError};
use crate::{run_checks, start, validation, RunOptions};

/// One check's outcome.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CheckLine {
    pub name: String,
    /// The paper item it states a claim of (`docs/papers/items.json`).
    pub item: Option<String>,
    pub passed: bool,
    /// The file marks it "(known difference: why)": it is expected to fail.
    pub known_difference: bool,
    pub message: String,
}

/// The checks' outcomes and the trace hash of the run they read (the one on screen).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CheckReportOut {
    pub trace_hash: String,
    pub checks: Vec<CheckLine>,
}

/// Whether a check's name marks it as a known difference from the paper (the repository's
/// convention: "(known difference: why)"): the scoreboard counts it as differing.
pub fn marked_known(name: &str) -> bool {
    name.to_ascii_lowercase().contains("known difference")
}

/// Runs the scenario (no trace kept) and evaluates its checks, as JSON.
pub fn check_report_json(text: &str, limits: &Limits) -> Result<String, ScenarioError> {
    let scenario = validation::parse_with(text, limits)?;
    let out = start(text, limits, &RunOptions { seed: None, max_trace_events: Some(0) })?.finish();
    let report = run_checks(&scenario, &out);
    let checks = scenario
        .checks
        .iter()
        .zip(report.outcomes)
        .map(|(c, o)| CheckLine {
            known_difference: marked_known(&c.name),
            name: o.name,
            item: c.item.clone(),
            passed: o.passed,
            message: o.message,
        })
        .collect();
    let doc = CheckReportOut { trace_hash: out.summary.trace_hash.clone(), checks };
    Ok(serde_json::to_string(&doc).expect("plain data"))
}
