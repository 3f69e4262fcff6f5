//! Multi-resource schedulers (MR-tradeoff paper and its baselines): they order packets by
//! their processing times on several resources, which a middlebox's CPU stage passes them
//! (`Scheduler::enqueue_costed`); on an ordinary port the link is the only resource.

use super::{BuildArgs, BuildError, Children, Order, SchedulerInfo};
use crate::params::{Bound, Default, Kind, Per, Spec, Value};
use crate::sched::buffer::Limits;
use crate::sched::drfq::Drfq;
use crate::sched::lanes::{Lanes, PerQueue, QueueKind};
use crate::sched::mr3::Mr3;
use crate::sched::mr_tradeoff::MrTradeoff;
use crate::sched::tagged::{Shown, Tagged};
use crate::sched::AnyScheduler;
use crate::view::{KeySpec, Shape, StateSpec, Unit};
use std::collections::BTreeMap;

const WEIGHT: Kind = Kind::Real { min: Bound::Open(0.0), max: Bound::None };

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
    children: Children::None,
    work_conserving: true,
    order: Order::Snapshot,
    build: drfq,
};

pub const MR3: SchedulerInfo = SchedulerInfo {
    name: "mr3",
    display: "MR3",
    summary: "Multi-Resource Round Robin: backlogged flows in turn, each sending until it has used its \
              elastic allowance of dominant processing time.",
    reference: "Wang, Li, Liang, \"Multi-resource round robin\", ICNP'13; MR-tradeoff (Wang et al.) Sec. 6 \
                baseline",
    key: KeySpec { label: "dominant time", unit: Unit::Ns },
    state: &[
        StateSpec {
            name: "allowance left",
            description: "Dominant processing time the flow being served may still use in this round",
            unit: Unit::Ns,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "MaxSC",
            description: "The largest surplus of the last round: it sets the next round's allowances",
            unit: Unit::Ns,
            shape: Shape::Scalar,
        },
    ],
    params: &[],
    children: Children::None,
    work_conserving: true,
    order: Order::Snapshot,
    build: |a| Ok(AnyScheduler::Mr3(Box::new(Mr3::new(a.port.buffer, a.port.bandwidth)))),
};

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
    children: Children::None,
    work_conserving: false,
    order: Order::Snapshot,
    build: |a| {
        let alpha = a.params.real("alpha");
        Ok(AnyScheduler::MrTradeoff(Box::new(MrTradeoff::new(alpha, a.port.buffer, a.port.bandwidth))))
    },
};
