//! The one-queue schedulers: FIFO and the priority family (each a `KeyedQueue` or a FIFO),
//! with the buffer policies that fit a single queue (`buffer`).

use super::{BuildArgs, Children, Order, SchedulerInfo};
use crate::params::{Default, Kind, Spec};
use crate::sched::buffer::{Limits, DROP_ARRIVAL, DROP_KEYED};
use crate::sched::edf::Edf;
use crate::sched::fifo::Fifo;
use crate::sched::lifo::Lifo;
use crate::sched::lstf::Lstf;
use crate::sched::priority::Priority;
use crate::sched::random::Random;
use crate::sched::sjf::Sjf;
use crate::sched::srpt::Srpt;
use crate::sched::AnyScheduler;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

/// The port's buffer under the scheduler's `drop` policy.
fn limits(a: &BuildArgs<'_>) -> Limits {
    Limits::from_params(a.port.buffer, a.params, false)
}

const PREEMPTION: Spec = Spec {
    name: "preemption",
    description: "Preemptive-resume service: a packet of strictly higher priority interrupts the one being sent.",
    kind: Kind::Toggle,
    default: Default::Text("off"),
};

const STATE_FIFO: &[StateSpec] = &[
    StateSpec {
        name: "ecn threshold",
        description: "Marks ECN-capable arrivals above this many queued packets (DCTCP's K)",
        unit: Unit::Packets,
        shape: Shape::Scalar,
    },
    StateSpec {
        name: "ecn threshold (bytes)",
        description: "Marks ECN-capable arrivals above this many queued bytes",
        unit: Unit::Bytes,
        shape: Shape::Scalar,
    },
];
const STATE_LSTF: &[StateSpec] = &[StateSpec {
    name: "last sent key",
    description: "Slack + arrival + transmission time of the packet sent last; with preemption on, \
                  an arrival with a smaller key interrupts it",
    unit: Unit::Ns,
    shape: Shape::Scalar,
}];
const STATE_FIFO_PLUS: &[StateSpec] = STATE_LSTF;

pub const FIFO: SchedulerInfo = SchedulerInfo {
    name: "fifo",
    display: "FIFO",
    summary: "First in, first out; drop-tail (or drop-head) buffer; optional ECN marking above a threshold.",
    reference: "Baseline in UPS (Mittal et al., NSDI'16) Sec. 2.3 and AIFO (Yu et al., SIGCOMM'21) Fig. 2; \
                marking as in DCTCP (Alizadeh et al., SIGCOMM'10) Sec. 3.1",
    key: KeySpec { label: "enqueue time", unit: Unit::Ns },
    state: STATE_FIFO,
    params: &[
        DROP_ARRIVAL,
        Spec {
            name: "ecn_threshold",
            description: "Mark ECN-capable packets CE (instead of letting the queue grow unsignalled) when \
                          more than this is queued on arrival (DCTCP's K), e.g. \"20pkt\" or \"30KB\".",
            kind: Kind::Buffer { off: true },
            default: Default::Text("off"),
        },
    ],
    children: Children::None,
    work_conserving: true,
    order: Order::Key,
    build: |a| {
        let fifo = Fifo::new(limits(&a)).with_ecn_threshold(a.params.buffer_or_off("ecn_threshold"));
        Ok(AnyScheduler::Fifo(fifo))
    },
};

pub const LIFO: SchedulerInfo = SchedulerInfo {
    name: "lifo",
    display: "LIFO",
    summary: "Last in, first out.",
    reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
    key: KeySpec { label: "arrival (newest first)", unit: Unit::Rank },
    state: &[],
    params: &[DROP_ARRIVAL],
    children: Children::None,
    work_conserving: true,
    order: Order::Key,
    build: |a| Ok(AnyScheduler::Lifo(Lifo::new(limits(&a)))),
};

pub const RANDOM: SchedulerInfo = SchedulerInfo {
    name: "random",
    display: "Random order",
    summary: "Serve a queued packet chosen uniformly at random (seeded).",
    reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3: the default original schedule of Table 1",
    key: KeySpec { label: "arrival number", unit: Unit::Rank },
    state: &[],
    params: &[DROP_ARRIVAL],
    children: Children::None,
    work_conserving: true,
    order: Order::Random,
    build: |a| Ok(AnyScheduler::Random(Box::new(Random::new(limits(&a), a.port.rng())))),
};

