//! Lessons: a class period's path through a paper's idea, as a file of ordered steps
//! (`scenarios/lessons/NAME.lesson.json`). Each step sets up the page's view (a scenario, or
//! a change to the previous step's; the tab, port, flow, charts, zoom and playhead), says what
//! to look at (text, paper, figure, formula, a highlight), and may ask a question to predict
//! before the run or set an exercise on the learner's own run:
//!
//! ```json
//! {"format": "scheduler-playground/lesson", "version": 1, "name": "Queues", "level": "introductory",
//!  "minutes": 45, "summary": "...",
//!  "steps": [{"title": "FIFO", "scenario": "../queues/md1.json", "text": "...",
//!             "question": {"prompt": "Mean wait?", "why": "M/D/1: W = rho/(2 mu (1 - rho)) = ...",
//!                          "number": {"metric": "wait_mean_ns", "link": {"from": "r", "to": "d"},
//!                                     "answer": 500, "tolerance": 50, "unit": "us", "scale": 1000}}},
//!            {"title": "Heavier load", "change": {"traffic[0].rate": "9Mbps"}, "text": "..."}]}
//! ```
//!
//! The core, not the page, decides whether an answer holds: a multiple-choice question's
//! choices are scenario checks (`crate::scenario::checks::Check`, the name is the choice's
//! text) evaluated on the step's run, and a number question reads a check's metric and
//! selection. An exercise's check is evaluated on the learner's run; the lesson carries a
//! solution (a change to the step's scenario) that the test suite runs (`sched-cli lesson`).

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::Value;

use crate::scenario::checks::Check;
use crate::scenario::{LinkRef, TimeQ};
use crate::sweep::MetricSpec;

mod grade;
mod plan;
#[cfg(test)]
mod tests;

pub use grade::{ExerciseResult, Grade, QuestionRun, StepReport};
pub use plan::{Lesson, LessonStep};

/// The value of `format` in a lesson file.
pub const FORMAT: &str = "scheduler-playground/lesson";

/// A lesson file.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    /// Always "scheduler-playground/lesson".
    pub format: String,
    /// Format version; this build reads 1.
    pub version: u32,
    pub name: String,
    /// One paragraph: what the class will see and conclude.
    pub summary: String,
    pub level: Level,
    /// How long the lesson takes a class, minutes.
    pub minutes: u32,
    /// Where the lessons list puts it first (lower first; default 100).
    #[serde(default)]
    pub order: Option<u32>,
    /// The steps, in order (1 to 30).
    pub steps: Vec<StepSpec>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Introductory,
    Intermediate,
    Advanced,
}

/// One step: its scenario and view, what it says, and optionally a question, a highlight and
/// an exercise.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct StepSpec {
    pub title: String,
    /// The step's scenario: the path of a scenario file (relative to the lesson file) or the
    /// scenario itself. Absent: the previous step's scenario (the first step needs one).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Option<crate::sweep::BaseSchema>"))]
    pub scenario: Option<Value>,
    /// Fields set on that scenario, by path (as a sweep's `set`: "traffic[0].rate",
    /// "default_scheduler"; "scheduler": every router on the value).
    #[serde(default)]
    pub change: BTreeMap<String, Value>,
    /// How the page shows the step.
    #[serde(default)]
    pub view: ViewSpec,
    /// What to look at and why, a few sentences.
    pub text: String,
    /// The paper, section and figure the step follows ("UPS App. A.7.3, Fig. 10").
    #[serde(default)]
    pub paper: Option<String>,
    /// A formula the step uses, in plain text ("W = rho / (2 mu (1 - rho))").
    #[serde(default)]
    pub formula: Option<String>,
    /// What the page marks: the observation the step names.
    #[serde(default)]
    pub highlight: Option<Highlight>,
    #[serde(default)]
    pub question: Option<Question>,
    #[serde(default)]
    pub exercise: Option<Exercise>,
}

