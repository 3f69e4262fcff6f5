//! `codel`: a FIFO inside CoDel (RFC 8289 Sec. 5: CoDel's reference queue is a FIFO). The
//! CoDel rules are the `aqm::codel` component; this file only holds the packets.
//!
//! Principles:
//! - Enqueue: drop-tail at the port's buffer (CoDel never drops on arrival; RFC 8289 Sec. 5.4
//!   leaves the buffer limit to the queue).
//! - Dequeue: CoDel examines the oldest packet and drops (or, with `ecn`, marks) from the head.
//! - Invariant: packets that leave do so in arrival order; the key is the enqueue time.
//! - Shown on a queued packet: when its sojourn reaches `target` (enqueue time + target), a
//!   deadline the page shows against the playhead: negative once the packet has waited longer
//!   than target. State: CoDel's (`aqm::codel::STATE`).
//! - Parameters: `target` (default 5 ms), `interval` (default 100 ms), `ecn` (default off).

use std::collections::VecDeque;

use crate::aqm::codel::{self, Codel, CodelParams, CodelQueue};
use crate::packet::Packet;
use crate::params::{Default, Kind, Params, Spec};
use crate::sched::registry::{SchedulerInfo, Traits};
use crate::sched::{Admission, AnyScheduler, DropReason, QueueView, Scheduler, StateView, Verdicts};
use crate::time::Time;
use crate::units::Buffer;
use crate::view::{KeySpec, Unit};

pub const DELAY: Kind = Kind::Time { min: Time::us(1), max: Time::ms(1_000_000) };

pub const TARGET: Spec = Spec {
    name: "target",
    description: "CoDel's acceptable standing queue delay: once every packet has waited at least this long \
                  for a whole interval, CoDel starts dropping (RFC 8289 Sec. 4.3: 5 ms).",
    kind: DELAY,
    default: Default::Text("5ms"),
};

pub const INTERVAL: Spec = Spec {
    name: "interval",
    description: "CoDel's window, about a worst-case RTT: how long the delay must stay above target before \
                  the first drop; drops then come interval/sqrt(count) apart (RFC 8289 Sec. 4.2: 100 ms).",
    kind: DELAY,
    default: Default::Text("100ms"),
};

pub const ECN: Spec = Spec {
    name: "ecn",
    description: "Mark ECN-capable packets CE instead of dropping them.",
    kind: Kind::Toggle,
    default: Default::Text("off"),
};

pub fn codel_params(p: &Params) -> CodelParams {
    CodelParams { target: p.time("target"), interval: p.time("interval"), ecn: p.toggle("ecn") }
}

pub const CODEL: SchedulerInfo = SchedulerInfo {
    name: "codel",
    display: "CoDel",
    summary: "CoDel: a FIFO that drops from the head once packets have waited more than target for an interval, \
              then at a rate that grows as the square root of the drops.",
    reference: "RFC 8289 (Nichols, Jacobson, McGregor, Iyengar), Sec. 5, with Linux's re-entry rule",
    key: KeySpec { label: "time until its wait reaches target", unit: Unit::Deadline },
    state: codel::STATE,
    params: &[TARGET, INTERVAL, ECN],
    traits: Traits::KEY_ORDER,
    source: file!(),
    build: |a| Ok(AnyScheduler::from(CodelFifo::new(a.port.buffer, codel_params(a.params)))),
};

/// Packets in arrival order and their bytes: the queue of CoDel, of RED and of each FQ-CoDel flow.
// `len` mirrors `Scheduler::len`; callers never ask for emptiness.
#[allow(clippy::len_without_is_empty)]
#[derive(Debug, Default)]
pub struct Fifo {
    pub packets: VecDeque<Packet>,
    pub bytes: u64,
}

impl Fifo {
    pub fn push(&mut self, pkt: Packet) {
        self.bytes += pkt.size as u64;
        self.packets.push_back(pkt);
    }

