//! Sweeps: one scenario run over a grid of parameter values and seeds, the shape of every
//! figure in the papers (AIFO Fig. 7 is 7 loads x 5 schedulers; MR-tradeoff Table 2 an alpha
//! sweep). A sweep file names a base scenario, the axes (a scenario field by its path and the
//! values it takes, or cases that each set several fields), the seeds and the metrics to read:
//!
//! ```json
//! {"format": "scheduler-playground/sweep", "version": 1, "name": "load",
//!  "base": "../default.json",
//!  "axes": [{"path": "traffic[1].rate", "values": ["1Mbps", "3Mbps", "5Mbps"]},
//!           {"path": "scheduler", "values": [{"name": "fifo"}, {"name": "sjf"}]}],
//!  "seeds": [1, 2, 3],
//!  "metrics": [{"metric": "delay_mean_ns"}]}
//! ```
//!
//! A point is one combination of the axes' values; a job is a point and a seed. Every job's
//! scenario is the base with the sweep's `set`, then each axis's value written into the JSON
//! and the seed into `seed`: a scenario file of its own (`Plan::scenario_text`), so running a
//! job is running that file, and it gives that file's trace hash wherever it runs (the CLI's
//! threads, a Dask worker, a Web Worker). The path `scheduler` puts every router on the value
//! (the Compare tab's and the `versus` checks' rule, `Scenario::with_every_router`).
//!
//! The results are a tidy table (`table`: one row per job, the axes' values, seed, trace hash,
//! each metric) and its summary (mean and 95% confidence interval across seeds per point and
//! metric); the sweep's checks (`checks`) compare those means point by point.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use crate::scenario::checks::{FlowFilter, Metric, Op};
use crate::scenario::{LinkRef, TimeQ};

pub mod checks;
pub(crate) mod path;
mod plan;
pub mod stats;
pub mod table;
#[cfg(test)]
mod tests;

pub(crate) use plan::write;
pub use plan::{Plan, Point};
pub use table::{Row, SummaryRow};

/// The value of `format` in a sweep file.
pub const FORMAT: &str = "scheduler-playground/sweep";

/// A sweep file.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SweepFile {
    /// Always "scheduler-playground/sweep".
    pub format: String,
    /// Format version; this build reads 1.
    pub version: u32,
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    /// The scenario every point starts from: the path of a scenario file (relative to the
    /// sweep file) or the scenario itself.
    #[cfg_attr(feature = "schema", schemars(with = "BaseSchema"))]
    pub base: Value,
    /// Fields every point sets before the axes', by path (e.g. {"duration": "20ms"}).
    #[serde(default)]
    pub set: BTreeMap<String, Value>,
    /// The grid: every combination of the axes' values is a point, the first axis outermost.
    pub axes: Vec<Axis>,
    /// Each point runs once per seed (written into the scenario's `seed`).
    pub seeds: Vec<u32>,
    /// What to read from every run; absent: `table::DEFAULT_METRICS`.
    #[serde(default)]
    pub metrics: Option<Vec<MetricSpec>>,
    /// Assertions on the points' means, checked per point.
    #[serde(default)]
    pub checks: Vec<SweepCheck>,
    /// A paper's figures at points of the grid, printed beside ours.
    #[serde(default)]
    pub paper: Vec<PaperPoint>,
}

/// For the schema: a path, or a scenario (an object: `scenario.schema.json` describes it, and
/// the core checks it as a scenario file).
#[cfg(feature = "schema")]
#[derive(schemars::JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(crate) enum BaseSchema {
    Path(String),
    Scenario(serde_json::Map<String, Value>),
}

/// One dimension of the grid: a field and its values (listed, or a range), or cases that
/// each set several fields under one label (AIFO Fig. 7's lines: a scheduler, its buffer and
/// its transport's settings).
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Axis {
    /// The column's name in the tables (default: the path).
    #[serde(default)]
    pub name: Option<String>,
    /// The scenario field, e.g. "traffic[0].load", "node_schedulers.leaf0.params.k",
    /// "default_scheduler", "topology.params.buffer"; "scheduler": every router on the
    /// value (a scheduler spec).
    #[serde(default)]
    pub path: Option<String>,
    /// The values the field takes (numbers, unit strings, scheduler specs...).
    #[serde(default)]
    pub values: Option<Vec<Value>>,
    /// Numbers from `from` to `to` (included) by `step`.
    #[serde(default)]
    pub range: Option<Range>,
    /// Labelled sets of fields, instead of `path` and values.
    #[serde(default)]
    pub cases: Option<Vec<Case>>,
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Range {
    pub from: f64,
    pub to: f64,
    pub step: f64,
    /// A unit written after each number ("Mbps": "2Mbps", "4Mbps", ...).
    #[serde(default)]
    pub unit: Option<String>,
}

/// One value of a cases axis: its label in the tables and the fields it sets, by path.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// The label (a number, e.g. the load a figure plots, or a name).
    pub value: Value,
    pub set: BTreeMap<String, Value>,
}

/// A metric every run reports: a check's metric and selection, under a column name.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MetricSpec {
    /// The column's name (default: the metric's).
    #[serde(default)]
    pub name: Option<String>,
    pub metric: Metric,
    #[serde(default)]
    pub flows: FlowFilter,
    #[serde(default)]
    pub link: Option<LinkRef>,
    #[serde(default)]
    pub replay: Option<String>,
    #[serde(default)]
    pub during: Option<[TimeQ; 2]>,
}

/// A check on the points' means across seeds: at every point that `at` selects (every point
/// when absent), the metric's mean compared with a constant or with the mean at the point
/// `versus` names (this point with those axes' values replaced), times `factor`.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SweepCheck {
    /// What the check asserts, in words (the paper's sentence).
    pub name: String,
    /// The paper item this states a claim of, by its id in `docs/papers/items.json` ("ups/table-1",
    /// "aifo/fig-7"): `sched-cli reproduce --summary` and the page's Papers view list it there.
    #[serde(default)]
    pub item: Option<String>,
    /// A metric's column name.
    pub metric: String,
    /// Axis name -> value: the points the check applies to.
    #[serde(default)]
    pub at: BTreeMap<String, Value>,
    pub op: Op,
    #[serde(default)]
    pub value: Option<f64>,
    /// Axis name -> value: the point compared with.
    #[serde(default)]
    pub versus: Option<BTreeMap<String, Value>>,
    #[serde(default)]
    pub factor: Option<f64>,
}

/// A paper's figure at one point of the grid (means across seeds are printed beside it).
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct PaperPoint {
    /// A metric's column name.
    pub metric: String,
    /// Axis name -> value: the point (every axis named).
    pub at: BTreeMap<String, Value>,
    /// The paper's value, in the metric's unit.
    pub paper: f64,
    /// Where the paper gives it.
    pub source: String,
    /// The paper item this states a claim of, by its id in `docs/papers/items.json` ("ups/table-1",
    /// "aifo/fig-7"): `sched-cli reproduce --summary` and the page's Papers view list it there.
    #[serde(default)]
    pub item: Option<String>,
}

/// The JSON Schema of sweep files (`sweeps.schema.json`).
#[cfg(feature = "schema")]
pub fn json_schema() -> String {
    let mut schema = schemars::schema_for!(SweepFile);
    schema.insert("$id".into(), "https://scheduler-playground.invalid/sweep.schema.json".into());
    serde_json::to_string_pretty(&schema).expect("a schema is plain JSON") + "\n"
}
