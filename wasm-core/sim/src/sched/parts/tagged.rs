//! The shared body of the timestamp family (`wfq`, `scfq`, `stfq`, `wf2q_plus`,
//! `virtual_clock`): queues per flow, hashed bucket, class or child scheduler (`lanes`), each
//! queued packet (or class slot) holding a virtual start tag S and finish tag F, and the
//! selection rules over the queues' heads. Each scheduler's file says how it tags an arrival
//! (its system virtual time) and which rule picks.
//!
//! Principles:
//! - A queue's tags grow along it: an arrival gets S = max(V, F of the queue's previous
//!   arrival) and F = S + cost, so the first packet of each queue has the queue's least tags
//!   and the heads are the only candidates.
//! - Ties go to the earlier arrival (the slot's arrival number), in `dequeue` and `snapshot`
//!   alike.
//! - Tags are f64 (+ - * / only: bit-identical natively and in wasm). The value shown on a
//!   packet is one tag as an integer (`Shown`).
//! - A packet pushed out of its queue unsent costs the queue nothing: the tags behind it are
//!   re-derived as if it had never arrived (S = max(V at arrival, F in front)), so a queue
//!   that keeps losing packets to a full buffer still gets its share (`Tag for Tags`).

use std::collections::BTreeMap;

use crate::params::{Default, Kind, Per, Spec, Value};
use crate::sched::parts::buffer::{Limits, DROP_TAGGED, QUEUE_LIMIT};
use crate::sched::parts::lanes::{Entry, Lanes, PerQueue, QueueKind, Tag, BUCKETS, QUEUES, WEIGHT};
use crate::sched::parts::per_lane::PerLane;
use crate::sched::registry::{BuildArgs, BuildError};
use crate::sched::{Admission, AnyScheduler, Packet, QueueView, Verdicts};
use crate::time::{Bandwidth, Time};
use crate::view::{KeySpec, Shape, StateSpec, StateView, Unit};

/// Per-flow weights of the timestamp family.
pub const FLOW_WEIGHTS: Spec = Spec {
    name: "weights",
    description: "Each flow's weight, by traffic id (e.g. {\"long\": 1, \"short\": 3}; flows not listed get 1, \
                  or \"*\"; hashed buckets get \"*\"): a backlogged queue's share is its weight over the \
                  backlogged weights' sum.",
    kind: Kind::List { per: Per::Flow, item: &WEIGHT },
    default: Default::Real(1.0),
};

/// Per-class weights (queues = class, or with children).
pub const CLASS_WEIGHTS: Spec = Spec {
    name: "class_weights",
    description: "Each class's weight (queues = class, or with children), e.g. [1, 3].",
    kind: Kind::List { per: Per::Class, item: &WEIGHT },
    default: Default::Real(1.0),
};

pub const TAG_STATE: &[StateSpec] = &[
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

pub const TAG_PARAMS: &[Spec] = &[QUEUES, BUCKETS, FLOW_WEIGHTS, CLASS_WEIGHTS, DROP_TAGGED, QUEUE_LIMIT];

pub const FINISH_TAG: KeySpec = KeySpec { label: "finish tag", unit: Unit::Millibits };

/// The tagged queues of a timestamp scheduler, `weights`/`class_weights` (or `rates`/`class_rates` read by `read`).
pub fn tagged(
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

pub fn weights(a: &mut BuildArgs<'_>, shown: Shown) -> Result<Tagged, BuildError> {
    tagged(a, "weights", "class_weights", |v| v.real(), shown)
}

/// The `build` of a timestamp scheduler made of its weighted queues and the port's rate (WFQ's
/// fluid GPS, STFQ's busy periods), e.g. `build: |a| weighted_at_rate(a, Shown::FinishMilli, Wfq::new)`.
pub fn weighted_at_rate<S: Into<AnyScheduler>>(
    mut a: BuildArgs<'_>,
    shown: Shown,
    new: fn(Tagged, Bandwidth) -> S,
) -> Result<AnyScheduler, BuildError> {
    let bandwidth = a.port.bandwidth;
    Ok(new(weights(&mut a, shown)?, bandwidth).into())
}

/// A packet's virtual start and finish tags, and what they were derived from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tags {
    pub start: f64,
    pub finish: f64,
    /// The system virtual time at its arrival.
    pub v: f64,
    /// F - S: its length over its queue's weight (or rate).
    pub cost: f64,
    /// How the tags become the slot's key.
    pub shown: Shown,
}

impl Tag for Tags {
    const CHAINS: bool = true;

    fn unlink<'a>(gone: Tags, front: Option<Tags>, behind: impl Iterator<Item = (&'a mut Tags, &'a mut i64)>) {
        // In front of the packets behind, there is now `front` (its F), or at the head what
        // `gone` itself started from: max(V at its arrival, F in front) <= its S, and the
        // packets behind arrived later, when V was at least as large.
        let mut pred = front.map_or(gone.start, |t| t.finish);
        for (t, key) in behind {
            t.start = t.v.max(pred);
            t.finish = t.start + t.cost;
            *key = t.shown.of(*t);
            pred = t.finish;
        }
    }
}

