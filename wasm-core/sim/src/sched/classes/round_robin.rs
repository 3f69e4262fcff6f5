//! Round robin (`rr`), weighted round robin (`wrr`) and deficit round robin (`drr`,
//! Shreedhar and Varghese, "Efficient fair queuing using deficit round robin", SIGCOMM'95,
//! Sec. 3), over queues per flow, per hashed bucket, per class or per child scheduler
//! (`lanes`). One rule serves all three; they differ in what a packet costs:
//!
//! - DRR: the backlogged queues form a list, visited in turn. A visit adds the queue's quantum
//!   (bytes) to its deficit counter, then sends head packets while the head fits the counter,
//!   taking each packet's size off it; a queue whose head does not fit goes to the back of the
//!   list with what is left, and a queue that empties leaves the list with its counter reset
//!   to 0. So 0 <= deficit < L_max after every visit (Lemma 1), and over any interval in
//!   which two queues with quantum Q stay backlogged their bytes sent differ by less than
//!   Q + 2 L_max (tests/fq_bounds.rs measures it).
//! - WRR: the same with every packet costing 1 and the quantum the queue's weight (packets
//!   per round); RR: WRR with every weight 1.
//!
//! Invariant: the queue at the front of the list sends; `snapshot` replays the same rounds
//! on a copy of the list and counters, so it lists the exact order of the next packets.
//! A new queue joins at the back of the list. Rounds in which no head fits are skipped in one
//! step (every counter grows by the skipped rounds' quanta), so a small quantum costs no
//! time. Shown on a queued packet: its enqueue time. State: the queues in list order (the
//! flow at each one's head) and their counters. Buffer: `buffer` (drop-tail, drop-head,
//! push-out from the longest queue; optional per-queue limit).

use std::collections::{BTreeMap, VecDeque};

