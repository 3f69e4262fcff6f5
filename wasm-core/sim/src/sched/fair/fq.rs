//! Fair queueing, `fq`: Demers, Keshav and Shenker (SIGCOMM'89), i.e. WFQ with equal
//! per-flow weights (a UPS Sec. 2.3 baseline). Packets are tagged with the finish time of the
//! fluid GPS system (see `gps`) and sent in order of finish tag.
//!
//! Invariant: dequeue order is ascending GPS finish tag, ties in arrival order. The key shown
//! is the finish tag in thousandths of a bit. Drop-tail (the arriving packet is refused when
//! the buffer is full; FSC's push-out-from-the-longest-queue is a different buffer policy).

use crate::packet::Packet;
use crate::sched::fair::gps::{key, Gps};
use crate::sched::parts::buffer::Limits;
use crate::sched::parts::keyed::KeyedQueue;
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, DropReason, Scheduler, Verdicts};
use crate::time::{Bandwidth, Time};
use crate::units::Buffer;
use crate::view::{KeySpec, Unit};

pub const FQ: SchedulerInfo = SchedulerInfo {
    name: "fq",
    display: "Fair queueing",
    summary: "Fair queueing (WFQ with equal weights): packets in order of their GPS finish tags.",
    reference: "Demers, Keshav, Shenker (SIGCOMM'89); UPS (Mittal et al., NSDI'16) Sec. 2.3 baseline",
    key: KeySpec { label: "finish tag", unit: Unit::Millibits },
    state: &[],
    params: &[],
    traits: Traits::KEY_ORDER.same_as("wfq"),
    source: file!(),
    build: |a| Ok(AnyScheduler::from(Fq::new(a.port.buffer, a.port.bandwidth))),
};

#[derive(Debug)]
pub struct Fq {
    q: KeyedQueue,
    gps: Gps,
    buffer: Buffer,
}

impl Fq {
    pub fn new(buffer: Buffer, bandwidth: Bandwidth) -> Fq {
        Fq { q: KeyedQueue::new(Limits::tail(Buffer::Unlimited)), gps: Gps::new(bandwidth), buffer }
    }
}

impl Scheduler for Fq {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        if !self.buffer.fits(self.q.len(), self.q.bytes(), pkt.size as u64) {
            v.drop(pkt, DropReason::BufferFull);
            return Admission::Refused;
        }
        let tag = self.gps.tag(now, pkt.flow as u64, 1.0, pkt.size as u64);
        self.q.push(key(tag), pkt, v)
    }
    forward!(q => dequeue, len, bytes, snapshot);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_does_not_lock_out_a_later_flow() {
        // Flow 0 dumps 4 packets at t=0; flow 1 sends one at t=0 too. 1000 B at 1 Gbps.
        // Tags: flow 0: 8000, 16000, 24000, 32000; flow 1: 8000. Order: f0#0, f1, f0#1, ...
        let mut s = Fq::new(Buffer::Unlimited, Bandwidth::BitsPerSec(1_000_000_000));
        let mut d = Verdicts::default();
        for id in 0..4 {
            s.enqueue(Time::ZERO, Packet::new(id, 0, id, 1000, Time::ZERO), &mut d);
        }
        s.enqueue(Time::ZERO, Packet::new(9, 1, 0, 1000, Time::ZERO), &mut d);
        let order: Vec<u64> = std::iter::from_fn(|| s.dequeue(Time::ZERO, &mut d)).map(|p| p.id).collect();
        assert_eq!(order, vec![0, 9, 1, 2, 3]);
    }
}
