//! SP-PIFO (Alcoz et al., "SP-PIFO: Approximating Push-In First-Out Behaviors using
//! Strict-Priority Queues", NSDI'20; a peer in AIFO Sec. 2.1 and Sec. 5): n strict-priority
//! FIFO queues (queue 0 served first), each with a rank bound q_i, adapted per arrival:
//!
//! - push-up: scanning from the lowest-priority queue (n - 1) upwards, the packet of rank r
//!   goes into the first queue i with r >= q_i, and q_i becomes r;
//! - push-down: if r < q_0 (an inversion even in the highest-priority queue), every bound
//!   drops by q_0 - r and the packet goes into queue 0.
//!
//! Bounds start at 0. The mapping (and its bound update) happens at ingress, before the
//! buffer is checked, as in a switch whose traffic manager drops after the ingress pipeline;
//! the port's buffer is shared and drop-tail. (The authors' Netbench code, SPPIFOQueue.offer,
//! gives each queue its own capacity and updates a bound only when that queue took the
//! packet; the push-up and push-down rules are the same.)
//!
//! What follows from the rules (checked against them by hand in the tests below, and the
//! reason for three observations that looked like bugs):
//! - The shared buffer drops by occupancy, never by rank: on the same open-loop arrivals
//!   of equal-size packets a work-conserving port holds as many packets as FIFO at every
//!   instant, so SP-PIFO drops exactly the arrivals FIFO drops (UDP finite flows deliver
//!   the same packets per flow; only the order and so the FCTs differ). PIFO differs
//!   because it pushes out its highest rank.
//! - A flow whose ranks are the lowest at the port and whose own access link is no faster
//!   than the port (compare/programmable's small flow) has its packets served as soon as
//!   the link is free under SP-PIFO as under PIFO, so its FCT is the same to the ns.
//! - With SRPT ranks a flow's later packets have lower ranks, so they map to the same or a
//!   higher-priority queue than its earlier ones, which are then served later: reordering.
//!   With nothing dropped SP-PIFO reorders less than PIFO (one FIFO keeps part of the
//!   order; test below). With a full buffer PIFO pushes out the highest ranks, which are a
//!   large flow's oldest queued packets, the very ones that would arrive out of order (their
//!   retransmissions are not counted), while SP-PIFO drops whatever arrives and later serves
//!   the large flow's stranded packets: programmable/reordering.json (30-packet buffer, 1 MB
//!   large flow) counts 40 + 10 out of order with SP-PIFO (no large-flow drop, 4 medium and
//!   5 small ones) against PIFO's 22 (10 large-flow packets pushed out, 34 retransmitted).
//!
//! Invariant: dequeue serves the head of the lowest-numbered non-empty queue; within a queue,
//! arrival order. Parameters: `queues` n (default 8), `rank` (srpt), `weights`. Shown on a
//! packet: its rank. State: the n bounds and the n queue lengths.

use std::collections::VecDeque;

use crate::packet::Packet;
use crate::params::{Default, Kind, Spec};
use crate::sched::programmable::rank::{self, RANK, RANK_KEY, RANK_PROGRAM, RANK_WEIGHTS, Ranker, ranker};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, DropReason, QueueView, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::units::Buffer;
use crate::view::{Shape, StateSpec, Unit};

pub const SP_PIFO: SchedulerInfo = SchedulerInfo {
    name: "sp_pifo",
    display: "SP-PIFO",
    summary: "SP-PIFO: n strict-priority FIFOs approximate a PIFO; each queue's rank bound adapts by push-up and \
              push-down.",
    reference: "Alcoz et al., \"SP-PIFO\", NSDI'20, Sec. 3 (Algorithm 1); a peer in AIFO (Yu et al., SIGCOMM'21)",
    key: RANK_KEY,
    state: &[
        StateSpec {
            name: "bounds",
            description: "Each queue's rank bound q_i (queue 0 first): an arrival goes to the lowest-priority queue \
                          whose bound it reaches",
            unit: Unit::Rank,
            shape: Shape::Vector,
        },
        StateSpec {
            name: "queue lengths",
            description: "Packets in each strict-priority queue",
            unit: Unit::Packets,
            shape: Shape::Vector,
        },
    ],
    params: &[
        Spec {
            name: "queues",
            description: "Strict-priority FIFO queues n.",
            kind: Kind::Int { min: 1, max: 64 },
            default: Default::Int(8),
        },
        RANK,
        RANK_WEIGHTS, RANK_PROGRAM,
    ],
    traits: Traits::OWN_ORDER.reading(rank::reads).keyed_by(rank::key),
    source: file!(),
    build: |a| {
        let n = a.params.int("queues") as usize;
        Ok(AnyScheduler::from(SpPifo::new(a.port.buffer, n, ranker(&a))))
    },
};

