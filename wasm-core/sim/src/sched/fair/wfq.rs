//! Weighted fair queueing (`wfq`): Demers, Keshav and Shenker (SIGCOMM'89) with weights,
//! Parekh and Gallager's PGPS ("A generalized processor sharing approach to flow control in
//! integrated services networks: the single-node case", IEEE/ACM ToN 1(3), 1993). Each
//! queue (per flow, hashed bucket, class or child scheduler) has a weight phi; an arrival of
//! L bits gets S = max(V(a), F of the queue's previous arrival) and F = S + L / phi, V being
//! the fluid GPS system's virtual time (`gps`): it grows at C / (sum of the weights
//! backlogged in GPS). The queue head with the least F is sent.
//!
//! Invariant: service in ascending finish tag, ties in arrival order. Bounds (PG Theorem 1
//! and its corollary): each packet leaves no later than in GPS plus L_max / C, so a flow
//! conforming to a token bucket (sigma, rho <= phi_i C / sum phi) is delayed at most
//! sigma / rho + L_max / C (tests/fq_bounds.rs). WFQ can run ahead of GPS by many packets
//! (the burst example in the tests; WF2Q+ cannot).
//!
//! Parameters: `queues`, `buckets`, `weights` (per flow), `class_weights` (per class), `drop`,
//! `queue_limit`. Shown on a packet: its finish tag (bits per unit weight, in thousandths).
//! State: V, and the start and finish tags of each backlogged queue's head.

use crate::sched::fair::gps::Gps;
use crate::sched::parts::tagged::{FINISH_TAG, Rule, Shown, TAG_PARAMS, TAG_STATE, Tagged, weighted_at_rate};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, Packet, Scheduler, Verdicts};
use crate::time::{Bandwidth, Time};

pub const WFQ: SchedulerInfo = SchedulerInfo {
    name: "wfq",
    display: "WFQ",
    summary: "Weighted fair queueing: each packet gets the finish tag it would have in the fluid GPS system \
              (virtual time V), and the least finish tag is sent.",
    reference: "Demers, Keshav, Shenker (SIGCOMM'89); Parekh and Gallager, IEEE/ACM ToN 1(3), 1993 (PGPS)",
    key: FINISH_TAG,
    state: TAG_STATE,
    params: TAG_PARAMS,
    traits: Traits::LANES,
    source: file!(),
    build: |a| weighted_at_rate(a, Shown::FinishMilli, Wfq::new),
};

#[derive(Debug)]
pub struct Wfq {
    t: Tagged,
    gps: Gps,
}

impl Wfq {
    pub fn new(t: Tagged, bandwidth: Bandwidth) -> Wfq {
        Wfq { t, gps: Gps::new(bandwidth) }
    }
}

impl Scheduler for Wfq {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let l = self.t.lanes.lane_of(&pkt);
        let w = self.t.weight(l);
        let cost = pkt.size as f64 * 8.0 / w;
        let vt = self.gps.at(now);
        let admitted = self.t.push(now, l, pkt, vt, cost, v);
        if matches!(admitted, Admission::Queued { .. }) {
            self.gps.arrive(l as u64, w, self.t.last_finish(l));
        }
        for q in std::mem::take(&mut self.t.relinked) {
            self.gps.revise(q as u64, self.t.last_finish(q));
        }
        admitted
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        self.t.serve(now, Rule::Finish, v).map(|(_, p)| p)
    }

    tagged!(snapshot: Rule::Finish, scale: 1000.0, v: gps.v());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::parts::tagged::tests::{keeps_share_under_pushout, order, pushout, tagged, tagged_in};

    #[test]
    fn the_classic_burst_wfq_runs_ahead_of_gps() {
        // Bennett and Zhang (WF2Q, INFOCOM'96, Sec. 3): flow 0 has weight 10 (half the link),
        // flows 1..10 weight 1 each; at t = 0 flow 0 queues 11 packets, the others one each,
        // all of 1000 B (8000 bit). GPS finish tags: flow 0's k-th packet 800 k, the others
        // 8000. WFQ sends flow 0's first ten back to back (tags 800..8000; the tie at 8000 goes
        // to the earlier arrival, flow 0's), then flows 1..10, then flow 0's eleventh (8800):
        // after ten packet times flow 0 has 10 packets where GPS gave it 5.
        let mut s = Wfq::new(tagged(&[10.0], 1.0), Bandwidth::BitsPerSec(1_000_000_000));
        let served = order(&mut s, 10);
        let mut want = vec![0; 10];
        want.extend(1..=10);
        want.push(0);
        assert_eq!(served, want);
    }

    #[test]
    fn a_queue_losing_packets_to_pushout_keeps_its_share() {
        keeps_share_under_pushout(&mut Wfq::new(tagged_in(&[], 1.0, pushout()), Bandwidth::BitsPerSec(1_000_000_000)));
    }
}
