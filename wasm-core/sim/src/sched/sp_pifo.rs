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
//! the port's buffer is shared and drop-tail.
//!
//! Invariant: dequeue serves the head of the lowest-numbered non-empty queue; within a queue,
//! arrival order. Parameters: `queues` n (default 8), `rank` (srpt), `weights`. Shown on a
//! packet: its rank. State: the n bounds and the n queue lengths.

use std::collections::VecDeque;

use super::rank::Ranker;
use super::{Admission, DropReason, QueueView, Scheduler, StateView, Verdicts};
use crate::packet::Packet;
use crate::time::Time;
use crate::units::Buffer;

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
        let rank = self.ranker.rank(now, &pkt);
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
    use crate::sched::rank::Program;

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
            s.enqueue(Time::ZERO, Packet { class: r, ..Packet::new(id as u64, 0, 0, 1500, 0, 1, Time::ZERO) }, &mut v);
            bounds.push(s.bounds().to_vec());
        }
        assert_eq!(bounds, vec![vec![0, 3], vec![1, 3], vec![2, 3], vec![0, 1], vec![0, 5]]);
        let mut view = QueueView::default();
        s.snapshot(usize::MAX, &mut view);
        assert_eq!(view.entries.iter().map(|&(_, r)| r).collect::<Vec<_>>(), vec![1, 2, 0, 3, 5]);
        let order: Vec<u8> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).map(|p| p.class).collect();
        assert_eq!(order, vec![1, 2, 0, 3, 5]);
    }
}
