//! AFQ, approximate fair queueing (Sharma, Liu, Kumar, Akella, "Approximating Fair Queueing on
//! Reconfigurable Switches", NSDI'18, its design (the paper's text is not among the seeds:
//! section numbers unchecked); AIFO's fair-queueing baseline, AIFO Sec. 5.1 and Fig. 14):
//! bit-by-bit round robin approximated with N FIFO queues used as a calendar.
//! - Each flow's bytes sent so far are kept in a count-min sketch (`rows` x `sketch` counters;
//!   a flow's count is the least of its `rows` counters, so a collision can only overcount).
//! - An arrival of L bytes of flow f gets the bid b = max(sketch(f), R x BpR) + L, with R the
//!   current round and BpR the bytes each flow may send per round; its round is b / BpR
//!   (integer division). If that round is N or more rounds ahead of R the packet is dropped
//!   (reason AFQ round beyond horizon); else it joins queue (b / BpR) mod N and every sketch
//!   counter of f becomes max(counter, b).
//! - The queues are served in round order: the current round's queue until it is empty, then
//!   R += 1 (the next queue of the calendar).
//!
//! Readings where the text is open (matching a public P4_16 AFQ program's `select_queue` and
//! `update_round_number`): R advances when the dequeue finds its queue empty, skipping empty
//! queues while any packet is queued, and stays while nothing is; the sketch is updated only
//! for a packet that is queued (a packet refused by the port's buffer leaves no trace); the
//! sketch hashes the flow id with a fixed seed per row, so runs are deterministic.
//!
//! Invariant: every queued packet's round is in [R, R + N); packets leave in ascending round,
//! each round's in arrival order; a flow queues at most BpR bytes per round (+ one packet).
//! Parameters: `queues` N (32), `bpr` (2048 B), `sketch` counters per row (4096), `rows` (4).
//! Shown on a packet: its round. State: R, the calendar's queue lengths from the current
//! round on, BpR, and the last arrival's bid and round.

use std::collections::VecDeque;

use crate::packet::Packet;
use crate::params::{Default, Kind, Spec};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, DropReason, QueueView, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::units::Buffer;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

pub const AFQ: SchedulerInfo = SchedulerInfo {
    name: "afq",
    display: "AFQ (approximate fair queueing)",
    summary: "Approximate fair queueing: each flow's bytes in a count-min sketch give its packet a round \
              (bid / bytes per round); N FIFO queues serve rounds in turn; a round N or more ahead is dropped.",
    reference: "Sharma et al., \"Approximating Fair Queueing on Reconfigurable Switches\", NSDI'18; \
                AIFO (Yu et al., SIGCOMM'21) Sec. 5.1, Fig. 14",
    key: KeySpec { label: "round", unit: Unit::Rank },
    state: &[
        StateSpec {
            name: "round",
            description: "R, the round being served: its queue sends until it is empty, then R + 1",
            unit: Unit::Rank,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "queue lengths",
            description: "Packets in each queue of the calendar, from the current round's on (R, R + 1, ...)",
            unit: Unit::Packets,
            shape: Shape::Vector,
        },
        StateSpec {
            name: "bytes per round",
            description: "BpR: the bytes each flow may send per round",
            unit: Unit::Bytes,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "last bid",
            description: "The last arrival's bid max(sketch(f), R x BpR) + L",
            unit: Unit::Bytes,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "last round",
            description: "The last arrival's round, bid / BpR",
            unit: Unit::Rank,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "last arrival admitted",
            description: "Whether the last arrival's round was within N of R (else it was dropped)",
            unit: Unit::Flag,
            shape: Shape::Scalar,
        },
    ],
    params: &[
        Spec {
            name: "queues",
            description: "N, the FIFO queues of the calendar: a packet more than N - 1 rounds ahead is dropped.",
            kind: Kind::Int { min: 1, max: 1024 },
            default: Default::Int(32),
        },
        Spec {
            name: "bpr",
            description: "BpR, bytes per round: how many bytes each flow may queue per round.",
            kind: Kind::Size { min: 1, max: 1 << 30 },
            default: Default::Text("2048B"),
        },
        Spec {
            name: "sketch",
            description: "Counters per row of the count-min sketch of bytes sent (fewer: more flows collide).",
            kind: Kind::Int { min: 1, max: 1 << 20 },
            default: Default::Int(4096),
        },
        Spec {
            name: "rows",
            description: "Rows (hash functions) of the count-min sketch.",
            kind: Kind::Int { min: 1, max: 16 },
            default: Default::Int(4),
        },
    ],
    traits: Traits::KEY_ORDER,
    source: file!(),
    build: |a| {
        let cfg = Config {
            queues: a.params.int("queues") as usize,
            bpr: a.params.size("bpr"),
            width: a.params.int("sketch") as usize,
            rows: a.params.int("rows") as usize,
        };
        Ok(AnyScheduler::from(Afq::new(a.port.buffer, cfg)))
    },
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// N.
    pub queues: usize,
    /// BpR, bytes.
    pub bpr: u64,
    /// Counters per sketch row.
    pub width: usize,
    pub rows: usize,
}

