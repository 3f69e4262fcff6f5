//! The engine's event queue: events ordered by (time, sequence number).
//!
//! Invariant: `pop_until` returns the event with the least time, and among events of equal
//! time the one pushed first (each push takes the next sequence number), so a run processes
//! its events in exactly one order whatever the queue's layout (the same order as a heap of
//! (time, seq), which the engine used before: trace hashes unchanged).
//!
//! Layout: a timing wheel for the near future and a heap for the rest. Most of a network's
//! events are a transmission's end or a packet's arrival, a few microseconds ahead, and the
//! queue's time only moves forward, so near events go straight into a bucket of 2^`SHIFT` ns
//! by their time (`SLOTS` buckets, the wheel, covering `SLOTS << SHIFT` ns from the current
//! bucket; each bucket sorted by (time, seq), new events usually landing at its end), and a
//! bitmap finds the next bucket holding events. Events past the horizon (timers, long links,
//! late flows) wait in a binary heap (`heap`) and move into the wheel as its horizon reaches
//! them. Why: with every event in one heap, each pop walked the heap from root to bottom, a
//! chain of dependent loads and comparisons (a fifth of the run's time on dumbbell-10g-16); a
//! bucket's pop is one read at its front.
//!
//! Measured on dumbbell-10g-16 and not kept: 128 ns buckets (512 of them) ran no faster, 64 ns
//! (1024) 1% faster, within the noise, for four times the wheel's memory;
//! vectors with a read index in place of `VecDeque` and linked lists in one slab of nodes
//! used fewer instructions but ran 3-6% slower.
//!
//! A batch of events known at the start (a replay's injections: every packet of the recorded
//! schedule, millions on UPS Table 1's rows) goes into a third place, `later`: a list sorted by
//! (time, seq) that feeds the wheel as its horizon reaches it, as the heap does, but each
//! event costs a read at its front, not a heap pop (pushing them all into the heap made its
//! refill a seventh of a replay's time). Each keeps the sequence number its push gave it.
//!
//! Invariants of the layout: every wheel event's bucket number (`time >> SHIFT`) is in
//! [`cur`, `cur + SLOTS`) and its slot is that number modulo `SLOTS`; every heap event's is
//! at least `cur + SLOTS`, as is every event in `later`; `cur` is at most the bucket of any
//! event pushed later (pushes are never earlier than the last event popped, whose bucket `cur`
//! is).

mod heap;

use std::collections::VecDeque;

use crate::time::Time;
use heap::{Entry, Heap};

/// A bucket spans 2^SHIFT ns (256 ns: a 1500 B packet takes 1.2 us at 10 Gbps).
const SHIFT: u32 = 8;
/// Buckets in the wheel (a power of two): 256 x 256 ns = 65.5 us ahead, past a 10 Gbps
/// dumbbell's longest link (30 us).
const SLOTS: usize = 256;
const WORDS: usize = SLOTS / 64;
/// Events an emptied bucket keeps room for (a 10 Gbps link's 256 ns hold about 3).
const KEEP: usize = 8;

pub struct EventQueue<E> {
    /// The wheel: bucket `b % SLOTS` holds the events of bucket number `b`, by (time, seq).
    buckets: Vec<VecDeque<Entry<E>>>,
    /// Bit `s` (word `s / 64`): slot `s` holds events.
    occupied: [u64; WORDS],
    /// The bucket number of the wheel's first bucket.
    cur: u64,
    /// Events past the wheel's horizon.
    heap: Heap<E>,
    /// Events of a batch (`push_batch`) past the wheel's horizon, by (time, seq).
    later: VecDeque<Entry<E>>,
    seq: u64,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        EventQueue {
            buckets: (0..SLOTS).map(|_| VecDeque::new()).collect(),
            occupied: [0; WORDS],
            cur: 0,
            heap: Heap::default(),
            later: VecDeque::new(),
            seq: 0,
        }
    }
}

impl<E> EventQueue<E> {
    /// Schedules `ev` at `time`, after every event already scheduled at that time.
    #[inline]
    pub fn push(&mut self, time: Time, ev: E) {
        let entry = Entry { time, seq: self.seq, ev };
        self.seq += 1;
        if (time.0 >> SHIFT) < self.cur + SLOTS as u64 {
            self.insert(entry);
        } else {
            self.heap.push(entry);
        }
    }

