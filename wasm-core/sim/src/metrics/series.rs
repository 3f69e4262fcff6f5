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
//! each, 24 B a point in three u64 columns, would be 800 MB; about 4 B a point as deltas, 134 MB). Every file in `scenarios/` holds fewer points (the
//! most, 578k, presets/fat_tree.json), so its series are as without the budget.

/// Points kept per port, at most.
pub const SERIES_CAP: usize = 1 << 14;
/// Points a run's ports hold together before their cap is lowered (about 5 MiB).
pub const SERIES_POINTS: usize = 1 << 20;
/// Points kept per port, at least.
pub const SERIES_MIN: usize = 256;

/// The cap of each port once the run's series hold more than [`SERIES_POINTS`] and `queued`
/// ports have queued: an equal share, within [`SERIES_MIN`, `SERIES_CAP`].
pub fn shared_cap(queued: usize) -> usize {
    (SERIES_POINTS / queued.max(1)).clamp(SERIES_MIN, SERIES_CAP)
}

/// The run's ports' series together: the points they hold, the ports that have queued, and
/// the cap of each series (lowered past [`SERIES_POINTS`], see the module's note).
#[derive(Clone, Debug)]
pub struct Budget {
    points: usize,
    ports: usize,
    cap: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { points: 0, ports: 0, cap: SERIES_CAP }
    }
}

impl Budget {
    /// A port's queue holds `value` (packets, bytes) after the changes at `t` seen so far: a
    /// point in its `series`, made at its first point (a port that has not queued yet has none).
    #[inline]
    pub fn record(&mut self, series: &mut Option<Box<Series>>, t: u64, value: (u64, u64)) {
        let series = match series {
            Some(s) => s,
            None if value == (0, 0) => return,
            None => series.insert(made()),
        };
        let before = series.len();
        series.record(t, value, self.cap);
        let after = series.len();
        if before == 0 && after > 0 {
            self.ports += 1;
        }
        self.points = self.points + after - before;
        if self.points > SERIES_POINTS {
            self.cap = shared_cap(self.ports);
        }
    }
}

/// A port's series, made at its first point: apart, so that the allocation does not weigh on
/// every point's path.
#[cold]
#[inline(never)]
fn made() -> Box<Series> {
    Box::default()
}

/// A point: (time ns, packets, bytes).
type Point = (u64, u64, u64);

/// Points kept as they are at the end of a series, at most: one more than the two that
/// [`Series::record`] reads, so that a change undone at its instant (a packet through an idle
/// port: enqueued and dequeued at once) pushes and removes the last point without encoding a
/// point and decoding it back.
const TAIL: usize = 3;

/// A series of points in time order: all but the last few as deltas in bytes (see
/// [`Series::encode`]: about 4 B a point where three u64 columns take 24), the last (two to
/// [`TAIL`] whenever there are older ones) as they are, for [`Series::record`] to read and
/// replace.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    /// The points before the tail, each as two or three LEB128 varints: the time since the
    /// point before, the zigzag change of bytes unless it is the change of packets times
    /// `unit`, the zigzag change of packets (the first point from (0, 0, 0)). The first and
    /// the last varint carry one more bit, in their lowest: whether the change of bytes was
    /// left out, so that a point reads forwards and backwards. A varint's last byte is the
    /// only one below 0x80, so the last point starts after the third or fourth such byte from
    /// the end (see [`Series::decode_last`]).
    older: Vec<u8>,
    older_len: u32,
    /// The packet size of the first point encoded whose bytes are a whole number of packets of
    /// one size below 64 KiB (0: none yet): a queue of packets of one size changes by
    /// multiples of it, and its points leave the change of bytes out.
    unit: u16,
    /// The last point in `older` (the base of the next delta).
    older_last: Point,
    /// The last `tail_len` points (at least two whenever `older` holds any).
    tail: [Point; TAIL],
    tail_len: u16,
    /// Slot width, ns, a power of two; 0 while every change is kept.
    slot_ns: u64,
}

impl Series {
    pub const fn new() -> Series {
        Series {
            older: Vec::new(),
            older_len: 0,
            unit: 0,
            older_last: (0, 0, 0),
            tail: [(0, 0, 0); TAIL],
            tail_len: 0,
            slot_ns: 0,
        }
    }

