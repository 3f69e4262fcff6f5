//! Programmable scheduling (AIFO, Yu et al., SIGCOMM'21): a rank program (`sched::rank`)
//! computes each packet's rank, and a queue realises (or approximates) "lowest rank first":
//! `pifo` (the ideal sorted queue), `sp_pifo` (strict-priority queues with adaptive bounds)
//! and `aifo` (one FIFO with admission control); `threshold_fifo` is Fig. 2's oracle admission (a
//! fixed rank threshold in front of a FIFO). pFabric, the family's baseline, is `srpt`
//! (SRPT with starvation prevention) with the pfabric transport.

use super::{BuildArgs, Children, Order, SchedulerInfo};
use crate::params::{Bound, Default, Kind, Spec};
use crate::sched::aifo::{self, Aifo};
use crate::sched::pifo::Pifo;
use crate::sched::rank::{Program, Ranker, RANK, RANK_WEIGHTS};
use crate::sched::sp_pifo::SpPifo;
use crate::sched::threshold_fifo::ThresholdFifo;
use crate::sched::AnyScheduler;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

const RANK_KEY: KeySpec = KeySpec { label: "rank", unit: Unit::Rank };

/// The rank program the parameters choose, with per-source STFQ weights.
fn ranker(a: &BuildArgs<'_>) -> Ranker {
    let weights = a.flows.iter().map(|id| a.params.list("weights").for_flow(id).real()).collect();
    Ranker::new(Program::from_name(a.params.choice("rank")), weights)
}

pub const PIFO: SchedulerInfo = SchedulerInfo {
    name: "pifo",
    display: "PIFO",
    summary: "Push-in first-out: packets sorted by a programmable rank (SRPT by the flow's bytes unacknowledged \
              or per segment, STFQ, FIFO, LSTF, class, flow size); a full buffer drops the highest rank.",
    reference: "Sivaraman et al., \"Programmable packet scheduling at line rate\", SIGCOMM'16; AIFO (Yu et al., \
                SIGCOMM'21) Sec. 2.1 and Fig. 2",
    key: RANK_KEY,
    state: &[StateSpec {
        name: "virtual time",
        description: "rank = stfq: V, the start time of the packet dequeued last (0 for other programs)",
        unit: Unit::Millibits,
        shape: Shape::Scalar,
    }],
    params: &[RANK, RANK_WEIGHTS],
    children: Children::None,
    work_conserving: true,
    order: Order::Key,
    build: |a| Ok(AnyScheduler::Pifo(Box::new(Pifo::new(a.port.buffer, ranker(&a))))),
};

pub const SP_PIFO: SchedulerInfo = SchedulerInfo {
    name: "sp_pifo",
    display: "SP-PIFO",
    summary: "SP-PIFO: n strict-priority FIFOs approximate a PIFO; each queue's rank bound adapts by push-up and \
              push-down.",
    reference: "Alcoz et al., \"SP-PIFO\", NSDI'20, Sec. 3 (Algorithm 1); a peer in AIFO (Yu et al., SIGCOMM'21)",
    key: RANK_KEY,
    state: &[
        StateSpec {
            name: "bounds",
            description: "Each queue's rank bound q_i (queue 0 first): an arrival goes to the lowest-priority queue \
                          whose bound it reaches",
            unit: Unit::Rank,
            shape: Shape::Vector,
        },
        StateSpec {
            name: "queue lengths",
            description: "Packets in each strict-priority queue",
            unit: Unit::Packets,
            shape: Shape::Vector,
        },
    ],
    params: &[
        Spec {
            name: "queues",
            description: "Strict-priority FIFO queues n.",
            kind: Kind::Int { min: 1, max: 64 },
            default: Default::Int(8),
        },
        RANK,
        RANK_WEIGHTS,
    ],
    children: Children::None,
    work_conserving: true,
    order: Order::Snapshot,
    build: |a| {
        let n = a.params.int("queues") as usize;
        Ok(AnyScheduler::SpPifo(Box::new(SpPifo::new(a.port.buffer, n, ranker(&a)))))
    },
};

