//! The queues of a multi-queue scheduler: one per flow (exact), per hashed bucket
//! (stochastic), per traffic class, or per child scheduler. Strict priority, round robin,
//! DRR and the fair queueing family keep their packets here and only decide which queue
//! sends next; the buffer policies (`buffer`) act on these queues.
//!
//! Principles:
//! - A queue ("lane") is FIFO: its packets leave in arrival order. With child schedulers a
//!   lane is a child (class i goes to child i, classes beyond the last child to the last),
//!   and the child picks which of its packets goes when its lane is served.
//! - Every queued packet holds a slot: its arrival number, size, the parent's key and the
//!   parent's tag (virtual times, for the fair queueing family). In a child lane the slots
//!   are the class's own schedule: the k-th packet the child sends fills the k-th slot, and
//!   packets the child drops give up slots (from the front at dequeue, from the back at
//!   enqueue).
//! - Per-flow queues are keyed by `Packet::flow`; per-flow parameters by the packet's traffic
//!   source (`Packet::source`, so a workload's flows share their workload's weight). Hashed
//!   buckets mix the flow id with a salt from the port's random stream.
//! - With children, the buffer is drop-tail on the port's limit (the children own the
//!   packets); the other policies need FIFO lanes.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use crate::packet::Packet;
use crate::params::{Bound, Default, Kind, List, Params, Spec, Value};
use crate::sched::parts::buffer::{self, DropPolicy, Limits, Store, Victim};
use crate::sched::{Admission, AnyScheduler, DropReason, QueueView, Scheduler, Verdicts};
use crate::time::Time;

/// A weight: any positive number.
pub const WEIGHT: Kind = Kind::Real { min: Bound::Open(0.0), max: Bound::None };

/// What a queue is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueueKind {
    /// One per flow.
    Flow,
    /// Flows hashed into `buckets` queues (stochastic fair queueing's approximation).
    Hashed { buckets: u32, salt: u64 },
    /// One per traffic class (lane number = class).
    Class,
    /// One per child scheduler.
    Children,
}

/// `queues`: what a queue is (with children: ignored).
pub const QUEUES: Spec = Spec {
    name: "queues",
    description: "What a queue is: one per flow (exact), flows hashed into `buckets` queues (hashed: \
                  stochastic, colliding flows share), or one per traffic class. Ignored with child \
                  schedulers: then class i is child i's.",
    kind: Kind::Choice { options: &["flow", "hashed", "class"] },
    default: Default::Text("flow"),
};

/// `buckets`: how many hashed queues.
pub const BUCKETS: Spec = Spec {
    name: "buckets",
    description: "Number of queues when queues = hashed.",
    kind: Kind::Int { min: 1, max: 4096 },
    default: Default::Int(64),
};

impl QueueKind {
    /// From `queues` and `buckets`; `children`: whether the scheduler has child schedulers.
    pub fn from_params(params: &Params, children: bool, salt: u64) -> QueueKind {
        match (children, params.choice("queues")) {
            (true, _) => QueueKind::Children,
            (false, "hashed") => QueueKind::Hashed { buckets: params.int("buckets") as u32, salt },
            (false, "class") => QueueKind::Class,
            _ => QueueKind::Flow,
        }
    }
}

/// A per-queue parameter resolved for every queue: by traffic source (per-flow queues), by
/// class (class and child queues), or one value (hashed buckets: the per-flow list's "*").
#[derive(Clone, Debug)]
pub struct PerQueue<T> {
    by_source: Vec<T>,
    by_class: Vec<T>,
    hashed: T,
}

impl<T: Clone> PerQueue<T> {
    /// `flow`: a per-flow list; `class`: a per-class list; `flows`: the traffic source ids.
    pub fn new(flow: &List, class: &List, flows: &[String], read: impl Fn(&Value) -> T) -> PerQueue<T> {
        PerQueue {
            by_source: flows.iter().map(|id| read(flow.for_flow(id))).collect(),
            by_class: (0..=255u8).map(|c| read(class.for_class(c))).collect(),
            hashed: read(&flow.default),
        }
    }

