//! The built network: nodes, output ports (two per duplex link), routes, flows and their
//! emitters, made from a checked scenario.
//!
//! Routing: shortest paths in hops; hosts do not forward. Where several next hops tie, the
//! flow's packets all take the one chosen by a hash of (flow id, node) (deterministic ECMP),
//! so a flow keeps one path and different flows spread; or, with `routing: lowest_id`, the one
//! ns-2's static routing picks (the lowest-numbered node wins ties). A flow with an explicit `path` follows
//! it. Port schedulers: the link's per-port choice, else the node's, else the scenario's
//! `default_scheduler` (routers only), else FIFO drop-tail.

use std::collections::{BTreeMap, VecDeque};

mod routing;
mod workloads;

pub use routing::reverse_port;

use crate::aqm::edge_codel::EdgeCodel;
use crate::first::full_only;
use crate::packet::flags;
use crate::packet::{FlowId, NodeId, Packet, PortId};
use crate::params;
use crate::port::Port;
use crate::rng::Stream;
use crate::scenario::{NodeKind, OnOffSource, Routing, Scenario, ScenarioError, Traffic};
use crate::sched::registry::{self, PortContext};
use crate::sched::single::scripted::{self, Scripted};
use crate::sched::AnyScheduler;
use crate::slack::SlackInit;
use crate::stage::{Cost, Stage, StageId};
use crate::time::{Bandwidth, Time};
use crate::traffic::sizes::Sizes;
use crate::traffic::workload::{Pairs, Workload};
use crate::traffic::{Emitter, FlowInfo, Timing};
use crate::transport::pfabric::PathFacts;
use crate::transport::{Connection, TcpOptions, Transport};
use crate::units::Buffer;

pub struct Node {
    pub id: String,
    pub kind: NodeKind,
    pub pos: Option<[f64; 2]>,
    /// Output ports, in link order.
    pub ports: Vec<PortId>,
}

/// Static facts about a port, for results and the page (its link: [`Network::link_of`]).
pub struct PortInfo {
    pub buffer: Buffer,
    /// The registry entry of the port's (outermost) scheduler.
    pub info: &'static registry::SchedulerInfo,
    /// What its shown value means (`registry::build_reading`).
    pub key: crate::view::KeySpec,
}

/// Static facts about a stage, for results and the page.
pub struct StageInfo {
    /// The registry entry of its scheduler.
    pub info: &'static registry::SchedulerInfo,
    /// Module names, in the scenario's order (the indices of `Cost`).
    pub modules: Vec<String>,
}

/// Per port, the probability a workload's flow crosses it; or a pair with no route.
pub(crate) type Crossing = Result<Vec<f64>, (NodeId, NodeId)>;

/// Stream numbers: emitters of scenario sources use their traffic index; workloads and the
/// flows they create use streams above these bases, so no two users share a stream.
const WORKLOAD_STREAM: u64 = 1 << 32;
const PORT_STREAM: u64 = 1 << 36;
const WORKLOAD_FLOW_STREAM: u64 = 1 << 40;
const STAGE_STREAM: u64 = 1 << 46;
/// A middlebox's link stage holds at most this many packets unless its spec says otherwise.
pub const DEFAULT_LINK_QUEUE: u32 = 8;

/// A traffic entry as the network adds it: its index in `traffic` (errors name
/// `traffic[i].field`), when its sources start and stop within the run, and the scenario's
/// node ids it names nodes by.
struct Entry<'a> {
    i: usize,
    start: Time,
    stop: Time,
    index: &'a BTreeMap<&'a str, NodeId>,
}

impl Entry<'_> {
    fn at(&self, field: &str) -> String {
        format!("traffic[{}].{field}", self.i)
    }
}