#[derive(Debug)]
pub struct SpPifo {
    queues: Vec<VecDeque<(i64, Packet)>>,
    bounds: Vec<i64>,
    len: usize,
    bytes: u64,
    buffer: Buffer,
    ranker: Ranker,
}

impl SpPifo {
    pub fn new(buffer: Buffer, n: usize, ranker: Ranker) -> SpPifo {
        SpPifo { queues: vec![VecDeque::new(); n], bounds: vec![0; n], len: 0, bytes: 0, buffer, ranker }
    }

    /// The queue a packet of rank `r` maps to, after updating the bounds.
    fn map(&mut self, r: i64) -> usize {
        for i in (0..self.bounds.len()).rev() {
            if r >= self.bounds[i] {
                self.bounds[i] = r;
                return i;
            }
        }
        let cost = self.bounds[0].saturating_sub(r);
        for b in &mut self.bounds {
            *b = b.saturating_sub(cost);
        }
        0
    }

    pub fn bounds(&self) -> &[i64] {
        &self.bounds
    }
}

impl Scheduler for SpPifo {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let rank = self.ranker.rank(now, &pkt, (self.len(), self.bytes()));
        let i = self.map(rank);
        if !self.buffer.fits(self.len, self.bytes, pkt.size as u64) {
            v.drop(pkt, DropReason::BufferFull);
            return Admission::Refused;
        }
        self.len += 1;
        self.bytes += pkt.size as u64;
        self.queues[i].push_back((rank, pkt));
        Admission::Queued { key: rank }
    }

    fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
        let (rank, pkt) = self.queues.iter_mut().find_map(|q| q.pop_front())?;
        self.len -= 1;
        self.bytes -= pkt.size as u64;
        self.ranker.dequeued(rank);
        Some(pkt)
    }

    fn len(&self) -> usize {
        self.len
    }

    fn bytes(&self) -> u64 {
        self.bytes
    }

    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        out.entries.extend(self.queues.iter().flatten().take(limit).map(|(r, p)| (p.id, *r)));
    }

    fn state(&self, out: &mut StateView) {
        out.clear();
        out.push(&self.bounds.iter().map(|&b| b as f64).collect::<Vec<_>>());
        out.push(&self.queues.iter().map(|q| q.len() as f64).collect::<Vec<_>>());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::programmable::rank::Program;

    #[test]
    fn push_up_and_push_down_by_hand() {
        // Two queues, bounds [0, 0]. Ranks 3, 1, 2, 0, 5 arrive:
        //   3: 3 >= q1 = 0 -> queue 1, bounds [0, 3]
        //   1: 1 < 3; 1 >= q0 = 0 -> queue 0, bounds [1, 3]
        //   2: 2 < 3; 2 >= 1 -> queue 0, bounds [2, 3]
        //   0: 0 < 3, 0 < 2: push-down by 2 - 0 = 2 -> queue 0, bounds [0, 1]
        //   5: 5 >= 1 -> queue 1, bounds [0, 5]
        // Queue 0 holds ranks 1, 2, 0; queue 1 holds 3, 5: served 1, 2, 0, 3, 5.
        let mut s = SpPifo::new(Buffer::Unlimited, 2, Ranker::new(Program::Class, vec![]));
        let mut v = Verdicts::default();
        let mut bounds = Vec::new();
        for (id, r) in [3u8, 1, 2, 0, 5].into_iter().enumerate() {
            s.enqueue(Time::ZERO, Packet::new(id as u64, 0, 0, 1500, Time::ZERO).with_class(r), &mut v);
            bounds.push(s.bounds().to_vec());
        }
        assert_eq!(bounds, vec![vec![0, 3], vec![1, 3], vec![2, 3], vec![0, 1], vec![0, 5]]);
        let mut view = QueueView::default();
        s.snapshot(usize::MAX, &mut view);
        assert_eq!(view.entries.iter().map(|&(_, r)| r).collect::<Vec<_>>(), vec![1, 2, 0, 3, 5]);
        let order: Vec<u8> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).map(|p| p.class).collect();
        assert_eq!(order, vec![1, 2, 0, 3, 5]);
    }

    fn packet(id: u64, rank: u8) -> Packet {
        Packet::new(id, 0, 0, 1500, Time::ZERO).with_class(rank)
    }

    #[test]
    fn srpt_ranks_of_one_flow_reorder_less_than_pifo() {
        // One flow's packets seq 0..3 with SRPT ranks 9, 8, 7, 6 (its remaining size falls)
        // into 3 queues, bounds [0, 0, 0]:
        //   9: 9 >= q2 = 0 -> queue 2, bounds [0, 0, 9]   (push-up)
        //   8: 8 < 9; 8 >= q1 = 0 -> queue 1, [0, 8, 9]
        //   7: 7 < 9, 7 < 8; 7 >= 0 -> queue 0, [7, 8, 9]
        //   6: below every bound: push-down by q0 - 6 = 1 -> queue 0, [6, 7, 8]
        // Served: queue 0 (7, 6), queue 1 (8), queue 2 (9) = seq 2, 3, 1, 0. At the receiver
        // seq 1 and seq 0 arrive below the highest seen (3): 2 out of order. PIFO serves the
        // ranks sorted, 6, 7, 8, 9 = seq 3, 2, 1, 0: 3 out of order.
        let mut s = SpPifo::new(Buffer::Unlimited, 3, Ranker::new(Program::Class, vec![]));
        let mut v = Verdicts::default();
        for (seq, r) in [9u8, 8, 7, 6].into_iter().enumerate() {
            s.enqueue(Time::ZERO, packet(seq as u64, r), &mut v);
        }
        assert_eq!(s.bounds(), &[6, 7, 8]);
        let seqs: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).map(|p| p.id).collect();
        assert_eq!(seqs, vec![2, 3, 1, 0]);
        let out_of_order = seqs.iter().scan(None, |hi: &mut Option<u64>, &q| {
            let late = hi.is_some_and(|h| q < h);
            *hi = Some(hi.map_or(q, |h| h.max(q)));
            Some(late)
        });
        assert_eq!(out_of_order.filter(|&l| l).count(), 2);
    }

    #[test]
    fn a_full_shared_buffer_drops_the_arrivals_fifo_drops() {
        // A 3-packet buffer, 2 queues; ranks 5, 4, 3, 0, 1 arrive at once. FIFO keeps the
        // first three and drops the last two; so does SP-PIFO, whatever their ranks (the
        // buffer is shared and drop-tail). The bounds still move at ingress:
        //   5 -> queue 1 [0, 5]; 4 -> queue 0 [4, 5]; 3: push-down by 1 -> [3, 4];
        //   0: push-down by 3 -> [0, 1], dropped; 1: 1 >= q1 = 1 -> queue 1 [0, 1], dropped.
        let mut s = SpPifo::new(Buffer::Packets(3), 2, Ranker::new(Program::Class, vec![]));
        let mut v = Verdicts::default();
        for (id, r) in [5u8, 4, 3, 0, 1].into_iter().enumerate() {
            s.enqueue(Time::ZERO, packet(id as u64, r), &mut v);
        }
        assert_eq!(v.drops.iter().map(|d| d.pkt.id).collect::<Vec<_>>(), vec![3, 4]);
        assert!(v.drops.iter().all(|d| d.reason == DropReason::BufferFull));
        assert_eq!(s.bounds(), &[0, 1]);
        let ranks: Vec<u8> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).map(|p| p.class).collect();
        assert_eq!(ranks, vec![4, 3, 5]);
    }
}