    /// One value for every queue.
    pub fn all(v: T) -> PerQueue<T> {
        PerQueue { by_source: Vec::new(), by_class: vec![v.clone(); 256], hashed: v }
    }

    /// `by_source[i]` for traffic source i, `rest` for the others (tests).
    #[cfg(test)]
    pub fn of_sources(by_source: Vec<T>, rest: T) -> PerQueue<T> {
        PerQueue { by_source, by_class: vec![rest.clone(); 256], hashed: rest }
    }

    /// The value of lane `l`.
    pub fn get<S>(&self, lanes: &Lanes<S>, l: usize) -> T {
        let lane = &lanes.lanes[l];
        match lanes.kind {
            QueueKind::Flow => self.by_source.get(lane.source as usize).unwrap_or(&self.hashed).clone(),
            QueueKind::Hashed { .. } => self.hashed.clone(),
            QueueKind::Class | QueueKind::Children => self.by_class[(lane.id as usize).min(255)].clone(),
        }
    }
}

/// A queued packet's place: what the parent scheduler knows of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slot<T> {
    /// Arrival number at this scheduler.
    pub seq: u64,
    /// Size of the packet that took the slot (in a child lane, the packet sent in it may
    /// differ).
    pub size: u32,
    /// The parent's key: what it traces and shows, and what `highest_key` compares.
    pub key: i64,
    pub tag: T,
}

/// A slot's tag: what the parent keeps per queued packet. Tags that chain along a lane (each
/// derived from the one in front, as the fair queueing family's virtual times are) re-derive
/// the tags behind a packet that leaves its lane unsent, so a pushed-out packet costs its
/// queue nothing.
pub trait Tag: Copy {
    /// Whether `unlink` changes anything (then `Lanes::take_unlinked` lists the lanes it
    /// touched).
    const CHAINS: bool = false;

    /// The packet tagged `gone` left its lane unsent; `front` is the tag in front of it (None
    /// at the head) and `behind` the tags and keys after it, front to back.
    fn unlink<'a>(_gone: Self, _front: Option<Self>, _behind: impl Iterator<Item = (&'a mut Self, &'a mut i64)>)
    where
        Self: 'a,
    {
    }
}

impl Tag for () {}

/// A packet in a lane's service order, for snapshots.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry<T> {
    pub id: u64,
    pub flow: u32,
    pub size: u32,
    pub enqueued: i64,
    pub slot: Slot<T>,
}

#[derive(Debug)]
pub struct Lane<T> {
    /// Flow id, class, bucket or child number.
    pub id: u64,
    /// Traffic source of the lane's first packet (per-flow parameters).
    pub source: u32,
    slots: VecDeque<(Slot<T>, Option<Packet>)>,
    child: Option<AnyScheduler>,
    /// Child lanes: (flow, size, enqueue time) of each packet the child holds, by id.
    held: BTreeMap<u64, (u32, u32, i64)>,
    bytes: u64,
}

impl<T> Lane<T> {
    fn new(id: u64, source: u32, child: Option<AnyScheduler>) -> Lane<T> {
        Lane { id, source, slots: VecDeque::new(), child, held: BTreeMap::new(), bytes: 0 }
    }
}

#[derive(Debug)]
pub struct Lanes<T> {
    kind: QueueKind,
    lanes: Vec<Lane<T>>,
    /// Each flow's lane (`QueueKind::Flow`), flow -> lane as u64: the map type of the burst
    /// metrics, one BTreeMap instantiation fewer in the wasm module (issue 20: page weight).
    by_flow: BTreeMap<u64, u64>,
    /// Lanes holding packets.
    backlogged: BTreeSet<usize>,
    packets: usize,
    bytes: u64,
    seq: u64,
    limits: Limits,
    /// Lanes whose tags `unlink` re-derived since `take_unlinked` (chaining tags only).
    unlinked: Vec<usize>,
}

