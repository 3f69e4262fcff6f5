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
//! bucket), and a bitmap finds the next bucket holding events. A bucket takes its events at
//! its end in any order; when it becomes the current one its events become a small binary
//! heap (`near`, built in place in linear time), which also takes the pushes into the current
//! bucket. Events past the horizon (timers, long links, late flows) wait in a binary heap
//! (`heap`) and move into the wheel as its horizon reaches them. Why: with every event in one
//! heap, each pop walked the heap from root to bottom, a chain of dependent loads and
//! comparisons (a fifth of the run's time on dumbbell-10g-16); a bucket's heap is small and
//! in cache. Until session 48 each bucket was kept sorted (256 buckets of 256 ns): on a
//! dense network (AIFO Fig. 8's leaf-spine, about one event per ns) a bucket held hundreds
//! of events and a push into it moved a quarter of them on average (with the sort's
//! `memmove`, about a fifth of that run's instructions).
//!
//! Measured on dumbbell-10g-16 with sorted buckets and not kept: 128 ns buckets (512 of them)
//! ran no faster, 64 ns (1024) 1% faster, within the noise; vectors with a read index in place
//! of `VecDeque` and linked lists in one slab of nodes used fewer instructions but ran 3-6%
//! slower.
//!
//! Events past the wheel's horizon but within 67 ms wait in a second wheel (`far`) of 1024
//! buckets of 65.5 us (one lap of the first), unsorted; when the first wheel's current bucket
//! enters a second-level bucket's span, that bucket's events move into the first wheel (each
//! into its bucket, `enter`). Why: on a network with millisecond links (UPS Table 1's
//! Internet2) every packet's arrival lies past the first wheel's horizon, and a push and a pop
//! of the heap each was a tenth of the run's time; a second-level bucket costs a push at its
//! end and one move. The heap holds only what lies past 67 ms (timers, late flows).
//!
//! A batch of events known at the start (a replay's injections: every packet of the recorded
//! schedule, millions on UPS Table 1's rows) goes into a third place, `later`: a list sorted by
//! (time, seq) that feeds the wheel as its horizon reaches it, as the heap does, but each
//! event costs a read at its front, not a heap pop (pushing them all into the heap made its
//! refill a seventh of a replay's time). Each keeps the sequence number its push gave it.
//!
//! Invariants of the layout: every event in `near` has a bucket number (`time >> SHIFT`) at
//! most `cur`; every other wheel event's is in (`cur`, `cur + SLOTS`) and its slot is that
//! number modulo `SLOTS` (so the current bucket's own slot is empty); every heap event's is
//! at least `cur + SLOTS`, as is every event in `later`; `cur` is at most the bucket of any
//! event pushed later (pushes are never earlier than the last event popped, whose bucket `cur`
//! is). Second level: with `cur2 = cur >> LAP`, every event in `far` has a second-level number
//! (`time >> SHIFT2`) in (`cur2`, `cur2 + SLOTS`), in slot that number modulo `SLOTS`, and
//! `next2` is the least such number (`None`: `far` is empty); every heap and `later` event's is
//! at least `cur2 + SLOTS`. `cur` never passes the start of an occupied second-level bucket:
//! it enters that start first (`pop_until`), which moves the bucket's events into the wheel.

mod heap;

use std::collections::VecDeque;

use crate::time::Time;
use heap::{Entry, Heap};

/// A bucket spans 2^SHIFT ns (64 ns: a 1500 B packet takes 1.2 us at 10 Gbps, 300 ns at 40).
const SHIFT: u32 = 6;
/// Buckets in the wheel (a power of two): 1024 x 64 ns = 65.5 us ahead, past a 10 Gbps
/// dumbbell's longest link (30 us).
const SLOTS: usize = 1024;
const WORDS: usize = SLOTS / 64;
/// log2(SLOTS): a second-level bucket spans one lap of the wheel.
const LAP: u32 = 10;
/// A second-level bucket spans 2^SHIFT2 ns (65.5 us); SLOTS of them cover 67 ms.
const SHIFT2: u32 = SHIFT + LAP;
/// Events an emptied bucket keeps room for (2 KB): a dense network's bucket (AIFO Fig. 8's
/// leaf-spine, about one event per ns) refills to about that many every lap of the wheel, so
/// giving the room back at each emptying cost an allocation per doubling per lap.
const KEEP: usize = 64;