pub struct Network {
    pub nodes: Vec<Node>,
    pub ports: Vec<Port<AnyScheduler>>,
    pub port_info: Vec<PortInfo>,
    /// Service stages in front of ports (a middlebox's CPU), numbered apart from ports.
    pub stages: Vec<Stage>,
    pub stage_info: Vec<StageInfo>,
    /// `node_stage[node]`: the first stage a packet arriving at the node passes, if any.
    pub node_stage: Vec<Option<StageId>>,
    /// `hops[node][slot]` is a range of `hop_ports`: the equal-cost next ports towards
    /// destination `dsts[slot]`; empty for nodes with a single port (their next port is that
    /// one, see `routing::stub_reaches`).
    hops: Vec<Vec<(u32, u32)>>,
    hop_ports: Vec<PortId>,
    /// How equal-cost next hops are chosen, and (`Routing::LowestId`) each router's first hop
    /// towards every node, once computed.
    routing: Routing,
    first_hops: Vec<Vec<u32>>,
    /// `dst_slot[node]`: the slot of destination `node` in `hops` (u32::MAX: no routes to it
    /// yet); a plain table, read once per hop.
    dst_slot: Vec<u32>,
    /// Destinations with routes so far (the next slot).
    dst_count: usize,
    /// Explicit paths, as port lists.
    paths: Vec<Vec<PortId>>,
    pub flows: Vec<FlowInfo>,
    /// TCP-family endpoints by flow (None: UDP, or a connection whose sender has finished).
    pub conns: Vec<Option<Box<Connection>>>,
    /// RC3 flows' own state (`transport::rc3`), by flow, while their connection lives.
    pub rc3: std::collections::BTreeMap<FlowId, crate::transport::rc3::Rc3>,
    pub emitters: Vec<Emitter>,
    pub workloads: Vec<Workload>,
    /// Each workload's pairs and the probability a flow of them crosses each port (`crossing`),
    /// while the network is built.
    crossings: Vec<(crate::traffic::workload::Pairs, Crossing)>,
    seed: u32,
    /// Ports whose scheduler reads `Packet::tmin_rest` (EDF): the engine computes it there.
    pub needs_tmin: Vec<bool>,
    /// Some scheduler reads `Packet::remaining` or `flow_size` (`registry::Reads`), or a slack
    /// rule may: only then does the engine write them.
    pub needs_sizes: bool,
    /// Omniscient replay (UPS App. A.2): per packet, the priority to use at each hop of its
    /// path (the original's scheduling time there), out of line, indexed by packet id.
    pub hop_ranks: Option<Vec<Vec<i64>>>,
    /// The scenario's slack initialisation at the ingress (UPS Sec. 3), if any.
    pub slack: Option<SlackInit>,
    /// A scripted schedule's packets, for the engine to send from their hosts (their
    /// scheduling times at each hop are in `hop_ranks`).
    pub scripted: Vec<Packet>,
}

impl Network {
    /// The link a port belongs to: `build` makes ports 2i (from `from` to `to`) and 2i + 1
    /// (back) for link i.
    pub fn link_of(port: PortId) -> u32 {
        port / 2
    }

