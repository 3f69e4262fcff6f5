//! Routing: shortest paths in hops with deterministic ECMP (or ns-2's lowest-numbered tie
//! rule, `Routing::LowestId`), explicit paths, t_min along a path, and each flow's walk across
//! the network.

use super::*;

impl Network {
    /// Breadth-first search from `dst` over links, not passing through other hosts; records
    /// every equal-cost next port.
    pub(super) fn ensure_routes_to(&mut self, dst: NodeId) -> usize {
        let n = self.nodes.len();
        if self.dst_slot.len() < n {
            self.dst_slot.resize(n, u32::MAX);
        }
        if self.dst_slot[dst as usize] != u32::MAX {
            return self.dst_slot[dst as usize] as usize;
        }
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
        let slot = self.dst_count;
        self.dst_count += 1;
        self.dst_slot[dst as usize] = slot as u32;
        if self.hops.len() < n {
            self.hops.resize(n, Vec::new());
        }
        for v in 0..n {
            // A node with one port (a host, usually) needs no row: see `stub_next`.
            if self.nodes[v].ports.len() == 1 {
                continue;
            }
            let start = self.hop_ports.len() as u32;
            if self.routing == Routing::LowestId {
                if dist[v] != u32::MAX && v as NodeId != dst {
                    let first = self.lowest_id_first_hops(v as NodeId)[dst as usize];
                    let port = self.nodes[v].ports.iter().copied().find(|&p| self.ports[p as usize].to == first);
                    self.hop_ports.extend(port);
                }
            } else if dist[v] != u32::MAX && v as NodeId != dst {
                let ports = &self.nodes[v].ports;
                for &p in ports {
                    let w = self.ports[p as usize].to as usize;
                    let forwards = w as NodeId == dst || self.nodes[w].kind == NodeKind::Router;
                    if forwards && dist[w] != u32::MAX && dist[w] + 1 == dist[v] {
                        self.hop_ports.push(p);
                    }
                }
            }
            let len = self.hop_ports.len() as u32 - start;
            self.hops[v].push((start, len));
        }
        slot
    }

    /// `Routing::LowestId` (ns-2's `RouteLogic::compute_routes`): for every node, the neighbour
    /// of `v` its path from `v` starts with (u32::MAX: unreachable), on `v`'s shortest-path tree
    /// built level by level in node order, each node reached from the lowest-numbered node of
    /// the level before (ns-2's Dijkstra finalises equal hop counts lowest index first and
    /// relaxes only on a strict improvement). Hosts do not forward. Computed once per router.
    fn lowest_id_first_hops(&mut self, v: NodeId) -> &[u32] {
        let n = self.nodes.len();
        if self.first_hops.len() < n {
            self.first_hops.resize(n, Vec::new());
        }
        if self.first_hops[v as usize].is_empty() {
            let mut first = vec![u32::MAX; n];
            let mut seen = vec![false; n];
            seen[v as usize] = true;
            let mut level = vec![v];
            while !level.is_empty() {
                level.sort_unstable();
                let mut next = Vec::new();
                for &u in &level {
                    if u != v && self.nodes[u as usize].kind == NodeKind::Host {
                        continue;
                    }
                    for &p in &self.nodes[u as usize].ports {
                        let w = self.ports[p as usize].to;
                        if !seen[w as usize] {
                            seen[w as usize] = true;
                            first[w as usize] = if u == v { w } else { first[u as usize] };
                            next.push(w);
                        }
                    }
                }
                level = next;
            }
            self.first_hops[v as usize] = first;
        }
        &self.first_hops[v as usize]
    }

    /// The equal-cost next ports of `node` towards `dst` (empty: unreachable).
    pub fn next_ports(&mut self, node: NodeId, dst: NodeId) -> &[PortId] {
        let slot = self.ensure_routes_to(dst);
        self.routes(node, dst, slot)
    }

    /// `next_ports` once the routes to `dst` exist (in `slot`).
    fn routes(&self, node: NodeId, dst: NodeId, slot: usize) -> &[PortId] {
        if self.nodes[node as usize].ports.len() == 1 {
            let reaches = self.stub_reaches(node, dst, slot);
            let ports = &self.nodes[node as usize].ports;
            return if reaches { ports } else { &ports[..0] };
        }
        let (start, len) = self.hops[node as usize][slot];
        &self.hop_ports[start as usize..(start + len) as usize]
    }

