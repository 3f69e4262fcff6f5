//! The discrete-event engine: an event heap ordered by (time, sequence number) and the run
//! loop that moves packets between sources, ports and nodes.
//!
//! Invariants: events are processed in (time, seq) order, so equal-time events keep the order
//! they were scheduled in and a run is a pure function of the scenario and seed; nothing
//! happens after the scenario's duration; every packet created is, at the end, delivered,
//! dropped, queued, in service or on a link (checked by [`Engine::conservation`]).

use crate::emit::Emit;
use crate::events::EventQueue;
use crate::first::full_only;
use crate::metrics::Metrics;
use crate::network::{Network, Spawned};
use crate::packet::flags;
use crate::packet::{FlowId, Header, NodeId, Packet, PortId};
use crate::port::PortWake;
use crate::record::Recorder;
use crate::stage::{StageId, StageWake};
use crate::time::Time;
use crate::trace::{Kind, TraceEvent, TraceRecorder};
use crate::transport::receiver::{Ack, Arrival};
use crate::transport::TimerKind;

mod rc3;

/// `repr(u32)`: a 4-byte tag and each variant's fields after it, 16 bytes copied as whole
/// words. With Rust's own layout the tag was one byte and some fields sat at byte 1, copied as
/// two overlapping 4-byte moves: every event popped off the queue's heap waited on a stalled
/// store-to-load forwarding (a quarter of `Heap::pop`'s time on dumbbell-10g-16).
#[repr(u32)]
enum Ev {
    /// An emitter creates its next packet.
    Source(u32),
    /// A workload starts its next flow.
    Workload(u32),
    /// A port's transmission ends.
    TxDone { port: PortId, generation: u64 },
    /// A port's scheduler has a packet becoming eligible.
    Eligible(PortId),
    /// A service stage (a middlebox's CPU) finishes its packet.
    StageDone(StageId),
    /// A stage's scheduler has a packet becoming eligible.
    StageEligible(StageId),
    /// A packet's last bit reaches a node.
    Arrive { node: NodeId, pkt: Packet },
    /// A replayed or scripted packet enters the network at `node`.
    Inject { node: NodeId, pkt: Packet },
    /// A TCP-family flow starts: its sender sends its first window.
    Open(FlowId),
    /// A transport timer of a flow; events of an older generation are stale and ignored.
    Timer { flow: FlowId, kind: TimerKind, generation: u32 },
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
    /// Pending events, popped by (time, order of scheduling).
    heap: EventQueue<Ev>,
    now: Time,
    end: Time,
    next_packet: u64,
    /// Heap events processed so far (stale timer and transmission events included).
    processed: u64,
    /// Where every trace event goes as it happens: the recorder, the metrics, the schedule.
    out: Emit,
}