    pub fn build(s: &Scenario, seed: u32) -> Result<Network, ScenarioError> {
        // Inserted one by one (the last of equal ids wins, as `collect` keeps it): a map's
        // `collect` sorts its input, one sort instantiation per type in the wasm module.
        let mut index: BTreeMap<&str, NodeId> = BTreeMap::new();
        for (i, n) in s.topology.nodes.iter().enumerate() {
            index.insert(n.id.as_str(), i as NodeId);
        }
        let mut nodes: Vec<Node> = s
            .topology
            .nodes
            .iter()
            .map(|n| Node { id: n.id.clone(), kind: n.kind, pos: n.pos, ports: Vec::new() })
            .collect();
        let flow_ids: Vec<String> = s.traffic.iter().map(|t| t.id().to_string()).collect();
        // Two ports a link, allocated once (no doubling's spare capacity: a port is ~1 KB): 2i
        // from `from` to `to`, 2i + 1 back (`link_of`).
        let mut ports = Vec::with_capacity(2 * s.topology.links.len());
        let mut port_info = Vec::with_capacity(2 * s.topology.links.len());
        let mut reads = registry::Reads::default();
        for (li, l) in s.topology.links.iter().enumerate() {
            let buffer = l.buffer.map(|b| b.0).unwrap_or(Buffer::Unlimited);
            for (from, to) in [(&l.from, &l.to), (&l.to, &l.from)] {
                let (a, b) = (index[from.as_str()], index[to.as_str()]);
                let choice = s.port_scheduler(li, from);
                let (spec, path) = (&choice.scheduler, &choice.from);
                let (sched, info, key) = if s.schedule.is_some() {
                    (AnyScheduler::Scripted(Scripted::new()), &scripted::INFO, scripted::INFO.key)
                } else {
                    let (sched, info, r, key) = registry::build_reading(
                        spec,
                        PortContext {
                            buffer,
                            bandwidth: l.bandwidth.0,
                            seed,
                            stream: PORT_STREAM + ports.len() as u64,
                        },
                        params::Context { flows: &flow_ids },
                    )
                    .map_err(|(p, msg)| ScenarioError::new(format!("{path}.{p}"), msg))?;
                    reads = reads.or(r);
                    (sched, info, key)
                };
                let id = ports.len() as PortId;
                ports.push(Port::new(id, a, b, l.bandwidth.0, l.delay.0, sched));
                port_info.push(PortInfo { buffer, info, key });
                nodes[a as usize].ports.push(id);
            }
        }
        // Each node's ports at their count (a host's one port: 4 B, not the 16 its first push
        // reserves).
        nodes.iter_mut().for_each(|n| n.ports.shrink_to_fit());
        let (stages, stage_info, node_stage) = build_stages(s, seed, &flow_ids, &mut reads)?;
        let mut net = Network {
            nodes,
            ports,
            port_info,
            stages,
            stage_info,
            node_stage,
            hops: Vec::new(),
            hop_ports: Vec::new(),
            routing: s.routing,
            first_hops: Vec::new(),
            dst_slot: Vec::new(),
            dst_count: 0,
            paths: Vec::new(),
            flows: Vec::new(),
            conns: Vec::new(),
            rc3: Default::default(),
            emitters: Vec::new(),
            workloads: Vec::new(),
            crossings: Vec::new(),
            seed,
            needs_tmin: Vec::new(),
            needs_sizes: reads.sizes || s.slack.is_some(),
            hop_ranks: None,
            slack: full_only(s.slack.as_ref()).map(SlackInit::new),
            scripted: Vec::new(),
        };
        net.needs_tmin = net.port_info.iter().map(|i| i.info.name == "edf").collect();
        // Slack is set at the first router, so only router ports show it.
        let show_slack = s.slack.is_some() || s.edge_codel.is_some();
        // Only then does a packet's slack lose its waits (the read is what makes it observable).
        let ages_slack = show_slack || reads.slack;
        for p in &mut net.ports {
            if show_slack && net.nodes[p.node as usize].kind == NodeKind::Router {
                p.set_show_slack();
            }
            p.ages_slack = ages_slack;
        }
        if let Some(e) = full_only(s.edge_codel.as_ref()) {
            let params = crate::slack::edge_codel_params(e);
            for p in &mut net.ports {
                let kinds = (net.nodes[p.node as usize].kind, net.nodes[p.to as usize].kind);
                if kinds == (NodeKind::Router, NodeKind::Host) {
                    p.set_edge(EdgeCodel::new(params));
                }
            }
        }
        for (i, tr) in s.traffic.iter().enumerate() {
            net.add_traffic(s, i, tr, &index)?;
        }
        net.crossings = Vec::new();
        if let Some(timed) = crate::script::resolve(s)? {
            net.add_script(s, &timed, &index);
        }
        Ok(net)
    }

    /// A scripted schedule's flows (explicit paths) and packets, each sent from its host at
    /// its scheduling time there, with its scheduling time at every hop in `hop_ranks`.
    fn add_script(&mut self, s: &Scenario, timed: &[crate::script::TimedPacket], index: &BTreeMap<&str, NodeId>) {
        let sc = s.schedule.as_ref().expect("a resolved schedule");
        for (f, fl) in sc.flows.iter().enumerate() {
            let nodes: Vec<NodeId> = fl.path.iter().map(|id| index[id.as_str()]).collect();
            let ports: Vec<PortId> = nodes
                .windows(2)
                .map(|w| self.nodes[w[0] as usize].ports.iter().copied().find(|&q| self.ports[q as usize].to == w[1]))
                .map(|q| q.expect("checked: consecutive nodes are linked"))
                .collect();
            let first = timed.iter().filter(|p| p.flow == f).map(|p| p.start[0]).min();
            let access = self.ports[ports[0] as usize].bandwidth.bps().unwrap_or(u64::MAX / 2);
            let path = self.add_path(ports);
            self.flows.push(FlowInfo {
                name: fl.id.clone(),
                kind: "script",
                source: f as u32,
                src: nodes[0],
                dst: nodes[nodes.len() - 1],
                size: None,
                start: first.unwrap_or(Time::ZERO),
                stop: Some(s.duration.0),
                class: 0,
                weight: 1,
                path: Some(path),
                workload: None,
                rate_bps: access,
                packet_size: timed.iter().find(|p| p.flow == f).map_or(1000, |p| p.size),
                transport: Transport::Udp,
                header: 0,
                ack_path: None,
            });
            self.conns.push(None);
        }
        let mut seq = vec![0u64; sc.flows.len()];
        for (id, p) in timed.iter().enumerate() {
            self.scripted.push(Packet::new(id as u64, p.flow as FlowId, seq[p.flow], p.size, p.start[0]));
            seq[p.flow] += 1;
        }
        self.hop_ranks = Some(timed.iter().map(|p| p.start.iter().map(|t| t.as_ns() as i64).collect()).collect());
    }

