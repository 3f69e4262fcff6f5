//! The TCP receiver: cumulative ACKs over out-of-order buffering, optional delayed ACKs, the
//! timestamp echo and the ECN echo. A pure state machine like the sender.
//!
//! Principles:
//! - Cumulative ACK = the next byte expected (`rcv_nxt`); segments above it are kept (the
//!   receive buffer is unbounded) and merged when the hole fills.
//! - RFC 5681 Sec. 4.2: an out-of-order or duplicate segment is acknowledged at once (a
//!   duplicate ACK), and so is a segment that fills all or part of a gap. With delayed ACKs
//!   on, in-order segments are acknowledged every second segment or when the delayed-ACK
//!   timer (a parameter; the RFC requires under 500 ms) expires; the segment that completes a
//!   finite flow is acknowledged at once (as its FIN would be).
//! - RFC 7323 timestamps: an ACK echoes the send time of the segment that triggered it (with
//!   a delayed ACK, the earlier of the two segments, so the delay is part of the sample) and
//!   whether that segment was a retransmission, so the sender applies Karn's rule per packet.
//! - ECN echo: RFC 3168 Sec. 6.1.3: after a CE-marked segment every ACK carries ECE until a
//!   segment with CWR arrives. DCTCP (Alizadeh et al. Sec. 3.1): every segment is acknowledged
//!   and its ACK carries ECE exactly when the segment was CE-marked (the paper's two-state
//!   machine degenerates to this without delayed ACKs).
//!
//! Invariant: `ooo` holds disjoint, non-adjacent byte ranges, sorted, all above `rcv_nxt`.

use super::Opt;
use crate::time::Time;

/// How CE marks are echoed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EcnEcho {
    Off,
    /// RFC 3168: ECE latched until CWR.
    Rfc3168,
    /// DCTCP: ECE per segment.
    PerPacket,
}

/// An ACK to send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ack {
    pub ack: u64,
    pub ece: bool,
    /// Send time of the segment echoed.
    pub tsecr: Time,
    /// The echoed segment was a retransmission (no RTT sample from it).
    pub retx: bool,
}

/// A data segment as the receiver sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrival {
    pub seq: u64,
    pub len: u32,
    pub ce: bool,
    pub cwr: bool,
    pub retx: bool,
    pub tsval: Time,
}

#[derive(Clone, Debug)]
pub struct Receiver {
    rcv_nxt: u64,
    ooo: Vec<(u64, u64)>,
    /// One past the flow's last byte (u64::MAX: open-ended).
    end: u64,
    /// Delayed-ACK timeout; None: every segment is acknowledged at once.
    delay: Opt<Time>,
    echo: EcnEcho,
    ece_latch: bool,
    /// An in-order segment waiting for its delayed ACK: its tsval, and whether it was a
    /// retransmission.
    pending: Opt<Time>,
    pending_retx: bool,
    deadline: Opt<Time>,
}

impl Receiver {
    pub fn new(size: Option<u64>, delay: Option<Time>, echo: EcnEcho) -> Receiver {
        Receiver {
            rcv_nxt: 0,
            ooo: Vec::new(),
            end: size.unwrap_or(u64::MAX),
            delay: if echo == EcnEcho::PerPacket { Opt::NONE } else { delay.into() },
            echo,
            ece_latch: false,
            pending: Opt::NONE,
            pending_retx: false,
            deadline: Opt::NONE,
        }
    }

    pub fn rcv_nxt(&self) -> u64 {
        self.rcv_nxt
    }

    /// When the delayed-ACK timer expires, if it runs.
    pub fn deadline(&self) -> Option<Time> {
        self.deadline.get()
    }

    /// Takes a segment; returns the ACK to send now, if any, and the bytes that became
    /// in-order (delivered to the application) with it.
    pub fn on_segment(&mut self, now: Time, s: Arrival) -> (Option<Ack>, u64) {
        let ece_now = match self.echo {
            EcnEcho::Off => false,
            EcnEcho::PerPacket => s.ce,
            EcnEcho::Rfc3168 => {
                if s.cwr {
                    self.ece_latch = false;
                }
                if s.ce {
                    self.ece_latch = true;
                }
                self.ece_latch
            }
        };
        let end = s.seq + s.len as u64;
        let immediate = |r: &mut Receiver, tsecr: Time, retx: bool| {
            r.pending = Opt::NONE;
            r.deadline = Opt::NONE;
            Some(Ack { ack: r.rcv_nxt, ece: ece_now, tsecr, retx })
        };
        if s.seq > self.rcv_nxt {
            self.insert(s.seq, end);
            return (immediate(self, s.tsval, s.retx), 0);
        }
        if end <= self.rcv_nxt {
            return (immediate(self, s.tsval, s.retx), 0);
        }
        let before = self.rcv_nxt;
        let filled_gap = !self.ooo.is_empty();
        self.rcv_nxt = end;
        while let Some(&(a, b)) = self.ooo.first() {
            if a > self.rcv_nxt {
                break;
            }
            self.rcv_nxt = self.rcv_nxt.max(b);
            self.ooo.remove(0);
        }
        let delivered = self.rcv_nxt - before;
        let complete = self.rcv_nxt >= self.end;
        let ack = match (self.delay.get(), self.pending.get()) {
            (Some(d), None) if !filled_gap && !complete => {
                (self.pending, self.pending_retx) = (Some(s.tsval).into(), s.retx);
                self.deadline = Some(now + d).into();
                None
            }
            (_, Some(ts)) => {
                let retx = self.pending_retx;
                immediate(self, ts, retx)
            }
            _ => immediate(self, s.tsval, s.retx),
        };
        (ack, delivered)
    }

