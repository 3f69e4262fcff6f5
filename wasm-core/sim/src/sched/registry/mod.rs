//! The scheduler registry's types: what each scheduler file declares beside its code
//! ([`SchedulerInfo`]: name as written in scenario files and links, display name, summary,
//! paper reference, typed parameters with units, ranges and defaults, the key shown on queued
//! packets, the state it exports, its [`Traits`] and its builder), and what reads the entries:
//! [`build`] (scenario validation and the network), [`registry_json`] (the page's inspector
//! forms and `sched-cli schedulers`) and the generated doc pages (`docs/schedulers/`). The
//! entries themselves are listed once, in `sched/mod.rs` ([`REGISTRY`]).

mod json;

use crate::params::{self, Context, Params};
use crate::rng::Stream;
use crate::scenario::SchedulerSpec;
use crate::sched::AnyScheduler;
use crate::time::Bandwidth;
use crate::units::Buffer;
use crate::view::{KeySpec, StateSpec};

pub use super::REGISTRY;
#[cfg(feature = "schema")]
pub use json::json_schema;
pub use json::registry_json;

/// What a constructor receives.
pub struct BuildArgs<'a> {
    pub params: &'a Params,
    pub port: PortContext,
    pub children: Vec<AnyScheduler>,
    /// The scenario's traffic source ids, in order (`Packet::source` indexes them): the keys
    /// of per-flow parameters.
    pub flows: &'a [String],
}

/// A constructor's error: the field (relative to the scheduler spec, e.g. "params.drop") and
/// what is wrong with it.
pub type BuildError = (&'static str, String);

/// The port a scheduler serves.
#[derive(Clone, Copy, Debug)]
pub struct PortContext {
    /// The port's buffer; the outermost scheduler enforces it, children get `Unlimited`.
    pub buffer: Buffer,
    pub bandwidth: Bandwidth,
    /// Seed and stream number of the scheduler's own random stream.
    pub seed: u32,
    pub stream: u64,
}

impl PortContext {
    pub fn rng(&self) -> Stream {
        Stream::new(self.seed, self.stream)
    }
}

/// The ordering a scheduler promises; the contract test checks it, and the page says when
/// the order shown is not a service order (Random).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Order {
    /// `dequeue` serves the queued packet with the least (key, arrival order): the
    /// priority family.
    Key,
    /// No key order (class schedulers, SRPT's starvation prevention, round robin): only its
    /// `snapshot` says what it serves next.
    Snapshot,
    /// A queued packet chosen at random; `snapshot` lists arrival order.
    Random,
}

/// How a scheduler serves and what it reads: most are one of the named kinds below, some with a
/// modifier (`Traits::KEY_ORDER.reading(|_| Reads::SIZES)`).
#[derive(Clone, Copy, Debug)]
pub struct Traits {
    pub children: Children,
    /// `dequeue` returns a packet (or drops every queued one) whenever one is queued.
    pub work_conserving: bool,
    pub order: Order,
    /// The out-of-line packet fields it reads itself (children aside), from its checked
    /// parameters (a `rank` program's fields: `programmable::rank::reads`).
    pub reads: fn(&Params) -> Reads,
    /// What its shown value means when the parameters decide it (a custom rank program's
    /// unit: `programmable::rank::key`); None: the entry's `key`.
    pub key: fn(&Params) -> Option<KeySpec>,
    /// The parameters the page offers as sliders (FSC's BPR and PBS in its curve view).
    pub sliders: &'static [Slider],
    /// Its work per packet and the state it builds, from its checked parameters (the run's
    /// budget, `crate::budget`); its children are added to it.
    pub cost: fn(&Params) -> Cost,
    /// The scheduler it serves exactly as, that one with its defaults (`fq`: `wfq`, equal
    /// weights), which has the parameters it lacks (buffer policies): the page offers them
    /// through it. The contract test holds the two to the same outcomes.
    pub same_as: Option<&'static str>,
}

impl Traits {
    /// Its own queue, served in key order, work-conserving: FIFO and the priority family.
    pub const KEY_ORDER: Traits = Traits {
        children: Children::None,
        work_conserving: true,
        order: Order::Key,
        reads: |_| Reads::NOTHING,
        key: |_| None,
        sliders: &[],
        cost: |_| Cost::BASE,
        same_as: None,
    };
    /// Its own queues, served in an order only its snapshot says, work-conserving.
    pub const OWN_ORDER: Traits = Traits { order: Order::Snapshot, ..Traits::KEY_ORDER };
    /// Queues per flow, bucket or class, or one per child scheduler (class i -> child i).
    pub const LANES: Traits = Traits { children: Children::Optional, ..Traits::OWN_ORDER };
    /// A child scheduler per class, always.
    pub const CLASSES: Traits = Traits { children: Children::Required, ..Traits::OWN_ORDER };
    /// Its own queue, served at random.
    pub const RANDOM: Traits = Traits { order: Order::Random, ..Traits::KEY_ORDER };

