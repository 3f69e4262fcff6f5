//! The metrics of one trace event, updated as it happens (`emit::Emit::event`): a dispatch on
//! its kind, inlined where the event is made (so the kind is known there and the dispatch
//! folds to one call), into one method per kind that looks its port or flow up once.

use super::{Metrics, Role, EXACT_SAMPLES};
use crate::metrics::wide::mul_wide;
use crate::trace::{Kind, TraceEvent};

impl Metrics {
    /// One trace event.
    #[inline(always)]
    pub fn observe(&mut self, e: &TraceEvent) {
        match e.kind {
            Kind::StageEnqueue | Kind::StageStart | Kind::StageDone => self.stages.observe(e),
            Kind::StageDrop => self.stage_drop(e),
            Kind::Arrive => {
                // Only a packet's first arrival (at its source) counts; later ones are passing.
                if e.packet == self.created {
                    self.created(e);
                }
            }
            Kind::Enqueue => self.enqueue(e),
            Kind::Dequeue => self.dequeue(e),
            Kind::Depart | Kind::Preempt => self.transmission_end(e),
            Kind::Drop => self.drop(e),
            Kind::Mark => self.mark(e),
            Kind::Deliver => self.deliver(e),
        }
    }

    fn stage_drop(&mut self, e: &TraceEvent) {
        self.stages.observe(e);
        if Role::of(e.flags) == Role::Ack {
            self.flow(e.flow).acks_dropped += 1;
        } else {
            self.flow(e.flow).dropped += 1;
        }
        self.dropped += 1;
    }

    /// A packet was created (its first arrival, at its source).
    fn created(&mut self, e: &TraceEvent) {
        self.created += 1;
        let role = Role::of(e.flags);
        let f = self.flow(e.flow);
        if role == Role::Ack {
            f.acks_sent += 1;
        } else {
            f.sent += 1;
            f.bytes_sent += e.value as u64;
            f.retransmits += (role == Role::Retransmission) as u64;
        }
    }

    fn enqueue(&mut self, e: &TraceEvent) {
        let (t, size) = (e.time.as_ns(), e.size as u64);
        let p = &mut self.ports[e.loc as usize];
        p.integrate(t);
        p.queued_packets += 1;
        p.queued_bytes += size;
        p.max_packets = p.max_packets.max(p.queued_packets);
        p.max_bytes = p.max_bytes.max(p.queued_bytes);
        self.series.record(&mut p.series, t, (p.queued_packets, p.queued_bytes));
    }

    fn dequeue(&mut self, e: &TraceEvent) {
        let t = e.time.as_ns();
        if !self.stages.is_empty() {
            self.stages.port_event(e);
        }
        if let Some((_, log)) = self.dequeues.as_mut().filter(|d| d.0 == e.loc) {
            log.push((t, e.packet));
        }
        let size = e.size as u64;
        let full = self.kept >= EXACT_SAMPLES;
        let p = &mut self.ports[e.loc as usize];
        p.integrate(t);
        p.dequeued += 1;
        p.queued_packets -= 1;
        p.queued_bytes -= size;
        let wait = e.value as u64;
        if wait != 0 {
            p.sums().wait_sq_sum.add(mul_wide(wait, wait));
        }
        p.busy_since = t;
        p.waits.push_within(wait, full);
        self.series.record(&mut p.series, t, (p.queued_packets, p.queued_bytes));
        self.kept_one();
    }

    /// A transmission ended: the packet left, or was preempted.
    fn transmission_end(&mut self, e: &TraceEvent) {
        if !self.stages.is_empty() {
            self.stages.port_event(e);
        }
        self.ports[e.loc as usize].end_busy(e.time.as_ns());
    }

    fn drop(&mut self, e: &TraceEvent) {
        let (t, size) = (e.time.as_ns(), e.size as u64);
        let (reason, queued) = (e.value & 0xff, e.value >> 8 == 1);
        let p = &mut self.ports[e.loc as usize];
        let x = p.extra.get_or_insert_with(Box::default);
        x.dropped[reason as usize] += 1;
        if queued {
            x.dropped_queued += 1;
            p.integrate(t);
            p.queued_packets -= 1;
            p.queued_bytes -= size;
            self.series.record(&mut p.series, t, (p.queued_packets, p.queued_bytes));
        } else {
            x.refused += 1; // an arrival at the port, refused
        }
        let f = self.flow(e.flow);
        if Role::of(e.flags) == Role::Ack {
            f.acks_dropped += 1;
        } else {
            f.dropped += 1;
        }
        self.dropped += 1;
    }

    fn mark(&mut self, e: &TraceEvent) {
        self.ports[e.loc as usize].extra.get_or_insert_with(Box::default).marked[e.value as usize] += 1;
    }

    fn deliver(&mut self, e: &TraceEvent) {
        self.delivered += 1;
        let role = Role::of(e.flags);
        if role != Role::Ack {
            self.deliver_data(e, role == Role::Datagram);
        }
    }

    /// A data packet reached its destination. Datagrams count their wire bytes; TCP-family
    /// payload counts through `goodput`, once per byte.
    fn deliver_data(&mut self, e: &TraceEvent, datagram: bool) {
        let full = self.kept >= EXACT_SAMPLES;
        let f = &mut self.flows[e.flow as usize];
        f.delivered += 1;
        if let Some(b) = f.extra.as_mut().and_then(|x| x.bursts.as_mut()) {
            let at = e.time.as_ns();
            b.deliver(at - e.value as u64, at);
        }
        f.delays_ns.push_within(e.value as u64, full);
        self.kept_one();
        if datagram {
            self.goodput(e.flow, e.time.as_ns(), e.size as u64);
        }
    }
}
