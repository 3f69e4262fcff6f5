//! The fair queueing family: packets (or class slots) tagged with virtual times: `fq`,
//! `class_fq`, and the timestamp family over `lanes` (`wfq`, `scfq`, `stfq`, `wf2q_plus`,
//! `virtual_clock`).

use super::{BuildArgs, BuildError, Children, Order, SchedulerInfo};
use crate::params::{Bound, Default, Kind, Per, Spec, Value};
use crate::sched::buffer::{Limits, DROP_TAGGED, QUEUE_LIMIT};
use crate::sched::class_fq::ClassFq;
use crate::sched::fq::Fq;
use crate::sched::lanes::{Lanes, PerQueue, QueueKind, BUCKETS, QUEUES};
use crate::sched::scfq::Scfq;
use crate::sched::stfq::Stfq;
use crate::sched::tagged::{Shown, Tagged};
use crate::sched::virtual_clock::VirtualClock;
use crate::sched::wf2q_plus::Wf2qPlus;
use crate::sched::wfq::Wfq;
use crate::sched::AnyScheduler;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

/// A weight: any positive number.
const WEIGHT: Kind = Kind::Real { min: Bound::Open(0.0), max: Bound::None };

pub const FQ: SchedulerInfo = SchedulerInfo {
    name: "fq",
    display: "Fair queueing",
    summary: "Fair queueing (WFQ with equal weights): packets in order of their GPS finish tags.",
    reference: "Demers, Keshav, Shenker (SIGCOMM'89); UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
    key: KeySpec { label: "finish tag", unit: Unit::Millibits },
    state: &[],
    params: &[],
    children: Children::None,
    work_conserving: true,
    order: Order::Key,
    build: |a| Ok(AnyScheduler::Fq(Box::new(Fq::new(a.port.buffer, a.port.bandwidth)))),
};

pub const CLASS_FQ: SchedulerInfo = SchedulerInfo {
    name: "class_fq",
    display: "Class fair queueing",
    summary: "Weighted fair queueing between traffic classes; child i schedules class i.",
    reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3: FQ between two classes, one SJF and one FIFO",
    key: KeySpec { label: "class finish tag", unit: Unit::Millibits },
    state: &[],
    params: &[Spec {
        name: "weights",
        description: "Each class's weight: its share of the link while backlogged is its weight over the \
                      backlogged classes' total (e.g. [1, 3]; classes not listed get 1).",
        kind: Kind::List { per: Per::Class, item: &WEIGHT },
        default: Default::Real(1.0),
    }],
    children: Children::Required,
    work_conserving: true,
    order: Order::Snapshot,
    build: |a| {
        let weights = (0..a.children.len()).map(|c| a.params.list("weights").for_class(c as u8).real()).collect();
        Ok(AnyScheduler::ClassFq(Box::new(ClassFq::new(a.port.buffer, a.port.bandwidth, a.children, weights))))
    },
};

/// Per-flow weights of the timestamp family.
const FLOW_WEIGHTS: Spec = Spec {
    name: "weights",
    description: "Each flow's weight, by traffic id (e.g. {\"long\": 1, \"short\": 3}; flows not listed get 1, \
                  or \"*\"; hashed buckets get \"*\"): a backlogged queue's share is its weight over the \
                  backlogged weights' sum.",
    kind: Kind::List { per: Per::Flow, item: &WEIGHT },
    default: Default::Real(1.0),
};

/// Per-class weights (queues = class, or with children).
const CLASS_WEIGHTS: Spec = Spec {
    name: "class_weights",
    description: "Each class's weight (queues = class, or with children), e.g. [1, 3].",
    kind: Kind::List { per: Per::Class, item: &WEIGHT },
    default: Default::Real(1.0),
};

const TAG_STATE: &[StateSpec] = &[
    StateSpec {
        name: "virtual time",
        description: "The system virtual time V (bits per unit weight): an arrival to an idle queue starts at V",
        unit: Unit::Millibits,
        shape: Shape::Scalar,
    },
    StateSpec {
        name: "head start tags",
        description: "The virtual start tag S of each backlogged queue's head packet, in queue order",
        unit: Unit::Millibits,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "head finish tags",
        description: "The virtual finish tag F = S + L / weight of each backlogged queue's head packet",
        unit: Unit::Millibits,
        shape: Shape::Vector,
    },
];

const TAG_PARAMS: &[Spec] = &[QUEUES, BUCKETS, FLOW_WEIGHTS, CLASS_WEIGHTS, DROP_TAGGED, QUEUE_LIMIT];

const FINISH_TAG: KeySpec = KeySpec { label: "finish tag", unit: Unit::Millibits };