    /// The delayed-ACK timer fired at `now`.
    pub fn on_timeout(&mut self, now: Time) -> Option<Ack> {
        if self.deadline.get().is_none_or(|d| d > now) {
            return None;
        }
        let tsecr = self.pending.take()?;
        let retx = self.pending_retx;
        self.deadline = Opt::NONE;
        let ece = self.echo == EcnEcho::Rfc3168 && self.ece_latch;
        Some(Ack { ack: self.rcv_nxt, ece, tsecr, retx })
    }

    fn insert(&mut self, a: u64, b: u64) {
        let i = self.ooo.partition_point(|r| r.1 < a);
        let mut lo = a;
        let mut hi = b;
        let mut j = i;
        while j < self.ooo.len() && self.ooo[j].0 <= hi {
            lo = lo.min(self.ooo[j].0);
            hi = hi.max(self.ooo[j].1);
            j += 1;
        }
        self.ooo.splice(i..j, [(lo, hi)]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(seq: u64, tsval: u64) -> Arrival {
        Arrival { seq, len: 1000, ce: false, cwr: false, retx: false, tsval: Time(tsval) }
    }

    #[test]
    fn cumulative_acks_over_a_hole() {
        let mut r = Receiver::new(Some(5000), None, EcnEcho::Off);
        assert_eq!(r.on_segment(Time(1), seg(0, 1)).0.unwrap().ack, 1000);
        // 1000 is lost; 2000 and 3000 bring duplicate ACKs of 1000 echoing their own times.
        let (a, n) = r.on_segment(Time(3), seg(2000, 3));
        assert_eq!((a.unwrap().ack, a.unwrap().tsecr, n), (1000, Time(3), 0));
        assert_eq!(r.on_segment(Time(4), seg(3000, 4)).0.unwrap().ack, 1000);
        // The retransmitted 1000 fills the hole: ACK 4000, 3000 bytes in order, flagged retx.
        let (a, n) = r.on_segment(Time(9), Arrival { retx: true, ..seg(1000, 9) });
        let a = a.unwrap();
        assert_eq!((a.ack, a.retx, n), (4000, true, 3000));
        // An old duplicate is acknowledged at once and delivers nothing.
        assert_eq!(
            r.on_segment(Time(10), seg(0, 10)),
            (Some(Ack { ack: 4000, ece: false, tsecr: Time(10), retx: false }), 0)
        );
    }

    #[test]
    fn out_of_order_ranges_merge() {
        let mut r = Receiver::new(None, None, EcnEcho::Off);
        for q in [5000, 3000, 4000, 1000, 7000] {
            r.on_segment(Time(0), seg(q, 0));
        }
        assert_eq!(r.ooo, vec![(1000, 2000), (3000, 6000), (7000, 8000)]);
        assert_eq!(r.on_segment(Time(0), seg(0, 0)).1, 2000);
        assert_eq!(r.on_segment(Time(0), seg(2000, 0)).1, 4000);
        assert_eq!(r.rcv_nxt(), 6000);
    }

    #[test]
    fn delayed_acks_every_second_segment_or_on_the_timer() {
        // 200 ms timer (RFC 5681 allows up to 500 ms).
        let mut r = Receiver::new(Some(10_000), Some(Time::ms(200)), EcnEcho::Off);
        assert_eq!(r.on_segment(Time(1), seg(0, 1)).0, None);
        assert_eq!(r.deadline(), Some(Time(1) + Time::ms(200)));
        // The second segment: ACK 2000 echoing the first segment's time.
        let a = r.on_segment(Time(2), seg(1000, 2)).0.unwrap();
        assert_eq!((a.ack, a.tsecr), (2000, Time(1)));
        assert_eq!(r.deadline(), None);
        // A lone segment waits for the timer.
        assert_eq!(r.on_segment(Time(5), seg(2000, 5)).0, None);
        assert_eq!(r.on_timeout(Time(6)), None, "too early");
        assert_eq!(r.on_timeout(Time(5) + Time::ms(200)).unwrap().ack, 3000);
        // Out of order: at once. The segment filling the gap: at once too.
        assert_eq!(r.on_segment(Time(7), seg(4000, 7)).0.unwrap().ack, 3000);
        assert_eq!(r.on_segment(Time(8), seg(3000, 8)).0.unwrap().ack, 5000);
        // The segment completing the flow: at once.
        for q in (5000..9000).step_by(1000) {
            r.on_segment(Time(9), seg(q, 9));
        }
        assert_eq!(r.on_segment(Time(10), seg(9000, 10)).0.unwrap().ack, 10_000);
    }

    #[test]
    fn ece_latches_until_cwr_and_dctcp_echoes_per_packet() {
        let mut r = Receiver::new(None, None, EcnEcho::Rfc3168);
        let ce = |q| Arrival { ce: true, ..seg(q, 0) };
        assert!(!r.on_segment(Time(0), seg(0, 0)).0.unwrap().ece);
        assert!(r.on_segment(Time(0), ce(1000)).0.unwrap().ece);
        assert!(r.on_segment(Time(0), seg(2000, 0)).0.unwrap().ece, "latched");
        assert!(!r.on_segment(Time(0), Arrival { cwr: true, ..seg(3000, 0) }).0.unwrap().ece);
        let mut d = Receiver::new(None, Some(Time::ms(200)), EcnEcho::PerPacket);
        assert!(d.on_segment(Time(0), ce(0)).0.unwrap().ece, "DCTCP acknowledges every packet");
        assert!(!d.on_segment(Time(0), seg(1000, 0)).0.unwrap().ece);
        assert!(d.on_segment(Time(0), ce(2000)).0.unwrap().ece);
    }
}