pub struct EventQueue<E> {
    /// The current bucket's events (bucket number `cur`), a heap by (time, seq).
    near: Heap<E>,
    /// The wheel: slot `b % SLOTS` holds the events of bucket number `b` in (`cur`, `cur +
    /// SLOTS`), in the order pushed.
    buckets: Vec<Vec<Entry<E>>>,
    /// Bit `s` (word `s / 64`): slot `s` holds events.
    occupied: [u64; WORDS],
    /// The bucket number of the wheel's first bucket.
    cur: u64,
    /// The second wheel: slot `b % SLOTS` holds the events of second-level bucket `b`.
    far: Vec<Vec<Entry<E>>>,
    /// Bit `s` (word `s / 64`): `far`'s slot `s` holds events.
    far_occupied: [u64; WORDS],
    /// The least second-level bucket number in `far`.
    next2: Option<u64>,
    /// Events past the second wheel's horizon.
    heap: Heap<E>,
    /// Events of a batch (`push_batch`) past the wheel's horizon, by (time, seq).
    later: VecDeque<Entry<E>>,
    seq: u64,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        EventQueue {
            near: Heap::default(),
            buckets: (0..SLOTS).map(|_| Vec::new()).collect(),
            occupied: [0; WORDS],
            cur: 0,
            far: (0..SLOTS).map(|_| Vec::new()).collect(),
            far_occupied: [0; WORDS],
            next2: None,
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
        } else if (time.0 >> SHIFT2) < (self.cur >> LAP) + SLOTS as u64 {
            self.insert_far(entry);
        } else {
            self.heap.push(entry);
        }
    }

    /// Puts an event past the wheel's horizon and within the second wheel's in its
    /// second-level bucket (at its end, in any order).
    #[inline]
    fn insert_far(&mut self, entry: Entry<E>) {
        let b2 = entry.time.0 >> SHIFT2;
        debug_assert!(b2 > self.cur >> LAP);
        let slot = (b2 as usize) % SLOTS;
        self.far[slot].push(entry);
        self.far_occupied[slot / 64] |= 1 << (slot % 64);
        if self.next2.is_none_or(|n| b2 < n) {
            self.next2 = Some(b2);
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
            } else if (time.0 >> SHIFT2) < (self.cur >> LAP) + SLOTS as u64 {
                self.insert_far(entry);
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

    /// Puts a wheel event in its bucket: the current bucket's heap (`near`), or the end of a
    /// later bucket (in any order: it becomes a heap when it is the current one, `enter`). An
    /// event before the current bucket (the engine never schedules one) would go into the
    /// current bucket, still in order.
    #[inline]
    fn insert(&mut self, entry: Entry<E>) {
        let bucket = entry.time.0 >> SHIFT;
        if bucket <= self.cur {
            self.near.push(entry);
        } else {
            let slot = (bucket as usize) % SLOTS;
            self.buckets[slot].push(entry);
            self.occupied[slot / 64] |= 1 << (slot % 64);
        }
    }

    /// Makes bucket number `bucket` the current one (`near` is empty, and every bucket before
    /// `bucket` too): its events become the heap `near`, its slot takes the heap's emptied room;
    /// then the far events the new horizon reaches.
    #[inline]
    fn enter(&mut self, bucket: u64) {
        let crossed = bucket >> LAP != self.cur >> LAP;
        self.cur = bucket;
        let slot = (bucket as usize) % SLOTS;
        if self.occupied[slot / 64] & (1 << (slot % 64)) != 0 {
            self.occupied[slot / 64] &= !(1 << (slot % 64));
            let q = &mut self.buckets[slot];
            self.near.replace(q);
            if q.capacity() > KEEP {
                // A burst's room goes back: the wheel holds about a busy bucket's worth each.
                q.shrink_to(KEEP);
            }
        }
        if crossed && self.next2 == Some(bucket >> LAP) {
            self.drain_far();
        }
        self.refill();
    }

    /// Moves the second-level bucket `cur >> LAP` (the first in `far`, `next2`) into the wheel:
    /// its events are all within the wheel's horizon now.
    #[cold]
    fn drain_far(&mut self) {
        let b2 = self.cur >> LAP;
        let slot = (b2 as usize) % SLOTS;
        self.far_occupied[slot / 64] &= !(1 << (slot % 64));
        let mut q = std::mem::take(&mut self.far[slot]);
        for e in q.drain(..) {
            self.insert(e);
        }
        if q.capacity() > KEEP {
            q.shrink_to(KEEP);
        }
        self.far[slot] = q;
        self.next2 = first_set(&self.far_occupied, (b2 as usize) % SLOTS).map(|r| b2 + r);
    }

    /// How many buckets after the current one the first occupied bucket is (the current
    /// one's own slot is always empty: its events are in `near`).
    #[inline]
    fn first_occupied(&self) -> Option<u64> {
        first_set(&self.occupied, (self.cur as usize) % SLOTS)
    }

    /// The time of the next event.
    pub fn next_time(&self) -> Option<Time> {
        if let Some(e) = self.near.peek() {
            return Some(e.time);
        }
        // The first occupied bucket of the wheel, then of the second wheel, each in no order.
        let min = |q: &Vec<Entry<E>>| q.iter().map(|e| e.time).min();
        let near = self.first_occupied().and_then(|r| min(&self.buckets[((self.cur + r) as usize) % SLOTS]));
        let far = self.next2.and_then(|b2| min(&self.far[(b2 as usize) % SLOTS]));
        [near, far, self.far_time()].into_iter().flatten().min()
    }

    /// Removes the next event if it is due by `end`.
    #[inline]
    pub fn pop_until(&mut self, end: Time) -> Option<(Time, E)> {
        while self.near.is_empty() {
            let next = self.first_occupied().map(|r| self.cur + r);
            match (next, self.next2) {
                // A second-level bucket starts at or before the wheel's next events: its start
                // becomes the current bucket, its events go into the wheel, and round again.
                (_, Some(b2)) if next.is_none_or(|b| b >> LAP >= b2) => self.enter(b2 << LAP),
                (Some(b), _) => self.enter(b),
                _ => {
                    // The wheel is empty: it moves to the first event past it.
                    let t = self.far_time()?;
                    if t > end {
                        return None;
                    }
                    self.enter(t.0 >> SHIFT);
                }
            }
        }
        if self.near.peek().is_none_or(|e| e.time > end) {
            return None;
        }
        let e = self.near.pop().expect("a current event");
        Some((e.time, e.ev))
    }

    /// Moves the heap's and `later`'s events that the second wheel's horizon now reaches into
    /// the wheels.
    #[inline]
    fn refill(&mut self) {
        let horizon = (self.cur >> LAP) + SLOTS as u64;
        while self.heap.peek().is_some_and(|e| (e.time.0 >> SHIFT2) < horizon) {
            let e = self.heap.pop().expect("peeked");
            self.place(e);
        }
        while self.later.front().is_some_and(|e| (e.time.0 >> SHIFT2) < horizon) {
            let e = self.later.pop_front().expect("looked at");
            self.place(e);
        }
    }

    /// An event into the wheel within its horizon, else into the second wheel.
    #[inline]
    fn place(&mut self, entry: Entry<E>) {
        if (entry.time.0 >> SHIFT) < self.cur + SLOTS as u64 {
            self.insert(entry);
        } else {
            self.insert_far(entry);
        }
    }

    /// The pending events, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &E> {
        self.near
            .iter()
            .chain(self.buckets.iter().flatten())
            .chain(self.far.iter().flatten())
            .chain(self.heap.iter())
            .chain(self.later.iter())
            .map(|e| &e.ev)
    }
}

