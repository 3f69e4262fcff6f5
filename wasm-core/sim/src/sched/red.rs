//! `red`: a FIFO whose arrivals RED (the `aqm::red` component; Floyd and Jacobson, IEEE/ACM
//! ToN 1993) drops or ECN-marks early, before the buffer is full.
//!
//! Principles:
//! - Enqueue: RED decides on the arrival from its average queue; a packet RED lets through
//!   is still refused when the port's buffer is full (drop-tail, reason `buffer_full`).
//! - Dequeue: the oldest packet; when the queue becomes empty RED starts its idle clock.
//! - Invariant: packets leave in arrival order; the key is the enqueue time.
//! - Shown on a queued packet: its enqueue time. State: RED's average queue, thresholds, the
//!   last mark probability and count (`aqm::red::STATE`).
//! - Parameters (Floyd and Jacobson's recommendations as defaults): `min_th` 5 packets,
//!   `max_th` 15 packets (3 x min_th), `max_p` 0.1, `w_q` 0.002, `gentle` off, `ecn` off,
//!   `small_packet` 500 B (ns-2's mean_pktsize, for the idle-time correction), `max_packet`
//!   1500 B (byte mode).

use std::collections::VecDeque;

use super::{Admission, DropReason, QueueView, Scheduler, StateView, Verdicts};
use crate::aqm::red::Red;
use crate::packet::Packet;
use crate::time::Time;
use crate::units::Buffer;

#[derive(Debug)]
pub struct RedFifo {
    queue: VecDeque<Packet>,
    bytes: u64,
    buffer: Buffer,
    red: Red,
}

impl RedFifo {
    pub fn new(buffer: Buffer, red: Red) -> RedFifo {
        RedFifo { queue: VecDeque::new(), bytes: 0, buffer, red }
    }
}

impl Scheduler for RedFifo {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        let Some(pkt) = self.red.on_arrival(now, self.queue.len(), self.bytes, pkt, v) else {
            return Admission::Refused;
        };
        if !self.buffer.fits(self.queue.len(), self.bytes, pkt.size as u64) {
            v.drop(pkt, DropReason::BufferFull);
            return Admission::Refused;
        }
        self.bytes += pkt.size as u64;
        self.queue.push_back(pkt);
        Admission::Queued { key: now.as_ns() as i64 }
    }

    fn dequeue(&mut self, now: Time, _v: &mut Verdicts) -> Option<Packet> {
        let pkt = self.queue.pop_front()?;
        self.bytes -= pkt.size as u64;
        if self.queue.is_empty() {
            self.red.on_empty(now);
        }
        Some(pkt)
    }

    fn len(&self) -> usize {
        self.queue.len()
    }

    fn bytes(&self) -> u64 {
        self.bytes
    }

    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        out.entries.extend(self.queue.iter().take(limit).map(|p| (p.id, p.enqueued_at.as_ns() as i64)));
    }

    fn state(&self, out: &mut StateView) {
        self.red.state(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::aqm::red::RedParams;
    use crate::rng::Stream;

    #[test]
    fn early_drops_come_before_the_buffer_is_full_and_are_told_apart() {
        // w_q = 1 (avg = q), min_th 2, max_th 4 packets, buffer 6 packets. Arrivals that see
        // 0 or 1 queued pass (avg < min_th); at 2, p_b = 0; at 3, p_b = 0.05, dropped at random
        // until one passes. From 4 queued (avg >= max_th) every arrival is dropped by RED
        // (reason aqm), never by the buffer (6 is never reached): 40 arrivals, 4 queued.
        let params = RedParams {
            w_q: 1.0,
            min_th: 2.0,
            max_th: 4.0,
            max_p: 0.1,
            gentle: false,
            ecn: false,
            bytes: false,
            small_packet_time: Time::ms(1),
            max_packet: 1500,
        };
        let mut s = RedFifo::new(Buffer::Packets(6), Red::new(params, Stream::new(3, 0)));
        let mut v = Verdicts::default();
        for id in 0..40 {
            s.enqueue(Time(id), Packet::new(id, 0, id, 1000, Time::ZERO), &mut v);
        }
        assert_eq!(s.len(), 4);
        assert!(v.drops.iter().all(|d| d.reason == DropReason::Aqm));
        assert_eq!(v.drops.len(), 36);
    }
}
