//! Strict priority over traffic classes (`strict_priority`): class 0 first, then class 1, ...
//! A lower class is served only when every higher one is empty; non-preemptive (a packet in
//! transmission finishes). The classic model of Cobham (1954): with Poisson classes on one
//! link, class k's mean wait is W_k = W0 / ((1 - sigma_{k-1})(1 - sigma_k)), W0 = sum_i
//! lambda_i E[S_i^2] / 2, sigma_k the load of classes 0..k (scenarios/fq/strict-priority-
//! cobham.json checks it).
//!
//! Principles: the class is the packet's `class` (from its traffic source). Without children
//! each class has a FIFO queue; with children, class i is child i's (classes beyond the last
//! child go to the last) and the child orders its class. Invariant: the packet sent belongs to
//! the lowest backlogged class. Shown on a queued packet: its class. State: packets queued per
//! class. Buffer: `buffer` (drop-tail, drop-head, push-out from the longest queue, optional
//! per-class limit).

use crate::sched::parts::buffer::{DROP_QUEUES, Limits, QUEUE_LIMIT};
use crate::sched::parts::lanes::{Lanes, QueueKind};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, Packet, QueueView, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

pub const STRICT_PRIORITY: SchedulerInfo = SchedulerInfo {
    name: "strict_priority",
    display: "Strict priority",
    summary: "Strict priority between traffic classes: class 0 first, a lower class only when every higher one \
              is empty; FIFO per class, or a child scheduler per class.",
    reference: "Non-preemptive priority queueing; mean waits: Cobham, \"Priority assignment in waiting line \
                problems\", J. Oper. Res. Soc. America 2(1), 1954",
    key: KeySpec { label: "class", unit: Unit::Rank },
    state: &[StateSpec {
        name: "queued per class",
        description: "Packets queued in each class, class 0 first",
        unit: Unit::Packets,
        shape: Shape::Vector,
    }],
    params: &[DROP_QUEUES, QUEUE_LIMIT],
    traits: Traits::LANES,
    source: file!(),
    build: |mut a| {
        let children = std::mem::take(&mut a.children);
        let kind = if children.is_empty() { QueueKind::Class } else { QueueKind::Children };
        let lanes = Lanes::new(kind, children, Limits::from_params(a.port.buffer, a.params, true))?;
        Ok(AnyScheduler::from(StrictPriority::new(lanes)))
    },
};

#[derive(Debug)]
pub struct StrictPriority {
    lanes: Lanes<()>,
}

impl StrictPriority {
    /// `lanes`: per class (`QueueKind::Class`) or per child.
    pub fn new(lanes: Lanes<()>) -> StrictPriority {
        StrictPriority { lanes }
    }
}

impl Scheduler for StrictPriority {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let l = self.lanes.lane_of(&pkt);
        self.lanes.push(now, l, pkt, l as i64, (), v)
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        let backlogged: Vec<usize> = self.lanes.backlogged().collect();
        backlogged.into_iter().find_map(|l| self.lanes.pop(now, l, v)).map(|(_, p)| p)
    }

    forward!(lanes => len, bytes);

    /// Every class's packets in its order, highest class first.
    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        for l in self.lanes.backlogged() {
            let left = limit - out.entries.len();
            if left == 0 {
                break;
            }
            out.entries.extend(self.lanes.view(l, left).iter().map(|e| (e.id, l as i64)));
        }
    }

    fn state(&self, out: &mut StateView) {
        let queued: Vec<f64> = (0..self.lanes.count()).map(|l| self.lanes.lane_len(l) as f64).collect();
        out.push(&queued);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::parts::buffer::Limits;
    use crate::sched::parts::lanes::QueueKind;
    use crate::units::Buffer;

    #[test]
    fn the_lowest_class_goes_first_fifo_within() {
        // Arrivals (id, class): (0, 2), (1, 0), (2, 1), (3, 0): class 0's two in arrival
        // order, then class 1, then class 2.
        let lanes = Lanes::new(QueueKind::Class, vec![], Limits::tail(Buffer::Unlimited)).unwrap();
        let mut s = StrictPriority::new(lanes);
        let mut v = Verdicts::default();
        for (id, class) in [(0, 2), (1, 0), (2, 1), (3, 0)] {
            let p = Packet::new(id, id as u32, 0, 100, Time::ZERO).with_class(class);
            s.enqueue(Time::ZERO, p, &mut v);
        }
        let mut view = QueueView::default();
        s.snapshot(usize::MAX, &mut view);
        assert_eq!(view.entries, vec![(1, 0), (3, 0), (2, 1), (0, 2)]);
        let mut state = StateView::default();
        s.state(&mut state);
        assert_eq!(state.field(0), &[2.0, 1.0, 1.0]);
        let order: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).map(|p| p.id).collect();
        assert_eq!(order, vec![1, 3, 2, 0]);
    }
}
