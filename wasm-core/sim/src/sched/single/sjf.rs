//! SJF, shortest job first (UPS Sec. 2.3 baseline, "using priorities"): priority = the size
//! of the packet's flow (`Packet::flow_size`; open-ended sources count as infinitely long).
//!
//! Invariant: dequeue order is ascending flow size, ties in arrival order. Drop-tail.

use crate::packet::Packet;
use crate::sched::parts::buffer::{DROP_KEYED, Limits};
use crate::sched::parts::keyed::KeyedQueue;
use crate::sched::registry::{Reads, SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, Scheduler, Verdicts};
use crate::time::Time;
use crate::view::{KeySpec, Unit};

pub const SJF: SchedulerInfo = SchedulerInfo {
    name: "sjf",
    display: "SJF (shortest job first)",
    summary: "Shortest job first: priority = the size of the packet's flow.",
    reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
    key: KeySpec { label: "flow size", unit: Unit::Bytes },
    state: &[],
    params: &[DROP_KEYED],
    traits: Traits::KEY_ORDER.reading(|_| Reads::SIZES),
    source: file!(),
    build: |a| Ok(AnyScheduler::from(Sjf::new(Limits::of(&a)))),
};

#[derive(Debug)]
pub struct Sjf {
    q: KeyedQueue,
}

impl Sjf {
    pub fn new(limits: Limits) -> Sjf {
        Sjf { q: KeyedQueue::new(limits) }
    }
}

impl Scheduler for Sjf {
    fn enqueue(&mut self, _now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let key = pkt.flow_size().min(i64::MAX as u64) as i64;
        self.q.push(key, pkt, v)
    }
    forward!(q => dequeue, len, bytes, snapshot);
}