impl Engine {
    pub fn new(mut net: Network, end: Time, recorder: TraceRecorder, metrics: Metrics) -> Engine {
        net.prepare_routes();
        let mut e = Engine {
            net,
            heap: EventQueue::default(),
            now: Time::ZERO,
            end,
            next_packet: 0,
            processed: 0,
            out: Emit::new(recorder, metrics),
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
        for pkt in std::mem::take(&mut e.net.scripted) {
            let (at, host) = (pkt.created, e.net.src_of(&pkt));
            e.inject(at, host, pkt);
        }
        for f in 0..e.net.conns.len() {
            if e.net.conns[f].is_some() {
                let start = e.net.flows[f].start;
                e.schedule(start, Ev::Open(f as FlowId));
            }
        }
        // Every port's state as the run starts (its queue is empty), for the page.
        for p in &mut e.net.ports {
            p.publish(&mut e.out);
        }
        e.out.end_batch();
        e
    }

    fn schedule(&mut self, time: Time, ev: Ev) {
        debug_assert!(time >= self.now);
        self.heap.push(time, ev);
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
        while n < max_events {
            let Some((time, ev)) = self.heap.pop_until(self.end) else { break };
            self.now = time;
            match ev {
                Ev::Source(i) => self.create(i as usize),
                Ev::Workload(w) if cfg!(feature = "full") => {
                    match self.net.spawn_workload_flow(w as usize, time) {
                        Spawned::Emitter(emitter) => {
                            if let Some(t) = self.net.emitters[emitter].next_time(time, true) {
                                self.schedule(t, Ev::Source(emitter as u32));
                            }
                        }
                        Spawned::Connection(flow) => self.pump(flow),
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
                    // The link stage made room: the node's CPU stage may start a packet.
                    if let Some(st) = full_only(self.net.node_stage[self.net.ports[port as usize].node as usize]) {
                        self.start_stage(st);
                    }
                }
                Ev::StageDone(st) if cfg!(feature = "full") => {
                    let pkt = self.net.stages[st as usize].finish(time, &mut self.out);
                    let node = self.net.stages[st as usize].node;
                    match self.net.stages[st as usize].next {
                        Some(next) => self.enter_stage(next, pkt),
                        None => self.send_out(node, pkt),
                    }
                    self.start_stage(st);
                }
                Ev::StageEligible(st) if cfg!(feature = "full") => self.start_stage(st),
                Ev::Eligible(port) => {
                    let wake = self.net.ports[port as usize].eligible(time, &mut self.out);
                    self.wake(port, wake);
                }
                Ev::Arrive { node, pkt } => self.arrive(node, pkt),
                Ev::Inject { node, pkt } if cfg!(feature = "full") => {
                    // The packet is created here: its first trace event says so (its size).
                    self.out.event(TraceEvent::of(time, Kind::Arrive, &pkt, node, pkt.size as i64));
                    self.forward(node, pkt);
                }
                Ev::Open(flow) if cfg!(feature = "full") => self.pump(flow),
                Ev::Timer { flow, kind, generation } if cfg!(feature = "full") => self.timer(flow, kind, generation),
                _ => unreachable!("the first module runs no workloads, stages, schedules or connections"),
            }
            self.out.end_batch();
            n += 1;
        }
        self.processed += n;
        let done = self.heap.next_time().is_none_or(|t| t > self.end);
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
        let mut pkt = Packet::from(Header {
            class: info.class,
            source: info.source,
            ..Header::new(self.next_packet, em.flow, em.sent, size, now)
        });
        if self.net.needs_sizes {
            pkt.set_flow_size(info.size.unwrap_or(u64::MAX));
            pkt.set_remaining(em.remaining.unwrap_or(u64::MAX));
        }
        em.sent_one(size);
        if let Some(t) = em.next_time(now, false) {
            self.schedule(t, Ev::Source(i as u32));
        }
        self.launch(pkt);
    }

    fn arrive(&mut self, node: NodeId, mut pkt: Packet) {
        pkt.hops += 1;
        // Implied by the depart that brought it here (not part of the run's identity).
        self.out.event(TraceEvent::of(self.now, Kind::Arrive, &pkt, node, pkt.size as i64).as_implied());
        if node == self.net.dst_of(&pkt) {
            if !pkt.is_ack() {
                self.out.metrics.reorder.received(pkt.flow, pkt.seq, pkt.flags & flags::RETX != 0);
            }
            let delay = (self.now - pkt.created).as_ns() as i64;
            self.out.event(TraceEvent::of(self.now, Kind::Deliver, &pkt, node, delay));
            if cfg!(feature = "full") && self.net.conns.get(pkt.flow as usize).is_some_and(|c| c.is_some()) {
                self.transport_deliver(pkt);
            }
        } else {
            if pkt.hops == 1 {
                // The first router (traffic starts at hosts): the ingress of UPS Sec. 3.
                self.net.init_slack(self.now, &mut pkt);
            }
            self.forward(node, pkt);
        }
    }

    /// A TCP-family packet reached its destination host: an ACK feeds the sender, which may
    /// send more; data feeds the receiver, which may acknowledge.
    fn transport_deliver(&mut self, pkt: Packet) {
        let (now, flow) = (self.now, pkt.flow);
        if pkt.is_ack() && !self.rc3_ack(&pkt) {
            // RC3: an ACK that only SACKs a low-priority segment (the scoreboard took it).
            self.pump(flow);
            return;
        }
        let c = self.net.conns[flow as usize].as_deref_mut().expect("checked by the caller");
        if pkt.is_ack() {
            let echo = (pkt.flags & flags::RETX == 0).then_some(pkt.tsecr());
            let before = c.sender.rtt().samples().0;
            c.sender.on_ack(now, pkt.seq, pkt.flags & flags::ECE != 0, echo);
            let (n, rtt) = c.sender.rtt().samples();
            if n > before {
                self.out.metrics.rtt_sample(flow, rtt);
            }
            self.pump(flow);
            if self.net.conns[flow as usize].as_ref().is_some_and(|c| c.sender.done()) {
                // Every byte is acknowledged: the receiver has them all and will not be asked
                // again. Later arrivals of this flow (spurious retransmissions) are delivered
                // and ignored; pending timers find no connection.
                self.net.conns[flow as usize] = None;
                self.net.rc3.remove(&flow);
            }
        } else {
            let segment = Arrival {
                seq: pkt.seq,
                len: pkt.size - c.header,
                ce: pkt.flags & flags::CE != 0,
                cwr: pkt.flags & flags::CWR != 0,
                retx: pkt.flags & flags::RETX != 0,
                tsval: pkt.created,
            };
            let (ack, bytes) = c.receiver.on_segment(now, segment);
            if bytes > 0 {
                self.out.metrics.goodput(flow, now.as_ns(), bytes);
            }
            if let Some(a) = ack {
                let sack = self.net.rc3.contains_key(&flow).then_some(pkt.seq);
                self.send_ack(flow, a, sack);
            }
            self.sync_timers(flow);
        }
    }

    /// Sends every segment the flow's window allows now, then updates its timers.
    fn pump(&mut self, flow: FlowId) {
        let now = self.now;
        while let Some(c) = self.net.conns[flow as usize].as_deref_mut() {
            // RC3: past what the receiver SACKed, which is not in flight.
            let sacked = self.net.rc3.get(&flow).map_or(0, |r| {
                c.sender.skip_to(r.skip(c.sender.snd_nxt()));
                r.sacked_between(c.sender.snd_una(), c.sender.snd_nxt())
            });
            let Some(seg) = c.sender.next_segment_sacked(now, sacked) else { break };
            let mut bits = flags::TCP | if c.sender.ect() { flags::ECT } else { 0 };
            if seg.retx {
                bits |= flags::RETX;
            }
            if seg.cwr {
                bits |= flags::CWR;
            }
            let (size, remaining) = (seg.len + c.header, c.remaining());
            let pkt = self.segment(flow, seg.seq, size, bits, remaining);
            self.launch(pkt);
        }
        self.sync_timers(flow);
        self.rlp_start(flow);
    }

    /// A data segment of `flow` made now: payload offset `seq`, `size` bytes on the wire.
    fn segment(&self, flow: FlowId, seq: u64, size: u32, bits: u8, remaining: u64) -> Packet {
        let info = &self.net.flows[flow as usize];
        let mut pkt = Packet::from(Header {
            class: info.class,
            source: info.source,
            flags: bits,
            ..Header::new(self.next_packet, flow, seq, size, self.now)
        });
        if self.net.needs_sizes {
            pkt.set_flow_size(info.size.unwrap_or(u64::MAX));
            pkt.set_remaining(remaining);
        }
        pkt
    }

    /// The receiver of `flow` sends `a` back to the source. ACKs carry remaining 0, so rank
    /// schedulers (pFabric's SRPT) never hold them behind data; RC3's carry a SACK block.
    fn send_ack(&mut self, flow: FlowId, a: Ack, sack: Option<u64>) {
        let header = self.net.conns[flow as usize].as_ref().expect("a live connection").header;
        let info = &self.net.flows[flow as usize];
        let mut bits = flags::TCP | flags::ACK;
        if a.ece {
            bits |= flags::ECE;
        }
        if a.retx {
            bits |= flags::RETX;
        }
        let mut pkt = Packet::from(Header {
            class: info.class,
            source: info.source,
            flags: bits,
            // An ACK's `seq` is its cumulative acknowledgement.
            ..Header::new(self.next_packet, flow, a.ack, header, self.now)
        })
        .with_tsecr(a.tsecr);
        if let Some(s) = sack {
            pkt.set_sack(s);
        }
        if self.net.needs_sizes {
            pkt.set_flow_size(info.size.unwrap_or(u64::MAX));
            pkt.set_remaining(0);
        }
        self.launch(pkt);
    }

    /// A packet made by a transport enters the network at its source host.
    fn launch(&mut self, pkt: Packet) {
        self.next_packet += 1;
        let src = self.net.src_of(&pkt);
        self.out.event(TraceEvent::of(self.now, Kind::Arrive, &pkt, src, pkt.size as i64));
        self.forward(src, pkt);
    }

    /// Schedules the events the flow's timers need (see `TimerSlot`).
    fn sync_timers(&mut self, flow: FlowId) {
        let Some(c) = self.net.conns[flow as usize].as_deref_mut() else { return };
        let rto = c.rto.sync(c.sender.deadline());
        let delack = c.delack.sync(c.receiver.deadline());
        if let Some((at, generation)) = rto {
            self.schedule(at, Ev::Timer { flow, kind: TimerKind::Rto, generation });
        }
        if let Some((at, generation)) = delack {
            self.schedule(at, Ev::Timer { flow, kind: TimerKind::DelayedAck, generation });
        }
    }

    /// A timer event: stale generations and finished connections are ignored; a deadline
    /// that moved later re-arms.
    fn timer(&mut self, flow: FlowId, kind: TimerKind, generation: u32) {
        if kind == TimerKind::Rlp {
            return self.rlp_send(flow);
        }
        let now = self.now;
        let Some(c) = self.net.conns[flow as usize].as_deref_mut() else { return };
        let slot = match kind {
            TimerKind::Rto => &mut c.rto,
            TimerKind::DelayedAck => &mut c.delack,
            TimerKind::Rlp => unreachable!("handled above"),
        };
        if !slot.fire(generation) {
            return;
        }
        if kind == TimerKind::Rto {
            if c.sender.deadline().is_some_and(|d| d <= now) {
                if c.sender.on_timeout(now) {
                    self.out.metrics.timeout(flow);
                }
                self.pump(flow);
                return;
            }
        } else if let Some(a) = c.receiver.on_timeout(now) {
            self.send_ack(flow, a, None);
        }
        self.sync_timers(flow);
    }

    /// A packet at `node` on its way out: through the node's stages if it has any (a
    /// middlebox's CPU), else straight to the port its route takes.
    fn forward(&mut self, node: NodeId, pkt: Packet) {
        match full_only(self.net.node_stage[node as usize]) {
            Some(st) => self.enter_stage(st, pkt),
            None => self.send_out(node, pkt),
        }
    }

    /// `pkt` enters stage `st`, told its transmission time on the port its route takes (the
    /// second resource of a multi-resource scheduler).
    fn enter_stage(&mut self, st: StageId, pkt: Packet) {
        let node = self.net.stages[st as usize].node;
        let port = self.net.route(node, &pkt);
        let link = self.net.ports[port as usize].bandwidth.tx_time(pkt.size as u64);
        self.net.stages[st as usize].arrive(self.now, pkt, link, &mut self.out);
        self.start_stage(st);
    }

    /// Stage `st` starts its next packet if it is idle and the link stage after it has room.
    fn start_stage(&mut self, st: StageId) {
        let room = self.net.link_room(st);
        match self.net.stages[st as usize].try_start(self.now, room, &mut self.out) {
            Some(StageWake::Done(at)) => self.schedule(at, Ev::StageDone(st)),
            Some(StageWake::Eligible(at)) => self.schedule(at.max(self.now), Ev::StageEligible(st)),
            None => {}
        }
        // The CPU queue for the page, in the order rows after the ports' (view id: ports + st).
        let view = self.net.ports.len() as u32 + st;
        self.net.stages[st as usize].publish(view, &mut self.out);
    }

    fn send_out(&mut self, node: NodeId, mut pkt: Packet) {
        let port = self.net.route(node, &pkt);
        if let Some(ranks) = &self.net.hop_ranks {
            pkt.set_rank(ranks[pkt.id as usize][pkt.hops as usize]);
        }
        if self.net.needs_tmin[port as usize] {
            pkt.set_tmin_rest(self.net.flow_tmin_rest(pkt.flow, pkt.hops as usize, pkt.size as u64));
        }
        let wake = self.net.ports[port as usize].arrive(self.now, pkt, &mut self.out);
        self.wake(port, wake);
    }

    /// Puts a packet into the network: it arrives at `node` at `time` (schedule replays inject
    /// packets at their first router, scripted schedules at their source host). Packets must
    /// be injected in id order.
    pub fn inject(&mut self, time: Time, node: NodeId, pkt: Packet) {
        debug_assert_eq!(pkt.id, self.next_packet, "injected packets are numbered in order");
        self.next_packet += 1;
        self.schedule(time, Ev::Inject { node, pkt });
    }

    /// Injects packets (`inject`'s arguments, packets numbered in order) as one batch of
    /// events: the same order of events as injecting them one by one, at less cost.
    pub fn inject_all(&mut self, injections: Vec<(Time, NodeId, Packet)>) {
        for (_, _, pkt) in &injections {
            debug_assert_eq!(pkt.id, self.next_packet, "injected packets are numbered in order");
            self.next_packet += 1;
        }
        debug_assert!(injections.iter().all(|(t, _, _)| *t >= self.now));
        self.heap.push_batch(injections.into_iter().map(|(time, node, pkt)| (time, Ev::Inject { node, pkt })));
    }

    /// Records the run's schedule as it goes (an original run: `with_hosts`; see `record`).
    pub fn record_schedule(&mut self, with_hosts: bool) {
        self.out.schedule = Some(Recorder::new(with_hosts));
    }

    /// The run's metrics so far.
    pub fn metrics(&self) -> &Metrics {
        &self.out.metrics
    }

    /// The network, the trace's recorder, the metrics and the recorded schedule, for the
    /// results (`run::conclude`).
    pub fn into_parts(self) -> (Network, TraceRecorder, Metrics, Option<Recorder>) {
        let Emit { recorder, metrics, schedule, .. } = self.out;
        (self.net, recorder, metrics, schedule)
    }

    /// Packet totals now; `created` must equal the sum of the other three.
    pub fn conservation(&self) -> Conservation {
        let in_ports: u64 = self.net.ports.iter().map(|p| p.packets_held()).sum::<u64>()
            + self.net.stages.iter().map(|s| s.packets_held()).sum::<u64>();
        let on_links = self.heap.iter().filter(|ev| matches!(ev, Ev::Arrive { .. } | Ev::Inject { .. })).count() as u64;
        Conservation {
            created: self.next_packet,
            delivered: self.out.metrics.delivered(),
            dropped: self.out.metrics.dropped(),
            in_network: in_ports + on_links,
        }
    }

    pub fn now(&self) -> Time {
        self.now
    }

    /// Heap events processed so far (the benchmark's cost unit, as htsim's event count).
    pub fn processed(&self) -> u64 {
        self.processed
    }
}
