//! Virtual Clock (`virtual_clock`): L. Zhang, "Virtual Clock: a new traffic control algorithm
//! for packet switching networks", SIGCOMM'90. Each queue (per flow, hashed bucket, class or
//! child scheduler) reserves a rate r; an arrival of L bits at real time t is stamped
//! auxVC = max(t, the queue's previous stamp) + L / r, and the least stamp is sent. The stamps
//! are real times: a flow that sent faster than r while others were idle has stamps ahead of
//! the clock, and when the others return it waits until the clock catches up: Virtual Clock
//! punishes a flow for the idle bandwidth it used (the FSC paper's Sec. 2 point; scenarios/
//! fq/virtual-clock-punishes.json shows it).
//!
//! Invariant: service in ascending stamp, ties in arrival order. Parameters: `queues`,
//! `buckets`, `rates` (per flow), `class_rates` (per class), `drop`, `queue_limit`. Shown on
//! a packet: its stamp, against the playhead (how far its flow runs ahead of its reserved
//! rate). State: the heads' start and stamp (finish) instants.

use crate::params::{Default, Kind, Per, Spec, Value};
use crate::sched::parts::buffer::{DROP_TAGGED, QUEUE_LIMIT};
use crate::sched::parts::lanes::{BUCKETS, QUEUES};
use crate::sched::parts::tagged::{tagged, Rule, Shown, Tagged};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, Packet, Scheduler, Verdicts};
use crate::time::Time;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

/// A reserved rate.
const RATE: Kind = Kind::Rate { min: 1, infinite: false };

pub const VIRTUAL_CLOCK: SchedulerInfo = SchedulerInfo {
    name: "virtual_clock",
    display: "Virtual Clock",
    summary: "Virtual Clock: each queue reserves a rate r; an arrival of L bits is stamped max(now, previous \
              stamp) + L / r and the least stamp is sent, so a flow that ran ahead of its rate waits.",
    reference: "L. Zhang, \"Virtual Clock: a new traffic control algorithm for packet switching networks\", \
                SIGCOMM'90",
    key: KeySpec { label: "stamp", unit: Unit::Deadline },
    state: &[
        StateSpec {
            name: "head starts",
            description: "max(arrival, previous stamp) of each backlogged queue's head packet, in queue order",
            unit: Unit::Deadline,
            shape: Shape::Vector,
        },
        StateSpec {
            name: "head stamps",
            description: "The stamp (start + L / r) of each backlogged queue's head packet: ahead of the clock \
                          when its flow ran faster than its rate",
            unit: Unit::Deadline,
            shape: Shape::Vector,
        },
    ],
    params: &[
        QUEUES,
        BUCKETS,
        Spec {
            name: "rates",
            description: "Each flow's reserved rate, by traffic id (e.g. {\"a\": \"1Mbps\"}; flows not listed get \
                          1Mbps, or \"*\"; hashed buckets get \"*\").",
            kind: Kind::List { per: Per::Flow, item: &RATE },
            default: Default::Text("1Mbps"),
        },
        Spec {
            name: "class_rates",
            description: "Each class's reserved rate (queues = class, or with children), e.g. [\"1Mbps\", \"3Mbps\"].",
            kind: Kind::List { per: Per::Class, item: &RATE },
            default: Default::Text("1Mbps"),
        },
        DROP_TAGGED,
        QUEUE_LIMIT,
    ],
    traits: Traits::LANES,
    source: file!(),
    build: |mut a| {
        let bps = |v: &Value| v.rate().bps().expect("a finite rate") as f64;
        let t = tagged(&mut a, "rates", "class_rates", bps, Shown::Finish)?;
        Ok(AnyScheduler::from(VirtualClock::new(t)))
    },
};

#[derive(Debug)]
pub struct VirtualClock {
    /// Weights are the reserved rates, bits per second; tags are ns.
    t: Tagged,
}

impl VirtualClock {
    pub fn new(t: Tagged) -> VirtualClock {
        VirtualClock { t }
    }
}

impl Scheduler for VirtualClock {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let l = self.t.lanes.lane_of(&pkt);
        let ns = pkt.size as f64 * 8.0 * 1e9 / self.t.weight(l);
        self.t.push(now, l, pkt, now.as_ns() as f64, ns, v)
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        self.t.serve(now, Rule::Finish, v).map(|(_, p)| p)
    }

    tagged!(snapshot: Rule::Finish, scale: 1.0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::StateView;
    use crate::sched::parts::tagged::tests::tagged;

    #[test]
    fn a_flow_that_used_idle_bandwidth_waits() {
        // Rates 1 Mbps each (weights are rates here); 1000 B = 8 ms at 1 Mbps. Flow 0 queues
        // 10 packets at t = 0 while flow 1 is idle: stamps 8, 16, ..., 80 ms; the link (say
        // 8 Mbps) sends them all by t = 10 ms. At t = 10 ms flow 0 queues 2 more (stamps 88,
        // 96 ms: 78 ms ahead of the clock) and flow 1 five (stamps 18, 26, 34, 42, 50 ms): all
        // five of flow 1 go first. WFQ would alternate them.
        let mut s = VirtualClock::new(tagged(&[1e6, 1e6], 1e6));
        let mut v = Verdicts::default();
        let t10 = 10_000_000;
        let pkt = |id: u64, flow: u32, at: u64| Packet::new(id, flow, 0, 1000, Time(at)).with_source(flow);
        for id in 0..10 {
            s.enqueue(Time::ZERO, pkt(id, 0, 0), &mut v);
        }
        let first: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v)).map(|p| p.id).collect();
        assert_eq!(first, (0..10).collect::<Vec<u64>>());
        for id in 10..12 {
            s.enqueue(Time(t10), pkt(id, 0, t10), &mut v);
        }
        for id in 12..17 {
            s.enqueue(Time(t10), pkt(id, 1, t10), &mut v);
        }
        let mut state = StateView::default();
        s.state(&mut state);
        // Heads in lane order: flow 0's stamp 88 ms (start 80), flow 1's 18 ms (start 10).
        assert_eq!(state.field(0), &[80e6, 10e6]);
        assert_eq!(state.field(1), &[88e6, 18e6]);
        let order: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time(t10), &mut v)).map(|p| p.id).collect();
        assert_eq!(order, vec![12, 13, 14, 15, 16, 10, 11]);
    }
}
