//! The discrete-event engine: an event heap ordered by (time, sequence number) and the run
//! loop that moves packets between sources, ports and nodes.
//!
//! Invariants: events are processed in (time, seq) order, so equal-time events keep the order
//! they were scheduled in and a run is a pure function of the scenario and seed; nothing
//! happens after the scenario's duration; every packet created is, at the end, delivered,
//! dropped, queued, in service or on a link (checked by [`Engine::conservation`]).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::metrics::Metrics;
use crate::network::Network;
use crate::packet::{NodeId, Packet, PortId};
use crate::port::PortWake;
use crate::time::Time;
use crate::trace::{Kind, TraceEvent, TraceRecorder};

enum Ev {
    /// An emitter creates its next packet.
    Source(u32),
    /// A workload starts its next flow.
    Workload(u32),
    /// A port's transmission ends.
    TxDone { port: PortId, generation: u64 },
    /// A port's scheduler has a packet becoming eligible.
    Eligible(PortId),
    /// A packet's last bit reaches a node.
    Arrive { node: NodeId, pkt: Packet },
    /// A replayed packet enters the network at its first router.
    Inject { node: NodeId, pkt: Packet },
}

struct Entry {
    time: Time,
    seq: u64,
    ev: Ev,
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        (self.time, self.seq) == (other.time, other.seq)
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    /// Reversed, so the max-heap pops the earliest (time, seq).
    fn cmp(&self, other: &Self) -> Ordering {
        (other.time, other.seq).cmp(&(self.time, self.seq))
    }
}

/// Packet totals at the end of a run; `created = delivered + dropped + in_network`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conservation {
    pub created: u64,
    pub delivered: u64,
    pub dropped: u64,
    pub in_network: u64,
}

pub struct Engine {
    pub net: Network,
    heap: BinaryHeap<Entry>,
    seq: u64,
    now: Time,
    end: Time,
    next_packet: u64,
    out: Vec<TraceEvent>,
    pub recorder: TraceRecorder,
    pub metrics: Metrics,
}

impl Engine {
    pub fn new(mut net: Network, end: Time, recorder: TraceRecorder, metrics: Metrics) -> Engine {
        net.prepare_routes();
        let mut e = Engine {
            net,
            heap: BinaryHeap::new(),
            seq: 0,
            now: Time::ZERO,
            end,
            next_packet: 0,
            out: Vec::new(),
            recorder,
            metrics,
        };
        for i in 0..e.net.emitters.len() {
            if let Some(t) = e.net.emitters[i].next_time(Time::ZERO, true) {
                e.schedule(t, Ev::Source(i as u32));
            }
        }
        for w in 0..e.net.workloads.len() {
            if let Some(t) = e.net.workloads[w].next_arrival(Time::ZERO) {
                e.schedule(t, Ev::Workload(w as u32));
            }
        }
        e
    }

    fn schedule(&mut self, time: Time, ev: Ev) {
        debug_assert!(time >= self.now);
        self.heap.push(Entry { time, seq: self.seq, ev });
        self.seq += 1;
    }

    fn wake(&mut self, port: PortId, wake: Option<PortWake>) {
        match wake {
            Some(PortWake::TxDone { at, generation }) => self.schedule(at, Ev::TxDone { port, generation }),
            Some(PortWake::Eligible { at }) => self.schedule(at, Ev::Eligible(port)),
            None => {}
        }
    }

    /// Runs to the end of the scenario.
    pub fn run(&mut self) {
        while !self.advance(u64::MAX) {}
    }

    /// Processes at most `max_events` events; true once the run has reached its end.
    /// Splitting a run into chunks changes nothing in it (the page shows progress this way).
    pub fn advance(&mut self, max_events: u64) -> bool {
        let mut n = 0;
        // Events after the end stay in the heap: packets on links are still counted.
        while n < max_events && self.heap.peek().is_some_and(|e| e.time <= self.end) {
            let Entry { time, ev, .. } = self.heap.pop().expect("peeked");
            self.now = time;
            match ev {
                Ev::Source(i) => self.create(i as usize),
                Ev::Workload(w) => {
                    let emitter = self.net.spawn_workload_flow(w as usize, time);
                    if let Some(t) = self.net.emitters[emitter].next_time(time, true) {
                        self.schedule(t, Ev::Source(emitter as u32));
                    }
                    if let Some(t) = self.net.workloads[w as usize].next_arrival(time) {
                        self.schedule(t, Ev::Workload(w));
                    }
                }
                Ev::TxDone { port, generation } => {
                    let (sent, wake) = self.net.ports[port as usize].tx_done(time, generation, &mut self.out);
                    if let Some((pkt, at)) = sent {
                        let node = self.net.ports[port as usize].to;
                        self.schedule(at, Ev::Arrive { node, pkt });
                    }
                    self.wake(port, wake);
                }
                Ev::Eligible(port) => {
                    let wake = self.net.ports[port as usize].eligible(time, &mut self.out);
                    self.wake(port, wake);
                }
                Ev::Arrive { node, pkt } => self.arrive(node, pkt),
                Ev::Inject { node, pkt } => {
                    // The packet is created here: its first trace event says so (its size).
                    self.out.push(TraceEvent {
                        time,
                        kind: Kind::Arrive,
                        packet: pkt.id,
                        flow: pkt.flow,
                        loc: node,
                        value: pkt.size as i64,
                    });
                    self.forward(node, pkt);
                }
            }
            self.flush();
            n += 1;
        }
        let done = self.heap.peek().is_none_or(|e| e.time > self.end);
        if done {
            self.now = self.end;
        }
        done
    }

