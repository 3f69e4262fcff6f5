//! FIFO: first in, first out, with a drop-tail or drop-head buffer.
//!
//! Principles:
//! - The baseline of every seed paper (UPS Sec. 2.3 replays "FIFO" schedules; AIFO Fig. 2
//!   contrasts FIFO with PIFO).
//! - Invariant: packets leave in the order they were admitted; the key is the enqueue time.
//! - Buffer (`buffer`): `drop = "tail"` refuses an arriving packet that does not fit
//!   (drop-tail); `drop = "head"` pushes out the oldest queued packets until it fits (a packet
//!   larger than the whole buffer is still refused).
//! - ECN marking (`ecn_threshold`, default off): the `aqm::threshold` component, DCTCP's
//!   rule (an ECT arrival is marked CE when more than the threshold is queued); the buffer
//!   still drops when full.
//! - Not a goal: any notion of flows or classes; compose it under a class scheduler for that.
//! - Memory: the queue ([`Blocks`]) holds room for its current backlog, not for the longest
//!   it ever had.

use crate::aqm::threshold::EcnThreshold;
use crate::packet::Packet;
use crate::params::{Default, Kind, Spec};
use crate::sched::parts::blocks::Blocks;
use crate::sched::parts::buffer::{self, DROP_ARRIVAL, Limits, Store, Victim};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, QueueView, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::units::Buffer;
use crate::view::{KeySpec, Shape, StateSpec, Unit};

pub const FIFO: SchedulerInfo = SchedulerInfo {
    name: "fifo",
    display: "FIFO",
    summary: "First in, first out; drop-tail (or drop-head) buffer; optional ECN marking above a threshold.",
    reference: "Baseline in UPS (Mittal et al., NSDI'16) Sec. 2.3 and AIFO (Yu et al., SIGCOMM'21) Fig. 2; \
                marking as in DCTCP (Alizadeh et al., SIGCOMM'10) Sec. 3.1",
    key: KeySpec { label: "enqueue time", unit: Unit::Ns },
    state: &[
    StateSpec {
        name: "ecn threshold",
        description: "Marks ECN-capable arrivals above this many queued packets (DCTCP's K)",
        unit: Unit::Packets,
        shape: Shape::Scalar,
    },
    StateSpec {
        name: "ecn threshold (bytes)",
        description: "Marks ECN-capable arrivals above this many queued bytes",
        unit: Unit::Bytes,
        shape: Shape::Scalar,
    },
],
    params: &[
        DROP_ARRIVAL,
        Spec {
            name: "ecn_threshold",
            description: "Mark ECN-capable packets CE (instead of letting the queue grow unsignalled) when \
                          more than this is queued on arrival (DCTCP's K), e.g. \"20pkt\" or \"30KB\".",
            kind: Kind::Buffer { off: true },
            default: Default::Text("off"),
        },
    ],
    traits: Traits::KEY_ORDER,
    source: file!(),
    build: |a| {
        let fifo = Fifo::new(Limits::of(&a)).with_ecn_threshold(a.params.buffer_or_off("ecn_threshold"));
        Ok(AnyScheduler::from(fifo))
    },
};

#[derive(Debug)]
pub struct Fifo {
    queue: Blocks,
    bytes: u64,
    limits: Limits,
    marking: EcnThreshold,
}

impl Fifo {
    pub fn new(limits: Limits) -> Fifo {
        Fifo { queue: Blocks::default(), bytes: 0, limits, marking: EcnThreshold::new(None) }
    }

    /// Marks ECT packets CE when the queue holds more than `threshold` on their arrival.
    pub fn with_ecn_threshold(mut self, threshold: Option<Buffer>) -> Fifo {
        self.marking = EcnThreshold::new(threshold);
        self
    }
}

