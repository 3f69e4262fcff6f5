//! An output port: a scheduler plus the transmitter, counting, tracing and drop accounting
//! around it (ns-3's QueueDisc split: the wrapper counts, the scheduler orders).
//!
//! Identities checked after every operation (debug builds and the CI profile):
//! - arrived + requeued = admitted + refused
//! - admitted = dequeued + queued + dropped_from_queue
//! - queued = scheduler.len()
//!
//! Transmission is store-and-forward: a packet occupies the transmitter for
//! `tx_time(size) - served` (ceil to the nanosecond), then propagates for `delay`.
//!
//! While the page's trace is stored (`Emit::watch`), the port publishes, after every
//! operation, what changed in the head of its queue in service order (`OrderOp`s against the
//! list it published before) and in its scheduler's state (changed fields), so the page draws
//! the scheduler's true order without knowing its rules.

use crate::aqm::edge_codel::EdgeCodel;
use crate::emit::Emit;
use crate::packet::{NodeId, Packet, PortId};
use crate::sched::{Admission, AqmReport, QueueView, Scheduler, StateView};
use crate::time::{Bandwidth, Time};
use crate::trace::{Kind, OrderOp, TraceEvent, ViewRecord};
use crate::view::QUEUE_VIEW_DEPTH;

/// What the engine must schedule for this port after an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortWake {
    /// The transmission started now ends at `at`; `generation` tells stale completions apart
    /// (a preempted transmission's completion is ignored).
    TxDone { at: Time, generation: u64 },
    /// A non-work-conserving scheduler holds packets that become eligible at `at`.
    Eligible { at: Time },
}

/// Per-port counters; the identities above hold between them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PortCounters {
    pub arrived: u64,
    pub requeued: u64,
    pub admitted: u64,
    pub refused: u64,
    pub dequeued: u64,
    pub dropped_from_queue: u64,
    pub preempted: u64,
}

/// The queue head and state a port published last, and scratch space for the next.
#[derive(Default)]
struct Views {
    shown: QueueView,
    shown_len: u32,
    next_view: QueueView,
    shown_state: Option<StateView>,
    next_state: StateView,
}

/// The transmission under way: its packet (a handle: `Option<InService>` takes 16 B) and
/// when it started.
struct InService {
    pkt: Packet,
    start: Time,
}

/// What a port rarely needs, made when first needed (most ports never need it: no page
/// watching, no Edge-CoDel, no slack to show), so an idle or host port stays small.
#[derive(Default)]
struct Cold {
    /// What the port published to the page, made on its first publication (none while the
    /// trace is not stored).
    views: Option<Views>,
    /// Edge-CoDel, on egress ports (towards a host) when the scenario asks for it.
    edge: Option<EdgeCodel>,
    /// Publish each transmission's slack (the run initialises slack or runs Edge-CoDel).
    show_slack: bool,
}

/// An output port. What it reads on every packet is held inline (the scheduler, the packet in
/// service, the link's rate and delay); what it rarely needs is in [`Cold`], made
/// when first needed. The verdicts' scratch space is the engine's (`Emit::verdicts`), shared by
/// every port.
pub struct Port<S: Scheduler> {
    pub sched: S,
    in_service: Option<InService>,
    pub bandwidth: Bandwidth,
    pub delay: Time,
    generation: u64,
    pub id: PortId,
    pub node: NodeId,
    pub to: NodeId,
    cold: Option<Box<Cold>>,
    /// Kept for the identities only, so only where they are checked.
    #[cfg(debug_assertions)]
    counters: PortCounters,
    /// A dequeued packet's slack loses its wait here (on unless the network finds that nothing
    /// in the run reads slack: then the packet keeps no extension for it, `crate::packet`).
    pub ages_slack: bool,
}

impl<S: Scheduler> Port<S> {
    pub fn new(id: PortId, node: NodeId, to: NodeId, bandwidth: Bandwidth, delay: Time, sched: S) -> Port<S> {
        Port {
            sched,
            in_service: None,
            bandwidth,
            delay,
            generation: 0,
            id,
            node,
            to,
            cold: None,
            #[cfg(debug_assertions)]
            counters: PortCounters::default(),
            ages_slack: true,
        }
    }