    /// Simulated time reached so far, as a fraction of the run.
    pub fn progress(&self) -> f64 {
        self.now.as_ns() as f64 / self.end.as_ns().max(1) as f64
    }

    fn create(&mut self, i: usize) {
        let now = self.now;
        let em = &mut self.net.emitters[i];
        let Some(size) = em.next_size() else { return };
        let info = &self.net.flows[em.flow as usize];
        let pkt = Packet {
            class: info.class,
            flow_size: info.size.unwrap_or(u64::MAX),
            remaining: em.remaining.unwrap_or(u64::MAX),
            ..Packet::new(self.next_packet, em.flow, em.sent, size, info.src, info.dst, now)
        };
        em.sent_one(size);
        self.next_packet += 1;
        if let Some(t) = em.next_time(now, false) {
            self.schedule(t, Ev::Source(i as u32));
        }
        self.out.push(TraceEvent {
            time: now,
            kind: Kind::Arrive,
            packet: pkt.id,
            flow: pkt.flow,
            loc: pkt.src,
            value: pkt.size as i64,
        });
        self.forward(pkt.src, pkt);
    }

    fn arrive(&mut self, node: NodeId, mut pkt: Packet) {
        pkt.hops += 1;
        self.out.push(TraceEvent {
            time: self.now,
            kind: Kind::Arrive,
            packet: pkt.id,
            flow: pkt.flow,
            loc: node,
            value: pkt.size as i64,
        });
        if node == pkt.dst {
            let delay = (self.now - pkt.created).as_ns() as i64;
            self.out.push(TraceEvent {
                time: self.now,
                kind: Kind::Deliver,
                packet: pkt.id,
                flow: pkt.flow,
                loc: node,
                value: delay,
            });
        } else {
            self.forward(node, pkt);
        }
    }

    fn forward(&mut self, node: NodeId, mut pkt: Packet) {
        let port = self.net.route(node, &pkt);
        if let Some(ranks) = &self.net.hop_ranks {
            pkt.rank = ranks[pkt.id as usize][pkt.hops as usize];
        }
        if self.net.needs_tmin[port as usize] {
            let path = self.net.flow_path(pkt.flow);
            pkt.tmin_rest = self.net.tmin_rest(&path, pkt.hops as usize, pkt.size as u64);
        }
        let wake = self.net.ports[port as usize].arrive(self.now, pkt, &mut self.out);
        self.wake(port, wake);
    }

    /// Puts a packet into the network: it arrives at `node` at `time` (schedule replays inject
    /// packets at their first router). Packets must be injected in id order.
    pub fn inject(&mut self, time: Time, node: NodeId, pkt: Packet) {
        debug_assert_eq!(pkt.id, self.next_packet, "injected packets are numbered in order");
        self.next_packet += 1;
        self.schedule(time, Ev::Inject { node, pkt });
    }

    fn flush(&mut self) {
        for e in self.out.drain(..) {
            self.recorder.record(&e);
            self.metrics.observe(&e);
        }
    }

    /// Packet totals now; `created` must equal the sum of the other three.
    pub fn conservation(&self) -> Conservation {
        let in_ports: u64 = self.net.ports.iter().map(|p| p.packets_held()).sum();
        let on_links =
            self.heap.iter().filter(|e| matches!(e.ev, Ev::Arrive { .. } | Ev::Inject { .. })).count() as u64;
        Conservation {
            created: self.next_packet,
            delivered: self.metrics.delivered(),
            dropped: self.metrics.dropped(),
            in_network: in_ports + on_links,
        }
    }

    pub fn now(&self) -> Time {
        self.now
    }
}
