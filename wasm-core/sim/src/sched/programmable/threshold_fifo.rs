//! FIFO with a fixed rank threshold at admission: the oracle admission of AIFO's motivating
//! example (Yu et al., SIGCOMM'21, Sec. 2.2, Fig. 2): "if there is an oracle that knows the
//! precise arrival pattern of the packets in advance, then the switch can perform admission
//! control before the packets are enqueued. Specifically for the example in Figure 2, the
//! admission control can use a threshold of 3. If the rank of a packet is no bigger than 3,
//! then the packet can be enqueued; otherwise the packet is dropped." AIFO (`aifo`) replaces
//! the oracle's fixed threshold by one adapted to the queue length and the recent ranks.
//!
//! Invariant: an arrival of rank r (from a rank program, `sched::rank`) is admitted iff
//! r <= threshold and it fits the port's buffer; refusals by rank have reason rank threshold,
//! by the buffer buffer full. Admitted packets leave in arrival order.
//!
//! Parameters: `threshold` (the greatest admitted rank, in the rank program's unit; default
//! 3, the figure's), `rank` (default srpt), `weights` (per flow, for rank = stfq). Shown on a
//! packet: its rank. State: the threshold, the last arrival's rank and verdict.

use crate::packet::Packet;
use crate::params::{Default, Kind, Spec};
use crate::sched::programmable::rank::{self, RANK, RANK_KEY, RANK_PROGRAM, RANK_WEIGHTS, RankedFifo, Ranker, ranker};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, DropReason, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::units::Buffer;
use crate::view::{Shape, StateSpec, Unit};

pub const THRESHOLD_FIFO: SchedulerInfo = SchedulerInfo {
    name: "threshold_fifo",
    display: "FIFO + rank threshold",
    summary: "FIFO with a fixed admission threshold: admit iff rank <= threshold (the oracle admission of AIFO's \
              Fig. 2); refusals are rank threshold drops.",
    reference: "Yu et al., \"Programmable Packet Scheduling with a Single Queue\", SIGCOMM'21, Sec. 2.2 and Fig. 2",
    key: RANK_KEY,
    state: &[
        StateSpec {
            name: "threshold",
            description: "The greatest rank admitted",
            unit: Unit::Rank,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "last arrival rank",
            description: "The rank of the last arrival",
            unit: Unit::Rank,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "last arrival admitted",
            description:
                "Whether the last arrival was admitted (its rank at most the threshold, and room in the buffer)",
            unit: Unit::Flag,
            shape: Shape::Scalar,
        },
    ],
    params: &[
        Spec {
            name: "threshold",
            description: "The greatest rank admitted, in the rank program's unit (Fig. 2's oracle uses 3 with ranks \
                          as classes).",
            kind: Kind::Int { min: 0, max: 9_007_199_254_740_991 },
            default: Default::Int(3),
        },
        RANK,
        RANK_WEIGHTS, RANK_PROGRAM,
    ],
    traits: Traits::OWN_ORDER.reading(rank::reads).keyed_by(rank::key),
    source: file!(),
    build: |a| {
        let threshold = a.params.int("threshold");
        Ok(AnyScheduler::from(ThresholdFifo::new(a.port.buffer, threshold, ranker(&a))))
    },
};

#[derive(Debug)]
pub struct ThresholdFifo {
    queue: RankedFifo,
    buffer: Buffer,
    threshold: i64,
    ranker: Ranker,
    /// The last arrival's rank and whether it was admitted.
    last: Option<(i64, bool)>,
}

impl ThresholdFifo {
    pub fn new(buffer: Buffer, threshold: i64, ranker: Ranker) -> ThresholdFifo {
        ThresholdFifo { queue: RankedFifo::default(), buffer, threshold, ranker, last: None }
    }
}

impl Scheduler for ThresholdFifo {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let rank = self.ranker.rank(now, &pkt, (self.len(), self.bytes()));
        let refusal = if rank > self.threshold {
            Some(DropReason::RankThreshold)
        } else if !self.buffer.fits(self.queue.len(), self.queue.bytes(), pkt.size as u64) {
            Some(DropReason::BufferFull)
        } else {
            None
        };
        self.last = Some((rank, refusal.is_none()));
        if let Some(reason) = refusal {
            v.drop(pkt, reason);
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
        out.push(&[self.threshold as f64]);
        out.push(&self.last.map(|(r, _)| vec![r as f64]).unwrap_or_default());
        out.push(&self.last.map(|(_, a)| vec![if a { 1.0 } else { 0.0 }]).unwrap_or_default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::QueueView;
    use crate::sched::programmable::rank::fixtures::fig2_burst as burst;
    use crate::sched::programmable::rank::Program;

    /// Fig. 2's burst into a four-packet buffer with this threshold: the scheduler, its
    /// verdicts and its queue (id, rank) after the burst.
    fn after_burst(threshold: i64) -> (ThresholdFifo, Verdicts, Vec<(u64, i64)>) {
        let mut s = ThresholdFifo::new(Buffer::Packets(4), threshold, Ranker::new(Program::Class, vec![]));
        let mut v = Verdicts::default();
        for p in burst() {
            s.enqueue(Time::ZERO, p, &mut v);
        }
        let mut view = QueueView::default();
        s.snapshot(usize::MAX, &mut view);
        (s, v, view.entries)
    }

    // paper item: aifo/fig-2: the oracle threshold admission keeps [1, 1, 2, 2]
    #[test]
    fn fig2_oracle_admission_keeps_1_1_2_2() {
        // Sec. 2.2: with threshold 3 "the second and third packets would be dropped and the
        // queue is [1, 1, 2, 2] in the end", the same set as PIFO's, in arrival order.
        let (mut s, mut v, queue) = after_burst(3);
        assert_eq!(queue, vec![(0, 1), (3, 1), (4, 2), (5, 2)]);
        let dropped: Vec<(u64, DropReason)> = v.drops.iter().map(|d| (d.pkt.id, d.reason)).collect();
        assert_eq!(dropped, vec![(1, DropReason::RankThreshold), (2, DropReason::RankThreshold)]);
        assert_eq!(s.last, Some((2, true)));
        let order: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).map(|p| p.id).collect();
        assert_eq!(order, vec![0, 3, 4, 5]);
    }

    #[test]
    fn the_buffer_still_bounds_the_queue() {
        // Threshold 5 admits every rank of the burst by rank; the four-slot buffer then refuses
        // the fifth and sixth as buffer full: plain FIFO's [1, 4, 5, 1].
        let (s, v, queue) = after_burst(5);
        assert_eq!(queue.iter().map(|e| e.1).collect::<Vec<_>>(), vec![1, 4, 5, 1]);
        assert!(v.drops.iter().all(|d| d.reason == DropReason::BufferFull));
        assert_eq!(s.last, Some((2, false)));
    }
}
