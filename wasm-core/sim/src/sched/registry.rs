//! The scheduler registry: name (as written in scenario files and links) -> constructor,
//! parameters (unit, range, default), a one-line description and the paper reference.
//! Scenario validation, the CLI and the page's inspector forms all read this table.

use std::collections::BTreeMap;

use serde::Serialize;

use super::class_fq::ClassFq;
use super::edf::Edf;
use super::fifo::{DropPolicy, Fifo};
use super::fq::Fq;
use super::lifo::Lifo;
use super::lstf::Lstf;
use super::priority::Priority;
use super::random::Random;
use super::sjf::Sjf;
use super::srpt::Srpt;
use super::AnyScheduler;
use crate::rng::Stream;
use crate::scenario::SchedulerSpec;
use crate::time::Bandwidth;
use crate::units::Buffer;

/// How a parameter is written in a scenario file.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ParamKind {
    /// One of a fixed set of strings.
    Choice { options: &'static [&'static str] },
    /// A quantity with a unit, or "off" (written `{"type": "quantity", "unit": "buffer"}`,
    /// as preset parameters are).
    Quantity { unit: QuantityUnit },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum QuantityUnit {
    /// A size or packet count ("30KB", "20pkt").
    Buffer,
}

#[derive(Debug, Serialize)]
pub struct ParamSpec {
    pub name: &'static str,
    pub description: &'static str,
    #[serde(flatten)]
    pub kind: ParamKind,
    /// The default, as it would be written in a scenario file.
    pub default: &'static str,
}

/// Parameters after validation, with defaults filled in.
#[derive(Debug, Default)]
pub struct Params {
    choices: BTreeMap<&'static str, String>,
    buffers: BTreeMap<&'static str, Option<Buffer>>,
}

impl Params {
    pub fn choice(&self, name: &str) -> &str {
        self.choices.get(name).map(String::as_str).unwrap_or_default()
    }
    /// A buffer parameter; None when "off".
    pub fn buffer(&self, name: &str) -> Option<Buffer> {
        self.buffers.get(name).copied().flatten()
    }
}

/// Reads a buffer parameter: "off" or a size / packet count.
fn parse_buffer_param(value: &serde_json::Value) -> Result<Option<Buffer>, String> {
    let s = value
        .as_str()
        .ok_or_else(|| format!("must be a quantity such as \"30KB\" or \"20pkt\", or \"off\"; got {value}"))?;
    if s == "off" {
        return Ok(None);
    }
    match crate::units::parse_buffer(s)? {
        Buffer::Unlimited => Err("\"unlimited\" is not a threshold; use \"off\"".into()),
        b => Ok(Some(b)),
    }
}

/// What a constructor receives.
pub struct BuildArgs<'a> {
    pub params: &'a Params,
    pub port: PortContext,
    pub children: Vec<AnyScheduler>,
}

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

#[derive(Serialize)]
pub struct SchedulerInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub reference: &'static str,
    /// What the per-packet key means, for the UI ("enqueue time", "slack", "rank"...).
    pub key_label: &'static str,
    pub params: &'static [ParamSpec],
    /// Whether it is a class-level scheduler holding child schedulers.
    pub takes_children: bool,
    #[serde(skip)]
    pub build: fn(BuildArgs<'_>) -> Result<AnyScheduler, String>,
}

const PREEMPTION: ParamSpec = ParamSpec {
    name: "preemption",
    description: "Preemptive-resume service: a packet of strictly higher priority interrupts the one being sent.",
    kind: ParamKind::Choice { options: &["off", "on"] },
    default: "off",
};

fn preemptive(args: &BuildArgs<'_>) -> bool {
    args.params.choice("preemption") == "on"
}