impl<T: Tag> Lanes<T> {
    /// `children` must be non-empty exactly for `QueueKind::Children`, whose buffer must be
    /// drop-tail without a per-queue limit (`Err` names the parameter otherwise).
    pub fn new(
        kind: QueueKind,
        children: Vec<AnyScheduler>,
        limits: Limits,
    ) -> Result<Lanes<T>, (&'static str, String)> {
        if kind == QueueKind::Children && limits.policy != DropPolicy::Tail {
            return Err((
                "params.drop",
                "with child schedulers the buffer is drop-tail (the children hold the packets)".into(),
            ));
        }
        if kind == QueueKind::Children && limits.per_queue.is_some() {
            return Err((
                "params.queue_limit",
                "with child schedulers there is no per-queue limit (give it to a child)".into(),
            ));
        }
        let mut lanes: Vec<Lane<T>> =
            children.into_iter().enumerate().map(|(i, c)| Lane::new(i as u64, 0, Some(c))).collect();
        if let QueueKind::Hashed { buckets, .. } = kind {
            lanes = (0..buckets as u64).map(|b| Lane::new(b, 0, None)).collect();
        }
        Ok(Lanes {
            kind,
            lanes,
            by_flow: BTreeMap::new(),
            backlogged: BTreeSet::new(),
            packets: 0,
            bytes: 0,
            seq: 0,
            limits,
            unlinked: Vec::new(),
        })
    }

    pub fn kind(&self) -> QueueKind {
        self.kind
    }

    /// The lane `pkt` belongs to (made on first use).
    pub fn lane_of(&mut self, pkt: &Packet) -> usize {
        match self.kind {
            QueueKind::Flow => *self.by_flow.entry(u64::from(pkt.flow)).or_insert_with(|| {
                self.lanes.push(Lane::new(pkt.flow as u64, pkt.source, None));
                (self.lanes.len() - 1) as u64
            }) as usize,
            QueueKind::Hashed { buckets, salt } => (mix(pkt.flow as u64 ^ salt) % buckets as u64) as usize,
            QueueKind::Class => {
                let c = pkt.class as usize;
                while self.lanes.len() <= c {
                    self.lanes.push(Lane::new(self.lanes.len() as u64, pkt.source, None));
                }
                c
            }
            QueueKind::Children => (pkt.class as usize).min(self.lanes.len() - 1),
        }
    }

    /// The per-flow lane of `flow`, if it has been made (`QueueKind::Flow`).
    pub fn lane_of_flow(&self, flow: u32) -> Option<usize> {
        self.by_flow.get(&u64::from(flow)).map(|&l| l as usize)
    }

    pub fn lane(&self, l: usize) -> &Lane<T> {
        &self.lanes[l]
    }

    /// Lanes made so far.
    pub fn count(&self) -> usize {
        self.lanes.len()
    }

