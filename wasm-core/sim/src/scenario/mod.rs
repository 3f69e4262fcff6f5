//! Scenario files: versioned JSON with units (`{"format": "scheduler-playground/scenario",
//! "version": 1, ...}`). The JSON Schema committed under `scenarios/` is generated from these
//! types (`cli schema`); `validate` adds the checks a schema cannot express.

pub mod checks;
mod error;
mod middlebox;
mod quantity;
mod replay;
mod script;
pub mod slack;
mod traffic;

pub use traffic::*;

use std::collections::BTreeMap;

use serde::Deserialize;

pub use error::{Limits, ScenarioError, LIMITS, TRUSTED_LIMITS};
pub use middlebox::{MiddleboxSpec, ModuleSpec};
pub use quantity::{BandwidthQ, BufferQ, BytesQ, TimeQ};
pub use replay::{Mode, ModeInfo, Replay, ReplayCatalog, ReplayEnd, ReplayEntry, ReplayObject, ReplaySpec};
pub use script::{Schedule, ScriptFlow, ScriptPacket};

/// The only format name; files of other formats are refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Format {
    #[serde(rename = "scheduler-playground/scenario")]
    Scenario,
}

/// Route choice among shortest paths (in hops).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Routing {
    /// Every equal-cost next hop, one per flow by a hash of (flow, node).
    #[default]
    Ecmp,
    /// ns-2's static routing, as the UPS authors' runs use it (`RouteLogic::compute_routes`):
    /// each router forwards along its own shortest-path tree, built breadth first with the
    /// lowest-numbered node (the topology's node order) winning ties, so one path per pair.
    LowestId,
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
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub schedule: Option<Schedule>,
    #[serde(default)]
    pub trace: TraceSpec,
    /// Scheduler of every router port that names none (nodes and links can override it).
    #[serde(default)]
    pub default_scheduler: Option<SchedulerSpec>,
    /// `default_scheduler` runs at the hosts' ports too (their NICs) that name none, as
    /// Netbench runs one output-port kind at every port (the AIFO paper's Sec. 5.1
    /// simulations); a `versus` or `under` run's scheduler then reaches them too.
    #[serde(default)]
    pub default_scheduler_on_hosts: bool,
    /// Schedulers by node id, over the nodes' own (handy for presets and mixtures such as
    /// "half the routers FIFO+, half FQ").
    #[serde(default)]
    pub node_schedulers: BTreeMap<String, SchedulerSpec>,
    /// How routers choose among equal-cost next hops (default: ECMP by flow).
    #[serde(default)]
    pub routing: Routing,
    /// Record this run's schedule and replay it with other schedulers (UPS Sec. 2.3).
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub replay: Option<ReplaySpec>,
    /// How the ingress router initialises each packet's slack (UPS Sec. 3); without it every
    /// packet starts with slack 0 (LSTF is then FIFO+).
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub slack: Option<slack::SlackSpec>,
    /// Edge-CoDel at the egress ports (UPS Sec. 4); needs LSTF-style slack bookkeeping,
    /// which every port does.
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub edge_codel: Option<slack::EdgeCodelSpec>,
    #[serde(default)]
    pub metrics: MetricsSpec,
    /// Assertions on the results, run by the test suite for every scenario file.
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub checks: Vec<checks::Check>,
    /// Figures of a paper this scenario reproduces; `sched-cli reproduce` prints ours beside
    /// each.
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub paper: Vec<checks::PaperFigure>,
    /// Retired: a guided example's steps are lesson steps now
    /// (`scenarios/lessons/ups-appendix-{1,2}.lesson.json`). Read and ignored, so that links
    /// and files made before still open; not in the schema.
    #[serde(default, rename = "guide")]
    #[cfg_attr(feature = "schema", schemars(skip))]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub retired_guide: Option<serde::de::IgnoredAny>,
    /// The comparison this scenario is made for: 2 to 4 runs, each with every router (or the
    /// routers named) on one scheduler, as the page's Compare tab runs them. Opening the
    /// scenario (an example, a link, a file) sets the Compare tab up with them.
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub compare: Vec<Variant>,
}

