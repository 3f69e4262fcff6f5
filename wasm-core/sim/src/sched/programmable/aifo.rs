//! AIFO, admission-in first-out (Yu et al., "Programmable Packet Scheduling with a Single
//! Queue", SIGCOMM'21, Sec. 4.2, Algorithm 1): one FIFO queue with admission control in
//! front of it. An arrival of rank r (from a rank program, `sched::rank`) is admitted iff
//!
//!   c <= k C   or   W.quantile(r) <= (1 / (1 - k)) (C - c) / C
//!
//! with c the queue length in packets, C the target queue size, k the headroom, and W a
//! sliding window of the last n sampled ranks. Otherwise it is dropped with reason AIFO
//! admission.
//!
//! Readings where the text is open:
//! - W.quantile(r) is the fraction of the window's ranks at or below r, the packet's own
//!   sampled rank included: the proof of Theorem 1 (App. A) admits rank class i iff
//!   i <= n(c) = (1 / (1 - k)) ((C - c) / C) n, i.e. class i of n equal classes sits at
//!   quantile i / n. (Sec. 4.4's register comparison reads the other way round in this copy:
//!   "if the packet rank is smaller, output = 1"; taken literally it would admit the highest
//!   ranks first.) An empty window gives 0.
//! - Algorithm 1 updates W with the packet before deciding (line 3); with sampling (Sec. 4.4,
//!   "a sampling method to virtually scale up the sliding window") only every m-th arrival
//!   enters the window, counted from the first, so the run stays deterministic.
//! - C is a target, not the physical size (Sec. 4.2); the port's buffer still bounds the
//!   queue (drop-tail, reason buffer full).
//!
//! Invariant: packets leave in the order they were admitted; an arrival finding c <= k C is
//! always admitted (buffer permitting). Parameters (defaults from Sec. 5.1): `target` C = 20
//! packets, `k` = 0.1, `window` n = 20, `sample` m = 15 (1 in 15), `rank` (srpt), `weights`.
//! Shown on a packet: its rank. State: the window as a histogram, its least and greatest
//! rank, the current quantile threshold, c and C, the last arrival's quantile and verdict.

use std::collections::VecDeque;

use crate::packet::Packet;
use crate::params::{Bound, Default, Kind, Spec};
use crate::sched::programmable::rank::{self, RANK, RANK_KEY, RANK_PROGRAM, RANK_WEIGHTS, RankedFifo, Ranker, ranker};
use crate::sched::registry::{Cost, SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, DropReason, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::units::Buffer;
use crate::view::{Shape, StateSpec, Unit};

pub const AIFO: SchedulerInfo = SchedulerInfo {
    name: "aifo",
    display: "AIFO",
    summary: "AIFO: one FIFO with admission control: admit iff c <= kC or the rank's quantile in a sliding window \
              <= (1/(1-k))(C-c)/C.",
    reference: "Yu et al., \"Programmable Packet Scheduling with a Single Queue\", SIGCOMM'21, Sec. 4.2, \
                Algorithm 1; defaults from Sec. 5.1",
    key: RANK_KEY,
    state: &[
        StateSpec {
            name: "window",
            description: "The sliding window's ranks: counts in 8 equal bins from its least to its greatest rank",
            unit: Unit::Packets,
            shape: Shape::Histogram,
        },
        StateSpec {
            name: "window least rank",
            description: "The least rank in the window (left edge of the histogram)",
            unit: Unit::Rank,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "window greatest rank",
            description: "The greatest rank in the window (right edge of the histogram)",
            unit: Unit::Rank,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "quantile threshold",
            description: "(1/(1-k))(C-c)/C, clamped to [0, 1]: an arrival whose rank's quantile is at most this \
                          is admitted",
            unit: Unit::Fraction,
            shape: Shape::Scalar,
        },
        StateSpec { name: "c", description: "Packets queued", unit: Unit::Packets, shape: Shape::Scalar },
        StateSpec { name: "C", description: "The target queue size", unit: Unit::Packets, shape: Shape::Scalar },
        StateSpec {
            name: "last arrival quantile",
            description: "The quantile of the last arrival's rank in the window",
            unit: Unit::Fraction,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "last arrival admitted",
            description: "Whether the last arrival was admitted (refused ones are dropped as AIFO admission)",
            unit: Unit::Flag,
            shape: Shape::Scalar,
        },
    ],
    params: &[
        Spec {
            name: "target",
            description: "C, the target queue size in packets (not the physical buffer, Sec. 4.2).",
            kind: Kind::Int { min: 1, max: 1_000_000 },
            default: Default::Int(20),
        },
        Spec {
            name: "k",
            description: "The headroom k: below kC queued packets every arrival is admitted.",
            kind: Kind::Real { min: Bound::Closed(0.0), max: Bound::Open(1.0) },
            default: Default::Real(0.1),
        },
        Spec {
            name: "window",
            description: "n, the sliding window's length in sampled ranks.",
            kind: Kind::Int { min: 1, max: 100_000 },
            default: Default::Int(20),
        },
        Spec {
            name: "sample",
            description: "One arrival in this many enters the window (1 = every arrival).",
            kind: Kind::Int { min: 1, max: 1_000_000 },
            default: Default::Int(15),
        },
        RANK,
        RANK_WEIGHTS, RANK_PROGRAM,
    ],
    // Each arrival scans the window (`quantile`): about 256 ranks cost what a FIFO hop does.
    traits: Traits::OWN_ORDER
        .reading(rank::reads)
        .keyed_by(rank::key)
        .costing(|p| Cost { per_packet: 1 + p.int("window") as u64 / 256, ..Cost::BASE }),
    source: file!(),
    build: |a| {
        let cfg = Config {
            target: a.params.int("target") as usize,
            k: a.params.real("k"),
            window: a.params.int("window") as usize,
            sample: a.params.int("sample") as u64,
        };
        Ok(AnyScheduler::from(Aifo::new(a.port.buffer, cfg, ranker(&a))))
    },
};

/// Bins of the exported window histogram.
pub const BINS: usize = 8;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// C, packets.
    pub target: usize,
    /// k, in [0, 1).
    pub k: f64,
    /// n, ranks.
    pub window: usize,
    /// m: one arrival in m enters the window.
    pub sample: u64,
}