    /// Points held.
    pub fn len(&self) -> usize {
        self.older_len as usize + self.tail_len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Heap bytes held.
    pub fn bytes(&self) -> usize {
        self.older.capacity()
    }

    /// The points as columns: times (ns), packets, bytes.
    pub fn columns(&self) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
        let points = self.points();
        (
            points.iter().map(|p| p.0).collect(),
            points.iter().map(|p| p.1).collect(),
            points.iter().map(|p| p.2).collect(),
        )
    }

    fn points(&self) -> Vec<Point> {
        let mut out = Vec::with_capacity(self.len());
        let (mut at, mut p): (usize, Point) = (0, (0, 0, 0));
        while at < self.older.len() {
            let d = self.delta(&mut at);
            p = (p.0 + d.0, p.1.wrapping_add(d.1), p.2.wrapping_add(d.2));
            out.push(p);
        }
        out.extend_from_slice(self.tail());
        out
    }

    fn tail(&self) -> &[Point] {
        &self.tail[..self.tail_len as usize]
    }

    fn last(&self) -> Option<Point> {
        self.tail().last().copied()
    }

    /// The queue holds `value` (packets, bytes) after the changes at `t` seen so far; at most
    /// `cap` points (at least 4) are kept.
    #[inline]
    pub fn record(&mut self, t: u64, value: (u64, u64), cap: usize) {
        // The two commonest changes, a packet through an idle port, inline: what `change` does
        // when they touch the tail alone.
        let n = self.tail_len as usize;
        let last = if n > 0 { self.tail[n - 1] } else { (u64::MAX, 0, 0) };
        if n > 0 && last.0 == t && (n > 2 || self.older_len == 0) {
            // Back at one instant to the point before the last (or to empty): the last point
            // goes, and none comes back from `older`.
            let before = if n >= 2 { (self.tail[n - 2].1, self.tail[n - 2].2) } else { (0, 0) };
            if value == before {
                self.tail_len -= 1;
                return;
            }
        } else if self.slot_ns == 0
            && n < TAIL
            && last.0 != t
            && (last.1, last.2) != value
            && self.len() + 1 < cap.max(4)
        {
            // A change at a new instant, every change kept, with room in the tail and under the
            // cap (an empty series' `last` is (0, 0) at no time).
            self.tail[n] = (t, value.0, value.1);
            self.tail_len += 1;
            return;
        }
        self.change(t, value, cap);
    }

    /// `record`, every case.
    #[inline(never)]
    fn change(&mut self, t: u64, value: (u64, u64), cap: usize) {
        let cap = cap.max(4);
        if self.slot_ns == 0 && self.last().is_some_and(|p| p.0 == t) {
            // Another change at the last point's instant, every change kept: the new value
            // takes the last point's place in the tail, unless it equals the point before
            // (then the last point goes, below). What removing the last point and pushing the
            // new one does (the point taken back from `older` and encoded again, the same
            // bytes), without decoding and encoding it.
            let n = self.tail_len as usize;
            let before = if n >= 2 { (self.tail[n - 2].1, self.tail[n - 2].2) } else { (0, 0) };
            if value != before {
                self.tail[n - 1] = (t, value.0, value.1);
                if self.len() >= cap {
                    self.coarsen(cap);
                }
                return;
            }
        }
        if self.last().is_some_and(|p| p.0 == t) {
            self.remove(self.tail_len as usize - 1);
        }
        let previous = self.last().map_or((0, 0), |p| (p.1, p.2));
        if value == previous {
            return;
        }
        // The last two points are in the tail whenever there are two (see `tail_len`).
        let n = self.tail_len as usize;
        // Slots are powers of two wide: two times share a slot when they differ below its width
        // (the division, without a divide).
        if self.slot_ns > 0 && self.len() >= 2 && (self.tail[n - 2].0 ^ t) < self.slot_ns {
            // The slot holds two points: keep its lowest and highest of the three.
            let (a, b) = (self.tail[n - 2].1, self.tail[n - 1].1);
            if value.0 >= a.max(b) || value.0 <= a.min(b) {
                // The new point is an extreme: drop the old point it replaces (the other extreme
                // stays), keep time order. What removing it and pushing the new point does, in
                // place in the tail.
                if (value.0 >= a.max(b)) == (a >= b) {
                    self.tail[n - 2] = self.tail[n - 1];
                }
                self.tail[n - 1] = (t, value.0, value.1);
            }
            return;
        }
        self.push((t, value.0, value.1));
        if self.len() >= cap {
            self.coarsen(cap);
        }
    }

