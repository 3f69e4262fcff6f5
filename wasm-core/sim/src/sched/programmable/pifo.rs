//! PIFO, the push-in first-out queue (Sivaraman et al., SIGCOMM'16, as AIFO Sec. 2.1
//! describes it): every packet gets a rank from a rank program (`sched::rank`) and is pushed
//! into the queue at its rank's place; the head (least rank) is sent first.
//!
//! Invariant: dequeue serves the least (rank, arrival order). On overflow (the port's buffer)
//! the highest-rank packet goes, the arrival or a queued one (AIFO Sec. 2.2: "the last packet
//! in the queue is dropped due to overflow"), with reason PIFO overflow; of equal ranks the
//! newest goes.
//!
//! Parameters: `rank` (default srpt), `weights` (per flow, for rank = stfq). Shown on a
//! packet: its rank. State: STFQ's virtual time (0 for the other programs).

use crate::packet::Packet;
use crate::sched::parts::buffer::{DropPolicy, Limits};
use crate::sched::parts::keyed::KeyedQueue;
use crate::sched::programmable::rank::{self, RANK, RANK_KEY, RANK_PROGRAM, RANK_WEIGHTS, Ranker, ranker};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::units::Buffer;
use crate::view::{Shape, StateSpec, Unit};

pub const PIFO: SchedulerInfo = SchedulerInfo {
    name: "pifo",
    display: "PIFO",
    summary: "Push-in first-out: packets sorted by a programmable rank (SRPT by the flow's bytes unacknowledged \
              or per segment, STFQ, FIFO, LSTF, class, flow size); a full buffer drops the highest rank.",
    reference: "Sivaraman et al., \"Programmable packet scheduling at line rate\", SIGCOMM'16; AIFO (Yu et al., \
                SIGCOMM'21) Sec. 2.1 and Fig. 2",
    key: RANK_KEY,
    state: &[StateSpec {
        name: "virtual time",
        description: "rank = stfq: V, the start time of the packet dequeued last (0 for other programs)",
        unit: Unit::Millibits,
        shape: Shape::Scalar,
    }],
    params: &[RANK, RANK_WEIGHTS, RANK_PROGRAM],
    traits: Traits::KEY_ORDER.reading(rank::reads).keyed_by(rank::key),
    source: file!(),
    build: |a| Ok(AnyScheduler::from(Pifo::new(a.port.buffer, ranker(&a)))),
};

#[derive(Debug)]
pub struct Pifo {
    q: KeyedQueue,
    ranker: Ranker,
}

impl Pifo {
    pub fn new(buffer: Buffer, ranker: Ranker) -> Pifo {
        let limits = Limits { shared: buffer, per_queue: None, policy: DropPolicy::HighestKey };
        Pifo { q: KeyedQueue::new(limits), ranker }
    }
}

impl Scheduler for Pifo {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let rank = self.ranker.rank(now, &pkt, (self.len(), self.bytes()));
        self.q.push(rank, pkt, v)
    }
    fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
        let (rank, p) = self.q.pop()?;
        self.ranker.dequeued(rank);
        Some(p)
    }
    fn state(&self, out: &mut StateView) {
        out.clear();
        out.push(&[self.ranker.virtual_time() as f64]);
    }
    forward!(q => len, bytes, snapshot);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::QueueView;
    use crate::sched::parts::buffer::Limits;
    use crate::sched::single::fifo::Fifo;
    use crate::sched::programmable::rank::fixtures::fig2_burst as burst;
    use crate::sched::programmable::rank::Program;
    use crate::sched::DropReason;


    fn ranks(view: &QueueView) -> Vec<i64> {
        view.entries.iter().map(|&(_, k)| k).collect()
    }

    // paper item: aifo/fig-2: PIFO keeps ranks [1, 1, 2, 2] of the 6-packet burst
    #[test]
    fn fig2_pifo_keeps_1_1_2_2() {
        // PIFO: [1,1,4,5] after four, the fifth (rank 2) pushes out 5, the sixth pushes out 4.
        let mut s = Pifo::new(Buffer::Packets(4), Ranker::new(Program::Class, vec![]));
        let mut v = Verdicts::default();
        for p in burst() {
            s.enqueue(Time::ZERO, p, &mut v);
        }
        let mut view = QueueView::default();
        s.snapshot(usize::MAX, &mut view);
        assert_eq!(ranks(&view), vec![1, 1, 2, 2]);
        // The two packets dropped are the ranks 5 and 4 (ids 2 and 1), as PIFO overflow.
        let dropped: Vec<(u64, DropReason)> = v.drops.iter().map(|d| (d.pkt.id, d.reason)).collect();
        assert_eq!(dropped, vec![(2, DropReason::PifoOverflow), (1, DropReason::PifoOverflow)]);
    }

    // paper item: aifo/fig-2: FIFO keeps [1, 4, 5, 1]
    #[test]
    fn fig2_fifo_keeps_1_4_5_1() {
        // FIFO: the queue is full after four packets; the fifth and sixth are refused.
        let mut s = Fifo::new(Limits::tail(Buffer::Packets(4)));
        let mut v = Verdicts::default();
        let mut kept = Vec::new();
        for p in burst() {
            let class = p.class;
            if let Admission::Queued { .. } = s.enqueue(Time::ZERO, p, &mut v) {
                kept.push(class);
            }
        }
        assert_eq!(kept, vec![1, 4, 5, 1]);
    }

    #[test]
    fn ties_leave_in_arrival_order_and_the_newest_equal_rank_is_dropped() {
        // Three rank-2 packets into two slots: the third (newest) is refused.
        let mut s = Pifo::new(Buffer::Packets(2), Ranker::new(Program::Class, vec![]));
        let mut v = Verdicts::default();
        for i in 0..3 {
            s.enqueue(Time::ZERO, Packet::new(i, 0, 0, 1500, Time::ZERO).with_class(2), &mut v);
        }
        assert_eq!(v.drops.iter().map(|d| d.pkt.id).collect::<Vec<_>>(), vec![2]);
        let order: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).map(|p| p.id).collect();
        assert_eq!(order, vec![0, 1]);
    }
}