pub const AIFO: SchedulerInfo = SchedulerInfo {
    name: "aifo",
    display: "AIFO",
    summary: "AIFO: one FIFO with admission control: admit iff c <= kC or the rank's quantile in a sliding window \
              <= (1/(1-k))(C-c)/C.",
    reference: "Yu et al., \"Programmable Packet Scheduling with a Single Queue\", SIGCOMM'21, Sec. 4.2, \
                Algorithm 1; defaults from Sec. 5.1",
    key: RANK_KEY,
    state: &[
        StateSpec {
            name: "window",
            description: "The sliding window's ranks: counts in 8 equal bins from its least to its greatest rank",
            unit: Unit::Packets,
            shape: Shape::Histogram,
        },
        StateSpec {
            name: "window least rank",
            description: "The least rank in the window (left edge of the histogram)",
            unit: Unit::Rank,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "window greatest rank",
            description: "The greatest rank in the window (right edge of the histogram)",
            unit: Unit::Rank,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "quantile threshold",
            description: "(1/(1-k))(C-c)/C, clamped to [0, 1]: an arrival whose rank's quantile is at most this \
                          is admitted",
            unit: Unit::Fraction,
            shape: Shape::Scalar,
        },
        StateSpec { name: "c", description: "Packets queued", unit: Unit::Packets, shape: Shape::Scalar },
        StateSpec { name: "C", description: "The target queue size", unit: Unit::Packets, shape: Shape::Scalar },
        StateSpec {
            name: "last arrival quantile",
            description: "The quantile of the last arrival's rank in the window",
            unit: Unit::Fraction,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "last arrival admitted",
            description: "Whether the last arrival was admitted (refused ones are dropped as AIFO admission)",
            unit: Unit::Flag,
            shape: Shape::Scalar,
        },
    ],
    params: &[
        Spec {
            name: "target",
            description: "C, the target queue size in packets (not the physical buffer, Sec. 4.2).",
            kind: Kind::Int { min: 1, max: 1_000_000 },
            default: Default::Int(20),
        },
        Spec {
            name: "k",
            description: "The headroom k: below kC queued packets every arrival is admitted.",
            kind: Kind::Real { min: Bound::Closed(0.0), max: Bound::Open(1.0) },
            default: Default::Real(0.1),
        },
        Spec {
            name: "window",
            description: "n, the sliding window's length in sampled ranks.",
            kind: Kind::Int { min: 1, max: 100_000 },
            default: Default::Int(20),
        },
        Spec {
            name: "sample",
            description: "One arrival in this many enters the window (1 = every arrival).",
            kind: Kind::Int { min: 1, max: 1_000_000 },
            default: Default::Int(15),
        },
        RANK,
        RANK_WEIGHTS,
    ],
    children: Children::None,
    work_conserving: true,
    order: Order::Snapshot,
    build: |a| {
        let cfg = aifo::Config {
            target: a.params.int("target") as usize,
            k: a.params.real("k"),
            window: a.params.int("window") as usize,
            sample: a.params.int("sample") as u64,
        };
        Ok(AnyScheduler::Aifo(Box::new(Aifo::new(a.port.buffer, cfg, ranker(&a)))))
    },
};

pub const THRESHOLD_FIFO: SchedulerInfo = SchedulerInfo {
    name: "threshold_fifo",
    display: "FIFO + rank threshold",
    summary: "FIFO with a fixed admission threshold: admit iff rank <= threshold (the oracle admission of AIFO's \
              Fig. 2); refusals are rank threshold drops.",
    reference: "Yu et al., \"Programmable Packet Scheduling with a Single Queue\", SIGCOMM'21, Sec. 2.2 and Fig. 2",
    key: RANK_KEY,
    state: &[
        StateSpec {
            name: "threshold",
            description: "The greatest rank admitted",
            unit: Unit::Rank,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "last arrival rank",
            description: "The rank of the last arrival",
            unit: Unit::Rank,
            shape: Shape::Scalar,
        },
        StateSpec {
            name: "last arrival admitted",
            description:
                "Whether the last arrival was admitted (its rank at most the threshold, and room in the buffer)",
            unit: Unit::Flag,
            shape: Shape::Scalar,
        },
    ],
    params: &[
        Spec {
            name: "threshold",
            description: "The greatest rank admitted, in the rank program's unit (Fig. 2's oracle uses 3 with ranks \
                          as classes).",
            kind: Kind::Int { min: 0, max: 9_007_199_254_740_991 },
            default: Default::Int(3),
        },
        RANK,
        RANK_WEIGHTS,
    ],
    children: Children::None,
    work_conserving: true,
    order: Order::Snapshot,
    build: |a| {
        let threshold = a.params.int("threshold");
        Ok(AnyScheduler::ThresholdFifo(Box::new(ThresholdFifo::new(a.port.buffer, threshold, ranker(&a)))))
    },
};