    /// Whether a node with a single port reaches `dst` (routes to it in `slot`) through that
    /// port, which is then its only next port. Such nodes (hosts, usually) have no row in
    /// `hops`, so routing tables grow with routers x destinations, not nodes x destinations
    /// (a dumbbell of 1024 pairs: 2 rows of 2048 slots, not 2050). As the breadth-first search
    /// in `ensure_routes_to`: the neighbour must be `dst`, or a router with a route to it (a
    /// router with a single port leads only back here).
    fn stub_reaches(&self, node: NodeId, dst: NodeId, slot: usize) -> bool {
        let w = self.ports[self.nodes[node as usize].ports[0] as usize].to;
        if node == dst {
            return false;
        }
        let next = &self.nodes[w as usize];
        w == dst || (next.kind == NodeKind::Router && next.ports.len() > 1 && self.hops[w as usize][slot].1 > 0)
    }

    /// The hosts `pkt` leaves from and is for: its flow's source and destination, swapped for
    /// an ACK.
    fn ends(&self, pkt: &Packet) -> (NodeId, NodeId) {
        let f = &self.flows[pkt.flow as usize];
        if pkt.is_ack() {
            (f.dst, f.src)
        } else {
            (f.src, f.dst)
        }
    }

    /// The host `pkt` leaves from.
    pub fn src_of(&self, pkt: &Packet) -> NodeId {
        self.ends(pkt).0
    }

    /// The host `pkt` is for.
    pub fn dst_of(&self, pkt: &Packet) -> NodeId {
        self.ends(pkt).1
    }

    /// The port a packet leaves `node` by.
    pub fn route(&self, node: NodeId, pkt: &Packet) -> PortId {
        let flow = &self.flows[pkt.flow as usize];
        let path = if pkt.is_ack() { flow.ack_path } else { flow.path };
        if let Some(path) = path {
            return self.paths[path as usize][pkt.hops as usize];
        }
        let ports = &self.nodes[node as usize].ports;
        if ports.len() == 1 {
            return ports[0];
        }
        let slot = self.dst_slot[self.dst_of(pkt) as usize] as usize;
        let (start, len) = self.hops[node as usize][slot];
        let pick = if len == 1 { 0 } else { (ecmp_hash(pkt.flow, node) % len as u64) as u32 };
        self.hop_ports[(start + pick) as usize]
    }

    /// A route from `src` to `dst` on which every link is infinitely fast, as its nodes, if one
    /// exists (explicit path `path`, or any of the equal-cost routes). A closed-loop flow on it
    /// never queues, never loses a packet and so grows its window without limit.
    pub fn unbounded_route(&mut self, src: NodeId, dst: NodeId, path: Option<u32>) -> Option<Vec<NodeId>> {
        let infinite = |net: &Network, p: PortId| net.ports[p as usize].bandwidth == Bandwidth::Infinite;
        if let Some(path) = path {
            let ports = &self.paths[path as usize];
            return ports
                .iter()
                .all(|&p| infinite(self, p))
                .then(|| std::iter::once(src).chain(ports.iter().map(|&p| self.ports[p as usize].to)).collect());
        }
        // Depth-first along the shortest-path routes (they only get closer to `dst`), each
        // node once: equal-cost routes may multiply (2^n over n diamonds), the nodes do not.
        let mut parent: Vec<Option<NodeId>> = vec![None; self.nodes.len()];
        parent[src as usize] = Some(src);
        let mut stack = vec![src];
        while let Some(at) = stack.pop() {
            if at == dst {
                let mut route = vec![dst];
                while let Some(&v) = route.last().filter(|&&v| v != src) {
                    route.push(parent[v as usize].expect("reached"));
                }
                route.reverse();
                return Some(route);
            }
            let next: Vec<PortId> = self.next_ports(at, dst).to_vec();
            for p in next.into_iter().filter(|&p| infinite(self, p)) {
                let w = self.ports[p as usize].to;
                if parent[w as usize].is_none() {
                    parent[w as usize] = Some(at);
                    stack.push(w);
                }
            }
        }
        None
    }

    /// Registers an explicit path (as ports) and returns its index.
    pub fn add_path(&mut self, ports: Vec<PortId>) -> u32 {
        self.paths.push(ports);
        self.paths.len() as u32 - 1
    }

