//! The service-curve family (FSC seed, Sec. 2): `sced` (deadline curves) and `fsc` (virtual
//! curves over PFQ's virtual time), both over per-queue `lanes` with two-piece curves.

use super::{BuildArgs, BuildError, Children, Order, SchedulerInfo};
use crate::params::{Bound, Default, Kind, List, Per, Spec, Value};
use crate::sched::buffer::{Limits, DROP_TAGGED, QUEUE_LIMIT};
use crate::sched::curve::Service;
use crate::sched::fsc::Fsc;
use crate::sched::lanes::{Lanes, PerQueue, QueueKind, BUCKETS, QUEUES};
use crate::sched::sced::Sced;
use crate::sched::AnyScheduler;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

const CURVE: Kind = Kind::Curve;
const CURVE_DEFAULT: &str = r#"{"m1": "4Mbps", "beta": "6000B", "m2": "1Mbps"}"#;

const CURVES: Spec = Spec {
    name: "curves",
    description: "Each flow's service curve by traffic id: slope m1 for a time d or beta bytes, then m2 (e.g. \
                  {\"audio\": {\"m1\": \"256Kbps\", \"d\": \"5ms\", \"m2\": \"64Kbps\"}}; flows not listed get \
                  \"*\", as do hashed buckets).",
    kind: Kind::List { per: Per::Flow, item: &CURVE },
    default: Default::Json(CURVE_DEFAULT),
};

const CLASS_CURVES: Spec = Spec {
    name: "class_curves",
    description: "Each class's service curve (queues = class), e.g. [{\"m1\": \"4Mbps\", \"beta\": \"6000B\", \
                  \"m2\": \"1Mbps\"}].",
    kind: Kind::List { per: Per::Class, item: &CURVE },
    default: Default::Json(CURVE_DEFAULT),
};

/// A list's curves resolved per queue; Err names the field of a curve that cannot be used.
fn curves(a: &BuildArgs<'_>) -> Result<PerQueue<Service>, BuildError> {
    let check = |name: &'static str, l: &List| -> Result<(), BuildError> {
        l.entries
            .values()
            .chain(std::iter::once(l.default.as_ref()))
            .try_for_each(|v| Service::from_param(v.curve()).map(|_| ()).map_err(|e| (name, e)))
    };
    check("params.curves", a.params.list("curves"))?;
    check("params.class_curves", a.params.list("class_curves"))?;
    let read = |v: &Value| Service::from_param(v.curve()).expect("checked above");
    Ok(PerQueue::new(a.params.list("curves"), a.params.list("class_curves"), a.flows, read))
}

fn lanes(a: &BuildArgs<'_>) -> Result<Lanes<()>, BuildError> {
    let kind = QueueKind::from_params(a.params, false, a.port.rng().next_u64());
    Lanes::new(kind, vec![], Limits::from_params(a.port.buffer, a.params, true))
}

/// The fields `curve::push_drawn` fills, in its order (the page's curve view finds them by name).
const CURVE_STATE_TAIL: [StateSpec; 11] = [
    StateSpec {
        name: "served",
        description: "w_i: bytes each backlogged queue has been served (its curve's y axis), in queue order",
        unit: Unit::Bytes,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "curve anchor x",
        description: "Where each backlogged queue's curve was last anchored (Eq. 5: at the time it became backlogged)",
        unit: Unit::Ns,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "curve anchor y",
        description: "The bytes served at that anchor",
        unit: Unit::Bytes,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "curve knee x",
        description: "Where each curve turns from slope m1 to m2",
        unit: Unit::Ns,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "curve knee y",
        description: "The bytes at the knee: the burst served at m1 ends here",
        unit: Unit::Bytes,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "curve m2",
        description: "The slope after the knee, the long-term rate",
        unit: Unit::Bps,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "queue flows",
        description: "Whose queue each is: its flow (per-flow queues), else the flow of its head packet",
        unit: Unit::Flow,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "service curve anchor x",
        description: "Where each queue's service curve S_i was anchored when it last became backlogged (Eq. 5's \
                      S_i(. - x) + w_i: x = v^s for FSC, the time for SCED)",
        unit: Unit::Ns,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "service curve anchor y",
        description: "w_i when the queue last became backlogged: the service curve starts there",
        unit: Unit::Bytes,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "service curve knee x",
        description: "Where that service curve turns from m1 to m2 (its full first piece: d, or beta / m1)",
        unit: Unit::Ns,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "service curve knee y",
        description: "The bytes at that knee (anchor + beta)",
        unit: Unit::Bytes,
        shape: Shape::Vector,
    },
];