use crate::params::{Default, Kind, Per, Spec};
use crate::sched::parts::buffer::{DROP_QUEUES, Limits, QUEUE_LIMIT};
use crate::sched::parts::lanes::{BUCKETS, Entry, Lanes, PerQueue, QUEUES, QueueKind};
use crate::sched::parts::per_lane::PerLane;
use crate::sched::registry::{BuildArgs, BuildError, SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, Packet, QueueView, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

/// The queues of a scheduler with a `queues` choice (children: one per child).
fn lanes(a: &mut BuildArgs<'_>) -> Result<Lanes<()>, BuildError> {
    let children = std::mem::take(&mut a.children);
    let kind = QueueKind::from_params(a.params, !children.is_empty(), a.port.rng().next_u64());
    Lanes::new(kind, children, Limits::from_params(a.port.buffer, a.params, true))
}

const HEAD_FLOW: StateSpec = StateSpec {
    name: "head flow",
    description: "The flow at the head of each queue in the round-robin list, from the one being served",
    unit: Unit::Flow,
    shape: Shape::Vector,
};

const ENQUEUE_TIME: KeySpec = KeySpec { label: "enqueue time", unit: Unit::Ns };

/// Packets per turn.
const PACKETS_PER_TURN: Kind = Kind::Int { min: 1, max: 1_000_000 };

/// Bytes per turn.
const QUANTUM: Kind = Kind::Size { min: 1, max: 1_000_000_000 };

pub const RR: SchedulerInfo = SchedulerInfo {
    name: "rr",
    display: "Round robin",
    summary: "Round robin: the queues (per flow, hashed bucket or class) send one packet each in turn.",
    reference: "Nagle, \"On packet switches with infinite storage\", IEEE Trans. Commun. 35(4), 1987",
    key: ENQUEUE_TIME,
    state: &[
        HEAD_FLOW,
        StateSpec {
            name: "credit",
            description: "Packets each listed queue may still send in its turn",
            unit: Unit::Packets,
            shape: Shape::Vector,
        },
    ],
    params: &[QUEUES, BUCKETS, DROP_QUEUES, QUEUE_LIMIT],
    traits: Traits::LANES,
    source: file!(),
    build: |mut a| {
        let lanes = lanes(&mut a)?;
        Ok(AnyScheduler::from(RoundRobin::new(lanes, PerQueue::all(1), Cost::Packets)))
    },
};

pub const WRR: SchedulerInfo = SchedulerInfo {
    name: "wrr",
    display: "Weighted round robin",
    summary: "Weighted round robin: each queue (per flow, hashed bucket or class) sends up to its weight in \
              packets per turn.",
    reference: "Katevenis, Sidiropoulos, Courcoubetis, \"Weighted round-robin cell multiplexing in a \
                general-purpose ATM switch chip\", IEEE JSAC 9(8), 1991",
    key: ENQUEUE_TIME,
    state: RR.state,
    params: &[
        QUEUES,
        BUCKETS,
        Spec {
            name: "weights",
            description: "Packets per turn of each flow's queue, by traffic id (e.g. {\"a\": 3}; flows not \
                          listed get 1; hashed buckets get \"*\").",
            kind: Kind::List { per: Per::Flow, item: &PACKETS_PER_TURN },
            default: Default::Int(1),
        },
        Spec {
            name: "class_weights",
            description: "Packets per turn of each class's queue (queues = class, or with children), e.g. [1, 3].",
            kind: Kind::List { per: Per::Class, item: &PACKETS_PER_TURN },
            default: Default::Int(1),
        },
        DROP_QUEUES,
        QUEUE_LIMIT,
    ],
    traits: Traits::LANES,
    source: file!(),
    build: |mut a| {
        let weights =
            PerQueue::new(a.params.list("weights"), a.params.list("class_weights"), a.flows, |v| v.int() as u64);
        let lanes = lanes(&mut a)?;
        Ok(AnyScheduler::from(RoundRobin::new(lanes, weights, Cost::Packets)))
    },
};

pub const DRR: SchedulerInfo = SchedulerInfo {
    name: "drr",
    display: "Deficit round robin",
    summary: "Deficit round robin: each queue (per flow, hashed bucket or class) may send its quantum of bytes \
              per turn; what a turn leaves unused carries over to the next while the queue stays backlogged.",
    reference: "Shreedhar and Varghese, \"Efficient fair queuing using deficit round robin\", SIGCOMM'95, Sec. 3",
    key: ENQUEUE_TIME,
    state: &[
        HEAD_FLOW,
        StateSpec {
            name: "deficit",
            description: "Each listed queue's deficit counter: bytes it may still send in its turn (less than \
                          one packet once a turn is over; reset when the queue empties)",
            unit: Unit::Bytes,
            shape: Shape::Vector,
        },
    ],
    params: &[
        QUEUES,
        BUCKETS,
        Spec {
            name: "quantum",
            description: "Bytes per turn of each flow's queue, by traffic id (e.g. {\"a\": \"3000B\"}; flows not \
                          listed get 1500B, or \"*\"; hashed buckets get \"*\").",
            kind: Kind::List { per: Per::Flow, item: &QUANTUM },
            default: Default::Text("1500B"),
        },
        Spec {
            name: "class_quantum",
            description: "Bytes per turn of each class's queue (queues = class, or with children), e.g. \
                          [\"1500B\", \"4500B\"].",
            kind: Kind::List { per: Per::Class, item: &QUANTUM },
            default: Default::Text("1500B"),
        },
        DROP_QUEUES,
        QUEUE_LIMIT,
    ],
    traits: Traits::LANES,
    source: file!(),
    build: |mut a| {
        let quantum = PerQueue::new(a.params.list("quantum"), a.params.list("class_quantum"), a.flows, |v| v.size());
        let lanes = lanes(&mut a)?;
        Ok(AnyScheduler::from(RoundRobin::new(lanes, quantum, Cost::Bytes)))
    },
};

/// Queues listed in the state, from the front of the list.
pub const STATE_QUEUES: usize = 16;

/// What a packet costs against a visit's allowance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// One per packet (RR, WRR: the quantum is packets per visit).
    Packets,
    /// Its size (DRR: the quantum is bytes per visit).
    Bytes,
}

impl Cost {
    fn of(self, size: u32) -> u64 {
        match self {
            Cost::Packets => 1,
            Cost::Bytes => size as u64,
        }
    }
}

/// The list of backlogged queues and their counters: what `dequeue` updates and `snapshot`
/// copies to replay.
#[derive(Clone, Debug, Default)]
struct Rounds {
    list: VecDeque<usize>,
    /// The counter of every listed queue (and so the list's members), keyed by the queue's
    /// index as u64: the map type of the burst metrics, one BTreeMap instantiation fewer in
    /// the wasm module (issue 20: page weight).
    deficit: BTreeMap<u64, u64>,
    /// The front queue has had this visit's quantum.
    visiting: bool,
}