    fn cold(&mut self) -> &mut Cold {
        self.cold.get_or_insert_with(Box::default)
    }

    /// Runs Edge-CoDel on this port's dequeues.
    pub fn set_edge(&mut self, edge: EdgeCodel) {
        self.cold().edge = Some(edge);
    }

    /// Publishes each transmission's slack while the page watches.
    pub fn set_show_slack(&mut self) {
        self.cold().show_slack = true;
    }

    fn edge(&self) -> Option<&EdgeCodel> {
        crate::first::full_only(self.cold.as_ref().and_then(|c| c.edge.as_ref()))
    }

    #[cfg(debug_assertions)]
    pub fn counters(&self) -> &PortCounters {
        &self.counters
    }

    /// Counts one more of a counter (debug builds and the CI profile only).
    #[inline(always)]
    fn count(&mut self, _f: impl FnOnce(&mut PortCounters)) {
        #[cfg(debug_assertions)]
        _f(&mut self.counters);
    }

    pub fn is_busy(&self) -> bool {
        self.in_service.is_some()
    }

    /// What the queue management at this port did up to `now`: its scheduler's CoDel and its
    /// Edge-CoDel, summed.
    pub fn aqm_report(&self, now: Time) -> Option<AqmReport> {
        let edge = self.edge().map(|e| e.dropping(now));
        match (self.sched.aqm_report(now), edge) {
            (None, None) => None,
            (a, e) => {
                let a = a.unwrap_or_default();
                let (t, n) = e.unwrap_or((Time::ZERO, 0));
                Some(AqmReport {
                    dropping_ns: a.dropping_ns + t.as_ns(),
                    dropping_entries: a.dropping_entries + n,
                    ..a
                })
            }
        }
    }

    /// Packets held by the port: queued plus the one in service.
    pub fn packets_held(&self) -> u64 {
        self.sched.len() as u64 + self.in_service.is_some() as u64
    }

    fn event(&self, now: Time, kind: Kind, pkt: &Packet, value: i64) -> TraceEvent {
        TraceEvent::of(now, kind, pkt, self.id, value)
    }

    /// A packet arrives at the port to be sent.
    pub fn arrive(&mut self, now: Time, mut pkt: Packet, out: &mut Emit) -> Option<PortWake> {
        self.count(|c| c.arrived += 1);
        pkt.set_served(Time::ZERO);
        // Arrived now: a preemption test (LSTF's key) reads the arrival here, not upstream.
        pkt.enqueued_at = now;
        // A transmission that ends now is complete: its TxDone at this instant is merely still
        // pending, so it cannot be interrupted.
        let sending = |s: &InService, p: &Packet| {
            now < s.start + self.bandwidth.tx_time(p.size as u64).saturating_sub(p.served())
        };
        // The scheduler's rule first: most never preempt, and `sending` divides.
        let preempt = matches!(&self.in_service, Some(s) if {
            self.sched.preempts(&pkt, &s.pkt) && sending(s, &s.pkt)
        });
        if preempt {
            let InService { mut pkt, start } = self.in_service.take().expect("checked above");
            pkt.set_served(pkt.served() + (now - start));
            self.generation += 1;
            self.count(|c| {
                c.preempted += 1;
                c.requeued += 1;
            });
            out.event(self.event(now, Kind::Preempt, &pkt, pkt.served().as_ns() as i64));
            self.admit(now, pkt, out);
        }
        self.admit(now, pkt, out);
        let wake = if self.in_service.is_none() { self.start_next(now, out) } else { None };
        self.debug_check();
        wake
    }

    fn admit(&mut self, now: Time, mut pkt: Packet, out: &mut Emit) {
        pkt.enqueued_at = now;
        let id = pkt.id;
        let probe = self.event(now, Kind::Enqueue, &pkt, 0);
        match self.sched.enqueue(now, pkt, &mut out.verdicts) {
            Admission::Queued { key } => {
                self.count(|c| c.admitted += 1);
                out.event(TraceEvent { value: key, ..probe });
            }
            Admission::Refused => self.count(|c| c.refused += 1),
        }
        self.trace_verdicts(now, Some(id), out);
        self.publish(out);
    }

