//! SJF, shortest job first (UPS Sec. 2.3 baseline, "using priorities"): priority = the size
//! of the packet's flow (`Packet::flow_size`; open-ended sources count as infinitely long).
//!
//! Invariant: dequeue order is ascending flow size, ties in arrival order. Drop-tail.

use super::buffer::Limits;
use super::keyed::{keyed_queue_accessors, KeyedQueue};
use super::{Admission, QueueView, Scheduler, Verdicts};
use crate::packet::Packet;
use crate::time::Time;

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
    fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
        self.q.pop().map(|(_, p)| p)
    }
    keyed_queue_accessors!();
}
