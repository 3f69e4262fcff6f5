//! LIFO: last in, first out (UPS Sec. 2.3 baseline).
//!
//! Invariant: the most recently admitted packet is served first. Key = minus the arrival
//! number, so the queue view shows service order. Drop-tail (the arriving packet is refused
//! when the buffer is full).

use super::buffer::Limits;
use super::keyed::{keyed_queue_accessors, KeyedQueue};
use super::{Admission, QueueView, Scheduler, Verdicts};
use crate::packet::Packet;
use crate::time::Time;

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
    fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
        self.q.pop().map(|(_, p)| p)
    }
    keyed_queue_accessors!();
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
