//! Scenario files: versioned JSON with units (`{"format": "scheduler-playground/scenario",
//! "version": 1, ...}`). The JSON Schema committed under `scenarios/` is generated from these
//! types (`cli schema`); `validate` adds the checks a schema cannot express.

pub mod checks;
mod error;
mod quantity;
mod replay;
mod script;
pub mod slack;

use std::collections::BTreeMap;

use serde::Deserialize;

pub use error::{Limits, ScenarioError, LIMITS, TRUSTED_LIMITS};
pub use quantity::{BandwidthQ, BufferQ, BytesQ, TimeQ};
pub use replay::{Mode, Replay, ReplayEntry, ReplayObject, ReplaySpec};
pub use script::{GuideStep, Schedule, ScriptFlow, ScriptPacket};

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
    /// The original schedule, scripted instead of produced by schedulers and traffic (UPS
    /// App. A's figures): with it, `traffic` is empty and no scheduler is chosen.
    #[serde(default)]
    pub schedule: Option<Schedule>,
    #[serde(default)]
    pub trace: TraceSpec,
    /// Scheduler of every router port that names none (nodes and links can override it).
    #[serde(default)]
    pub default_scheduler: Option<SchedulerSpec>,
    /// Schedulers by node id, over the nodes' own (handy for presets and mixtures such as
    /// "half the routers FIFO+, half FQ").
    #[serde(default)]
    pub node_schedulers: BTreeMap<String, SchedulerSpec>,
    /// Record this run's schedule and replay it with other schedulers (UPS Sec. 2.3).
    #[serde(default)]
    pub replay: Option<ReplaySpec>,
    /// How the ingress router initialises each packet's slack (UPS Sec. 3); without it every
    /// packet starts with slack 0 (LSTF is then FIFO+).
    #[serde(default)]
    pub slack: Option<slack::SlackSpec>,
    /// Edge-CoDel at the egress ports (UPS Sec. 4); needs LSTF-style slack bookkeeping,
    /// which every port does.
    #[serde(default)]
    pub edge_codel: Option<slack::EdgeCodelSpec>,
    #[serde(default)]
    pub metrics: MetricsSpec,
    /// Assertions on the results, run by the test suite for every scenario file.
    #[serde(default)]
    pub checks: Vec<checks::Check>,
    /// Figures of a paper this scenario reproduces; `sched-cli reproduce` prints ours beside
    /// each.
    #[serde(default)]
    pub paper: Vec<checks::PaperFigure>,
    /// A guided example's steps: the moments the page walks through, with what they show.
    #[serde(default)]
    pub guide: Vec<GuideStep>,
}

/// Either explicit nodes and links, or a preset with parameters (`{"preset": "fat_tree",
/// "params": {"k": 4}}`), which is expanded into nodes and links before anything else.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Topology {
    /// A preset's name (see `cli presets`).
    #[serde(default)]
    pub preset: Option<String>,
    /// The preset's parameters; defaults fill what is left out.
    #[serde(default)]
    pub params: BTreeMap<String, serde_json::Value>,
    #[serde(default)]
    pub nodes: Vec<NodeSpec>,
    #[serde(default)]
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
    /// Per-port schedulers, keyed by the node that owns the port (one of the two ends).
    #[serde(default)]
    pub schedulers: BTreeMap<String, SchedulerSpec>,
}

/// A scheduler by registry name, with parameters and, for class schedulers, children.
/// Serialises back to what was written (empty params and children left out).
#[derive(Clone, Debug, Deserialize, serde::Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct SchedulerSpec {
    /// Registry name, e.g. "fifo".
    pub name: String,
    /// Parameters as the registry lists them (units as strings).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, serde_json::Value>,
    /// Child schedulers of a class-level scheduler, by class.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<SchedulerSpec>,
}