    /// Lanes holding packets, in lane order.
    pub fn backlogged(&self) -> impl Iterator<Item = usize> + '_ {
        self.backlogged.iter().copied()
    }

    pub fn lane_len(&self, l: usize) -> usize {
        self.lanes[l].slots.len()
    }

    /// The tag of lane `l`'s last packet, if it holds any.
    pub fn back_tag(&self, l: usize) -> Option<T> {
        self.lanes.get(l).and_then(|x| x.slots.back()).map(|(s, _)| s.tag)
    }

    /// The tag and key of lane `l`'s last packet and the tag in front of it.
    pub fn back_mut(&mut self, l: usize) -> Option<(&mut T, &mut i64, Option<T>)> {
        let slots = &mut self.lanes.get_mut(l)?.slots;
        let n = slots.len();
        let front = n.checked_sub(2).map(|i| slots[i].0.tag);
        slots.back_mut().map(|(s, _)| (&mut s.tag, &mut s.key, front))
    }

    /// The lanes whose tags were re-derived since the last call (see `Tag`), in order.
    pub fn take_unlinked(&mut self) -> Vec<usize> {
        std::mem::take(&mut self.unlinked)
    }

    /// Queues `pkt` in lane `l` with the parent's `key` and `tag`, after the buffer policy
    /// made room (pushing out packets of any lane).
    pub fn push(&mut self, now: Time, l: usize, pkt: Packet, key: i64, tag: T, v: &mut Verdicts) -> Admission {
        let size = pkt.size;
        if self.lanes[l].child.is_some() {
            if !self.limits.shared.fits(self.len(), self.bytes(), size as u64) {
                v.drop(pkt, DropReason::BufferFull);
                return Admission::Refused;
            }
            let (id, flow, enqueued) = (pkt.id, pkt.flow, pkt.enqueued_at.as_ns() as i64);
            let before = v.drops.len();
            let lane = &mut self.lanes[l];
            let child = lane.child.as_mut().expect("a child lane");
            let admitted = child.enqueue(now, pkt, v);
            if let Admission::Queued { .. } = admitted {
                lane.held.insert(id, (flow, size, enqueued));
                lane.slots.push_back((Slot { seq: self.seq, size, key, tag }, None));
                self.seq += 1;
            }
            // Packets the child dropped give up slots from the back.
            for d in &v.drops[before..] {
                lane.held.remove(&d.pkt.id);
            }
            let n = lane.child.as_ref().map_or(0, |c| c.len());
            lane.slots.truncate(n);
            self.settle(l);
            return match admitted {
                Admission::Queued { .. } => Admission::Queued { key },
                refused => refused,
            };
        }
        let limits = self.limits;
        if !limits.is_unlimited() {
            if let Err(reason) = buffer::admit(self, &limits, l, &pkt, key, v) {
                v.drop(pkt, reason);
                return Admission::Refused;
            }
        }
        let lane = &mut self.lanes[l];
        lane.bytes += size as u64;
        lane.slots.push_back((Slot { seq: self.seq, size, key, tag }, Some(pkt)));
        self.seq += 1;
        self.packets += 1;
        self.bytes += size as u64;
        self.backlogged.insert(l);
        Admission::Queued { key }
    }

    /// After a child lane changed: its backlog flag.
    fn settle(&mut self, l: usize) {
        if self.lanes[l].slots.is_empty() {
            self.backlogged.remove(&l);
        } else {
            self.backlogged.insert(l);
        }
    }

    /// Sends lane `l`'s next packet with the slot it fills. A child may drop packets at its
    /// head first (into `v`); each gives up a slot from the front.
    pub fn pop(&mut self, now: Time, l: usize, v: &mut Verdicts) -> Option<(Slot<T>, Packet)> {
        let lane = &mut self.lanes[l];
        let out = match lane.child.as_mut() {
            None => {
                let (slot, pkt) = lane.slots.pop_front()?;
                let pkt = pkt.expect("a FIFO lane holds its packets");
                lane.bytes -= pkt.size as u64;
                self.packets -= 1;
                self.bytes -= pkt.size as u64;
                Some((slot, pkt))
            }
            Some(child) => {
                let before = v.drops.len();
                let pkt = child.dequeue(now, v);
                for d in &v.drops[before..] {
                    lane.held.remove(&d.pkt.id);
                    lane.slots.pop_front();
                }
                let out = pkt.and_then(|p| {
                    lane.held.remove(&p.id);
                    lane.slots.pop_front().map(|(s, _)| (s, p))
                });
                let n = lane.child.as_ref().map_or(0, |c| c.len());
                lane.slots.truncate(n);
                out
            }
        };
        if self.lanes[l].slots.is_empty() {
            self.backlogged.remove(&l);
        }
        out
    }

    /// Lane `l`'s next packet and the slot it fills.
    pub fn head(&self, l: usize) -> Option<Entry<T>> {
        let lane = &self.lanes[l];
        let (slot, pkt) = lane.slots.front()?;
        match (pkt, &lane.child) {
            (Some(p), _) => Some(Entry {
                id: p.id,
                flow: p.flow,
                size: p.size,
                enqueued: p.enqueued_at.as_ns() as i64,
                slot: *slot,
            }),
            (None, Some(child)) => {
                let mut view = QueueView::default();
                child.snapshot(1, &mut view);
                let id = view.entries.first()?.0;
                let &(flow, size, enqueued) = lane.held.get(&id)?;
                Some(Entry { id, flow, size, enqueued, slot: *slot })
            }
            (None, None) => None,
        }
    }

    /// Lane `l`'s first `limit` packets in the order it sends them, each with its slot.
    pub fn view(&self, l: usize, limit: usize) -> Vec<Entry<T>> {
        let lane = &self.lanes[l];
        match &lane.child {
            None => lane
                .slots
                .iter()
                .take(limit)
                .map(|(s, p)| {
                    let p = p.as_ref().expect("a FIFO lane holds its packets");
                    Entry { id: p.id, flow: p.flow, size: p.size, enqueued: p.enqueued_at.as_ns() as i64, slot: *s }
                })
                .collect(),
            Some(child) => {
                let mut view = QueueView::default();
                child.snapshot(limit, &mut view);
                view.entries
                    .iter()
                    .zip(&lane.slots)
                    .filter_map(|(&(id, _), (s, _))| {
                        let &(flow, size, enqueued) = lane.held.get(&id)?;
                        Some(Entry { id, flow, size, enqueued, slot: *s })
                    })
                    .collect()
            }
        }
    }

    pub fn len(&self) -> usize {
        self.packets + self.lanes.iter().filter_map(|l| l.child.as_ref()).map(|c| c.len()).sum::<usize>()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn bytes(&self) -> u64 {
        self.bytes + self.lanes.iter().filter_map(|l| l.child.as_ref()).map(|c| c.bytes()).sum::<u64>()
    }
}