impl Rounds {
    /// The queue that sends next, its counter already holding this visit's quantum.
    /// `head(l)`: the cost of queue l's next packet (None: it is empty).
    fn pick(&mut self, quantum: impl Fn(usize) -> u64, head: impl Fn(usize) -> Option<u64>) -> Option<usize> {
        let mut failed = 0;
        loop {
            let &l = self.list.front()?;
            let Some(cost) = head(l) else {
                self.leave();
                failed = 0;
                continue;
            };
            let d = self.deficit.get_mut(&(l as u64)).expect("listed");
            if !self.visiting {
                *d += quantum(l);
                self.visiting = true;
            }
            if cost <= *d {
                return Some(l);
            }
            self.list.rotate_left(1);
            self.visiting = false;
            failed += 1;
            if failed == self.list.len() {
                // A whole round sent nothing: skip the rounds until the first head fits.
                let rounds = |l: usize| {
                    let (cost, d, q) =
                        (head(l).expect("listed queues hold packets"), self.deficit[&(l as u64)], quantum(l));
                    (cost - d).div_ceil(q)
                };
                let k = self.list.iter().map(|&l| rounds(l)).min().expect("a non-empty list");
                for &l in &self.list {
                    *self.deficit.get_mut(&(l as u64)).expect("visited") += (k - 1) * quantum(l);
                }
                failed = 0;
            }
        }
    }

    /// The front queue sent a packet of `cost`; `empty`: it has nothing left.
    fn sent(&mut self, cost: u64, empty: bool) {
        let l = *self.list.front().expect("the front queue sent");
        *self.deficit.get_mut(&(l as u64)).expect("visited") -= cost;
        if empty {
            self.leave();
        }
    }

    /// The front queue leaves the list; its counter is reset.
    fn leave(&mut self) {
        if let Some(l) = self.list.pop_front() {
            self.deficit.remove(&(l as u64));
        }
        self.visiting = false;
    }

    fn join(&mut self, l: usize) {
        if let std::collections::btree_map::Entry::Vacant(e) = self.deficit.entry(l as u64) {
            e.insert(0);
            self.list.push_back(l);
        }
    }
}

#[derive(Debug)]
pub struct RoundRobin {
    lanes: Lanes<()>,
    quantum: PerQueue<u64>,
    cost: Cost,
    rounds: Rounds,
}

impl RoundRobin {
    /// `quantum`: bytes (DRR) or packets (RR, WRR) per visit, per queue.
    pub fn new(lanes: Lanes<()>, quantum: PerQueue<u64>, cost: Cost) -> RoundRobin {
        RoundRobin { lanes, quantum, cost, rounds: Rounds::default() }
    }
}