/// A count-min sketch of bytes per flow, updated by max (conservative update).
#[derive(Debug)]
struct Sketch {
    width: usize,
    counters: Vec<Vec<u64>>,
}

/// SplitMix64's finaliser: the row's hash of a flow id.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Sketch {
    fn new(rows: usize, width: usize) -> Sketch {
        Sketch { width, counters: vec![vec![0; width]; rows] }
    }

    /// The flow's counter in row `row`.
    fn slot(width: usize, row: usize, flow: u32) -> usize {
        (mix(((row as u64) << 32) | u64::from(flow)) % width as u64) as usize
    }

    /// The least of the flow's counters.
    fn read(&self, flow: u32) -> u64 {
        let w = self.width;
        self.counters.iter().enumerate().map(|(r, row)| row[Sketch::slot(w, r, flow)]).min().unwrap_or(0)
    }

    /// Every counter of the flow becomes at least `bid`.
    fn raise(&mut self, flow: u32, bid: u64) {
        let w = self.width;
        for (r, row) in self.counters.iter_mut().enumerate() {
            let c = &mut row[Sketch::slot(w, r, flow)];
            *c = (*c).max(bid);
        }
    }
}

#[derive(Debug)]
pub struct Afq {
    cfg: Config,
    buffer: Buffer,
    /// The calendar: queue i holds the packets of the rounds congruent to i mod N, each with
    /// its round.
    calendar: Vec<VecDeque<(u64, Packet)>>,
    sketch: Sketch,
    round: u64,
    len: usize,
    bytes: u64,
    /// The last arrival's bid, round and whether it was admitted.
    last: Option<(u64, u64, bool)>,
}

impl Afq {
    pub fn new(buffer: Buffer, cfg: Config) -> Afq {
        Afq {
            cfg,
            buffer,
            calendar: (0..cfg.queues).map(|_| VecDeque::new()).collect(),
            sketch: Sketch::new(cfg.rows, cfg.width),
            round: 0,
            len: 0,
            bytes: 0,
            last: None,
        }
    }

    /// The bid of an arrival of `size` bytes of `flow` now: max(sketch(f), R x BpR) + L.
    pub fn bid(&self, flow: u32, size: u64) -> u64 {
        self.sketch.read(flow).max(self.round.saturating_mul(self.cfg.bpr)).saturating_add(size)
    }

    pub fn round(&self) -> u64 {
        self.round
    }

    fn queue_of(&self, round: u64) -> usize {
        (round % self.cfg.queues as u64) as usize
    }