    /// The same, reading the packet fields `reads` says.
    pub const fn reading(self, reads: fn(&Params) -> Reads) -> Traits {
        Traits { reads, ..self }
    }

    /// The same, its shown value's meaning from its parameters.
    pub const fn keyed_by(self, key: fn(&Params) -> Option<KeySpec>) -> Traits {
        Traits { key, ..self }
    }

    /// The same, not work-conserving (a packet may wait while the port idles).
    pub const fn idling(self) -> Traits {
        Traits { work_conserving: false, ..self }
    }

    /// The same, costing `cost` per packet and in state.
    pub const fn costing(self, cost: fn(&Params) -> Cost) -> Traits {
        Traits { cost, ..self }
    }

    /// The same, serving exactly as scheduler `name` with its defaults.
    pub const fn same_as(self, name: &'static str) -> Traits {
        Traits { same_as: Some(name), ..self }
    }

    /// The same, with these sliders.
    pub const fn with_sliders(self, sliders: &'static [Slider]) -> Traits {
        Traits { sliders, ..self }
    }
}

/// A parameter the page offers as a slider: the range worth exploring (inside its valid range)
/// and the step, in the parameter's unit (bytes for a size).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slider {
    pub param: &'static str,
    pub min: f64,
    pub max: f64,
    pub step: f64,
}

/// Whether a scheduler holds child schedulers (one per class: class i goes to child i,
/// classes beyond the last child to the last).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Children {
    /// Never: it owns its queues.
    None,
    /// Optionally: without children it keeps its own queues (per flow, class or bucket).
    Optional,
    /// Always: a class scheduler.
    Required,
}

/// What a scheduler costs (the run's budget, `crate::budget`): per packet, relative to a FIFO,
/// and the state it builds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    pub per_packet: u64,
    pub state_bytes: u64,
}

impl Cost {
    /// A queue or a few: FIFO's cost.
    pub const BASE: Cost = Cost { per_packet: 1, state_bytes: 256 };
}

pub struct SchedulerInfo {
    /// The id scenario files and links use ("fifo_plus").
    pub name: &'static str,
    /// What the page calls it ("FIFO+"): short enough for a node's label.
    pub display: &'static str,
    /// One line on what it does (the inspector shows it under the name).
    pub summary: &'static str,
    pub reference: &'static str,
    /// What `snapshot` shows on each queued packet, and its unit.
    pub key: KeySpec,
    /// The state it exports (`Scheduler::state`), field by field.
    pub state: &'static [StateSpec],
    pub params: &'static [params::Spec],
    /// Its children, order and work conservation (what the contract test holds it to), what it
    /// reads of a packet, and the parameters the page offers as sliders.
    pub traits: Traits,
    /// Its source file (`file!()`), for the doc pages.
    pub source: &'static str,
    pub build: fn(BuildArgs<'_>) -> Result<AnyScheduler, BuildError>,
}

pub fn lookup(name: &str) -> Option<&'static SchedulerInfo> {
    REGISTRY.iter().find(|s| s.name == name)
}

/// Builds the scheduler a spec names, checking its parameters against the registry (`ctx`:
/// the scenario's flows, for per-flow parameters). Errors are `(path relative to the spec,
/// message)`.
pub fn build(
    spec: &SchedulerSpec,
    port: PortContext,
    ctx: Context<'_>,
) -> Result<(AnyScheduler, &'static SchedulerInfo), (String, String)> {
    build_reading(spec, port, ctx).map(|(sched, info, ..)| (sched, info))
}

