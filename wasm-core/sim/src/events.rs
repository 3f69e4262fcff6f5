//! The engine's event queue: a binary min-heap of events keyed by (time, sequence number).
//!
//! Invariant: `pop` returns the event with the least time, and among events of equal time the
//! one pushed first (each push takes the next sequence number), so a run processes its events
//! in exactly one order whatever the heap's layout.
//!
//! Why not `std::collections::BinaryHeap`: its `pop` swaps the last entry into the root with
//! word-sized stores and at once reloads the root as a whole (a store-forwarding stall on every
//! event, perf's hottest instruction of the engine), and it compares entries through `Ord` on
//! a (time, seq) tuple, two branches per comparison. Here `pop` keeps the entry it moves in
//! registers, the comparison is one 128-bit subtraction (`key`), and the hole is moved down to
//! the bottom and the last entry sifted up from there (Floyd's method, as std: the last entry
//! of a heap usually belongs near the bottom, so this saves a comparison per level).

use crate::time::Time;

struct Entry<E> {
    time: Time,
    seq: u64,
    ev: E,
}

impl<E> Entry<E> {
    /// (time, seq) as one number: the order of events.
    #[inline(always)]
    fn key(&self) -> u128 {
        (self.time.0 as u128) << 64 | self.seq as u128
    }
}

pub struct EventQueue<E> {
    heap: Vec<Entry<E>>,
    seq: u64,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        EventQueue { heap: Vec::new(), seq: 0 }
    }
}

impl<E> EventQueue<E> {
    /// Schedules `ev` at `time`, after every event already scheduled at that time.
    #[inline]
    pub fn push(&mut self, time: Time, ev: E) {
        let entry = Entry { time, seq: self.seq, ev };
        self.seq += 1;
        self.heap.reserve(1);
        // SAFETY: room for one more entry was reserved; the new slot at `n` is the hole, so
        // every entry is owned once when the length grows (the entry is written where the
        // hole ends, never written first and read back: that reload would stall).
        unsafe {
            let n = self.heap.len();
            Self::rise(self.heap.as_mut_ptr(), n, entry);
            self.heap.set_len(n + 1);
        }
    }

    /// Moves parents down into the hole at `hole` while they come after `moving`, then puts
    /// `moving` in the hole.
    ///
    /// SAFETY: `hole` is within the heap's allocation, its ancestors are entries, and the
    /// hole's own content is owned by the caller.
    #[inline(always)]
    unsafe fn rise(base: *mut Entry<E>, mut hole: usize, moving: Entry<E>) {
        let key = moving.key();
        while hole > 0 {
            let parent = (hole - 1) / 2;
            if (*base.add(parent)).key() <= key {
                break;
            }
            std::ptr::copy_nonoverlapping(base.add(parent), base.add(hole), 1);
            hole = parent;
        }
        std::ptr::write(base.add(hole), moving);
    }

    /// The time of the next event.
    #[inline]
    pub fn next_time(&self) -> Option<Time> {
        self.heap.first().map(|e| e.time)
    }

    /// Removes the next event.
    #[inline]
    pub fn pop(&mut self) -> Option<(Time, E)> {
        let last = self.heap.pop()?;
        let n = self.heap.len();
        if n == 0 {
            return Some((last.time, last.ev));
        }
        // SAFETY: indices stay below `n`, the heap's length; the root is read out once, the
        // hole it leaves moves down by copies and is filled with `last`, so every entry is
        // owned exactly once when this returns.
        unsafe {
            let base = self.heap.as_mut_ptr();
            let top = std::ptr::read(base);
            // The hole goes down to the bottom along the earlier child.
            let mut hole = 0;
            let mut child = 1;
            while child + 1 < n {
                let right_first = (*base.add(child + 1)).key() < (*base.add(child)).key();
                child += right_first as usize;
                std::ptr::copy_nonoverlapping(base.add(child), base.add(hole), 1);
                hole = child;
                child = 2 * hole + 1;
            }
            if child + 1 == n {
                std::ptr::copy_nonoverlapping(base.add(child), base.add(hole), 1);
                hole = child;
            }
            // Then `last` rises from there to its place.
            Self::rise(base, hole, last);
            Some((top.time, top.ev))
        }
    }

    /// The pending events, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &E> {
        self.heap.iter().map(|e| &e.ev)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_by_time_then_in_push_order() {
        // Pushes (times 0..16 ahead of the last pop: many equal times) and pops interleaved
        // pseudo-randomly, against a reference list: each pop must give the pending entry with
        // the least time, the first pushed (least index) among equal times.
        let mut q = EventQueue::default();
        let mut reference: Vec<(u64, u32)> = Vec::new();
        let mut x: u64 = 12345;
        let mut now = 0;
        let mut check = |q: &mut EventQueue<u32>, reference: &mut Vec<(u64, u32)>| {
            let first = (0..reference.len()).min_by_key(|&j| reference[j]).map(|j| reference.remove(j));
            let got = q.pop().map(|(t, i)| (t.0, i));
            assert_eq!(got, first);
            got.map(|(t, _)| t)
        };
        for i in 0..5000u32 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let t = now + (x >> 60);
            q.push(Time(t), i);
            reference.push((t, i));
            if x & (3 << 20) != 0 {
                now = check(&mut q, &mut reference).unwrap();
            }
        }
        assert!(reference.len() > 100, "the heap grew: {}", reference.len());
        while check(&mut q, &mut reference).is_some() {}
        assert!(reference.is_empty());
    }
}
