//! SRPT with starvation prevention (pFabric, Alizadeh et al., SIGCOMM'13; a UPS Sec. 2.3
//! baseline): priority = the flow's remaining size when the packet was sent
//! (`Packet::remaining`). To avoid starving a flow's own earlier packets, dequeue finds the
//! highest-priority packet and then sends the *earliest queued* packet of that same flow.
//!
//! Invariant: the packet sent belongs to the flow holding the least remaining size, and is
//! that flow's oldest queued packet. The key shown is the remaining size; `snapshot` lists
//! the packets in that service order (not in key order: a flow's oldest packet goes first
//! even when a later one of it carries a smaller key). Drop-tail.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::packet::Packet;
use crate::sched::parts::buffer::{DROP_KEYED, Limits};
use crate::sched::parts::keyed::KeyedQueue;
use crate::sched::registry::{Reads, SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, QueueView, Scheduler, Verdicts};
use crate::time::Time;
use crate::view::{KeySpec, Unit};

pub const SRPT: SchedulerInfo = SchedulerInfo {
    name: "srpt",
    display: "SRPT (shortest remaining first)",
    summary: "SRPT with starvation prevention: the flow with the least remaining bytes sends its oldest packet.",
    reference: "pFabric (Alizadeh et al., SIGCOMM'13); UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
    key: KeySpec { label: "remaining flow size", unit: Unit::Bytes },
    state: &[],
    params: &[DROP_KEYED],
    traits: Traits::OWN_ORDER.reading(|_| Reads::SIZES),
    source: file!(),
    build: |a| Ok(AnyScheduler::from(Srpt::new(Limits::of(&a)))),
};

#[derive(Debug)]
pub struct Srpt {
    q: KeyedQueue,
}

impl Srpt {
    pub fn new(limits: Limits) -> Srpt {
        Srpt { q: KeyedQueue::new(limits) }
    }
}

impl Scheduler for Srpt {
    fn enqueue(&mut self, _now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let key = pkt.remaining().min(i64::MAX as u64) as i64;
        self.q.push(key, pkt, v)
    }
    fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
        let best = self.q.packets().next().map(|(_, _, p)| p.flow)?;
        let (key, seq, _) = self.q.packets().filter(|(_, _, p)| p.flow == best).min_by_key(|(_, seq, _)| *seq)?;
        self.q.remove(key, seq)
    }

    forward!(q => len, bytes);

    /// The order `dequeue` would serve in: repeatedly, the oldest packet of the flow that
    /// holds the least (key, arrival) among what is left.
    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        let mut by_flow: BTreeMap<u32, VecDeque<(u64, u64, i64)>> = BTreeMap::new();
        let mut items: Vec<(u64, u64, i64, u32)> = self.q.packets().map(|(k, seq, p)| (seq, p.id, k, p.flow)).collect();
        items.sort_unstable();
        for (seq, id, k, flow) in items {
            by_flow.entry(flow).or_default().push_back((seq, id, k));
        }
        let mut sent = BTreeSet::new();
        for (_, seq, p) in self.q.packets() {
            if out.entries.len() >= limit {
                break;
            }
            if sent.contains(&seq) {
                continue;
            }
            let flow = p.flow;
            // The least remaining entry names `flow`; its oldest packets go first, up to and
            // including this one.
            let q = by_flow.get_mut(&flow).expect("listed");
            while let Some((s, id, k)) = q.pop_front() {
                sent.insert(s);
                out.entries.push((id, k));
                if s == seq {
                    break;
                }
            }
        }
        out.entries.truncate(limit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::Buffer;

    #[test]
    fn the_shortest_flow_goes_first_oldest_packet_of_it() {
        // Flow 7 queued a packet with 9000 B left, then one with 1500 B left; flow 8 has 3000 B
        // left. The best packet is flow 7's (1500), and flow 7's oldest packet goes first.
        let mut s = Srpt::new(Limits::tail(Buffer::Unlimited));
        let mut d = Verdicts::default();
        let p = |id, flow, remaining| Packet::new(id, flow, 0, 1500, Time::ZERO).with_remaining(remaining);
        s.enqueue(Time::ZERO, p(0, 7, 9000), &mut d);
        s.enqueue(Time::ZERO, p(1, 8, 3000), &mut d);
        s.enqueue(Time::ZERO, p(2, 7, 1500), &mut d);
        // The snapshot lists that order with each packet's own key, not ascending keys.
        let mut view = QueueView::default();
        s.snapshot(usize::MAX, &mut view);
        assert_eq!(view.entries, vec![(0, 9000), (2, 1500), (1, 3000)]);
        let order: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut d)).map(|p| p.id).collect();
        assert_eq!(order, vec![0, 2, 1]);
    }
}