/// How many slots after `start` (0 for `start` itself) the first set bit of a wheel's bitmap
/// is, the slots wrapping around.
#[inline]
fn first_set(bits: &[u64; WORDS], start: usize) -> Option<u64> {
    let (w, b) = (start / 64, start % 64);
    let here = bits[w] & (!0u64 << b);
    if here != 0 {
        return Some((here.trailing_zeros() as usize - b) as u64);
    }
    for k in 1..=WORDS {
        let i = (w + k) % WORDS;
        // The last word visited is the first again, for the slots before `start`.
        let word = if k == WORDS { bits[i] & ((1u64 << b) - 1) } else { bits[i] };
        if word != 0 {
            let slot = i * 64 + word.trailing_zeros() as usize;
            return Some(((slot + SLOTS - start) % SLOTS) as u64);
        }
    }
    None
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
    fn events_through_the_second_wheel() {
        // 0..~134 ms ahead, spread over both wheels' horizons and past the second (67 ms),
        // with ties (multiples of 64 us) and some near events: through the second wheel's
        // buckets, their moves into the first and the heap's refill of both.
        against_reference(4, |r| match r & 3 {
            0 => r >> 37,
            1 => (r >> 38) & !65535,
            _ => r >> 54,
        });
    }

    #[test]
    fn sparse_events_jump_over_an_empty_wheel() {
        // Events ms apart: the wheel is empty at nearly every pop and jumps to the heap's first.
        against_reference(3, |r| 1_000_000 + (r >> 44));
    }
}
