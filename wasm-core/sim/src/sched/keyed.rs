//! A queue served in ascending key order, ties in arrival order: the shared body of the
//! priority-family schedulers (LSTF, EDF, simple priorities, SJF, LIFO). Drop-tail: a packet
//! that does not fit the buffer is refused.
//!
//! Invariant: `dequeue` returns the queued packet with the least (key, arrival number).

use std::collections::BinaryHeap;

use super::{Admission, DropReason, QueueView, Verdicts};
use crate::packet::Packet;
use crate::units::Buffer;

struct Item {
    key: i64,
    seq: u64,
    pkt: Packet,
}

impl PartialEq for Item {
    fn eq(&self, o: &Self) -> bool {
        (self.key, self.seq) == (o.key, o.seq)
    }
}
impl Eq for Item {}
impl PartialOrd for Item {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Item {
    /// Reversed: the max-heap pops the least (key, seq).
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        (o.key, o.seq).cmp(&(self.key, self.seq))
    }
}

pub struct KeyedQueue {
    heap: BinaryHeap<Item>,
    seq: u64,
    bytes: u64,
    buffer: Buffer,
}

impl std::fmt::Debug for KeyedQueue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeyedQueue({} packets)", self.heap.len())
    }
}

impl KeyedQueue {
    pub fn new(buffer: Buffer) -> KeyedQueue {
        KeyedQueue { heap: BinaryHeap::new(), seq: 0, bytes: 0, buffer }
    }

    pub fn push(&mut self, key: i64, pkt: Packet, v: &mut Verdicts) -> Admission {
        if !self.buffer.fits(self.heap.len(), self.bytes, pkt.size as u64) {
            v.drop(pkt, DropReason::BufferFull);
            return Admission::Refused;
        }
        self.bytes += pkt.size as u64;
        self.heap.push(Item { key, seq: self.seq, pkt });
        self.seq += 1;
        Admission::Queued { key }
    }

    pub fn pop(&mut self) -> Option<(i64, Packet)> {
        let it = self.heap.pop()?;
        self.bytes -= it.pkt.size as u64;
        Some((it.key, it.pkt))
    }

    /// The least key queued.
    pub fn peek_key(&self) -> Option<i64> {
        self.heap.peek().map(|it| it.key)
    }

    pub fn len(&self) -> usize {
        self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Every queued packet with the key, in service order.
    pub fn snapshot(&self, out: &mut QueueView) {
        let mut items: Vec<&Item> = self.heap.iter().collect();
        items.sort_by_key(|it| (it.key, it.seq));
        out.entries.clear();
        out.entries.extend(items.iter().map(|it| (it.pkt.id, it.key)));
    }

    /// The packets themselves, for schedulers that choose by other rules (SRPT, Random).
    pub fn packets(&self) -> impl Iterator<Item = (i64, u64, &Packet)> {
        self.heap.iter().map(|it| (it.key, it.seq, &it.pkt))
    }

    /// Removes the queued packet with arrival number `seq`.
    pub fn remove_seq(&mut self, seq: u64) -> Option<(i64, Packet)> {
        let mut items = std::mem::take(&mut self.heap).into_vec();
        let i = items.iter().position(|it| it.seq == seq)?;
        let it = items.swap_remove(i);
        self.heap = items.into();
        self.bytes -= it.pkt.size as u64;
        Some((it.key, it.pkt))
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
        fn snapshot(&self, out: &mut QueueView) {
            self.q.snapshot(out)
        }
    };
}
pub(crate) use keyed_queue_accessors;