pub const LSTF: SchedulerInfo = SchedulerInfo {
    name: "lstf",
    display: "LSTF (least slack first)",
    summary: "Least slack time first: the slack travels in the header and shrinks by each wait.",
    reference: "UPS (Mittal et al., NSDI'16) Sec. 2.2 and Sec. 5",
    key: KeySpec { label: "slack", unit: Unit::Deadline },
    state: STATE_LSTF,
    params: &[PREEMPTION, DROP_KEYED],
    children: Children::None,
    work_conserving: true,
    order: Order::Key,
    build: |a| Ok(AnyScheduler::Lstf(Box::new(Lstf::new(limits(&a), a.port.bandwidth, a.params.toggle("preemption"))))),
};

pub const FIFO_PLUS: SchedulerInfo = SchedulerInfo {
    name: "fifo_plus",
    display: "FIFO+",
    summary: "FIFO+: LSTF where every packet starts with the same slack, so time lost upstream is made up.",
    reference: "Clark, Shenker, Zhang (SIGCOMM'92); UPS (Mittal et al., NSDI'16) Sec. 3.2",
    key: KeySpec { label: "slack", unit: Unit::Deadline },
    state: STATE_FIFO_PLUS,
    params: &[DROP_KEYED],
    children: Children::None,
    work_conserving: true,
    order: Order::Key,
    build: |a| Ok(AnyScheduler::Lstf(Box::new(Lstf::new(limits(&a), a.port.bandwidth, false)))),
};

pub const EDF: SchedulerInfo = SchedulerInfo {
    name: "edf",
    display: "EDF (network-wide)",
    summary: "Network-wide EDF: deadline in the header, priority deadline - t_min(rest of path) + transmission time.",
    reference: "UPS (Mittal et al., NSDI'16) App. A.5",
    key: KeySpec { label: "slack", unit: Unit::Deadline },
    state: &[],
    params: &[PREEMPTION, DROP_KEYED],
    children: Children::None,
    work_conserving: true,
    order: Order::Key,
    build: |a| Ok(AnyScheduler::Edf(Box::new(Edf::new(limits(&a), a.port.bandwidth, a.params.toggle("preemption"))))),
};

pub const PRIORITY: SchedulerInfo = SchedulerInfo {
    name: "priority",
    display: "Simple priorities",
    summary: "Simple priorities: a static value in the header, lowest first.",
    reference: "UPS (Mittal et al., NSDI'16) Sec. 2.2 and App. A.6",
    key: KeySpec { label: "priority", unit: Unit::Rank },
    state: &[],
    params: &[PREEMPTION, DROP_KEYED],
    children: Children::None,
    work_conserving: true,
    order: Order::Key,
    build: |a| Ok(AnyScheduler::Priority(Priority::new(limits(&a), a.params.toggle("preemption")))),
};

pub const SJF: SchedulerInfo = SchedulerInfo {
    name: "sjf",
    display: "SJF (shortest job first)",
    summary: "Shortest job first: priority = the size of the packet's flow.",
    reference: "UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
    key: KeySpec { label: "flow size", unit: Unit::Bytes },
    state: &[],
    params: &[DROP_KEYED],
    children: Children::None,
    work_conserving: true,
    order: Order::Key,
    build: |a| Ok(AnyScheduler::Sjf(Sjf::new(limits(&a)))),
};

pub const SRPT: SchedulerInfo = SchedulerInfo {
    name: "srpt",
    display: "SRPT (shortest remaining first)",
    summary: "SRPT with starvation prevention: the flow with the least remaining bytes sends its oldest packet.",
    reference: "pFabric (Alizadeh et al., SIGCOMM'13); UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
    key: KeySpec { label: "remaining flow size", unit: Unit::Bytes },
    state: &[],
    params: &[DROP_KEYED],
    children: Children::None,
    work_conserving: true,
    order: Order::Snapshot,
    build: |a| Ok(AnyScheduler::Srpt(Srpt::new(limits(&a)))),
};
