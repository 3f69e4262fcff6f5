//! Workloads as the network builds and runs them: a generator (Poisson arrivals calibrated
//! to a load, `traffic::workload`) or a flow list (`traffic::flow_list`), and the flows they
//! create during the run.

use std::collections::BTreeMap;

use super::{Entry, Network, Spawned, WORKLOAD_FLOW_STREAM, WORKLOAD_STREAM};
use crate::packet::{FlowId, NodeId, PortId};
use crate::rng::Stream;
use crate::scenario::{FlowListSpec, NodeKind, Pattern, Release, ScenarioError, WorkloadSpec};
use crate::time::Time;
use crate::traffic::flow_list::FLOW_LIST_PACKET;
use crate::traffic::sizes::Sizes;
use crate::traffic::workload::{Listed, Pairs, Workload};
use crate::traffic::{Emitter, FlowInfo, Timing};
use crate::transport::{Connection, TcpOptions, Transport};

impl Network {
    /// Adds workload `w`, traffic entry `i` (checked by validation).
    pub(super) fn add_workload(&mut self, entry: &Entry, w: &WorkloadSpec) -> Result<(), ScenarioError> {
        let hosts: Vec<NodeId> = match &w.endpoints.hosts {
            Some(h) => {
                let mut v: Vec<NodeId> = h.iter().map(|id| entry.index[id.as_str()]).collect();
                v.sort_unstable();
                v.dedup();
                v
            }
            None => {
                (0..self.nodes.len() as NodeId).filter(|&n| self.nodes[n as usize].kind == NodeKind::Host).collect()
            }
        };
        let mut rng = Stream::new(self.seed, WORKLOAD_STREAM + entry.i as u64);
        let pairs = match w.endpoints.pattern {
            Pattern::Uniform => Pairs::Uniform(hosts.clone()),
            Pattern::Permutation => Pairs::permutation(&hosts, &mut rng),
            Pattern::Incast => {
                let dst = entry.index[w.endpoints.dst.as_deref().expect("validated: incast has a dst")];
                Pairs::Fixed(hosts.iter().copied().filter(|&h| h != dst).map(|h| (h, dst)).collect())
            }
        };
        let crossing = self.crossing(&pairs).map_err(|(a, b)| self.no_path(entry.at("endpoints"), a, b))?;
        let sizes = Sizes::new(&w.sizes);
        let link = match &w.link {
            Some(l) => {
                let (a, b) = (entry.index[l.from.as_str()], entry.index[l.to.as_str()]);
                let p = self.nodes[a as usize]
                    .ports
                    .iter()
                    .copied()
                    .find(|&p| self.ports[p as usize].to == b)
                    .expect("validated: the link exists");
                if self.ports[p as usize].bandwidth.bps().is_none() {
                    return Err(ScenarioError::new(
                        entry.at("link"),
                        "cannot calibrate a load on an infinite-bandwidth link",
                    ));
                }
                Some(p)
            }
            None => None,
        };
        let port = match link {
            Some(p) => p,
            None => (0..self.ports.len())
                .filter(|&p| crossing[p] > 0.0 && self.ports[p].bandwidth.bps().is_some())
                .max_by(|&a, &b| {
                    let load = |p: usize| crossing[p] / self.ports[p].bandwidth.bps().expect("finite") as f64;
                    load(a).total_cmp(&load(b)).then(b.cmp(&a))
                })
                .ok_or_else(|| {
                    ScenarioError::new(entry.at("link"), "no finite-bandwidth link is crossed by this workload")
                })? as PortId,
        };
        let f = crossing[port as usize];
        if f <= 0.0 {
            return Err(ScenarioError::new(entry.at("link"), "no flow of this workload crosses that link"));
        }
        let c = self.ports[port as usize].bandwidth.bps().expect("finite") as f64;
        // TCP-family sizes are payload: count the headers of the data packets too (about
        // mss + header per mss; the ACKs travel the other way and are not counted).
        let wire_per_byte = match w.transport {
            Transport::Udp => 1.0,
            _ => {
                let o = TcpOptions::from_spec(w.tcp.as_deref());
                o.wire_segment() as f64 / o.mss as f64
            }
        };
        let flows_per_ns = w.load * c / (8.0 * sizes.mean() * wire_per_byte * f) / 1e9;
        // Gaps are whole nanoseconds: under one flow per ns most would round to zero and flows
        // would start without end at one instant (found by sim/tests/fuzz.rs).
        if flows_per_ns > 0.5 {
            return Err(ScenarioError::new(
                entry.at("load"),
                format!("would start {flows_per_ns:.1} flows per ns (more than one every 2 ns); lower the load or use larger flows"),
            ));
        }
        // The loaded links: the calibrated one first, then every other link whose expected
        // load reaches the target (ties of a symmetric topology, or links above an
        // explicit one), by port.
        let expected = |p: usize| match self.ports[p].bandwidth.bps() {
            Some(bps) => w.load * (crossing[p] / bps as f64) / (f / c),
            None => 0.0,
        };
        let mut loaded = vec![(port, w.load)];
        loaded.extend(
            (0..self.ports.len())
                .filter(|&p| p != port as usize && crossing[p] > 0.0 && expected(p) >= w.load * (1.0 - 1e-9))
                .map(|p| (p as PortId, expected(p))),
        );
        self.workloads.push(Workload {
            name: w.id.clone(),
            sizes,
            pairs,
            mean_gap_ns: 1.0 / flows_per_ns,
            start: entry.start,
            stop: entry.stop,
            max_flows: w.max_flows,
            created: 0,
            listed: Vec::new(),
            whole: w.release == Release::Whole,
            packet_size: match w.transport {
                Transport::Udp => w.packet_size.map_or(1500, |q| q.0 as u32),
                _ => TcpOptions::from_spec(w.tcp.as_deref()).wire_segment(),
            },
            transport: w.transport,
            tcp: TcpOptions::from_spec(w.tcp.as_deref()),
            class: w.class,
            source: entry.i as u32,
            load: w.load,
            port,
            crossing: f,
            loaded,
            rng,
        });
        Ok(())
    }