#[derive(Debug)]
pub struct Aifo {
    queue: RankedFifo,
    buffer: Buffer,
    cfg: Config,
    window: VecDeque<i64>,
    arrivals: u64,
    ranker: Ranker,
    /// The last arrival's quantile and whether it was admitted.
    last: Option<(f64, bool)>,
}

impl Aifo {
    pub fn new(buffer: Buffer, cfg: Config, ranker: Ranker) -> Aifo {
        Aifo {
            queue: RankedFifo::default(),
            buffer,
            cfg,
            window: VecDeque::with_capacity(cfg.window),
            arrivals: 0,
            ranker,
            last: None,
        }
    }

    /// W.quantile(r): the fraction of the window's ranks at or below `r`.
    pub fn quantile(&self, r: i64) -> f64 {
        if self.window.is_empty() {
            return 0.0;
        }
        self.window.iter().filter(|&&w| w <= r).count() as f64 / self.window.len() as f64
    }

    /// The admission threshold at queue length `c`: (1 / (1 - k)) (C - c) / C.
    pub fn threshold(&self, c: usize) -> f64 {
        let big_c = self.cfg.target as f64;
        (big_c - c as f64) / ((1.0 - self.cfg.k) * big_c)
    }

    /// Algorithm 1, line 5, for an arrival of quantile `q` at queue length `c`.
    pub fn admits(&self, c: usize, q: f64) -> bool {
        c as f64 <= self.cfg.k * self.cfg.target as f64 || q <= self.threshold(c)
    }

    fn sample(&mut self, rank: i64) {
        if self.arrivals.is_multiple_of(self.cfg.sample) {
            if self.window.len() == self.cfg.window {
                self.window.pop_front();
            }
            self.window.push_back(rank);
        }
        self.arrivals += 1;
    }
}