    /// Marks, then drops, as trace events (emptying `out.verdicts`). A drop of a packet other
    /// than `arriving` (or of any packet, at dequeue) was of a queued packet.
    ///
    /// The verdicts stay in place (borrowed, not moved out and back): most scheduler calls
    /// leave none, and the common case is then one test, with no copy of the two vectors.
    #[inline]
    fn trace_verdicts(&mut self, now: Time, arriving: Option<u64>, out: &mut Emit) {
        if !out.verdicts.is_empty() {
            self.trace_some_verdicts(now, arriving, out);
        }
    }

    #[inline(never)]
    fn trace_some_verdicts(&mut self, now: Time, arriving: Option<u64>, out: &mut Emit) {
        // Taken out while its events are emitted (the emitter is borrowed whole), then put
        // back empty with its capacity.
        let mut v = std::mem::take(&mut out.verdicts);
        for m in v.marks.drain(..) {
            out.event(TraceEvent {
                time: now,
                kind: Kind::Mark,
                packet: m.packet,
                flow: m.flow,
                loc: self.id,
                value: m.reason.code() as i64,
                size: 0,
                flags: m.flags,
                implied: false,
            });
        }
        for d in v.drops.drain(..) {
            let queued = Some(d.pkt.id) != arriving;
            if queued {
                self.count(|c| c.dropped_from_queue += 1);
            }
            let value = d.reason.code() as i64 + 256 * queued as i64;
            out.event(self.event(now, Kind::Drop, &d.pkt, value));
        }
        out.verdicts = v;
    }

    /// Starts the next transmission if the scheduler has an eligible packet.
    fn start_next(&mut self, now: Time, out: &mut Emit) -> Option<PortWake> {
        debug_assert!(self.in_service.is_none());
        let v = &mut out.verdicts;
        let mut next = self.sched.dequeue(now, v);
        let next = loop {
            let Some(mut pkt) = next.take() else { break None };
            // The header's slack loses the wait here, whatever the scheduler orders by
            // (UPS Sec. 2.2; Edge-CoDel reads initial - current slack, Sec. 4).
            if self.ages_slack {
                pkt.set_slack(pkt.slack() - (now - pkt.enqueued_at).as_ns() as i64);
            }
            match crate::first::full_only(self.cold.as_mut().and_then(|c| c.edge.as_mut())) {
                None => break Some(pkt),
                Some(edge) => match edge.filter(now, pkt, v) {
                    Some(pkt) => break Some(pkt),
                    None => next = self.sched.dequeue(now, v),
                },
            }
        };
        self.trace_verdicts(now, None, out);
        let wake = match next {
            Some(pkt) => {
                self.count(|c| c.dequeued += 1);
                let wait = now - pkt.enqueued_at;
                out.event(self.event(now, Kind::Dequeue, &pkt, wait.as_ns() as i64));
                if out.watch && self.cold.as_ref().is_some_and(|c| c.show_slack) {
                    let after = out.after();
                    out.views.push(ViewRecord::Slack {
                        after,
                        packet: pkt.id,
                        initial: pkt.initial_slack(),
                        current: pkt.slack(),
                    });
                }
                let remaining = self.bandwidth.tx_time(pkt.size as u64).saturating_sub(pkt.served());
                self.generation += 1;
                self.in_service = Some(InService { pkt, start: now });
                Some(PortWake::TxDone { at: now + remaining, generation: self.generation })
            }
            None if !self.sched.is_empty() => self.sched.next_eligible(now).map(|at| PortWake::Eligible { at }),
            None => None,
        };
        self.publish(out);
        wake
    }

    /// The transmission with `generation` ends now. Returns the packet (to cross the link) and
    /// its arrival time at the far node (None if that transmission was preempted), and what to
    /// schedule next.
    pub fn tx_done(
        &mut self,
        now: Time,
        generation: u64,
        out: &mut Emit,
    ) -> (Option<(Packet, Time)>, Option<PortWake>) {
        if generation != self.generation || self.in_service.is_none() {
            return (None, None);
        }
        let pkt = self.in_service.take().expect("checked above").pkt;
        let arrival = now + self.delay;
        // Implied by the dequeue and the link (not part of the run's identity).
        let depart = self.event(now, Kind::Depart, &pkt, arrival.as_ns() as i64).as_implied();
        out.event(depart);
        let wake = self.start_next(now, out);
        self.debug_check();
        (Some((pkt, arrival)), wake)
    }