/// A traffic source. Sizes are bytes on the wire.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Traffic {
    /// UDP at a constant bit rate: packet k leaves at start + floor(k * size / rate).
    Cbr(UdpSource),
    /// UDP with Poisson packet arrivals of mean rate `rate` (exponential gaps).
    Poisson(UdpSource),
    /// UDP ON-OFF: CBR at `rate` during ON periods, silent during OFF periods (FSC paper).
    Onoff(OnOffSource),
    /// Long-lived UDP paced at `rate` (default: the source's access link rate).
    Bulk(BulkSource),
    /// One finite flow of `size` bytes, paced at `rate` (default: the access link rate).
    Flow(FlowSpec),
    /// Flows with Poisson arrivals calibrated to a load on a link, sizes from a distribution.
    Workload(WorkloadSpec),
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
    /// Draw each packet's size from this distribution instead (cut at 65535B); the mean
    /// size then sets the pacing and the gaps. E.g. exponential sizes for an M/M/1 queue.
    #[serde(default)]
    pub packet_sizes: Option<SizeDist>,
    /// When the source starts (default 0).
    #[serde(default)]
    pub start: Option<TimeQ>,
    /// When it stops (default: the scenario's duration).
    #[serde(default)]
    pub stop: Option<TimeQ>,
    /// Traffic class, for class-level schedulers.
    #[serde(default)]
    pub class: u8,
    /// An explicit path: node ids from `src` to `dst` (default: shortest path, ECMP).
    #[serde(default)]
    pub path: Option<Vec<String>>,
}

/// How ON and OFF periods are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Periods {
    /// Exactly `on`, then exactly `off`.
    #[default]
    Periodic,
    /// Exponential with means `on` and `off`.
    Exponential,
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct OnOffSource {
    pub id: String,
    pub src: String,
    pub dst: String,
    /// Sending rate while ON.
    pub rate: BandwidthQ,
    pub packet_size: BytesQ,
    /// ON period (mean, for exponential periods).
    pub on: TimeQ,
    /// OFF period (mean, for exponential periods).
    pub off: TimeQ,
    #[serde(default)]
    pub periods: Periods,
    #[serde(default)]
    pub start: Option<TimeQ>,
    #[serde(default)]
    pub stop: Option<TimeQ>,
    #[serde(default)]
    pub class: u8,
    #[serde(default)]
    pub path: Option<Vec<String>>,
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct BulkSource {
    pub id: String,
    pub src: String,
    pub dst: String,
    /// Default 1500B (UDP only: a TCP-family packet is tcp.mss + tcp.header).
    #[serde(default)]
    pub packet_size: Option<BytesQ>,
    /// Default: the bandwidth of the source's access link (UDP only: TCP-family flows are
    /// clocked by their window).
    #[serde(default)]
    pub rate: Option<BandwidthQ>,
    #[serde(default)]
    pub start: Option<TimeQ>,
    #[serde(default)]
    pub stop: Option<TimeQ>,
    /// Default udp. A TCP-family bulk source sends new data until `stop`.
    #[serde(default)]
    pub transport: Transport,
    /// Options of a TCP-family transport.
    #[serde(default)]
    pub tcp: Option<TcpSpec>,
    #[serde(default)]
    pub class: u8,
    #[serde(default)]
    pub path: Option<Vec<String>>,
}

/// Transport of a flow (see `sim/src/transport`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Transport {
    /// Packets paced at the source's rate; no feedback.
    #[default]
    Udp,
    /// TCP NewReno (RFC 5681, RFC 6582), RFC 6298 timers, optional ECN (RFC 3168) and delayed ACKs.
    Tcp,
    /// DCTCP (Alizadeh et al., SIGCOMM'10): NewReno with ECN, the window cut by alpha/2.
    Dctcp,
    /// pFabric's transport (Alizadeh et al., SIGCOMM'13): line-rate start, small fixed timeout,
    /// remaining flow size in every packet for `srpt`.
    Pfabric,
}