    #[inline]
    fn push(&mut self, p: Point) {
        if self.tail_len as usize == TAIL {
            self.encode(self.tail[0]);
            self.tail.copy_within(1.., 0);
            self.tail[TAIL - 1] = p;
        } else {
            self.tail[self.tail_len as usize] = p;
            self.tail_len += 1;
        }
    }

    /// Removes the tail's point `i` and, if fewer than two remain, takes the last older point
    /// back into the tail.
    #[inline]
    fn remove(&mut self, i: usize) {
        self.tail.copy_within(i + 1..self.tail_len as usize, i);
        self.tail_len -= 1;
        if self.tail_len < 2 && self.older_len > 0 {
            self.tail.copy_within(0..self.tail_len as usize, 1);
            self.tail[0] = self.decode_last();
            self.tail_len += 1;
        }
    }

    /// Appends `p` to `older`.
    #[inline(never)]
    fn encode(&mut self, p: Point) {
        let base = self.older_last;
        let start = self.older.len();
        // A point takes at most 30 B. Grown by an eighth, not doubled: a run holds many series
        // (one per port that queued, most of them small), whose spare room would otherwise be
        // a third of them.
        if self.older.capacity() - start < 30 {
            self.older.reserve_exact(start / 8 + 32);
        }
        if self.unit == 0 && p.1 != 0 && p.2.is_multiple_of(p.1) && p.2 / p.1 <= u16::MAX as u64 {
            self.unit = (p.2 / p.1) as u16;
        }
        let (packets, bytes) = (p.1.wrapping_sub(base.1), p.2.wrapping_sub(base.2));
        let whole = self.unit != 0 && bytes == packets.wrapping_mul(self.unit as u64);
        put_flagged(&mut self.older, p.0 - base.0, whole);
        if !whole {
            put_varint(&mut self.older, zigzag(bytes));
        }
        put_flagged(&mut self.older, zigzag(packets), whole);
        self.older_last = p;
        self.older_len += 1;
    }

    /// The point at `at` in `older` as (time, packets, bytes) changes, and `at` moved past it.
    fn delta(&self, at: &mut usize) -> Point {
        let (time, whole) = flagged(&self.older, at);
        let bytes = if whole { None } else { Some(unzigzag(varint(&self.older, at))) };
        let packets = unzigzag(flagged(&self.older, at).0);
        (time, packets, bytes.unwrap_or(packets.wrapping_mul(self.unit as u64)))
    }

    /// Takes the last point out of `older`: its last varint ends `older` and says whether the
    /// point has two varints or three; each starts after the byte below 0x80 before it (or at 0).
    #[inline(never)]
    fn decode_last(&mut self) -> Point {
        let b = &self.older;
        let start_of = |end: usize| {
            let mut s = end - 1;
            while s > 0 && b[s - 1] >= 0x80 {
                s -= 1;
            }
            s
        };
        let last = start_of(b.len());
        let whole = flagged(b, &mut { last }).1;
        let start = if whole { start_of(last) } else { start_of(start_of(last)) };
        let d = self.delta(&mut { start });
        let p = self.older_last;
        self.older_last = (p.0 - d.0, p.1.wrapping_sub(d.1), p.2.wrapping_sub(d.2));
        self.older.truncate(start);
        self.older_len -= 1;
        p
    }

    /// Keeps the points of [`slots`].
    #[cold]
    fn coarsen(&mut self, cap: usize) {
        let points = slots(self.points(), &mut self.slot_ns, cap);
        *self = Series { slot_ns: self.slot_ns, ..Series::new() };
        points.into_iter().for_each(|p| self.push(p));
    }
}

