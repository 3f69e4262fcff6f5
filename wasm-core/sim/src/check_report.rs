//! A scenario's checks as the page shows them after a run: each claim the file states (its
//! name, the paper item it is tagged with, whether the file marks it a known difference), held
//! or not on a run of the scenario with its seed, and the sentence saying what was measured.
//! The page asks for it after a run (`crate::api::check_report_json`); the run here has the same seed, so the same trace hash,
//! as the one on screen (plus the other schedulers' runs that `versus` and `under` need).

use serde::Serialize;

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
