//! Multi-Resource Round Robin (`mr3`): Wang, Li, Liang, "Multi-resource round robin: a low
//! complexity packet scheduler with Dominant Resource Fairness", ICNP'13, the MR-tradeoff
//! paper's O(1) baseline (Sec. 6). Elastic Round Robin (Kanhere, Sethu, Parekh, 2002) on
//! dominant processing times: the backlogged flows are visited in turn; in round r flow i
//! may use the allowance A_i(r) = 1 ns + MaxSC(r-1) - SC_i(r-1) of dominant processing time
//! (max_r s_r(p) of each packet it sends) and keeps sending until it has used at least its
//! allowance; its surplus SC_i(r) = sent - A_i(r) shrinks its next allowance, and MaxSC(r)
//! is the largest surplus of round r. A flow whose queue empties leaves the round with
//! surplus 0. So over a round every backlogged flow receives about the same dominant
//! service (DRF), at O(1) per packet.
//!
//! Reading: MR3's paper also delays a flow's next round until its previous packets finish on
//! the last resource; here the scheduler is consulted only when the CPU frees, and the link
//! serves packets in CPU order, which is the same pipeline, so no extra delay is modelled.
//! On an ordinary port (one resource) a packet's dominant time is its transmission time and
//! MR3 is ERR.
//!
//! Invariant: flows are visited in the order they became backlogged; within a visit a flow
//! sends FIFO. Parameters: none (the port's buffer, drop-tail). Shown on a packet: its
//! dominant processing time, ns. State: the allowance left to the flow being served, MaxSC
//! of the last round.

use std::collections::{BTreeMap, VecDeque};

use crate::sched::multi::dominant;
use crate::sched::parts::lanes::Lanes;
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, Packet, QueueView, Scheduler, StateView, Verdicts};
use crate::time::{Bandwidth, Time};
use crate::units::Buffer;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

pub const MR3: SchedulerInfo = SchedulerInfo {
    name: "mr3",
    display: "MR3",
    summary: "Multi-Resource Round Robin: backlogged flows in turn, each sending until it has used its \
              elastic allowance of dominant processing time.",
    reference: "Wang, Li, Liang, \"Multi-resource round robin\", ICNP'13; MR-tradeoff (Wang et al.) Sec. 6 \
                baseline",
    key: KeySpec { label: "dominant time", unit: Unit::Ns },
    state: &[
        StateSpec {
            name: "allowance left",
            description: "Dominant processing time the flow being served may still use in this round",
            unit: Unit::Ns,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "MaxSC",
            description: "The largest surplus of the last round: it sets the next round's allowances",
            unit: Unit::Ns,
            shape: Shape::Scalar,
        },
    ],
    params: &[],
    traits: Traits::OWN_ORDER,
    source: file!(),
    build: |a| Ok(AnyScheduler::from(Mr3::new(a.port.buffer, a.port.bandwidth))),
};

#[derive(Clone, Copy, Debug)]
struct Visit {
    flow: u32,
    allowance: i64,
    sent: i64,
}

/// The round-robin bookkeeping, apart from the packets so `snapshot` can replay it.
#[derive(Clone, Debug, Default)]
struct Rounds {
    active: VecDeque<u32>,
    surplus: BTreeMap<u32, i64>,
    cur: Option<Visit>,
    max_prev: i64,
    max_cur: i64,
    /// Visits left in the current round.
    round_left: usize,
}

impl Rounds {
    /// The flow that sends next; `head(flow)` gives its head's dominant time and whether it
    /// is the flow's last queued packet. Updates the rounds as if that packet were sent.
    fn step(&mut self, head: impl Fn(u32) -> Option<(i64, bool)>) -> Option<u32> {
        let mut visit = match self.cur.take() {
            Some(v) => v,
            None => {
                if self.round_left == 0 {
                    self.max_prev = self.max_cur;
                    self.max_cur = 0;
                    self.round_left = self.active.len();
                }
                let flow = self.active.pop_front()?;
                self.round_left = self.round_left.saturating_sub(1);
                let sc = self.surplus.get(&flow).copied().unwrap_or(0);
                Visit { flow, allowance: 1 + self.max_prev - sc, sent: 0 }
            }
        };
        let (dominant, last) = head(visit.flow).expect("a visited flow is backlogged");
        visit.sent += dominant;
        let sc = visit.sent - visit.allowance;
        if last {
            self.max_cur = self.max_cur.max(sc);
            self.surplus.remove(&visit.flow);
        } else if sc >= 0 {
            self.max_cur = self.max_cur.max(sc);
            self.surplus.insert(visit.flow, sc);
            self.active.push_back(visit.flow);
        } else {
            self.cur = Some(visit);
        }
        Some(visit.flow)
    }
}

#[derive(Debug)]
pub struct Mr3 {
    bandwidth: Bandwidth,
    /// One FIFO per flow (keyed by each packet's dominant time), drop-tail on the buffer.
    lanes: Lanes<()>,
    rounds: Rounds,
}