impl Scheduler for Fifo {
    fn enqueue(&mut self, now: Time, mut pkt: Packet, v: &mut Verdicts) -> Admission {
        self.marking.on_arrival(self.queue.len(), self.bytes, &mut pkt, v);
        let limits = self.limits;
        let key = now.as_ns() as i64;
        if let Err(reason) = buffer::admit(self, &limits, 0, &pkt, key, v) {
            v.drop(pkt, reason);
            return Admission::Refused;
        }
        self.bytes += pkt.size as u64;
        self.queue.push_back(pkt);
        Admission::Queued { key }
    }

    fn dequeue(&mut self, _now: Time, _v: &mut Verdicts) -> Option<Packet> {
        // Returned as popped (not unwrapped and wrapped again): one copy of the packet.
        let pkt = self.queue.pop_front();
        if let Some(p) = &pkt {
            self.bytes -= p.size as u64;
        }
        pkt
    }

    forward!(queue => len);

    fn bytes(&self) -> u64 {
        self.bytes
    }

    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        out.entries.clear();
        out.entries.extend(self.queue.iter().take(limit).map(|p| (p.id, p.enqueued_at.as_ns() as i64)));
    }

    /// The ECN marking threshold, in packets or in bytes (the other field empty; both when off).
    fn state(&self, out: &mut StateView) {
        let (packets, bytes) = match self.marking.threshold {
            Some(Buffer::Packets(k)) => (Some(k as f64), None),
            Some(Buffer::Bytes(b)) => (None, Some(b as f64)),
            _ => (None, None),
        };
        out.push(packets.as_slice());
        out.push(bytes.as_slice());
    }
}

