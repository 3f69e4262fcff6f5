//! Rank programs: how a packet's rank is computed at a programmable queue's ingress (AIFO,
//! Yu et al., SIGCOMM'21, Sec. 2.1 and Fig. 1: "programming a packet scheduling algorithm in
//! the context of PIFO refers to programming how a rank for each packet is computed"). The
//! same programs drive `pifo`, `sp_pifo` and `aifo`. Lower ranks are served first.
//!
//! - `srpt`: the flow's remaining bytes when the packet was sent, itself included
//!   (`Packet::remaining`, carried by the pfabric transport or known to the source).
//! - `stfq`: the packet's virtual start time (AIFO Sec. 2.1): S = max(V, F of the flow's
//!   previous packet), F = S + L / w (L in bits, w the flow's weight); V is the start time of
//!   the packet dequeued last. Ranks are in thousandths of a bit per unit weight.
//! - `fifo`: the arrival time, ns.
//! - `lstf`: the local deadline arrival + slack, ns: ordering by it is ordering by the slack
//!   left at any instant (every waiting packet loses slack at the same rate; UPS Sec. 2.2).
//! - `class`: the packet's traffic class (a static rank per class).
//! - `flow_size`: the size of the packet's flow in bytes (SJF).
//!
//! Open-ended sources carry u64::MAX sizes; their ranks saturate at i64::MAX.

use std::collections::{BTreeMap, VecDeque};

use super::QueueView;
use crate::packet::Packet;
use crate::params::{Default, Kind, Per, Spec};
use crate::time::Time;

pub const PROGRAMS: &[&str] = &["srpt", "stfq", "fifo", "lstf", "class", "flow_size"];

/// The `rank` parameter the programmable schedulers share.
pub const RANK: Spec = Spec {
    name: "rank",
    description: "The rank program (lower is served first): srpt (remaining flow size), stfq (virtual start \
                  time, per-flow weights), fifo (arrival time), lstf (arrival + slack), class (the traffic \
                  class) or flow_size.",
    kind: Kind::Choice { options: PROGRAMS },
    default: Default::Text("srpt"),
};

const WEIGHT: Kind = Kind::Real { min: crate::params::Bound::Open(0.0), max: crate::params::Bound::None };

/// Per-flow weights of the `stfq` rank program.
pub const RANK_WEIGHTS: Spec = Spec {
    name: "weights",
    description: "rank = stfq: each flow's weight, by traffic id (flows not listed get 1).",
    kind: Kind::List { per: Per::Flow, item: &WEIGHT },
    default: Default::Real(1.0),
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Program {
    Srpt,
    Stfq,
    Fifo,
    Lstf,
    Class,
    FlowSize,
}

impl Program {
    pub fn from_name(name: &str) -> Program {
        match name {
            "stfq" => Program::Stfq,
            "fifo" => Program::Fifo,
            "lstf" => Program::Lstf,
            "class" => Program::Class,
            "flow_size" => Program::FlowSize,
            _ => Program::Srpt,
        }
    }
}

/// A rank program with the state it keeps (STFQ's virtual time and finish times).
#[derive(Debug)]
pub struct Ranker {
    program: Program,
    /// Weight per traffic source index (`Packet::source`); missing: 1.
    weights: Vec<f64>,
    /// STFQ: the virtual time V, millibits per unit weight.
    v: i64,
    /// STFQ: each flow's last finish time.
    finish: BTreeMap<u32, i64>,
}

fn saturate(x: u64) -> i64 {
    x.min(i64::MAX as u64) as i64
}

impl Ranker {
    pub fn new(program: Program, weights: Vec<f64>) -> Ranker {
        Ranker { program, weights, v: 0, finish: BTreeMap::new() }
    }

    pub fn program(&self) -> Program {
        self.program
    }

    /// The rank of `pkt` arriving at `now`.
    pub fn rank(&mut self, now: Time, pkt: &Packet) -> i64 {
        match self.program {
            Program::Srpt => saturate(pkt.remaining()),
            Program::Fifo => now.as_ns() as i64,
            Program::Lstf => (now.as_ns() as i64).saturating_add(pkt.slack()),
            Program::Class => pkt.class as i64,
            Program::FlowSize => saturate(pkt.flow_size()),
            Program::Stfq => {
                let w = self.weights.get(pkt.source as usize).copied().unwrap_or(1.0);
                let start = self.v.max(self.finish.get(&pkt.flow).copied().unwrap_or(0));
                let cost = libm::round(pkt.size as f64 * 8_000.0 / w) as i64;
                self.finish.insert(pkt.flow, start.saturating_add(cost));
                start
            }
        }
    }

    /// A packet of rank `rank` was dequeued: STFQ's virtual time becomes its start time.
    pub fn dequeued(&mut self, rank: i64) {
        if self.program == Program::Stfq {
            self.v = rank;
        }
    }

    /// STFQ's virtual time (0 for the other programs).
    pub fn virtual_time(&self) -> i64 {
        self.v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stfq_start_is_max_of_virtual_time_and_previous_finish() {
        // AIFO Sec. 2.1: S = max(V, F_prev), F = S + L / w. Two 1000 B packets of flow 1
        // (weight 1) then one of flow 2 (weight 2): S = 0, 8_000_000 and 0 millibits. After
        // flow 1's first packet is dequeued V stays 0; once the second (S = 8e6) is dequeued,
        // flow 2's next packet starts at max(8e6, 4e6) = 8e6.
        let mut r = Ranker::new(Program::Stfq, vec![1.0, 2.0]);
        let p = |id, flow, source| Packet { source, ..Packet::new(id, flow, 0, 1000, Time::ZERO) };
        assert_eq!(r.rank(Time::ZERO, &p(0, 1, 0)), 0);
        assert_eq!(r.rank(Time::ZERO, &p(1, 1, 0)), 8_000_000);
        assert_eq!(r.rank(Time::ZERO, &p(2, 2, 1)), 0);
        r.dequeued(0);
        r.dequeued(8_000_000);
        assert_eq!(r.rank(Time::ZERO, &p(3, 2, 1)), 8_000_000);
    }
}

/// One FIFO of ranked packets in arrival order, as `aifo` and `threshold_fifo` keep it: each
/// packet with the rank it was admitted at (the key the page shows), and the bytes queued.
// `len` mirrors `Scheduler::len`; callers never ask for emptiness.
#[allow(clippy::len_without_is_empty)]
#[derive(Clone, Debug, Default)]
pub struct RankedFifo {
    queue: VecDeque<(i64, Packet)>,
    bytes: u64,
}

impl RankedFifo {
    pub fn push(&mut self, rank: i64, pkt: Packet) {
        self.bytes += pkt.size as u64;
        self.queue.push_back((rank, pkt));
    }

    /// The head packet; tells `ranker` its rank was dequeued.
    pub fn pop(&mut self, ranker: &mut Ranker) -> Option<Packet> {
        let (rank, pkt) = self.queue.pop_front()?;
        self.bytes -= pkt.size as u64;
        ranker.dequeued(rank);
        Some(pkt)
    }

    pub fn len(&self) -> usize {
        self.queue.len()
    }

    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The first `limit` packets in service (arrival) order, with their ranks.
    pub fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        out.entries.extend(self.queue.iter().take(limit).map(|(r, p)| (p.id, *r)));
    }
}
