//! A binary min-heap of events keyed by (time, sequence number): the event queue's events
//! past its wheel's horizon, and those of its current bucket (`super`).
//!
//! Invariant: `pop` returns the entry with the least key, (time, seq) as one number.
//!
//! Why not `std::collections::BinaryHeap`: its `pop` swaps the last entry into the root with
//! word-sized stores and at once reloads the root as a whole (a store-forwarding stall on every
//! event), and it compares entries through `Ord` on a (time, seq) tuple, two branches per
//! comparison. Here `pop` keeps the entry it moves in registers, the comparison is one 128-bit
//! subtraction (`key`), and the hole is moved down to the bottom and the last entry sifted up
//! from there (Floyd's method, as std: the last entry of a heap usually belongs near the
//! bottom, so this saves a comparison per level). A 4-ary layout was tried: more instructions
//! and 2% slower on dumbbell-10g-16.

use crate::time::Time;

pub(super) struct Entry<E> {
    pub time: Time,
    pub seq: u64,
    pub ev: E,
}

impl<E> Entry<E> {
    /// (time, seq) as one number: the order of events.
    #[inline(always)]
    pub fn key(&self) -> u128 {
        (self.time.0 as u128) << 64 | self.seq as u128
    }
}

pub(super) struct Heap<E> {
    heap: Vec<Entry<E>>,
}

impl<E> Default for Heap<E> {
    fn default() -> Self {
        Heap { heap: Vec::new() }
    }
}

impl<E> Heap<E> {
    #[inline]
    pub fn push(&mut self, entry: Entry<E>) {
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

    /// Takes `events` (in any order) as the heap's entries, the heap being empty; `events` gets
    /// the heap's emptied room.
    #[inline]
    pub fn replace(&mut self, events: &mut Vec<Entry<E>>) {
        debug_assert!(self.heap.is_empty());
        std::mem::swap(&mut self.heap, events);
        // Bottom-up heap construction: each parent sifted down below its children, last first.
        let h = &mut self.heap;
        let n = h.len();
        for mut i in (0..n / 2).rev() {
            loop {
                let mut child = 2 * i + 1;
                if child >= n {
                    break;
                }
                if child + 1 < n && h[child + 1].key() < h[child].key() {
                    child += 1;
                }
                if h[i].key() <= h[child].key() {
                    break;
                }
                h.swap(i, child);
                i = child;
            }
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// The first entry.
    #[inline]
    pub fn peek(&self) -> Option<&Entry<E>> {
        self.heap.first()
    }

    /// Removes the first entry.
    #[inline]
    pub fn pop(&mut self) -> Option<Entry<E>> {
        let last = self.heap.pop()?;
        let n = self.heap.len();
        if n == 0 {
            return Some(last);
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
            Some(top)
        }
    }

    /// The entries, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &Entry<E>> {
        self.heap.iter()
    }
}
