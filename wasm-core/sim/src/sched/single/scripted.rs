//! The port of a scripted original schedule (UPS Sec. 2.1: an original may be any
//! non-preemptive schedule, work-conserving or not, "even involving oracles"; App. A's
//! figures give theirs as tables). Each packet carries its scheduling time at this port in
//! `Packet::rank` (the engine writes it at every hop from the checked script, `crate::script`),
//! and the port sends it exactly then: never earlier, even when idle.
//!
//! Invariant: dequeue returns the queued packet with the least scheduling time, and only once
//! that time has come; `next_eligible` says when it comes. A viable script (checked before
//! the run) has every packet queued by its time and the port free then, so the run is the
//! script. Not in the registry: no scenario chooses it; a scenario with a `schedule` runs it
//! on every port. Unlimited buffer. Shown on a queued packet: its scheduling time.

use crate::packet::Packet;
use crate::sched::parts::buffer::Limits;
use crate::sched::parts::keyed::KeyedQueue;
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, Scheduler, Verdicts};
use crate::time::Time;
use crate::units::Buffer;
use crate::view::{KeySpec, Unit};

#[derive(Debug)]
pub struct Scripted {
    q: KeyedQueue,
}

impl Scripted {
    pub fn new() -> Scripted {
        Scripted { q: KeyedQueue::new(Limits::tail(Buffer::Unlimited)) }
    }
}

impl Default for Scripted {
    fn default() -> Self {
        Scripted::new()
    }
}

/// What the results and the page say about a scripted port.
pub static INFO: SchedulerInfo = SchedulerInfo {
    name: "scripted",
    display: "Scripted schedule",
    summary: "Sends each packet at the scheduling time the scenario's schedule gives it (the original of a scripted schedule).",
    reference: "UPS (Mittal et al., NSDI'16) Sec. 2.1 and App. A, Figs. 8-10",
    key: KeySpec { label: "scheduled at", unit: Unit::Ns },
    state: &[],
    params: &[],
    traits: Traits::KEY_ORDER.idling(),
    source: file!(),
    build: |_| Err(("", "a scripted port comes from a scenario's schedule".into())),
};

impl Scheduler for Scripted {
    fn enqueue(&mut self, _now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        self.q.push(pkt.rank(), pkt, v)
    }
    fn dequeue(&mut self, now: Time, _v: &mut Verdicts) -> Option<Packet> {
        match self.q.peek_key() {
            Some(k) if k <= now.as_ns() as i64 => self.q.pop().map(|(_, p)| p),
            _ => None,
        }
    }
    fn next_eligible(&self, _now: Time) -> Option<Time> {
        self.q.peek_key().map(|k| Time(k.max(0) as u64))
    }
    forward!(q => len, bytes, snapshot);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pkt(id: u64, at: i64) -> Packet {
        Packet::new(id, 0, 0, 1000, Time::ZERO).with_rank(at)
    }

    #[test]
    fn holds_each_packet_until_its_time_even_when_idle() {
        // UPS Fig. 8 case 1 at a0: a and x both arrive at 0; a is scheduled at 0, x at 1.
        let mut s = Scripted::new();
        let mut v = Verdicts::default();
        s.enqueue(Time::ZERO, pkt(1, 1_000), &mut v);
        s.enqueue(Time::ZERO, pkt(0, 0), &mut v);
        assert_eq!(s.dequeue(Time::ZERO, &mut v).map(|p| p.id), Some(0));
        // At 0.5 us the port is free, but x waits for its time.
        assert_eq!(s.dequeue(Time::ns(500), &mut v), None);
        assert_eq!(s.next_eligible(Time::ns(500)), Some(Time::us(1)));
        assert_eq!(s.dequeue(Time::us(1), &mut v).map(|p| p.id), Some(1));
        assert_eq!(s.next_eligible(Time::us(1)), None);
    }
}