impl Transport {
    pub fn name(self) -> &'static str {
        match self {
            Transport::Udp => "udp",
            Transport::Tcp => "tcp",
            Transport::Dctcp => "dctcp",
            Transport::Pfabric => "pfabric",
        }
    }
}

/// Off or on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Toggle {
    #[default]
    Off,
    On,
}

/// Options of the TCP-family transports; every field has a default. Flow sizes of TCP-family
/// sources are payload bytes; each segment adds `header` bytes on the wire.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TcpSpec {
    /// Payload bytes per segment (default 1460B).
    #[serde(default)]
    pub mss: Option<BytesQ>,
    /// Header bytes per packet: a full data packet is mss + header on the wire, an ACK is
    /// header (default 40B).
    #[serde(default)]
    pub header: Option<BytesQ>,
    /// Initial window in segments (default 10, RFC 6928; pfabric: the path's bandwidth-delay
    /// product, and the window never exceeds it).
    #[serde(default)]
    pub initial_window: Option<u32>,
    /// The largest window in segments, tcp and dctcp: cwnd never grows past it, as if the
    /// receiver advertised no more (ns-2's `window_`; default unlimited).
    #[serde(default)]
    pub max_window: Option<u32>,
    /// Lower bound of the retransmission timeout, tcp and dctcp (default 200ms, as Linux).
    #[serde(default)]
    pub min_rto: Option<TimeQ>,
    /// Retransmission timeout before the first RTT sample, tcp and dctcp (default 1s,
    /// RFC 6298 Sec. 2.1).
    #[serde(default)]
    pub initial_rto: Option<TimeQ>,
    /// pfabric's fixed retransmission timeout (default 3 x the path's unloaded RTT).
    #[serde(default)]
    pub rto: Option<TimeQ>,
    /// Delayed ACKs, tcp only: every second segment or after `delayed_ack_timeout`
    /// (RFC 5681 Sec. 4.2; default off: every segment is acknowledged).
    #[serde(default)]
    pub delayed_ack: Toggle,
    /// The delayed-ACK timer (default 200ms; RFC 5681 requires under 500ms).
    #[serde(default)]
    pub delayed_ack_timeout: Option<TimeQ>,
    /// ECN with RFC 3168's response, tcp only (default off; dctcp always uses ECN, pfabric
    /// never). Marking is a queue's job: see the `fifo` parameter `ecn_threshold`.
    #[serde(default)]
    pub ecn: Toggle,
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FlowSpec {
    pub id: String,
    pub src: String,
    pub dst: String,
    /// Bytes to send.
    pub size: BytesQ,
    #[serde(default)]
    pub start: Option<TimeQ>,
    /// Default 1500B; the last packet carries the remainder (UDP only).
    #[serde(default)]
    pub packet_size: Option<BytesQ>,
    /// Default: the bandwidth of the source's access link (UDP only).
    #[serde(default)]
    pub rate: Option<BandwidthQ>,
    /// Default udp. With a TCP-family transport `size` is payload bytes and the flow
    /// completes when the receiver has them all.
    #[serde(default)]
    pub transport: Transport,
    /// Options of a TCP-family transport.
    #[serde(default)]
    pub tcp: Option<TcpSpec>,
    #[serde(default)]
    pub class: u8,
    /// Weight for weighted schedulers (default 1).
    #[serde(default)]
    pub weight: Option<u32>,
    #[serde(default)]
    pub path: Option<Vec<String>>,
}

/// A flow-size distribution.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "dist", rename_all = "snake_case", deny_unknown_fields)]
pub enum SizeDist {
    /// Web search (DCTCP, Alizadeh et al. 2010; used by pFabric and AIFO): empirical CDF.
    WebSearch,
    /// Data mining (VL2, Greenberg et al. 2009; used by pFabric): empirical CDF.
    DataMining,
    /// The FSC paper's AT&T flow-length groups (Table 2): one of ten group means, uniformly.
    Att,
    Fixed {
        size: BytesQ,
    },
    Exponential {
        mean: BytesQ,
    },
    /// Pareto with the given mean and shape (> 1).
    Pareto {
        mean: BytesQ,
        shape: f64,
    },
}

