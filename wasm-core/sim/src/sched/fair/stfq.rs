//! Start-time fair queueing (`stfq`): Goyal, Vin and Cheng, "Start-time fair queuing: a
//! scheduling algorithm for integrated services packet switching networks", SIGCOMM'96 /
//! IEEE/ACM ToN 5(5), 1997. An arrival of L bits to a queue of weight phi gets
//! S = max(V, F of the queue's previous arrival), F = S + L / phi; the head with the least
//! START tag is sent; V is the start tag of the packet in service, and at the end of a busy
//! period the greatest finish tag sent so far.
//!
//! Invariant: service in ascending start tag, ties in arrival order. Bound (Goyal et al.,
//! Theorem 1): over any interval in which flows i and j are both backlogged,
//! |W_i / phi_i - W_j / phi_j| <= L_max / phi_i + L_max / phi_j (tests/fq_bounds.rs).
//!
//! Parameters: as `wfq`. Shown on a packet: its start tag (bits per unit weight, in
//! thousandths). State: V, the heads' start and finish tags. The end of a busy period is the
//! end of the last packet's transmission at the port's rate.

use crate::sched::parts::tagged::{Rule, Shown, TAG_PARAMS, TAG_STATE, Tagged, weighted_at_rate};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, Packet, Scheduler, Verdicts};
use crate::time::{Bandwidth, Time};
use crate::view::{KeySpec, Unit};

pub const STFQ: SchedulerInfo = SchedulerInfo {
    name: "stfq",
    display: "STFQ",
    summary: "Start-time fair queueing: the least START tag is sent; V is the start tag of the packet in \
              service.",
    reference: "Goyal, Vin, Cheng, \"Start-time fair queuing\", SIGCOMM'96 / IEEE/ACM ToN 5(5), 1997",
    key: KeySpec { label: "start tag", unit: Unit::Millibits },
    state: TAG_STATE,
    params: TAG_PARAMS,
    traits: Traits::LANES,
    source: file!(),
    build: |a| weighted_at_rate(a, Shown::StartMilli, Stfq::new),
};

#[derive(Debug)]
pub struct Stfq {
    t: Tagged,
    v: f64,
    /// The greatest finish tag sent.
    max_finish: f64,
    /// When the packet sent last finishes its transmission, ns.
    busy_until: u64,
    bandwidth: Bandwidth,
}

impl Stfq {
    pub fn new(t: Tagged, bandwidth: Bandwidth) -> Stfq {
        Stfq { t, v: 0.0, max_finish: 0.0, busy_until: 0, bandwidth }
    }
}

impl Scheduler for Stfq {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        if self.t.lanes.is_empty() && now.as_ns() >= self.busy_until {
            // The server is idle: the busy period ended.
            self.v = self.max_finish;
        }
        let (l, cost) = self.t.lane_cost(&pkt);
        self.t.push(now, l, pkt, self.v, cost, v)
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        let (tags, p) = self.t.serve(now, Rule::Start, v)?;
        self.v = tags.start;
        self.max_finish = self.max_finish.max(tags.finish);
        self.busy_until = now.as_ns() + self.bandwidth.tx_time(p.size as u64).as_ns();
        Some(p)
    }

    tagged!(snapshot: Rule::Start, scale: 1000.0, v: v);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::parts::tagged::tests::{keeps_share_under_pushout, order, pushout, tagged, tagged_in};

    #[test]
    fn the_least_start_tag_goes_first() {
        // The classic burst with weights 10 and 1: start tags flow 0: 800 (k - 1), the others
        // 0. Ties at 0 go to the earlier arrival: flow 0's first, then flows 1..10 (all S = 0),
        // then flow 0's 2nd..11th (S = 800..8000).
        let mut s = Stfq::new(tagged(&[10.0], 1.0), Bandwidth::BitsPerSec(1_000_000_000));
        let served = order(&mut s, 10);
        let mut want = vec![0];
        want.extend(1..=10);
        want.extend([0; 10]);
        assert_eq!(served, want);
        assert_eq!((s.v, s.max_finish), (8000.0, 8800.0));
    }

    #[test]
    fn a_queue_losing_packets_to_pushout_keeps_its_share() {
        keeps_share_under_pushout(&mut Stfq::new(tagged_in(&[], 1.0, pushout()), Bandwidth::BitsPerSec(1_000_000_000)));
    }
}
