//! Service stages: an element beside the output ports that serves packets one at a time for a
//! packet-dependent time, ordered by a scheduler, and hands each packet on when it is done.
//!
//! A middlebox (MR-tradeoff Sec. 2, Fig. 1) is a router whose packets pass a CPU stage before
//! its output port: the stage's scheduler decides which flow's head packet the CPU processes
//! next; a processed packet goes to the output port (the link stage), which sends packets in
//! the order they left the CPU (the paper's "buffer in front of the output link": a port with
//! FIFO, the default). Each packet costs `a * size + b` ns of CPU in its flow's module
//! (Sec. 5.1), and the scheduler is told the packet's whole processing-time vector <CPU,
//! link> (`Scheduler::enqueue_costed`), so multi-resource schedulers (DRFQ, MR3) see both
//! resources, as the paper's schedulers do.
//!
//! Reuse: a stage is a server with a cost function and a scheduler, placed in front of a
//! node's ports. A multi-stage NIC is a chain of stages (the engine hands a finished packet to
//! the node's next stage instead of its port; `next` below); a switch with a shared buffer is
//! one stage per node whose cost is zero and whose scheduler holds the shared buffer
//! (`Limits`), feeding the ports. Only the cost function (`Cost`) is middlebox-specific.
//!
//! Invariants (checked after every operation in debug builds): arrived = admitted + refused;
//! admitted = started + queued + dropped from the queue; at most one packet in service.
//! Trace: `stage_enqueue` / `stage_start` / `stage_done` / `stage_drop` with `loc` = the
//! stage id (stages are numbered apart from ports). While the page's trace is stored, the
//! stage publishes its queue in service order as order rows of view id (ports + stage id),
//! after the ports' ids (`publish`).

use std::collections::BTreeMap;

use crate::emit::Emit;
use crate::packet::{NodeId, Packet};
use crate::port::order_ops;
use crate::sched::{Admission, AnyScheduler, DropReason, Scheduler, Verdicts};
use crate::time::Time;
use crate::trace::{Kind, OrderOp, TraceEvent, ViewRecord};
use crate::units::Buffer;
use crate::view::{QueueView, QUEUE_VIEW_DEPTH};

pub type StageId = u32;

/// What the engine must schedule for a stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageWake {
    /// The service started now ends then.
    Done(Time),
    /// The scheduler holds packets that become eligible then.
    Eligible(Time),
}

/// The CPU time of a packet: per module `a` (picoseconds per byte) and `b` (ns), and each
/// traffic source's module.
#[derive(Clone, Debug)]
pub struct Cost {
    pub a_ps: Vec<u64>,
    pub b_ns: Vec<u64>,
    /// Module of each traffic source (`Packet::source`); sources beyond use module 0.
    pub module_of: Vec<u16>,
}

impl Cost {
    pub fn module(&self, pkt: &Packet) -> usize {
        self.module_of.get(pkt.source as usize).copied().unwrap_or(0) as usize
    }

