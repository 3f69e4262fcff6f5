//! Rank programs: how a packet's rank is computed at a programmable queue's ingress (AIFO,
//! Yu et al., SIGCOMM'21, Sec. 2.1 and Fig. 1: "programming a packet scheduling algorithm in
//! the context of PIFO refers to programming how a rank for each packet is computed"). The
//! same programs drive `pifo`, `sp_pifo` and `aifo`. Lower ranks are served first.
//!
//! - `srpt`: the flow's remaining bytes when the packet was sent, itself included
//!   (`Packet::remaining`, carried by the pfabric transport or known to the source). A TCP
//!   sender's remaining is its bytes not yet acknowledged, so the segments of one window carry
//!   the same rank and a PIFO keeps them in order.
//! - `srpt_segment`: the flow's bytes from this segment's first byte to its end, flow size
//!   minus the segment's byte offset, per segment (the AIFO authors' pFabric socket in their
//!   Netbench code: priority = max(0, flow size - sequence number), which their SYN's sequence
//!   number 0 shifts by one byte for every data segment alike); TCP ACKs 0 (their receiver's
//!   socket knows no flow size, so its packets carry 0). A flow's later segments outrank its
//!   earlier ones, so a PIFO holding several of one flow's segments sends them last first.
//!   Datagrams (no TCP bit): their source's `remaining`, as `srpt`.
//! - `stfq`: the packet's virtual start time (AIFO Sec. 2.1): S = max(V, F of the flow's
//!   previous packet), F = S + L / w (L in bits, w the flow's weight); V is the start time of
//!   the packet dequeued last. Ranks are in thousandths of a bit per unit weight.
//! - `fifo`: the arrival time, ns.
//! - `lstf`: the local deadline arrival + slack, ns: ordering by it is ordering by the slack
//!   left at any instant (every waiting packet loses slack at the same rate; UPS Sec. 2.2).
//! - `class`: the packet's traffic class (a static rank per class).
//! - `flow_size`: the size of the packet's flow in bytes (SJF).
//! - `custom`: the `program` parameter's rank program (`crate::program`): its value for each
//!   packet, with the port's queue, link rate and virtual time (the rank dequeued last).
//!
//! Open-ended sources carry u64::MAX sizes; their ranks saturate at i64::MAX.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use crate::packet::Packet;
use crate::params::{Default, Kind, Params, Per, Spec};
use crate::program::{Env, Machine, Program as Compiled, Target, Ty};
use crate::sched::QueueView;
use crate::sched::registry::{BuildArgs, Reads};
use crate::time::Time;
use crate::view::{KeySpec, Unit};

pub const RANK_KEY: KeySpec = KeySpec { label: "rank", unit: Unit::Rank };

/// The rank program the parameters choose, with per-source STFQ weights.
pub fn ranker(a: &BuildArgs<'_>) -> Ranker {
    let weights = a.flows.iter().map(|id| a.params.list("weights").for_flow(id).real()).collect();
    let mut r = Ranker::new(Program::from_name(a.params.choice("rank")), weights);
    if r.program == Program::Custom {
        let rate = a.port.bandwidth.bps().map_or(i64::MAX, |b| b.min(i64::MAX as u64) as i64);
        r.custom = Some(Custom { code: a.params.program(RANK_PROGRAM.name), machine: Machine::default(), rate });
    }
    r
}

/// The out-of-line packet fields the chosen `rank` program reads (`registry::Reads`): the
/// `reads` of every scheduler with a `rank` parameter.
pub fn reads(params: &Params) -> Reads {
    match Program::from_name(params.choice(RANK.name)) {
        Program::Custom => {
            let p = params.program(RANK_PROGRAM.name);
            Reads { sizes: p.reads_sizes(), slack: p.reads_slack() }
        }
        Program::Srpt | Program::SrptSegment | Program::FlowSize => Reads::SIZES,
        Program::Lstf => Reads::SLACK,
        _ => Reads::NOTHING,
    }
}

