//! A queue served in ascending key order, ties in arrival order: the shared body of the
//! priority-family schedulers (LSTF, EDF, simple priorities, SJF, LIFO). Drop-tail: a packet
//! that does not fit the buffer is refused.
//!
//! Invariant: `dequeue` returns the queued packet with the least (key, arrival number).

use std::collections::BTreeMap;

use super::{Admission, DropReason, QueueView, Verdicts};
use crate::packet::Packet;
use crate::units::Buffer;

/// Packets ordered by (key, arrival number): the first entry is served next, and the first
/// `limit` are read in O(limit) for the page.
pub struct KeyedQueue {
    items: BTreeMap<(i64, u64), Packet>,
    seq: u64,
    bytes: u64,
    buffer: Buffer,
}

impl std::fmt::Debug for KeyedQueue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeyedQueue({} packets)", self.items.len())
    }
}

impl KeyedQueue {
    pub fn new(buffer: Buffer) -> KeyedQueue {
        KeyedQueue { items: BTreeMap::new(), seq: 0, bytes: 0, buffer }
    }

    pub fn push(&mut self, key: i64, pkt: Packet, v: &mut Verdicts) -> Admission {
        if !self.buffer.fits(self.items.len(), self.bytes, pkt.size as u64) {
            v.drop(pkt, DropReason::BufferFull);
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

/// The `Scheduler` methods that only report the scheduler's `KeyedQueue` (field `q`).
macro_rules! keyed_queue_accessors {
    () => {
        fn len(&self) -> usize {
            self.q.len()
        }
        fn bytes(&self) -> u64 {
            self.q.bytes()
        }
        fn snapshot(&self, limit: usize, out: &mut QueueView) {
            self.q.snapshot(limit, out)
        }
    };
}
pub(crate) use keyed_queue_accessors;