/// Who sends to whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Pattern {
    /// Source and destination drawn uniformly (distinct) per flow.
    #[default]
    Uniform,
    /// A random derangement fixed at the start: host i always sends to perm(i).
    Permutation,
    /// Every source sends to one destination (`dst`).
    Incast,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Endpoints {
    #[serde(default)]
    pub pattern: Pattern,
    /// Hosts taking part (default: every host).
    #[serde(default)]
    pub hosts: Option<Vec<String>>,
    /// The incast destination.
    #[serde(default)]
    pub dst: Option<String>,
}

/// Flow arrivals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Arrival {
    #[default]
    Poisson,
}

/// A directed link, by its end nodes.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LinkRef {
    pub from: String,
    pub to: String,
}

#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct WorkloadSpec {
    pub id: String,
    /// Target load on `link`: offered bytes per second over its capacity, in (0, 1).
    pub load: f64,
    /// The directed link the load is calibrated on (default: the one the workload loads most).
    #[serde(default)]
    pub link: Option<LinkRef>,
    pub sizes: SizeDist,
    #[serde(default)]
    pub endpoints: Endpoints,
    #[serde(default)]
    pub arrival: Arrival,
    /// Default 1500B (UDP only).
    #[serde(default)]
    pub packet_size: Option<BytesQ>,
    #[serde(default)]
    pub start: Option<TimeQ>,
    #[serde(default)]
    pub stop: Option<TimeQ>,
    /// Stop after this many flows.
    #[serde(default)]
    pub max_flows: Option<u64>,
    /// Default udp. With a TCP-family transport the sizes drawn are payload bytes.
    #[serde(default)]
    pub transport: Transport,
    /// Options of a TCP-family transport.
    #[serde(default)]
    pub tcp: Option<TcpSpec>,
    #[serde(default)]
    pub class: u8,
}

/// A scheduler chosen for a port, and the field that chose it ("topology.links[3].schedulers.r1",
/// "node_schedulers.r1", "topology.nodes[1].scheduler", "default_scheduler"; "" for the
/// built-in FIFO).
#[derive(Clone, Debug, serde::Serialize)]
pub struct Choice {
    pub scheduler: SchedulerSpec,
    pub from: String,
}

/// Which scheduler a port runs: every choice that applies to it, the one it runs first.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PortScheduler {
    /// The link's index, the node that owns the port and the node it sends to.
    pub link: usize,
    pub node: String,
    pub to: String,
    /// In precedence order; the last is always the built-in FIFO.
    pub choices: Vec<Choice>,
}

/// The scheduler of a port when nothing chooses one: FIFO drop-tail.
pub const BUILTIN_SCHEDULER: &str = "fifo";

impl Scenario {
    /// Every choice of scheduler that applies to node `from`'s port on link `li`, by
    /// precedence: a scripted `schedule` (every port), the link's choice for that end,
    /// `node_schedulers`, the node's own, (routers only) `default_scheduler`, the built-in
    /// FIFO. The port runs the first.
    pub fn port_choices(&self, li: usize, from: &str) -> Vec<Choice> {
        let l = &self.topology.links[li];
        let a = self.topology.nodes.iter().position(|n| n.id == from);
        let node = a.map(|a| &self.topology.nodes[a]);
        let mut out = Vec::new();
        let mut push = |spec: &SchedulerSpec, from: String| out.push(Choice { scheduler: spec.clone(), from });
        if self.schedule.is_some() {
            // A scripted schedule sends every packet at its scripted time (sched/scripted.rs).
            let scripted = SchedulerSpec { name: "scripted".into(), params: BTreeMap::new(), children: Vec::new() };
            push(&scripted, "schedule".to_string());
        }
        if let Some(spec) = l.schedulers.get(from) {
            push(spec, format!("topology.links[{li}].schedulers.{from}"));
        }
        if let Some(spec) = self.node_schedulers.get(from) {
            push(spec, format!("node_schedulers.{from}"));
        }
        if let (Some(a), Some(spec)) = (a, node.and_then(|n| n.scheduler.as_ref())) {
            push(spec, format!("topology.nodes[{a}].scheduler"));
        }
        if let (Some(NodeKind::Router), Some(spec)) = (node.map(|n| n.kind), &self.default_scheduler) {
            push(spec, "default_scheduler".to_string());
        }
        let builtin = SchedulerSpec { name: BUILTIN_SCHEDULER.into(), params: BTreeMap::new(), children: Vec::new() };
        push(&builtin, String::new());
        out
    }