/// A custom program's key: its rank in the rank's unit (a time is an instant, shown relative to
/// the playhead; a size in bytes; a number as a rank). None for the built-in programs.
pub fn key(params: &Params) -> Option<KeySpec> {
    if Program::from_name(params.choice(RANK.name)) != Program::Custom {
        return None;
    }
    let unit = match params.program(RANK_PROGRAM.name).ty() {
        Ty::Time => Unit::Deadline,
        Ty::Size => Unit::Bytes,
        Ty::Rate => Unit::Bps,
        Ty::Num | Ty::Bool => Unit::Rank,
    };
    Some(KeySpec { label: "program rank", unit })
}

pub const PROGRAMS: &[&str] = &["srpt", "srpt_segment", "stfq", "fifo", "lstf", "class", "flow_size", "custom"];

/// The `rank` parameter the programmable schedulers share.
pub const RANK: Spec = Spec {
    name: "rank",
    description: "The rank program (lower is served first): srpt (remaining flow size: a TCP sender's bytes not \
                  yet acknowledged), srpt_segment (flow size minus each segment's offset, per segment: the \
                  AIFO authors' pFabric rank; ACKs 0), stfq (virtual start time, per-flow weights), fifo \
                  (arrival time), lstf (arrival + slack), class (the traffic class), flow_size, or custom (the `program` \
                  parameter).",
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

/// The program of `rank = custom`.
pub const RANK_PROGRAM: Spec = Spec {
    name: "program",
    description: "rank = custom: the rank program, in the playground's program language (see the examples).",
    kind: Kind::Program { target: Target::Rank },
    default: Default::Text(include_str!("../../program/examples/srpt.rank")),
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Program {
    Srpt,
    SrptSegment,
    Stfq,
    Fifo,
    Lstf,
    Class,
    FlowSize,
    Custom,
}

impl Program {
    pub fn from_name(name: &str) -> Program {
        match name {
            "srpt_segment" => Program::SrptSegment,
            "stfq" => Program::Stfq,
            "fifo" => Program::Fifo,
            "lstf" => Program::Lstf,
            "class" => Program::Class,
            "flow_size" => Program::FlowSize,
            "custom" => Program::Custom,
            _ => Program::Srpt,
        }
    }
}

/// A custom program, its per-flow state and the port's link rate (bps; i64::MAX: infinite).
#[derive(Debug)]
struct Custom {
    code: Arc<Compiled>,
    machine: Machine,
    rate: i64,
}

/// A rank program with the state it keeps (STFQ's virtual time and finish times; a custom
/// program's own).
#[derive(Debug)]
pub struct Ranker {
    program: Program,
    custom: Option<Custom>,
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

/// `srpt_segment`'s rank: TCP data, flow size - byte offset (0 past the end); TCP ACKs 0;
/// datagrams their `remaining`.
fn segment_remaining(pkt: &Packet) -> i64 {
    use crate::packet::flags::{ACK, TCP};
    if pkt.flags & TCP == 0 {
        saturate(pkt.remaining())
    } else if pkt.flags & ACK != 0 {
        0
    } else {
        saturate(pkt.flow_size().saturating_sub(pkt.seq))
    }
}

impl Ranker {
    pub fn new(program: Program, weights: Vec<f64>) -> Ranker {
        Ranker { program, custom: None, weights, v: 0, finish: BTreeMap::new() }
    }

    pub fn program(&self) -> Program {
        self.program
    }

    /// The rank of `pkt` arriving at `now` with `queued` (packets, bytes) in the queue.
    pub fn rank(&mut self, now: Time, pkt: &Packet, queued: (usize, u64)) -> i64 {
        match self.program {
            Program::Custom => {
                let w = self.weights.get(pkt.source as usize).copied().unwrap_or(1.0);
                let c = self.custom.as_mut().expect("a custom ranker has its program");
                let env = Env {
                    now,
                    pkt,
                    rate: c.rate,
                    qlen: queued.0 as i64,
                    qbytes: saturate(queued.1),
                    vtime: self.v,
                    weight: libm::round(w * 1000.0) as i64,
                };
                c.code.eval(&mut c.machine, &env)
            }
            Program::Srpt => saturate(pkt.remaining()),
            Program::SrptSegment => segment_remaining(pkt),
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

    /// A packet of rank `rank` was dequeued: STFQ's virtual time becomes its start time (a
    /// custom program's `vtime` its rank).
    pub fn dequeued(&mut self, rank: i64) {
        if matches!(self.program, Program::Stfq | Program::Custom) {
            self.v = rank;
        }
    }

    /// STFQ's virtual time, a custom program's `vtime` (0 for the other programs).
    pub fn virtual_time(&self) -> i64 {
        self.v
    }
}

#[cfg(test)]
pub mod fixtures {
    use crate::packet::Packet;
    use crate::time::Time;

    /// AIFO Fig. 2 / Sec. 2.2: a burst of six packets with ranks 1, 4, 5, 1, 2, 2 in arrival
    /// order (rank = class, for the `class` program), each 1500 B, all at t = 0.
    pub fn fig2_burst() -> Vec<Packet> {
        [1u8, 4, 5, 1, 2, 2]
            .iter()
            .enumerate()
            .map(|(i, &r)| Packet::new(i as u64, i as u32, 0, 1500, Time::ZERO).with_class(r))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packet::flags::{ACK, RETX, TCP};

    #[test]
    fn srpt_segment_is_flow_size_minus_offset_per_segment_and_acks_are_zero() {
        // A 4000 B flow in 1380 B segments: offsets 0, 1380, 2760 -> ranks 4000, 2620, 1240
        // (the authors' max(0, size - seq) with their seq = offset + 1: 3999, 2619, 1239, the
        // same order). Each segment keeps its rank whatever was acknowledged (`remaining`,
        // what `srpt` reads, says 4000 for all three when sent in one window). A retransmission
        // of offset 1380 ranks as the original, 2620. ACKs rank 0; a datagram ranks by its
        // `remaining` (here 700).
        let mut r = Ranker::new(Program::SrptSegment, vec![]);
        let seg = |id, seq, flags| {
            Packet::new(id, 1, seq, 1500, Time::ZERO).with_flags(flags).with_flow_size(4000).with_remaining(4000)
        };
        let ranks: Vec<i64> = [(0, 0), (1, 1380), (2, 2760), (3, 1380)]
            .iter()
            .map(|&(id, seq)| r.rank(Time::ZERO, &seg(id, seq, if id == 3 { TCP | RETX } else { TCP }), (0, 0)))
            .collect();
        assert_eq!(ranks, vec![4000, 2620, 1240, 2620]);
        assert_eq!(r.rank(Time::ZERO, &seg(4, 2760, TCP | ACK), (0, 0)), 0);
        let datagram = Packet::new(5, 2, 7, 1500, Time::ZERO).with_flow_size(10_000).with_remaining(700);
        assert_eq!(r.rank(Time::ZERO, &datagram, (0, 0)), 700);
        // An open-ended TCP flow (size u64::MAX) saturates.
        let open = Packet::new(6, 3, 1380, 1500, Time::ZERO).with_flags(TCP);
        assert_eq!(r.rank(Time::ZERO, &open, (0, 0)), i64::MAX);
        assert_eq!(Program::from_name("srpt_segment"), Program::SrptSegment);
        let mut srpt = Ranker::new(Program::Srpt, vec![]);
        assert_eq!(srpt.rank(Time::ZERO, &seg(7, 2760, TCP), (0, 0)), 4000);
    }

    #[test]
    fn stfq_start_is_max_of_virtual_time_and_previous_finish() {
        // AIFO Sec. 2.1: S = max(V, F_prev), F = S + L / w. Two 1000 B packets of flow 1
        // (weight 1) then one of flow 2 (weight 2): S = 0, 8_000_000 and 0 millibits. After
        // flow 1's first packet is dequeued V stays 0; once the second (S = 8e6) is dequeued,
        // flow 2's next packet starts at max(8e6, 4e6) = 8e6.
        let mut r = Ranker::new(Program::Stfq, vec![1.0, 2.0]);
        let p = |id, flow, source| Packet::new(id, flow, 0, 1000, Time::ZERO).with_source(source);
        assert_eq!(r.rank(Time::ZERO, &p(0, 1, 0), (0, 0)), 0);
        assert_eq!(r.rank(Time::ZERO, &p(1, 1, 0), (0, 0)), 8_000_000);
        assert_eq!(r.rank(Time::ZERO, &p(2, 2, 1), (0, 0)), 0);
        r.dequeued(0);
        r.dequeued(8_000_000);
        assert_eq!(r.rank(Time::ZERO, &p(3, 2, 1), (0, 0)), 8_000_000);
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