    /// Schedules a batch of events, each after every event already scheduled at its time and
    /// after the batch's events before it: the same order as pushing them one by one.
    pub fn push_batch(&mut self, events: impl IntoIterator<Item = (Time, E)>) {
        let mut batch: Vec<Entry<E>> = Vec::new();
        for (time, ev) in events {
            let entry = Entry { time, seq: self.seq, ev };
            self.seq += 1;
            if (time.0 >> SHIFT) < self.cur + SLOTS as u64 {
                self.insert(entry);
            } else {
                batch.push(entry);
            }
        }
        batch.sort_unstable_by_key(|e| e.key());
        if self.later.is_empty() {
            self.later = batch.into();
        } else {
            // Rare (one batch per run today): merge the two sorted lists.
            let mut all: Vec<Entry<E>> = self.later.drain(..).chain(batch).collect();
            all.sort_unstable_by_key(|e| e.key());
            self.later = all.into();
        }
    }

    /// The time of the first event past the horizon (in the heap or `later`).
    #[inline]
    fn far_time(&self) -> Option<Time> {
        match (self.heap.peek(), self.later.front()) {
            (Some(h), Some(l)) => Some(if l.key() < h.key() { l.time } else { h.time }),
            (h, l) => h.or(l).map(|e| e.time),
        }
    }

    /// Puts a wheel event in its bucket, in (time, seq) order. An event before the current
    /// bucket (the engine never schedules one) would go first in the current bucket, still
    /// in order.
    #[inline]
    fn insert(&mut self, entry: Entry<E>) {
        let slot = ((entry.time.0 >> SHIFT).max(self.cur) as usize) % SLOTS;
        let q = &mut self.buckets[slot];
        let key = entry.key();
        if q.back().is_none_or(|last| last.key() < key) {
            q.push_back(entry);
        } else {
            let at = q.partition_point(|e| e.key() < key);
            q.insert(at, entry);
        }
        self.occupied[slot / 64] |= 1 << (slot % 64);
    }

    /// How many buckets after the current one the first occupied bucket is.
    #[inline]
    fn first_occupied(&self) -> Option<u64> {
        let start = (self.cur as usize) % SLOTS;
        let (w, b) = (start / 64, start % 64);
        let here = self.occupied[w] & (!0u64 << b);
        if here != 0 {
            return Some((here.trailing_zeros() as usize - b) as u64);
        }
        for k in 1..=WORDS {
            let i = (w + k) % WORDS;
            // The last word visited is the first again, for the slots before `start`.
            let bits = if k == WORDS { self.occupied[i] & ((1u64 << b) - 1) } else { self.occupied[i] };
            if bits != 0 {
                let slot = i * 64 + bits.trailing_zeros() as usize;
                return Some(((slot + SLOTS - start) % SLOTS) as u64);
            }
        }
        None
    }

    /// The time of the next event.
    pub fn next_time(&self) -> Option<Time> {
        match self.first_occupied() {
            Some(r) => self.buckets[((self.cur + r) as usize) % SLOTS].front().map(|e| e.time),
            None => self.far_time(),
        }
    }

    /// Removes the next event if it is due by `end`.
    #[inline]
    pub fn pop_until(&mut self, end: Time) -> Option<(Time, E)> {
        let bucket = match self.first_occupied() {
            Some(r) => self.cur + r,
            None => {
                // The wheel is empty: it moves to the first event past it.
                let t = self.far_time()?;
                if t > end {
                    return None;
                }
                self.cur = t.0 >> SHIFT;
                self.refill();
                self.cur
            }
        };
        let slot = (bucket as usize) % SLOTS;
        let q = &mut self.buckets[slot];
        if q.front().is_none_or(|e| e.time > end) {
            return None;
        }
        let e = q.pop_front().expect("an occupied bucket");
        if q.is_empty() {
            self.occupied[slot / 64] &= !(1 << (slot % 64));
            if q.capacity() > KEEP {
                // A burst's room goes back: the wheel holds about a busy bucket's worth each.
                q.shrink_to(KEEP);
            }
        }
        if bucket != self.cur {
            self.cur = bucket;
            self.refill();
        }
        Some((e.time, e.ev))
    }

    /// Moves the heap's and `later`'s events that the wheel's horizon now reaches into the wheel.
    #[inline]
    fn refill(&mut self) {
        let horizon = self.cur + SLOTS as u64;
        while self.heap.peek().is_some_and(|e| (e.time.0 >> SHIFT) < horizon) {
            let e = self.heap.pop().expect("peeked");
            self.insert(e);
        }
        while self.later.front().is_some_and(|e| (e.time.0 >> SHIFT) < horizon) {
            let e = self.later.pop_front().expect("looked at");
            self.insert(e);
        }
    }

