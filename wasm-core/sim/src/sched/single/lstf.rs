//! LSTF, Least Slack Time First, with the slack carried in the packet (UPS, Mittal et al.,
//! NSDI'16, Sec. 2.2 and Sec. 5). Also FIFO+ (Clark, Shenker, Zhang, SIGCOMM'92), which is
//! LSTF where every packet starts with the same slack (UPS Sec. 3.2).
//!
//! Principles:
//! - Serve the packet with the least remaining slack at the time its last bit would leave.
//!   As UPS Sec. 5 shows, that is the least `slack(p,a) + i(p,a) + T(p,a)`, computed once on
//!   arrival (i = arrival time at this router, T = its transmission time on this port).
//! - When a packet starts transmission its header slack becomes its remaining slack: the old
//!   slack minus the time it waited here (the port does this for every scheduler).
//! - Invariant: among queued packets, dequeue order is ascending (slack + arrival + T), ties
//!   in arrival order (FCFS, as UPS App. A.5 assumes).
//! - Non-preemptive by default, as in the paper's simulations; `preemption = on` gives the
//!   preemptive-resume variant of UPS Sec. 2.3 (5) (a resumed packet's key uses its remaining
//!   transmission time).
//! - Buffer: drop-tail.
//! - Shown on a queued packet: the instant its slack runs out if it has not started by then,
//!   enqueue time + slack (the page shows it against the playhead: the slack left). State: the
//!   key of the packet last sent (an arrival with a smaller key preempts it when preemption
//!   is on).

use crate::packet::Packet;
use crate::sched::parts::buffer::{DROP_KEYED, Limits};
use crate::sched::parts::keyed::{KeyedQueue, PREEMPTION};
use crate::sched::registry::{Reads, SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, QueueView, Scheduler, StateView, Verdicts};
use crate::time::{Bandwidth, Time};
use crate::view::{KeySpec, Shape, StateSpec, Unit};

pub const LSTF: SchedulerInfo = SchedulerInfo {
    name: "lstf",
    display: "LSTF (least slack first)",
    summary: "Least slack time first: the slack travels in the header and shrinks by each wait.",
    reference: "UPS (Mittal et al., NSDI'16) Sec. 2.2 and Sec. 5",
    key: KeySpec { label: "slack", unit: Unit::Deadline },
    state: &[StateSpec {
    name: "last sent key",
    description: "Slack + arrival + transmission time of the packet sent last; with preemption on, \
                  an arrival with a smaller key interrupts it",
    unit: Unit::Ns,
    shape: Shape::Scalar,
}],
    params: &[PREEMPTION, DROP_KEYED],
    traits: Traits::KEY_ORDER.reading(|_| Reads::SLACK),
    source: file!(),
    build: |a| Ok(AnyScheduler::from(Lstf::new(Limits::of(&a), a.port.bandwidth, a.params.toggle("preemption")))),
};

pub const FIFO_PLUS: SchedulerInfo = SchedulerInfo {
    name: "fifo_plus",
    display: "FIFO+",
    summary: "FIFO+: LSTF where every packet starts with the same slack, so time lost upstream is made up.",
    reference: "Clark, Shenker, Zhang (SIGCOMM'92); UPS (Mittal et al., NSDI'16) Sec. 3.2",
    key: KeySpec { label: "slack", unit: Unit::Deadline },
    state: LSTF.state,
    params: &[DROP_KEYED],
    traits: Traits::KEY_ORDER.reading(|_| Reads::SLACK),
    source: file!(),
    build: |a| Ok(AnyScheduler::from(Lstf::new(Limits::of(&a), a.port.bandwidth, false))),
};

#[derive(Debug)]
pub struct Lstf {
    q: KeyedQueue,
    bandwidth: Bandwidth,
    preemptive: bool,
    in_service_key: i64,
}

impl Lstf {
    pub fn new(limits: Limits, bandwidth: Bandwidth, preemptive: bool) -> Lstf {
        Lstf { q: KeyedQueue::new(limits), bandwidth, preemptive, in_service_key: i64::MIN }
    }

