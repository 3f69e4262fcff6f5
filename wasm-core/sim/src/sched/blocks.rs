//! Packets in arrival order, held by value in blocks of at most [`BLOCK`] packets: the FIFO's
//! queue.
//!
//! Principles:
//! - Memory follows the backlog: a long queue holds full blocks and one partly filled one (at
//!   most `BLOCK - 1` empty slots, where one `VecDeque` doubling leaves up to half its room
//!   empty), and a block is freed as soon as its last packet leaves. A queue of at most
//!   `BLOCK` packets is one `VecDeque` growing as usual, and gives back what it grew past
//!   [`KEEP`] packets when it empties (most ports of a large network queue a few packets now
//!   and then: `sched-cli bench --set memory`).
//! - Invariant: packets leave in the order they were pushed, whatever the blocks; `len` is
//!   the sum of the blocks' lengths; no block but the only one is ever empty.
//! - Cost: one allocation per `BLOCK` packets pushed past the first block, one free per
//!   block emptied; at most a few reallocations per busy period longer than `KEEP` packets.

use std::collections::VecDeque;

use crate::packet::Packet;

/// Packets per block past the first.
pub const BLOCK: usize = 64;
/// Room (packets) an empty queue keeps: a packet that arrives at an idle port passes through
/// the queue without an allocation; a longer busy period allocates again.
pub const KEEP: usize = 1;

#[derive(Debug, Default)]
pub struct Blocks {
    blocks: VecDeque<VecDeque<Packet>>,
    len: usize,
}

impl Blocks {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn push_back(&mut self, pkt: Packet) {
        match self.blocks.back_mut() {
            Some(b) if b.len() < BLOCK => b.push_back(pkt),
            Some(_) => {
                let mut b = VecDeque::with_capacity(BLOCK);
                b.push_back(pkt);
                self.blocks.push_back(b);
            }
            None => {
                // Room for one block: most queues never need a second.
                self.blocks.reserve_exact(1);
                let mut b = VecDeque::with_capacity(KEEP);
                b.push_back(pkt);
                self.blocks.push_back(b);
            }
        }
        self.len += 1;
    }

    #[inline]
    pub fn pop_front(&mut self) -> Option<Packet> {
        let front = self.blocks.front_mut()?;
        let pkt = front.pop_front()?;
        self.len -= 1;
        if front.is_empty() {
            self.release_front();
        }
        Some(pkt)
    }

    pub fn back(&self) -> Option<&Packet> {
        self.blocks.back()?.back()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Packet> {
        self.blocks.iter().flatten()
    }

    /// Removes and returns the packet `index` places from the front.
    pub fn remove(&mut self, mut index: usize) -> Option<Packet> {
        let at = self.blocks.iter().position(|b| {
            let here = index < b.len();
            if !here {
                index -= b.len();
            }
            here
        })?;
        let pkt = self.blocks[at].remove(index)?;
        self.len -= 1;
        if self.blocks[at].is_empty() && self.blocks.len() > 1 {
            self.blocks.remove(at);
        }
        self.release_front();
        Some(pkt)
    }

    /// Frees an emptied front block, or the room past `KEEP` of an emptied only block.
    fn release_front(&mut self) {
        let only = self.blocks.len() == 1;
        let Some(front) = self.blocks.front_mut() else { return };
        if !front.is_empty() {
            return;
        }
        if !only {
            self.blocks.pop_front();
        } else if front.capacity() > KEEP {
            front.shrink_to(KEEP);
        }
    }

    /// Packets the blocks have room for (for the tests of what the queue holds).
    pub fn capacity(&self) -> usize {
        self.blocks.iter().map(|b| b.capacity()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Time;

    fn pkt(id: u64) -> Packet {
        Packet::new(id, 0, id, 100, 0, 1, Time::ZERO)
    }

    fn ids(q: &Blocks) -> Vec<u64> {
        q.iter().map(|p| p.id).collect()
    }

    #[test]
    fn keeps_arrival_order_across_blocks() {
        // 3 BLOCK + 5 packets: three full blocks and one of 5.
        let n = 3 * BLOCK as u64 + 5;
        let mut q = Blocks::default();
        for id in 0..n {
            q.push_back(pkt(id));
        }
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
        let mut q = Blocks::default();
        for id in 0..(2 * BLOCK as u64 + 1) {
            q.push_back(pkt(id));
        }
        // Serving the first BLOCK packets frees the first block.
        for _ in 0..BLOCK {
            q.pop_front();
        }
        assert_eq!((q.len(), q.capacity()), (BLOCK + 1, 2 * BLOCK));
    }

    #[test]
    fn removes_by_position_anywhere() {
        let n = 2 * BLOCK as u64 + 3;
        let mut q = Blocks::default();
        for id in 0..n {
            q.push_back(pkt(id));
        }
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
}