/// The page's view at a step; every field is optional (absent: as the page is).
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ViewSpec {
    /// The side tab shown.
    #[serde(default)]
    pub tab: Option<Tab>,
    /// Record this replay of the scenario (a name in its `replay.modes`) and show it beside
    /// the original run.
    #[serde(default)]
    pub replay: Option<String>,
    /// The port selected (its queue chart and the inspector show it).
    #[serde(default)]
    pub port: Option<LinkRef>,
    /// The flow selected (the throughput chart follows it).
    #[serde(default)]
    pub flow: Option<String>,
    /// The charts brought into view, in order.
    #[serde(default)]
    pub charts: Vec<Chart>,
    /// The drawing's zoom (1 = fit the network; 0.5 to 8), centred on the highlight's node
    /// or port.
    #[serde(default)]
    pub zoom: Option<f64>,
    /// The playhead, paused at this time of the run.
    #[serde(default)]
    pub at: Option<TimeQ>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Tab {
    Results,
    Inspect,
    Traffic,
    Packet,
    Replay,
    Compare,
}

/// The results board's charts, and a middlebox's (its CPU and link utilisation, each flow's
/// dominant share).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Chart {
    FctCdf,
    SlowdownCdf,
    FctMeanBySize,
    FctP99BySize,
    DelayCdf,
    Wait,
    Queue,
    Throughput,
    Fairness,
    Drops,
    StageUtilisation,
    DominantShares,
}

/// The observation to mark: a node, packets (by name, in a schedule), a port, a flow's row,
/// a chart and a region of it.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Highlight {
    #[serde(default)]
    pub node: Option<String>,
    #[serde(default)]
    pub packets: Vec<String>,
    #[serde(default)]
    pub port: Option<LinkRef>,
    /// A flow: its row in the flow table.
    #[serde(default)]
    pub flow: Option<String>,
    #[serde(default)]
    pub chart: Option<Chart>,
    /// With `chart`: the time span [from, to) to mark on it.
    #[serde(default)]
    pub during: Option<[TimeQ; 2]>,
}

/// A question to answer before running the step: multiple choice (`choices`, `correct`) or a
/// number (`number`). The page grades the answer after the run with the core's results.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Question {
    pub prompt: String,
    /// The expected answer worked out from the paper, a closed form or by hand: the lesson
    /// shows it once answered, and the test suite checks the run agrees with it.
    pub why: String,
    /// Multiple choice: each choice is a statement checked on the step's run (its `name` is
    /// the text shown); a choice is right when its check holds.
    #[serde(default)]
    pub choices: Vec<Check>,
    /// Multiple choice: the index of the choice the lesson expects to hold (the only one).
    #[serde(default)]
    pub correct: Option<usize>,
    #[serde(default)]
    pub number: Option<NumberQuestion>,
}

/// A number to predict: a metric of the step's run (a check's vocabulary, as a sweep reads it), in the learner's
/// unit (the metric's value divided by `scale`), right within `tolerance`.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct NumberQuestion {
    /// What the run is read for: a check's metric and selection (`name` unused).
    pub measure: MetricSpec,
    /// The expected value, in `unit` (the lesson's calculation, in `why`).
    pub answer: f64,
    /// How far from the run's value an answer may be, in `unit`.
    pub tolerance: f64,
    /// The unit the learner answers in ("us", "Mbps", "packets").
    #[serde(default)]
    pub unit: Option<String>,
    /// The metric's value in `unit` is the value divided by this (1000 for ns to us; default 1).
    #[serde(default)]
    pub scale: Option<f64>,
}

/// Something to change in the step's scenario so that `check` holds on the learner's run.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Exercise {
    /// The task, as the learner reads it.
    pub task: String,
    /// Evaluated on the learner's run (it must fail on the step's scenario as it is).
    pub check: Check,
    /// A solution: fields set on the step's scenario, by path, that make the check hold.
    pub solution: BTreeMap<String, Value>,
    /// A hint shown on request.
    #[serde(default)]
    pub hint: Option<String>,
}

/// The JSON Schema of lesson files (`lesson.schema.json`).
#[cfg(feature = "schema")]
pub fn json_schema() -> String {
    let mut schema = schemars::schema_for!(LessonFile);
    schema.insert("$id".into(), "https://scheduler-playground.invalid/lesson.schema.json".into());
    serde_json::to_string_pretty(&schema).expect("a schema is plain JSON") + "\n"
}