/// [`build`], also saying which out-of-line packet fields the scheduler reads ([`Reads`]) and
/// what the value it shows on a packet means (its `key`, or its parameters' `Traits::key`).
pub fn build_reading(
    spec: &SchedulerSpec,
    port: PortContext,
    ctx: Context<'_>,
) -> Result<(AnyScheduler, &'static SchedulerInfo, Reads, KeySpec), (String, String)> {
    let info = lookup(&spec.name).ok_or_else(|| {
        let known: Vec<&str> = REGISTRY.iter().map(|s| s.name).collect();
        ("name".to_string(), format!("unknown scheduler \"{}\" (known: {})", spec.name, known.join(", ")))
    })?;
    let params = params::check(info.name, info.params, &spec.params, ctx)?;
    match info.traits.children {
        Children::None if !spec.children.is_empty() => {
            return Err(("children".into(), format!("{} is not a class scheduler and takes no children", info.name)))
        }
        Children::Required if spec.children.is_empty() => {
            return Err((
                "children".into(),
                format!("{} needs at least one child scheduler (class i -> child i)", info.name),
            ))
        }
        _ => {}
    }
    let mut children = Vec::with_capacity(spec.children.len());
    let mut reads = Reads::default();
    for (i, child) in spec.children.iter().enumerate() {
        let child_port =
            PortContext { buffer: Buffer::Unlimited, stream: port.stream ^ ((i as u64 + 1) << 48), ..port };
        let (c, _, r, _) =
            build_reading(child, child_port, ctx).map_err(|(path, msg)| (format!("children[{i}].{path}"), msg))?;
        children.push(c);
        reads = reads.or(r);
    }
    let sched = (info.build)(BuildArgs { params: &params, port, children, flows: ctx.flows })
        .map_err(|(path, msg)| (path.to_string(), msg))?;
    let reads = reads.or((info.traits.reads)(&params));
    let key = (info.traits.key)(&params).unwrap_or(info.key);
    Ok((sched, info, reads, key))
}

/// The out-of-line packet fields (`crate::packet`'s notes) a built scheduler reads, children
/// included: `sizes` (`remaining`, `flow_size`: SJF, SRPT, the rank programs `srpt`,
/// `srpt_segment` and `flow_size`) and `slack` (LSTF and FIFO+, the rank program `lstf`). The
/// engine writes the sizes, and ports age the slack, only in runs where something reads them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reads {
    pub sizes: bool,
    pub slack: bool,
}

impl Reads {
    pub const NOTHING: Reads = Reads { sizes: false, slack: false };
    pub const SIZES: Reads = Reads { sizes: true, slack: false };
    pub const SLACK: Reads = Reads { sizes: false, slack: true };

    pub fn or(self, o: Reads) -> Reads {
        Reads { sizes: self.sizes || o.sizes, slack: self.slack || o.slack }
    }
}

