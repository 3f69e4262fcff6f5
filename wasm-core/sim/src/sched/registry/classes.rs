//! Class and round-robin schedulers: strict priority, round robin, weighted round robin and
//! deficit round robin. Each keeps queues per flow, hashed bucket or class (`lanes`), or one
//! per child scheduler when it has children.

use super::{BuildArgs, BuildError, Children, Order, SchedulerInfo};
use crate::params::{Default, Kind, Per, Spec};
use crate::sched::buffer::{Limits, DROP_QUEUES, QUEUE_LIMIT};
use crate::sched::lanes::{Lanes, PerQueue, QueueKind, BUCKETS, QUEUES};
use crate::sched::round_robin::{Cost, RoundRobin};
use crate::sched::strict_priority::StrictPriority;
use crate::sched::AnyScheduler;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

/// The queues of a scheduler with a `queues` choice (children: one per child).
fn lanes(a: &mut BuildArgs<'_>) -> Result<Lanes<()>, BuildError> {
    let children = std::mem::take(&mut a.children);
    let kind = QueueKind::from_params(a.params, !children.is_empty(), a.port.rng().next_u64());
    Lanes::new(kind, children, Limits::from_params(a.port.buffer, a.params, true))
}

const HEAD_FLOW: StateSpec = StateSpec {
    name: "head flow",
    description: "The flow at the head of each queue in the round-robin list, from the one being served",
    unit: Unit::Flow,
    shape: Shape::Vector,
};

const ENQUEUE_TIME: KeySpec = KeySpec { label: "enqueue time", unit: Unit::Ns };

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
    children: Children::Optional,
    work_conserving: true,
    order: Order::Snapshot,
    build: |mut a| {
        let children = std::mem::take(&mut a.children);
        let kind = if children.is_empty() { QueueKind::Class } else { QueueKind::Children };
        let lanes = Lanes::new(kind, children, Limits::from_params(a.port.buffer, a.params, true))?;
        Ok(AnyScheduler::StrictPriority(Box::new(StrictPriority::new(lanes))))
    },
};

pub const RR: SchedulerInfo = SchedulerInfo {
    name: "rr",
    display: "Round robin",
    summary: "Round robin: the queues (per flow, hashed bucket or class) send one packet each in turn.",
    reference: "Nagle, \"On packet switches with infinite storage\", IEEE Trans. Commun. 35(4), 1987",
    key: ENQUEUE_TIME,
    state: &[
        HEAD_FLOW,
        StateSpec {
            name: "credit",
            description: "Packets each listed queue may still send in its turn",
            unit: Unit::Packets,
            shape: Shape::Vector,
        },
    ],
    params: &[QUEUES, BUCKETS, DROP_QUEUES, QUEUE_LIMIT],
    children: Children::Optional,
    work_conserving: true,
    order: Order::Snapshot,
    build: |mut a| {
        let lanes = lanes(&mut a)?;
        Ok(AnyScheduler::RoundRobin(Box::new(RoundRobin::new(lanes, PerQueue::all(1), Cost::Packets))))
    },
};

/// Packets per turn.
const PACKETS_PER_TURN: Kind = Kind::Int { min: 1, max: 1_000_000 };

pub const WRR: SchedulerInfo = SchedulerInfo {
    name: "wrr",
    display: "Weighted round robin",
    summary: "Weighted round robin: each queue (per flow, hashed bucket or class) sends up to its weight in \
              packets per turn.",
    reference: "Katevenis, Sidiropoulos, Courcoubetis, \"Weighted round-robin cell multiplexing in a \
                general-purpose ATM switch chip\", IEEE JSAC 9(8), 1991",
    key: ENQUEUE_TIME,
    state: RR.state,
    params: &[
        QUEUES,
        BUCKETS,
        Spec {
            name: "weights",
            description: "Packets per turn of each flow's queue, by traffic id (e.g. {\"a\": 3}; flows not \
                          listed get 1; hashed buckets get \"*\").",
            kind: Kind::List { per: Per::Flow, item: &PACKETS_PER_TURN },
            default: Default::Int(1),
        },
        Spec {
            name: "class_weights",
            description: "Packets per turn of each class's queue (queues = class, or with children), e.g. [1, 3].",
            kind: Kind::List { per: Per::Class, item: &PACKETS_PER_TURN },
            default: Default::Int(1),
        },
        DROP_QUEUES,
        QUEUE_LIMIT,
    ],
    children: Children::Optional,
    work_conserving: true,
    order: Order::Snapshot,
    build: |mut a| {
        let weights =
            PerQueue::new(a.params.list("weights"), a.params.list("class_weights"), a.flows, |v| v.int() as u64);
        let lanes = lanes(&mut a)?;
        Ok(AnyScheduler::RoundRobin(Box::new(RoundRobin::new(lanes, weights, Cost::Packets))))
    },
};

/// Bytes per turn.
const QUANTUM: Kind = Kind::Size { min: 1, max: 1_000_000_000 };

pub const DRR: SchedulerInfo = SchedulerInfo {
    name: "drr",
    display: "Deficit round robin",
    summary: "Deficit round robin: each queue (per flow, hashed bucket or class) may send its quantum of bytes \
              per turn; what a turn leaves unused carries over to the next while the queue stays backlogged.",
    reference: "Shreedhar and Varghese, \"Efficient fair queuing using deficit round robin\", SIGCOMM'95, Sec. 3",
    key: ENQUEUE_TIME,
    state: &[
        HEAD_FLOW,
        StateSpec {
            name: "deficit",
            description: "Each listed queue's deficit counter: bytes it may still send in its turn (less than \
                          one packet once a turn is over; reset when the queue empties)",
            unit: Unit::Bytes,
            shape: Shape::Vector,
        },
    ],
    params: &[
        QUEUES,
        BUCKETS,
        Spec {
            name: "quantum",
            description: "Bytes per turn of each flow's queue, by traffic id (e.g. {\"a\": \"3000B\"}; flows not \
                          listed get 1500B, or \"*\"; hashed buckets get \"*\").",
            kind: Kind::List { per: Per::Flow, item: &QUANTUM },
            default: Default::Text("1500B"),
        },
        Spec {
            name: "class_quantum",
            description: "Bytes per turn of each class's queue (queues = class, or with children), e.g. \
                          [\"1500B\", \"4500B\"].",
            kind: Kind::List { per: Per::Class, item: &QUANTUM },
            default: Default::Text("1500B"),
        },
        DROP_QUEUES,
        QUEUE_LIMIT,
    ],
    children: Children::Optional,
    work_conserving: true,
    order: Order::Snapshot,
    build: |mut a| {
        let quantum = PerQueue::new(a.params.list("quantum"), a.params.list("class_quantum"), a.flows, |v| v.size());
        let lanes = lanes(&mut a)?;
        Ok(AnyScheduler::RoundRobin(Box::new(RoundRobin::new(lanes, quantum, Cost::Bytes))))
    },
};