/// Which head is sent next.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rule {
    /// The least finish tag (WFQ, SCFQ, Virtual Clock).
    Finish,
    /// The least start tag (STFQ).
    Start,
    /// The least finish tag among heads whose start tag is at most `v` (WF2Q+'s eligibility).
    EligibleFinish { v: f64 },
}

impl Rule {
    /// Whether head `a` goes before head `b` (ties: the earlier arrival).
    fn before(self, a: &Entry<Tags>, b: &Entry<Tags>) -> bool {
        let tag = |e: &Entry<Tags>| match self {
            Rule::Start => e.slot.tag.start,
            _ => e.slot.tag.finish,
        };
        tag(a).total_cmp(&tag(b)).then(a.slot.seq.cmp(&b.slot.seq)).is_lt()
    }

    fn eligible(self, e: &Entry<Tags>) -> bool {
        match self {
            Rule::EligibleFinish { v } => e.slot.tag.start <= v,
            _ => true,
        }
    }
}

/// How a tag becomes the integer shown on a packet (and its key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// The finish tag, in thousandths of its unit.
    FinishMilli,
    /// The start tag, in thousandths.
    StartMilli,
    /// The finish tag as it is (Virtual Clock: ns).
    Finish,
}

impl Shown {
    pub fn of(self, t: Tags) -> i64 {
        match self {
            Shown::FinishMilli => (t.finish * 1000.0).round() as i64,
            Shown::StartMilli => (t.start * 1000.0).round() as i64,
            Shown::Finish => t.finish.round() as i64,
        }
    }
}

#[derive(Debug)]
pub struct Tagged {
    pub lanes: Lanes<Tags>,
    weights: PerQueue<f64>,
    /// The finish tag of each queue's last sent packet, keyed by the queue's index as u64:
    /// the map type of GPS's tags, one BTreeMap instantiation fewer in the wasm module (issue
    /// 20: page weight).
    sent: BTreeMap<u64, f64>,
    shown: Shown,
    /// Queues other than the arrival's whose tags the last `push` re-derived (a buffer
    /// policy pushed a packet out of them).
    pub relinked: Vec<usize>,
}

impl Tagged {
    pub fn new(lanes: Lanes<Tags>, weights: PerQueue<f64>, shown: Shown) -> Tagged {
        Tagged { lanes, weights, sent: BTreeMap::new(), shown, relinked: Vec::new() }
    }

    /// Queue `l`'s weight (or rate, for Virtual Clock).
    pub fn weight(&self, l: usize) -> f64 {
        self.weights.get(&self.lanes, l)
    }

    /// `pkt`'s lane and its cost in bits over the lane's weight (L / phi).
    pub fn lane_cost(&mut self, pkt: &Packet) -> (usize, f64) {
        let l = self.lanes.lane_of(pkt);
        (l, pkt.size as f64 * 8.0 / self.weight(l))
    }

    /// The finish tag of queue `l`'s latest arrival still queued, else of its last sent
    /// packet (0 before any).
    pub fn last_finish(&self, l: usize) -> f64 {
        self.lanes.back_tag(l).map_or_else(|| self.sent.get(&(l as u64)).copied().unwrap_or(0.0), |t| t.finish)
    }

    /// Queues `pkt` in lane `l` with S = max(`v`, the lane's last F) and F = S + `cost`.
    pub fn push(&mut self, now: Time, l: usize, pkt: Packet, v: f64, cost: f64, out: &mut Verdicts) -> Admission {
        let start = v.max(self.last_finish(l));
        let tags = Tags { start, finish: start + cost, v, cost, shown: self.shown };
        let mut admitted = self.lanes.push(now, l, pkt, self.shown.of(tags), tags, out);
        self.relinked = self.lanes.take_unlinked();
        if self.relinked.contains(&l) && matches!(admitted, Admission::Queued { .. }) {
            // Tagged before the buffer pushed a packet of its own queue out: re-derive.
            let sent = self.sent.get(&(l as u64)).copied().unwrap_or(0.0);
            let (t, key, front) = self.lanes.back_mut(l).expect("the arrival is queued");
            t.start = v.max(front.map_or(sent, |f| f.finish));
            t.finish = t.start + cost;
            *key = self.shown.of(*t);
            admitted = Admission::Queued { key: *key };
        }
        if matches!(admitted, Admission::Queued { .. }) {
            self.relinked.retain(|&q| q != l);
        }
        self.relinked.dedup();
        admitted
    }

