//! Simple priorities (UPS Sec. 2.2 and App. A.6): a static value in the header
//! (`Packet::rank`), lowest served first. In a replay the paper's "most intuitive"
//! assignment is priority = o(p), the original exit time; the omniscient header (App. A.2)
//! writes the original per-hop scheduling time o(p, a) into `rank` at every hop.
//!
//! Invariant: dequeue order is ascending rank, ties in arrival order. `preemption = on`:
//! an arriving packet of strictly lower rank interrupts the one in service
//! (preemptive-resume; the theorems of UPS App. A are about such replays). Drop-tail.

use crate::packet::Packet;
use crate::sched::parts::buffer::{DROP_KEYED, Limits};
use crate::sched::parts::keyed::{KeyedQueue, PREEMPTION};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, Scheduler, Verdicts};
use crate::time::Time;
use crate::view::{KeySpec, Unit};

pub const PRIORITY: SchedulerInfo = SchedulerInfo {
    name: "priority",
    display: "Simple priorities",
    summary: "Simple priorities: a static value in the header, lowest first.",
    reference: "UPS (Mittal et al., NSDI'16) Sec. 2.2 and App. A.6",
    key: KeySpec { label: "priority", unit: Unit::Rank },
    state: &[],
    params: &[PREEMPTION, DROP_KEYED],
    traits: Traits::KEY_ORDER,
    source: file!(),
    build: |a| Ok(AnyScheduler::from(Priority::new(Limits::of(&a), a.params.toggle("preemption")))),
};

#[derive(Debug)]
pub struct Priority {
    q: KeyedQueue,
    preemptive: bool,
}

impl Priority {
    pub fn new(limits: Limits, preemptive: bool) -> Priority {
        Priority { q: KeyedQueue::new(limits), preemptive }
    }
}

impl Scheduler for Priority {
    fn enqueue(&mut self, _now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        self.q.push(pkt.rank(), pkt, v)
    }
    fn preempts(&self, arriving: &Packet, in_service: &Packet) -> bool {
        self.preemptive && arriving.rank() < in_service.rank()
    }
    forward!(q => dequeue, len, bytes, snapshot);
}