    /// Adds flow list `l`, traffic entry `i` (its lines and paths checked by validation): a
    /// workload whose flows are the listed ones, calibrated on the port its bytes load most.
    pub(super) fn add_flow_list(&mut self, entry: &Entry, l: &FlowListSpec) -> Result<(), ScenarioError> {
        let lines = crate::traffic::flow_list::parse(&l.flows, l.nodes.as_deref())
            .map_err(|m| ScenarioError::new(entry.at("flows"), m))?;
        let mut paths: BTreeMap<(NodeId, NodeId), u32> = BTreeMap::new();
        for p in &l.paths {
            let ports = self.ports_along(p, entry.index);
            let ends = (entry.index[p[0].as_str()], entry.index[p[p.len() - 1].as_str()]);
            self.paths.push(ports);
            paths.entry(ends).or_insert(self.paths.len() as u32 - 1);
        }
        let mut listed: Vec<Listed> = lines
            .iter()
            .filter(|f| f.start >= entry.start && f.start < entry.stop)
            .map(|f| {
                let (src, dst) = (entry.index[f.src.as_str()], entry.index[f.dst.as_str()]);
                Listed { start: f.start, size: f.size, src, dst, path: paths.get(&(src, dst)).copied() }
            })
            .collect();
        // By start, then line (a stable sort): ns-2 runs the flows of one instant in file order.
        listed.sort_by_key(|f| f.start);
        // The bytes each port carries: explicit paths exactly, the others split as ECMP does.
        let mut bytes: BTreeMap<(NodeId, NodeId), f64> = BTreeMap::new();
        let mut on_port = vec![0.0; self.ports.len()];
        for f in &listed {
            match f.path {
                Some(p) => self.paths[p as usize].iter().for_each(|&q| on_port[q as usize] += f.size as f64),
                None => *bytes.entry((f.src, f.dst)).or_insert(0.0) += f.size as f64,
            }
        }
        for &(a, b) in bytes.keys() {
            if self.next_ports(a, b).is_empty() {
                return Err(self.no_path(entry.at("flows"), a, b));
            }
        }
        let pairs = Pairs::Weighted(bytes.into_iter().map(|((a, b), x)| (a, b, x)).collect());
        let crossing = self.crossing(&pairs).map_err(|(a, b)| self.no_path(entry.at("flows"), a, b))?;
        for (p, x) in crossing.into_iter().enumerate() {
            on_port[p] += x;
        }
        let secs = (entry.stop - entry.start).as_ns() as f64 / 1e9;
        let load = |p: usize| self.ports[p].bandwidth.bps().map_or(0.0, |c| on_port[p] * 8.0 / (c as f64 * secs));
        let Some(port) = (0..self.ports.len())
            .filter(|&p| on_port[p] > 0.0)
            .max_by(|&a, &b| load(a).total_cmp(&load(b)).then(b.cmp(&a)))
        else {
            return Err(ScenarioError::new(entry.at("flows"), "lists no flow that starts before the sources stop"));
        };
        let target = load(port);
        let mut loaded = vec![(port as PortId, target)];
        loaded.extend(
            (0..self.ports.len())
                .filter(|&p| p != port && on_port[p] > 0.0 && load(p) >= target * (1.0 - 1e-9))
                .map(|p| (p as PortId, load(p))),
        );
        let total: f64 = listed.iter().map(|f| f.size as f64).sum();
        self.workloads.push(Workload {
            name: l.id.clone(),
            // Never drawn from: the mean listed size, for the record.
            sizes: Sizes::Fixed((total / listed.len() as f64) as u64),
            pairs,
            mean_gap_ns: 0.0,
            start: entry.start,
            stop: entry.stop,
            max_flows: None,
            created: 0,
            listed,
            whole: l.release.unwrap_or(Release::Whole) == Release::Whole,
            packet_size: l.packet_size.map_or(FLOW_LIST_PACKET, |q| q.0 as u32),
            transport: Transport::Udp,
            tcp: TcpOptions::from_spec(None),
            class: l.class,
            source: entry.i as u32,
            load: target,
            port: port as PortId,
            crossing: on_port[port] / total,
            loaded,
            rng: Stream::new(self.seed, WORKLOAD_STREAM + entry.i as u64),
        });
        Ok(())
    }

