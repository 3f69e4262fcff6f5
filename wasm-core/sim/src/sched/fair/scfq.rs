//! Self-clocked fair queueing (`scfq`): Golestani, "A self-clocked fair queueing scheme for
//! broadband applications", INFOCOM'94. WFQ's tags without the fluid system: the system
//! virtual time V is the finish tag of the packet in service (the last one sent), so an
//! arrival of L bits to a queue of weight phi gets S = max(V, F of the queue's previous
//! arrival), F = S + L / phi; the head with the least F is sent.
//!
//! Invariant: service in ascending finish tag, ties in arrival order. Bound (Golestani,
//! Theorem 1): over any interval in which flows i and j are both backlogged,
//! |W_i / phi_i - W_j / phi_j| <= L_max / phi_i + L_max / phi_j (tests/fq_bounds.rs measures
//! it on random traffic).
//!
//! Parameters: as `wfq`. Shown on a packet: its finish tag (bits per unit weight, in
//! thousandths). State: V, the heads' start and finish tags.

use crate::sched::parts::tagged::{FINISH_TAG, Rule, Shown, TAG_PARAMS, TAG_STATE, Tagged, weights};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, Packet, Scheduler, Verdicts};
use crate::time::Time;

pub const SCFQ: SchedulerInfo = SchedulerInfo {
    name: "scfq",
    display: "SCFQ",
    summary: "Self-clocked fair queueing: WFQ's tags with V the finish tag of the packet in service; the least \
              finish tag is sent.",
    reference: "Golestani, \"A self-clocked fair queueing scheme for broadband applications\", INFOCOM'94",
    key: FINISH_TAG,
    state: TAG_STATE,
    params: TAG_PARAMS,
    traits: Traits::LANES,
    source: file!(),
    build: |mut a| Ok(AnyScheduler::from(Scfq::new(weights(&mut a, Shown::FinishMilli)?))),
};

#[derive(Debug)]
pub struct Scfq {
    t: Tagged,
    /// The finish tag of the packet sent last.
    v: f64,
}

impl Scfq {
    pub fn new(t: Tagged) -> Scfq {
        Scfq { t, v: 0.0 }
    }
}

impl Scheduler for Scfq {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let (l, cost) = self.t.lane_cost(&pkt);
        self.t.push(now, l, pkt, self.v, cost, v)
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        let (tags, p) = self.t.serve(now, Rule::Finish, v)?;
        self.v = tags.finish;
        Some(p)
    }

    tagged!(snapshot: Rule::Finish, scale: 1000.0, v: v);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::StateView;
    use crate::sched::parts::tagged::tests::{keeps_share_under_pushout, order, pushout, tagged, tagged_in};

    #[test]
    fn tags_follow_the_packet_in_service() {
        // Weights 10 and 1 each as in the classic burst, V = 0 at t = 0: the same tags as WFQ
        // (flow 0: 800 k bits, the others 8000), so the same order: flow 0's ten first.
        let mut s = Scfq::new(tagged(&[10.0], 1.0));
        let served = order(&mut s, 10);
        let mut want = vec![0; 10];
        want.extend(1..=10);
        want.push(0);
        assert_eq!(served, want);
        // V is now the last finish tag sent: flow 0's eleventh, 8800 bits.
        assert_eq!(s.v, 8800.0);
        // A new flow arriving now starts at V: S = 8800, F = 8800 + 8000.
        let mut v = Verdicts::default();
        s.enqueue(Time::ZERO, Packet::new(99, 3, 0, 1000, Time::ZERO).with_source(3), &mut v);
        let mut state = StateView::default();
        s.state(&mut state);
        assert_eq!(state.field(1), &[8_800_000.0]);
        assert_eq!(state.field(2), &[16_800_000.0]);
    }

    #[test]
    fn a_queue_losing_packets_to_pushout_keeps_its_share() {
        keeps_share_under_pushout(&mut Scfq::new(tagged_in(&[], 1.0, pushout())));
    }
}