    /// t_min(p, a, egress) for a packet of `size` bytes at hop `hop` of `path`: the empty-network
    /// time until its last bit leaves the path's last port (transmission at every remaining
    /// port, propagation on every remaining link but the last).
    pub fn tmin_rest(&self, path: &[PortId], hop: usize, size: u64) -> Time {
        let rest = &path[hop.min(path.len())..];
        let mut t = Time::ZERO;
        for (k, &p) in rest.iter().enumerate() {
            let port = &self.ports[p as usize];
            t += port.bandwidth.tx_time(size);
            if k + 1 < rest.len() {
                t += port.delay;
            }
        }
        t
    }

    /// t_min(p, a, egress) at hop `hop` of flow `flow`'s path (EDF's router state); explicit
    /// paths (every replayed flow has one) are read in place, without copying.
    pub fn flow_tmin_rest(&self, flow: FlowId, hop: usize, size: u64) -> Time {
        match self.flows[flow as usize].path {
            Some(p) => self.tmin_rest(&self.paths[p as usize], hop, size),
            None => self.tmin_rest(&self.flow_path(flow), hop, size),
        }
    }

    /// The ports a flow's packets cross, in order.
    /// `pkt` reached its first router at `now`: its slack by the scenario's rule, if any.
    pub fn init_slack(&mut self, now: Time, pkt: &mut Packet) {
        let Some(slack) = crate::first::full_only(self.slack.as_mut()) else { return };
        let info = &self.flows[pkt.flow as usize];
        let source = info.workload.map_or(info.name.as_str(), |w| self.workloads[w as usize].name.as_str());
        slack.at_ingress(now, pkt, source);
    }

    pub fn flow_path(&self, flow: FlowId) -> Vec<PortId> {
        let f = &self.flows[flow as usize];
        if let Some(p) = f.path {
            return self.paths[p as usize].clone();
        }
        self.walk(flow, f.src, f.dst, false)
    }

    /// The ports a packet of `flow` (an ACK if `ack`) crosses from `from` to `to`.
    pub(super) fn walk(&self, flow: FlowId, from: NodeId, to: NodeId, ack: bool) -> Vec<PortId> {
        let mut out = Vec::new();
        let mut node = from;
        let mut probe = Packet::new(0, flow, 0, 0, Time::ZERO);
        if ack {
            probe.flags = flags::ACK;
        }
        while node != to {
            let p = self.route(node, &probe);
            out.push(p);
            node = self.ports[p as usize].to;
            probe.hops += 1;
        }
        out
    }

    /// For each port, the probability that a flow of `pairs` crosses it (ECMP splits evenly);
    /// or the first pair (in `pairs`' order) with no route. Workloads with the same pairs (the
    /// same hosts and pattern) share one computation.
    pub(super) fn crossing(&mut self, pairs: &Pairs) -> Crossing {
        if let Some((_, known)) = self.crossings.iter().find(|(p, _)| p == pairs) {
            return known.clone();
        }
        let mut prob = vec![0.0; self.ports.len()];
        // Per destination, the flows' mass from all its sources at once, moved one hop closer
        // per step (every route to `d` shortens the distance by one): ports x destinations,
        // not pairs x routes (a million pairs on a 1024-host fat tree took seconds).
        let mut unroutable: Option<(usize, NodeId, NodeId)> = None;
        let n = self.nodes.len();
        let (mut mass, mut dist) = (vec![0.0f64; n], vec![u32::MAX; n]);
        let mut levels: Vec<Vec<NodeId>> = Vec::new();
        pairs.by_destination(|d, sources| {
            let slot = self.ensure_routes_to(d);
            dist[d as usize] = 0;
            for &(i, s, p) in sources {
                let k = self.distance(s, d, slot, &mut dist) as usize;
                if k == u32::MAX as usize || s == d {
                    if unroutable.is_none_or(|(j, _, _)| i < j) {
                        unroutable = Some((i, s, d));
                    }
                    continue;
                }
                if levels.len() <= k {
                    levels.resize(k + 1, Vec::new());
                }
                if mass[s as usize] == 0.0 {
                    levels[k].push(s);
                }
                mass[s as usize] += p;
            }
            for k in (1..levels.len()).rev() {
                let mut level = std::mem::take(&mut levels[k]);
                level.sort_unstable();
                for v in level {
                    let m = std::mem::replace(&mut mass[v as usize], 0.0);
                    let next = self.routes(v, d, slot);
                    let share = m / next.len() as f64;
                    for &q in next {
                        prob[q as usize] += share;
                        let w = self.ports[q as usize].to;
                        dist[w as usize] = k as u32 - 1;
                        if w != d {
                            if mass[w as usize] == 0.0 {
                                levels[k - 1].push(w);
                            }
                            mass[w as usize] += share;
                        }
                    }
                }
            }
            levels.clear();
            dist.fill(u32::MAX);
        });
        let known = match unroutable {
            Some((_, s, d)) => Err((s, d)),
            None => Ok(prob),
        };
        self.crossings.push((pairs.clone(), known.clone()));
        known
    }