    /// "no path from a to b", as the error of traffic field `field`.
    fn no_path(&self, field: String, a: NodeId, b: NodeId) -> ScenarioError {
        let (a, b) = (&self.nodes[a as usize].id, &self.nodes[b as usize].id);
        ScenarioError::new(field, format!("no path from \"{a}\" to \"{b}\""))
    }

    fn add_traffic(
        &mut self,
        s: &Scenario,
        i: usize,
        tr: &Traffic,
        index: &BTreeMap<&str, NodeId>,
    ) -> Result<(), ScenarioError> {
        let (start, stop) = tr.window();
        let start = start.map(|q| q.0).unwrap_or(Time::ZERO);
        let stop = stop.map(|q| q.0).unwrap_or(s.duration.0).min(s.duration.0);
        let entry = Entry { i, start, stop, index };
        let at = |f: &str| entry.at(f);
        match tr {
            Traffic::Workload(w) if cfg!(feature = "full") => return self.add_workload(&entry, w),
            Traffic::FlowList(l) if cfg!(feature = "full") => return self.add_flow_list(&entry, l),
            Traffic::Workload(_) | Traffic::FlowList(_) => unreachable!("the first module reads no workloads"),
            _ => {}
        }
        let (src, dst, path) = tr.endpoints().expect("single-flow sources have endpoints");
        let (src, dst) = (index[src], index[dst]);
        let path = match path {
            Some(p) => {
                let ports = self.ports_along(p, index);
                let reverse: Vec<PortId> = ports.iter().rev().map(|&q| reverse_port(q)).collect();
                self.paths.push(ports);
                if tr.transport().0 != Transport::Udp {
                    self.paths.push(reverse);
                    Some(self.paths.len() as u32 - 2)
                } else {
                    Some(self.paths.len() as u32 - 1)
                }
            }
            None => {
                if self.next_ports(src, dst).is_empty() {
                    return Err(self.no_path(at("dst"), src, dst));
                }
                None
            }
        };
        if matches!(tr, Traffic::Bulk(_)) && tr.transport().0 != Transport::Udp {
            if let Some(route) = self.unbounded_route(src, dst, path) {
                let names: Vec<&str> = route.iter().map(|&n| self.nodes[n as usize].id.as_str()).collect();
                return Err(ScenarioError::new(
                    at("transport"),
                    format!(
                        "a bulk {} flow needs a link of finite bandwidth on its path ({} are all infinite): \
                         nothing would ever queue or drop, so its window would grow without limit",
                        tr.transport().0.name(),
                        names.join(" -> ")
                    ),
                ));
            }
        }
        let access = self.nodes[src as usize].ports.first().map(|&p| self.ports[p as usize].bandwidth);
        let tcp_family = tr.transport().0 != Transport::Udp;
        let access_rate = |field: &str| match access {
            Some(Bandwidth::BitsPerSec(b)) => Ok(b),
            // A window leaves an infinitely fast access link at once (only the ideal FCT reads it).
            _ if tcp_family => Ok(u64::MAX / 2),
            _ => Err(ScenarioError::new(at(field), "the source's access link is infinite: give a rate")),
        };
        let (transport, tcp) = tr.transport();
        let tcp = (transport != Transport::Udp).then(|| TcpOptions::from_spec(tcp));
        let default_size = tcp.as_ref().map_or(1500, |o| o.wire_segment() as u64);
        let (timing, rate, size, remaining, flow_size, weight) = match tr {
            Traffic::Cbr(u) => (Timing::Paced, u.rate.0.bps().expect("validated"), u.packet_size.0, None, None, 1),
            Traffic::Poisson(u) => {
                (Timing::Poisson, u.rate.0.bps().expect("validated"), u.packet_size.0, None, None, 1)
            }
            Traffic::Onoff(u) => {
                let timing = Timing::OnOff {
                    on: u.on.0,
                    off: u.off.0,
                    exponential: u.periods == crate::scenario::Periods::Exponential,
                };
                (timing, u.rate.0.bps().expect("validated"), u.packet_size.0, None, None, 1)
            }
            Traffic::Bulk(u) => {
                let rate = match u.rate {
                    Some(r) => r.0.bps().expect("validated"),
                    None => access_rate("rate")?,
                };
                (Timing::Paced, rate, u.packet_size.map_or(default_size, |q| q.0), None, None, 1)
            }
            Traffic::Flow(u) => {
                let rate = match u.rate {
                    Some(r) => r.0.bps().expect("validated"),
                    None => access_rate("rate")?,
                };
                (
                    Timing::Paced,
                    rate,
                    u.packet_size.map_or(default_size, |q| q.0),
                    Some(u.size.0),
                    Some(u.size.0),
                    u.weight.unwrap_or(1),
                )
            }
            Traffic::Workload(_) | Traffic::FlowList(_) => unreachable!("handled above"),
        };
        let class = match tr {
            Traffic::Cbr(u) | Traffic::Poisson(u) => u.class,
            Traffic::Onoff(u) => u.class,
            Traffic::Bulk(u) => u.class,
            Traffic::Flow(u) => u.class,
            Traffic::Workload(_) | Traffic::FlowList(_) => unreachable!("handled above"),
        };
        let flow = self.flows.len() as FlowId;
        self.flows.push(FlowInfo {
            name: tr.id().to_string(),
            kind: tr.kind_name(),
            src,
            dst,
            size: flow_size,
            start,
            stop: flow_size.is_none().then_some(stop),
            class,
            source: i as u32,
            weight,
            path,
            workload: None,
            rate_bps: rate,
            packet_size: size as u32,
            transport,
            header: tcp.as_ref().map_or(0, |o| o.header),
            ack_path: path.filter(|_| tcp.is_some()).map(|p| p + 1),
        });
        let stop = if flow_size.is_some() { Time::MAX } else { stop };
        if let Some(o) = tcp {
            self.ensure_routes_to(src);
            let facts = self.path_facts(flow, &o);
            self.conns.push(Some(Box::new(Connection::new(transport, &o, flow_size, stop, facts))));
            self.open_rc3(flow, transport, &o, flow_size);
            return Ok(());
        }
        self.conns.push(None);
        let mut emitter =
            Emitter::new(flow, timing, rate, size as u32, remaining, start, stop, Stream::new(self.seed, i as u64));
        if let Traffic::Cbr(u) | Traffic::Poisson(u) = tr {
            if let Some(d) = u.packet_sizes.as_ref().filter(|_| cfg!(feature = "full")) {
                emitter = emitter.with_random_sizes(Sizes::new(d));
            }
        }
        if let Traffic::Onoff(OnOffSource { burst_packets: Some(b), .. }) = tr {
            emitter = emitter.with_bursts(b.clone());
        }
        self.emitters.push(emitter);
        Ok(())
    }