    /// The calendar's queues from the current round's on.
    fn in_round_order(&self) -> impl Iterator<Item = &VecDeque<(u64, Packet)>> {
        (0..self.cfg.queues as u64).map(move |i| &self.calendar[self.queue_of(self.round + i)])
    }
}

impl Scheduler for Afq {
    fn enqueue(&mut self, _now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let size = pkt.size as u64;
        let bid = self.bid(pkt.flow, size);
        let round = bid / self.cfg.bpr;
        let within = round - self.round < self.cfg.queues as u64;
        self.last = Some((bid, round, within));
        if !within {
            v.drop(pkt, DropReason::AfqHorizon);
            return Admission::Refused;
        }
        if !self.buffer.fits(self.len, self.bytes, size) {
            v.drop(pkt, DropReason::BufferFull);
            return Admission::Refused;
        }
        self.sketch.raise(pkt.flow, bid);
        self.len += 1;
        self.bytes += size;
        let q = self.queue_of(round);
        self.calendar[q].push_back((round, pkt));
        Admission::Queued { key: round.min(i64::MAX as u64) as i64 }
    }

    fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
        if self.len == 0 {
            return None;
        }
        while self.calendar[self.queue_of(self.round)].is_empty() {
            self.round += 1;
        }
        let q = self.queue_of(self.round);
        let (_, pkt) = self.calendar[q].pop_front()?;
        self.len -= 1;
        self.bytes -= pkt.size as u64;
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
        let all = self.in_round_order().flatten();
        out.entries.extend(all.take(limit).map(|(r, p)| (p.id, (*r).min(i64::MAX as u64) as i64)));
    }

    fn state(&self, out: &mut StateView) {
        out.clear();
        out.push(&[self.round as f64]);
        out.push(&self.in_round_order().map(|q| q.len() as f64).collect::<Vec<f64>>());
        out.push(&[self.cfg.bpr as f64]);
        out.push(&self.last.map(|(b, _, _)| vec![b as f64]).unwrap_or_default());
        out.push(&self.last.map(|(_, r, _)| vec![r as f64]).unwrap_or_default());
        out.push(&self.last.map(|(_, _, a)| vec![if a { 1.0 } else { 0.0 }]).unwrap_or_default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn afq(queues: usize, bpr: u64) -> Afq {
        Afq::new(Buffer::Unlimited, Config { queues, bpr, width: 4096, rows: 4 })
    }

    fn pkt(id: u64, flow: u32, size: u32) -> Packet {
        Packet::new(id, flow, 0, size, Time::ZERO)
    }

    // paper item: aifo/afq: a 3-flow worked example of AFQ's bids, rounds and horizon drop
    #[test]
    fn three_flows_bids_rounds_and_the_horizon() {
        // N = 4 queues, BpR = 1000 B, R = 0. Arrivals (flow: size):
        //   A: 500 -> bid max(0, 0) + 500 = 500, round 0;   A: 500 -> 1000, round 1
        //   A: 500 -> 1500, round 1;   A: 500 -> 2000, round 2;   A: 500 -> 2500, round 2
        //   B: 1000 -> 1000, round 1;  B: 1000 -> 2000, round 2
        //   C: 300 -> 300, round 0
        //   A: 1500 -> 4000, round 4: 4 - 0 >= N, dropped (the sketch keeps 2500)
        //   A: 500 -> 3000, round 3 (within the horizon)
        // Service: round 0 [A500, C300], round 1 [A1000, A1500, B1000], round 2 [A2000, A2500,
        // B2000], round 3 [A3000]: per round A sends at most BpR = 1000 B (500 + 500).
        let mut s = afq(4, 1000);
        let mut v = Verdicts::default();
        let arrivals: [(u32, u32, Option<u64>, u64); 10] = [
            (0, 500, Some(0), 500),
            (0, 500, Some(1), 1000),
            (0, 500, Some(1), 1500),
            (0, 500, Some(2), 2000),
            (0, 500, Some(2), 2500),
            (1, 1000, Some(1), 1000),
            (1, 1000, Some(2), 2000),
            (2, 300, Some(0), 300),
            (0, 1500, None, 4000),
            (0, 500, Some(3), 3000),
        ];
        for (id, &(flow, size, round, bid)) in arrivals.iter().enumerate() {
            let got = s.enqueue(Time::ZERO, pkt(id as u64, flow, size), &mut v);
            assert_eq!(s.last.map(|(b, _, _)| b), Some(bid), "arrival {id}'s bid");
            match round {
                Some(r) => assert_eq!(got, Admission::Queued { key: r as i64 }, "arrival {id}"),
                None => assert_eq!(got, Admission::Refused, "arrival {id}"),
            }
        }
        assert_eq!(v.drops.iter().map(|d| (d.pkt.id, d.reason)).collect::<Vec<_>>(), vec![(8, DropReason::AfqHorizon)]);
        let mut view = QueueView::default();
        s.snapshot(usize::MAX, &mut view);
        let expect = [(0, 0), (7, 0), (1, 1), (2, 1), (5, 1), (3, 2), (4, 2), (6, 2), (9, 3)];
        assert_eq!(view.entries, expect.to_vec());
        let order: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).map(|p| p.id).collect();
        assert_eq!(order, expect.iter().map(|e| e.0).collect::<Vec<_>>());
        // The queues emptied in round 3: R = 3.
        assert_eq!(s.round(), 3);
    }

    #[test]
    fn a_flow_that_idled_restarts_at_the_current_round() {
        // N = 4, BpR = 1000: flow A queues 1000 B (round 1); flow B queues 4 x 1000 B (rounds
        // 1, 2, 3, and the fourth at round 4 is beyond the horizon 0 + 4: dropped). Four dequeues
        // empty the queues (rounds 1, 1, 2, 3): R = 3, B's last round. A returns with 1000 B:
        // bid max(1000, 3 x 1000) + 1000 = 4000, round 4 (not its stale 2000): no credit for
        // the rounds it idled.
        let mut s = afq(4, 1000);
        let mut v = Verdicts::default();
        s.enqueue(Time::ZERO, pkt(0, 0, 1000), &mut v);
        for id in 1..5 {
            s.enqueue(Time::ZERO, pkt(id, 1, 1000), &mut v);
        }
        assert_eq!(v.drops.len(), 1);
        while s.dequeue(Time::ZERO, &mut v).is_some() {}
        assert_eq!(s.round(), 3);
        assert_eq!(s.bid(0, 1000), 4000);
        assert_eq!(s.enqueue(Time::ZERO, pkt(9, 0, 1000), &mut v), Admission::Queued { key: 4 });
    }

    #[test]
    fn the_state_lists_the_calendar_from_the_current_round() {
        // N = 3, BpR = 1000: flow 0 sends 1000 B twice (rounds 1, 2), flow 1 once (round 1).
        // Calendar from R = 0: [0, 2, 1]; after one dequeue R = 1: [1, 1, 0].
        let mut s = afq(3, 1000);
        let mut v = Verdicts::default();
        for (id, flow) in [(0, 0), (1, 0), (2, 1)] {
            s.enqueue(Time::ZERO, pkt(id, flow, 1000), &mut v);
        }
        let mut st = StateView::default();
        s.state(&mut st);
        assert_eq!(st.field(0), &[0.0]);
        assert_eq!(st.field(1), &[0.0, 2.0, 1.0]);
        assert_eq!(st.field(2), &[1000.0]);
        assert_eq!(st.field(3), &[1000.0]);
        assert_eq!(st.field(4), &[1.0]);
        assert_eq!(s.dequeue(Time::ZERO, &mut v).map(|p| p.id), Some(0));
        s.state(&mut st);
        assert_eq!(st.field(0), &[1.0]);
        assert_eq!(st.field(1), &[1.0, 1.0, 0.0]);
    }
}