pub static REGISTRY: &[SchedulerInfo] = &[
    SchedulerInfo {
        name: "fifo",
        summary: "First in, first out; drop-tail (or drop-head) buffer; optional ECN marking above a threshold.",
        reference: "Baseline in UPS (Mittal et al., NSDI'16) Sec. 2.3 and AIFO (Yu et al., SIGCOMM'21) Fig. 2; \
                    marking as in DCTCP (Alizadeh et al., SIGCOMM'10) Sec. 3.1",
        key_label: "enqueue time (ns)",
        params: &[
            ParamSpec {
                name: "drop",
                description: "Which packet a full buffer drops: the arriving one (tail) or the oldest queued (head).",
                kind: ParamKind::Choice { options: &["tail", "head"] },
                default: "tail",
            },
            ParamSpec {
                name: "ecn_threshold",
                description: "Mark ECN-capable packets CE (instead of letting the queue grow unsignalled) when \
                              more than this is queued on arrival (DCTCP's K), e.g. \"20pkt\" or \"30KB\".",
                kind: ParamKind::Quantity { unit: QuantityUnit::Buffer },
                default: "off",
            },
        ],
        takes_children: false,
        build: |a| {
            let policy = if a.params.choice("drop") == "head" { DropPolicy::Head } else { DropPolicy::Tail };
            let fifo = Fifo::new(a.port.buffer, policy).with_ecn_threshold(a.params.buffer("ecn_threshold"));
            Ok(AnyScheduler::Fifo(fifo))
        },
    },
    SchedulerInfo {
        name: "lifo",
        summary: "Last in, first out.",
        reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
        key_label: "minus arrival number",
        params: &[],
        takes_children: false,
        build: |a| Ok(AnyScheduler::Lifo(Lifo::new(a.port.buffer))),
    },
    SchedulerInfo {
        name: "random",
        summary: "Serve a queued packet chosen uniformly at random (seeded).",
        reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3: the default original schedule of Table 1",
        key_label: "arrival number",
        params: &[],
        takes_children: false,
        build: |a| Ok(AnyScheduler::Random(Random::new(a.port.buffer, a.port.rng()))),
    },
    SchedulerInfo {
        name: "lstf",
        summary: "Least slack time first: the slack travels in the header and shrinks by each wait.",
        reference: "UPS (Mittal et al., NSDI'16) Sec. 2.2 and Sec. 5",
        key_label: "slack + arrival + transmission time (ns)",
        params: &[PREEMPTION],
        takes_children: false,
        build: |a| Ok(AnyScheduler::Lstf(Lstf::new(a.port.buffer, a.port.bandwidth, preemptive(&a)))),
    },
    SchedulerInfo {
        name: "fifo_plus",
        summary: "FIFO+: LSTF where every packet starts with the same slack, so time lost upstream is made up.",
        reference: "Clark, Shenker, Zhang (SIGCOMM'92); UPS (Mittal et al., NSDI'16) Sec. 3.2",
        key_label: "slack + arrival + transmission time (ns)",
        params: &[],
        takes_children: false,
        build: |a| Ok(AnyScheduler::Lstf(Lstf::new(a.port.buffer, a.port.bandwidth, false))),
    },
    SchedulerInfo {
        name: "edf",
        summary:
            "Network-wide EDF: deadline in the header, priority deadline - t_min(rest of path) + transmission time.",
        reference: "UPS (Mittal et al., NSDI'16) App. A.5",
        key_label: "deadline - t_min to egress + transmission time (ns)",
        params: &[],
        takes_children: false,
        build: |a| Ok(AnyScheduler::Edf(Edf::new(a.port.buffer, a.port.bandwidth))),
    },
    SchedulerInfo {
        name: "priority",
        summary: "Simple priorities: a static value in the header, lowest first.",
        reference: "UPS (Mittal et al., NSDI'16) Sec. 2.2 and App. A.6",
        key_label: "priority (header rank)",
        params: &[PREEMPTION],
        takes_children: false,
        build: |a| Ok(AnyScheduler::Priority(Priority::new(a.port.buffer, preemptive(&a)))),
    },
    SchedulerInfo {
        name: "sjf",
        summary: "Shortest job first: priority = the size of the packet's flow.",
        reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
        key_label: "flow size (B)",
        params: &[],
        takes_children: false,
        build: |a| Ok(AnyScheduler::Sjf(Sjf::new(a.port.buffer))),
    },
    SchedulerInfo {
        name: "srpt",
        summary: "SRPT with starvation prevention: the flow with the least remaining bytes sends its oldest packet.",
        reference: "pFabric (Alizadeh et al., SIGCOMM'13); UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
        key_label: "remaining flow size (B)",
        params: &[],
        takes_children: false,
        build: |a| Ok(AnyScheduler::Srpt(Srpt::new(a.port.buffer))),
    },
    SchedulerInfo {
        name: "fq",
        summary: "Fair queueing (WFQ with equal weights): packets in order of their GPS finish tags.",
        reference: "Demers, Keshav, Shenker (SIGCOMM'89); UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
        key_label: "GPS finish tag (millibits)",
        params: &[],
        takes_children: false,
        build: |a| Ok(AnyScheduler::Fq(Fq::new(a.port.buffer, a.port.bandwidth))),
    },
    SchedulerInfo {
        name: "class_fq",
        summary: "Fair queueing between traffic classes; child i schedules class i.",
        reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3: FQ between two classes, one SJF and one FIFO",
        key_label: "class GPS finish tag (millibits)",
        params: &[],
        takes_children: true,
        build: |a| {
            if a.children.is_empty() {
                return Err("class_fq needs at least one child scheduler".into());
            }
            Ok(AnyScheduler::ClassFq(Box::new(ClassFq::new(a.port.buffer, a.port.bandwidth, a.children))))
        },
    },
];

/// The registry as JSON, for the page's inspector forms and `cli schedulers`.
pub fn registry_json() -> String {
    serde_json::to_string(REGISTRY).expect("the registry is plain data")
}

pub fn lookup(name: &str) -> Option<&'static SchedulerInfo> {
    REGISTRY.iter().find(|s| s.name == name)
}

