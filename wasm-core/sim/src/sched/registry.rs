//! The scheduler registry: name (as written in scenario files and links) -> constructor,
//! typed parameters (`params`: unit, range, default), a one-line description, the paper
//! reference, and what the contract test may assume of it (work conservation, its order).
//! Scenario validation, the CLI (`sched-cli schedulers`) and the page's inspector forms all
//! read this table, so a new scheduler needs nothing outside its file, its `AnyScheduler`
//! and `dispatch!` arms, and one entry here.

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
use super::{registry_aqm, AnyScheduler};
use crate::params::{self, Bound, Context, Default, Kind, Params, Per, Spec};
use crate::rng::Stream;
use crate::scenario::SchedulerSpec;
use crate::time::Bandwidth;
use crate::units::Buffer;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

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

pub struct SchedulerInfo {
    pub name: &'static str,
    pub summary: &'static str,
    pub reference: &'static str,
    /// What `snapshot` shows on each queued packet, and its unit.
    pub key: KeySpec,
    /// The state it exports (`Scheduler::state`), field by field.
    pub state: &'static [StateSpec],
    pub params: &'static [Spec],
    /// Whether it is a class-level scheduler holding child schedulers.
    pub takes_children: bool,
    /// `dequeue` returns a packet (or drops every queued one) whenever one is queued.
    pub work_conserving: bool,
    pub order: Order,
    pub build: fn(BuildArgs<'_>) -> Result<AnyScheduler, String>,
}

const PREEMPTION: Spec = Spec {
    name: "preemption",
    description: "Preemptive-resume service: a packet of strictly higher priority interrupts the one being sent.",
    kind: Kind::Toggle,
    default: Default::Text("off"),
};

const STATE_FIFO: &[StateSpec] = &[
    StateSpec {
        name: "ecn threshold",
        description: "Marks ECN-capable arrivals above this many queued packets (DCTCP's K)",
        unit: Unit::Packets,
        shape: Shape::Scalar,
    },
    StateSpec {
        name: "ecn threshold (bytes)",
        description: "Marks ECN-capable arrivals above this many queued bytes",
        unit: Unit::Bytes,
        shape: Shape::Scalar,
    },
];
const STATE_LSTF: &[StateSpec] = &[StateSpec {
    name: "last sent key",
    description: "Slack + arrival + transmission time of the packet sent last; with preemption on, \
                  an arrival with a smaller key interrupts it",
    unit: Unit::Ns,
    shape: Shape::Scalar,
}];
const STATE_FIFO_PLUS: &[StateSpec] = STATE_LSTF;

/// A weight: any positive number.
const WEIGHT: Kind = Kind::Real { min: Bound::Open(0.0), max: Bound::None };

pub static REGISTRY: &[SchedulerInfo] = &[
    SchedulerInfo {
        name: "fifo",
        summary: "First in, first out; drop-tail (or drop-head) buffer; optional ECN marking above a threshold.",
        reference: "Baseline in UPS (Mittal et al., NSDI'16) Sec. 2.3 and AIFO (Yu et al., SIGCOMM'21) Fig. 2; \
                    marking as in DCTCP (Alizadeh et al., SIGCOMM'10) Sec. 3.1",
        key: KeySpec { label: "enqueue time", unit: Unit::Ns },
        state: STATE_FIFO,
        params: &[
            Spec {
                name: "drop",
                description: "Which packet a full buffer drops: the arriving one (tail) or the oldest queued (head).",
                kind: Kind::Choice { options: &["tail", "head"] },
                default: Default::Text("tail"),
            },
            Spec {
                name: "ecn_threshold",
                description: "Mark ECN-capable packets CE (instead of letting the queue grow unsignalled) when \
                              more than this is queued on arrival (DCTCP's K), e.g. \"20pkt\" or \"30KB\".",
                kind: Kind::Buffer { off: true },
                default: Default::Text("off"),
            },
        ],
        takes_children: false,
        work_conserving: true,
        order: Order::Key,
        build: |a| {
            let policy = if a.params.choice("drop") == "head" { DropPolicy::Head } else { DropPolicy::Tail };
            let fifo = Fifo::new(a.port.buffer, policy).with_ecn_threshold(a.params.buffer_or_off("ecn_threshold"));
            Ok(AnyScheduler::Fifo(fifo))
        },
    },
    SchedulerInfo {
        name: "lifo",
        summary: "Last in, first out.",
        reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
        key: KeySpec { label: "arrival (newest first)", unit: Unit::Rank },
        state: &[],
        params: &[],
        takes_children: false,
        work_conserving: true,
        order: Order::Key,
        build: |a| Ok(AnyScheduler::Lifo(Lifo::new(a.port.buffer))),
    },
    SchedulerInfo {
        name: "random",
        summary: "Serve a queued packet chosen uniformly at random (seeded).",
        reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3: the default original schedule of Table 1",
        key: KeySpec { label: "arrival number", unit: Unit::Rank },
        state: &[],
        params: &[],
        takes_children: false,
        work_conserving: true,
        order: Order::Random,
        build: |a| Ok(AnyScheduler::Random(Random::new(a.port.buffer, a.port.rng()))),
    },
    SchedulerInfo {
        name: "lstf",
        summary: "Least slack time first: the slack travels in the header and shrinks by each wait.",
        reference: "UPS (Mittal et al., NSDI'16) Sec. 2.2 and Sec. 5",
        key: KeySpec { label: "slack", unit: Unit::Deadline },
        state: STATE_LSTF,
        params: &[PREEMPTION],
        takes_children: false,
        work_conserving: true,
        order: Order::Key,
        build: |a| Ok(AnyScheduler::Lstf(Lstf::new(a.port.buffer, a.port.bandwidth, a.params.toggle("preemption")))),
    },
    SchedulerInfo {
        name: "fifo_plus",
        summary: "FIFO+: LSTF where every packet starts with the same slack, so time lost upstream is made up.",
        reference: "Clark, Shenker, Zhang (SIGCOMM'92); UPS (Mittal et al., NSDI'16) Sec. 3.2",
        key: KeySpec { label: "slack", unit: Unit::Deadline },
        state: STATE_FIFO_PLUS,
        params: &[],
        takes_children: false,
        work_conserving: true,
        order: Order::Key,
        build: |a| Ok(AnyScheduler::Lstf(Lstf::new(a.port.buffer, a.port.bandwidth, false))),
    },
    SchedulerInfo {
        name: "edf",
        summary:
            "Network-wide EDF: deadline in the header, priority deadline - t_min(rest of path) + transmission time.",
        reference: "UPS (Mittal et al., NSDI'16) App. A.5",
        key: KeySpec { label: "slack", unit: Unit::Deadline },
        state: &[],
        params: &[],
        takes_children: false,
        work_conserving: true,
        order: Order::Key,
        build: |a| Ok(AnyScheduler::Edf(Edf::new(a.port.buffer, a.port.bandwidth))),
    },
    SchedulerInfo {
        name: "priority",
        summary: "Simple priorities: a static value in the header, lowest first.",
        reference: "UPS (Mittal et al., NSDI'16) Sec. 2.2 and App. A.6",
        key: KeySpec { label: "priority", unit: Unit::Rank },
        state: &[],
        params: &[PREEMPTION],
        takes_children: false,
        work_conserving: true,
        order: Order::Key,
        build: |a| Ok(AnyScheduler::Priority(Priority::new(a.port.buffer, a.params.toggle("preemption")))),
    },
    SchedulerInfo {
        name: "sjf",
        summary: "Shortest job first: priority = the size of the packet's flow.",
        reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
        key: KeySpec { label: "flow size", unit: Unit::Bytes },
        state: &[],
        params: &[],
        takes_children: false,
        work_conserving: true,
        order: Order::Key,
        build: |a| Ok(AnyScheduler::Sjf(Sjf::new(a.port.buffer))),
    },
    SchedulerInfo {
        name: "srpt",
        summary: "SRPT with starvation prevention: the flow with the least remaining bytes sends its oldest packet.",
        reference: "pFabric (Alizadeh et al., SIGCOMM'13); UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
        key: KeySpec { label: "remaining flow size", unit: Unit::Bytes },
        state: &[],
        params: &[],
        takes_children: false,
        work_conserving: true,
        order: Order::Snapshot,
        build: |a| Ok(AnyScheduler::Srpt(Srpt::new(a.port.buffer))),
    },
    SchedulerInfo {
        name: "fq",
        summary: "Fair queueing (WFQ with equal weights): packets in order of their GPS finish tags.",
        reference: "Demers, Keshav, Shenker (SIGCOMM'89); UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
        key: KeySpec { label: "finish tag", unit: Unit::Millibits },
        state: &[],
        params: &[],
        takes_children: false,
        work_conserving: true,
        order: Order::Key,
        build: |a| Ok(AnyScheduler::Fq(Fq::new(a.port.buffer, a.port.bandwidth))),
    },
    SchedulerInfo {
        name: "class_fq",
        summary: "Weighted fair queueing between traffic classes; child i schedules class i.",
        reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3: FQ between two classes, one SJF and one FIFO",
        key: KeySpec { label: "class finish tag", unit: Unit::Millibits },
        state: &[],
        params: &[Spec {
            name: "weights",
            description: "Each class's weight: its share of the link while backlogged is its weight over the \
                          backlogged classes' total (e.g. [1, 3]; classes not listed get 1).",
            kind: Kind::List { per: Per::Class, item: &WEIGHT },
            default: Default::Real(1.0),
        }],
        takes_children: true,
        work_conserving: true,
        order: Order::Snapshot,
        build: |a| {
            if a.children.is_empty() {
                return Err("class_fq needs at least one child scheduler".into());
            }
            let weights = (0..a.children.len()).map(|c| a.params.list("weights").for_class(c as u8).real()).collect();
            Ok(AnyScheduler::ClassFq(Box::new(ClassFq::new(a.port.buffer, a.port.bandwidth, a.children, weights))))
        },
    },
    registry_aqm::CODEL,
    registry_aqm::FQ_CODEL,
    registry_aqm::RED,
    registry_aqm::LSTF_CODEL,
];

/// The registry as JSON, for the page's inspector forms and `cli schedulers`: per scheduler
/// its name, summary, reference, key label, whether it takes children, and its parameters
/// (kind, range, default, description, the JSON Schema of the value), plus the JSON Schema of
/// its whole `params` object.
pub fn registry_json() -> String {
    let all: Vec<serde_json::Value> = REGISTRY
        .iter()
        .map(|s| {
            serde_json::json!({
                "name": s.name,
                "summary": s.summary,
                "reference": s.reference,
                "key": s.key,
                "state": s.state,
                "order": s.order,
                "takes_children": s.takes_children,
                "params": params::specs_json(s.params),
                "params_schema": params::params_schema(s.params),
            })
        })
        .collect();
    serde_json::to_string(&all).expect("the registry is plain data")
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
    let info = lookup(&spec.name).ok_or_else(|| {
        let known: Vec<&str> = REGISTRY.iter().map(|s| s.name).collect();
        ("name".to_string(), format!("unknown scheduler \"{}\" (known: {})", spec.name, known.join(", ")))
    })?;
    let params = params::check(info.name, info.params, &spec.params, ctx)?;
    if !info.takes_children && !spec.children.is_empty() {
        return Err(("children".into(), format!("{} is not a class scheduler and takes no children", info.name)));
    }
    let mut children = Vec::with_capacity(spec.children.len());
    for (i, child) in spec.children.iter().enumerate() {
        let child_port =
            PortContext { buffer: Buffer::Unlimited, stream: port.stream ^ ((i as u64 + 1) << 48), ..port };
        let (c, _) = build(child, child_port, ctx).map_err(|(path, msg)| (format!("children[{i}].{path}"), msg))?;
        children.push(c);
    }
    // A constructor's message that starts "name: " is about that parameter.
    let sched = (info.build)(BuildArgs { params: &params, port, children }).map_err(|m| {
        match info.params.iter().find_map(|p| m.strip_prefix(p.name).and_then(|r| r.strip_prefix(": ")).map(|r| (p, r)))
        {
            Some((p, rest)) => (format!("params.{}", p.name), rest.to_string()),
            None => ("params".to_string(), m),
        }
    })?;
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
    fn registry_json_lists_fifo_with_its_parameter() {
        let v: serde_json::Value = serde_json::from_str(&registry_json()).unwrap();
        assert_eq!(v[0]["name"], "fifo");
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
        ] {
            assert_eq!(build0(json).unwrap_err().0, path, "{json}");
        }
        assert!(build0(r#"{"name":"fifo","params":{"ecn_threshold":"20pkt"}}"#).is_ok());
    }
}
