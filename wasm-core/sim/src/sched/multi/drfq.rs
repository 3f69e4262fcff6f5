//! Dominant Resource Fair Queueing (`drfq`): Ghodsi, Sekar, Zaharia, Stoica, "Multi-resource
//! fair queueing for packet processing", SIGCOMM'12 (Sec. 4), the MR-tradeoff paper's
//! baseline (Sec. 6). Each packet p of flow i gets virtual tags from its processing times on
//! the resources, s_r(p) (CPU, then link):
//!   S(p) = max(V(a(p)), F(p's predecessor in flow i)),  F(p) = S(p) + max_r s_r(p) / w_i,
//! and the queued head with the least F goes first. V is the start tag of the packet that
//! entered service last (DRFQ's memoryless virtual time: the largest start tag in service;
//! tags only grow, so the latest is the largest). Over any interval in which two flows are
//! backlogged, their dominant services (over weights) differ by a bounded amount: DRF in
//! the time domain.
//!
//! At a middlebox's CPU stage the stage passes <CPU, link> (`Scheduler::enqueue_costed`); on
//! an ordinary port there is one resource, the link, so a packet's cost is its transmission
//! time and DRFQ is single-resource fair queueing with SFQ's virtual time.
//!
//! Parameters: per-flow `weights` (default 1). Shown on a packet: its finish tag, ns of
//! dominant processing time per unit weight. State: V, the heads' start and finish tags.

use std::collections::BTreeMap;

use crate::params::{Default, Kind, Per, Spec, Value};
use crate::sched::parts::buffer::Limits;
use crate::sched::parts::lanes::{Lanes, PerQueue, QueueKind, WEIGHT};
use crate::sched::parts::tagged::{Rule, Shown, Tagged};
use crate::sched::registry::{BuildArgs, BuildError, SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, Packet, Scheduler, Verdicts};
use crate::time::{Bandwidth, Time};
use crate::view::{KeySpec, Shape, StateSpec, Unit};

const DOMINANT_WEIGHTS: Spec = Spec {
    name: "weights",
    description: "Each flow's weight, by traffic id (flows not listed get 1): backlogged flows receive \
                  dominant service in proportion to their weights.",
    kind: Kind::List { per: Per::Flow, item: &WEIGHT },
    default: Default::Real(1.0),
};

fn drfq(a: BuildArgs<'_>) -> Result<AnyScheduler, BuildError> {
    let class = crate::params::List { per: Per::Class, entries: BTreeMap::new(), default: Box::new(Value::Real(1.0)) };
    let weights = PerQueue::new(a.params.list("weights"), &class, a.flows, |v| v.real());
    let lanes = Lanes::new(QueueKind::Flow, Vec::new(), Limits::tail(a.port.buffer))?;
    Ok(AnyScheduler::Drfq(Box::new(Drfq::new(Tagged::new(lanes, weights, Shown::Finish), a.port.bandwidth))))
}

pub const DRFQ: SchedulerInfo = SchedulerInfo {
    name: "drfq",
    display: "DRFQ",
    summary: "Dominant Resource Fair Queueing: each packet's tags grow by its largest processing time over \
              the resources (CPU, link); the least finish tag goes first.",
    reference: "Ghodsi, Sekar, Zaharia, Stoica, \"Multi-resource fair queueing for packet processing\", \
                SIGCOMM'12; MR-tradeoff (Wang et al.) Sec. 6 baseline",
    key: KeySpec { label: "finish tag", unit: Unit::Ns },
    state: &[
        StateSpec {
            name: "virtual time",
            description: "V: the start tag of the packet that entered service last (ns of dominant time)",
            unit: Unit::Ns,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "head start tags",
            description: "The start tag S of each backlogged flow's head packet",
            unit: Unit::Ns,
            shape: Shape::Vector,
        },
        StateSpec {
            name: "head finish tags",
            description: "F = S + the head's dominant processing time over its weight",
            unit: Unit::Ns,
            shape: Shape::Vector,
        },
    ],
    params: &[DOMINANT_WEIGHTS],
    traits: Traits::OWN_ORDER,
    source: file!(),
    build: drfq,
};

#[derive(Debug)]
pub struct Drfq {
    t: Tagged,
    bandwidth: Bandwidth,
    /// The start tag of the packet sent last.
    v: f64,
}

impl Drfq {
    pub fn new(t: Tagged, bandwidth: Bandwidth) -> Drfq {
        Drfq { t, bandwidth, v: 0.0 }
    }
}

impl Scheduler for Drfq {
    link_costed!(bandwidth);

    fn enqueue_costed(&mut self, now: Time, pkt: Packet, costs: [Time; 2], v: &mut Verdicts) -> Admission {
        let l = self.t.lanes.lane_of(&pkt);
        let dominant = costs[0].max(costs[1]).as_ns() as f64;
        let cost = dominant / self.t.weight(l);
        self.t.push(now, l, pkt, self.v, cost, v)
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        let (tags, p) = self.t.serve(now, Rule::Finish, v)?;
        self.v = tags.start;
        Some(p)
    }

    tagged!(snapshot: Rule::Finish, scale: 1.0, v: v);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::parts::tagged::tests::tagged;
    use crate::sched::parts::tagged::Shown;

    fn drfq() -> Drfq {
        let t = tagged(&[], 1.0);
        let t = Tagged::new(t.lanes, crate::sched::parts::lanes::PerQueue::all(1.0), Shown::Finish);
        Drfq::new(t, Bandwidth::BitsPerSec(1_000_000_000))
    }

    // paper item: mr/fig-1: DRFQ serves three link-bound packets per CPU-bound one (Fig. 1(a))
    /// MR-tradeoff Fig. 1: flow 1's packets need <2, 3> (CPU, link), flow 2's <9, 1> (time
    /// units of 1 us here). Dominant costs 3 and 9, so with both backlogged from 0 DRFQ's
    /// finish tags are 3, 6, 9, ... for flow 1 and 9, 18, ... for flow 2: three packets of
    /// flow 1 per packet of flow 2, each flow 9 units of dominant service per cycle: the
    /// fair schedule of Fig. 1(a) (ties go to the earlier arrival: flow 2's q1 was queued
    /// before p3).
    #[test]
    fn fig1_three_packets_of_the_link_bound_flow_per_packet_of_the_cpu_bound_one() {
        let mut s = drfq();
        let mut v = Verdicts::default();
        let us = |n: u64| Time::ns(n * 1000);
        let mut id = 0;
        for _ in 0..6 {
            for (flow, c) in [(0u32, [us(2), us(3)]), (1, [us(9), us(1)])] {
                let p = Packet::new(id, flow, 0, 100, Time::ZERO).with_source(flow);
                s.enqueue_costed(Time::ZERO, p, c, &mut v);
                id += 1;
            }
        }
        let order: Vec<u32> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).take(8).map(|p| p.flow).collect();
        // Finish tags (us): p 3 6 9 12 15 18, q 9 18: p1 p2 q1(9, queued before p3) p3 p4 p5 q2 p6.
        assert_eq!(order, vec![0, 0, 1, 0, 0, 0, 1, 0]);
    }
}