impl Mr3 {
    pub fn new(buffer: Buffer, bandwidth: Bandwidth) -> Mr3 {
        let lanes = dominant::flow_lanes(buffer);
        Mr3 { bandwidth, lanes, rounds: Rounds::default() }
    }
}

impl Scheduler for Mr3 {
    link_costed!(bandwidth);

    fn enqueue_costed(&mut self, now: Time, pkt: Packet, costs: [Time; 2], v: &mut Verdicts) -> Admission {
        let flow = pkt.flow;
        let empty = self.lanes.lane_of_flow(flow).is_none_or(|l| self.lanes.lane_len(l) == 0);
        let idle = empty && self.rounds.cur.is_none_or(|c| c.flow != flow);
        let admitted = dominant::push(&mut self.lanes, now, pkt, costs, v);
        if idle && matches!(admitted, Admission::Queued { .. }) {
            self.rounds.active.push_back(flow);
        }
        admitted
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        let lanes = &self.lanes;
        let head = |f: u32| {
            let l = lanes.lane_of_flow(f)?;
            lanes.head(l).map(|e| (e.slot.key, lanes.lane_len(l) == 1))
        };
        let flow = self.rounds.step(head)?;
        let l = self.lanes.lane_of_flow(flow).expect("a visited flow has a lane");
        self.lanes.pop(now, l, v).map(|(_, p)| p)
    }

    forward!(lanes => len, bytes);

    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        let views = dominant::views(&self.lanes, limit);
        let mut rounds = self.rounds.clone();
        // Packets taken per flow, flow -> count as u64 (the map type of the lanes' flows).
        let mut taken: BTreeMap<u64, u64> = BTreeMap::new();
        while out.entries.len() < limit {
            let at = |f: u32| taken.get(&u64::from(f)).map_or(0, |&n| n as usize);
            let head = |f: u32| {
                let q = views.get(&f)?;
                let n = self.lanes.lane_of_flow(f).map_or(0, |l| self.lanes.lane_len(l));
                q.get(at(f)).map(|e| (e.slot.key, at(f) + 1 == n))
            };
            let Some(flow) = rounds.step(head) else { break };
            let Some(e) = views.get(&flow).and_then(|q| q.get(at(flow))) else { break };
            out.entries.push((e.id, e.slot.key));
            *taken.entry(u64::from(flow)).or_insert(0) += 1;
        }
    }

    fn state(&self, out: &mut StateView) {
        let left = self.rounds.cur.map_or(0, |c| c.allowance - c.sent);
        out.push(&[left as f64]);
        out.push(&[self.rounds.max_prev as f64]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fill(s: &mut Mr3, n: usize, flows: &[(u32, [u64; 2])]) {
        let mut v = Verdicts::default();
        let mut id = 0;
        for _ in 0..n {
            for &(flow, [c, l]) in flows {
                let p = Packet::new(id, flow, 0, 100, Time::ZERO);
                s.enqueue_costed(Time::ZERO, p, [Time::ns(c), Time::ns(l)], &mut v);
                id += 1;
            }
        }
    }

    // paper item: mr/fig-1: MR3's rounds settle to the DRF schedule of Fig. 1(a)
    /// MR-tradeoff Fig. 1 again: <2, 3> and <9, 1> (us), dominant times 3 and 9 us. Round 1:
    /// A = 1 ns each, so each flow sends one packet (p: surplus 2999 ns; q: 8999 ns = MaxSC).
    /// Round 2: p's allowance is 1 + 8999 - 2999 = 6001 ns: after p2 it has used 3000, after
    /// p3 6000 (< 6001), after p4 9000 (surplus 2999); q's is 1 + 8999 - 8999 = 1 ns: q2
    /// (surplus 8999). Every later round repeats p p p q: each flow 9 us of dominant service
    /// per round, the DRF schedule of Fig. 1(a).
    #[test]
    fn fig1_the_rounds_settle_to_three_packets_per_cpu_bound_packet() {
        let mut s = Mr3::new(Buffer::Unlimited, Bandwidth::Infinite);
        fill(&mut s, 20, &[(0, [2000, 3000]), (1, [9000, 1000])]);
        let mut view = QueueView::default();
        s.snapshot(13, &mut view);
        let mut v = Verdicts::default();
        let order: Vec<u32> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).take(13).map(|p| p.flow).collect();
        assert_eq!(order, vec![0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
        let by_id: Vec<u64> = view.entries.iter().map(|e| e.0).collect();
        assert_eq!(by_id.len(), 13, "snapshot lists as many as asked");
    }

    #[test]
    fn a_flow_that_empties_leaves_and_comes_back_at_the_tail() {
        let mut s = Mr3::new(Buffer::Unlimited, Bandwidth::Infinite);
        fill(&mut s, 1, &[(0, [10, 0]), (1, [10, 0])]);
        let mut v = Verdicts::default();
        assert_eq!(s.dequeue(Time::ZERO, &mut v).map(|p| p.flow), Some(0));
        fill(&mut s, 1, &[(0, [10, 0])]);
        let order: Vec<u32> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).map(|p| p.flow).collect();
        assert_eq!(order, vec![1, 0]);
        assert_eq!((s.len(), s.bytes()), (0, 0));
    }
}
