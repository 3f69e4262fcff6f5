//! RC3, "Recursively Cautious Congestion Control" (Mittal, Sherry, Ratnasamy, Shenker,
//! NSDI'14), as UPS Sec. 3.1 / Fig. 3 uses it: a flow's ordinary TCP loop sends from the start
//! at the highest priority, and a second loop (RLP, recursive low priority) sends the rest of
//! the flow at once, from its end backwards, at lower priorities, so that idle capacity is
//! used from the first RTT without taking anything from regular traffic.
//!
//! Principles:
//! - Primary loop: the NewReno sender (`newreno`) unchanged, at priority 0 (the packet's
//!   traffic class; routers serve classes by strict priority, or LSTF with slack = priority x
//!   D as UPS does).
//! - RLP: from time zero, segments (aligned to MSS from byte 0, as the primary's) go from the
//!   flow's last one backwards at line rate: one whenever nothing waits at the source's access
//!   port (the NIC serves RLP with what the host's other traffic leaves), without
//!   congestion control and never retransmitted. Counted back from the end, the first `first`
//!   segments get priority 1, the next `first` x `factor` priority 2, each level `factor`
//!   times the one before, down to priority `levels`, which takes all the rest. RLP stops for
//!   good when its next segment starts below the highest byte the primary loop has sent: the
//!   two loops have met.
//! - The receiver takes segments out of order (it buffers everything) and acknowledges each
//!   at once, cumulatively, with one SACK block (RFC 2018's first block: the segment that
//!   triggered the ACK; the packet's `sack`). The sender keeps a scoreboard of SACKed ranges
//!   above the cumulative ACK.
//! - The primary loop skips what the scoreboard holds (it is not sent again), and SACKed bytes
//!   below its next byte are not in flight (RFC 6675's pipe), so its window is not used up by
//!   what RLP delivered. What RLP sent and the receiver has not SACKed when the primary loop
//!   gets there is sent again at priority 0 (lost, or still on its way: the loops overlap by
//!   at most what RLP sends in a round trip).
//! - ACKs that only SACK a low-priority segment (the cumulative ACK does not move) are not
//!   duplicate ACKs to the primary loop: RLP's segments arrive above its holes by design and
//!   must not start fast retransmit. ACKs travel at priority 0 (the flow's class).
//!
//! Where RC3 or UPS leave a choice open (stated here, checked in the tests): the levels'
//! sizes (40, then x10, four priorities in all) are parameters; RLP fills the NIC's idle time rather
//! than handing it the whole tail at once; RC3 needs a flow of known size, so a bulk
//! (open-ended) source cannot use it.
//!
//! Invariants: `sacked` holds disjoint, sorted, non-adjacent ranges; RLP's segments are
//! distinct and all above the primary's highest byte when sent; RLP sends at most one
//! segment per call of [`Rc3::next_low`].

use crate::packet::PortId;
use crate::scenario::Rc3Spec;

/// Defaults of `Rc3Spec`.
pub const DEFAULT_LEVELS: u8 = 3;
pub const DEFAULT_FIRST: u32 = 40;
pub const DEFAULT_FACTOR: u32 = 10;

/// RC3's levels with the defaults filled in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rc3Params {
    pub levels: u8,
    pub first: u32,
    pub factor: u32,
}

impl Default for Rc3Params {
    fn default() -> Rc3Params {
        Rc3Params { levels: DEFAULT_LEVELS, first: DEFAULT_FIRST, factor: DEFAULT_FACTOR }
    }
}

impl Rc3Params {
    pub fn from_spec(spec: Option<&Rc3Spec>) -> Rc3Params {
        let d = Rc3Params::default();
        let Some(s) = spec else { return d };
        Rc3Params {
            levels: s.levels.unwrap_or(d.levels),
            first: s.first.unwrap_or(d.first),
            factor: s.factor.unwrap_or(d.factor),
        }
    }

    /// The priority (1..=levels) of the segment `k` places before the last (k = 0: the last).
    pub fn level(&self, k: u64) -> u8 {
        let (mut span, mut upto) = (self.first as u64, 0u64);
        for level in 1..self.levels {
            upto = upto.saturating_add(span);
            if k < upto {
                return level;
            }
            span = span.saturating_mul(self.factor as u64);
        }
        self.levels
    }
}

/// A source's `tcp.rc3`: levels 1 to 7, first 1 to 1000000, factor 1 to 1000, and only with
/// transport rc3. Errors are (field, message).
pub fn check(s: &Rc3Spec, transport: crate::scenario::Transport) -> Result<(), (&'static str, String)> {
    if transport != crate::scenario::Transport::Rc3 {
        return Err(("tcp.rc3", format!("rc3 options need transport rc3, not {}", transport.name())));
    }
    if s.levels.is_some_and(|l| !(1..=7).contains(&l)) {
        return Err(("tcp.rc3.levels", "must be from 1 to 7 low-priority levels".into()));
    }
    if s.first.is_some_and(|n| !(1..=1_000_000).contains(&n)) {
        return Err(("tcp.rc3.first", "must be from 1 to 1000000 segments".into()));
    }
    if s.factor.is_some_and(|f| !(1..=1000).contains(&f)) {
        return Err(("tcp.rc3.factor", "must be from 1 to 1000".into()));
    }
    Ok(())
}