/// Doubles the slots (the first: the span over a quarter of the cap, as a power of two) until
/// at most half the cap remains of `points`, each slot keeping its lowest and highest point.
fn slots(mut points: Vec<Point>, slot_ns: &mut u64, cap: usize) -> Vec<Point> {
    let span = points[points.len() - 1].0 - points[0].0;
    if *slot_ns == 0 {
        *slot_ns = (span / (cap as u64 / 4)).max(1).next_power_of_two();
    }
    loop {
        let mut kept = Vec::new();
        let mut i = 0;
        while i < points.len() {
            let slot = points[i].0 / *slot_ns;
            let (mut lo, mut hi) = (i, i);
            let mut j = i;
            while j < points.len() && points[j].0 / *slot_ns == slot {
                if points[j].1 < points[lo].1 {
                    lo = j;
                }
                if points[j].1 > points[hi].1 {
                    hi = j;
                }
                j += 1;
            }
            kept.push(points[lo.min(hi)]);
            if lo != hi {
                kept.push(points[lo.max(hi)]);
            }
            i = j;
        }
        points = kept;
        if points.len() <= cap / 2 {
            return points;
        }
        *slot_ns *= 2;
    }
}

fn zigzag(d: u64) -> u64 {
    let d = d as i64;
    ((d << 1) ^ (d >> 63)) as u64
}

fn unzigzag(z: u64) -> u64 {
    ((z >> 1) as i64 ^ -((z & 1) as i64)) as u64
}