    /// Queues `pkt` at the tail, keyed by its arrival time, if it fits `buffer`; else drops it
    /// (buffer full).
    pub fn admit(&mut self, buffer: Buffer, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        if !buffer.fits(self.packets.len(), self.bytes, pkt.size as u64) {
            v.drop(pkt, DropReason::BufferFull);
            return Admission::Refused;
        }
        self.push(pkt);
        Admission::Queued { key: now.as_ns() as i64 }
    }

    pub fn len(&self) -> usize {
        self.packets.len()
    }

    /// The first `limit` packets, each keyed by its arrival time plus `offset` ns.
    pub fn snapshot(&self, limit: usize, out: &mut QueueView, offset: i64) {
        out.entries.clear();
        out.entries.extend(self.packets.iter().take(limit).map(|p| (p.id, p.enqueued_at.as_ns() as i64 + offset)));
    }
}

impl CodelQueue for Fifo {
    fn pop(&mut self) -> Option<Packet> {
        let p = self.packets.pop_front()?;
        self.bytes -= p.size as u64;
        Some(p)
    }
    fn bytes(&self) -> u64 {
        self.bytes
    }
}

#[derive(Debug)]
pub struct CodelFifo {
    q: Fifo,
    buffer: Buffer,
    codel: Codel,
}

impl CodelFifo {
    pub fn new(buffer: Buffer, params: CodelParams) -> CodelFifo {
        CodelFifo { q: Fifo::default(), buffer, codel: Codel::new(params) }
    }

    /// Time spent in the dropping state up to `now`, and how often it was entered.
    pub fn dropping(&self, now: Time) -> (Time, u64) {
        (self.codel.stats.dropping_until(now), self.codel.stats.entries)
    }
}

impl Scheduler for CodelFifo {
    fn enqueue(&mut self, now: Time, pkt: Packet, v: &mut Verdicts) -> Admission {
        self.q.admit(self.buffer, now, pkt, v)
    }

    fn dequeue(&mut self, now: Time, v: &mut Verdicts) -> Option<Packet> {
        self.codel.dequeue(now, &mut self.q, v)
    }

    forward!(q => len, bytes);

    fn snapshot(&self, limit: usize, out: &mut QueueView) {
        self.q.snapshot(limit, out, self.codel.params.target.as_ns() as i64);
    }

    fn state(&self, out: &mut StateView) {
        self.codel.state(out);
    }

    fn aqm_report(&self, now: Time) -> Option<crate::sched::AqmReport> {
        let (dropping, entries) = self.dropping(now);
        Some(crate::sched::AqmReport { dropping_ns: dropping.as_ns(), dropping_entries: entries, slack: None })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_standing_queue_is_dropped_from_the_head_after_an_interval() {
        // 20 packets of 1000 B queued at 0, one sent per ms from 10 ms. The head has waited
        // 10 ms > 5 ms at 10 ms (first_above_time = 110 ms) and ever longer after, with more
        // than 1000 B behind it until the queue runs short: at 110 ms CoDel drops the head
        // (packet 10: packets 0..9 left at 10..19 ms, then nothing was asked until 110 ms)
        // and sends packet 11.
        let mut s =
            CodelFifo::new(Buffer::Unlimited, CodelParams { target: Time::ms(5), interval: Time::ms(100), ecn: false });
        let mut v = Verdicts::default();
        for id in 0..20 {
            s.enqueue(Time::ZERO, Packet::new(id, 0, id, 1000, Time::ZERO), &mut v);
        }
        for (i, id) in (0..10).enumerate() {
            assert_eq!(s.dequeue(Time::ms(10 + i as u64), &mut v).unwrap().id, id);
        }
        assert!(v.drops.is_empty());
        assert_eq!(s.dequeue(Time::ms(110), &mut v).unwrap().id, 11);
        assert_eq!((v.drops.len(), v.drops[0].pkt.id, v.drops[0].reason), (1, 10, DropReason::Aqm));
        let mut view = QueueView::default();
        s.snapshot(2, &mut view);
        // Shown: enqueue time + target = 5 ms.
        assert_eq!(view.entries, vec![(12, 5_000_000), (13, 5_000_000)]);
    }
}