    /// The head `rule` sends next; with `EligibleFinish` and no eligible head, None.
    pub fn pick(&self, rule: Rule) -> Option<usize> {
        best(self.lanes.backlogged().filter_map(|l| self.lanes.head(l).map(|e| (l, e))), rule)
    }

    /// The least start tag among the heads.
    pub fn min_start(&self) -> Option<f64> {
        self.lanes.backlogged().filter_map(|l| self.lanes.head(l)).map(|e| e.slot.tag.start).reduce(f64::min)
    }

    /// Sends the head `rule` picks (a head the buffer has pushed out meanwhile is skipped),
    /// with its tags.
    pub fn serve(&mut self, now: Time, rule: Rule, v: &mut Verdicts) -> Option<(Tags, Packet)> {
        loop {
            let l = self.pick(rule)?;
            if let Some(sent) = self.pop(now, l, v) {
                return Some(sent);
            }
        }
    }

    /// Sends lane `l`'s next packet and the tags of the slot it fills.
    pub fn pop(&mut self, now: Time, l: usize, v: &mut Verdicts) -> Option<(Tags, Packet)> {
        let (slot, p) = self.lanes.pop(now, l, v)?;
        self.sent.insert(l as u64, slot.tag.finish);
        Some((slot.tag, p))
    }

    /// The next `limit` packets, replaying the rule: before each pick `rule(heads, sent)`
    /// sees the current heads and the packet sent just before (None at the first), so a rule
    /// that moves a system virtual time replays it as `dequeue` would.
    pub fn snapshot(
        &self,
        limit: usize,
        out: &mut QueueView,
        mut rule: impl FnMut(&[Entry<Tags>], Option<&Entry<Tags>>) -> Rule,
    ) {
        out.entries.clear();
        let mut views: PerLane<(Vec<Entry<Tags>>, usize)> = PerLane::default();
        for l in self.lanes.backlogged() {
            views.insert(l, (self.lanes.view(l, limit), 0));
        }
        let mut sent: Option<Entry<Tags>> = None;
        while out.entries.len() < limit {
            let heads: Vec<(usize, Entry<Tags>)> =
                views.iter().filter_map(|(l, (v, at))| v.get(*at).map(|e| (l, *e))).collect();
            if heads.is_empty() {
                break;
            }
            let entries: Vec<Entry<Tags>> = heads.iter().map(|h| h.1).collect();
            let r = rule(&entries, sent.as_ref());
            let Some(l) = best(heads.into_iter(), r) else { break };
            let (v, at) = views.get_mut(l).expect("a listed lane");
            let e = v[*at];
            *at += 1;
            out.entries.push((e.id, self.shown.of(e.slot.tag)));
            sent = Some(e);
        }
    }

    /// The state the family exports: the system virtual time `v` (where the scheduler keeps
    /// one), then the start and finish tags of the first `STATE_QUEUES` queues' heads in lane
    /// order, each times `scale` (1000: bits to millibits).
    pub fn push_state(&self, v: Option<f64>, scale: f64, out: &mut StateView) {
        let heads: Vec<Entry<Tags>> =
            self.lanes.backlogged().filter_map(|l| self.lanes.head(l)).take(STATE_QUEUES).collect();
        if let Some(v) = v {
            out.push(&[v * scale]);
        }
        out.push(&heads.iter().map(|e| e.slot.tag.start * scale).collect::<Vec<f64>>());
        out.push(&heads.iter().map(|e| e.slot.tag.finish * scale).collect::<Vec<f64>>());
    }
}

/// Queues whose head tags the state lists.
pub const STATE_QUEUES: usize = 16;