/// The tagged queues of a timestamp scheduler, `weights`/`class_weights` (or `rates`/`class_rates` read by `read`).
fn tagged(
    a: &mut BuildArgs<'_>,
    flow: &str,
    class: &str,
    read: fn(&Value) -> f64,
    shown: Shown,
) -> Result<Tagged, BuildError> {
    let per = PerQueue::new(a.params.list(flow), a.params.list(class), a.flows, read);
    let children = std::mem::take(&mut a.children);
    let kind = QueueKind::from_params(a.params, !children.is_empty(), a.port.rng().next_u64());
    let lanes = Lanes::new(kind, children, Limits::from_params(a.port.buffer, a.params, true))?;
    Ok(Tagged::new(lanes, per, shown))
}

fn weights(a: &mut BuildArgs<'_>, shown: Shown) -> Result<Tagged, BuildError> {
    tagged(a, "weights", "class_weights", |v| v.real(), shown)
}

pub const WFQ: SchedulerInfo = SchedulerInfo {
    name: "wfq",
    display: "WFQ",
    summary: "Weighted fair queueing: each packet gets the finish tag it would have in the fluid GPS system \
              (virtual time V), and the least finish tag is sent.",
    reference: "Demers, Keshav, Shenker (SIGCOMM'89); Parekh and Gallager, IEEE/ACM ToN 1(3), 1993 (PGPS)",
    key: FINISH_TAG,
    state: TAG_STATE,
    params: TAG_PARAMS,
    children: Children::Optional,
    work_conserving: true,
    order: Order::Snapshot,
    build: |mut a| {
        let bandwidth = a.port.bandwidth;
        Ok(AnyScheduler::Wfq(Box::new(Wfq::new(weights(&mut a, Shown::FinishMilli)?, bandwidth))))
    },
};

pub const SCFQ: SchedulerInfo = SchedulerInfo {
    name: "scfq",
    display: "SCFQ",
    summary: "Self-clocked fair queueing: WFQ's tags with V the finish tag of the packet in service; the least \
              finish tag is sent.",
    reference: "Golestani, \"A self-clocked fair queueing scheme for broadband applications\", INFOCOM'94",
    key: FINISH_TAG,
    state: TAG_STATE,
    params: TAG_PARAMS,
    children: Children::Optional,
    work_conserving: true,
    order: Order::Snapshot,
    build: |mut a| Ok(AnyScheduler::Scfq(Box::new(Scfq::new(weights(&mut a, Shown::FinishMilli)?)))),
};

pub const STFQ: SchedulerInfo = SchedulerInfo {
    name: "stfq",
    display: "STFQ",
    summary: "Start-time fair queueing: the least START tag is sent; V is the start tag of the packet in \
              service.",
    reference: "Goyal, Vin, Cheng, \"Start-time fair queuing\", SIGCOMM'96 / IEEE/ACM ToN 5(5), 1997",
    key: KeySpec { label: "start tag", unit: Unit::Millibits },
    state: TAG_STATE,
    params: TAG_PARAMS,
    children: Children::Optional,
    work_conserving: true,
    order: Order::Snapshot,
    build: |mut a| {
        let bandwidth = a.port.bandwidth;
        Ok(AnyScheduler::Stfq(Box::new(Stfq::new(weights(&mut a, Shown::StartMilli)?, bandwidth))))
    },
};

pub const WF2Q_PLUS: SchedulerInfo = SchedulerInfo {
    name: "wf2q_plus",
    display: "WF2Q+",
    summary: "WF2Q+: among the packets that have started in the fluid reference (S <= V), the least finish tag \
              is sent; never more than one packet ahead of GPS while the queues stay backlogged.",
    reference: "Bennett and Zhang, \"Hierarchical packet fair queueing algorithms\", SIGCOMM'96 / IEEE/ACM ToN \
                5(5), 1997, Sec. 4",
    key: FINISH_TAG,
    state: TAG_STATE,
    params: TAG_PARAMS,
    children: Children::Optional,
    work_conserving: true,
    order: Order::Snapshot,
    build: |mut a| Ok(AnyScheduler::Wf2qPlus(Box::new(Wf2qPlus::new(weights(&mut a, Shown::FinishMilli)?)))),
};

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
    children: Children::Optional,
    work_conserving: true,
    order: Order::Snapshot,
    build: |mut a| {
        let bps = |v: &Value| v.rate().bps().expect("a finite rate") as f64;
        let t = tagged(&mut a, "rates", "class_rates", bps, Shown::Finish)?;
        Ok(AnyScheduler::VirtualClock(Box::new(VirtualClock::new(t))))
    },
};