    /// ceil(a * size) + b, ns.
    pub fn of(&self, pkt: &Packet) -> Time {
        let m = self.module(pkt);
        // a <= 10^6 ns/B (validation), size < 2^16 B, b <= 10^18 ns: no wrap, saturating anyway.
        Time::ns(self.a_ps[m].saturating_mul(pkt.size as u64).div_ceil(1000).saturating_add(self.b_ns[m]))
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StageCounters {
    pub arrived: u64,
    pub admitted: u64,
    pub refused: u64,
    pub started: u64,
    pub dropped_from_queue: u64,
}

pub struct Stage {
    pub id: StageId,
    pub node: NodeId,
    /// What the stage serves ("cpu").
    pub resource: &'static str,
    pub sched: AnyScheduler,
    pub cost: Cost,
    /// Where a finished packet goes: the next stage of the node, or None for its port.
    pub next: Option<StageId>,
    /// The stage starts a packet only while the node's ports hold fewer packets than this
    /// (queued and sending): the link pulls work from the CPU, as in Click's pull path.
    pub link_queue: u64,
    /// What each flow may hold in the stage's queue (not counting a packet in service);
    /// beyond it an arriving packet is dropped (`DropReason::FlowQueueFull`).
    pub flow_queue: Buffer,
    /// Per flow: packets and bytes queued (kept only with a `flow_queue` limit).
    held: BTreeMap<u32, (usize, u64)>,
    in_service: Option<Packet>,
    /// The queue's head last published for the page, and its length (`publish`).
    shown: QueueView,
    next_view: QueueView,
    shown_len: u32,
    /// The wake-up the engine has scheduled for a held packet, if any.
    eligible_at: Option<Time>,
    /// The scheduler's fairness floor (`Scheduler::fair_floor`) integrated over windows of
    /// `floor_window` ns (ns x share), with the value and time of the last sample.
    floor_bins: Vec<f64>,
    floor_window: u64,
    floor_now: Option<(Time, f64)>,
    counters: StageCounters,
    scratch: Verdicts,
}

impl Stage {
    pub fn new(id: StageId, node: NodeId, resource: &'static str, sched: AnyScheduler, cost: Cost) -> Stage {
        Stage {
            id,
            node,
            resource,
            sched,
            cost,
            next: None,
            link_queue: u64::MAX,
            flow_queue: Buffer::Unlimited,
            held: BTreeMap::new(),
            in_service: None,
            shown: QueueView::default(),
            next_view: QueueView::default(),
            shown_len: 0,
            eligible_at: None,
            floor_bins: Vec::new(),
            floor_window: 0,
            floor_now: None,
            counters: StageCounters::default(),
            scratch: Verdicts::default(),
        }
    }

    /// Measures the scheduler's fairness floor over `bins` windows of `window` ns.
    pub fn measure_floor(&mut self, window: u64, bins: usize) {
        self.floor_window = window.max(1);
        self.floor_bins = vec![0.0; bins.max(1)];
    }

    /// Adds the floor's last sample, held from its time to `now`, to `bins`.
    fn integrate_floor(&self, bins: &mut [f64], now: Time) {
        if let Some((since, v)) = self.floor_now {
            let (w, n) = (self.floor_window, bins.len());
            let mut t = since.as_ns();
            while t < now.as_ns() {
                let b = ((t / w) as usize).min(n - 1);
                let end = if b == n - 1 { now.as_ns() } else { ((b as u64 + 1) * w).min(now.as_ns()) };
                bins[b] += v * (end - t) as f64;
                t = end;
            }
        }
    }

    /// Integrates the floor up to `now` and samples it anew.
    fn track_floor(&mut self, now: Time) {
        if self.floor_bins.is_empty() {
            return;
        }
        let mut bins = std::mem::take(&mut self.floor_bins);
        self.integrate_floor(&mut bins, now);
        self.floor_bins = bins;
        self.floor_now = self.sched.fair_floor().map(|v| (now, v));
    }

    /// The floor's time average per window up to `end` (empty when the scheduler has none).
    pub fn floor_series(&self, end: Time) -> Vec<f64> {
        if self.floor_bins.is_empty() || self.sched.fair_floor().is_none() {
            return Vec::new();
        }
        let mut bins = self.floor_bins.clone();
        self.integrate_floor(&mut bins, end);
        let (w, n) = (self.floor_window, bins.len());
        let end = end.as_ns();
        (0..n)
            .map(|i| {
                let from = i as u64 * w;
                let to = if i + 1 == n { end } else { (from + w).min(end) };
                bins[i] / to.saturating_sub(from).max(1) as f64
            })
            .collect()
    }

    pub fn counters(&self) -> &StageCounters {
        &self.counters
    }

    /// Queued plus in service.
    pub fn packets_held(&self) -> u64 {
        self.sched.len() as u64 + self.in_service.is_some() as u64
    }

    fn event(&self, now: Time, kind: Kind, pkt: &Packet, value: i64) -> TraceEvent {
        TraceEvent::of(now, kind, pkt, self.id, value)
    }

    /// A packet arrives; `link` is its transmission time on the port it will leave by (the
    /// second resource). The engine then calls `try_start`.
    pub fn arrive(&mut self, now: Time, mut pkt: Packet, link: Time, out: &mut Emit) {
        self.counters.arrived += 1;
        pkt.enqueued_at = now;
        let id = pkt.id;
        let probe = self.event(now, Kind::StageEnqueue, &pkt, 0);
        let costs = [self.cost.of(&pkt), link];
        let mut v = std::mem::take(&mut self.scratch);
        let (flow, size) = (pkt.flow, pkt.size as u64);
        let mine = self.held.get(&flow).copied().unwrap_or_default();
        let admission = if self.flow_queue.fits(mine.0, mine.1, size) {
            self.sched.enqueue_costed(now, pkt, costs, &mut v)
        } else {
            v.drop(pkt, DropReason::FlowQueueFull);
            Admission::Refused
        };
        match admission {
            Admission::Queued { key } => {
                self.counters.admitted += 1;
                self.hold(flow, size, true);
                out.event(TraceEvent { value: key, ..probe });
            }
            Admission::Refused => self.counters.refused += 1,
        }
        self.verdicts(now, &mut v, Some(id), out);
        self.scratch = v;
        self.track_floor(now);
        self.debug_check();
    }

    /// Counts a packet of `flow` into (`add`) or out of the flow's share of the queue.
    fn hold(&mut self, flow: u32, size: u64, add: bool) {
        if self.flow_queue == Buffer::Unlimited {
            return;
        }
        let e = self.held.entry(flow).or_default();
        if add {
            *e = (e.0 + 1, e.1 + size);
        } else {
            *e = (e.0 - 1, e.1 - size);
            if e.0 == 0 {
                self.held.remove(&flow);
            }
        }
    }

    fn verdicts(&mut self, now: Time, v: &mut Verdicts, arriving: Option<u64>, out: &mut Emit) {
        v.marks.clear();
        for d in v.drops.drain(..) {
            let queued = Some(d.pkt.id) != arriving;
            self.counters.dropped_from_queue += queued as u64;
            if queued {
                self.hold(d.pkt.flow, d.pkt.size as u64, false);
            }
            let value = d.reason.code() as i64 + 256 * queued as i64;
            out.event(self.event(now, Kind::StageDrop, &d.pkt, value));
        }
    }

    /// Starts the next service if the stage is idle and what follows it has room (`room`:
    /// the link stage holds fewer packets than `link_queue`): when it ends, or, when a
    /// non-work-conserving scheduler holds its packets (the fluid-tracking schedulers wait
    /// for a packet to start in their fluid), when to try again.
    pub fn try_start(&mut self, now: Time, room: bool, out: &mut Emit) -> Option<StageWake> {
        if self.eligible_at.is_some_and(|t| t <= now) {
            self.eligible_at = None;
        }
        if self.in_service.is_some() || !room {
            return None;
        }
        let mut v = std::mem::take(&mut self.scratch);
        let next = self.sched.dequeue(now, &mut v);
        self.verdicts(now, &mut v, None, out);
        self.scratch = v;
        let Some(pkt) = next else {
            let later = if self.sched.is_empty() { None } else { self.sched.next_eligible(now) };
            // One pending wake-up at a time: an earlier one already scheduled will retry.
            return match (later, self.eligible_at) {
                (Some(t), Some(e)) if e <= t => None,
                (Some(t), _) => {
                    self.eligible_at = Some(t);
                    Some(StageWake::Eligible(t))
                }
                (None, _) => None,
            };
        };
        self.counters.started += 1;
        self.hold(pkt.flow, pkt.size as u64, false);
        let wait = now - pkt.enqueued_at;
        out.event(self.event(now, Kind::StageStart, &pkt, wait.as_ns() as i64));
        let done = now + self.cost.of(&pkt);
        self.in_service = Some(pkt);
        self.track_floor(now);
        self.debug_check();
        Some(StageWake::Done(done))
    }

    /// The service in progress ends now: the packet goes on (the engine then calls
    /// `try_start`).
    pub fn finish(&mut self, now: Time, out: &mut Emit) -> Packet {
        let pkt = self.in_service.take().expect("a completion has a packet in service");
        out.event(self.event(now, Kind::StageDone, &pkt, self.cost.of(&pkt).as_ns() as i64));
        pkt
    }

    /// Publishes what changed in the queue's head (in the scheduler's service order, as a
    /// port does) and its length, as order rows of view id `view` (only while the page's
    /// trace is stored). The page draws the CPU queue at the middlebox from them.
    pub fn publish(&mut self, view: u32, out: &mut Emit) {
        if !out.watch {
            return;
        }
        let after = out.after();
        self.sched.snapshot(QUEUE_VIEW_DEPTH, &mut self.next_view);
        order_ops(&self.shown.entries, &self.next_view.entries, |op| {
            out.views.push(ViewRecord::Order { after, port: view, op })
        });
        std::mem::swap(&mut self.shown, &mut self.next_view);
        let len = self.sched.len() as u32;
        if len != self.shown_len {
            self.shown_len = len;
            out.views.push(ViewRecord::Order { after, port: view, op: OrderOp::Length { packets: len } });
        }
    }

    pub fn check_identities(&self) -> Result<(), String> {
        let c = &self.counters;
        let queued = self.sched.len() as u64;
        if c.arrived != c.admitted + c.refused || c.admitted != c.started + queued + c.dropped_from_queue {
            return Err(format!("stage {}: counters {c:?} with {queued} queued", self.id));
        }
        Ok(())
    }

    fn debug_check(&self) {
        if cfg!(debug_assertions) {
            if let Err(e) = self.check_identities() {
                panic!("{e}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::single::fifo::Fifo;

    #[test]
    fn a_packet_costs_a_times_size_plus_b() {
        // Module 1: a = 2.5 ns/B, b = 300 ns; 801 B: 2002.5 -> 2003 + 300 = 2303 ns.
        let cost = Cost { a_ps: vec![0, 2500], b_ns: vec![7, 300], module_of: vec![1, 0] };
        let p = |source: u32| Packet::new(0, 0, 0, 801, Time::ZERO).with_source(source);
        assert_eq!(cost.of(&p(0)), Time::ns(2303));
        assert_eq!(cost.of(&p(1)), Time::ns(7));
        assert_eq!(cost.of(&p(9)), Time::ns(7));
    }

    #[test]
    fn the_stage_serves_one_packet_at_a_time_in_its_schedulers_order() {
        // FIFO, 1000 ns per packet: arrivals at 0 and 100 finish at 1000 and 2000; the second
        // waited 900 ns. Without room after it, the stage does not start.
        let cost = Cost { a_ps: vec![0], b_ns: vec![1000], module_of: vec![] };
        let fifo =
            AnyScheduler::Fifo(Fifo::new(crate::sched::parts::buffer::Limits::tail(crate::units::Buffer::Unlimited)));
        let mut s = Stage::new(0, 0, "cpu", fifo, cost);
        let mut out = Emit::storing(0, false);
        let p = |id| Packet::new(id, 0, 0, 100, Time::ZERO);
        s.arrive(Time::ZERO, p(0), Time::ZERO, &mut out);
        assert_eq!(s.try_start(Time::ZERO, false, &mut out), None);
        assert_eq!(s.try_start(Time::ZERO, true, &mut out), Some(StageWake::Done(Time::ns(1000))));
        s.arrive(Time::ns(100), p(1), Time::ZERO, &mut out);
        assert_eq!(s.try_start(Time::ns(100), true, &mut out), None, "busy");
        assert_eq!(s.finish(Time::ns(1000), &mut out).id, 0);
        assert_eq!(s.try_start(Time::ns(1000), true, &mut out), Some(StageWake::Done(Time::ns(2000))));
        let start = out.recorded(0).into_iter().find(|e| e.1 == Kind::StageStart && e.2 == 1).unwrap();
        assert_eq!(start.3, 900);
        s.finish(Time::ns(2000), &mut out);
        assert_eq!(s.try_start(Time::ns(2000), true, &mut out), None);
        assert_eq!(s.packets_held(), 0);
    }

    #[test]
    fn a_flow_beyond_its_flow_queue_is_dropped_with_its_reason() {
        // flow_queue 1 packet: flow 0's first packet starts at once (the queue is empty
        // again), its second waits, its third finds its flow's one place taken and is
        // dropped (flow_queue_full, code 6, refused on arrival: + 0); flow 1 still gets in.
        let cost = Cost { a_ps: vec![0], b_ns: vec![1000], module_of: vec![] };
        let fifo = AnyScheduler::Fifo(Fifo::new(crate::sched::parts::buffer::Limits::tail(Buffer::Unlimited)));
        let mut s = Stage::new(0, 0, "cpu", fifo, cost);
        s.flow_queue = Buffer::Packets(1);
        let mut out = Emit::storing(0, false);
        let p = |id, flow| Packet::new(id, flow, 0, 100, Time::ZERO);
        s.arrive(Time::ZERO, p(0, 0), Time::ZERO, &mut out);
        assert!(matches!(s.try_start(Time::ZERO, true, &mut out), Some(StageWake::Done(_))));
        s.arrive(Time::ns(1), p(1, 0), Time::ZERO, &mut out);
        s.arrive(Time::ns(2), p(2, 0), Time::ZERO, &mut out);
        s.arrive(Time::ns(3), p(3, 1), Time::ZERO, &mut out);
        let drops: Vec<_> =
            out.recorded(0).into_iter().filter(|e| e.1 == Kind::StageDrop).map(|e| (e.2, e.3)).collect();
        assert_eq!(drops, vec![(2, DropReason::FlowQueueFull.code() as i64)]);
        assert_eq!((s.counters().admitted, s.counters().refused), (3, 1));
        // Once flow 0's waiting packet starts, its place is free again.
        s.finish(Time::ns(1000), &mut out);
        s.try_start(Time::ns(1000), true, &mut out);
        s.arrive(Time::ns(1001), p(4, 0), Time::ZERO, &mut out);
        assert_eq!(s.counters().refused, 1);
    }

    #[test]
    fn the_stage_publishes_its_queue_in_service_order_for_the_page() {
        // FIFO: packets 0, 1, 2 arrive, 0 starts: the queue is [1, 2] (length 2), published
        // under view id 7; nothing is published while the trace is not stored.
        let cost = Cost { a_ps: vec![0], b_ns: vec![1000], module_of: vec![] };
        let fifo = AnyScheduler::Fifo(Fifo::new(crate::sched::parts::buffer::Limits::tail(Buffer::Unlimited)));
        let mut s = Stage::new(0, 0, "cpu", fifo, cost);
        let mut out = Emit::storing(0, true);
        for id in 0..3 {
            s.arrive(Time::ZERO, Packet::new(id, 0, 0, 100, Time::ZERO), Time::ZERO, &mut out);
        }
        s.try_start(Time::ZERO, true, &mut out);
        s.publish(7, &mut out);
        let mut head = Vec::new();
        let mut length = None;
        for v in &out.views {
            match v {
                ViewRecord::Order { port: 7, op: OrderOp::Insert { index, packet, .. }, .. } => {
                    head.insert(*index as usize, *packet)
                }
                ViewRecord::Order { port: 7, op: OrderOp::Length { packets }, .. } => length = Some(*packets),
                other => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!((head, length), (vec![1, 2], Some(2)));
        let mut quiet = Emit::storing(0, false);
        s.publish(7, &mut quiet);
        assert!(quiet.views.is_empty());
    }
}