/// One queue in arrival order, for the buffer policies.
impl Store for Fifo {
    fn totals(&self) -> (usize, u64) {
        (self.queue.len(), self.bytes)
    }
    fn oldest(&self, _q: Option<usize>) -> Option<(Victim, u64)> {
        (!self.queue.is_empty()).then_some((Victim { queue: 0, index: 0 }, 0))
    }
    fn highest(&self, _q: Option<usize>) -> Option<(Victim, i64)> {
        let last = self.queue.back()?;
        Some((Victim { queue: 0, index: self.queue.len() - 1 }, last.enqueued_at.as_ns() as i64))
    }
    fn remove(&mut self, v: Victim) -> Packet {
        let pkt = self.queue.remove(v.index).expect("a queued packet");
        self.bytes -= pkt.size as u64;
        pkt
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packet::flags::{CE, ECT};
    use crate::sched::parts::buffer::DropPolicy;
    use crate::sched::DropReason;
    use crate::verdicts::MarkReason;

    fn pkt(id: u64, size: u32) -> Packet {
        Packet::new(id, 0, id, size, Time::ZERO)
    }

    #[test]
    fn serves_in_arrival_order() {
        let mut f = Fifo::new(Limits::tail(Buffer::Unlimited));
        let mut v = Verdicts::default();
        for id in 0..3 {
            assert_eq!(f.enqueue(Time(id), pkt(id, 100), &mut v), Admission::Queued { key: id as i64 });
        }
        let order: Vec<u64> = std::iter::from_fn(|| f.dequeue(Time(9), &mut v)).map(|p| p.id).collect();
        assert_eq!(order, vec![0, 1, 2]);
        assert!(v.is_empty());
    }

    #[test]
    fn an_emptied_queue_gives_back_its_room() {
        // 100 packets queued need room for 100; once all have left, the queue keeps room for
        // KEEP only, and serves the next busy period in order as before.
        let mut f = Fifo::new(Limits::tail(Buffer::Unlimited));
        let mut v = Verdicts::default();
        for id in 0..100 {
            f.enqueue(Time(id), pkt(id, 100), &mut v);
        }
        assert!(f.queue.capacity() >= 100);
        let served: Vec<u64> = std::iter::from_fn(|| f.dequeue(Time(200), &mut v)).map(|p| p.id).collect();
        assert_eq!(served, (0..100).collect::<Vec<_>>());
        assert!(f.queue.capacity() <= crate::sched::parts::blocks::KEEP, "capacity {}", f.queue.capacity());
        for id in 100..103 {
            f.enqueue(Time(300), pkt(id, 100), &mut v);
        }
        let served: Vec<u64> = std::iter::from_fn(|| f.dequeue(Time(400), &mut v)).map(|p| p.id).collect();
        assert_eq!(served, vec![100, 101, 102]);
        assert_eq!((f.len(), f.bytes()), (0, 0));
    }

    #[test]
    fn drop_tail_refuses_what_does_not_fit() {
        // 3000 B buffer: two 1500 B packets fit, the third is refused.
        let mut f = Fifo::new(Limits::tail(Buffer::Bytes(3000)));
        let mut v = Verdicts::default();
        f.enqueue(Time(0), pkt(0, 1500), &mut v);
        f.enqueue(Time(0), pkt(1, 1500), &mut v);
        assert_eq!(f.enqueue(Time(0), pkt(2, 1500), &mut v), Admission::Refused);
        assert_eq!(v.drops.len(), 1);
        assert_eq!((v.drops[0].pkt.id, v.drops[0].reason), (2, DropReason::BufferFull));
        assert_eq!((f.len(), f.bytes()), (2, 3000));
    }

    #[test]
    fn ect_packets_are_marked_above_the_threshold() {
        // Threshold 2 packets: the 3rd arrival sees 2 queued (not above), the 4th sees 3.
        let mut f = Fifo::new(Limits::tail(Buffer::Unlimited)).with_ecn_threshold(Some(Buffer::Packets(2)));
        let mut v = Verdicts::default();
        let ect = |id| pkt(id, 100).with_flags(ECT);
        for id in 0..4 {
            f.enqueue(Time(0), ect(id), &mut v);
        }
        f.enqueue(Time(0), pkt(4, 100), &mut v);
        let marks: Vec<bool> = std::iter::from_fn(|| f.dequeue(Time(0), &mut v)).map(|p| p.flags & CE != 0).collect();
        // Packet 4 is not ECT: never marked, never dropped for it.
        assert_eq!(marks, vec![false, false, false, true, false]);
        // ...and the mark is reported with its reason, for the port to trace.
        assert_eq!(
            v.marks.iter().map(|m| (m.packet, m.reason)).collect::<Vec<_>>(),
            vec![(3, MarkReason::EcnThreshold)]
        );
        // Bytes: above 250 B queued.
        let mut f = Fifo::new(Limits::tail(Buffer::Unlimited)).with_ecn_threshold(Some(Buffer::Bytes(250)));
        for id in 0..4 {
            f.enqueue(Time(0), ect(id), &mut v);
        }
        let marks: Vec<bool> = std::iter::from_fn(|| f.dequeue(Time(0), &mut v)).map(|p| p.flags & CE != 0).collect();
        assert_eq!(marks, vec![false, false, false, true]);
    }

    #[test]
    fn drop_head_pushes_out_the_oldest() {
        let mut f = Fifo::new(Limits { policy: DropPolicy::Head, ..Limits::tail(Buffer::Bytes(3000)) });
        let mut v = Verdicts::default();
        f.enqueue(Time(0), pkt(0, 1500), &mut v);
        f.enqueue(Time(0), pkt(1, 1500), &mut v);
        assert!(matches!(f.enqueue(Time(0), pkt(2, 1500), &mut v), Admission::Queued { .. }));
        assert_eq!((v.drops[0].pkt.id, v.drops[0].reason), (0, DropReason::PushOut));
        // A packet larger than the whole buffer is refused without pushing anything out.
        assert_eq!(f.enqueue(Time(0), pkt(3, 4000), &mut v), Admission::Refused);
        assert_eq!(v.drops.len(), 2);
        let mut view = QueueView::default();
        f.snapshot(usize::MAX, &mut view);
        assert_eq!(view.entries.iter().map(|e| e.0).collect::<Vec<_>>(), vec![1, 2]);
    }
}
