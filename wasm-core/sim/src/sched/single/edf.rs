//! Network-wide EDF (UPS App. A.5): a static deadline in the header (the original schedule's
//! exit time o(p) when replaying), and a per-router priority o(p) - t_min(p, a, egress) +
//! T(p, a), where t_min is router state from the topology (the engine writes it into
//! `Packet::tmin_rest` when the packet is forwarded).
//!
//! Invariant: dequeue order is ascending priority, ties in arrival order. With the same ties,
//! this is exactly LSTF (App. A.5): the replays are identical, event for event.
//! Non-preemptive by default; `preemption = on`: an arriving packet of strictly lower
//! priority interrupts the one in service (preemptive-resume, as LSTF's option: the
//! priority is static, so the two stay identical). Drop-tail. Shown on a queued packet: the latest time it can start here
//! and still meet its deadline on an empty path, deadline - t_min(rest of path) (the page
//! shows it against the playhead: the slack left; the same number LSTF shows).

use crate::packet::Packet;
use crate::sched::parts::buffer::{DROP_KEYED, Limits};
use crate::sched::parts::keyed::{KeyedQueue, PREEMPTION};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, QueueView, Scheduler, Verdicts};
use crate::time::{Bandwidth, Time};
use crate::view::{KeySpec, Unit};

pub const EDF: SchedulerInfo = SchedulerInfo {
    name: "edf",
    display: "EDF (network-wide)",
    summary: "Network-wide EDF: deadline in the header, priority deadline - t_min(rest of path) + transmission time.",
    reference: "UPS (Mittal et al., NSDI'16) App. A.5",
    key: KeySpec { label: "slack", unit: Unit::Deadline },
    state: &[],
    params: &[PREEMPTION, DROP_KEYED],
    traits: Traits::KEY_ORDER,
    source: file!(),
    build: |a| Ok(AnyScheduler::from(Edf::new(Limits::of(&a), a.port.bandwidth, a.params.toggle("preemption")))),
};

#[derive(Debug)]
pub struct Edf {
    q: KeyedQueue,
    bandwidth: Bandwidth,
    preemptive: bool,
}

impl Edf {
    pub fn new(limits: Limits, bandwidth: Bandwidth, preemptive: bool) -> Edf {
        Edf { q: KeyedQueue::new(limits), bandwidth, preemptive }
    }

    /// o(p) - t_min(p, a, egress) + T(p, a).
    fn key(&self, pkt: &Packet) -> i64 {
        let t = self.bandwidth.tx_time(pkt.size as u64).as_ns() as i64;
        (pkt.deadline().as_ns() as i64).saturating_sub(pkt.tmin_rest().as_ns() as i64).saturating_add(t)
    }
}

impl Scheduler for Edf {
    fn enqueue(&mut self, _now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let key = self.key(&pkt);
        self.q.push(key, pkt, v)
    }
    fn preempts(&self, arriving: &Packet, in_service: &Packet) -> bool {
        self.preemptive && self.key(arriving) < self.key(in_service)
    }
    forward!(q => dequeue, len, bytes);

    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        self.q.snapshot_with(limit, out, |_, p| {
            (p.deadline().as_ns() as i64).saturating_sub(p.tmin_rest().as_ns() as i64)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::Buffer;

    #[test]
    fn priority_is_deadline_minus_rest_of_path_plus_transmission() {
        // Deadline 500 us, 100 us of path left, T = 12 us: priority 412 us.
        let mut s = Edf::new(Limits::tail(Buffer::Unlimited), Bandwidth::BitsPerSec(1_000_000_000), false);
        let p = Packet::new(0, 0, 0, 1500, Time::ZERO).with_deadline(Time::us(500)).with_tmin_rest(Time::us(100));
        assert_eq!(s.enqueue(Time::ZERO, p, &mut Verdicts::default()), Admission::Queued { key: 412_000 });
    }

    #[test]
    fn preemption_on_a_strictly_smaller_priority() {
        // T = 12 us. In service: deadline 500, rest 100: priority 412 us. An arrival with
        // deadline 490 and rest 100 (402 us) preempts; one with 512 and rest 100 (424) or an
        // equal priority does not; without the toggle nothing preempts.
        let g = Bandwidth::BitsPerSec(1_000_000_000);
        let p =
            |d: u64| Packet::new(0, 0, 0, 1500, Time::ZERO).with_deadline(Time::us(d)).with_tmin_rest(Time::us(100));
        let on = Edf::new(Limits::tail(Buffer::Unlimited), g, true);
        assert!(on.preempts(&p(490), &p(500)));
        assert!(!on.preempts(&p(512), &p(500)));
        assert!(!on.preempts(&p(500), &p(500)));
        assert!(!Edf::new(Limits::tail(Buffer::Unlimited), g, false).preempts(&p(490), &p(500)));
    }
}