/// FIFO lanes for the buffer policies (`Lanes::push` does not call them for child lanes).
impl<T: Tag> Store for Lanes<T> {
    fn totals(&self) -> (usize, u64) {
        (self.packets, self.bytes)
    }
    fn queue_totals(&self, q: usize) -> (usize, u64) {
        self.lanes.get(q).map_or((0, 0), |l| (l.slots.len(), l.bytes))
    }
    fn oldest(&self, q: Option<usize>) -> Option<(Victim, u64)> {
        let front = |l: usize| self.lanes[l].slots.front().map(|(s, _)| (Victim { queue: l, index: 0 }, s.seq));
        match q {
            Some(l) => front(l),
            None => self.backlogged.iter().filter_map(|&l| front(l)).min_by_key(|e| e.1),
        }
    }
    fn highest(&self, q: Option<usize>) -> Option<(Victim, i64)> {
        // Keys grow along each lane (tags, arrival times), so the highest is at some back.
        let back = |l: usize| {
            let n = self.lanes[l].slots.len();
            self.lanes[l].slots.back().map(|(s, _)| (Victim { queue: l, index: n - 1 }, s.key, s.seq))
        };
        let best = match q {
            Some(l) => back(l),
            None => self.backlogged.iter().filter_map(|&l| back(l)).max_by_key(|e| (e.1, e.2)),
        };
        best.map(|(v, k, _)| (v, k))
    }
    fn longest(&self, with: usize, extra: u64) -> usize {
        let bytes = |l: usize| self.lanes.get(l).map_or(0, |x| x.bytes) + if l == with { extra } else { 0 };
        self.backlogged
            .iter()
            .copied()
            .chain([with])
            .max_by_key(|&l| (bytes(l), l == with, std::cmp::Reverse(l)))
            .expect("the arrival's lane is a candidate")
    }
    fn remove(&mut self, v: Victim) -> Packet {
        let lane = &mut self.lanes[v.queue];
        let (slot, pkt) = lane.slots.remove(v.index).expect("a queued packet");
        let pkt = pkt.expect("a FIFO lane holds its packets");
        if T::CHAINS {
            let front = v.index.checked_sub(1).map(|i| lane.slots[i].0.tag);
            T::unlink(slot.tag, front, lane.slots.range_mut(v.index..).map(|(s, _)| (&mut s.tag, &mut s.key)));
            self.unlinked.push(v.queue);
        }
        lane.bytes -= pkt.size as u64;
        self.packets -= 1;
        self.bytes -= pkt.size as u64;
        if self.lanes[v.queue].slots.is_empty() {
            self.backlogged.remove(&v.queue);
        }
        pkt
    }
}

