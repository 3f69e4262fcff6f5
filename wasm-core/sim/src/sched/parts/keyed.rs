//! A queue served in ascending key order, ties in arrival order: the shared body of the
//! priority-family schedulers (LSTF, EDF, simple priorities, SJF, LIFO). A full buffer drops
//! as its `buffer::Limits` say (drop-tail, drop-head or the highest key).
//!
//! Invariant: `dequeue` returns the queued packet with the least (key, arrival number).

use std::collections::BTreeMap;

use crate::packet::Packet;
use crate::params::{Default, Kind, Spec};
use crate::sched::parts::buffer::{self, Limits, Store, Victim};
use crate::sched::{Admission, QueueView, Verdicts};

/// The priority family's `preemption` parameter (LSTF, EDF, simple priorities).
pub const PREEMPTION: Spec = Spec {
    name: "preemption",
    description: "Preemptive-resume service: a packet of strictly higher priority interrupts the one being sent.",
    kind: Kind::Toggle,
    default: Default::Text("off"),
};

/// Packets ordered by (key, arrival number): the first entry is served next, and the first
/// `limit` are read in O(limit) for the page.
pub struct KeyedQueue {
    items: BTreeMap<(i64, u64), Packet>,
    seq: u64,
    bytes: u64,
    limits: Limits,
}

impl std::fmt::Debug for KeyedQueue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeyedQueue({} packets)", self.items.len())
    }
}

impl KeyedQueue {
    pub fn new(limits: Limits) -> KeyedQueue {
        KeyedQueue { items: BTreeMap::new(), seq: 0, bytes: 0, limits }
    }

    pub fn push(&mut self, key: i64, pkt: Packet, v: &mut Verdicts) -> Admission {
        let limits = self.limits;
        if let Err(reason) = buffer::admit(self, &limits, 0, &pkt, key, v) {
            v.drop(pkt, reason);
            return Admission::Refused;
        }
        self.bytes += pkt.size as u64;
        self.items.insert((key, self.seq), pkt);
        self.seq += 1;
        Admission::Queued { key }
    }

    pub fn pop(&mut self) -> Option<(i64, Packet)> {
        let ((key, _), pkt) = self.items.pop_first()?;
        self.bytes -= pkt.size as u64;
        Some((key, pkt))
    }

    /// Removes the packet served first, without its key.
    pub fn dequeue(&mut self) -> Option<Packet> {
        self.pop().map(|(_, p)| p)
    }

    /// Removes the packet served last: the greatest (key, arrival number).
    pub fn pop_last(&mut self) -> Option<(i64, Packet)> {
        let ((key, _), pkt) = self.items.pop_last()?;
        self.bytes -= pkt.size as u64;
        Some((key, pkt))
    }

    /// The least key queued.
    pub fn peek_key(&self) -> Option<i64> {
        self.items.first_key_value().map(|(&(k, _), _)| k)
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The first `limit` packets in service order, each with `shown(key, packet)`.
    pub fn snapshot_with(&self, limit: usize, out: &mut QueueView, shown: impl Fn(i64, &Packet) -> i64) {
        out.entries.clear();
        out.entries.extend(self.items.iter().take(limit).map(|(&(k, _), p)| (p.id, shown(k, p))));
    }

    /// The first `limit` packets in service order with their keys.
    pub fn snapshot(&self, limit: usize, out: &mut QueueView) {
        self.snapshot_with(limit, out, |k, _| k);
    }

    /// The packets with (key, arrival number), in service order.
    pub fn packets(&self) -> impl Iterator<Item = (i64, u64, &Packet)> {
        self.items.iter().map(|(&(k, seq), p)| (k, seq, p))
    }

    /// Removes the queued packet with key `key` and arrival number `seq`.
    pub fn remove(&mut self, key: i64, seq: u64) -> Option<Packet> {
        let pkt = self.items.remove(&(key, seq))?;
        self.bytes -= pkt.size as u64;
        Some(pkt)
    }
}

/// One queue (number 0) for the buffer policies.
impl Store for KeyedQueue {
    fn totals(&self) -> (usize, u64) {
        (self.items.len(), self.bytes)
    }
    fn oldest(&self, _q: Option<usize>) -> Option<(Victim, u64)> {
        let (index, seq) = self.items.keys().enumerate().min_by_key(|(_, k)| k.1).map(|(i, k)| (i, k.1))?;
        Some((Victim { queue: 0, index }, seq))
    }
    fn highest(&self, _q: Option<usize>) -> Option<(Victim, i64)> {
        let (&(key, _), _) = self.items.last_key_value()?;
        Some((Victim { queue: 0, index: self.items.len() - 1 }, key))
    }
    fn remove(&mut self, v: Victim) -> Packet {
        let (key, seq) = *self.items.keys().nth(v.index).expect("a queued packet");
        KeyedQueue::remove(self, key, seq).expect("listed")
    }
}
