//! The fairness-efficiency trade-off scheduler (`mr_tradeoff`): Wang, Li, Liang, the
//! MR-tradeoff paper (seed 002), Secs. 3-5. A fluid reference system runs beside the queues:
//! every backlogged flow's head packet is served at once on CPU and link at the dominant
//! share the alpha-portion trade-off gives it (Eq. 19 by Theorem 3, `fluid::allocate`;
//! alpha = 1 is DRGPS, Eq. 16; alpha = 0 the greedy schedule of Eq. 17). The packets are
//! served by start-time tracking (Sec. 4.1): whenever the stage can start one, it takes,
//! among the packets that have started in the fluid, the one that started first (a FIFO of
//! fluid starts, Sec. 5.4). A packet that has not started in the fluid waits, even with the
//! CPU idle: this is how strict fairness leaves resources unused (Fig. 3), and why the
//! scheduler is not work conserving (`next_eligible` is the fluid's next event).
//!
//! The fluid runs on `fluid_vt`, Sec. 5.3's O(log n) virtual-time implementation (regular
//! flows on one virtual clock with their finish tags in an ordered set, the at most two
//! favoured flows tracked directly, incremental sums). Sec. 5.2's direct O(n) version
//! (`fluid_direct`) stays as the tests' reference: mr_tradeoff_tests.rs checks on random
//! inputs (400 packets, up to 60 flows) that both give the same start order and times within
//! 0.01 ns, and benchmarks both (about 0.7 us against 17 us per event at 1000 flows; `cargo
//! test --profile ci -p sched-sim --lib fluid_event_cost -- --ignored --nocapture`);
//! tests/mr_fluid_accuracy.rs holds both against the exact rational fluid over long runs.
//! Both are f64 and their errors build up with time (1.5e-5 and 2.2e-5 ns at most over
//! 12,000 packets; the exact event may be a whole ns the f64 one lands a hair past, e.g.
//! 16987920.00000005 for 16987920 in middlebox/fig6-isolation-alpha-100), so a fluid event
//! within `fluid::SNAP_NS` (1e-4 ns) past a whole ns counts as at it: served at the first
//! whole ns at or after it as computed, 2101 (vt) and 3430 (direct) of the 72,000 starts of
//! those runs' overloaded inputs went 1 ns late; with the allowance 4 each serve at another
//! ns than the exact start, all exact starts within 1e-4 ns past a whole ns (1 ns early).
//!
//! Reading: the fluid's backlog is every packet that has arrived and not finished in the
//! fluid, whatever the discrete queue has sent (the reference system of Sec. 5). On a plain
//! port (one resource) the fluid is GPS on the link. The port's buffer applies (drop-tail on
//! arrival; a refused packet never enters the fluid).
//!
//! Parameters: `alpha` in [0, 1] (default 1). Shown on a packet: its dominant processing
//! time, ns. State: the fair share d_bar, the floor alpha d_bar, the fluid's shares.

use std::collections::BTreeMap;

use crate::params::{Bound, Default, Kind, Spec};
use crate::sched::multi::fluid::{FluidSystem, SNAP_NS};
use crate::sched::multi::fluid_vt::VtFluid;
use crate::sched::multi::dominant;
use crate::sched::parts::lanes::Lanes;
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, Packet, QueueView, Scheduler, StateView, Verdicts};
use crate::time::{Bandwidth, Time};
use crate::units::Buffer;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

pub const MR_TRADEOFF: SchedulerInfo = SchedulerInfo {
    name: "mr_tradeoff",
    display: "α-tradeoff",
    summary: "Tracks a fluid in which every flow gets at least alpha x its DRF share and the rest maximises \
              dominant throughput (alpha = 1: DRGPS; 0: greedy); packets go in fluid start order.",
    reference: "Wang, Li, Liang, fairness-efficiency trade-off for multi-resource packet scheduling (the \
                MR-tradeoff paper), Eqs. 16-19, Theorem 3, Secs. 4-5",
    key: KeySpec { label: "dominant time", unit: Unit::Ns },
    state: &[
        StateSpec {
            name: "fair share",
            description:
                "DRGPS's dominant share d_bar = 1 / max over resources of the heads' normalised times (Eq. 16)",
            unit: Unit::Fraction,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "alpha floor",
            description: "alpha x d_bar: the least dominant share any backlogged flow gets in the fluid",
            unit: Unit::Fraction,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "fluid shares",
            description: "Each backlogged flow's dominant share in the fluid (Theorem 3: at most two above the floor)",
            unit: Unit::Fraction,
            shape: Shape::Vector,
        },
    ],
    params: &[Spec {
        name: "alpha",
        description: "The fairness knob: each backlogged flow gets at least alpha x its DRF share; 1 = strict \
                      DRF (DRGPS), 0 = the greedy schedule that maximises dominant throughput.",
        kind: Kind::Real { min: Bound::Closed(0.0), max: Bound::Closed(1.0) },
        default: Default::Real(1.0),
    }],
    traits: Traits::OWN_ORDER.idling(),
    source: file!(),
    build: |a| {
        let alpha = a.params.real("alpha");
        Ok(AnyScheduler::from(MrTradeoff::new(alpha, a.port.buffer, a.port.bandwidth)))
    },
};