    /// The scheduler node `from`'s port on link `li` runs, and the field that chose it.
    pub fn port_scheduler(&self, li: usize, from: &str) -> Choice {
        self.port_choices(li, from).swap_remove(0)
    }

    /// Every port's choices, two ports per link (the `from` end's first).
    pub fn port_schedulers(&self) -> Vec<PortScheduler> {
        let mut out = Vec::new();
        for (li, l) in self.topology.links.iter().enumerate() {
            for (node, to) in [(&l.from, &l.to), (&l.to, &l.from)] {
                let choices = self.port_choices(li, node);
                out.push(PortScheduler { link: li, node: node.clone(), to: to.clone(), choices });
            }
        }
        out
    }

    /// The same scenario with every router port running `spec` and nothing else (a `versus`
    /// check's run): routers' own schedulers, their per-port choices on links and their
    /// `node_schedulers` entries are all cleared. Hosts keep whatever they had.
    pub fn with_every_router(&self, spec: &SchedulerSpec) -> Scenario {
        let mut alt = self.clone();
        let routers: std::collections::BTreeSet<String> =
            alt.topology.nodes.iter().filter(|n| n.kind == NodeKind::Router).map(|n| n.id.clone()).collect();
        alt.default_scheduler = Some(spec.clone());
        alt.node_schedulers.retain(|id, _| !routers.contains(id));
        for n in &mut alt.topology.nodes {
            if n.kind == NodeKind::Router {
                n.scheduler = None;
            }
        }
        for l in &mut alt.topology.links {
            l.schedulers.retain(|owner, _| !routers.contains(owner));
        }
        alt
    }

    /// The same scenario with the routers named running `spec` on every port, and nothing
    /// else changed: their own schedulers and per-port choices give way to a
    /// `node_schedulers` entry. Other routers and hosts keep what they had.
    pub fn with_routers(&self, spec: &SchedulerSpec, routers: &[String]) -> Scenario {
        let mut alt = self.clone();
        for n in &mut alt.topology.nodes {
            if routers.contains(&n.id) {
                n.scheduler = None;
            }
        }
        for l in &mut alt.topology.links {
            l.schedulers.retain(|owner, _| !routers.contains(owner));
        }
        for r in routers {
            alt.node_schedulers.insert(r.clone(), spec.clone());
        }
        alt
    }

    /// The scenario one run of a comparison simulates: every router on the variant's
    /// scheduler ([`Scenario::with_every_router`], a `versus` check's run), or only the routers
    /// it names ([`Scenario::with_routers`]). Errors name the variant's field ("routers[1]").
    pub fn with_variant(&self, v: &Variant) -> Result<Scenario, ScenarioError> {
        let Some(routers) = &v.routers else {
            return Ok(self.with_every_router(&v.scheduler));
        };
        if routers.is_empty() {
            return Err(ScenarioError::new("routers", "name at least one router, or leave it out for every router"));
        }
        for (i, r) in routers.iter().enumerate() {
            let problem = match self.topology.nodes.iter().find(|n| n.id == *r) {
                None => Some(format!("unknown node \"{r}\"")),
                Some(n) if n.kind != NodeKind::Router => Some(format!("\"{r}\" is a host; only routers schedule")),
                Some(_) if routers[..i].contains(r) => Some(format!("\"{r}\" is named twice")),
                Some(_) => None,
            };
            if let Some(p) = problem {
                return Err(ScenarioError::new(format!("routers[{i}]"), p));
            }
        }
        Ok(self.with_routers(&v.scheduler, routers))
    }
}

