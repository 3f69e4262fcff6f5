//! Packets in arrival order, held by handle (8 B each: `crate::packet::Packet`) in blocks of at
//! most [`BLOCK`] packets: the FIFO's queue.
//!
//! Principles:
//! - Memory follows the backlog: a long queue holds full blocks and one partly filled one (at
//!   most `BLOCK - 1` empty slots, where one `VecDeque` doubling leaves up to half its room
//!   empty), and a block is freed as soon as its last packet leaves. A queue of at most
//!   `BLOCK` packets is one `VecDeque` growing as usual, and gives back what it grew past
//!   [`KEEP`] packets when it empties (most ports of a large network queue a few packets now
//!   and then: `sched-cli bench --set memory`).
//! - Invariant: packets leave in the order they were pushed, whatever the blocks; `More::len`
//!   is the sum of its blocks' lengths; the front block (`head`) is empty only when the queue is,
//!   and the blocks behind it (`more`, made when the first block is full) are never empty.
//! - Cost: the front block is held inline, so a queue of at most `BLOCK` packets pushes and
//!   pops as one `VecDeque` does (the FIFO's hot path: every packet at every FIFO port); one
//!   allocation per `BLOCK` packets pushed past the first block, one free per block emptied; at
//!   most a few reallocations per busy period longer than `KEEP` packets.

use std::collections::VecDeque;

use crate::packet::Packet;

/// Packets per block past the first: 2 KB of handles (a block's own 32 B and its allocation
/// come to 1/8 B a queued packet; at most 2 KB of a long queue is room not yet used).
pub const BLOCK: usize = 256;
/// Room (packets) an empty queue keeps: a packet that arrives at an idle port passes through
/// the queue without an allocation; a longer busy period allocates again.
pub const KEEP: usize = 1;

#[derive(Debug, Default)]
pub struct Blocks {
    /// The front block: the whole queue while it holds at most `BLOCK` packets.
    head: VecDeque<Packet>,
    /// The blocks behind the front one, with their packet count (boxed: most queues never
    /// need them, and the FIFO stays the size of one `VecDeque` and a pointer).
    more: Option<Box<More>>,
}

#[derive(Debug)]
struct More {
    blocks: VecDeque<VecDeque<Packet>>,
    len: usize,
}

impl Blocks {
    #[inline]
    pub fn len(&self) -> usize {
        self.head.len() + self.more.as_ref().map_or(0, |m| m.len)
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.head.is_empty()
    }

    #[inline]
    pub fn push_back(&mut self, pkt: Packet) {
        match &mut self.more {
            None if self.head.len() < BLOCK => self.head.push_back(pkt),
            _ => self.push_behind(pkt),
        }
    }

    /// `push_back` past the first block.
    #[cold]
    fn push_behind(&mut self, pkt: Packet) {
        let more = self.more.get_or_insert_with(|| Box::new(More { blocks: VecDeque::new(), len: 0 }));
        match more.blocks.back_mut() {
            Some(b) if b.len() < BLOCK => b.push_back(pkt),
            _ => {
                let mut b = VecDeque::with_capacity(BLOCK);
                b.push_back(pkt);
                more.blocks.push_back(b);
            }
        }
        more.len += 1;
    }

    /// Every pop ends with the front block's own `pop_front`, its value returned as it is (the
    /// FIFO's hot path copies the packet once, straight to the caller): the last packet of a
    /// front block with blocks behind it leaves through `pop_into_next` (once per `BLOCK`
    /// packets), and an only block gives back its room past `KEEP` just before it empties.
    #[inline]
    pub fn pop_front(&mut self) -> Option<Packet> {
        if self.head.len() == 1 {
            if self.more.is_some() {
                return self.pop_into_next();
            }
            if self.head.capacity() > KEEP {
                self.shrink_head();
            }
        }
        self.head.pop_front()
    }

    /// The front block's last packet leaves; the next block takes its place.
    #[inline(never)]
    fn pop_into_next(&mut self) -> Option<Packet> {
        let pkt = self.head.pop_front();
        self.refill_head();
        pkt
    }

    /// Room for `KEEP` packets: the only block, holding its last packet.
    #[inline(never)]
    fn shrink_head(&mut self) {
        self.head.shrink_to(KEEP);
    }