    /// A non-work-conserving scheduler said a packet becomes eligible now.
    pub fn eligible(&mut self, now: Time, out: &mut Emit) -> Option<PortWake> {
        if self.in_service.is_some() {
            return None;
        }
        self.start_next(now, out)
    }

    /// Publishes what changed in the queue's head and the scheduler's state since last time
    /// (only while the page's trace is stored: a test inline, the work out of line, as most
    /// of a long run's operations come after the stored part).
    #[inline]
    pub fn publish(&mut self, out: &mut Emit) {
        if out.watch {
            self.publish_views(out);
        }
    }

    #[inline(never)]
    fn publish_views(&mut self, out: &mut Emit) {
        let (after, port) = (out.after(), self.id);
        let v = self.cold.get_or_insert_with(Box::default).views.get_or_insert_with(Views::default);
        self.sched.snapshot(QUEUE_VIEW_DEPTH, &mut v.next_view);
        order_ops(&v.shown.entries, &v.next_view.entries, |op| out.views.push(ViewRecord::Order { after, port, op }));
        std::mem::swap(&mut v.shown, &mut v.next_view);
        let len = self.sched.len() as u32;
        if len != v.shown_len {
            v.shown_len = len;
            out.views.push(ViewRecord::Order { after, port, op: OrderOp::Length { packets: len } });
        }
        v.next_state.clear();
        self.sched.state(&mut v.next_state);
        for f in 0..v.next_state.fields() {
            let now = v.next_state.field(f);
            if v.shown_state.as_ref().is_none_or(|s| !s.field_is(f, now)) {
                out.views.push(ViewRecord::State { after, port, field: f as u16, values: now.to_vec() });
            }
        }
        std::mem::swap(v.shown_state.get_or_insert_with(StateView::default), &mut v.next_state);
    }

    /// Checks the identities in the module doc (where the counters are kept: debug builds and
    /// the CI profile); an error names the one that failed.
    #[cfg(not(debug_assertions))]
    pub fn check_identities(&self) -> Result<(), String> {
        Ok(())
    }