    /// The ports of an explicit path, given as node ids (validated: consecutive nodes are linked).
    fn ports_along(&self, path: &[String], index: &BTreeMap<&str, NodeId>) -> Vec<PortId> {
        path.windows(2)
            .map(|w| {
                let (a, b) = (index[w[0].as_str()], index[w[1].as_str()]);
                self.nodes[a as usize]
                    .ports
                    .iter()
                    .copied()
                    .find(|&q| self.ports[q as usize].to == b)
                    .expect("validated: consecutive nodes are linked")
            })
            .collect()
    }

    /// The unloaded round trip of a flow (a full data packet along its path, an ACK back
    /// along the ACKs' path) and its bandwidth-delay product at the slowest finite link of
    /// the data path (no finite link: RFC 6928's ten segments).
    pub fn path_facts(&self, flow: FlowId, o: &TcpOptions) -> PathFacts {
        let f = &self.flows[flow as usize];
        let one_way = |ports: &[PortId], bytes: u64| -> Time {
            ports.iter().fold(Time::ZERO, |t, &p| {
                let port = &self.ports[p as usize];
                t + port.bandwidth.tx_time(bytes) + port.delay
            })
        };
        let data = self.flow_path(flow);
        let acks = self.walk(flow, f.dst, f.src, true);
        let base_rtt = one_way(&data, o.wire_segment() as u64) + one_way(&acks, o.header as u64);
        let bottleneck = data.iter().filter_map(|&p| self.ports[p as usize].bandwidth.bps()).min();
        let bdp_bytes = match bottleneck {
            Some(bps) => u64::try_from(bps as u128 * base_rtt.as_ns() as u128 / 8_000_000_000).unwrap_or(u64::MAX),
            None => crate::transport::DEFAULT_INITIAL_WINDOW as u64 * o.wire_segment() as u64,
        };
        PathFacts { base_rtt, bdp_bytes }
    }

