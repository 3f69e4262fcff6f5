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

use crate::packet::{NodeId, Packet, PortId};
use crate::sched::{Admission, Scheduler, Verdicts};
use crate::time::{Bandwidth, Time};
use crate::trace::{Kind, TraceEvent};

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

struct InService {
    pkt: Packet,
    start: Time,
}

pub struct Port<S: Scheduler> {
    pub id: PortId,
    pub node: NodeId,
    pub to: NodeId,
    pub bandwidth: Bandwidth,
    pub delay: Time,
    pub sched: S,
    in_service: Option<InService>,
    generation: u64,
    counters: PortCounters,
    scratch: Verdicts,
}

impl<S: Scheduler> Port<S> {
    pub fn new(id: PortId, node: NodeId, to: NodeId, bandwidth: Bandwidth, delay: Time, sched: S) -> Port<S> {
        Port {
            id,
            node,
            to,
            bandwidth,
            delay,
            sched,
            in_service: None,
            generation: 0,
            counters: PortCounters::default(),
            scratch: Verdicts::default(),
        }
    }

    pub fn counters(&self) -> &PortCounters {
        &self.counters
    }

    pub fn is_busy(&self) -> bool {
        self.in_service.is_some()
    }

    /// Packets held by the port: queued plus the one in service.
    pub fn packets_held(&self) -> u64 {
        self.sched.len() as u64 + self.in_service.is_some() as u64
    }

    fn event(&self, now: Time, kind: Kind, pkt: &Packet, value: i64) -> TraceEvent {
        TraceEvent { time: now, kind, packet: pkt.id, flow: pkt.flow, loc: self.id, value }
    }

    /// A packet arrives at the port to be sent.
    pub fn arrive(&mut self, now: Time, mut pkt: Packet, out: &mut Vec<TraceEvent>) -> Option<PortWake> {
        self.counters.arrived += 1;
        pkt.served = Time::ZERO;
        let preempt = matches!(&self.in_service, Some(s) if self.sched.preempts(&pkt, &s.pkt));
        if preempt {
            let InService { mut pkt, start } = self.in_service.take().expect("checked above");
            pkt.served += now - start;
            self.generation += 1;
            self.counters.preempted += 1;
            self.counters.requeued += 1;
            out.push(self.event(now, Kind::Preempt, &pkt, pkt.served.as_ns() as i64));
            self.admit(now, pkt, out);
        }
        self.admit(now, pkt, out);
        let wake = if self.in_service.is_none() { self.start_next(now, out) } else { None };
        self.debug_check();
        wake
    }

    fn admit(&mut self, now: Time, mut pkt: Packet, out: &mut Vec<TraceEvent>) {
        pkt.enqueued_at = now;
        let id = pkt.id;
        let probe =
            TraceEvent { time: now, kind: Kind::Enqueue, packet: pkt.id, flow: pkt.flow, loc: self.id, value: 0 };
        let mut v = std::mem::take(&mut self.scratch);
        match self.sched.enqueue(now, pkt, &mut v) {
            Admission::Queued { key } => {
                self.counters.admitted += 1;
                out.push(TraceEvent { value: key, ..probe });
            }
            Admission::Refused => self.counters.refused += 1,
        }
        self.trace_verdicts(now, &mut v, Some(id), out);
        self.scratch = v;
    }

    /// Marks, then drops, as trace events. A drop of a packet other than `arriving` (or of
    /// any packet, at dequeue) was of a queued packet.
    fn trace_verdicts(&mut self, now: Time, v: &mut Verdicts, arriving: Option<u64>, out: &mut Vec<TraceEvent>) {
        for m in v.marks.drain(..) {
            out.push(TraceEvent {
                time: now,
                kind: Kind::Mark,
                packet: m.packet,
                flow: m.flow,
                loc: self.id,
                value: m.reason.code() as i64,
            });
        }
        for d in v.drops.drain(..) {
            let queued = Some(d.pkt.id) != arriving;
            if queued {
                self.counters.dropped_from_queue += 1;
            }
            let value = d.reason.code() as i64 + 256 * queued as i64;
            out.push(self.event(now, Kind::Drop, &d.pkt, value));
        }
    }

