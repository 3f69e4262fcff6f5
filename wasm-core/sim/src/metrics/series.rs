//! A port's queue length over time, for the page's chart, in at most [`SERIES_CAP`] points.
//!
//! A point per change of value (changes at one instant merged, so every point is the queue as it
//! stood after that instant) until the cap; then the run is cut into time slots (the smallest
//! power-of-two width that halves the points) and each slot keeps its lowest and its highest
//! point, in time order; each time the cap is reached again, the slots double. Every point kept
//! is a value the queue had at its time; memory depends on the cap, not on the run's length.
//!
//! Nor on the number of ports: once a run's ports together hold more than [`SERIES_POINTS`],
//! the cap becomes [`shared_cap`] of the ports that have queued, and each port past it is cut
//! down at its next change (a dumbbell of 1024 TCP flows has 2048 busy ports: 16384 points
//! each, 24 B a point, would be 800 MB). Every file in `scenarios/` holds fewer points (the
//! most, 578k, presets/fat_tree.json), so its series are as without the budget.

/// Points kept per port, at most.
pub const SERIES_CAP: usize = 1 << 14;
/// Points a run's ports hold together before their cap is lowered (24 MiB).
pub const SERIES_POINTS: usize = 1 << 20;
/// Points kept per port, at least.
pub const SERIES_MIN: usize = 256;

/// The cap of each port once the run's series hold more than [`SERIES_POINTS`] and `queued`
/// ports have queued: an equal share, within [`SERIES_MIN`, `SERIES_CAP`].
pub fn shared_cap(queued: usize) -> usize {
    (SERIES_POINTS / queued.max(1)).clamp(SERIES_MIN, SERIES_CAP)
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    pub t: Vec<u64>,
    pub packets: Vec<u64>,
    pub bytes: Vec<u64>,
    /// Slot width, ns; 0 while every change is kept.
    slot_ns: u64,
}

impl Series {
    pub const fn new() -> Series {
        Series { t: Vec::new(), packets: Vec::new(), bytes: Vec::new(), slot_ns: 0 }
    }

    /// Points held.
    pub fn len(&self) -> usize {
        self.t.len()
    }

    pub fn is_empty(&self) -> bool {
        self.t.is_empty()
    }

    /// The queue holds `value` (packets, bytes) after the changes at `t` seen so far; at most
    /// `cap` points (at least 4) are kept.
    pub fn record(&mut self, t: u64, value: (u64, u64), cap: usize) {
        let cap = cap.max(4);
        let n = self.t.len();
        if n > 0 && self.t[n - 1] == t {
            self.pop();
        }
        let n = self.t.len();
        let previous = if n == 0 { (0, 0) } else { (self.packets[n - 1], self.bytes[n - 1]) };
        if value == previous {
            return;
        }
        if self.slot_ns > 0 && n >= 2 && self.t[n - 2] / self.slot_ns == t / self.slot_ns {
            // The slot holds two points: keep its lowest and highest of the three.
            let (a, b) = (self.packets[n - 2], self.packets[n - 1]);
            if value.0 >= a.max(b) || value.0 <= a.min(b) {
                // The new point is an extreme: drop the old point it replaces (the other extreme
                // stays), keep time order.
                let replace = if (value.0 >= a.max(b)) == (a >= b) { n - 2 } else { n - 1 };
                self.remove(replace);
                self.push(t, value);
            }
            return;
        }
        self.push(t, value);
        if self.t.len() >= cap {
            self.coarsen(cap);
        }
    }

    fn push(&mut self, t: u64, value: (u64, u64)) {
        self.t.push(t);
        self.packets.push(value.0);
        self.bytes.push(value.1);
    }

    fn pop(&mut self) {
        self.t.pop();
        self.packets.pop();
        self.bytes.pop();
    }

    fn remove(&mut self, i: usize) {
        self.t.remove(i);
        self.packets.remove(i);
        self.bytes.remove(i);
    }

