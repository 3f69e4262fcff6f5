//! SRPT with starvation prevention (pFabric, Alizadeh et al., SIGCOMM'13; a UPS Sec. 2.3
//! baseline): priority = the flow's remaining size when the packet was sent
//! (`Packet::remaining`). To avoid starving a flow's own earlier packets, dequeue finds the
//! highest-priority packet and then sends the *earliest queued* packet of that same flow.
//!
//! Invariant: the packet sent belongs to the flow holding the least remaining size, and is
//! that flow's oldest queued packet. The key shown is the remaining size. Drop-tail.

use super::keyed::{keyed_queue_accessors, KeyedQueue};
use super::{Admission, QueueView, Scheduler, Verdicts};
use crate::packet::Packet;
use crate::time::Time;
use crate::units::Buffer;

#[derive(Debug)]
pub struct Srpt {
    q: KeyedQueue,
}

impl Srpt {
    pub fn new(buffer: Buffer) -> Srpt {
        Srpt { q: KeyedQueue::new(buffer) }
    }
}

impl Scheduler for Srpt {
    fn enqueue(&mut self, _now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let key = pkt.remaining.min(i64::MAX as u64) as i64;
        self.q.push(key, pkt, v)
    }
    fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
        let best = self.q.packets().min_by_key(|(key, seq, _)| (*key, *seq)).map(|(_, _, p)| p.flow)?;
        let oldest = self.q.packets().filter(|(_, _, p)| p.flow == best).map(|(_, seq, _)| seq).min()?;
        self.q.remove_seq(oldest).map(|(_, p)| p)
    }
    keyed_queue_accessors!();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shortest_flow_goes_first_oldest_packet_of_it() {
        // Flow 7 queued a packet with 9000 B left, then one with 1500 B left; flow 8 has 3000 B
        // left. The best packet is flow 7's (1500), and flow 7's oldest packet goes first.
        let mut s = Srpt::new(Buffer::Unlimited);
        let mut d = Verdicts::default();
        let p = |id, flow, remaining| Packet { remaining, ..Packet::new(id, flow, 0, 1500, 0, 1, Time::ZERO) };
        s.enqueue(Time::ZERO, p(0, 7, 9000), &mut d);
        s.enqueue(Time::ZERO, p(1, 8, 3000), &mut d);
        s.enqueue(Time::ZERO, p(2, 7, 1500), &mut d);
        let order: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut d)).map(|p| p.id).collect();
        assert_eq!(order, vec![0, 2, 1]);
    }
}