    /// Starts the next transmission if the scheduler has an eligible packet.
    fn start_next(&mut self, now: Time, out: &mut Vec<TraceEvent>) -> Option<PortWake> {
        debug_assert!(self.in_service.is_none());
        let mut v = std::mem::take(&mut self.scratch);
        let next = self.sched.dequeue(now, &mut v);
        self.trace_verdicts(now, &mut v, None, out);
        self.scratch = v;
        match next {
            Some(pkt) => {
                self.counters.dequeued += 1;
                out.push(self.event(now, Kind::Dequeue, &pkt, (now - pkt.enqueued_at).as_ns() as i64));
                let remaining = self.bandwidth.tx_time(pkt.size as u64).saturating_sub(pkt.served);
                self.generation += 1;
                self.in_service = Some(InService { pkt, start: now });
                Some(PortWake::TxDone { at: now + remaining, generation: self.generation })
            }
            None if !self.sched.is_empty() => self.sched.next_eligible(now).map(|at| PortWake::Eligible { at }),
            None => None,
        }
    }

    /// The transmission with `generation` ends now. Returns the packet and its arrival time at
    /// the far node (None if that transmission was preempted), and what to schedule next.
    pub fn tx_done(
        &mut self,
        now: Time,
        generation: u64,
        out: &mut Vec<TraceEvent>,
    ) -> (Option<(Packet, Time)>, Option<PortWake>) {
        if generation != self.generation || self.in_service.is_none() {
            return (None, None);
        }
        let InService { pkt, .. } = self.in_service.take().expect("checked above");
        let arrival = now + self.delay;
        out.push(self.event(now, Kind::Depart, &pkt, arrival.as_ns() as i64));
        let wake = self.start_next(now, out);
        self.debug_check();
        (Some((pkt, arrival)), wake)
    }

    /// A non-work-conserving scheduler said a packet becomes eligible now.
    pub fn eligible(&mut self, now: Time, out: &mut Vec<TraceEvent>) -> Option<PortWake> {
        if self.in_service.is_some() {
            return None;
        }
        self.start_next(now, out)
    }

    /// Checks the identities in the module doc; an error names the one that failed.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::QueueView;

    /// A toy preemptive priority queue (lowest rank first, preempts a higher-rank packet).
    #[derive(Default)]
    struct Prio(Vec<Packet>);

    impl Scheduler for Prio {
        fn enqueue(&mut self, _now: Time, pkt: Packet, _v: &mut Verdicts) -> Admission {
            let key = pkt.rank;
            self.0.push(pkt);
            self.0.sort_by_key(|p| p.rank);
            Admission::Queued { key }
        }
        fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
            (!self.0.is_empty()).then(|| self.0.remove(0))
        }
        fn preempts(&self, arriving: &Packet, in_service: &Packet) -> bool {
            arriving.rank < in_service.rank
        }
        fn len(&self) -> usize {
            self.0.len()
        }
        fn bytes(&self) -> u64 {
            self.0.iter().map(|p| p.size as u64).sum()
        }
        fn snapshot(&self, out: &mut QueueView) {
            out.entries = self.0.iter().map(|p| (p.id, p.rank)).collect();
        }
    }

    fn pkt(id: u64, rank: i64) -> Packet {
        Packet { rank, ..Packet::new(id, 0, id, 1500, 0, 1, Time::ZERO) }
    }

    #[test]
    fn preemptive_resume_puts_the_remainder_back() {
        // 1500 B at 1 Gbps = 12 us. Packet 0 (rank 5) starts at 0; packet 1 (rank 1) arrives
        // at 4 us and preempts it; packet 1 ends at 16 us; packet 0 resumes with 8 us left
        // and ends at 24 us.
        let mut port = Port::new(0, 0, 1, Bandwidth::BitsPerSec(1_000_000_000), Time::ZERO, Prio::default());
        let mut out = Vec::new();
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
        let preempt = out.iter().find(|e| e.kind == Kind::Preempt).unwrap();
        assert_eq!((preempt.packet, preempt.value), (0, 4_000));
        let c = port.counters();
        assert_eq!((c.arrived, c.requeued, c.admitted, c.dequeued, c.preempted), (2, 1, 3, 3, 1));
        port.check_identities().unwrap();
    }
}