fn put_varint(out: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        out.push(x as u8 | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// `x` and a flag as one varint of `x` x 2 + flag (65 bits: the first byte holds the flag
/// and x's low 6 bits).
fn put_flagged(out: &mut Vec<u8>, x: u64, flag: bool) {
    let first = ((x & 0x3f) << 1) as u8 | flag as u8;
    if x >> 6 == 0 {
        out.push(first);
    } else {
        out.push(first | 0x80);
        put_varint(out, x >> 6);
    }
}

/// What `put_flagged` wrote at `at`, and `at` moved past it.
fn flagged(b: &[u8], at: &mut usize) -> (u64, bool) {
    let first = b[*at];
    *at += 1;
    let low = ((first & 0x7f) >> 1) as u64;
    let x = if first < 0x80 { low } else { low | varint(b, at) << 6 };
    (x, first & 1 == 1)
}

fn varint(b: &[u8], at: &mut usize) -> u64 {
    let (mut x, mut shift) = (0u64, 0);
    loop {
        let byte = b[*at];
        *at += 1;
        x |= ((byte & 0x7f) as u64) << shift;
        if byte < 0x80 {
            return x;
        }
        shift += 7;
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
        let (t, packets, bytes) = s.columns();
        assert!(t.len() <= SERIES_CAP && t.len() >= SERIES_CAP / 4, "{}", t.len());
        assert!(t.windows(2).all(|w| w[0] < w[1]));
        // Every point is the queue as it stood at its time; the extremes survive.
        assert!(t.iter().zip(&packets).zip(&bytes).all(|((&t, &p), &b)| value(t / 10) == (p, b)));
        assert_eq!((packets.iter().max(), packets.iter().min()), (Some(&9), Some(&0)));
        // Slots are powers of two wide, wider than a tooth: every slot has both a 0 and a 9.
        assert!(s.slot_ns.is_power_of_two() && s.slot_ns >= 100);
        assert!(packets.chunks(2).all(|c| c.len() < 2 || c[0].min(c[1]) == 0 && c[0].max(c[1]) == 9));
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
        let (t, packets, _) = s.columns();
        assert!(t.windows(2).all(|w| w[0] < w[1]));
        assert_eq!((packets.iter().max(), packets.iter().min()), (Some(&9), Some(&0)));
    }

    /// The same series kept as three columns, every change (no cap), as the old layout did.
    fn plain(changes: &[(u64, u64, u64)]) -> Vec<Point> {
        let mut out: Vec<Point> = Vec::new();
        for &(t, p, b) in changes {
            if out.last().is_some_and(|l| l.0 == t) {
                out.pop();
            }
            if out.last().map_or((0, 0), |l| (l.1, l.2)) != (p, b) {
                out.push((t, p, b));
            }
        }
        out
    }

    #[test]
    fn points_round_trip_through_their_deltas() {
        // Queue changes as a FIFO's: up and down by one packet of 40..1540 B, several changes
        // at some instants (merged, the earlier popped back out of the deltas), large jumps in
        // time and bytes. Under the cap, the series is every change, exactly.
        let mut s = Series::default();
        let mut changes = Vec::new();
        let (mut t, mut p, mut b) = (0u64, 0u64, 0u64);
        for i in 0..5_000u64 {
            t += [0, 1, 1_200, 7_000_000_000][(i * 7 % 4) as usize];
            let size = 40 + (i * 7_919) % 1_500;
            if p > 0 && i % 3 == 0 {
                (p, b) = (p - 1, b.saturating_sub(size));
            } else {
                (p, b) = (p + 1, b + size + (i % 11 == 0) as u64 * (1 << 40));
            }
            changes.push((t, p, b));
            s.record(t, (p, b), SERIES_CAP);
        }
        assert_eq!(s.points(), plain(&changes));
        assert!(s.bytes() < s.len() * 24 / 2, "{} B for {} points", s.bytes(), s.len());
    }

    /// `Series::record`'s rules on a plain list of points: no tail, no deltas, the last point
    /// taken off and pushed again where the series changes it in place.
    fn plain_record(points: &mut Vec<Point>, slot_ns: &mut u64, t: u64, value: (u64, u64), cap: usize) {
        if points.last().is_some_and(|p| p.0 == t) {
            points.pop();
        }
        if points.last().map_or((0, 0), |p| (p.1, p.2)) == value {
            return;
        }
        let n = points.len();
        if *slot_ns > 0 && n >= 2 && points[n - 2].0 / *slot_ns == t / *slot_ns {
            let (a, b) = (points[n - 2].1, points[n - 1].1);
            if value.0 >= a.max(b) || value.0 <= a.min(b) {
                points.remove(if (value.0 >= a.max(b)) == (a >= b) { n - 2 } else { n - 1 });
                points.push((t, value.0, value.1));
            }
            return;
        }
        points.push((t, value.0, value.1));
        if points.len() >= cap {
            *points = slots(std::mem::take(points), slot_ns, cap);
        }
    }

    #[test]
    fn the_tail_and_deltas_hold_the_points_of_the_rules() {
        // Queues of 0 to 4 packets changing one to five times an instant (so often back to
        // the value of the point before, or to the last point's); caps of 4 (the least: two
        // points left after each cut), 7 and 64 crossed again and again, so slots keep their
        // extremes. At every step the series holds what the rules give on a plain list.
        for cap in [4, 7, 64] {
            let (mut s, mut plain, mut slot_ns) = (Series::default(), Vec::new(), 0);
            let (mut t, mut x) = (0u64, 0x2545_f491_4f6c_dd1du64);
            for _ in 0..20_000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                t += [0, 3, 40, 1_000][(x % 4) as usize];
                for i in 0..=(x >> 2) % 5 {
                    let q = (x >> (8 + 3 * i)) % 5;
                    s.record(t, (q, 1500 * q), cap);
                    plain_record(&mut plain, &mut slot_ns, t, (q, 1500 * q), cap);
                }
                assert_eq!((s.points(), s.slot_ns), (plain.clone(), slot_ns), "cap {cap}");
            }
            assert!(slot_ns > 0);
        }
    }

    #[test]
    fn changes_at_one_instant_leave_its_last_value() {
        // At each instant 10 i the queue goes up by one, then by two, then ends i % 3 above
        // where it stood (so at one instant in three where it stood before: no point), with 0,
        // 1, 2 and 3 points in the tail and in `older` before it.
        let mut s = Series::default();
        let mut changes = Vec::new();
        let mut p = 0u64;
        for i in 1..200u64 {
            for q in [p + 1, p + 3, p + i % 3] {
                changes.push((10 * i, q, 100 * q));
                s.record(10 * i, (q, 100 * q), SERIES_CAP);
            }
            p += i % 3;
            assert_eq!(s.points(), plain(&changes), "instant {i}");
        }
    }
}
