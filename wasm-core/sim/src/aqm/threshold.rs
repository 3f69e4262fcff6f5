//! ECN marking above a queue threshold: DCTCP's marking rule (Alizadeh et al., SIGCOMM'10,
//! Sec. 3.1: "mark if the queue occupancy is greater than K upon arrival").
//!
//! Principles:
//! - An ECN-capable (ECT) packet that arrives while the queue holds more than the threshold
//!   (packets or bytes, not counting the arriving packet) is marked CE, reason
//!   `ecn_threshold`, and then admitted or dropped by the queue as usual.
//! - Packets that are not ECT are never marked (and never dropped for it).
//! - State: none besides the threshold; the queue passes its occupancy in.

use crate::packet::{flags, Packet};
use crate::units::Buffer;
use crate::verdicts::{MarkReason, Verdicts};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EcnThreshold {
    /// Mark above this occupancy; `None`: never mark.
    pub threshold: Option<Buffer>,
}

impl EcnThreshold {
    pub fn new(threshold: Option<Buffer>) -> EcnThreshold {
        EcnThreshold { threshold }
    }

    /// `pkt` arrives at a queue holding `packets` packets of `bytes` bytes.
    pub fn on_arrival(&self, packets: usize, bytes: u64, pkt: &mut Packet, v: &mut Verdicts) {
        let above = match self.threshold {
            Some(Buffer::Packets(k)) => packets as u64 > k,
            Some(Buffer::Bytes(b)) => bytes > b,
            Some(Buffer::Unlimited) | None => false,
        };
        if above && pkt.flags & flags::ECT != 0 {
            v.mark(pkt, MarkReason::EcnThreshold);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::Time;

    #[test]
    fn marks_ect_packets_strictly_above_the_threshold() {
        // K = 2 packets: an arrival that sees 2 queued is not marked, one that sees 3 is.
        let k = EcnThreshold::new(Some(Buffer::Packets(2)));
        let mut v = Verdicts::default();
        let mut ect = Packet::new(7, 1, 0, 100, Time::ZERO).with_flags(flags::ECT);
        k.on_arrival(2, 200, &mut ect, &mut v);
        assert!(v.marks.is_empty() && ect.flags & flags::CE == 0);
        k.on_arrival(3, 300, &mut ect, &mut v);
        assert_eq!(v.marks.len(), 1);
        assert_eq!((v.marks[0].packet, v.marks[0].reason), (7, MarkReason::EcnThreshold));
        assert!(ect.flags & flags::CE != 0);
        // Not ECT: never marked.
        let mut plain = Packet::new(8, 1, 0, 100, Time::ZERO);
        k.on_arrival(30, 3000, &mut plain, &mut v);
        assert_eq!((v.marks.len(), plain.flags & flags::CE), (1, 0));
        // Bytes: above 250 B.
        let b = EcnThreshold::new(Some(Buffer::Bytes(250)));
        let mut e2 = Packet::new(9, 1, 0, 100, Time::ZERO).with_flags(flags::ECT);
        b.on_arrival(3, 250, &mut e2, &mut v);
        assert_eq!(v.marks.len(), 1);
        b.on_arrival(3, 251, &mut e2, &mut v);
        assert_eq!(v.marks.len(), 2);
    }
}