    /// Creates the next flow of workload `w` at `now`.
    pub fn spawn_workload_flow(&mut self, w: usize, now: Time) -> Spawned {
        let wl = &mut self.workloads[w];
        let (src, dst, size, path) = match wl.listed.get(wl.created as usize) {
            Some(f) => (f.src, f.dst, f.size, f.path),
            None => {
                let (src, dst) = wl.pairs.pick(&mut wl.rng);
                (src, dst, wl.sizes.sample(&mut wl.rng), None)
            }
        };
        let n = wl.created;
        wl.created += 1;
        let (name, packet_size, class, source) = (format!("{}#{n}", wl.name), wl.packet_size, wl.class, wl.source);
        let (transport, header) = (wl.transport, if wl.transport == Transport::Udp { 0 } else { wl.tcp.header });
        let flow = self.flows.len() as FlowId;
        let rate = self.nodes[src as usize]
            .ports
            .first()
            .and_then(|&p| self.ports[p as usize].bandwidth.bps())
            .unwrap_or(u64::MAX / 2);
        self.flows.push(FlowInfo {
            name,
            kind: "workload",
            src,
            dst,
            size: Some(size),
            start: now,
            stop: None,
            class,
            source,
            weight: 1,
            path,
            workload: Some(w as u32),
            rate_bps: rate,
            packet_size,
            transport,
            header,
            ack_path: None,
        });
        if transport != Transport::Udp {
            let o = self.workloads[w].tcp.clone();
            let facts = self.path_facts(flow, &o);
            self.conns.push(Some(Box::new(Connection::new(transport, &o, Some(size), Time::MAX, facts))));
            self.open_rc3(flow, transport, &o, Some(size));
            return Spawned::Connection(flow);
        }
        self.conns.push(None);
        let stream = Stream::new(self.seed, WORKLOAD_FLOW_STREAM + flow as u64);
        // Released whole: every packet at `now` (the NIC, a FIFO, then sends them back to back).
        let pace = if self.workloads[w].whole { u64::MAX } else { rate };
        self.emitters.push(Emitter::new(flow, Timing::Paced, pace, packet_size, Some(size), now, Time::MAX, stream));
        Spawned::Emitter(self.emitters.len() - 1)
    }
}