    fn key(&self, now: Time, p: &Packet) -> i64 {
        let t = self.bandwidth.tx_time(p.size as u64).saturating_sub(p.served());
        p.slack() + now.as_ns() as i64 + t.as_ns() as i64
    }
}

impl Scheduler for Lstf {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let key = self.key(now, &pkt);
        self.q.push(key, pkt, v)
    }

    fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
        let (key, pkt) = self.q.pop()?;
        self.in_service_key = key;
        Some(pkt)
    }

    fn preempts(&self, arriving: &Packet, _in_service: &Packet) -> bool {
        self.preemptive && self.key(arriving.enqueued_at, arriving) < self.in_service_key
    }

    forward!(q => len, bytes);

    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        self.q.snapshot_with(limit, out, |_, p| p.enqueued_at.as_ns() as i64 + p.slack());
    }

    fn state(&self, out: &mut StateView) {
        let sent = (self.in_service_key != i64::MIN).then_some(self.in_service_key as f64);
        out.push(sent.as_slice());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::Buffer;

    fn pkt(id: u64, slack: i64) -> Packet {
        Packet::new(id, id as u32, 0, 1500, Time::ZERO).with_slack(slack)
    }

    #[test]
    fn least_slack_at_departure_first() {
        // 1 Gbps: T = 12 us for 1500 B. p0 arrives at 0 with slack 100 us: key 112 us.
        // p1 arrives at 50 us with slack 10 us: key 72 us, so p1 goes first even though later.
        let mut s = Lstf::new(Limits::tail(Buffer::Unlimited), Bandwidth::BitsPerSec(1_000_000_000), false);
        let mut d = Verdicts::default();
        assert_eq!(s.enqueue(Time::us(0), pkt(0, 100_000), &mut d), Admission::Queued { key: 112_000 });
        let mut p1 = pkt(1, 10_000);
        p1.enqueued_at = Time::us(50);
        assert_eq!(s.enqueue(Time::us(50), p1, &mut d), Admission::Queued { key: 72_000 });
        assert_eq!(s.dequeue(Time::us(60), &mut d).unwrap().id, 1);
        assert_eq!(s.dequeue(Time::us(72), &mut d).unwrap().id, 0);
        // (The port, not the scheduler, then takes each wait off the slack: port.rs tests.)
    }

    #[test]
    fn preemption_compares_keys_at_this_hop() {
        // 1 Gbps, T = 12 us. p0 arrives at 100 us with slack 50 us: key 162 us; it is sent.
        // p1 arrives at 110 us with slack 45 us: key 167 us > 162 us, no preemption. p2
        // arrives at 110 us with slack 30 us: key 152 us < 162 us, it preempts. (The port
        // stamps an arrival's time before asking, UPS Sec. 5: key = slack + arrival + T.)
        let mut s = Lstf::new(Limits::tail(Buffer::Unlimited), Bandwidth::BitsPerSec(1_000_000_000), true);
        let mut d = Verdicts::default();
        let mut p0 = pkt(0, 50_000);
        p0.enqueued_at = Time::us(100);
        s.enqueue(Time::us(100), p0, &mut d);
        let sent = s.dequeue(Time::us(100), &mut d).unwrap();
        let at = |id: u64, slack: i64| pkt(id, slack).with_enqueued_at(Time::us(110));
        assert!(!s.preempts(&at(1, 45_000), &sent));
        assert!(s.preempts(&at(2, 30_000), &sent));
    }

    #[test]
    fn equal_slack_is_fifo() {
        // FIFO+: the same slack everywhere; equal keys fall back to arrival order.
        let mut s = Lstf::new(Limits::tail(Buffer::Unlimited), Bandwidth::BitsPerSec(1_000_000_000), false);
        let mut d = Verdicts::default();
        for id in 0..3 {
            s.enqueue(Time::ZERO, pkt(id, 0), &mut d);
        }
        let order: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut d)).map(|p| p.id).collect();
        assert_eq!(order, vec![0, 1, 2]);
    }
}
