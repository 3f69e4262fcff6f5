//! Scenario files: versioned JSON with units (`{"format": "scheduler-playground/scenario",
//! "version": 1, ...}`). The JSON Schema committed under `scenarios/` is generated from these
//! types (`cli schema`); `validate` adds the checks a schema cannot express.

mod quantity;
mod validate;

use std::collections::BTreeMap;

use serde::Deserialize;

pub use quantity::{BandwidthQ, BufferQ, BytesQ, TimeQ};
pub use validate::{parse, ScenarioError, LIMITS};

/// The only format name; files of other formats are refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Format {
    #[serde(rename = "scheduler-playground/scenario")]
    Scenario,
}

/// A scenario: topology, schedulers, traffic, duration and seed. Everything a run needs, so
/// that a scenario and its seed reproduce the run exactly.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub format: Format,
    /// Format version; this build reads version 1.
    pub version: u32,
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Seed of every random stream in the run (one stream per source).
    pub seed: u32,
    /// Simulated time to run for; sources stop and the run ends here.
    pub duration: TimeQ,
    pub topology: Topology,
    #[serde(default)]
    pub traffic: Vec<Traffic>,
    #[serde(default)]
    pub trace: TraceSpec,
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Topology {
    pub nodes: Vec<NodeSpec>,
    pub links: Vec<LinkSpec>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    /// Sends and receives traffic; does not forward.
    Host,
    /// Forwards packets; each output port runs the node's scheduler.
    Router,
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct NodeSpec {
    /// Unique name, used by links and traffic.
    pub id: String,
    pub kind: NodeKind,
    /// Where the page draws the node (any units; the page scales to fit).
    #[serde(default)]
    pub pos: Option<[f64; 2]>,
    /// The scheduler of every output port of this node (default: FIFO drop-tail).
    #[serde(default)]
    pub scheduler: Option<SchedulerSpec>,
}

/// A full-duplex link: one output port at each end, each with this bandwidth, delay and buffer.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LinkSpec {
    pub from: String,
    pub to: String,
    pub bandwidth: BandwidthQ,
    /// Propagation delay (zero allowed).
    pub delay: TimeQ,
    /// Buffer of each of the link's two output ports (default unlimited).
    #[serde(default)]
    pub buffer: Option<BufferQ>,
}

/// A scheduler by registry name, with parameters and, for class schedulers, children.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SchedulerSpec {
    /// Registry name, e.g. "fifo".
    pub name: String,
    /// Parameters as the registry lists them (units as strings).
    #[serde(default)]
    pub params: BTreeMap<String, serde_json::Value>,
    /// Child schedulers of a class-level scheduler, by class.
    #[serde(default)]
    pub children: Vec<SchedulerSpec>,
}

/// A traffic source.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Traffic {
    /// UDP at a constant bit rate: packet k leaves at start + floor(k * size / rate).
    Cbr(UdpSource),
    /// UDP with Poisson packet arrivals of mean rate `rate` (exponential gaps).
    Poisson(UdpSource),
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct UdpSource {
    /// Unique name of the flow.
    pub id: String,
    pub src: String,
    pub dst: String,
    /// Mean sending rate (packet sizes on the wire).
    pub rate: BandwidthQ,
    pub packet_size: BytesQ,
    /// When the source starts (default 0).
    #[serde(default)]
    pub start: Option<TimeQ>,
    /// When it stops (default: the scenario's duration).
    #[serde(default)]
    pub stop: Option<TimeQ>,
    /// Traffic class, for class-level schedulers.
    #[serde(default)]
    pub class: u8,
}

impl Traffic {
    pub fn source(&self) -> &UdpSource {
        match self {
            Traffic::Cbr(s) | Traffic::Poisson(s) => s,
        }
    }
    pub fn kind_name(&self) -> &'static str {
        match self {
            Traffic::Cbr(_) => "cbr",
            Traffic::Poisson(_) => "poisson",
        }
    }
}

/// How much of the trace a run keeps for playback. Metrics and the trace hash always cover
/// the whole run.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TraceSpec {
    /// Keep at most this many events (default 1,000,000).
    #[serde(default)]
    pub max_events: Option<u64>,
}

/// The JSON Schema of scenario files (draft 2020-12), pretty-printed with a final newline:
/// exactly what is committed as `scenarios/scenario.schema.json`.
#[cfg(feature = "schema")]
pub fn json_schema() -> String {
    let mut schema = schemars::schema_for!(Scenario);
    schema.insert(
        "$id".into(),
        "https://scheduler-playground.invalid/scenario.schema.json".into(),
    );
    serde_json::to_string_pretty(&schema).expect("a schema is plain JSON") + "\n"
}