/// One run of a comparison: the scenario with every router (`routers` absent) or the routers
/// named on one scheduler, with the scenario's seed, so every run sees the same traffic.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    pub scheduler: SchedulerSpec,
    #[serde(default)]
    pub routers: Option<Vec<String>>,
}

impl Traffic {
    pub fn id(&self) -> &str {
        match self {
            Traffic::Cbr(s) | Traffic::Poisson(s) => &s.id,
            Traffic::Onoff(s) => &s.id,
            Traffic::Bulk(s) => &s.id,
            Traffic::Flow(s) => &s.id,
            Traffic::Workload(s) => &s.id,
        }
    }
    pub fn kind_name(&self) -> &'static str {
        match self {
            Traffic::Cbr(_) => "cbr",
            Traffic::Poisson(_) => "poisson",
            Traffic::Onoff(_) => "onoff",
            Traffic::Bulk(_) => "bulk",
            Traffic::Flow(_) => "flow",
            Traffic::Workload(_) => "workload",
        }
    }
    /// (src, dst, path) of a single-flow source; None for a workload.
    pub fn endpoints(&self) -> Option<(&str, &str, Option<&Vec<String>>)> {
        match self {
            Traffic::Cbr(s) | Traffic::Poisson(s) => Some((&s.src, &s.dst, s.path.as_ref())),
            Traffic::Onoff(s) => Some((&s.src, &s.dst, s.path.as_ref())),
            Traffic::Bulk(s) => Some((&s.src, &s.dst, s.path.as_ref())),
            Traffic::Flow(s) => Some((&s.src, &s.dst, s.path.as_ref())),
            Traffic::Workload(_) => None,
        }
    }
    /// The transport and its options (UDP for the UDP-only kinds).
    pub fn transport(&self) -> (Transport, Option<&TcpSpec>) {
        match self {
            Traffic::Bulk(s) => (s.transport, s.tcp.as_ref()),
            Traffic::Flow(s) => (s.transport, s.tcp.as_ref()),
            Traffic::Workload(s) => (s.transport, s.tcp.as_ref()),
            Traffic::Cbr(_) | Traffic::Poisson(_) | Traffic::Onoff(_) => (Transport::Udp, None),
        }
    }
    /// (start, stop) as written.
    pub fn window(&self) -> (Option<TimeQ>, Option<TimeQ>) {
        match self {
            Traffic::Cbr(s) | Traffic::Poisson(s) => (s.start, s.stop),
            Traffic::Onoff(s) => (s.start, s.stop),
            Traffic::Bulk(s) => (s.start, s.stop),
            Traffic::Flow(s) => (s.start, None),
            Traffic::Workload(s) => (s.start, s.stop),
        }
    }
}