/// The lane whose head goes first under `rule` among the eligible ones.
fn best(heads: impl Iterator<Item = (usize, Entry<Tags>)>, rule: Rule) -> Option<usize> {
    heads.filter(|(_, e)| rule.eligible(e)).reduce(|a, b| if rule.before(&b.1, &a.1) { b } else { a }).map(|(l, _)| l)
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use crate::params::{List, Per, Value};
    use crate::sched::parts::buffer::Limits;
    use crate::sched::parts::lanes::QueueKind;
    use crate::sched::Scheduler;
    use crate::units::Buffer;

    /// Per-flow queues with flow i's weight `weights[i]` (`rest` for the others); flows are
    /// named f0, f1, ... and packets of flow i carry source i.
    pub fn tagged(weights: &[f64], rest: f64) -> Tagged {
        tagged_in(weights, rest, Limits::tail(Buffer::Unlimited))
    }

    /// Two equal flows, both over their fair share, through a 10-packet buffer that pushes
    /// out the longest queue's second packet: flow 0 offers 3 packets per packet time, flow 1
    /// one (1000 B each). Both demand more than half the link, so max-min fairness (GPS with
    /// equal weights) gives each one packet in two, and every member of the family serves
    /// equal weights within a packet or two of GPS. The packets of flows 0 and 1 among sends
    /// 1001..=2000 (the first thousand fill the buffer).
    pub fn shares_under_pushout<S: Scheduler>(s: &mut S) -> (u32, u32) {
        let mut v = Verdicts::default();
        let (mut id, mut sent) = (0, [0u32; 2]);
        for k in 0..2000u64 {
            let now = Time::ns(k * 8000);
            for flow in [0, 1, 0, 0] {
                id += 1;
                s.enqueue(now, Packet::new(id, flow, 0, 1000, now).with_source(flow), &mut v);
            }
            let p = s.dequeue(now, &mut v).expect("a backlogged port sends");
            if k >= 1000 {
                sent[p.flow as usize] += 1;
            }
        }
        (sent[0], sent[1])
    }

    /// `shares_under_pushout`, checked: within two packets of GPS's 500 each (a pushed-out
    /// packet must not count against its flow).
    pub fn keeps_share_under_pushout<S: Scheduler>(s: &mut S) {
        let (a, b) = shares_under_pushout(s);
        assert!(a.abs_diff(500) <= 2 && b.abs_diff(500) <= 2, "flow 0: {a}, flow 1: {b}");
    }

    /// 10 packets shared, pushing out the longest queue's second packet.
    pub fn pushout() -> Limits {
        Limits {
            shared: Buffer::Packets(10),
            per_queue: None,
            policy: crate::sched::parts::buffer::DropPolicy::Longest,
        }
    }

    /// `tagged` with the buffer `limits`.
    pub fn tagged_in(weights: &[f64], rest: f64, limits: Limits) -> Tagged {
        let flows: Vec<String> = (0..16).map(|i| format!("f{i}")).collect();
        let entries = weights.iter().enumerate().map(|(i, &w)| (format!("f{i}"), Value::Real(w))).collect();
        let list = List { per: Per::Flow, entries, default: Box::new(Value::Real(rest)) };
        let class =
            List { per: Per::Class, entries: std::collections::BTreeMap::new(), default: Box::new(Value::Real(rest)) };
        let lanes = Lanes::new(QueueKind::Flow, vec![], limits).unwrap();
        Tagged::new(lanes, PerQueue::new(&list, &class, &flows, |v| v.real()), Shown::FinishMilli)
    }

    /// The classic burst (Bennett and Zhang, WF2Q, Sec. 3): at t = 0 flow 0 queues 11
    /// packets, then flows 1..=`others` one each, all 1000 B. The flows in service order
    /// (checked against `snapshot` first).
    pub fn order<S: Scheduler>(s: &mut S, others: u32) -> Vec<u32> {
        let mut v = Verdicts::default();
        let mut id = 0;
        let mut pkt = |flow: u32| {
            id += 1;
            Packet::new(id, flow, 0, 1000, Time::ZERO).with_source(flow)
        };
        for _ in 0..11 {
            s.enqueue(Time::ZERO, pkt(0), &mut v);
        }
        for f in 1..=others {
            s.enqueue(Time::ZERO, pkt(f), &mut v);
        }
        let mut view = QueueView::default();
        s.snapshot(usize::MAX, &mut view);
        let mut flow_of = std::collections::BTreeMap::new();
        let served: Vec<u32> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut v))
            .map(|p| {
                flow_of.insert(p.id, p.flow);
                p.flow
            })
            .collect();
        let shown: Vec<u32> = view.entries.iter().map(|e| flow_of[&e.0]).collect();
        assert_eq!(shown, served, "snapshot = service order");
        served
    }

    #[test]
    fn the_tags_behind_a_pushed_out_head_are_re_derived() {
        // By hand (FinishMilli): the head (S 8000, F 16000) leaves unsent; behind it one
        // packet that arrived at V = 0 (cost 8000: S 16000, F 24000) and one at V = 20000
        // (S 24000, F 32000). In front of them is now what the head started from, 8000: the
        // first becomes S max(0, 8000) = 8000, F 16000; the second S max(20000, 16000) =
        // 20000, F 28000.
        let t = |start: f64, v: f64| Tags { start, finish: start + 8000.0, v, cost: 8000.0, shown: Shown::FinishMilli };
        let mut behind = [(t(16000.0, 0.0), 0i64), (t(24000.0, 20000.0), 0)];
        Tags::unlink(t(8000.0, 0.0), None, behind.iter_mut().map(|(t, k)| (t, k)));
        let got: Vec<(f64, f64, i64)> = behind.iter().map(|(t, k)| (t.start, t.finish, *k)).collect();
        assert_eq!(got, vec![(8000.0, 16000.0, 16_000_000), (20000.0, 28000.0, 28_000_000)]);
    }
}