impl std::fmt::Debug for SchedulerInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SchedulerInfo").field("name", &self.name).finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::Scheduler;

    fn spec(json: &str) -> SchedulerSpec {
        serde_json::from_str(json).unwrap()
    }

    const PORT: PortContext =
        PortContext { buffer: Buffer::Unlimited, bandwidth: Bandwidth::BitsPerSec(1_000_000_000), seed: 1, stream: 0 };

    fn build0(json: &str) -> Result<(AnyScheduler, &'static SchedulerInfo), (String, String)> {
        build(&spec(json), PORT, Context::NONE)
    }

    #[test]
    fn builds_fifo_with_defaults_and_params() {
        let (s, info) = build0(r#"{"name":"fifo"}"#).unwrap();
        assert_eq!((info.name, s.len()), ("fifo", 0));
        assert!(build0(r#"{"name":"fifo","params":{"drop":"head"}}"#).is_ok());
    }

    #[test]
    fn every_scheduler_has_its_own_short_display_name_and_a_summary() {
        let mut seen = std::collections::BTreeSet::new();
        for s in REGISTRY {
            assert!(!s.display.is_empty() && s.display.len() <= 32, "{}: display {:?}", s.name, s.display);
            assert!(seen.insert(s.display), "{}: display {:?} is taken", s.name, s.display);
            assert!(!s.summary.is_empty(), "{} has no summary", s.name);
        }
    }

    #[test]
    fn sliders_lie_in_their_parameters_ranges_and_step_onto_the_default() {
        // FSC: BPR 1..10 by 0.5 inside [1, 1000] with default 5 = 1 + 8 x 0.5; PBS 0..64000 B by
        // 1000 inside [0, 2^30] with default 10000 = 10 x 1000.
        let v: serde_json::Value = serde_json::from_str(&registry_json()).unwrap();
        let mut seen = 0;
        for (info, entry) in REGISTRY.iter().zip(v.as_array().unwrap()) {
            for s in info.traits.sliders {
                let spec = info
                    .params
                    .iter()
                    .find(|p| p.name == s.param)
                    .unwrap_or_else(|| panic!("{}.{}", info.name, s.param));
                let inside = |b: params::Bound, x: f64, lower: bool| match b {
                    params::Bound::None => true,
                    params::Bound::Closed(v) => (lower && v <= x) || (!lower && x <= v),
                    params::Bound::Open(v) => (lower && v < x) || (!lower && x < v),
                };
                let default = match (&spec.kind, spec.default) {
                    (params::Kind::Real { min, max }, params::Default::Real(d)) => {
                        assert!(inside(*min, s.min, true) && inside(*max, s.max, false), "{}.{}", info.name, s.param);
                        d
                    }
                    (params::Kind::Size { min, max }, params::Default::Text(d)) => {
                        assert!(*min as f64 <= s.min && s.max <= *max as f64, "{}.{}", info.name, s.param);
                        crate::units::parse_bytes(d).unwrap() as f64
                    }
                    other => panic!("{}.{}: no slider for {other:?}", info.name, s.param),
                };
                assert!(s.min <= default && default <= s.max && s.step > 0.0);
                let steps = (default - s.min) / s.step;
                assert_eq!(steps, steps.round(), "{}.{}: the default is not on a step", info.name, s.param);
                let p = entry["params"].as_array().unwrap().iter().find(|p| p["name"] == s.param).unwrap();
                assert!(p["slider"].is_object(), "{}.{} has no slider in the JSON", info.name, s.param);
                seen += 1;
            }
        }
        assert_eq!(seen, 2);
        let fsc = v.as_array().unwrap().iter().find(|e| e["name"] == "fsc").unwrap();
        let pbs = fsc["params"].as_array().unwrap().iter().find(|p| p["name"] == "pbs").unwrap();
        assert_eq!(pbs["slider"], serde_json::json!({"min": "0B", "max": "64KB", "step": "1KB"}));
    }

    #[test]
    fn registry_json_lists_fifo_with_its_parameter() {
        let v: serde_json::Value = serde_json::from_str(&registry_json()).unwrap();
        assert_eq!(v[0]["name"], "fifo");
        assert_eq!(v[0]["display"], "FIFO");
        assert_eq!(v[0]["params"][0]["name"], "drop");
        assert_eq!(v[0]["params"][0]["type"], "choice");
        assert_eq!(v[0]["params"][0]["options"], serde_json::json!(["tail", "head"]));
        assert_eq!(v[0]["params"][0]["default"], "tail");
        assert_eq!(v[0]["params"][1]["type"], "buffer");
        assert_eq!(v[0]["params_schema"]["properties"]["drop"]["enum"], serde_json::json!(["tail", "head"]));
    }

    #[test]
    fn errors_name_the_field() {
        let e = build0(r#"{"name":"fifoo"}"#).unwrap_err();
        assert_eq!(e.0, "name");
        assert!(e.1.contains("fifoo") && e.1.contains("fifo"));
        for (json, path) in [
            (r#"{"name":"fifo","params":{"drop":"middle"}}"#, "params.drop"),
            (r#"{"name":"fifo","params":{"ecn_threshold":"lots"}}"#, "params.ecn_threshold"),
            (r#"{"name":"fifo","params":{"ecn_threshold":"unlimited"}}"#, "params.ecn_threshold"),
            (r#"{"name":"fifo","params":{"quantum":3}}"#, "params.quantum"),
            (r#"{"name":"fifo","children":[{"name":"fifo"}]}"#, "children"),
            (r#"{"name":"lstf","params":{"preemption":"yes"}}"#, "params.preemption"),
            (r#"{"name":"class_fq","params":{"weights":[1,-2]},"children":[{"name":"fifo"}]}"#, "params.weights[1]"),
            (r#"{"name":"class_fq","children":[{"name":"fifo","params":{"drop":"x"}}]}"#, "children[0].params.drop"),
            (r#"{"name":"red","params":{"min_th":"10pkt","max_th":"5pkt"}}"#, "params.max_th"),
            (r#"{"name":"red","params":{"min_th":"5pkt","max_th":"30KB"}}"#, "params.max_th"),
            (r#"{"name":"red","params":{"min_th":"unlimited"}}"#, "params.min_th"),
            (r#"{"name":"codel","params":{"target":"0ms"}}"#, "params.target"),
            (r#"{"name":"lstf_codel","params":{"alpha":1.5}}"#, "params.alpha"),
            (r#"{"name":"drr","children":[{"name":"fifo"}],"params":{"drop":"head"}}"#, "params.drop"),
            (r#"{"name":"wrr","params":{"weights":{"a":0}}}"#, "params.weights.a"),
        ] {
            assert_eq!(build0(json).unwrap_err().0, path, "{json}");
        }
        assert!(build0(r#"{"name":"fifo","params":{"ecn_threshold":"20pkt"}}"#).is_ok());
    }
}