    /// An RC3 flow's own state, beside its connection (RLP is paced by the first link).
    fn open_rc3(&mut self, flow: FlowId, transport: Transport, o: &TcpOptions, size: Option<u64>) {
        if let (Transport::Rc3, Some(size), Some(&port)) = (transport, size, self.flow_path(flow).first()) {
            self.rc3.insert(flow, crate::transport::rc3::Rc3::new(o.rc3, size, o.mss, port));
        }
    }
}

/// What a workload's new flow needs from the engine.
pub enum Spawned {
    /// A UDP flow: its emitter's index.
    Emitter(usize),
    /// A TCP-family flow: its id; its connection sends at once.
    Connection(FlowId),
}

impl Network {
    /// The output port at `from` towards `to` (node ids), if the link exists.
    pub fn port_between(&self, from: &str, to: &str) -> Option<u32> {
        let node = |id: &str| self.nodes.iter().position(|n| n.id == id).map(|i| i as u32);
        let (a, b) = (node(from)?, node(to)?);
        self.ports.iter().position(|p| p.node == a && p.to == b).map(|i| i as u32)
    }

    /// Whether the link stage after stage `st` (its node's ports) holds fewer packets than
    /// the stage's `link_queue`.
    pub fn link_room(&self, st: StageId) -> bool {
        let s = &self.stages[st as usize];
        let held: u64 = self.nodes[s.node as usize].ports.iter().map(|&p| self.ports[p as usize].packets_held()).sum();
        held < s.link_queue
    }
}

/// The stages, their facts, and each node's first stage.
type Stages = (Vec<Stage>, Vec<StageInfo>, Vec<Option<StageId>>);

/// A middlebox's CPU stage per node that has one (MR-tradeoff Sec. 2): its scheduler from the
/// registry (unlimited buffer: the paper's Table 2 setting) and its modules' linear costs.
fn build_stages(
    s: &Scenario,
    seed: u32,
    flow_ids: &[String],
    reads: &mut registry::Reads,
) -> Result<Stages, ScenarioError> {
    let (mut stages, mut infos) = (Vec::new(), Vec::new());
    let mut node_stage = vec![None; s.topology.nodes.len()];
    for (n, node) in s.topology.nodes.iter().enumerate() {
        let Some(mb) = full_only(node.middlebox.as_ref()) else { continue };
        let path = format!("topology.nodes[{n}].middlebox");
        let port = PortContext {
            buffer: Buffer::Unlimited,
            bandwidth: Bandwidth::Infinite,
            seed,
            stream: STAGE_STREAM + stages.len() as u64,
        };
        let (sched, info, r, _) = registry::build_reading(&mb.scheduler(), port, params::Context { flows: flow_ids })
            .map_err(|(p, msg)| ScenarioError::new(format!("{path}.scheduler.{p}"), msg))?;
        *reads = reads.or(r);
        let module = |name: &str| mb.modules.iter().position(|m| m.name == name).unwrap_or(0) as u16;
        let cost = Cost {
            a_ps: mb.modules.iter().map(|m| (m.a * 1000.0).round() as u64).collect(),
            b_ns: mb.modules.iter().map(|m| m.b.0.as_ns()).collect(),
            module_of: flow_ids.iter().map(|f| mb.assign.get(f).map_or(0, |m| module(m))).collect(),
        };
        let id = stages.len() as StageId;
        node_stage[n] = Some(id);
        let mut stage = Stage::new(id, n as NodeId, "cpu", sched, cost);
        stage.link_queue = mb.link_queue.unwrap_or(DEFAULT_LINK_QUEUE) as u64;
        stage.flow_queue = mb.flow_queue.map_or(Buffer::Unlimited, |b| b.0);
        stages.push(stage);
        infos.push(StageInfo { info, modules: mb.modules.iter().map(|m| m.name.clone()).collect() });
    }
    Ok((stages, infos, node_stage))
}