const SCED_STATE: &[StateSpec] = &[
    StateSpec {
        name: "head deadlines",
        description: "D_i^-1(w_i + L): the deadline of each backlogged queue's head packet, in queue order",
        unit: Unit::Deadline,
        shape: Shape::Vector,
    },
    CURVE_STATE_TAIL[0],
    CURVE_STATE_TAIL[1],
    CURVE_STATE_TAIL[2],
    CURVE_STATE_TAIL[3],
    CURVE_STATE_TAIL[4],
    CURVE_STATE_TAIL[5],
    CURVE_STATE_TAIL[6],
    CURVE_STATE_TAIL[7],
    CURVE_STATE_TAIL[8],
    CURVE_STATE_TAIL[9],
    CURVE_STATE_TAIL[10],
];

pub const SCED: SchedulerInfo = SchedulerInfo {
    name: "sced",
    display: "SCED (service curves)",
    summary: "Service curve earliest deadline first: each queue's deadline curve is min(itself, its service curve \
              from now + bytes served) when it becomes backlogged; the least deadline is sent, so a flow that \
              used idle bandwidth waits.",
    reference: "Sariowan, Cruz, Polyzos, SCED (ICCCN'95); Ng, Stephens, Stoica, Zhang, Fair Service Curve, Sec. 2.2",
    key: KeySpec { label: "deadline", unit: Unit::Deadline },
    state: SCED_STATE,
    params: &[QUEUES, BUCKETS, CURVES, CLASS_CURVES, DROP_TAGGED, QUEUE_LIMIT],
    children: Children::None,
    work_conserving: true,
    order: Order::Snapshot,
    build: |a| Ok(AnyScheduler::Sced(Box::new(Sced::new(lanes(&a)?, curves(&a)?)))),
};

const FSC_STATE: &[StateSpec] = &[
    StateSpec {
        name: "system virtual time",
        description: "v^s = (least + greatest virtual time of the backlogged queues) / 2: a queue that becomes \
                      backlogged starts at least here",
        unit: Unit::Ns,
        shape: Shape::Scalar,
    },
    StateSpec {
        name: "virtual times",
        description: "v_i = V_i^-1(w_i) of each backlogged queue, in queue order: the least is served",
        unit: Unit::Ns,
        shape: Shape::Vector,
    },
    CURVE_STATE_TAIL[0],
    CURVE_STATE_TAIL[1],
    CURVE_STATE_TAIL[2],
    CURVE_STATE_TAIL[3],
    CURVE_STATE_TAIL[4],
    CURVE_STATE_TAIL[5],
    CURVE_STATE_TAIL[6],
    CURVE_STATE_TAIL[7],
    CURVE_STATE_TAIL[8],
    CURVE_STATE_TAIL[9],
    CURVE_STATE_TAIL[10],
];

/// m2 of the best-effort curve (any value: FSC is unchanged when every curve is scaled alike).
const BEST_EFFORT_M2_BPS: f64 = 1e6;

pub const FSC: SchedulerInfo = SchedulerInfo {
    name: "fsc",
    display: "FSC (fair service curve)",
    summary: "Fair service curve: PFQ whose virtual times follow each queue's two-piece curve (Eq. 5): a queue back \
              from idling has its first PBS bytes served BPR times faster, and no queue is punished for idle \
              bandwidth it used.",
    reference: "Ng, Stephens, Stoica, Zhang, \"Fair Service Curve\" (best effort), Sec. 2.3-2.4, Figs. 5-6",
    key: KeySpec { label: "virtual start", unit: Unit::Ns },
    state: FSC_STATE,
    params: &[
        QUEUES,
        BUCKETS,
        Spec {
            name: "service",
            description: "Where the curves come from: one curve for every queue from bpr and pbs (the paper's \
                          best-effort use), or the per-flow curves / per-class class_curves.",
            kind: Kind::Choice { options: &["bpr_pbs", "curves"] },
            default: Default::Text("bpr_pbs"),
        },
        Spec {
            name: "bpr",
            description: "Burst preference ratio m1/m2: a queue back from idling has its first pbs bytes served this \
                          many times faster than a continuously backlogged one (1: PFQ).",
            kind: Kind::Real { min: Bound::Closed(1.0), max: Bound::Closed(1000.0) },
            default: Default::Real(5.0),
        },
        Spec {
            name: "pbs",
            description: "Preferred burst size beta: how many bytes of a new burst go at m1 (0: PFQ).",
            kind: Kind::Size { min: 0, max: 1 << 30 },
            default: Default::Text("10000B"),
        },
        CURVES,
        CLASS_CURVES,
        DROP_TAGGED,
        QUEUE_LIMIT,
    ],
    children: Children::None,
    work_conserving: true,
    order: Order::Snapshot,
    build: |a| {
        let per = match a.params.choice("service") {
            "curves" => curves(&a)?,
            _ => PerQueue::all(Service::best_effort(a.params.real("bpr"), a.params.size("pbs"), BEST_EFFORT_M2_BPS)),
        };
        Ok(AnyScheduler::Fsc(Box::new(Fsc::new(lanes(&a)?, per))))
    },
};
