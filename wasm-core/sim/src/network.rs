//! The built network: nodes, output ports (two per duplex link), static routes and sources,
//! made from a checked scenario. Routing is shortest path in hops; hosts do not forward; among
//! equal next hops the lowest port index wins, so routes are deterministic.

use std::collections::{BTreeMap, VecDeque};

use crate::packet::{NodeId, PortId};
use crate::port::Port;
use crate::rng::Stream;
use crate::scenario::{NodeKind, Scenario, ScenarioError, SchedulerSpec, Traffic};
use crate::sched::{registry, AnyScheduler};
use crate::time::{Bandwidth, Time};
use crate::traffic::{Pattern, Source};
use crate::units::Buffer;

pub struct Node {
    pub id: String,
    pub kind: NodeKind,
    pub pos: Option<[f64; 2]>,
    /// Output ports, in link order.
    pub ports: Vec<PortId>,
}

/// Static facts about a port, for results and the page.
pub struct PortInfo {
    pub link: u32,
    pub buffer: Buffer,
    pub scheduler: &'static str,
    pub key_label: &'static str,
}

pub struct Network {
    pub nodes: Vec<Node>,
    pub ports: Vec<Port<AnyScheduler>>,
    pub port_info: Vec<PortInfo>,
    /// `routes[node][dst_slot]`: output port towards destination host `dsts[dst_slot]`.
    routes: Vec<Vec<Option<PortId>>>,
    dst_slot: BTreeMap<NodeId, usize>,
    pub sources: Vec<Source>,
}

const FIFO: &str = "fifo";

impl Network {
    pub fn build(s: &Scenario, seed: u32) -> Result<Network, ScenarioError> {
        let index: BTreeMap<&str, NodeId> = s
            .topology
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.id.as_str(), i as NodeId))
            .collect();
        let mut nodes: Vec<Node> = s
            .topology
            .nodes
            .iter()
            .map(|n| Node {
                id: n.id.clone(),
                kind: n.kind,
                pos: n.pos,
                ports: Vec::new(),
            })
            .collect();
        let default_spec = SchedulerSpec {
            name: FIFO.into(),
            params: BTreeMap::new(),
            children: Vec::new(),
        };
        let mut ports = Vec::new();
        let mut port_info = Vec::new();
        for (li, l) in s.topology.links.iter().enumerate() {
            let buffer = l.buffer.map(|b| b.0).unwrap_or(Buffer::Unlimited);
            for (from, to) in [(&l.from, &l.to), (&l.to, &l.from)] {
                let (a, b) = (index[from.as_str()], index[to.as_str()]);
                let spec_node = &s.topology.nodes[a as usize];
                let spec = spec_node.scheduler.as_ref().unwrap_or(&default_spec);
                let (sched, info) = registry::build(spec, buffer).map_err(|(path, msg)| {
                    ScenarioError::new(format!("topology.nodes[{a}].scheduler.{path}"), msg)
                })?;
                let id = ports.len() as PortId;
                ports.push(Port::new(id, a, b, l.bandwidth.0, l.delay.0, sched));
                port_info.push(PortInfo {
                    link: li as u32,
                    buffer,
                    scheduler: info.name,
                    key_label: info.key_label,
                });
                nodes[a as usize].ports.push(id);
            }
        }
        let mut net = Network {
            nodes,
            ports,
            port_info,
            routes: Vec::new(),
            dst_slot: BTreeMap::new(),
            sources: Vec::new(),
        };
        for (i, tr) in s.traffic.iter().enumerate() {
            let u = tr.source();
            let (src, dst) = (index[u.src.as_str()], index[u.dst.as_str()]);
            net.ensure_routes_to(dst);
            if net.next_port(src, dst).is_none() {
                return Err(ScenarioError::new(
                    format!("traffic[{i}].dst"),
                    format!("no path from \"{}\" to \"{}\"", u.src, u.dst),
                ));
            }
            let pattern = match tr {
                Traffic::Cbr(_) => Pattern::Cbr,
                Traffic::Poisson(_) => Pattern::Poisson,
            };
            let rate = u.rate.0.bps().expect("validated: source rates are finite");
            let start = u.start.map(|q| q.0).unwrap_or(Time::ZERO);
            let stop = u
                .stop
                .map(|q| q.0)
                .unwrap_or(s.duration.0)
                .min(s.duration.0);
            let stream = Stream::new(seed, i as u64);
            net.sources.push(Source::new(
                i as u32,
                src,
                dst,
                u.packet_size.0 as u32,
                u.class,
                pattern,
                rate,
                start,
                stop,
                stream,
            ));
        }
        Ok(net)
    }

    /// Breadth-first search from `dst` over links, not passing through other hosts.
    fn ensure_routes_to(&mut self, dst: NodeId) {
        if self.dst_slot.contains_key(&dst) {
            return;
        }
        let n = self.nodes.len();
        let mut dist = vec![u32::MAX; n];
        dist[dst as usize] = 0;
        let mut queue = VecDeque::from([dst]);
        while let Some(v) = queue.pop_front() {
            if v != dst && self.nodes[v as usize].kind == NodeKind::Host {
                continue;
            }
            for &p in &self.nodes[v as usize].ports {
                let w = self.ports[p as usize].to;
                if dist[w as usize] == u32::MAX {
                    dist[w as usize] = dist[v as usize] + 1;
                    queue.push_back(w);
                }
            }
        }
        let slot = self.dst_slot.len();
        self.dst_slot.insert(dst, slot);
        for (v, node) in self.nodes.iter().enumerate() {
            let hop = (dist[v] != u32::MAX && v as NodeId != dst)
                .then(|| {
                    node.ports
                        .iter()
                        .copied()
                        .find(|&p| dist[self.ports[p as usize].to as usize] + 1 == dist[v])
                })
                .flatten();
            if self.routes.len() <= v {
                self.routes.push(Vec::new());
            }
            self.routes[v].push(hop);
        }
    }

    /// The output port of `node` towards destination host `dst`.
    pub fn next_port(&self, node: NodeId, dst: NodeId) -> Option<PortId> {
        let slot = *self.dst_slot.get(&dst)?;
        self.routes[node as usize][slot]
    }

    pub fn bandwidth_of(&self, port: PortId) -> Bandwidth {
        self.ports[port as usize].bandwidth
    }
}