/// SplitMix64's finaliser: a flow id (with the salt) to a bucket.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sched::single::fifo::Fifo;
    use crate::units::Buffer;

    fn pkt(id: u64, flow: u32, class: u8, size: u32) -> Packet {
        Packet::new(id, flow, id, size, Time::ZERO).with_class(class)
    }

    #[test]
    fn flows_classes_and_buckets_get_their_lanes() {
        let mut f: Lanes<()> = Lanes::new(QueueKind::Flow, vec![], Limits::tail(Buffer::Unlimited)).unwrap();
        assert_eq!([f.lane_of(&pkt(0, 7, 0, 1)), f.lane_of(&pkt(1, 3, 0, 1)), f.lane_of(&pkt(2, 7, 0, 1))], [0, 1, 0]);
        let mut c: Lanes<()> = Lanes::new(QueueKind::Class, vec![], Limits::tail(Buffer::Unlimited)).unwrap();
        assert_eq!((c.lane_of(&pkt(0, 7, 2, 1)), c.count()), (2, 3));
        let mut h: Lanes<()> =
            Lanes::new(QueueKind::Hashed { buckets: 4, salt: 9 }, vec![], Limits::tail(Buffer::Unlimited)).unwrap();
        let b = h.lane_of(&pkt(0, 7, 0, 1));
        assert!(b < 4 && b == h.lane_of(&pkt(5, 7, 1, 1)));
        // Children: classes beyond the last child go to the last.
        let fifo = || AnyScheduler::Fifo(Fifo::new(Limits::tail(Buffer::Unlimited)));
        let mut k: Lanes<()> =
            Lanes::new(QueueKind::Children, vec![fifo(), fifo()], Limits::tail(Buffer::Unlimited)).unwrap();
        assert_eq!([k.lane_of(&pkt(0, 7, 0, 1)), k.lane_of(&pkt(1, 7, 1, 1)), k.lane_of(&pkt(2, 7, 5, 1))], [0, 1, 1]);
    }

    /// A plain tag for the tests: it does not chain.
    impl Tag for u8 {}

    #[test]
    fn a_child_lane_fills_its_slots_in_the_childs_order() {
        // One FIFO child behind a 2-packet buffer; its slots keep the parent's keys.
        let child = AnyScheduler::Fifo(Fifo::new(Limits::tail(Buffer::Unlimited)));
        let mut l: Lanes<u8> = Lanes::new(QueueKind::Children, vec![child], Limits::tail(Buffer::Packets(2))).unwrap();
        let mut v = Verdicts::default();
        for (id, key) in [(0, 10), (1, 20), (2, 30)] {
            let lane = l.lane_of(&pkt(id, 0, 5, 100));
            l.push(Time::ZERO, lane, pkt(id, 0, 5, 100), key, id as u8, &mut v);
        }
        // The buffer (2 packets) refused the third.
        assert_eq!((l.len(), v.drops.len()), (2, 1));
        assert_eq!(l.view(0, 9).iter().map(|e| (e.id, e.slot.key)).collect::<Vec<_>>(), vec![(0, 10), (1, 20)]);
        let (slot, p) = l.pop(Time::ZERO, 0, &mut v).unwrap();
        assert_eq!((slot.key, p.id, l.head(0).map(|e| e.id)), (10, 0, Some(1)));
        // Push-out policies need FIFO lanes.
        let child = AnyScheduler::Fifo(Fifo::new(Limits::tail(Buffer::Unlimited)));
        let head = Limits { policy: DropPolicy::Head, ..Limits::tail(Buffer::Packets(2)) };
        assert_eq!(Lanes::<u8>::new(QueueKind::Children, vec![child], head).unwrap_err().0, "params.drop");
    }

    #[test]
    fn drop_head_pushes_out_the_oldest_of_any_lane() {
        // Two flows, 3-packet buffer, drop-head: the fourth arrival pushes out flow 7's first.
        let head = Limits { policy: DropPolicy::Head, ..Limits::tail(Buffer::Packets(3)) };
        let mut l: Lanes<()> = Lanes::new(QueueKind::Flow, vec![], head).unwrap();
        let mut v = Verdicts::default();
        for (id, flow) in [(0, 7), (1, 8), (2, 7), (3, 8)] {
            let lane = l.lane_of(&pkt(id, flow, 0, 100));
            l.push(Time::ZERO, lane, pkt(id, flow, 0, 100), 0, (), &mut v);
        }
        assert_eq!(v.drops.iter().map(|d| (d.pkt.id, d.reason)).collect::<Vec<_>>(), vec![(0, DropReason::PushOut)]);
        assert_eq!(l.head(0).map(|e| e.id), Some(2));
    }
}