    /// Checks the identities in the module doc (where the counters are kept: debug builds and
    /// the CI profile); an error names the one that failed.
    #[cfg(debug_assertions)]
    pub fn check_identities(&self) -> Result<(), String> {
        let c = &self.counters;
        let queued = self.sched.len() as u64;
        if c.arrived + c.requeued != c.admitted + c.refused {
            return Err(format!(
                "port {}: arrived {} + requeued {} != admitted {} + refused {}",
                self.id, c.arrived, c.requeued, c.admitted, c.refused
            ));
        }
        if c.admitted != c.dequeued + queued + c.dropped_from_queue {
            return Err(format!(
                "port {}: admitted {} != dequeued {} + queued {} + dropped from queue {}",
                self.id, c.admitted, c.dequeued, queued, c.dropped_from_queue
            ));
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

/// The operations that turn the list `old` into `new` (both short, unique packets): nothing
/// when equal; else removals (from the back) and insertions (from the front) when the entries
/// they share keep their order; else a clear and every entry anew.
pub(crate) fn order_ops(old: &[(u64, i64)], new: &[(u64, i64)], mut emit: impl FnMut(OrderOp)) {
    if old == new {
        return;
    }
    let in_new = |e: &(u64, i64)| new.contains(e);
    let in_old = |e: &(u64, i64)| old.contains(e);
    let kept = old.iter().filter(|e| in_new(e));
    if kept.eq(new.iter().filter(|e| in_old(e))) {
        for (i, e) in old.iter().enumerate().rev() {
            if !in_new(e) {
                emit(OrderOp::Remove { index: i as u16 });
            }
        }
        for (i, e) in new.iter().enumerate() {
            if !in_old(e) {
                emit(OrderOp::Insert { index: i as u16, packet: e.0, key: e.1 });
            }
        }
    } else {
        emit(OrderOp::Clear);
        for (i, e) in new.iter().enumerate() {
            emit(OrderOp::Insert { index: i as u16, packet: e.0, key: e.1 });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::{QueueView, Verdicts};

    /// A toy preemptive priority queue (lowest rank first, preempts a higher-rank packet).
    #[derive(Default)]
    struct Prio(Vec<Packet>);

    impl Scheduler for Prio {
        fn enqueue(&mut self, _now: Time, pkt: Packet, _v: &mut Verdicts) -> Admission {
            let key = pkt.rank();
            self.0.push(pkt);
            self.0.sort_by_key(|p| p.rank());
            Admission::Queued { key }
        }
        fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
            (!self.0.is_empty()).then(|| self.0.remove(0))
        }
        fn preempts(&self, arriving: &Packet, in_service: &Packet) -> bool {
            arriving.rank() < in_service.rank()
        }
        fn len(&self) -> usize {
            self.0.len()
        }
        fn bytes(&self) -> u64 {
            self.0.iter().map(|p| p.size as u64).sum()
        }
        fn snapshot(&self, limit: usize, out: &mut QueueView) {
            out.entries = self.0.iter().take(limit).map(|p| (p.id, p.rank())).collect();
        }
    }

    fn pkt(id: u64, rank: i64) -> Packet {
        Packet::new(id, 0, id, 1500, Time::ZERO).with_rank(rank)
    }

    #[test]
    fn preemptive_resume_puts_the_remainder_back() {
        // 1500 B at 1 Gbps = 12 us. Packet 0 (rank 5) starts at 0; packet 1 (rank 1) arrives
        // at 4 us and preempts it; packet 1 ends at 16 us; packet 0 resumes with 8 us left
        // and ends at 24 us.
        let mut port = Port::new(0, 0, 1, Bandwidth::BitsPerSec(1_000_000_000), Time::ZERO, Prio::default());
        let mut out = Emit::storing(1, true);
        assert_eq!(
            port.arrive(Time(0), pkt(0, 5), &mut out),
            Some(PortWake::TxDone { at: Time(12_000), generation: 1 })
        );
        let wake = port.arrive(Time(4_000), pkt(1, 1), &mut out);
        // Generations are tokens: the preemption retires 1, the new transmission gets 3.
        assert_eq!(wake, Some(PortWake::TxDone { at: Time(16_000), generation: 3 }));
        // The preempted transmission's completion is stale and ignored.
        assert_eq!(port.tx_done(Time(12_000), 1, &mut out), (None, None));
        let (sent, wake) = port.tx_done(Time(16_000), 3, &mut out);
        assert_eq!(sent.map(|(p, at)| (p.id, at)), Some((1, Time(16_000))));
        assert_eq!(wake, Some(PortWake::TxDone { at: Time(24_000), generation: 4 }));
        let (sent, wake) = port.tx_done(Time(24_000), 4, &mut out);
        assert_eq!((sent.map(|(p, _)| p.id), wake), (Some(0), None));
        let preempt = out.recorded(0).into_iter().find(|e| e.1 == Kind::Preempt).unwrap();
        assert_eq!((preempt.2, preempt.3), (0, 4_000));
        let c = port.counters();
        assert_eq!((c.arrived, c.requeued, c.admitted, c.dequeued, c.preempted), (2, 1, 3, 3, 1));
        port.check_identities().unwrap();
    }

    #[test]
    fn every_port_takes_the_wait_off_the_slack() {
        // 1500 B at 1 Gbps = 12 us. Packet 0 starts at once (wait 0: slack unchanged);
        // packet 1 (rank 9, no preemption) arrives at 4 us with 100 us of slack and starts at
        // 12 us: it leaves with 100 - 8 = 92 us.
        let mut port = Port::new(0, 0, 1, Bandwidth::BitsPerSec(1_000_000_000), Time::ZERO, Prio::default());
        let mut out = Emit::storing(1, false);
        let slacked = |id, rank| pkt(id, rank).with_slack(100_000);
        port.arrive(Time(0), slacked(0, 5), &mut out);
        port.arrive(Time(4_000), slacked(1, 9), &mut out);
        let mut sent = |port: &mut Port<Prio>, t, generation| {
            let (sent, _) = port.tx_done(Time(t), generation, &mut out);
            sent.map(|(p, _)| (p.id, p.slack()))
        };
        assert_eq!(sent(&mut port, 12_000, 1), Some((0, 100_000)));
        assert_eq!(sent(&mut port, 24_000, 2), Some((1, 92_000)));
    }

    #[test]
    fn a_transmission_ending_as_a_packet_arrives_is_not_preempted() {
        // Packet 0 (rank 5) is sent 0..12 us. Packet 1 (rank 1) arrives at 12 us, before the
        // completion event of that same instant is handled: packet 0 has left (nothing of it
        // remains to send), so it is not put back behind packet 1.
        let mut port = Port::new(0, 0, 1, Bandwidth::BitsPerSec(1_000_000_000), Time::ZERO, Prio::default());
        let mut out = Emit::storing(1, false);
        port.arrive(Time(0), pkt(0, 5), &mut out);
        assert_eq!(port.arrive(Time(12_000), pkt(1, 1), &mut out), None);
        let (sent, wake) = port.tx_done(Time(12_000), 1, &mut out);
        assert_eq!(sent.map(|(p, at)| (p.id, at)), Some((0, Time(12_000))));
        assert_eq!(wake, Some(PortWake::TxDone { at: Time(24_000), generation: 2 }));
        assert_eq!(port.counters().preempted, 0);
    }

    /// Applies order ops as the page does.
    fn apply(list: &mut Vec<(u64, i64)>, op: OrderOp) {
        match op {
            OrderOp::Clear => list.clear(),
            OrderOp::Remove { index } => {
                list.remove(index as usize);
            }
            OrderOp::Insert { index, packet, key } => list.insert(index as usize, (packet, key)),
            OrderOp::Length { .. } => {}
        }
    }

    #[test]
    fn order_ops_turn_the_old_head_into_the_new() {
        type List = &'static [(u64, i64)];
        let cases: [(List, List, usize); 5] = [
            // FIFO dequeue with a long queue: the head goes, a new tail shows: 2 ops.
            (&[(1, 10), (2, 20), (3, 30)], &[(2, 20), (3, 30), (4, 40)], 2),
            // An arrival jumps ahead (SRPT, LSTF): 1 insert.
            (&[(1, 10), (2, 20)], &[(1, 10), (5, 5), (2, 20)], 1),
            // Nothing changed: no ops.
            (&[(1, 10)], &[(1, 10)], 0),
            // Two shared packets swap places (SRPT's starvation prevention): clear + 3 inserts.
            (&[(1, 10), (2, 20), (3, 30)], &[(2, 20), (1, 10), (3, 30)], 4),
            // Emptied.
            (&[(1, 10), (2, 20)], &[], 2),
        ];
        for (old, new, n) in cases {
            let mut ops = Vec::new();
            order_ops(old, new, |op| ops.push(op));
            assert_eq!(ops.len(), n, "{old:?} -> {new:?}: {ops:?}");
            let mut list = old.to_vec();
            for op in ops {
                apply(&mut list, op);
            }
            assert_eq!(list, new, "{old:?} -> {new:?}");
        }
    }

    #[test]
    fn published_ops_rebuild_the_schedulers_order_after_every_event() {
        // The preemption scenario above: after each call, the ops published so far rebuild
        // exactly the queue as the scheduler lists it.
        let mut port = Port::new(0, 0, 1, Bandwidth::BitsPerSec(1_000_000_000), Time::ZERO, Prio::default());
        let mut out = Emit::storing(1, true);
        let mut list = Vec::new();
        let mut check = |port: &Port<Prio>, out: &mut Emit| {
            for r in out.views.drain(..) {
                if let ViewRecord::Order { op, .. } = r {
                    apply(&mut list, op);
                }
            }
            let mut view = QueueView::default();
            port.sched.snapshot(usize::MAX, &mut view);
            assert_eq!(list, view.entries);
        };
        for (t, id, rank) in [(0, 0, 5), (1_000, 1, 9), (2_000, 2, 7), (4_000, 3, 1)] {
            port.arrive(Time(t), pkt(id, rank), &mut out);
            check(&port, &mut out);
        }
        assert_eq!(port.sched.0.iter().map(|p| p.id).collect::<Vec<_>>(), vec![0, 2, 1]);
    }
}
