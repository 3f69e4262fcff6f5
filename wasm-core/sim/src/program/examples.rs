//! The example programs that ship with the page: the built-in rank programs and slack
//! policies written in the language (each gives the built-in's trace, `tests/programs.rs`),
//! and new ones (least attained service, weighted SRPT, EDF from a class table, a tenant
//! offset on LSTF).

use super::Target;

/// An example: its name (a built-in's when it is one), what it computes, and its text.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    pub name: &'static str,
    pub target: Target,
    pub text: &'static str,
}

macro_rules! examples {
    ($($name:literal $target:ident $file:literal),* $(,)?) => {
        &[$(Example { name: $name, target: Target::$target, text: include_str!(concat!("examples/", $file)) }),*]
    };
}

pub const EXAMPLES: &[Example] = examples![
    "srpt" Rank "srpt.rank",
    "srpt_segment" Rank "srpt_segment.rank",
    "stfq" Rank "stfq.rank",
    "fifo" Rank "fifo.rank",
    "lstf" Rank "lstf.rank",
    "class" Rank "class.rank",
    "flow_size" Rank "flow_size.rank",
    "las" Rank "las.rank",
    "weighted_srpt" Rank "weighted_srpt.rank",
    "edf_class" Rank "edf_class.rank",
    "lstf_tenant" Rank "lstf_tenant.rank",
    "tail" Slack "tail.slack",
    "mean_fct" Slack "mean_fct.slack",
    "fair" Slack "fair.slack",
    "tenants" Slack "tenants.slack",
];

/// The example called `name`.
pub fn example(name: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.name == name)
}

/// The examples of one target, as JSON for a registry listing: `[{"name", "text"}]`.
#[inline]
pub fn json(target: Target) -> serde_json::Value {
    EXAMPLES
        .iter()
        .filter(|e| e.target == target)
        .map(|e| serde_json::json!({"name": e.name, "text": e.text}))
        .collect()
}