/// A segment RLP sends: payload bytes [seq, seq + len) at priority `level`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LowSegment {
    pub seq: u64,
    pub len: u32,
    pub level: u8,
}

/// One RC3 flow's own state (the primary loop's is its NewReno `Sender`).
#[derive(Clone, Debug)]
pub struct Rc3 {
    params: Rc3Params,
    mss: u64,
    /// One past the flow's last byte.
    end: u64,
    /// The lowest byte RLP has sent (`end`: none yet).
    low: u64,
    /// RLP has met the primary loop (or the flow is sent): it sends nothing more.
    met: bool,
    started: bool,
    /// SACKed ranges above the cumulative ACK, [start, end).
    sacked: Vec<(u64, u64)>,
    /// The source's access port: RLP sends a segment per its transmission time there.
    pub port: PortId,
}

impl Rc3 {
    pub fn new(params: Rc3Params, size: u64, mss: u32, port: PortId) -> Rc3 {
        Rc3 { params, mss: mss as u64, end: size, low: size, met: size == 0, started: false, sacked: Vec::new(), port }
    }

    /// True the first time only: RLP starts with the flow's first window.
    pub fn start(&mut self) -> bool {
        !std::mem::replace(&mut self.started, true)
    }

    /// Payload bytes per segment.
    pub fn mss(&self) -> u64 {
        self.mss
    }

    /// Whether RLP still has segments to send.
    pub fn sending(&self) -> bool {
        !self.met
    }

    /// The lowest byte RLP has sent (the flow's end before its first segment).
    pub fn low(&self) -> u64 {
        self.low
    }

    /// RLP's next segment, given the highest byte the primary loop has sent (`snd_max`); None
    /// once the loops have met.
    pub fn next_low(&mut self, snd_max: u64) -> Option<LowSegment> {
        if self.met || self.low == 0 {
            self.met = true;
            return None;
        }
        let index = (self.low - 1) / self.mss;
        let seq = index * self.mss;
        if seq < snd_max {
            self.met = true;
            return None;
        }
        let last = (self.end - 1) / self.mss;
        let seg = LowSegment { seq, len: (self.low - seq) as u32, level: self.params.level(last - index) };
        self.low = seq;
        Some(seg)
    }

    /// An ACK arrived: cumulative `ack`, and the segment that triggered it starting at `sack`
    /// (its length: a full MSS, or the flow's last bytes). Returns whether the primary loop
    /// should see the ACK: not when it acknowledges nothing new and SACKs a segment RLP sent:
    /// RLP's segments arrive above the primary loop's holes by design, and, sent from the end
    /// backwards, never after a segment of theirs sent later, so they are no evidence of a
    /// loss. RLP's losses are sent again when the primary loop reaches them.
    pub fn on_ack(&mut self, ack: u64, sack: u64, snd_una: u64) -> bool {
        let block = (sack, (sack + self.mss).min(self.end));
        if block.0 >= ack {
            self.insert(block);
        }
        self.sacked.retain_mut(|r| {
            r.0 = r.0.max(ack);
            r.1 > r.0
        });
        ack > snd_una || sack < self.low
    }

    fn insert(&mut self, (a, b): (u64, u64)) {
        let i = self.sacked.partition_point(|r| r.1 < a);
        let mut j = i;
        let (mut lo, mut hi) = (a, b);
        while j < self.sacked.len() && self.sacked[j].0 <= hi {
            lo = lo.min(self.sacked[j].0);
            hi = hi.max(self.sacked[j].1);
            j += 1;
        }
        self.sacked.splice(i..j, [(lo, hi)]);
    }

    /// Where the primary loop's next byte should be: `nxt`, or past the SACKed range it falls
    /// in. What RLP sent and the receiver has not SACKed when the primary loop gets there is
    /// sent again (lost, or still on its way).
    pub fn skip(&self, nxt: u64) -> u64 {
        match self.sacked.iter().find(|r| r.0 <= nxt && nxt < r.1) {
            Some(r) => r.1,
            None => nxt,
        }
    }

    /// SACKed bytes in [una, nxt): held by the receiver, so not in flight.
    pub fn sacked_between(&self, una: u64, nxt: u64) -> u64 {
        self.sacked.iter().map(|r| r.1.min(nxt).saturating_sub(r.0.max(una))).sum()
    }

