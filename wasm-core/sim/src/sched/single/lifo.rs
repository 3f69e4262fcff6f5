//! LIFO: last in, first out (UPS Sec. 2.3 baseline).
//!
//! Invariant: the most recently admitted packet is served first. Key = minus the arrival
//! number, so the queue view shows service order. Drop-tail (the arriving packet is refused
//! when the buffer is full).

use crate::packet::Packet;
use crate::sched::parts::buffer::{DROP_ARRIVAL, Limits};
use crate::sched::parts::keyed::KeyedQueue;
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, Scheduler, Verdicts};
use crate::time::Time;
use crate::view::{KeySpec, Unit};

pub const LIFO: SchedulerInfo = SchedulerInfo {
    name: "lifo",
    display: "LIFO",
    summary: "Last in, first out.",
    reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
    key: KeySpec { label: "arrival (newest first)", unit: Unit::Rank },
    state: &[],
    params: &[DROP_ARRIVAL],
    traits: Traits::KEY_ORDER,
    source: file!(),
    build: |a| Ok(AnyScheduler::from(Lifo::new(Limits::of(&a)))),
};

#[derive(Debug)]
pub struct Lifo {
    q: KeyedQueue,
    arrivals: i64,
}

impl Lifo {
    pub fn new(limits: Limits) -> Lifo {
        Lifo { q: KeyedQueue::new(limits), arrivals: 0 }
    }
}

impl Scheduler for Lifo {
    fn enqueue(&mut self, _now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        self.arrivals += 1;
        self.q.push(-self.arrivals, pkt, v)
    }
    forward!(q => dequeue, len, bytes, snapshot);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::Buffer;

    #[test]
    fn newest_first() {
        let mut s = Lifo::new(Limits::tail(Buffer::Unlimited));
        let mut d = Verdicts::default();
        for id in 0..3 {
            s.enqueue(Time::ZERO, Packet::new(id, 0, id, 100, Time::ZERO), &mut d);
        }
        let order: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut d)).map(|p| p.id).collect();
        assert_eq!(order, vec![2, 1, 0]);
    }
}
