//! Random: serve a queued packet chosen uniformly at random (UPS Sec. 2.3: the default
//! original schedule of Table 1, "which we expected to be hard to replay").
//!
//! Invariant: each queued packet is equally likely to be next. The randomness comes from the
//! port's own seeded stream, so runs are reproducible. There is no service order to show:
//! `snapshot` lists arrival order with the arrival number, and the page says "served in
//! random order". Drop-tail.

use crate::packet::Packet;
use crate::rng::Stream;
use crate::sched::parts::buffer::{DROP_ARRIVAL, Limits};
use crate::sched::parts::keyed::KeyedQueue;
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, Scheduler, Verdicts};
use crate::time::Time;
use crate::view::{KeySpec, Unit};

pub const RANDOM: SchedulerInfo = SchedulerInfo {
    name: "random",
    display: "Random order",
    summary: "Serve a queued packet chosen uniformly at random (seeded).",
    reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3: the default original schedule of Table 1",
    key: KeySpec { label: "arrival number", unit: Unit::Rank },
    state: &[],
    params: &[DROP_ARRIVAL],
    traits: Traits::RANDOM,
    source: file!(),
    build: |a| Ok(AnyScheduler::from(Random::new(Limits::of(&a), a.port.rng()))),
};

pub struct Random {
    q: KeyedQueue,
    rng: Stream,
    arrivals: i64,
}

impl std::fmt::Debug for Random {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Random({:?})", self.q)
    }
}

impl Random {
    pub fn new(limits: Limits, rng: Stream) -> Random {
        Random { q: KeyedQueue::new(limits), rng, arrivals: 0 }
    }
}

impl Scheduler for Random {
    fn enqueue(&mut self, _now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        self.arrivals += 1;
        self.q.push(self.arrivals, pkt, v)
    }
    fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
        if self.q.is_empty() {
            return None;
        }
        // The key is the arrival number, so the queue lists packets in arrival order.
        let n = self.rng.next_u64() % self.q.len() as u64;
        let (key, seq, _) = self.q.packets().nth(n as usize).expect("n < len");
        self.q.remove(key, seq)
    }
    forward!(q => len, bytes, snapshot);
}
