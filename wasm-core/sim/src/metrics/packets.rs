//! What the metrics need to know of each packet between its creation and its end (delivery or
//! drop): its size and its [`Role`](super::Role). Packet ids are dense, in creation order, so
//! they index pages of [`PAGE`] packets; a page is freed once every packet on it has been
//! created and has ended. Memory follows the packets alive (in queues and on links) and the
//! span of ids between the oldest alive and the newest, never the run's length.

use std::collections::VecDeque;

/// Packets per page.
pub const PAGE: usize = 1024;

struct Page {
    size: Box<[u32]>,
    role: Box<[u8]>,
    /// Packets created and not yet ended.
    alive: u32,
}

impl Page {
    fn new() -> Page {
        Page { size: vec![0; PAGE].into_boxed_slice(), role: vec![0; PAGE].into_boxed_slice(), alive: 0 }
    }
}

#[derive(Default)]
pub struct PacketTable {
    /// Page number of `pages[0]`; pages before it are all ended.
    first: u64,
    pages: VecDeque<Option<Page>>,
    /// Packets created so far (the next id).
    created: u64,
    /// A freed page, kept for the next one.
    spare: Option<Page>,
}

impl PacketTable {
    /// Packets created so far.
    pub fn created(&self) -> u64 {
        self.created
    }

    fn page_mut(&mut self, id: u64) -> &mut Page {
        let n = id / PAGE as u64;
        assert!(n >= self.first, "packet {id} has ended");
        let i = (n - self.first) as usize;
        while self.pages.len() <= i {
            self.pages.push_back(None);
        }
        let spare = &mut self.spare;
        self.pages[i].get_or_insert_with(|| match spare.take() {
            Some(mut p) => {
                p.role.fill(0);
                p
            }
            None => Page::new(),
        })
    }

    fn page(&self, id: u64) -> Option<&Page> {
        let n = (id / PAGE as u64).checked_sub(self.first)?;
        self.pages.get(n as usize)?.as_ref()
    }

    /// Notes the role of packet `id` (before it is created; 0 when never noted).
    pub fn note_role(&mut self, id: u64, role: u8) {
        self.page_mut(id).role[id as usize % PAGE] = role;
    }

    /// Packet `created()` enters the network with `size` bytes.
    pub fn create(&mut self, size: u32) {
        let id = self.created;
        let page = self.page_mut(id);
        page.size[id as usize % PAGE] = size;
        page.alive += 1;
        self.created += 1;
    }

    pub fn size(&self, id: u64) -> u32 {
        self.page(id).expect("an alive packet").size[id as usize % PAGE]
    }

    pub fn role(&self, id: u64) -> u8 {
        self.page(id).map_or(0, |p| p.role[id as usize % PAGE])
    }

    /// Packet `id` was delivered or dropped: its page goes once all of its packets have.
    pub fn end(&mut self, id: u64) {
        let n = id / PAGE as u64;
        let page = n.checked_sub(self.first).and_then(|i| self.pages.get_mut(i as usize)?.as_mut());
        let page = page.expect("an alive packet");
        page.alive -= 1;
        if page.alive > 0 || self.created < (n + 1) * PAGE as u64 {
            return;
        }
        self.spare = self.pages[(n - self.first) as usize].take();
        while self.pages.front().is_some_and(|p| p.is_none()) {
            self.pages.pop_front();
            self.first += 1;
        }
    }

    /// Pages held (each [`PAGE`] x 5 B).
    pub fn pages(&self) -> usize {
        self.pages.iter().flatten().count() + self.spare.is_some() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_go_when_their_packets_have_ended() {
        let mut t = PacketTable::default();
        t.note_role(0, 3);
        for i in 0..(2 * PAGE as u32 + 1) {
            t.create(100 + i);
        }
        assert_eq!((t.size(0), t.role(0), t.role(1), t.size(PAGE as u64)), (100, 3, 0, 100 + PAGE as u32));
        assert_eq!(t.pages(), 3);
        // Page 1 ends first: freed, kept as the spare; page 0 still holds packet 5.
        for id in PAGE as u64..2 * PAGE as u64 {
            t.end(id);
        }
        for id in (0..PAGE as u64).filter(|&id| id != 5) {
            t.end(id);
        }
        assert_eq!((t.pages(), t.size(5), t.first), (3, 105, 0));
        t.end(5);
        // Pages 0 and 1 gone from the front; page 2 (still being filled) stays, one spare.
        assert_eq!((t.pages(), t.first, t.pages.len()), (2, 2, 1));
        assert_eq!(t.size(2 * PAGE as u64), 100 + 2 * PAGE as u32);
        // A page whose packets all ended before it was full stays until it is full.
        t.end(2 * PAGE as u64);
        assert_eq!(t.pages.len(), 1);
    }
}
