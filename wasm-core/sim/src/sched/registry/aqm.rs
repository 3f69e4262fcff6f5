//! Registry entries of the active queue management family: `codel`, `fq_codel`, `red`,
//! `lstf_codel` (and their parameters). `REGISTRY` lists them.

use super::{BuildArgs, BuildError, Children, Order, SchedulerInfo};
use crate::aqm::codel::{self, CodelParams};
use crate::aqm::red::{self, Red, RedParams};
use crate::params::{Bound, Default, Kind, Params, Spec};
use crate::rng::splitmix64;
use crate::sched::codel::CodelFifo;
use crate::sched::fq_codel::{FqCodel, FqCodelParams};
use crate::sched::lstf_codel::LstfCodel;
use crate::sched::red::RedFifo;
use crate::sched::AnyScheduler;
use crate::time::Time;
use crate::units::{format, Buffer};
use crate::view::{KeySpec, Shape, StateSpec, Unit};

const DELAY: Kind = Kind::Time { min: Time::us(1), max: Time::ms(1_000_000) };

const TARGET: Spec = Spec {
    name: "target",
    description: "CoDel's acceptable standing queue delay: once every packet has waited at least this long \
                  for a whole interval, CoDel starts dropping (RFC 8289 Sec. 4.3: 5 ms).",
    kind: DELAY,
    default: Default::Text("5ms"),
};
const INTERVAL: Spec = Spec {
    name: "interval",
    description: "CoDel's window, about a worst-case RTT: how long the delay must stay above target before \
                  the first drop; drops then come interval/sqrt(count) apart (RFC 8289 Sec. 4.2: 100 ms).",
    kind: DELAY,
    default: Default::Text("100ms"),
};
const ECN: Spec = Spec {
    name: "ecn",
    description: "Mark ECN-capable packets CE instead of dropping them.",
    kind: Kind::Toggle,
    default: Default::Text("off"),
};

fn codel_params(p: &Params) -> CodelParams {
    CodelParams { target: p.time("target"), interval: p.time("interval"), ecn: p.toggle("ecn") }
}

pub const CODEL: SchedulerInfo = SchedulerInfo {
    name: "codel",
    display: "CoDel",
    summary: "CoDel: a FIFO that drops from the head once packets have waited more than target for an interval, \
              then at a rate that grows as the square root of the drops.",
    reference: "RFC 8289 (Nichols, Jacobson, McGregor, Iyengar), Sec. 5, with Linux's re-entry rule",
    key: KeySpec { label: "time until its wait reaches target", unit: Unit::Deadline },
    state: codel::STATE,
    params: &[TARGET, INTERVAL, ECN],
    children: Children::None,
    work_conserving: true,
    order: Order::Key,
    build: |a| Ok(AnyScheduler::Codel(Box::new(CodelFifo::new(a.port.buffer, codel_params(a.params))))),
};

const FQ_STATE: &[StateSpec] = &[
    StateSpec {
        name: "new flows",
        description: "Queues on the new list (served first): flows that just became active",
        unit: Unit::Rank,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "old flows",
        description: "Queues on the old list, served round robin after the new ones",
        unit: Unit::Rank,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "deficits",
        description: "Each listed queue's deficit (new list first): bytes it may still send this turn",
        unit: Unit::Bytes,
        shape: Shape::Vector,
    },
    StateSpec {
        name: "dropping queues",
        description: "Queues whose CoDel is in the dropping state",
        unit: Unit::Rank,
        shape: Shape::Scalar,
    },
];