/// Either explicit nodes and links, or a preset with parameters (`{"preset": "fat_tree",
/// "params": {"k": 4}}`), which is expanded into nodes and links before anything else.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Topology {
    /// A preset's name (see `cli presets`).
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub preset: Option<String>,
    /// The preset's parameters; defaults fill what is left out.
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
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
    // Boxed, as the middlebox: the run keeps every node, and most have neither.
    /// The scheduler of every output port of this node (default: FIFO drop-tail).
    #[serde(default)]
    pub scheduler: Option<Box<SchedulerSpec>>,
    /// Routers only: a middlebox, whose packets pass a CPU stage before the output port
    /// (the link stage).
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub middlebox: Option<Box<MiddleboxSpec>>,
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
    /// `node_schedulers`, the node's own, `default_scheduler` (routers only, unless
    /// `default_scheduler_on_hosts`), the built-in FIFO. The port runs the first.
    pub fn port_choices(&self, li: usize, from: &str) -> Vec<Choice> {
        let a = self.topology.nodes.iter().position(|n| n.id == from);
        match a {
            Some(a) => self.port_choices_at(li, Some(a)),
            None => self.port_choices_named(li, from, None),
        }
    }

    /// [`Scenario::port_choices`] of node `a` (an index into the topology's nodes), found by
    /// the caller: a run over every port then looks each node up once.
    pub fn port_choices_at(&self, li: usize, a: Option<usize>) -> Vec<Choice> {
        let from = a.map_or("", |a| self.topology.nodes[a].id.as_str());
        self.port_choices_named(li, from, a)
    }

    fn port_choices_named(&self, li: usize, from: &str, a: Option<usize>) -> Vec<Choice> {
        let refs = self.port_choice_refs(li, from, a);
        refs.into_iter().map(|(spec, from)| Choice { scheduler: spec.into_owned(), from }).collect()
    }

    /// `port_choices_at`'s choices, borrowed (a spec of many children is not copied per port).
    pub fn port_choice_refs_at(
        &self,
        li: usize,
        a: Option<usize>,
    ) -> Vec<(std::borrow::Cow<'_, SchedulerSpec>, String)> {
        let from = a.map_or("", |a| self.topology.nodes[a].id.as_str());
        self.port_choice_refs(li, from, a)
    }

    fn port_choice_refs(
        &self,
        li: usize,
        from: &str,
        a: Option<usize>,
    ) -> Vec<(std::borrow::Cow<'_, SchedulerSpec>, String)> {
        use std::borrow::Cow;
        let l = &self.topology.links[li];
        let node = a.map(|a| &self.topology.nodes[a]);
        let mut out: Vec<(Cow<'_, SchedulerSpec>, String)> = Vec::new();
        if self.schedule.is_some() {
            // A scripted schedule sends every packet at its scripted time (sched/single/scripted.rs).
            let scripted = SchedulerSpec { name: "scripted".into(), params: BTreeMap::new(), children: Vec::new() };
            out.push((Cow::Owned(scripted), "schedule".to_string()));
        }
        if let Some(spec) = l.schedulers.get(from) {
            out.push((Cow::Borrowed(spec), format!("topology.links[{li}].schedulers.{from}")));
        }
        if let Some(spec) = self.node_schedulers.get(from) {
            out.push((Cow::Borrowed(spec), format!("node_schedulers.{from}")));
        }
        if let (Some(a), Some(spec)) = (a, node.and_then(|n| n.scheduler.as_ref())) {
            out.push((Cow::Borrowed(&**spec), format!("topology.nodes[{a}].scheduler")));
        }
        let takes_default = |k: NodeKind| k == NodeKind::Router || self.default_scheduler_on_hosts;
        if let (Some(true), Some(spec)) = (node.map(|n| takes_default(n.kind)), &self.default_scheduler) {
            out.push((Cow::Borrowed(spec), "default_scheduler".to_string()));
        }
        let builtin = SchedulerSpec { name: BUILTIN_SCHEDULER.into(), params: BTreeMap::new(), children: Vec::new() };
        out.push((Cow::Owned(builtin), String::new()));
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
    /// `node_schedulers` entries are all cleared. Hosts keep whatever they had: their own
    /// choices, or with `default_scheduler_on_hosts` the default, which is now `spec`.
    pub fn with_every_router(&self, spec: &SchedulerSpec) -> Scenario {
        let mut alt = self.clone();
        // Inserted one by one: a set's `collect` sorts its input, one sort instantiation per
        // type in the wasm module (issue 20: page weight).
        let mut routers = std::collections::BTreeSet::new();
        for n in alt.topology.nodes.iter().filter(|n| n.kind == NodeKind::Router) {
            routers.insert(n.id.clone());
        }
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

    /// The same scenario with every TCP-family source on transport `t` (its options kept, but
    /// rc3's levels, which only rc3 reads).
    pub fn set_transport(&mut self, t: Transport) {
        for tr in &mut self.traffic {
            let (transport, tcp) = match tr {
                Traffic::Bulk(s) => (&mut s.transport, &mut s.tcp),
                Traffic::Flow(s) => (&mut s.transport, &mut s.tcp),
                Traffic::Workload(s) => (&mut s.transport, &mut s.tcp),
                _ => continue,
            };
            if *transport != Transport::Udp {
                *transport = t;
                if let Some(o) = tcp.as_mut().filter(|_| t != Transport::Rc3) {
                    o.rc3 = None;
                }
            }
        }
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
        let mut alt = self.with_variant_schedulers(v)?;
        if let Some(slack) = &v.slack {
            alt.slack = slack.clone();
        }
        if let Some(edge) = &v.edge_codel {
            alt.edge_codel = edge.clone();
        }
        Ok(alt)
    }

    fn with_variant_schedulers(&self, v: &Variant) -> Result<Scenario, ScenarioError> {
        if v.cpu {
            return self.with_cpu_scheduler(&v.scheduler, v.routers.as_deref());
        }
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
/// `slack` and `edge_codel`, when present, replace the scenario's (UPS's objectives: the
/// ingress slack rule, Edge-CoDel at the egress); `null` removes it; absent keeps it.
#[derive(Clone, Debug, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// The scheduler this run's routers use.
    pub scheduler: SchedulerSpec,
    /// The routers that run it (the others keep the scenario's choice); absent: every router.
    /// With `cpu`, the middleboxes whose CPU stage runs it; absent: every middlebox.
    #[serde(default)]
    pub routers: Option<Vec<String>>,
    /// Run the scheduler at the middleboxes' CPU stage (MR-tradeoff Sec. 2: which flow's
    /// packet the CPU processes next) instead of at router ports; every port keeps the
    /// scenario's choice. Default false.
    #[serde(default)]
    pub cpu: bool,
    /// UPS's slack rule for this run: absent keeps the scenario's, null removes it.
    #[serde(default, deserialize_with = "present")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<slack::SlackSpec>"))]
    pub slack: Option<Option<slack::SlackSpec>>,
    /// Edge-CoDel for this run: absent keeps the scenario's, null removes it.
    #[serde(default, deserialize_with = "present")]
    #[cfg_attr(feature = "schema", schemars(with = "Option<slack::EdgeCodelSpec>"))]
    pub edge_codel: Option<Option<slack::EdgeCodelSpec>>,
}

/// A field that is present, `null` included (absent: the `default`, None).
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
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
    /// Keep the packets dequeued at the port of this link, with their times (`dequeues` in
    /// the results): the sets whose gap Delta(t) two runs are compared by (AIFO Eq. 1; the
    /// page's Compare view and the `dequeue_gap` checks).
    #[serde(default)]
    #[cfg_attr(not(feature = "full"), serde(skip))]
    pub dequeues: Option<traffic::LinkRef>,
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
    fn the_default_reaches_hosts_that_name_none_only_when_asked() {
        let text = |on_hosts: bool| {
            format!(
                r#"{{"format": "scheduler-playground/scenario", "version": 1, "name": "t", "seed": 1, "duration": "1ms",
                  "topology": {{"nodes": [{{"id": "a", "kind": "host"}}, {{"id": "r", "kind": "router"}}, {{"id": "b", "kind": "host"}}],
                    "links": [{{"from": "a", "to": "r", "bandwidth": "1Gbps", "delay": "1us"}},
                              {{"from": "r", "to": "b", "bandwidth": "1Gbps", "delay": "1us"}}]}},
                  "default_scheduler": {{"name": "fq"}}, "default_scheduler_on_hosts": {on_hosts},
                  "node_schedulers": {{"b": {{"name": "lifo"}}}}}}"#
            )
        };
        let chosen = |s: &Scenario, li: usize, node: &str| {
            let c = s.port_scheduler(li, node);
            (c.scheduler.name, c.from)
        };
        let routers_only: Scenario = serde_json::from_str(&text(false)).unwrap();
        assert_eq!(chosen(&routers_only, 0, "a"), ("fifo".into(), "".into()));
        assert_eq!(chosen(&routers_only, 0, "r"), ("fq".into(), "default_scheduler".into()));
        let on_hosts: Scenario = serde_json::from_str(&text(true)).unwrap();
        assert_eq!(chosen(&on_hosts, 0, "a"), ("fq".into(), "default_scheduler".into()));
        // b names its own: the default gives way, as on a router.
        assert_eq!(chosen(&on_hosts, 1, "b"), ("lifo".into(), "node_schedulers.b".into()));
        // A versus run's scheduler reaches the host that names none, and only with the flag.
        let edf = SchedulerSpec { name: "edf".into(), params: BTreeMap::new(), children: vec![] };
        assert_eq!(chosen(&on_hosts.with_every_router(&edf), 0, "a").0, "edf");
        assert_eq!(chosen(&on_hosts.with_every_router(&edf), 1, "b").0, "lifo");
        assert_eq!(chosen(&routers_only.with_every_router(&edf), 0, "a").0, "fifo");
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
    fn a_variant_replaces_or_removes_the_slack_rule_and_edge_codel() {
        let mut s: Scenario = serde_json::from_str(PRECEDENCE).unwrap();
        s.edge_codel = Some(slack::EdgeCodelSpec::default());
        let v = |json: &str| s.with_variant(&serde_json::from_str::<Variant>(json).unwrap()).unwrap();
        // Absent: the scenario's (none and Edge-CoDel on).
        let kept = v(r#"{"scheduler": {"name": "lstf"}}"#);
        assert_eq!((kept.slack.is_none(), kept.edge_codel.is_some()), (true, true));
        // Given: replaces; null: removes.
        let set =
            v(r#"{"scheduler": {"name": "lstf"}, "slack": {"default": {"policy": "flow_size"}}, "edge_codel": null}"#);
        let want = slack::SlackPolicySpec::FlowSize { d: None, offset: None };
        assert_eq!(set.slack.and_then(|x| x.default), Some(want));
        assert!(set.edge_codel.is_none());
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