    pub fn back(&self) -> Option<&Packet> {
        match &self.more {
            Some(m) => m.blocks.back()?.back(),
            None => self.head.back(),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &Packet> {
        self.head.iter().chain(self.more.iter().flat_map(|m| m.blocks.iter().flatten()))
    }

    /// Removes and returns the packet `index` places from the front.
    pub fn remove(&mut self, index: usize) -> Option<Packet> {
        if index < self.head.len() {
            let pkt = self.head.remove(index)?;
            if self.head.is_empty() {
                self.refill_head();
            }
            return Some(pkt);
        }
        let more = self.more.as_mut()?;
        let mut index = index - self.head.len();
        let at = more.blocks.iter().position(|b| {
            let here = index < b.len();
            if !here {
                index -= b.len();
            }
            here
        })?;
        let pkt = more.blocks[at].remove(index)?;
        more.len -= 1;
        if more.blocks[at].is_empty() {
            more.blocks.remove(at);
        }
        if more.blocks.is_empty() {
            self.more = None;
        }
        Some(pkt)
    }

    /// An emptied front block: the next block takes its place (the emptied one is freed), or,
    /// with none behind it, it gives back its room past `KEEP`.
    #[cold]
    fn refill_head(&mut self) {
        match &mut self.more {
            Some(more) => {
                let next = more.blocks.pop_front().expect("the blocks behind the front one are never empty");
                more.len -= next.len();
                self.head = next;
                if more.blocks.is_empty() {
                    self.more = None;
                }
            }
            None if self.head.capacity() > KEEP => self.shrink_head(),
            None => {}
        }
    }

    /// Packets the blocks have room for (for the tests of what the queue holds).
    pub fn capacity(&self) -> usize {
        self.head.capacity() + self.more.iter().flat_map(|m| m.blocks.iter()).map(|b| b.capacity()).sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Time;

    fn pkt(id: u64) -> Packet {
        Packet::new(id, 0, id, 100, Time::ZERO)
    }

    /// A queue holding packets 0..n, pushed in order.
    fn filled(n: u64) -> Blocks {
        let mut q = Blocks::default();
        for id in 0..n {
            q.push_back(pkt(id));
        }
        q
    }

    fn ids(q: &Blocks) -> Vec<u64> {
        q.iter().map(|p| p.id).collect()
    }

    #[test]
    fn keeps_arrival_order_across_blocks() {
        // 3 BLOCK + 5 packets: three full blocks and one of 5.
        let n = 3 * BLOCK as u64 + 5;
        let mut q = filled(n);
        assert_eq!((q.len(), q.back().map(|p| p.id)), (n as usize, Some(n - 1)));
        assert_eq!(ids(&q), (0..n).collect::<Vec<_>>());
        // Room: four blocks of BLOCK, nothing more.
        assert_eq!(q.capacity(), 4 * BLOCK);
        let served: Vec<u64> = std::iter::from_fn(|| q.pop_front()).map(|p| p.id).collect();
        assert_eq!(served, (0..n).collect::<Vec<_>>());
        // Emptied: the last block keeps room for KEEP packets only.
        assert!(q.is_empty() && q.capacity() <= KEEP, "capacity {}", q.capacity());
    }

    #[test]
    fn frees_each_block_as_it_empties() {
        let mut q = filled(2 * BLOCK as u64 + 1);
        // Serving the first BLOCK packets frees the first block.
        for _ in 0..BLOCK {
            q.pop_front();
        }
        assert_eq!((q.len(), q.capacity()), (BLOCK + 1, 2 * BLOCK));
    }

    #[test]
    fn removes_by_position_anywhere() {
        let n = 2 * BLOCK as u64 + 3;
        let mut q = filled(n);
        // The last, one in the middle block, the first: each the packet at that position.
        assert_eq!(q.remove(q.len() - 1).map(|p| p.id), Some(n - 1));
        assert_eq!(q.remove(BLOCK + 1).map(|p| p.id), Some(BLOCK as u64 + 1));
        assert_eq!(q.remove(0).map(|p| p.id), Some(0));
        assert_eq!(q.remove(q.len()), None);
        let expect: Vec<u64> = (1..n - 1).filter(|&i| i != BLOCK as u64 + 1).collect();
        assert_eq!(ids(&q), expect);
        assert_eq!(q.len(), expect.len());
        // Emptying the last block by removal drops it; the order stays.
        for _ in 0..2 {
            q.remove(q.len() - 1);
        }
        assert_eq!(ids(&q), expect[..expect.len() - 2].to_vec());
        assert_eq!(q.capacity(), 2 * BLOCK);
    }

    #[test]
    fn a_front_block_emptied_by_removal_is_replaced_by_the_next() {
        // BLOCK + 2 packets: a full front block and one of 2 behind it. Removing the front
        // BLOCK packets one by one (position 0) empties the front block: the block behind
        // takes its place, holding BLOCK and BLOCK + 1 in order, and no block is left behind it.
        let mut q = filled(BLOCK as u64 + 2);
        for id in 0..BLOCK as u64 {
            assert_eq!(q.remove(0).map(|p| p.id), Some(id));
        }
        assert_eq!((q.len(), ids(&q)), (2, vec![BLOCK as u64, BLOCK as u64 + 1]));
        assert!(q.more.is_none());
        let served: Vec<u64> = std::iter::from_fn(|| q.pop_front()).map(|p| p.id).collect();
        assert_eq!(served, vec![BLOCK as u64, BLOCK as u64 + 1]);
        assert!(q.is_empty());
    }
}
