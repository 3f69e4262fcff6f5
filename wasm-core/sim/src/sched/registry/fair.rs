//! The fair queueing family: packets (or class slots) tagged with virtual times.

use super::{Children, Order, SchedulerInfo};
use crate::params::{Bound, Default, Kind, Per, Spec};
use crate::sched::class_fq::ClassFq;
use crate::sched::fq::Fq;
use crate::sched::AnyScheduler;
use crate::view::{KeySpec, Unit};

/// A weight: any positive number.
const WEIGHT: Kind = Kind::Real { min: Bound::Open(0.0), max: Bound::None };

pub const FQ: SchedulerInfo = SchedulerInfo {
    name: "fq",
    summary: "Fair queueing (WFQ with equal weights): packets in order of their GPS finish tags.",
    reference: "Demers, Keshav, Shenker (SIGCOMM'89); UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
    key: KeySpec { label: "finish tag", unit: Unit::Millibits },
    state: &[],
    params: &[],
    children: Children::None,
    work_conserving: true,
    order: Order::Key,
    build: |a| Ok(AnyScheduler::Fq(Fq::new(a.port.buffer, a.port.bandwidth))),
};

pub const CLASS_FQ: SchedulerInfo = SchedulerInfo {
    name: "class_fq",
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