/// How results are aggregated.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct MetricsSpec {
    /// Width of the time windows for throughput and Jain's index (default: a hundredth of
    /// the duration). A window should hold many packets per flow, or the index measures noise.
    #[serde(default)]
    pub window: Option<TimeQ>,
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
    schema.insert("$id".into(), "https://scheduler-playground.invalid/scenario.schema.json".into());
    serde_json::to_string_pretty(&schema).expect("a schema is plain JSON") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Schedulers chosen at every level of precedence.
    const PRECEDENCE: &str = r#"{
          "format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 1, "duration": "1ms",
          "topology": {
            "nodes": [{"id": "a", "kind": "host", "scheduler": {"name": "lifo"}},
                      {"id": "r", "kind": "router", "scheduler": {"name": "sjf"}},
                      {"id": "s", "kind": "router"}, {"id": "b", "kind": "host"}],
            "links": [{"from": "a", "to": "r", "bandwidth": "1Gbps", "delay": "1us",
                       "schedulers": {"a": {"name": "random"}, "r": {"name": "lstf"}}},
                      {"from": "r", "to": "s", "bandwidth": "1Gbps", "delay": "1us"},
                      {"from": "s", "to": "b", "bandwidth": "1Gbps", "delay": "1us"}]
          },
          "default_scheduler": {"name": "fq"},
          "node_schedulers": {"s": {"name": "fifo_plus"}, "b": {"name": "lifo"}},
          "traffic": [{"kind": "cbr", "id": "f", "src": "a", "dst": "b", "rate": "1Mbps", "packet_size": "100B"}]
        }"#;

    #[test]
    fn a_versus_run_replaces_every_router_scheduler_and_nothing_on_hosts() {
        let s: Scenario = serde_json::from_str(PRECEDENCE).unwrap();
        let alt = s.with_every_router(&SchedulerSpec { name: "edf".into(), params: BTreeMap::new(), children: vec![] });
        assert_eq!(alt.default_scheduler.as_ref().map(|d| d.name.as_str()), Some("edf"));
        // Routers: their own, their link ends and their node_schedulers entries are gone.
        assert!(alt.topology.nodes.iter().filter(|n| n.kind == NodeKind::Router).all(|n| n.scheduler.is_none()));
        assert_eq!(alt.node_schedulers.keys().collect::<Vec<_>>(), vec!["b"]);
        assert_eq!(alt.topology.links[0].schedulers.keys().collect::<Vec<_>>(), vec!["a"]);
        // Hosts keep theirs.
        assert_eq!(alt.topology.nodes[0].scheduler.as_ref().map(|d| d.name.as_str()), Some("lifo"));
    }

    #[test]
    fn a_variant_on_chosen_routers_changes_only_them() {
        let s: Scenario = serde_json::from_str(PRECEDENCE).unwrap();
        let v: Variant = serde_json::from_str(r#"{"scheduler": {"name": "edf"}, "routers": ["r"]}"#).unwrap();
        let alt = s.with_variant(&v).unwrap();
        // r: every port on edf, whatever its link ends or its own scheduler said before.
        assert_eq!(alt.port_scheduler(0, "r").scheduler.name, "edf");
        assert_eq!(alt.port_scheduler(1, "r").scheduler.name, "edf");
        // s keeps its node_schedulers entry, the host a its link end.
        assert_eq!(alt.port_scheduler(1, "s").scheduler.name, "fifo_plus");
        assert_eq!(alt.port_scheduler(0, "a").scheduler.name, "random");
        assert_eq!(alt.default_scheduler.as_ref().map(|d| d.name.as_str()), Some("fq"));
        // Without routers: the versus rule, every router.
        let every: Variant = serde_json::from_str(r#"{"scheduler": {"name": "edf"}}"#).unwrap();
        let alt = s.with_variant(&every).unwrap();
        assert_eq!(alt.port_scheduler(1, "s").scheduler.name, "edf");
        assert_eq!(alt.port_scheduler(0, "a").scheduler.name, "random");
    }

    #[test]
    fn a_variant_names_its_bad_router() {
        let s: Scenario = serde_json::from_str(PRECEDENCE).unwrap();
        let err = |routers: &str| {
            let v: Variant =
                serde_json::from_str(&format!(r#"{{"scheduler": {{"name": "fifo"}}, "routers": {routers}}}"#)).unwrap();
            s.with_variant(&v).unwrap_err().to_string()
        };
        assert_eq!(err(r#"["r", "x"]"#), "routers[1]: unknown node \"x\"");
        assert_eq!(err(r#"["a"]"#), "routers[0]: \"a\" is a host; only routers schedule");
        assert_eq!(err(r#"["s", "s"]"#), "routers[1]: \"s\" is named twice");
        assert!(err("[]").starts_with("routers: name at least one router"));
    }
}