    /// Doubles the slots (the first: the span over a quarter of the cap, as a power of two)
    /// until at most half the cap remains, each slot keeping its lowest and highest point.
    fn coarsen(&mut self, cap: usize) {
        let span = self.t[self.t.len() - 1] - self.t[0];
        if self.slot_ns == 0 {
            self.slot_ns = (span / (cap as u64 / 4)).max(1).next_power_of_two();
        }
        loop {
            let (mut t, mut packets, mut bytes) = (Vec::new(), Vec::new(), Vec::new());
            let mut i = 0;
            while i < self.t.len() {
                let slot = self.t[i] / self.slot_ns;
                let (mut lo, mut hi) = (i, i);
                let mut j = i;
                while j < self.t.len() && self.t[j] / self.slot_ns == slot {
                    if self.packets[j] < self.packets[lo] {
                        lo = j;
                    }
                    if self.packets[j] > self.packets[hi] {
                        hi = j;
                    }
                    j += 1;
                }
                let keep = if lo == hi { vec![lo] } else { vec![lo.min(hi), lo.max(hi)] };
                for k in keep {
                    t.push(self.t[k]);
                    packets.push(self.packets[k]);
                    bytes.push(self.bytes[k]);
                }
                i = j;
            }
            (self.t, self.packets, self.bytes) = (t, packets, bytes);
            if self.t.len() <= cap / 2 {
                return;
            }
            self.slot_ns *= 2;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_cap_each_slot_keeps_its_lowest_and_highest_point() {
        // A saw tooth: the queue climbs 0, 1, .., 9 then empties, a change every 10 ns, for
        // 20 times the cap's worth of changes.
        let mut s = Series::default();
        let value = |i: u64| (i % 10, (i % 10) * 1500);
        let changes = 20 * SERIES_CAP as u64;
        for i in 1..=changes {
            s.record(i * 10, value(i), SERIES_CAP);
        }
        assert!(s.t.len() <= SERIES_CAP && s.t.len() >= SERIES_CAP / 4, "{}", s.t.len());
        assert!(s.t.windows(2).all(|w| w[0] < w[1]));
        // Every point is the queue as it stood at its time; the extremes survive.
        assert!(s.t.iter().zip(&s.packets).all(|(&t, &p)| value(t / 10) == (p, p * 1500)));
        assert_eq!((s.packets.iter().max(), s.packets.iter().min()), (Some(&9), Some(&0)));
        // Slots are powers of two wide, wider than a tooth: every slot has both a 0 and a 9.
        assert!(s.slot_ns.is_power_of_two() && s.slot_ns >= 100);
        assert!(s.packets.chunks(2).all(|c| c.len() < 2 || c[0].min(c[1]) == 0 && c[0].max(c[1]) == 9));
    }

    #[test]
    fn a_lowered_cap_cuts_a_series_down_at_its_next_change() {
        // 2^20 points shared: 2^14 each up to 64 queued ports, then 2^20 / ports, never below 256.
        assert_eq!(shared_cap(1), SERIES_CAP);
        assert_eq!(shared_cap(64), SERIES_CAP);
        assert_eq!(shared_cap(65), 16131);
        assert_eq!(shared_cap(2048), 512);
        assert_eq!(shared_cap(100_000), SERIES_MIN);
        let mut s = Series::default();
        let value = |i: u64| (i % 10, i % 10);
        for i in 1..=10_000u64 {
            s.record(i * 10, value(i), SERIES_CAP);
        }
        assert_eq!(s.len(), 10_000, "under the cap, every change");
        s.record(100_010, value(10_001), 256);
        assert!(s.len() <= 128 && s.len() >= 32, "{}", s.len());
        assert!(s.t.windows(2).all(|w| w[0] < w[1]));
        assert_eq!((s.packets.iter().max(), s.packets.iter().min()), (Some(&9), Some(&0)));
    }
}