impl Scheduler for RoundRobin {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let l = self.lanes.lane_of(&pkt);
        let key = now.as_ns() as i64;
        let admitted = self.lanes.push(now, l, pkt, key, (), v);
        if matches!(admitted, Admission::Queued { .. }) {
            self.rounds.join(l);
        }
        admitted
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        let (lanes, quantum, cost) = (&self.lanes, &self.quantum, self.cost);
        let l = self.rounds.pick(|l| quantum.get(lanes, l), |l| lanes.head(l).map(|e| cost.of(e.size)))?;
        let out = self.lanes.pop(now, l, v);
        let charged = out.as_ref().map_or(0, |(_, p)| cost.of(p.size));
        // A child that sent nothing (or something else than its head) is charged what it sent.
        let d = self.rounds.deficit[&(l as u64)];
        self.rounds.sent(charged.min(d), self.lanes.lane_len(l) == 0);
        out.map(|(_, p)| p)
    }

    forward!(lanes => len, bytes);

    /// The next rounds, replayed on a copy of the list and counters.
    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        let mut rounds = self.rounds.clone();
        let mut views: PerLane<(Vec<Entry<()>>, usize)> = PerLane::default();
        for &l in &rounds.list {
            views.insert(l, (self.lanes.view(l, limit), 0));
        }
        let (lanes, quantum, cost) = (&self.lanes, &self.quantum, self.cost);
        while out.entries.len() < limit {
            let next = |l: usize, views: &PerLane<(Vec<Entry<()>>, usize)>| {
                let (v, at) = views.at(l);
                v.get(*at).map(|e| cost.of(e.size))
            };
            let Some(l) = rounds.pick(|l| quantum.get(lanes, l), |l| next(l, &views)) else { break };
            let (v, at) = views.get_mut(l).expect("listed");
            let e = v[*at];
            *at += 1;
            out.entries.push((e.id, e.enqueued));
            rounds.sent(cost.of(e.size), *at >= lanes.lane_len(l));
        }
    }

    /// The flow at the head of each listed queue, and its counter, from the front of the list.
    fn state(&self, out: &mut StateView) {
        let listed = self.rounds.list.iter().take(STATE_QUEUES);
        let heads: Vec<f64> = listed.clone().filter_map(|&l| self.lanes.head(l)).map(|e| e.flow as f64).collect();
        let counters: Vec<f64> =
            listed.map(|l| self.rounds.deficit.get(&(*l as u64)).copied().unwrap_or(0) as f64).collect();
        out.push(&heads);
        out.push(&counters[..heads.len().min(counters.len())]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::parts::buffer::Limits;
    use crate::sched::parts::lanes::QueueKind;
    use crate::units::Buffer;

    fn drr(quantum: u64, cost: Cost) -> RoundRobin {
        let lanes = Lanes::new(QueueKind::Flow, vec![], Limits::tail(Buffer::Unlimited)).unwrap();
        RoundRobin::new(lanes, PerQueue::all(quantum), cost)
    }

    fn order(s: &mut RoundRobin) -> Vec<u64> {
        let mut v = Verdicts::default();
        let mut view = QueueView::default();
        s.snapshot(usize::MAX, &mut view);
        let served: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).map(|p| p.id).collect();
        assert_eq!(view.entries.iter().map(|e| e.0).collect::<Vec<_>>(), served, "snapshot = service order");
        served
    }

    #[test]
    fn drr_shreedhar_varghese_example() {
        // Quantum 500 B. Flow A queues 200, 750 B; flow B 500, 500 B; flow C 600 B (ids in
        // arrival order below). Round 1: A's counter 500 sends 200 (left 300; 750 does not
        // fit); B's 500 sends 500 (0); C's 500 < 600. Round 2: A 800 sends 750 and empties
        // (reset); B 500 sends 500, empties; C 1000 sends 600.
        let mut s = drr(500, Cost::Bytes);
        let mut v = Verdicts::default();
        for (id, flow, size) in [(0, 0, 200), (1, 0, 750), (2, 1, 500), (3, 1, 500), (4, 2, 600)] {
            s.enqueue(Time::ZERO, Packet::new(id, flow, id, size, Time::ZERO), &mut v);
        }
        assert_eq!(order(&mut s), vec![0, 2, 1, 3, 4]);
    }

    #[test]
    fn wrr_sends_weight_packets_per_visit_and_rr_one() {
        // Weights 1 (RR): flows alternate; packet ids 0..3 flow 0, 4..7 flow 1.
        let mut s = drr(1, Cost::Packets);
        let mut v = Verdicts::default();
        for id in 0..8 {
            s.enqueue(Time::ZERO, Packet::new(id, (id / 4) as u32, id, 100 + id as u32, Time::ZERO), &mut v);
        }
        assert_eq!(order(&mut s), vec![0, 4, 1, 5, 2, 6, 3, 7]);
        // Weight 3 for every queue: three of flow 0, three of flow 1, then the rest.
        let mut s = drr(3, Cost::Packets);
        for id in 0..8 {
            s.enqueue(Time::ZERO, Packet::new(id, (id / 4) as u32, id, 100, Time::ZERO), &mut v);
        }
        assert_eq!(order(&mut s), vec![0, 1, 2, 4, 5, 6, 3, 7]);
    }

    #[test]
    fn a_tiny_quantum_skips_empty_rounds() {
        // Quantum 1 B against 1500 B packets: 1500 rounds pass before anything fits, then the
        // flows alternate exactly as with a large quantum.
        let mut s = drr(1, Cost::Bytes);
        let mut v = Verdicts::default();
        for id in 0..4 {
            s.enqueue(Time::ZERO, Packet::new(id, (id % 2) as u32, id, 1500, Time::ZERO), &mut v);
        }
        assert_eq!(order(&mut s), vec![0, 1, 2, 3]);
    }
}