    /// The scoreboard, for tests.
    pub fn sacked(&self) -> &[(u64, u64)] {
        &self.sacked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_by_the_factor_back_from_the_end() {
        // first 40, factor 10, 3 levels: the last 40 segments (k = 0..39) at 1, the 400 before
        // (k = 40..439) at 2, everything before that at 3.
        let p = Rc3Params::default();
        let got: Vec<u8> = [0, 39, 40, 439, 440, 1_000_000].iter().map(|&k| p.level(k)).collect();
        assert_eq!(got, vec![1, 1, 2, 2, 3, 3]);
        // One level: all of RLP at priority 1.
        let one = Rc3Params { levels: 1, ..p };
        assert_eq!((one.level(0), one.level(10_000)), (1, 1));
        // first 2, factor 3, 4 levels: k 0-1 at 1, 2-7 at 2, 8-25 at 3, 26- at 4.
        let q = Rc3Params { levels: 4, first: 2, factor: 3 };
        let got: Vec<u8> = [1, 2, 7, 8, 25, 26].iter().map(|&k| q.level(k)).collect();
        assert_eq!(got, vec![1, 2, 2, 3, 3, 4]);
    }

    #[test]
    fn rlp_sends_from_the_tail_until_it_meets_the_primary_loop() {
        // 10 500 B in 1000 B segments: segments 0..=10, the last 500 B. Levels: first 2, x2.
        let p = Rc3Params { levels: 3, first: 2, factor: 2 };
        let mut r = Rc3::new(p, 10_500, 1000, 0);
        // The primary loop sent its initial window of 4 (snd_max 4000).
        let sent: Vec<(u64, u32, u8)> =
            std::iter::from_fn(|| r.next_low(4000)).map(|s| (s.seq, s.len, s.level)).collect();
        // From the tail: 10 000 (500 B), 9000 at priority 1; 8000..5000 at 2; 4000 at 3; then
        // 3000 is below snd_max: met.
        assert_eq!(
            sent,
            vec![
                (10_000, 500, 1),
                (9000, 1000, 1),
                (8000, 1000, 2),
                (7000, 1000, 2),
                (6000, 1000, 2),
                (5000, 1000, 2),
                (4000, 1000, 3)
            ]
        );
        assert!(!r.sending());
        assert_eq!(r.next_low(0), None, "met for good");
        assert_eq!(r.low(), 4000);
    }

    #[test]
    fn rlp_stops_where_the_primary_has_been() {
        let mut r = Rc3::new(Rc3Params::default(), 5000, 1000, 0);
        assert_eq!(r.next_low(2000).map(|s| s.seq), Some(4000));
        // The primary loop has since sent up to 4000: RLP's next (3000) is below it.
        assert_eq!(r.next_low(4000), None);
        // A flow the primary sent whole in its first window has no RLP.
        let mut w = Rc3::new(Rc3Params::default(), 3000, 1000, 0);
        assert_eq!(w.next_low(3000), None);
    }

    #[test]
    fn sack_scoreboard_skips_and_is_not_in_flight() {
        let mut r = Rc3::new(Rc3Params::default(), 10_000, 1000, 0);
        for _ in 0..6 {
            r.next_low(4000);
        }
        assert_eq!(r.low(), 4000);
        // RLP's 9000, 8000 and 6000 arrive (7000 was lost), each SACKed with ACK 2000: not
        // duplicate ACKs (their blocks are in RLP's region, at or above 4000).
        assert!(!r.on_ack(2000, 9000, 2000));
        assert!(!r.on_ack(2000, 8000, 2000));
        assert!(!r.on_ack(2000, 6000, 2000));
        assert_eq!(r.sacked(), &[(6000, 7000), (8000, 10_000)]);
        // A primary segment (3000) arriving above a hole at 2000 is a real duplicate ACK.
        assert!(r.on_ack(2000, 3000, 2000));
        assert_eq!(r.sacked(), &[(3000, 4000), (6000, 7000), (8000, 10_000)]);
        // The primary at 3000 skips the SACKed segment to 4000; it sends 4000 and 5000 (RLP's,
        // not SACKed); at 6000 it skips to 7000 (7000, lost, is sent again); at 8000 to the end.
        assert_eq!(
            (r.skip(3000), r.skip(4000), r.skip(6000), r.skip(7000), r.skip(8000)),
            (4000, 4000, 7000, 7000, 10_000)
        );
        // In [2000, 9000): 3000-4000, 6000-7000 and 8000-9000 are held: 3000 B not in flight.
        assert_eq!(r.sacked_between(2000, 9000), 3000);
        // The hole at 2000 fills: ACK 4000 is new data, and the scoreboard drops what it covers.
        assert!(r.on_ack(4000, 2000, 2000));
        assert_eq!(r.sacked(), &[(6000, 7000), (8000, 10_000)]);
        // The primary's 4000 arrives: the hole moves to 5000, new data.
        assert!(r.on_ack(5000, 4000, 4000));
        // 7000 resent and acknowledged: cumulative ACK to the end; nothing left above it.
        assert!(r.on_ack(10_000, 7000, 4000));
        assert!(r.sacked().is_empty());
    }

    #[test]
    fn adjacent_blocks_merge() {
        let mut r = Rc3::new(Rc3Params::default(), 10_000, 1000, 0);
        r.on_ack(0, 5000, 0);
        r.on_ack(0, 3000, 0);
        r.on_ack(0, 4000, 0);
        assert_eq!(r.sacked(), &[(3000, 6000)]);
        // The last, short segment's block ends at the flow's end.
        r.on_ack(0, 9000, 0);
        assert_eq!(r.sacked(), &[(3000, 6000), (9000, 10_000)]);
    }
}