/// Builds the scheduler a spec names, checking its parameters against the registry.
/// Errors are `(path relative to the spec, message)`.
pub fn build(
    spec: &SchedulerSpec,
    port: PortContext,
) -> Result<(AnyScheduler, &'static SchedulerInfo), (String, String)> {
    let info = lookup(&spec.name).ok_or_else(|| {
        let known: Vec<&str> = REGISTRY.iter().map(|s| s.name).collect();
        ("name".to_string(), format!("unknown scheduler \"{}\" (known: {})", spec.name, known.join(", ")))
    })?;
    let mut params = Params::default();
    for (key, value) in &spec.params {
        let Some(p) = info.params.iter().find(|p| p.name == key) else {
            let names: Vec<&str> = info.params.iter().map(|p| p.name).collect();
            return Err((
                format!("params.{key}"),
                format!(
                    "{} has no parameter \"{key}\" (it has: {})",
                    info.name,
                    if names.is_empty() { "none".to_string() } else { names.join(", ") }
                ),
            ));
        };
        match &p.kind {
            ParamKind::Choice { options } => {
                let s = value.as_str().filter(|s| options.contains(s)).ok_or_else(|| {
                    (format!("params.{key}"), format!("must be one of {}, got {value}", options.join(", ")))
                })?;
                params.choices.insert(p.name, s.to_string());
            }
            ParamKind::Quantity { unit: QuantityUnit::Buffer } => {
                let b = parse_buffer_param(value).map_err(|m| (format!("params.{key}"), m))?;
                params.buffers.insert(p.name, b);
            }
        }
    }
    for p in info.params {
        match p.kind {
            ParamKind::Choice { .. } => {
                params.choices.entry(p.name).or_insert_with(|| p.default.to_string());
            }
            ParamKind::Quantity { unit: QuantityUnit::Buffer } => {
                let default = parse_buffer_param(&p.default.into()).expect("registry defaults parse");
                params.buffers.entry(p.name).or_insert(default);
            }
        }
    }
    if !info.takes_children && !spec.children.is_empty() {
        return Err(("children".into(), format!("{} is not a class scheduler and takes no children", info.name)));
    }
    let mut children = Vec::with_capacity(spec.children.len());
    for (i, child) in spec.children.iter().enumerate() {
        let child_port =
            PortContext { buffer: Buffer::Unlimited, stream: port.stream ^ ((i as u64 + 1) << 48), ..port };
        let (c, _) = build(child, child_port).map_err(|(path, msg)| (format!("children[{i}].{path}"), msg))?;
        children.push(c);
    }
    let sched = (info.build)(BuildArgs { params: &params, port, children }).map_err(|m| ("params".to_string(), m))?;
    Ok((sched, info))
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

    #[test]
    fn every_registered_scheduler_builds_with_its_defaults() {
        for info in REGISTRY {
            let children = if info.takes_children { r#","children":[{"name":"sjf"},{"name":"fifo"}]"# } else { "" };
            let (s, got) = build(&spec(&format!(r#"{{"name":"{}"{children}}}"#, info.name)), PORT).unwrap();
            assert_eq!((got.name, s.len()), (info.name, 0));
        }
    }

    #[test]
    fn builds_fifo_with_defaults_and_params() {
        let (s, info) = build(&spec(r#"{"name":"fifo"}"#), PORT).unwrap();
        assert_eq!(info.name, "fifo");
        assert_eq!(s.len(), 0);
        assert!(build(&spec(r#"{"name":"fifo","params":{"drop":"head"}}"#), PORT).is_ok());
    }

    #[test]
    fn registry_json_lists_fifo_with_its_parameter() {
        let v: serde_json::Value = serde_json::from_str(&registry_json()).unwrap();
        assert_eq!(v[0]["name"], "fifo");
        assert_eq!(v[0]["params"][0]["name"], "drop");
        assert_eq!(v[0]["params"][0]["type"], "choice");
        assert_eq!(v[0]["params"][0]["options"], serde_json::json!(["tail", "head"]));
        assert_eq!(v[0]["params"][0]["default"], "tail");
    }

    #[test]
    fn errors_name_the_field() {
        let e = build(&spec(r#"{"name":"fifoo"}"#), PORT).unwrap_err();
        assert_eq!(e.0, "name");
        assert!(e.1.contains("fifoo") && e.1.contains("fifo"));
        let e = build(&spec(r#"{"name":"fifo","params":{"drop":"middle"}}"#), PORT).unwrap_err();
        assert_eq!(e.0, "params.drop");
        let e = build(&spec(r#"{"name":"fifo","params":{"ecn_threshold":"lots"}}"#), PORT).unwrap_err();
        assert_eq!(e.0, "params.ecn_threshold");
        let e = build(&spec(r#"{"name":"fifo","params":{"ecn_threshold":"unlimited"}}"#), PORT).unwrap_err();
        assert_eq!(e.0, "params.ecn_threshold");
        assert!(build(&spec(r#"{"name":"fifo","params":{"ecn_threshold":"20pkt"}}"#), PORT).is_ok());
        let e = build(&spec(r#"{"name":"fifo","params":{"quantum":3}}"#), PORT).unwrap_err();
        assert_eq!(e.0, "params.quantum");
        let e = build(&spec(r#"{"name":"fifo","children":[{"name":"fifo"}]}"#), PORT).unwrap_err();
        assert_eq!(e.0, "children");
    }
}