impl Scheduler for Aifo {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let rank = self.ranker.rank(now, &pkt, (self.len(), self.bytes()));
        self.sample(rank);
        let c = self.queue.len();
        let q = self.quantile(rank);
        let admitted = self.admits(c, q);
        self.last = Some((q, admitted));
        if !admitted {
            v.drop(pkt, DropReason::AifoAdmission);
            return Admission::Refused;
        }
        if !self.buffer.fits(c, self.queue.bytes(), pkt.size as u64) {
            v.drop(pkt, DropReason::BufferFull);
            return Admission::Refused;
        }
        self.queue.push(rank, pkt);
        Admission::Queued { key: rank }
    }

    fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
        self.queue.pop(&mut self.ranker)
    }

    forward!(queue => len, bytes, snapshot);

    fn state(&self, out: &mut StateView) {
        out.clear();
        let lo = self.window.iter().copied().min();
        let hi = self.window.iter().copied().max();
        let mut bins = [0.0; BINS];
        if let (Some(lo), Some(hi)) = (lo, hi) {
            let width = (hi as i128 - lo as i128 + 1) as f64 / BINS as f64;
            for &w in &self.window {
                let b = ((w as i128 - lo as i128) as f64 / width) as usize;
                bins[b.min(BINS - 1)] += 1.0;
            }
            out.push(&bins);
        } else {
            out.push(&[]);
        }
        out.push(&lo.map(|x| vec![x as f64]).unwrap_or_default());
        out.push(&hi.map(|x| vec![x as f64]).unwrap_or_default());
        out.push(&[self.threshold(self.queue.len()).clamp(0.0, 1.0)]);
        out.push(&[self.queue.len() as f64]);
        out.push(&[self.cfg.target as f64]);
        out.push(&self.last.map(|(q, _)| vec![q]).unwrap_or_default());
        out.push(&self.last.map(|(_, a)| vec![if a { 1.0 } else { 0.0 }]).unwrap_or_default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::programmable::rank::Program;

    fn pkt(id: u64, rank: u8) -> Packet {
        Packet::new(id, 0, 0, 1500, Time::ZERO).with_class(rank)
    }

    fn aifo(target: usize, k: f64, window: usize, sample: u64) -> Aifo {
        Aifo::new(Buffer::Unlimited, Config { target, k, window, sample }, Ranker::new(Program::Class, vec![]))
    }

    // paper item: aifo/fig-4: Fig. 4's admission thresholds with C = 6, k = 1/6
    #[test]
    fn fig4_thresholds() {
        // AIFO Fig. 4: C = 6, k = 1/6: at c = 2 the threshold is (6/5)(4/6) = 80%, at c = 5 it
        // is (6/5)(1/6) = 20%; a packet at the 50% quantile is admitted at c = 2, dropped at 5.
        let a = aifo(6, 1.0 / 6.0, 4, 1);
        assert!((a.threshold(2) - 0.8).abs() < 1e-12);
        assert!((a.threshold(5) - 0.2).abs() < 1e-12);
        assert!(a.admits(2, 0.5));
        assert!(!a.admits(5, 0.5));
        // The headroom kC = 1 packet: at c <= 1 everything is admitted.
        assert!(a.admits(1, 1.0));
        assert!(!a.admits(2, 0.9));
    }

    // paper item: aifo/fig-4: Fig. 4's examples admitted and refused through the queue
    #[test]
    fn fig4_through_the_queue() {
        // The same two cases driven through enqueue (C = 6, k = 1/6, so kC = 1; window of 4,
        // every arrival sampled). Ranks 50 and 60 pass through an idle queue; 70 and 80 are
        // admitted in the headroom (c = 0, 1). Now c = 2 and W = [50, 60, 70, 80].
        let mut a = aifo(6, 1.0 / 6.0, 4, 1);
        let mut v = Verdicts::default();
        let queued = |x: Admission| matches!(x, Admission::Queued { .. });
        for (id, r) in [(0, 50), (1, 60)] {
            assert!(queued(a.enqueue(Time::ZERO, pkt(id, r), &mut v)));
            a.dequeue(Time::ZERO, &mut v);
        }
        for (id, r) in [(2, 70), (3, 80)] {
            assert!(queued(a.enqueue(Time::ZERO, pkt(id, r), &mut v)));
        }
        assert_eq!(a.len(), 2);
        // Case 1: rank 65 arrives; W = [60, 70, 80, 65], two of four at or below 65: the 50%
        // quantile, under the 80% threshold at c = 2: admitted.
        assert!(queued(a.enqueue(Time::ZERO, pkt(4, 65), &mut v)));
        assert_eq!(a.last, Some((0.5, true)));
        // Ranks 20 and 10 are each the least of the window (quantile 25%), admitted at c = 3
        // (threshold 60%) and c = 4 (40%). W = [80, 65, 20, 10], c = 5.
        for (id, r) in [(5, 20), (6, 10)] {
            assert!(queued(a.enqueue(Time::ZERO, pkt(id, r), &mut v)));
        }
        assert_eq!(a.len(), 5);
        // Case 2: rank 15 arrives; W = [65, 20, 10, 15], two of four at or below 15: the 50%
        // quantile, over the 20% threshold at c = 5: dropped.
        assert_eq!(a.enqueue(Time::ZERO, pkt(7, 15), &mut v), Admission::Refused);
        assert_eq!(a.last, Some((0.5, false)));
        assert_eq!(v.drops.last().map(|d| (d.pkt.id, d.reason)), Some((7, DropReason::AifoAdmission)));
        // The admitted leave in arrival order.
        let order: Vec<u64> = std::iter::from_fn(|| a.dequeue(Time::ZERO, &mut v)).map(|p| p.id).collect();
        assert_eq!(order, vec![2, 3, 4, 5, 6]);
    }

    #[test]
    fn sampling_takes_one_arrival_in_m() {
        // m = 3: arrivals 0, 3, 6 enter the window (ranks 0, 3, 6); a window of 2 keeps 3, 6.
        let mut a = aifo(100, 0.1, 2, 3);
        let mut v = Verdicts::default();
        for id in 0..8u64 {
            a.enqueue(Time::ZERO, pkt(id, id as u8), &mut v);
        }
        assert_eq!(a.window.iter().copied().collect::<Vec<_>>(), vec![3, 6]);
    }
}