pub const FQ_CODEL: SchedulerInfo = SchedulerInfo {
    name: "fq_codel",
    display: "FQ-CoDel",
    summary: "FQ-CoDel: flows hashed into queues served by deficit round robin, new flows ahead of old ones, \
              one CoDel per queue; sparse flows pass the bulk ones.",
    reference: "RFC 8290 (Hoeiland-Joergensen, McKenney, Taht, Gettys, Dumazet), Sec. 4; CoDel: RFC 8289",
    key: KeySpec { label: "time until its wait reaches target", unit: Unit::Deadline },
    state: FQ_STATE,
    params: &[
        Spec {
            name: "flows",
            description: "Queues flows are hashed into (two flows may share one).",
            kind: Kind::Int { min: 1, max: 65_536 },
            default: Default::Int(1024),
        },
        Spec {
            name: "quantum",
            description: "Bytes a queue may send per round (Linux: the MTU plus the 14 B Ethernet header).",
            kind: Kind::Size { min: 1, max: 1_048_576 },
            default: Default::Text("1514B"),
        },
        Spec {
            name: "limit",
            description: "Packets held in all queues; above it the queue with the most bytes loses its head.",
            kind: Kind::Int { min: 1, max: 10_000_000 },
            default: Default::Int(10_240),
        },
        Spec {
            name: "memory_limit",
            description: "Bytes held in all queues; above it the queue with the most bytes loses its head.",
            kind: Kind::Size { min: 1, max: 1 << 40 },
            default: Default::Text("32MB"),
        },
        Spec { default: Default::Text("on"), ..ECN },
        TARGET,
        INTERVAL,
    ],
    children: Children::None,
    work_conserving: true,
    order: Order::Snapshot,
    build: |a| {
        let p = FqCodelParams {
            flows: a.params.int("flows") as usize,
            quantum: a.params.size("quantum") as u32,
            limit: a.params.int("limit") as usize,
            memory_limit: a.params.size("memory_limit"),
            perturbation: splitmix64(((a.port.seed as u64) << 32) ^ a.port.stream),
        };
        Ok(AnyScheduler::FqCodel(Box::new(FqCodel::new(a.port.buffer, p, codel_params(a.params)))))
    },
};

/// A RED threshold in packets (or bytes) as a number (`path`: the parameter's field).
fn threshold(p: &Params, name: &str, path: &'static str) -> Result<(f64, bool), BuildError> {
    match p.buffer(name) {
        Buffer::Packets(n) => Ok((n as f64, false)),
        Buffer::Bytes(b) => Ok((b as f64, true)),
        Buffer::Unlimited => Err((path, "must be a number of packets or bytes, not unlimited".into())),
    }
}

fn build_red(a: BuildArgs<'_>) -> Result<AnyScheduler, BuildError> {
    let p = a.params;
    let (min_th, min_bytes) = threshold(p, "min_th", "params.min_th")?;
    let (max_th, max_bytes) = threshold(p, "max_th", "params.max_th")?;
    if min_bytes != max_bytes {
        return Err(("params.max_th", "must be in the same unit as min_th (both packets or both bytes)".into()));
    }
    if max_th <= min_th {
        return Err((
            "params.max_th",
            format!(
                "must be above min_th ({} is not above {})",
                format::buffer(p.buffer("max_th")),
                format::buffer(p.buffer("min_th"))
            ),
        ));
    }
    let params = RedParams {
        w_q: p.real("w_q"),
        min_th,
        max_th,
        max_p: p.real("max_p"),
        gentle: p.toggle("gentle"),
        ecn: p.toggle("ecn"),
        bytes: min_bytes,
        small_packet_time: RedParams::small_packet_time(p.size("small_packet"), a.port.bandwidth),
        max_packet: p.size("max_packet") as u32,
    };
    Ok(AnyScheduler::Red(Box::new(RedFifo::new(a.port.buffer, Red::new(params, a.port.rng())))))
}

const PROBABILITY: Kind = Kind::Real { min: Bound::Open(0.0), max: Bound::Closed(1.0) };
const PACKET: Kind = Kind::Size { min: 1, max: 65_535 };