    /// Hops from `v` to `dst` along its routes (in `slot`), memoised in `dist` (u32::MAX:
    /// unknown, or unreachable).
    fn distance(&self, v: NodeId, dst: NodeId, slot: usize, dist: &mut [u32]) -> u32 {
        let mut walk = Vec::new();
        let mut at = v;
        while dist[at as usize] == u32::MAX {
            walk.push(at);
            match self.routes(at, dst, slot).first() {
                Some(&q) => at = self.ports[q as usize].to,
                None => return u32::MAX,
            }
        }
        let base = dist[at as usize];
        for (i, &w) in walk.iter().rev().enumerate() {
            dist[w as usize] = base + 1 + i as u32;
        }
        dist[v as usize]
    }

    /// Ensures routes exist for every destination a flow may use (before the run).
    pub fn prepare_routes(&mut self) {
        let mut dsts: Vec<NodeId> = self.flows.iter().map(|f| f.dst).collect();
        // TCP-family ACKs travel back to the source.
        dsts.extend(self.flows.iter().filter(|f| f.transport != Transport::Udp).map(|f| f.src));
        for d in dsts {
            self.ensure_routes_to(d);
        }
        let mut all = vec![false; self.nodes.len()];
        for w in &self.workloads {
            w.pairs.ends(w.transport != Transport::Udp, |d| all[d as usize] = true);
        }
        for d in (0..all.len()).filter(|&d| all[d]) {
            self.ensure_routes_to(d as NodeId);
        }
    }
}

/// The port sending the other way over the same link (ports are made in pairs per link).
pub fn reverse_port(p: PortId) -> PortId {
    p ^ 1
}

/// ECMP choice: a mix of (flow, node), so a flow keeps one path and flows spread.
fn ecmp_hash(flow: FlowId, node: NodeId) -> u64 {
    let mut z = ((flow as u64) << 32 | node as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Uniform pairs over a k = 4 fat tree's 16 hosts (240 ordered pairs), by hand: a host's
    /// link carries its 15 pairs each way; an edge-aggregation link the 2 x 14 pairs leaving
    /// (entering) the edge's two hosts, split over 2 aggregation switches: 14; an
    /// aggregation-core link the 4 x 12 pairs leaving (entering) the pod, split over 2
    /// aggregation switches and 2 cores each: 12. 32 directed links of each kind.
    #[test]
    fn uniform_pairs_on_a_fat_tree_cross_each_link_by_hand() {
        let text = r#"{"format": "scheduler-playground/scenario", "version": 1, "name": "ft", "seed": 1, "duration": "1ms",
            "topology": {"preset": "fat_tree", "params": {"k": 4}}, "traffic": []}"#;
        let s = crate::validation::parse(text).unwrap();
        let mut net = Network::build(&s, 1).unwrap();
        let hosts: Vec<NodeId> =
            (0..net.nodes.len() as NodeId).filter(|&n| net.nodes[n as usize].kind == NodeKind::Host).collect();
        assert_eq!(hosts.len(), 16);
        let mut got = net.crossing(&Pairs::Uniform(hosts.clone())).unwrap();
        got.sort_by(f64::total_cmp);
        let want: Vec<f64> = [12.0, 14.0, 15.0].iter().flat_map(|&x| [x / 240.0; 32]).collect();
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(&want) {
            assert!((g - w).abs() < 1e-15, "{got:?}");
        }
        // A pair with no route is named (a host to itself, which nothing routes).
        let h = hosts[3];
        assert_eq!(net.crossing(&Pairs::Fixed(vec![(hosts[0], hosts[1]), (h, h)])), Err((h, h)));
    }
}