#[derive(Debug)]
pub struct MrTradeoff {
    alpha: f64,
    bandwidth: Bandwidth,
    fluid: VtFluid,
    /// One FIFO per flow (keyed by each packet's dominant time), drop-tail on the buffer.
    lanes: Lanes<()>,
}

impl MrTradeoff {
    pub fn new(alpha: f64, buffer: Buffer, bandwidth: Bandwidth) -> MrTradeoff {
        let lanes = dominant::flow_lanes(buffer);
        MrTradeoff { alpha, bandwidth, fluid: VtFluid::new(alpha), lanes }
    }

    /// The fluid's fair share d_bar and the trade-off's alpha (the floor is their product).
    pub fn fair_and_alpha(&self) -> (f64, f64) {
        (self.fluid.fair(), self.alpha)
    }
}

impl Scheduler for MrTradeoff {
    link_costed!(bandwidth);

    fn enqueue_costed(&mut self, now: Time, pkt: Packet, costs: [Time; 2], v: &mut Verdicts) -> Admission {
        let flow = pkt.flow;
        let admitted = dominant::push(&mut self.lanes, now, pkt, costs, v);
        if let Admission::Queued { .. } = admitted {
            self.fluid.advance(now.as_ns() as f64);
            self.fluid.arrive(flow, [costs[0].as_ns() as f64, costs[1].as_ns() as f64]);
        }
        admitted
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        self.fluid.advance(now.as_ns() as f64);
        let flow = self.fluid.started.pop_front()?;
        let l = self.lanes.lane_of_flow(flow).expect("a packet that started in the fluid is queued");
        let (_, pkt) = self.lanes.pop(now, l, v).expect("one queued packet per fluid start");
        Some(pkt)
    }

    fn next_eligible(&self, now: Time) -> Option<Time> {
        if !self.fluid.started.is_empty() {
            return Some(now);
        }
        let at = self.fluid.t + self.fluid.step()?;
        // The first whole nanosecond at or after the fluid event (within `SNAP_NS`: the f64
        // event may land a hair past an exact whole ns).
        let ns = (at - SNAP_NS).ceil().max(now.as_ns() as f64) as u64;
        Some(Time::ns(ns.max(now.as_ns() + 1)))
    }

    fn fair_floor(&self) -> Option<f64> {
        Some(self.alpha * self.fluid.fair())
    }

    forward!(lanes => len, bytes);

    /// Replays the fluid on a copy (each flow's first `limit` packets) to list the next
    /// `limit` packets in the order they start in it.
    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        let mut f = self.fluid.truncated(limit.saturating_add(1));
        let views = dominant::views(&self.lanes, limit);
        // Packets taken per flow, flow -> count as u64 (the map type of the lanes' flows).
        let mut taken: BTreeMap<u64, u64> = BTreeMap::new();
        let mut guard = 0;
        while out.entries.len() < limit.min(self.lanes.len()) && guard < limit.saturating_mul(4).saturating_add(8) {
            guard += 1;
            if let Some(flow) = f.started.pop_front() {
                let k = taken.entry(u64::from(flow)).or_insert(0);
                if let Some(e) = views.get(&flow).and_then(|q| q.get(*k as usize)) {
                    out.entries.push((e.id, e.slot.key));
                }
                *k += 1;
                continue;
            }
            let Some(step) = f.step() else { break };
            let to = f.t + step;
            f.advance(to);
        }
    }

    fn state(&self, out: &mut StateView) {
        let dbar = self.fluid.fair();
        out.push(&[dbar]);
        out.push(&[self.alpha * dbar]);
        out.push(&self.fluid.shares());
    }
}

#[cfg(test)]
#[path = "mr_tradeoff_tests.rs"]
mod tests;