pub const RED: SchedulerInfo = SchedulerInfo {
    name: "red",
    display: "RED",
    summary: "RED: drops (or ECN-marks) arrivals at random once the average queue passes min_th, with a \
              probability rising to max_p at max_th, spaced by a count so marks come evenly.",
    reference: "Floyd and Jacobson, \"Random Early Detection Gateways for Congestion Avoidance\", IEEE/ACM ToN \
                1993, Sec. 4 and Fig. 2; gentle: Floyd 2000",
    key: KeySpec { label: "enqueue time", unit: Unit::Ns },
    state: red::STATE,
    params: &[
        Spec {
            name: "min_th",
            description: "Average queue below which nothing is marked, in packets or bytes (\"5pkt\", \"15KB\").",
            kind: Kind::Buffer { off: false },
            default: Default::Text("5pkt"),
        },
        Spec {
            name: "max_th",
            description: "Average queue at which every arrival is marked (gentle: from max_p up to 1 at twice it); \
                          the same unit as min_th.",
            kind: Kind::Buffer { off: false },
            default: Default::Text("15pkt"),
        },
        Spec {
            name: "max_p",
            description: "Mark probability just below max_th.",
            kind: PROBABILITY,
            default: Default::Real(0.1),
        },
        Spec {
            name: "w_q",
            description: "Weight of the newest queue sample in the average (0.002: the average follows over about \
                          500 arrivals).",
            kind: PROBABILITY,
            default: Default::Real(0.002),
        },
        Spec {
            name: "gentle",
            description: "Between max_th and twice it, raise the probability from max_p to 1 instead of marking all.",
            kind: Kind::Toggle,
            default: Default::Text("off"),
        },
        ECN,
        Spec {
            name: "small_packet",
            description: "A typical small packet: while the queue is empty the average decays as if one such packet \
                          went by per its transmission time.",
            kind: PACKET,
            default: Default::Text("500B"),
        },
        Spec {
            name: "max_packet",
            description: "With thresholds in bytes, the mark probability is scaled by packet size / max_packet.",
            kind: PACKET,
            default: Default::Text("1500B"),
        },
    ],
    children: Children::None,
    work_conserving: true,
    order: Order::Key,
    build: build_red,
};

pub const LSTF_CODEL: SchedulerInfo = SchedulerInfo {
    name: "lstf_codel",
    display: "LSTFCoDel",
    summary: "LSTFCoDel: a priority queue inside CoDel. Each arrival gets epsilon = 1/(1 + gamma), gamma an EWMA \
              (weight alpha) of beta; a CoDel drop takes the highest-slack packet. Our reading: beta is the \
              sojourn CoDel saw last (\"current delay experienced\", the author's d_exp_), and the least epsilon \
              is served (the author's multimap order); serve = greatest_epsilon is the other reading.",
    reference: "C. Ford, \"LSTFCoDel\" (2019), Sec. III Eqs. 2-3 and Sec. V; CoDel: RFC 8289",
    key: KeySpec { label: "epsilon", unit: Unit::Billionths },
    state: crate::sched::lstf_codel::STATE,
    params: &[
        Spec {
            name: "alpha",
            description: "The forgetfulness: weight of the newest delay in gamma (the paper tried 0.125 to 0.875; \
                          0.5 had the lowest mean delay).",
            kind: Kind::Real { min: Bound::Closed(0.0), max: Bound::Closed(1.0) },
            default: Default::Real(0.5),
        },
        Spec {
            name: "serve",
            description: "Which end of the epsilon order is \"least slack\" and served; CoDel drops take the other \
                          end.",
            kind: Kind::Choice { options: &["least_epsilon", "greatest_epsilon"] },
            default: Default::Text("least_epsilon"),
        },
        TARGET,
        INTERVAL,
        ECN,
    ],
    children: Children::None,
    work_conserving: true,
    order: Order::Key,
    build: |a| {
        let least = a.params.choice("serve") == "least_epsilon";
        let s = LstfCodel::new(a.port.buffer, codel_params(a.params), a.params.real("alpha"), least);
        Ok(AnyScheduler::LstfCodel(Box::new(s)))
    },
};
