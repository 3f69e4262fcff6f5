//! Simple priorities (UPS Sec. 2.2 and App. A.6): a static value in the header
//! (`Packet::rank`), lowest served first. In a replay the paper's "most intuitive"
//! assignment is priority = o(p), the original exit time; the omniscient header (App. A.2)
//! writes the original per-hop scheduling time o(p, a) into `rank` at every hop.
//!
//! Invariant: dequeue order is ascending rank, ties in arrival order. `preemption = on`:
//! an arriving packet of strictly lower rank interrupts the one in service
//! (preemptive-resume; the theorems of UPS App. A are about such replays). Drop-tail.

use super::buffer::Limits;
use super::keyed::{keyed_queue_accessors, KeyedQueue};
use super::{Admission, QueueView, Scheduler, Verdicts};
use crate::packet::Packet;
use crate::time::Time;

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
    fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
        self.q.pop().map(|(_, p)| p)
    }
    fn preempts(&self, arriving: &Packet, in_service: &Packet) -> bool {
        self.preemptive && arriving.rank() < in_service.rank()
    }
    keyed_queue_accessors!();
}