    /// The pending events, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &E> {
        self.buckets.iter().flatten().chain(self.heap.iter()).chain(self.later.iter()).map(|e| &e.ev)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pushes and pops interleaved pseudo-randomly against a reference list: each pop must
    /// give the pending entry with the least time, the first pushed (least index) among equal
    /// times, and only when it is due by the pop's end. `spread` draws how far ahead each
    /// push is, in ns, from the last popped time.
    fn against_reference(seed: u64, spread: impl Fn(u64) -> u64) {
        let mut q = EventQueue::default();
        let mut reference: Vec<(u64, u32)> = Vec::new();
        let mut x = seed;
        let mut now = 0;
        let mut next = || {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            x
        };
        let pop = |q: &mut EventQueue<u32>, reference: &mut Vec<(u64, u32)>, end: u64| {
            let first = (0..reference.len()).min_by_key(|&j| reference[j]).filter(|&j| reference[j].0 <= end);
            let expect = first.map(|j| reference.remove(j));
            let got = q.pop_until(Time(end)).map(|(t, i)| (t.0, i));
            assert_eq!(got, expect);
            assert_eq!(q.next_time().map(|t| t.0), reference.iter().min().map(|r| r.0));
            assert_eq!(q.iter().count(), reference.len());
            got.map(|(t, _)| t)
        };
        let mut most = 0;
        for i in 0..20_000u32 {
            let r = next();
            let t = now + spread(r);
            q.push(Time(t), i);
            reference.push((t, i));
            most = most.max(reference.len());
            if r & (3 << 20) != 0 {
                // Now and then a pop limited to an end before the next event.
                let end = if r & (1 << 30) != 0 { now + (r >> 50) } else { u64::MAX };
                if let Some(t) = pop(&mut q, &mut reference, end) {
                    now = t;
                }
            }
        }
        assert!(most > 100, "the queue grew: {most}");
        while pop(&mut q, &mut reference, u64::MAX).is_some() {}
        assert!(reference.is_empty());
    }

    #[test]
    fn a_batch_pops_as_its_events_pushed_one_by_one() {
        // The same events (times 0..~1 ms, many ties, some past the horizon), pushed one by one
        // into one queue and as a batch (after a few single pushes) into another, with more
        // pushes as they pop: both give the same (time, event) sequence.
        let mut x = 7u64;
        let mut next = || {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            x >> 44
        };
        let events: Vec<(u64, u32)> = (0..5_000).map(|i| ((next() & !1023) % 1_000_000, i)).collect();
        let (mut one, mut batch) = (EventQueue::default(), EventQueue::default());
        for &(t, i) in &events[..10] {
            one.push(Time(t), i);
            batch.push(Time(t), i);
        }
        for &(t, i) in &events[10..] {
            one.push(Time(t), i);
        }
        batch.push_batch(events[10..].iter().map(|&(t, i)| (Time(t), i)));
        let mut popped = 0u32;
        loop {
            let (a, b) = (one.pop_until(Time(u64::MAX)), batch.pop_until(Time(u64::MAX)));
            assert_eq!(a, b);
            let Some((t, _)) = a else { break };
            popped += 1;
            // A follow-up event at the same time or a little later, in both.
            if popped.is_multiple_of(3) {
                let later = Time(t.0 + (popped as u64 % 4) * 512);
                one.push(later, 100_000 + popped);
                batch.push(later, 100_000 + popped);
            }
            assert_eq!(one.next_time(), batch.next_time());
        }
        assert!(popped > 5_000);
    }

    #[test]
    fn near_events_with_many_equal_times() {
        // 0..16 ns ahead: everything in the current few buckets, many ties.
        against_reference(1, |r| r >> 60);
    }

    #[test]
    fn events_across_and_past_the_horizon() {
        // 0..~262 us ahead (2^18 ns, four horizons) with ties (multiples of 512 ns), and now
        // and then ~17 ms ahead (a timer): through the heap, the refill and the wheel's wrap.
        against_reference(2, |r| if r & 0xff == 0 { r >> 40 } else { ((r >> 46) & !511) >> 1 });
    }

    #[test]
    fn sparse_events_jump_over_an_empty_wheel() {
        // Events ms apart: the wheel is empty at nearly every pop and jumps to the heap's first.
        against_reference(3, |r| 1_000_000 + (r >> 44));
    }
}
